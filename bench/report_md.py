"""bench/RESULTS.md from results.json: tables first, then how each number was measured."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

QUALITY_COLUMNS = ["nmi", "ari", "topics", "outliers", "theme_f1", "npmi", "diversity"]


def _fmt(value: object) -> str:
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "**no**"
    if isinstance(value, float):
        return f"{value:.3f}" if abs(value) < 10 else f"{value:.1f}"
    return str(value)


def _table(header: list[str], rows: list[list]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(_fmt(v) for v in row) + " |" for row in rows]
    return [*lines, ""]


def markdown(results: dict, plot_note: str = "") -> str:
    """The whole RESULTS.md text."""
    sections, analysis = results.get("sections", {}), results.get("analysis", {})
    lines = ["# Benchmark results", "", "Written by `make bench` (`bench/run.py`); raw numbers in `results.json`.", ""]
    # Each part with its arguments: the sections of results.json it renders.
    parts: list[tuple[Callable[..., list[str]], *tuple[Any, ...]]] = [
        (_machine, results),
        (_targets, analysis.get("targets", {})),
        (_quality, sections),
        (_stability, sections.get("stability")),
        (_words, sections.get("words")),
        (_speed, sections),
        (_embeddings, analysis.get("embeddings", {})),
        (_presets, analysis.get("presets", {})),
        (_scaling, sections, analysis.get("growth", {}), plot_note),
        (_dedup, sections.get("dedup", {})),
        (_map_scale, sections.get("map_scale")),
    ]
    for part, *args in parts:
        try:
            lines += part(*args)
        except (KeyError, TypeError, ZeroDivisionError) as err:  # a partial run: say what is missing
            lines += [f"_{part.__name__.strip('_')}: not rendered, data missing ({type(err).__name__}: {err})_", ""]
    lines.append(METHOD)
    if results.get("errors"):
        lines += ["## Sections that failed", ""]
        lines += [f"- `{name}`: {message}" for name, message in results["errors"].items()] + [""]
    return "\n".join(lines)


def _machine(results: dict) -> list[str]:
    m = results["machine"]
    versions = ", ".join(f"{k} {v}" for k, v in m["versions"].items())
    return [
        "## Machine",
        "",
        f"- {m['date']} (first section); {m['cpu_model']}, {m['logical_cores']} logical cores "
        f"({m['physical_cores']} physical), {m['memory_gb']} GiB; Python {m['python']} on {m['platform']}",
        f"- load average (1, 5, 15 min) at start {m['load_average_start']}, at end "
        f"{results.get('load_average_end')}; the machine was shared with other jobs, so anything "
        "above ~0.5 per core at start means timings include contention",
        f"- run took {results.get('elapsed_s', 0):.0f} s; corpus `{results['config']['corpus']}`; "
        f"commit {m.get('commit', 'unknown')}",
        f"- versions: {versions}",
        "- load average (1 min) before / after each section: "
        + ", ".join(f"{k} {v['before'][0]}/{v['after'][0]}" for k, v in results.get("load_average", {}).items()),
        *_rerun_lines(results.get("reruns", [])),
        "",
    ]


def _rerun_lines(reruns: list[dict]) -> list[str]:
    """Where each rerun section's current numbers come from: its latest rerun (every rerun stays in results.json)."""
    latest: dict[str, dict] = {}
    for rerun in reruns:
        for name in rerun["sections"]:
            latest[name] = rerun
    lines = []
    for rerun in [r for r in reruns if r in latest.values()]:
        names = [name for name, r in latest.items() if r is rerun]
        m = rerun["machine"]
        lines.append(
            f"- {', '.join(names)}: measured again on {m['date']} ({m.get('cpu_model', '?')}), "
            f"commit {m.get('commit', '?')}, cache {rerun.get('cache', 'fresh')}"
        )
    if lines:
        lines.append("- every other section: the first run above; the history of reruns is in results.json (`reruns`)")
    return lines


