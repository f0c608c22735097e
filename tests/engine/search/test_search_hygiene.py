"""What a person meets in the result list of the demo vault: exact strings first and shown,
filters that narrow without matching, words read as a date said so, a warning and a short
list when nothing answers, and scores in order."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from engine.model import SkippedFile
from engine.search.service import SearchFilters
from engine.search.types import SearchResponse
from tests.engine.search.conftest import DEMO_VAULT, DemoIndex


def paths(response: SearchResponse) -> list[str]:
    return [r.note_path for r in response.results]


def holding(demo: DemoIndex, text: str) -> set[str]:
    """The indexed demo documents whose file holds `text` (case-insensitive; a board or a
    PDF: its text)."""
    from engine.vault.documents import read_document

    out = set()
    for path in demo.indexed_paths():
        if path.endswith(".md"):
            body = (DEMO_VAULT / path).read_text(encoding="utf-8")
        else:
            document = read_document(DEMO_VAULT, path)
            assert not isinstance(document, SkippedFile), document
            body = document.body
        if text.casefold() in body.casefold():
            out.add(path)
    return out


def note_date(demo: DemoIndex, path: str) -> datetime:
    note = demo.note(path)
    date = note.created if note.created is not None else note.modified
    assert date is not None
    return date if date.tzinfo else date.replace(tzinfo=UTC)


@pytest.mark.parametrize("needle", ["REQ-006", "sample_interval_s"])
def test_every_note_holding_an_identifier_comes_first_and_shows_it(
    demo: DemoIndex, needle: str
) -> None:
    holders = holding(demo, needle)
    assert len(holders) >= 3
    response = demo.service.search(needle, limit=30)
    shown = paths(response)
    assert set(shown[: len(holders)]) == holders, shown
    for result in response.results[: len(holders)]:
        assert result.tier == "high"
        assert needle.casefold() in result.excerpts[0].text.casefold(), result.excerpts[0]
    assert not response.query_metadata.low_confidence


def test_a_quoted_phrase_is_not_followed_by_a_crowd_of_unrelated_notes(demo: DemoIndex) -> None:
    response = demo.service.search('"leaky level shifter"', limit=30)
    shown = paths(response)
    assert shown[0] == "Hardware/soil-node-s3.md"
    assert len(shown) <= 5, shown  # the phrase's note and a few strongly related ones
    assert "leaky level shifter" in response.results[0].excerpts[0].text


def test_a_date_filter_narrows_by_the_notes_own_date_and_adds_no_match(demo: DemoIndex) -> None:
    since = datetime(2026, 9, 1, tzinfo=UTC)
    response = demo.service.search("sensor", limit=30, filters=SearchFilters(since=since))
    shown = paths(response)
    assert shown
    # notes dated before September in their frontmatter, whatever their file time says
    unfiltered = {r.note_path for r in demo.service.search("sensor", limit=200).results}
    older = {p for p in unfiltered if (c := demo.note(p).created) is not None and c < since}
    assert {"Home.md"} <= older and not older & set(shown)
    for result in response.results:
        assert note_date(demo, result.note_path) >= since, result.note_path
        assert not any(e.text.startswith("dated ") for e in result.excerpts), result.excerpts
    assert set(shown) <= unfiltered  # the filter only removed notes


def test_date_words_become_a_filter_that_is_named(demo: DemoIndex) -> None:
    response = demo.service.search("sensor notes from last year", limit=30)
    said = [w for w in response.warnings if w.kind == "date_from_query"]
    assert len(said) == 1 and "“last year”" in said[0].message
    assert response.query == "sensor notes from last year"
    year = datetime.now(UTC).year - 1
    for result in response.results:
        assert note_date(demo, result.note_path).year == year, result.note_path


def test_a_filter_that_leaves_nothing_says_which(demo: DemoIndex) -> None:
    response = demo.service.search("sensor", filters=SearchFilters(folder="Nowhere"))
    assert response.results == ()
    (warning,) = [w for w in response.warnings if w.kind == "filters_match_nothing"]
    assert "“Nowhere”" in warning.message
    both = demo.service.search("sensor", filters=SearchFilters(folder="Projects", tag="nosuch"))
    (warning,) = [w for w in both.warnings if w.kind == "filters_match_nothing"]
    assert "#nosuch" in warning.message and "Projects" not in warning.message


@pytest.mark.parametrize("query", ["qwxz blorf", "zyzzogeton quasar kumquat"])
def test_nonsense_is_called_weak_and_kept_short(demo: DemoIndex, query: str) -> None:
    response = demo.service.search(query, limit=30)
    assert response.query_metadata.low_confidence
    assert len(response.results) <= 5
    assert any(w.kind == "low_confidence" for w in response.warnings)


@pytest.mark.parametrize(
    "query", ["sensor", "how do we calibrate the soil probes", "REQ-006", "battery life"]
)
def test_scores_are_shown_in_order(demo: DemoIndex, query: str) -> None:
    scores = [r.composite_relevance for r in demo.service.search(query, limit=30).results]
    assert scores == sorted(scores, reverse=True)


def test_an_answerable_question_is_not_called_weak(demo: DemoIndex) -> None:
    response = demo.service.search("how do I put new firmware onto a node", limit=10)
    assert not response.query_metadata.low_confidence
    assert "Methods/Firmware Flashing.md" in paths(response)[:3]


def test_a_chinese_question_finds_the_note_by_its_character_pairs(demo: DemoIndex) -> None:
    """No word of the question appears verbatim in the note, but its character pairs do (the
    word index reads a whole CJK clause as one word; the meaning model reads English)."""
    question = "探头在黏土里面的误差为什么偏大"
    text = demo.service.search(question, limit=10, sources=["text"])
    assert "Hardware/HC-SM30 数据手册摘要.md" in paths(text)[:3]
    merged = demo.service.search(question, limit=10)
    assert paths(merged)[0] == "Hardware/HC-SM30 数据手册摘要.md"
