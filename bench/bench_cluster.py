"""More than one process: 20,000 abstracts through a LocalCluster of 2 workers beside the single-process run.

The corpus is bench_large.py's (sentences of the reference corpus reshuffled,
seed 0). Each run is the whole report (``run_report``, PNG/SVG export left
out unless ``--static``: it is the same work in both) in a child process with
an empty cache of its own, so the default MiniLM really embeds every paper:

* ``single``: one process, as ``python -m analysis report``;
* ``cluster``: ``--workers 2``: a LocalCluster of 2 worker processes of one
  thread each embeds, the client reads, deduplicates, fits and writes.

Measured: seconds end to end and per stage (``embed`` is the embedding on
the workers in the cluster run), the time to start the cluster, the peak RSS
of the client process and of each worker, and whether the two runs wrote the
same documents.csv and topics.csv. Written to bench/cluster.json and the
:data:`SECTION` of bench/RESULTS.md (after every other section).

Usage:
    python bench/bench_cluster.py [--n 20000] [--workers 2] [--static] [--corpus PATH] [--out bench/]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

if __package__ in {None, ""}:  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

ROOT = Path(__file__).resolve().parents[1]
SECTION = "## More than one process (Dask LocalCluster)"
TABLES = ("documents.csv", "topics.csv")


def _peak_mib() -> float:
    """This process's peak RSS in MiB (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def phase(corpus: Path, out: Path, workers: int, static: bool) -> dict:
    """In a child: the whole report, with a cluster of ``workers`` processes or none (0)."""
    from analysis.cluster import open_cluster
    from analysis.pipeline import run_report
    from analysis.run import RunOptions, Runtime

    stages: dict[str, float] = defaultdict(float)

    def timer(stage: str, seconds: float) -> None:
        stages[stage] += seconds

    started = time.perf_counter()
    answer: dict = {"workers": workers}
    with open_cluster(workers or None, dashboard=":0") as cluster:
        answer["cluster_start_s"] = round(time.perf_counter() - started, 2) if cluster else None
        run_report([corpus], out, RunOptions(static=static), Runtime(timer=timer, cluster=cluster))
        if cluster is not None:
            # Each worker's peak so far, asked before the cluster closes; cloudpickle sends the function by value.
            answer["worker_peak_mib"] = sorted(round(v, 1) for v in cluster.client.run(_peak_mib).values())
    answer["seconds"] = round(time.perf_counter() - started, 1)
    answer["client_peak_mib"] = round(_peak_mib(), 1)
    answer["stages"] = {k: round(v, 2) for k, v in sorted(stages.items())}
    return answer


def _child(args: argparse.Namespace, corpus: Path, work: Path, workers: int) -> dict:
    """One run in a fresh process with an empty cache; its JSON answer (the exit code and stderr's tail on failure)."""
    name = f"workers-{workers}" if workers else "single"
    command = [sys.executable, __file__, "--phase", str(workers), "--corpus", str(corpus), "--work", str(work / name)]
    command += ["--static"] if args.static else []
    env = {
        **{k: v for k, v in os.environ.items() if k != "DASK_SCHEDULER_ADDRESS"},  # no cluster but the one asked
        "ANALYSIS_CACHE_DIR": str(work / f"cache-{name}"),
        "PYTHONPATH": str(ROOT),  # the workers import this checkout too
        "HF_HUB_OFFLINE": "1",
        "TRANSFORMERS_OFFLINE": "1",
    }
    done = subprocess.run(command, env=env, capture_output=True, text=True, cwd=ROOT)
    if done.returncode != 0:
        return {"workers": workers, "exit_code": done.returncode, "error": done.stderr.strip().splitlines()[-5:]}
    return {"exit_code": 0, **json.loads(done.stdout.strip().splitlines()[-1])}


def measure(args: argparse.Namespace) -> dict:
    """Build the corpus, run it in one process and through the cluster, compare."""
    # split("\n"), not splitlines(): abstracts may hold U+2028, which splitlines() breaks on.
    from bench.bench_large import synthetic_abstracts

    records = [json.loads(line) for line in args.corpus.read_text(encoding="utf-8").split("\n") if line.strip()]
    load_start = [round(x, 2) for x in os.getloadavg()]
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        corpus = work / f"synthetic_{args.n}.jsonl"
        corpus.write_text("".join(json.dumps(r) + "\n" for r in synthetic_abstracts(records, args.n)), encoding="utf-8")
        single = _child(args, corpus, work, 0)
        cluster = _child(args, corpus, work, args.workers)
        same = all(
            (work / "single" / t).is_file()
            and (work / "single" / t).read_bytes() == (work / f"workers-{args.workers}" / t).read_bytes()
            for t in TABLES
        )
        differences = table_differences(work / "single", work / f"workers-{args.workers}") if not same else {}
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    return {
        "n": args.n,
        "workers": args.workers,
        "static": args.static,
        "commit": commit.stdout.strip() or "unknown",
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "load_start": load_start,
        "load_end": [round(x, 2) for x in os.getloadavg()],
        "cpus": os.cpu_count(),
        "single": single,
        "cluster": cluster,
        "same_tables": same,
        "differences": differences,
    }


