"""RIS in and out (rispy): the format of EndNote, Mendeley, Zotero and most publishers' "export citation".

Records run from ``TY  -`` to ``ER  -``. The file is cut into records here
only to know each record's line; every record is parsed by rispy. A record
that never ends (no ``ER`` before the next ``TY`` or the end of the file)
is skipped with its line, and the rest are read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import rispy
from rispy.writer import RisWriter

from analysis.corpus.entries import cell, entry_row, http_url, no_abstracts, reference_kind, skip, split, year_of
from analysis.errors import InputError

_TAG = re.compile(r"^([A-Z][A-Z0-9])  -(?: |$)")
# JO/JF/T2, then where Zotero (C3: a proceedings' name) and other tools (T3, BT) put the venue.
_VENUE_KEYS = (
    "journal_name",
    "secondary_title",
    "alternate_title3",
    "alternate_title1",
    "alternate_title2",
    "custom3",
    "tertiary_title",
)


def read_ris(text: str, path: Path) -> list[dict]:
    """Rows (see :func:`analysis.corpus.entries.entry_row`) for every RIS record with an abstract.

    Raises:
        InputError: The file holds no RIS record (``TY  -`` ... ``ER  -``).
    """
    records = list(_records(text, path))
    if not records:
        raise InputError(path, "no RIS records found (expected lines such as 'TY  - JOUR' ... 'ER  - ')")
    rows = []
    for line, lines in records:
        parsed = rispy.loads("\n".join(lines))
        if not parsed:
            skip(path, line, "malformed RIS: no record between TY and ER")
            continue
        row = _record(parsed[0], line)
        if row["text"]:
            rows.append(row)
        else:
            skip(path, line, "no abstract", row.get("key", ""))
    if not rows:
        raise no_abstracts(path, "RIS records", len(records))
    return rows


def _records(text: str, path: Path) -> Iterator[tuple[int, list[str]]]:
    """(first line, lines) of each record that ends with ``ER``; one that does not is skipped."""
    start, lines = None, []
    for number, line in enumerate(text.split("\n"), start=1):
        tag = _TAG.match(line)
        if tag and tag.group(1) == "TY":
            if start is not None:
                skip(path, start, "malformed RIS: record has no 'ER  -' line before the next 'TY  -'", _id(lines))
            start, lines = number, [line]
        elif start is not None:
            lines.append(line)
            if tag and tag.group(1) == "ER":
                yield start, lines
                start, lines = None, []
    if start is not None:
        skip(path, start, "malformed RIS: the file ends inside this record (no 'ER  -' line)", _id(lines))


def _id(lines: list[str]) -> str:
    return next((line[6:].strip() for line in lines if line.startswith("ID  -")), "")


def _record(record: dict, line: int) -> dict:
    abstract = record.get("abstract") or record.get("notes_abstract")
    urls = record.get("urls") or []
    return entry_row(
        line,
        record.get("title") or record.get("primary_title") or record.get("translated_title"),
        abstract,
        authors=list(record.get("authors") or record.get("first_authors") or []),
        year=year_of(record.get("year") or record.get("publication_year") or record.get("date")),
        venue=_venue(record),
        doi=record.get("doi"),
        url=urls[0] if urls else "",
        keywords=list(record.get("keywords") or []),
        key=record.get("id"),
        id=record.get("accession_number"),
    )


def _venue(record: dict) -> str:
    """The first venue tag the record has; ``BT`` (a book's title) is not in rispy's map, so it is an unknown tag."""
    found = next((record[k] for k in _VENUE_KEYS if record.get(k)), "")
    if not found:
        found = next(iter((record.get("unknown_tag") or {}).get("BT") or []), "")
    return str(found)


def ris_record(key: str, paper: dict) -> dict:
    """A paper row as the record rispy writes (``JOUR``, ``CONF`` or ``GEN``)."""
    venue = cell(paper.get("venue"))
    kind = {"misc": "GEN", "article": "JOUR", "inproceedings": "CONF"}[reference_kind(venue)]
    record = {
        "type_of_reference": kind,
        "id": key,
        "title": cell(paper.get("title")),
        "authors": split(paper.get("authors")),
        "year": cell(paper.get("year")),
        "secondary_title": venue,
        "doi": cell(paper.get("doi")),
        "urls": [http_url(paper)] if http_url(paper) else [],
        "keywords": split(paper.get("keywords")),
        # AN, the accession number: the record's id in its database (arXiv, OpenReview, OpenAlex, PubMed).
        "accession_number": cell(paper.get("id")),
        "abstract": cell(paper.get("text")),
    }
    return {k: v for k, v in record.items() if v}


class _Writer(RisWriter):
    """Rispy's writer without the "1." line it puts before each record (not RIS; some importers stumble)."""

    def set_header(self, count: int) -> str:
        return ""


def ris_text(records: list[dict]) -> str:
    """RIS text for records from :func:`ris_record`."""
    return rispy.dumps(records, implementation=_Writer)
