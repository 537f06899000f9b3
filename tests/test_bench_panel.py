"""The blind reader panel (bench/panel.py): what a judging file shows and hides, and exact scores of made-up answers."""

from __future__ import annotations

import hashlib
import json

import pytest

from analysis.config import ROOT
from bench import panel

SYSTEM_WORDS = ("ours", "ctfidf", "keybert", "c-TF-IDF", "BERTopic", "KeyBERT", "before")


def test_titles_are_chosen_by_their_hash_and_abstracts_stand_in_where_a_title_is_missing():
    titles = [f"Paper number {i}" for i in range(12)]
    by_hash = sorted(titles, key=lambda t: hashlib.sha256(t.encode()).hexdigest())
    assert panel.shown_papers(titles, ["x"] * 12) == by_hash[:10]
    assert panel.shown_papers(list(reversed(titles)), ["x"] * 12) == by_hash[:10]  # not the order given
    abstracts = ["We study graphs. Then more.", "Proteins fold, e.g. slowly! A second sentence.", "One only"]
    shown = panel.shown_papers(["A title", "", "Third"], abstracts)
    assert sorted(shown) == ["One only", "Proteins fold, e.g. slowly!", "We study graphs."]


def test_each_reader_gets_the_candidates_in_an_own_order_and_a_label_two_systems_share_once():
    candidates = {"ours": "graph neural networks", "ours_before": "graph neural networks", "ctfidf": "graph, node, gnn"}
    candidates["keybert"] = "graphs, nodes, edges"
    orders = [panel.reader_order(candidates, "g01", seed) for seed in panel.READER_SEEDS.values()]
    for order in orders:
        assert sorted(text for text, _ in order) == [
            "graph neural networks",
            "graph, node, gnn",
            "graphs, nodes, edges",
        ]
        assert dict(order)["graph neural networks"] == ["ours", "ours_before"]
    assert len({tuple(text for text, _ in order) for order in orders}) > 1
    assert orders[0] == panel.reader_order(dict(reversed(list(candidates.items()))), "g01", "reader-1")


def test_a_judging_file_shows_the_papers_and_letters_but_not_whose_label_is_which():
    groups = [
        {
            "group": "g01",
            "corpus": "demo",
            "topic": 3,
            "lines": ["Watermarking LLM text", "Spoofing watermarks"],
            "candidates": {"ours": "LLM watermarking", "ctfidf": "watermark, detection, text", "keybert": "watermarks"},
        }
    ]
    files, key = panel.judging_files(groups)
    assert sorted(files) == [1, 2, 3]
    for reader, text in files.items():
        assert text.startswith(panel.INSTRUCTIONS)
        assert "- 5 what an expert would write\n- 4 good with a minor flaw\n" in text
        assert "- Watermarking LLM text\n- Spoofing watermarks\n" in text
        body = text.removeprefix(panel.INSTRUCTIONS)
        assert not any(word in body for word in SYSTEM_WORDS), body
        letters = key["groups"]["g01"]["letters"][f"reader_{reader}"]
        assert sorted(letters) == ["A", "B", "C"]
        for letter, (system,) in letters.items():
            assert f"{letter}. {groups[0]['candidates'][system]}\n" in text
    assert key["groups"]["g01"]["corpus"] == "demo" and key["groups"]["g01"]["topic"] == 3


KEY = {
    "groups": {
        "g01": {
            "corpus": "x",
            "letters": {"reader_1": {"A": ["ours"], "B": ["ctfidf"]}, "reader_2": {"A": ["ctfidf"], "B": ["ours"]}},
        },
        "g02": {
            "corpus": "y",
            "letters": {
                "reader_1": {"A": ["ours", "ours_before"], "B": ["ctfidf"]},
                "reader_2": {"A": ["ctfidf"], "B": ["ours", "ours_before"]},
            },
        },
    }
}
ANSWERS = {
    1: [
        {"group": "g01", "scores": {"A": 5, "B": 2}, "best": "A", "label": "x"},
        {"group": "g02", "scores": {"A": 4, "B": 1}, "best": "A", "label": "y"},
    ],
    2: [
        {"group": "g01", "scores": {"A": 3, "B": 4}, "best": "B", "label": "x"},
        {"group": "g02", "scores": {"A": 2, "B": 3}, "best": "A", "label": "y"},
    ],
}


