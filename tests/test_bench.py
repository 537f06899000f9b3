"""Smoke tests of the benchmark code (bench/) on a tiny corpus, so that `make bench` cannot rot.

Nothing here writes into bench/: every output goes to tmp_path.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from analysis.config import ROOT
from bench import baselines, bench_dedup, metrics, render
from bench.common import NAMED_THEMES, Timer, load_papers, theme_truth


@pytest.fixture(scope="module")
def tiny_corpus(reference_records, tmp_path_factory):
    """60 reference papers (every 37th) in a JSONL file of their own."""
    path = tmp_path_factory.mktemp("bench") / "tiny.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in reference_records[::37][:60]), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def tiny(tiny_corpus):
    from analysis.embedding.backends import tfidf_embeddings
    from analysis.embedding.cache import document_texts

    papers = load_papers(tiny_corpus)
    texts = document_texts(papers)
    return papers, texts, papers["label"].astype(str).tolist(), tfidf_embeddings(texts)


def test_npmi_is_one_for_terms_always_together_and_minus_one_for_never():
    docs = ["alpha beta", "alpha beta gamma", "delta", "gamma delta"]
    assert metrics.npmi_coherence([["alpha", "beta"]], docs) == pytest.approx(1.0)
    assert metrics.npmi_coherence([["alpha", "delta"]], docs) == -1.0
    # A bigram term occurs where its words stand in a row; hyphens split words.
    assert metrics.npmi_coherence([["alpha beta", "gamma"]], ["alpha-beta gamma", "x", "alpha beta", "gamma"]) < 1


def test_diversity_and_agreement():
    assert metrics.diversity([["a", "b"], ["b", "c"]]) == 0.75
    row = metrics.agreement(["x", "x", "y", "y"], [0, 0, 1, -1])
    assert row["topics"] == 2 and row["outliers"] == 1 and 0 < row["nmi"] < 1


def test_theme_truth_maps_the_areas():
    truth = theme_truth(["generative models", "learning theory", "optimization"])
    assert truth == ["diffusion and generative models", "RL and learning theory", "other"]
    assert metrics.theme_f1(NAMED_THEMES, NAMED_THEMES) == 1.0


def test_planted_duplicates_are_merged(tiny):
    papers = tiny[0]
    answer = bench_dedup.run(papers["text"].tolist(), 300)
    assert answer["papers_true"] == 210
    assert answer["pair_precision"] == 1.0 and answer["pair_recall"] > 0.9
    ranges = bench_dedup.similarity_ranges(papers["text"].tolist(), papers["label"].tolist(), pairs=200)
    assert ranges["edited_copy_median"] > 0.8 > 0.2 > ranges["same_area_max"]


def test_pair_scores():
    assert bench_dedup.pair_scores(np.array([0, 0, 1]), np.array([5, 5, 6])) == {
        "pair_precision": 1.0,
        "pair_recall": 1.0,
    }
    assert bench_dedup.pair_scores(np.array([0, 0, 1]), np.array([5, 6, 6]))["pair_recall"] == 0.0


def test_baselines_on_tfidf(tiny):
    _, texts, labels, vectors = tiny
    for row in (baselines.kmeans(texts, labels, vectors, k=5), baselines.lda(texts, labels, k=5)):
        assert 0 <= row["nmi"] <= 1 and row["topics"] == 5 and -1 <= row["npmi"] <= 1
    themes = baselines.description_themes(labels, vectors, vectors[:4])
    assert 0 <= themes["theme_f1"] <= 1 and len(themes["thresholds"]) == 2


@pytest.mark.slow
def test_timed_fit_reports_every_stage_and_changes_nothing(tiny):
    from analysis.model.topics import TopicModel
    from bench.suite import fit_ours

    papers, _, _, vectors = tiny
    measured = fit_ours(papers, vectors, embedding="tfidf")
    plain = TopicModel(embedding="tfidf", use_cache=False).fit(papers, embeddings=vectors).result_
    assert list(measured["stages"]) == ["lexical", "reduce", "cluster", "represent", "map", "themes"]
    assert measured["topics"] == plain.documents["topic"].nunique()
    assert measured["nmi"] == metrics.agreement(papers["label"], plain.documents["topic"])["nmi"]


def test_a_stage_the_suite_does_not_list_fails_loudly():
    from bench.suite import UnknownStageError, stage_times

    timer = Timer()
    timer.add("reduce", 1.0)
    timer.add("cluster", 0.5)
    assert stage_times(timer) == {"reduce": 1.0, "cluster": 0.5}
    timer.add("rerank", 0.2)
    with pytest.raises(UnknownStageError, match=r"\['rerank'\].*STAGES"):
        stage_times(timer)


def test_bench_variants_are_registered_backends_of_the_suite():
    import subprocess
    import sys

    from analysis.config import ROOT
    from analysis.embedding import registry
    from bench import embedders

    assert {"onnx", "onnx-int8", "model2vec"} <= set(registry.registered_backends())
    # Registered, not built: registering imports neither onnx nor model2vec (sentence-transformers
    # may import model2vec itself, so this is checked in a fresh process).
    imported = "import sys, bench.embedders; print(sorted({'onnx', 'onnxruntime', 'model2vec'} & set(sys.modules)))"
    run = subprocess.run([sys.executable, "-c", imported], cwd=ROOT, capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "[]"
    encode, build_s, _ = embedders.load("tfidf")
    assert build_s == 0.0
    np.testing.assert_allclose(np.linalg.norm(encode(["diffusion models", "policy regret", "diffusion"]), axis=1), 1)
    with pytest.raises(ValueError, match="unknown variant 'bert'"):
        embedders.load("bert")


def test_stability_perturbations_and_comparisons():
    from bench import stability

    vectors = np.random.default_rng(5).standard_normal((40, 8)).astype(np.float32)
    runs = stability.perturbations(vectors)
    assert [seed for _, seed in runs.values()] == [42, 42, 42, 43]
    assert 0 < np.abs(runs["noise"][0] - vectors).max() < 1e-5 and runs["noise"][0].dtype == np.float32
    relative = runs["relative"][0] / vectors - 1
    assert 0 < np.abs(relative).max() < 1e-4 and runs["seed"][0] is vectors
    topics = np.repeat([0, 1, 2, 3], 10)
    run = {"topics": topics, "themes": np.array(["a", "b"] * 20), "xy": vectors[:, :2], "fit_s": 1.0}
    moved = {**run, "topics": np.roll(topics, 1), "xy": 3 * run["xy"] + 1, "themes": np.array(["a"] * 40)}
    same = stability.compare(run, moved)
    assert same["procrustes"] == 0.0 and same["theme_kept"] == 0.5 and same["ari"] < 1
    assert stability.compare({**run, "themes": None}, run)["theme_kept"] is None
    assert stability.map_silhouette(run["xy"], np.full(40, -1)) is None


@pytest.mark.slow
def test_stability_task_on_150_papers(reference_records):
    from bench.common import reference_corpus
    from bench.worker import task_stability

    answer = task_stability(str(reference_corpus()), size=150, embedding="tfidf")
    assert answer["papers"] == 150 and answer["seed_papers"] == 26
    ours, plain = answer["ours"], answer["plain_bertopic"]
    # Our stages are deterministic: another seed changes nothing, noise of 1e-6 moves no topic. A row whose
    # k-th and (k+1)-th neighbours tie is smoothed by a ramp that follows the noise (SMOOTH_TIE_WIDTH), so
    # the map may move, by far less than the 0.05 the bench asks (1e-6 measured here on 2026-12-01).
    assert all(ours[v]["ari"] == 1.0 for v in ("noise", "relative", "seed"))
    assert ours["seed"]["procrustes"] == 0.0 and all(ours[v]["procrustes"] <= 1e-4 for v in ("noise", "relative"))
    assert ours["reference"]["outliers"] == 0 and -1 <= ours["seed_papers"]["silhouette"] <= 1
    assert plain["noise"]["theme_kept"] is None and "topic_s" in plain["reference"]
    checks = {(c["run"], c["key"]): c for c in answer["checks"]}
    assert checks[("noise", "ari")]["ours_met"] is True and checks[("noise", "theme_kept")]["plain_met"] is None
    assert "target" not in checks[("reference", "fit_s")]
    json.dumps(answer)  # results.json must be able to hold it


def test_growth_exponent():
    assert render.growth_exponent([100, 1000], [1.0, 10.0]) == pytest.approx(1.0)
    assert 1.0 < render.nlogn_exponent(250, 2260) < 1.2


def test_results_written_to_the_given_folder(tmp_path):
    results = _sample_results()
    results["analysis"] = render.analyse(results)
    render.write_outputs(results, tmp_path, png=False)
    text = (tmp_path / "RESULTS.md").read_text()
    assert "## Targets" in text and "cold end to end vs plain BERTopic" in text
    assert "only imports what every fit needs takes **16.5 s** (umap, hdbscan and this package 3.0 s" in text
    assert results["analysis"]["targets"]["cold_vs_plain"]["ratio"] == 0.5
    assert results["analysis"]["targets"]["warm_vs_cold"]["met"] is False
    assert json.loads((tmp_path / "results.json").read_text())["sections"]["cold"]["nmi"] == 0.4


def _sample_stability() -> dict:
    from bench import stability

    def runs(ari, kept, disparity, **reference):
        row = {"ari": ari, "theme_kept": kept, "procrustes": disparity, "topics": 5, "fit_s": 1.0}
        return {"reference": reference, **{v: row for v in stability.VARIANTS}}

    ours = runs(1.0, 0.995, 0.0, nmi=0.38, topics=59, outliers=0, silhouette=0.6, fit_s=5.0)
    ours["seed_papers"] = {"topics": 6, "outliers": 0, "silhouette": 0.2, "fit_s": 1.0}
    plain = runs(0.6, None, 0.12, nmi=0.33, topics=70, outliers=600, silhouette=0.3, fit_s=20.0, topic_s=12.0)
    plain["seed_papers"] = {"error": "ValueError: too few papers"}
    plain["noise"] = {**plain["noise"], "fit_s": 14.0}
    answer = {"papers": 100, "embedding": "minilm", "variants": stability.VARIANTS, "seed_papers": 26}
    answer.update(ours=ours, plain_bertopic=plain)
    return {**answer, "checks": stability.checks(answer)}


def test_stability_section_rendered_ours_beside_plain(tmp_path):
    results = _sample_results()
    results["sections"]["stability"] = _sample_stability()
    results["analysis"] = render.analyse(results)
    render.write_outputs(results, tmp_path, png=False)
    text = (tmp_path / "RESULTS.md").read_text()
    assert "## Stability (float noise and another seed)" in text
    assert (
        "| ARI of topics vs reference, (a) Gaussian noise sigma 1e-06 added | 1.000 | 0.600 | >= 0.9 | yes | **no** |"
        in text
    )
    assert "| ARI of topics vs reference, (b) relative noise 1e-05 | 1.000 | 0.600 | none set | – | – |" in text
    # The suite has no random step: its seed rows say so instead of counting a win that holds by construction.
    assert "| papers keeping their theme, (c) random_state 43 | no random step | n/a | >= 99% | – | n/a |" in text
    assert "| ARI of topics vs reference, (c) random_state 43 | no random step | 0.600 | >= 0.9 | – | **no** |" in text
    assert "| outlier papers, topic -1 (reference run) | 0 | 600 | 0 | yes | **no** |" in text
    assert "| silhouette of the map by topic, the seed papers | 0.200 | n/a | >= 0.25 | **no** | n/a |" in text
    assert "| fit s (reference run) | 5.000 | 20.0 | ratio 0.25x |" in text
    assert "Plain BERTopic on the seed papers failed: `ValueError: too few papers`" in text
    assert (
        "fit s of the reference and (a)-(c) in turn: ours 5.000, 1.000, 1.000, 1.000, plain BERTopic 20.0, 14.0" in text
    )
    target = results["analysis"]["targets"]["stability"]
    assert target["met"] is False and target["suite_meets"] == "9/10" and target["plain_meets"].endswith("/13")
    assert target["suite_misses"] == "silhouette of the map by topic, the seed papers"
    assert "stability under float noise" in text


def test_only_stability_runs_its_worker_on_the_given_cache(tmp_path, monkeypatch):
    from bench import run as bench_run

    calls = []
    monkeypatch.setattr(bench_run, "run_worker", lambda task, **kw: calls.append((task, kw)) or {"ok": task})
    args = bench_run.parse_args(["--out", str(tmp_path), "--only", "stability", "--cache", str(tmp_path / "c")])
    bench_run.measure_all(bench_run.Run(args, tmp_path))
    assert [task for task, _ in calls] == ["stability"]
    assert calls[0][1]["env"]["ANALYSIS_CACHE_DIR"] == str((tmp_path / "c").resolve())
    assert json.loads((tmp_path / "results.json").read_text())["sections"]["stability"] == {"ok": "stability"}


def test_a_failing_section_is_recorded_and_the_run_goes_on(tmp_path):
    from bench.run import Run, parse_args

    run = Run(parse_args(["--out", str(tmp_path), "--quick"]), tmp_path)
    run.section("broken", lambda: 1 / 0)
    run.section("fine", lambda: {"x": 1})
    assert "ZeroDivisionError" in run.results["errors"]["broken"]
    assert run.results["sections"]["fine"] == {"x": 1}
    assert "broken" in (tmp_path / "RESULTS.md").read_text()


def test_timer_sums_repeats():
    timer = Timer()
    timer.add("a", 1.0)
    timer.add("a", 0.5)
    assert timer.rounded() == {"a": 1.5}


def _sample_results() -> dict:
    stages = {"load": 1.0, "dedup": 0.5, "embed": 50.0, "reduce": 10.0, "represent": 5.0, "figures": 3.0}
    quality = {"nmi": 0.4, "ari": 0.2, "topics": 10, "outliers": 0, "theme_f1": 0.6, "npmi": 0.05, "diversity": 0.9}
    run = {"papers": 100, "process_s": 80.0, "peak_rss_mb": 900.0, "stages": stages, **quality}
    return {
        "machine": {
            "date": "d",
            "cpu_model": "c",
            "logical_cores": 2,
            "physical_cores": 2,
            "memory_gb": 1,
            "python": "3.11",
            "platform": "p",
            "load_average_start": [0, 0, 0],
            "versions": {},
        },
        "config": {"corpus": "tiny.jsonl"},
        "sections": {
            "cold": run,
            "warm": {**run, "process_s": 40.0},
            "plain_bertopic_model": {**run, "process_s": 160.0, "nmi": 0.3, "stages": {"load": 1.0}, "fit_s": 150},
            "dedup": {"10000": {"entries": 10000, "dedup_s": 2.0}, "100000": {"entries": 100000, "dedup_s": 20.0}},
            "imports": {"process_s": 16.5, "suite_umap_hdbscan_s": 3.0, "bertopic_s": 13.0},
        },
        "errors": {},
    }


def test_a_partial_rerun_keeps_the_other_sections(tmp_path):
    from bench.run import Run, parse_args

    first = Run(parse_args(["--out", str(tmp_path), "--quick"]), tmp_path)
    first.section("cold", lambda: {"old": True})
    first.section("warm", lambda: {"old": True})
    (tmp_path / "large.json").write_text(json.dumps(_large_result(1.5)))
    again = Run(parse_args(["--out", str(tmp_path), "--quick", "--only", "warm"]), tmp_path)
    again.section("cold", lambda: pytest.fail("cold was not asked for"))
    again.section("warm", lambda: {"old": False})
    saved = json.loads((tmp_path / "results.json").read_text())
    assert saved["sections"] == {"cold": {"old": True}, "warm": {"old": False}}
    assert saved["reruns"][0]["sections"] == ["warm"] and "warm" in saved["load_average"]
    # bench_large.py's section of RESULTS.md survives a partial rerun.
    assert "## Large corpus end to end" in (tmp_path / "RESULTS.md").read_text()


def test_one_failing_variant_keeps_the_others():
    from bench.run import each

    answers = each(["a", "b"], lambda v: 1 / 0 if v == "a" else {"ok": v})
    assert "ZeroDivisionError" in answers["a"]["error"] and answers["b"] == {"ok": "b"}


def _large_result(default_seconds: float, peak: float = 10.0) -> dict:
    run = {"commit": "abc1234", "exit_code": 0, "peak_rss_mib": peak, "progress": ["analysis: 300 papers"], "files": 21}
    runs = {"default": {**run, "seconds": default_seconds}, "fast": {**run, "seconds": 0.5}}
    return {"n": 300, "date": "d", "load_start": [0], "load_end": [0], "runs": runs}


def test_large_corpus_is_distinct_and_its_section_replaces_the_old_one(tmp_path, reference_records):
    from bench import bench_large

    abstracts = bench_large.synthetic_abstracts(reference_records, 300)
    assert len({a["abstract"] for a in abstracts}) == 300
    (tmp_path / "RESULTS.md").write_text("# Benchmark results\n\nearlier sections\n")
    bench_large.append_results(_large_result(1.5), tmp_path)
    bench_large.append_results(_large_result(2.5), tmp_path)
    text = (tmp_path / "RESULTS.md").read_text()
    assert text.count(bench_large.SECTION) == 1 and "earlier sections" in text
    assert "| default | abc1234 | 0 | 2.5 | 10.0 | 21 | <= 600 s and <= 4096 MiB | yes |" in text
    assert "| fast | abc1234 | 0 | 0.5 | 10.0 | 21 | – | – |" in text
    assert json.loads((tmp_path / "large.json").read_text())["runs"]["default"]["seconds"] == 2.5


def test_large_corpus_target_fails_on_time_or_memory(tmp_path):
    from bench import bench_large

    for result in (_large_result(601.0), _large_result(5.0, peak=4097.0)):
        bench_large.append_results(result, tmp_path)
        assert "MiB | **no** |" in (tmp_path / "RESULTS.md").read_text()


@pytest.mark.slow  # a child process fits a corpus (about 8 s): `make test` only
def test_large_corpus_child_reports_its_own_peak_memory(tmp_path):
    from bench import bench_large

    corpus = tmp_path / "two.txt"
    corpus.write_text("A study of watermarks in language model outputs.\n\nA study of regret in bandits.\n")
    run = bench_large.run_report(corpus, tmp_path / "out", "fast", tmp_path / "cache")
    assert run["exit_code"] == 0 and run["files"] > 0 and len(run["commit"]) >= 7
    assert run["progress"] and all(line.startswith("analysis:") for line in run["progress"])
    # A Python process running the suite takes well over 50 MiB and far less than the machine.
    assert 50 < run["peak_rss_mib"] < 8192


def test_presets_are_the_suites_own_measured_and_checked_against_the_fastest():
    from bench import render

    results = _sample_results()
    row = {"embed_s": 5.0, "load_s": 1.0, "build_s": 0.0, "papers": 100, "papers_per_s": 20.0}
    results["sections"]["embeddings"] = {v: row for v in ("minilm-128", "torch-int8", "tfidf")}
    results["sections"]["fits"] = {
        "minilm-128": {"nmi": 0.395, "theme_f1": 0.6, "fit_s": 10.0},
        "torch-int8": {"nmi": 0.36, "theme_f1": 0.6, "fit_s": 9.0},
        "tfidf": {"nmi": 0.38, "theme_f1": 0.5, "fit_s": 8.0},
    }
    analysis = render.analyse(results)
    presets = analysis["presets"]
    fast_cold = analysis["targets"]["cold_vs_plain_fast_preset"]
    assert (fast_cold["ratio"], fast_cold["nmi_fast"], fast_cold["met"]) == (0.181, 0.38, True)
    assert [presets[name]["variant"] for name in ("quality", "balanced", "fast")] == ["minilm", "minilm-128", "tfidf"]
    # 80 s cold minus its 65 s of fit stages, plus 6 s embedding and the fit.
    assert presets["balanced"]["end_to_end_s"] == 31.0
    assert presets["fastest_within_0.01"]["variant"] == "minilm-128"
    assert presets["fastest_within_0.03"]["variant"] == "tfidf"


def test_imports_task_times_the_warm_floor_and_the_old_one():
    from bench.worker import task_imports

    answer = task_imports()
    assert set(answer) == {"floor_s", "umap_hdbscan_s", "bertopic_s", "old_floor_s", "floor_vs_old"}
    assert all(seconds >= 0 for seconds in answer.values())
    parts = answer["floor_s"] + answer["umap_hdbscan_s"] + answer["bertopic_s"]
    assert answer["old_floor_s"] == pytest.approx(parts, abs=0.03) and answer["floor_vs_old"] <= 1


def test_warm_section_reports_both_reruns_as_ratios_to_cold(tmp_path):
    results = _sample_results()
    edited = {**results["sections"]["cold"], "process_s": 12.0, "topics_reused": True, "heavy_imports": ["torch"]}
    results["sections"]["warm"] = {
        **results["sections"]["warm"],
        "process_s": 6.0,
        "topics_reused": True,
        "heavy_imports": [],
        "themes_edited": edited,
    }
    results["sections"]["imports"] = {
        "process_s": 3.0,
        "floor_s": 2.0,
        "umap_hdbscan_s": 1.5,
        "bertopic_s": 6.5,
        "old_floor_s": 10.0,
        "floor_vs_old": 0.2,
    }
    results["analysis"] = render.analyse(results)
    render.write_outputs(results, tmp_path, png=False)
    text = (tmp_path / "RESULTS.md").read_text()
    targets = results["analysis"]["targets"]
    assert targets["warm_vs_cold"] == {"ratio": 0.075, "target": "<= 0.1", "met": True}
    assert targets["themes_edit_vs_cold"] == {"ratio": 0.15, "target": "<= 0.15", "met": True}
    assert "nothing changed **0.075x** of cold (topics from the result cache; heavy imports: none)" in text
    assert "themes file edited (one seed phrase added) **0.150x** of cold" in text
    assert "the imports a warm fit needs take **2.0 s**" in text and "10.0 s in all" in text
    assert "the floor is now **0.20x** of what it was" in text


def test_label_agreement_counts_papers_nearest_their_own_label():
    from bench.words import label_agreement

    papers = np.array([[1.0, 0.0], [0.9, 0.1], [0.0, 1.0], [0.6, 0.4], [1.0, 1.0]])
    topics = np.array([0, 0, 1, 1, -1])  # the outlier paper is left out
    vectors = {"x label": [1.0, 0.0], "y label": [0.0, 1.0], "noise": [1.0, 1.0]}
    encode = lambda texts: np.array([vectors[t] for t in texts])  # noqa: E731
    # Paper 3 (0.6, 0.4) sits nearer the x label although it is in topic 1: 3 of 4.
    assert label_agreement({0: "x label", 1: "y label", -1: "noise"}, topics, papers, encode) == 0.75


def test_name_accuracy_compares_names_with_title_prefixes():
    from bench.words import name_accuracy, previous_names

    titles = ["CADS: Diverse Sampling", "$\\texttt{NAISR}$: Additive Shapes", "No Prefix Here", ""]
    assert name_accuracy(titles, ["CADS", "NAISR", "x", "y"]) == {"titles_with_prefix": 2, "share": 1.0}
    assert name_accuracy(titles, ["CADS", "NAISR3D", "x", "y"]) == {"titles_with_prefix": 2, "share": 0.5}
    texts = ["We propose DiverseNet for sampling.", "We study shapes."]
    assert previous_names(texts, ["CADS: Diverse Sampling", "NAISR: Additive Shapes"]) == [
        "DiverseNet",
        "NAISR: Additive Shapes",
    ]


def test_words_section_renders_beside_the_baselines():
    from bench.report_md import markdown

    words = {
        "topics": {"ours": 59, "plain_bertopic": 37},
        "label_agreement": {"ours": 0.658, "previous_rule": 0.471, "ours_top_terms": 0.45, "plain_bertopic": 0.46},
        "names": {
            "ours": {"titles_with_prefix": 969, "share": 0.988},
            "previous_rule": {"titles_with_prefix": 969, "share": 0.398},
        },
    }
    text = markdown({"sections": {"words": words}})
    assert "## Words: topic labels and paper names" in text
    assert "| this suite (key phrases from the papers) | 59 | 0.658 | – |" in text
    assert "| the rule before (three c-TF-IDF terms) | 59 | 0.471 | – |" in text
    assert "| the rule before (introduced name first) | 969 | 0.398 | – |" in text


def test_map_scale_result_and_its_section(tmp_path):
    from bench import map_scale
    from bench.report_md import markdown

    result = map_scale.synthetic_result(500, topics=12)
    assert len(result.documents) == 500 and result.topics["size"].sum() == 500
    assert result.topics["size"].is_monotonic_decreasing
    answer = map_scale.measure(500, tmp_path, browser=False)
    assert answer["papers"] == 500 and (tmp_path / "topic_map_500.html").exists()
    page = (tmp_path / "topic_map_500.html").read_text(encoding="utf-8")
    assert '"webgl": true' in page and '"column": "decision"' in page and '"column": "year"' in page
    text = markdown({"sections": {"map_scale": {**answer, "chromium_load_s": 1.5, "colour_switch_s": 0.2}}})
    assert "## Topic map at scale" in text and f"| 500 | {answer['topics']} |" in text
    assert "Labels at the full view" not in text  # a run without a browser measured no labels
    shown = {"labels_shown": answer["labels_placed"], "area_labels_shown": 1, "overlapping_labels": [[0, 2]]}
    text = markdown({"sections": {"map_scale": {**answer, **shown}}})
    placed = answer["labels_placed"]
    assert f"Labels at the full view: {placed} shown of {placed} placed in Python (1 of areas), 1 overlapping." in text


def test_the_committed_results_md_is_the_render_of_results_json():
    """bench/RESULTS.md is what render.py and bench_sampled, _add, _large, _cluster.py and glance.py write."""
    from bench import bench_add, bench_sampled
    from bench.bench_large import SECTION, _section
    from bench.render import markdown

    folder = ROOT / "bench"
    results = json.loads((folder / "results.json").read_text(encoding="utf-8"))
    added = json.loads((folder / "add.json").read_text(encoding="utf-8"))
    large = json.loads((folder / "large.json").read_text(encoding="utf-8"))
    sampled = json.loads((folder / "sampled.json").read_text(encoding="utf-8"))
    rendered = markdown(results, "![growth curves](growth.png)").split(SECTION)[0].rstrip()
    rendered += "\n\n" + bench_sampled.section(sampled) + "\n" + bench_add.section(added) + "\n" + _section(large)
    if (folder / "cluster.json").exists():  # make bench-cluster's section, last
        from bench import bench_cluster

        clustered = json.loads((folder / "cluster.json").read_text(encoding="utf-8"))
        rendered = rendered.rstrip() + "\n\n" + bench_cluster.section(clustered)
    text = (folder / "RESULTS.md").read_text(encoding="utf-8")
    if (folder / "glance.json").exists():  # make bench-glance's section, after it (hand-written ones may follow)
        from bench import glance

        glanced = glance.section(json.loads((folder / "glance.json").read_text(encoding="utf-8")))
        text, _, after = text.partition(glance.SECTION)
        assert (glance.SECTION + after).startswith(glanced)
        rendered = rendered.rstrip() + "\n\n"
    assert text == rendered


def _sampled_result(nmi_sampled: float) -> dict:
    stages = {"lexical": 1.0, "reduce": 0.5}
    return {
        "date": "d",
        "load_start": [0, 0, 0],
        "load_end": [0, 0, 0],
        "papers": 2260,
        "sample": 1000,
        "nmi_full": 0.376,
        "nmi_sampled": nmi_sampled,
        "nmi_outside_full": 0.37,
        "nmi_outside_sampled": 0.36,
        "topics_full": 59,
        "topics_sampled": 61,
        "assigned": 2260,
        "misfits": 3,
        "new_topics": 2,
        "same_bytes_again": True,
        "same_bytes_threads": True,
        "fit_s_full": 10.0,
        "fit_s_sampled": 6.0,
        "fit_ratio": 0.6,
        "cpu_s_full": 20.0,
        "cpu_s_sampled": 12.0,
        "stages_full": stages,
        "stages_sampled": stages,
        "sizes": {"1000": {"nmi": 0.36, "nmi_outside": 0.36, "nmi_outside_full": 0.37, "topics": 61, "fit_s": 6.0}},
    }


def test_the_sampled_section_sits_before_the_add_section_and_survives_each_rerun(tmp_path):
    from bench import bench_add, bench_large, bench_sampled

    added = json.loads((ROOT / "bench" / "add.json").read_text(encoding="utf-8"))
    (tmp_path / "RESULTS.md").write_text("# Benchmark results\n\nearlier sections\n")
    bench_large.append_results(_large_result(1.5), tmp_path)
    bench_sampled.append_results(_sampled_result(0.351), tmp_path)
    bench_add.append_results(added, tmp_path)
    bench_sampled.append_results(_sampled_result(0.36), tmp_path)
    bench_add.append_results(added, tmp_path)
    text = (tmp_path / "RESULTS.md").read_text()
    titles = ["earlier sections", bench_sampled.SECTION, bench_add.SECTION, bench_large.SECTION]
    assert [text.count(title) for title in titles] == [1, 1, 1, 1]
    assert [text.index(title) for title in titles] == sorted(text.index(title) for title in titles)
    assert "| 0.376 | 0.36 | >= full - 0.01 | **no** |" in text and "0.351" not in text
    assert json.loads((tmp_path / "sampled.json").read_text())["nmi_sampled"] == 0.36


def test_the_machine_section_names_each_rerun_sections_latest_run_only():
    """Twelve reruns of one section give one line, its latest; the history stays in results.json."""
    from bench.report_md import _rerun_lines

    def rerun(sections, date, commit):
        return {"sections": sections, "machine": {"date": date, "cpu_model": "AMD EPYC", "commit": commit}}

    reruns = [rerun(["cold", "words"], "d1", "a1"), rerun(["words"], "d2", "b2"), rerun(["words"], "d3", "c3")]
    assert _rerun_lines(reruns) == [
        "- cold: measured again on d1 (AMD EPYC), commit a1, cache fresh",
        "- words: measured again on d3 (AMD EPYC), commit c3, cache fresh",
        "- every other section: the first run above; the history of reruns is in results.json (`reruns`)",
    ]
    assert _rerun_lines([]) == []
