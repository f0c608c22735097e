"""Events that happen once, said the way people write them: who made a thing and when
("Hoare invented Quicksort in 1959"), a thing's start in its own note ("Invented by Tony Hoare
in 1959", "It dates from the late 1960s"), approximate years and decades, and a person's age
at death. Claims dating one event of one name are read together however far apart their
words, in a full scan and in a live edit alike.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import numpy as np
import pytest

from engine.contradict import candidates, store
from engine.contradict.candidates import TitleIndex, event_pairs
from engine.contradict.events import (
    conflicting_death_ages,
    conflicting_makers,
    conflicting_origins,
    death_ages_in,
    event_keys,
    event_names,
    firsts_in,
    makings_in,
    origins_in,
)
from engine.contradict.scan import DEFAULT_SCAN_CONFIG
from engine.contradict.structure import assess
from engine.workspace import Workspace
from tests.helpers.contradiction_vault import stored_pairs, words_workspace
from tests.helpers.words_embedder import WordsEmbedder


@pytest.mark.parametrize(
    ("text", "title", "name", "event", "years", "shown"),
    [
        ("Hoare invented Quicksort in 1959.", "", "Quicksort", "began", (1959, 1959), "1959"),
        (
            "She started Quillscript as a hobby project over Christmas 1989, while at the lab.",
            "Orla Venn",
            "Quillscript",
            "started",
            (1989, 1989),
            "Christmas 1989",
        ),
        (
            "Orla began writing it around 1994, while she was at the lab.",
            "Quillscript",
            "Quillscript",
            "started",
            (1992, 1996),
            "around 1994",
        ),
        (
            "Invented by Tomas Reyl in 1959, while he was a visiting student in Lund.",
            "Reyl Sort",
            "Reyl Sort",
            "began",
            (1959, 1959),
            "1959",
        ),
        (
            "It dates from the late 1960s, around the time of the first compilers.",
            "Varga's Algorithm",
            "Varga's Algorithm",
            "began",
            (1965, 1969),
            "the late 1960s",
        ),
        ("Quillon dates back to the 1640s.", "", "Quillon", "began", (1640, 1649), "the 1640s"),
        (
            # "he" is the note's person; "it" the name said before
            "Quillsort was his too: he came up with it alongside merge sort, back in the 1940s.",
            "Orla Venn",
            "Quillsort",
            "began",
            (1940, 1949),
            "the 1940s",
        ),
        (
            "Mara Lindqvist published Tidewater Songs in 1961.",
            "",
            "Tidewater Songs",
            "came out",
            (1961, 1961),
            "1961",
        ),
    ],
)
def test_a_thing_made_or_started_is_dated_with_its_name(
    text: str, title: str, name: str, event: str, years: tuple[int, int], shown: str
) -> None:
    (origin,) = origins_in(text, title)
    assert (origin.name, origin.event, origin.years(), origin.text) == (name, event, years, shown)


@pytest.mark.parametrize(
    "text",
    [
        # an opening participle with a subject of its own dates that subject, not the note's
        "Built in 1890, the old bridge was replaced in 1950.",
        # a maker without a named thing made
        "Hoare invented a faster method in 1959.",
        # "designed" is no beginning: a tower is designed years before it is built
        "Eiffel designed the Tower in 1884.",
        # "it" after "he" in a person's note is not the person
        "He invented it in 1945, while at the institute.",
        "Later he came up with it in 1950.",
    ],
)
def test_no_origin_without_the_things_name(text: str) -> None:
    assert origins_in(text, "Town") == ()


def test_two_starts_of_one_thing_conflict_and_near_years_agree() -> None:
    started = "She started Quillscript as a hobby project over Christmas 1989, while at the lab."
    later = "Orla began writing it around 1994, while she was at the lab."
    found = conflicting_origins(started, later, "Orla Venn", "Quillscript")
    assert found is not None and {found[0].year, found[1].year} == {1989, 1994}
    # "around 1994" takes in 1992 to 1996
    near = "She started Quillscript as a hobby project over Christmas 1993."
    assert conflicting_origins(near, later, "Orla Venn", "Quillscript") is None
    # a decade takes in its years: "1956" is in "the late 1950s", not in "the 1940s"
    made = "Hoare invented Quicksort in 1956."
    assert conflicting_origins(made, "Quick Sort was invented in the late 1950s.") is None
    found = conflicting_origins(made, "Quick Sort was invented in the 1940s.")
    assert found is not None  # "Quick Sort" and "Quicksort" are one name


def test_a_start_is_compared_only_with_a_start() -> None:
    started = "The monks started Saint Arlo Cathedral in 1248."
    built = "Saint Arlo Cathedral was built in 1880."
    assert origins_in(started) and origins_in(built)
    assert conflicting_origins(started, built) is None


def test_the_verdict_names_both_dates_and_what_they_date() -> None:
    verdict = assess(
        "She started Quillscript as a hobby project over Christmas 1989, while at the lab.",
        "Orla began writing it around 1994, while she was at the lab.",
        a_note="People/Orla Venn.md",
        b_note="Programming/Quillscript.md",
    )
    assert verdict.kind == "conflicting_values" and verdict.score >= 0.5
    assert '"Christmas 1989"' in verdict.explanation
    assert '"around 1994"' in verdict.explanation
    assert "Quillscript started" in verdict.explanation


@pytest.mark.parametrize(
    ("text", "title", "name", "age", "shown"),
    [
        ("He died in June 1954, aged 41.", "Alan Turing", "Alan Turing", 41, "aged 41"),
        (
            "Turing was 24 when he wrote that paper, and he died at just 47.",
            "Turing Machine",
            "Turing",
            47,
            "at just 47",
        ),
        ("Marie Curie died at the age of 66 in 1934.", "", "Marie Curie", 66, "at the age of 66"),
        ("Keats was only 25 when he died.", "", "Keats", 25, "only 25 when he died"),
    ],
)
def test_an_age_at_death_is_read_with_the_person(
    text: str, title: str, name: str, age: int, shown: str
) -> None:
    (said,) = death_ages_in(text, title)
    assert (said.name, said.age, said.text) == (name, age, shown)


@pytest.mark.parametrize(
    "text", ["He died at 5 pm.", "Patients died at 70 on average.", "He died in 1954."]
)
def test_no_age_at_death_from_a_time_a_crowd_or_a_year(text: str) -> None:
    assert death_ages_in(text, "Alan Turing") == ()


def test_two_ages_at_death_of_one_person_conflict() -> None:
    a, b = "He died in June 1954, aged 41.", "Turing was 24 then, and he died at just 47."
    found = conflicting_death_ages(a, b, "Alan Turing", "Turing Machine")
    assert found is not None and {found[0].age, found[1].age} == {41, 47}
    # two people who share a last name are two people
    other = "Ada Turing died at 47."
    assert conflicting_death_ages(a, other, "Alan Turing", "Families") is None
    # one age said twice
    same = "Turing was 24 then, and he died at just 41."
    assert conflicting_death_ages(a, same, "Alan Turing", "Turing Machine") is None
    verdict = assess(a, b, a_note="People/Alan Turing.md", b_note="Math/Turing Machine.md")
    assert verdict.kind == "conflicting_values" and verdict.score >= 0.5
    assert '"aged 41" vs "at just 47"' in verdict.explanation
    assert "Alan Turing's age at death" in verdict.explanation


@pytest.mark.parametrize(
    ("text", "title", "name", "verb", "who"),
    [
        ("Invented by Tomas Reyl in 1959, while in Lund.", "Reyl Sort", "Reyl Sort", "invented",
         ("Tomas Reyl",)),
        ("Ana Mallory devised Reyl Sort in the 1940s.", "", "Reyl Sort", "invented",
         ("Ana Mallory",)),
        ("Quillon was founded by Mara Venn and Tam Holt.", "", "Quillon", "founded",
         ("Mara Venn", "Tam Holt")),
        ("It was discovered by Ida Brask in 1928.", "Brasklin", "Brasklin", "discovered",
         ("Ida Brask",)),
        ("She founded Quillon in 1640.", "Mara Venn", "Quillon", "founded", ("Mara Venn",)),
        ("Quillscript was designed by Orla Venn at the lab.", "", "Quillscript", "designed",
         ("Orla Venn",)),
    ],
)  # fmt: skip
def test_who_made_a_thing_is_read_with_the_thing(
    text: str, title: str, name: str, verb: str, who: tuple[str, ...]
) -> None:
    (made,) = makings_in(text, title)
    assert (made.name, made.verb, made.who) == (name, verb, who)


def test_a_thing_made_by_two_different_people_conflicts() -> None:
    first = "Invented by Tomas Reyl in 1959, while in Lund."
    other = "Ana Mallory devised Reyl Sort in 1959."
    found = conflicting_makers(first, other, "Reyl Sort", "Ana Mallory")
    assert found is not None and {found[0].who, found[1].who} == {("Tomas Reyl",), ("Ana Mallory",)}
    verdict = assess(first, other, a_note="Algorithms/Reyl Sort.md", b_note="People/Ana Mallory.md")
    assert verdict.score >= 0.5
    assert '"Ana Mallory" vs "Tomas Reyl"' in verdict.explanation  # in the claims' order
    assert "who invented Reyl Sort" in verdict.explanation
    # one maker named on both sides, or named anywhere on the other side: no conflict
    both = "Reyl Sort was devised by Ana Mallory and Tomas Reyl."
    assert conflicting_makers(first, both, "Reyl Sort", "") is None
    building = "Ana Mallory devised Reyl Sort, improving on Reyl's first idea."
    assert conflicting_makers(first, building, "Reyl Sort", "") is None
    # discovering and inventing are two things, founding and inventing one origin; a crowd
    # is no maker
    assert conflicting_makers(first, "Ana Mallory discovered Reyl Sort.", "Reyl Sort", "") is None
    assert conflicting_makers(first, "Ana Mallory founded Reyl Sort.", "Reyl Sort", "") is not None
    assert makings_in("Quillon was founded by the efreet in 1042.") == ()
    # a designer is compared with a designer only
    designed = "Reyl Sort was designed by Ana Mallory."
    assert conflicting_makers(first, designed, "Reyl Sort", "") is None
    found = conflicting_makers("Reyl Sort was designed by Tomas Reyl.", designed)
    assert found is not None and found[0].verb == "designed"


def test_claims_dating_one_event_share_a_key() -> None:
    started = event_keys("She started Quillscript over Christmas 1989.", "Orla Venn")
    again = event_keys("Orla began writing it around 1994.", "Quillscript")
    assert started & again == {"quillscript|started"}
    assert event_keys("Quillscript is a small language.", "Quillscript") == frozenset()
    # a death is keyed by the last name too, as ages at death are
    assert event_keys("He died in June 1954, aged 41.", "Alan Turing") >= {
        "tur|died",
        "tur|age at death",
    }
    assert ("quillscript",) in event_names("She started Quillscript over Christmas 1989.", "")


def test_event_pairs_join_other_notes_that_date_one_event() -> None:
    rows = np.arange(5, dtype=np.int64)
    keys = [
        frozenset({"quillscript|started"}),
        frozenset({"quillscript|started"}),
        frozenset({"quillscript|started"}),  # the same note as row 0
        frozenset({"quillon|began"}),
        frozenset(),
    ]
    notes = np.asarray([0, 1, 0, 2, 3], dtype=np.int64)
    touched = np.ones(5, dtype=bool)
    q, o = event_pairs(rows, keys, notes, touched)
    assert sorted(zip(q.tolist(), o.tolist(), strict=True)) == [(0, 1), (1, 2)]
    # only pairs with a touched side
    touched = np.asarray([False, True, False, False, False])
    q, o = event_pairs(rows, keys, notes, touched)
    assert sorted(zip(q.tolist(), o.tolist(), strict=True)) == [(0, 1), (1, 2)]
    touched = np.asarray([True, False, False, False, False])
    q, o = event_pairs(rows, keys, notes, touched)
    assert sorted(zip(q.tolist(), o.tolist(), strict=True)) == [(0, 1)]


def test_a_plural_mentions_its_title() -> None:
    index = TitleIndex(["Species/Arctic Fox.md", "Species/Barn Owl.md", "Notes/Species.md"])
    fox, owl = index.own("Species/Arctic Fox.md"), index.own("Species/Barn Owl.md")
    assert index.mentions("Arctic foxes are surprisingly hefty") == {fox}
    assert index.mentions("Barn owls hunt at dusk") == {owl}
    assert index.mentions("Arctic fox and barn owl") == {fox, owl}
    assert index.mentions("Many species live here") == {index.own("Notes/Species.md")}


PERSON = "People/Orla Venn.md"
LANGUAGE = "Programming/Quillscript.md"
NOTES = {
    PERSON: "# Orla Venn\n\nShe grew up by the harbour and studied at the lab.\n\n"
    "She started Quillscript as a hobby project over Christmas 1989, while at the lab.\n",
    LANGUAGE: "# Quillscript\n\nA small language for typesetting recipes.\n\n"
    "The author began writing it around 1994, while at the lab.\n",
}


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    with words_workspace(tmp_path_factory, "events", NOTES, seed=5) as ws:
        yield ws


def test_a_scan_reads_two_dates_of_one_event_together(
    workspace: Workspace, monkeypatch: pytest.MonkeyPatch
) -> None:
    found = workspace._contradiction_scanner()
    assert found is not None
    # the note's partners only at a cosine no two of these claims reach
    scanner = found.with_config(dataclasses.replace(DEFAULT_SCAN_CONFIG, subject_gate=0.99))
    # without the event pairs, the pair is not read
    with monkeypatch.context() as patched:
        patched.setattr(candidates, "EVENT_GROUP_MAX", 1)
        scanner.full_scan()
        assert not [p for p in stored_pairs(workspace) if {p[1], p[2]} == {PERSON, LANGUAGE}]
    scanner.full_scan()
    everything = stored_pairs(workspace)
    dated = [p for p in everything if {p[1], p[2]} == {PERSON, LANGUAGE}]
    assert len(dated) == 1 and dated[0][4] == "conflicting_values"
    # the two claims share too few words for the similarity gates alone
    vectors = WordsEmbedder().embed(
        [
            "She started Quillscript as a hobby project over Christmas 1989, while at the lab.",
            "The author began writing it around 1994, while at the lab.",
        ]
    )
    assert float(vectors[0] @ vectors[1]) < scanner.config.similarity_gate
    # a live edit of either note asks the store for the other claim
    for changed in ([PERSON], [LANGUAGE]):
        scanner.update(changed, ())
        assert stored_pairs(workspace) == everything, changed
    assert len(store.indexed_notes(workspace.catalog)) > 60


def test_makers_of_works_and_of_things_a_title_names() -> None:
    # a painting has one painter
    verdict = assess(
        "The Vell Triptych was painted by Ana Mallory.",
        "The Vell Triptych was painted by Tomas Reyl.",
        a_note="Art/Vell Triptych.md",
        b_note="Art/Painters.md",
    )
    assert verdict.score >= 0.5 and "who painted Vell Triptych" in verdict.explanation
    # a thing named by a common noun is one thing where it is a note's title
    first = "The quillpress was invented by Ana Mallory."
    other = "The quillpress was invented by Tomas Reyl."
    assert conflicting_makers(first, other, "Quillpress", "Inventors") is not None
    # ... and elsewhere may be any of many ("the engine" of two cars)
    assert conflicting_makers(first, other, "Printing", "Inventors") is None
    # "the engine" in *Morrow* is the Morrow engine another claim names, not any other
    engine = "The engine was designed by Ada Vell."
    assert (
        conflicting_makers(engine, "Tom Reyl designed the Morrow engine.", "Morrow", "Engines")
        is not None
    )
    assert (
        conflicting_makers(engine, "Tom Reyl designed the steam engine.", "Morrow", "Engines")
        is None
    )


@pytest.mark.parametrize(
    ("a", "b", "conflict"),
    [
        # a work is written once, and its writing is not its coming out
        ("Ana Mallory wrote Vell Songs around 1600.", "Vell Songs was written in 1580.", True),
        ("Ana Mallory wrote Vell Songs around 1600.", "Vell Songs was written in 1601.", False),
        ("Vell Songs was written around 1600.", "Vell Songs was published in 1603.", False),
        # an ordinal that opens a name is its numeral
        ("Vell War II ended in 1945.", "The Second Vell War ended in 1946.", True),
        ("Vell War II ended in 1945.", "The First Vell War ended in 1918.", False),
    ],
)
def test_works_written_once_and_names_with_ordinals(a: str, b: str, conflict: bool) -> None:
    verdict = assess(a, b, a_note="Notes/Vell.md", b_note="Notes/Tarn.md")
    assert (verdict.score >= 0.5) is conflict, verdict


@pytest.mark.parametrize(
    ("text", "title", "name", "verb", "who"),
    [
        ("The Vell Codex was written by Ana Mallory.", "", "Vell Codex", "wrote", ("Ana Mallory",)),
        ("The Vell Codex is a treatise written by Ana Mallory.", "", "Vell Codex", "wrote",
         ("Ana Mallory",)),
        ("Tam Holt is the author of the Vell Codex.", "", "Vell Codex", "wrote", ("Tam Holt",)),
        ("Harbour Lights is a painting by Ida Brask.", "", "Harbour Lights", "painted",
         ("Ida Brask",)),
        ("Harbour Lights is Ida Brask's best-known painting.", "", "Harbour Lights", "painted",
         ("Ida Brask",)),
        ("He wrote the Vell Codex in exile.", "Tam Holt", "Vell Codex", "wrote", ("Tam Holt",)),
        ("It is a symphony by Orla Venn.", "Tarn Symphony", "Tarn Symphony", "composed",
         ("Orla Venn",)),
        ("It was first described by B. F. Brask in 1902.", "Brask Reflex", "Brask Reflex",
         "discovered", ("B. F. Brask",)),
    ],
)  # fmt: skip
def test_who_wrote_painted_or_composed_a_work_is_read_with_it(
    text: str, title: str, name: str, verb: str, who: tuple[str, ...]
) -> None:
    (made,) = makings_in(text, title)
    assert (made.name, made.verb, made.who) == (name, verb, who)


def test_a_work_by_two_different_people_conflicts_and_one_by_one_agrees() -> None:
    written = "The Vell Codex was written by Ana Mallory."
    author = "Tam Holt is the author of the Vell Codex."
    verdict = assess(written, author, a_note="Books/Vell Codex.md", b_note="People/Tam Holt.md")
    assert verdict.kind == "semantic_conflict" and verdict.score >= 0.5
    assert "who wrote Vell Codex" in verdict.explanation
    same = "Ana Mallory wrote the Vell Codex in exile."
    assert conflicting_makers(written, same) is None
    # a painting and its writer are two makings; a letter is one thing only as a note's title
    assert conflicting_makers(written, "Tam Holt painted the Vell Codex.") is None
    letters = ("The letter was written by Ana.", "The letter was written by Tam.")
    assert conflicting_makers(*letters) is None


@pytest.mark.parametrize(
    ("text", "title", "event", "year"),
    [
        ("The Vell Bridge was completed in 1889.", "", "was completed", 1889),
        ("The Vell Bridge, finished in 1890, spans the gorge.", "", "was completed", 1890),
        ("It was finally completed in 1905.", "Vell Bridge", "was completed", 1905),
        ("The Vell Bridge opened to traffic in 1932.", "", "opened", 1932),
        ("It was officially opened in May 1933.", "Vell Bridge", "opened", 1933),
        ("The Vell Bridge was dedicated in 1934.", "", "opened", 1934),
        ("Queen Ada dedicated the Vell Bridge in 1935.", "", "opened", 1935),
        ("Queen Ada opened the Vell Bridge in 1936.", "", "opened", 1936),
    ],
)
def test_a_thing_is_completed_once_and_opened_once(
    text: str, title: str, event: str, year: int
) -> None:
    (origin,) = origins_in(text, title)
    assert (origin.name, origin.event, origin.year) == ("Vell Bridge", event, year)


def test_two_completions_conflict_and_a_completion_is_no_start() -> None:
    done = "It was completed in 1889 for the fair."
    verdict = assess(
        done, "The Vell Bridge was finished in 1905.", a_note="Places/Vell Bridge.md",
        b_note="Places/Iron Bridges.md",
    )  # fmt: skip
    assert verdict.kind == "conflicting_values" and verdict.score >= 0.5
    assert "when Vell Bridge was completed" in verdict.explanation
    begun = "The Vell Bridge was built in 1885."
    assert conflicting_origins(done, begun, "Vell Bridge", "") is None
    opened = "The Vell Bridge opened in 1891."
    assert conflicting_origins(done, opened, "Vell Bridge", "") is None


def test_a_war_spans_its_years_once() -> None:
    span = origins_in("It lasted 116 years, from 1337 to 1453.", "Vell War")
    assert [(o.event, o.year) for o in span] == [("began", 1337), ("came to an end", 1453)]
    verdict = assess(
        "It lasted 116 years, from 1337 to 1453.",
        "The Vell War ran from 1337 to 1389.",
        a_note="History/Vell War.md",
        b_note="History/Middle Ages.md",
    )
    assert verdict.score >= 0.5 and '"1453" vs "1389"' in verdict.explanation
    assert "when Vell War came to an end" in verdict.explanation
    # a span of something else is no event of years; the same span agrees
    assert origins_in("The Vell Fair ran from 1337 to 1453.") == ()
    agree = ("The Vell War ran from 1337 to 1453.", "The Vell War lasted from 1337 to 1453.")
    assert conflicting_origins(*agree) is None


@pytest.mark.parametrize(
    ("a", "b", "question"),
    [
        ("The Vell rating system was devised by Ana Mallory.",
         "The Vell system was invented by the chess champion Tam Orrin.", "who invented"),
        ("The Vell cycle was proposed by the engineer Ana Mallory in 1824.",
         "Tam Orrin first described the Vell Cycle while improving the engine.",
         "who first described"),
        ("Vell's law was formulated in 1913 by Ana Mallory.", "Vell's law was worked out by Tam "
         "Orrin.", "who proposed"),
    ],
)  # fmt: skip
def test_an_idea_has_one_maker_whatever_its_kind_word(a: str, b: str, question: str) -> None:
    verdict = assess(a, b, a_note="Ideas/Vell.md", b_note="Ideas/Overview.md")
    assert verdict.score >= 0.5 and question in verdict.explanation


def test_a_possessor_before_a_name_is_not_part_of_it() -> None:
    (origin,) = origins_in("San Marco's Vell Gate Bridge first carried traffic in 1957.")
    assert (origin.name, origin.event, origin.year) == ("Vell Gate Bridge", "opened", 1957)


@pytest.mark.parametrize(
    ("a", "b", "conflict"),
    [
        ("The Vell Theatre was built in 1599 by the guild.",
         "The Vell Theatre first opened its doors in 1576.", True),
        ("The Vell Theatre was built in 1599 by the guild.",
         "The Vell Theatre first opened its doors in 1601.", False),
        ("Ana Vell was born in 1820.", "Ana Vell died in 1790.", True),
        # the first of a name begins before any other of that name opens
        ("The original Vell Theatre was built in 1599 by the guild.",
         "The Vell Theatre first opened its doors in 1576.", True),
        ("The current Vell Theatre was built in 1997.",
         "The Vell Theatre first opened its doors in 1599.", False),
        # a work comes out after it is written
        ("The Vell Codex was written in 1600.", "The Vell Codex was first published in 1590.",
         True),
        ("The Vell Codex was written in 1600.", "The Vell Codex was first published in 1603.",
         False),
    ],
)  # fmt: skip
def test_nothing_opens_or_ends_before_it_begins(a: str, b: str, conflict: bool) -> None:
    verdict = assess(a, b, a_note="Places/Vell.md", b_note="Places/Overview.md")
    assert (verdict.score >= 0.5) is conflict
    if conflict:
        assert "before its start" in verdict.explanation or "before it was written" in (
            verdict.explanation
        )


@pytest.mark.parametrize(
    ("a", "b", "question"),
    [
        # a description opening the thing's note, then who found it
        ("The first vell dye, found by the 18-year-old Ana Mallory in 1856.",
         "Tam Orrin discovered Vellmine himself, in his own laboratory.", "who discovered"),
        # "the designer of", after an aside and "also"
        ("Designed in 1957 by Ana Mallory at the Vell foundry.",
         "Tam Orrin, who drew Orrin Sans the same year, was also the designer of Vellmine.",
         "who designed"),
        # who produced the first one
        ("Ana Mallory introduced it in 1796.", "Tam Orrin produced the first Vellmine.",
         "who made"),
        # a text composed by one and written by another
        ("Composed by Ana Mallory around 530 for the monks.",
         "Tam Orrin is the author of Vellmine, which he wrote at Arden.", "who made"),
        # a work of any kind: a bronze by one, another's best-known work
        ("A bronze by Ana Mallory, first conceived as part of a gate.",
         "Orrin's best-known work is Vellmine, cast in 1904.", "who made"),
    ],
)  # fmt: skip
def test_a_maker_said_as_notes_write_it(a: str, b: str, question: str) -> None:
    verdict = assess(a, b, a_note="Things/Vellmine.md", b_note="Things/Overview.md")
    assert verdict.score >= 0.5 and question in verdict.explanation


def test_one_maker_said_twice_is_no_conflict() -> None:
    verdict = assess(
        "A bronze by Ana Mallory, first conceived as part of a gate.",
        "Mallory's best-known work is Vellmine, cast in 1904.",
        a_note="Things/Vellmine.md",
        b_note="Things/Overview.md",
    )
    assert verdict.score < 0.5


def test_a_line_without_its_subject_dates_its_note_thing() -> None:
    # "Discovered in 1995, it ..." in *Vell-Orr*: the comet is what was discovered
    (origin,) = origins_in("Discovered in 1995, it passed perihelion in 1997.", "Vell-Orr")
    assert (origin.name, origin.event, origin.year) == ("Vell-Orr", "was discovered", 1995)
    assert event_keys("Discovered in 1995, it passed perihelion in 1997.", "Vell-Orr") == (
        event_keys("Vell-Orr was first spotted in 1987.")
    )
    # seen again later, but first seen once: a plain "observed" dates no discovery
    assert origins_in("Vell-Orr was observed in 1999.") == ()


def test_not_until_dates_the_act() -> None:
    (origin,) = origins_in("The Vell Cathedral was not finished until the 1920s.")
    assert (origin.event, origin.year, origin.last) == ("was completed", 1920, 1929)
    verdict = assess(
        "The Vell Cathedral was not finished until the 1920s.",
        "The Vell Cathedral was completed in 1880.",
        a_note="Places/Overview.md",
        b_note="Places/Vell Cathedral.md",
    )
    assert verdict.score >= 0.5 and "1880" in verdict.explanation
    agree = assess(
        "The Vell Cathedral was not finished until the 1880s.",
        "The Vell Cathedral was completed in 1884.",
        a_note="Places/Overview.md",
        b_note="Places/Vell Cathedral.md",
    )
    assert agree.score < 0.5


@pytest.mark.parametrize(
    ("a", "b", "conflict"),
    [
        ("He was the first person to observe vellids, which he called specks.",
         "Orrin was the first ever to see vellids, years before anyone else.", True),
        # one person, said twice
        ("He was the first person to observe vellids.",
         "Mallory was the first to see vellids, with a lens of his own.", False),
        # firsts of two different things
        ("He was the first person to observe vellids.",
         "Orrin was the first to see orrids, years before anyone else.", False),
        # the other claim names the first one's person: a comparison, not a rival first
        ("He was the first person to observe vellids.",
         "Orrin was the first to see vellids after Mallory had described them.", False),
    ],
)  # fmt: skip
def test_a_first_has_one_holder(a: str, b: str, conflict: bool) -> None:
    verdict = assess(a, b, a_note="People/Ana Mallory.md", b_note="People/Tam Orrin.md")
    assert (verdict.score >= 0.5) is conflict
    if conflict:
        assert "first to observe vellids" in verdict.explanation


def test_a_first_is_keyed_by_its_act_and_thing() -> None:
    (first,) = firsts_in("He was the first person to observe vellids.", "Ana Mallory")
    assert (first.who, first.act, first.what) == ("Ana Mallory", "see", ("vellid",))
    assert event_keys("He was the first person to observe vellids.", "Ana Mallory") == (
        event_keys("Orrin was the first ever to see vellids.")
    )


@pytest.mark.parametrize(
    ("text", "title", "expected"),
    [
        ("The Reyl Engine is the brainchild of Ana Mallory.", "", ("Reyl Engine", "invented")),
        ("The Reyl Engine was the work of Ana Mallory.", "", ("Reyl Engine", "made")),
        ("The Reyl Engine is attributed to Ana Mallory.", "", ("Reyl Engine", "made")),
        ("Ana Mallory is credited with inventing the Reyl Engine.", "",
         ("Reyl Engine", "invented")),
        ("It was Ana Mallory who designed the Reyl Engine.", "", ("Reyl Engine", "designed")),
        ("Ana Mallory came up with the Reyl Engine in 1901.", "", ("Reyl Engine", "invented")),
        ("The Reyl Engine was built by the engineer Ana Mallory.", "", ("Reyl Engine", "built")),
        # a relative clause of the thing, a patent
        ("It grew out of the Reyl Engine, which Ana Mallory invented.", "",
         ("Reyl Engine", "invented")),
        ("The Reyl Engine, patented by Ana Mallory in 1901, ran on peat.", "",
         ("Reyl Engine", "invented")),
        # lines of the thing's own note
        ("The brainchild of Ana Mallory.", "Reyl Engine", ("Reyl Engine", "invented")),
        ("Credited to Ana Mallory.", "Reyl Engine", ("Reyl Engine", "made")),
        ("Built by Ana Mallory in 1901.", "Reyl Engine", ("Reyl Engine", "built")),
        ("Its inventor was Ana Mallory.", "Reyl Engine", ("Reyl Engine", "invented")),
        ("Its designer, Ana Mallory, was Scottish.", "Reyl Engine", ("Reyl Engine", "designed")),
    ],
)  # fmt: skip
def test_makers_said_as_nouns_credits_and_clefts(
    text: str, title: str, expected: tuple[str, str]
) -> None:
    found = makings_in(text, title)
    assert [(m.name, m.verb, m.who) for m in found] == [(*expected, ("Ana Mallory",))]


def test_a_person_s_note_names_its_person_as_the_maker() -> None:
    # an opening description, then the pronoun
    found = makings_in("An engineer from Ghent, she designed the Reyl Engine.", "Ana Mallory")
    assert [(m.name, m.who) for m in found] == [("Reyl Engine", ("Ana Mallory",))]
    # never the thing's own note as its maker
    assert makings_in("An engineer from Ghent, she designed the Reyl Engine.", "Reyl Engine") == ()
    # a success, a design of something else: no maker of the thing
    assert makings_in("Its success was the work of Ana Mallory.", "Reyl Engine") == ()
    # building and inventing answer two questions; two builders do not agree
    built = "The Reyl Engine was built by Tomas Reyl."
    assert conflicting_makers(built, "The Reyl Engine was invented by Ana Mallory.") is None
    assert conflicting_makers(built, "The Reyl Engine was built by Ana Mallory.") is not None


def test_an_institution_is_a_maker_and_a_word_ending_in_ss_no_plural() -> None:
    # "by the Guild of Surveyors": the whole name, known by its first word
    found = makings_in("The Vell Scale was devised by the Guild of Surveyors.", "Vell Scale")
    assert [(m.who, m.surnames) for m in found] == [(("Guild of Surveyors",), frozenset({"guild"}))]
    # a name that ends in "ss" is one maker, not a plural word ("Settlers")
    assert makings_in("The Vell Scale was devised by Congress.", "Vell Scale")
    assert makings_in("The Vell Scale was devised by Settlers.", "Vell Scale") == ()
    # two makers set apart, with the institution named whole in the line shown
    verdict = assess(
        "The Vell Scale was devised by Ana Mallory in 1901.",
        "The Vell Scale was developed by the Guild of Surveyors for its own maps.",
        a_note="Maps/Vell Scale.md",
        b_note="Maps/Map Scales.md",
    )
    assert verdict.score >= 0.5 and '"Guild of Surveyors"' in verdict.explanation
    # a person "of" a place is still known by the surname
    hoare = makings_in("Quicksort was invented by Tony Hoare of Oxford.", "Quicksort")
    assert [m.surnames for m in hoare] == [frozenset({"hoar"})]


def test_a_place_s_coined_name_and_the_first_line_of_it_open_once() -> None:
    # "Norway's Varrowline" is the Varrowline; the first line opening is its opening
    first = "The first Varrowline line opened in 1964, linking Tarn and Osk."
    late = "Norway's Varrowline began service between Tarn and Osk in 1971."
    assert [o.key for o in origins_in(late, "Rail")] == [("varrowlin",)]
    assert [o.key for o in origins_in(first, "Varrowline")] == [("varrowlin",)]
    assert conflicting_origins(first, late, "Varrowline", "Rail") is not None
    # an owner before a word of the language says which one: not stripped
    assert [o.key for o in origins_in("France's Parliament first met in 1302.", "")] != [
        ("parliament",)
    ]
    # the second line is another part, not the start
    assert (
        conflicting_origins(
            "The second Varrowline line opened in 1975.", late, "Varrowline", "Rail"
        )
        is None
    )


@pytest.mark.parametrize(
    ("text", "other"),
    [
        (
            "Besides his pumps, he built the first working Reyl Engine.",
            "Tomas Reyl built the first working Reyl Engine in 1901.",
        ),
        (
            "After years in Ghent, she designed the Reyl Engine.",
            "Tomas Reyl designed the Reyl Engine in 1901.",
        ),
    ],
)
def test_a_person_s_note_names_its_maker_after_a_leading_phrase(text: str, other: str) -> None:
    found = makings_in(text, "Ana Mallory")
    assert [(m.name, m.who) for m in found] == [("Reyl Engine", ("Ana Mallory",))]
    assert conflicting_makers(text, other, "Ana Mallory", "Reyl Engine") is not None


def test_a_person_described_as_the_maker_of_a_thing_named_by_a_common_noun() -> None:
    own = "The Ghent craftsman who invented the velocipede, later selling it to riders."
    found = makings_in(own, "Ana Mallory")
    assert [(m.name, m.who, m.common) for m in found] == [("velocipede", ("Ana Mallory",), True)]
    other = "Invented by Tomas Reyl in Lyon around 1801."
    # one thing only where the common noun is a title of the notes compared
    assert conflicting_makers(own, other, "Ana Mallory", "Velocipede") is not None
    assert conflicting_makers(own, other, "Ana Mallory", "Steam Press") is None
