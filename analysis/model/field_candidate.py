"""A field of the lexicon weighed as a group's name (read by :mod:`analysis.model.naming_fields` and its helpers)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["FieldCandidate"]


@dataclass(frozen=True)
class FieldCandidate:
    """A field of the lexicon as a group's name: its name, score, the share of the group it covers."""

    name: str
    score: float
    share: float
    papers: frozenset[int]
    columns: frozenset[int]
    broad: bool
    short: str
    # Whether a paper must also hold one of its needs: of two fields scoring the same, one with needs is narrower.
    needs: bool = False
    # Whether it is a part of the venue's broad field ("3D vision" at CVPR): it names areas only.
    part: bool = False
    # The share of the corpus's papers holding it that are in the group.
    focus: float = 1.0
    # The share of the corpus's other papers (those not in the group) holding it.
    rest: float = 0.0
    # Its name in the lexicon where a group may be named without its last subject
    # (:func:`~analysis.model.field_table.said_name`): a group named so takes it from the others.
    whole: str = ""
