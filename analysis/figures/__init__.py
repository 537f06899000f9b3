"""Figures of a fitted analysis: pure functions ``result -> plotly Figure``, then export.

One module per figure (``topic_sizes``, ``top_terms``, ``theme_breakdown``,
``list_comparison``, ``topics_over_time``, ``topic_similarity``,
``topic_hierarchy``, ``map``), each with one ``plot_*`` function that takes
the result first and returns a figure of what :mod:`analysis.model.measures`
and the fit computed; ``style`` holds what they share (palette, layout), ``export`` turns figures
into PNG/SVG files (plotly + kaleido + a Chromium), and ``registry`` lists
the figures of the report.

Text that comes from abstracts (names, titles, sentences, sources, topic
labels) is HTML-escaped before it enters a figure: plotly shows entities as
the characters they stand for, so ``<script>`` reads as text and never runs.

Example:
    >>> result = fit_topics(load_corpus("seeds/"))
    >>> plot_topic_sizes(result).write_html("sizes.html")
"""

from __future__ import annotations

from analysis.figures.chromium import find_chromium
from analysis.figures.export import StaticExportError, export_static, render_static
from analysis.figures.list_comparison import plot_list_comparison
from analysis.figures.map import plot_map
from analysis.figures.registry import report_figures
from analysis.figures.theme_breakdown import plot_theme_breakdown
from analysis.figures.top_terms import plot_top_terms
from analysis.figures.topic_hierarchy import plot_topic_hierarchy
from analysis.figures.topic_similarity import plot_topic_similarity
from analysis.figures.topic_sizes import plot_topic_sizes
from analysis.figures.topics_over_time import plot_topics_over_time

__all__ = [
    "StaticExportError",
    "export_static",
    "find_chromium",
    "plot_list_comparison",
    "plot_map",
    "plot_theme_breakdown",
    "plot_top_terms",
    "plot_topic_hierarchy",
    "plot_topic_similarity",
    "plot_topic_sizes",
    "plot_topics_over_time",
    "render_static",
    "report_figures",
]
