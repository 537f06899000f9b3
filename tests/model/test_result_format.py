"""Saving keeps the fitted pieces (no BERTopic needed); a folder of the earlier format (BERTopic's) still loads.

Also the record's one join of its documents and its papers (``documents_with``).
"""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pandas as pd
import pytest
from helpers import disk_full_at

from analysis import TopicResult
from analysis.corpus.table import TEXT_COLUMNS, document_texts, topic_texts


def test_save_writes_pieces_not_a_bertopic_model(seed_result, tmp_path):
    result = TopicResult.load(seed_result.save(tmp_path / "saved"))
    assert result._model is None  # loading built no BERTopic either
    assert sorted(p.name for p in (tmp_path / "saved" / "pieces").iterdir()) == [
        "embeddings.npy",
        "features.npy",
        "paper_topics.npy",
        "pieces.json",
        "projection",
        "reduced.npy",
        "xy.npy",
    ]
    assert not (tmp_path / "saved" / "embeddings.npy").exists()  # the papers' one embeddings array is the pieces'
    # The papers' texts are the table's, derived: not saved, made again when loaded.
    saved_columns = pd.read_parquet(tmp_path / "saved" / "papers.parquet").columns
    assert not set(TEXT_COLUMNS) & set(saved_columns)
    assert list(result.papers.columns) == list(seed_result.papers.columns) == [*saved_columns, *TEXT_COLUMNS]
    assert document_texts(result.papers) == document_texts(seed_result.papers)
    assert topic_texts(result.papers) == topic_texts(seed_result.papers)
    saved, pieces = result.pieces, seed_result.pieces
    for name in ("paper_topics", "features", "embeddings", "xy", "reduced"):
        np.testing.assert_array_equal(getattr(saved, name), getattr(pieces, name))
    # The projection reloaded places a paper where the fitted one does.
    assert saved.projection is not None and pieces.projection is not None
    texts = [str(t) for t in seed_result.papers["text"][:3]]
    new = pieces.projection.features(pieces.embeddings[:3], texts)
    np.testing.assert_array_equal(saved.projection.features(saved.embeddings[:3], texts), new)
    np.testing.assert_array_equal(
        saved.projection.reduced(new, saved.features), pieces.projection.reduced(new, pieces.features)
    )
    assert (saved.terms, saved.labels, saved.latin, saved.min_df, saved.slots) == (
        pieces.terms,
        pieces.labels,
        pieces.latin,
        pieces.min_df,
        pieces.slots,
    )
    assert result.model.get_topics() == seed_result.model.get_topics()


def test_a_folder_of_the_earlier_format_loads_its_bertopic_model(seed_result, tmp_path):
    folder = tmp_path / "old"
    folder.mkdir()
    seed_result.model.save(folder / "model", serialization="safetensors", save_ctfidf=True, save_embedding_model=False)
    for name in ("documents", "topics", "papers"):
        getattr(seed_result, name).to_parquet(folder / f"{name}.parquet", index=False)
    np.save(folder / "theme_scores.npy", seed_result.theme_scores)
    seed_result.save(tmp_path / "new")
    (folder / "themes.json").write_text((tmp_path / "new" / "themes.json").read_text())
    (folder / "format.json").write_text(json.dumps({"format": 1}))
    loaded = TopicResult.load(folder)
    assert loaded.pieces is None and loaded.embeddings is None
    pd.testing.assert_frame_equal(loaded.documents, seed_result.documents)
    assert loaded.topic_terms(0) == [(w, pytest.approx(s)) for w, s in seed_result.topic_terms(0)]
    with pytest.raises(ValueError, match=r"no fitted pieces \(loaded from the earlier format\): refit it to save it"):
        loaded.save(tmp_path / "again")


def as_format_2(folder, scored_on):
    """A save rewritten as format 2 wrote it: topics.npy in the pieces, the vectors themes were scored on beside."""
    pieces = folder / "pieces"
    (pieces / "paper_topics.npy").rename(pieces / "topics.npy")
    np.save(folder / "embeddings.npy", scored_on)
    (folder / "format.json").write_text(json.dumps({"format": 2}))
    return folder


