"""Stability of topics, themes and the map under float noise and another seed: ours vs plain BERTopic.

Both methods fit the same embeddings four times in one process: the
reference (seed 42, unperturbed), then (a) Gaussian noise of sigma 1e-6
added, (b) relative noise of 1e-5, (c) seed 43 on the unperturbed vectors.
Each of (a)-(c) is compared with the reference: ARI of the topics, share of
papers keeping their theme (ours only: plain BERTopic has no themes) and
Procrustes disparity of the 2-D map. The reference run also gives NMI
against the areas, topics, outliers, the map's silhouette by topic and the
fit time. Plain BERTopic is fitted with its defaults and
:func:`bench.baselines.plain_umap`; its map is a 2-D UMAP of the embeddings
(the usual way to draw BERTopic's documents), ours is ``documents[["x", "y"]]``.
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from analysis.config import DEFAULT_EMBEDDING, DEFAULT_RANDOM_STATE
from bench.metrics import agreement

if TYPE_CHECKING:
    import pandas as pd

SEED = DEFAULT_RANDOM_STATE  # the reference run uses the suite default
OTHER_SEED = 43
NOISE = 1e-6
RELATIVE_NOISE = 1e-5
# The variants compared with the reference run, in the order they run.
VARIANTS = {
    "noise": f"(a) Gaussian noise sigma {NOISE:g} added",
    "relative": f"(b) relative noise {RELATIVE_NOISE:g}",
    "seed": f"(c) random_state {OTHER_SEED}",
}
# Variants the suite has no random step for: it fits the same vectors with the
# same exact stages, so its agreement there is 1.0 by construction, not a
# measured stability. RESULTS.md says "no random step" and counts no win.
NO_RANDOM_STEP = {"seed"}
# (label, run, measure, comparison, bound): the targets; None where it sets none.
ROWS = [
    *[
        (f"ARI of topics vs reference, {VARIANTS[v]}", v, "ari", ">=", b)
        for v, b in (("noise", 0.90), ("relative", None), ("seed", 0.90))
    ],
    *[(f"papers keeping their theme, {VARIANTS[v]}", v, "theme_kept", ">=", 0.99) for v in VARIANTS],
    *[(f"Procrustes disparity of the map, {VARIANTS[v]}", v, "procrustes", "<=", 0.05) for v in VARIANTS],
    ("NMI against the areas (reference run)", "reference", "nmi", ">=", 0.37),
    ("topics (reference run)", "reference", "topics", "<=", 60),
    ("outlier papers, topic -1 (reference run)", "reference", "outliers", "<=", 0),
    ("silhouette of the map by topic (reference run)", "reference", "silhouette", ">=", 0.25),
    ("silhouette of the map by topic, the seed papers", "seed_papers", "silhouette", ">=", 0.25),
    ("fit s (reference run)", "reference", "fit_s", None, None),
]


def perturbations(embeddings: np.ndarray) -> dict[str, tuple[np.ndarray, int]]:
    """The reference and the three variants: embeddings and seed of each run.

    (a) adds N(0, 1e-6) from ``default_rng(0)``; (b) multiplies by
    1 + 1e-5 N(0, 1) from ``default_rng(1)``; both in float64, returned in
    the embeddings' own dtype.
    """
    base = np.asarray(embeddings)
    wide = base.astype(np.float64)
    noise = wide + NOISE * np.random.default_rng(0).standard_normal(wide.shape)
    relative = wide * (1 + RELATIVE_NOISE * np.random.default_rng(1).standard_normal(wide.shape))
    return {
        "reference": (base, SEED),
        "noise": (noise.astype(base.dtype), SEED),
        "relative": (relative.astype(base.dtype), SEED),
        "seed": (base, OTHER_SEED),
    }


def fit_ours(
    papers: pd.DataFrame, embeddings: np.ndarray, random_state: int, embedding: str = DEFAULT_EMBEDDING
) -> dict:
    """``analysis.fit_topics`` on the given embeddings (never from the result cache): topics, themes, map, seconds."""
    from analysis import fit_topics

    start = time.perf_counter()
    result = fit_topics(papers, embedding=embedding, embeddings=embeddings, random_state=random_state, use_cache=False)
    fit_s = time.perf_counter() - start
    documents = result.documents
    return {
        "topics": documents["topic"].to_numpy(),
        "themes": documents["theme"].astype(str).to_numpy(),
        "xy": documents[["x", "y"]].to_numpy(dtype=np.float64),
        "fit_s": fit_s,
    }


def fit_plain(texts: list[str], embeddings: np.ndarray, random_state: int) -> dict:
    """Plain BERTopic (its defaults, UMAP seeded) on the embeddings, and a seeded 2-D UMAP of them as its map."""
    from bertopic import BERTopic
    from umap import UMAP

    from bench.baselines import plain_umap

    with warnings.catch_warnings():
        # "n_jobs value 1 overridden to 1 by setting random_state": the seed is the point here.
        warnings.filterwarnings("ignore", message="n_jobs value", category=UserWarning)
        start = time.perf_counter()
        topics, _ = BERTopic(umap_model=plain_umap(random_state)).fit_transform(texts, embeddings)
        topic_s = time.perf_counter() - start
        start = time.perf_counter()
        layout = UMAP(n_neighbors=15, n_components=2, min_dist=0.1, metric="cosine", random_state=random_state)
        xy = layout.fit_transform(embeddings)
        map_s = time.perf_counter() - start
    return {
        "topics": np.asarray(topics),
        "themes": None,
        "xy": np.asarray(xy, dtype=np.float64),
        "fit_s": topic_s + map_s,
        "topic_s": topic_s,
        "map_s": map_s,
    }


def compare(reference: dict, run: dict) -> dict:
    """ARI of the topics, share of papers keeping their theme (None without themes), Procrustes disparity."""
    from scipy.spatial import procrustes
    from sklearn.metrics import adjusted_rand_score

    kept = None if reference["themes"] is None else float(np.mean(reference["themes"] == run["themes"]))
    return {
        "ari": _round(adjusted_rand_score(reference["topics"], run["topics"])),
        "theme_kept": _round(kept),
        "procrustes": _round(procrustes(reference["xy"], run["xy"])[2], 6),
        "topics": len(set(run["topics"].tolist()) - {-1}),
        "fit_s": round(run["fit_s"], 2),
    }


def map_silhouette(xy: np.ndarray, topics: np.ndarray) -> float | None:
    """Silhouette of the map positions by topic, outliers (-1) left out; None when it is undefined."""
    from sklearn.metrics import silhouette_score

    keep = np.asarray(topics) != -1
    labels = np.asarray(topics)[keep]
    if not 2 <= len(set(labels.tolist())) <= keep.sum() - 1:
        return None
    return _round(silhouette_score(xy[keep], labels))


def describe(run: dict, labels: list[str] | None = None) -> dict:
    """The reference run's own numbers: NMI/ARI against the areas, topics, outliers, silhouette, fit seconds."""
    row = (
        agreement(labels, run["topics"])
        if labels is not None
        else {
            "topics": len(set(run["topics"].tolist()) - {-1}),
            "outliers": int((run["topics"] == -1).sum()),
        }
    )
    row["silhouette"] = map_silhouette(run["xy"], run["topics"])
    row["fit_s"] = round(run["fit_s"], 2)
    for key in ("topic_s", "map_s"):
        if key in run:
            row[key] = round(run[key], 2)
    return row


