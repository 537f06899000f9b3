"""The HTML outputs in a real browser: headless Debian Chromium driven by selenium.

Skipped without a Chromium and its driver (``make browser`` installs them).
The driver is given explicitly so that selenium-manager never downloads one.
"""

from __future__ import annotations

import pytest
from helpers import HOSTILE, MAP_READY, VISIBLE_POINTS, no_alert, open_page, severe, until

from analysis.figures.chromium import available, headless_chromium

pytestmark = pytest.mark.skipif(
    not available(),
    reason="needs a Chromium and chromedriver (run `make browser` for Debian's)",
)


@pytest.fixture(scope="module")
def browser():
    driver = headless_chromium(1700, 1100)
    yield driver
    driver.quit()


def _search(driver, text: str) -> list[str]:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    box = driver.find_element(By.ID, "search")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.BACKSPACE)  # fires "input", unlike clear()
    if text:
        box.send_keys(text)
    # The count under the box says the search is done: "N paper(s) match(es)", or nothing for no words.
    until(driver, lambda d: bool(d.find_element(By.ID, "count").text) == bool(text))
    return [b.text for b in driver.find_elements(By.CSS_SELECTOR, "#matches button")]


def test_topic_map_draws_one_point_per_paper_without_errors(browser, seed_report_dir, seed_result):
    open_page(browser, seed_report_dir / "topic_map.html", MAP_READY)
    n = len(seed_result.documents)
    # WebGL points at every size: one scattergl trace per area, drawn on the plot's canvas (no SVG points).
    assert browser.execute_script("return document.querySelectorAll('.map .scatterlayer path.point').length") == 0
    assert browser.execute_script("return document.querySelector('.map').data.map(t => t.type)") == ["scattergl"] * (
        seed_result.documents["area"].nunique()
    )
    assert browser.execute_script(VISIBLE_POINTS) == n
    # Every area and every topic has its label in the page, as text (shown or hidden by zoom).
    levels = browser.execute_script(
        "return [...document.querySelectorAll('.map-labels .map-label')].map(e => e.dataset.level)"
    )
    assert levels.count("topic") == len(seed_result.topics)
    assert levels.count("area") == seed_result.documents["area"].nunique()
    # The default colour is the area: one legend entry per area.
    legend = browser.execute_script("return document.querySelectorAll('.map .legend .traces').length")
    assert legend == seed_result.documents["area"].nunique()
    # Offline: the page asked the network for nothing.
    assert browser.execute_script("return performance.getEntriesByType('resource').length") == 0
    assert severe(browser) == []


def test_search_finds_a_seed_paper_by_name_and_highlights_it(browser, seed_report_dir, seed_result):
    from selenium.webdriver.common.by import By

    open_page(browser, seed_report_dir / "topic_map.html", MAP_READY)
    assert _search(browser, "WASH") == ["WASH"]
    assert browser.find_element(By.ID, "count").text == "1 paper matches"
    selected = (
        "return document.querySelector('.map').data.filter(t => t.visible !== false)"
        ".flatMap(t => (t.selectedpoints || []).map(j => t.customdata[j][0]));"
    )
    wash = int(seed_result.documents.index[seed_result.documents["name"] == "WASH"][0])
    assert until(browser, selected, [wash]) == [wash]
    assert browser.execute_script(VISIBLE_POINTS) == len(seed_result.documents)  # the others are dimmed, not removed
    browser.find_element(By.CSS_SELECTOR, "#matches button").click()
    assert until(browser, lambda d: d.find_element(By.ID, "details-name").text, "WASH") == "WASH"
    assert "Watermarking embeds statistical signatures" in browser.find_element(By.ID, "details-text").text
    hover = until(browser, "document.querySelector('.map .hoverlayer').textContent.includes('theme:')")
    assert hover and "WASH" in browser.execute_script("return document.querySelector('.map .hoverlayer').textContent")
    assert len(_search(browser, "watermark")) >= 2  # a word of the abstracts, not only names
    # No words, no list: the panel never lists every title (the map is the overview).
    assert _search(browser, "") == [] and browser.find_element(By.ID, "count").text == ""
    assert browser.find_element(By.ID, "matches-title").text == "Matches"
    assert severe(browser) == []


