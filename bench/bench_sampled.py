"""The sample-and-assign fit measured on the reference corpus: quality and time against the full fit.

The fit of the largest corpora (:mod:`analysis.model.sampled`) is forced on
the 2,260 reference papers by a low threshold: the topics are fitted on the
1,000 papers of smallest sha256(doc_id) (each smoothed with its nearest
papers of all 2,260), the other 1,260 assigned to them
in the sample's clustered space (then every paper moved by Lloyd passes to
the centroids of all their topics' papers; and, once each, on samples of
1,500 and 2,000: how the gap follows the sample's size). Measured against the full fit of all 2,260 papers:

* NMI of each paper's topic against its primary area (``label``), for every
  paper and for the papers outside the sample (target: the sampled fit's NMI
  at most :data:`NMI_TOLERANCE` below the full fit's);
* every paper assigned (no topic -1);
* the same bytes (``documents.csv``, ``topics.csv``) on a second run, and
  with the partitions run on 3 threads, as a cluster's map would run them;
* the seconds of the topic fit (its stages without the themes, which score
  every paper alike in both; the fastest of :data:`REPEATS`), as a ratio of
  the full fit's, and the CPU seconds of the whole fit.

Each run is a child process with the embeddings from the cache
(``ANALYSIS_CACHE_DIR``; embedded once if missing, not timed); the fits do
not use the result cache. Writes bench/sampled.json and the section
:data:`SECTION` of bench/RESULTS.md.

Usage:
    python bench/bench_sampled.py [--corpus PATH] [--samples 1000 1500 2000] [--out bench/]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from analysis.model.topic_result import TopicResult

if __package__ in {None, ""}:  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

ROOT = Path(__file__).resolve().parents[1]
SECTION = "## Sample-and-assign fit"
NMI_TOLERANCE = 0.01
# The topic fit's stages; "embed" (cached) and "themes" (alike in both fits) are left out.
FIT_STAGES = ("lexical", "reduce", "cluster", "represent", "map")
# Each fit is timed this many times in its process and the fastest kept: the machine is shared.
REPEATS = 3
# Each run: the mapper of a sampled fit at the first sample size (None: the full fit).
RUNS = {"full": None, "sampled": "map", "sampled_again": "map", "sampled_threads": "threads"}


def _threads(function: Callable[[Any], Any], partitions: Iterable[Any]) -> list[Any]:
    """The partitions on 3 threads, results in order: a stand-in for a cluster's map."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=3) as pool:
        return list(pool.map(function, partitions))


def phase(corpus: Path, sample: int | None, mapper: str, work: Path) -> dict:
    """One fit, :data:`REPEATS` times in this process: the fastest's seconds, each paper's topic, its tables' digest."""
    from analysis.corpus.dedup import load_papers
    from analysis.embedding.cache import embed_papers
    from analysis.model.topics import TopicModel
    from bench.common import Timer

    papers = load_papers([corpus]).papers
    embeddings = embed_papers(papers)
    timed = []
    for _ in range(REPEATS):
        timer = Timer()  # the seconds of each stage of this fit
        model = TopicModel(
            use_cache=False,
            timer=timer.add,
            sample_above=sample,
            mapper=_threads if mapper == "threads" else map,
        )
        cpu = time.process_time()
        result = model.fit(papers, embeddings=embeddings).result_
        stages = timer.seconds
        timed.append((sum(stages.get(s, 0.0) for s in FIT_STAGES), time.process_time() - cpu, stages, result))
    fit_s, _, stages, result = min(timed, key=lambda run: run[0])
    digests = {_digest(run[3], work) for run in timed}
    documents = result.documents
    return {
        "fit_s": round(fit_s, 2),
        "cpu_s": round(min(run[1] for run in timed), 2),
        "stages": {k: round(v, 2) for k, v in stages.items()},
        "topics": len(result.topics),
        "sample": result.pieces.slots.get("sample") if result.pieces is not None else None,
        "digest": digests.pop() if len(digests) == 1 else "differs between repeats",
        "by_doc": dict(zip(documents["doc_id"], documents["topic"].astype(int).tolist(), strict=True)),
    }


def _digest(result: TopicResult, work: Path) -> str:
    """A sha256 of the run's documents.csv and topics.csv as the report writes them."""
    from analysis.output import write_frame
    from analysis.pipeline import documents_table

    work.mkdir(parents=True, exist_ok=True)
    files = [write_frame(documents_table(result), work / "documents.csv")]
    files.append(write_frame(result.topics, work / "topics.csv"))
    return hashlib.sha256(b"".join(path.read_bytes() for path in files)).hexdigest()


