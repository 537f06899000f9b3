"""References out: BibTeX and RIS that read back the same, keys kept or made, the CLI, hostile text as data."""

from __future__ import annotations

import warnings
from pathlib import Path

import pandas as pd
import pytest

from analysis.__main__ import main
from analysis.corpus.bibtex import escape
from analysis.corpus.export import citation_keys, references_bibtex, write_references
from analysis.corpus.load import load_papers
from analysis.corpus.readers import read_abstracts

DATA = Path(__file__).resolve().parents[1] / "data"
NASTY = [
    {
        "title": "LLMs & GPUs: 100% of {braces}, $5, #1, snake_case, ~tilde, ^caret, back\\slash",
        "text": "We reach 95% with $\\alpha$ and {a {b} c}; C# & R_2 cost ~$3 -- and \\emph{this} ``stays'' literal?`",
        "authors": "Müller, Jörg; Barnes and Noble, Inc.; van der Berg, Jan",
        "year": "2024",
        "venue": "Journal of Machine Learning Research",
        "doi": "10.1234/x_y",
        "url": "https://example.org/a?b=1&c=2",
        "keywords": "topic models; LLM",
        "key": "muller2024llms",
    },
    {"title": "中文摘要 and Ünïcödé", "text": "Plain abstract, no markup.", "authors": "Nils Reimers", "year": "2019"},
    {"title": "", "text": "No title, no authors, no year."},
]


def _papers(rows=NASTY) -> pd.DataFrame:
    return pd.DataFrame(rows)


def _read(path: Path) -> pd.DataFrame:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing skipped on the way back
        return read_abstracts(path)


@pytest.mark.parametrize("suffix", [".bib", ".ris"])
def test_written_references_read_back_to_the_same_papers(tmp_path, suffix):
    papers = _papers()
    back = _read(write_references(papers, tmp_path / f"papers{suffix}"))
    assert list(back["title"].fillna("")) == list(papers["title"])
    assert list(back["text"]) == list(papers["text"])
    assert list(back["authors"].fillna("")) == list(papers["authors"].fillna(""))
    assert list(back["year"].fillna("")) == list(papers["year"].fillna(""))
    assert list(back["key"]) == ["muller2024llms", "reimers2019", "paper"]
    assert back.iloc[0]["doi"] == "10.1234/x_y" and back.iloc[0]["url"] == "https://example.org/a?b=1&c=2"


def test_fixture_bib_round_trips_through_the_same_parser(tmp_path):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        first = read_abstracts(DATA / "zotero.bib")
    back = _read(write_references(first, tmp_path / "again.bib"))
    for column in ("title", "text", "authors", "year", "key", "venue", "keywords"):
        assert list(back[column].fillna("")) == list(first[column].fillna("")), column


def test_keys_are_kept_made_stable_and_unique():
    papers = _papers(
        [
            {"title": "Attention Is All You Need", "text": "a", "authors": "Vaswani, Ashish", "year": "2017"},
            {"title": "Attention Is All You Need", "text": "b", "authors": "Vaswani, Ashish", "year": "2017"},
            {"title": "The Ölçü of Things", "text": "c", "authors": "Åström, Karl", "year": "2020", "key": "kept1"},
            {"title": "x", "text": "d", "authors": "", "year": "", "key": "has space"},
            {"title": "Another", "text": "e", "key": "kept1"},
        ]
    )
    keys = citation_keys(papers)
    assert keys == ["vaswani2017attention", "vaswani2017attentiona", "kept1", "x", "kept1a"]
    assert citation_keys(papers) == keys and len(set(keys)) == len(keys)


def test_latex_specials_are_escaped():
    assert escape("50% & $5 #1 a_b {x} \\ ~ ^") == (
        r"50\% \& \$5 \#1 a\_b \{x\} \textbackslash{} \textasciitilde{} {\string^}"
    )
    text = references_bibtex(_papers())
    assert (
        "title = {{LLMs} \\& {GPUs}: 100\\%" in text and "author = {Müller, Jörg and {Barnes and Noble, Inc.}" in text
    )
    assert text.startswith("@article{muller2024llms,") and "@misc{" in text


