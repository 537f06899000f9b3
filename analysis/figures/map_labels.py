"""Map labels by zoom: every area named at the full view, the topics as one zooms in, never two overlapping.

Computed once in Python, so the page only compares numbers and the labels
are the same on every machine. Each label is HTML text over the plot,
centred on an anchor that is one of its group's papers (so it sits on its
cluster: no leader lines), with a box in pixels estimated from its text and
font size (:data:`CHAR_WIDTH`). The page's zoom ``z`` is how many times the
full view is magnified (the smaller of the two axes' factors); at zoom z a
label is shown when ``z`` lies in ``[min_zoom, max_zoom)`` and its anchor
is in view.

Two labels centred at data points a and b, with boxes w x h in pixels, do
not overlap at zoom z once ``|dx| * sx * z >= (wa + wb) / 2`` or
``|dy| * sy * z >= (ha + hb) / 2``, where ``sx, sy`` are the pixels per
data unit of the full view of the smallest map the page is made for
(:data:`REFERENCE_PLOT`); a larger window only spreads the anchors further.
Overlap is thus decided by one zoom per pair, and a label's ``min_zoom`` is
the largest such zoom over the labels placed before it (areas, then topics
largest first) that are shown at that zoom: above it, nothing placed
earlier overlaps it, whatever the zoom.

Areas are placed first, at zoom 1: each at the first candidate anchor (the
paper nearest its centroid, then its topics' in size order) where its box
is inside the plot and clear of the areas placed before; they give way to
the topics at :data:`AREAS_UNTIL`.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
import pandas as pd

from analysis.model.labels import label_lines

# The plot area of the map in a 1280x720 window, the smallest the page is made for: 629x480 measured in
# headless Chromium without a legend or with one row of it; 40 pixels are left for a legend of eight groups.
REFERENCE_PLOT = (620, 440)
# Estimated text width per character, in ems (Arial averages about 0.5; a margin keeps real text inside its box).
CHAR_WIDTH = 0.58
LINE_HEIGHT = 1.25
PADDING = 6
# Font sizes in pixels: areas from 11 to 14, topics from 10 to 14, by the fourth root of the group's share.
AREA_FONT = (11, 14)
TOPIC_FONT = (10, 14)
# An area's label is wrapped at this many characters a line (a dozen areas share the full view).
AREA_LINE = 22
# Candidate anchors tried per area: its papers from the centroid outwards, this many evenly spread.
AREA_CANDIDATES = 24
# Shapes an area's label tries, in order, until one is free at the full view: (points off its font, wrap).
AREA_SHAPES = ((0, AREA_LINE), (0, 16), (2, 16), (3, 12))
# Zoom factor from which the topics name the map instead of the areas.
AREAS_UNTIL = 2.5
# A label that never fits below this zoom is shown from it (the page zooms no further than plotly lets it).
NEVER = 1e6
# Zooms are rounded (4 decimals): a pair's zoom is a ratio of floats, and float noise must not reorder labels.
ZOOM_DIGITS = 4


@dataclass(frozen=True)
class MapLabel:
    """One label: its text, group, anchor (data), box (pixels), font size and the zooms it is shown between."""

    level: str
    group: int
    text: str
    x: float
    y: float
    width: float
    height: float
    font: int
    min_zoom: float
    max_zoom: float | None
    # Characters a line of an area's label (narrower where the widest wrap finds no free spot).
    wrap: int = 22


def _font(size: int, largest: int, bounds: tuple[int, int]) -> int:
    low, high = bounds
    return round(low + (high - low) * (size / max(largest, 1)) ** 0.25)


def shown_text(label: MapLabel) -> str:
    """The label's lines as shown: an area's wrapped at :data:`AREA_LINE`, a topic's by ``label_lines``."""
    if label.level == "area":
        return "\n".join(textwrap.wrap(label.text, label.wrap, break_long_words=False)) or label.text
    return label_lines(label.text)


def _box(text: str, font: int) -> tuple[float, float]:
    lines = text.split("\n")
    width = max(len(line) for line in lines) * font * CHAR_WIDTH + PADDING
    return round(width, 1), round(len(lines) * font * LINE_HEIGHT + PADDING / 2, 1)


def _medoid_order(xy: np.ndarray, rows: np.ndarray) -> int:
    """The row (of ``rows``) nearest the mean of its rows; ties by row number."""
    centre = xy[rows].mean(axis=0)
    gaps = np.round(((xy[rows] - centre) ** 2).sum(axis=1), 9)
    return int(rows[np.lexsort((rows, gaps))[0]])


def _pair_zoom(a: MapLabel, b: MapLabel, scale: tuple[float, float]) -> float:
    """The zoom from which boxes ``a`` and ``b`` no longer overlap."""
    dx, dy = abs(a.x - b.x) * scale[0], abs(a.y - b.y) * scale[1]
    need_x, need_y = (a.width + b.width) / 2, (a.height + b.height) / 2
    zx = need_x / dx if dx > 0 else NEVER
    zy = need_y / dy if dy > 0 else NEVER
    return round(min(zx, zy, NEVER), ZOOM_DIGITS)


def _first_zoom(label: MapLabel, placed: list[MapLabel], scale: tuple[float, float], floor: float) -> float:
    """The smallest zoom from which ``label`` overlaps none of the ``placed`` labels shown there."""
    zoom = floor
    for other in placed:
        clear = _pair_zoom(label, other, scale)
        until = NEVER if other.max_zoom is None else other.max_zoom
        # The two meet on [other.min_zoom, min(clear, until)): the label waits until that ends.
        if min(clear, until) > other.min_zoom and min(clear, until) > zoom:
            zoom = min(clear, until)
    return round(zoom, ZOOM_DIGITS)


