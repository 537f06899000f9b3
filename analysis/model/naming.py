"""Names of paper groups as a reader would write them: the group's shared phrase, with a second one where needed.

Readers name a group of papers like a session of a conference: the field's
usual name for the subject, three to six words ("Offline RL and policy
optimization", "Neural radiance fields and 3D scenes"). Titles are the
densest source of such names. Every group is named from the noun phrases of
its papers (:mod:`analysis.model.phrases`), variants counted as one
("diffusion model", "diffusion models", "diffusion-models"):

* a phrase's **share** is the part of the group's papers that hold it, in the
  title counted twice (a title names what the paper is about, its abstract
  also what it uses);
* its **focus** is the part of the corpus's papers holding it that are in the
  group: "learning" is everywhere, "offline RL" in one group;
* its **score** is share times the square root of focus, a single word (not
  an abbreviation) counting :data:`ONE_WORD` of that ("agents" alone says little).

The name is the best phrase; a second phrase of another subject joins it
("A and B") when it names papers the first misses or the first is one word;
a group that no phrase covers names its two or three subjects ("A, B and C").
Every count is an integer and every score is rounded before it is compared,
ties going to the string: the same bytes on every machine.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

import numpy as np
from scipy import sparse

from analysis.model.abbreviations import defined_as, is_abbreviation, spelled_out
from analysis.model.phrases import WordRoles, clauses_of, lexicon_readings, paper_phrases, stem_key, written_form

# A phrase is a candidate in a group when at least this many of the group's papers hold it ...
MIN_PAPERS = 2
# ... and it is in at least this share of them (text or title).
MIN_SHARE = 0.05
# A title holding the phrase counts this many times as much as an abstract only.
TITLE_WEIGHT = 2
# Focus weighs as its power in the score: a field's broad name ("LLMs") loses to its group's own subject.
FOCUS_POWER = 0.75
# A one-word phrase (not an abbreviation) scores this part of its score.
ONE_WORD = 0.5
# A word alone joins a name when this share of the corpus's papers holding it is in the group ("bandits").
FOCUSED = 0.5
# A one-word best phrase gives way to a longer one holding it that scores this part of it ("regret bounds").
LONGER = 0.6
# A longer phrase replaces a shorter one inside it when it keeps this part of its papers
# ("neural radiance fields" for "radiance fields").
EXTEND = 0.6
# A second phrase joins the first when it adds this share of the group's papers ...
ADDS = 0.15
# ... and scores at least this part of the first.
SECOND = 0.35
# A second or third part has at least this share of the corpus's papers holding it in the group.
PART_FOCUS = 0.15
# A kind of the best phrase ("offline RL" of "RL") names the group beside another kind when in this share of it.
KIND_SHARE = 0.1
# A second or third part is in at least this share of the group's papers.
PART_SHARE = 0.1
# A group of at most this many papers that no phrase covers is named by its papers' own subjects.
SMALL = 8
# Below this share of the group's papers covered, a third subject is named.
COVERED = 0.5
MAX_WORDS = 7
# The name as written, its parts' words counted ("and" not).
MAX_SHOWN_WORDS = 6
# An abbreviation in this share of the corpus's papers is the field's own word ("LLM", "RL"); rarer ones
# are spelled out as the papers define them ("test-time adaptation" for "TTA").
KNOWN_ABBREVIATION = 0.01
DECIMALS = 6
MAX_ACRONYM = 5
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]*")
# "... words (ABBR)": an abbreviation in parentheses, defined by up to six words in the _BEFORE characters before.
_DEFINITION = re.compile(r"\(\s*([A-Za-z][A-Za-z0-9-]{1,9})\s*[),;]")
_BEFORE = 80


@dataclass(frozen=True)
class PhraseTable:
    """Per paper, which phrase variants its text and its title hold.

    Attributes:
        keys: One variant key per column (:func:`variant_key`), sorted.
        forms: Per column, its lower-case spellings seen in the corpus, sorted.
        text: Papers x keys, 1 where the paper's text (title and abstract) holds the phrase (CSR).
        title: Papers x keys, 1 where the paper's title holds it (CSR; all zero without titles).
        corpus: Per key, how many of the corpus's papers hold it.
        abbreviations: The keys of the words the corpus writes as abbreviations.
        longs: Each abbreviation's long form (key), where the corpus defines it.
    """

    keys: list[str]
    forms: list[list[str]]
    text: sparse.csr_matrix
    title: sparse.csr_matrix
    corpus: np.ndarray
    abbreviations: frozenset[str]
    longs: dict[str, str]

    @cached_property
    def index(self) -> dict[str, int]:
        """Each key's column."""
        return {k: i for i, k in enumerate(self.keys)}


