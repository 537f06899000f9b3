"""The fit of the largest corpora: topics fitted on a sample chosen by ``doc_id``, every other paper assigned to them.

Above ``sample_above`` papers (:data:`analysis.config.SAMPLE_FIT_ABOVE` by default) :class:`~analysis.TopicModel`
fits this way:

1. The sample is the ``sample_above`` papers whose sha256 of ``doc_id`` is smallest (:func:`sample_rows`): the same
   papers for the same corpus in any row order, on any machine or cluster.
2. The sample is fitted as any corpus is (rows in that hash order), with as many topics as the whole corpus would
   get, except that each sample paper is smoothed with its nearest papers of the whole corpus
   (:func:`smoothed_in_corpus`), as the full fit would smooth it.
3. Every other paper is placed in the sample's clustered space as an added paper is
   (:mod:`analysis.model.projection`: its features with the sample's LSA, smoothed with its nearest sample papers,
   on the sample's principal axes) and joins its nearest topic there (the sample's centroids); those outside that
   topic's spread (rule 2 of :mod:`analysis.model.assignment`) are counted as misfits but form no topic of their
   own: the sample is drawn uniformly, so an area of the corpus is in it in proportion, and the topic count stays
   the corpus's. Then Lloyd passes (:func:`refined`, in the same space): every topic's centroid from all its papers,
   each paper (the sample's too) to its nearest centroid, until no paper moves (at most :data:`REFINE_PASSES`).
   Topics are then numbered by size (ties: the earlier number).
4. c-TF-IDF terms: term counts per topic, per partition, summed (:func:`~analysis.model.ctfidf.sum_term_counts`);
   labels are made from them as the fit makes them, over every paper.
5. The map: the sample keeps its layout; every other paper is placed by the rule of adding papers (the mean place of
   its nearest sample papers of its topic).

Step 2's search and steps 3 to 5 run partition by partition through ``mapper``, any callable with the builtin
``map``'s meaning (``mapper(function, partitions)`` gives the results in order): ``map`` itself in one process, or a
cluster's map. Partitions are :data:`PARTITION_SIZE` papers in hash order, fixed whatever the number of workers, and
each partition's result depends on its own rows and the frozen rule alone (counts are integers, summed in any
order), so the workers and the split change no byte of the result.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable, Iterable, Sequence
from functools import partial

import numpy as np
import pandas as pd

from analysis.corpus.table import document_texts
from analysis.embedding.backends import Lsa
from analysis.model.assignment import FitRule, MapRule, nearest_fitting, placed
from analysis.model.clustering import (
    SMOOTH_TIE_WIDTH,
    SizeParameters,
    nearest_centroid,
    ranked_columns,
    size_parameters,
    smooth,
)
from analysis.model.measures import unit_rows
from analysis.model.naming_nearest import Nearness
from analysis.model.projection import Projection, lsa_features
from analysis.model.result import TopicPieces
from analysis.model.sampled_words import Mapper, described, partitions
from analysis.progress import Stages

# Smoothing neighbours of the sample sought in the whole corpus: (the sample's
# LSA space, its features, k) -> (the features smoothed, each one's neighbours).
Crowd = Callable[[Lsa, np.ndarray, int], tuple[np.ndarray, np.ndarray]]
# A fit of the sample: (papers, embeddings, size parameters, crowd) -> pieces with topics, features, map.
SampleFit = Callable[[pd.DataFrame, np.ndarray, SizeParameters, Crowd], TopicPieces]
# Two arrays that go together: the papers' features and vectors, or the sample's rows and the others'.
Rows = tuple[np.ndarray, np.ndarray]

# Papers per partition. Fixed, so that 1 or 30 workers split a corpus alike;
# 2,000 keeps a partition's arrays small (its embeddings, 3 MB; its cosines
# to one topic's sample papers) and gives a 100,000-paper corpus 50 tasks.
PARTITION_SIZE = 2_000
# Lloyd passes after the assignment, at most (they stop when no paper moves).
# On the reference corpus with a sample of 1,000 they converged within 10;
# chosen by the agreement (ARI) of the sampled fit's topics with the full
# fit's at samples of 1,000, 1,500 and 2,000, not by the areas. Moving the
# sample's papers too was chosen the same way: ARI 0.460 and 0.531 at
# samples of 1,000 and 1,500, against 0.438 and 0.515 with the sample fixed.
REFINE_PASSES = 10
# Unit vectors are summed as integers of this scale, so the sums are exact
# in any order and split (|sum| < 2**40 * papers: below 2**63 up to 8 million papers).
FIXED_POINT = 2.0**40
# Candidates each partition keeps per sample paper beyond its k neighbours: the ranking's spare ones, one more.
CROWD_SPARE = 9
# Partitions per mapper call; their candidates wait on the client to be merged (about 6 MB each at a 20,000 sample).
CROWD_BATCH = 32


def sample_rows(doc_ids: Sequence[str], size: int) -> np.ndarray:
    """The rows of the ``size`` papers whose sha256 of ``doc_id`` is smallest, in that order.

    The order of the rows given changes which rows are returned, never which
    papers: the sample of a corpus is the same on every machine and cluster.
    """
    return hash_order(doc_ids)[:size]


def in_sample(doc_ids: Sequence[str], size: int) -> np.ndarray:
    """Whether each paper is in the sample of ``size`` (:func:`sample_rows`)."""
    chosen = np.zeros(len(doc_ids), dtype=bool)
    chosen[sample_rows(doc_ids, size)] = True
    return chosen


def hash_order(doc_ids: Sequence[str]) -> np.ndarray:
    """Every row, ordered by the sha256 of its ``doc_id`` (ties, a repeated id: by the id's text, then the row)."""
    keys = [hashlib.sha256(str(d).encode("utf-8")).hexdigest() for d in doc_ids]
    return np.array(sorted(range(len(keys)), key=lambda i: (keys[i], str(doc_ids[i]), i)), dtype=np.int64)


def fit_sampled(
    papers: pd.DataFrame,
    embeddings: np.ndarray,
    size: int,
    fit_sample: SampleFit,
    mapper: Mapper = map,
    stages: Stages | None = None,
    partition_size: int | None = None,
    nearness: Nearness | None = None,
) -> TopicPieces:
    """Topics fitted on a sample of ``size`` papers and every other paper assigned to them (see the module).

    Args:
        papers: The validated paper table (:func:`analysis.corpus.table.validate_papers`).
        embeddings: One row per paper.
        size: Papers in the sample.
        fit_sample: The normal fit, given the sample's papers, embeddings
            and size parameters; its terms and labels are not used.
        mapper: Runs a function over the partitions, results in order (the builtin ``map`` by default).
        stages: Timed as ``cluster`` (the assignment), ``map`` and the fit's own stages.
        partition_size: Papers per partition (default :data:`PARTITION_SIZE`); changes no result, only the tasks.
        nearness: The papers' embeddings (in ``papers``' order) and their encoder, for the labeller
            (:mod:`analysis.model.naming_nearest`).

    Returns:
        The pieces of the whole corpus, one row per paper in ``papers``' order.
    """
    stages = stages or Stages()
    partition_size = partition_size or PARTITION_SIZE
    order = hash_order(papers["doc_id"].astype(str).tolist())
    sample, others = order[:size], order[size:]
    # Sized as the sample, but as many topics as the whole corpus gets (the count follows the corpus).
    params = dataclasses.replace(size_parameters(len(sample)), max_topics=size_parameters(len(papers)).max_topics)
    crowd = partial(smoothed_in_corpus, papers, embeddings, order, mapper, partition_size)
    fitted = fit_sample(papers.iloc[sample].reset_index(drop=True), embeddings[sample], params, crowd)
    with stages("cluster"):
        features, vectors = _projected(fitted, papers, embeddings, (sample, others), mapper, partition_size)
        assigned, misfits = _assigned(fitted, vectors, others, mapper, partition_size)
        topics = np.zeros(len(papers), dtype=np.int64)
        topics[sample], topics[others] = fitted.paper_topics, assigned
        topics = _by_size(refined(topics, vectors, order, order, mapper, partition_size))
    with stages("map"):
        xy = np.zeros((len(papers), 2))
        xy[sample] = fitted.xy
        rule = MapRule.of(fitted.xy, fitted.embeddings, topics[sample])
        xy[others] = _placed(rule, embeddings, topics, others, mapper, partition_size)
    terms, labels = described(papers, topics, order, fitted, (mapper, partition_size), nearness)
    return TopicPieces(
        paper_topics=topics,
        terms=terms,
        labels=labels,
        features=features,
        embeddings=embeddings,
        xy=xy,
        latin=fitted.latin,
        min_df=fitted.min_df,
        slots={**fitted.slots, "sample": _summary(len(sample), len(papers), misfits)},
        reduced=None if fitted.projection is None else vectors,
        projection=fitted.projection,
        reducer=fitted.reducer,
        clusterer=fitted.clusterer,
    )


def smoothed_in_corpus(
    papers: pd.DataFrame,
    embeddings: np.ndarray,
    order: np.ndarray,
    mapper: Mapper,
    size: int,
    lsa: Lsa,
    features: np.ndarray,
    k: int,
) -> tuple[np.ndarray, np.ndarray]:
    """The sample's features smoothed with their ``k`` nearest papers of the whole corpus, as the full fit smooths.

    A sample of 1,000 smoothed among itself finds neighbours half as close
    as the corpus holds, and its topics follow that thinner neighbourhood.
    Each partition of the corpus (hash order; the sample is its first
    papers) gives every sample paper its best candidates there, merged on
    the client; the candidates' features are made again in their
    partitions (row by row: the same whatever the split), their cosines
    recomputed pair by pair, and ranked as the full fit ranks its
    neighbours (:func:`~analysis.model.clustering.ranked_columns`, ties by
    hash order). At a sample of 20,000: 300,000 candidates' features on the client (1.4 GB).

    Args:
        papers: All papers.
        embeddings: Their embeddings.
        order: Their hash order (:func:`hash_order`).
        mapper: Runs the partitions.
        size: Papers per partition.
        lsa: The sample's LSA space.
        features: The sample's features, in hash order.
        k: Neighbours per paper.

    Returns:
        The smoothed features, and each sample paper's neighbours as rows of ``papers``.
    """
    texts = document_texts(papers)

    def part(positions: np.ndarray) -> tuple[np.ndarray, np.ndarray, list[str]]:  # made when its call comes
        return positions, embeddings[order[positions]], [texts[i] for i in order[positions]]

    runs = partitions(np.arange(len(order)), size)
    unit = unit_rows(np.asarray(features, dtype=np.float64))
    n = len(order) - 1  # candidates of a paper: every other paper
    k = min(k, n)
    search = partial(_partition_candidates, lsa, unit, k + CROWD_SPARE)
    batches = ([part(run) for run in runs[start : start + CROWD_BATCH]] for start in range(0, len(runs), CROWD_BATCH))
    candidates, _ = _crowd_candidates(batches, mapper, search, k + CROWD_SPARE)
    wanted = np.unique(candidates)
    holding = (part(run) for run in runs if np.isin(run, wanted).any())
    base = unit_rows(np.vstack(list(mapper(partial(_partition_features, lsa, wanted), holding))).astype(np.float64))
    smoothed, neighbors = _smoothed_among(unit, base, wanted, candidates, (k, n))
    return smoothed, order[neighbors]


def _smoothed_among(
    unit: np.ndarray, base: np.ndarray, wanted: np.ndarray, candidates: np.ndarray, sizes: tuple[int, int]
) -> tuple[np.ndarray, np.ndarray]:
    """``unit`` smoothed with the nearest of its ``candidates`` (hash positions; ``base`` holds the ``wanted`` ones).

    Each paper's candidates are taken in hash order (ties go to the earlier
    paper) and their cosines made again pair by pair: the same whatever the
    partitions. ``sizes``: k, and the candidates a paper has in all.

    Returns:
        The smoothed rows, and each row's neighbours as hash positions.
    """
    k, n = sizes
    columns = np.searchsorted(wanted, np.sort(candidates, axis=1))
    cosines = _pair_cosines(unit, base, columns)
    cosines[wanted[columns] == np.arange(len(unit))[:, None]] = -np.inf  # never its own neighbour
    found, ties = ranked_columns(cosines, k, min(n, k + 8), SMOOTH_TIE_WIDTH if k < n else None)
    neighbors = np.take_along_axis(columns, found, 1)
    tied = {row: (columns[row, picked], weights) for row, (picked, weights) in ties.items()}
    return smooth(unit, neighbors, tied, base=base), wanted[neighbors]


def _pair_cosines(unit: np.ndarray, base: np.ndarray, columns: np.ndarray) -> np.ndarray:
    """Each row's cosines to its ``columns`` of ``base``, each a sum over the same products in the same order."""
    cosines = np.empty(columns.shape)
    for start in range(0, len(unit), 1024):  # blocks keep memory linear in the sample
        block = slice(start, start + 1024)
        cosines[block] = (unit[block, None, :] * base[columns[block]]).sum(axis=2)
    return cosines


def _crowd_candidates(
    batches: Iterable[list], mapper: Mapper, search: Callable, keep: int
) -> tuple[np.ndarray, np.ndarray]:
    """Each sample paper's ``keep`` best candidates over all partitions: positions and cosines, merged as they come.

    ``batches``: lists of partitions, one call of ``mapper`` each (their candidates wait on the client to be merged).
    """
    positions, cosines = np.zeros((0, 0), dtype=np.int64), np.zeros((0, 0))
    for parts in batches:
        for found, values in mapper(search, parts):
            positions = found if positions.size == 0 else np.hstack([positions, found])
            cosines = values if cosines.size == 0 else np.hstack([cosines, values])
            best = _best(cosines, keep)
            positions, cosines = np.take_along_axis(positions, best, 1), np.take_along_axis(cosines, best, 1)
    return positions, cosines


def _partition_candidates(
    lsa: Lsa, sample: np.ndarray, keep: int, part: tuple[np.ndarray, np.ndarray, list[str]]
) -> tuple[np.ndarray, np.ndarray]:
    """The ``keep`` papers of one partition nearest to each sample paper (never itself): positions and cosines."""
    positions, embeddings, texts = part
    features = unit_rows(lsa_features(lsa, embeddings, texts).astype(np.float64))
    cosines = sample @ features.T
    own = np.flatnonzero(positions < len(sample))
    cosines[positions[own], own] = -np.inf
    best = _best(cosines, keep)
    return positions[best], np.take_along_axis(cosines, best, 1)


def _best(cosines: np.ndarray, keep: int) -> np.ndarray:
    """Each row's ``keep`` columns of highest cosine (rounded as every ranking here), in no order."""
    return np.argpartition(-np.round(cosines, 6), min(keep, cosines.shape[1]) - 1, axis=1)[:, :keep]


def _partition_features(lsa: Lsa, wanted: np.ndarray, part: tuple[np.ndarray, np.ndarray, list[str]]) -> np.ndarray:
    """The features of the ``wanted`` papers (hash positions) in one partition, in hash order (row by row)."""
    positions, embeddings, texts = part
    rows = np.flatnonzero(np.isin(positions, wanted))
    return lsa_features(lsa, embeddings[rows], [texts[i] for i in rows])


def _projected(
    fitted: TopicPieces, papers: pd.DataFrame, embeddings: np.ndarray, split: Rows, mapper: Mapper, size: int
) -> Rows:
    """Every paper's features and its vectors to assign by: in the sample's clustered space where it has one.

    Papers outside the sample are projected as added papers are
    (:mod:`analysis.model.projection`), partition by partition; a sample fitted
    another way (an injected reduction) gives the embeddings, and its features
    outside the sample are the embeddings cut or padded to their width.
    """
    sample, others = split
    features = np.zeros((len(embeddings), fitted.features.shape[1]), dtype=fitted.features.dtype)
    features[sample] = fitted.features
    if fitted.projection is None or fitted.reduced is None:
        width = min(features.shape[1], embeddings.shape[1])
        features[others, :width] = embeddings[others, :width]
        return features, embeddings
    texts = document_texts(papers)
    parts = ((embeddings[rows], [texts[i] for i in rows]) for rows in partitions(others, size))
    answers = list(mapper(partial(_project_partition, fitted.projection, fitted.features), parts))
    vectors = np.zeros((len(embeddings), fitted.reduced.shape[1]))
    vectors[sample] = fitted.reduced
    if answers:
        features[others] = np.vstack([a[0] for a in answers])
        vectors[others] = np.vstack([a[1] for a in answers])
    return features, vectors


def _project_partition(projection: Projection, sample_features: np.ndarray, part: tuple[np.ndarray, list[str]]) -> Rows:
    embeddings, texts = part
    features = projection.features(embeddings, texts)
    return features, projection.reduced(features, sample_features)


def _assigned(
    fitted: TopicPieces, vectors: np.ndarray, others: np.ndarray, mapper: Mapper, size: int
) -> tuple[np.ndarray, int]:
    """The nearest sample topic of each paper outside the sample, and how many of them lie outside its spread."""
    sample_vectors = fitted.embeddings if fitted.reduced is None or fitted.projection is None else fitted.reduced
    rule = FitRule.of(sample_vectors, fitted.paper_topics)
    answers = list(mapper(partial(nearest_fitting, rule), (vectors[rows] for rows in partitions(others, size))))
    nearest = np.concatenate([a[0] for a in answers]) if answers else np.zeros(0, dtype=np.int64)
    return nearest, sum(int((~a[1]).sum()) for a in answers)


def refined(
    topics: np.ndarray, vectors: np.ndarray, rows: np.ndarray, movable: np.ndarray, mapper: Mapper, size: int
) -> np.ndarray:
    """Lloyd passes: centroids of every paper's topic (``rows``), then each ``movable`` paper to its nearest centroid.

    At most :data:`REFINE_PASSES`, fewer when a pass moves no paper. Each
    pass is two maps over partitions of ``size``: the per-topic sums of unit
    vectors in fixed point (integers: any split sums to the same bytes),
    then each paper's nearest centroid
    (:func:`~analysis.model.clustering.nearest_centroid`, cosines rounded).
    A topic left without papers is gone. The ``topics`` given are not changed.

    Returns:
        Each paper's topic, the ``movable`` ones moved.
    """
    topics = np.array(topics, dtype=np.int64)
    for _ in range(REFINE_PASSES):
        parts = ((vectors[part], topics[part]) for part in partitions(rows, size))
        sums, counts = _summed(mapper(partial(_topic_sums, int(topics.max()) + 1), parts))
        ids = np.flatnonzero(counts)
        centroids = unit_rows(sums[ids] / counts[ids, None])
        movers = (vectors[part] for part in partitions(movable, size))
        answers = list(mapper(partial(_nearest, ids, centroids), movers))
        moved = np.concatenate(answers) if answers else np.zeros(0, dtype=np.int64)
        if np.array_equal(moved, topics[movable]):
            break
        topics[movable] = moved
    return topics


def _topic_sums(n_topics: int, part: tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """One partition's sum of unit vectors per topic, in fixed point (int64), and its papers per topic."""
    vectors, topics = part
    fixed = np.round(unit_rows(vectors) * FIXED_POINT).astype(np.int64)
    sums = np.zeros((n_topics, fixed.shape[1]), dtype=np.int64)
    np.add.at(sums, topics, fixed)
    return sums, np.bincount(topics, minlength=n_topics)


def _summed(answers: Iterable[tuple[np.ndarray, np.ndarray]]) -> tuple[np.ndarray, np.ndarray]:
    """The partitions' sums and counts added up (integers: the order does not matter); the sums as floats."""
    sums: np.ndarray | None = None
    counts: np.ndarray | None = None
    for part_sums, part_counts in answers:
        sums = part_sums if sums is None else sums + part_sums
        counts = part_counts if counts is None else counts + part_counts
    if sums is None or counts is None:
        raise ValueError("no partitions to sum: the papers to refine are never empty")
    return sums.astype(np.float64), counts


def _nearest(ids: np.ndarray, centroids: np.ndarray, vectors: np.ndarray) -> np.ndarray:
    return nearest_centroid(vectors, ids, centroids)[0]


def _summary(sample: int, papers: int, misfits: int) -> dict[str, int]:
    """What the fit did, kept in the pieces' ``slots["sample"]``: papers in the sample and in all, misfits.

    ``misfits``: papers outside the spread of their nearest sample topic (they
    join it all the same); ``new_topics`` stays 0 (misfits form no topic here).
    """
    return {"papers": sample, "of": papers, "misfits": misfits, "new_topics": 0}


def _by_size(topics: np.ndarray) -> np.ndarray:
    """Topics numbered by size, 0 the largest (ties: the lower number first)."""
    ids, counts = np.unique(topics, return_counts=True)
    renumbered = np.zeros(int(ids.max()) + 1, dtype=np.int64)
    renumbered[ids[np.lexsort((ids, -counts))]] = np.arange(len(ids))
    return renumbered[topics]


def _placed(
    rule: MapRule, embeddings: np.ndarray, topics: np.ndarray, others: np.ndarray, mapper: Mapper, size: int
) -> np.ndarray:
    """Map places of the papers outside the sample (rule 5), partition by partition."""
    parts = ((embeddings[rows], topics[rows]) for rows in partitions(others, size))
    answers = list(mapper(partial(_place_partition, rule), parts))
    return np.vstack(answers) if answers else np.zeros((0, 2))


def _place_partition(rule: MapRule, part: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    return placed(rule, *part)
