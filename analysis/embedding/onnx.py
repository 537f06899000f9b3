"""MiniLM through ONNX Runtime: an export built once, kept in the cache and checked by hash.

The export is built from the packaged, verified all-MiniLM-L6-v2
(:func:`analysis.embedding.backends.verify_model`) with torch, which is needed only
for that build: mean pooling is part of the graph, ONNX Runtime's BERT
fusions (attention, skip-LayerNorm, bias-GELU) are applied offline, and the
int8 variant has its MatMul weights quantised per output channel. The file
lives in ``cache_root()/onnx`` beside a ``.sha256`` file; a file whose
digest differs is reported, removed and built again, never used. Files are
written with :func:`analysis.output.atomic_write`, so a run cut short leaves
nothing half-written under the final name.

Tokens are counted by the verified ``tokenizer.json`` itself (the
``tokenizers`` package, no transformers import) and batches hold texts of
similar token length, so little work goes into padding.
"""

from __future__ import annotations

import os
import sys
import warnings
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from analysis.config import cache_root
from analysis.embedding.backends import PROGRESS_MIN, minilm_dir, model_identity, verify_model
from analysis.output import atomic_write, file_sha256, staging_folder, write_text

if TYPE_CHECKING:  # all loaded on the first encode
    from onnxruntime import InferenceSession
    from tokenizers import Tokenizer
    from tqdm.auto import tqdm

BATCH = 32
DIMS = 384


def onnx_dir() -> Path:
    """Folder of the built ONNX exports (deleting it only costs the build, about a minute)."""
    return cache_root() / "onnx"


def runtime_version() -> str:
    """The installed onnxruntime version; an ImportError that says what to install when it is missing.

    Read from the package metadata: a run whose vectors are all cached
    never imports onnxruntime.
    """
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("onnxruntime")
    except PackageNotFoundError:
        raise ImportError(
            "this embedding runs on ONNX Runtime: pip install onnxruntime==1.32.0 onnx==1.23.2 "
            "(or use embedding='minilm')"
        ) from None


def export_name(quantized: bool) -> str:
    """File name of an export: model digest, variant and the onnxruntime version that built it."""
    digest = verify_model(minilm_dir()).rsplit("-", 1)[-1]
    return f"minilm-{digest}-{'int8' if quantized else 'fp32'}-ort{runtime_version()}.onnx"


def ensure_export(quantized: bool, folder: Path | None = None) -> Path:
    """Path of a checked export, built (or rebuilt, when damaged) from the verified packaged model.

    Raises:
        ModelIntegrityError: The packaged model differs from the official one.
    """
    folder = folder or onnx_dir()
    path = folder / export_name(quantized)
    stamp = path.with_name(path.name + ".sha256")
    if path.is_file() and stamp.is_file():
        if file_sha256(path) == stamp.read_text(encoding="ascii").strip():
            return path
        warnings.warn(f"{path}: damaged ONNX export (sha256 differs), removed and rebuilt", stacklevel=2)
    path.unlink(missing_ok=True)
    stamp.unlink(missing_ok=True)
    with staging_folder(path) as work:
        built = _build(work, quantized)
        # The digest file goes last: an export without it is rebuilt.
        digest = file_sha256(built)
        atomic_write(path, lambda tmp: os.replace(built, tmp))
        write_text(stamp, digest + "\n")
    return path


def _build(work: Path, quantized: bool) -> Path:
    """Export, fuse and (optionally) quantise, all inside ``work``; returns the final file there."""
    exported = work / "exported.onnx"
    export_graph(exported)
    fused = work / "fused.onnx"
    _fuse(exported, fused)
    if not quantized:
        return fused
    import onnx
    from onnxruntime.quantization import QuantType, quantize_dynamic

    final = work / "int8.onnx"
    quantize_dynamic(
        str(fused),
        str(final),
        weight_type=QuantType.QInt8,
        per_channel=True,
        # Shape inference cannot type the outputs of the fused contrib ops.
        extra_options={"DefaultTensorType": onnx.TensorProto.FLOAT},
    )
    return final


