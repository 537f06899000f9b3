"""A fitted analysis as a record (:class:`TopicRecord`) and its saving and loading without refitting.

What the fit found is kept as plain arrays and dicts (:class:`TopicPieces`):
each paper's topic, each topic's ranked c-TF-IDF terms and label, the
papers' embeddings, the vectors that were clustered, the map. The verbs
(``transform``, ``search``, ``add``, the BERTopic model) are
:class:`analysis.TopicResult`'s, one layer up (:mod:`analysis.model.topic_result`):
this module imports none of the services they call.

A saved result is those pieces (``.npy`` and JSON), the frames in parquet,
the score matrices as ``.npy`` and the themes as JSON. The folder is written
beside the target and swapped in whole (:func:`analysis.output.replace_folder`),
so a failed or killed save leaves the previous one intact. Older folders load:
format 2 (each paper's topics in ``topics.npy``, a second copy of the
embeddings beside the pieces) and format 1 (a BERTopic safetensors model
inside, read with BERTopic).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

import numpy as np
import pandas as pd

from analysis.corpus.table import TEXT_COLUMNS, with_texts
from analysis.errors import InputError
from analysis.model.projection import Projection
from analysis.model.themes import Theme, ThemeSet
from analysis.output import replace_folder, write_array, write_frame, write_text

if TYPE_CHECKING:
    from analysis.embedding.backends import Backend

FORMAT_VERSION = 3
# Formats this version reads (1: a BERTopic model inside; 2: the per-paper topics as topics.npy).
READABLE_FORMATS = (1, 2, FORMAT_VERSION)


@dataclass(eq=False, kw_only=True)  # arrays inside: compare fields, not objects; built by keyword
class TopicPieces:
    """Everything the topic fit found, independent of the themes: enough to rebuild the BERTopic model.

    Attributes:
        paper_topics: Per paper: its topic.
        terms: Per topic: its ``(term, c-TF-IDF score)`` pairs, best first
            (:func:`analysis.model.ctfidf.rank_topic_terms`).
        labels: Per topic: its label.
        features: Per paper: the vectors that were reduced and clustered.
        embeddings: Per paper: its embedding, the one array of paper vectors
            (themes are scored on it, search and neighbours use it).
        xy: Per paper: its map position.
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

    paper_topics: np.ndarray
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

    ARRAYS = ("paper_topics", "features", "embeddings", "xy")
    # Files of format 2 named otherwise.
    FORMAT_2_FILES: ClassVar[dict[str, str]] = {"paper_topics": "topics"}

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
        """Read pieces written by :meth:`save` (or by format 2, whose per-paper topics are ``topics.npy``)."""
        meta = json.loads((folder / "pieces.json").read_text(encoding="utf-8"))
        arrays = {name: np.load(cls._array_file(folder, name), allow_pickle=False) for name in cls.ARRAYS}
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

    @classmethod
    def _array_file(cls, folder: Path, name: str) -> Path:
        path = folder / f"{name}.npy"
        if not path.exists() and name in cls.FORMAT_2_FILES:
            return folder / f"{cls.FORMAT_2_FILES[name]}.npy"
        return path


@dataclass(kw_only=True)
class TopicRecord:
    """A fitted analysis as data: one row per paper, one row per topic, the themes, and the pieces behind the model.

    The verbs (``transform``, ``search``, ``similar``, ``add``, the BERTopic
    view) are on :class:`analysis.TopicResult`
    (:mod:`analysis.model.topic_result`), which is this record with them; the
    services it calls take this record or its parts, so none of them imports
    the verbs back.

    Attributes:
        documents: Per paper: ``doc_id``, ``name``, ``topic``, ``topic_label``, ``area``,
            ``area_label`` (and from 5,000 papers ``subtopic``, ``subtopic_label``: its finer
            topic, :mod:`analysis.model.finer`), ``theme``, ``theme_score``, ``theme_margin``, ``x``, ``y``.
        topics: Per topic: ``topic``, ``label``, ``size``, ``terms``, ``theme``,
            ``theme_score``, largest first.
        themes: The themes used.
        theme_scores: Paper x theme score matrix (columns follow ``themes``).
        papers: Per paper: the input table (text, title, provenance).
        pieces: What the topic fit found (:class:`TopicPieces`), the papers'
            one embeddings array among them; None for a result loaded from
            a folder of format 1.
        backend: The embedding backend of the fit, when fitted in this
            process (not saved); a loaded result selects it again by the
            name in ``pieces.slots["embedding"]``.
    """

    documents: pd.DataFrame
    topics: pd.DataFrame
    themes: ThemeSet
    theme_scores: np.ndarray
    papers: pd.DataFrame
    pieces: TopicPieces | None = field(default=None, repr=False)
    backend: Backend | None = field(default=None, repr=False, compare=False)
    # The BERTopic model once built (or read from a folder of format 1); not a field a copy keeps.
    _model: object = field(default=None, init=False, repr=False, compare=False)

    @property
    def subtopics(self) -> pd.DataFrame:
        """One row per finer topic (:mod:`analysis.model.finer`), none below 5,000 papers (:func:`subtopic_table`)."""
        return subtopic_table(self.documents)

    @property
    def embeddings(self) -> np.ndarray | None:
        """Per paper: the vectors themes were scored on, search and neighbours use (None without pieces)."""
        return None if self.pieces is None else self.pieces.embeddings

    def topic_terms(self, topic: int) -> list[tuple[str, float]]:
        """The ``(term, score)`` pairs of one topic, best first (empty for an unknown topic)."""
        if self.pieces is None:  # format 1: its BERTopic model, read when loaded, holds them
            found: list = getattr(self._model, "get_topic", lambda _: [])(topic) or []
            return [(w, s) for w, s in found if w]
        return list(self.pieces.terms.get(int(topic), []))

    def documents_with(self, *columns: str) -> pd.DataFrame:
        """The documents with ``columns`` of the paper table after theirs: the one place the two frames meet.

        Both frames hold one row per paper in the same order (the fit, ``add`` and loading keep it);
        every reader of a paper's topic beside its title, text or sources takes them from here.

        Raises:
            ValueError: The two frames do not list the same papers in the same order.
        """
        documents, papers = self.documents, self.papers
        if "doc_id" in papers and documents["doc_id"].astype(str).tolist() != papers["doc_id"].astype(str).tolist():
            raise ValueError("the documents and the papers of this result are not the same papers in the same order")
        return documents.assign(**{column: papers[column].to_numpy() for column in columns})

    def save(self, folder: str | Path) -> Path:
        """Save to a folder: the frames in parquet, the fitted pieces as ``.npy`` and JSON."""
        return save_result(self, folder)


