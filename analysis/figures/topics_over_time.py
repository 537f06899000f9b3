"""Topics over the years: the share of each year's papers in each of the largest topics, one line per topic."""

from __future__ import annotations

from typing import TYPE_CHECKING

import plotly.graph_objects as go

from analysis.figures.style import set_layout, topic_color, topic_titles
from analysis.model.measures import SMALL_GROUP, group_shares, year_groups
from analysis.text import escape

if TYPE_CHECKING:
    from analysis.model.topic_result import TopicResult

# Lines drawn: more than a dozen cannot be told apart (the legend hides and shows them).
FIGURE_TOPICS = 12


def year_ticks(names: tuple[str, ...], sizes: list[int]) -> list[str]:
    """``"2024<br>31 papers"`` under each year, with a star for a year under :data:`SMALL_GROUP` papers."""
    return [
        f"{year}<br>{size} paper{'s' if size != 1 else ''}{'*' if size < SMALL_GROUP else ''}"
        for year, size in zip(names, sizes, strict=True)
    ]


def plot_topics_over_time(result: TopicResult, max_topics: int = FIGURE_TOPICS) -> go.Figure:
    """Lines: each of the largest topics' share of a year's papers, year by year (papers without a year left out).

    Args:
        result: A :class:`~analysis.TopicResult` whose papers have two years or more.
        max_topics: Draw the largest this many topics.
    """
    groups = year_groups(result)
    shares = group_shares(result, groups)
    titles = topic_titles(result, limit=38)
    ticks = year_ticks(groups.names, groups.sizes)
    fig = go.Figure()
    for position, key in enumerate(int(t) for t in result.topics["topic"].head(max_topics)):
        rows = shares[shares["key"] == key]
        fig.add_scatter(
            x=ticks,
            y=[round(share * 100, 1) for share in rows["share"]],
            mode="lines+markers",
            name=escape(titles[key]),
            line={"color": topic_color(position), "width": 3},
            marker={"size": 9},
            customdata=rows[["papers", "total"]].to_numpy().tolist(),
            hovertemplate="%{fullData.name}<br>%{customdata[0]} of %{customdata[1]} papers (%{y:.0f}%)<extra></extra>",
            uid=f"years-{key}",
        )
    set_layout(fig, "Topics over the years (share of each year's papers)", 1200, 600)
    small = any(size < SMALL_GROUP for size in groups.sizes)
    note = f" (* under {SMALL_GROUP} papers: shares are rough)" if small else ""
    fig.update_xaxes(type="category", categoryorder="array", categoryarray=ticks, title_text="year" + note)
    fig.update_yaxes(title_text="share of the year's papers (%)", ticksuffix="%", rangemode="tozero")
    fig.update_layout(legend={"title": {"text": "topic"}}, hovermode="closest")
    return fig
