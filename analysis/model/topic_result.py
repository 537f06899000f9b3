"""The fitted analysis a user holds: the record (:mod:`analysis.model.result`) with its verbs.

:class:`TopicResult` is a :class:`~analysis.model.result.TopicRecord` (the
same fields, saved and loaded the same way) whose methods call the
services: :mod:`analysis.model.transform` (new texts to topics),
:mod:`analysis.model.search` (papers by meaning),
:mod:`analysis.model.incremental` (adding papers) and
:mod:`analysis.model.bertopic_model` (the BERTopic view). Those services
take the record, so the imports run one way: this module above them, the
record below.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from analysis.model import transform as placing
from analysis.model.bertopic_model import build_bertopic
from analysis.model.incremental import add_batch
from analysis.model.result import TopicRecord, load_result
from analysis.model.search import checked_k, checked_query, search_vectors, similar_to

if TYPE_CHECKING:
    from bertopic import BERTopic

    from analysis.embedding.backends import Backend


@dataclass(kw_only=True)
class TopicResult(TopicRecord):
    """A fitted analysis: one row per paper, one row per topic, the themes, the pieces behind the model, and its verbs.

    The fields are :class:`~analysis.model.result.TopicRecord`'s:
    ``documents`` (per paper), ``topics`` (per topic), ``themes``,
    ``theme_scores``, ``papers`` (per paper), ``pieces``, ``backend``;
    ``embeddings`` reads the papers' one embeddings array.
    """

    @classmethod
    def of(cls, record: TopicRecord) -> TopicResult:
        """The record with its verbs (the same arrays and frames, not copies)."""
        result = cls(**{f.name: getattr(record, f.name) for f in fields(record) if f.init})
        result._model = record._model
        return result

    @property
    def model(self) -> BERTopic:
        """The fitted BERTopic with these topics, terms and labels (built once, on first access)."""
        if self._model is None:
            self._model = build_bertopic(self)
        return self._model

    @model.setter
    def model(self, model: BERTopic) -> None:
        self._model = model

    def embedding_backend(self) -> Backend:
        """The backend that embedded the papers: the fit's own, or the one named in the pieces.

        Raises:
            ValueError: Neither is known (a backend object was passed to a
                fit in another process).
        """
        return placing.run_backend(self)

    def topic_centroids(self) -> tuple[np.ndarray, np.ndarray]:
        """Each topic's id (ascending) and its centroid: the unit mean of its papers' embeddings."""
        return placing.embedding_centroids(self)

    def transform(self, texts: list[str], embeddings: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Assign new papers to the existing topics: each to the topic whose centroid is nearest (cosine).

        A text is embedded as a paper is (``title. abstract`` or the abstract
        alone), with the fit's backend, and placed where ``add`` places a
        new paper: in the space the fit clustered
        (:mod:`analysis.model.projection`), its topics' centroids there; a
        fit without that space (an injected reduction, the TF-IDF backend)
        compares embeddings with :meth:`topic_centroids`. Cosines are
        rounded to 1e-6 and a tie goes to the lower topic, so the answer is
        the same on every machine. Nothing is refitted: topics, terms and
        labels stay.

        Args:
            texts: The new papers' texts.
            embeddings: Their embeddings, one row per text (skips embedding).

        Returns:
            Each text's topic and its cosine to that topic's centroid.

        Example:
            >>> topics, similarity = result.transform(["A diffusion model for video ..."])
        """
        return placing.transform(self, texts, embeddings)

    def search(self, query: str, k: int = 10) -> pd.DataFrame:
        """The ``k`` papers nearest a query by meaning: the query embedded with the run's backend.

        Scores are cosines rounded as shown (two decimals); papers of equal
        score are ranked by ``doc_id``, so the list is the same on every machine.

        Args:
            query: Words, a sentence or an abstract.
            k: How many papers to return.

        Returns:
            ``rank``, ``doc_id``, ``name``, ``title``, ``topic``,
            ``topic_label``, ``theme`` and ``score``, best first.

        Example:
            >>> result.search("watermarking language model outputs", k=3)
        """
        vectors, query_vectors = placing.vectors_with(self, [checked_query(query)])
        return search_vectors(self, query_vectors, vectors, checked_k(k))

    def similar(self, doc_id: str, k: int = 5) -> pd.DataFrame:
        """The ``k`` papers nearest the paper ``doc_id`` (exact cosine in the embedding space, itself left out).

        Returns:
            The columns of :meth:`search`, nearest first.

        Raises:
            KeyError: No paper has that ``doc_id``.
        """
        return similar_to(self, self.paper_vectors(), doc_id, checked_k(k))

    def paper_vectors(self) -> np.ndarray:
        """The papers' vectors in the space themes, search and neighbours use (one row per paper)."""
        return placing.paper_vectors(self)

    def add(self, papers: pd.DataFrame, batch: str | None = None) -> TopicResult:
        """A new result with ``papers`` added; every paper already here keeps its topic, label, theme and place.

        A copy of a paper already here merges into it (its sources added); a
        new paper joins the nearest topic when it fits as well as that
        topic's own papers, misfits similar to each other form new topics,
        and a lone misfit joins its nearest topic with ``misfit`` set (the
        rules: :mod:`analysis.model.incremental`). Each paper records its
        ``batch``; the papers of the first fit are in batch ``"first fit"``.

        Args:
            papers: One row per paper (from :func:`analysis.load_corpus`).
            batch: The batch name; default today's date (ISO).

        Example:
            >>> result = result.add(load_corpus("this_week.bib"), batch="week 12")
        """
        return add_batch(self, papers, batch)[0]

    @classmethod
    def load(cls, folder: str | Path) -> TopicResult:
        """Load a result saved with :meth:`save`, without refitting."""
        return cls.of(load_result(folder))
