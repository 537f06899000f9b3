"""Fields name groups their phrases only partly cover (analysis.model.fields, analysis.model.naming).

Exact names on small hand-made corpora written as their fields write them,
beside the four groups of tests/model/test_naming.py.
"""

from __future__ import annotations

import numpy as np
import pytest

from analysis.model.ctfidf import BOILERPLATE
from analysis.model.fields import FIELDS, columns_by_word, cue_columns, fields
from analysis.model.labels import topic_labels
from analysis.model.naming import field_candidates, group_names, phrase_table
from tests.model.test_naming import GROUPS, _corpus

# Readers wrote "Network pruning and sparsity" for such a group: no phrase is in more than two of its titles.
PRUNING = [
    (
        "Structured Pruning of Vision Transformers",
        "We remove attention heads and channels of vision transformers by structured pruning, keeping accuracy "
        "at half the cost.",
    ),
    (
        "Iterative Magnitude Pruning Revisited",
        "Iterative magnitude pruning removes the smallest weights and retrains; we show when rewinding matters.",
    ),
    (
        "Lottery Tickets in Sparse Networks",
        "Sparse subnetworks found at initialisation train to full accuracy; we find such lottery tickets in one shot.",
    ),
    (
        "Sparse Training from Scratch",
        "We train sparse networks from scratch, regrowing connections by gradient magnitude, at a fixed sparsity.",
    ),
]
# A shared head ("X optimization", "Y optimization") and SGD: the field, not two of its sub-phrases.
OPTIMIZATION = [
    (
        "Stochastic Optimization with Heavy-Tailed Noise",
        "We give convergence rates of clipped stochastic gradient methods when the gradient noise is heavy-tailed.",
    ),
    (
        "Minimax Optimization without Smoothness",
        "Nonsmooth minimax optimization: we prove a convergence rate for an extragradient method.",
    ),
    (
        "Bilevel Optimization by Implicit Gradients",
        "Bilevel optimization estimates the hypergradient; our method converges at the rate of single-level methods.",
    ),
    (
        "Convergence of SGD with Momentum",
        "We prove that SGD with momentum converges on nonconvex objectives at the optimal rate.",
    ),
]
SIX = [*GROUPS, PRUNING, OPTIMIZATION]
EXPECTED = {
    0: "Offline RL",
    1: "LLM agents",
    2: "Differential privacy and group fairness",
    3: "Graph neural networks",
    4: "Network pruning and sparsity",
    5: "Optimization algorithms and convergence",
}


def names_beside_six(*groups: list[tuple[str, str]]) -> dict[int, str | None]:
    """The names of the six groups of :data:`SIX` and of ``groups`` after them (numbered 6, 7, ...), in one corpus."""
    texts, titles, topics = _corpus([*SIX, *groups])
    return group_names(texts, titles, topics, BOILERPLATE)


def fields_beside_six(papers: list[tuple[str, str]]) -> dict[str, float]:
    """The fields holding some of the group of ``papers`` (after the six of :data:`SIX`), each with its share of it."""
    texts, titles, topics = _corpus([*SIX, papers])
    found = field_candidates(phrase_table(texts, titles, BOILERPLATE), np.flatnonzero(topics == len(SIX)))
    return {f.name: f.share for f in found}


def test_a_group_of_one_field_is_named_by_the_field_and_a_clear_subject_keeps_its_own_phrase():
    texts, titles, topics = _corpus(SIX)
    # "Offline RL" and "Graph neural networks" are in every paper of their group: their phrase names them.
    # The mixed third group is named by its two subjects: no one field covers it.
    assert group_names(texts, titles, topics, BOILERPLATE) == EXPECTED


def test_abstracts_alone_give_the_same_names():
    _, _, topics = _corpus(SIX)
    abstracts = [abstract for group in SIX for _, abstract in group]
    assert topic_labels({}, abstracts, topics, True) == EXPECTED


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_field_names_do_not_depend_on_the_order_of_the_papers(seed):
    texts, titles, topics = _corpus(SIX)
    order = np.random.default_rng(seed).permutation(len(texts))
    shuffled = group_names([texts[i] for i in order], [titles[i] for i in order], topics[order], BOILERPLATE)
    assert shuffled == EXPECTED


def test_field_scores_are_exact_ratios_and_ties_go_to_the_name():
    texts, titles, topics = _corpus(SIX)
    table = phrase_table(texts, titles, BOILERPLATE)
    ranked = field_candidates(table, np.flatnonzero(topics == 4))
    best = ranked[0]
    assert best.name == "Network pruning and sparsity"
    # Every paper of the group holds a cue in its text and its title, and no paper outside it: 1 exactly.
    assert (best.score, best.share) == (1.0, 1.0)
    keys = [(-f.score, f.name) for f in ranked]
    assert keys == sorted(keys)


QUANTIZATION = [
    (
        "Post-Training Quantization of Language Models to Four Bits",
        "We quantize the weights of language models to four bits after training, with a per-channel scale.",
    ),
    (
        "Low-Bit Activations without Outliers",
        "Outlier channels make activations hard to quantize; rotating them allows low-bit inference.",
    ),
    (
        "Quantization-Aware Training for Tiny Devices",
        "Quantization-aware training simulates integer arithmetic so that the model runs on microcontrollers.",
    ),
    (
        "Mixed-Precision Quantization by Sensitivity",
        "We choose each layer's bit width by its sensitivity, a mixed-precision quantization under a memory budget.",
    ),
]


