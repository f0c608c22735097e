# ruff: noqa: E501  (tables of example sentences read better unwrapped)
"""The structural verdict: what differs between two claims, and whether they are about the
same thing. Examples written for this suite (not taken from any vault), both directions."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import contradict
from engine.contradict.claim import parse_claim
from engine.contradict.quantities import limits_in, parse_quantities, same_measure
from engine.contradict.structure import NAMED_CLOSENESS, are_opposites, assess
from engine.contradict.text import claim_caches, clear_claim_caches, shared_stems, stem
from engine.contradict.types import FLAG_THRESHOLD

CONFLICTS = [
    # (a, b, kind, words the explanation must name)
    ("Canvas files can be embedded in notes.", "Canvas files cannot be embedded in notes.",
     "negation", ("not",)),
    ("Sync keeps the version history of attachments.",
     "Sync never keeps a history of attachment versions.", "negation", ("never",)),
    ("The backup job refused to run on the old server.", "The backup job ran on the old server.",
     "negation", ("refused",)),
    ("Nobody on the team can open the archive.", "The team can open the archive.",
     "negation", ("nobody",)),
    # negation written as a verb of pretence or error
    ("The heir faked his own drowning at the harbour.", "The heir drowned at the harbour.",
     "negation", ("faked",)),
    ("The courier pretended to be a merchant from the coast.",
     "The courier was a merchant from the coast.", "negation", ("pretended",)),
    ("The ferryman is often mistaken for a smuggler of salt.",
     "The ferryman is a smuggler of salt.", "negation", ("mistaken for",)),
    ("The salve heals the skin rather than the bone.", "The salve heals the bone.",
     "negation", ("rather than",)),
    # a negative adjective both claims write pairs up and leaves the other negator alone
    ("A golem cannot mend a cracked core, even when the core is left uncovered.",
     "A golem can mend a cracked core if the core is left uncovered.", "negation", ("not",)),
    ("The spell lasts 1 hour.", "The spell lasts 10 minutes.", "conflicting_values",
     ("1 hour", "10 minutes")),
    ("Version history is kept for 30 days.", "Version history is kept for 2 weeks.",
     "conflicting_values", ("30 days", "2 weeks")),
    ("A shared vault can include at most 20 collaborators.",
     "A shared vault can include at most 50 collaborators.", "conflicting_values", ("20", "50")),
    ("The bridge was rebuilt in the year 1189.", "The bridge was rebuilt in the year 1312.",
     "conflicting_values", ("1189", "1312")),
    ("Obsidian 1.0 was released on 13 October 2022.", "Obsidian 1.0 was released in 2021.",
     "conflicting_values", ("2021",)),
    ("Raising the repel force increases the spacing between nodes.",
     "Raising the repel force decreases the spacing between nodes.", "opposing_sentiment",
     ("increases", "decreases")),
    ("Excluded folders are set up before the first sync begins.",
     "Excluded folders are set up only after the first sync has finished.",
     "opposing_sentiment", ("before", "after")),
    ("Hover previews are enabled by default.", "Hover previews are disabled by default.",
     "negation", ("disabled",)),
    ("Ankhegs prey on bulettes that stray into their burrows.",
     "Bulettes prey on ankhegs that stray into their burrows.", "semantic_conflict",
     ("reversed",)),
    ("Adamantine weapons are forged by dwarves.", "Adamantine weapons are forged by elves.",
     "semantic_conflict", ("dwarves", "elves")),
    ("The wisp glows with a pale blue light.", "The wisp glows with a pale green light.",
     "semantic_conflict", ("blue", "green")),
    ("We chose PostgreSQL for storage.", "We dropped PostgreSQL and chose SQLite.",
     "superseded", ("PostgreSQL",)),
    ("The guild admits members who are 18 or older.", "The guild admits members who are 18 or younger.",
     "opposing_sentiment", ("older", "younger")),
]  # fmt: skip

AGREEMENTS = [
    # a negation that is the other side of a limit
    ("You may not enter the vault if your rank is less than 4.",
     "The vault can only be entered when your rank is at least 4."),
    # negation worded differently, or on one side only
    ("The scouts found no tracks and no sign of the herd.",
     "The scouts found no tracks, no droppings and no sign of the herd."),
    ("Sync does not upload files larger than 200 MB.", "Sync refuses to upload any file over 200 MB."),
    ("The paladin is not returning to the order.", "The paladin refuses to return to the order."),
    ("The archivist keeps a book she will not share.", "The archivist keeps a book she will share with no one."),
    ("Graph view does not show attachments by default.", "Graph view hides attachments by default."),
    ("A zombie does not feel pain.", "A zombie is immune to pain."),
    ("The steward faked the ledger's signature.", "The steward signed the ledger himself."),
    # a negative adjective negates its own root, not what follows it
    ("The dosage remained unchanged during the trial period.",
     "The dosage remained constant during the trial period."),
    ("The salve heals the skin, not the bone, and numbs whatever it touches.",
     "The salve heals the skin rather than the bone."),
    ("Hover previews are not enabled by default.", "Hover previews are disabled by default."),
    # what "other than" sets apart is no end of a relation, wherever it stands
    ("Its colours, other than its shape, are the same in each season.",
     "Other than its shape, its colours are the same in each season."),
    # an act named as a subject ("Selecting ...") records no decision
    ("A pinned Tags panel does not switch to a different board when you select one.",
     "Selecting a different board does not refresh the pinned panel."),
    # the same quantity or date written differently
    ("The spell lasts 900 seconds.", "The spell lasts 15 minutes."),
    ("The trail is 3 km long.", "The trail is 3,000 m long."),
    ("A Plus plan starts with 10 GB of storage.", "A Plus plan starts with 10,240 MB of storage."),
    ("Version 1.0 shipped on 13 October 2022.", "Version 1.0 shipped on 2022-10-13."),
    # the same statement about a different entity
    ("The Daily notes plugin is enabled by default.", "The Unique note creator plugin is disabled by default."),
    ("Sync Standard allows 1 GB of storage.", "Sync Plus allows 10 GB of storage."),
    ("A fire giant stands 18 feet tall.", "A frost giant stands 21 feet tall."),
    ("Weighted Graph: a graph where edges are given weights.", "Unweighted Graph: a graph where edges are not given weights."),
    # instructions, hedges and rules assert nothing to contradict
    ("Next to Excluded folders, select Manage.", "In the Included folders section, select Manage."),
    ("Parties may or may not include the agency.", "Parties include the agency."),
    ("The concentration must not fall below the limit.", "The concentration fell below the limit."),
    # what a comparison measures against is not said to hold
    ("The flood of that spring ruined a bridge that could not be rebuilt.", "The flood of that spring ruined more bridges than it rebuilt."),
    # two limits of different numbers are two ranges, not opposites
    ("A throw of 11 or more is a fumble with the bone dice.", "A throw of 4 or less is a triumph with the bone dice."),
    # values listed: one matches
    ("The Standard plan includes 1 vault, the Plus plan includes 10 vaults.", "The Plus plan includes ten vaults."),
    # what holds of some of a kind says nothing of the one the other claim speaks of
    ("Some keyboards do not allow the layout to be changed from the toolbar.", "You can change the layout from anywhere your keyboard allows."),
    # losing an amount is the opposite of a gain, not of a win
    ("If both climbers fail, the one with the smaller failure wins.", "On a failure, a climber loses 3 tokens."),
]  # fmt: skip


@pytest.mark.parametrize(("a", "b", "kind", "named"), CONFLICTS)
def test_conflicts_are_flagged_with_their_kind_and_reason(
    a: str, b: str, kind: str, named: tuple[str, ...]
) -> None:
    for x, y in ((a, b), (b, a)):
        verdict = assess(x, y)
        assert verdict.score >= FLAG_THRESHOLD, verdict
        assert verdict.kind == kind
        for word in named:
            assert word.lower() in verdict.explanation.lower()


def assert_flagged(
    a: str, b: str, kinds: tuple[str, ...] | None, named: tuple[str, ...], **notes: str
) -> None:
    """`a` against `b` (in notes `a_note`, `b_note`) is flagged, as one of `kinds` (None: any
    kind), and its explanation names each of `named`."""
    verdict = assess(a, b, **notes)
    assert verdict.score >= FLAG_THRESHOLD, verdict
    assert kinds is None or verdict.kind in kinds, verdict
    for word in named:
        assert word in verdict.explanation, (word, verdict)


@pytest.mark.parametrize(("a", "b"), AGREEMENTS)
def test_look_alike_agreements_are_not_flagged(a: str, b: str) -> None:
    assert assess(a, b).score < FLAG_THRESHOLD
    assert assess(b, a).score < FLAG_THRESHOLD


def test_each_claim_about_its_own_note_is_no_conflict() -> None:
    a, b = "Applying the oil takes 10 minutes.", "Applying the oil takes 1 minute."
    assert assess(a, b).score >= FLAG_THRESHOLD  # without notes: one oil, two durations
    two_oils = assess(
        a, b, a_note="Items/Oil of Etherealness.md", b_note="Items/Oil of Sharpness.md"
    )
    assert two_oils.score == 0.0
    # a claim that names the other note's entity is about the same thing
    named = assess(
        "A creature turned to stone by a medusa remains aware of time.",
        "A creature turned to stone by a medusa is not aware of time.",
        a_note="Monsters/Medusa.md",
        b_note="Rules/Conditions.md",
    )
    assert named.score >= FLAG_THRESHOLD


def test_a_title_word_used_of_something_else_does_not_tie_the_notes() -> None:
    # "witch" modifies "charm list", "poisoned" is a state: neither speaks of the note
    # *Witch* or *Poisons*, so each claim stays about its own note
    a = "You learn one charm of your choice from the witch charm list."
    b = "At 1st level, you learn three charms of your choice from the witch charm list."
    assert assess(a, b).score >= FLAG_THRESHOLD  # without notes: one list, two counts
    assert assess(a, b, a_note="Peoples/Elf.md", b_note="Classes/Witch.md").score == 0.0
    assert assess(b, a, a_note="Classes/Witch.md", b_note="Peoples/Elf.md").score == 0.0
    cloud = "Each creature in the cloud must succeed on a DC 14 Constitution saving throw or become poisoned."
    venom = "A creature that swallows this poison must succeed on a DC 12 Constitution saving throw or be poisoned for an hour."
    assert assess(cloud, venom, a_note="Monsters D.md", b_note="Poisons.md").score == 0.0


def test_a_title_inside_the_other_claim_s_heading_is_its_general_kind() -> None:
    a = "While out of water, the eel can hold its breath for 30 minutes."
    b = "While out of water, the eel can hold its breath for 2 hours."
    # the eel of the note *Eel*, told again in a compilation note: one animal
    same = assess(a, b, a_note="Eel.md", b_note="Creatures E.md", b_heading="Eel")
    assert same.score >= FLAG_THRESHOLD
    # the same words under "Giant Eel": another animal of that kind
    giant = assess(
        a, b, a_note="Eel.md", b_note="Creatures E.md", b_heading="Creatures / Giant Eel"
    )
    assert giant.score == 0.0


def test_the_kind_named_under_a_section_of_a_narrower_note_is_that_note_s_own() -> None:
    # "the eel" in *Giant Eel*'s section "Actions" is the giant eel, not the note *Eel*'s
    a = "Melee Weapon Attack: +4 to hit, reach 5 ft., one creature."
    b = "Melee Weapon Attack: +8 to hit, reach 10 ft., one target not grappled by the eel."
    verdict = assess(a, b, a_note="Monsters/Eel.md", b_note="Monsters/Giant Eel.md",
                     a_heading="Eel / Actions", b_heading="Giant Eel / Actions")  # fmt: skip
    assert verdict.score == 0.0, verdict
    # told of the note *Eel*'s own animal in a compilation note, it is one animal
    same = assess(a, b, a_note="Monsters/Eel.md", b_note="Monsters/Creatures E.md",
                  a_heading="Eel / Actions", b_heading="Creatures E / Actions")  # fmt: skip
    assert same.score >= FLAG_THRESHOLD, same


def test_generic_subjects_under_two_topics_are_two_things() -> None:
    a = "Each creature makes a DC 18 Constitution saving throw."
    b = "At the end of each long rest, an infected creature must make a DC 11 Constitution saving throw."
    assert assess(a, b).score >= FLAG_THRESHOLD  # without places: one save, two DCs
    where = {
        "a_note": "Monsters S.md",
        "b_note": "Diseases.md",
        "a_heading": "Monsters (S) / Swamp Hag",
        "b_heading": "Diseases / Marsh Fever",
    }
    assert 0.0 < assess(a, b, **where).score < FLAG_THRESHOLD  # shown only among weak ones
    # a claim that holds what the other's subject names is about the same thing
    nothing = "Nothing is uploaded by Cloud Mirror while the desktop app is closed."
    goes_on = (
        "Cloud Mirror continues uploading your changes in the background after you close the app."
    )
    tied = assess(nothing, goes_on, a_note="Local and remote folders.md", b_note="Questions.md")
    assert tied.score >= FLAG_THRESHOLD


def test_one_definite_description_under_two_topics_is_two_things() -> None:
    a, b = "The average lifespan is 12 years.", "The average lifespan is 40 years."
    # in two notes about two animals each speaks of its own animal's lifespan
    apart = assess(a, b, a_note="Animals/Grey Heron.md", b_note="Animals/Red Fox.md")
    assert 0.0 < apart.score < FLAG_THRESHOLD
    # under two topics that share a word, or said of a thing by name, it is one lifespan
    same = assess(a, b, a_note="Animals/Grey Heron.md", b_note="Surveys/Grey Heron counts.md")
    assert same.score >= FLAG_THRESHOLD
    # one shared word of two long titles does not make them one topic
    searched = (
        "The last search was conducted in May 2012.",
        "The last search was conducted in June 2017.",
    )
    papers = {
        "a_note": "Papers/Effect of evening exercise on sleep quality in older adults.md",
        "b_note": "Papers/Sleep apnoea among long-haul truck drivers.md",
    }
    assert 0.0 < assess(*searched, **papers).score < FLAG_THRESHOLD
    runs = "The soil-node-s3 runs for 14 months.", "The soil-node-s3 runs for 9 months."
    where = {"a_note": "Hardware/Node Specs.md", "b_note": "Meetings/Retrospective.md"}
    assert assess(*runs, **where).score >= FLAG_THRESHOLD


def test_a_negation_inside_a_condition_names_another_situation() -> None:
    a = "When editing a file, you will see a row of buttons at the bottom of the window."
    b = "On a tablet, when you're not editing a file, tap the plus button at bottom center of the window."
    assert parse_claim(b).conditional == (True,)
    assert assess(a, b).score < FLAG_THRESHOLD
    assert assess(b, a).score < FLAG_THRESHOLD
    # the same negation outside the condition is a conflict
    shown = "A row of buttons appears at the bottom of the window when you edit a file."
    hidden = "A row of buttons does not appear at the bottom of the window when you edit a file."
    assert parse_claim(hidden).conditional == (False,)
    assert assess(shown, hidden).kind == "negation"
    assert assess(shown, hidden).score >= FLAG_THRESHOLD


def test_a_pronoun_opening_a_claim_is_its_note_s_thing() -> None:
    a = "It does not need the list to be ordered."
    b = "A bisection search needs the list to be ordered beforehand."
    own = assess(a, b, a_note="Concepts/Bisection Search.md", b_note="Concepts/Ordered List.md")
    assert own.score >= FLAG_THRESHOLD and own.kind == "negation"
    assert "bisection" in own.explanation.lower()
    # the same claim in a note the other claim does not name: no tie, a weak verdict
    other = assess(a, b, a_note="Concepts/Hash Table.md", b_note="Concepts/Ordered List.md")
    assert other.score < own.score and other.score < FLAG_THRESHOLD
    # a line with no subject at all ("Faked ..." in a list of a person's notes) is about it too
    bare_a, bare_b = "Faked her drowning to escape her debts", "Mira Tollen drowned in the harbour."
    bare = assess(bare_a, bare_b, a_note="People/Mira Tollen.md", b_note="Places/Harbour.md")
    assert bare.score >= FLAG_THRESHOLD and bare.kind == "negation", bare
    assert "mira" in bare.explanation.lower()
    elsewhere = assess(bare_a, bare_b, a_note="People/Osk Varn.md", b_note="Places/Harbour.md")
    assert elsewhere.score < bare.score
    # a one-word title of the language may name a kind the other claim speaks of in general
    kind = assess(a, b, a_note="Concepts/Search.md", b_note="Concepts/Ordered List.md")
    assert kind.score < FLAG_THRESHOLD


def test_headings_name_the_entity_in_compilation_notes() -> None:
    a, b = "The target takes 3d6 fire damage.", "The target takes 5d6 fire damage."
    same_note_kind = assess(
        a, b, a_note="Spells A.md", b_note="Spells B.md", a_heading="Firebolt", b_heading="Flame"
    )
    assert same_note_kind.score == 0.0


def test_clear_claim_caches_empties_every_cache_the_verdict_fills_and_keeps_verdicts() -> None:
    a, b = "Canvas files can be embedded in notes.", "Canvas files cannot be embedded in notes."
    before = assess(a, b, a_note="A.md", b_note="B.md", a_heading="Canvas", b_heading="Embeds")
    assert assess.cache_info().currsize > 0
    assert parse_claim.cache_info().currsize > 0
    clear_claim_caches()
    assert assess.cache_info().currsize == 0
    assert parse_claim.cache_info().currsize == 0
    again = assess(a, b, a_note="A.md", b_note="B.md", a_heading="Canvas", b_heading="Embeds")
    assert again == before


# caches that hold no claim: loaded once per process, or one compiled pattern per link alias
STATIC_CACHES = {"text.known_words", "judge._shared_judge", "candidates._alias_re"}


def _module_caches() -> dict[str, Any]:
    """Every functools cache defined at module level in engine/contradict."""
    found: dict[str, Any] = {}
    for info in pkgutil.iter_modules(contradict.__path__):
        module = importlib.import_module(f"engine.contradict.{info.name}")
        for name, obj in vars(module).items():
            if hasattr(obj, "cache_clear") and getattr(obj, "__module__", "") == module.__name__:
                found[f"{info.name}.{name}"] = obj
    return found


def test_every_cache_of_a_claim_is_registered_and_emptied_after_many_verdicts() -> None:
    caches = _module_caches()
    registered = {id(c) for c in claim_caches()}
    unregistered = {n for n, c in caches.items() if id(c) not in registered}
    assert unregistered == STATIC_CACHES
    # claims that reach the rules behind the verdict: events, places, persons, traits, lacks
    pairs = [
        ("The bridge was completed in 1810 in Lyon.", "The bridge was finished in 1840 in Paris."),
        ("Tam Holt is an elderly woman, keeper of the ferry.", "Tam Holt rode his horse home."),
        ("There are no frets on the fingerboard.", "The fingerboard carries metal frets."),
        ("The first line ran from Tokyo to Osaka.", "Peregrines feed chiefly on rabbits."),
    ]
    for a, b in pairs:
        assess(a, b, a_note="Bridge.md", b_note="Other.md")
    assert sum(c.cache_info().currsize for c in claim_caches()) > 0
    clear_claim_caches()
    left = {n: c.cache_info().currsize for n, c in caches.items() if id(c) in registered}
    assert all(size == 0 for size in left.values()), {n: s for n, s in left.items() if s}


WORDS = st.sampled_from(
    "the sync vault keeps does not never history notes 14 months 9 days refused enabled "
    "disabled before after plugin Obsidian red blue".split()
)


@pytest.mark.slow  # property test, many examples
@settings(max_examples=200, deadline=None)
@given(st.lists(WORDS, min_size=1, max_size=10), st.lists(WORDS, min_size=1, max_size=10))
def test_symmetric_and_bounded(a: list[str], b: list[str]) -> None:
    x, y = " ".join(a) + ".", " ".join(b) + "."
    v1, v2 = assess(x, y, a_note="A.md", b_note="B.md"), assess(y, x, a_note="B.md", b_note="A.md")
    assert v1 == v2
    assert 0.0 <= v1.score <= 1.0
    assert (v1.score == 0.0) == (v1.kind == "none")


def test_one_measure_of_a_thing_named_across_notes_conflicts() -> None:
    """A claim of the note *Brannoc Clan* ("they") and a claim that names the clan: one
    measure, two values. The same values said of a clan no note names are another thing."""
    own = "They receive their first lantern at the age of 6 and keep it for life."
    named = "Brannoc children are not given a lantern until the age of 14."
    for (x, xn), (y, yn) in (
        ((own, "Peoples/Brannoc Clan.md"), (named, "Customs.md")),
        ((named, "Customs.md"), (own, "Peoples/Brannoc Clan.md")),
    ):
        verdict = assess(x, y, a_note=xn, b_note=yn)
        assert verdict.score >= FLAG_THRESHOLD, verdict
        assert verdict.kind == "conflicting_values"
        assert "age 6" in verdict.explanation and "age 14" in verdict.explanation
        assert "Brannoc" in verdict.explanation
    other = "Veshti children are not given a lantern until the age of 14."
    assert (
        assess(own, other, a_note="Peoples/Brannoc Clan.md", b_note="Customs.md").score
        < FLAG_THRESHOLD
    )
    # a common word of a title ties nothing: "Family" is no name
    plain = "Family children are not given a lantern until the age of 14."
    assert (
        assess(own, plain, a_note="Peoples/Lantern Family.md", b_note="Customs.md").score
        < FLAG_THRESHOLD
    )


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        # a number written with a decimal point right after a verb of being: the thing's value
        ("The Vell constant is approximately 1.41421.", 1.41421, "number"),
        ("Its ratio equals 2.5, as the rim sets it.", 2.5, "number"),
        # a nautical mile is 1,852 metres, not a statute mile
        ("A sea league is three nautical miles.", 3 * 1852.0, "length"),
        # a count through an owner: "650 of his instruments"
        ("Around 300 of her letters survive.", 300.0, "count:letter"),
    ],
)
def test_bare_values_nautical_miles_and_owned_counts_are_quantities(
    text: str, value: float, unit: str
) -> None:
    (q,) = parse_claim(text).quantities
    assert q.unit == unit
    assert q.low == pytest.approx(value)


@pytest.mark.parametrize(
    "text",
    [
        "The answer is 42.",  # a whole number with no unit: a label as often as a value
        "Version 2.5 of the app ships today.",  # not after a verb of being
        "The ratio is 2.5 times the hub.",  # the clause goes on: not the thing's own value
    ],
)
def test_numbers_that_are_no_bare_value_stay_out(text: str) -> None:
    assert not [q for q in parse_claim(text).quantities if q.unit == "number"]


def test_a_constant_written_to_every_digit_differs_in_one_digit() -> None:
    """Seven or more significant digits assert every digit; rounded figures keep 2 %."""
    (a,) = parse_quantities("The interval is 4,812,736,901 beats.")
    (b,) = parse_quantities("The interval is 4,182,736,901 beats.")
    (c,) = parse_quantities("The interval is 4,812,736,901 beats exactly.")
    assert not same_measure(a, b)
    assert same_measure(a, c)
    (r1,) = parse_quantities("Sound travels at 343 m/s.")
    (r2,) = parse_quantities("Sound travels at 340 m/s.")
    assert same_measure(r1, r2)


@pytest.mark.parametrize(
    ("notes", "own", "other", "agreeing", "said"),
    [
        # a constant's note and a claim that links it, each giving its value with no unit
        (("Mathematics/Vell Constant.md", "Mathematics/Wheels.md"),
         "The Vell constant, the ratio of rim to hub, is approximately 1.41421.",
         "The ratio of rim to hub, the Vell Constant, is roughly 1.73.",
         "The ratio of rim to hub, the Vell Constant, is roughly 1.414.",
         ("1.41421", "1.73", "Vell")),
        # a unit's note and a claim that names one of it: the unit is the thing, not a value
        (("Sailing/Knot.md", "Sailing/Ships.md"),
         "One knot is one nautical mile per hour.",
         "A ship making one knot covers about 3 kilometres every hour.",
         "A ship making one knot covers about 1.85 kilometres every hour.",
         ("speed",)),
        # a count of a person's works, through an owner
        (("People/Vell Marr.md", "Archives/Letters.md"),
         "Around 300 of her letters survive, out of some 2,000 written.",
         "Only about 40 Vell Marr letters are known to survive.",
         "Only about 300 Vell Marr letters are known to survive.",
         ("300", "40")),
    ],
)  # fmt: skip
def test_the_value_of_a_linked_thing_given_twice_conflicts(
    notes: tuple[str, str], own: str, other: str, agreeing: str, said: tuple[str, ...]
) -> None:
    where = {"a_note": notes[0], "b_note": notes[1], "b_links": (Path(notes[0]).stem,)}
    verdict = assess(own, other, **where)
    assert verdict.kind == "conflicting_values" and verdict.score >= FLAG_THRESHOLD, verdict
    assert all(word in verdict.explanation for word in said), verdict.explanation
    assert assess(own, agreeing, **where).score < FLAG_THRESHOLD


def test_a_part_of_a_kind_still_conflicts_with_the_whole_kind() -> None:
    """ "Some ... do not" against a claim about all of the kind, or none of it, conflicts."""
    some = "Some keyboards do not allow the layout to be changed."
    every = "Every keyboard allows the layout to be changed."
    verdict = assess(some, every)
    assert verdict.kind == "negation" and verdict.score >= FLAG_THRESHOLD, verdict
    none = assess("Some vell birds nest on the cliffs.", "No vell birds nest on the cliffs.")
    assert none.score >= FLAG_THRESHOLD, none
    # "Most" before an adjective is a superlative, no part of a kind
    most = assess(
        "Most significant byte stored at the lowest address.",
        "Least significant byte stored at the lowest address.",
    )
    assert most.score >= FLAG_THRESHOLD, most
    # and a win against a lost contest is still a flip, an article before it or not
    won = assess("The home side won the final.", "The home side lost the final.")
    assert won.score >= FLAG_THRESHOLD, won
    won = assess("The home side won a match at Vell.", "The home side lost a match at Vell.")
    assert won.score >= FLAG_THRESHOLD, won


def test_what_a_verb_of_stating_says_is_the_claim_itself() -> None:
    """ "denies that chance exists" in the note *Vell Fatalism* against a claim naming it that
    "affirms that ... chance": the flip sits in what both claims state, not in a clause aside."""
    notes = {"a_note": "Philosophy/Vell Fatalism.md", "b_note": "Philosophy/Choice.md"}
    denied = "Vell fatalism denies that chance exists."
    affirmed = "Vell Fatalism affirms that people meet genuine chance."
    verdict = assess(denied, affirmed, **notes, b_links=("Vell Fatalism",))
    assert verdict.kind == "negation" and verdict.score >= FLAG_THRESHOLD, verdict
    # a relative clause is still aside: "a fatalism that denies ..." speaks of another thing
    aside = "Vell Fatalism affirms a view that people meet genuine chance."
    assert assess(denied, aside, **notes, b_links=("Vell Fatalism",)).score < verdict.score


def test_a_name_in_another_clause_than_the_value_ties_nothing() -> None:
    """A bullet of the note *River Gauge* that mentions the Brannoc mesh in one clause and
    gives its own antenna's gain in the next is not about the note *Brannoc Gateway*'s
    antenna; written in one clause, the same words are."""
    gateway = "7 dBi omni antenna on a 3 m pole clamped to the ridge."
    apart = "Brannoc radio module with the mesh stack in firmware; the antenna is a 4 dBi whip."
    together = "The Brannoc antenna is a 4 dBi whip on a short mast."
    notes = {"a_note": "Hardware/River Gauge.md", "b_note": "Hardware/Brannoc Gateway.md"}
    assert assess(apart, gateway, **notes).score == 0.0
    verdict = assess(together, gateway, **notes)
    assert verdict.kind == "conflicting_values" and verdict.score >= FLAG_THRESHOLD, verdict
    assert "4 dBi" in verdict.explanation and "7 dBi" in verdict.explanation


def test_volumes_compare_across_units_and_conditions_name_other_situations() -> None:
    quarts = "A traveller needs 2 quarts of water a day on the road."
    assert (
        assess(quarts, "In cool weather a traveller needs about 5 litres of water a day.").kind
        == "conflicting_values"
    )
    assert (
        assess(quarts, "A traveller needs about 1.9 litres of water a day on the road.").score
        < FLAG_THRESHOLD
    )
    # a value under a condition is another situation's value
    assert (
        assess(
            "If the valve sticks, the tank drains in 10 minutes.", "The tank drains in 40 minutes."
        ).score
        < FLAG_THRESHOLD
    )
    assert (
        assess("The tank drains in 10 minutes.", "The tank drains in 40 minutes.").score
        >= FLAG_THRESHOLD
    )


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        ("They get it at the age of 4.", 4.0, "age"),
        ("Aged 12, she left the valley.", 12.0, "age"),
        ("The keeper is 30 years old.", 30.0, "age"),
        # an age said by comparison is an age, with its limit
        ("No tree in the grove is older than 500 years.", 500.0, "age"),
        # a number after a verb of numbering counts its plural subject
        ("The Vell islands, the smallest included, number 17.", 17.0, "count:island"),
        ("The garrison's soldiers totalled 2,000.", 2000.0, "count:soldier"),
        ("It holds 2 quarts.", 2 * 0.946353, "volume"),
        # a rate per base unit of its divisor: litres per second
        ("The pump delivers 40 litres per minute.", 40.0 / 60, "volume/time"),
        ("Sound travels at 1,235 km/h.", 1235 * 1000 / 3600, "length/time"),
        ("The ship makes 20 knots.", 20 * 1852 / 3600, "length/time"),
    ],
)
def test_ages_and_volumes_are_quantities(text: str, value: float, unit: str) -> None:
    (q,) = parse_claim(text).quantities
    assert q.unit == unit
    assert q.low == pytest.approx(value)
    if "older than" in text:
        assert q.bound == ">="


@pytest.mark.parametrize(
    ("text", "low", "high", "unit"),
    [
        # a number in words joined to its noun, as "a 12-line poem" is written
        ("The vellan is a twelve-line poem.", 12.0, 12.0, "count:lin"),
        ("A vellan has 14-line stanzas.", 14.0, 14.0, "count:lin"),
        ("The tower has twenty-one floors.", 21.0, 21.0, "count:floor"),
        ("It is a 20-storey tower.", 20.0, 20.0, "count:storey"),
        # a spread around the value, and a range in words
        ("It holds about seven items, plus or minus two.", 5.0, 9.0, "count:item"),
        ("It holds 7 ± 2 items.", 5.0, 9.0, "count:item"),
        ("It holds only five to nine items.", 5.0, 9.0, "count:item"),
    ],
)
def test_counts_written_in_words_and_spreads_are_quantities(
    text: str, low: float, high: float, unit: str
) -> None:
    (q,) = parse_claim(text).quantities
    assert (q.low, q.high, q.unit) == (low, high, unit)


@pytest.mark.parametrize(
    "text",
    ["A two-thirds majority passed it.", "It is a one-way street.", "In the twenty-first year."],
)
def test_fractions_orders_and_ways_joined_to_numbers_count_nothing(text: str) -> None:
    assert not [q for q in parse_claim(text).quantities if q.unit.startswith("count:")]


def test_a_count_in_words_joined_to_its_noun_compares_with_one_apart() -> None:
    fourteen = "A vellan is a poem of fourteen lines."
    verdict = assess(fourteen, "The Vellan is a twelve-line poem.", a_note="Lit/Vellan.md",
                     b_note="Lit/Forms.md")  # fmt: skip
    assert verdict.kind == "conflicting_values" and verdict.score >= FLAG_THRESHOLD
    assert '"fourteen" vs "twelve"' in verdict.explanation
    spread = "Working memory holds about seven items, plus or minus two."
    assert assess(spread, "Working memory holds five to nine items.").score < FLAG_THRESHOLD
    assert assess(spread, "Working memory holds around twenty items.").score >= FLAG_THRESHOLD


def test_one_opposite_said_of_a_named_place_conflicts() -> None:
    own = "It is the main trade hub of the north."
    named = "Salt carters unload their barrels in [[Vellomar]], the main trade hub of the south."
    verdict = assess(own, named, a_note="Places/Vellomar.md", b_note="Trade.md")
    assert verdict.score >= FLAG_THRESHOLD and verdict.kind == "opposing_sentiment"
    assert '"north"' in verdict.explanation and '"south"' in verdict.explanation
    assert "Vellomar" in verdict.explanation
    # the claims say more than the opposite apart: not one slot
    wider = "Salt carters unload their barrels in [[Vellomar]] and ride south along the coast road."
    assert assess(own, wider, a_note="Places/Vellomar.md", b_note="Trade.md").score < FLAG_THRESHOLD


def test_an_opposite_in_one_slot_of_one_phrase_conflicts() -> None:
    """ "the largest importer of tin" / "the largest exporter of tin" said of one named town:
    the opposites fill one slot of the same phrase, whatever else each claim says."""
    own = "Its barges carry ore downriver, and lately it became the largest importer of tin."
    named = "[[Vellomar]] has long been the coast's largest exporter of tin."
    notes = {"a_note": "Places/Vellomar.md", "b_note": "Trade.md"}
    verdict = assess(own, named, **notes)
    assert verdict.score >= FLAG_THRESHOLD and verdict.kind == "opposing_sentiment", verdict
    assert '"importer"' in verdict.explanation and '"exporter"' in verdict.explanation
    # the opposite in another phrase: the claims are about other slots
    apart = "[[Vellomar]] has long been an exporter of salt to the largest towns."
    assert assess(own, apart, **notes).score < FLAG_THRESHOLD


@pytest.mark.parametrize(
    ("a", "b", "values"),
    [
        # a limit that is the highest value reached ("tops out at", "peaks at")
        ("The lifespan of a grey owl is up to 40 years.",
         "The lifespan of a grey owl tops out at around 15 years.", ("40", "15")),
        # "no more than" is an upper limit, not a lower one
        ("The ferry takes at most 12 passengers.", "The ferry takes no more than 30 passengers.",
         ("12", "30")),
        # a year after "as late as" or "before" is a date
        ("Oxen pulled the ploughs of the valley until 1850.",
         "Oxen still pulled the ploughs of the valley as late as 1920.", ("1850", "1920")),
    ],
)  # fmt: skip
def test_limits_and_years_compare(a: str, b: str, values: tuple[str, str]) -> None:
    for x, y in ((a, b), (b, a)):
        verdict = assess(x, y)
        assert verdict.score >= FLAG_THRESHOLD and verdict.kind == "conflicting_values", verdict
        assert all(v in verdict.explanation for v in values)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("The ferry takes no more than 30 passengers.", "The ferry takes at most 30 passengers."),
        ("The ferry takes no fewer than 8 passengers.", "The ferry takes at least 8 passengers."),
        ("A grey owl lives up to 15 years.", "A grey owl's lifespan peaks at 15 years."),
        ("After 1000 attempts the lock opened.", "After 1200 attempts the lock opened."),
    ],
)
def test_limits_written_differently_agree(a: str, b: str) -> None:
    # the last: a count after "after" is no year (and then differs as a count, not a date)
    verdict = assess(a, b)
    assert "different dates" not in verdict.explanation
    if "attempts" not in a:
        assert verdict.score < FLAG_THRESHOLD, verdict


def test_two_directions_before_one_word_conflict() -> None:
    """ "a ferryman at the north landing" / "a ferryman working the South Landing": one
    place in two directions; the directions of a list or of other predicates are no conflict."""
    a = "Tam Holt, a ferryman at the north landing, brother of Orla and son of Bram"
    b = "Tam Holt a ferryman working the South Landing"
    for x, y in ((a, b), (b, a)):
        verdict = assess(x, y)
        assert verdict.score >= FLAG_THRESHOLD and verdict.kind == "semantic_conflict", verdict
        assert "north landing" in verdict.explanation and "South Landing" in verdict.explanation
    assert assess(a, "Tam Holt rows between the north and south landings.").score < FLAG_THRESHOLD
    assert assess(a, "Tam Holt drinks at the south landing.").score < FLAG_THRESHOLD


def test_the_same_limit_the_same_way_round_still_conflicts() -> None:
    verdict = assess(
        "You may not enter the vault if your rank is less than 4.",
        "You may enter the vault if your rank is less than 4.",
    )
    assert verdict.score >= FLAG_THRESHOLD and verdict.kind == "negation", verdict


def test_one_statement_in_two_voices_is_compared() -> None:
    """A passive claim with its agent and an active one are one statement: their dates meet."""
    passive = "The harbour bridge was built by the Ostrava guild in the year 1843."
    active = "The Ostrava guild built the harbour bridge in the year 1861."
    same = "The Ostrava guild built the harbour bridge in the year 1843."
    notes = {"a_note": "Harbour.md", "b_note": "Guilds.md"}
    assert_flagged(passive, active, ("conflicting_values",), ("1843", "1861"), **notes)
    assert assess(passive, same, **notes).score == 0.0


def test_each_the_others_object_with_another_verb_is_two_statements() -> None:
    """Active both ways round, each subject the other's object: two statements, not one."""
    a = "The gateway delays the handshake by 40 ms."
    b = "The handshake affects the gateway for 90 ms."
    assert assess(a, b, a_note="Gateway.md", b_note="Handshake.md").score == 0.0


