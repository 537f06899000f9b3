"""The reading-group report: ``report.html`` and ``report.md`` from one fitted analysis.

What it says (reading order, cross-theme pairs, misfits, one sentence per
paper) comes from :class:`~analysis.report.content.ReportContent`; here it
is written out as Markdown and as HTML, with the registered figures
(:mod:`analysis.figures.registry`) and links to the interactive pages.

All abstract text is escaped (``html.escape``) in both outputs: Markdown
renderers pass raw HTML through, so the Markdown is escaped too.
"""

from __future__ import annotations

import html
import re
from typing import TYPE_CHECKING, Any

from analysis.corpus.export import references_bibtex
from analysis.figures.registry import REGISTRY
from analysis.figures.style import theme_colors
from analysis.report.compared import Section, compared_sections, section_html, section_markdown
from analysis.report.content import ReportContent, theme_topics
from analysis.report.figure_section import figures_html, interactive_views
from analysis.report.links import markdown_link
from analysis.report.overview import (
    FULL_LIST_MAX,
    Topic,
    area_topics,
    areas_html,
    areas_markdown,
    overview_html,
    overview_markdown,
    theme_topics_html,
    theme_topics_markdown,
)
from analysis.report.whats_new import WHAT_IS_NEW_ID, what_is_new_html, what_is_new_markdown
from analysis.text import escape, plural

if TYPE_CHECKING:
    import pandas as pd
    import plotly.graph_objects as go

    from analysis.model.topic_result import TopicResult
    from analysis.report.links import PaperLink

# The topic map is a page of its own (topic_map.py), not the view of a report
# figure: the report links it before the figures' views.


# ---------------------------------------------------------------- Markdown


def md_escape(text: object) -> str:
    """Plain text for Markdown: HTML escaped (renderers pass raw HTML through) and Markdown markers disarmed."""
    text = html.escape(" ".join(str(text).split()), quote=False)
    return re.sub(r"([\\`*_\[\]|])", r"\\\1", text)


def reading_list_bibtex(content: ReportContent) -> str:
    """Every paper as BibTeX, in the guide's reading order (theme by theme, most central first)."""
    # bibtex_entry writes a url only when it is an http(s) link.
    # The keys of the whole table (the map's), not of the reading order: one paper, one key in every export.
    rows = content.order["row"].to_numpy()
    keys = [content.citation_keys[row] for row in rows.tolist()]
    return references_bibtex(content.result.papers.iloc[rows].reset_index(drop=True), keys)


def report_markdown(
    result: TopicResult, static_files: list[str], skipped: str | None = None, content: ReportContent | None = None
) -> str:
    """The report as Markdown (GitHub renders it; figures are the PNGs beside it).

    Args:
        result: A :class:`~analysis.TopicResult`.
        static_files: Names of the PNG/SVG files written beside the report.
        skipped: Why static figures were not written, when they were not.
        content: Precomputed :class:`ReportContent` (built when None).
    """
    content = content or ReportContent.build(result)
    documents = result.documents
    lines = [
        "# Reading-group report",
        "",
        _overview(content, markdown=True),
        "",
        "Open [topic_map.html](topic_map.html) for the interactive map: search, hover and read each abstract.",
        "",
        *what_is_new_markdown(result, md_escape),
    ]
    topics = area_topics(content)
    lines += overview_markdown(content, topics, md_escape, image="map.png" in static_files)
    lines += areas_markdown(content, topics, md_escape)
    for theme in _themes_present(content):
        lines += _md_theme(content, theme, topics)
    lines += ["## Related papers in different themes", "", _PAIRS_INTRO, ""]
    if content.pairs.empty:
        lines.append("No pairs: fewer than two themes have papers.")
    for pair in content.pairs.itertuples():
        a, b = documents.iloc[pair.first], documents.iloc[pair.second]
        lines.append(
            f"- **{md_escape(a['name'])}** ({md_escape(a['theme'])}) and **{md_escape(b['name'])}** "
            f"({md_escape(b['theme'])}): cosine {pair.cosine:.2f}"
        )
    lines += ["", "## Papers that fit no theme well", "", _MISFITS_INTRO, ""]
    if content.misfits.empty:
        lines.append("None: every paper fits one theme clearly.")
    shown = _shown_misfits(content)
    for misfit in shown.itertuples():
        paper = documents.iloc[misfit.row]
        lines.append(f"- **{md_escape(paper['name'])}** — {md_escape(_misfit_phrase(misfit))}")
    lines += ["", _more_misfits(content, shown)] if len(shown) < len(content.misfits) else []
    lines.append("")
    for section in compared_sections(result):
        lines += section_markdown(section, md_escape)
    lines += _md_figures(result, static_files, skipped)
    lines += [_METHOD_NOTE, ""]
    return "\n".join(lines)


