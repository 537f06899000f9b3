"""A blind reader panel for topic labels (issue 34): judging files for a fit, and the scores of the answers.

``write`` makes one Markdown file per reader. Each group (a topic) shows up
to :data:`SHOWN` paper titles, chosen by a hash of the title (a corpus
without titles, such as the seeds, shows the first sentence of up to
:data:`SHOWN` abstracts), then the candidate labels lettered A, B, C, D in
an order shuffled per reader by that reader's seed. Candidates that read
the same are shown once. The key (which letter is which system's label)
is written apart; the file says nothing of the code, the systems or the key.

``blank`` writes the file for a writer: the same groups and papers with no
candidates, asking for the writer's own name of each group. ``write
--ceiling`` adds those names as the ``ceiling`` candidate (issue 34: "the
label a reader of another panel wrote").

``score`` reads the key and the answer files (one JSON line per group:
``{"group", "scores", "best", "label"}``) and reports per system: the mean
score (the readers' mean per group, then the mean over groups), the share
of groups rated good (readers' mean >= 4) and poor (<= 2), the share
of the readers' choices of best that went to it (a letter shared by
several systems counts for each), and the share of groups where its mean
is above both anchors' (the c-TF-IDF terms and KeyBERTInspired).

Run on a fit (:func:`fit_bundle` writes what the judging files need):
``python -m bench.panel fit CORPUS NAME OUT.json``,
``python -m bench.panel blank WRITER_DIR BUNDLE.json...`` (then answers in ``WRITER_DIR/answers_1.jsonl``),
``python -m bench.panel write OUT_DIR [--ceiling WRITER_DIR] BUNDLE.json...``,
``python -m bench.panel score KEY.json ANSWERS.jsonl...``.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from bench.common import run_in_tree

SHOWN = 10
LETTERS = "ABCDE"
# "ceiling": the label a writer (a reader of another panel, shown only the titles) gave the group.
SYSTEMS = ("ours", "ours_before", "ctfidf", "keybert", "ceiling")
ANCHORS = ("ctfidf", "keybert")
READER_SEEDS = {1: "reader-1", 2: "reader-2", 3: "reader-3"}
GOOD, POOR = 4.0, 2.0
# Where main's labeller is run to give the label before this change ("ours_before").
MAIN_TREE = os.environ.get("PANEL_MAIN_TREE", "/work/main")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9])")

INSTRUCTIONS = """# Naming groups of research papers

Each group below is a set of research papers that were put together because
they are about similar things. For each group you see up to ten of its papers
(their titles, or where a paper has no title the first sentence of its
abstract), then some candidate names for the group, lettered A, B, C or D.

Rate every candidate on this scale:

- 5 what an expert would write
- 4 good with a minor flaw
- 3 acceptable but vague or partly wrong
- 2 poor (misleading, fragmentary, unreadable)
- 1 wrong or meaningless

Then say which candidate is best, and write the name you would give the group
yourself (at most six words).

Answer with one JSON line per group, and nothing else, in this form:

{"group": "g01", "scores": {"A": 4, "B": 2, "C": 3, "D": 1}, "best": "A", "label": "your own name for the group"}

