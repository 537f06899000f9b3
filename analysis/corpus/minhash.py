"""Near-duplicate search: MinHash locality-sensitive hashing over word 3-shingles, confirmed by exact Jaccard.

Exact duplicates share a normalised text. Near-duplicates (a typo fixed, a
sentence added or cut, other markup, reflowed lines) become candidates when
their MinHash signatures share an LSH band, and are confirmed with the exact
Jaccard similarity of the two shingle sets, so the cost grows with the
number of entries, never with the number of pairs.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Callable

import numpy as np

_WORD = re.compile(r"\w+")
_SHINGLE = 3
# 20 bands of 3 rows: a pair at Jaccard 0.6 becomes a candidate with
# probability 1-(1-0.6**3)**20 = 0.992, at 0.7 with 0.99998, while unrelated
# abstracts (Jaccard ~0.01) share a band with probability 2e-5.
_BANDS, _ROWS = 20, 3
_MASK = np.uint64(0xFFFFFFFF)


def group(normalized: list[str], threshold: float) -> tuple[np.ndarray, Callable[[int, int], float]]:
    """Group label (index of the group's first entry) for every entry.

    Also returns ``similarity(i, j)``: the Jaccard similarity of entries i
    and j, reusing the shingles already computed.
    """
    parent = np.arange(len(normalized))
    exact_first: dict[str, int] = {}
    for i, text in enumerate(normalized):
        parent[i] = exact_first.setdefault(text, i)
    exact_of = parent.copy()
    unique = np.unique(parent)
    shingles = Shingles([normalized[i] for i in unique])
    for a, b in _candidate_pairs(shingles):
        if jaccard(shingles.set(a), shingles.set(b)) >= threshold:
            # Union-find makes merging transitive: A~B and B~C join A and C
            # even below the threshold, which is what chains of edited
            # copies of one abstract need.
            _union(parent, int(unique[a]), int(unique[b]))
    position = {int(u): k for k, u in enumerate(unique)}

    def similarity(i: int, j: int) -> float:
        a, b = position[int(exact_of[i])], position[int(exact_of[j])]
        return 1.0 if a == b else jaccard(shingles.set(a), shingles.set(b))

    return np.array([_find(parent, i) for i in range(len(parent))]), similarity


def _find(parent: np.ndarray, i: int) -> int:
    while parent[i] != i:
        parent[i] = parent[parent[i]]
        i = parent[i]
    return int(i)


def _union(parent: np.ndarray, a: int, b: int) -> None:
    ra, rb = _find(parent, a), _find(parent, b)
    # The earlier entry stays the root so groups are labelled by first appearance.
    parent[max(ra, rb)] = min(ra, rb)


class _WordHashes(dict):
    """crc32 of each word, computed once per distinct word.

    crc32 is stable across processes (Python's hash() is salted); the cache
    keeps it cheap, since a corpus repeats a small vocabulary many times.
    """

    def __missing__(self, word: str) -> int:
        value = self[word] = zlib.crc32(word.encode("utf-8"))
        return value


_WORD_HASHES = _WordHashes()


class Shingles:
    """32-bit hashes of the word 3-shingles of many texts, in one flat array.

    One array for the whole corpus lets MinHash run as a few vectorised
    passes instead of a Python loop per document.
    """

    def __init__(self, texts: list[str]):
        ids: list[int] = []
        starts = [0]
        for text in texts:
            words = _WORD.findall(text) or [""]
            ids.extend(map(_WORD_HASHES.__getitem__, words))
            starts.append(len(ids))
        word_ids = np.array(ids, dtype=np.uint64)
        self.starts = np.array(starts[:-1], dtype=np.int64)
        self.ends = np.array(starts[1:], dtype=np.int64)
        # Shingle k covers words k..k+2; texts shorter than three words keep
        # a shingle per word so that they still have one.
        pad = np.zeros(2, dtype=np.uint64)
        nxt1 = np.concatenate([word_ids[1:], pad[:1]])
        nxt2 = np.concatenate([word_ids[2:], pad])
        combined = word_ids * np.uint64(0x9E3779B1) + nxt1 * np.uint64(0x85EBCA77) + nxt2
        self.flat = combined & _MASK
        self.ends = np.maximum(self.ends - (_SHINGLE - 1), self.starts + 1)
        self._sets: dict[int, np.ndarray] = {}

    def __len__(self) -> int:
        return len(self.starts)

    def set(self, i: int) -> np.ndarray:
        """Sorted unique shingle hashes of text ``i``."""
        if i not in self._sets:
            self._sets[i] = np.unique(self.flat[self.starts[i] : self.ends[i]])
        return self._sets[i]


def jaccard(a: np.ndarray, b: np.ndarray) -> float:
    """Jaccard similarity of two sorted unique hash arrays."""
    inter = len(np.intersect1d(a, b, assume_unique=True))
    union = len(a) + len(b) - inter
    return inter / union if union else 1.0


def _candidate_pairs(shingles: Shingles) -> set[tuple[int, int]]:
    """Pairs that share at least one LSH band of their MinHash signatures."""
    if len(shingles) < 2:
        return set()
    signatures = minhash(shingles)
    pairs: set[tuple[int, int]] = set()
    mixers = np.array([1, 0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F, 0x165667B19E3779F9], dtype=np.uint64)
    for band in range(_BANDS):
        # One 64-bit key per band; a rare key collision only adds a candidate
        # that the exact Jaccard check then rejects.
        keys = (signatures[:, band * _ROWS : (band + 1) * _ROWS] * mixers[:_ROWS]).sum(axis=1)
        order = np.argsort(keys, kind="stable")
        same = np.flatnonzero(keys[order][1:] == keys[order][:-1])
        pairs.update(
            zip(
                np.minimum(order[same], order[same + 1]).tolist(),
                np.maximum(order[same], order[same + 1]).tolist(),
                strict=True,
            )
        )
    return pairs


def minhash(shingles: Shingles, num_perm: int = _BANDS * _ROWS, seed: int = 1) -> np.ndarray:
    """MinHash signatures (one row per text) with multiply-add hashing mod 2**32."""
    rng = np.random.default_rng(seed)
    a = rng.integers(1, 2**32, size=num_perm, dtype=np.uint64) | np.uint64(1)
    b = rng.integers(0, 2**32, size=num_perm, dtype=np.uint64)
    # Shingles that run past the end of their text belong to no text.
    coverage = np.zeros(len(shingles.flat) + 1, dtype=np.int64)
    np.add.at(coverage, shingles.starts, 1)
    np.add.at(coverage, shingles.ends, -1)
    keep = np.cumsum(coverage[:-1]) > 0
    flat = shingles.flat[keep]
    lengths = shingles.ends - shingles.starts
    starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    signatures = np.empty((len(shingles), num_perm), dtype=np.uint64)
    for k in range(num_perm):
        hashed = (flat * a[k] + b[k]) & _MASK
        signatures[:, k] = np.minimum.reduceat(hashed, starts)
    return signatures