def _md_figures(result: TopicResult, static_files: list[str], skipped: str | None) -> list[str]:
    """The Figures section in Markdown: each figure of ``result`` whose PNG was written, then the views."""
    lines = ["## Figures", ""]
    pngs = set(static_files)
    for figure in REGISTRY.shown(result):
        stem, caption = figure.name, figure.caption
        if f"{stem}.png" in pngs:
            lines += [f"![{md_escape(caption)}]({stem}.png)", "", f"*{md_escape(caption)}* ([SVG]({stem}.svg))", ""]
    if skipped:
        lines += [f"Static figures were not written: {md_escape(skipped)}", ""]
    views = ", ".join(f"[{text}]({name})" for name, text in interactive_views(result))
    return [*lines, f"Interactive views: {views}", ""]


# Misfits listed in the report of a corpus over FULL_LIST_MAX papers (its "other" papers alone may be half of it).
MISFITS_SHOWN = 20
_PAIRS_INTRO = (
    "The most similar abstracts (cosine of their embeddings) whose papers landed in different themes: "
    "good pairs to read together, or to discuss where the boundary lies."
)
_MISFITS_INTRO = (
    "Papers whose best theme score is under the floor (no theme), or whose two best themes are nearly tied "
    "(between themes). Worth a look before trusting the theme sections."
)
_METHOD_NOTE = (
    "How this was made: abstracts were embedded with a sentence encoder, clustered into topics (BERTopic) "
    "and scored against each theme's description and seed phrases. Reading order puts first the papers "
    "closest both to their theme's definition and to the other papers of the theme."
    " The tables behind it are documents.csv and topics.csv."
)


def _md_theme(content: ReportContent, theme: str, topics: list[Topic]) -> list[str]:
    """One theme's Markdown: its description, its topics by area and (a small corpus) its papers in reading order.

    The "other" papers are read area by area, not as one list.
    """
    documents, links = content.documents, content.links
    lines = [f"## {md_escape(theme)}", "", f"*{md_escape(content.theme_description(theme))}*", ""]
    lines += theme_topics_markdown(theme_topics(content.result, theme), topics, md_escape)
    if len(documents) > FULL_LIST_MAX:
        return lines
    lines += ["Reading order (most central first):", ""]
    for heading, rows in _reading_groups(content, theme):
        lines += [f"### {md_escape(heading)}", ""] if heading else []
        for row in rows:
            paper = documents[row.row]
            lines.append(
                f"{row.rank}. **{md_escape(paper['name'])}**{_md_title(content.title(row.row))}"
                f"{_md_link(links[row.row])} — "
                f"{md_escape(content.summaries[row.row])} "
                f"*(topic {md_escape(paper['topic_label'])}; theme score {paper['theme_score']:.2f})*"
            )
        lines.append("")
    return lines