def test_scores_are_readers_means_per_group_then_means_over_groups():
    figures = panel.score(KEY, ANSWERS)
    assert figures["all"] == {
        # g01: 5 and 4 (mean 4.5, good); g02: 4 and 3 (3.5); chosen best by 3 of the 4 choices.
        "ours": {"mean": 4.0, "good": 0.5, "poor": 0.0, "best": 0.75, "groups": 2},
        # g02 only (the label it shares with ours): 3.5, chosen by 1 of its 2 readers.
        "ours_before": {"mean": 3.5, "good": 0.0, "poor": 0.0, "best": 0.5, "groups": 1},
        # g01: 2 and 3 (2.5); g02: 1 and 2 (1.5, poor); chosen once, by reader 2 on g02.
        "ctfidf": {"mean": 2.0, "good": 0.0, "poor": 0.5, "best": 0.25, "groups": 2},
    }
    assert figures["by_corpus"]["x"]["ours"] == {"mean": 4.5, "good": 1.0, "poor": 0.0, "best": 1.0, "groups": 1}
    assert figures["by_corpus"]["y"]["ctfidf"] == {"mean": 1.5, "good": 0.0, "poor": 1.0, "best": 0.5, "groups": 1}
    assert figures["unscored"] == []
    # ours and ours_before share g02's letter: no group shows them apart.
    assert figures["changed"] == {"groups": 0, "higher": 0, "lower": 0, "same": 0, "ours": None, "ours_before": None}
    table = panel.score_table(figures["all"])
    assert "| ours | 4.00 | 50% | 0% | 75% |  |" in table.splitlines()  # no group shows both anchors


def test_above_both_anchors_counts_the_groups_where_a_system_beats_each_anchor():
    letters = {"A": ["ours"], "B": ["ctfidf"], "C": ["keybert"], "D": ["ceiling"]}
    key = {"groups": {g: {"corpus": "x", "letters": {"reader_1": letters}} for g in ("g01", "g02", "g03")}}
    answers = {
        1: [
            {"group": "g01", "scores": {"A": 4, "B": 3, "C": 2, "D": 5}, "best": "D"},
            {"group": "g02", "scores": {"A": 3, "B": 3, "C": 2, "D": 4}, "best": "D"},  # a tie is not above
            {"group": "g03", "scores": {"A": 2, "B": 1, "C": 3, "D": 4}, "best": "D"},
        ]
    }
    figures = panel.score(key, answers)["all"]
    assert figures["ours"]["above_anchors"] == 0.333
    assert figures["ceiling"]["above_anchors"] == 1.0
    assert "above_anchors" not in figures["ctfidf"] and "above_anchors" not in figures["keybert"]
    assert "| ours | 3.00 | 33% | 33% | 0% | 33% |" in panel.score_table(figures).splitlines()


def _bundle(corpus: str) -> dict:
    group = {"corpus": corpus, "level": "topic", "topic": 0, "size": 2}
    group |= {"titles": ["Watermarking LLM text", "Spoofing watermarks"], "abstracts": ["a", "b"]}
    group["candidates"] = {"ours": "LLM watermarking", "ctfidf": "watermark, text, spoof"}
    area = group | {"level": "area", "candidates": {"ours": "Security", "ctfidf": "watermark, attack, text"}}
    return {"corpus": corpus, "groups": [group, area]}


