"""A weakly named group takes whichever of its candidate names is nearest its papers.

Blind readers' scores of our labels rise with the cosine between a label's
embedding and the mean of its group's paper embeddings (MiniLM): 1.95 of 5
below 0.3, 3.57 at 0.6-0.7, 3.90 above 0.7 (397 judged labels of 32 fitted
ML venues, ``bench/RESULTS.md``). Of the names the labeller could give a
group (its fields, two narrow fields, its phrases' name), the nearest names
a group its field does not cover (no field in :data:`STRONG_SHARE` of it)
where it is :data:`MARGIN` nearer than the group's name. Panels 111-114
judged it with a margin of 0.05: 32 of 60 changed dev labels higher, 19
lower (2.69 -> 2.95); on 22 venues nobody had fitted before, 25 of 47
higher, 9 lower, and the share of poor ones among them more than halved.
Most of the harm was in renamings barely nearer, hence :data:`MARGIN`. A
group a field covers keeps its name: dev panel 107 found nothing gained there.

Writers name the groups we name worst by two subjects that hold most of the
group ("Multi-robot coordination and navigation"), so two of a group's fields
are a candidate too (:func:`field_pairs`): dev panel 117 rated 13 of the 27
labels that adds higher, 5 lower (2.65 -> 3.01, poor 7 -> 3).

The fit, a sampled fit, the finer topics (final panel 119: 9 of 11 changed
finer labels higher, none lower) and ``add`` (for its new topics) take the step where the
papers were embedded by a text encoder (not TF-IDF). Cosines are rounded to
:data:`DECIMALS` before they are compared and ties go to the name first in
order, so float noise of the embeddings (about 1e-7 between machines) moves
no name but at a knife edge.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial

import numpy as np

from analysis.embedding.backends import Backend, TfidfBackend
from analysis.embedding.cache import embed_texts
from analysis.model.measures import unit_rows
from analysis.model.naming_fields import FieldCandidate, _area_fields, field_candidates
from analysis.model.naming_parts import choose
from analysis.model.naming_second import words
from analysis.model.naming_text import MAX_SHOWN_WORDS, lower_first, written
from analysis.model.phrase_table import PhraseTable

__all__ = ["Nearness", "field_pairs", "name_nearness", "nearer_name", "nearest_names"]

# Judged renamings (panels 111-114, 110 of them) by how much nearer the new name is: 0.05-0.12 nearer, 25
# higher and 21 lower (+0.11 of 5 on average); 0.12 or more, 32 higher and 8 lower (+0.65; poor 25 -> 8).
MARGIN = 0.12
# A field in this share of a group names it well enough (readers: 3.81 of 5 from 70% up, 3.0-3.1 at 35-55%).
STRONG_SHARE = 0.55
# A field is a candidate name of a group where it is in this share of it (FIELD_SHARE of naming_weights).
CANDIDATE_SHARE = 0.35
DECIMALS = 3
# Two fields name a group together where each is in PAIR_SHARE of it and the two in PAIR_HOLD (dev panel 117).
PAIR_SHARE = 0.25
PAIR_HOLD = 0.6
# The only words two paired fields' short names may both hold ("The web and the brain").
FILLER = frozenset({"of", "for", "the", "in"})

Encoder = Callable[[list[str]], np.ndarray]
Candidates = Callable[[PhraseTable, np.ndarray], list]


@dataclass(frozen=True)
class Nearness:
    """The papers' embeddings (a row per paper) and the encoder that made them, to embed names in their space."""

    embeddings: np.ndarray
    encode: Encoder

    def knowing(self, names: Iterable[str]) -> Nearness:
        """This nearness with ``names`` embedded in one call: each call of ``encode`` reads the whole cache."""
        ordered = sorted(set(names))
        if not ordered:
            return self
        known = dict(zip(ordered, self.encode(ordered), strict=True))
        return Nearness(self.embeddings, partial(_looked_up, known, self.encode))

    def cosines(self, names: list[str], rows: np.ndarray) -> np.ndarray:
        """Each name's cosine to the mean of the rows' unit embeddings, rounded to :data:`DECIMALS`."""
        centroid = unit_rows(unit_rows(self.embeddings[rows]).mean(axis=0, keepdims=True))[0]
        return np.round(unit_rows(self.encode(names)) @ centroid, DECIMALS)


def name_nearness(backend: Backend, embeddings: np.ndarray | None) -> Nearness | None:
    """The nearness of names to a fit's papers, or None where the backend cannot put a name in the papers' space.

    Names are embedded through the embedding cache, as theme phrases are (a warm run loads no model). A TF-IDF
    backend fits its space to the texts it is given, so a name alone lands elsewhere.
    """
    if embeddings is None or getattr(backend, "encode", None) is None or isinstance(backend, TfidfBackend):
        return None
    return Nearness(np.asarray(embeddings), partial(embed_texts, embedding=backend))


