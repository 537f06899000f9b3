"""Figures of a fitted analysis: pure functions ``result -> plotly Figure``, then export.

Every figure uses one colour-blind-safe palette (Okabe-Ito) in which a theme
keeps its colour everywhere: bars, map, report. The same figure object
becomes interactive HTML (``to_html``) and static PNG/SVG (:func:`export_static`,
plotly + kaleido + a Chromium).

Text that comes from abstracts (names, titles, sentences, sources) is
HTML-escaped before it enters a figure: plotly shows entities as the
characters they stand for, so ``<script>`` reads as text and never runs.

Example:
    >>> result = fit_topics(load_corpus("seeds/"))
    >>> plot_topic_sizes(result).write_html("sizes.html")
"""

from __future__ import annotations

import math
import os
import re
import shutil
import struct
import tempfile
import textwrap
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from .output import move_into
from .render_cache import RenderCache, render_key
from .text import escape, paper_blurb, shorten
from .themes import shown

# Okabe & Ito (2008), "Color universal design": distinguishable with every
# common colour-vision deficiency. Ordered so the first themes get the most
# distinct hues; "other" is a neutral grey that never competes with a theme.
OKABE_ITO = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442", "#000000")
OTHER_COLOR = "#A0A0A0"
# Topics can outnumber any safe palette; Carto "Safe" is colour-blind
# friendly for its 11 hues, and beyond that colours repeat (hover tells them apart).
TOPIC_COLORS = (
    "#88CCEE", "#CC6677", "#DDCC77", "#117733", "#332288", "#AA4499",
    "#44AA99", "#999933", "#882255", "#661100", "#6699CC",
)  # fmt: skip
FONT = {"family": "Arial, Helvetica, sans-serif", "size": 15, "color": "#222222"}
# Static exports are drawn at these layout sizes and rendered at 2x: a 1200 px
# wide figure becomes 2400 px, 180 dpi across a 13.3 inch (16:9) slide.
EXPORT_SCALE = 2
PNG_DPI = 96 * EXPORT_SCALE
LABEL_FONT_SIZE = 13
# Above this many papers the map switches to WebGL: SVG slows down beyond it.
WEBGL_ABOVE = 5000


def theme_colors(themes) -> dict[str, str]:
    """Fixed colour per theme name (in the order of the themes file), grey for the rest."""
    colors = {t.name: OKABE_ITO[i % len(OKABE_ITO)] for i, t in enumerate(themes.themes)}
    colors[themes.other] = OTHER_COLOR
    return colors


def topic_color(position: int) -> str:
    """Colour of the topic at ``position`` in the topic table."""
    return TOPIC_COLORS[position % len(TOPIC_COLORS)]


def topic_order(result) -> list[int]:
    """Topic ids as in the topic table: largest first."""
    return [int(t) for t in result.topics["topic"]]


def topic_titles(result, limit: int = 48) -> dict[int, str]:
    """``"3: memory · attention · reasoning"`` for each topic, shortened for axes."""
    return {
        int(t): shorten(f"{t}: {label}", limit)
        for t, label in zip(result.topics["topic"], result.topics["label"], strict=True)
    }


# Anchored to the figure's bottom edge (not the plot's): stays clear of the axis at any height.
BOTTOM_LEGEND = {
    "title": {"text": "theme "},
    "orientation": "h",
    "x": 0,
    "xanchor": "left",
    "y": 0.01,
    "yref": "container",
    "yanchor": "bottom",
}


def _layout(fig: go.Figure, title: str, width: int, height: int, **extra) -> go.Figure:
    fig.update_layout(
        title={"text": escape(title), "x": 0.01, "xanchor": "left", "font": {"size": 20}},
        template="plotly_white",
        font=FONT,
        width=width,
        height=height,
        margin={"l": 20, "r": 20, "t": 70, "b": 40},
        **extra,
    )
    return fig


# ---------------------------------------------------------------- topic sizes


def plot_topic_sizes(result, max_topics: int = 40) -> go.Figure:
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
    _layout(fig, "Papers per topic (colour: theme)", 1200, height, barmode="overlay", bargap=0.25)
    fig.update_yaxes(categoryorder="array", categoryarray=order[::-1], automargin=True)
    fig.update_xaxes(rangemode="tozero", range=[0, topics["size"].max() * 1.12])
    fig.update_layout(legend=BOTTOM_LEGEND, margin={"b": 90})
    return fig


# ---------------------------------------------------------------- top terms