def _child(sample: int | None, mapper: str | None, args: argparse.Namespace, work: Path) -> dict:
    """One run in a fresh process; its JSON answer."""
    command = [sys.executable, __file__, "--phase", str(sample), "--mapper", str(mapper)]
    command += ["--corpus", str(args.corpus), "--work", str(work)]
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(done.stdout.strip().splitlines()[-1])


def measure(args: argparse.Namespace) -> dict:
    """The runs, then the comparison."""
    from sklearn.metrics import normalized_mutual_info_score

    from analysis.corpus.dedup import load_papers
    from analysis.model.sampled import in_sample

    load_start = [round(x, 2) for x in os.getloadavg()]
    main, *others = args.samples
    with tempfile.TemporaryDirectory() as work:
        runs = {run: _child(None if m is None else main, m, args, Path(work) / run) for run, m in RUNS.items()}
        runs |= {f"sampled_{size}": _child(size, "map", args, Path(work) / str(size)) for size in others}
    papers = load_papers([args.corpus]).papers
    ids, truth = papers["doc_id"].tolist(), papers["label"].tolist()
    area = dict(zip(ids, truth, strict=True))

    def outside(size: int) -> list[str]:
        return [d for d, chosen in zip(ids, in_sample(ids, size), strict=True) if not chosen]

    def nmi(run: str, subset: list[str]) -> float:
        found = runs[run]["by_doc"]
        return round(normalized_mutual_info_score([area[d] for d in subset], [found[d] for d in subset]), 3)

    full, sampled = runs["full"], runs["sampled"]
    sizes = {
        str(size): {
            "nmi": nmi(run, ids),
            "nmi_outside": nmi(run, outside(size)),
            "nmi_outside_full": nmi("full", outside(size)),
            "topics": runs[run]["topics"],
            "fit_s": runs[run]["fit_s"],
        }
        for size, run in [(main, "sampled"), *((size, f"sampled_{size}") for size in others)]
    }
    return {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "load_start": load_start,
        "load_end": [round(x, 2) for x in os.getloadavg()],
        "papers": len(ids),
        "sample": main,
        "nmi_full": nmi("full", ids),
        "nmi_sampled": nmi("sampled", ids),
        "nmi_outside_full": nmi("full", outside(main)),
        "nmi_outside_sampled": nmi("sampled", outside(main)),
        "topics_full": full["topics"],
        "topics_sampled": sampled["topics"],
        "assigned": sum(t >= 0 for t in sampled["by_doc"].values()),
        "misfits": sampled["sample"]["misfits"],
        "new_topics": sampled["sample"]["new_topics"],
        "same_bytes_again": sampled["digest"] == runs["sampled_again"]["digest"],
        "same_bytes_threads": sampled["digest"] == runs["sampled_threads"]["digest"],
        "fit_s_full": full["fit_s"],
        "fit_s_sampled": sampled["fit_s"],
        "fit_ratio": round(sampled["fit_s"] / full["fit_s"], 3),
        "cpu_s_full": full["cpu_s"],
        "cpu_s_sampled": sampled["cpu_s"],
        "stages_full": full["stages"],
        "stages_sampled": sampled["stages"],
        "sizes": sizes,
    }


