"""Robotics fields of the lexicon (analysis.model.fields): robotics groups named as robotics sessions are.

Before them the lexicon had three robotics fields, robotics venues fell under
its gate (0.58-0.59 of their titles held a cue) and their groups were named by
their own phrases: "IMU and EKF", "Cell manipulation, ultrasound and blood".
Exact names on hand-made groups beside the six ML groups of tests/model/test_fields.py.
"""

from __future__ import annotations

import pytest

from analysis.model.ctfidf import BOILERPLATE
from analysis.model.fields import fields, parse_lexicon
from analysis.model.naming import group_names
from analysis.model.naming_text import joined_fields
from tests.model.test_field_patterns import _field_shares
from tests.model.test_fields import SIX
from tests.model.test_naming import _corpus

STATE_ESTIMATION = [
    ("Tightly Coupled Visual-Inertial Odometry", "We fuse camera images and IMU readings in a sliding window."),
    ("An Invariant EKF for Legged Robots", "An extended Kalman filter estimates the base state of a walking robot."),
    ("Wheel and IMU Sensor Fusion", "We fuse wheel odometry and an IMU for a ground robot's pose."),
    ("Observability of Inertial Navigation", "We study which states inertial navigation estimates from the IMU."),
]
SURGERY = [
    ("Steering Flexible Needles in Tissue", "A surgical robot steers a flexible needle through soft tissue."),
    ("Catheter Shape Sensing", "We sense the shape of a catheter inside the heart during a procedure."),
    ("Autonomous Suturing", "The robot sutures tissue in minimally invasive surgery from endoscope images."),
    ("A Continuum Robot for the Throat", "A continuum robot reaches the throat through the mouth in surgery."),
]
DRONE_IMAGES = [
    ("Small Object Detection in Drone Images", "We detect small vehicles and people in images taken by a drone."),
    ("A Benchmark of UAV Imagery", "A dataset of UAV images of cities is annotated with boxes and masks."),
    ("Counting Cars from the Air", "Cars are counted in drone images of parking lots with a density map."),
    ("Aerial Scene Segmentation", "We segment buildings and roads in UAV images of the ground."),
]
DRONE_FLIGHT = [
    ("Agile Quadrotor Flight through Gates", "A quadrotor flies through racing gates with a learned controller."),
    ("Perching Drones", "A drone perches on branches; its controller plans the landing trajectory."),
    ("Wind-Robust UAV Control", "A UAV keeps its trajectory in gusts with an adaptive controller."),
    ("Multirotor Flight with a Payload", "A multirotor carries a swinging payload; we control its flight."),
]


def test_robotics_groups_are_named_by_robotics_fields():
    texts, titles, topics = _corpus([*SIX, STATE_ESTIMATION, SURGERY, DRONE_FLIGHT])
    names = group_names(texts, titles, topics, BOILERPLATE)
    assert [names[6], names[7], names[8]] == [
        "State estimation and sensor fusion",
        "Surgical and medical robots",
        "Aerial robots and UAVs",
    ]


def test_drone_images_are_no_aerial_robots():
    # WACV 2025's "Aerial and drone imagery" (readers 5.0) says "drone" and "UAV" but flies nothing: the aerial
    # field counts a paper only where it also says flight, control, planning, navigation or a trajectory.
    texts, titles, topics = _corpus([*SIX, DRONE_IMAGES, DRONE_FLIGHT])
    assert "Aerial robots and UAVs" not in _field_shares(texts, titles, topics == 6)
    assert _field_shares(texts, titles, topics == 7)["Aerial robots and UAVs"] == 1.0


def _field(name: str) -> tuple[str, str, bool]:
    field = next(f for f in fields() if f.name == name)
    return field.name, field.short, field.broad


def test_a_field_of_two_modifiers_and_one_noun_is_not_split_as_two_subjects():
    # "Surgical, medical robots and microrobots" read as three subjects; a field named by two nouns still is.
    tactile = _field("Tactile sensing")[1]
    assert joined_fields(_field("Surgical and medical robots"), tactile) == "Surgical robots and tactile sensing"
    assert joined_fields(_field("Microrobots and magnetic actuation"), tactile) == (
        "Microrobots, magnetic actuation and tactile sensing"
    )


