"""Topic labels: short phrases from the topic's own papers, distinct, stable, and right on built examples."""

from __future__ import annotations

import html
import re

import numpy as np

from analysis.model.fields import fields
from analysis.model.labels import BOILERPLATE, topic_labels
from analysis.model.naming import Candidate, same_subject
from analysis.model.phrases import WordRoles, clauses_of, paper_phrases, written_form

WATERMARKING = [
    "LLM watermarking embeds a hidden signal in generated text so that a detector can later tell machine text "
    "from human text. We study LLM watermarking under paraphrasing attacks and show the watermark survives.",
    "We present a distortion-free scheme for LLM watermarking: the watermark key biases token sampling, and "
    "detection needs only the key, not the language model.",
    "Watermark removal attacks threaten LLM watermarking. We design a robust watermark whose detection "
    "statistic stays high after the text is rewritten by another model.",
    "Can a watermark be forged? We show spoofing attacks on LLM watermarking schemes and propose a detection "
    "test with provable false positive rates for the watermark.",
]
OFFLINE_RL = [
    "Offline reinforcement learning learns a policy from a fixed dataset without interaction. Offline RL "
    "suffers from distribution shift, and we constrain the policy to the behaviour policy's support.",
    "We study offline RL in contextual MDPs, where each episode draws a context; a pessimistic value estimate "
    "gives a policy with provable guarantees from logged trajectories.",
    "Conservative Q-learning is a standard tool of offline RL. We show value overestimation persists on "
    "out-of-distribution actions and fix it with an ensemble of Q-functions trained on the offline dataset.",
    "Offline RL with diffusion policies: we model the behaviour policy with a diffusion model and extract a "
    "policy by weighted regression on the offline dataset.",
]


def _parts(label: str) -> list[str]:
    """The parts of "A", "A and B" or "A, B and C"."""
    return label.replace(", ", " and ").split(" and ")


def _reads_like_a_person_wrote_it(label: str, corpus: list[str]) -> None:
    """A label is one noun phrase, "A and B" or "A, B and C"; no part starts with a verb or ends off a noun.

    Which words are verbs or modifiers is read from the whole corpus, as the labeller reads it.
    """
    roles = WordRoles([words for text in corpus for words in clauses_of(text)], BOILERPLATE)
    # A plainly mixed group says so before its subjects, which read as any label does ("Mixed: A and B").
    label = label.removeprefix("Mixed: ")
    assert not label.startswith("Mixed"), label
    assert len([w for w in label.split() if w != "and"]) <= 6, label
    parts = _parts(label)
    if label in FIELD_NAMES or all(part in SHORT_NAMES for part in parts):
        return  # a name the lexicon's authors wrote, not a phrase read from the corpus (tests/model/test_fields.py)
    head = parts[-1].lower().split()[-1]
    for part in parts:
        words = part.lower().split()
        if part is not parts[-1] and not roles.can_end(words[-1]):
            # Two kinds of one subject share the last part's head: "Generative and diffusion models".
            words.append(head)
        assert roles.can_start(words[0]) and roles.can_end(words[-1]), (label, part)


def _papers_with(phrase: str, texts: list[str]) -> int:
    pattern = re.compile(r"\b" + r"\s+".join(map(re.escape, phrase.lower().split())) + r"\b")
    return sum(bool(pattern.search(t.lower())) for t in texts)


def _label_built(texts, topics):
    return topic_labels({}, texts, np.asarray(topics))


def test_built_examples_get_their_expected_phrase():
    labels = _label_built(WATERMARKING + OFFLINE_RL, [0] * 4 + [1] * 4)
    assert "watermark" in labels[0].lower()
    assert "offline" in labels[1].lower()
    assert labels[0] != labels[1]


