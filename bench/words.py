"""The suite's words against the baselines: topic labels a reader can match to papers, and paper names.

Label quality is measured by what the labeller never sees
(:mod:`bench.label_quality`: held-out halves, a TF-IDF and a wordllama
judge, the authors' keywords). Label-to-paper agreement (issue 12) is kept
for comparison: embed each topic's label with MiniLM, give each paper the
label nearest its embedding, count how often that is its own topic's label
(outliers left out); it once graded the labeller that optimised it. Name accuracy: among titles of the form
"Name: rest", the share whose paper is named exactly "Name".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import ArrayLike

if TYPE_CHECKING:
    import pandas as pd
    from bertopic import BERTopic

    from analysis.embedding.backends import Backend


def label_agreement(
    labels: dict[int, str], topics: ArrayLike, paper_vectors: np.ndarray, encode: Callable[[list[str]], ArrayLike]
) -> float:
    """Share of papers (outliers aside) whose nearest label, by cosine, is their own topic's."""
    from analysis.model.measures import unit_rows

    topics = np.asarray(topics)
    ids = sorted(t for t in labels if t != -1)
    kept = np.isin(topics, ids)
    label_vectors = unit_rows(np.asarray(encode([labels[t] for t in ids])))
    nearest = np.asarray(ids)[np.argmax(unit_rows(paper_vectors[kept]) @ label_vectors.T, axis=1)]
    return round(float((nearest == topics[kept]).mean()), 3)


def name_accuracy(titles: Iterable[object], names: Iterable[object]) -> dict:
    """Titles with a "Name:" prefix (markup reduced), and the share of them named by it."""
    from analysis.corpus.names import TITLE_PREFIX
    from analysis.text import strip_markup

    pairs = []
    for title, name in zip(titles, names, strict=True):
        prefix = TITLE_PREFIX.match(" ".join(strip_markup(str(title or "")).split()))
        if prefix:
            pairs.append((prefix.group(1).strip(), str(name)))
    share = sum(prefix == name for prefix, name in pairs) / len(pairs) if pairs else None
    return {"titles_with_prefix": len(pairs), "share": None if share is None else round(share, 3)}


def previous_names(texts: Iterable[str], titles: Iterable[object]) -> list[str]:
    """The names before titles came first: the method the abstract introduces, else the whole title, shortened."""
    from analysis.corpus.names import _shorten, introduced_name, paper_name
    from analysis.text import strip_markup

    names = []
    for text, title in zip(texts, titles, strict=True):
        introduced = introduced_name(" ".join(strip_markup(text).split()))
        title = " ".join(str(title or "").split())
        names.append(introduced or (_shorten(title) if title else paper_name(text)))
    return names


def previous_labels(terms: dict[int, list[str]], texts: list[str], topics: ArrayLike) -> dict[int, str]:
    """The labels before phrases: three c-TF-IDF terms in >= 2 of the topic's papers, no term inside another."""
    from analysis.model.labels import _papers_using

    topics = np.asarray(topics)
    labels = {}
    for topic, ranked in terms.items():
        members = [texts[i].lower() for i in np.flatnonzero(topics == topic)]
        shared = [t for t in ranked if _papers_using(t, members) >= min(2, len(members))] or ranked
        picked: list[str] = []
        for term in shared:
            if not any(term in chosen or chosen in term for chosen in picked) and len(picked) < 3:
                picked.append(term)
        labels[topic] = " · ".join(picked) or f"topic {topic}"
    return labels


def plain_labels(model: BERTopic) -> dict[int, str]:
    """Plain BERTopic's topic names ("0_graph_node_gnn") as words ("graph node gnn")."""
    return {t: " ".join(name.split("_")[1:]) for t, name in model.topic_labels_.items()}


# The reference corpus's papers the labeller was developed on (a fixed permutation, bench.common.load_papers);
# the rest is the held-out slice, fitted and labelled on its own.
DEVELOPED_ON = 1500


def measure(
    papers: pd.DataFrame,
    embeddings: np.ndarray,
    encode: Callable[[list[str]], ArrayLike],
    backend: Backend,
    seeds: pd.DataFrame | None = None,
    seed_embeddings: np.ndarray | None = None,
) -> dict:
    """Label quality by measures the labeller never sees (bench/label_quality.py), names, and the label step's time.

    On the whole corpus (beside plain BERTopic on the same embeddings), on
    the slice of it the labeller was not developed on, and on the seeds.

    Raises:
        ValueError: ``seeds`` without their ``seed_embeddings``.
    """
    import time

    from bertopic import BERTopic

    from analysis import fit_topics
    from analysis.embedding.cache import document_texts, topic_texts
    from analysis.model.ctfidf import has_latin_words
    from analysis.model.labels import topic_labels
    from analysis.text import strip_markup
    from bench import label_quality
    from bench.baselines import plain_umap

    ours = fit_topics(papers, embeddings=embeddings, use_cache=False)
    ours_labels = dict(zip(ours.topics["topic"], ours.topics["label"], strict=True))
    first_terms = [" ".join(terms.split(", ")[:3]) for terms in ours.topics["terms"]]
    ours_terms = dict(zip(ours.topics["topic"], first_terms, strict=True))
    ranked = {t: [w for w, _ in words if w] for t, words in ours.model.get_topics().items()}
    previous = previous_labels(ranked, topic_texts(papers), ours.documents["topic"])

    # The label step alone, on the fitted topics: what a cold run pays for labels.
    phrase_texts = [strip_markup(t) for t in document_texts(papers)]
    start = time.perf_counter()
    topic_labels(ranked, phrase_texts, ours.documents["topic"].to_numpy(), has_latin_words(phrase_texts))
    label_s = time.perf_counter() - start

    plain = BERTopic(umap_model=plain_umap())
    plain_topics, _ = plain.fit_transform(document_texts(papers), embeddings)
    titles = papers["title"] if "title" in papers else [""] * len(papers)
    quality = {"corpus": label_quality.measure(papers, embeddings, backend, plain, plain_topics)}
    order = np.random.default_rng(42).permutation(len(papers))
    if len(papers) > DEVELOPED_ON:
        rest = np.sort(order[DEVELOPED_ON:])
        slice_ = papers.iloc[rest].reset_index(drop=True)
        quality["held_out_slice"] = label_quality.measure(slice_, embeddings[rest], backend)
    if seeds is not None:
        if seed_embeddings is None:
            raise ValueError("the seeds are fitted on their embeddings: give seed_embeddings too")
        quality["seeds"] = label_quality.measure(seeds, seed_embeddings, backend)
    return {
        "topics": {"ours": len(ours_labels), "plain_bertopic": len(set(plain_topics) - {-1})},
        "label_s": round(label_s, 2),
        "label_quality": quality,
        "label_agreement": {
            "ours": label_agreement(ours_labels, ours.documents["topic"], embeddings, encode),
            "ours_top_terms": label_agreement(ours_terms, ours.documents["topic"], embeddings, encode),
            "previous_rule": label_agreement(previous, ours.documents["topic"], embeddings, encode),
            "plain_bertopic": label_agreement(plain_labels(plain), plain_topics, embeddings, encode),
        },
        "labels": {
            "ours": {str(t): label for t, label in ours_labels.items()},
            "previous_rule": {str(t): label for t, label in previous.items()},
        },
        "names": {
            "ours": name_accuracy(titles, papers["name"]),
            "previous_rule": name_accuracy(titles, previous_names(papers["text"], titles)),
        },
    }
