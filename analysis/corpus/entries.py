"""What every format reader shares: the bibliographic columns, one row per entry, and skipped entries.

A reader of a reference format (BibTeX, RIS, CSL-JSON, OpenReview, arXiv,
OpenAlex, Semantic Scholar) turns each entry into :func:`entry_row`: the
``line``, ``title`` and ``text`` every reader gives, plus the columns of
:data:`FIELD_COLUMNS` that the entry has. An entry that cannot be read is
passed to :func:`skip`, which records it for the corpus summary (see
:func:`collect_skipped`) and warns, naming the file, the line or record
and the key.
"""

from __future__ import annotations

import math
import re
import warnings
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

import pandas as pd

from analysis.corpus.markup import html_text
from analysis.errors import InputError
from analysis.text import safe_url

# Columns a reference format fills when its entry has them. Lists (authors,
# keywords) are joined with "; "; names are written as the source gives them
# ("Last, First" from BibTeX, RIS and CSL-JSON).
FIELD_COLUMNS = ["authors", "year", "venue", "doi", "url", "keywords", "key", "id"]
LIST_SEPARATOR = "; "
# Warnings per file and reason before the rest are only counted (the summary lists them all).
_WARN_AT_MOST = 5
_YEAR = re.compile(r"(?<!\d)(1[5-9]\d\d|20\d\d|21\d\d)(?!\d)")
# An arXiv identifier, new style (2401.01234v2) or old (cs/0101001, math.AG/0101001).
ARXIV_ID = re.compile(r"^(?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?$")
_DOI_PREFIX = re.compile(r"^(?:https?://(?:dx\.)?doi\.org/|doi:)", re.IGNORECASE)


# What to do when every record of a shape lacks an abstract: the shape's usual cause.
_NO_ABSTRACT_HINTS = {
    "arXiv OAI-PMH records": ": harvest with metadataPrefix=arXiv or arXivRaw",
    "OpenAlex works": ": ask for abstract_inverted_index (a select= that leaves it out drops it)",
    "Semantic Scholar papers": ": ask for fields=title,abstract (the abstract is null where publishers withhold it)",
    "BibTeX entries": ": export them with abstracts (an 'abstract' field)",
    "RIS records": " (AB or N2): export them with abstracts",
    "Web of Science records": " (AB): export 'Full Record'",
    "PubMed MEDLINE records": " (AB)",
    "OpenReview notes": " (content.abstract)",
    "CSL-JSON items": ": export them with abstracts",
}


class Skipped(list):
    """Entries not read (dicts with ``source``, ``line``, ``key``, ``reason``), counted per file and reason."""

    def __init__(self) -> None:
        super().__init__()
        self.counts: dict[tuple[str, str], int] = {}


_SKIPPED: ContextVar[Skipped | None] = ContextVar("skipped", default=None)


def entry_row(line: int | None, title: object, text: object, **fields: object) -> dict:
    """One entry as the readers give it: ``line``, ``title``, ``text`` and the non-empty bibliographic fields.

    Args:
        line: Line where the entry starts (None where the format has no lines).
        title: The title, or None.
        text: The abstract (LaTeX already decoded to Unicode; HTML is decoded here, see
            :func:`analysis.corpus.markup.html_text`).
        **fields: Values for :data:`FIELD_COLUMNS`; lists are joined, blanks left out.
    """
    row = {"line": line, "title": clean(html_text(clean(title))), "text": clean(html_text(clean(text)))}
    for column, value in fields.items():
        if column not in FIELD_COLUMNS:
            raise ValueError(f"unknown field column {column!r}")
        value = join(value) if isinstance(value, list | tuple) else clean(value)
        if column == "doi":
            value = _DOI_PREFIX.sub("", value)
        if value:
            row[column] = value
    return row


def clean(value: object) -> str:
    """Text with runs of whitespace (line breaks included) made one space; None and numbers as text."""
    if value is None:
        return ""
    return " ".join(str(value).split())


def reference_kind(venue: str) -> str:
    """``article`` (a journal), ``inproceedings`` (another venue) or ``misc`` (none, or arXiv) for a venue."""
    if not venue or venue.lower().startswith("arxiv"):
        return "misc"
    if re.search(r"journal|transactions|letters|review|magazine", venue, re.IGNORECASE):
        return "article"
    return "inproceedings"


