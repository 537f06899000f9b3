"""Papers per topic: one bar per topic, coloured by the topic's theme."""

from __future__ import annotations

from typing import TYPE_CHECKING

import plotly.graph_objects as go

from analysis.figures.style import BOTTOM_LEGEND, set_layout, theme_colors, topic_titles
from analysis.text import escape

if TYPE_CHECKING:
    from analysis.model.topic_result import TopicResult


def plot_topic_sizes(result: TopicResult, max_topics: int = 40) -> go.Figure:
    """Horizontal bars: papers per topic, largest on top, coloured by the topic's theme.

    Args:
        result: A :class:`~analysis.TopicResult`.
        max_topics: Show at most this many (the largest) topics.
    """
    topics = result.topics.head(max_topics)
    colors = theme_colors(result.themes)
    titles = topic_titles(result)
    fig = go.Figure()
    for theme in result.themes.names:
        rows = topics[topics["theme"] == theme]
        if rows.empty:
            continue
        fig.add_bar(
            name=escape(theme),
            y=[escape(titles[int(t)]) for t in rows["topic"]],
            x=rows["size"].tolist(),
            orientation="h",
            marker_color=colors[theme],
            text=rows["size"].tolist(),
            textposition="outside",
            cliponaxis=False,
            hovertemplate="%{y}<br>%{x} papers<extra>%{fullData.name}</extra>",
            uid=f"sizes-{theme}",
        )
    order = [escape(titles[int(t)]) for t in topics["topic"]]
    height = max(380, 130 + 34 * len(topics))
    set_layout(fig, "Papers per topic (colour: theme)", 1200, height, barmode="overlay", bargap=0.25)
    fig.update_yaxes(categoryorder="array", categoryarray=order[::-1], automargin=True)
    fig.update_xaxes(rangemode="tozero", range=[0, topics["size"].max() * 1.12])
    fig.update_layout(legend=BOTTOM_LEGEND, margin={"b": 90})
    return fig
