"""Abbreviations in labels spelled out as the papers define them (Schwartz-Hearst), on built texts."""

from __future__ import annotations

import numpy as np

from analysis.model.abbreviations import defined_as, is_abbreviation, long_form, spelled_out
from analysis.model.labels import topic_labels

SPIKING = [
    "Spiking neural networks (SNNs) compute with binary spikes. We train SNNs with surrogate gradients.",
    "We convert a transformer to spiking neural networks (SNN) without accuracy loss; SNNs save energy.",
    "Training deep SNNs is hard: spiking neural networks (SNNs) have non-differentiable spikes. SNNs help.",
]
OOD = [
    "Out-of-distribution (OOD) detection flags inputs unlike the training data. OOD detection matters.",
    "We score OOD detection with energy: out-of-distribution (OOD) inputs get higher energy.",
    "A benchmark for OOD detection in medical images, where out-of-distribution (OOD) scans are common.",
]


def test_the_long_form_is_the_shortest_run_of_words_spelling_the_letters():
    assert defined_as("snn", "to train deep spiking neural networks") == "spiking neural networks"
    assert defined_as("ood", "inputs that are out-of-distribution") == "out-of-distribution"
    # "RLHF": "from" is passed over, as Schwartz and Hearst allow.
    assert defined_as("rlhf", "aligned with reinforcement learning from human feedback") == (
        "reinforcement learning from human feedback"
    )
    # The first letter must start a word: "gan" inside "organ" does not define GAN.
    assert defined_as("gan", "a model of the organ") is None
    assert defined_as("vae", "we use a generator") is None


def test_a_form_counts_when_two_papers_define_it_and_keeps_their_case():
    assert long_form("SNNs", SPIKING) == "spiking neural networks"
    assert long_form("OOD", OOD) == "out-of-distribution"
    assert long_form("SNNs", SPIKING[:1] + OOD) is None  # defined in one paper of four
    assert long_form("SNNs", SPIKING[1:2]) == "spiking neural networks"  # ... the topic's only paper


def test_only_abbreviations_are_spelled_out():
    assert [is_abbreviation(w) for w in ["SNNs", "OOD", "LoRA", "NeRF", "Transformer", "graph", "A"]] == [
        True,
        True,
        True,
        True,
        False,
        False,
        False,
    ]
    assert spelled_out("OOD detection", OOD) == "out-of-distribution detection"
    assert spelled_out("GNN pooling", OOD) == "GNN pooling"  # no paper defines it


def test_labels_spell_out_what_their_papers_define():
    labels = topic_labels({}, SPIKING + OOD, np.asarray([0, 0, 0, 1, 1, 1]))
    # "SNNs" is read as the "spiking neural networks" it is defined as, and written so (the longer form where
    # as many papers write each); "OOD detection" is how every paper of the second topic writes its subject.
    assert labels == {0: "Spiking neural networks", 1: "OOD detection"}


def test_an_adjective_phrase_does_not_spell_out_a_label_part():
    # Seen on the reference corpus: "Mixed: differentially private, bilevel optimization" for "Mixed: DP, ...".
    private = [
        "We train differentially private (DP) models with DP-SGD and bilevel optimization.",
        "A differentially private (DP) algorithm for bilevel optimization with DP guarantees.",
    ]
    assert long_form("DP", private) is None
    assert spelled_out("DP", private) == "DP"
    # A noun the lexicon knows, though it ends in -ly, is kept: "anomaly detection (AD)".
    anomaly = ["Anomaly detection (AD) flags rare events.", "We study anomaly detection (AD) in video."]
    assert long_form("AD", anomaly) == "anomaly detection"


def test_singular_and_plural_definitions_count_as_one():
    # The held-out slice: "Variational Autoencoders (VAEs)" in one paper, "variational autoencoder (VAE)" in another.
    vae = ["Variational Autoencoders (VAEs) learn latents.", "Posterior collapse in a variational autoencoder (VAE)."]
    assert long_form("VAE", vae) == "variational autoencoder"