Give a score to every letter the group shows.
"""


def _digest(*parts: str) -> str:
    return hashlib.sha256("\x1f".join(parts).encode("utf-8")).hexdigest()


def first_sentence(text: str) -> str:
    """The first sentence of an abstract (up to the first full stop followed by a capital or digit)."""
    text = " ".join(text.split())
    return _SENTENCE_END.split(text, maxsplit=1)[0]


def shown_papers(titles: list[str], abstracts: list[str]) -> list[str]:
    """Up to :data:`SHOWN` lines for a group: titles chosen by their hash, else the first sentences of abstracts.

    Titles are used when every paper of the group has one; the lines are in
    the order of their hash, so the choice and the order are the same on every machine.
    """
    if titles and all(t.strip() for t in titles):
        lines = [" ".join(t.split()) for t in titles]
    else:
        lines = [first_sentence(a) for a in abstracts]
    return sorted(set(lines), key=lambda line: (_digest(line), line))[:SHOWN]


def reader_order(candidates: dict[str, str], group: str, seed: str) -> list[tuple[str, list[str]]]:
    """The distinct candidate texts in this reader's order, each with the systems that proposed it.

    The order is a sort by a hash of the reader's seed, the group and the text:
    a shuffle that differs per reader and per group and is the same on every machine.
    """
    texts: dict[str, list[str]] = {}
    for system in sorted(candidates):
        texts.setdefault(candidates[system], []).append(system)
    order = sorted(texts, key=lambda text: (_digest(seed, group, text), text))
    return [(text, texts[text]) for text in order]


def judging_files(groups: list[dict]) -> tuple[dict[int, str], dict]:
    """Per reader the file's text, and the key: group -> reader -> letter -> systems.

    Args:
        groups: Each ``{"group": id, "lines": [...], "candidates": {system: label}, ...}``;
            other fields (corpus, topic) go into the key as they are.
    """
    files = {}
    key: dict = {"groups": {}}
    for group in groups:
        key["groups"][group["group"]] = {k: v for k, v in group.items() if k not in ("lines", "candidates")}
        key["groups"][group["group"]]["candidates"] = dict(sorted(group["candidates"].items()))
        key["groups"][group["group"]]["letters"] = {}
    for reader, seed in READER_SEEDS.items():
        parts = [INSTRUCTIONS]
        for group in groups:
            gid = group["group"]
            ordered = reader_order(group["candidates"], gid, seed)
            letters = {LETTERS[i]: systems for i, (_, systems) in enumerate(ordered)}
            key["groups"][gid]["letters"][f"reader_{reader}"] = letters
            names = "\n".join(f"{LETTERS[i]}. {text}" for i, (text, _) in enumerate(ordered))
            parts.append(f"{_heading(group)}\n\nPapers:\n\n{_paper_lines(group)}\n\nCandidate names:\n\n{names}\n")
        files[reader] = "\n".join(parts)
    return files, key


def _heading(group: dict) -> str:
    """A group's heading in a judging or writer file: its id, size and how many papers are shown."""
    shown = f"{group['size']} papers, {len(group['lines'])} shown" if "size" in group else "papers"
    return f"## Group {group['group']} ({shown})"


def _paper_lines(group: dict) -> str:
    return "\n".join(f"- {line}" for line in group["lines"])


def score(key: dict, answers: dict[int, list[dict]]) -> dict:
    """Per system (and per corpus, where the key names one): mean score, share good, poor and chosen best.

    Args:
        key: As :func:`judging_files` writes it.
        answers: Per reader number, that reader's answer lines (parsed).

    Returns:
        ``{"all": {system: figures}, "by_corpus": {corpus: {system: figures}}}`` (areas
        apart, as ``corpus/area``);
        figures are ``mean`` (readers' mean per group, then the mean over
        groups), ``good`` and ``poor`` (share of groups whose readers' mean is
        >= 4, <= 2), ``best`` (share of the readers' choices of best that named
        the system) and ``groups`` (how many groups were answered), rounded to three decimals;
        ``unscored`` lists the letters a reader left without a score (reader, group, letter): that
        reader's mark is left out of the group's mean; ``changed`` compares ``ours`` with
        ``ours_before`` where their labels differ (:func:`changed_labels`).
    """
    per_group: dict[str, dict[str, list[float]]] = {}
    chosen: dict[str, dict[str, int]] = {}
    unscored: list[list[str]] = []
    for reader, lines in sorted(answers.items()):
        for line in lines:
            gid = str(line["group"])
            letters = key["groups"][gid]["letters"][f"reader_{reader}"]
            marks = per_group.setdefault(gid, {})
            for letter, systems in letters.items():
                if letter not in line["scores"]:  # a reader's slip: that reader's mark is missing, not a zero
                    unscored.append([f"reader_{reader}", gid, letter])
                    continue
                for system in systems:
                    marks.setdefault(system, []).append(float(line["scores"][letter]))
            picks = chosen.setdefault(gid, {})
            picks["_readers"] = picks.get("_readers", 0) + 1
            for system in letters.get(str(line["best"]), []):
                picks[system] = picks.get(system, 0) + 1
    corpora = sorted({_corpus_level(key["groups"][g]) for g in per_group})
    result: dict[str, Any] = {"all": _figures(per_group, chosen, list(per_group))}
    result["by_corpus"] = {
        c: _figures(per_group, chosen, [g for g in per_group if _corpus_level(key["groups"][g]) == c]) for c in corpora
    }
    result["unscored"] = unscored
    result["changed"] = changed_labels(key, per_group)
    return result


