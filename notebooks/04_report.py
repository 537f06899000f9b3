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
# # 4. The reading-group report
#
# This notebook builds the reading group's figures and exports them to
# `figures/`: the interactive topic map (HTML, opens offline in any browser)
# and the paper and topic tables (CSV).
#
# Edit the next cell (or pass papermill parameters) to run on your own lists
# or write elsewhere.

# %% tags=["parameters"]
# Files or folders of abstracts (.txt, .md, .csv, .tsv, .jsonl, .json);
# relative paths are taken from the repository root.
corpus_paths = ["seeds"]
themes_file = None  # None: the bundled analysis/themes.toml; else a TOML file like it
embedding = "minilm"  # "minilm", "tfidf" or a local sentence-transformers model
random_state = 42  # seed of every stochastic step: same inputs, same topics
dedup_threshold = 0.6  # Jaccard similarity of word 3-shingles above which two entries are one paper
out_dir = "figures"  # where the exports go, relative to the repository root

# %%
import pandas as pd
import plotly.io as pio

from analysis import config, fit_topics, load_corpus

# Store figures as plotly JSON only: the "notebook" renderer some
# environments pick would embed plotly.js and a random div id.
pio.renderers.default = "plotly_mimetype"
pd.set_option("display.max_colwidth", 90)
paths = [config.ROOT / p for p in corpus_paths]  # an absolute path stays as it is
out = config.ROOT / out_dir

# %%
papers = load_corpus(*paths, threshold=dedup_threshold)
result = fit_topics(papers, themes=themes_file, embedding=embedding, random_state=random_state)
print(f"{len(papers)} papers in {len(result.topics)} topics")

# %% [markdown]
# ## The topic map
#
# Every paper at its seeded 2-D position, coloured by topic; hover for the
# paper's name.

# %%
topic_map = result.model.visualize_documents(
    result.documents["name"].tolist(),
    reduced_embeddings=result.documents[["x", "y"]].to_numpy(),
    title="Papers by topic",
)
topic_map

# %% [markdown]
# ## Papers per theme and topic
#
# The table the reading group splits the papers by: each theme, its topics,
# and the papers in each.

# %%
result.documents.groupby(["theme", "topic_label"])["name"].agg(papers="size", names=" · ".join)

# %% [markdown]
# ## Exports
#
# The files written, relative to the repository root. Open
# `figures/topic_map.html` in a browser.

# %%
out.mkdir(parents=True, exist_ok=True)
topic_map.write_html(out / "topic_map.html", include_plotlyjs=True)
result.documents.to_csv(out / "documents.csv", index=False)
result.topics.to_csv(out / "topics.csv", index=False)
for name in ("topic_map.html", "documents.csv", "topics.csv"):
    print(f"{out_dir}/{name}")
