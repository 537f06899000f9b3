"""Adding papers to a fitted run, measured on the reference corpus: old rows kept, quality and time vs a refit.

A report on the first 2,000 papers (``fit``, ``write_report`` and the saved
run, as ``python -m analysis report --out`` does), then the remaining 260
added to it (``add_batch``, ``write_report`` and the saved run, as
``python -m analysis add --to`` does). Measured:

* every old row of ``documents.csv`` keeps its topic, label, theme and map place;
* the NMI of the 260 new papers' topics against their areas (``label``), beside
  the NMI a cold full refit of all 2,260 papers gives those same papers
  (the target: no worse than 0.03 below);
* the seconds of ``add`` as a ratio of the cold full run (target: <= 0.2).

Each step runs in a child process with its own cache (the report and add
share one; the full run gets an empty one), so "cold" is cold. The corpus is
read by path and split in memory. Writes bench/add.json and the section
:data:`SECTION` of bench/RESULTS.md.

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

if __package__ in {None, ""}:  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

ROOT = Path(__file__).resolve().parents[1]
SECTION = "## Adding papers to a fitted run"
NMI_TOLERANCE = 0.03
TARGET_RATIO = 0.2
KEPT = ["doc_id", "topic", "topic_label", "theme", "x", "y"]


def _papers(corpus: Path):
    from analysis.corpus.dedup import load_papers

    return load_papers([corpus]).papers


def phase_report(corpus: Path, first: int, out: Path, static: bool) -> dict:
    """The report on the first ``first`` papers, with its saved run."""
    from analysis.pipeline import fit, save_run, write_report

    start = time.perf_counter()
    papers = _papers(corpus).iloc[:first].reset_index(drop=True)
    result = fit(papers, progress=lambda message: None)
    write_report(result, out, static=static, progress=lambda message: None)
    save_run(result, out)
    return {"papers": len(papers), "seconds": round(time.perf_counter() - start, 2)}


def phase_add(corpus: Path, first: int, out: Path, static: bool) -> dict:
    """The rest of the corpus added to the saved run; each new paper's topic and where it went."""
    from analysis.model.incremental import add_batch
    from analysis.pipeline import load_run, save_run, write_report

    start = time.perf_counter()
    result = load_run(out)
    papers = _papers(corpus).iloc[first:].reset_index(drop=True)
    result, summary = add_batch(result, papers, batch="bench")
    write_report(result, out, static=static, progress=lambda message: None)
    save_run(result, out)
    seconds = time.perf_counter() - start
    new = result.documents[result.documents["batch"] == "bench"]
    return {
        "papers": len(papers),
        "seconds": round(seconds, 2),
        "topics": dict(zip(new["doc_id"], new["topic"].astype(int).tolist(), strict=True)),
        "summary": {
            "added": summary.added,
            "merged": summary.merged,
            "in_old_topics": summary.in_old_topics,
            "in_new_topics": summary.in_new_topics,
            "misfits": summary.misfits,
            "new_topics": len(summary.new_topics),
            "shares": [round(s, 3) for s in summary.shares()],
            "refit_advised": summary.refit_advised(),
        },
    }


def phase_full(corpus: Path, out: Path, static: bool) -> dict:
    """A cold full run on every paper (empty cache), and each paper's topic."""
    from analysis.pipeline import fit, write_report

    start = time.perf_counter()
    papers = _papers(corpus)
    result = fit(papers, progress=lambda message: None, use_cache=False)
    write_report(result, out, static=static, progress=lambda message: None)
    seconds = time.perf_counter() - start
    documents = result.documents
    return {
        "papers": len(papers),
        "seconds": round(seconds, 2),
        "topics": dict(zip(documents["doc_id"], documents["topic"].astype(int).tolist(), strict=True)),
    }


def _child(phase: str, args: argparse.Namespace, out: Path, cache: Path) -> dict:
    """One phase in a fresh process (cold imports, its own cache); its JSON answer."""
    command = [sys.executable, __file__, "--phase", phase, "--corpus", str(args.corpus), "--first", str(args.first)]
    command += ["--work", str(out)] + (["--no-static"] if args.no_static else [])
    env = {**os.environ, "ANALYSIS_CACHE_DIR": str(cache), "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(done.stdout.strip().splitlines()[-1])


def measure(args: argparse.Namespace) -> dict:
    """The three phases, then the comparison."""
    import pandas as pd
    from sklearn.metrics import normalized_mutual_info_score

    load_start = [round(x, 2) for x in os.getloadavg()]
    with tempfile.TemporaryDirectory() as work:
        work = Path(work)
        report = _child("report", args, work / "report", work / "cache")
        before = pd.read_csv(work / "report" / "documents.csv")
        added = _child("add", args, work / "report", work / "cache")
        after = pd.read_csv(work / "report" / "documents.csv")
        full = _child("full", args, work / "full", work / "cache-full")
    changed = int((after[KEPT].iloc[: len(before)] != before[KEPT]).any(axis=1).sum())
    papers = _labels_by_doc_id(args.corpus)
    new_ids = sorted(added["topics"])
    truth = [papers[d] for d in new_ids]
    nmi_add = normalized_mutual_info_score(truth, [added["topics"][d] for d in new_ids])
    nmi_full = normalized_mutual_info_score(truth, [full["topics"][d] for d in new_ids])
    return {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "load_start": load_start,
        "load_end": [round(x, 2) for x in os.getloadavg()],
        "static": not args.no_static,
        "first": report["papers"],
        "added": added["papers"],
        "report_s": report["seconds"],
        "add_s": added["seconds"],
        "full_cold_s": full["seconds"],
        "ratio": round(added["seconds"] / full["seconds"], 3),
        "old_rows_changed": changed,
        "nmi_new_added": round(nmi_add, 3),
        "nmi_new_full_refit": round(nmi_full, 3),
        "summary": added["summary"],
    }


def _labels_by_doc_id(corpus: Path) -> dict:
    """Each paper's area (the record's ``label``, kept as a column) by its ``doc_id``."""
    papers = _papers(corpus)
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
            f"- A report on the first {r['first']:,} reference papers, then the other {r['added']:,} added to it.",
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
            f"{s['shares'][1]:.0%} formed {s['new_topics']} new topics, {s['shares'][2]:.0%} fit none "
            f"(joined the nearest, flagged); {s['merged']} merged as copies; refit advised: {s['refit_advised']}.",
            "",
        ]
    )


def main(argv=None) -> int:
    """Run one phase (as a child) or the whole measurement."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpora" / "iclr2024.jsonl")
    parser.add_argument("--first", type=int, default=2000)
    parser.add_argument("--out", type=Path, default=ROOT / "bench")
    parser.add_argument("--no-static", action="store_true")
    parser.add_argument("--phase", choices=["report", "add", "full"], default=None)
    parser.add_argument("--work", type=Path, default=None)
    args = parser.parse_args(argv)
    static = not args.no_static
    if args.phase == "report":
        print(json.dumps(phase_report(args.corpus, args.first, args.work, static)))
    elif args.phase == "add":
        print(json.dumps(phase_add(args.corpus, args.first, args.work, static)))
    elif args.phase == "full":
        print(json.dumps(phase_full(args.corpus, args.work, static)))
    else:
        results = measure(args)
        append_results(results, args.out)
        print(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
