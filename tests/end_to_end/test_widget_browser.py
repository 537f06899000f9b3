"""The map widget's front end in real Chromium: lasso, box, hover, click, colour switch, selection from the model.

A small static page loads ``analysis/report/assets/map_widget.js`` the way anywidget
does (the ESM from a blob: URL, ``render({model, el})``) with a fake model
holding the widget's state: ``get``/``set``/``on``/``off``/``save_changes``,
``set`` firing ``change:<name>`` as anywidget's model does. The expected
papers of a gesture are computed here, from the map coordinates and the
projection the script documents (equal scale, centred, ``PAD`` pixels of margin).

There is no kernel: the fake model's ``send`` keeps each custom message in
``window.sent``, and the test plays the comm, handing it to a real
:class:`TopicMapWidget` in this process and setting on the fake model the
state updates that widget sends back (:func:`answer_from_python`).

Skipped without a Chromium and its driver (``make browser`` installs them).
"""

from __future__ import annotations

import dataclasses
import json
import math
from pathlib import Path

import numpy as np
import pytest
from helpers import HOSTILE, severe, until

from analysis.figures.chromium import available, headless_chromium
from analysis.figures.map import equal_scale_frame
from analysis.report.topic_map import json_text_for_script
from analysis.report.widget import ASSETS_DIR, TopicMapWidget

PAD = 24  # map_widget.js: pixels between the outermost points and the canvas edge
HEIGHT = 520

pytestmark = pytest.mark.skipif(
    not available(),
    reason="needs a Chromium and chromedriver (run `make browser` for Debian's)",
)

HARNESS = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>map widget harness</title>
<style>{css}</style></head>
<body style="margin:10px">
<div id="app" style="width:900px"></div>
<script id="esm" type="application/json">{esm}</script>
<script id="state" type="application/json">{state}</script>
<script type="module">
const state = JSON.parse(document.getElementById("state").textContent);
const listeners = {{}};
window.saved = [];
window.sent = [];
window.model = {{
  get: (key) => state[key],
  set: (key, value) => {{ state[key] = value; (listeners["change:" + key] || []).forEach((f) => f()); }},
  on: (event, f) => {{ (listeners[event] = listeners[event] || []).push(f); }},
  off: (event, f) => {{ listeners[event] = (listeners[event] || []).filter((g) => g !== f); }},
  save_changes: () => {{ window.saved.push(JSON.parse(JSON.stringify(state))); }},
  send: (content) => {{ window.sent.push(content); }},
}};
const source = JSON.parse(document.getElementById("esm").textContent);
const url = URL.createObjectURL(new Blob([source], {{ type: "text/javascript" }}));
const widget = (await import(url)).default;
window.cleanup = widget.render({{ model: window.model, el: document.getElementById("app") }});
window.harnessReady = true;
</script>
</body></html>
"""


def harness_page(result, folder: Path, color_by: str = "theme") -> Path:
    """The harness for ``result``: the widget's ESM, CSS and initial state, inline."""
    widget = TopicMapWidget(result)
    state = {
        "points": widget.points,
        "labels": widget.labels,
        "area_labels": widget.area_labels,
        "selection": [],
        "color_by": color_by,
        "height": HEIGHT,
    }
    page = folder / "harness.html"
    page.write_text(
        HARNESS.format(
            css=(ASSETS_DIR / "map_widget.css").read_text(encoding="utf-8"),
            esm=json_text_for_script(json.dumps((ASSETS_DIR / "map_widget.js").read_text(encoding="utf-8"))),
            state=json_text_for_script(json.dumps(state)),
        ),
        encoding="utf-8",
    )
    return page


@pytest.fixture(scope="module")
def browser():
    driver = headless_chromium(1200, 900, flags=("--force-device-scale-factor=1",))
    yield driver
    driver.quit()


def open_harness(driver, page: Path):
    driver.get(page.as_uri())
    assert until(driver, "window.harnessReady === true"), "the widget did not render"
    return driver.find_element("css selector", ".tmw-overlay")


