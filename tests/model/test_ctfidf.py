"""Our c-TF-IDF equals BERTopic's, and the BERTopic model built from the fit shows our topics, terms and labels."""

from __future__ import annotations

import numpy as np
import pytest

from analysis.embedding.cache import topic_texts
from analysis.model.ctfidf import (
    TERM_DECIMALS,
    class_tfidf,
    preprocess,
    rank_topic_terms,
    topic_documents,
    topic_vectorizer,
)
from analysis.model.labels import topic_labels
from analysis.text import fold_accents

TOLERANCE = 10.0**-TERM_DECIMALS


def _bertopic_ctfidf(texts, topics, latin=True):
    """BERTopic 0.17.4's own c-TF-IDF over our vectoriser, on the given topics (its ``update_topics``)."""
    from bertopic import BERTopic
    from bertopic.cluster import BaseCluster
    from bertopic.dimensionality import BaseDimensionalityReduction
    from bertopic.vectorizers import ClassTfidfTransformer

    def slots():
        return {
            "vectorizer_model": topic_vectorizer(latin, 1),
            "ctfidf_model": ClassTfidfTransformer(reduce_frequent_words=True),
        }

    model = BERTopic(
        language="english" if latin else "multilingual",
        umap_model=BaseDimensionalityReduction(),
        hdbscan_model=BaseCluster(),
        top_n_words=20,
        **slots(),
    )
    vectors = np.eye(len(texts), 4, dtype=np.float32) + 1.0  # unused beyond topic vectors
    model.fit_transform(texts, embeddings=vectors, y=np.asarray(topics))
    model.update_topics(texts, topics=list(map(int, topics)), top_n_words=20, **slots())
    return model


def _assert_same_as_bertopic(texts, topics):
    ours = class_tfidf(texts, topics)
    # Our one change to BERTopic's cleaning: accents are folded, not the letters deleted.
    model = _bertopic_ctfidf([fold_accents(t) for t in texts], topics)
    theirs = model.c_tf_idf_.toarray()
    assert list(ours.words) == list(model.vectorizer_model.get_feature_names_out())
    assert ours.topics == sorted(set(int(t) for t in topics))
    assert theirs.shape == ours.matrix.shape
    np.testing.assert_allclose(ours.matrix.toarray(), theirs, rtol=0, atol=1e-12)
    ranked = rank_topic_terms(ours.matrix, ours.words, ours.topics)
    column = {w: i for i, w in enumerate(ours.words)}
    compared = 0
    for row, topic in enumerate(ours.topics):
        # BERTopic's own top terms: each of its scores is our score of that term, and the score
        # lists agree (its order among equal scores is its sort kernel's; ours is by term).
        their_terms = [(w, s) for w, s in model.topic_representations_[topic] if w]
        for term, score in their_terms:
            assert abs(ours.matrix[row, column[term]] - score) <= TOLERANCE
        ours_scores = [s for _, s in ranked[topic]]
        assert np.allclose(sorted(ours_scores), sorted(np.round([s for _, s in their_terms], 6)), atol=TOLERANCE)
        compared += len(their_terms)
    return compared


def test_ctfidf_equals_bertopics_on_the_seeds(seed_result):
    texts = topic_texts(seed_result.papers)
    assert _assert_same_as_bertopic(texts, seed_result.documents["topic"].to_numpy()) == 6 * 20


def test_ctfidf_equals_bertopics_on_300_reference_papers(reference_result):
    texts = topic_texts(reference_result.papers)
    topics = reference_result.documents["topic"].to_numpy()
    assert _assert_same_as_bertopic(texts, topics) == 20 * len(set(topics.tolist()))


def test_accented_words_keep_their_letters():
    # BERTopic's [A-Za-z0-9 ] filter made "schrdinger", "frchet" and "rnyi" terms of the reference corpus.
    texts = ["Schrödinger bridges with Rényi divergence.", "Schrödinger bridges and Fréchet distance.", "Speciﬁc."]
    words = set(class_tfidf(texts, [0, 0, 1]).words)
    assert {"schrodinger", "schrodinger bridges", "renyi", "frechet", "specific"} <= words
    assert not words & {"schrdinger", "rnyi", "frchet", "specic"}
    assert fold_accents("naïve Nyström, Poincaré") == "naive Nystrom, Poincare"


def test_topic_documents_join_each_topics_papers_in_order():
    order, joined = topic_documents(["a b", "c", "d e", "f"], np.array([1, 0, 1, 0]))
    assert order == [0, 1] and joined == ["c f", "a b d e"]
    assert preprocess(["x\ty-z!", "§§", "日本語"], latin=True) == ["x yz", "emptydoc", "emptydoc"]
    assert preprocess(["日本語\n"], latin=False) == ["日本語 "]


