"""One measurement in a fresh process: ``python -m bench.worker TASK JSON_KWARGS``.

Prints one JSON line (the task's answer plus this process's peak memory).
Fresh processes make cold runs cold and give each size its own peak memory.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import numpy as np

from bench.common import embedding_cache, load_papers, peak_rss_mb

_START = time.perf_counter()


def task_report(corpus: str, out: str, static: bool = True, themes: str | None = None) -> dict:
    """This suite end to end (``run_report``), cold or warm depending on ``ANALYSIS_CACHE_DIR``."""
    from bench.suite import report_run

    return report_run(Path(corpus), Path(out), static=static, themes=themes)


def task_imports() -> dict:
    """The import floor: what a warm fit imports, then what the fit imported before (umap, hdbscan, BERTopic).

    Both in this one fresh process, the second on top of the first: the old
    floor is their sum (BERTopic's import also pulls transformers and torch).
    """
    start = time.perf_counter()
    import scipy.sparse  # noqa: F401
    import sklearn.cluster
    import sklearn.decomposition
    import sklearn.feature_extraction.text
    import sklearn.preprocessing  # noqa: F401

    import analysis.model.ctfidf
    import analysis.model.fit_cache
    import analysis.model.topics
    import analysis.pipeline  # noqa: F401

    floor_s = time.perf_counter() - start
    import hdbscan  # noqa: F401
    import umap  # noqa: F401

    umap_s = time.perf_counter() - start - floor_s
    import bertopic  # noqa: F401

    old_s = time.perf_counter() - start
    return {
        "floor_s": round(floor_s, 2),
        "umap_hdbscan_s": round(umap_s, 2),
        "bertopic_s": round(old_s - floor_s - umap_s, 2),
        "old_floor_s": round(old_s, 2),
        "floor_vs_old": round(floor_s / max(old_s, 1e-9), 3),
    }


def task_plain(corpus: str, size: int | None = None) -> dict:
    """Plain BERTopic ``fit_transform`` with its own MiniLM embedding model, on the same texts."""
    from bench.baselines import plain_bertopic
    from bench.common import Timer

    timer = Timer()
    with timer("load"):
        from analysis.embedding.backends import minilm_dir, verify_model
        from analysis.embedding.cache import document_texts

        papers = load_papers(Path(corpus), size)
        texts = document_texts(papers)
    with timer("model_load"):
        from sentence_transformers import SentenceTransformer

        # Same verified files as the suite uses; BERTopic itself would download by name.
        verify_model(minilm_dir())
        model = SentenceTransformer(str(minilm_dir()), device="cpu")
    answer = plain_bertopic(texts, papers["label"].astype(str).tolist(), embedding_model=model)
    return {"stages": timer.rounded(), **answer}


def task_baselines(corpus: str, cache: str) -> dict:
    """Plain BERTopic on the suite's embeddings, KMeans(30), LDA(20) and description themes."""
    from analysis.embedding.cache import document_texts, embed_papers
    from analysis.embedding.registry import select_backend
    from analysis.model.themes import load_themes
    from bench import baselines

    papers = load_papers(Path(corpus))
    texts, labels = document_texts(papers), papers["label"].astype(str).tolist()
    embeddings = embed_papers(papers, "minilm", cache=embedding_cache(cache))
    descriptions = select_backend("minilm").encode([t.description for t in load_themes().themes])
    return {
        "plain_bertopic": baselines.plain_bertopic(texts, labels, embeddings=embeddings),
        "kmeans30": baselines.kmeans(texts, labels, embeddings),
        "lda20": baselines.lda(texts, labels),
        "description_themes": baselines.description_themes(labels, embeddings, descriptions),
    }


def task_embed(corpus: str, variant: str, out: str, limit: int | None = None, cache: str | None = None) -> dict:
    """Embed the papers (or the first ``limit``) with one variant; save the vectors; papers/s."""
    from analysis.embedding.cache import document_texts, embed_papers
    from bench.embedders import load

    papers = load_papers(Path(corpus))
    texts = document_texts(papers)[:limit]
    encode, build_s, load_s = load(variant)
    start = time.perf_counter()
    vectors = encode(texts)
    embed_s = time.perf_counter() - start
    np.save(out, vectors)
    answer = {
        "papers": len(texts),
        "build_s": build_s,
        "load_s": load_s,
        "embed_s": round(embed_s, 2),
        "papers_per_s": round(len(texts) / embed_s, 1),
    }
    if cache and variant not in {"tfidf", "model2vec"}:
        # How close to float32 MiniLM (the cached vectors of the cold run).
        reference = embed_papers(papers.iloc[: len(texts)], "minilm", cache=embedding_cache(cache))
        answer["cosine_to_minilm"] = round(float(np.mean(np.sum(reference * vectors, axis=1))), 4)
    return answer


def task_fit(corpus: str, variant: str, vectors: str, size: int | None = None) -> dict:
    """This suite's fit on precomputed vectors of one variant."""
    from bench.embedders import suite_embedding_name
    from bench.suite import fit_ours

    papers = load_papers(Path(corpus), size)
    embeddings = np.load(vectors)
    return fit_ours(papers, embeddings, embedding=suite_embedding_name(variant))


def task_scale(corpus: str, size: int, cache: str) -> dict:
    """This suite at one corpus size: load, dedup, embed (cached) and fit, by stage."""
    from analysis.embedding.cache import embed_papers
    from bench.common import Timer
    from bench.suite import fit_ours

    timer = Timer()
    with timer("load_dedup"):
        papers = load_papers(Path(corpus), size)
    with timer("embed_cached"):
        embeddings = embed_papers(papers, "minilm", cache=embedding_cache(cache))
    answer = fit_ours(papers, embeddings)
    answer["stages"] = {**timer.rounded(), **answer["stages"]}
    return {"papers": len(papers), **answer}


def task_stability(corpus: str, size: int | None = None, embedding: str = "minilm", seeds: bool = True) -> dict:
    """Topics, themes and map under float noise and another seed, ours vs plain BERTopic (bench/stability.py).

    Embeddings come through ``ANALYSIS_CACHE_DIR``, the cache the run's
    report runs filled, so the corpus is embedded once per run.
    """
    from analysis import load_corpus
    from analysis.config import SEEDS_DIR
    from analysis.embedding.cache import embed_papers
    from bench import stability

    papers = load_papers(Path(corpus), size)
    start = time.perf_counter()
    embeddings = embed_papers(papers, embedding)
    embed_s = time.perf_counter() - start
    seed_papers = load_corpus(SEEDS_DIR) if seeds else None
    seed_embeddings = embed_papers(seed_papers, embedding) if seeds else None
    answer = stability.measure(papers, embeddings, embedding, seed_papers, seed_embeddings)
    return {"embed_s": round(embed_s, 2), **answer}


def task_words(corpus: str) -> dict:
    """Label quality on the corpus, its held-out slice and the seeds; name accuracy (bench/words.py)."""
    from analysis import load_corpus
    from analysis.config import SEEDS_DIR
    from analysis.embedding.cache import embed_papers
    from analysis.embedding.registry import select_backend
    from bench import words

    papers = load_papers(Path(corpus))
    backend = select_backend("minilm")
    seeds = load_corpus(SEEDS_DIR)
    embeddings, seed_embeddings = embed_papers(papers, "minilm"), embed_papers(seeds, "minilm")
    return words.measure(papers, embeddings, backend.encode, backend, seeds, seed_embeddings)


def task_dedup(corpus: str, entries: int, similarities: bool = False) -> dict:
    """Deduplicate ``entries`` planted entries built from the corpus abstracts."""
    from bench import bench_dedup

    papers = load_papers(Path(corpus))
    abstracts = papers["text"].tolist()
    answer = bench_dedup.run(abstracts, entries)
    if similarities:
        answer["similarities"] = bench_dedup.similarity_ranges(abstracts, papers["label"].astype(str).tolist())
    return answer


def task_map_scale(corpus: str, out: str, papers: int) -> dict:
    """``topic_map.html`` of a synthetic result of ``papers`` papers: file size, build and Chromium load time."""
    from bench import map_scale

    return map_scale.measure(papers, Path(out), Path(corpus))


TASKS = {name[5:]: fn for name, fn in globals().items() if name.startswith("task_")}


def main(argv: list[str]) -> None:
    """Run one task and print its JSON answer as the last line of stdout."""
    task, kwargs = argv[0], json.loads(argv[1]) if len(argv) > 1 else {}
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    answer = TASKS[task](**kwargs)
    answer["worker_s"] = round(time.perf_counter() - _START, 2)
    answer["peak_rss_mb"] = peak_rss_mb()
    sys.stdout.flush()
    print(json.dumps(answer))


if __name__ == "__main__":
    main(sys.argv[1:])
