"""The 2-D map of papers, and the geometry that places its topic labels without overlap.

Labels are placed in pixels (:class:`Frame` converts map coordinates), so
the map is laid out for one figure size; hover text is escaped abstract text.
:func:`topic_label_offsets` is the only placement of topic labels: the
report's maps and the notebook widget (:func:`equal_scale_frame` is its
canvas) draw the offsets it returns.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
import plotly.graph_objects as go
from numpy.typing import ArrayLike

from analysis.figures.style import BOTTOM_LEGEND, map_groups, set_layout, theme_colors, topic_color, topic_order
from analysis.model.labels import label_lines
from analysis.text import escape, paper_blurb, shorten

if TYPE_CHECKING:
    from analysis.model.topic_result import TopicResult

LABEL_FONT_SIZE = 13
# Up to this many papers the static map names each paper beside its point.
NAMED_PAPERS = 60
NAME_FONT_SIZE = 10
# Names sit close to their point: rings nearer than the topic labels'; the last (104 px) for a name the
# seeds' two-line topic labels crowd out of the nearer rings.
NAME_RINGS = (14, 22, 32, 44, 60, 80, 104)
# Above this many papers the map switches to WebGL: SVG slows down beyond it.
WEBGL_ABOVE = 5000


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


def map_frame(
    documents: pd.DataFrame, width: int, height: int, margins: tuple[int, int, int, int] = (20, 20, 70, 70)
) -> Frame:
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


def equal_scale_frame(x: ArrayLike, y: ArrayLike, width: int, height: int, pad: float) -> Frame:
    """The frame of a map drawn at one scale on both axes, centred, its outermost points ``pad`` pixels from the edge.

    This is how the notebook widget draws its canvas (``projection`` in
    ``map_widget.js``), so labels placed in this frame land where the widget draws them.

    Args:
        x: Map x coordinate of every paper.
        y: Map y coordinate of every paper.
        width: Canvas width in pixels.
        height: Canvas height in pixels.
        pad: Pixels between the outermost points and the canvas edge.
    """
    x, y = np.asarray(x, float), np.asarray(y, float)
    x0, y0 = (float(x.min()), float(y.min())) if len(x) else (-1.0, -1.0)
    span_x = (float(x.max()) - x0 if len(x) else 2.0) or 1.0
    span_y = (float(y.max()) - y0 if len(y) else 2.0) or 1.0
    scale = max(min((width - 2 * pad) / span_x, (height - 2 * pad) / span_y), 1e-9)
    off_x, off_y = (width - scale * span_x) / 2, (height - scale * span_y) / 2
    x_range = (x0 - off_x / scale, x0 + (width - off_x) / scale)
    y_range = (y0 - off_y / scale, y0 + (height - off_y) / scale)
    return Frame(width, height, 0, 0, 0, 0, x_range, y_range)


def topic_label_offsets(
    frame: Frame, centres: ArrayLike, points: ArrayLike, texts: list[str]
) -> list[tuple[float, float] | None]:
    """Where each topic's label goes: its pixel offset from the topic's centre, or None where it is left out.

    The one placement of topic labels: the report's maps (plotly annotations,
    drawn by plotly) and the notebook widget (which draws each label at its
    centre plus this offset) both take it from here.

    Args:
        frame: The map's pixel geometry.
        centres: Map coordinates of each topic's centre (its label's anchor), in drawing order, shape (k, 2).
        points: Map coordinates of every paper, shape (n, 2).
        texts: The label texts, as drawn (their length sizes the boxes).
    """
    centres, points = np.asarray(centres, float).reshape(-1, 2), np.asarray(points, float).reshape(-1, 2)
    anchors = frame.to_pixels(centres[:, 0], centres[:, 1])
    return place_labels(
        anchors, [label_size(t) for t in texts], frame.to_pixels(points[:, 0], points[:, 1]), frame.plot_size
    )


def label_size(text: str, font_size: int = LABEL_FONT_SIZE) -> tuple[float, float]:
    """Approximate pixel box of a label, lines split at a newline or "<br>" (Arial: ~0.56 em a character)."""
    lines = text.replace("<br>", "\n").split("\n")
    return 0.56 * font_size * max(len(line) for line in lines) + 12, font_size * 1.5 * len(lines) + 6


RINGS = (28, 48, 72, 100, 135, 175)


def place_labels(
    anchors: np.ndarray,
    sizes: list[tuple[float, float]],
    points: np.ndarray,
    area: tuple[float, float],
    rings: tuple[float, ...] = RINGS,
    owners: Sequence[np.ndarray | None] | None = None,
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
        rings: Radii (pixels) of the rings of positions tried around each anchor.
        owners: Per label, the points it belongs to, or None: where given, a
            position counts only if its nearest paper point is one of them
            (a topic's label sits on its own papers), unless none does.
    """
    placed: list[tuple[float, float, float, float]] = []
    offsets: list[tuple[float, float] | None] = []
    steps = [(0.0, 0.0)] + [
        (r * math.cos(a), r * math.sin(a))
        for r in rings
        for a in np.linspace(-math.pi / 2, 1.5 * math.pi, 16, endpoint=False)
    ]
    for index, ((ax, ay), (w, h)) in enumerate(zip(anchors, sizes, strict=True)):
        own = None if owners is None or owners[index] is None else set(np.asarray(owners[index]).tolist())
        best, best_cost = None, math.inf
        for dx, dy in steps:
            cx, cy = ax + dx, ay + dy
            box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
            if box[0] < 0 or box[1] < 0 or box[2] > area[0] or box[3] > area[1]:
                continue
            if any(_overlap(box, other) for other in placed):
                continue
            cost = _position_cost(box, points, own) + math.hypot(dx, dy)
            if cost < best_cost:
                best, best_cost = (dx, dy, box), cost
        if best is None:
            offsets.append(None)
            continue
        placed.append(best[2])
        offsets.append((round(best[0], 1), round(best[1], 1)))
    return offsets


