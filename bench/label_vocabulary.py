"""A trial labeller (issue 34, panels 107-108): a group named by the nearest label a panel's writer or reader wrote.

Every panel in ``bench/`` holds labels people wrote for groups of papers: the
writer's name of each group and each reader's own. Over 100 panels that is a
vocabulary of about 11,000 session names in the readers' own words ("Sparse
high-dimensional estimation", "Online learning and convex optimization"). A
group is named by the vocabulary label nearest its papers (MiniLM, the cosine
to the mean of the group's unit embeddings) among those the group grounds:
every word of the label (but "and", "of", ...) is in :data:`MIN_SHARE` of the
group's papers and in one of its titles, so a label says only what the
papers say. A label written for the corpus itself is never a candidate.

The labeller's own name stays where it is strong (a field covering
:data:`STRONG_SHARE` of the group): dev panel 107 rated 15 such groups 3.16
by it and 3.20 by the vocabulary label, 5 higher and 6 lower. Elsewhere the
vocabulary label names the group where it is :data:`WEAK_MARGIN` nearer the
papers (45 groups of panel 107: 2.66 -> 3.07, 26 higher, 12 lower).

This is a bench trial, not the suite's labeller: it embeds the vocabulary and
each fit's papers afresh (minutes), and its cosines are compared unrounded.

    python -m bench.label_vocabulary labels FITS_DIR BASE.tsv OUT.tsv [NAME...]

``BASE.tsv`` is ``python -m bench.relabel labels`` of the same fits (the labeller's own names); ``OUT.tsv``
is written in that form. Each fit's embeddings are kept as ``FITS_DIR/NAME.minilm.npy``.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

BENCH = Path(__file__).resolve().parent
CONNECTORS = frozenset(
    ("and", "of", "for", "in", "with", "the", "a", "an", "on", "to", "via", "from", "under", "by", "at", "as")
) | frozenset(("its", "their", "into", "without", "beyond"))
# Labels that say a group has no subject name none here: the labeller says so itself ("Mixed: ...").
NO_SUBJECT = re.compile(r"\b(miscellaneous|mixed|various|assorted|other|misc)\b", re.IGNORECASE)
MIN_SHARE = 0.1  # of the group's papers (at least two) holding each word of the label
TITLE_WEIGHT = 0.1  # the share of titles holding the label's words, added to its cosine
NEAREST = 300  # vocabulary labels weighed per group, nearest first
WEAK_MARGIN = 0.05
STRONG_SHARE = 0.55
_SUFFIXES = ("ies", "es", "s", "ing", "ed", "al", "ic")


def stem(word: str) -> str:
    """A word's crude stem: lower case, a common suffix off, six letters ("estimation" and "estimates" agree)."""
    word = word.lower()
    for suffix in _SUFFIXES:
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)][:6]
    return word[:6]


def content_stems(label: str) -> list[str]:
    """The stems of a label's words, connectors left out."""
    return [stem(w) for w in re.findall(r"[A-Za-z0-9]+", label) if w.lower() not in CONNECTORS]


def text_stems(text: str) -> frozenset[str]:
    """The stems of every word of a text."""
    return frozenset(stem(w) for w in re.findall(r"[A-Za-z0-9]+", text))


def panel_labels(bench_dir: Path = BENCH) -> dict[str, set[str]]:
    """Every label a panel's writer or reader wrote, with the corpora of the groups it was written for."""
    written: dict[str, set[str]] = {}
    for panel in sorted(bench_dir.glob("panel_*")):
        key_path = panel / "key.json"
        if not key_path.is_file():
            continue
        groups = json.loads(key_path.read_text(encoding="utf-8"))["groups"]
        writer_key = panel / "writer" / "key.json"
        writer_groups = groups
        if writer_key.is_file():
            writer_groups = json.loads(writer_key.read_text(encoding="utf-8")).get("groups", groups)
        answer_files = [(p, groups) for p in panel.glob("answers_*.jsonl")]
        answer_files += [(p, writer_groups) for p in (panel / "writer").glob("answers_*.jsonl")]
        for path, known in answer_files:
            for line in path.read_text(encoding="utf-8").splitlines():
                answer = json.loads(line)
                label = " ".join(str(answer.get("label") or "").split())
                if label:
                    written.setdefault(label, set()).add(known.get(answer["group"], {}).get("corpus", "?"))
    return written


