"""How this panel's bundles were made from the fits' bundles: each group's ``ours`` set to the final labeller's.

The bundles of ``python -m bench.panel fit`` were written while the labeller
still changed; the fits themselves do not change. The labels of both labellers
on the same fits were listed (one line a group: corpus, ``t`` or ``a``, group,
papers, label) from saved fits, and this script set ``ours`` from the final
list after checking that the first list's label and size are each group's
``ours_before``. It kept every group of ACL 2022 and the changed groups of the
other corpora.

Run: ``python patch.py BEFORE.tsv FINAL.tsv OUT_DIR BUNDLE.json ...``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

KEEP_ALL = frozenset({"acl2022"})


def read_labels(path: Path) -> dict[tuple[str, str, str], tuple[int, str]]:
    """Each group's (papers, label), keyed by corpus, level and group."""
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        name, level, group, papers, label = line.split("\t")
        out[(name, "topic" if level == "t" else "area", group)] = (int(papers), label)
    return out


def patch(bundle: dict, before: dict, final: dict) -> tuple[dict, int]:
    """The bundle with the final labels as ``ours``, kept groups only, and how many groups did not match."""
    name = bundle["corpus"]
    kept, mismatches = [], 0
    for group in bundle["groups"]:
        key = (name, group["level"], str(group["topic"]))
        papers, label = before[key]
        mismatches += papers != int(group["size"]) or label != group["candidates"]["ours_before"]
        group["candidates"]["ours"] = final[key][1]
        if name in KEEP_ALL or group["candidates"]["ours"] != group["candidates"]["ours_before"]:
            kept.append(group)
    return {**bundle, "groups": kept}, mismatches


def main(argv: list[str]) -> None:
    before, final = read_labels(Path(argv[0])), read_labels(Path(argv[1]))
    out_dir = Path(argv[2])
    for path in map(Path, argv[3:]):
        bundle, mismatches = patch(json.loads(path.read_text(encoding="utf-8")), before, final)
        (out_dir / path.name).write_text(json.dumps(bundle, ensure_ascii=False), encoding="utf-8")
        print(bundle["corpus"], "groups kept", len(bundle["groups"]), "mismatches", mismatches)


if __name__ == "__main__":
    main(sys.argv[1:])