LOCOMOTION = [
    (
        "Learning Quadruped Gaits on Rough Terrain",
        "A quadruped learns to walk over rocks and stairs with a gait policy.",
    ),
    ("Bipedal Walking with Compliant Ankles", "A bipedal robot walks on uneven ground with compliant ankles."),
    ("Jumping Legged Robots", "We plan jumps of a legged robot from its centroidal dynamics."),
    ("Energy-Efficient Locomotion", "Legged locomotion spends less energy with springs in the knees."),
]
NAVIGATION = [
    ("Social Navigation in Crowds", "A mobile robot moves through a crowd of pedestrians without collisions."),
    ("Visual Navigation to Objects", "A robot finds a named object in an unseen house from camera images."),
    ("Navigation in Unmapped Forests", "A mobile robot navigates a forest trail with no map from its lidar."),
    ("Topological Maps for Navigation", "Navigation over a topological map of places scales to large buildings."),
]
ROBOT_HANDS = [
    ("A Tendon-Driven Robot Hand", "We build a robot hand with five fingers driven by tendons for grasping."),
    ("In-Hand Reorientation of Objects", "A dexterous hand turns an object between its fingers with a learned policy."),
    ("Underactuated Hands for Grasping", "An underactuated hand grasps objects of many shapes with one motor."),
    ("Grasp Quality for Multi-Fingered Hands", "We predict the quality of a grasp by a multi-fingered hand."),
]


def test_locomotion_and_navigation_are_named_apart():
    # "Robot navigation and locomotion" named groups of one of the two: 17 judgments, mean 2.25 of 5.
    texts, titles, topics = _corpus([*SIX, LOCOMOTION, NAVIGATION])
    names = group_names(texts, titles, topics, BOILERPLATE)
    assert [names[6], names[7]] == ["Legged locomotion", "Robot navigation"]


def test_a_robots_hand_is_no_human_motion():
    # "Human motion and pose" named a grasping and a dexterous-manipulation group by "hand" (1.0 each, panel 18).
    texts, titles, topics = _corpus([*SIX, ROBOT_HANDS])
    assert "Human motion and pose" not in _field_shares(texts, titles, topics == 6)
    assert group_names(texts, titles, topics, BOILERPLATE)[6] == "Grasping and dexterous manipulation"


TRAFFIC = [
    ("Deep Traffic Flow Prediction", "A spatio-temporal network forecasts traffic flow on a road network."),
    ("Reinforcement Learning for Traffic Signal Control", "Agents set each traffic signal to cut vehicle delay."),
    ("Ride-Hailing Dispatch at City Scale", "We match ride-hailing vehicles to riders across the city."),
]
DRIVING = [
    ("Motion Forecasting for Self-Driving Cars", "We forecast the trajectories of vehicles around a self-driving car."),
    ("End-to-End Driving from Camera Images", "A policy drives a car from its camera images in traffic."),
    ("Lane Change Planning in Dense Traffic", "An autonomous vehicle plans lane changes among other vehicles."),
]


def test_traffic_in_a_city_is_no_autonomous_driving():
    # "Autonomous driving and motion forecasting" named traffic and logistics groups at IJCAI by "traffic" and
    # "vehicle" (1.0-2.0, final panels 19 and 27); its plain cues now count only with a sign of driving.
    texts, titles, topics = _corpus([*SIX, TRAFFIC, DRIVING])
    assert "Autonomous driving and motion forecasting" not in _field_shares(texts, titles, topics == 6)
    assert _field_shares(texts, titles, topics == 7)["Autonomous driving and motion forecasting"] == 1.0
    names = group_names(texts, titles, topics, BOILERPLATE)
    assert [names[6], names[7]] == ["Traffic and urban mobility", "Autonomous driving and motion forecasting"]


