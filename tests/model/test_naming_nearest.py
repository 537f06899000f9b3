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
