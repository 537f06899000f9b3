"""The package's shape: layers as packages, imports down the flow only, no import cycle, no side effect on import.

Also, as issue 15 set it: no module over 450 lines. The size of a function
(statements, branches, arguments, complexity) and its annotations are ruff
and mypy settings in pyproject.toml (issue 33), not tests.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys

import pytest

from analysis.config import PACKAGE_DIR, ROOT

MAX_MODULE_LINES = 450
MODULES = sorted(PACKAGE_DIR.rglob("*.py"))


def module_name(path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path, known: set[str]) -> set[str]:
    """The package's modules that ``path`` imports: at the top, inside a function, or for the type checker alone.

    Imports under ``if TYPE_CHECKING:`` count too: a module whose type says
    it needs another is tied to it, and a circle through them is a circle in the design.
    """
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            target = ".".join(part for part in (base, node.module) if part)
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)  # `from . import module`
    return found & known - {name}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a list of modules (first repeated last), or None."""
    state: dict[str, str] = {}

    def visit(module: str, path: list[str]) -> list[str] | None:
        state[module] = "open"
        for target in sorted(graph[module]):
            if state.get(target) == "open":
                return [*path[path.index(target) :], target]
            if target not in state and (cycle := visit(target, [*path, target])):
                return cycle
        state[module] = "done"
        return None

    for module in sorted(graph):
        if module not in state and (cycle := visit(module, [module])):
            return cycle
    return None


def package_graph() -> dict[str, set[str]]:
    known = {module_name(path) for path in MODULES}
    return {module_name(path): imported_modules(path, known) for path in MODULES}


def test_no_import_cycle_in_the_package():
    graph = package_graph()
    assert graph["analysis.model.topics"] >= {
        "analysis.model.themes",
        "analysis.model.result",
        "analysis.embedding.backends",
    }  # the parser sees
    assert find_cycle(graph) is None, " -> ".join(find_cycle(graph))


def test_the_record_imports_no_service_of_its_verbs():
    verbs = ("bertopic_model", "incremental", "search", "transform", "topic_result")
    services = {f"analysis.model.{name}" for name in verbs}
    graph = package_graph()
    assert graph["analysis.model.result"] & services == set()
    assert graph["analysis.model.topic_result"] >= services - {"analysis.model.topic_result"}  # the verbs above them


@pytest.mark.parametrize(
    ("path", "source", "known", "found"),
    [
        (  # an import only the type checker reads
            "figures/plot.py",
            "from typing import TYPE_CHECKING\nfrom analysis.text import escape\n"
            "if TYPE_CHECKING:\n    from analysis.model.result import TopicRecord\n",
            {"analysis.text", "analysis.model.result"},
            {"analysis.text", "analysis.model.result"},
        ),
        (  # imports inside a function and a method
            "model/record.py",
            "def verb(record):\n    from analysis.model.search import ranked\n    return ranked\n\n\n"
            "class Record:\n    def model(self):\n        import analysis.model.bertopic_model\n",
            {"analysis.model.search", "analysis.model.bertopic_model", "analysis.text"},
            {"analysis.model.search", "analysis.model.bertopic_model"},
        ),
    ],
)
def test_every_import_counts(tmp_path, monkeypatch, path, source, known, found):
    module = tmp_path / "analysis" / path
    module.parent.mkdir(parents=True)
    module.write_text(source)
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert imported_modules(module, known) == found


def test_the_cycle_finder_finds_a_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]


def test_no_module_over_450_lines():
    lines = {
        path.relative_to(PACKAGE_DIR).as_posix(): len(path.read_text(encoding="utf-8").splitlines()) for path in MODULES
    }
    long = {name: n for name, n in lines.items() if n > MAX_MODULE_LINES}
    assert long == {}, f"split these by concern: {long}"


