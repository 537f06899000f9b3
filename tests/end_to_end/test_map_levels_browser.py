"""The map of the reference corpus's 2,260 real abstracts in headless Chromium at 1366x768 and 1920x1080.

Fitted with the fast embedding (TF-IDF: the real texts, a cheap fit; MiniLM is for the bench). At the default
view every area is named inside the plot, no two labels overlap and no leader line crosses a label or another
line; each topic opened by its link (``#topic=N``, the map zoomed as far as its label needs) is named there,
selected and overlaps nothing; the console is clean. Waits on conditions, never on time. Skipped where the
reference corpus is absent (it is read by path, never copied into the project).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import (
    LABEL_BOXES,
    inner_window,
    inside_plot,
    label_overlaps,
    leader_conflicts,
    open_labels,
    walk_groups,
)

from analysis.figures.chromium import available

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpora" / "iclr2024.jsonl"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not available(), reason="needs a Chromium and chromedriver (`make browser`)"),
    pytest.mark.skipif(not CORPUS.exists(), reason=f"the reference corpus is not at {CORPUS}"),
]

SIZES = [(1366, 768), (1920, 1080)]


@pytest.fixture(scope="module")
def reference_map(tmp_path_factory):
    from analysis import fit_topics, load_corpus
    from analysis.report.topic_map import topic_map_html

    result = fit_topics(load_corpus(CORPUS), embedding="fast", random_state=42)
    path = tmp_path_factory.mktemp("reference_map") / "topic_map.html"
    path.write_text(topic_map_html(result), encoding="utf-8")
    return path, result


@pytest.fixture(scope="module", params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def window(request):
    driver = inner_window(*request.param, flags=("--enable-unsafe-swiftshader",))
    yield driver
    driver.quit()


def test_every_area_named_and_every_topic_named_at_its_link(window, reference_map):
    path, result = reference_map
    assert len(result.documents) == 2260
    page = open_labels(window, path.as_uri(), timeout=120)
    areas = {s["group"] for s in page["shown"] if s["level"] == "area" and inside_plot(s["box"], page["plot"])}
    assert areas == set(result.topics["area"].astype(int))
    assert label_overlaps(page["shown"]) == [] and leader_conflicts(page) == []
    topics = result.topics["topic"].astype(int).tolist()
    sizes = dict(zip(topics, result.topics["size"].astype(int), strict=True))
    for topic, zoomed in zip(topics, walk_groups(window, [("topic", t) for t in topics]), strict=True):
        assert zoomed is not None, topic
        named = [s for s in zoomed["shown"] if s["level"] == "topic" and s["group"] == topic]
        assert len(named) == 1 and inside_plot(named[0]["box"], zoomed["plot"]), topic
        assert label_overlaps(zoomed["shown"]) == [] and leader_conflicts(zoomed) == [], topic
        assert zoomed["selected"] == f"Selected ({sizes[topic]})", topic
    assert [e["message"] for e in window.get_log("browser") if e["level"] == "SEVERE"] == []


def test_a_resized_window_takes_the_placement_for_its_plot(reference_map):
    from selenium.webdriver.support.ui import WebDriverWait

    path, result = reference_map
    driver = inner_window(1920, 1080, flags=("--enable-unsafe-swiftshader",))
    try:
        open_labels(driver, path.as_uri(), timeout=120)
        placement = "return document.querySelector('.map').dataset.placement"
        assert driver.execute_script(placement) == "1100x830"
        # The 1366x768 window of a browser with its bars: a page of 1366x625 (plot 676x385).
        inner_w, inner_h = driver.execute_script("return [innerWidth, innerHeight]")
        outer = driver.get_window_size()
        driver.set_window_size(outer["width"] - inner_w + 1366, outer["height"] - inner_h + 625)
        WebDriverWait(driver, 60).until(lambda d: d.execute_script(placement) == "640x380")
        WebDriverWait(driver, 60).until(lambda d: d.execute_script("return innerHeight") == 625)
        page = driver.execute_script(LABEL_BOXES)
        areas = {s["group"] for s in page["shown"] if s["level"] == "area" and inside_plot(s["box"], page["plot"])}
        assert areas == set(result.topics["area"].astype(int))
        assert label_overlaps(page["shown"]) == [] and leader_conflicts(page) == []
        assert [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"] == []
    finally:
        driver.quit()
