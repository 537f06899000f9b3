"""New texts in a fitted run's spaces: the run's embedding backend, its topic centroids, and the nearest topic.

What :meth:`analysis.TopicResult.transform` and the BERTopic view's
``transform`` run (:mod:`analysis.model.bertopic_model`), and what
search embeds a query with. Each function takes the record
(:class:`~analysis.model.result.TopicRecord`), never the verbs above it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from analysis.corpus.table import document_texts
from analysis.embedding.cache import embed_texts
from analysis.model.clustering import nearest_centroid
from analysis.model.measures import topic_centroids
from analysis.model.search import checked_texts

if TYPE_CHECKING:
    from analysis.embedding.backends import Backend
    from analysis.model.result import TopicPieces, TopicRecord


def run_backend(record: TopicRecord) -> Backend:
    """The backend that embedded the papers: the fit's own, or the one named in the pieces (kept on the record).

    Raises:
        ValueError: Neither is known (a backend object was passed to a
            fit in another process).
    """
    if record.backend is None:
        name = (record.pieces.slots if record.pieces is not None else {}).get("embedding")
        if name is None:
            raise ValueError("this result does not say which embedding backend made it: pass embeddings= to transform")
        from analysis.embedding.registry import select_backend

        record.backend = select_backend(name)
    return record.backend


def fitted_pieces(record: TopicRecord) -> TopicPieces:
    """The record's pieces; a ValueError for a result of format 1, which has none."""
    if record.pieces is None:
        raise ValueError("this result has no fitted pieces (loaded from the earlier format): refit it")
    return record.pieces


def embedding_centroids(record: TopicRecord) -> tuple[np.ndarray, np.ndarray]:
    """Each topic's id (ascending) and its centroid: the unit mean of its papers' embeddings."""
    pieces = fitted_pieces(record)
    return topic_centroids(pieces.embeddings, pieces.paper_topics)


def transform(
    record: TopicRecord, texts: list[str], embeddings: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Each text's nearest existing topic and its cosine to its centroid (:meth:`analysis.TopicResult.transform`)."""
    texts = checked_texts(texts)
    if not texts:  # an empty batch: no topics, not numpy's "need at least one array"
        return np.empty(0, dtype=np.int64), np.empty(0)
    ids, centroids = embedding_centroids(record)
    if embeddings is None:
        embeddings, centroids = _embed_new(record, texts, centroids)
    embeddings = np.asarray(embeddings)
    if len(embeddings) != len(texts):
        raise ValueError(f"{len(embeddings)} embeddings for {len(texts)} texts")
    pieces = fitted_pieces(record)
    if pieces.projection is not None and pieces.reduced is not None:
        features = pieces.projection.features(embeddings, texts)
        ids, centroids = topic_centroids(pieces.reduced, pieces.paper_topics)
        return nearest_centroid(pieces.projection.reduced(features, pieces.features), ids, centroids)
    return nearest_centroid(embeddings, ids, centroids)


def _embed_new(record: TopicRecord, texts: list[str], centroids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The texts' vectors and the centroids in one space: a backend fitted per corpus embeds both at once."""
    backend = run_backend(record)
    if not getattr(backend, "needs_corpus", False):
        return embed_texts(texts, backend), centroids
    together = embed_texts([*document_texts(record.papers), *texts], backend)
    _, centroids = topic_centroids(together[: len(record.papers)], fitted_pieces(record).paper_topics)
    return together[len(record.papers) :], centroids


def paper_vectors(record: TopicRecord) -> np.ndarray:
    """The papers' vectors in the space themes, search and neighbours use (one row per paper)."""
    if record.embeddings is None:
        raise ValueError("this result keeps no paper vectors: refit it")
    return np.asarray(record.embeddings)


def vectors_with(record: TopicRecord, texts: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """The papers' vectors and the texts' vectors in one space (a backend fitted per corpus embeds both)."""
    backend = run_backend(record)
    if not getattr(backend, "needs_corpus", False):
        return paper_vectors(record), embed_texts(texts, backend)
    together = embed_texts([*document_texts(record.papers), *texts], backend)
    return together[: len(record.papers)], together[len(record.papers) :]