@lru_cache(maxsize=1 << 18)
def variant_key(phrase: str) -> str:
    """The key that a phrase's variants share: lower case, hyphens as spaces, plural endings removed."""
    return stem_key(" ".join(phrase.lower().replace("-", " ").split()))


def phrase_table(texts: Sequence[str], titles: Sequence[str], boilerplate) -> PhraseTable:
    """The phrases of every paper's text and title, variants merged (word roles read from the texts)."""
    text_clauses = [clauses_of(t) for t in texts]
    title_clauses = [clauses_of(t) for t in titles]
    roles = WordRoles([words for text in text_clauses for words in text], boilerplate)
    text_sets = [paper_phrases(c, roles) for c in text_clauses]
    title_sets = [paper_phrases(c, roles) for c in title_clauses]
    abbreviations = _abbreviations(texts)
    keyed: Counter[str] = Counter()
    for found in text_sets:
        keyed.update({variant_key(p) for p in found})  # variant_key is remembered per phrase
    short = short_forms(keyed, abbreviations, _defined(texts))
    forms: dict[str, set[str]] = {}
    for phrase in {p for found in (*text_sets, *title_sets) for p in found}:
        forms.setdefault(_abbreviated(variant_key(phrase), short), set()).add(phrase)
    keys = sorted(forms)
    column = {k: i for i, k in enumerate(keys)}
    text = _binary(text_sets, column, short)
    title = _binary(title_sets, column, short)
    # A title is part of the text: a paper holds a phrase in its text whenever its title does.
    text = ((text + title) > 0).astype(np.int32).tocsr()
    corpus = np.asarray(text.sum(axis=0)).ravel().astype(np.int64)
    longs = {v: " ".join(k) for k, v in short.items()}
    return PhraseTable(keys, [sorted(forms[k]) for k in keys], text, title, corpus, abbreviations, longs)


def _abbreviations(texts: Sequence[str]) -> frozenset[str]:
    """The keys of the words the texts write as abbreviations ("LLMs", "NeRF", "3D") in most of their uses."""
    words = Counter(word for text in texts for word in _WORD.findall(text))
    uses: Counter[str] = Counter()
    short: Counter[str] = Counter()
    for word, n in words.items():
        key = variant_key(word)
        uses[key] += n
        if is_abbreviation(word) or word[:1].isdigit():
            short[key] += n
    return frozenset(k for k, n in short.items() if 2 * n > uses[k])


def _defined(texts: Sequence[str]) -> set[tuple[str, str]]:
    """The pairs (abbreviation key, long form key) the texts define: "... reinforcement learning (RL)"."""
    pairs = set()
    for text in texts:
        for match in _DEFINITION.finditer(text):
            before = _WORD.findall(text[max(0, match.start() - _BEFORE) : match.start()])[-6:]
            words = variant_key(" ".join(before)).split()
            short = variant_key(match.group(1))
            for start in range(len(words)):
                pairs.add((short, " ".join(words[start:])))
    return pairs


