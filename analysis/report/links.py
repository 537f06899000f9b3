"""Links to a paper's page: its ``url``, its DOI, its arXiv or OpenReview id, http and https only.

A value of another scheme (``javascript:``, ``data:``, ``file:``...) or one
that is no URL at all is never a link: the map and the guide show it as
text. :func:`paper_link` is the one place that decides; the map's script
checks the scheme again before it makes an anchor.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from typing import NamedTuple
from urllib.parse import quote

import pandas as pd

from analysis.text import URL_SAFE, safe_url

# The columns a link can come from, in the order they are tried.
LINK_COLUMNS = ("url", "doi", "arxiv", "arxiv_id", "eprint", "id", "openreview", "openreview_id", "forum")
_DOI = re.compile(r"^(?:doi:\s*|https?://(?:dx\.)?doi\.org/)?(10\.\d{4,9}/\S+)$", re.IGNORECASE)
_ARXIV = re.compile(r"^(?:arxiv:\s*)?((?:\d{4}\.\d{4,5}|[a-z-]+(?:\.[A-Z]{2})?/\d{7})(?:v\d+)?)$", re.IGNORECASE)
_OPENREVIEW = re.compile(r"^[A-Za-z0-9_-]{6,20}$")


class PaperLink(NamedTuple):
    """Where a paper links to, and what to show.

    Attributes:
        href: An http(s) URL, or "" when the paper has no safe link.
        text: The text of the link; or the unsafe value, shown as plain text.
    """

    href: str
    text: str


def _value(row: object, column: str) -> str:
    return _text(row.get(column) if hasattr(row, "get") else None)


def _text(value: object) -> str:
    """A cell as stripped text; "" for a missing value."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    return str(value).strip()


def paper_link(row: pd.Series) -> PaperLink | None:
    """The link of one paper (a row of the paper frame, or a dict): url, then DOI, arXiv id, OpenReview id.

    Returns:
        A :class:`PaperLink`; its ``href`` is "" when the paper names a place
        but not a safe one (shown as text); None when it names none.
    """
    url = _value(row, "url")
    if url and safe_url(url):
        return PaperLink(safe_url(url), url)
    doi = _DOI.match(_value(row, "doi"))
    if doi:
        return PaperLink(
            "https://doi.org/" + quote(doi.group(1), safe=URL_SAFE.replace("#", "").replace("?", "")),
            f"doi:{doi.group(1)}",
        )
    for column in ("arxiv", "arxiv_id", "eprint", "id"):
        arxiv = _ARXIV.match(_value(row, column))
        if arxiv:
            return PaperLink(f"https://arxiv.org/abs/{arxiv.group(1)}", f"arXiv:{arxiv.group(1)}")
    for column in ("openreview", "openreview_id", "forum"):
        forum = _value(row, column)
        if _OPENREVIEW.match(forum):
            return PaperLink(f"https://openreview.net/forum?id={forum}", f"OpenReview {forum}")
    return PaperLink("", url) if url else None


def paper_links(papers: pd.DataFrame) -> list[PaperLink | None]:
    """:func:`paper_link` of every row of the paper frame (None for all when it has no link column)."""
    columns = [c for c in LINK_COLUMNS if c in papers]
    if not columns:
        return [None] * len(papers)
    return [paper_link(row) for row in papers[columns].to_dict("records")]


def markdown_link(link: PaperLink, md_escape: Callable[[str], str]) -> str:
    """The link in Markdown (``[text](<href>)``), or its text escaped when it is not safe."""
    if not link.href:
        return md_escape(link.text)
    href = link.href.replace("<", "%3C").replace(">", "%3E").replace(" ", "%20")
    return f"[{md_escape(link.text)}](<{href}>)"
