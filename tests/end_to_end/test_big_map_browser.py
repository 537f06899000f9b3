"""The topic map at 2,260 and 20,000 papers in headless Chromium at 1366x768 and 1920x1080.

The maps are synthetic records (coordinates on a spiral, 60 topics in 12 or 16 areas, labels; no fit: the
fit is not what is tested) written by the real map writer, ``topic_map_html``. At the default view every
area's label is inside the plot, no two shown labels overlap, and the console is clean; ``#topic=N`` opens
the map on topic N with its label shown. Waits on conditions, never on time. Slow: the 20,000-paper page
is 5 MB of data.
"""

from __future__ import annotations

import pytest
from helpers import inner_window, inside_plot, label_overlaps, leader_conflicts, open_labels, walk_groups

from analysis.figures.chromium import available

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not available(), reason="needs a Chromium and chromedriver (`make browser`)"),
]

SIZES = [(1366, 768), (1920, 1080)]
# Papers and areas of each map: the reference corpus's size and areas, and the 20,000.
MAPS = {2260: 12, 20000: 16}


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
    driver = inner_window(*request.param, flags=("--enable-unsafe-swiftshader",))
    yield driver
    driver.quit()


@pytest.mark.parametrize("n", list(MAPS))
def test_every_area_is_named_and_a_small_topic_opens_named(window, maps, n):
    path, result = maps[n]
    page = open_labels(window, path.as_uri(), timeout=120)
    areas = sorted(s["group"] for s in page["shown"] if s["level"] == "area" and inside_plot(s["box"], page["plot"]))
    assert areas == list(range(MAPS[n]))
    assert label_overlaps(page["shown"]) == []
    assert window.execute_script("return document.querySelector('.map').data.reduce((k, t) => k + t.x.length, 0)") == n
    # The smallest topic, opened from its link (as the report's "and N more" does).
    topic = int(result.topics["topic"].iat[-1])
    page = open_labels(window, f"{path.as_uri()}#topic={topic}", timeout=120)
    named = [s for s in page["shown"] if s["level"] == "topic" and s["group"] == topic]
    assert len(named) == 1 and inside_plot(named[0]["box"], page["plot"])
    assert label_overlaps(page["shown"]) == []
    size = int(result.topics["size"].iat[-1])
    assert window.execute_script("return document.getElementById('selection-title').textContent") == (
        f"Selected ({size})"
    )
    assert [e["message"] for e in window.get_log("browser") if e["level"] == "SEVERE"] == []


# Finer topics opened by their links on the 20,000-paper map: one in this many, in subtopic order.
FINER_STEP = 24


def test_every_topic_and_finer_topic_is_named_at_its_link_and_finer_labels_only_deeper(window, maps):
    from analysis.figures.map_labels import SUBTOPICS_FROM

    path, result = maps[20000]
    page = open_labels(window, path.as_uri(), timeout=120)
    assert not [s for s in page["shown"] if s["level"] == "subtopic"]  # none at the full view
    assert leader_conflicts(page) == []
    topics = result.topics["topic"].astype(int).tolist()
    finer = result.subtopics["subtopic"].astype(int).tolist()[::FINER_STEP]
    pieces = result.documents.groupby("topic")["subtopic"].nunique()
    finer = [s for s in finer if pieces[int(result.subtopics.set_index("subtopic").at[s, "topic"])] > 1]
    groups = [("topic", t) for t in topics] + [("subtopic", s) for s in finer]
    for (level, group), zoomed in zip(groups, walk_groups(window, groups), strict=True):
        assert zoomed is not None, (level, group)
        named = [s for s in zoomed["shown"] if s["level"] == level and s["group"] == group]
        assert len(named) == 1 and inside_plot(named[0]["box"], zoomed["plot"]), (level, group)
        assert label_overlaps(zoomed["shown"]) == [] and leader_conflicts(zoomed) == [], (level, group)
        assert level == "topic" or zoomed["zoom"] >= SUBTOPICS_FROM, (level, group)
    assert len(finer) >= 15
    assert [e["message"] for e in window.get_log("browser") if e["level"] == "SEVERE"] == []
