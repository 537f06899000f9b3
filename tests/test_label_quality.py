"""The measures of label quality the labeller never sees (bench/label_quality.py): exact counts on built cases."""

from __future__ import annotations

import numpy as np
import pytest

from bench import label_quality as lq


@pytest.mark.parametrize(
    ("label", "parts"),
    [
        ("Mixed: CLIP, vision-language models", ["CLIP", "vision-language models"]),
        ("diffusion models and inverse problems", ["diffusion models", "inverse problems"]),
        ("graph · graphs · gnns", ["graph", "graphs", "gnns"]),
        ("research and development and deployment", ["research and development and deployment"]),
        ("time series", ["time series"]),
    ],
)
def test_a_label_is_split_into_its_parts(label, parts):
    assert lq.label_parts(label) == parts
    assert lq.judge_text(label) == ", ".join(parts)


def test_word_sets_fold_plurals_case_and_hyphens():
    assert lq.word_set("LLMs") == lq.word_set("llm") == frozenset({"llm"})
    assert lq.word_set("Fine-tuning") == frozenset({"fine", "tuning"})
    assert lq.jaccard(lq.word_set("diffusion models"), lq.word_set("diffusion model")) == 1.0
    assert lq.jaccard(lq.word_set("image editing"), lq.word_set("editing")) == 0.5
    assert lq.jaccard(frozenset(), frozenset()) == 0.0


def test_halves_alternate_within_each_topic_by_a_hash_of_doc_id():
    doc_ids = [f"paper-{i}" for i in range(11)]
    topics = np.array([0] * 5 + [1] * 5 + [2])
    labelled, judged = lq.held_out_split(doc_ids, topics)
    assert (labelled ^ judged).all()
    assert [int(labelled[topics == t].sum()) for t in (0, 1, 2)] == [3, 3, 1]  # a one-paper topic is labelled only
    # The same papers fall in the same half whatever the order of the rows.
    order = np.random.default_rng(0).permutation(11)
    shuffled, _ = lq.held_out_split([doc_ids[i] for i in order], topics[order])
    assert {doc_ids[i] for i in order[shuffled]} == {doc_ids[i] for i in np.flatnonzero(labelled)}


def test_distinctive_keywords_need_two_papers_and_the_lift():
    # Ten papers, topic 0 the first four: "a" in 3 of them and nowhere else (lift 2.5), "b" in 2 of them
    # and 4 others (lift 0.83 < 1.5), "c" in 1 (under two papers), "d" in 2 of them and 1 other (lift 1.67).
    keywords = [["a", "b", "d"], ["a", "b", "d"], ["a", "c"], []] + [["b"]] * 4 + [["d"], []]
    topics = np.array([0] * 4 + [1] * 6)
    assert lq.distinctive_keywords(keywords, topics)[0] == ["a", "d"]


def test_keyword_match_counts_parts_and_topics():
    labels = {0: "diffusion models and video", 1: "graph · spectra · nodes", 2: "reasoning"}
    keywords = {0: ["diffusion model"], 1: ["graphs", "node classification"], 2: ["fairness"]}
    # Matched: "diffusion models" (same words), "graph" ("graphs"), "nodes" (half of "node classification").
    assert lq.keyword_match(labels, keywords) == {"parts": 0.5, "topics_hit": 0.667, "parts_per_label": 2.0}


def test_the_nearest_label_decides_ties_to_the_lower_topic_and_leaves_outliers_out():
    labels = {-1: "outliers", 0: "a", 1: "b"}
    label_vectors = np.array([[1.0, 0.0], [0.0, 1.0]])
    papers = np.array([[2.0, 0.1], [1.0, 1.0], [0.0, 3.0], [5.0, 5.0]])
    # Paper 2 is topic 1's and nearest "b"; paper 1 ties and goes to topic 0, its own; paper 0 is topic 1's but
    # nearest "a"; the outlier is not counted.
    assert lq.nearest_label_share(labels, [1, 0, 1, -1], papers, label_vectors) == round(2 / 3, 3)


def test_the_tfidf_judge_sends_a_paper_to_the_label_with_its_distinctive_words():
    texts = [
        "Watermarking language model outputs so that a detector finds machine text.",
        "Watermarking diffusion images so that it survives cropping.",
        "Regret bounds for linear bandits with heavy tails.",
        "Contextual bandits with delayed rewards and low regret.",
    ]
    judge = lq.TfidfJudge(texts)
    vectors = {"tfidf": judge(texts)}
    right = {0: "watermarking", 1: "regret and bandits"}
    wrong = {0: "regret and bandits", 1: "watermarking"}
    topics, rows = np.array([0, 0, 1, 1]), np.arange(4)
    assert lq.judged(right, topics, rows, {"tfidf": judge}, vectors) == {"tfidf": 1.0}
    assert lq.judged(wrong, topics, rows, {"tfidf": judge}, vectors) == {"tfidf": 0.0}
    # A paper with no word of any label ties at cosine 0 and goes to the lowest topic.
    lone = judge(["Protein folding from sequence."])
    assert lq.judged(right, np.array([1]), np.arange(1), {"tfidf": judge}, {"tfidf": lone}) == {"tfidf": 0.0}


def test_the_same_length_baseline_takes_as_many_terms_as_the_label_has_parts():
    labels = {0: "diffusion models and inverse problems", 1: "Mixed: CLIP, captions", 2: "time series", 3: "speech"}
    terms = {0: ["diffusion", "inverse", "score"], 1: ["clip", "visual", "image"], 2: ["series", "forecasting"]}
    assert lq.terms_as_long_as(labels, terms) == {
        0: "diffusion · inverse",
        1: "clip · visual",
        2: "series",
        3: "speech",  # no terms: the label itself
    }


def test_keywords_are_read_from_a_list_json_or_the_readers_joined_text():
    expected = ["inverse rl", "route optimization"]
    assert lq.parse_keywords(["Inverse RL", " route  optimization"]) == expected
    assert lq.parse_keywords('["Inverse RL", "route optimization"]') == expected
    assert lq.parse_keywords("Inverse RL; route optimization") == expected  # JSON lists are read so (readers.py)
    assert lq.parse_keywords(None) == [] and lq.parse_keywords("") == []
