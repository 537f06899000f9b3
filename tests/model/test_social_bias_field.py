"""Social bias is a field of its own, apart from computational sociolinguistics.

One field held both, so groups on gender bias in language models were named "Computational sociolinguistics and
social bias" (1.00-3.00 of 5 in bench/ panels); their writers named the bias ("Gender bias in pretrained language
models"). Dev panel 136 rated 5 of the 8 labels the split changes higher, none lower.
"""

from __future__ import annotations

from tests.model.test_fields import fields_beside_six

GENDER_BIAS = [
    ("Measuring Gender Bias in Masked Language Models", "We measure gender bias in the predictions of BERT."),
    ("Stereotypes in Pretrained Encoders", "A benchmark of stereotype pairs probes pretrained encoders."),
    ("Debiasing Word Embeddings", "We remove gender bias from word embeddings without losing their meaning."),
    ("Social Bias in Dialogue Models", "Dialogue models repeat the social bias of their training data."),
]
DIALECTS = [
    ("Dialect Identification in Arabic Tweets", "We identify the dialect of short Arabic posts."),
    ("Language Variation across Regions", "Language variation between regions shows in word choice on social media."),
    ("A Sociolinguistic Study of Code Words", "A sociolinguistic analysis of code words in online communities."),
]


def test_a_group_on_gender_bias_holds_the_social_bias_field_alone():
    shares = fields_beside_six(GENDER_BIAS)
    assert shares["Social bias and stereotypes"] == 1.0
    assert "Computational sociolinguistics" not in shares


def test_a_group_on_dialects_holds_sociolinguistics_without_bias():
    shares = fields_beside_six(DIALECTS)
    assert shares["Computational sociolinguistics"] == 1.0
    assert "Social bias and stereotypes" not in shares