def pixels(driver, result) -> np.ndarray:
    """Each paper's position on the canvas, by the projection map_widget.js documents."""
    width = driver.execute_script("return document.querySelector('.tmw-stage').clientWidth")
    x, y = result.documents["x"].round(3).to_numpy(), result.documents["y"].round(3).to_numpy()
    span_x, span_y = x.max() - x.min(), y.max() - y.min()
    scale = min((width - 2 * PAD) / span_x, (HEIGHT - 2 * PAD) / span_y)
    off_x, off_y = (width - scale * span_x) / 2, (HEIGHT - scale * span_y) / 2
    return np.column_stack([off_x + (x - x.min()) * scale, HEIGHT - off_y - (y - y.min()) * scale])


def drag(driver, overlay, path, shift=False):
    """Press at path[0], move through the rest, release: real pointer events on the canvas.

    The widget handles them as they come (no timer, no animation frame): the caller reads the result at once.
    """
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    width, height = overlay.size["width"], overlay.size["height"]
    actions = ActionChains(driver)
    if shift:
        actions.key_down(Keys.SHIFT)
    # Offsets count from the element's centre.
    actions.move_to_element_with_offset(overlay, int(path[0][0] - width / 2), int(path[0][1] - height / 2))
    actions.click_and_hold()
    for px, py in path[1:]:
        actions.move_to_element_with_offset(overlay, int(px - width / 2), int(py - height / 2))
    actions.release()
    if shift:
        actions.key_up(Keys.SHIFT)
    actions.perform()


def point_at(driver, overlay, xy):
    """Move the mouse to ``xy`` on the canvas; the tooltip shows once the widget has handled the move."""
    from selenium.webdriver.common.action_chains import ActionChains

    width, height = overlay.size["width"], overlay.size["height"]
    ActionChains(driver).move_to_element_with_offset(
        overlay, round(xy[0] - width / 2), round(xy[1] - height / 2)
    ).perform()
    assert until(driver, lambda d: d.find_element("css selector", ".tmw-tip").is_displayed())


def isolated_point(at: np.ndarray, apart: float = 14) -> int:
    """The first paper with no other within ``apart`` pixels, so that hover and click cannot hit another."""
    for i in range(len(at)):
        distances = np.hypot(*(at - at[i]).T)
        if np.sort(distances)[1] > apart:
            return i
    raise AssertionError("no isolated point on the map")


def model_selection(driver) -> list[int]:
    return driver.execute_script("return window.model.get('selection')")


def network(driver) -> list[str]:
    """Every resource the page loaded that is not the widget's own blob: module."""
    names = driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    return [name for name in names if not name.startswith("blob:")]


def test_box_selection_sets_exactly_the_papers_inside(browser, seed_result, tmp_path):
    overlay = open_harness(browser, harness_page(seed_result, tmp_path))
    at = pixels(browser, seed_result)
    assert browser.execute_script("return document.querySelector('.tmw').dataset.selected") == "0"
    # A box around the largest topic's papers, its edges kept clear of every point by 2 px or more.
    members = at[seed_result.documents["topic"].to_numpy() == seed_result.topics["topic"].iloc[0]]
    x0, y0 = members.min(axis=0) - 12
    x1, y1 = members.max(axis=0) + 12
    for edge in (x0, x1):
        assert np.all(np.abs(at[:, 0] - edge) > 2) or np.all((at[:, 1] < y0) | (at[:, 1] > y1))
    inside = np.flatnonzero((at[:, 0] > x0) & (at[:, 0] < x1) & (at[:, 1] > y0) & (at[:, 1] < y1)).tolist()
    assert len(inside) >= int(seed_result.topics["size"].iloc[0])

    browser.find_element("css selector", ".tmw-tool[data-tool=box]").click()
    drag(browser, overlay, [(x0, y0), ((x0 + x1) / 2, (y0 + y1) / 2), (x1, y1)])

    assert model_selection(browser) == inside
    assert browser.execute_script("return window.saved.at(-1).selection") == inside  # sent to Python
    assert browser.execute_script("return document.querySelector('.tmw').dataset.selected") == str(len(inside))
    count = browser.find_element("css selector", ".tmw-count").text
    assert count == f"{len(inside)} of {len(at)} papers selected"
    assert severe(browser) == [] and network(browser) == []


