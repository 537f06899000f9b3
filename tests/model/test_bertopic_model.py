"""``result.model`` and new papers: every BERTopic call the README names works, and new papers join existing topics."""

from __future__ import annotations

import numpy as np
import pytest

from analysis import TopicResult, fit_topics

VIDEO = "A diffusion model for video generation with temporally consistent denoising across frames."
WATERMARK = "We embed a watermark in the output of a language model so that generated text can be detected."


def _topic_of(result, name: str) -> int:
    return int(result.documents.set_index("name").loc[name, "topic"])


def test_new_papers_go_to_the_topic_a_reader_expects(seed_result):
    topics, similarity = seed_result.transform([VIDEO, WATERMARK])
    theme = seed_result.topics.set_index("topic")["theme"]
    assert theme[topics[0]] == "diffusion and generative models"
    assert topics[1] == _topic_of(seed_result, "WASH")
    assert similarity.shape == (2,) and (similarity > 0.2).all()
    assert np.array_equal(similarity, np.round(similarity, 6))  # decided on the rounded cosine


def test_transform_places_a_paper_as_add_does_and_ties_go_to_the_lower_topic(seed_result):
    from analysis.model.clustering import nearest_centroid
    from analysis.model.measures import topic_centroids

    pieces = seed_result.pieces
    vectors = seed_result.pieces.embeddings[[0, 9]] + 0.01
    texts = ["A diffusion model for video.", "Regret bounds for bandits."]
    topics, similarity = seed_result.transform(texts, embeddings=vectors)
    # In the clustered space, against the topics' centroids there (what add's rule 2 reads).
    places = pieces.projection.reduced(pieces.projection.features(vectors, texts), pieces.features)
    ids, centroids = topic_centroids(pieces.reduced, pieces.paper_topics)
    assert ids.tolist() == list(range(6))
    expected = np.argmax(places @ centroids.T / np.linalg.norm(places, axis=1)[:, None], axis=1)
    assert topics.tolist() == expected.tolist()
    np.testing.assert_allclose(
        similarity, np.max(places @ centroids.T, axis=1) / np.linalg.norm(places, axis=1), atol=1e-6
    )
    # A vector half-way between two centroids (tied up to float noise) goes to the lower topic.
    tied, _ = nearest_centroid(((centroids[4] + centroids[2]) / 2)[None], ids, centroids)
    assert tied.tolist() == [2]
    with pytest.raises(ValueError, match="1 embeddings for 2 texts"):
        seed_result.transform(["a", "b"], embeddings=vectors[:1])


def test_without_a_clustered_space_transform_compares_embeddings(seed_result):
    import dataclasses

    plain = dataclasses.replace(seed_result, pieces=dataclasses.replace(seed_result.pieces, projection=None))
    _, centroids = plain.topic_centroids()
    np.testing.assert_allclose(np.linalg.norm(centroids, axis=1), 1.0)
    between = (centroids[4] + centroids[2]) / 2
    topics, _ = plain.transform(["x", "y"], embeddings=np.vstack([centroids[3], between]))
    assert topics.tolist() == [3, 2]


def test_a_paper_already_fitted_lands_in_its_own_topic_mostly(seed_result):
    topics, _ = seed_result.transform(list(seed_result.papers["text"]), embeddings=seed_result.pieces.embeddings)
    assert np.mean(topics == seed_result.pieces.paper_topics) >= 0.8


def test_model_transform_is_the_suites_assignment(seed_result):
    topics, similarity = seed_result.model.transform([VIDEO, WATERMARK])
    ours, our_similarity = seed_result.transform([VIDEO, WATERMARK])
    assert topics == ours.tolist()
    np.testing.assert_array_equal(similarity, our_similarity)
    assert seed_result.model.transform(VIDEO)[0] == ours.tolist()[:1]  # one string is one document


def test_find_topics_finds_the_watermark_topic(seed_result):
    topics, similarity = seed_result.model.find_topics("watermark", top_n=3)
    assert topics[0] == _topic_of(seed_result, "WASH")
    assert len(topics) == 3 and similarity == sorted(similarity, reverse=True)


def test_the_views_the_readme_names(seed_result):
    model = seed_result.model
    assert model.get_topic(0) == seed_result.topic_terms(0)
    info = model.get_topic_info()
    assert info["Topic"].tolist() == seed_result.topics["topic"].tolist()
    assert info["CustomName"].tolist() == seed_result.topics["label"].tolist()
    assert sorted(model.get_representative_docs()) == list(range(6))
    barchart = model.visualize_barchart(custom_labels=True)
    assert [trace.type for trace in barchart.data] == ["bar"] * len(barchart.data) and barchart.data
    np.random.seed(42)
    documents = model.visualize_documents(
        seed_result.documents["name"].tolist(), reduced_embeddings=seed_result.documents[["x", "y"]].to_numpy()
    )
    assert sum(len(trace.x) for trace in documents.data if trace.x is not None) >= 26


def test_a_loaded_result_embeds_new_papers_with_the_fits_backend(seed_result, tmp_path):
    assert seed_result.pieces.slots["embedding"] == "minilm"
    seed_result.save(tmp_path / "saved")
    loaded = TopicResult.load(tmp_path / "saved")
    assert loaded.backend is None
    assert loaded.transform([VIDEO])[0].tolist() == seed_result.transform([VIDEO])[0].tolist()
    assert loaded.model.find_topics("watermark")[0][0] == _topic_of(seed_result, "WASH")


def test_a_tfidf_result_assigns_new_papers_in_its_own_space(seed_result):
    result = fit_topics(seed_result.papers, embedding="tfidf", use_cache=False)
    topics, _ = result.transform([VIDEO, WATERMARK])
    assert set(topics.tolist()) <= set(result.pieces.paper_topics.tolist())
    assert result.model.transform([VIDEO])[0] == topics.tolist()[:1]
    with pytest.raises(ValueError, match=r"result\.transform"):
        result.model.find_topics("watermark")  # LSA is fitted per corpus: a word alone has no place in it
