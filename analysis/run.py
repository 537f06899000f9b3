"""What a run is given: the options the user chose (:class:`RunOptions`) and what it works with (:class:`Runtime`).

Both are frozen and passed whole through :mod:`analysis.pipeline` (``fit``,
``run_topics``, ``run_report``, ``run_add``, ``write_report``): the
command line builds them once from its flags, a Python caller changes only
the fields it needs (``RunOptions(embedding="fast")``, ``Runtime(progress=None)``).
The options decide what is written; the runtime never changes a file.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from analysis.config import DEDUP_THRESHOLD, DEFAULT_EMBEDDING, SAMPLE_FIT_ABOVE
from analysis.progress import Progress, Timer, stderr_progress

if TYPE_CHECKING:
    from analysis.cluster import Cluster
    from analysis.model.sampled import Mapper
    from analysis.model.themes import ThemeSet


@dataclass(frozen=True)
class RunOptions:
    """What the user chose for a run (the command line's options): the same options give the same files.

    Attributes:
        themes: Themes file, :class:`~analysis.ThemeSet`, or None for the bundled themes.
        embedding: Embedding backend (see :func:`analysis.fit_topics`).
        threshold: Near-duplicate threshold of the papers read.
        use_cache: Reuse an unchanged topic fit from the result cache
            (:mod:`analysis.model.fit_cache`); False refits and stores nothing.
        sample_above: Above this many papers the topics are fitted on a sample
            of that many and the rest assigned (:func:`analysis.pipeline.fit`); None: never.
        static: Render the report's PNG/SVG figures (needs a Chromium).
    """

    themes: ThemeSet | str | Path | None = None
    embedding: str = DEFAULT_EMBEDDING
    threshold: float = DEDUP_THRESHOLD
    use_cache: bool = True
    sample_above: int | None = SAMPLE_FIT_ABOVE
    static: bool = True


@dataclass(frozen=True)
class Runtime:
    """How a run does its work, not what it computes: no field changes a file written.

    Attributes:
        progress: Where progress lines go (default: stderr; None: nowhere).
        timer: Called as ``timer(stage, seconds)`` after each stage (see
            :mod:`analysis.progress`); None times nothing.
        cluster: A Dask cluster (:func:`analysis.cluster.open_cluster`) to
            embed on and to spread the sampled fit over; None: this process.
    """

    progress: Progress | None = stderr_progress
    timer: Timer | None = None
    cluster: Cluster | None = None

    @property
    def mapper(self) -> Mapper:
        """How a sampled fit runs its partitions: on the cluster when there is one, else builtin ``map``."""
        return self.cluster.map if self.cluster is not None else map

    def say(self, message: str) -> None:
        """One progress line (nothing without ``progress``)."""
        if self.progress is not None:
            self.progress(message)


# The defaults of the pipeline's functions: the bundled themes, MiniLM, the caches, progress on stderr.
DEFAULT_OPTIONS = RunOptions()
DEFAULT_RUNTIME = Runtime()
# A run that says nothing (the notebooks, the tests, a script of its own).
QUIET = Runtime(progress=None)
