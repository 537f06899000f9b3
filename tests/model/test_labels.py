"""Topic labels: short phrases from the topic's own papers, distinct, stable, and right on built examples."""

from __future__ import annotations

import html
import re

import numpy as np
import pytest

from analysis.model.labels import BOILERPLATE, topic_labels
from analysis.model.phrases import WordRoles, clauses_of, paper_phrases, written_form

WATERMARKING = [
    "LLM watermarking embeds a hidden signal in generated text so that a detector can later tell machine text "
    "from human text. We study LLM watermarking under paraphrasing attacks and show the watermark survives.",
    "We present a distortion-free scheme for LLM watermarking: the watermark key biases token sampling, and "
    "detection needs only the key, not the language model.",
    "Watermark removal attacks threaten LLM watermarking. We design a robust watermark whose detection "
    "statistic stays high after the text is rewritten by another model.",
    "Can a watermark be forged? We show spoofing attacks on LLM watermarking schemes and propose a detection "
    "test with provable false positive rates for the watermark.",
]
OFFLINE_RL = [
    "Offline reinforcement learning learns a policy from a fixed dataset without interaction. Offline RL "
    "suffers from distribution shift, and we constrain the policy to the behaviour policy's support.",
    "We study offline RL in contextual MDPs, where each episode draws a context; a pessimistic value estimate "
    "gives a policy with provable guarantees from logged trajectories.",
    "Conservative Q-learning is a standard tool of offline RL. We show value overestimation persists on "
    "out-of-distribution actions and fix it with an ensemble of Q-functions trained on the offline dataset.",
    "Offline RL with diffusion policies: we model the behaviour policy with a diffusion model and extract a "
    "policy by weighted regression on the offline dataset.",
]


@pytest.fixture(scope="module")
def minilm():
    from analysis.embedding.registry import select_backend

    return select_backend("minilm")


def _parts(label: str) -> list[str]:
    return label.split(" and ") if label.count(" and ") == 1 else [label]


def _papers_with(phrase: str, texts: list[str]) -> int:
    pattern = re.compile(r"\b" + r"\s+".join(map(re.escape, phrase.lower().split())) + r"\b")
    return sum(bool(pattern.search(t.lower())) for t in texts)


def _label_built(texts, topics, backend, embeddings=None):
    if embeddings is None:
        embeddings = backend.encode(texts)
    return topic_labels({}, texts, np.asarray(topics), embeddings, backend)


def test_built_examples_get_their_expected_phrase(minilm):
    labels = _label_built(WATERMARKING + OFFLINE_RL, [0] * 4 + [1] * 4, minilm)
    assert "watermark" in labels[0].lower()
    assert "offline" in labels[1].lower()
    assert labels[0] != labels[1]


def test_acronyms_keep_the_case_the_papers_write():
    assert written_form("llm watermarking", WATERMARKING) == "LLM watermarking"
    # "Offline RL" starts two sentences; "offline RL" is how the phrase reads inside one.
    assert written_form("offline rl", OFFLINE_RL) == "offline RL"


def test_phrases_start_and_end_on_content_words():
    text = "We construct prediction sets for graph neural networks. Detecting the shift is significantly harder."
    clauses = clauses_of(text)
    phrases = paper_phrases(clauses, WordRoles([w for c in clauses for w in c], BOILERPLATE))
    assert "prediction sets" in phrases
    assert "graph neural networks" in phrases
    assert "construct prediction sets" not in phrases  # a verb with its object
    assert "graph neural" not in phrases  # ends on an adjective
    assert not any(p.endswith("significantly") or p.startswith("detecting") for p in phrases)


def test_seed_labels_are_short_distinct_phrases_of_two_of_their_papers(seed_result):
    texts = seed_result.papers["text"].tolist()
    topics = seed_result.documents["topic"].to_numpy()
    labels = dict(zip(seed_result.topics["topic"], seed_result.topics["label"], strict=True))
    assert len(set(labels.values())) == len(labels) == 6
    for topic, label in labels.items():
        members = [texts[i] for i in np.flatnonzero(topics == topic)]
        assert len(label.split()) <= 5, label
        for part in _parts(label):
            assert _papers_with(part, members) >= min(2, len(members)), (topic, part)


