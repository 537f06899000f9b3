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
* its **score** is share times focus to the power :data:`FOCUS_POWER`, a
  single word (not an abbreviation) counting :data:`ONE_WORD` of that
  ("agents" alone says little).

The name is the best phrase; a second phrase of another subject joins it
("A and B") when it names papers the first misses or the first is one word;
two kinds of the best phrase name it together ("Multi-agent and deep RL");
a group that no phrase covers names its two or three subjects ("A, B and C").
The table of phrases is :mod:`analysis.model.phrase_table`, the writing
:mod:`analysis.model.naming_text`.
Every count is an integer and every score is rounded before it is compared,
ties going to the string: the same bytes on every machine.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
from scipy import sparse

from analysis.model.field_table import covers
from analysis.model.naming_beside import beside_taken
from analysis.model.naming_fields import Candidate, covered_count, field_candidates, field_name
from analysis.model.naming_minority import lone_name_field, thin_name_field, venue_part_name
from analysis.model.naming_parts import FOCUSED, choose
from analysis.model.naming_subjects import (
    area_subjects,
    longest_variants,
    paper_subjects,
    same_subject,
    title_genres,
    with_genre,
)
from analysis.model.naming_text import lower_first, written
from analysis.model.naming_weights import (
    COVERED,
    DECIMALS,
    FOCUS_POWER,
    MINORITY,
    PART_SHARE,
    SMALL,
    TITLE_WEIGHT,
)
from analysis.model.phrase_table import MIN_PAPERS, PhraseTable, cached_table, phrase_table, variant_key

__all__ = [
    "Candidate",
    "area_parts",
    "area_subjects",
    "candidates",
    "choose",
    "field_candidates",
    "group_names",
    "phrase_table",
    "same_subject",
    "variant_key",
]

# A phrase is a candidate in a group when at least MIN_PAPERS of the group's papers hold it ...
# ... and it is in at least this share of them (text or title).
MIN_SHARE = 0.05
# A one-word phrase (not an abbreviation) scores this part of its score.
ONE_WORD = 0.5
# What nearly every paper of a machine-learning corpus is made with names none of its groups ("Neural networks",
# "Machine learning", "Neural networks, understanding and domain adaptation"): the 56 judged names holding
# one of these, alone or as a part, averaged 2.82 of 5, 15 of them poor (panels to 24). A phrase longer than one
# of them ("graph neural networks", "equivariant deep learning") is a subject; the fields keep them as cues.
_MEDIUM = (
    ("neural", "network"),
    ("deep", "neural", "network"),
    ("artificial", "neural", "network"),
    ("deep", "network"),
    ("deep", "learning"),
    ("machine", "learning"),
)
MEDIUM = frozenset({*_MEDIUM, ("learning", "model"), *((*m, "model") for m in _MEDIUM)})
# A phrase of a small group's few papers names it where the group holds this many times its share of them.
OWN_LIFT = 3


