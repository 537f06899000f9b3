"""Share of papers per theme, for all papers and for each source list."""

from __future__ import annotations

from typing import TYPE_CHECKING

import plotly.graph_objects as go

from analysis.figures.style import BOTTOM_LEGEND, set_layout, theme_colors
from analysis.model.measures import theme_counts
from analysis.text import escape, list_label, shorten

if TYPE_CHECKING:
    from analysis.model.topic_result import TopicResult


def plot_theme_breakdown(result: TopicResult) -> go.Figure:
    """Stacked bars: share of papers per theme, for all papers and for each source list."""
    counts = theme_counts(result)
    colors = theme_colors(result.themes)
    lists = list(dict.fromkeys(counts["list"]))
    totals = counts.groupby("list")["papers"].sum()
    labels = {name: escape(shorten(f"{list_label(name)} ({totals[name]})", 40)) for name in lists}
    fig = go.Figure()
    for theme in result.themes.names:
        rows = counts[counts["theme"] == theme].set_index("list").reindex(lists)[["papers", "share"]].fillna(0)
        fig.add_bar(
            name=escape(theme),
            y=[labels[name] for name in lists],
            x=(rows["share"] * 100).round(1).tolist(),
            orientation="h",
            marker_color=colors[theme],
            text=[str(int(n)) if n else "" for n in rows["papers"]],
            textposition="inside",
            insidetextanchor="middle",
            textfont={"color": "white" if theme != result.themes.other else "#222222", "size": 14},
            customdata=rows["papers"].astype(int).tolist(),
            hovertemplate="%{y}<br>%{fullData.name}: %{customdata} papers (%{x:.0f}%)<extra></extra>",
            uid=f"breakdown-{theme}",
        )
    height = max(340, 200 + 60 * len(lists))
    set_layout(fig, "Themes overall and per source list (numbers: papers)", 1200, height, barmode="stack")
    fig.update_yaxes(categoryorder="array", categoryarray=[labels[n] for n in lists][::-1], automargin=True)
    fig.update_xaxes(title_text="share of papers (%)", range=[0, 100], ticksuffix="%")
    fig.update_layout(legend={**BOTTOM_LEGEND, "traceorder": "normal"}, margin={"b": 130})
    return fig
