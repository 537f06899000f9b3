"""How topics are put into words: each topic's (and area's) label, and how the map shows it.

c-TF-IDF (:mod:`analysis.model.ctfidf`, BERTopic's formula) ranks each
topic's terms; the label is named from the papers' own phrases, titles first
(:mod:`analysis.model.naming`). Texts without Latin-alphabet words are
labelled by their c-TF-IDF terms.
"""

from __future__ import annotations

import re

import numpy as np
from numpy.typing import ArrayLike

from analysis.model.ctfidf import BOILERPLATE
from analysis.model.naming import Candidate, candidates, group_names
from analysis.model.naming_nearest import Nearness, nearest_names
from analysis.model.naming_subjects import title_genres
from analysis.model.phrase_table import PhraseTable, cached_table
from analysis.model.phrases import stem_key
from analysis.text import shorten

# The map shows a label on one line of SHOWN_CHARS, or two (label_lines).
SHOWN_CHARS = 42


def topic_labels(
    terms: dict[int, list[str]],
    texts: list[str],
    topics: ArrayLike,
    latin: bool = True,
    titles: list[str] | None = None,
    topics_within: ArrayLike | None = None,
    nearness: Nearness | None = None,
) -> dict[int, str]:
    """A name per topic as a reader would write it: its papers' shared phrase, with a second subject where needed.

    Named by :func:`analysis.model.naming.group_names` from the papers'
    phrases, titles counting most; a corpus without titles (the seeds) lets
    each abstract's first sentence stand for its title. Labels are distinct
    across topics, and nothing is embedded. Topic -1 is "outliers".

    Args:
        terms: c-TF-IDF terms per topic, best first: the candidates for
            texts without Latin-alphabet words, and the fallback label.
        texts: Each paper's text (title and abstract, markup removed).
        topics: Each paper's topic (or area).
        latin: Whether the texts have Latin-alphabet words
            (:func:`analysis.model.ctfidf.has_latin_words`, computed once per fit).
        titles: Each paper's title, ``""`` where it has none (default: none).
        topics_within: Given, ``topics`` are areas and these each paper's
            topic: an area is named as :func:`analysis.model.naming.area_parts` says.
        nearness: The papers' embeddings and their encoder: a group no field covers takes
            the candidate name nearest its papers (:mod:`analysis.model.naming_nearest`).
    """
    topics = np.asarray(topics)
    ids = sorted({int(t) for t in topics.tolist()})
    scored = [t for t in ids if t != -1]
    labels: dict[int, str] = {-1: "outliers"} if -1 in ids else {}
    if latin:
        given = titles_or_first_sentences(texts, titles)
        within = None if topics_within is None else np.asarray(topics_within)
        named = group_names(texts, given, topics, BOILERPLATE, within)
        for topic in scored:
            labels[topic] = named.get(topic) or " ".join(terms.get(topic, [])[:2]) or f"topic {topic}"
        if nearness is not None:
            labels = _nearer(labels, texts, given, topics, nearness, area=topics_within is not None)
        return labels
    candidates = _term_candidates(terms, texts, topics, ids)
    chosen = _first_distinct(candidates, [t for t in scored if candidates[t]])
    for topic in scored:
        labels[topic] = chosen.get(topic) or " ".join(terms.get(topic, [])[:2]) or f"topic {topic}"
    return labels


def _nearer(
    labels: dict[int, str], texts: list[str], given: list[str], groups: np.ndarray, nearness: Nearness, area: bool
) -> dict[int, str]:
    """The labels with each weakly named group's replaced by a nearer candidate name (outliers keep theirs)."""
    table = cached_table(texts, given, {*BOILERPLATE, *title_genres(given)})
    named: dict[int, str | None] = {t: label for t, label in labels.items() if t != -1}
    near = nearest_names(named, table, groups, nearness, (texts, given), _unjoined, area)
    return {t: near.get(t) or label for t, label in labels.items()}


def _unjoined(table: PhraseTable, rows: np.ndarray) -> list[Candidate]:
    return candidates(table, rows, joined=False)


def titles_or_first_sentences(texts: list[str], titles: list[str] | None) -> list[str]:
    """The titles the labeller reads: the papers' own, or where none has one (the seeds) each first sentence.

    A paper's first sentence names its subject as a title would.
    """
    return titles if titles and any(t.strip() for t in titles) else [first_sentence(t) for t in texts]


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9])")


def first_sentence(text: str) -> str:
    """A text's first sentence (up to a full stop followed by a capital or a digit)."""
    return _SENTENCE_END.split(" ".join(text.split()), maxsplit=1)[0]


def label_lines(label: str, limit: int = SHOWN_CHARS) -> str:
    """A topic label as the map and the notebook widget show it: one line up to ``limit`` characters, else two.

    The two lines are joined by a newline.

    The break goes between the label's parts (after a comma, before "and")
    where one fits, else between the words that balance the two lines;
    a line still longer than ``limit`` is shortened. A reader then sees
    "Federated learning, differential privacy / and private inference" whole.
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