# Data flows files -> papers (corpus) -> vectors (embedding) -> topics and
# themes (model) -> figures -> report; the shared helpers sit below them all
# and the pipeline, the command line and the package's front door above.
# A layer may import from the layers listed here (and from itself).
HELPERS = {"config", "errors", "output", "progress", "text"}
ALLOWED = {
    "errors": set(),
    "config": set(),
    "text": set(),
    "progress": set(),
    # A report folder is swapped in only if no Ctrl-C came (progress.check_interrupt).
    "output": {"errors", "progress"},
    "corpus": HELPERS,
    "embedding": HELPERS | {"corpus"},
    "model": HELPERS | {"corpus", "embedding"},
    "figures": HELPERS | {"corpus", "model"},
    "report": HELPERS | {"corpus", "model", "figures"},
    # The Dask cluster (the only module that imports Dask): it runs the embedding on workers.
    "cluster": HELPERS | {"embedding"},
    # What a run is given (options, runtime); it names the cluster's and the model's types only.
    "run": HELPERS | {"model", "cluster"},
    "pipeline": HELPERS | {"corpus", "embedding", "model", "figures", "report", "cluster", "run"},
    "__main__": HELPERS | {"corpus", "embedding", "model", "figures", "report", "pipeline", "cluster", "run"},
    "analysis": HELPERS | {"corpus", "embedding", "model", "figures", "report", "pipeline", "cluster", "run"},
}
TOP_LEVEL_MAX = 10


def layer(module: str) -> str:
    """``analysis.model.topics`` -> ``model``; ``analysis`` (the package's __init__) -> ``analysis``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "analysis"


def wrong_way_imports(graph: dict[str, set[str]]) -> list[str]:
    return sorted(
        f"{module} -> {target}"
        for module, targets in graph.items()
        for target in targets
        if layer(target) != layer(module) and layer(target) not in ALLOWED[layer(module)]
    )


def test_imports_point_down_the_flow():
    graph = package_graph()
    assert set(map(layer, graph)) == set(ALLOWED), "a new layer or top-level module: place it in ALLOWED"
    assert wrong_way_imports(graph) == []


def test_the_flow_check_finds_an_upward_import():
    graph = {"analysis.corpus.readers": {"analysis.model.topics"}, "analysis.model.topics": {"analysis.corpus.dedup"}}
    assert wrong_way_imports(graph) == ["analysis.corpus.readers -> analysis.model.topics"]


def test_the_top_level_holds_at_most_ten_modules():
    top = sorted(path.name for path in PACKAGE_DIR.glob("*.py"))
    assert len(top) <= TOP_LEVEL_MAX, top


def test_every_layer_says_what_it_holds():
    for package in sorted(path.parent for path in PACKAGE_DIR.glob("*/__init__.py")):
        docstring = ast.get_docstring(ast.parse((package / "__init__.py").read_text(encoding="utf-8")))
        assert docstring and len(docstring) > 80, f"{package.name}/__init__.py: say in a few lines what it holds"


# The libraries the package builds on are imported first: the warning filters
# that numpy, pandas or scikit-learn add on import are theirs, not ours.
GLOBAL_STATE = """
import csv, json, os, sys, warnings
import numpy, pandas, scipy, sklearn, plotly.graph_objects
def state():
    return {"environ": dict(os.environ), "csv_limit": csv.field_size_limit(),
            "warning_filters": len(warnings.filters), "recursion": sys.getrecursionlimit()}
before = state()
import importlib
for name in sys.argv[1:]:
    importlib.import_module(name)
after = state()
print(json.dumps({k: [before[k], after[k]] for k in before if before[k] != after[k]}, default=str))
"""


@pytest.mark.slow  # imports every module in a fresh interpreter (2.3 s): `make test` only
def test_importing_any_module_changes_no_global_state():
    """Environment variables, csv's field limit, warning filters: an import leaves them as they were."""
    names = [module_name(path) for path in MODULES if path.name != "__main__.py"]
    finished = subprocess.run(
        [sys.executable, "-c", GLOBAL_STATE, *names], cwd=ROOT, capture_output=True, text=True, check=True, timeout=300
    )
    changed = json.loads(finished.stdout.strip().splitlines()[-1])
    assert changed == {}, changed


@pytest.mark.slow  # imports every module in a fresh interpreter (2.3 s): `make test` only
def test_the_global_state_check_sees_a_change(tmp_path):
    (tmp_path / "meddler.py").write_text("import csv, os\nos.environ['MEDDLED'] = '1'\ncsv.field_size_limit(7)\n")
    finished = subprocess.run(
        [sys.executable, "-c", GLOBAL_STATE, "meddler"], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    assert set(json.loads(finished.stdout)) == {"environ", "csv_limit"}
