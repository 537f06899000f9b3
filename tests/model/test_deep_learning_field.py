"""A broad field "Deep learning methods and theory" names the catch-all areas of ML venues, and no venue's subject.

The largest area of ICML, NeurIPS and ICLR of 2015-2019 holds what the other areas leave: CNNs, normalization,
dropout, initialization and the theory of networks. It was named by its phrases ("Neural networks, synthesis and
deep learning", 1.00-2.00 of 5) or "Computer vision"; blind readers wrote "Deep learning methods and theory".
Of the 17 labels it changes on 60 fitted corpora, final panel 71 rated 10 higher, 2 lower; of the 7 at venues no
panel had seen, 4 higher, none lower (3.05 against 2.57).
"""

from __future__ import annotations

import numpy as np
import pytest

from analysis.model import field_table
from analysis.model.ctfidf import BOILERPLATE
from analysis.model.fields import parse_lexicon
from analysis.model.naming import group_names, phrase_table
from analysis.model.phrase_table import forget_tables
from tests.model.test_fields import SIX
from tests.model.test_naming import _corpus

DEEP_LEARNING = "Deep learning methods and theory"
TRAINING = [
    ("Dropout for Convolutional Neural Networks", "Dropout on the layers of a convolutional neural network."),
    ("Batch Normalization in Residual Networks", "Batch normalization lets a residual network train deeper."),
    ("Initialization of Deep Neural Networks", "A scaled initialization keeps the gradients of a deep network."),
    ("Backpropagation without Weight Transport", "Backpropagation with random feedback weights trains a CNN."),
    ("Activation Functions for Deep Networks", "A smooth activation function speeds up a deep neural network."),
]
ARCHITECTURES = [
    ("Wide Residual Networks", "A ResNet of few wide layers beats a thin deep one on images."),
    ("Densely Connected Convolutional Networks", "Each layer of a convolutional network sees every layer before."),
    ("Capsules between the Layers of a CNN", "Capsules route the outputs of one CNN layer to the next."),
    ("Normalization of Weights in Deep Learning", "Weight normalization in deep learning decouples length and angle."),
    ("Network Architecture by Evolution", "A network architecture for images is evolved layer by layer."),
]
THEORY = [
    ("Expressive Power of Two-Layer Networks", "Two-layer ReLU networks and their expressivity, a layer at a time."),
    ("Generalization Bounds for Neural Networks", "A generalization bound for a deep neural network by its layers."),
    ("Overparameterized Two-Layer Networks", "Overparameterized two-layer networks learn with gradient descent."),
    ("The Neural Tangent Kernel of a Layer", "A neural tangent kernel of an infinite width layer."),
    ("Universal Approximation by Deep ReLU Nets", "Universal approximation by a deep network of ReLU layers."),
]


def _areas(*extra: list[tuple[str, str]]) -> dict[int, str | None]:
    """The names of the areas of SIX (one area each) and of ``extra`` topics, all in one area after them."""
    texts, titles, topics = _corpus([*SIX, *extra])
    areas = np.minimum(topics, len(SIX))
    return group_names(texts, titles, areas, BOILERPLATE, topics)


def test_an_area_of_networks_training_and_architectures_is_named_by_deep_learning():
    assert _areas(TRAINING, ARCHITECTURES)[len(SIX)] == DEEP_LEARNING


def test_an_area_on_the_theory_of_networks_is_named_by_its_kind_of_deep_learning():
    # COLT 2022's and 2023's areas: "Deep learning methods and theory" 3.00 in final panel 71, its kind 4.00.
    assert _areas(THEORY, TRAINING)[len(SIX)] == "Deep learning theory and generalization"


def test_the_field_in_every_title_of_a_venue_is_no_venue_subject():
    # Every title of these 220 papers holds a cue of deep learning (as a quarter of ICLR 2018's did): the corpus
    # would be a venue of one field, whose areas no broad field names and whose lexicon needs 60% of its titles.
    forget_tables()
    papers = [(f"{title} {i}", abstract) for i in range(22) for title, abstract in [*TRAINING, *ARCHITECTURES]]
    texts, titles, _ = _corpus([papers])
    found = phrase_table(texts, titles, BOILERPLATE).fields
    held = {f.name: share for f, share in zip(found.fields, found.title.mean(axis=0), strict=True)}
    assert held[DEEP_LEARNING] == 1.0
    assert len(texts) >= field_table.VENUE_PAPERS
    assert not found.venue.any()


def test_a_tilde_after_a_name_says_the_field_is_no_venue_subject():
    parsed = parse_lexicon("area Deep learning | DL ~: cnn\narea Computer vision: image")
    assert [(f.name, f.short, f.venue_subject) for f in parsed] == [
        ("Deep learning", "DL", False),
        ("Computer vision", "Computer vision", True),
    ]
    with pytest.raises(ValueError, match="no 'Name: cue; cue' in the entry 'area Deep learning: cnn; ~resnet'"):
        parse_lexicon("area Deep learning: cnn; ~resnet")


def _topics(*extra: list[tuple[str, str]]) -> dict[int, str | None]:
    """The names of the topics of SIX and of ``extra`` topics after them."""
    forget_tables()
    texts, titles, topics = _corpus([*SIX, *extra])
    return group_names(texts, titles, topics, BOILERPLATE)


MIXED_NETWORKS = [
    ("Expressivity of Deep Networks", "The expressivity of a deep network grows with its depth."),
    ("A Generalization Bound for Pruned Nets", "A generalization bound for a deep neural network after pruning."),
    ("The Neural Tangent Kernel at Infinite Width", "The neural tangent kernel of a deep network of infinite width."),
    ("Dropout as Noise", "Dropout adds noise to a deep neural network."),
    ("Batch Normalization and Sharp Minima", "Batch normalization in a deep network and sharp minima."),
    ("Orthogonal Initialization", "An orthogonal initialization of a deep neural network."),
    ("Backpropagation in Spiking Models", "Backpropagation through the spikes of a deep network."),
    ("Capsules for Part-Whole Hierarchies", "Capsules in a convolutional neural network."),
    ("Gated Activation Functions", "A gated activation function for a deep neural network."),
    ("Residual Connections and Depth", "Residual connections of a resnet trained on images."),
]


def test_a_topic_of_networks_no_phrase_names_is_named_by_the_theory_of_deep_learning():
    # ICLR 2024's 67 papers on ReLU networks, width, normalization and the theory of networks were "ReLU
    # networks, width and CNNs" (2.00 of 5 in 12 panels): no phrase holds a fifth of them, deep learning nine in ten.
    assert _topics(MIXED_NETWORKS)[len(SIX)] == "Deep learning theory and generalization"


def test_a_topic_of_networks_a_fifth_of_it_on_their_theory_is_not_named_by_it():
    # ICML 2018's 34 papers on CNN architectures, 24% of them with a cue of the theory: "Convolutional neural
    # networks" 3.00 of 5, "Deep learning theory and generalization" 1.67 (panel 74).
    squeeze = ("Squeeze-and-Excitation Blocks", "Channel attention in a convolutional neural network.")
    # Two of ten papers on the theory; no phrase of two papers qualifies either, and the labeller's terms name it.
    assert _topics([*MIXED_NETWORKS[1:], squeeze])[len(SIX)] is None