def test_acronyms_keep_the_case_the_papers_write():
    assert written_form("llm watermarking", WATERMARKING) == "LLM watermarking"
    # "Offline RL" starts two sentences; "offline RL" is how the phrase reads inside one.
    assert written_form("offline rl", OFFLINE_RL) == "offline RL"
    # The reference corpus once read "clip" and "rlhf": a link ("github.com/x/safe-rlhf") or "a video
    # clip" wrote them in lower case beside 94 and 38 capitals.
    clip = ["CLIP aligns images and text.", "We fine-tune CLIP on a video clip.", "CLIP code: github.com/x/clip."]
    assert written_form("clip", clip) == "CLIP"
    assert written_form("spiking neural networks", ["Spiking Neural Networks (SNNs).", "spiking neural networks"]) == (
        "spiking neural networks"
    )


def test_phrases_start_and_end_on_content_words():
    text = "We construct prediction sets for graph neural networks. Detecting the shift is significantly harder."
    clauses = clauses_of(text)
    phrases = paper_phrases(clauses, WordRoles([w for c in clauses for w in c], BOILERPLATE))
    assert "prediction sets" in phrases
    assert "graph neural networks" in phrases
    assert "construct prediction sets" not in phrases  # a verb with its object
    assert "graph neural" not in phrases  # ends on an adjective
    assert not any(p.endswith("significantly") or p.startswith("detecting") for p in phrases)


def _label_texts(result) -> list[str]:
    """What the labeller reads: each paper's title and abstract, markup removed."""
    from analysis.embedding.cache import document_texts
    from analysis.text import strip_markup

    return [strip_markup(t) for t in document_texts(result.papers)]


FIELD_NAMES = {f.name: f.cues for f in fields()}
SHORT_NAMES = {f.short for f in fields()}


def test_seed_labels_are_short_distinct_phrases_of_their_papers(seed_result):
    texts = _label_texts(seed_result)
    topics = seed_result.documents["topic"].to_numpy()
    labels = dict(zip(seed_result.topics["topic"], seed_result.topics["label"], strict=True))
    assert len(set(labels.values())) == len(labels) == 6
    for topic, label in labels.items():
        members = [texts[i] for i in np.flatnonzero(topics == topic)]
        _reads_like_a_person_wrote_it(label, texts)
        if label in FIELD_NAMES:
            # A field of the lexicon names the group: its cues are in most of its papers.
            cues = FIELD_NAMES[label]
            held = [any(c in m.lower().replace("-", " ") for c in cues) for m in members]
            assert 2 * sum(held) >= len(members), label
            continue
        # A shared phrase is in two papers at least; a small group whose papers share none names its
        # papers' own subjects, each in one of them.
        shared = min(2, len(members)) if " and " not in label else 1
        for part in _parts(label.removeprefix("Mixed: ")):
            assert _papers_with(part, members) >= shared, (topic, part)


def test_one_paper_is_labelled_by_a_phrase_of_its_own():
    labels = _label_built(WATERMARKING[:1], [0])
    assert _papers_with(labels[0], WATERMARKING[:1]) == 1
    assert len(labels[0].split()) <= 5


def test_texts_in_other_scripts_are_labelled_by_their_shared_terms():
    texts = ["кошка сидит на окне", "кошка спит на окне", "собака бежит по полю", "собака лает в поле"]
    terms = {0: ["сидит", "кошка", "окне"], 1: ["бежит", "собака", "поле"]}
    labels = topic_labels(terms, texts, np.array([0, 0, 1, 1]), latin=False)
    assert labels[0] in {"кошка", "окне"}  # "сидит" is in one paper only
    assert labels[1] == "собака"


def _boxes(notes, frame):
    from analysis.figures.map import LABEL_FONT_SIZE, NAME_FONT_SIZE, label_size

    boxes = []
    for note in notes:
        ((px, py),) = frame.to_pixels([note["x"]], [note["y"]])
        cx, cy = (px + note["ax"], py + note["ay"]) if note["showarrow"] else (px, py)
        text = note["text"].removeprefix("<b>").removesuffix("</b>")
        w, h = label_size(text, LABEL_FONT_SIZE if note["name"].startswith("topic-") else NAME_FONT_SIZE)
        boxes.append((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2))
    return boxes


