"""Quality measures: agreement with the areas, theme F1, NPMI coherence and topic diversity."""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np
from numpy.typing import ArrayLike
from scipy import sparse

from bench.common import NAMED_THEMES

_TOKEN = re.compile(r"[a-z0-9]+")


def agreement(labels: ArrayLike, topics: ArrayLike) -> dict:
    """NMI and ARI of topics against labels; outliers (-1) count as one more cluster, as BERTopic leaves them."""
    from sklearn.metrics import adjusted_rand_score, normalized_mutual_info_score

    topics = np.asarray(topics)
    return {
        "nmi": round(float(normalized_mutual_info_score(labels, topics)), 4),
        "ari": round(float(adjusted_rand_score(labels, topics)), 4),
        "topics": len(set(topics.tolist()) - {-1}),
        "outliers": int((topics == -1).sum()),
    }


def theme_f1(truth: Sequence[str] | np.ndarray, predicted: Sequence[str] | np.ndarray) -> float:
    """Macro-F1 over the four named themes (``other`` is not averaged, only confused with)."""
    from sklearn.metrics import f1_score

    return round(float(f1_score(truth, predicted, labels=NAMED_THEMES, average="macro", zero_division=0)), 4)


def tokens(text: str) -> list[str]:
    """Lower-case alphanumeric tokens; hyphens split words, as in the topic texts."""
    return _TOKEN.findall(text.lower().replace("-", " "))


def npmi_coherence(topic_terms: list[list[str]], documents: list[str]) -> float:
    """Mean NPMI of the top-term pairs of each topic, by document co-occurrence in ``documents``.

    A term (word or n-gram) occurs in a document when its tokens appear there
    consecutively. Pairs that never co-occur score -1 (the usual convention).

    Returns:
        The mean over topics of the mean over term pairs; NaN without topics.
    """
    terms = sorted({tuple(tokens(t)) for topic in topic_terms for t in topic} - {()})
    if not terms:
        return float("nan")
    index = {t: i for i, t in enumerate(terms)}
    presence = _presence(index, documents)
    n_docs = presence.shape[0]
    counts = np.asarray(presence.sum(axis=0)).ravel()
    joint = (presence.T @ presence).toarray()
    scores = []
    for topic in topic_terms:
        ids = sorted({index[t] for t in (tuple(tokens(x)) for x in topic) if t})
        pairs = [(a, b) for k, a in enumerate(ids) for b in ids[k + 1 :]]
        if pairs:
            scores.append(np.mean([_npmi(joint[a, b], counts[a], counts[b], n_docs) for a, b in pairs]))
    return round(float(np.mean(scores)), 4) if scores else float("nan")


def _presence(index: dict[tuple[str, ...], int], documents: list[str]) -> sparse.csr_matrix:
    """Binary document x term matrix."""
    longest = max(len(t) for t in index)
    rows, cols = [], []
    for row, text in enumerate(documents):
        words = tokens(text)
        grams = {tuple(words[i : i + n]) for n in range(1, longest + 1) for i in range(len(words) - n + 1)}
        for term in grams & index.keys():
            rows.append(row)
            cols.append(index[term])
    data = np.ones(len(rows), dtype=np.float64)
    return sparse.csr_matrix((data, (rows, cols)), shape=(len(documents), len(index)))


def _npmi(joint: float, count_a: float, count_b: float, n_docs: int) -> float:
    if joint == 0:
        return -1.0
    p_ab = joint / n_docs
    if p_ab >= 1.0:
        return 1.0
    return float(np.log(p_ab / ((count_a / n_docs) * (count_b / n_docs))) / -np.log(p_ab))


def diversity(topic_terms: list[list[str]]) -> float:
    """Share of unique terms among all topics' top terms (1 = no term repeats across topics)."""
    flat = [t for topic in topic_terms for t in topic]
    return round(len(set(flat)) / len(flat), 4) if flat else float("nan")


def quality(
    labels: ArrayLike,
    topics: ArrayLike,
    topic_terms: list[list[str]],
    documents: list[str],
    truth_themes: Sequence[str] | None = None,
    themes: Sequence[str] | None = None,
) -> dict:
    """Every quality number of one method in one dict (themes only when given).

    Raises:
        ValueError: ``themes`` without ``truth_themes`` to score them against.
    """
    row = agreement(labels, topics)
    row["npmi"] = npmi_coherence(topic_terms, documents)
    row["diversity"] = diversity(topic_terms)
    if themes is not None:
        if truth_themes is None:
            raise ValueError("themes are scored against truth_themes: give both")
        row["theme_f1"] = theme_f1(truth_themes, themes)
    return row
