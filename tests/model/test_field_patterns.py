"""What readers marked down in the panels, fixed in the field step (analysis.model.naming_fields).

Exact names on small hand-made groups written as their fields write them, each
beside the six groups of tests/model/test_fields.py: a narrow subject under a
broad field, a group whose best phrase is in a few of its papers only, a topic
of two subjects, and an area whose second subject is not the field holding its first.
"""

from __future__ import annotations

import numpy as np

from analysis.model import field_table
from analysis.model.ctfidf import BOILERPLATE
from analysis.model.labels import topic_labels
from analysis.model.naming import group_names, phrase_table
from analysis.model.naming_fields import field_candidates
from analysis.model.phrase_table import cached_table, forget_tables
from tests.model.test_fields import SIX
from tests.model.test_naming import _corpus

# Readers wrote "3D reconstruction and neural rendering"; the last lexicon named it "Computer vision".
RECONSTRUCTION = [
    (
        "Neural Surface Reconstruction from Sparse Views",
        "We reconstruct the surface of an object from a few images with a signed distance function and volume "
        "rendering of the scene.",
    ),
    (
        "Inverse Rendering of Glossy Objects",
        "Inverse rendering recovers the shape, material and lighting of an object from multi-view images of it.",
    ),
    (
        "Radiance Fields for Dynamic Scenes",
        "We extend neural radiance fields to moving scenes, rendering new views of each frame from a single camera.",
    ),
    (
        "Mesh Recovery from a Single Image",
        "We predict a textured mesh of an object from one image, and refine it by differentiable rendering.",
    ),
]
# Knowledge distillation and retrieval papers, and a knowledge-tracing pair: readers wrote "Knowledge
# distillation, retrieval and indexing"; the knowledge-tracing pair, a minority, named it before.
DISTILLATION_AND_RETRIEVAL = [
    (
        "Knowledge Tracing with Transformers",
        "Knowledge tracing predicts whether a student answers the next exercise correctly from past answers.",
    ),
    (
        "A Benchmark for Knowledge Tracing",
        "We release a knowledge tracing benchmark of student answers with auxiliary information.",
    ),
    (
        "Knowledge Distillation between Heterogeneous Architectures",
        "Knowledge distillation trains a small student from a large teacher; we distill across architectures.",
    ),
    (
        "On Student-Teacher Deviations in Distillation",
        "We study when a distilled student should deviate from its teacher, and why distillation helps.",
    ),
    (
        "Distillation of Pre-Trained Language Models",
        "We compress a pre-trained language model by distillation of its feature correlations into a student.",
    ),
    (
        "Evolving Distillers for Any Teacher",
        "We search the space of distillation losses so that a student learns from any teacher.",
    ),
    (
        "Dense Retrieval of Scientific Documents",
        "Dense retrieval embeds queries and scientific documents; we retrieve papers by their aspects.",
    ),
    (
        "A Learned Vector Index for Retrieval",
        "We learn a vector index for approximate nearest neighbour retrieval of documents at scale.",
    ),
    (
        "Hashing for Fast Set Retrieval",
        "Locality sensitive hashing speeds up the retrieval of sets that contain a query set.",
    ),
    (
        "Distilling a Search Index",
        "We distill a high-dimensional search index into a small one, and keep its retrieval accuracy.",
    ),
    (
        "Learned Bloom Filters for Retrieval",
        "A partitioned learned Bloom filter answers membership queries for retrieval at a fraction of the memory.",
    ),
]
# A bandits topic and a games topic in one area: readers wrote "Bandits, online learning and games".
BANDITS = [
    (
        "Regret Bounds for Contextual Bandits",
        "We give regret bounds for contextual bandits with a linear reward and adversarial contexts.",
    ),
    (
        "Best Arm Identification with Fixed Budget",
        "Best arm identification in multi-armed bandits: we bound the error of a fixed-budget strategy.",
    ),
    (
        "Online Learning with Delayed Feedback",
        "Online learning where the losses arrive late: our algorithm keeps the regret of online convex optimization.",
    ),
    (
        "Bandits with Knapsacks",
        "Bandits with knapsack constraints: a regret bound that holds for stochastic and adversarial rewards.",
    ),
]
GAMES = [
    (
        "Learning Nash Equilibria in Zero-Sum Games",
        "We learn a Nash equilibrium of a zero-sum Markov game from samples with a policy gradient method.",
    ),
    (
        "Equilibria of Auctions by No-Regret Learning",
        "Bidders in repeated auctions learn with no-regret dynamics; we show when they reach an equilibrium.",
    ),
    (
        "Correlated Equilibria in Extensive-Form Games",
        "We compute correlated equilibria of extensive-form games by learning dynamics.",
    ),
]


