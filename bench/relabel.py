"""Fits kept for the label panel: what the label step reads from each fit, relabelled by any labeller.

A rule of the labeller is measured by the labels it changes over many corpora (``bench/RESULTS.md``, panels from
96 on). Fitting them takes minutes each; the label step reads only the texts, titles, groups and c-TF-IDF terms, so
each fit is kept once and relabelled in seconds:

    python -m bench.relabel fit CORPUS NAME FITS_DIR
    python -m bench.relabel labels FITS_DIR OUT.tsv [NAME...]
    python -m bench.relabel changed BEFORE.tsv AFTER.tsv FITS_DIR OUT.json

``fit`` keeps one corpus's fit as ``FITS_DIR/NAME.json.gz`` and its MiniLM embeddings as ``NAME.minilm.npy``
(the labeller weighs names by their nearness to the papers); ``labels`` writes a row per topic and area of every
kept fit (or the named ones): corpus, level, group, size, label, as the labeller on ``PYTHONPATH`` names them (run
it with ``PYTHONPATH`` at another tree for that tree's labels); ``changed`` writes a bundle of the groups whose
label differs between two such tables, ``ours`` the second's and ``ours_before`` the first's, for
``python -m bench.panel blank`` and ``write``.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from analysis import TopicResult
    from analysis.model.naming_nearest import Nearness

Row = tuple[str, str, int, int, str]
USAGE = """usage: python -m bench.relabel fit CORPUS NAME FITS_DIR
       python -m bench.relabel labels FITS_DIR OUT.tsv [NAME...]
       python -m bench.relabel changed BEFORE.tsv AFTER.tsv FITS_DIR OUT.json"""


def fit_record(result: TopicResult, name: str) -> dict:
    """What the label step reads from a fresh fit (:func:`analysis.fit_topics`), as JSON values.

    The texts are the papers' texts without markup and ``given`` the titles the fit gives the labeller, as
    :func:`bench.panel.fit_bundle` has them; an area's terms are its c-TF-IDF terms over the areas.
    """
    from analysis.embedding.cache import document_texts, topic_texts
    from analysis.model.ctfidf import class_tfidf, rank_topic_terms
    from analysis.model.describe import paper_titles as titles_for_labels
    from analysis.model.transform import fitted_pieces
    from analysis.text import strip_markup
    from bench.panel import paper_titles

    pieces = fitted_pieces(result)
    papers = result.papers
    areas = result.documents["area"].to_numpy().astype(int)
    tfidf = class_tfidf(topic_texts(papers), areas, pieces.latin, pieces.min_df)
    area_terms = rank_topic_terms(tfidf.matrix, tfidf.words, tfidf.topics)
    return {
        "name": name,
        "texts": [strip_markup(t) for t in document_texts(papers)],
        "titles": paper_titles(papers),
        "given": titles_for_labels(papers),
        "latin": bool(pieces.latin),
        "topics": np.asarray(pieces.paper_topics).astype(int).tolist(),
        "areas": areas.tolist(),
        "terms": {str(t): [w for w, _ in words] for t, words in pieces.terms.items()},
        "area_terms": {str(a): [w for w, _ in words] for a, words in area_terms.items()},
    }


def keep(corpus: str, name: str, fits_dir: Path) -> Path:
    """Fit ``corpus`` (embedded without the cache, as the panel's fits are) and keep its record."""
    from analysis import fit_topics, load_corpus
    from analysis.embedding.cache import embed_papers

    papers = load_corpus(corpus)
    embeddings = embed_papers(papers)
    result = fit_topics(papers, embeddings=embeddings, use_cache=False)
    fits_dir.mkdir(parents=True, exist_ok=True)
    np.save(fits_dir / f"{name}.minilm.npy", np.asarray(embeddings, dtype=np.float32))
    path = fits_dir / f"{name}.json.gz"
    path.write_bytes(gzip.compress(json.dumps(fit_record(result, name), ensure_ascii=False).encode("utf-8"), mtime=0))
    return path


def read_record(path: Path) -> dict:
    """A kept fit."""
    return json.loads(gzip.decompress(path.read_bytes()).decode("utf-8"))


def group_labels(record: dict, nearness: Nearness | None = None) -> list[Row]:
    """Each topic's and area's label as the labeller on the path names them: (corpus, level, group, size, label).

    ``nearness``: the fit's paper embeddings and their encoder, as the fit gave them to the labeller
    (:mod:`analysis.model.naming_nearest`); without it no name is weighed by its nearness to the papers.
    """
    from analysis.model import phrase_table
    from analysis.model.labels import topic_labels

    phrase_table.forget_tables()  # a table of another corpus's texts is no cache of these
    topics, areas = np.asarray(record["topics"]), np.asarray(record["areas"])
    args = (record["texts"], record["latin"], record["given"])
    rows = []
    for level, groups, terms, within in (
        ("topic", topics, record["terms"], None),
        ("area", areas, record["area_terms"], topics),
    ):
        named = topic_labels({int(k): v for k, v in terms.items()}, args[0], groups, *args[1:], within, nearness)
        rows += [(record["name"], level, g, int((groups == g).sum()), named[g]) for g in sorted(named) if g != -1]
    return rows


def read_rows(path: Path) -> list[Row]:
    """A table :func:`group_labels` rows were written to (tab-separated)."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        corpus, level, group, size, label = line.split("\t")
        rows.append((corpus, level, int(group), int(size), label))
    return rows


def changed_bundle(before: list[Row], after: list[Row], records: dict[str, dict]) -> dict:
    """A bundle (:func:`bench.panel.fit_bundle`'s form) of the groups whose label differs between two tables.

    Each group's candidates are ``ours`` (``after``'s label), ``ours_before`` and its first three c-TF-IDF terms;
    groups of a corpus without a record are left out.
    """
    old = {row[:3]: row[4] for row in before}
    groups = []
    for corpus, level, group, size, label in after:
        was = old.get((corpus, level, group))
        if was is None or was == label or corpus not in records:
            continue
        record = records[corpus]
        ids = np.asarray(record["topics"] if level == "topic" else record["areas"])
        rows = np.flatnonzero(ids == group)
        terms = (record["terms"] if level == "topic" else record["area_terms"])[str(group)]
        groups.append(
            {"corpus": corpus, "level": level, "topic": group, "size": size}
            | {"titles": [record["titles"][i] for i in rows], "abstracts": [record["texts"][i] for i in rows]}
            | {"candidates": {"ours": label, "ours_before": was, "ctfidf": ", ".join(terms[:3])}}
        )
    return {"corpus": "changed", "path": "", "papers": 0, "groups": groups}


def _nearness(fits_dir: Path, name: str) -> Nearness | None:
    """The nearness of names to a kept fit's papers, where its MiniLM embeddings are kept beside it (NAME.minilm.npy).

    ``fit`` keeps them; the fit's labels were weighed with them, so relabelling weighs with them too.
    """
    path = fits_dir / f"{name}.minilm.npy"
    if not path.is_file():
        return None
    from analysis.embedding.registry import select_backend
    from analysis.model.naming_nearest import name_nearness

    return name_nearness(select_backend("minilm"), np.load(path))


def _records(fits_dir: Path, names: list[str]) -> dict[str, dict]:
    paths = sorted(fits_dir.glob("*.json.gz"))
    wanted = [p for p in paths if not names or p.name.removesuffix(".json.gz") in names]
    missing = sorted(set(names) - {p.name.removesuffix(".json.gz") for p in paths})
    if missing:
        raise SystemExit(f"bench.relabel: no kept fit named {missing[0]} in {fits_dir}")
    return {p.name.removesuffix(".json.gz"): read_record(p) for p in wanted}


def _main(argv: list[str]) -> None:
    command, *rest = argv or ["--help"]
    least = {"fit": 3, "labels": 2, "changed": 4}.get(command)
    if command in ("-h", "--help"):
        print(USAGE)
        return
    if least is None or len(rest) < least or (command != "labels" and len(rest) != least):
        raise SystemExit(f"{USAGE}\n(got: {' '.join(argv)})")
    if command == "fit":
        corpus, name, fits_dir = rest
        print(keep(corpus, name, Path(fits_dir)))
    elif command == "labels":
        fits_dir, out, *names = rest
        records = _records(Path(fits_dir), names)
        near = {name: _nearness(Path(fits_dir), name) for name in records}
        rows = [row for name, record in records.items() for row in group_labels(record, near[name])]
        Path(out).write_text("".join("\t".join(map(str, row)) + "\n" for row in rows), encoding="utf-8")
    else:
        before, after, fits_dir, out = rest
        for path in (before, after):
            if not Path(path).is_file():
                raise SystemExit(f"bench.relabel changed: no such file: {path}")
        bundle = changed_bundle(read_rows(Path(before)), read_rows(Path(after)), _records(Path(fits_dir), []))
        Path(out).write_text(json.dumps(bundle, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{len(bundle['groups'])} groups whose label differs")


if __name__ == "__main__":
    _main(sys.argv[1:])
