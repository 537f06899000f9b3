"""The ONNX Runtime MiniLM: built once from the verified model, checked by hash, rebuilt when damaged."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import numpy as np
import pytest

# onnxruntime and onnx are in the bench extra, which `make test` installs (`make check` and a plain
# `pip install -e ".[dev]"` do not): say so instead of skipping silently.
pytest.importorskip(
    "onnxruntime",
    reason="onnxruntime is not installed: the ONNX backends are in the bench extra "
    '(pip install -e ".[bench]"; make test installs it)',
)
pytest.importorskip("onnx", reason='onnx is not installed: it is in the bench extra (pip install -e ".[bench]")')

from analysis.embedding import onnx as onnx_backend
from analysis.embedding.backends import ModelIntegrityError
from analysis.embedding.onnx import ensure_export, export_name
from analysis.embedding.registry import select_backend
from analysis.output import file_sha256

NAME = onnx_backend.FAST_NAME


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """One int8 export built in a folder of its own (about a minute: export, fusion, quantisation).

    A copy goes into the session's ONNX folder, so the backend the tests below select checks that
    export instead of building its own.
    """
    export = ensure_export(quantized=True, folder=tmp_path_factory.mktemp("onnx"))
    onnx_backend.onnx_dir().mkdir(parents=True, exist_ok=True)
    for path in (export, export.with_name(export.name + ".sha256")):
        shutil.copy(path, onnx_backend.onnx_dir() / path.name)
    return export


def test_the_export_is_stored_with_its_digest_and_reused(built):
    stamp = built.with_name(built.name + ".sha256")
    assert stamp.read_text(encoding="ascii") == file_sha256(built) + "\n"
    assert built.name == export_name(quantized=True)
    before = built.stat().st_mtime_ns
    assert ensure_export(quantized=True, folder=built.parent) == built
    assert built.stat().st_mtime_ns == before  # checked, not rebuilt
    assert sorted(p.name for p in built.parent.iterdir()) == sorted([built.name, stamp.name])


def test_a_damaged_export_is_rebuilt_to_the_same_bytes(built, tmp_path):
    copy = tmp_path / built.name
    shutil.copy(built, copy)
    shutil.copy(built.with_name(built.name + ".sha256"), tmp_path)
    with copy.open("r+b") as handle:
        handle.seek(4096)
        handle.write(b"\0" * 64)
    with pytest.warns(UserWarning, match="damaged ONNX export"):
        rebuilt = ensure_export(quantized=True, folder=tmp_path)
    # The build is deterministic: the rebuilt file is the one first built.
    assert file_sha256(rebuilt) == file_sha256(built)


def test_an_export_without_its_digest_is_rebuilt(built, tmp_path):
    copy = tmp_path / built.name
    copy.write_bytes(b"not a model")
    rebuilt = ensure_export(quantized=True, folder=tmp_path)
    assert file_sha256(rebuilt) == file_sha256(built)


def test_a_tampered_model_is_refused_before_any_build(tmp_path, monkeypatch):
    from analysis.embedding import backends

    model = tmp_path / "model"
    shutil.copytree(backends.minilm_dir(), model)
    with (model / "tokenizer.json").open("a", encoding="utf-8") as handle:
        handle.write(" ")
    monkeypatch.setattr(onnx_backend, "minilm_dir", lambda: model)
    with pytest.raises(ModelIntegrityError, match=r"tokenizer\.json"):
        ensure_export(quantized=True, folder=tmp_path / "onnx")
    assert not (tmp_path / "onnx").exists()


def test_vectors_are_unit_length_and_near_float32(built, reference_papers):
    from analysis.embedding.cache import document_texts, embed_texts

    texts = document_texts(reference_papers.iloc[:40])
    fast = select_backend(NAME).encode(texts)
    exact = embed_texts(texts, "minilm")
    assert fast.dtype == np.float32 and fast.shape == (40, 384)
    np.testing.assert_allclose(np.linalg.norm(fast, axis=1), 1, atol=1e-5)
    assert np.sum(fast * exact, axis=1).min() > 0.9


def test_quality_stays_within_the_bounds_of_float32(built, reference_papers, reference_result):
    """On 300 reference papers, topics and themes as good as with full-length float32 MiniLM (issue 14's bounds)."""
    from sklearn.metrics import normalized_mutual_info_score

    from analysis import fit_topics
    from bench.common import theme_truth
    from bench.metrics import theme_f1

    fast = fit_topics(reference_papers, embedding=NAME, random_state=42)
    truth = theme_truth(reference_papers["label"])
    scores = {}
    for name, result in (("minilm", reference_result), (NAME, fast)):
        nmi = normalized_mutual_info_score(reference_papers["label"], result.documents["topic"])
        scores[name] = (nmi, theme_f1(truth, result.documents["theme"].tolist()))
    assert scores[NAME][0] >= scores["minilm"][0] - 0.01, scores
    assert scores[NAME][1] >= scores["minilm"][1] - 0.02, scores


def test_cached_vectors_are_read_without_importing_onnxruntime_or_torch(built, reference_papers):
    from analysis.config import ROOT
    from analysis.embedding.cache import document_texts, embed_texts

    texts = document_texts(reference_papers.iloc[:5])
    embed_texts(texts, NAME)  # now cached
    script = (
        "import sys, json; from analysis.embedding.cache import embed_texts; "
        f"vectors = embed_texts(json.loads(sys.argv[1]), {NAME!r}); "
        "print(vectors.shape, sorted({'onnxruntime', 'torch', 'transformers'} & set(sys.modules)))"
    )
    finished = subprocess.run(
        [sys.executable, "-c", script, json.dumps(texts)], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert finished.stdout.strip() == "(5, 384) []"
