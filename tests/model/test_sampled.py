"""The sample-and-assign fit of the largest corpora: a sample by doc_id, every other paper assigned as added papers are.

A corpus of 240 abstracts made of the seed papers' sentences and the TF-IDF
backend keep these fast; the reference corpus is measured by
bench/bench_sampled.py. The threshold is forced low (120 papers).
"""

from __future__ import annotations

import concurrent.futures
import itertools
import pickle

import numpy as np
import pandas as pd
import pytest

from analysis import TopicModel
from analysis.model import sampled
from analysis.model.ctfidf import class_tfidf, counts_tfidf, sum_term_counts, topic_term_counts
from analysis.model.sampled import hash_order, in_sample, sample_rows

N_PAPERS = 240
SAMPLE = 120
ROWS = ["topic", "topic_label", "x", "y"]


@pytest.fixture(scope="module")
def corpus(seeds_dir):
    """240 distinct abstracts of 4-7 seed sentences (fixed seed), and their TF-IDF vectors."""
    import re

    from analysis import load_corpus
    from analysis.corpus.table import validate_papers
    from analysis.embedding.backends import tfidf_embeddings
    from analysis.embedding.cache import document_texts

    sentences = [s for text in load_corpus(seeds_dir)["text"] for s in re.split(r"(?<=[.!?])\s+", text) if len(s) > 30]
    rng = np.random.default_rng(0)
    picks = [rng.choice(len(sentences), rng.integers(4, 8), replace=False) for _ in range(N_PAPERS)]
    papers = validate_papers(pd.DataFrame({"text": [" ".join(sentences[j] for j in pick) for pick in picks]}))
    return papers, tfidf_embeddings(document_texts(papers))


def _fit(papers, vectors, **settings):
    model = TopicModel(embedding="tfidf", use_cache=False, **settings)
    return model.fit(papers, embeddings=vectors).result_


@pytest.fixture(scope="module")
def fitted(corpus):
    papers, vectors = corpus
    return _fit(papers, vectors, sample_above=SAMPLE)


def _reversing(function, partitions):
    """A cluster's map seen from outside: the partitions run last first, the results handed back in order."""
    return list(reversed([function(part) for part in reversed(list(partitions))]))


def _threads(function, partitions):
    with concurrent.futures.ThreadPoolExecutor(max_workers=3) as pool:
        return list(pool.map(function, partitions))


def _pickled(function, partitions):
    """As a cluster of processes runs them: the function, each partition and each result go through pickle."""
    shipped = pickle.loads(pickle.dumps(function))
    return [pickle.loads(pickle.dumps(shipped(pickle.loads(pickle.dumps(part))))) for part in partitions]


def _bytes(result) -> bytes:
    """What a run writes that must not change: the tables as CSV and the fitted arrays."""
    pieces = result.pieces
    arrays = b"".join(np.ascontiguousarray(getattr(pieces, name)).tobytes() for name in pieces.ARRAYS)
    words = repr((sorted(pieces.terms.items()), sorted(pieces.labels.items()))).encode()
    return result.documents.to_csv().encode() + result.topics.to_csv().encode() + arrays + words


def test_the_sample_is_chosen_by_doc_id_whatever_the_row_order():
    ids = [f"paper-{i}" for i in range(500)]
    chosen = {ids[i] for i in sample_rows(ids, 50)}
    shuffled = list(np.random.default_rng(1).permutation(ids))
    assert {shuffled[i] for i in sample_rows(shuffled, 50)} == chosen
    assert {ids[i] for i in np.flatnonzero(in_sample(ids, 50))} == chosen
    # A larger sample holds the smaller one: raising the threshold only adds papers.
    assert chosen <= {ids[i] for i in sample_rows(ids, 80)}
    assert sorted(hash_order(ids).tolist()) == list(range(500))


def test_below_the_threshold_nothing_changes(corpus):
    papers, vectors = corpus

    def never(function, partitions):
        raise AssertionError("a fit below the threshold maps nothing")

    whole = _fit(papers, vectors, sample_above=None)
    at_threshold = _fit(papers, vectors, sample_above=N_PAPERS, mapper=never)
    assert _bytes(at_threshold) == _bytes(whole)
    assert "sample" not in at_threshold.pieces.slots


