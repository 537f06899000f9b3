"""The map widget's Python side: the synced traits, the selection in both directions, bad input.

The front end is tested in Chromium in tests/end_to_end/test_widget_browser.py; here the
trait is set the way the front end sets it (a list of row numbers).
"""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pandas as pd
import pytest
import traitlets

from analysis import TopicResult, load_themes
from analysis.figures.map import equal_scale_frame, label_size
from analysis.report.widget import LABEL_WIDTH, PAD, SELECTED_COLUMNS, TopicMapWidget, label_offsets


@pytest.fixture(scope="module")
def small_result():
    """Seven papers in three topics, without fitting: the widget needs only the frames."""
    themes = load_themes()
    names = themes.names
    documents = pd.DataFrame(
        {
            "doc_id": [f"d{i}" for i in range(7)],
            "name": ["Alpha", "Beta", "Gamma", "Delta", "Eps", "Zeta", "<b>Eta</b>"],
            "topic": [0, 0, 0, 1, 1, 2, 2],
            "topic_label": ["a · b"] * 3 + ["c · d"] * 2 + ["e · f"] * 2,
            "theme": [names[0], names[0], names[1], names[1], names[1], names[-1], names[-1]],
            "theme_score": 0.5,
            "theme_margin": 0.1,
            "x": [-0.9, -0.8, -0.85, 0.1, 0.2, 0.8, 0.9],
            "y": [0.5, 0.6, 0.4, -0.1, 0.0, 0.7, 0.75],
        }
    )
    topics = pd.DataFrame(
        {
            "topic": [0, 1, 2],
            "label": ["a · b", "c · d", "e · f"],
            "size": [3, 2, 2],
            "terms": ["a, b", "c, d", "e, f"],
            "theme": [names[0], names[1], names[-1]],
            "theme_score": 0.5,
        }
    )
    papers = pd.DataFrame(
        {
            "doc_id": documents["doc_id"],
            "title": ["Alpha: a title", None, "", "Delta", "Eps", "Zeta", "Eta"],
            "text": [f"Abstract number {i}. It has two sentences." for i in range(7)],
            "sources": "list.txt:1",
        }
    )
    return TopicResult(
        documents=documents, topics=topics, themes=themes, theme_scores=np.zeros((7, len(names))), papers=papers
    )


def test_points_are_compact_arrays_with_the_report_colours(small_result):
    widget = TopicMapWidget(small_result)
    points = widget.points
    assert points["x"] == [-0.9, -0.8, -0.85, 0.1, 0.2, 0.8, 0.9]
    assert points["name"][6] == "<b>Eta</b>"  # plain text: the front end writes it with textContent
    assert points["title"][:3] == ["Alpha: a title", "Abstract number 1.", "Abstract number 2."]
    assert points["topic"] == [0, 0, 0, 1, 1, 2, 2]
    themes = [t["name"] for t in points["themes"]]
    assert [themes[i] for i in points["theme"]] == small_result.documents["theme"].tolist()
    assert points["themes"][0]["color"] == "#0072B2" and points["themes"][-1]["color"] == "#A0A0A0"
    # A result made before areas has one area: its three topics are shades of its colour, dark to light.
    assert [t["color"] for t in points["topics"]] == ["#58859B", "#88CCEE", "#B2DEF4"]
    assert [t["label"] for t in points["topics"]] == ["0: a · b", "1: c · d", "2: e · f"]
    assert points["topics"][0]["x"] == -0.85 and points["topics"][0]["size"] == 3
    json.dumps(points)  # what the comm sends must be plain JSON


def test_the_front_end_setting_the_selection_fills_selected(small_result):
    widget = TopicMapWidget(small_result)
    assert widget.selected.empty and list(widget.selected.columns) == SELECTED_COLUMNS
    widget.set_state({"selection": [5, 0, 3, 0]})  # as a comm message from the map would
    assert widget.selection == [0, 3, 5]
    selected = widget.selected
    assert selected["doc_id"].tolist() == ["d0", "d3", "d5"]
    assert selected["name"].tolist() == ["Alpha", "Delta", "Zeta"]
    assert selected["title"].tolist() == ["Alpha: a title", "Delta", "Zeta"]
    assert selected["topic"].tolist() == [0, 1, 2] and selected["topic_label"].tolist()[0] == "a · b"
    assert selected.index.tolist() == [0, 3, 5]


