"""Merge exact and near-duplicate entries into one row per paper, with provenance.

Exact duplicates share a normalised text. Near-duplicates (a typo fixed, a
sentence added or cut, other markup, reflowed lines) are found with MinHash
locality-sensitive hashing over word 3-shingles, then confirmed with the
exact Jaccard similarity of the two shingle sets, so the cost grows with the
number of entries, never with the number of pairs.
"""

from __future__ import annotations

import hashlib
import re
import zlib
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pandas as pd

from analysis.config import DEDUP_THRESHOLD
from analysis.corpus.entries import skipped_summary
from analysis.corpus.readers import flat_paths, read_abstracts
from analysis.progress import Progress, Stages, Step, Timer, display_path
from analysis.text import normalize, plural

_WORD = re.compile(r"\w+")
_SHINGLE = 3
# 20 bands of 3 rows: a pair at Jaccard 0.6 becomes a candidate with
# probability 1-(1-0.6**3)**20 = 0.992, at 0.7 with 0.99998, while unrelated
# abstracts (Jaccard ~0.01) share a band with probability 2e-5.
_BANDS, _ROWS = 20, 3
_MASK = np.uint64(0xFFFFFFFF)

PAPER_COLUMNS = ["doc_id", "name", "title", "text", "sources", "n_copies", "source", "entry", "line"]
DUPLICATE_COLUMNS = ["source", "entry", "line", "name", "doc_id", "similarity", "kind"]


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
    if raw.attrs.get("skipped"):
        papers.attrs["skipped"] = raw.attrs["skipped"]
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
        ``sources`` (``file:entry; file:entry``) and ``n_copies``; other
        columns come from the entry whose text is kept, a blank one filled
        from the first copy that has it (a ``.txt`` copy gains the
        authors, year and key of its ``.bib`` copy);
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
    groups, similarity = _group(normalized, threshold)
    return _build_frames(raw, normalized, groups, similarity)


def match_existing(known: list[str], texts: list[str], threshold: float = DEDUP_THRESHOLD) -> list[int | None]:
    """For each of ``texts``, the first of ``known`` it is an exact or near copy of (None: a new paper).

    The same test as :func:`deduplicate` (normalised text, then Jaccard of
    word 3-shingles at ``threshold``), run over both lists at once: adding
    papers to a fitted run merges a copy into the paper it copies.
    """
    normalized = [normalize(t) for t in [*known, *texts]]
    if not texts:
        return []
    groups, _ = _group(normalized, threshold)
    first_known: dict[int, int] = {}
    for i, root in enumerate(groups[: len(known)].tolist()):
        first_known.setdefault(root, i)
    return [first_known.get(root) for root in groups[len(known) :].tolist()]


def _group(normalized: list[str], threshold: float):
    """Group label (index of the group's first entry) for every entry.

    Also returns ``similarity(i, j)``: the Jaccard similarity of entries i
    and j, reusing the shingles already computed.
    """
    parent = np.arange(len(normalized))
    exact_first: dict[str, int] = {}
    for i, text in enumerate(normalized):
        parent[i] = exact_first.setdefault(text, i)
    exact_of = parent.copy()
    unique = np.unique(parent)
    shingles = Shingles([normalized[i] for i in unique])
    for a, b in _candidate_pairs(shingles):
        if jaccard(shingles.set(a), shingles.set(b)) >= threshold:
            # Union-find makes merging transitive: A~B and B~C join A and C
            # even below the threshold, which is what chains of edited
            # copies of one abstract need.
            _union(parent, int(unique[a]), int(unique[b]))
    position = {int(u): k for k, u in enumerate(unique)}

    def similarity(i: int, j: int) -> float:
        a, b = position[int(exact_of[i])], position[int(exact_of[j])]
        return 1.0 if a == b else jaccard(shingles.set(a), shingles.set(b))

    return np.array([_find(parent, i) for i in range(len(parent))]), similarity


def _find(parent: np.ndarray, i: int) -> int:
    while parent[i] != i:
        parent[i] = parent[parent[i]]
        i = parent[i]
    return int(i)


def _union(parent: np.ndarray, a: int, b: int) -> None:
    ra, rb = _find(parent, a), _find(parent, b)
    # The earlier entry stays the root so groups are labelled by first appearance.
    parent[max(ra, rb)] = min(ra, rb)


class _WordHashes(dict):
    """crc32 of each word, computed once per distinct word.

    crc32 is stable across processes (Python's hash() is salted); the cache
    keeps it cheap, since a corpus repeats a small vocabulary many times.
    """

    def __missing__(self, word: str) -> int:
        value = self[word] = zlib.crc32(word.encode("utf-8"))
        return value


_WORD_HASHES = _WordHashes()


class Shingles:
    """32-bit hashes of the word 3-shingles of many texts, in one flat array.

    One array for the whole corpus lets MinHash run as a few vectorised
    passes instead of a Python loop per document.
    """

    def __init__(self, texts: list[str]):
        ids: list[int] = []
        starts = [0]
        for text in texts:
            words = _WORD.findall(text) or [""]
            ids.extend(map(_WORD_HASHES.__getitem__, words))
            starts.append(len(ids))
        word_ids = np.array(ids, dtype=np.uint64)
        self.starts = np.array(starts[:-1], dtype=np.int64)
        self.ends = np.array(starts[1:], dtype=np.int64)
        # Shingle k covers words k..k+2; texts shorter than three words keep
        # a shingle per word so that they still have one.
        pad = np.zeros(2, dtype=np.uint64)
        nxt1 = np.concatenate([word_ids[1:], pad[:1]])
        nxt2 = np.concatenate([word_ids[2:], pad])
        combined = word_ids * np.uint64(0x9E3779B1) + nxt1 * np.uint64(0x85EBCA77) + nxt2
        self.flat = combined & _MASK
        self.ends = np.maximum(self.ends - (_SHINGLE - 1), self.starts + 1)
        self._sets: dict[int, np.ndarray] = {}

    def __len__(self) -> int:
        return len(self.starts)

    def set(self, i: int) -> np.ndarray:
        """Sorted unique shingle hashes of text ``i``."""
        if i not in self._sets:
            self._sets[i] = np.unique(self.flat[self.starts[i] : self.ends[i]])
        return self._sets[i]


