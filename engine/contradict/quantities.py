"""Numbers, units, dates and values: quantities and dates found in text, a claim's values
and how two claims' values relate (what happens once, and when, is in `events`).
"""

from __future__ import annotations

import re
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, replace

from engine.contradict.complexity import costs_in
from engine.contradict.complexity import rank as complexity_rank
from engine.contradict.text import (
    COMMON_VERBS,
    IRREGULAR_PLURALS,
    Token,
    claim_cache,
    looks_plural,
    meaning_of,
    name_number,
    stem,
    tokenize,
)

# -- quantities: Numbers with units, and dates, as the cue detectors compare them. ---
#
# `parse_quantities` finds "14 months", "15 min", "3.5 V", "20 %", "$1,200", "ten nodes",
# "5-10 minutes", "more than 3 sites" and normalises units (min/mins/minutes -> seconds), so
# "1 hour" and "60 minutes" agree and "9 months" and "14 months" do not. A number whose unit is
# not a known unit takes the noun after it as its unit ("ten nodes"), so "ten nodes" is never
# compared with "ten minutes". `parse_dates` finds "12 May 2026", "May 12, 2026", "2026-05-12",
# "June 2026", "in 2019", weekdays, and keeps only the parts that were written.

_MONTHS: dict[str, int] = {
    "january": 1, "jan": 1, "januar": 1, "february": 2, "feb": 2, "februar": 2, "march": 3,
    "mar": 3, "märz": 3, "april": 4, "apr": 4, "may": 5, "mai": 5, "june": 6, "jun": 6,
    "juni": 6, "july": 7, "jul": 7, "juli": 7, "august": 8, "aug": 8, "september": 9, "sep": 9,
    "sept": 9, "october": 10, "oct": 10, "oktober": 10, "november": 11, "nov": 11,
    "december": 12, "dec": 12, "dezember": 12,
}  # fmt: skip
_WEEKDAYS = {
    "monday": 1, "tuesday": 2, "wednesday": 3, "thursday": 4, "friday": 5, "saturday": 6,
    "sunday": 7,
}  # fmt: skip
_MONTH_RE = (
    r"(?P<{name}>January|February|March|April|May|June|July|August|September|October|November"
    r"|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec|Januar|Februar|März|Mai|Juni"
    r"|Juli|Oktober|Dezember)\.?"
)
#: A month's name, as a pattern with one group to name (`.format(name=...)`).
MONTH_RE = _MONTH_RE
_DAY = r"(?P<{name}>[0-3]?\d)(?:st|nd|rd|th|\.)?"
_YEAR = r"(?P<{name}>(?:1[89]|2[01])\d\d)"
_DATE_RES = (
    re.compile(rf"\b{_YEAR.format(name='y')}-(?P<m>[01]?\d)-(?P<d>[0-3]?\d)\b"),
    re.compile(
        rf"\b{_DAY.format(name='d')}\s+(?:of\s+)?{_MONTH_RE.format(name='mn')},?\s+"
        rf"{_YEAR.format(name='y')}\b"
    ),
    re.compile(
        rf"\b{_MONTH_RE.format(name='mn')}\s+{_DAY.format(name='d')},?\s+{_YEAR.format(name='y')}\b"
    ),
    re.compile(rf"\b{_MONTH_RE.format(name='mn')},?\s+{_YEAR.format(name='y')}\b"),
    re.compile(rf"\b{_DAY.format(name='d')}\s+(?:of\s+)?{_MONTH_RE.format(name='mn')}(?!\w)"),
    re.compile(rf"\b{_MONTH_RE.format(name='mn')}\s+{_DAY.format(name='d')}\b(?![.,]?\d)"),
    re.compile(
        r"\b(?:in|since|by|until|till|from|during|of|before|after|around)\s+(?:early\s+|late\s+|"
        r"mid-?)?" + _MONTH_RE.format(name="mn") + r"(?!\w)"
    ),
    re.compile(
        r"\b(?i:in|since|by|until|till|from|during|before|after|around|circa|year|early|late)\s+"
        + _YEAR.format(name="y")
        + r"(?![\w%]|[.,]\d|-\d|\s*(?:%|percent))"
    ),
    # "the autumn of 1833", "winter 1921", "by the end of 1890": a season or a part of a year
    re.compile(
        r"\b(?i:spring|summer|autumn|fall|winter|end|start|beginning|middle)\s+(?:of\s+)?"
        + _YEAR.format(name="y")
        + r"(?![\w%]|[.,]\d|-\d)"
    ),
    re.compile(
        r"\b(?P<wd>Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)s?\b", re.IGNORECASE
    ),
)


@dataclass(frozen=True)
class DateMention:
    """A date as written: parts that were not written are None."""

    text: str
    start: int
    end: int
    year: int | None = None
    month: int | None = None
    day: int | None = None
    weekday: int | None = None
    #: the last year of a date that names several: a decade ("the 1960s", `year` 1960) or a
    #: century ("the 15th century", `year` 1401)
    last_year: int | None = None
    #: how many years either side a year said to be about ("around 1440") may mean
    slack: int = 0
    #: the era is written ("753 BC", "AD 476"): a year without one may be of either
    era: bool = False

    def years(self) -> tuple[int, int] | None:
        """The first and last year the date may mean, or None where it writes no year."""
        if self.year is None:
            return None
        last = self.year if self.last_year is None else self.last_year
        return self.year - self.slack, last + self.slack

    def conflicts_with(self, other: DateMention) -> bool:
        """Some part written in both differs (12 May vs 3 June; 2019 vs 2021); years differ
        only where the years each may mean do not meet ("the 1960s" and 1956 do not,
        "around 1440" and 1441 do)."""
        mine, theirs = self.years(), other.years()
        differs = []
        if mine is not None and theirs is not None:
            if self.era != other.era:
                # "in 753 BC" / "in 753": one year, its era written once
                mine, theirs = _unsigned(mine), _unsigned(theirs)
            differs.append(mine[1] < theirs[0] or theirs[1] < mine[0])
        pairs = ((self.month, other.month), (self.day, other.day), (self.weekday, other.weekday))
        differs += [x != y for x, y in pairs if x is not None and y is not None]
        return any(differs)

    def comparable(self, other: DateMention) -> bool:
        """Both write at least one part in common (a year and a weekday never compare)."""
        return any(
            x is not None and y is not None
            for x, y in (
                (self.year, other.year),
                (self.month, other.month),
                (self.day, other.day),
                (self.weekday, other.weekday),
            )
        )


def _unsigned(years: tuple[int, int]) -> tuple[int, int]:
    """A span of years as written, without its era's sign."""
    low, high = sorted((abs(years[0]), abs(years[1])))
    return low, high


def parse_dates(text: str) -> tuple[DateMention, ...]:
    """Dates in `text`, longest match first; no two overlap."""
    found: list[DateMention] = []
    taken: list[tuple[int, int]] = []
    for pattern in _DATE_RES:
        for m in pattern.finditer(text):
            s, e = m.span()
            if any(s < te and ts < e for ts, te in taken):
                continue
            groups = m.groupdict()
            month_name = groups.get("mn")
            if month_name is not None and month_name.rstrip(".") == "May" and m.re is _DATE_RES[6]:
                pass  # "in May" is a month; "may" in lower case never matches (case-sensitive)
            mention = DateMention(
                text=m.group(),
                start=s,
                end=e,
                year=int(groups["y"]) if groups.get("y") else None,
                month=(
                    _MONTHS[month_name.rstrip(".").lower()]
                    if month_name
                    else (int(groups["m"]) if groups.get("m") else None)
                ),
                day=int(groups["d"]) if groups.get("d") else None,
                weekday=_WEEKDAYS[groups["wd"].lower()] if groups.get("wd") else None,
            )
            if mention.day is not None and not 1 <= mention.day <= 31:
                continue
            if mention.month is not None and not 1 <= mention.month <= 12:
                continue
            found.append(mention)
            taken.append((s, e))
    found.sort(key=lambda d: d.start)
    return tuple(found)


# unit word -> (dimension, factor to the dimension's base unit)
_UNITS: dict[str, tuple[str, float]] = {}


def _add_units(dimension: str, factor: float, names: str) -> None:
    for name in names.split():
        _UNITS[name] = (dimension, factor)


