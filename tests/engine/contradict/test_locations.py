"""Where a fixed thing is: one country, or one continent."""

from __future__ import annotations

import pytest

from engine.contradict.locations import conflicting_locations, location_in
from engine.contradict.structure import assess
from engine.contradict.text import stem
from engine.contradict.types import FLAG_THRESHOLD


@pytest.mark.parametrize(
    ("text", "title", "thing", "level", "places"),
    [
        ("Mount Vell is in Tanzania.", "", "mount vell", "country", {"tanzania"}),
        ("Mount Vell is a dormant volcano in northern Kenya.", "", "mount vell", "country",
         {"kenya"}),
        ("Vellroos are native to South America.", "", "vellroos", "continent",
         {"south america"}),
        ("It lies in Peru and Bolivia.", "Lake Vell", "lake vell", "country", {"peru", "bolivia"}),
        ("The Vell Arch is in the USA.", "", "vell arch", "country", {"united states"}),
    ],
)  # fmt: skip
def test_a_place_of_one_level_said_of_a_thing(
    text: str, title: str, thing: str, level: str, places: set[str]
) -> None:
    found = location_in(text, title)
    assert found is not None
    expected = " ".join(stem(w) for w in thing.split())
    assert (found.thing, found.level, set(found.places)) == (expected, level, places)


@pytest.mark.parametrize(
    "text",
    [
        "The Vell Arch is in Paris.",  # a city: no closed set to compare it in
        "Ana Vell is in Germany this week.",  # where someone is for now
        "It is in Tanzania.",  # no note to say what "It" is
    ],
)
def test_no_place_where_it_may_not_be_where_the_thing_lies(text: str) -> None:
    assert location_in(text) is None


@pytest.mark.parametrize(
    ("a", "b", "conflict"),
    [
        ("Mount Vell is in Tanzania.", "Mount Vell is in Kenya.", True),
        ("Vellroos are native to Australia.", "Vellroos are native to South America.", True),
        # two levels, a list that holds the other's place, one country said two ways
        ("Mount Vell is in Tanzania.", "Mount Vell is in Africa.", False),
        ("Mount Vell is in Tanzania.", "Mount Vell is in Kenya and Tanzania.", False),
        ("The Vell Arch is in the United States.", "The Vell Arch is in the USA.", False),
        # two things
        ("Mount Vell is in Tanzania.", "Mount Tarn is in Kenya.", False),
    ],
)
def test_one_thing_in_two_places_of_one_level(a: str, b: str, conflict: bool) -> None:
    assert (conflicting_locations(a, b) is not None) is conflict
    verdict = assess(a, b, a_note="Geo/Vell.md", b_note="Geo/Africa.md")
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict


def test_the_verdict_names_both_places_and_the_thing() -> None:
    verdict = assess(
        "It is a dormant volcano in Tanzania.",
        "Mount Vell lies in northern Kenya.",
        a_note="Geo/Mount Vell.md",
        b_note="Geo/Africa.md",
    )
    assert verdict.explanation == (
        'different places: "Tanzania" vs "northern Kenya", both about where Mount Vell is'
    )