def _targets(targets: dict) -> list[str]:
    if not targets:
        return []
    rows = []
    names = {
        "cold_vs_plain": "cold end to end vs plain BERTopic",
        "cold_vs_plain_fast_preset": "cold end to end vs plain BERTopic, `fast` preset",
        "warm_vs_cold": "warm rerun vs cold",
        "themes_edit_vs_cold": "rerun after a themes edit vs cold",
        "dedup_100k": "dedup of 100,000 entries",
        "growth": "growth of every stage",
        "fast_preset": "`fast` preset vs plain BERTopic",
        "stability": "stability under float noise and another seed (every row of Stability; "
        "the suite's seed rows: no random step)",
        "label_step_vs_cold": "label step vs the cold run",
        "labels_vs_terms": "labels vs the same topics' c-TF-IDF terms (reference corpus)",
    }
    for key, t in targets.items():
        measured = {k: v for k, v in t.items() if k not in {"target", "met"}}
        rows.append(
            [names.get(key, key), t["target"], ", ".join(f"{k} {_fmt(v)}" for k, v in measured.items()), t["met"]]
        )
    return ["## Targets", "", *_table(["target", "wanted", "measured", "met"], rows)]


def _quality(sections: dict) -> list[str]:
    base = sections.get("baselines", {})
    rows = []
    labelled = [
        ("this suite (default: MiniLM, warm run)", sections.get("warm") or sections.get("cold")),
        ("plain BERTopic, same MiniLM embeddings", base.get("plain_bertopic")),
        ("plain BERTopic, embedding itself", sections.get("plain_bertopic_model")),
        ("KMeans(30) on the MiniLM embeddings", base.get("kmeans30")),
        ("scikit-learn LDA, 20 topics", base.get("lda20")),
    ]
    for name, row in labelled:
        if row:
            rows.append([name] + [row.get(c) for c in QUALITY_COLUMNS])
    lines = ["## Quality on the reference corpus", ""]
    lines += _table(["method", "NMI", "ARI", "topics", "outliers", "theme macro-F1", "NPMI", "diversity"], rows)
    themes = base.get("description_themes")
    if themes:
        lines += [
            f"Theme baseline, cosine to each theme's one-line description with an `other` threshold: "
            f"macro-F1 **{_fmt(themes['theme_f1'])}** (threshold tuned on one random half, scored on the other, "
            f"both ways; thresholds {themes['thresholds']}).",
            "",
        ]
    return lines


LABEL_METHODS = [
    ("ours", "this suite's labels"),
    ("ctfidf_terms", "the same topics' first three c-TF-IDF terms"),
    ("ctfidf_terms_same_length", "their first terms, as many as our label has parts"),
    ("plain_bertopic", "plain BERTopic's three words (its own topics)"),
]
LABEL_CORPORA = [
    ("corpus", "reference corpus (2,260 papers)"),
    ("held_out_slice", "held-out slice (papers the labeller was not developed on)"),
    ("seeds", "seeds"),
]


def _label_quality(words: dict) -> list[str]:
    """Label quality by measures the labeller never sees, ours beside the baselines, per corpus."""
    quality = words.get("label_quality")
    if not quality:
        return []
    lines = ["### Label quality by what the labeller never sees", ""]
    rows = []
    for corpus, corpus_name in LABEL_CORPORA:
        measured = quality.get(corpus)
        if not measured:
            continue
        for key, name in LABEL_METHODS:
            held = measured["held_out"].get(key)
            if held is None:
                continue
            keywords = measured.get("keywords", {}).get(key, {})
            rows.append(
                [
                    corpus_name,
                    name,
                    measured["topics"].get(key),
                    keywords.get("parts"),
                    keywords.get("topics_hit"),
                    held.get("tfidf"),
                    held.get("wordllama"),
                    held.get("minilm"),
                ]
            )
    lines += _table(
        [
            "corpus",
            "labels",
            "topics",
            "keyword match (parts)",
            "topics with a match",
            "TF-IDF judge",
            "wordllama judge",
            "MiniLM judge",
        ],
        rows,
    )
    lines += [
        'Keyword match: the share of label parts ("A and B" has two, three terms have three) whose word set '
        "overlaps one of the topic's ten most frequent distinctive author keywords (in >= 2 of its papers, lift "
        ">= 1.5) by Jaccard >= 0.5; topics with a match: the share of topics with at least one such part. Judges: "
        "labels made from one half of each topic's papers (topics fitted on all; halves by a hash of `doc_id`), "
        "each paper of the other half given the nearest label, the share given its own topic's; the TF-IDF judge "
        "is a TF-IDF model of the corpus (uni- and bigrams), wordllama the static model inside its wheel, MiniLM "
        "the suite's own encoder (it chose the topics). The labeller reads none of them. The held-out slice is "
        "the 760 papers of the reference corpus outside the 1,500 the labeller was developed on, fitted alone.",
        "",
    ]
    if words.get("label_s") is not None:
        lines += [f"Label step: {words['label_s']:.2f} s on the 2,260 papers (nothing embedded).", ""]
    return lines


