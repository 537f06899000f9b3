"""Topics with BERTopic, sized for 1 to 20,000+ papers and the same on every machine.

BERTopic is the topic model: its c-TF-IDF names the topics and its object
is the fitted model users explore. Its reduction and clustering stages are
ours (:mod:`analysis.clustering`): UMAP + HDBSCAN, its defaults, put 20-30
papers into the outlier topic, and turn the float noise between two CPUs
into different topics. :func:`size_parameters` scales each setting with the
corpus, and very small corpora skip clustering altogether.
"""

from __future__ import annotations

import contextlib
import logging
import math
from dataclasses import dataclass

import numpy as np
import pandas as pd

from .backends import Backend, TfidfBackend, select_backend
from .clustering import SmoothedPCA, ward_clustering
from .config import DEFAULT_EMBEDDING, DEFAULT_RANDOM_STATE
from .embed import document_texts, embed_papers, topic_texts
from .errors import InputError
from .labels import has_latin_words, rank_topic_terms, topic_labels, topic_vectorizer
from .layout import topic_layout
from .progress import Stages, TimedModel
from .result import TopicResult
from .text import strip_markup
from .themes import ThemeSet, load_themes, score_themes

# Below this many papers no clustering is meaningful: they form one topic.
MIN_CLUSTERED = 6
# Weight of the LSA vector beside the embedding in the clustered features
# (0.5-0.8 all helped on the reference corpus; 1.0 let words dominate).
LEXICAL_WEIGHT = 0.6


@dataclass(frozen=True)
class SizeParameters:
    """Topic-model settings for one corpus size."""

    n_neighbors: int
    n_components: int
    max_topics: int
    min_df: int


def size_parameters(n: int) -> SizeParameters:
    """Settings that follow the corpus size.

    * ``n_neighbors``: each paper is averaged with this many neighbours
      before clustering, sqrt(n)/2 from 1 up to 10: 3 for the 26 seed
      papers, 10 from 400 papers on. On the reference corpus 10 gave NMI
      0.376, 20 0.370, 30 0.369, none 0.367.
    * ``n_components``: principal components clustered, 30 (fewer only when
      there are fewer papers); 30 beat 50 and the unreduced vectors.
    * ``max_topics``: the number of topics, 1.25 sqrt(n): 6 for the 26
      seed papers, 12 for 100, 59 for 2,260, at most 60.
    * ``min_df`` of the c-TF-IDF vectoriser counts topics (one document per
      topic), so it stays at 1.
    """
    return SizeParameters(
        n_neighbors=int(min(10, max(1, math.ceil(math.sqrt(n) / 2)))),
        n_components=int(max(1, min(30, n - 1))),
        max_topics=int(min(60, max(2, round(1.25 * math.sqrt(n))))),
        min_df=1,
    )


class SingleCluster:
    """A clustering that puts every document in topic 0 (for tiny corpora)."""

    def fit(self, X, y=None):  # noqa: N803  (scikit-learn's argument name)
        """Label every row 0."""
        self.labels_ = np.zeros(len(X), dtype=int)
        return self

    def predict(self, X):  # noqa: N803
        """Every row is topic 0."""
        return np.zeros(len(X), dtype=int)


