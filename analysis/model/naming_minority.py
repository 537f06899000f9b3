"""Groups whose own phrases say too little: named by the venue's part or a field holding more of them.

Or, where the name is one abbreviation or word alone, by the field it is a cue of.
"""

from __future__ import annotations

import numpy as np

from analysis.model.naming_fields import Candidate, covered_count, field_candidates
from analysis.model.naming_text import shared_tail
from analysis.model.naming_weights import BROAD_MOST, PART_FOCUS, SMALL
from analysis.model.phrase_table import PhraseTable
from analysis.model.phrases import stem_key

__all__ = ["lone_name_field", "thin_name_field", "venue_part_name"]

# A topic whose name's parts are in under this share of its papers is named by the venue's part holding it.
PART_COVER = 0.25
# A field naming a topic its name's parts barely hold holds this share of it at least.
THIN_FIELD = 0.25
# ... and this many times the share its name's parts hold: a field no broader than the phrases says no more.
THIN_LIFT = 1.5
# A field whose name holds a lone word names its group where it holds this part of the papers the word holds.
NAMED_HOLDS = 0.5


def venue_part_name(table: PhraseTable, parts: list[Candidate], rows: np.ndarray, used: set[str]) -> str | None:
    """The name of the venue's part holding :data:`BROAD_MOST` of a topic its name's parts barely hold, or None.

    A topic of a robotics or vision venue whose phrases are each in a few of its
    papers was named by them: "Cable-driven robot" for 2 of ICRA 2010's 37 papers
    on novel mechanisms, "SMA" for 3 of IROS 2010's 17 on small soft robots.
    Blind readers scored the 22 judged topic names whose parts were in under
    a fifth of the topic, at a venue with parts, 2.16 of 5 on average,
    13 of them poor; the 166 judged area names a venue's part gave (panels to 50 in
    bench/) averaged 3.41. The part ("Robot design, mechanisms and actuation") says
    what the topic's papers are about where no phrase of theirs does: final panel 51
    rated 21 of the 25 topics it renamed higher, 1 lower (3.23 against 2.07).
    From a fifth to a quarter (:data:`PART_COVER`), the 11 such names judged before averaged 2.55, the part
    names they would take 3.50 ("Torque sensor", "In-pipe inspection robot and magnetic field"); final panel 54
    rated 13 of the 22 it then renamed higher and 3 lower (3.03 against 2.58).
    Two kinds of one subject ("Sampling-based and optimal motion planning") keep their name: the subject holds
    more of the topic than the kinds do. Small groups keep their papers' own subjects; names other topics have
    are skipped.
    """
    if _thin_cover(parts, len(rows)) is None:
        return None
    free = [f for f in field_candidates(table, rows) if f.part and f.share >= BROAD_MOST and f.name.lower() not in used]
    return free[0].name if free else None


def thin_name_field(table: PhraseTable, parts: list[Candidate], rows: np.ndarray, used: set[str]) -> str | None:
    """The narrow field holding a topic its name's parts barely hold, where it holds more of it, or None.

    As :func:`venue_part_name` does at a venue with parts, outside them: judged phrase names of topics of more
    than :data:`SMALL` papers whose parts held 15-25% of them averaged 2.23 of 5, 64% of 28 poor, against 3.29-3.71
    where they held half or more ("Markov random fields and active learning" for NeurIPS 2017's 29 papers on
    graphical models and structure learning, 2.00; "Noisy labels and classification"). A narrow field of the topic's
    own (in :data:`PART_FOCUS` of the corpus's papers holding it) in :data:`THIN_FIELD` of it and :data:`THIN_LIFT`
    times the share its name's parts hold names it instead, the best scoring first; names other topics have are
    skipped.
    """
    cover = _thin_cover(parts, len(rows))
    if cover is None:
        return None
    for f in field_candidates(table, rows):
        if f.broad or f.part or f.focus < PART_FOCUS or f.name.lower() in used:
            continue
        if f.share >= max(THIN_FIELD, THIN_LIFT * cover):
            return f.name
    return None