def _words(words: dict | None) -> list[str]:
    if not words:
        return []
    agreement, names = words["label_agreement"], words["names"]
    lines = ["## Words: topic labels and paper names", "", *_label_quality(words)]
    lines += ["### Label-to-paper agreement under MiniLM (the number the labeller once optimised)", ""]
    rows = [["this suite (key phrases from the papers)", words["topics"]["ours"], agreement["ours"], "–"]]
    if "previous_rule" in agreement:  # results from before the key phrases have no such entry
        rows.append(
            ["the rule before (three c-TF-IDF terms)", words["topics"]["ours"], agreement["previous_rule"], "–"]
        )
    rows += [
        ["this suite, its first three terms", words["topics"]["ours"], agreement["ours_top_terms"], "–"],
        ["plain BERTopic, same embeddings", words["topics"]["plain_bertopic"], agreement["plain_bertopic"], "–"],
    ]
    lines += _table(["labels", "topics", "label-to-paper agreement", "target"], rows)
    lines += _table(
        ["paper names", "titles with a 'Name:' prefix", "named by the prefix", "target"],
        [
            ["this suite", names["ours"]["titles_with_prefix"], names["ours"]["share"], ">= 0.98"],
            [
                "the rule before (introduced name first)",
                names["previous_rule"]["titles_with_prefix"],
                names["previous_rule"]["share"],
                "–",
            ],
        ],
    )
    lines += [
        "Label-to-paper agreement: each topic's label embedded with MiniLM, each paper given the nearest label; the "
        "share of papers whose nearest label is their own topic's (outliers left out). Names: prefixes compared "
        "after markup is reduced; a prefix over 60 characters is shortened and counts as a miss.",
        "",
    ]
    return lines


def _stability(stability: dict | None) -> list[str]:
    if not stability:
        return []
    from bench.stability import NO_RANDOM_STEP

    rows = []
    for check in stability["checks"]:
        ours, plain = check["ours"], check["plain_bertopic"]
        shown = "no random step" if check["run"] in NO_RANDOM_STEP else _stable(check["key"], ours)
        if "target" in check:
            target = check["target"] if check["key"] != "theme_kept" else ">= 99%"
            met = [_met(check["ours_met"]), _met(check["plain_met"])]
        else:
            ratio = ours / plain if check["key"] == "fit_s" and ours is not None and plain else None
            target, met = (f"ratio {ratio:.2f}x" if ratio is not None else "none set"), ["–", "–"]
        if check["run"] in NO_RANDOM_STEP:
            met[0] = "–"  # true by construction: not a win
        rows.append([check["measure"], shown, _stable(check["key"], plain), target, *met])
    header = ["measure", "this suite", "plain BERTopic", "target (or ratio)", "suite met", "plain met"]
    plain_ref = stability["plain_bertopic"]["reference"]
    lines = [
        "## Stability (float noise and another seed)",
        "",
        f"{stability['papers']} papers, {stability['embedding']} embeddings; each method fitted on the same vectors "
        "in one process, unperturbed with seed 42 (the reference) and under "
        + "; ".join(stability["variants"].values())
        + ", each compared with its reference run. This suite has no random step (exact neighbours, exact SVDs, "
        "Ward, a computed map): under another seed it runs the same arithmetic on the same vectors, so its rows "
        'for the seed say "no random step" and are not counted as met.',
        "",
        *_table(header, rows),
        f"Plain BERTopic's fit s is `fit_transform` ({plain_ref.get('topic_s', 0):.1f} s) plus the 2-D UMAP of "
        f"its map ({plain_ref.get('map_s', 0):.1f} s); ours is `fit_topics` (topics, themes and map). The "
        "reference is each method's first fit in the process (plain BERTopic's includes compiling UMAP's numba "
        f"code); fit s of the reference and (a)-(c) in turn: ours {_fit_times(stability['ours'])}, plain BERTopic "
        f"{_fit_times(stability['plain_bertopic'])}.",
        "",
    ]
    seeds = stability["plain_bertopic"].get("seed_papers", {})
    if "error" in seeds:
        lines += [f"Plain BERTopic on the seed papers failed: `{seeds['error'].splitlines()[-1]}`.", ""]
    elif seeds and seeds.get("silhouette") is None:
        lines += [
            f"Plain BERTopic on the {stability.get('seed_papers')} seed papers: {seeds.get('topics')} topics, "
            f"{seeds.get('outliers')} outliers, so no silhouette (it needs two topics).",
            "",
        ]
    return lines


