"""NLP fields that named groups by a word they share with them: arguments of three kinds, emotion.

Arguments: argument mining in NLP, argumentation frameworks in AI, the arguments of an event.

"Argument mining" had "argument" and "argumentation" among its cues and named groups of event argument
extraction at ACL 2022, COLING 2025 and NAACL 2024 (2.33, 2.33, 3.0) and of abstract argumentation at IJCAI 2021
and 2024 (2.0 each; the readers wrote "Computational argumentation" and "Argumentation, logic and belief
change"), final panels 5, 6, 15, 27 and dev panel 16 in bench/.
"""

from __future__ import annotations

from analysis.model.ctfidf import BOILERPLATE
from analysis.model.naming import group_names
from tests.model.test_field_patterns import _field_shares
from tests.model.test_fields import SIX
from tests.model.test_naming import _corpus

ARGUMENT_MINING = [
    ("Argument Mining from Student Essays", "We find claims and premises in argumentative essays."),
    ("Assessing Argument Quality", "A model ranks the argument quality of online debate posts."),
    ("Generating Counter-Arguments", "Argument generation writes a counter-argument to a persuasive post."),
]
ARGUMENTATION = [
    ("Semantics of Abstract Argumentation", "We study extensions of an abstract argumentation framework."),
    ("Bipolar Argumentation Frameworks", "Support and attack relations in bipolar argumentation frameworks."),
    ("Complexity of Structured Argumentation", "Deciding acceptance in structured argumentation is hard."),
]
EVENT_ARGUMENTS = [
    ("Document-Level Event Argument Extraction", "We extract the arguments of each event trigger in a document."),
    ("Event Extraction as Question Answering", "Each argument role of an event is a question to answer."),
    ("Zero-Shot Event Argument Extraction", "Event argument extraction for event types unseen in training."),
]


def test_argument_mining_argumentation_and_event_arguments_are_named_apart():
    texts, titles, topics = _corpus([*SIX, ARGUMENT_MINING, ARGUMENTATION, EVENT_ARGUMENTS])
    assert _field_shares(texts, titles, topics == 6)["Argument mining"] == 1.0
    assert "Argument mining" not in _field_shares(texts, titles, topics == 7)
    assert "Argument mining" not in _field_shares(texts, titles, topics == 8)  # the arguments of an event
    names = group_names(texts, titles, topics, BOILERPLATE)
    assert [names[6], names[7], names[8]] == [
        "Argument mining",
        "Computational argumentation",
        "Event argument extraction",
    ]


EMPATHY = [
    ("Empathetic Response Generation", "A model responds with empathy to the emotion a speaker expresses."),
    ("Emotional Support with Language Models", "We tune models to give emotional support to distressed users."),
    ("Emotion Recognition in Text", "Each sentence is labelled with the emotion it expresses."),
]
REVIEWS = [
    ("Aspect-Based Sentiment Analysis", "We find the sentiment towards each aspect of a product review."),
    ("Opinion Mining from Hotel Reviews", "Opinion mining extracts what guests liked and disliked."),
    ("Cross-Domain Sentiment Classification", "A sentiment classifier trained on books is applied to films."),
]


def test_emotion_and_empathy_is_named_apart_from_sentiment_in_reviews():
    # "Sentiment analysis and opinion mining" named emotion and empathetic-dialogue groups by "emotion" (1.0 at
    # ACL 2022, 1.67 at COLING 2025; readers wrote "Emotion and empathetic dialogue").
    texts, titles, topics = _corpus([*SIX, EMPATHY, REVIEWS])
    shares = _field_shares(texts, titles, topics == 6)
    assert shares["Emotion and empathy"] == 0.666667  # "emotional support" is no phrase of the corpus's table
    assert "Sentiment analysis and opinion mining" not in shares
    names = group_names(texts, titles, topics, BOILERPLATE)
    assert [names[6], names[7]] == ["Emotion and empathy", "Sentiment analysis and opinion mining"]
