"""A named thing begins once: two years of origin for one name are a conflict."""

from __future__ import annotations

import pytest

from engine.contradict.quantities import conflicting_origins, origins_in
from engine.contradict.structure import assess


@pytest.mark.parametrize(
    ("text", "name", "year", "era"),
    [
        ("Verdant Hold was founded in 1210.", "Verdant Hold", 1210, ""),
        ("The city of Korvath, founded in 412 AE, grew quickly.", "Korvath", 412, "AE"),
        ("The founding of the Guild of Smiths in 1402 changed trade.", "Guild of Smiths", 1402, ""),
        ("In 1402, the Guild of Smiths was founded.", "Guild of Smiths", 1402, ""),
        ("Quillon is created in the year 1837 BCE.", "Quillon", 1837, "BCE"),
        (
            "Everyone agrees that Marla Venn was born in 1961 in a small town.",
            "Marla Venn",
            1961,
            "",
        ),
    ],
)
def test_a_year_of_origin_is_read_with_its_name(text: str, name: str, year: int, era: str) -> None:
    (origin,) = origins_in(text)
    assert (origin.name, origin.year, origin.era) == (name, year, era)


@pytest.mark.parametrize(
    "text",
    [
        "The bridge was built in 1890.",  # no name: which bridge?
        "It was founded in 1990.",
        "Verdant Hold was attacked in 1210.",  # not a beginning
        "Verdant Hold was founded long ago.",  # no year
    ],
)
def test_no_origin_without_a_name_a_beginning_and_a_year(text: str) -> None:
    assert origins_in(text) == ()


def test_two_years_of_origin_for_one_name_conflict() -> None:
    a = "Quillon is created in the year 1837 BCE."
    b = "The old capital has stood since Quillon was founded in 1640 BCE."
    found = conflicting_origins(a, b)
    assert found is not None
    assert {found[0].year, found[1].year} == {1837, 1640}
    verdict = assess(a, b, a_note="Ages/Copper Age.md", b_note="Places/Talvane.md")
    assert verdict.kind == "conflicting_values"
    assert verdict.score >= 0.5
    assert '"1837 BCE" vs "1640 BCE"' in verdict.explanation
    assert "Quillon" in verdict.explanation


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # the same year, worded differently
        ("Quillon was founded in 1640.", "The founding of Quillon in 1640 was celebrated."),
        # two different things
        ("Quillon was founded in 1640.", "Marrowgate was founded in 1702."),
        # two eras: no comparison
        ("Quillon was founded in 1640 BCE.", "Quillon was founded in 1640 CE."),
        ("Quillon was founded in 40 BCE.", "Quillon was founded in 1640 CE."),
    ],
)
def test_no_conflict_for_one_year_other_names_or_other_eras(a: str, b: str) -> None:
    assert conflicting_origins(a, b) is None


@pytest.mark.parametrize(
    ("text", "name", "year"),
    [
        ("The Lantern Atlas was first published in 1911.", "Lantern Atlas", 1911),
        (
            "I read it in Harrow Songs, first released in 1994, on a long train.",
            "Harrow Songs",
            1994,
        ),
        (
            "Copper Kettle Cookery, written with two old friends, came out in 1961.",
            "Copper Kettle Cookery",
            1961,
        ),
        ("The premiere of Glass Orchard in 1913 ended in a riot.", "Glass Orchard", 1913),
    ],
)
def test_a_work_comes_out_once(text: str, name: str, year: int) -> None:
    (origin,) = origins_in(text)
    assert (origin.name, origin.year, origin.event) == (name, year, "came out")


def test_two_years_for_one_work_coming_out_conflict() -> None:
    a = "My copy of Copper Kettle Cookery, first published in 1966, is falling apart."
    b = "Copper Kettle Cookery, written with two old friends, came out in 1961."
    verdict = assess(a, b, a_note="Kitchen/Shelf.md", b_note="Books/Copper Kettle Cookery.md")
    assert verdict.kind == "conflicting_values"
    assert verdict.score >= 0.5
    assert '"1966" vs "1961"' in verdict.explanation or '"1961" vs "1966"' in verdict.explanation
    assert "came out" in verdict.explanation


def test_a_founding_and_a_first_issue_are_two_events() -> None:
    # a newspaper founded one year and first printed the next: both hold
    a = "The Morning Lantern was founded in 1784."
    b = "The Morning Lantern was first published in 1785."
    assert conflicting_origins(a, b) is None