_add_units("time", 1e-9, "ns nanosecond nanoseconds")
_add_units("time", 1e-6, "µs microsecond microseconds")
_add_units("time", 0.001, "ms msec millisecond milliseconds")
_add_units("time", 1.0, "s sec secs second seconds")
_add_units("time", 60.0, "min mins minute minutes")
_add_units("time", 3600.0, "h hr hrs hour hours")
_add_units("time", 86400.0, "d day days")
_add_units("time", 604800.0, "wk wks week weeks")
_add_units("time", 1209600.0, "fortnight fortnights")
_add_units("time", 2629800.0, "mo mos month months")
_add_units("time", 31557600.0, "y yr yrs year years")
_add_units("time", 315576000.0, "decade decades")
_add_units("time", 3155760000.0, "century centuries")
_add_units("time", 31557600000.0, "millennium millennia millenniums")
_add_units("length", 1e-9, "nm nanometre nanometres nanometer nanometers")
_add_units("length", 1e-6, "µm micrometre micrometres micrometer micrometers micron microns")
_add_units("length", 0.001, "mm millimetre millimetres millimeter millimeters")
_add_units("length", 0.01, "cm centimetre centimetres centimeter centimeters")
_add_units("length", 1.0, "m metre metres meter meters")
_add_units("length", 1000.0, "km kilometre kilometres kilometer kilometers")
_add_units("length", 0.3048, "ft foot feet")
_add_units("length", 1609.344, "mi mile miles")
_add_units("length", 0.9144, "yd yds yard yards")
_add_units("length", 0.0254, "inch inches")
_add_units("length", 9.4607e15, "light-year light-years lightyear lightyears")
_add_units("length", 3.0857e16, "parsec parsecs")
_add_units("length", 1.495979e11, "au")
_add_units("mass", 0.000001, "mg milligram milligrams")
_add_units("mass", 0.001, "g gram grams")
_add_units("mass", 1.0, "kg kilogram kilograms kilo kilos")
_add_units("mass", 1000.0, "t tonne tonnes ton tons")
_add_units("mass", 0.45359237, "lb lbs")
_add_units("mass", 0.028349523, "oz ounce ounces")
_add_units("volume", 0.001, "ml millilitre millilitres milliliter milliliters")
_add_units("volume", 0.01, "cl centilitre centilitres")
_add_units("volume", 1.0, "l litre litres liter liters")
_add_units("volume", 0.946353, "qt quart quarts")
_add_units("volume", 0.473176, "pt pint pints")
_add_units("volume", 3.785412, "gal gallon gallons")
_add_units("volume", 0.0295735, "floz")
_add_units("volume", 0.2365882, "cup cups")
_add_units("volume", 0.0147868, "tbsp tablespoon tablespoons")
_add_units("volume", 0.0049289, "tsp teaspoon teaspoons")
_add_units("area", 1.0, "m²")
_add_units("area", 1e6, "km²")
_add_units("area", 1609.344**2, "mi²")
_add_units("area", 1e4, "ha hectare hectares")
_add_units("area", 4046.8564, "acre acres")
# speeds written as one word, in metres per second as "km/h" parses to
_add_units("length/time", 1609.344 / 3600, "mph")
_add_units("length/time", 1000.0 / 3600, "kph kmh")
_add_units("length/time", 1852.0 / 3600, "knot knots kn")
_add_units("voltage", 0.001, "mv millivolt millivolts")
_add_units("voltage", 1.0, "v volt volts")
_add_units("current", 0.000001, "µa ua microamp microamps")
_add_units("current", 0.001, "ma milliamp milliamps")
_add_units("current", 1.0, "a amp amps ampere amperes")
_add_units("charge", 0.001, "mah")
_add_units("charge", 1.0, "ah")
_add_units("power", 0.001, "mw milliwatt milliwatts")
_add_units("power", 1.0, "w watt watts")
_add_units("power", 1000.0, "kw kilowatt kilowatts")
_add_units("power", 1e6, "megawatt megawatts")
_add_units("power", 1e9, "gw gigawatt gigawatts")
_add_units("power", 745.7, "horsepower")
_add_units("energy", 1.0, "wh")
_add_units("energy", 1000.0, "kwh")
_add_units("frequency", 1.0, "hz hertz")
_add_units("frequency", 1e3, "khz")
_add_units("frequency", 1e6, "mhz")
_add_units("frequency", 1e9, "ghz")
_add_units("frequency", 1 / 60, "rpm")
_add_units("data", 1.0, "b byte bytes")
_add_units("data", 1e3, "kb kilobyte kilobytes")
_add_units("data", 1e6, "mb megabyte megabytes")
_add_units("data", 1e9, "gb gigabyte gigabytes")
_add_units("data", 1e12, "tb terabyte terabytes")
_add_units("data", 0.125, "bit bits")
_add_units("data", 125.0, "kbit kbits kilobit kilobits")
_add_units("data", 1.25e5, "mbit mbits megabit megabits")
_add_units("data", 1.25e8, "gbit gbits gigabit gigabits")
_add_units("data", 1024.0, "kib kibibyte kibibytes")
_add_units("data", 1024.0**2, "mib mebibyte mebibytes")
_add_units("data", 1024.0**3, "gib gibibyte gibibytes")
_add_units("data", 1024.0**4, "tib tebibyte tebibytes")
# rates written as one word, in the unit "Mbit/s" parses to
_add_units("data/time", 125.0, "kbps")
_add_units("data/time", 1.25e5, "mbps")
_add_units("data/time", 1.25e8, "gbps")
# Temperatures are compared in degrees Celsius (`_TEMPERATURE_ZERO` shifts the others' zero).
_add_units("temperature", 1.0, "°c ºc celsius centigrade")
_add_units("temperature", 5 / 9, "°f ºf fahrenheit")
_add_units("temperature", 1.0, "kelvin")
_add_units("percent", 1.0, "% percent")
_add_units("percent", 1e-4, "ppm")
_add_units("ratio", 1.0, "fold")
_add_units("usd", 1.0, "$ dollar dollars usd")
_add_units("usd", 0.01, "cent cents")
_add_units("eur", 1.0, "€ euro euros eur")
_add_units("gbp", 1.0, "£ pound pounds gbp")
_add_units("jpy", 1.0, "¥ yen jpy")
_add_units("decibel", 1.0, "db dbi dbm decibel decibels")
_add_units("magnitude", 1.0, "magnitude")
_add_units("pressure", 1.0, "pa pascal pascals")
_add_units("pressure", 100.0, "hpa hectopascal hectopascals mbar millibar millibars")
_add_units("pressure", 1e3, "kpa kilopascal kilopascals")
_add_units("pressure", 1e6, "mpa megapascal megapascals")
_add_units("pressure", 1e5, "bar bars")
_add_units("pressure", 6894.757, "psi")
_add_units("pressure", 101325.0, "atm atmosphere atmospheres")
_add_units("pressure", 133.322, "mmhg")
_add_units("mass", 0.0002, "carat carats")
_add_units("energy", 4184.0 / 3600, "kcal kilocalorie kilocalories calorie calories")
_add_units("energy", 1.0 / 3600, "j joule joules")
_add_units("energy", 1000.0 / 3600, "kj kilojoule kilojoules")
_add_units("pungency", 1.0, "shu")

#: Where a temperature scale's zero sits, in its own degrees below 0 °C.
_TEMPERATURE_ZERO = {"fahrenheit": 32.0, "f": 32.0, "°f": 32.0, "ºf": 32.0, "kelvin": 273.15}
#: The scale written after "degrees" ("100 degrees Celsius", "40 degrees F").
_DEGREE_SCALES = {"celsius": "celsius", "centigrade": "celsius", "c": "celsius",
                  "fahrenheit": "fahrenheit", "f": "fahrenheit"}  # fmt: skip