def _fit_times(method: dict) -> str:
    return ", ".join(_fmt(method[run]["fit_s"]) for run in ("reference", "noise", "relative", "seed") if run in method)


def _stable(key: str, value: float | None) -> str:
    """A stability value: shares as percentages, tiny disparities in scientific notation, n/a when absent."""
    if value is None:
        return "n/a"
    if key == "theme_kept":
        return f"{value:.1%}"
    if key == "procrustes" and 0 < value < 1e-3:
        return f"{value:.1e}"
    return _fmt(value)


def _met(value: bool | None) -> str:
    return "n/a" if value is None else _fmt(value)


def _speed(sections: dict) -> list[str]:
    cold, warm, plain = sections.get("cold"), sections.get("warm"), sections.get("plain_bertopic_model")
    if not cold:
        return []
    rows = [["this suite, cold (empty embedding and figure caches)", cold["process_s"], cold["peak_rss_mb"]]]
    edited = (warm or {}).get("themes_edited") or {}
    if warm:
        rows.append(["this suite, warm, nothing changed (cached fit)", warm["process_s"], warm["peak_rss_mb"]])
    if "process_s" in edited:
        rows.append(["this suite, warm, themes file edited", edited["process_s"], edited["peak_rss_mb"]])
    if plain:
        rows.append(
            ["plain BERTopic `fit_transform` with its embedding model", plain["process_s"], plain["peak_rss_mb"]]
        )
    lines = ["## Speed end to end", "", *_table(["run", "seconds", "peak RSS MiB"], rows)]
    if plain:
        lines += [
            f"Ratios: cold / plain BERTopic = **{cold['process_s'] / plain['process_s']:.2f}x**"
            + (f"; warm / cold = **{warm['process_s'] / cold['process_s']:.2f}x**" if warm else "")
            + ". Ours goes from files to figures (dedup, topics, themes, topic map, PNG/SVG, report); "
            "plain BERTopic only reads the texts and fits topics.",
            "",
        ]
    if warm and "process_s" in edited:  # edited comes from warm: both are there
        lines += [_warm_note(cold, warm, edited), ""]
    imports = sections.get("imports")
    if imports and "floor_s" in imports:
        lines += [_floor_note(imports), ""]
    elif imports:
        lines += [
            f"Floor: a process that only imports what every fit needs takes **{imports['process_s']} s** "
            f"(umap, hdbscan and this package {imports['suite_umap_hdbscan_s']} s, then BERTopic "
            f"{imports['bertopic_s']} s, about half of it for the transformers and torch behind its optional "
            "LLM representations); "
            "plain BERTopic pays it too.",
            "",
        ]
    stages = sorted({s for run in (cold, warm) if run for s in run["stages"]}, key=list(cold["stages"]).index)
    rows = [[s, cold["stages"].get(s), (warm or {}).get("stages", {}).get(s)] for s in stages]
    rows.append(["start-up and the rest (process minus stages)", _rest(cold), _rest(warm)])
    lines += ["Per stage (seconds):", "", *_table(["stage", "cold", "warm"], rows)]
    if plain:
        lines += [f"Plain BERTopic: {plain['stages']}, fit_transform {plain['fit_s']} s (embedding included).", ""]
    return lines


