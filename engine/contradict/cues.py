"""Cue detectors: explainable reasons why two claims may contradict each other.

Each detector looks at two analysed claims and returns a `Cue`: a score in [0, 1] and one
sentence the UI can show ("B negates 'support LoRaWAN', which A asserts"). Every detector is
symmetric (it checks both directions and keeps the stronger) and asks for more than a cue
word: the negated predicate must appear in the other claim, the two numbers must share a unit
and a subject, the two dates must say something comparable, and so on. `overlap` gives the
word-overlap features the scorer uses beside them.

Detectors (all pure functions of `Analysis`):
    negation       one claim negates what the other asserts (not / never / no longer / without /
                   failed to / unable to / lacks / outside ...), with scope
    opposition     antonyms and opposite verbs (reliable/unreliable, increase/decrease,
                   accepted/rejected; un-/in-/dis-/non- prefixes; -ful/-less)
    numbers        the same quantity with different values (14 months vs 9 months; 5 min vs
                   15 minutes; 20 % vs 35 %; $10 vs $12), units normalised
    dates          different dates for the same event (12 May 2026 vs 3 June 2026)
    decision       a changed decision (we chose X / we dropped X / replaced X with Y)

The parts: `analysis` (what a detector reads and returns), `negation_scopes`, `decisions`,
`overlap`, and the detectors in `polarity_cues`, `value_cues` and `decision_cue`. This module
composes them and owns the per-claim caches.
"""

from __future__ import annotations

import re

from engine.contradict.analysis import CUE_KINDS, Analysis, Cue, CueKind, analyse
from engine.contradict.decision_cue import decision
from engine.contradict.decisions import Decision
from engine.contradict.lexicon import clear_lexicon_caches
from engine.contradict.negation_scopes import NegationScope
from engine.contradict.origins import origins_in
from engine.contradict.overlap import Overlap, overlap
from engine.contradict.polarity_cues import (
    clear_word_index,
    direction,
    negation,
    opposition,
    polarity_mismatch,
)
from engine.contradict.structure import clear_caches as clear_structure_caches
from engine.contradict.text import clear_token_caches
from engine.contradict.value_cues import dates, numbers

__all__ = [
    "CUE_KINDS",
    "Analysis",
    "Cue",
    "CueKind",
    "Decision",
    "NegationScope",
    "Overlap",
    "analyse",
    "clear_claim_caches",
    "dates",
    "decision",
    "detect",
    "direction",
    "negation",
    "normalise_space",
    "numbers",
    "opposition",
    "overlap",
    "polarity_mismatch",
]


def detect(a: Analysis, b: Analysis) -> tuple[Cue, ...]:
    """Every detector's cue for the pair, in `CUE_KINDS` order."""
    return (negation(a, b), opposition(a, b), numbers(a, b), dates(a, b), decision(a, b))


def clear_claim_caches() -> None:
    """Drop the per-claim caches (analyses, word indexes, tokens): a whole-vault scan fills
    them with claims the next edit will not ask about (~70 MB), which later work can reuse."""
    clear_structure_caches()
    analyse.cache_clear()
    clear_word_index()
    clear_token_caches()
    # word-level caches too: scattered through the heap, their few survivors would keep
    # hundreds of the scan's emptied memory arenas alive (10k notes: about 300 MB)
    clear_lexicon_caches()
    origins_in.cache_clear()


_WS_RE = re.compile(r"\s+")


def normalise_space(text: str) -> str:
    """`text` with its whitespace runs collapsed to one space, and stripped."""
    return _WS_RE.sub(" ", text).strip()
