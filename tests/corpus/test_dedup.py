"""Deduplication: exact and near copies merge with provenance; different papers stay apart."""

from __future__ import annotations

import textwrap

import pandas as pd
import pytest
from helpers import SEED_A, SEED_B

from analysis import deduplicate, load_corpus, read_abstracts
from analysis.config import SEEDS_DIR
from analysis.corpus.load import summarize
from analysis.text import normalize


def _frame(texts, sources=None):
    sources = sources or ["t.txt"] * len(texts)
    return pd.DataFrame(
        {
            "source": sources,
            "entry": range(1, len(texts) + 1),
            "line": range(1, len(texts) + 1),
            "title": "",
            "text": texts,
            "name": [f"p{i}" for i in range(len(texts))],
        }
    )


@pytest.fixture(scope="module")
def seed_dedup(seeds_dir):
    raw = read_abstracts(seeds_dir)
    return raw, *deduplicate(raw)


def test_seeds_38_entries_26_papers_12_duplicates(seed_dedup):
    raw, papers, duplicates = seed_dedup
    assert (len(raw), len(papers), len(duplicates)) == (38, 26, 12)
    assert papers["doc_id"].is_unique
    assert papers["n_copies"].sum() == 38
    merged = papers[papers["n_copies"] == 2]
    assert len(merged) == 12
    assert merged["sources"].str.contains(SEED_A).all() and merged["sources"].str.contains(SEED_B).all()
    skeleton = papers.set_index("name").loc["SkeletonLLM"]
    assert skeleton["sources"] == f"{SEED_A}:1; {SEED_B}:8"
    assert set(duplicates["kind"]) == {"exact"} and (duplicates["similarity"] == 1.0).all()
    assert set(duplicates["doc_id"]) == set(merged["doc_id"])


def test_doc_ids_are_stable_hashes(seed_dedup):
    _, papers, _ = seed_dedup
    # sha256 of the normalised text: the same on every run and machine.
    assert papers.set_index("name").loc["WASH", "doc_id"] == "a81afddf3d1b69d5"

    assert load_corpus(SEEDS_DIR)["doc_id"].tolist() == papers["doc_id"].tolist()


def test_summary_counts_duplicates_per_source_pair(seed_dedup):
    text = summarize(*seed_dedup)
    assert text.splitlines()[0] == "38 entries read, 26 papers, 12 duplicates merged"
    assert f"  {SEED_A} <- {SEED_B}: 12" in text


def _edits(base: str) -> dict[str, str]:
    sentences = base.split(". ")
    return {
        "typo": base.replace("perturbation", "perturbaton", 1),
        "sentence cut": ". ".join(sentences[:-1]) + ".",
        "sentence added": base + " Code and data will be released upon acceptance of this paper.",
        "markup": base.replace("PerturbedVAE", "**PerturbedVAE**").replace("sparse", "*sparse*"),
        "reflowed": textwrap.fill(base, 70, break_on_hyphens=False).replace(". ", ".   "),
    }


def test_near_duplicates_from_edited_copies_merge(seeds_dir):
    raw = read_abstracts(seeds_dir / SEED_A)
    base = raw.set_index("name").loc["PerturbedVAE", "text"]
    edits = _edits(base)
    papers, duplicates = deduplicate(_frame([base, *edits.values()]))
    assert len(papers) == 1
    assert papers["n_copies"].tolist() == [6]
    # Kinds are relative to the kept text (the longest), so every copy is "near".
    assert duplicates["kind"].tolist() == ["near"] * 5
    assert normalize(edits["reflowed"]) == normalize(base)
    assert duplicates["similarity"].min() >= 0.75  # cut vs added: two edits apart
    assert papers["text"][0] == edits["sentence added"]  # the most complete version is kept


def test_different_papers_on_the_same_topic_stay_apart(seeds_dir):
    raw = read_abstracts(seeds_dir)
    named = raw.drop_duplicates("name").set_index("name")["text"]
    # Three diffusion papers and two watermarking papers: same topics, different work.
    texts = [named[n] for n in ["PhaseLock", "DOIT", "SPT", "WASH"]]
    texts.append(raw[raw["text"].str.startswith("We introduce ideal attribution")]["text"].iloc[0])
    papers, duplicates = deduplicate(_frame(texts))
    assert len(papers) == 5 and duplicates.empty


def test_reference_corpus_has_no_false_merges(reference_records):
    texts = [r["abstract"] for r in reference_records]
    papers, _ = deduplicate(_frame(texts))
    assert len(papers) == len(texts) == 2260


def test_threshold_controls_merging(seeds_dir):
    base = read_abstracts(seeds_dir / SEED_A)["text"][0]
    half = ". ".join(base.split(". ")[:4]) + "."
    assert len(deduplicate(_frame([base, half]), threshold=0.3)[0]) == 1
    assert len(deduplicate(_frame([base, half]), threshold=0.9)[0]) == 2
    with pytest.raises(ValueError, match=r"threshold must be in \(0, 1\]"):
        deduplicate(_frame([base]), threshold=0)


def test_every_entry_is_a_paper_or_a_duplicate(seed_dedup):
    raw, papers, duplicates = seed_dedup
    assert len(raw) == len(papers) + len(duplicates)
    places = set(papers["sources"].str.split("; ").explode())
    assert places == set(raw["source"] + ":" + raw["entry"].astype(str))
