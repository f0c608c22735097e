"""What the cue detectors read and return: one claim's `Analysis` (computed once per claim
and cached) and a detector's `Cue`."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from engine.contradict.decisions import Decision, decisions_in
from engine.contradict.lexicon import CONDITION_WORDS
from engine.contradict.negation_scopes import (
    MAX_SCOPE,
    SCOPE_AUXILIARIES,
    SCOPE_BOUNDARY_PUNCT,
    NegationScope,
    negation_scopes,
)
from engine.contradict.quantities import DateMention, Quantity, parse_dates, parse_quantities
from engine.contradict.text import NEGATORS, Token, stem, tokenize

CueKind = Literal["negation", "opposition", "numbers", "dates", "decision"]
CUE_KINDS: tuple[CueKind, ...] = ("negation", "opposition", "numbers", "dates", "decision")


@dataclass(frozen=True)
class Cue:
    """One detector's verdict: `score` in [0, 1] (0 = no evidence) and why."""

    kind: CueKind
    score: float
    explanation: str = ""


@dataclass(frozen=True)
class Analysis:
    """Everything the detectors need to know about one claim, computed once."""

    text: str
    tokens: tuple[Token, ...]
    words: frozenset[str]  # stems of every word
    content: frozenset[str]  # content stems (hyphenated words also give their parts)
    negations: tuple[NegationScope, ...]
    negated: frozenset[str]  # content stems inside some negation scope
    quantities: tuple[Quantity, ...]
    dates: tuple[DateMention, ...]
    decisions: tuple[Decision, ...]
    condition: frozenset[str] | None  # content stems of an if/when/under... clause, if any
    subject: frozenset[str]  # content stems before the first verb-like word

    @property
    def asserted(self) -> frozenset[str]:
        """Content stems outside every negation scope."""
        return self.content - self.negated


@lru_cache(maxsize=8192)
def analyse(text: str) -> Analysis:
    """Analyse one claim (cached: candidate pairs share claims)."""
    tokens = tokenize(text)
    words = frozenset(t.stem for t in tokens if t.kind in ("word", "cjk"))
    content = _content(tokens)
    negations = negation_scopes(text, tokens)
    negated = frozenset().union(*(n.stems for n in negations)) if negations else frozenset()
    dates = parse_dates(text)
    quantities = parse_quantities(text, skip=tuple((d.start, d.end) for d in dates))
    return Analysis(
        text=text,
        tokens=tokens,
        words=words,
        content=content,
        negations=negations,
        negated=negated,
        quantities=quantities,
        dates=dates,
        decisions=decisions_in(text, tokens),
        condition=_condition(tokens),
        subject=_subject(tokens),
    )


def _content(tokens: tuple[Token, ...]) -> frozenset[str]:
    out: set[str] = set()
    for t in tokens:
        if t.is_content:
            out.add(t.stem)
            if "-" in t.norm:
                out.update(stem(p) for p in t.norm.split("-") if len(p) >= 3 and p.isalpha())
    return frozenset(out)


def _subject(tokens: tuple[Token, ...]) -> frozenset[str]:
    out: set[str] = set()
    for t in tokens:
        if t.kind == "punct" and out:
            break
        if t.norm in SCOPE_AUXILIARIES or t.norm in NEGATORS:
            break
        if t.is_content:
            out.add(t.stem)
            if len(out) >= 4:
                break
    return frozenset(out)


def _condition(tokens: tuple[Token, ...]) -> frozenset[str] | None:
    for i, t in enumerate(tokens):
        if t.kind == "word" and t.norm in CONDITION_WORDS:
            out: set[str] = set()
            for u in tokens[i + 1 : i + 1 + MAX_SCOPE]:
                if u.kind == "punct" and u.norm in SCOPE_BOUNDARY_PUNCT:
                    break
                if u.is_content:
                    out.add(u.stem)
            if out:
                return frozenset(out)
    return None
