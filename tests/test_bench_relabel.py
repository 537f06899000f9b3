"""Fits kept for the label panel (bench/relabel.py): relabelled as the fit named them, and bundled where they differ."""

from __future__ import annotations

import gzip
import json

import pytest

from bench import relabel


@pytest.fixture(scope="module")
def seed_record(seed_result):
    return relabel.fit_record(seed_result, "seeds")


def test_a_kept_fit_is_labelled_as_the_fit_labelled_it(seed_result, seed_record, tmp_path):
    documents = seed_result.documents
    topics = {int(k): v for k, v in seed_result.pieces.labels.items()}
    areas = dict(zip(documents["area"].astype(int), documents["area_label"], strict=True))
    path = tmp_path / "seeds.json.gz"
    path.write_bytes(gzip.compress(json.dumps(seed_record).encode("utf-8")))
    rows = relabel.group_labels(relabel.read_record(path))
    assert [(g, label) for _, level, g, _, label in rows if level == "topic"] == sorted(topics.items())
    assert [(g, label) for _, level, g, _, label in rows if level == "area"] == sorted(areas.items())
    assert sum(size for _, level, _, size, _ in rows if level == "topic") == len(documents) == 26
    assert {corpus for corpus, *_ in rows} == {"seeds"}


def test_only_the_groups_whose_label_differs_are_bundled_with_both_labels(seed_record):
    before = relabel.group_labels(seed_record)
    after = [(*row[:4], "A new name") if row[1:3] == ("topic", 2) else row for row in before]
    bundle = relabel.changed_bundle(before, after, {"seeds": seed_record})
    [group] = bundle["groups"]
    assert (group["corpus"], group["level"], group["topic"]) == ("seeds", "topic", 2)
    assert group["candidates"]["ours"] == "A new name"
    assert group["candidates"]["ours_before"] == before[2][4]
    assert group["candidates"]["ctfidf"] == ", ".join(seed_record["terms"]["2"][:3])
    assert len(group["abstracts"]) == len(group["titles"]) == group["size"] == seed_record["topics"].count(2)
    # A corpus without a kept fit is left out, not an error.
    assert relabel.changed_bundle(before, after, {})["groups"] == []


def test_the_command_line_says_its_usage_or_what_is_missing(capsys, tmp_path):
    relabel._main(["--help"])
    assert capsys.readouterr().out.startswith("usage: python -m bench.relabel fit CORPUS NAME FITS_DIR")
    with pytest.raises(SystemExit, match=r"(?s)usage: .*\(got: fit only-a-corpus\)"):
        relabel._main(["fit", "only-a-corpus"])
    with pytest.raises(SystemExit, match=f"bench.relabel: no kept fit named nips2009 in {tmp_path}"):
        relabel._main(["labels", str(tmp_path), str(tmp_path / "out.tsv"), "nips2009"])
    missing = tmp_path / "before.tsv"
    with pytest.raises(SystemExit, match=f"bench.relabel changed: no such file: {missing}"):
        relabel._main(["changed", str(missing), str(missing), str(tmp_path), str(tmp_path / "out.json")])
