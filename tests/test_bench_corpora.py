"""The held-out corpora (bench/corpora.py): one parser test per source, on its real format.

The scrape's TSV, the NeurIPS 2023 session pages, Beese et al.'s list, the CVPR 2024 table,
Paper Copilot's IJCAI 2024 list, the CHI 2025 program page and the UIST program app's JSON.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json

from bench.corpora import (
    parse_annotated,
    parse_cvpr,
    parse_paperlist,
    parse_program,
    parse_program_json,
    parse_reading_list,
    parse_sessions,
    parse_table,
)

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


def test_annotated_papers_keep_each_title_once_with_venue_and_year():
    rows = [
        {"url": "https://aclanthology.org/P00-1012", "title": "Adjective  Order", "year": "2000", "venue": "ACL"},
        {"url": "https://aclanthology.org/X", "title": "A short one", "year": 2001, "venue": "ACL"},
        {"url": "https://aclanthology.org/Y", "title": "Adjective Order", "year": "2002", "venue": "EMNLP"},
        {"url": "https://aclanthology.org/Z", "title": None, "year": "2003", "venue": "NAACL"},
    ]
    abstracts = [LONG, "TBD", LONG, LONG]
    text = json.dumps(
        [{**row, "abstract": abstract, "stance": "0.0"} for row, abstract in zip(rows, abstracts, strict=True)]
    )
    assert parse_annotated(text) == [
        {
            "id": hashlib.sha1(b"Adjective Order").hexdigest()[:12],
            "title": "Adjective Order",
            "abstract": " ".join(LONG.split()),
            "keywords": "",
            "venue": "ACL 2000",
            "url": "https://aclanthology.org/P00-1012",
        }
    ]


def test_cvpr_papers_need_their_own_arxiv_abstract_and_are_sampled_by_id():
    header = "Title,Authors,Link,arXiv_link,other_link,pdf_path,arXiv_title,summary,primary_category,categories\n"
    rows = [
        ["Depth  from Focus", "A", " ", "https://arxiv.org/abs/1", "", "", "Depth from focus", LONG, "cs.CV", "nan"],
        ["A Matched Elsewhere", "B", " ", "https://arxiv.org/abs/2", "", "", "Another paper", LONG, "cs.CV", "nan"],
        ["No Abstract", "C", " ", "", "", "", "No Abstract", "", "", "nan"],
        ["Event Cameras", "D", " ", "https://arxiv.org/abs/3", "", "", "Event cameras.", LONG, "cs.CV", "nan"],
    ]
    buffer = io.StringIO()
    csv.writer(buffer).writerows(rows)
    papers = parse_cvpr(header + buffer.getvalue(), sample=2)
    ids = {title: hashlib.sha1(title.encode()).hexdigest()[:12] for title in ("Depth from Focus", "Event Cameras")}
    assert [p["title"] for p in papers] == sorted(ids, key=ids.get)
    assert papers[0] | {"id": ""} == {
        "id": "",
        "title": papers[0]["title"],
        "abstract": " ".join(LONG.split()),
        "keywords": "",
        "venue": "CVPR 2024",
        "url": {"Depth from Focus": "https://arxiv.org/abs/1", "Event Cameras": "https://arxiv.org/abs/3"}[
            papers[0]["title"]
        ],
    }
    assert [p["title"] for p in parse_cvpr(header + buffer.getvalue(), sample=1)] == [min(ids, key=ids.get)]


def _sha(title):
    return hashlib.sha1(title.encode()).hexdigest()[:12]


def test_paperlist_papers_keep_each_title_once_with_their_area_keywords_sampled_by_id():
    site = "https://www.ijcai.org/proceedings/2024/"
    rows = [
        {"id": "paper1", "title": "Planning  with\nLifted Actions", "abstract": LONG, "keywords": "PS: Planning; ;"},
        {"id": "paper2", "title": "An empty abstract", "abstract": "", "keywords": "ML: Learning"},
        {"id": "paper3", "title": "Planning with Lifted Actions", "abstract": LONG, "keywords": "Other"},
        {"id": "paper4", "title": "Fair Division", "abstract": LONG, "keywords": "GTEP: Fair division"},
        {"id": "paper5", "title": "", "abstract": LONG, "keywords": ""},
    ]
    text = json.dumps([{**row, "track": "main", "status": "Poster", "site": site + row["id"][5:]} for row in rows])
    papers = parse_paperlist(text)
    ids = {"Planning with Lifted Actions": _sha("Planning with Lifted Actions"), "Fair Division": _sha("Fair Division")}
    assert [p["id"] for p in papers] == sorted(ids.values())
    assert {p["title"]: p for p in papers}["Planning with Lifted Actions"] == {
        "id": ids["Planning with Lifted Actions"],
        "title": "Planning with Lifted Actions",
        "abstract": " ".join(LONG.split()),
        "keywords": "PS: Planning",
        "venue": "IJCAI 2024",
        "url": site + "1",
    }
    assert [p["title"] for p in parse_paperlist(text, sample=1)] == [min(ids, key=ids.get)]


PROGRAM_PAGE = """
## Haptics
### Feeling  Textures in\tVR
Authors: A B, C D

