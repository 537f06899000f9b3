"""What several test modules share, in one place: seed names, hostile text, doubles, runners and browser waits.

Test modules import from here (``from helpers import ...``: pytest puts
``tests/`` on the path, beside ``conftest.py``), never from one another or
from ``conftest.py``, which holds the fixtures.
"""

from __future__ import annotations

import contextlib
import errno
import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import numpy as np

from analysis.config import ROOT

SEED_A = "000_9a806cafa3d919df.txt"
SEED_B = "001_2da18ae08bb855ef.txt"
# The 26 seed papers' MiniLM vectors (load_corpus order), committed so that a
# session does not embed them; tests/embedding/test_cache.py checks they equal
# a fresh embedding (slow suite).
SEED_VECTORS = Path(__file__).parent / "data" / "seed_minilm.npy"


def warm_seed_vectors(cache: Path) -> None:
    """Put the seeds' MiniLM vectors (:data:`SEED_VECTORS`) in an embedding cache folder: MiniLM need not run."""
    from analysis import load_corpus
    from analysis.config import SEEDS_DIR
    from analysis.embedding.cache import EmbeddingCache, document_texts
    from analysis.embedding.registry import select_backend

    vectors = np.load(SEED_VECTORS)
    texts = document_texts(load_corpus(SEEDS_DIR))
    assert len(vectors) == len(texts), "the seeds changed: regenerate tests/data/seed_minilm.npy (see test_cache.py)"
    store = EmbeddingCache(cache / select_backend("minilm").identity)
    if store.missing(texts):
        store.add(texts, vectors)


# An abstract that tries to run script in every HTML output; it must show as text.
HOSTILE = "<script>alert(1)</script> <img src=x onerror=alert(1)>"
# What the seeds report writes as text (tests/end_to_end/test_pipeline.py, test_portability.py).
TEXT_FILES = [
    "documents.csv",
    "topics.csv",
    "topic_map.html",
    "topic_terms.html",
    "topic_hierarchy.html",
    "topic_similarity.html",
    "list_comparison.html",
    "report.html",
    "report.md",
    "reading_list.bib",
]


def ctrl_c_reaches() -> None:
    """``preexec_fn`` of a child process that a test interrupts: SIGINT back to its default action.

    A test run started in the background (``make test &`` from a script) ignores
    SIGINT, and children inherit that: their Python would never raise
    KeyboardInterrupt, and a test of Ctrl-C would fail for the wrong reason.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Lines:
    """The lines a child process writes to one of its pipes, read by a thread so that a wait on them has a timeout.

    A test that waits for a line its child should write (a step reached, a
    message) must fail, not hang, when the child never writes it.
    """

    def __init__(self, stream) -> None:
        self.seen: list[str] = []
        self._queue: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._pump, args=(stream,), daemon=True).start()

    def _pump(self, stream) -> None:
        for line in iter(stream.readline, ""):
            self._queue.put(line)
        self._queue.put(None)  # end of the stream: the child closed it or exited

    def until(self, found: Callable[[str], bool], timeout: float = 120.0) -> str:
        """The first new line for which ``found`` is true.

        Raises:
            AssertionError: The stream ended, or no such line came within ``timeout`` seconds.
        """
        while True:
            try:
                line = self._queue.get(timeout=timeout)
            except queue.Empty:
                raise AssertionError(f"no such line within {timeout} s; last lines: {self.seen[-5:]}") from None
            if line is None:
                self._queue.put(None)  # later waits also see the end
                raise AssertionError(f"the stream ended without such a line; last lines: {self.seen[-5:]}")
            self.seen.append(line)
            if found(line):
                return line

    def to_the_end(self, timeout: float = 60.0) -> str:
        """Every line seen, once the stream has ended (every process holding it has closed it or exited).

        Raises:
            AssertionError: The stream is still open after ``timeout`` seconds.
        """
        with contextlib.suppress(AssertionError):
            self.until(lambda line: False, timeout=timeout)
        if self._queue.empty():  # not at the end: nothing more came within the timeout
            raise AssertionError(f"the stream is still open after {timeout} s; last lines: {self.seen[-5:]}")
        return "".join(self.seen)


def made_once(tmp_path_factory, name: str, make: Callable[[Path], None]) -> Path:
    """A folder that ``make`` fills once per test session, shared by the xdist workers.

    The first worker to ask makes it while holding a lock; the others wait for
    it and read the same folder. Without xdist it is one folder of the session.
    """
    import fcntl

    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # the workers' folders (popen-gw0, popen-gw1) sit in the session's one
    folder, done = base / name, base / f"{name}.made"
    with (base / f"{name}.lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)  # what a failed attempt left
            folder.mkdir()
            make(folder)
            done.touch()
    return folder


def disk_full_at(filename: str) -> Callable[[Path, str], Path]:
    """A ``write_text(path, text)`` that fails as a full disk does when it writes ``filename``, and writes the rest."""
    from analysis.output import atomic_write

    def no_space(tmp: Path) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    def write_text(path: Path, text: str) -> Path:
        if path.name == filename:
            return atomic_write(path, no_space)
        return atomic_write(path, lambda tmp: tmp.write_text(text, encoding="utf-8"))

    return write_text


def _text_vectors(texts):
    """Unit vectors that follow the text, as a real model's do."""
    vectors = np.array([[len(t), t.count("a"), t.count("e"), t.count("o") + 1] for t in texts], dtype=np.float32)
    return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)


