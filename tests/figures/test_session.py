"""A Chromium started before the figures: the same bytes as a call of its own, a clear error when it cannot start."""

from __future__ import annotations

import pytest

from analysis import figures
from analysis.figures.chromium import find_chromium
from analysis.figures.session import ChromiumSession, chromium_session


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
    with pytest.raises(figures.StaticExportError, match="kaleido could not render: BrowserFailedError"):
        figures.render_static(drawn, tmp_path / "out", session=session)
    with pytest.raises(figures.StaticExportError, match="BrowserFailedError"):  # and again: the session stays failed
        figures.render_static(drawn, tmp_path / "out", session=session)
    session.close()
    assert not (tmp_path / "out" / "topic_sizes.png").exists()


def test_no_session_when_not_wanted_or_without_a_chromium(monkeypatch, tmp_path):
    with chromium_session(False) as session:
        assert session is None
    monkeypatch.setenv("BROWSER_PATH", str(tmp_path / "no-such-chromium"))
    with chromium_session(True) as session:
        assert session is None
