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
# # 3. Themes
#
# Topics are found in the data; *themes* are named by the reading group in a
# small TOML file (by default `analysis/model/themes.toml`: diffusion and generative
# models, RL and learning theory, LLM safety and security, AI for science).
# Each paper is scored against each theme (cosine similarity of its embedding
# to the theme's description and seed phrases, blended with its topic's mean)
# and takes the best one; a paper whose best score is under the file's
# `min_score` is "other".
#
# Edit the next cell (or pass papermill parameters) to run on your own lists
# or your own themes file.

# %% tags=["parameters"]
# Files or folders of abstracts (.txt, .md, .csv, .tsv, .jsonl, .json);
# relative paths are taken from the repository root.
corpus_paths = ["seeds"]
themes_file = None  # None: the bundled analysis/model/themes.toml; else a TOML file like it
embedding = "minilm"  # "minilm", "tfidf" or a local sentence-transformers model
dedup_threshold = 0.6  # Jaccard similarity of word 3-shingles above which two entries are one paper

# %%
import pandas as pd

from analysis import config, fit_topics, load_corpus

pd.set_option("display.max_colwidth", 90)
paths = config.corpus_paths(corpus_paths)  # from the repository root; papermill may pass a string

# %%
papers = load_corpus(*paths, threshold=dedup_threshold)
result = fit_topics(papers, themes=themes_file, embedding=embedding)
print(f"{len(papers)} papers, {len(result.topics)} topics, {len(result.themes.themes)} themes")

# %% [markdown]
# ## The themes in use
#
# Each theme's description and seed phrases, and the floor under which a
# paper is called "other".

# %%
print(f'below {result.themes.min_score} a paper is "{result.themes.other}"')
pd.DataFrame(
    [{"theme": t.name, "description": t.description, "seeds": "; ".join(t.seeds)} for t in result.themes.themes]
)

# %% [markdown]
# ## The theme of every paper
#
# `theme_score` is the paper's score for its theme (cosine similarity, about
# 0.2-0.6 here); `theme_margin` how far ahead of the runner-up theme it is.
# Scores are kept to two decimals and the theme follows the score as shown:
# a paper shown at 0.40 meets a floor of 0.40 on every machine.

# %%
result.documents["theme"].value_counts().to_frame("papers")

# %%
result.documents[["name", "theme", "theme_score", "theme_margin", "topic_label"]].sort_values(
    ["theme", "theme_score", "name"], ascending=[True, False, True], ignore_index=True
)

# %% [markdown]
# ## The theme of every topic
#
# A topic takes the theme its papers score highest on on average. A topic's
# papers can still carry other themes: the table counts them.

# %%
per_topic = pd.crosstab(result.documents["topic"], result.documents["theme"])
result.topics[["topic", "label", "size", "theme", "theme_score"]].merge(per_topic, on="topic")

# %% [markdown]
# ## The least certain papers
#
# The papers whose best theme is barely ahead of the second: the first to
# read when checking the themes, and the ones most likely to move when the
# themes file changes.

# %%
result.documents.nsmallest(5, "theme_margin")[["name", "theme", "theme_score", "theme_margin", "topic_label"]]

# %% [markdown]
# ## Themes per source list
#
# Each list's papers by theme; a paper that appeared in two lists counts in
# both.

# %%
appearances = result.documents[["theme"]].assign(source=result.papers["sources"].str.split("; ")).explode("source")
pd.crosstab(appearances["source"].str.rsplit(":", n=1).str[0], appearances["theme"], margins=True)

# %% [markdown]
# ## Editing the themes and rerunning
#
# 1. Copy the bundled file (printed below) next to your lists, e.g. to
#    `my_themes.toml` at the repository root.
# 2. Edit it: each `[[theme]]` needs a `name`, a one-line `description`
#    and a few `seeds` (short phrases a paper of that theme would use);
#    `min_score` sets the floor for "other". Add, remove or rename themes
#    freely.
# 3. Set `themes_file = "my_themes.toml"` in the parameters cell (or
#    `papermill ... -p themes_file my_themes.toml`) and rerun all cells. Topics
#    do not change; the theme columns above do. The least certain papers are
#    the ones to check first.

# %%
print(config.DEFAULT_THEMES_FILE.relative_to(config.ROOT))
print(config.DEFAULT_THEMES_FILE.read_text(encoding="utf-8"))
