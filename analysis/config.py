"""Paths and defaults, anchored at the repository root.

Nothing here does I/O or logging at import: notebooks (which nbval starts
inside ``notebooks/``), the CLI and the tests all resolve the same paths.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
ROOT = PACKAGE_DIR.parent
SEEDS_DIR = ROOT / "seeds"
FIGURES_DIR = ROOT / "figures"
DEFAULT_THEMES_FILE = PACKAGE_DIR / "model" / "themes.toml"
SHARED_DIR = ROOT.parent / "shared"
REFERENCE_CORPUS = SHARED_DIR / "corpora" / "iclr2024.jsonl"

SUPPORTED_SUFFIXES = (".txt", ".md", ".csv", ".tsv", ".jsonl", ".json")

# Default Jaccard similarity of word 3-shingles above which two entries are
# one paper. Edited copies of the same abstract (typo, one sentence added or
# cut, markup, reflow) score 0.8-1.0; different papers on one topic stay
# under 0.15 on the reference corpus (bench/bench_dedup.py measures both).
DEDUP_THRESHOLD = 0.6

# The embedding backend used unless another is asked for (see
# analysis/embedding/backends.py): all-MiniLM-L6-v2, BERTopic's own default.
DEFAULT_EMBEDDING = "minilm"
# Seed of a stochastic stage a user plugs into TopicModel (a UMAP whose
# random_state is left unset). The default stages have no random step and
# give the same result for every seed.
DEFAULT_RANDOM_STATE = 42
# Whether a topic fit is read from (and stored in) the result cache: the
# same default for TopicModel, fit_topics, the pipeline and the command line.
DEFAULT_USE_CACHE = True
# A corpus of more papers than this is fitted on a sample of this many
# (chosen by doc_id) and every other paper is assigned to the sample's
# topics (analysis/model/sampled.py): the assignment grows linearly, the fit
# does not. Its neighbour search and Ward's clustering grow as n^2; on 2
# cores shared with other jobs (load 6-8), MiniLM vectors: 5,000 papers
# 11 s and 0.6 GiB, 12,000 127 s and 1.4 GiB (full Ward), 20,000 533 s and
# 1.6 GiB (Ward on the kNN graph); 50,000 would take about 6 times as long.
# From 2,304 papers on the fit makes 60 topics, so a larger sample (here
# ~330 papers a topic) buys time, not topics.
SAMPLE_FIT_ABOVE = 20_000


def corpus_paths(value: str | Path | Sequence[str | Path]) -> list[Path]:
    """Notebook corpus paths, from the repository root: a list, or a string as papermill's ``-p`` passes it.

    ``-p corpus_paths '["my_lists/"]'`` arrives as the string ``'["my_lists/"]'``:
    it is read as the list it spells; any other string is one path. An
    absolute path stays as it is.

    Example:
        >>> [p.name for p in corpus_paths('["seeds", "more.csv"]')]
        ['seeds', 'more.csv']
    """
    if isinstance(value, str | Path):
        text = str(value).strip()
        value = json.loads(text) if text.startswith("[") else [text]
    return [ROOT / str(p) for p in value]


def cache_root() -> Path:
    """Folder of every cache (``ANALYSIS_CACHE_DIR`` overrides ``.cache/``): deleting it only costs time."""
    override = os.environ.get("ANALYSIS_CACHE_DIR")
    return Path(override) if override else ROOT / ".cache"


def _one_cache(variable: str, name: str) -> Path:
    """One cache's folder: ``variable`` when set, else ``name`` under :func:`cache_root`.

    Each cache has its own variable, so that one (a test's, a benchmark's) can
    start empty while the others, the embeddings above all, stay warm.
    """
    override = os.environ.get(variable)
    return Path(override) if override else cache_root() / name


def cache_dir() -> Path:
    """Folder of the embedding cache, one subfolder per model identity (``ANALYSIS_EMBEDDING_CACHE``)."""
    return _one_cache("ANALYSIS_EMBEDDING_CACHE", "embeddings")


def fit_cache_dir() -> Path:
    """Folder of the result cache of topic fits (``ANALYSIS_FIT_CACHE``)."""
    return _one_cache("ANALYSIS_FIT_CACHE", "results")


def render_cache_dir() -> Path:
    """Folder of rendered PNG/SVG files, reused while their figure is unchanged (``ANALYSIS_RENDER_CACHE``)."""
    return _one_cache("ANALYSIS_RENDER_CACHE", "figures")
