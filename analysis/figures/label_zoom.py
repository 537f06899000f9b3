"""When two map labels meet, as a function of the zoom: boxes, leader lines, and the labels placed so far.

See :mod:`analysis.figures.map_labels`: in full-view pixels divided by the zoom every label's centre and leader
line are fixed and its box shrinks as ``1/z``, so a pair that is apart at one zoom stays apart at every larger
one, and each pair's meeting ends at one zoom.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# A label that never fits below this zoom is shown from it (the page zooms no further than plotly lets it).
NEVER = 1e6
# Zooms are rounded (4 decimals): a pair's zoom is a ratio of floats, and float noise must not reorder labels.
ZOOM_DIGITS = 4


@dataclass(frozen=True)
class MapLabel:
    """One label: its text, group, centre (data), box (pixels), font size and the zooms it is shown between.

    ``leader`` is the paper (data) a leader line runs to when the label sits beside its cluster, else None.
    """

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
    leader: tuple[float, float] | None = None


def pair_zoom(a: MapLabel, b: MapLabel, scale: tuple[float, float]) -> float:
    """The zoom from which boxes ``a`` and ``b`` no longer overlap."""
    dx, dy = abs(a.x - b.x) * scale[0], abs(a.y - b.y) * scale[1]
    need_x, need_y = (a.width + b.width) / 2, (a.height + b.height) / 2
    zx = need_x / dx if dx > 0 else NEVER
    zy = need_y / dy if dy > 0 else NEVER
    return min(zx, zy, NEVER)


def box_line_zoom(box: MapLabel, line: MapLabel, scale: tuple[float, float]) -> float:
    """The zoom from which ``box``'s label no longer touches ``line``'s leader line (1.0 without one).

    In full-view pixels divided by the zoom the line is fixed and the box's half sizes are ``w/2z, h/2z``:
    they meet while ``z < 1 / g``, g the smallest over the line of ``max(|dx| / (w/2), |dy| / (h/2))``.
    g is convex and piecewise linear along the line, so its smallest value is at an end or a kink.
    """
    if line.leader is None:
        return 1.0
    (ax, ay), (bx, by) = _px(line.leader, scale), _px((line.x, line.y), scale)
    cx, cy = _px((box.x, box.y), scale)
    hw, hh = box.width / 2, box.height / 2
    u0, u1 = (ax - cx) / hw, (bx - ax) / hw  # dx / (w/2) = u0 + t * u1 along the line, t in [0, 1]
    v0, v1 = (ay - cy) / hh, (by - ay) / hh
    kinks = [0.0, 1.0]
    for num, den in ((-u0, u1), (-v0, v1), (v0 - u0, u1 - v1), (-v0 - u0, u1 + v1)):
        if den != 0:
            kinks.append(num / den)
    g = min(max(abs(u0 + t * u1), abs(v0 + t * v1)) for t in kinks if 0.0 <= t <= 1.0)
    return NEVER if g <= 1 / NEVER else 1 / g


def _px(point: tuple[float, float], scale: tuple[float, float]) -> tuple[float, float]:
    return point[0] * scale[0], point[1] * scale[1]


def lines_cross(a: MapLabel, b: MapLabel) -> bool:
    """Whether the leader lines of ``a`` and ``b`` cross (at every zoom alike; a line and no line never do)."""
    if a.leader is None or b.leader is None:
        return False
    p, q, r, s = a.leader, (a.x, a.y), b.leader, (b.x, b.y)
    return _side(p, q, r) * _side(p, q, s) < 0 and _side(r, s, p) * _side(r, s, q) < 0


def _side(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> int:
    turn = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return int(turn > 0) - int(turn < 0)


def clear_zoom(a: MapLabel, b: MapLabel, scale: tuple[float, float]) -> float:
    """The zoom from which ``a`` and ``b`` (boxes and leader lines) no longer meet."""
    if lines_cross(a, b):
        return NEVER
    zoom = max(pair_zoom(a, b, scale), box_line_zoom(a, b, scale), box_line_zoom(b, a, scale))
    return round(min(zoom, NEVER), ZOOM_DIGITS)


def first_zoom(label: MapLabel, placed: list[MapLabel], scale: tuple[float, float], floor: float) -> float:
    """The smallest zoom from which ``label`` meets none of the ``placed`` labels shown there."""
    zoom = floor
    for other in placed:
        clear = clear_zoom(label, other, scale)
        until = NEVER if other.max_zoom is None else other.max_zoom
        # The two meet on [other.min_zoom, min(clear, until)): the label waits until that ends.
        if min(clear, until) > other.min_zoom and min(clear, until) > zoom:
            zoom = min(clear, until)
    return round(zoom, ZOOM_DIGITS)


def free_at_full_view(label: MapLabel, placed: list[MapLabel], scale: tuple[float, float]) -> bool:
    """Whether ``label`` meets none of the ``placed`` labels shown at zoom 1 (:func:`first_zoom` is 1; quicker)."""
    for other in placed:
        if other.min_zoom > 1.0 or (other.max_zoom is not None and other.max_zoom <= 1.0):
            continue
        if pair_zoom(label, other, scale) > 1.0 or clear_zoom(label, other, scale) > 1.0:
            return False
    return True


class Placed:
    """The labels placed so far, with their boxes as arrays: the many topic labels are checked all at once."""

    def __init__(self, scale: tuple[float, float]) -> None:
        self.scale = scale
        self.labels: list[MapLabel] = []
        self._leaders: list[int] = []  # positions of the labels with a leader line
        self._array = np.zeros((64, 6))  # x, y, width, height, min_zoom, until; grown by doubling

    def add(self, label: MapLabel) -> None:
        """Place ``label`` (its ``min_zoom`` already decided)."""
        until = NEVER if label.max_zoom is None else label.max_zoom
        if len(self.labels) == len(self._array):
            self._array = np.vstack([self._array, np.zeros_like(self._array)])
        self._array[len(self.labels)] = (label.x, label.y, label.width, label.height, label.min_zoom, until)
        if label.leader is not None:
            self._leaders.append(len(self.labels))
        self.labels.append(label)

    def first_zoom(self, label: MapLabel, floor: float) -> float:
        """As :func:`first_zoom` for a label without a leader line: boxes in numpy, leader lines one by one."""
        if label.leader is not None or not self.labels:
            return first_zoom(label, self.labels, self.scale, floor)
        x, y, w, h, low, until = self._array[: len(self.labels)].T
        dx, dy = np.abs(x - label.x) * self.scale[0], np.abs(y - label.y) * self.scale[1]
        with np.errstate(divide="ignore"):
            zx = np.where(dx > 0, (w + label.width) / 2 / np.where(dx > 0, dx, 1), NEVER)
            zy = np.where(dy > 0, (h + label.height) / 2 / np.where(dy > 0, dy, 1), NEVER)
        clear = np.minimum(np.minimum(zx, zy), NEVER)
        for i in self._leaders:
            clear[i] = max(clear[i], box_line_zoom(label, self.labels[i], self.scale))
        ends = np.minimum(np.round(clear, ZOOM_DIGITS), until)
        meeting = ends[(ends > low) & (ends > floor)]
        return round(float(meeting.max()) if len(meeting) else floor, ZOOM_DIGITS)
