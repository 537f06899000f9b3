r"""The standalone interactive topic map (``topic_map.html``) and the other HTML views.

``topic_map.html`` is one self-contained file: plotly.js, the data and the
page script are inline, so it opens offline, from an e-mail attachment or a
USB stick. It fills the window and shows every paper on the 2-D map (colour
by theme or by topic), topic labels that never overlap, a legend, hover
details, the full abstract of a clicked paper, a keyboard-usable search,
filters with counts, contents that zoom to a topic, and a selection (lasso,
box, topic label, legend entry) exported as CSV or Markdown by the page.
Python writes the layout (:func:`map_figure`, with the topic labels placed
by :func:`~analysis.figures.map.topic_label_offsets`) and one record per
paper (:func:`map_papers`); the page script (an ES module, inline in
``<script type="module">``, which runs from ``file://`` too) builds the
traces, so the filters and the colour switch only regroup points already in the page.

Abstract text is data, never markup: in the plotly figure it is
HTML-escaped (plotly displays entities as characters); in the JSON the page
script reads, ``<``, ``>`` and ``&`` are written as ``\u003c``, ``\u003e``
and ``\u0026``, so no abstract can close the ``<script>`` element; the
script writes it with ``textContent``, never ``innerHTML``.
"""

from __future__ import annotations

import base64
import gzip
import html
import json
import math
import re
from collections.abc import Collection
from pathlib import Path
from typing import TYPE_CHECKING

import pandas as pd
import plotly
import plotly.graph_objects as go
import plotly.io as pio

from analysis.corpus.bibtex import bibtex_entry
from analysis.corpus.export import citation_keys, cited
from analysis.corpus.merge import PAPER_COLUMNS
from analysis.corpus.table import TEXT_COLUMNS
from analysis.figures.map import plot_map
from analysis.figures.map_labels import AREAS_UNTIL
from analysis.figures.registry import REGISTRY
from analysis.figures.style import map_groups
from analysis.report.links import paper_links
from analysis.text import list_label, paper_blurb, readable

if TYPE_CHECKING:
    from analysis.model.topic_result import TopicResult

ASSETS_DIR = Path(__file__).resolve().parent / "assets"
PLOTLY_JS = Path(plotly.__file__).resolve().parent / "package_data" / "plotly.min.js"
# The map page inlines plotly.js's gl2d partial bundle (same version, 1.5 MB instead of 4.8 MB: the page
# opens faster; assets/plotly-gl2d.md says where it comes from).
MAP_PLOTLY_JS = ASSETS_DIR / "plotly-gl2d.min.js"
MAP_DIV = "topic-map"
# The map's size in a 1280x720 window, the smallest the page is made for.
PLACED_FOR = (640, 520)
# The map's axes reach this share of the points' extent beyond them on each side.
MAP_PAD = 0.06
_PLACEHOLDER = re.compile(r"\{\{[A-Z_]+\}\}")


def script_json(value: object) -> str:
    """JSON that is safe inside ``<script>``: no ``<``, ``>`` or ``&`` characters at all."""
    return json_text_for_script(json.dumps(value, ensure_ascii=False, sort_keys=True))


def json_text_for_script(text: str) -> str:
    r"""Escape ``<``, ``>`` and ``&`` in JSON text (they only occur inside strings, where \uXXXX is equal)."""
    return text.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")


# A column with more distinct values than this is not a category to filter by (ids, authors, titles).
FILTER_MAX_VALUES = 40
# Reference fields that name or link one paper (or hold several values) are
# never categories, however few papers a small list has.
NOT_CATEGORIES = ("name", "title", "text", "sources", "authors", "doi", "url", "keywords", "key", "id")


def _category(value: object) -> str:
    """A cell of an extra column as a filter value: whole numbers without ".0", blanks as "(none)"."""
    if value is None or (isinstance(value, float) and math.isnan(value)) or value is pd.NA:
        return "(none)"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))  # a year column with a gap is read as float: 2024.0 reads 2024
    return str(value).strip() or "(none)"


def filter_columns(papers: pd.DataFrame) -> dict[str, list[str]]:
    """Extra input columns (year, decision, ...) to filter by, each with its values in reading order.

    A column qualifies when it is not one of the columns every paper has nor
    a reference field that identifies a paper (:data:`NOT_CATEGORIES`),
    holds 2 to :data:`FILTER_MAX_VALUES` distinct values, and is not one
    value per paper (:data:`PER_PAPER_MIN`): ``year`` and ``venue`` from a
    .bib do, ``doi``, ``authors`` and a dataset's ``pdf_url`` do not. Numbers
    in values sort by value ("week 2" before "week 10").
    """
    columns = {}
    for column in papers.columns:
        if column in PAPER_COLUMNS or column in NOT_CATEGORIES or column in TEXT_COLUMNS:
            continue
        cells = [_category(v) for v in papers[column].tolist()]
        values = sorted(set(cells), key=_in_reading_order)
        if 2 <= len(values) <= FILTER_MAX_VALUES and not _one_per_paper(cells):
            columns[str(column)] = values
    return columns