class RecordingBackend:
    """An embedding backend for tests that remembers every call to ``encode``."""

    def __init__(self, identity="recording-test", needs_corpus=False, vectors=_text_vectors):
        self.identity, self.needs_corpus, self.vectors = identity, needs_corpus, vectors
        self.calls = []

    def encode(self, texts):
        self.calls.append(list(texts))
        return self.vectors(texts)


# --- notebooks under nbval (tests/end_to_end/test_notebooks.py, test_portability.py)

NOTEBOOK_DIR = ROOT / "notebooks"
NOTEBOOKS = sorted(NOTEBOOK_DIR.glob("[0-9]*.ipynb"))
SANITIZE = NOTEBOOK_DIR / "nbval_sanitize.cfg"
# The environment the stored outputs were generated in (tools/regen_notebooks.py,
# the Makefile): warnings name "<IPY-INPUT>" instead of the kernel's temp file,
# and nothing reaches for the network.
KERNEL_ENV = {"IPYKERNEL_CELL_NAME": "<IPY-INPUT>", "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
NBVAL_TIMEOUT = 900  # seconds for the four notebooks; they take about 2 minutes on 2 cores


def run_nbval(*paths, cwd=ROOT, timeout=NBVAL_TIMEOUT, extra_env=None, verbose=False) -> subprocess.CompletedProcess:
    """Run strict nbval on notebooks in a subprocess (``extra_env`` added to its environment); return it finished.

    With ``verbose`` its output has a line ``NAME.ipynb::Cell N PASSED`` (or ``FAILED``) per code cell.
    """
    command = [
        sys.executable,
        "-m",
        "pytest",
        "--nbval",
        "--nbval-current-env",
        "--nbval-sanitize-with",
        str(SANITIZE),
        "-p",
        "no:cacheprovider",  # no .pytest_cache next to temporary copies
        "-v" if verbose else "-q",
        f"--rootdir={cwd}",  # cells named after their notebook's path from here (the sanitize file is elsewhere)
        *map(str, paths),
    ]
    env = {**os.environ, **KERNEL_ENV, **(extra_env or {})}
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False)


# --- bench/bench_add.py's result record (tests/test_bench_add.py, test_bench_cluster.py)


def bench_add_result(ratio: float, changed: int = 0) -> dict:
    """A result of bench_add.py as it writes it, with the time ratio and the changed rows given."""
    return {
        "date": "2026-12-01 12:00 UTC",
        "load_start": [1.0],
        "load_end": [1.0],
        "static": False,
        "first": 2000,
        "added": 260,
        "report_s": 100.0,
        "add_s": ratio * 200,
        "full_cold_s": 200.0,
        "ratio": ratio,
        "old_rows_changed": changed,
        "nmi_new_added": 0.52,
        "nmi_new_full_refit": 0.55,
        "summary": {
            "added": 260,
            "merged": 0,
            "in_old_topics": 254,
            "in_new_topics": 6,
            "misfits": 1,
            "new_topics": 2,
            "shares": [0.973, 0.023, 0.004],
            "refit_advised": False,
        },
    }