class TopicModel:
    """BERTopic configured for the corpus size, with themes (scikit-learn style).

    Every setting is stored as given; ``fit`` validates and fits.

    Args:
        themes: A :class:`ThemeSet`, a path to a themes file, or None for the
            bundled themes.
        embedding: A backend or its name: ``"minilm"`` (the default),
            ``"minilm-128"``, ``"minilm-int8"``, ``"tfidf"``, a preset
            (``quality``, ``balanced``, ``fast``), a registered name, or a
            sentence-transformers name or path (see
            :func:`analysis.backends.select_backend`).
        keep_outliers: Keep the outlier topic -1 of a clustering that makes
            one (an HDBSCAN passed as ``hdbscan_model``) instead of giving
            each outlier its closest topic.
        umap_model: A reduction for BERTopic's ``umap_model`` slot instead of
            the sized :class:`~analysis.clustering.SmoothedPCA`.
        hdbscan_model: A clustering for BERTopic's ``hdbscan_model`` slot
            instead of the sized Ward clustering.
        topic_weight: Weight of a paper's topic in its theme scores.
        random_state: Seed for stochastic components passed in (a UMAP, an
            HDBSCAN). The default stages are deterministic: they give the
            same topics for every seed.
        timer: Called as ``timer(stage, seconds)`` after each stage of the
            fit: ``embed``, ``lexical``, ``reduce``, ``cluster``, ``map``,
            ``themes`` and ``represent`` (c-TF-IDF terms and labels, and
            the rest of the fit); see :mod:`analysis.progress`. None times
            nothing.
    """

    def __init__(
        self,
        themes=None,
        embedding=DEFAULT_EMBEDDING,
        keep_outliers=False,
        umap_model=None,
        hdbscan_model=None,
        topic_weight=None,
        random_state=DEFAULT_RANDOM_STATE,
        timer=None,
    ):
        self.themes = themes
        self.embedding = embedding
        self.keep_outliers = keep_outliers
        self.umap_model = umap_model
        self.hdbscan_model = hdbscan_model
        self.topic_weight = topic_weight
        self.random_state = random_state
        self.timer = timer

    def fit(self, papers: pd.DataFrame, embeddings: np.ndarray | None = None) -> TopicModel:
        """Fit topics and themes; the result is in ``result_``.

        Args:
            papers: One row per paper (from :func:`analysis.load_corpus`).
            embeddings: Precomputed embeddings, one row per paper; computed
                (and cached) with ``embedding`` when None.
        """
        from sklearn.utils import check_random_state

        stages = Stages(self.timer)
        # Everything the fit does outside the stages inside it counts as
        # "represent": mostly c-TF-IDF and labels (and importing BERTopic).
        with stages("represent"):
            papers = _validate(papers)
            check_random_state(self.random_state)  # fail early on a seed numpy rejects
            self._fit(papers, embeddings, stages)
        return self

    def _fit(self, papers: pd.DataFrame, embeddings: np.ndarray | None, stages: Stages) -> None:
        themes = self.themes if isinstance(self.themes, ThemeSet) else load_themes(self.themes)
        self.backend_ = select_backend(self.embedding)
        if embeddings is None:
            with stages("embed"):
                embeddings = embed_papers(papers, self.backend_)
        embeddings = np.asarray(embeddings, dtype=np.float32)
        if len(embeddings) != len(papers):
            raise ValueError(f"{len(embeddings)} embeddings for {len(papers)} papers")
        self.params_ = size_parameters(len(papers))
        with stages("lexical"):
            features = self._features(papers, embeddings)
        self.model_ = self._bertopic(len(papers), has_latin_words(topic_texts(papers)))
        topics = self._cluster(papers, features, stages)
        self.result_ = self._result(papers, embeddings, features, topics, themes, stages)

    def _bertopic(self, n: int, latin: bool = True):
        from bertopic import BERTopic
        from bertopic.dimensionality import BaseDimensionalityReduction
        from bertopic.vectorizers import ClassTfidfTransformer

        params = self.params_
        umap_model, cluster_model = self.umap_model, self.hdbscan_model
        if n < MIN_CLUSTERED:
            umap_model, cluster_model = BaseDimensionalityReduction(), SingleCluster()
        # Labels are plain c-TF-IDF terms (uni- and bigrams, frequent words
        # damped). MaximalMarginalRelevance was tried: on the seeds it traded
        # "watermarking · detection" for "ai · providers", so it is left out.
        return BERTopic(
            language="english" if latin else "multilingual",
            umap_model=umap_model or SmoothedPCA(params.n_neighbors, params.n_components),
            hdbscan_model=cluster_model or ward_clustering(params.max_topics, n),
            vectorizer_model=topic_vectorizer(latin, params.min_df),
            ctfidf_model=ClassTfidfTransformer(reduce_frequent_words=True),
            top_n_words=20,  # label candidates; the topic table shows the first 10
            calculate_probabilities=False,
        )

    def _features(self, papers: pd.DataFrame, embeddings: np.ndarray) -> np.ndarray:
        """What is clustered: the embedding with the paper's LSA vector beside it.

        Words an area uses (regret, protein, jailbreak) sharpen the semantic
        embedding: +0.01-0.02 NMI on the reference corpus at every setting.
        """
        if isinstance(self.backend_, TfidfBackend) or len(papers) < MIN_CLUSTERED:
            # An LSA embedding is the lexical view already.
            return embeddings
        from sklearn.preprocessing import normalize

        lexical = TfidfBackend(dims=200).encode(document_texts(papers))
        return normalize(np.hstack([embeddings, LEXICAL_WEIGHT * lexical])).astype(np.float32)

    def _cluster(self, papers: pd.DataFrame, embeddings: np.ndarray, stages: Stages) -> np.ndarray:
        docs = topic_texts(papers)
        try:
            with _timed_slots(self.model_, stages):
                topics, _ = self.model_.fit_transform(docs, embeddings)
        except ValueError as err:
            if "empty vocabulary" not in str(err):
                raise
            raise InputError("corpus", "the abstracts hold no words to describe topics with") from None
        topics = np.asarray(topics)
        if (topics == -1).all():
            # The clustering found no dense region: one topic says more than none.
            topics = np.zeros_like(topics)
        elif not self.keep_outliers and (topics == -1).any():
            topics = _nearest_topic(topics, embeddings)
        topics = _renumber_by_size(_merge_topics(topics, embeddings, self.params_.max_topics))
        # BERTopic warns that custom assignments break later topic reduction;
        # we reduce nothing afterwards, so the warning would only be noise.
        with _quiet_bertopic():
            self.model_.update_topics(
                docs,
                topics=topics.tolist(),
                top_n_words=20,
                vectorizer_model=self.model_.vectorizer_model,
                ctfidf_model=self.model_.ctfidf_model,
            )
        rank_topic_terms(self.model_)
        return np.asarray(self.model_.topics_)

    def _result(self, papers, embeddings, features, topics, themes: ThemeSet, stages: Stages) -> TopicResult:
        with stages("themes"):
            texts = document_texts(papers)
            themed = score_themes(embeddings, topics, themes, self.backend_, texts, self.topic_weight)
        terms = {t: [w for w, _ in words if w] for t, words in self.model_.get_topics().items()}
        labels = topic_labels(terms, [strip_markup(t) for t in texts], topics, embeddings, self.backend_)
        # BERTopic's own views (visualize_*(custom_labels=True)) show our labels too.
        self.model_.set_topic_labels(labels)
        with stages("map"):
            xy = topic_layout(_reduced(self.model_.umap_model, features), topics)
        documents = pd.DataFrame(
            {
                "doc_id": papers["doc_id"].to_numpy() if "doc_id" in papers else np.arange(len(papers)).astype(str),
                "name": papers["name"].to_numpy() if "name" in papers else papers["text"].str[:40].to_numpy(),
                "topic": topics,
                "topic_label": [labels[t] for t in topics],
                "theme": themed.theme,
                "theme_score": themed.score,
                "theme_margin": themed.margin,
                "x": xy[:, 0],
                "y": xy[:, 1],
            }
        )
        topic_frame = _topic_frame(self.model_, documents, themed.per_topic, labels)
        return TopicResult(
            documents, topic_frame, self.model_, themes, themed.matrix, papers.reset_index(drop=True), themed.vectors
        )


