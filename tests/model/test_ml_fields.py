"""Learning with noisy labels has a field of its own; uncertainty's field names nothing at a robotics venue.

Before, groups on learning with noisy labels were "Weakly and semi-supervised learning" (ICML 2019, blind readers
3.00; its writer "Noisy Labels and Weak Supervision"), and ICRA 2008's odometry and sensor calibration "Uncertainty
quantification and calibration" (1.33): a robot's calibration is no model's (bench/panel_final65_20261206/).
"""

from __future__ import annotations

from analysis.model.ctfidf import BOILERPLATE
from analysis.model.naming import group_names
from tests.model.test_fields import EXPECTED, names_beside_six
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
