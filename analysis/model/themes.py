"""Named themes: read from a user-editable TOML file, scored per paper and per topic.

A theme is a name, a one-line description and a few seed phrases. A paper's
score for a theme is its highest cosine similarity to the description or to
any seed phrase (a broad theme is matched through one of its facets); the
paper's topic then smooths the scores (papers of one topic share most of
their theme), and a paper whose best score stays under ``min_score`` is
``other``. On the reference corpus this reaches theme macro-F1 0.65 against
0.52 for the similarity to a one-line description (bench/RESULTS.md).

:func:`score_themes` is the one entry point: the papers' vectors, their
topics and the themes in; each paper's theme, score and margin and each
topic's theme out (:class:`ThemeScores`). Every score is rounded to the
precision shown before anything is decided with it (:func:`shown`).
"""

from __future__ import annotations

import difflib
import itertools
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import overload

import numpy as np
import pandas as pd

from analysis.config import DEFAULT_THEMES_FILE, cache_dir
from analysis.embedding.backends import Backend
from analysis.embedding.cache import EmbeddingCache, embed_texts, text_key
from analysis.embedding.registry import select_backend
from analysis.errors import InputError

# Weight of the topic's mean scores in a paper's final scores (0 = papers
# alone). On the reference corpus 0.5 beat 0 and 0.3 on both random halves.
TOPIC_WEIGHT = 0.5
DEFAULT_MIN_SCORE = 0.40
# Scores are shown, stored and compared at this precision. Float noise
# between two machines moves a cosine by about 1e-8; a score rounded to
# 0.01 then changes only when it sits within that distance of a rounding
# boundary, and the theme of a paper follows the shown score: a paper shown
# at 0.40 is in its theme on every machine, whatever its last digits.
SCORE_DECIMALS = 2
# Far below any real difference of scores, far above float64 noise (1e-16).
NOISE_DECIMALS = 9


@overload
def round_as_shown(scores: float | np.floating) -> np.float64: ...
@overload
def round_as_shown(scores: np.ndarray) -> np.ndarray: ...
def round_as_shown(scores: float | np.floating | np.ndarray) -> np.float64 | np.ndarray:
    """Scores at the shown precision (:data:`SCORE_DECIMALS`) in float64, with -0.0 made 0.0.

    float64 whatever comes in: float32 0.41 is 0.4099999964, below a floor
    of 0.41, and written as 0.4099999964 in a table that shows two decimals.
    Means and half-and-half blends of shown scores often land on a half
    (0.34 and 0.47 blend to 0.405: 20 of the 362 scores rounded for the
    seeds), where the last bit of a sum, which another CPU's summation
    order may flip, would pick the side. Rounded first to :data:`NOISE_DECIMALS`,
    a half is one float64 and rounds to even (0.40) on every machine.
    """
    return np.round(np.round(np.asarray(scores, dtype=np.float64), NOISE_DECIMALS), SCORE_DECIMALS) + 0.0


@dataclass(frozen=True)
class Theme:
    """One named theme."""

    name: str
    description: str
    seeds: tuple[str, ...] = ()

    @property
    def phrases(self) -> list[str]:
        """The description followed by the seed phrases."""
        return [self.description, *self.seeds]


@dataclass(frozen=True)
class ThemeSet:
    """The themes of one analysis, the name of the rest, and the score floor."""

    themes: tuple[Theme, ...]
    other: str = "other"
    min_score: float = DEFAULT_MIN_SCORE
    source: str = field(default="", compare=False)

    @property
    def names(self) -> list[str]:
        """Theme names, then the name of the rest."""
        return [t.name for t in self.themes] + [self.other]


