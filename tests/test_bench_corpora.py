"""The held-out corpora (bench/corpora.py): the scrape's TSV and the NeurIPS 2023 session pages read into papers."""

from __future__ import annotations

import hashlib

from bench.corpora import parse_sessions, parse_table

LONG = "We study robot grasping in clutter with a learned policy and tactile feedback from two fingers. " * 2
ROWS = [
    ["https://openreview.net/forum?id=AAA", "Grasping  in\tClutter", "A B;C D", "Robots; Grasping;", "", "CoRL 2024"],
    ["https://openreview.net/forum?id=BBB", "Short abstract", "E F", "", "", "CoRL 2024"],
    ["https://openreview.net/forum?id=CCC", "", "G H", "", "", "CoRL 2025"],
    ["https://openreview.net/forum?id=AAA", "Grasping in Clutter again", "A B", "", "", "CoRL 2024"],
]


def _tsv(rows, abstracts):
    return "".join("\t".join([*r[:6], "pdf", "zip", "", "", a]) + "\n" for r, a in zip(rows, abstracts, strict=True))


def test_rows_with_a_title_and_an_abstract_are_kept_once_each():
    rows = [[c.replace("\t", " ") for c in row] for row in ROWS]
    text = _tsv(rows, [LONG, "TBD", LONG, LONG]) + "a\tmalformed row\n"
    papers = parse_table(text)
    assert papers == [
        {
            "id": "AAA",
            "title": "Grasping in Clutter",
            "abstract": " ".join(LONG.split()),
            "keywords": "Robots; Grasping",
            "venue": "CoRL 2024",
            "url": "https://openreview.net/forum?id=AAA",
        }
    ]


SESSION_PAGE = """## Poster Session 1: Tuesday

### Diffusion  Models for\tProteins

**Authors:** A B, C D

**<details><summary>Abstract**</summary>

We fold proteins with a diffusion model that denoises backbone frames, and
we test it on two benchmarks of designed proteins with held-out folds.</details>

### A paper with a short abstract

**Authors:** E F

**<details><summary>Abstract**</summary>

TBD</details>

### A paper without an abstract

**Authors:** G H
"""


def test_session_pages_give_one_record_per_paper_with_an_abstract():
    papers = parse_sessions(SESSION_PAGE)
    assert papers == [
        {
            "id": hashlib.sha1(b"Diffusion Models for Proteins").hexdigest()[:12],
            "title": "Diffusion Models for Proteins",
            "abstract": "We fold proteins with a diffusion model that denoises backbone frames, and we test it on"
            " two benchmarks of designed proteins with held-out folds.",
            "keywords": "",
            "venue": "NeurIPS 2023",
            "url": "",
        }
    ]
