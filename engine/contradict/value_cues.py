"""Cue detectors for values: the same quantity with values that cannot both hold
(`numbers`), and different dates for the same event (`dates`)."""

from __future__ import annotations

from engine.contradict.analysis import Analysis, Cue
from engine.contradict.overlap import shared_context
from engine.contradict.text import overlap_count, tokenize


def _damping(a: Analysis, b: Analysis) -> float:
    """Values under different conditions (if/when/under...) rarely conflict."""
    if a.condition is None and b.condition is None:
        return 1.0
    if (
        a.condition is not None
        and b.condition is not None
        and overlap_count(a.condition, b.condition)
    ):
        return 1.0
    return 0.5


def _quantity_words(a: Analysis) -> frozenset[str]:
    """Stems written inside the claim's quantities (units, number words)."""
    return frozenset(
        t.stem for t in a.tokens if any(q.start <= t.start < q.end for q in a.quantities)
    )


def _same_subject(a: Analysis, b: Analysis) -> float:
    """1.0 when the subjects overlap (or one is unknown), 0.5 when they differ: two values or
    dates only conflict when they describe the same thing."""
    if not a.subject or not b.subject:
        return 1.0
    return (
        1.0 if overlap_count(a.subject, b.content) or overlap_count(b.subject, a.content) else 0.5
    )


def numbers(a: Analysis, b: Analysis) -> Cue:
    """The same kind of quantity, about the same thing, with values that cannot both hold."""
    best = Cue("numbers", 0.0)
    for x, y in ((a, b), (b, a)):
        for qx in x.quantities:
            same_unit = [qy for qy in y.quantities if qy.unit == qx.unit]
            if not same_unit or any(qx.compatible(qy) for qy in same_unit):
                continue
            for qy in same_unit:
                anchor = qx.anchor | qy.anchor
                subj = 0.0
                if anchor:
                    subj = max(
                        overlap_count(qx.anchor, y.content) / max(1, len(qx.anchor)),
                        overlap_count(qy.anchor, x.content) / max(1, len(qy.anchor)),
                    )
                ctx = shared_context(x, y, _quantity_words(x) | _quantity_words(y))
                strength = (0.5 * subj + 0.5 * ctx) * _same_subject(x, y)
                if qx.bound != "=" or qy.bound != "=":
                    strength *= 0.8
                score = strength * _damping(x, y)
                if score > best.score:
                    first, second = sorted((qx.text, qy.text))
                    best = Cue(
                        "numbers",
                        round(score, 4),
                        f'different values for the same thing: "{first}" vs "{second}"',
                    )
    return best


def dates(a: Analysis, b: Analysis) -> Cue:
    """Different dates for the same event."""
    best = Cue("dates", 0.0)
    for x, y in ((a, b), (b, a)):
        for dx in x.dates:
            comparable = [dy for dy in y.dates if dx.comparable(dy)]
            if not comparable or not all(dx.conflicts_with(dy) for dy in comparable):
                continue
            date_words = frozenset(
                t.stem for d in (*x.dates, *y.dates) for t in tokenize(d.text) if t.kind == "word"
            )
            ctx = shared_context(x, y, date_words)
            score = (0.3 + 0.7 * ctx) * _damping(x, y) * _same_subject(x, y)
            if score > best.score:
                first, second = sorted((dx.text, comparable[0].text))
                best = Cue("dates", round(score, 4), f'different dates: "{first}" vs "{second}"')
    return best
