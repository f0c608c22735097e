"""How a query is read: its intent, the date words that become a filter, the words excerpts
mark, and the CJK character pairs the words source ranks by."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from engine.search.query import (
    DateRange,
    all_terms_expression,
    date_in_query,
    describe_range,
    parse_query,
    query_intent,
)
from engine.search.service import SearchFilters
from engine.store.cjk_grams import cjk_grams, query_grams

NOW = datetime(2026, 11, 24, 15, 0, tzinfo=UTC)  # a Tuesday


@pytest.mark.parametrize(
    ("query", "intent"),
    [
        ("REQ-006", "exact"),
        ('"drag and drop"', "exact"),
        ("sample_interval_s", "exact"),
        ("river-gauge-v2 battery", "exact"),
        ("kebab-case", "exact"),  # one identifier and nothing else
        ("fromTitle", "exact"),  # camelCase
        ("mRNA expression in iPhone users", "statement"),  # words of prose, not code
        ("sensor drift", "keyword"),
        ("two-way link", "keyword"),  # a hyphenated word of prose is not an identifier
        ("kanban", "keyword"),
        ("白板", "keyword"),
        ("how do I embed a file", "question"),
        ("open a specific note from another app with a link", "statement"),
        ("can I open a note from another app", "question"),
        ("sensors can drift in clay soil over a season", "statement"),  # 'can' inside
        ("where do attachments go?", "question"),
        ("Wie kann ich Dateien einbetten", "question"),
        ("如何在笔记里嵌入文件", "question"),
        # a sentence that names an identifier is still a sentence
        ("0-dimensional biomaterials show inductive properties", "statement"),
    ],
)
def test_query_intent(query: str, intent: str) -> None:
    assert query_intent(parse_query(query)) == intent


def test_loose_terms_leave_out_the_parts_of_identifiers_and_phrases() -> None:
    assert parse_query("REQ-006").loose_terms == ()
    assert parse_query("river-gauge-v2 battery").loose_terms == ("battery",)
    assert parse_query('"blood root" harvest').loose_terms == ("harvest",)


def test_every_word_expression_needs_two_parts() -> None:
    assert all_terms_expression(parse_query("kanban")) is None
    assert all_terms_expression(parse_query('kanban "sprint board"')) == (
        '"sprint board" AND "kanban" AND "sprint" AND "board"'
    )


@pytest.mark.parametrize(
    ("query", "phrase", "rest", "since", "until"),
    [
        ("notes from last week", "last week", "", (2026, 11, 16), (2026, 11, 23)),
        ("what did I write yesterday", "yesterday", "", (2026, 11, 23), (2026, 11, 24)),
        (
            "sensor notes from last week",
            "last week",
            "sensor notes",
            (2026, 11, 16),
            (2026, 11, 23),
        ),
        ("budget this month", "this month", "budget", (2026, 11, 1), (2026, 11, 25)),
    ],
)
def test_date_words_become_a_range_and_leave_the_rest(
    query: str,
    phrase: str,
    rest: str,
    since: tuple[int, int, int],
    until: tuple[int, int, int],
) -> None:
    found = date_in_query(query, now=NOW)
    assert found is not None
    assert (found.phrase, found.rest) == (phrase, rest)
    assert found.range == DateRange(datetime(*since, tzinfo=UTC), datetime(*until, tzinfo=UTC))


def test_a_query_without_date_words_has_no_range() -> None:
    assert date_in_query("weekly review template", now=NOW) is None


def test_ranges_and_filters_in_words() -> None:
    week = DateRange(datetime(2026, 11, 16, tzinfo=UTC), datetime(2026, 11, 23, tzinfo=UTC))
    assert describe_range(week) == "16 Nov 2026 – 22 Nov 2026"
    assert describe_range(DateRange(since=datetime(2026, 9, 1, tzinfo=UTC))) == (
        "1 Sep 2026 or later"
    )
    day = DateRange(datetime(2026, 11, 23, tzinfo=UTC), datetime(2026, 11, 24, tzinfo=UTC))
    assert describe_range(day) == "23 Nov 2026"
    filters = SearchFilters(
        folder="Projects/", tag="#field", since=datetime(2026, 9, 1, tzinfo=UTC)
    )
    assert filters.describe() == ("in folder “Projects”, tagged #field, dated 1 Sep 2026 or later")
    assert SearchFilters().describe() == "" and not SearchFilters().active


def test_cjk_text_becomes_character_pairs() -> None:
    assert cjk_grams("如何嵌入文件") == "如何 何嵌 嵌入 入文 文件"
    assert cjk_grams("English only") == ""
    assert cjk_grams("用 Obsidian 写笔记") == "用 写笔 笔记"  # a lone character stays itself
    assert query_grams("笔记 笔记本") == ["笔记", "记本"]
