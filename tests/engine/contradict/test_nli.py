"""The optional NLI cross-encoder: clear errors, no download, no eager torch import."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.contradict.nli import NliScorer
from engine.errors import ModelLoadError

REPO = Path(__file__).resolve().parents[3]


def test_missing_path_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ModelLoadError, match="not a folder"):
        NliScorer(tmp_path / "no-such-model")


def test_a_file_is_not_a_model(tmp_path: Path) -> None:
    f = tmp_path / "model.bin"
    f.write_bytes(b"\0")
    with pytest.raises(ModelLoadError, match="not a folder"):
        NliScorer(f)


def test_folder_without_config(tmp_path: Path) -> None:
    with pytest.raises(ModelLoadError, match=r"config\.json"):
        NliScorer(tmp_path)


def test_model_without_contradiction_label(tmp_path: Path) -> None:
    (tmp_path / "config.json").write_text(
        json.dumps({"id2label": {"0": "negative", "1": "positive"}}), encoding="utf-8"
    )
    with pytest.raises(ModelLoadError, match="no 'contradiction' label"):
        NliScorer(tmp_path)


@pytest.mark.slow  # imports transformers
def test_broken_model_folder_fails_without_download(tmp_path: Path) -> None:
    (tmp_path / "config.json").write_text(
        json.dumps({"id2label": {"0": "contradiction", "1": "entailment", "2": "neutral"}}),
        encoding="utf-8",
    )
    with pytest.raises(ModelLoadError, match="Could not load the NLI model"):
        NliScorer(tmp_path)


@pytest.mark.slow
def test_engine_contradict_does_not_import_torch() -> None:
    code = (
        "import sys\n"
        "import engine.contradict, engine.contradict.nli, engine.contradict.evaluate\n"
        "from engine.contradict.scorer import PairScorer\n"
        "PairScorer.load()\n"
        "bad = [m for m in ('torch', 'sentence_transformers', 'PySide6') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True, timeout=60)