def case_rules(labels: list[str]) -> tuple[frozenset[str], frozenset[str]]:
    """Words written capitalised inside sentence-case labels ("Gaussian"), and words written in lower case."""
    proper: set[str] = set()
    lowered: set[str] = set()
    for label in labels:
        words = label.split()[1:]
        if not any(w.isalpha() and w.islower() and w not in CONNECTORS for w in words):
            continue  # a title-case label says nothing of which words are names
        for part in (p for w in words for p in w.split("-")):
            if part[:1].isupper() and part[1:].islower():
                proper.add(part)
            elif part.islower():
                lowered.add(part)
    return frozenset(proper), frozenset(lowered)


def sentence_case(label: str, rules: tuple[frozenset[str], frozenset[str]]) -> str:
    """A title-case label in the labeller's sentence case, names kept ("Gaussian processes and Bayesian models")."""
    proper, lowered = rules
    words = []
    for i, word in enumerate(label.split()):
        parts = []
        for j, part in enumerate(word.split("-")):
            is_name = part in proper and part.lower() not in lowered
            if (i or j) and part[:1].isupper() and part[1:].islower() and not is_name:
                part = part.lower()
            parts.append(part)
        words.append("-".join(parts))
    text = " ".join(words)
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Vocabulary:
    """The candidate labels, the corpora each was written for, their stems and unit MiniLM vectors."""

    labels: list[str]
    written_for: list[frozenset[str]]
    stems: list[list[str]]
    vectors: np.ndarray


def vocabulary(encode: Callable[[list[str]], np.ndarray], bench_dir: Path = BENCH) -> Vocabulary:
    """The panels' labels of two to six words that name a subject, one per spelling, in sentence case."""
    written = panel_labels(bench_dir)
    rules = case_rules(sorted(written))
    merged: dict[str, tuple[str, set[str]]] = {}
    for label, corpora in sorted(written.items()):
        if NO_SUBJECT.search(label) or not 2 <= len(label.split()) <= 6:
            continue
        cased = sentence_case(label, rules)
        merged.setdefault(cased.lower(), (cased, set()))[1].update(corpora)
    labels = sorted(cased for cased, _ in merged.values())
    written_for = [frozenset(merged[label.lower()][1]) for label in labels]
    return Vocabulary(labels, written_for, [content_stems(label) for label in labels], _unit(encode(labels)))


def _unit(vectors: np.ndarray) -> np.ndarray:
    vectors = np.asarray(vectors, dtype=np.float64)
    return vectors / np.linalg.norm(vectors, axis=-1, keepdims=True)


def nearest_grounded(
    vocab: Vocabulary,
    centroid: np.ndarray,
    papers: list[frozenset[str]],
    titles: list[frozenset[str]],
    barred: set[str],
) -> tuple[str, float] | None:
    """The vocabulary label the group grounds that is nearest it (cosine plus title share), and its cosine."""
    cosines = vocab.vectors @ centroid
    need = max(2.0, MIN_SHARE * len(papers)) if len(papers) > 3 else 1.0
    best: tuple[float, str, float] | None = None
    for at in np.argsort(-cosines, kind="stable")[:NEAREST].tolist():
        label, stems = vocab.labels[at], vocab.stems[at]
        if label.lower() in barred or not stems:
            continue
        if any(sum(s in p for p in papers) < need or not any(s in t for t in titles) for s in stems):
            continue
        title_share = float(np.mean([np.mean([s in t for t in titles]) for s in stems]))
        score = float(cosines[at]) + TITLE_WEIGHT * title_share
        if best is None or score > best[0]:
            best = (score, label, float(cosines[at]))
    return None if best is None else (best[1], best[2])


def groups_by_size(record: dict) -> Iterator[tuple[str, np.ndarray, list[int]]]:
    """A kept fit's levels (topics, then areas): each paper's group and the group ids, larger groups first."""
    for level, key in (("topic", "topics"), ("area", "areas")):
        ids = np.asarray(record[key])
        yield level, ids, sorted(set(ids.tolist()) - {-1}, key=lambda g: (-int((ids == g).sum()), g))


def _without(vocab: Vocabulary, corpus: str) -> Vocabulary:
    """The vocabulary without the labels written for a corpus's own groups."""
    keep = [i for i, corpora in enumerate(vocab.written_for) if corpus not in corpora]
    return Vocabulary(
        [vocab.labels[i] for i in keep],
        [vocab.written_for[i] for i in keep],
        [vocab.stems[i] for i in keep],
        vocab.vectors[keep],
    )


