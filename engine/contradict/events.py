"""Events that happen once: when a named thing began, came out or was started ("X was
founded in 1640", "Hoare invented Quicksort in 1959", "It dates from the late 1960s" in the
note of what "it" is), when a person died and at what age. A thing begins once and a life
ends once, so two claims that give one name two dates of one such event contradict each
other, whatever else they say; `event_keys` lets the scan read such claims together however
far apart their words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from engine.contradict.gazetteer import PLACE_COUNTRIES
from engine.contradict.quantities import APPROXIMATE_YEARS
from engine.contradict.quantities import MONTH_RE as _MONTH_RE
from engine.contradict.text import claim_cache, known_words, stem, with_left_out_subject

# -- origins: When one named thing began: "X was founded in 1640", "the founding of X in 1837", "X,
#    established in 1985". A thing begins once, so two claims that give one name two different years
#    of origin contradict each other whatever else they say. ---
#
# Only names (capitalised words, without a leading "The") count as the thing, and only a verb
# of beginning bound to that name: "the capital has stood since X was founded in
# 1640" is about X's founding, not the capital's.

#: Verbs and nouns of a thing's beginning.
_ORIGIN_VERBS = (
    r"(?:founded|established|created|formed|built|constructed|born|invented|incorporated)"
)
_ORIGIN_NOUNS = (
    r"(?:founding|foundation|establishment|creation|formation|construction|birth|invention)"
)
# ("Tour de France", "Pont du Gard": a particle inside a name)
_NAME = (
    r"\b(?P<name>[A-Z][\w'’-]*(?:\s+(?:(?:of|the|de|du|des|del|della|di|da)\s+)?"
    r"[A-Z][\w'’-]*){0,3})"
)
_ORIGIN_YEAR = r"(?P<year>\d{1,4})(?:\s*(?P<era>[A-Z]{2,4}|B\.C\.|A\.D\.))?(?![\d.,]\d)"
# "1640", "June 1954", "12 May 1820", "early 1790", "Christmas 1989", "the late 1960s"
_WHEN = (
    r"(?P<when>(?:(?:early|late|mid)[\s-]+)?(?:(?:Christmas|Easter|spring|summer|autumn|fall|"
    r"winter)\s+(?:of\s+)?)?"
    rf"(?:[0-3]?\d(?:st|nd|rd|th)?\s+(?:of\s+)?)?(?:{_MONTH_RE.format(name='month')}\s+)?"
    rf"(?:[0-3]?\d(?:st|nd|rd|th)?,?\s+)?{_ORIGIN_YEAR}"
    r"|(?:the\s+)?(?:(?P<part>early|mid|late)[\s-]+)?(?P<decade>1\d{2}0|20\d0)['’]?s\b)"
)
# "in 1640", "on 12 May 1820", "over Christmas 1989", "around 1994", "back in the 1940s"
_IN_YEAR = (
    r"(?:\s+(?:back\s+)?(?P<prep>in|during|on|over|around|circa|c\.|about|approximately)\s+"
    rf"(?:the\s+year\s+)?(?:of\s+)?{_WHEN})"
)
_PASSIVE = re.compile(
    rf"{_NAME}\s*,?\s+(?:is|was|were|had\s+been|has\s+been|being)\s+(?:first\s+|originally\s+|officially\s+)?"
    rf"{_ORIGIN_VERBS}(?:\s+\w+){{0,3}}?{_IN_YEAR}"
)


def _appositive(verbs: str) -> re.Pattern[str]:
    """ "X, founded in 1640", "X, first published in 1961"."""
    return re.compile(rf"{_NAME}\s*,\s+(?:first\s+|originally\s+)?{verbs}{_IN_YEAR}")


def _passive(verbs: str, adverbs: str = "first|originally") -> re.Pattern[str]:
    """ "X was first published in 1961", "X had been officially opened in the spring of 1932"
    (`adverbs`: those that may stand before the verb)."""
    return re.compile(
        rf"{_NAME}\s*,?\s+(?:is|was|were|had\s+been|has\s+been)\s+"
        rf"(?:(?:{adverbs})\s+)?{verbs}(?:\s+\w+){{0,3}}?{_IN_YEAR}"
    )


def _event_of_name(nouns: str) -> re.Pattern[str]:
    """ "the founding of X in 1402", "the premiere of X in 1913"."""
    return re.compile(rf"\b{nouns}\s+of\s+(?:the\s+)?{_NAME}{_IN_YEAR}")


_APPOSITIVE = _appositive(_ORIGIN_VERBS)
_NOUN = _event_of_name(_ORIGIN_NOUNS)
_YEAR_FIRST = re.compile(
    rf"\b(?:In|in)\s+(?:the\s+year\s+)?{_ORIGIN_YEAR}\s*,?\s+(?:the\s+)?{_NAME}\s+(?:is|was|were)\s+"
    rf"(?:first\s+|originally\s+)?{_ORIGIN_VERBS}\b"
)
_PATTERNS = (_PASSIVE, _APPOSITIVE, _NOUN, _YEAR_FIRST)
# A work comes out once: "X was first published in 1961", "X, first released in 1994",
# "X, written with two friends, came out in 1961", "the premiere of X in 1913". Kept apart
# from the beginnings above: a paper founded in 1784 may first be published in 1785.
_RELEASE_VERBS = r"(?:published|released|issued|premiered|debuted)"
_RELEASE_NOUNS = r"(?:publication|release|premiere|debut)"
_ASIDE = r"(?:\s*,[^,;()]{1,80},)?"  # ", written with two friends,"
_RELEASE_PATTERNS = (
    _passive(_RELEASE_VERBS),
    _appositive(_RELEASE_VERBS),
    re.compile(
        rf"{_NAME}{_ASIDE}\s+(?:first\s+appeared|(?:first\s+)?(?:came\s+out|premiered|debuted))"
        rf"(?:\s+(?:in|at)\s+[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){{0,2}})?{_IN_YEAR}"
    ),
    _event_of_name(_RELEASE_NOUNS),
)
# A work is written once: "Hamlet was written in 1600", "Shakespeare wrote Hamlet around
# 1600". Kept apart from its coming out: a play may be written years before it is printed.
_WRITING_VERBS = r"(?:written|composed|painted)"
_WRITTEN_PATTERNS = (
    _passive(_WRITING_VERBS),
    re.compile(
        r"\b[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,3}\s+(?:wrote|composed|painted)\s+"
        r"(?P<name>[A-Z][\w'’-]*(?:\s+(?:of\s+|the\s+)?[A-Z][\w'’-]*){0,3})"
        rf"(?:\s+[\w,]+){{0,4}}?{_IN_YEAR}"
    ),
)
# A thing is finished once and opens once: "The Vell Bridge was completed in 1889", "the
# canal, opened in 1869", "It was finished in 1905" in the note of what "it" is. Kept apart
# from its beginning: building may start years before it is done, and open later still.
_COMPLETED_VERBS = r"(?:completed|finished)"
_OPENED_VERBS = r"(?:opened|inaugurated|dedicated)"
_DONE_ADVERBS = "first|finally|officially|originally"
#: "was not finished until the 1920s": done then, not before
_UNTIL = r"\s+until\s+(?:the\s+year\s+)?(?:of\s+)?" + _WHEN


def _not_until(verbs: str) -> re.Pattern[str]:
    """ "X was not completed until 1880", "X did not open until 1932"."""
    return re.compile(
        rf"{_NAME}\s*,?\s+(?:was|were|had|did)\s+not\s+(?:been\s+)?(?:officially\s+)?"
        rf"(?:{verbs}|open|finish|complete){_UNTIL}"
    )


_COMPLETED_PATTERNS = (
    _passive(_COMPLETED_VERBS, _DONE_ADVERBS),
    _appositive(_COMPLETED_VERBS),
    _not_until(_COMPLETED_VERBS),
)
# A thing is found once: "Hale-Bopp was discovered in 1995", "X was first spotted in 1987"
# (seen again later, but first seen once)
_FOUND_VERBS = (
    r"(?:discovered|(?<=first\s)(?:spotted|sighted|observed|seen|detected|identified|recorded))"
)
_FOUND_PATTERNS = (
    _passive(_FOUND_VERBS),
    _appositive(_FOUND_VERBS),
)
#: A name after a verb, not one opened by "The" (its article is read before it).
_OBJECT_NAME = _NAME.replace("(?P<name>", r"(?P<name>(?!The\b)")
_OPENED_PATTERNS = (
    _passive(_OPENED_VERBS, _DONE_ADVERBS),
    _appositive(_OPENED_VERBS),
    _not_until(_OPENED_VERBS),
    # "The Vell Bridge opened to traffic in 1932", "The line began service between Tokyo and
    # Osaka in 1964", "Euro coins entered circulation on 1 January 2002"
    re.compile(
        rf"{_NAME}{_ASIDE}\s+(?:first\s+|finally\s+|officially\s+)?"
        r"(?:opened(?!\s+(?:the\s+)?[A-Z])|first\s+carried\s+(?:traffic|passengers|trains|cars)"
        r"|(?:began|entered|went\s+into)\s+(?:passenger\s+|regular\s+)?service"
        r"|(?:entered|went\s+into)\s+(?:everyday\s+|general\s+|public\s+)?circulation)"
        rf"(?:\s+\w+){{0,4}}?{_IN_YEAR}"
    ),
    # "The first Shinkansen line opened in 1964": the thing opened with its first part
    re.compile(
        rf"\b[Tt]he\s+first\s+{_NAME}\s+(?P<piece>line|section|stretch|segment|route|branch)"
        r"\s+(?:opened(?!\s+(?:the\s+)?[A-Z])|(?:began|entered|went\s+into)\s+service)"
        rf"(?:\s+\w+){{0,4}}?{_IN_YEAR}"
    ),
    # "President Roosevelt dedicated Hoover Dam in 1935": who opened it, then what
    re.compile(
        r"\b[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,3}\s+(?:officially\s+)?"
        rf"{_OPENED_VERBS}\s+(?:the\s+)?{_OBJECT_NAME}"
        rf"(?:\s+\w+){{0,4}}?{_IN_YEAR}"
    ),
)
# Said with the one who made it: "Hoare invented Quicksort in 1959", "He started Python over
# Christmas 1989", "Guido began writing it around 1994" (it: the note's thing). A start is
# compared only with a start: work on a cathedral may start a century before it is built.
_MAKE_VERBS = r"(?P<began>invented|created|devised|founded|established|coined|came\s+up\s+with)"
_START_VERBS = (
    r"(?P<started>(?:started|began)(?:\s+(?:writing|building|developing|work\s+on|working\s+on))?)"
)
_ACTIVE = re.compile(
    r"\b(?!(?:not|never|nobody|no)\b)(?P<agent>[\w'’.-]+(?:\s+[A-Z][\w'’.-]*){0,3})"
    + _ASIDE
    + rf"\s+(?:first\s+|originally\s+)?(?:{_MAKE_VERBS}|{_START_VERBS}|(?P<out>published|released))"
    r"\s+(?:the\s+)?(?:(?P<obj>[A-Z][\w'’-]*(?:\s+(?:of\s+|the\s+)?[A-Z][\w'’-]*){0,3})|(?P<it>it))\b"
    rf"(?:\s+[\w,]+){{0,5}}?{_IN_YEAR}"
)
# "It dates from the late 1960s", "Quillon dates back to 1640"
_DATES_FROM = re.compile(
    rf"(?:^(?P<it>It|They)|{_NAME})\s+dates?\s+(?:back\s+)?(?:from|to)\s+{_WHEN}"
)
# A note's line that opens with how its thing began: "Invented by Tony Hoare in 1959, while
# ..." in *Quick Sort* (not "Built in 1890, the old bridge ...": that one has a subject)
_OPENING = re.compile(
    r"^(?:First\s+|Originally\s+)?(?:(?P<began>Invented|Created|Devised|Founded|Established|Coined)"
    r"|(?P<out>Published|Released))(?:\s+[\w'’.-]+){0,4}?"
    + _IN_YEAR
    + r"(?=\s*(?:$|[.;]|,\s+(?:while|when|as|at|in|by|after|during|though|although)\b"
    r"|\s+(?:and|by)\b))"
)
# "Fought in 490 BC between ...", "It was signed in 1814" in the note of a battle or a treaty
_EVENT_OPENING = re.compile(
    r"^(?:(?:It|This)\s+was\s+)?(?:[Ff]ought|[Ss]igned|[Hh]eld|[Tt]ook\s+place)"
    r"(?:\s+[\w'’.-]+){0,3}?" + _IN_YEAR
)
# A life ends once: "X died in 1954", "X died in Paris in 1871", "the death of X in 1954".
_DEATH_PATTERNS = (
    re.compile(rf"{_NAME}{_ASIDE}\s+died(?:\s+\w+){{0,3}}?{_IN_YEAR}"),
    _event_of_name(r"(?:death)"),
)
# A named event happens once: "The Battle of Hastings was fought in 1066", "the Treaty of
# Kiel, signed in 1814", "World War I broke out in 1914". Only names holding a word for an
# event count; an event of a day (a battle) happens in one year, one of years (a war) only
# begins and ends once.
_DAY_EVENTS = frozenset(
    """battle siege treaty earthquake fire massacre coup election eruption flood landing
    landings assassination riot riots raid invasion armistice accord accords conference
    congress council summit coronation explosion disaster storm hurricane bombing attack
    mutiny uprising""".split()
)
_LONG_EVENTS = frozenset(
    "war wars revolution rebellion crusade crisis occupation blockade famine plague".split()
)
_HAPPENED = r"(?:was\s+fought|took\s+place|happened|occurred|was\s+signed|struck|was\s+held)"
_EVENT_PATTERNS = (
    (re.compile(rf"{_NAME}{_ASIDE}\s+{_HAPPENED}(?:\s+\w+){{0,3}}?{_IN_YEAR}"), "happened"),
    (_appositive(r"(?:fought|signed|held)"), "happened"),
    (
        re.compile(rf"{_NAME}{_ASIDE}\s+(?:began|broke\s+out|started)(?:\s+\w+){{0,3}}?{_IN_YEAR}"),
        "began",
    ),
    (
        re.compile(
            rf"{_NAME}{_ASIDE}\s+(?:ended|came\s+to\s+an\s+end|was\s+over)(?:\s+\w+){{0,3}}?"
            rf"{_IN_YEAR}"
        ),
        "came to an end",
    ),
)


# "The Hundred Years' War lasted from 1337 to 1453", "It ran from 1618 to 1648" in the note of a
# war: an event of years begins once and ends once.
_SPAN = re.compile(
    rf"(?:^(?P<it>It|They)|{_NAME})\s+(?:lasted|ran|raged|went\s+on|continued)"
    r"(?:\s+[\w,]+){0,4}?\s+from\s+(?:the\s+year\s+)?(?P<year>\d{3,4})\s*(?:to|until|till|through|–|-)"
    r"\s*(?P<end>\d{3,4})\b"
)


def event_kind(name: str) -> str:
    """ "day" for a name that holds a word for an event of a day ("Battle of Hastings"),
    "long" for one of years ("Hundred Years' War"), "" for no event."""
    words = {w.casefold() for w in re.findall(r"[\w]+", name)}
    if words & _DAY_EVENTS:
        return "day"
    return "long" if words & _LONG_EVENTS else ""


# "Ada Lovelace (1815–1852)": a span after a name, whose end is compared with a death.
_LIFESPAN = re.compile(
    rf"{_NAME}\s*\((?:born\s+|b\.\s*)?(?P<year>\d{{3,4}})\s*[–-]\s*(?P<end>\d{{3,4}})\)"
)
# "He was born in 1912", "It was founded in 1640", "She died in 1954" in the note of who or
# what the pronoun stands for (`origins_in`'s `title`).
_PRONOUN_ORIGIN = re.compile(
    rf"^(?:He|She|It|They)\s+(?:(?:was|were)\s+(?:first\s+|originally\s+|officially\s+)?"
    rf"(?P<begin>{_ORIGIN_VERBS})|(?:was|were)\s+(?:first\s+)?{_RELEASE_VERBS}"
    rf"|(?:first\s+)?came\s+out|(?P<died>died)"
    rf"|(?:was|were)\s+(?:finally\s+|officially\s+)?(?P<done>{_COMPLETED_VERBS})"
    rf"|(?:(?:was|were)\s+)?(?:first\s+|finally\s+|officially\s+)?(?P<opened>{_OPENED_VERBS}))"
    rf"(?:\s+\w+){{0,3}}?{_IN_YEAR}"
)
#: Words that start a capitalised run without naming anything.
_NOT_NAMES = frozenset(
    "The A An This That These Those It It's Its They Their He She His Her We Our You Your I In "
    "On At By When Since Until After Before During Once Then There Here Each Every All Some".split()
)


@dataclass(frozen=True)
class Origin:
    """One claim that `name` began, or came out, in `year` (`era`: the era written after it,
    or "")."""

    name: str  # the name as written
    key: tuple[str, ...]  # its stems, for comparing names
    year: int
    era: str
    text: str  # the date as written: "1640 BCE", "June 1954"
    #: or "came out" (a work's first publication or release), "started" (work on it began),
    #: "died", or "ended" (the end of a span written after a name, "Ada Lovelace
    #: (1815–1852)": compared with "died")
    event: str = "began"
    last: int | None = None  # the last year a decade or part of one takes in ("the 1960s")
    approximate: bool = False  # "around 1994", "circa 1500"

    def years(self) -> tuple[int, int]:
        """The years the date may mean: a decade's, or a year's give or take
        `APPROXIMATE_YEARS` where it is said to be about that year."""
        if self.last is not None:
            return self.year, self.last
        slack = APPROXIMATE_YEARS if self.approximate else 0
        return self.year - slack, self.year + slack


_APPROXIMATE_PREPS = frozenset({"around", "circa", "c.", "about", "approximately"})
#: The years of a decade that its "early", "mid" or "late" part takes in (generously).
_DECADE_PARTS = {None: (0, 9), "early": (0, 4), "mid": (3, 7), "late": (5, 9)}


@claim_cache(1 << 14)
def origins_in(text: str, title: str = "") -> tuple[Origin, ...]:
    """Every (name, year) beginning, coming out or death that claim `text` states; `title`:
    its note's title, what a claim opening with "He", "She", "It" or "They" speaks of."""
    out: list[Origin] = []
    seen: set[tuple[tuple[str, ...], int, str]] = set()
    # the patterns below that read a name before its verb also read a line's left-out subject
    said_of = with_title_subject(text, title)

    def add(name: str, m: re.Match[str] | None, event: str, year: str | None = None) -> None:
        name = _trim(name)
        key = _name_stems(name)
        if m is not None and m.groupdict().get("name") is not None:
            # "The current London Bridge, opened in 1973" / "The previous London Bridge,
            # opened in 1831": two of one name, each its own
            before = _QUALIFIER.search(m.string[: m.start("name")])
            if before is not None and m.groupdict().get("piece") is None:
                key = (before.group(1).casefold(), *key)
        found = m.groupdict() if m is not None else {}
        last: int | None = None
        if year is None and found.get("decade"):
            low, high = _DECADE_PARTS[found.get("part")]
            decade = int(found["decade"])
            year, last = str(decade + low), decade + high
        year = year or found.get("year")
        if not key or not year or (key, int(year), event) in seen:
            return
        seen.add((key, int(year), event))
        era_written = found.get("era")
        era = (era_written or "").replace(".", "").upper()
        shown = found.get("when") or year + (f" {era_written}" if era_written else "")
        approximate = (found.get("prep") or "").lower() in _APPROXIMATE_PREPS
        if approximate:
            shown = f"{found['prep']} {shown}"  # "around 1994"
        out.append(
            Origin(
                name=name, key=key, year=int(year), era=era, text=shown, event=event,
                last=last, approximate=approximate,
            )
        )  # fmt: skip

    patterns = (
        [(p, "began") for p in _PATTERNS]
        + [(p, "came out") for p in _RELEASE_PATTERNS]
        + [(p, "died") for p in _DEATH_PATTERNS]
        + [(p, "was written") for p in _WRITTEN_PATTERNS]
        + [(p, "was completed") for p in _COMPLETED_PATTERNS]
        + [(p, "opened") for p in _OPENED_PATTERNS]
        + [(p, "was discovered") for p in _FOUND_PATTERNS]
    )
    for pattern, event in patterns:
        for m in pattern.finditer(said_of):
            if event == "died" and _plural_noun(m["name"]):
                continue  # "Patients died in 2005": who died is no one thing
            add(m["name"], m, event)
    for pattern, event in _EVENT_PATTERNS:
        for m in pattern.finditer(text):
            kind = event_kind(m["name"])
            if kind == "day" or (kind == "long" and event != "happened"):
                add(m["name"], m, event)
    for m in _SPAN.finditer(text):
        spanned = title if m["it"] else m["name"]
        if spanned and event_kind(spanned) == "long" and int(m["year"]) < int(m["end"]):
            add(spanned, m, "began", m["year"])
            add(spanned, m, "came to an end", m["end"])
    for m in _LIFESPAN.finditer(text):
        # a span after a name is a life only beside a death said outright: a study's or a
        # survey's "(1986–2008)" is its period, which two papers may give differently
        if int(m.group("year")) < int(m.group("end")):
            add(m.group("name"), None, "ended", m.group("end"))
    titled = title[:1].isupper()
    for m in _ACTIVE.finditer(text):
        event = "began" if m["began"] else "started" if m["started"] else "came out"
        if m["obj"]:
            add(m["obj"], m, event)
        elif m["agent"].casefold() in _PERSONAL:
            # "Quicksort was his as well -- he came up with it": "he" is the note's person,
            # "it" the name said before
            named = _named_before(text, m.start())
            if named:
                add(named, m, event)
        elif titled:
            add(title, m, event)  # "Guido began writing it around 1994" in *Python*
    for m in _DATES_FROM.finditer(text):
        if m["name"]:
            add(m["name"], m, "began")
        elif titled:
            add(title, m, "began")
    happened = _EVENT_OPENING.match(text)
    if happened is not None and titled and event_kind(title) == "day":
        add(title, happened, "happened")
    opening = _OPENING.match(text)
    if opening is not None and titled:
        add(title, opening, "began" if opening["began"] else "came out")
    said = _PRONOUN_ORIGIN.match(text)
    if said is not None and titled:
        if said["done"] or said["opened"]:
            event = "was completed" if said["done"] else "opened"
        else:
            event = "began" if said["begin"] else "died" if said["died"] else "came out"
        add(title, said, event)
    return tuple(out)


