"""A name's case is a sentence's, not a title's or a definition's: "Event detection", "Hamiltonian Monte Carlo".

ACL 2021's topic was "Event Detection and knowledge graphs" and ICRA 2021's "Dynamic Movement primitives": the
abstracts define the terms in title case ("Event Detection (ED)"), and those capitals were read as a name's.
"""

from __future__ import annotations

from analysis.model.naming_text import lower_first
from analysis.model.phrases import written_form
from tests.model.test_fields import EXPECTED, names_beside_six

EVENTS = [
    ("Event Detection with Graph Convolutions", "We study Event Detection (ED) in news with graph convolutions."),
    ("Few-Shot Event Detection", "Few-shot Event Detection (ED) learns triggers from a handful of labels."),
    ("Event Detection across Languages", "Cross-lingual Event Detection (ED) transfers triggers across languages."),
    ("Event Detection as Question Answering", "We cast trigger detection as reading a passage for its triggers."),
]
SAMPLERS = [
    ("Hamiltonian Monte Carlo with Adaptive Steps", "Hamiltonian Monte Carlo (HMC) adapts its step size."),
    ("Tuning Hamiltonian Monte Carlo", "We tune the trajectory length of Hamiltonian Monte Carlo (HMC)."),
    ("Hamiltonian Monte Carlo on Manifolds", "Riemannian Hamiltonian Monte Carlo (HMC) samples on manifolds."),
    ("Parallel Hamiltonian Monte Carlo", "Many chains of Hamiltonian Monte Carlo (HMC) run at once on a GPU."),
]


def test_a_term_defined_in_title_case_is_written_as_a_sentence_writes_it_and_a_name_keeps_its_capitals():
    assert names_beside_six(EVENTS, SAMPLERS) == EXPECTED | {6: "Event detection", 7: "Hamiltonian Monte Carlo"}


VIDEO_QA = [
    ("Video Question Answering with Memory", "We study Video Question Answering over long clips; a question asks."),
    ("Temporal Video Question Answering", "Each question in Video Question Answering needs the clip's order."),
    ("Video Question Answering Benchmarks", "A benchmark for Video Question Answering with a question per clip."),
    ("Video Question Answering by Retrieval", "Retrieval of frames helps Video Question Answering on one question."),
]


def test_a_capital_after_a_word_the_texts_write_in_lower_case_is_a_terms_title_case():
    # ACL 2021's "Image captioning and video question Answering": "answering" is never written in lower case,
    # but it follows "Question", which is.
    assert names_beside_six(VIDEO_QA) == EXPECTED | {6: "Video question answering"}


def test_a_name_keeps_its_capital_where_some_texts_write_it_in_lower_case():
    # UAI 2021's "Sequential monte carlo": most of its texts wrote "sequential monte carlo" in lower case.
    texts = ["we run sequential monte carlo.", "sequential monte carlo again.", "A Sequential Monte Carlo method."]
    assert written_form("sequential monte carlo", texts) == "sequential Monte Carlo"
    assert written_form("gaussian process", ["a gaussian process prior", "the Gaussian process"]) == "Gaussian process"
    assert written_form("neural process", ["a neural process", "Neural Process models"]) == "neural process"


MIXTURES = [
    ("Expectation Maximization for Two Gaussians", "Expectation Maximization (EM) fits a mixture of two Gaussians."),
    ("Expectation Maximization Converges Fast", "Expectation Maximization converges at a linear rate here."),
    ("Local Optima of Expectation Maximization", "Expectation Maximization may stop at a local optimum."),
    ("Expectation Maximization with Missing Data", "Expectation Maximization fills the missing entries first."),
]


def test_a_capital_after_a_title_case_word_that_only_opens_sentences_is_a_terms_title_case():
    # NeurIPS 2016's "... and expectation Maximization": "Expectation" opens its sentences, so it is no name,
    # and "Maximization" after it is no name either.
    assert names_beside_six(MIXTURES) == EXPECTED | {6: "Expectation maximization"}


def test_a_phrase_from_a_title_in_capitals_is_written_as_sentences_write_it():
    # ICLR 2017's "Canonical correlation analysis, PRODUCT IMAGES and recommender": the one title holding the
    # phrase is in capitals, and its text repeats the title.
    title = "CONTENT2VEC: SPECIALIZING JOINT REPRESENTATIONS OF PRODUCT IMAGES AND TEXT"
    texts = [title, f"{title}. We embed product images and their text.", "Search over PRODUCT IMAGES"]
    assert written_form("product images", texts) == "product images"
    assert written_form("product images", [title, title]) == "product images"  # only shouted: its plain case
    assert written_form("gaussian process", ["GAUSSIAN PROCESS REGRESSION"]) == "Gaussian process"
    # An acronym in a sentence keeps its capitals, as before.
    assert written_form("clip", ["CLIP is a model. We use CLIP.", "A video clip."]) == "CLIP"


Q_NETWORKS = [
    ("Bayesian Deep Q-Networks", "A deep Q-network with a Bayesian last layer explores by sampling."),
    ("Recurrent Deep Q-Networks", "A recurrent deep Q-network remembers what the agent saw."),
    ("Deep Q-Networks with Replay", "The deep Q-network learns from a buffer of replayed steps."),
    ("Distributed Deep Q-Networks", "Many actors feed one deep Q-network its experience."),
]


def test_a_one_letter_part_keeps_the_capital_the_texts_give_it():
    # ICLR 2018's "Reinforcement learning and q-networks": the titles' "Q-Networks" in sentence case lost the
    # capital of the letter that names the function Q.
    assert names_beside_six(Q_NETWORKS) == EXPECTED | {6: "Deep Q-networks"}


def test_a_hyphenated_part_after_another_is_lower_case_where_its_first_part_is_a_plain_word():
    # CHI 2024's "Programming tools and Human-AI interaction": the capital after the hyphen kept the "H".
    assert lower_first("Human-AI interaction") == "human-AI interaction"
    assert lower_first("Non-IID data") == "non-IID data"
    assert [lower_first(name) for name in ("K-means clustering", "GPT-4 agents", "X-ray imaging")] == [
        "K-means clustering",
        "GPT-4 agents",
        "X-ray imaging",
    ]
