"""Reading abstract lists: formats, headers, names and bad input."""

from __future__ import annotations

import json

import pytest
from helpers import SEED_A, SEED_B

from analysis import InputError, read_abstracts
from analysis.corpus.names import paper_name
from analysis.text import normalize

ABSTRACT_1 = "We introduce FooNet, a network for foo. It works well on bar benchmarks."
ABSTRACT_2 = "Graph neural networks are studied. We prove a bound on their depth."


def test_seeds_read_as_38_entries_without_the_header(seeds_dir):
    raw = read_abstracts(seeds_dir)
    assert len(raw) == 38
    assert raw["source"].value_counts().to_dict() == {SEED_A: 19, SEED_B: 19}
    assert not raw["text"].str.contains("论文列表").any()
    first = raw.iloc[0]
    assert (first["source"], first["entry"], first["line"]) == (SEED_A, 1, 3)
    assert first["text"].startswith("Multimodal large language models (MLLMs)")
    assert raw.iloc[-1]["line"] == 39
    assert (raw["title"] == "").all()


def test_seed_names_are_the_methods_they_introduce(seeds_dir):
    names = read_abstracts(seeds_dir / SEED_A)["name"].tolist()
    assert names[:11] == [
        "SkeletonLLM",
        "WASH",
        "OPO-CMDP",
        "SSLogic",
        "PhaseLock",
        "GUDA",
        "TBIK",
        "T3-Video",
        "DOIT",
        "ERAlign",
        "PerturbedVAE",
    ]
    assert names[12] == "StP"
    assert names[15:19] == ["FedGR", "ProMiSE", "ProtoVAR", "REPA-P"]
    other = read_abstracts(seeds_dir / SEED_B)["name"].tolist()
    assert other[:5] == ["APEX", "COMAD", "SPT", "SOMA", "TSFAdv"]


def test_name_falls_back_to_title_then_contribution_then_first_words():
    assert paper_name("No named method here, just a study of things.", "A Study of Things") == "A Study of Things"
    assert paper_name("We study clustered multitask learning in a semiparametric setting.") == (
        "Clustered multitask learning"
    )
    assert paper_name("Graphs are everywhere and nobody knows why they matter so much today.") == (
        "Graphs are everywhere and nobody knows…"
    )


@pytest.mark.parametrize(
    ("text", "title", "name"),
    [
        # "Name: rest" titles name the paper, whatever the abstract introduces.
        ("We introduce CADS, a sampler.", "CADS: Unleashing the Diversity of Diffusion Models", "CADS"),
        ("We propose a new soft-prompt norm.", "Nemesis: Normalizing the Soft-prompt Vectors", "Nemesis"),
        (
            "We study borders.",
            "Breaking Physical and Linguistic Borders: Multilingual Tuning",
            "Breaking Physical and Linguistic Borders",
        ),
        (r"We present NAISR.", r"$\texttt{NAISR}$: A 3D Neural Additive Model", "NAISR"),
        # The abstract's acronym names the paper only when the title uses it too ...
        ("We propose PALM, a prototype method.", "Learning with PALM for Open-Set Detection", "PALM"),
        # ... not when it is the model the paper studies or attacks.
        (
            "We attack a latent diffusion model, which we call LDM.",
            "Attacking Image Generators at Scale",
            "Attacking Image Generators at Scale",
        ),
    ],
)
def test_titled_papers_are_named_by_their_title(text, title, name):
    assert paper_name(text, title) == name


def test_seed_papers_without_a_method_name_get_their_contribution(seeds_dir):
    names = read_abstracts(seeds_dir / SEED_A)["name"].tolist()
    assert names[11] == "Per-image noise schedules"
    assert names[13:15] == ["Asynchronous retrieval framework", "PAC-Bayesian generalization bound"]
    assert read_abstracts(seeds_dir / SEED_B)["name"].tolist()[5:7] == [
        "Ideal attribution mechanisms",
        "Clustered multitask learning",
    ]


