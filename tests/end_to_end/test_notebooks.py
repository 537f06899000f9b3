"""The notebooks as regression tests: strict nbval on notebooks/*.ipynb, and proof that it bites.

nbval re-runs every notebook in a fresh kernel (from this interpreter,
``--nbval-current-env``) and compares every code cell's output with the
stored one (strict ``--nbval``, not ``--nbval-lax``). Regenerate the stored
outputs with ``.venv/bin/python tools/regen_notebooks.py`` after a change to
the package.

nbval runs in a subprocess: its pytest plugin collects ``.ipynb`` files only
when ``--nbval`` is on the command line, and the unit tests must not be
collected a second time.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

import jupytext
import nbformat
import pytest
from helpers import KERNEL_ENV, NOTEBOOK_DIR, NOTEBOOKS, SANITIZE, run_nbval

from analysis.config import ROOT

IGNORE_TAGS = {"nbval-ignore-output", "nbval-skip"}
IGNORE_MARKERS = ("# NBVAL_IGNORE_OUTPUT", "# NBVAL_SKIP")


def code_cells(path):
    return [c for c in nbformat.read(path, as_version=4).cells if c.cell_type == "code"]


def ignores_output(cell) -> bool:
    tags = set(cell.metadata.get("tags", []))
    return bool(tags & IGNORE_TAGS) or any(line.strip() in IGNORE_MARKERS for line in cell.source.splitlines())


def test_there_are_four_notebooks():
    assert [p.name for p in NOTEBOOKS] == ["01_corpus.ipynb", "02_topics.ipynb", "03_themes.ipynb", "04_report.ipynb"]


def test_notebooks_match_their_stored_outputs():
    """Every code cell's output, recomputed now, equals the stored one (strict nbval)."""
    finished = run_nbval(*NOTEBOOKS)
    assert finished.returncode == 0, (
        "nbval failed: a notebook's output changed. If the change is intended, regenerate with "
        "`.venv/bin/python tools/regen_notebooks.py` and review the diff.\n" + finished.stdout + finished.stderr
    )


# One value changed in one compared output of 01_corpus.ipynb: the stored text and its replacement.
CHANGES = {
    # The dedup summary (a stdout stream).
    "summary": ("38 entries read, 26 papers, 12 duplicates merged", "38 entries read, 27 papers, 11 duplicates merged"),
    # One cell of the duplicates table (text/plain of a DataFrame).
    "table": ("exact", "near "),
}


@pytest.fixture(scope="module")
def edited_copies(tmp_path_factory):
    """One nbval run over copies of 01_corpus.ipynb in a temporary folder: unedited, and one per :data:`CHANGES`.

    Returns:
        The run's exit code and each copy's cells that failed, by copy name.
    """
    folder = tmp_path_factory.mktemp("nbval-copies")
    shutil.copy(NOTEBOOK_DIR / "01_corpus.ipynb", folder / "unedited.ipynb")
    for name, (stored, changed) in CHANGES.items():
        notebook = nbformat.read(NOTEBOOK_DIR / "01_corpus.ipynb", as_version=4)
        assert replace_in_first_output(notebook, stored, changed), f"{stored!r} is no longer in 01_corpus.ipynb"
        nbformat.write(notebook, folder / f"{name}.ipynb")
    finished = run_nbval(*sorted(folder.glob("*.ipynb")), cwd=folder, timeout=300, verbose=True)
    # nbval 0.11.0 names a cell "NAME::ipynb::Cell N" under --rootdir; "NAME.ipynb::Cell N" is matched too.
    cells = re.findall(r"^(\w+)(?:\.|::)ipynb::(Cell \d+) (PASSED|FAILED)", finished.stdout, re.M)
    names = ["unedited", *CHANGES]
    failed = {name: [cell for file, cell, outcome in cells if file == name and outcome == "FAILED"] for name in names}
    return finished, failed, {file for file, _, _ in cells}


