"""A whole-conference-sized run: 20,000 abstracts end to end, time and peak memory.

The reference corpus has 2,260 abstracts; larger corpora are built from its
sentences, reshuffled across papers with a fixed seed, so every synthetic
abstract is distinct (dedup keeps them all) and reads like the real ones.
The run is ``python -m analysis report`` in a child process with the
``fast`` preset (TF-IDF): MiniLM alone would need about 20 minutes for
20,000 abstracts on 2 cores. The result is appended to bench/RESULTS.md and
bench/large.json.

Usage:
    python bench/bench_large.py [--n 20000] [--corpus PATH] [--out bench/]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
SECTION = "## Large corpus end to end"


def synthetic_abstracts(records: list[dict], n: int, seed: int = 0) -> list[dict]:
    """``n`` distinct abstracts of 5-9 sentences drawn from the real ones."""
    rng = np.random.default_rng(seed)
    sentences = [s for r in records for s in re.split(r"(?<=[.!?])\s+", r["abstract"]) if len(s) > 40]
    out = []
    for i in range(n):
        picked = rng.choice(len(sentences), size=int(rng.integers(5, 10)), replace=False)
        out.append({"title": f"Synthetic paper {i + 1}", "abstract": " ".join(sentences[j] for j in picked)})
    return out


def run_report(corpus: Path, out: Path) -> dict:
    """Time ``python -m analysis report`` on ``corpus`` and read the child's peak RSS."""
    env = dict(os.environ, HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1")
    started = time.perf_counter()
    child = subprocess.run(
        [sys.executable, "-m", "analysis", "report", str(corpus), "--embedding", "fast", "--out", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    seconds = time.perf_counter() - started
    peak_mib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return {
        "exit_code": child.returncode,
        "seconds": round(seconds, 1),
        "peak_rss_mib": round(peak_mib, 1),
        "progress": child.stderr.strip().splitlines()[-12:],
        "files": len(list(out.iterdir())) if out.exists() else 0,
    }


def append_results(results: dict, out_dir: Path) -> None:
    """Write large.json and replace the large-corpus section of RESULTS.md."""
    (out_dir / "large.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    md_path = out_dir / "RESULTS.md"
    text = md_path.read_text(encoding="utf-8") if md_path.exists() else "# Benchmark results\n"
    text = text.split(SECTION)[0].rstrip() + "\n\n" + _section(results)
    md_path.write_text(text, encoding="utf-8")


def _section(r: dict) -> str:
    lines = [
        SECTION,
        "",
        f"- {r['date']}, load average at start {r['load_start']}, at end {r['load_end']}; "
        "written by `bench/bench_large.py`.",
        f"- {r['n']:,} distinct synthetic abstracts (sentences of the reference corpus reshuffled, seed 0), "
        "`python -m analysis report --embedding fast` in a child process, PNG/SVG export included.",
        f"- exit code {r['exit_code']}, **{r['seconds']} s** wall, **peak RSS {r['peak_rss_mib']} MiB** "
        f"(getrusage of the child), {r['files']} files written.",
        "",
        "Progress lines of the run:",
        "",
        "```",
        *r["progress"],
        "```",
        "",
    ]
    return "\n".join(lines)


def main(argv=None) -> int:
    """Build the corpus, run the report, record time and memory."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=20_000)
    parser.add_argument("--corpus", type=Path, default=ROOT.parent / "shared" / "corpora" / "iclr2024.jsonl")
    parser.add_argument("--out", type=Path, default=ROOT / "bench")
    args = parser.parse_args(argv)
    # split("\n"), not splitlines(): abstracts may hold U+2028, which splitlines() breaks on.
    records = [json.loads(line) for line in args.corpus.read_text(encoding="utf-8").split("\n") if line.strip()]
    with tempfile.TemporaryDirectory() as work:
        corpus = Path(work) / f"synthetic_{args.n}.jsonl"
        corpus.write_text("".join(json.dumps(r) + "\n" for r in synthetic_abstracts(records, args.n)), encoding="utf-8")
        load_start = [round(x, 2) for x in os.getloadavg()]
        result = run_report(corpus, Path(work) / "report")
    result.update(
        n=args.n,
        date=time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        load_start=load_start,
        load_end=[round(x, 2) for x in os.getloadavg()],
    )
    append_results(result, args.out)
    print(json.dumps(result, indent=1))
    return 0 if result["exit_code"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
