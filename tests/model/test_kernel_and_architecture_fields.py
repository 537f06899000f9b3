"""Groups of kernel methods and of network architectures (dev panel 122): named by their fields, not their phrases.

NeurIPS 2009-2017, ICML 2014-2016 and AISTATS 2015-2019 had groups of kernel papers named "Hilbert spaces", "RKHS,
two-sample problem and score functions" or "Alternatives" (blind readers 1.00-2.00 of 5): the field "Kernel methods
and regression" knew only "kernel method", "kernel ridge" and a few more, so kernel machines, kernel means, RKHS and
Nystrom papers were outside it. Groups on ResNets, activation functions and normalization were "ResNets and CNNs",
"Batch normalization" or "Decoupled neural interfaces and activation" (1.00-2.33). Exact names on small hand-made
groups beside the six groups of tests/model/test_fields.py, which keep theirs.
"""

from __future__ import annotations

from tests.model.test_fields import EXPECTED, fields_beside_six, names_beside_six

KERNELS = [
    (
        "Fast Prediction for Large-Scale Kernel Machines",
        "Kernel machines predict slowly; we approximate the kernel expansion with a few centres.",
    ),
    (
        "Kernel Mean Embedding of Distributions",
        "We embed distributions in a reproducing kernel Hilbert space (RKHS) and estimate the kernel mean.",
    ),
    (
        "Nystrom Approximation of the Kernel Matrix",
        "The Nystrom method approximates a large kernel matrix from a few of its columns.",
    ),
    (
        "Learning in Hilbert Spaces with Kernel Learning",
        "Kernel learning picks the kernel of a Hilbert space from data by convex optimisation.",
    ),
]
ARCHITECTURES = [
    (
        "Identity Mappings in Deep Residual Networks",
        "Skip connections let a residual network of a thousand layers train; we study the ResNet block.",
    ),
    (
        "Batch Normalization Accelerates Training",
        "Batch normalization of each layer's inputs speeds the training of a convolutional neural network.",
    ),
    (
        "Searching for Activation Functions",
        "A new activation function replaces ReLU in a deep convolutional network and a ResNet.",
    ),
    (
        "Densely Connected Convolutional Networks",
        "DenseNet joins each layer to every later one, with batch normalization between them, to train deep CNNs.",
    ),
]
# Papers that use a CNN for their own subject: none speaks of an architecture, so the field names none of them.
USES_A_CNN = [
    (
        "Counting Cells in Microscopy Images",
        "A convolutional neural network (CNN) counts the cells of a microscopy slide.",
    ),
    (
        "Reading Street Numbers with a CNN",
        "We read house numbers from street photographs with a CNN trained on a large dataset.",
    ),
    (
        "Detecting Weeds in Crop Fields",
        "A convolutional network detects weeds in photographs of crop fields taken by a tractor.",
    ),
    (
        "Recognising Bird Songs from Spectrograms",
        "A CNN classifies the spectrograms of bird songs recorded in the field.",
    ),
]


def test_kernel_papers_are_named_by_kernel_methods():
    # No paper of the group regresses: the field is named without its last subject.
    assert names_beside_six(KERNELS) == EXPECTED | {6: "Kernel methods"}
    assert fields_beside_six(KERNELS)["Kernel methods"] == 1.0


def test_residual_networks_activations_and_normalization_are_network_architectures():
    assert names_beside_six(ARCHITECTURES) == EXPECTED | {6: "Neural network architectures and normalization"}


def test_a_cnn_used_for_a_subject_is_no_architecture():
    # Each paper holds a cue of the field ("CNN"), none one of its first subject (a ResNet, an activation function).
    assert not any(name.startswith("Neural network architectures") for name in fields_beside_six(USES_A_CNN))
    assert "architectures" not in (names_beside_six(USES_A_CNN)[6] or "")
