"""A trait that holds one value (what an animal eats, when it is active, how a language is
typed), given two values of one named thing by two notes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.contradict.structure import assess
from engine.contradict.traits import conflicting_traits, staple_in, trait_about
from engine.contradict.types import FLAG_THRESHOLD
from engine.workspace import Workspace
from tests.helpers.contradiction_vault import stored_pairs, words_workspace


@pytest.mark.parametrize(
    ("text", "title", "own", "linked", "value", "written"),
    [
        (
            "Marsh quolls are nocturnal, hunting beetles.",
            "Marsh Quoll",
            True,
            False,
            "night",
            "nocturnal",
        ),
        (
            "No quolls by day, which fits: they're largely diurnal.",
            "Quoll",
            False,
            False,
            "day",
            "largely diurnal",
        ),
        (
            "Quolls leave the den at dusk; they're strict meat-eaters.",
            "Marsh Quoll",
            False,
            True,
            "meat",
            "strict meat-eaters",
        ),
        (
            "Largely nocturnal and solitary.",
            "Marsh Quoll",
            True,
            False,
            "night",
            "Largely nocturnal",
        ),
        (
            "It is an evergreen shrub of dry hillsides.",
            "Rock Laurel",
            True,
            False,
            "kept",
            "evergreen",
        ),
        (
            "Quillscript, a dynamically typed language, came out in 1994.",
            "Quillscript",
            False,
            False,
            "dynamic",
            "dynamically typed",
        ),
        ("The format is lossless.", "Format", True, False, "keeps", "lossless"),
    ],
)
def test_a_trait_said_of_the_thing(
    text: str, title: str, own: bool, linked: bool, value: str, written: str
) -> None:
    found = trait_about(text, title, own=own, linked=linked)
    assert found is not None and found.value == value and found.text == written


@pytest.mark.parametrize(
    ("text", "title", "own"),
    [
        ("Marsh quolls are not nocturnal.", "Marsh Quoll", True),  # negated
        ("Marsh quolls aren't nocturnal.", "Marsh Quoll", True),
        ("Marsh quolls are partly nocturnal.", "Marsh Quoll", True),  # hedged
        ("Marsh quolls can become nocturnal in summer.", "Marsh Quoll", True),  # changing
        ("Marsh quolls are more nocturnal than cats.", "Marsh Quoll", True),  # compared
        ("Unlike marsh quolls, bats are nocturnal.", "Marsh Quoll", False),
        ("Marsh quolls are diurnal and nocturnal.", "Marsh Quoll", True),  # two values
        ("Marsh quolls chase Brindle Mice, which are nocturnal.", "Marsh Quoll", True),  # a name
        ("Quolls hunt mice that are nocturnal.", "Marsh Quoll", False),  # another thing
        ("Bats are nocturnal.", "Marsh Quoll", False),  # the thing is not named
        ("Nocturnal animals need big eyes.", "Marsh Quoll", False),
        ("Quolls are nocturnal.", "Marsh Quoll", False),  # the last word alone, not linked
    ],
)
def test_no_trait_where_it_may_not_be_the_things(text: str, title: str, own: bool) -> None:
    assert trait_about(text, title, own=own) is None


def test_two_values_of_one_trait_conflict_and_others_do_not() -> None:
    own = "Species/Marsh Quoll.md"
    found = conflicting_traits(
        "Marsh quolls are omnivores, eating fruit and grubs.",
        "Quolls leave the den at dusk; they're strict meat-eaters.",
        a_note=own,
        b_note="Journal/2024-05-01.md",
        b_links=("Marsh Quoll",),
    )
    assert found is not None
    title, ta, tb = found
    assert (title, ta.value, tb.value) == ("Marsh Quoll", "both", "meat")
    # without the link, "Quolls" alone may be another quoll
    assert (
        conflicting_traits(
            "Marsh quolls are omnivores, eating fruit and grubs.",
            "Quolls leave the den at dusk; they're strict meat-eaters.",
            a_note=own,
            b_note="Journal/2024-05-01.md",
        )
        is None
    )
    # two traits, or two values that agree (insects are meat), are no conflict
    for other in ("Marsh quolls are nocturnal.", "Marsh quolls are insectivores."):
        assert (
            conflicting_traits(
                "Marsh quolls are carnivores.", other, a_note=own, b_note="Journal/2024-05-01.md"
            )
            is None
        )


def test_the_verdict_names_both_values_and_the_trait() -> None:
    verdict = assess(
        "Marsh quolls are diurnal, most active in the early morning.",
        "No marsh quolls at all at noon, which makes sense: they're largely nocturnal.",
        a_note="Species/Marsh Quoll.md",
        b_note="Journal/2024-05-01.md",
    )
    assert verdict.kind == "semantic_conflict" and verdict.score >= 0.5
    assert verdict.explanation == (
        '"diurnal" vs "largely nocturnal", both about when Marsh Quoll is active'
    )


SPECIES = "Species/Marsh Quoll.md"
DAY = "Journal/2024-05-01.md"
NOTES = {
    SPECIES: "# Marsh Quoll\n\nA small spotted marsupial of coastal heath.\n\n"
    "Marsh quolls are diurnal, most active on the heath in the early morning.\n",
    DAY: "# 2024-05-01\n\nWalked the heath track after lunch.\n\n"
    "No marsh quolls on the heath in the morning, which makes sense: they're largely nocturnal.\n",
}


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    with words_workspace(tmp_path_factory, "traits", NOTES, seed=11) as ws:
        yield ws


def test_a_scan_lists_two_values_of_one_trait(workspace: Workspace) -> None:
    scanner = workspace._contradiction_scanner()
    assert scanner is not None
    scanner.full_scan()
    pairs = [p for p in stored_pairs(workspace) if {p[1], p[2]} == {SPECIES, DAY}]
    assert len(pairs) == 1 and pairs[0][4] == "semantic_conflict"
    assert pairs[0][3] >= 0.5


def test_a_narrower_kind_is_not_the_notes_thing() -> None:
    # a claim of *Holm Quoll* speaks of the holm quoll, not of *Quoll*'s thing
    assert (
        conflicting_traits(
            "Quolls are nocturnal.",
            "The holm quoll is a diurnal quoll.",
            a_note="Species/Quoll.md",
            b_note="Species/Holm Quoll.md",
        )
        is None
    )
    # nor does "the holm quoll" in another note name *Quoll*
    assert trait_about("The holm quoll is diurnal.", "Quoll", own=False) is None


@pytest.mark.parametrize(
    ("note", "a", "b", "values"),
    [
        ("Species/Vellfish.md", "Vellfish are fish.", "Vellfish are mammals.", {"fish", "mammal"}),
        ("Species/Tarncap.md", "Tarncaps are fungi.", "Tarncaps are plants.", {"fungus", "plant"}),
    ],
)
def test_classes_of_living_things_exclude_each_other(
    note: str, a: str, b: str, values: set[str]
) -> None:
    found = conflicting_traits(a, b, a_note=note, b_note="Notes/Nature.md")
    assert found is not None and {found[1].value, found[2].value} == values


def test_a_class_and_a_diet_agree() -> None:
    assert (
        conflicting_traits(
            "Vellfish are mammals.",
            "Vellfish eat fish.",
            a_note="Species/Vellfish.md",
            b_note="Notes/Sea Life.md",
        )
        is None
    )


def test_how_young_are_born_said_with_a_verb() -> None:
    found = conflicting_traits(
        "The vellypus lays eggs.",
        "The vellypus gives birth to live young.",
        a_note="Species/Vellypus.md",
        b_note="Notes/Mammals.md",
    )
    assert found is not None and {found[1].value, found[2].value} == {"eggs", "live"}
    # said of a class the thing belongs to, it is no claim about the thing
    assert (
        conflicting_traits(
            "The vellypus lays eggs.",
            "Most mammals give birth to live young.",
            a_note="Species/Vellypus.md",
            b_note="Notes/Mammals.md",
        )
        is None
    )


def test_two_kinds_of_rock_conflict() -> None:
    verdict = assess(
        "Vellstone is an intrusive igneous rock.",
        "Vellstone is a common sedimentary rock formed from cemented sand.",
        a_note="Geology/Vellstone.md",
        b_note="Geology/Rocks.md",
    )
    assert verdict.score >= 0.5 and "what kind of rock Vellstone is" in verdict.explanation
    other = assess(
        "Tarnstone is a metamorphic rock.",
        "Vellstone is a common sedimentary rock.",
        a_note="Geology/Tarnstone.md",
        b_note="Geology/Rocks.md",
    )
    assert other.score < 0.5


@pytest.mark.parametrize(
    ("a", "b", "conflict"),
    [
        # the kind after words that describe it
        ("They are limbless, burrowing amphibians.", "[[Vell Newt|Vell newts]] are legless "
         "reptiles.", True),
        ("They are limbless, burrowing amphibians.", "[[Vell Newt|Vell newts]] are small, "
         "shy amphibians.", False),
        ("They are limbless, burrowing amphibians.", "[[Vell Newt|Vell newts]] are eaten by "
         "reptiles.", False),
        # a thing's name with its kind after it ("the Vell newt scale")
        ("It is a logarithmic measure.", "The [[Vell Newt|Vell newt]] scale is linear.", True),
        # two traits in one claim: each is compared with its own
        ("They are pouched mammals that give birth to live young.",
         "[[Vell Newt|Vell newts]] are the only mammals that lay eggs.", True),
    ],
)  # fmt: skip
def test_closed_sets_read_past_descriptions(a: str, b: str, conflict: bool) -> None:
    links = ("Vell Newt",)
    plain = b.replace("[[Vell Newt|Vell newts]]", "Vell newts").replace(
        "[[Vell Newt|Vell newt]]", "Vell newt"
    )
    found = conflicting_traits(
        a, plain, a_note="Zoo/Vell Newt.md", b_note="Zoo/Overview.md", b_links=links
    )
    assert (found is not None) is conflict


@pytest.mark.parametrize(
    ("text", "kinds"),
    [
        ("It lives mainly on other birds, struck in flight.", {"birds"}),
        ("Vellhawks feed chiefly on rabbits and other small ground mammals.", {"mammals"}),
        ("Its diet is mostly fruit, leaves and stems, with the odd termite.", {"plants"}),
        ("It subsists on krill and small fish.", {"invertebrates", "fish"}),
        ("Vell owls feed mainly on voles, mice and shrews.", {"mammals"}),
        # a food among others, a season, a stage of life, no food, no staple
        ("It feeds on insects and berries.", None),
        ("In winter it feeds mainly on seeds.", None),
        ("The young feed mainly on insects.", None),
        ("Vell foxes live on the edge of towns.", None),
        ("It feeds mainly on small prey.", None),
    ],
)
def test_what_a_thing_mainly_lives_on(text: str, kinds: set[str] | None) -> None:
    staple = staple_in(text)
    assert (staple.kinds if staple else None) == (frozenset(kinds) if kinds else None)


@pytest.mark.parametrize(
    ("a", "b", "conflict"),
    [
        ("It lives mainly on other birds.",
         "Vellhawks feed chiefly on rabbits and other small ground mammals.", True),
        ("It lives mainly on voles.", "Vellhawks feed chiefly on rabbits and mice.", False),
        # another thing; a denial
        ("It lives mainly on other birds.",
         "Tarnhawks feed chiefly on rabbits and other small ground mammals.", False),
        ("It lives mainly on other birds.", "Vellhawks never feed chiefly on rabbits.", False),
    ],
)  # fmt: skip
def test_two_staples_of_one_animal(a: str, b: str, conflict: bool) -> None:
    links = ("Vellhawk",) if "Vellhawk" in b else ()
    verdict = assess(a, b, a_note="Birds/Vellhawk.md", b_note="Birds/Prey.md", b_links=links)
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict
    if conflict:
        assert verdict.explanation == (
            'different staples: "other birds" vs "rabbits and other small ground mammals", '
            "both about what Vellhawk mainly eats"
        ), verdict


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Vellpox is caused by the bacterium Vellia cholerae and spreads through water.",
         "bacteria"),
        ("Vellpox is a viral infection passed on by mosquito bites.", "virus"),
        ("Vellpox is caused by a virus.", "virus"),
        ("Vellpox is a fungal infection of the skin.", "fungus"),
        ("Vellpox is caused by a parasite carried by ticks.", "parasite"),
        # two causes, a hedge
        ("Vellpox can be viral or bacterial.", None),
        ("Vellpox is sometimes viral.", None),
    ],
)  # fmt: skip
def test_what_causes_a_disease(text: str, value: str | None) -> None:
    found = trait_about(text, "Vellpox", own=True)
    assert (found.value if found else None) == value


def test_two_causes_of_one_disease() -> None:
    verdict = assess(
        "Vellpox is caused by the bacterium Vellia cholerae.",
        "Vellpox is a viral infection passed on by mosquito bites.",
        a_note="Medicine/Vellpox.md",
        b_note="Medicine/Infections.md",
        b_links=("Vellpox",),
    )
    assert verdict.score >= FLAG_THRESHOLD, verdict
    assert "what causes Vellpox" in verdict.explanation
