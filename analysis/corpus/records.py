"""JSON records of known shapes: CSL-JSON, OpenReview notes (API v1 and v2), OpenAlex works, Semantic Scholar papers.

:func:`shape_of` tells a record's shape from its keys; :func:`shape_row`
turns it into a row (see :func:`analysis.corpus.entries.entry_row`), or
None when it has no abstract (the caller skips it with a warning). Records
of no known shape are read by the plain reader (an ``abstract`` field).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from analysis.corpus.entries import entry_row, no_abstracts, year_of
from analysis.errors import InputError

KNOWN_SHAPES = (
    "objects with an 'abstract' field",
    "CSL-JSON (Zotero, Better BibTeX)",
    "OpenReview notes (API v1 or v2, a list or under 'notes')",
    "OpenAlex works",
    "Semantic Scholar papers",
)
# How an error names the records of each shape.
SHAPE_NAMES = {
    "openreview": "OpenReview notes",
    "openalex": "OpenAlex works",
    "semanticscholar": "Semantic Scholar papers",
    "csl": "CSL-JSON items",
}
_OPENREVIEW_KEYS = ("forum", "invitation", "invitations", "signatures", "replyto", "cdate", "tcdate")
_KEY_LIKE = re.compile(r"^[^\s,{}()\"#%'=\\]+$")


def shape_of(record: dict) -> str | None:
    """``openreview``, ``openalex``, ``semanticscholar`` or ``csl`` for a record of that shape; else None."""
    if isinstance(record.get("content"), dict) and any(k in record for k in _OPENREVIEW_KEYS):
        return "openreview"
    if "abstract_inverted_index" in record or str(record.get("id", "")).startswith("https://openalex.org/"):
        return "openalex"
    if "paperId" in record or "corpusId" in record:
        return "semanticscholar"
    authors = record.get("author")
    csl_authors = isinstance(authors, list) and any(isinstance(a, dict) for a in authors)
    if "type" in record and ("issued" in record or "container-title" in record or csl_authors):
        return "csl"
    return None


def raise_closest_shape(records: list, path: Path) -> None:
    """When no record gave an abstract: raise naming the shape they came closest to, if they have one.

    Records of a known shape without abstracts name the shape and the usual cure; a list holding no
    object at all (``[null, null]``) says so. Plain objects fall through to the caller's own error.
    """
    shapes = [shape_of(r) for r in records if isinstance(r, dict)]
    known = [s for s in shapes if s is not None]
    if known:
        shape = max(set(known), key=known.count)
        raise no_abstracts(path, SHAPE_NAMES[shape], known.count(shape))
    if records and not shapes:
        found = sorted({"null" if r is None else type(r).__name__ for r in records})
        raise InputError(path, f"expected JSON objects (records), found only {', '.join(found)}")


def record_key(record: dict, shape: str) -> str:
    """The record's key or id, to name it in a warning."""
    if shape == "semanticscholar":
        return str(record.get("paperId") or record.get("corpusId") or "")
    return str(record.get("citation-key") or record.get("id") or "")


def shape_row(record: dict, shape: str, line: int | None) -> dict | None:
    """The row for a record of a known shape; None when it has no abstract."""
    row = {"openreview": _openreview, "openalex": _openalex, "semanticscholar": _semantic_scholar, "csl": _csl}[shape](
        record, line
    )
    return row if row["text"] else None


def _value(content: dict, key: str) -> Any:
    """A field of an OpenReview note's content: v2 wraps each one as ``{"value": ...}``, v1 does not."""
    value = content.get(key)
    return value.get("value") if isinstance(value, dict) else value