def table_differences(first: Path, second: Path) -> dict:
    """How two runs' documents.csv differ: topic agreement (ARI), rows changed per column, largest map move."""
    import pandas as pd
    from sklearn.metrics import adjusted_rand_score

    a, b = (pd.read_csv(folder / "documents.csv").set_index("doc_id").sort_index() for folder in (first, second))
    if not a.index.equals(b.index):
        return {"same_papers": False}
    changed = {c: int((a[c] != b[c]).sum()) for c in a.columns if c in b.columns and not a[c].equals(b[c])}
    return {
        "same_papers": True,
        "topic_ari": round(float(adjusted_rand_score(a["topic"], b["topic"])), 4),
        "rows_changed": changed,
        "max_map_move": round(float(max((a["x"] - b["x"]).abs().max(), (a["y"] - b["y"]).abs().max())), 4),
    }


def append_results(results: dict, out_dir: Path) -> None:
    """Write cluster.json and put this section at the end of RESULTS.md, replacing the previous one."""
    (out_dir / "cluster.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    md_path = out_dir / "RESULTS.md"
    text = md_path.read_text(encoding="utf-8") if md_path.exists() else "# Benchmark results\n"
    md_path.write_text(text.split(SECTION)[0].rstrip() + "\n\n" + section(results), encoding="utf-8")


def _stage(run: dict, name: str) -> str:
    value = run.get("stages", {}).get(name)
    return "–" if value is None else f"{value:.1f}"


def section(r: dict) -> str:
    """The Markdown section of one measurement: both runs side by side, their ratios and memory."""
    single, cluster = r["single"], r["cluster"]
    lines = [
        SECTION,
        "",
        f"- {r['date']}, commit {r['commit']}, {r['cpus']} CPUs, load average at start {r['load_start']}, "
        f"at end {r['load_end']}; written by `bench/bench_cluster.py` (`make bench-cluster`).",
        f"- {r['n']:,} synthetic abstracts (as in the large-corpus run), the whole report "
        f"({'with' if r['static'] else 'without'} PNG/SVG export) in a child process with an empty cache: "
        f"once in one process, once with a LocalCluster of {r['workers']} worker processes of one thread each "
        "(`--workers`), which embeds; the client reads, deduplicates, fits and writes the report.",
        "",
    ]
    failed = [run for run in (single, cluster) if run.get("exit_code") != 0]
    if failed:
        return "\n".join([*lines, "Failed:", "", "```", *(e for run in failed for e in run.get("error", [])), "```"])
    lines += [
        "| run | seconds | embed s | rest of the report s | cluster start s | client peak MiB | worker peaks MiB |",
        "|---|---|---|---|---|---|---|",
    ]
    for name, run in (("one process", single), (f"{r['workers']} workers", cluster)):
        rest = run["seconds"] - run["stages"].get("embed", 0.0) - (run.get("cluster_start_s") or 0.0)
        workers = ", ".join(str(p) for p in run.get("worker_peak_mib", [])) or "–"
        lines.append(
            f"| {name} | {run['seconds']} | {_stage(run, 'embed')} | {rest:.1f} "
            f"| {run.get('cluster_start_s') or '–'} | {run['client_peak_mib']} | {workers} |"
        )
    embed_ratio = cluster["stages"].get("embed", 0.0) / max(single["stages"].get("embed", 0.0), 1e-9)
    per_worker = 1000 * cluster["stages"].get("embed", 0.0) * r["workers"] / r["n"]
    per_process = 1000 * single["stages"].get("embed", 0.0) / r["n"]
    lines += [
        "",
        f"Ratios (cluster / one process): end to end **{cluster['seconds'] / single['seconds']:.2f}x**, "
        f"embedding **{embed_ratio:.2f}x**, client peak memory "
        f"**{cluster['client_peak_mib'] / single['client_peak_mib']:.2f}x**. "
        f"Embedding cost: {per_worker:.0f} ms per paper on one worker (one thread); "
        f"{per_process:.0f} ms per paper in one process with all {r['cpus']} CPUs. "
        f"Same documents.csv and topics.csv in both runs: **{'yes' if r['same_tables'] else 'no'}**.",
        "",
    ]
    return "\n".join(lines + _differences(r.get("differences") or {}))


def _differences(d: dict) -> list[str]:
    """What differs between the two runs' documents.csv, when something does."""
    if not d:
        return []
    if not d.get("same_papers"):
        return ["The two runs kept different papers.", ""]
    changed = ", ".join(f"{column} {rows}" for column, rows in d["rows_changed"].items()) or "none"
    return [
        f"How documents.csv differs: topics agree to ARI {d['topic_ari']}; rows changed per column: {changed}; "
        f"largest map move {d['max_map_move']}.",
        "",
    ]


def main(argv: list[str] | None = None) -> int:
    """Run one phase (as a child) or the whole measurement."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=20_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--static", action="store_true", help="include the PNG/SVG export (the same in both runs)")
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpora" / "iclr2024.jsonl")
    parser.add_argument("--out", type=Path, default=ROOT / "bench")
    parser.add_argument("--phase", type=int, default=None, help=argparse.SUPPRESS)
    parser.add_argument("--work", type=Path, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.phase is not None:
        print(json.dumps(phase(args.corpus, args.work, args.phase, args.static)))
        return 0
    results = measure(args)
    append_results(results, args.out)
    print(json.dumps(results, indent=1))
    return 0 if results["single"].get("exit_code") == 0 and results["cluster"].get("exit_code") == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
