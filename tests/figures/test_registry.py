"""The figure registry: a figure registered once is drawn, exported, captioned in both reports and viewable."""

from __future__ import annotations

import plotly.graph_objects as go
import pytest

from analysis.figures.registry import REGISTRY, Registry, ReportFigure, View, report_figures
from analysis.pipeline import write_report
from analysis.run import QUIET

CAPTION = "Papers in the corpus, a figure a test registered."


def plot_paper_count(result) -> go.Figure:
    fig = go.Figure(go.Bar(x=["papers"], y=[len(result.documents)], uid="paper-count"))
    return fig.update_layout(width=400, height=300)


@pytest.fixture(params=[View("paper_count.html", "Paper count", "paper count"), None], ids=["view", "no-view"])
def new_figure(request):
    """A figure registered for one test (with and without a view); the registry is as before afterwards."""
    before = list(REGISTRY)
    figure = REGISTRY.register(ReportFigure("paper_count", plot_paper_count, CAPTION, request.param))
    yield figure
    REGISTRY.unregister(figure.name)
    assert list(REGISTRY) == before


def test_a_registered_figure_is_exported_and_shown_in_both_reports(new_figure, seed_result, tmp_path, fake_static):
    written = {path.name for path in write_report(seed_result, tmp_path, runtime=QUIET)}

    assert fake_static[-1] == "paper_count" and "paper_count" in report_figures(seed_result)
    assert {"paper_count.png", "paper_count.svg"} <= written
    markdown = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert f"![{CAPTION}](paper_count.png)" in markdown
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert f'<img src="paper_count.svg" alt="{CAPTION}">' in page
    view = new_figure.view
    assert ("paper_count.html" in written) == (view is not None)
    assert ("[paper count](paper_count.html)" in markdown) == (view is not None)
    assert ('<a href="paper_count.html">paper count</a>' in page) == (view is not None)
    if view is not None:
        assert 'id="paper-count"' in (tmp_path / "paper_count.html").read_text(encoding="utf-8")


def test_a_figure_without_static_files_is_embedded_interactively(new_figure, seed_result, tmp_path):
    write_report(seed_result, tmp_path, static=False, runtime=QUIET)
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert 'id="figure-paper_count"' in page and CAPTION in page


def test_a_name_is_registered_once():
    registry = Registry([ReportFigure("map", plot_paper_count, "one")])
    with pytest.raises(ValueError, match="'map' is registered already"):
        registry.register(ReportFigure("map", plot_paper_count, "two"))


def test_the_report_figures_keep_their_orders(seed_result):
    # The report's order, the export's (printed by notebook 04) and the view links' all predate the registry;
    # the comparisons of lists and years came after, each where its data is.
    report = ["map", "topic_sizes", "theme_breakdown", "list_comparison", "topics_over_time", "top_terms"]
    report += ["topic_similarity", "topic_hierarchy"]
    drawn = ["topic_sizes", "top_terms", "theme_breakdown", "map", "topic_similarity", "topic_hierarchy"]
    drawn += ["list_comparison", "topics_over_time"]
    views = ["topic_terms.html", "topic_hierarchy.html", "topic_similarity.html"]
    views += ["list_comparison.html", "topics_over_time.html"]
    assert [figure.name for figure in REGISTRY] == report
    assert [figure.name for figure in REGISTRY.drawn()] == drawn
    assert [figure.view.file for figure in REGISTRY.views()] == views
    # The seeds come from two lists and have no year.
    assert [figure.name for figure in REGISTRY.drawn(seed_result)] == drawn[:-1]
    assert [figure.view.file for figure in REGISTRY.views(seed_result)] == views[:-1]
    assert "topics_over_time" not in report_figures(seed_result)


def test_a_figure_that_does_not_apply_is_not_drawn_exported_shown_or_linked(seed_result, tmp_path, fake_static):
    view = View("paper_count.html", "Paper count", "paper count")
    figure = REGISTRY.register(ReportFigure("paper_count", plot_paper_count, CAPTION, view, applies=lambda r: False))
    try:
        written = {path.name for path in write_report(seed_result, tmp_path, runtime=QUIET)}
        assert "paper_count" not in report_figures(seed_result) and "paper_count" not in fake_static
    finally:
        REGISTRY.unregister(figure.name)
    assert not {"paper_count.png", "paper_count.svg", "paper_count.html"} & written
    for name in ("report.md", "report.html"):
        text = (tmp_path / name).read_text(encoding="utf-8")
        assert CAPTION not in text and "paper_count" not in text, name