def test_a_flip_in_each_clause_of_a_claim_and_its_consequence_is_a_conflict() -> None:
    """ "On, so it does not upload" / "off, so it can upload": two flips, one per clause."""
    a = "Offline mode is switched on by default, so the sync client does not upload new files."
    b = "Offline mode is switched off by default, so the sync client can upload new files."
    notes = {"a_note": "Offline mode.md", "b_note": "Sync client.md"}
    assert_flagged(a, b, ("opposing_sentiment", "negation"), (), **notes)
    # the same consequence, and both clauses said alike: no flip in either clause
    same = (
        "Offline mode is not switched off by default, so the sync client cannot upload new files."
    )
    assert assess(a, same, **notes).score == 0.0


def test_two_ends_that_share_a_head_noun_swap_places() -> None:
    """ "the target folder is kept and the origin folder deleted" and the other way round."""
    a = "When the importer joins two folders, the target folder is kept and the origin folder is deleted."
    b = "When the importer joins two folders, the origin folder is kept and the target folder is deleted."
    notes = {"a_note": "Importer.md", "b_note": "Folders.md"}
    assert_flagged(a, b, ("semantic_conflict",), ('"origin"', '"target"'), **notes)
    assert assess(a, a.replace("deleted", "removed"), **notes).score == 0.0


def test_two_things_given_one_role_only_one_can_hold_conflict() -> None:
    """ "X is the default theme" / "Y is the default theme": a definite description names one."""
    a = "Mercury is the default theme of the reader app."
    b = "Lumen is the default theme of the reader app."
    notes = {"a_note": "Themes.md", "b_note": "Reader app.md"}
    assert_flagged(a, b, ("semantic_conflict",), ('"Lumen"', '"Mercury"'), **notes)
    # another role, or a negated one: no conflict
    for other in (
        "Lumen is the default font of the reader app.",
        "Lumen is not the default theme of the reader app.",
    ):
        assert assess(a, other).score < FLAG_THRESHOLD, other
    # a description many things share names no one thing
    same = ("Mercury is the same theme as Dusk.", "Lumen is the same theme as Dusk.")
    assert assess(*same).score < FLAG_THRESHOLD


def test_a_pronoun_written_in_capitals_is_a_name() -> None:
    """ "US" in "US servers" is a place, not "us": two regions in one slot conflict."""
    a = "Backups are kept on EU servers by default."
    b = "Backups are kept on US servers by default."
    notes = {"a_note": "Backups.md", "b_note": "Storage.md"}
    assert_flagged(a, b, None, ('"US"', '"EU"'), **notes)
    assert (
        parse_claim("Ask us about the plan.").content == parse_claim("Ask about the plan.").content
    )


def test_what_both_are_about_reads_in_the_claims_own_order() -> None:
    verdict = assess(
        "Vellomar is used as the main trade hub of the north.",
        "Merchants sell their furs in Vellomar, the main trade hub of the south.",
        a_note="Vellomar.md",
        b_note="Furs.md",
    )
    assert verdict.kind == "opposing_sentiment"
    assert verdict.explanation.endswith("both about main trade hub of Vellomar")


def test_a_word_written_beside_a_name_is_part_of_it() -> None:
    # "King Aldric", "Mount Vellor": one name, not "king of Aldric"
    for a, b, about in [
        ("King Aldric reigned for 41 years.", "King Aldric reigned for 29 years.", "King Aldric"),
        ("Mount Vellor rises to 4,210 metres.", "Mount Vellor rises to 3,100 metres.",
         "Mount Vellor"),
    ]:  # fmt: skip
        verdict = assess(a, b, a_note="History/A.md", b_note="History/B.md")
        assert verdict.kind == "conflicting_values"
        assert verdict.explanation.endswith(f"both about {about}"), verdict.explanation
    # a lower-case word beside a name stays what it is about ("freezes" of Lake Orrin)
    frozen = assess("Lake Orrin freezes over every winter.", "Lake Orrin never freezes over.")
    assert "freezes Lake Orrin" not in frozen.explanation


def test_chinese_words_that_hold_a_negator_character_negate_nothing() -> None:
    # "不同" is "different", "非常" "very", "不得不" "must": no negation in any of them
    for text in ("网关的密码与账户密码不同。", "这个网关非常可靠。", "你不得不重新启动网关。"):
        assert parse_claim(text).negators == (), text
    assert parse_claim("网关不支持这个频段。").negators == ("不",)
    # a different password is no negation of a separate one
    assert assess("网关的密码与账户密码不同。", "网关的密码与账户密码是分开的。").kind == "none"
    assert_flagged("网关覆盖全部三个站点。", "网关不覆盖全部三个站点。", ("negation",), ())


def test_a_chinese_negation_inside_a_condition_names_another_situation() -> None:
    # "如果 ... ，" (if) and "当 ... 时，" (when) open conditions, to the clause's end
    assert parse_claim("如果网关不是最新的版本，请更新固件。").conditional == (True,)
    assert parse_claim("当你修改了文件，且修改尚未上传时，就会出现提示。").conditional == (True,)
    assert parse_claim("网关不是最新的版本。").conditional == (False,)
    assert parse_claim("当然，网关不支持这个频段。").conditional == (False,)  # "of course"
    updated = "请确保使用的是最新的网关固件版本。"
    assert assess("如果网关不是最新的版本，请更新固件。", updated).score < FLAG_THRESHOLD


def test_german_word_order_is_no_swapped_relation() -> None:
    # German moves the verb to the front of an instruction: the same words in another order
    for a, b in (
        ("Rechts neben Ordner als Projekt laden klicke auf Laden.",
         "Klicke rechts neben Ordner als Projekt laden auf Laden."),
        ("Rechts neben Datei als Vorlage speichern tippe auf Speichern.",
         "Tippe rechts neben Datei als Vorlage speichern auf Speichern."),
    ):  # fmt: skip
        assert assess(a, b).score < FLAG_THRESHOLD, a
    # in English two ends that trade places are still a reversed relation
    swapped = assess(
        "Goblins serve the hobgoblins of the northern hills.",
        "Hobgoblins serve the goblins of the northern hills.",
    )
    assert swapped.kind == "semantic_conflict" and swapped.score >= FLAG_THRESHOLD


def test_a_capitalised_word_after_a_name_is_part_of_it() -> None:
    # "Publish" after "Northwind" is a word of the product's name, not the claim's verb
    assert parse_claim("Northwind Publish subscriptions are eligible for refunds.").subject >= {
        "publish",
        "subscription",
    }
    assert "keep" not in parse_claim("Northwind Sync keeps version history.").subject
    credit = assess(
        "Northwind Publish subscriptions are eligible for refunds.",
        "Northwind Credit is not eligible for a refund under our Refund policy.",
        a_note="Billing/Education discounts.md",
        b_note="Billing/Northwind Credit.md",
    )
    assert credit.score < FLAG_THRESHOLD


def test_a_leading_phrase_or_frame_is_not_the_subject() -> None:
    # "Unlike X," "As a rule," "Despite X," end at their comma; the subject follows
    assert parse_claim("Unlike the heather, the moss opens at night.").subject == {"moss"}
    assert parse_claim("As a rule, the ferry leaves at dawn.").subject == {stem("ferry")}
    assert parse_claim("Despite the storms, the harbour stayed open.").subject == {"harbour"}
    # "This means (that) they ...": a frame around the claim, whose subject is "they"
    framed = parse_claim("This means that they cannot brew potions.")
    assert framed.pronoun_subject and not framed.subject
    assert not parse_claim("This means of travel is slow.").pronoun_subject


def test_a_verb_after_a_names_number_ends_the_subject() -> None:
    # "Vellbus 2.0 transfers data": the name and its number, then the verb
    assert parse_claim("Vellbus 2.0 transfers data at 40 Mbit/s.").subject == {"vellbus", "#2.0"}
    assert parse_claim("Vellbus 2.0 tops out at 12 Mbit/s.").subject == {"vellbus", "#2.0"}
    # ... but a plural noun before its own verb is the subject's
    assert stem("features") in parse_claim("Vellbus 3 features include hot plugging.").subject


def test_an_adverb_before_a_pronoun_leaves_the_pronoun_the_subject() -> None:
    generally = parse_claim("Generally they do not trade with the coast.")
    assert generally.pronoun_subject and not generally.subject
    assert not parse_claim("Generally the ferries leave at dawn.").pronoun_subject


def test_a_noun_with_one_modifier_before_its_verb() -> None:
    # "A binary heap stores ...": "stores" is the verb after "the/a" + modifier + noun
    assert parse_claim("A binary heap stores its items in an array.").subject == {
        stem("binary"),
        stem("heap"),
    }
    assert stem("covers") not in parse_claim("The ice storm covers the valley.").subject


