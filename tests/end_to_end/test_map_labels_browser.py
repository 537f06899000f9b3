"""Labels by zoom in headless Chromium at 1366x768 and 1920x1080: every area named, no overlaps, #topic=N.

Waits on conditions (WebDriverWait), never on time. Skipped without Debian's chromium and chromium-driver.
"""

from __future__ import annotations

import pytest
from helpers import inner_window, inside_plot, label_overlaps, leader_conflicts, open_labels

from analysis.figures.chromium import available

pytestmark = pytest.mark.skipif(not available(), reason="needs a Chromium and chromedriver (`make browser`)")

SIZES = [(1366, 768), (1920, 1080)]


@pytest.fixture(scope="module", params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def window(request):
    driver = inner_window(*request.param)
    yield driver
    driver.quit()


def test_every_area_is_named_at_the_full_view_without_overlap(window, seed_report_dir, seed_result):
    page = open_labels(window, (seed_report_dir / "topic_map.html").as_uri())
    areas = {s["group"]: s["text"].replace("\n", " ") for s in page["shown"] if s["level"] == "area"}
    expected = dict(zip(seed_result.topics["area"], seed_result.topics["area_label"], strict=False))
    assert areas == {int(a): label for a, label in expected.items()}
    assert label_overlaps(page["shown"]) == [] and leader_conflicts(page) == []
    assert all(inside_plot(s["box"], page["plot"]) for s in page["shown"])
    assert [e["message"] for e in window.get_log("browser") if e["level"] == "SEVERE"] == []


@pytest.mark.parametrize("topic", range(6))
def test_topic_hash_opens_the_map_on_that_topic_and_names_it(window, seed_report_dir, seed_result, topic):
    page = open_labels(window, (seed_report_dir / "topic_map.html").as_uri() + f"#topic={topic}")
    named = [s for s in page["shown"] if s["level"] == "topic" and s["group"] == topic]
    assert len(named) == 1 and inside_plot(named[0]["box"], page["plot"])
    assert label_overlaps(page["shown"]) == []
    selected = window.execute_script("return document.getElementById('selection-title').textContent")
    assert selected == f"Selected ({int((seed_result.documents['topic'] == topic).sum())})"
    assert [e["message"] for e in window.get_log("browser") if e["level"] == "SEVERE"] == []
