"""The map at a glance: how fast its labels show, how many name the full view, overlaps, the file's size.

For a 2,260-paper and a 20,000-paper map (synthetic records as in ``bench/map_scale.py``: 60 topics on a
spiral in 12 and 16 areas, the reference corpus's abstracts and titles as their texts, so the file size is
that of real abstracts; no fit) written by the real ``topic_map_html``, opened in headless Chromium
(SwiftShader, no GPU) with a page of 1366x768 and 1920x1080: seconds from navigation to the first label
shown (polled by WebDriver) and to the map ready, and the page's own performance marks (the first labels
painted over the axes, then the WebGL points painted); labels shown at the full view (areas, topics);
overlapping pairs; the file's size and the seconds to write it. Writes ``bench/glance.json`` and the "Map
at a glance" section of RESULTS.md.

The side-by-side (``--part side``): the 2,260 reference papers fitted by the project (``python -m analysis
report``, its caches reused), their map coordinates and topic labels drawn by DataMapPlot's static
``create_plot`` (defaults, at 1366x768 and 1920x1080 px and its own default 1200x1200, system fonts; run
by ``bench/datamapplot_draw.py`` in its own venv, ``bench/datamapplot.txt``) and by the suite's
``topic_map.html`` in headless Chromium at 1366x768 and 1920x1080. Counted alike on both, from the drawn
label boxes and leader lines: labels shown at the full view, overlapping pairs of label boxes, pairs of
leader lines that cross (the suite's page is searched for shown lines in its label layer), and for the
suite the leader lines through another label. For the suite also: areas named at the full view, and for
each topic whether ``#topic=N`` (the map zoomed to that topic) names it, and overlaps at those zooms. Px
per text line: the median label box's height over its lines of text (the suite's boxes have some padding;
DataMapPlot picks one font size that fits all its labels around the map).

Not measured here yet (issue 35): the report's writing time against the fit's at 20,000 papers
(``bench/bench_large.py`` times the whole report).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script (make bench-glance): the project's own bench package
    sys.path.insert(0, str(ROOT))

from bench.map_scale import LABELS_SHOWN, synthetic_result  # noqa: E402

SECTION = "## Map at a glance"
MAPS = {2260: 12, 20000: 16}
SIZES = ((1366, 768), (1920, 1080))
CORPUS = ROOT.parent / "shared" / "corpora" / "iclr2024.jsonl"
# A label is shown: some .map-label is not hidden (the page places them after the first plot).
LABEL_SHOWN = "return [...document.querySelectorAll('.map-label')].some(l => !l.hidden)"
READY = "return document.querySelector('.map')?.dataset.ready === 'true'"
# Where the start-up time goes (seconds from navigation): the page's HTML parsed with plotly.js compiled and run
# (domInteractive), the data parsed, the papers rebuilt, the contents, filters and labels built, the points
# first labels shown and painted (over the axes, before the points), the points drawn and painted
# (performance.mark in topic_map.js). The painted mark is the first labelled paint; the polled first label
# comes later, when the page answers WebDriver (it is busy unpacking the abstracts by then).
STEPS = """
const n = performance.getEntriesByType('navigation')[0];
const marks = Object.fromEntries(performance.getEntriesByType('mark').map(e => [e.name, e.startTime]));
const s = (ms) => Math.round(ms) / 1000;
return {html_and_plotly: s(n.domInteractive), data_parsed: s(marks['map-parsed']), rebuilt: s(marks['map-rebuilt']),
        built: s(marks['map-built']), drawn: s(marks['map-drawn']), labelled: s(marks['map-labelled']),
        painted: s(marks['map-painted']), points_painted: s(marks['map-points-painted'])};