def short_forms(
    counts: Counter[str], abbreviations: frozenset[str], defined: set[tuple[str, str]]
) -> dict[tuple[str, ...], str]:
    """Long forms (as word runs) and the abbreviation each is read as: ("reinforcement", "learning") -> "rl".

    An abbreviation of the corpus (in :data:`MIN_PAPERS` papers) stands for the
    most common phrase (in as many) whose words' initials spell it and that a
    paper defines it as ("out-of-distribution (OOD)"; ties: the phrase first in order).
    A long form two abbreviations claim goes to the more common.
    """
    by_short: dict[str, list[str]] = {}
    for abbreviation, long in defined:
        if counts[long] >= MIN_PAPERS and " " in long and defined_as(abbreviation.replace("-", ""), long) == long:
            by_short.setdefault(abbreviation, []).append(long)
    short: dict[tuple[str, ...], str] = {}
    for abbreviation in sorted(abbreviations):
        letters = abbreviation.replace("-", "")
        if " " in abbreviation or counts[abbreviation] < MIN_PAPERS or not letters.isalpha():
            continue
        longs = by_short.get(abbreviation, [])
        if longs:
            run = tuple(min(longs, key=lambda k: (-counts[k], k)).split())
            # A long form read by two abbreviations is the more common one's ("RL", not "RRL").
            if run not in short or (-counts[abbreviation], abbreviation) < (-counts[short[run]], short[run]):
                short[run] = abbreviation
    return short


def _abbreviated(key: str, short: dict[tuple[str, ...], str]) -> str:
    """The key with each long form read as its abbreviation ("offline reinforcement learning" -> "offline rl")."""
    words = key.split()
    out, at = [], 0
    while at < len(words):
        for end in range(len(words), at + 1, -1):
            if tuple(words[at:end]) in short:
                out.append(short[tuple(words[at:end])])
                at = end
                break
        else:
            out.append(words[at])
            at += 1
    return " ".join(out)


def _binary(found: list[set[str]], column: dict[str, int], short: dict[tuple[str, ...], str]) -> sparse.csr_matrix:
    rows, cols = [], []
    known: dict[str, int] = {}
    for row, phrases in enumerate(found):
        for p in phrases:
            if p not in known:
                known[p] = column[_abbreviated(variant_key(p), short)]
        for col in sorted({known[p] for p in phrases}):
            rows.append(row)
            cols.append(col)
    data = np.ones(len(rows), dtype=np.int32)
    return sparse.csr_matrix((data, (rows, cols)), shape=(len(found), len(column)), dtype=np.int32)


@dataclass(frozen=True)
class Candidate:
    """A phrase as a group's name: its key, its score and the group's papers (row numbers) holding it."""

    key: str
    score: float
    papers: frozenset[int]
    # Whether it is a phrase of several words or an abbreviation (a bare noun joins no name: "brain and activity").
    phrase: bool
    # Its words with each abbreviation read as its long form ("llm" -> "large language model").
    words: tuple[str, ...]
    # The share of the corpus's papers holding it that are in the group.
    focus: float = 1.0


def candidates(table: PhraseTable, rows: np.ndarray) -> list[Candidate]:
    """The group's candidate phrases, best first (ties: more papers, more words, then the key)."""
    size = len(rows)
    n_papers = table.text.shape[0]
    in_text = table.text[rows]
    in_title = table.title[rows]
    text_count = np.asarray(in_text.sum(axis=0)).ravel()
    title_count = np.asarray(in_title.sum(axis=0)).ravel()
    has_titles = in_title.nnz > 0
    need = max(min(MIN_PAPERS, size), MIN_SHARE * size)
    keep = np.flatnonzero(text_count >= need)
    if has_titles and size >= 2 * MIN_PAPERS:
        # A name a title of the group holds: abstracts name methods and data, titles the subject.
        keep = keep[title_count[keep] >= 1]
    weight = TITLE_WEIGHT if has_titles else 1
    scores, focused = {}, set()
    for j in keep.tolist():
        share = (text_count[j] + (weight - 1) * title_count[j]) / (weight * size)
        focus = text_count[j] / table.corpus[j] if n_papers > size else 1.0
        score = share * focus**FOCUS_POWER
        if len(table.keys[j].split()) == 1 and not _abbreviation(table, j):
            score *= ONE_WORD
            if focus >= FOCUSED and text_count[j] >= 3:
                focused.add(j)
        scores[j] = round(float(score), DECIMALS)
    words = {j: _long_words(table, j) for j in scores}
    kept = _longest_variants(words, text_count)
    kept.sort(key=lambda j: (-scores[j], -int(text_count[j]), -len(words[j]), table.keys[j]))
    return [
        Candidate(
            table.keys[j],
            scores[j],
            _rows_holding(in_text, j),
            _abbreviation(table, j) or " " in table.keys[j] or j in focused,
            words[j],
            round(float(text_count[j] / table.corpus[j]), DECIMALS),
        )
        for j in kept
    ]


