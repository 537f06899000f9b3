"""New papers added to a fitted run: old papers keep their topic, label, theme and map place, byte for byte.

:func:`add_batch` is what :meth:`TopicResult.add <analysis.model.topic_result.TopicResult.add>`
and ``python -m analysis add`` run (rules 2, 3 and 5 are pure functions over a
partition of papers, in :mod:`analysis.model.assignment`, shared with the
sample-and-assign fit of the largest corpora):

1. A copy of a paper already in the run (exact, or near at the
   deduplication threshold) merges into it: its sources join the paper's,
   and nothing else changes.
2. A new paper is embedded with the run's backend and placed in the space
   the fit clustered, as the fit's own papers were
   (:mod:`analysis.model.projection`: its features, smoothed with its
   nearest fitted papers, on the fit's principal axes; a run fitted with an
   injected reduction uses the embeddings). It joins the topic whose
   centroid there is nearest when it fits as well as that topic's own
   papers do: its cosine to the centroid, as shown (two decimals), is at
   least the topic's :data:`FIT_QUANTILE` quantile of its own papers'
   cosines (the loosest own paper's), also rounded to two decimals.
3. Papers that fit no topic are clustered alone (Ward, the fit's size
   rule); a group of at least :data:`MIN_NEW_TOPIC` papers becomes a new
   topic, labelled as the fit labels topics; a lone misfit joins its nearest
   topic with ``misfit`` set.
4. Themes of the new papers are scored as in the fit (their topic's mean
   blended in); a new topic takes the theme its papers score best. Old rows
   are not scored again.
5. A new paper is placed on the map at the mean place of its
   :data:`MAP_NEIGHBOURS` nearest papers of its topic (of the whole run for
   a paper of a new topic), rounded as the map is.

Every paper carries its ``batch`` (the papers of the first fit:
:data:`FIRST_BATCH`). Adding the same batch twice adds nothing the second time.
"""

from __future__ import annotations

import dataclasses
import datetime
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

import numpy as np
import pandas as pd

from analysis.config import DEDUP_THRESHOLD
from analysis.corpus.load import match_existing
from analysis.corpus.table import document_texts, topic_texts, validate_papers, with_texts
from analysis.embedding.cache import embed_papers
from analysis.model.assignment import (
    FIT_QUANTILE,
    MAP_NEIGHBOURS,
    MIN_NEW_TOPIC,
    FitRule,
    MapRule,
    fit_thresholds,
    grouped_misfits,
    nearest_fitting,
    placed,
)
from analysis.model.themes import TOPIC_WEIGHT, assign, phrase_scores, phrase_vectors, round_as_shown, topic_themes
from analysis.model.transform import run_backend

if TYPE_CHECKING:
    from analysis.model.result import TopicPieces, TopicRecord

    R = TypeVar("R", bound=TopicRecord)

__all__ = [
    "FIRST_BATCH",
    "FIT_QUANTILE",
    "MAP_NEIGHBOURS",
    "MIN_NEW_TOPIC",
    "AddSummary",
    "add_batch",
    "assign_topics",
    "fit_thresholds",
]

# The batch name of the papers a run was fitted on.
FIRST_BATCH = "first fit"


@dataclass(frozen=True)
class AddSummary:
    """What one batch did to a run.

    Attributes:
        batch: The batch name.
        read: Papers given.
        merged: Of them, copies of papers already in the run (merged, not added).
        in_old_topics: New papers placed in a topic of the run (misfits included).
        in_new_topics: New papers in topics this batch made.
        misfits: New papers that fit no topic and joined the nearest one, flagged.
        new_topics: The new topics' ids.
    """

    batch: str
    read: int
    merged: int
    in_old_topics: int
    in_new_topics: int
    misfits: int
    new_topics: tuple[int, ...]

    @property
    def added(self) -> int:
        """New papers added."""
        return self.in_old_topics + self.in_new_topics

    def shares(self) -> tuple[float, float, float]:
        """Shares of the added papers that fit an old topic, formed new topics, and fit none (0 when none)."""
        if not self.added:
            return 0.0, 0.0, 0.0
        fitting = self.in_old_topics - self.misfits
        return fitting / self.added, self.in_new_topics / self.added, self.misfits / self.added

    def refit_advised(self) -> bool:
        """True when most new papers did not fit an old topic: the old topics no longer describe the run."""
        return self.added > 0 and self.shares()[0] < 0.5