def test_each_node_under_a_lead_naming_its_note_is_that_notes_node() -> None:
    # "In a linked list, nodes ..." in *Linked List* and "Every node ..." in another
    # structure's note speak of two structures' nodes
    verdict = assess(
        "Every node stores a pointer to its parent.",
        "In a linked list, nodes do not store a pointer to their parent.",
        a_note="Parent Pointer Tree.md",
        b_note="Linked List.md",
    )
    assert verdict.score < FLAG_THRESHOLD
    # one structure, its nodes said to store and not to store the pointer
    same = assess(
        "Every node stores a pointer to its parent.",
        "In a parent pointer tree, nodes do not store a pointer to their parent.",
        a_note="Parent Pointer Tree.md",
        b_note="Trees.md",
    )
    assert same.score >= FLAG_THRESHOLD


def test_a_pronoun_in_a_notes_note_speaks_of_the_thing_its_title_names() -> None:
    verdict = assess(
        "The Treaty of Vell was signed in 1648.",
        "It was signed in 1658.",
        a_note="Treaty of Vell.md",
        b_note="Treaty of Vell notes.md",
    )
    assert verdict.score >= FLAG_THRESHOLD
    assert "1648" in verdict.explanation


def test_one_section_name_under_two_creatures_is_two_topics() -> None:
    # "Actions" under two monsters: each creature's save is its own monster's rule
    def verdict(a_heading: str, b_heading: str) -> float:
        return assess(
            "Each creature that fails a DC 18 Wisdom saving throw is frightened for 1 minute.",
            "Each non-undead creature within 60 feet of the wraith that can see it must "
            "succeed on a DC 13 Wisdom saving throw or be frightened for 1 minute.",
            a_note="Bestiary/Bestiary S.md",
            b_note="Bestiary/Bestiary W.md",
            a_heading=a_heading,
            b_heading=b_heading,
        ).score

    two = verdict("Bestiary (S) / Sand Drake / Actions", "Bestiary (W) / Wraith / Actions")
    assert two < FLAG_THRESHOLD
    # with no parent to tell them apart, one section of one topic: the pair stays listed
    assert verdict("Actions", "Actions") >= FLAG_THRESHOLD


def test_a_fields_name_is_not_something_the_line_says_happens() -> None:
    # a stat line's field name ("Ranged Weapon Attack:") against a rule that negates attacking
    stat_line = assess(
        "You can't attack a target beyond the weapon's long range.",
        "Ranged Weapon Attack: +5 to hit, range 80/320 ft., one target.",
        a_note="Rules/Weapons.md",
        b_note="Bestiary/Scout.md",
    )
    assert stat_line.score < FLAG_THRESHOLD
    assert parse_claim("Ranged Weapon Attack: +5 to hit.").field_name == {
        stem("ranged"),
        stem("weapon"),
        stem("attack"),
    }
    # a sentence after a one-word label still says its words
    assert not parse_claim("Update: the bridge was rebuilt.").field_name


def test_an_abstracts_section_name_in_capitals_is_no_subject() -> None:
    parsed = parse_claim("RESULTS Median follow-up was 2.5 years.")
    assert parsed.subject == {"median", "follow-up"}
    assert not parsed.upper, "the sentence opens after the section name"
    assert parse_claim("METHODS AND RESULTS Adults were enrolled.").subject == {stem("adults")}
    # the article in capitals after the section name opens the sentence
    opened = parse_claim("STUDY DESIGN A total of 410 adults were enrolled.")
    assert opened.subject == {stem("total"), stem("adults")}
    # an acronym opens a sentence as its subject
    assert "nasa" in parse_claim("NASA launched the probe in 1977.").subject
    assert "nasa" in parse_claim("NASA A probe was launched in 1977.").subject


def test_measures_of_two_studies_are_two_things() -> None:
    trial = (
        "Effects of exercise training on health status in patients with chronic heart failure.md"
    )
    cohort = "Association between gene polymorphisms and outcomes among women with early breast cancer.md"
    two_studies = assess(
        "RESULTS Median follow-up was 2.5 years.",
        "RESULTS Median follow-up was 6.3 years.",
        a_note=trial,
        b_note=cohort,
    )
    assert 0 < two_studies.score < FLAG_THRESHOLD, "a weak pair, not a flag"
    # the other study's sentence opens after its section name and an article in capitals
    enrolled = assess(
        "Adults were given either placebo or the drug, with a median follow-up of 24 months.",
        "STUDY DESIGN A total of 410 adults were enrolled (median follow-up 6.3 months).",
        a_note=trial,
        b_note=cohort,
    )
    assert 0 < enrolled.score < FLAG_THRESHOLD
    # the same measure in two notes on one thing is still one measure
    one_thing = assess(
        "Median follow-up was 2.5 years.",
        "Median follow-up was 6.3 years.",
        a_note="Kestrel trial.md",
        b_note="Kestrel trial results.md",
    )
    assert one_thing.score >= FLAG_THRESHOLD


def test_a_flip_under_a_condition_the_other_claim_lacks_is_another_situation() -> None:
    # the general rule against the exception for whoever wears the ring
    ring = assess(
        "While you wear this ring, deep snow doesn't cost you extra movement.",
        "Every foot of movement in deep snow costs 1 extra foot of movement.",
        a_note="Rings/Ring of Striding.md",
        b_note="Rules/Travel.md",
    )
    plain = assess(
        "Deep snow doesn't cost extra movement.",
        "Every foot of movement in deep snow costs 1 extra foot of movement.",
        a_note="Rules/Winter.md",
        b_note="Rules/Travel.md",
    )
    assert ring.score < FLAG_THRESHOLD
    assert ring.score < plain.score


def test_an_adverb_between_a_pronoun_and_its_verb_keeps_the_verb() -> None:
    # "It then makes three attacks": "makes" is the verb, so the claim is about its note
    parsed = parse_claim("It then makes three attacks with its claws.")
    assert parsed.pronoun_subject and not parsed.subject
    assert not parse_claim("They also keep goats in winter.").subject
    # two creatures of one bestiary, each "it" under its own heading: different entities
    verdict = assess(
        "It then makes three attacks: one with its bite and two with its claws.",
        "It then makes five attacks: one with its bite and four with its claws.",
        a_note="Bestiary D.md",
        b_note="Bestiary T.md",
        a_heading="Bestiary (D) / Frost Drake / Actions",
        b_heading="Bestiary (T) / Thornback / Actions",
    )
    assert verdict.score < FLAG_THRESHOLD
    # one creature said to make three and five attacks is still a conflict
    same = assess(
        "It then makes three attacks: one with its bite and two with its claws.",
        "It then makes five attacks: one with its bite and four with its claws.",
        a_note="Frost Drake.md",
        b_note="Drakes/Frost Drake.md",
        a_heading="Frost Drake / Actions",
        b_heading="Frost Drake / Actions",
    )
    assert same.score >= FLAG_THRESHOLD


def test_an_ing_word_after_a_determiner_is_a_thing() -> None:
    # "Every casting shatters ...": "casting" is the subject, "shatters" its verb
    assert parse_claim("Every casting shatters the glass vial.").subject == {stem("casting")}
    assert parse_claim("The reading drifts in clay soil.").subject == {stem("reading")}
    # an "-ing" word with no determiner is the action, not who the claim is about
    assert stem("casting") not in parse_claim("Casting spells drains the mage.").subject


def test_a_word_before_each_other_is_a_verb() -> None:
    parsed = parse_claim("East and West Vell distrust each other deeply.")
    assert stem("distrust") not in parsed.subject
    assert {"east", "west", "vell"} <= parsed.subject


def test_a_line_that_opens_with_its_verb_has_no_subject_but_its_note() -> None:
    opening = parse_claim("Thrives in shade, wilting if planted in full sun.")
    assert opening.subject == frozenset()
    assert parse_claim("Blossoms in spring are pink.").subject >= {"blossom"}
    # a plural noun of an ending no verb has opens a subject ("Stations on the band sit ...")
    assert stem("station") in parse_claim("Stations on the Vell band sit at 9 MHz.").subject
    assert parse_claim("Functions in the background.").subject == frozenset()
    # such a line speaks of its note's thing, which the other claim names
    verdict = assess(
        "Blooms only at night, in the shade of old oaks.",
        "The [[Pale Starflower]] blooms only in the day.",
        a_note="Plants/Pale Starflower.md",
        b_note="Plants/Garden Beds.md",
    )
    assert verdict.kind == "opposing_sentiment"


def test_an_instruction_to_you_is_no_claim_about_a_thing() -> None:
    """ "Increase one of your scores by 2" tells the reader what to do: a rule that caps the
    score is no negation of it."""
    assert parse_claim("Increase one of your scores by 2.").imperative
    assert parse_claim("Sharpen your blade before the duel.").imperative
    assert not parse_claim("Increases in rainfall flood your cellar.").imperative
    # a name that is also a verb, then the verb of its sentence: a statement about it
    assert parse_claim("Go to Settings and open the vault.").imperative
    assert not parse_claim("Go is played on a board of 19 lines.").imperative
    capped = (
        "You can't increase a score above 20 with this gift.",
        "Increase one of your scores by 2.",
    )
    assert assess(*capped).score < FLAG_THRESHOLD


def test_a_light_verb_negates_its_object_too() -> None:
    """ "cannot use fire spells" negates the spells, which the other claim names with
    another verb; "do not feel great fear" negates the fear."""
    assert parse_claim("They cannot use fire spells at all.").negated_heads == (
        frozenset({"use", stem("fire"), stem("spells")}),
    )
    assert parse_claim("They cannot brew fire tonics.").negated_heads == (frozenset({"brew"}),)
    assert parse_claim("The miners do not feel great fear of the dark.").negated_heads == (
        frozenset({stem("feel"), stem("great"), stem("fear")}),
    )


def test_a_fronted_comparison_is_no_subject() -> None:
    parsed = parse_claim("Smaller than a heron but larger than a wren, the egret wades in ponds.")
    assert parsed.subject == {stem("egret")}
    # two birds, each in its own water: no conflict between "deep" and "shallow"
    verdict = assess(
        "Smaller than a heron but larger than a wren, the egret wades in deep ponds.",
        "Smaller than herons and egrets, the little bittern wades in shallow ponds.",
        a_note="Birds/Wading Birds A.md",
        b_note="Birds/Wading Birds B.md",
    )
    assert verdict.score < FLAG_THRESHOLD
    assert '"deep" vs "shallow"' in verdict.explanation or verdict.kind == "none"


def test_otherwise_speaks_of_the_remaining_cases() -> None:
    """ "You otherwise don't have a spare key" holds where the other claim does not."""
    assert "otherwise" in parse_claim("You otherwise don't have a spare key.").condition
    a, b = (
        "You can carry a spare key on each of your trips.",
        "You otherwise don't have a spare key.",
    )
    assert assess(a, b).score < FLAG_THRESHOLD
    assert_flagged(a, "You can't carry a spare key on any of your trips.", ("negation",), ())


def test_a_list_in_another_order_reverses_no_relation() -> None:
    a = "SPONSORS Harbour Trust, Northern Rowing Club, and Salt Guild."
    b = "SPONSORS Northern Rowing Club, Salt Guild, and Harbour Trust."
    assert assess(a, b, a_note="Regatta 2024.md", b_note="Regatta 2025.md").score == 0.0
    assert_flagged(
        "Goblins serve the hobgoblins of the northern hills.",
        "Hobgoblins serve the goblins of the northern hills.",
        ("semantic_conflict",),
        ("swap",),
    )


def test_poorly_and_negative_adverbs_negate() -> None:
    """ "poorly understood" and "not understood" agree; "poorly" against "well" does not."""
    assert parse_claim("The cause remains poorly understood.").negators == ("poorly",)
    assert parse_claim("The cause is incompletely understood.").negators
    agree = (
        "The cause of the blight remains poorly understood.",
        "The cause of the blight is not understood.",
    )
    assert assess(*agree).score < FLAG_THRESHOLD
    assert_flagged(
        "The pump performs poorly in cold water.",
        "The pump performs well in cold water.",
        ("negation",),
        ("poorly",),
    )


def test_a_negation_inside_the_subject_names_another_kind() -> None:
    """ "A lantern that is not lit" is a kind of lantern, not a lantern said to be unlit."""
    parsed = parse_claim("A lantern that is not lit draws moths to the porch.")
    assert parsed.subject_negated == {stem("lit")}
    kinds = (
        "A lantern that is not lit draws moths to the porch.",
        "A lit lantern draws moths to the porch.",
    )
    assert assess(*kinds).score == 0.0
    assert_flagged(
        "A lit lantern draws moths to the porch.",
        "A lit lantern does not draw moths to the porch.",
        ("negation",),
        ("not",),
    )


def test_notes_whose_titles_differ_by_an_opposite_define_two_things() -> None:
    """ "Edges carry costs" in *Costed Path* and "Edges do not carry costs" in *Uncosted
    Path* each define their own note's thing; a claim that writes the other title does not."""
    notes = {"a_note": "Concepts/Mutable Record.md", "b_note": "Concepts/Immutable Record.md"}
    a, b = "Fields can be changed after creation.", "Fields cannot be changed after creation."
    assert assess(a, b, **notes).score == 0.0
    named = "Fields of an immutable record can be changed after creation."
    assert_flagged(named, b, ("negation",), (), **notes)
    # "min" / "max" and an "a-" adjective name sibling concepts too
    top = ("The root holds the smallest key.", "The root holds the largest key.")
    assert assess(*top, a_note="Min Tree.md", b_note="Max Tree.md").score == 0.0
    assert assess(*top, a_note="Min Tree.md", b_note="Tree Basics.md").score >= FLAG_THRESHOLD
    loops = ("Paths may return to their start.", "Paths may not return to their start.")
    assert assess(*loops, a_note="Cyclic Map.md", b_note="Acyclic Map.md").score == 0.0
    # an opposite somewhere in two longer titles that differ otherwise says nothing
    papers = {"a_note": "Sleep in chronic pain.md", "b_note": "Diet in acute pain and fever.md"}
    assert_flagged(a, b, ("negation",), (), **papers)


def test_a_leading_this_points_at_the_notes_own_thing() -> None:
    """ "In this structure, each node ..." speaks of the note's structure: against another
    note's, under topics neither names, it is a weak pair."""
    parsed = parse_claim("In this structure, each node stores its parent.")
    assert parsed.anchored and not parse_claim("Each node stores its parent.").anchored
    a = "In this structure, each node stores a link to its parent."
    b = "In this structure, nodes do not store a link to their parent."
    notes = {"a_note": "Trees/Parent Tree.md", "b_note": "Lists/Chain List.md"}
    assert 0.0 < assess(a, b, **notes).score < FLAG_THRESHOLD
    # the other claim speaks of this note's structure: one thing
    named = "In a parent tree, nodes do not store a link to their parent."
    assert_flagged(a, named, ("negation",), (), **notes)


def test_a_flip_said_of_a_named_thing_holds_however_long_the_sentences() -> None:
    """ "Orla is a half-giant ..." in her own note against "Orla of the Salt Guild is often
    mistaken for a half-giant, but ..." elsewhere: both main clauses speak of the one named
    thing, so the rest of either sentence does not water the flip down."""
    own = "Orla Venn is a half-giant sailor known for her patient, quiet and generous manner."
    naming = "Orla Venn of the Salt Guild is often mistaken for a half-giant, but she is human."
    where = {"a_note": "People/Orla Venn.md", "b_note": "Guilds/Salt Guild.md"}
    assert_flagged(own, naming, ("negation",), (), **where)
    # the same sentences with nothing that ties them to the note score below the list
    assert assess(own, naming).score < FLAG_THRESHOLD
    # a negation inside a relative clause is said of something else
    relative = (
        "Orla Venn trusts the harbour masters, who are not patient, generous or quiet with her."
    )
    assert assess(own, relative, **where).score < FLAG_THRESHOLD


def test_a_sentence_after_a_one_word_label_has_its_own_subject() -> None:
    """ "Update: The bridge ..." or a speaker's "Rook: Orla is ..." opens a sentence whose
    subject follows the colon; a field ("Speed: 30 ft.") and a longer label that may name a
    place ("North Quay: radar installed") stay as they are."""
    assert parse_claim("Rook: Orla Venn is indeed captured but the ransom is fake.").subject == {
        stem("orla"),
        stem("venn"),
    }
    assert parse_claim("Update: The bridge was rebuilt in spring.").subject == {stem("bridge")}
    assert stem("north") in parse_claim("North Quay: radar installed on the 20th.").subject
    assert parse_claim("Speed: 30 ft., fly 60 ft.").subject == {stem("speed")}
    # the label's words are still said: they count against the closeness
    labelled = parse_claim("Update: The bridge was rebuilt in spring.")
    assert not any(w.lead for w in labelled.words)


def test_a_bare_subject_and_its_verb_open_a_short_sentence() -> None:
    """ "Rustwort releases spores." has a verb; "Display names are not used" opens with a
    two-word subject, not with a verb."""
    assert not parse_claim("Rustwort releases spores.").fragment
    assert parse_claim("Rustwort releases spores.").subject == {stem("rustwort")}
    assert parse_claim("Display names are not used in filters.").subject == {
        stem("display"),
        stem("names"),
    }
    assert_flagged(
        "Rustwort releases spores.",
        "Rustwort does not release spores.",
        ("negation",),
        (),
        a_note="Plants/Rustwort.md",
        b_note="Plants/Field Guide.md",
    )


def test_a_name_from_the_title_speaks_of_its_own_note() -> None:
    """ "Vellick-Oram can ..." in *Vellick-Oram Method* and "It cannot ..." in *Durnhold
    Method* each speak of their own method; against a note that names the method, one does."""
    own = "It cannot handle negative edge weights."
    other = "Vellick-Oram can handle negative edge weights."
    notes = {"a_note": "Methods/Durnhold Method.md", "b_note": "Methods/Vellick-Oram Method.md"}
    assert assess(own, other, **notes).score == 0.0
    named = "Durnhold's method handles negative edge weights correctly."
    where = {"a_note": "Methods/Durnhold Method.md", "b_note": "Graphs/Path Methods.md"}
    assert_flagged(own, named, ("negation",), (), **where)


def test_one_temperature_in_two_scales_agrees() -> None:
    """100 °C is 212 °F; 90 °C is not."""
    a = "Brine boils at 104 degrees Celsius at sea level."
    same = "At sea level brine boils at 219.2 degrees Fahrenheit."
    other = "At sea level brine boils at 90 degrees Celsius."
    notes = {"a_note": "Brine.md", "b_note": "Boiling Points.md"}
    assert assess(a, same, **notes).score == 0.0
    assert_flagged(a, other, ("conflicting_values",), ("104", "90"), **notes)


def test_limits_of_one_value_are_no_opposites() -> None:
    """ "at most 3 m" and "at least 1 m" bound one length from both sides; "at most 3 m"
    against "5 m or more" does not hold."""
    a = "A Tessel eel grows to at most 3 m."
    assert assess(a, "A Tessel eel grows to at least 1 m.").score < FLAG_THRESHOLD
    assert_flagged(a, "A Tessel eel grows to 5 m or more.", ("conflicting_values",), ())


def test_two_places_told_apart_by_their_sides_are_two_situations() -> None:
    """ "rare in the northern hills" / "common in the southern hills": two places."""
    a = "Grey pikas are rare in the northern hills."
    assert assess(a, "Grey pikas are common in the southern hills.").score < FLAG_THRESHOLD
    assert_flagged(a, "Grey pikas are common in the northern hills.", None, ())


def test_the_notes_thing_called_by_its_kind_is_named_by_the_other() -> None:
    """ "The engine is air-cooled" in *Morrow Engine* speaks of the Morrow engine, which the
    other claim names; one flip said of it is a conflict however the other goes on."""
    own = "The engine is careless of dust."
    other = "The Morrow engine is careful of dust: every intake carries a double filter."
    notes = {"a_note": "Machines/Morrow Engine.md", "b_note": "Machines/Engines.md"}
    assert_flagged(own, other, ("opposing_sentiment",), (), **notes)
    # under another engine's note the same words speak of that engine
    elsewhere = {"a_note": "Machines/Tallow Engine.md", "b_note": "Machines/Engines.md"}
    assert assess(own, other, **elsewhere).score < FLAG_THRESHOLD


def test_a_noun_before_its_auxiliary_is_part_of_the_subject() -> None:
    """ "Heap sort is ...": "sort" is a noun here, not the verb; in "the creature you choose
    has ..." the word after the pronoun is the verb of a clause."""
    assert parse_claim("Heap sort is an in-place method.").subject == {stem("heap"), stem("sort")}
    assert parse_claim("The creature you choose has ten hit points.").subject == {stem("creature")}
    assert_flagged(
        "Heap sort is an in-place method.",
        "Heap sort is not an in-place method; it needs linear extra memory.",
        ("negation",),
        (),
        a_note="Methods/Heap Sort.md",
        b_note="Methods/Sorting.md",
    )


def test_a_name_after_of_or_a_pronoun_beside_the_title_is_not_the_notes_thing() -> None:
    """ "It cannot be opened by hand" in *Quell Jar* against "The Quell jar can be opened by
    hand" is one flip said of the jar. "The lid of the Quell jar" is about a lid; "These ...
    in the Quell jar" in the jar's note is about what "these" points at; "You cannot ..." in
    the jar's note is about the reader."""
    notes = {"a_note": "Items/Quell Jar.md", "b_note": "Items/Jars.md"}
    tail = ", as the tinkers of the old quarter told every buyer at the spring market."
    own = "It cannot be opened by hand" + tail
    naming = "The Quell jar can be opened by hand, the guild says."
    assert_flagged(own, naming, ("negation",), (), **notes)
    lid = "The lid of the Quell jar can be opened by hand, the guild says."
    assert assess(own, lid, **notes).score < FLAG_THRESHOLD
    these = "These cannot be opened by hand in the Quell jar" + tail
    assert assess(these, naming, **notes).score < FLAG_THRESHOLD
    you = "You cannot open it by hand" + tail
    assert assess(you, naming, **notes).score < FLAG_THRESHOLD


def test_a_negation_that_denies_another_filler_agrees() -> None:
    """ "was not built by the Normans" against "was built by the Saxons" denies another
    builder; against "was built by the Normans" (or "by the Normans and the Saxons") it is
    a conflict."""
    denied = "The Orm bridge was not built by the Normans."
    assert assess("The Orm bridge was built by the Saxons.", denied).score == 0.0
    assert_flagged("The Orm bridge was built by the Normans.", denied, ("negation",), ())
    both = "The Orm bridge was built by the Normans and the Saxons."
    assert_flagged(both, denied, ("negation",), ())


def test_what_a_name_owns_is_another_thing() -> None:
    """ "Ilsa Marr's sister was born in 1825" speaks of the sister, not of Ilsa Marr."""
    a = "Ilsa Marr was born in 1820 in the harbour town."
    assert assess(a, "Ilsa Marr's sister was born in 1825 in the harbour town.").score == 0.0
    assert_flagged(a, "Ilsa Marr was born in 1825 in the harbour town.", None, ("1820",))
    # both write the owned thing: one thing
    blade = "Ilsa Marr's blade is forged from iron."
    assert_flagged(blade, "Ilsa Marr's blade is not forged from iron.", ("negation",), ())


