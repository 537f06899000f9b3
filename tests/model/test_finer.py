"""Finer topics below the topics from 5,000 papers: nested, sized by the rule, deterministic, kept by ``add``."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from helpers import SEED_A, SEED_B, describe_nearness

from analysis.model import finer
from analysis.model.finer import FINE_MIN, finer_count, finer_topics, split_topic


def _conference(seed: int = 0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """5,200 papers in 60 topics of 20 to 160 papers, each topic made of sub-blobs of 15 to 60 papers, in 30-d."""
    rng = np.random.default_rng(seed)
    vectors, topics = [], []
    for topic in range(60):
        centre = rng.normal(scale=10, size=30)
        size = int(rng.integers(20, 161))
        parts = max(1, size // int(rng.integers(30, 61)))
        for part, count in enumerate(np.array_split(np.arange(size), parts)):
            sub = centre + rng.normal(scale=2.5, size=30)
            vectors.append(sub + rng.normal(scale=0.7 + 0.1 * part, size=(len(count), 30)))
            topics += [topic] * len(count)
    keys = np.array([f"doc{i:05d}" for i in range(len(topics))])
    return np.vstack(vectors), np.array(topics), keys


@pytest.fixture(scope="module")
def conference():
    vectors, topics, keys = _conference()
    assert len(topics) >= 5_000
    return vectors, topics, keys, finer_topics(topics, vectors, keys)


def _partition(labels: np.ndarray) -> set[frozenset[int]]:
    return {frozenset(np.flatnonzero(labels == s).tolist()) for s in np.unique(labels)}


@pytest.mark.parametrize(("size", "count"), [(10, 1), (67, 1), (68, 2), (330, 7), (2_000, 44)])
def test_finer_count_follows_the_topic_size(size, count):
    assert finer_count(size) == count


def test_each_finer_topic_is_inside_one_topic_and_every_paper_in_one(conference):
    _, topics, _, fine = conference
    assert fine.shape == topics.shape and fine.min() == 0
    assert sorted(set(fine.tolist())) == list(range(int(fine.max()) + 1))
    per_finer = pd.Series(topics).groupby(fine).nunique()
    assert (per_finer == 1).all()
    # Numbered topic by topic: topic 0's finer topics first, largest first within a topic.
    first_topic = pd.Series(topics).groupby(fine).first()
    assert first_topic.is_monotonic_increasing
    sizes = np.bincount(fine)
    for topic in range(60):
        own = np.unique(fine[topics == topic])
        assert (np.diff(sizes[own]) <= 0).all()


def test_sizes_follow_the_rule(conference):
    _, topics, _, fine = conference
    sizes = np.bincount(fine)
    topic_sizes = np.bincount(topics)
    for topic in range(60):
        own = np.unique(fine[topics == topic])
        assert 1 <= len(own) <= finer_count(int(topic_sizes[topic]))
        if len(own) > 1:  # a piece is small only when it is the whole topic
            assert sizes[own].min() >= FINE_MIN
    assert 30 <= sizes.mean() <= 60, sizes.mean()  # about 45 papers a finer topic
    assert len(sizes) > 100


def test_identical_under_float_noise_and_row_order(conference):
    vectors, topics, keys, fine = conference
    rng = np.random.default_rng(1)
    noisy = finer_topics(topics, vectors + rng.normal(scale=1e-7, size=vectors.shape), keys)
    assert noisy.tolist() == fine.tolist()
    order = rng.permutation(len(topics))
    shuffled = finer_topics(topics[order], vectors[order], keys[order])
    assert _partition(shuffled[np.argsort(order)]) == _partition(fine)
    assert shuffled[np.argsort(order)].tolist() == fine.tolist()  # numbered by size and doc_id: the same ids too


def test_a_clean_topic_is_cut_as_its_ward_subtree():
    """Without outlying papers the pieces are the Ward cut of the topic's papers (scikit-learn's)."""
    from sklearn.cluster import AgglomerativeClustering

    rng = np.random.default_rng(4)
    centres = rng.normal(scale=8, size=(3, 5))
    vectors = np.vstack([c + rng.normal(size=(45, 5)) for c in centres])
    keys = np.array([f"k{i:03d}" for i in range(len(vectors))])
    pieces = split_topic(vectors, keys)
    direct = AgglomerativeClustering(n_clusters=3, linkage="ward").fit_predict(vectors)
    assert _partition(pieces) == _partition(direct)
    assert sorted(np.bincount(pieces).tolist()) == [45, 45, 45]


def test_outlying_papers_join_the_piece_they_cost_least_to_merge_with():
    """Two groups of 40 and 6 stray papers beside the first: 2 pieces (86 / 45), the strays in the first."""
    rng = np.random.default_rng(2)
    first = rng.normal(size=(40, 4))
    second = np.array([30.0, 0, 0, 0]) + rng.normal(size=(40, 4))
    strays = np.array([0.0, 18, 0, 0]) + rng.normal(scale=0.1, size=(6, 4))
    vectors = np.vstack([first, second, strays])
    keys = np.array([f"k{i:03d}" for i in range(len(vectors))])
    pieces = split_topic(vectors, keys)
    assert np.bincount(pieces).tolist() in ([46, 40], [40, 46])
    assert len(set(pieces[:40].tolist() + pieces[80:].tolist())) == 1
    assert set(pieces[40:80].tolist()).isdisjoint(pieces[:40].tolist())


def test_a_small_topic_stays_whole():
    vectors = np.random.default_rng(0).normal(size=(60, 3))
    assert split_topic(vectors, np.arange(60)).tolist() == [0] * 60


def test_below_five_thousand_papers_there_is_no_finer_level(seed_result):
    assert "subtopic" not in seed_result.documents
    assert seed_result.subtopics.empty
    assert not finer.has_finer_level(4_999) and finer.has_finer_level(5_000)


@pytest.fixture(scope="module")
def finer_seeds(seeds_dir):
    """The seed lists' run and an added batch with the rule lowered so that the 26 papers reach it."""
    from analysis import fit_topics, load_corpus
    from analysis.model.incremental import add_batch

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(finer, "FINE_FROM", 10)
        patch.setattr(finer, "FINE_SIZE", 2)
        patch.setattr(finer, "FINE_MIN", 2)
        first = fit_topics(load_corpus(seeds_dir / SEED_A), random_state=42)
        added, _ = add_batch(first, load_corpus(seeds_dir / SEED_B), batch="week 2")
    return first, added


