"""The first index of a vault, as a new user meets it: words and links answer for every note
while the language model is still being prepared, and the window says that search by meaning
is what is still missing."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from helpers.lifecycle import hold_model_preparation

from ui.main_window import EngineOverrides, MainWindow
from ui.settings import Settings, SettingsStore

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

    from engine.embed.embedder import Embedder

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "resources" / "demo-vault"
WAIT_MS = 120_000


@pytest.fixture
def window(qtbot: QtBot, embedder: Embedder, tmp_path: Path) -> Iterator[MainWindow]:
    made = MainWindow(
        Settings(),
        store=SettingsStore(tmp_path / "config"),
        overrides=EngineOverrides(data_dir=tmp_path / "data", embedder=embedder, live=False),
    )
    qtbot.addWidget(made)
    made.show()
    yield made
    made.shutdown()
    assert made.wait_closed(60)


def test_words_and_links_answer_every_note_before_the_model_is_ready(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    vault = tmp_path / "vault"
    shutil.copytree(DEMO, vault)
    release = hold_model_preparation(monkeypatch)
    try:
        session = window.open_vault(vault)
        with qtbot.waitSignal(session.text_indexed, timeout=WAIT_MS) as indexed:
            pass
        assert indexed.args[0].added == indexed.args[0].notes > 60  # the whole vault
        status = session.status
        assert status.text_complete and not status.model_ready
        window.search.set_query("battery_cutoff_mv", now=True)
        qtbot.waitUntil(lambda: window.search.model.result_indexes() != [], timeout=WAIT_MS)
        found = window.search._outcome
        assert found is not None
        paths = [r.note_path for r in found.response.results]
        assert "Hardware/Power Budget.md" in paths[:3]
        assert {w.kind for w in found.response.warnings} >= {"warming_up"}
        lines = window.search.warnings.lines()
        assert any("Words and links cover every note" in line for line in lines), lines
        assert not session.status.model_ready  # all of that before the model was ready
    finally:
        release.set()
    qtbot.waitUntil(lambda: session.status.index_done, timeout=WAIT_MS)

    def meaning_listed() -> bool:  # the list is asked again once meaning has every note
        shown = window.search._outcome
        return shown is not None and any("semantic" in r.sources for r in shown.response.results)

    qtbot.waitUntil(meaning_listed, timeout=WAIT_MS)
    qtbot.waitUntil(
        lambda: not any("partial" in x or "still" in x for x in window.search.warnings.lines()),
        timeout=WAIT_MS,
    )
