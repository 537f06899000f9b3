"""How topics are put into words: the c-TF-IDF vocabulary, the ranking of each topic's terms, and its label.

c-TF-IDF (:mod:`analysis.model.ctfidf`, BERTopic's formula) weighs each term by
how much more one topic uses it than the others; what counts as a term, how
equal weights are ranked and which three terms make a label are decided here.
"""

from __future__ import annotations

import re

import numpy as np

from analysis.model.phrases import phrase_counts, stem_key, written_form

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


# How the label is chosen (see topic_labels): phrases ranked by how much
# more the topic's papers use them (SHORTLIST kept and embedded), the best
# SINGLES by cosine margin to the topic's centre, and pairs of them.
SHORTLIST = 25
LIFT = 2.0
SINGLES = 10
MAX_LABEL_WORDS = 5
# Papers that the agreement objective reads (a fixed stride through larger corpora).
OBJECTIVE_PAPERS = 4000
# Width of the soft nearest-label vote: a paper counts for its own topic by
# sigmoid((own - best other) / SOFTNESS). A hard count would change with the
# last digit of a cosine; this sum moves by ~1e-7 for noise of 1e-6.
SOFTNESS = 0.01
# A pair ("A and B") replaces a single phrase only when it wins this much
# more agreement (share of papers). On the reference corpus any penalty cost
# agreement (0.621 at 8 singles and 0.0005) and 10 singles reached 0.658.
PAIR_GAIN = 0.0
SWEEPS = 6
DECIMALS = 4


def topic_labels(
    terms: dict[int, list[str]], texts: list[str], topics, embeddings: np.ndarray | None, backend
) -> dict[int, str]:
    """A short noun phrase per topic, drawn from its papers, that tells its papers from the other topics'.

    Candidates are phrases in at least two of the topic's papers (in its only
    paper for a topic of one), ranked by how much more the topic uses them
    than the corpus. With an embedding backend, each topic's label is then
    the phrase (or pair "A and B", at most five words) whose embedding
    makes most papers nearest their own topic's label, by coordinate ascent
    over the topics; a backend that fits its space on each call
    (``needs_corpus``) cannot embed phrases alone, so there the lexical
    ranking decides. Labels are distinct across topics.

    Args:
        terms: c-TF-IDF terms per topic, best first: the candidates for
            texts without Latin-alphabet words, and the fallback label.
        texts: Each paper's text (markup removed).
        topics: Each paper's topic.
        embeddings: Each paper's embedding (rows of any length), or None.
        backend: The backend that made ``embeddings`` (its ``encode`` embeds phrases), or None.
    """
    topics = np.asarray(topics)
    ids = sorted({int(t) for t in topics.tolist()})
    latin = has_latin_words(texts)
    candidates = _phrase_candidates(texts, topics, ids, terms) if latin else _term_candidates(terms, texts, topics, ids)
    scored = [t for t in ids if t != -1 and candidates[t]]
    if scored and embeddings is not None and backend is not None and not backend.needs_corpus:
        # "A and B" is English: other scripts' labels stay one term.
        chosen = _choose_by_agreement(candidates, topics, scored, embeddings, backend, pairs=latin)
    else:
        # Without phrase embeddings the c-TF-IDF ranking leads: on the seeds the
        # share-of-use score alone put "schemes" before "watermarking".
        chosen = _first_distinct({t: _by_terms(candidates[t], terms.get(t, [])) for t in scored}, scored)
    labels = {}
    for topic in ids:
        members = [texts[i] for i in np.flatnonzero(topics == topic)]
        if topic in chosen:
            labels[topic] = " and ".join(written_form(part, members) for part in chosen[topic].split(" and "))
        else:
            labels[topic] = "outliers" if topic == -1 else (" ".join(terms.get(topic, [])[:2]) or f"topic {topic}")
    return labels


