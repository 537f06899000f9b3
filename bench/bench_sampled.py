"""The sample-and-assign fit measured on the reference corpus: quality and time against the full fit.

The fit of the largest corpora (:mod:`analysis.model.sampled`) is forced on
the 2,260 reference papers by a low threshold: the topics are fitted on the
1,000 papers of smallest sha256(doc_id), the other 1,260 assigned to them.
Measured against the full fit of all 2,260 papers:

* NMI of each paper's topic against its primary area (``label``), for every
  paper and for the papers outside the sample (target: the sampled fit's NMI
  at most :data:`NMI_TOLERANCE` below the full fit's);
* every paper assigned (no topic -1);
* the same bytes (``documents.csv``, ``topics.csv``) on a second run, and
  with the partitions run on 3 threads, as a cluster's map would run them;
* the seconds of the topic fit (its stages without the themes, which score
  every paper alike in both), as a ratio of the full fit's.

Each run is a child process with the embeddings from the cache
(``ANALYSIS_CACHE_DIR``; embedded once if missing, not timed); the fits do
not use the result cache. Writes bench/sampled.json and the section
:data:`SECTION` of bench/RESULTS.md.

Usage:
    python bench/bench_sampled.py [--corpus PATH] [--sample 1000] [--out bench/]
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
from pathlib import Path

if __package__ in {None, ""}:  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

ROOT = Path(__file__).resolve().parents[1]
SECTION = "## Sample-and-assign fit"
NMI_TOLERANCE = 0.01
# The topic fit's stages; "embed" (cached) and "themes" (alike in both fits) are left out.
FIT_STAGES = ("lexical", "reduce", "cluster", "represent", "map")
RUNS = {"full": None, "sampled": "map", "sampled_again": "map", "sampled_threads": "threads"}


def _threads(function, partitions):
    """The partitions on 3 threads, results in order: a stand-in for a cluster's map."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=3) as pool:
        return list(pool.map(function, partitions))


def phase(corpus: Path, sample: int | None, mapper: str, work: Path) -> dict:
    """One fit in this process: its seconds per stage, each paper's topic, and a digest of its tables."""
    from analysis.corpus.dedup import load_papers
    from analysis.embedding.cache import embed_papers
    from analysis.model.topics import TopicModel
    from analysis.output import write_frame
    from analysis.pipeline import documents_table

    papers = load_papers([corpus]).papers
    embeddings = embed_papers(papers)
    stages: dict[str, float] = {}

    def timer(stage: str, seconds: float) -> None:
        stages[stage] = stages.get(stage, 0.0) + seconds

    model = TopicModel(
        use_cache=False, timer=timer, sample_above=sample, mapper=_threads if mapper == "threads" else map
    )
    start = time.perf_counter()
    result = model.fit(papers, embeddings=embeddings).result_
    seconds = time.perf_counter() - start
    work.mkdir(parents=True, exist_ok=True)
    files = [
        write_frame(documents_table(result), work / "documents.csv"),
        write_frame(result.topics, work / "topics.csv"),
    ]
    digest = hashlib.sha256(b"".join(path.read_bytes() for path in files)).hexdigest()
    documents = result.documents
    return {
        "seconds": round(seconds, 2),
        "fit_s": round(sum(stages.get(s, 0.0) for s in FIT_STAGES), 2),
        "stages": {k: round(v, 2) for k, v in stages.items()},
        "topics": len(result.topics),
        "sample": result.pieces.slots.get("sample") if result.pieces is not None else None,
        "digest": digest,
        "by_doc": dict(zip(documents["doc_id"], documents["topic"].astype(int).tolist(), strict=True)),
    }


def _child(run: str, args: argparse.Namespace, work: Path) -> dict:
    """One run in a fresh process; its JSON answer."""
    sample = None if RUNS[run] is None else args.sample
    command = [
        sys.executable,
        __file__,
        "--phase",
        str(sample),
        "--mapper",
        str(RUNS[run]),
        "--corpus",
        str(args.corpus),
    ]
    command += ["--work", str(work / run)]
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(done.stdout.strip().splitlines()[-1])