def _long_words(table: PhraseTable, column: int) -> tuple[str, ...]:
    """A key's words, each abbreviation read as its long form ("snn" -> "spiking", "neural", "network")."""
    return tuple(w for word in table.keys[column].split() for w in table.longs.get(word, word).split())


def _abbreviation(table: PhraseTable, column: int) -> bool:
    """Whether a one-word phrase is written as an abbreviation somewhere in the corpus ("LLMs", "NeRF", "3D")."""
    return table.keys[column] in table.abbreviations


def _rows_holding(matrix: sparse.csr_matrix, column: int) -> frozenset[int]:
    return frozenset(np.flatnonzero(matrix[:, column].toarray().ravel()).tolist())


def _longest_variants(words: dict[int, tuple[str, ...]], count: np.ndarray) -> list[int]:
    """The columns without a phrase that a longer candidate holding it mostly replaces ("radiance fields").

    Words are compared with abbreviations read as their long forms: "SNNs" holds "neural networks".
    """
    runs: dict[tuple[str, ...], list[int]] = {}
    for j, w in words.items():
        for a in range(len(w)):
            for b in range(a + 1, len(w) + 1):
                if b - a < len(w):
                    runs.setdefault(tuple(w[a:b]), []).append(j)
    return [j for j in words if not any(count[k] >= EXTEND * count[j] for k in runs.get(words[j], ()))]


def same_subject(one: Candidate, other: Candidate) -> bool:
    """Whether two phrases share a word, or one word's first seven letters ("equivariant", "equivariance").

    Abbreviations are read as their long forms: "LLMs" and "language models" share a subject.
    """
    a, b = set(one.words) | {one.key}, set(other.words) | {other.key}
    if any(x.startswith(y) or y.startswith(x) for x in a for y in b if min(len(x), len(y)) >= 4):
        return True  # "Adam" and "AdamW", "graph" and "graphs"
    if _acronym_of(one.key, other.words) or _acronym_of(other.key, one.words):
        return True
    if a & b:
        return True
    return bool({w[:7] for w in a if len(w) >= 7} & {w[:7] for w in b if len(w) >= 7})


def _acronym_of(short: str, words: tuple[str, ...]) -> bool:
    """Whether ``short`` is one word no dictionary knows, of at most five letters, ending on the initials of ``words``.

    "PDE" and "differential equations" name one subject even where no paper
    defines "PDE"; "convergence" and "convex optimization" do not.
    """
    if " " in short or len(short) > MAX_ACRONYM or len(words) < 2 or lexicon_readings(short):
        return False
    return short.endswith("".join(w[0] for w in words))


def choose(ranked: list[Candidate], size: int, taken: set[str]) -> list[Candidate]:
    """The parts of a group's name: its best phrase, with a second or third subject where it needs them.

    ``taken`` holds the keys other groups are named by alone: a group whose
    best phrase names another group says what is its own with a second part.
    """
    if not ranked:
        return []
    ranked = _longer_first(ranked)
    head = ranked[0]
    kinds = _kinds_of(head, ranked, size)
    if len(kinds) >= 2:
        return kinds  # "Multi-agent and deep RL" for a group of RL papers of those two kinds
    others = [c for c in ranked[1:] if not same_subject(c, head) or _tail_pair(c, head)]
    if head.key in taken:
        # Another group is named by this subject alone: this one says what is its own beside it.
        own = [c for c in others if c.phrase]
        if own:
            return [head, own[0]]
        free = [c for c in ranked if c.key not in taken]
        if free:
            return choose(free, size, taken)
    parts = [head]
    for other in others:
        if len(parts) == 3 or sum(len(p.key.split()) for p in parts) + len(other.key.split()) > MAX_WORDS - 1:
            break
        # A one-word head takes a weaker second part: a word alone ("Position") names little.
        floor = SECOND * head.score / (2 if len(head.words) == 1 and len(parts) == 1 else 1)
        if not _needs_more(parts, other, size) or other.score < floor:
            break
        if _joins(other, parts, size):
            parts.append(other)
        if len(set().union(*(p.papers for p in parts))) >= COVERED * size and len(parts) == 2:
            break
    return parts