def test_static_seed_map_names_every_paper_without_overlaps_and_labels_sit_on_their_papers(seed_result):
    from analysis.figures.map import map_frame, plot_map

    notes = plot_map(seed_result).to_dict()["layout"]["annotations"]
    names = [n for n in notes if n["name"].startswith("paper-")]
    assert len(names) == 26
    assert sorted(html.unescape(n["text"]) for n in names) == sorted(seed_result.documents["name"])
    frame = map_frame(seed_result.documents, 1200, 760)
    boxes = _boxes(notes, frame)
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], "annotations overlap"
    documents = seed_result.documents
    points = frame.to_pixels(documents["x"], documents["y"])
    topics = [n for n in notes if n["name"].startswith("topic-")]
    assert len(topics) == len(seed_result.topics)
    for note, box in zip(notes, boxes, strict=True):
        if note["name"].startswith("topic-"):
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            nearest = np.argmin(np.hypot(points[:, 0] - centre[0], points[:, 1] - centre[1]))
            assert documents["topic"].iloc[nearest] == int(note["name"].removeprefix("topic-"))
    # The interactive map (colour switch) keeps topic labels only.
    both = plot_map(seed_result, color_by="both").to_dict()["layout"]["annotations"]
    assert [n["name"] for n in both] == [n["name"] for n in topics]


def test_reference_labels_read_like_a_person_wrote_them(reference_result):
    """Real outputs (300 ICLR 2024 papers): noun phrases, pairs only when one phrase does not cover the topic."""
    texts = _label_texts(reference_result)
    labels = dict(zip(reference_result.topics["topic"], reference_result.topics["label"], strict=True))
    assert len(set(labels.values())) == len(labels)
    for label in labels.values():
        _reads_like_a_person_wrote_it(label, texts)
    for label in labels.values():
        parts = [p.lower() for p in _parts(label)]
        # No part repeats another as its acronym ("LLMs and large language models").
        assert not any(
            len(p.split()) == 1 and p.rstrip("s") in "".join(w[0] for w in q.split())
            for p in parts
            for q in parts
            if p != q
        ), label


def _roles_and_phrases(texts: list[str]) -> tuple[WordRoles, set[str]]:
    """The word roles of ``texts`` as a corpus, and the phrases of all its papers."""
    clauses = [words for text in texts for words in clauses_of(text)]
    roles = WordRoles(clauses, BOILERPLATE)
    return roles, set().union(*(paper_phrases(clauses_of(t), roles) for t in texts))


def test_no_verb_or_participle_heads_a_phrase():
    # From the issue: "low-bit quantization and quantizes", "prompt tuning and gained attention".
    texts = [
        "Post-training quantization quantizes the weights of a large language model to 4 bits.",
        "Prompt tuning has gained attention as a parameter-efficient way to adapt language models.",
        "Low-bit quantization has gained popularity; our method quantizes activations as well.",
    ]
    _, phrases = _roles_and_phrases(texts)
    assert "quantization" in phrases and "prompt tuning" in phrases
    assert not any(p.split()[-1] == "quantizes" or p.split()[0] == "gained" for p in phrases), phrases


def test_a_word_the_lexicon_knows_only_as_an_adjective_ends_no_phrase():
    # The seeds once had "Mixed: heterogeneity, severe": "severe" has no adjective ending and is in no list.
    texts = [
        "Label noise is severe under client heterogeneity; severe noise hurts federated training.",
        "Data heterogeneity across clients is severe, and local models drift when it is severe.",
        "NeRF and GNNs are robust to the bound we derive on local training.",
    ]
    roles, phrases = _roles_and_phrases(texts)
    assert not roles.can_end("severe") and not roles.can_end("robust")
    assert not any(p.split()[-1] in {"severe", "robust"} for p in phrases), phrases
    # A hyphenated word by its last part: the reference corpus once had "convergence and convex-concave".
    assert not roles.can_end("convex-concave") and not roles.can_end("non-convex")
    assert roles.can_end("self-attention") and roles.can_end("out-of-distribution")
    # Words the lexicon does not know, or knows as nouns too, still end a phrase.
    assert {"heterogeneity", "nerf", "gnns", "bound"} <= phrases, phrases


