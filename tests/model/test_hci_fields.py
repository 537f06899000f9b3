"""The fields of human-computer interaction name the groups of an HCI venue, and nothing at an ML venue.

CHI's titles hold few of ML's cues (0.36 of CHI 2019's), so the lexicon named none of its groups, and where its
words are ML's ("privacy", "game", "student", "visualization") ML's fields named them wrongly ("Knowledge
distillation" for computing education). Blind readers rated 20% of CHI 2019's topic labels good
(bench/panel_final127_20261207). HCI's own fields are active only at a venue whose subject is HCI.
"""

from __future__ import annotations

from analysis.model.ctfidf import BOILERPLATE
from analysis.model.field_table import lexicon_gate
from analysis.model.fields import fields, parse_lexicon
from analysis.model.lexicon_hci import AWAY_FROM_HCI, HCI_VENUE
from analysis.model.lexicon_robotics import ROBOTICS
from analysis.model.naming import group_names, phrase_table
from tests.model.test_naming import GROUPS, _corpus

THINGS = [
    "smart speakers", "fitness trackers", "messaging apps", "smart homes", "online banking", "ride sharing",
    "dating apps", "video calls", "e-readers", "smartwatches", "photo sharing", "maps", "calendars", "music apps",
    "news apps", "shopping sites", "search engines", "email", "forums", "wikis", "podcasts", "cameras",
    "thermostats", "doorbells", "voice notes",
]  # fmt: skip


OPENERS = ["Designing", "Interactive", "Understanding", "Everyday", "Exploring"]


def _group(cues: list[str]) -> list[tuple[str, str]]:
    """25 papers, one per thing, each holding one of the field's cues: no phrase covers the group, the field does."""
    return [
        (
            f"{OPENERS[i % len(OPENERS)]} {cues[i % len(cues)]} for {thing.title()}",
            f"We report how twelve people experience {cues[i % len(cues)].lower()} for {thing}.",
        )
        for i, thing in enumerate(THINGS)
    ]


PRIVACY = _group(["Privacy", "Passwords", "Phishing", "Authentication", "Security Warnings", "Surveillance"])
GAMES = _group(["Games", "Players", "Gamification", "Play", "Esports", "Playtesting"])
ACCESS = _group(["Accessibility", "Blind Users", "Screen Readers", "Deaf Users", "Low Vision", "Wheelchair Users"])
CHARTS = _group(["Visualization", "Charts", "Dashboards", "Visual Analytics", "Infographics", "Scatterplots"])
FAMILIES = _group(["Children", "Parents", "Teenagers", "Families", "Toddlers", "Parenting"])
REALITY = _group(["Virtual Reality", "VR", "Immersive Views", "Avatars", "Head-Mounted Displays", "Cybersickness"])
FABRICATION = _group(["Digital Fabrication", "3D Printing", "Laser Cutting", "Prototyping", "Knitting", "E-Textiles"])
CLASSROOM = _group(["Students", "Teachers", "Classrooms", "Tutoring", "Education", "Schools"])
# Chatbots without a voice: "Conversational agents", not "... and voice assistants" (dev panel 131: 2.00 -> 3.00
# at CHI 2025 and CHI 2026); civic groups apart from sustainability (CHI 2018's "Civic technology and public
# participation", 5.00, was "Sustainability and civic technology", 2.00).
CHATBOTS = _group(["Chatbots", "Conversational Agents", "Conversational Interfaces", "Chatbot Companions"])
CIVIC = _group(["Civic Participation", "Citizens", "Local Government", "Public Spaces", "Nonprofits"])
DRAWINGS = [
    ("Animal Drawings by Children", "Four-year-olds draw animals, and we count the strokes of each drawing."),
    ("How Children Draw Houses", "Drawings of houses by children of five to nine years old, by age."),
    ("Colour Choices of Children", "Which colours children choose for the sky, the sea and the grass."),
    ("Children Drawing Faces", "The faces children draw grow eyebrows and ears as the children grow."),
]
CHI = [PRIVACY, GAMES, ACCESS, CHARTS, FAMILIES, REALITY, FABRICATION, CLASSROOM, CHATBOTS, CIVIC]