def test_every_paper_is_assigned_and_described(fitted):
    documents, topics = fitted.documents, fitted.topics
    assert len(documents) == N_PAPERS and (documents["topic"] >= 0).all()
    assert set(documents["topic"]) == set(topics["topic"]) == set(fitted.pieces.labels)
    assert documents["topic_label"].tolist() == [fitted.pieces.labels[t] for t in documents["topic"]]
    assert topics["label"].is_unique and (topics["terms"] != "").all()
    assert topics["size"].is_monotonic_decreasing and topics["topic"].iloc[0] == 0
    assert documents[["x", "y"]].abs().max().max() <= 1
    assert (documents[["x", "y"]] == documents[["x", "y"]].round(3)).all().all()
    summary = fitted.pieces.slots["sample"]
    assert (summary["papers"], summary["of"]) == (SAMPLE, N_PAPERS) and 0 <= summary["misfits"] < N_PAPERS - SAMPLE
    # The sample's topics, as many as the whole corpus gets (19): misfits join their nearest, form none.
    assert len(topics) == 19 and summary["new_topics"] == 0
    assert len(fitted.pieces.features) == len(fitted.pieces.embeddings) == N_PAPERS


def test_sample_papers_keep_their_places_and_mostly_their_groups(corpus, fitted, monkeypatch):
    papers, vectors = corpus
    seen = []
    real = TopicModel._fit_all
    monkeypatch.setattr(TopicModel, "_fit_all", lambda self, *a, **k: seen.append(real(self, *a, **k)) or seen[-1])
    _fit(papers, vectors, sample_above=SAMPLE)
    (sample_fit,) = seen
    rows = sample_rows(papers["doc_id"].tolist(), SAMPLE)
    kept = fitted.documents.iloc[rows]
    # The same places; the sample's groups (numbered by their size in the
    # whole corpus) are where the Lloyd passes start: most of each stays together.
    np.testing.assert_array_equal(kept[["x", "y"]].to_numpy(), sample_fit.xy)
    together = pd.crosstab(sample_fit.paper_topics, kept["topic"].to_numpy()).max(axis=1).sum() / SAMPLE
    assert together >= 0.95  # 0.992 here
    # As many topics as the whole corpus would get (the sample alone would get fewer).
    assert sample_fit.slots["max_topics"] == 19 and sample_fit.slots["n_neighbors"] == 6


@pytest.mark.slow  # a sampled fit per case (1.3-2.2 s); the plain sampled-fit tests stay quick: `make test` only
@pytest.mark.parametrize("mapper", [_reversing, _threads, _pickled], ids=["reversed", "threads", "pickled"])
def test_how_the_partitions_run_changes_nothing(corpus, fitted, mapper):
    papers, vectors = corpus
    assert _bytes(_fit(papers, vectors, sample_above=SAMPLE, mapper=mapper)) == _bytes(fitted)


@pytest.mark.slow  # a sampled fit per case (1.3-2.2 s); the plain sampled-fit tests stay quick: `make test` only
@pytest.mark.parametrize("size", [1, 7, 50, 10_000])
def test_the_partition_size_changes_nothing(corpus, fitted, monkeypatch, size):
    papers, vectors = corpus
    monkeypatch.setattr(sampled, "PARTITION_SIZE", size)
    calls = []

    def counting(function, partitions):
        partitions = list(partitions)
        calls.append(len(partitions))
        return map(function, partitions)

    assert _bytes(_fit(papers, vectors, sample_above=SAMPLE, mapper=counting)) == _bytes(fitted)
    assert calls[0] == -(-(N_PAPERS - SAMPLE) // size)  # the assignment: the papers outside the sample


def test_a_second_run_gives_the_same_bytes(corpus, fitted):
    papers, vectors = corpus
    assert _bytes(_fit(papers, vectors, sample_above=SAMPLE)) == _bytes(fitted)


def test_the_row_order_changes_no_topic_word_or_place(corpus, fitted):
    papers, vectors = corpus
    order = np.random.default_rng(2).permutation(N_PAPERS)
    shuffled = _fit(papers.iloc[order].reset_index(drop=True), vectors[order], sample_above=SAMPLE)
    by_id = fitted.documents.set_index("doc_id")[ROWS]
    pd.testing.assert_frame_equal(shuffled.documents.set_index("doc_id")[ROWS].loc[by_id.index], by_id)
    columns = ["topic", "label", "size", "terms"]
    pd.testing.assert_frame_equal(shuffled.topics[columns], fitted.topics[columns])


def test_term_counts_summed_over_partitions_equal_one_count_of_all(corpus):
    papers, _ = corpus
    from analysis.embedding.cache import topic_texts

    texts = topic_texts(papers)
    topics = np.arange(N_PAPERS) % 9
    whole = counts_tfidf(sum_term_counts([topic_term_counts(texts, topics)]))
    cuts = [0, 1, 40, 41, 130, N_PAPERS]
    parts = [topic_term_counts(texts[a:b], topics[a:b]) for a, b in itertools.pairwise(cuts)]
    summed = counts_tfidf(sum_term_counts(reversed(parts)))
    assert summed.topics == whole.topics and summed.words.tolist() == whole.words.tolist()
    for name in ("data", "indices", "indptr"):
        np.testing.assert_array_equal(getattr(summed.matrix, name), getattr(whole.matrix, name))
    # min_df counts topics, after the sum: a term of one topic only goes at min_df=2.
    rare = sum_term_counts(parts, min_df=2)
    assert set(rare.words) < set(whole.words) and (np.diff(rare.matrix.tocsc().indptr) >= 2).all()


def test_term_counts_weigh_as_bertopic_when_no_bigram_spans_two_papers(corpus):
    """With one paper per topic nothing is joined: the per-paper counts give class_tfidf's floats."""
    papers, _ = corpus
    from analysis.embedding.cache import topic_texts

    texts = topic_texts(papers)[:30]
    joined = class_tfidf(texts, np.arange(30))
    counted = counts_tfidf(topic_term_counts(texts, np.arange(30)))
    assert counted.words.tolist() == joined.words.tolist()
    np.testing.assert_array_equal(counted.matrix.toarray(), joined.matrix.toarray())


def test_a_threshold_below_one_is_refused(corpus):
    from sklearn.utils._param_validation import InvalidParameterError

    papers, vectors = corpus
    with pytest.raises(InvalidParameterError, match="sample_above"):
        _fit(papers, vectors, sample_above=0)


def _two_groups():
    """Ten papers around (1, 0, 0) and ten around (0, 1, 0); paper 19, of the second group, put in topic 0."""
    rng = np.random.default_rng(3)
    vectors = np.vstack([np.tile([1.0, 0, 0], (10, 1)), np.tile([0, 1.0, 0], (10, 1))]) + rng.normal(0, 0.05, (20, 3))
    topics = np.repeat([0, 1], 10)
    topics[19] = 0
    return vectors.astype(np.float32), topics


def test_a_lloyd_pass_moves_a_paper_placed_in_the_wrong_topic():
    vectors, topics = _two_groups()
    rows = np.arange(20)
    moved = sampled.refined(topics, vectors, rows, np.array([3, 12, 19]), map, 2_000)
    assert moved[19] == 1 and (moved[:10] == 0).all() and (moved[10:] == 1).all()
    assert topics[19] == 0  # the topics given are left as they were
    # Only the movable papers move: paper 19 stays where it was put when it is not one of them.
    assert sampled.refined(topics, vectors, rows, np.array([3, 12]), map, 2_000)[19] == 0
    # No pass, no move.
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sampled, "REFINE_PASSES", 0)
        np.testing.assert_array_equal(sampled.refined(topics, vectors, rows, rows, map, 2_000), topics)


