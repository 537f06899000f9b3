"""Label quality by measures the labeller never sees (issue 19): held-out papers, other judges, authors' keywords.

The labeller (:func:`analysis.model.labels.topic_labels`) reads the papers of each
topic. These measures are built so that none of them is what it optimises:

* Held-out halves: topics are fitted on all papers, then each topic's
  papers are split in two by a hash of their ``doc_id``; labels (and the
  c-TF-IDF terms they are compared with) are made from the first half only
  and judged on the second.
* Judges: each held-out paper takes the label nearest to it, and the share
  that take their own topic's label is reported. Three judges: a TF-IDF
  model of the corpus (cosine of TF-IDF vectors, uni- and bigrams), MiniLM
  (the suite's own encoder: a judge the labeller no longer reads, but the
  one that chose the topics) and, where the ``wordllama`` package is
  installed, its static 256-d model shipped inside the wheel.
* Authors' keywords (corpora with a ``keywords`` field): each topic's ten
  most frequent distinctive keywords (in >= 2 of its papers, at least
  :data:`KEYWORD_LIFT` times as common in the topic as in the corpus); a
  label part matches one when their word sets overlap by Jaccard >= 0.5. The
  share of label parts that match, and the share of topics with a matching
  part.

Labels compared: ours, the same topics' first three c-TF-IDF terms, their
first terms as many as our label has parts (the same length), and plain
BERTopic's (its own topics; on held-out halves its c-TF-IDF words
recomputed from the first half with ``update_topics``).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import ArrayLike

if TYPE_CHECKING:
    import pandas as pd
    from bertopic import BERTopic

    from analysis.embedding.backends import Backend

KEYWORD_LIFT = 1.5
KEYWORDS_PER_TOPIC = 10
JACCARD = 0.5
_WORD = re.compile(r"[a-z0-9]+")
# A judge: label texts (or paper texts) in, one vector per text out.
Encode = Callable[[list[str]], np.ndarray]


def label_parts(label: str) -> list[str]:
    """The phrases a label is made of: ``"Mixed: A, B"``, ``"A and B"``, ``"a · b · c"`` or one phrase."""
    label = label.strip()
    if label.lower().startswith("mixed:"):
        return [p.strip() for p in label[len("mixed:") :].split(",") if p.strip()]
    if " · " in label:
        return [p.strip() for p in label.split(" · ") if p.strip()]
    if label.count(" and ") == 1:
        return [p.strip() for p in label.split(" and ")]
    return [label]


def word_set(phrase: str) -> frozenset[str]:
    """Lower-case words of a phrase, hyphens split and plurals folded ("LLMs" -> "llm")."""
    from analysis.model.phrases import stem_key

    return frozenset(stem_key(" ".join(_WORD.findall(phrase.lower()))).split())


def jaccard(a: frozenset, b: frozenset) -> float:
    """Word-set overlap: shared words over all words (0 when both are empty)."""
    return len(a & b) / len(a | b) if a | b else 0.0


def held_out_split(doc_ids: Iterable[object], topics: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
    """Masks (label half, judged half): each topic's papers by a hash of their ``doc_id``, taken alternately.

    No random step: the same papers fall in the same half on every machine.
    A topic of one paper is in the label half only.
    """
    topics = np.asarray(topics)
    keys = np.array([hashlib.sha256(str(d).encode("utf-8")).hexdigest() for d in doc_ids])
    labelled = np.zeros(len(topics), dtype=bool)
    for topic in np.unique(topics):
        members = np.flatnonzero(topics == topic)
        ordered = members[np.argsort(keys[members], kind="stable")]
        labelled[ordered[::2]] = True
    return labelled, ~labelled


def nearest_label_share(
    labels: dict[int, str], topics: ArrayLike, paper_vectors: ArrayLike, label_vectors: np.ndarray
) -> float:
    """Share of papers (outlier topic -1 aside) whose nearest label by cosine is their own topic's.

    ``label_vectors`` are in the order of ``sorted(labels)`` without -1.
    Cosines are rounded to 6 decimals and ties go to the lower topic id.
    """
    from analysis.model.measures import unit_rows

    topics = np.asarray(topics)
    ids = sorted(t for t in labels if t != -1)
    kept = np.isin(topics, ids)
    if not kept.any():
        return float("nan")
    sims = np.round(unit_rows(np.asarray(paper_vectors, dtype=np.float64)[kept]) @ unit_rows(label_vectors).T, 6)
    nearest = np.asarray(ids)[np.argmax(sims, axis=1)]
    return round(float((nearest == topics[kept]).mean()), 3)


def judge_text(label: str) -> str:
    """What a judge embeds: the label's parts, without "Mixed:" or "and" (markers, not content)."""
    return ", ".join(label_parts(label))


