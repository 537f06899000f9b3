"""Areas: a level above the topics, so a whole conference reads at a glance.

The fit's clustering is Ward's (:mod:`analysis.model.clustering`), cut at
the topics. Ward's merge cost between two groups depends only on their
centroids and sizes, ``sa * sb / (sa + sb) * |ca - cb|^2``, so merging the
topics on from their centroids (in the space the fit clustered) and sizes
continues the same tree: the areas are a cut of it, higher up. Every topic
is in exactly one area, and the areas nest the topics.

Float noise never decides a merge: costs are compared at
:data:`COST_DIGITS` significant digits of the largest first cost, and a tie
goes to the pair whose lower topic ids come first. Areas are numbered by
size, largest first (ties: the area holding the lower topic).

:func:`topic_areas` is pure (arrays in, ids out); :func:`area_columns` adds
the ``area`` and ``area_label`` columns to a fit's tables, the labels made
by the describe step (:func:`analysis.model.describe.describe_areas`, the topics' labeller) over
each area's papers.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import ArrayLike

if TYPE_CHECKING:
    import pandas as pd

    from analysis.model.naming_nearest import Nearness
    from analysis.model.result import TopicPieces

# Areas: 1.5 log2(n / 10), from 2 (26 papers) to 12 (2,260) and 16 (20,000 and more) ...
MIN_AREAS = 2
MAX_AREAS = 16
# ... and at most one area per two topics, so that an area groups topics.
TOPICS_PER_AREA = 2
# Merge costs are rounded to this many digits (relative to the largest first cost): ties within noise are exact ties.
COST_DIGITS = 9


def area_count(n_papers: int, n_topics: int) -> int:
    """How many areas a corpus of ``n_papers`` papers in ``n_topics`` topics gets (1 for fewer than 4 topics)."""
    wanted = round(1.5 * math.log2(max(n_papers, 1) / 10)) if n_papers > 10 else MIN_AREAS
    return max(1, min(MAX_AREAS, max(MIN_AREAS, wanted), n_topics // TOPICS_PER_AREA))


def topic_areas(centroids: ArrayLike, sizes: ArrayLike, n_papers: int) -> np.ndarray:
    """Each topic's area: the topics merged by Ward's rule down to :func:`area_count` groups.

    Args:
        centroids: One row per topic (topic ids 0..k-1 in order): the mean of
            its papers in the space the fit clustered.
        sizes: Each topic's number of papers.
        n_papers: The corpus size (sets the number of areas).

    Returns:
        One area id per topic, areas numbered by size (0 the largest).
    """
    centroids = np.asarray(centroids, dtype=np.float64)
    sizes = np.asarray(sizes, dtype=np.float64)
    groups = _ward_groups(centroids, sizes, area_count(n_papers, len(sizes)))
    return _numbered_by_size(groups, sizes)


def _ward_groups(centroids: np.ndarray, sizes: np.ndarray, wanted: int) -> list[list[int]]:
    """Topics merged two at a time, cheapest Ward cost first, until ``wanted`` groups remain."""
    groups = [[t] for t in range(len(sizes))]
    means = [c.copy() for c in centroids]
    weights = list(sizes)
    scale = None
    while len(groups) > max(wanted, 1):
        costs = _pair_costs(means, weights)
        if scale is None:  # the first costs set the precision every later cost is compared at
            scale = max(max(costs.values()), 1e-300)
        a, b = min(costs, key=lambda p: (round(costs[p] / scale, COST_DIGITS), groups[p[0]][0], groups[p[1]][0]))
        total = weights[a] + weights[b]
        means[a] = (weights[a] * means[a] + weights[b] * means[b]) / total
        weights[a] = total
        groups[a] = sorted(groups[a] + groups[b])
        del groups[b], means[b], weights[b]
    return groups


def _pair_costs(means: list[np.ndarray], weights: list[float]) -> dict[tuple[int, int], float]:
    """Ward's merge cost of every pair of groups (their indices, lower first)."""
    costs = {}
    for a in range(len(means)):
        for b in range(a + 1, len(means)):
            gap = means[a] - means[b]
            costs[a, b] = weights[a] * weights[b] / (weights[a] + weights[b]) * float(gap @ gap)
    return costs


def _numbered_by_size(groups: list[list[int]], sizes: np.ndarray) -> np.ndarray:
    order = sorted(groups, key=lambda g: (-sum(int(sizes[t]) for t in g), g[0]))
    areas = np.empty(len(sizes), dtype=np.int64)
    for area, group in enumerate(order):
        areas[group] = area
    return areas


