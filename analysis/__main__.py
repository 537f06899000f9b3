"""Command line: ``python -m analysis corpus|topics|report|add ...``.

Exit codes: 0 success, 1 bad input (the message names the file), 2 usage.
Errors go to stderr; summaries and tables to stdout.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from analysis.config import DEDUP_THRESHOLD, DEFAULT_EMBEDDING, FIGURES_DIR, SAMPLE_FIT_ABOVE, SEEDS_DIR
from analysis.errors import InputError
from analysis.progress import remembered_ctrl_c

if TYPE_CHECKING:
    from analysis.run import RunOptions, Runtime


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        with warnings.catch_warnings(), remembered_ctrl_c():
            warnings.showwarning = _one_line_warning
            return args.run(args)
    except InputError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    except ImportError as err:
        # A missing optional dependency (torch for neural embeddings): our
        # own ImportErrors already say what to install; a bare "No module
        # named x" gets the general hint.
        hint = "" if "pip install" in str(err) else " (install the project: pip install -e .)"
        print(f"error: {err}{hint}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted: previous outputs were left as they were", file=sys.stderr)
        return 130


def _one_line_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: TextIO | None = None,
    line: str | None = None,
) -> None:
    """A warning as the command line says it: one line on stderr, not Python's file, line and source."""
    print(f"warning: {message}", file=sys.stderr)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m analysis", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    corpus = commands.add_parser("corpus", help="read and deduplicate abstracts, print a summary, write the frame")
    _add_inputs(corpus)
    corpus.add_argument(
        "--out",
        type=Path,
        help="write the paper frame here (.csv, .parquet or .jsonl), or the papers as references (.bib or .ris)",
    )
    corpus.set_defaults(run=_run_corpus)
    _add_topic_commands(commands)
    return parser


def _threshold(value: str) -> float:
    """A Jaccard threshold in (0, 1]; anything else is a usage error (exit 2), not a traceback."""
    try:
        number = float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid float value: {value!r}") from None
    if not 0.0 < number <= 1.0:
        raise argparse.ArgumentTypeError(f"must be in (0, 1], got {value}")
    return number


def _removed_seed(value: str) -> int:
    """``--seed`` is gone: the pipeline has no random step, so every seed gave the same report."""
    raise argparse.ArgumentTypeError(
        "--seed was removed: the pipeline has no random step (exact neighbours, exact SVDs, Ward), "
        "so every seed gave the same report; drop the option"
    )


def _add_inputs(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", type=Path, default=[SEEDS_DIR], help="files or folders (default: seeds/)")
    parser.add_argument(
        "--threshold",
        type=_threshold,
        default=DEDUP_THRESHOLD,
        help=f"near-duplicate Jaccard threshold (default {DEDUP_THRESHOLD})",
    )


def _add_topic_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    topics = commands.add_parser("topics", help="fit topics and themes, print the topic table (CSVs with --out)")
    _add_inputs(topics)
    _add_model_options(topics)
    topics.add_argument(
        "--out", type=Path, default=None, help="folder for documents.csv and topics.csv (default: write nothing)"
    )
    _add_cluster_options(topics)
    topics.set_defaults(run=_run_pipeline, step=_topics)
    report = commands.add_parser("report", help="the whole pipeline: topics, map, figures and the reading-group report")
    _add_inputs(report)
    _add_model_options(report)
    report.add_argument("--out", type=Path, default=FIGURES_DIR, help="output folder (default: figures/)")
    report.add_argument(
        "--no-static",
        dest="static",
        action="store_false",
        help="skip the PNG/SVG figures (no Chromium needed; the HTML stays)",
    )
    _add_cluster_options(report)
    report.set_defaults(run=_run_pipeline, step=_report)
    add = commands.add_parser("add", help="add papers to the run whose report is in --to, and rewrite that report")
    _add_inputs(add)
    add.add_argument("--to", type=Path, required=True, help="folder of the report to add to (made by `report --out`)")
    add.add_argument("--batch", default=None, help="name of this batch (default: today's date)")
    add.add_argument(
        "--no-static",
        dest="static",
        action="store_false",
        help="skip the PNG/SVG figures (no Chromium needed; the HTML stays)",
    )
    _add_cluster_options(add)
    add.set_defaults(run=_run_pipeline, step=_add)


def _positive(value: str) -> int:
    """A whole number of at least 1 (workers, papers); anything else is a usage error (exit 2)."""
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid int value: {value!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return number


def _add_cluster_options(parser: argparse.ArgumentParser) -> None:
    """``--workers`` and ``--scheduler``: the embedding runs on a Dask cluster (``pip install .[distributed]``)."""
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--workers",
        type=_positive,
        metavar="N",
        help="embed on a local Dask cluster of N worker processes (needs the distributed extra)",
    )
    group.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="embed on the running Dask cluster at ADDRESS, e.g. tcp://10.0.0.5:8786 "
        "(default: $DASK_SCHEDULER_ADDRESS when set)",
    )