def add_batch(
    result: R, papers: pd.DataFrame, batch: str | None = None, threshold: float = DEDUP_THRESHOLD
) -> tuple[R, AddSummary]:
    """Add ``papers`` to a fitted ``result`` (a :class:`~analysis.TopicResult`, or its record); see the module's rules.

    The new result is of the class given (a copy made with :func:`dataclasses.replace`).

    Args:
        result: The fitted run.
        papers: One row per paper with a ``text`` column (from :func:`analysis.load_corpus`).
        batch: The batch name; default today's date (ISO).
        threshold: Near-duplicate threshold for copies of papers already in the run.

    Returns:
        The new result and an :class:`AddSummary`.

    Raises:
        ValueError: The result cannot take papers (no fitted pieces, or an
            embedding space fitted per corpus).
    """
    batch = str(batch) if batch else datetime.date.today().isoformat()
    check_addable(result)
    papers = _with_ids(papers)
    matches = match_existing(result.papers["text"].tolist(), papers["text"].tolist(), threshold)
    old_papers = _merge_provenance(result.papers, papers, matches)
    fresh = papers[[m is None for m in matches]].reset_index(drop=True)
    fresh = fresh[~fresh["doc_id"].isin(result.documents["doc_id"])].drop_duplicates("doc_id", ignore_index=True)
    base = dataclasses.replace(result, papers=with_texts(old_papers))  # a table made by hand gets its texts
    if fresh.empty:
        return base, AddSummary(batch, len(papers), len(papers), 0, 0, 0, ())
    embeddings = np.asarray(embed_papers(fresh, run_backend(result)), dtype=np.float32)
    assert result.pieces is not None  # check_addable refused a result without its fitted pieces
    placed_in = _placed_in(result.pieces, fresh, embeddings)
    topics, misfit, new_ids = assign_topics(result, placed_in)
    added = _extended(base, fresh.assign(batch=batch), embeddings, placed_in, (topics, misfit, new_ids))
    in_new = int(np.isin(topics, new_ids).sum())
    summary = AddSummary(
        batch, len(papers), len(papers) - len(fresh), len(fresh) - in_new, in_new, int(misfit.sum()), tuple(new_ids)
    )
    return added, summary


def check_addable(result: TopicRecord) -> None:
    """Raise ValueError, saying why, when papers cannot join ``result``."""
    if result.pieces is None:
        raise ValueError("this result has no fitted pieces (saved in the earlier format): refit it to add papers")
    if getattr(run_backend(result), "needs_corpus", False):
        raise ValueError(
            "this run's embedding space is fitted on its own papers (the 'fast' TF-IDF backend): "
            "new papers cannot join it; run the report again on all the papers"
        )


def _with_ids(papers: pd.DataFrame) -> pd.DataFrame:
    """The papers checked and filled as a fit's are (:func:`~analysis.corpus.table.validate_papers`), with ``n_copies``.

    Raises:
        TypeError, ValueError: As :func:`~analysis.corpus.table.validate_papers`; an empty batch says so.
    """
    if isinstance(papers, pd.DataFrame) and "text" in papers and papers.empty:
        raise ValueError("no papers to add: the batch is empty")
    papers = validate_papers(papers)
    if "n_copies" not in papers:
        papers["n_copies"] = 1
    return papers


def _merge_provenance(old: pd.DataFrame, papers: pd.DataFrame, matches: list[int | None]) -> pd.DataFrame:
    """The run's papers with their copies' sources added (a source already listed is not added again)."""
    merged = old.copy()
    for row, match in enumerate(matches):
        if match is None:
            continue
        listed = [s for s in str(merged.at[match, "sources"]).split("; ") if s]
        new = [s for s in str(papers.at[row, "sources"]).split("; ") if s and s not in listed]
        if new:
            merged.at[match, "sources"] = "; ".join([*listed, *new])
            merged.at[match, "n_copies"] = int(merged.at[match, "n_copies"]) + len(new)
    return merged


@dataclass(frozen=True)
class Placed:
    """New papers in the run's spaces: their features (what the fit clusters) and the vectors topics are chosen in.

    Attributes:
        features: One row per new paper, as the fit's ``features``.
        vectors: Their places in the clustered space (:mod:`analysis.model.projection`)
            where the run keeps one, else their embeddings.
    """

    features: np.ndarray
    vectors: np.ndarray


def _placed_in(pieces: TopicPieces, fresh: pd.DataFrame, embeddings: np.ndarray) -> Placed:
    """The new papers' features and vectors: projected as the fit's own papers were, where the run can."""
    if pieces.projection is None or pieces.reduced is None:
        # A run fitted another way (an injected reduction, a format without
        # the projection): the embeddings, padded to the features' width.
        width = pieces.features.shape[1]
        padded = np.hstack([embeddings, np.zeros((len(embeddings), max(0, width - embeddings.shape[1])))])
        return Placed(padded[:, :width].astype(pieces.features.dtype), embeddings)
    features = pieces.projection.features(embeddings, document_texts(fresh))
    return Placed(features, pieces.projection.reduced(features, pieces.features))


