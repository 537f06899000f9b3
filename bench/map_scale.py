"""The topic map at scale: a synthetic 100,000-paper result, its ``topic_map.html`` size and load time in Chromium.

The result is synthetic (no fit): topic centres on a spiral, papers scattered
around them with a seeded generator, real abstract text (the reference
corpus, repeated) so the file size is that of real abstracts, and two extra
columns (year, decision) so the filters are built as for a real list.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from analysis.model.finer import FINE_FROM, FINE_SIZE

if TYPE_CHECKING:
    from selenium.webdriver.remote.webdriver import WebDriver

    from analysis.model.topic_result import TopicResult

DECISIONS = ("oral", "poster", "reject")

# The labels shown over the map (HTML boxes placed in Python, map_labels.py): their levels, and the pairs
# of them whose boxes overlap.
LABELS_SHOWN = """
const shown = [...document.querySelectorAll('.map-labels .map-label')].filter(l => !l.hidden);
const boxes = shown.map(l => l.getBoundingClientRect());
const pairs = [];
boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b, j) => {
  if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) { pairs.push([i, i + 1 + j]); }
}));
return {levels: shown.map(l => l.dataset.level), overlapping: pairs};
"""


def full_view_levels(result: TopicResult, placement: str = "620x440") -> list[str]:
    """The levels of the labels Python places for the full view (zoom 1) of one plot size, in the page's order.

    ``placement`` is the plot size as the page names the placement it took (``data-placement``, e.g. "670x520").
    """
    from analysis.report.topic_map import map_figure, page_labels

    page = page_labels(result, map_figure(result))
    (own,) = [p["labels"] for p in page["placements"] if "x".join(map(str, p["plot"])) == placement]
    return [
        shared["level"]
        for shared, label in zip(page["labels"], own, strict=True)
        if label["min_zoom"] <= 1 and (label["max_zoom"] is None or label["max_zoom"] > 1)
    ]


def finer_pieces(documents: pd.DataFrame, centres: np.ndarray) -> dict:
    """Synthetic finer topics: each topic's papers cut into sectors around its centre, about one per 45 papers.

    A topic under 68 papers stays whole, as in :mod:`analysis.model.finer`; pieces are numbered topic by topic.
    """
    subtopic = np.zeros(len(documents), dtype=int)
    number = 0
    for t in sorted(set(documents["topic"].tolist())):
        rows = np.flatnonzero(documents["topic"].to_numpy() == t)
        pieces = len(rows) // FINE_SIZE if len(rows) >= 68 else 1
        xy = documents[["x", "y"]].to_numpy()[rows] - centres[t]
        sector = ((np.arctan2(xy[:, 1], xy[:, 0]) + np.pi) / (2 * np.pi) * pieces).astype(int)
        subtopic[rows] = number + np.minimum(sector, pieces - 1)
        number += pieces
    return {"subtopic": subtopic, "subtopic_label": [f"piece{s} · finer{s}" for s in subtopic]}


def synthetic_result(
    n: int,
    topics: int = 60,
    abstracts: list[str] | None = None,
    titles: list[str] | None = None,
    areas: int = 1,
) -> TopicResult:
    """A result with what the map reads: documents, topics, themes, papers (no fitted pieces).

    Args:
        n: Number of papers.
        topics: Number of topics.
        abstracts: Texts to reuse in turn (default: a short made-up abstract).
        titles: Titles to reuse in turn (default: none, as in plain-text lists).
        areas: Number of areas: the topics grouped by the sector of the map their centre is in (default one).
    """
    from analysis.model.themes import load_themes
    from analysis.model.topic_result import TopicResult

    rng = np.random.default_rng(0)
    themes = load_themes()
    names = themes.names
    angle = np.arange(topics) * 2.4  # golden-angle spiral: centres spread evenly
    radius = np.sqrt(np.arange(topics) + 1)
    centres = np.column_stack([radius * np.cos(angle), radius * np.sin(angle)])
    # Topic sizes fall off like real ones (largest first).
    weights = 1.0 / (np.arange(topics) + 3)
    topic = np.sort(rng.choice(topics, size=n, p=weights / weights.sum()))
    xy = np.round(centres[topic] + rng.normal(scale=0.35, size=(n, 2)), 3)
    theme_of_topic = [names[t % len(names)] for t in range(topics)]
    # Areas are sectors of the spiral (neighbouring topics share one), numbered anticlockwise.
    sector = (np.arctan2(centres[:, 1], centres[:, 0]) + np.pi) / (2 * np.pi)
    area_of_topic = np.minimum((sector * areas).astype(int), areas - 1)
    abstracts = abstracts or ["We propose a method for learning representations of abstracts. It works well."]
    documents = pd.DataFrame(
        {
            "doc_id": [f"{i:016x}" for i in range(n)],
            "name": [f"Paper {i}" for i in range(n)],
            "topic": topic,
            "topic_label": [f"term{t} · word{t} · topic{t}" for t in topic],
            "theme": [theme_of_topic[t] for t in topic],
            "area": area_of_topic[topic],
            "x": xy[:, 0],
            "y": xy[:, 1],
        }
    )
    papers = pd.DataFrame(
        {
            "doc_id": documents["doc_id"],
            "name": documents["name"],
            "title": [titles[i % len(titles)] for i in range(n)] if titles else [""] * n,
            "text": [abstracts[i % len(abstracts)] for i in range(n)],
            "sources": [f"list_{i % 3}.jsonl:{i + 1}" for i in range(n)],
            "year": [2022 + i % 4 for i in range(n)],
            "decision": [DECISIONS[i % 3] for i in range(n)],
        }
    )
    if n >= FINE_FROM:  # the finer level, as the fit makes it from 5,000 papers
        documents = documents.assign(**finer_pieces(documents, centres))
    sizes = np.bincount(topic, minlength=topics)
    table = pd.DataFrame(
        {
            "topic": np.arange(topics),
            "label": [f"term{t} · word{t} · topic{t}" for t in range(topics)],
            "size": sizes,
            "theme": theme_of_topic,
            "area": area_of_topic,
            "area_label": [f"field{a} · area{a} · domain{a}" for a in area_of_topic],
        }
    )
    table = table[table["size"] > 0].sort_values(["size", "topic"], ascending=[False, True], kind="stable")
    # A TopicResult (the record with its verbs, none called here): the type the report's functions take.
    return TopicResult(
        documents=documents,
        topics=table.reset_index(drop=True),
        themes=themes,
        theme_scores=np.zeros((n, len(names))),  # not drawn: the map colours by theme, not by score
        papers=papers,
    )


def measure(n: int, out: Path, corpus: Path | None = None, browser: bool = True) -> dict:
    """Build the map of ``n`` synthetic papers into ``out`` and time it; open it in Chromium when asked."""
    from analysis.report.topic_map import topic_map_html

    abstracts = titles = None
    if corpus is not None and corpus.exists():
        records = pd.read_json(corpus, lines=True)
        abstracts, titles = records["abstract"].astype(str).tolist(), records["title"].astype(str).tolist()
    result = synthetic_result(n, abstracts=abstracts, titles=titles)
    start = time.perf_counter()
    page = topic_map_html(result)
    build_s = time.perf_counter() - start
    path = out / f"topic_map_{n}.html"
    path.write_text(page, encoding="utf-8")
    answer: dict[str, Any] = {
        "papers": n,
        "topics": len(result.topics),
        "file_mb": round(path.stat().st_size / 1e6, 1),
        "abstract_mb": round(sum(len(t.encode()) for t in result.papers["text"]) / 1e6, 1),
        "build_s": round(build_s, 1),
        "labels_placed": len(full_view_levels(result)),
    }
    if browser:
        answer.update(browser_times(path))
        # The labels Python placed for the plot size the page took.
        answer["labels_placed"] = len(full_view_levels(result, answer["placement"]))
    return answer


def browser_times(path: Path, timeout: float = 300) -> dict:
    """Seconds from navigation to a drawn, ready map in headless Chromium, and for a colour switch."""
    from analysis.figures.chromium import headless_chromium

    # SwiftShader draws WebGL on the CPU when there is no GPU (as on a headless server).
    driver = headless_chromium(1920, 1080, flags=("--enable-unsafe-swiftshader",))
    driver.set_page_load_timeout(timeout)
    try:
        driver.get(path.as_uri())
        ready = "return document.querySelector('.map').dataset.ready === 'true'"
        _wait(driver, ready, timeout)
        load_s = driver.execute_script("return performance.now()") / 1000
        start = time.perf_counter()
        driver.execute_script("document.querySelector('input[name=colour][value=topic]').click()")
        _wait(driver, "return document.querySelector('.map').data[0].meta.group === 'topic'", timeout)
        switch_s = time.perf_counter() - start
        shown = driver.execute_script("return document.querySelector('.map').data.reduce((n, t) => n + t.x.length, 0)")
        severe = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        webgl = driver.execute_script("return document.querySelectorAll('.map canvas').length > 0")
        labels = driver.execute_script(LABELS_SHOWN)
        placement = driver.execute_script("return document.querySelector('.map').dataset.placement")
    finally:
        driver.quit()
    return {
        "placement": placement,
        "chromium_load_s": round(load_s, 1),
        "colour_switch_s": round(switch_s, 1),
        "points_drawn": shown,
        "webgl_canvas": webgl,
        "console_errors": severe[:3],
        "labels_shown": len(labels["levels"]),
        "area_labels_shown": labels["levels"].count("area"),
        "overlapping_labels": labels["overlapping"],
    }


def _wait(driver: WebDriver, script: str, timeout: float) -> None:
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        WebDriverWait(driver, timeout, poll_frequency=0.2).until(lambda d: d.execute_script(script))
    except TimeoutException as error:
        raise TimeoutError(f"the map did not answer {script!r} within {timeout} s") from error