# A column whose values, at least this many, are each one paper's is no category (a pdf_url, a tldr).
PER_PAPER_MIN = 5


def _one_per_paper(cells: list[str]) -> bool:
    given = [c for c in cells if c != "(none)"]
    return len(given) >= PER_PAPER_MIN and len(set(given)) == len(given)


def _in_reading_order(value: str) -> tuple:
    """The sort key of filter values: "(none)" first, then numbers by value ("week 2" before "week 10")."""
    parts = re.split(r"(\d+)", value)
    return value != "(none)", [(0, int(p), "") if p.isdigit() else (1, 0, p) for p in parts]


def source_files(sources: str) -> list[str]:
    """The list files a paper appeared in, from its ``sources`` (``file:entry; file:entry``), first seen first."""
    files = [part.rsplit(":", 1)[0] for part in str(sources).split("; ") if part]
    return list(dict.fromkeys(files))


def map_papers(result: TopicResult, keys: list[str] | None = None) -> list[dict]:
    """What the page script needs per paper (plain text; the script shows it with textContent).

    ``keys`` are the papers' citation keys, in table order (made here when
    None): the selection exports them, so they are the reading list's keys.
    ``theme``, ``topic``, ``lists`` and ``extra`` are positions in the
    payload's ``groups``, ``lists`` and ``filters`` (small numbers, not
    repeated names: a 100,000-paper map stays smaller).
    """
    papers = result.papers
    byline = [c for c in BYLINE_COLUMNS if c in papers.columns]
    documents = result.documents_with("title", "text", "sources", *byline)
    groups = map_groups(result)
    theme_at = {g["name"]: i for i, g in enumerate(groups["theme"])}
    topic_at = {g["id"]: i for i, g in enumerate(groups["topic"])}
    area_at = {g["id"]: i for i, g in enumerate(groups["area"])}
    area_of_topic = {g["id"]: area_at[g["area"]] for g in groups["topic"]}
    subtopics = _subtopic_positions(result)
    lists = {name: i for i, name in enumerate(list_files(papers))}
    extras = filter_columns(papers)
    extra_at = {column: {v: i for i, v in enumerate(values)} for column, values in extras.items()}
    titles = documents["title"].astype(str)
    near = map_neighbours(result)
    links = paper_links(papers)
    # Each paper's BibTeX entry without its abstract (the page stays small): the selection exports them.
    keys, records = keys if keys is not None else citation_keys(papers), cited(papers)
    # Plain lists, read by position: indexing the frames row by row cost seconds on 2,000 papers.
    names = documents["name"].astype(str).tolist()
    themes = [theme_at[t] for t in documents["theme"].tolist()]
    topics = [topic_at[int(t)] for t in documents["topic"].tolist()]
    xs, ys = documents["x"].astype(float).tolist(), documents["y"].astype(float).tolist()
    extra = [
        [extra_at[c][_category(v)] for c, v in zip(extras, values, strict=True)] for values in _rows(papers, extras)
    ]
    rows = []
    for i, (title, text, sources) in enumerate(zip(titles, documents["text"], documents["sources"], strict=True)):
        rows.append(
            {
                "name": names[i],
                "title": " ".join(title.split()),
                "blurb": paper_blurb(title, text),
                "text": readable(text),
                "theme": themes[i],
                "topic": topics[i],
                "area": area_of_topic[groups["topic"][topics[i]]["id"]],
                "lists": [lists[f] for f in source_files(sources)],
                "extra": extra[i],
                "x": round(xs[i], COORD_DIGITS),
                "y": round(ys[i], COORD_DIGITS),
                "near": near[i],
                "bib": bibtex_entry(keys[i], {**records[i], "text": ""}),
            }
        )
        link = links[i]  # [href, text]; href "" when the place named is not http(s): shown as text
        optional = {
            "subtopic": subtopics[i],
            "by": _byline(documents, i) or None,
            "link": None if link is None else [link.href, link.text],
        }
        rows[-1].update({k: v for k, v in optional.items() if v is not None})
    return rows


