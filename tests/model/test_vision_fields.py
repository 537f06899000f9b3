"""Vision subjects that other fields named by a word they share, or no field named: action, visual questions.

At vision venues no one had fitted (final panels 29-31 in bench/), blind readers scored "Question answering and
reading comprehension" for visual question answering 2.0 (three groups), "Audio processing" for audio-visual
learning 2.0 (three), "Video understanding and generation" for action recognition 2.0-2.33 and "Graph neural
networks" for scene graphs 2.0; their own names were the subjects these fields name. At CVPR 2018 (final panel 34)
"Interpretability and explainability" named saliency detection (1.0), and phrases named visual grounding
("Referring expression comprehension and phrase", 2.0) and local features ("Semantic matching", 2.0).
"""

from __future__ import annotations

from analysis.model.labels import topic_labels
from tests.model.test_field_patterns import _field_shares, _fields_of
from tests.model.test_fields import SIX
from tests.model.test_naming import _corpus

AUDIO_VISUAL = [
    ("Learning to Localize Sound Sources in Video", "We find the pixels of a video frame that make the sound."),
    ("Audio Features from Unlabeled Video", "The audio of a video teaches a network to recognise the visual scene."),
    ("Separating the Sounds of Objects", "Sound separation guided by the objects visible in the video."),
]
VISUAL_QUESTIONS = [
    ("Bottom-up Attention for Visual Question Answering", "A VQA model attends to object regions of the image."),
    ("Compositional Visual Reasoning", "Neural modules answer compositional questions about an image."),
    ("Visual Dialog with Memory", "An agent holds a visual dialog about an image over many rounds."),
    ("Answering Questions about Charts", "Question answering over chart images needs the text they show."),
]
ACTIONS = [
    ("Two-Stream Networks for Action Recognition", "Appearance and optical flow streams recognise actions in video."),
    ("Temporal Action Localization in Untrimmed Video", "We find where each action starts and ends in video."),
    ("Skeleton-Based Action Recognition with Graphs", "Joints over time classify the human action in video."),
]
SCENE_GRAPHS = [
    ("Scene Graph Generation from Images", "We predict objects and their pairwise relations as a scene graph."),
    ("Visual Relationship Detection with Language Priors", "Relationship detection of subject, predicate, object."),
    ("Graph R-CNN for Scene Graphs", "A graph network refines the scene graph of an image."),
]


def test_sound_with_video_is_audio_visual_learning():
    texts, titles, topics = _corpus([*SIX, AUDIO_VISUAL])
    shares = _field_shares(texts, titles, topics == 6)
    # Both fields cover every paper; the narrower one (a paper must also show video) names the group.
    assert shares["Audio processing"] == shares["Audio-visual learning"] == 1.0
    assert topic_labels({}, texts, topics, titles=titles)[6] == "Audio-visual learning"


def test_questions_about_images_are_visual_question_answering():
    texts, titles, topics = _corpus([*SIX, VISUAL_QUESTIONS])
    shares = _field_shares(texts, titles, topics == 6)
    # Question answering about images counts for it: at a vision venue every such paper shows an image.
    assert shares["Visual question answering and reasoning"] == 1.0
    assert shares["Question answering and reading comprehension"] == 0.5
    assert topic_labels({}, texts, topics, titles=titles)[6] == "Visual question answering and reasoning"


def test_actions_in_video_are_action_recognition_and_scene_graphs_their_own_field():
    texts, titles, topics = _corpus([*SIX, ACTIONS, SCENE_GRAPHS])
    ranked = _fields_of(texts, titles, topics == 6)
    assert [(f.name, f.share) for f in ranked[:2]] == [
        ("Action recognition", 1.0),
        ("Video understanding", 1.0),  # no paper on video generation: the name says no "and generation"
    ]
    labels = topic_labels({}, texts, topics, titles=titles)
    # Three papers are named by their own phrases, which hold the field's first cue.
    assert labels[6] == "Action recognition and video"
    assert labels[7] == "Scene graphs and visual relationships"


SALIENCY = [
    ("Salient Object Detection with Recurrent Attention", "We detect the salient object of an image pixel by pixel."),
    ("Video Saliency Prediction", "A network predicts where viewers look in each frame of a video."),
    ("Gaze Prediction in 360-degree Video", "Gaze prediction tells where a viewer of a panorama will look."),
]
GROUNDING = [
    ("Grounding Referring Expressions in Images", "We find the image region a referring expression describes."),
    ("Weakly Supervised Phrase Grounding", "Phrases of a caption are grounded to object regions of the image."),
    ("Image-Text Matching with Attention", "Image-text matching aligns the regions of an image to its sentence."),
]
FACES = [
    ("Face Recognition under Large Pose", "We recognise faces seen from the side with a pose-aware network."),
    ("Facial Landmark Detection in the Wild", "Facial landmarks are located in images of unconstrained faces."),
    ("3D Face Reconstruction from One Image", "A morphable model is fitted to a single face image."),
]
MATCHING = [
    ("Learning Local Descriptors", "A network learns local descriptors that match patches across views."),
    ("Dense Semantic Correspondence", "Semantic correspondence between images of different instances of a class."),
    ("Robust Feature Matching", "Feature matching rejects outliers among putative correspondences."),
]


def test_saliency_grounding_faces_and_matching_are_fields_of_their_own():
    texts, titles, topics = _corpus([*SIX, SALIENCY, GROUNDING, FACES, MATCHING])
    shares = _field_shares(texts, titles, topics == 6)
    # Interpretability's cue is "saliency map", not "saliency" (tests/model/test_field_senses.py).
    assert shares["Saliency detection and gaze prediction"] == 1.0
    assert "Interpretability and explainability" not in shares
    labels = topic_labels({}, texts, topics, titles=titles)
    assert [labels[t] for t in (6, 7, 8, 9)] == [
        "Saliency detection and gaze prediction",
        "Visual grounding and image-text matching",
        "Face recognition and facial analysis",
        "Local features and matching",
    ]


def test_grounding_needs_an_image():
    # Referring expressions and cross-modal retrieval are subjects of NLP and audio too.
    without_images = [
        ("Referring Expression Generation in Dialogue", "A speaker chooses referring expressions for entities."),
        ("Cross-Modal Retrieval of Music and Lyrics", "Cross-modal retrieval matches audio clips to their lyrics."),
        ("Generating Referring Expressions from Text", "Referring expressions name the entities of a discourse."),
    ]
    texts, titles, topics = _corpus([*SIX, without_images])
    assert "Visual grounding and image-text matching" not in _field_shares(texts, titles, topics == 6)