def assign_topics(result: TopicRecord, placed_in: Placed) -> tuple[np.ndarray, np.ndarray, list[int]]:
    """Each new paper's topic, whether it is a lone misfit, and the ids of the new topics (see the module)."""
    pieces = result.pieces
    assert pieces is not None  # add_batch refused a result without its fitted pieces
    fitted = pieces.embeddings if pieces.reduced is None or pieces.projection is None else pieces.reduced
    rule = FitRule.of(fitted, np.asarray(pieces.paper_topics))
    nearest, fits = nearest_fitting(rule, placed_in.vectors)
    return grouped_misfits(nearest, fits, placed_in.vectors[~fits], int(rule.ids.max()) + 1)


def _extended(
    result: R,
    fresh: pd.DataFrame,
    embeddings: np.ndarray,
    placed_in: Placed,
    assigned: tuple[np.ndarray, np.ndarray, list[int]],
) -> R:
    """``result`` with the ``fresh`` papers appended: old rows as they were, new rows scored and placed."""
    topics, misfit, new_ids = assigned
    pieces = result.pieces
    assert pieces is not None  # add_batch refused a result without its fitted pieces
    all_topics = np.concatenate([np.asarray(pieces.paper_topics), topics])
    all_embeddings = np.vstack([pieces.embeddings, embeddings]).astype(np.float32)
    papers = pd.concat([_batched(result.papers), fresh], ignore_index=True)
    terms, labels = _new_topic_words(result, papers, all_topics, all_embeddings, new_ids)
    themed = _new_themes(result, embeddings, all_embeddings, all_topics, len(fresh))
    xy = placed(MapRule.of(pieces.xy, pieces.embeddings, pieces.paper_topics), embeddings, topics)
    documents = pd.concat(
        [
            _batched(result.documents).assign(misfit=_column(result.documents, "misfit", False)),
            pd.DataFrame(
                {
                    "doc_id": fresh["doc_id"].to_numpy(),
                    "name": fresh["name"].astype(str).to_numpy(),
                    "topic": topics,
                    "topic_label": [{**pieces.labels, **labels}[t] for t in topics.tolist()],
                    **_added_areas(result, placed_in, topics),
                    **_added_finer(result, placed_in, topics, labels),
                    "theme": themed["theme"],
                    "theme_score": themed["score"],
                    "theme_margin": themed["margin"],
                    "x": xy[:, 0],
                    "y": xy[:, 1],
                    "batch": fresh["batch"].to_numpy(),
                    "misfit": misfit,
                }
            ),
        ],
        ignore_index=True,
    )
    new_pieces = dataclasses.replace(
        pieces,
        paper_topics=all_topics,
        terms={**pieces.terms, **terms},
        labels={**pieces.labels, **labels},
        features=np.vstack([pieces.features, placed_in.features]).astype(pieces.features.dtype),
        reduced=None if pieces.reduced is None else np.vstack([pieces.reduced, placed_in.vectors]),
        embeddings=all_embeddings,
        xy=np.vstack([pieces.xy, xy]),
    )
    return dataclasses.replace(
        result,
        documents=documents,
        topics=_topic_rows(result.topics, documents, terms, labels, themed["per_topic"]),
        themes=result.themes,
        theme_scores=np.vstack([result.theme_scores, themed["matrix"]]),
        papers=papers,
        pieces=new_pieces,
    )


def _added_areas(result: TopicRecord, placed_in: Placed, topics: np.ndarray) -> dict:
    """The new papers' ``area`` and ``area_label`` columns (none for a result saved before areas)."""
    from analysis.model.areas import added_areas

    documents, pieces = result.documents, result.pieces
    assert pieces is not None  # add_batch refused a result without its fitted pieces
    if "area" not in documents:
        return {}
    fitted = pieces.embeddings if pieces.reduced is None or pieces.projection is None else pieces.reduced
    areas = added_areas(documents, fitted, topics, placed_in.vectors)
    labels = dict(zip(documents["area"].tolist(), documents["area_label"].tolist(), strict=False))
    return {"area": areas, "area_label": [labels[a] for a in areas.tolist()]}


def _added_finer(result: TopicRecord, placed_in: Placed, topics: np.ndarray, new_labels: dict[int, str]) -> dict:
    """The new papers' ``subtopic`` and ``subtopic_label`` columns (none for a run without finer topics)."""
    from analysis.model.finer import added_finer

    documents, pieces = result.documents, result.pieces
    assert pieces is not None  # add_batch refused a result without its fitted pieces
    if "subtopic" not in documents:
        return {}
    fitted = pieces.embeddings if pieces.reduced is None or pieces.projection is None else pieces.reduced
    finer, labels = added_finer(documents, fitted, topics, placed_in.vectors, new_labels)
    return {"subtopic": finer, "subtopic_label": labels}


