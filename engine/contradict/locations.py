"""Where a fixed thing is: one country, or one continent ("Mount Kilimanjaro is in
Tanzania" / "Mount Kilimanjaro is in Kenya"; "Kangaroos are native to Australia" / "...
native to South America").

A place names a region of the world at one level: a country lies in one continent, a city
in one country. Two claims that put one thing in two places of the same level disagree; two
places of two levels ("in Africa" / "in Tanzania") may both hold, and so may a city and its
country, so only the two closed sets a reader knows by heart are compared: the countries and
the continents. A claim places a thing only where the place follows the thing's name (or a
pronoun for its note's thing) through "is in", "is located in", "lies in", "is native to" or
"is a ... in"; a list of places ("in Kenya and Tanzania") holds each of them, and two lists
that share a place agree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from engine.contradict.text import stem

_CONTINENT_NAMES = (
    "Africa",
    "Antarctica",
    "Asia",
    "Australia",
    "Europe",
    "North America",
    "South America",
    "Oceania",
)
_CONTINENTS = frozenset(name.casefold() for name in _CONTINENT_NAMES)
_COUNTRY_NAMES = """
Afghanistan|Albania|Algeria|Andorra|Angola|Argentina|Armenia|Australia|Austria|Azerbaijan|
Bahamas|Bahrain|Bangladesh|Barbados|Belarus|Belgium|Belize|Benin|Bhutan|Bolivia|Bosnia and
Herzegovina|Botswana|Brazil|Brunei|Bulgaria|Burkina Faso|Burundi|Cambodia|Cameroon|Canada|
Cape Verde|Chad|Chile|China|Colombia|Comoros|Costa Rica|Croatia|Cuba|Cyprus|Czech Republic|
Czechia|Denmark|Djibouti|Dominica|Dominican Republic|Ecuador|Egypt|El Salvador|Eritrea|
Estonia|Eswatini|Ethiopia|Fiji|Finland|France|Gabon|Gambia|Georgia|Germany|Ghana|Greece|
Grenada|Guatemala|Guinea|Guyana|Haiti|Honduras|Hungary|Iceland|India|Indonesia|Iran|Iraq|
Ireland|Israel|Italy|Jamaica|Japan|Jordan|Kazakhstan|Kenya|Kiribati|Kosovo|Kuwait|
Kyrgyzstan|Laos|Latvia|Lebanon|Lesotho|Liberia|Libya|Liechtenstein|Lithuania|Luxembourg|
Madagascar|Malawi|Malaysia|Maldives|Mali|Malta|Mauritania|Mauritius|Mexico|Moldova|Monaco|
Mongolia|Montenegro|Morocco|Mozambique|Myanmar|Namibia|Nauru|Nepal|Netherlands|New Zealand|
Nicaragua|Niger|Nigeria|North Korea|North Macedonia|Norway|Oman|Pakistan|Palau|Panama|
Papua New Guinea|Paraguay|Peru|Philippines|Poland|Portugal|Qatar|Romania|Russia|Rwanda|
Samoa|San Marino|Saudi Arabia|Senegal|Serbia|Seychelles|Sierra Leone|Singapore|Slovakia|
Slovenia|Somalia|South Africa|South Korea|South Sudan|Spain|Sri Lanka|Sudan|Suriname|Sweden|
Switzerland|Syria|Taiwan|Tajikistan|Tanzania|Thailand|Togo|Tonga|Trinidad and Tobago|
Tunisia|Turkey|Turkmenistan|Tuvalu|Uganda|Ukraine|United Arab Emirates|United Kingdom|
United States|Uruguay|Uzbekistan|Vanuatu|Vatican City|Venezuela|Vietnam|Yemen|Zambia|Zimbabwe
"""
#: One country said two ways.
_COUNTRY_ALIASES = {
    "usa": "united states",
    "us": "united states",
    "united states of america": "united states",
    "uk": "united kingdom",
    "britain": "united kingdom",
    "great britain": "united kingdom",
    "holland": "netherlands",
    "burma": "myanmar",
    "czech republic": "czechia",
}
_COUNTRIES = frozenset(
    " ".join(name.split()).casefold() for name in _COUNTRY_NAMES.replace("\n", " ").split("|")
) | frozenset(_COUNTRY_ALIASES)

_PLACE_WORDS = sorted(
    {
        *(n.strip() for n in " ".join(_COUNTRY_NAMES.split()).split("|")),
        *_CONTINENT_NAMES,
        "USA",
        "US",
        "UK",
        "Britain",
        "Great Britain",
        "Holland",
        "Burma",
        "United States of America",
    },
    key=len,
    reverse=True,
)
_PLACE = "(?:" + "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in _PLACE_WORDS) + ")"
# "the United States", "northern Tanzania", "Kenya and Tanzania", "Chile, Peru and Bolivia"
_SIDE = (
    r"(?:(?:north|south|east|west|central|northern|southern|eastern|western)(?:[\s-]+\w+ern)?\s+)"
)
_ONE = rf"(?:the\s+)?{_SIDE}?{_PLACE}(?![\w-])"
_PLACES = rf"(?P<places>{_ONE}(?:\s*(?:,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+){_ONE})*)"
_THING = r"(?P<thing>(?:The\s+)?[A-Z][\w'’-]*(?:\s+(?:of\s+|the\s+)?[A-Z][\w'’-]*){0,3}|It|They)"
_BE = r"(?:is|are|was|were|lies|lie|stands|stand|sits|sit|rises|rise)"
_PATTERNS = (
    # "Mount Kilimanjaro is in Tanzania", "The tower stands in France"
    re.compile(
        rf"^{_THING}\s+{_BE}\s+(?:located\s+|situated\s+|found\s+)?(?:only\s+)?in\s+{_PLACES}"
        r"(?=\s*(?:[.;,]|$))"
    ),
    # "Kangaroos are native to Australia"
    re.compile(
        rf"^{_THING}\s+(?:is|are|was|were)\s+(?:only\s+)?native\s+to\s+{_PLACES}(?=\s*(?:[.;,]|$))"
    ),
    # "Mount Kilimanjaro is a dormant volcano in Tanzania"
    re.compile(
        rf"^{_THING}\s+(?:is|was)\s+(?:a|an|the)\s+(?:[a-z][\w-]*\s+){{1,4}}?in\s+{_PLACES}"
        r"(?=\s*(?:[.;]|$))"
    ),
)
_SIDE_RE = re.compile(rf"^(?:the\s+)?{_SIDE}", re.IGNORECASE)
_SPLIT = re.compile(r"\s*(?:,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+)\s*")


@dataclass(frozen=True)
class Location:
    """Claim's statement that `thing` (its name's stems) lies in `places` (casefolded
    names), all of one `level` ("country" or "continent"); `text`: the places as written."""

    thing: str
    name: str  # the thing as written ("Mount Kilimanjaro"), or the note's title for "It"
    level: str
    places: frozenset[str]
    text: str


@lru_cache(maxsize=1 << 14)
def location_in(text: str, title: str = "") -> Location | None:
    """Where claim `text` (of the note titled `title`, what "It" speaks of) puts one thing."""
    for pattern in _PATTERNS:
        m = pattern.match(text.strip())
        if m is None:
            continue
        thing = m["thing"]
        if thing in ("It", "They"):
            if not title:
                return None
            thing = title
        places = [_place(p) for p in _SPLIT.split(m["places"]) if p.strip()]
        if all(p in _CONTINENTS for p in places):
            level = "continent"
        elif all(p in _COUNTRIES for p in places):
            level = "country"
        else:
            return None
        name = thing[4:] if thing.startswith("The ") else thing
        return Location(_key(thing), name, level, frozenset(places), m["places"])
    return None


def _place(written: str) -> str:
    """A place as compared: casefolded, "the" and a side ("northern") dropped unless they
    are part of its name ("South America"), an alias by its usual name."""
    name = " ".join(written.split()).casefold()
    name = name[4:] if name.startswith("the ") else name
    if name not in _COUNTRIES and name not in _CONTINENTS:
        name = " ".join(_SIDE_RE.sub("", name).split())
    return _COUNTRY_ALIASES.get(name, name)


def _key(name: str) -> str:
    """A thing's name as compared: its words' stems, without "The" ("Kangaroos" is
    "kangaroo")."""
    words = [w for w in re.findall(r"[\w'’-]+", name) if w.casefold() != "the"]
    return " ".join(stem(w.casefold()) for w in words)


def may_locate(text: str) -> bool:
    """Claim `text` may place a thing in a country or continent (a cheap filter)."""
    return " in " in text or "native to" in text


def conflicting_locations(
    a: str, b: str, a_title: str = "", b_title: str = ""
) -> tuple[Location, Location] | None:
    """One thing put in two countries, or two continents, that neither claim shares."""
    if not (may_locate(a) and may_locate(b)):
        return None
    x, y = location_in(a, a_title), location_in(b, b_title)
    if x is None or y is None or x.thing != y.thing or x.level != y.level:
        return None
    if x.places & y.places:
        return None
    # "Australia" is a country and a continent: only another of the same level differs
    if "australia" in x.places | y.places and x.level == "country":
        return None
    return x, y
