"""Area names (a level above topics) and the names of groups whose papers share no subject (issue 34)."""

from __future__ import annotations

import numpy as np

from analysis.model.labels import BOILERPLATE, topic_labels
from analysis.model.naming import group_names
from analysis.model.naming_fields import FieldCandidate, _narrow_first, _topic_fields
from analysis.model.phrase_table import cached_table

POINT_CLOUDS = [
    ("Point Cloud Completion from Image Features", "We complete a point cloud of an image scene."),
    ("Point Cloud Registration with Image Priors", "Point cloud registration aligns two scans of an image."),
    ("Self-Supervised Point Cloud Learning", "Point cloud encoders learn from image and depth."),
    ("Sparse Point Cloud Upsampling", "Point cloud upsampling densifies a sparse image scan."),
]
DRIVING = [
    ("End-to-End Autonomous Driving from Images", "Autonomous driving maps each camera image to actions."),
    ("Autonomous Driving in Rain", "Autonomous driving perception from a rainy image."),
    ("Planning for Autonomous Driving", "Autonomous driving plans a route from an image."),
    ("Autonomous Driving Benchmarks", "We benchmark autonomous driving on image streams."),
]
DETECTION = [
    ("Open-Vocabulary Object Detection", "Object detection of unseen classes in an image."),
    ("Small Object Detection in Aerial Images", "We detect small objects in each image."),
    ("Real-Time Object Detection Transformers", "Object detection with transformers on an image."),
    ("Object Detection under Fog", "Object detection in a foggy image degrades."),
]
GENERATION = [
    ("Text-to-Image Generation with Layout", "Text-to-image generation places objects in an image."),
    ("Image Editing by Instructions", "Image editing follows text-to-image generation models."),
    ("Personalized Text-to-Image Generation", "We personalise text-to-image generation of an image."),
    ("Fast Text-to-Image Generation", "Text-to-image generation in four steps for each image."),
]
VIDEO = [
    ("Video Generation from Text", "Video generation makes each image of a video."),
    ("Video Understanding with Long Context", "Video understanding reads every image of a long video."),
    ("Temporal Grounding in Video", "We ground a sentence in a video, image by image."),
    ("Video Question Answering", "Video question answering over each image frame of a video."),
]


def _corpus(
    groups: list[list[tuple[str, str]]], areas: list[int]
) -> tuple[list[str], list[str], np.ndarray, np.ndarray]:
    """Texts, titles, topics (one per group) and areas (``areas[topic]``) of groups of (title, text) pairs."""
    titles = [title for group in groups for title, _ in group]
    texts = [f"{title}. {text}" for group in groups for title, text in group]
    topics = np.repeat(np.arange(len(groups)), [len(g) for g in groups])
    return texts, titles, topics, np.asarray(areas)[topics]


def _vision_corpus() -> tuple[list[str], list[str], np.ndarray, np.ndarray]:
    """A vision conference in small: every paper is about images; one area of two topics, three of one each."""
    others = [
        [(f"{subject} {i}", f"{subject} of an image.") for i in range(4)]
        for subject in ("Image Super-Resolution", "Medical Image Registration", "Face Recognition", "Remote Sensing")
    ]
    return _corpus([POINT_CLOUDS, DETECTION, DRIVING, GENERATION, VIDEO, *others], [0, 0, 0, 1, 2, 3, 4, 5, 6])


def test_an_area_of_a_vision_conference_is_named_by_its_topics_fields_not_by_computer_vision():
    # Final panel 4 (CVPR 2024): "Computer vision" named an area of 3D perception, driving and detection
    # (3.0); readers wrote "3D vision, geometry and low-level vision". A broad field in most of the
    # corpus's papers names none of its areas: each topic's field, one level up, does (largest first).
    texts, titles, topics, areas = _vision_corpus()
    names = group_names(texts, titles, areas, BOILERPLATE, topics)
    assert names[0] == "Autonomous driving, object detection and point clouds"


def test_an_area_is_named_by_a_broad_field_the_rest_of_the_corpus_does_not_share():
    # Where the broad field is the area's own (its papers mostly in the area), it still names it.
    bandits = [(f"Regret Bounds for Bandits with {i} Arms", "Bandits with regret.") for i in range(13)]
    texts, titles, topics, areas = _corpus([POINT_CLOUDS, DETECTION, bandits], [0, 0, 1])
    assert group_names(texts, titles, areas, BOILERPLATE, topics)[0] == "Computer vision"


def test_an_area_is_not_named_by_a_phrase_most_of_the_corpus_holds():
    # beese2023 (final panel 3): an area of optimisation and pruning papers read "Neural networks" (3.0),
    # a phrase in most of the corpus; readers wrote "Deep learning theory and optimization". No field
    # covers half of this area: its topics' fields name it, one level up, not "Neural networks".
    def group(title: str, text: str, n: int) -> list[tuple[str, str]]:
        return [(f"{title} {i}", text) for i in range(n)]

    groups = [
        group("Faster Neural Networks by SGD", "Stochastic gradient descent trains a neural network.", 4),
        group("Pruning Neural Networks", "Network pruning removes weights of a neural network.", 3),
        group("Expressivity of Neural Networks", "The expressive power of a neural network of some depth.", 3),
        group("Dependency Parsing with Neural Networks", "A neural network parser of treebanks.", 5),
        group("Part-of-Speech Tagging with Neural Networks", "A neural network tagger of words.", 5),
        group("Speech Recognition with Neural Networks", "A neural network recognises speech.", 10),
    ]
    texts, titles, topics, areas = _corpus(groups, [0, 0, 0, 1, 1, 2])
    names = group_names(texts, titles, areas, BOILERPLATE, topics)
    assert names[0] == "Optimization, deep learning theory and network pruning"