"""
DATAMAPPLOT_PYTHON = Path(os.environ.get("DATAMAPPLOT_PYTHON", "/work/venvs/datamapplot/bin/python"))
SIDE_SIZE = (1920, 1080)
# The side-by-side is drawn at both window sizes; the 1920x1080 screenshots keep their first names.
SIDE_SIZES = ((1366, 768), (1920, 1080))
# DataMapPlot's own default figure: 12 x 12 inches at 100 dpi (its labels' font follows the figure's size).
DATAMAPPLOT_DEFAULT = (1200, 1200)
# The page's labels and any line drawn in its label layer (a leader line would be an SVG line or path).
PAGE_LABELS = """
const layer = document.querySelector('.map-labels');
const labels = [...layer.querySelectorAll('.map-label')].filter(l => !l.hidden).map(l => {
  const r = l.getBoundingClientRect();
  return {level: l.dataset.level, group: Number(l.dataset.group), text: l.textContent,
          box: [r.left, r.top, r.right, r.bottom]};
});
const leaders = [...layer.querySelectorAll('line, polyline, path')].filter(l => l.style.display !== 'none').map(l => {
  const o = l.ownerSVGElement.getBoundingClientRect(), n = l.getTotalLength();
  const a = l.getPointAtLength(0), b = l.getPointAtLength(n);
  return [o.left + a.x, o.top + a.y, o.left + b.x, o.top + b.y];
});
// Plotly's own arrows and lines (annotations with an arrow, line shapes), were the page to draw leaders there.
const fl = document.querySelector('.map')._fullLayout;
const arrows = (fl.annotations || []).filter(a => a.visible && a.showarrow).length
  + (fl.shapes || []).filter(s => s.visible && s.type === 'line').length;
return {labels: labels, leaders: leaders, plotly_arrows: arrows};
"""
# #topic=N, then the labels once the page has relaid out the map (its own handler places them first).
ZOOM_TO = """
const [script, topic, done] = arguments;
const gd = document.querySelector('.map');
const timer = setTimeout(() => done(null), 20000);
gd.once('plotly_relayout', () => requestAnimationFrame(() => requestAnimationFrame(() => {
  clearTimeout(timer);
  done(new Function(script)());
})));
location.hash = '#topic=' + topic;
"""


def build(n: int, areas: int, out: Path, corpus: Path) -> tuple[Path, float]:
    """Write the synthetic map of ``n`` papers; its path and the seconds ``topic_map_html`` took."""
    import pandas as pd

    from analysis.report.topic_map import topic_map_html

    texts = titles = None
    if corpus.exists():
        records = pd.read_json(corpus, lines=True)
        texts, titles = records["abstract"].astype(str).tolist(), records["title"].astype(str).tolist()
    result = synthetic_result(n, abstracts=texts, titles=titles, areas=areas)
    start = time.perf_counter()
    page = topic_map_html(result)
    seconds = time.perf_counter() - start
    path = out / f"topic_map_{n}.html"
    path.write_text(page, encoding="utf-8")
    return path, seconds


def open_map(path: Path, width: int, height: int, timeout: float = 300) -> dict:
    """Seconds to the first shown label and to a ready map, labels shown at the full view and overlaps."""
    from selenium.webdriver.support.ui import WebDriverWait

    from analysis.figures.chromium import headless_chromium

    driver = headless_chromium(width, height, flags=("--enable-unsafe-swiftshader",))
    try:
        # The page itself (innerWidth x innerHeight) gets width x height, as in the browser tests.
        driver.get("about:blank")
        inner_w, inner_h = driver.execute_script("return [innerWidth, innerHeight]")
        driver.set_window_size(2 * width - inner_w, 2 * height - inner_h)
        driver.get(path.as_uri())  # returns once the page has loaded (its inline scripts have run)
        wait = WebDriverWait(driver, timeout, poll_frequency=0.02)
        wait.until(lambda d: d.execute_script(LABEL_SHOWN))
        labelled = driver.execute_script("return performance.now()") / 1000
        wait.until(lambda d: d.execute_script(READY))
        ready = driver.execute_script("return performance.now()") / 1000
        labels = driver.execute_script(LABELS_SHOWN)
        steps = driver.execute_script(STEPS)
        errors = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    finally:
        driver.quit()
    return {
        "window": f"{width}x{height}",
        "load_1m": round(os.getloadavg()[0], 2),
        "first_label_s": round(labelled, 2),
        "ready_s": round(ready, 2),
        "steps_s": steps,
        "areas_named": labels["levels"].count("area"),
        "topics_named": labels["levels"].count("topic"),
        "overlaps": len(labels["overlapping"]),
        "console_errors": errors[:3],
    }


def measure(out: Path, corpus: Path) -> list[dict]:
    """Every map at every window size."""
    rows = []
    for n, areas in MAPS.items():
        path, seconds = build(n, areas, out, corpus)
        for width, height in SIZES:
            row = {"papers": n, "areas": areas, "file_mb": round(path.stat().st_size / 1e6, 1)}
            row["write_s"] = round(seconds, 1)
            rows.append({**row, **open_map(path, width, height)})
    return rows


def box_overlaps(boxes: list[list[float]]) -> int:
    """Pairs of boxes ``[left, top, right, bottom]`` that overlap (boxes that only touch do not)."""
    return sum(
        1
        for i, (al, at, ar, ab) in enumerate(boxes)
        for bl, bt, br, bb in boxes[i + 1 :]
        if al < br and bl < ar and at < bb and bt < ab
    )


def _side(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> int:
    """Which side of the line a->b the point c is on: 1, -1, or 0 on it (at the pixels' displayed precision)."""
    cross = round((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]), 6)
    return (cross > 0) - (cross < 0)