def append_results(results: dict, out_dir: Path) -> None:
    """Write sampled.json and put this section into RESULTS.md, before bench_add.py's and bench_large.py's (kept)."""
    from bench.bench_add import SECTION as ADD
    from bench.bench_cluster import SECTION as CLUSTER
    from bench.bench_large import SECTION as LARGE

    (out_dir / "sampled.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    md_path = out_dir / "RESULTS.md"
    text = md_path.read_text(encoding="utf-8") if md_path.exists() else "# Benchmark results\n"
    if SECTION in text:  # this section runs up to the next one
        head, _, rest = text.partition(SECTION)
        after = rest.find("\n## ")
        text = head.rstrip() + ("\n\n" + rest[after + 1 :] if after >= 0 else "\n")
    anchor = next((title for title in (ADD, LARGE, CLUSTER) if title in text), None)
    if anchor is None:
        md_path.write_text(text.rstrip() + "\n\n" + section(results), encoding="utf-8")
        return
    head, _, tail = text.partition(anchor)
    md_path.write_text(head.rstrip() + "\n\n" + section(results) + "\n" + anchor + tail, encoding="utf-8")


def section(r: dict) -> str:
    """The Markdown section of one measurement."""
    met = r["nmi_sampled"] >= r["nmi_full"] - NMI_TOLERANCE
    outside = r["papers"] - r["sample"]

    def yes(flag: bool) -> str:
        return "yes" if flag else "**no**"

    return "\n".join(
        [
            SECTION,
            "",
            f"- {r['date']}, load average at start {r['load_start']}, at end {r['load_end']}; "
            "written by `bench/bench_sampled.py`.",
            f"- The {r['papers']:,} reference papers fitted whole, and by the fit of the largest corpora forced "
            f"at a threshold of {r['sample']:,}: topics fitted on the {r['sample']:,} papers of smallest "
            f"sha256(doc_id), each smoothed with its nearest papers of all {r['papers']:,}, "
            f"the other {outside:,} placed in the sample's clustered space and joined to their "
            "nearest topic there, then every paper moved by Lloyd passes to the centroids of all each topic's "
            "papers. Embeddings from the cache; "
            f"each fit in a process of its own, run {REPEATS} times, the fastest kept.",
            "",
            "| measure | full fit | sample and assign | target | met |",
            "|---|---|---|---|---|",
            f"| NMI vs areas, all papers | {r['nmi_full']} | {r['nmi_sampled']} | >= full - {NMI_TOLERANCE} "
            f"| {yes(met)} |",
            f"| NMI vs areas, the {outside:,} papers outside the sample | {r['nmi_outside_full']} "
            f"| {r['nmi_outside_sampled']} | – | – |",
            f"| topics | {r['topics_full']} | {r['topics_sampled']} | – | – |",
            f"| papers assigned a topic | {r['papers']} | {r['assigned']} | all "
            f"| {yes(r['assigned'] == r['papers'])} |",
            f"| same bytes on a second run / on 3 threads | – | {yes(r['same_bytes_again'])} / "
            f"{yes(r['same_bytes_threads'])} | yes | {yes(r['same_bytes_again'] and r['same_bytes_threads'])} |",
            f"| topic fit seconds (themes left out) | {r['fit_s_full']} | {r['fit_s_sampled']} "
            f"(ratio {r['fit_ratio']}) | – | – |",
            f"| CPU seconds of the whole fit | {r['cpu_s_full']} | {r['cpu_s_sampled']} | – | – |",
            "",
            f"Of the {r['topics_sampled']} topics, {r['new_topics']} were formed by papers that fit no topic of the "
            f"sample; papers outside the spread of their nearest sample topic (they join it): {r['misfits']}. "
            "Stage seconds, full: "
            f"{_stages(r['stages_full'])}; sampled: {_stages(r['stages_sampled'])}.",
            "",
            "By the sample's size (NMI vs areas):",
            "",
            "| sample | NMI, all papers (full fit) | NMI outside the sample | the full fit's there | topics "
            "| topic fit seconds |",
            "|---|---|---|---|---|---|",
            *(
                f"| {int(size):,} | {row['nmi']} ({r['nmi_full']}) | {row['nmi_outside']} "
                f"| {row['nmi_outside_full']} | {row['topics']} | {row['fit_s']} |"
                for size, row in r["sizes"].items()
            ),
            "",
        ]
    )


def _stages(stages: dict) -> str:
    return ", ".join(f"{name} {seconds}" for name, seconds in stages.items())


def main(argv: list[str] | None = None) -> int:
    """Run one fit (as a child) or the whole measurement."""
    from bench.common import reference_corpus

    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=reference_corpus())
    parser.add_argument("--samples", type=int, nargs="+", default=[1000, 1500, 2000])
    parser.add_argument("--out", type=Path, default=ROOT / "bench")
    parser.add_argument("--phase", default=None, help="run one fit: the threshold, or None for the full fit")
    parser.add_argument("--mapper", choices=["map", "threads", "None"], default="map")
    parser.add_argument("--work", type=Path, default=None)
    args = parser.parse_args(argv)
    if args.phase is not None:
        sample = None if args.phase == "None" else int(args.phase)
        print(json.dumps(phase(args.corpus, sample, args.mapper, args.work)))
        return 0
    results = measure(args)
    append_results(results, args.out)
    print(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
