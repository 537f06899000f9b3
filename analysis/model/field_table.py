"""A corpus's fields: which papers each field of the lexicon covers, and whether the lexicon is the corpus's.

The lexicon is :mod:`analysis.model.fields`; the corpus's phrase table
(:mod:`analysis.model.phrase_table`) reads it once into a :class:`FieldTable`.
A field a quarter of a venue's titles hold is the venue's own subject and
names none of its groups; a corpus most of whose titles hold no other narrow
field's cue is outside the lexicon (:func:`covers`), and its groups are named
from their own phrases.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from scipy import sparse

from analysis.model.fields import Field, columns_by_word, cue_columns, each_cue_columns, fields, without_last
from analysis.model.phrases import lexicon_readings

# The lexicon names a corpus's groups only where at least this share of its titles hold a narrow field's cue.
# Measured on titles (first sentences where there are none): ML venues 0.58-0.92 (NeurIPS 2016 0.577, COLT 2020
# 0.584, CVPR 2024 0.75, ICLR 2024 0.80, NAACL 2024 0.85, the seeds 0.92); CHI 2024-2026 0.45-0.47 and UIST
# 0.44 (2026-12-06). Where ML's fields named CHI's topics, blind readers scored them 1.64 of 5 against 2.82 for its
# phrase names (bench/panel_final5_20261204). Abstracts tell no difference: CHI's hold a cue in 0.93, ML's in
# 0.96-1.00. Since HCI has fields of its own (2026-12-07), CHI 2019 and 2024-2026 and UIST stand at 0.75-0.80.
# It was 0.6 until 2026-12-06, which left NeurIPS 2016 and COLT 2020 outside: of their 27 labels the lexicon
# changes at 0.55, readers rated 18 higher and 4 lower (bench/panel_final69_20261206).
LEXICON_TITLES = 0.55
# ... and at a venue of one field other than robotics (a vision venue) this share: its fields are the venue's tracks,
# coarser than its groups. At 0.55 they would rename 74 labels of CVPR 2013-2017 and ICCV 2015 (0.574-0.594),
# 12 of them rated 4.33-5.00 as they are ("Salient object detection" -> "Saliency detection and gaze prediction").
SUBJECT_VENUE_TITLES = 0.6
# ... and at a robotics venue (its subject "Robot learning", :data:`VENUE_TITLES`) this share: the lexicon holds the
# IEEE RAS keywords its sessions are named by, but older robotics titles name their robot more than their subject
# (ICRA 2010 0.588, IROS 2008 0.571). One panel judged 17 of ICRA 2010's groups named both ways, when it stood
# above the gate: the lexicon's names 3.61 of 5, its phrases' 2.94, 11 higher and 4 lower
# (bench/panel_final48_20261206).
ROBOTICS_TITLES = 0.55
# A field in at least this share of a corpus's titles is the venue's subject and names none of its groups:
# "Computer vision" at CVPR 2024 (0.44) and WACV 2025 (0.45), "Robot learning" at ICRA 2023 (0.38), whose groups
# it named blind readers scored 1-2 of 5 (bench/panel_final4_20261204, panel_final8_20261205). ICLR 2024: 0.20 at most.
VENUE_TITLES = 0.25
# ... of a corpus of this many papers: a reading list's share is its reader's choice (the seeds keep their fields).
VENUE_PAPERS = 200
# ... or of this many where the field is robotics' (:data:`ROBOTICS`): RSS has 84-142 papers a year, and broad ML
# fields named its areas ("Learning theory and optimization" for motion planning, 1.0 of 5; "Reinforcement learning
# and decision making", "Computer vision and probabilistic inference", 2.0) where the venue's parts would.
ROBOTICS_PAPERS = 60
ROBOTICS = "Robot learning"
# ... or of this many where the field has narrow fields of its own (human-computer interaction's): a reading group's
# list of CHI papers is as much of HCI as CHI is, and under 200 papers its groups were named by their phrases (dev
# panel 133: 34 of 53 labels higher, 10 lower; final panel 134, lists of 60-150 papers: 21 of 31 higher, 6 lower).
# Every subject from 60 papers was measured and not kept: it renames 21 areas of 3DV 2025 and COLT 2018-2024, most
# from names rated 4 or more ("3D reconstruction and novel view synthesis", "Bandits and reinforcement learning").
OWN_FIELDS_PAPERS = 60
# A cue counts for a field's naming a group where this many of its papers hold it (:func:`common_words_only`).
CUE_PAPERS = 2
# ... and a common word alone names it where at least this share of the corpus's papers holding it are in it.
WORD_FOCUS = 0.5
# A field's name says its first or last subject where this share of a group's papers holds a cue of it (as a name's
# second part must: :data:`analysis.model.naming_fields.PART_SHARE`).
LAST_SHARE = 0.1


@dataclass(frozen=True)
class FieldTable:
    """Which papers each field covers: the fields' cues read in one corpus's phrase table.

    Attributes:
        fields: The lexicon's fields, in order.
        columns: Per field, the phrase columns its cues match.
        text: Papers x fields, True where the paper's text holds a cue of the field.
        title: Papers x fields, True where its title does.
        corpus: Per field, how many of the corpus's papers it covers.
        venue: Per field, whether it is the venue's own subject (:data:`VENUE_TITLES`).
        active: Per field, whether it may name a group: a part of a broad field only at a venue of that field.
        cues: Papers x cues (every field's, in order), non-zero where the paper's text holds the cue.
        cue_field: Per cue, its field's number.
        plain: Per cue, whether it is one word a dictionary knows ("graph", "temporal"; not "GNN").
        cue_corpus: Per cue, how many of the corpus's papers hold it.
    """

    fields: tuple[Field, ...]
    columns: tuple[frozenset[int], ...]
    text: np.ndarray
    title: np.ndarray
    corpus: np.ndarray
    venue: np.ndarray
    active: np.ndarray
    cues: sparse.csr_matrix | None = None
    cue_field: np.ndarray | None = None
    plain: np.ndarray | None = None
    cue_corpus: np.ndarray | None = None


def field_table(
    keys: list[str], longs: dict[str, str], text: sparse.csr_matrix, title: sparse.csr_matrix
) -> FieldTable:
    """The papers each field of the lexicon covers, from a phrase table's keys and matrices (one sparse product)."""
    lexicon = fields()
    by_word = columns_by_word(keys)
    each = [each_cue_columns(keys, longs, f.cues, by_word) for f in lexicon]
    columns = tuple(frozenset(j for cols in per_cue for j in cols) for per_cue in each)
    # One product gives each cue's papers; a field's are those of its cues.
    per_cue = _cue_matrix([cols for cue_cols in each for cols in cue_cols], len(keys))
    cue_field = np.array([i for i, cue_cols in enumerate(each) for _ in cue_cols], dtype=np.int64)
    to_field = sparse.csr_matrix(
        (np.ones(len(cue_field), dtype=np.int32), (np.arange(len(cue_field)), cue_field)),
        shape=(len(cue_field), len(lexicon)),
    )
    by_cue = (text @ per_cue).tocsr()
    in_text = (by_cue @ to_field).toarray() > 0
    in_title = (title @ per_cue @ to_field).toarray() > 0
    needing = [i for i, f in enumerate(lexicon) if f.needs]
    if needing:
        needs = _cue_matrix([cue_columns(keys, longs, lexicon[i].needs, by_word) for i in needing], len(keys))
        has_need = (text @ needs).toarray() > 0
        in_text[:, needing] &= has_need
        in_title[:, needing] &= has_need
    subject = in_title.sum(axis=0) >= VENUE_TITLES * len(in_title)
    robotics = bool(subject[_robotics(lexicon)])
    telling = _telling(lexicon)
    own_fields = any(held and f.name in telling for f, held in zip(lexicon, subject.tolist(), strict=True))
    smallest = ROBOTICS_PAPERS if robotics else OWN_FIELDS_PAPERS if own_fields else VENUE_PAPERS
    venue = subject & (len(in_title) >= smallest)
    venue &= np.array([not f.parent and f.venue_subject for f in lexicon], dtype=bool)
    active = _active(lexicon, venue, subject, telling)
    plain = np.array([" " not in cue and bool(lexicon_readings(cue)) for f in lexicon for cue in f.cues], dtype=bool)
    counts = in_text.sum(axis=0).astype(np.int64)
    cue_corpus = np.asarray((by_cue > 0).sum(axis=0)).ravel().astype(np.int64)
    return FieldTable(lexicon, columns, in_text, in_title, counts, venue, active, by_cue, cue_field, plain, cue_corpus)


def _active(lexicon: tuple[Field, ...], venue: np.ndarray, subject: np.ndarray, telling: set[str]) -> np.ndarray:
    """Per field, whether it may name a group.

    Not a part of a broad field the venue is not of, nor a broad field with narrow fields of its own (it tells the
    venue), nor a field away from the corpus's subject (a broad field in
    :data:`VENUE_TITLES` of its titles, a corpus of any size): at robotics venues (RSS has 84-142 papers)
    "Search, satisfiability and planning", "Information retrieval and search", "Sampling and MCMC" and
    "Recommender systems" named robots' planning, search and sampling; blind readers scored the 24 such names
    1.0-2.0 (mean 1.45; bench/panel_* to final panel 49).
    """
    own = {f.name for f, is_venue in zip(lexicon, venue.tolist(), strict=True) if is_venue}
    held = {f.name for f, is_subject in zip(lexicon, subject.tolist(), strict=True) if is_subject}
    # A broad field with narrow fields of its own (``telling``, "Human-computer interaction") only tells its venue:
    # there they name its groups, and elsewhere its words ("user", "design", "people") are every field's.
    return np.array(
        [
            (not f.parent or f.parent in own) and not held.intersection(f.away) and f.name not in telling
            for f in lexicon
        ],
        dtype=bool,
    )


def _telling(lexicon: tuple[Field, ...]) -> set[str]:
    """The broad fields with narrow fields of their own ("Human-computer interaction"): they tell a venue's subject."""
    return {f.parent for f in lexicon if f.parent and not f.broad}


def covers(found: FieldTable) -> bool:
    """Whether the lexicon is the corpus's: :data:`LEXICON_TITLES` of its titles hold a narrow field's cue.

    The venue's own field is not counted: it shows the venue's subject, not that the lexicon divides it.
    Without it, 0.58-0.59 of the titles of ICRA 2022 and 2023 and IROS 2022 and 2023 hold a cue, where the
    lexicon's few robotics fields named topics that blind readers scored 2.0-2.5 against 3.0-3.1 for their own
    phrases (bench/panel_final12_20261205); 0.64 at CoRL, 0.71 at NAACL 2024 and 0.74 at COLM 2025, whose
    fields readers scored above their phrases (3.11 against 2.73 at COLM, panel_final11_20261205). With the
    robotics fields of the IEEE RAS keywords (2026-12-05), 0.69-0.77 at ICRA and IROS 2019-2023 and 0.71 at
    CoRL 2024-2025; CHI 2024-2026 0.49-0.54 and UIST 0.47 stayed outside (0.45-0.47 and 0.44 since). A robotics
    venue needs :data:`ROBOTICS_TITLES`, another venue of one field (a vision venue) :data:`SUBJECT_VENUE_TITLES`.
    """
    titled, papers, share = lexicon_gate(found)
    # Rounded: 0.55 * 100 is 55.000000000000007 in binary floating point.
    return titled >= round(share * papers, 9)


def lexicon_gate(found: FieldTable) -> tuple[int, int, float]:
    """How many titles hold a narrow field's cue, of how many, and the share of them :func:`covers` asks.

    The venue's own fields are not counted; the share is :data:`LEXICON_TITLES`, :data:`ROBOTICS_TITLES` at a
    robotics venue and :data:`SUBJECT_VENUE_TITLES` at another venue of one field (a vision venue).
    """
    # A narrow field of a broad one the venue is not of counts no more than it names: HCI's "game" or "privacy" in
    # ML titles shows no division of an ML venue.
    narrow = [
        i
        for i, field in enumerate(found.fields)
        if not field.broad and not found.venue[i] and (not field.parent or found.active[i])
    ]
    titled = int(found.title[:, narrow].any(axis=1).sum())
    robotics = bool(found.venue[_robotics(found.fields)])
    share = ROBOTICS_TITLES if robotics else SUBJECT_VENUE_TITLES if found.venue.any() else LEXICON_TITLES
    return titled, int(found.title.shape[0]), share


def cues_held(found: FieldTable, rows: np.ndarray, text: np.ndarray) -> np.ndarray:
    """Per cue, how many of the group's papers hold it and count for its field (those holding a need, if any)."""
    if found.cues is None or found.cue_field is None:
        return np.zeros(0, dtype=np.int64)
    holds = found.cues[rows].toarray() > 0
    return (holds & text[:, found.cue_field]).sum(axis=0)


def common_words_only(found: FieldTable, held: np.ndarray, field: int) -> bool:
    """Whether the group holds the field by common words alone, words mostly of the corpus's other groups.

    That is: each of the field's cues in :data:`CUE_PAPERS` of the group's papers is one word a dictionary
    knows, and under :data:`WORD_FOCUS` of the corpus's papers holding it are in the group. Such a field
    names the group by words it shares with it: "Graph neural networks" for graph search at IJCAI 2023
    ("graph": 12 of its 122 papers in the group), "Time series forecasting" for video models at ECCV 2022
    ("temporal": 25 of 154), "Transformers and attention" for video understanding at IJCAI 2021
    ("transformer" and "attention", then its cues), "Audio processing" for video models ("audio", "sound").
    "Anomaly detection" stays where the group holds most of the corpus's "anomaly" (7 of 7).
    Blind readers had scored the 14 topic names one word alone gave (panels 5-20 in bench/) 1.83 of 5 on
    average, 11 of them poor and none good; the 16 judged names that two or more such words gave, 2.1.
    """
    if found.plain is None or found.cue_field is None or found.cue_corpus is None or not len(held):
        return False
    mine = np.flatnonzero((found.cue_field == field) & (held >= CUE_PAPERS))
    if len(mine) == 0 or not found.plain[mine].all():
        return False
    return bool((held[mine] < WORD_FOCUS * found.cue_corpus[mine]).all())


def said_name(found: FieldTable, rows: np.ndarray, field: int) -> str | None:
    """The field's name for a group, or None where it names no subject of the group's.

    Without its last subject where under :data:`LAST_SHARE` of the group (and :data:`CUE_PAPERS` papers at
    least) holds a cue of it (the lexicon's "=" cues, :mod:`analysis.model.fields`); None where so few hold a
    cue of its first subject ("^" cues): the group's own phrases name it. A field without such cues is always
    named in full.
    """
    named = found.fields[field]
    if not (named.last or named.first) or found.cues is None or found.cue_field is None:
        return named.name
    if named.first and not _speaks_of(found, rows, field, named.first):
        return None
    if named.last and not _speaks_of(found, rows, field, named.last):
        return named.bare or without_last(named.name)
    return named.name


def _speaks_of(found: FieldTable, rows: np.ndarray, field: int, cues: tuple[str, ...]) -> bool:
    """Whether :data:`LAST_SHARE` of the group's papers (and :data:`CUE_PAPERS` at least) hold one of ``cues``."""
    assert found.cues is not None and found.cue_field is not None
    mine = np.flatnonzero(found.cue_field == field)
    which = [mine[k] for k, cue in enumerate(found.fields[field].cues) if cue in cues]
    holding = int((found.cues[rows][:, which].toarray() > 0).any(axis=1).sum())
    return holding >= max(CUE_PAPERS, LAST_SHARE * len(rows))


def _robotics(lexicon: tuple[Field, ...]) -> int:
    """The index of robotics' broad field (:data:`ROBOTICS`) in the lexicon."""
    return next(i for i, field in enumerate(lexicon) if field.name == ROBOTICS)


def _cue_matrix(columns: list[list[int]], keys: int) -> sparse.csr_matrix:
    """Phrase columns x fields, 1 where the column is one of the field's cues."""
    rows = [j for cols in columns for j in cols]
    which = [i for i, cols in enumerate(columns) for _ in cols]
    return sparse.csr_matrix(
        (np.ones(len(rows), dtype=np.int32), (rows, which)), shape=(keys, len(columns)), dtype=np.int32
    )
