"""Writing results: atomically, so a failed run never leaves half a file."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

import pandas as pd

from .errors import InputError

FRAME_SUFFIXES = (".csv", ".parquet", ".jsonl")


def atomic_write(path: str | Path, write: Callable[[Path], None]) -> Path:
    """Write ``path`` through ``write(tmp)`` and rename: readers see old or new, never half.

    Raises:
        InputError: The folder cannot be created or written.
    """
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as err:
        raise InputError(path.parent, f"cannot write here: {err.strerror or err}") from None
    os.close(handle)
    tmp = Path(tmp_name)
    try:
        write(tmp)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return path


def write_text(path: str | Path, text: str) -> Path:
    """Atomically write UTF-8 text."""
    return atomic_write(path, lambda tmp: tmp.write_text(text, encoding="utf-8"))


def write_frame(frame: pd.DataFrame, path: str | Path) -> Path:
    """Atomically write a frame as .csv, .parquet or .jsonl (chosen by suffix)."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix == ".csv":
        return atomic_write(path, lambda tmp: frame.to_csv(tmp, index=False, lineterminator="\n"))
    if suffix == ".parquet":
        return atomic_write(path, lambda tmp: frame.to_parquet(tmp, index=False))
    if suffix == ".jsonl":
        return atomic_write(path, lambda tmp: frame.to_json(tmp, orient="records", lines=True, force_ascii=False))
    raise InputError(path, f"unsupported output type '{suffix or '(none)'}'; use one of {', '.join(FRAME_SUFFIXES)}")
