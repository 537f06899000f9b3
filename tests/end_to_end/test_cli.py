"""The command line: summaries on stdout, errors on stderr, exit codes 0/1/2."""

from __future__ import annotations

import subprocess
import sys

import pandas as pd
import pytest
from helpers import SEED_A, SEED_B

from analysis.__main__ import main
from analysis.config import ROOT


def test_corpus_prints_summary_and_writes_frame(tmp_path, capsys, seeds_dir):
    out = tmp_path / "papers.parquet"
    assert main(["corpus", str(seeds_dir), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("38 entries read, 26 papers, 12 duplicates merged\n")
    assert f"{SEED_A} <- {SEED_B}: 12" in printed
    frame = pd.read_parquet(out)
    assert len(frame) == 26 and frame["n_copies"].sum() == 38
    assert list(tmp_path.iterdir()) == [out]  # no temp file left behind


@pytest.mark.parametrize("suffix", [".csv", ".jsonl"])
def test_corpus_writes_csv_and_jsonl(tmp_path, seeds_dir, suffix):
    out = tmp_path / f"papers{suffix}"
    assert main(["corpus", str(seeds_dir), "--out", str(out)]) == 0
    frame = pd.read_csv(out) if suffix == ".csv" else pd.read_json(out, lines=True)
    assert len(frame) == 26


@pytest.mark.parametrize("suffix", [".csv", ".jsonl"])
def test_a_table_corpus_wrote_reads_back_as_the_same_papers(tmp_path, seeds_dir, suffix):
    from analysis import load_corpus

    out = tmp_path / f"papers{suffix}"
    assert main(["corpus", str(seeds_dir), "--out", str(out)]) == 0
    again, first = load_corpus(out), load_corpus(seeds_dir)
    assert again[["doc_id", "name", "title", "text"]].equals(first[["doc_id", "name", "title", "text"]])
    assert not [c for c in again.columns if c.endswith("_field")]  # its own columns are computed again


def _inputs_kept(folder):
    return {p.name: p.read_bytes() for p in folder.iterdir()}


@pytest.mark.parametrize(
    ("command", "input_name", "out_name"),
    [
        ("corpus", "papers.csv", "papers.csv"),
        ("topics", "topics.csv", "."),
        ("topics", "documents.csv", "."),
        ("report", "topics.csv", "."),
        ("report", "report.md", "."),
    ],
)
def test_an_output_never_replaces_an_input(tmp_path, capsys, seeds_dir, command, input_name, out_name):
    # "corpus a.csv --out a.csv" replaced the list with the paper table; "report x/topics.csv --out x" too.
    given = tmp_path / input_name
    given.write_text(f"abstract\n{(seeds_dir / SEED_A).read_text(encoding='utf-8').split(chr(10) * 2)[1]}\n")
    before = _inputs_kept(tmp_path)
    assert main([command, str(given), "--out", str(tmp_path / out_name)]) == 1
    assert (
        capsys.readouterr().err
        == f"error: {given}: is an input of this run and its output would replace it: write elsewhere\n"
    )
    assert _inputs_kept(tmp_path) == before


@pytest.mark.parametrize("command", ["topics", "report"])
def test_a_themes_file_is_checked_before_the_papers_are_read(tmp_path, capsys, command):
    themes = tmp_path / "mine.toml"
    themes.write_text("[[theme]]\nname = 'a'\ndescription = 'd'\nseed = ['x']\n")
    assert main([command, str(tmp_path / "missing.txt"), "--themes", str(themes), "--out", str(tmp_path)]) == 1
    said = capsys.readouterr().err
    assert said == f"error: {themes}: unknown key 'seed' in theme 1 (did you mean 'seeds'?)\n"


def test_a_folder_s_hidden_files_are_not_read(tmp_path, capsys, seeds_dir):
    # macOS leaves a binary "._list.txt" beside "list.txt" on shared drives; an empty ".hidden.txt" stopped the run.
    (tmp_path / "list.txt").write_bytes((seeds_dir / SEED_A).read_bytes())
    (tmp_path / "._list.txt").write_bytes(b"\x00\x05\x16\x07Mac OS X")
    (tmp_path / ".hidden.txt").write_text("")
    assert main(["corpus", str(tmp_path)]) == 0
    assert capsys.readouterr().out.startswith("19 entries read, 19 papers")


def test_a_skipped_entry_is_one_warning_line(tmp_path, capsys):
    path = tmp_path / "list.jsonl"
    path.write_text('{"abstract": "We study topic models of abstracts."}\n{"abstract": ""}\n')
    assert main(["corpus", str(path)]) == 0
    said = capsys.readouterr()
    assert said.err == f"warning: {path}:2: empty abstract, entry skipped\n"
    assert said.out.startswith("1 entry read, 1 paper, 0 duplicates merged\n  list.jsonl: 1 entry\n")


def test_bad_input_exits_1_with_message_on_stderr(tmp_path, capsys):
    assert main(["corpus", str(tmp_path / "missing.txt")]) == 1
    captured = capsys.readouterr()
    assert captured.err == f"error: {tmp_path / 'missing.txt'}: no such file or folder\n"
    assert captured.out == ""


def test_unsupported_output_type_exits_1(tmp_path, capsys, seeds_dir):
    assert main(["corpus", str(seeds_dir), "--out", str(tmp_path / "x.xlsx")]) == 1
    assert capsys.readouterr().err.endswith(
        "unsupported output type '.xlsx'; use one of .csv, .parquet, .jsonl, .bib, .ris\n"
    )


def test_usage_error_exits_2_and_help_works():
    run = subprocess.run(
        [sys.executable, "-m", "analysis", "corpus", "--bogus"], capture_output=True, text=True, cwd=ROOT
    )
    assert run.returncode == 2 and "unrecognized arguments: --bogus" in run.stderr
    for command in ("corpus", "topics", "report"):
        helped = subprocess.run(
            [sys.executable, "-m", "analysis", command, "--help"], capture_output=True, text=True, cwd=ROOT
        )
        assert helped.returncode == 0 and f"usage: python -m analysis {command}" in helped.stdout


def test_topics_without_out_prints_and_writes_nothing(capsys):
    from analysis.config import FIGURES_DIR

    before = {path.name: path.read_bytes() for path in FIGURES_DIR.iterdir() if path.is_file()}
    assert main(["topics", "seeds", "--embedding", "tfidf"]) == 0
    printed = capsys.readouterr().out
    from analysis import fit_topics, load_corpus

    labels = fit_topics(load_corpus("seeds"), embedding="tfidf").topics["label"]
    rows = printed.strip().splitlines()[1:]
    assert len(rows) == len(labels) and all(row.endswith(label) for row, label in zip(rows, labels, strict=True))
    assert "wrote" not in printed
    assert {path.name: path.read_bytes() for path in FIGURES_DIR.iterdir() if path.is_file()} == before


@pytest.mark.parametrize("command", ["topics", "report"])
def test_seed_is_gone_and_says_why(capsys, command):
    # The pipeline has no random step: a seed that changed nothing was removed, with a reason.
    with pytest.raises(SystemExit) as exited:
        main([command, "--seed", "7"])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "--seed was removed: the pipeline has no random step" in err
    with pytest.raises(SystemExit):
        main([command, "--help"])
    assert "--seed" not in capsys.readouterr().out


def test_sample_above_fits_a_sample_and_assigns_the_rest(tmp_path, capsys):
    # 26 seed papers above a threshold of 15: the topics come from the 15 papers of the
    # smallest doc_id hashes, and the 11 others are assigned to them (or to new ones).
    from analysis import fit_topics, load_corpus

    out = tmp_path / "sampled"
    assert main(["topics", "seeds", "--embedding", "tfidf", "--sample-above", "15", "--out", str(out)]) == 0
    documents = pd.read_csv(out / "documents.csv")
    expected = fit_topics(load_corpus("seeds"), embedding="tfidf", sample_above=15, use_cache=False)
    assert len(documents) == 26 and (documents["topic"] >= 0).all()
    assert documents["topic"].tolist() == expected.documents["topic"].tolist()
    full = fit_topics(load_corpus("seeds"), embedding="tfidf", use_cache=False)
    assert expected.documents["topic"].tolist() != full.documents["topic"].tolist()


@pytest.mark.parametrize("value", ["0", "-3", "many"])
def test_sample_above_must_be_a_positive_number(capsys, value):
    with pytest.raises(SystemExit) as exited:
        main(["report", "seeds", "--sample-above", value])
    assert exited.value.code == 2
    assert "argument --sample-above" in capsys.readouterr().err
