"""Topics named by what their titles say (analysis.model.naming), the failures a blind panel found on CVPR 2024.

Exact names on small hand-made groups beside the six groups of
tests/model/test_fields.py: a phrase of two titles gives way to one of many,
a head of few titles takes the companion its other titles share, an
abbreviation is not named beside its own long form, nor a word beside its
inflection, and a noun ending in "-ly" starts a phrase; a field of most of
the corpus names none of its topics, and a topic whose phrases are in few
titles is named by the field of most of them.
"""

from __future__ import annotations

from analysis.model.ctfidf import BOILERPLATE
from analysis.model.naming import Candidate, choose, group_names, same_subject, title_heads
from analysis.model.naming_fields import FieldCandidate, _broad_field, _titles_field
from analysis.model.naming_subjects import title_companion
from analysis.model.phrases import WordRoles
from tests.model.test_fields import SIX
from tests.model.test_naming import _corpus

# Crop yield papers and irrigation papers (a subject no field of the lexicon names): "crop yield", in 4 of
# the 9 titles, named the group alone, as "irrigation", a word many papers outside the group use too, joins no
# name by its score; it is in the 4 titles "crop yield" misses.
CROPS = [
    ("Crop Yield Prediction from Satellite Images", "We predict crop yield of farms from satellite images."),
    ("Crop Yield Forecasting with Weather Data", "Weather records forecast the crop yield of a season."),
    ("County-Level Crop Yield Estimation", "We estimate crop yield per county from remote sensing."),
    ("Transfer Learning for Crop Yield in Africa", "A model trained on one country predicts crop yield in another."),
    ("Irrigation Scheduling from Forecasts", "We schedule irrigation of fields from forecasts of water demand."),
    ("Learning Irrigation Policies", "A learned policy decides when to start irrigation on a farm."),
    ("Sensing Needs for Irrigation", "Cheap probes in the soil tell when irrigation is needed."),
    ("Irrigation Maps from Radar", "We map irrigation of fields from radar images."),
    ("Gap Filling of Station Series", "We fill gaps in the series of weather stations."),
]
# Papers on water use that mention irrigation: the word is spread beyond the crop group.
WATER = [
    ("Urban Water Demand Forecasting", "We forecast city water demand; irrigation of parks is a large part."),
    ("Leak Detection in Water Networks", "Leaks in pipes are found from pressure data, also in irrigation pipes."),
    ("Reservoir Release Policies", "Reservoir releases are planned for drinking water and irrigation."),
    ("Groundwater Level Prediction", "Groundwater levels fall with pumping for irrigation; we predict them."),
    ("Water Quality Sensing", "We sense water quality in rivers fed by irrigation runoff."),
    ("Desalination Plant Control", "A controller runs a desalination plant whose water serves irrigation."),
]
# Two anomaly detection titles among five: "anomaly" ends like an adverb ("-ly"), and no phrase began with it.
ANOMALIES = [
    ("Industrial Anomaly Detection with Memory Banks", "We detect defects in industrial images with a memory bank."),
    ("Video Anomaly Detection by Frame Prediction", "Frames that a predictor gets wrong are anomalous events."),
    ("Logical Anomaly Detection in Assembly Lines", "We find logical anomalies in images of assembled parts."),
    ("Zero-Shot Anomaly Detection with CLIP", "CLIP scores each image patch as normal or anomalous."),
    ("Anomaly Detection for Medical Scans", "We detect anomalies in medical scans trained on healthy scans only."),
]


def test_a_head_of_few_titles_is_named_with_the_companion_its_other_titles_share():
    texts, titles, topics = _corpus([*SIX, CROPS, WATER])
    assert group_names(texts, titles, topics, BOILERPLATE)[6] == "Crop yield and irrigation"


def test_a_noun_ending_in_ly_starts_a_phrase():
    texts, titles, topics = _corpus([*SIX, ANOMALIES])
    assert group_names(texts, titles, topics, BOILERPLATE)[6] == "Anomaly detection"
    roles = WordRoles([["anomaly", "detection"], ["highly", "accurate"]], BOILERPLATE)
    assert (roles.can_start("anomaly"), roles.can_start("highly")) == (True, False)


def test_an_abbreviation_and_the_long_form_it_starts_are_one_subject():
    slam = Candidate("slam", 0.3, frozenset({0}), True, ("slam",))
    cut = Candidate("simultaneous localization", 0.1, frozenset({1}), True, ("simultaneous", "localization"))
    camera = Candidate("event camera", 0.1, frozenset({1}), True, ("event", "camera"))
    assert (same_subject(slam, cut), same_subject(slam, camera)) == (True, False)


def test_inflections_of_one_word_are_one_subject():
    spiking = Candidate("spiking neuron", 0.3, frozenset({0}), True, ("spiking", "neuron"))
    spikes = Candidate("spike", 0.1, frozenset({1}), False, ("spike",))
    cortex = Candidate("cortex", 0.1, frozenset({1}), False, ("cortex",))
    assert (same_subject(spiking, spikes), same_subject(spiking, cortex)) == (True, False)