def changed_labels(key: dict, per_group: dict[str, dict[str, list[float]]]) -> dict:
    """Where ``ours`` and ``ours_before`` differ (each its own letter): how often readers rated ours higher or lower.

    Returns:
        ``groups`` (how many groups showed the two apart), ``higher``, ``lower`` and ``same`` (by the
        readers' mean per group), and both systems' mean over those groups (None without such groups).
    """
    apart = [
        {system: float(np.mean(marks[system])) for system in ("ours", "ours_before")}
        for gid, marks in per_group.items()
        if "ours" in marks and "ours_before" in marks and not _shared(key["groups"][gid], "ours", "ours_before")
    ]

    def mean_of(system: str) -> float | None:
        return round(float(np.mean([m[system] for m in apart])), 3) if apart else None

    return {
        "groups": len(apart),
        "higher": sum(m["ours"] > m["ours_before"] for m in apart),
        "lower": sum(m["ours"] < m["ours_before"] for m in apart),
        "same": sum(m["ours"] == m["ours_before"] for m in apart),
        "ours": mean_of("ours"),
        "ours_before": mean_of("ours_before"),
    }


def _shared(group: dict, one: str, other: str) -> bool:
    """Whether two systems' labels read the same in a group: one letter shows both."""
    return any(one in systems and other in systems for systems in next(iter(group["letters"].values())).values())


def _corpus_level(group: dict) -> str:
    """The corpus of a group, with its level after a slash where it is not a topic ("iclr2024/area")."""
    corpus = str(group.get("corpus", ""))
    level = str(group.get("level", "topic"))
    return corpus if level == "topic" else f"{corpus}/{level}"


def _figures(per_group: dict, chosen: dict, groups: list[str]) -> dict:
    systems = sorted({s for g in groups for s in per_group[g]})
    figures = {}
    for system in systems:
        means = [float(np.mean(per_group[g][system])) for g in groups if system in per_group[g]]
        picks = sum(chosen[g].get(system, 0) for g in groups)
        readers = sum(chosen[g]["_readers"] for g in groups if system in per_group[g])
        figures[system] = {
            "mean": round(float(np.mean(means)), 3),
            "good": round(sum(m >= GOOD for m in means) / len(means), 3),
            "poor": round(sum(m <= POOR for m in means) / len(means), 3),
            "best": round(picks / readers, 3),
            "groups": len(means),
        }
        above = _above_anchors(per_group, groups, system)
        if above is not None:
            figures[system]["above_anchors"] = above
    return figures


def _above_anchors(per_group: dict, groups: list[str], system: str) -> float | None:
    """The share of the groups judged with both anchors where ``system``'s mean beats each anchor's.

    None for an anchor itself, or where no group shows both anchors.
    """
    if system in ANCHORS:
        return None
    judged = [g for g in groups if system in per_group[g] and all(a in per_group[g] for a in ANCHORS)]
    if not judged:
        return None
    mean = {g: {s: float(np.mean(v)) for s, v in per_group[g].items()} for g in judged}
    above = sum(all(mean[g][system] > mean[g][a] for a in ANCHORS) for g in judged)
    return round(above / len(judged), 3)


