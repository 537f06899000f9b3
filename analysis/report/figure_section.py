"""The HTML report's figures section: each figure as its SVG, or embedded as an interactive plot, and the views.

Split from :mod:`analysis.report.document`, which writes the rest of the page and the Markdown report's figures
(they quote with its ``md_escape``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from analysis.figures.registry import REGISTRY
from analysis.text import escape

if TYPE_CHECKING:
    import plotly.graph_objects as go

    from analysis.model.topic_result import TopicResult

TOPIC_MAP_LINK = ("topic_map.html", "interactive topic map (search, hover, colour by topic)")


def interactive_views(result: TopicResult | None = None) -> list[tuple[str, str]]:
    """File name and link text of every interactive page: the topic map, then each registered figure's view.

    With ``result``, only the views of the figures that apply to it.
    """
    views = [figure.view for figure in REGISTRY.views(result) if figure.view is not None]
    return [TOPIC_MAP_LINK, *((view.file, view.link) for view in views)]


def _fitted(figure: go.Figure) -> go.Figure:
    """A copy of a figure as wide as the page: drawn 1200 pixels wide for export, it made a laptop's page scroll."""
    from plotly.graph_objects import Figure  # plotly loads only where figures are embedded

    fitted = Figure(figure)
    fitted.update_layout(width=None, autosize=True)
    return fitted


def figures_html(
    result: TopicResult, static_files: list[str], skipped: str | None, figures: dict[str, go.Figure] | None
) -> str:
    """The figures section: each shown figure's SVG where it was written, else the figure embedded, then the views."""
    parts = ['<section id="figures">\n<h2>Figures</h2>']
    files = set(static_files)
    for figure in REGISTRY.shown(result):
        stem, caption = figure.name, figure.caption
        if f"{stem}.svg" in files:
            links = f'<a href="{stem}.svg">SVG</a>' + (
                f', <a href="{stem}.png">PNG</a>' if f"{stem}.png" in files else ""
            )
            parts.append(
                f'<figure><img src="{stem}.svg" alt="{escape(caption)}">'
                f"<figcaption>{escape(caption)} ({links})</figcaption></figure>"
            )
        elif figures and stem in figures:
            div = _fitted(figures[stem]).to_html(
                include_plotlyjs=False, full_html=False, div_id=f"figure-{stem}", config={"responsive": True}
            )
            parts.append(f"<figure>{div}<figcaption>{escape(caption)}</figcaption></figure>")
    if skipped:
        parts.append(f"<p class='meta'>Static figures (PNG/SVG) were not written: {escape(skipped)}</p>")
    views = ", ".join(f'<a href="{name}">{escape(text)}</a>' for name, text in interactive_views(result))
    parts.append(f"<p>Interactive views: {views}.</p>\n</section>")
    return "\n".join(parts)
