"""Files to papers: readers for each input format, deduplication with provenance, and paper names.

Data flows ``readers`` (files -> raw entries, one row per entry) ->
``dedup`` (entries -> unique papers, every place each appeared kept) ->
``names`` (a short name per paper).
"""
