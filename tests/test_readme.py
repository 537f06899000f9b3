"""Every command the README and the docs pages show still works, and the README's Python API block runs.

The CLI lines of their ``sh`` blocks are checked against ``python -m analysis
COMMAND --help`` (the subcommand exists, every flag is one of its flags),
each ``make`` target they name against the Makefile, and the README's
Python API block is run as written on the seeds (their committed vectors,
no Chromium).
"""

from __future__ import annotations

import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from analysis.config import ROOT, SEEDS_DIR

README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.M | re.S)
CLI = re.compile(r"(?:^|\s)(?:\.venv/bin/)?python -m analysis (\w+)(.*)")
FLAG = re.compile(r"(?<![\w-])--[a-z][a-z-]*")
# `make X` in prose, or an sh block line that starts with it.
MAKE = re.compile(r"(?:`|^)make ([a-z][a-z-]*)", re.M)
# The README's API block, between the markers the docs page includes it by.
API_BLOCK = re.compile(r"\[start:python-api\] -->\n```python\n(.*?)^```", re.M | re.S)


def _blocks(path: Path, language: str) -> list[str]:
    return [body for lang, body in FENCE.findall(path.read_text(encoding="utf-8")) if lang == language]


def _commands() -> list[tuple[str, str, str]]:
    """(page, subcommand, the rest of the line) of every ``python -m analysis`` line in an sh block."""
    found = []
    for page in PAGES:
        for block in _blocks(page, "sh"):
            for line in block.splitlines():
                match = CLI.search(line.split(" #")[0])
                if match:
                    found.append((page.name, match.group(1), match.group(2)))
    return found


@cache
def _help(subcommand: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "analysis", subcommand, "--help"], capture_output=True, text=True, cwd=ROOT, timeout=60
    )


def test_the_pages_show_commands_of_every_subcommand():
    assert {sub for _, sub, _ in _commands()} == {"corpus", "topics", "report", "add"}


@pytest.mark.parametrize(("page", "subcommand", "rest"), _commands())
def test_each_command_shown_is_a_subcommand_with_those_flags(page, subcommand, rest):
    shown = _help(subcommand)
    assert shown.returncode == 0, f"{page}: `python -m analysis {subcommand}` is no command: {shown.stderr}"
    known = set(FLAG.findall(shown.stdout))
    unknown = sorted(set(FLAG.findall(rest)) - known)
    assert not unknown, f"{page}: `python -m analysis {subcommand}` has no {unknown} (its flags: {sorted(known)})"


def test_each_make_target_named_exists():
    targets = set(re.findall(r"^([a-z][a-z-]*):", (ROOT / "Makefile").read_text(), re.M))
    named = {(page.name, target) for page in PAGES for target in MAKE.findall(page.read_text(encoding="utf-8"))}
    missing = sorted(pair for pair in named if pair[1] not in targets)
    assert not missing, f"make targets named but not in the Makefile: {missing}"


def test_the_readme_stays_short_and_links_pages_that_exist():
    text = README.read_text(encoding="utf-8")
    assert len(text.encode()) <= 15_000
    links = re.findall(r"\]\(((?:docs|figures|bench)/[^)#]*)", text)
    assert {"docs/index.md", "docs/python-api.md", "docs/development.md"} <= set(links)
    assert [link for link in links if not (ROOT / link).exists()] == []


def test_the_python_api_block_runs_on_the_seeds(seed_result, fake_static, tmp_path, monkeypatch):
    """The block as written, from a folder holding ``seeds/`` (the seeds' vectors come from the session cache)."""
    (block,) = API_BLOCK.findall(README.read_text(encoding="utf-8"))
    (tmp_path / "seeds").symlink_to(SEEDS_DIR)
    monkeypatch.chdir(tmp_path)
    names: dict = {}
    exec(compile(block, "README.md (Python API)", "exec"), names)
    assert (len(names["raw"]), len(names["papers"]), len(names["duplicates"])) == (38, 26, 12)
    assert names["result"].documents["doc_id"].tolist() == seed_result.documents["doc_id"].tolist()
    assert names["result"].topics["label"].tolist() == seed_result.topics["label"].tolist()
    assert len(names["topics"]) == 1 and len(names["similarity"]) == 1
    assert (tmp_path / "runs" / "seeds").is_dir()
    written = {path.name for path in (tmp_path / "my_report").iterdir()}
    assert {"report.html", "report.md", "topic_map.html", "documents.csv", "topics.csv"} <= written
    assert "map" in fake_static
