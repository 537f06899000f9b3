"""Finer topics: a level below the topics from :data:`FINE_FROM` papers on, so a whole conference reads at three depths.

The fit's clustering is Ward's (:mod:`analysis.model.clustering`), cut at
the topics. Below that cut each topic is a subtree of the same tree, and a
Ward merge inside one topic depends only on that topic's papers, so Ward's
clustering of one topic's papers (in the space the fit clustered) is that
subtree. Cut deeper, it gives the finer topics: every finer topic lies
inside one topic, and every paper is in exactly one.

How deep follows the topic's size: a topic of n papers is cut into
round(n / :data:`FINE_SIZE`) subclusters of at least :data:`FINE_MIN`
papers (at least one); the few outlying papers Ward's tree splits off near
its top join the subcluster nearest them (:func:`split_topic`). Finer topics are
numbered topic by topic, largest first within a topic (ties: the one
holding the smallest ``doc_id``), so their ids do not depend on the order of
the rows. Below :data:`FINE_FROM` papers there is no finer level: the
topics are small enough to read.

:func:`finer_topics` is pure (arrays in, ids out); :func:`with_finer` adds
the ``subtopic`` and ``subtopic_label`` columns to a fit's documents, the
labels made by the one describe step (:func:`analysis.model.describe.describe`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import ArrayLike

if TYPE_CHECKING:
    import pandas as pd

    from analysis.model.naming_nearest import Nearness
    from analysis.model.result import TopicPieces
    from analysis.progress import Stages

# A corpus of this many papers and more gets finer topics (a 20,000-paper conference: about 440).
FINE_FROM = 5_000
# Papers a finer topic aims at ...
FINE_SIZE = 45
# ... and the fewest it may hold: a topic is cut into fewer pieces rather than leave a crumb.
FINE_MIN = 15
# Distances from an added paper to the fitted papers are compared at this many digits (relative to the largest).
DISTANCE_DIGITS = 9


def finer_count(n_papers: int) -> int:
    """Into how many finer topics a topic of ``n_papers`` papers is cut, at most."""
    return max(1, round(n_papers / FINE_SIZE))


def split_topic(vectors: ArrayLike, keys: ArrayLike) -> np.ndarray:
    """One topic's papers cut into finer topics along their Ward subtree (see the module).

    The subtree is cut as shallow as gives :func:`finer_count` pieces of at
    least :data:`FINE_MIN` papers (Ward's tree often splits off a handful of
    outlying papers near its top); each smaller piece then joins the large
    piece it costs least to merge with by Ward's rule (costs rounded to
    :data:`DISTANCE_DIGITS` digits; ties: the piece holding the smallest key).

    Args:
        vectors: The topic's papers in the space the fit clustered, one row each.
        keys: Their ``doc_id`` values.

    Returns:
        Each paper's piece, numbered 0..k-1 in no particular order.
    """
    vectors = np.asarray(vectors, dtype=np.float64)
    wanted = finer_count(len(vectors))
    single = np.zeros(len(vectors), dtype=np.int64)
    if wanted == 1:
        return single
    from scipy.cluster.hierarchy import linkage

    merges = linkage(vectors, method="ward")
    best, best_large = single, 1
    for pieces in range(wanted, min(len(vectors), 4 * wanted + 10) + 1):
        cut = _cut(merges, len(vectors), pieces)
        large = int((np.bincount(cut) >= FINE_MIN).sum())
        if large > best_large:
            best, best_large = cut, large
        if large >= wanted:
            break
    return _crumbs_joined(best, vectors, np.asarray(keys).astype(str)) if best_large > 1 else single


def _crumbs_joined(cut: np.ndarray, vectors: np.ndarray, keys: np.ndarray) -> np.ndarray:
    """The pieces of ``cut`` smaller than :data:`FINE_MIN` merged into the large piece of least Ward cost."""
    sizes = np.bincount(cut)
    large = np.flatnonzero(sizes >= FINE_MIN)
    centroids = np.vstack([vectors[cut == p].mean(axis=0) for p in large])
    first_key = [min(keys[cut == p].tolist()) for p in large]
    joined = cut.copy()
    for crumb in np.flatnonzero(sizes < FINE_MIN).tolist():
        centre = vectors[cut == crumb].mean(axis=0)
        costs = sizes[large] * sizes[crumb] / (sizes[large] + sizes[crumb]) * ((centroids - centre) ** 2).sum(axis=1)
        rounded = np.round(costs / max(float(costs.max()), 1e-300), DISTANCE_DIGITS)
        joined[cut == crumb] = large[min(range(len(large)), key=lambda i: (rounded[i], first_key[i]))]
    return np.unique(joined, return_inverse=True)[1].astype(np.int64)


def _cut(merges: np.ndarray, n: int, pieces: int) -> np.ndarray:
    """The clusters of a scipy linkage after its first ``n - pieces`` merges, numbered 0..pieces-1."""
    parent = np.arange(2 * n - 1)
    for step, (a, b) in enumerate(merges[: n - pieces, :2].astype(np.int64)):
        parent[a] = parent[b] = n + step
    roots = np.arange(n)
    for _ in range(n):  # follow each leaf up to its cluster (the merges form a tree: at most n steps)
        up = parent[roots]
        if np.array_equal(up, roots):
            break
        roots = up
    return np.unique(roots, return_inverse=True)[1].astype(np.int64)


def finer_topics(topics: ArrayLike, space: ArrayLike, keys: ArrayLike) -> np.ndarray:
    """Each paper's finer topic: every topic split by :func:`split_topic`, the pieces numbered across topics.

    Args:
        topics: Each paper's topic.
        space: Each paper's vector in the space the fit clustered.
        keys: Each paper's ``doc_id`` (breaks ties between equal pieces, whatever the row order).

    Returns:
        Each paper's finer topic: those of topic 0 first, largest first within a topic.
    """
    topics = np.asarray(topics)
    space = np.asarray(space, dtype=np.float64)
    keys = np.asarray(keys).astype(str)
    finer = np.empty(len(topics), dtype=np.int64)
    next_id = 0
    for topic in np.unique(topics).tolist():
        rows = np.flatnonzero(topics == topic)
        pieces = split_topic(space[rows], keys[rows])
        groups = [rows[pieces == p] for p in range(int(pieces.max()) + 1)]
        for group in sorted(groups, key=lambda g: (-len(g), min(keys[g].tolist()))):
            finer[group] = next_id
            next_id += 1
    return finer


def has_finer_level(n_papers: int) -> bool:
    """Whether a corpus of ``n_papers`` papers gets finer topics."""
    return n_papers >= FINE_FROM


def with_finer(
    papers: pd.DataFrame,
    pieces: TopicPieces,
    documents: pd.DataFrame,
    stages: Stages,
    nearness: Nearness | None = None,
) -> pd.DataFrame:
    """A fit's documents with ``subtopic`` and ``subtopic_label`` after ``area_label`` (from :data:`FINE_FROM` papers).

    The finer topics of ``pieces.paper_topics`` in the space the fit
    clustered (``pieces.reduced``, else its features), labelled by the
    describe step from their c-TF-IDF (weak names weighed by ``nearness``, as
    the topics' are), timed as the stage ``finer``. A smaller corpus's
    documents are returned as they are (and no stage is timed).
    """
    if not has_finer_level(len(documents)):
        return documents
    with stages("finer"):
        return _with_finer(papers, pieces, documents, nearness)


def _with_finer(
    papers: pd.DataFrame, pieces: TopicPieces, documents: pd.DataFrame, nearness: Nearness | None
) -> pd.DataFrame:
    from analysis.embedding.cache import document_texts, topic_texts
    from analysis.model.ctfidf import class_tfidf
    from analysis.model.describe import describe, paper_titles

    space = pieces.features if pieces.reduced is None else pieces.reduced
    finer = finer_topics(pieces.paper_topics, space, documents["doc_id"].to_numpy())
    tfidf = class_tfidf(topic_texts(papers), finer, pieces.latin, pieces.min_df)
    texts = document_texts(papers)
    labels = describe(tfidf, texts, finer, pieces.latin, titles=paper_titles(papers), nearness=nearness).labels
    documents = documents.copy()
    at = documents.columns.get_loc("area_label") + 1
    documents.insert(at, "subtopic", finer)
    documents.insert(at + 1, "subtopic_label", [labels[s] for s in finer.tolist()])
    return documents


def added_finer(
    documents: pd.DataFrame, fitted: ArrayLike, new_topics: ArrayLike, new: ArrayLike, new_labels: dict[int, str]
) -> tuple[np.ndarray, list[str]]:
    """The finer topics of added papers: their nearest fitted paper's of the same topic; old papers never move.

    A paper of a new topic (a group of misfits) has no fitted paper in its
    topic: each new topic is one finer topic of its own, numbered after the
    fitted ones and labelled as the topic. Distances are squared, in the
    space the fit clustered, rounded to :data:`DISTANCE_DIGITS` digits; a tie
    goes to the fitted paper listed first.

    Args:
        documents: The fitted papers' table (``topic``, ``subtopic``, ``subtopic_label``).
        fitted: The fitted papers' vectors, one row each.
        new_topics: Each added paper's topic.
        new: The added papers' vectors, in the same space.
        new_labels: The labels of the new topics.

    Returns:
        Each added paper's finer topic and its label.
    """
    topics = documents["topic"].to_numpy()
    finer = documents["subtopic"].to_numpy()
    label_of = dict(zip(finer.tolist(), documents["subtopic_label"].tolist(), strict=False))
    fitted, new, new_topics = (np.asarray(a, dtype=np.float64) for a in (fitted, new, new_topics))
    new_topics = new_topics.astype(np.int64)
    chosen = np.empty(len(new_topics), dtype=np.int64)
    next_id = int(finer.max()) + 1
    for topic in np.unique(new_topics).tolist():
        rows = np.flatnonzero(new_topics == topic)
        members = np.flatnonzero(topics == topic)
        if len(members) == 0:
            chosen[rows] = next_id
            label_of[next_id] = new_labels[topic]
            next_id += 1
            continue
        gaps = ((new[rows, None, :] - fitted[None, members, :]) ** 2).sum(axis=2)
        scale = np.maximum(gaps.max(axis=1, keepdims=True), 1e-300)
        chosen[rows] = finer[members[np.argmin(np.round(gaps / scale, DISTANCE_DIGITS), axis=1)]]
    return chosen, [label_of[s] for s in chosen.tolist()]
