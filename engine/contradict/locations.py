"""Where a fixed thing is: one country, or one continent ("Mount Kilimanjaro is in
Tanzania" / "Mount Kilimanjaro is in Kenya"; "Kangaroos are native to Australia" / "...
native to South America").

A place names a region of the world at one level: a country lies in one continent (or two);
a region, island, range or city below the country lies in one country or a few
(`gazetteer`). Two claims that put one thing in two places of the same level disagree; a
country and a continent disagree only where the country lies in no continent named ("in
Tanzania" / "in Africa" agree, "in Ireland" / "in South America" do not). A place below the
country is compared by its countries and, within one country, by the first-level
subdivisions it lies in (`subdivisions`): "in Tasmania" and "in New Zealand" disagree, as do
"in Paris" and "in Lyon"; "in Tuscany" and "in Florence" may both hold. A claim places a
thing only where the place follows the thing's name (or a pronoun for its note's thing)
through "is in", "is located in", "lies in", "lives in", "is native to" or "is a ... in",
perhaps through a part of the place ("the forests of Tasmania"), or where a line of the
thing's own note opens "A ... found only in"; a list of places ("in Kenya and Tanzania")
holds each of them, and two lists that share a place agree.

Three more relations hold one place each, each compared only with itself: where a one-time
event took place ("The Battle of Hastings was fought ... in England"), where a thing came
from ("originated in", "was first domesticated in"), and the country a role is held for
("the central bank of Canada", "the capital of Australia").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from engine.contradict.events import event_kind as _event_kind
from engine.contradict.gazetteer import PLACE_COUNTRIES
from engine.contradict.subdivisions import PLACE_SUBDIVISIONS
from engine.contradict.text import claim_cache, stem

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
    # the nations of the United Kingdom, each compared as the kingdom
    "england": "united kingdom",
    "scotland": "united kingdom",
    "wales": "united kingdom",
}
_COUNTRIES = frozenset(
    " ".join(name.split()).casefold() for name in _COUNTRY_NAMES.replace("\n", " ").split("|")
) | frozenset(_COUNTRY_ALIASES)

#: The continent(s) each country lies in: a place of one level set against one of the other
#: ("in the Andes of South America" / "in Ireland") by the continents both take in.
_CONTINENT_COUNTRIES = {
    "africa": """Algeria|Angola|Benin|Botswana|Burkina Faso|Burundi|Cameroon|Cape Verde|Chad|
    Comoros|Djibouti|Egypt|Eritrea|Eswatini|Ethiopia|Gabon|Gambia|Ghana|Guinea|Kenya|Lesotho|
    Liberia|Libya|Madagascar|Malawi|Mali|Mauritania|Mauritius|Morocco|Mozambique|Namibia|
    Niger|Nigeria|Rwanda|Senegal|Seychelles|Sierra Leone|Somalia|South Africa|South Sudan|
    Sudan|Tanzania|Togo|Tunisia|Uganda|Zambia|Zimbabwe""",
    "asia": """Afghanistan|Armenia|Azerbaijan|Bahrain|Bangladesh|Bhutan|Brunei|Cambodia|China|
    Cyprus|Egypt|Georgia|India|Indonesia|Iran|Iraq|Israel|Japan|Jordan|Kazakhstan|Kuwait|
    Kyrgyzstan|Laos|Lebanon|Malaysia|Maldives|Mongolia|Myanmar|Nepal|North Korea|Oman|
    Pakistan|Philippines|Qatar|Russia|Saudi Arabia|Singapore|South Korea|Sri Lanka|Syria|
    Taiwan|Tajikistan|Thailand|Turkey|Turkmenistan|United Arab Emirates|Uzbekistan|Vietnam|
    Yemen""",
    "europe": """Albania|Andorra|Armenia|Austria|Azerbaijan|Belarus|Belgium|Bosnia and
    Herzegovina|Bulgaria|Croatia|Cyprus|Czechia|Denmark|Estonia|Finland|France|Georgia|
    Germany|Greece|Hungary|Iceland|Ireland|Italy|Kazakhstan|Kosovo|Latvia|Liechtenstein|
    Lithuania|Luxembourg|Malta|Moldova|Monaco|Montenegro|Netherlands|North Macedonia|Norway|
    Poland|Portugal|Romania|Russia|San Marino|Serbia|Slovakia|Slovenia|Spain|Sweden|
    Switzerland|Turkey|Ukraine|United Kingdom|Vatican City""",
    "north america": """Bahamas|Barbados|Belize|Canada|Costa Rica|Cuba|Dominica|Dominican
    Republic|El Salvador|Grenada|Guatemala|Haiti|Honduras|Jamaica|Mexico|Nicaragua|Panama|
    Trinidad and Tobago|United States""",
    "south america": """Argentina|Bolivia|Brazil|Chile|Colombia|Ecuador|Guyana|Panama|
    Paraguay|Peru|Suriname|Trinidad and Tobago|Uruguay|Venezuela""",
    "oceania": """Australia|Fiji|Indonesia|Kiribati|Nauru|New Zealand|Palau|Papua New
    Guinea|Samoa|Tonga|Tuvalu|Vanuatu""",
}
_CONTINENTS_OF: dict[str, set[str]] = {}
for _continent, _names in _CONTINENT_COUNTRIES.items():
    for _name in " ".join(_names.split()).split("|"):
        _CONTINENTS_OF.setdefault(" ".join(_name.split()).casefold(), set()).add(_continent)
_CONTINENTS_OF["australia"] |= {"australia"}


#: Places below the country (casefolded) -> the countries (casefolded) they lie in.
_REGIONS: dict[str, frozenset[str]] = {
    " ".join(name.split()).casefold(): frozenset(c.casefold() for c in countries)
    for name, countries in PLACE_COUNTRIES.items()
}


#: Places (casefolded) -> {country (casefolded): the first-level subdivisions it lies in}.
_SUBDIVISIONS: dict[str, dict[str, frozenset[str]]] = {
    " ".join(name.split()).casefold(): {c.casefold(): divisions for c, divisions in within.items()}
    for name, within in PLACE_SUBDIVISIONS.items()
}


def _continents(place: str, level: str) -> frozenset[str]:
    """The continents a place takes in (a continent its own; "australia" is Oceania too; a
    place below the country those of its countries)."""
    if level == "continent":
        return (
            frozenset({"australia", "oceania"})
            if place in ("australia", "oceania")
            else (frozenset({place}))
        )
    return frozenset(c for country in _countries_of(place) for c in _CONTINENTS_OF.get(country, ()))


#: Countries on the Australian continent besides Australia.
_SAHUL = frozenset({"papua new guinea", "indonesia"})


def _countries_of(place: str) -> frozenset[str]:
    """The countries a country or a place below one lies in ("tasmania": australia)."""
    if place in _REGIONS:
        return _REGIONS[place]
    return frozenset({_COUNTRY_ALIASES.get(place, place)}) if place in _COUNTRIES else frozenset()


#: A name as places are written: capitalised words, perhaps joined by a particle ("New
#: Zealand", "Bay of Naples", "Rio de Janeiro"); whether it is a place is looked up after the
#: match (`_place`, `_COUNTRIES`, `_CONTINENTS`, `_REGIONS`), which keeps the patterns short.
_PLACE = (
    r"(?:St\.\s+)?[A-Z][\w'’-]*(?:\s+(?:(?:of|de|del|della|la|le|du|des|da|di|do|dos|das|the|y"
    r"|upon|sur|am|im|ob|der|al|el|es)\s+)?[A-Z][\w'’-]*){0,4}(?:\s+rainforest)?"
)
# "the United States", "northern Tanzania", "Kenya and Tanzania", "Chile, Peru and Bolivia"
_SIDE = (
    r"(?:(?:north|south|east|west|central|northern|southern|eastern|western)(?:[\s-]+\w+ern)?\s+)"
)
_ONE = rf"(?:the\s+)?{_SIDE}?{_PLACE}(?![\w-])"
_PLACES = rf"(?P<places>{_ONE}(?:\s*(?:,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+){_ONE})*)"
_THING = (
    # ("the Pont du Gard" after a description: "The best-preserved example, the ...")
    r"(?P<thing>(?:[Tt]he\s+)?[A-Z][\w'’-]*(?:\s+(?:(?:of|the|de|du|des|del|della|di|da|la|le)"
    r"\s+)?[A-Z][\w'’-]*){0,3}|It|They"
    # "The potato": a thing named by a common noun, one thing only where it is a note's title
    r"|The\s+[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*)?)"
)
_BE = r"(?:is|are|was|were|lies|lie|stands|stand|sits|sit|rises|rise)"
# "lives in", "grows only on", "towers over", "runs through": where a thing is
_LIVES = (
    r"(?:lives?|grows?|occurs?|breeds?|nests?|thrives?|stands?|sits?|lies|lie|rises?|towers?"
    r"|runs?|flows?|stretch(?:es)?|spans?|cross(?:es)?|hangs?|perch(?:es)?|nestles?|straddles?)"
)
# "over", "through", "near": a place the thing is in, on or by
_AT = r"(?:in|on|over|above|through|across|along|near|beside|at|within|off|close\s+to|next\s+to)"
# what a verb of place may hold before its place ("spans a valley close to Segovia", "crosses
# the River Thames in London")
_HELD = r"(?:(?:a|an|the)\s+(?:[a-z][\w'’-]*\s+){0,2}?(?:[A-Z][\w'’-]*\s+){0,3}?)?"
# "the rocky coasts of", "the Po Valley of": a part of the place, which lies where it does
_LANDSCAPE = r"(?:the\s+(?:[\w'’-]+\s+){0,2}?[\w'’-]+\s+of\s+)?"
# what a place is ("A belt of the central United States", "An island in the Aegean")
_PLACE_KIND = (
    r"(?:belt|region|area|zone|island|isle|archipelago|river|city|town|village|mountain|range"
    r"|desert|lake|valley|plateau|plain|plains|peninsula|province|state|district|port|coast"
    r"|forest|county|strait|bay|basin|delta|gorge|canyon)"
)
# "The world's most tornado-prone belt, [[Tornado Alley]], runs through ...": a description
# before the thing's name
_DESCRIBED = r"(?:(?:The|A|An)\s+[^,;()]{3,60},\s+)?"
# where the places end: the clause, or a part of the last named ("Sicily's east coast")
_PLACES_END = r"(?=\s*(?:[.;,]|$)|['’]s\s)"
# a word that makes a line's opening a verb phrase ("A dish cooked in ...", "A tree grown in")
_PARTICIPLE = (
    r"(?:\w+ed|made|built|sold|grown|known|found|brought|taken|kept|held|worn|shown|seen|born"
    r"|spun|woven|sung|written|drawn|dug|bred|caught|bought|set|laid|hung|thrown)\b"
)
# what may stand between a verb and the place: "in 1815 near Brussels, in present-day ..."
_BETWEEN = r"(?:\s+[\w,'’-]+){0,8}?"
_MODERN = r"(?:(?:present|modern)(?:-day)?\s+)?"
#: Where a thing is, where a one-time event happened, where a thing came from: each its own
#: relation (a dish found in Spain may come from Italy), each compared only with itself.
_RELATION_PATTERNS = (
    # "The Battle of Waterloo took place in northern Spain", "It was fought ... in Belgium"
    (
        (
            rf"^{_THING}\s+(?:was\s+fought|took\s+place|happened|occurred|was\s+held|was\s+signed)"
            rf"{_BETWEEN}\s+in\s+{_MODERN}{_PLACES}(?=\s*(?:[.;,]|$))"
        ),
        "took place in",
    ),
    # "The potato originated in the Andes of South America", "It was first domesticated in
    # Ireland"
    (
        (
            rf"^{_THING}\s+(?:originated|originates|(?:is|are|was|were)\s+(?:first\s+)?"
            rf"(?:domesticated|cultivated))\s+in\s+(?:the\s+[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?"
            rf"\s+of\s+)?{_MODERN}{_PLACES}(?=\s*(?:[.;,]|$))"
        ),
        "came from",
    ),
    # "The Federal Reserve is the central bank of the United States", "Paris is the capital of
    # France": a role a thing holds for one country (compared only with the same role)
    (
        (
            rf"^{_THING}\s+(?:is|was|serves\s+as|served\s+as|acts\s+as)\s+the\s+"
            rf"(?P<role>(?:[a-z][\w-]*\s+){{0,2}}[a-z][\w-]*)\s+of\s+{_PLACES}(?=\s*(?:[.;,]|$))"
        ),
        "the {role} of",
    ),
)
_PATTERNS = (
    # "Mount Kilimanjaro is in Tanzania", "The tower stands in France", "The iguana is found
    # only on the Galapagos Islands", "The kakapo lives in the forests of Tasmania"
    (
        rf"^{_DESCRIBED}{_THING},?\s+(?:{_BE}\s+(?:located\s+|situated\s+|found\s+)?(?:only\s+)?(?:in|on)"
        rf"|{_LIVES}\s+{_HELD}(?:only\s+)?{_AT})\s+{_LANDSCAPE}{_MODERN}{_PLACES}{_PLACES_END}"
    ),
    # "Kangaroos are native to Australia", "... native to the rocky coasts of Madagascar"
    (
        rf"^{_THING}\s+(?:is|are|was|were)\s+(?:only\s+)?(?:native|endemic)\s+to\s+{_LANDSCAPE}"
        rf"{_PLACES}(?=\s*(?:[.;,]|$))"
    ),
    # "A flightless parrot found only in New Zealand", "A belt of the central United States":
    # a line of the note about its own thing
    (
        r"^(?P<thing>)(?:An?)\s+(?:[\w,'’-]+\s+){0,6}?(?:(?:found|native|endemic|living|growing)"
        rf"\s+(?:only\s+)?(?:in|on|to)|{_PLACE_KIND}\s+(?:of|in|on))\s+{_LANDSCAPE}{_MODERN}"
        rf"{_PLACES}(?=\s*(?:[.;,]|$))"
    ),
    # "A Roman aqueduct bridge over the Gardon River in southern France": a line of the note
    # about its own thing that says what it is and where, with no verb of its own
    (
        rf"^(?P<thing>)(?:An?)\s+(?:(?!{_PARTICIPLE})[\w'’-]+\s+){{1,5}}?(?:over|on|in|near|above"
        r"|beside|off)\s+(?:the\s+[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,3}\s+(?:in|of)\s+)?"
        rf"{_MODERN}{_PLACES}(?=\s*(?:[.;]|$))"
    ),
    # "Mount Kilimanjaro is a dormant volcano in Tanzania"
    (
        rf"^{_THING}\s+(?:is|was)\s+(?:a|an|the)\s+(?:[a-z][\w-]*\s+){{1,4}}?in\s+{_PLACES}"
        r"(?=\s*(?:[.;]|$))"
    ),
)


#: Every pattern a place is read by, with the relation it states.
_ALL_PATTERNS = tuple((re.compile(p), "is in") for p in _PATTERNS) + tuple(
    (re.compile(p), relation) for p, relation in _RELATION_PATTERNS
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
    relation: str = "is in"  # or "took place in" (a one-time event), "came from"
    common: bool = False  # named by a common noun ("The potato")
    plural: bool = False  # "Kangaroos are ...", "They were ..."
    native: bool = False  # "is native to": where it is, and where it came from
    named: frozenset[str] = frozenset()  # the places as `places_apart` compares them


@claim_cache(1 << 14)
def location_in(text: str, title: str = "") -> Location | None:
    """Where claim `text` (of the note titled `title`, what "It" speaks of) puts one thing."""
    text = text.strip()
    for pattern, relation in _ALL_PATTERNS:
        m = pattern.match(text)
        if m is None:
            continue
        thing = m["thing"]
        plural = re.match(rf"{re.escape(thing)}\s+(?:are|were)\b", text) is not None
        if thing in ("It", "They", ""):
            if not title:
                return None
            thing = title
        if "{role}" in relation:
            relation = relation.format(role=" ".join(m["role"].split()))
        if relation == "took place in" and not _event_kind(thing):
            continue  # a battle or a treaty happens in one place; a meeting may move
        whole = _place(m["places"])  # "Trinidad and Tobago" is one country
        parts = [m["places"]] if _is_place(whole) else _SPLIT.split(m["places"])
        resolved = [_resolve(p) for p in parts if p.strip()]
        if not resolved or None in resolved:
            continue  # a name that is no place the gazetteer holds
        named = [p for p in resolved if p is not None]
        places = [_COUNTRY_ALIASES.get(p, p) for p in named]
        if relation.startswith("the ") and all(p in _COUNTRIES for p in places):
            level = "country"  # "the capital of Australia": a country's
        elif all(p in _CONTINENTS for p in places):
            level = "continent"
        elif all(p in _COUNTRIES for p in places):
            level = "country"
        elif all(p in _COUNTRIES or p in _REGIONS for p in places):
            level = "region"  # below the country, perhaps with its country ("Bavaria, Germany")
        else:
            continue  # a name that is no place the gazetteer holds
        name = thing[4:] if thing.startswith(("The ", "the ")) else thing
        common = thing.startswith("The ") and thing[4:5].islower()  # "The potato"
        native = relation == "is in" and re.search(r"\bnative\s+to\b", m.group()) is not None
        return Location(
            _key(thing),
            name,
            level,
            frozenset(places),
            m["places"],
            relation,
            common,
            plural,
            native,
            frozenset(named),
        )
    return None


def _resolve(written: str) -> str | None:
    """The place a run of names written as one is ("the Andes of South America" is South
    America, where the Andes lie; "Florence" is Florence), as `_unaliased` writes it, or
    None."""
    words = written.split()
    for k in range(len(words)):
        place = _unaliased(" ".join(words[k:]))
        if _is_place(place):
            return place
    return None


def _is_place(place: str) -> bool:
    """`place` (as `_place` gives it) is a country, a continent or a place the gazetteer
    holds."""
    return place in _COUNTRIES or place in _CONTINENTS or place in _REGIONS


def _place(written: str) -> str:
    """A place as compared: casefolded, "the" and a side ("northern") dropped unless they
    are part of its name ("South America"), an alias by its usual name."""
    name = _unaliased(written)
    return _COUNTRY_ALIASES.get(name, name)


def _unaliased(written: str) -> str:
    """A place as `_place` compares it, an alias still as written ("scotland", which the
    United Kingdom holds as one of its nations)."""
    name = " ".join(written.split()).casefold()
    name = name[4:] if name.startswith("the ") else name
    if name not in _COUNTRIES and name not in _CONTINENTS and name not in _REGIONS:
        name = " ".join(_SIDE_RE.sub("", name).split())
    return name


def places_apart(xs: Iterable[str], ys: Iterable[str]) -> bool:
    """No one place could be both a place of `xs` and one of `ys` (each a claim's places
    below the continent, as `_unaliased` writes them): no country holds a place of each, or
    every country that does holds them in different first-level subdivisions ("paris" /
    "lyon"); never where a list names no country ("tuscany" / "florence" share Tuscany; a
    place whose subdivisions are not known lies anywhere in its country)."""
    xs, ys = tuple(xs), tuple(ys)
    kx = {c for p in xs for c in _countries_of(_COUNTRY_ALIASES.get(p, p))}
    ky = {c for p in ys for c in _countries_of(_COUNTRY_ALIASES.get(p, p))}
    if not kx or not ky:
        return False
    for country in kx & ky:
        in_x, in_y = _subdivisions_in(xs, country), _subdivisions_in(ys, country)
        if in_x is None or in_y is None or in_x & in_y:
            return False
    return True


def _subdivisions_in(places: tuple[str, ...], country: str) -> frozenset[str] | None:
    """The subdivisions of `country` that `places` lie in (the country itself, named beside
    them, adds none: "Florence, Italy"), or None where one of them lies in `country` in
    subdivisions not known, or none of them is below the country."""
    found: set[str] = set()
    for place in places:
        if country not in _countries_of(_COUNTRY_ALIASES.get(place, place)):
            continue
        whole = place in _COUNTRIES and _COUNTRY_ALIASES.get(place, place) == country
        if whole and place not in _SUBDIVISIONS:
            continue  # the whole country, beside a place in it ("scotland" is a nation)
        divisions = _SUBDIVISIONS.get(place, {}).get(country)
        if divisions is None:
            return None
        found |= divisions
    return frozenset(found) or None


def _key(name: str) -> str:
    """A thing's name as compared: its words' stems, without "The" ("Kangaroos" is
    "kangaroo")."""
    words = [w for w in re.findall(r"[\w'’-]+", name) if w.casefold() != "the"]
    return " ".join(stem(w.casefold()) for w in words)


def _native_and_origin(x: Location, y: Location) -> bool:
    """One claim says where a thing is native, the other where it came from ("Maize is
    native to Mexico" / "Maize originated in Asia"): one question."""
    native = x if x.native else y if y.native else None
    other = y if native is x else x
    return native is not None and other.relation == "came from"


def may_locate(text: str) -> bool:
    """Claim `text` may place a thing in a country, a continent or a place below the country
    (a cheap filter)."""
    return any(f" {word} " in text for word in _MAY_LOCATE)


#: Words one of which stands before any place a claim is read to put a thing in.
_MAY_LOCATE = "in on of to at over above near beside off across along through within from".split()


def conflicting_locations(
    a: str, b: str, a_title: str = "", b_title: str = ""
) -> tuple[Location, Location] | None:
    """One thing put in two countries, or two continents, that neither claim shares, or in
    places below the country that no one country holds."""
    if not (may_locate(a) and may_locate(b)):
        return None
    x, y = location_in(a, a_title), location_in(b, b_title)
    if x is None or y is None or x.thing != y.thing:
        return None
    if x.relation != y.relation and not _native_and_origin(x, y):
        return None
    if (x.common or y.common) and x.thing not in {_key(a_title), _key(b_title)}:
        return None  # "The capital": one thing only where it is a note's title
    if x.places & y.places and not places_apart(x.named, y.named):
        return None  # ("in Scotland" / "in England": one kingdom, two of its nations)
    if "region" in (x.level, y.level) and "continent" not in (x.level, y.level):
        # a place below the country: apart only where no country holds both ("in Tasmania" /
        # "in New Zealand") or their subdivisions differ ("in Paris" / "in Lyon"); two places
        # of one subdivision may hold one thing ("in Tuscany" / "in Florence")
        kx = {c for p in x.places for c in _countries_of(p)}
        ky = {c for p in y.places for c in _countries_of(p)}
        if not places_apart(x.named, y.named):
            return None
        if "australia" in kx | ky and (kx | ky) & _SAHUL:
            return None  # "Australia" the continent takes in New Guinea
        return x, y
    if x.level != y.level or x.level == "continent":
        # a country against a continent: apart only where no country named lies in a
        # continent named ("in Ireland" / "in South America"); "Australia" is Oceania
        cx = {c for p in x.places for c in _continents(p, x.level)}
        cy = {c for p in y.places for c in _continents(p, y.level)}
        if not cx or not cy or cx & cy:
            return None
        return x, y
    # "Australia" is a country and a continent: only another of the same level differs
    if "australia" in x.places | y.places and x.level == "country" and x.relation == "is in":
        return None
    return x, y


@dataclass(frozen=True)
class PlaceNamed:
    """A country or a place below one that a claim names, at `start`..`end`, as written
    (`text`), with the countries it lies in."""

    start: int
    end: int
    text: str
    countries: frozenset[str]
    place: str = ""  # as `places_apart` compares it ("scotland", "lyon")


_ONE_PLACE = re.compile(rf"(?<![\w-]){_ONE}")


@claim_cache(1 << 14)
def places_named(text: str) -> tuple[PlaceNamed, ...]:
    """Every country or place below the country claim `text` names (continents left out:
    they hold too much to set a thing apart), each with the countries it lies in."""
    if not any(ch.isupper() for ch in text):
        return ()
    found: list[PlaceNamed] = []
    for m in _ONE_PLACE.finditer(text):
        # "Renaissance Florence": the place may end a longer run of capitals
        start, end = m.start(), m.end()
        if text[end - 2 : end] in ("'s", "’s"):
            end -= 2  # "Sicily's east coast", "Genoa's home shapes"
        while start < end:
            written = text[start:end]
            countries = _countries_of(_place(written))
            if countries:
                found.append(PlaceNamed(start, end, written, countries, _unaliased(written)))
                break
            nxt = text.find(" ", start, end)
            if nxt < 0:
                break
            start = nxt + 1
    return tuple(found)
