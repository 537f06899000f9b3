"""The report's short "What is new" section, once a batch of papers was added to a run.

Read from the result alone (its ``batch`` and ``misfit`` columns, written by
:mod:`analysis.model.incremental`): the latest batch is the batch of the
last paper added, so adding a batch that brings nothing new leaves the
section, like the rest of the report, as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from analysis.model.incremental import FIRST_BATCH
from analysis.text import escape, plural

if TYPE_CHECKING:
    from analysis.model.topic_result import TopicResult

# Old topics listed as grown most.
GREW_LISTED = 5
# The section's id in report.html, which the contents menu links to.
WHAT_IS_NEW_ID = "what-is-new"


@dataclass(frozen=True)
class WhatIsNew:
    """The latest batch in numbers.

    Attributes:
        batch: Its name.
        added: Papers it added.
        misfits: Of them, papers that fit no topic and joined the nearest one.
        new_topics: ``(label, size)`` of the topics it made, largest first.
        grown: ``(label, papers added, size now)`` of the old topics that grew most.
    """

    batch: str
    added: int
    misfits: int
    new_topics: tuple[tuple[str, int], ...]
    grown: tuple[tuple[str, int, int], ...]


def what_is_new(result: TopicResult) -> WhatIsNew | None:
    """The latest batch of ``result``; None for a run no batch was added to."""
    documents = result.documents
    if "batch" not in documents or documents.empty or documents["batch"].iat[-1] == FIRST_BATCH:
        return None
    batch = str(documents["batch"].iat[-1])
    mine = documents["batch"] == batch
    earlier = set(documents.loc[~mine, "topic"].tolist())
    sizes = documents["topic"].value_counts()
    labels = dict(zip(documents["topic"], documents["topic_label"], strict=True))
    added = documents.loc[mine, "topic"].value_counts()
    new = sorted((t for t in added.index if t not in earlier), key=lambda t: (-int(sizes[t]), t))
    old = sorted((t for t in added.index if t in earlier), key=lambda t: (-int(added[t]), t))[:GREW_LISTED]
    misfits = int(documents.loc[mine, "misfit"].sum()) if "misfit" in documents else 0
    return WhatIsNew(
        batch=batch,
        added=int(mine.sum()),
        misfits=misfits,
        new_topics=tuple((str(labels[t]), int(sizes[t])) for t in new),
        grown=tuple((str(labels[t]), int(added[t]), int(sizes[t])) for t in old),
    )


def _sentences(new: WhatIsNew) -> list[str]:
    """The section's sentences, plain text."""
    in_new = sum(size for _, size in new.new_topics)
    joined = f"{new.added - in_new} joined existing topics"
    if new.misfits == 1:
        joined += " (1 of them fits no topic well and is flagged as a misfit)"
    elif new.misfits:
        joined += f" ({new.misfits} of them fit no topic well and are flagged as misfits)"
    formed = f", {in_new} formed {plural(len(new.new_topics), 'new topic')}" if new.new_topics else ""
    lines = [f"Batch {new.batch}: {plural(new.added, 'new paper')}; {joined}{formed}."]
    if new.new_topics:
        lines.append("New topics: " + "; ".join(f"{label} ({size} papers)" for label, size in new.new_topics) + ".")
    if new.grown:
        grown = "; ".join(f"{label} (+{count}, now {size})" for label, count, size in new.grown)
        lines.append(f"Topics that grew most: {grown}.")
    lines.append("The map's batch filter shows the new papers alone.")
    return lines


def what_is_new_markdown(result: TopicResult, md_escape: Callable[[str], str]) -> list[str]:
    """The section as Markdown lines (none when no batch was added)."""
    new = what_is_new(result)
    if new is None:
        return []
    return ["## What is new", "", *[md_escape(line) for line in _sentences(new)], ""]


def what_is_new_html(result: TopicResult) -> str:
    """The section as HTML ("" when no batch was added)."""
    new = what_is_new(result)
    if new is None:
        return ""
    paragraphs = "\n".join(f"<p>{escape(line)}</p>" for line in _sentences(new))
    return f'<section id="{WHAT_IS_NEW_ID}">\n<h2>What is new</h2>\n{paragraphs}\n</section>'