def test_a_narrow_subject_under_a_broad_field_is_named_by_its_narrow_field():
    texts, titles, topics = _corpus([*SIX, RECONSTRUCTION])
    names = group_names(texts, titles, topics, BOILERPLATE)
    assert names[6] == "3D reconstruction and novel view synthesis"
    # The same papers without titles: their first sentences stand for them.
    abstracts = [abstract for group in [*SIX, RECONSTRUCTION] for _, abstract in group]
    assert topic_labels({}, abstracts, topics, True)[6] == "3D reconstruction and novel view synthesis"


def test_a_phrase_of_a_minority_does_not_name_a_group_of_two_fields():
    texts, titles, topics = _corpus([*SIX, DISTILLATION_AND_RETRIEVAL])
    # "knowledge tracing" is in 2 of the 11 papers: it scores highest (no paper outside holds it) but names
    # too few; knowledge distillation and retrieval are each in half of them, and name the group together.
    assert group_names(texts, titles, topics, BOILERPLATE)[6] == "Knowledge distillation and information retrieval"


def test_an_area_names_a_second_field_beside_its_first_not_the_broad_field_holding_it():
    texts, titles, topics = _corpus([*SIX, BANDITS, GAMES])
    areas = np.where(topics >= 6, 1, 0)
    # "Reinforcement learning and decision making" holds bandits and games: it is no second subject.
    assert group_names(texts, titles, areas, BOILERPLATE, topics)[1] == "Bandits, online learning and games"


TIME_SERIES = [
    (
        "Channel Mixing for Multivariate Time Series Forecasting",
        "Multivariate time series forecasting mixes channels; we learn which channels to mix at each horizon.",
    ),
    (
        "Normalization for Non-Stationary Time Series",
        "Non-stationary time series shift in mean and scale; a slice-wise normalization improves forecasting.",
    ),
    (
        "Irregularly Sampled Time Series with Neural Processes",
        "We model irregularly sampled time series of patients with a neural process and forecast the next values.",
    ),
]
TRANSFORMERS = [
    (
        "Linear Attention for Long Sequences",
        "Softmax attention is quadratic in the sequence length; our linear attention keeps the transformer's accuracy.",
    ),
    (
        "Which Attention Heads Do Nothing",
        "Some attention heads of a transformer attend to one token and do nothing; we find and remove them.",
    ),
    (
        "A Memory View of Transformers",
        "We read the transformer as an associative memory and show how its attention layers store facts.",
    ),
]
NEUROSCIENCE = [
    (
        "Decoding Speech from Brain Activity",
        "We decode heard speech from the brain activity of listeners recorded by fMRI and EEG.",
    ),
    (
        "Recurrent Models of Neural Activity in Cortex",
        "Recurrent networks fitted to neural activity of mouse visual cortex predict the responses of neurons.",
    ),
    (
        "Synaptic Plasticity and Learning in the Brain",
        "We model how synaptic plasticity lets brain circuits learn cognitive tasks with long delays.",
    ),
]


def test_an_area_that_no_field_covers_is_named_by_the_fields_of_its_parts():
    groups = [*SIX, TIME_SERIES, TRANSFORMERS, NEUROSCIENCE]
    texts, titles, topics = _corpus(groups)
    areas = np.where(topics >= 6, 1, 0)
    # Each of three fields holds a third of the area: together they name it, one subject each.
    assert group_names(texts, titles, areas, BOILERPLATE, topics)[1] == "Neuroscience, time series and transformers"


