"""Read lists of abstracts (txt, csv/tsv, jsonl/json, bib, ris, xml, folders) into one frame.

Every reader yields one row per entry as found, with where it was found
(``source``, ``entry``, ``line``), so that deduplication can keep provenance.
Bad input raises :class:`~analysis.errors.InputError` naming the file and
the line or record. Reference formats have their own modules (``bibtex``,
``ris``, ``arxiv`` for XML, ``records`` for the JSON shapes); an entry they
cannot read is skipped, warned of and listed in ``raw.attrs["skipped"]``.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import warnings
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pandas as pd

from analysis.config import SUPPORTED_SUFFIXES as PLAIN_SUFFIXES
from analysis.corpus.arxiv import read_arxiv_xml
from analysis.corpus.bibtex import read_bibtex
from analysis.corpus.entries import LIST_SEPARATOR, collect_skipped, skip
from analysis.corpus.markup import collect_undecoded
from analysis.corpus.names import paper_name
from analysis.corpus.records import KNOWN_SHAPES, raise_closest_shape, record_key, shape_of, shape_row
from analysis.corpus.ris import read_ris
from analysis.corpus.tagged import read_medline, read_wos, sniff
from analysis.errors import InputError

RAW_COLUMNS = ["source", "entry", "line", "title", "text", "name"]
# The plain lists (config.SUPPORTED_SUFFIXES) and the reference formats.
REFERENCE_SUFFIXES = (".bib", ".ris", ".xml", ".nbib", ".ciw")
SUPPORTED_SUFFIXES = (*PLAIN_SUFFIXES, *REFERENCE_SUFFIXES)

_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")
_SENTENCE_END = re.compile(r"[.!?。！？](\s|$)")
# Half of a UTF-16 surrogate pair: valid JSON (``"\ud83d"``), not valid text.
# Scrapers that cut strings at a fixed length leave them behind emoji.
_SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
# Columns the deduplicated frame computes itself: a source field of the same
# name is kept beside them (``doc_id_field``) instead of being overwritten.
_RESERVED = (*RAW_COLUMNS, "doc_id", "sources", "n_copies")
# Fields whose lists are joined as the reference formats join them (entries.FIELD_COLUMNS).
LIST_COLUMNS = ("authors", "keywords")
# csv's default field limit (128 KiB) is below a 1 MB abstract, which is
# unusual but valid input. The limit is process-wide, so it is raised only
# while a file is parsed (see _csv_field_limit).
_FIELD_LIMIT = 2**31 - 1


def read_abstracts(*paths: str | Path) -> pd.DataFrame:
    """Read one or more files or folders of abstracts into one raw frame.

    Args:
        *paths: Files (.txt/.md, .csv/.tsv, .jsonl/.json, .bib, .ris,
            .xml) or folders; a folder contributes every supported file in
            it, in sorted order, hidden files (``.name``) skipped.

    Returns:
        One row per entry as found, with columns ``source`` (file name),
        ``entry`` (1-based position in its file), ``line`` (line where the
        entry starts), ``title``, ``text`` (as written) and ``name``, plus any
        other fields a CSV or JSON source carries and the bibliographic
        columns a reference format fills (``authors``, ``year``, ``venue``,
        ``doi``, ``url``, ``keywords``, ``key``, ``id``). Entries skipped
        (no abstract, malformed) are listed in ``attrs["skipped"]`` (dicts
        with ``source``, ``line``, ``key``, ``reason``) when there are any.

    Raises:
        InputError: A path is missing, unreadable or holds no abstracts.

    Example:
        >>> raw = read_abstracts("seeds/")
        >>> len(raw)
        38
    """
    if not paths:
        raise InputError("<no path>", "give at least one file or folder to read")
    with collect_skipped() as skipped, collect_undecoded() as undecoded:
        frames = [_read_file(path) for path in input_files(paths)]
    raw = pd.concat(frames, ignore_index=True)
    raw["name"] = [paper_name(t, title) for t, title in zip(raw["text"], raw["title"], strict=True)]
    extra = [c for c in raw.columns if c not in RAW_COLUMNS]
    raw = raw[RAW_COLUMNS + extra]
    if skipped:
        raw.attrs["skipped"] = list(skipped)
    if undecoded:
        raw.attrs["undecoded"] = dict(undecoded)
    return raw


def flat_paths(paths: Iterable) -> list:
    """Paths given one by one or as lists (``run_report`` takes a list, so users pass one here too)."""
    flat = []
    for given in paths:
        if isinstance(given, list | tuple):
            flat.extend(flat_paths(given))
        elif isinstance(given, str | os.PathLike):
            flat.append(given)
        else:
            raise TypeError(f"expected a file or folder path, got {type(given).__name__}: {given!r}")
    return flat


def input_files(paths: Iterable[str | os.PathLike]) -> list[Path]:
    """The files that ``paths`` name: each file given, and each folder's supported files (hidden ones skipped).

    Hidden files are a system's, not the user's lists: macOS leaves a
    binary ``._list.txt`` beside ``list.txt`` on shared drives.

    Raises:
        InputError: A path does not exist, a file's type is not supported, or a folder holds no supported file.
    """
    files: list[Path] = []
    for given in flat_paths(paths):
        path = Path(given)
        if path.is_dir():
            found = sorted(
                p
                for p in path.iterdir()
                if p.is_file() and p.suffix.lower() in SUPPORTED_SUFFIXES and not p.name.startswith(".")
            )
            if not found:
                raise InputError(path, f"folder holds no supported file ({', '.join(SUPPORTED_SUFFIXES)})")
            files.extend(found)
        elif path.is_file():
            if path.suffix.lower() not in SUPPORTED_SUFFIXES:
                raise InputError(
                    path,
                    f"unsupported file type '{path.suffix or '(none)'}'; use one of {', '.join(SUPPORTED_SUFFIXES)}",
                )
            files.append(path)
        else:
            raise InputError(path, "no such file or folder")
    return files


def _read_file(path: Path) -> pd.DataFrame:
    text = _decode(path)
    if not text.strip():
        raise InputError(path, "empty file: no abstracts to read")
    suffix = path.suffix.lower()
    tagged = sniff(text) if suffix in (".txt", ".nbib", ".ciw") else None
    if tagged == "wos":
        rows = read_wos(text, path)
    elif tagged == "medline" or suffix == ".nbib":
        rows = read_medline(text, path)
    elif suffix in (".txt", ".md", ".ciw"):
        rows = _parse_text(text)
    elif suffix in (".csv", ".tsv"):
        rows = _parse_delimited(text, path, "\t" if suffix == ".tsv" else ",")
    elif suffix == ".jsonl":
        rows = _parse_jsonl(text, path)
    elif suffix == ".json":
        rows = _parse_json(text, path)
    elif suffix == ".bib":
        rows = read_bibtex(text, path)
    elif suffix == ".ris":
        rows = read_ris(text, path)
    else:
        rows = read_arxiv_xml(text, path)
    if not rows:
        raise InputError(path, "no abstracts found (only a header or blank entries)")
    frame = pd.DataFrame(rows)
    frame.insert(0, "source", path.name)
    frame.insert(1, "entry", range(1, len(frame) + 1))
    frame["line"] = frame["line"].astype("Int64")
    return frame


def _decode(path: Path) -> str:
    """Decode UTF-8 (with or without BOM); say what else the bytes look like."""
    try:
        data = path.read_bytes()
    except OSError as err:
        raise InputError(path, f"cannot read: {err.strerror or err}") from None
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise InputError(path, "file is UTF-16 encoded; save it as UTF-8")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise InputError(
            path, f"not UTF-8 (byte 0x{data[err.start]:02x} at offset {err.start}); {_guess(data)}", line
        ) from None
    if "\x00" in text:
        line = text.count("\n", 0, text.index("\x00")) + 1
        raise InputError(path, "contains NUL bytes: this looks like a binary file, not a list of abstracts", line)
    # Windows and old Mac line endings become plain newlines so paragraph and
    # line numbers mean the same in every file.
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _guess(data: bytes) -> str:
    sample = data[:4096]
    if sum(b < 9 or 13 < b < 32 for b in sample) > len(sample) // 20:
        return "this looks like a binary file, not text"
    return "it looks like Latin-1/Windows-1252 text; re-save it as UTF-8"


def _parse_text(text: str) -> list[dict]:
    rows = []
    for number, (line_no, paragraph) in enumerate(_paragraphs(text)):
        # Only the first paragraph can be the list's header: every later
        # short line is an entry (skipping those lost papers silently).
        if number == 0 and _is_header(paragraph):
            continue
        rows.append({"line": line_no, "title": "", "text": paragraph})
    return rows


def _paragraphs(text: str) -> Iterator[tuple[int, str]]:
    """Yield (start line, paragraph) for blank-line separated paragraphs."""
    # Lines are counted chunk by chunk: counting from the start of the file
    # for every paragraph made 20,000 abstracts take minutes.
    line, start = 1, 0
    for separator in [*_PARAGRAPH_BREAK.finditer(text), None]:
        end = separator.start() if separator else len(text)
        chunk = text[start:end]
        stripped = chunk.strip()
        if stripped:
            lead = len(chunk) - len(chunk.lstrip())
            yield line + chunk.count("\n", 0, lead), stripped
        if separator:
            line += text.count("\n", start, separator.end())
            start = separator.end()


def _is_header(paragraph: str) -> bool:
    """A list header is short and has no sentence structure."""
    words = paragraph.split()
    return len(paragraph) <= 120 and len(words) <= 12 and "\n" not in paragraph and not _SENTENCE_END.search(paragraph)


@contextmanager
def _csv_field_limit(limit: int) -> Iterator[None]:
    """Csv's field size limit raised while parsing, restored afterwards."""
    before = csv.field_size_limit(limit)
    try:
        yield
    finally:
        csv.field_size_limit(before)