# --- the browser tests (tests/end_to_end/*_browser.py): waits on the page, never sleeps

# The topic map has drawn and wired its controls (topic_map.js sets it last).
MAP_READY = "document.querySelector('.map') && document.querySelector('.map').dataset.ready === 'true'"
# Every plotly figure of a page has drawn (plotly.io's divs gain js-plotly-plot and _fullLayout then).
PAGE_DRAWN = (
    "document.readyState === 'complete' && [...document.querySelectorAll('.plotly-graph-div')]"
    ".every(g => g._fullLayout && g.classList.contains('js-plotly-plot'))"
)
VISIBLE_POINTS = """
return document.querySelector('.map').data
  .filter(t => t.visible !== false).reduce((n, t) => n + t.x.length, 0);
"""


# Open paper N's panel the way a reader does without the mouse: search for its name, click it in the matches.
OPEN_PAPER = """
const [i, name] = arguments;
const box = document.getElementById('search');
box.value = name;
box.dispatchEvent(new Event('input'));
"""


def open_paper(driver, index: int, name: str) -> None:
    """Search the topic map for paper ``index`` by ``name`` and click its entry in the matches."""
    driver.execute_script(OPEN_PAPER, index, name)
    button = f'#matches button[data-paper="{index}"]'
    assert until(driver, f"Boolean(document.querySelector('{button}'))"), f"paper {index} not listed"
    driver.execute_script(f"document.querySelector('{button}').click()")
    shown = "document.getElementById('details-name').textContent"
    assert until(driver, shown, name) == name  # the panel fills once the packed abstracts are decoded


def until(driver, read, expected=True, timeout: float = 20.0):
    """What ``read`` gives once it equals ``expected`` (selenium's WebDriverWait), or at the timeout.

    ``read`` is a function of the driver, or JavaScript that returns a value.
    The caller asserts on the value returned, so a page that never gets
    there fails with what it showed last.
    """
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    if isinstance(read, str):
        script = read if read.lstrip().startswith("return") else f"return {read}"
        get = lambda d: d.execute_script(script)  # noqa: E731
    else:
        get = read
    with contextlib.suppress(TimeoutException):
        WebDriverWait(driver, timeout, poll_frequency=0.05).until(lambda d: get(d) == expected)
    return get(driver)


def open_page(driver, path: Path, ready: str = PAGE_DRAWN, timeout: float = 30.0) -> None:
    """Load ``path`` and wait until the JavaScript condition ``ready`` holds; earlier pages' messages are dropped."""
    driver.get(path.as_uri())
    assert until(driver, f"Boolean({ready})", timeout=timeout), f"{path.name} did not become ready"
    driver.get_log("browser")


def severe(driver) -> list[str]:
    """The console's errors since the last call."""
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def no_alert(driver) -> bool:
    """Whether no alert() dialog is open."""
    from selenium.common.exceptions import NoAlertPresentException

    try:
        driver.switch_to.alert  # noqa: B018  (the property raises when there is no alert)
    except NoAlertPresentException:
        return True
    return False


def map_pixels(driver, points: list[tuple[float, float]]) -> list[tuple[int, int]]:
    """Window pixels of topic-map points given in data coordinates."""
    return [
        tuple(p)
        for p in driver.execute_script(
            "const gd = document.querySelector('.map'), L = gd._fullLayout, r = gd.getBoundingClientRect();"
            "return arguments[0].map(([x, y]) => [Math.round(r.left + L._size.l + L.xaxis.l2p(x)),"
            " Math.round(r.top + L._size.t + L.yaxis.l2p(y))]);",
            [list(p) for p in points],
        )
    ]