# NLP groups as an ACL corpus writes them: the lexicon's NLP entries (from the ACL/EMNLP calls' areas) name them.
NLP = [
    [
        (
            "Aspect-Based Sentiment Analysis with Graph Attention",
            "We classify the sentiment toward each aspect of a review.",
        ),
        (
            "Emotion Recognition in Conversations",
            "We recognise the emotion of each utterance in a dialogue from its context.",
        ),
        ("Stance Detection on Social Media", "Stance detection decides whether a tweet favours or opposes a target."),
        ("Cross-Lingual Sentiment Classification", "We transfer a sentiment classifier to low-resource languages."),
        ("Detecting Sarcasm in Reviews", "Sarcasm flips the polarity of opinions; we detect it from context."),
    ],
    [
        ("A Fast Dependency Parser", "We train a transition-based dependency parser that runs in linear time."),
        ("Constituency Parsing with Self-Attention", "A self-attentive encoder improves constituency parsing."),
        ("Unsupervised Grammar Induction", "We induce a probabilistic context-free grammar from raw sentences."),
        ("Part-of-Speech Tagging for Low-Resource Languages", "We tag parts of speech with few annotations."),
        ("Joint Tagging and Parsing", "Joint part-of-speech tagging and dependency parsing share one encoder."),
    ],
    [
        (
            "Open-Domain Question Answering with Dense Passages",
            "We retrieve passages and read them to answer questions.",
        ),
        (
            "Multi-Hop Reading Comprehension",
            "Questions that need several documents: a multi-hop reader chains evidence.",
        ),
        ("A Dataset for Conversational Question Answering", "Each question depends on earlier answers of a dialogue."),
        ("Answering Questions over Tables", "We answer questions over tables by semantic parsing into SQL."),
        ("Unanswerable Questions in Reading Comprehension", "Readers must abstain when the passage holds no answer."),
    ],
    [
        (
            "Abstractive Summarization with Pointer Networks",
            "We copy words from the source to write abstractive summaries.",
        ),
        ("Extractive Summarization of Long Documents", "We select sentences of scientific papers to summarize them."),
        ("Faithfulness in Summarization", "Summaries hallucinate facts; we measure and reduce unfaithful content."),
        ("Query-Focused Multi-Document Summarization", "We summarize a set of news articles for a user's query."),
    ],
    [
        ("Named Entity Recognition with Character Models", "Character-level models recognise named entities in text."),
        ("Joint Entity and Relation Extraction", "We extract entities and the relations between them with one model."),
        ("Event Extraction from News", "We extract events and their arguments from news articles."),
        ("Entity Linking to Wikipedia", "We link mentions of named entities to Wikipedia pages."),
    ],
]


def test_nlp_groups_are_named_by_the_fields_of_nlp_venues():
    texts, titles, topics = _corpus(NLP)
    assert group_names(texts, titles, topics, BOILERPLATE) == {
        0: "Sentiment analysis and opinion mining",
        1: "Syntactic parsing and tagging",
        2: "Question answering and reading comprehension",
        3: "Text summarization",
        4: "Information extraction and named entity recognition",
    }
    areas = np.where(topics >= 2, 1, 0)
    assert group_names(texts, titles, areas, BOILERPLATE, topics)[1] == (
        "Information extraction, question answering and summarization"
    )


VISION_MIX = [
    ("Sports Field Calibration", "We calibrate broadcast footage of a sports field from the image of its lines."),
    ("Handheld Deblurring", "Handheld shake blurs an image; we deblur it from a burst of exposures."),
    ("Localization in Large Scenes", "We localize a visual query in a large scene by matching keypoints to a map."),
    ("Rolling Shutter Correction", "A rolling shutter skews each pixel row; we correct it from the sensor's motion."),
]


def test_a_broad_field_names_no_topic_its_papers_name_it():
    # Every paper holds a cue of "Computer vision" (image, visual, scene, pixel), no narrow field's and no shared
    # phrase: readers scored such broad names of topics 2.36 of 5. The topic says what its papers are.
    texts, titles, topics = _corpus([*SIX, VISION_MIX])
    assert (
        group_names(texts, titles, topics, BOILERPLATE)[6]
        == "Mixed: handheld deblurring and rolling shutter correction"
    )
    areas = np.where(topics == 6, 1, 0)
    # An area of them is named by the field: an area is a coarse group, and the broad field is what it shares.
    assert group_names(texts, titles, areas, BOILERPLATE, topics)[1] == "Computer vision"