def test_a_phrase_of_two_titles_gives_way_to_one_of_many():
    # "coded aperture" scores highest (no paper outside the group holds it) but is in 2 of 20 titles.
    coded = Candidate("coded aperture", 0.08, frozenset({0, 1}), True, ("coded", "aperture"), 1.0, frozenset({0, 1}))
    imaging = Candidate("computational imaging", 0.05, frozenset(range(8)), True, ("computational", "imaging"))
    imaging = Candidate(
        *[getattr(imaging, f) for f in ("key", "score", "papers", "phrase", "words")], 0.5, frozenset(range(2, 7))
    )
    # A phrase spread over the corpus (focus under 0.1) is not moved up, however many titles hold it.
    spread = Candidate("image", 0.01, frozenset(range(20)), True, ("image",), 0.02, frozenset(range(20)))
    assert [c.key for c in title_heads([coded, imaging, spread], 20)] == [
        "computational imaging",
        "coded aperture",
        "image",
    ]
    assert [c.key for c in title_heads([coded, spread], 20)] == ["coded aperture", "image"]


def _field(name, short, broad, titles, corpus_share, score=0.05, share=0.8):
    return FieldCandidate(name, score, share, frozenset(), frozenset(), broad, short, titles, corpus_share)


def test_a_field_of_most_of_the_corpus_names_none_of_its_topics_a_narrow_one_of_its_titles_does():
    # "Computer vision" at a vision conference: in 22 of a topic's 30 titles, and in 85% of the corpus.
    wide = _field("Computer vision", "Computer vision", True, 22, 0.85, share=1.0)
    detection = _field("Object detection and segmentation", "Object detection", False, 17, 0.1, score=0.03)
    assert _broad_field([wide, detection], [], 30, titled=True) == "Object detection and segmentation"
    few = _field("Object detection and segmentation", "Object detection", False, 5, 0.1, score=0.03)
    assert _broad_field([wide, few], [], 30, titled=True) is None
    # The same field at a conference of many fields (30% of its papers) names the topic.
    broad = _field("Computer vision", "Computer vision", True, 22, 0.3, share=1.0)
    assert _broad_field([broad, few], [], 30, titled=True) == "Computer vision"


def test_a_topic_whose_phrases_are_in_few_titles_is_named_by_the_field_of_most_titles():
    brain = Candidate("brain activity", 0.08, frozenset({0, 1}), True, ("brain", "activity"), 1.0, frozenset({0}))
    multimodal = _field("Vision-language and multimodal models", "Multimodal models", False, 12, 0.2)
    video = _field("Video understanding and generation", "Video", False, 12, 0.2)
    broad = _field("Large language models", "Large language models", True, 15, 0.3)
    assert _titles_field([broad, multimodal], set(), [brain], 20) == "Vision-language and multimodal models"
    # Another topic has its name: its short name, where that is more than a word ("Video" names too little).
    taken = {"vision-language and multimodal models", "video understanding and generation"}
    assert _titles_field([broad, video, multimodal], taken, [brain], 20) == "Multimodal models"
    assert _titles_field([broad, video], taken, [brain], 20) is None


def _titled(key, score, papers, titles, focus=1.0, phrase=True):
    return Candidate(key, score, frozenset(papers), phrase, tuple(key.split()), focus, frozenset(titles))


def test_a_word_alone_beside_a_head_of_few_titles_is_a_companion_only_where_focused():
    # CHI 2025, final panel 5: "Low vision and people" (1.33) under "Low vision" (2.0).
    head = _titled("low vision", 0.3, range(10), range(8))
    people = _titled("people", 0.05, range(30), range(8, 20), focus=0.13)
    assert title_companion(head, [head, people], 30) is None
    braille = _titled("braille", 0.05, range(10, 20), range(10, 16), focus=0.25)
    assert title_companion(head, [head, people, braille], 30) == braille


def test_a_word_ending_on_another_is_its_subject():
    # CHI 2025: "Security and cybersecurity" read as a near-synonym pair (3.33).
    security = _titled("security", 0.2, range(16), range(8), phrase=False)
    cyber = _titled("cybersecurity", 0.05, {1, 2, 3}, {1, 2})
    supervised, unsupervised = _titled("supervised", 0.1, {0}, {0}), _titled("unsupervised", 0.1, {1}, {1})
    assert (same_subject(security, cyber), same_subject(supervised, unsupervised)) == (True, False)


def test_a_one_word_head_keeps_its_qualifier_of_two_titles():
    # CHI 2025: "AI and decision-making" (3.0) under "AI-assisted decision-making" (4.0), in 2 titles of 30.
    ai = _titled("ai", 0.152, range(28), range(20), focus=0.11)
    assisted = _titled("ai assisted decision making", 0.1, range(4), range(2))
    decisions = _titled("decision making", 0.149, range(10, 25), range(10, 19), focus=0.27)
    assert [c.key for c in choose([ai, decisions, assisted], 30, set(), by_titles=True)][:1] == [
        "ai assisted decision making"
    ]
    # In one title it names no group of 30 ("Sketch-based image retrieval").
    once = _titled("ai assisted decision making", 0.1, range(4), range(1))
    assert choose([ai, decisions, once], 30, set(), by_titles=True)[0].key == "ai"


def test_a_phrase_of_many_titles_stays_below_a_best_phrase_whose_subject_has_as_many():
    # CHI 2025: "Virtual reality and haptic feedback" (3.33) under "Haptic feedback and vibration" (4.0).
    feedback = _titled("haptic feedback", 0.174, range(10), range(3), focus=0.71)
    vr = _titled("vr", 0.06, range(10, 22), range(5, 10), focus=0.12)
    assert [c.key for c in title_heads([feedback, vr], 29)] == ["vr", "haptic feedback"]
    experience = _titled("haptic experience", 0.155, range(20, 26), range(20, 22))
    assert title_heads([feedback, experience, vr], 29)[0].key == "haptic feedback"