def _subtopic_positions(result: TopicResult) -> list[int | None]:
    """Each paper's finer topic as a position in the page's ``subtopic`` groups (None below 5,000 papers)."""
    documents = result.documents
    if "subtopic" not in documents:
        return [None] * len(documents)
    at = {int(s): i for i, s in enumerate(result.subtopics["subtopic"])}
    return [at[int(s)] for s in documents["subtopic"].tolist()]


# Map coordinates are written to this many decimals: 1e-4 of a map ~15 units wide is far below a pixel.
COORD_DIGITS = 4


# The columns of a paper's byline in the panel, where the input has them.
BYLINE_COLUMNS = ("authors", "venue")


def _byline(documents: pd.DataFrame, i: int) -> str:
    """Paper ``i``'s authors and venue where the table has them ("" otherwise), as the panel shows them."""
    parts = []
    for column in BYLINE_COLUMNS:
        if column in documents.columns:
            value = _category(documents[column].iat[i])
            if value != "(none)":
                parts.append(" ".join(value.split()))
    return " · ".join(parts)


def _rows(papers: pd.DataFrame, columns: Collection[str]) -> list[tuple]:
    """Each paper's values of ``columns`` (empty tuples when there are none)."""
    if not columns:
        return [()] * len(papers)
    return list(zip(*(papers[c].tolist() for c in columns), strict=True))


# Nearest papers listed in a clicked paper's panel.
NEIGHBOURS_SHOWN = 5


def map_neighbours(result: TopicResult, k: int = NEIGHBOURS_SHOWN) -> list[list[list]]:
    """Each paper's nearest papers as ``[index, score]`` pairs (exact cosine, as shown; none without vectors).

    Computed once here (:func:`analysis.model.search.nearest_papers`), so the
    page only lists them: ties at the shown score go by ``doc_id``, the same
    on every machine.
    """
    from analysis.model.search import nearest_papers

    n = len(result.documents)
    vectors_of = getattr(result, "paper_vectors", None)
    try:
        vectors = vectors_of() if vectors_of is not None else None
    except ValueError:
        vectors = None
    if vectors is None or len(vectors) != n:
        return [[] for _ in range(n)]
    indices, scores = nearest_papers(vectors, result.documents["doc_id"], k)
    return [
        [[int(j), round(float(s), 4)] for j, s in zip(row, row_scores, strict=True)]
        for row, row_scores in zip(indices.tolist(), scores.tolist(), strict=True)
    ]


def list_files(papers: pd.DataFrame) -> list[str]:
    """Every list file the papers came from, in sorted order."""
    return sorted({f for sources in papers["sources"] for f in source_files(sources)})


def map_figure(result: TopicResult) -> go.Figure:
    """The map's layout source: title, topic labels, axis ranges (the page builds the points itself)."""
    # Labels are placed in pixels for the smallest map the page shows (a 1280x720 window); larger maps
    # only spread them further apart.
    figure = plot_map(result, width=PLACED_FOR[0], height=PLACED_FOR[1], color_by="theme", name_papers=False)
    # The page fills the window: plotly sizes the plot to its box. Labels are HTML over the plot (map_labels).
    figure.update_layout(width=None, height=None, autosize=True, uirevision="map")
    figure.layout.annotations = ()
    # No label sits outside the points now (they are HTML over it, on their clusters): a narrow margin.
    for axis, values in (("xaxis", result.documents["x"]), ("yaxis", result.documents["y"])):
        low, high = float(values.min()), float(values.max())
        pad = max((high - low) * MAP_PAD, 0.05)
        figure.layout[axis].range = [round(low - pad, 4), round(high + pad, 4)]
    figure.update_layout(title_text=figure.layout.title.text.replace("(colour: theme)", "(colour: area)"))
    return figure


def page_labels(result: TopicResult, figure: go.Figure) -> dict:
    """The map's labels by zoom for every plot size (:func:`analysis.figures.map_labels.placements`).

    The finer topics are labelled where the result has them (from 5,000 papers).
    """
    from analysis.figures.map_labels import placements
    from analysis.figures.style import map_groups as groups_of

    documents, topics = result.documents, result.topics
    if "area" not in documents:  # a result made before areas: one area holding every topic
        documents = documents.assign(area=0)
        topics = topics.assign(area=0, area_label=groups_of(result)["area"][0]["label"])
    x_range, y_range = list(figure.layout.xaxis.range), list(figure.layout.yaxis.range)
    return placements(documents, topics, x_range, y_range)


