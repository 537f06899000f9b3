"""Topics with BERTopic's method, sized for 1 to 20,000+ papers and the same on every machine.

The stages are BERTopic's: reduce, cluster, c-TF-IDF terms per topic. The reduction and clustering are ours
(:mod:`analysis.model.clustering`): UMAP + HDBSCAN, its defaults, put 20-30 papers into the outlier topic, and turn
the float noise between two CPUs into different topics. c-TF-IDF is BERTopic's formula computed without importing
BERTopic (:mod:`analysis.model.ctfidf`); ``result.model`` is built from the fitted pieces only when asked for.
:func:`size_parameters` scales each setting with the corpus, and very small corpora skip clustering altogether.

:func:`fit_topics` reuses a fit from the result cache (:mod:`analysis.model.fit_cache`) when nothing it depends on
changed; a themes edit only re-scores themes.
"""

from __future__ import annotations

import os
from functools import partial
from numbers import Integral, Real
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, TypeGuard

import numpy as np
import pandas as pd
from sklearn.base import BaseEstimator, _fit_context
from sklearn.utils._param_validation import HasMethods, Interval

from analysis.config import DEFAULT_EMBEDDING, DEFAULT_RANDOM_STATE, DEFAULT_USE_CACHE, SAMPLE_FIT_ABOVE
from analysis.corpus.table import document_texts, topic_texts, validate_papers
from analysis.embedding.backends import Backend, Lsa, TfidfBackend, fit_lsa
from analysis.embedding.cache import checked_embeddings, embed_papers
from analysis.embedding.registry import resolve_embedding, select_backend
from analysis.model.assemble import assemble
from analysis.model.clustering import (
    MIN_CLUSTERED,
    SingleCluster,
    SizeParameters,
    SmoothedPCA,
    Smoother,
    merge_topics,
    outliers_to_nearest_topic,
    renumber_by_size,
    seeded,
    size_parameters,
    ward_clustering,
)
from analysis.model.ctfidf import class_tfidf, has_latin_words
from analysis.model.describe import Description, describe, paper_titles
from analysis.model.layout import topic_layout
from analysis.model.naming_nearest import name_nearness
from analysis.model.projection import LEXICAL_DIMS, LEXICAL_WEIGHT, Projection, with_lexical
from analysis.model.result import TopicPieces
from analysis.model.themes import ThemeSet, load_themes
from analysis.model.topic_result import TopicResult
from analysis.progress import Stages, Timer

if TYPE_CHECKING:
    from bertopic import BERTopic

    from analysis.model.sampled import Crowd, Mapper

__all__ = [
    "MIN_CLUSTERED",
    "SingleCluster",
    "SizeParameters",
    "TopicModel",
    "fit_count",
    "fit_topics",
    "size_parameters",
]

# Topic fits made in this process (cache hits not counted): see fit_count().
_FITS = [0]


def fit_count() -> int:
    """How many topic fits this process has made (a fit loaded from the result cache is not one).

    Tests and notebooks read it before and after a call to see whether the
    call fitted or reused a cached fit.
    """
    return _FITS[0]


