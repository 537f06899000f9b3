"""Embeddings: the packaged model is verified, the cache is reused, damage is detected."""

from __future__ import annotations

import shutil

import numpy as np
import pandas as pd
import pytest
from helpers import warm_seed_vectors

from analysis.embedding.backends import ModelIntegrityError, minilm_dir, tfidf_embeddings, verify_model
from analysis.embedding.cache import (
    EmbeddingCache,
    document_texts,
    embed_papers,
    encode_partitions,
    length_partitions,
)
from analysis.embedding.registry import select_backend


def _fake_encoder(calls):
    def encode(texts):
        calls.append(list(texts))
        # Deterministic vectors derived from the text, like a real model.
        return np.array([[len(t), t.count("a"), t.count("e")] for t in texts], dtype=np.float32)

    return encode


def test_packaged_minilm_matches_official_checksums():
    assert verify_model(minilm_dir()).startswith("all-MiniLM-L6-v2-53aa51172d14")


def test_tampered_model_is_refused(tmp_path):
    fake = tmp_path / "model"
    shutil.copytree(minilm_dir(), fake)
    with (fake / "model.safetensors").open("r+b") as handle:
        handle.seek(1000)
        handle.write(b"\x00\x01\x02")
    with pytest.raises(ModelIntegrityError, match=r"model\.safetensors: sha256 [0-9a-f]{64} differs from the official"):
        verify_model(fake)
    (fake / "tokenizer.json").unlink()
    with pytest.raises(ModelIntegrityError, match="missing"):
        verify_model(fake, {"tokenizer.json": "x"})


def test_cache_reuses_and_extends(tmp_path):
    calls = []
    cache = EmbeddingCache(tmp_path)
    first = cache.get_or_compute(["alpha", "beta", "alpha"], _fake_encoder(calls))
    assert calls == [["alpha", "beta"]] and cache.computed == 2
    again = cache.get_or_compute(["beta", "alpha"], _fake_encoder(calls))
    assert len(calls) == 1 and cache.computed == 0
    np.testing.assert_array_equal(again, first[[1, 0]])
    cache.get_or_compute(["alpha", "gamma", "delta"], _fake_encoder(calls))
    assert calls[-1] == ["delta", "gamma"]  # only the missing, longest first, ties by text


