"""The whole pipeline behind ``python -m analysis topics|report``.

files -> papers -> topics and themes -> tables, topic map, figures, report.

Progress goes to stderr, one line per long step; the topic table and the
list of written files go to stdout. Nothing is written until everything has
been computed. A report is replaced as a whole folder (written beside it,
then swapped in, :func:`analysis.output.replace_folder`), the tables of
``topics --out`` file by file: a run that fails or is killed leaves the
previous outputs whole.
"""

from __future__ import annotations

import contextlib
import dataclasses
import shutil
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pandas as pd

from analysis.config import FIGURES_DIR
from analysis.corpus.load import load_papers
from analysis.output import atomic_write, ensure_folder, ensure_replaceable, replace_folder, write_frame, write_text
from analysis.progress import Stages, Step, display_path
from analysis.run import DEFAULT_OPTIONS, DEFAULT_RUNTIME, RunOptions, Runtime
from analysis.text import plural

if TYPE_CHECKING:
    from concurrent.futures import Future

    import plotly.graph_objects as go

    from analysis.figures.session import ChromiumSession
    from analysis.model.incremental import AddSummary
    from analysis.model.themes import ThemeSet
    from analysis.model.topic_result import TopicResult


def fit(papers: pd.DataFrame, options: RunOptions = DEFAULT_OPTIONS, runtime: Runtime = DEFAULT_RUNTIME) -> TopicResult:
    """Fit topics and themes (:class:`~analysis.TopicModel`) with ``options``, with a progress line.

    With ``options.use_cache`` a fit stored in the result cache under the
    same key (:mod:`analysis.model.fit_cache`) is reused and only the themes
    are scored. A corpus of more than ``options.sample_above`` papers is
    fitted on a sample of that many and the other papers are assigned
    through :attr:`Runtime.mapper` (:mod:`analysis.model.sampled`; a
    cluster's map gives the same result as builtin ``map``). With a
    ``runtime.cluster`` the papers the embedding cache lacks are embedded on
    its workers first (:meth:`analysis.cluster.Cluster.embed`); the fit then
    reads them from the cache as always.
    """
    from analysis.model.topics import TopicModel

    if runtime.cluster is not None:
        from analysis.embedding.cache import document_texts

        with Stages(runtime.timer)("embed"):  # the fit's own embed stage then only reads the cache
            runtime.cluster.embed(document_texts(papers), options.embedding, progress=runtime.progress)
    step = Step(runtime.progress, f"embedding {len(papers)} papers ({options.embedding}) and fitting topics and themes")
    model = TopicModel(
        themes=options.themes,
        embedding=options.embedding,
        timer=runtime.timer,
        use_cache=options.use_cache,
        sample_above=options.sample_above,
        mapper=runtime.mapper,
    )
    result = model.fit(papers).result_
    reused = " (topics reused from the result cache, themes scored)" if model.cache_hit_ else ""
    step.done(f"{len(result.topics)} topics{reused}")
    return result


@contextlib.contextmanager
def load_and_fit(
    paths: Iterable[str | Path], options: RunOptions, runtime: Runtime, for_report: bool = False
) -> Iterator[tuple[TopicResult, ChromiumSession | None]]:
    """Read and deduplicate ``paths``, then :func:`fit` the papers: the one path of ``topics`` and ``report``.

    ``for_report`` with ``options.static``: when the papers are to be
    embedded (a long wait) a Chromium starts before the fit, ready for the
    figures, and is closed after the block. A run served from the caches
    would only wait for its start (its figures mostly come from the render
    cache): its Chromium starts with the figures.

    Yields:
        The fitted result, and the started Chromium (None without one).
    """
    papers = load_papers(paths, options.threshold, runtime.progress, runtime.timer).papers
    with _early_chromium(papers, options) if for_report else contextlib.nullcontext() as session:
        yield fit(papers, options, runtime), session