def test_a_hyphenated_modifier_ends_no_phrase_but_starts_one():
    # ICCV 2013 "Surface and real-time", RSS "Low-cost and model predictive control" (1.33 and 1.67 of 5).
    texts = [
        "Real-time SLAM for a low-cost robot runs in real-time on a low-cost board.",
        "Fine-tuning a low-rank adapter keeps real-time tracking on a low-cost drone.",
        "Low-cost sensors make real-time mapping feasible; real-time rates matter.",
    ]
    roles, phrases = _roles_and_phrases(texts)
    assert not roles.can_end("real-time") and not roles.can_end("low-cost") and not roles.can_end("low-rank")
    assert roles.can_end("fine-tuning") and roles.can_end("self-attention")
    assert not {"real-time", "low-cost"} & phrases, phrases
    assert {"real-time slam", "low-cost robot", "fine-tuning", "low-rank adapter"} <= phrases, phrases


def test_support_vector_machines_keep_their_first_word():
    # "support" is a verb the lexicon lists ("support the claim"), and ICML 2014 had "Vector machines, path
    # following and Perceptron algorithms" (2.00 of 5) and ICML 2013 "Vector machines and online learning algorithms".
    texts = [
        "Training support vector machines in the primal; support vector machines with a hinge loss.",
        "Kernel support vector machines support the claim that margins matter.",
        "Linear SVMs and support vector regression for large data.",
    ]
    roles, phrases = _roles_and_phrases(texts)
    assert not roles.can_start("support")
    assert {"support vector machines", "support vector regression"} <= phrases, phrases
    assert "support the claim" not in phrases and "support" not in phrases, phrases


def test_a_prefix_cut_from_its_word_ends_no_phrase():
    # NeurIPS 2012's "(Non-)existence of ..." gave "Non, iterative ranking and rational inference" (1.33 of 5).
    texts = [
        "The (non-)existence of equilibria and pre- and post-training ranking.",
        "Semi- and fully supervised ranking; the non convex objective of iterative ranking.",
        "Iterative ranking of non-)existence claims, pre- training.",
    ]
    roles, phrases = _roles_and_phrases(texts)
    assert not any(roles.can_end(p) for p in ("non", "pre", "post", "semi"))
    assert not {"non", "pre", "post", "semi"} & phrases, phrases
    assert {"non convex objective", "iterative ranking", "existence"} <= phrases, phrases


def test_an_idiom_with_a_determiner_inside_ends_no_phrase():
    # CVPR 2017's face recognition group was "Face recognition and in-the-wild" (2.00 of 5).
    texts = [
        "Face recognition in-the-wild with state-of-the-art accuracy on faces in-the-wild.",
        "Expression recognition in-the-wild from off-the-shelf detectors and face recognition.",
        "Out-of-distribution detection for face recognition in-the-wild.",
    ]
    roles, phrases = _roles_and_phrases(texts)
    assert not roles.can_end("in-the-wild") and not roles.can_end("state-of-the-art")
    assert not roles.can_end("off-the-shelf") and roles.can_end("out-of-distribution")
    assert not {"in-the-wild", "face recognition in-the-wild"} & phrases, phrases
    assert {"face recognition", "out-of-distribution detection", "off-the-shelf detectors"} <= phrases, phrases


def test_a_word_the_lexicon_knows_only_as_a_verb_ends_no_phrase_but_a_gerund_does():
    # A small corpus gives "generate" no determiner after it, so only the lexicon tells it is a verb.
    texts = [
        "Diffusion models generate images; diffusion models outperform GANs at image forecasting.",
        "We distil diffusion models to generate images faster, and study reasoning in editing.",
    ]
    roles, phrases = _roles_and_phrases(texts)
    assert not roles.can_end("generate") and not roles.can_end("outperform")
    assert roles.can_end("forecasting") and roles.can_end("reasoning") and roles.can_end("editing")
    assert not any(p.split()[-1] in {"generate", "outperform"} for p in phrases), phrases
    assert {"diffusion models", "image forecasting"} <= phrases, phrases


def test_problems_end_a_phrase():
    # "problem" is abstract boilerplate, yet "inverse problems" names a field (an author keyword on the
    # reference corpus, where its topic read "sampling and ODE").
    _, phrases = _roles_and_phrases(["Diffusion priors for inverse problems.", "Solving inverse problems."])
    assert "inverse problems" in phrases, phrases


