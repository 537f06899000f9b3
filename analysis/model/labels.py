"""How topics are put into words: the c-TF-IDF vocabulary, the ranking of each topic's terms, and its label.

c-TF-IDF (:mod:`analysis.model.ctfidf`, BERTopic's formula) weighs each term by
how much more one topic uses it than the others; what counts as a term, how
equal weights are ranked and which three terms make a label are decided here.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import ArrayLike

from analysis.model.abbreviations import defined_as, spelled_out
from analysis.model.ctfidf import BOILERPLATE
from analysis.model.phrases import lexicon_readings, phrase_counts, stem_key, written_form
from analysis.text import shorten

if TYPE_CHECKING:
    from scipy.sparse import csc_matrix

# How the label is chosen (see topic_labels): from the topic's papers alone,
# by how many of them a phrase names; no embedding, no score of the labels.
# A label phrase contains one of the topic's first TOP_TERMS c-TF-IDF terms.
TOP_TERMS = 10
# ... and is at least LIFT times as common in the topic as in the corpus: on
# the seeds "learning" (6 of 6 papers, 20 of 26) named a topic.
LIFT = 2.0
# A longer phrase replaces one inside it that it covers this share of
# ("local image" is nearly always "local image features"): no fragments.
EXTEND = 2 / 3
# One phrase whose term is in at least ALONE of the topic's papers is the
# label alone; else a second phrase joins it ("A and B") when the two reach
# COVER together; else the topic is mixed and says so ("Mixed: A, B").
ALONE = 2 / 3
COVER = 0.5
MAX_LABEL_WORDS = 5
# Two words sharing their first STEM_CHARS letters name one subject ("equivariant", "equivariance").
STEM_CHARS = 7
MAX_ACRONYM = 5
# Abbreviations are spelled out, part by part, while the map shows the label
# whole: one line of SHOWN_CHARS, or two broken between its parts (label_lines);
# "RLHF" stays in a long label.
SHOWN_CHARS = 42
# Coverage is compared at this precision (ties: more of the topic's papers,
# more words, then alphabetically).
DECIMALS = 3


def topic_labels(
    terms: dict[int, list[str]], texts: list[str], topics: ArrayLike, latin: bool = True
) -> dict[int, str]:
    """A short noun phrase per topic, from its papers and its c-TF-IDF terms, that names most of its papers.

    Candidates are the noun phrases of the topic's papers
    (:mod:`analysis.model.phrases`) in at least two of them that contain one of
    its first :data:`TOP_TERMS` c-TF-IDF terms and are :data:`LIFT` times
    as common in the topic as in the corpus; a phrase nearly always read
    inside a longer candidate gives way to it. The label is the candidate in
    most of the topic's papers when it is in at least :data:`COVER` of them;
    else "A and B" when a second phrase brings the two to :data:`COVER`; else
    "Mixed: A, B": the group has no common subject and the label says so.
    Labels are distinct across topics. Nothing is embedded.

    Args:
        terms: c-TF-IDF terms per topic, best first: the candidates for
            texts without Latin-alphabet words, and the fallback label.
        texts: Each paper's text (markup removed).
        topics: Each paper's topic.
        latin: Whether the texts have Latin-alphabet words
            (:func:`analysis.model.ctfidf.has_latin_words`, computed once per fit).
    """
    topics = np.asarray(topics)
    ids = sorted({int(t) for t in topics.tolist()})
    scored = [t for t in ids if t != -1]
    if latin:
        chosen = _choose_by_coverage(texts, topics, ids, terms)
    else:
        candidates = _term_candidates(terms, texts, topics, ids)
        named = [t for t in scored if candidates[t]]
        chosen = {t: ("one", [term]) for t, term in _first_distinct(candidates, named).items()}
    labels: dict[int, str] = {}
    for topic in ids:
        members = [texts[i] for i in np.flatnonzero(topics == topic)]
        if topic in chosen:
            labels[topic] = _written(chosen[topic], members, set(labels.values()))
        else:
            labels[topic] = "outliers" if topic == -1 else (" ".join(terms.get(topic, [])[:2]) or f"topic {topic}")
    return labels


def _written(label: tuple[str, list[str]], members: list[str], taken: set[str]) -> str:
    """The label's text from its kind ("one", "pair", "mixed") and parts, each part as the papers write it.

    Abbreviations the papers define are spelled out, part by part while
    the map shows the label whole (:func:`_fits_map`; a label that is not
    mixed within :data:`MAX_LABEL_WORDS` words), unless another topic's
    label (in ``taken``) already reads so.
    """
    kind, parts = label
    parts = [written_form(part, members) for part in parts]
    plain = _joined(kind, parts)
    for at, part in enumerate(parts):
        longer = [*parts[:at], spelled_out(part, members), *parts[at + 1 :]]
        if _fits_map(kind, longer) and (kind == "mixed" or len(_joined(kind, longer).split()) <= MAX_LABEL_WORDS):
            parts = longer
    spelled = _joined(kind, parts)
    return spelled if spelled not in taken else plain


def _joined(kind: str, parts: list[str]) -> str:
    return "Mixed: " + ", ".join(parts) if kind == "mixed" else " and ".join(parts)


def _fits_map(kind: str, parts: list[str]) -> bool:
    """Whether the map shows the label whole (:func:`label_lines`): on one line, or on two broken between its parts."""
    text = _joined(kind, parts)
    lines = label_lines(text).split("\n")
    if len(lines) == 1:
        return lines[0] == text
    return " ".join(lines) == text and (lines[0].endswith(",") or lines[1].startswith("and "))


def label_lines(label: str, limit: int = SHOWN_CHARS) -> str:
    """A topic label as the map and the notebook widget show it: one line up to ``limit`` characters, else two.

    The two lines are joined by a newline. Abbreviations are spelled out
    only while this shows the label whole (:func:`_fits_map`).

    The break goes between the label's parts (after a comma, before "and")
    where one fits, else between the words that balance the two lines;
    a line still longer than ``limit`` is shortened. A reader then sees
    "Mixed: data contamination, / safety alignment techniques" whole.
    """
    text = " ".join(str(label).split())
    words = text.split(" ")
    if len(text) <= limit or len(words) == 1:
        return shorten(text, limit)
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    between_parts = [
        (a, b) for a, b in splits if (a.endswith(",") or b.startswith("and ")) and max(len(a), len(b)) <= limit
    ]
    first, second = min(between_parts or splits, key=lambda pair: (max(len(pair[0]), len(pair[1])), len(pair[1])))
    return shorten(first, limit) + "\n" + shorten(second, limit)


def _choose_by_coverage(
    texts: list[str], topics: np.ndarray, ids: list[int], terms: dict[int, list[str]]
) -> dict[int, tuple]:
    """Per topic, ``(kind, parts)``: a phrase of its first term alone, a pair, or a mixed group's two phrases."""
    matrix, phrases = phrase_counts(texts, BOILERPLATE)
    matrix = matrix.tocsr()
    total = np.asarray(matrix.sum(axis=0)).ravel()
    lowered = [t.lower() for t in texts]
    taken: set[str] = set()  # each label's first part
    labelled: set[str] = set()
    chosen = {}
    for topic in ids:
        if topic == -1:
            continue
        rows = np.flatnonzero(topics == topic)
        members = [lowered[i] for i in rows]
        ranked = _ranked_phrases(matrix[rows].tocsc(), phrases, total, len(topics), len(ids), terms.get(topic, []))
        parts = [(phrase, papers) for phrase, papers in ranked if stem_key(phrase) not in taken] or ranked
        if not parts:
            # No phrase of two of its papers holds one of its terms: a group with no common subject,
            # named by its best phrases of any words.
            anything = _ranked_phrases(matrix[rows].tocsc(), phrases, total, len(topics), len(ids), [])
            if anything:
                chosen[topic] = ("mixed", [phrase for phrase, _ in anything[:2]])
            continue
        label = _one_pair_or_mixed(parts, len(members))
        if stem_key(ranked[0][0]) in taken:
            # Its main subject names an earlier topic: said with a second part, it stays this topic's
            # ("diffusion models and sampling", not "sampling and ordinary differential equation").
            qualified = _qualified(ranked, len(members))
            label = qualified if qualified and _key(qualified) not in labelled else label
        taken.add(stem_key(label[1][0]))
        labelled.add(_key(label))
        chosen[topic] = label
    return chosen


