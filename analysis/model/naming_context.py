"""A group's setting in its name: the abbreviation most of its titles say and its name does not ("LLM").

Writers name a group of papers on language models by what they do and to
what: "LLM quantization and efficient inference", "LLM safety alignment and
refusal" (52 of the 72 distinct writers' names of every panel to 2026-12-05
that say "LLM" put it first, as a modifier). Our parts name what the papers do; a
setting shared by most of them, too common in the corpus to be a part of
its own, was left out ("Quantization and efficient inference").
"""

from __future__ import annotations

import re
from functools import cache

import numpy as np

from analysis.model.abbreviations import is_abbreviation
from analysis.model.fields import fields
from analysis.model.naming_text import MAX_SHOWN_WORDS, lower_first
from analysis.model.phrase_table import PhraseTable
from analysis.model.phrases import variant_key, written_form

# A setting is in at least this share of the group's titles (its texts', in a corpus without titles) ...
CONTEXT_SHARE = 0.5
# ... and in at least this many of them.
CONTEXT_PAPERS = 3
# The last word of an abbreviation's long form that makes it a kind of model ("large language model").
ARTEFACTS = frozenset({"model", "network"})
_WORDS = re.compile(r"[a-z0-9]+")


def with_context(name: str, table: PhraseTable, rows: np.ndarray, corpus: tuple[list[str], list[str]]) -> str:
    """``name`` led by the abbreviation most of the group's titles hold, where the name does not say it.

    ``corpus`` is the group's texts and titles: the abbreviation is written
    in the case they give it. A mixed group has no setting, nor has a broad
    field of the lexicon; a name that would pass :data:`MAX_SHOWN_WORDS` words
    keeps its own.
    """
    if name.startswith("Mixed:") or len(name.replace(" and ", " ").split()) >= MAX_SHOWN_WORDS:
        return name
    if any(broad in name.lower() for broad in _broad_names()):
        return name  # a discipline ("Trustworthy and reliable machine learning") has no setting
    members, heads = corpus
    column = _setting(name, table, rows, heads or members)
    if column is None:
        return name
    # As the group writes the abbreviation, not its long form: "LLM", where titles say "Large Language Models".
    texts = [*heads, *members]
    short = sorted({table.keys[column], *(f for f in table.forms[column] if " " not in f)})
    used = {f: sum(len(re.findall(rf"\b{re.escape(f)}\b", t, re.I)) for t in texts) for f in short}
    setting = _singular(written_form(min(short, key=lambda f: (-used[f], len(f), f)), texts))
    if not is_abbreviation(setting):
        return name
    return f"{setting} {lower_first(name)}"


def _setting(name: str, table: PhraseTable, rows: np.ndarray, heads: list[str]) -> int | None:
    """The column of the abbreviation in :data:`CONTEXT_SHARE` of ``heads`` (the group's titles) ``name`` does not say.

    A title holds it where it writes one of its forms as words, a modifier
    too ("LLM Quantization", which holds no phrase "LLM"). Most titles first,
    then the longer long form ("LLM" over "LM" where as many titles hold
    both), then the key; None where there is none.
    """
    need = max(CONTEXT_PAPERS, CONTEXT_SHARE * len(heads))
    said = _read(name, table)
    counts: dict[int, int] = {}
    # Those the group's papers hold as a phrase or its titles write as a word (a modifier: "LLM agents").
    written_words = {variant_key(w) for head in heads for w in _WORDS.findall(head.lower())}
    held = set(np.flatnonzero(np.asarray(table.text[rows].sum(axis=0)).ravel()).tolist())
    held |= {table.index[w] for w in written_words if w in table.index}
    for j in sorted(held):
        if table.abbreviation(j) and _artefact(table, j) and not _says(said, table, j):
            forms = sorted({table.keys[j], *table.forms[j]})
            pattern = re.compile(r"\b(?:" + "|".join(map(_form_pattern, forms)) + r")s?\b", re.I)
            counts[j] = sum(1 for head in heads if pattern.search(head))
    found = [j for j, n in counts.items() if n >= need]
    if not found:
        return None
    return min(found, key=lambda j: (-counts[j], -len(table.long_words(j)), table.keys[j]))


def _form_pattern(form: str) -> str:
    """A lower-case form as a pattern: its words apart by spaces or hyphens ("large language models")."""
    return r"[\s-]+".join(map(re.escape, form.split()))


def _read(name: str, table: PhraseTable) -> set[str]:
    """A name's words in lower case and singular, each abbreviation's long form's words with them."""
    words: set[str] = set()
    for word in _WORDS.findall(name.lower()):
        key = variant_key(word)
        words.update({key, *table.longs.get(key, "").split()})
    return words


def _says(said: set[str], table: PhraseTable, column: int) -> bool:
    """Whether a name's words (:func:`_read`) hold the abbreviation of ``column`` or every word of its long form.

    "Large and retrieval-augmented language models" says "LLM"; "Knowledge and
    feature distillation" says "KD".
    """
    return table.keys[column] in said or set(table.long_words(column)) <= said


@cache
def _broad_names() -> tuple[str, ...]:
    """The lexicon's broad fields' names in lower case."""
    return tuple(f.name.lower() for f in fields() if f.broad)


def _artefact(table: PhraseTable, column: int) -> bool:
    """Whether an abbreviation names a kind of model, a thing a name's subject is done to or with.

    "LLM agents", "GNN explanations"; a discipline leads no name ("RL human
    feedback", "AI higher education" read wrong).
    """
    long = table.long_words(column)
    return " " not in table.keys[column] and len(long) > 1 and long[-1] in ARTEFACTS


def _singular(written_name: str) -> str:
    """An abbreviation as a modifier: "LLMs" -> "LLM" ("LLM agents", not "LLMs agents")."""
    if written_name.endswith("s") and is_abbreviation(written_name[:-1]):
        return written_name[:-1]
    return written_name