@pytest.mark.parametrize("size", [1, 3, 7, 2_000])
@pytest.mark.parametrize("mapper", [map, _reversing, _threads, _pickled], ids=["map", "reversed", "threads", "pickled"])
def test_lloyd_passes_are_the_same_whatever_the_partitions(size, mapper):
    rng = np.random.default_rng(4)
    vectors = rng.normal(size=(60, 8)).astype(np.float32)
    topics = np.arange(60) % 5
    rows = rng.permutation(60)
    expected = sampled.refined(topics, vectors, rows, rows[20:], map, 60)
    assert (expected != topics).any()  # random topics: the passes move papers
    np.testing.assert_array_equal(sampled.refined(topics, vectors, rows, rows[20:], mapper, size), expected)


def test_topic_sums_are_exact_in_any_split():
    rng = np.random.default_rng(5)
    vectors, topics = rng.normal(size=(50, 6)), rng.integers(0, 4, 50)
    whole = sampled._summed([sampled._topic_sums(4, (vectors, topics))])
    for cuts in ([0, 50], [0, 1, 2, 49, 50], [0, 17, 33, 50]):
        parts = [sampled._topic_sums(4, (vectors[a:b], topics[a:b])) for a, b in itertools.pairwise(cuts)]
        split = sampled._summed(reversed(parts))
        np.testing.assert_array_equal(split[0], whole[0])
        np.testing.assert_array_equal(split[1], whole[1])
    unit = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
    means = np.vstack([unit[topics == t].sum(axis=0) for t in range(4)])
    np.testing.assert_allclose(whole[0] / sampled.FIXED_POINT, means, atol=1e-9)


def test_papers_outside_the_sample_end_at_their_nearest_centroid(corpus, fitted):
    """The passes converged: centroids of the final topics leave every paper outside the sample where it is."""
    from analysis.model.clustering import nearest_centroid

    papers, _ = corpus
    topics, embeddings = fitted.documents["topic"].to_numpy(), fitted.pieces.embeddings
    outside = ~in_sample(papers["doc_id"].tolist(), SAMPLE)
    ids = np.unique(topics)
    sums = sampled._summed([sampled._topic_sums(int(ids.max()) + 1, (embeddings, topics))])[0]
    nearest, _ = nearest_centroid(embeddings[outside], ids, sums[ids] / np.bincount(topics)[ids, None])
    np.testing.assert_array_equal(nearest, topics[outside])


