"""The pipeline: files written, progress lines, reproducible, atomic, and static export skipped cleanly."""

from __future__ import annotations

import pandas as pd
import pytest
from helpers import TEXT_FILES

from analysis import pipeline
from analysis.__main__ import main
from analysis.figures import find_chromium, plot_map, plot_topic_sizes, render_static
from analysis.run import QUIET, RunOptions, Runtime


def test_report_writes_every_file(seed_report_dir, seed_result):
    for name in [*TEXT_FILES, "plotly.min.js"]:
        assert (seed_report_dir / name).stat().st_size > 0, name
    documents = pd.read_csv(seed_report_dir / "documents.csv")
    assert len(documents) == len(seed_result.documents)
    assert {"doc_id", "name", "topic", "theme", "x", "y", "sources"} <= set(documents.columns)
    assert len(pd.read_csv(seed_report_dir / "topics.csv")) == len(seed_result.topics)
    assert not [p for p in seed_report_dir.iterdir() if p.name.startswith(".")]  # no temp files left


def test_same_result_gives_identical_files(seed_result, tmp_path):
    first = pipeline.write_report(seed_result, tmp_path / "a", static=False, runtime=QUIET)
    second = pipeline.write_report(seed_result, tmp_path / "b", static=False, runtime=QUIET)
    assert [p.name for p in first] == [p.name for p in second]
    for a, b in zip(first, second, strict=True):
        assert a.read_bytes() == b.read_bytes(), a.name


@pytest.mark.slow  # Chromium draws the static figures twice (about 7 s): `make test` only
@pytest.mark.skipif(find_chromium() is None, reason="no Chromium for kaleido")
def test_static_export_is_reproducible(seed_result, tmp_path):
    figures = {"map": plot_map(seed_result), "topic_sizes": plot_topic_sizes(seed_result)}
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first = render_static(figures, tmp_path / "a")
    second = render_static(figures, tmp_path / "b")
    for a, b in zip(first, second, strict=True):
        assert a.read_bytes() == b.read_bytes(), a.name


@pytest.mark.slow  # Chromium draws the static figures (about 10 s): `make test` only
@pytest.mark.skipif(find_chromium() is None, reason="no Chromium for kaleido")
def test_render_cache_reuses_unchanged_figures_and_redraws_the_rest(seed_result, tmp_path, monkeypatch):
    import analysis.figures.export as export_module
    from analysis.figures.render_cache import RenderCache

    cache = tmp_path / "cache"
    figures = {"map": plot_map(seed_result), "topic_sizes": plot_topic_sizes(seed_result)}
    for name in ("a", "b", "c", "d"):
        (tmp_path / name).mkdir()
    drawn = render_static(figures, tmp_path / "a", cache=cache)
    assert len(list(cache.iterdir())) == 4

    rendered = []
    real_kaleido = export_module._kaleido
    monkeypatch.setattr(
        export_module,
        "_kaleido",
        lambda specs, chromium, session: rendered.append(specs) or real_kaleido(specs, chromium, session),
    )
    store = RenderCache(cache)
    reused = render_static(figures, tmp_path / "b", cache=store)
    assert rendered == [] and store.hits == 4  # nothing drawn: every file came from the cache
    for a, b in zip(drawn, reused, strict=True):
        assert a.read_bytes() == b.read_bytes(), a.name

    # A damaged cache file is removed and that one file drawn again.
    damaged = next(cache.glob("*.png"))
    damaged.write_bytes(damaged.read_bytes()[:-10])
    render_static(figures, tmp_path / "c", cache=cache)
    assert [spec["path"].suffix for batch in rendered for spec in batch] == [".png"]
    for name in ("map.png", "topic_sizes.png"):
        assert (tmp_path / "c" / name).read_bytes() == (tmp_path / "a" / name).read_bytes()
    # Drawn again, it is stored again under the same name, whole this time.
    assert damaged.read_bytes() in {(tmp_path / "a" / name).read_bytes() for name in ("map.png", "topic_sizes.png")}

    # A changed figure is drawn; the unchanged one is not.
    rendered.clear()
    figures["topic_sizes"].update_layout(title="renamed")
    render_static(figures, tmp_path / "d", cache=cache)
    assert sorted(spec["path"].name for batch in rendered for spec in batch) == ["topic_sizes.png", "topic_sizes.svg"]