def test_select_from_python_sets_exactly_those_rows(small_result):
    widget = TopicMapWidget(small_result)
    widget.select(["d4", "d1"])
    assert widget.selection == [1, 4]
    widget.select(topic=0)
    assert widget.selection == [0, 1, 2]
    widget.select(topic=[1, 2])
    assert widget.selection == [3, 4, 5, 6]
    widget.select(theme=small_result.themes.names[1])
    assert widget.selection == [2, 3, 4]
    widget.select(small_result.documents["x"] > 0)  # a boolean Series
    assert widget.selection == [3, 4, 5, 6]
    widget.select([True, False, False, False, False, False, True])
    assert widget.selection == [0, 6]
    widget.select([])
    assert widget.selection == [] and widget.selected.empty


def test_observers_see_every_change_from_either_side(small_result):
    widget = TopicMapWidget(small_result)
    seen = []
    widget.observe(lambda change: seen.append(change["new"]), names="selection")
    widget.select(topic=2)
    widget.set_state({"selection": [1]})
    widget.clear()
    assert seen == [[5, 6], [1], []]


def test_the_text_fallback_is_stable(small_result):
    widget = TopicMapWidget(small_result, color_by="topic")
    widget.select(topic=1)
    bundle, _ = widget._repr_mimebundle_()
    assert bundle["text/plain"] == "TopicMapWidget: 7 papers, 3 topics, colour by topic, 2 selected"
    assert set(bundle) == {"text/plain", "application/vnd.jupyter.widget-view+json"}


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda w: w.select(["d1", "nope"]), ValueError, "1 doc_ids not on the map, e.g. 'nope'"),
        (lambda w: w.select([True, False]), ValueError, "the mask has 2 values; the map has 7 papers"),
        (lambda w: w.select(topic=9), ValueError, "topic [9] not on the map (it has topics [0, 1, 2])"),
        (lambda w: w.select(theme="poetry"), ValueError, "theme ['poetry'] not on the map"),
        (lambda w: w.select(), ValueError, "select() takes exactly one of papers, topic, theme or area (got none)"),
        (lambda w: w.select(area=3), ValueError, "area [3] not on the map (it has areas [0])"),
        (lambda w: w.select(["d1"], topic=0), ValueError, "(got ['papers', 'topic'])"),
        (lambda w: w.select("d1"), TypeError, "papers must be a list of doc_ids or a boolean mask, got str"),
        (lambda w: w.select([1, 2]), TypeError, "all doc_ids (str) or all booleans, got values of type int"),
        (lambda w: w.set_state({"selection": [2, 7]}), traitlets.TraitError, "rows [7] are outside the map's 7"),
        (lambda w: setattr(w, "color_by", "year"), traitlets.TraitError, "must be 'area', 'topic' or 'theme'"),
    ],
)
def test_bad_input_is_refused_with_a_clear_error(small_result, call, error, message):
    widget = TopicMapWidget(small_result)
    widget.select(topic=0)
    with pytest.raises(error) as raised:
        call(widget)
    assert message in str(raised.value)
    assert widget.selection == [0, 1, 2]  # unchanged


def test_the_widget_loads_its_own_script_and_style_from_the_package(small_result):
    widget = TopicMapWidget(small_result)
    assert "export default { render }" in widget._esm
    assert ".tmw-stage" in widget._css
    # Self-contained: nothing fetched, no plotly.js, no Jupyter-only globals, no HTML parsing of data.
    forbidden_words = ("http:", "https:", "import ", "fetch(", "require(", "define(", "Jupyter.", "IPython")
    for forbidden in (*forbidden_words, "innerHTML", "Plotly"):
        assert forbidden not in widget._esm, forbidden


