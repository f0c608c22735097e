"""When one named thing began: "X was founded in 1640", "the founding of X in 1837",
"X, established in 1985". A thing begins once, so two claims that give one name two different
years of origin contradict each other whatever else they say.

Only names (capitalised words, without a leading "The") count as the thing, and only a verb
of beginning bound to that name: "the capital has stood since X was founded in
1640" is about X's founding, not the capital's."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from engine.contradict.text import stem

#: Verbs and nouns of a thing's beginning.
_ORIGIN_VERBS = (
    r"(?:founded|established|created|formed|built|constructed|born|invented|incorporated)"
)
_ORIGIN_NOUNS = (
    r"(?:founding|foundation|establishment|creation|formation|construction|birth|invention)"
)
_NAME = r"\b(?P<name>[A-Z][\w'’-]*(?:\s+(?:of\s+|the\s+)?[A-Z][\w'’-]*){0,3})"
_YEAR = r"(?P<year>\d{1,4})(?:\s*(?P<era>[A-Z]{2,4}|B\.C\.|A\.D\.))?(?![\d.,]\d)"
_IN_YEAR = rf"(?:\s+(?:in|during)\s+(?:the\s+year\s+)?(?:of\s+)?{_YEAR})"
_PASSIVE = re.compile(
    rf"{_NAME}\s*,?\s+(?:is|was|were|had\s+been|has\s+been|being)\s+(?:first\s+|originally\s+|officially\s+)?"
    rf"{_ORIGIN_VERBS}(?:\s+\w+){{0,3}}?{_IN_YEAR}"
)
_APPOSITIVE = re.compile(rf"{_NAME}\s*,\s+(?:first\s+|originally\s+)?{_ORIGIN_VERBS}{_IN_YEAR}")
_NOUN = re.compile(rf"\b{_ORIGIN_NOUNS}\s+of\s+(?:the\s+)?{_NAME}{_IN_YEAR}")
_YEAR_FIRST = re.compile(
    rf"\b(?:In|in)\s+(?:the\s+year\s+)?{_YEAR}\s*,?\s+(?:the\s+)?{_NAME}\s+(?:is|was|were)\s+"
    rf"(?:first\s+|originally\s+)?{_ORIGIN_VERBS}\b"
)
_PATTERNS = (_PASSIVE, _APPOSITIVE, _NOUN, _YEAR_FIRST)
#: Words that start a capitalised run without naming anything.
_NOT_NAMES = frozenset(
    "The A An This That These Those It It's Its They Their He She His Her We Our You Your I In "
    "On At By When Since Until After Before During Once Then There Here Each Every All Some".split()
)


@dataclass(frozen=True)
class Origin:
    """One claim that `name` began in `year` (`era`: the era written after it, or "")."""

    name: str  # the name as written
    key: tuple[str, ...]  # its stems, for comparing names
    year: int
    era: str
    text: str  # "1640 BCE"


@lru_cache(maxsize=1 << 14)
def origins_in(text: str) -> tuple[Origin, ...]:
    """Every (name, year) beginning that claim `text` states."""
    out: list[Origin] = []
    seen: set[tuple[tuple[str, ...], int]] = set()
    for pattern in _PATTERNS:
        for m in pattern.finditer(text):
            name = _trim(m.group("name"))
            if not name:
                continue
            era = (m.group("era") or "").replace(".", "").upper()
            key = tuple(stem(w.lower()) for w in re.findall(r"[\w'’-]+", name) if w[0].isupper())
            year = int(m.group("year"))
            if not key or (key, year) in seen:
                continue
            seen.add((key, year))
            shown = m.group("year") + (f" {m.group('era')}" if m.group("era") else "")
            out.append(Origin(name=name, key=key, year=year, era=era, text=shown))
    return tuple(out)


def _trim(name: str) -> str:
    """The name without leading or trailing function words ("The Guild" -> "Guild"); empty
    when nothing else is left."""
    words = name.split()
    while words and words[0] in _NOT_NAMES:
        words = words[1:]
    if not words:
        return ""
    while words and words[-1].lower() in {"of", "the"}:
        words = words[:-1]
    return " ".join(words)


def conflicting_origins(a: str, b: str) -> tuple[Origin, Origin] | None:
    """Two different years of origin for one name across claims `a` and `b` (the same era,
    or no era on either), or None."""
    xs, ys = origins_in(a), origins_in(b)
    for x in xs:
        for y in ys:
            if x.key != y.key or x.year == y.year:
                continue
            if x.era and y.era and x.era != y.era:
                continue
            if bool(x.era) != bool(y.era) and min(x.year, y.year) < 100:
                continue
            agree = any(
                x2.key == y2.key and x2.year == y2.year for x2 in xs for y2 in ys if x2.key == x.key
            )
            if not agree:
                return x, y
    return None
