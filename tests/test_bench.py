"""Smoke tests of the benchmark code (bench/) on a tiny corpus, so that `make bench` cannot rot.

Nothing here writes into bench/: every output goes to tmp_path.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

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
    from analysis.embed import document_texts, tfidf_embeddings

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
def test_instrumented_fit_times_stages_and_changes_nothing(tiny):
    from analysis.topics import TopicModel
    from bench.suite import fit_ours

    papers, _, _, vectors = tiny
    measured = fit_ours(papers, vectors, embedding="tfidf")
    plain = TopicModel(embedding="tfidf").fit(papers, embeddings=vectors, random_state=42).result_
    assert {"reduce", "cluster", "represent", "map", "themes"} <= set(measured["stages"])
    assert measured["topics"] == plain.documents["topic"].nunique()
    assert measured["nmi"] == metrics.agreement(papers["label"], plain.documents["topic"])["nmi"]


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
    again = Run(parse_args(["--out", str(tmp_path), "--quick", "--only", "warm"]), tmp_path)
    again.section("cold", lambda: pytest.fail("cold was not asked for"))
    again.section("warm", lambda: {"old": False})
    saved = json.loads((tmp_path / "results.json").read_text())
    assert saved["sections"] == {"cold": {"old": True}, "warm": {"old": False}}
    assert saved["reruns"][0]["sections"] == ["warm"] and "warm" in saved["load_average"]


def test_one_failing_variant_keeps_the_others():
    from bench.run import each

    answers = each(["a", "b"], lambda v: 1 / 0 if v == "a" else {"ok": v})
    assert "ZeroDivisionError" in answers["a"]["error"] and answers["b"] == {"ok": "b"}


def test_large_corpus_is_distinct_and_its_section_replaces_the_old_one(tmp_path, reference_records):
    from bench import bench_large

    abstracts = bench_large.synthetic_abstracts(reference_records, 300)
    assert len({a["abstract"] for a in abstracts}) == 300
    (tmp_path / "RESULTS.md").write_text("# Benchmark results\n\nearlier sections\n")
    result = {
        "n": 300,
        "date": "d",
        "load_start": [0],
        "load_end": [0],
        "exit_code": 0,
        "seconds": 1.5,
        "peak_rss_mib": 10.0,
        "progress": ["analysis: 300 papers"],
        "files": 21,
    }
    bench_large.append_results(result, tmp_path)
    bench_large.append_results({**result, "seconds": 2.5}, tmp_path)
    text = (tmp_path / "RESULTS.md").read_text()
    assert text.count(bench_large.SECTION) == 1 and "**2.5 s** wall" in text and "earlier sections" in text
    assert json.loads((tmp_path / "large.json").read_text())["seconds"] == 2.5


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


def test_imports_task_times_the_suite_and_bertopic():
    from bench.worker import task_imports

    answer = task_imports()
    assert set(answer) == {"suite_umap_hdbscan_s", "bertopic_s"}
    assert all(seconds >= 0 for seconds in answer.values())
