"""Save and load a fitted :class:`~analysis.topics.TopicResult` without refitting.

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
from dataclasses import asdict
from pathlib import Path

import numpy as np
import pandas as pd

from .errors import InputError
from .themes import Theme, ThemeSet

FORMAT_VERSION = 1


def save_result(result, folder: str | Path) -> Path:
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


def _write(result, folder: Path) -> None:
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


def load_result(folder: str | Path):
    """Read a result written by :func:`save_result`.

    Raises:
        InputError: The folder is missing or is not a saved result.
    """
    from bertopic import BERTopic

    from .topics import TopicResult

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
