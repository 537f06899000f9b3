"""Labels by zoom, computed in Python: areas at the full view, topics later, never two overlapping at any zoom."""

from __future__ import annotations

import numpy as np
import pandas as pd

from analysis.figures.map_labels import AREA_LINE, AREAS_UNTIL, REFERENCE_PLOT, map_labels, shown_text


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
    dx, dy = abs(a.x - b.x) * scale[0] * zoom, abs(a.y - b.y) * scale[1] * zoom
    return dx < (a.width + b.width) / 2 - 1e-6 and dy < (a.height + b.height) / 2 - 1e-6


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


def test_a_crowded_area_takes_a_narrower_label_to_be_named_at_the_full_view():
    documents, topics = _crowded()
    labels = map_labels(documents, topics, (-1.3, 1.3), (-1.3, 1.3))
    areas = [la for la in labels if la.level == "area"]
    narrower = [la for la in areas if la.wrap < AREA_LINE and la.min_zoom == 1.0]
    # Without the narrower shapes 7 of these 10 areas were named at the full view; with them 8.
    assert sum(la.min_zoom == 1.0 for la in areas) == 8 and len(narrower) >= 1
    assert all(shown_text(la).count("\n") >= 3 for la in narrower)  # wrapped at 16 or 12 characters
    scale = (REFERENCE_PLOT[0] / 2.6, REFERENCE_PLOT[1] / 2.6)
    shown = _shown(labels, 1.0)
    assert not any(_overlap(a, b, 1.0, scale) for i, a in enumerate(shown) for b in shown[i + 1 :])
