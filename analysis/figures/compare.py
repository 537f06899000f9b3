"""Topic and theme shares per group of papers (source lists, or years) against the other groups.

Model-free: it reads the fitted result's ``topic`` and ``theme`` of each
paper and the papers' ``sources`` and ``year`` (or ``date``) columns.

* Lists: a paper in two source lists counts in both, as in
  :func:`~analysis.figures.theme_breakdown.theme_counts`.
* Years: the year of the paper's ``year`` column, else of its ``date``
  column; a paper with neither is left out of the years (and counted in
  :attr:`Groups.left_out`).

For each group and each topic (or theme): its papers, their share of the
group's papers, and the share among the papers of the other groups (a
paper that is also in another group counts there too). What a group "has
more of" are the topics whose share is most above the others' share. Shares
and differences are ratios of counts rounded to :data:`SHARE_DECIMALS`
decimals, so every machine writes the same numbers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from analysis.corpus.entries import year_of
from analysis.figures.theme_breakdown import source_lists

if TYPE_CHECKING:
    from analysis.model.result import TopicResult

# A group with fewer papers than this is flagged: one paper moves its shares by over 3 points.
SMALL_GROUP = 30
SMALL_NOTE = "few papers, shares are rough"
# Topics (or themes) listed as what a group has more of, and as grown or shrunk over the years.
MORE_LISTED = 3
SHARE_DECIMALS = 4
SHARE_COLUMNS = [
    "group",
    "key",
    "label",
    "papers",
    "total",
    "share",
    "others_papers",
    "others_total",
    "others_share",
    "difference",
]


@dataclass(frozen=True, eq=False)
class Groups:
    """Papers grouped by source list or by year.

    Attributes:
        kind: ``"list"`` or ``"year"``.
        names: The groups in order: lists as they first appear, years ascending.
        members: One row per paper (as in ``result.documents``), one boolean column per group.
    """

    kind: str
    names: tuple[str, ...]
    members: np.ndarray

    @property
    def sizes(self) -> list[int]:
        """Papers in each group, in the order of :attr:`names`."""
        return [int(n) for n in self.members.sum(axis=0)]

    @property
    def left_out(self) -> int:
        """Papers in no group: no source list, or no year."""
        return int((~self.members.any(axis=1)).sum())

    def compared(self) -> bool:
        """Whether there is anything to compare: two groups or more."""
        return len(self.names) >= 2


def _groups(kind: str, per_paper: list[list[str]], names: list[str]) -> Groups:
    """The membership matrix of papers (``per_paper``: the groups of each paper) in ``names``."""
    column = {name: j for j, name in enumerate(names)}
    members = np.zeros((len(per_paper), len(names)), dtype=bool)
    for row, found in enumerate(per_paper):
        members[row, [column[name] for name in found]] = True
    return Groups(kind, tuple(names), members)


def list_groups(result: TopicResult) -> Groups:
    """Papers by source list (a paper in two lists is in both), lists in order of first appearance."""
    per_paper = [source_lists(sources) for sources in result.papers["sources"]]
    names = list(dict.fromkeys(name for found in per_paper for name in found))
    return _groups("list", per_paper, names)


def _year(value: object) -> str:
    """The year in a cell of a ``year`` or ``date`` column, "" for a blank or a cell without one."""
    if value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value)):
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)  # a year column with a gap is read as float: 2024.0 is 2024
    return year_of(value)


def paper_years(papers: pd.DataFrame) -> list[str]:
    """Each paper's year: from its ``year`` column, else from its ``date`` column; "" when neither has one."""
    blank = pd.Series([""] * len(papers), index=papers.index)
    years = papers["year"].map(_year) if "year" in papers else blank
    dates = papers["date"].map(_year) if "date" in papers else blank
    return [year or date for year, date in zip(years, dates, strict=True)]


def year_groups(result: TopicResult) -> Groups:
    """Papers by year, years ascending; papers without a year are in no group."""
    years = paper_years(result.papers)
    names = sorted({year for year in years if year}, key=int)
    return _groups("year", [[year] if year else [] for year in years], names)


def compares_lists(result: TopicResult) -> bool:
    """Whether the papers come from two source lists or more (the list comparison applies)."""
    return list_groups(result).compared()


def has_years(result: TopicResult) -> bool:
    """Whether the papers have two years or more (topics over time apply)."""
    return year_groups(result).compared()


def _keys(result: TopicResult, by: str) -> tuple[list, list[str], np.ndarray]:
    """What to count by: the keys in their order, their labels, and each paper's key."""
    documents = result.documents
    if by == "topic":
        keys = [int(t) for t in result.topics["topic"]]
        labels = [f"{t}: {label}" for t, label in zip(keys, result.topics["label"], strict=True)]
        return keys, labels, documents["topic"].astype(int).to_numpy()
    if by == "theme":
        names = list(result.themes.names)
        return names, names, documents["theme"].astype(str).to_numpy()
    raise ValueError(f"shares are by 'topic' or 'theme', not {by!r}")