def _warm_note(cold: dict, warm: dict, edited: dict) -> str:
    """The two warm reruns as ratios to cold, and what each reused and imported."""

    def said(run: dict) -> str:
        reused = "topics from the result cache" if run.get("topics_reused") else "topics refitted"
        heavy = ", ".join(run.get("heavy_imports") or []) or "none"
        return f"{reused}; heavy imports: {heavy}"

    return (
        f"Warm reruns, each a fresh process: nothing changed **{warm['process_s'] / cold['process_s']:.3f}x** of "
        f"cold ({said(warm)}); themes file edited (one seed phrase added) "
        f"**{edited['process_s'] / cold['process_s']:.3f}x** of cold ({said(edited)})."
    )


def _floor_note(imports: dict) -> str:
    """The import floor of a warm fit beside the floor before (with umap, hdbscan and BERTopic), one process."""
    return (
        f"Floor: in a fresh process the imports a warm fit needs take **{imports['floor_s']} s**; the imports "
        f"the fit needed before come on top of them (umap and hdbscan {imports['umap_hdbscan_s']} s, then BERTopic "
        f"with transformers and torch {imports['bertopic_s']} s), {imports['old_floor_s']} s in all in the same "
        f"process: the floor is now **{imports['floor_vs_old']:.2f}x** of what it was. Plain BERTopic still pays "
        "all of it."
    )


def _rest(run: dict | None) -> float | None:
    if not run:
        return None
    return round(run["process_s"] - sum(run["stages"].values()), 1)


def _embeddings(table: dict) -> list[str]:
    if not table:
        return []
    rows = [
        [
            v,
            r.get("papers_per_s"),
            r.get("embed_s"),
            r.get("build_s"),
            r.get("cosine_to_minilm"),
            r.get("nmi"),
            r.get("theme_f1"),
            r.get("fit_s"),
        ]
        for v, r in table.items()
        if "error" not in r
    ]
    header = [
        "embedding",
        "papers/s",
        "embed s",
        "one-off build s",
        "cosine to MiniLM",
        "NMI (suite)",
        "theme F1",
        "fit s",
    ]
    failed = [
        f"- `{v}` not measured: {r['error'].splitlines()[-1] if r['error'] else '?'}"
        for v, r in table.items()
        if "error" in r
    ]
    return ["## Embeddings", "", *_table(header, rows), *failed, *([""] if failed else [])]


def _presets(presets: dict) -> list[str]:
    if not presets.get("candidates"):
        return []
    rows = [
        [c["variant"], c["nmi"], c["theme_f1"], c["end_to_end_s"], c["end_to_end_no_static_s"]]
        for c in presets["candidates"].values()
    ]
    lines = ["## Presets (end to end composed from this run's stage times)", ""]
    lines += _table(["embedding", "NMI", "theme F1", "end to end s", "without PNG/SVG export s"], rows)
    lines += ["", "The suite's presets (`embedding=` / `--embedding`), as measured in this run:", ""]
    for name in ("quality", "balanced", "fast"):
        if presets.get(name):
            lines.append(
                f"- `{name}`: **{presets[name]['variant']}** (NMI {_fmt(presets[name]['nmi'])}, "
                f"theme F1 {_fmt(presets[name]['theme_f1'])}, {_fmt(presets[name]['end_to_end_s'])} s end to end)"
            )
    for loss in (0.01, 0.03):
        best = presets.get(f"fastest_within_{loss}")
        if best:
            lines.append(f"- fastest within {loss} NMI of the default: {best['variant']} ({best['end_to_end_s']} s)")
    return [*lines, ""]


