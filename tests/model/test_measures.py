"""The one centroid arithmetic of :mod:`analysis.model.measures`, exact on small vectors, and its two users' choices."""

from __future__ import annotations

import numpy as np
import pytest

from analysis.model.measures import table_centroids, topic_centroids, unit_rows

# Two topics; topic 1's rows differ in length, so averaging them as they are or as unit rows disagrees.
VECTORS = np.array([[3.0, 0.0], [0.0, 1.0], [2.0, 0.0], [0.0, 4.0]])
TOPICS = np.array([1, 1, 0, 0])


def test_unit_rows_scale_each_row_and_keep_a_zero_row():
    np.testing.assert_array_equal(unit_rows([[3.0, 4.0], [0.0, 0.0]]), [[0.6, 0.8], [0.0, 0.0]])
    assert unit_rows(np.ones((1, 2), dtype=np.float32)).dtype == np.float64


def test_centroids_average_the_rows_as_they_are_or_as_unit_rows():
    ids, raw = topic_centroids(VECTORS, TOPICS)
    assert ids.tolist() == [0, 1]  # sorted by default
    # Topic 1: mean (1.5, 0.5) scaled to unit length; as unit rows: mean (0.5, 0.5), the diagonal.
    np.testing.assert_allclose(raw[1], np.array([3.0, 1.0]) / np.sqrt(10))
    _, unit = topic_centroids(VECTORS, TOPICS, unit_first=True)
    np.testing.assert_allclose(unit, np.full((2, 2), 1 / np.sqrt(2)))
    np.testing.assert_allclose(np.linalg.norm(raw, axis=1), 1.0)


def test_centroids_follow_the_ids_given_and_take_any_labels():
    ids, centroids = topic_centroids(VECTORS, np.array(["rl", "rl", "gen", "gen"]), ["rl", "gen"])
    assert ids.tolist() == ["rl", "gen"]
    np.testing.assert_array_equal(centroids, topic_centroids(VECTORS, TOPICS, [1, 0])[1])


def test_the_reports_centroids_are_in_table_order_from_unit_embeddings(seed_result):
    ids, centroids = table_centroids(seed_result)
    assert ids == seed_result.topics["topic"].tolist()
    expected = topic_centroids(seed_result.embeddings, seed_result.documents["topic"], ids, unit_first=True)[1]
    np.testing.assert_array_equal(centroids, expected)


def test_a_result_without_embeddings_says_what_needs_them(seed_result):
    import dataclasses

    with pytest.raises(ValueError, match="kept no embeddings"):
        table_centroids(
            dataclasses.replace(seed_result, pieces=dataclasses.replace(seed_result.pieces, embeddings=None))
        )
