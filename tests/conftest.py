"""Shared fixtures: a session-wide temporary cache, the seed lists and the reference corpus (skipped when absent).

Slow tests (``-m "not slow"`` leaves them out; ``make check`` does): the
notebooks under nbval, the portability runs, the browser tests, the ONNX
export and every test that reads the reference corpus. They are marked
here by module and by fixture, so a new test of that kind is marked too.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from helpers import HOSTILE, RecordingBackend, made_once, warm_seed_vectors

from analysis.config import REFERENCE_CORPUS, SEEDS_DIR

SLOW_MODULES = {
    "test_notebooks.py",
    "test_portability.py",
    "test_stability.py",
    "test_onnx.py",
}
SLOW_FIXTURES = {"reference_records", "reference_papers", "reference_result"}


# Tests that run notebooks/04_report.ipynb where it writes its report (figures/notebook/):
# one at a time, on one xdist worker, although they are in two modules.
IN_THE_CHECKOUT = {
    "tests/end_to_end/test_notebooks.py::test_notebooks_match_their_stored_outputs",
    "tests/end_to_end/test_portability.py::test_notebooks_match_their_stored_outputs_on_an_older_cpu",
}


def pytest_collection_modifyitems(config, items):
    """Mark slow tests: whole modules (nbval, portability, browser, ONNX) and every user of the reference corpus.

    Slow tests go first, so that under ``-n 2`` the long modules start early
    and the short ones fill the workers at the end.
    """
    for item in items:
        # Every browser test module (test_browser.py, test_*_browser.py) starts Chromium.
        browser = item.path.name.endswith("_browser.py")
        if browser or item.path.name in SLOW_MODULES or SLOW_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


# Modules whose tests are scheduled by their first parameter, the variant (test ids "[torch-avx2]",
# "[torch-avx2 map.svg]"): each variant runs the seeds report in its own process, so the two workers
# share the variants rather than one worker running them one after another.
BY_VARIANT = {"tests/end_to_end/test_portability.py"}
# The longest scopes start first, then the rest by number of tests (xdist's order): the last worker to
# finish sets the time, so a long scope must not be left for the end. Seconds of one worker in a full run
# on 2 cores at load 4-6 (about 1.5 times a quiet machine's), 2026-12-04; 1,435 s in all. This CPU's
# portability run comes first: the other variants reuse its figures and wait for it. test_topics.py fits
# the 300 reference papers for both workers (the reference_result fixture); the other modules that use them
# (test_labels.py, test_stability.py, ...) are left out of this list so that they start after it.
LONGEST_FIRST = [
    "tests/end_to_end/test_portability.py::this-cpu",  # 22
    "tests/end_to_end/test_cluster.py",  # 200
    "tests/end_to_end/test_big_map_browser.py",  # 97
    "tests/end_to_end/test_map_levels_browser.py",  # 89 (fits 2,260 real texts)
    "in-the-checkout",  # 90
    "tests/end_to_end/test_map_browser.py",  # 71
    "tests/model/test_topics.py",  # 50
    "tests/embedding/test_onnx.py",  # 53
    "tests/end_to_end/test_notebooks.py",  # 30 without its in-the-checkout test
    "tests/end_to_end/test_portability.py::",  # 28-51 a variant; the rest is under 50 a scope
]


def xdist_scope(nodeid: str) -> str:
    """The unit one worker runs in order: a module, a portability variant, or the notebook-4 pair."""
    if nodeid in IN_THE_CHECKOUT:
        return "in-the-checkout"
    module, _, test = nodeid.partition("::")
    if module in BY_VARIANT and "[" in test:
        return f"{module}::{test.partition('[')[2].rstrip(']').split(' ')[0]}"
    return module


def longest_first(scope: str) -> int:
    """A scope's place in :data:`LONGEST_FIRST` (the first entry it starts with), or after them all."""
    return next((rank for rank, start in enumerate(LONGEST_FIRST) if scope.startswith(start)), len(LONGEST_FIRST))


# optionalhook: without xdist (absent, or -p no:xdist) pytest does not know the hook and would stop.
@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """Under ``-n 2``: each scope's tests on one worker, one after another, the longest scopes first.

    A module's tests share its module-scoped fixtures (a Dask cluster, a
    browser, reports written once), which two workers would each make;
    the portability variants are one scope each (:data:`BY_VARIANT`).
    xdist's own groups (``xdist_group``) are lost on pytest 9.2, which no
    longer reads the test id xdist 3.8 rewrites.
    """
    from xdist.scheduler import LoadScopeScheduling

    class ByScope(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return xdist_scope(nodeid)

        def _assign_work_unit(self, node) -> None:
            # A stable sort: within a rank, xdist's order (most tests first) stays.
            for scope in sorted(self.workqueue, key=longest_first):
                self.workqueue.move_to_end(scope)
            super()._assign_work_unit(node)

    return ByScope(config, log)


@pytest.fixture(scope="session", autouse=True)
def session_cache(tmp_path_factory):
    """Every cache of the session in one temporary folder, never the repository's ``.cache``.

    The seed papers' MiniLM vectors are put there from :data:`SEED_VECTORS`;
    label and theme phrases are embedded once per session. A test that
    needs an empty cache sets ``ANALYSIS_CACHE_DIR`` itself.
    """
    folder = tmp_path_factory.mktemp("cache")
    patch = pytest.MonkeyPatch()
    patch.setenv("ANALYSIS_CACHE_DIR", str(folder))
    from analysis.config import cache_dir

    warm_seed_vectors(cache_dir())
    yield folder
    patch.undo()


@pytest.fixture(scope="session")
def seeds_dir():
    return SEEDS_DIR


@pytest.fixture(scope="session")
def reference_records():
    """The ICLR 2024 reference corpus from ../shared (read by path, never copied)."""
    if not REFERENCE_CORPUS.exists():
        pytest.skip(f"reference corpus not found at {REFERENCE_CORPUS}")
    with REFERENCE_CORPUS.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]


