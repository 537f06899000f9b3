"""The reduction and clustering stages we give BERTopic: deterministic, and stable under float noise.

BERTopic's defaults (UMAP + HDBSCAN) turn the ~1e-7 differences between two
CPUs' embedding kernels into different topics: on the ICLR 2024 reference
corpus, noise of that size moved the partition to ARI 0.66, another seed to
0.62. These stages have no random step and no knife edge that such noise
reaches in practice (ARI 1.0 under relative noise 1e-5 there):

* :class:`SmoothedPCA` (BERTopic's ``umap_model`` slot): each paper is
  averaged with its nearest neighbours, then projected on its principal
  components by an exact SVD;
* Ward's agglomerative clustering (the ``hdbscan_model`` slot) cut at a
  number of topics that follows the corpus size: every paper gets a topic.

Its quality beside UMAP + HDBSCAN, measured on the reference corpus, is in
bench/RESULTS.md.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from numbers import Integral
from typing import ClassVar, Self, TypeVar, cast

import numpy as np
from numpy.typing import ArrayLike
from sklearn.base import BaseEstimator, ClusterMixin, TransformerMixin, _fit_context
from sklearn.utils._param_validation import Interval
from sklearn.utils.validation import check_is_fitted, validate_data

from analysis.model.measures import unit_rows

# Above this many papers Ward's full distance matrix (n^2 / 2 doubles) gets
# too large; the clustering is then restricted to the kNN graph.
WARD_FULL_MAX = 12_000
# Below this many papers no clustering is meaningful: they form one topic.
MIN_CLUSTERED = 6
# Cosines to topic centroids are rounded to this many decimals before the
# nearest topic is chosen: a tie within float noise goes to the lower topic.
ASSIGN_DECIMALS = 6
# Where a row's k-th and (k+1)-th neighbours are closer than this in cosine,
# smoothing weighs the candidates around the k-th place by a ramp of this
# width instead of taking k whole (:func:`smooth`). Any hard choice there has
# a knife edge that float noise crosses: at 20,000 papers one row's 10th and
# 11th neighbours, 6.5e-7 apart, swapped under noise of 1e-7, and the tilted
# PCA moved the topics to ARI 0.57. Wider than the seeds' closest gap
# (1.05e-4), so their smoothing, untied, is unchanged.
SMOOTH_TIE_WIDTH = 1e-4
# Smoothing neighbours sought beyond the rows given (a sample's among its
# corpus): (rows, k) -> (the rows smoothed, each row's neighbours).
Smoother = Callable[[np.ndarray, int], tuple[np.ndarray, np.ndarray]]


@dataclass(frozen=True)
class SizeParameters:
    """Topic-model settings for one corpus size."""

    n_neighbors: int
    n_components: int
    max_topics: int
    min_df: int


def size_parameters(n: int) -> SizeParameters:
    """Settings that follow the corpus size.

    * ``n_neighbors``: each paper is averaged with this many neighbours
      before clustering, sqrt(n)/2 from 1 up to 10: 3 for the 26 seed
      papers, 10 from 400 papers on (10 beat 20, 30 and none on the
      reference corpus; bench/RESULTS.md has the measures).
    * ``n_components``: principal components clustered, 30 (fewer only when
      there are fewer papers); 30 beat 50 and the unreduced vectors.
    * ``max_topics``: the number of topics, 1.25 sqrt(n): 6 for the 26
      seed papers, 12 for 100, 59 for 2,260, at most 60.
    * ``min_df`` of the c-TF-IDF vectoriser counts topics (one document per
      topic), so it stays at 1.
    """
    return SizeParameters(
        n_neighbors=int(min(10, max(1, math.ceil(math.sqrt(n) / 2)))),
        n_components=int(max(1, min(30, n - 1))),
        max_topics=int(min(60, max(2, round(1.25 * math.sqrt(n))))),
        min_df=1,
    )


class SmoothedPCA(TransformerMixin, BaseEstimator):
    """Average each row with its nearest neighbours (cosine), then project on the leading principal components.

    Averaging with neighbours pulls a paper toward the dense part of its
    neighbourhood, which makes the later clustering follow areas rather
    than single pairs; the exact SVD has no random start. A scikit-learn
    transformer that fits BERTopic's ``umap_model`` slot.

    ``fit_transform(X)`` returns the smoothed rows of ``X`` projected
    (``embedding_``); ``transform(X)`` projects rows as they are, unsmoothed
    (a new paper has no neighbours of its own among the fitted ones), so
    ``transform`` of the fitted data is not ``embedding_``.

    Args:
        n_neighbors: Neighbours averaged with each row (0: no smoothing).
        n_components: Principal components kept (fewer when there are
            fewer rows or columns).
        smoother: ``smoother(X, n_neighbors)`` gives the smoothed rows and
            each row's neighbours when they are sought beyond ``X`` (a
            sample smoothed among the whole corpus it was drawn from,
            :mod:`analysis.model.sampled`); None: among the rows of ``X``.

    Attributes:
        embedding_: The reduced, smoothed rows of the data passed to ``fit``.
        neighbors_: Indices of each row's neighbours, nearest first (rows
            of ``X``, or of the corpus the ``smoother`` searched).
        pca_: The fitted principal components.
        n_features_in_: Columns seen by ``fit``.
    """

    _parameter_constraints: ClassVar[dict] = {
        "n_neighbors": [Interval(Integral, 0, None, closed="left")],
        "n_components": [Interval(Integral, 1, None, closed="left")],
        "smoother": [callable, None],
    }

    def __init__(self, *, n_neighbors: int = 10, n_components: int = 30, smoother: Smoother | None = None):
        self.n_neighbors = n_neighbors
        self.n_components = n_components
        self.smoother = smoother

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X: ArrayLike, y: object = None) -> Self:  # noqa: N803  (scikit-learn's argument names)
        """Smooth and project ``X``; the result is ``embedding_``.

        Returns:
            The fitted estimator.
        """
        from sklearn.decomposition import PCA

        X = cast("np.ndarray", validate_data(self, X, dtype=np.float64))  # noqa: N806
        if self.smoother is None:
            self.neighbors_, ties = _neighbors_and_ties(X, self.n_neighbors)
            smoothed = smooth(X, self.neighbors_, ties)
        else:
            smoothed, self.neighbors_ = self.smoother(X, self.n_neighbors)
        components = max(1, min(self.n_components, X.shape[0] - 1, X.shape[1]))
        self.pca_ = PCA(n_components=components, svd_solver="full").fit(smoothed)
        self.embedding_ = self.pca_.transform(smoothed)
        return self

    def transform(self, X: ArrayLike) -> np.ndarray:  # noqa: N803
        """Rows of ``X`` scaled to unit length and projected on the fitted components (no smoothing).

        Raises:
            NotFittedError: ``fit`` was not called.
        """
        check_is_fitted(self)
        X = cast("np.ndarray", validate_data(self, X, dtype=np.float64, reset=False))  # noqa: N806
        return self.pca_.transform(unit_rows(X))

    def fit_transform(self, X: ArrayLike, y: object = None) -> np.ndarray:  # noqa: N803
        """Fit, then return ``embedding_`` (the smoothed rows projected)."""
        return self.fit(X, y).embedding_


def nearest_neighbors(X: np.ndarray, k: int) -> np.ndarray:  # noqa: N803
    """Each row's ``k`` nearest other rows by cosine similarity, nearest first (exact, ties by row number)."""
    return _neighbors_and_ties(X, k, tie_width=None)[0]