def test_lasso_selection_sets_exactly_the_papers_inside_and_shift_adds(browser, seed_result, tmp_path):
    overlay = open_harness(browser, harness_page(seed_result, tmp_path))
    at = pixels(browser, seed_result)
    # A 16-gon around a point: papers nearer than its inner radius are inside, farther than its
    # outer radius outside; the radius is chosen so that no paper lies between the two.
    largest = seed_result.documents["topic"].to_numpy() == seed_result.topics["topic"].iloc[0]
    centre = at[largest].mean(axis=0)
    distances = np.hypot(*(at - centre).T)
    radius = next(
        r
        for r in range(20, 200, 2)
        if not np.any((distances > 0.95 * r) & (distances < 1.05 * r)) and np.sum(distances < 0.95 * r) >= 3
    )
    inside = np.flatnonzero(distances < radius * math.cos(math.pi / 16)).tolist()
    assert 3 <= len(inside) < len(at) - 2
    polygon = [
        (centre[0] + radius * math.cos(a), centre[1] + radius * math.sin(a))
        for a in np.linspace(0, 2 * math.pi, 17)  # back to the start
    ]
    assert browser.find_element("css selector", ".tmw-tool[data-tool=lasso]").get_attribute("aria-pressed") == "true"

    drag(browser, overlay, polygon)
    assert model_selection(browser) == inside

    # Shift adds a second lasso's papers to the first.
    other = at[np.argmax(distances)]  # the paper farthest from the first lasso
    far = np.hypot(*(at - other).T)
    second = next(r for r in range(16, 60, 2) if not np.any((far > 0.95 * r) & (far < 1.05 * r)))
    more = np.flatnonzero(far < second * math.cos(math.pi / 16)).tolist()
    ring = [(other[0] + second * math.cos(a), other[1] + second * math.sin(a)) for a in np.linspace(0, 2 * math.pi, 17)]
    drag(browser, overlay, ring, shift=True)
    assert more and not set(more) <= set(inside)
    assert model_selection(browser) == sorted(set(inside) | set(more))
    assert severe(browser) == [] and network(browser) == []


def test_selection_set_from_the_model_is_highlighted(browser, seed_result, tmp_path):
    overlay = open_harness(browser, harness_page(seed_result, tmp_path))
    at = pixels(browser, seed_result)
    lone = isolated_point(at)
    colour_at = (
        "return Array.from(document.querySelector('.tmw-points').getContext('2d').getImageData({}, {}, 1, 1).data)"
    )
    before = browser.execute_script(colour_at.format(int(at[lone][0]), int(at[lone][1])))

    rows = [r for r in (1, 4, 7) if r != lone]
    browser.execute_script(f"window.model.set('selection', {rows})")
    selected = "return document.querySelector('.tmw').dataset.selected"
    assert until(browser, selected, str(len(rows))) == str(len(rows))
    assert browser.find_element("css selector", ".tmw-count").text == f"{len(rows)} of {len(at)} papers selected"
    after = browser.execute_script(colour_at.format(int(at[lone][0]), int(at[lone][1])))
    # An unselected paper is dimmed: same colour, mostly transparent over the white stage.
    assert before[3] == 255 and after[3] < 80 and before[:3] == pytest.approx(after[:3], abs=4), (before, after)
    # The legend counts the selected papers of each group.
    themes = seed_result.documents["theme"].iloc[rows].value_counts()
    entries = browser.execute_script(
        "return [...document.querySelectorAll('.tmw-entry')]"
        ".map(e => [e.children[1].textContent, e.children[2].textContent])"
    )
    for name, shown in entries:
        if name in themes:
            assert shown.startswith(f"{themes[name]}/")
    browser.execute_script("window.model.set('selection', [])")
    assert browser.execute_script("return document.querySelector('.tmw').dataset.selected") == "0"
    del overlay
    assert severe(browser) == [] and network(browser) == []