def http_url(paper: dict) -> str:
    """The paper's ``url`` when it is an http(s) link (:func:`analysis.text.safe_url`), else "".

    A reference manager opens a BibTeX or RIS url as a link, so a ``javascript:``
    or ``file:`` value read from a list is not written into one.
    """
    url = cell(paper.get("url"))
    return url if safe_url(url) else ""


def cell(value: object) -> str:
    """A frame cell as text: blank for None/NaN/NA, ``2024`` for a year read as 2024.0."""
    if value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value)):
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return clean(value)


def join(values: Iterable) -> str:
    """Non-empty values joined with :data:`LIST_SEPARATOR`."""
    return LIST_SEPARATOR.join(text for v in values if (text := clean(v)))


def split(value: object) -> list[str]:
    """The values of a joined column (inverse of :func:`join`); blank or missing gives []."""
    if not isinstance(value, str):
        return []
    return [part.strip() for part in value.split(LIST_SEPARATOR.strip()) if part.strip()]


def year_of(value: object) -> str:
    """The first plausible year in a date or year field (``2024``, ``2024/05/01/``, ``2024-05``), else ""."""
    if value is None:
        return ""
    found = _YEAR.search(str(value))
    return found.group(1) if found else ""


def no_abstracts(path: Path, shape: str, count: int) -> InputError:
    """The error for a file of a known shape whose records all lack an abstract, saying the shape and what to do.

    Example: ``3 arXiv OAI-PMH records, but no abstract field: harvest with metadataPrefix=arXiv or arXivRaw``.
    """
    return InputError(path, f"{count} {shape}, but no abstract field{_NO_ABSTRACT_HINTS.get(shape, '')}")


@contextmanager
def collect_skipped() -> Iterator[list[dict]]:
    """Collect every entry :func:`skip` is told of while the block runs, into the list it yields."""
    skipped = Skipped()
    token = _SKIPPED.set(skipped)
    try:
        yield skipped
    finally:
        _SKIPPED.reset(token)


def skip(path: Path, where: int | None, reason: str, key: str = "", warn: bool = True) -> None:
    """Record an entry that was not read, and warn (the first few per file and reason).

    Args:
        path: The file.
        where: Line (or record number where the format has no lines).
        reason: Why, in a few words (``no abstract``, ``malformed BibTeX: ...``).
        key: The entry's citation key or id, when it has one.
        warn: Whether to warn; False where the caller warned already.
    """
    skipped, name, kind = _SKIPPED.get(), Path(path).name, reason.split(":")[0]
    same = 0
    if skipped is not None:
        same = skipped.counts.get((name, kind), 0)
        skipped.counts[name, kind] = same + 1
        skipped.append({"source": name, "line": where, "key": key, "reason": reason})
    if not warn:
        return
    if same < _WARN_AT_MOST:
        named = f" ({key!r})" if key else ""
        where_text = f":{where}" if where is not None else ""
        warnings.warn(f"{path}{where_text}: {reason}{named}, entry skipped", stacklevel=3)
    elif same == _WARN_AT_MOST:
        warnings.warn(f"{path}: more entries skipped ({kind}); the corpus summary counts them all", stacklevel=3)


def skipped_summary(skipped: list[dict], show: int = 10) -> list[str]:
    """Lines for the corpus summary: how many entries were skipped and why, and the first few."""
    if not skipped:
        return []
    reasons: dict[str, int] = {}
    for item in skipped:
        kind = item["reason"].split(":")[0]
        reasons[kind] = reasons.get(kind, 0) + 1
    counts = ", ".join(f"{n} {kind}" for kind, n in sorted(reasons.items()))
    lines = [f"{len(skipped)} entries skipped ({counts}):"]
    for item in skipped[:show]:
        where = f":{item['line']}" if item["line"] is not None else ""
        key = f" {item['key']!r}" if item["key"] else ""
        lines.append(f"  {item['source']}{where}{key}: {item['reason']}")
    if len(skipped) > show:
        lines.append(f"  ... and {len(skipped) - show} more")
    return lines
