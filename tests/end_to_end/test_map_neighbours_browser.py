"""The topic map's paper panel in headless Chromium: its five nearest papers and its link, as text.

Skipped without Debian's chromium and chromium-driver (see test_browser.py). The expected neighbours come
from ``result.similar`` in Python, never from the page.
"""

from __future__ import annotations

import pytest
from helpers import (
    HOSTILE,
    MAP_READY,
    clear_point,
    map_exports,
    map_pixels,
    mouse,
    open_page,
    open_paper,
    severe,
    until,
)

from analysis.figures.chromium import available, headless_chromium

pytestmark = pytest.mark.skipif(
    not available(),
    reason="needs a Chromium and chromedriver (run `make browser` for Debian's)",
)

NEAR_ROWS = (
    "return [...document.querySelectorAll('#details-near li')]"
    ".map(li => [li.querySelector('button').textContent, li.querySelector('.score').textContent.trim()])"
)


@pytest.fixture(scope="module")
def browser():
    driver = headless_chromium(1366, 768, logs=("browser",))
    yield driver
    driver.quit()


def _expected(result, index: int) -> list[list[str]]:
    found = result.similar(result.documents["doc_id"].iat[index], k=5)
    return [[name, f"{score:.2f}"] for name, score in zip(found["name"], found["score"], strict=True)]


def test_a_clicked_point_lists_its_nearest_papers_and_each_opens(browser, seed_report_dir, seed_result):
    from selenium.webdriver.common.by import By

    open_page(browser, seed_report_dir / "topic_map.html", MAP_READY)
    assert not browser.find_element(By.ID, "details-near-block").is_displayed()
    index = clear_point(browser, seed_result)
    mouse(browser, map_pixels(browser, [tuple(seed_result.documents[["x", "y"]].iloc[index])]), hold=False)
    name = seed_result.documents["name"].iat[index]
    assert until(browser, lambda d: d.find_element(By.ID, "details-name").text, name) == name
    assert browser.find_element(By.ID, "details-near-block").is_displayed()
    expected = _expected(seed_result, index)
    assert browser.execute_script(NEAR_ROWS) == expected
    # A neighbour opens its own panel, with its own neighbours.
    browser.find_element(By.CSS_SELECTOR, "#details-near li:first-child button").click()
    first = seed_result.documents.index[seed_result.documents["name"] == expected[0][0]][0]
    assert browser.find_element(By.ID, "details-name").text == expected[0][0]
    assert browser.execute_script(NEAR_ROWS) == _expected(seed_result, first)
    assert severe(browser) == []


def test_a_hostile_neighbour_stays_text(browser, hostile_report_dir, hostile_result):
    from selenium.webdriver.common.by import By

    from analysis.report.topic_map import map_neighbours

    hostile = len(hostile_result.documents) - 1
    neighbour = next(i for i, near in enumerate(map_neighbours(hostile_result)) if hostile in [j for j, _ in near])
    open_page(browser, hostile_report_dir / "topic_map.html", MAP_READY)
    open_paper(browser, neighbour, hostile_result.documents["name"].iat[neighbour])
    names = [name for name, _ in browser.execute_script(NEAR_ROWS)]
    assert HOSTILE in names  # the hostile paper is among its nearest: its name shown as plain text
    assert browser.execute_script("return document.querySelectorAll('#details img, #details script').length") == 0
    assert browser.find_element(By.ID, "details-name").text == hostile_result.documents["name"].iat[neighbour]
    assert severe(browser) == []


