"""Deduplication at scale: entries made from the real abstracts, with planted near-duplicates.

Distinct papers are new abstracts of 4-8 sentences drawn at random from the
reference abstracts' sentences (so their words and lengths are real); a
share of the entries are copies of one of them with 1-3 random small edits
(a typo, a word dropped or added, a sentence cut, lines reflowed). Knowing
which entry copies which, we score the merge by pair precision and recall.
"""

from __future__ import annotations

import re
import time
from math import comb

import numpy as np
import pandas as pd

_SENTENCE = re.compile(r"(?<=[.!?])\s+")


def sentences(abstracts: list[str]) -> list[str]:
    """Every sentence of the abstracts that has at least five words."""
    return [s for a in abstracts for s in _SENTENCE.split(a) if len(s.split()) >= 5]


def small_edit(text: str, rng: np.random.Generator) -> str:
    """One random small edit of the kind a copied abstract picks up."""
    words = text.split()
    kind = rng.integers(5)
    i = int(rng.integers(len(words)))
    if kind == 0 and len(words[i]) > 3:  # typo: two letters swapped
        w = words[i]
        j = int(rng.integers(len(w) - 1))
        words[i] = w[:j] + w[j + 1] + w[j] + w[j + 2 :]
    elif kind == 1 and len(words) > 20:
        del words[i]
    elif kind == 2:
        words.insert(i, str(rng.choice(["very", "also", "new", "simple", "robust"])))
    elif kind == 3:
        parts = _SENTENCE.split(text)
        if len(parts) >= 5:
            parts.pop(int(rng.integers(len(parts))))
            return " ".join(parts)
    else:  # reflowed: line breaks every ~12 words
        return "\n".join(" ".join(words[k : k + 12]) for k in range(0, len(words), 12))
    return " ".join(words)


def planted_entries(
    abstracts: list[str], n: int, duplicate_share: float = 0.3, seed: int = 42
) -> tuple[pd.DataFrame, np.ndarray]:
    """A raw frame of ``n`` entries (as :func:`analysis.read_abstracts` makes) and each entry's true paper."""
    rng = np.random.default_rng(seed)
    pool = sentences(abstracts)
    n_papers = max(1, round(n * (1 - duplicate_share)))
    # Index draws (with replacement): choice(pool, replace=False) copies and
    # permutes the whole sentence pool on every call, minutes at 100k entries.
    papers = [" ".join(pool[i] for i in rng.integers(len(pool), size=int(rng.integers(4, 9)))) for _ in range(n_papers)]
    origin = np.concatenate([np.arange(n_papers), rng.integers(0, n_papers, size=n - n_papers)])
    texts = list(papers)
    for k in origin[n_papers:]:
        text = papers[k]
        for _ in range(int(rng.integers(1, 4))):
            text = small_edit(text, rng)
        texts.append(text)
    order = rng.permutation(n)
    raw = pd.DataFrame(
        {
            "source": "planted.txt",
            "entry": np.arange(1, n + 1),
            "line": np.arange(1, n + 1),
            "title": "",
            "text": [texts[i] for i in order],
            "name": [f"entry {i + 1}" for i in range(n)],
        }
    )
    return raw, origin[order]


def pair_scores(truth: np.ndarray, found: np.ndarray) -> dict:
    """Pair precision and recall of a grouping against the true one."""
    # Counts of each (true, found) cell, not a crosstab: that is dense, 70k x 70k at 100k entries.
    frame = pd.DataFrame({"truth": truth, "found": found})
    together = sum(comb(int(c), 2) for c in frame.groupby(["truth", "found"]).size())
    found_pairs = sum(comb(int(c), 2) for c in frame["found"].value_counts())
    true_pairs = sum(comb(int(c), 2) for c in frame["truth"].value_counts())
    return {
        "pair_precision": round(together / found_pairs, 4) if found_pairs else 1.0,
        "pair_recall": round(together / true_pairs, 4) if true_pairs else 1.0,
    }


def run(abstracts: list[str], n: int, seed: int = 42) -> dict:
    """Build ``n`` planted entries, deduplicate them, and time and score the merge."""
    from analysis import deduplicate

    start = time.perf_counter()
    raw, origin = planted_entries(abstracts, n, seed=seed)
    build_s = time.perf_counter() - start
    start = time.perf_counter()
    papers, _ = deduplicate(raw)
    dedup_s = time.perf_counter() - start
    # ``sources`` lists every place a paper appeared: "planted.txt:3; planted.txt:44".
    doc_of = {
        int(place.rsplit(":", 1)[1]): doc
        for doc, sources in zip(papers["doc_id"], papers["sources"], strict=True)
        for place in sources.split("; ")
    }
    found = np.array([doc_of[e] for e in raw["entry"]])
    return {
        "entries": n,
        "papers_true": len(set(origin.tolist())),
        "papers_found": len(papers),
        "build_s": round(build_s, 2),
        "dedup_s": round(dedup_s, 2),
        **pair_scores(origin, found),
    }


def similarity_ranges(abstracts: list[str], areas: list[str], pairs: int = 20000, seed: int = 42) -> dict:
    """Jaccard of an abstract and its edited copy, against different papers of one area.

    Supports the threshold 0.6 in ``analysis.config``: edited copies should
    sit well above it and different papers on one topic well below.
    """
    from analysis.corpus.dedup import Shingles, jaccard
    from analysis.text import normalize

    rng = np.random.default_rng(seed)
    edited = []
    for text in abstracts:
        copy = text
        for _ in range(int(rng.integers(1, 4))):
            copy = small_edit(copy, rng)
        edited.append(copy)
    shingles = Shingles([normalize(t) for t in abstracts + edited])
    n = len(abstracts)
    copies = np.array([jaccard(shingles.set(i), shingles.set(n + i)) for i in range(n)])
    by_area = pd.Series(range(n)).groupby(pd.Series(areas)).apply(list)
    groups = [g for g in by_area if len(g) > 1]
    jaccards = []
    for _ in range(pairs):
        group = groups[int(rng.integers(len(groups)))]
        a, b = rng.choice(group, size=2, replace=False)
        jaccards.append(jaccard(shingles.set(int(a)), shingles.set(int(b))))
    different = np.array(jaccards)
    return {
        "edited_copy_min": round(float(copies.min()), 3),
        "edited_copy_p01": round(float(np.quantile(copies, 0.01)), 3),
        "edited_copy_median": round(float(np.median(copies)), 3),
        "same_area_pairs": pairs,
        "same_area_max": round(float(different.max()), 3),
        "same_area_p999": round(float(np.quantile(different, 0.999)), 3),
    }
