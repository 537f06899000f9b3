"""Tagged-line exports of the databases outside computer science: Web of Science and PubMed MEDLINE (``.nbib``).

Both write one field a line, a tag at the start and continuation lines
indented: Web of Science ``TI Title`` (two letters, a space; records end
with ``ER``), MEDLINE ``TI  - Title`` (a tag padded to four, a dash;
records start with ``PMID-`` and are separated by blank lines).
:func:`sniff` tells them from a plain ``.txt`` list by their first line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from analysis.corpus.entries import entry_row, no_abstracts, skip, year_of

WOS_TAG = re.compile(r"^([A-Z][A-Z0-9]) (.*)$")
MEDLINE_TAG = re.compile(r"^([A-Z][A-Z0-9 ]{1,3})- ?(.*)$")
_DOI_AID = re.compile(r"^(10\.\S+) \[doi\]$")
# Field tags that hold one value a line (authors, keywords), joined as a list rather than as running text.
_LIST_TAGS = {"AU", "AF", "FAU", "OT", "MH", "AID", "LID", "CR"}


def sniff(text: str) -> str | None:
    """``wos`` or ``medline`` when a ``.txt`` file is such an export (by its first line), else None."""
    first = next((line for line in text.split("\n") if line.strip()), "")
    if re.match(r"^FN (Clarivate|Thomson|ISI)", first) or re.match(r"^PT [JBSCP]\s*$", first):
        return "wos"
    if re.match(r"^PMID- ?\d", first):
        return "medline"
    return None


def _records(text: str, tag: re.Pattern, starts: str, ends: str | None) -> Iterator[tuple[int, dict]]:
    """(first line, {tag: [values]}) for each record; an indented line continues the value above it.

    A record ends at ``ends`` (Web of Science's ``ER``), or where none is given at a blank line
    (MEDLINE); a ``starts`` tag (``PT``, ``PMID``) also begins a new one.
    """
    fields: dict[str, list[str]] = {}
    start, last = 0, ""
    for number, line in enumerate(text.split("\n"), start=1):
        if line[:1] == " " and line.strip() and last:
            fields[last][-1] += ("\n" if last in _LIST_TAGS else " ") + line.strip()
            continue
        found = tag.match(line)
        name = found.group(1).strip() if found else ""
        if fields and (name in (starts, ends) or (ends is None and not line.strip())):
            yield start, fields
            fields = {}
        last = name if found and name != ends else ""
        if found and last:
            start = start if fields else number
            fields.setdefault(name, []).append(found.group(2).strip())
    if fields:
        yield start, fields


def _list(fields: dict, *tags: str) -> list[str]:
    for name in tags:
        if fields.get(name):
            return [part for value in fields[name] for part in value.split("\n") if part.strip()]
    return []


def _one(fields: dict, *tags: str) -> str:
    return next((" ".join(fields[name]) for name in tags if fields.get(name)), "")


def read_wos(text: str, path: Path) -> list[dict]:
    """Rows for every Web of Science record (``PT`` ... ``ER``) with an abstract (``AB``)."""
    rows: list[dict] = []
    records = [
        (line, fields) for line, fields in _records(text, WOS_TAG, "PT", "ER") if "PT" in fields or "TI" in fields
    ]
    for line, fields in records:  # the file's header (FN, VR) and its end (EF) left out
        row = entry_row(
            line,
            _one(fields, "TI"),
            _one(fields, "AB"),
            authors=_list(fields, "AF", "AU"),
            year=year_of(_one(fields, "PY", "EA", "PD")),
            venue=_one(fields, "SO"),
            doi=_one(fields, "DI"),
            keywords=[k for value in fields.get("DE", []) for k in re.split(r"\s*;\s*", value)],
            id=_one(fields, "UT"),
        )
        _keep(rows, row, path, line)
    if not rows and records:
        raise no_abstracts(path, "Web of Science records", len(records))
    return rows


def read_medline(text: str, path: Path) -> list[dict]:
    """Rows for every PubMed MEDLINE record (``PMID-`` ... a blank line) with an abstract (``AB  -``)."""
    rows: list[dict] = []
    records = [(line, fields) for line, fields in _records(text, MEDLINE_TAG, "PMID", None) if "PMID" in fields]
    for line, fields in records:
        pmid = _one(fields, "PMID")
        dois = [m.group(1) for value in _list(fields, "AID", "LID") if (m := _DOI_AID.match(value))]
        row = entry_row(
            line,
            _one(fields, "TI", "BTI"),
            _one(fields, "AB"),
            authors=_list(fields, "FAU", "AU"),
            year=year_of(_one(fields, "DP", "DEP")),
            venue=_one(fields, "JT", "TA"),
            doi=dois[0] if dois else "",
            url=f"https://pubmed.ncbi.nlm.nih.gov/{pmid}/" if pmid else "",
            keywords=_list(fields, "OT", "MH"),
            id=pmid,
        )
        _keep(rows, row, path, line)
    if not rows and records:
        raise no_abstracts(path, "PubMed MEDLINE records", len(records))
    return rows


def _keep(rows: list[dict], row: dict, path: Path, line: int) -> None:
    if row["text"]:
        rows.append(row)
    else:
        skip(path, line, "no abstract", row.get("id", ""))