def plot_top_terms(result, max_topics: int = 12, n_terms: int = 8, columns: int = 3) -> go.Figure:
    """One small bar chart per topic: its top c-TF-IDF terms, in the topic's theme colour.

    Args:
        result: A :class:`~analysis.TopicResult` (with the fitted BERTopic in ``model``).
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
        words = [(w, s) for w, s in (result.model.get_topic(int(row.topic)) or [])[:n_terms] if w]
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
    _layout(fig, "Top terms per topic (c-TF-IDF weight; colour: theme)", 1200, 90 + 250 * rows)
    fig.update_xaxes(showticklabels=False)
    fig.update_yaxes(tickfont={"size": 13}, automargin=True)
    fig.update_annotations(font={"size": 14})
    return fig


# ---------------------------------------------------------------- theme breakdown


def source_lists(sources: str) -> list[str]:
    """The files a paper appeared in, from ``"a.txt:1; b.txt:8"`` (each file once, in order)."""
    files = []
    for place in str(sources).split(";"):
        name = place.strip().rsplit(":", 1)[0]
        if name and name not in files:
            files.append(name)
    return files


def theme_counts(result) -> pd.DataFrame:
    """Papers per theme overall (``list`` = "all papers") and per source list.

    A paper that appeared in two lists counts once in each.
    """
    documents = result.documents.assign(sources=result.papers["sources"].to_numpy())
    rows = [{"list": "all papers", "theme": theme} for theme in documents["theme"]]
    for theme, sources in zip(documents["theme"], documents["sources"], strict=True):
        rows.extend({"list": name, "theme": theme} for name in source_lists(sources))
    frame = pd.DataFrame(rows, columns=["list", "theme"])
    counts = frame.groupby(["list", "theme"], sort=False).size().rename("papers").reset_index()
    counts["share"] = (counts["papers"] / counts.groupby("list")["papers"].transform("sum")).round(4)
    return counts


def plot_theme_breakdown(result) -> go.Figure:
    """Stacked bars: share of papers per theme, for all papers and for each source list."""
    counts = theme_counts(result)
    colors = theme_colors(result.themes)
    lists = list(dict.fromkeys(counts["list"]))
    totals = counts.groupby("list")["papers"].sum()
    labels = {name: escape(shorten(f"{name} ({totals[name]})", 40)) for name in lists}
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
    _layout(fig, "Themes overall and per source list (numbers: papers)", 1200, height, barmode="stack")
    fig.update_yaxes(categoryorder="array", categoryarray=[labels[n] for n in lists][::-1], automargin=True)
    fig.update_xaxes(title_text="share of papers (%)", range=[0, 100], ticksuffix="%")
    fig.update_layout(legend={**BOTTOM_LEGEND, "traceorder": "normal"}, margin={"b": 130})
    return fig


# ---------------------------------------------------------------- similarity and hierarchy


def topic_centroids(result) -> tuple[list[int], np.ndarray]:
    """Topic ids (table order) and the unit-length mean embedding of each topic's papers."""
    ids = topic_order(result)
    vectors = np.asarray(result.embeddings, dtype=float)
    vectors = vectors / np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)
    topics = result.documents["topic"].to_numpy()
    centroids = np.vstack([vectors[topics == t].mean(axis=0) for t in ids])
    return ids, centroids / np.maximum(np.linalg.norm(centroids, axis=1, keepdims=True), 1e-12)


def plot_topic_similarity(result, max_topics: int = 30) -> go.Figure:
    """Heatmap of the cosine similarity between topic centroids (in embedding space).

    Our own centroids rather than BERTopic's ``visualize_heatmap``: the same
    numbers as the rest of the report, and it works with a single topic.
    """
    ids, centroids = topic_centroids(result)
    ids, centroids = ids[:max_topics], centroids[:max_topics]
    similarity = shown(centroids @ centroids.T)  # two decimals, as every score in the report
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
    _layout(fig, "Topic similarity (cosine of topic centroids)", side + 260, side)
    fig.update_yaxes(autorange="reversed", automargin=True)
    fig.update_xaxes(tickangle=-35, automargin=True)
    return fig


