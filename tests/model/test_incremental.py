"""Adding papers to a fitted run: old rows kept byte for byte, copies merged, the same batch twice adds nothing."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from helpers import SEED_A, SEED_B, describe_nearness

from analysis.model.incremental import FIRST_BATCH, add_batch, fit_thresholds

KEPT = ["doc_id", "name", "topic", "topic_label", "theme", "theme_score", "theme_margin", "x", "y"]


@pytest.fixture(scope="module")
def first_list(seeds_dir):
    from analysis import fit_topics, load_corpus

    return fit_topics(load_corpus(seeds_dir / SEED_A), random_state=42)


@pytest.fixture(scope="module")
def added(first_list, seeds_dir):
    from analysis import load_corpus

    return add_batch(first_list, load_corpus(seeds_dir / SEED_B), batch="week 2")


def test_old_papers_keep_topic_label_theme_and_place(first_list, added):
    result, summary = added
    n = len(first_list.documents)
    pd.testing.assert_frame_equal(result.documents[KEPT].iloc[:n], first_list.documents[KEPT])
    assert (result.documents["batch"].iloc[:n] == FIRST_BATCH).all()
    assert (result.documents["batch"].iloc[n:] == "week 2").all()
    assert summary.added == len(result.documents) - n > 0
    assert summary.added + summary.merged == summary.read
    old = first_list.topics.set_index("topic")
    new = result.topics.set_index("topic")
    assert (new.loc[old.index, ["label", "theme"]] == old[["label", "theme"]]).all().all()


def test_new_papers_are_placed_and_labelled_like_the_others(first_list, added):
    result, summary = added
    documents = result.documents
    assert set(documents["topic"]) == set(result.topics["topic"])
    assert documents["topic_label"].tolist() == [result.pieces.labels[t] for t in documents["topic"]]
    assert result.topics["label"].is_unique
    assert documents[["x", "y"]].abs().max().max() <= 1
    assert (documents[["x", "y"]] == documents[["x", "y"]].round(3)).all().all()
    assert int(documents["misfit"].sum()) == summary.misfits
    assert set(summary.new_topics) == set(result.topics["topic"]) - set(first_list.topics["topic"])
    assert len(result.pieces.embeddings) == len(documents) == len(result.papers) == len(result.theme_scores)
    # Merged copies keep one row each, with the second list among their sources.
    merged = result.papers["sources"].str.contains(SEED_B) & result.papers["sources"].str.contains(SEED_A)
    assert merged.sum() == summary.merged


def test_added_papers_are_placed_in_the_fits_clustered_space_and_stay_there_for_the_next_batch(first_list, added):
    from analysis.embedding.cache import document_texts

    result, _ = added
    n, pieces, fitted = len(first_list.documents), result.pieces, first_list.pieces
    assert pieces.projection is fitted.projection and len(pieces.reduced) == len(pieces.features) == len(result.papers)
    features = pieces.projection.features(pieces.embeddings[n:], document_texts(result.papers.iloc[n:]))
    np.testing.assert_array_equal(pieces.features[n:], features)
    np.testing.assert_array_equal(pieces.reduced[n:], pieces.projection.reduced(features, fitted.features))
    np.testing.assert_array_equal(pieces.reduced[:n], fitted.reduced)
    np.testing.assert_array_equal(pieces.features[:n], fitted.features)


def test_the_same_batch_twice_changes_nothing(added, seeds_dir):
    from analysis import load_corpus

    result, _ = added
    again, summary = add_batch(result, load_corpus(seeds_dir / SEED_B), batch="week 3")
    assert summary.added == 0 and summary.merged == summary.read
    pd.testing.assert_frame_equal(again.documents, result.documents)
    pd.testing.assert_frame_equal(again.papers, result.papers)
    pd.testing.assert_frame_equal(again.topics, result.topics)


def test_exact_and_near_copies_add_no_paper(first_list):
    papers = first_list.papers.iloc[:6].copy()
    papers["sources"] = [f"copies.txt:{i}" for i in range(1, 7)]
    edited = papers["text"].tolist()
    edited[1] = edited[1].replace(".", ";", 1)  # a punctuation edit
    edited[2] = edited[2] + " Code is available online."  # a sentence added
    edited[3] = edited[3].upper()  # case only
    papers["text"] = edited
    papers = papers.drop(columns=["doc_id"])
    result, summary = add_batch(first_list, papers, batch="copies")
    assert summary.added == 0 and summary.merged == 6
    assert len(result.documents) == len(first_list.documents)
    pd.testing.assert_frame_equal(result.documents, first_list.documents)
    sources = result.papers["sources"].iloc[:6].tolist()
    assert all(s.endswith(f"; copies.txt:{i}") for i, s in enumerate(sources, start=1))
    assert (result.papers["n_copies"].iloc[:6] == first_list.papers["n_copies"].iloc[:6] + 1).all()


def test_fit_thresholds_come_from_each_topic_own_spread():
    rng = np.random.default_rng(0)
    tight = np.array([1.0, 0, 0]) + rng.normal(scale=0.05, size=(20, 3))
    loose = np.array([0, 1.0, 0]) + rng.normal(scale=0.4, size=(20, 3))
    ids, _, limits = fit_thresholds(np.vstack([tight, loose]), np.repeat([0, 1], 20))
    assert ids.tolist() == [0, 1] and limits[0] > limits[1]
    assert (limits == np.round(limits, 2)).all()


def test_a_run_in_a_space_fitted_per_corpus_cannot_take_papers(seeds_dir):
    from analysis import fit_topics, load_corpus

    result = fit_topics(load_corpus(seeds_dir / SEED_A), embedding="fast")
    with pytest.raises(ValueError, match="run the report again"):
        result.add(load_corpus(seeds_dir / SEED_B))


def test_save_and_load_keep_the_batches(added, tmp_path):
    from analysis import TopicResult

    result, _ = added
    loaded = TopicResult.load(result.save(tmp_path / "run"))
    pd.testing.assert_frame_equal(loaded.documents, result.documents)


def test_old_papers_keep_their_area_and_new_topics_join_one(first_list, added):
    result, _ = added
    n = len(first_list.documents)
    documents = result.documents
    pd.testing.assert_frame_equal(
        documents[["area", "area_label"]].iloc[:n], first_list.documents[["area", "area_label"]]
    )
    per_topic = dict(zip(result.topics["topic"], result.topics["area"], strict=True))
    assert documents["area"].tolist() == [per_topic[t] for t in documents["topic"]]
    assert set(per_topic.values()) == set(first_list.topics["area"])  # adding makes no area
    labels = dict(zip(first_list.topics["area"], first_list.topics["area_label"], strict=False))
    assert result.topics["area_label"].tolist() == [labels[a] for a in result.topics["area"]]
    assert result.topics["area"].notna().all()


REEF_SUBJECTS = (
    "coral reef soundscapes",
    "snapping shrimp noise",
    "reef fish choruses",
    "hydrophone arrays on reefs",
    "bleaching and reef acoustics",
    "passive acoustic monitoring of reefs",
    "boat noise over coral reefs",
    "night-time reef sound levels",
)


def test_a_new_topic_is_named_with_the_nearness_of_names_to_every_papers_embedding(seed_result, monkeypatch):
    seen = describe_nearness(monkeypatch)
    text = "We record {0} with hydrophones over coral reefs for a year; passive acoustic monitoring tracks reef health."
    batch = pd.DataFrame([{"title": f"Listening to {s}", "text": text.format(s)} for s in REEF_SUBJECTS])
    result, summary = add_batch(seed_result, batch, batch="reefs")
    assert summary.new_topics, "eight papers on reef acoustics open a topic of their own"
    assert len(seen) == 1 and seen[0] is not None
    np.testing.assert_array_equal(seen[0].embeddings, result.pieces.embeddings)  # old papers' then new ones'
    assert seen[0].encode(["Coral reefs"]).shape == (1, result.pieces.embeddings.shape[1])