def with_title_subject(text: str, title: str) -> str:
    """Claim `text` with its note's title written as the subject it leaves out ("Discovered
    in 1995, it passed ..." in *Hale-Bopp* reads "Hale-Bopp was discovered in 1995, ...");
    `text` where it has a subject of its own or `title` is no name."""
    if not title[:1].isupper() or not text[:1].isupper():
        return text
    return with_left_out_subject(text, title)


#: Pronouns for the one who makes a thing: never the thing "it" stands for.
_PERSONAL = frozenset({"he", "she", "they", "i", "we"})


#: A word before a name that picks one of several things of that name ("the current London
#: Bridge", "the original Globe").
_QUALIFIER = re.compile(
    r"\b(current|present|previous|former|old|new|original|earlier|later|second|third|modern"
    r"|medieval|rebuilt|replacement|reconstructed|first)\s+$",
    re.IGNORECASE,
)


def _named_before(text: str, end: int) -> str:
    """The last name written before character `end` of `text`: a run of capitalised words
    not opening the claim, or a first word that is no word of the language ("Quicksort was
    his as well"); "" for none."""
    found = ""
    for m in re.finditer(_NAME, text[:end]):
        name = _trim(m["name"])
        if not name:
            continue
        if m.start() == 0 and len(name.split()) == 1 and name.casefold() in known_words():
            continue  # "Later he came up with it": a word that opens the sentence
        found = name
    return found