def _reduced(reducer, features: np.ndarray) -> np.ndarray:
    """The vectors the clustering saw: the reducer's fitted output where it keeps one, else the features."""
    reduced = getattr(reducer, "embedding_", None)
    if reduced is not None and len(reduced) == len(features):
        return np.asarray(reduced)
    return features


@contextlib.contextmanager
def _timed_slots(model, stages: Stages):
    """Time BERTopic's reduction and clustering as ``reduce`` and ``cluster``, then give back the slots' own models."""
    if stages.timer is None:
        yield
        return
    reducer, clusterer = model.umap_model, model.hdbscan_model
    model.umap_model = TimedModel(reducer, "reduce", stages)
    model.hdbscan_model = TimedModel(clusterer, "cluster", stages)
    try:
        yield
    finally:
        model.umap_model, model.hdbscan_model = reducer, clusterer


@contextlib.contextmanager
def _quiet_bertopic():
    logger = logging.getLogger("BERTopic")
    level = logger.level
    logger.setLevel(logging.ERROR)
    try:
        yield
    finally:
        logger.setLevel(level)


def _validate(papers: pd.DataFrame) -> pd.DataFrame:
    if not isinstance(papers, pd.DataFrame) or "text" not in papers:
        raise ValueError("papers must be a DataFrame with a 'text' column (see analysis.load_corpus)")
    if papers.empty:
        raise ValueError("no papers to model: the corpus is empty")
    return papers.reset_index(drop=True)


