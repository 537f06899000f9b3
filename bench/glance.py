"""The map at a glance: how fast its labels show, how many name the full view, overlaps, the file's size.

For a 2,260-paper and a 20,000-paper map (synthetic records as in ``bench/map_scale.py``: 60 topics on a
spiral in 12 and 16 areas, the reference corpus's abstracts and titles as their texts, so the file size is
that of real abstracts; no fit) written by the real ``topic_map_html``, opened in headless Chromium
(SwiftShader, no GPU) with a page of 1366x768 and 1920x1080: seconds from navigation to the first label shown, and to
the map ready; labels shown at the full view (areas, topics); overlapping pairs; the file's size and
the seconds to write it. Writes ``bench/glance.json`` and the "Map at a glance" section of RESULTS.md.

Not measured here yet (issue 35): the 2,260 reference papers' own fit, the report's writing time against
the fit's at 20,000 papers (``bench/bench_large.py`` times the whole report) and the side-by-side with
DataMapPlot.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
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
        errors = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
    finally:
        driver.quit()
    return {
        "window": f"{width}x{height}",
        "first_label_s": round(labelled, 2),
        "ready_s": round(ready, 2),
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


def section(result: dict) -> str:
    """The RESULTS.md section of one run."""
    lines = [
        SECTION,
        "",
        f"{result['date']} on {result['machine']}, load average {result['load_start']} at the start.",
        "",
        "| papers | areas | window | first label s | ready s | areas named | topics named | overlaps | MB | write s |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in result["rows"]:
        lines.append(
            f"| {r['papers']} | {r['areas']} | {r['window']} | {r['first_label_s']} | {r['ready_s']} | "
            f"{r['areas_named']} | {r['topics_named']} | {r['overlaps']} | {r['file_mb']} | {r['write_s']} |"
        )
    lines += ["", __doc__.split("\n\n")[1].replace("\n", " "), ""]
    return "\n".join(lines)


def write(result: dict, out_dir: Path) -> None:
    """glance.json, and the section of RESULTS.md replaced (the sections after it kept)."""
    (out_dir / "glance.json").write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    md = out_dir / "RESULTS.md"
    text = md.read_text(encoding="utf-8") if md.exists() else "# Benchmark results\n"
    before, _, after = text.partition(SECTION)
    rest = after[after.find("\n## ") :] if "\n## " in after else ""
    md.write_text(before.rstrip() + "\n\n" + section(result) + rest, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--out", type=Path, default=ROOT / "bench")
    args = parser.parse_args(argv)
    result = {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "machine": f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores",
        "load_start": [round(x, 2) for x in os.getloadavg()],
    }
    with tempfile.TemporaryDirectory() as work:
        result["rows"] = measure(Path(work), args.corpus)
    result["load_end"] = [round(x, 2) for x in os.getloadavg()]
    write(result, args.out)
    print(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
