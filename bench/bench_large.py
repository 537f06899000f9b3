"""A whole-conference-sized run: 20,000 abstracts end to end, time and peak memory.

The reference corpus has 2,260 abstracts; larger corpora are built from its
sentences, reshuffled across papers with a fixed seed, so every synthetic
abstract is distinct (dedup keeps them all) and reads like the real ones.
Each run is ``python -m analysis report`` in a child process with an empty
cache of its own (so the default preset really embeds all 20,000), once per
preset: the default (issue 14's target: <= 10 minutes and <= 4 GiB peak on
2 cores) and ``fast`` (TF-IDF, no neural model). The result is appended to
bench/RESULTS.md and bench/large.json.

Usage:
    python bench/bench_large.py [--n 20000] [--presets default fast] [--corpus PATH] [--out bench/]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

if __package__ in {None, ""}:  # run as a script: make the repository importable (bench.bench_cluster)
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from analysis.config import DEFAULT_EMBEDDING

ROOT = Path(__file__).resolve().parents[1]
SECTION = "## Large corpus end to end"
# Issue 14's targets for the default preset at 20,000 abstracts.
TARGET_SECONDS = 600
TARGET_PEAK_MIB = 4096


def synthetic_abstracts(records: list[dict], n: int, seed: int = 0) -> list[dict]:
    """``n`` distinct abstracts of 5-9 sentences drawn from the real ones."""
    rng = np.random.default_rng(seed)
    sentences = [s for r in records for s in re.split(r"(?<=[.!?])\s+", r["abstract"]) if len(s) > 40]
    out = []
    for i in range(n):
        picked = rng.choice(len(sentences), size=int(rng.integers(5, 10)), replace=False)
        out.append({"title": f"Synthetic paper {i + 1}", "abstract": " ".join(sentences[j] for j in picked)})
    return out


def run_report(corpus: Path, out: Path, preset: str, cache: Path) -> dict:
    """Time ``python -m analysis report`` on ``corpus`` with an empty cache and read the child's peak RSS.

    The peak is measured by a ``/usr/bin/time``-free wrapper: the child runs
    under its own Python parent, whose RUSAGE_CHILDREN is the child's alone.
    """
    env = dict(os.environ, HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1", ANALYSIS_CACHE_DIR=str(cache))
    command = [sys.executable, "-m", "analysis", "report", str(corpus), "--embedding", preset, "--out", str(out)]
    # The child imports the package as it is now: a commit made during a long run is not in it.
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    started = time.perf_counter()
    child = subprocess.run([sys.executable, "-c", _PEAK, *command], cwd=ROOT, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    peak_mib = float(child.stdout.strip().splitlines()[-1]) if child.stdout.strip() else float("nan")
    return {
        "commit": commit.stdout.strip() or "unknown",
        "exit_code": child.returncode,
        "seconds": round(seconds, 1),
        "peak_rss_mib": round(peak_mib, 1),
        "progress": _progress_lines(child.stderr),
        "files": len(list(out.iterdir())) if out.exists() else 0,
    }


def _progress_lines(stderr: str) -> list[str]:
    """The suite's own progress lines (tqdm's bars in between only repeat the count), else the last lines."""
    lines = stderr.strip().splitlines()
    return [line for line in lines if line.startswith("analysis:")] or lines[-12:]


# Runs the command and prints its peak RSS in MiB: RUSAGE_CHILDREN of this
# process covers that one command, not the earlier runs of the benchmark.
_PEAK = (
    "import resource, subprocess, sys; "
    "code = subprocess.run(sys.argv[1:]).returncode; "
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024); "
    "sys.exit(code)"
)


def append_results(results: dict, out_dir: Path) -> None:
    """Write large.json and replace the large-corpus section of RESULTS.md (bench_cluster.py's after it stays)."""
    from bench.bench_cluster import SECTION as CLUSTER

    (out_dir / "large.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    md_path = out_dir / "RESULTS.md"
    text = md_path.read_text(encoding="utf-8") if md_path.exists() else "# Benchmark results\n"
    cluster = text.partition(CLUSTER)[2]
    text = text.split(SECTION)[0].split(CLUSTER)[0].rstrip() + "\n\n" + _section(results)
    md_path.write_text(text + (f"\n{CLUSTER}{cluster}" if cluster else ""), encoding="utf-8")


def _section(r: dict) -> str:
    lines = [
        SECTION,
        "",
        f"- {r['date']}, load average at start {r['load_start']}, at end {r['load_end']}; "
        "written by `bench/bench_large.py`.",
        f"- {r['n']:,} distinct synthetic abstracts (sentences of the reference corpus reshuffled, seed 0), "
        "`python -m analysis report --embedding PRESET` in a child process with an empty cache, "
        "PNG/SVG export included.",
        "",
        "| preset | commit | exit code | seconds | peak RSS MiB | files | target | met |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for preset, run in r["runs"].items():
        target, met = _target(preset, run)
        lines.append(
            f"| {preset} | {run.get('commit', '?')} | {run['exit_code']} | {run['seconds']} "
            f"| {run['peak_rss_mib']} | {run['files']} | {target} | {met} |"
        )
    for preset, run in r["runs"].items():
        lines += ["", f"Progress lines of the `{preset}` run:", "", "```", *run["progress"], "```"]
    return "\n".join(lines) + "\n"


def _target(preset: str, run: dict) -> tuple[str, str]:
    if preset != "default":
        return "–", "–"
    met = run["exit_code"] == 0 and run["seconds"] <= TARGET_SECONDS and run["peak_rss_mib"] <= TARGET_PEAK_MIB
    return f"<= {TARGET_SECONDS} s and <= {TARGET_PEAK_MIB} MiB", "yes" if met else "**no**"


def main(argv: list[str] | None = None) -> int:
    """Build the corpus, run the report once per preset, record time and memory."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=20_000)
    parser.add_argument("--presets", nargs="+", default=["default", "fast"])
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpora" / "iclr2024.jsonl")
    parser.add_argument("--out", type=Path, default=ROOT / "bench")
    args = parser.parse_args(argv)
    # split("\n"), not splitlines(): abstracts may hold U+2028, which splitlines() breaks on.
    records = [json.loads(line) for line in args.corpus.read_text(encoding="utf-8").split("\n") if line.strip()]
    load_start = [round(x, 2) for x in os.getloadavg()]
    runs = {}
    with tempfile.TemporaryDirectory() as work:
        corpus = Path(work) / f"synthetic_{args.n}.jsonl"
        corpus.write_text("".join(json.dumps(r) + "\n" for r in synthetic_abstracts(records, args.n)), encoding="utf-8")
        for preset in args.presets:
            name = DEFAULT_EMBEDDING if preset == "default" else preset
            runs[preset] = run_report(corpus, Path(work) / preset / "report", name, Path(work) / preset / "cache")
    result = {
        "n": args.n,
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "load_start": load_start,
        "load_end": [round(x, 2) for x in os.getloadavg()],
        "runs": runs,
    }
    append_results(result, args.out)
    print(json.dumps(result, indent=1))
    return 0 if all(run["exit_code"] == 0 for run in runs.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
