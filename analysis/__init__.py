"""Topic and theme analysis of research abstracts.

Example:
    >>> from analysis import load_corpus, fit_topics
    >>> papers = load_corpus("seeds/")
    >>> result = fit_topics(papers)
    >>> result.topics[["label", "size", "theme"]]
"""

from .corpus import read_abstracts
from .dedup import deduplicate, load_corpus
from .errors import InputError
from .result import TopicResult
from .themes import ThemeSet, load_themes
from .topics import TopicModel, fit_topics

__all__ = [
    "InputError",
    "ThemeSet",
    "TopicMapWidget",
    "TopicModel",
    "TopicResult",
    "deduplicate",
    "fit_topics",
    "load_corpus",
    "load_themes",
    "read_abstracts",
]


def __getattr__(name: str):
    """``TopicMapWidget`` on first use: the CLI and the report need no widget libraries."""
    if name == "TopicMapWidget":
        from .widget import TopicMapWidget

        return TopicMapWidget
    raise AttributeError(f"module 'analysis' has no attribute {name!r}")
