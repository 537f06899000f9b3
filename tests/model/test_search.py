"""Papers by meaning: search and nearest papers, exact, rounded as shown, ties by doc_id."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest

from analysis.model.search import nearest_papers, ranked


def test_ranked_orders_by_shown_score_then_doc_id():
    # 0.801 and 0.799 are both shown as 0.80: the lower doc_id goes first.
    scores = np.array([0.799, 0.5, 0.801, 0.9])
    assert ranked(scores, ["d", "c", "e", "a"], k=3).tolist() == [3, 0, 2]
    assert ranked(scores, ["d", "c", "e", "a"], k=3, exclude=3).tolist() == [0, 2, 1]


def test_nearest_papers_are_exact_and_break_ties_by_doc_id():
    rng = np.random.default_rng(0)
    vectors = rng.normal(size=(40, 8))
    doc_ids = [f"id{(i * 7) % 40:02d}" for i in range(40)]
    indices, scores = nearest_papers(vectors, doc_ids, k=4)
    unit = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
    for row in range(40):
        similarity = unit @ unit[row]
        expected = ranked(similarity, doc_ids, 4, exclude=row)
        assert indices[row].tolist() == expected.tolist()
        assert scores[row].tolist() == np.round(similarity[expected], 2).tolist()
        assert row not in indices[row]


def test_nearest_papers_ignore_float_noise_below_the_shown_precision():
    rng = np.random.default_rng(1)
    vectors = rng.normal(size=(30, 6))
    doc_ids = [f"p{i}" for i in range(30)]
    noisy = vectors * (1 + rng.normal(scale=1e-9, size=vectors.shape))
    assert nearest_papers(vectors, doc_ids)[0].tolist() == nearest_papers(noisy, doc_ids)[0].tolist()


def test_nearest_papers_of_a_tiny_corpus():
    indices, scores = nearest_papers(np.eye(2), ["a", "b"], k=5)
    assert indices.tolist() == [[1], [0]] and scores.tolist() == [[0.0], [0.0]]
    assert nearest_papers(np.eye(1), ["a"], k=5)[0].shape == (1, 0)


def test_search_ranks_the_two_watermarking_papers_first(seed_result):
    found = seed_result.search("watermarking language model outputs")
    assert len(found) == 10 and found["rank"].tolist() == list(range(1, 11))
    assert set(found["name"][:2]) == {"WASH", "Ideal attribution mechanisms"}
    watermark = seed_result.documents.loc[seed_result.documents["name"] == "WASH", "topic_label"].iat[0]
    assert set(found["topic_label"][:2]) == {watermark} and "watermark" in watermark.lower()  # one topic, named for it
    assert found["score"].tolist() == sorted(found["score"], reverse=True)
    assert (found["score"] == found["score"].round(2)).all()


def test_similar_leaves_the_paper_out_and_matches_the_map_neighbours(seed_result):
    from analysis.report.topic_map import map_neighbours

    documents = seed_result.documents
    wash = documents.loc[documents["name"] == "WASH", "doc_id"].item()
    found = seed_result.similar(wash, k=5)
    assert wash not in found["doc_id"].tolist() and len(found) == 5
    assert found["name"].iat[0] == "Ideal attribution mechanisms"
    row = documents.index[documents["doc_id"] == wash][0]
    near = map_neighbours(seed_result)[row]
    assert [documents["doc_id"].iat[j] for j, _ in near] == found["doc_id"].tolist()
    assert [s for _, s in near] == found["score"].tolist()
    with pytest.raises(KeyError, match="no paper with doc_id"):
        seed_result.similar("not-a-doc-id")


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda r: r.search("watermark", k=-1), ValueError, "k must be a whole number of papers, 1 or more; got -1"),
        (lambda r: r.search("watermark", k=2.5), ValueError, "k must be a whole number of papers, 1 or more; got 2.5"),
        (lambda r: r.similar(r.documents["doc_id"].iat[0], k=0), ValueError, "got 0"),
        (lambda r: r.search("  "), ValueError, "the query must be a text with words in it, got '  '"),
        (lambda r: r.model.find_topics(""), ValueError, "the query must be a text with words in it, got ''"),
        (lambda r: r.transform(["fine", None]), TypeError, "texts must be strings: item 1 is NoneType None"),
        (lambda r: r.add(pd.DataFrame({"text": []})), ValueError, "no papers to add: the batch is empty"),
        (lambda r: r.add(pd.DataFrame({"text": ["A paper.", 3]})), TypeError, "papers['text'] must hold text"),
    ],
)
def test_a_wrong_argument_says_what_is_wrong(seed_result, call, error, message):
    # Each gave an empty or wrong answer, or an error from deep inside pandas or numpy.
    with pytest.raises(error, match=re.escape(message)):
        call(seed_result)


def test_an_empty_batch_gets_no_topics(seed_result):
    topics, similarity = seed_result.transform([])
    assert topics.shape == similarity.shape == (0,)
    assert seed_result.model.transform([])[0] == []