def test_an_area_is_named_by_the_broad_field_its_topics_share():
    # Pruning and quantization papers in one area: no phrase and no narrow field covers both, a broad one does.
    groups = [*SIX, QUANTIZATION]
    texts, titles, topics = _corpus(groups)
    areas = np.array([0 if t in (4, 6) else 1 for t in topics.tolist()])
    assert group_names(texts, titles, areas, BOILERPLATE, topics)[0] == "Efficient deep learning"


def test_cues_match_keys_as_whole_word_runs_with_the_corpus_abbreviations():
    keys = ["offline rl", "rl", "structured pruning", "pruningx", "network"]
    by_word = columns_by_word(keys)
    # "reinforcement learning" is read as "rl" where the corpus defines it so.
    assert cue_columns(keys, {"rl": "reinforcement learning"}, ("reinforcement learning",), by_word) == [0, 1]
    assert cue_columns(keys, {}, ("pruning",), by_word) == [2]


def test_the_lexicon_reads_as_names_a_reader_would_write():
    parsed = fields()
    assert len(parsed) == len([line for line in FIELDS.strip().splitlines() if not line.startswith(" ")])
    names = [f.name for f in parsed]
    assert len(set(names)) == len(names)
    for field in parsed:
        assert (field.name[:1].isupper() or field.name[:1].isdigit()) and field.cues, field
        assert len([w for w in field.name.split() if w != "and"]) <= 6, field.name


GRAPH_THEORY = [
    ("Testing Properties of Sparse Graphs", "A tester decides whether a bounded-degree graph is far from bipartite."),
    ("Recovering Planted Partitions in Random Graphs", "A spectral method recovers the blocks of a random graph."),
    ("Learning the Structure of Markov Graphs", "The edges of a graph are learned from samples of its distribution."),
    ("Graph Sparsification with Few Queries", "Sparsifiers of a graph are built from edge queries."),
    ("Mixing Times of Random Walks on Graphs", "A random walk on a graph mixes fast on expanders."),
    ("Reconstructing Graphs from Distance Queries", "A graph is learned from the distances between its vertices."),
]


def test_graphs_without_a_neural_network_are_no_graph_neural_networks():
    # COLT 2018's graphical models and COLT 2019's Markov chains on graphs were "Graph neural networks" (1.0 of 5
    # each): the word "graph" alone covered them. The field needs a sign of the networks ("GNN", "message passing").
    texts, titles, topics = _corpus([*SIX, GRAPH_THEORY])
    labels = topic_labels({}, texts, topics, titles=titles)
    assert labels[3] == "Graph neural networks"
    assert labels[6] == "Graphs"


CELL_HANDLING = [
    ("Gripping Single Cells with a Microhand", "Two glass fingers pick up a cell under the microscope."),
    ("Measuring Cell Stiffness with a Force Probe", "A micro force sensor presses each cell to measure its hardness."),
    ("Sorting Cells in a Microfluidic Chip", "An on-chip valve steers each cell to one of two outlets."),
    ("Tracking Migrating Cells in Gel", "A particle filter follows living cells through a 3D gel."),
    ("Laser Trapping of Cells", "Optical tweezers move a cell to a target without touching it."),
    ("Autofocus for Cell Observation", "A fast autofocus keeps a moving cell sharp under the microscope."),
]
CELL_BIOLOGY = [
    ("Gene Expression Atlases of Single Cells", "We map the gene expression of each cell across tissues."),
    ("Predicting Perturbation Responses of Cells", "A model predicts how a cell's genes respond to a perturbation."),
    ("Cell Type Annotation from RNA Sequencing", "Cell types are labelled from single-cell RNA sequencing."),
    ("Genomic Variants and Cell Fate", "Genomic variants are linked to the fate of each cell."),
    ("DNA Methylation Clocks of Cells", "The DNA methylation of a cell predicts its age."),
    ("Protein Abundance in Single Cells", "Protein levels of each cell are inferred from its transcripts."),
]


def test_cells_handled_by_robots_are_no_computational_biology():
    # IROS 2011 and 2014: micro-robots gripping, sorting and probing cells were "Computational biology and genomics"
    # (1.0 of 5, three times): the word "cell" alone covered them. The field needs a sign of biology's data.
    texts, titles, topics = _corpus([*SIX, CELL_HANDLING, CELL_BIOLOGY])
    labels = topic_labels({}, texts, topics, titles=titles)
    assert labels[7] == "Computational biology and genomics"
    assert labels[6] == "Cells"  # its own word: no phrase is in half of it


MICRO_TOOLS = [
    ("A Multi-Material Milli-Robot", "Three materials are printed into one small robot."),
    ("A Chemical Robot Driven by a Gel", "A self-oscillating gel walks by a chemical reaction."),
    ("Magnetic Microrobots for Drug Delivery", "A magnetic microrobot carries a drug through a vessel."),
    ("Micro-Assembly of Gel Tools on a Chip", "Gel microtools are assembled on a chip by a laser."),
    ("Droplets Dispensed by a Microtool", "A magnetically driven microtool dispenses droplets on a chip."),
    ("Crystal Growth on a Micro-Gripper", "A crystal grown on a gripper's tip changes its grip."),
]


def test_materials_and_chemicals_of_micro_robots_are_no_drug_discovery():
    # IROS 2009's micro-robots of gels, chemicals and materials were "Molecules, proteins and drug discovery" (1.0 of
    # 5): "material", "chemical" and "drug" (delivery) covered them. The field needs a molecule, a protein or a drug's
    # discovery.
    assert "Molecules, proteins and drug discovery" not in fields_beside_six(MICRO_TOOLS)
