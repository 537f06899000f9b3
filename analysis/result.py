"""A fitted analysis (:class:`TopicResult`) and its saving and loading without refitting.

The BERTopic model goes in BERTopic's own safetensors format (with its
c-TF-IDF), the frames in parquet, the score matrices as .npy and the themes
as JSON. The folder is written beside the target and renamed into place, so
a failed save leaves the previous one intact.
"""

from __future__ import annotations

import json
import logging
import shutil
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from .errors import InputError
from .themes import Theme, ThemeSet

FORMAT_VERSION = 1


@dataclass
class TopicResult:
    """A fitted analysis: one row per paper, one row per topic, and the BERTopic model.

    Attributes:
        documents: ``doc_id``, ``name``, ``topic``, ``topic_label``, ``theme``,
            ``theme_score``, ``theme_margin``, ``x``, ``y``, one row per paper.
        topics: ``topic``, ``label``, ``size``, ``terms``, ``theme``,
            ``theme_score``, one row per topic, largest first.
        model: The fitted BERTopic.
        themes: The themes used.
        theme_scores: Paper x theme score matrix (columns follow ``themes``).
        papers: The input frame (text, title, provenance).
        embeddings: The paper vectors the themes were scored on (the
            report's similarities use them too); None when not kept.
    """

    documents: pd.DataFrame
    topics: pd.DataFrame
    model: object
    themes: ThemeSet
    theme_scores: np.ndarray
    papers: pd.DataFrame
    embeddings: np.ndarray | None = field(default=None, repr=False)

    def save(self, folder: str | Path) -> Path:
        """Save to a folder: BERTopic (safetensors) plus the frames in parquet."""
        return save_result(self, folder)

    @classmethod
    def load(cls, folder: str | Path) -> TopicResult:
        """Load a result saved with :meth:`save`, without refitting."""
        return load_result(folder)


def save_result(result: TopicResult, folder: str | Path) -> Path:
    """Write ``result`` into ``folder`` (replacing a previous save atomically)."""
    folder = Path(folder)
    folder.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", dir=folder.parent))
    try:
        _write(result, staging)
        _swap_in(staging, folder)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return folder


def _write(result: TopicResult, folder: Path) -> None:
    logging.getLogger("BERTopic").setLevel(logging.ERROR)
    result.model.save(folder / "model", serialization="safetensors", save_ctfidf=True, save_embedding_model=False)
    result.documents.to_parquet(folder / "documents.parquet", index=False)
    result.topics.to_parquet(folder / "topics.parquet", index=False)
    result.papers.to_parquet(folder / "papers.parquet", index=False)
    np.save(folder / "theme_scores.npy", result.theme_scores)
    if result.embeddings is not None:
        np.save(folder / "embeddings.npy", result.embeddings)
    themes = {
        "themes": [asdict(t) for t in result.themes.themes],
        "other": result.themes.other,
        "min_score": result.themes.min_score,
        "source": result.themes.source,
    }
    (folder / "themes.json").write_text(json.dumps(themes, indent=1), encoding="utf-8")
    (folder / "format.json").write_text(json.dumps({"format": FORMAT_VERSION}), encoding="utf-8")


def _swap_in(staging: Path, folder: Path) -> None:
    old = folder.with_name(f".{folder.name}.old")
    if old.exists():
        shutil.rmtree(old)
    if folder.exists():
        folder.rename(old)
    staging.rename(folder)
    shutil.rmtree(old, ignore_errors=True)


def load_result(folder: str | Path) -> TopicResult:
    """Read a result written by :func:`save_result`.

    Raises:
        InputError: The folder is missing or is not a saved result.
    """
    from bertopic import BERTopic

    folder = Path(folder)
    if not (folder / "format.json").is_file():
        raise InputError(folder, "not a saved analysis result (no format.json)")
    model = BERTopic.load(str(folder / "model"))
    themes_data = json.loads((folder / "themes.json").read_text(encoding="utf-8"))
    themes = ThemeSet(
        tuple(Theme(t["name"], t["description"], tuple(t["seeds"])) for t in themes_data["themes"]),
        other=themes_data["other"],
        min_score=themes_data["min_score"],
        source=themes_data["source"],
    )
    embeddings_file = folder / "embeddings.npy"
    return TopicResult(
        documents=pd.read_parquet(folder / "documents.parquet"),
        topics=pd.read_parquet(folder / "topics.parquet"),
        model=model,
        themes=themes,
        theme_scores=np.load(folder / "theme_scores.npy"),
        papers=pd.read_parquet(folder / "papers.parquet"),
        embeddings=np.load(embeddings_file) if embeddings_file.exists() else None,
    )
