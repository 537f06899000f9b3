"""The top c-TF-IDF terms of each topic: one small bar chart per topic."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from analysis.figures.style import OTHER_COLOR, set_layout, theme_colors, topic_titles
from analysis.text import escape

if TYPE_CHECKING:
    from analysis.model.topic_result import TopicResult


def plot_top_terms(result: TopicResult, max_topics: int = 12, n_terms: int = 8, columns: int = 3) -> go.Figure:
    """One small bar chart per topic: its top c-TF-IDF terms, in the topic's theme colour.

    Args:
        result: A :class:`~analysis.TopicResult` (its ranked c-TF-IDF terms per topic).
        max_topics: Show the largest this many topics.
        n_terms: Terms per topic.
        columns: Charts per row.
    """
    topics = result.topics.head(max_topics)
    colors = theme_colors(result.themes)
    titles = topic_titles(result, limit=38)
    columns = max(1, min(columns, len(topics)))
    rows = math.ceil(len(topics) / columns)
    fig = make_subplots(
        rows=rows,
        cols=columns,
        subplot_titles=[escape(titles[int(t)]) for t in topics["topic"]],
        horizontal_spacing=0.2 / columns + 0.08,
        vertical_spacing=min(0.3 / rows, 0.12),
    )
    for i, row in enumerate(topics.itertuples()):
        words = [(w, s) for w, s in result.topic_terms(int(row.topic))[:n_terms] if w]
        fig.add_bar(
            x=[round(float(s), 4) for _, s in words][::-1],
            y=[escape(w) for w, _ in words][::-1],
            orientation="h",
            marker_color=colors.get(row.theme, OTHER_COLOR),
            name=escape(titles[int(row.topic)]),
            showlegend=False,
            hovertemplate="%{y}: %{x:.3f}<extra></extra>",
            row=i // columns + 1,
            col=i % columns + 1,
            uid=f"terms-{row.topic}",
        )
    set_layout(fig, "Top terms per topic (c-TF-IDF weight; colour: theme)", 1200, 90 + 250 * rows)
    fig.update_xaxes(showticklabels=False)
    fig.update_yaxes(tickfont={"size": 13}, automargin=True)
    fig.update_annotations(font={"size": 14})
    return fig