def candidates(table: PhraseTable, rows: np.ndarray, joined: bool = True) -> list[Candidate]:
    """The group's candidate phrases, best first (ties: more papers, more words, then the key).

    Without ``joined``, a phrase joined by a connector ("management in cloud storage") is none, and
    its parts are: such a phrase names no group (blind readers' mean 2.4 over 13 such names, 3.1 over
    the other 518), but the fields are weighed against the phrases as they were judged, with it.
    """
    size = len(rows)
    n_papers = table.text.shape[0]
    in_text = table.text[rows]
    in_title = table.title[rows]
    text_count = np.asarray(in_text.sum(axis=0)).ravel()
    title_count = np.asarray(in_title.sum(axis=0)).ravel()
    has_titles = in_title.nnz > 0
    need = max(min(MIN_PAPERS, size), MIN_SHARE * size)
    keep = np.flatnonzero(text_count >= need)
    keep = np.array([j for j in keep.tolist() if table.long_words(j) not in MEDIUM], dtype=np.int64)
    if not joined:
        keep = np.array([j for j in keep.tolist() if not table.joined_by_connector(j)], dtype=np.int64)
    if has_titles and size >= 2 * MIN_PAPERS:
        # A name a title of the group holds: abstracts name methods and data, titles the subject.
        keep = keep[title_count[keep] >= 1]
    weight = TITLE_WEIGHT if has_titles else 1
    scores, focused = {}, set()
    for j in keep.tolist():
        share = (text_count[j] + (weight - 1) * title_count[j]) / (weight * size)
        focus = text_count[j] / table.corpus[j] if n_papers > size else 1.0
        score = share * focus**FOCUS_POWER
        if len(table.keys[j].split()) == 1 and not table.abbreviation(j):
            score *= ONE_WORD
            if focus >= FOCUSED and text_count[j] >= 3:
                focused.add(j)
        scores[j] = round(float(score), DECIMALS)
    words = {j: table.long_words(j) for j in scores}
    kept = longest_variants(words, text_count)
    kept.sort(key=lambda j: (-scores[j], -int(text_count[j]), -len(words[j]), table.keys[j]))
    by_column = in_text[:, kept].tocsc() if kept else None
    return [
        Candidate(
            table.keys[j],
            scores[j],
            _rows_holding(by_column, at),
            table.abbreviation(j) or " " in table.keys[j] or j in focused,
            words[j],
            round(float(text_count[j] / table.corpus[j]), DECIMALS),
            table.abbreviation(j),
        )
        for at, j in enumerate(kept)
    ]


def _rows_holding(matrix: sparse.csc_matrix, column: int) -> frozenset[int]:
    """The group's rows (numbered within the group) holding a column, read from a CSC matrix's index arrays."""
    return frozenset(matrix.indices[matrix.indptr[column] : matrix.indptr[column + 1]].tolist())


def group_names(
    texts: Sequence[str],
    titles: Sequence[str] | None,
    groups: np.ndarray,
    boilerplate: Iterable[str],
    topics: np.ndarray | None = None,
) -> dict[int, str | None]:
    """Each group's name (None where no phrase of two of its papers qualifies); group -1 is not named.

    Larger groups are named first (ties: the lower id), so that a subject two
    groups share names the larger alone and the smaller says what is its own.
    Names are distinct. Given ``topics`` (each paper's topic, finer than its
    group), the groups are areas and are named by :func:`area_parts`.
    """
    genres = title_genres(titles) if titles is not None else frozenset()
    table = cached_table(texts, titles if titles is not None else [""] * len(texts), {*boilerplate, *genres})
    ids = sorted({int(g) for g in groups.tolist()} - {-1})
    sizes = {g: int((groups == g).sum()) for g in ids}
    taken: set[str] = set()
    names: dict[int, str | None] = {}
    # Outside the lexicon's fields, a field would name a group by a word it shares with it.
    lexicon = covers(table.fields)
    displaced: set[str] = set()  # broad fields two narrow ones named an area instead of
    for group in sorted(ids, key=lambda g: (-sizes[g], g)):
        rows = np.flatnonzero(groups == group)
        members = [texts[int(i)] for i in rows]
        heads = [titles[int(i)] for i in rows] if titles is not None else []
        used = {n.lower() for n in names.values() if n} | displaced
        if topics is not None:
            area, whole = _area_named(table, rows, topics, (used, displaced), lexicon, (members, heads, len(texts)))
            names[group] = with_genre(area, heads, genres, whole, used)
            continue
        field, ranked, parts = _topic_field_or_parts(table, rows, taken, used, lexicon)
        if lexicon and not field:
            field = beside_taken(table, ranked, parts, rows, (members, heads, len(texts)), used)
        if not field and table.fields.venue.any():
            field = venue_part_name(table, parts, rows, used)
        if lexicon and not field:
            field = thin_name_field(table, parts, rows, used)
        name = field or _phrase_name(table, ranked, parts, rows, (texts, titles), taken, used)
        if lexicon and not field:
            name = lone_name_field(table, name, parts, rows, used) or name
        names[group] = with_genre(name, heads, genres, bool(field) or _most_hold(parts, len(rows)), used)
        if parts:
            taken.add(parts[0].key)
    return names