def _key(label: tuple[str, list[str]]) -> str:
    return stem_key(_joined(*label).lower())


def _ranked_phrases(
    members: csc_matrix, phrases: np.ndarray, total: np.ndarray, n_papers: int, n_topics: int, terms: list[str]
) -> list[tuple]:
    """Per c-TF-IDF term (best first), the topic's best phrase holding it, with the topic papers that term is in.

    Candidates are in ``min(2, size)`` of the topic's papers and :data:`LIFT`
    times as common there as in the corpus; a phrase mostly read inside a
    longer candidate gives way to it; among a term's phrases the one whose
    papers are most nearly the topic's (F1) wins, ties by more of the
    topic's papers (a narrow phrase of two papers does not win a tie against
    one of four), then more words, then alphabetically. A term's papers are
    those with any of its phrases.
    """
    size = members.shape[0]
    count = np.diff(members.indptr)
    keep = np.flatnonzero(count >= min(2, size))
    if n_topics > 1:
        lifted = keep[count[keep] * n_papers >= LIFT * total[keep] * size]
        keep = lifted if len(lifted) else keep
    words = {int(j): stem_key(str(phrases[j]).replace("-", " ")).split() for j in keep}
    # Longer candidates by each run of their words: a phrase that is mostly read inside one gives way to it.
    longer: dict[tuple, list[int]] = {}
    for j, w in words.items():
        for a in range(len(w)):
            for b in range(a + 1, len(w) + 1):
                if b - a < len(w):
                    longer.setdefault(tuple(w[a:b]), []).append(j)
    kept = [j for j, w in words.items() if not any(count[k] >= EXTEND * count[j] for k in longer.get(tuple(w), ()))]
    # F1 of "papers with the phrase" as the topic's papers: in most of them, and in few others.
    score = {j: np.round(2 * count[j] / (total[j] + size), DECIMALS) for j in kept}
    kept.sort(key=lambda j: (-score[j], -count[j], -len(words[j]), str(phrases[j])))
    if not terms:  # no c-TF-IDF terms given: each of the best phrases stands for itself
        terms = [" ".join(words[j]) for j in kept[:TOP_TERMS]]
    everywhere = set(range(size))
    answer, used = [], set()
    for term in terms[:TOP_TERMS]:
        term_words = stem_key(term.replace("-", " ")).split()
        holding = [j for j in kept if _inside(term_words, words[j])]
        if not holding or holding[0] in used:
            continue
        used.add(holding[0])
        papers = set()
        for j in holding:
            papers.update(members.indices[members.indptr[j] : members.indptr[j + 1]].tolist())
        answer.append((str(phrases[holding[0]]), frozenset(papers & everywhere)))
    return answer


