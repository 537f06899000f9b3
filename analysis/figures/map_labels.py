"""Map labels by zoom: every area named at the full view, then the topics and finer topics, never two overlapping.

Computed once in Python, so the page only compares numbers and the labels
are the same on every machine. Each label is HTML text over the plot,
centred on a point in data coordinates: one of its group's papers (so it
sits on its cluster), or, for an area whose label finds no free spot on its
cluster at the full view, a free spot beside it with a leader line to one of
its papers. Its box in pixels is estimated from its text and font size
(:data:`CHAR_WIDTH`). The page's zoom ``z`` is how many times the full view
is magnified (the smaller of the two axes' factors); at zoom z a label is
shown when ``z`` lies in ``[min_zoom, max_zoom)`` and its box is in view.

In pixels of the full view (``sx, sy`` pixels per data unit of a plot
``w x h``) divided by the zoom, every label's centre and leader line are
fixed and its box shrinks as ``1/z``. So two boxes, or a box and a leader
line, that are apart at some zoom stay apart at every larger zoom, and on
every larger plot: a pair's conflict ends at one zoom (:func:`~analysis.figures.label_zoom.clear_zoom`),
and two leader lines that cross cross at every zoom (they are never both
placed). A label's ``min_zoom`` is the largest such zoom over the labels
placed before it (areas, then topics largest first, then finer topics) that
are shown there: above it, nothing placed earlier meets it.

The page picks, among :data:`PLOT_SIZES`, the largest plot that fits its
real plot box in both directions, and again when the window is resized;
larger boxes only spread labels further apart.

Areas are placed first, at zoom 1: each at the first candidate anchor (the
paper nearest its centroid, then its topics' in size order) where its box
is inside the plot and clear of the areas placed before; failing that
wrapped narrower, then a smaller font (never below :data:`FONT_FLOOR`), then
beside its cluster with the shortest leader line that meets no other label
or line. They give way to the topics at :data:`AREAS_UNTIL`. Finer topics
(from 5,000 papers) are shown from :data:`SUBTOPICS_FROM`.
"""

from __future__ import annotations

import dataclasses
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from analysis.figures.label_zoom import NEVER, MapLabel, Placed, first_zoom, free_at_full_view
from analysis.model.labels import label_lines

# The plot area of the map in a 1280x720 window: 629x480 measured in headless Chromium; the placement used by
# the tests of one plot size.
REFERENCE_PLOT = (620, 440)
# The plot sizes labels are placed for (pixels); the page takes the largest that fits its plot box. Measured plot
# boxes: 486x421 in a 1024x700 page, 676x385 in a 1366x768 window (page 625 high), 629x480 at 1280x720,
# 676x528 at 1366x768, 1109x840 at 1920x1080.
PLOT_SIZES = ((480, 360), (640, 380), (620, 440), (670, 520), (860, 640), (1100, 830), (1400, 1000))
# Estimated text width per character, in ems (Arial averages about 0.5; a margin keeps real text inside its box).
CHAR_WIDTH = 0.58
LINE_HEIGHT = 1.25
PADDING = 6
# Font sizes in pixels: areas from 11 to 14, topics from 10 to 14, by the fourth root of the group's share;
# finer topics 11 or 12. A label made smaller to find room never goes below FONT_FLOOR.
AREA_FONT = (11, 14)
TOPIC_FONT = (10, 14)
SUBTOPIC_FONT = (11, 12)
FONT_FLOOR = 11
# An area's label is wrapped at this many characters a line (a dozen areas share the full view).
AREA_LINE = 22
# A finer topic's label is wrapped at this many characters a line.
SUBTOPIC_LINE = 24
# Candidate anchors tried per area: its papers from the centroid outwards, this many evenly spread.
AREA_CANDIDATES = 24
# Shapes an area's label tries, in order, until one is free at the full view: (points off its font, wrap).
AREA_SHAPES = ((0, AREA_LINE), (0, 16), (2, 16), (3, 12))
# Beside its cluster: anchors tried (the area's centre paper and its largest topics', then its papers spread
# from the centre out: the centre may lie under another area's label), directions (even angles from the right,
# anticlockwise) and gaps between the anchor and the box (pixels), shortest first.
LEADER_ANCHORS = 4
LEADER_DIRECTIONS = 16
LEADER_GAPS = (10, 18, 28, 42, 64, 96, 140, 200, 280)
# Tries of the areas' placement with the areas left unnamed placed first (greedy placement starves late areas).
AREA_RETRIES = 3
# Zoom factor from which the topics name the map instead of the areas.
AREAS_UNTIL = 2.5
# Zoom factor from which the finer topics are named (where there is room beside the topics' labels).
SUBTOPICS_FROM = 4.0


