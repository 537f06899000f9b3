"""A name says a kind of thing in the plural, as readers write it: "Humanoid robots", "GANs", "Point clouds".

The papers of a group each write about "a humanoid robot", so the spelling most of them use was the singular,
and ICRA's and IROS's groups of one kind of robot were "Humanoid robot", "Snake robot", "Tactile sensor".
Readers' own labels end a part in "robots" 260 times and in "robot" 10 (panels to 58).
"""

from __future__ import annotations

import pytest

from analysis.model.ctfidf import BOILERPLATE
from analysis.model.naming_text import written
from analysis.model.phrase_table import phrase_table, variant_key
from tests.model.test_fields import EXPECTED, names_beside_six
from tests.model.test_naming import _corpus

HUMANOIDS = [
    ("Balance Control of a Humanoid Robot", "A humanoid robot keeps its balance on a moving floor."),
    ("Walking Patterns for a Humanoid Robot", "We plan the steps of a humanoid robot from its zero-moment point."),
    ("Teaching Humanoid Robots by Imitation", "Humanoid robots imitate a person's arm motions."),
    ("Whole-Body Motion of a Humanoid Robot", "The humanoid robot reaches while it keeps its feet on the ground."),
]
SEGMENTATIONS = [
    ("Object Segmentation in Video", "Object segmentation separates a moving object from the background."),
    ("Interactive Object Segmentation", "A user's clicks guide object segmentation in a photograph."),
    ("Object Segmentation from Motion", "Motion cues give object segmentations of a scene without labels."),
    ("Weakly Supervised Object Segmentation", "Object segmentation learned from image labels alone."),
]
ROBOTS = [
    ("A Climbing Robot for Walls", "A climbing robot holds to a wall by suction."),
    ("Climbing Robots on Poles", "Climbing robots grip a pole between two wheels."),
    ("A Rescue Robot in Rubble", "A rescue robot crawls through rubble after an earthquake."),
    ("Rescue Robot Teams", "Rescue robots search a collapsed building."),
]


def test_a_kind_of_robot_is_named_in_the_plural_that_a_quarter_of_its_papers_write():
    assert names_beside_six(HUMANOIDS) == EXPECTED | {6: "Humanoid robots"}


def test_an_act_keeps_its_singular_though_a_paper_writes_its_plural():
    assert names_beside_six(SEGMENTATIONS) == EXPECTED | {6: "Object segmentation"}


def test_two_parts_ending_in_one_word_singular_and_plural_end_once_in_the_plural():
    texts, titles, _ = _corpus([ROBOTS])
    table = phrase_table(texts, titles, BOILERPLATE)
    keys = [variant_key("climbing robot"), variant_key("rescue robot")]
    assert written(keys, table, texts, titles, len(texts)) == "Climbing and rescue robots"


def test_a_part_the_group_writes_only_in_the_singular_stays_so():
    texts, titles, _ = _corpus([HUMANOIDS[:2], ROBOTS[:1]])
    table = phrase_table(texts, titles, BOILERPLATE)
    members = texts[:2]
    assert written([variant_key("humanoid robot")], table, members, titles[:2], len(texts)) == "Humanoid robot"


def test_a_part_whose_last_word_the_group_hardly_writes_in_the_plural_stays_singular():
    # ICRA 2011's "Balance controls": a third of the group's uses of the phrase were plural, but "controls" was in
    # 2 of its titles and texts against "control" in 20.
    papers = [
        ("Balance Control of a Bicycle Robot", "Balance control keeps a bicycle robot upright by steering."),
        ("Balance Controls for Unicycles", "We compare two of them on a unicycle robot."),
        ("Balance Control on a Ball", "A robot on a ball leans under balance control."),
        ("Torque Control of a Legged Robot", "Torque control of a legged robot under pushes."),
        ("Attitude Control with Reaction Wheels", "Reaction wheels give attitude control in the air."),
        ("Learning Feedback Control", "A policy learns feedback control of a cart-pole."),
        ("Posture Control on One Leg", "Posture control of a humanoid standing on one leg."),
        ("Delay-Robust Control", "A control law robust to delays in the sensing loop."),
        ("Speed Control on Slopes", "Speed control of a wheeled robot going down a slope."),
        ("Position Control Afloat", "Position control of a floating robot against waves."),
        ("Force Control of a Gripper", "Force control of a gripper holding an egg."),
        ("Impedance Control in Contact", "Impedance control of an arm pressing a wall."),
    ]
    texts, titles, _ = _corpus([papers])
    table = phrase_table(texts, titles, BOILERPLATE)
    assert "balance controls" in table.forms[table.index[variant_key("balance control")]]
    assert written([variant_key("balance control")], table, texts, titles, len(texts)) == "Balance control"


AIRCRAFT = [
    ("Landing a Helicopter on a Ship", "We land a helicopter on a moving deck; small UAVs do the same on a truck."),
    ("Helicopters in Formation", "Two helicopters fly in formation; UAVs keep the spacing from their cameras."),
    ("Hovering with a Helicopter", "We hover a helicopter in wind with a controller learned for UAVs."),
    ("UAV Swarms for Mapping", "UAVs map a forest; a helicopter carries the base station."),
]


def test_a_plain_word_beside_a_part_in_the_plural_is_written_in_its_plural_too():
    # IROS 2007's "Helicopter and UAVs": alone, a plain word keeps the spelling most papers use.
    texts, titles, _ = _corpus([AIRCRAFT])
    table = phrase_table(texts, titles, BOILERPLATE)
    keys = [variant_key("helicopter"), variant_key("uavs")]
    assert written(keys[:1], table, texts, titles, len(texts)) == "Helicopter"
    assert written(keys, table, texts, titles, len(texts)) == "Helicopters and UAVs"


@pytest.mark.parametrize(
    ("plural", "singular"),
    [
        ("Gaussian processes", "Gaussian process"),
        ("classes", "class"),
        ("losses", "loss"),
        ("low-rank matrices", "low-rank matrix"),
        ("hypotheses", "hypothesis"),
        ("graph vertices", "graph vertex"),
    ],
)
def test_a_plural_and_its_singular_are_one_phrase(plural, singular):
    # "Gaussian processes" and "Gaussian process" were two phrases, each counting part of the group's papers: nine
    # of the 45 labels the fix changes (final panel 87) were "Gaussian process ..." written in the singular.
    assert variant_key(plural) == variant_key(singular)


def test_words_in_s_that_are_no_plural_keep_it():
    assert variant_key("process") == "process" and variant_key("analysis") == "analysis"
