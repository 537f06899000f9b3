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
import warnings
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import bibtexparser
from bibtexparser.library import Library
from bibtexparser.middlewares import LatexDecodingMiddleware, SeparateCoAuthors
from bibtexparser.middlewares.parsestack import default_parse_stack
from bibtexparser.model import Block, DuplicateBlockKeyBlock, Entry, ImplicitComment, ParsingFailedBlock

from analysis.corpus.entries import (
    ARXIV_ID,
    cell,
    entry_row,
    http_url,
    no_abstracts,
    reference_kind,
    skip,
    split,
    year_of,
)
from analysis.corpus.markup import collect_undecoded, latex_decoder, note_undecoded, prepare_latex
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
# The record id as the .bib export writes it when it is no arXiv id.
ID_NOTE = "id: "
_NOTE_ID = re.compile(r"^" + ID_NOTE + r"(\S+)$")
# A field's name at the start of a line: what a comment holds when an entry ended before its fields did.
_FIELD_NAME = re.compile(r"^\s*([A-Za-z][\w-]*)\s*=", re.MULTILINE)
# Escaped braces rewritten so that bibtexparser counts them as BibTeX does (each opens or closes a group);
# a braced one ({\{}) is balanced for both and stays.
_ESCAPED_BRACE = re.compile(r"\{\\[{}]\}|\\[{}]")
_AS_BIBTEX_COUNTS = {"\\{": "{\\textbraceleft ", "\\}": "\\textbraceright}"}


def read_bibtex(text: str, path: Path) -> list[dict]:
    """Rows (see :func:`analysis.corpus.entries.entry_row`) for every BibTeX entry with an abstract.

    Raises:
        InputError: The file holds no BibTeX entry at all, or none could be read.
    """
    library = _parse(text)
    if not library.entries and not library.failed_blocks:
        raise InputError(path, "no BibTeX entries found (expected entries such as @article{key, title = {...}, ...})")
    rows: list[dict] = []
    keys: set[str] = set()
    for line, entry in _entries(text, library, path):
        row = _entry(entry, line)
        if not row["text"]:
            skip(path, line, "no abstract", entry.key)
            continue
        # Keys are made unique among the entries read: one skipped (no abstract) never takes a key from another.
        row["key"] = _free_key(entry.key, keys, path, line)
        rows.append(row)
    if not rows and library.failed_blocks and not library.entries:
        raise InputError(path, f"no BibTeX entry could be read ({len(library.failed_blocks)} malformed)")
    if not rows and library.entries:
        raise no_abstracts(path, "BibTeX entries", len(library.entries))
    return rows


def _parse(text: str) -> Library:
    with _quiet_parser():
        return bibtexparser.parse_string(text, append_middleware=_middleware())


def _entries(text: str, library: Library, path: Path) -> Iterator[tuple[int, Entry]]:
    r"""(line, entry) for every entry in file order, a second one with a taken key included; malformed ones skipped.

    Lines are found from where each block's text starts: bibtexparser's own count drifts after a ``\\``
    line break inside a field.
    """
    offset, line, blocks = 0, 1, library.blocks
    for number, block in enumerate(blocks):
        found = text.find(block.raw, offset) if block.raw else -1
        if found >= 0:
            line += text.count("\n", offset, found)
            offset = found
        following = blocks[number + 1] if number + 1 < len(blocks) else None
        if isinstance(block, DuplicateBlockKeyBlock) and isinstance(block.ignore_error_block, Entry):
            yield line, _decoded(block.ignore_error_block, library)
        elif isinstance(block, Entry):
            whole = _whole(text, block, following, offset, path, line)
            if whole is not None:
                yield line, whole
        elif isinstance(block, ParsingFailedBlock):
            _skip_failed(block, path, line)


def _decoded(entry: Entry, parsed: Library) -> Entry:
    """An entry bibtexparser set aside (its key was taken), decoded as the library's entries are."""
    library = Library([*parsed.strings, entry])
    for middleware in [*default_parse_stack(), *_middleware()]:
        library = middleware.transform(library)
    return library.entries[0]


def _whole(text: str, entry: Entry, following: Block | None, offset: int, path: Path, line: int) -> Entry | None:
    r"""The entry with all its fields, or None (skipped, naming the fields lost).

    BibTeX counts ``\{`` and ``\}`` as braces, bibtexparser does not: an abstract holding ``a \{} b`` ends
    the entry at its ``}``, and the fields after it become a comment.
    """
    spilled = following.raw or "" if isinstance(following, ImplicitComment) else ""
    lost = _FIELD_NAME.findall(spilled)
    if not lost:
        return entry
    end = offset + len(entry.raw or "") + len(spilled)
    whole = _parse(_ESCAPED_BRACE.sub(lambda m: _AS_BIBTEX_COUNTS.get(m.group(0), m.group(0)), text[offset:end]))
    if len(whole.entries) == 1 and not any(isinstance(b, ImplicitComment | ParsingFailedBlock) for b in whole.blocks):
        return whole.entries[0]
    read = ", ".join(field.key for field in entry.fields)
    reason = f"malformed BibTeX: a brace in a field ends the entry early; read only {read}, lost {', '.join(lost)}"
    skip(path, line, reason, entry.key)
    return None


