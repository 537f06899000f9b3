"""Reference formats in: BibTeX, RIS, CSL-JSON, OpenReview, arXiv XML, OpenAlex, Semantic Scholar (tests/data)."""

from __future__ import annotations

import time
import warnings
from pathlib import Path

import pytest

from analysis.corpus.load import load_papers, summarize
from analysis.corpus.readers import read_abstracts
from analysis.corpus.records import inverted_abstract
from analysis.errors import InputError

DATA = Path(__file__).resolve().parents[1] / "data"


def read(name: str):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return read_abstracts(DATA / name)


def test_zotero_bibtex_is_decoded_and_keeps_its_fields():
    raw = read("zotero.bib")
    assert len(raw) == 3
    first = raw.iloc[0]
    assert first["title"] == "LLMs as Topic Models: Schön & Gut"
    assert first["authors"] == "Müller, Jörg; Smith, Ann; Barnes and Noble, Inc."  # a braced company stays one name
    assert first["venue"] == "International Conference on Learning Representations"  # the @string macro
    assert (first["year"], first["key"], first["doi"]) == ("2024", "muller2024llms", "10.1234/iclr.2024.001")
    assert first["keywords"] == "topic models; LLM"
    assert "95% of annotators" in first["text"] and "below $1" in first["text"] and "a b c" in first["text"]
    assert first["line"] == 5
    last = raw.iloc[2]
    assert last["title"] == "Keyword Extraction with c-TF-IDF: A Özet" and last["authors"] == "Öztürk, Ayşe"
    assert last["year"] == "2022" and last["venue"] == "Transactions on Topic Modeling"  # biblatex date, journaltitle
    assert "#0 GPU hours" in last["text"] and "snake_case" in last["text"]


def test_malformed_bibtex_entry_is_reported_with_file_line_and_key_and_the_rest_read():
    with pytest.warns(UserWarning) as caught:
        raw = read_abstracts(DATA / "zotero.bib")
    messages = [str(w.message) for w in caught]
    assert any("zotero.bib:26: malformed BibTeX" in m and "'broken2022'" in m for m in messages)
    assert any("zotero.bib:32: no abstract ('noabstract2021')" in m for m in messages)
    assert [s["key"] for s in raw.attrs["skipped"]] == ["broken2022", "noabstract2021"]
    assert list(raw["key"]) == ["muller2024llms", "garcia2023attention", "ozturk2022keywords"]


def test_ris_with_bom_and_crlf_reads_every_finished_record():
    raw = read("library.ris")
    assert list(raw["title"]) == [
        "Attention Is Not All You Need for Clustering Abstracts",
        "Reading Groups at Scale: Recommending Papers from Abstracts",
    ]
    first, second = raw.iloc[0], raw.iloc[1]
    assert first["authors"] == "García, María; O'Neil, Pat" and first["year"] == "2023"
    assert (first["doi"], first["key"], first["keywords"]) == (
        "10.5555/jmlr.2023.42",
        "garcia2023attention",
        "clustering; embeddings",
    )
    assert second["year"] == "2024" and second["authors"] == "Nguyễn, Văn An"  # Y1, A1
    assert "MiniLM embeddings finds 8 of 10" in second["text"]  # N2, continued on the next line
    reasons = {s["line"]: s["reason"] for s in raw.attrs["skipped"]}
    assert reasons[24] == "no abstract" and reasons[30].startswith("malformed RIS: the file ends inside")


def test_csl_json_from_zotero():
    raw = read("zotero_csl.json")
    assert len(raw) == 2
    assert raw.iloc[0]["authors"] == "Müller, Jörg; Smith, Ann; Barnes and Noble, Inc."
    assert raw.iloc[0]["key"] == "muller2024llms" and raw.iloc[0]["year"] == "2024"
    second = raw.iloc[1]
    assert second["authors"] == "van der Berg, Jan" and second["year"] == "2022" and "中文摘要" in second["title"]
    assert second["id"] == "http://zotero.org/users/12345/items/ABCD2345"  # a URL is an id, not a citation key


