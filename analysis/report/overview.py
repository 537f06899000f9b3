"""The report's opening: a table of the areas and their topics, then each area's topics with their central papers.

A reader of a whole conference starts from the table (one row per topic,
grouped by area: label, papers, theme, its most central papers by name),
clicks a topic and reads its terms and its :data:`TOPIC_PAPERS` most
central papers, each with one sentence; the rest of the topic is one click
away on the map (``topic_map.html#topic=N``). Central means closest to the
mean embedding of the topic's papers (cosine, rounded as shown; ties by
name), so the list is the same on every machine.

Every string from the papers is escaped by the caller's ``quote`` (HTML or
Markdown).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from analysis.model.clustering import unit_rows
from analysis.model.themes import round_as_shown
from analysis.text import plural

if TYPE_CHECKING:
    from analysis.report.content import ReportContent

# A corpus of at most this many papers lists every paper in its theme's
# reading order (the seeds' 26 do); a larger one lists under each topic its
# most central papers, the map has the rest: at the 2,260 reference papers
# the full lists made report.md 889 KB.
FULL_LIST_MAX = 300
# Papers named in the table's row of a topic, and papers listed (with their sentence) under each topic.
TABLE_PAPERS = 3
TOPIC_PAPERS = 5
OVERVIEW_ID = "at-a-glance"
MAP_IMAGE = "map"


@dataclass(frozen=True)
class Topic:
    """One topic as the overview shows it: its rows in the documents table, most central first."""

    topic: int
    label: str
    area: int
    area_label: str
    theme: str
    terms: str
    rows: list[int]


def topic_anchor(topic: int) -> str:
    """The id of a topic's heading in the report."""
    return f"topic-{topic}"


def area_anchor(area: int) -> str:
    """The id of an area's heading in the report."""
    return f"area-{area}"


def map_link(topic: int) -> str:
    """The topic map opened zoomed on the topic."""
    return f"topic_map.html#topic={topic}"


def area_topics(content: ReportContent) -> list[Topic]:
    """Every topic, grouped by area (areas by number, topics largest first), its papers most central first."""
    result = content.result
    documents, frame = result.documents, result.topics
    vectors = unit_rows(np.asarray(result.paper_vectors()))
    names = documents["name"].astype(str).to_numpy()
    topic_of = documents["topic"].to_numpy()
    areas = _areas_of(frame)
    found = []
    for row in frame.itertuples():
        rows = np.flatnonzero(topic_of == row.topic)
        centre = unit_rows(vectors[rows].mean(axis=0, keepdims=True))[0]
        order = pd.DataFrame({"row": rows, "c": round_as_shown(vectors[rows] @ centre), "name": names[rows]})
        ranked = order.sort_values(["c", "name"], ascending=[False, True], kind="stable")["row"].tolist()
        area, area_label = areas[int(row.topic)]
        theme = str(getattr(row, "theme", "") or "")
        found.append(Topic(int(row.topic), str(row.label), area, area_label, theme, str(row.terms), ranked))
    return sorted(found, key=lambda t: (t.area, -len(t.rows), t.topic))


def _areas_of(frame: pd.DataFrame) -> dict[int, tuple[int, str]]:
    """Each topic's area and area label; one area, "all topics", for a result made before areas."""
    if "area" not in frame:
        return {int(t): (0, "all topics") for t in frame["topic"]}
    return {
        int(t): (int(a), str(label))
        for t, a, label in zip(frame["topic"], frame["area"], frame["area_label"], strict=True)
    }


# ---------------------------------------------------------------- Markdown


def overview_markdown(
    content: ReportContent, topics: list[Topic], quote: Callable[[object], str], image: bool
) -> list[str]:
    """The table of areas and topics in Markdown (the map's PNG above it when written)."""
    lines = [f'<a id="{OVERVIEW_ID}"></a>', "", "## At a glance", ""]
    if image:
        lines += [f"![The topic map, coloured by area]({MAP_IMAGE}.png)", ""]
    lines += ["| area | topic | papers | theme | most central papers |", "| --- | --- | --- | --- | --- |"]
    names = content.result.documents["name"].astype(str).tolist()
    shown = None
    for topic in topics:
        area = f"[{quote(topic.area_label)}](#{area_anchor(topic.area)})" if topic.area != shown else ""
        shown = topic.area
        central = ", ".join(quote(names[r]) for r in topic.rows[:TABLE_PAPERS])
        lines.append(
            f"| {area} | [{topic.topic}: {quote(topic.label)}](#{topic_anchor(topic.topic)}) "
            f"| {len(topic.rows)} | {quote(topic.theme)} | {central} |"
        )
    return [*lines, ""]


def areas_markdown(content: ReportContent, topics: list[Topic], quote: Callable[[object], str]) -> list[str]:
    """Each area, then each of its topics: size, terms, its most central papers with their sentence."""
    lines = ["## Areas and their topics", ""]
    names = content.result.documents["name"].astype(str).tolist()
    for area, members in _by_area(topics):
        papers = sum(len(t.rows) for t in members)
        lines += [f'<a id="{area_anchor(area)}"></a>', "", f"### {quote(members[0].area_label)}", ""]
        lines += [f"*{plural(papers, 'paper')} in {plural(len(members), 'topic')}.*", ""]
        for topic in members:
            lines += [f'<a id="{topic_anchor(topic.topic)}"></a>', "", f"#### {topic.topic}: {quote(topic.label)}", ""]
            lines += [
                f"{plural(len(topic.rows), 'paper')}; theme {quote(topic.theme)}; terms: {quote(topic.terms)}.",
                "",
            ]
            for row in topic.rows[:TOPIC_PAPERS]:
                lines.append(f"- **{quote(names[row])}** — {quote(content.summaries[row])}")
            more = len(topic.rows) - TOPIC_PAPERS
            rest = f"and {more} more: " if more > 0 else ""
            lines += ["", f"{rest}[on the map]({map_link(topic.topic)}) · [back to the table](#{OVERVIEW_ID})", ""]
    return lines


