"""A person called a man in one note and a woman in another: what one claim says of a named
person, the pairs the scan forms, and the verdict. Examples written for this suite."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from engine.contradict.candidates import subject_partner_pairs
from engine.contradict.persons import (
    Descent,
    colour_about,
    conflicting_gender,
    conflicting_kinship,
    descent_about,
    gender_about,
    kinship_in,
)
from engine.contradict.structure import assess
from engine.contradict.types import FLAG_THRESHOLD
from engine.evaluate.vault_gen import generate_vault
from engine.workspace import Workspace, WorkspaceConfig
from tests.helpers.vaultkit import write_notes
from tests.helpers.words_embedder import WordsEmbedder


@pytest.mark.parametrize(
    ("text", "title", "own", "expected"),
    [
        # a claim naming the person, and nobody else
        ("A trapper named [[Orla Venn]] found the pass, but when his horse died he turned back.",
         "Orla Venn", False, ("m", "his")),
        ("His niece [[Orla Venn]] left the valley in spring.", "Orla Venn", False, ("f", "niece")),
        ("Orla Venn excused herself before the vote.", "Orla Venn", False, ("f", "herself")),
        # taking someone "with her": the one who takes, whoever else is named
        ("[[Orla Venn]] took [[Tam Reed]] with her to the ford.", "Orla Venn", False, ("f", "her")),
        ("Orla Venn brought his old lantern with her.", "Orla Venn", False, ("f", "her")),
        # the person's own note: an opening pronoun, or a noun among its first words
        ("She keeps the ledger of the mill.", "Orla Venn", True, ("f", "she")),
        ("His hawk carries letters to Dunmere and Kettleby.", "Orla Venn", True, ("m", "his")),
        ("Elderly woman, keeper of the ferry", "Orla Venn", True, ("f", "woman")),
        # a title with a dot in it is read whole
        ("His niece [[St. Orla Venn]] sailed home.", "St. Orla Venn", False, ("f", "niece")),
        # nothing safe to read
        ("Brevik told [[Orla Venn]] that he would pay.", "Orla Venn", False, None),
        ("Brevik took [[Orla Venn]] with him.", "Orla Venn", False, None),
        ("[[Orla Venn]] took the lamp with her and Tam with him.", "Orla Venn", False, None),
        ("[[Orla Venn]] took [[Tam Reed]] to the ford with her sister.", "Orla Venn", False, None),
        ("Aunt Maeve raised the children after the flood.", "Orla Venn", True, None),
        ("[[Orla Venn]] gave her brother the key to his house.", "Orla Venn", False, None),
        ("The mill turns all winter.", "Orla Venn", True, None),
        ("He said the river was high.", "Orla Venn", False, None),
        # a one-word title that is a word of the language names nobody
        ("Hope left her post at dawn.", "Hope", False, None),
    ],
)  # fmt: skip
def test_what_a_claim_calls_a_named_person(
    text: str, title: str, own: bool, expected: tuple[str, str] | None
) -> None:
    assert gender_about(text, title, own=own) == expected


def test_one_person_called_man_and_woman_conflicts_both_ways() -> None:
    story = "A trapper named [[Orla Venn]] found the pass, but when his horse died he turned back."
    profile = "Elderly woman, keeper of the ferry"
    for (a, an), (b, bn) in (
        ((story, "Sessions/03 The Pass.md"), (profile, "People/Orla Venn.md")),
        ((profile, "People/Orla Venn.md"), (story, "Sessions/03 The Pass.md")),
    ):
        verdict = assess(a, b, a_note=an, b_note=bn)
        assert verdict.score >= FLAG_THRESHOLD and verdict.kind == "semantic_conflict"
        assert '"his"' in verdict.explanation and '"woman"' in verdict.explanation
        assert "Orla Venn" in verdict.explanation
    # two notes linking to the same person
    other = "His niece [[Orla Venn]] left the valley in spring."
    found = conflicting_gender(story, other, a_note="Sessions/03.md", b_note="Sessions/05.md")
    assert found is not None and found[0] == "Orla Venn"


def test_agreeing_or_other_people_are_no_conflict() -> None:
    profile = "Elderly woman, keeper of the ferry"
    notes = {"a_note": "Sessions/03.md", "b_note": "People/Orla Venn.md"}
    agreeing = "[[Orla Venn]] rowed the party across, and her fee was a song."
    assert assess(agreeing, profile, **notes).score == 0.0
    # "he" is someone else: two people are named
    mixed = "Brevik told [[Orla Venn]] that he would pay."
    assert assess(mixed, profile, **notes).score < FLAG_THRESHOLD
    # the same pronoun said of another person's note
    elsewhere = (
        "A trapper named [[Tam Holt]] found the pass, but when his horse died he turned back."
    )
    assert assess(elsewhere, profile, **notes).score < FLAG_THRESHOLD


def test_the_rarer_reading_is_paired_with_the_closest_of_the_other() -> None:
    """Rows 0-2 of the person's note (title id 7) and row 3 of a note naming them say "she";
    row 4 of another note says "he" of them: it is paired with the closest row of the other
    reading in each of the two closest notes (one conflict between two notes is read once),
    whatever the similarity gate; with two readings equally common, nothing is paired."""
    vectors = np.asarray(
        [[1.0, 0.0], [0.9, 0.436], [0.0, 1.0], [0.6, 0.8], [0.98, 0.2], [-1.0, 0.0]],
        dtype=np.float32,
    )
    rows = np.arange(6, dtype=np.int64)
    own = np.asarray([7, 7, 7, 3, 1, 2], dtype=np.int64)
    mentions = [frozenset(), frozenset(), frozenset(), *[frozenset({7})] * 3]
    notes = np.asarray([0, 0, 0, 3, 1, 2], dtype=np.int64)
    touched = np.ones(6, dtype=bool)
    genders = [{7: "f"}, {7: "f"}, {7: "f"}, {7: "f"}, {7: "m"}, {}]
    args = (rows, own, mentions, notes, vectors, touched)
    q, o = subject_partner_pairs(*args, partners=1, gate=0.99, genders=genders)
    pairs = set(zip(q.tolist(), o.tolist(), strict=True))
    assert pairs == {(4, 0), (4, 3)}
    # three and three: the pronouns are not to be read (or two people share the name)
    n = 7
    rng = np.random.default_rng(3)
    many = rng.normal(size=(n, 8)).astype(np.float32)
    many /= np.linalg.norm(many, axis=1, keepdims=True)
    even = [{7: "f"}, {7: "f"}, {7: "f"}, {7: "m"}, {7: "m"}, {7: "m"}, {}]
    q, o = subject_partner_pairs(
        np.arange(n, dtype=np.int64),
        np.asarray([7, 7, 7, 1, 2, 3, 4], dtype=np.int64),
        [frozenset(), frozenset(), frozenset(), *[frozenset({7})] * 4],
        np.arange(n, dtype=np.int64),
        many,
        np.ones(n, dtype=bool),
        partners=1,
        gate=1.01,
        genders=even,
    )
    assert len(q) == 0


# --- half of a kind against that kind ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "title", "own", "half", "whole"),
    [
        ("[[Tobin Marsh]], a hill dwarf smith who mends ploughs", "Tobin Marsh", False,
         set(), {"hill", "dwarf", "smith"}),
        ("Tobin Marsh is a gruff half-dwarf with a limp.", "Tobin Marsh", False,
         {"dwarf"}, {"gruff"}),
        ("I'm a Half-Dwarf with a loud laugh.", "Tobin Marsh", True, {"dwarf"}, set()),
        ("[[Tobin Marsh]], a dwarven smith, came late.", "Tobin Marsh", False, set(),
         {"dwarf", "smith"}),
    ],
)  # fmt: skip
def test_what_a_claim_calls_a_person_s_kind(
    text: str, title: str, own: bool, half: set[str], whole: set[str]
) -> None:
    found = descent_about(text, title, own=own)
    assert found is not None and found.half == half and found.whole == whole


@pytest.mark.parametrize(
    ("text", "title", "own"),
    [
        ("Brevik and [[Tobin Marsh]], two half-dwarves, left.", "Tobin Marsh", False),  # two names
        ("The inn is run by half-dwarves from the hills.", "Tobin Marsh", True),  # not the person
        ("Tobin Marsh met a half-dwarf at the ford.", "Tobin Marsh", False),  # someone else
    ],
)
def test_no_kind_is_read_where_the_claim_may_speak_of_another(
    text: str, title: str, own: bool
) -> None:
    found = descent_about(text, title, own=own)
    assert found is None or not found.half


def test_one_person_called_half_of_a_kind_and_that_kind_conflicts() -> None:
    session = "[[Tobin Marsh]], a dwarven smith, came late to the council."
    profile = "I'm a Half-Dwarf with a loud laugh and a short temper."
    for (a, an), (b, bn) in (
        ((session, "Sessions/04.md"), (profile, "People/Tobin Marsh.md")),
        ((profile, "People/Tobin Marsh.md"), (session, "Sessions/04.md")),
    ):
        verdict = assess(a, b, a_note=an, b_note=bn)
        assert verdict.score >= FLAG_THRESHOLD and verdict.kind == "semantic_conflict"
        assert '"dwarven"' in verdict.explanation and '"Half-Dwarf"' in verdict.explanation
        assert "Tobin Marsh" in verdict.explanation
    # the same kind both times, or another person's note: no conflict
    agreeing = "[[Tobin Marsh]], a half-dwarf smith, came late to the council."
    assert (
        assess(agreeing, profile, a_note="Sessions/04.md", b_note="People/Tobin Marsh.md").score
        == 0
    )
    other = assess(session, profile, a_note="Sessions/04.md", b_note="People/Ada Quill.md")
    assert other.score < FLAG_THRESHOLD


def test_claims_calling_a_person_half_of_a_kind_are_paired_with_those_calling_them_it() -> None:
    """Row 0 (another note) calls the person of title id 7 a half-dwarf; rows 1-3 of their
    note say dwarf, row 4 of another note says nothing: row 0 is paired with the closest of
    the dwarf side in their note, once."""
    vectors = np.asarray(
        [[1.0, 0.0], [0.6, 0.8], [0.0, 1.0], [0.9, 0.436], [-1.0, 0.0]], dtype=np.float32
    )
    half = Descent(frozenset({"dwarf"}), frozenset())
    whole = Descent(frozenset(), frozenset({"dwarf", "smith"}))
    descents = [{7: half}, {7: whole}, {7: whole}, {7: whole}, {}]
    q, o = subject_partner_pairs(
        np.arange(5, dtype=np.int64),
        np.asarray([1, 7, 7, 7, 2], dtype=np.int64),
        [frozenset({7}), frozenset(), frozenset(), frozenset(), frozenset({7})],
        np.asarray([1, 0, 0, 0, 2], dtype=np.int64),
        vectors,
        np.ones(5, dtype=bool),
        partners=1,
        gate=1.01,
        descents=descents,
    )
    assert set(zip(q.tolist(), o.tolist(), strict=True)) == {(0, 3)}


def test_a_scan_and_an_update_find_a_person_s_two_kinds_and_a_thing_s_two_colours(
    tmp_path: Path,
) -> None:
    root = tmp_path / "vault"
    generate_vault(root, 20, seed=5)
    person, session = "People/Tobin Marsh.md", "Sessions/04 The Council.md"
    plant, guide = "Plants/Quillmoss.md", "Guides/Cliff Walks.md"
    write_notes(
        root,
        {
            person: "# Tobin Marsh\n\nI'm a Half-Dwarf with a loud laugh and a short temper.\n\n"
            "Keeps a forge by the east road and mends ploughs for the farms.\n",
            session: "# The Council\n\n[[Tobin Marsh]], a dwarven smith, came late to the "
            "council.\n\nThe vote on the mill lasted until the candles burned out.\n",
            plant: "# Quillmoss\n\nA pale sea-green, glinting in the rain.\n\n"
            "Grows in cracks of the sea cliffs where the spray reaches.\n",
            guide: "# Cliff Walks\n\nQuillmoss is easily told apart by its bright scarlet "
            "colour.\n\nThe lower path floods at high tide twice a month.\n",
        },
    )
    cfg = WorkspaceConfig(vault_root=root, data_root=tmp_path / "data")
    with Workspace.open(cfg, embedder=WordsEmbedder()) as ws:  # type: ignore[arg-type]
        ws.sync()
        scanner = ws._contradiction_scanner()
        assert scanner is not None
        scanner.full_scan()

        def found(x: str, y: str) -> list[tuple[str, str, str]]:
            rows = ws.catalog.execute("SELECT a_path, b_path, explanations FROM contradictions")
            return [(a, b, e) for a, b, e in rows if {a, b} == {x, y}]

        pairs = found(person, session)
        assert len(pairs) == 1 and "descent" in pairs[0][2] and "Half-Dwarf" in pairs[0][2]
        colours = found(plant, guide)
        assert len(colours) == 1 and "colours" in colours[0][2] and "scarlet" in colours[0][2]
        scanner.update([session, guide], ())
        assert found(person, session) == pairs and found(plant, guide) == colours


# --- one thing given two colours ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "title", "own", "expected"),
    [
        ("A pale sea-green, glinting in the rain.", "Quillmoss", True, ("green", "sea-green")),
        ("Colour: A pale sea-green, glinting in the rain.", "Quillmoss", True,
         ("green", "sea-green")),
        ("[[Quillmoss]], a scarlet creeper of the cliffs", "Quillmoss", False, ("red", "scarlet")),
        ("Quillmoss is easily told apart by its bright scarlet colour.", "Quillmoss", False,
         ("red", "scarlet")),
        # two colours, another thing's colour, another name: nothing
        ("[[Quillmoss]], a red and white creeper", "Quillmoss", False, None),
        ("Quillmoss grows on grey stones near the water.", "Quillmoss", False, None),
        ("Brevik found [[Quillmoss]] by its scarlet colour.", "Quillmoss", False, None),
        ("The leaves of the ash turn a soft sea-green in spring.", "Quillmoss", True, None),
    ],
)  # fmt: skip
def test_what_colour_a_claim_gives_a_named_thing(
    text: str, title: str, own: bool, expected: tuple[str, str] | None
) -> None:
    assert colour_about(text, title, own=own) == expected


def test_one_thing_given_two_colours_conflicts() -> None:
    own = "A pale sea-green, glinting in the rain."
    other = "Quillmoss is easily told apart by its bright scarlet colour."
    notes = {"a_note": "Plants/Quillmoss.md", "b_note": "Guides/Cliff Walks.md"}
    verdict = assess(own, other, **notes)
    assert verdict.score >= FLAG_THRESHOLD and verdict.kind == "semantic_conflict"
    assert '"sea-green"' in verdict.explanation and '"scarlet"' in verdict.explanation
    assert "Quillmoss" in verdict.explanation
    same = "Quillmoss is easily told apart by its bright green colour."
    assert assess(own, same, **notes).score == 0.0
    elsewhere = assess(own, other, a_note="Plants/Bellroot.md", b_note="Guides/Cliff Walks.md")
    assert elsewhere.score < FLAG_THRESHOLD


@pytest.mark.parametrize(
    ("a", "b", "conflict"),
    [
        ("Tarn is the son of Orla Venn.", "Tarn is Orla Venn's father.", True),
        ("Tarn is the son of Orla Venn.", "Orla Venn is the son of Tarn.", True),
        ("Tarn is the son of Orla Venn.", "Tarn is the brother of Orla Venn.", True),
        # the same kinship said from the other end, or of someone else
        ("Tarn is the son of Orla Venn.", "Orla Venn is the father of Tarn.", False),
        ("Tarn is the son of Orla Venn.", "Tarn is the brother of Mara.", False),
        ("Tarn is the eldest son of Orla Venn.", "Tarn was Orla Venn's youngest son.", False),
    ],
)
def test_one_pair_of_people_two_generations_apart_conflicts(a: str, b: str, conflict: bool) -> None:
    assert (conflicting_kinship(a, b) is not None) is conflict
    verdict = assess(a, b, a_note="People/Tarn.md", b_note="People/Venn Family.md")
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict


def test_a_pronoun_in_a_persons_note_is_that_person_in_a_kinship() -> None:
    found = kinship_in("He is the eldest son of Orla Venn.", "Tarn")
    assert found is not None and (found.who, found.other, found.below) == ("Tarn", "Orla Venn", 1)
    verdict = assess(
        "He is the eldest son of Orla Venn.",
        "Tarn is Orla Venn's father and the eldest of the clan.",
        a_note="People/Tarn.md",
        b_note="People/Venn Family.md",
    )
    assert verdict.score >= FLAG_THRESHOLD
    assert "family:" in verdict.explanation and "Orla Venn's father" in verdict.explanation
