"""Theme scoring on tiny arrays: scores as shown, floors and ties decided on them, topic smoothing, topic themes."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analysis.model.themes import (
    Theme,
    ThemeSet,
    phrase_scores,
    phrase_vectors,
    round_as_shown,
    score_themes,
    score_vectors,
    smooth_by_topic,
    topic_themes,
)

THEMES = ThemeSet((Theme("a", "first", ("alpha",)), Theme("b", "second")), other="rest", min_score=0.40)
# Theme a: its description along x, its seed phrase at (0.6, 0.8); theme b along y.
PHRASES = [np.array([[1.0, 0.0], [0.6, 0.8]]), np.array([[0.0, 1.0]])]
VECTORS = np.array([[1.0, 0.0], [0.8, 0.6], [0.0, 1.0], [0.6, 0.8]])
TOPICS = np.array([0, 0, 1, 1])


def test_round_as_shown_rounds_to_two_decimals_without_negative_zero():
    values = round_as_shown(np.array([0.3951, 0.3949, 0.125, -0.001]))
    assert values.tolist() == [0.40, 0.39, 0.12, 0.0]
    assert not np.signbit(values).any()
    # float32 in, float64 out: float32 0.41 is 0.4099999964, below a floor of 0.41 (papers added to a run).
    assert round_as_shown(np.array([0.41, 0.33], dtype=np.float32)).tolist() == [0.41, 0.33]
    assert round_as_shown(np.float32(0.41)) == 0.41
    # A half, whatever its last bit (another CPU's summation order): always to even.
    halves = [0.405, np.nextafter(0.405, 1), np.nextafter(0.405, 0), (0.34 + 0.47) / 2, 0.5 * 0.47 + 0.5 * 0.34]
    assert round_as_shown(np.array(halves)).tolist() == [0.40] * 5
    assert round_as_shown(np.array([0.415, np.nextafter(0.415, 0)])).tolist() == [0.42, 0.42]


def test_a_theme_scores_its_best_phrase():
    assert phrase_scores(VECTORS, PHRASES).tolist() == [[1.0, 0.0], [0.96, 0.6], [0.8, 1.0], [1.0, 0.8]]


@pytest.mark.parametrize(
    ("weight", "expected"),
    [
        (0.0, [[0.2, 0.6], [0.6, 0.2], [0.9, 0.1]]),  # papers alone
        (0.5, [[0.3, 0.5], [0.5, 0.3], [0.9, 0.1]]),  # half the topic's mean; a topic of one is its own mean
        (1.0, [[0.4, 0.4], [0.4, 0.4], [0.9, 0.1]]),  # the topic's mean alone
    ],
)
def test_topic_smoothing_weight(weight, expected):
    scores = np.array([[0.2, 0.6], [0.6, 0.2], [0.9, 0.1]])
    assert smooth_by_topic(scores, np.array([0, 0, 1]), weight).tolist() == expected


def test_papers_and_topics_get_their_themes():
    themed = score_vectors(VECTORS, PHRASES, TOPICS, THEMES, topic_weight=0.5)
    assert themed.matrix.tolist() == [[0.99, 0.15], [0.97, 0.45], [0.85, 0.95], [0.95, 0.85]]
    assert themed.theme == ["a", "a", "b", "a"]
    assert themed.score.tolist() == [0.99, 0.97, 0.95, 0.95]
    assert themed.margin.tolist() == [0.84, 0.52, 0.1, 0.1]
    # Topic 1 averages 0.90 for both themes: the tie goes to the theme listed first.
    expected = pd.DataFrame({"topic": [0, 1], "theme": ["a", "a"], "theme_score": [0.98, 0.9]})
    pd.testing.assert_frame_equal(themed.per_topic, expected)
    assert themed.vectors is VECTORS


def test_the_floor_is_met_by_the_score_as_shown():
    # Cosines 0.3951 and 0.3949 to theme a, shown as 0.40 and 0.39; theme b points away.
    vectors = np.array([[x, np.sqrt(1 - x * x)] for x in (0.3951, 0.3949)])
    phrases = [np.array([[1.0, 0.0]]), np.array([[-1.0, 0.0]])]
    themed = score_vectors(vectors, phrases, np.array([0, 1]), THEMES, topic_weight=0.0)
    assert themed.theme == ["a", "rest"]
    assert themed.score.tolist() == [0.40, 0.39] and themed.margin.tolist() == [0.8, 0.78]
    assert themed.per_topic["theme"].tolist() == ["a", "rest"]


def test_scores_equal_as_shown_go_to_the_theme_listed_first():
    # 0.5012 and 0.5049 are both shown as 0.50, whichever theme has the larger one.
    vectors = np.array([[0.5012, 0.5049], [0.5049, 0.5012]])
    phrases = [np.array([[1.0, 0.0]]), np.array([[0.0, 1.0]])]
    themed = score_vectors(vectors, phrases, np.array([0, 0]), THEMES, topic_weight=0.0)
    assert themed.theme == ["a", "a"] and themed.margin.tolist() == [0.0, 0.0]


def test_topic_themes_of_outliers_and_under_the_floor():
    scores = np.array([[0.5, 0.1], [0.3, 0.2], [0.35, 0.3]])
    frame = topic_themes(np.array([-1, 2, 2]), scores, THEMES)
    assert frame.to_dict("list") == {"topic": [-1, 2], "theme": ["a", "rest"], "theme_score": [0.5, 0.32]}


def test_a_corpus_backend_fits_papers_and_phrases_together(recording_backend):
    # Stands in for TF-IDF + SVD: a space fitted on the texts of each call.
    backend = recording_backend(needs_corpus=True, vectors=lambda texts: np.arange(2 * len(texts)).reshape(-1, 2))
    vectors, phrases = phrase_vectors(THEMES, backend, ["paper one", "paper two"], np.zeros((2, 2)))
    assert backend.calls == [["paper one", "paper two", "first", "alpha", "second"]]
    assert vectors.tolist() == [[0, 1], [2, 3]]  # the papers' vectors from the same fit, not the ones given
    assert [p.tolist() for p in phrases] == [[[4, 5], [6, 7]], [[8, 9]]]


def test_score_themes_embeds_the_phrases_with_the_papers_backend(recording_backend, monkeypatch, tmp_path):
    backend = recording_backend(
        vectors=lambda texts: np.array([[1.0, 0.0] if t in ("first", "alpha") else [0.0, 1.0] for t in texts])
    )
    monkeypatch.setenv("ANALYSIS_EMBEDDING_CACHE", str(tmp_path))
    themed = score_themes(VECTORS, TOPICS, THEMES, backend, texts=["unused"] * 4, topic_weight=0.0)
    assert backend.calls == [["alpha", "first"], ["second"]]  # one theme at a time, through the cache (longest first)
    assert themed.theme == ["a", "a", "b", "b"] and themed.vectors is VECTORS
    assert themed.score.tolist() == [1.0, 0.8, 1.0, 0.8]
