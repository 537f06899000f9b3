"""With every embedding cached, a run imports neither torch, transformers, sentence-transformers nor BERTopic.

Checked in fresh interpreters (``sys.modules`` at the end of a whole seeds
report without static figures), with the fit made from scratch and then
loaded from the result cache; a control asks for ``result.model`` and must
see BERTopic imported, so the check can fail.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from analysis.config import ROOT, SEEDS_DIR, cache_root

HEAVY = ["torch", "transformers", "sentence_transformers", "bertopic", "umap", "hdbscan"]

RUN = """
import json, sys
from analysis.pipeline import fit, load_papers, write_report
from analysis.run import QUIET, RunOptions
papers = load_papers([{seeds!r}], progress=None).papers
result = fit(papers, RunOptions(use_cache={use_cache}), QUIET)
write_report(result, {out!r}, static=False, runtime=QUIET)
if {touch_model}:
    result.model.get_topic(0)
print(json.dumps({{"heavy": sorted(m for m in {heavy!r} if m in sys.modules), "topics": len(result.topics)}}))
"""


def _run(tmp_path, use_cache: bool, touch_model: bool = False) -> dict:
    code = RUN.format(
        seeds=str(SEEDS_DIR), use_cache=use_cache, out=str(tmp_path / "out"), touch_model=touch_model, heavy=HEAVY
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT), "ANALYSIS_CACHE_DIR": str(cache_root())}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def warm_embeddings(seed_result):
    """The seed papers' embeddings are in the cache the subprocesses use (the session fit put them there)."""
    from analysis.config import cache_dir
    from analysis.embedding.cache import EmbeddingCache, document_texts, text_key
    from analysis.embedding.registry import select_backend

    known = EmbeddingCache(cache_dir() / select_backend("minilm").identity).load()
    assert all(text_key(t) in known for t in document_texts(seed_result.papers))


@pytest.mark.slow  # a fresh interpreter per case (3-4 s): `make test` only
@pytest.mark.parametrize("use_cache", [False, True], ids=["fit", "result-cache"])
def test_a_warm_run_imports_no_heavy_package(warm_embeddings, tmp_path, use_cache):
    answer = _run(tmp_path, use_cache)
    assert answer == {"heavy": [], "topics": 6}


@pytest.mark.slow  # a fresh interpreter imports BERTopic (about 14 s): `make test` only
def test_asking_for_the_model_imports_bertopic(warm_embeddings, tmp_path):
    answer = _run(tmp_path, use_cache=True, touch_model=True)
    assert "bertopic" in answer["heavy"] and answer["topics"] == 6
