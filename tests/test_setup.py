"""Set-up files agree with each other, and the seeds are the shared lists byte for byte."""

from __future__ import annotations

import re
import tomllib

import pytest

from analysis.config import ROOT, SHARED_DIR


def _pyproject_requirements() -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return set(project["dependencies"]) | {r for extra in project["optional-dependencies"].values() for r in extra}


def _environment_requirements() -> tuple[set[str], set[str]]:
    conda, pip = set(), set()
    section = None
    for line in (ROOT / "environment.yml").read_text().splitlines():
        item = re.match(r"^(\s*)- (.+)$", line)
        if not item:
            continue
        value = item.group(2).strip()
        if value == "pip:":
            section = "pip"
        elif len(item.group(1)) > 2 and section == "pip":
            pip.add(value)
        else:
            conda.add(value)
    return conda, pip


def test_environment_yml_names_the_same_pinned_dependencies():
    conda, pip = _environment_requirements()
    assert "python=3.11" in conda
    assert pip - {"-e ."} == _pyproject_requirements()
    assert "-e ." in pip


def test_benchmark_only_packages_are_in_the_bench_extra_that_make_bench_and_make_test_install():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    # The bench's ONNX and model2vec variants and its second label judge, pinned; nothing the suite needs.
    bench_only = {"onnx", "onnxruntime", "model2vec", "skeletoken", "wordllama"}
    assert {re.split("==", pin)[0] for pin in extras["bench"]} == bench_only
    assert all("==" in pin for pin in extras["bench"])
    assert not set(extras["bench"]) & (set(project["dependencies"]) | set(extras["dev"]))
    makefile = (ROOT / "Makefile").read_text()
    installs = re.findall(r'pip install --quiet -e "\.\[([a-z,]+)\]"', makefile)
    assert sorted(installs) == ["dev", "dev,bench,distributed,docs", "dev,docs"]
    # make test runs the ONNX tests too; make check, the quick loop, needs only the dev extra.
    assert re.search(r"^bench: \$\(BENCH_STAMP\)", makefile, re.M) and re.search(
        r"^test: \$\(BENCH_STAMP\)", makefile, re.M
    )
    assert re.search(r"^check: \$\(STAMP\)", makefile, re.M)


def test_the_distributed_extra_is_pinned_and_installed_by_make_test():
    """``--workers``/``--scheduler`` need Dask; make test (and make bench-cluster) install it, make check does not."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert {pin.split("==")[0] for pin in extras["distributed"]} == {"dask[distributed]", "bokeh"}
    assert all("==" in pin for pin in extras["distributed"])
    makefile = (ROOT / "Makefile").read_text()
    assert re.search(r"^bench-cluster: \$\(BENCH_STAMP\)", makefile, re.M)


def test_torch_is_pinned_to_the_cpu_build_on_disk():
    assert "torch==2.13.0" in _pyproject_requirements()


def test_seeds_are_the_shared_lists_byte_for_byte():
    shared = SHARED_DIR / "seeds"
    if not shared.exists():
        pytest.skip(f"{shared} not present")
    for original in sorted(shared.iterdir()):
        assert (ROOT / "seeds" / original.name).read_bytes() == original.read_bytes()
