"""Files to papers: readers for each input format, deduplication with provenance, and paper names.

Data flows ``readers`` (files -> raw entries, one row per entry) ->
``load`` (the entry points: read, then merge duplicates, found by
``minhash`` and merged into one row by ``merge``, every place each paper
appeared kept) -> ``names`` (a short name per paper). ``dedup`` is the old
home of the entry points, kept for callers that import from it.
"""
