# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # 1. The corpus: lists of abstracts, one row per paper
#
# This notebook reads the abstract lists, merges the entries that are the same
# paper (exact copies and near-copies: a typo fixed, a sentence added, other
# markup) and shows what is left: one row per paper, with every place it
# appeared kept as provenance.
#
# To analyse your own lists, edit the next cell (or run it with papermill,
# e.g. `papermill 01_corpus.ipynb out.ipynb -p corpus_paths '["/data/icml.csv"]'`).
# Everything below follows from those parameters.

# %% tags=["parameters"]
# Files or folders of abstracts (.txt, .md, .csv, .tsv, .jsonl, .json);
# relative paths are taken from the repository root.
corpus_paths = ["seeds"]
themes_file = None  # None: the bundled analysis/model/themes.toml (used by notebooks 2-4)
embedding = "minilm"  # "minilm", "tfidf" or a local sentence-transformers model (notebooks 2-4)
dedup_threshold = 0.6  # Jaccard similarity of word 3-shingles above which two entries are one paper

# %%
import pandas as pd

from analysis import config, deduplicate, read_abstracts
from analysis.corpus.dedup import summarize

pd.set_option("display.max_colwidth", 70)
paths = config.corpus_paths(corpus_paths)  # from the repository root; papermill may pass a string

# %% [markdown]
# ## Entries as read
#
# Every abstract of every list, before merging: `source` is the file, `entry`
# the abstract's position in it and `line` where it starts. `name` is a short
# handle: the system the abstract introduces (e.g. *WASH*), or its first words.

# %%
raw = read_abstracts(*paths)
raw[["source", "entry", "line", "name"]]

# %% [markdown]
# ## Duplicates
#
# The summary counts entries, papers and merged duplicates, then which list
# kept the paper and which list's copy was dropped into it.

# %%
papers, duplicates = deduplicate(raw, threshold=dedup_threshold)
print(summarize(raw, papers, duplicates))

# %% [markdown]
# Each dropped entry, the paper (`doc_id`) it was merged into, and how close
# the two texts were (`exact`: same text once normalised; `near`: Jaccard
# similarity of word 3-shingles at or above the threshold).

# %%
duplicates

# %% [markdown]
# ## The paper frame
#
# One row per paper. `doc_id` is a hash of the normalised text (stable across
# runs), `sources` lists every `file:entry` where the paper appeared, and
# `n_copies` how many there were. `source`, `entry` and `line` point at the
# copy that was kept. The full abstract is in the `text` column.

# %%
papers[["doc_id", "name", "title", "n_copies", "sources"]]

# %% [markdown]
# ## Lengths and sources
#
# Abstract length in words, per list (counting every entry, duplicates
# included) and over the unique papers. Very short or very long abstracts are
# worth a look: they may be a parsing problem.

# %%
words = raw.assign(words=raw["text"].str.split().str.len())
pd.concat(
    [words.groupby("source")["words"].describe(), papers["text"].str.split().str.len().describe().to_frame("papers").T]
)

# %% [markdown]
# How many lists each paper appeared in, and how many papers each list
# contributed that no other list has.

# %%
papers["n_copies"].value_counts().sort_index().rename_axis("copies").to_frame("papers")

# %%
papers.loc[papers["n_copies"] == 1, "source"].value_counts().sort_index().to_frame("papers only in this list")