def _scaling(sections: dict, growth: dict, plot_note: str) -> list[str]:
    scaling = sections.get("scaling", {})
    if not scaling:
        return []
    stages = ["load_dedup", "embed_cached", "lexical", "reduce", "cluster", "represent", "map", "themes"]
    rows = [
        [r["papers"], r["fit_s"], *[r["stages"].get(s) for s in stages], r["peak_rss_mb"], r["nmi"]]
        for r in (scaling[k] for k in sorted(scaling, key=int))
    ]
    lines = ["## Scaling (each size in its own process)", ""]
    lines += _table(["papers", "fit s", *stages, "peak RSS MiB", "NMI"], rows)
    if growth:
        lines += ["Growth exponents (log-log slope; 1 = linear; n log n's slope over the same range beside it):", ""]
        lines += _table(
            ["stage", "exponent", "n log n"], [[g["stage"], g["exponent"], g["nlogn"]] for g in growth.values()]
        )
    return [*lines, plot_note, ""]


def _dedup(dedup: dict) -> list[str]:
    if not dedup:
        return []
    keys = ["entries", "papers_true", "papers_found", "dedup_s", "pair_precision", "pair_recall", "peak_rss_mb"]
    rows = [[dedup[k].get(c) for c in keys] for k in sorted(dedup, key=int)]
    lines = ["## Deduplication", "", *_table(keys, rows)]
    for row in dedup.values():
        if "similarities" in row:
            s = row["similarities"]
            lines += [
                f"Jaccard of word 3-shingles: real abstract vs its edited copy min {s['edited_copy_min']}, "
                f"1st percentile {s['edited_copy_p01']}, median {s['edited_copy_median']}; "
                f"{s['same_area_pairs']} random pairs of different papers of one area: max {s['same_area_max']}, "
                f"99.9th percentile {s['same_area_p999']} (threshold 0.6).",
                "",
            ]
    return lines


def _map_scale(scale: dict | None) -> list[str]:
    if not scale:
        return []
    return [
        "## Topic map at scale",
        "",
        *_table(
            ["papers", "topics", "file MB", "of it abstracts MB", "build s", "Chromium load s", "colour switch s"],
            [
                [
                    scale["papers"],
                    scale["topics"],
                    scale["file_mb"],
                    scale["abstract_mb"],
                    scale["build_s"],
                    scale.get("chromium_load_s"),
                    scale.get("colour_switch_s"),
                ]
            ],
        ),
        f"A synthetic result (`bench/map_scale.py`: reference abstracts repeated, seeded positions) written as "
        f"one self-contained `topic_map.html` (WebGL points, plotly.js inline); load = navigation to a drawn, "
        f"ready map in headless Chromium (SwiftShader, no GPU); {scale.get('points_drawn')} points drawn, "
        f"console errors: {scale.get('console_errors') or 'none'}.{_map_labels(scale)}",
        "",
    ]


def _map_labels(scale: dict) -> str:
    # Runs from before the HTML labels (results.json) have no label counts: their text stays as it was.
    if "labels_shown" not in scale:
        return ""
    return (
        f" Labels at the full view: {scale['labels_shown']} shown of {scale['labels_placed']} placed in Python "
        f"({scale['area_labels_shown']} of areas), {len(scale['overlapping_labels'])} overlapping."
    )