def _joins(other: Candidate, parts: list[Candidate], size: int) -> bool:
    """Whether ``other`` may join a name of ``parts``: a phrase of another subject in :data:`PART_SHARE` of the group.

    Its papers are at least :data:`PART_FOCUS` of the corpus's holding it: "machine learning" joins no name.
    Another kind of the same thing counts as another subject ("audio" and "music generation").
    """
    if any(same_subject(other, p) and not _tail_pair(other, p) for p in parts):
        return False
    return other.phrase and len(other.papers) >= PART_SHARE * size and other.focus >= PART_FOCUS


def _kinds_of(head: Candidate, ranked: list[Candidate], size: int) -> list[Candidate]:
    """Two phrases that are kinds of the best one, each in :data:`KIND_SHARE` of the group ("deep RL" of "RL").

    Empty unless two such phrases with different modifiers exist: the name
    then says both kinds, which readers wrote for a broad subject's subgroup.
    """
    n = len(head.words)
    kinds: list[Candidate] = []
    for c in ranked:
        if len(c.words) <= n or c.words[-n:] != head.words or not c.phrase or len(c.papers) < KIND_SHARE * size:
            continue
        if not any(set(c.words[:-n]) & set(k.words[:-n]) for k in kinds):
            kinds.append(c)
        if len(kinds) == 2:
            break
    return kinds if len(kinds) == 2 else []


def _tail_pair(one: Candidate, other: Candidate) -> bool:
    """Whether two phrases share only their last words, each with its own modifier ("audio" and "music generation")."""
    n = 0
    while n < min(len(one.words), len(other.words)) and one.words[-1 - n] == other.words[-1 - n]:
        n += 1
    if n == 0 or n >= len(one.words) or n >= len(other.words):
        return False
    return not set(one.words[:-n]) & set(other.words[:-n])


def _longer_first(ranked: list[Candidate]) -> list[Candidate]:
    """The ranking with a one-word best phrase after a longer one holding it that scores near it ("regret bounds")."""
    head = ranked[0]
    if len(head.key.split()) == 1:
        longer = [c for c in ranked[1:] if head.key in c.key.split() and c.score >= LONGER * head.score]
        if longer:
            return [longer[0], *(c for c in ranked if c is not longer[0])]
    return ranked


def _needs_more(parts: list[Candidate], other: Candidate, size: int) -> bool:
    """Whether a name of ``parts`` needs another part.

    It does when it covers under :data:`COVERED` of the group, or is one word
    alone, or ``other`` adds :data:`ADDS` of the group's papers to it.
    """
    covered = set().union(*(p.papers for p in parts))
    if len(covered) < COVERED * size:
        return True
    return len(parts) == 1 and (len(parts[0].key.split()) == 1 or len(other.papers - covered) >= ADDS * size)


def written(parts: list[Candidate], table: PhraseTable, members: list[str], titles: list[str], corpus_size: int) -> str:
    """The name as the group's papers write its parts: "A", "A and B" or "A, B and C", its first letter a capital."""
    shown: list[str] = []
    for part in parts:
        text = _written_part(part.key, table, members, titles, corpus_size)
        if text.lower() not in {s.lower() for s in shown}:  # "ViT" and "vision transformer" may read alike
            shown.append(text)
    shown = _merged_tails(shown)
    while len(shown) > 1 and sum(len(s.split()) for s in shown) > MAX_SHOWN_WORDS:
        shown.pop()  # a spelled-out abbreviation made the name long: the last part gives way
    text = shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]
    return text[:1].upper() + text[1:] if not text[:1].isupper() else text