AUDITION = [
    ("Sound Source Localization with a Moving Head", "A robot turns its head toward a sound source it localizes."),
    ("Separating Speakers for Robot Audition", "Sound source separation splits two speakers a robot hears."),
    ("Binaural Hearing on a Humanoid", "Two ears on a humanoid localize voices in a reverberant room."),
    ("Microphone Array Beamforming on a Mobile Base", "A microphone array on a mobile robot tracks a talker."),
]
SERVOING = [
    ("Image-Based Visual Servoing of a Manipulator", "Image features steer the arm's joints toward a goal view."),
    ("Visual Servoing with Uncalibrated Cameras", "The arm reaches a target seen by cameras it was not told about."),
    ("Position-Based Visual Servoing for Grasping", "The pose of an object drives the gripper's approach."),
    ("Visual Servo Control under Latency", "A delayed camera stream still guides the arm to its target."),
]
CELL_TOOLS = [
    ("A Microgripper for Handling Cells", "A two-finger microgripper picks single cells under a microscope."),
    ("Optical Tweezers for Cell Transport", "Optical tweezers carry cells through a microfluidic channel."),
    ("Automated Micromanipulation of Oocytes", "A pipette injects oocytes held in place by suction."),
    ("Microassembly of Gel Units", "Small gel units are stacked by a robot into a three-dimensional tissue."),
]
TOPOLOGICAL_MAPS = [
    ("Topological Maps of Office Buildings", "A mobile robot builds a topological map of rooms and doors."),
    ("Place Graphs from Omnidirectional Images", "Places seen in panoramic images become nodes of a topological map."),
    ("Homing along a Topological Route", "The robot returns home by following landmarks along its route."),
    ("Merging Topological Maps of Two Robots", "Two robots merge the topological maps of a building they share."),
]


def test_robot_audition_servoing_and_micromanipulation_are_named_as_their_sessions():
    # IEEE RAS keywords of older robotics venues, where titles say "sound source" ("Sound source" named IROS 2010's
    # 26 papers of robot audition, 2.0 of 5), "visual servoing" and "optical tweezers".
    texts, titles, topics = _corpus([*SIX, AUDITION, SERVOING, CELL_TOOLS])
    names = group_names(texts, titles, topics, BOILERPLATE)
    assert [names[6], names[7], names[8]] == [
        "Robot audition and sound localization",
        "Visual servoing",
        "Micro- and nanomanipulation",
    ]


def test_a_topological_map_is_no_geometric_deep_learning():
    # IROS 2010's topological maps of mobile robots were "Geometric and equivariant deep learning" by "topological".
    texts, titles, topics = _corpus([*SIX, TOPOLOGICAL_MAPS])
    assert "Geometric and equivariant deep learning" not in _field_shares(texts, titles, topics == 6)


STIFFNESS = [
    ("A Variable Stiffness Actuator with Antagonistic Springs", "Two springs set the joint's stiffness."),
    ("Series Elastic Actuators for Safe Arms", "A spring between motor and link measures and limits the force."),
    ("Twisted String Actuation of a Finger", "A twisted string pulls a tendon-driven finger."),
    ("Energy Storage in Compliant Joints", "A compliant joint stores energy in a hop and releases it."),
]
LTL_PLANNING = [
    ("Robot Motion Planning from Linear Temporal Logic", "A robot's mission is written in LTL and planned."),
    ("Reactive Synthesis for Mobile Robots", "A controller is synthesized from a formal specification."),
    ("Signal Temporal Logic Specifications for Drones", "Drone missions are given as signal temporal logic."),
    (
        "Multi-Robot Tasks from Formal Specifications",
        "A formal specification of a team's task is planned by model checking.",
    ),
]


def test_compliant_actuation_and_temporal_logic_planning_are_named_as_their_sessions():
    # "Soft robots and actuators" named elastic and variable stiffness actuators by "actuator" alone (1.67-2.33 at
    # ICRA 2013-2014, IROS 2013 and 2015); "Knowledge representation and logical reasoning" named robots' temporal
    # logic missions (1.67 at ICRA 2013 and IROS 2013).
    texts, titles, topics = _corpus([*SIX, STIFFNESS, LTL_PLANNING])
    names = group_names(texts, titles, topics, BOILERPLATE)
    assert [names[6], names[7]] == ["Compliant and variable stiffness actuation", "Formal methods and temporal logic"]