# A row whose k-th place is tied (:data:`SMOOTH_TIE_WIDTH`): row -> (columns, weights) it is smoothed with.
Ties = dict[int, tuple[np.ndarray, np.ndarray]]


def _neighbors_and_ties(
    X: np.ndarray,  # noqa: N803
    k: int,
    tie_width: float | None = SMOOTH_TIE_WIDTH,
    base: np.ndarray | None = None,
) -> tuple[np.ndarray, Ties]:
    """:func:`nearest_neighbors`, and the rows whose k-th and (k+1)-th cosines are within ``tie_width`` (None: none).

    With ``base``, the neighbours of each row of ``X`` are rows of ``base``
    (a row is then not excluded as its own neighbour). A tied row's weights
    ramp across the midpoint m of its k-th and (k+1)-th cosines:
    ``clip(0.5 + (cosine - m) / tie_width, 0, 1)`` for every candidate row.
    They are a continuous function of the cosines, and all 0 or 1 (the k
    nearest) once the gap reaches ``tie_width``.
    """
    unit = unit_rows(X)
    others = unit if base is None else unit_rows(base)
    n = len(others) - (1 if base is None else 0)  # candidates per row
    k = min(k, n)
    ties: Ties = {}
    if k <= 0:
        return np.empty((len(unit), 0), dtype=np.int64), ties
    found = np.empty((len(unit), k), dtype=np.int64)
    spare = min(n, k + 8)  # candidates beyond k, so that ties at the k-th place are seen
    for start in range(0, len(unit), 2048):  # blocks keep memory linear in n
        cosines = unit[start : start + 2048] @ others.T
        rows = np.arange(cosines.shape[0])
        if base is None:
            cosines[rows, rows + start] = -np.inf
        found[start : start + len(rows)], block_ties = ranked_columns(cosines, k, spare, tie_width if k < n else None)
        ties.update({start + row: tied for row, tied in block_ties.items()})
    return found, ties


