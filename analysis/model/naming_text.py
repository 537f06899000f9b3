"""A group's name as its papers write it: each part's spelling and case, the parts joined as a title.

Parts come from :mod:`analysis.model.naming`; "A", "A and B" or "A, B and C",
the first letter a capital, a rare abbreviation spelled out as the papers
define it, a kind of thing in the plural ("humanoid robots"), two parts that end
alike written once ("audio and music generation").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from analysis.model.abbreviations import is_abbreviation, spelled_out
from analysis.model.phrase_table import PhraseTable, variant_key
from analysis.model.phrases import is_eponym, no_noun_reading, written_form
from analysis.text import fold_accents

# The name as written, its parts' words counted ("and" not).
MAX_SHOWN_WORDS = 6
# An abbreviation in this share of the corpus's papers is the field's own word ("LLM", "RL"); rarer ones
# are spelled out as the papers define them ("test-time adaptation" for "TTA").
KNOWN_ABBREVIATION = 0.01
# Readers name a kind of thing in the plural: in their own labels (panels to 58) a part ends in "robots" 260
# times and in "robot" 10, "models" 396 and "model" once, "networks" 106 and "network" once. A part is written
# in its plural where the group writes it so at least this often against the singular.
PLURAL_SHARE = 0.25
# ... and its last word alone in this share of as many of the group's titles and texts as the singular: ICRA 2011's
# "balance control" group writes "controls" in 2 against "control" in 20 (a mass noun), its "Kalman filter" group
# "filters" in 3 against 11.
WORD_PLURAL_SHARE = 0.15
# Words naming an act, a quality or a mass, not a thing: their plural reads as an error ("object
# segmentations", "natural languages").
ABSTRACT_ENDINGS = ("tion", "sion", "ing", "ment", "ness", "ity", "ance", "ence", "cy", "ism", "ure", "ics")
MASS_NOUNS = frozenset({"language", "text", "data", "information", "knowledge", "software", "hardware"})


def written(keys: list[str], table: PhraseTable, members: list[str], titles: list[str], corpus_size: int) -> str:
    """The name as the group's papers write its parts: "A", "A and B" or "A, B and C", its first letter a capital."""
    parts = [_written_part(key, table, members, titles, corpus_size) for key in keys]
    if len(parts) > 1 and any(plural for _, plural in parts):
        # The parts of a list agree in number: "Helicopters and UAVs", not "Helicopter and UAVs".
        parts = [
            part if part[1] else _written_part(key, table, members, titles, corpus_size, words=True)
            for key, part in zip(keys, parts, strict=True)
        ]
    shown: list[str] = []
    for text, _ in parts:
        if text.lower() not in {s.lower() for s in shown}:  # "ViT" and "vision transformer" may read alike
            shown.append(text)
    merged = _merged_tails(shown)
    # Parts written once count their "and": "audio and music generation" is four words.
    while len(shown) > 1 and sum(len(s.split()) for s in merged) + (merged != shown) > MAX_SHOWN_WORDS:
        shown = shown[:-1]  # a spelled-out abbreviation made the name long: the last part gives way
        merged = _merged_tails(shown)
    return listed(merged)


def listed(parts: list[str]) -> str:
    """Parts as one name, "A", "A and B" or "A, B and C", its first letter a capital."""
    text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return text[:1].upper() + text[1:] if not text[:1].isupper() else text


def lower_first(name: str) -> str:
    """A name after a colon or another part: its first letter lower case where its first word is a plain word.

    A word with a capital after its first letter keeps it: "SVMs", "LLGformer", "NeRF" ("sVMs" reads wrong);
    so does a word made from a person's name (:func:`~analysis.model.phrases.is_eponym`): "... and Bayesian
    nonparametrics", not "bayesian". A hyphenated word is judged by its first part: "... and human-AI
    interaction", but "K-means" and "GPT-4" stay.
    """
    first = name.split()[0].split("-")[0] if name.strip() else ""
    if first[1:] != first[1:].lower() or first.isupper() or is_eponym(first):
        return name
    return name[:1].lower() + name[1:]


