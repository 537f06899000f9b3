"""The report opens with the areas and their topics; a small corpus lists every paper, a large one its central ones."""

from __future__ import annotations

import re

import pytest

from analysis.report import document
from analysis.report.content import ReportContent
from analysis.report.overview import FULL_LIST_MAX, TOPIC_PAPERS, area_topics


@pytest.fixture(scope="module")
def content(seed_result):
    return ReportContent.build(seed_result)


@pytest.fixture(scope="module")
def markdown(seed_result, content):
    return document.report_markdown(seed_result, ["map.png"], content=content)


def test_the_overview_table_comes_first_with_one_row_per_topic(seed_result, markdown):
    glance = markdown.index("## At a glance")
    assert glance < markdown.index("## Areas and their topics") < markdown.index("## diffusion and generative models")
    table = markdown[glance : markdown.index("## Areas and their topics")]
    assert "![The topic map, coloured by area](map.png)" in table
    rows = [line for line in table.splitlines() if line.startswith("| ") and "](#topic-" in line]
    assert len(rows) == len(seed_result.topics) == 6
    # Each area named once, on its first row, linked to its section; each topic linked to its own.
    assert sum("](#area-" in row for row in rows) == 2
    for topic in seed_result.topics["topic"]:
        assert f'<a id="topic-{topic}"></a>' in markdown
    central = [re.split(r" \| ", row)[-1].rstrip(" |").split(", ") for row in rows]
    assert all(1 <= len(names) <= 3 for names in central)


def test_each_topic_lists_its_most_central_papers_then_links_the_map(seed_result, content, markdown):
    topics = area_topics(content)
    assert [t.area for t in topics] == sorted(t.area for t in topics)
    assert sorted(t.topic for t in topics) == list(range(6))
    for topic in topics:
        assert len(topic.rows) == int((seed_result.documents["topic"] == topic.topic).sum())
        more = len(topic.rows) - TOPIC_PAPERS
        link = f"[on the map](topic_map.html#topic={topic.topic}) · [back to the table](#at-a-glance)"
        assert (f"and {more} more: {link}" if more > 0 else link) in markdown
    # Topics 0 and 1 have 6 papers: five shown, "and 1 more".
    assert markdown.count("and 1 more: [on the map]") == 2


def test_a_small_corpus_lists_every_paper_and_reads_other_by_area(seed_result, markdown):
    assert len(seed_result.documents) <= FULL_LIST_MAX
    reading = markdown[markdown.index("## diffusion and generative models") :]
    for name in seed_result.documents["name"]:
        assert f"**{document.md_escape(name)}**" in reading
    other = reading[reading.index("## other") : reading.index("## Related papers")]
    others = seed_result.documents[seed_result.documents["theme"] == "other"]
    headings = re.findall(r"^### (.+)$", other, re.MULTILINE)
    assert headings == [document.md_escape(a) for a in dict.fromkeys(others.sort_values("area")["area_label"])]


def test_a_large_corpus_lists_central_papers_only(seed_result, content, markdown, monkeypatch):
    """Over FULL_LIST_MAX papers, the themes name their topics and the misfits are cut."""
    monkeypatch.setattr(document, "FULL_LIST_MAX", 10)
    monkeypatch.setattr(document, "MISFITS_SHOWN", 2)
    short = document.report_markdown(seed_result, [], content=content)
    assert "Reading order (most central first)" in markdown and "Reading order (most central first)" not in short
    assert "![The topic map" not in short  # no map.png written
    assert f"and {len(content.misfits) - 2} more: the theme_margin column of documents.csv" in short
    assert short.count("Topics, by area:") == markdown.count("Topics, by area:") == 5
    # The areas' section is the same at every size.
    section = markdown[markdown.index("## Areas and their topics") : markdown.index("## diffusion and generative")]
    assert section in short
    html = document.report_html(seed_result, [], content=content)
    assert "<strong>Reading order</strong>" not in html and "<h2>At a glance</h2>" in html
    assert html.count("<h4 id='topic-") == 6 and "href='topic_map.html#topic=0'" in html


def test_the_html_overview_puts_the_table_beside_the_map_or_alone(seed_result, content):
    with_map = document.report_html(seed_result, ["map.svg", "map.png"], content=content)
    assert "<div class='glance'><div class='glance-map'><a href='topic_map.html'><img src='map.svg'" in with_map
    # No static figures: no empty box beside the table (it pushed the table to the right of a laptop's page).
    alone = document.report_html(seed_result, [], skipped="no Chromium", content=content)
    assert "<div class='glance'><div class='glance-table'><table class='overview'>" in alone
    assert "glance-map'>" not in alone
