"""Topic and theme analysis of research abstracts.

Example:
    >>> from analysis import load_corpus, fit_topics
    >>> papers = load_corpus("seeds/")
    >>> result = fit_topics(papers)
    >>> result.topics[["label", "size", "theme"]]
"""

from analysis.corpus.dedup import deduplicate, load_corpus
from analysis.corpus.readers import read_abstracts
from analysis.errors import InputError
from analysis.model.result import TopicResult
from analysis.model.themes import ThemeSet, load_themes
from analysis.model.topics import TopicModel, fit_topics

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
        from analysis.report.widget import TopicMapWidget

        return TopicMapWidget
    raise AttributeError(f"module 'analysis' has no attribute {name!r}")
