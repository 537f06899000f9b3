"""The deterministic stages: neighbours, smoothing + PCA, Ward, the topic layout, and scores as shown."""

from __future__ import annotations

import numpy as np
import pytest
from sklearn.metrics import adjusted_rand_score, silhouette_score

from analysis.model.clustering import GraphWard, SmoothedPCA, nearest_neighbors, ward_clustering
from analysis.model.layout import MAP_DECIMALS, topic_layout
from analysis.model.themes import Theme, ThemeSet, assign


def blobs(n_per: int = 20, dims: int = 12, seed: int = 0):
    """Three well-separated groups of points and their labels."""
    rng = np.random.default_rng(seed)
    centres = np.eye(dims)[:3] * 5
    points = np.vstack([c + rng.normal(0, 0.3, (n_per, dims)) for c in centres])
    return points, np.repeat([0, 1, 2], n_per)


def test_nearest_neighbors_are_exact_and_break_ties_by_row():
    from sklearn.neighbors import NearestNeighbors

    points = np.random.default_rng(1).normal(size=(200, 8))
    expected = NearestNeighbors(n_neighbors=5, metric="cosine").fit(points).kneighbors(return_distance=False)
    np.testing.assert_array_equal(nearest_neighbors(points, 5), expected)
    # Rows 0 and 3 are the same point: both are row 1's nearest, and the lower row comes first.
    tied = np.array([[1.0, 0.0], [0.9, 0.1], [0.0, 1.0], [1.0, 0.0]])
    assert nearest_neighbors(tied, 2)[1].tolist() == [0, 3]


def test_smoothed_pca_returns_its_fit_and_projects_new_rows():
    points, _ = blobs()
    reducer = SmoothedPCA(n_neighbors=3, n_components=4)
    reduced = reducer.fit_transform(points)
    assert reduced.shape == (60, 4) and reducer.neighbors_.shape == (60, 3)
    assert reducer.transform(points) is reducer.embedding_
    assert reducer.transform(points[:5]).shape == (5, 4)
    assert SmoothedPCA(n_neighbors=3, n_components=50).fit_transform(points[:7]).shape == (7, 6)


def test_ward_on_smoothed_pca_finds_separated_groups_for_any_row_order():
    points, labels = blobs()
    found = ward_clustering(3, len(points)).fit(SmoothedPCA(3, 5).fit_transform(points)).labels_
    assert adjusted_rand_score(labels, found) == 1.0
    order = np.random.default_rng(2).permutation(len(points))
    shuffled = ward_clustering(3, len(points)).fit(SmoothedPCA(3, 5).fit_transform(points[order])).labels_
    assert adjusted_rand_score(labels[order], shuffled) == 1.0


def test_large_corpora_use_the_graph_restricted_ward(monkeypatch):
    import analysis.model.clustering as clustering

    monkeypatch.setattr(clustering, "WARD_FULL_MAX", 50)
    points, labels = blobs()
    model = clustering.ward_clustering(3, len(points))
    assert isinstance(model, GraphWard)
    assert adjusted_rand_score(labels, model.fit(points).labels_) == 1.0


def test_layout_puts_each_topic_in_its_own_region():
    points, labels = blobs()
    xy = topic_layout(points, labels)
    assert xy.shape == (60, 2) and np.abs(xy).max() == 1.0
    assert np.array_equal(xy, np.round(xy, MAP_DECIMALS))
    assert silhouette_score(xy, labels) > 0.5
    centres = np.array([xy[labels == t].mean(axis=0) for t in range(3)])
    spread = max(np.linalg.norm(xy[labels == t] - centres[t], axis=1).max() for t in range(3))
    gaps = [np.linalg.norm(centres[a] - centres[b]) for a, b in ((0, 1), (0, 2), (1, 2))]
    assert min(gaps) > 2 * spread  # discs apart: no paper sits nearer another topic's centre


def test_layout_ignores_what_an_svd_may_flip_or_reorder():
    points, labels = blobs()
    xy = topic_layout(points, labels)
    np.testing.assert_array_equal(topic_layout(-points, labels), xy)  # an SVD's signs are arbitrary
    np.testing.assert_array_equal(topic_layout(points[:, ::-1], labels), xy)  # so is the order of dimensions


@pytest.mark.parametrize("n", [1, 2, 5])
def test_layout_of_a_single_topic(n):
    points = np.random.default_rng(4).normal(size=(n, 6))
    xy = topic_layout(points, np.zeros(n, dtype=int))
    assert xy.shape == (n, 2) and np.isfinite(xy).all() and np.abs(xy).max() <= 1.0


THEMES = ThemeSet((Theme("a", "first"), Theme("b", "second")), min_score=0.40)


def test_a_score_shown_at_the_floor_is_in_its_theme():
    # 0.3951 is shown as 0.40 and meets the floor; 0.3949 is shown as 0.39 and does not.
    names, scores, margins = assign(np.array([[0.3951, 0.10], [0.3949, 0.10]]), THEMES)
    assert names == ["a", "other"]
    assert scores.tolist() == [0.40, 0.39] and margins.tolist() == [0.30, 0.29]


def test_scores_equal_as_shown_go_to_the_theme_listed_first():
    # Both rows are 0.50 against 0.50 as shown, whichever is larger underneath.
    names, _, margins = assign(np.array([[0.5012, 0.5049], [0.5049, 0.5012]]), THEMES)
    assert names == ["a", "a"] and margins.tolist() == [0.0, 0.0]
