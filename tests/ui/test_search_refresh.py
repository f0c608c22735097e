"""A refreshed answer (the same query asked again once indexing has moved on) shows its best
matches: the note picked before stays selected only while it still ranks near the top."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from engine.session import Session
from engine.workspace import WorkspaceConfig
from ui.bridge import SearchOutcome
from ui.search_panel import KEEP_SELECTION_RANKS, SearchPanel

if TYPE_CHECKING:
    from conftest import DemoCopy
    from pytestqt.qtbot import QtBot

    from engine.embed.embedder import Embedder
    from engine.search.types import SearchResponse

pytestmark = pytest.mark.slow  # the indexed demo vault (real model)


@pytest.fixture
def response(demo_index: DemoCopy, embedder: Embedder) -> Iterator[SearchResponse]:
    config = WorkspaceConfig(vault_root=demo_index.vault, data_root=demo_index.data_dir)
    with Session.open(config, embedder=embedder, mirror=False) as session:
        answer = session.search("sensor", limit=30)
    assert len(answer.results) > KEEP_SELECTION_RANKS + 5
    yield answer


def _panel(qtbot: QtBot, response: SearchResponse) -> SearchPanel:
    panel = SearchPanel()
    qtbot.addWidget(panel)
    panel.resize(900, 420)  # room for a dozen rows: rank 20 is below the fold
    panel.show()
    qtbot.waitExposed(panel)
    panel.generation = 1
    assert panel.show_outcome(1, SearchOutcome(response))
    return panel


def _rank_of_selection(panel: SearchPanel, response: SearchResponse) -> int:
    path = panel.selected_path()
    return [r.note_path for r in response.results].index(path)


def _visible(panel: SearchPanel, rank: int) -> bool:
    index = panel.model.result_indexes()[rank]
    rect = panel.results.visualRect(index)
    return panel.results.viewport().rect().intersects(rect)


def test_a_refresh_goes_back_to_the_best_match(qtbot: QtBot, response: SearchResponse) -> None:
    panel = _panel(qtbot, response)
    assert _rank_of_selection(panel, response) == 0
    rows = panel.model.result_indexes()
    panel.move_selection(20, absolute=True)  # the user looked far down the list
    assert _rank_of_selection(panel, response) == 20 and not _visible(panel, 0)
    assert panel.show_outcome(1, SearchOutcome(response))  # the same query, answered again
    assert _rank_of_selection(panel, response) == 0
    assert _visible(panel, 0)
    assert panel.results.currentIndex() == panel.model.result_indexes()[0]
    assert len(rows) == len(panel.model.result_indexes())


def test_a_refresh_keeps_a_selection_near_the_top(qtbot: QtBot, response: SearchResponse) -> None:
    panel = _panel(qtbot, response)
    panel.move_selection(2, absolute=True)
    picked = panel.selected_path()
    assert panel.show_outcome(1, SearchOutcome(response))
    assert panel.selected_path() == picked
    assert _visible(panel, 0)
