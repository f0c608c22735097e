"""The first-level subdivisions places lie in, and two places of one country set apart by
them."""

from __future__ import annotations

import pytest

from engine.contradict.gazetteer import PLACE_COUNTRIES
from engine.contradict.locations import places_apart
from engine.contradict.structure import assess
from engine.contradict.subdivisions import PLACE_SUBDIVISIONS, _subdivision_table
from engine.contradict.types import FLAG_THRESHOLD


def test_every_place_lies_in_the_countries_it_is_listed_under() -> None:
    for place, within in PLACE_SUBDIVISIONS.items():
        assert within, place
        for country, divisions in within.items():
            assert divisions, (place, country)
            if place in PLACE_COUNTRIES:
                assert country in PLACE_COUNTRIES[place], (place, country)


def test_no_place_lies_in_more_than_three_subdivisions_of_a_country() -> None:
    spread = {
        (place, country): divisions
        for place, within in PLACE_SUBDIVISIONS.items()
        for country, divisions in within.items()
        if len(divisions) > 3
    }
    assert not spread


def test_every_subdivision_holds_many_places() -> None:
    # a table large enough to matter: the big countries' places below the country
    for country in ("United States", "United Kingdom", "France", "Germany", "Italy", "Spain"):
        listed = [p for p, within in PLACE_SUBDIVISIONS.items() if country in within]
        assert len(listed) >= 40, country


@pytest.mark.parametrize(
    ("place", "country", "divisions"),
    [
        ("Naples", "Italy", {"Campania"}),
        ("Florence", "Italy", {"Tuscany"}),
        ("Puglia", "Italy", {"Apulia"}),
        ("Glasgow", "United Kingdom", {"Scotland"}),
        ("Scotland", "United Kingdom", {"Scotland"}),
        ("Lyon", "France", {"Auvergne-Rhône-Alpes"}),
        ("Munich", "Germany", {"Bavaria"}),
        ("Seville", "Spain", {"Andalusia"}),
        ("Kyoto", "Japan", {"Kyoto"}),
        ("Canberra", "Australia", {"Australian Capital Territory"}),
        ("Lake Tahoe", "United States", {"California", "Nevada"}),
    ],
)
def test_spot_checks(place: str, country: str, divisions: set[str]) -> None:
    assert PLACE_SUBDIVISIONS[place][country] == divisions


def test_an_accent_free_spelling_lies_where_the_accented_one_does() -> None:
    assert PLACE_SUBDIVISIONS["Montreal"] == PLACE_SUBDIVISIONS["Montréal"]


@pytest.mark.parametrize(
    "spec",
    [
        "Italy / Tuscany: Vellmouth",  # no place of the gazetteer
        "France / Tuscany: Florence",  # a place of another country
        "Italy / Tuscany: Florence, Florence",  # listed twice
        "Italy Tuscany Florence",  # no colon
    ],
)
def test_a_malformed_table_is_refused(spec: str) -> None:
    with pytest.raises(ValueError):
        _subdivision_table(spec)


@pytest.mark.parametrize(
    ("xs", "ys", "apart"),
    [
        # two countries; two subdivisions of one country
        (["tasmania"], ["new zealand"], True),
        (["paris"], ["lyon"], True),
        (["naples"], ["sicily"], True),
        (["scotland"], ["england"], True),
        # one holds the other; the country beside a place in it; the whole country
        (["florence"], ["tuscany"], False),
        (["florence", "italy"], ["piedmont"], True),
        (["italy"], ["piedmont"], False),
        (["scotland"], ["united kingdom"], False),
        # a place that spans more than a few subdivisions lies anywhere in its country
        (["po valley"], ["tuscany"], False),
        # a border lake: in each state it touches
        (["lake tahoe"], ["nevada"], False),
        # a list: apart only where every place is
        (["florence", "naples"], ["campania"], False),
    ],
)
def test_places_apart(xs: list[str], ys: list[str], apart: bool) -> None:
    assert places_apart(xs, ys) is apart
    assert places_apart(ys, xs) is apart


@pytest.mark.parametrize(
    ("a", "b", "conflict"),
    [
        ("The Vell Arch is located in Paris.", "The Vell Arch stands in Lyon.", True),
        ("The Vell Arch is located in Paris.", "The Vell Arch stands in Paris.", False),
        ("The Vell Arch is located in Florence.", "The Vell Arch is in Tuscany.", False),
    ],
)
def test_one_thing_in_two_subdivisions_of_one_country(a: str, b: str, conflict: bool) -> None:
    verdict = assess(a, b, a_note="Places/Vell Arch.md", b_note="Places/Overview.md")
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict
    if conflict:
        assert verdict.explanation == (
            'different places: "Paris" vs "Lyon", both about where Vell Arch is'
        ), verdict