def score_table(figures: dict) -> str:
    """The figures of :func:`score` as a Markdown table, one row per system."""
    rows = [
        "| system | mean score (1-5) | rated good (>= 4) | rated poor (<= 2) | chosen best (share of choices)"
        " | above both anchors |"
    ]
    rows.append("|---|---|---|---|---|---|")
    for system, f in figures.items():
        above = f"{f['above_anchors']:.0%}" if "above_anchors" in f else ""
        rows.append(f"| {system} | {f['mean']:.2f} | {f['good']:.0%} | {f['poor']:.0%} | {f['best']:.0%} | {above} |")
    return "\n".join(rows)


# --- Running it on a fit (not unit-tested: needs the embedded model) ---


def paper_titles(papers: pd.DataFrame) -> list[str]:
    """Each paper's title, ``""`` where it has none (a table without a ``title`` column has none)."""
    if "title" not in papers:
        return [""] * len(papers)
    return [str(t).strip() for t in papers["title"].fillna("")]


def fit_bundle(corpus: str, name: str) -> dict:
    """Fit ``corpus`` and gather per topic and per area its papers' titles and abstracts and every system's label.

    Topics and areas are groups of the bundle (``level`` "topic" or "area").
    An area's candidates are its label from the fit (``ours``), main's
    labeller over the same areas (``ours_before``), the area's first three
    c-TF-IDF terms and BERTopic's KeyBERTInspired over the areas as topics.
    """
    from bertopic.representation import KeyBERTInspired

    from analysis import fit_topics, load_corpus
    from analysis.config import DEFAULT_EMBEDDING
    from analysis.embedding.cache import embed_papers, topic_texts
    from analysis.embedding.registry import select_backend
    from analysis.model import labels as labeller
    from analysis.model import phrase_table
    from analysis.model.naming_nearest import name_nearness
    from analysis.model.transform import fitted_pieces
    from bench.relabel import fit_record

    papers = load_corpus(corpus)
    started = time.perf_counter()
    embeddings = embed_papers(papers)
    embedded = time.perf_counter() - started
    started = time.perf_counter()
    result = fit_topics(papers, embeddings=embeddings, use_cache=False)
    fitted = time.perf_counter() - started
    pieces = fitted_pieces(result)  # a fresh fit has them; a ValueError says so otherwise
    # What the label step reads, as a kept fit holds it (bench/relabel.py): the texts, titles, groups and terms.
    record = fit_record(result, name)
    topics, areas = np.asarray(record["topics"]), np.asarray(record["areas"])
    terms = {int(t): words for t, words in record["terms"].items()}
    area_terms = {int(a): words for a, words in record["area_terms"].items()}
    texts, titles, given = record["texts"], record["titles"], record["given"]
    near = name_nearness(select_backend(DEFAULT_EMBEDDING), embeddings)  # as the fit weighs names
    phrase_table.forget_tables()  # timed as a cold label step: the fit has the phrase table of these papers
    started = time.perf_counter()
    again = labeller.topic_labels(terms, texts, topics, pieces.latin, given, nearness=near)
    label_seconds = time.perf_counter() - started
    assert again == {int(k): v for k, v in pieces.labels.items()}, "the fit's labels are not the labeller's"
    documents = result.documents
    area_label = {int(a): str(label) for a, label in zip(documents["area"], documents["area_label"], strict=True)}
    counted = topic_texts(papers)
    started = time.perf_counter()  # the areas after the topics, as the fit names them: the phrase table is reused
    named = labeller.topic_labels(area_terms, texts, areas, pieces.latin, given, topics, nearness=near)
    area_seconds = time.perf_counter() - started
    assert named == area_label, "the fit's area labels are not the labeller's"
    before = main_labels(terms, texts, topics, pieces.latin, given, embeddings=embeddings)
    area_before = main_labels(area_terms, texts, areas, pieces.latin, given, topics, embeddings)
    model = result.model
    model.update_topics(counted, topics=topics.tolist(), representation_model=KeyBERTInspired())
    keybert = {t: [w for w, _ in model.get_topic(t)][:3] for t in sorted(set(topics.tolist())) if t != -1}
    model.update_topics(counted, topics=areas.tolist(), representation_model=KeyBERTInspired())
    area_keybert = {a: [w for w, _ in model.get_topic(a)][:3] for a in sorted(set(areas.tolist()))}
    groups = []
    for level, ids, own, old, ranked, kb in (
        ("topic", topics, {int(k): v for k, v in pieces.labels.items()}, before, terms, keybert),
        ("area", areas, area_label, area_before, area_terms, area_keybert),
    ):
        for group in sorted(int(t) for t in set(ids.tolist()) if t != -1):
            rows = np.flatnonzero(ids == group)
            groups.append(
                {
                    "corpus": name,
                    "level": level,
                    "topic": group,
                    "size": len(rows),
                    "titles": [titles[i] for i in rows],
                    "abstracts": [str(papers["text"].iat[i]) for i in rows],
                    "candidates": {
                        "ours": own[group],
                        "ours_before": old[group],
                        "ctfidf": ", ".join(ranked[group][:3]),
                        "keybert": ", ".join(kb[group]),
                    },
                }
            )
    timing = {
        "embed_s": round(embedded, 1),
        "fit_s": round(fitted, 1),
        "labels_s": round(label_seconds, 2),
        "area_labels_s": round(area_seconds, 2),
    }
    return {"corpus": name, "path": corpus, "papers": len(papers), "timing": timing, "groups": groups}


