"""Papers of one kind: a group whose titles open with "Position:" is named as position papers.

ICML's position track has its titles open with "Position:" (75 of ICML 2024's 2,610 papers); the word named a
group of them "Position" (readers' mean 2.33; they wrote "Position papers on ML research").
"""

from __future__ import annotations

from analysis.model.naming_subjects import title_genres
from tests.model.test_fields import EXPECTED, names_beside_six

# Position papers on many subjects: no phrase but "position" holds half of them.
MANY = [
    ("Position: Benchmarks Should Report Variance", "We argue that every benchmark should report seeds."),
    ("Position: Open Weights Help Science", "This position paper argues for releasing weights."),
    ("Position: Tabular Data Deserves Foundation Models", "We argue tabular data needs pretrained models."),
    ("Position: Peer Review Needs Reform", "We argue that conference review must change."),
]
# Position papers on one subject.
SAFETY = [
    ("Position: AI Safety Needs Evaluations of Agents", "We argue that AI safety must test agents."),
    ("Position: AI Safety Is a Science", "This position paper argues that AI safety needs experiments."),
    ("Position: AI Safety Requires Audits", "We argue that audits are part of AI safety."),
    ("Position: AI Safety and Open Models", "We argue that open models change AI safety."),
]


def test_a_group_of_position_papers_without_a_common_subject_is_named_position_papers():
    assert names_beside_six(MANY) == EXPECTED | {6: "Position papers"}


def test_a_group_of_position_papers_on_one_subject_says_it():
    assert names_beside_six(MANY, SAFETY) == EXPECTED | {6: "Position papers", 7: "Position papers on AI safety"}


def test_a_genre_word_opening_few_titles_is_a_word_as_any_other():
    # Two titles are no track of a venue: "position" is read as any word there.
    titles = [title for title, _ in MANY[:2]]
    assert title_genres(titles) == frozenset()
    assert title_genres([title for title, _ in MANY[:3]]) == frozenset({"position"})
    assert title_genres(["Position Estimation: A Survey", "Survey: Deep RL", "Survey of RL", "A: B"]) == frozenset()


# Position papers on other subjects, fewer than MANY: two groups are not both "Position papers".
OTHERS = [
    ("Position: Shared Hardware for Robotics", "We argue for shared robot hardware across labs."),
    ("Position: Learned Compilers", "This position paper argues for learned compilers."),
    ("Position: Uncertainty in Climate Models", "We argue that climate emulators must report uncertainty."),
]


def test_a_second_group_of_position_papers_says_its_own_subjects():
    names = names_beside_six(MANY, OTHERS)
    assert names[6] == "Position papers"
    # Its papers share no subject: their own subjects say what it holds, with no "Mixed:" after "papers on".
    assert names[7] == "Position papers on learned compilers and shared hardware for robotics"