def ranked_columns(cosines: np.ndarray, k: int, spare: int, tie_width: float | None) -> tuple[np.ndarray, Ties]:
    """Each row's ``k`` columns of highest cosine, and the column weights of its rows tied at the k-th place.

    Cosines are rounded before ranking: columns tied to within float noise
    are ranked by column number, the same on every machine. Only the
    ``spare`` best columns of a row are ranked; the ties read every column
    (see :func:`_neighbors_and_ties`).
    """
    similarity = np.round(cosines, 6)
    candidates = np.argpartition(-similarity, spare - 1, axis=1)[:, :spare]
    values = np.take_along_axis(similarity, candidates, axis=1)
    order = np.lexsort((candidates, -values), axis=1)
    found = np.take_along_axis(candidates, order, axis=1)[:, :k]
    ties: Ties = {}
    if tie_width is not None:
        # The k-th and (k+1)-th cosines unrounded: order statistics, continuous in the input.
        width = cosines.shape[1]
        next_, kth = np.partition(cosines, (width - k - 1, width - k), axis=1)[:, width - k - 1 : width - k + 1].T
        for row in np.flatnonzero(kth - next_ < tie_width):
            weights = np.clip(0.5 + (cosines[row] - (kth[row] + next_[row]) / 2) / tie_width, 0.0, 1.0)
            columns = np.flatnonzero(weights)
            ties[int(row)] = (columns, weights[columns])
    return found, ties


def smooth(
    X: np.ndarray,  # noqa: N803
    neighbors: np.ndarray,
    ties: Ties | None = None,
    base: np.ndarray | None = None,
) -> np.ndarray:
    """Each unit row plus its neighbours' unit rows, back to unit length; a tied row plus its weighted rows.

    The neighbours are rows of ``X`` itself, or of ``base`` when it is given.
    """
    unit = unit_rows(X)
    if neighbors.shape[1] == 0:
        return unit
    others = unit if base is None else unit_rows(base)
    smoothed = unit_rows(unit + others[neighbors].sum(axis=1))
    for row, (columns, weights) in (ties or {}).items():
        smoothed[row] = unit_rows((unit[row] + weights @ others[columns])[None])[0]
    return smoothed


def smooth_toward(X: np.ndarray, base: np.ndarray, k: int) -> np.ndarray:  # noqa: N803
    """Rows outside ``base`` smoothed as :class:`SmoothedPCA` smooths its rows: with their k nearest in ``base``."""
    neighbors, ties = _neighbors_and_ties(X, k, base=base)
    return smooth(X, neighbors, ties, base=base)


def ward_clustering(n_clusters: int, n_samples: int) -> ClusterMixin:
    """Ward's agglomerative clustering into ``n_clusters``; on the kNN graph above :data:`WARD_FULL_MAX` papers."""
    from sklearn.cluster import AgglomerativeClustering

    if n_samples <= WARD_FULL_MAX:
        return AgglomerativeClustering(n_clusters=n_clusters, linkage="ward")
    return GraphWard(n_clusters=n_clusters)


class SingleCluster(ClusterMixin, BaseEstimator):
    """A clustering that puts every document in topic 0 (for tiny corpora).

    Attributes:
        labels_: Zero for every row seen by ``fit``.
        n_features_in_: Columns seen by ``fit``.
    """

    _parameter_constraints: ClassVar[dict] = {}

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X: ArrayLike, y: object = None) -> Self:  # noqa: N803  (scikit-learn's argument name)
        """Label every row 0.

        Returns:
            The fitted estimator.
        """
        X = cast("np.ndarray", validate_data(self, X))  # noqa: N806
        self.labels_ = np.zeros(len(X), dtype=np.int64)
        return self

    def predict(self, X: ArrayLike) -> np.ndarray:  # noqa: N803
        """Every row is topic 0.

        Raises:
            NotFittedError: ``fit`` was not called.
        """
        check_is_fitted(self)
        X = cast("np.ndarray", validate_data(self, X, reset=False))  # noqa: N806
        return np.zeros(len(X), dtype=np.int64)


