"""Classic AI and NLP groups (the beese2023 panel): named by classic fields, not by a modern field's generic cue.

Exact names on small hand-made groups beside the six groups of
tests/model/test_fields.py (whose "LLM agents" group keeps its name): papers
on logic that say "reasoning" and "agent" but no language model, search and
satisfiability papers, and sparse-learning papers that say "sparse".
"""

from __future__ import annotations

import numpy as np
from scipy import sparse

from analysis.model.field_table import field_table
from analysis.model.fields import fields
from tests.model.test_fields import EXPECTED, names_beside_six

# Readers wrote "Knowledge representation and logical reasoning"; an older lexicon said "LLM reasoning and agents".
LOGIC = [
    (
        "Belief Revision for Rational Agents",
        "We study belief revision of an agent whose beliefs are a set of formulas of propositional logic.",
    ),
    (
        "Reasoning about Action with Default Logic",
        "Default logic gives a nonmonotonic account of reasoning about action and change for an agent.",
    ),
    (
        "Description Logics for Ontology Reasoning",
        "We decide subsumption in an expressive description logic and use it for reasoning over an ontology.",
    ),
    (
        "Answer Set Programming for Commonsense Reasoning",
        "Answer set programming encodes commonsense reasoning about an agent's knowledge and goals.",
    ),
]
# Readers wrote "Search, satisfiability and planning complexity"; the last lexicon had no such field.
SEARCH = [
    (
        "Phase Transitions in Random SAT",
        "Random satisfiability instances are hardest at a phase transition; we measure it for a SAT solver.",
    ),
    (
        "Heuristic Search for Classical Planning",
        "A heuristic for best-first search solves classical planning problems with fewer expanded states.",
    ),
    (
        "Constraint Satisfaction with Backtracking",
        "Backtracking search with variable ordering heuristics solves constraint satisfaction problems.",
    ),
    (
        "The Size of Reactive Plans",
        "We bound the size of a reactive plan that a planner must store for a planning problem.",
    ),
]
# Readers wrote "Sparse learning and feature selection"; "sparse" alone made it "Network pruning and sparsity".
SPARSE = [
    (
        "Sparse Coding with Learned Dictionaries",
        "Dictionary learning finds a sparse representation of each signal as a few atoms of a learned dictionary.",
    ),
    (
        "Group Lasso for Variable Selection",
        "The group lasso selects groups of variables in a sparse linear model; we bound its error.",
    ),
    (
        "Feature Selection by Sparse Regression",
        "Sparse regression with an l1 penalty performs feature selection in high dimension.",
    ),
    (
        "Sparse Recovery from Few Measurements",
        "Compressed sensing recovers a sparse vector from few linear measurements by l1 minimization.",
    ),
]


def test_classic_groups_are_named_by_classic_fields_and_the_llm_group_keeps_its_name():
    assert names_beside_six(LOGIC, SEARCH, SPARSE) == EXPECTED | {
        6: "Knowledge representation and logical reasoning",
        7: "Search, satisfiability and planning",
        8: "Sparse learning and feature selection",
    }


def test_a_field_of_llms_covers_only_papers_that_name_a_language_model():
    field = next(i for i, f in enumerate(fields()) if f.name == "LLM reasoning and chain-of-thought")
    assert "language model" in fields()[field].needs
    keys = ["reasoning", "agent", "language model"]
    # Paper 0: reasoning by an agent, no language model; paper 1: reasoning with a language model.
    text = sparse.csr_matrix(np.array([[1, 1, 0], [1, 0, 1]], dtype=np.int32))
    found = field_table(keys, {}, text, sparse.csr_matrix(text.shape, dtype=np.int32))
    assert found.text[:, field].tolist() == [False, True]
    assert int(found.corpus[field]) == 1


# ICLR 2024's topic of LLM reasoning, math and theorem proving was "LLM reasoning and agents" while another topic
# held its agents; the readers of final panels 46, 47 and 53 wrote "LLM reasoning, math and theorem proving".
LLM_REASONING = [
    (
        "Chain-of-Thought Prompting for Math Word Problems",
        "Chain-of-thought prompting lets a large language model solve math word problems step by step.",
    ),
    (
        "Theorem Proving with Large Language Models",
        "A large language model writes formal proofs; theorem proving improves as it reads failed attempts.",
    ),
    (
        "Self-Consistency Improves Reasoning in Language Models",
        "Sampling many reasoning paths from a language model and voting improves its mathematical reasoning.",
    ),
    (
        "Mathematical Reasoning of LLMs under Distribution Shift",
        "We test the mathematical reasoning of LLMs on problems rewritten with new numbers and names.",
    ),
]


def test_llm_reasoning_is_named_apart_from_llm_agents():
    assert names_beside_six(LLM_REASONING) == EXPECTED | {6: "LLM reasoning and chain-of-thought"}


def test_a_phase_transition_is_no_cue_of_search_and_satisfiability():
    # COLT 2018's topic of high-dimensional estimation was "Search, satisfiability and planning" (1.00 of 5) by two
    # papers on phase transitions of estimators; panel 86 rated it 3.00 named by its own fields.
    search = next(i for i, f in enumerate(fields()) if f.name == "Search, satisfiability and planning")
    keys = ["phase transition", "local search"]
    text = sparse.csr_matrix(np.array([[1, 0], [0, 1]], dtype=np.int32))
    found = field_table(keys, {}, text, sparse.csr_matrix(text.shape, dtype=np.int32))
    assert found.text[:, search].tolist() == [False, True]