METHOD = """## How it was measured

- **Corpus**: the ICLR 2024 reference corpus read by path, through `read_abstracts` + `deduplicate`; the
  embedded text is `title. abstract` for every method. Areas (`label`) are the ground truth for NMI/ARI
  (scikit-learn; an outlier topic -1 counts as one more cluster). Themes: generative models -> diffusion and
  generative models; reinforcement learning and learning theory -> RL and learning theory; societal
  considerations -> LLM safety and security; physical sciences -> AI for science; the rest -> other.
  Theme macro-F1 averages the four named themes only.
- **NPMI** (coherence of the top-10 terms of each topic): document co-occurrence over the corpus documents
  (title + abstract, lower-cased, hyphens split, an n-gram term occurs where its words appear in a row);
  NPMI(a, b) = log(p(a,b) / p(a)p(b)) / -log p(a,b), -1 for pairs that never co-occur; mean over pairs, then
  over topics (outlier topic excluded). **Diversity**: unique terms / all top-10 terms.
- **Baselines**: plain BERTopic 0.17 with defaults except `UMAP(n_neighbors=15, n_components=5, min_dist=0.0,
  metric='cosine', random_state=42)`, once on the suite's MiniLM vectors and once with
  `embedding_model=SentenceTransformer(<packaged MiniLM>)` embedding by itself (the speed baseline);
  KMeans(30, n_init=10) on the MiniLM vectors, terms by BERTopic's c-TF-IDF; LDA(20) on counts (English stop
  words, min_df 2, max_df 0.5), a paper's topic its most probable one.
- **Time**: wall clock. *End to end* is a whole fresh Python process (`bench.worker`), imports and model load
  included: ours runs `analysis.pipeline.run_report` (files to figures, with PNG/SVG export) with empty
  embedding, figure and result caches (cold) and again with them filled (warm). Our default path runs no UMAP;
  pynndescent's numba code (under plain BERTopic's UMAP) is cached on disk, as on any machine after the first
  run, UMAP's own is compiled in each process. Stages are timed by the pipeline's own timer hook
  (`timer=`, `analysis/progress.py`) in that process (`bench/suite.py`): *reduce* is BERTopic's reduction slot
  (`SmoothedPCA`: neighbour smoothing, exact PCA), *cluster* its clustering slot (Ward), *map* `topic_layout`,
  *themes* the theme scoring with its phrase encoding; *represent* is the fit time outside the other stages
  (c-TF-IDF, labels, topic merging; a fit reused from the result cache is its loading). The warm section runs the
  report again twice: nothing changed, then with one seed phrase added to the themes file.
- **Stability** (`bench/stability.py`): on the MiniLM vectors of the reference corpus (the run's cache),
  ours is `analysis.fit_topics(papers, embeddings=E, random_state=seed, use_cache=False)`, plain BERTopic is its
  defaults with
  the UMAP above seeded, `fit_transform(docs, E)`, and its map a 2-D `UMAP(n_neighbors=15, min_dist=0.1,
  metric='cosine', random_state=seed)` of E. Runs: reference (seed 42), (a) E + 1e-6 N(0, 1)
  (`default_rng(0)`), (b) E (1 + 1e-5 N(0, 1)) (`default_rng(1)`), (c) seed 43. ARI (scikit-learn) and the
  share of papers keeping their theme compare each run's assignment with the reference's; the map's
  Procrustes disparity is `scipy.spatial.procrustes` of the two runs' 2-D positions (0 = the same map up to
  shift, rotation and scale). Silhouette: `silhouette_score` of the 2-D positions by topic, topic -1 left out.
  The seed papers are the 26 in `seeds/`, embedded the same way. Targets are the issue's.
- **Peak memory**: peak resident set of the worker process (`resource.getrusage(RUSAGE_SELF).ru_maxrss`),
  so interpreter, libraries and model are included; each size runs in its own process.
- **Embeddings**: papers/s of the encode call alone (model load and one-off builds separate). `onnx` float32
  is timed on the first 400 papers only; its vectors equal float32 MiniLM's (cosine column), so its topics
  would too. Variants are fitted with `TopicModel.fit(papers, embeddings=...)`; int8/ONNX variants score
  theme phrases with float32 MiniLM (same space), model2vec with itself.
- **Presets**: end to end = the cold run's time outside its fit + the variant's load and embedding + the
  suite's fit on its vectors, all measured in this run.
- **Dedup**: entries made from the reference abstracts: 70% new abstracts of 4-8 sentences drawn from the
  real sentences, 30% copies of them with 1-3 random small edits (typo, word dropped or added, sentence cut,
  reflow); pair precision/recall against the planted copies.
"""