def test_a_negated_limit_is_the_other_limit() -> None:
    """ "cannot go more than ten days without food" holds at most ten days: "goes ten days
    without food" agrees, "goes twenty days" does not."""
    limit = "A dune hare cannot go more than ten days without food."
    assert assess("A dune hare goes ten days without food.", limit).score < FLAG_THRESHOLD
    assert_flagged("A dune hare goes twenty days without food.", limit, ("conflicting_values",), ())


def test_one_order_told_from_its_other_end_agrees() -> None:
    """ "rebuilt after the flood" and "washed away before it was rebuilt" tell one order;
    "rebuilt before the flood" does not."""
    a = "The mill at Orm was rebuilt after the flood."
    told = "The mill at Orm was washed away by the flood before it was rebuilt."
    assert assess(a, told).score < FLAG_THRESHOLD
    assert_flagged(a, "The mill at Orm was rebuilt before the flood.", None, ())


def test_a_negation_of_another_kind_of_filler_agrees() -> None:
    """ "not found in fresh water" / "found only in salt water": two kinds of water."""
    fresh = "The glass eel is not found in fresh water."
    assert assess(fresh, "The glass eel is found only in salt water.").score == 0.0
    assert_flagged(fresh, "The glass eel is found mostly in fresh water.", ("negation",), ())


def test_from_an_age_on_is_the_other_side_of_under_it() -> None:
    """ "does not take riders under 16" and "takes riders from the age of 16" split the ages
    at one value, each taking one side."""
    assert limits_in("takes riders from the age of 16.") == ((">=", 16.0),)
    assert limits_in("open from 9 to 5") == ()
    under = "The ferry guild does not take riders under 16."
    from_age = "The ferry guild takes riders from the age of 16."
    assert assess(under, from_age).score < FLAG_THRESHOLD


def test_a_flip_in_chinese_is_not_read_at_a_named_things_closeness() -> None:
    """Chinese claims are read character by character: a shared character and a name do not
    make one flip of one thing."""
    a = "默认情况下，Orvane Sync 会对你的所有数据使用端到端加密。"
    b = "Orvane Sync 也不会再在其设置中显示警告消息。"
    notes = {"a_note": "Orvane Sync.md", "b_note": "Settings.md"}
    assert assess(a, b, **notes).score < FLAG_THRESHOLD


def test_a_condition_of_a_later_predicate_does_not_govern_the_flip() -> None:
    """ "opens only in dry weather and stays shut whenever fog rolls in": the "whenever"
    clause belongs to "stays shut", so "closed during dry weather" is one situation with the
    opening; a condition before the flip still sets it apart."""
    own = "Blooms only after rain, remaining closed during dry weather."
    later = "The Sallow lily opens only in dry, sunny weather and stays shut whenever fog comes."
    notes = {"a_note": "Plants/Sallow Lily.md", "b_note": "Plants/Marsh Fern.md"}
    assert_flagged(own, later, ("opposing_sentiment",), (), **notes)
    before = (
        "Whenever fog comes, the Sallow lily opens only in dry, sunny weather and stays shut "
        "when it rains."
    )
    # a condition opening the claim governs all of it: damped as another situation is
    assert assess(own, before, **notes).score <= 0.7 * assess(own, later, **notes).score


def test_words_for_a_share_are_percentages() -> None:
    """ "a quarter of", "two thirds of", "half of" are shares; "the third of May" is not, and
    a split names one share per part."""
    from engine.contradict.quantities import parse_quantities

    (quarter,) = parse_quantities("Moss covers about a quarter of the island.")
    assert (quarter.unit, quarter.low, quarter.bound) == ("percent", 25.0, "~")
    (thirds,) = parse_quantities("Two thirds of the pickers stayed.")
    assert thirds.unit == "percent" and abs(thirds.low - 200 / 3) < 1e-9
    assert parse_quantities("Half of the herd crossed.")[0].low == 50.0
    assert parse_quantities("The fair opens on the third of May.") == ()
    split = parse_quantities("The harvest split is 70/30 barley/rye.")
    assert [(q.low, q.part) for q in split] == [(70.0, stem("barley")), (30.0, stem("rye"))]
    # numbers that do not add up to a whole are no split
    assert all(q.part == "" for q in parse_quantities("Scores were 12/9 home/away."))


def test_one_parts_share_given_twice_is_a_conflict() -> None:
    """A split's share of a part against another share of the same part conflicts; the
    same share agrees, and the other part's share is not compared with it."""
    split = "The harvest split in Dunmere is 70/30 barley/rye."
    notes = {"a_note": "Dunmere/Farming.md", "b_note": "Dunmere/Rye.md"}
    assert_flagged(
        split,
        "Rye makes up only about half of the harvest in Dunmere.",
        ("conflicting_values",),
        ("70/30 barley/rye",),
        **notes,
    )
    assert assess(split, "Rye makes up about 30% of the harvest in Dunmere.", **notes).score == 0.0
    assert assess(split, "Rye makes up about 70% of the harvest in Dunmere.", **notes).score > 0.0
    assert (
        assess(split, "Barley makes up about 70% of the harvest in Dunmere.", **notes).score == 0.0
    )


def test_a_negator_in_a_result_clause_negates_only_that_clause() -> None:
    """ "feared the pass so much that no caravan would cross it" says they feared it: against
    "did not fear the pass" the flip is in the main clause; "no caravan would cross" said by
    both is no flip."""
    result = "The two guilds feared the Hollow Pass so much that no caravan would cross it."
    x = parse_claim(result)
    assert x.resulting == (True,)
    assert_flagged("The two guilds did not fear the Hollow Pass at all.", result, ("negation",), ())
    assert assess("The river rose so fast that no one could cross it.",
                  "No one could cross the river.").score == 0.0  # fmt: skip


def test_a_trailing_clause_of_reason_is_beside_the_claim() -> None:
    """What a ", which is why ..." or ", causing ..." clause adds is not a second thing the
    claim says: the flip in the main clause is read at its own closeness. A list's
    ", including ..." or a plain ", which ..." stays part of the claim."""
    a = "Every firing cracks the clay mould, which is why potters keep so many spares."
    assert parse_claim(a).aside == {stem(w) for w in ("potters", "keep", "spares")}
    assert not parse_claim("Nobody, including the wardens, can open the vault.").aside
    assert not parse_claim("We sell kilns and glazes, which ship worldwide.").aside
    b = (
        "Pots are fired by heating the clay mould, causing a gentle bake inside the "
        "kiln (does not crack)."
    )
    assert_flagged(a, b, ("negation",), ())


def test_a_bonus_to_hit_is_no_hit() -> None:
    """ "+4 to hit" in a stat line is what a bonus applies to: it says nothing against a
    rule that an attack "automatically misses"; "always hits" still does."""
    stat = "Thrown Spear Attack: +4 to hit, range 20/60 ft., one target."
    rule = "A thrown spear attack automatically misses a target beyond its long range."
    notes = {"a_note": "Bestiary/Goblin Scout.md", "b_note": "Rules/Combat.md"}
    assert assess(stat, rule, **notes).score == 0.0
    assert assess(rule, stat).score == 0.0
    assert_flagged(
        "A thrown spear attack always hits a target beyond its long range.",
        rule,
        ("opposing_sentiment",),
        ("hits", "misses"),
    )


def test_not_as_much_as_compares_a_degree() -> None:
    """ "not hurt as badly by cold as other folk" says less, not never; "not ... as long as"
    is a condition and stays a negation."""
    assert parse_claim("Ogres are not hurt as badly by cold as other folk are.").negators == ()
    assert parse_claim("The bridge is not as old as the tower.").negators == ()
    assert parse_claim("The mill does not run as long as the dam is shut.").negators == ("not",)
    less = "Ogres are not hurt as badly by cold as other folk are."
    assert assess(less, "Ogres resist harm from cold better than other folk do.").score == 0.0


def test_one_figure_in_another_unit_is_one_measure_given_twice() -> None:
    """ "within 40 feet" against "up to 40 metres", tied by the family both name: the same
    figure with another unit, whatever words say what is measured; the same distance in
    another unit ("within 40 feet" / "up to about 12 metres") agrees."""
    own = "Members of the guild can sense each other within 40 feet."
    other = "Initiates who join the Corvane Guild feel one another at distances of up to 40 metres."
    notes = {"a_note": "Guilds/Corvane Guild.md", "b_note": "Guilds/Initiation.md"}
    assert_flagged(own, other, ("conflicting_values",), ("40 feet", "40 metres"), **notes)
    agrees = (
        "Initiates who join the Corvane Guild feel one another at distances of up to 12 metres."
    )
    assert assess(own, agrees, **notes).score == 0.0


def test_a_limit_may_follow_the_counted_noun() -> None:
    """ "30 hit points or fewer" is at most 30, as "at most 30 hit points" is."""
    from engine.contradict.quantities import parse_quantities

    (after,) = parse_quantities("A creature with 30 hit points or fewer is stunned.")
    (before,) = parse_quantities("A creature with at most 30 hit points is stunned.")
    assert after.bound == before.bound == "<="
    assert parse_quantities("three field sites or more")[0].bound == ">="


def test_a_negation_of_another_object_agrees() -> None:
    """ "doesn't sync its own settings" / "your notes, images and your configuration folder
    are synced": the verb acts on other things. The same object affirmed conflicts."""
    denied = "To allow device-specific configuration, Vell Sync doesn't sync its own settings."
    notes = {"a_note": "Style guide.md", "b_note": "Frequently asked questions.md"}
    other = "By default your Vell notes, images, and your Configuration folder are synced."
    assert assess(denied, other, **notes).score < FLAG_THRESHOLD
    same = "By default your Vell notes, images, and your own settings are synced."
    assert_flagged(denied, same, ("negation",), (), **notes)
    assert_flagged(
        "The ferry does not carry cars.", "Cars are carried by the ferry.", ("negation",), ()
    )
    # the head noun decides, not its modifiers or a manner after it
    assert_flagged(
        "The ferry does not carry farm carts.",
        "The ferry carries carts regularly, every day.",
        ("negation",),
        (),
    )


def test_a_class_range_and_a_purpose_are_no_opposites() -> None:
    """ "Large or smaller creatures" is a range of sizes, not "smaller" against "larger";
    "expended to activate" is what charges are for, not an activation against
    "suppressed". Plain opposites still are."""
    assert (
        assess(
            "Because larger beasts take up more room, fewer of them fit in a pen.",
            "While grazing, it can enter pens of Large or smaller beasts.",
        ).score
        < FLAG_THRESHOLD
    )
    assert (
        assess(
            "Some warding lanterns have charges that must be expended to activate their runes.",
            "The runes of warding lanterns are suppressed inside the vault.",
        ).score
        == 0.0
    )
    assert_flagged(
        "The runes of warding lanterns are activated inside the vault.",
        "The runes of warding lanterns are suppressed inside the vault.",
        ("opposing_sentiment",),
        (),
    )


def test_an_object_ends_at_its_preposition() -> None:
    """ "does not display the text inside its cards" / "displays the text inside each of its
    cards": one object (the text), so the flip stands."""
    assert_flagged(
        "A board embedded in a page does not show the text inside its tiles.",
        "A board embedded in a page shows the text inside each of its tiles.",
        ("negation",),
        (),
    )


def test_bits_binary_prefixes_and_rates_are_measures() -> None:
    """Bits, binary prefixes, one-word rates and kitchen units are read: "4 KiB" and "4096
    bytes" agree, "4 KB" too (written for either), "128 bits" is 16 bytes."""
    (kib,) = parse_quantities("A block is 4 KiB.")
    (kb,) = parse_quantities("A block is 4 KB.")
    (exact,) = parse_quantities("A block is 4096 bytes.")
    assert kib.compatible(exact) and kb.compatible(exact)
    (bits,) = parse_quantities("A key is 128 bits long.")
    assert (bits.unit, bits.low) == ("data", 16.0)
    (rate,) = parse_quantities("The uplink runs at 1000 Mbit/s.")
    (word_rate,) = parse_quantities("The uplink runs at 1 Gbps.")
    assert rate.unit == word_rate.unit and rate.compatible(word_rate)
    (cups,) = parse_quantities("Stir in 2 cups of stock.")
    assert cups.unit == "volume"
    assert_flagged(
        "A Vell token is 128 bits long.",
        "Vell tokens are 8 bytes, half the size of a session key.",
        ("conflicting_values",),
        ("128 bits", "8 bytes"),
        a_note="Glossary/Vell Token.md",
        b_note="Glossary/Session Key.md",
    )


def test_a_little_over_is_near_a_value_not_a_limit() -> None:
    """ "a little over 900 m" is about 900 m: against 1,400 m of the same lake it is a second
    value, where "over 900 m" would hold. The note's only depth measures what both speak of."""
    (near,) = parse_quantities("bottoming out at a little over 900 m")
    (floor,) = parse_quantities("bottoming out at over 900 m")
    assert (near.bound, floor.bound) == ("~", ">=")
    assert_flagged(
        "Maximum depth 1,400 m — the deepest of any lake in the region.",
        "Lake Vell — the deepest lake there is, bottoming out at a little over 900 m",
        ("conflicting_values",),
        ("1,400 m", "900 m"),
        a_note="Places/Lake Vell.md",
        b_note="Lakes of the North.md",
    )


def test_a_clause_the_other_claim_never_touches_is_beside_it() -> None:
    """A second statement joined by a semicolon or a spaced dash ("...; we saw their rafts on
    every walk") does not lower the closeness of the flip in the first; opposites said of
    what both claims name count as their third shared word."""
    common = "Otters are common all along the Vell coast now; we saw their rafts on every walk."
    rare = "Along the Vell coast the otter is still rare — a few dozen animals, mostly near the cliffs."
    assert assess(common, rare).score >= FLAG_THRESHOLD
    assert assess(rare, common).kind == "opposing_sentiment"
    # a clause that shares a word stays part of what is compared
    assert (
        parse_claim(common).clauses[1][0]
        == {stem(w) for w in ("saw", "rafts", "every", "walk")} & parse_claim(common).content
    )


def test_no_other_says_the_subject_is_the_only_one() -> None:
    """ "no other heron does that" restates "the only heron that ...": no negation."""
    only = "Grey herons are the only herons in which both sexes grow crests."
    none_else = "Even the female grey herons here carry crests — no other heron does that."
    assert parse_claim(none_else).negators == ()
    assert assess(only, none_else).score < FLAG_THRESHOLD


def test_fronted_phrases_and_likenesses_are_not_the_claim() -> None:
    """ "Contrary to what the guidebooks say, the lizards lack ..." has its subject after the
    comma; "With his partner he published ..." after the phrase; ", much like the newts"
    compares, beside the claim."""
    lizards = parse_claim("Contrary to what the guidebooks say, the lizards lack any real venom.")
    assert lizards.subject == {stem("lizards")}
    paper = parse_claim("With his partner he published the survey of the marsh in 1904.")
    assert not paper.subject & {stem("partner")}
    like = parse_claim("Marsh lizards sleep through the frost in burrows, much like the newts.")
    assert like.aside == {stem("newts")}


def test_a_value_compared_with_a_named_thing_measures_the_subject() -> None:
    """ "Vx6 addresses are 8 bytes, twice the size of Vx4 ones" names the note *Vx4* but
    measures Vx6 addresses: no conflict with "A Vx4 address is 32 bits" there."""
    notes = {"a_note": "Net/Vx Address.md", "b_note": "Net/Vx4.md"}
    wider = "Vx6 addresses are 8 bytes, twice the size of Vx4 ones."
    assert assess(wider, "A Vx4 address is 32 bits.", **notes).score < FLAG_THRESHOLD
    assert_flagged(
        "A Vx6 address is 128 bits long.", wider, ("conflicting_values",), ("128 bits",),
        a_note="Net/Vx6.md", b_note="Net/Vx Address.md",
    )  # fmt: skip


def test_a_decade_is_no_duration() -> None:
    """ "the 1860s" is a decade, not 1,860 seconds to compare with "seventeen centuries"."""
    assert parse_quantities("Casts of the victims were made in the 1860s.") == ()
    assert parse_quantities("The fort was abandoned in the 160s.") == ()
    (timeout,) = parse_quantities("A 10s timeout.")
    assert timeout.unit == "time"
    (seconds,) = parse_quantities("The kettle boils in 45 s.")
    assert seconds.unit == "time"


def test_a_year_that_names_a_thing_is_no_count() -> None:
    """ "the 1412 charter" and "three surviving 1412 Vell Charter copies" name a charter by its
    year; they count nothing to set against "three copies"."""
    (copies,) = parse_quantities("Three copies of the 1412 charter survive in Vell.")
    assert (copies.low, copies.unit) == (3.0, "count:copy")
    (held,) = parse_quantities("Ostry holds one of the three surviving 1412 Vell Charter copies.")
    assert held.low == 3.0
    assert parse_quantities("She restored a 1967 Harrow coupe.") == ()
    (printed,) = parse_quantities("They printed 1412 copies in the first run.")
    assert (printed.low, printed.unit) == (1412.0, "count:copy")
    verdict = assess(
        "Ostry holds one of the three surviving 1412 Vell Charter copies.",
        "Three copies of the 1412 charter survive: two in the archive, one at Ostry.",
        a_note="Places/Ostry.md",
        b_note="Documents/Vell Charter.md",
    )
    assert verdict.score < 0.5


def test_a_value_called_the_minimum_after_it_is_a_limit() -> None:
    """ "2048-bit keys are the current minimum" sets a floor that "3072-bit" keys meet."""
    (floor,) = parse_quantities("2048-bit keys are the current minimum.")
    assert floor.bound == ">="
    (ceiling,) = parse_quantities("Three nights is the maximum stay at the Vell hostel.")
    assert ceiling.bound == "<="
    (plain,) = parse_quantities("Vell keys are 2048 bits long.")
    assert plain.bound == "="
    verdict = assess(
        "Vell curves match much larger keys: 256-bit Vell keys are as strong as 3072-bit Tarn keys.",
        "2048-bit keys are the current minimum.",
        a_note="Crypto/Vell Curves.md",
        b_note="Crypto/Tarn.md",
    )
    assert verdict.score < 0.5


def test_a_pronoun_after_a_fronted_phrase_is_the_subject() -> None:
    """ "At the ford he commanded some 900 men, the largest army ..." speaks of "he", not of
    the appositive after the comma; measured against the battle's own note it conflicts."""
    led = parse_claim("At Tarnford he commanded some 900 men, the largest army of the war.")
    assert led.pronoun_subject and not led.subject
    assert_flagged(
        "At Tarnford he commanded some 900 men, the largest army of the war.",
        "The army numbered perhaps 200–300 men, most of them archers.",
        ("conflicting_values",),
        ("900",),
        a_note="People/Oswin Hale.md",
        b_note="Events/Battle of Tarnford.md",
    )


def test_a_measure_of_the_titled_thing_written_in_full() -> None:
    """A journal line that writes the whole title ("Looked up Vell Minster again: the dome is
    only about 90 ft high") measures the titled thing, like its own note's line does."""
    assert_flagged(
        "The central dome rises about 48 m above the floor.",
        "Looked up Vell Minster again: the dome is only about 90 ft high, lower than I thought.",
        ("conflicting_values",),
        ("90 ft", "48 m"),
        a_note="Places/Vell Minster.md",
        b_note="Journal/2025-02-03.md",
    )


def test_a_measure_of_another_named_subject_in_the_note() -> None:
    """ "For scale, Tarn Dyke further south was roughly 45 miles" in *Vell Dyke* measures
    Tarn Dyke: no conflict with a journal's "Vell Dyke = 39 miles of turf rampart"."""
    journal = "Vell Dyke = 39 miles of turf rampart, abandoned after about 20 years."
    notes = {"a_note": "Places/Vell Dyke.md", "b_note": "Journal/2025-03-20.md"}
    scale = "For scale, Tarn Dyke further south was roughly 45 miles from end to end."
    assert assess(scale, journal, **notes).score < FLAG_THRESHOLD
    assert_flagged("Vell Dyke ran roughly 45 miles from end to end.", journal,
                   ("conflicting_values",), ("45 miles",), **notes)  # fmt: skip


def test_a_cancelled_flip_is_no_verdict() -> None:
    """A flip whose weight comes to nothing is shown as no verdict, not a zero negation."""
    verdict = assess("sync not notes", "notes sync")
    assert (verdict.score, verdict.kind) == (0.0, "none")


def test_sibling_notes_with_hyphenated_opposite_titles() -> None:
    """*Big-Endian* and *Little-Endian* define two things, as *Min Heap* and *Max Heap* do:
    each line speaks of its own note; under other titles the same lines conflict."""
    most = "Most significant byte stored at the lowest address."
    least = "Least significant byte stored at the lowest address."
    siblings = {"a_note": "Systems/Big-Endian.md", "b_note": "Systems/Little-Endian.md"}
    assert assess(most, least, **siblings).score < FLAG_THRESHOLD
    assert_flagged(most, least, ("opposing_sentiment",), (),
                   a_note="Systems/Byte Order.md", b_note="Systems/Memory Layout.md")  # fmt: skip


def test_two_notes_comparing_each_with_the_other_agree() -> None:
    """ "Looser than the Vell tree, fewer rotations" in *Tarn Tree* and "Stricter than a Tarn
    tree, more rotations" in *Vell Tree* compare from the two ends: no flip. A comparison
    with a third thing still conflicts."""
    tarn = "Looser balance than Vell, fewer rotations on insert."
    vell = "More strictly balanced than a Tarn tree, but inserts do more rotations."
    notes = {"a_note": "Trees/Tarn Tree.md", "b_note": "Trees/Vell Tree.md"}
    assert assess(tarn, vell, **notes).score == 0.0
    assert_flagged("Heap sort is slower than merge sort.", "Heap sort is faster than merge sort.",
                   ("opposing_sentiment",), (),
                   a_note="Sorting/Heap Sort.md", b_note="Sorting/Sorting.md")  # fmt: skip


@pytest.mark.parametrize(
    ("a", "b", "words"),
    [
        (
            "The Harbor replication link is synchronous: every write waits for the replica.",
            "The Harbor replication link is asynchronous, so every write returns before the "
            "replica has it.",
            {"synchronous", "asynchronous"},
        ),
        ("Kestrel owls are nocturnal hunters.", "Kestrel owls are diurnal hunters.", None),
    ],
)
def test_poles_of_one_property_said_of_one_thing_conflict(
    a: str, b: str, words: set[str] | None
) -> None:
    verdict = assess(a, b, a_note="Notes/One.md", b_note="Notes/Two.md")
    assert verdict.score >= 0.5
    assert verdict.kind == "opposing_sentiment"
    if words:
        assert all(w in verdict.explanation for w in words)