def _position_cost(box: tuple[float, float, float, float], points: np.ndarray, own: set | None) -> float:
    """60 per paper point the box covers, and more than any other position if its nearest point is not its own."""
    covered = int(
        ((points[:, 0] > box[0]) & (points[:, 0] < box[2]) & (points[:, 1] > box[1]) & (points[:, 1] < box[3])).sum()
    )
    foreign = own is not None and _nearest_point(points, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2) not in own
    return foreign * 1e6 + covered * 60


def _nearest_point(points: np.ndarray, x: float, y: float) -> int:
    """Index of the point nearest (x, y), distances rounded to 0.01 px and ties to the lower index."""
    return int(np.argmin(np.round(np.hypot(points[:, 0] - x, points[:, 1] - y), 2)))


Box = tuple[float, float, float, float]  # left, top, right, bottom (pixels)


def _overlap(a: Box, b: Box, gap: float = 3.0) -> bool:
    return not (a[2] + gap <= b[0] or b[2] + gap <= a[0] or a[3] + gap <= b[1] or b[3] + gap <= a[1])


def topic_label_annotations(result: TopicResult, frame: Frame) -> list[dict]:
    """One annotation per topic at its centre (or moved aside, with a leader line), never overlapping."""
    ids, texts, centres, _, _ = _topic_labels(result, frame)
    offsets = topic_label_offsets(frame, centres.to_numpy(), result.documents[["x", "y"]].to_numpy(), texts)
    return [
        _topic_note(topic, text, x, y, offset)
        for topic, text, (x, y), offset in zip(ids, texts, centres.itertuples(index=False), offsets, strict=True)
        if offset is not None  # no free spot: a missing label beats an overlapping one
    ]


def named_map_annotations(result: TopicResult, frame: Frame) -> list[dict]:
    """Topic labels on their own papers, then each paper's name beside its point: no two boxes overlap.

    For maps with few enough papers to read their names (the static map of
    the report up to :data:`NAMED_PAPERS` papers). A name that finds no free
    spot is left out, as a topic label is.
    """
    ids, texts, centres, anchors, points = _topic_labels(result, frame)
    documents = result.documents
    topics = documents["topic"].to_numpy()
    names = [shorten(str(n), 40) for n in documents["name"]]
    sizes = [label_size(t) for t in texts] + [label_size(n, NAME_FONT_SIZE) for n in names]
    owners = [np.flatnonzero(topics == t) for t in ids] + [None] * len(names)
    offsets = place_labels(np.vstack([anchors, points]), sizes, points, frame.plot_size, NAME_RINGS, owners)
    notes = [
        _topic_note(topic, text, x, y, offset)
        for topic, text, (x, y), offset in zip(
            ids, texts, centres.itertuples(index=False), offsets[: len(ids)], strict=True
        )
        if offset is not None
    ]
    for row, (name, offset) in enumerate(zip(names, offsets[len(ids) :], strict=True)):
        if offset is None:
            continue
        notes.append(
            {
                "x": round(float(documents["x"].iloc[row]), 4),
                "y": round(float(documents["y"].iloc[row]), 4),
                "text": escape(name),
                "showarrow": True,
                "ax": offset[0],
                "ay": offset[1],
                "arrowhead": 0,
                "arrowwidth": 0.6,
                "arrowcolor": "#999999",
                "standoff": 5,
                "font": {"size": NAME_FONT_SIZE, "color": "#333333"},
                "bgcolor": "rgba(255,255,255,0.7)",
                "borderpad": 1,
                "name": f"paper-{row}",
            }
        )
    return notes


def _topic_labels(
    result: TopicResult, frame: Frame
) -> tuple[list[int], list[str], pd.DataFrame, np.ndarray, np.ndarray]:
    """Topic ids (largest first), their label texts, centres (map units) and anchors, and all points (pixels)."""
    documents = result.documents
    ids = topic_order(result)
    labels = dict(zip(result.topics["topic"], result.topics["label"], strict=True))
    centres = documents.groupby("topic")[["x", "y"]].mean().loc[ids]
    anchors = frame.to_pixels(centres["x"], centres["y"])
    points = frame.to_pixels(documents["x"], documents["y"])
    return ids, [label_lines(labels[t]) for t in ids], centres, anchors, points


