"""Adding papers to a fitted run, measured on the reference corpus: old rows kept, quality and time vs a refit.

The weekly workflow of the README, as a user runs it: the corpus's first
2,000 records and the other 260 are written to two files; then
``python -m analysis report first.jsonl --out DIR`` (which saves the run),
``python -m analysis add rest.jsonl --to DIR``, and, for comparison, a cold
full run ``python -m analysis report first.jsonl rest.jsonl --no-cache`` with
an empty cache folder. Each command is a process of its own, timed whole
(start-up and imports included, alike on both sides). Measured:

* every old row of ``documents.csv`` keeps its topic, label, theme and map place;
* the NMI of the 260 new papers' topics against their areas (``label``), beside
  the NMI the cold full run gives those same papers (the target: no worse
  than 0.03 below);
* the seconds of ``add`` as a ratio of the cold full run (target: <= 0.2).

The report and add share one cache folder, the full run gets an empty one.
Writes bench/add.json and the section :data:`SECTION` of bench/RESULTS.md.

Usage:
    python bench/bench_add.py [--corpus PATH] [--first 2000] [--out bench/] [--no-static]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

if __package__ in {None, ""}:  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

ROOT = Path(__file__).resolve().parents[1]
SECTION = "## Adding papers to a fitted run"
NMI_TOLERANCE = 0.03
TARGET_RATIO = 0.2
KEPT = ["doc_id", "topic", "topic_label", "theme", "x", "y"]
BATCH = "bench"


def split_corpus(corpus: Path, first: int, folder: Path) -> tuple[Path, Path]:
    """The corpus's first ``first`` records and the others, as two JSON Lines files in ``folder``."""
    # split("\n"), not splitlines(): abstracts hold U+2028 line separators inside their JSON strings.
    records = [line for line in corpus.read_text(encoding="utf-8").split("\n") if line.strip()]
    head, rest = folder / "first.jsonl", folder / "rest.jsonl"
    head.write_text("\n".join(records[:first]) + "\n", encoding="utf-8")
    rest.write_text("\n".join(records[first:]) + "\n", encoding="utf-8")
    return head, rest