def test_a_fit_with_finer_topics_has_them_in_its_tables_and_labels(finer_seeds):
    first, _ = finer_seeds
    documents = first.documents
    assert documents.columns.tolist()[3:8] == ["topic_label", "area", "area_label", "subtopic", "subtopic_label"]
    assert (documents.groupby("subtopic")["topic"].nunique() == 1).all()
    assert documents["subtopic"].nunique() > documents["topic"].nunique()
    assert documents["subtopic_label"].str.len().min() > 0
    table = first.subtopics
    assert table.columns.tolist() == ["subtopic", "label", "size", "topic", "topic_label", "area", "area_label"]
    assert table["subtopic"].tolist() == list(range(len(table)))
    assert table["size"].sum() == len(documents)
    assert table["label"].is_unique


def test_finer_topics_are_named_with_the_fits_nearness_as_its_topics_are(seeds_dir, monkeypatch):
    from analysis import fit_topics, load_corpus

    seen = describe_nearness(monkeypatch)
    monkeypatch.setattr(finer, "FINE_FROM", 10)
    monkeypatch.setattr(finer, "FINE_SIZE", 2)
    monkeypatch.setattr(finer, "FINE_MIN", 2)
    papers = load_corpus(seeds_dir / SEED_A)
    result = fit_topics(papers, random_state=42, use_cache=False)
    assert "subtopic" in result.documents
    # The finer topics' call (the fit's own holds ``describe`` from its import): the papers' embeddings with it.
    assert len(seen) == 1 and seen[0] is not None
    np.testing.assert_array_equal(seen[0].embeddings, result.pieces.embeddings)
    assert len(seen[0].embeddings) == len(papers)


def test_save_load_and_the_table_written(finer_seeds, tmp_path):
    from analysis import TopicResult
    from analysis.pipeline import FINER_TABLE, write_tables

    first, _ = finer_seeds
    loaded = TopicResult.load(first.save(tmp_path / "run"))
    pd.testing.assert_frame_equal(loaded.documents, first.documents)
    *_, written = write_tables(loaded, tmp_path)
    assert sorted(p.name for p in tmp_path.glob("*.csv")) == sorted(["documents.csv", "topics.csv", FINER_TABLE])
    assert written.name == FINER_TABLE
    assert pd.read_csv(written)["subtopic"].tolist() == first.subtopics["subtopic"].tolist()


def test_added_papers_take_their_nearest_fitted_neighbours_finer_topic(finer_seeds):
    first, added = finer_seeds
    n = len(first.documents)
    documents = added.documents
    columns = ["subtopic", "subtopic_label"]
    pd.testing.assert_frame_equal(documents[columns].iloc[:n], first.documents[columns])  # old papers never move
    fitted = first.pieces.reduced
    new = added.pieces.reduced[n:]
    old_topics = first.documents["topic"].to_numpy()
    for row, vector in enumerate(new):
        topic = int(documents["topic"].iat[n + row])
        members = np.flatnonzero(old_topics == topic)
        if len(members) == 0:  # a new topic is one finer topic of its own, named as the topic
            assert documents["subtopic"].iat[n + row] > first.documents["subtopic"].max()
            assert documents["subtopic_label"].iat[n + row] == documents["topic_label"].iat[n + row]
            continue
        nearest = members[np.argmin(((fitted[members] - vector) ** 2).sum(axis=1))]
        assert documents["subtopic"].iat[n + row] == first.documents["subtopic"].iat[nearest]
    assert (documents.groupby("subtopic")["topic"].nunique() == 1).all()