def line_crossings(lines: list[list[float]]) -> int:
    """Pairs of segments ``[x0, y0, x1, y1]`` that cross, each strictly on both sides of the other.

    Segments that only touch (a shared end, an end on the other line) or lie on one line do not cross.
    """
    count = 0
    for i, (ax0, ay0, ax1, ay1) in enumerate(lines):
        a, b = (ax0, ay0), (ax1, ay1)
        for cx0, cy0, cx1, cy1 in lines[i + 1 :]:
            c, d = (cx0, cy0), (cx1, cy1)
            if _side(a, b, c) * _side(a, b, d) < 0 and _side(c, d, a) * _side(c, d, b) < 0:
                count += 1
    return count


def lines_through_boxes(lines: list[list[float]], boxes: list[list[float]]) -> int:
    """Pairs of a line and a box it passes through, not counting the box the line starts or ends at.

    A leader line runs from its own label's edge to a point: that label's box and any box holding the point
    (its dot under another label) are not counted; sampled at 200 points a line.
    """
    count = 0
    for x1, y1, x2, y2 in lines:
        points = [(x1 + (x2 - x1) * t / 199, y1 + (y2 - y1) * t / 199) for t in range(1, 199)]
        for left, top, right, bottom in boxes:
            ends = [(x1, y1), (x2, y2)]
            if any(left <= x <= right and top <= y <= bottom for x, y in ends):
                continue
            count += any(left < x < right and top < y < bottom for x, y in points)
    return count


def line_px(labels: list[dict]) -> float:
    """The median height in pixels of one line of the labels' text (their font's size as drawn), 0 without labels."""
    import statistics

    heights = [(lb["box"][3] - lb["box"][1]) / (lb["text"].count("\n") + 1) for lb in labels]
    return round(statistics.median(heights), 1) if heights else 0.0


def fit_iclr(corpus: Path, out: Path) -> Path:
    """The project's report of the reference corpus written to ``out`` (its embedding and fit caches reused)."""
    command = [sys.executable, "-m", "analysis", "report", str(corpus), "--out", str(out)]
    subprocess.run(command, check=True, cwd=ROOT)
    return out


def export_points(report: Path, path: Path) -> Path:
    """The map's coordinates, topic and area ids and labels of every paper, from ``documents.csv``."""
    import pandas as pd

    columns = ["x", "y", "topic", "topic_label", "area", "area_label"]
    pd.read_csv(report / "documents.csv")[columns].to_csv(path, index=False)
    return path


def draw_datamapplot(points: Path, png: Path, work: Path, size: tuple[int, int] = SIDE_SIZE) -> dict:
    """DataMapPlot's static map of ``points`` (in its own venv) and the counts on its drawn labels."""
    boxes = work / "datamapplot.json"
    width, height = size
    script = ROOT / "bench" / "datamapplot_draw.py"
    command = [str(DATAMAPPLOT_PYTHON), str(script), str(points), str(png), str(boxes), str(width), str(height)]
    subprocess.run(command, check=True)
    drawn = json.loads(boxes.read_text(encoding="utf-8"))
    shown = [label for label in drawn["labels"] if _inside(label["box"], drawn["width"], drawn["height"])]
    leaders = [label["leader"] for label in drawn["labels"] if label["leader"] is not None]
    return {
        "drawn_by": "DataMapPlot 0.7.3 create_plot",
        "window": f"{width}x{height}",
        "labels_shown": len(shown),
        "overlaps": box_overlaps([label["box"] for label in shown]),
        "leader_lines": len(leaders),
        "leader_crossings": line_crossings(leaders),
        "line_px": line_px(shown),
        "draw_s": drawn["seconds"],
    }