def _fields_of(texts, titles, in_group):
    """The fields covering some of a group's papers, best first, as the labeller ranks them."""
    return field_candidates(cached_table(texts, titles, BOILERPLATE), np.flatnonzero(in_group))


def _field_shares(texts, titles, in_group):
    """Each field covering some of a group's papers: the share of the group it covers."""
    return {f.name: f.share for f in _fields_of(texts, titles, in_group)}


CLINICAL_TEXT = [
    ("Summarizing Clinical Notes", "We summarize the clinical notes of a patient's hospital stay for the next doctor."),
    ("Medical Question Answering", "A language model answers medical questions from patients with cited evidence."),
    ("Coding Diagnoses from EHR Text", "We assign disease codes to the free text of electronic health records."),
    ("Biomedical Entity Linking", "We link biomedical mentions in text to a vocabulary of concepts."),
]
MEDICAL_IMAGES = [
    ("Tumour Segmentation in MRI", "We segment tumours in brain MRI scans of patients with a 3D network."),
    ("Chest X-Ray Report Findings", "A classifier finds disease in chest x-ray images of hospital patients."),
    ("Lesion Detection in Ultrasound", "We detect lesions in ultrasound images of the breast for clinical use."),
    ("Histopathology Slide Classification", "Whole-slide pathology images are classified by a medical model."),
]


def test_a_medical_field_is_named_for_images_only_where_its_papers_have_images():
    # "Medical imaging and healthcare" named clinical-text groups that readers scored 1.0-2.3 (CHI 2025,
    # NAACL 2022 and 2024, COLING 2025, ICRA and IROS 2021), 4.0-5.0 at CVPR 2024.
    texts, titles, topics = _corpus([*SIX, CLINICAL_TEXT, MEDICAL_IMAGES])
    names = group_names(texts, titles, topics, BOILERPLATE)
    assert names[6] == "Clinical and biomedical NLP"
    assert names[7] == "Medical imaging and healthcare"
    shares = _field_shares(texts, titles, topics == 6)
    assert "Medical imaging and healthcare" not in shares  # no paper of clinical text holds an image
    assert shares["Clinical and biomedical NLP"] == 1.0


LLM_NEURONS = [
    ("Knowledge Neurons in Language Models", "We find the neurons of a language model that store a fact."),
    ("Cognitive Biases of LLMs", "Large language models show the cognitive biases of human reasoning."),
    ("Polysemantic Neurons in Transformers", "Single neurons of a transformer respond to several unrelated concepts."),
    ("Cognitive Load and Prompting", "We vary the cognitive load a prompt puts on a language model."),
]


def test_neurons_and_cognition_of_a_language_model_are_no_neuroscience():
    # COLM 2024 and 2025: "Neuroscience and brain data" named groups on LLM probing and cognition, scored 1.0-1.7;
    # its cues "neuron" and "cognitive" are a network's neurons and a model's cognition there.
    texts, titles, topics = _corpus([*SIX, LLM_NEURONS])
    assert "Neuroscience and brain data" not in _field_shares(texts, titles, topics == 6)
    brain = [("Decoding Speech from Brain Activity", "We decode words from the fMRI of listeners' brains.")] * 2
    texts, titles, topics = _corpus([*SIX, brain])
    assert "Neuroscience and brain data" in _field_shares(texts, titles, topics == 6)


ROBOT_PLANNING = [
    ("Sampling-Based Motion Planning in Clutter", "A planner finds collision-free paths for a robot arm in clutter."),
    ("Task and Motion Planning with Learned Heuristics", "We plan grasps and placements with a learned heuristic."),
    ("Planning Footsteps for Legged Robots", "We plan the footsteps of a quadruped over rough terrain."),
    ("Reactive Planning for Drones", "A drone replans its path around moving obstacles in real time."),
]