def test_the_widget_shows_the_areas_by_default_as_the_map_does(seed_result):
    from analysis.figures.style import map_groups

    widget = TopicMapWidget(seed_result)
    assert widget.color_by == "area"
    points, groups = widget.points, map_groups(seed_result)
    assert [a["color"] for a in points["areas"]] == [g["color"] for g in groups["area"]]
    assert [a["size"] for a in points["areas"]] == seed_result.documents["area"].value_counts().sort_index().tolist()
    areas = [points["areas"][i]["id"] for i in points["area"]]
    assert areas == seed_result.documents["area"].tolist()
    # A topic's colour is a shade of its area's, as on the report's map.
    assert [t["color"] for t in points["topics"]] == [g["color"] for g in groups["topic"]]
    assert len(widget.area_labels) == 2 and None not in widget.area_labels  # both seed areas named
    assert widget.area_labels == label_offsets(points, widget.height, level="areas")
    assert "subtopic" not in points  # 26 papers: no finer level
    widget.select(area=1)
    selected = widget.selected
    assert selected.index.tolist() == np.flatnonzero(seed_result.documents["area"] == 1).tolist()
    assert set(selected["area_label"]) == set(
        seed_result.documents.loc[seed_result.documents["area"] == 1, "area_label"]
    )
    assert list(selected.columns) == SELECTED_COLUMNS


def test_a_selection_says_the_finer_topic_where_the_run_has_one(small_result):
    from analysis.report.widget import FINER_COLUMNS

    documents = small_result.documents.assign(subtopic=[0, 0, 1, 2, 2, 3, 4], subtopic_label=list("aabccde"))
    result = dataclasses.replace(small_result, documents=documents)
    widget = TopicMapWidget(result)
    assert widget.points["subtopic"] == [0, 0, 1, 2, 2, 3, 4]
    assert widget.points["subtopics"] == ["a", "b", "c", "d", "e"]
    widget.select(topic=0)
    assert list(widget.selected.columns) == [*SELECTED_COLUMNS[:7], *FINER_COLUMNS, *SELECTED_COLUMNS[7:]]
    assert widget.selected["subtopic_label"].tolist() == ["a", "a", "b"]


def test_the_seed_map_has_every_paper(seed_result):
    widget = TopicMapWidget(seed_result)
    assert len(widget.points["x"]) == len(seed_result.documents) == 26
    widget.select(topic=int(seed_result.topics["topic"].iloc[0]))
    assert len(widget.selected) == int(seed_result.topics["size"].iloc[0])
    assert set(widget.selected["topic"]) == {int(seed_result.topics["topic"].iloc[0])}


def _label_boxes(points: dict, labels: list, width: int, height: int) -> list[tuple[float, float, float, float]]:
    """Each placed label's box on a ``width`` x ``height`` canvas, as Python sized it."""
    frame = equal_scale_frame(points["x"], points["y"], width, height, PAD)
    topics = points["topics"]
    anchors = frame.to_pixels([t["x"] for t in topics], [t["y"] for t in topics])
    boxes = []
    for (ax, ay), topic, offset in zip(anchors, topics, labels, strict=True):
        if offset is not None:
            w, h = label_size(topic["label"])
            boxes.append(
                (ax + offset[0] - w / 2, ay + offset[1] - h / 2, ax + offset[0] + w / 2, ay + offset[1] + h / 2)
            )
    return boxes


def test_python_places_the_labels_the_widget_draws(seed_result):
    widget = TopicMapWidget(seed_result)
    points, labels = widget.points, widget.labels
    assert len(labels) == len(points["topics"]) and None not in labels  # every seed topic has its label
    assert labels == label_offsets(points, widget.height)
    json.dumps(labels)  # plain JSON for the comm
    boxes = _label_boxes(points, labels, LABEL_WIDTH, widget.height)
    for i, a in enumerate(boxes):
        assert a[0] >= 0 and a[1] >= 0 and a[2] <= LABEL_WIDTH and a[3] <= widget.height
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], "labels overlap"
    # A new height re-places them for the new canvas.
    widget.height = 360
    assert widget.labels == label_offsets(points, 360)
    assert all(b[3] <= 360 for b in _label_boxes(points, widget.labels, LABEL_WIDTH, 360))


def test_a_long_topic_label_is_drawn_whole_on_two_lines(seed_result):
    labels = [t["label"] for t in TopicMapWidget(seed_result).points["topics"]]
    long = [label for label in labels if "\n" in label]
    # Broken before "and", between the label's parts, as on the report's map.
    assert long == ["1: Mixed: retrieval-augmented generation\nand text-attributed graphs"], labels
    assert not any("…" in label for label in labels)


