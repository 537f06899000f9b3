"""Topic and theme analysis of research abstracts."""

from .corpus import read_abstracts
from .dedup import deduplicate, load_corpus
from .errors import InputError

__all__ = ["InputError", "deduplicate", "load_corpus", "read_abstracts"]