def _openreview(note: dict, line: int | None) -> dict:
    content = note["content"]
    venue = _value(content, "venue") or _value(content, "venueid") or ""
    stamp = note.get("pdate") or note.get("cdate") or note.get("tcdate")
    year = year_of(venue)
    if not year and isinstance(stamp, int | float):
        year = str(datetime.fromtimestamp(stamp / 1000, tz=UTC).year)
    forum = note.get("forum") or note.get("id")
    return entry_row(
        line,
        _value(content, "title"),
        _value(content, "abstract"),
        authors=_list(_value(content, "authors")),
        year=year,
        venue=venue,
        url=f"https://openreview.net/forum?id={forum}" if forum else "",
        keywords=_list(_value(content, "keywords")),
        id=note.get("id"),
    )


def _list(value: object) -> list[str]:
    if value is None:
        return []
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def inverted_abstract(index: dict | None) -> str:
    """The abstract an OpenAlex ``abstract_inverted_index`` (word -> positions) stands for.

    Words that share a position are all kept, in the order the index lists them.
    """
    if not isinstance(index, dict):
        return ""
    at: dict[int, list[str]] = {}
    for word, positions in index.items():
        for position in positions if isinstance(positions, list) else []:
            if isinstance(position, int):
                at.setdefault(position, []).append(str(word))
    return " ".join(word for position in sorted(at) for word in at[position])


def _openalex(work: dict, line: int | None) -> dict:
    location = work.get("primary_location") or {}
    source = location.get("source") or work.get("host_venue") or {}
    authors = [(a.get("author") or {}).get("display_name") for a in work.get("authorships") or []]
    keywords = [k.get("display_name") if isinstance(k, dict) else k for k in work.get("keywords") or []]
    return entry_row(
        line,
        work.get("title") or work.get("display_name"),
        inverted_abstract(work.get("abstract_inverted_index")),
        authors=authors,
        year=year_of(work.get("publication_year") or work.get("publication_date")),
        venue=source.get("display_name") if isinstance(source, dict) else "",
        doi=work.get("doi"),
        url=location.get("landing_page_url") or work.get("doi") or work.get("id"),
        keywords=keywords,
        id=work.get("id"),
    )


def _semantic_scholar(paper: dict, line: int | None) -> dict:
    external = paper.get("externalIds") or {}
    journal = paper.get("journal") or {}
    venue = paper.get("venue") or (journal.get("name") if isinstance(journal, dict) else "")
    return entry_row(
        line,
        paper.get("title"),
        paper.get("abstract"),
        authors=[a.get("name") for a in paper.get("authors") or [] if isinstance(a, dict)],
        year=year_of(paper.get("year") or paper.get("publicationDate")),
        venue=venue,
        doi=external.get("DOI") if isinstance(external, dict) else "",
        url=paper.get("url"),
        keywords=_list(paper.get("fieldsOfStudy")),
        id=paper.get("paperId") or paper.get("corpusId"),
    )


def _csl(item: dict, line: int | None) -> dict:
    ident = str(item.get("citation-key") or item.get("id") or "")
    is_key = bool(_KEY_LIKE.match(ident)) and "://" not in ident
    keywords = re.split(r"\s*[,;]\s*", str(item.get("keyword") or ""))
    return entry_row(
        line,
        item.get("title"),
        item.get("abstract"),
        authors=[_csl_name(a) for a in item.get("author") or []],
        year=_csl_year(item.get("issued")),
        venue=item.get("container-title") or item.get("event-title") or item.get("event") or "",
        doi=item.get("DOI"),
        url=item.get("URL"),
        keywords=keywords,
        key=ident if is_key else "",
        id="" if is_key else ident,
    )


def _csl_name(name: object) -> str:
    if not isinstance(name, dict):
        return str(name)
    if name.get("literal"):
        return str(name["literal"])
    family = " ".join(str(name.get(k)) for k in ("non-dropping-particle", "family") if name.get(k))
    return ", ".join(p for p in (family, str(name.get("given") or "")) if p)


def _csl_year(issued: object) -> str:
    if isinstance(issued, dict):
        parts = issued.get("date-parts")
        if isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]:
            return year_of(parts[0][0])
        return year_of(issued.get("raw") or issued.get("literal"))
    return year_of(issued)
