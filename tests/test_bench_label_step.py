"""The label step timed against another tree (bench/label_step.py): what it runs, reports and refuses."""

from __future__ import annotations

import gzip
import json

import numpy as np
import pytest

from analysis.config import ROOT
from bench import label_step
from bench.relabel import fit_record


@pytest.fixture(scope="module")
def kept_seeds(seed_result, tmp_path_factory):
    """The seeds' fit kept as bench.relabel keeps one: the record and its MiniLM embeddings."""
    fits = tmp_path_factory.mktemp("fits")
    record = fit_record(seed_result, "seeds")
    (fits / "seeds.json.gz").write_bytes(gzip.compress(json.dumps(record).encode("utf-8")))
    np.save(fits / "seeds.minilm.npy", np.asarray(seed_result.pieces.embeddings))
    return fits


@pytest.mark.slow  # three fresh processes, each importing the labeller (about 15 s): `make test` only
def test_both_trees_label_the_kept_fit_in_turn_and_the_ratio_is_of_their_medians(kept_seeds, seed_result):
    figures = label_step.measure(kept_seeds, "seeds", str(ROOT), runs=1)
    assert figures["same_labels"] is True
    assert [len(figures["seconds"][which]) for which in ("this", "other")] == [1, 1]
    this, other = figures["median_s"]["this"], figures["median_s"]["other"]
    assert figures["ratio_this_to_other"] == round(this / other, 3)
    assert figures["fit"] == f"{kept_seeds / 'seeds'}" and figures["cpus"] >= 1
    labels = label_step.one_run(str(ROOT), kept_seeds, "seeds", str(kept_seeds / "cache"))["labels"]
    topic_labels = {int(group): label for _, level, group, _, label in labels if level == "topic"}
    assert topic_labels == {int(k): v for k, v in seed_result.pieces.labels.items()}


def test_a_tree_whose_labeller_fails_is_named_with_the_error(kept_seeds, tmp_path):
    with pytest.raises(RuntimeError, match=rf"the labeller in {tmp_path} failed on .*seeds: ModuleNotFoundError"):
        label_step.one_run(str(tmp_path), kept_seeds, "seeds", str(tmp_path / "cache"))


def test_a_missing_fit_or_a_tree_without_a_labeller_is_refused(kept_seeds, tmp_path):
    with pytest.raises(SystemExit, match=r"no kept fit iclr2024\.json\.gz in"):
        label_step.measure(kept_seeds, "iclr2024", str(ROOT))
    with pytest.raises(SystemExit, match=rf"{tmp_path} holds no labeller"):
        label_step._main([str(kept_seeds), "seeds", str(tmp_path)])
    with pytest.raises(SystemExit, match=r"usage: python -m bench\.label_step"):
        label_step._main([str(kept_seeds)])