def test_name_skips_background_acronyms_used_before_the_contribution():
    text = "Large libraries (CSLs) are hard to screen. We propose the exhaustive protocol for CSLs, or APEX. APEX wins."
    assert paper_name(text) == "APEX"


def test_header_is_detected_not_assumed(tmp_path):
    with_header = tmp_path / "a.txt"
    with_header.write_text(f"ICML 2026 papers\n\n{ABSTRACT_1}\n\n{ABSTRACT_2}\n", encoding="utf-8")
    without = tmp_path / "b.txt"
    without.write_text(f"{ABSTRACT_1}\n\n{ABSTRACT_2}\n", encoding="utf-8")
    assert read_abstracts(with_header)["line"].tolist() == [3, 5]
    assert read_abstracts(without)["text"].tolist() == [ABSTRACT_1, ABSTRACT_2]


def test_crlf_and_reflowed_paragraphs(tmp_path):
    path = tmp_path / "crlf.txt"
    path.write_bytes(f"{ABSTRACT_1[:30]}\r\n{ABSTRACT_1[30:]}\r\n\r\n\r\n{ABSTRACT_2}".encode())
    raw = read_abstracts(path)
    assert raw["line"].tolist() == [1, 5]
    assert normalize(raw["text"][0]) == normalize(ABSTRACT_1)


def test_csv_tsv_jsonl_json_and_folder(tmp_path):
    (tmp_path / "a.csv").write_text(f'title,abstract,year\nFoo,"{ABSTRACT_1}",2026\nBar,"{ABSTRACT_2}",2025\n')
    (tmp_path / "b.tsv").write_text(f"abstract\tvenue\n{ABSTRACT_2}\tICML\n")
    (tmp_path / "c.jsonl").write_text(json.dumps({"abstract": ABSTRACT_1, "title": "T", "tags": ["x"]}) + "\n\n")
    (tmp_path / "d.json").write_text(json.dumps({"papers": [{"abstract": ABSTRACT_2}]}))
    (tmp_path / "notes.pdf").write_bytes(b"%PDF")  # unsupported files in a folder are ignored
    raw = read_abstracts(tmp_path)
    assert raw["source"].tolist() == ["a.csv", "a.csv", "b.tsv", "c.jsonl", "d.json"]
    assert raw["title"].tolist() == ["Foo", "Bar", "", "T", ""]
    assert raw["line"].tolist()[:4] == [2, 3, 2, 1]
    assert raw["year"].tolist()[:2] == ["2026", "2025"]
    assert raw["venue"].tolist()[2] == "ICML"
    assert raw["tags"].tolist()[3] == '["x"]'
    # A titled paper goes by its title unless the title uses the introduced name (FooNet).
    assert raw["name"].tolist()[0] == "Foo"


def test_csv_line_numbers_follow_multiline_fields(tmp_path):
    path = tmp_path / "m.csv"
    path.write_text(f'abstract\n"{ABSTRACT_1}\nsecond line"\n"{ABSTRACT_2}"\n')
    assert read_abstracts(path)["line"].tolist() == [2, 4]


def test_utf8_bom_is_read(tmp_path):
    path = tmp_path / "bom.csv"
    path.write_bytes(f'\ufeffabstract\n"{ABSTRACT_1}"\n'.encode())
    assert read_abstracts(path)["text"].tolist() == [ABSTRACT_1]


NO_ABSTRACT = "no 'abstract' or 'text' column (columns found: 'title', 'summary')"