def area_columns(
    texts: list[str],
    topic_texts: list[str],
    topics: ArrayLike,
    space: ArrayLike,
    latin: bool,
    min_df: int = 1,
    titles: list[str] | None = None,
    nearness: Nearness | None = None,
) -> tuple[np.ndarray, dict[int, str]]:
    """Each paper's area and each area's label, for a fit's papers.

    Args:
        texts: Each paper's text, markup removed (what labels are read from).
        topic_texts: Each paper's text as c-TF-IDF counts it.
        topics: Each paper's topic (ids 0..k-1).
        space: Each paper's vector in the space the fit clustered.
        latin: Whether the texts have Latin-alphabet words.
        min_df: ``min_df`` of the c-TF-IDF vectoriser.
        titles: Each paper's title (``""`` where none; default: none), what areas are mostly named from.
        nearness: The papers' embeddings and their encoder (:mod:`analysis.model.naming_nearest`).

    Returns:
        The area of each paper, and the label of each area.
    """
    from analysis.model.ctfidf import class_tfidf, rank_topic_terms
    from analysis.model.describe import describe_areas

    topics = np.asarray(topics)
    space = np.asarray(space, dtype=np.float64)
    ids = np.unique(topics)
    centroids = np.vstack([space[topics == t].mean(axis=0) for t in ids])
    sizes = np.array([int((topics == t).sum()) for t in ids])
    per_topic = dict(zip(ids.tolist(), topic_areas(centroids, sizes, len(topics)).tolist(), strict=True))
    areas = np.array([per_topic[t] for t in topics.tolist()], dtype=np.int64)
    ctfidf = class_tfidf(topic_texts, areas, latin, min_df)
    ranked = rank_topic_terms(ctfidf.matrix, ctfidf.words, ctfidf.topics)
    terms = {a: [w for w, _ in words] for a, words in ranked.items()}
    return areas, describe_areas(terms, texts, areas, latin, titles, topics, nearness)


def with_areas(
    papers: pd.DataFrame,
    pieces: TopicPieces,
    documents: pd.DataFrame,
    topics: pd.DataFrame,
    nearness: Nearness | None = None,
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """A fit's documents and topics tables with ``area`` and ``area_label`` (after ``topic_label`` / ``label``).

    The one call a fit makes: the areas of ``pieces.topics`` in the space
    the fit clustered (``pieces.reduced``, else its features).
    """
    from analysis.embedding.cache import document_texts
    from analysis.embedding.cache import topic_texts as counted_texts
    from analysis.model.describe import paper_titles
    from analysis.text import strip_markup

    space = pieces.features if pieces.reduced is None else pieces.reduced
    texts = [strip_markup(t) for t in document_texts(papers)]
    areas, labels = area_columns(
        texts,
        counted_texts(papers),
        pieces.paper_topics,
        space,
        pieces.latin,
        pieces.min_df,
        paper_titles(papers),
        nearness,
    )
    documents = documents.copy()
    at = documents.columns.get_loc("topic_label") + 1
    documents.insert(at, "area", areas)
    documents.insert(at + 1, "area_label", [labels[a] for a in areas.tolist()])
    topic_area = dict(zip(documents["topic"].tolist(), areas.tolist(), strict=False))
    topics = topics.copy()
    at = topics.columns.get_loc("label") + 1
    topics.insert(at, "area", [topic_area[t] for t in topics["topic"].tolist()])
    topics.insert(at + 1, "area_label", [labels[a] for a in topics["area"].tolist()])
    return documents, topics


def added_areas(documents: pd.DataFrame, fitted: ArrayLike, new_topics: ArrayLike, new: ArrayLike) -> np.ndarray:
    """The areas of added papers: their topic's, and for a new topic the area of the fitted topic nearest it.

    Papers already here keep their areas (adding moves nothing). A new
    topic's centroid is compared with the fitted topics' centroids in the
    same space (squared distance rounded to :data:`COST_DIGITS` digits; a tie
    goes to the lower topic).

    Args:
        documents: The fitted papers' table (``topic`` and ``area``).
        fitted: The fitted papers' vectors, one row each.
        new_topics: Each added paper's topic.
        new: The added papers' vectors, in the same space.
    """
    topics = documents["topic"].to_numpy()
    area_of = dict(zip(topics.tolist(), documents["area"].tolist(), strict=False))
    fitted, new, new_topics = (np.asarray(a) for a in (fitted, new, new_topics))
    ids = np.unique(topics)
    centroids = np.vstack([fitted[topics == t].mean(axis=0) for t in ids])
    for topic in sorted(set(new_topics.tolist()) - set(area_of)):
        gaps = ((centroids - new[new_topics == topic].mean(axis=0)) ** 2).sum(axis=1)
        scale = max(float(gaps.max()), 1e-300)
        area_of[topic] = area_of[int(ids[np.lexsort((ids, np.round(gaps / scale, COST_DIGITS)))[0]])]
    return np.array([area_of[t] for t in new_topics.tolist()], dtype=np.int64)