class GraphWard(ClusterMixin, BaseEstimator):
    """Ward's clustering restricted to merges along a nearest-neighbour graph (memory linear in n).

    Args:
        n_clusters: Number of clusters.
        n_neighbors: Neighbours per row in the connectivity graph.

    Attributes:
        labels_: Each row's cluster.
        n_features_in_: Columns seen by ``fit``.
    """

    _parameter_constraints: ClassVar[dict] = {
        "n_clusters": [Interval(Integral, 1, None, closed="left")],
        "n_neighbors": [Interval(Integral, 1, None, closed="left")],
    }

    def __init__(self, *, n_clusters: int = 2, n_neighbors: int = 15):
        self.n_clusters = n_clusters
        self.n_neighbors = n_neighbors

    @_fit_context(prefer_skip_nested_validation=True)
    def fit(self, X: ArrayLike, y: object = None) -> Self:  # noqa: N803
        """Cluster the rows of ``X``; labels in ``labels_``.

        Returns:
            The fitted estimator.
        """
        from scipy.sparse import csr_matrix
        from sklearn.cluster import AgglomerativeClustering

        X = cast("np.ndarray", validate_data(self, X, dtype=np.float64, ensure_min_samples=2))  # noqa: N806
        neighbors = nearest_neighbors(X, self.n_neighbors)
        rows = np.repeat(np.arange(len(X)), neighbors.shape[1])
        graph = csr_matrix((np.ones(rows.size), (rows, neighbors.ravel())), shape=(len(X), len(X)))
        model = AgglomerativeClustering(n_clusters=self.n_clusters, linkage="ward", connectivity=graph)
        with warnings.catch_warnings():
            # Separate groups leave the graph in pieces; scikit-learn joins
            # them (by nearest rows) and says so. Joining is what we want.
            warnings.filterwarnings("ignore", message=".*connected components.*")
            self.labels_ = model.fit_predict(X)
        return self


_Stage = TypeVar("_Stage")


def seeded(stage: _Stage, random_state: int | np.random.RandomState | None) -> _Stage:
    """``stage``, or a copy of it seeded with ``random_state`` when it has a ``random_state`` parameter left at None.

    A stage whose seed the user set keeps it; a stage without the parameter
    (an HDBSCAN, a duck-typed object without ``get_params``) is used as given.
    """
    if stage is None or random_state is None or not hasattr(stage, "get_params"):
        return stage
    params = stage.get_params(deep=False)
    if "random_state" not in params or params["random_state"] is not None:
        return stage
    from sklearn.base import clone

    return clone(stage).set_params(random_state=random_state)


def outliers_to_nearest_topic(topics: np.ndarray, embeddings: np.ndarray) -> np.ndarray:
    """Give each outlier the topic whose centroid (in embedding space) is closest."""
    ids = np.unique(topics[topics >= 0])
    centroids = np.vstack([embeddings[topics == t].mean(axis=0) for t in ids])
    centroids /= np.linalg.norm(centroids, axis=1, keepdims=True)
    outliers = topics == -1
    assigned = topics.copy()
    assigned[outliers] = ids[np.argmax(embeddings[outliers] @ centroids.T, axis=1)]
    return assigned


def merge_topics(topics: np.ndarray, features: np.ndarray, max_topics: int) -> np.ndarray:
    """Merge the closest topics (average-linkage cosine on centroids) down to ``max_topics``."""
    ids = np.unique(topics[topics >= 0])
    if len(ids) <= max_topics:
        return topics
    from sklearn.cluster import AgglomerativeClustering

    centroids = np.vstack([features[topics == t].mean(axis=0) for t in ids])
    groups = AgglomerativeClustering(n_clusters=max_topics, metric="cosine", linkage="average").fit_predict(centroids)
    mapping = dict(zip(ids.tolist(), groups.tolist(), strict=True))
    mapping[-1] = -1
    return np.array([mapping[t] for t in topics.tolist()])


def renumber_by_size(topics: np.ndarray) -> np.ndarray:
    """Topic 0 is the largest (ties: first to appear), as in BERTopic; -1 stays -1."""
    kept = [t for t in dict.fromkeys(topics.tolist()) if t != -1]
    sizes = {t: int((topics == t).sum()) for t in kept}
    order = sorted(kept, key=lambda t: -sizes[t])
    mapping = {t: i for i, t in enumerate(order)}
    mapping[-1] = -1
    return np.array([mapping[t] for t in topics.tolist()])


def nearest_centroid(vectors: np.ndarray, ids: np.ndarray, centroids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each row's nearest topic by cosine to the centroids, and that cosine; deterministic on every machine.

    Cosines are rounded to :data:`ASSIGN_DECIMALS` first, so a tie within
    float noise goes to the topic listed first in ``ids`` (the lowest).
    """
    similarity = np.round(unit_rows(vectors) @ unit_rows(centroids).T, ASSIGN_DECIMALS)
    best = np.argmax(similarity, axis=1)
    return np.asarray(ids)[best].astype(np.int64), similarity[np.arange(len(best)), best]
