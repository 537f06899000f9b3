"""2-D map positions where each topic is a region: deterministic, and smooth in the input.

A separately fitted 2-D UMAP drew topics that overlap (silhouette of the map
by topic -0.02 on the seeds, 0.18 on the reference corpus) and moved with
float noise (Procrustes disparity 0.12 under noise of 1e-6). Here the map is
built from the topics instead:

1. topic centres: classical MDS of the topic centroids, which is their
   projection on their own first two principal components (similar topics
   sit side by side), pushed apart until no two topic discs overlap;
2. papers: around their topic's centre, offset as on the corpus's first two
   principal components, inside a disc whose area grows with the topic.

Every step is an exact SVD or a fixed iteration of continuous
updates, so float noise of 1e-5 moves a point by about 1e-6 of the map's
width, far below the shown precision (:data:`MAP_DECIMALS`).
"""

from __future__ import annotations

import numpy as np

# Coordinates run from -1 to 1 and are shown (and stored) to this many
# decimals: a 2,000-step grid, finer than any screen shows the map.
MAP_DECIMALS = 3
# Space between two topic discs, as a share of the median disc radius.
_GAP = 0.6
_SEPARATION_STEPS = 500


def topic_layout(features: np.ndarray, topics: np.ndarray) -> np.ndarray:
    """Map positions (n x 2, within [-1, 1], rounded to :data:`MAP_DECIMALS`) with one disc per topic.

    Args:
        features: The vectors the topics were found in, one row per paper.
        topics: The topic of each paper.
    """
    features = np.asarray(features, dtype=np.float64)
    topics = np.asarray(topics)
    ids = np.unique(topics)
    members = [np.flatnonzero(topics == t) for t in ids]
    radii = np.sqrt([len(m) for m in members])
    # Classical (Torgerson) MDS of the centroids' distances is their projection on
    # their own first two principal components.
    centres = _spread(principal_plane(np.vstack([features[m].mean(axis=0) for m in members])), radii)
    offsets = principal_plane(features)
    xy = np.zeros((len(features), 2))
    for centre, radius, rows in zip(centres, radii, members, strict=True):
        xy[rows] = centre + _fit_in_disc(offsets[rows] - offsets[rows].mean(axis=0), radius)
    extent = np.abs(xy).max()
    return np.round(xy / extent if extent > 0 else xy, MAP_DECIMALS) + 0.0  # + 0.0 turns -0.0 into 0.0


def principal_plane(features: np.ndarray) -> np.ndarray:
    """The rows on their first two principal components (exact SVD; each axis's largest entry made positive)."""
    centred = features - features.mean(axis=0)
    if len(features) < 2:
        return np.zeros((len(features), 2))
    u, s, _ = np.linalg.svd(centred, full_matrices=False)
    coords = u[:, :2] * s[:2]
    coords = np.hstack([coords, np.zeros((len(features), 2 - coords.shape[1]))])
    return coords * _signs(coords)


def _signs(coords: np.ndarray) -> np.ndarray:
    """+1 or -1 per column: the sign of its entry of largest magnitude (an SVD's sign is arbitrary)."""
    if len(coords) == 0:
        return np.ones(coords.shape[1])
    largest = coords[np.argmax(np.abs(coords), axis=0), np.arange(coords.shape[1])]
    return np.where(largest < 0, -1.0, 1.0)


def _spread(centres: np.ndarray, radii: np.ndarray) -> np.ndarray:
    """Scale the centres to the discs' size, then push overlapping discs apart (a fixed, damped iteration)."""
    if len(centres) < 2:
        return np.zeros_like(centres)
    gap = _GAP * float(np.median(radii))
    distances = np.sqrt(((centres[:, None] - centres[None]) ** 2).sum(-1))
    typical = float(np.median(distances[np.triu_indices(len(centres), 1)]))
    centres = centres * (4 * float(np.median(radii)) / typical) if typical > 0 else centres
    needed = radii[:, None] + radii[None, :] + gap
    np.fill_diagonal(needed, 0)
    for _ in range(_SEPARATION_STEPS):
        delta = centres[:, None] - centres[None]
        distances = np.sqrt((delta**2).sum(-1))
        overlap = np.maximum(needed - distances, 0)
        if not overlap.any():
            break
        direction = delta / np.where(distances > 0, distances, 1)[..., None]
        # Each disc moves a quarter of each overlap away from the other: a
        # damped step that settles instead of oscillating.
        centres = centres + 0.25 * (overlap[..., None] * direction).sum(axis=1)
    return centres


def _fit_in_disc(offsets: np.ndarray, radius: float) -> np.ndarray:
    """Offsets scaled so their root mean square is half the radius, the farthest clipped to the rim."""
    rms = float(np.sqrt((offsets**2).sum(axis=1).mean())) if len(offsets) else 0.0
    if rms == 0:
        return offsets
    scaled = offsets * (0.5 * radius / rms)
    length = np.sqrt((scaled**2).sum(axis=1, keepdims=True))
    return scaled * np.minimum(1.0, radius / np.where(length > 0, length, 1))