def _font(size: int, largest: int, bounds: tuple[int, int]) -> int:
    low, high = bounds
    return round(low + (high - low) * (size / max(largest, 1)) ** 0.25)


def shown_text(label: MapLabel) -> str:
    """The label's lines as shown: an area's or finer topic's wrapped at its width, a topic's by ``label_lines``."""
    if label.level in ("area", "subtopic"):
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


def _inside(x: float, y: float, width: float, height: float, frame: dict) -> bool:
    (x0, x1), (y0, y1) = frame["x"], frame["y"]
    plot_w, plot_h = frame["plot"]
    px = (x - x0) / (x1 - x0) * plot_w
    py = (y - y0) / (y1 - y0) * plot_h
    return width / 2 <= px <= plot_w - width / 2 and height / 2 <= py <= plot_h - height / 2


def _clamped(label: MapLabel, frame: dict) -> MapLabel:
    """The label moved the least way that puts its box inside the plot at the full view.

    The page hides a label partly outside the plot; a box wider than the plot stays centred on its paper.
    """
    (x0, x1), (y0, y1) = frame["x"], frame["y"]
    plot_w, plot_h = frame["plot"]
    px = (label.x - x0) / (x1 - x0) * plot_w
    py = (label.y - y0) / (y1 - y0) * plot_h
    half_w, half_h = label.width / 2, label.height / 2
    if half_w * 2 <= plot_w:
        px = min(max(px, half_w), plot_w - half_w)
    if half_h * 2 <= plot_h:
        py = min(max(py, half_h), plot_h - half_h)
    x = round(x0 + px / plot_w * (x1 - x0), 6)
    y = round(y0 + py / plot_h * (y1 - y0), 6)
    return label if (x, y) == (round(label.x, 6), round(label.y, 6)) else dataclasses.replace(label, x=x, y=y)


def map_labels(
    documents: pd.DataFrame,
    topics: pd.DataFrame,
    x_range: Sequence[float],
    y_range: Sequence[float],
    plot: tuple[int, int] = REFERENCE_PLOT,
) -> list[MapLabel]:
    """Every area's, topic's and finer topic's label with its centre, box and zooms, for a plot of ``plot`` pixels.

    Areas first, then topics by size, then finer topics (where ``documents`` has ``subtopic`` and
    ``subtopic_label``; a topic in one piece is named by its own label only).

    Args:
        documents: ``x``, ``y``, ``topic`` and ``area`` of every paper (and ``subtopic``, ``subtopic_label``).
        topics: ``topic``, ``label``, ``size``, ``area``, ``area_label``, largest first.
        x_range: The map's full x range (data).
        y_range: The map's full y range (data).
        plot: The plot's size in pixels at the full view.
    """
    return _place(_Groups.of(documents, topics), x_range, y_range, plot)


@dataclass(frozen=True)
class _Area:
    """An area to name: its number, text, font, own anchors (centre paper, topics' medoids) and spread papers."""

    area: int
    text: str
    font: int
    own: list[int]
    spread: list[int]


@dataclass(frozen=True)
class _Groups:
    """What every plot size places alike: the papers' coordinates, the areas, and the unplaced topic labels."""

    xy: np.ndarray
    areas: list[_Area]
    topics: list[MapLabel]
    subtopics: list[MapLabel]

    @classmethod
    def of(cls, documents: pd.DataFrame, topics: pd.DataFrame) -> _Groups:
        xy = documents[["x", "y"]].to_numpy(float)
        topic_of, area_of = documents["topic"].to_numpy(), documents["area"].to_numpy()
        medoid = {int(t): _medoid_order(xy, np.flatnonzero(topic_of == t)) for t in topics["topic"]}
        labels, largest = [], int(topics["size"].max())
        for topic, text, size in zip(
            topics["topic"].tolist(), topics["label"].tolist(), topics["size"].tolist(), strict=True
        ):
            font = _font(int(size), largest, TOPIC_FONT)
            box = _box(label_lines(text), font)
            labels.append(_label("topic", int(topic), text, xy[medoid[int(topic)]], box, font, None))
        areas = topics.drop_duplicates("area").sort_values("area")
        biggest = int(max((area_of == a).sum() for a in areas["area"]))
        entries = []
        for area, text in zip(areas["area"].tolist(), areas["area_label"].tolist(), strict=True):
            rows = np.flatnonzero(area_of == area)
            members = topics[topics["area"] == area]["topic"].tolist()
            own = [_medoid_order(xy, rows), *(medoid[int(t)] for t in members)]
            font = _font(len(rows), biggest, AREA_FONT)
            entries.append(_Area(int(area), str(text), font, own, _spread(xy, rows)))
        return cls(xy, entries, labels, _subtopic_labels(documents, xy, set(medoid.values())))