def _early_chromium(papers: pd.DataFrame, options: RunOptions) -> contextlib.AbstractContextManager:
    """A Chromium session started now when the report has static figures and its papers are to be embedded."""
    from analysis.embedding.cache import document_texts, will_embed
    from analysis.figures.session import chromium_session

    return chromium_session(options.static and will_embed(document_texts(papers), options.embedding))


def _themes_read(options: RunOptions) -> RunOptions:
    """``options`` with their themes read (:func:`themes_first`)."""
    return dataclasses.replace(options, themes=themes_first(options.themes))


def themes_first(themes: ThemeSet | str | Path | None) -> ThemeSet:
    """The themes, read before the papers: a mistake in the file stops the run before any long wait."""
    from analysis.model.themes import ThemeSet, load_themes

    return themes if isinstance(themes, ThemeSet) else load_themes(themes)


def documents_table(result: TopicResult) -> pd.DataFrame:
    """``documents.csv``: one row per paper with its topic, theme, map position and sources."""
    return result.documents_with("title", "sources")


def write_tables(result: TopicResult, folder: Path) -> list[Path]:
    """``documents.csv``, ``topics.csv`` and, for a run with finer topics, ``subtopics.csv``, in ``folder``."""
    written = [write_frame(documents_table(result), folder / "documents.csv")]
    written.append(write_frame(result.topics, folder / "topics.csv"))
    return written + ([write_frame(result.subtopics, folder / FINER_TABLE)] if "subtopic" in result.documents else [])


def topic_table(result: TopicResult) -> str:
    """The topic table as printed by ``python -m analysis topics``."""
    table = result.topics[["topic", "size", "theme", "label"]]
    return table.to_string(index=False)


def refuse_overwriting_inputs(paths: list, overwritten: Callable[[Path], bool]) -> None:
    """Stop before a run whose output would replace one of its input files (``corpus a.csv --out a.csv``).

    Raises:
        InputError: An input file is one the run writes (it is named).
    """
    from analysis.corpus.readers import input_files
    from analysis.errors import InputError

    for file in input_files(paths):
        if overwritten(file.resolve()):
            raise InputError(file, "is an input of this run and its output would replace it: write elsewhere")


def _in_report(folder: str | Path) -> Callable[[Path], bool]:
    """Whether a file is one the report in ``folder`` replaces."""
    folder = Path(folder).resolve()
    return lambda file: file.parent == folder and _report_owns(file.name, {})


def run_topics(
    paths: Iterable[str | Path],
    out: str | Path | None = None,
    options: RunOptions = DEFAULT_OPTIONS,
    runtime: Runtime = DEFAULT_RUNTIME,
) -> TopicResult:
    """Load, deduplicate and fit; print the topic table; with ``out``, write ``documents.csv`` and ``topics.csv`` there.

    Without ``out`` nothing is written: the committed report in ``figures/``
    is the job of ``report``, and a quick look at other lists must not
    overwrite half of it. ``options.static`` plays no part.

    Returns:
        The :class:`~analysis.TopicResult`.
    """
    paths, options = list(paths), _themes_read(options)
    if out is not None:
        tables = {(Path(out) / name).resolve() for name in ("documents.csv", "topics.csv")}
        refuse_overwriting_inputs(paths, tables.__contains__)
    out = ensure_folder(out) if out is not None else None
    with load_and_fit(paths, options, runtime) as (result, _):
        print(topic_table(result))
    if out is not None:
        print("wrote " + " and ".join(f"{display_path(path)}" for path in write_tables(result, out)))
    return result


