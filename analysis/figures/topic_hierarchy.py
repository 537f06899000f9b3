"""Topics merged by similarity: a dendrogram of topic centroids."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import plotly.graph_objects as go

from analysis.figures.style import OKABE_ITO, set_layout, topic_titles
from analysis.figures.topic_similarity import topic_centroids
from analysis.model.themes import round_as_shown
from analysis.text import escape

if TYPE_CHECKING:
    from analysis.model.result import TopicResult


def plot_topic_hierarchy(result: TopicResult, max_topics: int = 60) -> go.Figure:
    """Dendrogram of topics: average linkage on the cosine distance of topic centroids."""
    ids, centroids = topic_centroids(result)
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
    import plotly.figure_factory as ff
    from scipy.cluster.hierarchy import linkage
    from scipy.spatial.distance import pdist

    fig = ff.create_dendrogram(
        centroids,
        orientation="left",
        labels=labels,
        # Distances as round_as_shown (two decimals): the tree is then the same on every machine.
        distfun=lambda x: round_as_shown(np.clip(pdist(x, metric="cosine"), 0, None)),
        linkagefun=lambda d: linkage(d, method="average"),
        colorscale=list(OKABE_ITO),
    )
    for i, trace in enumerate(fig.data):
        trace.uid = f"hierarchy-{i}"
        trace.hovertemplate = "distance %{x:.2f}<extra></extra>"
    set_layout(fig, "Topic hierarchy (cosine distance of topic centroids)", 1200, height, showlegend=False)
    fig.update_xaxes(title_text="cosine distance", rangemode="tozero", mirror=False, showline=False)
    fig.update_yaxes(automargin=True, tickfont={"size": 13}, mirror=False, showline=False)
    return fig