def _place(groups: _Groups, x_range: Sequence[float], y_range: Sequence[float], plot: tuple[int, int]) -> list:
    """The labels of ``groups`` placed for one plot size (see :func:`map_labels`)."""
    frame = {"x": tuple(x_range), "y": tuple(y_range), "plot": plot}
    scale = (plot[0] / (x_range[1] - x_range[0]), plot[1] / (y_range[1] - y_range[0]))
    placed = Placed(scale)
    for label in _area_labels(groups, frame, scale):
        placed.add(label)
    for label in groups.topics:
        label = _clamped(label, frame)
        placed.add(_replace_min(label, placed.first_zoom(label, 1.0)))
    for label in groups.subtopics:
        placed.add(_replace_min(label, placed.first_zoom(label, SUBTOPICS_FROM)))
    return placed.labels


def _area_labels(groups: _Groups, frame: dict, scale: tuple[float, float]) -> list[MapLabel]:
    """Each area's label, in area order, placed against the areas placed before it (see the module's docstring).

    Areas are placed greedily, so an area placed late can find the plot taken. Where one is not named at the full
    view, the areas are placed again with those first; of the tries, the one naming the most areas at the full
    view is kept (the earliest on a tie).
    """
    order = [entry.area for entry in groups.areas]
    best = attempt = _areas_in_order(groups, order, frame, scale)
    for _ in range(AREA_RETRIES):
        unnamed = [label.group for label in attempt if label.min_zoom > 1.0]
        if not unnamed:
            break
        order = [*unnamed, *(a for a in order if a not in unnamed)]
        attempt = _areas_in_order(groups, order, frame, scale)
        if _unnamed(attempt) < _unnamed(best):
            best = attempt
    return best


def _unnamed(labels: list[MapLabel]) -> int:
    return sum(label.min_zoom > 1.0 for label in labels)


def _areas_in_order(groups: _Groups, order: list[int], frame: dict, scale: tuple[float, float]) -> list[MapLabel]:
    """The areas' labels placed one by one in ``order``, returned in area order."""
    xy = groups.xy
    by_area = {entry.area: entry for entry in groups.areas}
    chosen: list[MapLabel] = []
    for entry in (by_area[a] for a in order):
        area, text, candidates = entry.area, entry.text, [*entry.own, *entry.spread]
        shapes = list(dict.fromkeys((max(FONT_FLOOR, entry.font - smaller), wrap) for smaller, wrap in AREA_SHAPES))
        best = _area_label(area, text, xy, candidates, shapes[0], frame, chosen, scale)
        for shape in shapes[1:]:  # the largest shape free at the full view, else the one shown earliest
            if best.min_zoom <= 1.0:
                break
            other = _area_label(area, text, xy, candidates, shape, frame, chosen, scale)
            best = other if other.min_zoom < best.min_zoom else best
        for shape in shapes if best.min_zoom > 1.0 else ():  # no free spot on the cluster: one beside it
            anchors = list(dict.fromkeys([*entry.own[:LEADER_ANCHORS], *entry.spread]))
            beside = _beside(area, text, xy, anchors, shape, frame, chosen, scale)
            if beside is not None:
                best = beside
                break
        chosen.append(best)
    place = {entry.area: i for i, entry in enumerate(groups.areas)}
    return sorted(chosen, key=lambda label: place[label.group])


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
    width, height = _area_box(text, shape)
    options = [
        MapLabel("area", area, text, float(xy[r][0]), float(xy[r][1]), width, height, font, 1.0, AREAS_UNTIL, wrap)
        for r in candidates
    ]
    fits = [o for o in options if _inside(o.x, o.y, width, height, frame)] or options
    best = min(fits, key=lambda o: first_zoom(o, placed, scale, 1.0))  # the first with the lowest zoom
    return _replace_min(best, first_zoom(best, placed, scale, 1.0))


def _area_box(text: str, shape: tuple[int, int]) -> tuple[float, float]:
    font, wrap = shape
    probe = MapLabel("area", 0, text, 0.0, 0.0, 0.0, 0.0, font, 1.0, None, wrap)
    return _box(shown_text(probe), font)


