"""Cue detector for a changed decision: one claim chose what the other dropped, or the two
chose different things for the same purpose."""

from __future__ import annotations

from engine.contradict.analysis import Analysis, Cue
from engine.contradict.overlap import shared_context
from engine.contradict.text import overlap_count


def decision(a: Analysis, b: Analysis) -> Cue:
    """A decision one claim records and the other reverses or replaces."""
    best = Cue("decision", 0.0)
    for x, y in ((a, b), (b, a)):
        for dx in x.decisions:
            for dy in y.decisions:
                shared = overlap_count(dx.stems, dy.stems)
                if dx.verb == "choose" and dy.verb == "drop" and shared:
                    score = 1.0
                    text = f'one claim chose "{dx.text}", the other dropped "{dy.text}"'
                elif dx.verb == dy.verb == "choose" and not shared:
                    ctx = shared_context(x, y, dx.stems | dy.stems)
                    if ctx < 0.5:
                        continue
                    score = 0.6 * ctx
                    first, second = sorted((dx.text, dy.text))
                    text = f'different choices for the same purpose: "{first}" vs "{second}"'
                else:
                    continue
                if score > best.score:
                    best = Cue("decision", round(score, 4), text)
    return best
