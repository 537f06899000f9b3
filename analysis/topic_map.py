r"""The standalone interactive topic map (``topic_map.html``) and the other HTML views.

``topic_map.html`` is one self-contained file: plotly.js, the data and the
page script are inline, so it opens offline, from an e-mail attachment or a
USB stick. It shows every paper on the 2-D map (colour by theme or by topic),
topic labels that never overlap, a legend, hover details, a search box that
highlights the papers whose text matches, and the full abstract of a clicked
paper.

Abstract text is data, never markup: in the plotly figure it is
HTML-escaped (plotly displays entities as characters); in the JSON the page
script reads, ``<``, ``>`` and ``&`` are written as ``\u003c``, ``\u003e``
and ``\u0026``, so no abstract can close the ``<script>`` element; the
script writes it with ``textContent``, never ``innerHTML``.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import plotly
import plotly.graph_objects as go
import plotly.io as pio

from .figures.map import plot_map
from .figures.registry import REGISTRY
from .text import paper_blurb, readable

ASSETS_DIR = Path(__file__).resolve().parent / "assets"
PLOTLY_JS = Path(plotly.__file__).resolve().parent / "package_data" / "plotly.min.js"
MAP_DIV = "topic-map"
_PLACEHOLDER = re.compile(r"\{\{[A-Z_]+\}\}")


def script_json(value) -> str:
    """JSON that is safe inside ``<script>``: no ``<``, ``>`` or ``&`` characters at all."""
    return json_text_for_script(json.dumps(value, ensure_ascii=False, sort_keys=True))


def json_text_for_script(text: str) -> str:
    r"""Escape ``<``, ``>`` and ``&`` in JSON text (they only occur inside strings, where \uXXXX is equal)."""
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


def map_papers(result) -> list[dict]:
    """What the page script needs per paper (plain text; the script shows it with textContent)."""
    papers, documents = result.papers, result.documents
    titles = papers["title"].fillna("") if "title" in papers else [""] * len(papers)
    return [
        {
            "name": str(name),
            "blurb": paper_blurb(title, text),
            "text": readable(text),
            "topic": f"{topic}: {label}",
            "theme": str(theme),
            "sources": str(sources),
        }
        for name, title, text, topic, label, theme, sources in zip(
            documents["name"],
            titles,
            papers["text"],
            documents["topic"],
            documents["topic_label"],
            documents["theme"],
            papers["sources"],
            strict=True,
        )
    ]


def map_figure(result) -> go.Figure:
    """The map figure of the page: theme traces shown, topic traces hidden (the colour switch swaps them)."""
    return plot_map(result, color_by="both")


def topic_map_html(result, figure: go.Figure | None = None) -> str:
    """The whole ``topic_map.html`` page as a string (plotly.js inline).

    Args:
        result: A :class:`~analysis.TopicResult`.
        figure: The map figure, when already built (default: :func:`map_figure`).
    """
    figure = figure if figure is not None else map_figure(result)
    payload = (
        '{"figure": '
        + json_text_for_script(pio.to_json(figure, validate=False))
        + ', "papers": '
        + script_json(map_papers(result))
        + "}"
    )
    n, k = len(result.documents), len(result.topics)
    page = (ASSETS_DIR / "topic_map.html").read_text(encoding="utf-8")
    replacements = {
        "{{TITLE}}": html.escape(f"Topic map: {n} papers, {k} topics"),
        "{{STYLE}}": (ASSETS_DIR / "topic_map.css").read_text(encoding="utf-8"),
        # A "</script" inside plotly.js would end the element early; it has none, and this keeps it so.
        "{{PLOTLY_JS}}": PLOTLY_JS.read_text(encoding="utf-8").replace("</script", "<\\/script"),
        "{{DATA}}": payload,
        "{{APP_JS}}": (ASSETS_DIR / "topic_map.js").read_text(encoding="utf-8"),
        "{{MAP_DIV}}": MAP_DIV,
    }
    # One pass over the template: text inserted for one placeholder is never scanned for another.
    page = _PLACEHOLDER.sub(lambda match: replacements[match.group(0)], page)
    return page


def view_html(figure: go.Figure, div_id: str, title: str) -> str:
    """A page for one figure that loads ``plotly.min.js`` from its own folder (written beside it)."""
    body = figure.to_html(include_plotlyjs="directory", full_html=False, div_id=div_id, config={"displaylogo": False})
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{html.escape(title)}</title>\n"
        "<style>body{font-family:Arial,Helvetica,sans-serif;margin:1rem;color:#222}</style>\n"
        f"</head>\n<body>\n{body}\n</body>\n</html>\n"
    )


def view_pages(result) -> dict[str, str]:
    """The page of every registered figure that has a view (top terms, hierarchy, similarity), by file name."""
    return {
        figure.view.file: view_html(figure.plot(result), figure.view.div_id, figure.view.title)
        for figure in REGISTRY.views()
    }
