"""What names an area: a broad field only where the area holds it more than the rest of the corpus; phrases first.

Blind readers scored the 17 areas named by a broad field that the corpus's other papers hold nearly as often
(the area holding it under 1.5 times as often: "Large language models" at ACL 2021, NAACL 2022 and COLING 2020,
"Learning theory and optimization" at AISTATS and COLT) 2.41 of 5, 10 of them poor; the 85 other areas a broad
field named, 3.30. Among an area's title subjects a word alone ranked with phrases ("Word, probing and
embeddings" at ACL 2022).
"""

from __future__ import annotations

import pytest

from analysis.model import naming
from analysis.model.ctfidf import BOILERPLATE
from analysis.model.naming import group_names
from tests.model.test_naming import CLOUD, TEXT_TO_IMAGE, _corpus

PLACES = ("Rivers", "Winter", "Cities", "Love", "War")


def _papers(kind: str, with_model: int = 5) -> list[tuple[str, str]]:
    """Five papers on a kind of wordplay, the first ``with_model`` of them with a language model."""
    return [
        (
            f"{kind} of {place}",
            f"We study {kind.lower()} of {place.lower()}"
            + (" with a language model." if i < with_model else " by hand."),
        )
        for i, place in enumerate(PLACES)
    ]


WORDPLAY = _papers("Puns") + _papers("Poems") + _papers("Sonnets") + _papers("Slogans")


@pytest.mark.parametrize(
    ("elsewhere", "first_name"),
    [(4, "Poems, puns and slogans"), (0, "Large language models")],
)
def test_a_broad_field_names_an_area_only_where_the_rest_of_the_corpus_holds_it_less(
    monkeypatch, elsewhere, first_name
):
    # Every paper of the first area uses a language model; the other areas' 4 of 5 (as at an NLP venue) or none.
    monkeypatch.setattr(naming, "covers", lambda fields: True)  # a venue of the lexicon, as ACL 2021 is
    riddles = _papers("Riddles", elsewhere) + _papers("Crosswords", elsewhere)
    anagrams = _papers("Anagrams", elsewhere) + _papers("Palindromes", elsewhere)
    texts, titles, topics = _corpus([WORDPLAY, riddles, anagrams])
    names = group_names(texts, titles, topics, BOILERPLATE, topics)
    assert names == {0: first_name, 1: "Crosswords and riddles", 2: "Anagrams and palindromes"}


CLAIMS = [
    ("Fact Verification of Tweets", "Tweets are checked against sources."),
    ("Fact Verification with Tables", "Numbers are checked against tables."),
    ("Fact Verification for Science", "Findings are checked against papers."),
    ("Fact Verification in Speeches", "Speeches are checked against records."),
    ("Claims in Reused News", "Reused passages are traced across outlets."),
    ("Claims Children Read", "Sentences are rewritten in simpler words."),
    ("Claims Across Grades", "Readability scores are compared across grades."),
    ("Claims in Slang", "Slang is mapped to standard spellings."),
    ("Claims with Watermarks", "A hidden signal marks generated passages."),
    ("Claims of Hoaxes", "Hoaxes are told from true stories."),
]


def test_among_an_areas_title_subjects_a_phrase_comes_before_a_word_alone(monkeypatch):
    # "claims" is in 6 titles, "fact verification" in 4: the word alone weighs half.
    monkeypatch.setattr(naming, "covers", lambda fields: False)
    texts, titles, topics = _corpus([CLAIMS, CLOUD, TEXT_TO_IMAGE])
    assert group_names(texts, titles, topics, BOILERPLATE, topics)[0] == "Fact verification and claims"