def subtopic_groups(result: TopicResult) -> list[dict]:
    """The finer topics as the page's groups (id, label, topic), in ``subtopic`` order; none below 5,000 papers."""
    table = result.subtopics
    return [
        {"id": int(s), "label": f"{int(t)}.{int(s)}: {label}", "topic": int(t)}
        for s, label, t in zip(table["subtopic"], table["label"], table["topic"], strict=True)
    ]


# The per-paper fields the page needs only when a paper is opened, searched or exported: packed (gzip).
PACKED_FIELDS = ("text", "bib")
# Optional per-paper fields: absent from a paper's record when it has none (null in the columns).
OPTIONAL_FIELDS = ("link", "by", "subtopic")


def columnar(rows: list[dict]) -> dict:
    """The papers as one array per field (no key repeated per paper), the long texts gzip-packed in base64.

    ``packed`` is the JSON of :data:`PACKED_FIELDS` as arrays, gzipped (mtime 0, so the same papers give
    the same bytes) and base64-encoded: the page decodes it with the browser's DecompressionStream after
    the points and labels are drawn. Base64 holds no ``<``, ``>`` or ``&``.
    """
    fields = [k for k in rows[0] if k not in PACKED_FIELDS and k not in OPTIONAL_FIELDS] if rows else []
    columns = {field: [row[field] for row in rows] for field in fields}
    for field in OPTIONAL_FIELDS:
        if field != "subtopic" or any(field in row for row in rows):  # no column of nulls below 5,000 papers
            columns[field] = [row.get(field) for row in rows]
    packed = {field: [row[field] for row in rows] for field in PACKED_FIELDS}
    text = json.dumps(packed, ensure_ascii=False, sort_keys=True).encode("utf-8")
    return {
        "n": len(rows),
        "columns": columns,
        "packed": base64.b64encode(gzip.compress(text, compresslevel=6, mtime=0)).decode("ascii"),
    }


def unpacked(papers: dict) -> list[dict]:
    """The per-paper records back from :func:`columnar` (what the page script rebuilds; used by tests)."""
    packed = json.loads(gzip.decompress(base64.b64decode(papers["packed"])).decode("utf-8"))
    columns = {**papers["columns"], **packed}
    rows = []
    for i in range(papers["n"]):
        row = {field: values[i] for field, values in columns.items()}
        rows.append({k: v for k, v in row.items() if not (k in OPTIONAL_FIELDS and v is None)})
    return rows


def map_payload(result: TopicResult, figure: go.Figure, keys: list[str] | None = None) -> dict:
    """Everything the page script reads: layout, groups, lists, filter columns and papers (:func:`columnar`)."""
    layout = json.loads(pio.to_json(go.Figure(layout=figure.layout), validate=False))["layout"]
    return {
        "layout": layout,
        # WebGL points at every size: one engine, and the same look from 10 to 100,000 papers.
        "webgl": True,
        "groups": {**map_groups(result), "subtopic": subtopic_groups(result)},
        **page_labels(result, figure),
        "areasUntil": AREAS_UNTIL,
        "lists": [{"file": f, "label": list_label(f)} for f in list_files(result.papers)],
        "filters": [{"column": c, "values": v} for c, v in filter_columns(result.papers).items()],
        "papers": columnar(map_papers(result, keys)),
    }


def topic_map_html(result: TopicResult, figure: go.Figure | None = None, keys: list[str] | None = None) -> str:
    """The whole ``topic_map.html`` page as a string (plotly.js inline).

    Args:
        result: A :class:`~analysis.TopicResult`.
        figure: The figure whose layout the map takes (default: :func:`map_figure`).
        keys: The papers' citation keys in table order (default: made from the papers).
    """
    figure = figure if figure is not None else map_figure(result)
    payload = script_json(map_payload(result, figure, keys))
    n, k = len(result.documents), len(result.topics)
    page = (ASSETS_DIR / "topic_map.html").read_text(encoding="utf-8")
    replacements = {
        "{{TITLE}}": html.escape(f"Topic map: {n} papers, {k} topics"),
        "{{STYLE}}": (ASSETS_DIR / "topic_map.css").read_text(encoding="utf-8"),
        # A "</script" inside plotly.js would end the element early; it has none, and this keeps it so.
        "{{PLOTLY_JS}}": MAP_PLOTLY_JS.read_text(encoding="utf-8").replace("</script", "<\\/script"),
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


def view_pages(result: TopicResult) -> dict[str, str]:
    """The page of every registered figure that has a view and applies to ``result``, by file name."""
    return {
        view.file: view_html(figure.plot(result), view.div_id, view.title)
        for figure in REGISTRY.views(result)
        if (view := figure.view) is not None
    }
