"""What a long run says while it works: one progress line per step, on stderr by default.

A ``progress`` argument is a callable taking one message; None keeps a
step silent (the API and the benchmarks), :func:`stderr_progress` is what
the command line uses.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

Progress = Callable[[str], None]


def stderr_progress(message: str) -> None:
    """Print one progress line on stderr (flushed: the next step may take a while)."""
    print(f"analysis: {message}", file=sys.stderr, flush=True)


class Step:
    """Announce a step, then its outcome with the seconds it took (nothing when ``progress`` is None)."""

    def __init__(self, progress: Progress | None, message: str):
        self.progress, self.start = progress, time.perf_counter()
        if progress is not None:
            progress(f"{message} ...")

    def done(self, message: str) -> None:
        """Say how the step ended and how long it took."""
        if self.progress is not None:
            self.progress(f"{message} [{time.perf_counter() - self.start:.1f} s]")


def display_path(path: str | Path) -> str:
    """A path relative to the working folder when inside it: output that names no machine."""
    path = Path(path)
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve())) or "."
    except ValueError:
        return str(path)
