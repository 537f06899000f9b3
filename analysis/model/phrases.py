"""Key phrases of a topic's papers: the noun-phrase-like word sequences its label is chosen from.

A phrase is one to four words inside one clause (no punctuation between
them) that starts and ends with a content word: not a stop word, not
abstract boilerplate ("propose", "novel"), not ending on an adjective or
adverb ("graph neural", "significantly", "severe": by its ending, a list, or
an English lexicon). Only "of", "for", "in", "on",
"with", "under" and "to" may join words inside ("offline RL in contextual
MDPs"). Phrases are counted per paper in lower case and shown as the papers
write them ("LLM watermarking").
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING

import numpy as np

from analysis.text import fold_accents

if TYPE_CHECKING:
    from scipy.sparse import csc_matrix

MAX_WORDS = 4


def _word_set(words: str) -> frozenset[str]:
    return frozenset(words.split())


# What ends a sentence or a title's part ("CONTENT2VEC: SPECIALIZING ...").
_SENTENCE_ENDS = (". ", ": ", "? ", "! ")
# Words before a phrase that say what is done to it, not what kind it is ("training GANs": panel 78).
ACTS = frozenset({"training", "learning", "using", "improving", "understanding", "evaluating"})
# Terms whose first word is elsewhere a verb ("support the claim"): it starts them ("support vector machines").
TERM_STARTS = {"support": "vector"}
# Prefixes cut from their word ("(Non-)convex", "pre- and post-training"): no phrase ends with one.
_PREFIXES = frozenset({"non", "semi", "multi", "pre", "post", "anti", "co", "sub", "inter", "intra", "pseudo", "quasi"})
# Words that may join two content words inside a phrase.
CONNECTORS = frozenset({"of", "for", "in", "on", "with", "under", "to"})
# Boilerplate that still ends a phrase well: "reinforcement learning", "language models", "tabular data".
HEAD_NOUNS = frozenset(
    {"learning", "model", "models", "data", "training", "inference", "code", "world", "state", "problem", "problems"}
)
# Boilerplate that still starts a phrase well: "large language models", "data augmentation", "low-rank".
MODIFIERS = frozenset({"learning", "model", "data", "training", "inference", "code", "world", "state", "large", "low"})
# Endings of adjectives, adverbs and participles: a phrase ending in one is not a noun phrase.
_ADJECTIVE_END = re.compile(
    r"(?:al|ive|ous|able|ible|ful|less|ly|ed|ic|ant|ent|ary|ior)$"
    # hyphenated modifiers: "channel-wise", "newton-type", "multi-scale", "fairness-accuracy (trade-off)"
    r"|-(?:wise|type|based|like|aware|specific|free|level|scale|agnostic|driven|guided|dependent|accuracy)$"
)
# Nouns with those endings that often end a topic's phrase.
_NOUNS = _word_set(
    """signal signals retrieval goal interval removal proposal potential trial protocol tutorial manual
    objective objectives alternative perspective incentive incentives derivative derivatives
    metric metrics heuristic heuristics logic music topic topics traffic graphic graphics dynamic
    agent agents gradient gradients component components element elements segment segments
    student students patient patients client clients descent embedding point content event events
    environment environments experiment requirement assessment alignment treatment deployment
    management development improvement measurement movement argument document documents equipment
    adversary library boundary summary dictionary memory inventory vocabulary trajectory
    behavior behaviour seed speed need feed bed red shed variant constant assistant participant critic
    variable table intent parent clinic arithmetic mechanic epidemic"""
)
# Words that alone name no topic (they still end one: "link prediction", "virtual screening benchmark").
_TOO_BROAD = _word_set(
    """function functions prediction predictions estimation structure structures baseline baselines analysis
    algorithm algorithms technique techniques system systems process processes information accuracy efficiency
    capability capabilities benchmark benchmarks dataset datasets network networks objects quality
    representation representations architecture architectures strategy strategies solution solutions
    change changes"""
)
_CLAUSE = re.compile(r"[.,;:!?()\[\]{}\"]|\s[-\u2013\u2014]\s")
# Latin letters with their accents: an ASCII class cut "Schrödinger bridge" into "Schr dinger bridge".
LETTERS = "A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f"
_TOKEN = re.compile(rf"[{LETTERS}][{LETTERS}0-9]*(?:[-'][{LETTERS}0-9]+)*")


# Adjectives without an adjective's ending: they end no phrase ("reasoning and compact").
_ADJECTIVES = _word_set(
    """compact robust simple general complex diverse small accurate strong weak hard fast sparse dense better
    good long short multiple single similar original main common open safe fair stable rich noisy clean
    hidden latent deep shallow wide narrow broad fine coarse prior unknown inverse"""
)
# Verbs that abstracts use with an object ("construct prediction sets"): they start no phrase.
_VERBS = _word_set(
    """achieve align allow apply build capture combine compute construct design detect develop enable enhance
    ensure estimate evaluate exploit extend find generate handle identify incorporate make obtain offer
    outperform perform predict promote reduce require solve yield explore investigate analyze analyse mitigate
    exhibit consider employ utilize utilise tackle adapt assess characterize characterise derive establish
    maintain preserve produce remain reveal benefit encourage facilitate guide help integrate lack lead limit
    motivate prevent prove remove replace scale select steer suffer support surpass transfer unify validate"""
)
_DETERMINERS = _word_set("the a an these this their its our such each both any")
_AUXILIARIES = _word_set("has have had is are was were be been being")
# A verb's third person ("quantizes", "optimises"): it ends no noun phrase.
_VERB_FORM = re.compile(r"(?:iz|is|if)(?:es|ies)$")
# First parts of hyphenated compound modifiers ("real-time", "low-cost", "single-stage"): English hyphenates an
# adjective with a noun where the pair modifies another noun, so such a word ends no phrase. The 15 judged names
# holding one as a part ("Surface and real-time", "Low-cost and model predictive control") averaged 2.22 of 5,
# 9 of them poor. Not prepositions: "out-of-distribution" is also the long form of "OOD".
_COMPOUND_STARTS = _word_set("real low high full open single large small long short wide")


@lru_cache(maxsize=65536)
def lexicon_readings(word: str) -> frozenset[str]:
    """The parts of speech the English lexicon knows ``word`` as ("ADJ", "NOUN", "VERB", ...); empty if unknown.

    The lexicon is lemminflect's (from the AGID inflection database and the
    NIH SPECIALIST lexicon, inside its wheel; nothing is downloaded).
    """
    from lemminflect import getAllLemmas

    return frozenset(getAllLemmas(word))


def no_noun_reading(word: str) -> bool:
    """Whether the English lexicon knows ``word`` only as a modifier or a verb, never as a noun.

    Adjectives and adverbs ("severe", "robust") and verbs ("generate",
    "outperforms") end no noun phrase; a verb's -ing form does ("reasoning",
    "forecasting": gerunds, which the lexicon lists as verbs only). A
    hyphenated word is read by its last part ("convex-concave", "non-convex"). A word it does not know
    ("GNNs", "NeRF") is not ruled out; one that may be a noun ("bound",
    "design", "attacks") is not either.
    """
    last = word.rsplit("-", 1)[-1]
    readings = lexicon_readings(last)
    if readings and (readings <= {"ADJ", "ADV"} or (readings == {"VERB"} and not last.endswith("ing"))):
        return True
    return _verb_form_of_a_verb(last)


def compound_modifier(word: str) -> bool:
    """Whether ``word`` is a hyphenated modifier ("real-time", "low-rank"); a gerund is none ("fine-tuning").

    So is an idiom with a determiner inside ("in-the-wild", "state-of-the-art", "off-the-shelf"): CVPR 2017's
    group of face recognition in unconstrained photographs was "Face recognition and in-the-wild".
    """
    parts = word.split("-")
    if len(parts) >= 3 and not _DETERMINERS.isdisjoint(parts[1:-1]):
        return True
    return len(parts) >= 2 and parts[0] in _COMPOUND_STARTS and not parts[-1].endswith("ing")


@lru_cache(maxsize=65536)
def _verb_form_of_a_verb(word: str) -> bool:
    """Whether ``word`` is the third person of a verb that is no noun ("remains" of "remain"; not "models").

    The lexicon also lists "remains" as a noun of its own; a label ending on
    it read "video generation remains" on the seeds.
    """
    from lemminflect import getAllLemmas

    if not word.endswith("s"):
        return False
    verbs = [lemma for lemma in getAllLemmas(word).get("VERB", ()) if lemma != word]
    return any(lexicon_readings(lemma) == {"VERB"} for lemma in verbs)


def _base(word: str) -> str:
    for ending in ("ing", "es", "ed", "s"):
        if word.endswith(ending) and len(word) - len(ending) >= 3:
            stem = word[: -len(ending)]
            return stem if stem in _VERBS else stem + "e" if stem + "e" in _VERBS else word
    return word


class WordRoles:
    """Which words may start and end a phrase, from fixed lists and from how the corpus uses each word.

    A word followed by a determiner in at least a fifth of its uses is a
    verb ("detecting the"); one followed by another content word in at least
    four fifths of them is a modifier ("inverse problems", "graph neural
    networks"): neither starts, respectively ends, a phrase.
    """

    def __init__(self, clauses: list[list[str]], boilerplate: Iterable[str]):
        from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

        self.stop = frozenset(ENGLISH_STOP_WORDS)
        self.generic = frozenset(boilerplate) | {
            *("state-of-the-art", "well-known", "via", "also", "thus", "first", "respect", "regard")
        }
        # Counted with Counter over the word pairs of each clause (a C loop): the corpus has ~500k words.
        uses = Counter(word for words in clauses for word in words)
        pairs = [pair for words in clauses for pair in pairwise(words)]
        before_object = Counter(word for word, after in pairs if after in _DETERMINERS)
        before_word = Counter(word for word, after in pairs if after not in self.stop)
        after_auxiliary = Counter(word for before, word in pairs if before in _AUXILIARIES)
        self.verbs = {w for w, n in uses.items() if n >= 3 and before_object[w] >= 0.2 * n}
        # "has gained attention", "was trained": a participle, not a modifier ("supervised learning").
        self.verbs |= {w for w, n in uses.items() if w.endswith(("ed", "en")) and after_auxiliary[w] >= 0.2 * n}
        self.modifiers = {w for w, n in uses.items() if n >= 3 and before_word[w] >= 0.8 * n}
        # Each word's answers, kept: a corpus asks about the same ~20k words for its ~500k uses.
        self._starts: dict[str, bool] = {}
        self._ends: dict[str, bool] = {}

    def starts(self, word: str) -> bool:
        """:meth:`can_start`, remembered per word."""
        known = self._starts.get(word)
        if known is None:
            known = self._starts[word] = self.can_start(word)
        return known

    def ends(self, word: str) -> bool:
        """:meth:`can_end`, remembered per word."""
        known = self._ends.get(word)
        if known is None:
            known = self._ends[word] = self.can_end(word)
        return known

    def can_start(self, word: str) -> bool:
        """Whether a phrase may begin with ``word`` (lower case)."""
        if not self._content(word) or word.endswith("ly") or (word in self.generic and word not in MODIFIERS):
            return False
        if word in MODIFIERS:
            return True
        # A verb's base form the lexicon knows only as a verb ("follow", "learn") starts no noun phrase;
        # its participles may ("federated learning", "reasoning models").
        only_verb = lexicon_readings(word) == {"VERB"} and not word.endswith(("ing", "ed"))
        return word not in self.verbs and _base(word) not in _VERBS and not only_verb

    def can_end(self, word: str) -> bool:
        """Whether a phrase may end with ``word`` (lower case)."""
        if not self._content(word) or (word in self.generic and word not in HEAD_NOUNS) or word in self.modifiers:
            return False
        if word in _PREFIXES:
            return False
        if word in _ADJECTIVES or _VERB_FORM.search(word) or no_noun_reading(word) or compound_modifier(word):
            return False
        return word in _NOUNS or word in HEAD_NOUNS or not _ADJECTIVE_END.search(word)

    def _content(self, word: str) -> bool:
        return len(word) >= 2 and word not in self.stop and "'" not in word


def clauses_of(text: str) -> list[list[str]]:
    """The lower-case words of each clause of a text (punctuation ends a clause)."""
    return [[w.lower() for w in _TOKEN.findall(clause)] for clause in _CLAUSE.split(text)]


def paper_phrases(clauses: list[list[str]], roles: WordRoles) -> set[str]:
    """The lower-case phrases of one text's clauses (each counted once)."""
    found = set()
    # The roles' remembered answers, read directly: a corpus asks about ~500k words.
    known_starts, known_ends = roles._starts, roles._ends
    for words in clauses:
        starts = [known_starts[w] if w in known_starts else roles.starts(w) for w in words]
        ends = [known_ends[w] if w in known_ends else roles.ends(w) for w in words]
        for i, word in enumerate(words):
            if not starts[i] and not (word in TERM_STARTS and words[i + 1 : i + 2] == [TERM_STARTS[word]]):
                continue
            joined = 0
            for j in range(i, min(i + MAX_WORDS, len(words))):
                if j > i and words[j] in CONNECTORS:
                    joined += 1
                elif j > i and not (starts[j] or ends[j] or words[j] in MODIFIERS):
                    break
                if joined > 1:
                    break
                if ends[j] and (j > i or (word not in roles.generic and word not in _TOO_BROAD)):
                    found.add(" ".join(words[i : j + 1]))
    return found


def phrase_counts(texts: list[str], boilerplate: Iterable[str]) -> tuple[csc_matrix, np.ndarray]:
    """Papers-by-phrases binary matrix (sparse, CSC) and the phrases, sorted; ``boilerplate`` never ends one."""
    from sklearn.feature_extraction.text import CountVectorizer

    clauses = [clauses_of(text) for text in texts]
    roles = WordRoles([words for text in clauses for words in text], boilerplate)
    counter = CountVectorizer(analyzer=lambda text: paper_phrases(text, roles), binary=True)
    matrix = counter.fit_transform(clauses).tocsc()
    return matrix, np.asarray(counter.get_feature_names_out())


# Plurals whose ending does not give their singular, each with it: "matrices" and "matrix" are one word.
_SINGULAR = {
    "analyses": "analysis",
    "hypotheses": "hypothesis",
    "matrices": "matrix",
    "vertices": "vertex",
    "indices": "index",
    "criteria": "criterion",
    "phenomena": "phenomenon",
}


def stem_key(phrase: str) -> str:
    """The phrase with plural endings removed, so that "skill" and "skills", "process" and "processes" count as one."""
    return " ".join(_singular(word) for word in phrase.split())


def _singular(word: str) -> str:
    """A word's singular as far as its ending tells ("classes": "class"), or as :data:`_SINGULAR` lists it."""
    if word in _SINGULAR:
        return _SINGULAR[word]
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 5 and word.endswith("sses"):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


# Words made from a person's or a place's name, written with a capital inside a sentence: a phrase written in lower
# case by some texts ("gaussian process") and a field's name after another part ("... and Kalman filtering") keep it.
EPONYMS = frozenset(
    [
        "Bayesian",
        "Boltzmann",
        "Carlo",
        "Dirichlet",
        "Euclidean",
        "Fourier",
        "Gaussian",
        "Hamiltonian",
        "Hessian",
        "Hilbert",
        "Kalman",
        "Koopman",
        "Langevin",
        "Laplacian",
        "Lipschitz",
        "Markov",
        "Markovian",
        "Monte",
        "Nash",
        "Newton",
        "Pareto",
        "Riemannian",
        "Shapley",
        "Stein",
        "Thompson",
        "Wasserstein",
    ]
)


def written_form(phrase: str, texts: list[str]) -> str:
    """How the texts most often write a lower-case phrase ("llm watermarking" -> "LLM watermarking").

    Ties go to the form in lower case, then alphabetically; a word with only
    its first letter a capital ("Spiking Neural Networks", a title or a
    sentence's start) is kept so only where the texts never write it in lower
    case ("Nash", "Langevin"). An acronym keeps the case most papers give it
    ("CLIP", though a link or "a video clip" writes "clip"). A sentence in capitals (a title written so) says
    nothing of a word's case: ICLR 2017's "PRODUCT IMAGES" came from one.
    """
    pattern = re.compile(r"\b" + r"\s+".join(map(re.escape, phrase.split())) + r"\b", re.IGNORECASE)
    found = [(text, m) for text in texts for m in pattern.finditer(text)]
    # A title in capitals shouts every word ("PRODUCT IMAGES" at ICLR 2017): its case says nothing.
    forms = Counter(" ".join(m.group(0).split()) for text, m in found if not _in_capitals(text, m))
    if not forms:
        return " ".join(_named(w) for w in phrase.split()) if found else phrase
    best = min(forms, key=lambda f: (-forms[f], f != f.lower(), f)).split()
    lower = {w for form in forms for w in form.split() if w.islower()}
    # A person's or a place's name keeps its capital though a text writes it in lower case ("gaussian process").
    return " ".join(_named(w) if (w.istitle() and w.lower() in lower) or w.islower() else w for w in best)


def _in_capitals(text: str, match: re.Match[str]) -> bool:
    """Whether a match stands in a sentence with no lower-case letter: a title in capitals."""
    start = max(text.rfind(end, 0, match.start()) for end in _SENTENCE_ENDS) + 1
    after = [i for i in (text.find(end, match.end()) for end in _SENTENCE_ENDS) if i >= 0]
    return not any(c.islower() for c in text[start : min(after, default=len(text))])


def _named(word: str) -> str:
    """A word in lower case, or with its capital where it is made from a name (:func:`is_eponym`)."""
    return word.capitalize() if is_eponym(word) else word.lower()


def is_eponym(word: str) -> bool:
    """Whether a word, or its part before a hyphen, is made from a name (:data:`EPONYMS`), in any case."""
    return word.split("-")[0].capitalize() in EPONYMS


@lru_cache(maxsize=1 << 18)
def variant_key(phrase: str) -> str:
    """The key that a phrase's variants share: lower case, accents folded, hyphens as spaces, plurals removed.

    Papers write "Schrödinger" and "Schrodinger", "Fréchet" and "Frechet": one phrase.
    """
    # Word by word: a corpus's ~110k phrases are made of some ~20k words. Folding accents acts on each
    # character alone, so a phrase folds as its words do.
    return " ".join([part for word in phrase.lower().split() for part in _word_key(word)])


@lru_cache(maxsize=1 << 16)
def _word_key(word: str) -> tuple[str, ...]:
    """:func:`variant_key`'s parts of one lower-case word (a hyphen splits it; an accent alone leaves none)."""
    return tuple(_singular(part) for part in fold_accents(word).replace("-", " ").split())


def abbreviated(key: str, short: dict[tuple[str, ...], str], starts: frozenset[str] | None = None) -> str:
    """The key with each long form read as its abbreviation ("offline reinforcement learning" -> "offline rl").

    ``starts`` (the first words of the long forms) lets a key without one pass unchanged at once.
    """
    words = key.split()
    if starts is not None and starts.isdisjoint(words):
        return key
    out, at = [], 0
    while at < len(words):
        for end in range(len(words), at + 1, -1):
            if tuple(words[at:end]) in short:
                out.append(short[tuple(words[at:end])])
                at = end
                break
        else:
            out.append(words[at])
            at += 1
    return " ".join(out)