class TfidfJudge:
    """A TF-IDF model of the corpus (uni- and bigrams, sublinear tf, English stop words): vectors of any text."""

    def __init__(self, corpus_texts: list[str]) -> None:
        from sklearn.feature_extraction.text import TfidfVectorizer

        self.vectorizer = TfidfVectorizer(
            stop_words="english", ngram_range=(1, 2), sublinear_tf=True, min_df=2 if len(corpus_texts) >= 50 else 1
        ).fit(corpus_texts)

    def __call__(self, texts: list[str]) -> np.ndarray:
        """Dense TF-IDF rows of ``texts``."""
        return self.vectorizer.transform(texts).toarray()


def wordllama_encoder() -> Encode | None:
    """WordLlama's static model from inside its wheel (no download), or None where the package is missing."""
    try:
        from pathlib import Path

        import wordllama
        from wordllama import WordLlama
    except ImportError:
        return None
    # The wheel holds weights/ and tokenizers/ beside the code; as a cache_dir they are found without a download.
    model = WordLlama.load(disable_download=True, cache_dir=Path(wordllama.__file__).parent)
    return lambda texts: np.asarray(model.embed(list(texts)), dtype=np.float64)


def judged(
    labels: dict[int, str],
    topics: np.ndarray,
    rows: np.ndarray,
    judges: dict[str, Encode],
    paper_vectors: dict[str, np.ndarray],
) -> dict:
    """Nearest-label share under each judge for the papers at ``rows`` (their topics ``topics``).

    Args:
        labels: Topic -> label.
        topics: The topic of each judged paper.
        rows: Indices of the judged papers in ``paper_vectors``.
        judges: Judge name -> encoder of label texts.
        paper_vectors: Judge name -> vectors of every paper of the corpus.
    """
    ids = sorted(t for t in labels if t != -1)
    answer = {}
    for name, encode in judges.items():
        label_vectors = encode([judge_text(labels[t]) for t in ids])
        answer[name] = nearest_label_share(labels, topics, paper_vectors[name][rows], label_vectors)
    return answer


def parse_keywords(value: object) -> list[str]:
    """A paper's keywords from a list, a JSON list in a string or "a; b" (as the readers join them); [] when none."""
    if isinstance(value, str):
        text = value
        try:
            value = json.loads(text)
        except ValueError:
            value = text.split(";")
    if not isinstance(value, list | tuple | np.ndarray):
        return []
    return sorted({" ".join(str(k).lower().split()) for k in value if str(k).strip()})


def distinctive_keywords(keywords: list[list[str]], topics: ArrayLike) -> dict[int, list[str]]:
    """Each topic's most frequent keywords in >= 2 of its papers with lift >= :data:`KEYWORD_LIFT` (ten at most).

    Ranked by the number of its papers using them, ties by the keyword.
    """
    from collections import Counter

    topics = np.asarray(topics)
    total = Counter(k for ks in keywords for k in ks)
    n = len(keywords)
    answer = {}
    for topic in sorted(set(topics.tolist()) - {-1}):
        members = np.flatnonzero(topics == topic)
        counts = Counter(k for i in members for k in keywords[i])
        kept = [k for k, c in counts.items() if c >= 2 and c * n >= KEYWORD_LIFT * total[k] * len(members)]
        answer[int(topic)] = sorted(kept, key=lambda k: (-counts[k], k))[:KEYWORDS_PER_TOPIC]
    return answer