MAIN_LABELS = """
import json, sys
import numpy as np
from analysis.model.labels import topic_labels
given = json.load(sys.stdin)
within = None if given["within"] is None else np.asarray(given["within"])
weigh = {}
if given["embeddings"] is not None:
    try:
        from analysis.embedding.registry import select_backend
        from analysis.model.naming_nearest import name_nearness
    except ImportError:  # a tree from before the nearness step names as it did then
        pass
    else:
        weigh["nearness"] = name_nearness(select_backend(given["backend"]), np.load(given["embeddings"]))
labels = topic_labels({int(k): v for k, v in given["terms"].items()}, given["texts"], np.asarray(given["topics"]),
                      given["latin"], given["titles"], within, **weigh)
print(json.dumps({str(k): v for k, v in labels.items()}))
"""


def main_labels(
    terms: dict[int, list[str]],
    texts: list[str],
    topics: np.ndarray,
    latin: bool,
    titles: list[str] | None,
    within: np.ndarray | None = None,
    embeddings: np.ndarray | None = None,
) -> dict[int, str]:
    """The labels main's labeller (in :data:`MAIN_TREE`) gives the same groups, as the fit calls it.

    Args:
        terms: c-TF-IDF terms per group.
        texts: Each paper's text, markup removed.
        topics: Each paper's group (a topic, or an area when ``within`` is given).
        latin: Whether the texts have Latin-alphabet words.
        titles: The titles the fit gives the labeller (:func:`titles_for_labels`). Until 2026-12-04 19:30 UTC
            they were left out, and ``within`` too. For topics that changed little: without titles each
            text's first sentence stands for its title, and the texts here start with the title. But the
            areas were named as topics are: the ``ours_before`` areas of the panels up to final panel 4
            are not main's area labels.
        within: For areas, each paper's topic.
        embeddings: The fit's paper embeddings (of :data:`analysis.config.DEFAULT_EMBEDDING`), which the fit
            weighs candidate names by (:mod:`analysis.model.naming_nearest`). Until 2026-12-07 they were left
            out, so the ``ours_before`` column of panels up to 126 lacks that step (ICLR 2024's area 5 there).
    """
    from analysis.config import DEFAULT_EMBEDDING

    payload = {"terms": terms, "texts": texts, "topics": topics.tolist(), "latin": bool(latin)}
    payload |= {"titles": titles, "within": None if within is None else within.tolist()}
    with tempfile.TemporaryDirectory() as scratch:
        kept = None
        if embeddings is not None:
            kept = str(Path(scratch) / "embeddings.npy")
            np.save(kept, np.asarray(embeddings))
        payload |= {"embeddings": kept, "backend": DEFAULT_EMBEDDING}
        done = run_in_tree(MAIN_TREE, MAIN_LABELS, stdin=json.dumps(payload))
    done.check_returncode()
    return {int(k): v for k, v in json.loads(done.stdout).items()}


