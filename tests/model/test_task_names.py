"""Topics named by the kind of task their titles share, the failures dev panel 5 found on CVPR 2024.

Exact names on small hand-made groups beside the six groups of
tests/model/test_fields.py: a group of geometric-vision titles that share no
phrase is named by its field; a name of one word takes the field of most of
its titles; a field that says only the head phrase does not replace a head
and its companion; a plural in "-es" is one subject with its singular.
"""

from __future__ import annotations

from analysis.model.ctfidf import BOILERPLATE
from analysis.model.naming import Candidate, group_names
from analysis.model.naming_fields import FieldCandidate, _titles_field, companion_field
from analysis.model.phrases import variant_key
from tests.model.test_fields import SIX
from tests.model.test_naming import _corpus

# Two-view geometry papers: every title has its own phrase (readers named such a group one level above them).
GEOMETRY = [
    ("Robust Self-Calibration of Focal Lengths from the Fundamental Matrix", "We estimate focal lengths."),
    ("A Minimal Solver for Relative Pose with Known Vertical Direction", "A new minimal solver is fast."),
    ("Efficient Solution of Point-Line Absolute Pose", "We solve absolute pose from points and lines."),
    ("Revisiting Sampson Approximations for Geometric Estimation Problems", "We study the Sampson error."),
    ("Globally Optimal Bundle Adjustment", "We certify bundle adjustment solutions."),
    ("Minimal Perspective Autocalibration", "We calibrate cameras from a few images without a target."),
]


def test_a_group_whose_titles_share_a_kind_of_task_is_named_by_its_field():
    texts, titles, topics = _corpus([*SIX, GEOMETRY])
    assert group_names(texts, titles, topics, BOILERPLATE)[6] == "Multi-view geometry and camera calibration"


def test_a_plural_in_es_is_one_subject_with_its_singular():
    pairs = [("sketches", "sketch"), ("classes", "class"), ("meshes", "mesh"), ("biases", "bias")]
    assert [variant_key(a) == variant_key(b) for a, b in pairs] == [True, True, True, True]
    # "caches" drops only its "s" (the lexicon's noun is "cache"), as before.
    assert (variant_key("caches"), variant_key("KV cache")) == ("cache", "kv cache")
    assert variant_key("approaches") == "approach"


def _field(name, short, titles, broad=False, score=0.05, share=0.4):
    return FieldCandidate(name, score, share, frozenset(), frozenset(), broad, short, titles, 0.05)


def _sketch(titles):
    return Candidate("sketch", 0.1, frozenset(range(9)), True, ("sketch",), 0.5, frozenset(range(titles)))


def test_a_name_of_one_word_takes_the_field_of_most_of_its_titles():
    generation = _field("Text-to-image generation and editing", "Image generation", 6)
    restoration = _field("Image restoration and inverse problems", "Image restoration", 4)
    wide = _field("Computer vision", "Computer vision", 14, broad=True)
    assert companion_field([wide, restoration, generation], _sketch(7), 24) == "Image generation"
    # In under 15% of the titles (3 of 24): no field joins it.
    assert companion_field([wide, _field("Video understanding", "Video", 3)], _sketch(7), 24) is None
    # A field that says the word again ("Sketches") is no companion.
    assert companion_field([_field("Sketch-based retrieval", "Sketch", 9)], _sketch(7), 24) is None


def test_a_field_that_says_only_the_head_leaves_the_name_to_the_phrases():
    head = Candidate(
        "recommender system", 0.09, frozenset(range(5)), True, ("recommender", "system"), 0.7, frozenset(range(4))
    )
    recommender = _field("Recommender systems", "Recommender systems", 8)
    selection = _field("Data selection and dataset distillation", "Data selection", 7)
    assert _titles_field([recommender, selection], set(), [head], 39) is None
    assert _titles_field([selection], set(), [head], 39) == "Data selection and dataset distillation"
