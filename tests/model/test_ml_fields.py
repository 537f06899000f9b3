"""Noisy labels and recurrent networks have fields of their own; uncertainty's names nothing at a robotics venue.

Before, groups on learning with noisy labels were "Weakly and semi-supervised learning" (ICML 2019, blind readers
3.00; its writer "Noisy Labels and Weak Supervision"), and ICRA 2008's odometry and sensor calibration "Uncertainty
quantification and calibration" (1.33): a robot's calibration is no model's (bench/panel_final65_20261206/).
Groups of ML papers of 2016-2018 (final panels 67-68): RNN papers were named by state space models, neural language
models by "Large language models", and graph convolutions by their bare words "Graph and node"; ACML 2019's
multi-label and multi-view learning by 3D reconstruction.
"""

from __future__ import annotations

from analysis.model.ctfidf import BOILERPLATE
from analysis.model.naming import group_names
from tests.model.test_fields import EXPECTED, SIX, fields_beside_six, names_beside_six
from tests.model.test_naming import _corpus
from tests.model.test_venue_part_names import _venue_with

NOISY = [
    ("Learning with Noisy Labels by Co-Teaching", "Two networks teach each other to skip examples with label noise."),
    ("Robust Loss Functions under Label Noise", "A symmetric loss is robust when a share of the labels are flipped."),
    ("Estimating the Noise Transition Matrix", "We estimate how labels were corrupted to correct the loss."),
    ("Sample Selection for Noisy Labels", "Small-loss examples are kept as clean when labels are noisy."),
]
CALIBRATION = [
    ("Online Calibration of Wheel Odometry", "Wheel radii of a mobile robot are calibrated while it drives."),
    ("Calibration of a Robot Arm's Kinematics", "Joint offsets of a robot arm are calibrated from measured poses."),
    ("Uncertainty of Odometry on Rough Ground", "We model the uncertainty of wheel odometry on rough ground."),
    ("Calibration of Force Sensors in a Gripper", "The force sensors of a robot gripper are calibrated in place."),
    ("Self-Calibration of a Laser Scanner", "A laser scanner on a robot calibrates its mounting from the scene."),
]


def test_a_group_on_noisy_labels_is_named_by_its_field():
    assert names_beside_six(NOISY) == EXPECTED | {6: "Learning with noisy labels"}


def test_uncertainty_quantification_names_no_group_at_a_robotics_venue():
    texts, titles, topics = _venue_with(CALIBRATION)
    name = group_names(texts, titles, topics, BOILERPLATE)[7]
    assert "uncertainty" not in name.lower()
    assert "calibration" in name.lower()


RECURRENT = [
    ("Deliberation Networks for Sequence Generation", "A second-pass LSTM decoder polishes the first draft."),
    ("Fast-Slow Cells for Character Models", "An RNN with cells on two time scales models characters of text."),
    ("Predictive State Decoders", "Recurrent neural networks learn to predict their future observations."),
    ("Z-Forcing for Stochastic Models", "Latent variables of a GRU decoder are trained with an auxiliary cost."),
    ("Gated Feedback Across Layers", "Recurrent units of upper layers feed back to lower ones in deep RNNs."),
]
MAMBA = [
    ("Selective State Space Models", "A state space model whose parameters depend on the input, as Mamba does."),
    ("Long Convolutions for State Space Models", "An SSM layer is computed as a long convolution over the sequence."),
    ("Mamba for Long Documents", "Mamba layers replace attention for long sequence modeling of documents."),
    ("Diagonal State Space Models", "A diagonal SSM matches structured ones on long sequence modeling benchmarks."),
]


def test_recurrent_networks_are_a_field_apart_from_state_space_models():
    # NeurIPS 2017's group of RNN and LSTM papers was "State space models and sequence modeling" (2.33 of 5;
    # its readers wrote "Recurrent networks and attention"): no state space model of Mamba's kind was in it.
    # LSTM and GRU were no cues: this group was "Decoders", after two of its papers.
    names = names_beside_six(RECURRENT, MAMBA)
    assert names == EXPECTED | {6: "Recurrent neural networks", 7: "State space models"}


NEURAL_LANGUAGE_MODELS = [
    (
        "Regularizing Neural Language Models",
        "Dropout on recurrent weights lowers a language model's perplexity.",
    ),
    ("Character-Aware Language Models", "A language model reads words as characters to handle rare text."),
    ("Mixture of Softmaxes for Language Models", "A language model with several softmaxes breaks the rank limit."),
]
LLM_ERA = [
    ("Prompting Large Language Models to Reason", "An LLM solves math problems when its prompt shows steps."),
    ("Instruction Tuning at Scale", "A large language model follows instructions after tuning on many tasks."),
    ("In-Context Learning of Rare Words", "An LLM learns a new word in context from two examples in its prompt."),
]