def panel_groups(bundles: list[dict]) -> list[dict]:
    """The groups of every bundle, numbered g01, g02... in bundle order, each with the lines a reader sees."""
    groups: list[dict] = []
    for bundle in bundles:
        for group in bundle["groups"]:
            lines = shown_papers(group["titles"], group["abstracts"])
            gid = f"g{len(groups) + 1:02d}"
            groups.append(
                {"group": gid, "corpus": group["corpus"], "level": group.get("level", "topic")}
                | {"topic": group["topic"], "size": group["size"]}
                | {"lines": lines, "candidates": dict(group["candidates"])}
            )
    return groups


def write(out_dir: Path, bundles: list[dict], ceiling_dir: Path | None = None) -> None:
    """The judging files ``reader_N.md`` and ``key.json`` for the groups of every bundle.

    Args:
        out_dir: Where the files go.
        bundles: As :func:`fit_bundle` makes them.
        ceiling_dir: A writer's folder (:func:`blank`, with its ``answers_1.jsonl``): its names join as ``ceiling``.
    """
    groups = panel_groups(bundles)
    if ceiling_dir is not None:
        writer_key = json.loads((ceiling_dir / "key.json").read_text(encoding="utf-8"))
        named = read_answers([ceiling_dir / "answers_1.jsonl"])[1]
        add_ceiling(groups, writer_key, named)
    files, key = judging_files(groups)
    out_dir.mkdir(parents=True, exist_ok=True)
    for reader, text in files.items():
        (out_dir / f"reader_{reader}.md").write_text(text, encoding="utf-8")
    _write_key(out_dir, key)