def _column(frame: pd.DataFrame, name: str, default: object) -> pd.Series:
    return frame[name] if name in frame else pd.Series([default] * len(frame), index=frame.index)


def _batched(frame: pd.DataFrame) -> pd.DataFrame:
    """The frame with a ``batch`` column (:data:`FIRST_BATCH` for rows of the first fit)."""
    return frame.assign(batch=_column(frame, "batch", FIRST_BATCH).to_numpy())


def _new_topic_words(
    result: TopicRecord, papers: pd.DataFrame, topics: np.ndarray, embeddings: np.ndarray, new_ids: list[int]
) -> tuple[dict, dict]:
    """c-TF-IDF terms and labels of the new topics, made as the fit makes them; old topics keep theirs.

    The c-TF-IDF sees every topic (old and new), so a new topic's terms are
    what sets it apart from the run. Labels are chosen among the new topics
    only (the old papers count as the rest of the corpus), weighed by their
    nearness to the papers as the fit weighs them (``embeddings``: every
    paper's, old then new); a label an old topic already has gets the batch
    name after it.
    """
    if not new_ids:
        return {}, {}
    from analysis.model.ctfidf import class_tfidf
    from analysis.model.describe import describe, paper_titles
    from analysis.model.naming_nearest import name_nearness

    pieces = result.pieces
    assert pieces is not None  # add_batch refused a result without its fitted pieces
    ctfidf = class_tfidf(topic_texts(papers), topics, pieces.latin, pieces.min_df)
    only_new = np.where(np.isin(topics, new_ids), topics, -1)
    near = name_nearness(run_backend(result), embeddings)
    texts, titles = document_texts(papers), paper_titles(papers)
    words = describe(ctfidf, texts, only_new, pieces.latin, only=new_ids, titles=titles, nearness=near)
    taken = set(pieces.labels.values())
    batch = str(papers["batch"].iat[-1])
    chosen = words.labels
    labels = {t: chosen[t] if chosen[t] not in taken else f"{chosen[t]} ({batch})" for t in new_ids}
    return words.terms, labels


def _new_themes(
    result: TopicRecord, embeddings: np.ndarray, all_embeddings: np.ndarray, topics: np.ndarray, n_new: int
) -> dict:
    """Themes of the new papers as the fit scores them: own scores blended with their topic's mean (all its papers)."""
    backend = run_backend(result)
    vectors, phrases = phrase_vectors(result.themes, backend, document_texts(result.papers), all_embeddings)
    raw = phrase_scores(vectors, phrases)
    new_rows = np.arange(len(raw) - n_new, len(raw))
    means = {t: raw[topics == t].mean(axis=0) for t in np.unique(topics[new_rows]).tolist()}
    blended = np.vstack([(1 - TOPIC_WEIGHT) * raw[i] + TOPIC_WEIGHT * means[int(topics[i])] for i in new_rows])
    matrix = round_as_shown(blended)
    theme, score, margin = assign(matrix, result.themes)
    assert result.pieces is not None  # add_batch refused a result without its fitted pieces
    old_ids = set(np.unique(result.pieces.paper_topics).tolist())
    fresh_topics = topics[new_rows]
    new_topic_rows = np.array([t not in old_ids for t in fresh_topics.tolist()])
    per_topic = (
        topic_themes(fresh_topics[new_topic_rows], matrix[new_topic_rows], result.themes)
        if new_topic_rows.any()
        else pd.DataFrame(columns=["topic", "theme", "theme_score"])
    )
    return {"theme": theme, "score": score, "margin": margin, "matrix": matrix, "per_topic": per_topic}


def _topic_rows(
    old: pd.DataFrame, documents: pd.DataFrame, terms: dict, labels: dict, per_topic: pd.DataFrame
) -> pd.DataFrame:
    """The topic table: old topics as they were but for their size, new topics after them; largest first."""
    sizes = documents["topic"].value_counts()
    frame = old.copy()
    frame["size"] = [int(sizes[t]) for t in frame["topic"]]
    rows = []
    for topic in sorted(labels):
        theme = per_topic[per_topic["topic"] == topic]
        rows.append(
            {
                "topic": topic,
                "label": labels[topic],
                "size": int(sizes[topic]),
                "terms": ", ".join(w for w, _ in terms[topic][:10] if w),
                "theme": theme["theme"].iat[0],
                "theme_score": float(theme["theme_score"].iat[0]),
            }
        )
    frame = pd.concat([frame, pd.DataFrame(rows, columns=frame.columns)], ignore_index=True) if rows else frame
    if "area" in documents:  # a new topic's area is its papers'
        for column in ("area", "area_label"):
            frame[column] = frame["topic"].map(dict(zip(documents["topic"], documents[column], strict=False)))
    return frame.sort_values(["size", "topic"], ascending=[False, True], ignore_index=True)
