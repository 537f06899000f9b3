r"""BibTeX/BibLaTeX in (bibtexparser 2 with its LaTeX decoding) and out (escaped so it reads back the same).

Reading keeps what a reading group uses: title and abstract decoded to
Unicode (``{\"o}`` reads ö, ``\&`` reads &, ``{LLM}`` reads LLM),
authors split (``Last, First``), year, venue, DOI, URL, keywords and the
citation key. ``@string`` macros are resolved and ``@comment`` blocks
ignored. A malformed entry is skipped with its file, line and key (see
:func:`analysis.corpus.entries.skip`) and the rest of the file is read.
"""

from __future__ import annotations

import logging
import re
from contextlib import contextmanager
from pathlib import Path

import bibtexparser
from bibtexparser.library import Library
from bibtexparser.middlewares import LatexDecodingMiddleware, SeparateCoAuthors
from bibtexparser.model import Block, DuplicateBlockKeyBlock, Entry

from analysis.corpus.entries import cell, entry_row, http_url, reference_kind, skip, split, year_of
from analysis.errors import InputError

_KEY_IN_RAW = re.compile(r"@\s*\w+\s*[{(]\s*([^,\s{}()]+)")
_VENUE_FIELDS = ("journal", "journaltitle", "booktitle", "eventtitle", "howpublished", "school", "institution")
# Characters LaTeX treats as markup, as BibTeX must write them to mean themselves.
_ESCAPES = {
    "\\": r"\textbackslash{}",
    "{": r"\{",
    "}": r"\}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "~": r"\textasciitilde{}",
    "^": r"{\string^}",  # \textasciicircum decodes to U+02C6, not ^
}
_SPECIAL = re.compile(r"[\\{}&%$#_~^]")
# A word with a capital after its first letter (LLMs, BERTopic, iPhone): braced so styles keep its case.
_CAPITALS_INSIDE = re.compile(r"(?<![\\\w])(\w+[A-Z]\w*)")
_AND = re.compile(r"\s+and\s+", re.IGNORECASE)
# What makes pylatexenc change text: macros, groups, math, comments, active characters, ligatures.
_LATEX = re.compile(r"[\\{}$%~&#^_]|--|``|''|!`|\?`")
_LIGATURE = re.compile(r"(?<=-)(?=-)|(?<=`)(?=`)|(?<=')(?=')|(?<=[!?])(?=`)")
_SIMPLE = re.compile(r"^(?:[^\\{}$%~&#^_`'-]|\\[&%$#_]|\{[^\\{}$%~&#^_`'-]*\})+$")
_UNESCAPE = re.compile(r"\\([&%$#_])")
_BRACE_OR_DOLLAR = re.compile(r"\\[{}$]|[{}$]")


def read_bibtex(text: str, path: Path) -> list[dict]:
    """Rows (see :func:`analysis.corpus.entries.entry_row`) for every BibTeX entry with an abstract.

    Raises:
        InputError: The file holds no BibTeX entry at all, or none could be read.
    """
    with _quiet_parser():
        library = bibtexparser.parse_string(text, append_middleware=_middleware())
    failed = list(library.failed_blocks)
    if not library.entries and not failed:
        raise InputError(path, "no BibTeX entries found (expected entries such as @article{key, title = {...}, ...})")
    for block in failed:
        _skip_failed(block, path)
    rows = []
    for entry in library.entries:
        line = entry.start_line + 1 if entry.start_line is not None else None
        row = _entry(entry, line)
        if row["text"]:
            rows.append(row)
        else:
            skip(path, line, "no abstract", entry.key)
    if not rows and failed and not library.entries:
        raise InputError(path, f"no BibTeX entry could be read ({len(failed)} malformed)")
    return rows


def _middleware() -> list:
    # Names are split before decoding so that a braced name ({Barnes and Noble, Inc.}) stays one.
    return [SeparateCoAuthors(), _Decoding()]


class _Decoding(LatexDecodingMiddleware):
    r"""Bibtexparser's LaTeX decoding, given only the words that hold LaTeX, and the split names too.

    pylatexenc reads about 70 characters a millisecond: a whole 1,500-character abstract for one
    ``\%`` made 10,000 entries take minutes. A value is cut between words outside braces and math;
    runs of plain words are kept as they are and the rest decoded as the middleware would.
    """

    def __init__(self):
        super().__init__()
        self._done: dict[str, tuple[str, str]] = {}  # names and accents recur across a library

    def _transform_python_value_string(self, python_string: str) -> tuple[str, str]:
        if not _LATEX.search(python_string):
            return python_string, ""
        pieces, errors = [], []
        for segment, plain in _segments(python_string):
            if plain:
                pieces.append(segment)
            elif _SIMPLE.match(segment):  # only \& \% \$ \# \_ and {Word}: what pylatexenc gives, without it
                pieces.append(_UNESCAPE.sub(r"\1", segment.replace("{", "").replace("}", "")))
            else:
                if segment not in self._done:
                    self._done[segment] = super()._transform_python_value_string(segment)
                decoded, error = self._done[segment]
                pieces.append(decoded)
                errors.append(error)
        return " ".join(p for p in pieces if p), "; ".join(e for e in errors if e)

    def transform_entry(self, entry: Entry, library: Library) -> Block:
        for field in entry.fields:
            if isinstance(field.value, list):  # the names SeparateCoAuthors made
                field.value = [self._transform_python_value_string(str(name))[0] for name in field.value]
        return super().transform_entry(entry, library)