def run_command(arguments: list[str], cache: Path, static: bool) -> float:
    """``python -m analysis ARGUMENTS`` in a process of its own, with its cache folder; its wall seconds."""
    command = [sys.executable, "-m", "analysis", *arguments] + ([] if static else ["--no-static"])
    env = {**os.environ, "ANALYSIS_CACHE_DIR": str(cache), "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    start = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, text=True, cwd=ROOT)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(arguments)} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return round(seconds, 2)


def measure(args: argparse.Namespace) -> dict:
    """The three commands, then the comparison."""
    import pandas as pd

    load_start = [round(x, 2) for x in os.getloadavg()]
    static = not args.no_static
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        head, rest = split_corpus(args.corpus, args.first, work)
        report, full = work / "report", work / "full"
        report_s = run_command(["report", str(head), "--out", str(report)], work / "cache", static)
        before = pd.read_csv(report / "documents.csv")
        add_s = run_command(["add", str(rest), "--to", str(report), "--batch", BATCH], work / "cache", static)
        after = pd.read_csv(report / "documents.csv")
        full_s = run_command(["report", str(head), str(rest), "--no-cache", "--out", str(full)], work / "cold", static)
        whole = pd.read_csv(full / "documents.csv")
        given = sum(1 for line in rest.read_text(encoding="utf-8").split("\n") if line.strip())
    changed = int((after[KEPT].iloc[: len(before)] != before[KEPT]).any(axis=1).sum())
    new = after[after["batch"] == BATCH]
    return {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "load_start": load_start,
        "load_end": [round(x, 2) for x in os.getloadavg()],
        "static": static,
        "first": len(before),
        "added": given,
        "report_s": report_s,
        "add_s": add_s,
        "full_cold_s": full_s,
        "ratio": round(add_s / full_s, 3),
        "old_rows_changed": changed,
        **new_paper_nmi(args.corpus, new, whole),
        "summary": added_summary(given, before, new),
    }


def new_paper_nmi(corpus: Path, new: pd.DataFrame, whole: pd.DataFrame) -> dict:
    """NMI against the areas of the new papers' topics, as added and as the full run put them."""
    from sklearn.metrics import normalized_mutual_info_score

    areas = _labels_by_doc_id(corpus)
    full_topic = dict(zip(whole["doc_id"], whole["topic"], strict=True))
    ids = sorted(new["doc_id"])
    added = dict(zip(new["doc_id"], new["topic"], strict=True))
    truth = [areas[d] for d in ids]
    return {
        "nmi_new_added": round(normalized_mutual_info_score(truth, [added[d] for d in ids]), 3),
        "nmi_new_full_refit": round(normalized_mutual_info_score(truth, [full_topic[d] for d in ids]), 3),
    }


def added_summary(given: int, before: pd.DataFrame, new: pd.DataFrame) -> dict:
    """Where the new papers went, read from the two documents.csv (the command prints the same)."""
    from analysis.model.incremental import AddSummary

    old_topics = set(before["topic"])
    in_new = int((~new["topic"].isin(old_topics)).sum())
    new_topics = sorted(set(new["topic"]) - old_topics)
    summary = AddSummary(
        BATCH, given, given - len(new), len(new) - in_new, in_new, int(new["misfit"].sum()), tuple(new_topics)
    )
    return {
        "added": summary.added,
        "merged": summary.merged,
        "in_old_topics": summary.in_old_topics,
        "in_new_topics": summary.in_new_topics,
        "misfits": summary.misfits,
        "new_topics": len(new_topics),
        "shares": [round(s, 3) for s in summary.shares()],
        "refit_advised": summary.refit_advised(),
    }


def _labels_by_doc_id(corpus: Path) -> dict:
    """Each paper's area (the record's ``label``, kept as a column) by its ``doc_id``."""
    from analysis.corpus.dedup import load_papers

    papers = load_papers([corpus]).papers
    return dict(zip(papers["doc_id"], papers["label"], strict=True))


def append_results(results: dict, out_dir: Path) -> None:
    """Write add.json and put this section into RESULTS.md (before bench_large.py's, which it keeps)."""
    from bench.bench_large import SECTION as LARGE

    (out_dir / "add.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    md_path = out_dir / "RESULTS.md"
    text = md_path.read_text(encoding="utf-8") if md_path.exists() else "# Benchmark results\n"
    head, _, large = text.partition(LARGE)
    head = head.split(SECTION)[0].rstrip() + "\n\n" + section(results)
    md_path.write_text(head + (f"\n{LARGE}{large}" if large else ""), encoding="utf-8")


def section(r: dict) -> str:
    """The Markdown section of one measurement."""
    s = r["summary"]
    nmi_met = r["nmi_new_added"] >= r["nmi_new_full_refit"] - NMI_TOLERANCE
    return "\n".join(
        [
            SECTION,
            "",
            f"- {r['date']}, load average at start {r['load_start']}, at end {r['load_end']}; "
            f"written by `bench/bench_add.py`{'' if r['static'] else ' (no PNG/SVG export)'}.",
            f"- `report` on the first {r['first']:,} reference papers, `add` of the other {r['added']:,}, and a cold "
            "full `report --no-cache` on all of them (empty cache): each a `python -m analysis` process, timed whole.",
            "",
            "| measure | value | target | met |",
            "|---|---|---|---|",
            f"| old rows of documents.csv changed (topic, label, theme, x, y) | {r['old_rows_changed']} | 0 "
            f"| {'yes' if r['old_rows_changed'] == 0 else '**no**'} |",
            f"| NMI of the new papers, added | {r['nmi_new_added']} | >= full refit - {NMI_TOLERANCE} "
            f"| {'yes' if nmi_met else '**no**'} |",
            f"| NMI of the same papers, full refit | {r['nmi_new_full_refit']} | – | – |",
            f"| add seconds / cold full run seconds | {r['add_s']} / {r['full_cold_s']} = {r['ratio']} "
            f"| <= {TARGET_RATIO} | {'yes' if r['ratio'] <= TARGET_RATIO else '**no**'} |",
            "",
            f"Where the {s['added']} new papers went: {s['shares'][0]:.0%} fit an old topic, "
            f"{s['shares'][1]:.0%} formed {s['new_topics']} new topic{'' if s['new_topics'] == 1 else 's'}, "
            f"{s['shares'][2]:.0%} fit none "
            f"(joined the nearest, flagged); {s['merged']} merged as copies; refit advised: {s['refit_advised']}.",
            "",
        ]
    )


def main(argv: list[str] | None = None) -> int:
    """Measure, write add.json and the RESULTS.md section, print the results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpora" / "iclr2024.jsonl")
    parser.add_argument("--first", type=int, default=2000)
    parser.add_argument("--out", type=Path, default=ROOT / "bench")
    parser.add_argument("--no-static", action="store_true")
    args = parser.parse_args(argv)
    results = measure(args)
    append_results(results, args.out)
    print(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
