"""The rules that place new papers in a fitted run, as pure functions over a partition of papers.

:func:`analysis.model.incremental.add_batch` applies them to a batch, and
:func:`analysis.model.sampled.fit_sampled` to every paper outside its sample;
each is a function of one partition's rows and a frozen rule (:class:`FitRule`,
:class:`MapRule`), so papers may be split into any partitions, run anywhere:

* rule 2 (:func:`nearest_fitting`): a paper joins its nearest topic when it fits there;
* rule 3 (:func:`grouped_misfits`, on all the misfits at once): misfits that
  cluster together form new topics, a lone misfit stays in its nearest topic;
* rule 5 (:func:`placed`): a paper's map place follows its nearest papers of its topic.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analysis.model.clustering import MIN_CLUSTERED, nearest_centroid, size_parameters, ward_clustering
from analysis.model.layout import MAP_DECIMALS
from analysis.model.measures import topic_centroids, unit_rows
from analysis.model.themes import round_as_shown

# A new paper fits a topic when its cosine to the centroid reaches this
# quantile of the topic's own papers' cosines (both as shown); 0 is the
# loosest own paper: a new paper fits when it lies within the topic's own
# spread, the rule as the issue on adding papers states it. (It was once
# compared with 0.05 and 0.1 on the NMI that bench_add reports, so that NMI
# is not an unseen measure of this constant; the placement in the clustered
# space was chosen by agreement with a refit instead.)
FIT_QUANTILE = 0.0
# Misfits that cluster in groups of at least this many papers form a new topic.
MIN_NEW_TOPIC = 3
# A new paper's map place: the mean of this many nearest papers of its topic.
MAP_NEIGHBOURS = 3


def fit_thresholds(embeddings: np.ndarray, topics: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each topic's id, centroid and fit threshold: :data:`FIT_QUANTILE` of its papers' cosines, as shown."""
    ids, centroids = topic_centroids(embeddings, topics)
    cosines = round_as_shown(np.sum(unit_rows(embeddings) * centroids[np.searchsorted(ids, topics)], axis=1))
    limits = [np.quantile(cosines[topics == t], FIT_QUANTILE, method="lower") for t in ids]
    return ids, centroids, round_as_shown(np.asarray(limits))


@dataclass(frozen=True)
class FitRule:
    """What rule 2 needs to place a paper, frozen once per run: each topic's id, centroid and fit threshold.

    Attributes:
        ids: The topics, ascending.
        centroids: Their unit-length mean embeddings, one row per topic.
        limits: Their fit thresholds (:func:`fit_thresholds`).
    """

    ids: np.ndarray
    centroids: np.ndarray
    limits: np.ndarray

    @classmethod
    def of(cls, embeddings: np.ndarray, topics: np.ndarray) -> FitRule:
        """The rule of a fitted run: its papers' embeddings and topics."""
        return cls(*fit_thresholds(embeddings, np.asarray(topics)))


def nearest_fitting(rule: FitRule, vectors: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rule 2 for some papers: each one's nearest topic and whether it fits there.

    A pure function of each row and the frozen ``rule``: papers may be
    split into any partitions and placed in parallel.
    """
    nearest, similarity = nearest_centroid(vectors, rule.ids, rule.centroids)
    return nearest, round_as_shown(similarity) >= rule.limits[np.searchsorted(rule.ids, nearest)]


def grouped_misfits(
    nearest: np.ndarray, fits: np.ndarray, misfits: np.ndarray, next_id: int
) -> tuple[np.ndarray, np.ndarray, list[int]]:
    """Rule 3: papers that fit no topic clustered together; groups of :data:`MIN_NEW_TOPIC` become new topics.

    Args:
        nearest: Each paper's nearest topic (:func:`nearest_fitting`).
        fits: Whether it fits there.
        misfits: The embeddings of the papers that do not fit, in their order (all that rule 3 needs gathered).
        next_id: The first new topic's id (the next ones follow, largest group first).

    Returns:
        Each paper's topic, whether it is a lone misfit (left in its nearest
        topic), and the new topics' ids.
    """
    topics, lone = np.array(nearest, dtype=np.int64), np.zeros(len(nearest), dtype=bool)
    new_ids: list[int] = []
    for group in _misfit_groups(np.asarray(misfits)):
        rows = np.flatnonzero(~fits)[group]
        if len(rows) >= MIN_NEW_TOPIC:
            topics[rows] = next_id + len(new_ids)
            new_ids.append(next_id + len(new_ids))
        else:
            lone[rows] = True
    return topics, lone, new_ids


def _misfit_groups(vectors: np.ndarray) -> list[np.ndarray]:
    """Ward's clusters of the misfits alone (the fit's size rule), largest first (ties: first row); singles when few."""
    n = len(vectors)
    if n < MIN_CLUSTERED:
        return [np.array([i]) for i in range(n)]
    labels = ward_clustering(size_parameters(n).max_topics, n).fit(unit_rows(vectors)).labels_
    groups = [np.flatnonzero(labels == label) for label in dict.fromkeys(labels.tolist())]
    return sorted(groups, key=lambda rows: (-len(rows), rows[0]))


@dataclass(frozen=True)
class MapRule:
    """What rule 5 needs to place a paper on the map, frozen once per run: the placed papers.

    Attributes:
        xy: Their map places.
        unit: Their embeddings at unit length (float64).
        topics: Their topics.
    """

    xy: np.ndarray
    unit: np.ndarray
    topics: np.ndarray

    @classmethod
    def of(cls, xy: np.ndarray, embeddings: np.ndarray, topics: np.ndarray) -> MapRule:
        """The rule of a fitted run: its papers' places, embeddings and topics."""
        return cls(np.asarray(xy, dtype=np.float64), unit_rows(embeddings), np.asarray(topics))


def placed(rule: MapRule, vectors: np.ndarray, topics: np.ndarray) -> np.ndarray:
    """Rule 5: each paper's map place, the mean place of its nearest placed papers of its topic (of all, in a new one).

    A pure function of each row and the frozen ``rule`` (run per partition);
    cosines are compared as rounded to 1e-6, ties by the placed paper's row.
    """
    unit, topics = unit_rows(vectors), np.asarray(topics)
    xy = np.zeros((len(topics), 2))
    known = set(np.unique(rule.topics).tolist())
    for topic in dict.fromkeys(topics.tolist()):
        members = np.flatnonzero(topics == topic)
        # Only the topic's own papers are compared: memory follows the topic, not the run.
        rows = np.flatnonzero(rule.topics == topic) if topic in known else np.arange(len(rule.topics))
        similarity = np.round(unit[members] @ rule.unit[rows].T, 6)
        for member, row in zip(members.tolist(), similarity, strict=True):
            xy[member] = rule.xy[rows[np.lexsort((rows, -row))[:MAP_NEIGHBOURS]]].mean(axis=0)
    return np.round(xy, MAP_DECIMALS) + 0.0
