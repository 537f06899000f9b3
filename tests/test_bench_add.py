"""bench/bench_add.py: its section of RESULTS.md replaces the previous one and keeps bench_large.py's."""

from __future__ import annotations

import json

from helpers import bench_add_result

from bench import bench_add, bench_large


def test_the_add_section_replaces_the_old_one_and_keeps_the_large_corpus_section(tmp_path):
    (tmp_path / "RESULTS.md").write_text("# Benchmark results\n\nearlier sections\n")
    bench_large.append_results({"n": 1, "date": "d", "load_start": [], "load_end": [], "runs": {}}, tmp_path)
    bench_add.append_results(bench_add_result(0.5), tmp_path)
    bench_add.append_results(bench_add_result(0.1), tmp_path)
    text = (tmp_path / "RESULTS.md").read_text()
    assert text.count(bench_add.SECTION) == 1 and text.count(bench_large.SECTION) == 1
    assert text.index("earlier sections") < text.index(bench_add.SECTION) < text.index(bench_large.SECTION)
    assert "= 0.1 | <= 0.2 | yes |" in text and "| 0 | 0 | yes |" in text
    assert json.loads((tmp_path / "add.json").read_text())["ratio"] == 0.1


def test_a_changed_old_row_or_a_slow_add_is_not_met(tmp_path):
    bench_add.append_results(bench_add_result(0.5, changed=3), tmp_path)
    text = (tmp_path / "RESULTS.md").read_text()
    assert "| 3 | 0 | **no** |" in text and "= 0.5 | <= 0.2 | **no** |" in text


def test_the_corpus_is_split_into_the_two_files_a_user_would_give(tmp_path):
    corpus = tmp_path / "corpus.jsonl"
    # A U+2028 inside a string is no line break of JSON Lines (json.dumps keeps it with ensure_ascii=False).
    lines = [json.dumps({"text": f"paper {i}\u2028end"}, ensure_ascii=False) for i in range(5)]
    corpus.write_text("\n".join(lines) + "\n\n", encoding="utf-8")
    head, rest = bench_add.split_corpus(corpus, 3, tmp_path)
    read = [[json.loads(x)["text"] for x in path.read_text(encoding="utf-8").split("\n") if x] for path in (head, rest)]
    assert read == [[f"paper {i}\u2028end" for i in range(3)], [f"paper {i}\u2028end" for i in (3, 4)]]


def test_where_the_new_papers_went_is_read_from_the_two_tables():
    import pandas as pd

    before = pd.DataFrame({"topic": [0, 0, 1]})
    new = pd.DataFrame({"topic": [0, 1, 2, 2], "misfit": [False, True, False, False]})
    summary = bench_add.added_summary(5, before, new)
    assert summary["added"] == 4 and summary["merged"] == 1
    assert (summary["in_old_topics"], summary["in_new_topics"], summary["misfits"]) == (2, 2, 1)
    assert summary["new_topics"] == 1 and summary["shares"] == [0.25, 0.5, 0.25]