def mouse(driver, path: list[tuple[int, int]], hold: bool) -> None:
    """Move the mouse along ``path`` (window pixels); with ``hold``, drag from its first to its last point.

    The caller waits for what the gesture does (:func:`until`).
    """
    import itertools

    from selenium.webdriver.common.actions.action_builder import ActionBuilder

    actions = ActionBuilder(driver, duration=20)
    actions.pointer_action.move_to_location(*path[0])
    actions.pointer_action.pointer_down()
    if hold:
        for (x0, y0), (x1, y1) in itertools.pairwise(path):
            for step in range(1, 6):  # several moves per side: a lasso follows the mouse
                actions.pointer_action.move_to_location(x0 + (x1 - x0) * step // 5, y0 + (y1 - y0) * step // 5)
    actions.pointer_action.pointer_up()
    actions.perform()


def clear_point(driver, result) -> int:
    """A paper whose map point is on the plot's drag layer (no label over it) with no other point within 12 px."""
    pixels = np.array(map_pixels(driver, list(zip(result.documents["x"], result.documents["y"], strict=True))))
    for i, (x, y) in enumerate(pixels):
        others = np.delete(pixels, i, axis=0)
        if np.hypot(*(others - (x, y)).T).min() < 12:
            continue
        on = driver.execute_script(
            "return document.elementFromPoint(arguments[0], arguments[1]).getAttribute('class')", int(x), int(y)
        )
        if "nsewdrag" in (on or ""):
            return i
    raise AssertionError("no point stands clear of the others and of the labels")


def map_exports(driver) -> tuple[str, str, str]:
    """Click the map's three export buttons; the text of the Blobs made for the downloads (CSV, Markdown, BibTeX)."""
    driver.execute_script(
        "window.exported = []; const make = URL.createObjectURL;"
        "URL.createObjectURL = blob => { window.exported.push(blob); return make(blob); };"
        "document.getElementById('export-csv').click(); document.getElementById('export-md').click();"
        "document.getElementById('export-bib').click();"
    )
    return tuple(
        driver.execute_async_script(
            "const done = arguments[0]; Promise.all(window.exported.map(b => b.text())).then(done);"
        )
    )


# --- labels by zoom over the topic map (test_map_labels_browser.py, test_big_map_browser.py)

# The shown labels' boxes (window pixels) and the plot area's.
LABEL_BOXES = """
const plot = document.querySelector('.map-labels').getBoundingClientRect();
const shown = [...document.querySelectorAll('.map-label')].filter(l => !l.hidden).map(l => {
  const r = l.getBoundingClientRect();
  return {level: l.dataset.level, group: Number(l.dataset.group), text: l.textContent,
          box: [r.left, r.top, r.right, r.bottom]};
});
// Leader lines shown (an area's label beside its cluster), in window pixels.
const leaders = [...document.querySelectorAll('.map-leaders line')].filter(l => l.style.display !== 'none').map(l => {
  const o = l.ownerSVGElement.getBoundingClientRect(), at = (k) => Number(l.getAttribute(k));
  return {level: l.dataset.level, group: Number(l.dataset.group),
          line: [o.left + at('x1'), o.top + at('y1'), o.left + at('x2'), o.top + at('y2')]};
});
return {plot: [plot.left, plot.top, plot.right, plot.bottom], shown: shown, leaders: leaders,
        zoom: null, selected: document.getElementById('selection-title').textContent};
"""

# Each [level, id] in turn opened by its link (#topic=N, #subtopic=N) on the page already open, and the labels
# (LABEL_BOXES) once the page has relaid out the map and placed them: one page load for every topic.
WALK = """
const [groups, done] = arguments;
const gd = document.querySelector('.map');
const shot = () => { SHOT };
const out = [];
const next = (k) => {
  if (k === groups.length) { location.hash = ''; done(out); return; }
  const timer = setTimeout(() => { out.push(null); next(k + 1); }, 30000);
  gd.once('plotly_relayout', () => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => {
    clearTimeout(timer);
    const page = shot();
    const L = gd._fullLayout, xr = L.xaxis.range, yr = L.yaxis.range;
    page.zoom = Math.min((full.x[1] - full.x[0]) / (xr[1] - xr[0]), (full.y[1] - full.y[0]) / (yr[1] - yr[0]));
    out.push(page);
    next(k + 1);
  })), 50));
  location.hash = `#${groups[k][0]}=${groups[k][1]}`;
};
const full = JSON.parse(document.getElementById('map-data').textContent).layout;
full.x = full.xaxis.range; full.y = full.yaxis.range;
next(0);
""".replace("SHOT", LABEL_BOXES)


def inner_window(width: int, height: int, flags: tuple[str, ...] = ()):
    """Headless Chromium whose page (innerWidth x innerHeight) is ``width`` x ``height``."""
    from analysis.figures.chromium import headless_chromium

    driver = headless_chromium(width, height, logs=("browser",), flags=flags)
    driver.get("about:blank")
    inner_w, inner_h = driver.execute_script("return [innerWidth, innerHeight]")
    driver.set_window_size(2 * width - inner_w, 2 * height - inner_h)
    return driver


def open_labels(driver, url: str, timeout: float = 60) -> dict:
    """Open the map at ``url`` and return its shown labels once it is ready (:data:`LABEL_BOXES`)."""
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get("about:blank")
    driver.get(url)
    ready = "return document.querySelector('.map')?.dataset.ready"
    WebDriverWait(driver, timeout).until(lambda d: d.execute_script(ready))
    return driver.execute_script(LABEL_BOXES)


def walk_groups(driver, groups: list[tuple[str, int]], timeout: float = 600) -> list[dict | None]:
    """Open each group's link on the page already open and return its labels (:data:`WALK`); None where it timed out."""
    driver.set_script_timeout(timeout)
    return driver.execute_async_script(WALK, [list(g) for g in groups])


def leader_conflicts(page: dict) -> list[tuple[str, str]]:
    """Leader lines that cross another shown label's box, or another leader line (sampled at 200 points a line)."""
    found = []
    for leader in page["leaders"]:
        (x1, y1, x2, y2) = leader["line"]
        points = [(x1 + (x2 - x1) * t / 199, y1 + (y2 - y1) * t / 199) for t in range(200)]
        for label in page["shown"]:
            if (label["level"], label["group"]) == (leader["level"], leader["group"]):
                continue
            left, top, right, bottom = label["box"]
            if any(left < x < right and top < y < bottom for x, y in points):
                found.append((f"line of {leader['level']} {leader['group']}", label["text"]))
    for i, a in enumerate(page["leaders"]):
        for b in page["leaders"][i + 1 :]:
            if _segments_cross(a["line"], b["line"]):
                found.append((f"line of {a['level']} {a['group']}", f"line of {b['level']} {b['group']}"))
    return found


def _segments_cross(a: list[float], b: list[float]) -> bool:
    def turn(p, q, r):
        value = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
        return (value > 0) - (value < 0)

    p, q, r, s = (a[0], a[1]), (a[2], a[3]), (b[0], b[1]), (b[2], b[3])
    return turn(p, q, r) * turn(p, q, s) < 0 and turn(r, s, p) * turn(r, s, q) < 0


def label_overlaps(shown: list[dict]) -> list[tuple[str, str]]:
    """The texts of every two shown labels whose boxes overlap."""
    found = []
    for i, a in enumerate(shown):
        for b in shown[i + 1 :]:
            (al, at, ar, ab), (bl, bt, br, bb) = a["box"], b["box"]
            if al < br and bl < ar and at < bb and bt < ab:
                found.append((a["text"], b["text"]))
    return found


def inside_plot(box, plot) -> bool:
    """Whether a label's box lies inside the plot area (half a pixel of rounding allowed)."""
    return box[0] >= plot[0] - 0.5 and box[1] >= plot[1] - 0.5 and box[2] <= plot[2] + 0.5 and box[3] <= plot[3] + 0.5


def describe_nearness(monkeypatch) -> list:
    """The ``nearness`` of each later call of ``analysis.model.describe.describe`` made through the module.

    Code that imported ``describe`` by name before the patch keeps the real one and is not recorded.
    """
    from analysis.model import describe as module

    seen: list = []
    real = module.describe

    def spy(*args, **kwargs):
        seen.append(kwargs.get("nearness"))
        return real(*args, **kwargs)

    monkeypatch.setattr(module, "describe", spy)
    return seen
