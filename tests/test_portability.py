"""Same answer on every machine: the seeds report is byte-identical when the float path changes.

Intel and AMD machines round differently in torch's, oneDNN's and the BLAS's
kernels: the same abstract's embedding differs by about 1e-7. One machine can
imitate another by switching those kernels to other instruction sets, and
explicit noise on the embeddings covers what no switch reaches. Each variant
below runs the whole seeds pipeline (embedding included, with an empty cache)
and must write the same bytes as the committed report in ``figures/``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from test_pipeline import TEXT_FILES

from analysis.config import FIGURES_DIR, ROOT, SEEDS_DIR
from analysis.embed import EmbeddingCache
from analysis.figures import find_chromium

# Every text file the report writes, compared byte for byte. The report
# itself names the PNG/SVG figures, so it is written with them when Chromium
# is here; without it, the report says so and is left out of the comparison.
TABLES_AND_VIEWS = [name for name in TEXT_FILES if not name.startswith("report.")]
HAS_CHROMIUM = find_chromium() is not None
COMPARED = TABLES_AND_VIEWS + (["report.md", "report.html", "map.svg", "topic_sizes.svg"] if HAS_CHROMIUM else [])


def _numpy_vector_features() -> str:
    """The numpy dispatch targets above AVX2 that this CPU has (disabling an absent one would be a no-op)."""
    from numpy._core._multiarray_umath import __cpu_features__

    return " ".join(f for f in ("X86_V4", "AVX512_ICL", "AVX512_SPR") if __cpu_features__.get(f))


# A CPU without AVX-512 and without torch's vectorised kernels: the torch
# variant alone changes the seed embeddings by about 1.3e-7, the size of the
# Intel/AMD difference.
OLDER_CPU = {
    "ATEN_CPU_CAPABILITY": "default",
    "ONEDNN_MAX_CPU_ISA": "AVX2",
    "OPENBLAS_CORETYPE": "Haswell",
    "NPY_DISABLE_CPU_FEATURES": _numpy_vector_features(),
    "NUMBA_CPU_NAME": "generic",
}
AVX2_TORCH = {"ATEN_CPU_CAPABILITY": "avx2", "ONEDNN_MAX_CPU_ISA": "AVX2"}
ONE_THREAD = {"OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
VARIANTS = {"this-cpu": {}, "older-cpu": OLDER_CPU, "avx2-torch": AVX2_TORCH, "one-thread": ONE_THREAD}


def run_report(out: Path, cache: Path, extra_env: dict) -> None:
    """The seeds report (static figures when Chromium is here) in a fresh process with its own, empty caches."""
    env = {**os.environ, "ANALYSIS_CACHE_DIR": str(cache), "HF_HUB_OFFLINE": "1", **extra_env}
    command = [sys.executable, "-m", "analysis", "report", str(SEEDS_DIR), "--out", str(out)]
    if not HAS_CHROMIUM:
        command.append("--no-static")
    finished = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert finished.returncode == 0, finished.stderr


@pytest.fixture(scope="module")
def variant_runs(tmp_path_factory):
    """Each variant's report folder and embedding cache, one process per variant."""
    runs = {}
    for name, extra_env in VARIANTS.items():
        base = tmp_path_factory.mktemp(name)
        run_report(base / "report", base / "cache", extra_env)
        runs[name] = base
    return runs


def cached_vectors(cache: Path) -> dict[str, np.ndarray]:
    """Every vector in a run's embedding cache, by text hash."""
    (folder,) = (cache / "embeddings").iterdir()  # one model identity
    return EmbeddingCache(folder).load()


# The thread count leaves this machine's embeddings unchanged (measured), so
# it is not among the controls; it stays a variant because it may change
# how a BLAS splits its sums elsewhere.
@pytest.mark.parametrize("variant", ["older-cpu", "avx2-torch"])
def test_the_variant_really_changes_the_embeddings(variant_runs, variant):
    """Control: a variant that left the float path alone would prove nothing."""
    ours, theirs = cached_vectors(variant_runs["this-cpu"] / "cache"), cached_vectors(variant_runs[variant] / "cache")
    assert ours.keys() == theirs.keys()
    differences = np.array([np.abs(ours[k] - theirs[k]).max() for k in ours])
    assert 1e-9 < differences.max() < 1e-5, differences.max()


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("filename", COMPARED)
def test_report_is_byte_identical_to_the_committed_one(variant_runs, variant, filename):
    written = (variant_runs[variant] / "report" / filename).read_bytes()
    committed = (FIGURES_DIR / filename).read_bytes()
    assert written == committed, f"{filename} under {variant} differs from figures/{filename}: rerun `make report`?"


def _noisy(embeddings: np.ndarray, kind: str) -> np.ndarray:
    rng = np.random.default_rng(7)
    if kind == "relative 1e-5":
        return (embeddings * (1 + 1e-5 * rng.standard_normal(embeddings.shape))).astype(np.float32)
    return (embeddings + 1e-6 * rng.standard_normal(embeddings.shape)).astype(np.float32)


@pytest.mark.parametrize("kind", ["relative 1e-5", "absolute 1e-6"])
def test_noise_on_the_embeddings_changes_nothing_shown(seed_result, tmp_path, kind):
    from analysis import fit_topics
    from analysis.pipeline import write_report

    noisy = fit_topics(seed_result.papers, embeddings=_noisy(seed_result.embeddings, kind))
    pd.testing.assert_frame_equal(noisy.documents, seed_result.documents)
    pd.testing.assert_frame_equal(noisy.topics, seed_result.topics)
    for result, folder in ((seed_result, tmp_path / "exact"), (noisy, tmp_path / "noisy")):
        write_report(result, folder, static=False, progress=lambda message: None)
    for filename in [*TABLES_AND_VIEWS, "report.md", "report.html"]:
        assert (tmp_path / "noisy" / filename).read_bytes() == (tmp_path / "exact" / filename).read_bytes(), filename


def test_another_seed_gives_the_same_result(seed_result):
    from analysis import fit_topics

    other = fit_topics(seed_result.papers, embeddings=seed_result.embeddings, random_state=43)
    pd.testing.assert_frame_equal(other.documents, seed_result.documents)


def test_notebooks_match_their_stored_outputs_on_an_older_cpu(tmp_path):
    """The stored notebook outputs (made on this machine's best kernels) hold on another float path too."""
    from test_notebooks import NOTEBOOKS, run_nbval

    finished = run_nbval(*NOTEBOOKS, extra_env={**OLDER_CPU, "ANALYSIS_CACHE_DIR": str(tmp_path / "cache")})
    assert finished.returncode == 0, finished.stdout + finished.stderr
