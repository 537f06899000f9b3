"""Results to reading: what the report says, its Markdown/HTML document, the topic map page and the widget.

``content`` decides what the report says (sections, summaries, reading
lists); ``document`` writes it as Markdown and HTML; ``topic_map`` writes
the interactive HTML map; ``widget`` is the same map as a Jupyter widget.
Their HTML, CSS and JavaScript live in ``assets/``.
"""
