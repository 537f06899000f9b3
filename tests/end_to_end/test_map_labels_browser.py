"""Labels by zoom in headless Chromium at 1366x768 and 1920x1080: every area named, no overlaps, #topic=N.

Waits on conditions (WebDriverWait), never on time. Skipped without Debian's chromium and chromium-driver.
"""

from __future__ import annotations

import pytest

from analysis.figures.chromium import available, headless_chromium

pytestmark = pytest.mark.skipif(not available(), reason="needs a Chromium and chromedriver (`make browser`)")

SIZES = [(1366, 768), (1920, 1080)]
# The shown labels' boxes (window pixels) and the plot area's.
SHOWN = """
const plot = document.querySelector('.map-labels').getBoundingClientRect();
const shown = [...document.querySelectorAll('.map-label')].filter(l => !l.hidden).map(l => {
  const r = l.getBoundingClientRect();
  return {level: l.dataset.level, group: Number(l.dataset.group), text: l.textContent,
          box: [r.left, r.top, r.right, r.bottom]};
});
return {plot: [plot.left, plot.top, plot.right, plot.bottom], shown: shown};
"""


@pytest.fixture(scope="module", params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def window(request):
    width, height = request.param
    driver = headless_chromium(width, height, logs=("browser",))
    driver.get("about:blank")
    inner_w, inner_h = driver.execute_script("return [innerWidth, innerHeight]")
    driver.set_window_size(2 * width - inner_w, 2 * height - inner_h)
    yield driver
    driver.quit()


def _open(driver, url: str) -> dict:
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get("about:blank")
    driver.get(url)
    WebDriverWait(driver, 60).until(lambda d: d.execute_script("return document.querySelector('.map')?.dataset.ready"))
    return driver.execute_script(SHOWN)


def _overlaps(shown: list[dict]) -> list[tuple[str, str]]:
    found = []
    for i, a in enumerate(shown):
        for b in shown[i + 1 :]:
            (al, at, ar, ab), (bl, bt, br, bb) = a["box"], b["box"]
            if al < br and bl < ar and at < bb and bt < ab:
                found.append((a["text"], b["text"]))
    return found


def _inside(box, plot) -> bool:
    return box[0] >= plot[0] - 0.5 and box[1] >= plot[1] - 0.5 and box[2] <= plot[2] + 0.5 and box[3] <= plot[3] + 0.5


def test_every_area_is_named_at_the_full_view_without_overlap(window, seed_report_dir, seed_result):
    page = _open(window, (seed_report_dir / "topic_map.html").as_uri())
    areas = {s["group"]: s["text"].replace("\n", " ") for s in page["shown"] if s["level"] == "area"}
    expected = dict(zip(seed_result.topics["area"], seed_result.topics["area_label"], strict=False))
    assert areas == {int(a): label for a, label in expected.items()}
    assert _overlaps(page["shown"]) == []
    assert all(_inside(s["box"], page["plot"]) for s in page["shown"])
    assert [e["message"] for e in window.get_log("browser") if e["level"] == "SEVERE"] == []


@pytest.mark.parametrize("topic", range(6))
def test_topic_hash_opens_the_map_on_that_topic_and_names_it(window, seed_report_dir, seed_result, topic):
    page = _open(window, (seed_report_dir / "topic_map.html").as_uri() + f"#topic={topic}")
    named = [s for s in page["shown"] if s["level"] == "topic" and s["group"] == topic]
    assert len(named) == 1 and _inside(named[0]["box"], page["plot"])
    assert _overlaps(page["shown"]) == []
    selected = window.execute_script("return document.getElementById('selection-title').textContent")
    assert selected == f"Selected ({int((seed_result.documents['topic'] == topic).sum())})"
    assert [e["message"] for e in window.get_log("browser") if e["level"] == "SEVERE"] == []