@pytest.mark.parametrize("name", list(CHANGES))
def test_nbval_fails_when_a_stored_output_changes(edited_copies, name):
    """Proof that the comparison bites: one changed value in one compared output fails that cell of that copy."""
    finished, failed, copies = edited_copies
    assert copies == {"unedited", *CHANGES}, finished.stdout + finished.stderr  # every copy ran, cell by cell
    assert finished.returncode == 1, finished.stdout + finished.stderr  # 1: tests failed (not a crash)
    assert len(failed[name]) == 1, finished.stdout
    assert f"{len(CHANGES)} failed" in finished.stdout, finished.stdout  # one cell of each edited copy
    assert "mismatch" in finished.stdout, finished.stdout  # a compared output differed, not a crash


def test_unchanged_copy_passes(edited_copies):
    """The control for the test above: the copy itself, unedited, passes from a temporary folder."""
    finished, failed, copies = edited_copies
    assert "unedited" in copies, finished.stdout + finished.stderr
    assert failed["unedited"] == [], finished.stdout + finished.stderr


def replace_in_first_output(notebook, stored: str, changed: str) -> bool:
    """Edit the first stdout stream or text/plain output that contains ``stored``."""
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            if output.output_type == "stream" and stored in output.text:
                output.text = output.text.replace(stored, changed, 1)
                return True
            plain = output.get("data", {}).get("text/plain", "")
            if stored in plain:
                output.data["text/plain"] = plain.replace(stored, changed, 1)
                return True
    return False


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_ready_for_nbval(path):
    """Stored outputs are complete and quiet, and the first code cell holds the parameters."""
    cells = code_cells(path)
    assert "parameters" in cells[0].metadata.get("tags", []), "the first code cell must be tagged 'parameters'"
    for number, cell in enumerate(cells, start=1):
        # nbval rejects stored outputs of a cell without an execution count.
        assert cell.execution_count == number, f"code cell {number}: regenerate with tools/regen_notebooks.py"
        for output in cell.outputs:
            assert output.output_type != "error", f"code cell {number} stored an error"
            assert output.get("name") != "stderr", f"code cell {number} stored stderr noise:\n{output.get('text')}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_at_most_a_fifth_of_cells_ignore_their_output(path):
    cells = code_cells(path)
    ignored = [c for c in cells if ignores_output(c)]
    assert len(ignored) * 5 <= len(cells), f"{len(ignored)} of {len(cells)} code cells ignore their output"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_paired_py_file_is_in_sync(path):
    """The py:percent file reviewers read says exactly what the notebook runs."""
    expected = jupytext.writes(nbformat.read(path, as_version=4), fmt="py:percent")
    actual = path.with_suffix(".py").read_text(encoding="utf-8")
    assert actual == expected, (
        f"{path.with_suffix('.py').name} differs from {path.name}: after editing the .py run "
        "`.venv/bin/python tools/regen_notebooks.py --from-py`, after editing the notebook run it without"
    )


def test_sanitize_file_has_no_dropped_pairs():
    """An empty ``replace:`` without a trailing space is silently dropped by nbval."""
    lines = SANITIZE.read_text(encoding="utf-8").splitlines()
    assert not [line for line in lines if line == "replace:"]
    assert sum(line.startswith("regex: ") for line in lines) == sum(line.startswith("replace: ") for line in lines)


def test_the_readme_papermill_example_runs(tmp_path):
    """`papermill ... -p corpus_paths '["my_lists/"]'` passes a string; the notebooks read it as the list it spells."""
    out = tmp_path / "out.ipynb"
    command = [sys.executable, "-m", "papermill", "--no-progress-bar", str(NOTEBOOK_DIR / "02_topics.ipynb"), str(out)]
    command += ["-p", "corpus_paths", '["seeds/"]']
    finished = subprocess.run(
        command, cwd=ROOT, env={**os.environ, **KERNEL_ENV}, capture_output=True, text=True, timeout=600, check=False
    )
    assert finished.returncode == 0, finished.stderr[-3000:]
    executed = nbformat.read(out, as_version=4)
    printed = "".join(o.get("text", "") for c in executed.cells if c.cell_type == "code" for o in c.get("outputs", []))
    assert "26 papers in 6 topics" in printed
