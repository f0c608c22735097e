"""A link's alias names its target: "Kites fly ..." names *Paper Kite* in a note that links
`[[Paper Kite|Kites]]`, for the candidate search (in a full scan and a live edit alike) and
for the verdict, which then reads both claims as about one thing."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.contradict import store
from engine.contradict.candidates import TitleIndex, linked_titles
from engine.contradict.structure import assess
from engine.contradict.types import FLAG_THRESHOLD
from engine.workspace import Workspace
from tests.helpers.contradiction_vault import stored_pairs, words_workspace

LINKS = (("Paper Kite", "Kites"), ("Species/Grey Heron", "herons"), ("Rain", "rain"))


def test_a_claim_writing_an_alias_names_the_links_target() -> None:
    assert linked_titles("Kites fly at most 1,000 miles.", LINKS) == ("Paper Kite",)
    both = ("Paper Kite", "Species/Grey Heron")
    assert linked_titles("The herons and Kites left.", LINKS) == both
    # a whole word only, as written
    assert linked_titles("Kitesurfing is popular; heronsbill grows here.", LINKS) == ()


def test_a_link_target_is_found_by_its_title() -> None:
    index = TitleIndex(["Species/Paper Kite.md", "Species/Grey Heron.md"])
    assert index.title_id("Paper Kite") == index.own("Species/Paper Kite.md")
    assert index.title_id("Species/Grey Heron") == index.own("Species/Grey Heron.md")
    assert index.title_id("Nowhere") == -1


KITE = "Eastern paper kites migrate up to 4,800 km each autumn, from the coast to the hills."
FLIGHT = "Kites fly at most about 1,000 miles each autumn to reach their winter grounds."


def test_a_value_said_of_an_aliased_link_measures_its_target() -> None:
    notes = {"a_note": "Species/Paper Kite.md", "b_note": "Migration.md"}
    assert assess(KITE, FLIGHT, **notes).score < FLAG_THRESHOLD
    verdict = assess(KITE, FLIGHT, **notes, b_links=("Paper Kite",))
    assert verdict.kind == "conflicting_values" and verdict.score >= FLAG_THRESHOLD
    assert '"at most 4,800 km" vs "at most 1,000 miles"' in verdict.explanation
    assert "distance" in verdict.explanation
    # the link names another note: no tie
    other = assess(KITE, FLIGHT, **notes, b_links=("Red Kite",))
    assert other.score < FLAG_THRESHOLD


SPECIES = "Species/Paper Kite.md"
MIGRATION = "Migration.md"
NOTES = {
    SPECIES: "# Paper Kite\n\nA pale butterfly of the coastal forests.\n\n" + KITE + "\n",
    MIGRATION: "# Migration\n\nMany insects travel with the seasons.\n\n"
    + FLIGHT.replace("Kites", "[[Paper Kite|Kites]]", 1)
    + "\n",
}


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    with words_workspace(tmp_path_factory, "alias", NOTES, seed=11) as ws:
        yield ws


def test_a_scan_reads_a_claim_beside_the_note_its_alias_names(workspace: Workspace) -> None:
    scanner = workspace._contradiction_scanner()
    assert scanner is not None
    assert store.link_aliases(workspace.catalog, [MIGRATION]) == {
        MIGRATION: (("Paper Kite", "Kites"),)
    }
    scanner.full_scan()
    everything = stored_pairs(workspace)
    found = [p for p in everything if {p[1], p[2]} == {SPECIES, MIGRATION}]
    assert len(found) == 1 and found[0][4] == "conflicting_values"
    # a live edit of either note finds the same pairs
    for changed in ([MIGRATION], [SPECIES]):
        scanner.update(changed, ())
        assert stored_pairs(workspace) == everything, changed
    # without the link, "Kites" names nothing
    (workspace.config.vault_root / MIGRATION).write_text(
        NOTES[MIGRATION].replace("[[Paper Kite|Kites]]", "Kites"), encoding="utf-8"
    )
    workspace.sync()
    scanner.update([MIGRATION], ())
    assert not [p for p in stored_pairs(workspace) if {p[1], p[2]} == {SPECIES, MIGRATION}]


# -- plain links: "In [[Basketball]], ..." names the note *Basketball*, a word of the language
# that names nothing by itself

TEAM = "Each team has five players on the court at a time."
FIELDS = "In Basketball, each side fields seven players on court."
COURT = {"a_note": "Sports/Basketball.md", "b_note": "Sports/Team Sports.md"}


def test_a_plain_link_names_its_note_for_the_verdict() -> None:
    assert assess(TEAM, FIELDS, **COURT).score < FLAG_THRESHOLD
    verdict = assess(TEAM, FIELDS, **COURT, b_links=("Basketball",))
    assert verdict.kind == "conflicting_values" and verdict.score >= FLAG_THRESHOLD
    assert '"five" vs "seven"' in verdict.explanation and "Basketball" in verdict.explanation
    # a link to another note ties nothing
    assert assess(TEAM, FIELDS, **COURT, b_links=("Netball",)).score < FLAG_THRESHOLD


PLAIN_NOTES = {
    "Sports/Basketball.md": "# Basketball\n\nA game of two teams and one hoop each.\n\n"
    + TEAM
    + "\n",
    "Sports/Team Sports.md": "# Team Sports\n\nSports played by sides.\n\n"
    + FIELDS.replace("Basketball", "[[Basketball]]")
    + "\n",
}


def test_a_scan_reads_plain_links_as_naming_their_notes(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    with words_workspace(tmp_path_factory, "plain", PLAIN_NOTES, seed=13) as ws:
        names = store.link_names(ws.catalog, ["Sports/Team Sports.md"])
        assert names == {"Sports/Team Sports.md": (("Basketball", "Basketball"),)}
        scanner = ws._contradiction_scanner()
        assert scanner is not None
        scanner.full_scan()
        found = [p for p in stored_pairs(ws) if {p[1], p[2]} == set(PLAIN_NOTES)]
        assert len(found) == 1 and found[0][4] == "conflicting_values"
        assert found[0][3] >= FLAG_THRESHOLD


def test_words_of_one_measure_name_one_value_of_a_linked_note() -> None:
    notes = {"a_note": "Sports/Vellathon.md", "b_note": "Sports/Athletics.md"}
    run = "The vellathon is run over a distance of 42.195 kilometres."
    covers = "The Vellathon covers exactly 40 kilometres of road."
    assert assess(run, covers, **notes).score < FLAG_THRESHOLD
    verdict = assess(run, covers, **notes, b_links=("Vellathon",))
    assert verdict.kind == "conflicting_values" and verdict.score >= FLAG_THRESHOLD
    assert "distance of Vellathon" in verdict.explanation
    # "travel up to" and "covers at most": one distance, two limits
    migrate = "Migrating vellwings travel up to 4,800 kilometres to overwinter."
    covers_at_most = "The vellwing migration covers at most 300 kilometres."
    wings = {"a_note": "Species/Vellwing.md", "b_note": "Migration.md"}
    verdict = assess(migrate, covers_at_most, **wings, b_links=("Vellwing",))
    assert verdict.score >= FLAG_THRESHOLD and "distance" in verdict.explanation
    # two measures of one length ("long" / "wide") stay apart
    wall = ("The Vell Wall is 21 km long.", "The Vell Wall is about 9 m wide.")
    wall_notes = {"a_note": "Places/Vell Wall.md", "b_note": "Places/Forts.md"}
    assert assess(*wall, **wall_notes, b_links=("Vell Wall",)).score < FLAG_THRESHOLD