def test_render_cache_never_stands_in_for_a_missing_chromium(seed_result, tmp_path, monkeypatch):
    from analysis.figures import StaticExportError

    monkeypatch.setenv("BROWSER_PATH", str(tmp_path / "no-chromium"))
    with pytest.raises(StaticExportError, match="no Chromium found"):
        render_static({"map": plot_map(seed_result)}, tmp_path, cache=tmp_path / "cache")


def _failing_rewrite(result, out, monkeypatch, static: bool) -> dict:
    """A report in ``out``, then a rewrite whose Markdown page fails; the old report's bytes, by name."""
    pipeline.write_report(result, out, static=False, runtime=QUIET)
    before = {p.name: p.read_bytes() for p in out.iterdir()}

    def broken(*args, **kwargs):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr("analysis.report.document.report_markdown", broken)
    with pytest.raises(RuntimeError, match="disk on fire"):
        pipeline.write_report(result, out, static=static, runtime=QUIET)
    return before


def test_failed_run_leaves_previous_outputs_intact(seed_result, tmp_path, monkeypatch):
    out = tmp_path / "report"
    before = _failing_rewrite(seed_result, out, monkeypatch, static=False)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


@pytest.mark.slow  # Chromium draws the static figures (about 10 s): `make test` only
@pytest.mark.skipif(find_chromium() is None, reason="no Chromium for kaleido")
def test_a_failure_while_figures_render_waits_for_them_and_leaves_nothing_behind(seed_result, tmp_path, monkeypatch):
    out = tmp_path / "report"
    monkeypatch.setenv("ANALYSIS_RENDER_CACHE", str(tmp_path / "cache"))  # an empty render cache: Chromium draws
    before = _failing_rewrite(seed_result, out, monkeypatch, static=True)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "report"]  # no staging folder left