def _by_area(topics: list[Topic]) -> list[tuple[int, list[Topic]]]:
    groups: dict[int, list[Topic]] = {}
    for topic in topics:
        groups.setdefault(topic.area, []).append(topic)
    return list(groups.items())


def _theme_groups(counted: list[tuple[int, str, int, int]], topics: list[Topic]) -> list[tuple[str, list[tuple]]]:
    """A theme's topics (:func:`~analysis.report.content.theme_topics`) grouped by area, areas in number order."""
    area_of = {t.topic: (t.area, t.area_label) for t in topics}
    groups: dict[tuple[int, str], list[tuple]] = {}
    for item in sorted(counted, key=lambda c: (area_of[c[0]][0], -c[2], c[0])):
        groups.setdefault(area_of[item[0]], []).append(item)
    return [(label, items) for (_, label), items in groups.items()]


def theme_topics_markdown(
    counted: list[tuple[int, str, int, int]], topics: list[Topic], quote: Callable[[object], str]
) -> list[str]:
    """A theme's topics, one line per area: each topic linked to its section, with its papers in the theme."""
    lines = ["Topics, by area:", ""]
    for label, items in _theme_groups(counted, topics):
        linked = ", ".join(
            f"[{t}: {quote(name)}](#{topic_anchor(t)}) ({inside} of {size})" for t, name, inside, size in items
        )
        lines.append(f"- **{quote(label)}**: {linked}")
    return [*lines, ""]


# ---------------------------------------------------------------- HTML


def theme_topics_html(
    counted: list[tuple[int, str, int, int]], topics: list[Topic], quote: Callable[[object], str]
) -> str:
    """The same in HTML."""
    items = []
    for label, members in _theme_groups(counted, topics):
        linked = ", ".join(
            f"<a href='#{topic_anchor(t)}'>{t}: {quote(name)}</a> ({inside} of {size})"
            for t, name, inside, size in members
        )
        items.append(f"<li><strong>{quote(label)}</strong>: {linked}</li>")
    return "<p><strong>Topics</strong>, by area:</p>\n<ul class='topics'>" + "".join(items) + "</ul>"


def overview_html(
    content: ReportContent, topics: list[Topic], quote: Callable[[object], str], image: str | None
) -> str:
    """The table of areas and topics beside the map image (``image``: its file name, or None)."""
    names = content.result.documents["name"].astype(str).tolist()
    rows = []
    for area, members in _by_area(topics):
        for i, topic in enumerate(members):
            head = (
                f"<th rowspan='{len(members)}'><a href='#{area_anchor(area)}'>{quote(topic.area_label)}</a></th>"
                if i == 0
                else ""
            )
            central = ", ".join(quote(names[r]) for r in topic.rows[:TABLE_PAPERS])
            rows.append(
                f"<tr>{head}<td><a href='#{topic_anchor(topic.topic)}'>{topic.topic}: {quote(topic.label)}</a></td>"
                f"<td>{len(topic.rows)}</td><td>{quote(topic.theme)}</td><td>{central}</td></tr>"
            )
    table = (
        "<table class='overview'><thead><tr><th>area</th><th>topic</th><th>papers</th><th>theme</th>"
        "<th>most central papers</th></tr></thead>\n<tbody>" + "\n".join(rows) + "</tbody></table>"
    )
    # Without the map's image (no static figures) the table takes the whole width: an empty box pushed it aside.
    picture = (
        f"<div class='glance-map'><a href='topic_map.html'><img src='{image}' alt='The topic map, coloured by area'>"
        "</a></div>"
        if image
        else ""
    )
    return (
        f"<section id='{OVERVIEW_ID}'>\n<h2>At a glance</h2>\n"
        f"<div class='glance'>{picture}<div class='glance-table'>{table}</div></div>\n</section>"
    )


def areas_html(content: ReportContent, topics: list[Topic], quote: Callable[[object], str]) -> str:
    """Each area's section, each topic with its size, terms and most central papers."""
    names = content.result.documents["name"].astype(str).tolist()
    parts = ["<section id='areas'>\n<h2>Areas and their topics</h2>"]
    for area, members in _by_area(topics):
        papers = sum(len(t.rows) for t in members)
        parts.append(
            f"<h3 id='{area_anchor(area)}'>{quote(members[0].area_label)} "
            f"<span class='meta'>({plural(papers, 'paper')} in {plural(len(members), 'topic')})</span></h3>"
        )
        for topic in members:
            items = "".join(
                f"<li><span class='name'>{quote(names[r])}</span> — {quote(content.summaries[r])}</li>"
                for r in topic.rows[:TOPIC_PAPERS]
            )
            more = len(topic.rows) - TOPIC_PAPERS
            rest = f"and {more} more: " if more > 0 else ""
            parts.append(
                f"<h4 id='{topic_anchor(topic.topic)}'>{topic.topic}: {quote(topic.label)}</h4>\n"
                f"<p class='meta'>{plural(len(topic.rows), 'paper')} · theme {quote(topic.theme)} · "
                f"terms: {quote(topic.terms)}</p>\n<ul>{items}</ul>\n"
                f"<p class='meta'>{rest}<a href='{map_link(topic.topic)}'>on the map</a> · "
                f"<a href='#{OVERVIEW_ID}'>back to the table</a></p>"
            )
    return "\n".join(parts) + "\n</section>"