def _inside(box: list[float], width: float, height: float) -> bool:
    """Whether a box has some part inside a ``width`` x ``height`` picture."""
    return box[2] > 0 and box[0] < width and box[3] > 0 and box[1] < height


def open_suite(page: Path, png: Path, topics: list[int], size: tuple[int, int] = SIDE_SIZE) -> dict:
    """The suite's map at the full view (screenshot to ``png``) and zoomed to each topic by ``#topic=N``."""
    from selenium.webdriver.support.ui import WebDriverWait

    from analysis.figures.chromium import headless_chromium

    width, height = size
    driver = headless_chromium(width, height, flags=("--enable-unsafe-swiftshader",))
    try:
        driver.get("about:blank")
        inner_w, inner_h = driver.execute_script("return [innerWidth, innerHeight]")
        driver.set_window_size(2 * width - inner_w, 2 * height - inner_h)
        driver.get(page.as_uri())
        WebDriverWait(driver, 300, poll_frequency=0.05).until(lambda d: d.execute_script(READY))
        full = driver.execute_script(PAGE_LABELS)
        driver.save_screenshot(str(png))
        driver.set_script_timeout(60)
        zoomed = {topic: driver.execute_async_script(ZOOM_TO, PAGE_LABELS, topic) for topic in topics}
        errors = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    finally:
        driver.quit()
    return {**suite_counts(full, zoomed, errors), "window": f"{width}x{height}"}


def suite_counts(full: dict, zoomed: dict[int, dict | None], errors: list[str]) -> dict:
    """The side-by-side's counts of the suite's page at the full view and at each topic's zoom."""
    named = [t for t, page in zoomed.items() if page and any(_names(label, t) for label in page["labels"])]
    return {
        "drawn_by": "the suite's topic_map.html",
        "window": "x".join(map(str, SIDE_SIZE)),
        "labels_shown": len(full["labels"]),
        "areas_named": sum(label["level"] == "area" for label in full["labels"]),
        "area_ids_named": sorted(label["group"] for label in full["labels"] if label["level"] == "area"),
        "topics_named_full_view": sum(label["level"] == "topic" for label in full["labels"]),
        "overlaps": box_overlaps([label["box"] for label in full["labels"]]),
        # Measured from the page: the SVG lines in its label layer, from their first to their last point.
        "leader_lines": len(full["leaders"]),
        "leader_crossings": line_crossings(full["leaders"]),
        "leaders_through_labels": lines_through_boxes(full["leaders"], [label["box"] for label in full["labels"]]),
        "plotly_arrows": full.get("plotly_arrows", 0),
        "line_px": line_px(full["labels"]),
        "topics": len(zoomed),
        "topics_named_zoomed": len(named),
        "topics_not_named_zoomed": sorted(set(zoomed) - set(named)),
        "overlaps_zoomed": sum(box_overlaps([lb["box"] for lb in page["labels"]]) for page in zoomed.values() if page),
        "console_errors": errors[:3],
    }


def _names(label: dict, topic: int) -> bool:
    """Whether a shown label is the one of ``topic``."""
    return label["level"] == "topic" and label["group"] == topic


