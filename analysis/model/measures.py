"""What the figures and the report show, measured once here: ``figures/`` only draws and ``report/`` only writes.

* Vectors: :func:`unit_rows` and :func:`topic_centroids`, the one centroid
  arithmetic (the mean of a group's rows, or of its unit rows, scaled to unit
  length), used by the fit's assignment, ``transform``, the similarity and
  hierarchy figures and the reading order.
* Shares per group of papers, source lists or years, against the other
  groups (:func:`group_shares`), and per theme and list (:func:`theme_counts`).
* The report's reading order (:func:`reading_order`) and its cross-theme
  pairs (:func:`cross_theme_pairs`).

Every measure is model-free: it reads the fitted result's per-paper
``topic``, ``theme`` and ``theme_score``, its embeddings and the papers'
``sources`` and ``year`` (or ``date``) columns.

Groups of papers:

* Lists: a paper in two source lists counts in both.
* Years: the year of the paper's ``year`` column, else of its ``date``
  column; a paper with neither is left out of the years (and counted in
  :attr:`Groups.left_out`).

For each group and each topic (or theme): its papers, their share of the
group's papers, and the share among the papers of the other groups (a
paper that is also in another group counts there too). What a group "has
more of" are the topics whose share is most above the others' share. Shares
and differences are ratios of counts rounded to :data:`SHARE_DECIMALS`
decimals, and cosines are ranked as shown (two decimals), so every machine
writes the same numbers.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike

from analysis.corpus.entries import year_of
from analysis.model.themes import round_as_shown

if TYPE_CHECKING:
    from analysis.model.themes import ThemeSet


class TopicRecord(Protocol):
    """What the measures read of a fitted run (:class:`analysis.model.result.TopicRecord` has it).

    A protocol, not an import: the record's pieces import the low-level
    measures (unit rows, centroids), so the record cannot be imported back here.
    """

    documents: pd.DataFrame
    topics: pd.DataFrame
    papers: pd.DataFrame
    themes: ThemeSet

    @property
    def embeddings(self) -> np.ndarray | None:
        """Per paper: its embedding."""
        ...

    def documents_with(self, *columns: str) -> pd.DataFrame:
        """The documents with ``columns`` of the paper table beside them."""
        ...


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
# Cross-theme pairs listed in the report, and the rows compared at a time.
MAX_PAIRS = 8
_PAIR_BLOCK = 1024


def unit_rows(vectors: ArrayLike) -> np.ndarray:
    """The rows scaled to unit length, in float64 (a zero row stays zero): cosines become dot products."""
    vectors = np.asarray(vectors, dtype=np.float64)
    return vectors / np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)


def topic_centroids(
    vectors: ArrayLike, topics: ArrayLike, ids: Sequence | None = None, unit_first: bool = False
) -> tuple[np.ndarray, np.ndarray]:
    """Each group's id and its centroid: the unit-length mean of its rows of ``vectors``.

    The groups are topics (or any labels, themes too), one per row of
    ``vectors``. Two arithmetics, each kept where its numbers are written:
    the fit's assignment and ``transform`` average the rows as they are
    (``unit_first=False``); the report's similarities (the topic similarity
    and hierarchy figures, the reading order) average the unit rows, so that
    every paper weighs the same (``unit_first=True``).

    Args:
        vectors: One row per paper.
        topics: Each row's group.
        ids: The groups wanted, in this order (default: every group, sorted).
        unit_first: Scale the rows to unit length before averaging.

    Returns:
        The ids (a numpy array) and one unit-length centroid row per id, in float64.
    """
    vectors = unit_rows(vectors) if unit_first else np.asarray(vectors, dtype=np.float64)
    topics = np.asarray(topics)
    ids_array = np.unique(topics) if ids is None else np.asarray(ids)
    return ids_array, unit_rows(np.vstack([vectors[topics == t].mean(axis=0) for t in ids_array]))


def _embeddings(result: TopicRecord) -> np.ndarray:
    """The papers' embeddings; the report's similarities (centroids, reading order, pairs) need them."""
    if result.embeddings is None:
        raise ValueError("this result kept no embeddings: the report's similarities need them")
    return result.embeddings


def table_centroids(result: TopicRecord) -> tuple[list[int], np.ndarray]:
    """Topic ids in the topic table's order (largest first) and each topic's centroid of unit embeddings."""
    ids = [int(t) for t in result.topics["topic"]]
    _, centroids = topic_centroids(_embeddings(result), result.documents["topic"].to_numpy(), ids, unit_first=True)
    return ids, centroids


def reading_order(result: TopicRecord) -> pd.DataFrame:
    """Papers of each theme, most central first.

    Central means close both to the theme's definition (the paper's theme
    score) and to the other papers of the theme (cosine to the theme's
    centroid of unit embeddings): the mean of the two. The first papers are
    the most typical of the theme, a good way in; the last are its
    outskirts. For the "other" papers only the second counts. Ties break by name.

    Returns:
        One row per paper: ``row`` (position in ``result.documents``), ``theme``,
        ``rank`` (1 = read first), ``centrality``.
    """
    vectors = unit_rows(_embeddings(result))
    themes = result.documents["theme"].to_numpy()
    names = result.documents["name"].astype(str).to_numpy()
    present = [theme for theme in result.themes.names if (themes == theme).any()]
    centres = topic_centroids(vectors, themes, present)[1] if present else np.empty((0, vectors.shape[1]))
    frames = []
    for theme, centre in zip(present, centres, strict=True):
        rows = np.flatnonzero(themes == theme)
        centrality = vectors[rows] @ centre
        if theme != result.themes.other:
            centrality = (centrality + result.documents["theme_score"].to_numpy()[rows]) / 2
        # Ranked as shown, ties by name: the same reading order on every machine.
        centrality = round_as_shown(centrality)
        frame = pd.DataFrame({"row": rows, "theme": theme, "centrality": centrality, "name": names[rows]})
        frame = frame.sort_values(["centrality", "name"], ascending=[False, True], kind="stable")
        frame["rank"] = np.arange(1, len(frame) + 1)
        frames.append(frame.drop(columns="name"))
    return pd.concat(frames, ignore_index=True)


def cross_theme_pairs(result: TopicRecord, limit: int = MAX_PAIRS) -> pd.DataFrame:
    """The most similar pairs of papers (cosine of embeddings) whose themes differ.

    Papers of the "other" theme are left out: they have their own section.
    Rows are compared a block at a time, so memory stays linear in the
    number of papers (a full similarity matrix of 20,000 papers is 1.6 GB).
    """
    vectors = unit_rows(_embeddings(result))
    themes = result.documents["theme"].to_numpy()
    named = themes != result.themes.other
    found_first, found_second, found_values = [], [], []
    for start in range(0, len(vectors), _PAIR_BLOCK):
        rows = np.arange(start, min(start + _PAIR_BLOCK, len(vectors)))
        # Ranked as shown (two decimals), ties by row: float noise cannot reorder pairs.
        similarity = round_as_shown(vectors[rows] @ vectors.T)
        keep = (themes[rows][:, None] != themes[None, :]) & named[rows][:, None] & named[None, :]
        keep &= rows[:, None] < np.arange(len(vectors))[None, :]
        first, second = np.nonzero(keep)
        values = similarity[first, second]
        best = np.lexsort((second, first + start, -values))[:limit]
        found_first.append(first[best] + start)
        found_second.append(second[best])
        found_values.append(values[best])
    first, second, values = (
        np.concatenate(x) if x else np.array([], dtype=int) for x in (found_first, found_second, found_values)
    )
    order = np.lexsort((second, first, -values))[:limit]
    return pd.DataFrame({"first": first[order], "second": second[order], "cosine": values[order]})


def source_lists(sources: str) -> list[str]:
    """The files a paper appeared in, from ``"a.txt:1; b.txt:8"`` (each file once, in order)."""
    files = []
    for place in str(sources).split(";"):
        name = place.strip().rsplit(":", 1)[0]
        if name and name not in files:
            files.append(name)
    return files


def theme_counts(result: TopicRecord) -> pd.DataFrame:
    """Papers per theme overall (``list`` = "all papers") and per source list, with their share of the list.

    A paper that appeared in two lists counts once in each.
    """
    documents = result.documents_with("sources")
    rows = [{"list": "all papers", "theme": theme} for theme in documents["theme"]]
    for theme, sources in zip(documents["theme"], documents["sources"], strict=True):
        rows.extend({"list": name, "theme": theme} for name in source_lists(sources))
    frame = pd.DataFrame(rows, columns=["list", "theme"])
    counts = frame.groupby(["list", "theme"], sort=False).size().rename("papers").reset_index()
    counts["share"] = (counts["papers"] / counts.groupby("list")["papers"].transform("sum")).round(4)
    return counts


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


def list_groups(result: TopicRecord) -> Groups:
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


def year_groups(result: TopicRecord) -> Groups:
    """Papers by year, years ascending; papers without a year are in no group."""
    years = paper_years(result.papers)
    names = sorted({year for year in years if year}, key=int)
    return _groups("year", [[year] if year else [] for year in years], names)


def compares_lists(result: TopicRecord) -> bool:
    """Whether the papers come from two source lists or more (the list comparison applies)."""
    return list_groups(result).compared()


def has_years(result: TopicRecord) -> bool:
    """Whether the papers have two years or more (topics over time apply)."""
    return year_groups(result).compared()


def _keys(result: TopicRecord, by: str) -> tuple[list, list[str], np.ndarray]:
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


def group_shares(result: TopicRecord, groups: Groups, by: str = "topic") -> pd.DataFrame:
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
