"""The empty result list names what narrowed the search, so a filter that hides the note is
not mistaken for a vault without it."""

from __future__ import annotations

from datetime import UTC, datetime

from engine.search.service import SearchFilters
from engine.search.types import QueryMetadata, SearchResponse, SearchWarning
from ui.search_panel import nothing_found_text


def response(query: str, *warnings: SearchWarning) -> SearchResponse:
    meta = QueryMetadata(
        total_results=0, deduplicated_results=0, sources_available=(), sources_failed=()
    )
    return SearchResponse(query=query, results=(), tiers={}, warnings=warnings, query_metadata=meta)


def test_without_filters_it_only_says_nothing_was_found() -> None:
    assert nothing_found_text(response("sensor"), SearchFilters()) == "Nothing found for “sensor”."


def test_it_names_the_active_filters() -> None:
    filters = SearchFilters(folder="Projects", since=datetime(2026, 9, 1, tzinfo=UTC))
    text = nothing_found_text(response("sensor"), filters)
    assert "“Projects”" in text and "1 Sep 2026 or later" in text
    assert "Clear the filters" in text


def test_it_says_when_query_words_became_a_date_filter() -> None:
    said = SearchWarning(
        source=None,
        kind="date_from_query",
        message="“last week” was read as a date filter: notes dated 16 Nov 2026 – 22 Nov 2026",
        impact="",
    )
    text = nothing_found_text(response("notes from last week", said), SearchFilters())
    assert "“last week” was read as a date filter" in text


def test_while_indexing_an_empty_answer_says_it_is_partial(qtbot) -> None:  # type: ignore[no-untyped-def]
    from ui.bridge import SearchOutcome
    from ui.search_panel import SearchPanel

    panel = SearchPanel()
    qtbot.addWidget(panel)
    panel.set_indexing(12, 66)
    panel.generation = 1
    assert panel.show_outcome(1, SearchOutcome(response("sensor")))
    assert "still being indexed (12 of 66 notes so far)" in panel.detail.title.text()
    assert panel.detail.title.text() != "Nothing found for “sensor”."
    assert any(
        "Reading notes 12/66 — results so far are partial" in line
        for line in panel.warnings.lines()
    )
    panel.set_indexing(40, 66)  # the empty state follows the progress
    assert "(40 of 66 notes so far)" in panel.detail.title.text()
    # words and links hold every note; meaning is being added: the notice says which
    panel.set_indexing(20, 66, meaning_only=True)
    assert any(
        "Words and links cover every note; search by meaning is still reading the vault "
        "(20/66 notes)" in line
        for line in panel.warnings.lines()
    )
    assert "No words or links match “sensor”" in panel.detail.title.text()
    assert "(20 of 66 notes so far)" in panel.detail.title.text()
    panel.set_indexing(None)
    assert not any("partial" in line for line in panel.warnings.lines())
    assert panel.show_outcome(1, SearchOutcome(response("sensor")))
    assert panel.detail.title.text() == "Nothing found for “sensor”."


def test_typing_before_the_first_index_says_so_at_once_and_asks_again_as_notes_arrive(
    qtbot,  # type: ignore[no-untyped-def]
) -> None:
    from ui import search_panel as sp
    from ui.bridge import SearchOutcome

    panel = sp.SearchPanel()
    qtbot.addWidget(panel)
    asked: list[str] = []
    panel.query_ready.connect(lambda _gen, text, *_: asked.append(text))
    panel.set_indexing(0, 0)  # a vault just opened: nothing indexed yet
    panel.search_box.setText("sensor")
    # before the debounce fires, the partial state is already on screen
    assert any("still being indexed" in line for line in panel.warnings.lines())
    assert not asked
    qtbot.waitUntil(lambda: asked == ["sensor"], timeout=2000)
    assert panel.show_outcome(panel.generation, SearchOutcome(response("sensor")))
    assert "Nothing found" not in panel.detail.title.text()
    assert "still being indexed" in panel.detail.title.text()
    panel.set_indexing(10, 66)  # too soon after the last ask: not asked again
    assert asked == ["sensor"]
    panel._asked_at = {panel.generation: panel._asked_at[panel.generation] - sp.INDEXING_REFRESH_S}
    panel.set_indexing(30, 66)  # notes arrived and the answer is old: asked again
    assert asked == ["sensor", "sensor"]
    # a slow search (a big vault being indexed) is asked again less often
    panel.last_latency_ms = 200.0  # 0.2 s each: at most 5 % of the time, every 4 s
    panel._asked_at = {panel.generation: panel._asked_at[panel.generation] - sp.INDEXING_REFRESH_S}
    panel.set_indexing(40, 66)
    assert asked == ["sensor", "sensor"]
    panel._asked_at = {panel.generation: panel._asked_at[panel.generation] - 2.0}
    panel.set_indexing(50, 66)
    assert asked == ["sensor", "sensor", "sensor"]
    panel.set_indexing(None)
    assert not any("partial" in line for line in panel.warnings.lines())
