"""Dates as people type them, in the filter boxes, --since/--until and the query."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest


def test_dates_as_people_type_them() -> None:
    from engine.search.query import date_in_query, parse_date

    now = datetime(2026, 11, 26, 15, 0, tzinfo=UTC)
    assert parse_date("2026-07", now=now) == datetime(2026, 7, 1, tzinfo=UTC)
    assert parse_date("2026-07", end=True, now=now) == datetime(2026, 8, 1, tzinfo=UTC)
    assert parse_date("2026-12", end=True, now=now) == datetime(2027, 1, 1, tzinfo=UTC)
    assert parse_date("yesterday", now=now) == datetime(2026, 11, 25, tzinfo=UTC)
    assert parse_date("Last week", end=True, now=now) == datetime(2026, 11, 23, tzinfo=UTC)
    assert parse_date("2026-07-04", end=True, now=now) == datetime(2026, 7, 5, tzinfo=UTC)
    for bad in ("2026-13-45", "2026-13", "soon", "last week please"):
        with pytest.raises(ValueError):
            parse_date(bad, now=now)
    found = date_in_query("sensor notes from 2026-07", now=now)
    assert found is not None and found.rest == "sensor notes"
    assert found.range.since == datetime(2026, 7, 1, tzinfo=UTC)
    assert date_in_query("release 2026-07-03 notes", now=now) is None  # a full date: no month