def test_ranking_breaks_ties_by_the_term_and_drops_zero_scores():
    from scipy.sparse import csr_matrix

    matrix = csr_matrix(np.array([[0.5, 0.50000001, 0.0, 0.7], [0.0, 0.0, 0.1, 0.0]]))
    ranked = rank_topic_terms(matrix, ["zeta", "alpha", "gamma", "beta"], [3, 7])
    assert ranked == {3: [("beta", 0.7), ("alpha", 0.5), ("zeta", 0.5)], 7: [("gamma", 0.1)]}


def test_labels_take_a_plain_terms_dict():
    # No model and no backend: the lexical path, phrases of two or more of the topic's papers.
    terms = {0: ["diffusion models", "diffusion", "guidance", "noise", ""], 1: ["watermarks", "detection"]}
    texts = ["Diffusion models with guidance", "diffusion models add noise", "guidance for diffusion models"]
    texts += ["Watermarks for text detection.", "Detection of watermarks in text."]
    labels = topic_labels(terms, texts, np.array([0, 0, 0, 1, 1]))
    assert labels == {0: "Diffusion models", 1: "Detection of watermarks"}


def test_the_fit_does_not_build_the_bertopic_model_until_asked(seed_result):
    from analysis import fit_topics

    result = fit_topics(seed_result.papers, embeddings=seed_result.embeddings, use_cache=False)
    assert result._model is None
    assert result.model is result.model  # built once
    assert result._model is not None


def test_lazy_bertopic_model_shows_our_topics_terms_and_labels(seed_result):
    model, pieces = seed_result.model, seed_result.pieces
    assert model.get_topics() == pieces.terms
    assert model.get_topic(0) == seed_result.topic_terms(0) and model.get_topic(0)[0][0]
    assert model.topics_ == seed_result.documents["topic"].tolist()
    labels = dict(zip(seed_result.topics["topic"], seed_result.topics["label"], strict=True))
    assert model.custom_labels_ == [labels[t] for t in sorted(labels)]
    info = model.get_topic_info()
    assert info["Count"].tolist() == [int((seed_result.documents["topic"] == t).sum()) for t in info["Topic"]]
    ours = class_tfidf(topic_texts(seed_result.papers), pieces.paper_topics)
    np.testing.assert_allclose(model.c_tf_idf_.toarray(), ours.matrix.toarray(), rtol=0, atol=1e-12)


def test_representative_papers_belong_to_their_topic(seed_result):
    # BERTopic's fit_transform numbers topics of equal size by an unstable sort: the model
    # built before showed topic 1's papers as topic 0's (both have 6 papers).
    texts = topic_texts(seed_result.papers)
    topic_of = dict(zip(texts, seed_result.documents["topic"], strict=True))
    representative = seed_result.model.get_representative_docs()
    assert sorted(representative) == list(range(6))
    for topic, docs in representative.items():
        assert docs and {topic_of[d] for d in docs} == {topic}


def test_topic_vectors_are_each_topics_mean_embedding(seed_result):
    # In the embedding's space (MiniLM), where new text is embedded: not the clustered features (+ LSA).
    pieces, model = seed_result.pieces, seed_result.model
    assert model.topic_embeddings_.shape == (6, pieces.embeddings.shape[1]) == (6, 384)
    for topic in range(6):
        expected = pieces.embeddings[pieces.paper_topics == topic].mean(axis=0)
        np.testing.assert_allclose(model.topic_embeddings_[topic], expected, rtol=0, atol=1e-6)


def test_bertopic_views_work_on_the_lazy_model(seed_result):
    figure = seed_result.model.visualize_barchart(top_n_topics=6, n_words=5)
    assert len(figure.data) == 6
    assert [w.strip() for w in figure.data[0].y][::-1] == [w for w, _ in seed_result.topic_terms(0)[:5]]
    np.random.seed(42)
    documents = seed_result.model.visualize_documents(
        seed_result.documents["name"].tolist(), reduced_embeddings=seed_result.documents[["x", "y"]].to_numpy()
    )
    assert sum(len(trace.x) for trace in documents.data if trace.x is not None) >= 26


@pytest.mark.parametrize("n", [3, 7])
def test_small_corpora_build_a_model_too(seed_result, n):
    from analysis import fit_topics

    result = fit_topics(seed_result.papers.iloc[:n], embeddings=seed_result.embeddings[:n], use_cache=False)
    assert result.model.get_topics() == result.pieces.terms
    assert type(result.pieces.clusterer).__name__ == ("SingleCluster" if n < 6 else "AgglomerativeClustering")
    topics, _ = result.model.transform(result.papers["text"].tolist()[:2])
    assert len(topics) == 2 and set(topics) <= set(result.pieces.paper_topics.tolist())
