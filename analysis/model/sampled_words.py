"""Step 4 of a sampled fit (:mod:`analysis.model.sampled`): each topic's terms and label over every paper.

The partitions (:func:`partitions`) and the mapper type the whole sampled fit uses live here, below it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import Any

import numpy as np
import pandas as pd

from analysis.corpus.table import document_texts, topic_texts
from analysis.model.ctfidf import TermCounts, counts_tfidf, sum_term_counts, topic_term_counts
from analysis.model.describe import describe, paper_titles
from analysis.model.naming_nearest import Nearness
from analysis.model.result import TopicPieces

# A function applied to each partition, in order, as the builtin map does.
Mapper = Callable[[Callable[[Any], Any], Iterable[Any]], Iterable[Any]]


def partitions(rows: np.ndarray, size: int) -> list[np.ndarray]:
    """``rows`` cut into consecutive runs of ``size`` (the last one shorter)."""
    return [rows[start : start + size] for start in range(0, len(rows), size)]


def described(
    papers: pd.DataFrame,
    topics: np.ndarray,
    order: np.ndarray,
    fitted: TopicPieces,
    tasks: tuple[Mapper, int],
    nearness: Nearness | None = None,
) -> tuple[dict[int, list[tuple[str, float]]], dict[int, str]]:
    """Each topic's c-TF-IDF terms (term counts per partition, summed) and its label, over every paper.

    ``order`` is the papers' hash order, ``tasks`` the mapper and the partition size; ``nearness`` has the
    papers' embeddings in ``papers``' order (:mod:`analysis.model.naming_nearest`).
    """
    mapper, size = tasks
    frame = papers[[c for c in ("title", "text", "counted_text") if c in papers]]  # the counted text when validated
    parts = ((frame.iloc[rows], topics[rows]) for rows in partitions(order, size))
    counts = sum_term_counts(mapper(partial(_count_partition, fitted.latin), parts), fitted.min_df)
    texts, titles = document_texts(papers), paper_titles(papers, order.tolist())
    # In hash order, as everything else: the labels cannot depend on the order of the rows given.
    near = None if nearness is None else Nearness(nearness.embeddings[order], nearness.encode)
    ordered = [texts[i] for i in order]
    words = describe(counts_tfidf(counts), ordered, topics[order], fitted.latin, titles=titles, nearness=near)
    return words.terms, words.labels


def _count_partition(latin: bool, part: tuple[pd.DataFrame, np.ndarray]) -> TermCounts:
    frame, topics = part
    return topic_term_counts(topic_texts(frame), topics, latin)