def export_graph(path: Path) -> None:
    """The verified MiniLM plus sentence-transformers' mean pooling as one ONNX graph (needs torch)."""
    import torch
    from transformers import AutoModel

    from analysis.embedding.backends import _quiet_transformers

    source = minilm_dir()
    verify_model(source)
    _quiet_transformers()
    model = AutoModel.from_pretrained(str(source), attn_implementation="eager").eval()

    class MeanPooled(torch.nn.Module):
        def __init__(self, inner: torch.nn.Module) -> None:
            super().__init__()
            self.inner = inner

        def forward(
            self, input_ids: torch.Tensor, attention_mask: torch.Tensor, token_type_ids: torch.Tensor
        ) -> torch.Tensor:
            hidden = self.inner(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            ).last_hidden_state
            mask = attention_mask.unsqueeze(-1).to(hidden.dtype)
            return (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)

    ids = torch.tensor([[101, 2019, 2742, 102], [101, 2742, 102, 0]])
    sample = (ids, (ids > 0).long(), torch.zeros_like(ids))
    names = ["input_ids", "attention_mask", "token_type_ids"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # tracer warnings about Python control flow on shapes
        torch.onnx.export(
            MeanPooled(model),
            sample,
            str(path),
            input_names=names,
            output_names=["embedding"],
            dynamic_axes={**{n: {0: "batch", 1: "tokens"} for n in names}, "embedding": {0: "batch"}},
            opset_version=17,
            dynamo=False,  # the TorchScript exporter handles BERT without onnxscript
        )


def _fuse(source: Path, target: Path) -> None:
    """ONNX Runtime's offline BERT fusions: fewer, larger kernels (and fused Attention for int8)."""
    from onnxruntime.transformers.optimizer import optimize_model

    optimize_model(str(source), model_type="bert", num_heads=12, hidden_size=DIMS).save_model_to_file(str(target))


class OnnxMiniLM:
    """The verified MiniLM run by ONNX Runtime on the first ``tokens`` tokens of each text.

    Attributes:
        identity: Cache folder name: the model folder's and libraries' identity
            (:func:`~analysis.embedding.backends.model_identity`), ``onnx``, int8
            or not, the token budget and the onnxruntime version (vectors change with each).
    """

    needs_corpus = False

    def __init__(self, tokens: int, quantized: bool):
        self.tokens, self.quantized = tokens, quantized
        verify_model(minilm_dir())
        kind = "onnx-int8" if quantized else "onnx"
        model = model_identity("all-MiniLM-L6-v2", minilm_dir())
        self.identity = f"{model}-{kind}-len{tokens}-ort{runtime_version()}"
        self._session: InferenceSession | None = None
        self._tokenizer: Tokenizer | None = None

    def load(self) -> None:
        """Build or check the export and open it (done by the first ``encode``)."""
        if self._session is not None:
            return
        import onnxruntime as ort
        from tokenizers import Tokenizer

        path = ensure_export(self.quantized)
        options = ort.SessionOptions()
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        options.intra_op_num_threads = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 0
        options.log_severity_level = 3
        self._session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
        tokenizer = Tokenizer.from_file(str(minilm_dir() / "tokenizer.json"))
        tokenizer.enable_truncation(max_length=self.tokens)
        tokenizer.no_padding()
        self._tokenizer = tokenizer

    def encode(self, texts: list[str]) -> np.ndarray:
        """Unit-length float32 embeddings, one row per text."""
        self.load()
        session, tokenizer = self._session, self._tokenizer
        assert session is not None and tokenizer is not None  # opened by load()
        encodings = tokenizer.encode_batch(texts)
        lengths = np.array([len(e.ids) for e in encodings], dtype=np.int64)
        # Longest first, ties in input order: each batch pads to lengths it nearly has.
        order = np.argsort(-lengths, kind="stable")
        out = np.empty((len(texts), DIMS), dtype=np.float32)
        bar = _progress(len(texts))
        for begin in range(0, len(texts), BATCH):
            rows = order[begin : begin + BATCH]
            ids = np.zeros((len(rows), lengths[rows].max()), dtype=np.int64)
            for j, row in enumerate(rows):
                ids[j, : lengths[row]] = encodings[row].ids
            feed = {"input_ids": ids, "attention_mask": (ids != 0).astype(np.int64), "token_type_ids": ids * 0}
            out[rows] = session.run(None, feed)[0]
            if bar is not None:
                bar.update(len(rows))
        if bar is not None:
            bar.close()
        return out / np.linalg.norm(out, axis=1, keepdims=True)


def _progress(total: int) -> tqdm | None:
    """A progress bar on stderr for long runs (as sentence-transformers shows), else None."""
    if total < PROGRESS_MIN or sys.stderr is None:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, desc="Batches", unit="text")


# The faster of the two registered ONNX backends (analysis.embedding.registry.ONNX_BACKENDS).
FAST_NAME = "minilm-onnx-int8-192"