def strong_groups(record: dict) -> set[tuple[str, int]]:
    """The groups the labeller names by a field covering :data:`STRONG_SHARE` of them: (level, group)."""
    from analysis.model import phrase_table
    from analysis.model.labels import BOILERPLATE, titles_or_first_sentences
    from analysis.model.naming import field_candidates
    from analysis.model.naming_subjects import title_genres
    from bench.relabel import group_labels

    phrase_table.forget_tables()
    texts = record["texts"]
    given = titles_or_first_sentences(texts, record["given"])
    table = phrase_table.cached_table(texts, given, {*BOILERPLATE, *title_genres(given)})
    strong = set()
    for _, level, group, _, label in group_labels(record):
        ids = np.asarray(record["topics"] if level == "topic" else record["areas"])
        fields = field_candidates(table, np.flatnonzero(ids == group))
        named = [f for f in fields if label.startswith(f.name) or label.startswith(f.short)]
        if named and named[0].share >= STRONG_SHARE:
            strong.add((level, group))
    return strong


def relabel(record: dict, embeddings: np.ndarray, vocab: Vocabulary, own: dict, encode: Callable) -> list[tuple]:
    """Each group's label: the labeller's own (``own``: (level, group) -> label), or the nearer vocabulary label."""
    papers = [text_stems(f"{title} {text}") for title, text in zip(record["titles"], record["texts"], strict=True)]
    titles = [text_stems(title or text[:200]) for title, text in zip(record["titles"], record["texts"], strict=True)]
    units = _unit(embeddings)
    allowed = _without(vocab, record["name"])
    strong = strong_groups(record)
    rows = []
    for level, ids, groups in groups_by_size(record):
        used = {own[(level, g)].lower() for g in groups}
        for group in groups:
            rows_of = np.flatnonzero(ids == group).tolist()
            centroid = _unit(units[rows_of].mean(axis=0))
            mine = own[(level, group)]
            used.discard(mine.lower())
            found = nearest_grounded(
                allowed, centroid, [papers[i] for i in rows_of], [titles[i] for i in rows_of], used
            )
            label = mine
            nearer = found is not None and found[1] > float(_unit(encode([mine])[0]) @ centroid) + WEAK_MARGIN
            if found is not None and nearer and (level, group) not in strong:
                label = found[0]
            used.add(label.lower())
            rows.append((record["name"], level, group, len(rows_of), label))
    return rows


# A trial's relabelling of one kept fit: (record, its embeddings, the labeller's own names, the encoder) -> rows.
Relabel = Callable[[dict, np.ndarray, dict, Callable[[list[str]], np.ndarray]], list[tuple]]


def relabel_fits(argv: list[str], module: str, trial: Callable[[Callable[[list[str]], np.ndarray]], Relabel]) -> None:
    """``python -m MODULE labels FITS_DIR BASE.tsv OUT.tsv [NAME...]``: every kept fit relabelled by a trial.

    ``trial`` is given the MiniLM encoder and returns the relabelling; each fit's embeddings are made once and
    kept as ``FITS_DIR/NAME.minilm.npy``.
    """
    if len(argv) < 4 or argv[0] != "labels":
        raise SystemExit(f"usage: python -m {module} labels FITS_DIR BASE.tsv OUT.tsv [NAME...]")
    from analysis.embedding.backends import minilm
    from bench.relabel import read_record, read_rows

    fits_dir, base, out, names = Path(argv[1]), Path(argv[2]), Path(argv[3]), argv[4:]
    model = minilm()
    relabel_one = trial(model.encode)
    own = {(r[0], r[1], r[2]): r[4] for r in read_rows(base)}
    rows = []
    for name in names or sorted({r[0] for r in own}):
        record = read_record(fits_dir / f"{name}.json.gz")
        cache = fits_dir / f"{name}.minilm.npy"
        if not cache.is_file():
            np.save(cache, np.asarray(model.encode(record["texts"]), dtype=np.float32))
        mine = {(level, group): label for (corpus, level, group), label in own.items() if corpus == name}
        rows += relabel_one(record, np.load(cache), mine, model.encode)
    out.write_text("".join("\t".join(map(str, row)) + "\n" for row in rows), encoding="utf-8")
    print(f"{sum(1 for r in rows if r[4] != own[r[:3]])} of {len(rows)} labels changed")


def _with_vocabulary(encode: Callable[[list[str]], np.ndarray]) -> Relabel:
    vocab = vocabulary(encode)
    return lambda record, embeddings, own, encoder: relabel(record, embeddings, vocab, own, encoder)


if __name__ == "__main__":
    relabel_fits(sys.argv[1:], "bench.label_vocabulary", _with_vocabulary)
