"""``make bench``: every measurement in one run, written to bench/RESULTS.md and bench/results.json.

Sections run in order and the files are rewritten after each, so a run cut
short still leaves what it measured. A failing section is recorded with its
error and the run goes on.

Usage:
    python bench/run.py [--corpus PATH] [--out DIR] [--sizes 250 500 ...] [--quick]
    python bench/run.py --only stability [--cache .cache]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TypedDict

if __package__ in {None, ""}:  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import BENCH_DIR, machine, reference_corpus, run_worker
from bench.render import analyse, write_outputs

SIZES = [250, 500, 1000, 2260]
DEDUP_SIZES = [10_000, 100_000]
# The interactive map at scale: a synthetic result of this many papers (bench/map_scale.py).
MAP_PAPERS = 100_000
# Variants embedded in full and fitted; "onnx" (float32) only for its speed:
# its vectors match float32 MiniLM (cosine reported), so its topics would too.
FITTED = ["minilm-128", "torch-int8", "onnx-int8", "minilm-onnx-int8", "minilm-onnx-int8-192", "model2vec", "tfidf"]
SPEED_ONLY = {"onnx": 400}
# Sections keyed by variant or size: a partial rerun updates their entries.
MERGED = {"embeddings", "fits", "dedup", "scaling"}


class ReportTask(TypedDict):
    """What every report run of the worker is given besides its folder (and the themes of the edited run)."""

    corpus: str
    static: bool


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=reference_corpus(), help="labelled JSONL corpus")
    parser.add_argument("--out", type=Path, default=BENCH_DIR, help="folder for RESULTS.md, results.json, PNG")
    parser.add_argument("--sizes", type=int, nargs="*", default=SIZES, help="corpus sizes for the growth curves")
    parser.add_argument("--dedup-sizes", type=int, nargs="*", default=DEDUP_SIZES)
    parser.add_argument("--variants", nargs="*", default=FITTED, help="embedding variants to embed and fit")
    parser.add_argument("--no-static", action="store_true", help="skip PNG/SVG export in the report runs")
    parser.add_argument("--quick", action="store_true", help="smoke run: no plain BERTopic with its model, no ONNX")
    parser.add_argument(
        "--only",
        nargs="*",
        default=None,
        help="rerun only these sections (e.g. cold warm plain_bertopic_model), keeping the rest of results.json; "
        "sections after cold reuse its embedding cache, so keep cold in the list (or give --cache)",
    )
    parser.add_argument(
        "--cache",
        type=Path,
        default=None,
        help="cache root (ANALYSIS_CACHE_DIR) for every section instead of a fresh one, e.g. .cache to reuse its "
        "embeddings in a partial rerun; cold and warm are then not cold",
    )
    return parser.parse_args(argv)


class Run:
    """The results of one run, saved after every section."""

    def __init__(self, args: argparse.Namespace, work: Path) -> None:
        self.args, self.work = args, work
        self.started = time.perf_counter()
        self.results: dict = {
            "machine": machine(),
            "config": {
                "corpus": args.corpus.name,
                "sizes": args.sizes,
                "dedup_sizes": args.dedup_sizes,
                "variants": args.variants,
                "quick": args.quick,
                "cache": _cache_note(args),
            },
            "sections": {},
            "errors": {},
            "load_average": {},
        }
        previous = args.out / "results.json"
        if args.only and previous.exists():
            # A partial rerun replaces the named sections and keeps the others.
            kept = json.loads(previous.read_text(encoding="utf-8"))
            rerun = {"sections": args.only, "machine": self.results["machine"], "cache": _cache_note(args)}
            kept["reruns"] = [*kept.get("reruns", []), rerun]
            self.results = {**kept, "config": {**kept.get("config", {}), "rerun_only": args.only}}
            self.results.setdefault("load_average", {})

    def wanted(self, name: str) -> bool:
        """Whether this run measures section ``name``."""
        return self.args.only is None or name in self.args.only

    def section(self, name: str, measure: Callable[[], dict]) -> dict | None:
        """Run one section; keep its answer or its error; rewrite the outputs."""
        if not self.wanted(name):
            return self.results["sections"].get(name)
        before = [round(x, 2) for x in os.getloadavg()]
        self.results["errors"].pop(name, None)
        print(f"bench: {name} ...", file=sys.stderr, flush=True)
        start = time.perf_counter()
        answer: dict | None
        try:
            measured = measure()
        except Exception as err:  # one failed section must not lose the others
            self.results["errors"][name] = f"{type(err).__name__}: {err}"[-2000:]
            traceback.print_exc()
            answer = None
        else:
            old = self.results["sections"].get(name)
            if self.args.only and name in MERGED and isinstance(old, dict):
                # Rerunning one variant or size updates its entry, not the whole table.
                measured = {**old, **measured}
            answer = measured
            self.results["sections"][name] = answer
        print(f"bench: {name} done [{time.perf_counter() - start:.0f} s]", file=sys.stderr, flush=True)
        # Load average before and after: other jobs on a shared machine show up here.
        self.results["load_average"][name] = {"before": before, "after": [round(x, 2) for x in os.getloadavg()]}
        self.save()
        return answer

    def save(self) -> None:
        """Write results.json and RESULTS.md (and the growth plot when there is data for it)."""
        self.results["elapsed_s"] = round(time.perf_counter() - self.started, 1)
        self.results["load_average_end"] = [round(x, 2) for x in os.getloadavg()]
        try:
            self.results["analysis"] = analyse(self.results)
        except Exception as err:  # a gap in the data must not cost the raw numbers
            self.results["analysis"] = {}
            self.results["errors"]["analysis"] = f"{type(err).__name__}: {err}"
        write_outputs(self.results, self.args.out)
        large = self.args.out / "large.json"
        if self.args.only and large.exists():
            # RESULTS.md was rewritten: put back bench_large.py's section (a full run reruns it after this).
            from bench.bench_large import append_results

            append_results(json.loads(large.read_text(encoding="utf-8")), self.args.out)
        added = self.args.out / "add.json"
        if self.args.only and added.exists():
            # The same for bench_add.py's section.
            from bench.bench_add import append_results as append_add

            append_add(json.loads(added.read_text(encoding="utf-8")), self.args.out)
        sampled = self.args.out / "sampled.json"
        if self.args.only and sampled.exists():
            # And bench_sampled.py's (placed before bench_add.py's).
            from bench.bench_sampled import append_results as append_sampled

            append_sampled(json.loads(sampled.read_text(encoding="utf-8")), self.args.out)
        clustered = self.args.out / "cluster.json"
        if clustered.exists():
            # bench_cluster.py's section, last, in a full run too (make bench-cluster alone writes it anew).
            from bench.bench_cluster import append_results as append_cluster

            append_cluster(json.loads(clustered.read_text(encoding="utf-8")), self.args.out)


def _cache_note(args: argparse.Namespace) -> str:
    """Which cache the sections used: a fresh one (cold is cold) or the one given with ``--cache``."""
    return str(args.cache) if args.cache else "fresh (the run's temporary folder)"


def measure_all(run: Run) -> None:
    """Every section, in order of importance (the end-to-end comparison first)."""
    args, work = run.args, run.work
    corpus = str(args.corpus)
    cache = args.cache.resolve() if args.cache else work / "cache"
    env = {"ANALYSIS_CACHE_DIR": str(cache)}
    report: ReportTask = {"corpus": corpus, "static": not args.no_static}
    run.section("cold", lambda: run_worker("report", env=env, out=str(work / "cold"), **report))
    run.section("warm", lambda: warm_runs(work, env, report))
    run.section("imports", lambda: run_worker("imports", env=env))
    if not args.quick:
        run.section("plain_bertopic_model", lambda: run_worker("plain", env=env, corpus=corpus))
    run.section("baselines", lambda: run_worker("baselines", env=env, corpus=corpus, cache=str(cache)))
    run.section("stability", lambda: run_worker("stability", env=env, corpus=corpus))
    run.section("words", lambda: run_worker("words", env=env, corpus=corpus))
    variants = list(args.variants) + ([] if args.quick or args.only else list(SPEED_ONLY))
    run.section("embeddings", lambda: each(variants, lambda v: embed_variant(work, corpus, v, cache, env)))
    fitted = [v for v in args.variants if (work / f"{v}.npy").exists() and v not in SPEED_ONLY]
    run.section("fits", lambda: each(fitted, lambda v: fit_variant(work, corpus, v, env)))
    run.section("dedup", lambda: dedup_runs(corpus, args.dedup_sizes))
    run.section("map_scale", lambda: run_worker("map_scale", env=env, corpus=corpus, out=str(work), papers=MAP_PAPERS))
    run.section(
        "scaling",
        lambda: {str(n): run_worker("scale", env=env, corpus=corpus, size=n, cache=str(cache)) for n in args.sizes},
    )


# The themes edit of the warm section: one seed phrase added to the first theme.
EDITED_PHRASE = "score-based generative models"


def warm_runs(work: Path, env: dict[str, str], report: ReportTask) -> dict:
    """(a) The report again with nothing changed, then (b) with the themes file edited: each a fresh process.

    The answer is (a)'s, with (b) under ``themes_edited``; both reuse the
    topics from the result cache that cold filled, (b) scores the edited
    themes (embedding the added phrase unless it is cached).
    """
    from analysis.config import DEFAULT_THEMES_FILE

    unchanged = run_worker("report", env=env, out=str(work / "warm"), **report)
    text = DEFAULT_THEMES_FILE.read_text(encoding="utf-8")
    edited = work / "themes-edited.toml"
    edited.write_text(text.replace("seeds = [", f'seeds = ["{EDITED_PHRASE}", ', 1), encoding="utf-8")
    themed = run_worker("report", env=env, out=str(work / "warm-themes"), themes=str(edited), **report)
    return {**unchanged, "themes_edited": themed}


def each(names: list[str], measure: Callable[[str], dict]) -> dict:
    """``measure`` for every name; a failure (say, onnx not installed) is recorded for that name only."""
    answers = {}
    for name in names:
        try:
            answers[name] = measure(name)
        except Exception as err:  # one missing optional package must not lose the other variants
            answers[name] = {"error": f"{type(err).__name__}: {err}"[-1500:]}
    return answers


def embed_variant(work: Path, corpus: str, variant: str, cache: Path, env: dict[str, str]) -> dict:
    """Embed with one variant in its own process; vectors saved for the fit."""
    limit = SPEED_ONLY.get(variant)
    return run_worker(
        "embed",
        env=env,
        corpus=corpus,
        variant=variant,
        out=str(work / f"{variant}.npy"),
        limit=limit,
        cache=str(cache),
    )


def fit_variant(work: Path, corpus: str, variant: str, env: dict[str, str]) -> dict:
    """This suite's fit on one variant's vectors, in its own process."""
    return run_worker("fit", env=env, corpus=corpus, variant=variant, vectors=str(work / f"{variant}.npy"))


def dedup_runs(corpus: str, sizes: list[int]) -> dict:
    """Deduplication at each size, each in its own process (the first also measures similarity ranges)."""
    return {str(n): run_worker("dedup", corpus=corpus, entries=n, similarities=i == 0) for i, n in enumerate(sizes)}


def main(argv: list[str] | None = None) -> Path:
    """Run the benchmark; returns the RESULTS.md path."""
    args = parse_args(argv)
    if not args.corpus.exists():
        raise SystemExit(f"bench: corpus not found at {args.corpus} (set --corpus or BENCH_CORPUS)")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    with tempfile.TemporaryDirectory(prefix="bench-") as tmp:
        run = Run(args, Path(tmp))
        measure_all(run)
        run.save()
    print(f"bench: wrote {args.out / 'RESULTS.md'} in {run.results['elapsed_s']:.0f} s", file=sys.stderr)
    return args.out / "RESULTS.md"


if __name__ == "__main__":
    main()