def side_by_side(corpus: Path, out_dir: Path, work: Path, report: Path | None = None) -> dict:
    """Both drawings of the reference corpus's fit, their screenshots in ``out_dir`` and their counts."""
    import pandas as pd

    report = report or fit_iclr(corpus, work / "iclr")
    points = export_points(report, work / "iclr_points.csv")
    topics = sorted(pd.read_csv(points)["topic"].unique().tolist())
    table = pd.read_csv(points)
    areas = table.drop_duplicates("area").set_index("area")["area_label"]
    side: dict = {"papers": len(table), "areas": len(areas), "sizes": []}
    for size in SIDE_SIZES:
        tail = "" if size == SIDE_SIZE else f"_{size[0]}x{size[1]}"
        dmp = draw_datamapplot(points, out_dir / f"glance_side_datamapplot{tail}.png", work, size)
        suite = open_suite(report / "topic_map.html", out_dir / f"glance_side_suite{tail}.png", topics, size)
        for png in (f"glance_side_datamapplot{tail}.png", f"glance_side_suite{tail}.png"):
            shrink(out_dir / png)
        missing = sorted(set(areas.index) - set(suite["area_ids_named"]))
        suite["areas_not_named"] = [f"{a}: {areas[a]}" for a in missing]
        side["sizes"].append({"datamapplot": dmp, "suite": suite})
    side["datamapplot_default_size"] = draw_datamapplot(
        points, work / "datamapplot_default.png", work, DATAMAPPLOT_DEFAULT
    )
    return side


def shrink(png: Path, width: int = 1280) -> None:
    """The screenshot at ``width`` pixels wide, as a palette PNG (a modest file to commit)."""
    from PIL import Image

    with Image.open(png) as image:
        small = image.convert("RGB").resize(
            (width, round(image.height * width / image.width)), Image.Resampling.LANCZOS
        )
    small.quantize(256).save(png, optimize=True)


def section(result: dict) -> str:
    """The RESULTS.md section of one run: the maps' table where they were measured, then the side-by-side."""
    lines = [SECTION, ""]
    if "rows" in result:
        lines += maps_section(result)
    if "side_by_side" in result:
        lines += side_section(result["side_by_side"])
    return "\n".join(lines)


