"""bench.lexicon_gate: a corpus's titles against the lexicon's gate, as the labeller reads them."""

from __future__ import annotations

import json
import subprocess
import sys

from analysis.config import ROOT, SEEDS_DIR
from bench.lexicon_gate import gate


def test_the_seeds_first_sentences_stand_for_their_titles():
    # The seeds have no titles: 24 of their 26 first sentences hold a narrow field's cue, as the labeller reads them.
    assert gate(str(SEEDS_DIR)) == {
        "corpus": str(SEEDS_DIR),
        "papers": 26,
        "titles_with_a_cue": 24,
        "share": 0.923,
        "gate": 0.55,
        "venue_fields": [],
        "lexicon_names_groups": True,
    }


def test_the_command_prints_one_line_per_corpus():
    run = subprocess.run(
        [sys.executable, "-m", "bench.lexicon_gate", str(SEEDS_DIR), str(SEEDS_DIR)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert [line["titles_with_a_cue"] for line in lines] == [24, 24]
