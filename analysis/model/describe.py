"""The one describe step: what each topic is called, made the same way by every fit that makes topics.

The full fit (:mod:`analysis.model.topics`), the sampled fit of the largest
corpora (:mod:`analysis.model.sampled`) and ``add``
(:mod:`analysis.model.incremental`) each count words per topic their own
way (all at once, per partition and summed, or with the run's old topics
beside the new), then all of them call :func:`describe` on that
c-TF-IDF: the ranked terms of each topic, then its label from those terms
and its papers' phrases (:func:`analysis.model.labels.topic_labels`).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from numpy.typing import ArrayLike

if TYPE_CHECKING:
    import pandas as pd

from analysis.model.ctfidf import ClassTfidf, rank_topic_terms
from analysis.model.labels import topic_labels
from analysis.model.naming_nearest import Nearness
from analysis.text import strip_markup


@dataclass(frozen=True)
class Description:
    """What describes each topic.

    Attributes:
        terms: Per topic: its ``(term, c-TF-IDF score)`` pairs, best first.
        labels: Per topic: its label.
    """

    terms: dict[int, list[tuple[str, float]]]
    labels: dict[int, str]
    # Areas (a level above topics) are labelled by describe_areas, below.


def describe(
    tfidf: ClassTfidf,
    texts: list[str],
    topics: ArrayLike,
    latin: bool,
    only: Collection[int] | None = None,
    titles: Sequence[str] | None = None,
    nearness: Nearness | None = None,
) -> Description:
    """The terms and labels of the topics of a c-TF-IDF.

    Args:
        tfidf: The c-TF-IDF of every topic (its terms set a topic apart from all of them).
        texts: The papers' embedded texts (``title. abstract``), whose phrases labels are chosen from.
        topics: Each of those papers' topic; a paper of topic -1 counts only as the rest of the corpus.
        latin: Whether the words are Latin-alphabet words (else any script).
        only: The topics to describe (default: every topic of ``tfidf``), as ``add`` describes its new topics.
        titles: The papers' titles, ``""`` where a paper has none (default: none). Labels are named
            mostly from titles where the papers have them (:mod:`analysis.model.naming`).
        nearness: The papers' embeddings and their encoder, in the order of ``texts``: a topic no field
            covers takes the candidate name nearest its papers (:mod:`analysis.model.naming_nearest`).

    Returns:
        The terms and the labels of the topics described.
    """
    ranked = rank_topic_terms(tfidf.matrix, tfidf.words, tfidf.topics)
    terms = ranked if only is None else {t: ranked.get(t, []) for t in only}
    plain = {t: [w for w, _ in words] for t, words in terms.items()}
    labels = topic_labels(plain, [strip_markup(t) for t in texts], topics, latin, _titles(titles), nearness=nearness)
    if only is not None:  # the labeller names every topic it is given, the rest of the corpus (-1) too
        labels = {t: labels[t] for t in only}
    return Description(terms, labels)


def describe_areas(
    terms: dict[int, list[str]],
    texts: list[str],
    areas: ArrayLike,
    latin: bool,
    titles: Sequence[str] | None = None,
    topics: ArrayLike | None = None,
    nearness: Nearness | None = None,
) -> dict[int, str]:
    """The label of each area (a group of topics), named as topics are (:func:`describe`).

    Given each paper's topic, an area no phrase covers is named by its
    largest topics' subjects (:func:`analysis.model.naming.area_parts`).

    Args:
        terms: Each area's c-TF-IDF terms, best first (named from where its papers give no phrase).
        texts: Each paper's text, markup removed.
        areas: Each paper's area.
        latin: Whether the texts have Latin-alphabet words.
        titles: The papers' titles, ``""`` where a paper has none (default: none).
        topics: Each paper's topic (default: none given; the area is named as a topic is).
        nearness: As :func:`describe` takes it.
    """
    return topic_labels(terms, texts, areas, latin, _titles(titles), topics, nearness)


def paper_titles(papers: pd.DataFrame, order: Sequence[int] | None = None) -> list[str] | None:
    """The papers' titles (in ``order`` where given) as the paper table makes them, or None where no paper has one.

    The text is the table's ``title_text`` (:func:`analysis.corpus.table.title_texts`: markup removed
    once, where the table is validated); a paper without a title has ``""``.
    """
    from analysis.corpus.table import title_texts

    titles = title_texts(papers)
    if not any(titles):
        return None
    return titles if order is None else [titles[i] for i in order]


def _titles(titles: Sequence[str] | None) -> list[str] | None:
    """The titles as the labeller takes them: None when no paper has one (the seeds)."""
    if titles is None:
        return None
    given = [" ".join(str(t).split()) for t in titles]
    return given if any(given) else None
