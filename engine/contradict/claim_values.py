"""Values and dates in a claim, and how two claims' values relate: the same quantity with
values that cannot both hold ("900 s" = "15 minutes" agree; "14 months" / "9 months" do not),
or two dates of one event."""

from __future__ import annotations

import re

from engine.contradict.quantities import DateMention, Quantity, parse_dates, parse_quantities


def values_in(text: str) -> tuple[tuple[Quantity, ...], tuple[DateMention, ...]]:
    """The quantities and dates of claim `text` (bare years too; numbers glued to letters,
    "2nd", "3d6", "v2", are not quantities)."""
    dates = parse_dates(text)
    dates = (*dates, *_years(text, dates))
    quantities = tuple(
        q
        for q in parse_quantities(text, skip=tuple((d.start, d.end) for d in dates))
        if not _glued(text, q.start, q.end)
    )
    return quantities, dates


def quantity_relation(
    a: tuple[Quantity, ...], b: tuple[Quantity, ...]
) -> tuple[list[tuple[Quantity, Quantity]], int]:
    """(conflicting same-unit pairs, number of agreeing same-unit pairs)."""
    conflicts: list[tuple[Quantity, Quantity]] = []
    agree = 0
    agreeing: set[str] = set()
    for qa in a:
        same = [qb for qb in b if qb.unit == qa.unit]
        if not same:
            continue
        if any(_same_value(qa, qb) and not _different_limits(qa, qb) for qb in same):
            agree += 1
            agreeing.add(qa.unit)
        else:
            conflicts.append((qa, same[0]))
    # one of several values of a unit matches: a list, not a conflict ("1 vault ... 10 vaults"
    # / "ten vaults"); values of other units still count ("single battery" vs "14 months")
    return [c for c in conflicts if c[0].unit not in agreeing], agree


_YEAR_RE = re.compile(r"\b(?:in|year|since|until|by)\s+(?:the\s+year\s+)?(\d{3,4})\b(?![.,]\d)")


def _years(text: str, known: tuple[DateMention, ...]) -> tuple[DateMention, ...]:
    """Years the date parser leaves out ("in the year 1189", "in 587"): any era."""
    out: list[DateMention] = []
    for m in _YEAR_RE.finditer(text):
        s, e = m.span()
        if any(d.start < e and s < d.end for d in known):
            continue
        out.append(DateMention(text=m.group(), start=s, end=e, year=int(m.group(1))))
    return tuple(out)


def measured_conflicts(
    a: tuple[Quantity, ...], b: tuple[Quantity, ...], *, ignore: frozenset[str] = frozenset()
) -> list[tuple[Quantity, Quantity, frozenset[str]]]:
    """Pairs of one measure with values that cannot both hold, with the words around both
    numbers that say what is measured (`ignore`: words that do not count, such as the
    subject's). Two limits of one kind disagree when they differ ("up to 5" / "at most
    three"); a value of one claim that matches any of the other's leaves that measure out."""
    out: list[tuple[Quantity, Quantity, frozenset[str]]] = []
    for qa in a:
        same = [qb for qb in b if qb.unit == qa.unit]
        if not same or any(_same_measure(qa, qb) for qb in same):
            continue
        for qb in same:
            measured = frozenset(qa.anchor & qb.anchor) - ignore
            if measured:
                out.append((qa, qb, measured))
                break
    return out


def _same_measure(a: Quantity, b: Quantity) -> bool:
    if a.bound == b.bound and a.bound in ("<=", ">="):
        return not _different_limits(a, b)
    return _same_value(a, b)


def _glued(text: str, start: int, end: int) -> bool:
    """A number glued to letters is a name or a die, not a quantity: "2nd", "3d6", "v2"."""
    before = text[start - 1 : start]
    after = text[end : end + 1]
    return before.isalpha() or (after.isalnum() and not text[start:end][-1:].isalpha())


def _same_value(a: Quantity, b: Quantity) -> bool:
    """Could both hold? Points within 2 % (10 % when one is "about"), ranges that overlap,
    bounds that admit the other value."""
    if a.low != a.high or b.low != b.high or a.bound in ("<=", ">=") or b.bound in ("<=", ">="):
        return a.compatible(b)
    tol = 0.10 if "~" in (a.bound, b.bound) else 0.02
    if a.unit == "volume":
        tol = max(tol, 0.2)  # US and imperial pints, quarts and gallons differ by a fifth
    if abs(a.low - b.low) <= tol * max(abs(a.low), abs(b.low), 1e-12):
        return True
    if a.unit == "data" and a.low > 0 and b.low > 0:
        # 10 GB = 10,240 MB: binary and decimal prefixes are both in use
        ratio = max(a.low, b.low) / min(a.low, b.low)
        return any(abs(ratio - 1.024**k) <= 0.003 * 1.024**k for k in range(1, 5))
    return False


def _different_limits(a: Quantity, b: Quantity) -> bool:
    """Two limits of the same kind ("at most 20" / "at most 50") name different limits."""
    if a.bound != b.bound or a.bound not in ("<=", ">="):
        return False
    return not (
        abs(a.low - b.low) <= 0.03 * max(abs(a.low), abs(b.low))
        and abs(a.high - b.high) <= 0.03 * max(abs(a.high), abs(b.high))
    )


def date_relation(
    a: tuple[DateMention, ...], b: tuple[DateMention, ...]
) -> tuple[list[tuple[DateMention, DateMention]], int]:
    """(conflicting pairs of comparable dates, number of dates that agree with one of the
    other claim's)."""
    conflicts: list[tuple[DateMention, DateMention]] = []
    agree = 0
    for da in a:
        comparable = [db for db in b if da.comparable(db)]
        if not comparable:
            continue
        if all(da.conflicts_with(db) for db in comparable):
            conflicts.append((da, comparable[0]))
        else:
            agree += 1
    return conflicts, agree