@pytest.mark.parametrize("suffix", [".bib", ".ris"])
def test_a_url_that_is_no_http_link_is_not_written(tmp_path, suffix):
    # A reference manager opens the url field as a link: only http(s) gets there.
    urls = ["javascript:alert(1)", "data:text/html,<b>x</b>", "file:///etc/passwd", "/relative", "https://ok.example/p"]
    papers = pd.DataFrame({"title": [f"Paper {i}" for i in range(5)], "text": ["An abstract."] * 5, "url": urls})
    out = tmp_path / f"papers{suffix}"
    write_references(papers, out)
    written = out.read_text(encoding="utf-8")
    assert "https://ok.example/p" in written
    assert not any(url in written for url in urls[:4])
    assert _read(out)["url"].fillna("").tolist() == ["", "", "", "", "https://ok.example/p"]


def test_cli_writes_bib_and_ris_from_mixed_formats(tmp_path, capsys):
    for suffix in (".bib", ".ris"):
        out = tmp_path / f"papers{suffix}"
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            assert main(["corpus", str(DATA), "--out", str(out)]) == 0
        back = _read(out)
        assert len(back) == 13 and back["key"].is_unique
        assert "garcia2023attention" in set(back["key"]) and "muller2024llms" in set(back["key"])
    printed = capsys.readouterr().out
    assert "9 entries skipped (1 deleted record, 1 malformed BibTeX, 1 malformed RIS, 6 no abstract):" in printed


def test_hostile_title_from_a_bib_is_text_in_the_report(tmp_path, seeds_dir):
    from analysis import fit_topics
    from analysis.pipeline import write_report
    from analysis.run import QUIET

    hostile = "<script>alert(1)</script> <img src=x onerror=alert(1)>"
    entry = f"@article{{evil, title = {{{escape(hostile)}}}, author = {{Eve}}, year = 2024,\n"
    entry += "  abstract = {We propose a watermark removal attack that paraphrases text and keeps its meaning.}}\n"
    (tmp_path / "evil.bib").write_text(entry, encoding="utf-8")
    papers = load_papers([seeds_dir, tmp_path / "evil.bib"]).papers
    assert hostile in set(papers["title"])
    result = fit_topics(papers, embedding="tfidf", use_cache=False)
    out = tmp_path / "report"
    write_report(result, out, static=False, runtime=QUIET)
    for name in ("report.html", "topic_map.html"):
        page = (out / name).read_text(encoding="utf-8")
        assert "<script>alert(1)" not in page and "<img src=x" not in page, name
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in (out / "report.html").read_text(encoding="utf-8")


def test_a_json_list_of_authors_and_keywords_is_written_as_names(tmp_path):
    # As JSON text the list was one author '["Matt Barnes", ...]' and the key 'mattbarnes2024massively'.
    given = tmp_path / "week.jsonl"
    given.write_text(
        '{"title": "Massively scalable inverse RL", "abstract": "We scale inverse RL to routing.", '
        '"authors": ["Matt Barnes", "Matthew Abueg"], "keywords": ["inverse RL", "routing"], "year": 2024}\n'
    )
    row = read_abstracts(given).iloc[0]
    assert (row["authors"], row["keywords"]) == ("Matt Barnes; Matthew Abueg", "inverse RL; routing")
    out = tmp_path / "week.bib"
    assert main(["corpus", str(given), "--out", str(out)]) == 0
    bib = out.read_text(encoding="utf-8")
    assert bib.startswith("@misc{barnes2024massively,")
    assert "  author = {Matt Barnes and Matthew Abueg},\n" in bib and "  keywords = {inverse RL, routing},\n" in bib


def test_made_keys_resume_their_letters_and_skip_keys_given_literally():
    # Four papers share a made key; the second's given key is one of its lettered forms.
    papers = pd.DataFrame({"title": ["Graphs"] * 5, "year": [2024] * 5, "key": ["", "smith2024graphsa", "", "", ""]})
    papers["authors"] = "Ada Smith"
    made = ["smith2024graphs", "smith2024graphsa", "smith2024graphsb", "smith2024graphsc", "smith2024graphsd"]
    assert citation_keys(papers) == made