def test_hover_click_labels_legend_and_colour_switch(browser, seed_result, tmp_path):
    from selenium.webdriver.common.action_chains import ActionChains

    overlay = open_harness(browser, harness_page(seed_result, tmp_path))
    at = pixels(browser, seed_result)
    lone = isolated_point(at)
    name = seed_result.documents["name"].iloc[lone]

    point_at(browser, overlay, at[lone])
    tip = browser.find_element("css selector", ".tmw-tip")
    assert tip.is_displayed() and tip.text.splitlines()[0] == name
    ActionChains(browser).click().perform()
    details = browser.find_element("css selector", ".tmw-details")
    assert until(browser, lambda d: details.is_displayed()) and details.text.splitlines()[0] == name
    assert details.get_attribute("data-row") == str(lone)
    assert model_selection(browser) == []  # a click shows a paper, it does not select

    # Every topic has a label on the seeds map; clicking one selects exactly its papers.
    labels = browser.find_elements("css selector", ".tmw-label")
    assert len(labels) == len(seed_result.topics)
    first = int(seed_result.topics["topic"].iloc[0])
    labels[0].click()
    of_first = np.flatnonzero(seed_result.documents["topic"] == first).tolist()
    assert until(browser, model_selection, of_first) == of_first

    # Colour by topic: the model hears it, the legend lists the topics; a legend entry selects its group.
    browser.find_element("css selector", ".tmw-colour input[value=topic]").click()
    assert until(browser, "return window.model.get('color_by')", "topic") == "topic"
    assert browser.find_element("css selector", ".tmw-legend-title").text == "topic"
    assert len(browser.find_elements("css selector", ".tmw-entry")) == len(seed_result.topics)
    browser.find_elements("css selector", ".tmw-entry")[1].click()
    second = int(seed_result.topics["topic"].iloc[1])
    assert model_selection(browser) == np.flatnonzero(seed_result.documents["topic"] == second).tolist()
    browser.execute_script("window.model.set('color_by', 'theme')")
    assert browser.find_element("css selector", ".tmw-legend-title").text == "theme"
    assert browser.find_element("css selector", ".tmw-colour input[value=theme]").is_selected()
    assert severe(browser) == [] and network(browser) == []


def test_by_area_the_areas_colour_the_map_and_name_it_and_a_label_selects_its_area(browser, seed_result, tmp_path):
    overlay = open_harness(browser, harness_page(seed_result, tmp_path, color_by="area"))
    documents = seed_result.documents
    areas = sorted(set(documents["area"]))
    assert browser.find_element("css selector", ".tmw-legend-title").text == "area"
    entries = browser.find_elements("css selector", ".tmw-entry-name")
    labels = dict(zip(documents["area"], documents["area_label"], strict=False))
    assert [e.text for e in entries] == [labels[a] for a in areas]
    shown = browser.find_elements("css selector", ".tmw-label")
    assert len(shown) == len(areas) and all("tmw-label-area" in e.get_attribute("class") for e in shown)
    # A point is drawn in its area's colour (scale factor 1), and its tip names its area.
    at = pixels(browser, seed_result)
    lone = isolated_point(at)
    colour = browser.execute_script(
        "return Array.from(document.querySelector('.tmw-points').getContext('2d')"
        f".getImageData({int(at[lone][0])}, {int(at[lone][1])}, 1, 1).data)"
    )
    area_colour = TopicMapWidget(seed_result).points["areas"][int(documents["area"].iat[lone])]["color"]
    assert "#" + "".join(f"{v:02X}" for v in colour[:3]) == area_colour
    point_at(browser, overlay, at[lone])
    tip = browser.find_element("css selector", ".tmw-tip")
    assert f"area: {documents['area_label'].iat[lone]}" in tip.text.splitlines()
    shown[1].click()
    of_area = np.flatnonzero(documents["area"] == areas[1]).tolist()
    assert until(browser, model_selection, of_area) == of_area
    # Colouring by topic names the topics again.
    browser.find_element("css selector", ".tmw-colour input[value=topic]").click()
    assert until(browser, lambda d: len(d.find_elements("css selector", ".tmw-label-topic")) == len(seed_result.topics))
    assert severe(browser) == []


