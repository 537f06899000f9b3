"""A second subject beside a group's field: the field that joins it in the name ("A and B"), and when.

The fields of a group are :class:`~analysis.model.field_candidate.FieldCandidate`s; :mod:`analysis.model.naming_fields`
chooses the first, these the second.
"""

from __future__ import annotations

from analysis.model.field_candidate import FieldCandidate
from analysis.model.naming_text import MAX_SHOWN_WORDS, joined_fields
from analysis.model.naming_weights import ADDS, FOCUSED_SECOND, PARENT, PART_SHARE, SECOND

__all__ = ["second_field", "with_focused", "with_second", "words"]


def with_focused(first: FieldCandidate, fields: list[FieldCandidate], size: int) -> str:
    """A field of one subject that covers a topic, with a narrow field in :data:`FOCUSED_SECOND` of it more focused.

    The second field's papers are the topic's more than the first's are: it is what sets the topic apart from the
    other groups the first field is in ("Submodular optimization and active learning", "Differential privacy and
    federated learning"). Readers rated the two subjects above the first alone; a field already of two subjects
    stays as it is (three subjects read as a list). Dev panel 135 (``bench/``): of the 4,992 labels of 177 fitted
    venues it renames 5 topics, 4 rated higher, none lower (2.93 -> 3.80).
    """
    if " and " in first.name:
        return first.name
    focused = [f for f in fields if not f.broad and f.share >= FOCUSED_SECOND and f.focus > first.focus]
    return with_second(first, focused, size)


def with_second(first: FieldCandidate, fields: list[FieldCandidate], size: int) -> str:
    """A group's field name, with a second field where one covers :data:`ADDS` of the group more (topics and areas)."""
    second = second_field(first, fields, size)
    return first.name if second is None else joined_fields((first.name, first.short, first.broad), second.short)


def second_field(first: FieldCandidate, fields: list[FieldCandidate], size: int) -> FieldCandidate | None:
    """The best field beside ``first`` in twice :data:`PART_SHARE` of the group, adding :data:`ADDS` of it.

    Two fields are named by their short names ("Reinforcement learning and watermarking"); a
    short name with its own "and" joins no other.
    """
    for other in fields:
        if other is first or other.share < PART_SHARE * 2 or other.score < SECOND * first.score:
            continue
        if len(other.papers - first.papers) < ADDS * size or " and " in other.short or first.short == other.short:
            continue
        if len(first.short.split()) + len(other.short.split()) > MAX_SHOWN_WORDS or " and " in first.short:
            continue
        if other.broad and len(other.papers & first.papers) >= PARENT * len(first.papers):
            continue  # the field that holds the first ("Reinforcement learning" of "Bandits") is no second subject
        if words(other.short) & words(first.name):
            continue  # "Causal inference and causal discovery" says one subject twice
        if other.part and not first.part:
            continue  # "Vision-language, multimodal models and recognition": the venue's part says less than the field
        return other
    return None


def words(name: str) -> set[str]:
    """A name's words in lower case, "and" left out."""
    return {w for w in name.lower().replace(",", " ").split() if w != "and"}
