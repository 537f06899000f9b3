"""arXiv XML: Atom API responses (``export.arxiv.org/api/query``) and OAI-PMH records (``arXiv`` or ``oai_dc``).

Parsed with defusedxml, which refuses entity expansion and external
entities, so a hostile file cannot make the parser read other files or
fill the memory. XML has no line per record here: records are numbered.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from xml.etree.ElementTree import Element, ParseError

import defusedxml.ElementTree as SafeTree
from defusedxml import DefusedXmlException

from analysis.corpus.entries import entry_row, no_abstracts, skip, year_of
from analysis.corpus.markup import LatexNodes2Text, latex_decoder
from analysis.errors import InputError

ATOM = "{http://www.w3.org/2005/Atom}"
ARXIV_ATOM = "{http://arxiv.org/schemas/atom}"
OAI = "{http://www.openarchives.org/OAI/2.0/}"
ARXIV_OAI = "{http://arxiv.org/OAI/arXiv/}"
ARXIV_RAW = "{http://arxiv.org/OAI/arXivRaw/}"
OAI_DC = "{http://www.openarchives.org/OAI/2.0/oai_dc/}"
DC = "{http://purl.org/dc/elements/1.1/}"
KNOWN_SHAPES = ("an arXiv API Atom feed", "OAI-PMH records in the arXiv, arXivRaw or oai_dc format")
# arXivRaw gives the authors as one line: "A. Bal\'azs, E. L. Berger and C.-P. Yuan".
_AUTHOR_SEPARATOR = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+")
_ABS_ID = re.compile(r"arxiv\.org/abs/(\S+?)/?$")
_DOI = re.compile(r"^(?:doi:|https?://(?:dx\.)?doi\.org/)?(10\.\d{4,}/\S+)$", re.IGNORECASE)


def read_arxiv_xml(text: str, path: Path) -> list[dict]:
    """Rows for every record with an abstract in an arXiv Atom feed or an OAI-PMH response.

    Raises:
        InputError: The XML is malformed, unsafe, or of another shape.
    """
    try:
        root = SafeTree.fromstring(text)
    except ParseError as err:
        raise InputError(path, f"malformed XML: {err.msg if hasattr(err, 'msg') else err}", err.position[0]) from None
    except DefusedXmlException as err:
        raise InputError(path, f"unsafe XML refused ({type(err).__name__})") from None
    found: list[tuple[dict | None, str]]
    if root.tag == f"{ATOM}feed":
        found = [_atom_entry(entry, i) for i, entry in enumerate(root.iter(f"{ATOM}entry"), start=1)]
    elif root.tag == f"{OAI}OAI-PMH":
        found = [_oai_record(record, i) for i, record in enumerate(root.iter(f"{OAI}record"), start=1)]
    else:
        raise InputError(path, f"not a known XML shape (root <{_local(root.tag)}>); known: {', '.join(KNOWN_SHAPES)}")
    rows = []
    for number, (row, why) in enumerate(found, start=1):
        if row and row.get("text"):
            rows.append(row)
        else:
            skip(path, number, why or "no abstract", (row or {}).get("id", ""))
    if not rows and root.tag == f"{OAI}OAI-PMH":
        # ListIdentifiers answers headers only; other metadata formats have no abstract.
        count = len(found) or len(list(root.iter(f"{OAI}header")))
        if count:
            raise no_abstracts(path, "arXiv OAI-PMH records", count)
    if not found:
        raise InputError(path, "no records in this XML (an empty feed or response)")
    return rows


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _text(element: Element | None, tag: str) -> str:
    found = element.find(tag) if element is not None else None
    return " ".join((found.text or "").split()) if found is not None else ""


def _all(element: Element, tag: str) -> list[str]:
    return [" ".join((e.text or "").split()) for e in element.iter(tag) if e.text and e.text.strip()]


def _atom_entry(entry: Element, number: int) -> tuple[dict, str]:
    ident = _text(entry, f"{ATOM}id")
    found = _ABS_ID.search(ident)
    link = next((e.get("href") for e in entry.iter(f"{ATOM}link") if e.get("rel") == "alternate"), None)
    row = entry_row(
        number,
        _text(entry, f"{ATOM}title"),
        _text(entry, f"{ATOM}summary"),
        authors=[_text(author, f"{ATOM}name") for author in entry.iter(f"{ATOM}author")],
        year=year_of(_text(entry, f"{ATOM}published")),
        venue=_text(entry, f"{ARXIV_ATOM}journal_ref") or "arXiv",
        doi=_text(entry, f"{ARXIV_ATOM}doi"),
        url=link or ident,
        keywords=[e.get("term") for e in entry.iter(f"{ATOM}category")],
        id=found.group(1) if found else ident,
    )
    return row, ""


def _oai_record(record: Element, number: int) -> tuple[dict | None, str]:
    header = record.find(f"{OAI}header")
    ident = _text(header, f"{OAI}identifier").removeprefix("oai:arXiv.org:")
    if header is not None and header.get("status") == "deleted":
        return {"id": ident}, "deleted record"
    metadata = record.find(f"{OAI}metadata")
    arxiv = metadata.find(f"{ARXIV_OAI}arXiv") if metadata is not None else None
    raw = metadata.find(f"{ARXIV_RAW}arXivRaw") if metadata is not None else None
    dc = metadata.find(f"{OAI_DC}dc") if metadata is not None else None
    if arxiv is not None:
        return _oai_arxiv(arxiv, number, ident), ""
    if raw is not None:
        return _oai_arxiv_raw(raw, number, ident), ""
    if dc is not None:
        return _oai_dc(dc, number, ident), ""
    return {"id": ident}, "no arXiv, arXivRaw or oai_dc metadata"


def _oai_arxiv(meta: Element, number: int, ident: str) -> dict:
    authors = []
    for author in meta.iter(f"{ARXIV_OAI}author"):
        names = [_text(author, f"{ARXIV_OAI}{part}") for part in ("keyname", "suffix", "forenames")]
        authors.append(", ".join(n for n in names if n))
    arxiv_id = _text(meta, f"{ARXIV_OAI}id") or ident
    return entry_row(
        number,
        _text(meta, f"{ARXIV_OAI}title"),
        _text(meta, f"{ARXIV_OAI}abstract"),
        authors=authors,
        year=year_of(_text(meta, f"{ARXIV_OAI}created") or _text(meta, f"{ARXIV_OAI}updated") or arxiv_id),
        venue=_text(meta, f"{ARXIV_OAI}journal-ref") or "arXiv",
        doi=_text(meta, f"{ARXIV_OAI}doi").split(" ")[0],
        url=f"https://arxiv.org/abs/{arxiv_id}",
        keywords=_text(meta, f"{ARXIV_OAI}categories").split(),
        id=arxiv_id,
    )


@cache
def _name_decoder() -> LatexNodes2Text:
    return latex_decoder()


def _oai_arxiv_raw(meta: Element, number: int, ident: str) -> dict:
    """An ``arXivRaw`` record: authors in one line (LaTeX accents decoded), the year of its first version."""
    arxiv_id = _text(meta, f"{ARXIV_RAW}id") or ident
    names = _name_decoder().latex_to_text(_text(meta, f"{ARXIV_RAW}authors"))
    first_version = _text(meta.find(f"{ARXIV_RAW}version"), f"{ARXIV_RAW}date")
    return entry_row(
        number,
        _text(meta, f"{ARXIV_RAW}title"),
        _text(meta, f"{ARXIV_RAW}abstract"),
        authors=[name for name in _AUTHOR_SEPARATOR.split(names) if name.strip()],
        year=year_of(first_version),
        venue=_text(meta, f"{ARXIV_RAW}journal-ref") or "arXiv",
        doi=_text(meta, f"{ARXIV_RAW}doi").split(" ")[0],
        url=f"https://arxiv.org/abs/{arxiv_id}",
        keywords=_text(meta, f"{ARXIV_RAW}categories").split(),
        id=arxiv_id,
    )


def _oai_dc(meta: Element, number: int, ident: str) -> dict:
    # arXiv's oai_dc gives the abstract as the first description; "Comment: ..." ones follow.
    descriptions = [d for d in _all(meta, f"{DC}description") if not d.startswith("Comment:")]
    identifiers = _all(meta, f"{DC}identifier")
    url = next((i for i in identifiers if i.startswith("http")), "")
    doi = next((m.group(1) for i in identifiers if (m := _DOI.match(i))), "")
    dates = _all(meta, f"{DC}date")
    return entry_row(
        number,
        _text(meta, f"{DC}title"),
        descriptions[0] if descriptions else "",
        authors=_all(meta, f"{DC}creator"),
        year=year_of(dates[0] if dates else ""),
        venue="arXiv" if "arxiv" in (url + ident).lower() else "",
        doi=doi,
        url=url,
        keywords=_all(meta, f"{DC}subject"),
        id=ident,
    )
