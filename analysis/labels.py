"""How topics are put into words: the c-TF-IDF vocabulary, the ranking of each topic's terms, and its label.

c-TF-IDF (:mod:`analysis.ctfidf`, BERTopic's formula) weighs each term by
how much more one topic uses it than the others; what counts as a term, how
equal weights are ranked and which three terms make a label are decided here.
"""

from __future__ import annotations

import re

import numpy as np

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


def topic_vectorizer(latin: bool, min_df: int):
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


def rank_topic_terms(matrix, words, topics: list[int], top_n: int = 20) -> dict[int, list[tuple[str, float]]]:
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


def topic_labels(
    terms: dict[int, list[str]], texts: list[str] | None = None, topics: np.ndarray | None = None
) -> dict[int, str]:
    """Readable label per topic: three distinctive key phrases joined by ' · '.

    Args:
        terms: Each topic's terms, best first (empty strings are skipped).
        texts: The topic texts of the papers, or None.
        topics: Each paper's topic, or None.

    With the topic texts given, a term must appear in at least two of the
    topic's papers: a method name used by one paper ("fedgr") is distinctive
    for c-TF-IDF but says nothing about the topic.
    """
    labels = {}
    for topic, words in terms.items():
        candidates = [w for w in words if w]
        if texts is not None and topics is not None:
            members = [texts[i].lower() for i in np.flatnonzero(topics == topic)]
            shared = [t for t in candidates if _papers_using(t, members) >= min(2, len(members))]
            candidates = shared or candidates
        labels[topic] = _three_terms(candidates) or f"topic {topic}"
    return labels


def _papers_using(term: str, texts: list[str]) -> int:
    pattern = re.compile(r"\b" + r"\W+".join(map(re.escape, term.split())) + r"\b")
    return sum(1 for text in texts if pattern.search(text))


def _three_terms(terms: list[str]) -> str:
    picked: list[str] = []
    for term in terms:
        if any(term in chosen or chosen in term for chosen in picked):
            continue  # "diffusion" adds nothing next to "diffusion models"
        picked.append(term)
        if len(picked) == 3:
            break
    return " · ".join(picked)
