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
through unchanged (apart from a fresh index).
"""

from __future__ import annotations

import pandas as pd

from analysis.corpus.dedup import doc_id
from analysis.corpus.names import paper_name
from analysis.text import normalize

# Columns of text that every later step reads as strings ("" where a paper has none).
OPTIONAL_TEXT = ("title", "sources", "source")


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
    return papers


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
