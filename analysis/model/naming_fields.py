"""Fields as group names: where a field of the lexicon names a group better than its phrases.

The lexicon is :mod:`analysis.model.fields`; the phrases, their scores and
the rest of a name are :mod:`analysis.model.naming`, which calls
:func:`field_name` for each group. The weights a phrase and a field are
scored by are :mod:`analysis.model.naming_weights`, shared by both. Every score
is rounded before it is compared, ties going to the name: the same bytes on
every machine.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analysis.model.field_candidate import FieldCandidate
from analysis.model.field_table import common_words_only, cues_held, said_name
from analysis.model.naming_second import with_focused, with_second, words
from analysis.model.naming_text import MAX_SHOWN_WORDS, lower_first
from analysis.model.naming_weights import (
    AREA_FIELDS,
    AREA_LIFT,
    AREA_SHARE,
    BROAD_MOST,
    BROAD_SHARE,
    COVERED,
    DECIMALS,
    FIELD_MIN,
    FIELD_OVER,
    FIELD_SHARE,
    FIELD_WHOLE,
    FOCUS_POWER,
    GENERIC_FOCUS,
    HEAD_SHARE,
    KIND_TOPIC,
    NARROW_AREA,
    NARROW_PART,
    OWN_HEAD,
    PARENT,
    PART_FOCUS,
    PART_SHARE,
    PHRASES_COVER,
    SECOND,
    SMALL,
    TITLE_WEIGHT,
    TOPIC_SECOND,
)
from analysis.model.phrase_table import PhraseTable


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
    # Whether the corpus writes it as an abbreviation ("SLAM"), though a dictionary knows the word.
    abbreviation: bool = False


def field_candidates(table: PhraseTable, rows: np.ndarray, plain: bool = False) -> list[FieldCandidate]:
    """The fields covering some of the group's papers, scored as phrases are (best first; ties: the name).

    ``plain``: keep a field the group holds by common words alone (:func:`common_words_only`), as where one of
    those words is the group's name already.
    """
    found = table.fields
    size = len(rows)
    text = found.text[rows]
    text_count = text.sum(axis=0)
    title_count = found.title[rows].sum(axis=0)
    weight = TITLE_WEIGHT if table.title[rows].nnz > 0 else 1
    whole = table.text.shape[0] <= size
    others = max(table.text.shape[0] - size, 1)
    out = []
    held = cues_held(found, rows, text)
    # A field a quarter of the venue's titles hold names none of its groups ("Computer vision" at CVPR).
    for i in np.flatnonzero((text_count > 0) & ~found.venue & found.active).tolist():
        if not plain and common_words_only(found, held, i):
            continue
        share = (text_count[i] + (weight - 1) * title_count[i]) / (weight * size)
        focus = 1.0 if whole else text_count[i] / found.corpus[i]
        field, said = found.fields[i], said_name(found, rows, i)
        if said is None:
            continue
        out.append(
            FieldCandidate(
                said,
                round(float(share * focus**FOCUS_POWER), DECIMALS),
                round(float(text_count[i] / size), DECIMALS),
                frozenset(np.flatnonzero(text[:, i]).tolist()),
                found.columns[i],
                field.broad,
                field.short,
                bool(field.needs),
                bool(field.parent) and field.broad,
                round(float(focus), DECIMALS),
                round(float((found.corpus[i] - text_count[i]) / others), DECIMALS),
                field.name if field.last else "",
            )
        )
    # "Audio-visual learning" (needs video) before "Audio processing" where each audio paper of a vision venue shows it.
    # Of two fields of the same cues, the one whose name the group speaks of in full ("Video understanding and tracking"
    # for trackers, not "Video understanding" of "... and action recognition").
    out.sort(key=lambda f: (-f.score, not f.needs, bool(f.whole) and f.name != f.whole, f.name))
    return out


def field_name(
    table: PhraseTable,
    ranked: list[Candidate],
    parts: list[Candidate],
    rows: np.ndarray,
    taken: set[str],
    area: bool,
    parts_only: bool = False,
    displaced: set[str] | None = None,
) -> str | None:
    """The field that names the group better than its phrases do, or None.

    A field names it when its cues are in :data:`FIELD_SHARE` of the group
    (:data:`AREA_SHARE` for an area) and it scores at least :data:`FIELD_OVER`
    of the best phrase: readers name the field that covers the whole group
    ("Network pruning and sparsity" over "Iterative magnitude and structured
    pruning"). The phrases keep the name where the best one is the field's own
    cue in :data:`OWN_HEAD` of the group ("Offline and deep RL" stays), or
    where they cover more of it than the field does. A broad field names areas only
    (:func:`_under_broad_field`), and none at a venue with a field of its own (a robotics or a vision
    venue): there the venue's subject is one broad field and the others name what its papers use.
    Blind readers scored the 30 areas of such venues a broad field named ("Computer vision" for robot
    perception) 2.30 of 5, 53% poor, against 2.99 for their other area names (panels 4-19 in bench/).
    The parts of the venue's own field name its areas instead ("3D vision and geometry" at CVPR), after a
    narrow field that covers the area; with ``parts_only`` (a venue outside the lexicon) only the parts are weighed.
    A narrow field scoring above a broad one names an area before it (:func:`_narrower_first`); a topic whose
    phrases name a minority of it may be named by two narrow fields (:func:`_two_subjects`).
    A broad field names an area only where the area holds it :data:`AREA_LIFT` times as often as the rest of
    the corpus: at an NLP venue every area uses language models, and "Large language models" named areas of
    discourse, parsing and text classification; blind readers scored the 17 judged areas so named (ACL 2021,
    NAACL 2022, COLING 2020; "Learning theory and optimization" at AISTATS and COLT) 2.41 of 5, 10 of them
    poor, against 3.30 for the 85 other areas a broad field named. Names other groups have are skipped.
    """
    size = len(rows)
    every = [f for f in field_candidates(table, rows) if area or not f.part]
    fields = [f for f in every if not _taken(f, taken)]
    if area and table.fields.venue.any():
        # The venue's own subject is broad, the others name its methods; the parts of its subject name its areas.
        fields = [f for f in fields if (not f.broad and not parts_only) or f.part]
    need = AREA_SHARE if area else FIELD_SHARE
    # A narrow field covering an area names it before a part of the venue's subject ("SLAM and localization").
    eligible = sorted((f for f in fields if f.share >= need and (area or not f.broad)), key=lambda f: f.part)
    if area and eligible and eligible[0].broad and not eligible[0].part:
        eligible = _narrower_first(eligible, fields)
    if area:
        # After _narrower_first: a narrow field scoring above a broad one comes first even where the broad one is
        # everywhere in the corpus and names no area itself (a vision reading list's "Computer vision").
        eligible, fields = _own_to_area(eligible), _own_to_area(fields)
    if eligible:
        # A phrase of a few of the group's papers ("knowledge tracing") does not keep a field from naming it.
        shared = [c for c in ranked if len(c.papers) >= HEAD_SHARE * size]
        if not _names_better(eligible[0], table, shared, parts, size):
            return None if area else _two_subjects(fields, ranked, size)
        if area:
            return _area_name(eligible[0], fields, size, set() if displaced is None else displaced)
        return _topic_field(eligible[0], every, size)
    if area:
        return _area_fields(fields, size)
    specific = [p for p in parts if p.focus >= GENERIC_FOCUS]  # "Neural network" names no group of a corpus
    if covered_count(specific) < COVERED * size:
        return _under_broad_field(fields, ranked, size) or _two_subjects(fields, ranked, size)
    return None


def _taken(field: FieldCandidate, taken: set[str]) -> bool:
    """Whether another group has the field's name, or, for a field of a last subject, one that starts as it does.

    "Video understanding and action recognition" takes "Video understanding" (and "... and tracking") from the
    others: two areas named "Video understanding ..." would read as one.
    """
    if field.name.lower() in taken:
        return True
    return bool(field.whole) and _head(field.whole) in {_head(name) for name in taken}


def _head(name: str) -> str:
    """A name's first subject, in lower case: "video understanding" of "Video understanding and tracking"."""
    return name.split(" and ")[0].split(", ")[0].lower()


def _area_name(first: FieldCandidate, fields: list[FieldCandidate], size: int, displaced: set[str]) -> str:
    """An area's name: a broad field gives way to two narrow fields that hold :data:`TOPIC_SECOND` of the area.

    Readers scored areas named "Reinforcement learning and decision making" 2.90 of 5 (57 judgments) and
    "Multimodal vision models" 2.69 (63); the writers of the same groups named their two subjects ("Bandits and
    reinforcement learning"). Final panel 56 rated 13 such renamings higher and 3 lower; the 3 lower were
    areas the two fields held under 70% of (ICLR 2024's "Trustworthy and reliable machine learning", 4.00 ->
    "Adversarial robustness and differential privacy", 2.33), so the two hold what two fields must hold to name
    a topic; and an area of a few papers (ALT 2025's 7 on sampling and PAC-Bayes: "Optimization and
    differential privacy", 1.67) keeps its broad field. The broad field set aside is added to ``displaced``: it
    joins no other area's name as a second part.
    """
    if first.broad and not first.part and size > SMALL:
        named = _area_fields([f for f in fields if not f.part], size, hold=TOPIC_SECOND, most=2)
        if named:
            displaced.add(first.name.lower())
            return named
    return with_second(first, fields, size)


def _own_to_area(fields: list[FieldCandidate]) -> list[FieldCandidate]:
    """The fields but the broad ones the rest of the corpus holds nearly as often (:data:`AREA_LIFT`)."""
    return [f for f in fields if not f.broad or f.share >= AREA_LIFT * f.rest]


def _narrower_first(eligible: list[FieldCandidate], fields: list[FieldCandidate]) -> list[FieldCandidate]:
    """The fields that may name an area, a narrow one scoring above the broad first in :data:`NARROW_AREA` of it first.

    A broad field names an area by what most of it shares; a narrow one that scores higher names what it is:
    ICLR 2024's area of NeRFs, point clouds and text-to-3D is "3D reconstruction and novel view synthesis",
    which holds 0.44 of it, not "Computer vision" (blind readers' means 3.67 and 2.33 in final panel 4; they
    wrote "3D vision and neural fields"). So does a narrow field that is a kind of the broad one, its short name the
    broad one's and more: COLT's areas on the theory of neural networks are "Deep learning theory and
    generalization" (4.00 of 5 in final panel 71), not "Deep learning methods and theory" (3.00). The same short
    name is no kind: "Causal inference and treatment effects" is "Causal inference" with a companion.
    """
    broad = eligible[0]
    wanted = [f for f in fields if not f.broad and not f.part and f.share >= NARROW_AREA]
    narrow = [f for f in wanted if f.score > broad.score or _kind_of(f, broad)]
    return [narrow[0], *eligible] if narrow else eligible


def _kind_of(narrow: FieldCandidate, broad: FieldCandidate) -> bool:
    """Whether a narrow field is a kind of a broad one: its short name is the broad one's and more."""
    return narrow.short.lower().startswith(broad.short.lower() + " ")


def _two_subjects(fields: list[FieldCandidate], ranked: list[Candidate], size: int) -> str | None:
    """A topic no phrase names, named by two narrow fields that together hold :data:`COVERED` of it, or None.

    No phrase names it where none in :data:`HEAD_SHARE` of its papers is of its own (:data:`GENERIC_FOCUS`):
    its best phrase then names a minority, "Retrosynthetic planning" for 2 of ICLR 2024's 22 papers on
    combinatorial optimization and quantum machine learning (blind readers' mean 1.67; they wrote
    "Combinatorial optimization and quantum ML"). Each field is in twice :data:`PART_SHARE` of the topic, with
    :data:`PART_FOCUS` of the corpus's papers holding it in it, as a phrase must be to join a name: fields of
    most of the corpus ("Reinforcement learning" at ICLR) are no subject of the topic's own. The two are chosen
    and written as :func:`_area_fields` names an area.
    """
    # A word alone is no subject: "label", in 22 of ICLR 2024's 68 papers on noisy labels and calibration.
    own_phrase = [c for c in ranked if c.phrase and len(c.papers) >= HEAD_SHARE * size and c.focus >= GENERIC_FOCUS]
    if size <= SMALL or own_phrase:
        return None
    own = [f for f in fields if not f.part and f.focus >= PART_FOCUS]
    return _area_fields(own, size, hold=COVERED, most=2)


def _area_fields(fields: list[FieldCandidate], size: int, hold: float = AREA_FIELDS, most: int = 3) -> str | None:
    """An area no field covers named by two (up to ``most``) narrow fields that together hold ``hold`` of it, or None.

    Each is in twice :data:`PART_SHARE` of the area, best score first, their
    short names of one subject each ("Time series, transformers and neuroscience").
    """
    chosen: list[FieldCandidate] = []
    for f in fields:
        if f.broad or f.share < 2 * PART_SHARE or " and " in f.short:
            continue
        if any(words(f.short) & words(c.short) for c in chosen):
            continue
        if sum(len(c.short.split()) for c in [*chosen, f]) > MAX_SHOWN_WORDS:
            break
        chosen.append(f)
        if len(chosen) == most:
            break
    if len(chosen) < 2 or len(frozenset().union(*(c.papers for c in chosen))) < hold * size:
        return None
    shorts = [chosen[0].short] + [lower_first(c.short) for c in chosen[1:]]
    return ", ".join(shorts[:-1]) + " and " + shorts[-1]


def _topic_field(first: FieldCandidate, fields: list[FieldCandidate], size: int) -> str:
    """A topic's field name, with a second narrow field where the two hold most of a topic the first half covers.

    A broad field beside it says little ("... and learning theory"); two fields
    that together hold :data:`TOPIC_SECOND` of the papers are what the topic is
    ("Knowledge distillation and information retrieval"). The second may be a field another topic is named by
    (``fields`` holds those too): the two names still differ. Kept out, it left IROS 2022's "Visual servoing"
    without its surgical robots and WACV 2024's "Audio-visual learning" without its multimodal models: panel 74
    rated 3 of the 4 labels it changes higher, none lower (2.25 -> 2.83). A field that covers the topic may take
    a second more focused on it (:func:`~analysis.model.naming_second.with_focused`).
    """
    kind = _kind_beside(first, fields, size)
    if kind is not None:
        # "Search and satisfiability" beside a kind of it is a list of three: "Search, satisfiability and ...".
        return f"{first.name.replace(' and ', ', ')} and {lower_first(kind.short)}"
    if first.share >= FIELD_WHOLE:
        return with_focused(first, fields, size)
    narrow = [f for f in fields if not f.broad and len(f.papers | first.papers) >= TOPIC_SECOND * size]
    return with_second(first, narrow, size)


def _kind_beside(first: FieldCandidate, fields: list[FieldCandidate], size: int) -> FieldCandidate | None:
    """A narrow field said beside a field named without its last subject, a kind of it in a fifth of the topic, or None.

    "Video understanding" alone (a field whose last subject the topic does not speak of) is vague: readers rated
    the 20 judged topics and areas so named 2.93 of 5, none good, and their writers named the kind of video work
    ("Video understanding and action recognition"). The kind is a narrow field in twice :data:`PART_SHARE` of the
    topic whose papers are nearly all (:data:`PARENT`) the first's, scoring :data:`SECOND` of it; the most focused
    first. Final panel 87: 4 of 5 topics rated higher (3.13 -> 3.80); of 11 areas 4 higher, 5 lower, so areas keep
    the one subject.
    """
    if not first.whole or first.name == first.whole or size <= SMALL:
        return None
    for other in sorted(fields, key=lambda f: (-f.focus, -f.score, f.name)):
        if other is first or other.broad or other.part or other.share < 2 * PART_SHARE:
            continue
        if other.score < SECOND * first.score or len(other.papers & first.papers) < PARENT * len(other.papers):
            continue
        if " and " not in other.short and not words(other.short) & words(first.name):
            return other
    return None


def _under_broad_field(fields: list[FieldCandidate], ranked: list[Candidate], size: int) -> str | None:
    """The narrow field naming a topic that a broad field covers and no phrase of its own subject does, or None.

    Where a broad field is in :data:`BROAD_MOST` of the topic, or in
    :data:`BROAD_SHARE` scoring as a field must against the best phrase (and
    the group is not small), a narrow field scoring as well and in
    :data:`NARROW_PART` of what the broad one covers names the topic ("3D
    reconstruction and novel view synthesis"). The broad field itself names no
    topic: blind readers scored the 37 topics one named ("Computer vision" for
    object-centric learning, "Large language models") 2.36 of 5 on average, 54%
    of them poor, against 3.33 for the other 980 topic labels judged (every
    panel in bench/ to 2026-12-05); the topic's phrases name it instead. A narrow field that is a kind of the broad
    one (:func:`_narrower_first`) names it where it holds :data:`KIND_TOPIC` of it: ICLR 2024's 67 papers on ReLU
    networks, width and normalization, nine in ten of deep learning and no phrase in a fifth, are "Deep learning
    theory and generalization", not "ReLU networks, width and CNNs" (panel 74: 2.00 -> 3.00).
    """
    best = next((c.score for c in ranked if c.focus >= GENERIC_FOCUS), 0.0)

    def names(f: FieldCandidate) -> bool:
        return f.share >= BROAD_MOST or (size > SMALL and f.share >= BROAD_SHARE and f.score >= FIELD_OVER * best)

    broad = [f for f in fields if f.broad and names(f)]
    if not broad:
        return None
    narrow = [
        f
        for f in fields
        if not f.broad
        and (
            (f.score >= broad[0].score and f.share >= NARROW_PART * broad[0].share)
            or (_kind_of(f, broad[0]) and f.share >= KIND_TOPIC)
        )
    ]
    return narrow[0].name if narrow else None


def _names_better(
    field: FieldCandidate, table: PhraseTable, ranked: list[Candidate], parts: list[Candidate], size: int
) -> bool:
    """Whether ``field`` names the group better than its phrases (:func:`field_name` says when)."""
    head = ranked[0] if ranked else None
    if head is not None and field.score < FIELD_OVER * head.score:
        return False
    if size < FIELD_MIN:
        return False  # a paper or two: their own phrase says more than a field
    # The group's own phrase names most of it: it stays where it is the field's ("Offline RL")
    # or scores as well as the field ("Image classification", not "Transformers and attention").
    most = head is not None and len(head.words) >= 2 and len(head.papers) >= OWN_HEAD * size
    if head is not None and most and (table.index[head.key] in field.columns or field.score <= head.score):
        return False
    # Else the phrases keep it where they name more of the group ("Differential privacy and group fairness").
    # Bare words alone name no subject a field gives way to: ICLR 2018's 31 papers on graph convolutions and
    # node embeddings were "Graph and node" (2.00 of 5), not "Graph neural networks". A small group's word may
    # be its subject ("Fairness").
    spoken = parts if size <= SMALL or any(len(p.words) > 1 for p in parts) else []
    return field.share >= PHRASES_COVER * covered_count(spoken) / size


def covered_count(parts: list[Candidate]) -> int:
    """How many of the group's papers hold one of the parts."""
    return len(set().union(*(p.papers for p in parts))) if parts else 0
