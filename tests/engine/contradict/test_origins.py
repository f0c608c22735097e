"""A named thing begins once: two years of origin for one name are a conflict."""

from __future__ import annotations

import pytest

from engine.contradict.events import conflicting_origins, origins_in
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
    notes = {"a_note": "Ages/Copper Age.md", "b_note": "Places/Talvane.md"}
    assert_dates_conflict(a, b, notes, '"1837 BCE" vs "1640 BCE"', "Quillon")


def assert_dates_conflict(a: str, b: str, notes: dict[str, str], shown: str, about: str) -> None:
    """Claims `a` and `b` (in `notes`) conflict on a date, explained with both dates as
    `shown` and what they date (`about`)."""
    verdict = assess(a, b, **notes)
    assert verdict.kind == "conflicting_values"
    assert verdict.score >= 0.5
    assert shown in verdict.explanation
    assert about in verdict.explanation


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
        ("Quillscript first appeared in 2015.", "Quillscript", 2015),
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


@pytest.mark.parametrize(
    ("text", "title", "expected"),
    [
        ("Marla Venn died in Lisbon in 2004.", "", {("Marla Venn", 2004, "died")}),
        ("The death of Marla Venn in 2004 closed the studio.", "", {("Marla Venn", 2004, "died")}),
        (
            "Marla Venn (1931–2004) painted harbours.",
            "",
            {("Marla Venn", 2004, "ended")},
        ),
        # a pronoun opening the claim speaks of its note's thing
        ("She was born in 1931 in a fishing town.", "Marla Venn", {("Marla Venn", 1931, "began")}),
        ("He died in 1888, in debt.", "Tobin Greer", {("Tobin Greer", 1888, "died")}),
        ("He died in the spring of 1888.", "Tobin Greer", set()),  # no year phrase read
        ("He died on 3 March 1888.", "Tobin Greer", {("Tobin Greer", 1888, "died")}),
        ("It was founded in 1640.", "Quillon", {("Quillon", 1640, "began")}),
        # a plural word of the language is no one who died
        ("Settlers died in 1621 of scurvy.", "", set()),
        # without a note, or with a note whose title names nothing, a pronoun is nobody
        ("She was born in 1931 in a fishing town.", "", set()),
        ("It was founded in 1640.", "2024-05-01", set()),
    ],
)
def test_a_life_ends_once(text: str, title: str, expected: set[tuple[str, int, str]]) -> None:
    assert {(o.name, o.year, o.event) for o in origins_in(text, title)} == expected


def test_two_years_of_one_death_conflict() -> None:
    a = "Marla Venn (1931–2004) painted harbours all her life."
    b = "She died in 2006, a year after her last show."
    notes = {"a_note": "Art/Painters.md", "b_note": "People/Marla Venn.md"}
    assert_dates_conflict(a, b, notes, '"2004" vs "2006"', "Marla Venn died")


@pytest.mark.parametrize(
    ("a", "b", "a_title", "b_title"),
    [
        # a birth and a death are two events
        ("Marla Venn was born in 1931.", "Marla Venn died in 2004.", "", ""),
        # the pronoun of another note is another person
        ("She died in 2004.", "She died in 2006.", "Marla Venn", "Edda Venn"),
        # one year, told as a span and as a death
        ("Marla Venn (1931–2004) painted.", "She died in 2004.", "", "Marla Venn"),
        # two spans are two periods (a study's follow-up, given by two papers)
        (
            "The Harbour Cohort Study (1984–2008) ...",
            "The Harbour Cohort Study (1984–2006) ...",
            "",
            "",
        ),
        # a span's start is no founding: a study's period may open after it was set up
        (
            "The Harbour Cohort Study (1984–2008) ...",
            "The Harbour Cohort Study was founded in 1976.",
            "",
            "",
        ),
    ],
)
def test_no_death_conflict_for_other_events_people_or_one_year(
    a: str, b: str, a_title: str, b_title: str
) -> None:
    assert conflicting_origins(a, b, a_title, b_title) is None