def jaccard(a: np.ndarray, b: np.ndarray) -> float:
    """Jaccard similarity of two sorted unique hash arrays."""
    inter = len(np.intersect1d(a, b, assume_unique=True))
    union = len(a) + len(b) - inter
    return inter / union if union else 1.0


def _candidate_pairs(shingles: Shingles) -> set[tuple[int, int]]:
    """Pairs that share at least one LSH band of their MinHash signatures."""
    if len(shingles) < 2:
        return set()
    signatures = minhash(shingles)
    pairs: set[tuple[int, int]] = set()
    mixers = np.array([1, 0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9], dtype=np.uint64)
    for band in range(_BANDS):
        # One 64-bit key per band; a rare key collision only adds a candidate
        # that the exact Jaccard check then rejects.
        keys = (signatures[:, band * _ROWS : (band + 1) * _ROWS] * mixers[:_ROWS]).sum(axis=1)
        order = np.argsort(keys, kind="stable")
        same = np.flatnonzero(keys[order][1:] == keys[order][:-1])
        pairs.update(
            zip(
                np.minimum(order[same], order[same + 1]).tolist(),
                np.maximum(order[same], order[same + 1]).tolist(),
                strict=True,
            )
        )
    return pairs


def minhash(shingles: Shingles, num_perm: int = _BANDS * _ROWS, seed: int = 1) -> np.ndarray:
    """MinHash signatures (one row per text) with multiply-add hashing mod 2**32."""
    rng = np.random.default_rng(seed)
    a = rng.integers(1, 2**32, size=num_perm, dtype=np.uint64) | np.uint64(1)
    b = rng.integers(0, 2**32, size=num_perm, dtype=np.uint64)
    # Shingles that run past the end of their text belong to no text.
    coverage = np.zeros(len(shingles.flat) + 1, dtype=np.int64)
    np.add.at(coverage, shingles.starts, 1)
    np.add.at(coverage, shingles.ends, -1)
    keep = np.cumsum(coverage[:-1]) > 0
    flat = shingles.flat[keep]
    lengths = shingles.ends - shingles.starts
    starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    signatures = np.empty((len(shingles), num_perm), dtype=np.uint64)
    for k in range(num_perm):
        hashed = (flat * a[k] + b[k]) & _MASK
        signatures[:, k] = np.minimum.reduceat(hashed, starts)
    return signatures


def _build_frames(raw: pd.DataFrame, normalized: list[str], groups: np.ndarray, similarity):
    members_of: dict[int, list[int]] = {}
    for i, root in enumerate(groups.tolist()):
        members_of.setdefault(root, []).append(i)
    records = raw.to_dict("records")
    papers, duplicates = [], []
    for members in members_of.values():
        keep = max(members, key=lambda i: (len(normalized[i]), -i))
        papers.append(_paper_row(records, normalized, members, keep))
        for i in members:
            if i != keep:
                exact = normalized[i] == normalized[keep]
                duplicates.append(
                    _duplicate_row(records[i], papers[-1]["doc_id"], round(similarity(i, keep), 4), exact)
                )
    extra = [c for c in raw.columns if c not in PAPER_COLUMNS]
    paper_frame = pd.DataFrame(papers, columns=PAPER_COLUMNS + extra)
    paper_frame["line"] = paper_frame["line"].astype("Int64")
    dup_frame = pd.DataFrame(duplicates, columns=DUPLICATE_COLUMNS)
    dup_frame["line"] = dup_frame["line"].astype("Int64")
    return paper_frame, dup_frame


def doc_id(normalized_text: str) -> str:
    """Stable id of a paper: the first 16 hex digits of sha256 of its normalised text."""
    return hashlib.sha256(normalized_text.encode("utf-8")).hexdigest()[:16]


def _paper_row(records: list[dict], normalized: list[str], members: list[int], keep: int) -> dict:
    first, kept = records[members[0]], records[keep]
    titles = [records[i]["title"] for i in members if records[i]["title"]]
    row = dict(kept)
    if len(members) > 1:
        for column, value in kept.items():
            if column not in PAPER_COLUMNS and _blank(value):
                row[column] = next((records[i][column] for i in members if not _blank(records[i][column])), value)
    row.update(
        doc_id=doc_id(normalized[keep]),
        title=max(titles, key=len) if titles else "",
        sources="; ".join(f"{records[i]['source']}:{records[i]['entry']}" for i in members),
        n_copies=len(members),
        source=first["source"],
        entry=first["entry"],
        line=first["line"],
    )
    return row


def _blank(value) -> bool:
    return value is None or value is pd.NA or (isinstance(value, float) and np.isnan(value)) or value == ""


def _duplicate_row(entry: dict, merged_into: str, similarity: float, exact: bool) -> dict:
    row = {c: entry[c] for c in ("source", "entry", "line", "name")}
    row.update(doc_id=merged_into, similarity=similarity, kind="exact" if exact else "near")
    return row


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
    return "\n".join(lines)