def run_report(
    paths: Iterable[str | Path],
    out: str | Path = FIGURES_DIR,
    options: RunOptions = DEFAULT_OPTIONS,
    runtime: Runtime = DEFAULT_RUNTIME,
) -> list[Path]:
    """The whole pipeline into ``out``: tables, topic map, HTML views, PNG/SVG figures, report.

    Args:
        paths: Files or folders of abstracts.
        out: Output folder (created when missing).
        options: What to fit and write (:class:`RunOptions`).
        runtime: Where progress goes, what times the stages, where to embed (:class:`Runtime`).

    Returns:
        The files written.

    Example:
        >>> run_report(["my_lists/"], "runs/mine", RunOptions(embedding="fast", static=False))
    """
    paths, options = list(paths), _themes_read(options)
    ensure_replaceable(out)
    refuse_overwriting_inputs(paths, _in_report(out))
    with load_and_fit(paths, options, runtime, for_report=True) as (result, session):
        written = write_report(result, out, options.static, runtime, keep_run=True, session=session)
    print(f"wrote {len(written)} files to {display_path(out)}/: {', '.join(p.name for p in written)}")
    return written


# The fitted run a report was made from, kept inside the report's folder for `add`. Its parquet and
# float arrays are not byte-identical across machines, so it is never committed (.gitignore: .run/).
RUN_FOLDER = ".run"


def save_run(result: TopicResult, out: str | Path) -> Path:
    """Save the fitted ``result`` beside its report in ``out`` (``out/.run``), for ``add``."""
    return result.save(Path(out) / RUN_FOLDER)


def load_run(out: str | Path) -> TopicResult:
    """The fitted run whose report is in ``out``.

    Raises:
        InputError: ``out`` holds no saved run (a report written before runs were kept, or by ``write_report``).
    """
    from analysis.errors import InputError
    from analysis.model.topic_result import TopicResult

    folder = Path(out) / RUN_FOLDER
    if not (folder / "format.json").is_file():
        raise InputError(Path(out), "no saved run here: make the report with `python -m analysis report --out` first")
    return TopicResult.load(folder)


def run_add(
    paths: Iterable[str | Path],
    to: str | Path,
    batch: str | None = None,
    options: RunOptions = DEFAULT_OPTIONS,
    runtime: Runtime = DEFAULT_RUNTIME,
) -> tuple[TopicResult, AddSummary]:
    """Add the papers in ``paths`` to the run whose report is in ``to``, rewrite that report, say how they fit.

    Old papers keep topic, label, theme and map place (the rules:
    :mod:`analysis.model.incremental`). Prints the share of new papers placed
    in old topics and in new ones, and advises a full refit when most fit none.
    Of ``options`` only ``threshold`` and ``static`` count: the run keeps its
    own themes and embedding. With a ``runtime.cluster`` the new papers are
    embedded on its workers.

    Returns:
        The new result and its :class:`~analysis.model.incremental.AddSummary`.
    """
    from analysis.errors import InputError
    from analysis.figures.session import chromium_session
    from analysis.model.incremental import add_batch, check_addable

    paths = list(paths)
    result = load_run(to)
    refuse_overwriting_inputs(paths, _in_report(to))
    try:
        check_addable(result)  # before reading and embedding the new papers
    except ValueError as err:
        raise InputError(Path(to), str(err)) from None
    papers = load_papers(paths, options.threshold, runtime.progress, runtime.timer).papers
    # Chromium starts while the new papers are embedded and placed (as in run_report).
    with chromium_session(options.static) as session:
        _embed_new(result, papers, runtime)
        step = Step(
            runtime.progress, f"adding {len(papers)} papers to the {len(result.documents)} of {display_path(to)}"
        )
        before = result.papers["sources"].tolist()
        result, summary = add_batch(result, papers, batch, options.threshold)
        step.done(f"{summary.added} added, {summary.merged} merged into papers already there")
        if summary.added or result.papers["sources"].tolist() != before:  # new papers, or new places of old ones
            write_report(result, to, options.static, runtime, keep_run=True, session=session)
    print(add_message(summary))
    return result, summary