def _reading_groups(content: ReportContent, theme: str) -> list[tuple[str, list]]:
    """A theme's reading order as one group; the "other" theme's split by area (heading: the area's label)."""
    rows = list(content.order[content.order["theme"] == theme].itertuples())
    documents = content.documents
    if theme != content.result.themes.other or "area" not in content.result.documents:
        return [("", rows)]
    groups: dict[int, list] = {}
    for row in sorted(rows, key=lambda r: (int(documents[r.row]["area"]), r.rank)):
        groups.setdefault(int(documents[row.row]["area"]), []).append(row)
    return [(str(documents[members[0].row]["area_label"]), members) for members in groups.values()]


def _shown_misfits(content: ReportContent) -> pd.DataFrame:
    """The misfits listed: all of a small corpus's, the weakest :data:`MISFITS_SHOWN` of a larger one."""
    return content.misfits if len(content.documents) <= FULL_LIST_MAX else content.misfits.head(MISFITS_SHOWN)


def _more_misfits(content: ReportContent, shown: pd.DataFrame) -> str:
    left = len(content.misfits) - len(shown)
    return f"and {left} more: the theme_margin column of documents.csv (corpus over {FULL_LIST_MAX} papers)."


def _md_title(title: str) -> str:
    """``, *Full Title*`` after a paper's name, whole (never cut), or nothing without a title."""
    return f", *{md_escape(title)}*" if title else ""


def _md_link(link: PaperLink | None) -> str:
    """`` (link)`` after a paper's title: a Markdown link for http(s), else the value as text; nothing without one."""
    return f" ({markdown_link(link, md_escape)})" if link is not None else ""


def _html_link(link: PaperLink | None) -> str:
    """The same in HTML: an anchor only for an http(s) URL."""
    if link is None:
        return ""
    if not link.href:
        return f" <span class='link'>({escape(link.text)})</span>"
    return f' (<a class="link" href="{escape(link.href)}" rel="noopener noreferrer">{escape(link.text)}</a>)'


def _html_title(title: str) -> str:
    return f", <span class='title'>{escape(title)}</span>" if title else ""


def _overview(content: ReportContent, markdown: bool) -> str:
    result = content.result
    n, k = len(result.documents), len(result.topics)
    quote = md_escape if markdown else escape
    lists = " from " + ", ".join(quote(s) for s in content.sources) if content.sources else ""
    counts = result.documents["theme"].value_counts()
    per_theme = ", ".join(f"{quote(t)}: {int(counts.get(t, 0))}" for t in result.themes.names)
    themes = len(result.themes.themes)
    return f"{plural(n, 'paper')}{lists}, in {plural(k, 'topic')} and {plural(themes, 'theme')} ({per_theme})."


def _themes_present(content: ReportContent) -> list[str]:
    present = set(content.result.documents["theme"])
    return [t for t in content.result.themes.names if t in present]


def _misfit_phrase(misfit: Any) -> str:  # a row of misfits(result).itertuples()
    if misfit.kind == "no theme":
        return f"no theme; closest is {misfit.best} ({misfit.best_score:.2f})"
    return f"between {misfit.best} ({misfit.best_score:.2f}) and {misfit.second} ({misfit.second_score:.2f})"


# ---------------------------------------------------------------- HTML


_CSS = """
body { font-family: Georgia, 'Times New Roman', serif; color: #222; max-width: 60rem; margin: 2rem auto;
  padding: 0 1.2rem; line-height: 1.5; }
h1, h2, h3, nav, figcaption, table, .meta { font-family: Arial, Helvetica, sans-serif; }
h1 { font-size: 1.9rem; margin-bottom: 0.3rem; }
h2 { font-size: 1.4rem; margin-top: 2.4rem; padding-left: 0.6rem; border-left: 8px solid var(--colour, #999); }
nav ul { padding-left: 1.2rem; columns: 2; }
ol.papers li { margin: 0.45rem 0; }
.name { font-weight: bold; font-family: Arial, Helvetica, sans-serif; }
.title { font-style: italic; }
.meta { color: #555; font-size: 0.85rem; }
ol.papers .meta, #misfits .meta { display: block; }
.description { font-style: italic; color: #444; }
table { border-collapse: collapse; font-size: 0.92rem; margin: 0.6rem 0; }
th, td { border-bottom: 1px solid #ddd; padding: 0.3rem 0.6rem; text-align: left; vertical-align: top; }
figure { margin: 1.6rem 0; page-break-inside: avoid; }
figure img { max-width: 100%; height: auto; border: 1px solid #eee; }
figcaption { font-size: 0.9rem; color: #444; margin-top: 0.3rem; }
.glance { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
.glance-map { flex: 1 1 22rem; } .glance-map img { max-width: 100%; border: 1px solid #eee; }
.glance-table { flex: 2 1 30rem; min-width: 0; overflow-x: auto; } table.overview th[rowspan] { background: #f6f6f6; }
.swatch { display: inline-block; width: 0.8em; height: 0.8em; margin-right: 0.3em; vertical-align: baseline; }
@media print { body { max-width: none; margin: 0; } nav { display: none; } }
"""


