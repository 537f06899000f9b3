"""The paper table is validated and completed once, at the entry: a table with only ``text`` gives the whole report."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from analysis.corpus.merge import doc_id
from analysis.corpus.table import TEXT_COLUMNS, document_texts, title_texts, topic_texts, validate_papers
from analysis.text import normalize

TEXTS = [
    "We propose WASH, a watermarking scheme for LLM text that survives paraphrase attacks.",
    "We propose PhaseLock, a sampler for diffusion models with fewer steps.",
    "We study regret bounds for constrained Markov decision processes.",
]


def test_a_text_only_table_is_completed():
    papers = validate_papers(pd.DataFrame({"text": TEXTS}, index=[7, 8, 9]))
    assert list(papers.index) == [0, 1, 2]
    assert papers["doc_id"].tolist() == [doc_id(normalize(t)) for t in TEXTS]
    assert papers["name"].tolist()[:2] == ["WASH", "PhaseLock"]
    assert papers["title"].tolist() == papers["sources"].tolist() == papers["source"].tolist() == [""] * 3


def test_a_corpus_table_passes_unchanged(seeds_dir):
    from analysis import load_corpus

    papers = load_corpus(seeds_dir)
    pd.testing.assert_frame_equal(validate_papers(papers).drop(columns=list(TEXT_COLUMNS)), papers)


def test_the_table_makes_its_texts_once_and_every_step_reads_them():
    texts = ["A $\\mathcal{O}(n)$ bound.", "Two-step \u2010 methods."]
    table = pd.DataFrame({"text": texts, "title": [" A Title ", None]})
    papers = validate_papers(table)
    assert papers["embedded_text"].tolist() == ["A Title. A $\\mathcal{O}(n)$ bound.", "Two-step \u2010 methods."]
    assert papers["counted_text"].tolist() == ["A Title. A O(n) bound.", "Two step   methods."]
    assert document_texts(papers) == papers["embedded_text"].tolist()
    assert topic_texts(papers) == papers["counted_text"].tolist()
    # A raw table (no validation) reads the same texts, made as the validation makes them.
    assert document_texts(table) == papers["embedded_text"].tolist()
    assert topic_texts(table) == papers["counted_text"].tolist()
    # Read, not made again: a step sees what the table holds.
    assert document_texts(papers.assign(embedded_text=["x", "y"])) == ["x", "y"]
    # A validated table whose text changed is validated afresh: its texts follow.
    changed = validate_papers(papers.assign(text=["New.", "Other."], title=""))
    assert document_texts(changed) == ["New.", "Other."] and topic_texts(changed) == ["New.", "Other."]


def test_the_title_text_is_made_once_with_the_table_and_read_by_the_labels():
    # Issue 33: the title labels read is one of the table's texts, markup removed once where it is validated.
    from analysis.model.describe import paper_titles

    table = pd.DataFrame({"text": TEXTS[:2], "title": ["  An $\\mathcal{O}(n)$   Bound ", None]})
    papers = validate_papers(table)
    assert papers["title_text"].tolist() == ["An O(n) Bound", ""]
    assert title_texts(papers) == title_texts(table) == paper_titles(papers) == ["An O(n) Bound", ""]
    # Read, not made again; a table without titles gives the labels none.
    assert paper_titles(papers.assign(title_text=["Kept", ""])) == ["Kept", ""]
    assert paper_titles(validate_papers(pd.DataFrame({"text": TEXTS}))) is None


def test_given_columns_are_kept_and_gaps_filled():
    table = pd.DataFrame({"text": TEXTS, "doc_id": [1, 2, 3], "title": ["T", None, np.nan], "name": ["N", "", None]})
    papers = validate_papers(table)
    assert papers["doc_id"].tolist() == ["1", "2", "3"]
    assert papers["title"].tolist() == ["T", "", ""]
    assert papers["name"].tolist()[0] == "N" and papers["name"].tolist()[1] == "PhaseLock"
    assert table["title"].isna().sum() == 2  # the caller's table is not changed


def test_repeated_texts_get_distinct_ids():
    ids = validate_papers(pd.DataFrame({"text": [TEXTS[0], TEXTS[0]]}))["doc_id"]
    assert ids.is_unique and ids[1] == ids[0] + "-2"


@pytest.mark.parametrize(
    ("table", "error", "message"),
    [
        ([{"text": "a"}], TypeError, r"papers must be a pandas DataFrame with a 'text' column .* got list"),
        ({"text": TEXTS}, TypeError, "got dict"),
        (pd.DataFrame({"abstract": TEXTS}), ValueError, r"no 'text' column \(columns found: 'abstract'\)"),
        (pd.DataFrame({"text": []}), ValueError, "the corpus is empty"),
        (
            pd.DataFrame({"text": [TEXTS[0], 42, 3.5]}),
            TypeError,
            r"papers\['text'\] must hold text; rows \[1, 2\] hold float, int",
        ),
        (pd.DataFrame({"text": [TEXTS[0], None]}), ValueError, r"papers\['text'\] is missing in rows \[1\]"),
        (
            pd.DataFrame({"text": TEXTS, "title": ["a", 2, "c"]}),
            TypeError,
            r"papers\['title'\] must hold text; rows \[1\]",
        ),
        (pd.DataFrame({"text": TEXTS, "doc_id": ["a", "b", "a"]}), ValueError, r"must be unique; repeated: \['a'\]"),
    ],
    ids=["list", "dict", "no-text", "empty", "text-not-strings", "text-missing", "title-not-strings", "repeated-ids"],
)
def test_a_wrong_table_gets_a_clear_error(table, error, message):
    with pytest.raises(error, match=message):
        validate_papers(table)


def test_fit_topics_validates_at_the_entry(recording_backend):
    from analysis import fit_topics

    with pytest.raises(TypeError, match=r"papers\['text'\] must hold text"):
        fit_topics(pd.DataFrame({"text": [1, 2, 3]}), embedding=recording_backend(), use_cache=False)
    with pytest.raises(TypeError, match="got ndarray"):
        fit_topics(np.array(TEXTS), embedding=recording_backend(), use_cache=False)
