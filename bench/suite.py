"""This suite measured from inside: per-stage seconds from the pipeline's own timer hook.

``TopicModel(timer=...)`` and the ``timer`` argument of the pipeline's
functions report each stage as it ends (:mod:`analysis.progress`): nothing
in ``analysis`` is patched, so the code timed is the code users run.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from analysis.config import DEFAULT_EMBEDDING, DEFAULT_RANDOM_STATE
from bench.common import Timer, theme_truth
from bench.metrics import quality

if TYPE_CHECKING:
    import pandas as pd

    from analysis.model.topic_result import TopicResult

# The stages the pipeline reports (see analysis/progress.py), in the order they run.
STAGES = ["load", "dedup", "embed", "lexical", "reduce", "cluster", "represent", "map", "themes", "figures", "static"]


class UnknownStageError(ValueError):
    """The pipeline reported a stage this suite does not list (a refactor added or renamed one)."""


def stage_times(timer: Timer) -> dict[str, float]:
    """The timer's stages in the order they run, rounded to 0.01 s.

    Raises:
        UnknownStageError: A stage is missing from :data:`STAGES`; dropping
            it from the results would hide its time.
    """
    unknown = sorted(set(timer.seconds) - set(STAGES))
    if unknown:
        raise UnknownStageError(f"analysis reports stages {unknown} that bench/suite.py does not list in STAGES")
    return {stage: round(timer.seconds[stage], 2) for stage in STAGES if stage in timer.seconds}


def result_quality(result: TopicResult) -> dict:
    """Quality of a fitted :class:`analysis.TopicResult` against the areas in ``papers['label']``."""
    from analysis.embedding.cache import document_texts

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
    papers: pd.DataFrame,
    embeddings: np.ndarray,
    embedding: str = DEFAULT_EMBEDDING,
    random_state: int = DEFAULT_RANDOM_STATE,
) -> dict:
    """Fit this suite on precomputed embeddings; stage times, fit seconds and quality."""
    from analysis.model.topics import TopicModel

    timer = Timer()
    start = time.perf_counter()
    # Timed: always a fit, never a result-cache hit (the cache is on by default).
    model = TopicModel(embedding=embedding, random_state=random_state, timer=timer.add, use_cache=False)
    model.fit(papers, embeddings=embeddings)
    fit_s = time.perf_counter() - start
    return {"fit_s": round(fit_s, 2), "stages": stage_times(timer), **result_quality(model.result_)}


# Packages whose import a warm run should not pay (reported, not asserted).
HEAVY = ["torch", "transformers", "sentence_transformers", "bertopic", "umap", "hdbscan"]


def report_run(
    corpus: Path, out: Path, static: bool = True, embedding: str = DEFAULT_EMBEDDING, themes: str | None = None
) -> dict:
    """``analysis.pipeline.run_report`` on the corpus, timed by stage, with the result's quality.

    Its steps are called here, ``load_papers``, ``fit`` and ``write_report``,
    so that the fitted result is at hand (``run_report`` returns the files).
    The answer also says whether the topics came from the result cache and
    which heavy packages the process imported.
    """
    import sys

    from analysis.pipeline import fit, load_papers, write_report
    from analysis.run import RunOptions, Runtime

    timer = Timer()
    said: list[str] = []
    start = time.perf_counter()
    papers = load_papers([corpus], timer=timer.add).papers
    result = fit(papers, RunOptions(themes=themes, embedding=embedding), Runtime(said.append, timer.add))
    written = write_report(result, out, static, Runtime(_silent, timer.add))
    total = time.perf_counter() - start
    return {
        "papers": len(result.papers),
        "topics_reused": any("reused from the result cache" in line for line in said),
        "heavy_imports": [name for name in HEAVY if name in sys.modules],
        "report_s": round(total, 2),
        "stages": stage_times(timer),
        "files": len(written),
        "static_files": sum(p.suffix in {".png", ".svg"} for p in written),
        **result_quality(result),
    }


def _silent(message: str) -> None:
    """Progress lines go nowhere: the benchmark reads the timer."""
