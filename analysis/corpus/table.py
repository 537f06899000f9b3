"""One validation of the paper table, at the entry of a fit (as scikit-learn's ``_validate_data``).

:func:`validate_papers` is called once, by :meth:`analysis.TopicModel.fit`
(so by :func:`analysis.fit_topics` and the pipeline). It checks the types,
and fills the columns every later step reads, so that a table with only a
``text`` column gives the whole report and no later step guesses:

* ``doc_id``: as :func:`analysis.load_corpus` makes it (sha256 of the
  normalised text; a repeated text gets ``-2``, ``-3``, ...) unless every
  row has one: given ids are kept, as strings, and must be unique.
* ``title``: ``""`` where missing.
* ``name``: as the corpus reader names a paper (:func:`~analysis.corpus.names.paper_name`).
* ``sources``: ``""`` (no list file); ``source``: the first file of ``sources``.

A table from :func:`analysis.load_corpus` has all of them and passes
through unchanged (apart from a fresh index), but for the paper's texts,
made here once and read by every later step (:data:`TEXT_COLUMNS`):

* ``embedded_text``: what is embedded, ``title. abstract`` where a title
  exists (:func:`document_texts` reads it);
* ``counted_text``: what c-TF-IDF counts, the embedded text without markup,
  hyphens spaced (:func:`topic_texts` reads it);
* ``title_text``: the title as labels read it, markup removed and spaces
  collapsed, ``""`` where there is none (:func:`title_texts` reads it).

They are derived: a saved result leaves them out and makes them again when loaded.
"""

from __future__ import annotations

import pandas as pd

from analysis.corpus.merge import doc_id
from analysis.corpus.names import paper_name
from analysis.text import normalize, strip_markup

# Columns of text that every later step reads as strings ("" where a paper has none).
OPTIONAL_TEXT = ("title", "sources", "source")
# The paper's texts, made from ``title`` and ``text`` by validate_papers: embedded, and counted by c-TF-IDF.
TEXT_COLUMNS = ("embedded_text", "counted_text", "title_text")


def validate_papers(papers: pd.DataFrame) -> pd.DataFrame:
    """The paper table checked and completed: ``text``, ``doc_id``, ``name``, ``title``, ``sources`` and ``source``.

    Args:
        papers: A DataFrame with one row per paper and a ``text`` column of
            strings; any other column is kept.

    Returns:
        A copy with a fresh index and the filled columns (see the module docstring).

    Raises:
        TypeError: ``papers`` is not a DataFrame, or a column holds something other than text.
        ValueError: No ``text`` column, no rows, a missing text, or a repeated ``doc_id``.
    """
    if not isinstance(papers, pd.DataFrame):
        raise TypeError(
            f"papers must be a pandas DataFrame with a 'text' column (see analysis.load_corpus), "
            f"got {type(papers).__name__}"
        )
    if "text" not in papers:
        found = ", ".join(repr(str(c)) for c in papers.columns) or "none"
        raise ValueError(f"papers has no 'text' column (columns found: {found}); see analysis.load_corpus")
    if papers.empty:
        raise ValueError("no papers to model: the corpus is empty")
    papers = papers.reset_index(drop=True).copy()
    _check_text(papers["text"], "text", missing_ok=False)
    for column in OPTIONAL_TEXT:
        if column in papers:
            _check_text(papers[column], column, missing_ok=True)
            papers[column] = papers[column].where(papers[column].notna(), "")
    if "title" not in papers:
        papers["title"] = ""
    papers["doc_id"] = _doc_ids(papers)
    if "name" in papers:
        _check_text(papers["name"], "name", missing_ok=True)
        empty = papers["name"].isna() | (papers["name"].astype(str).str.strip() == "")
        if empty.any():
            papers.loc[empty, "name"] = _names(papers[empty])
    else:
        papers["name"] = _names(papers)
    if "sources" not in papers:
        papers["sources"] = ""
    if "source" not in papers:
        papers["source"] = [s.split("; ")[0].rsplit(":", 1)[0] for s in papers["sources"]]
    # Made again even when given: a validated table whose text was changed since must not keep stale texts.
    return _made_texts(papers)