def nearest_names(
    names: dict[int, str | None],
    table: PhraseTable,
    groups: np.ndarray,
    nearness: Nearness,
    corpus: tuple[Sequence[str], Sequence[str]],
    candidates: Candidates,
    area: bool,
) -> dict[int, str | None]:
    """``names`` with each weakly named group's name replaced by a nearer candidate, larger groups first.

    ``corpus`` is every paper's text and title (or first sentence); ``candidates`` ranks a group's phrases
    (:func:`analysis.model.naming.candidates` without joined phrases); ``area``: the groups are areas (a broad
    field is a candidate). Names stay distinct.
    """
    ids = sorted((g for g in names if g != -1), key=lambda g: (-int((groups == g).sum()), g))
    weak = []
    for group in ids:
        name, rows = names[group], np.flatnonzero(groups == group)
        fields = field_candidates(table, rows)
        if name and not _strong(fields, name):
            weak.append((group, name, rows, _candidate_names(fields, (table, rows), corpus, candidates, area)))
    # Every name at once: one read of the embedding cache, however many groups are weak.
    nearness = nearness.knowing({n for _, name, _, named in weak for n in (name, *named)})
    used = {n.lower() for n in names.values() if n}
    chosen = dict(names)
    for group, name, rows, named in weak:
        options = sorted(n for n in named if n.lower() not in used)
        if not options:
            continue
        nearer = nearer_name(name, options, nearness.cosines([name, *options], rows))
        if nearer is not None:
            used.discard(name.lower())
            used.add(nearer.lower())
            chosen[group] = nearer
    return chosen


def _looked_up(known: dict[str, np.ndarray], encode: Encoder, names: list[str]) -> np.ndarray:
    """The vectors of ``names``: those in ``known``, the others from ``encode``."""
    missing = [n for n in names if n not in known]
    if missing:
        known = {**known, **dict(zip(missing, encode(missing), strict=True))}
    return np.array([known[n] for n in names])


def nearer_name(name: str, options: list[str], cosines: np.ndarray) -> str | None:
    """The option to name a group by instead of ``name``, or None.

    ``cosines``: ``name``'s then each option's, rounded. ``name`` gives way where the nearest option (the
    first of equals) is :data:`MARGIN` nearer or more.
    """
    best = int(np.argmax(cosines[1:]))
    return options[best] if cosines[1 + best] >= cosines[0] + MARGIN else None


def _strong(fields: list[FieldCandidate], name: str) -> bool:
    """Whether a group is named by one of its ``fields`` (name or short name first) in :data:`STRONG_SHARE` of it."""
    named = [f for f in fields if name.startswith(f.name) or name.startswith(f.short)]
    return bool(named) and named[0].share >= STRONG_SHARE


def _candidate_names(
    fields: list[FieldCandidate],
    group: tuple[PhraseTable, np.ndarray],
    corpus: tuple[Sequence[str], Sequence[str]],
    candidates: Candidates,
    area: bool,
) -> set[str]:
    """A group's candidate names: its fields, two narrow fields, pairs of fields, its phrases' name.

    ``fields`` count where in :data:`CANDIDATE_SHARE` of the group; pairs are :func:`field_pairs`'. ``group`` is
    the phrase table and the group's rows.
    """
    table, rows = group
    named = {f.name for f in fields if f.share >= CANDIDATE_SHARE and (area or not f.broad)}
    two = _area_fields([f for f in fields if not f.part], len(rows), hold=0.5, most=2)
    if two:
        named.add(two)
    named |= field_pairs(fields, len(rows), area)
    parts = choose(candidates(table, rows), len(rows), set())
    if parts:
        texts, titles = corpus
        members, heads = [texts[int(i)] for i in rows], [titles[int(i)] for i in rows]
        named.add(written([p.key for p in parts], table, members, heads, len(texts)))
    return named


def field_pairs(fields: list[FieldCandidate], size: int, area: bool) -> set[str]:
    """Names of two of a group's ``fields``: "Medical robots and manipulation".

    Each field is in :data:`PAIR_SHARE` of the group's ``size`` papers and the two in :data:`PAIR_HOLD`. They
    are of one subject each (no "and" in a short name), share no word but :data:`FILLER`, and neither holds all
    the other's papers; a name has at most :data:`MAX_SHOWN_WORDS` words, the better field first. A broad field
    pairs only for an area.
    """
    pool = [f for f in fields if f.share >= PAIR_SHARE and (area or not f.broad) and " and " not in f.short]
    names = set()
    for i, first in enumerate(pool):
        for second in pool[i + 1 :]:
            if (words(first.short) & words(second.short)) - FILLER:
                continue
            if first.papers <= second.papers or second.papers <= first.papers:
                continue
            name = f"{first.short} and {lower_first(second.short)}"
            if len(first.papers | second.papers) >= PAIR_HOLD * size and len(name.split()) <= MAX_SHOWN_WORDS:
                names.add(name)
    return names
