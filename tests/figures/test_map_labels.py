"""Labels by zoom, computed in Python: areas at the full view, topics later, never two overlapping at any zoom."""

from __future__ import annotations

import numpy as np
import pandas as pd

from analysis.figures.map_labels import (
    AREA_LINE,
    AREAS_UNTIL,
    FONT_FLOOR,
    PLOT_SIZES,
    REFERENCE_PLOT,
    SUBTOPICS_FROM,
    map_labels,
    placements,
    shown_text,
)


def _corpus(n_topics: int = 12, per: int = 20, seed: int = 1):
    rng = np.random.default_rng(seed)
    centres = rng.uniform(-1, 1, size=(n_topics, 2))
    xy = np.vstack([c + rng.normal(scale=0.05, size=(per, 2)) for c in centres])
    topic = np.repeat(np.arange(n_topics), per)
    area = topic % 3
    documents = pd.DataFrame({"x": xy[:, 0], "y": xy[:, 1], "topic": topic, "area": area})
    topics = pd.DataFrame(
        {
            "topic": np.arange(n_topics),
            "label": [f"topic number {t} about things" for t in range(n_topics)],
            "size": per,
            "area": np.arange(n_topics) % 3,
            "area_label": [f"area {a}" for a in np.arange(n_topics) % 3],
        }
    )
    return documents, topics


def _shown(labels, zoom):
    return [la for la in labels if la.min_zoom <= zoom and (la.max_zoom is None or zoom < la.max_zoom)]


def _overlap(a, b, zoom, scale) -> bool:
    """Whether two labels meet at ``zoom``: boxes overlap, a box touches the other's leader line, or lines cross."""
    dx, dy = abs(a.x - b.x) * scale[0] * zoom, abs(a.y - b.y) * scale[1] * zoom
    if dx < (a.width + b.width) / 2 - 1e-6 and dy < (a.height + b.height) / 2 - 1e-6:
        return True
    return _on_line(a, b, zoom, scale) or _on_line(b, a, zoom, scale) or _crossing(a, b)


def _on_line(box, line, zoom, scale) -> bool:
    """Whether any of 400 points along ``line``'s leader line lies inside ``box`` (pixels at ``zoom``)."""
    if line.leader is None:
        return False
    t = np.linspace(0, 1, 400)
    xs = (line.leader[0] + t * (line.x - line.leader[0]) - box.x) * scale[0] * zoom
    ys = (line.leader[1] + t * (line.y - line.leader[1]) - box.y) * scale[1] * zoom
    return bool(((np.abs(xs) < box.width / 2 - 1e-6) & (np.abs(ys) < box.height / 2 - 1e-6)).any())


def _crossing(a, b) -> bool:
    if a.leader is None or b.leader is None:
        return False

    def turn(p, q, r):
        return np.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]))

    p, q, r, s = a.leader, (a.x, a.y), b.leader, (b.x, b.y)
    return turn(p, q, r) * turn(p, q, s) < 0 and turn(r, s, p) * turn(r, s, q) < 0


def test_areas_first_at_the_full_view_and_no_overlap_at_any_zoom():
    documents, topics = _corpus()
    ranges = ((-1.5, 1.5), (-1.5, 1.5))
    labels = map_labels(documents, topics, *ranges)
    assert [la.level for la in labels] == ["area"] * 3 + ["topic"] * 12
    assert all(la.min_zoom == 1.0 and la.max_zoom == AREAS_UNTIL for la in labels[:3])
    scale = (REFERENCE_PLOT[0] / 3.0, REFERENCE_PLOT[1] / 3.0)
    for zoom in np.geomspace(1, 64, 60):
        shown = _shown(labels, zoom)
        assert not any(_overlap(a, b, zoom, scale) for i, a in enumerate(shown) for b in shown[i + 1 :]), zoom
    # Every topic is named at some zoom, and each label sits on one of its own papers.
    assert all(la.min_zoom < 1e6 for la in labels)
    for la in labels[3:]:
        mine = documents[documents["topic"] == la.group]
        assert ((mine["x"] == la.x) & (mine["y"] == la.y)).any()


def test_the_same_labels_on_every_call():
    documents, topics = _corpus(seed=4)
    assert map_labels(documents, topics, (-1.5, 1.5), (-1.5, 1.5)) == map_labels(
        documents.copy(), topics.copy(), (-1.5, 1.5), (-1.5, 1.5)
    )


def _crowded(n_areas: int = 10, per: int = 30, seed: int = 0):
    """One topic per area, areas scattered at random and overlapping, with long area labels."""
    rng = np.random.default_rng(seed)
    centres = rng.uniform(-1, 1, size=(n_areas, 2))
    xy = np.vstack([c + rng.normal(scale=0.12, size=(per, 2)) for c in centres])
    topic = np.repeat(np.arange(n_areas), per)
    documents = pd.DataFrame({"x": xy[:, 0], "y": xy[:, 1], "topic": topic, "area": topic})
    text = "reinforcement learning and policy optimisation number {}"
    topics = pd.DataFrame(
        {
            "topic": np.arange(n_areas),
            "label": [f"topic {t}" for t in range(n_areas)],
            "size": per,
            "area": np.arange(n_areas),
            "area_label": [text.format(a) for a in range(n_areas)],
        }
    )
    return documents, topics


