"""A topic one field covers, named with a second field that is more the topic's own than the first.

"Submodular optimization" for NeurIPS 2016's topic of submodular maximisation and active learning, "Differential
privacy" for ACML 2022's of private and federated learning: readers rated 3.00 each, the two subjects 5.00 and 4.00
(dev panel 135 in bench/, which rated 4 of the 5 topics the rule renames higher, none lower).
"""

from __future__ import annotations

from analysis.model.labels import topic_labels
from tests.model.test_field_patterns import _field_shares
from tests.model.test_fields import SIX
from tests.model.test_naming import _corpus

PRIVATE_FEDERATED = [
    ("Locally Private Linear Bandits", "A locally differentially private algorithm learns linear bandits."),
    ("Halfspaces under Local Privacy", "PAC learning halfspaces in the non-interactive local privacy model."),
    ("Private Selection with Few Queries", "We select the best candidate under differential privacy."),
    ("Private Mean Estimation", "A differentially private estimator of the mean of heavy-tailed data."),
    ("Private Federated Averaging", "Clients of a federated learning system train a model under differential privacy."),
    ("Asynchronous Personalized Federated Learning", "Federated learning with clients that report at different times."),
    ("Robust Federated Training", "We defend federated learning against poisoned clients."),
]
FEDERATED = [
    ("Federated Learning on Phones", "Federated learning trains a keyboard model on the phones of its clients."),
    ("Communication-Efficient Federated Learning", "Clients send compressed updates in federated learning."),
    ("Federated Learning with Non-IID Clients", "Federated learning converges when clients hold different data."),
    ("Fair Federated Learning", "Federated learning that serves every client's accuracy alike."),
]


def test_a_second_field_more_focused_on_the_topic_joins_the_name():
    texts, titles, topics = _corpus([*SIX, PRIVATE_FEDERATED])
    shares = _field_shares(texts, titles, topics == 6)
    assert (round(shares["Differential privacy"], 2), round(shares["Federated learning"], 2)) == (0.71, 0.43)
    # Group 2 of SIX holds differential privacy too; federated learning is this topic's alone.
    assert topic_labels({}, texts, topics, titles=titles)[6] == "Differential privacy and federated learning"


def test_a_second_field_less_focused_than_the_first_stays_out():
    # Federated learning is a group of its own here: most of its papers are elsewhere, so it says less of the topic.
    texts, titles, topics = _corpus([*SIX, PRIVATE_FEDERATED, FEDERATED])
    assert topic_labels({}, texts, topics, titles=titles)[6] == "Differential privacy"