def _large_language_models_share(papers: list[tuple[str, str]]) -> float:
    """The share of the group of ``papers`` (beside the six groups of tests.model.test_fields) the field holds."""
    return fields_beside_six(papers).get("Large language models", 0.0)


def test_large_language_models_need_a_sign_of_their_era():
    # ICLR 2018's areas of word embeddings and of reading comprehension were "... and large language models"
    # (2.00 of 5 in final panel 67; its readers wrote "Language representations and embeddings"): a neural
    # language model of 2017 is no LLM.
    assert _large_language_models_share(NEURAL_LANGUAGE_MODELS) == 0.0
    assert _large_language_models_share(LLM_ERA) == 1.0


GRAPH_CONVOLUTIONS = [
    ("Spectral Filters on a Graph", "A graph convolutional layer filters node features with spectral polynomials."),
    ("Embedding Each Node of a Graph", "Random walks on a graph give each node an embedding for link weights."),
    ("Attention over the Neighbours of a Node", "A graph convolutional network weighs each node's neighbours."),
    ("Graph Classification by Pooling", "Node features of a graph are pooled by a GCN for graph classification."),
    ("Inductive Learning on a Large Graph", "Node embedding of unseen nodes of a graph from sampled neighbours."),
    ("Hierarchical Graph Pooling", "A graph is coarsened node by node between graph convolutional layers."),
    ("Generating a Graph Node by Node", "A recurrent model writes a graph node by node and edge by edge."),
    ("Signed Edges of a Social Graph", "Each node of a signed graph gets a graph embedding from balance theory."),
    ("Robustness of Node Labels in a Graph", "An attack flips edges of a graph to change a node's label."),
]


def test_a_field_names_a_group_whose_phrases_are_bare_words():
    # ICLR 2018's 31 papers on graph convolutions and node embeddings were "Graph and node" (2.00 of 5 in final
    # panel 67); its readers wrote "Graph neural networks". The six groups less their own graph neural networks.
    texts, titles, topics = _corpus([*SIX[:3], *SIX[4:], GRAPH_CONVOLUTIONS])
    assert group_names(texts, titles, topics, BOILERPLATE)[5] == "Graph neural networks"


MULTI_LABEL_AND_VIEW = [
    ("Rethinking Structure for Multi-label Classification", "A multi-label classifier predicts labels in turn."),
    ("Multi-Label Learning with Label-Specific Features", "Each label of a multi-label task gets its own features."),
    ("Self-Paced Multi-Label Learning", "Multi-label learning takes easy labels and instances first."),
    ("Multi-View Clustering by Matrix Factorization", "Views of the same objects are clustered by one factorization."),
    ("Latent Multi-view Semi-Supervised Classification", "A latent space shared by views labels unlabeled data."),
    ("Deep Multi-View Subspace Clustering", "Multi-view subspace clustering learns one affinity from all views."),
]


RADIANCE_FIELDS = [
    ("Multi-View Neural Radiance Fields", "A radiance field is fitted to multi-view images of a scene."),
    ("Few-Shot Novel View Synthesis", "Novel views are rendered from three multi-view photographs."),
    ("Surface Reconstruction from Multi-View Images", "A signed distance function is fitted to the views."),
]


def test_multi_view_learning_is_no_three_d_reconstruction():
    # ACML 2019's group of multi-label classification and multi-view clustering was "3D reconstruction and novel
    # view synthesis", by the cue "multi-view" its 3D papers elsewhere read as cameras'; with the two fields of
    # its own the group is named by both, and the 3D papers by their own phrase, no learning's.
    names = names_beside_six(MULTI_LABEL_AND_VIEW, RADIANCE_FIELDS)
    assert names[6] == "Multi-label classification and multi-view learning"
    assert names[7] == "Multi-view images"


ACTIVE = [
    ("Batch Active Learning by Diverse Gradients", "Active learning picks a diverse batch of points to label."),
    ("Querying by Disagreement", "We query the points two hypotheses disagree on, under a labeling budget."),
    ("Uncertainty Sampling for Text Classifiers", "Uncertainty sampling asks for the labels of unsure documents."),
    ("Active Learning of Halfspaces", "A query strategy for active learning of halfspaces with few labels."),
]


def test_active_learning_is_a_field_apart_from_data_selection():
    # AISTATS 2014's, ICML 2013's and ICML 2014's active-learning groups were "Data selection and dataset
    # distillation" by its cue "active learning" (1.33-2.00 of 5); final panel 95 rated "Active learning" 3.00-3.67.
    held = fields_beside_six(ACTIVE)
    assert held["Active learning"] == 1.0
    assert "Data selection and dataset distillation" not in held