def report_html(
    result: TopicResult,
    static_files: list[str],
    skipped: str | None = None,
    figures: dict[str, go.Figure] | None = None,
    content: ReportContent | None = None,
) -> str:
    """The report as one HTML page (prints well; figures are the SVGs beside it).

    When static figures were skipped, ``figures`` (plotly figures by stem)
    are embedded as interactive plots instead, drawn by the ``plotly.min.js``
    written beside the report.

    Args:
        result: A :class:`~analysis.TopicResult`.
        static_files: Names of the PNG/SVG files written beside the report.
        skipped: Why static figures were not written, when they were not.
        figures: Plotly figures by file stem, for the interactive fallback.
        content: Precomputed :class:`ReportContent` (built when None).
    """
    content = content or ReportContent.build(result)
    colors = theme_colors(result.themes)
    themes = _themes_present(content)
    sections = compared_sections(result)
    new = what_is_new_html(result)
    body = [
        "<h1>Reading-group report</h1>",
        f"<p>{_overview(content, markdown=False)}</p>",
        '<p>Open the <a href="topic_map.html">interactive topic map</a> to search, hover and read each abstract.</p>',
        _html_nav(themes, sections, what_is_new=bool(new)),
    ]
    body += [new] if new else []
    topics = area_topics(content)
    image = next((f"map.{kind}" for kind in ("svg", "png") if f"map.{kind}" in static_files), None)
    body += [overview_html(content, topics, escape, image), areas_html(content, topics, escape)]
    for theme in themes:
        body.append(_html_theme(content, theme, colors[theme], topics))
    body.append(_html_pairs(content))
    body.append(_html_misfits(content))
    body += [section_html(section) for section in sections]
    body.append(figures_html(result, static_files, skipped, figures))
    body.append(f"<p class='meta'>{escape(_METHOD_NOTE)}</p>")
    needs_plotly = bool(figures) and not _has_svgs(static_files)
    head_script = '<script charset="utf-8" src="plotly.min.js"></script>\n' if needs_plotly else ""
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>Reading-group report</title>\n<style>{_CSS}</style>\n{head_script}</head>\n<body>\n"
        + "\n".join(body)
        + "\n</body>\n</html>\n"
    )


def _anchor(theme: str) -> str:
    return "theme-" + re.sub(r"[^a-z0-9]+", "-", theme.lower()).strip("-")


def _html_nav(themes: list[str], sections: list[Section], what_is_new: bool = False) -> str:
    """The contents menu, in the order of the sections: "What is new" first when a batch was added, then each theme."""
    items = [f'<li><a href="#{WHAT_IS_NEW_ID}">What is new</a></li>'] if what_is_new else []
    items += ['<li><a href="#at-a-glance">At a glance</a></li>', '<li><a href="#areas">Areas and their topics</a></li>']
    items += [f'<li><a href="#{_anchor(t)}">{escape(t)}</a></li>' for t in themes]
    items += [
        '<li><a href="#pairs">Related papers in different themes</a></li>',
        '<li><a href="#misfits">Papers that fit no theme well</a></li>',
        *(f'<li><a href="#{section.anchor}">{escape(section.title)}</a></li>' for section in sections),
        '<li><a href="#figures">Figures</a></li>',
    ]
    return "<nav><ul>" + "".join(items) + "</ul></nav>"


