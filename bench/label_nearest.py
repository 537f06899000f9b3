"""A trial labeller (issue 34, panels 111-112): a weak group named by whichever of our own names is nearest its papers.

Readers' scores of our labels rise with the MiniLM cosine between a label and its group's mean unit embedding
(32 ML fits: 1.95 of 5 below 0.3, 3.90 above 0.7; ``bench/RESULTS.md``). A group the labeller names weakly (no
field holding :data:`bench.label_vocabulary.STRONG_SHARE` of it) takes, of the names the labeller could give it,
the one nearest its papers where that is :data:`MARGIN` nearer than its own name: its fields holding
:data:`FIELD_SHARE` of it (a topic's narrow ones), two narrow fields holding half of it, and its phrases' name.
Names other groups of the level have are skipped. This is a bench trial, not the suite's labeller.

    python -m bench.label_nearest labels FITS_DIR BASE.tsv OUT.tsv [NAME...]

``BASE.tsv`` is ``python -m bench.relabel labels`` of the same fits; ``OUT.tsv`` is written in that form. Each
fit's embeddings are kept as ``FITS_DIR/NAME.minilm.npy`` (as :mod:`bench.label_vocabulary` keeps them).
"""

from __future__ import annotations

import sys
from collections.abc import Callable

import numpy as np

MARGIN = 0.05
FIELD_SHARE = 0.35


def own_candidates(table: object, rows: np.ndarray, level: str, corpus: tuple[list[str], list[str]]) -> set[str]:
    """The names the labeller could give a group: its fields, two narrow fields, its phrases' name."""
    from analysis.model.naming import candidates, choose, field_candidates
    from analysis.model.naming_fields import _area_fields
    from analysis.model.naming_text import written

    texts, titles = corpus
    fields = field_candidates(table, rows)  # type: ignore[arg-type]
    names = {f.name for f in fields if f.share >= FIELD_SHARE and (level == "area" or not f.broad)}
    two = _area_fields([f for f in fields if not f.part], len(rows), hold=0.5, most=2)
    if two:
        names.add(two)
    parts = choose(candidates(table, rows, joined=False), len(rows), set())  # type: ignore[arg-type]
    if parts:
        members, heads = [texts[i] for i in rows], [titles[i] for i in rows]
        names.add(written([p.key for p in parts], table, members, heads, len(texts)))  # type: ignore[arg-type]
    return names


def relabel(record: dict, embeddings: np.ndarray, own: dict, encode: Callable[[list[str]], np.ndarray]) -> list[tuple]:
    """Each group's label: the labeller's own (``own``: (level, group) -> label) or a nearer one of its candidates."""
    from analysis.model import phrase_table
    from analysis.model.labels import BOILERPLATE, titles_or_first_sentences
    from analysis.model.naming_subjects import title_genres
    from bench.label_vocabulary import _unit, groups_by_size, strong_groups

    strong = strong_groups(record)
    phrase_table.forget_tables()
    texts = record["texts"]
    titles = titles_or_first_sentences(texts, record["given"])
    table = phrase_table.cached_table(texts, titles, {*BOILERPLATE, *title_genres(titles)})
    units = _unit(embeddings)
    rows_out = []
    for level, ids, groups in groups_by_size(record):
        used = {own[(level, g)].lower() for g in groups}
        for group in groups:
            rows = np.flatnonzero(ids == group)
            mine = label = own[(level, group)]
            if (level, group) not in strong:
                named = own_candidates(table, rows, level, (texts, titles))
                options = sorted(n for n in named if n != mine and n.lower() not in used)
                if options:
                    centroid = _unit(units[rows].mean(axis=0))
                    cosines = _unit(encode(options)) @ centroid
                    best = int(np.argmax(cosines))
                    if cosines[best] > float(_unit(encode([mine])[0]) @ centroid) + MARGIN:
                        label = options[best]
                        used.discard(mine.lower())
                        used.add(label.lower())
            rows_out.append((record["name"], level, group, len(rows), label))
    return rows_out


if __name__ == "__main__":
    from bench.label_vocabulary import relabel_fits

    relabel_fits(sys.argv[1:], "bench.label_nearest", lambda encode: relabel)
