"""Vectors to topics and themes: the topic model, its stages, labels, themes and the fitted result.

``topics`` holds :class:`~analysis.model.topics.TopicModel` and
``fit_topics``; its stages are ``clustering`` (reduce and cluster),
``ctfidf`` (terms per topic), ``phrases`` and ``labels`` (topic labels),
``layout`` (map positions) and ``themes`` (named themes and scores).
``result`` is what a fit returns, ``fit_cache`` keeps fits on disk,
``bertopic_model`` builds a BERTopic view of a result, and ``measures``
computes what the figures draw and the report says (centroids, shares per
list or year, reading order, cross-theme pairs).
"""
