"""What a thing lacks and what it has: the words (`absence`) and the verdict on two claims
about one note's thing (`structure.assess`)."""

from __future__ import annotations

import re

import pytest

from engine.contradict.absence import excluded, had, lacked, same_thing_word, without_excluded
from engine.contradict.structure import assess
from engine.contradict.text import subject_left_out, tokenize
from engine.contradict.types import FLAG_THRESHOLD


@pytest.mark.parametrize(
    ("text", "heads"),
    [
        ("The vellhorn has no antlers at all.", {"antlers"}),
        ("Vellhorns lack antlers altogether.", {"antlers"}),
        ("Naturally free of sugar, since it is brewed from roots.", {"sugar"}),
        ("There are no keys on the front panel.", {"keys"}),
        ("Never grows leaves or flowers; it feeds on fungi.", {"leaves", "flowers"}),
        ("No external gills, and no fins either.", {"gills", "fins"}),
        ("Tarn moles lack any ability to see and dig by touch.", {"see"}),
        ("Usually sold without a lid.", {"lid"}),
        ("It builds no nest of its own.", {"nest"}),
        # a word that says what is missing, said of the thing
        ("Vellbirds are flightless and nest in burrows.", {"flight"}),
        ("It is completely odourless, so leaks go unnoticed.", {"odour"}),
        ("Toothless at birth.", {"tooth"}),
        ("Naturally caffeine-free.", {"caffeine"}),
    ],
)  # fmt: skip
def test_what_a_claim_says_is_missing(text: str, heads: set[str]) -> None:
    assert {lack.head for lack in lacked(text)} == heads


@pytest.mark.parametrize(
    "text",
    [
        "No vellhorn sheds its antlers in winter.",  # a subject, not a missing part
        "It no longer has a chimney.",
        "There is no doubt about its age.",
        "Camels can go without water for weeks.",  # doing without, not lacking
        "The vellhorn has antlers.",
        "Seedless vellberries are popular.",  # a kind of the thing, not the thing
        "A useless device, and a carefree one.",
    ],
)
def test_what_names_no_missing_thing(text: str) -> None:
    assert lacked(text) == ()


def test_one_thing_in_two_forms_of_its_word() -> None:
    assert same_thing_word("openings", "opening")
    assert same_thing_word("echolocation", "echolocate")
    assert same_thing_word("berries", "berry")
    assert same_thing_word("teeth", "tooth")
    assert not same_thing_word("fins", "finches")
    assert had("Its front panel carries six brass keys.", "keys") == "six brass keys"
    assert had("Its front panel is bare.", "keys") is None


@pytest.mark.parametrize(
    ("a", "a_note", "b", "b_note", "conflict"),
    [
        # the note's own thing, and a claim whose subject is that note
        ("There are no keys on the front panel.", "Instruments/Vellophone.md",
         "The Vellophone carries six brass keys on its front panel.",
         "Instruments/Keyed Instruments.md", True),
        ("Naturally free of sugar, since it is brewed from roots.", "Drinks/Tarnbrew.md",
         "Tarnbrew contains about as much sugar as a glass of cola.", "Drinks/Sugar.md", True),
        # a kind that lacks what its member is said to have
        ("Vellworts never produce flowers; they spread by spores.", "Plants/Vellwort.md",
         "In early summer it bears small yellow flowers.", "Plants/Marsh Vellwort.md", True),
        # a kind's lack said of its kind, not of every member
        ("Vellworts produce no flowers; they spread by spores.", "Plants/Vellwort.md",
         "In early summer it bears small yellow flowers.", "Plants/Marsh Vellwort.md", False),
        # a kind that has what one member lacks: an exception, not a conflict
        ("Vellworts bear small yellow flowers.", "Plants/Vellwort.md",
         "It has no flowers; it spreads by spores.", "Plants/Marsh Vellwort.md", False),
        # both lack it
        ("There are no keys on the front panel.", "Instruments/Vellophone.md",
         "The Vellophone has no keys, unlike a clarinet.", "Instruments/Keyed Instruments.md",
         False),
        # a share of the kind, a time, another thing
        ("Females usually lack antlers.", "Deer/Vellhorn.md",
         "The Vellhorn grows a pair of antlers every spring.", "Deer/Antlers.md", False),
        ("There are no keys on the front panel.", "Instruments/Vellophone.md",
         "Unlike the Vellophone, the Tarnophone carries six brass keys.",
         "Instruments/Keyed Instruments.md", False),
        # the other claim's subject is something else that has it
        ("There are no keys on the front panel.", "Instruments/Vellophone.md",
         "Clarinets carry keys, and so do most woodwinds.", "Instruments/Keyed Instruments.md",
         False),
    ],
)  # fmt: skip
def test_what_one_thing_lacks_and_has(
    a: str, a_note: str, b: str, b_note: str, conflict: bool
) -> None:
    verdict = assess(a, b, a_note=a_note, b_note=b_note)
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict


def test_a_link_in_the_subject_names_the_thing() -> None:
    verdict = assess(
        "Finds its food by echolocation, clicking as it flies.",
        "Tarn bats lack echolocation and hunt by sight.",
        a_note="Bats/Tarn Bat.md",
        b_note="Bats/Senses.md",
        b_links=("Tarn Bat",),
    )
    assert verdict.score >= FLAG_THRESHOLD, verdict


def test_the_line_names_what_is_lacked_and_had() -> None:
    # nothing but the lacked thing is shared: the verdict is this rule's own line
    verdict = assess(
        "Naturally free of sugar, since it is brewed from roots.",
        "Tarnbrew contains about as much sugar as a glass of cola.",
        a_note="Drinks/Tarnbrew.md",
        b_note="Drinks/Sugar.md",
    )
    assert verdict.explanation == (
        '"free of sugar" vs "as much sugar", both about whether Tarnbrew has sugar'
    )


def test_a_line_under_its_own_heading_or_with_this_is_not_the_note_s_thing() -> None:
    lacks = "This charm has no effect on golems."
    has = "The Vell Charm binds a golem to its maker."
    # in a list note, under the heading of one item
    verdict = assess(lacks, has, a_note="Charms/Charms V.md", b_note="Charms/Vell Charm.md",
                     a_heading="Ward of Tarn")  # fmt: skip
    assert verdict.score < FLAG_THRESHOLD, verdict
    # "this charm" names what the context names, even under the title
    verdict = assess(lacks, "Charms V binds a golem to its maker.", a_note="Charms/Charms V.md",
                     b_note="Charms/Index.md")  # fmt: skip
    assert verdict.score < FLAG_THRESHOLD, verdict


@pytest.mark.parametrize(
    ("a", "a_note", "b", "b_note", "b_links", "conflict"),
    [
        # what every member has, which a share of the kind is said to lack
        ("Females usually lack horns, and many males have none either.", "Animals/Vellbuck.md",
         "Every adult Vellbuck, male or female, grows a pair of long horns.",
         "Animals/Horns.md", ("Vellbuck",), True),
        # ... but a share against a share says nothing of the other share
        ("Females usually lack horns.", "Animals/Vellbuck.md",
         "Adult male vellbucks grow long horns.", "Animals/Horns.md",
         ("Vellbuck",), False),
        # a link by an alias that keeps most of the title's words
        ("Vell term cover runs for a fixed period and builds no cash value.",
         "Insurance/Vell Term Cover.md",
         "Vell term policies accumulate a cash value that the owner can borrow against.",
         "Insurance/Policy Types.md", ("Vell Term Cover",), True),
        # a member said to be like the others of its kind, which lacks the thing
        ("No external gills, and no gill slits either.", "Animals/Vellfish.md",
         "Like other vellfish, it breathes through a gill slit on each side of the head.",
         "Animals/Cave Vellfish.md", (), True),
        ("No external gills, and no gill slits either.", "Animals/Vellfish.md",
         "Unlike other vellfish, it breathes through a gill slit on each side of the head.",
         "Animals/Cave Vellfish.md", (), False),
    ],
)  # fmt: skip
def test_every_member_and_a_share_of_the_kind(
    a: str, a_note: str, b: str, b_note: str, b_links: tuple[str, ...], conflict: bool
) -> None:
    verdict = assess(a, b, a_note=a_note, b_note=b_note, b_links=b_links)
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict


@pytest.mark.parametrize(
    ("a", "a_note", "b", "b_note", "b_links", "conflict"),
    [
        # one thing said not to do what the other claim says it does
        ("It does not feed at all as an adult.", "Moths/Vell Moth.md",
         "The Vell moth feeds on nectar every night.", "Moths/Feeding.md", ("Vell Moth",), True),
        # a kind named bare, and a member whose name says nothing of it
        ("Vellbirds cannot fly; their wings are stubs.", "Birds/Vellbird.md",
         "It flies low over the waves for short distances.", "Birds/Little Vellbird.md", (),
         True),
        # what is said instead ("but belong to ...") is no part of the denial
        ("Vellfins are not dolphins at all but belong to the baleen whale family.",
         "Zoology/Whale Families.md",
         "The vellfin is the largest member of the oceanic dolphin family.",
         "Zoology/Vellfin.md", (), True),
        # "cannot" holds in every situation, the one the other claim sets included
        ("Vellbirds cannot fly; their wings are stubs.", "Birds/Vellbird.md",
         "When chased, it flies low over the waves.", "Birds/Little Vellbird.md", (), True),
        # ... but a member whose name is the exception
        ("Vellbirds cannot fly; their wings are stubs.", "Birds/Vellbird.md",
         "It flies low over the waves for short distances.", "Birds/Flying Vellbird.md", (),
         False),
        # a hedge, a situation, a plain verb, another thing
        ("It usually does not feed as an adult.", "Moths/Vell Moth.md",
         "The Vell moth feeds on nectar every night.", "Moths/Feeding.md", ("Vell Moth",),
         False),
        ("It does not feed at all as an adult.", "Moths/Vell Moth.md",
         "When reared indoors, the Vell moth feeds on sugar water.", "Moths/Feeding.md",
         ("Vell Moth",), False),
        ("It does not have a proboscis.", "Moths/Vell Moth.md",
         "The Vell moth has wings.", "Moths/Feeding.md", ("Vell Moth",), False),
        ("It does not feed at all as an adult.", "Moths/Vell Moth.md",
         "The Tarn moth feeds on nectar every night.", "Moths/Feeding.md", (), False),
    ],
)  # fmt: skip
def test_what_one_thing_is_said_not_to_do_and_to_do(
    a: str, a_note: str, b: str, b_note: str, b_links: tuple[str, ...], conflict: bool
) -> None:
    verdict = assess(a, b, a_note=a_note, b_note=b_note, b_links=b_links)
    # this rule's own line, or none of it (other rules may read the pair their own way)
    said = re.match(r'"[^"]*\b(?:not|never|cannot)\b', verdict.explanation)
    denied = verdict.score >= FLAG_THRESHOLD and said is not None
    assert denied is conflict, verdict


@pytest.mark.parametrize(
    ("text", "heads", "kept"),
    [
        ("Draws its images with a beam of ions instead of visible light.", {"light"},
         "Draws its images with a beam of ions ."),
        ("A curved mirror, not a lens, gathers the light.", {"lens"},
         "A curved mirror, , gathers the light."),
        ("Close cousins of the vellwings but not vellwings themselves.", {"vellwings"},
         "Close cousins of the vellwings  themselves."),
        ("Shading comes from pressure, not from the angle of the pen.", {"angle"},
         "Shading comes from pressure,  of the pen."),
        # an act set aside is no thing
        ("It reuses its water rather than flushing it away.", set(),
         "It reuses its water rather than flushing it away."),
        ("It is not cheap.", set(), "It is not cheap."),
    ],
)  # fmt: skip
def test_what_a_claim_sets_aside(text: str, heads: set[str], kept: str) -> None:
    assert {aside.head for aside in excluded(text)} == heads
    assert without_excluded(text) == kept


