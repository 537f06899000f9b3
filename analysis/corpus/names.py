"""Short human labels for papers: the method or system an abstract introduces.

A reader remembers "SkeletonLLM" or "WASH", not the first words of an
abstract. We look for a name-like token (inner capitals, all capitals or
digits, e.g. ``OPO-CMDP``, ``T3-Video``, ``PhaseLock``) that the abstract
introduces: right after "we propose / introduce / present / termed ...", or
as the subject of "X is a ...". A token already used before that point is a
background term (``CSLs``, ``RLVR``), not the contribution.
"""

from __future__ import annotations

import re
from bisect import bisect_left

from analysis.text import URL, shorten, strip_markup

_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*")
_INTRODUCER = re.compile(
    r"\b(?:propose[sd]?|introduce[sd]?|present(?:s|ed)?|develop(?:s|ed)?|termed|called|dubbed|named)\b",
    re.IGNORECASE,
)
_DEFINITION = re.compile(r"\b(is|are) (?:a|an|the)\b")
_WINDOW_WORDS = 12
_FALLBACK_WORDS = 6
_MAX_NAME = 60


def paper_name(text: str, title: str = "") -> str:
    """Label a paper by its title's name, else the method it introduces, else its first words.

    Args:
        text: The abstract as written (markdown and LaTeX are fine).
        title: The title, "" when the source has none.

    Returns:
        A short label such as ``"SkeletonLLM"`` or ``"OPO-CMDP"``.

    Example:
        >>> paper_name("We introduce WASH (Watermark Attenuation ...), which ...")
        'WASH'
    """
    plain = " ".join(URL.sub(" ", strip_markup(text)).split())
    title = " ".join(strip_markup(title or "").split())
    if title:
        return title_name(title, introduced_name(plain))
    name = introduced_name(plain)
    if name:
        return name
    # An abstract of punctuation or markup only ("," or "$$") still gets a
    # non-empty label, so every paper can be found in the report.
    return contribution_phrase(plain) or _first_words(plain) or _shorten(plain) or _shorten(" ".join(text.split()))


# "CADS: Unleashing the Diversity of Diffusion Models ..." names CADS. A
# prefix of more words is a headline ("Breaking Physical and Linguistic
# Borders: ..."), which still names the paper better than the abstract can.
TITLE_PREFIX = re.compile(r"^([^:]{1,80}?)\s*:\s+\S")


def title_name(title: str, introduced: str | None = None) -> str:
    """The name a titled paper goes by.

    The part before a colon ("Nemesis: Normalizing ..." gives "Nemesis");
    else the name the abstract introduces, when the title uses it too (an
    acronym the abstract only mentions, such as the model a paper attacks,
    is not the paper's name); else the title, shortened.

    Example:
        >>> title_name("CADS: Unleashing the Diversity of Diffusion Models")
        'CADS'
    """
    prefix = TITLE_PREFIX.match(title)
    if prefix:
        return _shorten(prefix.group(1).strip())
    if introduced and re.search(r"\b" + re.escape(introduced) + r"\b", title):
        return introduced
    return _shorten(title)


def introduced_name(plain: str) -> str | None:
    """The name-like token the abstract introduces, or None."""
    tokens = [(m.start(), m.group()) for m in _TOKEN.finditer(plain)]
    positions = [p for p, _ in tokens]
    first_seen: dict[str, int] = {}
    for position, token in tokens:
        first_seen.setdefault(token, position)
    for cue in _cues(plain, tokens):
        # The window starts at the first token after the cue; finding it by
        # bisection keeps an abstract with thousands of cues linear.
        start = bisect_left(positions, cue)
        name = _candidate_after(cue, tokens[start : start + _WINDOW_WORDS], first_seen)
        if name:
            return _extend(name, tokens)
    return None


def _cues(plain: str, tokens: list[tuple[int, str]]) -> list[int]:
    """Positions from which a newly introduced name is looked for, in text order."""
    cues = [m.end() for m in _INTRODUCER.finditer(plain)]
    for position, token in tokens:
        after = plain[position + len(token) : position + len(token) + 8]
        # The cheap test first: few tokens are followed by "is a".
        if _DEFINITION.match(after.lstrip()) and _is_name_like(token):
            cues.append(position)
    return sorted(cues)


def _candidate_after(cue: int, window: list[tuple[int, str]], first_seen: dict[str, int]) -> str | None:
    """The first name-like token of ``window`` (the tokens after ``cue``) not used before the cue."""
    for _, token in window:
        if _is_name_like(token) and first_seen[token] >= cue:
            return token
    return None


def _is_name_like(token: str) -> bool:
    """Inner capitals, all capitals or a letter-digit mix in some hyphen part."""
    return any(_is_name_part(part) for part in token.split("-"))


def _is_name_part(part: str) -> bool:
    if len(part) < 2 or part.isdigit():
        return False
    has_upper = any(c.isupper() for c in part)
    inner_upper = any(c.isupper() for c in part[1:])
    mixed_digit = has_upper and any(c.isdigit() for c in part)
    return inner_upper or mixed_digit


def _extend(name: str, tokens: list[tuple[int, str]]) -> str:
    """``T3`` introduced, then mostly written ``T3-Video``: use the longer name."""
    words = [t for _, t in tokens]
    extensions = {t for t in words if t.startswith(name + "-")}
    if len(extensions) != 1:
        return name
    longer = extensions.pop()
    return longer if words.count(longer) >= words.count(name) else name


_PHRASE_END = re.compile(r"[,.;:(]|\b(?:that|which|where|whose|for|based|by|in|with|via|under|on)\b")
_LEADING_FILLER = {
    "a",
    "an",
    "the",
    "novel",
    "new",
    "simple",
    "first",
    "general",
    "principled",
    "unified",
    "our",
    "advanced",
}
# "a principled way to design X" names X, not the way.
_WAY_TO = re.compile(r"^(?:way|method|approach)\s+to\s+\w+\s+", re.IGNORECASE)
_PHRASE_CUES = re.compile(
    r"\b(?:we|this paper|this work)\s+(?:propose|introduce|present|develop|derive|study)s?\b", re.IGNORECASE
)


def contribution_phrase(plain: str) -> str | None:
    """The noun phrase after "we propose / introduce / derive ...", e.g. "Ideal attribution mechanisms"."""
    match = _PHRASE_CUES.search(plain)
    if not match:
        return None
    rest = plain[match.end() :]
    end = _PHRASE_END.search(rest)
    words = rest[: end.start() if end else len(rest)].split()
    while words and words[0].lower() in _LEADING_FILLER:
        words.pop(0)
    words = _WAY_TO.sub("", " ".join(words)).split()
    if len(words) < 2:
        return None
    label = " ".join(words[:_FALLBACK_WORDS]) + ("…" if len(words) > _FALLBACK_WORDS else "")
    return _shorten(label[0].upper() + label[1:])


def _first_words(plain: str) -> str:
    words = plain.split()
    label = " ".join(words[:_FALLBACK_WORDS]).rstrip(",;:.")
    return _shorten(label + ("…" if len(words) > _FALLBACK_WORDS else ""))


def _shorten(label: str) -> str:
    return shorten(label, _MAX_NAME, whole_words=False)
