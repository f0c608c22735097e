"""Growth rates ("O(log n)", "linear time") read as values of one cost."""

from __future__ import annotations

import pytest

from engine.contradict.complexity import canonical, costs_in, rank
from engine.contradict.quantities import values_in
from engine.contradict.structure import assess
from engine.contradict.types import FLAG_THRESHOLD


@pytest.mark.parametrize(
    ("written", "form"),
    [
        ("n log n", "nlogn"),
        ("n lg n", "nlogn"),
        ("n·log(n)", "nlogn"),
        ("n²", "n^2"),
        ("n^2", "n^2"),
        ("√n", "n^0.5"),
        ("V + E", "e+v"),
        ("E + V", "e+v"),
        ("1", "1"),
    ],
)
def test_one_spelling_of_a_growth_rate(written: str, form: str) -> None:
    assert canonical(written) == form


def test_ranks_follow_the_usual_scale() -> None:
    scale = ["1", "logn", "n", "nlogn", "n^2", "n^3", "2^n", "n!"]
    assert [rank(f) for f in scale] == sorted(rank(f) for f in scale)
    assert rank("e+v") not in {rank(f) for f in scale}


@pytest.mark.parametrize(
    ("text", "units"),
    [
        ("Binary search runs in O(log n) time.", ["complexity:time::n"]),
        ("It sorts in linear time.", ["complexity:time::n"]),
        ("Merge sort needs O(n) extra space.", ["complexity:space::n"]),
        ("Selection sort does O(n) swaps.", ["complexity:swap::n"]),
        (
            "Quicksort averages O(n log n) but degrades to O(n²) in the worst case.",
            ["complexity:time:average:n", "complexity:time:worst:n"],
        ),
        ("It has a worst-case cost of Θ(n^2).", ["complexity:time:worst:n"]),
        (
            "Search is O(log n); space O(1) if iterative.",
            ["complexity:time::n", "complexity:space::n"],
        ),
        ("BFS runs in O(V + E).", ["complexity:time::ev"]),
    ],
)
def test_a_cost_says_what_grows_and_when(text: str, units: list[str]) -> None:
    assert [unit for _, _, unit, _ in costs_in(text)] == units


def test_a_growth_rate_is_no_count() -> None:
    quantities, _ = values_in("Lookup takes O(1) time, and O(n^2) in 3 cases.")
    units = [q.unit for q in quantities]
    assert units.count("complexity:time::n") == 2
    assert [u for u in units if u.startswith("count:")] == ["count:cas"]  # a real count reads


NOTES = ("Algorithms/Binary Search.md", "Notes/Searching.md")


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Binary search runs in O(log n) time.", "Binary search runs in O(n) time."),
        (
            "Lookup in a hash table takes O(1) time on average.",
            "A hash table lookup costs O(log n) on average.",
        ),
        (
            "Heap sort runs in O(n log n) time in the worst case.",
            "In the worst case, heap sort needs O(n^2) time.",
        ),
        ("Binary search runs in linear time.", "Binary search runs in O(log n) time."),
    ],
)
def test_two_growth_rates_of_one_cost_conflict(a: str, b: str) -> None:
    verdict = assess(a, b, a_note=NOTES[0], b_note=NOTES[1])
    assert verdict.kind == "conflicting_values" and verdict.score >= FLAG_THRESHOLD
    assert "O(" in verdict.explanation


@pytest.mark.parametrize(
    ("a", "b"),
    [
        # one rate written two ways
        ("Binary search runs in O(log n) time.", "Binary search runs in logarithmic time."),
        ("Merge sort runs in O(n lg n) time.", "Merge sort runs in O(n log n) time."),
        # two cases
        ("Quicksort runs in O(n log n) on average.", "Quicksort is O(n²) in the worst case."),
        # two operations of one structure
        (
            "Inserting into a binary heap takes O(log n) time.",
            "Building a binary heap takes O(n) time.",
        ),
        # time and space
        ("Merge sort needs O(n) extra space.", "Merge sort runs in O(n log n) time."),
        # two algorithms, other variables
        ("Dijkstra with a binary heap runs in O((V + E) log V).", "BFS runs in O(V + E)."),
    ],
)
def test_growth_rates_of_two_costs_agree(a: str, b: str) -> None:
    assert assess(a, b, a_note=NOTES[0], b_note=NOTES[1]).score < FLAG_THRESHOLD


def test_the_best_and_the_worst_case_are_two_ends() -> None:
    verdict = assess(
        "Insertion sort is O(n²) in the worst case.",
        "Insertion sort is O(n) in the best case.",
        a_note=NOTES[0],
        b_note=NOTES[1],
    )
    assert verdict.score < FLAG_THRESHOLD