def _embed_new(result: TopicResult, papers: pd.DataFrame, runtime: Runtime) -> None:
    """Embed on the cluster the papers ``result`` does not hold yet (with the run's backend, when it has a name)."""
    from analysis.embedding.cache import document_texts

    name = result.pieces.slots.get("embedding") if result.pieces is not None else None
    if runtime.cluster is not None and isinstance(name, str):  # papers of the run are cached already
        fresh = papers[
            ~papers["doc_id"].isin(result.documents["doc_id"])
        ]  # near-copies of them are embedded needlessly
        runtime.cluster.embed(document_texts(fresh), name, progress=runtime.progress)


def add_message(summary: AddSummary) -> str:
    """What ``add`` prints: papers added and merged, where they went, and whether to refit."""
    old, new, none = summary.shares()
    lines = [
        f"batch {summary.batch}: {summary.read} papers read, {summary.merged} already in the run (merged), "
        f"{summary.added} added",
    ]
    if summary.added:
        formed = f"{new:.0%} formed {plural(len(summary.new_topics), 'new topic')}, " if summary.new_topics else ""
        misfit = f"{none:.0%} fit no topic (joined the nearest, flagged as misfit)"
        lines.append(f"{old:.0%} fit an old topic, {formed}{misfit}")
    if summary.refit_advised():
        lines.append("most new papers do not fit the old topics: consider a full refit (python -m analysis report)")
    return "\n".join(lines)


def write_report(
    result: TopicResult,
    out: str | Path = FIGURES_DIR,
    static: bool = True,
    runtime: Runtime = DEFAULT_RUNTIME,
    *,
    keep_run: bool = False,
    session: ChromiumSession | None = None,
) -> list[Path]:
    """Write every report file for a fitted result into ``out``, replacing the previous report as a whole.

    The report is written into a staging folder beside ``out`` and swapped
    in (:func:`analysis.output.replace_folder`): after a failure, or a kill
    at any moment followed by the next run, ``out`` holds the whole old
    report or the whole new one. Entries of ``out`` that are not report
    files (a notebook's ``notebook/`` folder, notes) are kept; report files
    this run does not write (the PNG/SVG figures of a run without static
    export) are removed with the old report. The PNG/SVG files are drawn
    (by Chromium, in its own processes) while the rest is written.
    ``runtime.timer`` gets the stages ``figures`` and, inside it, ``static``:
    the wait for the PNG/SVG files once the rest is written. With ``keep_run`` the fitted
    run is saved in ``out/.run`` (for ``add``) as part of the same swap, so
    a report and its saved run are never of two different runs. ``session``
    is a Chromium started earlier (:func:`analysis.figures.session.chromium_session`)
    to draw the PNG/SVG files; without one, one is started here.

    Returns:
        The files written, in a fixed order.
    """
    stages = Stages(runtime.timer)
    with stages("figures"):
        return _write_report(result, ensure_replaceable(out), static, runtime, stages, keep_run, session)