def test_cli_report_prints_progress_and_skips_static_without_chromium(seed_result, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(pipeline, "fit", lambda papers, *args, **kwargs: seed_result)
    monkeypatch.setenv("BROWSER_PATH", str(tmp_path / "no-chromium"))
    out = tmp_path / "out"
    assert main(["report", "seeds", "--out", str(out)]) == 0
    captured = capsys.readouterr()
    progress = captured.err.splitlines()
    assert progress[0].startswith("analysis: reading abstracts from seeds")
    assert any("26 papers (38 entries, 12 duplicates merged)" in line for line in progress)
    assert any("skipped PNG/SVG figures: no Chromium found" in line for line in progress)
    assert captured.out.startswith(f"wrote {len(TEXT_FILES) + 1} files to ")
    # The report's files, and the fitted run that `add` reads (gitignored: its floats are this machine's).
    assert sorted(p.name for p in out.iterdir()) == sorted([*TEXT_FILES, "plotly.min.js", pipeline.RUN_FOLDER])
    assert "Static figures were not written: no Chromium found" in (out / "report.md").read_text(encoding="utf-8")


def test_cli_topics_prints_table_and_writes_csvs(seed_result, tmp_path, monkeypatch, capsys):
    calls = {}

    def fake_fit(papers, options, runtime):
        calls.update(n=len(papers), options=options, cluster=runtime.cluster)
        return seed_result

    monkeypatch.setattr(pipeline, "fit", fake_fit)
    assert main(["topics", "seeds", "--out", str(tmp_path / "no"), "--no-cache", "--embedding", "tfidf"]) == 0
    assert calls["options"].use_cache is False
    assert main(["topics", "seeds", "--out", str(tmp_path), "--embedding", "tfidf"]) == 0
    options = calls.pop("options")
    assert calls == {"n": 26, "cluster": None}
    assert options == RunOptions(themes=options.themes, embedding="tfidf")  # the flags' defaults are the API's
    assert options.themes.names == seed_result.themes.names  # read before the papers
    assert main(["topics", "seeds", "--embedding", "tfidf", "--sample-above", "15"]) == 0
    assert calls["options"].sample_above == 15
    out = capsys.readouterr().out
    assert out.splitlines()[0].split() == ["topic", "size", "theme", "label"]
    assert seed_result.topics["label"].iloc[0] in out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["documents.csv", "no", "topics.csv"]


def test_display_path_is_relative_inside_the_working_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert pipeline.display_path(tmp_path / "figures") == "figures"
    assert pipeline.display_path("/elsewhere/x") == "/elsewhere/x"


def test_cli_report_no_static_writes_the_html_and_says_why_there_are_no_figures(seed_result, tmp_path, monkeypatch):
    import analysis.figures

    monkeypatch.setattr(pipeline, "fit", lambda papers, *args, **kwargs: seed_result)
    monkeypatch.setattr(analysis.figures, "render_static", lambda *a, **k: pytest.fail("static export ran"))
    out = tmp_path / "out"
    assert main(["report", "seeds", "--no-static", "--out", str(out)]) == 0
    # The report's files, and the fitted run that `add` reads (gitignored: its floats are this machine's).
    assert sorted(p.name for p in out.iterdir()) == sorted([*TEXT_FILES, "plotly.min.js", pipeline.RUN_FOLDER])
    assert "static export was turned off for this run" in (out / "report.md").read_text(encoding="utf-8")


def test_a_stage_leaves_out_the_stages_inside_it(monkeypatch):
    from analysis import progress

    clock = iter([0.0, 1.0, 4.0, 10.0])  # outer starts, inner starts, inner ends, outer ends
    monkeypatch.setattr(progress.time, "perf_counter", lambda: next(clock))
    seen = []
    stages = progress.Stages(lambda stage, seconds: seen.append((stage, seconds)))
    with stages("figures"), stages("static"):
        pass
    assert seen == [("static", 3.0), ("figures", 7.0)]
    with progress.Stages()("figures"):  # no timer: nothing is timed
        pass


def test_loading_and_writing_report_their_stages(seed_result, seeds_dir, tmp_path):
    from analysis.corpus.dedup import load_papers

    seen = []
    corpus = load_papers([seeds_dir], timer=lambda stage, seconds: seen.append(stage))
    assert len(corpus.papers) == 26 and len(corpus.raw) == 38 and len(corpus.duplicates) == 12
    timed = Runtime(progress=None, timer=lambda stage, _: seen.append(stage))
    pipeline.write_report(seed_result, tmp_path, static=False, runtime=timed)
    assert seen == ["load", "dedup", "figures"]  # no PNG/SVG export asked for: no "static"


class _StartedError(Exception):
    """Raised by the recording session below: the run stops where Chromium would start."""


@pytest.mark.parametrize(("embedding", "cached", "early"), [("minilm", True, False), ("tfidf", False, True)])
def test_chromium_starts_early_only_when_the_papers_are_to_be_embedded(
    monkeypatch, tmp_path, seeds_dir, seed_result, embedding, cached, early
):
    """A run whose vectors are all cached would only wait for Chromium's start; one that embeds hides it."""
    from analysis.embedding.cache import document_texts, will_embed
    from analysis.figures import session

    seen = []

    def recording(wanted):
        seen.append(wanted)
        raise _StartedError

    monkeypatch.setattr(session, "chromium_session", recording)
    # The session's cache holds the seeds' MiniLM vectors (seed_result embedded them); TF-IDF is fitted per call.
    assert will_embed(document_texts(seed_result.papers), embedding) is not cached
    with pytest.raises(_StartedError):
        pipeline.run_report([seeds_dir], tmp_path / "out", RunOptions(embedding=embedding), QUIET)
    with pytest.raises(_StartedError):
        pipeline.run_report([seeds_dir], tmp_path / "out", RunOptions(embedding=embedding, static=False), QUIET)
    assert seen == [early, False]
