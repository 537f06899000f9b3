"""Fields: the names readers give a group that many phrases of one subject cover ("Network pruning and sparsity").

Readers name a group of papers by the field that covers the whole group,
not by its two most distinctive phrases: "Optimization algorithms and
convergence" where the titles say "stochastic optimization", "minimax
optimization" and "SGD". No phrase of the group covers it; the field does.
This module reads a general lexicon of such fields (:mod:`analysis.model.lexicon`): each a name as a reader
would write it and the phrases (its *cues*) whose papers it covers.

Where the entries come from: written by hand for the lexicon from the
subject areas that machine-learning venues list in their calls for papers
(ICML, NeurIPS, ICLR, CoRL; ACL and EMNLP for NLP), the arXiv category
descriptions (cs.LG, cs.CV, cs.CL, cs.RO, stat.ML, q-bio), the IEEE Robotics and Automation Society's
keywords for ICRA, IROS and RA-L papers (robotics) and the usual companions of a field's
head in session titles ("pruning and sparsity", "quantization and efficient
inference"), and for human-computer interaction the subcommittees of CHI. They
are no list of any corpus's topics or of a panel's answers. A corpus outside
these fields still holds some of their cues, and a field there would name a
group by a word it shares with it ("Knowledge distillation" for computing
education at CHI, before HCI had fields): where the lexicon is not the corpus's
(:func:`analysis.model.field_table.covers`), its groups are named from their
own phrases (:mod:`analysis.model.naming`). HCI's fields name groups only at a
venue of HCI, and ML's fields of its words ("privacy", "game", "student",
"visualization") name none there.

A cue is matched against the corpus's phrase keys as a run of whole words
("pruning" matches "structured pruning"), plurals and hyphens ignored, an
abbreviation read as the corpus defines it ("RL" for "reinforcement learning").

A field named for a kind of model ("LLM agents") needs that
model in the paper: its cues written with a leading "+" are *needs*, and a
paper counts for the field only where it holds a cue and a need. A classic
paper on logical reasoning or software agents says "reasoning" and "agent"
but no "language model"; it is no paper on LLM agents.

A field's name may say a last subject that not all of its groups share: "Video understanding and generation" named
the action recognition groups of the vision venues too, and blind readers scored the 23 such names 2.85 of 5 on
average, none good ("partly wrong"; their writers wrote "Video understanding and action recognition"). The cues of
that last subject are written with a leading "=" (they are cues of the field as well): a group few of whose papers
hold one is named without it (:func:`without_last`, or without the part of the name written in brackets:
"Low-rank matrix[ and tensor] methods"). The cues of a first subject are written with a leading "^": a
group few of whose papers hold one is no group of the field ("Object detection and segmentation" for semantic
segmentation; its own phrases name it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from analysis.model.lexicon import FIELDS
from analysis.model.phrases import abbreviated, variant_key


@dataclass(frozen=True)
class Field:
    """A field's name as a reader would write it, its cues (variant keys) and whether it is broad (an area's)."""

    name: str
    cues: tuple[str, ...]
    broad: bool
    # The name where it is one of two parts ("Reinforcement learning" for "... and decision making").
    short: str
    # Cues one of which a paper must also hold to count for the field (none: no such condition).
    needs: tuple[str, ...] = ()
    # For a part of a broad field ("3D vision" of "Computer vision"), that field's name: it names areas of a venue
    # whose own subject is the parent (CVPR's), and nothing elsewhere. A narrow field with a parent ("Games and play"
    # of "Human-computer interaction") names topics and areas there, and nothing elsewhere.
    parent: str = ""
    # The broad fields whose venues write this field's cues in their own sense ("planning", "search" and "sampling"
    # of robots): at a corpus whose subject one of them is, this field names nothing.
    away: tuple[str, ...] = ()
    # Whether a venue may have it as its own subject (a quarter of its titles): not a field every ML venue holds.
    venue_subject: bool = True
    # The cues of the last subject its name says ("generation" of "Video understanding and generation"); none: any.
    last: tuple[str, ...] = ()
    # The cues of the first subject it says ("object detection" of "Object detection and segmentation"); none: any.
    first: tuple[str, ...] = ()
    # Its name without the last subject, where the lexicon brackets that subject; else "" (:func:`without_last`).
    bare: str = ""


@lru_cache(maxsize=1)
def fields() -> tuple[Field, ...]:
    """The lexicon, parsed once: one :class:`Field` per line of :data:`FIELDS`, in its order."""
    return parse_lexicon(FIELDS)


def parse_lexicon(text: str) -> tuple[Field, ...]:
    """The fields of a lexicon written as :data:`FIELDS` is, checked: a slip in it would name groups wrongly.

    Raises:
        ValueError: Naming the entry, where it has no ":", a cue holds "|", "<" or "!" (a name with a ":" in it),
            a name comes twice, a field's parent is no broad field of the lexicon, a field is away from no broad
            field of it, one with cues of a first or last subject ("^cue", "=cue") names one
            subject, or one brackets a last subject it has no cues of.
    """
    parsed = [_field(line) for line in _entries(text)]
    names = [f.name for f in parsed]
    whole = {f.name for f in parsed if f.broad and not f.parent}
    for f in parsed:
        if names.count(f.name) > 1:
            raise ValueError(f"lexicon: the field {f.name!r} comes twice")
        if (f.last or f.first) and " and " not in f.name:
            raise ValueError(f"lexicon: {f.name!r} has cues of a first or last subject ('^cue', '=cue') but names one")
        if f.bare and not f.last:
            raise ValueError(f"lexicon: {f.name!r} brackets a last subject but has no cues of it ('=cue')")
        for away in f.away:
            if away not in whole:
                raise ValueError(f"lexicon: {f.name!r} is away from {away!r}, which is no broad field of the lexicon")
        if f.parent and f.parent not in whole:
            raise ValueError(f"lexicon: {f.name!r} is a part of {f.parent!r}, which is no broad field of the lexicon")
    return tuple(parsed)


def _field(line: str) -> Field:
    """One entry of the lexicon as a :class:`Field`."""
    head, colon, cues = line.partition(":")
    given = [c.strip() for c in cues.split(";") if c.strip()]
    if not colon or any("|" in c or "<" in c or "!" in c or "~" in c for c in given):
        raise ValueError(f"lexicon: no 'Name: cue; cue' in the entry {line[:80]!r} (a name holds no ':')")
    broad = head.startswith("area ")
    # "~" anywhere in the head, before or after "!", "<" or "|": nothing written after it is dropped.
    venue_subject = "~" not in head
    head, *away = head.replace("~", "").split("!")
    head, _, parent = head.removeprefix("area ").partition("<")
    name, _, short = head.partition("|")
    # "Low-rank matrix[ and tensor] methods": the bracketed words are the last subject, said where the group holds it.
    bare = re.sub(r"\[[^\]]*\]", "", name).strip() if "[" in name else ""
    name = name.replace("[", "").replace("]", "")
    keys = tuple(dict.fromkeys(variant_key(c.lstrip("=^")) for c in given if not c.startswith("+")))
    needs = tuple(dict.fromkeys(variant_key(c[1:]) for c in given if c.startswith("+")))
    last = tuple(dict.fromkeys(variant_key(c[1:]) for c in given if c.startswith("=")))
    first = tuple(dict.fromkeys(variant_key(c[1:]) for c in given if c.startswith("^")))
    short = short.strip() or name.strip()
    aways = tuple(a.strip() for a in away)
    return Field(name.strip(), keys, broad, short, needs, parent.strip(), aways, venue_subject, last, first, bare)


def without_last(name: str) -> str:
    """A field's name without its last subject: "Video understanding", "Localization and mapping"."""
    head, _, _ = name.rpartition(" and ")
    first, comma, rest = head.rpartition(", ")
    return f"{first} and {rest}" if comma else head