def subtopic_table(documents: pd.DataFrame) -> pd.DataFrame:
    """One row per finer topic: ``subtopic``, ``label``, ``size``, ``topic``, ``topic_label``, ``area``, ``area_label``.

    Empty (those columns, no rows) for a corpus without a finer level. In
    ``subtopic`` order: topic by topic, largest first within a topic.
    """
    columns = ["subtopic", "label", "size", "topic", "topic_label", "area", "area_label"]
    if "subtopic" not in documents:
        return pd.DataFrame(columns=columns)
    kept = [c for c in ("subtopic", "subtopic_label", "topic", "topic_label", "area", "area_label") if c in documents]
    first = documents[kept].drop_duplicates("subtopic").set_index("subtopic")
    sizes = documents["subtopic"].value_counts()
    table = first.assign(size=sizes.reindex(first.index).to_numpy()).rename(columns={"subtopic_label": "label"})
    table = table.reset_index().sort_values("subtopic", ignore_index=True)
    return table[[c for c in columns if c in table]]


def save_result(result: TopicRecord, folder: str | Path) -> Path:
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


def _write(result: TopicRecord, folder: Path) -> None:
    if result.pieces is None:
        raise ValueError("this result has no fitted pieces (loaded from the earlier format): refit it to save it")
    (folder / "pieces").mkdir()
    result.pieces.save(folder / "pieces")
    write_frame(result.documents, folder / "documents.parquet")
    write_frame(result.topics, folder / "topics.parquet")
    # The papers' texts are derived from their columns (corpus/table.py): made again when loaded.
    write_frame(result.papers.drop(columns=list(TEXT_COLUMNS), errors="ignore"), folder / "papers.parquet")
    write_array(folder / "theme_scores.npy", result.theme_scores)
    themes = {
        "themes": [asdict(t) for t in result.themes.themes],
        "other": result.themes.other,
        "min_score": result.themes.min_score,
        "source": result.themes.source,
    }
    write_text(folder / "themes.json", json.dumps(themes, indent=1))
    write_text(folder / "format.json", json.dumps({"format": FORMAT_VERSION}))


def load_result(folder: str | Path) -> TopicRecord:
    """Read a record written by :func:`save_result` (or by formats 1 and 2; format 1's model is read with BERTopic).

    Raises:
        InputError: The folder is missing or is not a saved result.
    """
    folder = Path(folder)
    if not (folder / "format.json").is_file():
        raise InputError(folder, "not a saved analysis result (no format.json)")
    version = json.loads((folder / "format.json").read_text(encoding="utf-8")).get("format")
    if version not in READABLE_FORMATS:
        readable = ", ".join(map(str, READABLE_FORMATS[:-1])) + f" and {FORMAT_VERSION}"
        raise InputError(folder, f"saved in format {version!r}; this version reads formats {readable}")
    record = TopicRecord(
        documents=pd.read_parquet(folder / "documents.parquet"),
        topics=pd.read_parquet(folder / "topics.parquet"),
        themes=_themes(folder / "themes.json"),
        theme_scores=np.load(folder / "theme_scores.npy"),
        papers=with_texts(pd.read_parquet(folder / "papers.parquet")),
        pieces=None if version == 1 else _pieces(folder, version),
    )
    if version == 1:
        from bertopic import BERTopic

        record._model = BERTopic.load(str(folder / "model"))
    return record


def _pieces(folder: Path, version: int) -> TopicPieces:
    """The pieces of a save; format 2 kept the vectors themes were scored on beside them (now the one array)."""
    pieces = TopicPieces.load(folder / "pieces")
    scored_on = folder / "embeddings.npy"
    if version == 2 and scored_on.exists():
        pieces = replace(pieces, embeddings=np.load(scored_on, allow_pickle=False))
    return pieces


def _themes(path: Path) -> ThemeSet:
    data = json.loads(path.read_text(encoding="utf-8"))
    return ThemeSet(
        tuple(Theme(t["name"], t["description"], tuple(t["seeds"])) for t in data["themes"]),
        other=data["other"],
        min_score=data["min_score"],
        source=data["source"],
    )
