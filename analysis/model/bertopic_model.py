"""The fitted BERTopic model, built from the pieces of a fit (only when someone asks for it).

The fit itself never imports BERTopic (:mod:`analysis.model.ctfidf` computes its
c-TF-IDF): importing it costs about 5 s, mostly for transformers and torch
behind its optional representations. ``result.model`` is built here from
the fitted pieces as BERTopic builds a model from topics given from outside
(its "manual topic modeling": no reduction, a clustering that returns the
given labels), so that every BERTopic view works: ``get_topic``,
``get_representative_docs``, ``visualize_documents``, ``visualize_barchart``...

The steps are those of BERTopic's ``fit_transform`` after clustering, run
on our topics as they are: ``fit_transform`` itself would renumber topics
of equal size by an unstable sort, differently on another CPU.
"""

from __future__ import annotations

import logging

import numpy as np
import pandas as pd

from analysis.embedding.cache import topic_texts
from analysis.model.clustering import MIN_CLUSTERED, SingleCluster, SmoothedPCA, ward_clustering
from analysis.model.labels import topic_vectorizer


def build_bertopic(pieces, papers: pd.DataFrame):
    """A fitted BERTopic with the topics, ranked terms and labels of ``pieces`` (a ``TopicPieces``).

    Its c-TF-IDF is BERTopic's own, computed on the same topic texts (equal to
    ours: ``tests/model/test_ctfidf.py``); its term lists are our ranking; its topic
    vectors are the mean of each topic's clustered vectors, as when BERTopic
    fits; its representative papers are chosen by BERTopic on our topics.

    Raises:
        ValueError: ``pieces`` is None (a result whose model was not kept).
    """
    if pieces is None:
        raise ValueError("this result has no fitted pieces to build a BERTopic model from")
    from bertopic import BERTopic
    from bertopic._bertopic import TopicMapper
    from bertopic.vectorizers import ClassTfidfTransformer

    reducer, clusterer = _slots(pieces, len(papers))
    model = BERTopic(
        language="english" if pieces.latin else "multilingual",
        umap_model=reducer,
        hdbscan_model=clusterer,
        vectorizer_model=topic_vectorizer(pieces.latin, pieces.min_df),
        ctfidf_model=ClassTfidfTransformer(reduce_frequent_words=True),
        top_n_words=20,
        calculate_probabilities=False,
    )
    topics = np.asarray(pieces.topics).astype(int)
    texts = topic_texts(papers)
    documents = pd.DataFrame({"Document": texts, "ID": range(len(topics)), "Topic": topics, "Image": None})
    with _quiet_bertopic():
        model._update_topic_size(documents)
        model.topic_mapper_ = TopicMapper(model.topics_)
        per_topic = documents.groupby(["Topic"], as_index=False).agg({"Document": " ".join})
        model.c_tf_idf_, _ = model._c_tf_idf(per_topic)
        model.topic_representations_ = {t: list(words) for t, words in sorted(pieces.terms.items())}
        model._create_topic_vectors(documents=documents, embeddings=np.asarray(pieces.features))
        model._save_representative_docs(documents)
        model.probabilities_ = None
        # BERTopic's own views (visualize_*(custom_labels=True)) show our labels.
        model.set_topic_labels(dict(pieces.labels))
    return model


def _slots(pieces, n: int):
    """The reduction and clustering that made the topics: the fitted ones when at hand, else as configured."""
    from bertopic.dimensionality import BaseDimensionalityReduction

    if pieces.reducer is not None and pieces.clusterer is not None:
        return pieces.reducer, pieces.clusterer
    if n < MIN_CLUSTERED:
        return BaseDimensionalityReduction(), SingleCluster()
    slots = pieces.slots
    return SmoothedPCA(slots["n_neighbors"], slots["n_components"]), ward_clustering(slots["max_topics"], n)


class _quiet_bertopic:  # noqa: N801  (a context manager used like a function)
    """BERTopic's logger at ERROR: it would warn about steps we take on purpose."""

    def __enter__(self):
        self.logger = logging.getLogger("BERTopic")
        self.level = self.logger.level
        self.logger.setLevel(logging.ERROR)

    def __exit__(self, *exc):
        self.logger.setLevel(self.level)
