"""Each corpus's titles against the lexicon's gate: whether its fields name the corpus's groups.

``python -m bench.lexicon_gate CORPUS [CORPUS ...]`` prints one JSON line per
corpus: its papers, how many of its titles hold a narrow field's cue (the
venue's own fields not counted), the share the gate asks
(:func:`analysis.model.field_table.lexicon_gate`), the venue's own fields and
whether the lexicon names its groups. Venues sit near the gate (0.56-0.61 for
CVPR 2013-2017 and ICRA and IROS 2008-2010), and a change to a field's cues or
needs moves them across it: ICRA 2010 fell under it between final panels 48
and 51, unseen, and blind readers scored the names it lost 3.61 of 5 against
2.94 for the phrases that replaced them. Run it on the fitted corpora before
and after a change to the lexicon.
"""

from __future__ import annotations

import json
import sys


def gate(corpus: str) -> dict:
    """The lexicon's gate on one corpus (a path :func:`analysis.load_corpus` reads)."""
    from analysis import load_corpus
    from analysis.embedding.cache import document_texts
    from analysis.model.ctfidf import BOILERPLATE
    from analysis.model.describe import paper_titles
    from analysis.model.field_table import covers, lexicon_gate
    from analysis.model.labels import titles_or_first_sentences
    from analysis.model.naming import phrase_table
    from analysis.text import strip_markup

    papers = load_corpus(corpus)
    texts = [strip_markup(t) for t in document_texts(papers)]
    titles = titles_or_first_sentences(texts, paper_titles(papers))
    found = phrase_table(texts, titles, BOILERPLATE).fields
    titled, count, share = lexicon_gate(found)
    return {
        "corpus": corpus,
        "papers": count,
        "titles_with_a_cue": titled,
        "share": round(titled / count, 3) if count else 0.0,
        "gate": share,
        "venue_fields": [f.name for f, own in zip(found.fields, found.venue.tolist(), strict=True) if own],
        "lexicon_names_groups": covers(found),
    }


if __name__ == "__main__":
    for path in sys.argv[1:]:
        print(json.dumps(gate(path)), flush=True)
