"""Plain-text helpers shared by reading, naming, deduplication and every output.

Reading and deduplication reduce markup (:func:`strip_markup`,
:func:`normalize`); the figures, the topic map and the report cut abstracts
into sentences and short blurbs and escape them for HTML.
"""

from __future__ import annotations

import html
import math
import re
import unicodedata
from pathlib import PurePath
from urllib.parse import quote, urlsplit

_LATEX_ARG = re.compile(r"\\[A-Za-z]+\s*\{([^{}]*)\}")
_LATEX_SYMBOLS = {r"\times": "×", r"\approx": "≈", r"\sim": "~", r"\%": "%", r"\#": "#", r"\&": "&", r"\_": "_"}
_LATEX_CMD = re.compile(r"\\[A-Za-z]+")
_LATEX_ENVIRONMENT = re.compile(r"\\(?:begin|end)\s*\{[A-Za-z*]*\}")
# Each span below stops at the next marker of its kind (or line end): a scan
# from an opening marker that never closes ends there, so hostile input such
# as "*x *x *x ..." costs linear time, not a rescan of the line per marker
# (60 KB of it took 23 s per call, a 1 MB abstract hours).
_MD_LINK = re.compile(r"\[([^\[\]\n]*)\]\([^()\n]*\)")
_MD_EMPHASIS = re.compile(r"(\*{1,3}|_{2,3})(?=\S)((?:[^*_\n]|(?!\1)[*_])+?)(?<=\S)\1")
_MD_ITALIC_UNDERSCORE = re.compile(r"(?<![\w])_(?=\S)((?:[^_\n]|(?<=\w)_(?=\w))+?)(?<=\S)_(?![\w])")
_OLD_STYLE_FONT = re.compile(r"\{\\(?:it|bf|em|rm|tt|sc)\s+([^{}]*)\}")


def strip_markup(text: str) -> str:
    r"""Reduce markdown emphasis and LaTeX markup to the plain words they show.

    ``**T**ransform``, ``$\textbf{D}$oob`` and ``{\it SPT}`` read as
    ``Transform``, ``Doob`` and ``SPT``; math keeps its symbols without the
    dollars and backslashes.
    """
    # Each rule runs only when its marker character is present: most
    # abstracts have little markup, and this keeps 100,000 entries fast.
    if "](" in text:
        text = _MD_LINK.sub(r"\1", text)
    if "\\" in text:
        text = _LATEX_ENVIRONMENT.sub(" ", text)  # "\begin{equation}x\end{equation}" read "equationxequation"
        for _ in range(3):  # nested \cmd{\cmd{x}} unwraps one level per pass
            text = _OLD_STYLE_FONT.sub(r"\1", text)
            text = _LATEX_ARG.sub(r"\1", text)
        for command, symbol in _LATEX_SYMBOLS.items():
            text = text.replace(command, symbol)
        text = _LATEX_CMD.sub("", text)
    if "$" in text or "{" in text or "}" in text:
        text = text.replace("$", "").replace("{", "").replace("}", "")
    if "*" in text or "__" in text:
        text = _MD_EMPHASIS.sub(r"\2", text)
    if "_" in text:
        text = _MD_ITALIC_UNDERSCORE.sub(r"\1", text)
    return text


