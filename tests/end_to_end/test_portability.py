"""Same answer on every machine: the seeds report is byte-identical when the float path changes.

Intel and AMD machines round differently in torch's, oneDNN's, MKL's and
OpenBLAS's kernels: the same abstract's embedding differs by about 1e-7.
One machine can imitate another by switching those kernels to other
instruction sets, and explicit noise on the embeddings covers what no switch
reaches. Each variant below runs the whole seeds pipeline (embedding
included, with an empty cache) and must write the same bytes as the
committed report in ``figures/``.

What a variable does depends on the CPU (``ATEN_CPU_CAPABILITY=avx2`` is no
change where AVX2 already is torch's best), so each float variant first asks
the libraries, through ``tests/end_to_end/float_path.py``, whether it reaches their
kernels here. A variant that cannot is skipped with the reason; one that can
must really move the floats (its control) and still change no byte.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from helpers import TEXT_FILES, made_once

from analysis.config import FIGURES_DIR, ROOT, SEEDS_DIR
from analysis.embedding.cache import EmbeddingCache
from analysis.figures import find_chromium

# Every text file the report writes, compared byte for byte. The report
# itself names the PNG/SVG figures, so it is written with them when Chromium
# is here; without it, the report says so and is left out of the comparison.
TABLES_AND_VIEWS = [name for name in TEXT_FILES if not name.startswith("report.")]
HAS_CHROMIUM = find_chromium() is not None
COMPARED = TABLES_AND_VIEWS + (["report.md", "report.html", "map.svg", "topic_sizes.svg"] if HAS_CHROMIUM else [])
FLOAT_PATH = Path(__file__).with_name("float_path.py")
# This machine may set these for OpenBLAS's correctness on its CPU; a test never overrides them.
PRESET_BY_MACHINE = ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")


@dataclass(frozen=True)
class Variant:
    """One way to change the float path: the environment, the fingerprint fields it targets, the floats it moves."""

    env: dict = field(default_factory=dict)
    fields: tuple = ()
    floats: str = ""  # "embeddings" or "reduction": what its control compares


TORCH_FIELDS = ("torch_capability", "torch_kernels", "torch_linear")
FLOAT_VARIANTS = {
    # torch's portable kernels: no CPU runs the report on them, every CPU can.
    "torch-default-isa": Variant({"ATEN_CPU_CAPABILITY": "default"}, TORCH_FIELDS, "embeddings"),
    # An AVX2-only CPU's kernels, imitated on one with AVX-512; inert where AVX2 is already the best.
    "torch-avx2": Variant({"ATEN_CPU_CAPABILITY": "avx2"}, TORCH_FIELDS, "embeddings"),
    "onednn-avx2": Variant({"ONEDNN_MAX_CPU_ISA": "AVX2"}, TORCH_FIELDS, "embeddings"),
    # MiniLM's fp32 Linear layers are MKL SGEMMs in torch's x86 wheel: MKL's code
    # path is the classic difference between an Intel and an AMD machine.
    "mkl-avx2": Variant({"MKL_ENABLE_INSTRUCTIONS": "AVX2"}, TORCH_FIELDS, "embeddings"),
    "mkl-compatible": Variant({"MKL_CBWR": "COMPATIBLE"}, TORCH_FIELDS, "embeddings"),
    # numpy's and scipy's BLAS: the reduction (PCA) runs on it.
    "openblas-haswell": Variant({"OPENBLAS_CORETYPE": "Haswell"}, ("openblas", "numpy_blas"), "reduction"),
}
# The thread count moved no float of the seeds here (measured): it has no
# control, and stays a variant because a BLAS may split its sums by thread.
ONE_THREAD = Variant({"OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"})
VARIANTS = {"this-cpu": Variant(), **FLOAT_VARIANTS, "one-thread": ONE_THREAD}


def subprocess_env(extra_env: dict) -> dict:
    return {**os.environ, "HF_HUB_OFFLINE": "1", **extra_env}


@functools.cache
def fingerprint(env_items: tuple) -> dict:
    """The float path of a fresh interpreter with these variables set (``tests/end_to_end/float_path.py``)."""
    finished = subprocess.run(
        [sys.executable, str(FLOAT_PATH)],
        env=subprocess_env(dict(env_items)),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return json.loads(finished.stdout)


def why_inert(variant: Variant) -> str | None:
    """Why the variant cannot move this CPU's floats, or None when it does reach them."""
    preset = [name for name in PRESET_BY_MACHINE if name in variant.env and name in os.environ]
    if preset:
        return f"{preset[0]} is set by this machine ({os.environ[preset[0]]}) and is not overridden"
    if not variant.fields:
        return None
    ours, theirs = fingerprint(()), fingerprint(tuple(sorted(variant.env.items())))
    if any(ours[f] != theirs[f] for f in variant.fields):
        return None
    setting = " ".join(f"{k}={v}" for k, v in variant.env.items())
    facts = ", ".join(f"{f}={ours[f]}" for f in variant.fields)
    return f"{setting} changes nothing on this CPU ({facts} with and without it)"