@pytest.fixture(scope="session")
def reference_papers(reference_records):
    """The first 300 reference papers as a paper frame, with their primary area in ``label``."""
    import pandas as pd

    records = reference_records[:300]
    return pd.DataFrame(
        {
            "doc_id": [r["id"] for r in records],
            "name": [r["title"][:30] for r in records],
            "title": [r["title"] for r in records],
            "text": [r["abstract"] for r in records],
            "label": [r["label"] for r in records],
        }
    )


@pytest.fixture(scope="session")
def reference_result(reference_papers, session_cache, tmp_path_factory):
    """The 300 reference papers fitted once (about 15 s of embedding on a cold cache) for both xdist workers.

    The first worker to ask fits them into a cache folder of their own (:func:`helpers.made_once`); each
    worker merges that folder into its session cache and fits from there, which reads the result cache as
    a second fit in one process would. Both workers used to embed the 300 papers.
    """
    from analysis import fit_topics

    def fit_into(folder: Path) -> None:
        with pytest.MonkeyPatch.context() as patch:
            patch.setenv("ANALYSIS_CACHE_DIR", str(folder))
            fit_topics(reference_papers, random_state=42)

    shutil.copytree(made_once(tmp_path_factory, "reference-fit", fit_into), session_cache, dirs_exist_ok=True)
    return fit_topics(reference_papers, random_state=42)


@pytest.fixture(scope="session")
def seed_result(seeds_dir):
    """The seeds fitted once per test session (about 25 s: model load and numba JIT)."""
    from analysis import fit_topics, load_corpus

    return fit_topics(load_corpus(seeds_dir), random_state=42)


@pytest.fixture(scope="session")
def hostile_result(seed_result):
    """The seed result with hostile markup in a name, title, abstract, source, topic and area label (no refit)."""
    import dataclasses

    papers, documents, topics = seed_result.papers.copy(), seed_result.documents.copy(), seed_result.topics.copy()
    row = len(papers) - 1
    papers.loc[row, "text"] = f"We propose {HOSTILE} as a method. " + papers.loc[row, "text"]
    papers.loc[row, "title"] = HOSTILE
    papers.loc[row, "sources"] = "<b>list</b>.txt:1"
    papers.loc[row, "name"] = documents.loc[row, "name"] = HOSTILE
    topic = documents.loc[row, "topic"]
    label = f"{HOSTILE} · evil"
    documents.loc[documents["topic"] == topic, "topic_label"] = label
    topics.loc[topics["topic"] == topic, "label"] = label
    area = documents.loc[row, "area"]
    documents.loc[documents["area"] == area, "area_label"] = f"{HOSTILE} area"
    topics.loc[topics["area"] == area, "area_label"] = f"{HOSTILE} area"
    return dataclasses.replace(seed_result, papers=papers, documents=documents, topics=topics)


@pytest.fixture(scope="session")
def seed_report_dir(seed_result, tmp_path_factory):
    """The full seed report (static figures included when a Chromium exists), written once."""
    from analysis.pipeline import write_report
    from analysis.run import QUIET

    out = tmp_path_factory.mktemp("seed_report")
    write_report(seed_result, out, runtime=QUIET)
    return out


@pytest.fixture(scope="session")
def hostile_report_dir(hostile_result, tmp_path_factory):
    """The report of :func:`hostile_result`, without static figures (they carry no abstract text)."""
    from analysis.pipeline import write_report
    from analysis.run import QUIET

    out = tmp_path_factory.mktemp("hostile_report")
    write_report(hostile_result, out, static=False, runtime=QUIET)
    return out


def _constructed_result(sources, topics, themes, **columns):
    """A result-shaped object with what the comparisons of lists and years read: papers, documents, topics, themes."""
    import functools
    import types

    import pandas as pd

    from analysis.model.result import TopicRecord

    labels = {0: "diffusion", 1: "bandits", 2: "watermarks"}
    present = sorted(set(topics))
    result = types.SimpleNamespace(
        papers=pd.DataFrame({"sources": sources, **columns}),
        documents=pd.DataFrame({"topic": topics, "theme": themes}),
        topics=pd.DataFrame({"topic": present, "label": [labels[t] for t in present]}),
        themes=types.SimpleNamespace(names=["gen", "rl", "other"]),
    )
    result.documents_with = functools.partial(TopicRecord.documents_with, result)  # the record's one join
    return result


@pytest.fixture(scope="session")
def constructed_result():
    """``constructed_result(sources, topics, themes, **columns)``: a small result without a fit (topics 0-2)."""
    return _constructed_result


@pytest.fixture
def fake_static(monkeypatch):
    """The Chromium export replaced by one that writes empty PNG/SVG files; yields the figure names it was given."""
    import analysis.figures

    exported: list[str] = []

    def render(figures, folder, formats=("png", "svg"), cache=None, session=None):
        exported.extend(figures)
        paths = [folder / f"{stem}.{fmt}" for stem in figures for fmt in formats]
        for path in paths:
            path.write_bytes(b"")
        return paths

    monkeypatch.setattr(analysis.figures, "render_static", render)
    return exported


@pytest.fixture
def recording_backend():
    """The :class:`RecordingBackend` class: each test builds the backend it needs."""
    return RecordingBackend
