"""The topic map at 2,260 and 20,000 papers in headless Chromium at 1366x768 and 1920x1080.

The maps are synthetic records (coordinates on a spiral, 60 topics in 12 or 16 areas, labels; no fit: the
fit is not what is tested) written by the real map writer, ``topic_map_html``. At the default view every
area's label is inside the plot, no two shown labels overlap, and the console is clean; ``#topic=N`` opens
the map on topic N with its label shown. Waits on conditions, never on time. Slow: the 20,000-paper page
is 5 MB of data.
"""

from __future__ import annotations

import pytest

from analysis.figures.chromium import available, headless_chromium

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not available(), reason="needs a Chromium and chromedriver (`make browser`)"),
]

SIZES = [(1366, 768), (1920, 1080)]
# Papers and areas of each map: the reference corpus's size and areas, and the 20,000.
MAPS = {2260: 12, 20000: 16}
SHOWN = """
const plot = document.querySelector('.map-labels').getBoundingClientRect();
const shown = [...document.querySelectorAll('.map-label')].filter(l => !l.hidden).map(l => {
  const r = l.getBoundingClientRect();
  return {level: l.dataset.level, group: Number(l.dataset.group), box: [r.left, r.top, r.right, r.bottom]};
});
return {plot: [plot.left, plot.top, plot.right, plot.bottom], shown: shown};
"""


@pytest.fixture(scope="module")
def maps(tmp_path_factory):
    from analysis.report.topic_map import topic_map_html
    from bench.map_scale import synthetic_result

    out = tmp_path_factory.mktemp("big_maps")
    written = {}
    for n, areas in MAPS.items():
        result = synthetic_result(n, areas=areas)
        path = out / f"topic_map_{n}.html"
        path.write_text(topic_map_html(result), encoding="utf-8")
        written[n] = (path, result)
    return written


@pytest.fixture(scope="module", params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def window(request):
    width, height = request.param
    driver = headless_chromium(width, height, logs=("browser",), flags=("--enable-unsafe-swiftshader",))
    driver.get("about:blank")
    inner_w, inner_h = driver.execute_script("return [innerWidth, innerHeight]")
    driver.set_window_size(2 * width - inner_w, 2 * height - inner_h)
    yield driver
    driver.quit()


def _open(driver, url: str) -> dict:
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get("about:blank")
    driver.get(url)
    WebDriverWait(driver, 120).until(lambda d: d.execute_script("return document.querySelector('.map')?.dataset.ready"))
    return driver.execute_script(SHOWN)


def _overlaps(shown: list[dict]) -> list[tuple[int, int]]:
    found = []
    for i, a in enumerate(shown):
        for j, b in enumerate(shown[i + 1 :], i + 1):
            (al, at, ar, ab), (bl, bt, br, bb) = a["box"], b["box"]
            if al < br and bl < ar and at < bb and bt < ab:
                found.append((i, j))
    return found


def _inside(box, plot) -> bool:
    return box[0] >= plot[0] - 0.5 and box[1] >= plot[1] - 0.5 and box[2] <= plot[2] + 0.5 and box[3] <= plot[3] + 0.5


@pytest.mark.parametrize("n", list(MAPS))
def test_every_area_is_named_and_a_small_topic_opens_named(window, maps, n):
    path, result = maps[n]
    page = _open(window, path.as_uri())
    areas = sorted(s["group"] for s in page["shown"] if s["level"] == "area" and _inside(s["box"], page["plot"]))
    assert areas == list(range(MAPS[n]))
    assert _overlaps(page["shown"]) == []
    assert window.execute_script("return document.querySelector('.map').data.reduce((k, t) => k + t.x.length, 0)") == n
    # The smallest topic, opened from its link (as the report's "and N more" does).
    topic = int(result.topics["topic"].iat[-1])
    page = _open(window, f"{path.as_uri()}#topic={topic}")
    named = [s for s in page["shown"] if s["level"] == "topic" and s["group"] == topic]
    assert len(named) == 1 and _inside(named[0]["box"], page["plot"])
    assert _overlaps(page["shown"]) == []
    size = int(result.topics["size"].iat[-1])
    assert window.execute_script("return document.getElementById('selection-title').textContent") == (
        f"Selected ({size})"
    )
    assert [e["message"] for e in window.get_log("browser") if e["level"] == "SEVERE"] == []
