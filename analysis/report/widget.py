"""The topic map as a Jupyter widget, with the selection shared both ways between the map and Python.

:class:`TopicMapWidget` draws every paper of a fitted result on a
``<canvas>`` (no plotly.js, no CDN: the widget's own script and style,
``assets/map_widget.js`` and ``assets/map_widget.css``, are all it loads),
coloured by area (the default, named by the areas' labels), by topic (each
a shade of its area's colour, named by the topics' labels) or by theme, with
the report's colours. Hover a point for
its paper, click it to show the paper (with its link and its five nearest
papers, as the report's map), drag a lasso or a box to select papers, click
a label or a legend entry to select that group, or type words in the
search box and press Enter to find papers by meaning.

The selection is the synced trait ``selection``: the row positions (in
``result.documents``) of the selected papers, sorted. Selecting on the map
sets it, and :attr:`TopicMapWidget.selected` is then the frame of those
papers; :meth:`TopicMapWidget.select` sets it from Python and the map
highlights it. ``widget.observe(callback, names="selection")`` runs
``callback`` on every change, from either side.

Search runs in the kernel: the box sends its words as a custom message
(``{"type": "search", "query": ...}``), Python runs
:meth:`~analysis.TopicResult.search` (the query embedded with the run's
backend) and sets ``search_results`` (the hits in rank order, with their
scores) and ``selection`` (the same papers), so the map highlights them and
the panel lists them. :meth:`TopicMapWidget.search` does the same from Python.

Example:
    >>> from analysis.report.widget import TopicMapWidget
    >>> widget = TopicMapWidget(result)
    >>> widget                      # the map, in JupyterLab or VS Code
    >>> widget.select(topic=2)      # highlights topic 2's papers on the map
    >>> widget.select(area=0)       # every paper of the largest area
    >>> widget.selected             # doc_id, name, title, area, area_label, topic, topic_label, ..., link
    >>> widget.search("watermarking language model outputs")   # ranked hits; the map selects them
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import anywidget
import numpy as np
import pandas as pd
import traitlets

from analysis.figures.map import equal_scale_frame, topic_label_offsets
from analysis.figures.style import map_groups
from analysis.model.labels import label_lines
from analysis.report.links import paper_links
from analysis.report.topic_map import map_neighbours
from analysis.text import paper_blurb

if TYPE_CHECKING:
    from analysis.model.topic_result import TopicResult

ASSETS_DIR = Path(__file__).resolve().parent / "assets"
COLOR_MODES = ("area", "topic", "theme")
SELECTED_COLUMNS = ["doc_id", "name", "title", "area", "area_label", "topic", "topic_label", "theme", "link"]
# From 5,000 papers a selection also says each paper's finer topic (after topic_label).
FINER_COLUMNS = ["subtopic", "subtopic_label"]
SEARCH_K = 10  # papers a search from the box finds, as result.search's default
PAD = 24  # pixels between the outermost points and the canvas edge (PAD in map_widget.js)
# Labels are placed for the map's canvas in a 900-pixel-wide output (the legend takes 250 pixels);
# on a wider canvas they keep their offsets, and the widget hides a label that would then overlap another.
LABEL_WIDTH = 640


class TopicMapWidget(anywidget.AnyWidget):
    """The map of a fitted result in a notebook, with two-way selection.

    Args:
        result: A :class:`~analysis.TopicResult` (its ``documents``, ``topics``,
            ``papers`` and ``themes``).
        color_by: ``"area"`` (default), ``"topic"`` or ``"theme"``; the map's switch changes it.
        height: Height of the map in pixels (its width follows the notebook).

    Attributes:
        points: Synced: per-paper columns as arrays (``x``, ``y``, ``name``,
            ``title``, ``area``, ``theme`` and ``topic`` as positions in ``areas``,
            ``themes`` and ``topics``), plus ``areas``, ``themes`` and ``topics``
            (name or label, colour, size); from 5,000 papers ``subtopic``, positions
            in ``subtopics`` (the finer topics' labels).
        labels: Synced: per topic in ``points["topics"]``, the pixel offset
            ``[dx, dy]`` of its label from the topic's centre, or None where
            the label is left out (:func:`label_offsets`; the widget draws them, it places nothing).
        area_labels: Synced: the same for each area in ``points["areas"]`` (shown when colouring by area).
        selection: Synced: sorted row positions of the selected papers.
        color_by: Synced: what the colours show.
        search_results: Synced: the last search, ``{"query", "hits", "error",
            "number"}``: ``hits`` are ``[row, score]`` pairs in rank order,
            ``error`` says why a search from the box failed ("" when it did
            not), ``number`` counts the searches, so that the same answer
            twice still reaches the front end. Empty before the first search
            and after the map's ``clear``.
    """

    _esm = ASSETS_DIR / "map_widget.js"
    _css = ASSETS_DIR / "map_widget.css"

    points = traitlets.Dict().tag(sync=True)
    labels: traitlets.List[list[float] | None] = traitlets.List().tag(sync=True)
    area_labels: traitlets.List[list[float] | None] = traitlets.List().tag(sync=True)
    selection = traitlets.List(traitlets.Int()).tag(sync=True)
    color_by = traitlets.Unicode("area").tag(sync=True)
    height = traitlets.Int(520).tag(sync=True)
    search_results = traitlets.Dict().tag(sync=True)

    def __init__(self, result: TopicResult, color_by: str = "area", height: int = 520, **kwargs: Any) -> None:
        self._result = result
        self._frame = paper_frame(result)
        self._searches = 0
        points = map_points(result)
        labels, areas = label_offsets(points, height), label_offsets(points, height, level="areas")
        super().__init__(points=points, labels=labels, area_labels=areas, color_by=color_by, height=height, **kwargs)
        self.on_msg(self._on_message)

    @traitlets.observe("height")
    def _place_labels(self, change: dict[str, Any]) -> None:
        with self.hold_sync():
            self.labels = label_offsets(self.points, change["new"])
            self.area_labels = label_offsets(self.points, change["new"], level="areas")

    @traitlets.validate("color_by")
    def _check_color_by(self, proposal: dict[str, Any]) -> str:
        if proposal["value"] not in COLOR_MODES:
            raise traitlets.TraitError(f"color_by must be 'area', 'topic' or 'theme', got {proposal['value']!r}")
        return proposal["value"]

    @traitlets.validate("selection")
    def _check_selection(self, proposal: dict[str, Any]) -> list[int]:
        rows = sorted(set(proposal["value"]))
        n = len(self._frame)
        outside = [r for r in rows if not 0 <= r < n]
        if outside:
            raise traitlets.TraitError(f"selection: rows {outside[:5]} are outside the map's {n} papers (0 to {n - 1})")
        return rows

    @property
    def selected(self) -> pd.DataFrame:
        """The selected papers in map order: :data:`SELECTED_COLUMNS`, and :data:`FINER_COLUMNS` where present.

        The index is each paper's row in ``result.documents``.
        """
        return self._frame.iloc[self.selection]

    def select(
        self,
        papers: Iterable[str] | Iterable[bool] | None = None,
        *,
        topic: int | Iterable[int] | None = None,
        theme: str | Iterable[str] | None = None,
        area: int | Iterable[int] | None = None,
    ) -> None:
        """Select papers from Python; the map highlights them.

        Give exactly one of:

        Args:
            papers: doc_ids (any iterable of strings), or a boolean mask with
                one value per paper (list, array or Series, in the order of
                ``result.documents``). An empty list clears the selection.
            topic: A topic id, or several: every paper of those topics.
            theme: A theme name, or several: every paper of those themes.
            area: An area id, or several: every paper of those areas.

        Raises:
            ValueError: None or more than one of the four is given, a doc_id
                or topic or theme or area is not on the map, or a mask has the wrong length.
            TypeError: ``papers`` is neither doc_ids nor a boolean mask.
        """
        named = (("papers", papers), ("topic", topic), ("theme", theme), ("area", area))
        given = [name for name, value in named if value is not None]
        if len(given) != 1:
            raise ValueError(f"select() takes exactly one of papers, topic, theme or area (got {given or 'none'})")
        value = dict(named)[given[0]]
        if given[0] == "papers":
            rows = _rows_of_papers(self._frame, value)
        else:
            assert value is not None  # the one given
            rows = _rows_of_group(self._frame, given[0], value)
        self.selection = rows

    def clear(self) -> None:
        """Empty the selection and the search results."""
        with self.hold_sync():
            self.selection = []
            self.search_results = {}

    def search(self, query: str, k: int = SEARCH_K) -> pd.DataFrame:
        """Find papers by meaning, select them and list them in the map's panel with their scores.

        The search is :meth:`~analysis.TopicResult.search` on the widget's
        result: the query embedded with the run's backend, exact cosine,
        scores as shown (two decimals), equal scores by ``doc_id``.

        Args:
            query: Words, a sentence or an abstract.
            k: How many papers to find.

        Returns:
            The hits as :meth:`~analysis.TopicResult.search` gives them (``rank``,
            ``doc_id``, ``name``, ..., ``score``), best first.

        Raises:
            ValueError: The query is blank, or the result cannot embed a query.
        """
        query = " ".join(str(query).split())
        if not query:
            raise ValueError("search() needs words to search for")
        found = self._result.search(query, k)
        position = {doc_id: i for i, doc_id in enumerate(self._frame["doc_id"])}
        rows = [position[doc_id] for doc_id in found["doc_id"]]
        with self.hold_sync():  # the hits and the selection reach the map in one message
            self.selection = rows
            self._show_search(query, [[row, float(score)] for row, score in zip(rows, found["score"], strict=True)])
        return found

    def _show_search(self, query: str, hits: list[list], error: str = "") -> None:
        self._searches += 1
        self.search_results = {"query": query, "hits": hits, "error": error, "number": self._searches}

    def _on_message(self, widget: TopicMapWidget, content: object, buffers: list) -> None:
        """A custom message from the map: ``{"type": "search", "query": ...}`` from its search box."""
        if not isinstance(content, dict) or content.get("type") != "search":
            return
        query = str(content.get("query", ""))
        # Any failure (no backend known, a model that cannot load) is shown under the box: raised in a
        # comm callback, it would only reach the kernel's log and leave the box waiting.
        try:
            self.search(query)
        except Exception as error:
            self._show_search(" ".join(query.split()), [], f"search failed: {error}")

    def __repr__(self) -> str:
        """A stable text form (shown where widgets cannot render): no object address, no model id."""
        n, k = len(self._frame), self._frame["topic"].nunique()
        return f"TopicMapWidget: {n} papers, {k} topics, colour by {self.color_by}, {len(self.selection)} selected"


def paper_frame(result: TopicResult) -> pd.DataFrame:
    """The columns :attr:`TopicMapWidget.selected` shows, one row per paper of ``result``.

    ``link`` is the paper's page over http or https (:func:`~analysis.report.links.paper_link`),
    or "" when it has none or names a place of another scheme.
    """
    documents = result.documents_with("title")
    frame = documents[["doc_id", "name", "title", "theme", "topic", "topic_label", *_finer(documents)]].copy()
    frame["title"] = frame["title"].astype(str)
    frame["topic"] = frame["topic"].astype(int)
    area = {g["id"]: g["area"] for g in map_groups(result)["topic"]}  # one area, "all topics", before areas
    label = {g["id"]: g["label"] for g in map_groups(result)["area"]}
    frame["area"] = [area[t] for t in frame["topic"].tolist()]
    frame["area_label"] = [label[a] for a in frame["area"].tolist()]
    frame["link"] = [link.href if link is not None else "" for link in paper_links(result.papers)]
    columns = SELECTED_COLUMNS[:7] + _finer(documents) + SELECTED_COLUMNS[7:]
    return frame[columns]


def _finer(documents: pd.DataFrame) -> list[str]:
    """The finer-topic columns of a run that has them (none below 5,000 papers)."""
    return FINER_COLUMNS if "subtopic" in documents else []


def map_points(result: TopicResult) -> dict:
    """The synced ``points``: per-paper columns as arrays, and the theme and topic legends.

    Per paper, besides its place, name and groups: ``near``, its nearest
    papers as ``[row, score]`` pairs (the report map's, :func:`~analysis.report.topic_map.map_neighbours`),
    and ``link``, ``[href, text]`` or None (href "" when the place named is
    not http(s): the widget shows it as text).
    """
    documents, papers = result.documents_with("title", "text"), result.papers
    titles = documents["title"]
    # The same groups and colours as the exported map; the widget adds sizes and topic centres.
    groups = map_groups(result)
    theme_at = {g["name"]: i for i, g in enumerate(groups["theme"])}
    topic_at = {g["id"]: i for i, g in enumerate(groups["topic"])}
    area_of = {g["id"]: g["area"] for g in groups["topic"]}
    area_at = {g["id"]: i for i, g in enumerate(groups["area"])}
    areas = np.array([area_of[int(t)] for t in documents["topic"]], dtype=np.int64)
    centres = documents.groupby("topic")[["x", "y"]].mean()
    area_centres = documents[["x", "y"]].groupby(areas).mean()
    sizes = documents["topic"].value_counts()
    theme_sizes = documents["theme"].value_counts()
    return {
        **_finer_points(documents),
        # Map coordinates are rounded to 0.001 by the layout; round again so the JSON is short.
        "x": [round(float(v), 3) for v in documents["x"]],
        "y": [round(float(v), 3) for v in documents["y"]],
        "name": [str(v) for v in documents["name"]],
        "title": [paper_blurb(t, x) for t, x in zip(titles, documents["text"], strict=True)],
        "theme": [theme_at[v] for v in documents["theme"]],
        "topic": [topic_at[int(v)] for v in documents["topic"]],
        "area": [area_at[int(a)] for a in areas.tolist()],
        "near": map_neighbours(result),
        "link": [None if link is None else [link.href, link.text] for link in paper_links(papers)],
        "themes": [{**g, "size": int(theme_sizes.get(g["name"], 0))} for g in groups["theme"]],
        "topics": [
            {
                "id": g["id"],
                "label": label_lines(g["label"]),
                "color": g["color"],
                "size": int(sizes.get(g["id"], 0)),
                "x": round(float(centres.loc[g["id"], "x"]), 3),
                "y": round(float(centres.loc[g["id"], "y"]), 3),
            }
            for g in groups["topic"]
        ],
        "areas": [
            {
                "id": g["id"],
                "label": label_lines(g["label"]),
                "color": g["color"],
                "size": int((areas == g["id"]).sum()),
                "x": round(float(area_centres.loc[g["id"], "x"]), 3),
                "y": round(float(area_centres.loc[g["id"], "y"]), 3),
            }
            for g in groups["area"]
        ],
    }


def _finer_points(documents: pd.DataFrame) -> dict:
    """Each paper's finer topic as a position in ``subtopics`` (their labels), where the run has them."""
    if "subtopic" not in documents:
        return {}
    labels = documents.drop_duplicates("subtopic").sort_values("subtopic")
    at = {int(s): i for i, s in enumerate(labels["subtopic"])}
    return {
        "subtopic": [at[int(s)] for s in documents["subtopic"]],
        "subtopics": [str(label) for label in labels["subtopic_label"]],
    }


def label_offsets(
    points: dict, height: int, width: int = LABEL_WIDTH, level: str = "topics"
) -> list[list[float] | None]:
    """The synced ``labels`` (``area_labels``): where each topic (area) label of ``points`` goes on a canvas.

    The placement of the report's map (:func:`~analysis.figures.map.topic_label_offsets`)
    in the widget's own frame (one scale on both axes, centred, :data:`PAD`
    pixels of margin), from the same rounded coordinates the widget draws.

    Args:
        points: The synced ``points`` (:func:`map_points`).
        height: Canvas height in pixels.
        width: Canvas width in pixels the labels are placed for.
        level: ``"topics"`` or ``"areas"``: whose labels.

    Returns:
        Per topic (area), ``[dx, dy]`` in pixels from its centre, or None (no free spot: left out).
    """
    topics = points[level]
    if not topics:
        return []
    xy = np.column_stack([points["x"], points["y"]])
    frame = equal_scale_frame(xy[:, 0], xy[:, 1], width, height, PAD)
    centres = [[t["x"], t["y"]] for t in topics]
    offsets = topic_label_offsets(frame, centres, xy, [t["label"] for t in topics])
    return [None if offset is None else [float(offset[0]), float(offset[1])] for offset in offsets]


def _rows_of_group(frame: pd.DataFrame, column: str, value: str | int | Iterable[str] | Iterable[int]) -> list[int]:
    wanted = [value] if isinstance(value, str | int | np.integer) else list(value)
    known = list(dict.fromkeys(frame[column]))
    unknown = [v for v in wanted if v not in set(known)]
    if unknown:
        raise ValueError(f"{column} {unknown} not on the map (it has {column}s {sorted(known, key=str)})")
    return np.flatnonzero(frame[column].isin(wanted).to_numpy()).tolist()


def _rows_of_papers(frame: pd.DataFrame, papers: object) -> list[int]:
    if isinstance(papers, str) or not isinstance(papers, Iterable):
        raise TypeError(f"papers must be a list of doc_ids or a boolean mask, got {type(papers).__name__}")
    values = papers.to_numpy() if isinstance(papers, pd.Series) else np.asarray(list(papers), dtype=object)
    if len(values) == 0:
        return []
    if all(isinstance(v, bool | np.bool_) for v in values):
        if len(values) != len(frame):
            raise ValueError(f"the mask has {len(values)} values; the map has {len(frame)} papers")
        return np.flatnonzero(values.astype(bool)).tolist()
    if all(isinstance(v, str) for v in values):
        position = {doc_id: i for i, doc_id in enumerate(frame["doc_id"])}
        unknown = [v for v in values if v not in position]
        if unknown:
            raise ValueError(f"{len(unknown)} doc_ids not on the map, e.g. {unknown[0]!r}")
        return sorted({position[v] for v in values})
    kinds = sorted({type(v).__name__ for v in values})
    raise TypeError(f"papers must be all doc_ids (str) or all booleans, got values of type {', '.join(kinds)}")
