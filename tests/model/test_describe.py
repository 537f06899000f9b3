"""The one describe step: the fit's terms and labels are what describe() makes of its c-TF-IDF."""

from __future__ import annotations

import numpy as np

from analysis.embedding.cache import document_texts, topic_texts
from analysis.model.ctfidf import class_tfidf
from analysis.model.describe import describe


def _tfidf(result, topics):
    pieces = result.pieces
    return class_tfidf(topic_texts(result.papers), topics, pieces.latin, pieces.min_df)


def test_the_fit_s_terms_and_labels_are_describe_s(seed_result):
    pieces = seed_result.pieces
    topics = pieces.paper_topics
    words = describe(_tfidf(seed_result, topics), document_texts(seed_result.papers), topics, pieces.latin)
    assert words.terms == pieces.terms
    assert words.labels == pieces.labels
    assert sorted(words.labels) == sorted(set(topics.tolist())) == list(range(6))


def test_only_the_topics_asked_are_described(seed_result):
    pieces = seed_result.pieces
    topics = pieces.paper_topics
    only_one = np.where(topics == 1, topics, -1)  # as add labels new topics: the others are the rest of the corpus
    words = describe(_tfidf(seed_result, topics), document_texts(seed_result.papers), only_one, pieces.latin, only=[1])
    assert words.terms == {1: pieces.terms[1]}  # terms set apart from every topic, as the fit ranked them
    assert list(words.labels) == [1] and words.labels[1].strip()