def _thin_cover(parts: list[Candidate], size: int) -> float | None:
    """The share of a topic of ``size`` papers its name's parts hold, where under :data:`PART_COVER`; else None.

    Small groups keep their papers' own subjects, and two kinds of one subject their name (:func:`_kinds`).
    """
    if size <= SMALL or not parts or _kinds(parts):
        return None
    held = covered_count(parts)
    return None if held >= PART_COVER * size else held / size


def _kinds(parts: list[Candidate]) -> bool:
    """Whether a name's two parts are kinds of one subject: they end on the same words."""
    return len(parts) == 2 and shared_tail(parts[0].words, parts[1].words) > 0


def lone_name_field(
    table: PhraseTable, name: str | None, parts: list[Candidate], rows: np.ndarray, used: set[str]
) -> str | None:
    """The field a group named by one abbreviation or one word alone is of, where it holds as much, or None.

    Readers scored such names low where the abbreviation is no field's usual name: ICRA 2014's "AUV" 2.33, WACV
    2024's "GANs" 2.67, AISTATS 2016's area "MCMC" 2.33 (the 29 judged abbreviations alone averaged 2.76 of 5, 9
    poor). The narrow field the abbreviation is a cue of ("Underwater and marine robots", "Generative adversarial
    networks"), holding at least the papers it holds, names the group, of any size: small groups kept "LSTM",
    "GANs", "LASSO" until dev panel 105 rated 3 of their 4 fields higher, 1 lower ("PCA" -> "Low-rank matrix
    methods", 3.67 -> 2.67; 2.83 -> 3.42 in all). A word alone is :func:`lone_word_field`'s.
    """
    if name is None or " " in name or len(parts) != 1:
        return None
    column = table.index[parts[0].key]
    if not table.abbreviation(column):
        return lone_word_field(table, parts[0], rows, used)
    held = len(parts[0].papers) / len(rows)
    for f in field_candidates(table, rows):
        if not f.broad and not f.part and column in f.columns and f.share >= held and f.name.lower() not in used:
            return f.name
    return None


def lone_word_field(table: PhraseTable, word: Candidate, rows: np.ndarray, used: set[str]) -> str | None:
    """The narrow field whose cue or name a group's one-word name is, where it holds as much, or None.

    A word alone that is no field's name says a thing, not a subject: NeurIPS 2017's "Graph" (2.00 of 5; the
    writer: "Graph representation learning"), ICML 2017's "Preferences" (2.00; "Ranking and preference
    learning"), COLT 2020's area "Distributions" (1.67): the 16 such names judged averaged 1.96, 13 of them
    poor, where the 24 that are a field's name ("Clustering", "Meta-learning") averaged 3.65. Dev panel 101
    rated 7 of the 9 names this changes higher and 1 lower (2.44 -> 3.37). The field holding the word as a cue
    and at least the papers it holds, or holding it in its name and :data:`NAMED_HOLDS` of them, names the
    group instead (the most papers first), even where the word is common: it is the group's own subject.
    A group of any size: the word is in at least two of its papers, or it would not name it.
    """
    column = table.index[word.key]
    stem = stem_key(word.key.lower())
    held = len(word.papers)
    named = []
    for f in field_candidates(table, rows, plain=True):
        if f.broad or f.part or f.name.lower() in used or len(f.papers) < 2:
            continue
        in_name = stem in {stem_key(w) for w in f.name.lower().replace("-", " ").split()}
        # Paper counts, not shares: the same comparison on every machine.
        if (column in f.columns and len(f.papers) >= held) or (in_name and len(f.papers) >= NAMED_HOLDS * held):
            named.append(f)
    # The most papers first; ties: the order of the candidates (score, then name).
    return max(named, key=lambda f: len(f.papers)).name if named else None
