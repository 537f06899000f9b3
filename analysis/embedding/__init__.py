"""Papers to vectors: the embedding backends and their registry, the ONNX variants, the embedding cache.

``backends`` holds the registry (MiniLM from its PyPI package, any
sentence-transformers model, TF-IDF/LSA); ``onnx`` adds ONNX Runtime
variants of MiniLM; ``cache`` says what text each paper contributes and
keeps vectors on disk by backend identity and text hash.
"""
