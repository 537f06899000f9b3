"""Shares per source list and per year: exact counts on small constructed results, and the two figures."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analysis.figures import plot_list_comparison, plot_topics_over_time
from analysis.model import measures as compare
from analysis.model.measures import (
    change_between,
    grew_and_shrank,
    group_shares,
    list_groups,
    more_of,
    only_in,
    paper_years,
    year_groups,
)
from analysis.text import escape


@pytest.fixture(scope="module")
def two_lists(constructed_result):
    """Five papers: p0, p1 only in a.txt; p2 in both lists; p3, p4 only in b.txt."""
    return constructed_result(
        sources=["a.txt:1", "a.txt:2", "a.txt:3; b.txt:1", "b.txt:2", "b.txt:3"],
        topics=[0, 0, 1, 1, 2],
        themes=["gen", "gen", "rl", "rl", "rl"],
    )


@pytest.fixture(scope="module")
def years(constructed_result):
    """Six papers: two of 2023, two of 2024 (one by its date), two without a year."""
    return constructed_result(
        sources=[""] * 6,
        topics=[0, 0, 1, 0, 1, 2],
        themes=["gen", "gen", "rl", "gen", "rl", "other"],
        year=["2023", 2023.0, "2024", np.nan, "", None],
        date=["", "", "", "2024-05-01", "", ""],
    )


def test_a_paper_in_two_lists_counts_in_both(two_lists):
    groups = list_groups(two_lists)
    assert groups.names == ("a.txt", "b.txt") and groups.sizes == [3, 3] and groups.left_out == 0
    assert groups.members.tolist() == [[True, False], [True, False], [True, True], [False, True], [False, True]]


def test_topic_shares_against_the_other_list_are_exact(two_lists):
    shares = group_shares(two_lists, list_groups(two_lists))
    a = shares[shares["group"] == "a.txt"].set_index("key")
    assert a.loc[0, ["papers", "total", "share", "others_papers", "others_total", "others_share"]].tolist() == [
        2,
        3,
        0.6667,
        0,
        3,
        0.0,
    ]
    assert a["difference"].tolist() == [0.6667, -0.3333, -0.3333]
    assert a["label"].tolist() == ["0: diffusion", "1: bandits", "2: watermarks"]
    b = shares[shares["group"] == "b.txt"].set_index("key")
    assert b["papers"].tolist() == [0, 2, 1] and b["difference"].tolist() == [-0.6667, 0.3333, 0.3333]


def test_what_each_list_has_more_of_largest_difference_first_ties_in_topic_order(two_lists):
    found = more_of(group_shares(two_lists, list_groups(two_lists)))
    assert list(zip(found["group"], found["key"], strict=True)) == [("a.txt", 0), ("b.txt", 1), ("b.txt", 2)]
    assert more_of(group_shares(two_lists, list_groups(two_lists)), limit=1)["key"].tolist() == [0, 1]
    themes = more_of(group_shares(two_lists, list_groups(two_lists), by="theme"))
    assert themes[["group", "key", "papers", "share", "others_share"]].values.tolist() == [
        ["a.txt", "gen", 2, 0.6667, 0.0],
        ["b.txt", "rl", 3, 1.0, 0.3333],
    ]


def test_in_one_list_and_not_in_the_other_means_no_paper_there(two_lists):
    shares = group_shares(two_lists, list_groups(two_lists))
    assert only_in(shares, "a.txt", "b.txt")["key"].tolist() == [0]  # topic 1 has the shared paper p2
    assert only_in(shares, "b.txt", "a.txt")[["key", "papers"]].values.tolist() == [[2, 1]]
    with pytest.raises(ValueError, match="two groups"):
        only_in(pd.concat([shares, shares.assign(group="c.txt")]), "a.txt", "b.txt")


def test_shares_are_by_topic_or_theme_only(two_lists):
    with pytest.raises(ValueError, match="'topic' or 'theme', not 'year'"):
        group_shares(two_lists, list_groups(two_lists), by="year")


def test_the_year_comes_from_year_else_from_date_and_a_paper_without_one_is_left_out(years):
    assert paper_years(years.papers) == ["2023", "2023", "2024", "2024", "", ""]
    groups = year_groups(years)
    assert groups.names == ("2023", "2024") and groups.sizes == [2, 2] and groups.left_out == 2
    assert compare.has_years(years) and not compare.compares_lists(years)
    assert paper_years(pd.DataFrame({"text": ["a"]})) == [""]


def test_years_sort_as_numbers_and_one_year_is_nothing_to_compare(constructed_result):
    papers = constructed_result([""] * 3, [0, 0, 0], ["gen"] * 3, year=["2024", "1999", "2024"])
    assert year_groups(papers).names == ("1999", "2024")
    one = constructed_result([""] * 2, [0, 0], ["gen"] * 2, year=["2024", "2024"])
    assert not compare.has_years(one) and year_groups(one).sizes == [2]


def test_topics_that_grew_and_shrank_from_the_first_to_the_last_year(constructed_result):
    papers = constructed_result(
        [""] * 7, [0, 1, 1, 0, 0, 0, 2], ["gen"] * 7, year=["2022", "2022", "2022", "2023", "2024", "2024", "2024"]
    )
    change = change_between(group_shares(papers, year_groups(papers)), "2022", "2024")
    assert change[["key", "first_papers", "first_total", "last_papers", "last_total"]].values.tolist() == [
        [0, 1, 3, 2, 3],
        [1, 2, 3, 0, 3],
        [2, 0, 3, 1, 3],
    ]
    assert change["change"].tolist() == [0.3333, -0.6667, 0.3333]
    grew, shrank = grew_and_shrank(change)
    assert grew["key"].tolist() == [0, 2] and shrank["key"].tolist() == [1]


def test_a_list_under_thirty_papers_is_starred_in_the_legend(two_lists):
    fig = plot_list_comparison(two_lists).to_dict()
    assert [trace["name"] for trace in fig["data"]] == ["b (3 papers*)", "a (3 papers*)"]  # drawn last first
    assert [trace["legendrank"] for trace in fig["data"]] == [2, 1]
    a = fig["data"][1]
    assert a["y"] == ["0: diffusion", "1: bandits", "2: watermarks"]
    assert a["x"] == [66.7, 33.3, 0.0] and a["text"] == ["2", "1", "0"]
    assert a["customdata"] == [[2, 3], [1, 3], [0, 3]]


def test_topics_over_time_draw_one_line_per_topic_with_the_year_sizes_on_the_axis(years):
    fig = plot_topics_over_time(years).to_dict()
    assert [trace["name"] for trace in fig["data"]] == ["0: diffusion", "1: bandits", "2: watermarks"]
    assert fig["data"][0]["x"] == ["2023<br>2 papers*", "2024<br>2 papers*"]
    assert fig["data"][0]["y"] == [100.0, 50.0] and fig["data"][0]["customdata"] == [[2, 2], [1, 2]]
    assert fig["layout"]["xaxis"]["title"]["text"] == "year (* under 30 papers: shares are rough)"


def test_list_names_and_topic_labels_are_escaped_in_the_figures(constructed_result):
    hostile = constructed_result(["<b>x</b>.txt:1", "b.txt:1"], [0, 1], ["gen", "rl"], year=["2023", "2024"])
    hostile.topics["label"] = ["<script>alert(1)</script>", "ok"]
    for fig in (plot_list_comparison(hostile), plot_topics_over_time(hostile)):
        text = str(fig.to_dict())
        assert "<script>" not in text and "<b>x</b>" not in text
    assert escape("0: <script>alert(1)</script>") in plot_topics_over_time(hostile).to_dict()["data"][0]["name"]
