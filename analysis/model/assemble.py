"""A fit's result from its pieces: the papers' and topics' tables, themes, areas and finer topics.

Freshly fitted and cached fits go through this one path (:func:`assemble`): the pieces hold only what the fit
made (topics, terms, labels, map, vectors); themes, areas and finer topics are made from them at every run.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pandas as pd

from analysis.corpus.table import document_texts
from analysis.embedding.backends import Backend
from analysis.model.areas import with_areas
from analysis.model.finer import with_finer
from analysis.model.naming_nearest import name_nearness
from analysis.model.result import TopicPieces
from analysis.model.themes import ThemeSet, score_themes
from analysis.model.topic_result import TopicResult
from analysis.progress import Stages


def assemble(
    papers: pd.DataFrame,
    pieces: TopicPieces,
    themes: ThemeSet,
    backend: Backend,
    topic_weight: float | None,
    stages: Stages,
) -> TopicResult:
    """The result of a topic fit scored on ``themes``: freshly fitted and cached fits go through this one path."""
    topics = np.asarray(pieces.paper_topics)
    with stages("themes"):
        texts = document_texts(papers)
        themed = score_themes(pieces.embeddings, topics, themes, backend, texts, topic_weight)
    if themed.vectors is not pieces.embeddings:  # TF-IDF, fitted again with the phrases: the papers' one space
        pieces = dataclasses.replace(pieces, embeddings=themed.vectors)
    documents = pd.DataFrame(
        {
            "doc_id": papers["doc_id"].to_numpy(),
            "name": papers["name"].to_numpy(),
            "topic": topics,
            "topic_label": [pieces.labels[t] for t in topics.tolist()],
            "theme": themed.theme,
            "theme_score": themed.score,
            "theme_margin": themed.margin,
            "x": pieces.xy[:, 0],
            "y": pieces.xy[:, 1],
        }
    )
    topic_frame = _topic_frame(pieces.terms, documents, themed.per_topic, pieces.labels)
    near = name_nearness(backend, pieces.embeddings)
    documents, topic_frame = with_areas(papers, pieces, documents, topic_frame, near)
    documents = with_finer(papers, pieces, documents, stages, near)
    return TopicResult(
        documents=documents,
        topics=topic_frame,
        themes=themes,
        theme_scores=themed.matrix,
        papers=papers.reset_index(drop=True),
        pieces=pieces,
        backend=backend,
    )


def _topic_frame(
    ranked: dict, documents: pd.DataFrame, topic_themes: pd.DataFrame, labels: dict[int, str]
) -> pd.DataFrame:
    sizes = documents["topic"].value_counts()
    terms = {t: ", ".join(w for w, _ in words[:10] if w) for t, words in ranked.items()}
    frame = pd.DataFrame(
        {
            "topic": sizes.index.astype(int),
            "label": [labels[t] for t in sizes.index],
            "size": sizes.to_numpy(),
            "terms": [terms.get(t, "") for t in sizes.index],
        }
    )
    frame = frame.merge(topic_themes, on="topic", how="left")
    return frame.sort_values(["size", "topic"], ascending=[False, True], ignore_index=True)