def _name_stems(name: str) -> tuple[str, ...]:
    """The stems of a name's capitalised words, what names are compared by; an ordinal that
    opens it is its numeral ("Second World War" is "World War II")."""
    words = [w for w in re.findall(r"[\w'’-]+", name) if w[0].isupper()]
    if len(words) > 1 and words[0].lower() in _ORDINAL_NUMERALS:
        words = [*words[1:], _ORDINAL_NUMERALS[words[0].lower()]]
    return tuple(stem(w.lower()) for w in words)


_ORDINAL_NUMERALS = {
    "first": "I", "second": "II", "third": "III", "fourth": "IV", "fifth": "V",
    "sixth": "VI", "seventh": "VII", "eighth": "VIII", "ninth": "IX", "tenth": "X",
}  # fmt: skip


def _plural_noun(name: str) -> bool:
    """A one-word name that is a plural word of the language ("Patients", "Settlers"); not a
    word that only ends in "s" ("Congress", "Atlas", "Artemis")."""
    words = name.split()
    if len(words) != 1 or not words[0].endswith("s") or words[0].endswith(("ss", "us", "is")):
        return False
    return words[0].casefold() in known_words()


def _trim(name: str) -> str:
    """The name without leading or trailing function words ("The Guild" -> "Guild"); empty
    when nothing else is left."""
    words = name.split()
    while words and words[0] in _NOT_NAMES:
        words = words[1:]
    if not words:
        return ""
    owner = next((k for k, w in enumerate(words[:-2]) if w.endswith(("'s", "’s"))), None)
    if (
        owner is None
        and len(words) > 1
        and _place_owner(" ".join(words[:-1]))
        and words[-1].casefold() not in known_words()
    ):
        # "Japan's Shinkansen": the Shinkansen; not "Hadrian's Wall" (no place), nor "New
        # Zealand's Parliament" (a word of the language: the owner says which one)
        owner = len(words) - 2
    if owner is not None:
        words = words[owner + 1 :]  # "San Francisco's Golden Gate Bridge": the bridge
    while words and words[-1].lower() in {"of", "the"}:
        words = words[:-1]
    return " ".join(words)


