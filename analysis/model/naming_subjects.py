"""Subjects of papers and phrases: whether two phrases name one subject, and what a small group's papers are about.

Used by :mod:`analysis.model.naming` to keep a name's parts distinct
("LLMs" and "language models" are one subject), to name a small group
whose papers share no phrase by each paper's own subject, and an area
by what many of its titles say.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache

import numpy as np
import snowballstemmer

from analysis.model.naming_fields import Candidate
from analysis.model.naming_text import MAX_SHOWN_WORDS, lower_first
from analysis.model.naming_weights import DECIMALS
from analysis.model.phrase_table import PhraseTable
from analysis.model.phrases import lexicon_readings

MAX_ACRONYM = 5
# An abbreviation spelled with more than its initials has at most this many letters ("gflownets").
MAX_SPELLED = 10
# A title's part before a colon of at most this many words is its system's name ("Query2Particles:").
MAX_NAME_WORDS = 2
_STEMMER = snowballstemmer.stemmer("english")
# An area's subject is in at least this many of its titles ...
AREA_TITLES = 3
# ... with this share of the corpus's papers holding it in the area.
AREA_FOCUS = 0.3
# A longer phrase replaces a shorter one inside it when it keeps this part of its papers
# ("neural radiance fields" for "radiance fields").
EXTEND = 0.6
# Words a title opens with before a colon to say what kind of paper it is, not its subject ("Position: ...").
GENRES = ("position", "perspective", "survey", "tutorial", "opinion")
# A genre word opening this many of a corpus's titles is no subject there ...
GENRE_TITLES = 3
# ... and a group whose titles open with it in this share is named as papers of that kind.
GENRE_SHARE = 0.5


def same_subject(one: Candidate, other: Candidate) -> bool:
    """Whether two phrases share a word, or one word's first seven letters ("equivariant", "equivariance").

    Abbreviations are read as their long forms: "LLMs" and "language models" share a subject.
    """
    a, b = set(one.words) | {one.key}, set(other.words) | {other.key}
    if any(same_word(x, y) for x in a for y in b):
        return True  # "Adam" and "AdamW", "graph" and "graphs"
    if _acronym_of(one, other.words) or _acronym_of(other, one.words):
        return True
    return bool({w[:7] for w in a if len(w) >= 7} & {w[:7] for w in b if len(w) >= 7})


def same_word(a: str, b: str) -> bool:
    """Whether two words are one: equal, one starting the other (four letters or more), or of one stem.

    "robot" and "robotic"; "printing" and "printed", "disability" and
    "disabled", "legged" and "leg" (the Snowball English stemmer); "tracker" and "tracking".
    """
    if a == b or (min(len(a), len(b)) >= 4 and (a.startswith(b) or b.startswith(a))):
        return True
    if min(len(a), len(b)) < 3:
        return False
    # "tracker" and "tracking": the seven judged names that said the two ("Visual tracking and tracker") averaged 2.67.
    return _stem(a) == _stem(b) or _stem(_doer(a)) == _stem(b) or _stem(a) == _stem(_doer(b))


def _doer(word: str) -> str:
    """The verb of an agent noun of five letters or more ("trackers": "track"), else the word."""
    base = word.removesuffix("s")
    return base[:-2] if base.endswith("er") and len(base) >= 7 else word


@cache
def _stem(word: str) -> str:
    return str(_STEMMER.stemWord(word))


def _acronym_of(one: Candidate, words: tuple[str, ...]) -> bool:
    """Whether ``one`` is one word, no dictionary's or written as an abbreviation, that abbreviates ``words``.

    Of at most five letters, it starts or ends on their initials: "PDE" and
    "differential equations", "SLAM" and "simultaneous localization", "LTLf"
    and "linear temporal logic" name one subject even where no paper defines
    it; "convergence" and "convex optimization" do not. Of three initials or
    more, a longer one holds them in order from its first letter
    ("GFlowNets" and "generative flow networks"). Names that said one
    subject twice ("SLAM and simultaneous localization" at three robotics
    venues) read as a defect.
    """
    short = one.key
    if " " in short or len(words) < 2 or (lexicon_readings(short) and not one.abbreviation):
        return False
    initials = "".join(w[0] for w in words)
    if len(short) <= MAX_ACRONYM and (short.startswith(initials) or short.endswith(initials)):
        return True
    return len(initials) >= 3 and len(short) <= MAX_SPELLED and short[0] == initials[0] and _in_order(initials, short)


def _in_order(letters: str, word: str) -> bool:
    """Whether ``word`` holds ``letters`` in their order."""
    rest = iter(word)
    return all(letter in rest for letter in letters)


def paper_subjects(
    table: PhraseTable, rows: np.ndarray, texts: Sequence[str], titles: Sequence[str]
) -> list[Candidate]:
    """The subjects of a small group's papers, for a group whose papers share none: up to three, distinct.

    A paper's subject is the phrase its title (or first sentence) opens with,
    the longest of those that start there ("Proteins are inherently dynamic",
    "Single-cell perturbation modeling is ..."). The shortest subjects are
    named first (ties: the key), while the name keeps :data:`MAX_SHOWN_WORDS` words.
    """
    found = []
    for row in rows.tolist():
        own = table.title[row].indices.tolist()
        if own:
            title = _after_name(titles[row])
            best = min(own, key=lambda j: (_at(table.forms[j], title), -_length(table, j), table.keys[j]))
            found.append(Candidate(table.keys[best], 0.0, frozenset({row}), True, table.long_words(best)))
    found.sort(key=lambda c: (_length(table, table.index[c.key]), c.key))
    subjects: list[Candidate] = []
    for subject in found:
        words = sum(_length(table, table.index[c.key]) for c in (*subjects, subject))
        if len(subjects) < 3 and words <= MAX_SHOWN_WORDS and not any(same_subject(subject, c) for c in subjects):
            subjects.append(subject)
    return subjects


def title_genres(titles: Sequence[str]) -> frozenset[str]:
    """The genre words (:data:`GENRES`) that open :data:`GENRE_TITLES` of the titles or more before a colon.

    ICML's position track has its titles open with "Position:" (75 of ICML 2024's 2,610); the word named a
    group of them "Position", which readers scored 2.33 and 2.00 of 5 (dev panel 2, final panel 57 in bench/);
    they wrote "Position papers on ML research". Such a word is read as boilerplate, no subject, and the group is
    named by :func:`with_genre` ("Position papers", 3.33 in final panel 57).
    """
    opened = Counter(_genre(title) for title in titles)
    return frozenset(g for g, n in opened.items() if g and n >= GENRE_TITLES)


def with_genre(
    name: str | None, heads: Sequence[str], genres: frozenset[str], whole: bool, used: set[str]
) -> str | None:
    """``name`` as papers of a genre ("Position papers on ...") where :data:`GENRE_SHARE` of ``heads`` open with it.

    ``whole``: whether ``name`` says what most of the group is about (a field, or a phrase of half of it);
    else the group is named by its genre alone ("Position papers"), not by a phrase of two of its papers,
    unless another group (in ``used``, lower case) is named so.
    """
    opened = Counter(_genre(title) for title in heads)
    genre = next((g for g in sorted(genres) if opened[g] >= GENRE_SHARE * max(len(heads), 1)), None)
    if genre is None:
        return name
    kind = f"{genre.capitalize()} papers"
    if not name or not (whole or kind.lower() in used):
        return kind
    # "Position papers on ..." already says its papers are of many subjects: no "Mixed:" after it.
    return f"{kind} on {lower_first(name.removeprefix('Mixed: '))}"


def _genre(title: str) -> str:
    """The genre word a title opens with before a colon ("position" for "Position: ..."), else ``""``."""
    head, colon, _ = title.partition(":")
    word = head.strip().lower()
    return word if colon and word in GENRES else ""


def _after_name(title: str) -> str:
    """A title without the name of its paper's system before a colon ("PERKGQA: Question Answering over ...").

    Readers scored names made of such names ("Crake, PERKGQA and Query2Particles", "MixAssist, ProsodyLM and
    Rhapsody") 1.0 of 5: the name says nothing of the subject; what follows the colon does.
    """
    head, colon, rest = title.partition(":")
    return rest if colon and rest.strip() and len(head.split()) <= MAX_NAME_WORDS else title


def _length(table: PhraseTable, column: int) -> int:
    """The words of a phrase's shortest spelling."""
    return min(len(f.split()) for f in table.forms[column])


def _at(forms: list[str], title: str) -> int:
    """Where in ``title`` the first of ``forms`` starts (its length where none is found)."""
    lowered = " ".join(title.lower().replace("-", " ").split())
    places = [lowered.find(f.replace("-", " ")) for f in forms]
    return min([p for p in places if p >= 0], default=len(lowered))


def longest_variants(words: dict[int, tuple[str, ...]], count: np.ndarray) -> list[int]:
    """The columns without a phrase that a longer candidate holding it mostly replaces ("radiance fields").

    Words are compared with abbreviations read as their long forms: "SNNs" holds "neural networks".
    """
    runs: dict[tuple[str, ...], list[int]] = {}
    for j, w in words.items():
        for a in range(len(w)):
            for b in range(a + 1, len(w) + 1):
                if b - a < len(w):
                    runs.setdefault(tuple(w[a:b]), []).append(j)
    return [j for j in words if not any(count[k] >= EXTEND * count[j] for k in runs.get(words[j], ()))]


def area_subjects(table: PhraseTable, rows: np.ndarray) -> list[Candidate]:
    """An area's name where no field names it: the three subjects most of its titles name, its own.

    A phrase (or word) in :data:`AREA_TITLES` titles of the area or more, with :data:`AREA_FOCUS` of the
    corpus's papers holding it in the area, ranked by its titles times that focus; distinct subjects.
    Writers name an area by what many of its titles say ("Locomotion, gait and exoskeletons"), not by
    the most specific phrase of its largest topic ("Robotic hip exoskeleton").
    """
    titles = np.asarray(table.title[rows].sum(axis=0)).ravel()
    texts = np.asarray(table.text[rows].sum(axis=0)).ravel()
    scored = []
    for j in np.flatnonzero(titles >= AREA_TITLES).tolist():
        focus = round(float(texts[j] / table.corpus[j]), DECIMALS)
        if focus >= AREA_FOCUS and not table.joined_by_connector(j):
            scored.append((round(float(titles[j]) * focus, DECIMALS), j))
    scored.sort(key=lambda pair: (-pair[0], table.keys[pair[1]]))
    words = {j: table.long_words(j) for _, j in scored}
    kept = set(longest_variants(words, titles))
    chosen: list[Candidate] = []
    for score, j in scored:
        subject = Candidate(table.keys[j], score, frozenset(), True, words[j])
        if j in kept and not any(same_subject(subject, c) for c in chosen):
            chosen.append(subject)
        if len(chosen) == 3:
            break
    return chosen