@pytest.mark.parametrize("damage", ["truncate", "flip", "garbage"])
def test_damaged_cache_file_is_detected_and_rebuilt(tmp_path, damage):
    calls = []
    cache = EmbeddingCache(tmp_path)
    expected = cache.get_or_compute(["alpha", "beta"], _fake_encoder(calls))
    shard = next(tmp_path.glob("shard-*.npz"))
    data = shard.read_bytes()
    if damage == "truncate":
        shard.write_bytes(data[: len(data) // 2])
    elif damage == "flip":
        # Flip a byte inside the stored vectors: the file still parses, the checksum does not match.
        position = data.rfind(b"\x00\x00\xa0@") if b"\x00\x00\xa0@" in data else len(data) - 200
        shard.write_bytes(data[:position] + bytes([data[position] ^ 0xFF]) + data[position + 1 :])
    else:
        shard.write_bytes(b"not a numpy file")
    with pytest.warns(UserWarning, match="damaged embedding cache file, removed and recomputed"):
        rebuilt = cache.get_or_compute(["alpha", "beta"], _fake_encoder(calls))
    assert len(calls) == 2  # recomputed, not read from the damaged file
    np.testing.assert_array_equal(rebuilt, expected)
    assert not shard.exists() or shard.read_bytes() != data[: len(data) // 2]


def test_a_shard_another_run_compacts_away_while_this_one_reads_is_no_damage(tmp_path, monkeypatch):
    import warnings

    calls = []
    cache = EmbeddingCache(tmp_path)
    for text in ("alpha", "beta", "gamma"):
        cache.get_or_compute([text], _fake_encoder(calls))
    expected = cache.get_or_compute(["alpha", "beta", "gamma"], _fake_encoder(calls))
    listed = cache._shards()
    # Another run lists the same shards, merges them into one and deletes them, after this run listed them.
    other = EmbeddingCache(tmp_path)
    other._compact(other.load(), other._shards())
    assert len(cache._shards()) == 1 and not any(shard.exists() for shard in listed)
    stale = iter([listed])
    monkeypatch.setattr(cache, "_shards", lambda: next(stale, None) or EmbeddingCache._shards(cache))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no "damaged" warning: the vectors are in the merged shard
        again = cache.get_or_compute(["alpha", "beta", "gamma"], _fake_encoder(calls))
    assert len(calls) == 3 and cache.computed == 0  # read from the other run's shard, not embedded again
    np.testing.assert_array_equal(again, expected)


@pytest.mark.slow  # MiniLM embeds the 26 seed papers into an empty cache (about 6 s): `make test` only
def test_second_run_over_the_seeds_embeds_nothing(tmp_path, seeds_dir):
    from analysis import load_corpus

    papers = load_corpus(seeds_dir)
    first = embed_papers(papers, cache=tmp_path)
    folder = tmp_path / select_backend().identity
    assert len(list(folder.glob("shard-*.npz"))) == 1
    second = embed_papers(papers, cache=tmp_path)
    assert len(list(folder.glob("shard-*.npz"))) == 1  # nothing new written
    np.testing.assert_array_equal(first, second)
    assert first.shape == (26, 384)
    np.testing.assert_allclose(np.linalg.norm(first, axis=1), 1.0, atol=1e-5)


def test_title_is_embedded_with_the_abstract():
    papers = pd.DataFrame({"title": ["A Title", ""], "text": ["Abstract one.", "Abstract two."]})
    assert document_texts(papers) == ["A Title. Abstract one.", "Abstract two."]


def test_tfidf_backend_needs_no_model():
    vectors = tfidf_embeddings(["diffusion models for images", "policy gradient regret", "diffusion for video"])
    assert vectors.shape == (3, 2)
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def test_presets_name_their_backends(seed_result):
    from analysis import fit_topics
    from analysis.embedding.registry import resolve_embedding

    assert resolve_embedding("quality") == "minilm" and resolve_embedding("fast") == "tfidf"
    assert resolve_embedding("balanced") == "minilm-128"
    assert resolve_embedding("some/local-model") == "some/local-model"
    fast = fit_topics(seed_result.papers, embedding="fast")
    tfidf = fit_topics(seed_result.papers, embedding="tfidf")
    pd.testing.assert_frame_equal(fast.documents, tfidf.documents)


def test_int8_minilm_is_close_to_float32_and_cached_apart(tmp_path, seed_result):
    warm_seed_vectors(tmp_path)  # float32 MiniLM read from its cache folder: only int8 embeds
    quantized = embed_papers(seed_result.papers, "minilm-int8", cache=tmp_path)
    full = embed_papers(seed_result.papers, "minilm", cache=tmp_path)
    assert quantized.shape == full.shape == (26, 384)
    cosine = (quantized * full).sum(axis=1)
    assert cosine.min() > 0.8 and cosine.mean() > 0.9 and not np.allclose(quantized, full)
    assert select_backend("minilm-int8").identity == select_backend("minilm").identity + "-int8"
    assert len(list(tmp_path.iterdir())) == 2  # one cache folder per model identity


def test_128_token_minilm_reads_only_the_start_and_is_cached_apart(tmp_path, seed_result):
    warm_seed_vectors(tmp_path)  # 256-token MiniLM read from its cache folder: only the 128-token one embeds
    short = embed_papers(seed_result.papers, "balanced", cache=tmp_path)
    full = embed_papers(seed_result.papers, "minilm", cache=tmp_path)
    assert select_backend("minilm-128").model.max_seq_length == 128
    assert select_backend("minilm").model.max_seq_length == 256
    tokens = select_backend("minilm").model.tokenize(document_texts(seed_result.papers))["input_ids"].shape[1]
    assert tokens > 128  # some seed abstract is longer, so the two must differ
    cosine = (short * full).sum(axis=1)
    assert cosine.min() > 0.6 and not np.allclose(short, full)
    assert select_backend("minilm-128").identity == select_backend("minilm").identity + "-len128"
    assert len(list(tmp_path.iterdir())) == 2


def test_model_is_not_loaded_when_every_text_is_cached(tmp_path, seed_result, monkeypatch):
    import analysis.embedding.backends as backends
    import analysis.embedding.cache as embed
    from analysis.embedding.registry import forget_loaded_backends

    first = embed_papers(seed_result.papers, "minilm", cache=tmp_path)
    forget_loaded_backends()  # a new process: nothing loaded yet

    def no_model(name, path):
        raise AssertionError("the model was loaded although every text was cached")

    monkeypatch.setattr(backends, "_load_model", no_model)
    np.testing.assert_array_equal(embed_papers(seed_result.papers, "minilm", cache=tmp_path), first)
    with pytest.raises(AssertionError, match="the model was loaded"):
        embed.embed_texts(["a text the cache has never seen"], "minilm", cache=tmp_path)


@pytest.fixture
def registry(monkeypatch, tmp_path):
    """The backend registry; names a test registers are unregistered after it; the cache in tmp_path."""
    from analysis.embedding import registry

    before = set(registry.registered_backends())
    monkeypatch.setenv("ANALYSIS_EMBEDDING_CACHE", str(tmp_path))
    yield registry
    for name in set(registry.registered_backends()) - before:
        registry.unregister_backend(name)


def test_a_registered_backend_is_built_once_and_selected_by_name(registry, recording_backend):
    built = []
    registry.register_backend("recording", lambda: built.append(1) or recording_backend())
    first = select_backend("recording")
    assert select_backend("recording") is first and built == [1]
    assert select_backend(first) is first  # an instance passes through
    with pytest.raises(ValueError, match="'fast' is a preset"):
        registry.register_backend("fast", recording_backend)
    with pytest.raises(TypeError, match="identity, needs_corpus and encode"):
        select_backend(object())
    registry.unregister_backend("recording")
    assert "recording" not in registry.registered_backends()
    with pytest.raises(KeyError, match="no backend registered as 'recording'"):
        registry.unregister_backend("recording")


def test_unregistering_a_built_in_name_restores_the_built_in_backend(registry, recording_backend):
    registry.register_backend("tfidf", recording_backend)
    assert select_backend("tfidf").identity == recording_backend().identity
    registry.unregister_backend("tfidf")
    assert select_backend("tfidf").identity == "tfidf"


def test_a_backend_instance_embeds_the_papers_and_the_theme_phrases(registry, recording_backend, seed_result, tmp_path):
    from analysis import TopicModel, load_themes

    backend = recording_backend()
    model = TopicModel(embedding=backend, use_cache=False).fit(seed_result.papers)
    assert model.backend_ is backend and len(model.result_.documents) == 26
    assert backend.calls[0] == length_partitions(document_texts(seed_result.papers))[0]  # 26: one partition
    # Then each theme's phrases, cached apart, and the candidate names of weakly named topics and areas
    # (analysis.model.naming_nearest), short texts none of which is a paper's.
    themes = [part for t in load_themes().themes for part in length_partitions(t.phrases)]
    assert [call for call in backend.calls[1:] if call in themes] == themes
    names = [text for call in backend.calls[1:] if call not in themes for text in call]
    assert names and not set(names) & set(document_texts(seed_result.papers))
    assert max(len(name.split()) for name in names) <= 12
    assert (tmp_path / "recording-test").is_dir()


@pytest.mark.slow
def test_the_committed_seed_vectors_are_a_fresh_embedding(tmp_path, seeds_dir):
    """tests/data/seed_minilm.npy, which the session cache starts with, is what MiniLM gives the seeds now."""
    from helpers import SEED_VECTORS

    from analysis import load_corpus

    fresh = embed_papers(load_corpus(seeds_dir), "minilm", cache=tmp_path)
    np.testing.assert_allclose(np.load(SEED_VECTORS), fresh, atol=1e-6, rtol=0)


def test_partitions_depend_on_the_texts_alone():
    texts = [f"paper {'x' * (i % 7)} {i}" for i in range(10)]
    parts = length_partitions(texts, size=4)
    assert [len(p) for p in parts] == [4, 4, 2]
    assert length_partitions(list(reversed(texts)), size=4) == parts
    lengths = [len(t) for p in parts for t in p]
    assert lengths == sorted(lengths, reverse=True)


def test_one_process_encodes_the_partitions_a_cluster_encodes(tmp_path, recording_backend):
    """analysis.cluster sends the same partitions to its workers: a vector depends on the texts batched with it."""
    backend = recording_backend()
    texts = [f"an abstract of {'many ' * (i % 13)}words, number {i}" for i in range(300)]
    vectors = EmbeddingCache(tmp_path).get_or_compute(texts, backend.encode)
    assert backend.calls == length_partitions(texts)
    assert [len(call) for call in backend.calls] == [128, 128, 44]
    np.testing.assert_array_equal(vectors, backend.vectors(texts))  # back in the order asked
    again = encode_partitions(backend.encode, ["b text", "a", "b text"])
    assert backend.calls[-1] == ["b text", "a"]  # a repeated text once
    np.testing.assert_array_equal(again, backend.vectors(["b text", "a", "b text"]))


def test_padding_to_a_longer_neighbour_moves_a_minilm_vector():
    """Why the partitions are shared: the control that batching is not free (skipped where it changes nothing)."""
    backend = select_backend("minilm")
    short, long = "Topic models for abstracts.", "A much longer abstract " * 20
    moved = np.abs(backend.encode([short])[0] - backend.encode([long, short])[1]).max()
    if moved == 0:
        pytest.skip("padding moves no MiniLM float on this CPU")
    assert 0 < moved < 1e-5


def test_will_embed_says_whether_the_model_would_run(tmp_path):
    from analysis.embedding.cache import will_embed

    backend = select_backend("minilm")
    texts = ["alpha paper", "beta paper"]
    assert will_embed(texts, "minilm", tmp_path)  # nothing cached
    EmbeddingCache(tmp_path / backend.identity).add(texts, np.eye(2, 384, dtype=np.float32))
    assert not will_embed(texts, "minilm", tmp_path)
    assert not will_embed(texts[:1], "minilm", tmp_path)
    assert will_embed([*texts, "gamma paper"], "minilm", tmp_path)
    assert will_embed(texts, "tfidf", tmp_path)  # fitted on each call's texts: never cached