def test_only_an_http_link_is_an_anchor(browser, seed_result, tmp_path):
    import dataclasses

    from selenium.webdriver.common.by import By

    from analysis.pipeline import write_report
    from analysis.run import QUIET

    urls = [""] * len(seed_result.papers)
    urls[0], urls[1] = "https://example.org/paper", "javascript:alert(document.title='pwned')"
    result = dataclasses.replace(seed_result, papers=seed_result.papers.assign(url=urls))
    write_report(result, tmp_path, static=False, runtime=QUIET)
    open_page(browser, tmp_path / "topic_map.html", MAP_READY)
    open_paper(browser, 0, seed_result.documents["name"].iat[0])
    anchors = browser.find_elements(By.CSS_SELECTOR, "#details-link a")
    assert [(a.get_attribute("href"), a.text) for a in anchors] == [("https://example.org/paper", urls[0])]
    assert anchors[0].get_attribute("rel") == "noopener noreferrer"
    open_paper(browser, 1, seed_result.documents["name"].iat[1])
    assert browser.find_elements(By.CSS_SELECTOR, "#details-link a") == []
    assert browser.find_element(By.ID, "details-link").text == urls[1]
    open_paper(browser, 2, seed_result.documents["name"].iat[2])
    assert not browser.find_element(By.ID, "details-link").is_displayed()
    assert browser.title != "pwned" and severe(browser) == []


def test_the_selection_exports_link_only_over_http(browser, seed_result, tmp_path):
    import csv
    import dataclasses
    import io

    from selenium.webdriver.common.by import By

    from analysis.pipeline import write_report
    from analysis.run import QUIET

    documents = seed_result.documents
    rows = documents.index[documents["topic"] == seed_result.topics["topic"].iat[0]].tolist()  # contents entry 0
    places = ["https://example.org/p?a=1&b=2", "javascript:alert(document.title='pwned')", "data:text/html,<b>x</b>"]
    places += ["vbscript:msgbox(1)", "//evil.example/x", "/relative"]
    assert len(rows) >= len(places)
    urls = [""] * len(documents)
    for row, place in zip(rows, places, strict=False):
        urls[row] = place
    result = dataclasses.replace(seed_result, papers=seed_result.papers.assign(url=urls))
    write_report(result, tmp_path, static=False, runtime=QUIET)
    open_page(browser, tmp_path / "topic_map.html", MAP_READY)
    browser.find_element(By.CSS_SELECTOR, '#contents button[data-topic="0"]').click()
    csv_text, markdown, bibtex = map_exports(browser)

    links = {row["name"]: row["link"] for row in csv.DictReader(io.StringIO(csv_text))}
    name = documents["name"]
    assert links == {name.iat[row]: urls[row] if urls[row].startswith("https:") else "" for row in rows}
    lines = {line.split("**")[1]: line for line in markdown.splitlines() if line.startswith("- [ ] **")}
    escaped = places[0].replace("&", "\\&")  # the link's text escaped as all Markdown text is
    assert f"([{escaped}](<{places[0]}>))" in lines[name.iat[rows[0]]]
    for row, place in zip(rows[1:], places[1:], strict=False):
        assert "](" not in lines[name.iat[row]]  # the value as escaped text, never a link
        assert place.replace("<", "\\<").replace(">", "\\>") in lines[name.iat[row]]
    assert bibtex.count("url = {") == 1 and "url = {https://example.org/p?a=1\\&b=2}" in bibtex
    assert browser.title != "pwned" and severe(browser) == []


def test_the_paper_under_the_pointer_fills_the_panel_without_a_click(browser, seed_report_dir, seed_result):
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.by import By

    from analysis.text import readable

    open_page(browser, seed_report_dir / "topic_map.html", MAP_READY)
    assert not browser.find_element(By.ID, "details").is_displayed()
    assert browser.find_elements(By.CSS_SELECTOR, "#matches li") == []  # no list of every title
    index = clear_point(browser, seed_result)
    ((x, y),) = map_pixels(browser, [tuple(seed_result.documents[["x", "y"]].iloc[index])])
    actions = ActionBuilder(browser, duration=20)
    actions.pointer_action.move_to_location(x, y)  # no button pressed: only pointing
    actions.perform()
    name = seed_result.documents["name"].iat[index]
    assert until(browser, lambda d: d.find_element(By.ID, "details-name").text, name) == name
    assert browser.find_element(By.ID, "details-text").text == readable(seed_result.papers["text"].iat[index])
    assert browser.find_element(By.ID, "selection").is_displayed() is False  # pointing selects nothing
    assert severe(browser) == []