def load_themes(path: str | Path | None = None) -> ThemeSet:
    """Read a themes file (TOML); the bundled default when ``path`` is None.

    Raises:
        InputError: The file is missing, is not valid TOML, or a theme lacks
            a name or description, or repeats a name.
    """
    path = Path(path) if path else DEFAULT_THEMES_FILE
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(path, "themes file not found") from None
    except UnicodeDecodeError:
        raise InputError(path, "themes file is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as err:
        raise InputError(path, f"not valid TOML: {err}") from None
    _no_unknown_keys(data, ("theme", "other", "min_score"), path, "")
    entries = data.get("theme")
    if not isinstance(entries, list) or not entries:
        raise InputError(path, "no [[theme]] entries; see analysis/model/themes.toml for the format")
    themes = tuple(_theme(entry, path, i) for i, entry in enumerate(entries, start=1))
    names = [t.name for t in themes]
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise InputError(path, f"theme names must be unique; repeated: {', '.join(repeated)}")
    other = str(data.get("other", "other"))
    if other in names:
        raise InputError(path, f"'{other}' is the name for papers outside every theme; rename that theme")
    min_score = data.get("min_score", DEFAULT_MIN_SCORE)
    if not isinstance(min_score, int | float) or not -1 <= min_score <= 1:
        raise InputError(path, f"min_score must be a number between -1 and 1, got {min_score!r}")
    return ThemeSet(themes, other=other, min_score=float(min_score), source=str(path))


def _no_unknown_keys(table: dict, known: tuple[str, ...], path: Path, where: str) -> None:
    """Stop at a key the format does not have: a typo ("seed", "min_scor") was silently ignored."""
    for key in table:
        if key not in known:
            close = difflib.get_close_matches(key, known, n=1)
            hint = f"did you mean '{close[0]}'?" if close else f"known: {', '.join(known)}"
            raise InputError(path, f"unknown key '{key}'{where} ({hint})")


def _theme(entry: object, path: Path, number: int) -> Theme:
    if not isinstance(entry, dict):
        raise InputError(path, f"theme {number} is not a table")
    _no_unknown_keys(entry, ("name", "description", "seeds"), path, f" in theme {number}")
    name = str(entry.get("name", "")).strip()
    description = str(entry.get("description", "")).strip()
    if not name:
        raise InputError(path, f"theme {number} has no name")
    if not description:
        raise InputError(path, f"theme '{name}' is empty: give it a description (and seed phrases)")
    seeds = entry.get("seeds", [])
    if not isinstance(seeds, list) or not all(isinstance(s, str) and s.strip() for s in seeds):
        raise InputError(path, f"theme '{name}': seeds must be a list of non-empty strings")
    return Theme(name, description, tuple(s.strip() for s in seeds))


def phrase_scores(doc_vectors: np.ndarray, vectors_by_theme: list[np.ndarray]) -> np.ndarray:
    """Score of each paper (row) for each theme (column): the best cosine to any of its phrases, as shown."""
    return round_as_shown(np.column_stack([(doc_vectors @ vectors.T).max(axis=1) for vectors in vectors_by_theme]))


def smooth_by_topic(scores: np.ndarray, topics: np.ndarray, weight: float = TOPIC_WEIGHT) -> np.ndarray:
    """Blend each paper's scores with the mean scores of its topic (rounded as shown)."""
    if weight == 0:
        return round_as_shown(scores)
    smoothed = np.asarray(scores, dtype=np.float64).copy()
    for topic in np.unique(topics):
        members = topics == topic
        smoothed[members] = (1 - weight) * scores[members] + weight * scores[members].mean(axis=0)
    return round_as_shown(smoothed)


def assign(scores: np.ndarray, themes: ThemeSet) -> tuple[list[str], np.ndarray, np.ndarray]:
    """Theme name, score and margin (best minus second best) of each paper; ties go to the theme listed first."""
    scores = round_as_shown(scores)
    order = np.argsort(-scores, axis=1, kind="stable")
    best = scores[np.arange(len(scores)), order[:, 0]]
    second = scores[np.arange(len(scores)), order[:, 1]] if scores.shape[1] > 1 else np.zeros(len(scores))
    names = [t.name for t in themes.themes]
    chosen = [names[j] if s >= themes.min_score else themes.other for j, s in zip(order[:, 0], best, strict=True)]
    return chosen, best, round_as_shown(best - second)


def topic_themes(topics: np.ndarray, scores: np.ndarray, themes: ThemeSet) -> pd.DataFrame:
    """Theme of each topic: the best mean score over its papers, ``other`` under the floor."""
    rows = []
    for topic in np.unique(topics):
        mean = round_as_shown(scores[topics == topic].mean(axis=0))
        best = int(np.argmax(mean))  # the first of equal scores: the theme listed first
        name = themes.themes[best].name if mean[best] >= themes.min_score else themes.other
        rows.append({"topic": topic, "theme": name, "theme_score": float(mean[best])})
    return pd.DataFrame(rows)


@dataclass(frozen=True)
class ThemeScores:
    """Themes of the papers and of their topics, every score as shown.

    Attributes:
        theme: Each paper's theme (``other`` when its best score is under the floor).
        score: Each paper's best score.
        margin: Each paper's best minus second-best score.
        matrix: Paper x theme scores after the topic smoothing (columns follow the themes).
        per_topic: ``topic``, ``theme``, ``theme_score``: one row per topic.
        vectors: The paper vectors that were compared with the theme phrases.
    """

    theme: list[str]
    score: np.ndarray
    margin: np.ndarray
    matrix: np.ndarray
    per_topic: pd.DataFrame
    vectors: np.ndarray = field(repr=False)


def score_themes(
    embeddings: np.ndarray,
    topics: np.ndarray,
    themes: ThemeSet,
    backend: str | Backend,
    texts: list[str],
    topic_weight: float | None = None,
) -> ThemeScores:
    """Themes of each paper and each topic, the theme phrases embedded by the papers' own backend.

    Args:
        embeddings: The papers' vectors from ``backend``, one row per paper.
        topics: Each paper's topic.
        themes: The themes to score.
        backend: The backend (or its name) that embedded the papers.
        texts: The papers' embedded texts: a backend fitted per corpus
            (``needs_corpus``) encodes them again, with the phrases, in one fit.
        topic_weight: Weight of a topic's mean scores in its papers' scores;
            None for :data:`TOPIC_WEIGHT`.
    """
    vectors, phrases = phrase_vectors(themes, select_backend(backend), texts, embeddings)
    weight = TOPIC_WEIGHT if topic_weight is None else topic_weight
    return score_vectors(vectors, phrases, np.asarray(topics), themes, weight)


def phrase_vectors(
    themes: ThemeSet, backend: Backend, texts: list[str], embeddings: np.ndarray
) -> tuple[np.ndarray, list[np.ndarray]]:
    """The papers' vectors and each theme's phrase vectors (description first), in one space."""
    groups = [t.phrases for t in themes.themes]
    if not backend.needs_corpus:
        cached = _cached_phrase_vectors(groups, backend)
        return embeddings, cached if cached is not None else [embed_texts(group, backend) for group in groups]
    # A space fitted per corpus (LSA) holds only what it was fitted on: the
    # papers and the phrases are fitted together, and the papers' vectors
    # come from that same fit.
    every = backend.encode(texts + [phrase for group in groups for phrase in group])
    ends = np.cumsum([len(texts)] + [len(group) for group in groups]).tolist()
    return every[: len(texts)], [every[start:end] for start, end in itertools.pairwise(ends)]


def _cached_phrase_vectors(groups: list[list[str]], backend: Backend) -> list[np.ndarray] | None:
    """Every group's phrase vectors from one read of the embedding cache; None when a phrase is not cached yet.

    Reading the cache once instead of once per theme is what makes a themes
    edit in a notebook re-score in a fraction of a second; a new phrase goes
    the usual way (:func:`~analysis.embedding.cache.embed_texts`, one call per theme).
    """
    known = EmbeddingCache(cache_dir() / backend.identity).load()
    keys = [[text_key(phrase) for phrase in group] for group in groups]
    if not all(key in known for group in keys for key in group):
        return None
    return [np.vstack([known[key] for key in group]).astype(np.float32) for group in keys]


def score_vectors(
    vectors: np.ndarray,
    vectors_by_theme: list[np.ndarray],
    topics: np.ndarray,
    themes: ThemeSet,
    topic_weight: float = TOPIC_WEIGHT,
) -> ThemeScores:
    """Themes of each paper and each topic from the vectors alone (unit rows: a dot product is a cosine)."""
    scores = smooth_by_topic(phrase_scores(vectors, vectors_by_theme), topics, topic_weight)
    theme, score, margin = assign(scores, themes)
    return ThemeScores(theme, score, margin, scores, topic_themes(topics, scores, themes), vectors)