def _parse_delimited(text: str, path: Path, delimiter: str) -> list[dict]:
    with _csv_field_limit(_FIELD_LIMIT):
        return _read_delimited(text, path, delimiter)


def _read_delimited(text: str, path: Path, delimiter: str) -> list[dict]:
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    try:
        header = next(reader)
    except csv.Error as err:
        raise InputError(path, f"malformed header: {err}", 1) from None
    fields = [h.strip().lstrip("\ufeff") for h in header]
    abstract_col = _abstract_column(fields, path)
    rows, start = [], reader.line_num + 1
    try:
        for record in reader:
            if any(cell.strip() for cell in record):
                row = _record_row(dict(zip(fields, record, strict=False)), abstract_col, path, start)
                if row:
                    rows.append(row)
            start = reader.line_num + 1
    except csv.Error as err:
        raise InputError(path, f"malformed row: {err}", start) from None
    return rows


def _abstract_column(fields: list[str], path: Path) -> str:
    key = _abstract_key(fields)
    if key is None:
        shown = ", ".join(repr(f) for f in fields[:8]) or "none"
        raise InputError(path, f"no 'abstract' or 'text' column (columns found: {shown})", 1)
    return key


def _abstract_key(fields: Iterable[object]) -> str | None:
    """The field holding the abstract: ``abstract`` (any case), else ``text``, the column the suite writes.

    So a table ``corpus --out papers.csv`` wrote is read back as it was.
    """
    named = {str(f).lower(): f for f in reversed(list(fields)) if isinstance(f, str)}
    return named.get("abstract", named.get("text"))


