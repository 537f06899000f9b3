"""A report is replaced as a whole (issue 19, item 8): a real run killed at every write step leaves old or new.

A 40-paper report (the seeds and 14 reference papers) is written over the
26-paper seeds report by ``python -m analysis report`` in a subprocess
that stops itself (SIGSTOP) at each of its write steps: every temporary
file written, every file in place, the staging folder complete, the old
folder renamed aside, the new one renamed in, the old one removed. The
steps are numbered from outside the package: the run is the command line
started by :data:`STEPPED_RUN`, which wraps the renames and removals of
:mod:`analysis.output` in that process only. At each stop the folder that
holds the report is copied, then the run continues: a SIGKILL at that stop
would leave exactly that copy, since the run is stopped between two file
operations with every file it wrote closed. (The killed runs used to be
forks of one run, a fork per step; one run stopped at every step writes the
report once.) In each copy the folder must hold the whole old report or
the whole new one, byte for byte, with the user's own files beside it; the
only other state allowed is the instant between the two renames of the
swap, where the folder is absent and the old one lies whole beside it. What
the next run does first (:func:`analysis.output.recover`) must then leave a
whole report and no leftovers, and a normal run after a kill writes the new
report and removes the leftovers of killed runs, including those of earlier
versions (``.report-*`` folders, ``*.tmp`` files).

All runs share one cache folder, warmed by the two reference runs, and use
the TF-IDF embedding without static figures: the stepped run only loads and
reads its fit from the result cache, then draws the HTML and writes.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import Lines, disk_full_at

from analysis.config import ROOT, SEEDS_DIR
from analysis.output import recover
from analysis.run import QUIET

EXTRA_PAPERS = 14  # 26 seed papers + 14 = 40
RUN_OPTIONS = ["--no-static", "--embedding", "tfidf"]  # writing is tested, not drawing or embedding
FOREIGN = {"notes.txt": b"my notes, not a report file\n", "notebook/report.md": b"# the notebook's own report\n"}
# `python -m analysis report ...` with its write steps numbered: analysis.output's os
# and shutil are wrapped in this process only. A step is a point where a kill must
# leave the old report or the new one: a file written beside its place, the file
# in place, the user's entries carried over, the staging folder complete, the
# old folder aside, the new one in place, the old one removed. At each step the
# run says "paused at write step N (pid P): WHAT" on stderr and stops itself
# (SIGSTOP) until the test sends SIGCONT; at the end it says "write ended".
STEPPED_RUN = r"""
import os, shutil, signal, sys, types
from pathlib import Path

import analysis.output as output
import analysis.pipeline as pipeline
from analysis.__main__ import main

count = [0]


def step(what):
    count[0] += 1
    print(f"paused at write step {count[0]} (pid {os.getpid()}): {what}", file=sys.stderr, flush=True)
    os.kill(os.getpid(), signal.SIGSTOP)  # the test copies the folder, then sends SIGCONT


def replace(source, target):
    name = Path(target).name
    if name.endswith(".tmp"):  # a finished file moved into atomic_write's temporary file
        return os.replace(source, target)
    step(f"{name} written beside its place")
    os.replace(source, target)
    step(f"{name} in place")


def rename(source, target):
    os.rename(source, target)
    step("old folder aside" if ".old-" in Path(target).name else "new folder in place")


def rmtree(path, ignore_errors=False):
    shutil.rmtree(path, ignore_errors=ignore_errors)
    if f".old-{os.getpid()}-" in Path(path).name:
        step("old folder removed")


def after(function, what):
    def stepped(*args):
        function(*args)
        step(what)
    return stepped


def before(function, what):
    def stepped(*args):
        step(what)
        function(*args)
    return stepped


class Wrapped(types.ModuleType):
    def __init__(self, module, **functions):
        super().__init__(module.__name__)
        self.module = module
        self.__dict__.update(functions)

    def __getattr__(self, name):
        return getattr(self.module, name)


output.os = Wrapped(os, replace=replace, rename=rename)
output.shutil = Wrapped(shutil, rmtree=rmtree)
output._carry_over = after(output._carry_over, "other entries carried over")
output._swap = before(output._swap, "staging folder complete")
code = main(["report", *sys.argv[1:]])
print(f"write ended after {count[0]} steps (exit {code})", file=sys.stderr, flush=True)
sys.exit(code)
"""


def _run(args: list[str], out: Path, env: dict, stepped: bool = False) -> subprocess.Popen:
    """The command line (``python -m analysis report``); ``stepped``: :data:`STEPPED_RUN` instead."""
    start = [sys.executable, "-c", STEPPED_RUN] if stepped else [sys.executable, "-m", "analysis", "report"]
    command = [*start, *args, "--out", str(out), *RUN_OPTIONS]
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def _finish(args: list[str], out: Path, env: dict) -> str:
    """Run to the end; its stderr."""
    child = _run(args, out, env)
    _, err = child.communicate(timeout=300)
    assert child.returncode == 0, err
    return err


def _stop_at_every_step(args: list[str], target: Path, env: dict, copies: Path) -> tuple[list[str], list[Path]]:
    """Write the report into ``target`` with :data:`STEPPED_RUN`, copying ``target``'s folder at each stop.

    Returns:
        The write steps, in order, and the copy made at each (``copies/01``, ...).
    """
    run = _run(args, target, env, stepped=True)
    err, steps, copied = Lines(run.stderr), [], []
    while (line := err.until(lambda line: line.startswith(("paused at write step ", "write ended")))).startswith("p"):
        _, status = os.waitpid(run.pid, os.WUNTRACED)  # returns once the run has stopped itself
        assert os.WIFSTOPPED(status), line
        steps.append(line.rstrip("\n").split(": ", 1)[1])
        copied.append(shutil.copytree(target.parent, copies / f"{len(steps):02d}", symlinks=True))
        os.kill(run.pid, signal.SIGCONT)
    assert run.wait(timeout=60) == 0, err.seen[-5:]
    return steps, copied


def _files(folder: Path) -> dict[str, bytes]:
    """Every file below ``folder`` by relative path (empty when the folder is absent)."""
    if not folder.is_dir():
        return {}
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _leftovers(target: Path) -> list[str]:
    beside = [p.name for p in target.parent.iterdir() if p.name.startswith(f".{target.name}.")]
    # The saved run (.run, for `add`) is the pipeline's, written after the swap: not a leftover.
    inside = (
        [p.name for p in target.iterdir() if p.name.startswith(".") and p.name != ".run"] if target.is_dir() else []
    )
    return sorted(beside + inside)


def _fresh_old_report(old: Path, target: Path) -> Path:
    """``target`` = the old report plus the user's own files."""
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(old, target)
    for name, data in FOREIGN.items():
        (target / name).parent.mkdir(exist_ok=True)
        (target / name).write_bytes(data)
    return target