def _segments(text: str) -> list[tuple[str, bool]]:
    """Runs of words, each ``(run, plain)``, cut only outside braces and math mode."""
    runs: list[tuple[str, bool]] = []
    current: list[str] = []
    depth, math = 0, False
    for word in text.split():
        current.append(word)
        for found in _BRACE_OR_DOLLAR.finditer(word):
            mark = found.group(0)
            depth += 1 if mark == "{" else -1 if mark == "}" else 0
            math = not math if mark == "$" else math
        if depth <= 0 and not math:
            run = " ".join(current)
            plain = not _LATEX.search(run)
            if runs and runs[-1][1] == plain:
                runs[-1] = (f"{runs[-1][0]} {run}", plain)
            else:
                runs.append((run, plain))
            current, depth = [], 0
    if current:
        runs.append((" ".join(current), False))
    return runs


@contextmanager
def _quiet_parser():
    """Bibtexparser logs each malformed block; we report them ourselves (with the key), so it is silenced here."""
    logger = logging.getLogger("bibtexparser")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        logger.setLevel(level)


def _skip_failed(block, path: Path) -> None:
    line = block.start_line + 1 if block.start_line is not None else None
    raw = block.raw or ""
    found = _KEY_IN_RAW.search(raw)
    key = found.group(1) if found else ""
    if isinstance(block, DuplicateBlockKeyBlock):
        reason = "duplicate citation key (an earlier entry has it)"
    else:
        error = getattr(block, "error", None)
        error = getattr(error, "abort_reason", None) or str(error or "") or "syntax error"
        reason = "malformed BibTeX: " + " ".join(error.split())[:160]
    skip(path, line, reason, key)


def _entry(entry: Entry, line: int | None) -> dict:
    fields = {field.key.lower(): field.value for field in entry.fields}
    venue = next((fields[f] for f in _VENUE_FIELDS if fields.get(f)), "")
    url = fields.get("url") or ""
    if not url and str(fields.get("eprinttype") or fields.get("archiveprefix") or "").lower() == "arxiv":
        url = f"https://arxiv.org/abs/{fields.get('eprint', '')}" if fields.get("eprint") else ""
    keywords = re.split(r"\s*[,;]\s*", str(fields.get("keywords") or fields.get("keyword") or ""))
    return entry_row(
        line,
        fields.get("title"),
        fields.get("abstract"),
        authors=_names(fields.get("author")),
        year=year_of(fields.get("year") or fields.get("date")),
        venue=venue,
        doi=fields.get("doi"),
        url=url,
        keywords=keywords,
        key=entry.key,
    )


def _names(value) -> list:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def escape(text: str) -> str:
    r"""Plain text as a BibTeX value that decodes back to the same text (``50% & $5`` -> ``50\% \& \$5``)."""
    escaped = _SPECIAL.sub(lambda m: _ESCAPES[m.group(0)], text)
    # "--", "``", "''", "!`" and "?`" are ligatures (an en dash, quotes, inverted marks): an empty group breaks them.
    return _LIGATURE.sub("{}", escaped)


def protect_case(text: str) -> str:
    """Escaped title text with words such as ``LLMs`` braced, so bibliography styles keep their capitals."""
    return _CAPITALS_INSIDE.sub(r"{\1}", text)


def bibtex_entry(key: str, paper: dict) -> str:
    """One ``@article``/``@inproceedings``/``@misc`` entry for a paper row (columns as the readers give them).

    Args:
        key: The citation key (unique in the file; see :func:`analysis.corpus.export.citation_keys`).
        paper: ``title``, ``text`` (the abstract) and any of ``authors``, ``year``, ``venue``,
            ``doi``, ``url``, ``keywords``.
    """
    venue = cell(paper.get("venue"))
    kind, venue_field = _kind(venue)
    fields = [
        ("title", protect_case(escape(cell(paper.get("title"))))),
        ("author", " and ".join(_bib_name(n) for n in split(paper.get("authors")))),
        ("year", escape(cell(paper.get("year")))),
        (venue_field, escape(venue)),
        ("doi", escape(cell(paper.get("doi")))),
        ("url", escape(http_url(paper))),
        ("keywords", escape(", ".join(split(paper.get("keywords"))))),
        ("abstract", escape(cell(paper.get("text")))),
    ]
    body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields if value)
    return f"@{kind}{{{key},\n{body}\n}}\n"


def _kind(venue: str) -> tuple[str, str]:
    kind = reference_kind(venue)
    return kind, {"misc": "howpublished", "article": "journal", "inproceedings": "booktitle"}[kind]


def _bib_name(name: str) -> str:
    """A name for ``author``; one holding the word "and" (a company) is braced so it stays one name."""
    escaped = escape(name)
    return f"{{{escaped}}}" if _AND.search(f" {name} ") else escaped
