"""Topic and theme analysis of research abstracts.

Example:
    >>> from analysis import load_corpus, fit_topics
    >>> papers = load_corpus("seeds/")
    >>> result = fit_topics(papers)
    >>> result.topics[["label", "size", "theme"]]
"""

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    # What the type checker sees of the names below: the real types, where
    # ``__getattr__`` alone would make every one of them an ``object``.
    from analysis.corpus.load import deduplicate as deduplicate
    from analysis.corpus.load import load_corpus as load_corpus
    from analysis.corpus.readers import read_abstracts as read_abstracts
    from analysis.errors import InputError as InputError
    from analysis.model.themes import ThemeSet as ThemeSet
    from analysis.model.themes import load_themes as load_themes
    from analysis.model.topic_result import TopicResult as TopicResult
    from analysis.model.topics import TopicModel as TopicModel
    from analysis.model.topics import fit_topics as fit_topics
    from analysis.report.widget import TopicMapWidget as TopicMapWidget

# Each public name and the module that defines it, imported on first use: a
# command that only reads lists (``python -m analysis corpus``) never pays for
# scikit-learn, and the CLI and the report never import the widget libraries.
_EXPORTS = {
    "InputError": "analysis.errors",
    "ThemeSet": "analysis.model.themes",
    "TopicMapWidget": "analysis.report.widget",
    "TopicModel": "analysis.model.topics",
    "TopicResult": "analysis.model.topic_result",
    "deduplicate": "analysis.corpus.load",
    "fit_topics": "analysis.model.topics",
    "load_corpus": "analysis.corpus.load",
    "load_themes": "analysis.model.themes",
    "read_abstracts": "analysis.corpus.readers",
}
__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> object:
    """A public name, imported from its module on first use."""
    if name not in _EXPORTS:
        raise AttributeError(f"module 'analysis' has no attribute {name!r}")
    value = getattr(import_module(_EXPORTS[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})
