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
# # 2. Topics
#
# This notebook fits topics on the paper frame of notebook 1 with BERTopic:
# each abstract is embedded (all-MiniLM-L6-v2 by default, offline), the papers
# are grouped, and c-TF-IDF names each group by its most distinctive terms.
# In BERTopic's reduction and clustering slots sit deterministic stages
# (`analysis/model/clustering.py`): each paper averaged with its nearest
# neighbours and projected on its principal components, then Ward's
# clustering. Unlike UMAP + HDBSCAN they give the same topics on every
# machine and for every seed, and every paper gets a topic. The number of
# topics follows the corpus size (see `analysis/model/topics.py`), so the same code
# serves 20 papers and 20,000.
#
# Edit the next cell (or pass papermill parameters) to run on your own lists.

# %% tags=["parameters"]
# Files or folders of abstracts (.txt, .md, .csv, .tsv, .jsonl, .json);
# relative paths are taken from the repository root.
corpus_paths = ["seeds"]
themes_file = None  # None: the bundled analysis/model/themes.toml; else a TOML file like it
embedding = "minilm"  # "minilm", "tfidf" or a local sentence-transformers model
random_state = 42  # seed for stochastic components you plug in; the default stages ignore it
dedup_threshold = 0.6  # Jaccard similarity of word 3-shingles above which two entries are one paper

# %%
import numpy as np
import pandas as pd
import plotly.io as pio

from analysis import TopicMapWidget, config, fit_topics, load_corpus
from analysis.embedding.cache import topic_texts
from analysis.figures import plot_topic_hierarchy, plot_topic_similarity

# Store figures as plotly JSON only (what JupyterLab renders): the "notebook"
# renderer that some environments pick (e.g. VS Code sets VSCODE_PID) would
# embed plotly.js and a random div id, which nbval cannot compare.
pio.renderers.default = "plotly_mimetype"
pd.set_option("display.max_colwidth", 90)
paths = config.corpus_paths(corpus_paths)  # from the repository root; papermill may pass a string

# %% [markdown]
# ## Fit
#
# The first fit in a fresh process takes a few seconds more than later ones:
# it loads the embedding model. Embeddings are cached under
# `.cache/embeddings`, so a second run only embeds new papers.

# %%
papers = load_corpus(*paths, threshold=dedup_threshold)
result = fit_topics(papers, themes=themes_file, embedding=embedding, random_state=random_state)
print(f"{len(papers)} papers in {len(result.topics)} topics")

# %% [markdown]
# ## The topic table
#
# One row per topic, largest first: `label` is three distinctive key phrases,
# `terms` the ten top terms by c-TF-IDF, `theme` the named theme the topic's
# papers score highest on (notebook 3 explains themes).

# %%
result.topics

# %% [markdown]
# ## Areas
#
# The topics merge on into areas (Ward's tree, cut higher up): each topic is
# in one area, shown in the `area` and `area_label` columns of both tables.
# The seeds have 2 areas, a conference a dozen or more; from 5,000 papers each
# topic also splits into finer topics of about 45 papers (`subtopic` and
# `subtopic_label` in `result.documents`, one row each in `result.subtopics`),
# so a whole conference reads at three depths.

# %%
result.topics.groupby(["area", "area_label"])["size"].agg(topics="count", papers="sum").reset_index()

# %% [markdown]
# ## Papers per topic
#
# Every paper with its area and topic. BERTopic also picks a few *representative*
# papers per topic (those closest to the topic's c-TF-IDF representation);
# they are listed after the table.

# %%
columns = ["area", "area_label", "topic", "topic_label", "name", "theme"]
result.documents[columns].sort_values(["area", "topic", "name"], ignore_index=True)

# %%
name_of = dict(zip(topic_texts(result.papers), result.documents["name"], strict=True))
representative = {t: [name_of[doc] for doc in docs] for t, docs in result.model.get_representative_docs().items()}
pd.Series(representative, name="representative papers").rename_axis("topic").sort_index().str.join(" | ").to_frame()

# %% [markdown]
# ## Explore the map
#
# The map as a widget (JupyterLab, Jupyter Notebook, VS Code): hover a point
# for its paper, click it to show the paper, drag a lasso (or switch to box)
# to select papers, shift-drag to add to the selection, click a label or a
# legend entry to select that group. It opens coloured by area (the areas
# named), as the report's map; switch to topic (each topic a shade of its
# area's colour, the topics named) or theme. Where widgets cannot render (a
# plain viewer of this file) a one-line text stands in.

# %%
widget = TopicMapWidget(result)
widget

# %% [markdown]
# The selection goes both ways. `widget.selected` is a frame of the papers
# selected on the map, read at any time; `widget.select(...)` sets the
# selection from Python (doc_ids, a boolean mask over `result.documents`,
# `topic=`, `area=` or `theme=`) and the map above highlights it; each
# selected paper comes with its area and topic. Here: the largest topic.

# %%
widget.select(topic=int(result.topics["topic"].iloc[0]))
widget.selected

# %% [markdown]
# `widget.observe(callback, names="selection")` calls `callback` on every
# change, made on the map or in Python: use it to keep another table or
# figure in step with the selection.


# %%
def report_selection(change):
    """Say how many papers are selected."""
    print(f"{len(change['new'])} papers selected")


widget.observe(report_selection, names="selection")
widget.select(result.documents["theme_score"] >= 0.5)  # a boolean mask: the papers that fit their theme best
widget.select(theme="AI for science")
widget.select(area=0)

# %% [markdown]
# ## Interactive views
#
# BERTopic's own figures (hover for details, click legend entries to hide
# topics). The documents map uses the package's 2-D coordinates
# (`result.documents` columns `x`, `y`): each topic is a region, similar
# topics sit side by side, and within a topic papers close together have
# similar abstracts. The map is computed, not sampled, so it is the same on
# every machine.

# %%
# visualize_documents shuffles each topic's points with NumPy's global random
# generator; seeding it keeps the stored figure identical run to run.
np.random.seed(random_state)
result.model.visualize_documents(
    result.documents["name"].tolist(),
    reduced_embeddings=result.documents[["x", "y"]].to_numpy(),
    title="Papers by topic",
)

# %% [markdown]
# The top terms of each topic, with their c-TF-IDF scores.

# %%
result.model.visualize_barchart(top_n_topics=len(result.topics), n_words=6)

# %% [markdown]
# How topics merge by the similarity of their papers' embeddings: topics
# that join early (on the left) are close. This is the report's figure
# rather than BERTopic's `visualize_hierarchy`: it shows distances at the
# report's precision (two decimals), so the stored figure is the same on
# every machine.

# %%
plot_topic_hierarchy(result)

# %% [markdown]
# Cosine similarity between topics (the mean embedding of each topic's
# papers), as in the report.

# %%
plot_topic_similarity(result)
