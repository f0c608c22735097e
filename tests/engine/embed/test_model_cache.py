"""`model_cache_ready`: whether loading the model first builds its cached ONNX files (the slow
first run the app announces as "Preparing the language model")."""

from __future__ import annotations

from pathlib import Path

from engine.embed.embedder import model_cache_ready
from engine.embed.onnx_export import (
    INT8_FILE,
    MODEL_FILE,
    PROBE_FILE,
    export_dir,
    model_key,
    read_spec,
)
from engine.vault.tokens import default_model_path


def _cache_files(cache: Path, *names: str) -> None:
    target = export_dir(read_spec(Path(default_model_path())), cache)
    target.mkdir(parents=True, exist_ok=True)
    for name in names:
        (target / name).write_bytes(b"")


def test_sentence_transformers_has_nothing_to_prepare(tmp_path: Path) -> None:
    assert model_cache_ready(backend="torch", cache_dir=tmp_path)


def test_an_empty_cache_means_a_first_run(tmp_path: Path) -> None:
    assert not model_cache_ready(backend="onnx", cache_dir=tmp_path)
    assert not model_cache_ready(backend="onnx-int8", cache_dir=tmp_path)
    assert list(tmp_path.iterdir()) == []  # asking builds nothing


def test_the_export_and_the_int8_weights_are_each_needed(tmp_path: Path) -> None:
    _cache_files(tmp_path, MODEL_FILE)  # an export without its probe is not complete
    assert not model_cache_ready(backend="onnx", cache_dir=tmp_path)
    _cache_files(tmp_path, PROBE_FILE)
    assert model_cache_ready(backend="onnx", cache_dir=tmp_path)
    assert not model_cache_ready(backend="onnx-int8", cache_dir=tmp_path)
    _cache_files(tmp_path, INT8_FILE)
    assert model_cache_ready(backend="onnx-int8", cache_dir=tmp_path)


def test_a_model_the_onnx_path_does_not_take_loads_without_preparing(tmp_path: Path) -> None:
    not_a_model = tmp_path / "notes"
    not_a_model.mkdir()
    assert model_cache_ready(str(not_a_model), backend="onnx", cache_dir=tmp_path / "cache")
    assert model_cache_ready(str(tmp_path / "missing"), backend="onnx", cache_dir=tmp_path)


def test_the_model_key_is_remembered_until_a_file_changes(tmp_path: Path) -> None:
    folder = tmp_path / "model"
    folder.mkdir()
    (folder / "config.json").write_text("{}", encoding="utf-8")
    first = model_key(folder)
    assert model_key(folder) == first
    (folder / "config.json").write_text('{"changed": 1}', encoding="utf-8")
    assert model_key(folder) != first
