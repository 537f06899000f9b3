"""Papers out as references: BibTeX and RIS files a reference manager (Zotero, JabRef, Mendeley) imports.

Every paper gets a citation key: the one its input had (``key``), else one
made from its first author, year and title (``muller2024llms``), stable
across runs and made unique in the file with a letter (``...a``, ``...b``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd

from analysis.corpus.bibtex import bibtex_entry
from analysis.corpus.entries import cell, split
from analysis.corpus.ris import ris_record, ris_text
from analysis.errors import InputError
from analysis.output import write_text
from analysis.text import fold_accents

REFERENCE_SUFFIXES = (".bib", ".ris")
# A key BibTeX and biber read back as it is: no space, comma, brace, quote, hash, percent, parenthesis or equals.
_VALID_KEY = re.compile(r"^[^\s,{}()\"#%'=\\~]+$")
_STOP = {"a", "an", "the", "on", "of", "for", "in", "to", "and", "with", "towards", "toward", "from", "by", "is"}


def citation_keys(papers: pd.DataFrame) -> list[str]:
    """One unique key per paper, in order: the input's key where it had a valid one, else a made one."""
    given = [cell(k) for k in papers["key"]] if "key" in papers else [""] * len(papers)
    given = [k if _VALID_KEY.match(k) else "" for k in given]
    taken: set[str] = set()
    tried: dict[str, int] = {}
    keys: list[str] = []
    for key, paper in zip(given, papers.to_dict("records"), strict=True):
        base = key or _made_key(paper)
        keys.append(_unique(base, taken, tried))
    return keys


def _unique(base: str, taken: set[str], tried: dict[str, int]) -> str:
    """``base``, or ``base`` with a letter (a, b, ..., z, aa, ...) when another paper has it.

    ``tried`` holds, per base, the last suffix found taken: keys only get taken, so the search resumes
    there (the same keys as counting from "a" each time, without 20,000 papers sharing one base
    costing 200 million tries).
    """
    n = tried.get(base, 0)
    candidate = base + _letters(n)
    while candidate in taken:
        n += 1
        candidate = base + _letters(n)
    tried[base] = n
    taken.add(candidate)
    return candidate


def _letters(n: int) -> str:
    text = ""
    while n:
        n, rest = divmod(n - 1, 26)
        text = chr(ord("a") + rest) + text
    return text


def _ascii_word(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", fold_accents(text).lower())


def _made_key(paper: dict) -> str:
    """``family`` + ``year`` + first title word, folded to ASCII (``muller2024llms``); ``paper`` + id without any."""
    authors = split(paper.get("authors"))
    first = authors[0] if authors else ""
    family = first.split(",")[0] if "," in first else (first.split() or [""])[-1]
    title = cell(paper.get("title")) or cell(paper.get("name"))
    words = [w for w in re.findall(r"\w+", title) if w.lower() not in _STOP]
    key = _ascii_word(family) + _ascii_word(cell(paper.get("year")))[:4] + (_ascii_word(words[0]) if words else "")
    if not key or key.isdigit():
        key = "paper" + (cell(paper.get("doc_id"))[:8] or key)
    return key


def cited(papers: pd.DataFrame) -> list[dict]:
    """Each paper as a record to cite: one without a title (a plain list's entry) is cited by its name."""
    records = papers.to_dict("records")
    for record in records:
        if not cell(record.get("title")) and cell(record.get("name")):
            record["title"] = cell(record["name"])
    return records


def references_bibtex(papers: pd.DataFrame, keys: list[str] | None = None) -> str:
    """The papers as a BibTeX file's text (``keys`` given, else from :func:`citation_keys`).

    This is what the map's selection and the guide's reading list export:
    give it the selected rows of the paper frame.
    """
    keys = keys if keys is not None else citation_keys(papers)
    return "\n".join(bibtex_entry(key, paper) for key, paper in zip(keys, cited(papers), strict=True))


def references_ris(papers: pd.DataFrame) -> str:
    """The papers as an RIS file's text (keys as ``ID``)."""
    keys = citation_keys(papers)
    return ris_text([ris_record(key, paper) for key, paper in zip(keys, cited(papers), strict=True)])


def write_references(papers: pd.DataFrame, path: str | Path) -> Path:
    """Write the papers as ``.bib`` or ``.ris`` (atomically).

    Raises:
        InputError: The suffix is neither, or the file cannot be written.
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in REFERENCE_SUFFIXES:
        raise InputError(path, f"references are written as {' or '.join(REFERENCE_SUFFIXES)}, not '{suffix}'")
    text = references_bibtex(papers) if suffix == ".bib" else references_ris(papers)
    return write_text(path, text)
