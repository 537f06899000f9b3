"""Runs on a Dask cluster (issue 23): the flags, no Dask without them, the same bytes through any number of workers.

One LocalCluster of 2 worker processes (one thread each) serves the module;
its workers embed with an empty cache of each test's own, so the vectors
really come from them. The heavy tests are marked slow; the flag, import
and unreachable-scheduler tests are quick.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from helpers import SEED_A, SEED_B, Lines, ctrl_c_reaches

from analysis.__main__ import _parser, main
from analysis.config import FIGURES_DIR, ROOT, SEEDS_DIR
from analysis.pipeline import RUN_FOLDER

MINILM_TEXTS = ["A diffusion model for video.", "Regret bounds for bandits.", "Watermarks in LLM outputs."]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _files(folder: Path) -> dict[str, bytes]:
    """Every file of a report folder by name, the saved run (.run: this machine's floats) left out."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file() and p.name != RUN_FOLDER}


def _env(cache: Path) -> dict:
    return {**os.environ, "ANALYSIS_CACHE_DIR": str(cache), "PYTHONPATH": str(ROOT), "HF_HUB_OFFLINE": "1"}


# -- the flags, and no Dask without them --------------------------------------


@pytest.mark.parametrize("command", ["topics", "report", "add"])
def test_workers_and_scheduler_flags_parse(command):
    needed = ["--to", "runs/x"] if command == "add" else []
    args = _parser().parse_args([command, *needed, "--workers", "3"])
    assert (args.workers, args.scheduler) == (3, None)
    args = _parser().parse_args([command, *needed, "--scheduler", "tcp://10.0.0.5:8786"])
    assert (args.workers, args.scheduler) == (None, "tcp://10.0.0.5:8786")
    assert (_parser().parse_args([command, *needed]).workers, _parser().parse_args([command, *needed]).scheduler) == (
        None,
        None,
    )


@pytest.mark.parametrize(
    ("flags", "said"),
    [
        (["--workers", "0"], "must be at least 1, got 0"),
        (["--workers", "two"], "invalid int value: 'two'"),
        (["--workers", "2", "--scheduler", "tcp://x:1"], "not allowed with argument --workers"),
    ],
)
def test_bad_cluster_flags_are_usage_errors(capsys, flags, said):
    with pytest.raises(SystemExit) as exited:
        main(["report", *flags])
    assert exited.value.code == 2 and said in capsys.readouterr().err


def test_the_scheduler_comes_from_the_flag_else_the_environment_unless_workers_are_asked(monkeypatch):
    from analysis.cluster import SCHEDULER_ENV, scheduler_address

    monkeypatch.delenv(SCHEDULER_ENV, raising=False)
    assert scheduler_address(None, None) is None
    monkeypatch.setenv(SCHEDULER_ENV, "tcp://10.0.0.5:8786")
    assert scheduler_address(None, None) == "tcp://10.0.0.5:8786"
    assert scheduler_address(None, "tcp://10.0.0.6:8786") == "tcp://10.0.0.6:8786"
    assert scheduler_address(2, None) is None  # --workers: a local cluster, whatever the environment says


NO_DASK = """
import sys
from analysis.__main__ import main
code = main(["report", {seeds!r}, "--out", {out!r}, "--no-static"])
print(code, "analysis.cluster" in sys.modules, sorted(m for m in ("dask", "distributed") if m in sys.modules))
"""


@pytest.mark.slow  # a fresh interpreter or a Dask client in a subprocess (2-5 s): `make test` only
def test_a_run_without_the_flags_never_imports_dask(session_cache, seed_result, tmp_path):
    """seed_result: the seeds and the theme phrases are in the session cache, so the child loads no model."""
    env = {**_env(session_cache)}
    env.pop("DASK_SCHEDULER_ADDRESS", None)
    code = NO_DASK.format(seeds=str(SEEDS_DIR), out=str(tmp_path / "out"))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    # The command went through open_cluster (imported) and asked Dask for nothing.
    assert done.stdout.strip().splitlines()[-1] == "0 True []"


@pytest.mark.slow  # a fresh interpreter or a Dask client in a subprocess (2-5 s): `make test` only
def test_an_unreachable_scheduler_stops_with_one_line_naming_it_and_keeps_the_report(tmp_path, capsys, monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr("analysis.cluster.CONNECT_TIMEOUT", 2)
    out = tmp_path / "report"
    out.mkdir()
    (out / "documents.csv").write_text("the previous report\n")
    address = f"tcp://127.0.0.1:{_free_port()}"  # nothing listens there
    assert main(["report", "seeds", "--scheduler", address, "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: {address}: cannot reach the Dask scheduler") and err.count("\n") == 1, err
    assert _files(out) == {"documents.csv": b"the previous report\n"}


@pytest.mark.slow  # a fresh interpreter or a Dask client in a subprocess (2-5 s): `make test` only
def test_a_scheduler_without_workers_stops_with_one_line(capsys, monkeypatch):
    distributed = pytest.importorskip("distributed")
    monkeypatch.setattr("analysis.cluster.CONNECT_TIMEOUT", 1)
    with distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=":0") as empty:
        assert main(["topics", "seeds", "--scheduler", empty.scheduler_address]) == 1
    assert capsys.readouterr().err == f"error: {empty.scheduler_address}: the Dask scheduler has no worker after 1 s\n"


def test_without_dask_the_flags_say_what_to_install(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed raises ImportError
    assert main(["topics", "seeds", "--workers", "2"]) == 1
    assert capsys.readouterr().err == (
        "error: --workers and --scheduler need Dask: pip install -e '.[distributed]' (the distributed extra)\n"
    )


# -- one LocalCluster of two processes for the module -------------------------


@pytest.fixture(scope="module")
def cluster():
    """A LocalCluster of 2 worker processes, 1 thread each, on any free dashboard port."""
    pytest.importorskip("distributed")
    from analysis.cluster import open_cluster

    with open_cluster(workers=2, progress=None, dashboard=":0") as opened:
        yield opened


def test_the_cluster_line_names_its_workers_and_dashboard(cluster):
    assert re.fullmatch(
        r"a local Dask cluster at tcp://127\.0\.0\.1:\d+: 2 workers, dashboard http://127\.0\.0\.1:\d+/status",
        cluster.describe(),
    )


def cache_without(texts: list[str], folder: Path) -> Path:
    """A copy of the session's cache into ``folder`` without the vectors of ``texts``: the workers embed them.

    Theme and label phrases stay (they are embedded on the client, with or
    without a cluster), and so do rendered figures: each test saves a model
    load and the PNG export.
    """
    from analysis.config import cache_dir, cache_root, render_cache_dir
    from analysis.embedding.cache import EmbeddingCache, text_key
    from analysis.embedding.registry import select_backend

    identity = select_backend("minilm").identity
    if render_cache_dir().is_dir():
        shutil.copytree(render_cache_dir(), folder / render_cache_dir().relative_to(cache_root()))
    dropped = {text_key(t) for t in texts}
    kept = {k: v for k, v in EmbeddingCache(cache_dir() / identity).load().items() if k not in dropped}
    if kept:
        EmbeddingCache(folder / "embeddings" / identity)._write_shard(list(kept), np.vstack(list(kept.values())))
    return folder


@pytest.fixture
def seeds_cache(tmp_path, monkeypatch, seed_result):
    """The session's cache without the seed papers, as the test's cache."""
    from analysis.embedding.cache import document_texts

    folder = cache_without(document_texts(seed_result.papers), tmp_path / "cache")
    monkeypatch.setenv("ANALYSIS_CACHE_DIR", str(folder))
    return folder


@pytest.mark.slow
def test_the_workers_import_this_checkout(cluster):
    import analysis

    seen = cluster.client.run(lambda: __import__("analysis").__file__)
    assert len(seen) == 2 and set(seen.values()) == {analysis.__file__}


@pytest.mark.slow
def test_the_seeds_report_through_two_workers_is_the_committed_report_byte_for_byte(cluster, seeds_cache, tmp_path):
    from analysis.pipeline import run_report
    from analysis.run import RunOptions, Runtime

    said: list[str] = []
    run_report([SEEDS_DIR], tmp_path / "report", RunOptions(use_cache=False), Runtime(said.append, cluster=cluster))
    assert any(line.startswith("embedding 26 papers on 2 Dask workers") for line in said), said
    written, committed = _files(tmp_path / "report"), _files(FIGURES_DIR)
    if "map.png" not in written:
        pytest.skip("no Chromium here: the report without PNG/SVG figures differs from the committed one")
    assert sorted(written) == sorted(committed)
    assert [name for name in committed if written[name] != committed[name]] == []


@pytest.mark.slow
def test_three_workers_one_worker_and_one_process_give_the_same_tables(
    cluster, reference_papers, tmp_path, monkeypatch
):
    """88 papers in partitions of 40 (3 tasks, as one process encodes them); the last run has its vectors sent back.

    The partition size is cut from 128 for the test, for the workers and the one process alike:
    what is checked is that any number of workers encodes the partitions one process encodes,
    up to a batch and a quarter of MiniLM each, not the size. 3 workers (one new worker loads the
    model), then 1, its vectors sent back as from a worker on another machine. Two workers are the
    module's other tests' (the seeds report through them is the committed report, byte for byte).
    """
    from analysis import cluster as cluster_module
    from analysis.embedding import cache as embedding_cache
    from analysis.embedding.cache import document_texts, embed_papers
    from analysis.pipeline import documents_table, fit
    from analysis.run import QUIET, RunOptions, Runtime

    papers = reference_papers.iloc[:88].reset_index(drop=True)
    monkeypatch.setattr(cluster_module, "PARTITION_SIZE", 40)
    monkeypatch.setattr(embedding_cache.length_partitions, "__defaults__", (40,))
    # One process, from a cache without these papers (the session's holds vectors of other partitions).
    one = cache_without(document_texts(papers), tmp_path / "one-process")
    alone = embed_papers(papers, cache=one / "embeddings").tobytes()
    monkeypatch.setenv("ANALYSIS_CACHE_DIR", str(one))
    in_one_process = fit(papers, RunOptions(use_cache=False), QUIET)
    expected = (documents_table(in_one_process).to_csv(), in_one_process.topics.to_csv())
    for workers in (3, 1):
        cluster.client.cluster.scale(workers)
        cluster.client.wait_for_workers(workers, timeout=120)
        while cluster.workers != workers:  # scaling down retires a worker a moment later
            time.sleep(0.1)
        folder = cache_without(document_texts(papers), tmp_path / f"cache-{workers}")
        monkeypatch.setenv("ANALYSIS_CACHE_DIR", str(folder))
        if workers == 1:
            monkeypatch.setattr("analysis.cluster._probe", _unshared_probe)
        said: list[str] = []
        result = fit(papers, RunOptions(use_cache=False), Runtime(said.append, cluster=cluster))
        named = f"{workers} Dask worker{'' if workers == 1 else 's'}"
        assert any(f"88 papers on {named} (3 tasks)" in line for line in said), said
        # The vectors themselves, bit for bit: the workers encode the partitions one process encodes.
        assert result.pieces.embeddings.tobytes() == alone, f"{workers} workers"
        assert (documents_table(result).to_csv(), result.topics.to_csv()) == expected, f"{workers} workers"
    assert any("0 of 3 tasks wrote into the shared cache, 3 sent back" in line for line in said), said
    cluster.client.cluster.scale(2)
    cluster.client.wait_for_workers(2, timeout=120)


def _unshared_probe(folder: Path):
    """A probe no worker can read: the cache folder is not shared, so vectors come back to the client."""
    import contextlib

    return contextlib.nullcontext((str(folder / ".probe-never-written"), "token"))


@pytest.mark.slow
def test_add_through_the_cluster_gives_the_same_report_as_in_one_process(
    cluster, seeds_dir, tmp_path, seeds_cache, seed_result
):
    from analysis.embedding.cache import document_texts
    from analysis.pipeline import run_add, run_report
    from analysis.run import QUIET, RunOptions, Runtime

    no_static = RunOptions(static=False)
    run_report([seeds_dir / SEED_A], tmp_path / "one", no_static, QUIET)  # embeds list A here, not on the cluster
    shutil.copytree(tmp_path / "one", tmp_path / "two")
    run_add([seeds_dir / SEED_B], tmp_path / "one", "week 2", no_static, QUIET)
    shutil.rmtree(seeds_cache)
    cache_without(document_texts(seed_result.papers), seeds_cache)  # list B's new papers: embedded on the workers
    said: list[str] = []
    run_add([seeds_dir / SEED_B], tmp_path / "two", "week 2", no_static, Runtime(said.append, cluster=cluster))
    assert any("papers on 2 Dask workers" in line for line in said), said
    assert _files(tmp_path / "two") == _files(tmp_path / "one")


@pytest.mark.slow
def test_the_sampled_fit_assigns_on_the_workers_and_writes_the_same_tables(cluster, seed_result, monkeypatch):
    """The pipeline gives the sampled fit the cluster's map; partitions of 5 papers make several tasks a step."""
    from analysis.cluster import Cluster
    from analysis.pipeline import documents_table, fit
    from analysis.run import QUIET, RunOptions, Runtime

    monkeypatch.setattr("analysis.model.sampled.PARTITION_SIZE", 5)
    calls = []
    real_map = Cluster.map

    def counted(self, func, parts):
        parts = list(parts)  # a generator, as builtin map takes
        calls.append(len(parts))
        return real_map(self, func, parts)

    monkeypatch.setattr(Cluster, "map", counted)
    tables = {}
    for where in ("map", "cluster"):
        runtime = Runtime(progress=None, cluster=cluster) if where == "cluster" else QUIET
        result = fit(seed_result.papers, RunOptions(use_cache=False, sample_above=12), runtime)
        tables[where] = (documents_table(result).to_csv(), result.topics.to_csv())
    assert calls and max(calls) > 1, calls  # the fit's partition steps went through the cluster, several tasks each
    assert tables["cluster"] == tables["map"]


@pytest.mark.slow
def test_map_is_builtin_map_on_the_workers(cluster):
    assert list(cluster.map(pow, [2, 3, 4], [2, 2])) == list(map(pow, [2, 3, 4], [2, 2]))
    assert list(cluster.map(abs, [])) == []


def test_a_partials_frozen_arguments_go_to_the_workers_once_not_in_every_task(cluster):
    import warnings
    from functools import partial

    large = np.arange(3_000_000, dtype=np.float64)  # 24 MB: Dask warns of a graph over 10 MB
    sliced = partial(np.take, large)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        answers = list(cluster.map(sliced, [[0, 1], [2_999_999], []]))
    assert [a.tolist() for a in answers] == [[0.0, 1.0], [2_999_999.0], []]
    assert [str(w.message) for w in caught if "large graph" in str(w.message)] == []
    assert list(cluster.map(partial(pow, exp=2), [3, 4])) == [9, 16]  # keywords only: sent as they are


@pytest.mark.slow
def test_a_worker_that_dies_mid_run_is_replaced_and_the_run_completes(cluster, tmp_path):
    """The first call kills its worker process; the scheduler reruns it on another, the nanny restarts the dead one."""
    marker = str(tmp_path / "died-once")

    def square_or_die(n: int) -> int:
        import os
        import time

        if n == 3 and not os.path.exists(marker):
            open(marker, "w").close()
            os._exit(1)
        time.sleep(0.2)
        return n * n

    assert list(cluster.map(square_or_die, range(8))) == [n * n for n in range(8)]
    assert Path(marker).exists()
    cluster.client.wait_for_workers(2, timeout=120)


# -- in other processes: a scheduler and workers started by hand, Ctrl-C ------


@pytest.fixture
def scheduler_and_two_workers(tmp_path):
    """``dask scheduler`` and two ``dask worker`` processes on 127.0.0.1, as on machines of their own."""
    pytest.importorskip("distributed")
    from distributed import Client

    address = f"tcp://127.0.0.1:{_free_port()}"
    dask = [sys.executable, "-m", "dask"]
    env = _env(tmp_path / "worker-cache")
    log = (tmp_path / "cluster.log").open("w")
    started = [
        subprocess.Popen(
            [*dask, "scheduler", "--host", "127.0.0.1", "--port", address.rsplit(":", 1)[1], "--no-dashboard"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=log,
        )
    ]
    try:
        started += [
            subprocess.Popen(
                [*dask, "worker", address, "--nthreads", "1", "--no-dashboard", "--host", "127.0.0.1"],
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=log,
            )
            for _ in range(2)
        ]
        with Client(address, timeout=60) as client:
            client.wait_for_workers(2, timeout=120)
        yield address
    finally:
        for process in reversed(started):
            process.terminate()
        for process in started:
            process.wait(timeout=60)
        log.close()


@pytest.mark.slow
def test_a_scheduler_and_two_workers_started_by_hand_give_the_committed_tables(
    scheduler_and_two_workers, seeds_cache, tmp_path
):
    address = scheduler_and_two_workers
    command = [sys.executable, "-m", "analysis", "topics", "seeds", "--out", str(tmp_path / "out"), "--no-cache"]
    done = subprocess.run(
        [*command, "--scheduler", address], capture_output=True, text=True, env=_env(seeds_cache), cwd=ROOT, timeout=600
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert f"the Dask scheduler at {address}: 2 workers" in done.stderr
    assert "embedding 26 papers on 2 Dask workers" in done.stderr
    for name in ("documents.csv", "topics.csv"):
        assert (tmp_path / "out" / name).read_bytes() == (FIGURES_DIR / name).read_bytes(), name


@pytest.mark.slow
def test_ctrl_c_during_the_embedding_stops_cleanly_and_keeps_the_previous_report(tmp_path):
    pytest.importorskip("distributed")
    out = tmp_path / "report"
    out.mkdir()
    (out / "documents.csv").write_text("the previous report\n")
    command = [sys.executable, "-m", "analysis", "report", "seeds", "--workers", "1", "--out", str(out)]
    # A session of its own: Ctrl-C in a terminal reaches every process of the command, as killpg does here.
    child = subprocess.Popen(
        command,
        cwd=ROOT,
        env=_env(tmp_path / "cache"),
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=ctrl_c_reaches,
    )
    said = Lines(child.stderr)  # every wait below has a timeout: a run that does not stop fails the test
    try:
        said.until(lambda line: "on 1 Dask worker (" in line, timeout=300)
        os.killpg(child.pid, signal.SIGINT)
        assert child.wait(timeout=120) == 130, "".join(said.seen)
        # Read to the end only after the exit: a process of the run still holding stderr fails here, not hangs.
        told = said.to_the_end(timeout=60)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(child.pid, signal.SIGKILL)  # whatever of the run is left, when the test failed
    assert "interrupted: previous outputs were left as they were" in told
    assert "Traceback" not in told, told  # the workers leave Ctrl-C to the client
    assert _files(out) == {"documents.csv": b"the previous report\n"}


# -- the worker's side, in this process ----------------------------------------


def test_a_worker_keeps_a_heartbeat_into_a_closed_scheduler_out_of_its_log():
    pytest.importorskip("distributed")
    import logging

    from distributed.comm.core import CommClosedError

    from analysis.cluster import _closed_scheduler_heartbeat

    def record(message: str, error: BaseException | None) -> logging.LogRecord:
        exc_info = (type(error), error, None) if error else None
        return logging.LogRecord("distributed.worker", logging.ERROR, __file__, 1, message, None, exc_info)

    heartbeat = "Failed to communicate with scheduler during heartbeat."
    assert not _closed_scheduler_heartbeat(record(heartbeat, CommClosedError("in <TCP (closed)>: Stream is closed")))
    assert _closed_scheduler_heartbeat(record(heartbeat, ValueError("a bug in a heartbeat extension")))
    assert _closed_scheduler_heartbeat(record(heartbeat, None))
    assert _closed_scheduler_heartbeat(record("Compute Failed", CommClosedError("closed")))


def test_a_worker_stores_into_a_shared_cache_and_sends_back_otherwise(tmp_path, recording_backend, monkeypatch):
    from analysis.cluster import _probe, embed_partition
    from analysis.embedding.cache import EmbeddingCache, text_key
    from analysis.embedding.registry import register_backend, unregister_backend

    backend = recording_backend(identity="cluster-test")
    register_backend("cluster-test", lambda: backend)
    try:
        sent = embed_partition(MINILM_TEXTS, "cluster-test", "cluster-test", str(tmp_path / "no-probe"), "x")
        assert isinstance(sent, np.ndarray) and sent.shape == (3, 4)
        with _probe(tmp_path / "shared") as (probe, token):
            assert embed_partition(MINILM_TEXTS, "cluster-test", "cluster-test", probe, token) is None
        stored = EmbeddingCache(tmp_path / "shared").load()
        assert sorted(stored) == sorted(text_key(t) for t in MINILM_TEXTS)
        assert [p.name for p in (tmp_path / "shared").iterdir() if not p.name.startswith("shard-")] == []
        with pytest.raises(RuntimeError, match="install the same package versions on every machine"):
            embed_partition(MINILM_TEXTS, "cluster-test", "another-identity", "none", "x")
    finally:
        unregister_backend("cluster-test")


def test_a_backend_fitted_per_corpus_embeds_nothing_on_the_workers(tmp_path):
    from analysis.cluster import Cluster

    class NoClient:  # any call to Dask would fail
        pass

    assert Cluster(NoClient()).embed(MINILM_TEXTS, "tfidf", cache=tmp_path, progress=None) == 0
    assert not (tmp_path / "tfidf").exists()


@pytest.mark.slow  # starts and kills Dask worker processes (about 13 s): `make test` only
def test_a_local_cluster_closes_quietly_after_losing_a_worker_it_never_listed(tmp_path):
    """dask/distributed#5407: a worker restarted by its nanny and removed before the cluster listed it."""
    pytest.importorskip("distributed")
    script = tmp_path / "close.py"
    script.write_text(
        "from analysis.cluster import open_cluster\n"
        "if __name__ == '__main__':\n"
        "    with open_cluster(workers=1, progress=None, dashboard=':0') as cluster:\n"
        "        local = cluster.client.cluster\n"
        "        local.scheduler_info['workers'].clear()  # the view before the restarted worker joined\n"
        "    print('closed', local.status.name)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert (done.returncode, done.stdout) == (0, "closed closing\n")
    assert "KeyError" not in done.stderr and "Traceback" not in done.stderr
