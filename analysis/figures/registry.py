"""The report's figures in one list: name, plot function, caption and, optionally, an HTML view.

The static export (PNG/SVG), ``report.html``, ``report.md`` and the HTML
views all read :data:`REGISTRY`, so a new figure is one ``plot_*`` function
and one entry here: it is drawn, exported, shown with its caption in both
reports and, when it has a :class:`View`, written as its own page and linked.
A figure whose data a result lacks (a comparison of lists for papers from
one list) says so with ``applies``: for that result it is not drawn,
exported, shown or linked.

Example:
    >>> REGISTRY.register(ReportFigure("paper_count", plot_paper_count, "Papers per year."))
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

import plotly.graph_objects as go

from analysis.figures.list_comparison import plot_list_comparison
from analysis.figures.map import plot_map
from analysis.figures.theme_breakdown import plot_theme_breakdown
from analysis.figures.top_terms import plot_top_terms
from analysis.figures.topic_hierarchy import plot_topic_hierarchy
from analysis.figures.topic_similarity import plot_topic_similarity
from analysis.figures.topic_sizes import plot_topic_sizes
from analysis.figures.topics_over_time import plot_topics_over_time
from analysis.model.measures import SMALL_GROUP, compares_lists, has_years

if TYPE_CHECKING:
    from analysis.model.topic_result import TopicResult


@dataclass(frozen=True)
class View:
    """An interactive page of one figure, written beside the report and linked from it.

    Attributes:
        file: File name of the page, such as ``"topic_terms.html"``.
        title: Title of the page.
        link: Text of the report's link to the page.
    """

    file: str
    title: str
    link: str

    @property
    def div_id(self) -> str:
        """Id of the figure's element in the page: the file's stem with dashes (``topic-terms``)."""
        return self.file.removesuffix(".html").replace("_", "-")


def always(result: TopicResult) -> bool:
    """The default of :attr:`ReportFigure.applies`: every result has the figure's data."""
    return True


@dataclass(frozen=True)
class ReportFigure:
    """One figure of the report.

    Attributes:
        name: File stem of its PNG and SVG, and its key in :func:`report_figures`.
        plot: ``plot(result)`` returns the figure of a :class:`~analysis.TopicResult`.
        caption: Its caption in ``report.html`` and ``report.md``.
        view: Its interactive page, when it has one.
        applies: ``applies(result)`` says whether the result has the figure's
            data; by default every result has.
    """

    name: str
    plot: Callable[[TopicResult], go.Figure]
    caption: str
    view: View | None = None
    applies: Callable[[TopicResult], bool] = always


# Two orders older than the registry, kept so that every output stays byte
# for byte what it was: report_figures (and with it the PNG/SVG export and the
# notebooks' listing) drew the figures in _DRAWING_ORDER, and the report linked
# the views in _VIEW_ORDER. A figure named in neither comes after these, in
# registry order.
_DRAWING_ORDER = ("topic_sizes", "top_terms", "theme_breakdown", "map", "topic_similarity", "topic_hierarchy")
_VIEW_ORDER = ("top_terms", "topic_hierarchy", "topic_similarity")


class Registry:
    """Report figures by name; iterating gives them in the order the report shows them."""

    def __init__(self, figures: Iterable[ReportFigure] = ()):
        self._figures: dict[str, ReportFigure] = {}
        for figure in figures:
            self.register(figure)

    def register(self, figure: ReportFigure) -> ReportFigure:
        """Add ``figure`` after the others.

        Raises:
            ValueError: A figure of that name is registered already (its files would overwrite each other).
        """
        if figure.name in self._figures:
            raise ValueError(f"a figure named {figure.name!r} is registered already")
        self._figures[figure.name] = figure
        return figure

    def unregister(self, name: str) -> ReportFigure:
        """Remove the figure called ``name`` and return it."""
        return self._figures.pop(name)

    def __iter__(self) -> Iterator[ReportFigure]:
        return iter(self._figures.values())

    def __len__(self) -> int:
        return len(self._figures)

    def shown(self, result: TopicResult | None = None) -> list[ReportFigure]:
        """The figures in the order the report shows them; with ``result``, those that apply to it."""
        return [figure for figure in self if result is None or figure.applies(result)]

    def drawn(self, result: TopicResult | None = None) -> list[ReportFigure]:
        """The figures in the order they are drawn and exported; with ``result``, those that apply to it."""
        return _ordered(self.shown(result), _DRAWING_ORDER)

    def views(self, result: TopicResult | None = None) -> list[ReportFigure]:
        """The figures that have an interactive page, in the order the report links them; with ``result``, as above."""
        return _ordered([figure for figure in self.shown(result) if figure.view is not None], _VIEW_ORDER)


def _ordered(figures: list[ReportFigure], first: tuple[str, ...]) -> list[ReportFigure]:
    """``figures`` with those named in ``first`` first, in that order; the rest keep their order."""
    rank = {name: i for i, name in enumerate(first)}
    return sorted(figures, key=lambda figure: rank.get(figure.name, len(first)))


REGISTRY = Registry(
    [
        ReportFigure(
            "map",
            plot_map,
            "Every paper on the map, coloured by area (each topic a shade of its area's colour): each topic is a "
            "region, similar topics sit side by side, boxes name the topics.",
        ),
        ReportFigure("topic_sizes", plot_topic_sizes, "Papers per topic, coloured by the theme of the topic."),
        ReportFigure(
            "theme_breakdown",
            plot_theme_breakdown,
            "Share of papers per theme, for all papers and for each source list.",
        ),
        ReportFigure(
            "list_comparison",
            plot_list_comparison,
            "Share of each source list's papers in each topic (numbers: papers; a paper in two lists counts in "
            f"both; * a list under {SMALL_GROUP} papers, whose shares are rough).",
            View("list_comparison.html", "Topics per source list", "topics per source list"),
            applies=compares_lists,
        ),
        ReportFigure(
            "topics_over_time",
            plot_topics_over_time,
            "Share of each year's papers in each topic, year by year (from the year or date column; papers "
            f"without a year are left out; * a year under {SMALL_GROUP} papers, whose shares are rough).",
            View("topics_over_time.html", "Topics over the years", "topics over the years"),
            applies=has_years,
        ),
        ReportFigure(
            "top_terms",
            plot_top_terms,
            "The words that set each topic apart (c-TF-IDF weight).",
            View("topic_terms.html", "Top terms per topic", "top terms per topic"),
        ),
        ReportFigure(
            "topic_similarity",
            plot_topic_similarity,
            "How similar the topics are (cosine of the mean embedding of their papers).",
            View("topic_similarity.html", "Topic similarity", "topic similarity heatmap"),
        ),
        ReportFigure(
            "topic_hierarchy",
            plot_topic_hierarchy,
            "Topics merged by similarity: topics that join early (left) are close.",
            View("topic_hierarchy.html", "Topic hierarchy", "topic hierarchy"),
        ),
    ]
)


def report_figures(result: TopicResult) -> dict[str, go.Figure]:
    """Every registered figure that applies to ``result``, by file stem (``map`` -> ``map.png`` / ``map.svg``)."""
    return {figure.name: figure.plot(result) for figure in REGISTRY.drawn(result)}
