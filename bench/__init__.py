"""Benchmarks of the analysis suite: speed and quality beside plain BERTopic, KMeans and LDA.

Run ``make bench`` (``python bench/run.py``); results go to ``bench/RESULTS.md``
and ``bench/results.json``. ``tests/test_bench.py`` runs the same code on a
tiny corpus so that it cannot rot.
"""
