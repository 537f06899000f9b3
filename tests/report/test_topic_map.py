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
    papers = pd.DataFrame({"doc_id": list("abcdef"), "decision": ["accept"] * 6, "slot": [str(i) for i in range(6)]})
    assert filter_columns(papers) == {"slot": ["0", "1", "2", "3", "4", "5"]}
    many = pd.DataFrame({"doc_id": [str(i) for i in range(50)], "slot": [str(i) for i in range(50)]})
    assert filter_columns(many) == {}
