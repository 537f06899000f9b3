"""A group of many papers whose name's phrases hold under 15% of it says it is mixed: "Mixed: A, B and C".

ICLR 2024's 68 papers on noisy labels, calibration, conformal prediction and active learning were "Label noise",
the subject of 6 of them (2.00 of 5 in 18 panels); the 23 judged labels so made averaged 2.23, 13 of them poor.
"""

from __future__ import annotations

from tests.model.test_fields import EXPECTED, names_beside_six

MIXED = [
    ("Label Noise in Image Classification", "Corrupted annotations harm the training set of a network."),
    ("Robust Losses under Label Noise", "A loss that bounds the harm of wrong annotations."),
    ("Conformal Prediction for Regression", "We study conformal prediction for regression with coverage."),
    ("Sets from a Split", "Held-out data give conformal prediction sets."),
    ("Querying Few Points", "A learner asks for the annotations that help most."),
    ("Temperature Scaling", "Overconfident probabilities are fixed after training."),
    ("Abstaining Predictors", "A predictor that abstains where it is unsure."),
    ("Learning from Crowds", "Many annotators disagree on each item."),
    ("Open-Set Recognition", "Test images of classes never seen in training."),
    ("Long-Tailed Recognition", "Rare categories with a handful of pictures each."),
    ("Consistency Regularisation", "Unlabelled photographs regularise the model."),
    ("Positive-Unlabelled Learning", "Only positive instances carry a tag."),
    ("Domain Generalization Benchmarks", "Train on some domains and test on another."),
    ("Shortcut Features", "Spurious cues that a network learns first."),
]
# Conformal prediction is a group of its own elsewhere: in the mixed group it is too weak to join "Label noise".
CONFORMAL = [
    ("Conformal Prediction under Shift", "Conformal prediction when test data drift."),
    ("Adaptive Conformal Prediction", "Conformal prediction with coverage that adapts over time."),
    ("Conformal Prediction for Graphs", "Conformal prediction sets for the nodes of a graph."),
    ("Efficient Conformal Prediction", "Smaller conformal prediction sets at the same coverage."),
]


def test_a_large_group_whose_name_holds_a_minority_of_it_lists_its_subjects_as_mixed():
    # "Label noise" is in 2 of the 14 papers (14%).
    names = names_beside_six(MIXED, CONFORMAL)
    assert names == EXPECTED | {6: "Mixed: label noise and conformal prediction", 7: "Conformal prediction"}


def test_a_name_that_holds_a_sixth_of_the_group_stays_its_name():
    # The same two label-noise papers among 12 are 17% of the group: no longer a minority.
    assert names_beside_six(MIXED[:12], CONFORMAL)[6] == "Label noise"
