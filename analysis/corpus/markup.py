r"""LaTeX and HTML in reference exports, decoded to the characters they stand for; what cannot be, kept and counted.

Reference managers write characters as markup: Zotero's BibTeX has
``{\textless}`` for ``<``, Mendeley's ``$\backslash$n`` for a line break,
``{$<$}`` and HTML (``{\textless}p{\textgreater}``, ``&rsquo;``); RIS and
JSON exports carry HTML tags and entities. :func:`latex_decoder` is the
pylatexenc decoder the BibTeX reader uses, told about the ``\textless``
family; :func:`prepare_latex` turns the constructs it cannot read
(math-mode symbols, raw HTML entities) into ones it can; :func:`html_text`
decodes HTML in every reference reader's title and abstract. A construct
none of them knows (an unknown macro, an unknown entity, a tag that is not
text formatting) stays in the text as written and is counted with
:func:`note_undecoded`, for the corpus summary.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from pylatexenc.latex2text import (  # type: ignore[import-untyped]
    LatexNodes2Text,
    MacroTextSpec,
    get_default_latex_context_db,
)

from analysis.text import plural

# Text macros pylatexenc's default context drops (its default for an unknown macro is to discard it).
_TEXT_MACROS = {
    "textless": "<",
    "textgreater": ">",
    "textbar": "|",
    "textunderscore": "_",
    "textquotedbl": '"',
    "textbraceleft": "{",
    "textbraceright": "}",
    "textminus": "−",
    # Macros that change no text: \string^ is how BibTeX writes a caret, \relax and \protect only steer TeX.
    "string": "",
    "relax": "",
    "protect": "",
}
# Math groups that exports use for one plain character ({$<$}, $\sim$).
_MATH_CHARACTERS = {
    "<": "<",
    ">": ">",
    "|": "|",
    r"\sim": "∼",
    r"\times": "×",
    r"\pm": "±",
    r"\leq": "≤",
    r"\le": "≤",
    r"\geq": "≥",
    r"\ge": "≥",
    r"\approx": "≈",
    r"\cdot": "·",
    r"\ast": "*",
    r"\mu": "μ",
    r"\circ": "°",
    r"\%": "%",
    r"\&": "&",
}
_MATH_CHARACTER = re.compile(
    r"\{?\$\s*("
    + "|".join(re.escape(k) + (r"(?![A-Za-z])" if k[-1].isalpha() else "") for k in _MATH_CHARACTERS)
    + r")\s*\$\}?"
)
# Mendeley writes a line break of its database as a LaTeX backslash and the letter n.
_ESCAPED_NEWLINE = re.compile(r"\{?\$\\backslash\$\}?n")
# An HTML entity written raw in BibTeX: pylatexenc would read its "&" as a table column.
_RAW_ENTITY = re.compile(r"(?<!\\)&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
_ENTITY = re.compile(r"&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
# Tags that only format text (a paragraph, a line break, italics, sub/superscript; JATS as Crossref gives it).
# Attributes must have values, so that "0<i and i>5" is no tag.
_ATTRIBUTES = r"""(?:\s+[\w:-]+=(?:"[^"]*"|'[^']*'|[^\s<>"']+))*\s*/?>"""
_FORMAT_TAG = re.compile(
    r"</?(?:jats:)?(?:p|br|i|b|em|strong|u|sub|sup|inf|span|div|sc|italic|bold|title|sec|list|list-item|abstract)"
    + _ATTRIBUTES,
    re.IGNORECASE,
)
_BLOCK_TAG = re.compile(r"</?(?:jats:)?(?:p|br|div|sec|title|list-item)\b", re.IGNORECASE)
_OTHER_TAG = re.compile(r"</?[A-Za-z][\w:.-]*" + _ATTRIBUTES)
# LaTeX special characters, written as BibTeX must write them to mean themselves.
_LATEX_ESCAPES = {
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
}

_UNDECODED: ContextVar[Counter | None] = ContextVar("undecoded", default=None)


@contextmanager
def collect_undecoded() -> Iterator[Counter]:
    """Count every construct :func:`note_undecoded` is told of while the block runs, in the Counter it yields."""
    found: Counter = Counter()
    token = _UNDECODED.set(found)
    try:
        yield found
    finally:
        _UNDECODED.reset(token)


def note_undecoded(construct: str) -> None:
    r"""Count one construct kept as written, as no decoder knows it (``\mkbibquote``, ``&bogus;``, ``<mml:math>``)."""
    found = _UNDECODED.get()
    if found is not None:
        found[construct] += 1


def undecoded_summary(counts: dict[str, int], show: int = 5) -> list[str]:
    """Lines for the corpus summary: how many constructs were kept as written, the commonest first."""
    if not counts:
        return []
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    shown = ", ".join(f"{construct} ({n})" for construct, n in ranked[:show])
    more = f" and {len(ranked) - show} more kinds" if len(ranked) > show else ""
    total = sum(counts.values())
    kept = plural(total, "LaTeX/HTML construct")
    return [f"{kept} kept as written (no decoder knows them): {shown}{more}"]


def _keep_macro(node: Any, *_args: object) -> str:
    r"""An unknown macro stays visible (``\name``) instead of vanishing, and is counted."""
    note_undecoded(f"\\{node.macroname}")
    return f"\\{node.macroname} "


def latex_decoder() -> LatexNodes2Text:
    """Pylatexenc's decoder as bibtexparser builds it, plus the text macros it lacks; unknown macros kept.

    Math stays verbatim (``$O(n^2)$``), as bibtexparser's default has it.
    """
    context = get_default_latex_context_db()
    macros = [MacroTextSpec(name, simplify_repl=char) for name, char in _TEXT_MACROS.items()]
    context.add_context_category("exports", prepend=True, macros=[*macros, MacroTextSpec("url", simplify_repl="%s")])
    context.set_unknown_macro_spec(MacroTextSpec("", simplify_repl=_keep_macro))
    return LatexNodes2Text(latex_context=context, math_mode="verbatim")


def prepare_latex(value: str) -> str:
    r"""A BibTeX value with the constructs pylatexenc misreads rewritten as ones it reads right.

    ``{$<$}`` becomes ``<``, ``$\backslash$n`` a line break, a raw ``&rsquo;`` its character (escaped
    where LaTeX would read it as markup).
    """
    value = _ESCAPED_NEWLINE.sub("\n", value)
    value = _MATH_CHARACTER.sub(lambda m: _latex_safe(_MATH_CHARACTERS[m.group(1)]), value)
    return _RAW_ENTITY.sub(_raw_entity, value)


def _raw_entity(found: re.Match) -> str:
    decoded = html.unescape(found.group(0))
    return found.group(0).replace("&", r"\&") if decoded == found.group(0) else _latex_safe(decoded)


def _latex_safe(text: str) -> str:
    return "".join(_LATEX_ESCAPES.get(char, char) for char in text)


def html_text(value: str) -> str:
    """Text with HTML entities decoded and formatting tags removed (a paragraph or line break becomes a space).

    ``<6%`` is no tag and stays; an unknown entity or a tag that is not text formatting stays as written and is
    counted (:func:`note_undecoded`).
    """
    if "&" not in value and "<" not in value:
        return value
    value = _BLOCK_TAG.sub(lambda m: " " + m.group(0), value)
    value = _FORMAT_TAG.sub("", value)
    for tag in _OTHER_TAG.finditer(value):
        note_undecoded("<" + tag.group(0)[1:].split()[0].rstrip(">/") + ">")
    return _ENTITY.sub(_entity, value)


def _entity(found: re.Match) -> str:
    decoded = html.unescape(found.group(0))
    if decoded == found.group(0):
        note_undecoded(found.group(0))
    return decoded
