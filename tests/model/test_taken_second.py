"""A field another topic is named by may still be the second part of a topic's name: the two names differ.

Kept out, IROS 2022's topic of visual servoing, 42% of it on surgical robots, was "Visual servoing" (3.00, 3.00
and 2.00 of 5, the last in panel 74); and where a larger topic is "Deep learning theory and generalization" (as
ICLR 2024's topic 7 is by the rule in ``test_deep_learning_field``), "Training dynamics and deep learning theory"
(4.8 of 5 in 20 panels) would lose its second part.
"""

from __future__ import annotations

from analysis.model.ctfidf import BOILERPLATE
from analysis.model.naming import group_names
from analysis.model.phrase_table import forget_tables
from tests.model.test_fields import SIX
from tests.model.test_naming import _corpus

THEORY = [
    ("Expressive Power of Two-Layer Networks", "Two-layer networks and their expressive power."),
    ("Generalization Bounds for Deep Networks", "A generalization bound for a deep network."),
    ("Overparameterized Two-Layer Networks", "Overparameterized two-layer networks learn features."),
    ("The Neural Tangent Kernel at Infinite Width", "A neural tangent kernel of infinite width."),
    ("Universal Approximation by Deep Nets", "Universal approximation by deep nets of any depth."),
    ("Double Descent in Random Features", "Double descent of the generalization error of random features."),
    ("Mean-Field Limits of Wide Networks", "A mean-field limit of a wide two-layer network."),
    ("Feature Learning beyond Kernels", "Feature learning of two-layer networks beyond the kernel regime."),
    ("Expressivity of Graph-Free Networks", "The expressivity of a deep network by its depth."),
    ("Approximation Theory of Deep Nets", "An approximation theory of deep nets."),
    ("Generalization Error of Wide Nets", "The generalization error of wide nets."),
    ("Neural Tangent Kernels of Attention", "Neural tangent kernels of attention layers."),
]
# Half of these on training dynamics, three quarters on the theory of networks.
DYNAMICS = [
    (
        "Edge of Stability in Full-Batch Training",
        "Training dynamics at the edge of stability, a neural tangent kernel.",
    ),
    ("Grokking as Delayed Generalization", "Grokking in the training dynamics of a two-layer network."),
    ("Sharpness and the Loss Landscape", "The loss landscape and sharpness of an overparameterized network."),
    ("Large Learning Rates Find Flat Minima", "A large learning rate and the loss landscape; a generalization bound."),
    ("Gradient Descent at Infinite Width", "Gradient descent on a network of infinite width."),
    ("Features of Wide Networks", "Wide networks in a feature learning phase."),
    ("Saddle Points of Deep Linear Nets", "Saddle points of deep linear networks."),
    ("Plateaus in Deep Training", "Plateaus of the loss of a deep network."),
]


def test_a_field_naming_a_larger_topic_is_still_a_smaller_ones_second_part():
    forget_tables()
    texts, titles, topics = _corpus([*SIX, THEORY, DYNAMICS])
    names = group_names(texts, titles, topics, BOILERPLATE)
    assert names[len(SIX)] == "Deep learning theory and generalization"
    assert names[len(SIX) + 1] == "Training dynamics and deep learning theory"