def _write_key(out_dir: Path, key: dict) -> None:
    (out_dir / "key.json").write_text(json.dumps(key, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


WRITER_INSTRUCTIONS = """# Naming groups of research papers

Each group below is a set of research papers that were put together because
they are about similar things. For each group you see up to ten of its papers
(their titles, or where a paper has no title the first sentence of its
abstract). Write the name an expert would give the group, as the heading of a
session at a conference (at most six words).

Answer with one JSON line per group, and nothing else, in this form:

{"group": "g01", "label": "your name for the group"}
"""


def writer_file(groups: list[dict]) -> tuple[str, dict]:
    """A writer's file (the groups' papers, no candidates) and its key: group -> corpus, level, topic, size."""
    parts = [WRITER_INSTRUCTIONS]
    for group in groups:
        parts.append(f"{_heading(group)}\n\n{_paper_lines(group)}\n")
    return "\n".join(parts), {"groups": {g["group"]: _identity(g) for g in groups}}


def blank(out_dir: Path, bundles: list[dict]) -> None:
    """``writer.md`` and ``key.json`` in ``out_dir``: the groups of :func:`write`, for a writer's own names."""
    text, key = writer_file(panel_groups(bundles))
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "writer.md").write_text(text, encoding="utf-8")
    _write_key(out_dir, key)


def _identity(group: dict) -> dict:
    """What makes a group the same group in two files of one panel: its corpus, level, topic and size."""
    return {k: group[k] for k in ("corpus", "level", "topic", "size")}


def add_ceiling(groups: list[dict], writer_key: dict, named: list[dict]) -> None:
    """Give each group the writer's name as its ``ceiling`` candidate.

    Raises:
        ValueError: Where the writer's group is another group (other bundles or fits) or has no name.
    """
    labels = {str(line["group"]): str(line["label"]).strip() for line in named}
    for group in groups:
        gid = group["group"]
        seen = writer_key["groups"].get(gid)
        if seen != _identity(group):
            raise ValueError(f"writer's group {gid} is {seen}, not {group['corpus']} {group['level']} {group['topic']}")
        if not labels.get(gid):
            raise ValueError(f"the writer gave no name for group {gid}")
        group["candidates"]["ceiling"] = labels[gid]


def read_answers(paths: list[Path]) -> dict[int, list[dict]]:
    """Answer files ``answers_N.jsonl`` by reader number N; lines that are not JSON objects are skipped."""
    answers = {}
    for path in paths:
        reader = int(re.findall(r"\d+", path.stem)[-1])
        lines = []
        for line in path.read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if line.startswith("{"):
                lines.append(json.loads(line))
        answers[reader] = lines
    return answers


USAGE = """usage: python -m bench.panel fit CORPUS NAME OUT.json
       python -m bench.panel blank WRITER_DIR BUNDLE.json...
       python -m bench.panel write OUT_DIR [--ceiling WRITER_DIR] BUNDLE.json...
       python -m bench.panel score KEY.json ANSWERS.jsonl..."""
# How many arguments each command takes at least (after its name), and exactly for "fit".
_ARGUMENTS = {"fit": 3, "blank": 2, "write": 2, "score": 2}


def _main(argv: list[str]) -> None:
    command, *rest = argv or ["--help"]
    if command in ("-h", "--help"):
        print(USAGE)
        return
    least = _ARGUMENTS.get(command)
    if least is None or len(rest) < least or (command == "fit" and len(rest) != least):
        raise SystemExit(f"{USAGE}\n(got: {' '.join(argv)})")
    missing = [p for p in rest if p.endswith((".json", ".jsonl")) and command != "fit" and not Path(p).is_file()]
    if missing:
        raise SystemExit(f"bench.panel {command}: no such file: {missing[0]}")
    if command == "fit":
        corpus, name, out = rest
        Path(out).write_text(json.dumps(fit_bundle(corpus, name), ensure_ascii=False) + "\n", encoding="utf-8")
    elif command == "write":
        out_dir, *bundles = rest
        ceiling = None
        if bundles[:1] == ["--ceiling"]:
            ceiling, bundles = Path(bundles[1]), bundles[2:]
        write(Path(out_dir), [json.loads(Path(b).read_text(encoding="utf-8")) for b in bundles], ceiling)
    elif command == "blank":
        out_dir, *bundles = rest
        blank(Path(out_dir), [json.loads(Path(b).read_text(encoding="utf-8")) for b in bundles])
    elif command == "score":
        key_path, *answer_paths = rest
        key = json.loads(Path(key_path).read_text(encoding="utf-8"))
        figures = score(key, read_answers([Path(p) for p in answer_paths]))
        print(json.dumps(figures, indent=1))
        print(score_table(figures["all"]))
        changed = figures["changed"]
        if changed["groups"]:
            print(
                f"\nours against ours_before where they differ: {changed['groups']} groups, rated higher in"
                f" {changed['higher']}, lower in {changed['lower']}, the same in {changed['same']};"
                f" means {changed['ours']:.2f} and {changed['ours_before']:.2f}"
            )
        for corpus, by in figures["by_corpus"].items():
            print(f"\n{corpus}\n{score_table(by)}")


if __name__ == "__main__":
    _main(sys.argv[1:])
