"""Paper embeddings and their on-disk cache of neural embeddings.

What each paper's embedding reads is the paper table's (:func:`analysis.corpus.table.document_texts`;
``document_texts`` and ``topic_texts`` are importable from here too).

The backends themselves (MiniLM and its variants, TF-IDF, any
sentence-transformers model) are in :mod:`analysis.embedding.backends`. Vectors of a
backend that is not fitted per corpus are cached per backend identity and
per text hash, in shard files that are written atomically and checked when
read: a second run embeds nothing, new papers embed only themselves, and a
damaged shard is dropped and recomputed, never used.
"""

from __future__ import annotations

import contextlib
import hashlib
import sys
import warnings
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd

from analysis.config import DEFAULT_EMBEDDING, cache_dir
from analysis.corpus.table import document_texts, topic_texts
from analysis.embedding.backends import PROGRESS_MIN, Backend
from analysis.embedding.registry import select_backend
from analysis.output import atomic_write

__all__ = [
    "ENCODE_PARTITION",
    "EmbeddingCache",
    "backend_store",
    "checked_embeddings",
    "document_texts",
    "embed_papers",
    "embed_texts",
    "encode_partitions",
    "length_partitions",
    "text_key",
    "topic_texts",
    "will_embed",
]

_MAX_SHARDS = 16
# Texts per call of a backend's encode: 4 of its batches of 32. A text's
# vector depends on its batch (padding to a longer neighbour moves MiniLM's
# vector by about 1e-7), so one process and a Dask cluster's embedding
# tasks (:mod:`analysis.cluster`) encode the same partitions, and give the
# same bytes. Below the size at which a backend draws its own progress bar.
ENCODE_PARTITION = 128


