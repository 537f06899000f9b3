"""The documentation builds with ``mkdocs build --strict`` and the pages it builds load nothing from the network."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from analysis.config import ROOT

pytest.importorskip("mkdocs", reason="needs the docs extra (pip install -e '.[docs]'; make test installs it)")
pytest.importorskip("mkdocstrings")

# A tag that makes the browser fetch: a script, a stylesheet, an image, a frame.
FETCH = re.compile(r"<(?:script|link|img|iframe)\b[^>]*\b(?:src|href)=\"(?:https?:)?//", re.I)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, f"mkdocs build --strict failed:\n{built.stderr}"
    return out


def test_every_page_of_the_nav_is_built(site):
    nav = re.findall(r":\s+(\S+\.md)$", (ROOT / "mkdocs.yml").read_text(), re.M)
    pages = sorted(path.name for path in (ROOT / "docs").glob("*.md"))
    assert sorted(nav) == pages
    assert [page for page in pages if not (site / page.replace(".md", ".html")).exists()] == []


def test_the_api_reference_is_generated_from_the_docstrings(site):
    """Each ``::: name`` of docs/reference.md becomes a documented object with its docstring's summary."""
    names = re.findall(r"^::: (\S+)$", (ROOT / "docs" / "reference.md").read_text(), re.M)
    html = (site / "reference.html").read_text(encoding="utf-8")
    assert len(names) >= 15
    assert [name for name in names if f'id="{name}"' not in html] == []
    assert html.count('class="doc doc-contents') >= len(names)


def test_the_pages_include_the_readme_sections_they_share(site):
    assert "<th>format</th>" in (site / "formats.html").read_text(encoding="utf-8")
    assert "read_abstracts" in (site / "python-api.html").read_text(encoding="utf-8")


def test_no_built_page_fetches_from_the_network(site):
    fetching = {
        str(path.relative_to(site)): FETCH.findall(path.read_text(encoding="utf-8")) for path in site.rglob("*.html")
    }
    assert {page: tags for page, tags in fetching.items() if tags} == {}
