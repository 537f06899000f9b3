"""How similar the topics are: a heatmap of the cosine of topic centroids."""

from __future__ import annotations

from typing import TYPE_CHECKING

import plotly.graph_objects as go

from analysis.figures.style import set_layout, topic_titles
from analysis.model.measures import table_centroids
from analysis.model.themes import round_as_shown
from analysis.text import escape

if TYPE_CHECKING:
    from analysis.model.topic_result import TopicResult


def plot_topic_similarity(result: TopicResult, max_topics: int = 30) -> go.Figure:
    """Heatmap of the cosine similarity between topic centroids (in embedding space).

    Our own centroids rather than BERTopic's ``visualize_heatmap``: the same
    numbers as the rest of the report, and it works with a single topic.
    """
    ids, centroids = table_centroids(result)
    ids, centroids = ids[:max_topics], centroids[:max_topics]
    similarity = round_as_shown(centroids @ centroids.T)  # two decimals, as every score in the report
    titles = topic_titles(result, limit=36)
    labels = [escape(titles[t]) for t in ids]
    fig = go.Figure(
        go.Heatmap(
            z=similarity.tolist(),
            x=labels,
            y=labels,
            zmin=float(min(0.0, similarity.min())),
            zmax=1.0,
            colorscale="Blues",
            colorbar={"title": {"text": "cosine"}},
            texttemplate="%{z:.2f}" if len(ids) <= 15 else None,
            hovertemplate="%{y}<br>%{x}<br>cosine %{z:.2f}<extra></extra>",
            uid="similarity",
        )
    )
    side = max(560, 260 + 40 * len(ids))
    set_layout(fig, "Topic similarity (cosine of topic centroids)", side + 260, side)
    fig.update_yaxes(autorange="reversed", automargin=True)
    fig.update_xaxes(tickangle=-35, automargin=True)
    return fig