def test_labels_do_not_move_with_noise_on_the_embeddings(seed_result, minilm):
    from analysis.embedding.cache import embed_papers

    texts = seed_result.papers["text"].tolist()
    topics = seed_result.documents["topic"].to_numpy()
    embeddings = embed_papers(seed_result.papers)
    noisy = embeddings + np.random.default_rng(0).normal(0, 1e-6, embeddings.shape)
    assert topic_labels({}, texts, topics, embeddings, minilm) == topic_labels({}, texts, topics, noisy, minilm)


def test_one_paper_is_labelled_by_a_phrase_of_its_own(minilm):
    labels = _label_built(WATERMARKING[:1], [0], minilm)
    assert _papers_with(labels[0], WATERMARKING[:1]) == 1
    assert len(labels[0].split()) <= 5


def test_a_corpus_fitted_backend_labels_by_the_lexical_ranking():
    from analysis.embedding.backends import TfidfBackend

    texts = WATERMARKING + OFFLINE_RL
    labels = _label_built(texts, [0] * 4 + [1] * 4, TfidfBackend(), embeddings=TfidfBackend().encode(texts))
    assert "watermark" in labels[0].lower()
    assert "offline" in labels[1].lower()


def test_texts_in_other_scripts_are_labelled_by_their_shared_terms(minilm):
    texts = ["кошка сидит на окне", "кошка спит на окне", "собака бежит по полю", "собака лает в поле"]
    terms = {0: ["сидит", "кошка", "окне"], 1: ["бежит", "собака", "поле"]}
    labels = topic_labels(terms, texts, np.array([0, 0, 1, 1]), minilm.encode(texts), minilm)
    assert labels[0] in {"кошка", "окне"}  # "сидит" is in one paper only
    assert labels[1] == "собака"


def _boxes(notes, frame):
    from analysis.figures.map import LABEL_FONT_SIZE, NAME_FONT_SIZE, label_size

    boxes = []
    for note in notes:
        ((px, py),) = frame.to_pixels([note["x"]], [note["y"]])
        cx, cy = (px + note["ax"], py + note["ay"]) if note["showarrow"] else (px, py)
        text = note["text"].removeprefix("<b>").removesuffix("</b>")
        w, h = label_size(text, LABEL_FONT_SIZE if note["name"].startswith("topic-") else NAME_FONT_SIZE)
        boxes.append((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2))
    return boxes


def test_static_seed_map_names_every_paper_without_overlaps_and_labels_sit_on_their_papers(seed_result):
    from analysis.figures.map import map_frame, plot_map

    notes = plot_map(seed_result).to_dict()["layout"]["annotations"]
    names = [n for n in notes if n["name"].startswith("paper-")]
    assert len(names) == 26
    assert sorted(html.unescape(n["text"]) for n in names) == sorted(seed_result.documents["name"])
    frame = map_frame(seed_result.documents, 1200, 760)
    boxes = _boxes(notes, frame)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], "annotations overlap"
    documents = seed_result.documents
    points = frame.to_pixels(documents["x"], documents["y"])
    topics = [n for n in notes if n["name"].startswith("topic-")]
    assert len(topics) == len(seed_result.topics)
    for note, box in zip(notes, boxes, strict=True):
        if note["name"].startswith("topic-"):
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            nearest = np.argmin(np.hypot(points[:, 0] - centre[0], points[:, 1] - centre[1]))
            assert documents["topic"].iloc[nearest] == int(note["name"].removeprefix("topic-"))
    # The interactive map (colour switch) keeps topic labels only.
    both = plot_map(seed_result, color_by="both").to_dict()["layout"]["annotations"]
    assert [n["name"] for n in both] == [n["name"] for n in topics]
