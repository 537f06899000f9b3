"""An area a broad field would name, named by the two narrow fields that hold most of it.

Readers scored areas named "Reinforcement learning and decision making" 2.90 of 5 (57 judgments) and
"Multimodal vision models" 2.69 (63); the writers of the same groups named the two subjects ("Bandits and
reinforcement learning").
"""

from __future__ import annotations

import numpy as np

from analysis.model.ctfidf import BOILERPLATE
from analysis.model.naming import area_parts, candidates, field_name, group_names, phrase_table
from analysis.model.phrase_table import forget_tables
from tests.model.test_fields import SIX
from tests.model.test_naming import _corpus

BANDITS = [
    ("Regret Bounds for Linear Bandits", "A linear bandit algorithm with a regret bound that matches the lower bound."),
    ("Thompson Sampling for Contextual Bandits", "Thompson sampling in contextual bandits: a regret analysis."),
    (
        "Best-Arm Identification in Multi-Armed Bandits",
        "The best arm of a multi-armed bandit in few pulls.",
    ),
    ("Bandits with Delayed Feedback", "Regret of bandit algorithms when rewards arrive late."),
    ("Adversarial Bandits with Switching Costs", "Regret of an adversarial bandit that pays to switch arms."),
]
RL = [
    (
        "Policy Gradient Methods Converge Globally",
        "Policy gradient in reinforcement learning on tabular MDPs.",
    ),
    ("Sample-Efficient Reinforcement Learning with Linear MDPs", "A reinforcement learning algorithm for linear MDPs."),
    (
        "Q-Learning with Function Approximation",
        "Q-learning in reinforcement learning with linear features.",
    ),
    ("Exploration in Reinforcement Learning by Optimism", "Optimistic exploration for reinforcement learning in MDPs."),
]


def _areas():
    """The six groups of tests/model/test_fields.py, each an area, and one area of a bandit and an RL topic (9)."""
    forget_tables()
    texts, titles, topics = _corpus([*SIX, BANDITS, RL])
    return texts, titles, topics, np.where(topics >= 6, 6, topics)


def test_an_area_of_two_subjects_under_a_broad_field_is_named_by_both():
    texts, titles, topics, areas = _areas()
    names = group_names(texts, titles, areas, BOILERPLATE, topics)
    assert names[6] == "Bandits and reinforcement learning"  # was "Reinforcement learning and decision making"
    # Four papers on privacy and fairness keep the broad field: a small area's papers name their own subjects.
    assert names[2] == "Trustworthy and reliable machine learning"
    assert names[3] == "Graph neural networks"  # a narrow field names its area as before


def test_two_fields_holding_under_seventy_percent_leave_the_broad_field():
    texts, titles, topics, areas = _areas()
    other = [("Markov Games and Equilibria", "Learning equilibria of Markov games with many agents.")] * 4
    texts2, titles2, topics2 = _corpus([*SIX, BANDITS, RL, other])
    forget_tables()
    areas2 = np.where(topics2 >= 6, 6, topics2)
    # Bandits and RL hold all 9 papers of the area: they name it. With 4 papers on Markov games, 9 of 13 (0.69).
    assert group_names(texts, titles, areas, BOILERPLATE, topics)[6] == "Bandits and reinforcement learning"
    assert group_names(texts2, titles2, areas2, BOILERPLATE, topics2)[6] != "Bandits and reinforcement learning"


def test_the_broad_field_set_aside_is_kept_from_other_areas():
    texts, titles, topics, areas = _areas()
    table = phrase_table(texts, titles, BOILERPLATE)
    rows = np.flatnonzero(areas == 6)
    displaced: set[str] = set()
    ranked, parts = candidates(table, rows), area_parts(table, rows, topics)
    name = field_name(table, ranked, parts, rows, set(), area=True, displaced=displaced)
    assert name == "Bandits and reinforcement learning"
    assert displaced == {"reinforcement learning and decision making"}
