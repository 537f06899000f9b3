"""The report's "Lists compared" and "Over the years": their sentences, and a report with and without their data."""

from __future__ import annotations

import dataclasses

import pytest
from helpers import SEED_A, SEED_B

from analysis.pipeline import write_report
from analysis.report import compared
from analysis.report.document import md_escape
from analysis.run import QUIET

HOSTILE_LIST = "<b>list</b>.txt"


def test_two_lists_each_with_what_it_has_more_of_and_what_the_other_lacks(constructed_result):
    result = constructed_result(
        ["a.txt:1", "a.txt:2", "a.txt:3; b.txt:1", "b.txt:2", "b.txt:3"],
        [0, 0, 1, 1, 2],
        ["gen", "gen", "rl", "rl", "rl"],
    )
    section = compared.lists_compared(result)
    assert section.anchor == "lists-compared" and section.title == "Lists compared"
    assert section.items == (
        (
            "a.txt",
            "3 papers (few papers, shares are rough). Topics it has more of: 0: diffusion (2 papers, 67% against 0% "
            "in the other list). Themes it has more of: gen (2 papers, 67% against 0% in the other list).",
        ),
        (
            "b.txt",
            "3 papers (few papers, shares are rough). Topics it has more of: 1: bandits (2 papers, 67% against 33% "
            "in the other list); 2: watermarks (1 paper, 33% against 0% in the other list). Themes it has more of: "
            "rl (3 papers, 100% against 33% in the other list).",
        ),
    )
    assert section.outro == (
        "In a.txt and not in b.txt (topics with no paper of b.txt): 0: diffusion (2 papers in a.txt, 0 in b.txt).",
        "In b.txt and not in a.txt (topics with no paper of a.txt): 2: watermarks (1 paper in b.txt, 0 in a.txt).",
    )


def test_three_lists_have_no_two_list_reading_and_one_list_no_section(constructed_result):
    three = constructed_result(["a.txt:1", "b.txt:1", "c.txt:1"], [0, 1, 2], ["gen", "rl", "rl"])
    section = compared.lists_compared(three)
    assert [group for group, _ in section.items] == ["a.txt", "b.txt", "c.txt"] and section.outro == ()
    assert "in the other lists" in section.items[0][1]
    assert compared.lists_compared(constructed_result(["a.txt:1", "a.txt:2"], [0, 1], ["gen", "rl"])) is None


def test_over_the_years_says_what_grew_and_shrank_and_what_was_left_out(constructed_result):
    result = constructed_result(
        [""] * 8,
        [0, 1, 1, 0, 0, 0, 2, 1],
        ["gen", "rl", "rl", "gen", "gen", "gen", "rl", "rl"],
        year=["2022", "2022", "2022", "2023", "2024", "2024", "2024", ""],
    )
    section = compared.over_the_years(result)
    assert section.anchor == "over-the-years" and [group for group, _ in section.items] == ["2022", "2023", "2024"]
    assert section.intro[1] == "1 paper without a year is left out."
    assert section.outro == (
        "Grew from 2022 to 2024: 0: diffusion (1 of 3 papers in 2022, 33%, to 2 of 3 in 2024, 67%); "
        "2: watermarks (0 of 3 papers in 2022, 0%, to 1 of 3 in 2024, 33%).",
        "Shrank from 2022 to 2024: 1: bandits (2 of 3 papers in 2022, 67%, to 0 of 3 in 2024, 0%).",
    )
    assert compared.over_the_years(constructed_result([""], [0], ["gen"], year=["2024"])) is None


def test_a_section_in_markdown_and_html_escapes_every_text():
    section = compared.Section("lists-compared", "Lists compared", ("a <i>b</i>",), ((HOSTILE_LIST, "x*y"),), ("z",))
    assert compared.section_markdown(section, md_escape) == [
        "## Lists compared",
        "",
        "a &lt;i&gt;b&lt;/i&gt;",
        "",
        r"- **&lt;b&gt;list&lt;/b&gt;.txt**: x\*y",
        "",
        "z",
        "",
    ]
    page = compared.section_html(section)
    assert "<b>" not in page and "<i>" not in page and "&lt;b&gt;list&lt;/b&gt;.txt" in page
    assert page.startswith('<section id="lists-compared">\n<h2>Lists compared</h2>')


# ---------------------------------------------------------------- whole reports


