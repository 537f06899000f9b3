"""The trial labeller of panels 107-108 (bench/label_vocabulary.py): panels' labels, grounded in a group's papers."""

from __future__ import annotations

import json

import numpy as np

from bench import label_vocabulary as lv


def _panel(root, name, groups, answers, writer=None):
    panel = root / name
    panel.mkdir()
    (panel / "key.json").write_text(json.dumps({"groups": groups}))
    (panel / "answers_1.jsonl").write_text("".join(json.dumps(a) + "\n" for a in answers))
    if writer is not None:
        (panel / "writer").mkdir()
        (panel / "writer" / "answers_1.jsonl").write_text("".join(json.dumps(a) + "\n" for a in writer))
    return panel


def test_panel_labels_hold_readers_and_writers_labels_with_their_corpora(tmp_path):
    groups = {"g01": {"corpus": "nips2009"}, "g02": {"corpus": "colt2014"}}
    readers = [{"group": "g01", "label": "Sparse  Recovery"}, {"group": "g02", "label": "Sparse Recovery"}]
    _panel(tmp_path, "panel_final1_x", groups, readers, writer=[{"group": "g02", "label": "Online learning"}])
    _panel(tmp_path, "panel_dev2_x", {"g01": {"corpus": "icml2013"}}, [{"group": "g01", "label": ""}])
    (tmp_path / "panel_no_key").mkdir()
    assert lv.panel_labels(tmp_path) == {"Sparse Recovery": {"nips2009", "colt2014"}, "Online learning": {"colt2014"}}


def test_sentence_case_keeps_names_that_sentence_case_labels_capitalise():
    labels = ["Gaussian processes and kernels", "Scalable Bayesian inference", "Spike trains"]
    labels.append("Markov Decision Processes")
    rules = lv.case_rules(labels)
    assert lv.sentence_case("Gaussian Processes and Bayesian Spike Trains", rules) == (
        "Gaussian processes and Bayesian spike trains"
    )
    assert lv.sentence_case("High-Dimensional Estimation", rules) == "High-dimensional estimation"
    assert lv.sentence_case("MCMC and Kernels", rules) == "MCMC and kernels"
    assert "Markov" not in rules[0]  # a title-case label says nothing of which words are names


def test_stems_join_a_words_forms_and_leave_connectors_out():
    assert lv.stem("estimation") == lv.stem("estimations") == "estima"
    assert lv.content_stems("Learning of Sparse Models") == ["learn", "sparse", "model"]
    assert lv.text_stems("Sparse models") == {"sparse", "model"}


def _vocab(labels, vectors, written_for=None):
    vectors = np.asarray(vectors, dtype=float)
    units = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
    corpora = written_for or [frozenset()] * len(labels)
    return lv.Vocabulary(list(labels), list(corpora), [lv.content_stems(x) for x in labels], units)


def test_the_nearest_label_the_group_grounds_names_it():
    vocab = _vocab(["Deep sparse coding", "Sparse coding", "Online learning"], [[1, 0], [0.9, 0.1], [0, 1]])
    papers = [lv.text_stems(t) for t in ("Sparse coding of images", "Fast sparse coding", "Sparse coding priors")]
    found = lv.nearest_grounded(vocab, np.array([1.0, 0.0]), papers, papers, set())
    # "Deep" is in none of the papers: the nearer label is not grounded.
    assert found is not None and found[0] == "Sparse coding"
    assert round(found[1], 4) == round(0.9 / np.hypot(0.9, 0.1), 4)
    assert lv.nearest_grounded(vocab, np.array([1.0, 0.0]), papers, papers, {"sparse coding"}) is None


def test_a_label_written_for_the_corpus_is_no_candidate_for_it():
    vocab = _vocab(["Sparse coding", "Online learning"], [[1, 0], [0, 1]], [frozenset({"nips2009"}), frozenset()])
    kept = lv._without(vocab, "nips2009")
    assert kept.labels == ["Online learning"]
    assert kept.vectors.shape == (1, 2)
    assert lv._without(vocab, "colt2014").labels == vocab.labels


def _hashed(labels):
    """A fixed stand-in for MiniLM: each label's vector from its SHA-256 digest (the same on every machine)."""
    import hashlib

    rows = [np.frombuffer(hashlib.sha256(x.encode()).digest(), dtype=np.uint8)[:8].astype(float) - 127 for x in labels]
    return np.asarray(rows)


def test_the_nearest_of_our_own_names_keeps_strong_groups_and_distinct_names(seed_result):
    from bench import label_nearest, relabel

    record = relabel.fit_record(seed_result, "seeds")
    own = {(level, g): label for _, level, g, _, label in relabel.group_labels(record)}
    papers = _hashed(record["texts"])
    rows = label_nearest.relabel(record, papers, own, _hashed)
    assert [(level, g) for _, level, g, _, _ in rows] == sorted(own, key=lambda k: (k[0] != "topic", k[1]))
    strong = lv.strong_groups(record)
    for _, level, group, _, label in rows:
        if (level, group) in strong:
            assert label == own[(level, group)]
    for level in ("topic", "area"):
        names = [label.lower() for _, lvl, _, _, label in rows if lvl == level]
        assert len(names) == len(set(names))
