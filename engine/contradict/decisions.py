"""Decisions a claim records: "we chose X", "decided to use X", "switched to X", "stopped
using X", "no longer use X", "replaced X with Y" / "X was replaced by Y" (a negated choice is
a drop, a negated drop a choice)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from engine.contradict.lexicon import CHOOSE_VERBS, DROP_VERBS
from engine.contradict.negation_scopes import SCOPE_AUXILIARIES, is_scope_boundary
from engine.contradict.text import Token

_PREPOSITIONS_END_OBJECT = frozenset(
    "for to as in on at over instead with by from because since and but which that after "
    "before".split()
)


@dataclass(frozen=True)
class Decision:
    """One decision: what was chosen or dropped."""

    verb: Literal["choose", "drop"]
    stems: frozenset[str]  # the object's content stems
    text: str  # the object as written


_CHOOSE_PARTICLES = {"decid": ("on",), "go": ("with",), "settl": ("on",), "opt": ("for",)}
_SWITCH_VERBS = frozenset({"switch", "mov", "migrat", "chang", "transition"})


def _object(text: str, tokens: tuple[Token, ...], i: int) -> tuple[frozenset[str], str]:
    """The noun phrase starting at token i (up to 4 tokens, stops at prepositions)."""
    picked: list[Token] = []
    for t in tokens[i : i + 5]:
        if is_scope_boundary(t) or t.norm in _PREPOSITIONS_END_OBJECT:
            break
        if t.kind == "word" and (t.is_content or t.norm in ("the", "a", "an", "our", "its")):
            picked.append(t)
            continue
        break
    stems = frozenset(t.stem for t in picked if t.is_content)
    if not stems:
        return frozenset(), ""
    return stems, text[picked[0].start : picked[-1].end]


def decisions_in(text: str, tokens: tuple[Token, ...]) -> tuple[Decision, ...]:
    """The decisions claim `text` (tokens `tokens`) records, in reading order."""
    out: list[Decision] = []
    n = len(tokens)
    for i, t in enumerate(tokens):
        if t.kind != "word":
            continue
        negated = (i > 0 and tokens[i - 1].norm in ("not", "never")) or (
            i > 1 and tokens[i - 2].norm in ("not", "never")
        )
        nxt = tokens[i + 1].norm if i + 1 < n else ""
        verb: Literal["choose", "drop"] | None = None
        start = i + 1
        if t.stem in _CHOOSE_PARTICLES:
            if nxt in _CHOOSE_PARTICLES[t.stem]:
                verb, start = "choose", i + 2
            elif t.stem == "decid" and nxt == "to" and i + 2 < n:
                verb, start = "choose", i + 3  # decided to use X
        elif t.stem in _SWITCH_VERBS and nxt in ("to", "from", "away"):
            if nxt == "to":
                verb, start = "choose", i + 2
            else:
                verb, start = "drop", i + 2 + (nxt == "away")
        elif t.stem in ("stop", "quit") and nxt.endswith("ing"):
            verb, start = "drop", i + 2  # stopped using X
        elif (
            t.stem == "use"
            and i > 1
            and (tokens[i - 1].norm, tokens[i - 2].norm)
            == (
                "longer",
                "no",
            )
        ):
            verb, start = "drop", i + 1  # no longer use X
        elif t.stem in CHOOSE_VERBS and t.stem != "go":
            verb = "choose"
        elif t.stem in DROP_VERBS:
            verb = "drop"
            if t.stem == "replac":
                # "X was replaced by Y": X is dropped, Y chosen; "replaced X with Y": the reverse
                if nxt == "by":
                    subj = _object_before(text, tokens, i)
                    if subj[0]:
                        out.append(Decision("drop", subj[0], subj[1]))
                    obj = _object(text, tokens, i + 2)
                    if obj[0]:
                        out.append(Decision("choose", obj[0], obj[1]))
                    continue
                for k in range(i + 1, min(i + 7, n)):
                    if tokens[k].norm in ("with", "by"):
                        obj = _object(text, tokens, k + 1)
                        if obj[0]:
                            out.append(Decision("choose", obj[0], obj[1]))
                        break
        if verb is None:
            continue
        if negated:
            verb = "drop" if verb == "choose" else "choose"
        stems, shown = _object(text, tokens, start)
        if stems:
            out.append(Decision(verb, stems, shown))
    return tuple(out)


def _object_before(text: str, tokens: tuple[Token, ...], i: int) -> tuple[frozenset[str], str]:
    """The content words just before token i, skipping an auxiliary (X was replaced)."""
    k = i - 1
    while k >= 0 and tokens[k].norm in SCOPE_AUXILIARIES:
        k -= 1
    picked: list[Token] = []
    while k >= 0 and tokens[k].is_content and len(picked) < 3:
        picked.insert(0, tokens[k])
        k -= 1
    if not picked:
        return frozenset(), ""
    return frozenset(t.stem for t in picked), text[picked[0].start : picked[-1].end]
