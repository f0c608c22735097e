"""The empty result list names what narrowed the search, so a filter that hides the note is
not mistaken for a vault without it."""

from __future__ import annotations

from datetime import UTC, datetime

from engine.search.service import SearchFilters
from engine.search.types import QueryMetadata, SearchResponse, Warning
from ui.search_panel import nothing_found_text


def response(query: str, *warnings: Warning) -> SearchResponse:
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
    said = Warning(
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
    assert "12 notes indexed so far (of 66)" in panel.detail.title.text()
    assert panel.detail.title.text() != "Nothing found for “sensor”."
    assert any(
        "Indexing 12/66 — results so far are partial" in line for line in panel.warnings.lines()
    )
    panel.set_indexing(None)
    assert not any("partial" in line for line in panel.warnings.lines())
    assert panel.show_outcome(1, SearchOutcome(response("sensor")))
    assert panel.detail.title.text() == "Nothing found for “sensor”."