def text_key(text: str) -> str:
    """Cache key of one text."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def checked_embeddings(embeddings: np.ndarray, n_papers: int) -> np.ndarray:
    """Embeddings given by the caller as float32, after checking there is one finite row per paper.

    Raises:
        ValueError: The shape does not match the papers, or a row holds NaN or infinity (rows named).
    """
    matrix = np.asarray(embeddings, dtype=np.float32)
    if matrix.ndim != 2 or len(matrix) != n_papers:
        raise ValueError(f"embeddings of shape {matrix.shape} for {n_papers} papers: give one row per paper")
    bad = np.flatnonzero(~np.isfinite(matrix).all(axis=1))
    if len(bad):
        shown = ", ".join(map(str, bad[:5])) + (", ..." if len(bad) > 5 else "")
        raise ValueError(f"embeddings of {len(bad)} papers hold NaN or infinity (rows {shown})")
    return matrix


def embed_papers(
    papers: pd.DataFrame, embedding: str | Backend = DEFAULT_EMBEDDING, cache: Path | None = None
) -> np.ndarray:
    """Embeddings of each paper (title + abstract), reusing the on-disk cache.

    Args:
        papers: One row per paper with ``text`` (and optionally ``title``).
        embedding: A backend, or its name (see :func:`analysis.embedding.registry.select_backend`).
        cache: Cache folder; default ``.cache/embeddings`` (``ANALYSIS_CACHE_DIR``).

    Returns:
        A float32 array with one unit-length row per paper.
    """
    return embed_texts(document_texts(papers), embedding, cache)


def embed_texts(
    texts: list[str], embedding: str | Backend = DEFAULT_EMBEDDING, cache: Path | None = None
) -> np.ndarray:
    """Embeddings of any texts (papers, theme phrases), through the on-disk cache.

    A backend fitted per corpus (``needs_corpus``) encodes the texts
    together and uncached: its vectors depend on the whole set.
    """
    backend = select_backend(embedding)
    if backend.needs_corpus:
        return backend.encode(texts)
    return backend_store(backend, cache).get_or_compute(texts, backend.encode)


def will_embed(texts: list[str], embedding: str | Backend = DEFAULT_EMBEDDING, cache: Path | None = None) -> bool:
    """Whether :func:`embed_texts` would run the model on ``texts``: some are not cached, or nothing is.

    Reads only the cached keys (a shard's vectors stay on disk); a damaged
    shard counts as cached here and is found when the vectors are read.
    """
    backend = select_backend(embedding)
    if backend.needs_corpus:
        return True
    known = backend_store(backend, cache).cached_keys()
    return any(text_key(text) not in known for text in texts)


def backend_store(backend: Backend, cache: Path | None = None) -> EmbeddingCache:
    """The backend's cache folder under ``cache`` (default: the configured cache)."""
    return EmbeddingCache((cache or cache_dir()) / backend.identity)


def length_partitions(texts: list[str], size: int = ENCODE_PARTITION) -> list[list[str]]:
    """``texts`` longest first (ties by text), cut into lists of ``size``: the same for any order or split of the work.

    Longest first as sentence-transformers orders a call's texts, so each
    partition's batches hold texts of about one length.
    """
    ordered = sorted(texts, key=lambda text: (-len(text), text))
    return [ordered[start : start + size] for start in range(0, len(ordered), size)]


def encode_partitions(encode: Callable[[list[str]], np.ndarray], texts: list[str]) -> np.ndarray:
    """``encode`` called on each of :func:`length_partitions` of ``texts``; the vectors in ``texts``' order.

    A progress bar on stderr counts the texts when there are
    :data:`~analysis.embedding.backends.PROGRESS_MIN` or more.
    """
    from tqdm.auto import tqdm

    row = {text: i for i, text in enumerate(dict.fromkeys(texts))}  # a repeated text is encoded once
    vectors: np.ndarray | None = None
    quiet = len(row) < PROGRESS_MIN or sys.stderr is None
    with tqdm(total=len(row), desc="Embedding", unit="paper", disable=quiet, file=sys.stderr) as bar:
        for part in length_partitions(list(row)):
            encoded = np.asarray(encode(part), dtype=np.float32)
            if vectors is None:
                vectors = np.empty((len(row), encoded.shape[1]), dtype=np.float32)
            vectors[[row[text] for text in part]] = encoded
            bar.update(len(part))
    if vectors is None:
        return np.empty((0, 0), dtype=np.float32)
    return vectors[[row[text] for text in texts]]


class EmbeddingCache:
    """Embeddings of one model, stored as checked shard files in one folder.

    Each run that computes something writes one new shard atomically, so two
    runs at once never write the same file. A shard that fails to load or
    whose checksum differs is deleted and its texts are embedded again; one
    that another run merged away after this one listed it is no damage: its
    vectors are read from the merged shard.
    """

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.computed = 0  # texts embedded by the last get_or_compute call

    def get_or_compute(self, texts: list[str], encode: Callable[[list[str]], np.ndarray]) -> np.ndarray:
        """Vectors for ``texts``, computing (and storing) only the missing ones."""
        keys = [text_key(t) for t in texts]
        known = self.load()
        todo = [k for k in dict.fromkeys(keys) if k not in known]
        first_text = dict(zip(keys, texts, strict=True))
        self.computed = len(todo)
        if todo:
            vectors = encode_partitions(encode, [first_text[k] for k in todo])
            self._write_shard(todo, vectors)
            known.update(zip(todo, vectors, strict=True))
        # copy=False: float32 rows stack to float32; a second copy would be 1.4 GiB more at 1M papers.
        return np.vstack([known[k] for k in keys]).astype(np.float32, copy=False)

    def missing(self, texts: list[str]) -> list[str]:
        """The texts without a cached vector, each once, in their first order (what a cluster embeds)."""
        known = self.load()
        return list({key: text for text in texts if (key := text_key(text)) not in known}.values())

    def add(self, texts: list[str], vectors: np.ndarray) -> Path:
        """Store ``vectors`` (one row per text, computed elsewhere: a Dask worker) as one new shard."""
        return self._write_shard([text_key(t) for t in texts], vectors)

    def cached_keys(self) -> set[str]:
        """The keys of every shard, read without their vectors."""
        keys: set[str] = set()
        for shard in self._shards():
            with contextlib.suppress(Exception), np.load(shard, allow_pickle=False) as data:
                keys.update(data["keys"].tolist())
        return keys

    def load(self) -> dict[str, np.ndarray]:
        """All valid cached vectors by key; damaged shards are removed."""
        vectors: dict[str, np.ndarray] = {}
        shards = self._shards()
        if self._read_into(vectors, shards):
            # Another run merged shards this one had listed (and deleted them): read the shard it wrote.
            self._read_into(vectors, [shard for shard in self._shards() if shard not in shards])
        if len(shards) > _MAX_SHARDS and vectors:
            self._compact(vectors, shards)
        return vectors

    def _read_into(self, vectors: dict[str, np.ndarray], shards: list[Path]) -> bool:
        """Add the vectors of ``shards`` to ``vectors``, removing damaged ones; whether any had vanished."""
        vanished = False
        for shard in shards:
            try:
                loaded = _read_shard(shard)
            except FileNotFoundError:
                vanished = True
                continue
            if loaded is None:
                warnings.warn(f"{shard}: damaged embedding cache file, removed and recomputed", stacklevel=4)
                shard.unlink(missing_ok=True)
                continue
            vectors.update(zip(*loaded, strict=True))
        return vanished

    def _shards(self) -> list[Path]:
        return sorted(self.folder.glob("shard-*.npz")) if self.folder.is_dir() else []

    def _write_shard(self, keys: list[str], vectors: np.ndarray) -> Path:
        self.folder.mkdir(parents=True, exist_ok=True)
        key_array = np.array(keys, dtype="U32")
        vectors = np.ascontiguousarray(vectors, dtype=np.float32)
        checksum = _checksum(key_array, vectors)
        final = self.folder / f"shard-{checksum[:16]}.npz"

        def save(tmp: Path) -> None:
            with tmp.open("wb") as out:  # a handle: np.savez would add ".npz" to the temporary name
                np.savez(out, keys=key_array, vectors=vectors, checksum=np.array(checksum))

        return atomic_write(final, save)

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


def _read_shard(path: Path) -> tuple[list[str], list[np.ndarray]] | None:
    try:
        with np.load(path, allow_pickle=False) as data:
            keys, vectors, checksum = data["keys"], data["vectors"], str(data["checksum"])
    except FileNotFoundError:
        raise  # gone, not damaged: another run compacted it away
    except Exception:  # any failure to parse means the file is damaged
        return None
    if vectors.ndim != 2 or len(keys) != len(vectors) or _checksum(keys, vectors) != checksum:
        return None
    return keys.tolist(), list(vectors)