_GREEK = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi pi rho sigma tau phi chi psi omega"
_MATH_SYMBOLS = {
    **{rf"\{name}": letter for name, letter in zip(_GREEK.split(), "αβγδεζηθικλμνξπρστφχψω", strict=True)},
    **{
        rf"\{name.capitalize()}": symbol
        for name, symbol in (
            ("gamma", "Γ"),
            ("delta", "Δ"),
            ("theta", "Θ"),
            ("lambda", "Λ"),
            ("pi", "Π"),
            ("sigma", "Σ"),
            ("phi", "Φ"),
            ("psi", "Ψ"),
            ("omega", "Ω"),
        )
    },
    r"\varepsilon": "ε",
    r"\ell": "ℓ",
    r"\infty": "∞",
    r"\leq": "≤",
    r"\le": "≤",
    r"\geq": "≥",
    r"\ge": "≥",
    r"\neq": "≠",
    r"\cdot": "·",
    r"\in": "∈",
    r"\to": "→",
    r"\rightarrow": "→",
    r"\pm": "±",
    r"\sum": "Σ",
    r"\log": "log",
    r"\exp": "exp",
    r"\min": "min",
    r"\max": "max",
    r"\sqrt": "√",
    r"\ldots": "…",
    r"\dots": "…",
    r"\cdots": "⋯",
    r"\star": "⋆",
    r"\top": "⊤",
    r"\ll": "≪",
    r"\gg": "≫",
    r"\propto": "∝",
    r"\circ": "∘",
    r"\subset": "⊂",
    r"\varphi": "φ",
    r"\prime": "′",
    r"\int": "∫",
    # Text macros many papers define: dropped, they left "methods ( , ...)".
    r"\eg": "e.g.",
    r"\ie": "i.e.",
}
_MATH_COMMAND = re.compile(r"\\[A-Za-z]+(?![A-Za-z])")
_OPEN_SET, _CLOSE_SET = "\x01", "\x02"
_FRACTION = re.compile(r"\\frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}")
_ROOT = re.compile(r"\\sqrt\s*\{([^{}]*)\}")


def readable(text: str) -> str:
    r"""An abstract as a reader should see it: markup reduced, math kept readable, whitespace folded.

    ``$\textbf{D}$oob`` reads ``Doob``, ``**E**nergy`` ``Energy`` and
    ``$O(\sqrt{T})$`` ``O(√T)``; a sentence glued to the one before it (no
    space after the full stop, as in 319 of the reference corpus's 2,260
    abstracts: ``"of LLMs.To overcome"``) gets its space back. Display only:
    matching uses :func:`normalize`.

    Example:
        >>> readable(r"regret $O(\sqrt{T \log T})$ with $\epsilon \leq 1$")
        'regret O(√(T log T)) with ε ≤ 1'
    """
    text = str(text)
    if "\\" not in text:
        return _unglued(" ".join(strip_markup(text).split()))
    # Escaped braces are a set's braces ("t ∈ \{1, ⋯, T\}"): strip_markup drops every other brace.
    # They wait as control characters, which no reader sees, so any in the abstract go first.
    text = "".join(text.split(_OPEN_SET)).replace(r"\{", _OPEN_SET)
    text = "".join(text.split(_CLOSE_SET)).replace(r"\}", _CLOSE_SET)
    text = _ROOT.sub(lambda m: "√" + (m.group(1) if len(m.group(1)) == 1 else f"({m.group(1)})"), text)
    text = _FRACTION.sub(r"\1/\2", text)
    text = _MATH_COMMAND.sub(lambda m: _MATH_SYMBOLS.get(m.group(), m.group()), text)
    plain = " ".join(strip_markup(text).split())
    return _unglued(plain.replace(_OPEN_SET, "{").replace(_CLOSE_SET, "}"))


# A full stop between two word characters and a capitalised word ("LLMs.To", "(SDS).Though"); not
# "e.g.The" (one letter before the stop), "v1.5" or "ADE20K.AT" (no lower-case letter after the capital).
_GLUED_SENTENCE = re.compile(r"(?<=[A-Za-z0-9)\]][A-Za-z0-9)\]][.!?])(?=[A-Z][a-z])")


def _unglued(text: str) -> str:
    """``text`` with a space after each glued full stop, links ("github.com/a/Repo.Name") left whole.

    One pass: the word around each stop is tracked from the last one, so a
    long text with many stops costs no more than its length.
    """
    pieces, start, scanned, in_link = [], 0, 0, False
    for match in _GLUED_SENTENCE.finditer(text):
        at = match.start()
        space = text.rfind(" ", scanned, at)
        in_link = "/" in text[space:at] if space >= 0 else in_link or "/" in text[scanned:at]
        scanned = at
        if not in_link:
            pieces.append(text[start:at])
            start = at
    return " ".join([*pieces, text[start:]])


_HASH_RUN = re.compile(r"[0-9a-f]{10,}")


