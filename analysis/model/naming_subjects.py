"""When two phrases name one subject, and which phrases a topic's titles put first (:mod:`analysis.model.naming`).

Two phrases name one subject where they share a word, a word's inflection,
or one abbreviates the other. A topic whose papers have titles is named by
what most of its titles say: a phrase of a few titles gives way to one of
many, and a head of few titles takes the companion its other titles share.
"""

from __future__ import annotations

from analysis.model.naming_fields import COVERED, GENERIC_FOCUS, HEAD_TITLES, Candidate
from analysis.model.naming_text import MAX_SHOWN_WORDS
from analysis.model.phrases import lexicon_readings

# A topic's head in under half of its titles takes a companion adding this share of them.
COMPANION_TITLES = 0.15
# A word alone joins a head as its companion when this share of the corpus's papers holding it is in the group.
COMPANION_FOCUS = 0.2
# A word holding another at its end ("cybersecurity", "security") names its subject when this long and led by
# this many letters.
SUFFIX_WORD, SUFFIX_LEAD = 5, 3
MAX_ACRONYM = 5


def same_subject(one: Candidate, other: Candidate) -> bool:
    """Whether two phrases share a word, or one word's first seven letters ("equivariant", "equivariance").

    Abbreviations are read as their long forms: "LLMs" and "language models" share a subject.
    """
    a, b = set(one.words) | {one.key}, set(other.words) | {other.key}
    if any(x.startswith(y) or y.startswith(x) for x in a for y in b if min(len(x), len(y)) >= 4):
        return True  # "Adam" and "AdamW", "graph" and "graphs"
    if any(_ends_with(x, y) or _ends_with(y, x) for x in a for y in b):
        return True  # "cybersecurity" and "security": a kind of it, read as the same
    if {_stem(w) for w in a} & {_stem(w) for w in b} - {""}:
        return True  # "spiking neurons" and "spikes"
    if _acronym_of(one.key, other.words) or _acronym_of(other.key, one.words):
        return True
    if a & b:
        return True
    return bool({w[:7] for w in a if len(w) >= 7} & {w[:7] for w in b if len(w) >= 7})


def _ends_with(longer: str, word: str) -> bool:
    """Whether ``longer`` is one word ending on ``word`` (:data:`SUFFIX_WORD`) after :data:`SUFFIX_LEAD` letters."""
    return (
        " " not in longer
        and len(word) >= SUFFIX_WORD
        and len(longer) - len(word) >= SUFFIX_LEAD
        and (longer.endswith(word))
    )


def _stem(word: str) -> str:
    """A word without its inflection ("spiking", "spikes", "spiked" -> "spik"), or "" for a short word."""
    for ending in ("ing", "ed", "es", "e", "s"):
        if word.endswith(ending) and len(word) - len(ending) >= 4:
            return word[: -len(ending)]
    return word if len(word) >= 4 else ""


def _acronym_of(short: str, words: tuple[str, ...]) -> bool:
    """Whether ``short`` is one short word that abbreviates ``words``: it starts with their initials, or ends on them.

    It starts with them and is longer ("SLAM" of "simultaneous localization",
    a title's phrase cut at "and"), or, a word no dictionary knows, ends on them.
    "PDE" and "differential equations" name one subject even where no paper
    defines "PDE"; "convergence" and "convex optimization" do not.
    """
    if " " in short or len(short) > MAX_ACRONYM or len(words) < 2:
        return False
    initials = "".join(w[0] for w in words)
    if short.startswith(initials) and len(short) > len(initials):
        return True  # "SLAM" and "simultaneous localization" (a title's phrase cut at "and"): one subject
    return not lexicon_readings(short) and short.endswith(initials)


def tail_pair(one: Candidate, other: Candidate) -> bool:
    """Whether two phrases share only their last words, each with its own modifier ("audio" and "music generation")."""
    n = 0
    while n < min(len(one.words), len(other.words)) and one.words[-1 - n] == other.words[-1 - n]:
        n += 1
    if n == 0 or n >= len(one.words) or n >= len(other.words):
        return False
    return not set(one.words[:-n]) & set(other.words[:-n])


def title_heads(ranked: list[Candidate], size: int) -> list[Candidate]:
    """The ranking with the phrases of :data:`HEAD_TITLES` of a group's titles first, if any; else as it is.

    Readers name a group by what most of its titles say: "Coded aperture", in
    two titles of 24, names a minority however focused it is. A phrase spread
    over the corpus (focus under :data:`GENERIC_FOCUS`: "diffusion models" at
    a vision conference) is not moved up. Nor does one move above a best
    phrase whose subject (its phrases together: "haptic feedback", "haptic
    experience", "vibrotactile feedback") is in as many titles: "Virtual
    reality", in 5 titles of 29, named a group on haptics (final panel 5).
    """
    many = [c.phrase and c.focus >= GENERIC_FOCUS and not few_titles(c, size) for c in ranked]
    if not any(many) or len(subject_titles(ranked[0], ranked)) >= HEAD_TITLES * size:
        return ranked
    return [c for c, m in zip(ranked, many, strict=True) if m] + [c for c, m in zip(ranked, many, strict=True) if not m]


def subject_titles(head: Candidate, ranked: list[Candidate]) -> frozenset[int]:
    """The titles holding ``head`` or a phrase of its subject (:func:`same_subject`)."""
    return frozenset().union(*(c.titles for c in ranked if c is head or same_subject(c, head)))


def few_titles(candidate: Candidate, size: int) -> bool:
    """Whether a phrase is in fewer than :data:`HEAD_TITLES` of a group's titles."""
    return len(candidate.titles) < HEAD_TITLES * size


def title_companion(head: Candidate, ranked: list[Candidate], size: int) -> Candidate | None:
    """The phrase beside a head of few titles that adds the most titles the head misses, or None.

    A head in under :data:`COVERED` of the titles names part of the group;
    readers name it with the head's usual companion ("Point clouds and
    correspondence"). The companion is of another subject, in
    :data:`COMPANION_TITLES` of the titles the head misses (two at least),
    and not spread over the corpus (focus :data:`GENERIC_FOCUS`); ties go to the ranking.
    A word alone is a companion only where :data:`COMPANION_FOCUS` of its papers are in
    the group: "image", "people" or "preference" beside a head say nothing of the group
    (readers of final panel 5 rated "Low vision and people" under "Low vision").
    """
    if len(head.titles) >= COVERED * size:
        return None
    need = max(2, COMPANION_TITLES * size)
    best, added = None, 0
    for c in ranked[1:]:
        if c.focus < GENERIC_FOCUS or same_subject(c, head):
            continue
        if len(c.key.split()) == 1 and c.focus < COMPANION_FOCUS:
            continue
        if len(head.key.split()) + len(c.key.split()) > MAX_SHOWN_WORDS:
            continue
        more = len(c.titles - head.titles)
        if more >= need and more > added:
            best, added = c, more
    return best