class TopicModel(BaseEstimator):
    """BERTopic's method configured for the corpus size, with themes (a scikit-learn estimator).

    Every setting is keyword-only and stored as given; ``fit`` validates
    them (:attr:`_parameter_constraints`) and fits.

    Args:
        themes: A :class:`ThemeSet`, a path to a themes file, or None for the bundled themes.
        embedding: A backend or its name: ``"minilm"`` (the default), ``"minilm-128"``, ``"minilm-int8"``,
            ``"tfidf"``, a preset (``quality``, ``balanced``, ``fast``), a registered name, or a
            sentence-transformers name or path (see :func:`analysis.embedding.registry.select_backend`).
        keep_outliers: Keep the outlier topic -1 of a clustering that makes one (an HDBSCAN passed as
            ``hdbscan_model``) instead of giving each outlier its closest topic.
        umap_model: A reduction (BERTopic's ``umap_model`` slot) instead of the sized
            :class:`~analysis.model.clustering.SmoothedPCA`.
        hdbscan_model: A clustering (BERTopic's ``hdbscan_model`` slot) instead of the sized Ward clustering.
        topic_weight: Weight of a paper's topic in its theme scores.
        random_state: Seed of a stochastic stage passed in: an injected ``umap_model`` or ``hdbscan_model`` that has
            a ``random_state`` parameter left at None is fitted as a copy with this seed (a stage whose seed is set
            keeps it). The default stages have no random step: they give the same topics for every seed.
        timer: Called as ``timer(stage, seconds)`` after each stage of the fit: ``embed``, ``lexical``, ``reduce``,
            ``cluster``, ``map``, ``themes`` and ``represent`` (c-TF-IDF terms and labels, and the rest of the fit);
            see :mod:`analysis.progress`. None times nothing.
        use_cache: Reuse a fit from the result cache (:mod:`analysis.model.fit_cache`, under ``.cache/results``)
            when the papers, the embedding, every setting and the package versions are unchanged, and store a new
            fit there; the themes are scored again either way. An injected ``umap_model`` or ``hdbscan_model``
            cannot be keyed (its settings and state are its own): the cache is then skipped. On by default, as in
            :func:`fit_topics`, the pipeline and the command line (``--no-cache``).
        sample_above: A corpus of more papers is fitted on a sample of this many (by ``doc_id``), the others
            assigned to its topics as added papers are (:mod:`analysis.model.sampled`); None: never. Default
            :data:`~analysis.config.SAMPLE_FIT_ABOVE`.
        mapper: Runs that assignment over partitions, as the builtin ``map`` (default) does: ``mapper(function,
            partitions)``, results in order; a cluster's map gives the same bytes.

    Attributes:
        result_: The :class:`~analysis.TopicResult`.
        model_: Its BERTopic model (built on first access).
        backend_: The embedding backend used.
        cache_hit_: Whether the topics came from the result cache.
    """

    _parameter_constraints: ClassVar[dict] = {
        "themes": [None, str, os.PathLike, ThemeSet],
        "embedding": [str, HasMethods(["encode"])],
        "keep_outliers": ["boolean"],
        "umap_model": [None, HasMethods(["fit"])],
        "hdbscan_model": [None, HasMethods(["fit"])],
        "topic_weight": [None, Interval(Real, 0, 1, closed="both")],
        "random_state": ["random_state"],
        "timer": [None, callable],
        "use_cache": ["boolean"],
        "sample_above": [None, Interval(Integral, 1, None, closed="left")],
        "mapper": [callable],
    }

    def __init__(
        self,
        *,
        themes: ThemeSet | str | Path | None = None,
        embedding: str | Backend = DEFAULT_EMBEDDING,
        keep_outliers: bool = False,
        umap_model: Any = None,
        hdbscan_model: Any = None,
        topic_weight: float | None = None,
        random_state: int | np.random.RandomState | None = DEFAULT_RANDOM_STATE,
        timer: Timer | None = None,
        use_cache: bool = DEFAULT_USE_CACHE,
        sample_above: int | None = SAMPLE_FIT_ABOVE,
        mapper: Mapper = map,
    ) -> None:
        self.themes = themes
        self.embedding = embedding
        self.keep_outliers = keep_outliers
        self.umap_model = umap_model
        self.hdbscan_model = hdbscan_model
        self.topic_weight = topic_weight
        self.random_state = random_state
        self.timer = timer
        self.use_cache = use_cache
        self.sample_above = sample_above
        self.mapper = mapper

    @property
    def model_(self) -> BERTopic:
        """The fitted BERTopic (built from the fit on first access)."""
        return self.result_.model

    @_fit_context(prefer_skip_nested_validation=False)
    def fit(self, papers: pd.DataFrame, embeddings: np.ndarray | None = None) -> TopicModel:
        """Fit topics and themes; the result is in ``result_``.

        Args:
            papers: One row per paper (from :func:`analysis.load_corpus`).
            embeddings: Precomputed embeddings, one row per paper; computed
                (and cached) with ``embedding`` when None.

        Returns:
            The fitted model.

        Raises:
            InvalidParameterError: A setting is of the wrong type or out of range.
            ValueError: ``embeddings`` are not one finite row per paper.
        """
        from sklearn.utils import check_random_state

        stages = Stages(self.timer)
        # Everything the fit does outside the stages inside it counts as
        # "represent": mostly c-TF-IDF and labels.
        with stages("represent"):
            papers = validate_papers(papers)  # the one check and fill of the table
            check_random_state(self.random_state)  # fail early on a seed numpy rejects
            themes = self.themes if isinstance(self.themes, ThemeSet) else load_themes(self.themes)
            self.backend_ = select_backend(self.embedding)
            embeddings = None if embeddings is None else checked_embeddings(embeddings, len(papers))
            pieces = self._cached_or_fitted(papers, embeddings, stages)
            self.result_ = assemble(papers, pieces, themes, self.backend_, self.topic_weight, stages)
        return self

    def _cached_or_fitted(self, papers: pd.DataFrame, embeddings: np.ndarray | None, stages: Stages) -> TopicPieces:
        from analysis.model.fit_cache import FitCache, fit_key

        self.params_ = size_parameters(len(papers))
        keyable = self.umap_model is None and self.hdbscan_model is None
        store = FitCache() if self.use_cache and keyable else None
        key = None
        if store is not None:
            settings = {"keep_outliers": bool(self.keep_outliers), "random_state": self.random_state}
            if _sampled(self.sample_above, len(papers)):  # a full fit's key is as it was
                settings["sample"] = int(self.sample_above)
            key = fit_key(papers, self.backend_, embeddings, settings)
            pieces = store.load(key)
            if pieces is not None:
                self.cache_hit_ = True
                return pieces
        self.cache_hit_ = False
        _FITS[0] += 1
        pieces = self._fit_pieces(papers, embeddings, stages)
        if store is not None and key is not None:
            store.save(key, pieces)
        return pieces

    def _fit_pieces(self, papers: pd.DataFrame, embeddings: np.ndarray | None, stages: Stages) -> TopicPieces:
        if embeddings is None:
            with stages("embed"):
                embeddings = embed_papers(papers, self.backend_)
        embeddings = np.asarray(embeddings, dtype=np.float32)
        if _sampled(self.sample_above, len(papers)):
            from analysis.model.sampled import fit_sampled

            fit_sample = partial(self._fit_all, stages=stages, described=False)
            near = name_nearness(self.backend_, embeddings)  # names weighed by their nearness to the papers
            return fit_sampled(
                papers, embeddings, int(self.sample_above), fit_sample, self.mapper, stages, nearness=near
            )
        return self._fit_all(papers, embeddings, stages=stages)

    def _fit_all(
        self,
        papers: pd.DataFrame,
        embeddings: np.ndarray,
        params: SizeParameters | None = None,
        crowd: Crowd | None = None,
        *,
        stages: Stages,
        described: bool = True,
    ) -> TopicPieces:
        """Every paper given fitted (``params``: default by their number); their words too when ``described``.

        ``crowd``: a sample's papers are smoothed among the corpus it was
        drawn from (:func:`analysis.model.sampled.smoothed_in_corpus`).
        """
        self.params_ = params or size_parameters(len(papers))
        with stages("lexical"):
            features, lsa = self._features(papers, embeddings)
        reducer, clusterer = self._slots(len(papers), None if crowd is None or lsa is None else partial(crowd, lsa))
        topics, reduced = self._cluster(reducer, clusterer, features, stages)
        projection = Projection.of_fit(reducer, lsa, LEXICAL_WEIGHT)
        docs = topic_texts(papers)
        latin = has_latin_words(docs)
        words = Description({}, {})  # a sample's words are made over the whole corpus (sampled.py)
        if described:
            tfidf = class_tfidf(docs, topics, latin, self.params_.min_df)
            near = name_nearness(self.backend_, embeddings)  # names weighed by their nearness to the papers
            words = describe(tfidf, document_texts(papers), topics, latin, titles=paper_titles(papers), nearness=near)
        with stages("map"):
            xy = topic_layout(reduced, topics)
        slots = {k: getattr(self.params_, k) for k in ("n_neighbors", "n_components", "max_topics")}
        if isinstance(self.embedding, str):  # a name a loaded result can select again to embed new papers
            slots["embedding"] = resolve_embedding(self.embedding)
        return TopicPieces(
            paper_topics=topics,
            terms=words.terms,
            labels=words.labels,
            features=features,
            embeddings=embeddings,
            xy=xy,
            latin=latin,
            min_df=self.params_.min_df,
            slots=slots,
            reduced=None if projection is None else reduced,
            projection=projection,
            reducer=reducer,
            clusterer=clusterer,
        )

    def _slots(self, n: int, smoother: Smoother | None = None) -> tuple[Any, Any]:
        """The reduction (None: none) and the clustering, sized for ``n`` papers unless given (then seeded)."""
        params = self.params_
        if n < MIN_CLUSTERED:
            return None, SingleCluster()
        reducer = seeded(self.umap_model, self.random_state) or SmoothedPCA(
            n_neighbors=params.n_neighbors, n_components=params.n_components, smoother=smoother
        )
        return reducer, seeded(self.hdbscan_model, self.random_state) or ward_clustering(params.max_topics, n)

    def _features(self, papers: pd.DataFrame, embeddings: np.ndarray) -> tuple[np.ndarray, Lsa | None]:
        """What is clustered: the embedding with the paper's LSA vector beside it; and that LSA space (None: none).

        Words an area uses (regret, protein, jailbreak) sharpen the semantic
        embedding (it raised NMI on the reference corpus at every setting
        tried; see bench/RESULTS.md).
        """
        if isinstance(self.backend_, TfidfBackend) or len(papers) < MIN_CLUSTERED:
            # An LSA embedding is the lexical view already.
            return embeddings, None
        lexical, lsa = fit_lsa(document_texts(papers), LEXICAL_DIMS)
        return with_lexical(embeddings, lexical, LEXICAL_WEIGHT), lsa

    def _cluster(
        self, reducer: Any, clusterer: Any, features: np.ndarray, stages: Stages
    ) -> tuple[np.ndarray, np.ndarray]:
        """Each paper's topic (renumbered by size) and the reduced vectors the map is laid out on."""
        with stages("reduce"):
            reduced = features if reducer is None else _reduce(reducer, features)
        with stages("cluster"):
            clusterer.fit(reduced)
        topics = np.asarray(clusterer.labels_).astype(int)
        if (topics == -1).all():
            # The clustering found no dense region: one topic says more than none.
            topics = np.zeros_like(topics)
        elif not self.keep_outliers and (topics == -1).any():
            topics = outliers_to_nearest_topic(topics, features)
        topics = renumber_by_size(merge_topics(topics, features, self.params_.max_topics))
        return topics, _reduced(reducer, features)


