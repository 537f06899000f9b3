"""Links to a paper's page: http(s) only; any other scheme is shown as text, in the map and the guide."""

from __future__ import annotations

import dataclasses
import re

import pytest

from analysis.report.links import markdown_link, paper_link, paper_links
from analysis.report.topic_map import map_papers

UNSAFE = [
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "//evil.example/x",
    "http:/no-host",
    "java\nscript:alert(1)",
]


@pytest.mark.parametrize("url", UNSAFE)
def test_an_unsafe_url_is_no_link_but_its_text(url):
    link = paper_link({"url": url})
    assert link.href == "" and link.text == url.strip()


@pytest.mark.parametrize(
    ("row", "href"),
    [
        ({"url": "https://openreview.net/forum?id=abc"}, "https://openreview.net/forum?id=abc"),
        ({"url": "http://example.org/a b"}, "http://example.org/a%20b"),
        ({"doi": "10.1145/3292500.3330701"}, "https://doi.org/10.1145/3292500.3330701"),
        ({"doi": "https://doi.org/10.48550/arXiv.2401.00001"}, "https://doi.org/10.48550/arXiv.2401.00001"),
        ({"id": "2401.01234v2"}, "https://arxiv.org/abs/2401.01234v2"),
        ({"eprint": "hep-th/9901001"}, "https://arxiv.org/abs/hep-th/9901001"),
        ({"openreview": "BJxyz12AbC"}, "https://openreview.net/forum?id=BJxyz12AbC"),
        # A safe DOI wins over an unsafe URL.
        ({"url": "javascript:alert(1)", "doi": "10.1234/x"}, "https://doi.org/10.1234/x"),
    ],
)
def test_url_doi_arxiv_and_openreview_ids_link_over_https(row, href):
    assert paper_link(row).href == href


def test_no_place_no_link():
    assert paper_link({"id": "W123", "doi": "not a doi"}) is None
    assert paper_link({}) is None


def test_markdown_keeps_an_unsafe_value_as_text():
    assert markdown_link(paper_link({"url": "javascript:alert(1)"}), lambda t: t) == "javascript:alert(1)"
    assert (
        markdown_link(paper_link({"doi": "10.1234/x(y)"}), lambda t: t)
        == "[doi:10.1234/x(y)](<https://doi.org/10.1234/x%28y%29>)"
    )


def test_the_map_and_the_guide_link_only_http(seed_result):
    from analysis.report.document import report_html, report_markdown

    urls = ["" for _ in range(len(seed_result.papers))]
    urls[0], urls[1] = "https://example.org/paper?id=1&x=2", "javascript:alert(1)"
    result = dataclasses.replace(seed_result, papers=seed_result.papers.assign(url=urls))
    assert [link for link in paper_links(result.papers)][:3] == [
        ("https://example.org/paper?id=1&x=2", "https://example.org/paper?id=1&x=2"),
        ("", "javascript:alert(1)"),
        None,
    ]
    rows = map_papers(result)
    assert rows[0]["link"][0].startswith("https://") and rows[1]["link"] == ["", "javascript:alert(1)"]
    assert "link" not in rows[2]
    page = report_html(result, [])
    assert 'href="https://example.org/paper?id=1&amp;x=2"' in page
    assert 'href="javascript' not in page.lower() and "(javascript:alert(1))" in page
    markdown = report_markdown(result, [])
    assert "(<https://example.org/paper?id=1&x=2>)" in markdown and "](<javascript" not in markdown


def _hrefs_html(page: str) -> list[str]:
    return re.findall(r'href="([^"]*)"', page)


def _hrefs_markdown(text: str) -> list[str]:
    return re.findall(r"\]\(<?([^)>]*)>?\)", text)


def _own_or_https(href: str) -> bool:
    """A link the report may make: a file beside it (``topic_map.html``), an anchor in it, or an https URL."""
    return href.startswith(("#", "https://")) or not re.search(r"[:/]", href)


@pytest.mark.parametrize("url", UNSAFE)
def test_no_output_makes_an_unsafe_value_a_link(seed_result, url):
    """The guide (HTML, Markdown, BibTeX), the map's data and BibTeX, and the widget: the value is text at most."""
    from analysis.report.content import ReportContent
    from analysis.report.document import reading_list_bibtex, report_html, report_markdown
    from analysis.report.widget import TopicMapWidget

    urls = [""] * len(seed_result.papers)
    urls[0], urls[1] = url, "https://example.org/safe"
    result = dataclasses.replace(seed_result, papers=seed_result.papers.assign(url=urls))
    content = ReportContent.build(result)
    page, markdown = report_html(result, [], content=content), report_markdown(result, [], content=content)
    assert all(_own_or_https(h) for h in _hrefs_html(page)) and 'href="https://example.org/safe"' in page
    assert all(_own_or_https(h) for h in _hrefs_markdown(markdown)) and "(<https://example.org/safe>)" in markdown
    bibtex = reading_list_bibtex(content)
    assert bibtex.count("url = {") == 1 and "url = {https://example.org/safe}" in bibtex
    rows = map_papers(result)
    assert rows[0]["link"] == ["", url.strip()] and "url = {" not in rows[0]["bib"]
    assert "url = {https://example.org/safe}" in rows[1]["bib"]
    widget = TopicMapWidget(result)
    assert widget.points["link"][0] == ["", url.strip()] and widget.points["link"][1][0] == "https://example.org/safe"
    widget.select([True] * len(urls))
    assert widget.selected["link"].tolist()[:3] == ["", "https://example.org/safe", ""]


def test_the_map_panel_names_authors_and_venue_where_known_and_the_packed_texts_decode(seed_result):
    from analysis.report.topic_map import columnar, unpacked

    n = len(seed_result.papers)
    authors = ["Ada Lovelace and  Alan Turing"] + [""] * (n - 1)
    venues = ["ICLR 2024", ""] + ["NeurIPS"] * (n - 2)
    result = dataclasses.replace(seed_result, papers=seed_result.papers.assign(authors=authors, venue=venues))
    rows = map_papers(result)
    assert [row.get("by") for row in rows[:3]] == ["Ada Lovelace and Alan Turing · ICLR 2024", None, "NeurIPS"]
    packed = columnar(rows)
    assert packed["columns"]["by"][:2] == ["Ada Lovelace and Alan Turing · ICLR 2024", None]
    assert "text" not in packed["columns"] and "bib" not in packed["columns"]  # only in the gzip block
    assert unpacked(packed) == rows