def _written_part(
    key: str, table: PhraseTable, members: list[str], titles: list[str], corpus_size: int, words: bool = False
) -> tuple[str, bool]:
    """A part as the group writes it, and whether it is written in its plural (``words``: a plain word may be)."""
    column = table.index[key]
    forms = table.forms[column]
    # The spelling most of the group's titles use, then its texts (plural or singular, "RL" or its long
    # form); ties: the longer (spelled out), then alphabetically.
    counted = {f: (_uses(f, titles), _uses(f, members)) for f in forms}
    best = min(forms, key=lambda f: (-counted[f][0], -counted[f][1], -len(f.split()), f))
    if " " in best or table.abbreviation(column) or words:
        best = _plural(best, forms, {f: sum(c) for f, c in counted.items()}, [*titles, *members])
    # Title case says nothing of a word's case: it is read in the abstracts, after their titles.
    bodies = [
        m[len(t) :] if t and m.startswith(t) else m for m, t in zip(members, titles or [""] * len(members), strict=True)
    ]
    shown = " ".join(_case(w, bodies) for w in written_form(best, [*titles, *members]).split())
    rare = [
        w for w in shown.split() if is_abbreviation(w) and _corpus_count(table, w) < KNOWN_ABBREVIATION * corpus_size
    ]
    if rare:
        shown = spelled_out(shown, members)
    return shown, any(best == plural for f in forms for plural in _plurals_of(f))


def _plural(form: str, forms: list[str], uses: dict[str, int], texts: list[str]) -> str:
    """A part's plural where it names things and the group writes it so ("humanoid robots", "GANs"), else ``form``.

    ``form`` is a phrase of several words or an abbreviation, or a plain word beside a part in the plural: alone,
    a plain word's plural read wrong as often as right on the 72 fitted corpora ("forces", "styles", "terrains"
    beside "swarms", "grippers").
    """
    last = form.split()[-1]
    if last.endswith(ABSTRACT_ENDINGS) or last in MASS_NOUNS:
        return form
    plurals = _plurals_of(form)
    for other in forms:
        if other not in plurals or uses[other] < max(1, PLURAL_SHARE * uses[form]):
            continue
        # The word alone as well: a paper writes "balance controls", "controls" is hardly ever written.
        if _uses(other.split()[-1], texts) >= WORD_PLURAL_SHARE * _uses(last, texts):
            return other
    return form


def _plurals_of(form: str) -> set[str]:
    """The spellings a form's plural may have: its last word with "s", "es" or "y" as "ies"."""
    *head, last = form.split()
    return {" ".join([*head, plural]) for plural in (last + "s", last + "es", last[:-1] + "ies")}


def _merged_tails(shown: list[str]) -> list[str]:
    """Two parts that end alike written once, last ("audio generation", "music generation").

    They read "audio and music generation"; a third part goes before them:
    "RRT, path and motion planning", not "RRT, path planning and motion planning". Parts that end in the
    singular and the plural of one word end alike, in the plural: "climbing and rescue robots".
    """
    for i, first in enumerate(shown):
        for second in shown[i + 1 :]:
            a, b = first.split(), second.split()
            n = min(shared_tail([variant_key(w) for w in a], [variant_key(w) for w in b]), len(a) - 1, len(b) - 1)
            if n > 0:
                rest = [s for s in shown if s is not first and s is not second]
                tail = a[-n:] if len(a[-1]) > len(b[-1]) else b[-n:]
                return [*rest, " ".join(a[:-n]), " ".join([*b[:-n], *tail])]
    return shown


def shared_tail(a: Sequence[str], b: Sequence[str]) -> int:
    """How many last words two word sequences share ("audio generation", "music generation": 1)."""
    n = 0
    while n < min(len(a), len(b)) and a[-1 - n] == b[-1 - n]:
        n += 1
    return n


def _uses(form: str, texts: list[str]) -> int:
    """How many texts hold ``form`` as whole words (case ignored)."""
    pattern = re.compile(r"\b" + r"\s+".join(map(re.escape, form.split())) + r"\b", re.IGNORECASE)
    return sum(1 for t in texts if pattern.search(t))


def _corpus_count(table: PhraseTable, word: str) -> int:
    column = table.index.get(variant_key(word))
    return 0 if column is None else int(table.corpus[column])