def _inside(x: float, y: float, width: float, height: float, frame: dict) -> bool:
    (x0, x1), (y0, y1) = frame["x"], frame["y"]
    px = (x - x0) / (x1 - x0) * REFERENCE_PLOT[0]
    py = (y - y0) / (y1 - y0) * REFERENCE_PLOT[1]
    return width / 2 <= px <= REFERENCE_PLOT[0] - width / 2 and height / 2 <= py <= REFERENCE_PLOT[1] - height / 2


def map_labels(
    documents: pd.DataFrame, topics: pd.DataFrame, x_range: Sequence[float], y_range: Sequence[float]
) -> list[MapLabel]:
    """Every area's and every topic's label with its anchor, box and zooms (areas first, then topics by size).

    Args:
        documents: ``x``, ``y``, ``topic`` and ``area`` of every paper.
        topics: ``topic``, ``label``, ``size``, ``area``, ``area_label``, largest first.
        x_range: The map's full x range (data).
        y_range: The map's full y range (data).
    """
    xy = documents[["x", "y"]].to_numpy(float)
    frame = {"x": tuple(x_range), "y": tuple(y_range)}
    scale = (REFERENCE_PLOT[0] / (x_range[1] - x_range[0]), REFERENCE_PLOT[1] / (y_range[1] - y_range[0]))
    topic_of, area_of = documents["topic"].to_numpy(), documents["area"].to_numpy()
    medoid = {int(t): _medoid_order(xy, np.flatnonzero(topic_of == t)) for t in topics["topic"]}
    placed: list[MapLabel] = []
    areas = topics.drop_duplicates("area").sort_values("area")
    largest = int(max((area_of == a).sum() for a in areas["area"]))
    for area, text in zip(areas["area"].tolist(), areas["area_label"].tolist(), strict=True):
        rows = np.flatnonzero(area_of == area)
        members = topics[topics["area"] == area]["topic"].tolist()
        candidates = [_medoid_order(xy, rows), *(medoid[int(t)] for t in members), *_spread(xy, rows)]
        font = _font(len(rows), largest, AREA_FONT)
        shapes = ((font - smaller, wrap) for smaller, wrap in AREA_SHAPES)
        best = _area_label(int(area), text, xy, candidates, next(shapes), frame, placed, scale)
        for shape in shapes:  # the largest shape free at the full view, else the one shown earliest
            if best.min_zoom <= 1.0:
                break
            other = _area_label(int(area), text, xy, candidates, shape, frame, placed, scale)
            best = other if other.min_zoom < best.min_zoom else best
        placed.append(best)
    largest = int(topics["size"].max())
    for topic, text, size in zip(
        topics["topic"].tolist(), topics["label"].tolist(), topics["size"].tolist(), strict=True
    ):
        font = _font(int(size), largest, TOPIC_FONT)
        width, height = _box(label_lines(text), font)
        label = _label("topic", int(topic), text, xy[medoid[int(topic)]], (width, height), font, None)
        placed.append(_replace_min(label, _first_zoom(label, placed, scale, 1.0)))
    return placed


def _area_label(
    area: int,
    text: str,
    xy: np.ndarray,
    candidates: list[int],
    shape: tuple[int, int],
    frame: dict,
    placed: list[MapLabel],
    scale: tuple[float, float],
) -> MapLabel:
    """An area's label of one shape (font, wrap) at the candidate anchor shown from the lowest zoom."""
    font, wrap = shape
    probe = MapLabel("area", 0, text, 0.0, 0.0, 0.0, 0.0, font, 1.0, None, wrap)
    width, height = _box(shown_text(probe), font)
    options = [
        MapLabel("area", area, text, float(xy[r][0]), float(xy[r][1]), width, height, font, 1.0, AREAS_UNTIL, wrap)
        for r in candidates
    ]
    fits = [o for o in options if _inside(o.x, o.y, width, height, frame)] or options
    best = min(fits, key=lambda o: _first_zoom(o, placed, scale, 1.0))  # the first with the lowest zoom
    return _replace_min(best, _first_zoom(best, placed, scale, 1.0))


def _spread(xy: np.ndarray, rows: np.ndarray) -> list[int]:
    """Up to :data:`AREA_CANDIDATES` of ``rows``, evenly spread from the nearest to their centroid outwards."""
    gaps = np.round(((xy[rows] - xy[rows].mean(axis=0)) ** 2).sum(axis=1), 9)
    ordered = rows[np.lexsort((rows, gaps))]
    step = max(1, len(ordered) // AREA_CANDIDATES)
    return [int(r) for r in ordered[::step][:AREA_CANDIDATES]]


def _label(
    level: str, group: int, text: str, at: Any, box: tuple[float, float], font: int, until: float | None
) -> MapLabel:
    return MapLabel(level, group, text, float(at[0]), float(at[1]), box[0], box[1], font, 1.0, until)


def _replace_min(label: MapLabel, zoom: float) -> MapLabel:
    return MapLabel(**{**asdict(label), "min_zoom": zoom, "x": float(label.x), "y": float(label.y)})


def label_records(labels: list[MapLabel]) -> list[dict]:
    """The labels as the page reads them (plain numbers and text)."""
    return [
        {**asdict(label), "shown": shown_text(label), "x": round(label.x, 4), "y": round(label.y, 4)}
        for label in labels
    ]
