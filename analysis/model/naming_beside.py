"""A topic whose field names a larger topic: the field, and beside it what the topic's own papers share.

Names are distinct, so of two topics of one field ("Exoskeletons, prosthetics
and rehabilitation") only the larger is named by it. The other was named by
phrases of a few of its papers ("Hip extension and portable soft exosuit",
"Stationary points"), and blind readers rated such names low: the 111 judged
topics whose field named another and whose phrases covered under half of
them averaged 2.9 of 5, 28% of them poor (every panel in bench/ to
2026-12-05). Readers wrote the field with what sets the topic apart ("LLM
agents and multi-agent communication" beside "LLM reasoning and theorem
proving"): such a topic is named "<field> and <its own phrase>"
("Exoskeletons and hip extension").
"""

from __future__ import annotations

import numpy as np

from analysis.model.naming_fields import Candidate, FieldCandidate, covered_count, field_candidates
from analysis.model.naming_subjects import same_word
from analysis.model.naming_text import MAX_SHOWN_WORDS, lower_first, written
from analysis.model.naming_weights import COVERED, FIELD_SHARE, PART_FOCUS, PART_SHARE, SMALL
from analysis.model.phrase_table import PhraseTable


def beside_taken(
    table: PhraseTable,
    ranked: list[Candidate],
    parts: list[Candidate],
    rows: np.ndarray,
    group: tuple[list[str], list[str], int],
    used: set[str],
) -> str | None:
    """The name "<field> and <own phrase>" for a topic whose field another topic is named by, or None.

    ``group`` is the topic's abstracts, its titles and the corpus's size, as
    :func:`analysis.model.naming_text.written` writes the phrase; ``used`` the
    names of the larger topics.
    """
    chosen = _field_and_phrase(table, ranked, parts, rows, used)
    if chosen is None:
        return None
    members, titles, corpus_size = group
    name = f"{chosen[0]} and {lower_first(written([chosen[1].key], table, members, titles, corpus_size))}"
    return None if name.lower() in used else name


def _field_and_phrase(
    table: PhraseTable, ranked: list[Candidate], parts: list[Candidate], rows: np.ndarray, used: set[str]
) -> tuple[str, Candidate] | None:
    """The field's short name and the phrase beside it, or None.

    Only where the field is the topic's best (in :data:`FIELD_SHARE` of it,
    not broad) and a larger topic's name, and the topic's phrase ``parts``
    cover under :data:`COVERED` of it and say nothing of the field (no cue of
    it, no word of its short name: "Aspect-based sentiment analysis" stays).
    The phrase beside the field is the best ``ranked`` one of two words or
    more (or an abbreviation), in :data:`PART_SHARE` of the topic and
    :data:`PART_FOCUS` of the corpus's papers holding it, no cue of the field
    and no word of its name ("Autonomous driving and autonomous vehicles" says
    one thing twice).
    """
    size = len(rows)
    if size <= SMALL:
        return None  # a small group's papers name their own subjects (naming._phrase_name)
    fields = [f for f in field_candidates(table, rows) if f.share >= FIELD_SHARE and not f.broad]
    if not fields or fields[0].name.lower() not in used:
        return None
    field = fields[0]
    short = _short(field)
    if short is None or covered_count(parts) >= COVERED * size:
        return None
    if any(_names_field(table, p, field, short) for p in parts):
        return None
    for c in ranked:
        if not c.phrase or len(c.papers) < PART_SHARE * size or c.focus < PART_FOCUS:
            continue
        if (len(c.words) < 2 and not c.abbreviation) or _names_field(table, c, field, short):
            continue
        if len(short.split()) + len(c.key.split()) <= MAX_SHOWN_WORDS:
            return short, c
    return None


def _short(field: FieldCandidate) -> str | None:
    """The field's short name, or its first subject where that has an "and" and the subject two words, else None.

    "Dialogue systems" of "Dialogue systems and conversational agents"; "Sampling"
    of "Sampling and MCMC" names no field alone.
    """
    if " and " not in field.short:
        return field.short
    first = field.short.split(" and ")[0]
    return first if len(first.split()) >= 2 and "," not in first else None


def _names_field(table: PhraseTable, phrase: Candidate, field: FieldCandidate, short: str) -> bool:
    """Whether a phrase is a cue of the field or shares a word with its short name."""
    if table.index[phrase.key] in field.columns:
        return True
    return any(same_word(a, b) for a in phrase.words for b in short.lower().split())
