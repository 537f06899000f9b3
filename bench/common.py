"""Shared pieces: the reference corpus and its ground truth, the machine, timers, subprocesses."""

from __future__ import annotations

import datetime as dt
import json
import os
import platform
import resource
import subprocess
import sys
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
BENCH_DIR = ROOT / "bench"
# Exported models (ONNX, model2vec) are kept between runs: building them is
# measured once and reported, not paid by every run.
ARTEFACTS = ROOT / ".cache" / "bench"

THEME_OF_AREA = {
    "generative models": "diffusion and generative models",
    "reinforcement learning": "RL and learning theory",
    "learning theory": "RL and learning theory",
    "societal considerations including fairness, safety, privacy": "LLM safety and security",
    "applications to physical sciences (physics, chemistry, biology, etc.)": "AI for science",
}
NAMED_THEMES = [
    "diffusion and generative models",
    "RL and learning theory",
    "LLM safety and security",
    "AI for science",
]
VERSIONED = [
    "analysis",
    "bertopic",
    "sentence-transformers",
    "transformers",
    "torch",
    "umap-learn",
    "hdbscan",
    "scikit-learn",
    "numpy",
    "onnxruntime",
    "onnx",
    "model2vec",
    "kaleido",
    "plotly",
]


def reference_corpus() -> Path:
    """The labelled corpus: ``BENCH_CORPUS`` if set, else ``../shared/corpora/iclr2024.jsonl``."""
    from analysis.config import REFERENCE_CORPUS

    return Path(os.environ.get("BENCH_CORPUS", REFERENCE_CORPUS))


def load_papers(corpus: Path, size: int | None = None, seed: int = 42) -> pd.DataFrame:
    """Read and deduplicate the corpus; keep ``size`` papers drawn at random (nested across sizes).

    The same permutation is cut at every size, so the 250 papers are part of
    the 500, which are part of the 1,000: growth is measured on one corpus.
    """
    from analysis.corpus.dedup import load_papers as read_and_deduplicate

    papers = read_and_deduplicate([corpus]).papers
    if size is not None and size < len(papers):
        order = np.random.default_rng(seed).permutation(len(papers))[:size]
        papers = papers.iloc[np.sort(order)].reset_index(drop=True)
    return papers


def embedding_cache(root: str | Path) -> Path:
    """The embedding folder under a cache root, where the pipeline itself puts it with ``ANALYSIS_CACHE_DIR=root``.

    Workers given the run's cache root embed into the same folder as the
    report runs, so the corpus is embedded once per run.
    """
    from analysis.config import cache_dir, cache_root

    return Path(root) / cache_dir().relative_to(cache_root())


def theme_truth(labels: Iterable[object]) -> list[str]:
    """Ground-truth theme of each paper from its primary area (``other`` outside the four)."""
    return [THEME_OF_AREA.get(str(label), "other") for label in labels]


def machine() -> dict:
    """Cores, memory, CPU model, load average, date and library versions of this run."""
    import psutil

    return {
        "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "logical_cores": os.cpu_count(),
        "physical_cores": psutil.cpu_count(logical=False),
        "memory_gb": round(psutil.virtual_memory().total / 2**30, 1),
        "cpu_model": _cpu_model(),
        "python": platform.python_version(),
        "platform": platform.platform(terse=True),
        "load_average_start": [round(x, 2) for x in os.getloadavg()],
        "commit": _commit(),
        "versions": {name: _version(name) for name in VERSIONED},
    }


def _commit() -> str:
    """The repository's commit, marked dirty when analysis/ has uncommitted changes."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
        dirty = subprocess.run(["git", "status", "--porcelain", "analysis"], cwd=ROOT, capture_output=True, text=True)
    except OSError:
        return "unknown"
    return head.stdout.strip() + (" (analysis/ modified)" if dirty.stdout.strip() else "")


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "not installed"


def peak_rss_mb() -> float:
    """Peak resident memory of this process so far (getrusage ru_maxrss, in MiB)."""
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


class Timer:
    """Named wall-clock durations, summed when a name repeats."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    @contextmanager
    def __call__(self, name: str) -> Iterator[None]:
        """Time the body of a ``with`` block under ``name``."""
        start = time.perf_counter()
        try:
            yield
        finally:
            self.add(name, time.perf_counter() - start)

    def add(self, name: str, seconds: float) -> None:
        """Add ``seconds`` to ``name``."""
        self.seconds[name] = self.seconds.get(name, 0.0) + seconds

    def rounded(self) -> dict[str, float]:
        """Durations rounded to 0.01 s."""
        return {k: round(v, 2) for k, v in self.seconds.items()}


def run_in_tree(
    tree: str, script: str, args: Iterable[str] = (), stdin: str | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess:
    """Run ``python -c script args`` on the code of another tree (a clone of main), ``env`` added: not checked.

    Run inside that tree: ``python -c`` puts the working directory first on sys.path, so run from this tree it
    would import this tree's code (the panel of 2026-12-03 did: see bench/panel/README.md).
    """
    return subprocess.run(
        [sys.executable, "-c", script, *args],
        input=stdin,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": tree, **(env or {})},
        cwd=tree,
    )


def run_worker(task: str, timeout: float = 1800, env: dict[str, str] | None = None, **kwargs: object) -> dict:
    """Run ``bench.worker`` ``task`` in a fresh Python and return its JSON answer.

    A fresh process makes each measurement cold where it should be (imports,
    model load, numba compilation) and its peak memory its own.

    Raises:
        RuntimeError: The worker failed; its stderr tail is in the message.
    """
    start = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "bench.worker", task, json.dumps(kwargs, default=str)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"worker {task} failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
    answer = json.loads(proc.stdout.strip().splitlines()[-1])
    answer["process_s"] = round(time.perf_counter() - start, 2)
    return answer
