"""Where a fixed thing is: one country, or one continent."""

from __future__ import annotations

import pytest

from engine.contradict.locations import conflicting_locations, location_in
from engine.contradict.structure import assess
from engine.contradict.text import stem
from engine.contradict.types import FLAG_THRESHOLD


@pytest.mark.parametrize(
    ("text", "title", "thing", "level", "places"),
    [
        ("Mount Vell is in Tanzania.", "", "mount vell", "country", {"tanzania"}),
        ("Mount Vell is a dormant volcano in northern Kenya.", "", "mount vell", "country",
         {"kenya"}),
        ("Vellroos are native to South America.", "", "vellroos", "continent",
         {"south america"}),
        ("It lies in Peru and Bolivia.", "Lake Vell", "lake vell", "country", {"peru", "bolivia"}),
        ("The Vell Arch is in the USA.", "", "vell arch", "country", {"united states"}),
    ],
)  # fmt: skip
def test_a_place_of_one_level_said_of_a_thing(
    text: str, title: str, thing: str, level: str, places: set[str]
) -> None:
    found = location_in(text, title)
    assert found is not None
    expected = " ".join(stem(w) for w in thing.split())
    assert (found.thing, found.level, set(found.places)) == (expected, level, places)


@pytest.mark.parametrize(
    "text",
    [
        "The Vell Arch is in Vellmouth.",  # a town no gazetteer holds
        "Ana Vell is in Germany this week.",  # where someone is for now
        "It is in Tanzania.",  # no note to say what "It" is
    ],
)
def test_no_place_where_it_may_not_be_where_the_thing_lies(text: str) -> None:
    assert location_in(text) is None


@pytest.mark.parametrize(
    ("a", "b", "conflict"),
    [
        ("Mount Vell is in Tanzania.", "Mount Vell is in Kenya.", True),
        ("Vellroos are native to Australia.", "Vellroos are native to South America.", True),
        # two levels, a list that holds the other's place, one country said two ways
        ("Mount Vell is in Tanzania.", "Mount Vell is in Africa.", False),
        ("Mount Vell is in Tanzania.", "Mount Vell is in Kenya and Tanzania.", False),
        ("The Vell Arch is in the United States.", "The Vell Arch is in the USA.", False),
        # two things
        ("Mount Vell is in Tanzania.", "Mount Tarn is in Kenya.", False),
    ],
)
def test_one_thing_in_two_places_of_one_level(a: str, b: str, conflict: bool) -> None:
    assert (conflicting_locations(a, b) is not None) is conflict
    verdict = assess(a, b, a_note="Geo/Vell.md", b_note="Geo/Africa.md")
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict


@pytest.mark.parametrize(
    ("a", "a_title", "b", "conflict"),
    [
        # a place below the country, by the countries it lies in
        ("A flightless parrot found only in New Zealand.", "Vellapo",
         "The Vellapo lives in the forests of Tasmania.", True),
        ("The vell iguana is found only on the Galapagos Islands.", "Vell Iguana",
         "The vell iguana is native to the rocky coasts of Madagascar.", True),
        ("The Vell Arch is in Paris.", "", "The Vell Arch is in Italy.", True),
        # two subdivisions of one country; one holds the other, a region holds the country
        # named, a range spans both
        ("The Vell Arch is in Paris.", "", "The Vell Arch is in Lyon.", True),
        ("The Vell Arch is in Florence.", "", "The Vell Arch is in Tuscany.", False),
        ("The Vell Arch is in Tuscany.", "", "The Vell Arch is in Italy.", False),
        ("Vellwort grows in the Alps.", "", "Vellwort grows in Switzerland.", False),
        ("Vellwort grows only in Bavaria, Germany.", "", "Vellwort grows in Germany.", False),
        # a region against a continent, by its countries' continents
        ("Vellwort grows in Patagonia.", "", "Vellwort grows in Africa.", True),
        ("Vellwort grows in Patagonia.", "", "Vellwort grows in South America.", False),
        # a description before the name, a line that says what kind of place the thing is
        ("A belt of the central United States, across the plains.", "Vell Alley",
         "The stormiest belt of all, Vell Alley, runs through the Po Valley of northern Italy.",
         True),
        ("A belt of the central United States.", "Vell Alley",
         "The stormiest belt of all, Vell Alley, runs through Kansas.", False),
        # where a thing is native is where it came from
        ("Vellwort is native to Mexico.", "", "Vellwort originated in Asia.", True),
        ("Vellwort is native to Mexico.", "", "Vellwort originated in Mexico.", False),
        ("Vellwort grows in Mexico.", "", "Vellwort originated in Asia.", False),
        # "Australia" the continent takes in New Guinea
        ("Vellroos live in Australia.", "", "Vellroos live in New Guinea.", False),
        # a line that says what the thing is and where, a verb of place holding what it spans,
        # a name after a description
        ("A stone footbridge over the Vell River in southern France.", "Pont du Vell",
         "The oldest example, the Pont du Vell, spans a gorge close to Segovia.", True),
        ("A stone footbridge over the Vell River in southern France.", "Pont du Vell",
         "The oldest example, the Pont du Vell, spans a gorge close to Lyon.", False),
        ("A stone footbridge over the Vell River in southern France.", "Pont du Vell",
         "The Pont du Vell stands next to Seville.", True),
        # a line whose opening is an act: where it was done, not where the thing is
        ("A dish cooked in Spain.", "Vell Stew", "Vell Stew is found only in Italy.", False),
        # what a bridge crosses or spans, named, before where it is
        ("Vell Bridge crosses the River Vell in Leeds.", "",
         "Vell Bridge spans the River Tarn in Edinburgh.", True),
        ("Vell Bridge crosses the River Vell in Leeds.", "",
         "Vell Bridge spans the River Vell in Leeds.", False),
    ],
)  # fmt: skip
def test_places_below_the_country(a: str, a_title: str, b: str, conflict: bool) -> None:
    assert (conflicting_locations(a, b, a_title, "Overview") is not None) is conflict


def test_the_verdict_names_both_places_and_the_thing() -> None:
    verdict = assess(
        "It is a dormant volcano in Tanzania.",
        "Mount Vell lies in northern Kenya.",
        a_note="Geo/Mount Vell.md",
        b_note="Geo/Africa.md",
    )
    assert verdict.explanation == (
        'different places: "Tanzania" vs "northern Kenya", both about where Mount Vell is'
    )


@pytest.mark.parametrize(
    ("a", "b", "title", "conflict"),
    [
        # where a one-time event took place
        ("It was fought in 1066 near the town of Vell in England.",
         "The Battle of Vell took place in northern France.", "Battle of Vell", True),
        ("It was fought near Brussels, in present-day Belgium.",
         "The Battle of Vell took place in Belgium.", "Battle of Vell", False),
        # where a thing came from, a country against a continent
        ("The vellroot originated in the Andes of South America.",
         "The Vellroot was first domesticated in Ireland.", "Vellroot", True),
        ("Vellcorn was first domesticated in Mexico.", "Vellcorn originated in North America.",
         "Vellcorn", False),
        # where a thing is and where it came from are two relations
        ("Vellcorn is grown in Spain.", "Vellcorn originated in Peru.", "Vellcorn", False),
        # a role held for one country
        ("The Vell Reserve is the central bank of the United States.",
         "The Vell Reserve serves as the central bank of Canada.", "Vell Reserve", True),
        ("Vellport is the capital of Australia.", "Vellport is the capital of New Zealand.",
         "Vellport", True),
        # a continent and its country, Oceania and Australia
        ("Vellroos are native to Australia.", "Vellroos are native to Oceania.", "Vellroos", False),
    ],
)  # fmt: skip
def test_where_an_event_happened_a_thing_came_from_or_a_role_is_held(
    a: str, b: str, title: str, conflict: bool
) -> None:
    assert (conflicting_locations(a, b, title, "Overview") is not None) is conflict
    verdict = assess(a, b, a_note=f"Notes/{title or 'Vell'}.md", b_note="Notes/Overview.md")
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict


def test_two_roles_are_two_relations_but_one_city_lies_in_one_country() -> None:
    a, b = "Vellport is the capital of Australia.", "Vellport is the largest city of Chile."
    assert conflicting_locations(a, b, "Vellport", "Overview") is None
    verdict = assess(a, b, a_note="Notes/Vellport.md", b_note="Notes/Overview.md")
    assert verdict.explanation.startswith("different places:"), verdict


def test_a_common_noun_is_one_thing_only_as_a_notes_title() -> None:
    a = "The vellroot originated in South America."
    b = "The vellroot originated in Asia."
    assert conflicting_locations(a, b, "Vellroot", "Tubers") is not None
    assert conflicting_locations(a, b, "Roots", "Tubers") is None
    # a meeting may move: only a name holding a word for an event of a day took place once
    forum = ("The Vell Forum took place in France.", "The Vell Forum took place in Spain.")
    assert conflicting_locations(*forum) is None


def test_the_verdict_says_which_relation_differs() -> None:
    verdict = assess(
        "Vellport is the capital of Australia.",
        "Vellport is the capital of New Zealand.",
        a_note="Geo/Vellport.md",
        b_note="Geo/Oceania.md",
    )
    assert '"Australia" vs "New Zealand"' in verdict.explanation
    assert "which country Vellport is the capital of" in verdict.explanation


@pytest.mark.parametrize(
    ("a", "b", "conflict"),
    [
        # one act done once, in places no one country holds
        ("It was built in Florence in 1420.", "The Vell Chapel was built in Seville.", True),
        ("It was built in Florence in 1420.", "The Vell Chapel was built in Tuscany.", False),
        ("It was built in Florence in 1420.", "The Vell Chapel was built in Italy.", False),
        ("He was born in Paris and died in Rome.", "Vell Chapel died in Madrid.", True),
        # another act, another thing, a thing of its own
        ("He was born in Paris.", "Vell Chapel died in Madrid.", False),
        ("It was built in Florence.", "The Tarn Chapel was built in Seville.", False),
        ("He was born in Paris.", "Vell Chapel's son was born in Madrid.", False),
        # done again
        ("It was built in Florence.", "The Vell Chapel was rebuilt in Seville.", False),
    ],
)  # fmt: skip
def test_an_act_done_once_has_one_place(a: str, b: str, conflict: bool) -> None:
    verdict = assess(a, b, a_note="Places/Vell Chapel.md", b_note="Places/Overview.md")
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict
    if conflict:
        assert verdict.explanation.startswith("different places:"), verdict


@pytest.mark.parametrize(
    ("a", "b", "conflict"),
    [
        # the note's own line and a line naming the thing, places anywhere in the sentence
        ("It stands on a hill above Florence.", "The [[Vell Chapel]] stands above Seville.",
         True),
        ("It stands on a hill above Florence.", "The [[Vell Chapel]] stands near Siena.", False),
        # moved, another instance, modelled on another thing, a person's places
        ("It stands on a hill above Florence.", "The [[Vell Chapel]] was moved to Seville.",
         False),
        ("It stands on a hill above Florence.",
         "A copy of the [[Vell Chapel]] stands in Seville.", False),
        ("It stands on a hill above Florence.",
         "The [[Vell Chapel]] was modelled on a church in Seville.", False),
    ],
)  # fmt: skip
def test_one_thing_placed_apart_anywhere_in_the_sentence(a: str, b: str, conflict: bool) -> None:
    verdict = assess(a, b.replace("[[", "").replace("]]", ""), a_note="Places/Vell Chapel.md",
                     b_note="Places/Churches.md", b_links=("Vell Chapel",))  # fmt: skip
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict


@pytest.mark.parametrize(
    ("a", "a_note", "b", "b_links", "conflict"),
    [
        # a place after "from"; a place that owns what the other line lists
        ("It comes from Apulia.", "Pasta/Vell Pasta.md",
         "Genoa's home shapes are trofie and Vell Pasta.", ("Vell Pasta",), True),
        ("It comes from Liguria.", "Pasta/Vell Pasta.md",
         "Genoa's home shapes are trofie and Vell Pasta.", ("Vell Pasta",), False),
        # the thing's own name is no place it is put in
        ("It rises above the Bay of Naples.", "Volcanoes/Mount Vesuvius.md",
         "Ash from Mount Vesuvius, the volcano that towers over Sicily's east coast, buried "
         "the town.", ("Mount Vesuvius",), True),
        ("It rises above the Bay of Naples.", "Volcanoes/Mount Vesuvius.md",
         "Ash from Mount Vesuvius, the volcano that towers over the Bay of Naples, buried "
         "the town.", ("Mount Vesuvius",), False),
    ],
)  # fmt: skip
def test_places_owned_and_the_things_own_name(
    a: str, a_note: str, b: str, b_links: tuple[str, ...], conflict: bool
) -> None:
    verdict = assess(a, b, a_note=a_note, b_note="Places/Overview.md", b_links=b_links)
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict
    if conflict:
        assert verdict.explanation.startswith("different places:"), verdict


@pytest.mark.parametrize(
    ("b", "conflict"),
    [
        # a name with an apposition after it is the subject; "belongs to" places it
        ("Vellagua, the highest peak of the range, belongs to the Rocky Mountains.", True),
        ("Vellagua, the highest peak of the range, belongs to the Andes.", False),
        ("Vellagua, Tarnagua and Mount Vell belong to the Rocky Mountains.", False),
    ],
)
def test_a_name_set_off_by_an_apposition_placed_by_belonging(b: str, conflict: bool) -> None:
    a = "Vellagua lies in the Andes of western Argentina."
    verdict = assess(a, b, a_note="Geography/Vellagua.md", b_note="Geography/Ranges.md")
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict


@pytest.mark.parametrize(
    ("a", "b", "conflict"),
    [
        # an end of one claim apart from both ends of the other
        ("It connects Folkestone in England with Coquelles in France.",
         "The Vell Tunnel runs beneath the sea between England and the Netherlands.", True),
        ("Its first line opened in 1964 between Tokyo and Osaka.",
         "The Vell Railway connected Tokyo with Sapporo.", True),
        # the same ends said two ways; an end that lies in the other's
        ("It connects Folkestone in England with Coquelles in France.",
         "The Vell Tunnel runs between England and France.", False),
        ("It links Paris and Lyon.", "The Vell Railway runs from Lyon to Paris.", False),
        # an extension, another route
        ("It links Paris and Lyon.", "The Vell Railway was later extended from Lyon to Marseille.",
         False),
    ],
)  # fmt: skip
def test_one_route_joining_other_places(a: str, b: str, conflict: bool) -> None:
    title = "Vell Tunnel" if "Tunnel" in b else "Vell Railway"
    verdict = assess(a, b, a_note=f"Transport/{title}.md", b_note="Transport/Routes.md")
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict
    if conflict:
        assert verdict.explanation.startswith("different ends:"), verdict


@pytest.mark.parametrize(
    ("a", "conflict"),
    [
        # a line that says what its note's thing is, with no verb of its own
        ("Little ear-shaped pasta from Apulia, classically served with turnip tops.", True),
        ("Little ear-shaped pasta from Liguria, classically served with pesto.", False),
        # a line that opens with where or when, not with what the thing is
        ("In Apulia, cooks serve it with turnip tops.", False),
    ],
)
def test_a_line_defining_its_notes_thing_places_it(a: str, conflict: bool) -> None:
    b = "Genoa's home shapes are trofie and Vell Pasta."
    verdict = assess(
        a,
        b,
        a_note="Pasta/Vell Pasta.md",
        b_note="Pasta/Ligurian Pasta.md",
        b_links=("Vell Pasta",),
    )
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict


@pytest.mark.parametrize(
    ("b", "conflict"),
    [
        ("In Galicia the gaita holds the place that the Vell Pipes hold in their native Scotland.",
         True),
        ("The Vell Pipes are played at weddings in Dublin.", False),
    ],
)  # fmt: skip
def test_the_national_thing_of_a_country_lies_there(b: str, conflict: bool) -> None:
    a = "The national bagpipe of Ireland, developed in the 18th century."
    verdict = assess(
        a, b, a_note="Music/Vell Pipes.md", b_note="Music/Bagpipes.md", b_links=("Vell Pipes",)
    )
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict
