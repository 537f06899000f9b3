"""Figures: asserted on ``fig.to_dict()``; static files checked for format, size and resolution."""

from __future__ import annotations

import math
import struct
import xml.etree.ElementTree as ET
import zlib

import numpy as np
import pytest

from analysis import figures
from analysis.figures import export
from analysis.figures.map import (
    equal_scale_frame,
    label_size,
    map_frame,
    place_labels,
    topic_label_annotations,
    topic_label_offsets,
)
from analysis.figures.style import OKABE_ITO, OTHER_COLOR, theme_colors, topic_titles
from analysis.model import measures
from analysis.model.labels import label_lines
from analysis.text import escape, shorten


def _points(fig, visible_only=True) -> int:
    """Points drawn (an area's legend entry holds one point at no place, None)."""
    data = fig.to_dict()["data"]
    shown = [t for t in data if not visible_only or t.get("visible", True) is not False]
    return sum(sum(x is not None for x in t["x"]) for t in shown)


def test_theme_colours_are_fixed_okabe_ito_and_other_is_grey(seed_result):
    colors = theme_colors(seed_result.themes)
    names = [t.name for t in seed_result.themes.themes]
    assert [colors[n] for n in names] == list(OKABE_ITO[: len(names)])
    assert colors["other"] == OTHER_COLOR
    assert len(set(colors.values())) == len(colors)


def test_topic_sizes_bars_sum_to_papers_and_use_theme_colours(seed_result):
    fig = figures.plot_topic_sizes(seed_result).to_dict()
    colors = theme_colors(seed_result.themes)
    assert {t["type"] for t in fig["data"]} == {"bar"}
    assert sum(sum(t["x"]) for t in fig["data"]) == len(seed_result.documents)
    for trace in fig["data"]:
        assert trace["marker"]["color"] == colors[trace["name"]]
    labels = [y for t in fig["data"] for y in t["y"]]
    # Axis labels are shortened to 48 characters (the seeds' "1: Mixed: retrieval-augmented generation…").
    assert sorted(labels) == sorted(
        shorten(f"{t}: {lab}", 48)
        for t, lab in zip(seed_result.topics["topic"], seed_result.topics["label"], strict=True)
    )
    assert fig["layout"]["yaxis"]["categoryarray"][-1].startswith(
        f"{seed_result.topics['topic'].iloc[0]}:"
    )  # largest on top


def test_top_terms_has_one_chart_per_topic_with_model_terms(seed_result):
    fig = figures.plot_top_terms(seed_result, n_terms=5).to_dict()
    assert len(fig["data"]) == len(seed_result.topics)
    for trace, topic in zip(fig["data"], seed_result.topics["topic"], strict=True):
        expected = [w for w, _ in seed_result.model.get_topic(int(topic))[:5]]
        assert trace["y"][::-1] == expected
        assert list(trace["x"]) == sorted(trace["x"])  # strongest term drawn at the top
    titles = [a["text"] for a in fig["layout"]["annotations"]]
    assert titles[0].startswith(f"{seed_result.topics['topic'].iloc[0]}: ")


def test_theme_counts_count_a_paper_in_every_list_it_appeared_in(seed_result):
    counts = measures.theme_counts(seed_result)
    totals = counts.groupby("list")["papers"].sum()
    assert totals["all papers"] == 26
    assert totals["000_9a806cafa3d919df.txt"] == 19 and totals["001_2da18ae08bb855ef.txt"] == 19
    assert np.allclose(counts.groupby("list")["share"].sum(), 1.0, atol=1e-3)


def test_theme_breakdown_rows_overall_and_per_list(seed_result):
    fig = figures.plot_theme_breakdown(seed_result).to_dict()
    assert fig["layout"]["barmode"] == "stack"
    rows = fig["data"][0]["y"]
    assert rows[0] == "all papers (26)" and len(rows) == 3
    # The seed lists' hash-like file names read as short stems.
    assert [row.split(" (")[0] for row in rows[1:]] == ["000_9a806c…", "001_2da18a…"]
    shares = np.sum([t["x"] for t in fig["data"]], axis=0)
    assert np.allclose(shares, 100, atol=0.5)
    assert [t["name"] for t in fig["data"]] == seed_result.themes.names


def test_source_lists_parse_provenance():
    assert measures.source_lists("a.txt:1; b.txt:8; a.txt:3") == ["a.txt", "b.txt"]
    assert measures.source_lists("C:/x/a.csv:12") == ["C:/x/a.csv"]


def _label_boxes(fig_dict, frame):
    boxes = []
    for note in fig_dict["layout"]["annotations"]:
        if not note["name"].startswith("topic-"):
            continue  # paper names (tested in test_labels.py)
        ((px, py),) = frame.to_pixels([note["x"]], [note["y"]])
        dx, dy = (note["ax"], note["ay"]) if note["showarrow"] else (0, 0)
        text = note["text"].removeprefix("<b>").removesuffix("</b>")
        w, h = label_size(text)
        boxes.append((px + dx - w / 2, py + dy - h / 2, px + dx + w / 2, py + dy + h / 2))
    return boxes


def test_map_has_one_point_per_paper_and_non_overlapping_topic_labels(seed_result):
    fig = figures.plot_map(seed_result)
    data = fig.to_dict()
    assert {t["type"] for t in data["data"]} == {"scatter"}
    assert _points(fig) == len(seed_result.documents)
    rows = sorted(i for t in data["data"] for i, *_ in t.get("customdata", []))  # the legend's area entries: none
    assert rows == list(range(len(seed_result.documents)))
    frame = map_frame(seed_result.documents, 1200, 760)
    boxes = _label_boxes(data, frame)
    assert len(boxes) == len(seed_result.topics)  # every seed topic gets its label
    width, height = frame.plot_size
    for i, a in enumerate(boxes):
        assert a[0] >= 0 and a[1] >= 0 and a[2] <= width and a[3] <= height
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], "labels overlap"


def test_map_hover_carries_name_blurb_topic_theme_sources(seed_result):
    data = figures.plot_map(seed_result).to_dict()["data"]
    row = {c[0]: c for t in data for c in t.get("customdata", [])}[1]  # WASH, the second seed paper
    assert row[1] == "WASH"
    assert row[2].startswith("Watermarking embeds statistical signatures")
    assert row[4] == seed_result.documents.loc[1, "theme"]
    assert "000_9a806cafa3d919df.txt:2" in row[5]
    assert "%{customdata[1]}" in data[-1]["hovertemplate"]  # the first traces are the areas' legend entries


def test_map_colour_switch_has_theme_traces_shown_and_topic_traces_hidden(seed_result):
    fig = figures.plot_map(seed_result, color_by="both")
    traces = fig.to_dict()["data"]
    themes = [t for t in traces if t["meta"]["group"] == "theme"]
    topics = [t for t in traces if t["meta"]["group"] == "topic"]
    assert len(topics) == len(seed_result.topics) and all(t["visible"] is False for t in topics)
    assert sum(len(t["x"]) for t in themes) == sum(len(t["x"]) for t in topics) == len(seed_result.documents)
    assert _points(fig) == len(seed_result.documents)
    with pytest.raises(ValueError, match="'area', 'theme', 'topic' or 'both'"):
        figures.plot_map(seed_result, color_by="size")


def test_static_map_is_coloured_by_area_with_topics_as_shades_and_a_legend_by_area(seed_result):
    from analysis.figures.style import map_groups

    fig = figures.plot_map(seed_result)
    data = fig.to_dict()
    groups = map_groups(seed_result)
    legend = [t for t in data["data"] if t["meta"]["group"] == "area"]
    assert [t["name"] for t in legend] == [g["label"] for g in groups["area"]]  # 2 seed areas
    assert [t["marker"]["color"] for t in legend] == [g["color"] for g in groups["area"]]
    assert all(t["x"] == [None] and t["y"] == [None] for t in legend)  # in the legend, not on the map
    assert [t["uid"] for t in legend] == [f"area-{g['id']}" for g in groups["area"]]  # no random id in the SVG
    topics = [t for t in data["data"] if t["meta"]["group"] == "topic"]
    assert all(t["showlegend"] is False for t in topics)
    shade = {f"topic-{g['id']}": (g["color"], f"area-{g['area']}") for g in groups["topic"]}
    assert {t["uid"]: (t["marker"]["color"], t["legendgroup"]) for t in topics} == shade
    assert _points(fig) == len(seed_result.documents)
    assert data["layout"]["title"]["text"].endswith("(colour: area)")
    assert data["layout"]["legend"]["title"]["text"] == "area "


def test_map_hover_text_is_escaped(hostile_result):
    data = figures.plot_map(hostile_result, color_by="both").to_dict()
    text = repr(data)
    assert "<script>" not in text and "<img" not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text


def test_place_labels_never_overlaps_even_when_anchors_coincide():
    anchors = np.full((12, 2), 300.0)
    sizes = [(120.0, 26.0)] * 12
    offsets = place_labels(anchors, sizes, np.empty((0, 2)), (600, 600))
    placed = [(300 + dx - 60, 300 + dy - 13, 300 + dx + 60, 300 + dy + 13) for dx, dy in filter(None, offsets)]
    assert len(placed) >= 8  # crowded, yet most labels find a free spot
    for i, a in enumerate(placed):
        for b in placed[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def test_equal_scale_frame_is_the_widget_canvas():
    # map_widget.js's projection: one scale on both axes, centred, PAD pixels of margin, y up.
    x, y = np.array([-2.0, 1.0, 0.5]), np.array([0.0, 1.5, 1.0])
    frame = equal_scale_frame(x, y, 640, 520, 24)
    scale = min((640 - 48) / 3.0, (520 - 48) / 1.5)
    off_x, off_y = (640 - scale * 3.0) / 2, (520 - scale * 1.5) / 2
    expected = np.column_stack([off_x + (x + 2.0) * scale, 520 - off_y - y * scale])
    assert np.allclose(frame.to_pixels(x, y), expected)
    assert frame.plot_size == (640, 520)
    # One paper: no span; as in the widget a span of 1 is assumed (scale 472, the paper at the low corner).
    assert np.allclose(equal_scale_frame([1.0], [2.0], 640, 520, 24).to_pixels([1.0], [2.0]), [[84, 496]])


def test_a_long_topic_label_takes_two_lines_on_the_map_not_an_ellipsis():
    # Broken between the label's parts where a part fits a line.
    assert label_lines("Mixed: data contamination, safety alignment techniques") == (
        "Mixed: data contamination,\nsafety alignment techniques"
    )
    assert label_lines("equivariant neural networks and equivariance") == (
        "equivariant neural networks\nand equivariance"
    )
    # Else where the two lines are most even; a line still too long is shortened.
    assert label_lines("one two three four five six seven eight nine ten eleven") == (
        "one two three four five six\nseven eight nine ten eleven"
    )
    assert label_lines("x" * 50) == "x" * 41 + "…"
    assert label_lines("diffusion models") == "diffusion models"
    assert label_size("Mixed: data contamination,\nsafety alignment techniques") == label_size(
        "Mixed: data contamination,<br>safety alignment techniques"
    )
    (width, height), (one_width, one_height) = label_size("a\nbb"), label_size("bb")
    assert width == one_width and height > one_height


def test_the_seed_maps_longest_label_is_shown_whole(seed_result):
    longest = max(seed_result.topics["label"], key=len)
    assert len(longest) > 42  # the seeds' "Mixed: retrieval-augmented generation and text-attributed graphs"
    notes = figures.plot_map(seed_result).to_dict()["layout"]["annotations"]
    texts = [n["text"] for n in notes if n["name"].startswith("topic-")]
    shown = "<b>" + "<br>".join(escape(line) for line in label_lines(longest).split("\n")) + "</b>"
    assert shown in texts and "…" not in shown


def test_the_maps_topic_labels_are_the_one_placement(seed_result):
    documents = seed_result.documents
    frame = map_frame(documents, 640, 520)
    ids = [int(t) for t in seed_result.topics["topic"]]
    centres = documents.groupby("topic")[["x", "y"]].mean().loc[ids].to_numpy()
    texts = [label_lines(label) for label in seed_result.topics["label"]]
    offsets = topic_label_offsets(frame, centres, documents[["x", "y"]].to_numpy(), texts)
    notes = topic_label_annotations(seed_result, frame)
    assert [(n["ax"], n["ay"]) for n in notes] == [o for o in offsets if o is not None]
    assert [n["showarrow"] for n in notes] == [o != (0.0, 0.0) for o in offsets if o is not None]


def test_similarity_heatmap_is_square_with_unit_diagonal(seed_result):
    fig = figures.plot_topic_similarity(seed_result).to_dict()
    (trace,) = fig["data"]
    z = np.array(trace["z"])
    k = len(seed_result.topics)
    assert trace["type"] == "heatmap" and z.shape == (k, k)
    assert np.allclose(np.diag(z), 1.0, atol=1e-3) and np.allclose(z, z.T)
    assert trace["x"] == trace["y"] and len(trace["x"]) == k


def test_hierarchy_names_every_topic(seed_result):
    fig = figures.plot_topic_hierarchy(seed_result).to_dict()
    assert {t["type"] for t in fig["data"]} == {"scatter"}
    ticks = fig["layout"]["yaxis"]["ticktext"]
    assert sorted(ticks) == sorted(topic_titles(seed_result, limit=44).values())


def test_hierarchy_draws_each_merge_at_its_height_leaves_top_down(seed_result):
    from scipy.cluster.hierarchy import linkage
    from scipy.spatial.distance import pdist

    from analysis.model.themes import round_as_shown

    ids, centroids = measures.table_centroids(seed_result)
    fig = figures.plot_topic_hierarchy(seed_result)
    tree = linkage(round_as_shown(np.clip(pdist(centroids, metric="cosine"), 0, None)), method="average")
    assert len(fig.data) == len(ids) - 1
    assert list(fig.layout.yaxis.tickvals) == [-5.0 - 10 * i for i in range(len(ids))]
    assert max(max(t.x) for t in fig.data) == pytest.approx(tree[-1, 2])
    assert all(min(t.x) >= 0 and max(t.y) < 0 for t in fig.data)


def test_the_hierarchy_is_drawn_without_importing_figure_factory():
    # plotly.figure_factory imports nbformat and jsonschema: about a second of every report.
    import subprocess
    import sys

    code = (
        "import sys, numpy as np\n"
        "from analysis.figures.topic_hierarchy import _dendrogram\n"
        "fig = _dendrogram(np.eye(4) + 0.1, list('abcd'), 1200, 400)\n"
        "assert len(fig.data) == 3, len(fig.data)\n"
        "print(sorted(m for m in ('plotly.figure_factory', 'nbformat', 'jsonschema') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_hierarchy_with_one_topic_says_so(seed_result):
    import dataclasses

    one = dataclasses.replace(
        seed_result,
        documents=seed_result.documents.assign(topic=0, topic_label="all"),
        topics=seed_result.topics.head(1).assign(topic=0, label="all", size=26),
    )
    fig = figures.plot_topic_hierarchy(one).to_dict()
    assert fig["data"] == [] or fig["data"] == ()
    assert "Only one topic" in fig["layout"]["annotations"][0]["text"]


def _tiny_png(width=3, height=2) -> bytes:
    raw = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def test_png_dpi_tag_round_trips_and_replaces_an_old_one():
    png = export.set_png_dpi(_tiny_png(), 300)
    assert export.png_size(png) == (3, 2)
    assert math.isclose(export.png_dpi(png), 300, abs_tol=0.1)
    again = export.set_png_dpi(png, 192)
    assert again.count(b"pHYs") == 1 and math.isclose(export.png_dpi(again), 192, abs_tol=0.1)
    with pytest.raises(ValueError):
        export.set_png_dpi(b"GIF89a", 150)


def test_stable_svg_renames_random_ids_consistently():
    svg = '<svg><defs id="defs-a1b2c3"/><g clip-path="url(#clipa1b2c3xy)"/><g id="topdefs-ffee00"/></svg>'
    assert export.stable_svg(svg) == (
        '<svg><defs id="defs-000000"/><g clip-path="url(#clip000000xy)"/><g id="topdefs-000001"/></svg>'
    )


def test_static_files_are_valid_png_and_svg_of_the_expected_size(seed_report_dir, seed_result):
    if not (seed_report_dir / "map.png").exists():
        pytest.skip("no Chromium: static export was skipped (report.md says why)")
    for stem, fig in figures.report_figures(seed_result).items():
        png = (seed_report_dir / f"{stem}.png").read_bytes()
        expected = (fig.layout.width * export.EXPORT_SCALE, fig.layout.height * export.EXPORT_SCALE)
        assert export.png_size(png) == expected, stem
        assert export.png_dpi(png) >= 150
        root = ET.fromstring((seed_report_dir / f"{stem}.svg").read_bytes())
        assert root.tag.endswith("svg")
        assert float(root.get("width")) == fig.layout.width and float(root.get("height")) == fig.layout.height


def test_static_map_svg_shows_every_topic_label(seed_report_dir, seed_result):
    if not (seed_report_dir / "map.svg").exists():
        pytest.skip("no Chromium: static export was skipped")
    svg = (seed_report_dir / "map.svg").read_text(encoding="utf-8")
    assert svg.count('class="point plotly-customdata"') == len(seed_result.documents)
    for label in seed_result.topics["label"]:
        for line in label_lines(label).split("\n"):
            assert f">{escape(line)}<" in svg, line


def test_no_chromium_raises_a_clear_reason(monkeypatch, tmp_path, seed_result):
    monkeypatch.setenv("BROWSER_PATH", str(tmp_path / "no-such-chromium"))
    with pytest.raises(figures.StaticExportError, match="no Chromium found"):
        figures.export_static({"map": figures.plot_map(seed_result)}, tmp_path / "out")
    assert not (tmp_path / "out" / "map.png").exists()


def test_stable_svg_neutralises_per_render_gradient_ids():
    first = '<linearGradient id="ga90035-cbsimilarity"/><rect fill="url(#ga90035-cbsimilarity)"/>'
    second = '<linearGradient id="g8990e5-cbsimilarity"/><rect fill="url(#g8990e5-cbsimilarity)"/>'
    assert (
        export.stable_svg(first)
        == export.stable_svg(second)
        == ('<linearGradient id="g000000-cbsimilarity"/><rect fill="url(#g000000-cbsimilarity)"/>')
    )
    assert export.stable_svg("<text>good-cb</text>") == "<text>good-cb</text>"
