"""The reading-group report: content (reading order, pairs, misfits) and escaping in every HTML output."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

from analysis.figures.registry import REGISTRY
from analysis.model import measures
from analysis.report import content as report_content
from analysis.report import document as report
from analysis.report.topic_map import MAP_PLOTLY_JS, PLOTLY_JS, json_text_for_script, topic_map_html, unpacked

SCRIPT = "<script>alert(1)</script>"
IMG = "<img src=x onerror=alert(1)>"
ESCAPED_SCRIPT = "&lt;script&gt;alert(1)&lt;/script&gt;"


@pytest.mark.parametrize(
    ("text", "name", "expected"),
    [
        ("Watermarks fail. We reveal why. We introduce WASH, which averages models.", "WASH", "We introduce WASH"),
        ("Models are big. In this paper, we propose a small one. It works.", "", "We propose a small one."),
        ("X fails. Building on this insight, We propose ProtoVAR. It works.", "ProtoVAR", "We propose ProtoVAR."),
        ("X fails. Moreover, we introduce Y to fix it.", "", "We introduce Y to fix it."),
        ("X fails. To address these limitations, we present Z.", "", "We present Z."),
        ("Bounds matter. We derive a new bound. Experiments show the proposed bound is tight.", "", "We derive"),
        ("Nothing here introduces anything. It just is.", "", "Nothing here"),
        ("A **bold** claim about $\\mathcal{O}(n)$ time. More.", "", "A bold claim about O(n) time."),
        ("", "", ""),
        # Sentences glued without a space (319 of the reference corpus's abstracts): "LLMs.To overcome".
        ("Hard for LLMs.To overcome this, we propose X. It works.", "", "We propose X."),
        # A clause pointing back at what came before goes; a sentence adverb too, with or without its comma.
        ("X fails. In response to these challenges, we introduce Y.", "", "We introduce Y."),
        ("X fails. In our work, we propose Y.", "", "We propose Y."),
        ("X fails. Here we introduce Y.", "", "We introduce Y."),
        ("X fails. Then, to characterize Z, we introduce Y.", "", "We introduce Y."),
        ("X fails. As such, in this paper, we introduce Y.", "", "We introduce Y."),
        # A clause with content of its own stays.
        ("X. In the contrastive setting, we introduce an objective.", "", "In the contrastive setting, we introduce"),
        # "the proposed method" is no proposal; "we focus on" and "we address" say what the paper does.
        ("X. Lastly, we believe the proposed method extends. Hence, in this work, we focus on it.", "", "We focus"),
        ("X fails. We address these shortcomings with a sparse method.", "", "We address these shortcomings"),
        ("X fails. Firstly, we propose a decomposition.", "", "We propose a decomposition."),
        # A name seen only in a link does not make its sentence the paper's ("Project page: https://.../EmerDiff/").
        ("Diffusion models segment. Project page: https://x.io/EmerDiff/", "EmerDiff", "Diffusion models segment."),
        # A quotation ends a sentence: 'goal of "image as a language." This paper presents K'.
        ('A goal of "image as a language." This paper presents K.', "", "This paper presents K."),
    ],
)
def test_summary_sentence_picks_what_the_paper_does(text, name, expected):
    assert report_content.summary_sentence(text, name).startswith(expected)


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("$\\texttt{DOIT}$ ($\\textbf{D}$oob-Oriented Inference-time Transformation)", "DOIT (Doob-Oriented"),
        ("**E**nergy-based **R**anking", "Energy-based Ranking"),
        ("regret $O(\\sqrt{T})$ and $\\tilde{O}(d\\sqrt{T \\log T})$", "regret O(√T) and O(d√(T log T))"),
        ("with $\\epsilon \\leq \\frac{1}{2}$", "with ε ≤ 1/2"),
        ("benefits of LLMs.To overcome (SDS).Though", "benefits of LLMs. To overcome (SDS). Though"),
        # Not a sentence's end: one letter before the stop, a capital after it, a link.
        ("e.g.The ADE20K.AT v1.5 at github.com/a/Repo.Name", "e.g.The ADE20K.AT v1.5 at github.com/a/Repo.Name"),
        # Dots, stars and a set's braces had gone ("points x_1^, , x_n^", "t ∈ \\1,2, T\\").
        ("points $x_1^\\star, \\ldots, x_n^\\star$", "points x_1^⋆, …, x_n^⋆"),
        ("step $t \\in \\{1, 2, \\cdots, T\\}$ with $A^\\top B$", "step t ∈ {1, 2, ⋯, T} with A^⊤ B"),
        ("odd\x01 $\\{x\\}$", "odd {x}"),  # the set's braces wait as control characters
        ("where \\begin{equation}x^2\\end{equation} holds", "where x^2 holds"),  # not "equationx^2equation"
        # Macros papers define for "e.g." and "i.e." ("methods ( , PPO)").
        ("methods (\\eg PPO, \\ie on-policy)", "methods (e.g. PPO, i.e. on-policy)"),
    ],
)
def test_abstracts_are_shown_as_readable_text(raw, shown):
    from analysis.text import readable

    assert readable(raw).startswith(shown)


def test_no_raw_markup_in_any_html_or_markdown_output(seed_report_dir, seed_result):
    # The seeds hold LaTeX ($\texttt{DOIT}$, $\textbf{D}$oob) and markdown (**E**nergy).
    assert seed_result.papers["text"].str.contains(r"\$\\text|\*\*[A-Z]\*\*", regex=True).sum() >= 2
    from analysis.report.topic_map import map_papers

    markers = re.compile(r"\\text(?:bf|tt|it)|\$\\|\*\*[A-Z]\*\*")
    for path in [seed_report_dir / "report.html", seed_report_dir / "report.md"]:
        found = markers.findall(path.read_text(encoding="utf-8"))
        assert not found, f"{path.name} shows raw markup: {found[:3]}"
    # The map page also inlines plotly.js (whose regexes hold "$\\"): check what it shows of the papers.
    shown = [paper[key] for paper in map_papers(seed_result) for key in ("name", "blurb", "text")]
    assert not [text for text in shown if markers.search(text)]


def test_the_guide_shows_full_titles_uncut(seed_result):
    import dataclasses

    papers = seed_result.papers.copy()
    long_title = "Nemesis: Normalizing the Soft-prompt Vectors of Vision-Language Models for Robust Few-Shot Transfer"
    papers["title"] = ""
    papers.loc[0, "title"] = long_title
    documents = seed_result.documents.copy()
    documents.loc[0, "name"] = "Nemesis"
    result = dataclasses.replace(seed_result, papers=papers, documents=documents)
    markdown = report.report_markdown(result, [])
    assert f"**Nemesis**, *{report.md_escape(long_title)}* — " in markdown
    assert f"<span class='title'>{long_title}</span>" in report.report_html(result, [])


def test_a_main_clause_before_we_is_not_cut():
    # "Our" points back only in a leading clause; a sentence whose subject it starts is kept whole.
    sentence = "Our framework, dubbed Z, is efficient, whereas when trained on 10% of the data, we match the best."
    assert report_content.standalone(sentence) == sentence


def test_summary_sentence_is_short():
    long = "We propose " + "very " * 200 + "long things."
    assert len(report_content.summary_sentence(long)) <= report_content.SUMMARY_LIMIT


def test_reading_order_ranks_every_paper_once_most_central_first(seed_result):
    order = measures.reading_order(seed_result)
    assert sorted(order["row"]) == list(range(len(seed_result.documents)))
    for theme, group in order.groupby("theme"):
        assert list(group["rank"]) == list(range(1, len(group) + 1))
        assert list(group["centrality"]) == sorted(group["centrality"], reverse=True)
        assert set(seed_result.documents.loc[group["row"], "theme"]) == {theme}


def test_cross_theme_pairs_differ_in_theme_and_are_most_similar_first(seed_result):
    pairs = measures.cross_theme_pairs(seed_result)
    themes = seed_result.documents["theme"]
    assert 0 < len(pairs) <= measures.MAX_PAIRS
    assert (themes[pairs["first"]].to_numpy() != themes[pairs["second"]].to_numpy()).all()
    assert "other" not in set(themes[pairs["first"]]) | set(themes[pairs["second"]])
    assert list(pairs["cosine"]) == sorted(pairs["cosine"], reverse=True)
    vectors = seed_result.embeddings / np.linalg.norm(seed_result.embeddings, axis=1, keepdims=True)
    a, b, cosine = int(pairs["first"].iloc[0]), int(pairs["second"].iloc[0]), pairs["cosine"].iloc[0]
    assert np.isclose(vectors[a] @ vectors[b], cosine, atol=0.005)  # shown to two decimals


def test_misfits_hold_every_paper_outside_the_themes(seed_result):
    misfits = report_content.misfits(seed_result)
    outside = set(np.flatnonzero(seed_result.documents["theme"] == "other"))
    assert outside <= set(misfits["row"])
    assert set(misfits.loc[misfits["kind"] == "no theme", "row"]) == outside
    between = misfits[misfits["kind"] == "between themes"]
    assert (seed_result.documents.loc[between["row"], "theme_margin"] < report_content.AMBIGUOUS_MARGIN).all()


def test_markdown_has_every_theme_every_paper_in_reading_order(seed_result):
    text = report.report_markdown(seed_result, ["map.png", "map.svg"])
    order = measures.reading_order(seed_result)
    for theme in set(seed_result.documents["theme"]):
        assert f"## {report.md_escape(theme)}\n" in text
        section = text.split(f"## {report.md_escape(theme)}\n")[1].split("\n## ")[0]
        names = re.findall(r"^\d+\. \*\*(.+?)\*\* — ", section, flags=re.MULTILINE)
        expected = [
            report.md_escape(seed_result.documents.loc[r, "name"]) for r in order[order["theme"] == theme]["row"]
        ]
        assert names == expected
    assert "![" in text and "(map.png)" in text and "(topic_sizes.png)" not in text  # only files that exist
    assert "## Related papers in different themes" in text and "## Papers that fit no theme well" in text


def test_markdown_says_why_static_figures_are_missing(seed_result):
    text = report.report_markdown(seed_result, [], skipped="no Chromium found")
    assert "Static figures were not written: no Chromium found" in text
    assert ".png)" not in text


def test_html_embeds_svgs_or_falls_back_to_interactive_figures(seed_result):
    from analysis.figures import plot_map

    with_svg = report.report_html(seed_result, ["map.svg", "map.png"])
    assert '<img src="map.svg"' in with_svg and "plotly.min.js" not in with_svg
    fallback = report.report_html(seed_result, [], skipped="no Chromium", figures={"map": plot_map(seed_result)})
    assert '<script charset="utf-8" src="plotly.min.js"></script>' in fallback
    assert 'id="figure-map"' in fallback and "<img" not in fallback
    # As wide as the page, not the 1200 pixels the map is drawn for export.
    assert '"width":1200' not in fallback.replace(" ", "") and '{"responsive": true}' in fallback
    assert plot_map(seed_result).layout.width == 1200  # the figure given is not changed


def test_md_escape_disarms_html_and_markdown():
    assert report.md_escape("a <b>|*_[x]</b> & c") == r"a &lt;b&gt;\|\*\_\[x\]&lt;/b&gt; &amp; c"


# ---------------------------------------------------------------- escaping in every HTML output


def _outside_plotly_js(page: str) -> str:
    page = page.replace(PLOTLY_JS.read_text(encoding="utf-8"), "")
    return page.replace(MAP_PLOTLY_JS.read_text(encoding="utf-8"), "")


def test_report_html_and_md_show_hostile_abstract_as_text(hostile_report_dir):
    for name in ("report.html", "report.md"):
        text = (hostile_report_dir / name).read_text(encoding="utf-8")
        assert SCRIPT not in text and IMG not in text and "<img src=x" not in text, name
        assert "<b>list</b>" not in text
        assert ESCAPED_SCRIPT in text, name


def test_topic_map_html_shows_hostile_abstract_as_text(hostile_report_dir):
    page = (hostile_report_dir / "topic_map.html").read_text(encoding="utf-8")
    rest = _outside_plotly_js(page)
    assert len(rest) < len(page)  # plotly.js is inline
    assert SCRIPT not in rest and "<img src=x" not in rest and "<b>list</b>" not in rest
    assert rest.count("<script") == 3  # plotly.js, the data, the page script: nothing injected
    data = re.search(r'<script type="application/json" id="map-data">(.*?)</script>', rest, re.DOTALL).group(1)
    assert "<" not in data and ">" not in data and "&" not in data.replace("\\u0026", "")
    papers = json.loads(data)["papers"]
    assert papers["columns"]["name"][-1] == SCRIPT + " " + IMG  # intact after JSON.parse, shown with textContent
    assert SCRIPT in unpacked(papers)[-1]["text"]  # the abstract, gzipped in base64, decodes to the same text


def test_view_pages_show_hostile_topic_label_as_text(hostile_report_dir, seed_report_dir, hostile_result):
    for name in (figure.view.file for figure in REGISTRY.views(hostile_result)):
        page = (hostile_report_dir / name).read_text(encoding="utf-8")
        assert SCRIPT not in page and "<img src=x" not in page, name
        assert page.count("<script") == (seed_report_dir / name).read_text(encoding="utf-8").count("<script")
        assert '<script charset="utf-8" src="plotly.min.js"></script>' in page
    assert (hostile_report_dir / "plotly.min.js").stat().st_size > 1_000_000


def test_json_for_script_cannot_close_the_script_element():
    text = json_text_for_script(json.dumps({"a": "</script><b>&amp;"}))
    assert "<" not in text and ">" not in text and "&" not in text.replace("\\u0026", "")
    assert json.loads(text) == {"a": "</script><b>&amp;"}


def test_topic_map_needs_nothing_from_the_network(seed_result):
    page = _outside_plotly_js(topic_map_html(seed_result))
    assert not re.search(r"<(script|link|img|iframe)[^>]+(src|href)=", page)
    assert "@import" not in page and "url(" not in page  # no fonts or styles fetched by CSS


def test_seed_summaries_stand_alone(seed_result):
    # Several seed sentences open with a connective ("Building on this insight, We propose ProtoVAR").
    assert seed_result.papers["text"].str.contains("Building on this insight, ").sum() >= 2
    content = report_content.ReportContent.build(seed_result)
    for summary in content.summaries:
        assert summary[:1].isupper() and not report_content._CONNECTIVE.match(summary), summary


def test_the_guides_reading_list_is_bibtex_in_reading_order(seed_result):
    import bibtexparser

    from analysis.report.document import ReportContent, reading_list_bibtex

    content = ReportContent.build(seed_result)
    library = bibtexparser.parse_string(reading_list_bibtex(content))
    assert not library.failed_blocks and len(library.entries) == len(seed_result.papers) == 26
    abstracts = [e["abstract"] for e in library.entries]
    first = seed_result.papers["text"].iat[int(content.order["row"].iat[0])]
    assert abstracts[0].split()[:5] == first.split()[:5]  # the guide's first paper comes first
    assert len({e.key for e in library.entries}) == 26


def test_the_contents_menu_opens_with_what_is_new_only_when_a_batch_was_added(seed_result):
    import dataclasses

    from analysis.model.incremental import FIRST_BATCH

    def nav(page: str) -> str:
        return re.search(r"<nav>.*?</nav>", page).group(0)

    plain = report.report_html(seed_result, [])
    assert "What is new" not in plain and "what-is-new" not in plain
    n = len(seed_result.documents)
    # A batch that merged into old papers only: every paper is of the first fit, no section, no entry.
    merged = seed_result.documents.assign(batch=FIRST_BATCH, misfit=False)
    page = report.report_html(dataclasses.replace(seed_result, documents=merged), [])
    assert nav(page) == nav(plain) and "what-is-new" not in page
    batched = seed_result.documents.assign(batch=[FIRST_BATCH] * (n - 2) + ["week 2"] * 2, misfit=False)
    page = report.report_html(dataclasses.replace(seed_result, documents=batched), [])
    assert nav(page) == nav(plain).replace("<ul>", '<ul><li><a href="#what-is-new">What is new</a></li>', 1)
    section = page.index('<section id="what-is-new">\n<h2>What is new</h2>')
    assert page.index("</nav>") < section < page.index('<section id="theme-')


def test_a_paper_has_the_same_citation_key_on_the_map_and_in_the_reading_list(seed_result):
    """Keys made alike get letters in table order; the reading list (in reading order) keeps those letters."""
    import dataclasses

    from analysis.report.topic_map import map_papers

    papers = seed_result.papers.copy()
    papers["authors"], papers["year"] = "Ada Smith", "2026"  # every paper's made key starts "smith2026"
    papers["title"] = ["Deep " + str(name) for name in seed_result.documents["name"]]
    result = dataclasses.replace(seed_result, papers=papers)
    content = report_content.ReportContent.build(result)
    key_of = re.compile(r"@\w+\{([^,]+),\n  title = \{\{?(.*?)\}?\},")
    on_map = dict(key_of.match(row["bib"]).groups()[::-1] for row in map_papers(result, content.citation_keys))
    listed = {title: key for key, title in key_of.findall(report.reading_list_bibtex(content))}
    assert len(on_map) == len(listed) == len(papers) == 26
    assert listed == on_map
    assert sorted(on_map.values())[:3] == ["smith2026deep", "smith2026deepa", "smith2026deepb"]
    # The reading order is not the table's: with keys made in each order the letters would differ.
    assert content.order["row"].tolist() != list(range(26))


def test_reference_summaries_stand_alone(reference_records):
    # The whole reference corpus: 319 of its abstracts glue a sentence to the one before ("LLMs.To").
    glued = re.compile(r"\w\w\.[A-Z][a-z]")
    abstracts = [r["abstract"] for r in reference_records]
    assert sum(bool(glued.search(a)) for a in abstracts) >= 300
    summaries = [report_content.summary_sentence(a) for a in abstracts]
    assert [s for s in summaries if glued.search(s.replace("e.g.", "").split("http")[0])] == []
    # A summary already stands alone: taking its opening clause off again changes nothing.
    assert [s for s in summaries if report_content.standalone(s) != s] == []
    starts = [s.split()[0] for s in summaries if s]
    assert starts.count("We") >= 0.75 * len(summaries)


def test_what_is_new_and_add_say_counts_in_plain_words():
    # They said "0 formed 0 new topics" and "(1 of them fit no topic well and are flagged as misfits)".
    from analysis.model.incremental import AddSummary
    from analysis.pipeline import add_message
    from analysis.report.whats_new import WhatIsNew, _sentences

    one = WhatIsNew("week 3", added=4, misfits=1, new_topics=(), grown=())
    assert _sentences(one)[0] == (
        "Batch week 3: 4 new papers; 4 joined existing topics "
        "(1 of them fits no topic well and is flagged as a misfit)."
    )
    two = WhatIsNew("week 4", added=1, misfits=0, new_topics=(("sourdough bread", 1),), grown=())
    assert _sentences(two)[0] == "Batch week 4: 1 new paper; 0 joined existing topics, 1 formed 1 new topic."
    summary = AddSummary("week 3", read=4, merged=0, in_old_topics=4, in_new_topics=0, misfits=2, new_topics=())
    said = add_message(summary)
    assert said.splitlines()[1] == "50% fit an old topic, 50% fit no topic (joined the nearest, flagged as misfit)"