def test_labels_are_drawn_where_python_placed_them(browser, seed_result, tmp_path):
    open_harness(browser, harness_page(seed_result, tmp_path))
    widget = TopicMapWidget(seed_result)
    width = browser.execute_script("return document.querySelector('.tmw-stage').clientWidth")
    topics = widget.points["topics"]
    frame = equal_scale_frame(widget.points["x"], widget.points["y"], width, HEIGHT, PAD)
    anchors = frame.to_pixels([t["x"] for t in topics], [t["y"] for t in topics])
    boxes = browser.execute_script(
        "const stage = document.querySelector('.tmw-stage').getBoundingClientRect();"
        "return [...document.querySelectorAll('.tmw-label')].map(e => { const r = e.getBoundingClientRect();"
        " return [e.textContent, r.left - stage.left - 1, r.top - stage.top - 1, r.width, r.height]; })"
    )
    assert [b[0] for b in boxes] == [t["label"] for t in topics]  # every label, largest topic first
    for (_, left, top, w, h), (ax, ay), (dx, dy) in zip(boxes, anchors, widget.labels, strict=True):
        # Centred on its topic's centre plus Python's offset (the stage's 1 px border aside).
        assert (left + w / 2, top + h / 2) == pytest.approx((ax + dx, ay + dy), abs=1.0)
        assert left >= 0 and left + w <= width and top >= 0 and top + h <= HEIGHT
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert a[1] + a[3] <= b[1] or b[1] + b[3] <= a[1] or a[2] + a[4] <= b[2] or b[2] + b[4] <= a[2]
    assert severe(browser) == []


def test_hostile_text_is_shown_as_text(browser, hostile_result, tmp_path):
    overlay = open_harness(browser, harness_page(hostile_result, tmp_path))
    at = pixels(browser, hostile_result)
    row = len(at) - 1  # the hostile paper
    point_at(browser, overlay, at[row])
    # The nearest paper wins, and the last of equally near ones: the hostile paper is the last row.
    assert browser.find_element("css selector", ".tmw-tip").text.splitlines()[0] == HOSTILE
    labels = browser.execute_script("return [...document.querySelectorAll('.tmw-label')].map(e => e.textContent)")
    assert any("<script>" in label for label in labels)
    assert browser.execute_script("return document.querySelectorAll('.tmw img, .tmw script').length") == 0
    assert severe(browser) == [] and network(browser) == []


WATERMARK_QUERY = "watermarking language model outputs"  # as in tests/model/test_search.py
# Name and score of each paper listed: the search hits, a paper's nearest papers.
LISTED = "return [...document.querySelectorAll('{} li')].map(li => [...li.children].map(c => c.textContent))"
HITS, NEAR = LISTED.format(".tmw-hits"), LISTED.format(".tmw-details")
ALPHA = "return document.querySelector('.tmw-points').getContext('2d').getImageData(...arguments, 1, 1).data[3]"


def answer_from_python(driver, widget: TopicMapWidget) -> None:
    """Be the comm: hand the page's custom messages to ``widget``, set what it sends back on the page's model."""
    updates: list[dict] = []
    widget.comm.send = lambda data=None, metadata=None, buffers=None: updates.append(data)
    for content in driver.execute_script("const sent = window.sent; window.sent = []; return sent"):
        widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})
    for update in updates:
        assert update["method"] == "update"
        driver.execute_script(
            "for (const [key, value] of Object.entries(arguments[0])) window.model.set(key, value)", update["state"]
        )


def scored(frame) -> list[list[str]]:
    """Name and score as the widget lists them."""
    return [[name, f" {score:.2f}"] for name, score in zip(frame["name"], frame["score"], strict=True)]


def test_a_search_typed_in_the_box_is_answered_by_python_and_its_hits_highlighted(browser, seed_result, tmp_path):
    from selenium.webdriver.common.keys import Keys

    open_harness(browser, harness_page(seed_result, tmp_path))
    root = browser.find_element("css selector", ".tmw")
    box = browser.find_element("css selector", ".tmw-search")
    box.send_keys(WATERMARK_QUERY, Keys.ENTER)
    # The script sends the words to the kernel and waits; nothing is selected yet.
    assert browser.execute_script("return window.sent") == [{"type": "search", "query": WATERMARK_QUERY}]
    assert root.get_attribute("data-searching") == "true" and model_selection(browser) == []

    answer_from_python(browser, TopicMapWidget(seed_result))
    expected = seed_result.search(WATERMARK_QUERY)
    rows = seed_result.documents.index[seed_result.documents["doc_id"].isin(expected["doc_id"])].tolist()
    assert root.get_attribute("data-searching") is None and root.get_attribute("data-hits") == "10"
    assert browser.execute_script(HITS) == scored(expected)  # rank order, scores as shown
    assert {name for name, _ in browser.execute_script(HITS)[:2]} == {"WASH", "Ideal attribution mechanisms"}
    assert model_selection(browser) == rows and root.get_attribute("data-selected") == "10"
    # Highlighted: each hit is drawn on top at full strength, the other papers dimmed.
    at = pixels(browser, seed_result)
    assert all(browser.execute_script(ALPHA, int(at[r][0]), int(at[r][1])) == 255 for r in rows)
    others = [i for i in range(len(at)) if i not in rows and np.sort(np.hypot(*(at - at[i]).T))[1] > 14]
    assert others and all(browser.execute_script(ALPHA, int(at[i][0]), int(at[i][1])) < 80 for i in others)

    # A hit opens its paper, with its five nearest papers (Python's, as result.similar); a neighbour opens its own.
    browser.find_element("css selector", ".tmw-hits .tmw-paper").click()
    first = expected["doc_id"].iat[0]
    details = browser.find_element("css selector", ".tmw-details")
    assert details.text.splitlines()[0] == expected["name"].iat[0]
    near = seed_result.similar(first, k=5)
    assert browser.execute_script(NEAR) == scored(near)
    browser.find_element("css selector", ".tmw-details .tmw-paper").click()
    assert details.text.splitlines()[0] == near["name"].iat[0]
    assert browser.execute_script(NEAR) == scored(seed_result.similar(near["doc_id"].iat[0], k=5))

    # Escape in the box clears the words, the hits and the selection, on both sides.
    box.send_keys(Keys.ESCAPE)
    assert box.get_attribute("value") == "" and browser.execute_script(HITS) == []
    assert browser.execute_script("return window.saved.at(-1)")["search_results"] == {}
    assert model_selection(browser) == [] and root.get_attribute("data-hits") == "0"
    assert severe(browser) == [] and network(browser) == []


def test_a_failed_search_says_why(browser, seed_result, tmp_path):
    from selenium.webdriver.common.keys import Keys

    open_harness(browser, harness_page(seed_result, tmp_path))
    browser.find_element("css selector", ".tmw-search").send_keys("anything", Keys.ENTER)
    widget = TopicMapWidget(seed_result)
    widget._result = dataclasses.replace(seed_result, pieces=None, backend=None)  # no backend to embed with
    answer_from_python(browser, widget)
    status = browser.find_element("css selector", ".tmw-search-status").text
    assert status.startswith("search failed: this result does not say which embedding backend")
    assert browser.execute_script(HITS) == [] and model_selection(browser) == []
    assert severe(browser) == []


def test_only_an_http_link_is_an_anchor_in_the_paper_panel(browser, seed_result, tmp_path):
    from selenium.webdriver.common.action_chains import ActionChains

    open_harness(browser, harness_page(seed_result, tmp_path))
    at = pixels(browser, seed_result)  # the same places with links added: only the papers' columns change
    lone = isolated_point(at)
    unsafe = ["javascript:alert(document.title='pwned')", "data:text/html,<b>x</b>", "vbscript:msgbox(1)", "//evil.x/y"]
    urls = [unsafe[i % len(unsafe)] for i in range(len(seed_result.papers))]
    urls[lone] = "https://example.org/paper?a=1&b=2"
    result = dataclasses.replace(seed_result, papers=seed_result.papers.assign(url=urls))
    overlay = open_harness(browser, harness_page(result, tmp_path))

    def open_lone():
        point_at(browser, overlay, at[lone])
        ActionChains(browser).click().perform()
        row = until(
            browser, lambda d: d.find_element("css selector", ".tmw-details").get_attribute("data-row"), str(lone)
        )
        assert row == str(lone)

    open_lone()
    anchors = browser.find_elements("css selector", ".tmw-details a")
    assert [(a.get_attribute("href"), a.text) for a in anchors] == [(urls[lone], urls[lone])]
    assert anchors[0].get_attribute("rel") == "noopener noreferrer"
    # Its neighbours' places are of other schemes: each is shown as text, never as an anchor.
    for k in range(5):
        open_lone()
        browser.find_elements("css selector", ".tmw-details .tmw-paper")[k].click()
        shown = int(browser.find_element("css selector", ".tmw-details").get_attribute("data-row"))
        assert shown != lone and browser.find_elements("css selector", ".tmw-details a") == []
        assert browser.find_element("css selector", ".tmw-link").text == urls[shown]
    assert browser.title != "pwned" and severe(browser) == [] and network(browser) == []