def _beside(
    area: int,
    text: str,
    xy: np.ndarray,
    anchors: list[int],
    shape: tuple[int, int],
    frame: dict,
    placed: list[MapLabel],
    scale: tuple[float, float],
) -> MapLabel | None:
    """The area's label beside one of ``anchors`` with the shortest leader line free at the full view, or None.

    Tried gap by gap (shortest first), then anchor by anchor, then direction by direction; the box must be
    inside the plot and meet no placed label or leader line at zoom 1.
    """
    font, wrap = shape
    width, height = _area_box(text, shape)
    for gap in LEADER_GAPS:
        for row in anchors:
            ax, ay = float(xy[row][0]), float(xy[row][1])
            for k in range(LEADER_DIRECTIONS):
                angle = 2 * np.pi * k / LEADER_DIRECTIONS
                cos, sin = round(float(np.cos(angle)), 9), round(float(np.sin(angle)), 9)
                # From the anchor to the box's edge along this direction, then the gap: the box's centre.
                edge = min(width / 2 / abs(cos) if cos else NEVER, height / 2 / abs(sin) if sin else NEVER)
                cx, cy = ax + (edge + gap) * cos / scale[0], ay + (edge + gap) * sin / scale[1]
                if not _inside(cx, cy, width, height, frame):
                    continue
                label = MapLabel(
                    "area", area, text, cx, cy, width, height, font, 1.0, AREAS_UNTIL, wrap, leader=(ax, ay)
                )
                if free_at_full_view(label, placed, scale):
                    return label
    return None


def _subtopic_labels(documents: pd.DataFrame, xy: np.ndarray, taken: set[int]) -> list[MapLabel]:
    """The finer topics' labels on their medoids, largest first (ties by number); none without a finer level.

    A piece's anchor is never a topic's (``taken`` rows): two labels on one point would never part.
    """
    if "subtopic" not in documents or "subtopic_label" not in documents:
        return []
    pieces = documents.groupby("topic")["subtopic"].nunique()
    split = (documents["topic"].map(pieces) > 1).to_numpy()
    members = {int(sub): rows for sub, rows in documents.groupby("subtopic").indices.items() if split[rows[0]]}
    if not members:
        return []
    texts = documents["subtopic_label"].astype(str).to_numpy()
    largest = max(len(rows) for rows in members.values())
    out = []
    for sub in sorted(members, key=lambda s: (-len(members[s]), s)):
        rows = np.asarray(members[sub], dtype=int)
        free = rows[~np.isin(rows, list(taken))]
        rows = free if len(free) else rows
        text = str(texts[rows[0]])
        font = _font(len(members[sub]), largest, SUBTOPIC_FONT)
        probe = MapLabel("subtopic", 0, text, 0.0, 0.0, 0.0, 0.0, font, 1.0, None, SUBTOPIC_LINE)
        box = _box(shown_text(probe), font)
        label = _label("subtopic", sub, text, xy[_medoid_order(xy, rows)], box, font, None)
        out.append(dataclasses.replace(label, wrap=SUBTOPIC_LINE))
    return out


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
    return dataclasses.replace(label, min_zoom=zoom, x=float(label.x), y=float(label.y))


def label_records(labels: list[MapLabel]) -> list[dict]:
    """The labels as the page reads them (plain numbers and text)."""
    return [_record(label) for label in labels]


def _record(label: MapLabel) -> dict:
    leader = None if label.leader is None else [round(label.leader[0], 4), round(label.leader[1], 4)]
    return {
        **vars(label),  # a shallow copy of the fields (asdict copies deeply, and slowly)
        "shown": shown_text(label),
        "x": round(label.x, 4),
        "y": round(label.y, 4),
        "leader": leader,
    }


def placements(
    documents: pd.DataFrame, topics: pd.DataFrame, x_range: Sequence[float], y_range: Sequence[float]
) -> dict:
    """The labels for every plot size of :data:`PLOT_SIZES`, as the page reads them.

    ``labels`` holds what every size shares (level, group, text), in one order; ``placements`` one entry per
    size: ``plot`` (pixels) and, per label in that order, where and how it is drawn (:func:`label_records`
    without the shared fields).
    """
    shared = ("level", "group", "text")
    out: dict = {"labels": [], "placements": []}
    groups = _Groups.of(documents, topics)
    for plot in PLOT_SIZES:
        records = label_records(_place(groups, x_range, y_range, plot))
        if not out["labels"]:
            out["labels"] = [{k: r[k] for k in shared} for r in records]
        own = [{k: v for k, v in r.items() if k not in shared} for r in records]
        out["placements"].append({"plot": list(plot), "labels": own})
    return out