def test_a_folder_of_format_2_loads_with_its_vectors_as_the_one_array(seed_result, tmp_path):
    scored_on = seed_result.embeddings + np.float32(0.5)  # format 2's second array, as a TF-IDF run's differed
    loaded = TopicResult.load(as_format_2(seed_result.save(tmp_path / "saved"), scored_on))
    np.testing.assert_array_equal(loaded.pieces.paper_topics, seed_result.pieces.paper_topics)
    np.testing.assert_array_equal(loaded.embeddings, scored_on)
    assert loaded.embeddings is loaded.pieces.embeddings
    pd.testing.assert_frame_equal(loaded.documents, seed_result.documents)
    assert loaded.topic_terms(0) == seed_result.topic_terms(0)
    again = TopicResult.load(loaded.save(tmp_path / "again"))  # saved again: format 3
    assert json.loads((tmp_path / "again" / "format.json").read_text()) == {"format": 3}
    np.testing.assert_array_equal(again.embeddings, scored_on)


def test_an_unknown_format_is_refused_with_its_number(seed_result, tmp_path):
    from analysis import InputError

    folder = seed_result.save(tmp_path / "saved")
    (folder / "format.json").write_text(json.dumps({"format": 7}))
    with pytest.raises(InputError, match="saved in format 7; this version reads formats 1, 2 and 3"):
        TopicResult.load(folder)


def test_a_failed_save_names_the_file_and_leaves_the_previous_save(seed_result, tmp_path, monkeypatch):

    import analysis.model.result as result_module
    from analysis import InputError

    folder = seed_result.save(tmp_path / "saved")
    before = {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.is_file()}

    monkeypatch.setattr(result_module, "write_text", disk_full_at("themes.json"))
    with pytest.raises(InputError) as failed:
        seed_result.save(folder)
    assert str(failed.value) == f"{folder.resolve() / 'themes.json'}: cannot write: No space left on device"
    assert {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.is_file()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["saved"]  # no staging folder left


def test_a_save_refuses_a_folder_of_other_files_and_a_file(seed_result, tmp_path):
    from analysis import InputError

    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "notes.txt").write_text("important")
    with pytest.raises(InputError) as refused:
        seed_result.save(folder)
    assert str(refused.value) == (
        f"{folder}: holds files that are not a saved result: save into a new or empty folder (nothing was written)"
    )
    assert [p.name for p in folder.iterdir()] == ["notes.txt"]
    afile = tmp_path / "afile.txt"
    afile.write_text("mine")
    with pytest.raises(InputError, match=r"afile\.txt: is a file: a result is saved into a folder"):
        seed_result.save(afile)
    assert afile.read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["afile.txt", "notes"]  # no staging folder, no ".old" copy
    (tmp_path / "empty").mkdir()
    assert TopicResult.load(seed_result.save(tmp_path / "empty")).documents.equals(seed_result.documents)


def test_documents_with_puts_the_papers_columns_after_the_documents_own(seed_result):
    documents, papers = seed_result.documents, seed_result.papers
    joined = seed_result.documents_with("title", "sources")
    assert list(joined.columns) == [*documents.columns, "title", "sources"]
    assert joined["doc_id"].tolist() == papers["doc_id"].tolist()
    assert joined["title"].tolist() == papers["title"].tolist()
    assert joined["sources"].tolist() == papers["sources"].tolist()
    assert seed_result.documents_with().equals(documents)
    assert list(documents.columns) == list(seed_result.documents_with("text").columns)[:-1]  # documents unchanged


def test_documents_with_refuses_papers_in_another_order(seed_result):
    reversed_papers = seed_result.papers.iloc[::-1].reset_index(drop=True)
    shuffled = dataclasses.replace(seed_result, papers=reversed_papers)
    with pytest.raises(ValueError, match="not the same papers in the same order"):
        shuffled.documents_with("title")
