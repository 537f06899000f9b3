"""A weakly named group takes the candidate name nearest its papers (analysis/model/naming_nearest.py)."""

from __future__ import annotations

import numpy as np
import pytest

from analysis.embedding.backends import TfidfBackend
from analysis.model import naming_nearest as nn
from analysis.model.labels import topic_labels


def test_a_name_gives_way_to_a_candidate_margin_nearer_its_papers():
    options = ["Graph learning", "Kernel methods"]
    assert nn.nearer_name("Motion", options, np.array([0.17, 0.40, 0.56])) == "Kernel methods"
    # Equals: the first in order.
    assert nn.nearer_name("Motion", options, np.array([0.17, 0.56, 0.56])) == "Graph learning"
    assert nn.nearer_name("Graph algorithms", ["Graph learning"], np.array([0.60, 0.72])) == "Graph learning"


def test_a_name_keeps_its_group_where_no_candidate_is_margin_nearer():
    assert nn.nearer_name("Graph algorithms", ["Graph learning"], np.array([0.40, 0.519])) is None
    assert nn.nearer_name("Graph algorithms", ["Graph learning"], np.array([0.70, 0.60])) is None


def test_cosines_are_to_the_mean_of_the_groups_unit_embeddings_and_rounded():
    papers = np.array([[3.0, 0.0], [0.0, 2.0], [5.0, 5.0]])
    near = nn.Nearness(papers, lambda names: np.array([[1.0, 0.0] if n == "x" else [1.0, 1.0] for n in names]))
    cosines = near.cosines(["x", "diagonal"], np.array([0, 1]))
    assert cosines.tolist() == [0.707, 1.0]
    assert near.cosines(["x"], np.array([0])).tolist() == [1.0]


def test_no_nearness_where_a_name_cannot_be_put_in_the_papers_space():
    papers = np.ones((3, 4))
    assert nn.name_nearness(TfidfBackend(), papers) is None
    assert nn.name_nearness(object(), papers) is None  # type: ignore[arg-type]  # no encoder
    assert nn.name_nearness(TfidfBackend(), None) is None

    class Encoder:
        def encode(self, texts):
            return np.ones((len(texts), 4))

    near = nn.name_nearness(Encoder(), papers)
    assert near is not None and near.embeddings.shape == (3, 4)


@pytest.fixture(scope="module")
def seed_inputs(seed_result):
    from analysis.embedding.cache import document_texts
    from analysis.model.describe import paper_titles
    from analysis.text import strip_markup

    papers = seed_result.papers
    texts = [strip_markup(t) for t in document_texts(papers)]
    topics = seed_result.documents["topic"].to_numpy()
    terms = {int(t): [w for w, _ in words] for t, words in seed_result.pieces.terms.items()}
    return terms, texts, topics, paper_titles(papers), np.asarray(seed_result.pieces.embeddings)


def test_far_names_of_weak_groups_are_renamed_and_strong_ones_stay(seed_inputs):
    terms, texts, topics, titles, embeddings = seed_inputs
    plain = topic_labels(terms, texts, topics, True, titles)
    # An encoder that puts the labeller's own names across from every paper, any other name along them.
    centre = np.asarray(embeddings, dtype=float).mean(axis=0)
    own = {name.lower() for name in plain.values()}

    def encode(names):
        return np.array([-centre if n.lower() in own else centre for n in names])

    near = topic_labels(terms, texts, topics, True, titles, nearness=nn.Nearness(embeddings, encode))
    changed = {t for t in plain if near[t] != plain[t]}
    assert changed, "some seed topic is named weakly and has another candidate"
    assert "Diffusion models" in near.values() and "Reinforcement learning" in near.values()  # fields of most
    assert len({n.lower() for n in near.values()}) == len(near)

    def along(names):
        return np.array([centre for _ in names])

    assert topic_labels(terms, texts, topics, True, titles, nearness=nn.Nearness(embeddings, along)) == plain


def _field(short: str, papers: range | list[int], size: int, broad: bool = False):
    from analysis.model.naming_fields import FieldCandidate

    held = frozenset(papers)
    return FieldCandidate(short, 0.0, len(held) / size, held, frozenset(), broad, short)


def test_two_fields_holding_most_of_a_group_name_it_together():
    # ICRA 2010's 47-paper area of robot teams and navigation: each field in a quarter, the two in 60%.
    fields = [_field("Multi-robot systems", range(0, 20), 47), _field("Navigation", range(12, 29), 47)]
    assert nn.field_pairs(fields, 47, area=False) == {"Multi-robot systems and navigation"}


def test_pairs_are_not_made_of_small_overlapping_nested_or_wordy_fields():
    size = 20
    robots = _field("Aerial robots", range(0, 8), size)
    assert nn.field_pairs([robots, _field("Grasping", range(8, 12), size)], size, False) == set()  # 20% < 25%
    fewer = _field("Aerial robots", range(0, 6), size)
    assert nn.field_pairs([fewer, _field("Grasping", range(6, 11), size)], size, False) == set()  # 55% < 60%
    assert nn.field_pairs([fewer, _field("Grasping", range(6, 12), size)], size, False) == {
        "Aerial robots and grasping"
    }
    assert nn.field_pairs([robots, _field("Soft robots", range(8, 14), size)], size, False) == set()  # "robots"
    assert nn.field_pairs([robots, _field("Drones", range(0, 12), size)], size, False) == set()  # holds all of it
    assert nn.field_pairs([robots, _field("Sensing and control", range(8, 14), size)], size, False) == set()
    long = _field("Simultaneous localization and mapping", range(8, 14), size)
    assert nn.field_pairs([robots, long], size, False) == set()
    wordy = _field("Legged locomotion on rough natural terrain", range(8, 14), size)
    assert nn.field_pairs([robots, wordy], size, False) == set()  # seven words
    # "of", "for", "the" and "in" may be in both names.
    pair = nn.field_pairs([_field("The web", range(0, 8), size), _field("The brain", range(8, 14), size)], size, False)
    assert pair == {"The web and the brain"}


def test_a_broad_field_pairs_for_an_area_only():
    size = 20
    fields = [_field("Deep learning", range(0, 10), size, broad=True), _field("Object detection", range(6, 14), size)]
    assert nn.field_pairs(fields, size, area=False) == set()
    assert nn.field_pairs(fields, size, area=True) == {"Deep learning and object detection"}


def test_every_name_of_every_weak_group_is_embedded_in_one_call(seed_inputs):
    # Each call of a cached encoder reads the whole embedding cache (0.27 s at 42,000 vectors): once per level.
    from analysis.model import labels

    _, texts, topics, titles, embeddings = seed_inputs
    given = labels.titles_or_first_sentences(texts, titles)
    calls = []
    centre = np.asarray(embeddings, dtype=float).mean(axis=0)

    def encode(names):
        calls.append(list(names))
        return np.array([centre for _ in names])

    # Names no field gives: every group is weak.
    named = {int(t): f"Zebra {t}" for t in np.unique(topics) if t != -1}
    labels._nearer(named, texts, given, topics, nn.Nearness(embeddings, encode), area=False)
    assert len(named) == 6 and len(calls) == 1
    assert set(named.values()) <= set(calls[0]) and calls[0] == sorted(set(calls[0]))
