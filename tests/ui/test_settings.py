"""Settings: versioned JSON round trip, migrations, damaged files, the dialog."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from ui.settings import (
    CONFIG_DIR_ENV,
    DEMO_VAULT,
    SCHEMA_VERSION,
    Settings,
    SettingsStore,
    config_dir,
    resolve_vault,
)
from ui.settings_dialog import SettingsDialog

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot


def test_round_trip_keeps_every_field_and_writes_the_schema_version(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path / "cfg")
    settings = Settings(
        model="/models/minilm",
        chroma_url="http://127.0.0.1:8000",
        sources=("text", "graph"),
        excluded=("Archive/Private", "Templates"),
        welcomed=True,
    ).with_vault(tmp_path / "vault")
    store.save(settings)
    data = json.loads(store.path.read_text("utf-8"))
    assert data["schema_version"] == SCHEMA_VERSION
    assert data["vault"] == str(tmp_path / "vault")
    assert data["recent_vaults"] == [str(tmp_path / "vault")]
    assert store.load() == settings
    assert not list(store.folder.glob("*.tmp"))  # written atomically


def test_no_file_gives_defaults(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    assert not store.exists()
    assert store.load() == Settings()


def test_version_0_is_migrated(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    store.path.write_text(json.dumps({"last_vault": "/v", "sources": ["text"]}), "utf-8")
    loaded = store.load()
    assert loaded.vault == "/v" and loaded.sources == ("text",)


def test_a_damaged_file_is_set_aside(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    store.path.write_text("{not json", "utf-8")
    assert store.load() == Settings()
    assert (tmp_path / "settings.json.bad").read_text("utf-8") == "{not json"


def test_bad_and_unknown_values_fall_back(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    store.path.write_text(
        json.dumps(
            {
                "schema_version": SCHEMA_VERSION + 5,  # a newer app wrote it
                "vault": 42,
                "sources": ["telepathy"],
                "welcomed": "yes",
                "excluded": ["Archive"],
                "future_option": True,
            }
        ),
        "utf-8",
    )
    loaded = store.load()
    assert loaded.vault is None
    assert loaded.sources == ("semantic", "text", "graph")
    assert loaded.welcomed is False
    assert loaded.excluded == ("Archive",)


def test_config_dir_override_and_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert config_dir(tmp_path / "a") == tmp_path / "a"
    monkeypatch.setenv(CONFIG_DIR_ENV, str(tmp_path / "b"))
    assert config_dir() == tmp_path / "b"
    monkeypatch.delenv(CONFIG_DIR_ENV)
    assert config_dir().name == "consilience"


def test_which_vault_opens(tmp_path: Path) -> None:
    assert resolve_vault(Settings(), requested=None) == DEMO_VAULT  # first run: the demo
    last = Settings().with_vault(tmp_path)
    assert resolve_vault(last, requested=None) == tmp_path  # then the last vault
    assert resolve_vault(last, requested=Path("/x")) == Path("/x")  # unless one is asked for
    gone = Settings().with_vault(tmp_path / "gone")
    assert resolve_vault(gone, requested=None) == DEMO_VAULT


def test_recent_vaults_are_unique_and_bounded(tmp_path: Path) -> None:
    settings = Settings()
    for n in [*range(12), 3]:
        settings = settings.with_vault(tmp_path / str(n))
    assert settings.recent_vaults[0] == str(tmp_path / "3")
    assert len(settings.recent_vaults) == len(set(settings.recent_vaults)) == 8


def test_the_dialog_edits_and_validates(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = SettingsDialog(Settings(excluded=("Old",)))
    qtbot.addWidget(dialog)
    assert dialog.excluded.toPlainText() == "Old"
    dialog.vault.setText(str(tmp_path / "missing"))
    assert "no folder" in (dialog.validation_error() or "")
    dialog.vault.setText(str(tmp_path))
    dialog.chroma_url.setText("localhost:8000")
    assert "http" in (dialog.validation_error() or "")
    dialog.chroma_url.setText("http://127.0.0.1:8000")
    for box in dialog.sources.values():
        box.setChecked(False)
    assert "at least one" in (dialog.validation_error() or "")
    dialog.sources["text"].setChecked(True)
    dialog.excluded.setPlainText("Archive/\n\n  Templates  \n")
    dialog.model.setText("  ")
    assert dialog.validation_error() is None
    result = dialog.result_settings()
    assert result.vault == str(tmp_path)
    assert result.chroma_url == "http://127.0.0.1:8000"
    assert result.sources == ("text",)
    assert result.excluded == ("Archive", "Templates")
    assert result.model is None
    dialog.vault.clear()  # "Demo vault"
    assert dialog.result_settings().vault is None
