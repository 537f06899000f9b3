"""``fit_topics(pd.DataFrame({"text": [...]}))`` then ``write_report`` writes the whole report."""

from __future__ import annotations

import pandas as pd


def test_a_table_with_only_text_gives_the_whole_report(seed_result, tmp_path):
    from analysis import fit_topics
    from analysis.config import FIGURES_DIR
    from analysis.pipeline import write_report
    from analysis.run import QUIET

    papers = pd.DataFrame({"text": seed_result.papers["text"].tolist()})
    result = fit_topics(papers, embeddings=seed_result.embeddings, use_cache=False)
    written = write_report(result, tmp_path, static=False, runtime=QUIET)
    names = {p.name for p in written}
    # The committed report's files (figures/ also holds a folder of notebook outputs, which is not the report's),
    # but the list comparison's page: these papers come from no list.
    expected = {p.name for p in FIGURES_DIR.iterdir() if p.is_file() and p.suffix not in (".png", ".svg")}
    expected -= {"list_comparison.html"}
    assert expected <= names, f"missing: {sorted(expected - names)}"
    documents = pd.read_csv(tmp_path / "documents.csv", keep_default_na=False)
    assert len(documents) == 26 and documents["doc_id"].is_unique
    assert (documents["sources"] == "").all() and (documents["title"] == "").all()
    assert set(documents["name"]) & {"WASH", "PhaseLock", "COMAD"}
    report = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert report.count("WASH") >= 1 and "from ," not in report
    assert "Lists compared" not in report and "list_comparison" not in report