def test_a_writer_sees_the_papers_without_candidates_and_its_names_join_as_the_ceiling(tmp_path):
    panel.blank(tmp_path / "writer", [_bundle("demo")])
    text = (tmp_path / "writer" / "writer.md").read_text(encoding="utf-8")
    assert text.startswith(panel.WRITER_INSTRUCTIONS)
    assert "## Group g01 (2 papers, 2 shown)" in text and "## Group g02 (2 papers, 2 shown)" in text
    assert "LLM watermarking" not in text and "Security" not in text and "Candidate" not in text
    names = ['{"group": "g01", "label": "Text watermarking"}', '{"group": "g02", "label": " Watermark security "}']
    (tmp_path / "writer" / "answers_1.jsonl").write_text("\n".join(names), encoding="utf-8")
    panel.write(tmp_path / "panel", [_bundle("demo")], tmp_path / "writer")
    key = json.loads((tmp_path / "panel" / "key.json").read_text(encoding="utf-8"))
    assert key["groups"]["g01"]["candidates"]["ceiling"] == "Text watermarking"
    assert key["groups"]["g02"]["candidates"]["ceiling"] == "Watermark security"
    assert "- Text watermarking\n" not in (tmp_path / "panel" / "reader_1.md").read_text(encoding="utf-8")
    assert ". Text watermarking\n" in (tmp_path / "panel" / "reader_1.md").read_text(encoding="utf-8")


def test_a_writer_of_other_groups_or_a_missing_name_is_refused(tmp_path):
    panel.blank(tmp_path / "writer", [_bundle("demo")])
    (tmp_path / "writer" / "answers_1.jsonl").write_text('{"group": "g01", "label": "Text watermarking"}')
    with pytest.raises(ValueError, match="the writer gave no name for group g02"):
        panel.write(tmp_path / "panel", [_bundle("demo")], tmp_path / "writer")
    with pytest.raises(ValueError, match=r"writer's group g01 is .*'demo'.*, not other topic 0"):
        panel.write(tmp_path / "panel", [_bundle("other")], tmp_path / "writer")
    assert not (tmp_path / "panel").exists()


def test_answer_files_are_read_per_reader_and_stray_lines_skipped(tmp_path):
    path = tmp_path / "answers_2.jsonl"
    lines = ["Here are my answers:", json.dumps(ANSWERS[2][0]), "", json.dumps(ANSWERS[2][1]), "```"]
    path.write_text("\n".join(lines), encoding="utf-8")
    assert panel.read_answers([path]) == {2: ANSWERS[2]}


def test_main_labels_are_the_labels_the_fit_gives_topics_and_areas(seed_result, monkeypatch):
    """Pointed at this tree, the 'before' labeller names the seeds' topics and areas as the fit does."""
    import numpy as np

    from analysis.embedding.cache import document_texts
    from analysis.model.describe import paper_titles
    from analysis.text import strip_markup

    monkeypatch.setattr(panel, "MAIN_TREE", str(ROOT))
    pieces, documents = seed_result.pieces, seed_result.documents
    topics = np.asarray(pieces.paper_topics).astype(int)
    texts = [strip_markup(t) for t in document_texts(seed_result.papers)]  # as bench.panel.fit_bundle gives them
    titles = paper_titles(seed_result.papers)
    terms = {int(t): [w for w, _ in words] for t, words in pieces.terms.items()}
    embeddings = pieces.embeddings
    assert panel.main_labels(terms, texts, topics, pieces.latin, titles, embeddings=embeddings) == {
        int(k): v for k, v in pieces.labels.items()
    }
    areas = documents["area"].to_numpy().astype(int)
    area_terms = {int(a): terms[int(topics[areas == a][0])] for a in sorted(set(areas.tolist()))}
    named = panel.main_labels(area_terms, texts, areas, pieces.latin, titles, topics, embeddings)
    assert named == dict(zip(documents["area"].astype(int), documents["area_label"], strict=True))


FAKE_LABELS = """
def topic_labels(terms, texts, topics, latin, titles, within, nearness=None):
    shape = "none" if nearness is None else f"{nearness.backend} {nearness.shape}"
    return {int(t): f"{len(texts)} texts, nearness {shape}" for t in sorted(set(topics.tolist()))}
"""
FAKE_NEAREST = """
from types import SimpleNamespace

def name_nearness(backend, embeddings):
    return SimpleNamespace(backend=backend, shape=embeddings.shape)
"""