def test_a_small_map_gets_one_label_per_topic(small_result):
    widget = TopicMapWidget(small_result)
    assert len(widget.labels) == 3 and all(len(offset) == 2 for offset in widget.labels)
    assert "labels" in widget.keys  # synced to the front end


def front_end_message(content: dict) -> dict:
    """A custom message as the comm delivers ``model.send(content)`` from the map's script."""
    return {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}


def sent_states(widget: TopicMapWidget) -> list[dict]:
    """Record every state update the widget sends to the front end (the comm's messages), from now on."""
    sent: list[dict] = []
    widget.comm.send = lambda data=None, metadata=None, buffers=None: sent.append(data)
    return sent


WATERMARK_QUERY = "watermarking language model outputs"  # as in tests/model/test_search.py


def test_a_search_from_the_box_selects_the_hits_and_lists_them_in_rank_order(seed_result):
    widget = TopicMapWidget(seed_result)
    sent = sent_states(widget)
    widget._handle_msg(front_end_message({"type": "search", "query": f"  {WATERMARK_QUERY} "}))
    expected = seed_result.search(WATERMARK_QUERY)
    found = widget.search_results
    names = seed_result.documents["name"]
    assert found["query"] == WATERMARK_QUERY and found["error"] == "" and found["number"] == 1
    assert [names.iat[row] for row, _ in found["hits"]] == expected["name"].tolist()
    assert {names.iat[row] for row, _ in found["hits"][:2]} == {"WASH", "Ideal attribution mechanisms"}
    assert [score for _, score in found["hits"]] == expected["score"].tolist()
    assert widget.selection == sorted(row for row, _ in found["hits"])
    # One update carries both to the map, as plain JSON.
    assert len(sent) == 1 and set(sent[0]["state"]) == {"selection", "search_results"}
    json.dumps(sent[0])
    # From Python: the same hits, and the same search twice still reaches the map (its number changes).
    frame = widget.search(WATERMARK_QUERY)
    pd.testing.assert_frame_equal(frame, expected)
    assert widget.search_results["hits"] == found["hits"] and widget.search_results["number"] == 2
    assert len(sent) == 2
    widget.clear()
    assert widget.search_results == {} and widget.selection == []


def test_a_search_that_cannot_run_says_why_and_keeps_the_selection(small_result):
    widget = TopicMapWidget(small_result)  # no fitted pieces, no backend: nothing to embed a query with
    widget.select(topic=1)
    widget._handle_msg(front_end_message({"type": "search", "query": "anything"}))
    found = widget.search_results
    assert found["hits"] == [] and found["query"] == "anything"
    assert found["error"].startswith("search failed: this result does not say which embedding backend")
    assert widget.selection == [3, 4]
    with pytest.raises(ValueError, match="needs words"):
        widget.search("   ")
    widget._handle_msg(front_end_message({"type": "other"}))  # not ours: ignored
    assert widget.search_results["number"] == 1


def test_a_clicked_paper_has_the_report_maps_neighbours(seed_result):
    from analysis.report.topic_map import map_neighbours

    widget = TopicMapWidget(seed_result)
    near = widget.points["near"]
    assert near == map_neighbours(seed_result) and all(len(pairs) == 5 for pairs in near)
    json.dumps(widget.points)


def test_links_are_http_only_in_the_points_and_the_selection(small_result):
    import dataclasses

    unsafe = ["javascript:alert(1)", "data:text/html,<b>x</b>", "vbscript:msgbox(1)", "//evil.x/y", "/a"]
    urls = ["https://example.org/a?b=1&c=2", *unsafe, ""]
    result = dataclasses.replace(small_result, papers=small_result.papers.assign(url=urls))
    widget = TopicMapWidget(result)
    assert widget.points["link"][0] == [urls[0], urls[0]]
    assert [link[0] for link in widget.points["link"][1:6]] == [""] * 5  # shown as text, never as an anchor
    assert [link[1] for link in widget.points["link"][1:6]] == unsafe
    assert widget.points["link"][6] is None
    widget.select([True] * 7)
    assert widget.selected["link"].tolist() == [urls[0], "", "", "", "", "", ""]
    assert TopicMapWidget(small_result).points["near"] == [[]] * 7  # no vectors kept: no neighbours
