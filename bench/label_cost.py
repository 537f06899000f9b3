"""What the label step costs against a cold run (embedding + fit) on one corpus, in one process.

``python -m bench.label_cost CORPUS`` embeds the corpus into an empty cache (the
names the label step embeds go there too), fits it (``use_cache=False``), then
times the label step alone as the fit runs it: the topics' labels, then the
areas' (:mod:`analysis.model.naming`, its phrase table built afresh, and the
candidate names of weakly named groups embedded,
:mod:`analysis.model.naming_nearest`). Prints one JSON line with the machine's load.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from unittest.mock import patch

import pandas as pd


def measure(corpus: str) -> dict:
    """Seconds of the cold embedding, the fit and the label step (topics, areas) on ``corpus``."""
    from analysis import load_corpus

    papers = load_corpus(corpus)
    # Cold for the names too: each call of the cached encoder reads every vector the cache holds.
    with tempfile.TemporaryDirectory() as cache, patch.dict(os.environ, {"ANALYSIS_EMBEDDING_CACHE": cache}):
        return _measure(corpus, papers)


def _measure(corpus: str, papers: pd.DataFrame) -> dict:
    """:func:`measure` with the embedding cache empty at the start."""
    import numpy as np

    from analysis import fit_topics
    from analysis.config import DEFAULT_EMBEDDING
    from analysis.embedding.cache import document_texts, embed_papers
    from analysis.embedding.registry import select_backend
    from analysis.model.describe import describe_areas, paper_titles
    from analysis.model.labels import topic_labels
    from analysis.model.naming_nearest import name_nearness
    from analysis.model.phrase_table import forget_tables
    from analysis.model.transform import fitted_pieces
    from analysis.text import strip_markup

    started = time.perf_counter()
    embeddings = embed_papers(papers)
    embed_s = time.perf_counter() - started
    started = time.perf_counter()
    result = fit_topics(papers, embeddings=embeddings, use_cache=False)
    fit_s = time.perf_counter() - started
    pieces = fitted_pieces(result)  # a fresh fit has them; a ValueError says so otherwise
    topics = np.asarray(pieces.paper_topics)
    areas = result.documents["area"].to_numpy()
    terms = {int(t): [w for w, _ in words] for t, words in pieces.terms.items()}
    texts = [strip_markup(t) for t in document_texts(papers)]
    titles = paper_titles(papers)
    # The names weighed by their nearness to the papers, with the encoder the fit used (its model loaded).
    nearness = name_nearness(select_backend(DEFAULT_EMBEDDING), np.asarray(embeddings))
    forget_tables()
    started = time.perf_counter()
    topic_labels(terms, texts, topics, pieces.latin, titles, nearness=nearness)
    describe_areas({}, texts, areas, pieces.latin, titles, topics, nearness)
    label_s = time.perf_counter() - started
    return {
        "corpus": corpus,
        "papers": len(papers),
        "embed_s": round(embed_s, 1),
        "fit_s": round(fit_s, 1),
        "label_s": round(label_s, 2),
        "label_share_of_cold_run": round(label_s / (embed_s + fit_s), 4),
        "load_1min_after": round(os.getloadavg()[0], 1),
        "cpus": os.cpu_count(),
    }


if __name__ == "__main__":
    print(json.dumps(measure(sys.argv[1])))