#: Countries and places below them, as an owner before a name is written ("Japan's").
_PLACE_NAMES = frozenset(PLACE_COUNTRIES) | {c for cs in PLACE_COUNTRIES.values() for c in cs}


def _place_owner(words: str) -> bool:
    """`words` are a place in the possessive ("Japan's", "New Zealand's")."""
    m = re.fullmatch(r"(.+?)['’]s?", words)
    return m is not None and m.group(1) in _PLACE_NAMES


def conflicting_origins(
    a: str, b: str, a_title: str = "", b_title: str = ""
) -> tuple[Origin, Origin] | None:
    """Two different years of one origin (a beginning, a coming out, a death) for one name
    across claims `a` and `b` (the same era, or no era on either), or None; `a_title`,
    `b_title`: their notes' titles (`origins_in`)."""
    xs, ys = origins_in(a, a_title), origins_in(b, b_title)
    for x in xs:
        for y in ys:
            if _name_key(x) != _name_key(y) or _event(x) != _event(y) or _overlap(x, y):
                continue
            if x.event == y.event == "ended":
                continue  # two spans: two periods, perhaps of two studies
            if x.era and y.era and x.era != y.era:
                continue
            if bool(x.era) != bool(y.era) and min(x.year, y.year) < 100:
                continue
            agree = any(
                _name_key(x2) == _name_key(y2) and _overlap(x2, y2) and _event(x2) == _event(y2)
                for x2 in xs
                for y2 in ys
                if _name_key(x2) == _name_key(x) and _event(x2) == _event(x)
            )
            if not agree:
                # a span's end against a death is when the person died
                if "died" in (x.event, y.event):
                    x, y = replace(x, event="died"), replace(y, event="died")
                return x, y
    return None


#: Events that cannot come before another of the same thing: a beginning before its opening,
#: completion, coming out or death ("opened in 1576" against "built in 1599"), a work's
#: writing before its coming out ("published in 1590" against "written in 1600").
_COMES_AFTER = {
    "began": frozenset({"opened", "was completed", "came out", "died"}),
    "was written": frozenset({"came out"}),
}


def origins_out_of_order(
    a: str, b: str, a_title: str = "", b_title: str = ""
) -> tuple[Origin, Origin] | None:
    """(the later event, the earlier) where claims `a` and `b` date an event of one name
    before one it must follow (`_COMES_AFTER`: an opening, a completion, a coming out or a
    death before its beginning, a coming out before its writing), or None."""
    xs, ys = origins_in(a, a_title), origins_in(b, b_title)
    for one, other in ((xs, ys), (ys, xs)):
        for later in one:
            for earlier in other:
                if (
                    _event(later) in _COMES_AFTER.get(earlier.event, ())
                    and _name_key(later) in _keys_of_first(earlier)
                    and later.era == earlier.era
                    and later.years()[1] < earlier.years()[0]
                ):
                    return later, earlier
    return None


#: Words that pick the first thing of a name: whatever of that name came later began later.
_FIRST_OF_NAME = frozenset({"original", "first"})


def _keys_of_first(began: Origin) -> tuple[str, ...]:
    """The names an event dated before `began` contradicts: its own, and the bare name where
    the beginning is the first's ("The original Globe was built in 1599": no Globe opened
    in 1576)."""
    if len(began.key) > 1 and began.key[0] in _FIRST_OF_NAME:
        return (_name_key(began), "".join(began.key[1:]))
    return (_name_key(began),)


def _name_key(origin: Origin) -> str:
    """A name as compared: its stems run together ("Quick Sort" is "Quicksort")."""
    return "".join(origin.key)


def _overlap(x: Origin, y: Origin) -> bool:
    """The two dates may be one year ("1956" and "the late 1950s", "1993" and "around
    1994")."""
    (xa, xb), (ya, yb) = x.years(), y.years()
    return xa <= yb and ya <= xb


def _event(origin: Origin) -> str:
    """The event an origin dates, a span's end counted as a death."""
    return "died" if origin.event == "ended" else origin.event


# -- ages at death: A person dies at one age: "He died in June 1954, aged 41" in *Alan Turing*
#    against "Turing was 24 when he wrote that paper, and he died at just 47". ---

_DEATH_AGE = (
    r"died\b[^.;:]{0,40}?(?:,\s*|\s+)(?P<said>(?:aged\s+|at\s+(?:just\s+|only\s+)?(?:the\s+age\s+of\s+|age\s+)?)"
    r"(?P<age>\d{1,3}))\b(?!\s*(?:am|pm|a\.m|p\.m|o'clock|:|%|[.,]\d))"
)
_AGE_WHEN_DIED = (
    r"was\s+(?P<said2>(?:just\s+|only\s+)?(?P<age2>\d{1,3})\s+when\s+(?:he|she)\s+died)\b"
)
_NAMED_DEATH_AGE = re.compile(rf"{_NAME}{_ASIDE}\s+(?:{_DEATH_AGE}|{_AGE_WHEN_DIED})")
#: "He died ... aged 41" (the note's person); "Turing was 24 when ..., and he died at 47"
#: (the person the sentence opens with)
_PRONOUN_DEATH_AGE = re.compile(rf"^(?:He|She)\s+(?:{_DEATH_AGE}|{_AGE_WHEN_DIED})")
_LATER_DEATH_AGE = re.compile(rf"^{_NAME}\b[^.;]*?\b(?:he|she)\s+{_DEATH_AGE}")


@dataclass(frozen=True)
class DeathAge:
    """One claim that the person `name` died at `age`."""

    name: str
    key: tuple[str, ...]  # the name's stems
    age: int
    text: str  # the age as written: "aged 41"


@claim_cache(1 << 14)
def death_ages_in(text: str, title: str = "") -> tuple[DeathAge, ...]:
    """The ages at death that claim `text` (of the note titled `title`) gives, with whom."""
    if "died" not in text:
        return ()
    found: list[tuple[str, re.Match[str]]] = []
    said = _PRONOUN_DEATH_AGE.match(text)
    if said is not None and title[:1].isupper():
        found.append((title, said))
    found.extend((m["name"], m) for m in _NAMED_DEATH_AGE.finditer(text))
    found.extend((m["name"], m) for m in _LATER_DEATH_AGE.finditer(text))
    out: list[DeathAge] = []
    for name, m in found:
        name = _trim(name)
        key = _name_stems(name)
        age = m["age"] or m.groupdict().get("age2")
        if not key or not age or _plural_noun(name) or not 0 < int(age) < 130:
            continue
        shown = m["said"] or m.groupdict().get("said2") or age  # "aged 41", "at just 47"
        if all(d.key != key or d.age != int(age) for d in out):
            out.append(DeathAge(name=name, key=key, age=int(age), text=shown))
    return tuple(out)