[Link](https://programs.sigchi.org/chi/2025/program/content/1)

Abstract: We render textures on a handheld controller with a voice-coil actuator,
and we test in a user study (N = 12) whether people tell six textures apart.

Participants told four of them apart.



### A Short One
Authors: E F

[Link](https://programs.sigchi.org/chi/2025/program/content/2)

Abstract: TBD



## Accessibility
### Feeling Textures in VR
Authors: A B

[Link](https://programs.sigchi.org/chi/2025/program/content/3)

Abstract: The same paper listed in a second session, with another text that is long enough to be kept.

### Screen Readers on Phones
Authors: G H

[Link](https://programs.sigchi.org/chi/2025/program/content/4)
"""


def test_program_pages_give_one_record_per_titled_paper_with_an_abstract():
    assert parse_program(PROGRAM_PAGE) == [
        {
            "id": _sha("Feeling Textures in VR"),
            "title": "Feeling Textures in VR",
            "abstract": "We render textures on a handheld controller with a voice-coil actuator, and we test in a"
            " user study (N = 12) whether people tell six textures apart. Participants told four of them apart.",
            "keywords": "",
            "venue": "CHI 2025",
            "url": "https://programs.sigchi.org/chi/2025/program/content/1",
        }
    ]
    assert parse_program(PROGRAM_PAGE, sample=0) == []


# The program app's JSON as DuBibtex keeps it (sigchi/UIST_2024_program.json): ids as strings or numbers.
PROGRAM_JSON = {
    "contentTypes": [
        {"id": 13748, "name": "Paper", "displayName": "Papers"},
        {"id": 13744, "name": "Demo"},
        {"id": 13751, "name": "Workshop"},
        {"id": 13758, "name": "Keynotes"},
    ],
    "contents": [
        {"id": "170716", "typeId": "13748", "title": " Hand-only  Teleportation in VR ", "abstract": LONG},
        {"id": 170717, "typeId": 13744, "title": "A Demo of Tactile Maps", "abstract": "A demo.\n" + LONG},
        {"id": "170718", "typeId": "13751", "title": "Workshop on Fabrication", "abstract": LONG},
        {"id": "170719", "typeId": "13758", "title": "Opening Keynote", "abstract": LONG},
        {"id": "170720", "typeId": "13748", "title": "Too Short", "abstract": "TBD"},
        {"id": "170721", "typeId": "13748", "title": "", "abstract": LONG},
        {"id": "170722", "typeId": "99999", "title": "Of an Unlisted Type", "abstract": LONG},
    ],
}


def test_program_files_give_papers_demos_and_posters_not_sessions_talks_or_placeholders():
    papers = parse_program_json(json.dumps(PROGRAM_JSON), "UIST 2024", "https://programs.sigchi.org/uist/2024/c/")
    assert [p["title"] for p in papers] == [
        "Hand-only Teleportation in VR",
        "A Demo of Tactile Maps",
        "Of an Unlisted Type",
    ]
    assert papers[0] == {
        "id": _sha("Hand-only Teleportation in VR"),
        "title": "Hand-only Teleportation in VR",
        "abstract": " ".join(LONG.split()),
        "keywords": "",
        "venue": "UIST 2024",
        "url": "https://programs.sigchi.org/uist/2024/c/170716",
    }
    assert papers[1]["abstract"].startswith("A demo. We study robot grasping")
    assert papers[1]["url"] == "https://programs.sigchi.org/uist/2024/c/170717"


READING_LIST = """### [Absence Bench: What Is Missing](https://neurips.cc/virtual/2025/poster/1)
*Ann Author, Ben Author*

Large language models find surprising facts in long inputs, but *omitted* facts escape them; we build a
benchmark of three domains where a part of a document was removed.


### [A Paper Without an Abstract](https://neurips.cc/virtual/2025/poster/2)
*Cy Author*


### Notes on the list, no paper
Read the first two on Monday.
"""


def test_reading_lists_give_one_record_per_paper_with_its_abstract_and_link():
    # The italic author line is no part of the abstract; an abstract's own emphasis stays.
    assert parse_reading_list(READING_LIST) == [
        {
            "id": hashlib.sha1(b"Absence Bench: What Is Missing").hexdigest()[:12],
            "title": "Absence Bench: What Is Missing",
            "abstract": "Large language models find surprising facts in long inputs, but *omitted* facts escape"
            " them; we build a benchmark of three domains where a part of a document was removed.",
            "keywords": "",
            "venue": "NeurIPS 2025",
            "url": "https://neurips.cc/virtual/2025/poster/1",
        }
    ]
