"""Faster ways to embed with the packaged all-MiniLM-L6-v2, all built offline from its directory.

* ``minilm``: sentence-transformers, float32 (the suite's default).
* ``minilm-128``: the same, reading the first 128 tokens (the suite's ``balanced`` preset).
* ``torch-int8``: the same model with torch dynamic int8 quantization of its Linear
  layers (the suite's ``minilm-int8``).
* ``onnx`` / ``onnx-int8``: exported with ``torch.onnx.export`` and run by ONNX
  Runtime; int8 by ``onnxruntime.quantization.quantize_dynamic`` with one
  scale per weight matrix (mean cosine to float32 0.93, as torch-int8's 0.91).
* ``minilm-onnx-int8`` / ``minilm-onnx-int8-192``: the suite's own ONNX backends
  (:mod:`analysis.embedding.onnx`): fused graph, int8 weights with one scale per
  output channel (cosine 0.995 at 256 tokens), export kept in the cache.
* ``model2vec``: a static model distilled locally from the same directory.
* ``tfidf``: TF-IDF + SVD, no neural model.

Importing this module registers ``onnx``, ``onnx-int8`` and ``model2vec`` as
backends of the suite (:func:`analysis.embedding.registry.register_backend`): any
``select_backend`` or ``TopicModel(embedding=...)`` then finds them, while
the package itself never imports onnx or model2vec (the ``bench`` extra).
Built models are kept under ``.cache/bench`` so a rerun measures inference,
not the build (the build time is reported when it happens).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from analysis.embedding.registry import register_backend, select_backend
from bench.common import ARTEFACTS

ONNX_SUITE = ["minilm-onnx-int8", "minilm-onnx-int8-192"]
VARIANTS = ["minilm", "minilm-128", "torch-int8", "onnx", "onnx-int8", *ONNX_SUITE, "model2vec", "tfidf"]
MAX_LENGTH = 256  # sentence-transformers' max_seq_length for this model
BATCH = 32
M2V_DIMS = 256
# Texts in, unit-length float32 vectors out (one row per text).
Encode = Callable[[list[str]], np.ndarray]
# Variants that are the suite's own backends, by the suite's name.
SUITE_BACKENDS = {
    "minilm": "minilm",
    "minilm-128": "minilm-128",
    "torch-int8": "minilm-int8",
    "tfidf": "tfidf",
    **{name: name for name in ONNX_SUITE},
}


def _offline() -> None:
    os.environ["HF_HUB_OFFLINE"] = "1"
    os.environ["TRANSFORMERS_OFFLINE"] = "1"


class BuiltBackend:
    """A backend built from files under ``.cache/bench``, with the seconds the build took (0 when reused)."""

    needs_corpus = False

    def __init__(self, identity: str, encode: Encode, build_s: float) -> None:
        self.identity = identity
        self._encode = encode
        self.build_s = build_s

    def encode(self, texts: list[str]) -> np.ndarray:
        """Unit-length float32 vectors, one row per text."""
        return self._encode(texts)


def load(variant: str) -> tuple[Encode, float, float]:
    """An ``encode(texts) -> unit vectors`` function for ``variant``, the seconds spent building it and loading it."""
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; one of {', '.join(VARIANTS)}")
    _offline()
    start = time.perf_counter()
    backend = select_backend(SUITE_BACKENDS.get(variant, variant))
    # The suite's models load on first use: load now, so that loading is not counted as embedding.
    getattr(backend, "model", None)
    built = getattr(backend, "build_s", 0.0)
    return backend.encode, round(built, 2), round(time.perf_counter() - start - built, 2)


def _onnx_backend(quantized: bool, folder: Path = ARTEFACTS) -> BuiltBackend:
    path, built = onnx_model(folder, quantized)
    return BuiltBackend(f"onnx-{path.stem}", _onnx_encoder(path), built)


def _model2vec_backend(folder: Path = ARTEFACTS) -> BuiltBackend:
    path, built = model2vec_model(folder)
    return BuiltBackend(path.name, _model2vec_encoder(path), built)


def onnx_model(folder: Path, quantized: bool) -> tuple[Path, float]:
    """Path of the exported (and optionally int8-quantized) ONNX model, built when missing."""
    folder.mkdir(parents=True, exist_ok=True)
    plain, int8 = folder / "minilm.onnx", folder / "minilm-int8.onnx"
    start = time.perf_counter()
    if not plain.exists():
        _export_onnx(plain)
    if quantized and not int8.exists():
        from onnxruntime.quantization import QuantType, quantize_dynamic

        quantize_dynamic(str(plain), str(int8), weight_type=QuantType.QInt8)
    return (int8 if quantized else plain), time.perf_counter() - start


def _export_onnx(path: Path) -> None:
    """The package's float32 graph (MiniLM plus mean pooling), written atomically."""
    from analysis.embedding.onnx import export_graph

    tmp = path.with_suffix(".tmp")
    export_graph(tmp)
    os.replace(tmp, path)