def test_a_plan_or_a_heuristic_alone_is_no_search_and_satisfiability():
    # "Search, satisfiability and planning" named robot planning and LLM planning groups by "planning", "plan",
    # "planner" or "heuristic" alone: scored 1.0-2.0 at ICRA and IROS 2020-2023 and NAACL 2024 (3.0 at IJCAI).
    texts, titles, topics = _corpus([*SIX, ROBOT_PLANNING])
    assert "Search, satisfiability and planning" not in _field_shares(texts, titles, topics == 6)


def test_no_broad_field_names_an_area_at_a_venue_with_a_field_of_its_own(monkeypatch):
    # Robotics and vision venues: readers scored the 30 areas there that a broad field named ("Computer vision"
    # for robot perception) 2.30 of 5, 53% poor, against 2.99 for those venues' other area names.
    texts, titles, topics = _corpus([*SIX, VISION_MIX])
    texts, titles, topics = texts * 8, titles * 8, np.tile(topics, 8)  # 224 papers: a venue, not a reading list
    areas = np.where(topics == 6, 1, 0)
    assert group_names(texts, titles, areas, BOILERPLATE, topics)[1] == "Computer vision"
    monkeypatch.setattr(field_table, "VENUE_TITLES", 1 / 7)  # each of SIX's fields is then a venue's own
    forget_tables()
    assert phrase_table(texts, titles, BOILERPLATE).fields.venue.any()
    assert (
        group_names(texts, titles, areas, BOILERPLATE, topics)[1]
        == "Handheld deblurring, large scenes and localization"
    )


GRAPH_SEARCH = [
    ("Exact Colouring of Sparse Instances", "We colour the vertices of a graph with few colours by branch and bound."),
    ("Parameterized Search for Max Cut", "A local search finds a maximum cut of a graph in parameterized time."),
    ("Counting Matchings Exactly", "We count the perfect matchings of a bipartite graph with a new algorithm."),
]


def test_a_field_held_by_one_common_word_of_other_groups_names_no_group():
    # "Graph neural networks" named graph search at IJCAI 2023 by "graph" alone (12 of the venue's 122 papers with
    # the word), "Time series forecasting" video models at ECCV 2022 by "temporal": readers scored such names 1-2.
    # ("graph" now counts for graph neural networks only beside a sign of them; the broad field keeps the word.)
    texts, titles, topics = _corpus([*SIX, GRAPH_SEARCH])
    shares = _field_shares(texts, titles, topics == 6)
    assert not {"Graph neural networks", "Graph and geometric learning"} & set(shares)
    assert _field_shares(texts, titles, topics == 3)["Graph neural networks"] == 1.0  # the GNN papers keep it
    # Where the group holds most of the corpus's papers with the word, the word is its subject: the field stays.
    texts, titles, topics = _corpus([SIX[0], GRAPH_SEARCH])
    assert _field_shares(texts, titles, topics == 1)["Graph and geometric learning"] == 1.0


AUDIO = [
    ("Audio Source Separation", "We separate the sources of a mixed audio recording."),
    ("Sound Event Detection", "A model detects sound events in city audio."),
    ("Neural Audio Codecs", "A neural codec compresses audio at low bitrates."),
    ("Sound Synthesis by Diffusion", "Diffusion synthesizes the sound of impacts and scrapes."),
    ("Audio Tagging at Scale", "We tag a million audio clips with the sound classes they hold."),
]
VIDEO_MODELS = [
    ("Action Recognition in Videos", "A video model recognises actions from frames and their audio."),
    ("Moment Retrieval in Long Videos", "We retrieve the moment of a video from its frames, audio and sound."),
    ("Video Captioning with Dense Events", "A model captions the dense events of a video and their sound."),
]


def test_a_field_held_by_common_words_of_other_groups_alone_names_no_group():
    # IJCAI 2021: "Transformers and attention" for video and multimodal understanding (1.0), as at ACL 2022 (1.0)
    # and IJCAI 2023 (1.0), by "transformer" and "attention", both mostly of the venue's other papers; the field
    # "Audio processing" ("audio", "sound") would name video models that way.
    texts, titles, topics = _corpus([*SIX, AUDIO, VIDEO_MODELS])
    assert "Audio processing" not in _field_shares(texts, titles, topics == 7)
    assert _field_shares(texts, titles, topics == 6)["Audio processing"] == 1.0  # most of the words' papers
