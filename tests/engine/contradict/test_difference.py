"""The one-line explanation names the parts that differ and what both claims are about."""

from __future__ import annotations

from engine.contradict.structure import about, difference_line, differing_parts, plain


def test_values_that_differ_are_named() -> None:
    parts = differing_parts(
        "The ferry crossing takes 40 minutes in calm weather.",
        "The ferry crossing takes 75 minutes in calm weather.",
    )
    assert parts == ("40", "75")


def test_opposite_words_are_named_with_the_shared_subject() -> None:
    line = difference_line(
        "Harrowgate is the main importer of copper.", "Harrowgate is the main exporter of copper."
    )
    assert "“importer” vs “exporter”" in line
    assert "Harrowgate" in line


def test_a_lone_negator_is_shown_with_the_word_it_negates() -> None:
    a, b = differing_parts(
        "The north bridge is open in winter.", "The north bridge is not open in winter."
    ) or ("", "")
    assert a != "" and b != ""
    assert b != "not", "a negator alone is never the explanation"
    assert "open" in b


def test_wikilinks_read_as_their_alias_and_titles_name_the_subject() -> None:
    assert (
        plain("The [[Orrin Family|Orrins]] fight with **spears**.")
        == "The Orrins fight with spears."
    )
    assert (
        about("They cannot swim.", "The [[Orrin Family]] are strong swimmers.", ["Orrin Family"])
        == "Orrin Family"
    )


def test_identical_claims_have_no_difference() -> None:
    assert differing_parts("Rain fell all day.", "rain fell all day") is None
    assert "different things" in difference_line("Rain fell all day.", "Rain fell all day.")
