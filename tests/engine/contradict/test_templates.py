# ruff: noqa: E501  (tables of example sentences read better unwrapped)
"""Values that vary by design across templated notes are not contradictions; a real conflict,
even restated in several notes, stays."""

from __future__ import annotations

from engine.contradict.structure import template_of, varying_values


def _pairs(rows: list[tuple[str, str, str, str]]) -> list[tuple[str, str, str, str, str, str]]:
    return [(f"{na}#a", a, na, f"{nb}#b", b, nb) for a, na, b, nb in rows]


def test_template_masks_numbers() -> None:
    words, values = template_of("Each creature in a 15-foot cone must make a saving throw.")
    assert values == ("15",)
    assert {"creature", "cone", "saving", "throw"} <= words


def test_a_template_with_many_values_is_dropped() -> None:
    rows = [
        ("The blast fills a 15-foot cone.", "Burning.md", "The blast fills a 60-foot cone.", "Spray.md"),
        ("The blast fills a 15-foot cone.", "Burning.md", "The blast fills a 30-foot cone.", "Cone.md"),
        ("The blast fills a 30-foot cone.", "Cone.md", "The blast fills a 60-foot cone.", "Spray.md"),
    ]  # fmt: skip
    assert varying_values(_pairs(rows)) == {0, 1, 2}


def test_a_two_note_conflict_stays() -> None:
    rows = [("Retention is 30 days.", "Plans.md", "Retention is 14 days.", "FAQ.md")]
    assert varying_values(_pairs(rows)) == set()


def test_one_dissenting_note_against_three_keeps_its_flags() -> None:
    rows = [
        ("The review is on 3 June.", "A.md", "The review is on 9 June.", "D.md"),
        ("The review is on 3 June.", "B.md", "The review is on 9 June.", "D.md"),
        ("The review is on 3 June.", "C.md", "The review is on 9 June.", "D.md"),
    ]
    ids = [(f"{n}#c", t, n, "D.md#c", u, "D.md") for t, n, u, _ in rows]
    assert varying_values(ids) == set()


def test_the_same_conflict_restated_in_several_notes_is_listed_once() -> None:
    from engine.contradict.store import restated_once
    from engine.contradict.types import Contradiction, ContradictionSide

    def pair(
        a_path: str,
        b_path: str,
        confidence: float,
        a_hash: str = "h1",
        a_claim: str = "Retention is 30 days.",
        b_claim: str = "Retention is 14 days.",
    ) -> Contradiction:
        return Contradiction(
            id=f"{a_path}|{b_path}",
            a=ContradictionSide(a_path, a_path, a_claim, "", None, a_hash),
            b=ContradictionSide(b_path, b_path, b_claim, "", None, "h2"),
            confidence=confidence,
            similarity=0.9,
            type="conflicting_values",
            explanations=("x",),
            newer=None,
        )

    listed = restated_once(
        [
            pair("A.md", "D.md", 0.9),
            pair("B.md", "D.md", 0.8),
            pair("C.md", "E.md", 0.7, "h3", "Retention is 60 days."),
        ]
    )
    assert [c.id for c in listed] == ["A.md|D.md", "C.md|E.md"]
    assert listed[0].also == (("B.md", "D.md"),)
    assert listed[0].to_dict()["also_in"] == [{"a": "B.md", "b": "D.md"}]
    assert listed[1].also == ()
    # the same claims with another closing stop, other spacing and the sides swapped
    swapped = restated_once(
        [
            pair("A.md", "D.md", 0.9),
            pair("F.md", "G.md", 0.8, "h4", "retention is  14 days", "Retention is 30 days!"),
        ]
    )
    assert [c.id for c in swapped] == ["A.md|D.md"]
    assert swapped[0].also == (("F.md", "G.md"),)
