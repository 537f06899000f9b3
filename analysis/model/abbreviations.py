"""Abbreviations in labels spelled out as the topic's papers define them: "SNNs" -> "spiking neural networks".

A reader new to a field does not know "TTA" or "ICL"; the papers that use
them say what they stand for the first time ("test-time adaptation (TTA)").
The long form is found with the algorithm of Schwartz and Hearst ("A simple
algorithm for identifying abbreviation definitions in biomedical text",
PSB 2003): every letter of the short form, from the last, is matched in
order in the words before the parenthesis, the first one at a word's start.
"""

from __future__ import annotations

import re
from collections import Counter

from analysis.model.phrases import lexicon_readings, stem_key, written_form

# A word read as an abbreviation: two capitals or more, a capital after a
# small letter ("LoRA", "NeRF"), an optional plural "s" ("SNNs").
_SHORT = re.compile(r"^(?=(?:.*[A-Z]){2})[A-Za-z][A-Za-z0-9-]{1,7}$")
# Schwartz and Hearst bound the long form to min(|short| + 5, 2 |short|) words.
_EXTRA_WORDS = 5
# Characters before the parenthesis read for the long form (enough for its words).
_BEFORE = 200


def is_abbreviation(word: str) -> bool:
    """Whether a word as the papers write it reads as an abbreviation ("OOD", "ViTs"; not "Transformer")."""
    return bool(_SHORT.match(word))


def _letters(short: str) -> str:
    """The letters a long form must spell: "SNNs" -> "snn"."""
    if len(short) > 2 and short.endswith("s") and short[:-1].upper() == short[:-1]:
        short = short[:-1]
    return "".join(c for c in short.lower() if c.isalnum())


def defined_as(letters: str, before: str) -> str | None:
    """The shortest end of ``before`` whose letters spell ``letters`` in order (Schwartz-Hearst), or None."""
    words = before.split()[-min(len(letters) + _EXTRA_WORDS, 2 * len(letters)) :]
    text = " ".join(words)
    at = len(text) - 1
    for place in range(len(letters) - 1, -1, -1):
        letter = letters[place]
        # The first letter must start a word; the others may sit anywhere after it.
        while at >= 0 and (text[at].lower() != letter or (place == 0 and at > 0 and text[at - 1].isalnum())):
            at -= 1
        if at < 0:
            return None
        at -= 1
    start = text.rfind(" ", 0, at + 1) + 1
    form = text[start:].strip(" -")
    return form if form and form.lower() != letters else None


def long_form(short: str, texts: list[str]) -> str | None:
    """What ``texts`` most often define ``short`` as (in two of them at least), as they write it; else None.

    Singular and plural forms count as one definition; of them the more
    common is written. Ties go to the form in fewer words, then
    alphabetically (lower case).
    """
    letters = _letters(short)
    base = short[:-1] if short.endswith("s") and _letters(short[:-1]) == letters else short
    # Where the short form stands in parentheses; its long form is in the words just before.
    pattern = re.compile(r"\(\s*" + re.escape(base) + r"s?\s*[;,)]")
    counts: Counter[str] = Counter()
    for text in texts:
        found = set()
        for match in pattern.finditer(text):
            clause = re.split(r"[.;:,()\[\]]", text[max(0, match.start() - _BEFORE) : match.start()])[-1]
            form = defined_as(letters, clause)
            if form:
                found.add(" ".join(form.lower().split()))
        counts.update(found)
    # "variational autoencoder" and "variational autoencoders" are one definition.
    groups: Counter[str] = Counter()
    for form, n in counts.items():
        groups[stem_key(form)] += n
    usable = [form for form in counts if groups[stem_key(form)] >= min(2, len(texts)) and not _has_adverb(form)]
    if not usable:
        return None
    best = min(usable, key=lambda form: (-groups[stem_key(form)], -counts[form], len(form.split()), form))
    return written_form(best, texts)


def _has_adverb(form: str) -> bool:
    """Whether a word of ``form`` is an adverb: the lexicon knows it only as one, or as no noun and it ends in -ly.

    Such a form is an adjective phrase ("differentially private" for "DP"),
    not a name a label can stand on. The lexicon
    (:func:`analysis.model.phrases.lexicon_readings`) does not know
    "differentially", and knows "anomaly" and "family" as nouns.
    """
    for word in form.split():
        readings = lexicon_readings(word)
        if readings == {"ADV"} or (word.endswith("ly") and "NOUN" not in readings):
            return True
    return False


def spelled_out(part: str, texts: list[str]) -> str:
    """``part`` with each abbreviation the texts define replaced by its long form ("OOD detection")."""
    words = part.split()
    return " ".join((long_form(w, texts) or w) if is_abbreviation(w) else w for w in words)
