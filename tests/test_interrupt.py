"""A Ctrl-C that a library swallowed still stops the run before it replaces the previous report."""

from __future__ import annotations

import gc
import signal
import sys
from types import SimpleNamespace

import pytest

from analysis.output import replace_folder
from analysis.progress import check_interrupt, remembered_ctrl_c, stderr_progress


class _ReleasedLate:
    """An object whose finaliser is running when Ctrl-C comes, as a Dask future's may be."""

    def __del__(self) -> None:
        signal.raise_signal(signal.SIGINT)


def _swallowed_ctrl_c() -> None:
    """Ctrl-C inside a finaliser: Python prints the KeyboardInterrupt as ignored and goes on."""
    late = _ReleasedLate()
    del late
    gc.collect()


# Python reports the KeyboardInterrupt raised in the finaliser as unraisable; pytest turns that into a warning.
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")


@pytest.fixture(autouse=True)
def _python_handles_ctrl_c():
    """Python's own SIGINT handler, as in a terminal: a test run started in the background inherits SIG_IGN."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def test_a_ctrl_c_swallowed_by_a_finaliser_stops_at_the_next_progress_line(capsys):
    with remembered_ctrl_c():
        _swallowed_ctrl_c()  # no exception here: the run would go on
        with pytest.raises(KeyboardInterrupt):
            stderr_progress("fitting topics")
    assert "fitting topics" not in capsys.readouterr().err
    check_interrupt()  # forgotten once the command returns: the next run in this process starts afresh


def test_a_swallowed_ctrl_c_keeps_the_previous_report(tmp_path):
    report = tmp_path / "report"
    report.mkdir()
    (report / "documents.csv").write_text("the previous report\n")
    with remembered_ctrl_c(), pytest.raises(KeyboardInterrupt), replace_folder(report) as staging:
        (staging / "documents.csv").write_text("the new report\n")
        _swallowed_ctrl_c()
    assert (report / "documents.csv").read_text() == "the previous report\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report"]  # no staging folder left


def test_without_remembered_python_handles_ctrl_c_as_before():
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    with remembered_ctrl_c():
        assert signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    # A background job ignores SIGINT: it stays ignored.
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with remembered_ctrl_c():
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, previous)


def _unraisable(error: BaseException) -> SimpleNamespace:
    """What Python hands ``sys.unraisablehook`` for an exception raised where it cannot propagate."""
    return SimpleNamespace(exc_type=type(error), exc_value=error, exc_traceback=None, err_msg=None, object=None)


def test_a_swallowed_ctrl_c_prints_no_traceback_and_other_ignored_errors_still_do(monkeypatch):
    # A Ctrl-C inside a Dask gc callback printed "Exception ignored in: ... Traceback ... KeyboardInterrupt".
    reported = []
    monkeypatch.setattr(sys, "unraisablehook", reported.append)
    with remembered_ctrl_c():
        sys.unraisablehook(_unraisable(KeyboardInterrupt()))
        sys.unraisablehook(_unraisable(ValueError("a finaliser failed")))
    assert [type(r.exc_value) for r in reported] == [ValueError]
    assert sys.unraisablehook == reported.append  # the hook is Python's again once the command returns


def test_a_ctrl_c_inside_a_gc_callback_stops_the_run_without_a_traceback(monkeypatch, capsys):
    # Dask's GCDiagnosis runs a gc callback; a Ctrl-C arriving in it was printed with its traceback.
    monkeypatch.setattr(sys, "unraisablehook", sys.__unraisablehook__)  # Python's own, as on the command line

    def ctrl_c_during_collection(phase: str, info: dict) -> None:
        if phase == "start":
            signal.raise_signal(signal.SIGINT)

    gc.callbacks.append(ctrl_c_during_collection)
    try:
        with remembered_ctrl_c():
            gc.collect()  # the KeyboardInterrupt cannot leave the callback: Python ignores it here
            gc.callbacks.remove(ctrl_c_during_collection)
            with pytest.raises(KeyboardInterrupt):
                check_interrupt()
    finally:
        if ctrl_c_during_collection in gc.callbacks:
            gc.callbacks.remove(ctrl_c_during_collection)
    assert "Traceback" not in capsys.readouterr().err