def _with_papers(result, **changes):
    """The seed result with columns of its papers replaced (no refit)."""
    return dataclasses.replace(result, papers=result.papers.assign(**changes))


@pytest.fixture(scope="module")
def two_years(seed_result):
    """The seeds with a year: the first 13 papers 2024, the others 2025."""
    return _with_papers(seed_result, year=["2024"] * 13 + ["2025"] * (len(seed_result.papers) - 13))


def _report(result, folder) -> tuple[set[str], str, str]:
    names = {path.name for path in write_report(result, folder, runtime=QUIET)}
    return names, (folder / "report.md").read_text(encoding="utf-8"), (folder / "report.html").read_text("utf-8")


def test_a_report_on_two_years_has_topics_over_time(two_years, tmp_path, fake_static):
    names, markdown, page = _report(two_years, tmp_path)
    assert {"topics_over_time.png", "topics_over_time.svg", "topics_over_time.html"} <= names
    assert "topics_over_time" in fake_static
    assert "## Over the years\n" in markdown and "- **2024**: 13 papers (few papers, shares are rough)." in markdown
    assert "Grew from 2024 to 2025: " in markdown and "(topics_over_time.png)" in markdown
    assert "[topics over the years](topics_over_time.html)" in markdown
    assert '<section id="over-the-years">' in page and '<li><a href="#over-the-years">Over the years</a></li>' in page
    assert '<img src="topics_over_time.svg"' in page and '<a href="topics_over_time.html">' in page
    assert 'id="topics-over-time"' in (tmp_path / "topics_over_time.html").read_text(encoding="utf-8")


def test_a_report_on_two_lists_compares_them(seed_result, tmp_path, fake_static):
    names, markdown, page = _report(seed_result, tmp_path)
    assert {"list_comparison.png", "list_comparison.svg", "list_comparison.html"} <= names
    assert not {name for name in names if name.startswith("topics_over_time")}
    assert "## Lists compared\n" in markdown and f"- **{md_escape(SEED_A)}**: 19 papers" in markdown
    assert f"In {md_escape(SEED_A)} and not in {md_escape(SEED_B)}: " in markdown
    assert "Over the years" not in markdown and "Over the years" not in page
    assert '<section id="lists-compared">' in page and '<a href="#lists-compared">Lists compared</a>' in page
    assert '<img src="list_comparison.svg"' in page and '<a href="list_comparison.html">' in page


def test_a_report_on_one_list_without_years_has_neither_and_drops_an_earlier_comparison(
    seed_result, tmp_path, fake_static
):
    _report(seed_result, tmp_path)
    assert (tmp_path / "list_comparison.png").exists()
    names, markdown, page = _report(_with_papers(seed_result, sources="one.txt:1"), tmp_path)
    assert not {name for name in names if name.startswith(("list_comparison", "topics_over_time"))}
    assert not [path.name for path in tmp_path.iterdir() if path.name.startswith("list_comparison")]
    for text in (markdown, page):
        assert "Lists compared" not in text and "Over the years" not in text
        assert "list_comparison" not in text and "topics_over_time" not in text


def test_a_hostile_list_name_is_text_in_the_comparison(hostile_report_dir):
    for name in ("report.md", "report.html", "list_comparison.html"):
        text = (hostile_report_dir / name).read_text(encoding="utf-8")
        assert HOSTILE_LIST not in text and "<script>alert(1)</script>" not in text, name
    page = (hostile_report_dir / "report.html").read_text(encoding="utf-8")
    section = page.split('<section id="lists-compared">')[1].split("</section>")[0]
    assert "<span class='name'>&lt;b&gt;list&lt;/b&gt;.txt</span>: 1 paper (few papers" in section
    markdown = (hostile_report_dir / "report.md").read_text(encoding="utf-8")
    assert r"- **&lt;b&gt;list&lt;/b&gt;.txt**: 1 paper" in markdown


def test_a_hostile_topic_label_is_text_over_the_years(hostile_result, tmp_path):
    result = _with_papers(hostile_result, year=["2024", "2025"] * 13)
    write_report(result, tmp_path, static=False, runtime=QUIET)
    for name in ("report.md", "report.html", "topics_over_time.html"):
        text = (tmp_path / name).read_text(encoding="utf-8")
        assert "<script>alert(1)</script>" not in text and "<img src=x" not in text, name
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page.split('<section id="over-the-years">')[1]