_NUMBER_WORDS: dict[str, float] = {
    "zero": 0, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
    "eighty": 80, "ninety": 90, "hundred": 100, "dozen": 12, "single": 1, "one": 1,
    "half": 0.5, "twice": 2, "thrice": 3,
}  # fmt: skip
_VAGUE_BEFORE_DOZEN = frozenset("few several many some".split())
_SCALES = {"hundred": 100.0, "thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
_LOWER = {"over", "above", "exceed", "exceeds", "least", "beyond", "more", "greater", "min"}
_UPPER = {"under", "below", "most", "up", "less", "fewer", "within", "max", "maximum"}
#: a year that an "s" glued to it makes a decade ("1860s")
_DECADE = re.compile(r"1\d{2}0|20\d0")
#: words before a number that make a glued "s" a decade ("the 160s", "the early 80s")
_DECADE_LEADS = frozenset({"the", "early", "mid", "late"})


def _decade(tokens: tuple[Token, ...], i: int) -> bool:
    """The number at token i with an "s" glued to it is a decade: "1860s", "the 160s"."""
    if _DECADE.fullmatch(tokens[i].norm):
        return True
    return tokens[i].norm.endswith("0") and i > 0 and tokens[i - 1].norm in _DECADE_LEADS


#: what makes a following "over" / "under" / "more than" a near value ("just over 2 m")
_NEARLY = frozenset({"little", "just", "slightly", "bit", "fraction"})
_NEAR_LIMITS = frozenset(_LOWER | _UPPER | {"than"})
_ABOUT = {"about", "around", "approximately", "roughly", "nearly", "almost", "some", "~", "≈"}
_NEEDS_ADJACENT = frozenset({"a", "b", "d", "y", "t", "mo", "l", "pt", "ha", "kn", "nm"})
_NEEDS_UPPER = frozenset({"v", "w", "a", "b", "au"})
_NOT_COUNT_NOUNS = frozenset(
    "of and or to the a an in on at by for with per than as times time percent".split()
)


@dataclass(frozen=True)
class Quantity:
    """A number with its unit: `low`..`high` in the dimension's base unit (equal for a point)."""

    low: float
    high: float
    unit: str  # dimension ('time', 'length', ...) or 'count:<noun stem>'
    text: str
    start: int
    end: int
    bound: str = "="  # '=', '>=', '<=', '~'
    anchor: frozenset[str] = frozenset()  # content stems around the number (its subject)
    part: str = ""  # the share's own part in a split ("70/30 barley/rye": rye's 30 %)

    def compatible(self, other: Quantity) -> bool:
        """Could both be true of one thing? Ranges overlap, bounds hold, ~ allows 15 %."""
        if self.unit != other.unit:
            return True
        lo1, hi1 = self._interval()
        lo2, hi2 = other._interval()
        return lo1 <= hi2 and lo2 <= hi1

    def _interval(self) -> tuple[float, float]:
        tol = 0.15 if self.bound == "~" else 0.02
        if self.unit.startswith("data"):
            # "4 KB" is written for 4,096 bytes as often as for 4,000
            tol = max(tol, 0.075)
        lo = self.low - abs(self.low) * tol
        hi = self.high + abs(self.high) * tol
        if self.bound == ">=":
            hi = float("inf")
        elif self.bound == "<=":
            lo = float("-inf")
        return lo, hi


#: Fractions written in words ("a quarter of", "two thirds of"): their denominators.
_FRACTIONS = {
    "half": 2, "halves": 2, "third": 3, "thirds": 3, "quarter": 4, "quarters": 4, "fourth": 4,
    "fourths": 4, "fifth": 5, "fifths": 5, "tenth": 10, "tenths": 10,
}  # fmt: skip
#: The numerators a fraction word takes ("a", "one", "two" ... "nine").
_NUMERATORS = {"a": 1.0, "an": 1.0, "one": 1.0} | {
    w: float(v) for w, v in _NUMBER_WORDS.items() if isinstance(v, int) and 2 <= v <= 9
}


def _fraction_at(tokens: tuple[Token, ...], i: int) -> tuple[float, int] | None:
    """A share written in words from token i, as a percentage and the tokens it spans:
    "a quarter of", "two thirds of", "half of" (never "the third of May")."""
    n = len(tokens)
    if tokens[i].norm in ("half",) and i + 1 < n and tokens[i + 1].norm == "of":
        return 50.0, 1
    one_in = _one_in(tokens, i)
    if one_in is not None:
        return one_in
    if tokens[i].kind != "word":
        return None
    num = _NUMERATORS.get(tokens[i].norm)
    if num is None or i + 2 >= n or tokens[i + 2].norm != "of":
        return None
    den = _FRACTIONS.get(tokens[i + 1].norm)
    if den is None or num >= den:
        return None
    return 100.0 * num / den, 2


def _one_in(tokens: tuple[Token, ...], i: int) -> tuple[float, int] | None:
    """ "one in five", "9 out of 10": a share as a percentage and the tokens it spans; not
    a number before a year ("5 in 2020") or before a unit ("3 in 10 years")."""
    n = len(tokens)
    if i + 2 >= n:
        return None
    if tokens[i + 1].norm == "in":
        at = i + 2
    elif tokens[i + 1].norm == "out" and i + 3 < n and tokens[i + 2].norm == "of":
        at = i + 3
    else:
        return None
    top, bottom = _plain_number(tokens[i]), _plain_number(tokens[at])
    if top is None or bottom is None or not 0 < top <= bottom or bottom < 2:
        return None
    if tokens[at].kind == "num" and re.fullmatch(r"1[5-9]\d\d|20\d\d", tokens[at].norm):
        return None  # "5 in 2020": a year
    if _unit_at(tokens, at + 1) is not None:
        return None  # "3 in 10 years": a rate over a time, not a share
    return 100.0 * top / bottom, at - i + 1


def _plain_number(token: Token) -> float | None:
    """A whole number written in digits or as a word ("five"), else None."""
    if token.kind == "num":
        parsed = _number_value(token)
        return parsed[0] if parsed is not None and parsed[1] is None else None
    return _word_value(token) if token.kind == "word" else None


def _share(
    text: str,
    tokens: tuple[Token, ...],
    start: int,
    end: int,
    share: float,
    value_end: int,
    anchor_end: int,
    part: str = "",
) -> Quantity:
    """A percentage written from token `start` to `end` (its value's characters end at
    `value_end`; the words around it up to token `anchor_end` say what it is a share of)."""
    return Quantity(
        low=share,
        high=share,
        unit="percent",
        text=text[tokens[start].start : tokens[end - 1].end],
        start=tokens[start].start,
        end=value_end,
        bound=_bound(tokens, start, end),
        anchor=_anchor(tokens, start, anchor_end),
        part=part,
    )


def _split_at(tokens: tuple[Token, ...], i: int) -> tuple[tuple[float, str], ...] | None:
    """A split of one whole into named parts from token i: "70/30 barley/rye" gives
    barley 70 % and rye 30 % (the shares add up to a hundred)."""
    values: list[float] = []
    k = i
    while k < len(tokens) and tokens[k].kind == "num":
        parsed = _number_value(tokens[k])
        if parsed is None or parsed[1] not in (None, "%"):
            return None
        values.append(parsed[0])
        if k + 1 < len(tokens) and tokens[k + 1].norm == "/":
            k += 2
        else:
            k += 1
            break
    if len(values) < 2 or abs(sum(values) - 100.0) > 1.0:
        return None
    if k < len(tokens) and tokens[k].norm in ("%", "percent"):
        k += 1
    parts: list[str] = []
    while k < len(tokens) and tokens[k].kind == "word" and tokens[k].is_content:
        parts.append(tokens[k].stem)
        if len(parts) == len(values) or k + 1 >= len(tokens) or tokens[k + 1].norm != "/":
            break
        k += 2
    if len(parts) != len(values):
        return None
    return tuple(zip(values, parts, strict=True))


def _number_value(token: Token) -> tuple[float, str | None] | None:
    """The value of a number token and a unit written inside it ('$', '%')."""
    raw = token.norm
    unit = None
    if raw[0] in "$€£¥":
        unit, raw = raw[0], raw[1:]
    if raw.endswith("%"):
        unit, raw = "%", raw[:-1]
    raw, _, power = raw.partition("^")  # "2^10": 1,024
    part = _VULGAR_FRACTIONS.get(raw[-1:], 0.0)
    if part:
        raw = raw[:-1]  # "8½": eight and a half
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?", raw):
        raw = raw.replace(",", "")
    elif re.fullmatch(r"\d+,\d{1,2}", raw):
        raw = raw.replace(",", ".")  # 3,5 (decimal comma)
    try:
        value = float(raw) + part
    except ValueError:
        return None
    if power:
        exponent = int(power)
        if exponent > 64:
            return None
        value = value**exponent
    return value, unit


_VULGAR_FRACTIONS = {"½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1 / 3, "⅔": 2 / 3, "⅛": 0.125}


def _inches_after_feet(
    text: str, tokens: tuple[Token, ...], i: int, j: int, found: list[Quantity]
) -> bool:
    """Token j is "in" after number token i that follows a figure in feet ("4 ft 8 in")."""
    if j >= len(tokens) or tokens[j].norm != "in" or not found:
        return False
    last = found[-1]
    feet = last.unit == "length" and last.text.split()[-1].casefold() in ("ft", "feet", "foot")
    return feet and not text[last.end : tokens[i].start].strip()


def _scale_after(text: str, tokens: tuple[Token, ...], j: int) -> str | None:
    """The name of the scale a bare number is a place on ("3 on the Mohs scale", "7 on the
    Richter scale": the capitalised word after "on the"), or None."""
    if j + 3 >= len(tokens) or [t.norm for t in tokens[j : j + 2]] != ["on", "the"]:
        return None
    name = tokens[j + 2]
    if name.kind != "word" or not text[name.start : name.start + 1].isupper():
        return None
    for k in range(j + 3, min(j + 6, len(tokens))):
        if tokens[k].kind != "word":
            return None
        if tokens[k].norm == "scale":
            return f"{text[name.start : name.end]} scale"
    return None


def _minus_before(text: str, at: int) -> bool:
    """A minus sign stands right before the number at `at`, after a space, a bracket or
    the start ("-40 °C", "(−5 dB)"), not between two numbers or in a word ("5-10",
    "COVID-19")."""
    if at == 0 or text[at - 1] not in "-−":
        return False
    return at == 1 or text[at - 2] in " \t([{/,:;=~"


def _word_value(token: Token) -> float | None:
    if token.kind != "word":
        return None
    return _number_word(token.norm)


_TENS = frozenset({"twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"})


def _number_word(word: str) -> float | None:
    """A number written in words: "twelve", and the tens with their ones ("twenty-one")."""
    found = _NUMBER_WORDS.get(word)
    if found is None and "-" in word:
        tens, _, ones = word.partition("-")
        one = _NUMBER_WORDS.get(ones)
        if tens in _TENS and one is not None and 1 <= one <= 9 and ones != "single":
            found = _NUMBER_WORDS[tens] + one
    return found


#: Words after a number's hyphen that make it a fraction or an order, not a count of a noun.
_NOT_COMPOUND_NOUNS = frozenset(
    """half halves third thirds quarter quarters fifth fifths sixth sixths eighth eighths tenth
    tenths first second way fold off time size piece stop""".split()
)


#: Number words that open compounds of another sense: "half-giant", "single-threaded".
_NOT_COMPOUND_HEADS = frozenset({"half", "twice", "thrice", "dozen"})


def _number_compounds(tokens: tuple[Token, ...]) -> tuple[Token, ...]:
    """Tokens with each word that joins a number written in words to a noun by hyphens
    ("a twelve-line poem", "a three-year term", "a twenty-one-gun salute") split at them,
    as "a 12-line poem" is written: the number, the hyphen, the noun."""
    out: list[Token] = []
    for tok in tokens:
        if tok.kind != "word" or "-" not in tok.norm or _number_word(tok.norm) is not None:
            out.append(tok)
            continue
        head, _, rest = tok.norm.rpartition("-")
        while head and _number_word(head) is None and "-" in head:
            head, _, more = head.rpartition("-")
            rest = f"{more}-{rest}"
        first_rest = rest.split("-", 1)[0]
        number = _number_word(head) if head not in _NOT_COMPOUND_HEADS else None
        if number == 1 and first_rest.endswith(("ed", "ing", "er")):
            number = None  # "single-threaded", "one-eyed": a description, not a count
        if not head or number is None or number < 1 or first_rest in _NOT_COMPOUND_NOUNS:
            out.append(tok)
            continue
        cut = tok.start + len(head)
        out.append(Token(head, stem(head), "word", tok.start, cut, tok.surface_upper))
        start = cut
        for part in rest.split("-"):
            out.append(Token("-", "-", "punct", start, start + 1))
            out.append(Token(part, stem(part), "word", start + 1, start + 1 + len(part)))
            start += 1 + len(part)
    return tuple(out)


#: Counted nouns that count one kind ("3,600 lives" lost are 3,600 people).
_COUNTED_AS = {"liv": "person", "life": "person"}
_PER_SECOND = (["per", "second"], ["a", "second"], ["every", "second"], ["each", "second"])


def _unit_at(tokens: tuple[Token, ...], i: int) -> tuple[str, float, int] | None:
    """A known unit starting at token i: (dimension, factor, tokens used)."""
    if i >= len(tokens):
        return None
    tok = tokens[i]
    if tok.norm in ("-", "–") and i + 1 < len(tokens) and tokens[i + 1].start == tok.end:
        found = _unit_at(tokens, i + 1)  # 1-minute, 5-year
        return (found[0], found[1], found[2] + 1) if found else None
    if tok.norm == "°" and i + 1 < len(tokens) and tokens[i + 1].norm in ("c", "f"):
        dim, factor = _UNITS["°" + tokens[i + 1].norm]
        return dim, factor, 2
    if (
        tok.norm in ("c", "f")
        and tok.surface_upper
        and i > 0
        and tokens[i - 1].kind == "num"
        and tokens[i - 1].end == tok.start
    ):
        # "30C", "450F": a temperature written against its number
        return (*_UNITS["celsius" if tok.norm == "c" else "fahrenheit"], 1)
    if tok.norm in ("degree", "degrees") and i + 1 < len(tokens):
        scale = _DEGREE_SCALES.get(tokens[i + 1].norm)
        if scale is not None:
            dim, factor = _UNITS[scale]
            return dim, factor, 2
    if tok.norm in ("square", "sq") and i + 1 < len(tokens):
        # "5,000 square kilometres", "40 sq km": an area, in square metres
        inner = _UNITS.get(tokens[i + 1].norm)
        if inner is not None and inner[0] == "length" and tokens[i + 1].kind == "word":
            return "area", inner[1] ** 2, 2
        return None
    if tok.norm == "nautical" and i + 1 < len(tokens) and tokens[i + 1].norm in ("mile", "miles"):
        return "length", 1852.0, 2  # "one nautical mile": 1,852 metres, not a statute mile
    if tok.norm == "per":
        if i + 1 < len(tokens) and tokens[i + 1].norm == "cent":
            return "percent", 1.0, 2
        return None
    if tok.norm == "%":
        return "percent", 1.0, 1
    if tok.norm == "times" and [t.norm for t in tokens[i + 1 : i + 3]] in _PER_SECOND:
        return "frequency", 1.0, 3  # "vibrates 60,000 times every second": 60,000 Hz
    if tok.norm == "scoville":
        # "16 million Scoville heat units", "Scoville units": the pungency scale's unit
        used = 1
        for word in ("heat", "units"):
            if i + used < len(tokens) and tokens[i + used].norm == word:
                used += 1
        return ("pungency", 1.0, used) if used > 1 else None
    if tok.norm not in _UNITS or tok.kind != "word":
        return None
    adjacent = i > 0 and tokens[i - 1].end == tok.start
    if tok.norm in _NEEDS_ADJACENT and not adjacent:
        return None
    if tok.norm in _NEEDS_UPPER and not (tok.surface_upper or adjacent):
        return None
    if tok.norm == "mw" and tok.surface_upper:
        return "power", 1e6, 1  # "MW": megawatts, not milliwatts
    dim, factor = _UNITS[tok.norm]
    return dim, factor, 1


#: Words after which "a" or "an" before a unit is one of it: "under a metre", "about an hour".
_ONE_AFTER = frozenset(_LOWER | _UPPER | _ABOUT | {"than", "exactly", "only", "just"})


def _one_unit_after_limit(tokens: tuple[Token, ...], i: int) -> bool:
    """Token i is "a"/"an" after a limit or a hedge and before a unit of measure."""
    if tokens[i].norm not in ("a", "an") or i == 0 or tokens[i - 1].norm not in _ONE_AFTER:
        return False
    found = _unit_at(tokens, i + 1)
    return found is not None and tokens[i + 1].norm not in _NEEDS_ADJACENT


def _rate(tokens: tuple[Token, ...], i: int) -> tuple[str, float, int] | None:
    """'per hour' / '/h' after a unit: the divisor's dimension, its factor to the
    dimension's base unit, and the tokens used."""
    if i + 1 < len(tokens) and tokens[i].norm in ("per", "/", "a", "an", "each", "every"):
        found = _unit_at(tokens, i + 1)
        if found:
            return found[0], found[1], 1 + found[2]
    return None


def parse_quantities(
    text: str, *, skip: tuple[tuple[int, int], ...] | None = None
) -> tuple[Quantity, ...]:
    """Numbers with units in `text`; character spans in `skip` (dates) are ignored."""
    tokens = _number_compounds(tokenize(text))
    if skip is None:
        skip = tuple((d.start, d.end) for d in parse_dates(text))
    out: list[Quantity] = []
    i = 0
    n = len(tokens)
    while i < n:
        tok = tokens[i]
        if any(s <= tok.start < e for s, e in skip):
            i += 1
            continue
        value: float | None = None
        inner_unit: str | None = None
        shares = _split_at(tokens, i) if tok.kind == "num" else None
        if shares is not None:
            # "70/30 barley/rye": one share per part, each of the whole; the parts' names
            # stay words of the claim, only the numbers are the value
            numbers = tokens[i + 2 * len(shares) - 2]
            end = i + 4 * len(shares) - 2
            for share, part in shares:
                out.append(_share(text, tokens, i, end, share, numbers.end, end, part))
            i = end
            continue
        fraction = _fraction_at(tokens, i)
        if fraction is not None:
            share, used = fraction
            value_end = tokens[i + used - 1].end
            out.append(_share(text, tokens, i, i + used, share, value_end, i + used + 1))
            i += used
            continue
        clock = _clock_at(tokens, i) if tok.kind == "num" else None
        if clock is not None:
            # "5:12 a.m.", "9 pm": a time of day, in minutes after midnight
            minutes, used, near = clock
            last = tokens[i + used - 1]
            out.append(
                Quantity(
                    low=minutes,
                    high=minutes,
                    unit="clock",
                    text=text[tok.start : last.end],
                    start=tok.start,
                    end=last.end,
                    bound="~" if near else "=",
                    anchor=_anchor(tokens, i, i + used),
                )
            )
            i += used
            continue
        minus = tok.kind == "num" and _minus_before(text, tok.start)
        # "minus 40 degrees" (not the spread of "plus or minus 2")
        minus_word = (
            tok.kind == "num"
            and i > 0
            and tokens[i - 1].norm == "minus"
            and not (i > 2 and tokens[i - 3].norm == "plus")
        )
        minus = minus or minus_word
        if tok.kind == "num":
            parsed = _number_value(tok)
            if parsed is not None:
                value, inner_unit = parsed
                if minus:
                    value = -value  # "−459.67 °F", "-40 °C"
        else:
            value = None if name_number(text, tokens, i) else _word_value(tok)
            halves = [t.norm for t in tokens[i + 1 : i + 4]] == ["and", "a", "half"]
            if tok.norm in ("one", "single", "half") and not (_count_like(tokens, i + 1) or halves):
                value = None
            if _one_unit_after_limit(tokens, i):
                value = 1.0  # "stay under a metre long", "within an hour": one of the unit
            if tok.norm == "one" and any(t.norm in ("another", "other") for t in tokens[i + 1 :]):
                value = None  # "one liquid inside another": one of two, not a count
            if tok.norm == "dozen" and i > 0 and tokens[i - 1].norm in _VAGUE_BEFORE_DOZEN:
                value = None  # "a few dozen eggs": no figure
            if (
                tok.norm == "half"
                and i > 0
                and tokens[i - 1].norm in ("a", "an", "the")
                and _unit_at(tokens, i + 1) is None
            ):
                value = None  # "a half marathon", "the half moon": a kind, not a share
        if value is None:
            i += 1
            continue
        start_i = i
        j = i + 1
        low_as_written = value
        # scale words: 3 million, two hundred, two dozen
        while j < n and (tokens[j].norm in _SCALES or tokens[j].norm == "dozen"):
            value *= _SCALES.get(tokens[j].norm, 12.0)
            j += 1
        # "three and a half feet", "2 and a half hours"
        if [t.norm for t in tokens[j : j + 3]] == ["and", "a", "half"]:
            value += 0.5
            j += 3
        high = value
        # ranges: 5-10, 5 to 10, between 5 and 10, five to nine
        if j + 1 < n and tokens[j].norm in ("-", "–", "to", "and"):
            if tokens[j + 1].kind == "num":
                other = _number_value(tokens[j + 1])
            elif tok.kind == "word" and tokens[j].norm in ("to", "and"):
                word = _word_value(tokens[j + 1])
                other = None if word is None or word <= value else (word, None)
            else:
                other = None
            if other is not None and (tokens[j].norm != "and" or _before(tokens, i, "between")):
                high = other[0]
                inner_unit = inner_unit or other[1]
                j += 2
                # "68 to 66 million years": the scale after the range is both ends', unless
                # the first end has its own ("3 million to 5 million")
                scaled_first = value != low_as_written
                while j < n and tokens[j].norm in _SCALES:
                    high *= _SCALES[tokens[j].norm]
                    if not scaled_first:
                        value *= _SCALES[tokens[j].norm]
                    j += 1
        # "seven, plus or minus two", "7 ± 2": a range around the value
        spread = _plus_or_minus(tokens, j)
        if spread is not None:
            value, high = value - spread[0], high + spread[0]
            j = spread[1]
        unit_name: str
        factor = 1.0
        first = tokens[i - 1].start if minus_word else tok.start - 1 if minus else tok.start
        noun_end = j
        if inner_unit is not None:
            unit_name, factor = _UNITS[inner_unit]
        elif _magnitude_before(tokens, start_i):
            # "a magnitude 9.1 earthquake", "a magnitude of 6.9": an earthquake's size
            unit_name = "magnitude"
        elif (named_measure := _measure_before(tokens, start_i, j)) is not None:
            # "a pH of 9 to 10", "pH 5.5", "The population is around 380,000": the measure
            # is named before its value
            unit_name = named_measure
        elif _age_before(tokens, start_i) or _age_after(tokens, j):
            # "at the age of 4", "aged 12", "30 years old", "a 5-year-old": an age in years
            unit_name = "age"
            found = _unit_at(tokens, j)
            if found is not None and found[0] == "time":
                factor = found[1] / _UNITS["year"][1]
                j += found[2]
            if j < n and tokens[j].norm == "old":
                j += 1
            elif j + 1 < n and tokens[j].norm in ("-", "–") and tokens[j + 1].norm == "old":
                j += 2
        else:
            found = _unit_at(tokens, j)
            if found is None and _inches_after_feet(text, tokens, start_i, j, out):
                found = (*_UNITS["inch"], 1)  # "4 ft 8 in": inches, not the word "in"
            if found is not None and tokens[j].norm == "s" and _decade(tokens, i):
                i = j + 1  # "the 1860s": a decade, not seconds
                continue
            if found is not None:
                unit_name, factor, used = found
                if unit_name == "temperature":
                    # 212 °F is 100 °C: shift the scale's zero before scaling
                    zero = _TEMPERATURE_ZERO.get(tokens[j + used - 1].norm, 0.0)
                    value, high = value - zero, high - zero
                j += used
            else:
                named = _named_by_label(text, tokens, i, j)
                noun = None if named else _count_noun(tokens, j) or _count_of_owned(tokens, j)
                counted_before = None if noun or named else _counted_before(tokens, i)
                noun = noun or counted_before
                scale = _scale_after(text, tokens, j) if noun is None else None
                label = _label_before(text, tokens, i, j) if noun is None and not scale else None
                if _quake_size(text, tok, value, noun):
                    # "a 9.0 earthquake", "the quake registered 7.6": its magnitude
                    unit_name = "magnitude"
                    if noun is not None:
                        j += 1
                elif scale is not None:
                    # "1 on the Mohs hardness scale": a place on a named scale; "7.8 on the
                    # Richter scale": a magnitude, however named
                    magnitude = scale.split()[0].casefold() in _MAGNITUDE_SCALES
                    unit_name = "magnitude" if magnitude else "label:" + scale
                elif label is not None:
                    unit_name = "label:" + label  # "port 53": which port, not how many
                    first = tokens[i - 1].start  # the value as written is "port 53"
                    while (
                        j + 1 < n
                        and tokens[j].norm in ("and", "or", ",")
                        and tokens[j + 1].kind == "num"
                        and (listed := _number_value(tokens[j + 1])) is not None
                    ):
                        # "grade 2 and 3": each of the listed labels, as one span
                        value, high = min(value, listed[0]), max(high, listed[0])
                        j += 2
                elif noun is None and _bare_value(tokens, i, j):
                    # "Pi is approximately 3.14159.": the thing's own value, with no unit
                    unit_name = "number"
                elif (
                    noun is None
                    or _year_before_name(text, tokens, i, j)
                    or name_number(text, tokens, i)
                ):
                    i = j
                    continue
                else:
                    # "three pairs of legs": six legs
                    paired = _paired_noun(tokens, j) if noun == "pair" else None
                    if paired is not None:
                        noun = paired
                        value, high = value * 2, high * 2
                    unit_name = "count:" + _COUNTED_AS.get(noun, meaning_of(noun))
                    # "30 hit points or fewer": the limit follows the counted noun
                    noun_end = (
                        j
                        if counted_before
                        else next((k for k in (j + 1, j + 2) if tokens[k - 1].stem == noun), j)
                    )
        if value == high == 1 and tok.norm in ("one", "1") and _defines_unit(tokens, j):
            i = j  # "one Byte holds 8 bits", "1 inch equals": the unit defined, not a value
            continue
        if spread is None and unit_name.startswith("count:"):
            # "seven items, plus or minus two": the spread may follow the counted noun
            late = _plus_or_minus(tokens, noun_end)
            if late is not None:
                value, high = value - late[0], high + late[0]
        rate = _rate(tokens, j)
        if rate is not None:
            # "1,235 km/h" is 343 m/s: a rate is kept per base unit of its divisor
            unit_name = f"{unit_name}/{rate[0]}"
            factor /= rate[1]
            j += rate[2]
        lo, hi = sorted((value * factor, high * factor))
        out.append(
            Quantity(
                low=lo,
                high=hi,
                unit=unit_name,
                text=text[first : tokens[j - 1].end],
                start=first,
                end=tokens[j - 1].end,
                bound=_bound(tokens, start_i, max(j, noun_end)),
                anchor=_anchor(tokens, start_i, j),
            )
        )
        i = j
    return _compounds(text, _changed_to(text, tokens, out))


def _changed_to(text: str, tokens: tuple[Token, ...], found: list[Quantity]) -> list[Quantity]:
    """Quantities `found` in `text`, less a change "from X ... to Y" written apart ("grew from
    3 volumes in its first edition to 32 in its final set"): two states at two times, each
    of which only a claim of that time could contradict."""
    out = list(found)
    for q in found:
        k = next((n for n, t in enumerate(tokens) if t.start == q.start), None)
        if k is None or k == 0 or tokens[k - 1].norm != "from" or q.low != q.high:
            continue
        for n in range(k + 1, min(len(tokens) - 1, k + 12)):
            if tokens[n].norm in (";", ".", "from"):
                break
            if tokens[n].norm == "to" and tokens[n + 1].kind == "num":
                end = tokens[n + 1].start
                out = [o for o in out if o is not q and o.start != end]
                break
    return out


#: Verbs after "one <unit>" that define the unit by another: "one byte holds 8 bits".
_DEFINING = frozenset("is equals equal holds contains comprises makes =".split())


#: Verbs that give a thing's value as a plain number ("is 3.14159", "equals about 2.718").
_COPULAS = frozenset("is are was equals equal".split())
#: Words that end the clause a value closes.
_CLAUSE_ENDS = frozenset({".", ",", ";", ":", "!", "?"})


def _bare_value(tokens: tuple[Token, ...], i: int, j: int) -> bool:
    """The number of tokens `i`..`j` is written with a decimal point right after a verb of
    being (a hedge between them allowed) and closes its clause: a thing's value with no unit
    ("Pi is approximately 3.14159.", "e equals 2.718, ..."), not a label or a count."""
    if tokens[i].kind != "num" or "." not in tokens[i].norm:
        return False
    if j < len(tokens) and tokens[j].norm not in _CLAUSE_ENDS:
        return False
    k = i - 1
    if k >= 0 and tokens[k].norm in _ABOUT | {"exactly", "precisely"}:
        k -= 1
    return k >= 0 and tokens[k].norm in _COPULAS


def _defines_unit(tokens: tuple[Token, ...], j: int) -> bool:
    """The words from token j say what one unit holds or equals ("... equals 1,852 metres")."""
    return j < len(tokens) and tokens[j].norm in _DEFINING


#: Units a compound figure may join ("3 hours 47 minutes", "6 feet 2 inches").
_COMPOUND_UNITS = frozenset({"time", "length", "mass", "volume"})
_COMPOUND_GLUE = re.compile(r"\s+(?:and\s+)?")


def _compounds(text: str, found: list[Quantity]) -> tuple[Quantity, ...]:
    """The quantities of `text`, a figure written in two units of one measure, the larger
    first ("3 hours 47 minutes", "6 feet and 2 inches"), taken as one value, their sum."""
    out: list[Quantity] = []
    for q in found:
        last = out[-1] if out else None
        if (
            last is not None
            and q.unit == last.unit
            and q.unit in _COMPOUND_UNITS
            and q.low == q.high
            and last.low == last.high
            and 0 < q.low < last.low
            and last.bound in ("=", "~")
            and _COMPOUND_GLUE.fullmatch(text[last.end : q.start]) is not None
            and q.text.split()[-1].casefold() != last.text.split()[-1].casefold()
        ):
            out[-1] = replace(
                last,
                low=last.low + q.low,
                high=last.high + q.high,
                text=text[last.start : q.end],
                end=q.end,
                anchor=last.anchor | q.anchor,
            )
            continue
        out.append(q)
    return tuple(out)


def _plus_or_minus(tokens: tuple[Token, ...], j: int) -> tuple[float, int] | None:
    """ "plus or minus 2" or "± 2" from token j (a comma before it aside): the spread, and
    the token after it."""
    k = j + 1 if j < len(tokens) and tokens[j].norm == "," else j
    words = [t.norm for t in tokens[k : k + 3]]
    if words == ["plus", "or", "minus"]:
        k += 3
    elif words[:1] == ["±"]:
        k += 1
    else:
        return None
    if k >= len(tokens):
        return None
    spread = _number_value(tokens[k]) if tokens[k].kind == "num" else None
    found = spread[0] if spread is not None else _word_value(tokens[k])
    return None if found is None else (found, k + 1)


#: Measures named before a bare value: the word, the unit the value is read in.
_MEASURES_BEFORE = {"ph": "ph", "population": "count:person", "populations": "count:person"}
#: Words between such a measure and its value ("a pH of about 9", "population is around").
_BETWEEN_MEASURE_AND_VALUE = frozenset(
    "of is was are were at about around approximately roughly nearly almost some just "
    "stands stood totals totalled numbers numbered reached reaches".split()
)


def _measure_before(tokens: tuple[Token, ...], i: int, j: int) -> str | None:
    """The unit of a bare value at token i (no unit from token j on) whose measure is named
    before it, with at most three linking words between ("pH 5.5", "a pH of 9 to 10", "The
    population is around 380,000", "a population of 2 million"): "ph", "count:person"."""
    if j < len(tokens) and (_unit_at(tokens, j) is not None or _count_noun(tokens, j)):
        return None
    k = i - 1
    while k >= 0 and i - k <= 4 and tokens[k].norm in _BETWEEN_MEASURE_AND_VALUE:
        k -= 1
    if k < 0 or tokens[k].kind != "word":
        return None
    return _MEASURES_BEFORE.get(tokens[k].norm)


#: Scales of an earthquake's magnitude, by the first word of their names.
_MAGNITUDE_SCALES = frozenset({"richter", "moment"})


def _magnitude_before(tokens: tuple[Token, ...], i: int) -> bool:
    """ "magnitude" right before the value at token i, perhaps with "of", a hedge or a
    hyphen between ("magnitude 9.1", "a magnitude of about 6.9", "a magnitude-9.0 quake")."""
    k = i - 1
    while (
        k >= 0
        and i - k <= 3
        and (tokens[k].norm in _BETWEEN_MEASURE_AND_VALUE or tokens[k].norm in ("-", "–"))
    ):
        k -= 1
    return k >= 0 and tokens[k].norm == "magnitude"


#: Words right before an earthquake's bare size ("registered 7.6", "a magnitude of 6.9").
_MEASURING = frozenset("registered measured measuring reached reaching rated of at was is".split())
#: Words for an earthquake, whose size is a magnitude.
_QUAKES = frozenset({"earthquake", "earthquakes", "quake", "quakes", "tremor", "temblor"})
_QUAKE_WORD = re.compile(r"\b(?:earth)?quakes?\b|\btremors?\b|\btemblors?\b", re.IGNORECASE)


def _quake_size(text: str, tok: Token, value: float, noun: str | None) -> bool:
    """A number with a decimal point, under 10, before a word for an earthquake ("a 9.0
    earthquake"), or alone in a claim about one ("the quake registered 7.6"): its size."""
    if tok.kind != "num" or "." not in tok.norm or not 0 < value < 10:
        return False
    if noun is not None:
        return noun in {stem(q) for q in _QUAKES}
    # alone: after a verb of measuring, not after a noun it labels ("version 2.1")
    before = text[: tok.start].split()
    return (
        bool(before) and before[-1].lower() in _MEASURING and _QUAKE_WORD.search(text) is not None
    )


def _age_before(tokens: tuple[Token, ...], i: int) -> bool:
    """ "age of N", "ages of N", "aged N", "at age N", "died at N", "died at just N" before
    token i (not "died at 5 pm")."""
    prev = [t.norm for t in tokens[max(0, i - 4) : i]]
    if prev[-2:] in (["age", "of"], ["ages", "of"], ["at", "age"]) or prev[-1:] == ["aged"]:
        return True
    if prev[-2:] in (["older", "than"], ["younger", "than"]):
        # "older than 500 years": an age, where years (or other times) follow
        unit = _unit_at(tokens, i + 1)
        return unit is not None and unit[0] == "time"
    if prev[-1:] in (["just"], ["only"]):
        prev = prev[:-1]
    if prev[-2:] not in (["died", "at"], ["dies", "at"]):
        return False
    after = tokens[i + 1].norm if i + 1 < len(tokens) else ""
    return after not in _CLOCK_WORDS


_CLOCK_WORDS = frozenset({"am", "pm", "a.m", "p.m", "o'clock", ":", "h"})
_HALF_DAY = {"am": 0, "a.m": 0, "pm": 12, "p.m": 12}
#: Words before a time of day that make it a time, not a ratio ("at 5:12").
_AT_TIME = frozenset({"at", "by", "until", "till", "from", "before", "after", "around", "about"})
#: Words that make a time of day a near one ("shortly after 5 a.m.", "around 9 pm").
_NEAR_TIME = frozenset({"shortly", "just", "around", "about", "approximately", "roughly"})


def _clock_at(tokens: tuple[Token, ...], i: int) -> tuple[float, int, bool] | None:
    """A time of day at token i ("5:12 a.m.", "9 pm", "at 17:30"): (minutes after midnight,
    tokens used, said to be near that time)."""
    n = len(tokens)
    tok = tokens[i]
    if not tok.norm.isdigit() or int(tok.norm) > 24:
        return None
    hours, minutes, used = int(tok.norm), 0, 1
    colon = (
        i + 2 < n
        and tokens[i + 1].norm == ":"
        and tokens[i + 2].kind == "num"
        and len(tokens[i + 2].norm) == 2
        and tokens[i + 2].norm.isdigit()
        and tokens[i + 1].start == tok.end
        and tokens[i + 2].start == tokens[i + 1].end
    )
    if colon:
        minutes, used = int(tokens[i + 2].norm), 3
        if minutes >= 60:
            return None
    half = tokens[i + used].norm if i + used < n else ""
    if half in _HALF_DAY:
        if hours == 0 or hours > 12:
            return None
        hours = hours % 12 + _HALF_DAY[half]
        used += 1
    elif not (colon and i > 0 and tokens[i - 1].norm in _AT_TIME):
        return None
    near = any(t.norm in _NEAR_TIME for t in tokens[max(0, i - 2) : i])
    return float(hours * 60 + minutes), used, near


def _age_after(tokens: tuple[Token, ...], j: int) -> bool:
    """ "N years old", "N-year-old" from token j."""
    found = _unit_at(tokens, j)
    if found is None or found[0] != "time":
        return False
    k = j + found[2]
    if k < len(tokens) and tokens[k].norm in ("-", "–"):
        k += 1
    return k < len(tokens) and tokens[k].norm == "old"


def _label_before(text: str, tokens: tuple[Token, ...], i: int, j: int) -> str | None:
    """The noun a whole number written after it picks one of ("port 53", "layer 3"): a
    content word in lower case right before the number (which counts no noun after it);
    not a verb ("uses 53") nor a word of amount ("over 53")."""
    if i == 0 or j != i + 1 or not tokens[i].norm.isdigit():
        return None
    after = text[tokens[i].end : tokens[i].end + 2]
    if after[:1] in ("/", "-", "–", ":") or (after[:1] == "." and after[1:].isdigit()):
        return None  # "range 30/120 ft.", "page 3-4", "verse 3:16"
    label = tokens[i - 1]
    if label.kind != "word" or not label.is_content or not text[label.start].islower():
        return None
    if label.stem in COMMON_VERBS or label.norm in _NOT_LABELS or label.norm.endswith("ed"):
        return None
    return label.stem


#: Verbs that give how many a plural subject holds: "the permanent teeth number 32".
_NUMBERING_VERBS = frozenset("number numbers numbered total totals totalled totaled".split())
#: Words a numbering verb's subject is cut off at: a clause or a sentence before it.
_SUBJECT_STOPS = frozenset({".", ";", ":", "and", "but", "which", "that", "while", "whereas"})


def _counted_before(tokens: tuple[Token, ...], i: int) -> str | None:
    """The noun a number after a numbering verb counts: its subject's last plural noun ("A
    full set of permanent teeth, wisdom teeth included, numbers 28": teeth); None where the
    verb is a noun ("the numbers 3 and 5", "atomic number 8") or no plural noun is near."""
    if i < 2 or tokens[i - 1].norm not in _NUMBERING_VERBS:
        return None
    verb_at = i - 1
    before = tokens[verb_at - 1]
    if before.norm == "," and verb_at >= 2:
        before = tokens[verb_at - 2]  # "..., wisdom teeth included, numbers 28"
    if before.kind != "word" or before.norm in ("the", "a", "an", "of", "these", "those"):
        return None
    plural_before = looks_plural(before.norm) or before.norm in IRREGULAR_PLURALS
    if tokens[verb_at].norm in ("number", "total") and not (
        plural_before or before.norm in ("included", "combined", "together")
    ):
        return None  # "atomic number 8": a label, not a plural subject's verb
    for k in range(verb_at - 1, max(-1, verb_at - 9), -1):
        tok = tokens[k]
        if tok.norm in _SUBJECT_STOPS:
            return None
        if (
            tok.kind == "word"
            and tok.is_content
            and (looks_plural(tok.norm) or tok.norm in IRREGULAR_PLURALS)
        ):
            return tok.stem
    return None


def _paired_noun(tokens: tuple[Token, ...], j: int) -> str | None:
    """The noun counted in pairs from token j ("pairs of jointed legs": "leg"), or None."""
    if j + 2 >= len(tokens) or tokens[j].norm not in ("pair", "pairs"):
        return None
    if tokens[j + 1].norm != "of":
        return None
    return _count_noun(tokens, j + 2)


def _named_by_label(text: str, tokens: tuple[Token, ...], i: int, j: int) -> bool:
    """The whole number at token i picks one of a kind named right before it, whatever noun
    follows: "a US size 8 needle", "a grade 2 listed building", "the route 66 diner"."""
    return (
        i > 0
        and j == i + 1
        and tokens[i].norm.isdigit()
        and tokens[i - 1].norm in _LABEL_NOUNS
        and text[tokens[i - 1].start : tokens[i - 1].start + 1].islower()
    )


#: Nouns whose number names one of a series rather than counts the noun after it.
_LABEL_NOUNS = frozenset(
    "size grade level class type model version route channel platform gate chapter page "
    "track room floor category series mark stage tier".split()
)
_NOT_LABELS = frozenset(_LOWER | _UPPER | _ABOUT | _NEARLY | {"aged", "age", "just", "only"})


def _year_before_name(text: str, tokens: tuple[Token, ...], i: int, j: int) -> bool:
    """Token i is a year that names what follows it ("the four surviving 1215 Magna Carta
    copies", "a 1967 Mustang", "the 1215 text"): four digits from 1000 to 2199 before a
    capitalised word or after an article or a possessive."""
    tok = tokens[i]
    if (
        j != i + 1
        or j >= len(tokens)
        or tok.kind != "num"
        or not re.fullmatch(r"1\d{3}|2[01]\d{2}", tok.norm)
    ):
        return False
    if i > 0 and tokens[i - 1].norm in _YEAR_LABEL_LEADS:
        return True
    return text[tokens[j].start : tokens[j].start + 1].isupper()


_YEAR_LABEL_LEADS = frozenset("the a an this that its their his her our my your".split())


def _count_like(tokens: tuple[Token, ...], i: int) -> bool:
    return _count_noun(tokens, i) is not None or _unit_at(tokens, i) is not None


def _count_noun(tokens: tuple[Token, ...], i: int) -> str | None:
    """The noun counted by a bare number: the next content word (skipping one adjective)."""
    if i >= len(tokens):
        return None
    tok = tokens[i]
    if tok.norm in ("-", "–") and i + 1 < len(tokens) and tokens[i + 1].start == tok.end:
        # "a 14-line poem": the noun joined to the number counts, not the one it describes
        noun = tokens[i + 1]
        if noun.kind != "word" or noun.norm in _NOT_COUNT_NOUNS or not noun.is_content:
            return None
        return None if noun.norm in _NOT_COMPOUND_NOUNS else noun.stem
    if tok.kind != "word" or tok.norm in _NOT_COUNT_NOUNS or not tok.is_content:
        return None
    nxt = tokens[i + 1] if i + 1 < len(tokens) else None
    if tok.norm.endswith("ly") and nxt is not None and nxt.kind == "word" and nxt.is_content:
        # "95 officially recognised moons": an adverb says how the words after it hold
        tok, nxt = nxt, tokens[i + 2] if i + 2 < len(tokens) else None
    if (
        nxt is not None
        and looks_plural(tok.norm)
        and (nxt.norm.endswith(("ed", "ing")) or nxt.stem in COMMON_VERBS)
    ):
        return tok.stem  # "46 chromosomes arranged in pairs": the noun, then its verb
    if nxt is not None and nxt.norm in _PAST_OF_STRIKING:
        return tok.stem  # "a 9.0 earthquake struck": the noun, then its verb
    if nxt is not None and nxt.kind == "word" and nxt.is_content:
        # "ten field sites": the second of two content words is the noun; of three, the
        # plural one ("64 distinct amino acids" counts acids)
        third = tokens[i + 2] if i + 2 < len(tokens) else None
        if (
            not looks_plural(tok.norm)
            and not looks_plural(nxt.norm)
            and third is not None
            and third.kind == "word"
            and third.is_content
            and looks_plural(third.norm)
        ):
            return third.stem
        return nxt.stem
    return tok.stem


#: Words that say whose things a number counts ("650 of his instruments").
_OWNERS = frozenset("his her its their our my your".split())


def _count_of_owned(tokens: tuple[Token, ...], i: int) -> str | None:
    """The plural noun counted through "of" and an owner from token i ("[650] of his
    instruments"), else None."""
    if i + 2 >= len(tokens) or tokens[i].norm != "of" or tokens[i + 1].norm not in _OWNERS:
        return None
    noun = tokens[i + 2]
    if noun.kind != "word" or not noun.is_content or not looks_plural(noun.norm):
        return None
    return None if noun.norm in _NOT_COUNT_NOUNS else noun.stem


#: Verbs a counted thing may do right after its number and name ("a 9.0 earthquake struck").
_PAST_OF_STRIKING = frozenset({"struck", "hit", "hits", "strikes", "shook", "shakes"})


def _before(tokens: tuple[Token, ...], i: int, word: str) -> bool:
    return i > 0 and tokens[i - 1].norm == word


#: Verbs that name a maximum or a minimum reached: "tops out at 100", "bottoms out at 3".
_PEAK_VERBS = {"tops", "topped", "peaks", "peaked", "maxes", "maxed", "caps", "capped"}
_FLOOR_VERBS = {"bottoms", "bottomed", "floors"}


#: The comparatives that make a limit after "no" or "not": "no more than 5" is at most 5,
#: "not less than 5" at least 5.
MORE_WORDS = frozenset({"more", "greater", "longer", "higher"})
LESS_WORDS = frozenset({"less", "fewer", "shorter", "lower"})


def own_limit_words() -> re.Pattern[str]:
    """ "no more than (about)", "not shorter than": a negator that is part of a limit's words,
    at the end of the text before the value."""
    words = "|".join(sorted(MORE_WORDS | LESS_WORDS))
    hedges = "|".join(sorted(w for w in _ABOUT if w.isalpha()))
    return re.compile(rf"\b(?:no|not)\s+(?:{words})\s+than(?:\s+(?:{hedges}))?\s*$", re.I)


def _bound(tokens: tuple[Token, ...], start: int, end: int) -> str:
    prev = [t.norm for t in tokens[max(0, start - 2) : start]]
    nxt = [t.norm for t in tokens[end : end + 2]]
    # "no more than 5" is an upper limit, "not less than 5" a lower one; "no more than about
    # 5" too, the hedge aside
    at = start - 1 if prev and prev[-1] in _ABOUT else start
    than = [t.norm for t in tokens[max(0, at - 2) : at]]
    negated = at >= 3 and tokens[at - 3].norm in ("no", "not")
    if negated and len(than) == 2 and than[1] == "than" and than[0] in MORE_WORDS:
        return "<="
    if negated and len(than) == 2 and than[1] == "than" and than[0] in LESS_WORDS:
        return ">="
    # "tops out at (around) 100", "peaks at 40": the highest value reached
    reached = [t.norm for t in tokens[max(0, start - 4) : start]]
    if "at" in reached and any(w in _PEAK_VERBS for w in reached):
        return "<="
    if "at" in reached and any(w in _FLOOR_VERBS for w in reached):
        return ">="
    if nxt[:2] in (["or", "more"], ["or", "greater"], ["and", "above"], ["or", "longer"]):
        return ">="
    if nxt[:2] in (["or", "less"], ["or", "fewer"], ["or", "shorter"]):
        return "<="
    # "2048-bit keys are the current minimum": the value is a limit, said after it
    said = _said_limit([t.norm for t in tokens[end : end + 6]])
    if said:
        return said
    # "a little over 1,200 m", "just under 4 kg", "slightly more than 3": near the value, not
    # a limit of it
    near = [t.norm for t in tokens[max(0, start - 4) : start]]
    if any(w in _NEARLY for w in near[:-1]) and near[-1] in _NEAR_LIMITS:
        return "~"
    if prev and prev[-1] in ("only", "exactly", "just"):
        return "="
    # "at most about 1,000 miles", "up to roughly 40": a limit, hedged
    hedged = [t.norm for t in tokens[max(0, start - 3) : start]]
    if len(hedged) == 3 and hedged[-1] in _ABOUT:
        if hedged[:2] in (["at", "most"], ["up", "to"]):
            return "<="
        if hedged[:2] == ["at", "least"]:
            return ">="
    if any(p in _ABOUT for p in prev):
        return "~"
    if prev[-2:] in _AT_LEAST:
        return ">="
    if prev[-2:] in _AT_MOST:
        return "<="
    if prev and prev[-1] in _LOWER:
        return ">="
    if prev and prev[-1] in _UPPER:
        return "<="
    return "="


#: The two words before a value that make it a lower or an upper limit.
_AT_LEAST = (["more", "than"], ["greater", "than"], ["at", "least"], ["longer", "than"],
             ["older", "than"])  # fmt: skip
_AT_MOST = (["less", "than"], ["fewer", "than"], ["at", "most"], ["up", "to"],
            ["younger", "than"])  # fmt: skip
_BE = frozenset("is are was were".split())
_SAID_LIMITS = {"minimum": ">=", "maximum": "<="}


def _said_limit(after: list[str]) -> str:
    """ ">=" or "<=" where the words after a value (`after`, at most one noun before the
    verb) call it the minimum or the maximum ("... keys are the current minimum"), else ""."""
    for k in (0, 1):
        if k < len(after) and after[k] in _BE:
            rest = after[k + 1 : k + 4]
            if rest[:1] == ["the"]:
                for word in rest[1:3]:
                    if word in _SAID_LIMITS:
                        return _SAID_LIMITS[word]
            return ""
    return ""


def _anchor(tokens: tuple[Token, ...], start: int, end: int) -> frozenset[str]:
    """Content stems near the number: what it measures."""
    window = [*tokens[max(0, start - 5) : start], *tokens[end : end + 3]]
    return frozenset(t.stem for t in window if t.is_content and t.stem not in _UNIT_STEMS)


_UNIT_STEMS = frozenset(stem(u) for u in _UNITS) | frozenset(_UNITS)


# -- claim_values: Values and dates in a claim, and how two claims' values relate: the same quantity
#    with values that cannot both hold ("900 s" = "15 minutes" agree; "14 months" / "9 months" do
#    not), or two dates of one event. ---


def values_in(text: str) -> tuple[tuple[Quantity, ...], tuple[DateMention, ...]]:
    """The quantities and dates of claim `text` (bare years too; numbers glued to letters,
    "2nd", "3d6", "v2", are not quantities)."""
    spans = _year_spans(text)
    # "from 1893 to 1896" is one span, not the year "from 1893"
    dates = tuple(
        d for d in parse_dates(text) if not any(s.start <= d.start < s.end for s in spans)
    )
    dates = (
        *dates,
        *(s for s in spans if not any(d.start < s.end and s.start < d.end for d in dates)),
    )
    dates = tuple(_with_era(text, d) for d in (*dates, *_years(text, dates)))
    costs = costs_in(text)
    skip = tuple((d.start, d.end) for d in dates) + tuple((s, e) for s, e, _, _ in costs)
    quantities = tuple(
        q for q in parse_quantities(text, skip=skip) if not _glued(text, q.start, q.end)
    )
    if costs:
        tokens = tokenize(text)
        found = [_cost(text, tokens, *cost) for cost in costs]
        quantities = tuple(sorted((*quantities, *found), key=lambda q: q.start))
    ranks = _ranks(text)
    if ranks:
        quantities = tuple(sorted((*quantities, *ranks), key=lambda q: q.start))
    return quantities, dates


_ORDINALS = {
    w: n
    for n, w in enumerate(
        """first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth
        thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth
        twentieth""".split(),
        1,
    )
}
# a name ranked: a capitalised word that is no determiner or pronoun ("Mars", "the Nile")
_RANKED_NAME = re.compile(
    r"\b(?!(?:The|A|An|Our|Their|My|His|Her|Its|This|That|These|Those|It|He|She|They|We|I|"
    r"You)\b)[A-Z][\w'’-]*"
)
#: Nouns an ordinal counts occasions or pieces of, not places in a ranking.
_NOT_RANKED = frozenset(
    """time times step steps stage phase part chapter day week month year round half quarter
    attempt try occasion visit one ones""".split()
)
# "Mars is the fourth planet from the Sun", "Lyon is the 3rd-largest city": a place in a
# ranking, said of the subject by a copula
_RANK_RE = re.compile(
    r"\b(?:is|was|are|were|remains|ranks\s+as)\s+(?:now\s+|still\s+|only\s+|just\s+)?the\s+"
    r"(?:(?P<ord>" + "|".join(_ORDINALS) + r"|\d{1,3}(?:st|nd|rd|th))"
    r"(?:[\s-]+(?P<most>\w+est|most\s+\w+|least\s+\w+))?"
    # "is the deepest lake in the United States": first in a ranking whose scope it writes
    r"|(?P<top>(?!(?:best|latest|least|most|rest|west|interest|forest|guest|contest|"
    r"request)\b)[a-z]+est))\s+(?P<noun>[a-z]\w+)",
    re.IGNORECASE,
)
#: Where a ranking holds ("in the United States", "of the Alps"), up to the clause's end.
_RANK_SCOPE = re.compile(
    r"\s+(?:in|on|of)\s+(?:the\s+)?(?P<scope>[\w'’-]+(?:\s+[\w'’-]+){0,3}?)"
    r"(?=\s*(?:[,.;:)]|$)|\s+(?:and|but|with|by|at|since|after|before|which|that|who|for)\b)"
)


def ranking_written(text: str, q: Quantity) -> str:
    """The ranking place `q` of `text` holds, as written, with the scope written after it
    ("deepest lake in the United States"); empty where no scope is written."""
    m = _RANK_SCOPE.match(text, q.end)
    if m is None:
        return ""
    top = re.sub(r"^(?:\w+|\d+\w*)[\s-]+(?=\w+est\b|most\b|least\b)", "", q.text)
    return f"{top}{m.group()}"


def _ranks(text: str) -> tuple[Quantity, ...]:
    """Places in a ranking ("is the fourth planet") as values of unit
    "rank:<superlative>:<noun>": one ranking, one place."""
    out: list[Quantity] = []
    tokens: tuple[Token, ...] | None = None
    for m in _RANK_RE.finditer(text):
        if m["noun"].lower() in _NOT_RANKED:
            continue  # "the first time I saw one": an occasion, not a place in a ranking
        if not _RANKED_NAME.search(text[: m.start()]):
            continue  # "Our team is the third team": whose team, the words do not say
        scope_m = _RANK_SCOPE.match(text, m.end())
        scope = (
            " ".join(stem(w.lower()) for w in scope_m["scope"].split() if w.lower() != "the")
            if scope_m
            else ""
        )
        if m["top"]:
            if not scope:
                continue  # "the deepest lake": of what, the words do not say
            n, most, start = 1, stem(m["top"].lower()), m.start("top")
        else:
            ordinal = m["ord"].lower()
            n = _ORDINALS.get(ordinal) or int(re.sub(r"\D", "", ordinal))
            most = " ".join(stem(w) for w in (m["most"] or "").lower().split())
            start = m.start("ord")
        tokens = tokens if tokens is not None else tokenize(text)
        first, last = _token_span(tokens, start, m.end())
        out.append(
            Quantity(
                low=float(n),
                high=float(n),
                unit=f"rank:{most}:{stem(m['noun'].lower())}",
                text=text[start : m.end()],
                start=start,
                end=m.end(),
                anchor=_anchor(tokens, first, last),
                # one ranking holds in one scope: "in Scotland" is not "in the UK"
                part=scope,
            )
        )
    return tuple(out)


def _token_span(tokens: tuple[Token, ...], start: int, end: int) -> tuple[int, int]:
    """The indices of the first token at or after character `start` and of the first at or
    after `end`."""
    first = next((k for k, t in enumerate(tokens) if t.start >= start), len(tokens))
    last = next((k for k, t in enumerate(tokens) if t.start >= end), len(tokens))
    return first, last


def _cost(
    text: str, tokens: tuple[Token, ...], start: int, end: int, unit: str, form: str
) -> Quantity:
    """A growth rate ("O(log n)") as a value: its rank on the usual scale."""
    value = complexity_rank(form)
    first, last = _token_span(tokens, start, end)
    return Quantity(
        low=value,
        high=value,
        unit=unit,
        text=text[start:end],
        start=start,
        end=end,
        anchor=_anchor(tokens, first, last),
    )


def quantity_relation(
    a: tuple[Quantity, ...], b: tuple[Quantity, ...]
) -> tuple[list[tuple[Quantity, Quantity]], int]:
    """(conflicting same-unit pairs, number of agreeing same-unit pairs)."""
    conflicts: list[tuple[Quantity, Quantity]] = []
    agree = 0
    agreeing: set[str] = set()
    for qa in a:
        same = [qb for qb in b if qb.unit == qa.unit and _same_part(qa, qb)]
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


_YEAR_RE = re.compile(
    r"\b(?:in|year|since|until|by)\s+(?:the\s+year\s+)?(?P<y>\d{3,4})\b(?![.,]\d)"
    # "as late as 1920", "before 1850 AD": a year where no noun follows ("after 1000 tries")
    r"|\b(?:as\s+(?:late|early)\s+as|before|after|from)\s+(?P<y2>\d{3,4})\b(?![.,]\d)"
    r"(?!\s+[a-z])"
    # "around 1440", "c. 1440": a year said to be about
    # ("around 1440", but not "around 485 °C" or "around 1500 people")
    r"|\b(?:(?i:circa|c\.|ca\.)\s+(?P<ya>\d{3,4})|(?i:in\s+about|(?:in\s+)?(?:around|"
    r"approximately|roughly))\s+(?P<yb>1\d{3}|20\d\d|\d{3,4}(?=\s*(?:BCE?|B\.C\.|AD|CE)\b)))"
    r"\b(?![.,]\d)"
    r"(?!\s*(?:[%°'’]|[^\x00-\x7f]))(?!\s+(?!(?:and|or|when|that|while|as|after|before)\b)[a-z])"
)
#: How far from the year written "around 1440" may be.
APPROXIMATE_YEARS = 2
# "the 1960s", "the late 1960s", "the mid-1800s"
_DECADE_RE = re.compile(
    r"\b(?i:the)\s+(?:(?P<part>early|mid|late)[\s-]+)?(?P<decade>1\d{2}0|20\d0|[1-9]\d0)['’]?s\b"
)
# "the 15th century", "the early 19th century", "the 5th century BC", "the eighteenth-century
# eruption", "the twenty-first century"
_CENTURY_WORDS = {**_ORDINALS, "twenty-first": 21}
_CENTURY_RE = re.compile(
    r"\b(?i:the)\s+(?:(?P<part>early|mid|late)[\s-]+)?(?:(?P<n>1?\d|20)(?:st|nd|rd|th)"
    r"|(?i:(?P<word>" + "|".join(sorted(_CENTURY_WORDS, key=len, reverse=True)) + r")))"
    r"[\s-]+century\b"
)
#: The share of a decade or a century its "early", "mid" or "late" part takes in (generously).
_PARTS = {None: (0.0, 1.0), "early": (0.0, 0.4), "mid": (0.3, 0.7), "late": (0.5, 1.0)}


def _span(first: int, length: int, part: str | None) -> tuple[int, int]:
    """The years of a decade or century of `length` years from `first` that `part` takes in."""
    low, high = _PARTS[part.lower() if part else None]
    return first + round(low * length), first + round(high * length) - 1


_ERA_RE = re.compile(r"\s*(?:(?P<bc>BCE?|B\.C\.(?:E\.)?)|AD|CE|A\.D\.)(?![\w])")


def _with_era(text: str, date: DateMention) -> DateMention:
    """`date` with the era written after it: a year before Christ counts back from 0 ("753
    BC" is -753), and the era is part of the date as written."""
    m = _ERA_RE.match(text, date.end)
    if m is None or date.year is None:
        return date
    if not m["bc"]:
        return replace(date, text=text[date.start : m.end()], end=m.end(), era=True)
    last = None if date.last_year is None else -date.last_year
    return replace(
        date,
        text=text[date.start : m.end()],
        end=m.end(),
        era=True,
        year=-date.year if last is None else last,
        last_year=None if last is None else -date.year,
    )


def _years(text: str, known: tuple[DateMention, ...]) -> tuple[DateMention, ...]:
    """Years the date parser leaves out ("in the year 1189", "in 587", "around 1440", "the
    1960s", "the 15th century"): any era."""
    out: list[DateMention] = []
    taken = [(d.start, d.end) for d in known]

    def add(m: re.Match[str], first: int, last: int | None = None, slack: int = 0) -> None:
        s, e = m.span()
        if any(ts < e and s < te for ts, te in taken):
            return
        taken.append((s, e))
        out.append(
            DateMention(text=m.group(), start=s, end=e, year=first, last_year=last, slack=slack)
        )

    for m in _DECADE_RE.finditer(text):
        first = int(m["decade"])
        # "the 1800s" are as a rule the hundred years from 1800 ("the early 1800s" their first
        # decades), read the wider way where a decade might be meant ("the 2000s")
        add(m, *_span(first, 100 if first % 100 == 0 else 10, m["part"]))
    for m in _CENTURY_RE.finditer(text):
        n = int(m["n"]) if m["n"] else _CENTURY_WORDS[m["word"].lower()]
        if n >= 1:
            add(m, *_span((n - 1) * 100 + 1, 100, m["part"]))
    for m in _YEAR_RE.finditer(text):
        if m["ya"] or m["yb"]:
            add(m, int(m["ya"] or m["yb"]), slack=APPROXIMATE_YEARS)
        else:
            add(m, int(m["y"] or m["y2"]))
    for m in _YEAR_NAMED_RE.finditer(text):
        after = m.group("after") or ""
        if (
            after
            and after[0].islower()
            and (after in _UNITS or after in _COUNTED_AFTER_YEAR or looks_plural(after))
        ):
            continue  # "the 1200 metre climb", "the 1500 men", "the 1500 guests": a number
        add(m, int(m["y"] or m["y_of"] or m["y_par"]))
    out.sort(key=lambda d: d.start)
    return tuple(out)


def _year_spans(text: str) -> tuple[DateMention, ...]:
    """Spans of years ("from 1893 to 1896", "1780–1795", "around 1657–1670", "1914–18"), each
    one date from its first year to its last."""
    out: list[DateMention] = []
    for m in _YEAR_SPAN_RE.finditer(text):
        if m["joint"] == "and" and (m["pre"] or "").lower() != "between":
            continue  # "in 1914 and 1918": two years, not a span
        first, written_last = int(m["a"]), m["b"]
        last = int(written_last)
        if len(written_last) == 2:
            last += first // 100 * 100  # "1914–18"
        if first < last <= first + 200:
            out.append(
                DateMention(
                    text=m.group(),
                    start=m.start(),
                    end=m.end(),
                    year=first,
                    last_year=last,
                    slack=APPROXIMATE_YEARS if m["about"] else 0,
                )
            )
    return tuple(out)


_YEAR = r"(?:1\d{3}|20\d\d|[5-9]\d\d)"
#: "from 1893 to 1896", "between 1508 and 1512", "1780–1795", "around 1657–1670", "1914–18":
#: a span of years
_YEAR_SPAN_RE = re.compile(
    r"(?:\b(?P<pre>(?i:(?P<about>around|about|circa|c\.|ca\.|roughly|approximately)|in|from"
    r"|between|during))\s+)?(?<![\d.,])\b(?P<a>" + _YEAR + r")"
    r"(?:\s*[–—-]\s*|\s+(?P<joint>to|and|until|till)\s+)(?P<b>1\d{3}|20\d\d|\d{2}|[5-9]\d\d)\b"
    r"(?![.,]\d)(?!\s*(?:[%°]|[^\x00-\x7f\s]))(?!\s+(?!(?:and|or|when|that|while|as|after|"
    r"before|in|on|at|the|by|for|with|to|he|she|it|they|its|his|her|their)\b)[a-z])"
)
#: "the 1883 eruption", "his 1905 paper", "the Exhibition of 1851", "(1642)": a year named
#: with what happened in it
_YEAR_NAMED_RE = re.compile(
    rf"(?:\b(?i:the|a|an|his|her|its|their)\s+(?P<y>1\d{{3}}|20\d\d)(?=\s+(?P<after>[A-Za-z][\w'’-]*))"
    rf"|\bof\s+(?P<y_of>{_YEAR})(?=\s*(?:[,.;:)]|$))|\((?P<y_par>1\d{{3}}|20\d\d)\))"
)
#: Words after "the 1500" that make it a count ("the 1500 men").
_COUNTED_AFTER_YEAR = frozenset(
    "men women people children persons soldiers troops sailors workers pupils students "
    "residents inhabitants ships boats cars houses homes copies units words pages feet "
    "teeth mice geese sheep fish deer cattle head".split()
)


def measured_conflicts(
    a: tuple[Quantity, ...],
    b: tuple[Quantity, ...],
    *,
    ignore: frozenset[str] = frozenset(),
    families: bool = False,
) -> list[tuple[Quantity, Quantity, frozenset[str]]]:
    """Pairs of one measure with values that cannot both hold, with the words around both
    numbers that say what is measured (`ignore`: words that do not count, such as the
    subject's). Two limits of one kind disagree when they differ ("up to 5" / "at most
    three"); a value of one claim that matches any of the other's leaves that measure out.
    With `families`, words of one measure meet too ("summit" / "rises": a height)."""
    out: list[tuple[Quantity, Quantity, frozenset[str]]] = []
    for qa in a:
        same = [qb for qb in b if qb.unit == qa.unit and _same_part(qa, qb)]
        restated = next((qb for qb in same if _restated_figure(qa, qb)), None)
        if restated is not None:
            # "within 30 feet" / "up to 30 metres": one figure, written with another unit
            measured = frozenset(qa.anchor & restated.anchor) - ignore
            out.append((qa, restated, measured or frozenset({_figure(qa.text)})))
            continue
        if not same or any(same_measure(qa, qb) for qb in same):
            continue
        for qb in same:
            measured = frozenset(qa.anchor & qb.anchor) - ignore
            if not measured and families:
                # "Etna's summit is 2,900 m" / "Etna rises to 3,350 m": two words of one measure
                kinds = measure_kinds(qa) & measure_kinds(qb)
                measured = frozenset(
                    w for q in (qa, qb) for w in q.anchor if _word_kind(q.unit, w) in kinds
                )
            if measured:
                out.append((qa, qb, measured))
                break
    return out


#: Words that name one measure of a thing, by the dimension of its value: "summit", "rises"
#: and "tall" all give a height in metres, "weighs" and "heavy" a weight in kilograms; a
#: comparative too ("goes no deeper" than a depth).
_MEASURE_FAMILIES = {
    ("length", "height"): "height tall taller tallest high higher highest summit peak top tops "
    "rise rises elevation altitude grow grows grew reach reaches reached",
    ("length", "depth"): "depth deep deeper deepest bottom dive dives dived diving",
    ("length", "length"): "length long longer longest stretch stretches span spans grow grows grew "
    "reach reaches reached",
    ("length", "width"): "width wide wider widest breadth broad broader across",
    ("mass", "weight"): "weight weigh weighs weighed heavy heavier heaviest hefty",
    ("length", "distance"): "distance cover covers covered far away travel travels travelled "
    "traveled",
    ("length/time", "speed"): "speed velocity fast faster fastest travel travels travelling "
    "traveling move moves moving",
    ("time", "gestation"): "gestation pregnancy pregnant carry carries carried carrying",
    ("area", "area"): "area cover covers covered covering extent extends",
    ("magnitude", "magnitude"): "magnitude measure measured measuring strength",
    ("frequency", "frequency"): "frequency oscillate oscillates oscillating oscillation vibrate "
    "vibrates vibrating vibration cycles",
    ("count:person", "death toll"): "kill kills killed claim claims claimed death deaths died "
    "dead toll fatalities",
}
_MEASURE_KINDS: dict[tuple[str, str], str] = {
    (unit, stem(word)): kind
    for (unit, kind), words in _MEASURE_FAMILIES.items()
    for word in words.split()
}


#: Words that say what one thing is made of or amounts to, whatever the unit: "a byte
#: consists of 8 bits" / "one byte holds 16 bits", "is divided into 12 semitones" / "splits
#: into 10 semitones", "is defined as 1,852 metres" / "equals 1,609 metres".
_AMOUNT_WORDS = frozenset(
    stem(w)
    for w in """
    define defined defines equal equals equalling equaling equivalent hold holds contain
    contains comprise comprises consist consists divide divided divides split splits
    """.split()
)


def _word_kind(unit: str, word: str) -> str | None:
    """The measure that `word` (a stem beside a value in `unit`) names, or None."""
    if word in _AMOUNT_WORDS:
        return "size"
    return _MEASURE_KINDS.get((unit, word))


def names_a_measure(unit: str, word: str) -> bool:
    """`word` (a stem) names a measure of values in `unit` ("travel" of a speed)."""
    return _word_kind(unit, word) is not None


def measure_kind(words: AbstractSet[str], unit: str) -> str | None:
    """The one measure that `words` (stems around values in `unit`) all name ("summit",
    "rise": "height"), or None."""
    kinds = {_word_kind(unit, w) for w in words}
    return kinds.pop() if len(kinds) == 1 and None not in kinds else None


def measure_kinds(q: Quantity, words: AbstractSet[str] = frozenset()) -> set[str]:
    """The measures the words around quantity `q` name (`_MEASURE_FAMILIES`, `_AMOUNT_WORDS`);
    where they name none, those that `words` (stems of the claim's clause) name: "A mare
    carries her foal for about 150 days" gives a gestation, its verb far from the value."""
    kinds = {k for w in q.anchor if (k := _word_kind(q.unit, w)) is not None}
    return kinds or {k for w in words if (k := _word_kind(q.unit, w)) is not None}


def _figure(text: str) -> str:
    """The number as written at the start of a quantity's text ("30" of "30 feet")."""
    m = re.match(r"[\d.,]+", text)
    return m.group() if m else ""


def _restated_figure(a: Quantity, b: Quantity) -> bool:
    """One limit with the same written number in two units of one dimension ("within 30
    feet" / "up to 30 metres"): the same figure given for one measure, whose unit makes the
    values differ."""
    return (
        a.unit == b.unit
        and not a.unit.startswith("count:")
        and a.unit not in ("percent", "age")
        and a.bound == b.bound
        and _figure(a.text) != ""
        and _figure(a.text) == _figure(b.text)
        and a.text.casefold() != b.text.casefold()
        and not same_measure(a, b)
    )


def _same_part(a: Quantity, b: Quantity) -> bool:
    """A share of a split is compared only with a share of the same part: rye's 30 % of
    "70/30 barley/rye" with "rye makes up a quarter", not the barley's 70 %."""
    if a.part and b.part:
        return a.part == b.part
    if a.part:
        return a.part in b.anchor
    if b.part:
        return b.part in a.anchor
    return True


def same_measure(a: Quantity, b: Quantity) -> bool:
    if a.bound == b.bound == ">=":
        # "can exceed 10 metres" / "12 metres or more": two floors both hold of one thing
        return True
    if a.bound == b.bound == "<=":
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
    digits = min(significant_digits(a), significant_digits(b)) if a.bound == b.bound == "=" else 0
    if digits >= _CONSTANT_DIGITS:
        # "9,192,631,770 periods": every digit written is asserted, not a rounding (kept
        # above a thousandth for units converted by rounded factors)
        tol = max(5 * 10.0**-digits, 0.001)
    if a.unit == "volume":
        tol = max(tol, 0.2)  # US and imperial pints, quarts and gallons differ by a fifth
    if abs(a.low - b.low) <= tol * max(abs(a.low), abs(b.low), 1e-12):
        return True
    if a.unit == "data" and a.low > 0 and b.low > 0:
        # 10 GB = 10,240 MB: binary and decimal prefixes are both in use
        ratio = max(a.low, b.low) / min(a.low, b.low)
        return any(abs(ratio - 1.024**k) <= 0.003 * 1.024**k for k in range(1, 5))
    return False


#: Significant digits from which a number written out is exact, each digit asserted.
_CONSTANT_DIGITS = 7
_WRITTEN_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")


def significant_digits(q: Quantity) -> int:
    """How many significant digits the number of `q` is written with ("9,192,631,770": 9;
    "3,000": 1; "2.50": 3)."""
    m = _WRITTEN_NUMBER.search(q.text)
    if m is None:
        return 0
    written = m.group().replace(",", "")
    digits = written.replace(".", "").lstrip("0")
    return len(digits if "." in written else digits.rstrip("0"))


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


_HAS_NUMBER = re.compile(
    r"\d|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|"
    r"fifty|sixty|seventy|eighty|ninety|hundred|dozen|thousand)\b",
    re.IGNORECASE,
)


@claim_cache(1 << 15)
def measure_keys(text: str) -> frozenset[str]:
    """What the values of claim `text` measure, as "unit|word" keys: one per quantity and
    content word in the five words before it ("a lifespan of up to 80 years":
    "time|lifespan"). Words after a number mostly continue its unit ("2.1 % VWC"); the
    measure is named before it. Two claims sharing a key give a value of one measure."""
    if not _HAS_NUMBER.search(text):
        return frozenset()
    quantities, _ = values_in(text)
    if not quantities:
        return frozenset()
    tokens = tokenize(text)
    keys: set[str] = set()
    for q in quantities:
        if q.unit == "age":
            keys.add("age|age")  # an age is one measure whatever words lead to it
        before = [t for t in tokens if t.end <= q.start][-5:]
        keys.update(
            f"{q.unit}|{t.stem}" for t in before if t.is_content and t.stem not in _UNIT_STEMS
        )
    return frozenset(keys)


_LIMIT_RE = re.compile(
    r"\b(?:(less|fewer|lower|more|greater|higher)\s+than|(at\s+least|at\s+most)|(below|under|above|over))"
    r"\s+(\d+(?:\.\d+)?)\b(?![.,]\d)"
    r"|\b(\d+(?:\.\d+)?)\s+or\s+(more|less|fewer|higher|lower|above|below)\b"
    # "from the age of 14", "from 18 on": a lower limit (not "from 5 to 10")
    r"|\bfrom\s+(?:the\s+age\s+of\s+)?(\d+(?:\.\d+)?)\b(?![.,]\d)(?!\s*(?:-|–|to\b|until\b|till\b))",
    re.IGNORECASE,
)
_BELOW = {"less", "fewer", "lower", "below", "under"}


def limits_in(text: str) -> tuple[tuple[str, float], ...]:
    """The limits a claim sets on a number, unit or not: ("<", 3) for "less than 3", (">=",
    3) for "at least 3" or "3 or more"."""
    out: list[tuple[str, float]] = []
    for m in _LIMIT_RE.finditer(text):
        compared, phrase, prep, value, value2, tail, value3 = m.groups()
        if value3 is not None:
            out.append((">=", float(value3)))
        elif value2 is not None:
            out.append(("<=" if tail.lower() in _BELOW else ">=", float(value2)))
        elif phrase is not None:
            out.append((">=" if "least" in phrase.lower() else "<=", float(value)))
        else:
            word = (compared or prep).lower()
            out.append(("<" if word in _BELOW else ">", float(value)))
    return tuple(out)


_COMPLEMENTS = {("<", ">="), (">=", "<"), (">", "<="), ("<=", ">")}


def complementary_limits(a: str, b: str) -> bool:
    """A limit of `a` and one of `b` split the numbers at one value, each taking one side
    ("less than 3" / "at least 3")."""
    la, lb = limits_in(a), limits_in(b)
    return any((oa, ob) in _COMPLEMENTS and va == vb for oa, va in la for ob, vb in lb)
