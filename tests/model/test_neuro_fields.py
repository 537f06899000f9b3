"""Groups of the early NeurIPS years (dev panel 120): named by the fields of their calls for papers.

NeurIPS 1993-2007's groups on neural coding and synaptic plasticity were "Spiking neural networks" or "Neuroscience
and brain data", those on analog chips "Chip and analog" or "WTA", and those on blind source separation by their
phrases. Exact names on small hand-made groups beside the six groups of tests/model/test_fields.py, which keep theirs.
"""

from __future__ import annotations

from tests.model.test_fields import EXPECTED, fields_beside_six, names_beside_six

CODING = [
    (
        "Population Coding of Orientation in Visual Cortex",
        "We decode orientation from the firing rate of a population of neurons in primary visual cortex.",
    ),
    (
        "Spike-Timing Dependent Plasticity Shapes Receptive Fields",
        "Synaptic plasticity driven by spike timing (STDP) lets a spiking neuron learn its receptive field.",
    ),
    (
        "Information in Spike Trains of Sensory Neurons",
        "We bound the information a spike train carries about a stimulus, a question of the neural code.",
    ),
    (
        "Hebbian Learning in an Integrate-and-Fire Network",
        "A Hebbian rule changes each synapse of an integrate-and-fire network; we derive its stable states.",
    ),
]
CHIPS = [
    (
        "An Analog VLSI Chip for Motion Detection",
        "We built an analog VLSI chip that computes image motion with a silicon retina and a few transistors.",
    ),
    (
        "A Winner-Take-All Circuit in Silicon",
        "A winner-take-all analog circuit selects the largest of its inputs; we test the chip at low power.",
    ),
    (
        "Neuromorphic Learning on Analog Hardware",
        "On-chip learning in analog VLSI adapts the weights of a neuromorphic network with floating gates.",
    ),
    (
        "A Silicon Cochlea for Sound Localisation",
        "The chip models the cochlea in silicon and localises a sound from the delay between two ears.",
    ),
]
SEPARATION = [
    (
        "Blind Source Separation of Speech Mixtures",
        "Blind source separation recovers each speaker from mixtures recorded by two microphones.",
    ),
    (
        "Independent Component Analysis by Maximum Likelihood",
        "Independent component analysis (ICA) finds a linear unmixing whose outputs are statistically independent.",
    ),
    (
        "Fast ICA for Convolved Mixtures",
        "We extend ICA to convolved mixtures and separate sources in the frequency domain.",
    ),
    (
        "Solving the Cocktail Party Problem",
        "Source separation of many talkers, the cocktail party problem, is solved by an adaptive network.",
    ),
]
# A group of today's spiking networks: trained with surrogate gradients on event data, it is no group of neurons.
SNN = [
    (
        "Surrogate Gradients for Deep Spiking Neural Networks",
        "We train a deep spiking neural network (SNN) with surrogate gradients on image classification.",
    ),
    (
        "Energy-Efficient SNN for Event Cameras",
        "An SNN classifies event camera streams at a fraction of the energy of a convolutional network.",
    ),
    (
        "Converting ANNs to Spiking Neural Networks",
        "ANN-to-SNN conversion keeps the accuracy of a spiking neural network with fewer time steps.",
    ),
    (
        "Attention in Spiking Transformers",
        "A spiking transformer computes self-attention with binary spikes for low-power inference.",
    ),
]


def test_neural_coding_chips_and_source_separation_are_named_by_their_fields():
    assert names_beside_six(CODING, CHIPS, SEPARATION) == EXPECTED | {
        6: "Computational neuroscience and neural coding",
        7: "Neuromorphic hardware and analog VLSI",
        8: "Source separation and ICA",
    }


def test_todays_spiking_networks_keep_their_field():
    assert names_beside_six(SNN) == EXPECTED | {6: "Spiking neural networks"}


def test_a_chip_needs_a_sign_of_hardware():
    # "chip" is a cue, but a paper counts for the field only beside a need (VLSI, analog, silicon, a circuit).
    assert fields_beside_six(CHIPS)["Neuromorphic hardware and analog VLSI"] == 1.0
    placement = [("Chip Placement by Reinforcement Learning", "We place the macros of a chip with a learned policy.")]
    assert "Neuromorphic hardware and analog VLSI" not in fields_beside_six(placement * 4)