def _phrase_candidates(texts: list[str], topics: np.ndarray, ids: list[int], terms) -> dict[int, list[str]]:
    """Per topic, its phrases in >= 2 of its papers, by share of use inside the topic times coverage.

    Equal scores (common in small topics) are ranked by the phrase's place
    among the topic's c-TF-IDF terms, then alphabetically.
    """
    matrix, phrases = phrase_counts(texts, BOILERPLATE)
    total = np.asarray(matrix.sum(axis=0)).ravel()
    candidates = {}
    for topic in ids:
        members = topics == topic
        size = int(members.sum())
        count = np.asarray(matrix[np.flatnonzero(members)].sum(axis=0)).ravel()
        keep = np.flatnonzero(count >= min(2, size))
        if len(ids) > 1:
            # At least LIFT times as common in the topic as in the corpus: on
            # the seeds "learning" (6 of 6 papers, 20 of 26) named a topic.
            lifted = keep[count[keep] * len(topics) >= LIFT * total[keep] * size]
            keep = lifted if len(lifted) else keep
        score = np.round(count[keep] / total[keep] * np.sqrt(count[keep] / size), 6)
        place = {term: i for i, term in enumerate(terms.get(topic, []))}
        rank = np.array([place.get(str(p).replace("-", " "), len(place)) for p in phrases[keep]], dtype=int)
        order = keep[np.lexsort((phrases[keep], rank, -score))]
        candidates[topic] = _distinct_stems([str(p) for p in phrases[order[: 2 * SHORTLIST]]])[:SHORTLIST]
    return candidates


def _term_candidates(terms, texts, topics, ids) -> dict[int, list[str]]:
    """Per topic, its c-TF-IDF terms that occur in >= 2 of its papers (texts in other scripts)."""
    candidates = {}
    for topic in ids:
        members = [texts[i].lower() for i in np.flatnonzero(topics == topic)]
        shared = [t for t in terms.get(topic, []) if t and _papers_using(t, members) >= min(2, len(members))]
        candidates[topic] = _distinct_stems(shared)[:SHORTLIST]
    return candidates


def _distinct_stems(phrases: list[str]) -> list[str]:
    """The phrases without a later inflection of an earlier one ("skills" after "skill")."""
    seen, kept = set(), []
    for phrase in phrases:
        key = stem_key(phrase)
        if key not in seen:
            seen.add(key)
            kept.append(phrase)
    return kept


def _by_terms(phrases: list[str], terms: list[str]) -> list[str]:
    """The phrases ordered by their place among the c-TF-IDF terms (others after, in their order)."""
    place = {term: i for i, term in enumerate(terms)}
    return sorted(phrases, key=lambda p: place.get(p.replace("-", " "), len(place)))


def _first_distinct(candidates: dict[int, list[str]], ids: list[int]) -> dict[int, str]:
    """Each topic's best-ranked candidate that no topic before it took."""
    taken, chosen = set(), {}
    for topic in ids:
        free = [c for c in candidates[topic] if c not in taken] or candidates[topic]
        chosen[topic] = free[0]
        taken.add(free[0])
    return chosen


def _papers_using(term: str, texts: list[str]) -> int:
    pattern = re.compile(r"\b" + r"\W+".join(map(re.escape, term.split())) + r"\b")
    return sum(1 for text in texts if pattern.search(text))