@pytest.mark.parametrize("name", ["openreview_v1.json", "openreview_v2.json"])
def test_openreview_notes_v1_and_v2(name):
    raw = read(name)
    first = raw.iloc[0]
    assert first["url"].startswith("https://openreview.net/forum?id=")
    assert ";" in first["authors"] and ";" in first["keywords"]
    if name == "openreview_v2.json":  # under "notes", every field wrapped as {"value": ...}
        assert len(raw) == 2 and first["name"] == "CADS" and first["year"] == "2024" and first["id"] == "Zx3Kq9"
        assert raw.iloc[1]["year"] == "2023"  # from cdate when the venue has no year
    else:  # a plain list; the review in it has no abstract and is skipped
        assert len(raw) == 1 and first["year"] == "2019"
        assert raw.attrs["skipped"][0]["key"] == "rev9"


def test_openreview_notes_as_jsonl(tmp_path):
    lines = (DATA / "openreview_v2.json").read_text(encoding="utf-8")
    import json

    notes = json.loads(lines)["notes"]
    path = tmp_path / "notes.jsonl"
    path.write_text("\n".join(json.dumps(n) for n in notes) + "\n", encoding="utf-8")
    assert list(read_abstracts(path)["id"]) == ["Zx3Kq9", "Yw7Lm2"]


def test_arxiv_atom_feed():
    raw = read("arxiv_atom.xml")
    assert list(raw["id"]) == ["2203.05794v1", "1908.10084v1"]
    assert raw.iloc[0]["title"] == "BERTopic: Neural topic modeling with a class-based TF-IDF procedure"
    assert (
        raw.iloc[0]["text"].startswith("Topic models can be useful tools") and raw.iloc[0]["keywords"] == "cs.CL; cs.LG"
    )
    assert raw.iloc[1]["authors"] == "Nils Reimers; Iryna Gurevych" and raw.iloc[1]["doi"] == "10.18653/v1/D19-1410"
    assert raw.iloc[1]["venue"] == "EMNLP 2019" and "<fast> & accurate" in raw.iloc[1]["text"]


def test_oai_pmh_arxiv_and_oai_dc_records():
    arxiv = read("arxiv_oai.xml")
    assert len(arxiv) == 1 and arxiv.iloc[0]["authors"] == "Sadat, Seyedmorteza; Buhmann, Jakob"
    assert arxiv.iloc[0]["year"] == "2023" and arxiv.iloc[0]["url"] == "https://arxiv.org/abs/2310.17157"
    assert arxiv.attrs["skipped"] == [
        {"source": "arxiv_oai.xml", "line": 2, "key": "2301.00001", "reason": "deleted record"}
    ]
    dc = read("arxiv_oai_dc.xml").iloc[0]
    assert dc["authors"] == "Reimers, Nils; Gurevych, Iryna" and dc["doi"] == "10.18653/v1/D19-1410"
    assert dc["text"].endswith("sentence embeddings.")  # the abstract, not the "Comment:" description


def test_openalex_abstract_is_rebuilt_keeping_words_that_share_a_position():
    raw = read("openalex_works.json")  # an API response: works under "results", beside a "group_by" list
    assert len(raw) == 2
    assert (
        raw.iloc[1]["text"]
        == "Clustering sentence embeddings works; we compare sentence embeddings vectors and keywords."
    )
    assert raw.iloc[0]["doi"] == "10.48550/arxiv.2203.05794" and raw.iloc[0]["venue"] == "arXiv (Cornell University)"
    assert raw.attrs["skipped"][0]["reason"] == "no abstract"
    assert inverted_abstract({"b": [1], "a": [0], "c": [1]}) == "a b c"
    assert inverted_abstract(None) == ""


def test_semantic_scholar_null_abstract_is_skipped_with_a_warning_naming_the_record():
    with pytest.warns(UserWarning, match=r"semantic_scholar\.json:2: no abstract \('a1b2c3d4"):
        raw = read_abstracts(DATA / "semantic_scholar.json")
    assert len(raw) == 1 and raw.iloc[0]["doi"] == "10.18653/v1/D19-1410" and raw.iloc[0]["year"] == "2019"


