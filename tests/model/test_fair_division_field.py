"""Fair division is computational social choice; algorithmic fairness needs a learned model in the paper.

IJCAI's groups on envy-free allocation of indivisible goods said "fair" and "fairness" and were named "Algorithmic
fairness" (2.33-2.67 of 5 in bench/ panels; writers: "Fair Division of Indivisible Items") and their areas "Social
choice, games and algorithmic fairness" (3.00). Algorithmic fairness now needs a sign of a learned model (a
classifier, a prediction, training, a dataset, a protected attribute ...), and fair division's words are social
choice's cues. Dev panel 139 rated 13 of the 23 labels it changes higher, 5 lower.
"""

from __future__ import annotations

from tests.model.test_fields import fields_beside_six

FAIR_DIVISION = [
    ("Fair Division of Indivisible Goods", "We study envy-free allocations of indivisible goods among agents."),
    ("EFX Allocations for Three Agents", "An EFX allocation exists for three agents with additive valuations."),
    ("Maximin Share Guarantees for Chores", "Fairness for chores: each agent receives a maximin share allocation."),
]
FAIR_CLASSIFIERS = [
    ("Fair Classification under Demographic Parity", "A classifier with demographic parity for a sensitive attribute."),
    ("Equalized Odds for Predictors", "A fair predictor: we post-process it to satisfy equalized odds."),
]


def test_fair_division_is_social_choice_not_algorithmic_fairness():
    # "Fair" and "fairness" of allocations among agents: no classifier, prediction or training in sight.
    shares = fields_beside_six(FAIR_DIVISION)
    assert "Algorithmic fairness" not in shares
    assert shares["Computational social choice"] == 1.0


def test_fair_classifiers_still_hold_algorithmic_fairness():
    assert fields_beside_six(FAIR_CLASSIFIERS)["Algorithmic fairness"] == 1.0


def test_winner_determination_is_social_choice():
    winners = [
        ("Parameterized Complexity of Winner Determination", "Winner determination under the Kemeny rule is hard."),
        ("Multiwinner Elections with Diversity", "A multiwinner voting rule picks a diverse committee."),
    ]
    assert fields_beside_six(winners)["Computational social choice"] == 1.0
