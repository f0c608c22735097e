"""Claims about one note, however far apart their words: a claim naming a note is read beside
that note's closest claims (`ScanConfig.subject_partners`), in a full scan, in a large update
and in a live edit of either note, and the three find the same pairs.

Bag-of-words vectors keep it fast (claims sharing words are near each other, as with the model).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from engine.contradict import store
from engine.contradict.candidates import TitleIndex, kind_pairs, subject_partner_pairs
from engine.contradict.quantities import measure_keys
from engine.contradict.scan import DEFAULT_SCAN_CONFIG, ContradictionScanner
from engine.evaluate.vault_gen import generate_vault
from engine.workspace import Workspace, WorkspaceConfig
from tests.helpers.contradiction_vault import stored_pairs, words_workspace
from tests.helpers.vaultkit import write_notes
from tests.helpers.words_embedder import WordsEmbedder

CLAN = "Families/Velloran Clan.md"
RIDGE = "Places/Ashgrove Ridge.md"
NOTES = {
    CLAN: "# Velloran Clan\n\nTheir children are given a first hunting bow at the age of 6.\n\n"
    "The clan keeps goats on the high pastures through the summer.\n",
    RIDGE: "# Ashgrove Ridge\n\nOn the ridge, Velloran youths wait until the age of 14 for "
    "their first bow, a custom older than the road.\n\n"
    "The ridge road is closed by snow from November.\n",
    "Places/Lower Fen.md": "# Lower Fen\n\nThe fen villages trade eels for salt.\n",
}


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workspace]:
    root = tmp_path_factory.mktemp("partners-vault") / "vault"
    generate_vault(root, 60, seed=3)
    write_notes(root, NOTES)
    cfg = WorkspaceConfig(vault_root=root, data_root=tmp_path_factory.mktemp("partners-data"))
    with Workspace.open(cfg, embedder=WordsEmbedder()) as ws:  # type: ignore[arg-type]
        ws.sync()
        yield ws


def _scanner(ws: Workspace, **changes: object) -> ContradictionScanner:
    scanner = ws._contradiction_scanner()
    assert scanner is not None
    return scanner.with_config(dataclasses.replace(DEFAULT_SCAN_CONFIG, **changes))  # type: ignore[arg-type]


def _pairs(ws: Workspace) -> list[tuple[str, str, str, float, str]]:
    rows = ws.catalog.execute(
        "SELECT id, a_path, b_path, confidence, type FROM contradictions ORDER BY id"
    )
    return [(r[0], r[1], r[2], round(float(r[3]), 6), r[4]) for r in rows]


def _ages(ws: Workspace) -> list[tuple[str, str, str, float, str]]:
    return [p for p in _pairs(ws) if {p[1], p[2]} == {CLAN, RIDGE}]


def test_a_claim_naming_a_note_is_read_beside_that_notes_claims(workspace: Workspace) -> None:
    notes = store.indexed_notes(workspace.catalog)
    # the two claims share too few words for the similarity gate alone
    vectors = WordsEmbedder().embed(
        [
            "Their children are given a first hunting bow at the age of 6.",
            "On the ridge, Velloran youths wait until the age of 14 for their first bow, a "
            "custom older than the road.",
        ]
    )
    cosine = float(vectors[0] @ vectors[1])
    assert DEFAULT_SCAN_CONFIG.subject_gate <= cosine < DEFAULT_SCAN_CONFIG.similarity_gate

    _scanner(workspace, subject_partners=0).full_scan()
    assert _ages(workspace) == []

    _scanner(workspace).full_scan()
    found = _ages(workspace)
    assert len(found) == 1 and found[0][4] == "conflicting_values"
    explanation = workspace.catalog.execute(
        "SELECT explanations FROM contradictions WHERE id = ?", [found[0][0]]
    )[0][0]
    assert "6" in explanation and "14" in explanation
    assert len(notes) > 60


def test_an_update_finds_what_a_full_scan_finds(workspace: Workspace) -> None:
    scanner = _scanner(workspace)
    scanner.full_scan()
    everything = _pairs(workspace)
    assert _ages(workspace)
    # a live edit of either note: its claims' neighbours and partners asked of the store
    for changed in ([RIDGE], [CLAN]):
        stats = scanner.update(changed, ())
        assert stats.claims < scanner.config.in_memory_queries
        assert _pairs(workspace) == everything, changed
    # A large update recomputes the nearest claims of its own claims only (a stored claim
    # keeps the neighbours it had), so the pairs about one note are compared alone.
    only_partners = _scanner(workspace, similarity_gate=1.01, in_memory_queries=32)
    only_partners.full_scan()
    about_one_note = _pairs(workspace)
    assert _ages(workspace) and len(about_one_note) < len(everything)
    notes = sorted(store.indexed_notes(workspace.catalog))
    many = sorted({*notes[::3], CLAN})
    stats = only_partners.update(many, ())
    assert stats.claims >= 32
    assert _pairs(workspace) == about_one_note


def test_partners_are_the_most_similar_few_above_the_gate() -> None:
    # rows 0-2: note 0 (own title 7), rows 3-4 name title 7 from notes 1 and 2
    vectors = np.asarray(
        [[1.0, 0.0], [0.8, 0.6], [0.0, 1.0], [0.96, 0.28], [0.5, 0.866]], dtype=np.float32
    )
    rows = np.arange(5, dtype=np.int64)
    own = np.asarray([7, 7, 7, 1, 2], dtype=np.int64)
    mentions = [frozenset(), frozenset(), frozenset(), frozenset({7}), frozenset({7})]
    notes = np.asarray([0, 0, 0, 1, 2], dtype=np.int64)
    touched = np.ones(5, dtype=bool)
    q, o = subject_partner_pairs(rows, own, mentions, notes, vectors, touched, partners=2, gate=0.5)
    got = sorted(zip(q.tolist(), o.tolist(), strict=True))
    # row 3: rows 0 (0.96) and 1 (0.94); row 4: rows 1 (0.92) and 2 (0.87)
    assert got == [(3, 0), (3, 1), (4, 1), (4, 2)]
    # only pairs with a touched side
    touched = np.asarray([False, False, True, False, False])
    q, o = subject_partner_pairs(rows, own, mentions, notes, vectors, touched, partners=2, gate=0.5)
    assert sorted(zip(q.tolist(), o.tolist(), strict=True)) == [(4, 2)]


def test_a_coined_title_word_names_its_note(tmp_path: Path) -> None:
    index = TitleIndex(["Families/Velloran Clan.md", "Hardware/Relay Gateway.md"])
    clan = index.own("Families/Velloran Clan.md")
    assert index.mentions("Velloran youths wait until the age of 14") == {clan}
    assert index.mentions("velloran in lower case is no name") == frozenset()
    # words of the language name nothing alone, nor do coined words of long titles
    assert index.mentions("The Gateway and the Clan") == frozenset()
    long_title = TitleIndex(["Research/Field trials of Velloran radios in winter.md"])
    assert long_title.mentions("Velloran radios") == frozenset()


def test_claims_giving_one_measure_are_partners_beyond_the_closest_few() -> None:
    """Row 2 (a value of the note's own measure, far down its claims) is paired with row 4,
    which gives the same measure, though rows 0 and 1 are closer; never below the gate."""
    vectors = np.asarray(
        [[1.0, 0.0], [0.8, 0.6], [0.6, 0.8], [0.0, 1.0], [0.96, 0.28]], dtype=np.float32
    )
    rows = np.arange(5, dtype=np.int64)
    own = np.asarray([7, 7, 7, 7, 2], dtype=np.int64)
    mentions = [frozenset(), frozenset(), frozenset(), frozenset(), frozenset({7})]
    notes = np.asarray([0, 0, 0, 0, 2], dtype=np.int64)
    touched = np.ones(5, dtype=bool)
    texts = [
        "The herders keep goats on the high pastures.",
        "Their winters are spent in the valley.",
        "A Velloran hound has a lifespan of up to 14 years.",
        "Velloran hounds have a lifespan of up to 30 years in the old songs.",
        "Velloran hounds rarely live past a lifespan of 9 years.",
    ]
    measures = [measure_keys(t) for t in texts]
    assert measures[2] & measures[4] and not measures[0]
    args = (rows, own, mentions, notes, vectors, touched)
    plain = subject_partner_pairs(*args, partners=2, gate=0.5)
    assert sorted(zip(*(a.tolist() for a in plain), strict=True)) == [(4, 0), (4, 1)]
    q, o = subject_partner_pairs(*args, partners=2, gate=0.5, measures=measures)
    assert sorted(zip(q.tolist(), o.tolist(), strict=True)) == [(4, 0), (4, 1), (4, 2)]
    # row 3 gives the measure too, but below the gate (cosine 0.28)
    assert (4, 3) not in set(zip(q.tolist(), o.tolist(), strict=True))


def test_a_title_ending_in_another_names_one_kind_of_its_thing() -> None:
    index = TitleIndex(
        ["Birds/Owl.md", "Birds/Marsh Owl.md", "Birds/Snowy Marsh Owl.md", "Wars/Battle of Owl.md",
         "Birds/Marsh.md", "Owls/Owl 2.md"]
    )  # fmt: skip
    owl, marsh_owl, snowy = (
        index.own(f"Birds/{t}.md") for t in ("Owl", "Marsh Owl", "Snowy Marsh Owl")
    )
    assert index.kinds_of(marsh_owl) == {owl}
    assert index.kinds_of(snowy) == {owl, marsh_owl}
    # a joining word makes the last words no kind ("Battle of Owl"), nor is a title its own
    assert index.kinds_of(index.own("Wars/Battle of Owl.md")) == frozenset()
    assert index.kinds_of(owl) == frozenset()
    assert index.kinds_of(index.own("Owls/Owl 2.md")) == frozenset()  # "2" is no kind
    assert index.specifics_of([owl]) == {marsh_owl, snowy}
    assert index.specifics_of([index.own("Birds/Marsh.md")]) == frozenset()


def test_one_kind_s_claims_are_read_beside_the_thing_s_closest_claims_not_its_siblings() -> None:
    # rows 0-1: note 0 (title 7, the thing); rows 2-3: notes 1 and 2, each one kind of it
    vectors = np.asarray([[1.0, 0.0], [0.0, 1.0], [0.96, 0.28], [0.96, 0.28]], dtype=np.float32)
    rows = np.arange(4, dtype=np.int64)
    own = np.asarray([7, 7, 1, 2], dtype=np.int64)
    kinds = [frozenset(), frozenset(), frozenset({7}), frozenset({7})]
    notes = np.asarray([0, 0, 1, 2], dtype=np.int64)
    touched = np.ones(4, dtype=bool)
    q, o = kind_pairs(rows, own, kinds, notes, vectors, touched, partners=1, gate=0.5)
    # each kind's claim with the thing's closest claim; the two kinds (identical) never meet
    assert sorted(zip(q.tolist(), o.tolist(), strict=True)) == [(2, 0), (3, 0)]
    q, o = kind_pairs(rows, own, kinds, notes, vectors, touched, partners=2, gate=0.5)
    assert sorted(zip(q.tolist(), o.tolist(), strict=True)) == [(2, 0), (3, 0)]  # 0.28: below
    touched = np.asarray([False, False, False, True])
    q, o = kind_pairs(rows, own, kinds, notes, vectors, touched, partners=2, gate=0.2)
    assert sorted(zip(q.tolist(), o.tolist(), strict=True)) == [(3, 0), (3, 1)]


KIND_NOTES = {
    "Birds/Owl.md": "# Owl\n\nOwls cannot fly; their wings have become stiff paddles for "
    "swimming in the reeds of the marsh.\n",
    "Birds/Marsh Owl.md": "# Marsh Owl\n\nWhen chased, it flies low over the reeds of the "
    "marsh to get away from the foxes.\n",
}


def test_a_claim_of_one_kind_is_read_beside_the_thing_s_note(
    tmp_path: Path,
) -> None:
    """*Marsh Owl* names no note and shares too few words with *Owl* for the similarity gate;
    its note's title makes it one kind of owl. A full scan and a live edit of either note find
    the flight said of owls and denied of this one."""
    root = tmp_path / "vault"
    generate_vault(root, 20, seed=5)
    write_notes(root, KIND_NOTES)
    texts = [t.split("\n\n", 1)[1].strip() for t in KIND_NOTES.values()]
    vectors = WordsEmbedder().embed(texts)
    assert DEFAULT_SCAN_CONFIG.subject_gate <= float(vectors[0] @ vectors[1])
    assert float(vectors[0] @ vectors[1]) < DEFAULT_SCAN_CONFIG.similarity_gate
    cfg = WorkspaceConfig(vault_root=root, data_root=tmp_path / "data")
    with Workspace.open(cfg, embedder=WordsEmbedder()) as ws:  # type: ignore[arg-type]
        ws.sync()
        scanner = _scanner(ws)
        scanner.full_scan()
        everything = _pairs(ws)
        owls = [p for p in everything if {p[1], p[2]} == set(KIND_NOTES)]
        assert len(owls) == 1, everything
        for changed in (["Birds/Owl.md"], ["Birds/Marsh Owl.md"]):
            scanner.update(changed, ())
            assert _pairs(ws) == everything, changed


PRONOUN_NOTES = {
    "Places/Vell Lighthouse.md": "# Vell Lighthouse\n\nNothing of it stands today; storms brought "
    "it down over the years.\n",
    "Places/Harbours.md": "# Harbours\n\nThe [[Vell Lighthouse]] still rises over the harbour "
    "entrance.\n",
}


def test_a_line_that_calls_its_thing_it_is_read_beside_a_claim_naming_the_thing(
    tmp_path: Path,
) -> None:
    """A line of a note that calls its thing "it" carries little of the thing in its words:
    against a claim naming the note it sits lower than two claims naming one thing (here
    0.24), and the subject gate reaches it."""
    root = tmp_path / "vault"
    generate_vault(root, 20, seed=5)
    write_notes(root, PRONOUN_NOTES)
    texts = [t.split("\n\n", 1)[1].strip() for t in PRONOUN_NOTES.values()]
    vectors = WordsEmbedder().embed([t.replace("[[", "").replace("]]", "") for t in texts])
    assert DEFAULT_SCAN_CONFIG.subject_gate <= float(vectors[0] @ vectors[1]) < 0.25
    cfg = WorkspaceConfig(vault_root=root, data_root=tmp_path / "data")
    with Workspace.open(cfg, embedder=WordsEmbedder()) as ws:  # type: ignore[arg-type]
        ws.sync()
        _scanner(ws, subject_gate=0.25).full_scan()
        assert not [p for p in _pairs(ws) if {p[1], p[2]} == set(PRONOUN_NOTES)]
        _scanner(ws).full_scan()
        found = [p for p in _pairs(ws) if {p[1], p[2]} == set(PRONOUN_NOTES)]
        assert len(found) == 1, _pairs(ws)


@pytest.mark.parametrize(
    ("name", "own", "own_text", "other", "other_text"),
    [
        # what each says it is made of pairs them
        ("materials", "Cosmetics/Kohlrin.md",
         "Traditionally ground from stibnite or galena, a lead ore.", "Cosmetics/Eye Paint.md",
         "Ancient [[Kohlrin]] was made of crushed beetle shells mixed into wax."),
        # what each says the animal mainly lives on pairs them
        ("staples", "Birds/Vellhawk.md", "It lives mainly on other birds, struck in flight.",
         "Birds/Hawking Quarry.md",
         "[[Vellhawk|Vellhawks]] feed chiefly on rabbits and other small ground mammals."),
    ],
)  # fmt: skip
def test_a_scan_and_an_update_pair_two_readings_of_one_thing_however_unlike(
    tmp_path_factory: pytest.TempPathFactory,
    name: str,
    own: str,
    own_text: str,
    other: str,
    other_text: str,
) -> None:
    # a line of the thing's own note and a line naming it share no word but the name: their
    # vectors are far apart, and what each says of the thing pairs them
    title = own.rsplit("/", 1)[1].removesuffix(".md")
    other_title = other.rsplit("/", 1)[1].removesuffix(".md")
    notes = {own: f"# {title}\n\n{own_text}\n", other: f"# {other_title}\n\n{other_text}\n"}
    with words_workspace(tmp_path_factory, name, notes, seed=3) as ws:
        scanner = ws._contradiction_scanner()
        assert scanner is not None
        scanner.full_scan()
        flags = [p for p in stored_pairs(ws) if {p[1], p[2]} == {own, other}]
        assert len(flags) == 1 and flags[0][4] == "semantic_conflict"
        scanner.update([other], ())
        assert [p for p in stored_pairs(ws) if {p[1], p[2]} == {own, other}] == flags