def _free_key(key: str, taken: set[str], path: Path, line: int) -> str:
    """``key``, or ``key-2``, ``key-3``... when an entry read before has it (warned)."""
    free, n = key, 1
    while free in taken:
        n += 1
        free = f"{key}-{n}"
    if free != key:
        warnings.warn(
            f"{path}:{line}: citation key {key!r} is taken by an earlier entry; this one is {free!r}", stacklevel=4
        )
    taken.add(free)
    return free


def _middleware() -> list:
    # Names are split before decoding so that a braced name ({Barnes and Noble, Inc.}) stays one.
    return [SeparateCoAuthors(), _Decoding()]


class _Decoding(LatexDecodingMiddleware):
    r"""Bibtexparser's LaTeX decoding, given only the words that hold LaTeX, and the split names too.

    pylatexenc reads about 70 characters a millisecond: a whole 1,500-character abstract for one
    ``\%`` made 10,000 entries take minutes. A value is cut between words outside braces and math;
    runs of plain words are kept as they are and the rest decoded as the middleware would.
    """

    def __init__(self) -> None:
        super().__init__(decoder=latex_decoder())
        # Names and accents recur across a library: each segment decoded once, with what it could not decode.
        self._done: dict[str, tuple[str, str, Counter]] = {}

    def _transform_python_value_string(self, python_string: str) -> tuple[str, str]:
        python_string = prepare_latex(python_string)
        if not _LATEX.search(python_string):
            return python_string, ""
        pieces, errors = [], []
        for segment, plain in _segments(python_string):
            if plain:
                pieces.append(segment)
            elif _SIMPLE.match(segment):  # only \& \% \$ \# \_ and {Word}: what pylatexenc gives, without it
                pieces.append(_UNESCAPE.sub(r"\1", segment.replace("{", "").replace("}", "")))
            else:
                decoded, error = self._decode(segment)
                pieces.append(decoded)
                errors.append(error)
        return " ".join(p for p in pieces if p), "; ".join(e for e in errors if e)

    def _decode(self, segment: str) -> tuple[str, str]:
        if segment not in self._done:
            with collect_undecoded() as undecoded:
                decoded, error = super()._transform_python_value_string(segment)
            if error:  # pylatexenc gave up: the segment is kept as written
                undecoded["LaTeX that does not parse"] += 1
            self._done[segment] = decoded, error, undecoded
        decoded, error, undecoded = self._done[segment]
        for construct, count in undecoded.items():
            for _ in range(count):
                note_undecoded(construct)
        return decoded, error

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
def _quiet_parser() -> Iterator[None]:
    """Bibtexparser logs each malformed block; we report them ourselves (with the key), so it is silenced here."""
    logger = logging.getLogger("bibtexparser")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        logger.setLevel(level)


def _skip_failed(block: Block, path: Path, line: int) -> None:
    raw = block.raw or ""
    found = _KEY_IN_RAW.search(raw)
    key = found.group(1) if found else ""
    error = getattr(block, "error", None)
    error = getattr(error, "abort_reason", None) or str(error or "") or "syntax error"
    skip(path, line, "malformed BibTeX: " + " ".join(error.split())[:160], key)


def _entry(entry: Entry, line: int | None) -> dict:
    fields = {field.key.lower(): field.value for field in entry.fields}
    venue = next((fields[f] for f in _VENUE_FIELDS if fields.get(f)), "")
    url = fields.get("url") or ""
    arxiv = str(fields.get("eprinttype") or fields.get("archiveprefix") or "").lower() == "arxiv"
    arxiv_id = str(fields.get("eprint") or "") if arxiv else str(fields.get("arxivid") or "")
    if not url and arxiv_id:
        url = f"https://arxiv.org/abs/{arxiv_id}"
    note_id = _NOTE_ID.match(str(fields.get("note") or ""))
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
        id=arxiv_id or (note_id.group(1) if note_id else ""),
    )


def _names(value: object) -> list:
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
        *_id_fields(cell(paper.get("id")), http_url(paper)),
        ("keywords", escape(", ".join(split(paper.get("keywords"))))),
        ("abstract", escape(cell(paper.get("text")))),
    ]
    body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields if value)
    return f"@{kind}{{{key},\n{body}\n}}\n"


def _id_fields(ident: str, url: str) -> list[tuple[str, str]]:
    """The record id as fields that read back: ``eprint`` for an arXiv id, else a ``note`` (``id: ...``).

    An eprint without a url reads back with the arXiv url, so an arXiv id goes to ``eprint`` only beside a url.
    """
    if not ident:
        return []
    if ARXIV_ID.match(ident) and url:
        return [("eprint", escape(ident)), ("archiveprefix", "arXiv")]
    return [("note", escape(f"{ID_NOTE}{ident}"))]


def _kind(venue: str) -> tuple[str, str]:
    kind = reference_kind(venue)
    return kind, {"misc": "howpublished", "article": "journal", "inproceedings": "booktitle"}[kind]


def _bib_name(name: str) -> str:
    """A name for ``author``; one holding the word "and" (a company) is braced so it stays one name."""
    escaped = escape(name)
    return f"{{{escaped}}}" if _AND.search(f" {name} ") else escaped
