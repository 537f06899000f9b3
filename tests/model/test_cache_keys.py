"""The result-cache key changes with every input of a fit: each changed input refits; a failed write warns.

Small papers and a backend of fixed vectors keep these fast: what is tested
is the key, not the embedding.
"""

from __future__ import annotations

import errno

import numpy as np
import pandas as pd
import pytest

from analysis import TopicModel, fit_topics
from analysis.embedding import backends
from analysis.embedding.backends import MODEL_PACKAGES, TfidfBackend
from analysis.model import fit_cache
from analysis.model.result import TopicPieces

PAPERS = pd.DataFrame(
    {
        "doc_id": [f"p{i}" for i in range(8)],
        "text": [
            f"We study {word} models for {task} and report results on {bench}."
            for word, task, bench in zip(
                ["diffusion", "diffusion", "bandit", "bandit", "protein", "protein", "watermark", "watermark"],
                ["video", "images", "regret", "exploration", "folding", "design", "LLM text", "attribution"],
                ["UCF", "ImageNet", "MuJoCo", "Atari", "CASP", "PDB", "C4", "OpenWebText"],
                strict=True,
            )
        ],
    }
)


class FixedBackend:
    """Vectors that follow the text; an identity given by the test."""

    needs_corpus = False

    def __init__(self, identity="fixed-test"):
        self.identity = identity

    def encode(self, texts):
        vectors = np.array([[len(t), t.count("a"), t.count("e"), t.count("o") + 1] for t in texts], dtype=np.float32)
        return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)


@pytest.fixture
def fits(tmp_path, monkeypatch):
    """An empty result cache, nothing in memory, and a list that counts topic fits (not cache hits)."""
    monkeypatch.setenv("ANALYSIS_FIT_CACHE", str(tmp_path / "cache"))
    fit_cache.forget_memory()
    counted = []
    real = TopicModel._fit_pieces
    monkeypatch.setattr(TopicModel, "_fit_pieces", lambda self, *a, **k: counted.append(1) or real(self, *a, **k))
    yield counted
    fit_cache.forget_memory()


def _fit(embedding=None):
    return fit_topics(PAPERS, embedding=embedding or FixedBackend(), use_cache=True)


def test_an_unchanged_fit_is_a_hit(fits):
    _fit()
    _fit()
    assert len(fits) == 1


@pytest.mark.parametrize("package", MODEL_PACKAGES)
def test_a_new_model_library_version_refits(fits, monkeypatch, package):
    """Even with a backend whose identity knows nothing of versions (the labeller embeds with it)."""
    _fit()
    from importlib import metadata

    real = metadata.version
    monkeypatch.setattr(metadata, "version", lambda name: "99.0" if name == package else real(name))
    _fit()
    assert len(fits) == 2


def test_backend_settings_refit(fits):
    fit_topics(PAPERS, embedding=TfidfBackend())
    fit_topics(PAPERS, embedding=TfidfBackend())
    assert len(fits) == 1
    fit_topics(PAPERS, embedding=TfidfBackend(dims=64))
    assert len(fits) == 2


def test_a_changed_backend_identity_refits(fits):
    _fit(FixedBackend("model-a"))
    _fit(FixedBackend("model-b"))
    assert len(fits) == 2


def test_a_changed_local_model_folder_refits(fits, tmp_path):
    folder = tmp_path / "local-model"
    folder.mkdir()
    (folder / "sentence_bert_config.json").write_text('{"max_seq_length": 256}')
    (folder / "model.safetensors").write_bytes(b"weights")

    def backend():
        return FixedBackend(backends.sentence_transformer(str(folder)).identity)

    _fit(backend())
    _fit(backend())
    assert len(fits) == 1
    (folder / "sentence_bert_config.json").write_text('{"max_seq_length": 128}')
    _fit(backend())
    assert len(fits) == 2