def test_a_narrow_field_may_have_a_parent_and_be_away_from_several_broad_fields():
    parsed = parse_lexicon("area HCI: user\narea Robots: robot\nGames < HCI: game\nPlanning ! Robots ! HCI: plan")
    assert (parsed[2].parent, parsed[2].broad) == ("HCI", False)
    assert parsed[3].away == ("Robots", "HCI")


def test_every_ml_field_named_away_from_hci_is_a_field_away_from_it():
    # A name mistyped in AWAY_FROM_HCI would leave its field naming CHI's groups by HCI's words, silently.
    away = {f.name for f in fields() if HCI_VENUE in f.away and not f.parent}
    assert away >= AWAY_FROM_HCI
    robotics = {f.name for f in parse_lexicon(f"area Robot learning: robot\n{ROBOTICS.strip()}") if not f.broad}
    assert away - AWAY_FROM_HCI == robotics  # and every robotics field
    assert len(robotics) == 35


def test_an_hci_venue_is_named_by_its_own_fields_not_by_ml_fields_of_the_same_words():
    texts, titles, topics = _corpus(CHI)
    assert len(texts) == 250  # a venue: 200 papers or more (VENUE_PAPERS)
    assert group_names(texts, titles, topics, BOILERPLATE) == {
        0: "Usable privacy and security",  # not "Differential privacy"
        1: "Games and play",  # not "Games and equilibria"
        2: "Accessibility and assistive technology",
        3: "Information visualization",  # not "Dimensionality reduction and embeddings"
        4: "Children, families and parenting",
        5: "Virtual reality",
        6: "Digital fabrication and prototyping",
        7: "Education and learning technologies",  # not "Knowledge distillation" (teacher, student)
        8: "Conversational agents",
        9: "Civic technology and public participation",
    }


def test_hci_fields_tell_an_hci_venue_and_neither_name_nor_count_at_an_ml_venue():
    texts, titles, _ = _corpus(CHI)
    found = phrase_table(texts, titles, BOILERPLATE).fields
    names = [f.name for f in found.fields]
    active = dict(zip(names, found.active.tolist(), strict=True))
    assert found.venue[names.index("Human-computer interaction")]
    assert active["Games and play"] and not active["Games and equilibria"] and not active["Differential privacy"]
    assert not active["Human-computer interaction"]  # its narrow fields name its groups
    titled, papers, share = lexicon_gate(found)
    # One title the phrase table reads without its "3D" ("Exploring 3D Printing for Wikis": "printing for wikis").
    assert (titled, papers, share) == (249, 250, 0.6)
    # At an ML venue (no subject of its own) HCI's fields neither name nor count for the gate: the papers on
    # children's drawings hold "Children, families and parenting"'s cue and no ML field's.
    ml_texts, ml_titles, _ = _corpus([*GROUPS, DRAWINGS])
    found = phrase_table(ml_texts, ml_titles, BOILERPLATE).fields
    active = dict(zip(names, found.active.tolist(), strict=True))
    assert not found.venue.any()
    assert active["Games and equilibria"] and active["Differential privacy"] and not active["Games and play"]
    assert not active["Human-computer interaction"] and not active["Children, families and parenting"]
    assert found.title[:, names.index("Children, families and parenting")].sum() == 4
    assert lexicon_gate(found) == (16, 20, 0.55)


def test_a_reading_list_of_60_hci_papers_or_more_is_named_by_hci_fields():
    # A reading group's list of CHI papers is of HCI as CHI is: from 60 papers (OWN_FIELDS_PAPERS) its groups are
    # named by HCI's fields; under 200 they were named by their phrases ("Authentication", "Classrooms"; dev panel
    # 133: 34 of 53 such labels rated higher, 10 lower).
    named = {
        0: "Usable privacy and security",
        1: "Games and play",
        2: "Accessibility and assistive technology",
        3: "Information visualization",
        4: "Children, families and parenting",
        5: "Virtual reality",
        6: "Digital fabrication and prototyping",
        7: "Education and learning technologies",
        8: "Conversational agents",
        9: "Civic technology and public participation",
    }
    for per_group in (6, 10):
        texts, titles, topics = _corpus([group[:per_group] for group in CHI])
        assert group_names(texts, titles, topics, BOILERPLATE) == named
    # Under 60 papers a list's subject is its reader's choice: no field of HCI names its groups.
    texts, titles, topics = _corpus([group[:5] for group in CHI])
    assert not set(group_names(texts, titles, topics, BOILERPLATE).values()) & set(named.values())
