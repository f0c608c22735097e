"""Rule-labelled minimal pairs for training the contradiction scorer.

MNLI and SciFact hardly ever pair two near-identical sentences that differ in one value, date,
negation or antonym -- yet that is the most common contradiction in a notes vault ("runs for
14 months" / "runs for 9 months"). Without such pairs a logistic regression learns "almost the
same words -> not a contradiction" and cannot weigh a cue on a minimal pair. So the training
script adds a few hundred pairs made from the *training half's* own sentences, labelled by
construction:

positive (the edit makes the two sentences incompatible)
    number    one number changed (14 -> 28, ten -> three)
    date      one date part changed (12 May -> 21 May, 2019 -> 2022)
    negation  "not" inserted after the first auxiliary (is -> is not)
    antonym   one word swapped for its listed opposite (increase -> decrease)
negative (the edit keeps the sentences compatible)
    drop      one adverb or adjective removed (the original implies the shorter sentence)
    attribute a source attached ("..., according to the project notes.")

The held-out evaluation never sees these pairs: it is real data only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from engine.contradict.quantities import parse_dates
from engine.contradict.text import NEGATORS, WORD_PAIRS, tokenize

_NUMBER_WORDS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "twelve": 12, "twenty": 20,
}  # fmt: skip
_WORD_OF = {v: k for k, v in _NUMBER_WORDS.items()}
_NUM_RE = re.compile(r"(?<![\w.,])(\d+(?:\.\d+)?)(?![\w.,]\d)")
_AUX_RE = re.compile(r"\b(is|are|was|were|can|will|should|must|could|would|has|have|had)\b")
_MONTHS = (
    "January February March April May June July August September October November December"
).split()
_ATTRIBUTIONS = (
    ", according to the project notes",
    ", as the team reported",
    ", as recorded in the log",
)
_SWAP: dict[str, str] = {}
for _left, _right in WORD_PAIRS:
    _SWAP.setdefault(_left, _right)
    _SWAP.setdefault(_right, _left)


@dataclass(frozen=True)
class Synthetic:
    a: str
    b: str
    positive: bool
    kind: str
    source: int  # index of the source sentence in the list given to `synthesize`


def _change_number(text: str, rng: np.random.Generator) -> str | None:
    m = _NUM_RE.search(text)
    if m is not None:
        raw = m.group(1)
        value = float(raw)
        if 1800 <= value <= 2100 and "." not in raw:
            return None  # a year: that is a date
        factor = float(rng.choice([0.25, 0.5, 2.0, 3.0, 4.0]))
        new = value * factor
        shown = str(round(new)) if "." not in raw else f"{new:.{len(raw.split('.')[1])}f}"
        if shown == raw or float(shown) == 0:
            shown = str(int(value) + 7)
        return text[: m.start(1)] + shown + text[m.end(1) :]
    for tok in tokenize(text):
        if tok.norm in _NUMBER_WORDS:
            value = _NUMBER_WORDS[tok.norm]
            options = [w for v, w in _WORD_OF.items() if v != value and abs(v - value) >= 2]
            word = str(rng.choice(options))
            if text[tok.start].isupper():
                word = word.capitalize()
            return text[: tok.start] + word + text[tok.end :]
    return None


def _change_date(text: str, rng: np.random.Generator) -> str | None:
    dates = parse_dates(text)
    if not dates:
        return None
    d = dates[0]
    span = text[d.start : d.end]
    if d.year is not None:
        new_year = d.year + int(rng.choice([-3, -2, 2, 3]))
        new = span.replace(str(d.year), str(new_year), 1)
    elif d.month is not None:
        names = [m for m in _MONTHS if m in span or m[:3] in span]
        if not names:
            return None
        other = _MONTHS[(d.month + int(rng.integers(2, 10))) % 12]
        new = span.replace(names[0], other, 1)
    elif d.weekday is not None:
        return None
    else:
        return None
    return None if new == span else text[: d.start] + new + text[d.end :]


def _negate(text: str, rng: np.random.Generator) -> str | None:
    if any(t.norm in NEGATORS for t in tokenize(text)):
        return None
    m = _AUX_RE.search(text)
    if m is None:
        return None
    return text[: m.end()] + " not" + text[m.end() :]


def _antonym(text: str, rng: np.random.Generator) -> str | None:
    tokens = tokenize(text)
    if any(t.norm in NEGATORS for t in tokens):
        return None
    for tok in tokens:
        swap = _SWAP.get(tok.norm)
        if swap and tok.kind == "word":
            if text[tok.start].isupper():
                swap = swap.capitalize()
            return text[: tok.start] + swap + text[tok.end :]
    return None


def _drop(text: str, rng: np.random.Generator) -> str | None:
    tokens = tokenize(text)
    for i, tok in enumerate(tokens[1:-1], start=1):
        prev, nxt = tokens[i - 1], tokens[i + 1]
        adverb = tok.norm.endswith("ly") and len(tok.norm) > 4
        adjective = prev.norm in ("a", "an", "the") and tok.is_content and nxt.is_content
        if (adverb or adjective) and tok.norm not in _SWAP and tok.norm not in NEGATORS:
            cut_end = tok.end
            while cut_end < len(text) and text[cut_end] == " ":
                cut_end += 1
            return text[: tok.start] + text[cut_end:]
    return None


def _attribute(text: str, rng: np.random.Generator) -> str | None:
    body = text.rstrip()
    if not body.endswith("."):
        return None
    return body[:-1] + str(rng.choice(_ATTRIBUTIONS)) + "."


_POSITIVE = (("number", _change_number), ("date", _change_date), ("negation", _negate),
             ("antonym", _antonym))  # fmt: skip
_NEGATIVE = (("drop", _drop), ("attribute", _attribute))


def synthesize(sentences: Sequence[str], *, seed: int, per_kind: int = 40) -> list[Synthetic]:
    """Up to `per_kind` pairs of each positive kind, and as many negatives in total."""
    rng = np.random.default_rng(seed)
    usable = [
        i
        for i, s in enumerate(sentences)
        if 5 <= len(s.split()) <= 40 and "\n" not in s and not s.rstrip().endswith("?")
    ]
    order = [usable[k] for k in rng.permutation(len(usable))]
    out: list[Synthetic] = []
    used: set[int] = set()
    for kind, make in _POSITIVE:
        made = 0
        for i in order:
            if made >= per_kind:
                break
            if i in used:
                continue
            new = make(sentences[i], rng)
            if new and new != sentences[i]:
                out.append(Synthetic(sentences[i], new, True, kind, i))
                used.add(i)
                made += 1
    positives = len(out)
    for n, (kind, make) in enumerate(_NEGATIVE):
        want = positives // len(_NEGATIVE) + (positives % len(_NEGATIVE) if n == 0 else 0)
        made = 0
        for i in order:
            if made >= want:
                break
            if i in used:
                continue
            new = make(sentences[i], rng)
            if new and new != sentences[i]:
                out.append(Synthetic(sentences[i], new, False, kind, i))
                used.add(i)
                made += 1
    return out