def _sampled(sample_above: int | None, n: int) -> TypeGuard[int]:
    return sample_above is not None and n > sample_above


def _reduce(reducer: Any, features: np.ndarray) -> np.ndarray:
    """The reducer's output for ``features``, as BERTopic's reduction slot takes it (NaN made 0)."""
    if hasattr(reducer, "fit_transform"):
        return np.nan_to_num(reducer.fit_transform(features))
    reducer.fit(features)
    return np.nan_to_num(reducer.transform(features))


def _reduced(reducer: Any, features: np.ndarray) -> np.ndarray:
    """The vectors the clustering saw: the reducer's fitted output where it keeps one, else the features."""
    reduced = getattr(reducer, "embedding_", None)
    if reduced is not None and len(reduced) == len(features):
        return np.asarray(reduced)
    return features


def fit_topics(
    papers: pd.DataFrame,
    themes: ThemeSet | str | Path | None = None,
    embedding: str | Backend = DEFAULT_EMBEDDING,
    random_state: int = DEFAULT_RANDOM_STATE,
    embeddings: np.ndarray | None = None,
    keep_outliers: bool = False,
    use_cache: bool = DEFAULT_USE_CACHE,
    sample_above: int | None = SAMPLE_FIT_ABOVE,
    mapper: Mapper = map,
) -> TopicResult:
    """Topics and themes for a paper frame in one call, reusing a cached fit where nothing changed.

    Args:
        papers: One row per paper (from :func:`analysis.load_corpus`).
        themes: A :class:`ThemeSet`, a themes file path, or None for the bundled themes.
        embedding: A backend or its name (see :class:`TopicModel`); default ``"minilm"``.
        random_state: Seed of stochastic stages; the stages used here have
            no random step and give the same result for every seed (it
            matters for a :class:`TopicModel` with an injected UMAP).
        embeddings: Precomputed embeddings (skips the embedding step).
        keep_outliers: Keep a clustering's outlier topic -1.
        use_cache: Reuse (and store) the topic fit in the result cache
            (:mod:`analysis.model.fit_cache`); False fits from scratch and stores nothing.
        sample_above: Above this many papers, fit a sample and assign the rest (see :class:`TopicModel`).
        mapper: Runs that assignment over its partitions (builtin ``map`` semantics; see :class:`TopicModel`).

    Returns:
        A :class:`TopicResult`.

    Example:
        >>> result = fit_topics(load_corpus("seeds/"))
        >>> result.topics[["label", "size", "theme"]]
    """
    model = TopicModel(
        themes=themes,
        embedding=embedding,
        keep_outliers=keep_outliers,
        random_state=random_state,
        use_cache=use_cache,
        sample_above=sample_above,
        mapper=mapper,
    )
    return model.fit(papers, embeddings=embeddings).result_