def _entries(text: str) -> list[str]:
    """The lexicon's entries, one line each (an indented line continues the one above)."""
    entries: list[str] = []
    for line in text.strip().splitlines():
        if line.startswith(" "):
            entries[-1] += " " + line.strip()
        else:
            entries.append(line)
    return entries


def cue_columns(
    keys: list[str], longs: dict[str, str], cues: tuple[str, ...], by_word: dict[str, list[int]] | None = None
) -> list[int]:
    """The columns whose key holds one of ``cues`` as a run of whole words, abbreviations read as the corpus's.

    ``by_word`` (each word's columns, :func:`columns_by_word`) is built once per table by the caller.
    """
    return sorted({j for columns in each_cue_columns(keys, longs, cues, by_word) for j in columns})


def each_cue_columns(
    keys: list[str], longs: dict[str, str], cues: tuple[str, ...], by_word: dict[str, list[int]] | None = None
) -> list[list[int]]:
    """Per cue, the columns :func:`cue_columns` finds for it, in the order of ``cues``."""
    short = {tuple(long.split()): abbreviation for abbreviation, long in longs.items()}
    by_word = columns_by_word(keys) if by_word is None else by_word
    found: list[list[int]] = []
    for cue in cues:
        words = abbreviated(cue, short).split()
        rarest = min(words, key=lambda w: len(by_word.get(w, ())))
        run = f" {' '.join(words)} "
        found.append([j for j in by_word.get(rarest, ()) if _holds_run(keys[j], run)])
    return found


def _holds_run(key: str, run: str) -> bool:
    """Whether ``key`` (words joined by single spaces) holds ``run`` (the same, padded by a space) as whole words."""
    return run in f" {key} "


def columns_by_word(keys: list[str]) -> dict[str, list[int]]:
    """Each word's columns: the keys that hold it."""
    index: dict[str, list[int]] = {}
    for j, key in enumerate(keys):
        for word in set(key.split()):
            index.setdefault(word, []).append(j)
    return index
