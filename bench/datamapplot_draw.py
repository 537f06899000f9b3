"""Draw a map with DataMapPlot's static ``create_plot`` and write its label boxes and leader lines.

Runs in DataMapPlot's own venv (``bench/datamapplot.txt``: it needs pandas<3), not the project's, and
imports nothing of the project: ``bench/glance.py`` calls it as a subprocess and counts what it writes.

Usage: ``python bench/datamapplot_draw.py POINTS.csv OUT.png OUT.json [WIDTH HEIGHT]``. POINTS.csv has
the columns ``x``, ``y`` and ``topic_label``. OUT.json holds the figure's size in pixels and, per label,
its text, its box ``[left, top, right, bottom]`` in pixels from the figure's top left corner, and its
leader line ``[x0, y0, x1, y1]`` in the same pixels (null where DataMapPlot drew none).
"""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import TYPE_CHECKING

import matplotlib

matplotlib.use("Agg")
# No Roboto here: matplotlib falls back to DejaVu Sans once per label with a warning each time.
logging.getLogger("matplotlib.font_manager").setLevel(logging.ERROR)

import datamapplot  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402
from matplotlib.text import Annotation, Text  # noqa: E402

if TYPE_CHECKING:
    from matplotlib.backend_bases import RendererBase

DPI = 100


def leader_line(annotation: Annotation, renderer: RendererBase, height: float) -> list[float] | None:
    """The drawn leader line's two ends in pixels from the top left, or None without one."""
    arrow = annotation.arrow_patch
    if arrow is None or not arrow.get_visible():
        return None
    # The arrow patch is laid out in display pixels (origin bottom left) when the figure is drawn.
    vertices = arrow.get_transform().transform_path(arrow.get_path()).vertices
    if len(vertices) < 2:
        return None
    (x0, y0), (x1, y1) = vertices[0], vertices[-1]
    return [float(x0), float(height - y0), float(x1), float(height - y1)]


def label_box(annotation: Annotation, renderer: RendererBase, height: float) -> list[float]:
    """The text's box in pixels from the top left (an annotation's own extent would include its arrow)."""
    box = Text.get_window_extent(annotation, renderer)
    return [float(box.x0), float(height - box.y1), float(box.x1), float(height - box.y0)]


def main(argv: list[str]) -> int:
    points, png, out = argv[:3]
    width, height = (int(v) for v in argv[3:5]) if len(argv) >= 5 else (1920, 1080)
    table = pd.read_csv(points)
    coords = table[["x", "y"]].to_numpy(dtype=np.float64)
    labels = table["topic_label"].astype(str).to_numpy(dtype=object)
    start = time.perf_counter()
    # System fonts: no Google Fonts download (the bench runs offline); the defaults otherwise.
    fig, ax = datamapplot.create_plot(
        coords, labels, figsize=(width / DPI, height / DPI), dpi=DPI, use_system_fonts=True
    )
    fig.savefig(png, dpi=DPI)
    seconds = time.perf_counter() - start
    renderer = fig.canvas.get_renderer()
    fig_h = fig.bbox.height
    found = [
        {
            "text": a.get_text(),
            "box": label_box(a, renderer, fig_h),
            "leader": leader_line(a, renderer, fig_h),
        }
        for a in ax.texts
        # The labels are annotations (an empty Text may hold the axes' place otherwise).
        if isinstance(a, Annotation) and a.get_visible() and a.get_text()
    ]
    result = {"width": fig.bbox.width, "height": fig_h, "seconds": round(seconds, 1), "labels": found}
    with open(out, "w", encoding="utf-8") as f:
        json.dump(result, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