def _area_named(
    table: PhraseTable,
    rows: np.ndarray,
    topics: np.ndarray,
    names: tuple[set[str], set[str]],
    lexicon: bool,
    corpus: tuple[list[str], list[str], int],
) -> tuple[str | None, bool]:
    """An area's name, and whether it says what most of the area is about (a field, or a phrase of half of it).

    ``names``: the names taken and the broad fields displaced; ``corpus``: the area's texts, titles and the
    corpus's size.
    """
    used, displaced = names
    members, heads, n_papers = corpus
    field, parts = _area_field_or_parts(table, rows, topics, used, lexicon, displaced)
    listed = written([p.key for p in parts], table, members, heads, n_papers) if parts else None
    if lexicon and not field:
        field = lone_name_field(table, listed, parts, rows, used)
    return field or listed, bool(field) or _most_hold(parts, len(rows))


def _area_field_or_parts(
    table: PhraseTable, rows: np.ndarray, topics: np.ndarray, used: set[str], lexicon: bool, displaced: set[str]
) -> tuple[str | None, list[Candidate]]:
    """An area's field name (where the lexicon is the corpus's and a field names it), else its name's parts.

    The field is weighed against the phrases with connector phrases among them, as panels judged it; the
    parts are those without (:func:`candidates`' ``joined``).
    """
    # Outside the lexicon, the parts of a venue's own field still name its areas (CVPR 2016, ICCV 2015).
    if lexicon or table.fields.venue.any():
        ranked, parts = candidates(table, rows), area_parts(table, rows, topics)
        field = field_name(table, ranked, parts, rows, used, area=True, parts_only=not lexicon, displaced=displaced)
        if field:
            return field, []
    named = choose(candidates(table, rows, joined=False), len(rows), set())
    # An area with no subject in three of its titles is named as a topic, not by c-TF-IDF terms ("order smooth").
    return None, named if _most_hold(named, len(rows)) else area_subjects(table, rows) or named


def _topic_field_or_parts(
    table: PhraseTable, rows: np.ndarray, taken: set[str], used: set[str], lexicon: bool
) -> tuple[str | None, list[Candidate], list[Candidate]]:
    """A topic's field name or None, its ranked candidates and the parts of its name, as for an area."""
    if lexicon:
        ranked = candidates(table, rows)
        parts = choose(ranked, len(rows), taken)
        field = field_name(table, ranked, parts, rows, used, area=False)
        if field:
            return field, ranked, parts
    ranked = candidates(table, rows, joined=False)
    return None, ranked, choose(ranked, len(rows), taken)


