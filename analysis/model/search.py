"""Papers by meaning: the nearest papers to a query or to a paper, by exact cosine in the embedding space.

Every score is a cosine rounded as shown (:func:`~analysis.model.themes.round_as_shown`,
two decimals) before anything is ranked, and papers of equal shown score are
ranked by ``doc_id``: the same list on every machine, whatever the last
digits of the floats. The neighbours of every paper at once
(:func:`nearest_papers`) are computed in blocks, so memory stays linear in
the number of papers; the topic map shows them in its paper panel.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
from numpy.typing import ArrayLike

from analysis.model.measures import unit_rows
from analysis.model.themes import SCORE_DECIMALS, round_as_shown

if TYPE_CHECKING:
    from analysis.model.result import TopicRecord

# Columns of a search result, after the rank: what a reader needs to pick a paper.
SHOWN_COLUMNS = ("doc_id", "name", "title", "topic", "topic_label", "theme")
# Scores are compared as whole hundredths (the shown precision) in the neighbour search.
_SCALE = 10**SCORE_DECIMALS
# Paper-by-paper similarities are computed this many cells at a time (float64: 32 MB).
_BLOCK_CELLS = 4_000_000


def checked_texts(texts: str | Iterable[str]) -> list[str]:
    """``texts`` as a list (one string is one text); a TypeError names the first item that is not a string."""
    texts = [texts] if isinstance(texts, str) else list(texts)
    for at, text in enumerate(texts):
        if not isinstance(text, str):
            raise TypeError(f"texts must be strings: item {at} is {type(text).__name__} {text!r:.40}")
    return texts


def checked_query(query: str | None) -> str:
    """The query of a search: a text with a word in it (an empty one would rank papers by nothing)."""
    if not isinstance(query, str) or not query.strip():
        raise ValueError(f"the query must be a text with words in it, got {query!r}")
    return query


def checked_k(k: int) -> int:
    """How many papers to return: a whole number, 1 or more (-1 gave none, 2.5 gave two)."""
    if isinstance(k, bool) or not isinstance(k, int | np.integer) or k < 1:
        raise ValueError(f"k must be a whole number of papers, 1 or more; got {k!r}")
    return int(k)


def doc_order(doc_ids: ArrayLike) -> np.ndarray:
    """Each paper's place in the sorted order of the ``doc_id`` s: the tie-break of every ranking."""
    keys = np.asarray(doc_ids).astype(str)
    order = np.argsort(keys, kind="stable")
    place = np.empty(len(keys), dtype=np.int64)
    place[order] = np.arange(len(keys))
    return place


def ranked(scores: np.ndarray, doc_ids: ArrayLike, k: int, exclude: int | None = None) -> np.ndarray:
    """Indices of the ``k`` best papers: highest shown score first, equal scores by ``doc_id``.

    Args:
        scores: One cosine per paper.
        doc_ids: Each paper's ``doc_id``.
        k: How many to return (fewer when there are fewer papers).
        exclude: A paper to leave out (the query paper itself).
    """
    shown = round_as_shown(np.asarray(scores, dtype=np.float64))
    candidates = np.array([i for i in range(len(shown)) if i != exclude], dtype=np.int64)
    keys = np.asarray(doc_ids).astype(str)[candidates]
    order = np.lexsort((keys, -shown[candidates]))
    return candidates[order[: max(0, int(k))]]


def result_frame(result: TopicRecord, indices: np.ndarray, scores: np.ndarray) -> pd.DataFrame:
    """The rows of ``indices`` as a search answer: rank, the shown columns, and the score as shown."""
    documents, papers = result.documents, result.papers
    joined = result.documents_with(*[c for c in SHOWN_COLUMNS if c not in documents and c in papers])
    frame = pd.DataFrame({"rank": np.arange(1, len(indices) + 1)})
    for column in SHOWN_COLUMNS:
        values = joined[column].to_numpy()[indices] if column in joined else [""] * len(indices)
        frame[column] = values
    frame["score"] = round_as_shown(np.asarray(scores, dtype=np.float64)[indices])
    return frame


def search_vectors(result: TopicRecord, query_vector: np.ndarray, vectors: np.ndarray, k: int) -> pd.DataFrame:
    """The ``k`` papers nearest ``query_vector`` among ``vectors`` (one row per paper of ``result``)."""
    scores = unit_rows(vectors) @ unit_rows(np.atleast_2d(query_vector))[0]
    return result_frame(result, ranked(scores, result.documents["doc_id"], k), scores)


def similar_to(result: TopicRecord, vectors: np.ndarray, doc_id: str, k: int) -> pd.DataFrame:
    """The ``k`` papers nearest the paper ``doc_id`` (itself left out).

    Raises:
        KeyError: No paper has that ``doc_id``.
    """
    doc_ids = result.documents["doc_id"].astype(str).tolist()
    if str(doc_id) not in doc_ids:
        raise KeyError(f"no paper with doc_id {doc_id!r} in this result")
    row = doc_ids.index(str(doc_id))
    unit_vectors = unit_rows(vectors)
    scores = unit_vectors @ unit_vectors[row]
    return result_frame(result, ranked(scores, doc_ids, k, exclude=row), scores)


def nearest_papers(vectors: np.ndarray, doc_ids: ArrayLike, k: int = 5) -> tuple[np.ndarray, np.ndarray]:
    """Every paper's ``k`` nearest other papers (exact cosine, shown score first, ties by ``doc_id``).

    Args:
        vectors: One row per paper.
        doc_ids: Each paper's ``doc_id`` (the tie-break).
        k: Neighbours per paper (fewer when there are fewer other papers).

    Returns:
        ``(indices, scores)``, each ``n x k``: the neighbours' rows, nearest
        first, and their cosines as shown.
    """
    unit_vectors = unit_rows(vectors)
    n = len(unit_vectors)
    k = max(0, min(int(k), n - 1))
    place = doc_order(doc_ids)
    # One integer per candidate orders by shown score, then by doc_id (lower first): no ties left.
    tie_break = (n - 1 - place).astype(np.int64)
    indices = np.empty((n, k), dtype=np.int64)
    scores = np.empty((n, k), dtype=np.float64)
    step = max(1, _BLOCK_CELLS // max(n, 1))
    for start in range(0, n, step):
        block = unit_vectors[start : start + step] @ unit_vectors.T
        hundredths = np.rint(block * _SCALE).astype(np.int64)
        keys = hundredths * n + tie_break
        rows = np.arange(len(block))
        keys[rows, rows + start] = -2 * _SCALE * n  # below every cosine: never its own neighbour
        if k == 0:
            continue
        top = np.argpartition(-keys, k - 1, axis=1)[:, :k]
        top = np.take_along_axis(top, np.argsort(-np.take_along_axis(keys, top, axis=1), axis=1), axis=1)
        indices[start : start + len(block)] = top
        scores[start : start + len(block)] = np.take_along_axis(hundredths, top, axis=1) / _SCALE
    return indices, scores + 0.0