def test_sibling_notes_named_by_poles_define_two_things() -> None:
    verdict = assess(
        "Static typing checks every type before the program runs.",
        "Dynamic typing checks every type while the program runs.",
        a_note="Types/Static Typing.md",
        b_note="Types/Dynamic Typing.md",
    )
    assert verdict.score == 0.0


def test_one_thing_said_to_live_in_two_only_places_conflicts() -> None:
    notes = {"a_note": "Species/Glass Char.md", "b_note": "Lakes/Endemic Fish.md"}
    verdict = assess(
        "The glass char is endemic to Lake Orvik and spawns in its coldest bays.",
        "Glass char — a small trout found nowhere but Lake Temmen",
        **notes,
    )
    assert verdict.score >= 0.5
    assert verdict.kind == "semantic_conflict"
    assert '"endemic to Lake Orvik"' in verdict.explanation
    assert '"found nowhere but Lake Temmen"' in verdict.explanation
    # one place twice, or two things each in its own place, agree
    same = assess(
        "The glass char is endemic to Lake Orvik.", "Glass char, found only in Lake Orvik", **notes
    )
    other = assess(
        "The glass char is endemic to Lake Orvik.",
        "The reed perch is endemic to Lake Temmen.",
        **notes,
    )
    assert same.score == 0.0
    assert other.score == 0.0


def test_a_negated_clause_about_another_named_thing_negates_nothing_here() -> None:
    a = "Under load, Pellet shrinks its send buffer to keep latency low."
    b = "Pellet grows its send buffer under load to keep latency low; Quarn has nothing of the sort."
    verdict = assess(a, b, a_note="Protocols/Pellet.md", b_note="Protocols/Quarn.md")
    assert verdict.kind == "opposing_sentiment"
    assert '"grows" vs "shrinks"' in verdict.explanation or '"shrinks" vs "grows"' in (
        verdict.explanation
    )


def test_what_both_claims_are_about_reads_in_their_order_without_verbs() -> None:
    ages = assess(
        "Orvik children get their tooth charm at the age of 4.",
        "Orvik children are not given their tooth charm until the age of 12.",
    )
    assert ages.kind == "conflicting_values"
    assert '"age 12" vs "age 4", both about orvik children' in ages.explanation
    water = assess(
        "A ferryman needs 2 quarts of water a day.",
        "A ferryman needs about 5 litres of water a day.",
    )
    assert water.explanation == '"2 quarts" vs "about 5 litres", both about water of ferryman'
    dates = assess(
        "The harbour survey of the east quay is booked for 12 May 2026.",
        "The harbour survey of the east quay is booked for 3 June 2026.",
    )
    assert dates.explanation.startswith('different dates: "12 May 2026" vs "3 June 2026", both')
    assert "harbour survey" in dates.explanation


def test_a_measure_written_as_a_possession_is_the_owners() -> None:
    """ "Korran's summit is 2,100 m" measures Korran, as "Korran rises to 2,600 m" does: a
    summit, a depth or a length owned by a name is no other thing, and "summit" and "rises"
    name one measure (a height)."""
    verdict = assess(
        "Korran's summit is only about 2,100 m above sea level, lower than I thought.",
        "Korran rises to about 2,600 m, the highest peak of the range.",
        a_note="Journal/2023-09-18.md",
        b_note="Places/Mount Korran.md",
    )
    assert verdict.kind == "conflicting_values"
    assert '"about 2,100 m"' in verdict.explanation and "Korran" in verdict.explanation
    # a common noun may be two things: "this rope" of one item, "this length of rope" of
    # another item in a compilation note
    assert (
        assess(
            "This 50-foot length of hemp rope weighs 4 pounds and can hold up to 2,000 pounds.",
            "This rope is 20 feet long and weighs 4 pounds.",
            a_note="Gear (Alt)/Gear R.md",
            b_note="Gear/Rope of Mending.md",
        ).score
        < 0.5
    )
    # a height and a depth are two measures; an owner's kin is another person
    assert (
        assess(
            "Korran's crater is about 300 m deep.",
            "Korran rises to about 2,600 m.",
            a_note="Journal/2023-09-18.md",
            b_note="Places/Mount Korran.md",
        ).score
        < 0.5
    )
    assert (
        assess(
            "Rowan Tesk's brother was born in 1825.",
            "Rowan Tesk was born in 1820.",
            a_note="People/Family.md",
            b_note="People/Rowan Tesk.md",
        ).score
        == 0.0
    )


@pytest.mark.parametrize(
    ("text", "shown", "unit"),
    [
        ("DNS uses port 53, over both UDP and TCP.", "port 53", "label:port"),
        ("IP lives at layer 3, the network layer.", "layer 3", "label:layer"),
        ("The answer is in chapter 11 of the book.", "chapter 11", "label:chapter"),
    ],
)
def test_a_number_after_a_noun_picks_one_of_a_kind(text: str, shown: str, unit: str) -> None:
    (q,) = parse_quantities(text)
    assert (q.text, q.unit) == (shown, unit)


@pytest.mark.parametrize(
    "text",
    [
        "It uses 53 of them.",  # a verb before the number
        "He is over 53.",  # a word of amount
        "Melee: reach 5 ft. or range 30/120 ft.",  # a number that goes on
        "Read verses 3:16 aloud.",
    ],
)
def test_no_label_from_a_verb_an_amount_or_a_number_that_goes_on(text: str) -> None:
    assert not [q for q in parse_quantities(text) if q.unit.startswith("label:")]


def test_two_ports_of_one_named_thing_conflict_and_another_things_do_not() -> None:
    verdict = assess(
        "DNS uses port 53, over both UDP and TCP.",
        "Resolvers send their queries to port 35 by default.",
        a_note="Networking/Port Number.md",
        b_note="Networking/DNS.md",
    )
    assert verdict.kind == "conflicting_values" and verdict.score >= FLAG_THRESHOLD
    assert verdict.explanation.endswith('"port 53" vs "port 35", both about port of DNS')
    # the same port said twice
    same = assess(
        "DNS uses port 53, over both UDP and TCP.",
        "Resolvers send their queries to port 53 by default.",
        a_note="Networking/Port Number.md",
        b_note="Networking/DNS.md",
    )
    assert same.score < FLAG_THRESHOLD
    # a claim of the note whose subject is another name ("IP") measures that name
    other = assess(
        "IP lives at layer 3, the network layer.",
        "The dominant wired LAN technology, layer 2 of the OSI Model.",
        a_note="Networking/OSI Model.md",
        b_note="Networking/Ethernet.md",
    )
    assert other.score < FLAG_THRESHOLD


def test_a_machine_named_beside_two_sizes_is_where_not_what() -> None:
    verdict = assess(
        "On x86-64 the default page size is 4 KiB.",
        "Regular pages on x86-64 are 512 bytes, which is why huge pages save TLB entries.",
        a_note="Systems/Page (Memory).md",
        b_note="Systems/Virtual Memory.md",
        b_links=("Page (Memory)",),
    )
    assert verdict.kind == "conflicting_values" and verdict.score >= FLAG_THRESHOLD
    assert verdict.explanation.endswith('"4 KiB" vs "512 bytes", both about size of page')


@pytest.mark.parametrize(
    ("a", "b", "opposite"),
    [
        ("max-heap", "min-heap", True),
        ("left-handed", "right-handed", True),
        ("open-source", "closed-source", True),
        ("red-black", "red-white", False),  # another colour, not an opposite
        ("max-heap", "min-tree", False),  # two parts differ
    ],
)
def test_compounds_differing_in_opposite_parts_are_opposites(
    a: str, b: str, opposite: bool
) -> None:
    assert are_opposites(stem(a), stem(b)) is opposite


@pytest.mark.parametrize(
    ("negated", "plain"),
    [
        ("Quicksort is not a stable sort.", "Quicksort is stable."),
        ("Rust is not a garbage-collected language.", "Rust is garbage-collected."),
        ("Timsort is not an adaptive algorithm.", "Timsort is adaptive."),
    ],
)
def test_the_kind_a_shared_word_describes_says_nothing_more(negated: str, plain: str) -> None:
    verdict = assess(negated, plain, a_note="Algorithms/Sorting.md", b_note="Notes/Sorts.md")
    assert verdict.kind == "negation" and verdict.score >= FLAG_THRESHOLD


def test_a_noun_that_goes_on_or_differs_is_still_a_statement() -> None:
    # "a fast sort" says something the other claim does not
    verdict = assess(
        "Bubble sort is a stable sort.",
        "Bubble sort is not a fast sort.",
        a_note="Algorithms/Sorting.md",
        b_note="Notes/Sorts.md",
    )
    assert verdict.score < FLAG_THRESHOLD
    # "a stable sort of small arrays" names what it sorts: a statement beyond "stable"
    verdict = assess(
        "Insertion sort is not a stable sort of linked lists in place.",
        "Insertion sort is stable.",
        a_note="Algorithms/Sorting.md",
        b_note="Notes/Sorts.md",
    )
    assert verdict.score < FLAG_THRESHOLD


def test_a_word_said_twice_pairs_with_an_opposite_in_its_slot() -> None:
    verdict = assess(
        "Increasing the load factor decreases collisions.",
        "Increasing the load factor increases collisions.",
        a_note="Data Structures/Hash Table.md",
        b_note="Notes/Hashing.md",
    )
    assert verdict.kind == "opposing_sentiment" and verdict.score >= FLAG_THRESHOLD
    assert '"decreases" vs "increases"' in verdict.explanation
    # said once more elsewhere in the sentence, the word is the other claim's, not an opposite
    verdict = assess(
        "At 7th level or higher, the ward blocks spells of one level higher for each level.",
        "Any spell of 5th level or lower cast from outside cannot pass, even at a higher level.",
        a_note="Spells/Ward.md",
        b_note="Spells/Ward Notes.md",
    )
    assert verdict.score < FLAG_THRESHOLD


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("TCP guarantees in-order delivery.", {"tcp"}),
        ("Quillscript prevents data races.", {"quillscript"}),
        ("Hash tables store key-value pairs.", {"hash", "tabl"}),
    ],
)
def test_a_name_a_verb_and_a_short_object(text: str, subject: set[str]) -> None:
    claim = parse_claim(text)
    assert not claim.fragment and set(claim.subject) == subject


def test_two_verbs_of_having_say_one_relation() -> None:
    verdict = assess(
        "A byte consists of 8 bits.",
        "A byte has 16 bits.",
        a_note="Basics/Byte.md",
        b_note="Basics/Units.md",
    )
    assert verdict.kind == "conflicting_values" and verdict.score >= FLAG_THRESHOLD


def test_a_negative_adjective_against_the_kind_it_describes() -> None:
    verdict = assess(
        "Merge sort is a stable sorting algorithm.",
        "Merge sort is unstable.",
        a_note="Algorithms/Merge Sort.md",
        b_note="Notes/Sorting.md",
    )
    assert verdict.kind == "negation" and verdict.score >= FLAG_THRESHOLD


@pytest.mark.parametrize(
    ("a", "b", "kind"),
    [
        # a death said in three words is no fragment to pass over
        (
            "Orla Venn died in 1821.",
            "Orla Venn died on Quill Island in 1831.",
            "conflicting_values",
        ),
        # a named event happens once
        (
            "The Battle of Arden was fought in 1066.",
            "The Battle of Arden took place in 1067.",
            "conflicting_values",
        ),
        # a place in one ranking
        (
            "Vell is the fourth planet from the sun.",
            "Vell is the third planet from the sun.",
            "conflicting_values",
        ),
        # first in a ranking, said with a bare superlative and its scope
        (
            "At 594 metres, Lake Vell is the deepest lake in the United States.",
            "Lake Vell is only the fourth-deepest lake in the United States.",
            "conflicting_values",
        ),
        # the role first, its holder a name
        ("The capital of Vell is Arden.", "Tarn is the capital of Vell.", "semantic_conflict"),
        # one individual's height, said with two words of height
        ("Mount Arden is 8,849 metres high.", "Arden rises to 8,000 m.", "conflicting_values"),
    ],
)
def test_one_event_rank_role_or_height_said_twice(a: str, b: str, kind: str) -> None:
    verdict = assess(a, b, a_note="Places/Vell.md", b_note="Notes/Travels.md")
    assert verdict.kind == kind and verdict.score >= FLAG_THRESHOLD, verdict


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # two ends of one span, each with its own date or value
        ("The Long War began in 1939.", "The Long War ended in 1945."),
        ("Work on the Vell Canal began in 1904.", "The Vell Canal was finally finished in 1920."),
        ("Work on the Vell Canal began in 1904.", "Work on the Vell Canal ended in 1904."),
        ("The shop opens at 9 am on Sundays.", "The shop closes at 5 pm on Sundays."),
        # one "is" turned round
        ("The capital of Vell is Arden.", "Arden is the capital of Vell."),
        # two rankings, two holders, two occasions
        ("Vell is the fourth planet from the sun.", "Vell is the second-smallest planet of all."),
        (
            "Lyon is the third-largest city in France.",
            "Marseille is the second-largest city in France.",
        ),
        ("This is the first time I saw one.", "This is the second time I saw one."),
        # one ranking in two scopes, or a superlative whose scope is not written
        ("Vell is the largest city in Scotland.", "Vell is the third-largest city in Europe."),
        ("Vell is the largest city.", "Vell is the third-largest city in Europe."),
        (
            "Our team is the third team in the league.",
            "Their team is the first team in the league.",
        ),
        # two battles of one year
        (
            "The Battle of Arden was fought in 1066.",
            "The Battle of Tarn Bridge was fought in 1066.",
        ),
    ],
)
def test_no_conflict_between_two_ends_rankings_or_events(a: str, b: str) -> None:
    assert assess(a, b, a_note="Places/Vell.md", b_note="Notes/Travels.md").score < FLAG_THRESHOLD


def test_a_relation_with_its_ends_swapped_still_conflicts() -> None:
    verdict = assess(
        "Mara is the mother of Tam.",
        "Tam is the mother of Mara.",
        a_note="P/Mara.md",
        b_note="P/Tam.md",
    )
    assert verdict.kind == "semantic_conflict" and verdict.score >= FLAG_THRESHOLD


@pytest.mark.parametrize(
    ("a", "b", "kind"),
    [
        # what describes the thing the other claim says is not there
        ("Vell has no atmosphere.", "Vell has a thick atmosphere.", "negation"),
        # what a denial says instead
        ("Quolls are fish.", "Quolls are not fish but mammals.", "negation"),
        ("Tarnberries are a fruit.", "Tarnberries are vegetables, not fruits.", "negation"),
        # one comparison turned round
        (
            "Vellite is heavier than tarnite.",
            "Tarnite is heavier than vellite.",
            "semantic_conflict",
        ),
    ],
)
def test_denials_and_comparisons_said_the_other_way(a: str, b: str, kind: str) -> None:
    verdict = assess(a, b, a_note="Notes/Vellite.md", b_note="Notes/Tarnite.md")
    assert verdict.kind == kind and verdict.score >= FLAG_THRESHOLD, verdict


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # the same comparison from its other end
        ("Vellite is heavier than tarnite.", "Tarnite is lighter than vellite."),
        # two comparisons of two things
        ("Vellite sinks faster than tarnite.", "Tarnite melts faster than vellite."),
        # a kind defined by what it lacks is no claim that something has none
        (
            "A sparse graph has few edges of any weight.",
            "A graph whose edges have no weights is unweighted.",
        ),
    ],
)
def test_comparisons_and_kinds_that_agree(a: str, b: str) -> None:
    assert assess(a, b, a_note="Notes/Vellite.md", b_note="Notes/Tarnite.md").score < FLAG_THRESHOLD


def test_when_something_happens_said_two_ways() -> None:
    verdict = assess(
        "The Vell fair is on 12 March 2025.",
        "The Vell fair takes place on 14 March 2025.",
        a_note="Events/Vell Fair.md",
        b_note="Journal/2025-02-01.md",
    )
    assert verdict.kind == "conflicting_values" and verdict.score >= FLAG_THRESHOLD
    assert '"12 March 2025" vs "14 March 2025"' in verdict.explanation


@pytest.mark.parametrize(
    ("written", "first", "last"),
    [
        ("Gutenberg built his press around 1440.", 1438, 1442),
        ("The press was built c. 1440.", 1438, 1442),
        ("It dates from the late 1960s.", 1965, 1969),
        ("The press was built in the 1440s.", 1440, 1449),
        ("The abbey was founded in the 12th century.", 1101, 1200),
        ("The temple dates to the 5th century BC.", -500, -401),
        ("The eighteenth-century eruption cooled the world.", 1701, 1800),
        ("The abbey was founded in the early twelfth century.", 1101, 1140),
        ("It was built in the twenty-first century.", 2001, 2100),
        # "the 1800s" are a hundred years, "the early 1800s" their first decades
        ("The mill was built in the 1800s.", 1800, 1899),
        ("The mill was built in the early 1800s.", 1800, 1839),
    ],
)
def test_dates_that_name_several_years(written: str, first: int, last: int) -> None:
    (date,) = parse_claim(written).dates
    assert date.years() == (first, last)


@pytest.mark.parametrize(
    "written",
    [
        "The pizza bakes at around 485 °C.",
        "Around 1500 people came to the fair.",
    ],
)
def test_numbers_near_a_date_word_that_are_no_date(written: str) -> None:
    assert parse_claim(written).dates == ()


@pytest.mark.parametrize(
    ("a", "b", "conflict"),
    [
        ("Vell built the first mill around 1440.", "Vell built the first mill in 1540.", True),
        ("Vell built the first mill around 1440.", "Vell built the first mill in 1441.", False),
        ("Vell built the first mill in the 1440s.", "Vell built the first mill in 1446.", False),
        ("Vell built the first mill in the 1440s.", "Vell built the first mill in 1462.", True),
    ],
)
def test_a_date_that_names_several_years_meets_the_years_within(
    a: str, b: str, conflict: bool
) -> None:
    verdict = assess(a, b, a_note="History/Vell.md", b_note="History/Mills.md")
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict


def test_a_date_placed_by_a_hedge_or_an_event_is_still_only_when() -> None:
    """ "Usually dated to ..." against "belongs to ..., shortly before the Great Flood": the
    dating words, the hedge and the event that places the date say when, as the dates do."""
    era = "History/Bronze Age of Vell.md"
    placed = assess(
        "Usually dated to the 900s.",
        "The Bronze Age of Vell belongs to the 1200s, shortly before the Great Flood.",
        a_note=era,
        b_note="History/Vell Smiths.md",
    )
    assert placed.score >= FLAG_THRESHOLD, placed
    # the same dates for one era agree, however they are placed
    agreed = assess(
        "Usually dated to the 1200s.",
        "The Bronze Age of Vell belongs to the 1200s, shortly before the Great Flood.",
        a_note=era,
        b_note="History/Vell Smiths.md",
    )
    assert agreed.score < FLAG_THRESHOLD, agreed
    # what happened after the event is a second statement, not a date said another way
    other = assess(
        "Usually dated to the 900s.",
        "The Bronze Age of Vell ended in the 1200s, and the smiths moved north.",
        a_note=era,
        b_note="History/Vell Smiths.md",
    )
    assert other.score < placed.score


@pytest.mark.parametrize(
    ("text", "subject"),
    [
        ("The Vell Bridge first opened in 1820.", {"vell", "bridge"}),
        ("The old mill still turns every spring.", {"old", "mill"}),
        ("Rust also prevents data races.", {"rust"}),
        # an ordinal before a noun is part of the subject
        ("The first mill opened in 1820.", {"first", "mill"}),
    ],
)
def test_an_adverb_before_the_verb_is_not_the_subject(text: str, subject: set[str]) -> None:
    assert parse_claim(text).subject == {stem(w) for w in subject}


def test_one_measure_named_by_a_word_on_each_side() -> None:
    """ "The speed of ..." / "... travels ... at": two words naming one speed say one measure."""
    where = {"a_note": "Physics/Acoustics.md", "b_note": "Physics/Waves.md"}
    named = assess(
        "The speed of sound in air is about 343 m/s.",
        "Sound travels through air at about 34 m/s.",
        **where,
    )
    assert named.kind == "conflicting_values" and named.score >= FLAG_THRESHOLD, named
    # another medium is another measure
    other = assess(
        "The speed of sound in air is about 343 m/s.",
        "Sound travels through steel at about 5,900 m/s.",
        **where,
    )
    assert other.score < FLAG_THRESHOLD, other


def test_a_modifier_after_an_article_is_not_the_verb() -> None:
    # "linked" and "list" are verbs elsewhere; here they make the subject
    claim = parse_claim("A linked list gives constant-time random access.")
    assert {stem("linked"), stem("list")} <= claim.subject


@pytest.mark.parametrize(
    ("a_note", "a", "b"),
    [
        # a cost said with "gives"
        (
            "Notes/Linked List.md",
            "Random access in a linked list takes linear time.",
            "A linked list gives constant-time random access.",
        ),
        # "It" in a note with a one-word title, against the title said alone; a second
        # operation listed beside the first
        (
            "Notes/Stack.md",
            "It supports push and pop in constant time.",
            "A stack supports push in linear time.",
        ),
    ],
)
def test_costs_of_one_operation_said_two_ways(a_note: str, a: str, b: str) -> None:
    verdict = assess(a, b, a_note=a_note, b_note="Notes/Data Structures.md")
    assert verdict.kind == "conflicting_values" and verdict.score >= FLAG_THRESHOLD, verdict


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Vellite is hotter than tarnite.", "Vellite is colder than tarnite."),
        (
            "Sound travels faster in vellite than in air.",
            "Sound travels more slowly in vellite than in air.",
        ),
        ("Vellite is cheaper than tarnite.", "Vellite is more expensive than tarnite."),
    ],
)
def test_opposite_comparisons_however_they_are_formed(a: str, b: str) -> None:
    verdict = assess(a, b, a_note="Notes/Vellite.md", b_note="Notes/Tarnite.md")
    assert verdict.score >= FLAG_THRESHOLD, verdict


@pytest.mark.parametrize(
    ("a", "b", "a_note", "b_note"),
    [
        # a rise said with one verb and a fall with another; one claim's situation is the
        # other's subject
        (
            "When vellum tax is high, the price of paper falls.",
            "A high vellum tax increases the price of paper.",
            "Notes/Vellum Tax.md",
            "Notes/Paper.md",
        ),
        # one individual's distance from another, with one word of what is measured
        (
            "Vellis is about 384,000 km from Tarn.",
            "Vellis orbits about 38,000 km from Tarn.",
            "Notes/Vellis.md",
            "Notes/Tarn.md",
        ),
    ],
)
def test_changes_and_distances_said_with_other_words(
    a: str, b: str, a_note: str, b_note: str
) -> None:
    verdict = assess(a, b, a_note=a_note, b_note=b_note)
    assert verdict.score >= FLAG_THRESHOLD, verdict


def test_a_name_that_shares_a_stem_with_a_measured_word_is_not_what_is_measured() -> None:
    verdict = assess(
        "Melee or Ranged Weapon Attack: +5 to hit, reach 5 ft. or range 30/120 ft., one target.",
        "Melee or Ranged Weapon Attack: +5 to hit, reach 5 ft. or range 20/60 ft., one target.",
        a_note="Monsters/Vell Scout.md",
        b_note="Monsters/Tarn Guard.md",
    )
    assert verdict.score < FLAG_THRESHOLD, verdict


