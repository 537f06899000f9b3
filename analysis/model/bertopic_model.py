"""The fitted BERTopic model, built from the pieces of a fit (only when someone asks for it).

The fit itself never imports BERTopic (:mod:`analysis.model.ctfidf` computes its
c-TF-IDF): importing it costs about 5 s, mostly for transformers and torch
behind its optional representations. ``result.model`` is built here from
the fitted pieces as BERTopic builds a model from topics given from outside
(its "manual topic modeling": ``BaseDimensionalityReduction`` and
``BaseCluster`` in the reduction and clustering slots), so that its views
work: ``get_topic``, ``get_topic_info``, ``get_representative_docs``,
``visualize_barchart``, ``visualize_documents``...

Its embedding model is the fit's own backend and its topic vectors are the
mean embedding of each topic's papers, in the space new text is embedded
in: ``transform`` assigns new papers to the nearest existing topic (the
suite's :meth:`~analysis.model.topic_result.TopicResult.transform`, deterministic)
and ``find_topics`` compares a search term with the topics.

The steps are those of BERTopic's ``fit_transform`` after clustering, run
on our topics as they are: ``fit_transform`` itself would renumber topics
of equal size by an unstable sort, differently on another CPU.
"""

from __future__ import annotations

import functools
import logging
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from analysis.corpus.table import topic_texts
from analysis.model.ctfidf import topic_vectorizer
from analysis.model.search import checked_query
from analysis.model.transform import run_backend, transform

if TYPE_CHECKING:
    from bertopic import BERTopic
    from bertopic.backend import BaseEmbedder

    from analysis.model.result import TopicRecord


def build_bertopic(result: TopicRecord) -> BERTopic:
    """A fitted BERTopic with the topics, ranked terms and labels of ``result`` (a fitted record).

    Its c-TF-IDF is BERTopic's own, computed on the same topic texts (equal to
    ours: ``tests/model/test_ctfidf.py``); its term lists are our ranking; its topic
    vectors are the mean embedding of each topic's papers; its representative
    papers are chosen by BERTopic on our topics.

    Raises:
        ValueError: The result has no pieces (loaded from the earlier format).
    """
    pieces, papers = result.pieces, result.papers
    if pieces is None:
        raise ValueError("this result has no fitted pieces to build a BERTopic model from")
    from bertopic._bertopic import TopicMapper
    from bertopic.cluster import BaseCluster
    from bertopic.dimensionality import BaseDimensionalityReduction
    from bertopic.vectorizers import ClassTfidfTransformer

    suite_bertopic, suite_embedder = _classes()
    model = suite_bertopic(
        embedding_model=suite_embedder(result),
        umap_model=BaseDimensionalityReduction(),
        hdbscan_model=BaseCluster(),
        vectorizer_model=topic_vectorizer(pieces.latin, pieces.min_df),
        ctfidf_model=ClassTfidfTransformer(reduce_frequent_words=True),
        top_n_words=20,
        calculate_probabilities=False,
    )
    model.suite_result = result
    # BERTopic drops `language` when given an embedding model; its c-TF-IDF reads it (English: punctuation out).
    model.language = "english" if pieces.latin else "multilingual"
    topics = np.asarray(pieces.paper_topics).astype(int)
    texts = topic_texts(papers)
    documents = pd.DataFrame({"Document": texts, "ID": range(len(topics)), "Topic": topics, "Image": None})
    with _quiet_bertopic():
        model._update_topic_size(documents)
        model.topic_mapper_ = TopicMapper(model.topics_)
        per_topic = documents.groupby(["Topic"], as_index=False).agg({"Document": " ".join})
        model.c_tf_idf_, _ = model._c_tf_idf(per_topic)
        model.topic_representations_ = {t: list(words) for t, words in sorted(pieces.terms.items())}
        model._create_topic_vectors(documents=documents, embeddings=np.asarray(pieces.embeddings, dtype=np.float64))
        model._save_representative_docs(documents)
        model.probabilities_ = None
        # BERTopic's own views (visualize_*(custom_labels=True)) show our labels.
        model.set_topic_labels(dict(pieces.labels))
    return model


@functools.cache
def _classes() -> tuple[type[BERTopic], type[BaseEmbedder]]:
    """BERTopic and its embedder base class subclassed for a suite result (defined when BERTopic is imported)."""
    from bertopic import BERTopic
    from bertopic.backend import BaseEmbedder

    class SuiteEmbedder(BaseEmbedder):
        """The fit's embedding backend as BERTopic's embedding model (embeddings through the suite's cache)."""

        def __init__(self, result: TopicRecord) -> None:
            super().__init__()
            self.result = result

        def embed(self, documents: list[str], verbose: bool = False) -> np.ndarray:
            """Embed texts in the space of the fitted papers.

            Raises:
                ValueError: The backend's space is fitted per corpus (TF-IDF):
                    texts alone would land in another space.
            """
            from analysis.embedding.cache import embed_texts

            backend = run_backend(self.result)
            if getattr(backend, "needs_corpus", False):
                raise ValueError(
                    f"the {backend.identity!r} backend fits its vector space on each corpus: "
                    "assign new papers with result.transform(texts)"
                )
            return embed_texts(list(documents), backend)

    class SuiteBERTopic(BERTopic):
        """A BERTopic whose ``transform`` is the suite's assignment to the nearest existing topic.

        ``suite_result`` (set when built) is the record it shows.
        """

        def transform(
            self, documents: list[str], embeddings: np.ndarray | None = None, images: list[str] | None = None
        ) -> tuple[list[int], np.ndarray]:
            """Each document's nearest existing topic and its cosine to it (``analysis.model.transform``)."""
            if images is not None:
                raise ValueError("this model was fitted on text only")
            topics, similarity = transform(self.suite_result, documents, embeddings)
            return topics.tolist(), similarity

        def find_topics(
            self, search_term: str | None = None, image: str | None = None, top_n: int = 5
        ) -> tuple[list[int], list[float]]:
            """BERTopic's ``find_topics``; an empty search term is refused (it ranked the topics by nothing)."""
            if image is None:
                checked_query(search_term)
            return super().find_topics(search_term, image=image, top_n=top_n)

    return SuiteBERTopic, SuiteEmbedder


class _quiet_bertopic:  # noqa: N801  (a context manager used like a function)
    """BERTopic's logger at ERROR: it would warn about steps we take on purpose."""

    def __enter__(self) -> None:
        self.logger = logging.getLogger("BERTopic")
        self.level = self.logger.level
        self.logger.setLevel(logging.ERROR)

    def __exit__(self, *exc: object) -> None:
        self.logger.setLevel(self.level)