def same_person(x: tuple[str, ...], y: tuple[str, ...]) -> bool:
    """Two names of one person: the same, or one a surname the other ends with ("Turing",
    "Alan Turing")."""
    if x == y:
        return True
    short, long = sorted((x, y), key=len)
    return len(short) == 1 and 2 <= len(long) <= 3 and long[-1] == short[0]


def conflicting_death_ages(
    a: str, b: str, a_title: str = "", b_title: str = ""
) -> tuple[DeathAge, DeathAge] | None:
    """Two different ages at death for one person across claims `a` and `b`, or None."""
    xs, ys = death_ages_in(a, a_title), death_ages_in(b, b_title)
    for x in xs:
        for y in ys:
            if same_person(x.key, y.key) and x.age != y.age:
                agree = any(
                    same_person(x2.key, y2.key) and x2.age == y2.age for x2 in xs for y2 in ys
                )
                if not agree:
                    return x, y
    return None


# -- makers: Who made a thing: a thing is invented, founded or discovered once, by whom it was:
#    "Invented by Tony Hoare in 1959" in *Quick Sort* against "John Mallory invented Quicksort".
#    Makers are people's names (capitalised words); "founded by the efreet" names no one. ---

_MAKE_KINDS = {
    "invented": "invented", "devised": "invented", "created": "invented", "coined": "invented",
    "designed": "designed", "founded": "founded", "discovered": "discovered",
    "painted": "painted", "composed": "composed", "sculpted": "sculpted",
    "written": "wrote", "wrote": "wrote", "first described": "discovered",
    "directed": "directed", "introduced": "introduced", "launched": "introduced",
    "named after": "named after", "named for": "named after",
    "takes its name from": "named after", "take their name from": "named after",
    "took its name from": "named after",
    "developed": "developed", "first built": "invented", "conceived": "invented",
    "pioneered": "invented", "proposed": "proposed", "formulated": "proposed",
    "postulated": "proposed", "worked out": "proposed", "found": "discovered",
    "made": "made", "built": "built", "came up with": "invented", "patented": "invented",
}  # fmt: skip
#: Kinds of making that all answer who first brought a thing about: "introduced by the
#: cartographer Mercator" and "devised by Ortelius" cannot both be the one origin.
_ORIGINATING = frozenset({"invented", "founded", "introduced", "developed"})
#: ... and those that answer who first found or stated an idea: "proposed by Carnot" and
#: "first described by Watt".
_FIRST_STATING = frozenset({"discovered", "proposed"})
#: ... and those that answer who wrote a text or a score ("composed by Benedict" / "Bernard
#: wrote it"; a composer "wrote" a symphony).
_AUTHORING = frozenset({"wrote", "composed"})
_MAKER_VERB_WORDS = (
    r"invented|devised|created|coined|designed|founded|discovered|painted|composed"
    r"|sculpted|written|wrote|first\s+described|directed|introduced|launched|conceived"
    r"|pioneered|first\s+built|proposed|formulated|postulated|worked\s+out|patented"
)
#: The verbs a maker is written before ("Tony Hoare invented ...")
_MAKER_VERBS = rf"(?P<verb>{_MAKER_VERB_WORDS})"
#: ... and those written before "by": "developed" too, which patients and skills do before
#: anything but a maker ("Patients developed ...")
_PASSIVE_MAKER_VERBS = rf"(?P<verb>{_MAKER_VERB_WORDS}|developed|found|built)"
#: ... and those written after a maker ("Ana Tarn came up with ...")
_ACTIVE_MAKER_VERBS = rf"(?P<verb>{_MAKER_VERB_WORDS}|came\s+up\s+with)"
#: What may stand between a maker verb and its "by": a place, a year, a manner ("designed in
#: Switzerland by", "founded in 1903 by", "created single-handedly by").
_BEFORE_BY = (
    r"(?:\s+(?:in|at)\s+(?:\d{3,4}|[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,2}))?"
    r"(?:\s+(?:[a-z]+ly|single-handedly))?"
)
#: Who a person is of a work ("the author of X") and what kind of making that is.
_MAKER_ROLES = {
    "author": "wrote", "writer": "wrote", "painter": "painted", "composer": "composed",
    "sculptor": "sculpted", "inventor": "invented", "discoverer": "discovered",
    "founder": "founded", "architect": "designed", "designer": "designed",
    "director": "directed",
}  # fmt: skip
#: A work and how it is made ("a painting by X", "X's best-known novel").
_WORK_KINDS = {
    **dict.fromkeys("painting paintings portrait fresco frescoes mural".split(), "painted"),
    **dict.fromkeys(
        "novel novels poem poems play plays book books essay dialogue treatise memoir epic "
        "short story".split(),
        "wrote",
    ),
    **dict.fromkeys("symphony symphonies opera operas concerto sonata".split(), "composed"),
    **dict.fromkeys("sculpture sculptures statue bronze bronzes".split(), "sculpted"),
    # a work of any kind: answers who made it, whatever the making
    **dict.fromkeys("work masterpiece".split(), "made"),
}
_ROLE = rf"(?P<role>{'|'.join(_MAKER_ROLES)})"
_WORK = rf"(?P<work>{'|'.join(sorted(_WORK_KINDS, key=len, reverse=True))})"
#: "a", "the", "his best-known", "an early": what may stand before a work or a role
_DESCRIBED = r"(?:(?:an?|the|his|her|their)\s+)?(?:[\w'’-]+\s+){0,3}?"
#: "Tony Hoare", "Ludwig van Beethoven", "Catherine of Aragon", "the Library of Congress" (after
#: "by the": an institution)
_PERSON = (
    r"[A-Z][\w'’.-]*(?:\s+(?:(?:van|von|de|der|da|di|du|le|la|of(?:\s+the)?)\s+)?[A-Z][\w'’.-]*)"
    r"{0,3}"
)
_WHO = rf"(?P<who>{_PERSON}(?:\s*(?:,|\band\b|&)\s*{_PERSON}){{0,3}})"
#: "by Tony Hoare", "by the Flemish cartographer Gerardus Mercator": a maker after "by",
#: perhaps named with what they were (a role word in lower case right before the name)
_BY_WHO = (
    rf"by\s+(?:(?:the|an?)\s+(?:[\w'’-]+\s+){{0,2}}?(?:(?!of\b)[a-z][\w'’-]*|\d+-year-old)\s+"
    r"|the\s+(?=[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*\s+of\s+(?:the\s+)?[A-Z]))?"
    rf"{_WHO}"
)
#: What a name may stand before and still name the thing made: "the Garden City idea"
_HEAD_WORDS = (
    r"idea|movement|process|method|technique|concept|system|principle|theory|law|cycle|model"
    r"|scale|algorithm|equation|effect|test|theorem|hypothesis|classification"
)
#: ... perhaps after a word of its own: "the Elo rating system"
_HEAD = rf"(?:(?:\s+[a-z][\w-]*)?\s+(?:{_HEAD_WORDS}))?"
_MADE_BY = (
    # "Quicksort was invented by Tony Hoare", "Quicksort, invented by Tony Hoare in 1959",
    # "The Republic is a dialogue written by Plato"
    re.compile(
        rf"{_NAME}{_HEAD}\s*(?:,|\s+(?:is|was|were|had\s+been|has\s+been)(?:\s+(?:an?|the)\s+"
        rf"(?:[\w'’-]+\s+){{0,2}}?[a-z][\w'’-]*)?)\s+(?:first\s+|originally\s+)?"
        rf"{_PASSIVE_MAKER_VERBS}{_BEFORE_BY}\s+{_BY_WHO}"
    ),
    # "The first Pendulum Clock was built by Christiaan Huygens"
    re.compile(
        rf"\b[Tt]he\s+first\s+(?:[a-z]+\s+)?{_NAME}{_HEAD}\s+(?:is|was|were)\s+built"
        rf"{_BEFORE_BY}\s+{_BY_WHO}"
    ),
    # "Tony Hoare invented Quicksort", "John Harrison built the first working Pendulum Clock"
    re.compile(
        rf"(?<![\w'’-]){_WHO}{_ASIDE}\s+(?:first\s+)?"
        rf"(?:{_ACTIVE_MAKER_VERBS}\s+(?:the\s+)?(?:first\s+(?:[a-z]+\s+)?)?"
        r"|(?P<built>built|produced|made)\s+the\s+first\s+(?:[a-z]+\s+)?)"
        r"(?P<name>[A-Z][\w'’-]*(?:\s+(?:of\s+|the\s+)?[A-Z][\w'’-]*){0,3})"
    ),
)
# "Lope de Vega is the author of Don Quixote"
_ROLE_OF = re.compile(
    rf"(?<![\w'’-]){_WHO}{_ASIDE}\s+(?:is|was)\s+(?:also\s+)?(?:the\s+|its\s+)?"
    rf"(?:sole\s+|original\s+)?{_ROLE}"
    rf"\s+of\s+(?:the\s+)?(?P<name>[A-Z][\w'’-]*(?:\s+(?:of\s+|the\s+)?[A-Z][\w'’-]*){{0,3}})"
)
# "Guernica is a painting by Picasso", "The Starry Night is Paul Gauguin's best-known painting"
_WORK_BY = (
    re.compile(rf"{_NAME}\s+(?:is|was)\s+{_DESCRIBED}{_WORK}\s+by\s+{_WHO}"),
    re.compile(rf"{_NAME}\s+(?:is|was)\s+(?P<who>{_PERSON})['’]s?\s+{_DESCRIBED}{_WORK}\b"),
)
# "Claudel's best-known work is The Thinker"
_WHOSE_WORK_IS = re.compile(
    rf"(?<![\w'’-])(?P<who>{_PERSON})['’]s?\s+{_DESCRIBED}{_WORK}\s+(?:is|was)\s+{_NAME}"
)
# "The first synthetic dye, found by William Henry Perkin in 1856" opening a line of the
# thing's note: a description, then who made it
_DESCRIBED_MADE_BY = re.compile(
    rf"^(?:An?|The)\s+[^,;()]{{1,60}}?,\s+(?:first\s+)?{_PASSIVE_MAKER_VERBS}{_BEFORE_BY}"
    rf"\s+{_BY_WHO}"
)
_PRONOUN_WORK_BY = re.compile(
    rf"^(?:(?:It|This)\s+(?:is|was)\s+{_DESCRIBED}|(?:An?|The)\s+(?:[\w'’-]+\s+){{0,3}}?)"
    rf"{_WORK}\s+by\s+{_WHO}"
)
# "Invented by Tony Hoare in 1959" opening a line of the thing's note; "He invented it" or "It
# was invented by Tony Hoare" there
_MADE_BY_OPENING = re.compile(
    r"^(?:First\s+|Originally\s+)?(?P<verb>(?i:invented|devised|created|coined|founded|discovered"
    rf"|painted|composed|sculpted|written|designed|developed|introduced|found|built)){_BEFORE_BY}"
    rf"\s+by\s+{_WHO}"
)
# "The telephone was invented by ...": a thing named by a common noun, which is one thing only
# where it is the title of one of the two notes compared (`conflicting_makers`)
_COMMON_MADE_BY = re.compile(
    r"^(?:The|the)\s+(?:(?P<first>first)\s+)?(?P<name>[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*){0,2}?)"
    rf"{_HEAD}\s+(?:is|was|were)\s+(?:first\s+|originally\s+)?"
    rf"(?:{_PASSIVE_MAKER_VERBS}|(?P<built>built)){_BEFORE_BY}\s+{_BY_WHO}"
)
_PRONOUN_MADE_BY = re.compile(
    rf"^(?:It|They)\s+(?:was|were)\s+(?:first\s+|originally\s+)?{_PASSIVE_MAKER_VERBS}"
    rf"{_BEFORE_BY}\s+{_BY_WHO}"
)
# "Zeppelins are named after Count Ferdinand von Zeppelin", "It takes its name from its French
# designer, Henri Giffard": whom a thing is named after (what stands between: its description)
_NAMED_VERB = (
    r"(?P<verb>[Nn]amed\s+(?:after|for)|[Tt]akes\s+its\s+name\s+from"
    r"|[Tt]ake\s+their\s+name\s+from|[Tt]ook\s+its\s+name\s+from)"
    r"\s+(?:(?:its|the|their)\s+[^,;.]{1,40},\s+)?"
)
_NAMED_AFTER = re.compile(
    rf"{_NAME}\s+(?:(?:is|are|was|were)\s+(?:probably\s+|reportedly\s+)?)?{_NAMED_VERB}{_WHO}"
)
_PRONOUN_NAMED_AFTER = re.compile(
    rf"^(?:(?:It|They)\s+(?:(?:is|are|was|were)\s+)?)?{_NAMED_VERB}{_WHO}"
)
# "William Herschel discovered it in 1781" in the note of what "it" is
_MAKER_OF_IT = re.compile(rf"^{_WHO}{_ASIDE}\s+(?:first\s+)?{_ACTIVE_MAKER_VERBS}\s+(?:it|them)\b")
# "He invented the Vell Engine", "An engineer from Ghent, she designed the Vell Engine",
# "Besides his pumps, he built the first working Vell Engine" in a person's note
# "The Augsburg craftsman who invented the piano" opening a person's note: the thing by a
# common noun, which is one thing only where it is the title of a note compared
_DESCRIBED_MAKER_OF_COMMON = re.compile(
    r"^(?:An?|The)\s+[^,;()]{1,60}?\s+who\s+(?:first\s+)?"
    rf"{_ACTIVE_MAKER_VERBS}\s+the\s+(?P<name>[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*){{0,2}}?)"
    r"(?=\s*(?:[,;.]|$))"
)
_PRONOUN_MAKER = re.compile(
    r"^(?:[A-Z][^,;()]{1,60},\s+)?(?:He|She|They|he|she|they)\s+(?:first\s+)?"
    rf"(?:{_ACTIVE_MAKER_VERBS}\s+(?:the\s+)?"
    r"|(?P<built>built|produced|made)\s+the\s+first\s+(?:[a-z]+\s+)?)"
    r"(?P<name>[A-Z][\w'’-]*(?:\s+(?:of\s+|the\s+)?[A-Z][\w'’-]*){0,3}|it\b)"
)
#: What a thing is called as someone's making ("the brainchild of X") and the making.
_NOUN_MAKING = {
    "work": "made", "brainchild": "created", "invention": "created", "creation": "created",
    "design": "designed",
}  # fmt: skip
_MAKING_NOUN = rf"(?P<noun>{'|'.join(_NOUN_MAKING)})"
#: How someone is said to have made a thing ("credited with inventing").
_GERUND_MAKING = {
    "inventing": "invented", "devising": "devised", "creating": "created",
    "designing": "designed", "discovering": "discovered", "founding": "founded",
    "writing": "wrote", "painting": "painted", "composing": "composed",
    "developing": "developed", "introducing": "introduced", "coining": "coined",
    "building": "built",
}  # fmt: skip
_GERUND = rf"(?P<gerund>{'|'.join(_GERUND_MAKING)})"
# "The Vell Engine is the brainchild of Ana Tarn", "The Vell Engine was the work of Ana Tarn"
_NOUN_OF_MAKER = re.compile(
    rf"{_NAME}\s+(?:is|was)\s+(?:(?:the|an?)\s+)?(?:[a-z][\w'’-]*\s+)?{_MAKING_NOUN}\s+of"
    rf"\s+{_WHO}"
)
# "The Vell Engine is credited to Ana Tarn", "The Vell Engine is attributed to Ana Tarn"
_CREDITED = re.compile(
    rf"{_NAME}\s+(?:is|was|are|were)\s+(?:usually\s+|traditionally\s+|generally\s+)?"
    rf"(?:credited|attributed)\s+to\s+{_WHO}"
)
# "Ana Tarn is credited with inventing the Vell Engine"
_CREDITED_WITH = re.compile(
    rf"(?<![\w'’-]){_WHO}\s+(?:is|was)\s+(?:usually\s+|generally\s+)?credited\s+with\s+"
    rf"{_GERUND}\s+(?:the\s+)?(?P<name>[A-Z][\w'’-]*(?:\s+(?:of\s+|the\s+)?[A-Z][\w'’-]*){{0,3}})"
)
# "The Vell Engine, which Ana Tarn invented, ..."
_WHICH_MAKER = re.compile(
    rf"{_NAME},?\s+which\s+{_WHO}\s+(?:first\s+)?{_ACTIVE_MAKER_VERBS}(?=\s*(?:[,.;:)]|$|\s+in\b))"
)
# "It was Ana Tarn who invented the Vell Engine"
_CLEFT_MAKER = re.compile(
    rf"\b(?:It|it)\s+was\s+{_WHO}\s+who\s+(?:first\s+)?{_ACTIVE_MAKER_VERBS}\s+(?:the\s+)?"
    r"(?P<name>[A-Z][\w'’-]*(?:\s+(?:of\s+|the\s+)?[A-Z][\w'’-]*){0,3})"
)
# opening a line of the thing's note: "The brainchild of Ana Tarn", "Credited to Ana Tarn",
# "It is attributed to Ana Tarn", "Its inventor was Ana Tarn", "Its designer, Ana Tarn, ..."
_NOUN_OF_MAKER_OPENING = re.compile(
    rf"^(?:(?:It|This)\s+(?:is|was)\s+)?(?:The|the|An?|an?)\s+(?:[a-z][\w'’-]*\s+)?"
    rf"{_MAKING_NOUN}\s+of\s+{_WHO}"
)
_CREDITED_OPENING = re.compile(
    r"^(?:(?:It|They)\s+(?:is|was|are|were)\s+)?(?:usually\s+|traditionally\s+)?"
    rf"(?:[Cc]redited|[Aa]ttributed)\s+to\s+{_WHO}"
)
_ITS_ROLE = re.compile(rf"^(?:Its|Their)\s+(?:original\s+)?{_ROLE}(?:\s+(?:is|was)|\s*,)\s+{_WHO}")


