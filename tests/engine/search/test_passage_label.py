"""A passage in a Connections reason is named by its heading, or by its first words where the
heading says little (a common section word, the note's own title, or none)."""

from __future__ import annotations

import pytest

from engine.search.connections import _Evidence, _related
from engine.search.passage_label import is_generic_heading, opening_words, passage_label

GAUGE = (
    "## Notes\n\nThe gauge at Alder Ford reads two metres after the storm, "
    "so the crossing stays closed.\n"
)


@pytest.mark.parametrize(
    "heading",
    [
        "Notes",
        "notes",
        "Context",
        "Summary",
        "Overview",
        "Details",
        "Misc.",
        "Background",
        "Introduction",
        "1. Overview",
        "Notes:",
        "📝 Notes",
        "TL;DR",
        "Zusammenfassung",
        "Hintergrund",
        "Übersicht",
        "   ",
    ],
)
def test_common_section_words_are_generic(heading: str) -> None:
    assert is_generic_heading(heading, title="Alder Ford gauge")


def test_no_heading_and_the_notes_own_title_are_generic() -> None:
    assert is_generic_heading(None)
    assert is_generic_heading("Alder Ford gauge", title="Alder Ford Gauge")
    assert is_generic_heading("Alder-Ford gauge!", title="Alder Ford gauge")


@pytest.mark.parametrize(
    "heading", ["Sampling interval", "Flood, 14–15 October", "Notes on the radio", "Kontextwechsel"]
)
def test_a_heading_that_names_the_passage_is_not_generic(heading: str) -> None:
    assert not is_generic_heading(heading, title="Alder Ford gauge")


def test_the_opening_is_a_few_words_cut_at_a_word_with_an_ellipsis() -> None:
    assert opening_words(GAUGE) == "The gauge at Alder Ford reads…"
    assert opening_words("The gauge is fine.") == "The gauge is fine."  # all of it: no ellipsis
    assert opening_words("Levels rose, then fell back again quickly today.") == (
        "Levels rose, then fell back again…"
    )
    assert opening_words("Levels rose, sharply, then fell.", max_words=2) == "Levels rose…"
    long = "Extraordinarily " * 3 + "long words keep going"
    shown = opening_words(long)
    assert shown.endswith("…") and len(shown) <= 49
    assert not shown[:-1].endswith(" ")  # cut at a word boundary, never inside a word
    assert all(word in long.split() for word in shown[:-1].split())


def test_the_opening_reads_past_markdown() -> None:
    text = (
        "# Title\n```python\nprint('x')\n```\n"
        "> [!note] Heads up\n- [ ] Ask **[[People/Tomás Reyes|Tomás]]** about the "
        "[gauge](https://example.org) | readings\n"
    )
    assert opening_words(text) == "Heads up Ask Tomás about the…"
    assert opening_words("## Notes\n\n---\n") == ""
    assert opening_words("| Date | Level |\n|---|---|\n| 14 Oct | 2.1 m |") == (
        "Date Level 14 Oct 2.1 m"
    )


def test_a_passage_is_named_by_its_heading_unless_that_says_little() -> None:
    title = "Alder Ford gauge"
    assert passage_label("Sampling interval", GAUGE, title=title) == "Sampling interval"
    assert passage_label("Notes", GAUGE, title=title) == "The gauge at Alder Ford reads…"
    assert passage_label(None, GAUGE, title=title) == "The gauge at Alder Ford reads…"
    assert passage_label(title, GAUGE, title=title) == "The gauge at Alder Ford reads…"
    assert passage_label("Notes", "## Notes\n", title=title) == "Notes"  # no prose to quote
    assert passage_label(None, "", title=title) is None


def test_a_reason_quotes_the_opening_when_the_heading_is_generic() -> None:
    evidence = _Evidence(similarity=0.82, passage="Notes")
    evidence.label = passage_label("Notes", GAUGE, title="Alder Ford gauge")
    related = _related("Rivers/Alder Ford.md", "Alder Ford", evidence)
    assert related.reasons == ("a similar passage (“The gauge at Alder Ford reads…”), 0.82",)
    assert related.passage == "Notes"  # the heading itself stays in the data