ROBOT_SEARCH = [
    ("Heuristic Search for Robot Footstep Plans", "A best-first search finds footsteps for a walking robot."),
    ("Local Search for Multi-Robot Routes", "A local search improves the routes of a robot team."),
    ("Search-Based Planning for Mobile Robots", "A heuristic search plans a mobile robot's path on a lattice."),
    ("Informative Sampling for Robot Exploration", "A robot samples where its map is most uncertain."),
    ("Sampling Grasps for a Robot Hand", "Grasps of a robot hand are sampled and ranked."),
    ("Anytime Search for Robot Arms", "A search algorithm plans an arm's motion and improves it over time."),
]
# Groups of a robotics venue, beside the one a test names: robotics is the corpus's own field.
ROBOT_VENUE = [SURGERY, DRONE_FLIGHT, STATE_ESTIMATION, AUDITION, SERVOING]
AI_SEARCH = [
    ("Heuristic Search with Learned Heuristics", "A best-first search expands fewer states with a learned heuristic."),
    ("Faster SAT Solvers by Clause Learning", "A SAT solver learns clauses and solves satisfiability faster."),
    ("Classical Planning in PDDL", "Classical planning problems written in PDDL are solved by state space search."),
    # Two papers of planning: the field says its last subject where two papers and a tenth of the group hold it.
    (
        "Constraint Satisfaction with Backtracking",
        "A backtracking search solves constraint satisfaction and planning problems.",
    ),
]


def test_an_ai_field_away_from_robotics_names_nothing_at_a_robotics_venue():
    # "Search, satisfiability and planning", "Information retrieval and search", "Sampling and MCMC" and
    # "Recommender systems" read robots' search, planning and sampling: the 24 such names judged 1.0-2.0.
    texts, titles, topics = _corpus([ROBOT_SEARCH, *ROBOT_VENUE])
    assert group_names(texts, titles, topics, BOILERPLATE)[0] == "Heuristic search"  # was "Information retrieval ..."
    texts, titles, topics = _corpus([*SIX, AI_SEARCH])  # an ML corpus: the field names its own papers
    assert group_names(texts, titles, topics, BOILERPLATE)[6] == "Search, satisfiability and planning"


def test_a_field_is_away_only_from_a_broad_field_of_the_lexicon():
    fields_of = parse_lexicon("area Robot learning: robot\nSampling ! Robot learning: sampling; mcmc")
    assert fields_of[1].away == ("Robot learning",)
    fields_of = parse_lexicon("area Robot learning: robot\narea HCI: user\nSampling ! Robot learning ! HCI: sampling")
    assert fields_of[2].away == ("Robot learning", "HCI")
    with pytest.raises(ValueError, match="'Sampling' is away from 'Robots', which is no broad field of the lexicon"):
        parse_lexicon("area Robot learning: robot\nSampling ! Robots: sampling; mcmc")


# ICRA 2006's robotics courses (students build robots at a university) were "Knowledge distillation" (1.0 of 5):
# "teacher" and "student" are its cues. At a robotics venue it names nothing now.
ROBOT_COURSES = [
    ("Teaching Robotics to Undergraduate Students", "Students build a mobile robot in a one-term university course."),
    ("A Robot Kit for High School Students", "High school students program a robot kit; teachers report what works."),
    ("Robotics Competitions in the Classroom", "A competition motivates students to design robots."),
    ("A Remote Robot Laboratory for Students", "Students run experiments on real robots over the web."),
]


def test_a_robotics_course_is_no_knowledge_distillation_at_a_robotics_venue():
    texts, titles, topics = _corpus([ROBOT_COURSES, *ROBOT_VENUE])
    assert group_names(texts, titles, topics, BOILERPLATE)[0] == "Robot learning and embodied agents"
    texts, titles, topics = _corpus([*SIX, ROBOT_COURSES])  # an ML corpus: the field still reads them
    assert _field_shares(texts, titles, topics == 6)["Knowledge distillation"] == 1.0
