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
# This notebook builds the reading group's figures and report with the same
# code as `make report` (`analysis.figures.report_figures` and
# `analysis.pipeline.write_report`): the figures are shown here, then
# everything is exported to `out_dir`: the interactive topic map
# (`topic_map.html`, opens offline in any browser), the secondary HTML views,
# the paper and topic tables (CSV) and the report (`report.html`,
# `report.md`). The last sections add this week's papers to a fitted run,
# compare the source lists and search the papers by meaning.
#
# By default the exports go to `figures/notebook/`, so running the notebook
# (or its test) never overwrites what `make report` wrote to `figures/`,
# and PNG/SVG figures are off: they need Chromium (`make browser`), so the
# notebook gives the same output on every machine. Set
# `static_figures = True` for them.
#
# Edit the next cell (or pass papermill parameters) to run on your own lists
# or write elsewhere.

# %% tags=["parameters"]
# Files or folders of abstracts (.txt, .md, .csv, .tsv, .jsonl, .json);
# relative paths are taken from the repository root.
corpus_paths = ["seeds"]
themes_file = None  # None: the bundled analysis/model/themes.toml; else a TOML file like it
embedding = "minilm"  # "minilm", "tfidf" or a local sentence-transformers model
dedup_threshold = 0.6  # Jaccard similarity of word 3-shingles above which two entries are one paper
out_dir = "figures/notebook"  # where the exports go, relative to the repository root
static_figures = False  # also write PNG/SVG figures (needs Chromium: make browser)
# The weekly workflow: a run fitted on last week's lists, then this week's papers added to it.
last_week_paths = ["seeds/000_9a806cafa3d919df.txt"]
this_week_paths = ["seeds/001_2da18ae08bb855ef.txt"]
batch_name = "week 2"
query = "watermarking language model outputs"  # a search by meaning

# %%
import plotly.io as pio
from IPython.display import Markdown

from analysis import config, fit_topics, load_corpus
from analysis.figures import report_figures
from analysis.model.incremental import add_batch
from analysis.model.measures import group_shares, list_groups, more_of, only_in
from analysis.pipeline import add_message, write_report
from analysis.report.document import md_escape
from analysis.report.whats_new import what_is_new_markdown
from analysis.run import QUIET

# Store figures as plotly JSON only: the "notebook" renderer some
# environments pick would embed plotly.js and a random div id.
pio.renderers.default = "plotly_mimetype"
paths = config.corpus_paths(corpus_paths)  # from the repository root; papermill may pass a string

# %%
papers = load_corpus(*paths, threshold=dedup_threshold)
result = fit_topics(papers, themes=themes_file, embedding=embedding)
figures = report_figures(result)
print(f"{len(papers)} papers in {len(result.topics)} topics; figures: {', '.join(figures)}")

# %% [markdown]
# ## The map
#
# Every paper on the map, coloured by area (each topic a shade of its area's
# colour, the legend by area); each topic is a region and the boxes name the
# topics. Hover for a paper's name, title or first sentence, and sources.

# %%
figures["map"]

# %% [markdown]
# ## Topics and themes
#
# Papers per topic (coloured by the topic's theme), and the share of each
# theme overall and per source list.

# %%
figures["topic_sizes"]

# %%
figures["theme_breakdown"]

# %% [markdown]
# ## What sets each topic apart
#
# The top c-TF-IDF terms of each topic; then how similar the topics are, as a
# heatmap and as a hierarchy (topics that join early, on the left, are close).

# %%
figures["top_terms"]

# %%
figures["topic_similarity"]

# %%
figures["topic_hierarchy"]

# %% [markdown]
# ## Export
#
# Writes every file of the report, each replaced atomically, and lists them.

# %%
# No progress lines: they carry step timings, which differ every run.
written = write_report(result, config.ROOT / out_dir, static=static_figures, runtime=QUIET)
print("\n".join(f"{out_dir}/{path.name}" for path in written))

# %% [markdown]
# ## The report
#
# `report.md` as written above (its figure links point at the PNGs, present
# when `static_figures` is on). `report.html` says the same with the
# figures embedded.

# %%
Markdown((config.ROOT / out_dir / "report.md").read_text(encoding="utf-8"))

# %% [markdown]
# ## Adding this week's papers
#
# A list that grows every week needs no refit that moves every paper: adding
# places the new papers in the fitted run, and every paper already there
# keeps its topic, label, theme and place on the map. A copy of a paper
# already in the run merges into it. Here the first seed list plays last
# week's run and the second this week's papers. On the command line:
# `python -m analysis report LAST_WEEK --out group/`, then
# `python -m analysis add THIS_WEEK --to group/ --batch "week 2"`, which
# prints the same message and rewrites the report in `group/`. In Python,
# `result.add(papers, batch=...)` gives the new result; `add_batch` also
# gives the summary that message is made from.

# %%
last_week = fit_topics(
    load_corpus(*config.corpus_paths(last_week_paths), threshold=dedup_threshold),
    themes=themes_file,
    embedding=embedding,
)
this_week = load_corpus(*config.corpus_paths(this_week_paths), threshold=dedup_threshold)
updated, summary = add_batch(last_week, this_week, batch=batch_name, threshold=dedup_threshold)
print(add_message(summary))

# %% [markdown]
# What changed: the new papers, each with its topic (`misfit`: it fit no
# topic well and joined the nearest one), and the "What is new" section that
# now opens the report.

# %%
added = updated.documents[updated.documents["batch"] == batch_name]
added[["name", "topic_label", "theme", "misfit"]]

# %%
Markdown("\n".join(what_is_new_markdown(updated, md_escape)))

# %% [markdown]
# ## Comparing lists and years
#
# The report's "Lists compared" section reads this table: each source list
# against the papers of the other lists, per topic (`by="theme"` for
# themes), with counts beside the shares. `more_of` keeps what each list has
# more of; with exactly two lists, `only_in` gives the topics one list has
# and the other has none of. Papers with a `year` or `date` column get the
# same comparison by year (`year_groups`) and the "Over the years" section.

# %%
shares = group_shares(updated, list_groups(updated))
more_of(shares)[["group", "label", "papers", "share", "others_papers", "others_share"]]

# %%
first, second = list_groups(updated).names
only_in(shares, second, first)[["label", "papers", "others_papers"]]  # in this week's list, not in last week's

# %% [markdown]
# ## Search by meaning
#
# `search` embeds the query with the run's own model and ranks every paper,
# new ones included, by cosine similarity; `similar` lists a paper's nearest
# papers, the five that the map's panel shows for a clicked paper. Scores are
# rounded to two decimals before ranking, ties go by `doc_id`: the same list
# on every machine. (Both frames also have each paper's `doc_id`, `title` and
# `topic`; the seed lists have no titles.)

# %%
shown = ["rank", "name", "topic_label", "theme", "score"]
updated.search(query, k=5)[shown]

# %%
updated.similar(added["doc_id"].iat[0], k=5)[shown]
