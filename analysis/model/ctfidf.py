"""c-TF-IDF, BERTopic's topic-term weighting, without importing BERTopic.

``import bertopic`` (any of its submodules) pulls in sentence-transformers,
transformers and torch, about 5 s on 2 cores, for one small formula. This
module computes what BERTopic 0.17.4 computes with
``ClassTfidfTransformer(reduce_frequent_words=True)`` over our
CountVectorizer (:func:`topic_vectorizer`), with the same
scipy and scikit-learn calls in the same order, so the weights are the same
floats (``tests/model/test_ctfidf.py`` compares them with BERTopic's own):

* the papers of each topic are joined into one document per topic, topics
  in ascending order, papers in their order;
* BERTopic's "english" preprocessing keeps only ``[A-Za-z0-9 ]`` (other
  scripts keep every character) and an empty document reads ``emptydoc``;
* term counts per topic, each row scaled to sum 1 and square-rooted (the
  frequent words damped), times ``log(1 + A / f)`` with ``f`` the term's
  count over all topics and ``A`` the mean number of counted terms per topic,
  truncated to an integer as BERTopic does.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import ArrayLike

from analysis.errors import InputError
from analysis.text import fold_accents

if TYPE_CHECKING:
    from scipy.sparse import spmatrix
    from sklearn.feature_extraction.text import CountVectorizer

# Words that every abstract uses and no topic label should show.
BOILERPLATE = [
    "paper",
    "propose",
    "proposed",
    "proposes",
    "approach",
    "approaches",
    "method",
    "methods",
    "methodology",
    "results",
    "result",
    "show",
    "shows",
    "shown",
    "demonstrate",
    "demonstrates",
    "novel",
    "new",
    "existing",
    "based",
    "using",
    "use",
    "used",
    "work",
    "problem",
    "problems",
    "performance",
    "state",
    "art",
    "extensive",
    "experiments",
    "experimental",
    "code",
    "available",
    "https",
    "github",
    "com",
    "www",
    "model",
    "models",
    "framework",
    "task",
    "tasks",
    "learning",
    "data",
    "training",
    "various",
    "significantly",
    "achieve",
    "achieves",
    "improve",
    "improves",
    "improved",
    "effective",
    "efficient",
    "key",
    "study",
    "introduce",
    "present",
    "including",
    "however",
    "furthermore",
    "moreover",
    "different",
    "recent",
    "large",
    "high",
    "low",
    "significant",
    "challenge",
    "challenges",
    "address",
    "leverage",
    "leverages",
    "enables",
    "provide",
    "provides",
    "setting",
    "settings",
    "real",
    "world",
    "release",
    "released",
    "supplementary",
    "material",
    "inference",
]

_LATIN_WORD = r"(?u)\b[A-Za-z][A-Za-z0-9\-]+\b"


def has_latin_words(texts: list[str]) -> bool:
    """Whether any text has a Latin-alphabet word that is not a stop word."""
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

    pattern = re.compile(_LATIN_WORD)
    return any(w.lower() not in ENGLISH_STOP_WORDS for text in texts for w in pattern.findall(text))


def topic_vectorizer(latin: bool, min_df: int) -> CountVectorizer:
    """The term counter of c-TF-IDF: uni- and bigrams of Latin-alphabet words, stop words and boilerplate removed.

    Abstracts in other scripts (``latin`` False) count words of any script:
    BERTopic's "english" preprocessing would delete every character of them.
    """
    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS, CountVectorizer

    if not latin:
        return CountVectorizer(token_pattern=r"(?u)\b\w\w+\b", min_df=min_df)
    stop_words = sorted(ENGLISH_STOP_WORDS.union(BOILERPLATE))
    return CountVectorizer(stop_words=stop_words, ngram_range=(1, 2), min_df=min_df, token_pattern=_LATIN_WORD)


# c-TF-IDF scores are compared at this precision, ties ranked by the term:
# on small topics many terms score exactly alike, and an unstable sort would
# pick among them differently on another CPU's sort kernel.
TERM_DECIMALS = 6


def rank_topic_terms(
    matrix: spmatrix, words: ArrayLike, topics: list[int], top_n: int = 20
) -> dict[int, list[tuple[str, float]]]:
    """Each topic's terms by c-TF-IDF score (rounded to :data:`TERM_DECIMALS`), ties by the term itself.

    BERTopic ranks with ``argpartition`` and ``argsort``, whose order of equal
    scores depends on the CPU's vector instructions; this ranking is the one
    the labels, the bar charts and the BERTopic model's ``get_topic`` show.

    Args:
        matrix: c-TF-IDF weights, one row per topic (sparse).
        words: The term of each column.
        topics: The topic of each row.
        top_n: Terms kept per topic (fewer when fewer score above zero).

    Returns:
        ``(term, score)`` pairs per topic, best first.
    """
    words = np.asarray(words)
    matrix = matrix.tocsr()
    ranked = {}
    for row, topic in enumerate(topics):
        start, end = matrix.indptr[row], matrix.indptr[row + 1]
        values = np.round(matrix.data[start:end], TERM_DECIMALS)
        terms = words[matrix.indices[start:end]]
        keep = values > 0
        order = np.lexsort((terms[keep], -values[keep]))[:top_n]
        ranked[int(topic)] = [(str(t), float(v)) for t, v in zip(terms[keep][order], values[keep][order], strict=True)]
    return ranked


@dataclass(frozen=True)
class ClassTfidf:
    """The c-TF-IDF of a partition: one row per topic, one column per term.

    Attributes:
        matrix: Sparse (CSR) c-TF-IDF weights, rows in the order of ``topics``.
        words: The term of each column.
        topics: The topic of each row, ascending.
    """

    matrix: object
    words: np.ndarray
    topics: list[int]


@dataclass(frozen=True)
class TermCounts:
    """How often each topic uses each term: one row per topic, one column per term.

    Attributes:
        topics: The topic of each row, ascending.
        words: The term of each column, sorted.
        matrix: Sparse (CSR) integer counts.
    """

    topics: list[int]
    words: np.ndarray
    matrix: spmatrix


def topic_term_counts(texts: list[str], topics: ArrayLike, latin: bool = True) -> TermCounts:
    """Term counts per topic of ``texts`` (topic texts) counted paper by paper: one partition's share of c-TF-IDF.

    Each paper is cleaned and counted alone, then its topic's row sums its
    papers, so the counts of a corpus are the sum of its partitions' counts
    however it is split (:func:`sum_term_counts`). Unlike
    :func:`class_tfidf`, which counts each topic's papers joined into one
    document, no bigram spans the end of one paper and the start of the next.
    """
    import scipy.sparse as sp

    topics = np.asarray(topics, dtype=np.int64)
    order = sorted(set(topics.tolist()))
    vectorizer = topic_vectorizer(latin, 1)  # min_df counts topics: applied once the partitions are summed
    try:
        counts = sp.csr_matrix(vectorizer.fit_transform(preprocess(texts, latin, empty="")))
    except ValueError as err:  # a partition without a word to count adds nothing
        if "empty vocabulary" not in str(err):
            raise
        return TermCounts(order, np.array([], dtype=object), sp.csr_matrix((len(order), 0), dtype=np.int64))
    rows = np.searchsorted(order, topics)
    membership = sp.csr_matrix(
        (np.ones(len(topics), dtype=np.int64), (rows, np.arange(len(topics)))), shape=(len(order), len(topics))
    )
    words = np.asarray(vectorizer.get_feature_names_out(), dtype=object)
    return TermCounts(order, words, _canonical(membership @ counts))


def sum_term_counts(parts: Iterable[TermCounts], min_df: int = 1) -> TermCounts:
    """The counts of several partitions summed: rows the union of their topics, columns the union of their terms.

    Both unions are sorted and counts are integers, so the sum is the same
    for any split of the papers and any order of the parts. Terms used by
    fewer than ``min_df`` topics are dropped, as the vectoriser of
    :func:`class_tfidf` drops them.

    Raises:
        InputError: No partition held a word to count.
    """
    import scipy.sparse as sp

    parts = list(parts)
    topics = sorted({t for part in parts for t in part.topics})
    words = np.unique(np.concatenate([np.asarray(p.words, dtype=object) for p in parts] or [np.array([], object)]))
    if len(words) == 0:
        raise InputError("corpus", "the abstracts hold no words to describe topics with")
    total = sp.csr_matrix((len(topics), len(words)), dtype=np.int64)
    for part in parts:
        block = sp.coo_matrix(part.matrix)
        rows = np.searchsorted(topics, np.asarray(part.topics, dtype=np.int64)[block.row])
        columns = np.searchsorted(words, np.asarray(part.words, dtype=object)[block.col])
        total = total + sp.csr_matrix((block.data, (rows, columns)), shape=total.shape, dtype=np.int64)
    kept = np.flatnonzero(np.diff(total.tocsc().indptr) >= min_df)  # topics using each term
    total = total[:, kept] if len(kept) < len(words) else total
    return TermCounts(topics, np.asarray(words[kept], dtype=object), _canonical(total))


def _canonical(matrix: spmatrix) -> spmatrix:
    """Integer CSR with summed duplicates and sorted indices: equal counts give equal arrays."""
    import scipy.sparse as sp

    canonical = sp.csr_matrix(matrix, dtype=np.int64)
    canonical.sum_duplicates()
    canonical.sort_indices()
    return canonical


def topic_documents(texts: list[str], topics: ArrayLike) -> tuple[list[int], list[str]]:
    """Each topic (ascending) and its papers' texts joined by a space, in paper order."""
    joined: dict[int, list[str]] = {}
    for text, topic in zip(texts, np.asarray(topics).tolist(), strict=True):
        joined.setdefault(int(topic), []).append(text)
    order = sorted(joined)
    return order, [" ".join(joined[t]) for t in order]