def with_texts(papers: pd.DataFrame) -> pd.DataFrame:
    """The table with its texts (:data:`TEXT_COLUMNS`); a table that has them (validated) is returned as it is."""
    if all(column in papers for column in TEXT_COLUMNS):
        return papers
    return _made_texts(papers)


def _made_texts(papers: pd.DataFrame) -> pd.DataFrame:
    embedded = _embedded_texts(papers)
    return papers.assign(
        embedded_text=embedded, counted_text=[_counted(t) for t in embedded], title_text=_title_texts(papers)
    )


def title_texts(papers: pd.DataFrame) -> list[str]:
    """Each paper's title as labels read it: markup removed, spaces collapsed, ``""`` where it has none.

    Read from the validated table (made as it makes it for a raw one; a table without titles has none).
    """
    if "title_text" in papers:
        return papers["title_text"].tolist()
    return _title_texts(papers)


def _title_texts(papers: pd.DataFrame) -> list[str]:
    if "title" not in papers:
        return [""] * len(papers)
    return [" ".join(strip_markup(str(t)).split()) for t in papers["title"].fillna("")]


def document_texts(papers: pd.DataFrame) -> list[str]:
    """What is embedded for each paper: ``title. abstract`` where a title exists.

    Read from the validated table; a raw table (the benchmarks', a frame
    given to :func:`~analysis.embedding.cache.embed_papers`) gets them made
    as :func:`validate_papers` makes them, and a missing ``title`` column reads as no titles.
    """
    if "embedded_text" in papers:
        return papers["embedded_text"].tolist()
    return _embedded_texts(papers)


def topic_texts(papers: pd.DataFrame) -> list[str]:
    """What c-TF-IDF reads: the embedded text without markup, hyphens spaced.

    BERTopic strips punctuation before counting words, which would glue
    "perturbation-specific" into one unreadable term; LaTeX would add terms
    like "mathcal". Read from the validated table (made as it makes it for a raw one).
    """
    if "counted_text" in papers:
        return papers["counted_text"].tolist()
    return [_counted(t) for t in _embedded_texts(papers)]


def _embedded_texts(papers: pd.DataFrame) -> list[str]:
    titles = papers["title"].fillna("") if "title" in papers else pd.Series("", index=papers.index)
    return [f"{t.strip()}. {a}" if t.strip() else a for t, a in zip(titles, papers["text"], strict=True)]


def _counted(embedded: str) -> str:
    return strip_markup(embedded).replace("-", " ").replace("\u2010", " ")


def _check_text(values: pd.Series, column: str, missing_ok: bool) -> None:
    """Raise with the first offending rows unless every value is a string (or missing, where allowed)."""
    missing = values.isna()
    wrong = ~missing & ~values.map(lambda v: isinstance(v, str))
    if wrong.any():
        rows = list(values.index[wrong][:3])
        kinds = sorted({type(v).__name__ for v in values[wrong]})
        raise TypeError(f"papers[{column!r}] must hold text; rows {rows} hold {', '.join(kinds)}")
    if missing.any() and not missing_ok:
        raise ValueError(f"papers[{column!r}] is missing in rows {list(values.index[missing][:3])}")


def _doc_ids(papers: pd.DataFrame) -> list[str]:
    """The given ids as strings (unique), or ids made as :func:`analysis.load_corpus` makes them."""
    if "doc_id" in papers and papers["doc_id"].notna().all():
        ids = papers["doc_id"].astype(str)
        if not ids.is_unique:
            repeated = sorted(set(ids[ids.duplicated()]))[:3]
            raise ValueError(f"papers['doc_id'] must be unique; repeated: {repeated}")
        return ids.tolist()
    made: list[str] = []
    seen: dict[str, int] = {}
    for text in papers["text"]:
        base = doc_id(normalize(text))
        seen[base] = seen.get(base, 0) + 1
        made.append(base if seen[base] == 1 else f"{base}-{seen[base]}")
    return made


def _names(papers: pd.DataFrame) -> list[str]:
    return [paper_name(text, title) for text, title in zip(papers["text"], papers["title"], strict=True)]