def test_an_area_writes_a_long_form_as_the_abbreviation_the_corpus_mostly_uses():
    # The seeds' area read "Reinforcement learning and large language models" (3.3-4.0); readers wrote
    # "Reinforcement learning and LLMs". Two-word forms stay spelled out, as readers kept them.
    rl = [f"Reinforcement learning (RL) for control task {i}. RL agents learn a policy by reward." for i in range(5)]
    llm = [
        f"Large language models (LLMs) in study {i}. LLMs reason; LLM outputs of large language models vary."
        for i in range(3)
    ]
    other = [f"Protein folding with structure model {i}. Protein structures are predicted." for i in range(8)]
    texts = rl + llm + other
    topics = np.repeat(np.arange(3), [5, 3, 8])
    areas = np.where(topics < 2, 0, 1)
    labels = topic_labels({}, texts, areas, True, None, topics)
    assert labels[0] == "Reinforcement learning and LLMs"


def test_a_group_without_a_common_subject_says_so_and_names_the_heads_of_its_papers_subjects():
    # The seeds' mixed topic read "Mixed: retrieval-augmented generation and text-attributed graphs"
    # (2.3-3.0 in every panel); readers wrote "Miscellaneous: attribution, retrieval, security". Each
    # paper's subject is the head of the noun phrase its first sentence opens with, not its modifier
    # ("conventional") nor the run's start ("deep neural network-based long-term ..."); shortest first, as
    # many as fit two lines of the map ("retrieval-augmented generation" does not).
    mixed = [
        "Conventional federated learning (FL) heavily depends on clean labels of clients.",
        "While deep neural network-based long-term time series forecasting is everywhere, it can be attacked.",
        "Retrieval-augmented generation (RAG) improves factual grounding but adds latency.",
    ]
    others = [f"Image classification with vision transformers on benchmark {i}." for i in range(6)]
    labels = topic_labels({}, mixed + others, np.array([0] * 3 + [1] * 6), True, None)
    assert labels[0] == "Miscellaneous: federated learning and time series forecasting"


def _field(name: str, score: float, share: float, columns: set[int], broad: bool) -> FieldCandidate:
    return FieldCandidate(name, score, share, frozenset(), frozenset(columns), broad, name)


def test_a_narrow_field_scoring_above_the_broad_one_names_the_area_unless_it_is_a_kind_of_it():
    # Dev panel 5 (CVPR 2024): "Large language models" named an area of vision-language and recognition
    # papers (2.0; before "Multimodal vision models" 3.0); the narrow "Vision-language and multimodal
    # models" scored above it in 0.47 of the area against 0.61. "Diffusion models" is a kind of
    # "Generative models" (its cue phrases are the broad field's): the broad one keeps its area.
    llm = _field("Large language models", 0.189, 0.61, {1, 2, 3}, True)
    vision_language = _field("Vision-language and multimodal models", 0.230, 0.47, {3, 4, 5, 6}, False)
    detection = _field("Object detection and segmentation", 0.146, 0.33, {7}, False)
    assert _narrow_first([llm], [llm, vision_language, detection]) == [vision_language, llm]
    generative = _field("Generative models", 0.2, 0.8, {1, 2, 3, 4}, True)
    diffusion = _field("Diffusion models", 0.3, 0.6, {2, 3, 9}, False)
    assert _narrow_first([generative], [generative, diffusion]) == [generative]
    # Nor does a narrow field in under 0.6 of what the broad one covers.
    small = _field("Object detection and segmentation", 0.3, 0.3, {7}, False)
    assert _narrow_first([llm], [llm, small]) == [llm]


def test_a_topic_s_field_counts_for_its_area_only_where_its_cues_are_in_most_of_the_topic_s_titles():
    # Final panel 5 (CHI 2025): "Recommender systems and drug discovery" named an area of haptics and
    # fabrication (1.0; before "Haptic feedback and digital fabrication" 4.0): "user" put the recommender
    # field in every abstract of topics whose titles never say it. A topic's field names its area one
    # level up only where its cues are in 0.3 of its titles; the haptics topic gives none.
    haptics = [
        (f"Haptic Feedback for Touch Screens {i}", "Haptic feedback helps each user of a touch screen.")
        for i in range(6)
    ]
    texts, titles, topics, _ = _corpus([haptics, POINT_CLOUDS, DRIVING, DETECTION], [0, 0, 0, 0])
    table = cached_table(texts, titles, BOILERPLATE)
    named = _topic_fields(table, np.arange(len(texts)), topics)
    assert named == "Autonomous driving, object detection and point clouds"
