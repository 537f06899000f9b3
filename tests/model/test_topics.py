"""Topics and themes: sized for any corpus, every paper assigned, reproducible, readable."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest

from analysis import TopicModel, TopicResult, fit_topics, load_themes
from analysis.model.topics import size_parameters

SAFETY, RL, SCIENCE, DIFFUSION = (
    "LLM safety and security",
    "RL and learning theory",
    "AI for science",
    "diffusion and generative models",
)


def _check_invariants(result: TopicResult, n: int) -> None:
    docs, topics = result.documents, result.topics
    assert len(docs) == n and docs["doc_id"].is_unique
    # Every paper in a listed topic, the topics numbered 0..k-1 (the outlier
    # topic -1 is tested where a clustering makes one: test_outliers_*).
    assert set(docs["topic"]) == set(topics["topic"])
    assert topics["size"].sum() == n
    assert sorted(topics["topic"]) == list(range(len(topics)))
    assert topics["size"].is_monotonic_decreasing
    assert set(docs["theme"]) <= set(result.themes.names)
    assert docs[["x", "y"]].notna().all().all()
    for label in topics["label"]:
        assert "_" not in label and 0 < len(label) <= 80


def test_size_parameters_follow_the_corpus():
    small, seeds, few_hundred, iclr, large = (size_parameters(n) for n in (10, 26, 300, 2260, 20_000))
    assert (seeds.n_neighbors, seeds.n_components, seeds.max_topics) == (3, 25, 6)
    assert (few_hundred.n_neighbors, few_hundred.n_components, few_hundred.max_topics) == (9, 30, 22)
    assert (iclr.n_neighbors, iclr.n_components, iclr.max_topics) == (10, 30, 59)
    assert (large.n_neighbors, large.max_topics) == (10, 60)
    assert (small.n_neighbors, small.n_components) == (2, 9)
    assert size_parameters(2).n_components == 1


def test_seed_topics_are_readable_and_complete(seed_result):
    _check_invariants(seed_result, 26)
    assert len(seed_result.topics) == 6
    assert seed_result.topics["size"].max() <= 0.4 * 26  # no catch-all topic
    labels = seed_result.topics["label"]
    # A plainly mixed group says so before its subjects ("Mixed: A and B"); the subjects keep five words.
    words = [len(label.removeprefix("Mixed: ").split()) for label in labels]
    assert labels.is_unique and all(1 <= n <= 5 for n in words) and not any(" · " in label for label in labels)
    # BERTopic's custom labels are ours, in its topic order.
    ours = dict(zip(seed_result.topics["topic"], seed_result.topics["label"], strict=True))
    assert seed_result.model.custom_labels_ == [ours[t] for t in sorted(ours)]


@pytest.mark.parametrize(
    "group",
    [
        ["WASH", "Ideal attribution mechanisms"],  # watermarking and attribution
        ["OPO-CMDP", "PAC-Bayesian generalization bound", "COMAD"],  # RL and learning theory
        ["PerturbedVAE", "ProMiSE", "APEX"],  # science benchmarks and models
        ["PhaseLock", "StP", "Per-image noise schedules", "DOIT"],  # diffusion sampling and schedules
        ["T3-Video", "ProtoVAR"],  # video and image generation
    ],
    ids=["watermarking", "rl-theory", "science", "diffusion-sampling", "generation"],
)
def test_seed_topics_are_the_ones_a_reader_would_draw(seed_result, group):
    topics = seed_result.documents.set_index("name")["topic"]
    (topic,) = set(topics[group])
    others = topics[topics == topic].index.difference(group)
    assert len(others) <= 2, f"{group} share topic {topic} with {list(others)}"


@pytest.mark.parametrize(
    ("name", "theme"),
    [
        ("WASH", SAFETY),
        ("OPO-CMDP", RL),
        ("COMAD", RL),
        ("PerturbedVAE", SCIENCE),
        ("ProMiSE", SCIENCE),
        ("PhaseLock", DIFFUSION),
        ("T3-Video", DIFFUSION),
        ("StP", DIFFUSION),
    ],
)
def test_unambiguous_seed_papers_get_the_right_theme(seed_result, name, theme):
    docs = seed_result.documents.set_index("name")
    assert docs.loc[name, "theme"] == theme


def test_regret_bound_and_watermark_papers_by_text(seed_result):
    docs = seed_result.documents.assign(text=seed_result.papers["text"].to_numpy())
    pac = docs[docs["text"].str.startswith("We derive a novel PAC-Bayesian")]
    ideal = docs[docs["text"].str.startswith("We introduce ideal attribution mechanisms")]
    assert pac["theme"].tolist() == [RL] and ideal["theme"].tolist() == [SAFETY]


def test_topic_themes_cover_the_topic_table(seed_result):
    topics = seed_result.topics
    assert set(topics["theme"]) <= set(seed_result.themes.names)
    diffusion_topic = seed_result.documents.set_index("name").loc["PhaseLock", "topic"]
    assert topics.set_index("topic").loc[diffusion_topic, "theme"] == DIFFUSION


def test_two_fits_give_identical_results(seed_result, seeds_dir):
    """Two fits from scratch (no result cache: a cache hit compared with its entry proves nothing)."""
    from analysis import load_corpus

    first, again = (TopicModel(use_cache=False).fit(load_corpus(seeds_dir)) for _ in range(2))
    assert first.cache_hit_ is again.cache_hit_ is False
    for result in (again.result_, seed_result):
        pd.testing.assert_frame_equal(first.result_.documents, result.documents)
        pd.testing.assert_frame_equal(first.result_.topics, result.topics)


@pytest.mark.parametrize("n", [1, 2, 3, 5, 10])
def test_tiny_corpora_fit_end_to_end(seed_result, n):
    papers = seed_result.papers.iloc[:n]
    result = fit_topics(papers, embeddings=seed_result.embeddings[:n])
    _check_invariants(result, n)
    if n < 6:
        assert len(result.topics) == 1  # too few papers to split


def test_a_corpus_of_one_term_gets_a_topic_named_by_it(seed_result):
    # c-TF-IDF's frequencies of one term were squeezed to a scalar: "object of type 'numpy.float64' has no len()".
    papers = pd.DataFrame({"text": ["We propose a new diffusion model."]})
    result = fit_topics(papers, embeddings=seed_result.embeddings[:1])
    assert result.topics[["topic", "label", "size", "terms"]].to_dict("records") == [
        {"topic": 0, "label": "Diffusion model", "size": 1, "terms": "diffusion"}
    ]


def test_embeddings_given_are_checked_before_the_fit(seed_result):
    papers, given = seed_result.papers.iloc[:3], seed_result.embeddings[:3].copy()
    with pytest.raises(ValueError, match=r"^embeddings of shape \(2, 384\) for 3 papers: give one row per paper$"):
        fit_topics(papers, embeddings=given[:2])
    given[[0, 2], 5] = [np.nan, np.inf]
    with pytest.raises(ValueError, match=r"^embeddings of 2 papers hold NaN or infinity \(rows 0, 2\)$"):
        fit_topics(papers, embeddings=given)


def test_a_few_hundred_reference_papers(reference_papers, reference_result):
    from sklearn.metrics import normalized_mutual_info_score

    _check_invariants(reference_result, 300)
    assert len(reference_result.topics) == size_parameters(300).max_topics == 22
    # Quality floor, not an exact value: 300 papers over 20 areas.
    nmi = normalized_mutual_info_score(reference_papers["label"], reference_result.documents["topic"])
    assert nmi >= 0.3


@pytest.mark.slow  # numba compiles UMAP and HDBSCAN (about 13 s): `make test` only
def test_injected_umap_and_hdbscan_still_work_and_keep_outliers_keeps_minus_one(seed_result):
    from hdbscan import HDBSCAN
    from umap import UMAP

    umap = UMAP(n_neighbors=5, n_components=5, init="random", random_state=42)
    model = TopicModel(keep_outliers=True, umap_model=umap, hdbscan_model=HDBSCAN(min_cluster_size=3))
    model.fit(seed_result.papers, embeddings=seed_result.embeddings)
    documents = model.result_.documents
    assert len(documents) == 26 and (documents["topic"] >= -1).all()
    assert model.result_.pieces.reducer is umap  # its own seed set: used as given


@pytest.mark.slow  # numba compiles UMAP (about 11 s): `make test` only
def test_an_injected_umap_without_a_seed_gets_the_models_random_state(seed_result):
    from sklearn.cluster import KMeans
    from umap import UMAP

    umap, kmeans = UMAP(n_neighbors=5, n_components=5, init="random"), KMeans(4, n_init=1)
    model = TopicModel(umap_model=umap, hdbscan_model=kmeans, random_state=7, use_cache=False)
    pieces = model.fit(seed_result.papers, embeddings=seed_result.embeddings).result_.pieces
    assert pieces.reducer.random_state == 7 and pieces.clusterer.random_state == 7
    assert umap.random_state is None and kmeans.random_state is None  # the given objects are left as they were
    again = TopicModel(umap_model=umap, hdbscan_model=kmeans, random_state=7, use_cache=False)
    pd.testing.assert_frame_equal(
        again.fit(seed_result.papers, embeddings=seed_result.embeddings).result_.documents, model.result_.documents
    )  # seeded: the same topics twice


def test_the_default_stages_have_no_random_step(seed_result):
    # Nothing in the default pipeline takes a seed: every stage is exact (neighbours, SVD, Ward, the map) ...
    model = TopicModel(use_cache=False).fit(seed_result.papers, embeddings=seed_result.embeddings)
    for stage in (model.result_.pieces.reducer, model.result_.pieces.clusterer):
        assert "random_state" not in stage.get_params()
    # ... so the seed changes no byte of the result.
    other = TopicModel(use_cache=False, random_state=12345).fit(seed_result.papers, embeddings=seed_result.embeddings)
    pd.testing.assert_frame_equal(other.result_.documents, model.result_.documents)
    pd.testing.assert_frame_equal(other.result_.topics, model.result_.topics)


class _OutlierClustering:
    """A clustering that leaves every third paper out (-1), as an HDBSCAN may."""

    def fit(self, features):
        self.labels_ = np.array([-1 if i % 3 == 0 else i % 2 for i in range(len(features))])
        return self


@pytest.mark.parametrize("keep", [False, True])
def test_outliers_get_their_nearest_topic_unless_kept(seed_result, keep):
    model = TopicModel(hdbscan_model=_OutlierClustering(), keep_outliers=keep)
    documents = model.fit(seed_result.papers, embeddings=seed_result.embeddings).result_.documents
    outliers = documents["topic"] == -1
    assert outliers.sum() == (9 if keep else 0)
    assert set(documents["topic"]) == ({-1, 0, 1} if keep else {0, 1})


def test_default_stages_made_the_topics(seed_result):
    from analysis.model.clustering import SmoothedPCA

    # The fitted stages are kept in the process that fitted them (a result-cache hit has none).
    pieces = fit_topics(seed_result.papers, embeddings=seed_result.embeddings, use_cache=False).pieces
    assert isinstance(pieces.reducer, SmoothedPCA)
    assert type(pieces.clusterer).__name__ == "AgglomerativeClustering" and pieces.clusterer.n_clusters == 6
    # The BERTopic view was given these topics (BERTopic's manual topic modeling): its slots say so.
    assert type(seed_result.model.umap_model).__name__ == "BaseDimensionalityReduction"
    assert type(seed_result.model.hdbscan_model).__name__ == "BaseCluster"


def test_a_timer_gets_every_stage_of_the_fit_and_changes_nothing(seed_result):
    from analysis.model.clustering import SmoothedPCA

    seen = {}
    model = TopicModel(timer=lambda stage, seconds: seen.setdefault(stage, []).append(seconds), use_cache=False)
    model.fit(seed_result.papers, embeddings=seed_result.embeddings)
    assert sorted(seen) == ["cluster", "lexical", "map", "reduce", "represent", "themes"]
    assert all(len(times) == 1 and times[0] >= 0 for times in seen.values())
    pd.testing.assert_frame_equal(model.result_.documents, seed_result.documents)
    # The fitted stages are the stages themselves, not timing wrappers.
    assert isinstance(model.result_.pieces.reducer, SmoothedPCA)
    assert type(model.result_.pieces.clusterer).__name__ == "AgglomerativeClustering"


def test_tfidf_backend_end_to_end(seed_result):
    result = fit_topics(seed_result.papers, embedding="tfidf")
    _check_invariants(result, 26)


def test_save_and_load_round_trip(seed_result, tmp_path):
    seed_result.save(tmp_path / "saved")
    loaded = TopicResult.load(tmp_path / "saved")
    pd.testing.assert_frame_equal(loaded.documents, seed_result.documents)
    pd.testing.assert_frame_equal(loaded.topics, seed_result.topics)
    np.testing.assert_array_equal(loaded.theme_scores, seed_result.theme_scores)
    assert loaded.themes == seed_result.themes
    assert [w for w, _ in loaded.model.get_topic(0)] == [w for w, _ in seed_result.model.get_topic(0)]
    assert sorted(p.name for p in (tmp_path / "saved").iterdir())[:3] == [
        "documents.parquet",
        "format.json",
        "papers.parquet",
    ]


def test_custom_themes_file_changes_the_themes(seed_result, tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(
        'other = "rest"\nmin_score = 0.35\n[[theme]]\nname = "watermarks"\n'
        'description = "Watermarking and attribution of AI-generated text."\nseeds = ["text watermark detection"]\n'
    )
    result = fit_topics(seed_result.papers, themes=path, embeddings=seed_result.embeddings)
    assert set(result.documents["theme"]) == {"watermarks", "rest"}
    assert result.documents.set_index("name").loc["WASH", "theme"] == "watermarks"
    assert (result.documents["theme"] == "watermarks").sum() <= 4


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("[[theme]\nname = 'x'", "not valid TOML"),
        ("other = 'rest'\n", "no [[theme]] entries"),
        # Typos were ignored: every paper came out "other", or a theme lost its seeds.
        ("[[themes]]\nname='a'\ndescription='d'\n", "unknown key 'themes' (did you mean 'theme'?)"),
        (
            "min_scor = 0.9\n[[theme]]\nname='a'\ndescription='d'\n",
            "unknown key 'min_scor' (did you mean 'min_score'?)",
        ),
        ("[[theme]]\nname='a'\ndescription='d'\nseed=['x']\n", "unknown key 'seed' in theme 1 (did you mean 'seeds'?)"),
        ("x = 1\n", "unknown key 'x' (known: theme, other, min_score)"),
        ("[[theme]]\nname = 'empty'\n", "theme 'empty' is empty: give it a description"),
        ("[[theme]]\ndescription = 'd'\n", "theme 1 has no name"),
        ("[[theme]]\nname='a'\ndescription='d'\n[[theme]]\nname='a'\ndescription='e'\n", "repeated: a"),
        ("[[theme]]\nname='a'\ndescription='d'\nseeds = [1]\n", "seeds must be a list of non-empty strings"),
        ("min_score = 'high'\n[[theme]]\nname='a'\ndescription='d'\n", "min_score must be a number"),
    ],
)
def test_bad_themes_file_names_the_problem(tmp_path, content, message):
    from analysis import InputError

    path = tmp_path / "themes.toml"
    path.write_text(content)
    with pytest.raises(InputError, match=re.escape(message)) as caught:
        load_themes(path)
    assert str(caught.value).startswith(str(path))


def test_default_themes_file():
    themes = load_themes()
    assert themes.names == [DIFFUSION, RL, SAFETY, SCIENCE, "other"]
    assert all(len(t.seeds) >= 6 for t in themes.themes)


def test_topic_model_is_a_scikit_learn_estimator():
    import inspect

    from sklearn.base import clone
    from sklearn.utils._param_validation import InvalidParameterError
    from sklearn.utils.estimator_checks import (
        check_get_params_invariance,
        check_no_attributes_set_in_init,
        check_parameters_default_constructible,
    )

    model = TopicModel(embedding="tfidf", random_state=3)
    for check in (check_no_attributes_set_in_init, check_parameters_default_constructible, check_get_params_invariance):
        check("TopicModel", model)
    assert clone(model).get_params() == model.get_params()
    with pytest.raises(TypeError):
        TopicModel(None, "tfidf")  # keyword-only
    with pytest.raises(InvalidParameterError, match="topic_weight"):
        TopicModel(topic_weight=2.0).fit(pd.DataFrame({"text": ["a"]}))
    # One result-cache default: TopicModel, fit_topics and the pipeline agree.
    from analysis.run import RunOptions

    defaults = {f: inspect.signature(f).parameters["use_cache"].default for f in (TopicModel, fit_topics, RunOptions)}
    assert set(defaults.values()) == {True}, defaults


def test_fit_count_counts_fits_not_cache_hits(seed_result, tmp_path, monkeypatch):
    from analysis.model import fit_cache
    from analysis.model.topics import fit_count

    monkeypatch.setenv("ANALYSIS_FIT_CACHE", str(tmp_path))
    fit_cache.forget_memory()
    start = fit_count()
    first = TopicModel().fit(seed_result.papers, embeddings=seed_result.embeddings)
    second = TopicModel().fit(seed_result.papers, embeddings=seed_result.embeddings)
    assert fit_count() - start == 1 and (first.cache_hit_, second.cache_hit_) == (False, True)
    fit_cache.forget_memory()