def keyword_match(labels: dict[int, str], keywords: dict[int, list[str]]) -> dict:
    """Share of label parts matching one of their topic's distinctive keywords, and of topics with a match."""
    parts_matched = parts = hits = 0
    for topic, words in keywords.items():
        targets = [word_set(k) for k in words]
        matched = [any(jaccard(word_set(p), k) >= JACCARD for k in targets) for p in label_parts(labels[topic])]
        parts += len(matched)
        parts_matched += sum(matched)
        hits += any(matched)
    return {
        "parts": round(parts_matched / parts, 3) if parts else None,
        "topics_hit": round(hits / len(keywords), 3) if keywords else None,
        "parts_per_label": round(parts / len(keywords), 2) if keywords else None,
    }


def first_terms(terms: dict[int, list[str]], n: int = 3) -> dict[int, str]:
    """The first ``n`` c-TF-IDF terms of each topic as one label ``"a · b · c"``."""
    return {t: " · ".join(words[:n]) or f"topic {t}" for t, words in terms.items()}


def terms_as_long_as(labels: dict[int, str], terms: dict[int, list[str]]) -> dict[int, str]:
    """Each topic's first c-TF-IDF terms, as many as its label in ``labels`` has parts: a baseline of equal length.

    Three terms are three shots at a keyword and three distinctive words for
    a judge; this baseline tells what a label's words are worth from how many there are.
    """
    return {t: " · ".join(terms.get(t, [])[: len(label_parts(label))]) or label for t, label in labels.items()}


def ctfidf_terms(texts: list[str], topics: ArrayLike, min_df: int) -> dict[int, list[str]]:
    """The suite's c-TF-IDF terms (20 per topic, best first) of ``texts`` grouped by ``topics``."""
    from analysis.model.ctfidf import class_tfidf, has_latin_words, rank_topic_terms

    table = class_tfidf(texts, topics, has_latin_words(texts), min_df)
    return {t: [w for w, _ in ws] for t, ws in rank_topic_terms(table.matrix, table.words, table.topics).items()}


def our_labels(
    papers: pd.DataFrame, topics: np.ndarray, embeddings: np.ndarray, backend: Backend, min_df: int
) -> tuple[dict[int, str], dict[int, list[str]]]:
    """The suite's labeller on these papers and topics, and the c-TF-IDF terms it read (recomputed from them)."""
    from analysis.embedding.cache import document_texts, topic_texts
    from analysis.model.ctfidf import has_latin_words
    from analysis.model.labels import topic_labels
    from analysis.text import strip_markup

    terms = ctfidf_terms(topic_texts(papers), topics, min_df)
    phrase_texts = [strip_markup(t) for t in document_texts(papers)]
    return topic_labels(terms, phrase_texts, np.asarray(topics), has_latin_words(phrase_texts)), terms


def plain_half_labels(model: BERTopic, texts: list[str], topics: ArrayLike) -> dict[int, str]:
    """Plain BERTopic's words with its c-TF-IDF recomputed from ``texts`` only (a copy; the model is kept)."""
    import copy

    half = copy.deepcopy(model)
    half.update_topics(texts, topics=list(np.asarray(topics).tolist()))
    return {t: " · ".join(w for w, _ in words[:3] if w) for t, words in half.get_topics().items()}


def default_judges(
    texts: list[str], embeddings: np.ndarray, backend: Backend
) -> tuple[dict[str, Encode], dict[str, np.ndarray]]:
    """The judges and every paper's vector under each: TF-IDF of the corpus, MiniLM, wordllama where installed.

    MiniLM's paper vectors are the fit's own embeddings (``title. abstract``,
    what the judge would embed); label texts go through the embedding cache.
    """
    from analysis.embedding.cache import embed_texts

    tfidf = TfidfJudge(texts)
    judges: dict[str, Encode] = {"tfidf": tfidf, "minilm": lambda labels: embed_texts(labels, backend)}
    vectors = {"tfidf": tfidf(texts), "minilm": np.asarray(embeddings)}
    static = wordllama_encoder()
    if static is not None:
        judges["wordllama"] = static
        vectors["wordllama"] = static(texts)
    return judges, vectors


