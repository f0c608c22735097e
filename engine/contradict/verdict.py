"""The structural verdict on a pair of claims: `assess` and its `Verdict`.

Both claims must be assertions about the same thing (`same_thing`); after normalising what
may be worded differently (polarity, quantities, dates), exactly what is left is compared: a
polarity flip (negation), two values of one quantity or two dates of one event
(conflicting_values), a scalar antonym (opposing_sentiment), a relation with its two ends
swapped or one exclusive attribute swapped (semantic_conflict), or a reversed decision
(superseded). The strength is the kind's base times the share of the claims' content that is
the same outside the differing slot.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from functools import lru_cache

from engine.contradict.antonyms import antonym_pairs
from engine.contradict.claim_values import date_relation, measured_conflicts, quantity_relation
from engine.contradict.content_words import shared_stems
from engine.contradict.explanations import about_phrase, quoted
from engine.contradict.negators import is_negative_adjective, negated_roots_of
from engine.contradict.origins import conflicting_origins
from engine.contradict.parsed_claim import ClaimWord, ParsedClaim, parse_claim
from engine.contradict.quantities import Quantity
from engine.contradict.same_thing import (
    GENERIC_SUBJECTS,
    different_subjects,
    each_about_own_note,
    named_in_other,
    opposite_subjects,
)
from engine.contradict.superseded import changed_decision
from engine.contradict.swaps import swapped_attribute, swapped_relation
from engine.contradict.text import stem, tokenize

_ORDER_WORDS = frozenset({"before", "after"})
_ORDER_STEMS = frozenset(stem(w) for w in _ORDER_WORDS)


@dataclass(frozen=True)
class Verdict:
    """What the structure of a pair says (score 0: no conflict shown)."""

    score: float  # in [0, 1]
    kind: str  # negation | conflicting_values | opposing_sentiment | semantic_conflict | none
    explanation: str  # one plain line: what differs, and why the same thing


_NONE = Verdict(0.0, "none", "")


@lru_cache(maxsize=1 << 16)
def assess(
    a: str,
    b: str,
    *,
    a_note: str | None = None,
    b_note: str | None = None,
    a_heading: str | None = None,
    b_heading: str | None = None,
) -> Verdict:
    """The structural verdict on claims `a` (of note `a_note`, under heading `a_heading`) and
    `b` (of `b_note`, under `b_heading`)."""
    if b < a:
        a, b, a_note, b_note, a_heading, b_heading = b, a, b_note, a_note, b_heading, a_heading
    x, y = parse_claim(a), parse_claim(b)
    if x.imperative or y.imperative or x.fragment or y.fragment:
        return _NONE
    cx, cy = x.content, y.content
    if not cx or not cy:
        return _NONE

    # Antonym pairs between the two claims (each word used once).
    antonyms = antonym_pairs(x, y)
    # Opposites inside both claims' conditions ("when the mesh is cheap" / "when the mesh is
    # expensive") name two situations, not two answers: no flip.
    conditions = [
        (wx, wy) for wx, wy in antonyms if wx.stem in x.condition and wy.stem in y.condition
    ]
    if conditions:
        return _NONE
    anto_x = {w.stem for w, _ in antonyms}
    anto_y = {w.stem for _, w in antonyms}

    # The same words with the two ends of a relation swapped (before the entity check: the
    # subjects differ by construction).
    if not antonyms and not x.negators and not y.negators:
        swapped = swapped_relation(x, y, cx, cy)
        if swapped:
            return Verdict(0.7, "semantic_conflict", swapped)

    # One named thing that began twice: "X was founded in 1640" / "X is created in 1837".
    origin = conflicting_origins(a, b)
    if origin is not None:
        ox, oy = origin
        return Verdict(
            0.85,
            "conflicting_values",
            f"different dates: {quoted(ox.text)} vs {quoted(oy.text)}, both about when "
            f"{ox.name} began",
        )

    # One thing measured twice, named across the notes: "Brannoc children ... until the age
    # of 14" against "at the age of 6" in the note *Brannoc Clan*.
    named = named_in_other(x, y, a_note=a_note, b_note=b_note)
    if named:
        measured = _measured(x, y, named, named_by_value=True)
        if measured is not None:
            return measured
        opposed = _opposed(x, y, named, antonyms)
        if opposed is not None:
            return opposed

    # Different entities: the subjects differ on both sides, or an antonym sits inside a
    # subject (Weighted graph / Unweighted graph), or each claim names its own note.
    if different_subjects(x, y, cx, cy, anto_x, anto_y):
        return _NONE
    # Each claim about its own note (atomic notes, templated notes: "the oil", "the target",
    # "you" under "Oil of Sharpness" and "Oil of Slipperiness"): different entities.
    if each_about_own_note(
        x, y, cx, cy, a_note=a_note, b_note=b_note, a_heading=a_heading, b_heading=b_heading
    ):
        return _NONE

    same_subject_words = shared_stems(x.subject, y.subject)
    if same_subject_words - GENERIC_SUBJECTS and not x.condition and not y.condition:
        # one subject ("a traveller needs 2 quarts of water" / "a traveller needs about 5 litres"),
        # a measure with a unit, at least two words saying what is measured, and neither
        # claim under a condition (values "when the gateway is busy" describe situations)
        measured = _measured(x, y, frozenset(same_subject_words), units_only=True)
    else:
        measured = None
    shared = shared_stems(cx, cy) | shared_stems(cy, cx)
    left_x = cx - shared_stems(cx, cy) - anto_x - shared_stems(cx, y.negated_roots) - x.lead
    left_y = cy - shared_stems(cy, cx) - anto_y - shared_stems(cy, x.negated_roots) - y.lead
    n_shared = len(shared_stems(cx, cy))
    changed = "" if _one_sided_negation(x, y) else changed_decision(a, b, x, y)
    if changed:
        score = 0.8 * max(n_shared / (n_shared + 1), 0.75)
        return Verdict(round(score, 4), "superseded", changed)
    minimal = not left_x and not left_y
    if n_shared < 2 and not (n_shared == 1 and minimal):
        return measured or _NONE
    if n_shared == 2 and not minimal:
        return measured or _NONE
    closeness = n_shared / (n_shared + max(len(left_x), len(left_y)))
    surface = {w.stem: w.surface for w in (*y.words, *x.words)}
    about = about_phrase(shared, same_subject_words, surface)

    # Values and dates.
    q_conflicts, q_agree = quantity_relation(x.quantities, y.quantities)
    d_conflicts, d_agree = date_relation(x.dates, y.dates)
    if d_agree:
        d_conflicts = []

    order_pairs = [(wx, wy) for wx, wy in antonyms if {wx.stem, wy.stem} <= _ORDER_STEMS]
    if order_pairs:
        # "before the sync begins" / "after the sync has finished": the order is what differs;
        # the events it is measured against are not further flips
        antonyms = order_pairs
    flip = (len(x.negators) + len(y.negators) + len(antonyms)) % 2 == 1
    candidates: list[Verdict] = []

    if q_conflicts:
        qa, qb = q_conflicts[0]
        anchor = qa.anchor | qb.anchor
        # the words around the two numbers must meet: "runs for 14 months" / "runs for 9
        # months", not "built 15 years earlier" / "minister for 20 years"
        anchored = not anchor or bool(shared_stems(qa.anchor, qb.anchor))
        strength = 0.9 if anchored else 0.5
        if (qa.bound != "=" or qb.bound != "=") and qa.bound != qb.bound:
            strength *= 0.8
        if left_x and left_y:
            strength *= 0.75  # each claim says something the other does not: other predicates
        if not _same_situation(x, y):
            strength *= 0.5  # "if the valve sticks, it drains in 10 minutes": another situation
        candidates.append(
            Verdict(
                strength * closeness,
                "conflicting_values",
                f"different values: {quoted(qa.text)} vs {quoted(qb.text)} {about}",
            )
        )
    if d_conflicts:
        da, db = d_conflicts[0]
        candidates.append(
            Verdict(
                0.9 * closeness,
                "conflicting_values",
                f"different dates: {quoted(da.text)} vs {quoted(db.text)} {about}",
            )
        )
    if flip and not q_conflicts and not d_conflicts:
        scalar = [
            (wx, wy) for wx, wy in antonyms if not (wx.stem in x.subject or wy.stem in y.subject)
        ]
        if scalar and (len(x.negators) + len(y.negators)) % 2 == 0:
            wx, wy = scalar[0]
            order = {wx.stem, wy.stem} <= {stem(w) for w in _ORDER_WORDS}
            what = "order of events" if order else "opposites"
            candidates.append(
                Verdict(
                    0.85 * closeness,
                    "opposing_sentiment",
                    f"{what}: {quoted(wx.surface)} vs {quoted(wy.surface)} {about}",
                )
            )
        else:
            neg_x = ", ".join(quoted(n) for n in x.negators)
            neg_y = ", ".join(quoted(n) for n in y.negators)
            said = neg_x or neg_y
            detail = (
                f"one claim says {said}, the other does not"
                if not (neg_x and neg_y)
                else f"negated differently ({neg_x} vs {neg_y})"
            )
            if antonyms:
                wx, wy = antonyms[0]
                detail += f"; {quoted(wx.surface)} vs {quoted(wy.surface)}"
            base = (
                0.85 if _negates_shared(x, cy, anto_x) or _negates_shared(y, cx, anto_y) else 0.45
            )
            if all(n == "without" for n in (*x.negators, *y.negators)):
                base *= 0.8
            candidates.append(Verdict(base * closeness, "negation", f"{detail} {about}"))
    if not flip and not q_conflicts and not d_conflicts and not antonyms:
        attr = swapped_attribute(x, y, left_x, left_y)
        if attr:
            candidates.append(
                Verdict(attr[0] * min(1.0, n_shared / 3), "semantic_conflict", f"{attr[1]} {about}")
            )
    if measured is not None:
        candidates.append(measured)
    if not candidates:
        return _NONE
    best = max(candidates, key=lambda v: v.score)
    if x.other != y.other:
        # "four other rock formations", "other journalists": one claim is about something else
        best = Verdict(best.score * 0.6, best.kind, best.explanation)
    if not _same_situation(x, y) and best.kind in ("negation", "opposing_sentiment"):
        # "if the gate is locked, nobody can enter" / "anyone can enter when the keeper is
        # there": each holds in its own situation
        best = Verdict(best.score * 0.7, best.kind, best.explanation)
    if x.deontic != y.deontic and best.kind == "negation":
        # "must not fall below" is a rule, "fell below" a fact: no contradiction in words
        best = Verdict(best.score * 0.5, best.kind, best.explanation)
    if (q_agree or d_agree) and best.kind != "conflicting_values":
        best = Verdict(best.score * 0.9, best.kind, best.explanation)
    return Verdict(round(min(1.0, best.score), 4), best.kind, best.explanation)


@lru_cache(maxsize=1 << 16)
def about_different_things(
    a: str,
    b: str,
    *,
    a_note: str | None = None,
    b_note: str | None = None,
    a_heading: str | None = None,
    b_heading: str | None = None,
) -> bool:
    """The vetoes that hold without a parser's subject: one claim is an instruction, an
    antonym sits inside the subjects ("Weighted graph" / "Unweighted graph"), or each claim
    speaks of its own note, as sibling and templated notes do (a fragment -- "Tall woman,
    early 30s" -- speaks of its note). Symmetric. Subjects that merely differ in words are
    left to the judge: "Home to rare herbs including the Marsh Lily" and "The Marsh Lily
    cures fevers" are about one thing."""
    if b < a:
        a, b, a_note, b_note, a_heading, b_heading = b, a, b_note, a_note, b_heading, a_heading
    x, y = parse_claim(a), parse_claim(b)
    if x.imperative or y.imperative:
        return True
    cx, cy = x.content, y.content
    if not cx or not cy:
        return True
    if opposite_subjects(x, y):
        return True
    return each_about_own_note(
        x, y, cx, cy, a_note=a_note, b_note=b_note, a_heading=a_heading, b_heading=b_heading
    )


def _opposed(
    x: ParsedClaim,
    y: ParsedClaim,
    named: frozenset[str],
    antonyms: list[tuple[ClaimWord, ClaimWord]],
) -> Verdict | None:
    """One opposite said of one named thing in the same words otherwise: "the main trade hub
    of the north" against "[[Brannoc Ford]], the main trade hub of the south". Neither
    claim negated, conditional differently, or holding another opposite."""
    if len(antonyms) != 1 or x.negators or y.negators or not _same_situation(x, y):
        return None
    wx, wy = antonyms[0]
    if {wx.stem, wy.stem} & (x.subject | y.subject):
        return None
    around = shared_stems(x.content, y.content) - named
    if len(around) < 2:
        return None
    # the shorter claim says little else: the opposite is the one thing that differs
    rest = [c.content - named - {w.stem} for c, w in ((x, wx), (y, wy))]
    shorter = min(rest, key=len)
    if len(shared_stems(shorter, around)) < 0.75 * len(shorter):
        return None
    about = _both_about(x, y, around, named)
    return Verdict(
        0.65,
        "opposing_sentiment",
        f"opposites: {quoted(wx.surface)} vs {quoted(wy.surface)}, both about {about}",
    )


def _measured(
    x: ParsedClaim,
    y: ParsedClaim,
    subject: frozenset[str],
    *,
    units_only: bool = False,
    named_by_value: bool = False,
) -> Verdict | None:
    """Two values of one measure of one thing (`subject`: the words that make it one thing):
    the words around both numbers must meet beyond the subject ("given ... at the age of 4"
    / "not given ... until the age of 12"). Kept modest when only one such word meets. With
    `named_by_value` (`subject` holds names), a claim that writes a name writes it in the
    clause that holds its value."""
    # words of a "when ..." clause say under which condition, not what is measured
    ignore = subject | x.condition | y.condition
    conflicts = measured_conflicts(x.quantities, y.quantities, ignore=ignore)
    if named_by_value:
        conflicts = [
            c
            for c in conflicts
            if _named_beside(x.text, subject, c[0]) and _named_beside(y.text, subject, c[1])
        ]
    if units_only:
        conflicts = [c for c in conflicts if not c[0].unit.startswith("count:") and len(c[2]) > 1]
    if not conflicts or x.other != y.other or x.deontic != y.deontic:
        return None
    qa, qb, measured = max(conflicts, key=lambda c: len(c[2]))
    score = 0.75 if len(measured) >= 2 else 0.6
    about = _both_about(x, y, measured, subject, nothing="one measure")
    return Verdict(
        score, "conflicting_values", f"{_value_text(qa)} vs {_value_text(qb)}, both about {about}"
    )


def _named_beside(text: str, names: frozenset[str], value: Quantity) -> bool:
    """`text` writes none of `names` (stems), or writes one in the clause (between
    semicolons) that holds `value`: in "LoRa radio module with its stack; the antenna is a
    5 dBi collinear" the name and the value belong to two things."""
    places = [
        t.start
        for t in tokenize(text)
        if t.kind == "word" and t.stem in names and text[t.start : t.start + 1].isupper()
    ]
    if not places:
        return True
    clause = text.count(";", 0, value.start)
    return any(text.count(";", 0, at) == clause for at in places)


def _both_about(
    x: ParsedClaim,
    y: ParsedClaim,
    what: AbstractSet[str],
    names: AbstractSet[str],
    *,
    nothing: str = "",
) -> str:
    """ "hub, main, trade of Vellomar": up to three shared words and two names, as written."""
    surface = {w.stem: w.surface for w in (*y.words, *x.words)}
    words = sorted(dict.fromkeys(surface[s].lower() for s in what if s in surface))[:3]
    named = sorted(dict.fromkeys(surface[s] for s in names if s in surface))[:2]
    return (", ".join(words) or nothing) + (f" of {' '.join(named)}" if named else "")


def _value_text(q: Quantity) -> str:
    """A value as the explanation names it: "age 4", "2 quarts", "at most three lanterns"."""
    text = " ".join(q.text.split())
    if q.unit == "age" and not text.lower().endswith("old"):
        text = f"age {text}"
    limit = {"<=": "at most ", ">=": "at least ", "~": "about "}.get(q.bound, "")
    return quoted(limit + text)


def _same_situation(x: ParsedClaim, y: ParsedClaim) -> bool:
    """Each claim's condition, if it has one, is mostly said by the other claim too ("after
    you close the app" / "while the app is closed"); "if the valve sticks, the tank drains in
    10 minutes" and "the tank drains in 40 minutes" name two situations."""
    for c, other in ((x, y), (y, x)):
        if c.condition:
            said = shared_stems(c.condition, other.content | other.condition)
            if 2 * len(said) < len(c.condition):
                return False
    return True


def _one_sided_negation(x: ParsedClaim, y: ParsedClaim) -> bool:
    """Negated on one side only (before antonyms are paired)."""
    return (len(x.negators) + len(y.negators)) % 2 == 1


def _negates_shared(c: ParsedClaim, other: frozenset[str], antonyms: set[str]) -> bool:
    """A negator of `c` negates something the other claim says (its head is there, or it
    negates an adjective whose root is there); pronoun negators (nobody) always qualify."""
    for neg, head in zip(c.negators, c.negated_heads, strict=True):
        if head is None:
            return True
        if head and (shared_stems(frozenset(head), other) or head & antonyms):
            return True
        if is_negative_adjective(neg) and shared_stems(frozenset(negated_roots_of(neg)), other):
            return True
    return False