def run_report(out: Path, cache: Path, extra_env: dict, drawn: Path | None = None) -> None:
    """The seeds report (static figures when Chromium is here) in a fresh process with its own, empty caches.

    With ``drawn``, the PNG/SVG files come from that render cache where the figure is the same: a
    variant changes the float path of the embedding and the fit, not Chromium's. A figure that
    differs by one number misses the cache and is drawn, so its bytes are still compared.
    """
    env = subprocess_env({"ANALYSIS_CACHE_DIR": str(cache), **extra_env})
    if drawn is not None:
        env["ANALYSIS_RENDER_CACHE"] = str(drawn)
    command = [sys.executable, "-m", "analysis", "report", str(SEEDS_DIR), "--out", str(out)]
    if not HAS_CHROMIUM:
        command.append("--no-static")
    finished = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert finished.returncode == 0, finished.stderr


@pytest.fixture(scope="module")
def variant_run(tmp_path_factory):
    """``variant_run(name)``: the variant's report folder and embedding cache, run on first use in its own process.

    Each variant's tests are one xdist scope (``tests/conftest.py``), so the two workers share the
    variants. This CPU's run comes first, with every cache empty (Chromium draws each figure), made
    once for both workers; the others reuse its rendered files (:func:`run_report`). A variant that
    cannot move this CPU's floats is not run: its tests skip and say why.
    """

    @functools.cache
    def run(name: str) -> Path:
        if name == "this-cpu":
            return made_once(tmp_path_factory, name, lambda base: run_report(base / "report", base / "cache", {}))
        base = tmp_path_factory.mktemp(name)
        run_report(base / "report", base / "cache", VARIANTS[name].env, run("this-cpu") / "cache" / "figures")
        return base

    def run_or_skip(name: str) -> Path:
        reason = why_inert(VARIANTS[name])
        if reason is not None:
            pytest.skip(f"{name}: {reason}")
        return run(name)

    return run_or_skip


def cached_vectors(cache: Path) -> dict[str, np.ndarray]:
    """Every vector in a run's embedding cache, by text hash."""
    (folder,) = (cache / "embeddings").iterdir()  # one model identity
    return EmbeddingCache(folder).load()


REDUCE = """
import sys, numpy as np
from analysis.model.clustering import SmoothedPCA
vectors = np.load(sys.argv[1])
np.save(sys.argv[2], np.abs(SmoothedPCA(n_neighbors=3, n_components=25).fit_transform(vectors)))
"""


def reduced(vectors: np.ndarray, folder: Path, extra_env: dict) -> np.ndarray:
    """The seeds' reduction (the clustered features' PCA) computed in a fresh process under ``extra_env``."""
    folder.mkdir(parents=True, exist_ok=True)
    np.save(folder / "in.npy", vectors)
    command = [sys.executable, "-c", REDUCE, str(folder / "in.npy"), str(folder / "out.npy")]
    subprocess.run(command, cwd=ROOT, env=subprocess_env(extra_env), check=True, timeout=120)
    return np.load(folder / "out.npy")


def largest_difference(variant_run, name: str, tmp_path: Path) -> float:
    """How far the variant moved the floats its control watches, against this CPU's default path."""
    ours = cached_vectors(variant_run("this-cpu") / "cache")
    variant = FLOAT_VARIANTS[name]
    if variant.floats == "reduction":
        keys = sorted(ours)
        vectors = np.stack([ours[k] for k in keys]).astype(np.float64)
        return float(
            np.abs(reduced(vectors, tmp_path / "default", {}) - reduced(vectors, tmp_path / name, variant.env)).max()
        )
    theirs = cached_vectors(variant_run(name) / "cache")
    assert ours.keys() == theirs.keys()
    return float(max(np.abs(ours[k] - theirs[k]).max() for k in ours))


