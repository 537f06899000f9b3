"""The corpus entry points: read files or folders, then merge duplicates into one row per paper.

:func:`load_papers` is the one way in for the API, the CLI and the
benchmarks; :func:`deduplicate` merges the entries of a raw frame (the
near-duplicate search is :mod:`analysis.corpus.minhash`, the row each paper
gets :mod:`analysis.corpus.merge`).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

import pandas as pd

from analysis.config import DEDUP_THRESHOLD
from analysis.corpus.entries import skipped_summary
from analysis.corpus.markup import undecoded_summary
from analysis.corpus.merge import DUPLICATE_COLUMNS, PAPER_COLUMNS, build_frames
from analysis.corpus.minhash import group
from analysis.corpus.readers import flat_paths, read_abstracts
from analysis.progress import Progress, Stages, Step, Timer, display_path
from analysis.text import normalize, plural


def load_corpus(*paths: str | Path, threshold: float = DEDUP_THRESHOLD) -> pd.DataFrame:
    """Read files or folders of abstracts and return one row per unique paper.

    Example:
        >>> papers = load_corpus("seeds/")
        >>> len(papers)
        26
    """
    return load_papers(paths, threshold=threshold).papers


class Corpus(NamedTuple):
    """The entries read, one row per paper, and the entries merged into another (see :func:`deduplicate`)."""

    raw: pd.DataFrame
    papers: pd.DataFrame
    duplicates: pd.DataFrame


def load_papers(
    paths: Iterable[str | Path],
    threshold: float = DEDUP_THRESHOLD,
    progress: Progress | None = None,
    timer: Timer | None = None,
) -> Corpus:
    """Read files or folders of abstracts, then merge duplicates: the one way in for the API, CLI and benchmarks.

    Args:
        paths: Files or folders (a folder gives every supported file in it).
        threshold: Near-duplicate threshold (see :func:`deduplicate`).
        progress: Where to announce the step and its outcome; None says nothing.
        timer: Gets the seconds of the stages ``load`` and ``dedup`` (see
            :mod:`analysis.progress`); None times nothing.
    """
    paths, stages = flat_paths(paths), Stages(timer)
    step = Step(progress, f"reading abstracts from {', '.join(display_path(p) for p in paths)}")
    with stages("load"):
        raw = read_abstracts(*paths)
    with stages("dedup"):
        papers, duplicates = deduplicate(raw, threshold=threshold)
    for kept in ("skipped", "undecoded"):
        if raw.attrs.get(kept):
            papers.attrs[kept] = raw.attrs[kept]
    step.done(f"{len(papers)} papers ({len(raw)} entries, {len(duplicates)} duplicates merged)")
    return Corpus(raw, papers, duplicates)


def deduplicate(raw: pd.DataFrame, threshold: float = DEDUP_THRESHOLD) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Merge duplicate entries of a raw frame (from :func:`read_abstracts`).

    Args:
        raw: One row per entry, with ``source``, ``entry``, ``line``,
            ``title``, ``text`` and ``name``.
        threshold: Jaccard similarity of word 3-shingles (after
            normalisation) at or above which two entries are one paper.

    Returns:
        ``(papers, duplicates)``: ``papers`` has one row per paper, in order
        of first appearance, with a stable ``doc_id`` (hash of the normalised
        text kept), the most complete ``text``, every place it appeared in
        ``sources`` (``file:entry; file:entry``) and ``n_copies``; the
        bibliographic columns (title, authors, year, venue, DOI, URL, key,
        id) come whole from the most complete copy, a blank one filled only
        from a copy with the same DOI or normalised title (see
        :func:`analysis.corpus.merge.reference_of`; a ``.txt`` copy gains
        the reference of its ``.bib`` copy); other columns come from the
        entry whose text is kept, a blank one filled from the first copy
        that has it;
        ``duplicates`` has one row per dropped entry with the ``doc_id`` it
        merged into, its ``similarity`` to the kept text and its ``kind``
        (``exact`` or ``near``).
    """
    if not 0.0 < threshold <= 1.0:
        raise ValueError(f"threshold must be in (0, 1], got {threshold}")
    raw = raw.reset_index(drop=True)
    if raw.empty:
        return pd.DataFrame(columns=PAPER_COLUMNS), pd.DataFrame(columns=DUPLICATE_COLUMNS)
    normalized = [normalize(t) for t in raw["text"]]
    groups, similarity = group(normalized, threshold)
    return build_frames(raw, normalized, groups, similarity)


def match_existing(known: list[str], texts: list[str], threshold: float = DEDUP_THRESHOLD) -> list[int | None]:
    """For each of ``texts``, the first of ``known`` it is an exact or near copy of (None: a new paper).

    The same test as :func:`deduplicate` (normalised text, then Jaccard of
    word 3-shingles at ``threshold``), run over both lists at once: adding
    papers to a fitted run merges a copy into the paper it copies.
    """
    normalized = [normalize(t) for t in [*known, *texts]]
    if not texts:
        return []
    groups, _ = group(normalized, threshold)
    first_known: dict[int, int] = {}
    for i, root in enumerate(groups[: len(known)].tolist()):
        first_known.setdefault(root, i)
    return [first_known.get(root) for root in groups[len(known) :].tolist()]


def summarize(raw: pd.DataFrame, papers: pd.DataFrame, duplicates: pd.DataFrame) -> str:
    """Plain-text summary: entries per file, papers, and duplicates per pair of files."""
    read, merged = plural(len(raw), "entry", "entries"), plural(len(duplicates), "duplicate")
    lines = [f"{read} read, {plural(len(papers), 'paper')}, {merged} merged"]
    for source, count in raw.groupby("source", sort=True).size().items():
        lines.append(f"  {source}: {plural(count, 'entry', 'entries')}")
    if len(duplicates):
        kept_source = papers.set_index("doc_id")["source"]
        pairs = pd.DataFrame({"kept": duplicates["doc_id"].map(kept_source), "dropped": duplicates["source"]})
        lines.append("duplicates by source pair (kept <- dropped):")
        for (kept, dropped), count in pairs.groupby(["kept", "dropped"], sort=True).size().items():
            lines.append(f"  {kept} <- {dropped}: {count}")
    lines.extend(skipped_summary(raw.attrs.get("skipped", [])))
    lines.extend(undecoded_summary(raw.attrs.get("undecoded", {})))
    return "\n".join(lines)
