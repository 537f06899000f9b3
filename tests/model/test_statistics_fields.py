"""Groups of statistical machine learning (AISTATS, UAI, COLT) named by their field, not by one of their phrases.

Before these fields a group of two-sample and goodness-of-fit tests was "Two-sample test" or "Goodness-of-fit tests
and maximum-mean-discrepancy" (blind readers 3.00), papers on Dirichlet and Chinese restaurant processes "Chinese
restaurant process and poisson-process" (2.67), ranking papers "Information retrieval and search" (2.00); the
panels' writers named them "Goodness-of-Fit and Hypothesis Testing", "Bayesian Nonparametrics for Time Series",
"Ranking and Preference Learning" (bench/panel_final64_20261206/).
"""

from __future__ import annotations

from analysis.model.naming_text import lower_first
from tests.model.test_fields import EXPECTED, names_beside_six

TESTING = [
    ("A Kernel Two-Sample Test for Time Series", "We test whether two samples of series come from one law."),
    ("Goodness-of-Fit Testing with Stein Operators", "A goodness-of-fit test compares a sample with a density."),
    ("Conditional Independence Testing by Permutation", "A permutation test decides conditional independence."),
    ("Controlling the False Discovery Rate Online", "Multiple testing with a false discovery rate that holds online."),
]
NONPARAMETRIC = [
    ("Dirichlet Process Mixtures for Streams", "A Dirichlet process mixture grows its clusters as data arrive."),
    ("Sampling the Indian Buffet Process", "An Indian buffet process prior gives each item a set of latent features."),
    ("Hierarchical Dirichlet Processes for Text", "A hierarchical Dirichlet process shares topics across corpora."),
    ("The Chinese Restaurant Process over Time", "A Chinese restaurant process whose tables change with time."),
]
RANKING = [
    ("Learning to Rank from Clicks", "Learning to rank documents from the clicks of users."),
    ("Bradley-Terry Models with Ties", "We fit a Bradley-Terry model to pairwise comparisons that may end in a tie."),
    ("Rank Aggregation of Partial Lists", "Rank aggregation merges many partial rankings into one."),
    ("Active Ranking from Pairwise Comparisons", "We choose which pairwise comparisons to ask to find the ranking."),
]


def test_groups_of_statistical_ml_are_named_by_their_fields():
    assert names_beside_six(TESTING, NONPARAMETRIC, RANKING) == EXPECTED | {
        6: "Hypothesis testing",
        7: "Bayesian nonparametrics",
        8: "Ranking and preference learning",
    }


def test_a_word_made_from_a_persons_name_keeps_its_capital_after_another_part():
    assert lower_first("Bayesian nonparametrics") == "Bayesian nonparametrics"
    assert lower_first("Kalman filtering") == "Kalman filtering"
    assert lower_first("Monte Carlo tree search") == "Monte Carlo tree search"
    assert lower_first("Hypothesis testing") == "hypothesis testing"
    assert lower_first("SVMs") == "SVMs"
