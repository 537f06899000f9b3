"""The label step alone, this tree's labeller against another's, in one run.

``python -m bench.label_step FITS NAME OTHER_TREE [RUNS]`` times the labels of a kept fit
(``FITS/NAME.json.gz`` and its ``NAME.minilm.npy``, as :mod:`bench.relabel` keeps them): its topics', then
its areas', each run in a fresh process, so the labeller's word caches start cold as in a fit. The candidate
names are embedded into one cache before the runs and every run reads it: no run loads the model, so what is
timed is the step's own work, which a cold run's 80-120 s of embedding (:mod:`bench.label_cost`) drowns.
The trees alternate, the other first. Prints one JSON line: each tree's seconds, the ratio of the medians
(this tree over the other), whether both gave the same labels, the machine and the date.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

from analysis.config import ROOT
from bench.common import machine, run_in_tree

ONE_RUN = """
import json, sys, time
from pathlib import Path
from bench.relabel import _nearness, group_labels, read_record
fits, name = Path(sys.argv[1]), sys.argv[2]
record, nearness = read_record(fits / f"{name}.json.gz"), _nearness(fits, name)
started = time.perf_counter()
rows = group_labels(record, nearness)
print(json.dumps({"seconds": time.perf_counter() - started, "labels": [list(map(str, row)) for row in rows]}))
"""


def one_run(tree: str, fits: Path, name: str, cache: str) -> dict:
    """Seconds and labels of one label step by the labeller in ``tree``, in a process of its own."""
    done = run_in_tree(tree, ONE_RUN, [str(fits.resolve()), name], env={"ANALYSIS_EMBEDDING_CACHE": cache})
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise RuntimeError(f"bench.label_step: the labeller in {tree} failed on {fits / name}: {last}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def measure(fits: Path, name: str, other: str, runs: int = 5) -> dict:
    """Each tree's label-step seconds on the kept fit, alternated over ``runs`` rounds, and their ratio."""
    this = str(ROOT)
    if not (fits / f"{name}.json.gz").is_file():
        raise SystemExit(f"bench.label_step: no kept fit {name}.json.gz in {fits}")
    seconds: dict[str, list[float]] = {"this": [], "other": []}
    labels: dict[str, list] = {}
    with tempfile.TemporaryDirectory() as cache:
        one_run(this, fits, name, cache)  # embeds the candidate names once, for every run after it
        for _ in range(runs):
            for which, tree in (("other", other), ("this", this)):
                done = one_run(tree, fits, name, cache)
                seconds[which].append(round(done["seconds"], 3))
                labels[which] = done["labels"]
    medians = {which: statistics.median(values) for which, values in seconds.items()}
    about = machine()
    return {
        "fit": f"{fits / name}",
        "this": this,
        "other": other,
        "seconds": seconds,
        "median_s": medians,
        "ratio_this_to_other": round(medians["this"] / medians["other"], 3),
        "same_labels": labels["this"] == labels["other"],
        "machine": about["cpu_model"],
        "cpus": about["logical_cores"],
        "load_1min_after": round(os.getloadavg()[0], 1),
        "date": about["date"],
    }


def _main(argv: list[str]) -> None:
    if len(argv) not in (3, 4) or argv[0] in ("-h", "--help"):
        raise SystemExit("usage: python -m bench.label_step FITS NAME OTHER_TREE [RUNS]")
    fits, name, other = Path(argv[0]), argv[1], argv[2]
    if not (Path(other) / "analysis" / "model" / "labels.py").is_file():
        raise SystemExit(f"bench.label_step: {other} holds no labeller (analysis/model/labels.py)")
    runs = int(argv[3]) if len(argv) == 4 else 5
    print(json.dumps(measure(fits, name, other, runs)))


if __name__ == "__main__":
    _main(sys.argv[1:])
