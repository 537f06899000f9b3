"""The map page's filters: which extra columns become categories to filter by."""

from __future__ import annotations

import pandas as pd

from analysis.report.topic_map import filter_columns


def test_year_and_venue_are_filters_and_reference_ids_are_not():
    papers = pd.DataFrame(
        {
            "doc_id": ["a", "b", "c"],
            "name": ["A", "B", "C"],
            "text": ["one", "two", "three"],
            "year": [2024.0, 2025.0, float("nan")],
            "venue": ["ICML", "ICLR", "ICML"],
            "doi": ["10.1/a", "10.1/b", "10.1/c"],
            "authors": ["X; Y", "Z", "X"],
            "key": ["a24", "b25", "c"],
        }
    )
    assert filter_columns(papers) == {"year": ["(none)", "2024", "2025"], "venue": ["ICLR", "ICML"]}


def test_a_column_with_one_value_or_too_many_is_no_filter():
    slots = ["0", "1", "2", "3", "4", "4"]
    papers = pd.DataFrame({"doc_id": list("abcdef"), "decision": ["accept"] * 6, "slot": slots})
    assert filter_columns(papers) == {"slot": ["0", "1", "2", "3", "4"]}
    many = pd.DataFrame({"doc_id": [str(i) for i in range(50)], "slot": [str(i) for i in range(50)]})
    assert filter_columns(many) == {}


def test_a_column_of_one_value_per_paper_is_no_filter_and_numbers_sort_by_value():
    # A small list's pdf_url and tldr had become filters, and "week 10" sorted before "week 2".
    n = 12
    papers = pd.DataFrame(
        {
            "doc_id": [str(i) for i in range(n)],
            "pdf_url": [f"https://x.org/{i}.pdf" for i in range(n)],
            "tldr": [f"summary {i}" if i % 3 else None for i in range(n)],
            "batch": ["week 2", "week 10", "first fit", "week 9"] * 3,
            "row": [str(i % 11) for i in range(n)],
        }
    )
    assert filter_columns(papers) == {
        "batch": ["first fit", "week 2", "week 9", "week 10"],
        "row": ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"],
    }


def test_the_map_inlines_the_gl2d_bundle_of_the_same_plotly_js_as_python_plotly():
    import hashlib
    import re

    from analysis.report.topic_map import MAP_PLOTLY_JS, PLOTLY_JS

    def version(path):
        return re.search(r"plotly\.js (?:\(gl2d - minified\) )?v(\d+\.\d+\.\d+)", path.read_text()[:300]).group(1)

    assert version(MAP_PLOTLY_JS) == version(PLOTLY_JS)
    note = (MAP_PLOTLY_JS.parent / "plotly-gl2d.md").read_text(encoding="utf-8")
    assert f"plotly.js@{version(PLOTLY_JS)}" in note
    assert hashlib.sha256(MAP_PLOTLY_JS.read_bytes()).hexdigest() in note
    assert MAP_PLOTLY_JS.stat().st_size < PLOTLY_JS.stat().st_size / 3


def test_finer_topics_are_a_group_and_a_field_of_each_paper_from_5000_papers():
    from analysis.report.topic_map import columnar, map_papers, subtopic_groups
    from bench.map_scale import synthetic_result

    big, small = synthetic_result(5000, areas=4), synthetic_result(600, areas=4)
    groups = subtopic_groups(big)
    assert len(groups) == len(big.subtopics) and [g["id"] for g in groups] == big.subtopics["subtopic"].tolist()
    rows = map_papers(big)
    ids = [groups[r["subtopic"]]["id"] for r in rows]
    assert ids == big.documents["subtopic"].tolist()
    assert all(groups[r["subtopic"]]["topic"] == t for r, t in zip(rows, big.documents["topic"], strict=True))
    assert subtopic_groups(small) == [] and "subtopic" not in columnar(map_papers(small))["columns"]
