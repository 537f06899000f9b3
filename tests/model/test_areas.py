"""Areas above the topics: a cut of the fit's Ward tree, nested, deterministic, in both tables."""

from __future__ import annotations

import numpy as np
import pytest

from analysis.model.areas import area_count, topic_areas


def _blobs(n_centres: int, per_centre: int, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    centres = rng.normal(scale=10, size=(n_centres, 5))
    return np.vstack([c + rng.normal(size=(per_centre, 5)) for c in centres])


@pytest.mark.parametrize(
    ("n_papers", "n_topics", "areas"),
    [(5, 1, 1), (26, 6, 2), (39, 8, 3), (100, 12, 5), (2260, 59, 12), (20_000, 60, 16), (10**6, 60, 16), (26, 3, 1)],
)
def test_area_count_follows_the_corpus(n_papers, n_topics, areas):
    assert area_count(n_papers, n_topics) == areas


def test_areas_are_a_cut_of_the_ward_tree_of_the_papers():
    """Merging topic centroids by Ward's cost continues the tree the papers' Ward clustering built."""
    from sklearn.cluster import AgglomerativeClustering

    points = _blobs(12, 40)
    topics = AgglomerativeClustering(n_clusters=24, linkage="ward").fit_predict(points)
    centroids = np.vstack([points[topics == t].mean(axis=0) for t in range(24)])
    sizes = np.bincount(topics)
    areas = topic_areas(centroids, sizes, 2260)  # 12 areas
    assert sorted(set(areas.tolist())) == list(range(12))
    direct = AgglomerativeClustering(n_clusters=12, linkage="ward").fit_predict(points)
    # The same partition of the papers, whatever the numbering.
    pairs = set(zip(areas[topics].tolist(), direct.tolist(), strict=True))
    assert len(pairs) == 12


def test_areas_are_numbered_by_size_and_nest_the_topics():
    points = _blobs(6, 30, seed=3)
    topics = np.repeat(np.arange(18), 10)
    centroids = np.vstack([points[topics == t].mean(axis=0) for t in range(18)])
    areas = topic_areas(centroids, np.full(18, 10), 2260)  # 18 // 2 = 9 areas
    assert areas.shape == (18,) and sorted(set(areas.tolist())) == list(range(9))
    sizes = [int((areas == a).sum()) * 10 for a in range(9)]
    assert sizes == sorted(sizes, reverse=True)


def test_ties_are_broken_by_topic_id_not_by_noise():
    """Four topics on a square: every adjacent pair costs the same; the lowest ids merge first."""
    square = np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    sizes = np.full(4, 10)
    first = topic_areas(square, sizes, 26)
    assert first.tolist() == [0, 0, 1, 1]
    for seed in range(5):  # noise far below the rounding changes nothing
        noisy = square + np.random.default_rng(seed).normal(scale=1e-12, size=square.shape)
        assert topic_areas(noisy, sizes, 26).tolist() == first.tolist()


def test_areas_are_the_same_on_every_call_and_in_any_row_scale():
    points = _blobs(10, 20, seed=7)
    topics = np.arange(len(points)) % 20
    centroids = np.vstack([points[topics == t].mean(axis=0) for t in range(20)])
    sizes = np.bincount(topics)
    once = topic_areas(centroids, sizes, 2260)
    assert topic_areas(centroids.copy(), sizes, 2260).tolist() == once.tolist()
    assert topic_areas(centroids * 1000, sizes, 2260).tolist() == once.tolist()


def test_one_topic_is_one_area():
    assert topic_areas(np.zeros((1, 3)), [5], 5).tolist() == [0]


def test_seed_areas_in_both_tables(seed_result):
    docs, topics = seed_result.documents, seed_result.topics
    assert docs.columns.tolist()[3:6] == ["topic_label", "area", "area_label"]
    assert sorted(set(topics["area"])) == [0, 1]  # 26 papers, 6 topics: 2 areas
    # Each topic in exactly one area, the same in both tables.
    per_topic = docs.groupby("topic")["area"].nunique()
    assert (per_topic == 1).all()
    by_topic = dict(zip(topics["topic"], topics["area"], strict=True))
    assert by_topic == dict(zip(docs["topic"], docs["area"], strict=False))
    labels = dict(zip(topics["area"], topics["area_label"], strict=False))
    assert len(set(labels.values())) == 2 and all(labels.values())
    assert docs["area_label"].tolist() == [labels[a] for a in docs["area"]]
    sizes = docs["area"].value_counts()
    assert sizes[0] >= sizes[1]
