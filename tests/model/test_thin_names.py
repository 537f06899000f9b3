"""A topic whose name's phrases hold a few of its papers is named by the narrow field holding more of it.

NeurIPS 2017's 29 papers on Markov random fields, structure learning and more were "Markov random fields and
active learning" (2.00 of 5 twice; the writer: "Graphical models and structure learning"), NeurIPS 2018's 18 on
noisy labels "Noisy labels and classification". Judged phrase names of topics of more than 8 papers whose parts held
15-25% of them averaged 2.23 of 5, 64% poor (28 names); 25-35%, 2.66. Exact names on a hand-made group beside the
six groups of tests/model/test_fields.py, which keep theirs.
"""

from __future__ import annotations

from tests.model.test_fields import EXPECTED, names_beside_six

GRAPHICAL = [
    ("Loopy Belief Propagation Converges on Trees", "Belief propagation on a tree converges; we bound its error."),
    ("MAP Inference by Dual Decomposition", "MAP inference splits into small problems that agree on shared variables."),
    ("Learning a Markov Random Field of Images", "The weights of a Markov random field over pixels are learned."),
    ("Bayesian Network Structure from Data", "We search for the Bayesian network whose structure best fits the data."),
]
ACTIVE = [
    ("Active Learning with Disagreement", "Active learning queries the labels on which two hypotheses disagree."),
    ("Active Learning for Regression", "We pick points to label for active learning of a linear regressor."),
]
OTHERS = [
    ("Ranking Hotels from Reviews", "Hotels are ranked by the sentiment of the reviews their guests write."),
    ("Compressing Images with Wavelets", "A wavelet code compresses photographs at a tenth of their size."),
    ("Predicting Crop Yields from Weather", "Weather records predict the yield of wheat in each county."),
    ("Detecting Fraud in Card Payments", "Card payments that deviate from a customer's habits are flagged as fraud."),
    ("Scheduling Nurses in a Hospital", "A rota of nurses meets the hospital's shifts and each nurse's wishes."),
    ("Counting Birds in Photographs", "Birds in photographs of a colony are counted by a detector."),
]


def test_a_topic_its_phrase_barely_holds_is_named_by_the_field_holding_more():
    # "Active learning" holds 2 of the 12 papers, the field of graphical models 4 (under the 35% a field needs
    # to name a topic against its phrases).
    assert names_beside_six([*GRAPHICAL, *ACTIVE, *OTHERS]) == EXPECTED | {6: "Probabilistic graphical models"}


def test_a_field_holding_no_more_than_the_phrase_leaves_the_name():
    # Two papers of graphical models beside two of active learning: the field says no more than the phrase does.
    more = [
        ("Translating Sign Language", "Videos of signers are translated into written sentences."),
        ("Forecasting Electricity Demand", "The demand of a city for electricity is forecast an hour ahead."),
    ]
    assert names_beside_six([*GRAPHICAL[:2], *ACTIVE, *OTHERS, *more])[6] == "Active learning"
