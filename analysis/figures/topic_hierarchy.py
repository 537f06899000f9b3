"""Topics merged by similarity: a dendrogram of topic centroids."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import plotly.graph_objects as go

from analysis.figures.style import OKABE_ITO, set_layout, topic_titles
from analysis.model.measures import table_centroids
from analysis.model.themes import round_as_shown
from analysis.text import escape

if TYPE_CHECKING:
    from analysis.model.topic_result import TopicResult


def plot_topic_hierarchy(result: TopicResult, max_topics: int = 60) -> go.Figure:
    """Dendrogram of topics: average linkage on the cosine distance of topic centroids."""
    ids, centroids = table_centroids(result)
    ids, centroids = ids[:max_topics], centroids[:max_topics]
    titles = topic_titles(result, limit=44)
    labels = [escape(titles[t]) for t in ids]
    height = max(360, 120 + 34 * len(ids))
    if len(ids) < 2:
        fig = go.Figure()
        fig.add_annotation(text=f"Only one topic ({labels[0]}): nothing to merge.", showarrow=False, font_size=16)
        fig.update_xaxes(visible=False)
        fig.update_yaxes(visible=False)
        return set_layout(fig, "Topic hierarchy", 1200, height)
    fig = _dendrogram(centroids, labels, 1200, height)
    for i, trace in enumerate(fig.data):
        trace.uid = f"hierarchy-{i}"
        trace.hovertemplate = "distance %{x:.2f}<extra></extra>"
    set_layout(fig, "Topic hierarchy (cosine distance of topic centroids)", 1200, height, showlegend=False)
    fig.update_xaxes(title_text="cosine distance", rangemode="tozero", mirror=False, showline=False)
    fig.update_yaxes(automargin=True, tickfont={"size": 13}, mirror=False, showline=False)
    return fig


# scipy names link colours "C0".."C9" (matplotlib's cycle); they take the palette in this order.
_LINK_COLORS = {f"C{i}": OKABE_ITO[j] for i, j in enumerate((0, 2, 5, 1, 4, 7, 3, 2, 5, 1))}
_AXIS = {
    "type": "linear",
    "ticks": "outside",
    "mirror": "allticks",
    "rangemode": "tozero",
    "showticklabels": True,
    "zeroline": False,
    "showgrid": False,
    "showline": True,
}


def _dendrogram(centroids: np.ndarray, labels: list[str], width: int, height: int) -> go.Figure:
    """Average linkage drawn leftwards: one line trace per merge, leaves down the y axis, the first on top.

    Drawn here rather than by ``plotly.figure_factory``, whose import pulls in
    nbformat and jsonschema: about a second of every report.
    """
    from scipy.cluster.hierarchy import dendrogram, linkage
    from scipy.spatial.distance import pdist

    # Distances as round_as_shown (two decimals): the tree is then the same on every machine.
    distances = round_as_shown(np.clip(pdist(centroids, metric="cosine"), 0, None))
    tree = dendrogram(linkage(distances, method="average"), orientation="left", labels=labels, no_plot=True)
    traces = [
        {
            "type": "scatter",
            "x": np.asarray(heights, dtype=float),
            # scipy puts leaf i at 5 + 10 i; negated, the first leaf is at the top.
            "y": -np.asarray(places, dtype=float),
            "mode": "lines",
            "marker": {"color": _LINK_COLORS[color]},
            "hoverinfo": "text",
            "xaxis": "x",
            "yaxis": "y",
        }
        for places, heights, color in zip(tree["icoord"], tree["dcoord"], tree["color_list"], strict=True)
    ]
    ticks = {"tickvals": [-(5.0 + 10 * i) for i in range(len(labels))], "ticktext": tree["ivl"], "tickmode": "array"}
    layout = {"showlegend": False, "autosize": False, "hovermode": "closest", "width": width, "height": height}
    layout |= {"xaxis": _AXIS, "yaxis": {**ticks, **_AXIS}}
    return go.Figure(data=traces, layout=layout)
