"""What a user would otherwise pick: plain BERTopic, KMeans, LDA, and themes by description similarity."""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import ArrayLike

from bench.common import NAMED_THEMES, theme_truth
from bench.metrics import quality, theme_f1

if TYPE_CHECKING:
    from sentence_transformers import SentenceTransformer
    from umap import UMAP

TOP_TERMS = 10


def plain_umap(random_state: int = 42) -> UMAP:
    """BERTopic's default UMAP with the seed fixed (the only change from its defaults)."""
    from umap import UMAP

    return UMAP(n_neighbors=15, n_components=5, min_dist=0.0, metric="cosine", random_state=random_state)


def plain_bertopic(
    texts: list[str],
    labels: ArrayLike,
    embeddings: np.ndarray | None = None,
    embedding_model: SentenceTransformer | None = None,
) -> dict:
    """BERTopic with defaults: given embeddings, or embedding the texts itself with ``embedding_model``."""
    from bertopic import BERTopic

    model = BERTopic(embedding_model=embedding_model, umap_model=plain_umap())
    start = time.perf_counter()
    topics, _ = model.fit_transform(texts, embeddings)
    fit_s = time.perf_counter() - start
    terms = [[w for w, _ in words[:TOP_TERMS] if w] for t, words in model.get_topics().items() if t != -1]
    return {"fit_s": round(fit_s, 2), **quality(labels, topics, terms, texts)}


def class_tfidf_terms(texts: list[str], clusters: np.ndarray, n: int = TOP_TERMS) -> list[list[str]]:
    """Top terms of each cluster by BERTopic's c-TF-IDF formula (one joined document per cluster).

    Written out (tf normalised per cluster times log(1 + mean words per
    cluster / term frequency)) rather than imported, so the smoke test does
    not pay BERTopic's import.
    """
    from sklearn.feature_extraction.text import CountVectorizer

    ids = sorted(set(clusters.tolist()) - {-1})
    joined = [" ".join(t for t, c in zip(texts, clusters, strict=True) if c == k) for k in ids]
    vectorizer = CountVectorizer(stop_words="english")
    counts = vectorizer.fit_transform(joined).toarray().astype(float)
    idf = np.log(1 + counts.sum() / len(ids) / counts.sum(axis=0))
    weights = counts / counts.sum(axis=1, keepdims=True) * idf
    words = vectorizer.get_feature_names_out()
    return [[words[j] for j in np.argsort(-row)[:n]] for row in weights]


def kmeans(texts: list[str], labels: ArrayLike, embeddings: np.ndarray, k: int = 30) -> dict:
    """KMeans with ``k`` clusters on the embeddings; terms by c-TF-IDF."""
    from sklearn.cluster import KMeans

    start = time.perf_counter()
    clusters = KMeans(n_clusters=min(k, len(texts)), random_state=42, n_init=10).fit_predict(embeddings)
    fit_s = time.perf_counter() - start
    return {"fit_s": round(fit_s, 2), **quality(labels, clusters, class_tfidf_terms(texts, clusters), texts)}


def lda(texts: list[str], labels: ArrayLike, k: int = 20) -> dict:
    """scikit-learn LDA with ``k`` topics on word counts; a paper's topic is its most probable one."""
    from sklearn.decomposition import LatentDirichletAllocation
    from sklearn.feature_extraction.text import CountVectorizer

    start = time.perf_counter()
    vectorizer = CountVectorizer(stop_words="english", min_df=2 if len(texts) >= 50 else 1, max_df=0.5)
    counts = vectorizer.fit_transform(texts)
    model = LatentDirichletAllocation(n_components=k, random_state=42)
    topics = model.fit_transform(counts).argmax(axis=1)
    fit_s = time.perf_counter() - start
    words = vectorizer.get_feature_names_out()
    terms = [[words[j] for j in np.argsort(-row)[:TOP_TERMS]] for row in model.components_]
    return {"fit_s": round(fit_s, 2), **quality(labels, topics, terms, texts)}


def description_themes(
    labels: Iterable[object], embeddings: np.ndarray, descriptions: np.ndarray, seed: int = 42
) -> dict:
    """Themes by cosine to one description each, argmax, ``other`` under a threshold.

    The threshold is chosen on one random half of the papers (the value
    that maximises macro-F1 there) and scored on the other half, both ways
    round; the F1 reported is the mean of the two held-out halves, so the
    baseline gets a tuned threshold without seeing the papers it is scored on.
    """
    truth = np.array(theme_truth(labels))
    scores = embeddings @ descriptions.T
    halves = np.array_split(np.random.default_rng(seed).permutation(len(truth)), 2)
    held_out, thresholds = [], []
    for tune, test in (halves, halves[::-1]):
        threshold = _best_threshold(scores[tune], truth[tune])
        thresholds.append(threshold)
        held_out.append(theme_f1(truth[test], _assign(scores[test], threshold)))
    return {"theme_f1": round(float(np.mean(held_out)), 4), "thresholds": [round(t, 3) for t in thresholds]}


def _assign(scores: np.ndarray, threshold: float) -> list[str]:
    best = scores.argmax(axis=1)
    return [NAMED_THEMES[j] if s >= threshold else "other" for j, s in zip(best, scores.max(axis=1), strict=True)]


def _best_threshold(scores: np.ndarray, truth: np.ndarray) -> float:
    candidates = np.quantile(scores.max(axis=1), np.linspace(0.0, 0.95, 40))
    return float(max(candidates, key=lambda t: theme_f1(truth, _assign(scores, t))))