def test_a_crowded_area_is_named_wrapped_narrower_or_beside_its_cluster():
    documents, topics = _crowded()
    labels = map_labels(documents, topics, (-1.3, 1.3), (-1.3, 1.3))
    areas = [la for la in labels if la.level == "area"]
    narrower = [la for la in areas if la.wrap < AREA_LINE and la.min_zoom == 1.0 and la.leader is None]
    beside = [la for la in areas if la.leader is not None]
    # On their clusters alone 8 of these 10 areas were named at the full view (7 without the narrower shapes). Now
    # all 10 are: 6 on their clusters, 4 beside them with leader lines to one of their own papers (an area placed
    # beside its cluster takes room an area after it had on its own).
    assert sum(la.min_zoom == 1.0 for la in areas) == 10 and len(narrower) >= 1 and len(beside) == 4
    assert all(shown_text(la).count("\n") >= 3 for la in narrower)  # wrapped at 16 or 12 characters
    assert all(la.font >= FONT_FLOOR for la in areas)
    for la in beside:
        mine = documents[documents["area"] == la.group]
        assert ((mine["x"] == la.leader[0]) & (mine["y"] == la.leader[1])).any()
    scale = (REFERENCE_PLOT[0] / 2.6, REFERENCE_PLOT[1] / 2.6)
    for zoom in np.geomspace(1, 64, 40):
        shown = _shown(labels, zoom)
        assert not any(_overlap(a, b, zoom, scale) for i, a in enumerate(shown) for b in shown[i + 1 :]), zoom


def test_each_plot_size_has_its_placement_and_a_larger_plot_only_spreads_it():
    documents, topics = _crowded(seed=3)
    page = placements(documents, topics, (-1.3, 1.3), (-1.3, 1.3))
    assert [p["plot"] for p in page["placements"]] == [list(size) for size in PLOT_SIZES]
    assert len(page["labels"]) == 20 and all(len(p["labels"]) == 20 for p in page["placements"])
    named = [sum(la["min_zoom"] == 1.0 for la in p["labels"][:10]) for p in page["placements"]]
    assert named == sorted(named) and named[-1] == 10  # more room, more areas named at the full view
    small = map_labels(documents, topics, (-1.3, 1.3), (-1.3, 1.3), PLOT_SIZES[0])
    for plot in PLOT_SIZES:  # the smallest plot's labels, drawn on each larger plot: still apart
        scale = (plot[0] / 2.6, plot[1] / 2.6)
        for zoom in np.geomspace(1, 16, 12):
            shown = _shown(small, zoom)
            assert not any(_overlap(a, b, zoom, scale) for i, a in enumerate(shown) for b in shown[i + 1 :])


def test_finer_topics_are_named_from_their_zoom_without_overlap():
    documents, topics = _corpus(n_topics=6, per=40, seed=2)
    # Topics 0-4 in two pieces (the first 25 and the last 15 of their papers), topic 5 in one piece.
    piece = np.tile(np.r_[np.zeros(25, int), np.ones(15, int)], 6)
    documents = documents.assign(subtopic=np.where(documents["topic"] == 5, 10, documents["topic"] * 2 + piece))
    documents = documents.assign(subtopic_label=[f"finer piece {s}" for s in documents["subtopic"]])
    labels = map_labels(documents, topics, (-1.5, 1.5), (-1.5, 1.5))
    finer = [la for la in labels if la.level == "subtopic"]
    assert [la.group for la in finer] == [0, 2, 4, 6, 8, 1, 3, 5, 7, 9]  # largest first, ties by number; 10 is whole
    assert all(SUBTOPICS_FROM <= la.min_zoom < 1e6 and la.max_zoom is None for la in finer)
    scale = (REFERENCE_PLOT[0] / 3.0, REFERENCE_PLOT[1] / 3.0)
    for zoom in np.geomspace(1, 200, 80):
        shown = _shown(labels, zoom)
        assert not any(_overlap(a, b, zoom, scale) for i, a in enumerate(shown) for b in shown[i + 1 :]), zoom


def test_a_topic_at_the_edge_of_the_plot_is_named_inside_it_at_the_full_view():
    documents, topics = _corpus(n_topics=3, per=20)
    # Topic 0 sits at the left edge of the plot; its label is wider than the room left of its papers.
    left = documents["topic"] == 0
    documents.loc[left, "x"] = documents.loc[left, "x"] - documents.loc[left, "x"].mean() - 1.25
    topics.loc[0, "label"] = "Vision-language and multimodal models"
    (x0, x1), (y0, y1) = (-1.3, 1.3), (-1.3, 1.3)
    labels = map_labels(documents, topics, (x0, x1), (y0, y1))
    edge = next(la for la in labels if la.level == "topic" and la.group == 0)
    px = (edge.x - x0) / (x1 - x0) * REFERENCE_PLOT[0]
    assert edge.x > -1.0  # its papers are at -1.25: the label moved in
    assert edge.width / 2 <= px <= REFERENCE_PLOT[0] - edge.width / 2  # the whole box inside the plot
    assert px - edge.width / 2 < 1e-3  # moved right only as far as needed: its left edge on the plot's
