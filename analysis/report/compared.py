"""The report's "Lists compared" and "Over the years" sections: what each source list or year has more of.

The numbers come from :mod:`analysis.model.measures` (the same as the
``list_comparison`` and ``topics_over_time`` figures); here they become
sentences, written as plain text and escaped once per output. A section is
left out when its data is: papers from one source list, fewer than two years.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pandas as pd

from analysis.model import measures as compare
from analysis.model.measures import SMALL_GROUP, SMALL_NOTE, Groups
from analysis.text import escape

if TYPE_CHECKING:
    from analysis.model.topic_result import TopicResult


@dataclass(frozen=True)
class Section:
    """One section as plain text.

    Attributes:
        anchor: Its id in ``report.html``.
        title: Its heading.
        intro: Sentences before the list.
        items: ``(group, what it has)`` per list or year.
        outro: Sentences after the list.
    """

    anchor: str
    title: str
    intro: tuple[str, ...]
    items: tuple[tuple[str, str], ...]
    outro: tuple[str, ...]


def _papers(count: int) -> str:
    return f"{count} paper{'s' if count != 1 else ''}"


def _percent(share: float) -> str:
    return f"{share:.0%}"


def _more_phrase(rows: pd.DataFrame, others: str) -> str:
    """``label (5 papers, 26% against 11% in the other lists); ...`` for rows of :func:`more_of`."""
    return "; ".join(
        f"{row.label} ({_papers(int(row.papers))}, {_percent(row.share)} against "
        f"{_percent(row.others_share)} in the other {others})"
        for row in rows.itertuples()
    )


def _group_items(result: TopicResult, groups: Groups, others: str) -> tuple[tuple[str, str], ...]:
    """Per group: its papers, a small-group flag, and the topics and themes it has more of than the others."""
    topics = compare.more_of(compare.group_shares(result, groups, "topic"))
    themes = compare.more_of(compare.group_shares(result, groups, "theme"))
    items = []
    for group, size in zip(groups.names, groups.sizes, strict=True):
        parts = [_papers(size) + (f" ({SMALL_NOTE})" if size < SMALL_GROUP else "")]
        for kind, rows in (("topic", topics), ("theme", themes)):
            mine = rows[rows["group"] == group]
            found = f"{kind.capitalize()}s it has more of: {_more_phrase(mine, others)}"
            parts.append(found if len(mine) else f"No {kind} above its share in the other {others}")
        items.append((group, ". ".join(parts) + "."))
    return tuple(items)


_LISTS_INTRO = (
    "What each source list has more of than the other lists: a topic's (or theme's) share of the list's papers "
    "against its share among the papers of the other lists. A paper in two lists counts in both. "
    f"A list under {SMALL_GROUP} papers is flagged: one paper moves its shares by several points."
)


def _only_in_sentence(result: TopicResult, groups: Groups, first: str, second: str) -> str:
    """The plain reading of two lists: the topics with papers in ``first`` and none in ``second``."""
    rows = compare.only_in(compare.group_shares(result, groups, "topic"), first, second)
    if rows.empty:
        return f"In {first} and not in {second}: no topic (every topic with papers in {first} has papers in {second})."
    found = "; ".join(
        f"{row.label} ({_papers(int(row.papers))} in {first}, 0 in {second})" for row in rows.itertuples()
    )
    return f"In {first} and not in {second} (topics with no paper of {second}): {found}."


def lists_compared(result: TopicResult) -> Section | None:
    """The "Lists compared" section; None for papers from fewer than two source lists."""
    groups = compare.list_groups(result)
    if not groups.compared():
        return None
    outro: tuple[str, ...] = ()
    if len(groups.names) == 2:
        a, b = groups.names
        outro = (_only_in_sentence(result, groups, a, b), _only_in_sentence(result, groups, b, a))
    items = _group_items(result, groups, "list" if len(groups.names) == 2 else "lists")
    return Section("lists-compared", "Lists compared", (_LISTS_INTRO,), items, outro)


def _change_phrase(rows: pd.DataFrame, first: str, last: str) -> str:
    """``label (1 of 12 papers in 2023, 8%, to 5 of 14 in 2024, 36%); ...``."""
    return "; ".join(
        f"{row.label} ({row.first_papers} of {_papers(int(row.first_total))} in {first}, "
        f"{_percent(row.first_papers / row.first_total)}, to {row.last_papers} of {row.last_total} in {last}, "
        f"{_percent(row.last_papers / row.last_total)})"
        for row in rows.itertuples()
    )


def _years_intro(groups: Groups) -> tuple[str, ...]:
    intro = (
        "Topics over the years: what each year has more of than the other years (a topic's or theme's share of "
        f"the year's papers against its share in the other years; a year under {SMALL_GROUP} papers is flagged), "
        "then the topics that grew and shrank between the first and the last year. The year is the paper's year "
        "column, else its date."
    )
    if not groups.left_out:
        return (intro,)
    verb = "is" if groups.left_out == 1 else "are"
    return (intro, f"{_papers(groups.left_out)} without a year {verb} left out.")


def over_the_years(result: TopicResult) -> Section | None:
    """The "Over the years" section; None for papers with fewer than two years."""
    groups = compare.year_groups(result)
    if not groups.compared():
        return None
    first, last = groups.names[0], groups.names[-1]
    grew, shrank = compare.grew_and_shrank(
        compare.change_between(compare.group_shares(result, groups, "topic"), first, last)
    )
    outro = (
        f"Grew from {first} to {last}: {_change_phrase(grew, first, last) if len(grew) else 'no topic'}.",
        f"Shrank from {first} to {last}: {_change_phrase(shrank, first, last) if len(shrank) else 'no topic'}.",
    )
    return Section(
        "over-the-years",
        "Over the years",
        _years_intro(groups),
        _group_items(result, groups, "year" if len(groups.names) == 2 else "years"),
        outro,
    )


def compared_sections(result: TopicResult) -> list[Section]:
    """The comparison sections that apply to ``result``, in report order."""
    return [section for section in (lists_compared(result), over_the_years(result)) if section is not None]


def section_markdown(section: Section, md_escape: Callable[[str], str]) -> list[str]:
    """A section as Markdown lines: the heading, the intro, one bullet per group, the outro."""
    lines = [f"## {section.title}", ""]
    lines += [line for sentence in section.intro for line in (md_escape(sentence), "")]
    lines += [f"- **{md_escape(group)}**: {md_escape(text)}" for group, text in section.items]
    lines.append("")
    lines += [line for sentence in section.outro for line in (md_escape(sentence), "")]
    return lines


def section_html(section: Section) -> str:
    """A section as HTML, every text escaped."""
    intro = "\n".join(f"<p>{escape(sentence)}</p>" for sentence in section.intro)
    items = "\n".join(
        f"<li><span class='name'>{escape(group)}</span>: {escape(text)}</li>" for group, text in section.items
    )
    outro = "".join(f"\n<p>{escape(sentence)}</p>" for sentence in section.outro)
    return (
        f'<section id="{section.anchor}">\n<h2>{escape(section.title)}</h2>\n{intro}\n'
        f"<ul>\n{items}\n</ul>{outro}\n</section>"
    )
