"""Corpora with titles for the label panel, built from a public scrape of OpenReview (outside the repository).

The source is the GitHub repository ``dotd/NeurIPS2024Scrape`` at commit
:data:`COMMIT`, brought onto the machine as a bare git directory (its path
in ``SCRAPE_GIT``). Its ``ConferenceTables/*.csv`` are headerless TSV with
eleven columns: forum URL, title, authors (``;``), keywords (``;``), an
empty column, venue, PDF URL, attachment URL, two empty columns, abstract.

* ``icml2024``: the development corpus (labels may be tuned on it).
* ``corl2024_2025``: CoRL 2024 and 2025, held out: never tune on it.

Run: ``python -m bench.corpora [OUT_DIR]`` (default ``/work/corpora``); each
corpus is one JSONL file of ``{"id", "title", "abstract", "keywords", "venue", "url"}``.
"""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

COMMIT = "7dc998e"
SCRAPE_GIT = os.environ.get("SCRAPE_GIT", "/work/.mirror/dotd+NeurIPS2024Scrape/repo")
CORPORA = {
    "icml2024": ["ConferenceTables/ICML_cc_2024_Conference.csv"],
    "corl2024_2025": [
        "ConferenceTables/robot-learning_org_CoRL_2024_Conference.csv",
        "ConferenceTables/robot-learning_org_CoRL_2025_Conference.csv",
    ],
}
# An abstract shorter than this is a placeholder ("TBD", a link), not a paper's text.
MIN_ABSTRACT_CHARS = 100
_COLUMNS = 11


def parse_table(text: str) -> list[dict[str, str]]:
    """The papers of one scraped table: rows with a title and an abstract, in file order, each URL once.

    Args:
        text: The TSV file's text (no header row, :data:`_COLUMNS` columns).

    Returns:
        One record per kept row: ``id`` (the forum id), ``title``, ``abstract``,
        ``keywords`` (joined with ``"; "``), ``venue`` and ``url``.
    """
    papers, seen = [], set()
    for row in csv.reader(io.StringIO(text), delimiter="\t"):
        if len(row) != _COLUMNS:
            continue
        url, title, abstract = row[0].strip(), " ".join(row[1].split()), " ".join(row[10].split())
        if not title or len(abstract) < MIN_ABSTRACT_CHARS or url in seen:
            continue
        seen.add(url)
        keywords = "; ".join(k.strip() for k in row[3].split(";") if k.strip())
        paper_id = url.rsplit("id=", 1)[-1]
        papers.append(
            {"id": paper_id, "title": title, "abstract": abstract, "keywords": keywords, "venue": row[5], "url": url}
        )
    return papers


def table_text(path: str, git_dir: str = SCRAPE_GIT, commit: str = COMMIT) -> str:
    """One file of the scrape at ``commit``, read from its bare git directory."""
    shown = subprocess.run(
        ["git", "--git-dir", git_dir, "show", f"{commit}:{path}"], capture_output=True, check=True, text=True
    )
    return shown.stdout


def build(out_dir: Path) -> dict[str, int]:
    """Write each corpus of :data:`CORPORA` as ``out_dir/NAME.jsonl``; return the papers per corpus."""
    out_dir.mkdir(parents=True, exist_ok=True)
    counts = {}
    for name, paths in CORPORA.items():
        papers = [paper for path in paths for paper in parse_table(table_text(path))]
        lines = [json.dumps(paper, ensure_ascii=False) for paper in papers]
        (out_dir / f"{name}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
        counts[name] = len(papers)
    return counts


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/work/corpora")
    print(json.dumps(build(target)))
