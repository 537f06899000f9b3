"""What the reading-group report says, computed once for its HTML and its Markdown.

For each theme: its papers in a suggested reading order (most central
first), each with one sentence on what it does, and the topics inside the
theme. Then closely related pairs of papers that sit in different themes,
and the papers that fit no theme well. :mod:`analysis.report.document` writes it out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from analysis.model.measures import cross_theme_pairs, reading_order
from analysis.model.themes import round_as_shown
from analysis.text import URL, sentences, shorten, strip_markup

if TYPE_CHECKING:
    from analysis.model.topic_result import TopicResult

# The margin (best minus second theme score) under which a paper counts as sitting between two themes.
AMBIGUOUS_MARGIN = 0.02
SUMMARY_LIMIT = 300

# "We propose X", "This paper introduces X": the sentence that says what the paper does; not "we
# believe the proposed method ..." ("the", "our" or "this" before "proposed" makes it an adjective).
_VERBS = r"(?:propos|introduc|present|develop|design)"
_INTRODUCING = rf"\b(?:{_VERBS}(?!ed\b)|(?<!the )(?<!our )(?<!this ){_VERBS}ed\b)"
_NAMED_INTRODUCES = re.compile(_INTRODUCING, re.IGNORECASE)
_WE = r"\b(we|this (?:paper|work|study|article)|here)\b.{0,80}?"
_INTRODUCES = re.compile(_WE + _INTRODUCING, re.IGNORECASE)
# Weaker: "we derive / study / show ...", used when no sentence introduces anything.
_CONTRIBUTES = re.compile(
    _WE + r"\b(derive|stud|show|prove|establish|analy[sz]|"
    r"investigat|reveal|identif|formulat|provide|build|construct|demonstrat|address|focus(?:es|ed|ing)? on)",
    re.IGNORECASE,
)


# Words that point back at what the abstract said before ("this insight", "these challenges", "our work").
_POINTING_BACK = r"\b(?:this|these|that|those|such|our)\b"

# A summary stands alone: "Moreover, we ..." or "Building on this insight,
# We ..." read as the middle of an argument, so such an opening goes.
_CONNECTIVE = re.compile(
    r"^(?:(?:moreover|furthermore|additionally|in addition|however|therefore|thus|hence|consequently|"
    r"specifically|concretely|finally|overall|importantly|notably|in particular|in this (?:paper|work|study)|"
    r"here|then|first(?:ly)?|second(?:ly)?|third(?:ly)?|next|further|subsequently|instead|after that|as such|"
    r"lastly|(?:and )?(?:more specifically|most importantly)|"
    r"to (?:this|that) end|to (?:address|tackle|overcome|solve|bridge|fill|close|mitigate|remedy) "
    r"(?:this|these|that|those|such|the)(?: \w+){0,3}|as a result|in response|"
    r"(?:building|based|drawing|inspired|motivated|guided|grounded) (?:on|upon|by) " + _POINTING_BACK + r"(?: \w+){0,3}"
    r"),\s+)+",
    re.IGNORECASE,
)


# A leading subordinate clause before "we ..." ("To address this problem and
# endow agents with memory, we propose COMAD"), or any clause that points back
# at what the abstract said before ("In response to these challenges, we ...",
# "In our work, we ..."), or a sentence adverb without its comma ("Here we
# ..."): the summary starts at "we". A clause that carries its own content
# stays ("In the contrastive learning setting, we introduce ...").
_LEADING_CLAUSE = re.compile(
    r"^(?:(?:here|then|first|next|instead)\s+)?"
    r"(?:(?:(?:to|by|in order to|motivated|inspired|building|based|drawing|guided|grounded|given|since|because|"
    r"while|although|unlike|leveraging|using|instead of|in contrast to)\b[^.;:]{0,240}?"
    r"|[^.;:,]{0,160}?" + _POINTING_BACK + r"[^.;:,]{0,160}?),\s+"
    r"|in (?:this|our) (?:paper|work|study|article)\s+)?"
    r"(?=(?:we|this (?:paper|work|study|article))\b)",
    re.IGNORECASE,
)


def standalone(sentence: str) -> str:
    """The sentence without a leading connective or subordinate clause before "we", starting with a capital.

    Example:
        >>> standalone("Building on this insight, We propose ProtoVAR.")
        'We propose ProtoVAR.'
        >>> standalone("To address this problem and endow agents with memory, we propose COMAD.")
        'We propose COMAD.'
    """
    rest = _LEADING_CLAUSE.sub("", _CONNECTIVE.sub("", sentence, count=1), count=1)
    return rest[:1].upper() + rest[1:] if rest else sentence


def summary_sentence(text: str, name: str = "", limit: int = SUMMARY_LIMIT) -> str:
    """One sentence on what the paper does, taken from the abstract.

    In order of preference: the sentence that introduces the paper's name
    ("We introduce WASH ..."), the first that proposes or introduces
    anything, the first that says what "we" derive, show or study, the first
    that names the paper, the first sentence. Markup is reduced to plain words.

    Example:
        >>> summary_sentence("Watermarks fail. We reveal why. We introduce WASH, which averages models.", "WASH")
        'We introduce WASH, which averages models.'
    """
    found = sentences(text)
    if not found:
        return ""
    # A name seen only in a link ("Project page: https://.../EmerDiff/") does not make the sentence the paper's.
    named = [s for s in found if name and len(name) > 2 and name in URL.sub("", s)]
    for candidates, pattern in ((named, _NAMED_INTRODUCES), (found, _INTRODUCES), (found, _CONTRIBUTES)):
        for sentence in candidates:
            if pattern.search(sentence):
                return shorten(standalone(sentence), limit)
    return shorten(standalone((named or found)[0]), limit)


def theme_topics(result: TopicResult, theme: str) -> list[tuple[int, str, int, int]]:
    """Topics holding papers of ``theme``: (topic, label, papers of the theme in it, topic size), most first."""
    documents = result.documents
    members = documents[documents["theme"] == theme]
    sizes = documents["topic"].value_counts()
    labels = dict(zip(result.topics["topic"], result.topics["label"], strict=True))
    counts = members["topic"].value_counts()
    order = sorted(counts.index, key=lambda t: (-counts[t], int(t)))
    return [(int(t), labels[t], int(counts[t]), int(sizes[t])) for t in order]


def misfits(result: TopicResult) -> pd.DataFrame:
    """Papers that fit no theme well: under every theme's floor, or nearly tied between two.

    Returns:
        ``row``, ``kind`` (``"no theme"`` or ``"between themes"``), ``best``,
        ``best_score``, ``second``, ``second_score``; weakest fit first.
    """
    names = [t.name for t in result.themes.themes]
    scores = np.asarray(result.theme_scores)
    order = np.argsort(-scores, axis=1, kind="stable")
    documents = result.documents
    rows = []
    for i, (theme, margin) in enumerate(zip(documents["theme"], documents["theme_margin"], strict=True)):
        outside = theme == result.themes.other
        if not outside and margin >= AMBIGUOUS_MARGIN:
            continue
        best = order[i, 0]
        second = order[i, 1] if scores.shape[1] > 1 else best
        rows.append(
            {
                "row": i,
                "kind": "no theme" if outside else "between themes",
                "best": names[best],
                "best_score": float(round_as_shown(scores[i, best])),
                "second": names[second],
                "second_score": float(round_as_shown(scores[i, second])),
            }
        )
    columns = ["row", "kind", "best", "best_score", "second", "second_score"]
    frame = pd.DataFrame(rows, columns=columns)
    return frame.sort_values(["kind", "best_score", "row"], ascending=[False, True, True], ignore_index=True)


@dataclass
class ReportContent:
    """Everything the report says, computed once for both the HTML and the Markdown."""

    result: TopicResult
    order: pd.DataFrame
    pairs: pd.DataFrame
    misfits: pd.DataFrame
    summaries: list[str]

    @classmethod
    def build(cls, result: TopicResult) -> ReportContent:
        """Compute reading order, pairs, misfits and one summary sentence per paper."""
        documents = result.documents_with("text")
        names = documents["name"].astype(str)
        summaries = [summary_sentence(t, n) for t, n in zip(documents["text"], names, strict=True)]
        return cls(result, reading_order(result), cross_theme_pairs(result), misfits(result), summaries)

    @property
    def sources(self) -> list[str]:
        """The source lists, in order of first appearance (none for a table that came without files)."""
        return [s for s in dict.fromkeys(self.result.papers["source"].astype(str)) if s]

    def title(self, row: int) -> str:
        """The paper's full title, markup reduced, or "" when it has none or its name already is it."""
        return self._titles[row]

    @cached_property
    def _titles(self) -> list[str]:
        documents = self.result.documents_with("title")
        names = documents["name"].astype(str).tolist()
        titles = [" ".join(strip_markup(t).split()) for t in documents["title"].tolist()]
        return ["" if title == name else title for title, name in zip(titles, names, strict=True)]

    @cached_property
    def documents(self) -> list[dict]:
        """Each paper's row of the documents table and its sources as a dict, by row (read many times while writing)."""
        return self.result.documents_with("sources").to_dict("records")

    @cached_property
    def citation_keys(self) -> list[str]:
        """Each paper's citation key (:func:`analysis.corpus.export.citation_keys`), by row."""
        from analysis.corpus.export import citation_keys

        return citation_keys(self.result.papers)

    @cached_property
    def links(self) -> list:
        """Each paper's link (:func:`analysis.report.links.paper_links`), by row."""
        from analysis.report.links import paper_links

        return paper_links(self.result.papers)

    def theme_description(self, theme: str) -> str:
        """The description from the themes file; a fixed sentence for "other"."""
        for item in self.result.themes.themes:
            if item.name == theme:
                return item.description
        return f"Papers whose best theme score stays under {self.result.themes.min_score:.2f}."