def method_runs(fit: Callable[[np.ndarray, int], dict], embeddings: np.ndarray, labels: list[str]) -> dict:
    """``fit(embeddings, seed)`` for the reference and each variant; the variants compared with the reference."""
    runs = perturbations(embeddings)
    reference = fit(*runs.pop("reference"))
    answer = {"reference": describe(reference, labels)}
    for name, (vectors, seed) in runs.items():
        answer[name] = compare(reference, fit(vectors, seed))
    return answer


def measure(
    papers: pd.DataFrame,
    embeddings: np.ndarray,
    embedding: str = DEFAULT_EMBEDDING,
    seed_papers: pd.DataFrame | None = None,
    seed_embeddings: np.ndarray | None = None,
) -> dict:
    """The whole stability section: both methods, every run, the seed papers' silhouette, the target checks.

    Raises:
        ValueError: ``seed_papers`` without their ``seed_embeddings``.
    """
    import bertopic  # noqa: F401  imported before any timing: neither method's fit time includes it
    import umap  # noqa: F401

    from analysis.embedding.cache import document_texts

    texts, labels = document_texts(papers), papers["label"].astype(str).tolist()
    answer: dict[str, Any] = {
        "papers": len(papers),
        "embedding": embedding,
        "variants": dict(VARIANTS),
        "ours": method_runs(lambda e, s: fit_ours(papers, e, s, embedding), embeddings, labels),
        "plain_bertopic": method_runs(lambda e, s: fit_plain(texts, e, s), embeddings, labels),
    }
    if seed_papers is not None:
        if seed_embeddings is None:
            raise ValueError("the seed papers are fitted on their embeddings: give seed_embeddings too")
        seed_texts = document_texts(seed_papers)
        answer["seed_papers"] = len(seed_papers)
        answer["ours"]["seed_papers"] = describe(fit_ours(seed_papers, seed_embeddings, SEED, embedding))
        try:
            answer["plain_bertopic"]["seed_papers"] = describe(fit_plain(seed_texts, seed_embeddings, SEED))
        except Exception as err:  # plain BERTopic may not cope with 26 papers: say so beside our number
            answer["plain_bertopic"]["seed_papers"] = {"error": f"{type(err).__name__}: {err}"[-500:]}
    answer["checks"] = checks(answer)
    return answer


def checks(answer: dict) -> list[dict]:
    """One row per measure: ours, plain BERTopic, the target and whether each meets it (None: no target or value)."""
    rows = []
    for label, run, key, comparison, bound in ROWS:
        ours = answer["ours"].get(run, {}).get(key)
        plain = answer["plain_bertopic"].get(run, {}).get(key)
        row = {"measure": label, "run": run, "key": key, "ours": ours, "plain_bertopic": plain}
        if comparison is not None and bound is not None:
            row["target"] = f"{comparison} {bound:g}" if key != "outliers" else "0"
            row["ours_met"] = _meets(ours, comparison, bound)
            row["plain_met"] = _meets(plain, comparison, bound)
        rows.append(row)
    return rows


def _meets(value: float | None, comparison: str, bound: float) -> bool | None:
    if value is None:
        return None
    return bool(value >= bound) if comparison == ">=" else bool(value <= bound)


def _round(value: float | None, digits: int = 4) -> float | None:
    return None if value is None else round(float(value), digits)
