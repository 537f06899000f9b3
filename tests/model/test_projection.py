"""A paper outside a fit lands in the fit's clustered space as the fitted papers did (analysis.model.projection)."""

from __future__ import annotations

import numpy as np

from analysis.embedding.cache import document_texts
from analysis.model.clustering import _neighbors_and_ties, smooth, smooth_toward
from analysis.model.measures import unit_rows


def test_a_fitted_paper_made_again_has_the_features_the_fit_clustered(seed_result):
    pieces = seed_result.pieces
    assert pieces.projection is not None
    again = pieces.projection.features(pieces.embeddings, document_texts(seed_result.papers))
    assert again.shape == pieces.features.shape == (26, 384 + pieces.projection.lsa.axes.shape[0])
    np.testing.assert_allclose(again, pieces.features, atol=1e-5)


def test_a_fitted_paper_projected_as_new_lands_where_the_fit_put_it(seed_result):
    pieces = seed_result.pieces
    # Each paper projected against the others, as if it came later: the fit
    # smoothed it with the same neighbours (never itself), so it lands on its place.
    places = np.vstack(
        [
            pieces.projection.reduced(pieces.features[[i]], np.delete(pieces.features, i, axis=0))
            for i in range(len(pieces.features))
        ]
    )
    np.testing.assert_allclose(places, pieces.reduced, atol=1e-9)


def test_smoothing_toward_other_rows_is_the_fits_smoothing_of_a_row_left_out():
    rng = np.random.default_rng(0)
    rows = rng.normal(size=(40, 8))
    neighbors, ties = _neighbors_and_ties(rows, 5)
    assert ties == {}
    fitted = smooth(rows, neighbors, ties)
    for i in (0, 17, 39):
        alone = smooth_toward(rows[[i]], np.delete(rows, i, axis=0), 5)
        np.testing.assert_allclose(alone[0], fitted[i], atol=1e-12)


def test_smoothing_toward_other_rows_ramps_a_tie_at_the_kth_place():
    base = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0]])
    # Equally near the first two rows: with k=1 each gets half the weight, not one of them whole.
    smoothed = smooth_toward(np.array([[1.0, 1.0]]), base, 1)
    np.testing.assert_allclose(smoothed[0], unit_rows([[1.0, 1.0]])[0], atol=1e-12)
