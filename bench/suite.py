"""This suite measured from inside: per-stage timers patched around the real pipeline.

Nothing in ``analysis`` is edited: the stage functions are wrapped in this
process only (``instrument``), so the code timed is the code users run.
"""

from __future__ import annotations

import contextlib
import io
import time
from pathlib import Path

import numpy as np

from bench.common import Timer, theme_truth
from bench.metrics import quality


class Timed:
    """A scikit-learn style model whose fit/transform/predict time is added to one stage."""

    def __init__(self, inner, timer: Timer, stage: str):
        self.inner, self.timer, self.stage = inner, timer, stage

    def fit(self, X, y=None):  # noqa: N803  (scikit-learn's argument name)
        """Fit the wrapped model, timed."""
        with self.timer(self.stage):
            self.inner.fit(X, y=y)
        return self

    def transform(self, X):  # noqa: N803
        """Transform with the wrapped model, timed."""
        with self.timer(self.stage):
            return self.inner.transform(X)

    def fit_transform(self, X, y=None):  # noqa: N803
        """Fit and transform with the wrapped model, timed (BERTopic prefers this when it exists)."""
        with self.timer(self.stage):
            return self.inner.fit_transform(X, y=y)

    def fit_predict(self, X, y=None):  # noqa: N803
        """Fit and predict with the wrapped model, timed."""
        with self.timer(self.stage):
            return self.inner.fit_predict(X, y=y)

    def predict(self, X):  # noqa: N803
        """Predict with the wrapped model, timed."""
        with self.timer(self.stage):
            return self.inner.predict(X)

    def __getattr__(self, name):
        # labels_, embedding_ and the rest come from the wrapped model.
        return getattr(self.inner, name)


def _timed_function(function, timer: Timer, stage: str):
    def wrapper(*args, **kwargs):
        with timer(stage):
            return function(*args, **kwargs)

    return wrapper


@contextlib.contextmanager
def instrument(timer: Timer, captured: dict):
    """Time every stage of the pipeline into ``timer``; the fitted result lands in ``captured``.

    Stages: load, dedup, embed, lexical (LSA features), reduce (UMAP),
    cluster (HDBSCAN), map (2-D UMAP of the topic map), themes (scoring and
    assignment), figures (figures, topic map, report) and static (PNG/SVG
    export). ``represent`` (c-TF-IDF labels, merging, the phrase
    encoding) is what the fit spends outside the timed parts.
    """
    import analysis.corpus
    import analysis.dedup
    import analysis.figures
    import analysis.pipeline
    import analysis.topics as topics

    def fit(*args, **kwargs):
        start = time.perf_counter()
        captured["result"] = original["fit"](*args, **kwargs)
        timer.add("fit", time.perf_counter() - start)
        return captured["result"]

    original = {"fit": analysis.pipeline.fit}
    patches = [
        (analysis.corpus, "read_abstracts", "load"),
        (analysis.dedup, "deduplicate", "dedup"),
        (topics, "embed_papers", "embed"),
        (topics, "tfidf_embeddings", "lexical"),
        (topics, "map_coordinates", "map"),
        # The exact kNN graph is UMAP's first step, computed outside it since 8f380ec.
        (topics, "exact_neighbors", "reduce"),
        (topics, "phrase_scores", "themes"),
        (topics, "smooth_by_topic", "themes"),
        (topics, "assign", "themes"),
        (topics, "topic_themes", "themes"),
        (analysis.pipeline, "write_report", "report"),
        (analysis.figures, "render_static", "static"),
    ]
    patches = [p for p in patches if hasattr(p[0], p[1])]
    saved = [(module, name, getattr(module, name)) for module, name, _ in patches]
    saved += [(topics, "_umap", topics._umap), (topics, "_hdbscan", topics._hdbscan)]
    saved += [(analysis.pipeline, "fit", analysis.pipeline.fit)]
    try:
        for module, name, stage in patches:
            setattr(module, name, _timed_function(getattr(module, name), timer, stage))
        umap_factory, hdbscan_factory = topics._umap, topics._hdbscan
        topics._umap = lambda *a, **k: Timed(umap_factory(*a, **k), timer, "reduce")
        topics._hdbscan = lambda *a, **k: Timed(hdbscan_factory(*a, **k), timer, "cluster")
        analysis.pipeline.fit = fit
        yield
    finally:
        for module, name, value in saved:
            setattr(module, name, value)


def stage_times(timer: Timer) -> dict[str, float]:
    """The timer's stages with ``represent`` derived and ``figures`` net of the static export."""
    seconds = dict(timer.seconds)
    fit = seconds.pop("fit", None)
    if fit is not None:
        inner = sum(seconds.get(k, 0.0) for k in ("embed", "lexical", "reduce", "cluster", "map", "themes"))
        seconds["represent"] = max(0.0, fit - inner)
    if "report" in seconds:
        seconds["figures"] = max(0.0, seconds.pop("report") - seconds.get("static", 0.0))
    order = [
        "load",
        "dedup",
        "embed",
        "lexical",
        "reduce",
        "cluster",
        "represent",
        "map",
        "themes",
        "figures",
        "static",
    ]
    return {k: round(seconds[k], 2) for k in order if k in seconds}


def result_quality(result) -> dict:
    """Quality of a fitted :class:`analysis.TopicResult` against the areas in ``papers['label']``."""
    from analysis.embed import document_texts

    labels = result.papers["label"].astype(str).tolist()
    topics = result.topics[result.topics["topic"] != -1]
    terms = [[t for t in str(row).split(", ") if t] for row in topics["terms"]]
    return quality(
        labels,
        result.documents["topic"].to_numpy(),
        terms,
        document_texts(result.papers),
        truth_themes=theme_truth(labels),
        themes=result.documents["theme"].tolist(),
    )


def fit_ours(papers, embeddings: np.ndarray, embedding: str = "minilm", random_state: int = 42) -> dict:
    """Fit this suite on precomputed embeddings; stage times, fit seconds and quality."""
    from analysis.topics import TopicModel

    timer, captured = Timer(), {}
    with instrument(timer, captured):
        start = time.perf_counter()
        model = TopicModel(embedding=embedding).fit(papers, embeddings=embeddings, random_state=random_state)
        fit_s = time.perf_counter() - start
    timer.add("fit", fit_s)
    return {"fit_s": round(fit_s, 2), "stages": stage_times(timer), **result_quality(model.result_)}


def report_run(corpus: Path, out: Path, static: bool = True, embedding: str = "minilm") -> dict:
    """``analysis.pipeline.run_report`` on the corpus, timed by stage, with the result's quality."""
    from analysis.pipeline import run_report

    timer, captured = Timer(), {}
    with instrument(timer, captured), contextlib.redirect_stdout(io.StringIO()):
        start = time.perf_counter()
        written = run_report([corpus], out=out, embedding=embedding, static=static, progress=lambda _: None)
        total = time.perf_counter() - start
    return {
        "papers": len(captured["result"].papers),
        "report_s": round(total, 2),
        "stages": stage_times(timer),
        "files": len(written),
        "static_files": sum(p.suffix in {".png", ".svg"} for p in written),
        **result_quality(captured["result"]),
    }