def test_a_fragment_gives_way_to_the_phrase_it_is_read_in():
    # From the issue: "segmentation benchmarks and local image"; here "local image" is always "local image features".
    texts = [
        "Semantic segmentation needs local image features; we pool local image features across scales.",
        "We learn local image features for semantic segmentation with a transformer decoder.",
        "Semantic segmentation benefits from local image features computed at high resolution.",
        "Offline RL learns a policy from a fixed dataset of logged trajectories.",
        "We study offline RL with a pessimistic value function on a logged dataset.",
        "Offline RL suffers from distribution shift between the policy and the dataset.",
    ]
    terms = {0: ["local", "image", "segmentation"], 1: ["offline", "rl", "policy"]}
    labels = topic_labels(terms, texts, np.array([0, 0, 0, 1, 1, 1]))
    parts = [p.lower() for p in _parts(labels[0])]
    assert "local image" not in parts
    assert "local image features" in parts or "semantic segmentation" in parts


def test_a_group_without_a_common_subject_names_its_subjects():
    texts = [
        "Protein folding with diffusion models predicts protein structure from sequence.",
        "Graph neural networks for traffic forecasting on road sensor graphs.",
        "Watermarking language model outputs lets a detector find machine text.",
        "Regret bounds for linear bandits with heavy-tailed rewards.",
        "Protein design by inverse folding with a protein language model.",
        "Traffic forecasting with spatio-temporal graph neural networks.",
    ]
    others = [
        "Image classification with vision transformers on ImageNet.",
        "Vision transformers for image classification at scale.",
        "Image classification benchmarks for vision transformers.",
    ]
    terms = {0: ["protein", "traffic", "forecasting", "graph"], 1: ["vision", "image", "classification"]}
    labels = topic_labels(terms, texts + others, np.array([0] * 6 + [1] * 3))
    # Readers marked down "Mixed:" and odd words: a group of two subjects names both, as its papers write them.
    # A small group whose papers share no subject names its papers' own (the phrases their first sentences
    # open with), shortest first, while the name keeps six words.
    # Its papers share no phrase at all (none is in half of them): the name says it is mixed.
    assert labels == {0: "Mixed: protein design, regret bounds and traffic forecasting", 1: "Image classification"}


def test_a_topic_whose_subject_names_an_earlier_topic_says_it_with_a_second_part():
    # Both groups are diffusion papers; the second is about inverse problems. Before, its label dropped
    # its main subject to stay distinct and read "inverse problems" (issue 19: "sampling and ODE").
    generation = [
        "Diffusion models generate images by reversing a noising process; we speed up diffusion models.",
        "We distil diffusion models into one-step generators for images.",
        "Latent diffusion models generate high-resolution images from text.",
    ]
    inverse = [
        "Diffusion models as priors for inverse problems: we solve inverse problems in imaging.",
        "We solve linear inverse problems with pretrained diffusion models and posterior sampling.",
        "Diffusion models for inverse problems in medical imaging with few measurements.",
    ]
    others = [
        "Regret bounds for linear bandits with heavy-tailed rewards.",
        "Contextual bandits with regret guarantees under delayed rewards.",
        "We study regret minimisation for bandits with switching costs.",
        "Regret of Thompson sampling in bandits with many arms.",
        "Bandits with knapsacks: regret bounds for budgeted exploration.",
        "Best-arm identification in bandits, beyond regret.",
    ]
    terms = {0: ["diffusion", "images"], 1: ["diffusion", "inverse", "imaging"], 2: ["regret", "bandits"]}
    labels = topic_labels(terms, generation + inverse + others, np.array([0] * 3 + [1] * 3 + [2] * 6))
    # The second group is named by what is its own ("inverse problems": in every paper of it, none of the
    # others), not by the subject the first group is named by.
    # "Bandits and online learning" is the lexicon's field, the name the dev panel's readers wrote for such a group.
    assert labels == {0: "Diffusion models", 1: "Inverse problems", 2: "Bandits and online learning"}


