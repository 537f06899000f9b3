"""Re-execute the notebooks in place so their stored outputs match the package.

The stored outputs are what ``pytest --nbval`` compares against, so they must
be produced the way nbval runs the notebooks: a kernel from this interpreter
(nbval's ``--nbval-current-env``), started in ``notebooks/``, with
``IPYKERNEL_CELL_NAME=<IPY-INPUT>`` so warnings do not carry a temp file name,
and offline. Execution counts are kept (nbval rejects stored outputs of
unrun cells); per-cell timings are not recorded, so running this twice on an
unchanged package leaves ``git status`` clean.

Each notebook is paired with a jupytext ``py:percent`` file for review; after
execution the ``.py`` is rewritten from the ``.ipynb`` so the two never drift.
After editing a ``.py`` by hand, pass ``--from-py``: its cells replace the
notebook's (outputs of unchanged cells are kept until re-execution).

Usage:
    .venv/bin/python tools/regen_notebooks.py                 # every notebook
    .venv/bin/python tools/regen_notebooks.py notebooks/02_topics.ipynb
    .venv/bin/python tools/regen_notebooks.py --from-py       # after editing the .py files
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK_DIR = ROOT / "notebooks"
PAIRED_FORMAT = "py:percent"
# The same environment as `make test` (the Makefile exports these), so the
# stored outputs are the ones nbval will see.
KERNEL_ENV = {
    "IPYKERNEL_CELL_NAME": "<IPY-INPUT>",
    "HF_HUB_OFFLINE": "1",
    "TRANSFORMERS_OFFLINE": "1",
}
CELL_TIMEOUT = 900  # seconds; a cold fit (model load, numba JIT) takes ~30 s


def notebooks(selected: list[str], from_py: bool = False) -> list[Path]:
    """The notebooks to run: the ones named, or every numbered notebook in order.

    With ``from_py`` the numbered ``.py`` files count, so a notebook can be
    created from its text form alone.
    """
    if selected:
        return [Path(p).resolve().with_suffix(".ipynb") for p in selected]
    pattern = "[0-9]*.py" if from_py else "[0-9]*.ipynb"
    return sorted(p.with_suffix(".ipynb") for p in NOTEBOOK_DIR.glob(pattern))


def paired_py(notebook: Path) -> Path:
    """The jupytext ``py:percent`` file paired with a notebook."""
    return notebook.with_suffix(".py")


def current_env_kernel():
    """A kernel manager that starts ipykernel from this interpreter.

    Like nbval's ``--nbval-current-env``: whatever ``python3`` kernelspec a
    user has installed elsewhere, outputs come from this project's venv.
    """
    from jupyter_client.kernelspec import KernelSpec, KernelSpecManager
    from jupyter_client.manager import KernelManager

    class CurrentEnvSpecs(KernelSpecManager):
        def get_kernel_spec(self, kernel_name):
            return KernelSpec(
                argv=[sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                display_name="Python 3 (ipykernel)",
                language="python",
            )

    return KernelManager(kernel_name="python3", kernel_spec_manager=CurrentEnvSpecs())


def load(notebook: Path, from_py: bool):
    """Read a notebook; with ``from_py`` take its cells from the paired ``.py``."""
    import jupytext
    import nbformat
    from jupytext.combine import combine_inputs_with_outputs

    stored = nbformat.read(notebook, as_version=4) if notebook.exists() else None
    if not from_py:
        return stored
    edited = jupytext.read(paired_py(notebook), fmt=PAIRED_FORMAT)
    if stored is not None:
        # Keeps outputs and notebook metadata of the cells that match.
        combine_inputs_with_outputs(edited, stored, fmt=PAIRED_FORMAT)
        # ...but not cell ids: reuse the stored id of each unchanged cell so
        # that a round trip through the .py leaves no diff.
        ids = {(c.cell_type, c.source): c.get("id") for c in reversed(stored.cells)}
        for cell in edited.cells:
            cell.id = ids.pop((cell.cell_type, cell.source), None) or cell.get("id")
    return edited


def run(notebook: Path, from_py: bool = False) -> float:
    """Execute one notebook in place, rewrite its ``.py`` pair; return seconds taken."""
    import jupytext
    import nbformat
    from nbclient import NotebookClient

    nb = load(notebook, from_py)
    start = time.perf_counter()
    kernel = current_env_kernel()
    client = NotebookClient(
        nb,
        km=kernel,
        timeout=CELL_TIMEOUT,
        resources={"metadata": {"path": str(NOTEBOOK_DIR)}},
        record_timing=False,  # timestamps in cell metadata would differ every run
    )
    try:
        client.execute()
    finally:
        # nbclient leaves a kernel manager it was given running.
        if kernel.has_kernel:
            kernel.shutdown_kernel()
    coalesce_streams(nb)
    nb = stable_widget_ids(nb, notebook.stem)
    nbformat.validate(nb)
    nbformat.write(nb, notebook)
    jupytext.write(nb, paired_py(notebook), fmt=PAIRED_FORMAT)
    return time.perf_counter() - start


def coalesce_streams(nb) -> None:
    """Merge consecutive stdout (or stderr) outputs of a cell into one.

    How a cell's prints are split into messages depends on when the kernel
    flushes, which differs run to run; merged, the stored notebook does not.
    """
    for cell in nb.cells:
        merged = []
        for output in cell.get("outputs", []):
            previous = merged[-1] if merged else None
            if (
                previous is not None
                and output.output_type == "stream"
                and previous.output_type == "stream"
                and previous.name == output.name
            ):
                previous.text += output.text
            else:
                merged.append(output)
        if "outputs" in cell:
            cell.outputs = merged


def stable_widget_ids(nb, name: str):
    """The notebook with each widget's random model id replaced by one derived from its creation order.

    A widget's output and the widget state nbclient saves in the notebook's
    metadata (what lets JupyterLab draw the widget before the kernel runs) name
    every widget model by a uuid4 drawn anew each run. Renamed by the order the
    models were created in (``name/0``, ``name/1``, ... hashed to 32 hex
    digits), an unchanged notebook is stored identically run after run.
    """
    import nbformat

    state = nb.metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    if not state:
        return nb
    text = nbformat.writes(nb)
    for index, model_id in enumerate(list(state)):  # insertion order: the order the kernel opened them
        stable = hashlib.sha256(f"{name}/{index}".encode()).hexdigest()[:32]
        text = text.replace(model_id, stable)
    return nbformat.reads(text, as_version=4)


def main(argv: list[str] | None = None) -> int:
    """Regenerate the selected (default: all) notebooks; return the exit code."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", help="notebooks to run (default: notebooks/[0-9]*.ipynb)")
    parser.add_argument("--from-py", action="store_true", help="take cell sources from the paired .py files")
    args = parser.parse_args(argv)
    os.environ.update(KERNEL_ENV)  # inherited by the kernels
    for notebook in notebooks(args.notebooks, from_py=args.from_py):
        seconds = run(notebook, from_py=args.from_py)
        print(f"{notebook.relative_to(ROOT)}: executed in {seconds:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