def _topic_note(topic: int, text: str, x: float, y: float, offset: tuple[float, float]) -> dict:
    return {
        "x": round(float(x), 4),
        "y": round(float(y), 4),
        "text": "<b>" + "<br>".join(escape(line) for line in text.split("\n")) + "</b>",
        "showarrow": offset != (0.0, 0.0),
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


def hover_fields(result: TopicResult) -> pd.DataFrame:
    """Escaped hover text per paper: name, title or first sentence (wrapped), topic, theme, sources."""
    documents = result.documents_with("title", "text", "sources")
    blurbs = [paper_blurb(t, x) for t, x in zip(documents["title"], documents["text"], strict=True)]
    return pd.DataFrame(
        {
            "name": [escape(n) for n in documents["name"]],
            "blurb": ["<br>".join(escape(line) for line in textwrap.wrap(b, 70)) for b in blurbs],
            "topic": [
                escape(f"{t}: {label}") for t, label in zip(documents["topic"], documents["topic_label"], strict=True)
            ],
            "theme": [escape(t) for t in documents["theme"]],
            "sources": [escape(shorten(s, 120)) for s in documents["sources"]],
        }
    )


HOVER_TEMPLATE = (
    "<b>%{customdata[1]}</b><br>%{customdata[2]}<br><br>topic %{customdata[3]}<br>"
    "theme: %{customdata[4]}<br>in: %{customdata[5]}<extra></extra>"
)


def _scatter_traces(
    result: TopicResult, group_by: str, colors: dict, order: list, hover: pd.DataFrame, prefix: str
) -> list:
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


def _area_traces(result: TopicResult, hover: pd.DataFrame) -> list:
    """Points coloured as the interactive map colours them: each topic a shade of its area's colour.

    The legend lists the areas (one trace each with no drawn point, in the
    area's own colour; clicking it hides or shows the area's topics); topic traces stay out of it.
    """
    groups = map_groups(result)
    colors = {g["id"]: g["color"] for g in groups["topic"]}
    area_of = {g["id"]: g["area"] for g in groups["topic"]}
    traces = _scatter_traces(result, "topic", colors, topic_order(result), hover, "topic")
    for trace in traces:
        trace.update(showlegend=False, legendgroup=f"area-{area_of[int(trace.uid.removeprefix('topic-'))]}")
    legend = [
        go.Scatter(  # one point at no place: plotly leaves a trace without points out of the legend
            x=[None],
            y=[None],
            mode="markers",
            name=escape(shorten(area["label"], 48)),
            marker={"color": area["color"], "size": 10},
            legendgroup=f"area-{area['id']}",
            uid=f"area-{area['id']}",  # without one plotly draws a random id into the SVG
            meta={"group": "area"},
        )
        for area in groups["area"]
    ]
    return legend + traces


def plot_map(
    result: TopicResult, width: int = 1200, height: int = 760, color_by: str = "area", name_papers: bool = True
) -> go.Figure:
    """The 2-D map: one point per paper at its ``x, y``, topic labels that never overlap, a legend.

    A map of at most :data:`NAMED_PAPERS` papers also names each paper
    beside its point, unless ``name_papers`` is False or ``color_by`` is ``"both"``.

    Args:
        result: A :class:`~analysis.TopicResult`.
        width: Layout width in pixels (labels are placed for this size).
        height: Layout height in pixels.
        color_by: ``"area"`` (the default, as the interactive map: each topic a
            shade of its area's colour, the legend by area), ``"theme"``,
            ``"topic"``, or ``"both"`` (theme traces shown, topic traces
            hidden, for a colour switch in the interactive map).
        name_papers: Name the papers of a small corpus (the static map); the
            interactive page shows names on hover and in its lists instead,
            and its labels are re-placed as the window changes size.

    Returns:
        By area: one legend trace per area (no drawn point), then the topic groups. Else
        the theme groups (one per theme present) first, followed by the topic
        groups when ``color_by`` is ``"topic"`` or ``"both"``.
    """
    if color_by not in ("area", "theme", "topic", "both"):
        raise ValueError(f"color_by must be 'area', 'theme', 'topic' or 'both', got {color_by!r}")
    hover = hover_fields(result)
    fig = go.Figure()
    if color_by == "area":
        fig.add_traces(_area_traces(result, hover))
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
    colour = color_by if color_by in ("area", "topic") else "theme"
    set_layout(fig, f"Map of {n} papers in {k} topics (colour: {colour})", width, height)
    fig.update_layout(
        margin={"l": frame.left, "r": frame.right, "t": frame.top, "b": frame.bottom},
        annotations=(
            named_map_annotations(result, frame)
            if name_papers and color_by != "both" and n <= NAMED_PAPERS
            else topic_label_annotations(result, frame)
        ),
        legend={**BOTTOM_LEGEND, "title": {"text": {"both": "theme ", "area": "area "}.get(color_by, "colour ")}},
        hovermode="closest",
        dragmode="pan",
    )
    fig.update_xaxes(range=list(frame.x_range), visible=False, fixedrange=False)
    fig.update_yaxes(range=list(frame.y_range), visible=False)
    return fig