def _inside(part: list[str], words: list[str]) -> bool:
    """Whether ``part`` is a run of consecutive words of ``words``."""
    return any(words[i : i + len(part)] == part for i in range(len(words) - len(part) + 1))


def _one_pair_or_mixed(parts: list[tuple[str, frozenset]], size: int) -> tuple[str, list[str]]:
    """The first phrase alone if its term covers :data:`ALONE`, else a pair covering :data:`COVER`, else mixed.

    The second phrase is the next one of :func:`_seconds` that adds papers.
    """
    best, covered = parts[0]
    if len(covered) >= ALONE * size:
        return "one", [best]
    others = _seconds(parts)
    adding = [(p, papers) for p, papers in others if papers - covered]
    if adding:
        second, papers = adding[0]
        if len(covered | papers) >= COVER * size and len(best.split()) + len(second.split()) + 1 <= MAX_LABEL_WORDS:
            return "pair", [best, second]
        return "mixed", [best, second]
    if len(covered) >= COVER * size or not others:
        return "one", [best]
    return "mixed", [best, others[0][0]]


def _qualified(parts: list[tuple[str, frozenset]], size: int) -> tuple[str, list[str]] | None:
    """The first phrase with the next one of :func:`_seconds` that fits a pair; None when none does.

    For a topic whose first phrase already names an earlier topic: the
    second phrase says what is this topic's own, whether or not it adds papers.
    """
    best, covered = parts[0]
    for second, papers in _seconds(parts):
        if len(best.split()) + len(second.split()) + 1 <= MAX_LABEL_WORDS:
            return ("pair" if len(covered | papers) >= COVER * size else "mixed"), [best, second]
    return None


