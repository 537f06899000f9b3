"""The result cache: a topic fit stored under a key of everything it depends on, reused instead of refitted.

Key (:func:`fit_key`): the papers (their ``doc_id`` and a hash of the texts
that are embedded and counted), the embedding backend's identity (which
follows every file of its model folder, its settings and the versions of
torch, transformers, sentence-transformers, tokenizers and the model
package), or a hash of the embeddings passed in, every fit setting, the
versions of this package, numpy, scikit-learn, scipy, pandas and the model
packages (the labeller embeds phrases with the backend even when the
papers' embeddings are passed in), and a hash of this package's source
taken at each fit (an edit counts as a new version, also in a notebook
that reloads modules). The themes
are not in the key: a fit holds only the topics, terms, labels, map and the
vectors, and the themes are scored on them at every run, so editing the
themes file re-scores without refitting.

Entries live in ``.cache/results/<key>/`` (``ANALYSIS_FIT_CACHE`` overrides that folder, ``ANALYSIS_CACHE_DIR``
overrides ``.cache``). Each is written into a staging folder and swapped
into place (:func:`analysis.output.replace_folder`), with a manifest of
every file's sha256; an entry that cannot be written is a warning that
says what failed. A damaged entry (a changed byte, a missing file) is
detected on load, reported with a warning, removed and fitted again; it is
never used. Within one process
the entries read or written last are kept in memory, so a notebook that
re-runs after a themes edit re-scores in well under a second.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import warnings
from collections import OrderedDict
from pathlib import Path

import numpy as np
import pandas as pd

from analysis.config import PACKAGE_DIR, fit_cache_dir
from analysis.corpus.table import document_texts
from analysis.embedding.backends import MODEL_PACKAGES, Backend, cached_file_sha256, library_versions
from analysis.errors import InputError
from analysis.model.result import TopicPieces
from analysis.output import file_sha256, replace_folder, write_text

# Bump when the layout of an entry changes: older entries then stop matching.
CACHE_FORMAT = 1
VERSIONED = ("analysis", "numpy", "scikit-learn", "scipy", "pandas", *MODEL_PACKAGES)
# Fits kept in memory per process, and entries kept on disk (oldest use dropped first).
MEMORY_ENTRIES = 4
DISK_ENTRIES = 32

_MEMORY: OrderedDict[str, TopicPieces] = OrderedDict()


def results_dir() -> Path:
    """Folder of the result cache."""
    return fit_cache_dir()


def fit_key(papers: pd.DataFrame, backend: Backend, embeddings: np.ndarray | None, settings: dict) -> str:
    """The cache key of a topic fit: a sha256 of everything the fit's output depends on.

    ``papers`` is the table as :func:`analysis.corpus.table.validate_papers` returns it.
    """
    texts = hashlib.sha256()
    for doc_id in papers["doc_id"].astype(str):
        texts.update(doc_id.encode("utf-8") + b"\0")
    texts.update(b"\1")
    for text in document_texts(papers):
        texts.update(text.encode("utf-8") + b"\0")
    vectors = None
    if embeddings is not None:
        array = np.ascontiguousarray(embeddings, dtype=np.float32)
        vectors = hashlib.sha256(repr(array.shape).encode() + array.tobytes()).hexdigest()
    described = {
        "format": CACHE_FORMAT,
        "papers": texts.hexdigest(),
        "count": len(papers),
        "embedding": backend.identity,
        "embeddings": vectors,
        "settings": settings,
        "versions": library_versions(VERSIONED),
        "source": source_digest(),
    }
    return hashlib.sha256(json.dumps(described, sort_keys=True, default=str).encode("utf-8")).hexdigest()[:40]


def source_digest(folder: Path | None = None) -> str:
    """A sha256 of the package's Python source as it is now: a code edit makes new keys.

    Taken at every fit, so a notebook that reloads edited modules gets new
    keys too. Cheap: each file is read again only when its size, mtime or
    inode changed (:func:`~analysis.embedding.backends.cached_file_sha256`).
    """
    folder = PACKAGE_DIR if folder is None else Path(folder)
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*.py")):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0" + cached_file_sha256(path).encode())
    return digest.hexdigest()


class FitCache:
    """Topic fits on disk under their key, checked when read, and the last few in memory.

    Args:
        folder: Folder of the entries; default :func:`results_dir`.
    """

    def __init__(self, folder: Path | None = None):
        self.folder = Path(folder) if folder is not None else results_dir()

    def load(self, key: str) -> TopicPieces | None:
        """The fit stored under ``key``, or None (missing, or damaged: then it is removed with a warning)."""
        memory_key = f"{self.folder}:{key}"
        if memory_key in _MEMORY:
            _MEMORY.move_to_end(memory_key)
            return _copy(_MEMORY[memory_key])
        entry = self.folder / key
        if not entry.is_dir():
            return None
        problem = _check(entry)
        pieces = None
        if problem is None:
            try:
                pieces = TopicPieces.load(entry)
            except Exception as err:  # any failure to parse means the entry is damaged
                problem = f"unreadable ({type(err).__name__}: {err})"
        if pieces is None:
            warnings.warn(f"{entry}: damaged result cache entry ({problem}); removed, fitting again", stacklevel=3)
            shutil.rmtree(entry, ignore_errors=True)
            return None
        (entry / "manifest.json").touch()  # recently used: pruned last
        _remember(memory_key, pieces)
        return _copy(pieces)

    def save(self, key: str, pieces: TopicPieces) -> Path:
        """Store ``pieces`` under ``key`` as a whole (staged, checksummed, swapped in).

        An entry that cannot be written (a full disk, an unwritable folder)
        is a warning naming what failed: the cache only saves time.
        """
        entry = self.folder / key
        try:
            with replace_folder(entry) as staging:
                files = pieces.save(staging)
                manifest = {path.relative_to(staging).as_posix(): file_sha256(path) for path in files}
                write_text(staging / "manifest.json", json.dumps(manifest, indent=1, sort_keys=True))
        except (InputError, OSError) as err:  # an OSError without a file name is not re-labelled by the staging
            reason = err if isinstance(err, InputError) else f"{entry}: {err.strerror or err}"
            warnings.warn(f"result cache entry not written, the next run fits again: {reason}", stacklevel=3)
            return entry
        _remember(f"{self.folder}:{key}", _copy(pieces, keep_models=False))
        if self.folder.is_dir():
            self.prune()
        return entry

    def prune(self, keep: int = DISK_ENTRIES) -> None:
        """Remove all but the ``keep`` entries used last."""
        entries = [p for p in self.folder.iterdir() if p.is_dir() and not p.name.startswith(".")]
        if len(entries) <= keep:
            return
        entries.sort(key=lambda p: _used(p), reverse=True)
        for old in entries[keep:]:
            shutil.rmtree(old, ignore_errors=True)


def forget_memory() -> None:
    """Drop the fits kept in memory (the disk entries stay)."""
    _MEMORY.clear()


def _check(entry: Path) -> str | None:
    """What is wrong with an entry's files, or None when each matches its manifest checksum."""
    try:
        manifest = json.loads((entry / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return "no readable manifest"
    if not isinstance(manifest, dict) or not manifest:
        return "empty manifest"
    for name, digest in sorted(manifest.items()):
        path = entry / name
        if not path.is_file():
            return f"{name} is missing"
        if file_sha256(path) != digest:
            return f"{name} differs from its checksum"
    return None


def _used(entry: Path) -> float:
    try:
        return (entry / "manifest.json").stat().st_mtime
    except OSError:
        return 0.0


def _remember(key: str, pieces: TopicPieces) -> None:
    _MEMORY[key] = pieces
    _MEMORY.move_to_end(key)
    while len(_MEMORY) > MEMORY_ENTRIES:
        _MEMORY.popitem(last=False)


def _copy(pieces: TopicPieces, keep_models: bool = True) -> TopicPieces:
    """A copy whose arrays and dicts the caller may change without changing the cached fit."""
    return TopicPieces(
        paper_topics=pieces.paper_topics.copy(),
        terms={t: list(words) for t, words in pieces.terms.items()},
        labels=dict(pieces.labels),
        features=pieces.features.copy(),
        embeddings=pieces.embeddings.copy(),
        xy=pieces.xy.copy(),
        latin=pieces.latin,
        min_df=pieces.min_df,
        slots=dict(pieces.slots),
        reduced=None if pieces.reduced is None else pieces.reduced.copy(),
        projection=pieces.projection,  # frozen, never changed in place
        reducer=pieces.reducer if keep_models else None,
        clusterer=pieces.clusterer if keep_models else None,
    )