def _share(papers: int, total: int) -> float:
    """``papers / total`` rounded to :data:`SHARE_DECIMALS`; 0 for an empty total."""
    return round(papers / total, SHARE_DECIMALS) if total else 0.0


def _against(papers: int, total: int, others_papers: int, others_total: int) -> list:
    """The counts with their shares and the difference of the exact ratios, as in :data:`SHARE_COLUMNS`."""
    exact = (papers / total if total else 0.0) - (others_papers / others_total if others_total else 0.0)
    share, others_share = _share(papers, total), _share(others_papers, others_total)
    return [papers, total, share, others_papers, others_total, others_share, round(exact, SHARE_DECIMALS)]


def group_shares(result: TopicResult, groups: Groups, by: str = "topic") -> pd.DataFrame:
    """Every group against the others, for every topic (``by="topic"``) or theme (``by="theme"``).

    Returns:
        One row per group and key, groups in order, then keys in the topic
        table's (or themes file's) order: ``group``, ``key`` (topic id or
        theme), ``label``, ``papers`` (of the group in it), ``total``
        (papers of the group), ``share``, ``others_papers``,
        ``others_total`` (papers in any other group), ``others_share`` and
        ``difference`` (share minus others' share, from the exact ratios).
    """
    keys, labels, values = _keys(result, by)
    rows = []
    for j, group in enumerate(groups.names):
        mine = groups.members[:, j]
        others = np.delete(groups.members, j, axis=1).any(axis=1)
        for key, label in zip(keys, labels, strict=True):
            has_key = values == key
            counts = (int((mine & has_key).sum()), int(mine.sum()), int((others & has_key).sum()), int(others.sum()))
            rows.append([group, key, label, *_against(*counts)])
    return pd.DataFrame(rows, columns=SHARE_COLUMNS)


def more_of(shares: pd.DataFrame, limit: int = MORE_LISTED) -> pd.DataFrame:
    """What each group has more of than the others: rows of :func:`group_shares` with the largest positive difference.

    At most ``limit`` per group, largest difference first; ties go by the
    key's order (the topic table's, the themes file's).
    """
    ranked = shares.assign(order=range(len(shares)))
    ranked = ranked[(ranked["papers"] > 0) & (ranked["difference"] > 0)]
    ranked = ranked.sort_values(["difference", "order"], ascending=[False, True], kind="stable")
    ranked = ranked.groupby("group", sort=False).head(limit)
    group_order = {group: i for i, group in enumerate(dict.fromkeys(shares["group"]))}
    ranked = ranked.sort_values("group", key=lambda column: column.map(group_order), kind="stable")
    return ranked.drop(columns="order").reset_index(drop=True)


def only_in(shares: pd.DataFrame, group: str, other: str) -> pd.DataFrame:
    """Rows of ``group`` in :func:`group_shares` of two groups whose key has papers there and none in ``other``."""
    if set(shares["group"]) != {group, other}:
        raise ValueError(f"only_in compares two groups; these shares have {sorted(set(shares['group']))}")
    mine = shares[shares["group"] == group]
    return mine[(mine["papers"] > 0) & (mine["others_papers"] == 0)].reset_index(drop=True)


def change_between(shares: pd.DataFrame, first: str, last: str) -> pd.DataFrame:
    """How each key's share changed from group ``first`` to group ``last`` (the first and last year).

    Returns:
        One row per key with papers in either group, in the key's order:
        ``key``, ``label``, ``first_papers``, ``first_total``,
        ``last_papers``, ``last_total``, ``change`` (last share minus first,
        from the exact ratios, rounded).
    """
    columns = ["key", "label", "papers", "total"]
    before = shares.loc[shares["group"] == first, columns].reset_index(drop=True)
    after = shares.loc[shares["group"] == last, columns].reset_index(drop=True)
    frame = before.rename(columns={"papers": "first_papers", "total": "first_total"})
    frame[["last_papers", "last_total"]] = after[["papers", "total"]]
    exact = frame["last_papers"] / frame["last_total"] - frame["first_papers"] / frame["first_total"]
    frame["change"] = [round(float(value), SHARE_DECIMALS) for value in exact]
    return frame[(frame["first_papers"] > 0) | (frame["last_papers"] > 0)].reset_index(drop=True)


def grew_and_shrank(change: pd.DataFrame, limit: int = MORE_LISTED) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The rows of :func:`change_between` that grew most and shrank most (``limit`` each; ties by key order)."""
    ranked = change.assign(order=range(len(change)))
    grew = ranked[ranked["change"] > 0].sort_values(["change", "order"], ascending=[False, True], kind="stable")
    shrank = ranked[ranked["change"] < 0].sort_values(["change", "order"], kind="stable")
    return grew.head(limit).drop(columns="order"), shrank.head(limit).drop(columns="order")