def measure(
    papers: pd.DataFrame,
    embeddings: np.ndarray,
    backend: Backend,
    plain: BERTopic | None = None,
    plain_topics: ArrayLike | None = None,
    judges: tuple[dict[str, Encode], dict[str, np.ndarray]] | None = None,
) -> dict:
    """Every measure for ours, the first three c-TF-IDF terms and (given a fitted model) plain BERTopic.

    Args:
        papers: The corpus (``keywords`` used where present).
        embeddings: The suite's vectors of the papers (topics are fitted on them).
        backend: The embedding backend that made them (the MiniLM judge).
        plain: A fitted plain BERTopic on the same papers, or None.
        plain_topics: Its topic per paper.
        judges: ``(judges, paper_vectors)`` as :func:`default_judges` returns them, or None for those.

    Raises:
        ValueError: ``plain`` without ``plain_topics``.
    """
    from analysis import fit_topics
    from analysis.embedding.cache import document_texts
    from analysis.model.topics import size_parameters

    if plain is not None and plain_topics is None:
        raise ValueError("plain BERTopic's labels are judged on its topics: give plain_topics too")
    plain_ids = None if plain is None else np.asarray(plain_topics)
    texts = document_texts(papers)
    encoders, vectors = judges or default_judges(texts, embeddings, backend)
    result = fit_topics(papers, embeddings=embeddings, use_cache=False)
    topics = result.documents["topic"].to_numpy()
    min_df = size_parameters(len(papers)).min_df
    full_terms = {
        int(t): str(s).split(", ") for t, s in zip(result.topics["topic"], result.topics["terms"], strict=True)
    }
    ours = dict(zip(result.topics["topic"].astype(int), result.topics["label"], strict=True))
    methods = {
        "ours": ours,
        "ctfidf_terms": first_terms(full_terms),
        "ctfidf_terms_same_length": terms_as_long_as(ours, full_terms),
    }
    if plain is not None:
        methods["plain_bertopic"] = {t: " · ".join(w for w, _ in ws[:3] if w) for t, ws in plain.get_topics().items()}

    labelled, judged_half = held_out_split(papers["doc_id"], topics)
    rows = np.flatnonzero(judged_half)
    half = papers[labelled].reset_index(drop=True)
    ours_half, terms_half = our_labels(half, topics[labelled], embeddings[labelled], backend, min_df)
    held_out = {
        "ours": judged(ours_half, topics[rows], rows, encoders, vectors),
        "ctfidf_terms": judged(first_terms(terms_half), topics[rows], rows, encoders, vectors),
        "ctfidf_terms_same_length": judged(
            terms_as_long_as(ours_half, terms_half), topics[rows], rows, encoders, vectors
        ),
    }
    if plain_ids is not None:
        p_label, p_judged = held_out_split(papers["doc_id"], plain_ids)
        p_half = plain_half_labels(plain, [texts[i] for i in np.flatnonzero(p_label)], plain_ids[p_label])
        p_rows = np.flatnonzero(p_judged)
        held_out["plain_bertopic"] = judged(p_half, plain_ids[p_rows], p_rows, encoders, vectors)
    answer: dict[str, Any] = {
        "papers": len(papers),
        "topics": {"ours": int((result.topics["topic"] != -1).sum())},
        "held_out": held_out,
        "labels": {name: {str(t): label for t, label in labels.items()} for name, labels in methods.items()},
        "held_out_labels": {"ours": {str(t): label for t, label in ours_half.items()}},
    }
    if plain_ids is not None:
        answer["topics"]["plain_bertopic"] = len(set(plain_ids.tolist()) - {-1})
    if "keywords" in papers and papers["keywords"].notna().any():
        keywords = [parse_keywords(k) for k in papers["keywords"]]
        ours_keywords = distinctive_keywords(keywords, topics)
        answer["keywords"] = {
            "ours": keyword_match(methods["ours"], ours_keywords),
            "ctfidf_terms": keyword_match(methods["ctfidf_terms"], ours_keywords),
            "ctfidf_terms_same_length": keyword_match(methods["ctfidf_terms_same_length"], ours_keywords),
        }
        if plain_ids is not None:
            answer["keywords"]["plain_bertopic"] = keyword_match(
                methods["plain_bertopic"], distinctive_keywords(keywords, plain_ids)
            )
    return answer