@dataclass(frozen=True)
class Making:
    """One claim that `who` (one or more people) `verb` (invented, founded or discovered)
    the thing `name`."""

    name: str
    key: str  # the thing's stems run together ("Quick Sort" is "Quicksort")
    verb: str  # "invented" (or devised, created, coined), "founded", "discovered"
    who: tuple[str, ...]  # each maker as written
    surnames: frozenset[str]  # the stem of each maker's last name
    common: bool = False  # the thing is named by a common noun ("the telephone")

    @property
    def family(self) -> str:
        """What two makings must share to answer one question: every way of first bringing
        a thing about is one ("invented", "founded", "introduced", "developed")."""
        if self.verb in _ORIGINATING:
            return "originated"
        if self.verb in _AUTHORING:
            return "wrote"
        return "first stated" if self.verb in _FIRST_STATING else self.verb


#: "Hooke was the first to see bacteria", "He was the first person ever to observe them": one
#: holder of a first, the act and what it was done to.
_FIRST_TO = re.compile(
    rf"(?:^|[,;]\s+)(?P<who>{_PERSON})\s+(?:was|were|became)\s+(?:also\s+)?the\s+first\s+"
    r"(?:[\w-]+\s+){0,3}?(?:ever\s+)?to\s+(?P<act>[a-z]+)\s+(?:the\s+|a\s+|an\s+)?"
    r"(?P<obj>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)(?=\s*(?:[,.;:()]|$|\s+(?:in|on|at|with|by"
    r"|from|before|after|while|when|which|that|and|years?)\b))"
)
#: Acts said in other words that are one act ("see" / "observe").
_FIRST_ACTS = {
    **dict.fromkeys("see observe spot sight view".split(), "see"),
    **dict.fromkeys("climb ascend summit scale".split(), "climb"),
    **dict.fromkeys("cross traverse".split(), "cross"),
    **dict.fromkeys("reach attain".split(), "reach"),
    **dict.fromkeys("isolate purify".split(), "isolate"),
}
_PRONOUN_HOLDERS = frozenset({"he", "she", "they", "it"})


