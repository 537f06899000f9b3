"""Robustness end to end (issue 7): tiny corpora to the command line's contract.

Tiny corpora, cache races, interrupted writes, reproducibility, missing
pieces and the command line's exit codes and streams.

The expensive step is a fit; these tests reuse the session's ``seed_result``
embeddings or the 'tfidf' backend, and start one slow subprocess in all (no
torch, run twice over to compare with the run in this process).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
import time
import warnings
import zlib
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from helpers import ctrl_c_reaches

from analysis import fit_topics
from analysis.__main__ import main
from analysis.config import ROOT
from analysis.embedding.backends import tfidf_embeddings
from analysis.embedding.cache import EmbeddingCache, text_key
from analysis.figures.chromium import find_chromium
from analysis.pipeline import RUN_FOLDER, write_report
from analysis.run import QUIET

REPORT_TEXT_FILES = ["documents.csv", "topics.csv", "report.md"]


# -- tiny corpora, end to end including the report --------------------------


@pytest.mark.parametrize("n", [1, 2, 3, 5, 10])
def test_tiny_corpus_report_end_to_end(seed_result, tmp_path, n):
    result = fit_topics(seed_result.papers.iloc[:n], embeddings=seed_result.embeddings[:n])
    written = write_report(result, tmp_path, static=False, runtime=QUIET)
    assert {p.name for p in written} >= {*REPORT_TEXT_FILES, "report.html", "topic_map.html"}
    documents = pd.read_csv(tmp_path / "documents.csv")
    assert len(documents) == n and documents["doc_id"].is_unique
    assert set(documents["theme"]) <= set(result.themes.names)
    assert documents[["x", "y"]].notna().all().all()
    topics = pd.read_csv(tmp_path / "topics.csv")
    assert topics["size"].sum() == n and 1 <= len(topics) <= max(1, n // 2)
    markdown = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert markdown.startswith("# Reading-group report") and f"{n} paper{'' if n == 1 else 's'} from" in markdown
    for name in documents["name"]:
        assert name.split("…")[0][:20] in markdown  # every paper is listed in a theme section
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary leftovers


@pytest.mark.parametrize("n", [1, 3, 10])
def test_tiny_corpus_through_the_cli_with_tfidf(seed_result, tmp_path, monkeypatch, capsys, n):
    """The CLI path: files in, report out, no UMAP/HDBSCAN traceback and exit 0."""
    monkeypatch.setenv("BROWSER_PATH", str(tmp_path / "no-chromium"))  # static export is tested below
    source = tmp_path / "tiny.txt"
    source.write_text("\n\n".join(seed_result.papers["text"].iloc[:n]), encoding="utf-8")
    assert main(["report", str(source), "--embedding", "tfidf", "--out", str(tmp_path / "out")]) == 0
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and f"{n} papers ({n} entries" in captured.err
    assert len(pd.read_csv(tmp_path / "out" / "documents.csv")) == n


@pytest.mark.slow  # Chromium draws the static figures (about 7 s): `make test` only
@pytest.mark.skipif(find_chromium() is None, reason="no Chromium for static export")
def test_tiny_corpus_static_figures(seed_result, tmp_path):
    result = fit_topics(seed_result.papers.iloc[:3], embeddings=seed_result.embeddings[:3])
    written = write_report(result, tmp_path, static=True, runtime=QUIET)
    pngs = [p for p in written if p.suffix == ".png"]
    assert pngs and all(p.read_bytes().startswith(b"\x89PNG") for p in pngs)
    assert "Static figures were not written" not in (tmp_path / "report.md").read_text(encoding="utf-8")


def test_corpus_without_latin_words_gets_topics(seed_result):
    papers = seed_result.papers.iloc[:7].assign(
        text=[f"我们提出了第{i}种新的扩散模型方法，用于图像生成任务。" for i in range(7)], title=""
    )
    result = fit_topics(papers, embeddings=seed_result.embeddings[:7])
    assert len(result.documents) == 7 and (result.documents["topic"] >= 0).all()
    assert all(label for label in result.topics["label"])


def test_corpus_of_symbols_only_gets_a_clear_message(seed_result):
    from analysis import InputError

    papers = seed_result.papers.iloc[:7].assign(text=["🙂🙂 ✨ 🚀!" for _ in range(7)], title="")
    with pytest.raises(InputError, match="the abstracts hold no words to describe topics with"):
        fit_topics(papers, embeddings=seed_result.embeddings[:7])


def test_tfidf_backend_on_one_paper_and_on_stop_words_only(seed_result):
    one = fit_topics(seed_result.papers.iloc[:1], embedding="tfidf")
    assert len(one.documents) == 1
    # A 1-D latent space made every theme score 1.0; now the scores differ.
    assert len(set(np.round(one.theme_scores[0], 6))) > 1
    stop = seed_result.papers.iloc[:3].assign(text="The and of the to a in.", title="")
    assert tfidf_embeddings(list(stop["text"])).shape[0] == 3


# -- the embedding cache under two writers ----------------------------------


def _fake_encode(texts: list[str]) -> np.ndarray:
    """A cheap deterministic 'model': the vector depends on the text only."""
    time.sleep(0.002 * len(texts))  # widens the window in which the other process writes
    return np.array([[zlib.crc32(t.encode()) % 1009, len(t), t.count("e")] for t in texts], dtype=np.float32)


def _cache_writer(folder: str, worker: int, rounds: int) -> int:
    """Ask the shared cache for overlapping batches, many times; return how many vectors were wrong."""
    cache = EmbeddingCache(Path(folder))
    wrong = 0
    with warnings.catch_warnings():
        # A shard the other process compacts away between listing and reading
        # is reported as damaged and recomputed: allowed, never wrong vectors.
        warnings.simplefilter("ignore")
        for r in range(rounds):
            texts = [f"shared {r}", f"shared {r + 1}", f"own {worker} {r}", f"own {worker} {r} again"]
            got = cache.get_or_compute(texts, _fake_encode)
            wrong += int((got != _fake_encode(texts)).any(axis=1).sum())
    return wrong


@pytest.mark.slow  # fresh interpreters (4 s): `make test` only
def test_two_processes_share_one_cache_folder(tmp_path):
    rounds = 40  # over _MAX_SHARDS shards, so both processes also compact
    context = multiprocessing.get_context("spawn")
    with context.Pool(2) as pool:
        wrong = pool.starmap(_cache_writer, [(str(tmp_path), 0, rounds), (str(tmp_path), 1, rounds)])
    assert wrong == [0, 0]
    assert not list(tmp_path.glob(".shard-*.tmp"))  # no half-written shard left
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a damaged shard would warn: there must be none
        stored = EmbeddingCache(tmp_path).load()
    every_text = {f"shared {r}" for r in range(rounds + 1)}
    every_text |= {f"own {w} {r}{tail}" for w in (0, 1) for r in range(rounds) for tail in ("", " again")}
    expected = dict(zip(map(text_key, sorted(every_text)), _fake_encode(sorted(every_text)), strict=True))
    assert set(stored) == set(expected)
    for key, vector in expected.items():
        np.testing.assert_array_equal(stored[key], vector)


# -- interrupted writes -----------------------------------------------------

_SLOW_WRITER = textwrap.dedent(
    """
    import signal, sys
    from analysis.output import atomic_write

    def slow(tmp):
        with open(tmp, "w", encoding="utf-8") as handle:
            handle.write("half of the new ")
            handle.flush()
            print("writing", flush=True)
            signal.pause()  # until the test's signal
            handle.write("content")

    atomic_write(sys.argv[1], slow)
    """
)


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGINT], ids=["SIGKILL", "SIGINT"])
def test_interrupted_write_leaves_the_previous_output(tmp_path, how):
    target = tmp_path / "papers.csv"
    target.write_text("previous output\n", encoding="utf-8")
    child = subprocess.Popen(
        [sys.executable, "-c", _SLOW_WRITER, str(target)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        preexec_fn=ctrl_c_reaches,
    )
    try:
        assert child.stdout.readline() == "writing\n"  # the new file is half written now
        child.send_signal(how)
        child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
        child.stdout.close()
    assert target.read_text(encoding="utf-8") == "previous output\n"
    leftovers = [p.name for p in tmp_path.iterdir() if p != target]
    if how == signal.SIGINT:
        assert leftovers == []  # Ctrl-C unwinds and removes the temporary file
    else:
        # SIGKILL cannot be cleaned up after: what is left is a hidden .tmp
        # file that no reader takes for input or output.
        assert len(leftovers) == 1 and leftovers[0].startswith(".papers.csv.") and leftovers[0].endswith(".tmp")
        from analysis import read_abstracts

        target.unlink()
        (tmp_path / "list.txt").write_text("We study interrupted runs.", encoding="utf-8")
        assert read_abstracts(tmp_path)["source"].tolist() == ["list.txt"]  # the .tmp file is not input


# -- reproducibility and no torch, in one subprocess ------------------------

# Imports of torch fail as if it were not installed (sys.modules['torch'] =
# None would confuse scipy's array-API check, which probes sys.modules).
_NO_TORCH = textwrap.dedent(
    """
    import sys

    class _NoTorch:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] == "torch":
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None

    sys.meta_path.insert(0, _NoTorch())
    """
)
_DRIVER = textwrap.dedent(
    """
    import sys
    from analysis.__main__ import main

    out = sys.argv[1]
    codes = [
        main(["topics", "seeds", "--embedding", "tfidf", "--out", out + "/topics"]),
        main(["report", "seeds", "--embedding", "tfidf", "--out", out + "/report"]),
    ]
    print("===minilm===", file=sys.stderr, flush=True)
    codes.append(main(["topics", "seeds", "--embedding", "minilm", "--out", out + "/minilm"]))
    print("torch" in sys.modules, *codes)
    """
)


@pytest.fixture(scope="module")
def no_torch_run(tmp_path_factory):
    """The driver above in a subprocess without torch (about 30 s: imports and numba JIT)."""
    folder = tmp_path_factory.mktemp("no_torch")
    (folder / "site").mkdir()
    (folder / "site" / "sitecustomize.py").write_text(_NO_TORCH, encoding="utf-8")
    env = {
        **os.environ,
        "PYTHONPATH": str(folder / "site"),
        "PYTHONHASHSEED": "12345",  # another hash seed than this process: set order must not matter
        "BROWSER_PATH": str(folder / "no-chromium"),  # static export is not what is compared here
        # An empty cache: with the seeds' vectors cached, minilm needs no model (nor torch) at all.
        "ANALYSIS_CACHE_DIR": str(folder / "cache"),
    }
    run = subprocess.run(
        [sys.executable, "-c", _DRIVER, str(folder)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    return folder, run


@pytest.mark.slow  # fresh interpreters (4 s): `make test` only
def test_without_torch_tfidf_works_and_minilm_says_what_to_install(no_torch_run):
    folder, run = no_torch_run
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-1] == "False 0 0 1"  # torch never imported; exit codes 0, 0, 1
    minilm_err = run.stderr.split("===minilm===")[1]
    assert "Traceback" not in run.stderr
    assert "error: neural embeddings need torch and sentence-transformers: pip install" in minilm_err
    assert "embedding='tfidf'" in minilm_err
    assert not (folder / "minilm" / "documents.csv").exists()


def test_same_command_twice_gives_identical_files(no_torch_run, tmp_path, monkeypatch, capsys):
    """The subprocess run (no torch, other hash seed) and this process give the same bytes."""
    folder, run = no_torch_run
    assert run.returncode == 0, run.stderr
    monkeypatch.setenv("BROWSER_PATH", str(tmp_path / "no-chromium"))
    assert main(["topics", "seeds", "--embedding", "tfidf", "--out", str(tmp_path / "topics")]) == 0
    assert main(["report", "seeds", "--embedding", "tfidf", "--out", str(tmp_path / "report")]) == 0
    capsys.readouterr()
    for name in ["documents.csv", "topics.csv"]:
        assert (tmp_path / "topics" / name).read_bytes() == (folder / "topics" / name).read_bytes(), name
    names = sorted(p.name for p in (folder / "report").iterdir())
    assert names == sorted(p.name for p in (tmp_path / "report").iterdir())
    # The saved run (for `add`) holds this machine's floats and is never committed: not compared.
    names.remove(RUN_FOLDER)
    # Every report file, the HTML included, is byte-identical: the views
    # carry no random div ids or timestamps.
    for name in names:
        assert (tmp_path / "report" / name).read_bytes() == (folder / "report" / name).read_bytes(), name


# -- missing pieces: clear message, exit 1, nothing half done ----------------


@pytest.mark.parametrize("command", ["corpus", "topics", "report"])
def test_output_under_a_file_exits_1_before_any_work(tmp_path, capsys, command):
    # Tests run as root, where chmod 555 blocks nothing: a path under a file
    # cannot be created by anyone.
    blocker = tmp_path / "a_file"
    blocker.write_text("x", encoding="utf-8")
    out = blocker / "sub" / ("papers.csv" if command == "corpus" else "")
    args = [command, "seeds", "--out", str(out)] + ([] if command == "corpus" else ["--embedding", "tfidf"])
    started = time.perf_counter()
    assert main(args) == 1
    captured = capsys.readouterr()
    assert captured.err.splitlines()[-1] == f"error: {blocker / 'sub'}: cannot write here: Not a directory"
    assert "embedding" not in captured.err  # failed before the fit, not after it
    assert time.perf_counter() - started < 10
    assert blocker.read_text(encoding="utf-8") == "x"


def test_output_that_is_a_folder_exits_1(tmp_path, capsys):
    (tmp_path / "papers.csv").mkdir()
    assert main(["corpus", "seeds", "--out", str(tmp_path / "papers.csv")]) == 1
    assert capsys.readouterr().err == f"error: {tmp_path / 'papers.csv'}: is a folder; give a file name\n"


def test_mixed_type_fields_still_write_parquet(tmp_path, capsys):
    source = tmp_path / "scraped.jsonl"
    records = [
        {"abstract": "We study alpha and beta.", "year": 2024},
        {"abstract": "Another paper on gamma.", "year": "2024"},
    ]
    source.write_text("\n".join(json.dumps(r) for r in records), encoding="utf-8")
    assert main(["corpus", str(source), "--out", str(tmp_path / "papers.parquet")]) == 0
    assert pd.read_parquet(tmp_path / "papers.parquet")["year"].tolist() == ["2024", "2024"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('[[theme]\nname = "x"\n', "not valid TOML"),
        ('[[theme]]\nname = "empty"\ndescription = ""\n', "theme 'empty' is empty"),
        ('[[theme]]\nname = "x"\ndescription = "d"\nseeds = ["ok", ""]\n', "seeds must be a list of non-empty"),
        ('other = "other"\n', "no [[theme]] entries"),
    ],
    ids=["syntax", "empty-theme", "empty-seed", "no-theme"],
)
def test_bad_themes_file_through_the_cli_exits_1(tmp_path, capsys, content, message):
    themes = tmp_path / "themes.toml"
    themes.write_text(content, encoding="utf-8")
    args = ["topics", "seeds", "--embedding", "tfidf", "--themes", str(themes), "--out", str(tmp_path / "out")]
    assert main(args) == 1
    captured = capsys.readouterr()
    assert captured.err.splitlines()[-1].startswith(f"error: {themes}: ") and message in captured.err
    assert captured.out == "" and not (tmp_path / "out" / "documents.csv").exists()


# -- the command line's contract ---------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["bogus"],
        ["corpus", "--threshold", "0"],
        ["corpus", "--threshold", "1.5"],
        ["topics", "--threshold", "nan"],
        ["topics", "--seed", "-1"],
        ["report", "--seed", "x"],
        ["report", "--out"],
    ],
    ids=lambda a: " ".join(a) or "no-command",
)
def test_usage_errors_exit_2_on_stderr(capsys, args):
    with pytest.raises(SystemExit) as exited:
        main(args)
    assert exited.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "usage: python -m analysis" in captured.err
    assert "Traceback" not in captured.err


@pytest.mark.parametrize("args", [["--help"], ["-h"], ["corpus", "-h"], ["topics", "-h"], ["report", "-h"]])
def test_help_exits_0_on_stdout(capsys, args):
    with pytest.raises(SystemExit) as exited:
        main(args)
    assert exited.value.code == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("usage: python -m analysis") and captured.err == ""


def test_bad_input_to_topics_and_report_exits_1_without_output(tmp_path, capsys):
    bad = tmp_path / "broken.jsonl"
    bad.write_text('{"abstract": "fine."}\n{"abstract": \n', encoding="utf-8")
    for command in ("topics", "report"):
        assert main([command, str(bad), "--embedding", "tfidf", "--out", str(tmp_path / command)]) == 1
        captured = capsys.readouterr()
        assert captured.err.splitlines()[-1] == f"error: {bad}:2: malformed JSON line: Expecting value (column 14)"
        assert captured.out == ""


def test_success_puts_results_on_stdout_and_nothing_on_stderr(capsys, seeds_dir):
    assert main(["corpus", str(seeds_dir)]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("38 entries read, 26 papers") and captured.err == ""