def _record_row(record: dict, abstract_key: str, path: Path, line: int | None, where: int | None = None) -> dict | None:
    """One entry from a CSV row or JSON object; None (with a warning) when empty."""
    abstract = record.get(abstract_key)
    if not isinstance(abstract, str) or not abstract.strip():
        what = "empty abstract" if abstract is None or isinstance(abstract, str) else "abstract is not text"
        warnings.warn(f"{path}:{line}: {what}, entry skipped", stacklevel=4)
        skip(path, line if where is None else where, what, warn=False)
        return None
    title = record.get("title") or record.get("Title") or ""
    extra = {k: v for k, v in record.items() if k not in (abstract_key, "title", "Title", None)}
    if abstract_key.lower() == "text":
        # A table the suite wrote (corpus --out): the columns it computes are computed again, not kept
        # beside as "doc_id_field", "sources_field", ... (each became a filter of the map).
        extra = {k: v for k, v in extra.items() if k not in _RESERVED}
    extra = {k if k not in _RESERVED else f"{k}_field": _scalar(v, k) for k, v in extra.items()}
    return {"line": line, "title": str(title).strip(), "text": abstract.strip(), **extra}


def _scalar(value: object, key: str = "") -> object:
    """Keep extra fields as plain text columns; lists and objects as JSON.

    A list of names for ``authors`` or ``keywords`` is joined with "; " as the
    reference formats join them: as JSON text it became one author
    ``["Matt Barnes", ...]`` in the .bib export and a key ``mattbarnes2024``.
    """
    if key in LIST_COLUMNS and isinstance(value, list) and all(isinstance(v, str) for v in value):
        return LIST_SEPARATOR.join(v.strip() for v in value if v.strip())
    if isinstance(value, (list, dict)):
        return json.dumps(value, ensure_ascii=False)
    return value