def preprocess(documents: list[str], latin: bool, empty: str = "emptydoc") -> list[str]:
    """BERTopic's cleaning before counting: tabs and newlines become spaces; Latin text keeps ``[A-Za-z0-9 ]``.

    Unlike BERTopic, accents are folded first (:func:`fold_accents`). A
    document left empty reads ``empty`` (BERTopic's ``emptydoc``; a paper
    counted alone stays empty instead, so it adds no term).
    """
    cleaned = [d.replace("\n", " ").replace("\t", " ") for d in documents]
    if latin:
        cleaned = [re.sub(r"[^A-Za-z0-9 ]+", "", fold_accents(d)) for d in cleaned]
    return [d if d != "" else empty for d in cleaned]


def class_tfidf(texts: list[str], topics: ArrayLike, latin: bool = True, min_df: int = 1) -> ClassTfidf:
    """c-TF-IDF of the topics over ``texts`` (the papers' topic texts), as BERTopic weighs it.

    Raises:
        InputError: The texts hold no word to count.
    """
    import scipy.sparse as sp

    order, documents = topic_documents(texts, topics)
    vectorizer = topic_vectorizer(latin, min_df)
    try:
        counts = vectorizer.fit_transform(preprocess(documents, latin))
    except ValueError as err:
        if "empty vocabulary" not in str(err):
            raise
        raise InputError("corpus", "the abstracts hold no words to describe topics with") from None
    return counts_tfidf(TermCounts(order, np.asarray(vectorizer.get_feature_names_out()), sp.csr_matrix(counts)))


def counts_tfidf(counts: TermCounts) -> ClassTfidf:
    """BERTopic's c-TF-IDF weights of term counts per topic: each row scaled to sum 1 and square-rooted, times idf."""
    import scipy.sparse as sp
    from sklearn.preprocessing import normalize

    matrix = counts.matrix
    frequency = np.asarray(matrix.sum(axis=0)).ravel()  # not squeeze: one term must stay a vector
    mean_terms = int(matrix.sum(axis=1).mean())
    idf = np.log((mean_terms / frequency) + 1)
    weights = sp.diags(idf, offsets=0, shape=(len(idf), len(idf)), format="csr", dtype=np.float64)
    scaled = normalize(matrix, axis=1, norm="l1", copy=False)
    scaled.data = np.sqrt(scaled.data)
    return ClassTfidf(scaled * weights, counts.words, counts.topics)