def _html_theme(content: ReportContent, theme: str, colour: str, area_topics: list[Topic]) -> str:
    result, documents = content.result, content.documents
    topics = theme_topics_html(theme_topics(result, theme), area_topics, escape)
    count = int((content.order["theme"] == theme).sum())
    head = (
        f'<section id="{_anchor(theme)}">\n<h2 style="--colour: {colour}">{escape(theme)} '
        f"<span class='meta'>({plural(count, 'paper')})</span></h2>\n"
        f"<p class='description'>{escape(content.theme_description(theme))}</p>\n{topics}\n"
    )
    if len(documents) > FULL_LIST_MAX:
        return head + "</section>"
    lists = []
    for heading, rows in _reading_groups(content, theme):
        items = "\n".join(_html_paper(content, row) for row in rows)
        title = f"<h3>{escape(heading)}</h3>\n" if heading else ""
        lists.append(f"{title}<ol class='papers'>\n{items}\n</ol>")
    return head + "<p><strong>Reading order</strong> (most central first):</p>\n" + "\n".join(lists) + "\n</section>"


def _html_paper(content: ReportContent, row: Any) -> str:  # a row of itertuples()
    paper = content.documents[row.row]
    return (
        f"<li value='{row.rank}'><span class='name'>{escape(paper['name'])}</span>{_html_title(content.title(row.row))}"
        f"{_html_link(content.links[row.row])} — "
        f"{escape(content.summaries[row.row])} "
        f"<span class='meta'>topic {escape(paper['topic_label'])} · theme score {paper['theme_score']:.2f}"
        f" · {escape(paper['sources'])}</span></li>"
    )


def _html_pairs(content: ReportContent) -> str:
    documents = content.result.documents
    if content.pairs.empty:
        rows = "<tr><td colspan='3'>No pairs: fewer than two themes have papers.</td></tr>"
    else:
        rows = "\n".join(
            f"<tr><td><span class='name'>{escape(documents.iloc[p.first]['name'])}</span><br>"
            f"<span class='meta'>{escape(documents.iloc[p.first]['theme'])}</span></td>"
            f"<td><span class='name'>{escape(documents.iloc[p.second]['name'])}</span><br>"
            f"<span class='meta'>{escape(documents.iloc[p.second]['theme'])}</span></td>"
            f"<td>{p.cosine:.2f}</td></tr>"
            for p in content.pairs.itertuples()
        )
    return (
        '<section id="pairs">\n<h2>Related papers in different themes</h2>\n'
        f"<p>{escape(_PAIRS_INTRO)}</p>\n"
        "<table><thead><tr><th>paper</th><th>paper</th><th>cosine</th></tr></thead>\n"
        f"<tbody>{rows}</tbody></table>\n</section>"
    )


def _html_misfits(content: ReportContent) -> str:
    documents = content.result.documents
    shown = _shown_misfits(content)
    items = [
        f"<li><span class='name'>{escape(documents.iloc[m.row]['name'])}</span> — {escape(_misfit_phrase(m))}"
        f"<br><span class='meta'>{escape(content.summaries[m.row])}</span></li>"
        for m in shown.itertuples()
    ]
    listing = "<ul>" + "\n".join(items) + "</ul>" if items else "<p>None: every paper fits one theme clearly.</p>"
    if len(shown) < len(content.misfits):
        listing += f"<p class='meta'>{escape(_more_misfits(content, shown))}</p>"
    intro = f"<h2>Papers that fit no theme well</h2>\n<p>{escape(_MISFITS_INTRO)}</p>"
    return f'<section id="misfits">\n{intro}\n{listing}\n</section>'


def _has_svgs(static_files: list[str]) -> bool:
    return any(name.endswith(".svg") for name in static_files)
