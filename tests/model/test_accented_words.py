"""A word with an accent is one word of a name: "Schrödinger bridges", not "Schr dinger bridge".

The phrase tokens were ASCII letters, so "Schrödinger" was two words, "schr" and "dinger", and two labels of the
fitted corpora read "Schr dinger bridge and regularized optimal transport" (AISTATS 2023) and "... and schr dinger
bridge" (UAI 2023-2024); AISTATS 2013's group of a Nyström paper was "Nystr, parallel and ...".
"""

from __future__ import annotations

from analysis.model.ctfidf import BOILERPLATE
from analysis.model.naming_text import written
from analysis.model.phrase_table import phrase_table, variant_key
from analysis.model.phrases import clauses_of
from tests.model.test_naming import _corpus

BRIDGES = [
    ("Schrödinger Bridges for Image Translation", "A Schrödinger bridge joins two image distributions."),
    ("Fast Schrödinger Bridges", "We solve the Schrödinger bridge problem with fewer steps."),
    ("Schrödinger Bridges on Graphs", "A Schrodinger bridge between distributions on the nodes of a graph."),
    ("Learning Schrödinger Bridges", "Schrödinger bridges learned from samples of both ends."),
]
SKETCHES = [
    ("Greedy Bilateral Sketch", "A greedy bilateral sketch completes a low-rank matrix."),
    ("Greedy Bilateral Sketch for Streams", "The greedy bilateral sketch of a stream of columns."),
    ("Nyström Approximation for Kernels", "The Nystrom approximation projects a kernel matrix on a few columns."),
    ("Nyström Approximation with Guarantees", "Error bounds for the Nystrom approximation of a Gram matrix."),
]


def test_an_accented_word_is_one_token_and_its_key_has_no_accent():
    assert clauses_of("Schrödinger bridges and the Fréchet distance") == [
        ["schrödinger", "bridges", "and", "the", "fréchet", "distance"]
    ]
    assert variant_key("Schrödinger bridges") == variant_key("Schrodinger bridge") == "schrodinger bridge"


def test_a_key_is_made_word_by_word_as_the_whole_phrase_would_fold():
    """Folded a word at a time: a mark that folds to a space splits its word, one standing alone leaves nothing."""
    assert variant_key("Fréchet-Inception  Distances") == "frechet inception distance"
    assert variant_key("a\u00b4b classes") == "a b class"  # the acute sign folds to a space and the mark
    assert variant_key("graph \u0301 networks") == "graph network"  # no empty word between the two
    assert variant_key("\ufb01ne-tuning ΣΟΦΙΑΣ") == "fine tuning σοφιας"


def test_a_phrase_with_an_accent_is_written_as_the_group_writes_it():
    texts, titles, _ = _corpus([BRIDGES])
    table = phrase_table(texts, titles, BOILERPLATE)
    # The paper that writes "Schrodinger" counts for the same phrase.
    assert set(table.forms[table.index["schrodinger bridge"]]) >= {"schrödinger bridge", "schrodinger bridge"}
    assert written(["schrodinger bridge"], table, texts, titles, len(texts)) == "Schrödinger bridges"


def test_a_name_the_titles_write_with_its_accent_keeps_its_capital_after_another_part():
    texts, titles, _ = _corpus([SKETCHES])
    table = phrase_table(texts, titles, BOILERPLATE)
    keys = [variant_key("greedy bilateral sketch"), variant_key("nyström approximation")]
    assert written(keys, table, texts, titles, len(texts)) == "Greedy bilateral sketch and Nyström approximation"
