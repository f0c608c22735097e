"""How two parties stand towards each other: friends or foes."""

from __future__ import annotations

import pytest

from engine.contradict.stance import conflicting_stances, stance_in
from engine.contradict.structure import assess
from engine.contradict.types import FLAG_THRESHOLD


@pytest.mark.parametrize(
    ("text", "side", "parties"),
    [
        ("The Orrin and the Tesk have been bitter enemies for a century.", "foe",
         {"orrin", "tesk"}),
        ("For generations the Orrin kept their grudge against the Tesk Crown.", "foe",
         {"orrin", "tesk crown"}),
        ("In the years that followed, the Orrin became the Tesk Crown's most loyal allies.",
         "friend", {"orrin", "tesk crown"}),
        ("Here the dwarves and elves live in harmony.", "friend", {"dwarv", "elv"}),
    ],
)  # fmt: skip
def test_a_stance_between_two_parties(text: str, side: str, parties: set[str]) -> None:
    found = stance_in(text)
    assert found is not None and found.side == side
    assert set(found.parties) == parties


@pytest.mark.parametrize(
    "text",
    [
        "The Orrin are at war.",  # one party
        "The Orrin and the Tesk were once allies.",  # another time
        "The Orrin and the Tesk are no longer enemies.",
        "The Orrin and the Tesk are not allies.",
        "The Orrin and the Tesk went from allies to enemies.",  # both stances
    ],
)
def test_no_stance_where_it_is_not_settled(text: str) -> None:
    assert stance_in(text) is None


@pytest.mark.parametrize(
    ("a", "b", "conflict"),
    [
        ("The Orrin and the Tesk live in harmony.",
         "The Orrin and the Tesk have been bitter enemies since the flood.", True),
        ("For generations the Orrin kept their grudge against the Tesk Crown.",
         "The Orrin became the Tesk Crown's most loyal allies.", True),
        # two other parties, one stance twice
        ("The Orrin and the Tesk live in harmony.",
         "The Orrin and the Vell have been bitter enemies.", False),
        ("The Orrin and the Tesk live in harmony.", "The Tesk and the Orrin are allies.", False),
    ],
)  # fmt: skip
def test_friends_and_foes_of_one_pair_conflict(a: str, b: str, conflict: bool) -> None:
    assert (conflicting_stances(a, b) is not None) is conflict
    verdict = assess(a, b, a_note="Lore/Orrin.md", b_note="Lore/Tesk.md")
    assert (verdict.score >= FLAG_THRESHOLD) is conflict, verdict
    if conflict:
        assert verdict.explanation.startswith("friends or foes:"), verdict