@pytest.mark.parametrize(
    ("name", "content", "where", "message"),
    [
        ("empty.txt", b"", "", "empty file: no abstracts to read"),
        ("header.txt", "ICML 2026 论文列表\n".encode(), "", "no abstracts found"),
        ("latin.txt", "Caf\xe9 abstract here.".encode("latin-1"), ":1", "not UTF-8 (byte 0xe9 at offset 3)"),
        ("utf16.txt", "abc".encode("utf-16"), "", "file is UTF-16 encoded; save it as UTF-8"),
        (
            "nocol.csv",
            b"title,summary\nA,B\n",
            ":1",
            "no 'abstract' or 'text' column (columns found: 'title', 'summary')",
        ),
        (
            "bad.jsonl",
            b'{"abstract": "fine."}\n{"abstract": \n',
            ":2",
            "malformed JSON line: Expecting value (column 14)",
        ),
        (
            "cut.jsonl",
            b'{"abstract": "fine\n',
            ":1",
            "malformed JSON line: Unterminated string starting at (column 14)",
        ),
        ("nofield.jsonl", b'{"title": "x"}\n', ":1", "record has no 'abstract' or 'text' field (fields: title)"),
        ("list.jsonl", b"[1, 2]\n", "", "expected JSON objects (records), found only list"),
        ("paper.pdf", b"%PDF-1.4", "", "unsupported file type '.pdf'"),
        ("nul.txt", b"abc\n\x00\x01", ":2", "contains NUL bytes"),
        ("bad.json", b'[{"abstract": "x"},', ":1", "malformed JSON: Expecting value"),
    ],
)
def test_bad_input_names_file_and_place(tmp_path, name, content, where, message):
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(InputError) as caught:
        read_abstracts(path)
    assert str(caught.value).startswith(f"{path}{where}: {message}")


def test_latin1_error_says_what_it_found(tmp_path):
    path = tmp_path / "latin.txt"
    path.write_bytes("Caf\xe9 abstract here.".encode("latin-1"))
    with pytest.raises(InputError, match="looks like Latin-1/Windows-1252 text; re-save it as UTF-8"):
        read_abstracts(path)


def test_paths_one_by_one_or_as_a_list_read_the_same(seeds_dir):
    separate = read_abstracts(seeds_dir / SEED_A, str(seeds_dir / SEED_B))
    listed = read_abstracts([seeds_dir / SEED_A, seeds_dir / SEED_B])
    assert len(listed) == 38
    assert listed.equals(separate)
    with pytest.raises(TypeError, match="expected a file or folder path, got int: 3"):
        read_abstracts([seeds_dir / SEED_A, 3])


def test_missing_path_and_empty_folder(tmp_path):
    with pytest.raises(InputError, match=r"nope\.txt: no such file or folder"):
        read_abstracts(tmp_path / "nope.txt")
    with pytest.raises(InputError, match="folder holds no supported file"):
        read_abstracts(tmp_path)


def test_empty_abstract_row_is_skipped_with_a_warning(tmp_path):
    path = tmp_path / "gaps.csv"
    path.write_text(f'title,abstract\nA,"{ABSTRACT_1}"\nB,""\n')
    with pytest.warns(UserWarning, match=r"gaps\.csv:3: empty abstract, entry skipped"):
        raw = read_abstracts(path)
    assert len(raw) == 1


def test_normalize_reduces_markup_and_case():
    plain = normalize("We propose DOIT (Doob-Oriented Inference) with 2× speed and ~5 ms.")
    marked = normalize(
        "We  propose $\\texttt{DOIT}$ ($\\textbf{D}$oob-**Oriented** *Inference*)\n"
        " with 2$\\times$ speed and $\\sim$5 ms."
    )
    assert marked == plain
    assert normalize("ＦＵＬＬ width") == "full width"


def test_load_corpus_takes_paths_one_by_one_or_as_a_list(seeds_dir):
    from analysis import load_corpus

    files = sorted(seeds_dir.iterdir())
    one_by_one = load_corpus(*files)
    assert load_corpus(files).equals(one_by_one) and load_corpus(seeds_dir).equals(one_by_one)
    with pytest.raises(TypeError, match="expected a file or folder path, got int: 3"):
        load_corpus(3)