@pytest.mark.parametrize("variant", list(FLOAT_VARIANTS))
def test_the_variant_really_changes_the_floats(variant_run, variant, tmp_path):
    """Control: a variant that left the float path alone would prove nothing."""
    variant_run(variant)  # skips, with the reason, where it cannot move anything here
    difference = largest_difference(variant_run, variant, tmp_path)
    assert 1e-16 < difference < 1e-5, difference


# The id starts with the variant ("torch-avx2 map.svg"): tests/conftest.py schedules by it.
@pytest.mark.parametrize(
    ("variant", "filename"),
    [pytest.param(variant, filename, id=f"{variant} {filename}") for variant in VARIANTS for filename in COMPARED],
)
def test_report_is_byte_identical_to_the_committed_one(variant_run, variant, filename):
    written = (variant_run(variant) / "report" / filename).read_bytes()
    committed = (FIGURES_DIR / filename).read_bytes()
    assert written == committed, f"{filename} under {variant} differs from figures/{filename}: rerun `make report`?"


def test_torch_portable_kernels_reach_every_cpu():
    """The notebooks' older-CPU run relies on it: torch's default kernels differ from any vectorised ones."""
    assert why_inert(FLOAT_VARIANTS["torch-default-isa"]) is None


def _noisy(embeddings: np.ndarray, kind: str) -> np.ndarray:
    rng = np.random.default_rng(7)
    if kind == "relative 1e-5":
        return (embeddings * (1 + 1e-5 * rng.standard_normal(embeddings.shape))).astype(np.float32)
    return (embeddings + 1e-6 * rng.standard_normal(embeddings.shape)).astype(np.float32)


@pytest.mark.parametrize("kind", ["relative 1e-5", "absolute 1e-6"])
def test_noise_on_the_embeddings_changes_nothing_shown(seed_result, tmp_path, kind):
    from analysis import fit_topics
    from analysis.pipeline import write_report
    from analysis.run import QUIET

    noisy = fit_topics(seed_result.papers, embeddings=_noisy(seed_result.embeddings, kind))
    pd.testing.assert_frame_equal(noisy.documents, seed_result.documents)
    pd.testing.assert_frame_equal(noisy.topics, seed_result.topics)
    for result, folder in ((seed_result, tmp_path / "exact"), (noisy, tmp_path / "noisy")):
        write_report(result, folder, static=False, runtime=QUIET)
    for filename in [*TABLES_AND_VIEWS, "report.md", "report.html"]:
        assert (tmp_path / "noisy" / filename).read_bytes() == (tmp_path / "exact" / filename).read_bytes(), filename


def test_another_seed_gives_the_same_result(seed_result):
    from analysis import fit_topics

    other = fit_topics(seed_result.papers, embeddings=seed_result.embeddings, random_state=43)
    pd.testing.assert_frame_equal(other.documents, seed_result.documents)


def _numpy_vector_features() -> str:
    """The numpy dispatch targets above AVX2 that this CPU has (disabling an absent one would be a no-op)."""
    from numpy._core._multiarray_umath import __cpu_features__

    return " ".join(f for f in ("X86_V4", "AVX512_ICL", "AVX512_SPR") if __cpu_features__.get(f))


def older_cpu() -> dict:
    """Every switch at once, for the notebooks: torch's portable kernels, AVX2 MKL/oneDNN, generic numba and numpy."""
    env = {"ATEN_CPU_CAPABILITY": "default", "ONEDNN_MAX_CPU_ISA": "AVX2", "MKL_ENABLE_INSTRUCTIONS": "AVX2"}
    env |= {"NUMBA_CPU_NAME": "generic", "NPY_DISABLE_CPU_FEATURES": _numpy_vector_features()}
    if "OPENBLAS_CORETYPE" not in os.environ:
        env["OPENBLAS_CORETYPE"] = "Haswell"
    return env


def test_notebooks_match_their_stored_outputs_on_an_older_cpu(tmp_path):
    """The stored notebook outputs (made on this machine's best kernels) hold on another float path too."""
    from helpers import NOTEBOOKS, run_nbval

    finished = run_nbval(*NOTEBOOKS, extra_env={**older_cpu(), "ANALYSIS_CACHE_DIR": str(tmp_path / "cache")})
    assert finished.returncode == 0, finished.stdout + finished.stderr
