"""Fields of language-model research since 2023: pretraining, instruction data, evaluation, mechanistic work.

COLM 2024's topic of pretraining data and scaling laws was "LLM-Datasets and synthetic datasets" (readers'
mean 2.33; they wrote "LLM training data and adaptation"), its instruction-tuning topic "Tuning large language
models" (3.00; "Instruction tuning and data synthesis"); ICLR 2024's in-context learning topic, half of it on
attention heads and circuits, "In-context learning" (3.00; "In-context learning and mechanistic
interpretability"). Exact names on small hand-made groups beside the six groups of tests/model/test_fields.py.
"""

from __future__ import annotations

from collections import Counter

from analysis.model.ctfidf import BOILERPLATE
from analysis.model.naming import group_names
from analysis.model.phrase_table import short_forms
from tests.model.test_fields import EXPECTED, SIX
from tests.model.test_naming import _corpus

PRETRAINING = [
    (
        "Scaling Laws for Data Filtering",
        "Scaling laws of large language models change when pretraining data is filtered.",
    ),
    ("Data Mixtures for LLM Pretraining", "We choose the data mixture of a large language model's pretraining corpus."),
    (
        "Compute-Optimal Pretraining of Small LMs",
        "Compute-optimal pretraining of small language models needs more data.",
    ),
    ("Deduplicating Pretraining Data", "Removing near duplicates from pretraining data helps language models."),
]
INSTRUCTIONS = [
    ("Self-Instruct at Scale", "Instruction tuning of a large language model on synthetic data it writes itself."),
    ("Less Instruction Data Is More", "A thousand curated examples suffice for instruction tuning of an LLM."),
    (
        "Model Collapse from Synthetic Data",
        "Training a language model on its own synthetic data leads to model collapse.",
    ),
    ("Data Synthesis for Math SFT", "Data synthesis gives supervised fine-tuning data for a large language model."),
]
JUDGES = [
    ("Length Bias in LLM-as-a-Judge", "An LLM-as-a-judge prefers long answers; we correct the evaluator's bias."),
    ("Agreement of LLM Judges with Human Judgment", "We compare LLM judges of chatbots with human judgment."),
    (
        "An Automatic Evaluation Metric for Dialogue",
        "An evaluation metric built on a large language model scores dialogue.",
    ),
    ("Leaderboard Rankings of LLMs Are Unstable", "A leaderboard of large language models changes with its prompts."),
]
CIRCUITS = [
    ("Induction Heads in Small Transformers", "We find induction heads by activation patching in a language model."),
    ("Sparse Autoencoders Find Features", "A sparse autoencoder recovers interpretable features from superposition."),
    ("A Circuit for Indirect Object Identification", "We trace a circuit of attention heads by activation patching."),
    (
        "Steering Vectors Change Model Behaviour",
        "Activation steering with a steering vector controls a language model.",
    ),
]
VERIFIABLE = [
    ("GRPO for Math Problems", "GRPO trains a large language model on math problems with verifiable rewards."),
    ("RLVR with One Example", "RLVR improves an LLM with verifiable rewards from a single training example."),
    ("Test-Time Scaling with Long Thoughts", "Test-time scaling lets a large language model think for longer."),
    ("How Much Test-Time Compute Helps", "We measure the test-time compute an LLM spends on hard problems."),
]


def test_each_llm_group_is_named_by_its_field():
    texts, titles, topics = _corpus([*SIX, PRETRAINING, INSTRUCTIONS, JUDGES, CIRCUITS, VERIFIABLE])
    assert group_names(texts, titles, topics, BOILERPLATE) == EXPECTED | {
        6: "LLM pretraining and scaling laws",
        7: "Instruction tuning and synthetic data",
        8: "LLM evaluation and benchmarks",
        9: "Mechanistic interpretability",
        10: "LLM reasoning and chain-of-thought",
    }


def test_an_abbreviation_written_only_inside_longer_phrases_is_read_as_its_long_form():
    # COLM 2025's papers write "key-value (KV) cache" and then "KV cache", never "KV" alone: "kv" was no phrase
    # of its own, so it was read as no abbreviation, and a topic was "Key-value cache, key-value and linear
    # attention" (readers' mean 2.33).
    counts = Counter({"kv cache": 8, "key value": 7, "kv cache compression": 2})
    assert short_forms(counts, frozenset({"kv"}), {("kv", "key value")}) == {("key", "value"): "kv"}
    # An abbreviation in fewer papers than MIN_PAPERS, alone or inside a phrase, is none.
    rare = Counter({"kv cache": 1, "key value": 7})
    assert short_forms(rare, frozenset({"kv"}), {("kv", "key value")}) == {}