def plot_topic_hierarchy(result, max_topics: int = 60) -> go.Figure:
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
        return _layout(fig, "Topic hierarchy", 1200, height)
    import plotly.figure_factory as ff
    from scipy.cluster.hierarchy import linkage
    from scipy.spatial.distance import pdist

    fig = ff.create_dendrogram(
        centroids,
        orientation="left",
        labels=labels,
        # Distances as shown (two decimals): the tree is then the same on every machine.
        distfun=lambda x: shown(np.clip(pdist(x, metric="cosine"), 0, None)),
        linkagefun=lambda d: linkage(d, method="average"),
        colorscale=list(OKABE_ITO),
    )
    for i, trace in enumerate(fig.data):
        trace.uid = f"hierarchy-{i}"
        trace.hovertemplate = "distance %{x:.2f}<extra></extra>"
    _layout(fig, "Topic hierarchy (cosine distance of topic centroids)", 1200, height, showlegend=False)
    fig.update_xaxes(title_text="cosine distance", rangemode="tozero", mirror=False, showline=False)
    fig.update_yaxes(automargin=True, tickfont={"size": 13}, mirror=False, showline=False)
    return fig


# ---------------------------------------------------------------- the 2-D map


@dataclass(frozen=True)
class Frame:
    """Pixel geometry of a map: plot area and axis ranges, to place labels in pixels."""

    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    x_range: tuple[float, float]
    y_range: tuple[float, float]

    def to_pixels(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        """Data coordinates to pixels inside the plot area (y grows downwards)."""
        plot_w, plot_h = self.width - self.left - self.right, self.height - self.top - self.bottom
        px = (np.asarray(x) - self.x_range[0]) / (self.x_range[1] - self.x_range[0]) * plot_w
        py = (self.y_range[1] - np.asarray(y)) / (self.y_range[1] - self.y_range[0]) * plot_h
        return np.column_stack([px, py])

    @property
    def plot_size(self) -> tuple[int, int]:
        """Width and height of the plot area in pixels."""
        return self.width - self.left - self.right, self.height - self.top - self.bottom


def map_frame(documents: pd.DataFrame, width: int, height: int, margins=(20, 20, 70, 70)) -> Frame:
    """Axis ranges padded so that labels at the edge still fit."""
    x, y = documents["x"].to_numpy(float), documents["y"].to_numpy(float)
    pad_x = max((x.max() - x.min()) * 0.12, 0.5)
    pad_y = max((y.max() - y.min()) * 0.12, 0.5)
    left, right, top, bottom = margins
    return Frame(
        width,
        height,
        left,
        right,
        top,
        bottom,
        (round(float(x.min() - pad_x), 4), round(float(x.max() + pad_x), 4)),
        (round(float(y.min() - pad_y), 4), round(float(y.max() + pad_y), 4)),
    )


def label_size(text: str, font_size: int = LABEL_FONT_SIZE) -> tuple[float, float]:
    """Approximate pixel box of a one-line label (Arial averages ~0.56 em per character)."""
    return 0.56 * font_size * len(text) + 12, font_size * 1.5 + 6


def place_labels(
    anchors: np.ndarray, sizes: list[tuple[float, float]], points: np.ndarray, area: tuple[float, float]
) -> list[tuple[float, float] | None]:
    """Offsets (pixels) that keep every label clear of the others, or None for a label left out.

    Greedy, in the given order (largest topic first): each label tries
    positions on rings around its anchor and takes the one covering the
    fewest paper points, nearest first; positions that overlap a placed
    label or leave the plot area are never taken. Deterministic.

    Args:
        anchors: Pixel position of each label's anchor (topic centre), shape (n, 2).
        sizes: Pixel width and height of each label.
        points: Pixel positions of all papers, to avoid covering them.
        area: Width and height of the plot area in pixels.
    """
    placed: list[tuple[float, float, float, float]] = []
    offsets: list[tuple[float, float] | None] = []
    rings = [(0.0, 0.0)] + [
        (r * math.cos(a), r * math.sin(a))
        for r in (28, 48, 72, 100, 135, 175)
        for a in np.linspace(-math.pi / 2, 1.5 * math.pi, 16, endpoint=False)
    ]
    for (ax, ay), (w, h) in zip(anchors, sizes, strict=True):
        best, best_cost = None, math.inf
        for dx, dy in rings:
            cx, cy = ax + dx, ay + dy
            box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
            if box[0] < 0 or box[1] < 0 or box[2] > area[0] or box[3] > area[1]:
                continue
            if any(_overlap(box, other) for other in placed):
                continue
            covered = int(
                (
                    (points[:, 0] > box[0])
                    & (points[:, 0] < box[2])
                    & (points[:, 1] > box[1])
                    & (points[:, 1] < box[3])
                ).sum()
            )
            cost = covered * 60 + math.hypot(dx, dy)
            if cost < best_cost:
                best, best_cost = (dx, dy, box), cost
        if best is None:
            offsets.append(None)
            continue
        placed.append(best[2])
        offsets.append((round(best[0], 1), round(best[1], 1)))
    return offsets


def _overlap(a, b, gap: float = 3.0) -> bool:
    return not (a[2] + gap <= b[0] or b[2] + gap <= a[0] or a[3] + gap <= b[1] or b[3] + gap <= a[1])


def topic_label_annotations(result, frame: Frame) -> list[dict]:
    """One annotation per topic at its centre (or moved aside, with a leader line), never overlapping."""
    documents = result.documents
    ids = topic_order(result)
    labels = dict(zip(result.topics["topic"], result.topics["label"], strict=True))
    centres = documents.groupby("topic")[["x", "y"]].mean().loc[ids]
    anchors = frame.to_pixels(centres["x"], centres["y"])
    points = frame.to_pixels(documents["x"], documents["y"])
    texts = [shorten(labels[t], 42) for t in ids]
    offsets = place_labels(anchors, [label_size(t) for t in texts], points, frame.plot_size)
    annotations = []
    for topic, text, (x, y), offset in zip(ids, texts, centres.itertuples(index=False), offsets, strict=True):
        if offset is None:
            continue  # no free spot: a missing label beats an overlapping one
        moved = offset != (0.0, 0.0)
        annotations.append(
            {
                "x": round(float(x), 4),
                "y": round(float(y), 4),
                "text": f"<b>{escape(text)}</b>",
                "showarrow": moved,
                "ax": offset[0],
                "ay": offset[1],
                "arrowhead": 0,
                "arrowwidth": 1,
                "arrowcolor": "#555555",
                "font": {"size": LABEL_FONT_SIZE, "color": "#222222"},
                "bgcolor": "rgba(255,255,255,0.85)",
                "bordercolor": "#777777",
                "borderwidth": 1,
                "borderpad": 3,
                "name": f"topic-{topic}",
            }
        )
    return annotations


def hover_fields(result) -> pd.DataFrame:
    """Escaped hover text per paper: name, title or first sentence (wrapped), topic, theme, sources."""
    papers, documents = result.papers, result.documents
    titles = papers["title"] if "title" in papers else pd.Series("", index=papers.index)
    blurbs = [paper_blurb(t, x) for t, x in zip(titles, papers["text"], strict=True)]
    return pd.DataFrame(
        {
            "name": [escape(n) for n in documents["name"]],
            "blurb": ["<br>".join(escape(line) for line in textwrap.wrap(b, 70)) for b in blurbs],
            "topic": [
                escape(f"{t}: {label}") for t, label in zip(documents["topic"], documents["topic_label"], strict=True)
            ],
            "theme": [escape(t) for t in documents["theme"]],
            "sources": [escape(shorten(s, 120)) for s in papers["sources"]],
        }
    )


HOVER_TEMPLATE = (
    "<b>%{customdata[1]}</b><br>%{customdata[2]}<br><br>topic %{customdata[3]}<br>"
    "theme: %{customdata[4]}<br>in: %{customdata[5]}<extra></extra>"
)


def _scatter_traces(result, group_by: str, colors: dict, order: list, hover: pd.DataFrame, prefix: str) -> list:
    documents = result.documents
    scatter = go.Scattergl if len(documents) > WEBGL_ABOVE else go.Scatter
    traces = []
    for key in order:
        members = np.flatnonzero(documents[group_by].to_numpy() == key)
        if len(members) == 0:
            continue
        rows = hover.iloc[members]
        name = (
            f"{key}: {shorten(result.topics.set_index('topic').loc[key, 'label'], 40)}" if group_by == "topic" else key
        )
        traces.append(
            scatter(
                x=documents["x"].iloc[members].tolist(),
                y=documents["y"].iloc[members].tolist(),
                mode="markers",
                name=escape(name),
                marker={"color": colors[key], "size": 10, "line": {"width": 0.8, "color": "white"}},
                # Column 0 is the paper's row: the search box maps matches back to points through it.
                customdata=[[int(i), *row] for i, row in zip(members, rows.itertuples(index=False), strict=True)],
                hovertemplate=HOVER_TEMPLATE,
                hoverlabel={"align": "left"},
                selected={"marker": {"size": 15}},
                unselected={"marker": {"opacity": 0.15}},
                uid=f"{prefix}-{key}",
                # plotly's JSON export drops uid: the page's colour switch reads the group from meta.
                meta={"group": prefix},
            )
        )
    return traces


def plot_map(result, width: int = 1200, height: int = 760, color_by: str = "theme") -> go.Figure:
    """The 2-D map: one point per paper at its ``x, y``, topic labels that never overlap, a legend.

    Args:
        result: A :class:`~analysis.TopicResult`.
        width: Layout width in pixels (labels are placed for this size).
        height: Layout height in pixels.
        color_by: ``"theme"``, ``"topic"``, or ``"both"`` (theme traces shown,
            topic traces hidden, for a colour switch in the interactive map).

    Returns:
        A figure whose first traces are the theme groups (one per theme
        present), followed by the topic groups when ``color_by`` is ``"topic"`` or ``"both"``.
    """
    if color_by not in ("theme", "topic", "both"):
        raise ValueError(f"color_by must be 'theme', 'topic' or 'both', got {color_by!r}")
    hover = hover_fields(result)
    fig = go.Figure()
    if color_by in ("theme", "both"):
        fig.add_traces(
            _scatter_traces(result, "theme", theme_colors(result.themes), result.themes.names, hover, "theme")
        )
    if color_by in ("topic", "both"):
        ids = topic_order(result)
        colors = {t: topic_color(i) for i, t in enumerate(ids)}
        traces = _scatter_traces(result, "topic", colors, ids, hover, "topic")
        for trace in traces:
            trace.visible = color_by == "topic"
        fig.add_traces(traces)
    frame = map_frame(result.documents, width, height)
    n, k = len(result.documents), len(result.topics)
    _layout(
        fig, f"Map of {n} papers in {k} topics (colour: {'topic' if color_by == 'topic' else 'theme'})", width, height
    )
    fig.update_layout(
        margin={"l": frame.left, "r": frame.right, "t": frame.top, "b": frame.bottom},
        annotations=topic_label_annotations(result, frame),
        legend={**BOTTOM_LEGEND, "title": {"text": "colour " if color_by != "both" else "theme "}},
        hovermode="closest",
        dragmode="pan",
    )
    fig.update_xaxes(range=list(frame.x_range), visible=False, fixedrange=False)
    fig.update_yaxes(range=list(frame.y_range), visible=False)
    return fig


# ---------------------------------------------------------------- export


REPORT_FIGURES = ("topic_sizes", "top_terms", "theme_breakdown", "map", "topic_similarity", "topic_hierarchy")


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


def find_chromium() -> str | None:
    """A Chromium or Chrome for kaleido: ``BROWSER_PATH``, else the first one on PATH."""
    override = os.environ.get("BROWSER_PATH")
    if override:
        return override if os.access(override, os.X_OK) else None
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


class StaticExportError(RuntimeError):
    """Static figures could not be rendered; the message says why."""


def render_static(
    figures: dict[str, go.Figure], folder: Path, formats=("png", "svg"), cache: Path | RenderCache | None = None
) -> list[Path]:
    """Render figures to PNG/SVG files in ``folder`` with kaleido in one Chromium session.

    PNGs get a 192 dpi tag: slides and word processors then size them as
    drawn. The caller moves the files into place (see :func:`export_static`).
    With ``cache`` (a folder or a :class:`RenderCache`), files of figures
    drawn before are copied from it and only the others are rendered; a
    Chromium is still required, so a machine without one never serves old
    files.

    Raises:
        StaticExportError: No Chromium, or kaleido failed.
    """
    chromium = find_chromium()
    if chromium is None:
        raise StaticExportError("no Chromium found (install Debian's chromium or set BROWSER_PATH)")
    os.environ.setdefault("BROWSER_PATH", chromium)  # choreographer (kaleido's browser driver) reads it
    specs = [
        {
            "fig": fig,
            "path": folder / f"{stem}.{fmt}",
            # SVG is vector: scale 1 keeps its width and height those of the layout.
            "opts": {"format": fmt, "width": fig.layout.width, "height": fig.layout.height, "scale": _scale(fmt)},
        }
        for stem, fig in figures.items()
        for fmt in formats
    ]
    store = cache if isinstance(cache, RenderCache) or cache is None else RenderCache(cache)
    keys = _render_keys(specs, chromium) if store is not None else {}
    todo = [spec for spec in specs if store is None or not store.restore(keys[spec["path"]], spec["path"])]
    if todo:
        _kaleido(todo)
        if store is not None:
            for spec in todo:
                store.store(keys[spec["path"]], spec["path"])
    return [spec["path"] for spec in specs]


def _kaleido(specs: list[dict]) -> None:
    """Render ``specs`` in one Chromium session, then tag PNGs with their dpi and make SVG ids stable."""
    import kaleido
    import plotly

    plotly_js = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    jobs = [{**spec, "fig": spec["fig"].to_dict()} for spec in specs]
    try:
        # No MathJax (kaleido would fetch it from a CDN) and plotly.js from disk: offline.
        kaleido.write_fig_from_object_sync(jobs, kopts={"mathjax": False, "plotlyjs": plotly_js.as_uri()})
    except Exception as err:  # kaleido wraps browser failures in many types; all mean "skip"
        raise StaticExportError(f"kaleido could not render: {type(err).__name__}: {err}") from err
    written = [spec["path"] for spec in specs]
    missing = [p.name for p in written if not p.exists()]
    if missing:
        raise StaticExportError(f"kaleido wrote no {', '.join(missing)}")
    for path in written:
        if path.suffix == ".png":
            path.write_bytes(set_png_dpi(path.read_bytes(), PNG_DPI))
        else:
            path.write_text(stable_svg(path.read_text(encoding="utf-8")), encoding="utf-8")


def _render_keys(specs: list[dict], chromium: str) -> dict[Path, str]:
    """Cache key of each spec: the figure, its options, and the versions of what draws it."""
    from importlib.metadata import version

    import plotly

    browser = Path(chromium).resolve()
    stat = browser.stat()
    renderer = {
        "plotly": plotly.__version__,
        "kaleido": version("kaleido"),
        "browser": [str(browser), stat.st_size, stat.st_mtime_ns],
    }
    return {spec["path"]: render_key(spec["fig"].to_json(), spec["opts"], renderer) for spec in specs}


def _scale(fmt: str) -> int:
    return EXPORT_SCALE if fmt == "png" else 1


def export_static(
    figures: dict[str, go.Figure], out: str | Path, formats=("png", "svg"), cache: Path | None = None
) -> list[Path]:
    """Render into a temporary folder, then rename each file into ``out``: old files survive a failure.

    Raises:
        StaticExportError: As :func:`render_static`; ``out`` is then untouched.
    """
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".static-", dir=out) as tmp:
        return move_into(render_static(figures, Path(tmp), formats, cache), out)


