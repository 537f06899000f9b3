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

from analysis.config import DEFAULT_EMBEDDING, DEFAULT_RANDOM_STATE
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


class StageMissingError(AttributeError):
    """A stage this suite times is gone from ``analysis`` (renamed or removed by a refactor)."""


def _require(owner, name: str, stage: str):
    """``owner.name``, or a :class:`StageMissingError` naming what to re-point in bench/suite.py."""
    try:
        return getattr(owner, name)
    except AttributeError:
        where = f"{owner.__module__}.{owner.__qualname__}" if isinstance(owner, type) else owner.__name__
        raise StageMissingError(
            f"bench/suite.py times stage {stage!r} as {where}.{name}, which no longer exists: "
            "re-point instrument() at the code that now does this stage"
        ) from None


@contextlib.contextmanager
def instrument(timer: Timer, captured: dict):
    """Time every stage of the pipeline into ``timer``; the fitted result lands in ``captured``.

    Stages: load, dedup, embed, lexical (LSA features), reduce
    (``SmoothedPCA.fit``: neighbour smoothing and the exact PCA), cluster
    (the fit of the Ward clustering from ``ward_clustering``), map
    (``topic_layout``), themes (scoring and assignment), figures (figures,
    topic map, report) and static (PNG/SVG export). ``represent`` (c-TF-IDF
    labels, merging, the phrase encoding) is what the fit spends outside the
    timed parts.

    Raises:
        StageMissingError: A timed function or class is gone from ``analysis``;
            nothing is patched then (a stage silently dropped would show as
            ``represent``).
    """
    import analysis.backends as backends
    import analysis.clustering as clustering
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

    # (owner, attribute, stage): module-level names are patched where the
    # pipeline looks them up (the names topics.py imported), methods on
    # their class.
    patches = [
        (analysis.corpus, "read_abstracts", "load"),
        (analysis.dedup, "deduplicate", "dedup"),
        (topics, "embed_papers", "embed"),
        (backends.TfidfBackend, "encode", "lexical"),
        (clustering.SmoothedPCA, "fit", "reduce"),
        (topics, "topic_layout", "map"),
        (topics, "score_themes", "themes"),
        (analysis.pipeline, "write_report", "report"),
        (analysis.figures, "render_static", "static"),
    ]
    # Checked before anything is patched, so a missing stage leaves analysis untouched.
    original = {"fit": _require(analysis.pipeline, "fit", "fit")}
    saved = [(owner, name, _require(owner, name, stage)) for owner, name, stage in patches]
    ward_factory = _require(topics, "ward_clustering", "cluster")
    saved += [(topics, "ward_clustering", ward_factory), (analysis.pipeline, "fit", original["fit"])]
    try:
        for owner, name, stage in patches:
            setattr(owner, name, _timed_function(getattr(owner, name), timer, stage))
        # The clustering object goes into BERTopic's hdbscan_model slot: its fit is timed.
        topics.ward_clustering = lambda *a, **k: Timed(ward_factory(*a, **k), timer, "cluster")
        analysis.pipeline.fit = fit
        yield
    finally:
        for owner, name, value in saved:
            setattr(owner, name, value)


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


def fit_ours(
    papers, embeddings: np.ndarray, embedding: str = DEFAULT_EMBEDDING, random_state: int = DEFAULT_RANDOM_STATE
) -> dict:
    """Fit this suite on precomputed embeddings; stage times, fit seconds and quality."""
    from analysis.topics import TopicModel

    timer, captured = Timer(), {}
    with instrument(timer, captured):
        start = time.perf_counter()
        model = TopicModel(embedding=embedding, random_state=random_state).fit(papers, embeddings=embeddings)
        fit_s = time.perf_counter() - start
    timer.add("fit", fit_s)
    return {"fit_s": round(fit_s, 2), "stages": stage_times(timer), **result_quality(model.result_)}


def report_run(corpus: Path, out: Path, static: bool = True, embedding: str = DEFAULT_EMBEDDING) -> dict:
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
