"""A decision one note records and another reverses ("We chose PostgreSQL" / "We dropped
PostgreSQL and chose SQLite"): shown as superseded, not as a contradiction."""

from __future__ import annotations

from engine.contradict.analysis import analyse
from engine.contradict.decision_cue import decision
from engine.contradict.lexicon import CHOOSE_VERBS, DROP_VERBS
from engine.contradict.parsed_claim import ParsedClaim
from engine.contradict.text import stem

_DECISION_STEMS = (
    CHOOSE_VERBS
    | DROP_VERBS
    | frozenset(stem(w) for w in "switch switched migrate migrated move moved stop stopped".split())
)


def changed_decision(a: str, b: str, x: ParsedClaim, y: ParsedClaim) -> str:
    """ "We chose PostgreSQL" / "We dropped PostgreSQL and chose SQLite": a decision one note
    records and the other reverses (shown as superseded, the newer note marked)."""
    stems = {w.stem for w in (*x.words, *y.words)}
    if not stems & _DECISION_STEMS:
        return ""
    cue = decision(analyse(a), analyse(b))
    if cue.score < 1.0:
        return ""
    return f"a decision changed: {cue.explanation.replace('one claim', 'one note')}"