@dataclass(frozen=True)
class First:
    """One claim that `who` was the first to `act` the thing `what` (stems); `done`: the act
    and its thing as written ("observe bacteria")."""

    who: str
    surname: str
    act: str
    what: tuple[str, ...]
    done: str


@claim_cache(1 << 14)
def firsts_in(text: str, title: str = "") -> tuple[First, ...]:
    """Who claim `text` (of the note titled `title`: "He" there is its person) says was the
    first to do what."""
    if "first" not in text:
        return ()
    out: list[First] = []
    for m in _FIRST_TO.finditer(text):
        who = m["who"].strip()
        if who.casefold() in _PRONOUN_HOLDERS:
            if not title[:1].isupper():
                continue
            who = title
        elif who.split()[0] in ("The", "A", "An", "This", "It", "Its"):
            continue
        act = stem(m["act"])
        act = _FIRST_ACTS.get(act, _FIRST_ACTS.get(m["act"], act))
        what = tuple(stem(w) for w in m["obj"].split() if w not in ("of", "the"))
        if what:
            surname = _surname(who)
            out.append(First(who, surname, act, what, text[m.start("act") : m.end("obj")]))
    return tuple(out)


def conflicting_firsts(
    a: str, b: str, a_title: str = "", b_title: str = ""
) -> tuple[First, First] | None:
    """Two people each said to be the first to do one act to one thing ("He was the first to
    observe bacteria" in *Anton Vell* / "Hooke was the first ever to see bacteria"), neither
    claim naming the other's person."""
    for x in firsts_in(a, a_title):
        for y in firsts_in(b, b_title):
            if x.act != y.act or x.what[0] != y.what[0] or x.surname == y.surname:
                continue
            if _mentions(a, frozenset({y.surname})) or _mentions(b, frozenset({x.surname})):
                continue
            return x, y
    return None


