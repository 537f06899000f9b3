"""The figures of the report."""

from __future__ import annotations

import plotly.graph_objects as go

from .map import plot_map
from .theme_breakdown import plot_theme_breakdown
from .top_terms import plot_top_terms
from .topic_hierarchy import plot_topic_hierarchy
from .topic_similarity import plot_topic_similarity
from .topic_sizes import plot_topic_sizes


def report_figures(result) -> dict[str, go.Figure]:
    """Every report figure, by file stem (``map`` -> ``map.png`` / ``map.svg``)."""
    return {
        "topic_sizes": plot_topic_sizes(result),
        "top_terms": plot_top_terms(result),
        "theme_breakdown": plot_theme_breakdown(result),
        "map": plot_map(result),
        "topic_similarity": plot_topic_similarity(result),
        "topic_hierarchy": plot_topic_hierarchy(result),
    }
