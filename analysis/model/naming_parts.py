"""The parts of a group's name from its ranked phrases: the best one, with a second or third subject where needed.

:func:`choose` is the step the topics' and the areas' names share; :mod:`analysis.model.naming` ranks the
phrases (:func:`~analysis.model.naming.candidates`) and weighs them against the fields.
"""

from __future__ import annotations

from analysis.model.naming_fields import Candidate
from analysis.model.naming_subjects import same_subject, same_word
from analysis.model.naming_text import shared_tail
from analysis.model.naming_weights import ADDS, COVERED, PART_FOCUS, PART_SHARE, SECOND
from analysis.model.phrases import ACTS, CONNECTORS

# A word alone joins a name when this share of the corpus's papers holding it is in the group ("bandits").
FOCUSED = 0.5
# A one-word best phrase gives way to a longer one holding it that scores this part of it ("regret bounds").
LONGER = 0.6
# A kind of the best phrase ("offline RL" of "RL") names the group beside another kind when in this share of it.
KIND_SHARE = 0.1
MAX_WORDS = 7


def choose(ranked: list[Candidate], size: int, taken: set[str], lone: bool = False) -> list[Candidate]:
    """The parts of a group's name: its best phrase, with a second or third subject where it needs them.

    ``taken`` holds the keys other groups are named by alone: a group whose
    best phrase names another group says what is its own with a second part.
    ``lone``: the best phrase is written as one abbreviation ("RRT") and takes a second part as a word does.
    """
    if not ranked:
        return []
    ranked = _longer_first(ranked)
    head = ranked[0]
    kinds = _kinds_of(head, ranked, size)
    if len(kinds) >= 2:
        return kinds  # "Multi-agent and deep RL" for a group of RL papers of those two kinds
    others = [c for c in ranked[1:] if not same_subject(c, head) or _tail_pair(c, head)]
    if head.key in taken:
        # Another group is named by this subject alone: this one says what is its own beside it.
        own = [c for c in others if c.phrase]
        if own:
            return [head, own[0]]
        free = [c for c in ranked if c.key not in taken]
        if free:
            return choose(free, size, taken, lone)
    parts = [head]
    for other in others:
        if len(parts) == 3 or sum(len(p.key.split()) for p in parts) + len(other.key.split()) > MAX_WORDS - 1:
            break
        # A one-word head takes a weaker second part: a word alone ("Position") names little.
        floor = SECOND * head.score / (2 if (len(head.words) == 1 or lone) and len(parts) == 1 else 1)
        if not _needs_more(parts, other, size) or other.score < floor:
            break
        if _joins(other, parts, size):
            parts.append(other)
        if len(set().union(*(p.papers for p in parts))) >= COVERED * size and len(parts) == 2:
            break
    return parts


def _joins(other: Candidate, parts: list[Candidate], size: int) -> bool:
    """Whether ``other`` may join a name of ``parts``: a phrase of another subject in :data:`PART_SHARE` of the group.

    Its papers are at least :data:`PART_FOCUS` of the corpus's holding it: "machine learning" joins no name.
    Another kind of the same thing counts as another subject ("audio" and "music generation").
    """
    if any(same_subject(other, p) and not _tail_pair(other, p) for p in parts):
        return False
    return other.phrase and len(other.papers) >= PART_SHARE * size and other.focus >= PART_FOCUS


def _kinds_of(head: Candidate, ranked: list[Candidate], size: int) -> list[Candidate]:
    """Two phrases that are kinds of the best one, each in :data:`KIND_SHARE` of the group ("deep RL" of "RL").

    Empty unless two such phrases with different modifiers exist: the name
    then says both kinds, which readers wrote for a broad subject's subgroup.
    """
    n = len(head.words)
    kinds: list[Candidate] = []
    for c in ranked:
        if len(c.words) <= n or c.words[-n:] != head.words or not c.phrase or len(c.papers) < KIND_SHARE * size:
            continue
        if CONNECTORS & set(c.words[:-n]):
            continue  # "learning for multi-view clustering" is no kind of it: "Deep and learning for ..." reads wrong
        if c.words[0] in ACTS:
            continue  # "training GANs" is something done to GANs, no kind of them
        if not any(_one_modifier(c.words[:-n], k.words[:-n]) for k in kinds):
            kinds.append(c)
        if len(kinds) == 2:
            break
    return kinds if len(kinds) == 2 else []


def _tail_pair(one: Candidate, other: Candidate) -> bool:
    """Whether two phrases share only their last words, each with its own modifier ("audio" and "music generation")."""
    n = shared_tail(one.words, other.words)
    if n == 0 or n >= len(one.words) or n >= len(other.words):
        return False
    # "robotic arm" and "robot arm", "quadruped" and "quadrupedal robots": one modifier, written twice.
    return not _one_modifier(one.words[:-n], other.words[:-n])


def _one_modifier(one: tuple[str, ...], other: tuple[str, ...]) -> bool:
    """Whether two modifiers are one: they share a word, or are one spelled with and without a hyphen.

    ACL 2022's 37 papers on compressing pre-trained language models were "Pre-trained and pretrained language
    models": "pre-trained" is read as two words, "pretrained" as one.
    """
    return any(same_word(a, b) for a in one for b in other) or "".join(one) == "".join(other)


def _longer_first(ranked: list[Candidate]) -> list[Candidate]:
    """The ranking with a one-word best phrase after a longer one holding it that scores near it ("regret bounds")."""
    head = ranked[0]
    if len(head.key.split()) == 1:
        # Abbreviations read as their long forms: "HRI" holds "robot".
        longer = [c for c in ranked[1:] if _holds(c, head.key) and c.score >= LONGER * head.score]
        if longer:
            return [longer[0], *(c for c in ranked if c is not longer[0])]
    return ranked


def _holds(longer: Candidate, word: str) -> bool:
    """Whether a phrase of several words holds ``word``, an abbreviation read as its long form ("HRI": "robot")."""
    return len(longer.words) > 1 and (word in longer.key.split() or word in longer.words)


def _needs_more(parts: list[Candidate], other: Candidate, size: int) -> bool:
    """Whether a name of ``parts`` needs another part.

    It does when it covers under :data:`COVERED` of the group, or is one word
    alone, or ``other`` adds :data:`ADDS` of the group's papers to it.
    """
    covered = set().union(*(p.papers for p in parts))
    if len(covered) < COVERED * size:
        return True
    return len(parts) == 1 and (len(parts[0].key.split()) == 1 or len(other.papers - covered) >= ADDS * size)
