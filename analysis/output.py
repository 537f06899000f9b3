"""Writing results: atomically, so a failed run never leaves half a file."""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

import pandas as pd

from analysis.errors import InputError

FRAME_SUFFIXES = (".csv", ".parquet", ".jsonl")


def atomic_write(path: str | Path, write: Callable[[Path], None]) -> Path:
    """Write ``path`` through ``write(tmp)`` and rename: readers see old or new, never half.

    Raises:
        InputError: The folder cannot be created or written.
    """
    path = Path(path)
    if path.is_dir():
        raise InputError(path, "is a folder; give a file name")
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
    except OSError as err:
        # Disk full, or the target became unwritable meanwhile: say where.
        tmp.unlink(missing_ok=True)
        raise InputError(path, f"cannot write: {err.strerror or err}") from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return path


def ensure_folder(folder: str | Path) -> Path:
    """Create ``folder`` if needed and check a file can be written in it.

    Run before a long computation, so an unusable output folder is reported
    at once rather than after the fit.

    Raises:
        InputError: The folder cannot be created or written.
    """
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as err:
        raise InputError(folder, f"cannot write here: {err.strerror or err}") from None
    return folder


def move_into(files: list[Path], folder: Path) -> list[Path]:
    """Rename finished files (made in a temporary folder on the same disk) into ``folder``."""
    moved = []
    for path in files:
        os.chmod(path, 0o644)
        os.replace(path, folder / path.name)
        moved.append(folder / path.name)
    return moved


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
        return atomic_write(path, lambda tmp: _to_parquet(frame, tmp))
    if suffix == ".jsonl":
        return atomic_write(path, lambda tmp: frame.to_json(tmp, orient="records", lines=True, force_ascii=False))
    raise InputError(path, f"unsupported output type '{suffix or '(none)'}'; use one of {', '.join(FRAME_SUFFIXES)}")


def _to_parquet(frame: pd.DataFrame, path: Path) -> None:
    """Write parquet; columns of mixed types become text rather than fail the write.

    Parquet needs one type per column, but an extra field of a JSON source can
    be ``2024`` in one record and ``"2024"`` or a list in the next.
    """
    import pyarrow as pa

    try:
        frame.to_parquet(path, index=False)
    except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError):
        mixed = {c: "string" for c in frame.columns if frame[c].dtype == object}
        frame.astype(mixed).to_parquet(path, index=False)


def file_sha256(path: Path) -> str:
    """sha256 of a file, read in blocks (model weights and ONNX exports are large)."""
    digest = hashlib.sha256()
    with Path(path).open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
