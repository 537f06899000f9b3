"""Where the corpus entry points used to live: kept so that ``from analysis.corpus.dedup import ...`` still works.

New code imports from :mod:`analysis.corpus.load` (reading and merging),
:mod:`analysis.corpus.merge` (the row each paper gets) and
:mod:`analysis.corpus.minhash` (the near-duplicate search).
"""

from analysis.corpus.load import Corpus, deduplicate, load_corpus, load_papers, match_existing, summarize
from analysis.corpus.merge import DUPLICATE_COLUMNS, PAPER_COLUMNS, doc_id
from analysis.corpus.minhash import Shingles, jaccard, minhash

__all__ = [
    "DUPLICATE_COLUMNS",
    "PAPER_COLUMNS",
    "Corpus",
    "Shingles",
    "deduplicate",
    "doc_id",
    "jaccard",
    "load_corpus",
    "load_papers",
    "match_existing",
    "minhash",
    "summarize",
]
