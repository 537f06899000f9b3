"""A fitted analysis (:class:`TopicResult`) and its saving and loading without refitting.

What the fit found is kept as plain arrays and dicts (:class:`TopicPieces`):
each paper's topic, each topic's ranked c-TF-IDF terms and label, the
vectors that were clustered, the map. The BERTopic model (``result.model``)
is built from them on first access (:mod:`analysis.model.bertopic_model`): a run
that never asks for it never imports BERTopic, transformers or torch.

A saved result is those pieces (``.npy`` and JSON), the frames in parquet,
the score matrices as ``.npy`` and the themes as JSON. The folder is written
beside the target and swapped in whole (:func:`analysis.output.replace_folder`),
so a failed or killed save leaves the previous one intact. Folders saved by the earlier format (a BERTopic
safetensors model inside) still load: their model is read with BERTopic.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from analysis.errors import InputError
from analysis.model.projection import Projection
from analysis.model.themes import Theme, ThemeSet
from analysis.output import replace_folder, write_array, write_frame, write_text

if TYPE_CHECKING:
    from bertopic import BERTopic

    from analysis.embedding.backends import Backend

FORMAT_VERSION = 2


@dataclass(eq=False, kw_only=True)  # arrays inside: compare fields, not objects; built by keyword
class TopicPieces:
    """Everything the topic fit found, independent of the themes: enough to rebuild the BERTopic model.

    Attributes:
        topics: Each paper's topic.
        terms: Each topic's ``(term, c-TF-IDF score)`` pairs, best first
            (:func:`analysis.model.labels.rank_topic_terms`).
        labels: Each topic's label.
        features: The vectors that were reduced and clustered, one row per paper.
        embeddings: The papers' embeddings (what themes are scored on).
        xy: Each paper's map position.
        latin: Whether the c-TF-IDF counted Latin-alphabet words (else any script).
        min_df: ``min_df`` of the c-TF-IDF vectoriser.
        slots: The fit's settings: ``n_neighbors``, ``n_components``,
            ``max_topics`` (the reduction and clustering), and ``embedding``,
            the backend's name when it was chosen by name (new papers are
            embedded with it; absent for a backend object).
        reduced: Each paper's place in the clustered space (the default
            reduction's output), where new papers are placed; None when the
            fit has no :class:`~analysis.model.projection.Projection`.
        projection: How a paper outside the fit lands in that space; None
            for a fit whose reduction or features are not the default's.
        reducer: The fitted reduction, when fitted in this process (not saved).
        clusterer: The fitted clustering, when fitted in this process (not saved).
    """

    topics: np.ndarray
    terms: dict[int, list[tuple[str, float]]]
    labels: dict[int, str]
    features: np.ndarray = field(repr=False)
    embeddings: np.ndarray = field(repr=False)
    xy: np.ndarray = field(repr=False)
    latin: bool = True
    min_df: int = 1
    slots: dict = field(default_factory=dict)
    reduced: np.ndarray | None = field(default=None, repr=False)
    projection: Projection | None = field(default=None, repr=False)
    reducer: object = field(default=None, repr=False, compare=False)
    clusterer: object = field(default=None, repr=False, compare=False)

    ARRAYS = ("topics", "features", "embeddings", "xy")

    def save(self, folder: Path) -> list[Path]:
        """Write the pieces into ``folder`` (which exists); return the files written."""
        written = [write_array(folder / f"{name}.npy", getattr(self, name)) for name in self.ARRAYS]
        meta = {
            "terms": [[int(t), [[w, s] for w, s in words]] for t, words in self.terms.items()],
            "labels": [[int(t), label] for t, label in self.labels.items()],
            "latin": bool(self.latin),
            "min_df": int(self.min_df),
            "slots": self.slots,
        }
        if self.reduced is not None and self.projection is not None:
            written.append(write_array(folder / "reduced.npy", self.reduced))
            (folder / "projection").mkdir()
            written += self.projection.save(folder / "projection")
        return [*written, write_text(folder / "pieces.json", json.dumps(meta, ensure_ascii=False))]

    @classmethod
    def load(cls, folder: Path) -> TopicPieces:
        """Read pieces written by :meth:`save`."""
        meta = json.loads((folder / "pieces.json").read_text(encoding="utf-8"))
        arrays = {name: np.load(folder / f"{name}.npy", allow_pickle=False) for name in cls.ARRAYS}
        if (folder / "projection").is_dir():
            arrays["reduced"] = np.load(folder / "reduced.npy", allow_pickle=False)
            arrays["projection"] = Projection.load(folder / "projection")
        return cls(
            terms={t: [(w, s) for w, s in words] for t, words in meta["terms"]},
            labels=dict((t, label) for t, label in meta["labels"]),
            latin=meta["latin"],
            min_df=meta["min_df"],
            slots=meta["slots"],
            **arrays,
        )


@dataclass(kw_only=True)
class TopicResult:
    """A fitted analysis: one row per paper, one row per topic, the themes, and the pieces behind the model.

    Attributes:
        documents: ``doc_id``, ``name``, ``topic``, ``topic_label``, ``theme``,
            ``theme_score``, ``theme_margin``, ``x``, ``y``, one row per paper.
        topics: ``topic``, ``label``, ``size``, ``terms``, ``theme``,
            ``theme_score``, one row per topic, largest first.
        themes: The themes used.
        theme_scores: Paper x theme score matrix (columns follow ``themes``).
        papers: The input frame (text, title, provenance).
        embeddings: The paper vectors the themes were scored on (the
            report's similarities use them too); None when not kept.
        pieces: What the topic fit found (:class:`TopicPieces`); None for a
            result loaded from a folder of the earlier format.
        backend: The embedding backend of the fit, when fitted in this
            process (not saved); a loaded result selects it again by the
            name in ``pieces.slots["embedding"]``.
        model: The fitted BERTopic, built on first access (it imports
            BERTopic, a few seconds).
    """

    documents: pd.DataFrame
    topics: pd.DataFrame
    themes: ThemeSet
    theme_scores: np.ndarray
    papers: pd.DataFrame
    embeddings: np.ndarray | None = field(default=None, repr=False)
    pieces: TopicPieces | None = field(default=None, repr=False)
    backend: Backend | None = field(default=None, repr=False, compare=False)
    _model: object = field(default=None, init=False, repr=False, compare=False)

    @property
    def model(self) -> BERTopic:
        """The fitted BERTopic with these topics, terms and labels (built once, on first access)."""
        if self._model is None:
            from analysis.model.bertopic_model import build_bertopic

            self._model = build_bertopic(self)
        return self._model

    @model.setter
    def model(self, model: BERTopic) -> None:
        self._model = model

    def embedding_backend(self) -> Backend:
        """The backend that embedded the papers: the fit's own, or the one named in the pieces.

        Raises:
            ValueError: Neither is known (a backend object was passed to a
                fit in another process).
        """
        if self.backend is None:
            name = (self.pieces.slots if self.pieces is not None else {}).get("embedding")
            if name is None:
                raise ValueError(
                    "this result does not say which embedding backend made it: pass embeddings= to transform"
                )
            from analysis.embedding.registry import select_backend

            self.backend = select_backend(name)
        return self.backend

    def topic_centroids(self) -> tuple[np.ndarray, np.ndarray]:
        """Each topic's id (ascending) and its centroid: the unit mean of its papers' embeddings."""
        from analysis.model.measures import topic_centroids

        if self.pieces is None:
            raise ValueError("this result has no fitted pieces (loaded from the earlier format): refit it")
        return topic_centroids(self.pieces.embeddings, self.pieces.topics)

    def transform(self, texts: list[str], embeddings: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Assign new papers to the existing topics: each to the topic whose centroid is nearest (cosine).

        A text is embedded as a paper is (``title. abstract`` or the abstract
        alone), with the fit's backend, and placed where ``add`` places a
        new paper: in the space the fit clustered
        (:mod:`analysis.model.projection`), its topics' centroids there; a
        fit without that space (an injected reduction, the TF-IDF backend)
        compares embeddings with :meth:`topic_centroids`. Cosines are
        rounded to 1e-6 and a tie goes to the lower topic, so the answer is
        the same on every machine. Nothing is refitted: topics, terms and
        labels stay.

        Args:
            texts: The new papers' texts.
            embeddings: Their embeddings, one row per text (skips embedding).

        Returns:
            Each text's topic and its cosine to that topic's centroid.

        Example:
            >>> topics, similarity = result.transform(["A diffusion model for video ..."])
        """
        from analysis.model.clustering import nearest_centroid
        from analysis.model.search import checked_texts

        texts = checked_texts(texts)
        if not texts:  # an empty batch: no topics, not numpy's "need at least one array"
            return np.empty(0, dtype=np.int64), np.empty(0)
        ids, centroids = self.topic_centroids()
        if embeddings is None:
            embeddings, centroids = self._embed_new(texts, centroids)
        embeddings = np.asarray(embeddings)
        if len(embeddings) != len(texts):
            raise ValueError(f"{len(embeddings)} embeddings for {len(texts)} texts")
        pieces = self.pieces
        if pieces is not None and pieces.projection is not None and pieces.reduced is not None:
            from analysis.model.measures import topic_centroids

            features = pieces.projection.features(embeddings, texts)
            ids, centroids = topic_centroids(pieces.reduced, pieces.topics)
            return nearest_centroid(pieces.projection.reduced(features, pieces.features), ids, centroids)
        return nearest_centroid(embeddings, ids, centroids)

    def _embed_new(self, texts: list[str], centroids: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The texts' vectors and the centroids in one space: a backend fitted per corpus embeds both at once."""
        from analysis.embedding.cache import document_texts, embed_texts
        from analysis.model.measures import topic_centroids

        backend = self.embedding_backend()
        if not getattr(backend, "needs_corpus", False):
            return embed_texts(texts, backend), centroids
        together = embed_texts([*document_texts(self.papers), *texts], backend)
        assert self.pieces is not None  # topic_centroids() raised otherwise
        _, centroids = topic_centroids(together[: len(self.papers)], self.pieces.topics)
        return together[len(self.papers) :], centroids

    def search(self, query: str, k: int = 10) -> pd.DataFrame:
        """The ``k`` papers nearest a query by meaning: the query embedded with the run's backend.

        Scores are cosines rounded as shown (two decimals); papers of equal
        score are ranked by ``doc_id``, so the list is the same on every machine.

        Args:
            query: Words, a sentence or an abstract.
            k: How many papers to return.

        Returns:
            ``rank``, ``doc_id``, ``name``, ``title``, ``topic``,
            ``topic_label``, ``theme`` and ``score``, best first.

        Example:
            >>> result.search("watermarking language model outputs", k=3)
        """
        from analysis.model.search import checked_k, checked_query, search_vectors

        vectors, query_vectors = self._vectors_with([checked_query(query)])
        return search_vectors(self, query_vectors, vectors, checked_k(k))

    def similar(self, doc_id: str, k: int = 5) -> pd.DataFrame:
        """The ``k`` papers nearest the paper ``doc_id`` (exact cosine in the embedding space, itself left out).

        Returns:
            The columns of :meth:`search`, nearest first.

        Raises:
            KeyError: No paper has that ``doc_id``.
        """
        from analysis.model.search import checked_k, similar_to

        return similar_to(self, self.paper_vectors(), doc_id, checked_k(k))

    def paper_vectors(self) -> np.ndarray:
        """The papers' vectors in the space themes, search and neighbours use (one row per paper)."""
        if self.embeddings is not None:
            return np.asarray(self.embeddings)
        if self.pieces is None:
            raise ValueError("this result keeps no paper vectors: refit it")
        return np.asarray(self.pieces.embeddings)

    def _vectors_with(self, texts: list[str]) -> tuple[np.ndarray, np.ndarray]:
        """The papers' vectors and the texts' vectors in one space (a backend fitted per corpus embeds both)."""
        from analysis.embedding.cache import document_texts, embed_texts

        backend = self.embedding_backend()
        if not getattr(backend, "needs_corpus", False):
            return self.paper_vectors(), embed_texts(texts, backend)
        together = embed_texts([*document_texts(self.papers), *texts], backend)
        return together[: len(self.papers)], together[len(self.papers) :]

    def add(self, papers: pd.DataFrame, batch: str | None = None) -> TopicResult:
        """A new result with ``papers`` added; every paper already here keeps its topic, label, theme and place.

        A copy of a paper already here merges into it (its sources added); a
        new paper joins the nearest topic when it fits as well as that
        topic's own papers, misfits similar to each other form new topics,
        and a lone misfit joins its nearest topic with ``misfit`` set (the
        rules: :mod:`analysis.model.incremental`). Each paper records its
        ``batch``; the papers of the first fit are in batch ``"first fit"``.

        Args:
            papers: One row per paper (from :func:`analysis.load_corpus`).
            batch: The batch name; default today's date (ISO).

        Example:
            >>> result = result.add(load_corpus("this_week.bib"), batch="week 12")
        """
        from analysis.model.incremental import add_batch

        return add_batch(self, papers, batch)[0]

    def topic_terms(self, topic: int) -> list[tuple[str, float]]:
        """The ``(term, score)`` pairs of one topic, best first (empty for an unknown topic)."""
        if self.pieces is None:
            return [(w, s) for w, s in (self.model.get_topic(topic) or []) if w]
        return list(self.pieces.terms.get(int(topic), []))

    def save(self, folder: str | Path) -> Path:
        """Save to a folder: the frames in parquet, the fitted pieces as ``.npy`` and JSON."""
        return save_result(self, folder)

    @classmethod
    def load(cls, folder: str | Path) -> TopicResult:
        """Load a result saved with :meth:`save`, without refitting."""
        return load_result(folder)


def save_result(result: TopicResult, folder: str | Path) -> Path:
    """Write ``result`` into ``folder`` (replacing a previous save as a whole).

    Raises:
        InputError: A file could not be written (it is named), or ``folder`` is a file or holds
            something other than a saved result; ``folder`` is then untouched.
    """
    folder = Path(folder)
    _check_save_target(folder)
    with replace_folder(folder) as staging:
        _write(result, staging)
    return folder


def _check_save_target(folder: Path) -> None:
    """Refuse a folder a save would wipe: only a new or empty folder, or an earlier save, is replaced whole."""
    if folder.exists() and not folder.is_dir():
        raise InputError(folder, "is a file: a result is saved into a folder (nothing was written)")
    if folder.is_dir() and not (folder / "format.json").is_file() and any(folder.iterdir()):
        raise InputError(
            folder, "holds files that are not a saved result: save into a new or empty folder (nothing was written)"
        )


def _write(result: TopicResult, folder: Path) -> None:
    if result.pieces is None:
        raise ValueError("this result has no fitted pieces (loaded from the earlier format): refit it to save it")
    (folder / "pieces").mkdir()
    result.pieces.save(folder / "pieces")
    for name in ("documents", "topics", "papers"):
        write_frame(getattr(result, name), folder / f"{name}.parquet")
    write_array(folder / "theme_scores.npy", result.theme_scores)
    if result.embeddings is not None:
        write_array(folder / "embeddings.npy", result.embeddings)
    themes = {
        "themes": [asdict(t) for t in result.themes.themes],
        "other": result.themes.other,
        "min_score": result.themes.min_score,
        "source": result.themes.source,
    }
    write_text(folder / "themes.json", json.dumps(themes, indent=1))
    write_text(folder / "format.json", json.dumps({"format": FORMAT_VERSION}))


def load_result(folder: str | Path) -> TopicResult:
    """Read a result written by :func:`save_result` (or by the earlier format, whose model BERTopic reads).

    Raises:
        InputError: The folder is missing or is not a saved result.
    """
    folder = Path(folder)
    if not (folder / "format.json").is_file():
        raise InputError(folder, "not a saved analysis result (no format.json)")
    version = json.loads((folder / "format.json").read_text(encoding="utf-8")).get("format")
    if version not in (1, FORMAT_VERSION):
        raise InputError(folder, f"saved in format {version!r}; this version reads formats 1 and {FORMAT_VERSION}")
    embeddings_file = folder / "embeddings.npy"
    result = TopicResult(
        documents=pd.read_parquet(folder / "documents.parquet"),
        topics=pd.read_parquet(folder / "topics.parquet"),
        themes=_themes(folder / "themes.json"),
        theme_scores=np.load(folder / "theme_scores.npy"),
        papers=pd.read_parquet(folder / "papers.parquet"),
        embeddings=np.load(embeddings_file) if embeddings_file.exists() else None,
        pieces=TopicPieces.load(folder / "pieces") if version == FORMAT_VERSION else None,
    )
    if version == 1:
        from bertopic import BERTopic

        result.model = BERTopic.load(str(folder / "model"))
    return result


def _themes(path: Path) -> ThemeSet:
    data = json.loads(path.read_text(encoding="utf-8"))
    return ThemeSet(
        tuple(Theme(t["name"], t["description"], tuple(t["seeds"])) for t in data["themes"]),
        other=data["other"],
        min_score=data["min_score"],
        source=data["source"],
    )