def _written_part(key: str, table: PhraseTable, members: list[str], titles: list[str], corpus_size: int) -> str:
    column = table.index[key]
    forms = table.forms[column]
    # The spelling most of the group's titles use, then its texts (plural or singular, "RL" or its long
    # form); ties: the longer (spelled out), then alphabetically.
    counted = {f: (_uses(f, titles), _uses(f, members)) for f in forms}
    best = min(forms, key=lambda f: (-counted[f][0], -counted[f][1], -len(f.split()), f))
    # Title case says nothing of a word's case: it is read in the abstracts, after their titles.
    bodies = [
        m[len(t) :] if t and m.startswith(t) else m for m, t in zip(members, titles or [""] * len(members), strict=True)
    ]
    shown = " ".join(_case(w, bodies) for w in written_form(best, [*titles, *members]).split())
    rare = [
        w for w in shown.split() if is_abbreviation(w) and _corpus_count(table, w) < KNOWN_ABBREVIATION * corpus_size
    ]
    if rare:
        shown = spelled_out(shown, members)
    return shown


def _merged_tails(shown: list[str]) -> list[str]:
    """The first two parts as one where they end alike ("audio generation", "music generation").

    They read "audio and music generation".
    """
    if len(shown) < 2:
        return shown
    a, b = shown[0].split(), shown[1].split()
    n = 0
    while n < min(len(a), len(b)) - 1 and a[-1 - n].lower() == b[-1 - n].lower():
        n += 1
    if n == 0:
        return shown
    return [" ".join(a[:-n]) + " and " + " ".join(b), *shown[2:]]


def _uses(form: str, texts: list[str]) -> int:
    """How many texts hold ``form`` as whole words (case ignored)."""
    pattern = re.compile(r"\b" + r"\s+".join(map(re.escape, form.split())) + r"\b", re.IGNORECASE)
    return sum(1 for t in texts if pattern.search(t))


def _corpus_count(table: PhraseTable, word: str) -> int:
    column = table.index.get(variant_key(word))
    return 0 if column is None else int(table.corpus[column])


def group_names(
    texts: Sequence[str],
    titles: Sequence[str] | None,
    groups: np.ndarray,
    boilerplate,
    topics: np.ndarray | None = None,
) -> dict[int, str | None]:
    """Each group's name (None where no phrase of two of its papers qualifies); group -1 is not named.

    Larger groups are named first (ties: the lower id), so that a subject two
    groups share names the larger alone and the smaller says what is its own.
    Names are distinct. Given ``topics`` (each paper's topic, finer than its
    group), the groups are areas and are named by :func:`area_parts`.
    """
    table = _cached_table(texts, titles if titles is not None else [""] * len(texts), boilerplate)
    ids = sorted({int(g) for g in groups.tolist()} - {-1})
    sizes = {g: int((groups == g).sum()) for g in ids}
    taken: set[str] = set()
    names: dict[int, str | None] = {}
    for group in sorted(ids, key=lambda g: (-sizes[g], g)):
        rows = np.flatnonzero(groups == group)
        members = [texts[int(i)] for i in rows]
        heads = [titles[int(i)] for i in rows] if titles is not None else []
        if topics is not None:
            parts = area_parts(table, rows, topics)
            names[group] = written(parts, table, members, heads, len(texts)) if parts else None
            continue
        ranked = candidates(table, rows)
        parts = choose(ranked, len(rows), taken)
        if len(rows) <= SMALL and not any(p.phrase and len(p.papers) >= COVERED * len(rows) for p in parts):
            parts = paper_subjects(table, rows, texts, titles if titles is not None else texts) or parts
        name = written(parts, table, members, heads, len(texts)) if parts else None
        if name is not None and name.lower() in {n.lower() for n in names.values() if n}:
            longer = choose(ranked, len(rows), taken | {parts[0].key})
            name = written(longer, table, members, heads, len(texts))
        if parts:
            taken.add(parts[0].key)
        names[group] = name
    return names


