"""Topic shares per source list, side by side: which topics each list has more of."""

from __future__ import annotations

from typing import TYPE_CHECKING

import plotly.graph_objects as go

from analysis.figures.style import BOTTOM_LEGEND, group_color, set_layout, topic_titles
from analysis.model.measures import SMALL_GROUP, group_shares, list_groups
from analysis.text import escape, list_label, shorten

if TYPE_CHECKING:
    from analysis.model.topic_result import TopicResult

# The largest topics shown; a larger corpus's small topics are in the report's text.
FIGURE_TOPICS = 15


def list_names(names: tuple[str, ...], sizes: list[int]) -> list[str]:
    """Legend names of groups: ``"name (19 papers*)"``, the star on a group under :data:`SMALL_GROUP` papers."""
    return [
        escape(shorten(f"{list_label(name)} ({size} papers{'*' if size < SMALL_GROUP else ''})", 48))
        for name, size in zip(names, sizes, strict=True)
    ]


def plot_list_comparison(result: TopicResult, max_topics: int = FIGURE_TOPICS) -> go.Figure:
    """Grouped bars: the share of each source list's papers in each of the largest topics.

    Args:
        result: A :class:`~analysis.TopicResult` whose papers come from two source lists or more.
        max_topics: Show the largest this many topics.
    """
    groups = list_groups(result)
    shares = group_shares(result, groups)
    titles = topic_titles(result, limit=38)
    keys = [int(t) for t in result.topics["topic"].head(max_topics)]
    shown = shares[shares["key"].isin(keys)]
    fig = go.Figure()
    named = list(enumerate(zip(groups.names, list_names(groups.names, groups.sizes), strict=True)))
    # Plotly stacks a group's horizontal bars from the bottom: added last first, the first list reads on top.
    for j, (group, name) in reversed(named):
        rows = shown[shown["group"] == group]
        fig.add_bar(
            name=name,
            legendrank=j + 1,
            y=[escape(titles[key]) for key in rows["key"]],
            x=[round(share * 100, 1) for share in rows["share"]],
            orientation="h",
            marker_color=group_color(j),
            text=[str(n) for n in rows["papers"]],
            textposition="outside",
            customdata=rows[["papers", "total"]].to_numpy().tolist(),
            hovertemplate="%{y}<br>%{fullData.name}: %{customdata[0]} of %{customdata[1]} papers (%{x:.0f}%)"
            "<extra></extra>",
            uid=f"lists-{j}",
        )
    height = max(360, 190 + len(keys) * (14 + 20 * len(groups.names)))
    title = "Topics per source list (share of the list's papers; numbers: papers; * few papers)"
    set_layout(fig, title, 1200, height, barmode="group", bargap=0.25)
    fig.update_yaxes(categoryorder="array", categoryarray=[escape(titles[k]) for k in keys][::-1], automargin=True)
    fig.update_xaxes(title_text="share of the list's papers (%)", ticksuffix="%", rangemode="tozero")
    legend = {**BOTTOM_LEGEND, "title": {"text": "source list "}, "traceorder": "normal"}
    fig.update_layout(legend=legend, margin={"b": 130})
    return fig
