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
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType

Progress = Callable[[str], None]
Timer = Callable[[str, float], None]


def stderr_progress(message: str) -> None:
    """Print one progress line on stderr (flushed: the next step may take a while); a swallowed Ctrl-C stops here."""
    check_interrupt()
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


# Ctrl-C stops a run even where a library swallowed it. Python raises KeyboardInterrupt wherever the main thread
# is when Ctrl-C arrives; inside an object's finaliser (a Dask future released while the embedding waits) it is
# printed as ignored and the run went on to write its report (once in three full test runs, 2026-12-05). Within
# remembered_ctrl_c (the command line) a Ctrl-C is also noted, and check_interrupt, called at each progress line
# and before a report folder is swapped in, raises it again: the previous outputs stay. Python also printed that
# ignored KeyboardInterrupt with its traceback ("Exception ignored in: <... GCDiagnosis._gc_callback>", once in
# a full test run, 2026-12-06); a Ctrl-C is the user's, not an error, so within remembered_ctrl_c it is not printed.
_ctrl_c_seen = False


def _on_sigint(signum: int, frame: FrameType | None) -> None:
    """Note the Ctrl-C, then raise it as Python's own handler does."""
    global _ctrl_c_seen
    _ctrl_c_seen = True
    raise KeyboardInterrupt


@contextlib.contextmanager
def remembered_ctrl_c() -> Iterator[None]:
    """Within it a Ctrl-C is noted as well as raised (only where Python's own handler is set, in the main thread)."""
    global _ctrl_c_seen
    own = signal.getsignal(signal.SIGINT) is signal.default_int_handler
    if not own or threading.current_thread() is not threading.main_thread():
        yield  # SIGINT ignored (a background job) or handled by someone else: leave it so
        return
    _ctrl_c_seen = False
    previous = signal.signal(signal.SIGINT, _on_sigint)
    previous_hook = sys.unraisablehook

    def quiet_ctrl_c(unraisable: sys.UnraisableHookArgs) -> None:
        """An ignored KeyboardInterrupt is noted and raised again later: no traceback. Others as before."""
        if not isinstance(unraisable.exc_value, KeyboardInterrupt):
            previous_hook(unraisable)

    sys.unraisablehook = quiet_ctrl_c
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        sys.unraisablehook = previous_hook
        _ctrl_c_seen = False


def check_interrupt() -> None:
    """Raise KeyboardInterrupt if a Ctrl-C came and was swallowed since :func:`remembered_ctrl_c` began."""
    if _ctrl_c_seen:
        raise KeyboardInterrupt