def measure(args: argparse.Namespace) -> dict:
    """The runs, then the comparison."""
    from sklearn.metrics import normalized_mutual_info_score

    from analysis.corpus.dedup import load_papers
    from analysis.model.sampled import in_sample

    load_start = [round(x, 2) for x in os.getloadavg()]
    with tempfile.TemporaryDirectory() as work:
        runs = {run: _child(run, args, Path(work)) for run in RUNS}
    papers = load_papers([args.corpus]).papers
    ids, truth = papers["doc_id"].tolist(), papers["label"].tolist()
    outside = [d for d, chosen in zip(ids, in_sample(ids, args.sample), strict=True) if not chosen]
    area = dict(zip(ids, truth, strict=True))

    def nmi(run: str, subset: list[str]) -> float:
        found = runs[run]["by_doc"]
        return round(normalized_mutual_info_score([area[d] for d in subset], [found[d] for d in subset]), 3)

    full, sampled = runs["full"], runs["sampled"]
    return {
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "load_start": load_start,
        "load_end": [round(x, 2) for x in os.getloadavg()],
        "papers": len(ids),
        "sample": args.sample,
        "nmi_full": nmi("full", ids),
        "nmi_sampled": nmi("sampled", ids),
        "nmi_outside_full": nmi("full", outside),
        "nmi_outside_sampled": nmi("sampled", outside),
        "topics_full": full["topics"],
        "topics_sampled": sampled["topics"],
        "assigned": sum(t >= 0 for t in sampled["by_doc"].values()),
        "misfits": sampled["sample"]["misfits"],
        "same_bytes_again": sampled["digest"] == runs["sampled_again"]["digest"],
        "same_bytes_threads": sampled["digest"] == runs["sampled_threads"]["digest"],
        "fit_s_full": full["fit_s"],
        "fit_s_sampled": sampled["fit_s"],
        "fit_ratio": round(sampled["fit_s"] / full["fit_s"], 3),
        "stages_full": full["stages"],
        "stages_sampled": sampled["stages"],
    }


def append_results(results: dict, out_dir: Path) -> None:
    """Write sampled.json and put this section into RESULTS.md, before bench_add.py's and bench_large.py's (kept)."""
    from bench.bench_add import SECTION as ADD
    from bench.bench_large import SECTION as LARGE

    (out_dir / "sampled.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    md_path = out_dir / "RESULTS.md"
    text = md_path.read_text(encoding="utf-8") if md_path.exists() else "# Benchmark results\n"
    if SECTION in text:  # this section runs up to the next one
        head, _, rest = text.partition(SECTION)
        after = rest.find("\n## ")
        text = head.rstrip() + ("\n\n" + rest[after + 1 :] if after >= 0 else "\n")
    anchor = next((title for title in (ADD, LARGE) if title in text), None)
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
            f"sha256(doc_id), the other {outside:,} assigned as added papers are. Embeddings from the cache.",
            "",
            "| measure | full fit | sample and assign | target | met |",
            "|---|---|---|---|---|",
            f"| NMI vs areas, all papers | {r['nmi_full']} | {r['nmi_sampled']} | >= full - {NMI_TOLERANCE} "
            f"| {yes(met)} |",
            f"| NMI vs areas, the {outside:,} papers outside the sample | {r['nmi_outside_full']} "
            f"| {r['nmi_outside_sampled']} | – | – |",
            f"| topics | {r['topics_full']} | {r['topics_sampled']} | – | – |",
            f"| papers assigned a topic | {r['papers']} | {r['assigned']} | all | {yes(r['assigned'] == r['papers'])} |",
            f"| same bytes on a second run / on 3 threads | – | {yes(r['same_bytes_again'])} / "
            f"{yes(r['same_bytes_threads'])} | yes | {yes(r['same_bytes_again'] and r['same_bytes_threads'])} |",
            f"| topic fit seconds (themes left out) | {r['fit_s_full']} | {r['fit_s_sampled']} "
            f"(ratio {r['fit_ratio']}) | – | – |",
            "",
            f"Lone misfits (left in their nearest topic): {r['misfits']}. Stage seconds, full: "
            f"{_stages(r['stages_full'])}; sampled: {_stages(r['stages_sampled'])}.",
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
    parser.add_argument("--sample", type=int, default=1000)
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