def test_a_source_edit_refits_within_one_process(fits, tmp_path, monkeypatch):
    """As in a notebook with autoreload: the source is hashed at each fit, not once per process."""
    package = tmp_path / "package"
    package.mkdir()
    module = package / "module.py"
    module.write_text("X = 1\n")
    monkeypatch.setattr(fit_cache, "PACKAGE_DIR", package)
    _fit()
    _fit()
    assert len(fits) == 1
    module.write_text("X = 2\n")
    _fit()
    assert len(fits) == 2
    (package / "new.py").write_text("")
    _fit()
    assert len(fits) == 3


def test_the_source_is_read_again_only_when_a_file_changed(tmp_path, monkeypatch):
    (tmp_path / "a.py").write_text("A = 1\n")
    first = fit_cache.source_digest(tmp_path)
    monkeypatch.setattr(fit_cache.Path, "read_bytes", lambda self: pytest.fail(f"{self} read again"))
    assert fit_cache.source_digest(tmp_path) == first
    monkeypatch.undo()
    (tmp_path / "a.py").write_text("A = 22\n")
    assert fit_cache.source_digest(tmp_path) != first


def test_the_real_package_source_is_in_the_key():
    digest = fit_cache.source_digest()
    assert len(digest) == 64 and fit_cache.source_digest() == digest


def _pieces() -> TopicPieces:
    fit_cache.forget_memory()
    return TopicModel(embedding=FixedBackend()).fit(PAPERS).result_.pieces


def test_a_full_disk_is_a_warning_that_says_so(tmp_path, monkeypatch):
    pieces = _pieces()

    def full(self, folder):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(TopicPieces, "save", full)
    store = fit_cache.FitCache(tmp_path / "results")
    with pytest.warns(UserWarning, match=r"result cache entry not written, .*: No space left on device"):
        store.save("k", pieces)
    assert list((tmp_path / "results").iterdir()) == []  # no entry, no staging folder left


def test_an_unwritable_cache_folder_warns_and_the_fit_goes_on(tmp_path):
    pieces = _pieces()
    (tmp_path / "a-file").write_text("not a folder", encoding="utf-8")
    with pytest.warns(UserWarning, match=r"result cache entry not written, .*a-file.*: cannot write here"):
        entry = fit_cache.FitCache(tmp_path / "a-file" / "results").save("k", pieces)
    assert not entry.exists()


def test_losing_the_rename_race_to_a_valid_entry_is_silent(tmp_path, monkeypatch, recwarn):
    pieces = _pieces()
    store = fit_cache.FitCache(tmp_path / "results")
    store.save("k", pieces)  # an entry already there
    # Ours removes the entry there, and another run renames its own in just before ours: rename fails.
    other = tmp_path / "other"
    fit_cache.FitCache(other).save("k", pieces)
    real_rmtree = fit_cache.shutil.rmtree

    def rmtree_then_other(path, ignore_errors=False):
        real_rmtree(path, ignore_errors=ignore_errors)
        if str(path).endswith("/results/k"):
            fit_cache.shutil.copytree(other / "k", path)

    monkeypatch.setattr(fit_cache.shutil, "rmtree", rmtree_then_other)
    store.save("k", pieces)
    assert not [w for w in recwarn if "result cache" in str(w.message)]
    assert fit_cache._check(tmp_path / "results" / "k") is None
    assert not [p for p in (tmp_path / "results").iterdir() if p.name.startswith(".")]


def test_a_sampled_fit_has_its_own_key(fits):
    """The sample-and-assign fit is keyed apart from the full fit; how its partitions run is not in the key."""

    def sampled(sample_above, mapper=map):
        return fit_topics(PAPERS, embedding=FixedBackend(), sample_above=sample_above, mapper=mapper)

    sampled(None)
    sampled(len(PAPERS))  # not above the threshold: the full fit, from the cache
    assert len(fits) == 1
    first = sampled(6)
    assert len(fits) == 2 and first.pieces.slots["sample"]["papers"] == 6
    again = sampled(6, mapper=lambda function, parts: [function(part) for part in parts])
    assert len(fits) == 2
    pd.testing.assert_frame_equal(again.documents, first.documents)
    sampled(7)
    assert len(fits) == 3
