"""A cue read in its field's sense only: "expert", "saliency", "adversarial" and "cell" of others name none of theirs.

"Expert" was a cue of "Mixture of experts", so COLT 2015's group on prediction with expert advice was named
"Mixture of experts" (1.33 of 5 in bench/ panels; its writer: "Online Learning and Prediction with Experts").
"Saliency" was a cue of "Interpretability and explainability", so NeurIPS 2007's group on visual saliency and human
gaze was named by it (1.00; "Visual Saliency and Attention Models"). "Adversarial" was a cue of "Adversarial
robustness and attacks", so generative adversarial networks counted for it: ECCV 2018's group on inpainting and style
transfer was named "Adversarial robustness and attacks" (1.00; "GAN-Based Image Synthesis and Restoration").
Mixtures of experts say "mixture of experts" or "MoE", explanations "saliency map", attacks "adversarial example" or
"adversarial attack".
"""

from __future__ import annotations

from tests.model.test_fields import fields_beside_six

EXPERT_ADVICE = [
    ("Online Prediction with Expert Advice", "A forecaster combines the advice of experts; we bound its regret."),
    ("Tracking the Best Expert", "We track the best expert in a changing sequence with small regret."),
    ("Mixability and Expert Algorithms", "Mixable losses give expert algorithms constant regret."),
]
MIXTURES_OF_EXPERTS = [
    ("Sparse Mixture of Experts Layers", "A mixture of experts layer routes each token to two experts."),
    ("Scaling MoE Language Models", "MoE language models grow in parameters at a constant cost per token."),
]
VISUAL_SALIENCY = [
    ("Predicting Human Gaze", "We predict where people look in natural images from their saliency."),
    ("Bottom-Up Saliency and Visual Search", "A bottom-up saliency model explains the time of visual search."),
    ("Saliency in Dynamic Scenes", "Motion makes objects salient; our saliency model predicts eye fixations."),
]
EXPLANATIONS = [
    ("Sanity Checks for Saliency Maps", "Saliency maps of a network should change when its weights do."),
    ("Concept Bottleneck Models", "A concept bottleneck explains each prediction by human concepts."),
]


def test_a_group_on_expert_advice_holds_no_mixture_of_experts():
    shares = fields_beside_six(EXPERT_ADVICE)
    assert "Mixture of experts" not in shares
    assert shares["Bandits and online learning"] == 1.0


def test_a_group_on_mixtures_of_experts_still_holds_the_field():
    assert fields_beside_six(MIXTURES_OF_EXPERTS)["Mixture of experts"] == 1.0


def test_a_group_on_visual_saliency_holds_no_interpretability():
    assert "Interpretability and explainability" not in fields_beside_six(VISUAL_SALIENCY)


def test_saliency_maps_and_concepts_still_hold_interpretability():
    assert fields_beside_six(EXPLANATIONS)["Interpretability and explainability"] == 1.0


GANS = [
    ("Image Inpainting with Generative Adversarial Networks", "A generative adversarial network fills the holes."),
    ("Adversarial Style Transfer", "The adversarial loss of a GAN makes a stylized image look painted."),
    ("Super-Resolution by a GAN", "A GAN with a perceptual loss restores the details of small images."),
]
ATTACKS = [
    ("Adversarial Examples for Image Classifiers", "Small adversarial perturbations fool image classifiers."),
    ("Certified Robustness by Randomized Smoothing", "We certify robustness to perturbations of bounded norm."),
]


def test_a_group_on_gans_holds_no_adversarial_robustness():
    shares = fields_beside_six(GANS)
    assert "Adversarial robustness and attacks" not in shares
    assert shares["Generative adversarial networks"] == 1.0


def test_a_group_on_adversarial_examples_still_holds_the_field():
    assert fields_beside_six(ATTACKS)["Adversarial robustness and attacks"] == 1.0


def test_adversarial_prompts_to_language_models_hold_the_field():
    # Jailbreak papers write "adversarial prompts" and "adversarial suffixes"; that is the field's sense.
    prompts = [
        ("Universal Adversarial Suffixes", "An adversarial suffix makes aligned language models answer anything."),
        ("Red-Teaming with Adversarial Prompts", "We search for adversarial prompts that elicit harmful text."),
    ]
    assert fields_beside_six(prompts)["Adversarial robustness and attacks"] == 1.0


def test_cells_of_the_brain_and_of_networks_are_no_science_of_cells():
    # "Cell" alone named NeurIPS 1998's area on synapses and place cells "... and AI for science" (2.00 of 5); the
    # field keeps "single-cell" and "cell type", and an LSTM's memory cell is no cell biology either.
    cells = [
        ("Place Cells in a Spiking Network", "Hippocampal place cells fire where the animal is; a spiking model."),
        ("Memory Cells of LSTMs", "Each LSTM cell keeps a memory; we study how its gates forget."),
    ]
    assert "AI for science" not in fields_beside_six(cells)


def test_single_cell_data_is_still_science():
    single_cell = [
        ("Embedding Single-Cell RNA Data", "We embed single-cell expression profiles to find each cell type."),
        ("Cell Type Annotation with Transformers", "A transformer assigns a cell type to single-cell profiles."),
    ]
    assert "AI for science" in fields_beside_six(single_cell)
