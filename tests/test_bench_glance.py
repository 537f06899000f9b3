"""The counts of bench/glance.py's side-by-side: overlapping label boxes, crossing leader lines, the section.

Pure functions on hand-made boxes and lines (no browser, no DataMapPlot); nothing writes into bench/.
"""

from __future__ import annotations

import pytest

from bench import glance


def test_overlapping_boxes_are_counted_by_pairs_and_touching_ones_are_not():
    boxes = [[0, 0, 10, 10], [5, 5, 15, 15], [10, 0, 20, 5], [100, 100, 110, 110], [9, 9, 12, 12]]
    # 0-1, 0-4 and 1-4 overlap; 0 and 2 share the edge x=10 only; 1 and 2 share y=5 only; 3 is alone.
    assert glance.box_overlaps(boxes) == 3
    assert glance.box_overlaps([]) == 0
    assert glance.box_overlaps([[0, 0, 1, 1]]) == 0


def test_crossing_lines_are_counted_by_pairs():
    x = [[0, 0, 10, 10], [0, 10, 10, 0]]
    assert glance.line_crossings(x) == 1
    # A third line crossing both diagonals, a fourth far away.
    assert glance.line_crossings([*x, [0, 5, 10, 5], [50, 50, 60, 60]]) == 3


@pytest.mark.parametrize(
    "lines",
    [
        [[0, 0, 10, 10], [10, 10, 20, 0]],  # a shared end
        [[0, 0, 10, 0], [5, 0, 5, 10]],  # an end on the other line (a T)
        [[0, 0, 10, 0], [5, 0, 20, 0]],  # on one line
        [[0, 0, 10, 0], [0, 1, 10, 1]],  # parallel
        [[0, 0, 10, 10], [6, 0, 20, 3]],  # would cross only if extended
    ],
    ids=["shared-end", "t", "collinear", "parallel", "extended"],
)
def test_lines_that_touch_or_miss_do_not_cross(lines):
    assert glance.line_crossings(lines) == 0


def test_a_crossing_does_not_depend_on_float_noise():
    # The second line's end lies on the first within 1e-9 px: touching, not crossing, on every CPU.
    assert glance.line_crossings([[0, 0, 10, 10], [0, 10, 5 + 1e-9, 5 - 1e-9]]) == 0


def _label(level, group, box):
    return {"level": level, "group": group, "text": f"{level} {group}", "box": box}


def test_suite_counts_at_the_full_view_and_each_topics_zoom():
    full = {
        "labels": [
            _label("area", 0, [0, 0, 50, 10]),
            _label("area", 1, [40, 5, 90, 15]),
            _label("topic", 3, [0, 50, 9, 60]),
        ],
        "leaders": [],
        "plotly_arrows": 2,  # were the page to draw them: counted, not dropped
    }
    zoomed = {
        0: {"labels": [_label("topic", 0, [0, 0, 10, 10]), _label("topic", 1, [5, 5, 15, 15])], "leaders": []},
        1: {"labels": [_label("area", 1, [0, 0, 10, 10])], "leaders": []},  # its area, not topic 1
        2: None,  # the page never relaid out
    }
    counts = glance.suite_counts(full, zoomed, [])
    assert (counts["labels_shown"], counts["areas_named"], counts["topics_named_full_view"]) == (3, 2, 1)
    assert (counts["overlaps"], counts["leader_lines"], counts["leader_crossings"]) == (1, 0, 0)
    assert (counts["topics"], counts["topics_named_zoomed"], counts["topics_not_named_zoomed"]) == (3, 1, [1, 2])
    assert counts["plotly_arrows"] == 2
    assert counts["overlaps_zoomed"] == 1 and counts["area_ids_named"] == [0, 1]
    # Box heights 10, 10 and 10 px on one line each.
    assert counts["line_px"] == 10.0


def test_line_px_is_the_median_height_of_one_line_of_text():
    labels = [
        {"text": "a\nb", "box": [0, 0, 9, 24]},
        {"text": "c", "box": [0, 0, 9, 14]},
        {"text": "d", "box": [0, 0, 9, 6]},
    ]
    assert glance.line_px(labels) == 12.0
    assert glance.line_px([]) == 0.0


def test_the_side_by_side_section_states_both_drawings():
    side = {
        "date": "2026-12-04 13:55 UTC",
        "machine": "AMD EPYC, 2 cores",
        "load_start": [3.0, 3.0, 3.0],
        "papers": 2260,
        "areas": 12,
        "datamapplot": {"drawn_by": "DataMapPlot 0.7.3 create_plot", "window": "1920x1080", "labels_shown": 59,
                        "overlaps": 2, "leader_lines": 59, "leader_crossings": 4, "line_px": 6.0, "draw_s": 40.0},
        "suite": {"drawn_by": "the suite's topic_map.html", "window": "1920x1080", "labels_shown": 14,
                  "areas_named": 11, "topics_named_full_view": 3, "overlaps": 0, "leader_lines": 0,
                  "leader_crossings": 0, "line_px": 14.0, "topics": 59, "topics_named_zoomed": 58,
                  "topics_not_named_zoomed": [7], "overlaps_zoomed": 0, "areas_not_named": ["4: image"],
                  "plotly_arrows": 0},
    }  # fmt: skip
    text = glance.section({"side_by_side": side})  # a run of --part side alone: no maps' table
    assert text.startswith("## Map at a glance\n\n### Side by side with DataMapPlot")
    assert "| first label s (polled) |" not in text
    assert "| DataMapPlot 0.7.3 create_plot (topic labels) | 1920x1080 | 59 | 2 | 59 | 4 | - | 6.0 |" in text
    assert "| the suite's topic_map.html | 1920x1080 | 14 (11 areas, 3 topics) | 0 | 0 | 0 | ? | 14.0 |" in text
    assert (
        "names 11 of the fit's 12 areas at the full view (not named: 4: image)" in text
        and "it names 58 of the 59 topics (not named: 7)" in text
    )
    assert "its default figure" not in text  # a run from before DataMapPlot's default figure was drawn too
    drawn = {**side["datamapplot"], "window": "1200x1200", "line_px": 9.0}
    text = glance.section({"side_by_side": {**side, "datamapplot_default_size": drawn}})
    row = "| DataMapPlot 0.7.3 create_plot (topic labels), its default figure | 1200x1200 | 59 | 2 | 59 | 4 | - | 9.0 |"
    assert row in text
    assert "SVG lines in its label layer; 0 Plotly arrows or line shapes" in text
    # A run at both window sizes: one pair of rows per size, and a sentence on the suite at each.
    small = {**side["suite"], "window": "1366x768", "leader_lines": 1, "leaders_through_labels": 0}
    sizes = [{"datamapplot": {**side["datamapplot"], "window": "1366x768"}, "suite": small}, side]
    text = glance.section({"side_by_side": {**side, "sizes": sizes}})
    assert "| the suite's topic_map.html | 1366x768 | 14 (11 areas, 3 topics) | 0 | 1 | 0 | 0 | 14.0 |" in text
    assert "At 1366x768 the suite's map names 11" in text and "At 1920x1080 the suite's map names 11" in text


def test_a_leader_line_through_another_label_is_counted_and_its_own_label_is_not():
    line = [0, 0, 100, 0]
    own, crossed, clear = [-10, -5, 5, 5], [40, -5, 60, 5], [40, 10, 60, 20]
    assert glance.lines_through_boxes([line], [own, crossed, clear]) == 1
    assert glance.lines_through_boxes([line], [own, clear]) == 0
    assert glance.lines_through_boxes([], [crossed]) == 0