def _parse_jsonl(text: str, path: Path) -> list[dict]:
    rows, records = [], []
    for line_no, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            record = _load_json(line)
        except (ValueError, RecursionError) as err:
            raise InputError(path, f"malformed JSON line: {_json_reason(err)}", line_no) from None
        try:
            row = _json_record(record, path, line_no)
        except RecursionError:
            # Nesting that json.loads just managed can still overflow when
            # the extra field is dumped back to text a few frames deeper.
            raise InputError(path, "malformed JSON line: nested too deeply", line_no) from None
        if row:
            rows.append(row)
        records.append(record)
    if not rows:
        raise_closest_shape(records, path)
    return _repair_surrogates(rows, text, path)


def _parse_json(text: str, path: Path) -> list[dict]:
    try:
        data = _load_json(text)
    except (ValueError, RecursionError) as err:
        line = getattr(err, "lineno", None)
        raise InputError(path, f"malformed JSON: {_json_reason(err)}", line) from None
    if isinstance(data, dict):
        # OpenReview exports hold notes under "notes", OpenAlex responses works under "results"
        # (beside a "group_by" list), Semantic Scholar responses papers under "data".
        named = [data[k] for k in ("notes", "results", "data") if isinstance(data.get(k), list)]
        lists = named or [v for v in data.values() if isinstance(v, list)]
        data = lists[0] if len(lists) == 1 else [data]
    if not isinstance(data, list):
        raise InputError(path, f"expected a list of records; known shapes: {'; '.join(KNOWN_SHAPES)}")
    # JSON arrays carry no reliable line per record; the record number is kept
    # in ``entry`` and ``line`` stays empty.
    try:
        rows = [row for i, record in enumerate(data, start=1) if (row := _json_record(record, path, None, i))]
    except RecursionError:
        raise InputError(path, "malformed JSON: nested too deeply") from None
    if not rows:
        raise_closest_shape(data, path)
    return _repair_surrogates(rows, text, path)


def _load_json(text: str) -> Any:
    return json.loads(text, parse_int=_json_int)


def _json_int(digits: str) -> int | str:
    """An integer, or its digits as text when too long for int() (over 4,300 digits)."""
    try:
        return int(digits)
    except ValueError:
        return digits


def _repair_surrogates(rows: list[dict], text: str, path: Path) -> list[dict]:
    """Replace lone surrogates (valid JSON escapes, invalid text) by U+FFFD, with one warning.

    Rows are flat by now (nested values were dumped to JSON text), so one
    pass over keys and values reaches every string, however deep it was.
    """
    if not _SURROGATE_ESCAPE.search(text):
        return rows
    repaired, count = [], 0
    for row in rows:
        fixed = {}
        for key, value in row.items():
            if isinstance(key, str) and _SURROGATE.search(key):
                key, count = _SURROGATE.sub("\ufffd", key), count + 1
            if isinstance(value, str) and _SURROGATE.search(value):
                value, count = _SURROGATE.sub("\ufffd", value), count + 1
            fixed[key] = value
        repaired.append(fixed)
    if count:
        warnings.warn(
            f"{path}: {count} string(s) hold half of a UTF-16 surrogate pair (a cut emoji?); shown as U+FFFD",
            stacklevel=4,
        )
    return repaired


def _json_record(record: object, path: Path, line: int | None, index: int | None = None) -> dict | None:
    where = line if line is not None else index
    if not isinstance(record, dict):
        # Semantic Scholar's batch endpoint answers null for an id it does not know: one such record is no reason
        # to stop the file.
        found = "null" if record is None else type(record).__name__
        skip(path, where, f"not a JSON object: {found} at {'line' if line is not None else 'record'} {where}")
        return None
    shape = shape_of(record)
    if shape is not None:
        row = shape_row(record, shape, line)
        if row is None:
            skip(path, where, "no abstract", record_key(record, shape))
        return row
    key = _abstract_key(record)
    if key is None:
        fields = ", ".join(str(k) for k in list(record)[:8]) or "none"
        raise InputError(
            path,
            f"record has no 'abstract' or 'text' field (fields: {fields}); known shapes: {'; '.join(KNOWN_SHAPES)}",
            where,
        )
    return _record_row(record, key, path, line, where)


def _json_reason(err: Exception) -> str:
    if isinstance(err, RecursionError):
        return "nested too deeply"
    # json's own message ends "starting at" and leaves the place to its attributes.
    return f"{err.msg} (column {err.colno})" if isinstance(err, json.JSONDecodeError) else str(err)
