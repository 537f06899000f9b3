"""What a long run says while it works: progress lines for people, stage seconds for the benchmark.

A ``progress`` argument is a callable taking one message; None keeps a
step silent (the API and the benchmarks), :func:`stderr_progress` is what
the command line uses.

A ``timer`` argument (of :class:`~analysis.TopicModel`,
:func:`~analysis.corpus.load.load_papers` and the pipeline's
:class:`~analysis.run.Runtime`) is a callable taking a stage's name and its seconds,
called once per stage as it ends: ``load`` (reading files), ``dedup``,
``embed``, ``lexical`` (the LSA vectors clustered beside the embedding),
``reduce`` (BERTopic's reduction slot), ``cluster`` (its clustering slot),
``represent`` (c-TF-IDF terms, labels and the rest of the fit), ``map``,
``themes``, ``figures`` (figures, topic map and report) and ``static``
(PNG/SVG export). A stage's seconds leave out the stages inside it, so the
stages of a run add up to its whole time. Without a timer nothing is
timed and nothing changes.
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

Progress = Callable[[str], None]
Timer = Callable[[str, float], None]


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


class Stages:
    """Times named stages for an optional ``timer(stage, seconds)``; a stage's seconds exclude those nested in it.

    Example:
        >>> stages = Stages(lambda stage, seconds: print(stage))
        >>> with stages("figures"):
        ...     with stages("static"):
        ...         pass
        static
        figures
    """

    def __init__(self, timer: Timer | None = None):
        self.timer = timer
        self._nested: list[float] = []  # seconds of the stages inside each open stage

    @contextlib.contextmanager
    def __call__(self, stage: str) -> Iterator[None]:
        """Time the body of a ``with`` block as ``stage``."""
        if self.timer is None:
            yield
            return
        start = time.perf_counter()
        self._nested.append(0.0)
        try:
            yield
        finally:
            seconds = time.perf_counter() - start
            nested = self._nested.pop()
            if self._nested:
                self._nested[-1] += seconds
            self.timer(stage, seconds - nested)