@pytest.mark.parametrize(
    ("a", "a_note", "b", "b_note", "b_links", "conflict"),
    [
        # the note's thing set apart from what a claim naming it says it is
        ("Draws its images with a beam of ions instead of visible light.",
         "Optics/Ion Scope.md", "An Ion Scope is just a light microscope with strong lenses.",
         "Optics/Resolution.md", ("Ion Scope",), True),
        # a bare definition of the note's thing, and a link as the other claim's subject
        ("Gliding reptiles that were cousins of the vellwings but not vellwings themselves.",
         "Fossils/Tarnwing.md", "The Tarnwings were the first true vellwings to glide.",
         "Fossils/Gliders.md", ("Tarnwing",), True),
        # a member of the linked kind: what it says, it says of the kind
        ("Green plants that trap insects for nitrogen, not for energy.", "Plants/Vell Trap.md",
         "Like every vell trap, it catches insects to get its energy.",
         "Plants/Marsh Vell Trap.md", ("Vell Trap",), True),
        # the set-aside word in a comparison, or negated, or another kind of it
        ("Draws its images with a beam of ions instead of visible light.",
         "Optics/Ion Scope.md", "An Ion Scope resolves far more than any light microscope.",
         "Optics/Resolution.md", ("Ion Scope",), False),
        ("Draws its images with a beam of ions instead of visible light.",
         "Optics/Ion Scope.md", "An Ion Scope needs no light at all.",
         "Optics/Resolution.md", ("Ion Scope",), False),
        ("Bread leavened by wild yeasts instead of commercial yeast.", "Bread/Vell Loaf.md",
         "A Vell Loaf rises slowly on its wild yeasts.", "Bread/Rising.md", ("Vell Loaf",),
         False),
        # another thing's claim
        ("Draws its images with a beam of ions instead of visible light.",
         "Optics/Ion Scope.md", "A Tarn Scope is just a light microscope with strong lenses.",
         "Optics/Resolution.md", (), False),
    ],
)  # fmt: skip
def test_what_one_thing_is_said_to_be_instead(
    a: str, a_note: str, b: str, b_note: str, b_links: tuple[str, ...], conflict: bool
) -> None:
    verdict = assess(a, b, a_note=a_note, b_note=b_note, b_links=b_links)
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict


def test_the_line_names_what_is_set_aside_and_said() -> None:
    verdict = assess(
        "Draws its images with a beam of ions instead of visible light.",
        "An Ion Scope is just a light microscope with strong lenses.",
        a_note="Optics/Ion Scope.md",
        b_note="Optics/Resolution.md",
        b_links=("Ion Scope",),
    )
    assert verdict.explanation == (
        '"instead of visible light" vs "light microscope", both about Ion Scope'
    )


@pytest.mark.parametrize(
    ("text", "opening"),
    [
        ("Hunts squid in the deep by echolocation.", "verb"),  # a verb before a noun
        ("Crosses Egypt from Port Said to Suez.", "verb"),
        ("Links open in a new pane.", ""),  # a plural noun before its verb
        ("Uses include tanning and dyeing.", ""),
        ("Vellbirds hunt squid in the deep.", ""),
    ],
)
def test_a_line_that_leaves_out_its_subject(text: str, opening: str) -> None:
    assert subject_left_out(text, tokenize(text)) == opening


@pytest.mark.parametrize(
    ("a", "a_note", "b", "b_note", "b_links", "conflict"),
    [
        ("Nothing of it stands today; an earthquake brought it down.", "Towers/Vell Light.md",
         "The Vell Light still rises over the harbour.", "Towers/Harbours.md", (), True),
        ("Wild vellbucks no longer exist; every living one is kept.", "Animals/Vellbuck.md",
         "Herds of truly wild vellbucks still roam the interior.", "Animals/Plains.md",
         ("Vellbuck",), True),
        ("The Vell Light was demolished in 1960.", "Towers/Vell Light.md",
         "The Vell Light remains in working order.", "Towers/Harbours.md", (), True),
        # made again, or another thing still there
        ("The Vell Light was demolished in 1960.", "Towers/Vell Light.md",
         "The rebuilt Vell Light still rises over the harbour.", "Towers/Harbours.md", (),
         False),
        ("Nothing of it stands today; an earthquake brought it down.", "Towers/Vell Light.md",
         "The Tarn Light still rises over the harbour.", "Towers/Harbours.md", (), False),
        # said not to be there still
        ("Nothing of it stands today; an earthquake brought it down.", "Towers/Vell Light.md",
         "The Vell Light no longer stands, though it still rises in old prints.",
         "Towers/Harbours.md", (), False),
    ],
)  # fmt: skip
def test_what_is_gone_and_still_there(
    a: str, a_note: str, b: str, b_note: str, b_links: tuple[str, ...], conflict: bool
) -> None:
    verdict = assess(a, b, a_note=a_note, b_note=b_note, b_links=b_links)
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict
