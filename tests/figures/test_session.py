"""A Chromium started before the figures: the same bytes as a call of its own, a clear error when it cannot start."""

from __future__ import annotations

import subprocess
import sys

import plotly.graph_objects as go
import pytest

from analysis import figures
from analysis.config import ROOT
from analysis.figures.chromium import find_chromium
from analysis.figures.session import ChromiumSession, chromium_session, kill_browsers


@pytest.mark.slow  # Chromium draws the figures twice (about 8 s): `make test` only
def test_a_session_draws_the_same_bytes_as_a_call_of_its_own(tmp_path, seed_result):
    if find_chromium() is None:
        pytest.skip("no Chromium on this machine: static export is skipped here, with its reason, in every report")
    drawn = {"topic_sizes": figures.plot_topic_sizes(seed_result), "map": figures.plot_map(seed_result)}
    for name in ("alone", "first", "second"):
        (tmp_path / name).mkdir()  # render_static draws into a folder its caller made (a staging folder)
    alone = figures.render_static(drawn, tmp_path / "alone")
    with chromium_session(True) as session:
        assert session is not None
        # Two calls in one session, as a notebook re-rendering would make.
        first = figures.render_static(drawn, tmp_path / "first", session=session)
        second = figures.render_static(drawn, tmp_path / "second", session=session)
    names = ["topic_sizes.png", "topic_sizes.svg", "map.png", "map.svg"]
    assert [p.name for p in alone] == [p.name for p in first] == [p.name for p in second] == names
    for a, b, c in zip(alone, first, second, strict=True):
        assert a.read_bytes() == b.read_bytes() == c.read_bytes(), a.name


def test_a_session_whose_chromium_does_not_start_says_so(tmp_path, seed_result):
    if find_chromium() is None:
        pytest.skip("no Chromium on this machine: render_static stops before the session is used")
    browser = tmp_path / "chromium"
    browser.write_text("#!/bin/sh\nexit 1\n")
    browser.chmod(0o755)
    session = ChromiumSession(str(browser))
    drawn = {"topic_sizes": figures.plot_topic_sizes(seed_result)}
    (tmp_path / "out").mkdir()
    # Kaleido names a browser that exits at once in one of three ways, as the race between its start and the pipe
    # goes (ChannelClosedError seen once in a fresh clone's run at load 4, InvalidStateError once on 2026-12-06).
    failed = "kaleido could not render: (BrowserFailedError|ChannelClosedError|InvalidStateError)"
    with pytest.raises(figures.StaticExportError, match=failed):
        figures.render_static(drawn, tmp_path / "out", session=session)
    with pytest.raises(figures.StaticExportError, match=failed):  # and again: the session stays failed
        figures.render_static(drawn, tmp_path / "out", session=session)
    session.close()
    assert not (tmp_path / "out" / "topic_sizes.png").exists()


def test_no_session_when_not_wanted_or_without_a_chromium(monkeypatch, tmp_path):
    with chromium_session(False) as session:
        assert session is None
    monkeypatch.setenv("BROWSER_PATH", str(tmp_path / "no-such-chromium"))
    with chromium_session(True) as session:
        assert session is None


def test_kill_browsers_kills_the_children_named_by_their_command_line_and_what_is_under_them(tmp_path):
    import subprocess
    import sys

    import psutil

    fake = str(tmp_path / "chromium")  # a child whose command line names it, with a grandchild, as kaleido's wrapper
    parent = "import subprocess, sys, time; subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(60)']);"
    browser = subprocess.Popen([sys.executable, "-c", parent + " time.sleep(60)", fake])
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])  # a Dask worker, say
    try:
        process = psutil.Process(browser.pid)
        grandchild = next(iter(until_children(process)))
        killed = kill_browsers(fake)
        assert sorted(killed) == sorted([browser.pid, grandchild.pid])
        assert browser.wait(timeout=10) == -9
        grandchild.wait(timeout=10)  # raises psutil.TimeoutExpired while it still runs
        assert other.poll() is None
    finally:
        for child in (browser, other):
            child.kill()
            child.wait()


def until_children(process, timeout: float = 10.0) -> list:
    """The children of ``process`` once it has any (it starts its own child first)."""
    import time

    deadline = time.monotonic() + timeout
    while not (children := process.children()) and time.monotonic() < deadline:
        time.sleep(0.05)
    return children


def test_a_chromium_that_does_not_close_is_killed_and_the_close_returns(monkeypatch):
    import threading

    from analysis.figures import session as session_module

    killed = threading.Event()
    monkeypatch.setattr(session_module, "CLOSE_SECONDS", 0.2)
    monkeypatch.setattr(session_module, "kill_browsers", lambda chromium: killed.set() or [])
    hung = ChromiumSession.__new__(ChromiumSession)  # no Chromium: a thread that ends only when the browser dies
    hung._chromium, hung._jobs = "/usr/bin/chromium", __import__("queue").Queue()
    hung._thread = threading.Thread(target=killed.wait, daemon=True)
    hung._thread.start()
    hung.close()
    assert killed.is_set() and not hung._thread.is_alive()


def test_a_call_without_a_session_renders_in_one_of_its_own_and_closes_it_when_kaleido_fails(monkeypatch, tmp_path):
    """Kaleido's own one-off call waits on Chromium's close without a bound; the session's close is bounded."""
    from analysis.figures import export

    calls = []

    class Failing:
        def __init__(self, chromium):
            calls.append(("start", chromium))

        def render(self, jobs):
            calls.append(("render", [job["path"].name for job in jobs]))
            raise RuntimeError("browser gone")

        def close(self):
            calls.append(("close",))

    monkeypatch.setattr(export, "ChromiumSession", Failing)
    monkeypatch.setattr(export, "find_chromium", lambda: "/opt/chromium")
    drawn = {"sizes": go.Figure()}
    with pytest.raises(figures.StaticExportError, match="kaleido could not render: RuntimeError: browser gone"):
        figures.render_static(drawn, tmp_path)
    assert calls == [("start", "/opt/chromium"), ("render", ["sizes.png", "sizes.svg"]), ("close",)]


def test_a_render_chromium_never_answers_is_stopped_and_says_so(monkeypatch):
    # A fresh clone's test run once waited idle on a Chromium that stopped answering mid-render, with no end.
    import queue

    from analysis.figures import session as session_module

    killed = []
    monkeypatch.setattr(session_module, "RENDER_SECONDS", 0.2)
    monkeypatch.setattr(session_module, "kill_browsers", lambda chromium: killed.append(chromium) or [])
    hung = ChromiumSession.__new__(ChromiumSession)  # no Chromium: nothing ever answers its jobs
    hung._chromium, hung._jobs, hung._done = "/usr/bin/chromium", queue.Queue(), queue.Queue()
    with pytest.raises(TimeoutError, match="Chromium drew nothing in 0 s and was stopped"):
        hung.render([{"path": "sizes.png"}])
    assert killed == ["/usr/bin/chromium"]


def test_figures_a_hung_session_did_not_draw_are_drawn_in_a_fresh_chromium(monkeypatch, tmp_path):
    from analysis.figures import export

    calls = []

    class Hung:
        def render(self, jobs):
            calls.append("session")
            raise TimeoutError("Chromium drew nothing in 300 s and was stopped")

    def fresh(jobs, chromium):
        calls.append(("fresh", chromium))
        for job in jobs:
            if job["path"].suffix == ".svg":
                job["path"].write_text("<svg/>")
            else:
                job["path"].write_bytes(PNG)

    monkeypatch.setattr(export, "_render_once", fresh)
    monkeypatch.setattr(export, "find_chromium", lambda: "/opt/chromium")
    drawn = {"sizes": go.Figure()}
    paths = figures.render_static(drawn, tmp_path, session=Hung())
    assert calls == ["session", ("fresh", "/opt/chromium")]
    assert [p.name for p in paths] == ["sizes.png", "sizes.svg"] and all(p.exists() for p in paths)


# The smallest PNG: the signature and an IHDR chunk, enough for the dpi tag to be written after it.
PNG = bytes.fromhex("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489")


def test_the_browser_pipes_dropped_messages_stay_out_of_a_runs_output(tmp_path, caplog):
    import logging

    from choreographer.channels import pipe

    browser = tmp_path / "chromium"
    browser.write_text("#!/bin/sh\nexit 1\n")
    browser.chmod(0o755)
    session = ChromiumSession(str(browser))  # a session, started or not, keeps them out
    session.close()
    with caplog.at_level(logging.ERROR, logger="choreographer.channels.pipe"):
        try:
            raise ValueError("not JSON")
        except ValueError:
            pipe._logger.exception("JSONError decoding message. Ignoring")
            pipe._logger.exception("Error in trying to decode JSON off our read.")
    piped = [r.getMessage() for r in caplog.records if r.name == "choreographer.channels.pipe"]  # not a closing one's
    assert piped == ["Error in trying to decode JSON off our read."]


def test_a_session_started_before_the_driver_is_imported_leaves_the_drivers_logger_its_own(tmp_path):
    # A logger of the driver's name made first would be a plain one, without its debug2: every render then failed
    # ("'Logger' object has no attribute 'debug2'"), and a fresh clone's make report skipped its figures.
    browser = tmp_path / "chromium"
    browser.write_text("#!/bin/sh\nexit 1\n")
    browser.chmod(0o755)
    code = (
        "from analysis.figures.session import ChromiumSession\n"
        f"session = ChromiumSession({str(browser)!r})\n"
        "session.close()\n"
        "from choreographer.channels import pipe\n"
        "print(hasattr(pipe._logger, 'debug2'))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.strip() == "True"
