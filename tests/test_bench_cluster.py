"""bench/bench_cluster.py: its section of RESULTS.md comes last and survives the other benchmarks' rewrites."""

from __future__ import annotations

import json

from helpers import bench_add_result

from bench import bench_add, bench_cluster, bench_large


def _run(workers: int, seconds: float, embed: float, client: float) -> dict:
    run = {"exit_code": 0, "workers": workers, "seconds": seconds, "client_peak_mib": client}
    run["stages"] = {"load": 1.0, "embed": embed, "represent": 5.0}
    run["cluster_start_s"] = 2.0 if workers else None
    if workers:
        run["worker_peak_mib"] = [800.0, 810.5]
    return run


def _result(same: bool = True) -> dict:
    return {
        "n": 20000,
        "workers": 2,
        "static": False,
        "commit": "abc1234",
        "date": "2026-12-01 12:00 UTC",
        "load_start": [1.0],
        "load_end": [1.0],
        "cpus": 2,
        "single": _run(0, 1000.0, 900.0, 3000.0),
        "cluster": _run(2, 800.0, 700.0, 2400.0),
        "same_tables": same,
    }


def test_the_section_has_both_runs_their_ratios_and_each_workers_peak(tmp_path):
    text = bench_cluster.section(_result())
    assert "| one process | 1000.0 | 900.0 | 100.0 | – | 3000.0 | – |" in text
    assert "| 2 workers | 800.0 | 700.0 | 98.0 | 2.0 | 2400.0 | 800.0, 810.5 |" in text
    assert "end to end **0.80x**, embedding **0.78x**, client peak memory **0.80x**" in text
    assert "70 ms per paper on one worker" in text and "45 ms per paper in one process" in text
    assert "Same documents.csv and topics.csv in both runs: **yes**" in text
    assert "**no**" in bench_cluster.section(_result(same=False))


def test_a_failed_run_shows_its_error():
    result = _result()
    result["cluster"] = {"workers": 2, "exit_code": 1, "error": ["error: tcp://x: cannot reach the Dask scheduler"]}
    text = bench_cluster.section(result)
    assert "Failed:" in text and "cannot reach the Dask scheduler" in text and "| run |" not in text


def test_the_cluster_section_stays_last_through_the_other_benchmarks(tmp_path):
    (tmp_path / "RESULTS.md").write_text("# Benchmark results\n\nearlier sections\n")
    bench_cluster.append_results(_result(), tmp_path)
    bench_large.append_results({"n": 1, "date": "d", "load_start": [], "load_end": [], "runs": {}}, tmp_path)
    bench_add.append_results(bench_add_result(0.1), tmp_path)
    bench_cluster.append_results(_result(same=False), tmp_path)
    text = (tmp_path / "RESULTS.md").read_text()
    sections = [bench_add.SECTION, bench_large.SECTION, bench_cluster.SECTION]
    assert [text.count(s) for s in sections] == [1, 1, 1]
    assert text.index("earlier sections") < text.index(bench_add.SECTION) < text.index(bench_large.SECTION)
    assert text.index(bench_large.SECTION) < text.index(bench_cluster.SECTION)
    assert text.endswith(bench_cluster.section(_result(same=False)))
    assert json.loads((tmp_path / "cluster.json").read_text())["same_tables"] is False


def test_differing_tables_are_described_by_topic_agreement_changed_rows_and_map_moves(tmp_path):
    import pandas as pd

    for name, topics, x in (("one", [0, 0, 1, 1], [0.1, 0.2, 0.3, 0.4]), ("two", [0, 0, 1, 0], [0.1, 0.2, 0.3, 0.45])):
        (tmp_path / name).mkdir()
        frame = pd.DataFrame({"doc_id": ["a", "b", "c", "d"], "topic": topics, "x": x, "y": [0.0] * 4})
        frame.to_csv(tmp_path / name / "documents.csv", index=False)
    d = bench_cluster.table_differences(tmp_path / "one", tmp_path / "two")
    assert d["same_papers"] and d["rows_changed"] == {"topic": 1, "x": 1} and d["max_map_move"] == 0.05
    assert d["topic_ari"] < 1.0
    text = "\n".join(bench_cluster._differences(d))
    assert "rows changed per column: topic 1, x 1; largest map move 0.05" in text
