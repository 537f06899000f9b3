"""Which phrases each paper's text and title hold: the table every group name is scored from.

Phrases are the noun phrases of :mod:`analysis.model.phrases`; their variants
share one column: plurals, hyphens, and an abbreviation with the long form the
corpus defines it as ("offline reinforcement learning" and "offline RL").
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np
from scipy import sparse

from analysis.model.abbreviations import defined_as, is_abbreviation
from analysis.model.field_table import FieldTable, field_table
from analysis.model.phrases import CONNECTORS, LETTERS, WordRoles, abbreviated, clauses_of, paper_phrases, variant_key

# An abbreviation reads a long form that this many papers hold, and that many papers use it.
MIN_PAPERS = 2
_WORD = re.compile(rf"[{LETTERS}0-9][{LETTERS}0-9-]*")
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

    def long_words(self, column: int) -> tuple[str, ...]:
        """A key's words, each abbreviation read as its long form ("snn" -> "spiking", "neural", "network")."""
        return tuple(w for word in self.keys[column].split() for w in self.longs.get(word, word).split())

    def abbreviation(self, column: int) -> bool:
        """Whether a one-word phrase is written as an abbreviation somewhere in the corpus ("LLMs", "NeRF", "3D")."""
        return self.keys[column] in self.abbreviations

    def joined_by_connector(self, column: int) -> bool:
        """Whether a phrase is joined by a connector word ("management in cloud storage").

        A connector inside a hyphenated word joins nothing: "text-to-image", "part-of-speech".
        """
        return all(CONNECTORS & set(form.split()) for form in self.forms[column])

    @cached_property
    def fields(self) -> FieldTable:
        """Which papers each field of the lexicon covers (:mod:`analysis.model.fields`)."""
        return field_table(self.keys, self.longs, self.text, self.title)


def phrase_table(texts: Sequence[str], titles: Sequence[str], boilerplate: Iterable[str]) -> PhraseTable:
    """The phrases of every paper's text and title, variants merged (word roles read from the texts)."""
    text_clauses = [clauses_of(t) for t in texts]
    title_clauses = [clauses_of(t) for t in titles]
    roles = WordRoles([words for text in text_clauses for words in text], boilerplate)
    text_sets = [paper_phrases(c, roles) for c in text_clauses]
    title_sets = [paper_phrases(c, roles) for c in title_clauses]
    abbreviations = _abbreviations(texts)
    # Each distinct phrase read once: a corpus's ~190k uses hold some ~70k phrases.
    variant = {p: variant_key(p) for p in set().union(*text_sets, *title_sets)}
    keyed = Counter(key for found in text_sets for key in {variant[p] for p in found})
    short = short_forms(keyed, abbreviations, _defined(texts))
    forms: dict[str, list[str]] = {}
    starts = frozenset(run[0] for run in short)
    key_of = {p: abbreviated(v, short, starts) for p, v in variant.items()}
    for phrase in sorted(key_of):  # one sort of all phrases leaves each key's forms in order (~85k keys)
        forms.setdefault(key_of[phrase], []).append(phrase)
    keys = sorted(forms)
    column = {k: i for i, k in enumerate(keys)}
    # Each phrase's column, found once for the texts and the titles.
    at = {p: column[k] for p, k in key_of.items()}
    text = _binary(text_sets, at, len(keys))
    title = _binary(title_sets, at, len(keys))
    # A title is part of the text: a paper holds a phrase in its text whenever its title does.
    text = ((text + title) > 0).astype(np.int32).tocsr()
    corpus = np.asarray(text.sum(axis=0)).ravel().astype(np.int64)
    longs = {v: " ".join(k) for k, v in short.items()}
    return PhraseTable(keys, [forms[k] for k in keys], text, title, corpus, abbreviations, longs)


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

    An abbreviation of the corpus (in :data:`MIN_PAPERS` papers, alone or inside a longer phrase) stands for the
    most common phrase (in as many) whose words' initials spell it and that a
    paper defines it as ("out-of-distribution (OOD)"; ties: the phrase first in order).
    A long form two abbreviations claim goes to the more common.
    """
    by_short: dict[str, list[str]] = {}
    for abbreviation, long in defined:
        if counts[long] >= MIN_PAPERS and " " in long and defined_as(abbreviation.replace("-", ""), long) == long:
            by_short.setdefault(abbreviation, []).append(long)
    short: dict[tuple[str, ...], str] = {}
    # Papers writing the abbreviation, at least: those of its most common phrase ("KV cache"), as some corpora
    # write it only inside longer phrases once defined ("key-value (KV) cache").
    inside: Counter[str] = Counter()
    for key, n in counts.items():
        for word in abbreviations.intersection(key.split()):
            inside[word] = max(inside[word], n)
    for abbreviation in sorted(abbreviations):
        letters = abbreviation.replace("-", "")
        if " " in abbreviation or inside[abbreviation] < MIN_PAPERS or not letters.isalpha():
            continue
        longs = by_short.get(abbreviation, [])
        if longs:
            run = tuple(min(longs, key=lambda k: (-counts[k], k)).split())
            # A long form read by two abbreviations is the more common one's ("RL", not "RRL").
            if run not in short or (-counts[abbreviation], abbreviation) < (-counts[short[run]], short[run]):
                short[run] = abbreviation
    return short


def _binary(found: list[set[str]], at: dict[str, int], n_columns: int) -> sparse.csr_matrix:
    """Papers x columns, 1 where the paper holds a phrase of the column (``at``: each phrase's column)."""
    rows: list[int] = []
    cols: list[int] = []
    for row, phrases in enumerate(found):
        held = {at[p] for p in phrases}
        rows.extend([row] * len(held))
        cols.extend(held)
    data = np.ones(len(rows), dtype=np.int32)
    matrix = sparse.csr_matrix((data, (rows, cols)), shape=(len(found), n_columns), dtype=np.int32)
    matrix.sort_indices()  # the same arrays whatever order a set gave the columns in
    return matrix


_TABLES: dict[str, PhraseTable] = {}


def cached_table(texts: Sequence[str], titles: Sequence[str], boilerplate: Iterable[str]) -> PhraseTable:
    """:func:`phrase_table`, kept for the last corpus: a fit names its topics, then its areas, from the same papers."""
    digest = hashlib.sha256()
    for text in (*texts, "\x1e", *titles, "\x1e", *sorted(boilerplate)):
        digest.update(text.encode("utf-8") + b"\x1f")
    key = digest.hexdigest()
    if key not in _TABLES:
        _TABLES.clear()
        _TABLES[key] = phrase_table(texts, titles, boilerplate)
    return _TABLES[key]


def forget_tables() -> None:
    """Drop the kept table: the next label step builds its own (as a cold run would)."""
    _TABLES.clear()