def list_label(file_name: str) -> str:
    """A source list as a reader names it: the file's stem, a hash-like run cut to six characters.

    Example:
        >>> list_label("000_9a806cafa3d919df.txt"), list_label("icml_orals.csv")
        ('000_9a806c…', 'icml_orals')
    """
    return _HASH_RUN.sub(lambda run: run.group()[:6] + "…", PurePath(file_name).stem)


def normalize(text: str) -> str:
    """Matching form of an abstract: NFKC, markup reduced, whitespace folded, case folded.

    Display keeps the text as written; this form only decides what is equal.
    """
    text = unicodedata.normalize("NFKC", text)
    text = strip_markup(text)
    return " ".join(text.split()).casefold()


def fold_accents(text: str) -> str:
    """Latin letters without their accents, ligatures split ("Schrödinger", "ﬁ" -> "Schrodinger", "fi").

    c-TF-IDF folds before BERTopic's ``[A-Za-z0-9 ]`` filter, which deletes
    the letter instead: the reference corpus's Schrödinger-bridge papers gave
    the term "schrdinger", "Fréchet" "frchet" (28 of its 2,260 abstracts hold
    such a word); citation keys fold the authors' names.
    """
    if text.isascii():
        return text
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def escape(text: object) -> str:
    """Abstract text made safe for any HTML context (plotly hover, attributes, bodies)."""
    return html.escape("" if text is None or (isinstance(text, float) and math.isnan(text)) else str(text))


def shorten(text: str, limit: int, whole_words: bool = True) -> str:
    """Cut ``text`` to at most ``limit`` characters, marking the cut with an ellipsis.

    Args:
        text: Any text; runs of whitespace become one space.
        limit: The most characters returned, the ellipsis included.
        whole_words: Cut at a word boundary (labels, blurbs); else at the
            character (paper names, whose words are often one long token).
    """
    text = " ".join(str(text).split())
    if len(text) <= limit:
        return text
    if not whole_words:
        return text[: limit - 1].rstrip() + "…"
    return text[: limit - 1].rsplit(" ", 1)[0].rstrip(",;:") + "…"


_SENTENCE_SPLIT = re.compile(r"(?:(?<=[.!?])|(?<=[.!?][\"'”’]))\s+(?=[A-Z0-9\"'(\[])")


def sentences(text: str) -> list[str]:
    """Sentences of an abstract, as :func:`readable` shows them."""
    plain = readable(text)
    return [s for s in _SENTENCE_SPLIT.split(plain) if s]


def paper_blurb(title: object, text: str, limit: int = 200) -> str:
    """Title when the source had one, else the abstract's first sentence (plain text)."""
    if isinstance(title, str) and title.strip():
        return shorten(title, limit)
    first = sentences(text)
    return shorten(first[0], limit) if first else ""


# A web address written in an abstract ("https://github.com/...", "www.example.org").
URL = re.compile(r"\b(?:https?://|www\.)\S+")
SAFE_SCHEMES = ("http", "https")
# Characters kept as they are in a link; anything else (spaces, quotes, brackets) is percent-encoded.
URL_SAFE = ":/?#@!$&'*+,;=%~-._"


def safe_url(value: str) -> str:
    """``value`` as a link when it is an absolute http(s) URL with a host, else "".

    Every output that makes a link of a paper's URL (the map, the guide, the
    BibTeX and RIS files a reference manager opens) goes through this one
    check: ``javascript:``, ``data:`` and relative links are text, never links.
    """
    try:
        parts = urlsplit(value.strip())
    except ValueError:
        return ""
    if parts.scheme.lower() not in SAFE_SCHEMES or not parts.netloc or any(c in value for c in "\r\n\t"):
        return ""
    return quote(value.strip(), safe=URL_SAFE)


def plural(count: int, noun: str, nouns: str = "") -> str:
    """``1 paper``, ``2 papers``; ``nouns`` where the plural is not the noun and an s (``entry``, ``entries``)."""
    return f"{count} {noun if count == 1 else (nouns or noun + 's')}"
