"""The gazetteer of places below the country: every place lies in known countries only."""

from __future__ import annotations

import pytest

from engine.contradict.gazetteer import PLACE_COUNTRIES, _table
from engine.contradict.locations import _COUNTRIES

_CONTINENTS = {
    "africa",
    "antarctica",
    "asia",
    "australia",
    "europe",
    "north america",
    "south america",
    "oceania",
}


def test_every_place_lies_in_known_countries() -> None:
    for place, countries in PLACE_COUNTRIES.items():
        assert isinstance(countries, frozenset), place
        assert countries, place
        unknown = {c for c in countries if c.casefold() not in _COUNTRIES}
        assert not unknown, (place, unknown)


def test_no_place_is_a_country_or_continent() -> None:
    clashes = [p for p in PLACE_COUNTRIES if p.casefold() in _COUNTRIES | _CONTINENTS]
    assert not clashes


def test_no_place_is_given_twice_however_capitalised() -> None:
    folded = [place.casefold() for place in PLACE_COUNTRIES]
    assert len(folded) == len(set(folded))


def test_table_is_large() -> None:
    assert len(PLACE_COUNTRIES) >= 800


@pytest.mark.parametrize(
    ("place", "countries"),
    [
        ("Tasmania", {"Australia"}),
        ("Bavaria", {"Germany"}),
        ("Patagonia", {"Argentina", "Chile"}),
        ("Tuscany", {"Italy"}),
        ("Po Valley", {"Italy"}),
        ("Texas", {"United States"}),
        ("Borneo", {"Indonesia", "Malaysia", "Brunei"}),
        ("Pyrenees", {"France", "Spain", "Andorra"}),
        ("Lake Titicaca", {"Peru", "Bolivia"}),
        ("Crimea", {"Ukraine"}),
        ("Greenland", {"Denmark"}),
    ],
)
def test_spot_checks(place: str, countries: set[str]) -> None:
    assert PLACE_COUNTRIES[place] == countries


@pytest.mark.parametrize(
    "place", ["Georgia", "Victoria", "Washington", "Córdoba", "Birmingham", "Nice", "Ireland"]
)
def test_ambiguous_names_are_left_out(place: str) -> None:
    assert place not in PLACE_COUNTRIES


@pytest.mark.parametrize(
    ("plain", "accented"),
    [
        ("Galapagos Islands", "Galápagos Islands"),
        ("Zurich", "Zürich"),
        ("Sao Paulo", "São Paulo"),
        ("Quebec", "Québec"),
        ("Bogota", "Bogotá"),
        ("Ile de la Cite", "Île de la Cité"),
        ("Lodz", "Łódź"),
        ("Tromso", "Tromsø"),
    ],
)
def test_accented_names_are_also_held_without_accents(plain: str, accented: str) -> None:
    assert PLACE_COUNTRIES[plain] == PLACE_COUNTRIES[accented]


def test_a_plain_spelling_of_its_own_keeps_its_countries() -> None:
    assert PLACE_COUNTRIES["Munster"] == {"Ireland"}
    assert PLACE_COUNTRIES["Münster"] == {"Germany"}


def test_table_reads_comments_blank_lines_and_continued_lines() -> None:
    spec = """
    # a header
    Tasmania: Australia

    Alps: France, Italy,
        Switzerland
    Zürich: Switzerland
    """
    assert _table(spec) == {
        "Tasmania": {"Australia"},
        "Alps": {"France", "Italy", "Switzerland"},
        "Zürich": {"Switzerland"},
        "Zurich": {"Switzerland"},
    }


@pytest.mark.parametrize(
    "spec",
    [
        "Tasmania: Australia\nTasmania: New Zealand",
        "Tasmania: Australia\nTASMANIA: Australia",
        "Tasmania Australia",
        ": Australia",
        "Tasmania:",
        "Tasmania: australia",
        "Tasmania: Australia, Australia",
        "Bodø: Norway\nBodö: Sweden",
    ],
)
def test_table_refuses_a_bad_spec(spec: str) -> None:
    with pytest.raises(ValueError):
        _table(spec)
