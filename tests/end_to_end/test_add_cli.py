"""``python -m analysis add PATH --to DIR``: the report in DIR takes the new papers, old rows unchanged."""

from __future__ import annotations

import pandas as pd
from helpers import SEED_A, SEED_B

from analysis.__main__ import main

KEPT = ["doc_id", "name", "topic", "topic_label", "theme", "theme_score", "theme_margin", "x", "y"]


def _files(folder):
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def test_add_rewrites_the_report_and_the_same_batch_again_changes_no_byte(seeds_dir, tmp_path, capsys):
    out = tmp_path / "report"
    assert main(["report", str(seeds_dir / SEED_A), "--out", str(out), "--no-static"]) == 0
    before = pd.read_csv(out / "documents.csv")
    assert "batch" not in before and "What is new" not in (out / "report.md").read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["add", str(seeds_dir / SEED_B), "--to", str(out), "--no-static", "--batch", "week 2"]) == 0
    said = capsys.readouterr().out
    assert "batch week 2:" in said and "fit an old topic" in said
    after = pd.read_csv(out / "documents.csv")
    pd.testing.assert_frame_equal(after[KEPT].iloc[: len(before)], before[KEPT])
    # New rows' scores as the old ones are written: two decimals, not float32 noise ("0.33000001311302185").
    topics = pd.read_csv(out / "topics.csv")
    for scores in (after["theme_score"], after["theme_margin"], topics["theme_score"]):
        assert (scores == scores.round(2)).all(), scores[scores != scores.round(2)].tolist()
    assert set(after["batch"]) == {"first fit", "week 2"} and len(after) > len(before)
    report = (out / "report.md").read_text(encoding="utf-8")
    assert "## What is new" in report and "Batch week 2:" in report
    assert "batch" in (out / "topic_map.html").read_text(encoding="utf-8")  # the map's batch filter
    written = _files(out)
    assert main(["add", str(seeds_dir / SEED_B), "--to", str(out), "--no-static", "--batch", "week 3"]) == 0
    assert "0 added" in capsys.readouterr().out
    assert _files(out) == written


def test_add_to_a_folder_without_a_run_says_what_to_do(seeds_dir, tmp_path, capsys):
    assert main(["add", str(seeds_dir / SEED_B), "--to", str(tmp_path)]) == 1
    assert "no saved run here" in capsys.readouterr().err


def test_add_to_a_run_of_the_fast_backend_says_why_it_cannot(seeds_dir, tmp_path, capsys):
    out = tmp_path / "report"
    assert main(["report", str(seeds_dir / SEED_A), "--out", str(out), "--no-static", "--embedding", "fast"]) == 0
    written = _files(out)
    capsys.readouterr()
    assert main(["add", str(seeds_dir / SEED_B), "--to", str(out), "--no-static"]) == 1
    assert capsys.readouterr().err == (
        f"error: {out}: this run's embedding space is fitted on its own papers (the 'fast' TF-IDF backend): "
        "new papers cannot join it; run the report again on all the papers\n"
    )
    assert _files(out) == written