def _case(word: str, texts: list[str]) -> str:
    """A word of a title in the case a sentence gives it: "Salient" -> "salient", "Langevin" stays.

    A capitalised word stays so when the texts write it so inside sentences
    more often than in lower case (names: "Langevin", "Wasserstein").
    """
    if not word[:1].isupper() or is_abbreviation(word) or any(p[1:] != p[1:].lower() for p in word.split("-")):
        return word
    letter, hyphen, rest = word.partition("-")
    if len(letter) == 1 and hyphen and _capital_letter_first(letter, texts):
        return f"{letter}-{_case(rest, texts)}"  # "Q-networks", "K-means": the letter is a symbol, its case kept
    # A title's "Nyström" is the abstracts' "Nystrom": its case is read without the accents.
    plain, texts = (word, texts) if word.isascii() else (fold_accents(word), [fold_accents(t) for t in texts])
    return word if _capitalised_inside(plain, texts) else word.lower()


def _capital_letter_first(letter: str, texts: list[str]) -> bool:
    """Whether the texts write a one-letter first part ("Q-network") in capitals more often than not."""
    capital = sum(len(re.findall(rf"\b{letter.upper()}-\w", t)) for t in texts)
    return capital > sum(len(re.findall(rf"\b{letter.lower()}-\w", t)) for t in texts)


def _capitalised_inside(word: str, texts: list[str], seen: frozenset[str] = frozenset()) -> bool:
    """Whether the texts write ``word`` capitalised after a lower-case word more often than in lower case.

    A capital in a term the text defines ("Event Detection (ED)", "Dynamic Movement Primitives (DMPs)") is the
    definition's title case and does not count: ACL 2021's "Event Detection and knowledge graphs", ICRA 2021's
    "Dynamic Movement primitives" read so. A word never written in lower case keeps its capital where the texts
    write it capitalised inside a sentence at all ("Hamiltonian Monte Carlo (HMC)"), after a lower-case word or
    a name (:func:`_named_before`): after a word the texts write in lower case, its capital is a term's title case
    (ACL 2021's "video question Answering" was read from "Video Question Answering").
    """
    lower = _lower_uses(word, texts)
    if lower == 0:
        before = {m.group(1) for t in texts for m in re.finditer(r"([\w-]+),? " + re.escape(word) + r"\b", t)}
        seen = seen | {word}
        return any(b[:1].islower() or _named_before(b, texts, seen) for b in before)
    after_lower = r"\b[a-z][\w-]*,? " + re.escape(word) + r"\b"
    # Not a capital followed, through further capitalised words, by a parenthesis: a defined term.
    inside = re.compile(after_lower + r"(?!(?:[ -][A-Z][\w-]*)*\s*\()")
    return sum(len(inside.findall(t)) for t in texts) > lower


def _named_before(word: str, texts: list[str], seen: frozenset[str]) -> bool:
    """Whether ``word``, written before another capitalised word, is a name.

    A name is never written in lower case and is capitalised inside a sentence by the same rule: NeurIPS 2016's
    "Expectation Maximization" opens its sentences and is no name ("expectation Maximization" read so).
    """
    if word in seen or _lower_uses(word, texts):
        return False
    return _capitalised_inside(word, texts, seen)


def _lower_uses(word: str, texts: list[str]) -> int:
    """How often the texts write ``word`` in lower case."""
    pattern = re.compile(r"\b" + re.escape(word.lower()) + r"\b")
    return sum(len(pattern.findall(t)) for t in texts)


def joined_fields(first: tuple[str, str, bool], second_short: str) -> str:
    """Two fields as one name: "Differential privacy and federated learning", "Bandits, online learning and games".

    ``first`` is the first field's name, short name and whether it is broad; the second is written by its short name.
    """
    return f"{_first_of_two(first, second_short)} and {lower_first(second_short)}"


def _first_of_two(first: tuple[str, str, bool], second_short: str) -> str:
    """A narrow field's name as the first of three parts where it is a pair ("Bandits, online learning"), else short."""
    name, short, broad = first
    words = len(name.split()) - 1 + len(second_short.split())
    # "Surgical and medical robots" is one subject: "Surgical, medical robots and ..." would read as two.
    modifier = no_noun_reading(name.split(" and ")[0].split()[-1].lower())
    if not broad and name.count(" and ") == 1 and words <= MAX_SHOWN_WORDS and not modifier:
        return name.replace(" and ", ", ")
    return short