def _choose_by_agreement(candidates, topics, ids, embeddings, backend, pairs: bool = True) -> dict[int, str]:
    """Per topic the phrase or pair that most papers find nearest among all labels, by coordinate ascent."""
    from analysis.model.clustering import unit_rows

    papers = unit_rows(embeddings)
    centres = unit_rows(np.vstack([papers[topics == t].mean(axis=0) for t in ids]))
    vectors = _encoder(backend)
    pools = {}
    for index, topic in enumerate(ids):
        sims = np.round(vectors(candidates[topic]) @ centres.T, DECIMALS)
        others = np.delete(sims, index, axis=1)
        margin = sims[:, index] - (others.max(axis=1) if others.shape[1] else 0.0)
        order = np.argsort(-np.round(margin, DECIMALS), kind="stable")  # ties: the lexical ranking
        singles = [candidates[topic][i] for i in order[:SINGLES]]
        pools[topic] = singles + (_pairs(singles) if pairs else [])
    sample = np.flatnonzero(np.isin(topics, ids))
    sample = sample[:: -(-len(sample) // OBJECTIVE_PAPERS)]
    return _ascend(pools, {t: vectors(pools[t]) for t in ids}, papers[sample], topics[sample], ids)


def _encoder(backend):
    """Unit vectors of phrases, each phrase encoded once.

    Through the embedding cache: a re-run finds every phrase there and never
    loads the model (the hot path imports no torch when all is cached).
    """
    from analysis.embedding.cache import embed_texts
    from analysis.model.clustering import unit_rows

    cache: dict[str, np.ndarray] = {}

    def vectors(phrases: list[str]) -> np.ndarray:
        new = sorted({p for p in phrases if p not in cache})
        if new:
            cache.update(zip(new, unit_rows(embed_texts(new, backend)), strict=True))
        return np.vstack([cache[p] for p in phrases])

    return vectors


def _pairs(singles: list[str]) -> list[str]:
    """Pairs "A and B" of phrases that share no word (by stem), at most MAX_LABEL_WORDS words in all."""
    pairs = []
    for i, first in enumerate(singles):
        for second in singles[i + 1 :]:
            if set(stem_key(first).split()) & set(stem_key(second).split()):
                continue
            if len(first.split()) + len(second.split()) + 1 <= MAX_LABEL_WORDS:
                pairs.append(f"{first} and {second}")
    return pairs


def _ascend(pools, pool_vectors, papers, topics, ids) -> dict[int, str]:
    """Coordinate ascent: each topic in turn takes the label of its pool that raises the soft agreement most.

    Starts from each topic's best single phrase; a label another topic holds
    is never taken; a pair must beat a single by PAIR_GAIN; scores are
    rounded to a tenth of a paper and ties keep the current label, else the
    earlier label of the pool.
    """
    chosen = {t: 0 for t in ids}
    current = np.vstack([pool_vectors[t][0] for t in ids])
    for _ in range(SWEEPS):
        changed = False
        for index, topic in enumerate(ids):
            rest = np.round(papers @ np.delete(current, index, axis=0).T, DECIMALS)
            best_other = rest.max(axis=1) if rest.shape[1] else np.zeros(len(papers))
            rest_topics = np.delete(np.asarray(ids), index)
            others_right = _soft_vote(rest, rest_topics, topics)
            own = np.round(papers @ pool_vectors[topic].T, DECIMALS)
            mine = topics == topic
            gain = 1 / (1 + np.exp(-(own[mine] - best_other[mine, None]) / SOFTNESS))
            lose = 1 / (1 + np.exp(-(own[~mine] - best_other[~mine, None]) / SOFTNESS))
            # In papers, to a tenth of one: on a small corpus, where every
            # label already finds its papers, the best-ranked phrase stays.
            score = gain.sum(axis=0) + (others_right[~mine, None] * (1 - lose)).sum(axis=0)
            score = np.round(score - PAIR_GAIN * len(papers) * (np.arange(len(pools[topic])) >= SINGLES), 1)
            taken = {pools[t][chosen[t]] for t in ids if t != topic}
            score[[p in taken for p in pools[topic]]] = -np.inf
            best = int(np.argmax(score))
            if score[best] > score[chosen[topic]]:
                chosen[topic], changed = best, True
                current[index] = pool_vectors[topic][best]
        if not changed:
            break
    return {t: pools[t][chosen[t]] for t in ids}


def _soft_vote(sims: np.ndarray, label_topics: np.ndarray, topics: np.ndarray) -> np.ndarray:
    """Per paper, how surely the other labels alone send it to its own topic (soft, in [0, 1])."""
    if sims.shape[1] == 0:
        return np.zeros(len(topics))
    own_column = label_topics[None, :] == topics[:, None]
    own = np.where(own_column, sims, -np.inf).max(axis=1)
    other = np.where(own_column, -np.inf, sims).max(axis=1)
    if not np.isfinite(other).all():
        other = np.where(np.isfinite(other), other, -1.0)
    with np.errstate(invalid="ignore"):
        vote = 1 / (1 + np.exp(-(own - other) / SOFTNESS))
    return np.nan_to_num(vote, nan=0.0)