def _add_model_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--themes", type=Path, help="themes file (TOML); default: the bundled themes")
    parser.add_argument(
        "--embedding",
        default=DEFAULT_EMBEDDING,
        help="quality (= minilm, the default), balanced (= minilm-128), minilm-int8, fast (= tfidf), "
        "or a local sentence-transformers path",
    )
    parser.add_argument(
        "--sample-above",
        type=_positive,
        default=SAMPLE_FIT_ABOVE,
        metavar="N",
        help=f"above N papers fit the topics on a sample of N and assign the rest (default {SAMPLE_FIT_ABOVE:,})",
    )
    # Kept only to say why it is gone (a usage error, exit 2), not listed in --help.
    parser.add_argument("--seed", type=_removed_seed, help=argparse.SUPPRESS)
    parser.add_argument(
        "--no-cache",
        dest="use_cache",
        action="store_false",
        help="fit topics from scratch: neither read nor write the result cache (.cache/results)",
    )


def _run_corpus(args: argparse.Namespace) -> int:
    from analysis.corpus.export import REFERENCE_SUFFIXES, write_references
    from analysis.corpus.load import load_papers, summarize
    from analysis.output import FRAME_SUFFIXES, write_frame
    from analysis.pipeline import refuse_overwriting_inputs

    if args.out:
        known = (*FRAME_SUFFIXES, *REFERENCE_SUFFIXES)
        if args.out.suffix.lower() not in known:
            shown = args.out.suffix or "(none)"
            raise InputError(args.out, f"unsupported output type '{shown}'; use one of {', '.join(known)}")
        refuse_overwriting_inputs(args.paths, args.out.resolve().__eq__)
    corpus = load_papers(args.paths, threshold=args.threshold)
    print(summarize(corpus.raw, corpus.papers, corpus.duplicates))
    if args.out:
        if args.out.suffix.lower() in REFERENCE_SUFFIXES:
            write_references(corpus.papers, args.out)
        else:
            write_frame(corpus.papers, args.out)
        print(f"wrote {args.out}")
    return 0


def _options(args: argparse.Namespace) -> RunOptions:
    """What the user chose, from the flags this command has (the others keep their defaults)."""
    from analysis.run import RunOptions

    given = vars(args)
    return RunOptions(
        **{field.name: given[field.name] for field in dataclasses.fields(RunOptions) if field.name in given}
    )


def _run_pipeline(args: argparse.Namespace) -> int:
    """``topics``, ``report`` and ``add``: their step with the options, on the cluster the flags ask for (or none)."""
    from analysis.cluster import open_cluster
    from analysis.run import Runtime

    with open_cluster(args.workers, args.scheduler) as cluster:
        args.step(args, _options(args), Runtime(cluster=cluster))
    return 0


def _topics(args: argparse.Namespace, options: RunOptions, runtime: Runtime) -> None:
    from analysis.pipeline import run_topics

    run_topics(args.paths, args.out, options, runtime)


def _report(args: argparse.Namespace, options: RunOptions, runtime: Runtime) -> None:
    from analysis.pipeline import run_report

    run_report(args.paths, args.out, options, runtime)


def _add(args: argparse.Namespace, options: RunOptions, runtime: Runtime) -> None:
    from analysis.pipeline import run_add

    run_add(args.paths, args.to, args.batch, options, runtime)


if __name__ == "__main__":
    sys.exit(main())
