"""Shared fixtures: the seed lists and the reference corpus (skipped when absent)."""

from __future__ import annotations

import json

import pytest

from analysis.config import REFERENCE_CORPUS, SEEDS_DIR

SEED_A = "000_9a806cafa3d919df.txt"
SEED_B = "001_2da18ae08bb855ef.txt"


@pytest.fixture(scope="session")
def seeds_dir():
    return SEEDS_DIR


@pytest.fixture(scope="session")
def reference_records():
    """The ICLR 2024 reference corpus from ../shared (read by path, never copied)."""
    if not REFERENCE_CORPUS.exists():
        pytest.skip(f"reference corpus not found at {REFERENCE_CORPUS}")
    with REFERENCE_CORPUS.open(encoding="utf-8") as handle:
        return [json.loads(line) for line in handle]