def _onnx_encoder(path: Path) -> Encode:
    import onnxruntime as ort
    from transformers import AutoTokenizer

    from analysis.embedding.backends import minilm_dir

    tokenizer = AutoTokenizer.from_pretrained(str(minilm_dir()))
    session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])

    def encode(texts: list[str]) -> np.ndarray:
        # Batches of similar length waste less work on padding (as sentence-transformers does).
        order = np.argsort([-len(t) for t in texts], kind="stable")
        out = np.empty((len(texts), 384), dtype=np.float32)
        for begin in range(0, len(texts), BATCH):
            rows = order[begin : begin + BATCH]
            batch = tokenizer(
                [texts[i] for i in rows], padding=True, truncation=True, max_length=MAX_LENGTH, return_tensors="np"
            )
            inputs = {k: batch[k].astype(np.int64) for k in ("input_ids", "attention_mask", "token_type_ids")}
            out[rows] = session.run(None, inputs)[0]
        return out / np.linalg.norm(out, axis=1, keepdims=True)

    return encode


def model2vec_model(folder: Path, dims: int = M2V_DIMS) -> tuple[Path, float]:
    """Directory of a model2vec static model distilled from the packaged MiniLM, built when missing."""
    path = folder / f"model2vec-minilm-{dims}"
    start = time.perf_counter()
    if not (path / "model.safetensors").exists():
        from model2vec.distill import distill

        from analysis.embedding.backends import minilm_dir, verify_model

        verify_model(minilm_dir())
        distill(model_name=str(minilm_dir()), pca_dims=dims).save_pretrained(str(path))
    return path, time.perf_counter() - start


def _model2vec_encoder(path: Path) -> Encode:
    from model2vec import StaticModel

    model = StaticModel.from_pretrained(str(path))

    def encode(texts: list[str]) -> np.ndarray:
        vectors = np.asarray(model.encode(texts), dtype=np.float32)
        return vectors / np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)

    return encode


def suite_embedding_name(variant: str, folder: Path = ARTEFACTS) -> str:
    """The ``embedding=`` the suite uses to embed theme phrases in the same space as ``variant``.

    int8 and ONNX MiniLM stay in MiniLM's space, so the float32 model embeds
    the phrases; the suite's own ONNX backends embed them themselves, as a
    run with them does; model2vec has its own space and is loaded by
    sentence-transformers from its directory.
    """
    if variant == "tfidf" or variant in ONNX_SUITE:
        return variant
    if variant == "model2vec":
        return str(folder / f"model2vec-minilm-{M2V_DIMS}")
    return "minilm"


register_backend("onnx", lambda: _onnx_backend(quantized=False))
register_backend("onnx-int8", lambda: _onnx_backend(quantized=True))
register_backend("model2vec", _model2vec_backend)