def _phrase_name(
    table: PhraseTable,
    ranked: list[Candidate],
    parts: list[Candidate],
    rows: np.ndarray,
    corpus: tuple[Sequence[str], Sequence[str] | None],
    taken: set[str],
    used: set[str],
) -> str | None:
    """A topic's name from its phrases: its parts, or a small group's papers' own subjects ("Mixed: A and B")."""
    texts, titles = corpus
    members = [texts[int(i)] for i in rows]
    heads = [titles[int(i)] for i in rows] if titles is not None else []
    mixed = False
    if len(rows) <= SMALL and not any(_names_small_group(p, len(rows), len(texts)) for p in parts):
        subjects = paper_subjects(table, rows, texts, titles if titles is not None else texts)
        # Subjects of single papers, and no phrase in half of them: the group is plainly mixed, and says so.
        mixed = len(subjects) >= 2 and not any(len(c.papers) >= COVERED * len(rows) for c in ranked)
        parts = subjects or parts
    elif parts and covered_count(parts) < MINORITY * len(rows):
        listed = _minority_subjects(ranked)
        mixed, parts = (True, listed) if len(listed) >= 2 else (False, parts)
    name = written([p.key for p in parts], table, members, heads, len(texts)) if parts else None
    # A one-word phrase took its weaker second part in choose; an abbreviation written alone takes it here.
    if name is not None and len(parts) == 1 and len(parts[0].words) > 1 and " " not in name and parts[0] in ranked:
        parts = beside_abbreviation(ranked, parts[0], len(rows), taken)
        name = written([p.key for p in parts], table, members, heads, len(texts))
    if mixed and name is not None:
        name = "Mixed: " + lower_first(name)
    if name is not None and name.lower() in used:
        longer = choose(ranked, len(rows), taken | {parts[0].key})
        name = written([p.key for p in longer], table, members, heads, len(texts))
    return name


def _minority_subjects(ranked: list[Candidate]) -> list[Candidate]:
    """A mixed group's three best phrases of distinct subjects, named as "Mixed: A, B and C".

    A group of more than :data:`SMALL` papers whose name's phrases hold under :data:`MINORITY` of it is no one
    subject: its name said a minority as if it were the group. The 23 judged labels so made (ICLR 2024's "Label
    noise" for 68 papers on noisy labels, calibration and conformal prediction) averaged 2.23 of 5, 13 of them
    poor. Final panel 91 (the 25 labels of 91 fitted corpora it changes): 17 rated higher, 3 lower, 5 the same
    (2.09 -> 2.61; poor 19 -> 6).
    """
    listed: list[Candidate] = []
    for c in ranked:
        if c.phrase and not any(same_subject(c, other) for other in listed):
            listed.append(c)
        if len(listed) == 3:
            break
    return listed


def beside_abbreviation(ranked: list[Candidate], head: Candidate, size: int, taken: set[str]) -> list[Candidate]:
    """The parts of a name written as one abbreviation ("RRT"): it, and a phrase of several words where one joins.

    The 29 judged names that were an abbreviation alone ("RRT", "AUV", "IMU") averaged 2.76 of 5, 9 of them
    poor. A word beside it says little more ("SGD and risk").
    """
    return choose([c for c in ranked if c is head or len(c.words) > 1], size, taken, lone=True)


def _names_small_group(part: Candidate, size: int, n_papers: int) -> bool:
    """Whether a phrase names a small group: in half of it, or there :data:`OWN_LIFT` times as often as by chance.

    Readers name a small group by a phrase two or three of its papers share ("Performative prediction", "Human-robot
    teaming"): the 31 judged small groups named by their papers' single subjects as no phrase was in half of them
    averaged 1.71 of 5. At the seeds (26 papers) "LLM" is in 2 of a group of 6 that is mixed, and says so.
    """
    return part.phrase and (len(part.papers) >= COVERED * size or part.focus * n_papers >= OWN_LIFT * size)


def _most_hold(named: list[Candidate], size: int) -> bool:
    """Whether a name's first part is a phrase in :data:`COVERED` of a group's papers: it names an area as a topic."""
    return bool(named) and named[0].phrase and len(named[0].papers) >= COVERED * size


def area_parts(table: PhraseTable, rows: np.ndarray, topics: np.ndarray) -> list[Candidate]:
    """What an area's field is weighed against: what most of its papers share, else its largest topics' subjects.

    An area is a group of topics. A phrase in at least :data:`COVERED` of its
    papers names it as it would name a topic (:func:`choose`); else the subjects of
    its largest topics (at least :data:`PART_SHARE` of the area each), up to
    three ("Graph neural networks, fairness and explanations"). An area no field
    names is named by :func:`area_subjects` instead.
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
    return named if _most_hold(named, size) else subjects[:3] or named