def paper_subjects(
    table: PhraseTable, rows: np.ndarray, texts: Sequence[str], titles: Sequence[str]
) -> list[Candidate]:
    """The subjects of a small group's papers, for a group whose papers share none: up to three, distinct.

    A paper's subject is the phrase its title (or first sentence) opens with,
    the longest of those that start there ("Proteins are inherently dynamic",
    "Single-cell perturbation modeling is ..."). The shortest subjects are
    named first (ties: the key), while the name keeps :data:`MAX_SHOWN_WORDS` words.
    """
    found = []
    for row in rows.tolist():
        own = table.title[row].indices.tolist()
        if own:
            best = min(own, key=lambda j: (_at(table.forms[j], titles[row]), -_length(table, j), table.keys[j]))
            found.append(Candidate(table.keys[best], 0.0, frozenset({row}), True, _long_words(table, best)))
    found.sort(key=lambda c: (_length(table, table.index[c.key]), c.key))
    subjects: list[Candidate] = []
    for subject in found:
        words = sum(_length(table, table.index[c.key]) for c in (*subjects, subject))
        if len(subjects) < 3 and words <= MAX_SHOWN_WORDS and not any(same_subject(subject, c) for c in subjects):
            subjects.append(subject)
    return subjects


def _length(table: PhraseTable, column: int) -> int:
    """The words of a phrase's shortest spelling."""
    return min(len(f.split()) for f in table.forms[column])


def _at(forms: list[str], title: str) -> int:
    """Where in ``title`` the first of ``forms`` starts (its length where none is found)."""
    lowered = " ".join(title.lower().replace("-", " ").split())
    places = [lowered.find(f.replace("-", " ")) for f in forms]
    return min([p for p in places if p >= 0], default=len(lowered))


_TABLES: dict[str, PhraseTable] = {}


def _cached_table(texts: Sequence[str], titles: Sequence[str], boilerplate) -> PhraseTable:
    """:func:`phrase_table`, kept for the last corpus: a fit names its topics, then its areas, from the same papers."""
    digest = hashlib.sha256()
    for text in (*texts, "\x1e", *titles, "\x1e", *sorted(boilerplate)):
        digest.update(text.encode("utf-8") + b"\x1f")
    key = digest.hexdigest()
    if key not in _TABLES:
        _TABLES.clear()
        _TABLES[key] = phrase_table(texts, titles, boilerplate)
    return _TABLES[key]


def area_parts(table: PhraseTable, rows: np.ndarray, topics: np.ndarray) -> list[Candidate]:
    """The parts of an area's name: what most of its papers share, else the subjects of its largest topics.

    An area is a group of topics. A phrase in at least :data:`COVERED` of its
    papers names it as it would name a topic (:func:`choose`); else the subjects of
    its largest topics (at least :data:`PART_SHARE` of the area each) name it,
    up to three ("Graph neural networks, fairness and explanations").
    """
    size = len(rows)
    ranked = candidates(table, rows)
    own = [int(t) for t in topics[rows].tolist()]
    order = sorted(set(own), key=lambda t: (-own.count(t), t))
    subjects: list[Candidate] = []
    for topic in order:
        if own.count(topic) < PART_SHARE * size:
            break
        parts = choose(candidates(table, np.flatnonzero(topics == topic)), own.count(topic), set())
        if parts and parts[0].phrase and not any(same_subject(parts[0], s) for s in subjects):
            subjects.append(parts[0])
    named = choose(ranked, size, set())
    if named and len(named[0].papers) >= COVERED * size and named[0].phrase:
        return named  # as a topic is named
    return subjects[:3] or named


def _case(word: str, texts: list[str]) -> str:
    """A word of a title in the case a sentence gives it: "Salient" -> "salient", "Langevin" stays.

    A capitalised word stays so when the texts write it so inside sentences
    more often than in lower case (names: "Langevin", "Wasserstein").
    """
    if not word[:1].isupper() or is_abbreviation(word) or any(p[1:] != p[1:].lower() for p in word.split("-")):
        return word
    return word if _capitalised_inside(word, texts) else word.lower()


def _capitalised_inside(word: str, texts: list[str]) -> bool:
    """Whether the texts write ``word`` capitalised after a lower-case word more often than in lower case."""
    inside = re.compile(r"[a-z,] " + re.escape(word) + r"\b")
    lower = re.compile(r"\b" + re.escape(word.lower()) + r"\b")
    return sum(len(inside.findall(t)) for t in texts) > sum(len(lower.findall(t)) for t in texts)