def maps_section(result: dict) -> list[str]:
    """The synthetic maps' lines of the section."""
    lines = [
        f"{result['date']} on {result['machine']}, load average {result['load_start']} at the start "
        f"and {result.get('load_end', '?')} at the end; each row's 1-minute load is written beside it.",
        "",
        "| papers | areas | window | load | first label s (polled) | ready s | areas named | topics named | overlaps "
        "| MB | write s |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in result["rows"]:
        lines.append(
            f"| {r['papers']} | {r['areas']} | {r['window']} | {r.get('load_1m', '?')} | {r['first_label_s']} | "
            f"{r['ready_s']} | {r['areas_named']} | {r['topics_named']} | {r['overlaps']} | {r['file_mb']} | "
            f"{r['write_s']} |"
        )
    lines += ["", "Where the time to the first label goes (seconds from navigation, the page's performance marks):", ""]
    lines += [
        "| papers | window | HTML parsed, plotly.js run | data parsed | built | labels shown | labels painted "
        "| points drawn | points painted |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in result["rows"]:
        t = r.get("steps_s") or {}
        steps = ("html_and_plotly", "data_parsed", "built", "labelled", "painted", "drawn", "points_painted")
        cells = [t.get(k, "?") for k in steps]
        lines.append(f"| {r['papers']} | {r['window']} | " + " | ".join(map(str, cells)) + " |")
    return [*lines, "", __doc__.split("\n\n")[1].replace("\n", " "), ""]


def side_section(side: dict) -> list[str]:
    """The side-by-side's lines of the section."""
    lines = [
        f"### Side by side with DataMapPlot: the {side['papers']:,} reference papers, one fit",
        "",
        f"{side['date']} on {side['machine']}, load average {side['load_start']} at the start.",
        "",
        "| drawn by | window | labels shown at the full view | overlapping pairs | leader lines | crossing pairs "
        "| lines through labels | px per text line |",
        "|---|---|---|---|---|---|---|---|",
    ]
    sizes = side.get("sizes") or [{"datamapplot": side["datamapplot"], "suite": side["suite"]}]
    for pair in sizes:
        dmp, suite = pair["datamapplot"], pair["suite"]
        lines.append(
            f"| {dmp['drawn_by']} (topic labels) | {dmp['window']} | {dmp['labels_shown']} | {dmp['overlaps']} | "
            f"{dmp['leader_lines']} | {dmp['leader_crossings']} | - | {dmp['line_px']} |"
        )
        lines.append(
            f"| {suite['drawn_by']} | {suite['window']} | {suite['labels_shown']} ({suite['areas_named']} areas, "
            f"{suite['topics_named_full_view']} topics) | {suite['overlaps']} | {suite['leader_lines']} | "
            f"{suite['leader_crossings']} | {suite.get('leaders_through_labels', '?')} | {suite['line_px']} |"
        )
    default = side.get("datamapplot_default_size")
    if default:
        lines.append(
            f"| {default['drawn_by']} (topic labels), its default figure | {default['window']} | "
            f"{default['labels_shown']} | {default['overlaps']} | {default['leader_lines']} | "
            f"{default['leader_crossings']} | - | {default['line_px']} |"
        )
    lines.append("")
    for pair in sizes:
        suite = pair["suite"]
        missed = ", ".join(map(str, suite["topics_not_named_zoomed"])) or "none"
        unnamed = "; ".join(suite.get("areas_not_named", [])) or "none"
        lines += [
            f"At {suite['window']} the suite's map names {suite['areas_named']} of the fit's {side['areas']} areas "
            f"at the full view (not named: {unnamed}); zoomed to each topic (`#topic=N`) it names "
            f"{suite['topics_named_zoomed']} of the {suite['topics']} topics (not named: {missed}), with "
            f"{suite['overlaps_zoomed']} overlapping pairs over all those zooms.",
            "",
        ]
    dmp = sizes[-1]["datamapplot"]
    lines += [
        "The suite's leader lines are counted from the page: visible SVG lines in its label layer; "
        f"{sizes[-1]['suite'].get('plotly_arrows', 0)} Plotly arrows or line shapes. DataMapPlot drew in "
        f"{dmp['draw_s']} s at {dmp['window']}. Screenshots (1280 px wide): `glance_side_datamapplot.png`, "
        "`glance_side_suite.png` (1920x1080), `glance_side_datamapplot_1366x768.png`, "
        "`glance_side_suite_1366x768.png`.",
        "",
        __doc__.split("\n\n")[2].replace("\n", " "),
        "",
    ]
    return lines


def write(result: dict, out_dir: Path) -> None:
    """glance.json, and the section of RESULTS.md replaced (the sections after it kept)."""
    (out_dir / "glance.json").write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    md = out_dir / "RESULTS.md"
    text = md.read_text(encoding="utf-8") if md.exists() else "# Benchmark results\n"
    before, _, after = text.partition(SECTION)
    rest = after[after.find("\n## ") :] if "\n## " in after else ""
    md.write_text(before.rstrip() + "\n\n" + section(result) + rest, encoding="utf-8")


def machine() -> str:
    """The CPU's model name (``lscpu``) and its cores."""
    model = platform.processor() or platform.machine()
    try:
        for line in subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout.splitlines():
            if line.startswith("Model name:"):
                model = line.split(":", 1)[1].strip()
    except (OSError, subprocess.CalledProcessError):
        pass  # no lscpu: the architecture stands for the model
    return f"{model}, {os.cpu_count()} cores"


def run_header() -> dict:
    """Date, machine and load of one run."""
    return {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "machine": machine(),
        "load_start": [round(x, 2) for x in os.getloadavg()],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--out", type=Path, default=ROOT / "bench")
    parser.add_argument("--part", choices=("maps", "side", "all"), default="all", help="what to measure again")
    parser.add_argument("--report", type=Path, help="the reference corpus's report folder, instead of fitting")
    args = parser.parse_args(argv)
    previous = args.out / "glance.json"
    result = json.loads(previous.read_text(encoding="utf-8")) if previous.exists() else {}
    with tempfile.TemporaryDirectory() as work:
        if args.part in ("maps", "all"):
            result.update(run_header())
            result["rows"] = measure(Path(work), args.corpus)
            result["load_end"] = [round(x, 2) for x in os.getloadavg()]
        if args.part in ("side", "all"):
            side = run_header()
            side.update(side_by_side(args.corpus, args.out, Path(work), args.report))
            result["side_by_side"] = {**side, "load_end": [round(x, 2) for x in os.getloadavg()]}
    write(result, args.out)
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
