"""Backend identities follow everything that changes the vectors: a changed input re-embeds.

Small fake model folders in ``tmp_path`` stand in for real models: the
identity is computed from the files, and the model itself is a fake that
counts what it encodes, so nothing is downloaded or loaded.
"""

from __future__ import annotations

import os

import numpy as np
import pytest

from analysis.embedding import backends
from analysis.embedding.backends import MODEL_PACKAGES, TfidfBackend, sentence_transformer
from analysis.embedding.cache import embed_texts

TEXTS = ["A diffusion model for video.", "Regret bounds for bandits."]
MODEL_FILES = {
    "model.safetensors": b"weights",
    "tokenizer.json": b'{"model": "wordpiece"}',
    "config.json": b'{"hidden_size": 4}',
    "modules.json": b'[{"type": "Transformer"}, {"type": "Pooling", "path": "1_Pooling"}]',
    "sentence_bert_config.json": b'{"max_seq_length": 256}',
    "1_Pooling/config.json": b'{"pooling_mode_mean_tokens": true}',
}


def _model_folder(root, name="my-model", **changed):
    folder = root / name
    for file, content in {**MODEL_FILES, **changed}.items():
        (folder / file).parent.mkdir(parents=True, exist_ok=True)
        (folder / file).write_bytes(content)
    return folder


class _FakeModel:
    def __init__(self):
        self.encoded = []

    def encode(self, texts, **kwargs):
        self.encoded.extend(texts)
        return np.eye(len(texts), 4, dtype=np.float32)


def _backend(folder, model):
    backend = sentence_transformer(str(folder))
    backend._load = lambda: model
    return backend


@pytest.mark.parametrize(
    "file",
    [
        "model.safetensors",
        "tokenizer.json",
        "config.json",
        "modules.json",
        "sentence_bert_config.json",
        "1_Pooling/config.json",
    ],
)
def test_a_changed_file_of_a_local_model_re_embeds(tmp_path, file):
    folder = _model_folder(tmp_path)
    model = _FakeModel()
    embed_texts(TEXTS, _backend(folder, model), cache=tmp_path / "cache")
    embed_texts(TEXTS, _backend(folder, model), cache=tmp_path / "cache")
    assert model.encoded == TEXTS  # the same folder: the second call is served by the cache
    (folder / file).write_bytes((folder / file).read_bytes() + b" ")
    embed_texts(TEXTS, _backend(folder, model), cache=tmp_path / "cache")
    assert model.encoded == TEXTS + TEXTS


def test_an_added_file_changes_a_local_models_identity(tmp_path):
    folder = _model_folder(tmp_path)
    before = sentence_transformer(str(folder)).identity
    (folder / "2_Normalize").mkdir()
    (folder / "2_Normalize" / "config.json").write_text("{}")
    assert sentence_transformer(str(folder)).identity != before


def test_two_models_with_one_folder_name_and_one_weights_file_differ(tmp_path):
    """The old identity was the folder name and the first weights file: these two shared it."""
    one = _model_folder(tmp_path / "a")
    two = _model_folder(tmp_path / "b", **{"sentence_bert_config.json": b'{"max_seq_length": 128}'})
    assert one.name == two.name
    assert sentence_transformer(str(one)).identity != sentence_transformer(str(two)).identity
    assert sentence_transformer(str(one)).identity.startswith("my-model-")


@pytest.fixture
def packaged_copy(tmp_path, monkeypatch):
    """The packaged MiniLM folder as links to its large files and copies of the small ones."""
    real = backends.minilm_dir()
    copy = tmp_path / "model"
    for path in sorted(real.rglob("*")):
        target = copy / path.relative_to(real)
        if path.is_dir():
            target.mkdir(parents=True, exist_ok=True)
        elif path.stat().st_size > 1_000_000:
            target.parent.mkdir(parents=True, exist_ok=True)
            os.symlink(path, target)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(path.read_bytes())
    monkeypatch.setattr(backends, "minilm_dir", lambda: copy)
    return copy


@pytest.mark.parametrize("file", ["sentence_bert_config.json", "1_Pooling/config.json", "config.json", "modules.json"])
def test_the_packaged_models_identity_follows_its_whole_folder(packaged_copy, file):
    before = backends.minilm().identity
    assert backends.minilm().identity == before
    path = packaged_copy / file
    path.write_text(path.read_text().replace("256", "128").replace("true", "false").rstrip() + "\n ")
    assert backends.minilm().identity != before


def test_the_packaged_models_identity_is_the_one_the_registry_uses(packaged_copy):
    from analysis.embedding.registry import forget_loaded_backends, select_backend

    forget_loaded_backends()
    try:
        assert select_backend("minilm").identity == backends.minilm().identity
        assert select_backend("minilm").identity.startswith("all-MiniLM-L6-v2-")
    finally:
        forget_loaded_backends()


@pytest.mark.parametrize("package", MODEL_PACKAGES)
def test_a_new_library_version_re_embeds(tmp_path, monkeypatch, package):
    folder = _model_folder(tmp_path)
    model = _FakeModel()
    embed_texts(TEXTS, _backend(folder, model), cache=tmp_path / "cache")
    before = (sentence_transformer(str(folder)).identity, backends.minilm().identity)
    real = backends.metadata.version
    monkeypatch.setattr(backends.metadata, "version", lambda name: "99.0" if name == package else real(name))
    assert backends.minilm().identity != before[1]
    assert sentence_transformer(str(folder)).identity != before[0]
    embed_texts(TEXTS, _backend(folder, model), cache=tmp_path / "cache")
    assert model.encoded == TEXTS + TEXTS


def test_a_hub_name_carries_the_library_versions(monkeypatch):
    before = sentence_transformer("org/some-model").identity
    assert before.startswith("org__some-model-")
    real = backends.metadata.version
    monkeypatch.setattr(backends.metadata, "version", lambda name: "99.0" if name == "transformers" else real(name))
    assert sentence_transformer("org/some-model").identity != before


def test_tfidf_settings_are_part_of_its_identity():
    assert TfidfBackend().identity == "tfidf"
    assert TfidfBackend(dims=64).identity == "tfidf-dims64"
    assert TfidfBackend(dims=128).identity == TfidfBackend().identity


def test_a_file_is_hashed_again_only_when_it_changes(tmp_path, monkeypatch):
    folder = _model_folder(tmp_path)
    backends.folder_digest(folder)
    reads = []
    real = backends.file_sha256
    monkeypatch.setattr(backends, "file_sha256", lambda path: reads.append(path.name) or real(path))
    first = backends.folder_digest(folder)
    assert reads == []  # unchanged stat: nothing read again
    (folder / "config.json").write_bytes(b'{"hidden_size": 8}')
    assert backends.folder_digest(folder) != first
    assert reads == ["config.json"]
