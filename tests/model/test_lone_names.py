"""Names that said too little: an abbreviation alone, an area no title's subject names, a topic named by a word.

Blind readers scored the 29 judged names that were an abbreviation alone ("RRT", "AUV", "IMU") 2.76 of 5, 9 of
them poor; COLT 2020's area of smooth and convex optimization was "order smooth", its first c-TF-IDF terms
(1.33); ICLR 2024's 68 papers on noisy labels, conformal prediction and semi-supervised learning were "Label
noise", the phrase of 6 of them (2.00), as the word "label" kept its fields from naming it.
"""

from __future__ import annotations

import numpy as np

from analysis.model import naming
from analysis.model.ctfidf import BOILERPLATE
from analysis.model.naming import Candidate, choose, group_names, phrase_table
from analysis.model.naming_minority import lone_name_field
from tests.model.test_fields import SIX, names_beside_six
from tests.model.test_naming import CLOUD, GNN_AREA, TEXT_TO_IMAGE, _corpus

RRT = [
    ("RRT* with Informed Sampling", "We extend rapidly-exploring random trees (RRT) to tight spaces."),
    ("Bidirectional RRT for Arms", "A bidirectional RRT plans arm motions for motion planning."),
    ("Kinodynamic RRT in Clutter", "Rapidly-exploring random trees (RRT) grow feasible states."),
    ("Parallel RRT", "Many RRT trees grow at once for motion planning."),
    ("RRT with Learned Samplers", "A learned sampler guides RRT toward the goal in motion planning."),
    ("RRT for Legged Robots", "Footholds are sampled by RRT for motion planning."),
    ("Anytime Roadmaps for Motion Planning", "Probabilistic roadmaps refine paths for motion planning."),
    ("Collision Checking in Parallel", "Thousands of edges are checked for collisions at once."),
    ("Lazy Edge Evaluation", "Edges are checked only when a path uses them."),
    ("Bridge Tests", "Bridge tests find samples between obstacles."),
]
LOCOMOTION = [
    (f"Legged Locomotion on {ground}", f"A quadruped walks on {ground.lower()}; motion planning picks its steps.")
    for ground in ("Ice", "Sand", "Stairs", "Gravel", "Snow", "Mud", "Grass", "Rocks", "Slopes", "Ladders")
]


def test_a_name_written_as_one_abbreviation_takes_a_second_part(monkeypatch):
    # ICRA 2014's "RRT": the abbreviation in 11 of 19 papers, "motion planning" in 11 (a third of the corpus's).
    monkeypatch.setattr(naming, "covers", lambda fields: False)  # a venue outside the lexicon, as ICRA 2014 is
    texts, titles, topics = _corpus([RRT, LOCOMOTION, CLOUD, TEXT_TO_IMAGE])
    names = group_names(texts, titles, topics, BOILERPLATE)
    assert names[0] == "RRT and motion planning"
    assert names[1] == "Legged locomotion"


def test_a_name_of_a_spelled_out_abbreviation_takes_no_weaker_second_part(monkeypatch):
    # Written in full the name is several words: "Graph neural networks" stays as it is.
    monkeypatch.setattr(naming, "covers", lambda fields: False)
    papers = [(title, abstract.replace("graph neural networks", "GNNs", 1)) for title, abstract in GNN_AREA]
    texts, titles, topics = _corpus([papers, CLOUD, TEXT_TO_IMAGE])
    assert group_names(texts, titles, topics, BOILERPLATE)[0] == "Graph neural networks"


SMOOTH = [
    ("Last Iterate in Smooth Saddle Point Problems", "The last iterate is slower than the average."),
    ("Polyak Steps with Momentum", "Complexity guarantees for Polyak steps."),
    ("Hamiltonian Monte Carlo Runtimes", "Gradient concentration gives tighter runtimes for Monte Carlo."),
    ("Minimax Optimization", "Near-optimal algorithms for minimax problems."),
    ("Star-Convex Functions", "Near-optimal methods minimize star-convex functions."),
    ("Mirror Langevin Monte Carlo", "Wasserstein control of a mirror Langevin sampler."),
]


def test_an_area_no_title_subject_names_is_named_as_a_topic_not_by_terms(monkeypatch):
    # COLT 2020's 12 papers: no subject in three titles; the area was named by "order smooth".
    monkeypatch.setattr(naming, "covers", lambda fields: False)  # COLT is outside the lexicon's fields
    texts, titles, topics = _corpus([SMOOTH, GNN_AREA])  # each area one topic
    assert group_names(texts, titles, topics, BOILERPLATE, topics) == {0: "Monte Carlo", 1: "Graph neural networks"}


