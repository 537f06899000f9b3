"""The result cache: reused, invalidated by what the fit depends on, rebuilt when damaged; themes re-scored."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pandas as pd
import pytest

from analysis import TopicModel, fit_topics
from analysis.model import fit_cache
from analysis.model.themes import Theme, load_themes
from analysis.model.topics import fit_count
from analysis.pipeline import documents_table


class Fits:
    """The topic fits made since it was created, by the public counter (``len(fits)``)."""

    def __init__(self):
        self.start = fit_count()

    def __len__(self):
        return fit_count() - self.start


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """An empty result cache for this test, nothing remembered in memory, and a count of topic fits.

    Only the result cache starts empty: the session's embeddings (seeds, label and theme phrases) stay warm.
    """
    monkeypatch.setenv("ANALYSIS_FIT_CACHE", str(tmp_path / "cache"))
    fit_cache.forget_memory()
    yield Fits()
    fit_cache.forget_memory()


def _fit(seed_result, papers=None, **kwargs):
    papers = seed_result.papers if papers is None else papers
    return fit_topics(papers, embedding="minilm", **kwargs)


def _entries():
    folder = fit_cache.results_dir()
    return sorted(p for p in folder.iterdir() if not p.name.startswith(".")) if folder.is_dir() else []


def _same(a, b):
    pd.testing.assert_frame_equal(a.documents, b.documents)
    pd.testing.assert_frame_equal(a.topics, b.topics)
    np.testing.assert_array_equal(a.theme_scores, b.theme_scores)


def test_a_rerun_loads_instead_of_fitting(seed_result, cache):
    first = _fit(seed_result)
    assert len(cache) == 1 and len(_entries()) == 1
    fit_cache.forget_memory()  # a new process: read from disk
    second = _fit(seed_result)
    assert len(cache) == 1
    _same(first, second)
    _same(first, seed_result)
    assert second.model.get_topics() == first.model.get_topics()
    manifest = json.loads((_entries()[0] / "manifest.json").read_text())
    projection = ["projection/axes.npy", "projection/idf.npy", "projection/lsa_axes.npy", "projection/mean.npy"]
    assert sorted(manifest) == [
        "embeddings.npy",
        "features.npy",
        "paper_topics.npy",
        "pieces.json",
        *projection,
        "projection/projection.json",
        "reduced.npy",
        "xy.npy",
    ]
    assert second.pieces.projection is not None  # a cached fit places new papers as a fresh one does


def test_in_one_process_the_fit_is_remembered(seed_result, cache):
    _fit(seed_result)
    for entry in _entries():  # gone from disk, still in memory
        for file in sorted(entry.rglob("*"), reverse=True):  # files before their folders
            file.rmdir() if file.is_dir() else file.unlink()
        entry.rmdir()
    _fit(seed_result)
    assert len(cache) == 1


@pytest.mark.parametrize(
    "change",
    [{"random_state": 43}, {"keep_outliers": True}, {"embedding": "other-model"}],
    ids=["seed", "keep_outliers", "embedding"],
)
def test_a_changed_parameter_fits_again(seed_result, cache, change):
    from analysis.embedding import registry

    _fit(seed_result)
    if "embedding" in change:
        # Another backend identity (its vectors come from the seeds' own, so nothing is embedded).
        class Other:
            identity, needs_corpus = "other-model", False

            def encode(self, texts):
                # Any number of texts (papers, label phrases): the seed vectors repeated.
                return np.resize(seed_result.embeddings, (len(texts), seed_result.embeddings.shape[1]))

        registry.register_backend("other-model", Other)
        try:
            fit_topics(seed_result.papers, embeddings=seed_result.embeddings, embedding="other-model")
        finally:
            registry.unregister_backend("other-model")
    else:
        _fit(seed_result, **change)
    assert len(cache) == 2 and len(_entries()) == 2


def test_a_changed_paper_fits_again(seed_result, cache):
    _fit(seed_result)
    papers = seed_result.papers.copy()
    papers.loc[3, "text"] = papers.loc[3, "text"] + " We also release a dataset."
    embeddings = seed_result.embeddings.copy()
    fit_topics(papers, embeddings=embeddings)
    assert len(cache) == 2
    # The same papers with other embeddings passed in are another fit too.
    embeddings[0, 0] += 1e-3
    fit_topics(papers, embeddings=embeddings)
    assert len(cache) == 3


def test_a_changed_package_version_fits_again(seed_result, cache, monkeypatch):
    _fit(seed_result)
    from importlib import metadata

    real = metadata.version
    monkeypatch.setattr(metadata, "version", lambda name: "99.0" if name == "scikit-learn" else real(name))
    _fit(seed_result)
    assert len(cache) == 2
    monkeypatch.setattr(fit_cache, "source_digest", lambda: "an edited analysis package")
    _fit(seed_result)
    assert len(cache) == 3


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        ("flip", "features.npy differs from its checksum"),
        ("truncate", "pieces.json differs from its checksum"),
        ("remove", "features.npy is missing"),
    ],
)
def test_a_damaged_entry_is_detected_dropped_and_rebuilt(seed_result, cache, damage, said):
    first = _fit(seed_result)
    (entry,) = _entries()
    target = entry / ("features.npy" if damage != "truncate" else "pieces.json")
    if damage == "flip":
        data = bytearray(target.read_bytes())
        data[-5] ^= 0xFF
        target.write_bytes(bytes(data))
    elif damage == "truncate":
        target.write_bytes(target.read_bytes()[:40])
    else:
        target.unlink()
    fit_cache.forget_memory()
    with pytest.warns(UserWarning, match=rf"damaged result cache entry \({said}\); removed, fitting again"):
        again = _fit(seed_result)
    assert len(cache) == 2
    _same(first, again)
    fit_cache.forget_memory()
    _fit(seed_result)  # rebuilt entry: valid again
    assert len(cache) == 2


def test_a_themes_edit_rescores_without_refitting(seed_result, cache):
    _fit(seed_result)
    themes = load_themes()
    edited = dataclasses.replace(
        themes,
        themes=(*themes.themes[:2], Theme("graph learning", "Graph neural networks.", ("text attributed graphs",))),
        min_score=0.35,
    )
    rescored = _fit(seed_result, themes=edited)
    assert len(cache) == 1
    fresh = _fit(seed_result, themes=edited, use_cache=False)
    assert len(cache) == 2
    _same(rescored, fresh)
    assert list(rescored.theme_scores.shape) == [26, 3]
    assert (rescored.documents["theme"] != seed_result.documents["theme"]).sum() >= 1
    assert list(rescored.topics["label"]) == list(seed_result.topics["label"])


def test_cached_and_uncached_tables_are_byte_identical(seed_result, cache, tmp_path):
    from analysis.output import write_frame

    outputs = {}
    for name, use_cache in [("fresh", False), ("stored", True), ("loaded", True)]:
        fit_cache.forget_memory()
        result = _fit(seed_result, use_cache=use_cache)
        folder = tmp_path / name
        folder.mkdir()
        write_frame(documents_table(result), folder / "documents.csv")
        write_frame(result.topics, folder / "topics.csv")
        outputs[name] = [(folder / f).read_bytes() for f in ("documents.csv", "topics.csv")]
    assert len(cache) == 2  # "loaded" came from the entry "stored" wrote
    assert outputs["fresh"] == outputs["stored"] == outputs["loaded"]


def test_use_cache_false_neither_reads_nor_writes(seed_result, cache):
    _fit(seed_result, use_cache=False)
    _fit(seed_result, use_cache=False)
    assert len(cache) == 2 and _entries() == []


def test_injected_models_skip_the_cache(seed_result, cache):
    from sklearn.cluster import KMeans

    for _ in range(2):
        model = TopicModel(hdbscan_model=KMeans(4, n_init=1, random_state=0), use_cache=True)
        model.fit(seed_result.papers, embeddings=seed_result.embeddings)
        assert model.cache_hit_ is False and len(set(model.result_.documents["topic"])) == 4
    assert len(cache) == 2 and _entries() == []


def test_old_entries_are_pruned(seed_result, cache):
    store = fit_cache.FitCache()
    pieces = seed_result.pieces
    for key in ("a", "b", "c"):
        store.save(key, pieces)
    store.prune(keep=2)
    assert [p.name for p in _entries()] == ["b", "c"]


def test_cli_no_cache_writes_no_entry(cache, capsys, tmp_path):
    from analysis.__main__ import main

    assert main(["topics", "--embedding", "fast", "--no-cache"]) == 0
    assert _entries() == []
    assert main(["topics", "--embedding", "fast"]) == 0
    assert len(_entries()) == 1
    assert main(["topics", "--embedding", "fast"]) == 0
    assert len(cache) == 2
    assert "topics reused from the result cache" in capsys.readouterr().err


def test_a_cache_entry_that_cannot_be_written_is_a_warning_naming_the_file(seed_result, cache, monkeypatch):
    import errno

    from analysis.output import atomic_write

    def full_disk(path, text):
        return atomic_write(path, lambda tmp: (_ for _ in ()).throw(OSError(errno.ENOSPC, "No space left on device")))

    monkeypatch.setattr(fit_cache, "write_text", full_disk)
    with pytest.warns(
        UserWarning, match=r"result cache entry not written.*manifest\.json: cannot write: No space left"
    ):
        fit_topics(seed_result.papers, embeddings=seed_result.embeddings)
    assert _entries() == [] and not list(fit_cache.results_dir().iterdir())  # nothing half written
