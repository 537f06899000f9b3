"""A Chromium started before the figures exist, so its start overlaps the run's other work.

Starting Chromium and kaleido's page costs about 4 s of a report run (3.7 s
on a 2-core machine, with 7 s more to draw the 14 PNG/SVG files). A run
that will draw figures opens a :class:`ChromiumSession` when it starts
reading papers; by the time the figures are made, Chromium is waiting.
The session serves one render call at a time from its own thread (kaleido
is asynchronous) and is closed with the run.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

# Seconds to wait for Chromium to close before it is killed. Closing takes well under a second; once, in a
# test run, a Chromium did not close: the report was written and the process waited on kaleido's close for
# ten minutes. A hung Chromium must not keep a finished run from ending.
CLOSE_SECONDS = 20.0
# Seconds to wait for one render call (14 files take about 7 s). Once, in a fresh clone's test run, a Chromium
# stopped answering mid-render and the report waited on it, idle, with no end: it is killed after this long.
RENDER_SECONDS = 300.0


def _not_a_dropped_message(record: logging.LogRecord) -> bool:
    """False for the browser pipe's "JSONError decoding message. Ignoring": keep it out of a report's output.

    choreographer (kaleido's browser driver) logs it, with a traceback, for a message it cannot read and then
    drops; a fresh clone's ``make report`` printed one at Chromium's close, after all 14 files were written.
    """
    return not str(record.msg).startswith("JSONError decoding message")


class ChromiumSession:
    """A kaleido session in a thread of its own: started now, rendering when :meth:`render` is called."""

    def __init__(self, chromium: str):
        self._chromium = chromium
        self._jobs: queue.Queue[list[dict] | None] = queue.Queue()
        self._done: queue.Queue[BaseException | None] = queue.Queue()
        # Daemon: a Chromium that hangs must not keep the process alive after the run.
        self._thread = threading.Thread(target=asyncio.run, args=(self._serve(chromium),), daemon=True)
        self._thread.start()

    async def _serve(self, chromium: str) -> None:
        import choreographer.channels.pipe
        import kaleido

        # After the driver's import: a logger made here by name first would be a plain one, without the driver's
        # debug2, and every render would fail on it (a fresh clone's make report skipped its figures so).
        logging.getLogger(choreographer.channels.pipe.__name__).addFilter(_not_a_dropped_message)
        try:
            async with kaleido.Kaleido(**kaleido_options(chromium)) as session:
                while (jobs := await asyncio.to_thread(self._jobs.get)) is not None:
                    try:
                        await session.write_fig_from_object(jobs)
                        self._done.put(None)
                    except Exception as err:  # kaleido wraps browser failures in many types
                        self._done.put(err)
        except Exception as err:  # Chromium did not start: every render says so
            while self._jobs.get() is not None:
                self._done.put(err)

    def render(self, jobs: list[dict]) -> None:
        """Draw kaleido ``jobs`` (dicts of ``fig``, ``path``, ``opts``); raises what kaleido raised.

        Raises:
            TimeoutError: Chromium drew nothing in :data:`RENDER_SECONDS`; it is killed, and the session fails.
        """
        self._jobs.put(jobs)
        try:
            error = self._done.get(timeout=RENDER_SECONDS)
        except queue.Empty:
            kill_browsers(self._chromium)
            raise TimeoutError(f"Chromium drew nothing in {RENDER_SECONDS:.0f} s and was stopped") from None
        if error is not None:
            raise error

    def close(self) -> None:
        """Close Chromium and wait for the thread; a Chromium still open after :data:`CLOSE_SECONDS` is killed."""
        self._jobs.put(None)
        self._thread.join(CLOSE_SECONDS)
        if self._thread.is_alive():
            kill_browsers(self._chromium)
            self._thread.join(CLOSE_SECONDS)


def kill_browsers(chromium: str) -> list[int]:
    """Kill this process's children started with ``chromium`` in their command line, and all under them.

    Kaleido starts Chromium through a wrapper process whose command line names
    the browser; other children (a Dask cluster's workers) are left alone.

    Returns:
        The process ids killed.
    """
    import psutil

    killed = []
    for child in psutil.Process().children():
        try:
            if chromium not in child.cmdline():
                continue
            tree = [*child.children(recursive=True), child]
        except psutil.Error:  # it ended meanwhile
            continue
        for process in tree:
            with contextlib.suppress(psutil.Error):
                process.kill()
                killed.append(process.pid)
    return killed


def kaleido_options(chromium: str) -> dict[str, Any]:
    """The options kaleido gets here: no MathJax (it would come from a CDN), plotly.js from disk: offline."""
    import plotly

    plotly_js = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    return {"mathjax": False, "plotlyjs": plotly_js.as_uri(), "path": chromium}


@contextlib.contextmanager
def chromium_session(wanted: bool) -> Iterator[ChromiumSession | None]:
    """A started :class:`ChromiumSession` while the block runs; None when not ``wanted`` or no Chromium is found."""
    from analysis.figures.chromium import find_chromium

    chromium = find_chromium() if wanted else None
    if chromium is None:
        yield None
        return
    session = ChromiumSession(chromium)
    try:
        yield session
    finally:
        session.close()
