"""`opposites_of` finds exactly the pairs the pairwise lexicon tests find."""

from __future__ import annotations

import itertools

import pytest

from engine.contradict.text import (
    WORD_PAIRS,
    listed_opposite,
    morphological_opposite,
    opposites_of,
    stem,
)

EXTRA = """
able unable happy unhappy legal illegal possible impossible regular irregular
agree disagree connect disconnect reliable unreliable careful careless useful useless
hopeful hopeless in-active active non-linear linear un-safe safe infinite finite
under understand discover cover increase decrease rise fall accept reject
uncle unit interest dispatch island imply impress irony
""".split()


def _pairwise(x: str, y: str) -> tuple[str, float] | None:
    if x == y:
        return None
    kind = listed_opposite(x, y)
    if kind is not None:
        return kind, 1.0
    return ("antonym", 0.9) if morphological_opposite(x, y) else None


@pytest.mark.slow  # checks every pair of listed words
def test_opposites_of_matches_the_pairwise_tests() -> None:
    words = {w for pair in WORD_PAIRS for w in pair} | set(EXTRA)
    stems = sorted({stem(w) for w in words} | words)
    found = 0
    for x, y in itertools.product(stems, stems):
        want = _pairwise(x, y)
        got = {o: (kind, strength) for o, kind, strength in opposites_of(x)}.get(y)
        assert got == want, (x, y)
        found += want is not None
    assert found > 100  # the lists really were exercised


@pytest.mark.slow  # property test, many examples
def test_overlap_count_matches_the_pairwise_definition() -> None:
    from hypothesis import given
    from hypothesis import strategies as st

    from engine.contradict.text import overlap_count, stems_match

    stems = st.text(alphabet="abcdeo", min_size=1, max_size=9)

    @given(st.frozensets(stems, max_size=12), st.frozensets(stems, max_size=12))
    def check(needles: frozenset[str], haystack: frozenset[str]) -> None:
        want = sum(1 for n in needles if any(stems_match(n, h) for h in haystack))
        assert overlap_count(needles, haystack) == want

    check()