def test_colour_switch_shows_topics(browser, seed_report_dir, seed_result):
    from selenium.webdriver.common.by import By

    open_page(browser, seed_report_dir / "topic_map.html", MAP_READY)
    legend = "return document.querySelectorAll('.map .legend .traces').length"
    browser.find_element(By.CSS_SELECTOR, "input[name=colour][value=topic]").click()
    assert until(browser, legend, len(seed_result.topics)) == len(seed_result.topics)
    assert browser.execute_script(VISIBLE_POINTS) == len(seed_result.documents)
    # The title and the legend say what the colours now mean.
    shown = "return ['.map .gtitle', '.map .legendtitletext'].map(s => document.querySelector(s).textContent.trim())"
    title, legend_title = browser.execute_script(shown)
    assert title.endswith("(colour: topic)") and legend_title == "topic"
    browser.find_element(By.CSS_SELECTOR, "input[name=colour][value=theme]").click()
    until(browser, lambda d: d.execute_script(shown)[1], "theme")
    title, legend_title = browser.execute_script(shown)
    assert title.endswith("(colour: theme)") and legend_title == "theme"
    browser.find_element(By.CSS_SELECTOR, "input[name=colour][value=topic]").click()
    until(browser, lambda d: d.execute_script(shown)[1], "topic")
    assert _search(browser, "WASH") == ["WASH"]
    assert severe(browser) == []


def test_hostile_abstract_runs_nothing_in_the_topic_map(browser, hostile_report_dir):
    from selenium.webdriver.common.by import By

    open_page(browser, hostile_report_dir / "topic_map.html", MAP_READY)
    matches = _search(browser, "onerror")
    assert matches == ["<script>alert(1)</script> <img src=x onerror=alert(1)>"]
    browser.find_element(By.CSS_SELECTOR, "#matches button").click()  # details panel and hover label
    details = until(browser, lambda d: HOSTILE in d.find_element(By.ID, "details-text").text)
    assert details and "<img src=x onerror=alert(1)>" in browser.find_element(By.ID, "details-text").text
    hover = "document.querySelector('.map .hoverlayer').textContent.includes('<script>alert(1)</script>')"
    assert until(browser, hover)  # the hover label (drawn a frame later) shows the name as text
    assert no_alert(browser)
    assert browser.execute_script("return document.querySelectorAll('img').length") == 0
    assert severe(browser) == []


@pytest.mark.parametrize(
    "page", ["report.html", "topic_terms.html", "topic_hierarchy.html", "topic_similarity.html", "list_comparison.html"]
)
def test_hostile_text_runs_nothing_in_the_other_pages(browser, hostile_report_dir, page):
    open_page(browser, hostile_report_dir / page)  # its figures drawn: any script in the text has had its chance
    assert no_alert(browser)
    assert browser.execute_script("return document.querySelectorAll('img[src=x], img[onerror]').length") == 0
    body = browser.execute_script("return document.body.textContent")
    assert "<script>alert(1)</script>" in body
    assert severe(browser) == []


def test_report_shows_its_figures(browser, seed_report_dir):
    if not (seed_report_dir / "map.svg").exists():
        pytest.skip("static figures were skipped (no Chromium for kaleido)")
    open_page(browser, seed_report_dir / "report.html", "[...document.images].every(i => i.complete)")
    widths = browser.execute_script("return [...document.querySelectorAll('figure img')].map(i => i.naturalWidth)")
    assert len(widths) == 7 and all(w > 0 for w in widths)  # every SVG loaded (the seeds have no year)
    assert severe(browser) == []
