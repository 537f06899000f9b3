"""The held-out corpora (bench/corpora.py): the scrape's headerless TSV read into papers."""

from __future__ import annotations

from bench.corpora import parse_table

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