class HashedBackend:
    """Word-hashing vectors: not the TF-IDF backend, so the fit adds its LSA block as it does beside MiniLM's."""

    needs_corpus = False
    identity = "hashed-test"

    def encode(self, texts):
        from sklearn.feature_extraction.text import HashingVectorizer

        counts = HashingVectorizer(n_features=96, alternate_sign=False, norm=None).transform(texts).toarray()
        vectors = (counts + 0.01).astype(np.float32)
        return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)


@pytest.fixture(scope="module")
def lexical(corpus):
    """The corpus with vectors that the fit clusters beside an LSA block, and the sample's LSA space and features."""
    from analysis.embedding.backends import fit_lsa
    from analysis.embedding.cache import document_texts
    from analysis.model.projection import LEXICAL_DIMS, LEXICAL_WEIGHT, with_lexical

    papers, _ = corpus
    texts = document_texts(papers)
    vectors = HashedBackend().encode(texts)
    order = hash_order(papers["doc_id"].tolist())
    sample = order[:SAMPLE]
    lexical_vectors, lsa = fit_lsa([texts[i] for i in sample], LEXICAL_DIMS)
    return papers, vectors, order, lsa, with_lexical(vectors[sample], lexical_vectors, LEXICAL_WEIGHT)


def _crowd(lexical, mapper=map, size=50, k=6):
    papers, vectors, order, lsa, features = lexical
    return sampled.smoothed_in_corpus(papers, vectors, order, mapper, size, lsa, features, k)


def test_a_sample_paper_is_smoothed_with_its_nearest_papers_of_the_whole_corpus(lexical):
    from analysis.embedding.cache import document_texts
    from analysis.model.clustering import _neighbors_and_ties, smooth
    from analysis.model.measures import unit_rows
    from analysis.model.projection import LEXICAL_WEIGHT, with_lexical

    papers, vectors, order, lsa, features = lexical
    smoothed, neighbors = _crowd(lexical, k=6)
    texts = document_texts(papers)
    corpus = unit_rows(with_lexical(vectors, lsa.vectors(texts), LEXICAL_WEIGHT).astype(np.float64))
    cosines = unit_rows(features.astype(np.float64)) @ corpus.T
    cosines[np.arange(SAMPLE), order[:SAMPLE]] = -np.inf  # a paper is not its own neighbour
    best = np.sort(cosines, axis=1)[:, ::-1][:, :6]
    chosen = np.sort(np.take_along_axis(cosines, neighbors, axis=1), axis=1)[:, ::-1]
    # The six nearest of all 240 papers (up to float noise), not of the 120 in the sample.
    np.testing.assert_allclose(chosen, best, atol=1e-6)
    assert (~np.isin(neighbors, order[:SAMPLE])).sum() > SAMPLE
    # As the full fit smooths the corpus (ties at the 6th place weighed by their ramp), read for the sample.
    whole = corpus[order]
    whole[:SAMPLE] = unit_rows(features.astype(np.float64))
    expected = smooth(whole, *_neighbors_and_ties(whole, 6))[:SAMPLE]
    # Equal up to float noise (1.2e-7 here): the sample's rows are made by the fit's LSA, the others' by its space.
    np.testing.assert_allclose(smoothed, expected, atol=1e-5)


@pytest.mark.slow  # a sampled fit per case (1.3-2.2 s); the plain sampled-fit tests stay quick: `make test` only
@pytest.mark.parametrize("size", [1, 7, 10_000])
@pytest.mark.parametrize("mapper", [_reversing, _threads, _pickled], ids=["reversed", "threads", "pickled"])
def test_the_corpus_smoothing_is_the_same_whatever_the_partitions(lexical, monkeypatch, size, mapper):
    smoothed, neighbors = _crowd(lexical)
    monkeypatch.setattr(sampled, "CROWD_BATCH", 3)  # candidates merged over several calls
    again, again_neighbors = _crowd(lexical, mapper=mapper, size=size)
    np.testing.assert_array_equal(again_neighbors, neighbors)
    assert again.tobytes() == smoothed.tobytes()


def test_the_sampled_fit_smooths_its_sample_among_every_paper(lexical):
    papers = lexical[0]
    result = TopicModel(embedding=HashedBackend(), use_cache=False, sample_above=SAMPLE).fit(papers).result_
    neighbors = result.pieces.reducer.neighbors_
    assert neighbors.shape == (SAMPLE, 6)
    assert (~np.isin(neighbors, lexical[2][:SAMPLE])).any()
    assert (result.documents["topic"] >= 0).all() and result.pieces.projection is not None
    again = TopicModel(embedding=HashedBackend(), use_cache=False, sample_above=SAMPLE, mapper=_pickled)
    assert _bytes(again.fit(papers).result_) == _bytes(result)