def test_unknown_json_shape_lists_the_shapes_it_knows(tmp_path):
    path = tmp_path / "odd.json"
    path.write_text('[{"name": "x", "summary": "y"}]', encoding="utf-8")
    with pytest.raises(
        InputError, match=r"odd\.json:1: record has no 'abstract' or 'text' field .*OpenReview notes.*OpenAlex"
    ):
        read_abstracts(path)


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("notes.bib", "Just some notes about papers.\n", r"notes\.bib: no BibTeX entries found"),
        ("list.ris", "A plain list of titles\n", r"list\.ris: no RIS records found"),
        (
            "page.xml",
            "<html><body>hi</body></html>",
            r"page\.xml: not a known XML shape \(root <html>\); known: an arXiv",
        ),
        ("cut.xml", "<feed xmlns='http://www.w3.org/2005/Atom'><entry>", r"cut\.xml:1: malformed XML"),
        (
            "bomb.xml",
            '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;">]><x>&b;</x>',
            r"bomb\.xml: unsafe XML refused",
        ),
    ],
)
def test_a_file_that_is_not_the_format_stops_with_one_line(tmp_path, name, content, message):
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    with pytest.raises(InputError, match=message) as caught:
        read_abstracts(path)
    assert "\n" not in str(caught.value)


def test_mixed_folder_deduplicates_across_formats_keeping_every_source_and_field(tmp_path):
    for name in ("zotero.bib", "library.ris", "reading_list.txt"):
        (tmp_path / name).write_bytes((DATA / name).read_bytes())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        corpus = load_papers([tmp_path])
    papers = corpus.papers.set_index("key", drop=False)
    assert len(corpus.raw) == 8 and len(papers) == 5
    llm = papers.loc["muller2024llms"]  # kept from the .txt copy, its fields from the .bib one
    assert llm["sources"] == "reading_list.txt:2; zotero.bib:1" and llm["n_copies"] == 2
    assert llm["authors"].startswith("Müller, Jörg") and llm["year"] == "2024"
    attention = papers.loc["garcia2023attention"]
    assert attention["n_copies"] == 3 and attention["doi"] == "10.5555/jmlr.2023.42"
    assert set(attention["sources"].split("; ")) == {"library.ris:1", "reading_list.txt:1", "zotero.bib:2"}
    summary = summarize(corpus.raw, corpus.papers, corpus.duplicates)
    assert "4 entries skipped (1 malformed BibTeX, 1 malformed RIS, 2 no abstract):" in summary
    assert "zotero.bib:26 'broken2022': malformed BibTeX" in summary
    assert corpus.papers.attrs["skipped"] == corpus.raw.attrs["skipped"]


def _bib_entry(i: int) -> str:
    # Every entry has escapes and a protected acronym, every tenth an accent of its own (pylatexenc's slow path).
    accent = f" Caf{{\\'e}} {i}" if i % 10 == 0 else ""
    return (
        f"@article{{key{i},\n  title = {{Paper number {i} on {{LLM}} topic models{accent}}},\n"
        f'  author = {{M{{\\"u}}ller, J{{\\"o}}rg and Author{i}, Some}},\n  year = {{{2000 + i % 25}}},\n'
        f"  abstract = {{Abstract {i}: we study topic {i} with {i % 100}\\% accuracy and \\${i} cost, "
        f"word{i} w{i * 7}.}}\n}}\n"
    )


@pytest.mark.slow  # a scaling ratio over 10,000 entries (3.5 s): `make test` only
def test_ten_thousand_bibtex_entries_read_in_seconds(tmp_path):
    path = tmp_path / "big.bib"
    path.write_text("\n".join(_bib_entry(i) for i in range(10_000)), encoding="utf-8")
    start = time.perf_counter()
    raw = read_abstracts(path)
    seconds = time.perf_counter() - start
    assert len(raw) == 10_000 and raw.iloc[-1]["authors"] == "Müller, Jörg; Author9999, Some"
    assert raw.iloc[10]["title"] == "Paper number 10 on LLM topic models Café 10"
    assert "99% accuracy and $9999 cost" in raw.iloc[-1]["text"]
    assert seconds < 30, f"{seconds:.1f} s"