@claim_cache(1 << 14)
def makings_in(text: str, title: str = "") -> tuple[Making, ...]:
    """Who made what, as claim `text` (of the note titled `title`) says it."""
    if not _MAKING_WORD.search(text):
        return ()
    found: list[tuple[str, str, str]] = []  # (thing, verb, who)
    for pattern in (*_MADE_BY, _NAMED_AFTER):
        found.extend((m["name"], _verb_of(m), m["who"]) for m in pattern.finditer(text))
    found.extend(
        (m["name"], _MAKER_ROLES[m["role"].lower()], m["who"]) for m in _ROLE_OF.finditer(text)
    )
    for pattern in (*_WORK_BY, _WHOSE_WORK_IS):
        found.extend(
            (m["name"], _WORK_KINDS[m["work"].lower()], m["who"]) for m in pattern.finditer(text)
        )
    found.extend(
        (m["name"], _NOUN_MAKING[m["noun"].lower()], m["who"])
        for m in _NOUN_OF_MAKER.finditer(text)
    )
    found.extend((m["name"], "made", m["who"]) for m in _CREDITED.finditer(text))
    found.extend(
        (m["name"], _GERUND_MAKING[m["gerund"].lower()], m["who"])
        for m in _CREDITED_WITH.finditer(text)
    )
    found.extend((m["name"], m["verb"], m["who"]) for m in _CLEFT_MAKER.finditer(text))
    found.extend((m["name"], m["verb"], m["who"]) for m in _WHICH_MAKER.finditer(text))
    common = _COMMON_MADE_BY.match(text)
    commons: set[str] = set()
    if common is not None and (common["verb"] or common["first"]):
        commons.add(common["name"])
    titled = title[:1].isupper()
    described = _DESCRIBED_MAKER_OF_COMMON.match(text) if titled else None
    if described is not None:
        # "The Augsburg craftsman who invented the piano" in that craftsman's note
        found.append((described["name"], described["verb"], title))
        commons.add(described["name"])
    if titled:
        for pattern in (_MADE_BY_OPENING, _PRONOUN_MADE_BY, _DESCRIBED_MADE_BY):
            m = pattern.match(text)
            if m is not None:
                found.append((title, m["verb"], m["who"]))
        m = _PRONOUN_MAKER.match(text)
        if m is not None and m["name"] != "it" and _name_stems(m["name"]) != _name_stems(title):
            found.append((m["name"], _verb_of(m), title))
        m = _PRONOUN_WORK_BY.match(text)
        if m is not None:
            found.append((title, _WORK_KINDS[m["work"].lower()], m["who"]))
        m = _MAKER_OF_IT.match(text)
        if m is not None:
            found.append((title, m["verb"], m["who"]))
        m = _PRONOUN_NAMED_AFTER.match(text)
        if m is not None:
            found.append((title, m["verb"], m["who"]))
        m = _NOUN_OF_MAKER_OPENING.match(text)
        if m is not None:
            found.append((title, _NOUN_MAKING[m["noun"].lower()], m["who"]))
        m = _CREDITED_OPENING.match(text)
        if m is not None:
            found.append((title, "made", m["who"]))
        m = _ITS_ROLE.match(text)
        if m is not None:
            found.append((title, _MAKER_ROLES[m["role"].lower()], m["who"]))
    out: list[Making] = []
    if common is not None and (common["verb"] or common["first"]):
        found.append((common["name"], _verb_of(common), common["who"]))
    for thing, verb, who in found:
        is_common = thing in commons
        thing = thing if is_common else _trim(thing)
        key = _common_key(thing) if is_common else "".join(_name_stems(thing))
        split = re.split(r"\s*(?:,|\band\b|&)\s*", who)
        people = tuple(p.strip().rstrip(".") for p in split if p.strip())
        people = tuple(p for p in people if _trim(p) and not _plural_noun(p))
        if not key or not people:
            continue
        surnames = frozenset(_surname(p) for p in people)
        kind = _MAKE_KINDS[" ".join(verb.lower().split())]
        out.append(
            Making(name=thing, key=key, verb=kind, who=people, surnames=surnames,
                   common=is_common)
        )  # fmt: skip
    return tuple(out)


def _surname(person: str) -> str:
    """The stem a person is known by: the last word of the name before any "of" ("Hoare" of
    "Tony Hoare", "Catherine" of "Catherine of Aragon", "Library" of "Library of Congress")."""
    return stem(re.split(r"\s+of\s+", person)[0].split()[-1].lower())


def _verb_of(m: re.Match[str]) -> str:
    """The maker verb a match holds; "built" only of a first one ("built the first ...")."""
    verb = m.groupdict().get("verb")
    return verb if verb else "first built"


def _common_key(words: str) -> str:
    """A thing named by common nouns ("telephone", a title "Telephone"), as names' keys are."""
    return "".join(stem(w) for w in re.findall(r"[^\W_]+", words.casefold()))


#: Any word a claim naming a maker writes: a maker verb, "by", a possessive or a role.
_MAKING_WORDS = (
    rf"{_MAKER_VERB_WORDS}|described|named|built|produced|made|\bby\b|['’]s\b"
    rf"|{'|'.join(_MAKER_ROLES)}|{'|'.join(_NOUN_MAKING)}|credited|attributed|came\s+up"
)
_MAKING_WORD = re.compile(rf"(?i:{_MAKING_WORDS})")


def conflicting_makers(
    a: str, b: str, a_title: str = "", b_title: str = ""
) -> tuple[Making, Making] | None:
    """One thing made by two different people across claims `a` and `b` (no maker shared,
    and neither claim naming the other's maker anywhere), or None."""
    xs = tuple(_of_titled_kind(m, a_title, b) for m in makings_in(a, a_title))
    ys = tuple(_of_titled_kind(m, b_title, a) for m in makings_in(b, b_title))
    for x in xs:
        for y in ys:
            if not _one_thing(x, y) or x.surnames & y.surnames:
                continue
            if x.family != y.family and "made" not in (x.verb, y.verb):
                continue  # "a work of" answers who made it, however it was made
            if (x.common or y.common) and x.key not in {_common_key(a_title), _common_key(b_title)}:
                continue  # "the engine": one thing only where it is a note's title
            # "invented by A, building on B's work": both named on one side (not counting the
            # thing's own name: "Reyl Sort" may be named after its maker)
            names = (x.name, y.name)
            if _mentions(_without(a, names), y.surnames) or _mentions(
                _without(b, names), x.surnames
            ):
                continue
            return x, y
    return None


def _of_titled_kind(making: Making, title: str, other: str) -> Making:
    """`making` of a common noun ("The layout was devised by ...") in the note titled `title`
    ("QWERTY") as the note's thing, where the other claim writes the title before that noun
    ("the QWERTY layout"): the note's thing of that kind; else `making` unchanged."""
    if not making.common or not title[:1].isupper():
        return making
    named = re.search(
        rf"\b{re.escape(title)}\s+{re.escape(making.name)}\b", other, flags=re.IGNORECASE
    )
    if named is None:
        return making
    return replace(making, name=title, key="".join(_name_stems(_trim(title))), common=False)


def _one_thing(x: Making, y: Making) -> bool:
    """Makings `x` and `y` name one thing: one key, or one name and the same name with a
    kind after it ("Elo" / "Elo Rating System", "Carnot" / "Carnot Cycle")."""
    if x.key == y.key:
        return True
    if x.common or y.common:
        return False
    short, long_ = sorted((x.name.split(), y.name.split()), key=len)
    rest = long_[len(short) :]
    return (
        [w.casefold() for w in long_[: len(short)]] == [w.casefold() for w in short]
        and 1 <= len(rest) <= 2
        and re.fullmatch(_HEAD_WORDS, rest[-1].casefold()) is not None
    )


def _without(text: str, names: tuple[str, ...]) -> str:
    for name in names:
        text = text.replace(name, " ")
    return text


def _mentions(text: str, surnames: frozenset[str]) -> bool:
    return any(stem(w.lower()) in surnames for w in re.findall(r"[^\W_]+", text))


_MAY_DATE_EVENT = re.compile(rf"\d\d\d|died|first|(?i:{_MAKING_WORDS})")


@claim_cache(1 << 16)
def may_date_event(text: str) -> bool:
    """Claim `text` may date a one-time event or name a maker (a cheap filter)."""
    return _MAY_DATE_EVENT.search(text) is not None


def event_keys(text: str, title: str = "") -> frozenset[str]:
    """What one-time events claim `text` (of the note titled `title`) dates, as "name|event"
    keys ("python|started", "tur|age at death"): two claims sharing a key date one event of
    one thing, however far apart their words. A person's death is also keyed by the last
    word of the name, as `same_person` compares names."""
    if not _MAY_DATE_EVENT.search(text):
        return frozenset()
    keys: set[str] = set()
    for o in origins_in(text, title):
        event = _event(o)
        keys.add(f"{_name_key(o)}|{event}")
        if event == "died" and len(o.key) > 1:
            keys.add(f"{o.key[-1]}|died")
    for d in death_ages_in(text, title):
        keys.add(f"{d.key[-1]}|age at death")
    for m in makings_in(text, title):
        keys.add(f"{m.key}|{m.family} by")
    for f in firsts_in(text, title):
        keys.add(f"{'-'.join(f.what)}|first to {f.act}")
    return frozenset(keys)


def event_names(text: str, title: str = "") -> frozenset[tuple[str, ...]]:
    """The names whose one-time events claim `text` dates (`event_keys`), as runs of
    casefolded words to look other claims up by: each name, its words run together, and a
    person's last name."""
    if not _MAY_DATE_EVENT.search(text):
        return frozenset()
    names: set[tuple[str, ...]] = set()
    written = (
        [o.name for o in origins_in(text, title)]
        + [d.name for d in death_ages_in(text, title)]
        + [m.name for m in makings_in(text, title)]
    )
    for name in written:
        words = tuple(w.casefold() for w in re.findall(r"[^\W_]+", name) if w[0].isupper())
        if words:
            names.update({words, ("".join(words),), words[-1:]})
    return frozenset(names)