def test_a_verb_after_an_adverb_ends_the_subject() -> None:
    assert parse_claim("Vellium readily forms stable compounds.").subject == {stem("vellium")}


def test_a_roman_one_tells_two_names_apart() -> None:
    verdict = assess(
        "Vell War I ended in 1918.",
        "Vell War II ended in 1945.",
        a_note="History/Vell War I.md",
        b_note="History/Vell War II.md",
    )
    assert verdict.score < FLAG_THRESHOLD, verdict
    assert "roman-i" not in parse_claim("Then I left the town.").content


def test_opposites_formed_with_in_on_words_ending_in_uble() -> None:
    assert are_opposites(stem("soluble"), stem("insoluble"))


def test_a_number_in_a_name_names_which_one() -> None:
    verdict = assess(
        "Vellship 17 landed on Tarn in 1972.",
        "Vellship 11 landed on Tarn on 20 July 1969.",
        a_note="History/Vellship 17.md",
        b_note="History/Space Race.md",
    )
    assert verdict.score < FLAG_THRESHOLD, verdict
    # a number after capitals is a value of what they abbreviate
    assert [q.text for q in parse_claim("The trap needs a DC 18 save.").quantities]


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # the size of the subject itself, said with "is" and with "consists of"
        ("A vellbyte is 8 bits.", "A vellbyte consists of 16 bits."),
        # one item of a list of denials against the thing said to be there
        ("Vellfish have no brain and no heart.", "The vellfish has a small centralised brain."),
        # directions, and a verb the subject is read up to
        ("Vellpipes carry water away from the tank.", "Vellpipes carry water toward the tank."),
        ("Raising vell rates tends to lower prices.", "Raising vell rates tends to raise prices."),
        # the listed word is the one that differs
        (
            "The vell flask is cast from brass and stoppered with lead.",
            "The vell flask is cast from bronze and stoppered with lead.",
        ),
    ],
)
def test_sizes_lists_and_directions(a: str, b: str) -> None:
    verdict = assess(a, b, a_note="Notes/Vell.md", b_note="Notes/Tarn.md")
    assert verdict.score >= FLAG_THRESHOLD, verdict


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # a negation of a negation is none
        (
            "Collapsing the side panel does not hide the ribbon.",
            "The ribbon stays visible while the side panel is collapsed.",
        ),
        # two things, each with its own size
        ("A vellbyte is 8 bits.", "A tarnbyte consists of 16 bits."),
    ],
)
def test_sizes_and_lists_that_agree_or_speak_of_two_things(a: str, b: str) -> None:
    verdict = assess(a, b, a_note="Notes/Vell.md", b_note="Notes/Tarn.md")
    assert verdict.score < FLAG_THRESHOLD, verdict


@pytest.mark.parametrize(
    ("a", "a_note", "b", "b_note", "conflict"),
    [
        # the general note speaks of the concept note's thing in its leading phrase
        ("Prices rise steadily.", "Econ/Vellflation.md", "During vellflation, prices fall.",
         "Econ/Economy.md", True),
        ("Plants release oxygen.", "Bio/Vellsynthesis.md",
         "During vellsynthesis, plants absorb oxygen.", "Bio/Plants.md", True),
        # ... and not where it speaks of another
        ("Prices rise during vellflation.", "Econ/Vellflation.md",
         "During tarnflation, prices fall.", "Econ/Tarnflation.md", False),
    ],
)  # fmt: skip
def test_a_concept_named_in_a_leading_phrase(
    a: str, a_note: str, b: str, b_note: str, conflict: bool
) -> None:
    verdict = assess(a, b, a_note=a_note, b_note=b_note)
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict


@pytest.mark.parametrize(
    ("a", "b", "conflict"),
    [
        # a speed in two units, and two speeds
        ("Sound travels through vellgas at about 343 m/s.",
         "Sound travels through vellgas at about 1,235 km/h.", False),
        ("Sound travels through vellgas at about 343 m/s.",
         "Sound travels through vellgas at about 5,000 km/h.", True),
        # eras: a year before Christ, and one whose era is not written
        ("Vellum was founded in 753 BC.", "Vellum was founded in 753 AD.", True),
        ("Vellum was founded in 753 BC.", "Vellum was founded in 753.", False),
        ("The Vell Pyramid was built around 2560 BC.",
         "The Vell Pyramid was built around 1500 BC.", True),
        # a number word in a name, a version in a name, a half that names a kind
        ("The Hundred Vell War lasted 116 years.", "The Thirty Vell War lasted 30 years.", False),
        ("Vellbus 2.0 transfers data at up to 480 Mbit/s.",
         "Vellbus 3.0 transfers data at up to 5 Gbit/s.", False),
        ("A half vellathon is 21.1 km long.", "A vellathon is 42.195 km long.", False),
    ],
)  # fmt: skip
def test_units_eras_and_numbers_in_names(a: str, b: str, conflict: bool) -> None:
    verdict = assess(a, b, a_note="Notes/Vell.md", b_note="Notes/Tarn.md")
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict


def test_a_span_of_time_without_a_number_is_when_not_what() -> None:
    verdict = assess(
        "Vellhoney never spoils.",
        "Vellhoney spoils within a year.",
        a_note="Food/Vellhoney.md",
        b_note="Food/Pantry.md",
    )
    assert verdict.kind == "negation" and verdict.score >= FLAG_THRESHOLD, verdict


@pytest.mark.parametrize(
    ("a", "b", "conflict"),
    [
        ("Vellgold does not rust.", "Vellgold rusts quickly in moist air.", True),
        # an object of its own is another statement
        ("Vellhounds do not eat chocolate.", "Vellhounds eat meat.", False),
        # another subject
        ("Wild vellcats do not swim.", "House vellcats swim in baths.", False),
    ],
)
def test_a_bare_denial_of_a_verb_the_other_claim_qualifies(a: str, b: str, conflict: bool) -> None:
    verdict = assess(a, b, a_note="Notes/Vell.md", b_note="Notes/Tarn.md")
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict


def test_an_explanation_names_what_both_speak_of_without_a_dangling_of() -> None:
    verdict = assess(
        "The Vellania sank on 15 April 1912.",
        "The Vellania sank in 1915.",
        a_note="History/Vellania.md",
        b_note="History/Shipwrecks.md",
    )
    assert verdict.explanation.endswith("both about when Vellania sank"), verdict


@pytest.mark.parametrize(
    ("a", "b", "conflict"),
    [
        # the other claim's subject is the whole title; words of one measure on both sides
        ("An adult weighs about 3.5 kg.", "Vell foxes are surprisingly hefty, around 15 lb.", True),
        # two measures of the titled thing
        (
            "An adult weighs about 3.5 kg.",
            "Vell foxes roam up to 15 km a night.",
            False,
        ),
    ],
)
def test_a_measure_of_the_thing_a_whole_title_names(a: str, b: str, conflict: bool) -> None:
    verdict = assess(a, b, a_note="Species/Vell Fox.md", b_note="Notes/Foxes.md")
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict


def test_labels_listed_together_hold_each_other() -> None:
    (q,) = parse_claim("The endpoint was the detection of grade 2 and 3 lesions.").quantities
    assert (q.low, q.high, q.unit) == (2.0, 3.0, "label:grad")
    verdict = assess(
        "The endpoint was the number of grade 3 or worse lesions detected.",
        "The endpoint was the detection of grade 2 and 3 lesions.",
    )
    assert verdict.score < FLAG_THRESHOLD, verdict


@pytest.mark.parametrize(
    ("a", "a_note", "b", "b_note"),
    [
        # "no cell wall" denies a wall; the other claim speaks of the cells, not of a wall
        ("Vell cells have no cell wall.", "Bio/Vell Cell.md",
         "Most vell cells enter mitosis with duplicated centrosomes.", "Papers/Mitosis.md"),
        # a part owned by another thing has its own values
        ("In freezing temperatures, the blade sheds bright light in a 10-foot radius.",
         "Treasure/Vell Brand.md",
         "The sword's luminous blade emits bright light in a 15-foot radius.",
         "Treasure/Tarn Blade.md"),
        # "A bounded stack" is a kind of stack; "It" in *Stack* speaks of stacks in general
        ("It supports push in constant time.", "Notes/Stack.md",
         "A bounded stack supports push in linear time.", "Notes/Data Structures.md"),
    ],
)  # fmt: skip
def test_parts_and_narrower_kinds_are_other_things(
    a: str, a_note: str, b: str, b_note: str
) -> None:
    assert assess(a, b, a_note=a_note, b_note=b_note).score < FLAG_THRESHOLD


def test_a_comparison_turned_round_in_other_words_and_from_the_other_note() -> None:
    notes = {"a_note": "Physics/Vellon.md", "b_note": "Physics/Tarnon.md"}
    massive = "A vellon is slightly more massive than a tarnon."
    verdict = assess(massive, "It is a little heavier than the Vellon.", **notes)
    assert verdict.score >= FLAG_THRESHOLD and "reversed" in verdict.explanation
    assert '"Tarnon" heavier than "the Vellon"' in verdict.explanation
    # the same comparison from the other end, or another measure, agrees
    assert assess(massive, "It is a little lighter than the Vellon.", **notes).score == 0
    assert assess(massive, "It is a little older than the Vellon.", **notes).score == 0


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        ("Its running time is roughly 3 hours 47 minutes.", 3 * 3600 + 47 * 60, "time"),
        ("It lasts 2 hours and 30 minutes.", 2.5 * 3600, "time"),
        ("He is 6 feet 2 inches tall.", 6 * 0.3048 + 2 * 0.0254, "length"),
    ],
)
def test_a_figure_in_two_units_of_one_measure_is_their_sum(
    text: str, value: float, unit: str
) -> None:
    (q,) = parse_claim(text).quantities
    assert q.unit == unit and q.low == pytest.approx(value)


def test_a_running_time_in_hours_and_minutes_agrees_with_the_minutes() -> None:
    notes = {"a_note": "Film/Vell Dunes.md", "b_note": "Film/Epic Film.md"}
    hours = "Its running time is roughly 3 hours 47 minutes."
    minutes = "Vell Dunes runs for 227 minutes in its restored version."
    assert assess(hours, minutes, **notes, b_links=("Vell Dunes",)).score < FLAG_THRESHOLD
    longer = "Vell Dunes runs for 160 minutes in its restored version."
    assert assess(hours, longer, **notes, b_links=("Vell Dunes",)).score >= FLAG_THRESHOLD


def test_a_part_of_each_sibling_note_is_that_notes_own() -> None:
    own = "The third degree lies four semitones above the tonic."
    its = "Its third degree sits only three semitones above the tonic."
    siblings = {"a_note": "Music/Major Scale.md", "b_note": "Music/Natural Minor Scale.md"}
    assert assess(own, its, **siblings).score < FLAG_THRESHOLD
    one_note = {"a_note": "Music/Major Scale.md", "b_note": "Music/Major Scale.md"}
    assert assess(own, its, **one_note).score >= FLAG_THRESHOLD


def test_a_flip_said_of_a_concept_its_link_names_as_subject() -> None:
    own = "The liver can regrow after part of it is surgically removed."
    linked = "The Liver is unable to regrow lost tissue."
    notes = {"a_note": "Anatomy/Liver.md", "b_note": "Anatomy/Organs.md"}
    assert assess(own, linked, **notes, b_links=("Liver",)).score >= FLAG_THRESHOLD
    # without the link the common word names no one thing
    assert assess(own, linked, **notes).score < FLAG_THRESHOLD
    # a link that is not the subject names what something else does to the thing
    surgeons = "Surgeons are unable to regrow lost tissue of the Liver."
    assert assess(own, surgeons, **notes, b_links=("Liver",)).score < FLAG_THRESHOLD


def test_never_found_somewhere_negates_the_place() -> None:
    own = "It often swims far out to sea and turns up on distant islands."
    linked = "The Vell Turtle is never found in the open sea, keeping to the rivers."
    notes = {"a_note": "Reptiles/Vell Turtle.md", "b_note": "Reptiles/Turtles.md"}
    assert assess(own, linked, **notes, b_links=("Vell Turtle",)).score >= FLAG_THRESHOLD
    # where another place is given, "not found in fresh water" denies another filler
    salt = "The vell eel is found only in salt water."
    assert assess("The vell eel is not found in fresh water.", salt).score == 0.0
    # an act's object is not where the thing is
    assert parse_claim("It does not find shortest paths.").negated_heads == (
        frozenset({stem("find")}),
    )


def test_a_negator_in_a_leading_phrase_neither_ends_the_subject_nor_denies() -> None:
    own = "Despite lacking wings, the vell beetle can glide between trees when threatened."
    assert parse_claim(own).subject == {stem("vell"), stem("beetle")}
    linked = "The Vell Beetle is unable to glide, unlike most beetles."
    notes = {"a_note": "Insects/Vell Beetle.md", "b_note": "Insects/Beetles.md"}
    # the lead's "lacking" denies wings, which the other claim never mentions: one claim
    # denies gliding always, the other affirms it under a condition
    assert assess(own, linked, **notes, b_links=("Vell Beetle",)).score >= FLAG_THRESHOLD
    # a denial in the main clause is a denial
    both = "The vell beetle cannot glide between trees when threatened."
    assert assess(both, linked, **notes, b_links=("Vell Beetle",)).score < FLAG_THRESHOLD


@pytest.mark.parametrize(
    ("b", "conflict"),
    [
        ("Glucagon lowers blood sugar by helping muscles absorb the glucose.", True),
        ("Glucagon raises blood sugar by prompting the liver to break down glycogen.", False),
    ],
)
def test_what_a_thing_does_turned_whatever_means_each_names(b: str, conflict: bool) -> None:
    a = "It raises blood sugar by telling the liver to release stored glucose."
    notes = {"a_note": "Biology/Glucagon.md", "b_note": "Biology/Hormones.md"}
    score = assess(a, b, **notes, b_links=("Glucagon",)).score
    assert (score >= FLAG_THRESHOLD) is conflict


@pytest.mark.parametrize(
    ("b", "conflict"),
    [
        ("One Furlong equals 300 yards.", True),
        ("One Furlong holds 660 feet.", False),
        ("By definition, a Furlong consists of 220 yards.", False),
    ],
)
def test_what_one_unit_amounts_to_said_with_any_verb_of_amount(b: str, conflict: bool) -> None:
    a = "A furlong is defined as exactly 220 yards."
    notes = {"a_note": "Units/Furlong.md", "b_note": "Units/Imperial Units.md"}
    result = assess(a, b, **notes, b_links=("Furlong",))
    assert (result.score >= FLAG_THRESHOLD) is conflict


@pytest.mark.parametrize(
    ("a_note", "a", "b", "maker"),
    [
        (
            "Astronomy/Kessel Comet.md",
            "Maria Lund discovered it in 1811 while surveying the sky.",
            "The Kessel Comet was discovered by Otto Brandt through a small telescope.",
            "discovered",
        ),
        (
            "Film/Night Harbour.md",
            "Night Harbour was directed by Ana Ruiz in 1958.",
            "Karl Weber directed Night Harbour, the year's biggest thriller.",
            "directed",
        ),
        (
            "Typography/Orvane.md",
            "Orvane was designed in Norway by Lars Holm.",
            "Orvane was designed single-handedly by Pia Sand at a Paris foundry.",
            "designed",
        ),
    ],
)
def test_two_makers_said_with_a_pronoun_a_manner_or_a_place(
    a_note: str, a: str, b: str, maker: str
) -> None:
    verdict = assess(a, b, a_note=a_note, b_note="Misc/Overview.md")
    assert verdict.score >= FLAG_THRESHOLD and maker in verdict.explanation


@pytest.mark.parametrize(
    ("b", "conflict"),
    [
        ("Quinces belong to the nightshade family, alongside potatoes.", True),
        ("Quinces belong to the rose family, alongside apples and pears.", False),
        ("Quinces do not belong to the nightshade family.", False),
    ],
)
def test_one_thing_in_two_families(b: str, conflict: bool) -> None:
    a = "Botanically, the quince is a pome belonging to the rose family."
    notes = {"a_note": "Botany/Quince.md", "b_note": "Botany/Plant Families.md"}
    verdict = assess(a, b, **notes, b_links=("Quince",))
    assert (verdict.score >= FLAG_THRESHOLD) is conflict
    if conflict:
        assert "family" in verdict.explanation and "Quince" in verdict.explanation


def test_a_denial_without_a_condition_against_one_case_where_it_holds() -> None:
    notes = {"a_note": "Zoology/Kiwi.md", "b_note": "Zoology/Flightless Birds.md"}
    never = "Kiwis cannot fly; their wings are tiny stubs hidden in the feathers."
    once = "Kiwis fly short distances between the ferns when hunting."
    assert assess(never, once, **notes, b_links=("Kiwi",)).score >= FLAG_THRESHOLD
    # set apart, not denied: "rather than" names another place
    apart = "The kiwi forages on forest floors rather than open fields."
    opens = "Kiwis forage in open fields only when the night is dry."
    assert assess(apart, opens, **notes, b_links=("Kiwi",)).score < FLAG_THRESHOLD


def test_too_quick_for_a_thing_to_form_denies_it() -> None:
    notes = {"a_note": "Geology/Tachylite.md", "b_note": "Geology/Volcanic Glass.md"}
    own = "Tachylite has no crystal structure; it is a basaltic glass."
    linked = "Tachylite cools too quickly for any crystals to form."
    assert assess(own, linked, **notes, b_links=("Tachylite",)).score < FLAG_THRESHOLD


def test_a_bare_definition_in_a_notes_own_lines_defines_its_thing() -> None:
    own = "A steady fall in the general level of wages over time."
    linked = "Wage Deflation refers to a general, persistent rise in wages."
    notes = {"a_note": "Economics/Wage Deflation.md", "b_note": "Economics/Labour.md"}
    assert assess(own, linked, **notes, b_links=("Wage Deflation",)).score >= FLAG_THRESHOLD
    agreeing = "Wage Deflation refers to a general, persistent fall in wages."
    assert assess(own, agreeing, **notes, b_links=("Wage Deflation",)).score < FLAG_THRESHOLD
    # a list line of a person's note is no definition of the person
    listed = "Five-year voyage; the islands in September 1835"
    visit = "Wage Deflation spent only five weeks on the islands in 1835."
    assert assess(listed, visit, **notes, b_links=("Wage Deflation",)).score < FLAG_THRESHOLD


def test_opposites_listed_together_are_one_opposite_description() -> None:
    own = "Register memory is a small, fast store inside the processor."
    linked = "Register Memory is the slowest and largest tier of the hierarchy."
    notes = {"a_note": "Hardware/Register Memory.md", "b_note": "Hardware/Storage Hierarchy.md"}
    assert assess(own, linked, **notes, b_links=("Register Memory",)).score >= FLAG_THRESHOLD
    # a relation restated from its other end turns two words and means one thing
    rises = "Raising the clock raises the heat."
    lowers = "Lowering the clock lowers the heat."
    assert assess(rises, lowers, **notes).score < FLAG_THRESHOLD


def test_a_trait_of_the_kind_a_thing_is_said_to_be() -> None:
    own = "Echidnas are the only insect-eaters that lay eggs."
    notes = {"a_note": "Zoology/Echidna.md", "b_note": "Zoology/Mammals.md"}
    live = "Echidnas are spiny mammals that give birth to live young."
    assert assess(own, live, **notes, b_links=("Echidna",)).score >= FLAG_THRESHOLD
    eggs = "Echidnas are spiny mammals that lay eggs."
    assert assess(own, eggs, **notes, b_links=("Echidna",)).score < FLAG_THRESHOLD


@pytest.mark.parametrize(
    ("b", "conflict"),
    [
        ("Plains Zebras carry their foals for roughly six months.", True),
        ("Plains Zebras carry their foals for about 12 months.", False),
    ],
)
def test_a_gestation_said_as_carrying(b: str, conflict: bool) -> None:
    a = "Gestation lasts about 12 months, long for its size."
    notes = {"a_note": "Zoology/Plains Zebra.md", "b_note": "Zoology/Mammal Reproduction.md"}
    score = assess(a, b, **notes, b_links=("Plains Zebra",)).score
    assert (score >= FLAG_THRESHOLD) is conflict


def test_a_maker_of_a_thing_linked_by_a_lower_case_alias() -> None:
    own = "Quinine was discovered by Pierre Pelletier in 1820."
    linked = "Louis Pasteur discovered quinine while studying bark."
    notes = {"a_note": "Pharmacology/Quinine.md", "b_note": "Pharmacology/Antimalarials.md"}
    verdict = assess(own, linked, **notes, b_links=("Quinine",))
    assert verdict.score >= FLAG_THRESHOLD and "Pasteur" in verdict.explanation
    # without the link, a common word in lower case names no one thing
    assert assess(own, linked, **notes).score < FLAG_THRESHOLD


def test_a_thing_found_only_on_two_islands() -> None:
    own = "The solitaire was a flightless bird found only on the island of Rodrigues."
    notes = {"a_note": "Ornithology/Solitaire.md", "b_note": "Ornithology/Extinct Birds.md"}
    other = "The Solitaire was endemic to Madagascar before sailors arrived."
    assert assess(own, other, **notes, b_links=("Solitaire",)).score >= FLAG_THRESHOLD
    same = "The Solitaire was endemic to Rodrigues before sailors arrived."
    assert assess(own, same, **notes, b_links=("Solitaire",)).score < FLAG_THRESHOLD


@pytest.mark.parametrize(
    ("text", "value"),
    [("about two dozen people", 24.0), ("three dozen eggs", 36.0), ("a dozen eggs", 12.0)],
)
def test_dozens_multiply(text: str, value: float) -> None:
    (q,) = parse_quantities(text)
    assert q.low == value


def test_a_few_dozen_is_no_figure() -> None:
    assert parse_quantities("a few dozen eggs per day") == ()


@pytest.mark.parametrize(
    ("text", "unit", "value", "bound"),
    [
        ("It vibrates 60,000 times every second.", "frequency", 60000.0, "="),
        ("The round trip totals no more than about 20,000 km.", "length", 2e7, "<="),
        ("The flood claimed roughly 3,600 lives.", "count:person", 3600.0, "~"),
    ],
)
def test_rates_hedged_limits_and_lives_lost(text: str, unit: str, value: float, bound: str) -> None:
    (q,) = parse_quantities(text)
    assert (q.unit, q.low, q.bound) == (unit, value, bound)