# Colour bars add a gradient "g<6 hex>-cb<trace uid>" that is new on every render too.
_SVG_RANDOM_ID = re.compile(
    r"\b(topdefs-|defs-|clip|legend|topbar|bottombar|mask|pattern|grad|g(?=[0-9a-f]{6}-cb))([0-9a-f]{6})"
)


def stable_svg(svg: str) -> str:
    """Replace plotly's random 6-hex ids (per render) by stable ones, so reruns are identical."""
    ids: dict[str, str] = {}

    def stable(match: re.Match) -> str:
        key = match.group(2)
        ids.setdefault(key, f"{len(ids):06x}")
        return match.group(1) + ids[key]

    return _SVG_RANDOM_ID.sub(stable, svg)


def set_png_dpi(png: bytes, dpi: int) -> bytes:
    """Add (or replace) the PNG ``pHYs`` chunk so viewers know the intended resolution."""
    if png[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    per_metre = round(dpi / 0.0254)
    body = struct.pack(">IIB", per_metre, per_metre, 1)
    chunk = struct.pack(">I", len(body)) + b"pHYs" + body + struct.pack(">I", zlib.crc32(b"pHYs" + body))
    chunks, pos = [], 8
    while pos < len(png):
        (length,) = struct.unpack(">I", png[pos : pos + 4])
        kind = png[pos + 4 : pos + 8]
        end = pos + 12 + length
        if kind != b"pHYs":
            chunks.append(png[pos:end])
            if kind == b"IHDR":
                chunks.append(chunk)  # pHYs must come before the image data
        pos = end
    return png[:8] + b"".join(chunks)


def png_size(png: bytes) -> tuple[int, int]:
    """Pixel width and height from a PNG header."""
    if png[:8] != b"\x89PNG\r\n\x1a\n" or png[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    return struct.unpack(">II", png[16:24])


def png_dpi(png: bytes) -> float | None:
    """Resolution from the ``pHYs`` chunk, None when absent."""
    pos = png.find(b"pHYs")
    if pos < 0:
        return None
    x, _, unit = struct.unpack(">IIB", png[pos + 4 : pos + 13])
    return x * 0.0254 if unit == 1 else None