@pytest.fixture(scope="module")
def reports(tmp_path_factory, reference_records):
    """The old report, the new one written over it by a run stopped at every write step, the folder at each stop."""
    folder = tmp_path_factory.mktemp("swap")
    extra = folder / "extra.jsonl"
    records = reference_records[:EXTRA_PAPERS]
    extra.write_text("".join(json.dumps({"title": r["title"], "abstract": r["abstract"]}) + "\n" for r in records))
    env = {**os.environ, "ANALYSIS_CACHE_DIR": str(folder / "cache")}
    _finish([str(SEEDS_DIR)], folder / "old", env)
    _finish([str(SEEDS_DIR), str(extra)], folder / "warm", env)  # its fit is cached: later runs write the report only
    new = _fresh_old_report(folder / "old", folder / "stepped" / "target")
    steps, stops = _stop_at_every_step([str(SEEDS_DIR), str(extra)], new, env, folder / "stops")
    assert not _leftovers(new) and all((new / name).read_bytes() == data for name, data in FOREIGN.items())
    old, new = {**_files(folder / "old"), **FOREIGN}, _files(new)
    assert old["documents.csv"].count(b"\n") == 27 and new["documents.csv"].count(b"\n") == 41
    assert {**_files(folder / "warm"), **FOREIGN} == new
    return {
        "folder": folder,
        "env": env,
        "args": [str(SEEDS_DIR), str(extra)],
        "steps": steps,
        "stops": stops,
        "old": old,
        "new": new,
    }


def _killed_at(reports: dict, number: int) -> Path:
    """The report folder as a kill at write step ``number`` leaves it (a copy of its stop, to change at will)."""
    copy = shutil.copytree(reports["stops"][number - 1], reports["folder"] / f"killed{number:02d}", symlinks=True)
    return copy / "target"


def _kill_and_check(reports: dict, number: int, step: str) -> str:
    """Check the folder a kill at step ``number`` leaves; recover; say which report is left."""
    target = _killed_at(reports, number)
    old, new = reports["old"], reports["new"]
    if not target.exists():  # between the two renames of the swap: the old folder lies whole beside it
        assert step == "old folder aside", f"no report after a kill at step {number} ({step})"
        aside = [p for p in target.parent.iterdir() if p.name.startswith(f".{target.name}.old-")]
        assert len(aside) == 1 and _files(aside[0]) == old
    else:
        assert _files(target) in (old, new), f"a mix after a kill at step {number} ({step})"
    recover(target)  # what the next run does first
    after = _files(target)
    assert after in (old, new) and not _leftovers(target), f"step {number} ({step}): {_leftovers(target)}"
    shutil.rmtree(target.parent)
    return "new" if after == new else "old"


def test_a_report_killed_at_every_write_step_is_old_or_new_never_a_mix(reports):
    steps = reports["steps"]
    assert len(steps) >= 20, steps
    seen = [_kill_and_check(reports, number, step) for number, step in enumerate(steps, start=1)]
    # Old until the old folder is renamed aside (from there on the next run
    # finishes the swap), new from then on: exactly one switch.
    switch = steps.index("old folder aside")
    assert seen == ["old"] * switch + ["new"] * (len(steps) - switch), list(zip(steps, seen, strict=True))


def test_a_normal_run_after_a_kill_removes_every_leftover(reports):
    target = _killed_at(reports, 3)  # while its staging folder is half written
    assert [n.split("-")[0] for n in _leftovers(target)] == [".target.new"]
    # Leftovers of a killed run of the earlier version, which staged inside the folder.
    (target / ".report-k1ll3d").mkdir()
    (target / ".report-k1ll3d" / "map.png").write_bytes(b"half")
    (target / ".topic_map.html.a1b2c3.tmp").write_text("half")
    _finish(reports["args"], target, reports["env"])
    assert _files(target) == reports["new"]
    assert _leftovers(target) == []


def test_a_failed_write_names_the_file_and_leaves_the_previous_report(seed_result, tmp_path, monkeypatch):

    from analysis import InputError, pipeline

    out = tmp_path / "report"
    pipeline.write_report(seed_result, out, static=False, runtime=QUIET)
    (out / "notes.txt").write_text("mine", encoding="utf-8")
    before = _files(out)

    monkeypatch.setattr(pipeline, "write_text", disk_full_at("report.md"))
    with pytest.raises(InputError) as failed:
        pipeline.write_report(seed_result, out, static=False, runtime=QUIET)
    assert str(failed.value) == f"{out.resolve() / 'report.md'}: cannot write: No space left on device"
    assert _files(out) == before and _leftovers(out) == []