def _nearest_topic(topics: np.ndarray, embeddings: np.ndarray) -> np.ndarray:
    """Give each outlier the topic whose centroid (in embedding space) is closest."""
    ids = np.unique(topics[topics >= 0])
    centroids = np.vstack([embeddings[topics == t].mean(axis=0) for t in ids])
    centroids /= np.linalg.norm(centroids, axis=1, keepdims=True)
    outliers = topics == -1
    assigned = topics.copy()
    assigned[outliers] = ids[np.argmax(embeddings[outliers] @ centroids.T, axis=1)]
    return assigned


def _merge_topics(topics: np.ndarray, features: np.ndarray, max_topics: int) -> np.ndarray:
    """Merge the closest topics (average-linkage cosine on centroids) down to ``max_topics``."""
    ids = np.unique(topics[topics >= 0])
    if len(ids) <= max_topics:
        return topics
    from sklearn.cluster import AgglomerativeClustering

    centroids = np.vstack([features[topics == t].mean(axis=0) for t in ids])
    groups = AgglomerativeClustering(n_clusters=max_topics, metric="cosine", linkage="average").fit_predict(centroids)
    mapping = dict(zip(ids.tolist(), groups.tolist(), strict=True))
    mapping[-1] = -1
    return np.array([mapping[t] for t in topics.tolist()])


def _renumber_by_size(topics: np.ndarray) -> np.ndarray:
    """Topic 0 is the largest (ties: first to appear), as in BERTopic; -1 stays -1."""
    kept = [t for t in dict.fromkeys(topics.tolist()) if t != -1]
    sizes = {t: int((topics == t).sum()) for t in kept}
    order = sorted(kept, key=lambda t: -sizes[t])
    mapping = {t: i for i, t in enumerate(order)}
    mapping[-1] = -1
    return np.array([mapping[t] for t in topics.tolist()])


def _topic_frame(model, documents: pd.DataFrame, topic_themes: pd.DataFrame, labels) -> pd.DataFrame:
    sizes = documents["topic"].value_counts()
    terms = {t: ", ".join(w for w, _ in words[:10] if w) for t, words in model.get_topics().items()}
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


def fit_topics(
    papers: pd.DataFrame,
    themes=None,
    embedding: str | Backend = DEFAULT_EMBEDDING,
    random_state: int = DEFAULT_RANDOM_STATE,
    embeddings: np.ndarray | None = None,
    keep_outliers: bool = False,
) -> TopicResult:
    """Topics and themes for a paper frame in one call.

    Args:
        papers: One row per paper (from :func:`analysis.load_corpus`).
        themes: A :class:`ThemeSet`, a themes file path, or None for the bundled themes.
        embedding: A backend or its name (see :class:`TopicModel`); default ``"minilm"``.
        random_state: Seed for stochastic components; the default stages are
            deterministic and give the same result for every seed.
        embeddings: Precomputed embeddings (skips the embedding step).
        keep_outliers: Keep a clustering's outlier topic -1.

    Returns:
        A :class:`TopicResult`.

    Example:
        >>> result = fit_topics(load_corpus("seeds/"))
        >>> result.topics[["label", "size", "theme"]]
    """
    model = TopicModel(themes=themes, embedding=embedding, keep_outliers=keep_outliers, random_state=random_state)
    return model.fit(papers, embeddings=embeddings).result_
