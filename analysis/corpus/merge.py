"""One row per paper from a group of copies: which copy is kept, what the others add, and the provenance."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable

import numpy as np
import pandas as pd

from analysis.text import normalize

PAPER_COLUMNS = ["doc_id", "name", "title", "text", "sources", "n_copies", "source", "entry", "line"]
_WORD = re.compile(r"\w+")
# A paper's reference: taken from one copy, never stitched from several (see reference_of).
BIBLIOGRAPHIC = ("title", "authors", "year", "venue", "doi", "url", "key", "id")
DUPLICATE_COLUMNS = ["source", "entry", "line", "name", "doc_id", "similarity", "kind"]


def build_frames(
    raw: pd.DataFrame, normalized: list[str], groups: np.ndarray, similarity: Callable[[int, int], float]
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """``(papers, duplicates)`` frames for the entries of ``raw`` grouped by ``groups`` (see ``deduplicate``)."""
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
    """One paper from its copies: the longest text, the reference of one record (see :func:`reference_of`)."""
    first, kept = records[members[0]], records[keep]
    row = dict(kept)
    if len(members) > 1:
        for column, value in kept.items():
            if column not in PAPER_COLUMNS and column not in BIBLIOGRAPHIC and _blank(value):
                row[column] = next((records[i][column] for i in members if not _blank(records[i][column])), value)
        row.update(reference_of([records[i] for i in members]))
    row.update(
        doc_id=doc_id(normalized[keep]),
        title=row.get("title") if not _blank(row.get("title")) else "",
        sources="; ".join(f"{records[i]['source']}:{records[i]['entry']}" for i in members),
        n_copies=len(members),
        source=first["source"],
        entry=first["entry"],
        line=first["line"],
    )
    return row


def reference_of(copies: list[dict]) -> dict:
    """The bibliographic fields of a paper read more than once, taken whole from one copy.

    The copy is the most complete (most of :data:`BIBLIOGRAPHIC` filled; the first of equals). Another copy
    fills a field it leaves blank only when the two are the same reference: the same DOI, or the same
    normalised title. Filling field by field from any copy made rows with one entry's title and another's
    DOI, key and year.
    """
    ranked = sorted(range(len(copies)), key=lambda i: (-_filled(copies[i]), i))
    chosen = copies[ranked[0]]
    reference = {column: chosen.get(column) for column in BIBLIOGRAPHIC if column in chosen}
    for i in ranked[1:]:
        if _same_reference(chosen, copies[i]):
            for column in BIBLIOGRAPHIC:
                if _blank(reference.get(column)) and not _blank(copies[i].get(column)):
                    reference[column] = copies[i][column]
    return reference


def _filled(record: dict) -> int:
    return sum(not _blank(record.get(column)) for column in BIBLIOGRAPHIC)


def _same_reference(a: dict, b: dict) -> bool:
    doi_a, doi_b = (str(r.get("doi")).strip().lower() if not _blank(r.get("doi")) else "" for r in (a, b))
    title_a, title_b = (_title_words(r.get("title")) for r in (a, b))
    return bool(doi_a and doi_a == doi_b) or bool(title_a and title_a == title_b)


def _title_words(title: object) -> str:
    """A title normalised (case, accents, markup, spacing) down to its words: "Sets of  sets." is "sets of sets"."""
    return "" if _blank(title) else " ".join(_WORD.findall(normalize(str(title))))


def _blank(value: object) -> bool:
    return value is None or value is pd.NA or (isinstance(value, float) and np.isnan(value)) or value == ""


def _duplicate_row(entry: dict, merged_into: str, similarity: float, exact: bool) -> dict:
    row = {c: entry[c] for c in ("source", "entry", "line", "name")}
    row.update(doc_id=merged_into, similarity=similarity, kind="exact" if exact else "near")
    return row