def _subject(key: str) -> Candidate:
    return Candidate(key, 0.0, frozenset(), True, tuple(key.split()))


def test_a_pair_does_not_name_its_subject_twice():
    # The reference corpus read "differential equations and PDE" and "equivariant neural networks and equivariance".
    assert same_subject(_subject("pde"), _subject("differential equation"))
    assert same_subject(_subject("equivariance"), _subject("equivariant network"))
    assert same_subject(_subject("adam"), _subject("adamw"))  # one word the prefix of the other
    assert not same_subject(_subject("convergence"), _subject("convex optimization"))  # a long word is no acronym
    assert not same_subject(_subject("games"), _subject("graph embedding method"))  # a word the lexicon knows
    # Three robotics venues read "SLAM and simultaneous localization", ICLR "Generative flow networks and GFlowNets",
    # IJCAI "LTLf and linear temporal logic": the initials start the abbreviation, or a longer one holds them in order.
    slam = Candidate("slam", 0.0, frozenset(), True, ("slam",), abbreviation=True)
    assert same_subject(slam, _subject("simultaneous localization"))
    assert not same_subject(_subject("slam"), _subject("simultaneous localization"))  # a dictionary's "slam"
    assert same_subject(_subject("ltlf"), _subject("linear temporal logic"))
    assert same_subject(_subject("gflownet"), _subject("generative flow network"))
    assert not same_subject(_subject("vit"), _subject("visual tracking"))  # two initials spelled apart: no abbreviation
    assert not same_subject(_subject("gradnorm"), _subject("graph neural network"))  # no second "n" after its first
    # An abbreviation the corpus defines is read as its long form: "LLMs" and "language models" are one subject.
    llm = Candidate("llm", 0.0, frozenset(), True, ("large", "language", "model"))
    assert same_subject(llm, _subject("language model"))
    texts = [
        "Neural solvers for differential equations learn solution operators.",
        "Physics priors help solve differential equations.",
        "We study differential equations with neural operators.",
        "PDE residuals train networks with physics losses.",
        "A PDE benchmark with physics simulations.",
        "Neural operators for PDE with physics constraints.",
        "Regret bounds for linear bandits.",
        "Bandits with regret guarantees.",
        "Regret of Thompson sampling in bandits.",
    ]
    terms = {0: ["differential", "pde", "physics"], 1: ["regret", "bandits"]}
    # "PDE" names the subject of "differential equations" again; the second part is another subject.
    # The field of the lexicon covers the PDE group and names it once, as readers named such a group
    # ("Neural PDE solvers and operators"; before: "Differential equations and neural operators").
    assert topic_labels(terms, texts, np.array([0] * 6 + [1] * 3)) == {
        0: "Neural PDE solvers and scientific ML",
        1: "Bandits and online learning",
    }


def test_a_small_tool_use_group_is_named_by_the_phrase_only_it_holds():
    # "multi-tool scenarios" is in 2 of its 6 papers and in no other; "tools" in 4 of them and 10 in the corpus.
    tools = [
        "Language models use tools in multi-tool scenarios.",
        "Multi-tool scenarios need planning when language models use tools.",
        "Language models learn which tools help.",
        "Tools extend what language models can do.",
        "Language models follow instructions.",
        "Language models follow instructions from users.",
    ]
    robots = [f"Robots grasp tools on table {i}." for i in range(6)]
    bandits = [f"Regret bounds for bandits with {i} arms." for i in range(24)]
    terms = {0: ["tool", "language", "instructions"], 1: ["robots", "table"], 2: ["regret", "bandits"]}
    labels = topic_labels(terms, tools + robots + bandits, np.array([0] * 6 + [1] * 6 + [2] * 24))
    # Phrases are scored by the share of the group's titles (here first sentences) and texts holding them
    # times the share of their papers in the group. This group is small (6 papers): a phrase two of its papers
    # share and no other paper holds names it before its papers' own subjects ("Instructions and tools", as
    # it read before the rule: final panel 43 judged the 32 such labels it changed on fitted corpora).
    assert labels[0] == "Multi-tool scenarios", labels