def _write_report(
    result: TopicResult,
    out: Path,
    static: bool,
    runtime: Runtime,
    stages: Stages,
    keep_run: bool = False,
    session: ChromiumSession | None = None,
) -> list[Path]:
    from concurrent.futures import ThreadPoolExecutor

    from analysis.figures import report_figures
    from analysis.figures.export import STATIC_FORMATS
    from analysis.report.document import ReportContent, reading_list_bibtex, report_html, report_markdown
    from analysis.report.topic_map import PLOTLY_JS, topic_map_html, view_pages

    figures = report_figures(result)
    pages: dict[str, str] = {}
    with replace_folder(out, keep=lambda name: not _report_owns(name, pages)) as staging:
        # Chromium draws the PNG/SVG files in its own processes while this thread writes the rest;
        # leaving the pool's block waits for it, also after an error: nothing writes into a removed folder.
        with ThreadPoolExecutor(max_workers=1) as pool:
            rendering = pool.submit(_render, figures, staging, session) if static else None
            step = Step(runtime.progress, "writing the topic map, tables and report")
            content = ReportContent.build(result)
            pages |= {"topic_map.html": topic_map_html(result, keys=content.citation_keys), **view_pages(result)}
            written = [
                *write_tables(result, staging),
                atomic_write(staging / "plotly.min.js", lambda tmp_file: shutil.copyfile(PLOTLY_JS, tmp_file)),
            ]
            if keep_run:
                save_run(result, staging)

            def report_pages(names: list[str], skipped: str | None) -> None:
                pages["report.html"] = report_html(result, names, skipped, figures=figures, content=content)
                pages["report.md"] = report_markdown(result, names, skipped, content=content)

            # Written as if every figure renders (the usual case), and again below if they did not.
            names = [f"{stem}.{fmt}" for stem in figures for fmt in STATIC_FORMATS] if static else []
            report_pages(names, None if static else STATIC_OFF)
            pages["reading_list.bib"] = reading_list_bibtex(content)  # the guide's papers, for a reference manager
            step.done(f"{len(figures)} figures, {len(pages)} pages")
            rendered, skipped = _rendered(rendering, len(figures), runtime, stages)
        if static and [p.name for p in rendered] != names:
            report_pages([p.name for p in rendered], skipped)
        written += [write_text(staging / name, text) for name, text in pages.items()]
        written += rendered
    return [out / path.name for path in written]


def _report_owns(name: str, pages: dict) -> bool:
    """Whether ``name`` in a report folder is a report file (or a leftover of a killed run), not the user's.

    Every registered figure's files count, also those of a figure this
    result has no data for: the list comparison of an earlier report on two
    lists goes with that report.
    """
    from analysis.figures.export import STATIC_FORMATS
    from analysis.figures.registry import REGISTRY

    tables = {"documents.csv", "topics.csv", FINER_TABLE, "plotly.min.js", "report.html", "report.md", "topic_map.html"}
    tables.add("reading_list.bib")
    static = {f"{figure.name}.{fmt}" for figure in REGISTRY for fmt in STATIC_FORMATS}
    views = {figure.view.file for figure in REGISTRY if figure.view is not None}
    # Earlier versions staged inside the folder: ".report-*" folders and ".NAME.*.tmp" files.
    leftover = name.startswith((".report-", ".static-")) or (name.startswith(".") and name.endswith(".tmp"))
    return name in pages or name in tables or name in static or name in views or name == RUN_FOLDER or leftover


FINER_TABLE = "subtopics.csv"  # the finer topics' table, beside documents.csv and topics.csv from 5,000 papers on
# Why a report without static export has no PNG/SVG files (said in the report).
STATIC_OFF = "static export was turned off for this run"


def _render(
    figures: dict[str, go.Figure], folder: Path, session: ChromiumSession | None
) -> tuple[list[Path], str | None, int]:
    """Static figures into ``folder``: the files (none on failure), the reason of a failure, render-cache hits."""
    from analysis.config import render_cache_dir
    from analysis.figures import StaticExportError, render_static
    from analysis.figures.render_cache import RenderCache

    try:
        cache = RenderCache(render_cache_dir())
        return render_static(figures, folder, cache=cache, session=session), None, cache.hits
    except StaticExportError as err:
        return [], str(err), 0


def _rendered(
    rendering: Future[tuple[list[Path], str | None, int]] | None, count: int, runtime: Runtime, stages: Stages
) -> tuple[list[Path], str | None]:
    """The static figures once drawn, and why there are none; timed as ``static``: the wait they add to the run."""
    if rendering is None:
        return [], STATIC_OFF
    step = Step(runtime.progress, f"rendering {count} figures to PNG and SVG (kaleido + Chromium)")
    with stages("static"):
        rendered, skipped, hits = rendering.result()
    if skipped is not None:
        runtime.say(f"skipped PNG/SVG figures: {skipped}")
        return [], skipped
    reused = f", {hits} of them unchanged and copied from the render cache" if hits else ""
    step.done(f"{len(rendered)} PNG/SVG files{reused}")
    return rendered, None