def _fake_tree(root, nearness: bool):
    """A main tree whose labeller says what it was given (with or without the nearness step)."""
    (root / "analysis" / "model").mkdir(parents=True)
    (root / "analysis" / "embedding").mkdir()
    for package in ("analysis", "analysis/model", "analysis/embedding"):
        (root / package / "__init__.py").write_text("")
    (root / "analysis" / "model" / "labels.py").write_text(FAKE_LABELS)
    if nearness:
        (root / "analysis" / "model" / "naming_nearest.py").write_text(FAKE_NEAREST)
        (root / "analysis" / "embedding" / "registry.py").write_text("def select_backend(name):\n    return name\n")
    return root


def test_main_labels_weigh_names_by_the_fits_embeddings_where_the_main_tree_can(tmp_path, monkeypatch):
    """The before-labeller gets the fit's embeddings; a tree from before the nearness step names without them."""
    import numpy as np

    topics, texts = np.array([0, 0, 1]), ["a", "b", "c"]
    embeddings = np.ones((3, 4), dtype=np.float32)
    monkeypatch.setattr(panel, "MAIN_TREE", str(_fake_tree(tmp_path / "now", nearness=True)))
    assert panel.main_labels({}, texts, topics, True, None, embeddings=embeddings) == {
        0: "3 texts, nearness minilm (3, 4)",
        1: "3 texts, nearness minilm (3, 4)",
    }
    assert panel.main_labels({}, texts, topics, True, None)[1] == "3 texts, nearness none"
    monkeypatch.setattr(panel, "MAIN_TREE", str(_fake_tree(tmp_path / "old", nearness=False)))
    assert panel.main_labels({}, texts, topics, True, None, embeddings=embeddings)[0] == "3 texts, nearness none"


def test_a_letter_a_reader_left_unscored_is_listed_and_left_out_of_the_mean():
    answers = {1: [dict(ANSWERS[1][0])], 2: [{"group": "g01", "scores": {"A": 3}, "best": "A", "label": "x"}]}
    figures = panel.score(KEY, answers)
    assert figures["unscored"] == [["reader_2", "g01", "B"]]
    assert figures["all"]["ours"]["mean"] == 5.0  # reader 1's 5 alone: reader 2's B (ours) has no score
    assert figures["all"]["ctfidf"]["mean"] == 2.5  # 2 from reader 1, 3 from reader 2 (its A)


def test_a_change_is_counted_higher_lower_or_the_same_where_ours_and_ours_before_differ():
    apart = {"reader_1": {"A": ["ours"], "B": ["ours_before"]}}
    shared = {"reader_1": {"A": ["ours", "ours_before"], "B": ["ctfidf"]}}
    key = {"groups": {g: {"corpus": "x", "letters": apart} for g in ("g01", "g02", "g03")}}
    key["groups"]["g04"] = {"corpus": "x", "letters": shared}
    answers = {
        1: [
            {"group": "g01", "scores": {"A": 5, "B": 2}, "best": "A"},
            {"group": "g02", "scores": {"A": 2, "B": 4}, "best": "B"},
            {"group": "g03", "scores": {"A": 3, "B": 3}, "best": "A"},
            {"group": "g04", "scores": {"A": 1, "B": 5}, "best": "B"},  # the same label: not a change
        ]
    }
    assert panel.score(key, answers)["changed"] == {
        "groups": 3,
        "higher": 1,
        "lower": 1,
        "same": 1,
        "ours": 3.333,
        "ours_before": 3.0,
    }


def test_the_command_line_says_its_usage_instead_of_a_traceback(capsys, tmp_path):
    _main = panel._main
    _main(["--help"])
    assert capsys.readouterr().out.startswith("usage: python -m bench.panel fit CORPUS NAME OUT.json")
    with pytest.raises(SystemExit, match=r"(?s)usage: .*\(got: score only-a-key\.json\)"):
        _main(["score", "only-a-key.json"])
    with pytest.raises(SystemExit, match=r"(?s)usage: .*\(got: frob\)"):
        _main(["frob"])
    missing = tmp_path / "key.json"
    with pytest.raises(SystemExit, match=f"bench.panel score: no such file: {missing}"):
        _main(["score", str(missing), str(tmp_path / "answers_1.jsonl")])