@pytest.mark.parametrize(
    ("a", "b", "conflict"),
    [
        ("Its crystal is cut to oscillate at 32,768 Hz.",
         "The crystal of a Tuning Fork Movement vibrates 60,000 times every second.", True),
        ("Its crystal is cut to oscillate at 32,768 Hz.",
         "The crystal of a Tuning Fork Movement vibrates 32,768 times every second.", False),
        ("Its eruption in 1815 killed more than 36,000 people.",
         "The 1815 eruption of Tuning Fork Movement claimed roughly 3,600 lives.", True),
    ],
)  # fmt: skip
def test_one_measure_said_with_its_other_words(a: str, b: str, conflict: bool) -> None:
    notes = {"a_note": "Misc/Tuning Fork Movement.md", "b_note": "Misc/Overview.md"}
    score = assess(a, b, **notes, b_links=("Tuning Fork Movement",)).score
    assert (score >= FLAG_THRESHOLD) is conflict


def test_one_of_several_denials_said_of_one_named_thing() -> None:
    notes = {"a_note": "Entomology/Caddisfly.md", "b_note": "Entomology/Aquatic Insects.md"}
    own = "Adult caddisflies lack functional jaws and are unable to feed."
    linked = "Adult caddisflies feed on nectar throughout their brief lives."
    assert assess(own, linked, **notes, b_links=("Caddisfly",)).score >= FLAG_THRESHOLD
    # neither denial meets what the other claim says
    other = "Adult caddisflies rest on reeds throughout their brief lives."
    assert assess(own, other, **notes, b_links=("Caddisfly",)).score < FLAG_THRESHOLD
    # unnamed, two denials of two items keep their old reading
    assert assess(own, linked, a_note="Misc/A.md", b_note="Misc/B.md").score < FLAG_THRESHOLD


@pytest.mark.parametrize(
    ("b", "conflict"),
    [
        ("The Gantry Crane takes its name from its French designer, Henri Giffard.", True),
        ("The Gantry Crane is named after Otto Brandt, its German maker.", False),
    ],
)
def test_two_namesakes_of_one_thing(b: str, conflict: bool) -> None:
    a = "Gantry Cranes are named after Count Otto Brandt, whose first crane stood in 1900."
    notes = {"a_note": "Machines/Gantry Crane.md", "b_note": "Machines/Cranes.md"}
    verdict = assess(a, b, **notes, b_links=("Gantry Crane",))
    assert (verdict.score >= FLAG_THRESHOLD) is conflict
    if conflict:
        assert "namesakes" in verdict.explanation and "named after" in verdict.explanation


def test_coins_entering_circulation_named_in_lower_case_in_their_own_note() -> None:
    own = "Crown coins entered circulation on 1 January 1902."
    linked = "Crown Coins first went into everyday circulation in January 1899."
    notes = {"a_note": "Numismatics/Crown Coins.md", "b_note": "Numismatics/Currencies.md"}
    verdict = assess(own, linked, **notes, b_links=("Crown Coins",))
    assert verdict.score >= FLAG_THRESHOLD and "1899" in verdict.explanation
    same = "Crown Coins first went into everyday circulation in January 1902."
    assert assess(own, same, **notes, b_links=("Crown Coins",)).score < FLAG_THRESHOLD


@pytest.mark.parametrize(
    ("b", "conflict"),
    [
        ("The Wanderer Saga is the best-known poem composed in Middle English.", True),
        ("The Wanderer Saga was composed in Old English, later printed in Latin and English.",
         False),
        ("The Wanderer Saga was never written in Latin.", False),
    ],
)  # fmt: skip
def test_one_work_in_two_languages(b: str, conflict: bool) -> None:
    a = "It is written in Old English."
    notes = {"a_note": "Literature/Wanderer Saga.md", "b_note": "Literature/Poems.md"}
    verdict = assess(a, b, **notes, b_links=("Wanderer Saga",))
    assert (verdict.score >= FLAG_THRESHOLD) is conflict


def test_two_floors_of_one_measure_both_hold() -> None:
    notes = {"a_note": "Ichthyology/Basking Shark.md", "b_note": "Ichthyology/Large Fish.md"}
    own = "The second-largest living fish, reaching lengths of around 8 metres or more."
    floor = "Adult Basking Sharks can exceed 6 metres in length."
    assert assess(own, floor, **notes, b_links=("Basking Shark",)).score < FLAG_THRESHOLD
    ceiling = "Adult Basking Sharks reach lengths of at most 4 metres."
    assert assess(own, ceiling, **notes, b_links=("Basking Shark",)).score >= FLAG_THRESHOLD


def test_two_things_of_one_name_picked_by_a_word_before_it() -> None:
    current = "The current Vell Bridge, opened in 1973, crosses the river in the old town."
    previous = "The previous Vell Bridge, opened in 1831, was sold in 1968 and rebuilt abroad."
    notes = {"a_note": "Bridges/Vell Bridge.md", "b_note": "Bridges/Relocated Bridges.md"}
    assert assess(current, previous, **notes, b_links=("Vell Bridge",)).score < FLAG_THRESHOLD
    again = "The current Vell Bridge opened in 1965."
    assert assess(current, again, **notes, b_links=("Vell Bridge",)).score >= FLAG_THRESHOLD


@pytest.mark.parametrize(
    ("own", "linked", "conflict"),
    [
        # two ways of first bringing a thing about answer one question
        (
            "It was introduced by the Danish engineer Karl Ibsen in 1871.",
            "The [[Ibsen Valve]] was devised by Otto Brandt, who patented it in 1872.",
            True,
        ),
        (
            "The first steam loom was built by Anna Lind in 1790.",
            "Peter Holt built the first working [[Steam Loom|steam loom]] in the 1780s.",
            True,
        ),
        (
            "The slow food movement was founded by Carla Neri in 1986.",
            "The [[Slow Food|slow food]] idea was launched by Marco Ruffo in the 1990s.",
            True,
        ),
        # one maker, said with two verbs
        (
            "The first steam loom was built by Anna Lind in 1790.",
            "Anna Lind invented the [[Steam Loom|steam loom]].",
            False,
        ),
        # designing and building are two jobs, not one origin
        (
            "It was designed by the architect Ida Berg.",
            "The [[Ibsen Valve]] was first built by Otto Brandt.",
            False,
        ),
    ],
)
def test_makers_said_with_different_verbs_of_origin(own: str, linked: str, conflict: bool) -> None:
    title = "Steam Loom" if "loom" in own else "Slow Food" if "food" in own else "Ibsen Valve"
    notes = {"a_note": f"Inventions/{title}.md", "b_note": "Inventions/History.md"}
    links = re.findall(r"\[\[([^\]|]+)", linked)
    text = re.sub(r"\[\[(?:[^\]|]+\|)?([^\]]+)\]\]", r"\1", linked)
    verdict = assess(own, text, **notes, b_links=tuple(links))
    assert (verdict.score >= FLAG_THRESHOLD) is conflict
    if conflict:
        assert "makers" in verdict.explanation


def test_one_act_said_with_two_everyday_verbs() -> None:
    notes = {"a_note": "Botany/Sundew.md", "b_note": "Botany/Carnivorous Plants.md"}
    own = "The sundew can regenerate a leaf after a grazer bites it off."
    linked = "The Sundew is unable to regrow a lost leaf."  # written [[Sundew]]
    assert assess(own, linked, **notes, b_links=("Sundew",)).score >= FLAG_THRESHOLD
    # the same act said twice, both ways round, is no conflict
    agreeing = "The Sundew can regrow a lost leaf."
    assert assess(own, agreeing, **notes, b_links=("Sundew",)).score < FLAG_THRESHOLD
    # a word of a term of art keeps its own sense ("reduce" is no "decline")
    assert not shared_stems({stem("reduce")}, {stem("declined")})
    assert shared_stems({stem("synthesise")}, {stem("produces")}) == {stem("synthesise")}


def test_a_limit_that_holds_its_own_negator_is_read_once() -> None:
    notes = {"a_note": "Ornithology/Sooty Shearwater.md", "b_note": "Ornithology/Migration.md"}
    own = "Sooty shearwaters fly between southern colonies and northern seas each year, a loop that can exceed 60,000 km."
    linked = "The yearly loop of the Sooty Shearwater totals no more than about 15,000 km."
    verdict = assess(own, linked, **notes, b_links=("Sooty Shearwater",))
    assert verdict.score >= FLAG_THRESHOLD and "at most 15,000 km" in verdict.explanation
    within = "The yearly loop of the Sooty Shearwater totals no less than about 15,000 km."
    assert assess(own, within, **notes, b_links=("Sooty Shearwater",)).score < FLAG_THRESHOLD


def test_the_size_of_a_unit_said_in_its_own_note_and_beside_a_link() -> None:
    notes = {"a_note": "Units/Rod.md", "b_note": "Units/Old Units.md"}
    own = "A rod is defined as exactly 5.0292 metres."
    linked = "One rod is 4.5 metres, the same as a short pole."
    assert assess(own, linked, **notes, b_links=("Rod",)).score >= FLAG_THRESHOLD
    same = "One rod is 5.0292 metres, the same as a perch."
    assert assess(own, same, **notes, b_links=("Rod",)).score < FLAG_THRESHOLD
    # two studies' statistics, neither a note's thing: what else each says still counts
    months = "The median age was 40.2 months +/- 12.1."
    years = "The median age was 55yrs."
    assert (
        assess(months, years, a_note="Papers/Study A.md", b_note="Papers/Trial B.md").score
        < FLAG_THRESHOLD
    )


def test_shares_of_one_linked_thing_in_two_settings() -> None:
    notes = {"a_note": "Statistics/Laplace Distribution.md", "b_note": "Statistics/Tails.md"}
    own = "In it, about 76% of values fall within one scale unit of the median."
    other = "For a Laplace Distribution, roughly 40% of values lie within a single scale unit of the median."
    assert assess(own, other, **notes, b_links=("Laplace Distribution",)).score >= FLAG_THRESHOLD
    wider = "For a Laplace Distribution, roughly 94% of values lie within three scale units of the median."
    assert assess(own, wider, **notes, b_links=("Laplace Distribution",)).score < FLAG_THRESHOLD


def test_how_often_and_how_long_are_two_measures() -> None:
    notes = {"a_note": "Tools/Backup agent.md", "b_note": "Tools/Snapshots.md"}
    often = "Snapshots takes a new copy of a folder no more often than once every 900 seconds."
    long_ = "Snapshots keeps each copy for 14 days unless you change the setting."
    assert assess(often, long_, **notes, a_links=("Snapshots",)).score < FLAG_THRESHOLD


def test_a_linked_thing_that_another_sentence_acts_on() -> None:
    notes = {"a_note": "Scripts/Rongo Script.md", "b_note": "Scripts/Pacific Writing.md"}
    own = "Rongo Script has never been deciphered."
    acted = "Linguists fully deciphered Rongo Script in the 1980s, revealing a calendar."
    verdict = assess(own, acted, **notes)
    assert verdict.score >= FLAG_THRESHOLD and "Rongo" in verdict.explanation
    agreeing = "Linguists never deciphered Rongo Script, despite decades of work."
    assert assess(own, agreeing, **notes).score < FLAG_THRESHOLD
    # a pointer to the note ("see ...") acts on nothing
    pointer = "Keep the tablets dry and never scan them (see Rongo Script)."
    assert assess(own, pointer, **notes).score < FLAG_THRESHOLD


def test_values_below_zero_keep_their_sign() -> None:
    notes = {"a_note": "Physics/Brine Point.md", "b_note": "Physics/Scales.md"}
    own = "The brine point is −21.1 °C."
    same = "On the Fahrenheit scale, the Brine Point is −5.98 °F."
    assert assess(own, same, **notes, b_links=("Brine Point",)).score < FLAG_THRESHOLD
    other = "On the Fahrenheit scale, the Brine Point is 5.98 °F."
    verdict = assess(own, other, **notes, b_links=("Brine Point",))
    assert verdict.score >= FLAG_THRESHOLD and "−21.1 °C" in verdict.explanation


def test_one_linked_thing_defined_by_opposite_words() -> None:
    notes = {"a_note": "Geology/Tor.md", "b_note": "Geology/Landforms.md"}
    own = "A tor is a large free-standing rock outcrop left on a hilltop by weathering."
    linked = "A tor is a small, loose heap of gravel at the foot of a cliff."  # [[Tor|tor]]
    verdict = assess(own, linked, **notes, b_links=("Tor",))
    assert verdict.score >= FLAG_THRESHOLD and "what Tor is" in verdict.explanation
    # an opposite said later in the sentence, not what the thing is
    later = "A tor is a granite outcrop that frost leaves small and rounded."
    assert assess(own, later, **notes, b_links=("Tor",)).score < FLAG_THRESHOLD
    # without the link, two sentences about "a tor" need not mean one note's thing
    assert assess(own, linked, **notes).score < FLAG_THRESHOLD


def test_a_must_that_follows_from_a_fact_makes_no_rule() -> None:
    notes = {"a_note": "Nutrition/Vitamin Q.md", "b_note": "Nutrition/Micronutrients.md"}
    own = "The body can synthesize vitamin Q in skin exposed to sunlight."
    linked = "Humans are unable to produce Vitamin Q and must obtain all of it from food."
    assert assess(own, linked, **notes).score >= FLAG_THRESHOLD
    assert not parse_claim(linked).deontic
    assert parse_claim("Visitors must not feed the birds.").deontic


def test_one_long_root_with_two_endings_is_one_word() -> None:
    assert shared_stems({stem("photosynthesize")}, {stem("photosynthetic")})
    assert not shared_stems({stem("understand")}, {stem("understate")})
    notes = {"a_note": "Botany/Broomrape.md", "b_note": "Botany/Parasitic Plants.md"}
    own = "Broomrape lacks chlorophyll and cannot photosynthesize."
    linked = "Broomrape is fully photosynthetic and makes all of its own food."
    assert assess(own, linked, **notes, b_links=("Broomrape",)).score >= FLAG_THRESHOLD


def test_places_on_a_named_scale() -> None:
    assert [q.unit for q in parse_quantities("It rates 7 on the Beaufort wind scale.")] == [
        "label:Beaufort scale"
    ]
    notes = {"a_note": "Weather/Gale.md", "b_note": "Weather/Wind Scales.md"}
    own = "A gale is strong wind, defining 8 on the Beaufort wind scale."
    linked = "A Gale sits at 5 on the Beaufort scale, between a breeze and a storm."
    verdict = assess(own, linked, **notes, b_links=("Gale",))
    assert verdict.score >= FLAG_THRESHOLD
    assert '"5 on the Beaufort scale" vs "8 on the Beaufort scale"' in verdict.explanation
    same = "A Gale sits at 8 on the Beaufort scale, between a breeze and a storm."
    assert assess(own, same, **notes, b_links=("Gale",)).score < FLAG_THRESHOLD


@pytest.mark.parametrize(
    ("b", "conflict"),
    [
        ("The Old Span is 80 metres long.", True),
        ("The Old Span is 40 metres long.", False),
    ],
)
def test_a_negated_comparative_limit_is_read_once(b: str, conflict: bool) -> None:
    # "no longer than 50 metres" is at most 50 metres: its "no" does not turn it again
    a = "The Old Span is no longer than 50 metres."
    score = assess(a, b, a_note="Bridges/Old Span.md", b_note="Bridges/Spans.md").score
    assert (score >= FLAG_THRESHOLD) is conflict


@pytest.mark.parametrize(
    ("b", "conflict"),
    [
        # the kernel is what Git was made for, not what was made in 2005
        ("Git was created by Linus Torvalds in 2005 to manage development of the Linux kernel.",
         False),
        ("The Linux kernel was created in 1994 by Linus Torvalds to run on his own PC.", True),
    ],
)  # fmt: skip
def test_what_an_act_was_for_is_not_its_subject(b: str, conflict: bool) -> None:
    a = "The Linux kernel was created in 1991 by Linus Torvalds, then a student in Helsinki."
    score = assess(a, b, a_note="OS/Linux Kernel.md", b_note="VCS/Git.md").score
    assert (score >= FLAG_THRESHOLD) is conflict


@pytest.mark.parametrize(
    ("text", "unit", "low", "high", "bound"),
    [
        ("Even the largest ones stay under a metre long.", "length", 1.0, 1.0, "<="),
        ("It boils in less than an hour.", "time", 3600.0, 3600.0, "<="),
        ("It lived 68 to 66 million years ago.", "time", 66e6, 68e6, "="),
        ("It lived 3 million to 5 million years ago.", "time", 3e6, 5e6, "="),
    ],
)
def test_one_unit_after_a_limit_and_a_scale_after_a_range(
    text: str, unit: str, low: float, high: float, bound: str
) -> None:
    (q,) = parse_quantities(text)
    year = 365.25 * 24 * 3600 if unit == "time" and low > 1e5 else 1.0
    assert (q.unit, q.bound) == (unit, bound)
    assert q.low == pytest.approx(low * year) and q.high == pytest.approx(high * year)


def test_walking_a_mile_is_no_value() -> None:
    assert parse_quantities("Walk a mile in their shoes.") == ()


@pytest.mark.parametrize(
    ("a", "b", "note", "conflict"),
    [
        # a limit under "rarely" or "never" is turned: at most 3 metres
        ("The largest living fish, reaching lengths of around 12 metres or more.",
         "The [[Whale Shark|whale shark]] rarely grows beyond 3 metres.", "Whale Shark", True),
        ("The largest living fish, reaching lengths of around 12 metres or more.",
         "The [[Whale Shark|whale shark]] often grows beyond 14 metres.", "Whale Shark", False),
        # one value written in two units is one value
        ("Absolute zero is 0 kelvin, which equals −273.15 °C.",
         "[[Absolute Zero|Absolute zero]] sits at −459.67 degrees Celsius.", "Absolute Zero", True),
        ("Absolute zero is 0 kelvin, which equals −273.15 °C.",
         "[[Absolute Zero|Absolute zero]] sits at −459.67 degrees Fahrenheit.", "Absolute Zero",
         False),
        # the plural noun of three words is what is counted
        ("The standard genetic code encodes 20 amino acids.",
         "The genetic code specifies 64 distinct [[Amino Acid|amino acids]].", "Amino Acid", True),
    ],
)  # fmt: skip
def test_values_of_a_linked_thing(a: str, b: str, note: str, conflict: bool) -> None:
    links = tuple(re.findall(r"\[\[([^\]|]+)", b))
    plain = re.sub(r"\[\[(?:[^\]|]+\|)?([^\]]+)\]\]", r"\1", b)
    verdict = assess(a, plain, a_note=f"Topic/{note}.md", b_note="Topic/Overview.md", b_links=links)
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict
    if conflict:
        assert verdict.kind == "conflicting_values"


def test_a_time_ago_is_explained_as_a_date() -> None:
    verdict = assess(
        "Tyrannosaurus lived at the end of the Cretaceous, about 68 to 66 million years ago.",
        "Tyrannosaurus roamed North America roughly 150 million years ago.",
        a_note="Paleontology/Tyrannosaurus.md", b_note="Paleontology/Timeline.md",
        b_links=("Tyrannosaurus",),
    )  # fmt: skip
    assert verdict.score >= FLAG_THRESHOLD
    assert "150 million years ago" in verdict.explanation and "date of" in verdict.explanation


@pytest.mark.parametrize(
    ("b", "conflict"),
    [
        ("[[Vell Levy]] applies only to intangible assets, never to buildings.", True),
        ("[[Vell Levy]] applies only to tangible assets, never to patents.", False),
    ],
)
def test_a_denial_that_spells_out_only_is_no_second_flip(b: str, conflict: bool) -> None:
    a = "Vell levy is the yearly charge on the cost of a tangible asset over its life."
    plain = b.replace("[[Vell Levy]]", "Vell levy")
    verdict = assess(a, plain, a_note="Tax/Vell Levy.md", b_note="Tax/Assets.md",
                     b_links=("Vell Levy",))  # fmt: skip
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict


@pytest.mark.parametrize(
    ("a", "conflict"),
    [
        ("Founded in 1902 by 12 original member towns.", False),
        ("It was founded in 1902 and now counts 12 member towns.", True),
    ],
)
def test_a_value_now_and_a_value_at_the_start_are_two_times(a: str, conflict: bool) -> None:
    b = "Today all 40 member towns of the Vell League send one delegate."
    verdict = assess(
        a, b, a_note="Places/Vell League.md", b_note="Places/Council.md", b_links=("Vell League",)
    )
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict


@pytest.mark.parametrize(
    ("b", "conflict"),
    [
        # the only value each gives of one linked thing, whatever words stand around it
        ("[[Vell Clay]] is typically fired between 1,200 and 1,400 °C.", True),
        ("[[Vell Clay]] is typically fired at about 900 °C.", False),
        # a season on one side: another situation
        ("In winter [[Vell Clay]] is fired between 1,200 and 1,400 °C.", False),
        # a limit against a value: maybe a limit of something else
        ("[[Vell Clay]] kilns must reach at least 1,200 °C.", False),
        # what a process must reach, said as a point, is the value it has
        ("For good [[Vell Clay]], the kiln must be fired at around 1,300 °C.", True),
    ],
)
def test_the_only_values_of_one_linked_thing(b: str, conflict: bool) -> None:
    a = "Vell clay matures at low temperatures, around 900 °C."
    plain = b.replace("[[Vell Clay]]", "Vell clay")
    verdict = assess(a, plain, a_note="Ceramics/Vell Clay.md", b_note="Ceramics/Firing.md",
                     b_links=("Vell Clay",))  # fmt: skip
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict


@pytest.mark.parametrize(
    ("text", "value"),
    [("A kilobyte is 2^10 bytes.", 1024.0), ("The gauge is 4 ft 8½ in.", 1.4351),
     ("The gauge is 4 ft 8 in.", 1.4224), ("It measures 3½ inches.", 0.0889)],
)  # fmt: skip
def test_powers_fractions_and_inches_after_feet(text: str, value: float) -> None:
    (q,) = parse_quantities(text)
    assert q.low == pytest.approx(value, rel=1e-3)


@pytest.mark.parametrize(
    ("a", "conflict"),
    [
        # the relative clause of the kind a thing is defined as is the definition itself
        ("It is a sorting method that requires the number of buckets to be chosen in advance.",
         True),
        # ... but a relative clause of something else is not
        ("It is often paired with a tool that requires the number of buckets in advance.",
         False),
    ],
)  # fmt: skip
def test_the_defining_relative_clause_is_the_claim(a: str, conflict: bool) -> None:
    b = "Vell sort never needs to be told how many buckets to use; it works that out by itself."
    verdict = assess(a, b, a_note="Algo/Vell Sort.md", b_note="Algo/Sorting.md",
                     b_links=("Vell Sort",))  # fmt: skip
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict


def test_equal_and_match_are_one_relation() -> None:
    assert shared_stems({stem("equal")}, {stem("match")})


@pytest.mark.parametrize(
    ("text", "unit"),
    [("A US size 8 needle is 8 mm thick.", "label:siz"), ("It has 3 levels.", "count:level")],
)
def test_a_number_after_a_series_noun_names_one_of_it(text: str, unit: str) -> None:
    assert parse_quantities(text)[0].unit == unit


def test_two_endings_of_one_root_are_one_word() -> None:
    assert shared_stems({stem("polarized")}, {stem("polarity")})
    assert not shared_stems({stem("organic")}, {stem("organization")})