def _seconds(parts: list[tuple[str, frozenset]]) -> list[tuple[str, frozenset]]:
    """The phrases after the first that do not name its subject again (:func:`_same_subject`)."""
    best = parts[0][0]
    return [(p, papers) for p, papers in parts[1:] if not _same_subject(p, best)]


def _same_subject(one: str, other: str) -> bool:
    """Whether two phrases share a word or a word's stem, or one abbreviates words of the other.

    A stem is the first :data:`STEM_CHARS` letters without hyphens ("equivariant" and
    "equivariance", "fine-tuning" and "finetuning");
    "PDE" abbreviates "differential equations" as it does "partial differential equations".
    """
    words = [stem_key(p.lower()).split() for p in (one, other)]
    if set(words[0]) & set(words[1]) or _abbreviates(one, other) or _abbreviates(other, one):
        return True
    stems = [{w.replace("-", "")[:STEM_CHARS] for w in ws if len(w) >= STEM_CHARS} for ws in words]
    return bool(stems[0] & stems[1])


def _abbreviates(short: str, phrase: str) -> bool:
    """Whether ``short`` is one word spelling the initials of a run of ``phrase``'s words, or an acronym of them.

    "LLMs" and "RL" spell initials of "large language models" and "offline
    reinforcement learning". An acronym (:data:`MAX_ACRONYM` letters at most,
    a word the English lexicon does not know) also abbreviates the phrase
    when it ends on all its initials ("PDE", "differential equations") or
    spells it as Schwartz and Hearst read a definition ("VAE", "variational
    autoencoders"); "convergence" does not abbreviate "convex optimization".
    """
    words = stem_key(phrase.lower().replace("-", " ")).split()
    token = stem_key(short.lower())
    if " " in token or len(token) < 2:
        return False
    initials = "".join(w[0] for w in words)
    if token in initials:
        return True
    if len(words) < 2 or len(token) > MAX_ACRONYM or lexicon_readings(token):
        return False
    return token.endswith(initials) or defined_as(token, " ".join(words)) is not None


def _term_candidates(
    terms: dict[int, list[str]], texts: list[str], topics: np.ndarray, ids: list[int]
) -> dict[int, list[str]]:
    """Per topic, its c-TF-IDF terms that occur in >= 2 of its papers (texts in other scripts)."""
    candidates = {}
    for topic in ids:
        members = [texts[i].lower() for i in np.flatnonzero(topics == topic)]
        shared = [t for t in terms.get(topic, []) if t and _papers_using(t, members) >= min(2, len(members))]
        candidates[topic] = _distinct_stems(shared)
    return candidates


def _distinct_stems(phrases: list[str]) -> list[str]:
    """The phrases without a later inflection of an earlier one ("skills" after "skill")."""
    seen, kept = set(), []
    for phrase in phrases:
        key = stem_key(phrase)
        if key not in seen:
            seen.add(key)
            kept.append(phrase)
    return kept


def _first_distinct(candidates: dict[int, list[str]], ids: list[int]) -> dict[int, str]:
    """Each topic's best-ranked candidate that no topic before it took."""
    taken, chosen = set(), {}
    for topic in ids:
        free = [c for c in candidates[topic] if c not in taken] or candidates[topic]
        chosen[topic] = free[0]
        taken.add(free[0])
    return chosen


def _papers_using(term: str, texts: list[str]) -> int:
    pattern = re.compile(r"\b" + r"\W+".join(map(re.escape, term.split())) + r"\b")
    return sum(1 for text in texts if pattern.search(text))
