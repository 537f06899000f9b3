"""The name of a small group whose papers share no subject: "Miscellaneous: A, B and C" (:mod:`analysis.model.naming`).

Readers named such a group plainly and listed a few of its papers' own
subjects ("Miscellaneous: attribution, retrieval, security"); "Mixed: A and
B" read as a subject pair of odd words. Each paper's subject is the head of
the noun phrase its title (or first sentence) opens with, and the name keeps
as many as fit two lines of the map.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from analysis.model.naming_fields import Candidate
from analysis.model.naming_subjects import same_subject
from analysis.model.naming_text import MAX_SHOWN_WORDS
from analysis.model.phrase_table import PhraseTable
from analysis.model.phrases import lexicon_readings

# What a group whose papers share no subject is called before its subjects: readers wrote "Miscellaneous: A, B, C".
MIXED = "Miscellaneous: "
# The letters of a line of the map's labels (analysis.model.labels.SHOWN_CHARS): a mixed group's name fits two.
MAP_LINE = 42


def long_words(table: PhraseTable, column: int) -> tuple[str, ...]:
    """A key's words, each abbreviation read as its long form ("snn" -> "spiking", "neural", "network")."""
    return tuple(w for word in table.keys[column].split() for w in table.longs.get(word, word).split())


def paper_subjects(table: PhraseTable, rows: np.ndarray, titles: Sequence[str], heads: bool = False) -> list[Candidate]:
    """The subjects of a small group's papers, for a group whose papers share none: up to three, distinct.

    A paper's subject is the phrase its title (or first sentence) opens with,
    the longest of those that start there ("Proteins are inherently dynamic",
    "Single-cell perturbation modeling is ..."). Given ``heads``, it is the
    head of that noun phrase (:func:`_opening_subject`): "federated learning"
    in "Conventional federated learning (FL) heavily depends on ...", "time
    series forecasting" in "While deep neural network-based long-term time
    series forecasting ...". The shortest subjects are named first (ties: the
    key), while the name keeps :data:`MAX_SHOWN_WORDS` words; heads, counted in
    letters, while the name fits the map's two lines (:func:`_fits_two_lines`).
    """
    found = []
    for row in rows.tolist():
        best = _opening_subject(table, row, titles[row]) if heads else _opening_phrase(table, row, titles[row])
        if best is not None:
            found.append(Candidate(table.keys[best], 0.0, frozenset({row}), True, long_words(table, best)))
    found.sort(key=lambda c: (_chars(table, c.key) if heads else _length(table, table.index[c.key]), c.key))
    subjects: list[Candidate] = []
    for subject in found:
        if len(subjects) == 3 or any(same_subject(subject, c) for c in subjects):
            continue
        if heads:
            fits = _fits_two_lines([_chars(table, c.key) for c in (*subjects, subject)])
        else:
            fits = sum(_length(table, table.index[c.key]) for c in (*subjects, subject)) <= MAX_SHOWN_WORDS
        if fits:
            subjects.append(subject)
    return subjects


def _chars(table: PhraseTable, key: str) -> int:
    """The letters of a phrase's shortest spelling."""
    return min(len(f) for f in table.forms[table.index[key]])


def _fits_two_lines(lengths: list[int]) -> bool:
    """Whether "NN: Miscellaneous: A, B and C" of parts this long breaks between two parts into two map lines.

    A line holds :data:`MAP_LINE` letters (the map's, :data:`analysis.model.labels.SHOWN_CHARS`).
    """
    n = len(lengths)
    head = len("NN: ") + len(MIXED)
    if n == 1:
        return head + lengths[0] <= MAP_LINE
    for cut in range(1, n):
        # "NN: Miscellaneous: A, B," / "C and D", or "NN: Miscellaneous: A, B" / "and C".
        first = head + sum(lengths[:cut]) + 2 * (cut - 1) + (1 if cut < n - 1 else 0)
        second = len("and ") + lengths[-1] if cut == n - 1 else sum(lengths[cut:]) + 2 * (n - cut - 2) + len(" and ")
        if first <= MAP_LINE and second <= MAP_LINE:
            return True
    return False


def _opening_phrase(table: PhraseTable, row: int, title: str) -> int | None:
    """The column of the longest phrase that starts where the first of a paper's title phrases does, or None."""
    own = table.title[row].indices.tolist()
    if not own:
        return None
    place = {j: _span(table.forms[j], title)[0] for j in own}
    return min(own, key=lambda j: (place[j] if place[j] >= 0 else len(title), -_length(table, j), table.keys[j]))


def _opening_subject(table: PhraseTable, row: int, title: str) -> int | None:
    """The column of a paper's subject: the head of the first noun phrase of its title, at most three words.

    The first noun phrase is the run of the title's phrases (none with a
    preposition: "attribution for vision" is two subjects) that overlap the
    first of them; its head is the phrase of two or three words ending where
    the run ends, the most common in the corpus (ties: the shorter, "federated
    learning" before "conventional federated learning", then the key). A run
    without one gives its longest phrase of at most three words.
    """
    spans = []
    for j in table.title[row].indices.tolist():
        if _PREPOSITIONS.isdisjoint(table.keys[j].split()):
            start, end = _span(table.forms[j], title)
            if start >= 0:
                spans.append((start, end, j))
    if not spans:
        return None
    spans.sort()
    run_end = spans[0][1]
    run = []
    for start, end, j in spans:
        if start >= run_end:
            break
        run.append((end, j))
        run_end = max(run_end, end)
    short = [(end, j) for end, j in run if _length(table, j) <= 3]
    heads = [j for end, j in short if end == run_end and _length(table, j) >= 2]
    if heads:
        common = max(int(table.corpus[j]) for j in heads)
        heads = sorted(
            (j for j in heads if table.corpus[j] == common), key=lambda j: (_length(table, j), table.keys[j])
        )
        # A longer head adds nouns ("time series forecasting"), not a modifier ("conventional", "clustered").
        nouns = [j for j in heads if all(_noun(w) for w in _added_words(table, j, heads[0]))]
        return nouns[-1]
    return max(short, key=lambda s: (s[0], _length(table, s[1]), table.keys[s[1]]))[1] if short else None


def _added_words(table: PhraseTable, column: int, shorter: int) -> list[str]:
    """The words a phrase's shortest spelling has before those of a shorter phrase it ends with."""
    words = min(table.forms[column], key=lambda f: (len(f.split()), f)).split()
    return words[: len(words) - _length(table, shorter)]


def _noun(word: str) -> bool:
    """Whether each part of a word (split at hyphens) can be a noun: "time", "data-set"; not "conventional"."""
    return all("NOUN" in lexicon_readings(part) for part in word.split("-"))


# Words that join two noun phrases: a phrase holding one names two subjects.
_PREPOSITIONS = frozenset({"for", "of", "with", "in", "on", "by", "from", "to", "via", "under", "at"})


def _length(table: PhraseTable, column: int) -> int:
    """The words of a phrase's shortest spelling."""
    return min(len(f.split()) for f in table.forms[column])


def _span(forms: list[str], title: str) -> tuple[int, int]:
    """Where in ``title`` (lower case, hyphens as spaces) the first of ``forms`` starts and ends, else (-1, -1)."""
    lowered = " ".join(title.lower().replace("-", " ").split())
    places = [(lowered.find(f.replace("-", " ")), len(f)) for f in forms]
    found = [(start, start + n) for start, n in places if start >= 0]
    return min(found) if found else (-1, -1)