def test_periods_and_cycles_count_one_thing() -> None:
    (a,) = parse_quantities("It lasts 9,192,631,770 periods of the radiation.")
    (b,) = parse_quantities("It lasts 9,129,631,770 cycles of the radiation.")
    assert a.unit == b.unit


def test_a_conceded_negation_is_said_beside_the_claim() -> None:
    a = "Despite lacking wings, the vell beetle can climb walls when threatened."
    b = "The vell beetle is unable to climb walls."
    verdict = assess(a, b, a_note="Bugs/Vell Beetle.md", b_note="Bugs/Beetles.md")
    assert verdict.kind == "negation" and verdict.score > 0


def test_pairs_of_a_noun_count_the_noun_twice() -> None:
    (q,) = parse_quantities("Insects have three pairs of jointed legs.")
    assert (q.unit, q.low) == ("count:leg", 6.0)
    verdict = assess(
        "Insects have three pairs of jointed legs.",
        "Every adult insect walks on eight legs.",
        a_note="Bugs/Insect.md", b_note="Bugs/Arthropods.md", b_links=("Insect",),
    )  # fmt: skip
    assert verdict.score >= FLAG_THRESHOLD and "legs of insect" in verdict.explanation


def test_a_plural_noun_before_its_verb_is_what_is_counted() -> None:
    q = parse_quantities("A karyotype has 46 chromosomes arranged in 23 pairs.")[0]
    assert (q.unit, q.low) == ("count:chromosom", 46.0)


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # a line of the thing's note that leaves out its subject, beside a claim naming it
        ("Erupts roughly every 60 to 110 minutes.",
         "[[Vell Geyser]] goes off like clockwork, about once every six hours."),
        ("Completed in 1810 by Ana Mallory; the oldest lighthouse of its kind.",
         "Her masterpiece, the [[Vell Geyser]], was finished in the 1840s."),
    ],
)  # fmt: skip
def test_a_line_without_its_subject_gives_a_value_of_its_note_thing(a: str, b: str) -> None:
    verdict = assess(a, b, a_note="Places/Vell Geyser.md", b_note="Places/Overview.md",
                     b_links=("Vell Geyser",))  # fmt: skip
    assert verdict.score >= 0.5 and verdict.kind == "conflicting_values"


def test_a_line_without_its_subject_under_another_heading_is_about_that_heading() -> None:
    # "Opens a random note" under the heading *Random note* in *Core plugins* is the plugin's
    verdict = assess(
        "Random note is a core plugin that opens a random note.",
        "Opens a random note in your vault.",
        a_note="Plugins/Random note.md",
        b_note="Plugins/Core plugins.md",
        b_heading="Random note",
    )
    assert verdict.score < 0.5


@pytest.mark.parametrize(
    ("a", "b", "conflict"),
    [
        ("It weighs 45.52 carats.", "The [[Vell Stone]] weighs about 91 grams.", True),
        ("It weighs 45.52 carats.", "The [[Vell Stone]] weighs about 9.1 grams.", False),
        ("The spring's water has a pH of 9 to 10.", "The [[Vell Stone]] spring sits at about "
         "pH 5.5.", True),
        ("In pure form it measures about 16 million Scoville heat units.",
         "Pure [[Vell Stone]] extract sits at roughly 1.6 million SHU.", True),
        ("In pure form it measures about 16 million Scoville heat units.",
         "Pure [[Vell Stone]] extract sits at roughly 16 million SHU.", False),
        ("The pump delivers water at about 9 bar.",
         "The [[Vell Stone]] pump delivers water at about 130 psi.", False),
    ],
)  # fmt: skip
def test_units_of_mass_acidity_pungency_and_pressure(a: str, b: str, conflict: bool) -> None:
    verdict = assess(a, b, a_note="Things/Vell Stone.md", b_note="Things/Overview.md",
                     b_links=("Vell Stone",))  # fmt: skip
    assert (verdict.score >= 0.5) is conflict


def test_a_population_is_a_count_of_people() -> None:
    (q,) = parse_quantities("The population is around 380,000.")
    assert (q.unit, q.low) == ("count:person", 380000.0)
    verdict = assess(
        "The population is around 380,000.",
        "[[Vellhaven]] is home to roughly 3.8 million people.",
        a_note="Places/Vellhaven.md",
        b_note="Places/Overview.md",
        b_links=("Vellhaven",),
    )
    assert verdict.score >= 0.5


def test_a_measure_named_away_from_its_value_still_names_it() -> None:
    verdict = assess(
        "Her pregnancy lasts about eleven months, roughly 340 days.",
        "A [[Vell Mare|mare]] carries her foal for only about 150 days before it is born.",
        a_note="Animals/Vell Mare.md",
        b_note="Animals/Foals.md",
        b_links=("Vell Mare",),
    )
    assert verdict.score >= 0.5


@pytest.mark.parametrize(
    ("a", "b", "conflict"),
    [
        ("It was completed in 1889 after nine years of work.",
         "The [[Vell Bridge]] was finished in 1901.", True),
        ("It was completed in 1889 after nine years of work.",
         "The [[Vell Bridge]] was finished in 1889.", False),
        # done again: a rebuilt bridge has two completions
        ("It was completed in 1889 after nine years of work.",
         "The rebuilt [[Vell Bridge]] was finished in 1901.", False),
        ("It was first performed in 1791.", "The [[Vell Bridge]] was first performed in 1805.",
         True),
        # the act in a later clause of its own, or with a common noun where the other claim's
        # subject is the thing; "not ... until" dates the act
        ("Work began in 1870, and the span was finally completed in 1889.",
         "Vell Bridge was not finished until the 1920s.", True),
        ("Work began in 1870, and the span was finally completed in 1889.",
         "Vell Bridge was not finished until 1889.", False),
        ("At 900 m the longest span in the county; it opened in 1889.",
         "Ferries stopped running when the [[Vell Bridge]] opened in 1901.", True),
        # the noun that names the act, and acts of making a work
        ("Its completion in 1889 was celebrated for a week.",
         "The Vell Bridge was finished in 1901.", True),
        ("It was painted in 1889 at the asylum.", "The [[Vell Bridge]] was painted in 1885.",
         True),
        # an act of someone else, in a relative clause of another name
        ("Tarn Vell had it built for his wife, Ana Tarn, who died in 1631.",
         "The Vell Bridge was finished in 1901.", False),
        ("The [[Vell Bridge]], which was completed in 1889, spans the river.",
         "It was finished in 1901.", True),
        # a common noun is another thing where the other claim only links the note
        ("Work began in 1870, and the toll house was completed in 1889.",
         "Ferries stopped running when the [[Vell Bridge]] was completed in 1901.", False),
        # coming to market, said in other words than "released"
        ("It went on sale in 1874 and sold well.",
         "The [[Vell Bridge]] did not reach the market until the 1890s.", True),
        ("It went on sale in 1874 and sold well.",
         "The [[Vell Bridge]] reached the market in 1874.", False),
        # a line that leaves its subject out speaks of the note's thing
        ("Put on sale by its maker in 1874, it sold well.",
         "The [[Vell Bridge]] did not reach the market until the 1890s.", True),
        ("Put on sale by its maker in 1874, it sold well.",
         "The [[Vell Bridge]] reached the market in 1874.", False),
        ("Completed in 1889 after six years of work.", "The [[Vell Bridge]] was finished in 1901.",
         True),
        # coming into service is an opening
        ("It opened in 1964.", "The [[Vell Bridge]] began service in 1971.", True),
        ("It opened in 1964.", "The [[Vell Bridge]] entered service in 1964.", False),
    ],
)  # fmt: skip
def test_an_act_done_once_has_one_date(a: str, b: str, conflict: bool) -> None:
    verdict = assess(a, b, a_note="Places/Vell Bridge.md", b_note="Places/Overview.md",
                     b_links=("Vell Bridge",))  # fmt: skip
    assert (verdict.score >= 0.5) is conflict


@pytest.mark.parametrize(
    ("b", "conflict"),
    [
        # the act's own clause names the thing, though the claim's subject is another
        ("Ferries stopped running when the Vell Bridge opened in 1901.", True),
        ("Ferries stopped running when the Tarn Bridge opened in 1901.", False),
        # a place whose name opens with "New" is no new instance of the thing
        ("Ferries stopped running when the Vell Bridge opened in New Zealand in 1901.", True),
        ("Ferries stopped running when the new Vell Bridge opened in 1901.", False),
    ],
)
def test_an_act_in_a_clause_that_names_its_thing(b: str, conflict: bool) -> None:
    verdict = assess("At 900 m the longest span in the county; it opened in 1889.", b,
                     a_note="Places/Vell Bridge.md", b_note="Places/Overview.md")  # fmt: skip
    assert (verdict.score >= 0.5) is conflict, verdict


def test_from_end_to_end_is_no_end() -> None:
    verdict = assess(
        "For scale, the Vell Dyke further south was roughly 45 miles from end to end.",
        "Begun in 122 AD on the governor's orders after his visit.",
        a_note="Places/Orr Dyke.md",
        b_note="Places/Vell Dyke.md",
    )
    assert "end" not in verdict.explanation


def test_a_section_label_in_capitals_is_no_verb_without_its_subject() -> None:
    # "RESULTS During a follow-up of 9.7 years ...": a label, then a sentence with a subject
    verdict = assess(
        "RESULTS During a mean follow-up of 9.7 years, 14,723 participants died.",
        "After a mean follow-up of 4.2 years, 3347 deaths occurred.",
        a_note="Papers/Adiposity and risk of death.md",
        b_note="Papers/Heart failure trends.md",
    )
    assert verdict.score < 0.5


def test_a_time_of_day_is_one_value_not_a_count() -> None:
    (q,) = parse_quantities("It struck at 5:12 a.m. on 18 April 1906.")
    assert (q.unit, q.low) == ("clock", 312.0)
    assert parse_quantities("The ratio is 5:12 here.") == ()
    # "shortly after 5 a.m." is near 5:12 a.m.; 9 a.m. and 10 a.m. are two openings
    assert (
        assess(
            "It struck at 5:12 a.m. on 18 April 1906.",
            "The [[Vell Quake]] (April 18, shortly after 5 a.m.) was strong.",
            a_note="Events/Vell Quake.md",
            b_note="Events/Quakes.md",
            b_links=("Vell Quake",),
        ).score
        < 0.5
    )
    opens = assess(
        "The Vell Market opens at 9 a.m. every day.",
        "The Vell Market opens at 10 a.m. every day.",
        a_note="Places/Vell Market.md",
        b_note="Places/Markets.md",
    )
    assert opens.score >= 0.5 and '"9 a.m"' in opens.explanation


def test_a_change_from_one_value_to_another_gives_no_one_value() -> None:
    # "grew from 3 volumes in its first edition to 32 in its final set": two states, two times
    assert parse_quantities("The set grew from 3 volumes in its first edition to 32 later.") == ()
    assert parse_quantities("Sales rose from 5% in 1990 to 12% in 2000.") == ()
    # a range written together stays one value
    (q,) = parse_quantities("It runs from 9 to 17 minutes.")
    assert (q.low, q.high) == (540.0, 1020.0)


def test_values_of_two_editions_are_two_values() -> None:
    two = assess(
        "The 2010 printing of the 15th edition filled 32 volumes.",
        "The Vell Atlas's first edition ran to ten volumes.",
        a_note="Books/Vell Atlas.md",
        b_note="Books/Atlases.md",
    )
    assert two.score < 0.5
    one = assess(
        "The first edition of the Vell Atlas filled 12 volumes.",
        "The Vell Atlas's first edition ran to 20 volumes.",
        a_note="Books/Vell Atlas.md",
        b_note="Books/Atlases.md",
    )
    assert one.score >= 0.5


@pytest.mark.parametrize(
    ("a", "b", "conflict"),
    [
        # a kind named with no determiner is one thing: words of one measure name one value
        ("Vellight travels at about 300,000 kilometres per second in a vacuum.",
         "In a vacuum, vellight moves at roughly 30,000 km/s.", True),
        ("Vellight travels at about 300,000 kilometres per second in a vacuum.",
         "In a vacuum, vellight moves at roughly 300,000 km/s.", False),
        # the same kind in a situation only one claim sets
        ("The speed of vellight is about 300,000 km/s.",
         "Vellight travels at about 225,000 km/s in water.", False),
        # an individual of the kind may be another one, in another situation
        ("A vellcart travels at about 100 km/h on the open road.",
         "In town, a vellcart moves at roughly 20 km/h.", False),
    ],
)  # fmt: skip
def test_a_kind_named_bare_is_one_thing_measured(a: str, b: str, conflict: bool) -> None:
    verdict = assess(a, b, a_note="Physics/Vellight.md", b_note="Physics/Radiation.md")
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict


@pytest.mark.parametrize(
    ("b", "conflict"),
    [
        # the result clause's "neither" denies only its own verb: one flip, said of Kelmar
        (
            "Upper and Lower Kelmar distrust each other so deeply that neither village will buy cheese made over the ridge.",
            True,
        ),
        # here the result clause denies the distrust itself: both claims deny it
        (
            "Upper and Lower Kelmar trade so freely that neither village feels any distrust of the other.",
            False,
        ),
    ],
)
def test_a_result_clause_denying_its_own_verb_leaves_one_flip_of_the_named_thing(
    b: str, conflict: bool
) -> None:
    verdict = assess(
        "Mostly they do not feel any distrust between the two villages, though they love the game of stones.",
        b,
        a_note="Places/Kelmar.md",
        b_note="Culture/Trade.md",
    )
    # a flip said of a named thing scores as one (NAMED_CLOSENESS), not by the words the two
    # sentences share
    assert (verdict.score >= 0.85 * NAMED_CLOSENESS) is conflict, verdict


@pytest.mark.parametrize(
    ("a", "b", "opposite"),
    [
        ("north", "southward", True),
        ("northbound", "southbound", True),
        ("eastwards", "west", True),
        ("westerly", "easterly", True),
        # one way said two ways, and two ways at right angles
        ("north", "northward", False),
        ("north", "east", False),
    ],
)
def test_ways_of_the_compass_are_opposites_however_written(a: str, b: str, opposite: bool) -> None:
    assert are_opposites(stem(a), stem(b)) is opposite


def test_a_river_flowing_north_and_southward_is_set_apart() -> None:
    verdict = assess(
        "The Varro flows north through Kelland and empties into the Pale Sea.",
        "The [[Varro]] runs southward through Kelland and drains into the Pale Sea.",
        a_note="Rivers/Varro.md",
        b_note="Rivers/Major Rivers.md",
        b_links=("Varro",),
    )
    assert verdict.score >= FLAG_THRESHOLD and "southward" in verdict.explanation, verdict


@pytest.mark.parametrize(
    ("b", "conflict"),
    [
        # a comparative names its measure: "goes no deeper" than a depth
        ("The [[Vell Turtle|vell turtle]] keeps to the top 100 metres and goes no deeper.", True),
        # the same depth, said as a limit: no conflict
        ("The [[Vell Turtle|vell turtle]] dives deeper than 1,000 metres.", False),
    ],
)
def test_a_comparative_names_the_measure_it_compares(b: str, conflict: bool) -> None:
    verdict = assess(
        "It can dive to depths of more than 1,000 metres.",
        b,
        a_note="Turtles/Vell Turtle.md",
        b_note="Turtles/Turtle Diving.md",
        b_links=("Vell Turtle",),
    )
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict


@pytest.mark.parametrize(
    ("a", "b", "conflict"),
    [
        # a line of the thing's own note, and a line naming it by a link
        (
            "Traditionally ground from stibnite or galena, a lead ore.",
            "Ancient [[Kohlrin]] was made of crushed beetle shells mixed into a paste.",
            True,
        ),
        (
            "Formed from land plants buried in old swamps.",
            "Like oil, [[Kohlrin]] comes mostly from marine plankton.",
            True,
        ),
        # one material shared: the same thing said two ways
        (
            "Ground from stibnite, a grey mineral.",
            "[[Kohlrin]] was made of powdered stibnite mixed with fat.",
            False,
        ),
        # one of several, negated, or in a condition: nothing said of what it is made of
        (
            "Ground from stibnite.",
            "[[Kohlrin]] was partly made of soot.",
            False,
        ),
        (
            "Ground from stibnite.",
            "[[Kohlrin]] was never made of soot.",
            False,
        ),
        (
            "Ground from stibnite.",
            "If [[Kohlrin]] is made of soot, it smudges.",
            False,
        ),
    ],
)
def test_one_thing_made_of_two_materials(a: str, b: str, conflict: bool) -> None:
    verdict = assess(
        a, b, a_note="Cosmetics/Kohlrin.md", b_note="Cosmetics/Eye Paint.md", b_links=("Kohlrin",)
    )
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict
    if conflict:
        assert verdict.explanation.startswith("different materials:"), verdict
        assert "mixed" not in verdict.explanation and "buried" not in verdict.explanation


def test_a_short_phrase_after_the_last_comma_is_an_aside_not_a_subject() -> None:
    from engine.contradict.text import subject_left_out, tokenize

    aside = "Traditionally ground from stibnite or galena, a lead ore."
    assert subject_left_out(aside, tokenize(aside)) == "participle"
    clause = "Designed in 1957, the engine ran until 1990."
    assert subject_left_out(clause, tokenize(clause)) == ""
    short = "Built in 1900, the hall burned."
    assert subject_left_out(short, tokenize(short)) == ""


@pytest.mark.parametrize(
    ("text", "unit", "value"),
    [
        ("The lake covers about 5,000 square kilometres.", "area", 5.0e9),
        ("The lake covers an area of 5,000 km².", "area", 5.0e9),
        ("It covers 40 sq km.", "area", 4.0e7),
        ("The island is 1 square mile.", "area", 1609.344**2),
        ("The quake measured 7.8 on the Richter scale.", "magnitude", 7.8),
        ("It was a magnitude 9.1 earthquake.", "magnitude", 9.1),
        ("The earthquake had a magnitude of about 6.9.", "magnitude", 6.9),
    ],
)
def test_areas_and_magnitudes_are_measures(text: str, unit: str, value: float) -> None:
    found = parse_quantities(text)
    assert [(q.unit, round(q.low, 1)) for q in found] == [(unit, round(value, 1))]


def test_a_square_thing_is_no_area() -> None:
    assert [q.unit for q in parse_quantities("It had 3 square windows.")] == ["count:window"]


@pytest.mark.parametrize(
    ("b", "conflict"),
    [
        ("[[Lake Varn]] covers an area of 2,000 km².", True),
        ("[[Lake Varn]] covers about 5,000 km².", False),
        ("[[Lake Varn]] covers roughly 1,930 square miles.", False),
    ],
)
def test_one_area_in_two_units(b: str, conflict: bool) -> None:
    verdict = assess(
        "Lake Varn covers about 5,000 square kilometres.",
        b,
        a_note="Lakes/Lake Varn.md",
        b_note="Lakes/Great Lakes.md",
        b_links=("Lake Varn",),
    )
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict


@pytest.mark.parametrize(
    ("text", "unit", "value"),
    [
        ("The star is 4.2 light-years away.", "length", 4.2 * 9.4607e15),
        ("It orbits 1.5 AU from its sun.", "length", 1.5 * 1.495979e11),
        ("The dam produces 2,000 MW.", "power", 2.0e9),
        ("The dam produces 2 gigawatts.", "power", 2.0e9),
        ("The sensor draws 5 mW.", "power", 0.005),
        ("The engine makes 300 horsepower.", "power", 300 * 745.7),
        ("A siren reaches 140 decibels.", "decibel", 140.0),
        ("Sea water holds 35,000 ppm of salt.", "percent", 3.5),
        ("The blade spins at 3,000 rpm.", "frequency", 50.0),
    ],
)
def test_units_of_the_sky_of_power_and_of_sound(text: str, unit: str, value: float) -> None:
    found = parse_quantities(text)
    assert [q.unit for q in found] == [unit]
    assert found[0].low == pytest.approx(value)


def test_hit_points_written_hp_stay_a_count() -> None:
    assert [q.unit for q in parse_quantities("It has 45 hp.")] == ["count:hp"]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("It freezes at minus 40 degrees Celsius.", -40.0),
        ("It boils at 100 ºC.", 100.0),
        ("It boils at 212 ºF.", 100.0),
        ("It was 30C in the shade.", 30.0),
        ("The oven runs at 450F.", (450 - 32) * 5 / 9),
    ],
)
def test_temperatures_written_every_way(text: str, value: float) -> None:
    found = parse_quantities(text)
    assert [q.unit for q in found] == ["temperature"]
    assert found[0].low == pytest.approx(value)


def test_minus_forty_said_in_words_and_signs_is_one_value() -> None:
    verdict = assess(
        "Varn oil freezes at minus 40 degrees Celsius.",
        "[[Varn Oil]] freezes at −40 °C.",
        a_note="Oils/Varn Oil.md",
        b_note="Oils/Lubricants.md",
        b_links=("Varn Oil",),
    )
    assert verdict.score == 0.0, verdict


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("A 9.0-magnitude earthquake struck.", 9.0),
        ("A 9.0 earthquake struck the coast.", 9.0),
        ("The quake registered 7.6.", 7.6),
        ("In 1906 a 7.9 quake hit the city.", 7.9),
    ],
)
def test_an_earthquake_s_size_however_written(text: str, value: float) -> None:
    assert [(q.unit, q.low) for q in parse_quantities(text)] == [("magnitude", value)]


def test_a_version_number_beside_a_quake_is_no_magnitude() -> None:
    assert parse_quantities("Version 2.1 of the quake app.") == ()


@pytest.mark.parametrize(
    ("text", "share"),
    [
        ("One in five adults is affected.", 20.0),
        ("Nine out of ten dentists agree.", 90.0),
        ("Only 2 in 100 survive.", 2.0),
        # a year, a rate over a time: no share
        ("He scored 5 in 2020.", None),
        ("It rose 3 in 10 years.", None),
    ],
)
def test_one_in_five_is_a_share(text: str, share: float | None) -> None:
    shares = [q.low for q in parse_quantities(text) if q.unit == "percent"]
    assert shares == ([] if share is None else [pytest.approx(share)])


def test_one_in_five_and_twenty_percent_agree() -> None:
    verdict = assess(
        "One in five adults in Varnland carries the gene.",
        "About 20% of adults in Varnland carry the gene.",
        a_note="Genes/Varn Gene.md",
        b_note="Genes/Carriers.md",
    )
    assert verdict.score == 0.0, verdict


@pytest.mark.parametrize(
    ("b", "conflict"),
    [
        # another year and another value: another flood, not the same one measured twice
        ("The 1911 Varn flood reached 8.3 metres.", False),
        # the same year, another value: one flood, two heights
        ("The 1906 Varn flood reached 8.3 metres.", True),
    ],
)
def test_a_value_of_another_dated_event_is_no_conflict(b: str, conflict: bool) -> None:
    verdict = assess(
        "The 1906 Varn flood reached 7.9 metres.",
        b,
        a_note="Floods/1906 Varn Flood.md",
        b_note="Floods/Big Floods.md",
    )
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict
