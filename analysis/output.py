"""Writing results whole: one way for a file, one for a folder, so a failed or killed run never leaves half.

A file is written to a temporary file beside it (``.NAME.PID-XXXX.tmp``),
flushed to disk and renamed over its target (:func:`atomic_write`). A
folder is built in a staging folder beside it (``.NAME.new-PID-XXXX``),
then swapped in (:func:`replace_folder`): the old folder is renamed aside
(``.NAME.old-PID-XXXX``), the new one renamed in, the old one removed.

A run killed in between leaves those names behind. The next write of the
same target first finishes or undoes a swap it finds half done and removes
the leftovers (:func:`recover`), leaving alone those of a process that is
still running on this machine. Between the two renames of a swap the
target is briefly absent; after any kill it is whole again, old or new,
once the next run has recovered it.

Every failure to write is an :class:`~analysis.errors.InputError` that
names the file or folder that could not be written.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import secrets
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pandas as pd

from analysis.errors import InputError
from analysis.progress import check_interrupt

FRAME_SUFFIXES = (".csv", ".parquet", ".jsonl")
# What a killed run leaves beside a target, after ".NAME.": a staging or an
# aside folder, or a temporary file, each named with the process that made it.
_LEFTOVER = re.compile(r"(?:(?P<kind>new|old)-(?P<pid>\d+)-(?P<tag>[0-9a-f]{8})|(?P<tmp_pid>\d+)-[a-z0-9_]{8}\.tmp)")


def atomic_write(path: str | Path, write: Callable[[Path], object]) -> Path:
    """Write ``path`` through ``write(tmp)``, flush it to disk and rename: readers see old or new, never half.

    Raises:
        InputError: The folder or the file cannot be written (it is named).
    """
    path = Path(path)
    if path.is_dir():
        raise InputError(path, "is a folder; give a file name")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        recover(path)
        handle, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.{os.getpid()}-", suffix=".tmp", dir=path.parent)
    except OSError as err:
        raise InputError(path.parent, f"cannot write here: {err.strerror or err}") from None
    os.close(handle)
    tmp = Path(tmp_name)
    try:
        write(tmp)
        os.chmod(tmp, 0o644)
        _fsync(tmp)
        os.replace(tmp, path)
        _fsync(path.parent)
    except OSError as err:
        # Disk full, or the target became unwritable meanwhile: say where.
        tmp.unlink(missing_ok=True)
        raise InputError(path, f"cannot write: {err.strerror or err}") from None
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return path


@contextmanager
def staging_folder(target: str | Path, shown_as: Path | None = None) -> Iterator[Path]:
    """A new empty folder beside ``target`` (``.NAME.new-PID-XXXX``), removed on exit unless renamed away.

    Leftovers of killed runs beside ``target`` are recovered first
    (:func:`recover`). A write that fails inside it is an
    :class:`~analysis.errors.InputError` naming the file where it was going,
    under ``shown_as`` (the folder its files end up in), when given.

    Raises:
        InputError: The folder beside ``target``, or a file in it, cannot be written.
    """
    target = Path(target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        recover(target)
        staging = target.parent / f".{target.name}.new-{os.getpid()}-{secrets.token_hex(4)}"
        staging.mkdir()
    except OSError as err:
        raise InputError(target.parent, f"cannot write here: {err.strerror or err}") from None
    try:
        yield staging
    except (InputError, OSError) as err:
        if isinstance(err, InputError):
            path, message = Path(err.path), err.message
        else:
            path, message = Path(err.filename or target), f"cannot write: {err.strerror or err}"
        if not path.is_relative_to(staging):
            raise
        raise InputError((shown_as or staging) / path.relative_to(staging), message) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)


@contextmanager
def replace_folder(target: str | Path, keep: Callable[[str], bool] | None = None) -> Iterator[Path]:
    """Build ``target``'s new content in a staging folder beside it, then swap the whole folder in.

    Yields the staging folder. When the block ends without an error, the
    old folder's entries whose name ``keep`` accepts are carried over (hard
    links, or copies where links fail) and the staging folder takes the
    target's place; on an error the target is untouched.

    Raises:
        InputError: Something could not be written or renamed (it is named),
            or ``target`` holds the current folder.
    """
    target = _not_the_current_folder(Path(target).resolve())
    with staging_folder(target, shown_as=target) as staging:
        yield staging
        if target.is_dir():
            shutil.copymode(target, staging)
        if keep is not None:
            _carry_over(target, staging, keep)
        _swap(staging, target)


def _carry_over(target: Path, staging: Path, keep: Callable[[str], bool]) -> None:
    """Link the old folder's entries that ``keep`` accepts into ``staging`` (the new content wins a clash)."""
    entries = sorted(os.scandir(target), key=lambda e: e.name) if target.is_dir() else []
    kept = [e for e in entries if keep(e.name) and not os.path.lexists(staging / e.name)]
    for entry in kept:
        into = staging / entry.name
        try:
            if entry.is_dir(follow_symlinks=False):
                shutil.copytree(entry.path, into, symlinks=True, copy_function=_link_or_copy)
            elif entry.is_symlink():
                os.symlink(os.readlink(entry.path), into)
            else:
                _link_or_copy(entry.path, into)
        except (OSError, shutil.Error) as err:
            raise InputError(entry.path, f"cannot carry over into the new folder: {err}") from None


def _link_or_copy(source: str, into: str | Path) -> None:
    try:
        os.link(source, into)
    except OSError:
        shutil.copy2(source, into)


def _swap(staging: Path, target: Path) -> None:
    """Rename ``target`` aside, ``staging`` in, then remove the old folder (see :func:`recover`)."""
    for root, _, files in os.walk(staging):
        for name in files:
            _fsync(Path(root) / name)
        _fsync(Path(root))
    aside = staging.with_name(f".{target.name}.old-{staging.name.rsplit('.new-', 1)[1]}")
    check_interrupt()  # a Ctrl-C a library swallowed keeps the previous folder
    existed = os.path.lexists(target)
    try:
        if existed:
            os.rename(target, aside)
        os.rename(staging, target)
    except OSError as err:
        if existed and os.path.lexists(aside) and not os.path.lexists(target):
            os.rename(aside, target)
        raise InputError(target, f"cannot replace: {err.strerror or err}") from None
    _fsync(target.parent)
    shutil.rmtree(aside, ignore_errors=True)


def recover(target: str | Path) -> None:
    """Finish or undo a write of ``target`` that a killed run left half done, and remove its leftovers.

    A swap killed between its two renames left the old folder aside and
    the target missing: the new folder, complete before anything was
    renamed, is put in place (or, without one, the old folder is put back).
    Temporary files, staging folders and old folders of dead processes are
    removed; those of running processes are left alone.
    """
    target = Path(target)
    prefix = f".{target.name}."
    try:
        names = sorted(n for n in os.listdir(target.parent) if n.startswith(prefix))
    except OSError:
        return
    runs: dict[str, dict[str, Path]] = {}
    for name in names:
        found = _LEFTOVER.fullmatch(name[len(prefix) :])
        if found is None or _alive(int(found["pid"] or found["tmp_pid"])):
            continue
        if found["kind"]:
            runs.setdefault(f"{found['pid']}-{found['tag']}", {})[found["kind"]] = target.parent / name
        else:
            runs[name] = {"tmp": target.parent / name}
    for paths in runs.values():
        if "old" in paths and not os.path.lexists(target):
            newest = paths.pop("new", None) or paths.pop("old")
            os.rename(newest, target)
        for path in paths.values():
            if path.is_dir() and not path.is_symlink():
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink(missing_ok=True)


def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs on this machine (this process counts as running)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # EPERM: it runs, as another user
        return True
    return True


def _fsync(path: Path) -> None:
    """Flush a file's or a folder's content to disk."""
    handle = os.open(path, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


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


def ensure_replaceable(folder: str | Path) -> Path:
    """:func:`ensure_folder` for a folder that :func:`replace_folder` will replace: the folder beside it is checked too.

    Raises:
        InputError: Either folder cannot be written, or ``folder`` holds the
            current folder (it cannot be renamed away from under the run).
    """
    folder = ensure_folder(folder)
    ensure_folder(_not_the_current_folder(folder.resolve()).parent)
    return folder


def _not_the_current_folder(target: Path) -> Path:
    if Path.cwd().resolve().is_relative_to(target):
        raise InputError(target, "holds the current folder; give the output a folder of its own")
    return target


def move_into(files: list[Path], folder: Path) -> list[Path]:
    """Move finished files (made in a staging folder on the same disk) into ``folder``, each atomically."""
    return [atomic_write(folder / path.name, functools.partial(os.replace, path)) for path in files]


def write_text(path: str | Path, text: str) -> Path:
    """Atomically write UTF-8 text."""
    return atomic_write(path, lambda tmp: tmp.write_text(text, encoding="utf-8"))


def write_array(path: str | Path, array: np.ndarray) -> Path:
    """Atomically write one array as ``.npy`` (no pickled objects)."""

    def save(tmp: Path) -> None:
        with tmp.open("wb") as handle:  # a handle: np.save would add ".npy" to the temporary name
            np.save(handle, np.asarray(array), allow_pickle=False)

    return atomic_write(path, save)


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