def test_beside_an_abbreviation_only_a_phrase_of_several_words_joins():
    # COLT 2021's "SGD": "risk" (a word alone) scored above "empirical risk minimization" (the labeller's figures).
    sgd = Candidate("sgd", 0.5, frozenset(range(10)), True, ("stochastic", "gradient", "descent"), 0.4, True)
    risk = Candidate("risk", 0.12, frozenset(range(8, 13)), True, ("risk",), 0.6)
    erm = Candidate("erm", 0.1, frozenset(range(9, 13)), True, ("empirical", "risk", "minimization"), 0.5)
    assert [c.key for c in choose([sgd, risk, erm], 18, set())] == ["sgd"]  # under the floor of a longer head
    assert [c.key for c in naming.beside_abbreviation([sgd, risk, erm], sgd, 18, set())] == ["sgd", "erm"]


AUV = [
    ("AUV Docking in Currents", "An autonomous underwater vehicle (AUV) docks to a station while currents push it."),
    ("AUV Path Following", "The AUV follows a lawnmower path over the seabed with a sonar."),
    ("Energy-Aware AUV Missions", "We plan AUV missions whose batteries last the survey."),
    ("AUV Localization without GPS", "An AUV localizes by acoustic ranging to beacons."),
    ("Cooperative AUV Mapping", "Two AUV units share maps of a harbour."),
    ("AUV Control in Waves", "A controller keeps the AUV at depth under waves."),
    ("Adaptive Sampling by AUV", "The AUV samples the ocean where temperature varies most."),
    ("Sonar Imaging for Ship Hulls", "A hovering vehicle inspects ship hulls with sonar."),
    ("Subsea Pipeline Inspection", "A vehicle follows subsea pipelines and reports damage."),
    ("Buoyancy Control of Gliders", "Underwater gliders change buoyancy to travel far."),
]


def test_a_name_of_one_abbreviation_gives_way_to_the_field_it_is_a_cue_of():
    # ICRA 2014's "AUV" (2.33 of 5; the writer: "Underwater vehicles and marine robotics").
    texts, titles, topics = _corpus([*SIX, AUV])
    table = phrase_table(texts, titles, BOILERPLATE)
    rows = np.flatnonzero(topics == 6)
    auv = Candidate("auv", 0.4, frozenset(range(7)), True, ("autonomous", "underwater", "vehicle"), 1.0, True)
    assert lone_name_field(table, "AUV", [auv], rows, set()) == "Underwater and marine robots"
    # Written with a second part, the name says more; a field another group has is skipped.
    assert lone_name_field(table, "AUV and sonar", [auv], rows, set()) is None
    assert lone_name_field(table, "AUV", [auv], rows, {"underwater and marine robots"}) is None
    # A small group too (ACML 2019's five papers on GANs, "GANs" 3.00 -> "Generative adversarial networks" 3.67).
    assert lone_name_field(table, "AUV", [auv], rows[:8], set()) == "Underwater and marine robots"


PREFERENCES = [
    ("Learning Preferences from Clicks", "Users reveal preferences through clicks on a results page."),
    ("Eliciting Preferences with Few Questions", "We elicit preferences of voters with adaptive questions."),
    ("Preferences in Networks", "Node traffic in a network reveals the preferences of users."),
    ("Online Ranking under Noisy Comparisons", "A ranking is learned from noisy comparisons of pairs."),
    ("Selecting the Best Option", "Maximum selection when the ranking of options is noisy."),
    ("Fair Selection across Populations", "Meritocratic selection of candidates from populations."),
]


def test_a_name_of_one_word_gives_way_to_the_field_whose_name_holds_it():
    # ICML 2017's "Preferences" (2.00 of 5; the writer: "Ranking and preference learning"). The field holds the
    # group by "ranking" alone, a common word, and still names it: the word is the group's own subject.
    assert names_beside_six(PREFERENCES)[6] == "Ranking and preference learning"


def test_a_lone_word_keeps_its_name_where_the_field_is_taken_or_holds_too_few():
    texts, titles, topics = _corpus([*SIX, PREFERENCES])
    table = phrase_table(texts, titles, BOILERPLATE)
    rows = np.flatnonzero(topics == 6)
    word = Candidate("preference", 0.1, frozenset({0, 1, 2}), True, ("preference",), 1.0)
    assert lone_name_field(table, "Preferences", [word], rows, set()) == "Ranking and preference learning"
    assert lone_name_field(table, "Preferences", [word], rows, {"ranking and preference learning"}) is None
    # The field holds 2 of the 6 papers ("ranking"): under half of those a word in five of them would hold.
    five = Candidate("preference", 0.1, frozenset(range(5)), True, ("preference",), 1.0)
    assert lone_name_field(table, "Preferences", [five], rows, set()) is None
