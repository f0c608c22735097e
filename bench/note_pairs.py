"""Synthetic note-style NLI pairs for fine-tuning Consilience's 3-way contradiction cross-encoder.

SNLI premises are photo captions; a notes vault says things like "Kessar has 3 gates" or
"Orrin Family: They cannot use fire magic." This module builds such sentences compositionally from
its own invented names and generic vocabularies, and pairs them with a label known by
construction: contradiction (values, dates, ordinals, event order, negation, antonyms, exclusive
attributes, swapped relations, fate), entailment (unit conversions, one-sided limits,
approximations, date formats, paraphrases, consistent negations, converse relations, hypernyms)
and neutral (same wording about another entity, another attribute, or unrelated facts).

Usage: ``python bench/note_pairs.py SEED`` prints 30 samples. Library: ``generate_pairs(n, seed)``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace

C, E, N = "contradiction", "entailment", "neutral"
LABEL_WEIGHTS = ((C, 0.40), (E, 0.35), (N, 0.25))

P, F, G, CI, W, S = "person", "family", "guild", "city", "world", "ship"
CO, PR, SW, R, PL, SP, IT, EV = (
    "company",
    "project",
    "software",
    "river",
    "plant",
    "species",
    "item",
    "event",
)
ALL_KINDS = (P, F, G, CI, W, S, CO, PR, SW, R, PL, SP, IT)
MODERN = (CO, PR, SW)

SYL = (
    "ka ri to mel an vor es dra len thi bor quin sa ul fen gar ys mor tel ash cor vin ela dun "
    "hal or bre nim zan kel oth pry sel wyn ta ro mi ade"
).split()
NUM_WORDS = "zero one two three four five six seven eight nine ten eleven twelve".split()
ORDINALS = (
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth".split()
)
MONTHS = (
    "January February March April May June July August September October November December"
).split()
SEASONS = ("spring", "summer", "autumn", "winter")
LANGS = ("Elvish", "Dwarvish", "the trade tongue", "Old Vessic", "High Thalan", "Orcish")
MAGIC = ("fire", "water", "storm", "healing", "shadow", "earth")
RELICS = ("charters", "banners", "ledgers", "founding records", "seals")
ESTATES = ("the manor at {place}", "the vineyards near {place}", "the old mill in {place}")
CRIMES = ("treason", "smuggling", "theft", "arson", "forgery")
MEETINGS = ("harvest council", "spring assembly", "guild moot", "coronation feast")
LAWS = ("grain tax", "border treaty", "harbour levy", "charter reform")
DISTRICTS = ("old quarter", "harbour district", "market ward", "temple district", "north end")
RANKS = ("sergeant", "lieutenant", "captain", "major", "colonel", "commander")
ROLES = ("ruler", "archmage", "chancellor", "high priest", "harbourmaster", "grand marshal")
OS_NAMES = ("Linux", "Windows", "macOS", "Android")
CONTENT_CLAUSES = (
    ", which is often forgotten",
    ", a detail worth remembering",
    ", as the archive records",
    ", which surprises most visitors",
    ", as noted in the index",
    ", which matters for the next session",
)
TAGS = (" #lore", " #todo", " (see [[Timeline]])", " (see [[Index]])", " ^ref", " #worldbuilding")


@dataclass(frozen=True)
class Ent:
    """A subject: how to name it, refer to it by pronoun, and conjugate its verbs."""

    pre: str
    core: str
    title: str
    pron: str
    poss: str
    plural: bool
    kind: str


@dataclass(frozen=True)
class Side:
    """One sentence: subject + predicate (with agreement tokens), optionally wrapped."""

    ent: Ent
    pred: str
    wrap: str = ""


@dataclass(frozen=True)
class Pair:
    a: Side
    b: Side
    label: str
    kind: str
    sym: bool = True


# --------------------------------------------------------------------------- names


def word(rng: random.Random, lo: int = 2, hi: int = 3) -> str:
    return "".join(rng.choice(SYL) for _ in range(rng.randint(lo, hi))).capitalize()


def event_ent(rng: random.Random) -> Ent:
    w = word(rng)
    name = rng.choice(
        (
            f"Siege of {w}",
            f"Battle of {w}",
            f"Fall of {w}",
            f"Treaty of {w}",
            f"Great Flood of {w}",
            f"{w} Schism",
            f"{w} Plague",
            f"Coronation of {w} {word(rng)}",
            f"First Voyage of the {w}",
        )
    )
    return Ent("The ", name, name, "It", "its", False, EV)


def make_ent(rng: random.Random, kind: str) -> Ent:
    w = word(rng)
    if kind == P:
        name = f"{w} {word(rng)}"
        pron, poss = rng.choice((("She", "her"), ("He", "his")))
        return Ent("", name, name, pron, poss, False, P)
    if kind == F:
        return Ent("The ", f"{w} family", f"{w} Family", "They", "their", True, F)
    if kind == SP:
        name = w + rng.choice(("i", "ar", "esh", "oni"))
        return Ent("The ", name, name, "They", "their", True, SP)
    simple = {
        G: ("The ", rng.choice((f"{w} Guild", f"Order of {w}", f"{w} Circle"))),
        CI: ("", w),
        W: ("", w),
        S: ("The ", rng.choice((w, f"{w} {rng.choice(('Wren', 'Star', 'Gale', 'Maiden'))}"))),
        CO: ("", f"{w} {rng.choice(('Industries', 'Works', 'Holdings', 'Labs', 'Foundry'))}"),
        PR: ("", f"Project {w}"),
        SW: ("", rng.choice((w, f"{w}DB", f"{w}Sync", f"{w} Editor"))),
        R: ("The ", f"{w} River"),
        PL: ("", w + rng.choice(("wort", "root", "bloom", "leaf", "moss", "thorn"))),
        IT: ("The ", f"{w} {rng.choice(('Flask', 'Chalice', 'Urn', 'Cask', 'Kettle'))}"),
    }
    pre, core = simple[kind]
    return Ent(pre, core, core, "It", "its", False, kind)


def other_ent(rng: random.Random, ent: Ent) -> Ent:
    while True:
        o = event_ent(rng) if ent.kind == EV else make_ent(rng, ent.kind)
        if o.core != ent.core:
            return o


def an(w: str) -> str:
    return ("an " if w[0].lower() in "aeiou" else "a ") + w


def slots(rng: random.Random) -> dict[str, str]:
    place = word(rng)
    return {
        "place": place,
        "place2": word(rng),
        "region": word(rng),
        "lang": (langs := rng.sample(LANGS, 2))[0],
        "lang2": langs[1],
        "magic": rng.choice(MAGIC),
        "mt": word(rng),
        "relic": rng.choice(RELICS),
        "estate": rng.choice(ESTATES).replace("{place}", word(rng)),
        "crime": rng.choice(CRIMES),
        "meeting": rng.choice(MEETINGS),
        "law": rng.choice(LAWS),
        "year": str(rng.randint(900, 1890)),
        "os": rng.choice(OS_NAMES),
        "war": rng.choice((f"{word(rng)} War", f"War of the {word(rng)} Crown")),
        "storm": rng.choice(("Great Storm", f"storm off {word(rng)}")),
        "rel": rng.choice(("mother", "father", "brother", "sister")),
        "other": f"{word(rng)} {word(rng)}",
    }


def fill(text: str, sl: dict[str, str]) -> str:
    for k, v in sl.items():
        text = text.replace("{" + k + "}", v)
    return text


# --------------------------------------------------------------------------- rendering

SING = {"{is}": "is", "{was}": "was", "{has}": "has", "{does}": "does", "{ies}": "ies"}
PLUR = {"{is}": "are", "{was}": "were", "{has}": "have", "{does}": "do", "{ies}": "y"}


def agree(pred: str, ent: Ent) -> str:
    table = PLUR if ent.plural else SING
    for k, v in table.items():
        pred = pred.replace(k, v)
    pred = pred.replace("{es}", "" if ent.plural else "es")
    pred = pred.replace("{s}", "" if ent.plural else "s")
    return pred.replace("{poss}", ent.poss)


def surface(ent: Ent, start: bool, md: str) -> str:
    pre = ent.pre if start else ent.pre.lower()
    core = {"bold": f"**{ent.core}**", "link": f"[[{ent.core}]]"}.get(md, ent.core)
    return pre + core


def join(subj: str, pred: str) -> str:
    return subj + pred if pred.startswith("'s ") else f"{subj} {pred}"


def render(side: Side, ctx: bool, md: str) -> str:
    pred = agree(side.pred, side.ent)
    if ctx:
        title = {"bold": f"**{side.ent.title}**", "link": f"[[{side.ent.title}]]"}.get(
            md, side.ent.title
        )
        if pred.startswith("'s "):
            body = side.ent.poss.capitalize() + pred[2:]
        else:
            body = f"{side.ent.pron} {pred}"
        return f"{title}: {body}"
    if side.wrap:
        return side.wrap.format(join(surface(side.ent, False, md), pred))
    return join(surface(side.ent, True, md), pred)


# --------------------------------------------------------------------------- quantities


@dataclass(frozen=True)
class QSpec:
    kinds: tuple[str, ...]
    templates: tuple[str, ...]
    qtype: str  # count | big | len | height | time | vol | mass
    lo: int = 2
    hi: int = 9


QSPECS = (
    QSpec((W,), ("{has} {q} moons", "{is} orbited by {q} moons"), "count", 2, 9),
    QSpec((CI,), ("{has} a population of {q}", "{is} home to {q} people"), "big", 20, 900),
    QSpec((CI,), ("{has} {q} gates", "{has} a total of {q} gates"), "count", 2, 12),
    QSpec((CI,), ("lies {q} from the coast", "{is} {q} from the coast"), "len"),
    QSpec((P,), ("{is} {q} years old", "{is} {q} years of age"), "count", 18, 95),
    QSpec((P,), ("speak{s} {q} languages", "know{s} {q} languages"), "count", 2, 9),
    QSpec((P,), ("{has} {q} siblings", "{has} {q} brothers and sisters"), "count", 2, 9),
    QSpec((P,), ("{is} {q} tall", "stand{s} {q} tall"), "height"),
    QSpec((S,), ("{has} a crew of {q}", "sail{s} with a crew of {q}"), "count", 12, 240),
    QSpec((S,), ("{has} {q} masts", "{is} rigged with {q} masts"), "count", 2, 5),
    QSpec((S,), ("{is} {q} long", "measure{s} {q} from bow to stern"), "len"),
    QSpec((CO,), ("employ{s} {q} people", "{has} {q} employees"), "count", 20, 900),
    QSpec((CO,), ("{has} {q} offices", "operate{s} {q} offices"), "count", 2, 40),
    QSpec((PR,), ("{is} scheduled to take {q}", "{has} a planned duration of {q}"), "time"),
    QSpec((PR,), ("{has} {q} contributors", "{has} a team of {q} contributors"), "count", 2, 60),
    QSpec((SW,), ("{has} {q} open issues", "currently {has} {q} open issues"), "count", 3, 400),
    QSpec((SW,), ("take{s} {q} to build from source", "need{s} {q} to compile"), "time"),
    QSpec((R,), ("{is} {q} long", "run{s} for {q}"), "len"),
    QSpec((R,), ("{has} {q} tributaries", "{is} fed by {q} tributaries"), "count", 2, 11),
    QSpec((G,), ("{has} {q} members", "count{s} {q} members"), "count", 10, 900),
    QSpec(
        (G,),
        ("charge{s} {q} gold a year in dues", "charge{s} annual dues of {q} gold"),
        "count",
        5,
        300,
    ),
    QSpec(
        (IT,),
        ("cost{s} {q} gold", "{is} priced at {q} gold", "sell{s} for {q} gold"),
        "count",
        5,
        500,
    ),
    QSpec((IT,), ("hold{s} {q}", "{has} a capacity of {q}"), "vol"),
    QSpec((IT,), ("weigh{s} {q}", "{has} a weight of {q}"), "mass"),
    QSpec((PL,), ("bloom{s} for {q}", "flower{s} for {q} each year"), "time"),
    QSpec((PL,), ("{has} {q} petals", "bear{s} flowers with {q} petals"), "count", 3, 12),
    QSpec((PL,), ("grow{s} to a height of {q}", "reach{es} a height of {q}"), "height"),
    QSpec((SP,), ("lay{s} {q} eggs at a time", "lay{s} clutches of {q} eggs"), "count", 2, 12),
    QSpec((SP,), ("{has} a gestation period of {q}", "carr{ies} their young for {q}"), "time"),
    QSpec((F,), ("own{s} {q} estates", "{has} {q} estates"), "count", 2, 12),
)

UNITS = {  # qtype -> (unit singular, plural, factor to other unit, other singular, other plural)
    "len": (("kilometre", "kilometres", 1000, "metre", "metres"),),
    "time": (
        ("hour", "hours", 60, "minute", "minutes"),
        ("week", "weeks", 7, "day", "days"),
        ("day", "days", 24, "hour", "hours"),
        ("year", "years", 12, "month", "months"),
    ),
    "vol": (("litre", "litres", 1000, "millilitre", "millilitres"),),
    "mass": (
        ("kilogram", "kilograms", 1000, "gram", "grams"),
        ("tonne", "tonnes", 1000, "kilogram", "kilograms"),
    ),
}
APPROX_UNITS = {  # qtype -> (unit, units, factor, target units, decimals)
    "len": ("mile", "miles", 1.609, "kilometres", 0),
    "vol": ("quart", "quarts", 0.946, "litres", 1),
}


def fmt_num(n: int) -> str:
    return f"{n:,}"


def unit_q(v: int | float, sing: str, plur: str) -> str:
    num = fmt_num(v) if isinstance(v, int) else f"{v:g}"
    return f"{num} {sing if v == 1 else plur}"


def count_value(rng: random.Random, spec: QSpec) -> int:
    n = rng.randint(spec.lo, spec.hi)
    return n * 100 if spec.qtype == "big" else n


def different(rng: random.Random, spec: QSpec, n: int) -> int:
    while True:
        m = count_value(rng, spec)
        if m != n:
            return m


def num_text(rng: random.Random, n: int) -> str:
    return NUM_WORDS[n] if n < len(NUM_WORDS) and rng.random() < 0.3 else fmt_num(n)


def rounded(n: int) -> int:
    step = 1000 if n >= 5000 else 100 if n >= 500 else 10
    return max(step, round(n / step) * step)


def q_side(ent: Ent, spec: QSpec, rng: random.Random, q: str) -> Side:
    return Side(ent, rng.choice(spec.templates).replace("{q}", q))


def unit_pair(rng: random.Random, spec: QSpec, label: str) -> tuple[str, str, bool]:
    """Two quantity phrases in (possibly) different units and whether the pair is symmetric."""
    if spec.qtype == "height":
        cm = rng.randint(12, 22) * 10 if spec.kinds == (P,) else rng.randint(2, 30) * 10
        a = f"{cm} centimetres"
        if label == E:
            return a, f"{cm / 100:g} metres", True
        other = cm + rng.choice((-1, 1)) * rng.randint(1, 5) * 10
        return a, rng.choice((f"{other} centimetres", f"{other / 100:g} metres")), True
    if spec.qtype in APPROX_UNITS and label == E and rng.random() < 0.4:
        u, us, factor, target, dec = APPROX_UNITS[spec.qtype]
        v = rng.randint(2, 40)
        conv = round(v * factor, dec) if dec else round(v * factor)
        return unit_q(v, u, us), f"about {conv:g} {target}", False
    u, us, factor, o, os_ = rng.choice(UNITS[spec.qtype])
    v = rng.randint(1, 12)
    a = unit_q(v, u, us)
    if label == E:
        return a, unit_q(v * factor, o, os_), True
    w = v + rng.choice((-1, 1)) * rng.randint(1, 3)
    w = w if w > 0 else v + 2
    if rng.random() < 0.5:
        return a, unit_q(w, u, us), True
    return a, unit_q(w * factor + rng.choice((0, factor // 2)), o, os_), True


def limit_pair(rng: random.Random, n: int, label: str) -> tuple[str, str]:
    """An exact count and a one-sided limit that it satisfies (E) or violates (C)."""
    lo_k = rng.randint(max(1, n // 2), n - 1) if n > 1 else 0
    hi_k = rng.randint(n + 1, n * 2 + 2)
    if label == E:
        options = [
            f"{rng.choice(('fewer than', 'under', 'less than', 'no more than'))} {fmt_num(hi_k)}",
            f"at most {fmt_num(rng.choice((n, hi_k)))}",
        ]
        if lo_k:
            options += [
                f"{rng.choice(('at least', 'more than', 'over'))} {fmt_num(lo_k)}",
                f"at least {fmt_num(n)}",
            ]
        return fmt_num(n), rng.choice(options)
    options = [f"{rng.choice(('more than', 'over', 'at least'))} {fmt_num(hi_k)}"]
    if lo_k:
        options.append(f"{rng.choice(('fewer than', 'under', 'at most'))} {fmt_num(lo_k)}")
    return fmt_num(n), rng.choice(options)


def quantity(rng: random.Random, label: str) -> Pair:
    spec = rng.choice(QSPECS)
    ent = make_ent(rng, rng.choice(spec.kinds))
    counted = spec.qtype in ("count", "big")
    if label == N:
        if rng.random() < 0.5:
            others = [s for s in QSPECS if ent.kind in s.kinds and s is not spec]
            if others:
                spec2 = rng.choice(others)
                return Pair(
                    q_side(ent, spec, rng, quick_q(rng, spec)),
                    q_side(ent, spec2, rng, quick_q(rng, spec2)),
                    N,
                    "quantity-other-attribute",
                )
        a = q_side(ent, spec, rng, quick_q(rng, spec))
        return Pair(
            a,
            q_side(other_ent(rng, ent), spec, rng, quick_q(rng, spec)),
            N,
            "quantity-other-entity",
        )
    if not counted:
        qa, qb, sym = unit_pair(rng, spec, label)
        return Pair(
            q_side(ent, spec, rng, qa), q_side(ent, spec, rng, qb), label, "quantity-units", sym
        )
    n = count_value(rng, spec)
    mode = rng.random()
    if label == C:
        if mode < 0.55:
            qa, qb, kind = num_text(rng, n), num_text(rng, different(rng, spec, n)), "value"
        elif mode < 0.8:
            qa, qb = limit_pair(rng, n, C)
            kind = "limit"
        else:
            r = rounded(n)
            far = r * rng.randint(2, 4) if rng.random() < 0.5 else max(1, r // rng.randint(3, 5))
            if far < 10:
                far = r * 3
            qa, qb, kind = (
                f"{rng.choice(('about', 'around', 'roughly'))} {fmt_num(r)}",
                fmt_num(far),
                "approx",
            )
        return Pair(q_side(ent, spec, rng, qa), q_side(ent, spec, rng, qb), C, f"quantity-{kind}")
    if mode < 0.25 and n < len(NUM_WORDS):
        return Pair(
            q_side(ent, spec, rng, NUM_WORDS[n]),
            q_side(ent, spec, rng, str(n)),
            E,
            "quantity-numword",
        )
    if mode < 0.4:
        q = num_text(rng, n)
        return Pair(q_side(ent, spec, rng, q), q_side(ent, spec, rng, q), E, "quantity-paraphrase")
    if mode < 0.75 or n < 15:
        qa, qb = limit_pair(rng, n, E)
        return Pair(
            q_side(ent, spec, rng, qa), q_side(ent, spec, rng, qb), E, "quantity-limit", False
        )
    word_ = rng.choice(("about", "around", "roughly", "approximately", "some"))
    return Pair(
        q_side(ent, spec, rng, fmt_num(n)),
        q_side(ent, spec, rng, f"{word_} {fmt_num(rounded(n))}"),
        E,
        "quantity-approx",
        False,
    )


def quick_q(rng: random.Random, spec: QSpec) -> str:
    if spec.qtype in ("count", "big"):
        return num_text(rng, count_value(rng, spec))
    return unit_pair(rng, spec, E)[rng.randint(0, 1)]


# --------------------------------------------------------------------------- dates, ordinals

DATE_EVENTS: dict[str, tuple[tuple[str, ...], ...]] = {
    P: (("was born {d}",), ("was knighted {d}",), ("first arrived in {place} {d}",)),
    F: (("{was} ennobled {d}", "rose to nobility {d}"),),
    G: (("{was} founded {d}", "{was} established {d}"), ("{was} formally dissolved {d}",)),
    CI: (
        ("{was} founded {d}", "{was} established {d}"),
        ("{was} granted {poss} royal charter {d}", "received {poss} royal charter {d}"),
    ),
    W: (("{was} discovered {d}", "{was} first sighted {d}"),),
    S: (("{was} launched {d}", "first put to sea {d}"), ("{was} decommissioned {d}",)),
    CO: (("{was} founded {d}", "{was} incorporated {d}"), ("opened {poss} first office {d}",)),
    PR: (("started {d}", "{was} started {d}", "began {d}"), ("{was} completed {d}",)),
    SW: (
        ("{was} first released {d}", "had {poss} first release {d}"),
        ("reached version 1.0 {d}",),
    ),
    R: (("{was} first charted {d}", "{was} first mapped {d}"), ("{was} first bridged {d}",)),
    PL: (("{was} first described {d}", "{was} first recorded {d}"),),
    SP: (("{was} first described {d}", "{was} first recorded {d}"),),
    IT: (("{was} forged {d}", "{was} crafted {d}"),),
}


@dataclass(frozen=True)
class Date:
    y: int
    m: int
    d: int


def date_text(dt: Date, form: str) -> str:
    month = MONTHS[dt.m - 1]
    return {
        "year": f"in {dt.y}",
        "theyear": f"in the year {dt.y}",
        "month": f"in {month} {dt.y}",
        "full": f"on {dt.d} {month} {dt.y}",
        "us": f"on {month} {dt.d}, {dt.y}",
        "iso": f"on {dt.y}-{dt.m:02d}-{dt.d:02d}",
        "season": f"in the {SEASONS[(dt.m - 1) // 3]} of {dt.y}",
    }[form]


DATE_SYM = (("year", "theyear"), ("full", "iso"), ("full", "us"), ("iso", "us"))
DATE_DIR = (
    ("full", "month"),
    ("full", "year"),
    ("iso", "year"),
    ("month", "year"),
    ("us", "month"),
    ("month", "theyear"),
    ("season", "year"),
    ("iso", "month"),
)
FINE = ("full", "iso", "us")


def rand_date(rng: random.Random, modern: bool) -> Date:
    y = rng.randint(1950, 2029) if modern else rng.randint(600, 1899)
    return Date(y, rng.randint(1, 12), rng.randint(1, 28))


def date_contra(rng: random.Random, dt: Date) -> tuple[str, str]:
    mode = rng.random()
    if mode < 0.5:
        y2 = dt.y + rng.choice((-1, 1)) * rng.randint(1, 150)
        f1 = rng.choice(("year", "theyear", "month", "full", "iso"))
        f2 = rng.choice(("year", "theyear", "month", "full", "iso", "us"))
        return date_text(dt, f1), date_text(replace(dt, y=y2), f2)
    if mode < 0.8:
        m2 = rng.choice([m for m in range(1, 13) if m != dt.m])
        f1, f2 = rng.choice(("month", *FINE)), rng.choice(("month", *FINE))
        return date_text(dt, f1), date_text(replace(dt, m=m2), f2)
    d2 = rng.choice([d for d in range(1, 29) if d != dt.d])
    return date_text(dt, rng.choice(FINE)), date_text(replace(dt, d=d2), rng.choice(FINE))


def dated(rng: random.Random, ent: Ent, forms: tuple[str, ...], text: str) -> Side:
    return Side(ent, fill(rng.choice(forms), {"place": word(rng)}).replace("{d}", text))


def dates(rng: random.Random, label: str) -> Pair:
    kind = rng.choice(list(DATE_EVENTS))
    ent = make_ent(rng, kind)
    events = DATE_EVENTS[kind]
    dt = rand_date(rng, kind in MODERN)
    place = word(rng)
    idx = rng.randrange(len(events)) if label != N else 0
    forms = tuple(f.replace("{place}", place) for f in events[idx])
    if label == C:
        ta, tb = date_contra(rng, dt)
        return Pair(dated(rng, ent, forms, ta), dated(rng, ent, forms, tb), C, "date")
    if label == E:
        if rng.random() < 0.45:
            fa, fb = rng.choice(DATE_SYM)
            sym = True
        else:
            fa, fb = rng.choice(DATE_DIR)
            sym = False
        return Pair(
            dated(rng, ent, forms, date_text(dt, fa)),
            dated(rng, ent, forms, date_text(dt, fb)),
            E,
            "date-format",
            sym,
        )
    dt2 = rand_date(rng, kind in MODERN)
    a = dated(rng, ent, forms, date_text(dt, rng.choice(("year", "month", "full"))))
    if len(events) > 1 and rng.random() < 0.5:
        later = replace(dt2, y=dt.y + rng.randint(1, 15 if kind in MODERN else 60))
        forms2 = tuple(f.replace("{place}", place) for f in events[1])
        return Pair(a, dated(rng, ent, forms2, date_text(later, "year")), N, "date-other-event")
    return Pair(
        a, dated(rng, other_ent(rng, ent), forms, date_text(dt2, "year")), N, "date-other-entity"
    )


def ordinal_text(rng: random.Random, i: int, numeral: bool) -> str:
    if numeral:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(i if i < 4 else 0, "th")
        return f"{i}{suffix}"
    return ORDINALS[i - 1]


def ordinal_side(rng: random.Random, ent: Ent, i: int, frame: str, numeral: bool) -> Side:
    return Side(ent, frame.replace("{o}", ordinal_text(rng, i, numeral)))


def ordinals(rng: random.Random, label: str) -> Pair:
    ent = make_ent(rng, P)
    place = word(rng)
    frame = rng.choice(
        (
            f"{{was}} the {{o}} {rng.choice(ROLES)} of {place}",
            f"served as the {{o}} {rng.choice(ROLES)} of {place}",
            f"finished {{o}} in the {place} horse race",
            f"{{was}} the {{o}} child of the {word(rng)} family",
        )
    )
    i = rng.randint(1, 12)
    if label == C:
        j = rng.choice([k for k in range(1, 13) if k != i])
        return Pair(
            ordinal_side(rng, ent, i, frame, rng.random() < 0.3),
            ordinal_side(rng, ent, j, frame, rng.random() < 0.3),
            C,
            "ordinal",
        )
    if label == E:
        return Pair(
            ordinal_side(rng, ent, i, frame, False),
            ordinal_side(rng, ent, i, frame, True),
            E,
            "ordinal-format",
        )
    j = rng.choice([k for k in range(1, 13) if k != i])
    return Pair(
        ordinal_side(rng, ent, i, frame, False),
        ordinal_side(rng, other_ent(rng, ent), j, frame, False),
        N,
        "ordinal-other-entity",
    )


# --------------------------------------------------------------------------- event order

BEFORE = (
    "happened before {B}",
    "took place before {B}",
    "preceded {B}",
    "came before {B}",
    "occurred earlier than {B}",
)
AFTER = (
    "happened after {B}",
    "took place after {B}",
    "followed {B}",
    "came after {B}",
    "occurred later than {B}",
)


def rel_side(rng: random.Random, a: Ent, forms: tuple[str, ...], b: Ent) -> Side:
    return Side(a, rng.choice(forms).replace("{B}", surface(b, False, "")))


def order(rng: random.Random, label: str) -> Pair:
    a, b = event_ent(rng), event_ent(rng)
    while b.core == a.core:
        b = event_ent(rng)
    first = rel_side(rng, a, BEFORE, b)
    if label == C:
        second = rng.choice((rel_side(rng, a, AFTER, b), rel_side(rng, b, BEFORE, a)))
        return Pair(first, second, C, "order")
    if label == E:
        if rng.random() < 0.25:
            gap = rng.choice(("two years", "a decade", "forty years", "a century", "a few months"))
            long_ = Side(a, f"happened {gap} before {surface(b, False, '')}")
            return Pair(long_, rel_side(rng, a, BEFORE, b), E, "order-gap", False)
        return Pair(
            first,
            rng.choice((rel_side(rng, b, AFTER, a), rel_side(rng, a, BEFORE, b))),
            E,
            "order-restated",
        )
    c = other_ent(rng, a)
    return Pair(
        first,
        rng.choice((rel_side(rng, a, BEFORE, c), rel_side(rng, c, AFTER, b))),
        N,
        "order-other-event",
    )


# --------------------------------------------------------------------------- negation


@dataclass(frozen=True)
class Fact:
    kinds: tuple[str, ...]
    pos: tuple[str, ...]
    neg: tuple[str, ...]
    pos_strong: tuple[str, ...] = ()
    neg_strong: tuple[str, ...] = ()


FACTS = (
    Fact(
        (P,),
        ("can swim", "know{s} how to swim"),
        ("cannot swim", "can't swim", "{is} unable to swim", "never learned to swim"),
    ),
    Fact(
        (P,),
        ("can read", "know{s} how to read"),
        ("cannot read", "{is} unable to read", "never learned to read"),
    ),
    Fact(
        (P,),
        ("speak{s} {lang}", "can speak {lang}"),
        ("{does} not speak {lang}", "cannot speak {lang}", "{does}n't speak {lang}"),
        neg_strong=("speak{s} neither {lang} nor {lang2}", "speak{s} neither {lang2} nor {lang}"),
    ),
    Fact(
        (P, F),
        ("can use {magic} magic", "{is} able to use {magic} magic"),
        (
            "cannot use {magic} magic",
            "{is} unable to use {magic} magic",
            "lack{s} the ability to use {magic} magic",
        ),
    ),
    Fact(
        (P, F),
        (
            "always attend{s} the {meeting}",
            "never fail{s} to attend the {meeting}",
            "{has} never missed the {meeting}",
        ),
        (
            "never attend{s} the {meeting}",
            "{does} not ever attend the {meeting}",
            "refuse{s} to ever attend the {meeting}",
        ),
    ),
    Fact(
        (P,),
        ("{has} children",),
        ("{has} no children", "{is} childless", "{does} not have any children"),
        neg_strong=("{has} never had children",),
    ),
    Fact(
        (P,),
        ("reached the summit of Mount {mt}", "made it to the summit of Mount {mt}"),
        (
            "did not reach the summit of Mount {mt}",
            "never made it to the summit of Mount {mt}",
            "failed to reach the summit of Mount {mt}",
        ),
    ),
    Fact(
        (CI, G, CO, F),
        ("trade{s} with {place}", "{does} business with {place}"),
        (
            "{does} not trade with {place}",
            "refuse{s} to trade with {place}",
            "{has} no trade with {place}",
            "never trade{s} with {place}",
        ),
    ),
    Fact(
        (CI,),
        ("{has} a harbour",),
        (
            "{has} no harbour",
            "lack{s} a harbour",
            "{is} without a harbour",
            "{does} not have a harbour",
        ),
        pos_strong=("{has} {poss} own harbour",),
    ),
    Fact(
        (CI,),
        ("{has} city walls", "{is} a walled city"),
        ("{has} no city walls", "{is} an unwalled city", "lack{s} city walls"),
    ),
    Fact(
        (CI, G, F),
        ("still {has} some of the original {relic}",),
        ("{has} none of the original {relic}", "{has} no original {relic} left"),
    ),
    Fact(
        (PR, CO, G),
        ("{has} published {poss} final report", "{has} released {poss} final report"),
        (
            "{has} yet to publish {poss} final report",
            "{has} not published {poss} final report",
            "{has}n't published {poss} final report",
            "{has} not yet released {poss} final report",
        ),
    ),
    Fact(
        (SW,),
        ("work{s} offline", "can run without an internet connection"),
        (
            "cannot work offline",
            "{does} not work offline",
            "{is} unable to run without an internet connection",
            "require{s} an internet connection to run",
        ),
    ),
    Fact(
        (SW,),
        ("support{s} {os}", "run{s} on {os}"),
        ("{does} not support {os}", "{does}n't run on {os}", "cannot run on {os}"),
    ),
    Fact(
        (SP,),
        ("can fly", "{is} able to fly"),
        ("cannot fly", "{is} unable to fly", "{is} flightless"),
    ),
    Fact(
        (SP,),
        ("hunt{s} in packs",),
        ("never hunt{s} in packs", "{does} not hunt in packs", "always hunt{s} alone"),
    ),
    Fact(
        (PL,),
        ("need{s} direct sunlight", "require{s} direct sunlight"),
        (
            "{does} not need direct sunlight",
            "can thrive without direct sunlight",
            "{does}n't require direct sunlight",
        ),
    ),
    Fact(
        (PL,),
        ("{is} safe to eat", "can be eaten safely"),
        ("{is} not safe to eat", "cannot be eaten safely", "{is} unsafe to eat"),
    ),
    Fact(
        (R,),
        ("freeze{s} over in winter",),
        ("{does} not freeze over in winter", "{does}n't freeze over in winter"),
        neg_strong=("never freeze{s} over",),
    ),
    Fact(
        (R,),
        ("{is} navigable by barges", "can be navigated by barges"),
        ("{is} not navigable by barges", "cannot be navigated by barges"),
    ),
    Fact(
        (S,),
        ("{is} armed", "carr{ies} weapons"),
        ("{is} unarmed", "carr{ies} no weapons", "{is} not armed"),
    ),
    Fact(
        (G,),
        ("accept{s} new members", "{is} open to new members"),
        (
            "{does} not accept new members",
            "{is} closed to new members",
            "refuse{s} to admit new members",
        ),
        neg_strong=("no longer accept{s} new members",),
    ),
    Fact(
        (F,),
        ("own{s} {estate}",),
        ("{does} not own {estate}", "{does}n't own {estate}"),
        neg_strong=("no longer own{s} {estate}",),
    ),
    Fact(
        (P, F),
        ("{is} famous", "{is} well known"),
        ("{is} not famous", "{is} not well known"),
        neg_strong=("{is} neither rich nor famous", "{is} neither famous nor respected"),
    ),
    Fact(
        (W,),
        ("{has} an atmosphere",),
        ("{has} no atmosphere", "lack{s} an atmosphere", "{is} without an atmosphere"),
    ),
    Fact(
        (IT,),
        ("{is} enchanted",),
        ("{is} not enchanted", "{has} no enchantment", "carr{ies} no enchantment"),
    ),
    Fact(
        (P,),
        (
            "resemble{s} {poss} {rel}",
            "look{s} like {poss} {rel}",
            "{is} not unlike {poss} {rel} in appearance",
        ),
        (
            "look{s} nothing like {poss} {rel}",
            "bear{s} no resemblance to {poss} {rel}",
            "{does} not resemble {poss} {rel}",
        ),
    ),
    Fact(
        (CO, PR),
        (
            "{has} met every deadline",
            "{has} never failed to meet a deadline",
            "{has} never missed a deadline",
        ),
        ("{has} missed several deadlines", "{has} failed to meet several deadlines"),
    ),
)
WRAPS = (
    "It is false that {}",
    "It is not true that {}",
    "It is untrue that {}",
    "It is not the case that {}",
)


def facts_for(kind: str) -> list[Fact]:
    return [f for f in FACTS if kind in f.kinds]


def fact_side(ent: Ent, text: str, sl: dict[str, str], wrap: str = "") -> Side:
    return Side(ent, fill(text, sl), wrap)


def two(rng: random.Random, forms: tuple[str, ...]) -> tuple[str, str]:
    return tuple(rng.sample(forms, 2)) if len(forms) > 1 else (forms[0], forms[0])  # type: ignore[return-value]


def negation(rng: random.Random, label: str) -> Pair:
    fact = rng.choice(FACTS)
    ent = make_ent(rng, rng.choice(fact.kinds))
    sl = slots(rng)
    pos_all, neg_all = fact.pos + fact.pos_strong, fact.neg + fact.neg_strong
    if label == C:
        if rng.random() < 0.2:
            p = rng.choice(fact.pos)
            return Pair(
                fact_side(ent, p, sl),
                fact_side(ent, rng.choice(fact.pos), sl, rng.choice(WRAPS)),
                C,
                "negation-wrapped",
            )
        return Pair(
            fact_side(ent, rng.choice(pos_all), sl),
            fact_side(ent, rng.choice(neg_all), sl),
            C,
            "negation",
        )
    if label == E:
        mode = rng.random()
        if mode < 0.15:
            return Pair(
                fact_side(ent, rng.choice(fact.pos), sl, rng.choice(WRAPS)),
                fact_side(ent, rng.choice(fact.neg), sl),
                E,
                "negation-wrapped",
            )
        if mode < 0.35 and (fact.neg_strong or fact.pos_strong):
            strong, weak = (
                (fact.neg_strong, fact.neg) if fact.neg_strong else (fact.pos_strong, fact.pos)
            )
            return Pair(
                fact_side(ent, rng.choice(strong), sl),
                fact_side(ent, rng.choice(weak), sl),
                E,
                "negation-strong",
                False,
            )
        forms = fact.neg if rng.random() < 0.6 or len(fact.pos) < 2 else fact.pos
        a, b = two(rng, forms)
        kind = "negation-consistent" if forms is fact.neg else "negation-double"
        return Pair(fact_side(ent, a, sl), fact_side(ent, b, sl), E, kind)
    others = [f for f in facts_for(ent.kind) if f is not fact]
    a = fact_side(ent, rng.choice(neg_all), sl)
    if others and rng.random() < 0.5:
        f2 = rng.choice(others)
        return Pair(
            a, fact_side(ent, rng.choice(f2.pos + f2.neg), sl), N, "negation-other-attribute"
        )
    return Pair(
        a, fact_side(other_ent(rng, ent), rng.choice(pos_all), sl), N, "negation-other-entity"
    )


# --------------------------------------------------------------------------- antonyms, fate


@dataclass(frozen=True)
class Opp:
    kinds: tuple[str, ...]
    a: tuple[str, ...]
    b: tuple[str, ...]


OPPS = (
    Opp((P, F, CI), ("{is} wealthy", "{is} rich"), ("{is} impoverished", "{is} poor")),
    Opp((P,), ("{is} alive", "{is} still living"), ("{is} dead", "{is} deceased")),
    Opp(
        (CI,),
        ("{is} open to foreign traders", "welcome{s} foreign traders"),
        ("{is} closed to foreign traders", "ban{s} foreign traders"),
    ),
    Opp(
        (SW, PR),
        ("{is} open source", "{has} {poss} source code publicly available"),
        ("{is} closed source", "keep{s} {poss} source code private"),
    ),
    Opp(
        (CI, F, G),
        ("{is} allied with {other}", "{is} an ally of {other}"),
        ("{is} an enemy of {other}", "{is} hostile to {other}"),
    ),
    Opp((P,), ("{is} young", "{is} still young"), ("{is} elderly", "{is} very old")),
    Opp(
        (CI,),
        ("{is} an ancient city", "{is} a very old city"),
        ("{is} a recently founded city", "{is} a new city"),
    ),
    Opp(
        (CI, CO, G),
        ("saw {poss} revenue increase last year", "increased {poss} revenue last year"),
        ("saw {poss} revenue decrease last year", "saw {poss} revenue fall last year"),
    ),
    Opp(
        (CI,),
        (
            "saw {poss} population grow over the last decade",
            "grew in population over the last decade",
        ),
        (
            "saw {poss} population shrink over the last decade",
            "lost population over the last decade",
        ),
    ),
    Opp(
        (P,),
        ("won the {year} election", "won the election of {year}"),
        ("lost the {year} election", "lost the election of {year}"),
    ),
    Opp(
        (P, F, G),
        ("won the Battle of {place}", "emerged victorious at the Battle of {place}"),
        ("lost the Battle of {place}", "{was} defeated at the Battle of {place}"),
    ),
    Opp(
        (EV,),
        ("ended in victory for {other}", "ended in a victory for {other}"),
        ("ended in defeat for {other}", "ended in a defeat for {other}"),
    ),
    Opp(
        (P, G, CO),
        ("accepted the offer from {other}", "agreed to the offer from {other}"),
        ("rejected the offer from {other}", "turned down the offer from {other}"),
    ),
    Opp((CI, W), ("{has} a hot climate",), ("{has} a cold climate",)),
    Opp(
        (CI, W),
        ("{has} a wet climate", "{has} a rainy climate"),
        ("{has} a dry climate", "{has} an arid climate"),
    ),
    Opp(
        (CI,),
        ("lies in the north of {region}", "{is} in northern {region}"),
        ("lies in the south of {region}", "{is} in southern {region}"),
    ),
    Opp(
        (CI,),
        ("lies east of {place}", "{is} to the east of {place}"),
        ("lies west of {place}", "{is} to the west of {place}"),
    ),
    Opp(
        (P, F),
        ("{is} loved by the common folk", "{is} adored by the common folk"),
        ("{is} hated by the common folk", "{is} despised by the common folk"),
    ),
    Opp(
        (PL, IT),
        ("{is} legal in {region}", "can be sold legally in {region}"),
        ("{is} illegal in {region}", "{is} banned in {region}"),
    ),
    Opp((CI,), ("{is} a permanent settlement",), ("{is} a temporary settlement",)),
    Opp(
        (G,),
        ("{is} a public organisation", "operate{s} openly"),
        ("{is} a secret society", "operate{s} in secret"),
    ),
    Opp((PR,), ("succeeded", "{was} a success"), ("failed", "{was} a failure")),
    Opp((PR,), ("{is} complete", "{is} finished"), ("{is} unfinished", "{is} still incomplete")),
    Opp(
        (P,),
        ("was found guilty of {crime}", "was convicted of {crime}"),
        ("was found innocent of {crime}", "was acquitted of {crime}"),
    ),
    Opp(
        (P,),
        ("was present at the {meeting}", "attended the {meeting}"),
        ("was absent from the {meeting}", "missed the {meeting}"),
    ),
    Opp((CI,), ("{is} surrounded by fertile land",), ("{is} surrounded by barren land",)),
    Opp(
        (R,),
        ("{is} deep and slow", "{is} deep and slow-moving"),
        ("{is} shallow and fast", "{is} shallow and fast-flowing"),
    ),
    Opp(
        (S,),
        ("{is} a fast ship", "{is} a swift vessel"),
        ("{is} a slow ship", "{is} a sluggish vessel"),
    ),
    Opp(
        (CI,),
        ("{is} a busy trading hub", "{is} a bustling trading hub"),
        ("{is} a quiet backwater", "{is} a sleepy backwater"),
    ),
    Opp(
        (SP,),
        ("{is} friendly towards travellers", "{is} welcoming to travellers"),
        ("{is} hostile towards travellers", "{is} aggressive towards travellers"),
    ),
    Opp((CI, W), ("{is} inhabited", "{is} populated"), ("{is} uninhabited", "{is} deserted")),
    Opp((SW,), ("{is} stable",), ("{is} unstable",)),
    Opp(
        (SW, PR),
        ("{is} free to use", "cost{s} nothing to use"),
        ("require{s} a paid licence", "{is} only available with a paid licence"),
    ),
    Opp(
        (SW, PR),
        ("{is} actively maintained", "{is} still maintained"),
        ("{is} unmaintained", "{is} no longer maintained"),
    ),
    Opp(
        (R,), ("{is} clean", "{has} clean water"), ("{is} heavily polluted", "{has} polluted water")
    ),
    Opp((R,), ("carr{ies} fresh water",), ("carr{ies} salt water",)),
    Opp(
        (SP,),
        ("{is} domesticated", "{has} been domesticated"),
        ("{is} wild", "{has} never been domesticated"),
    ),
    Opp(
        (SP,),
        ("{is} nocturnal", "{is} active mainly at night"),
        ("{is} diurnal", "{is} active mainly during the day"),
    ),
    Opp(
        (SP,),
        ("eat{s} only plants", "{is} strictly herbivorous"),
        ("eat{s} only meat", "{is} strictly carnivorous"),
    ),
    Opp(
        (P,),
        ("{is} retired", "{has} retired from service"),
        ("{is} still in active service", "{has} not yet retired"),
    ),
    Opp((P,), ("{is} mortal",), ("{is} immortal",)),
    Opp((P,), ("{is} shy", "{is} timid"), ("{is} outgoing", "{is} extroverted")),
    Opp((P,), ("{is} honest", "{is} truthful"), ("{is} dishonest", "{is} untruthful")),
    Opp(
        (P,),
        ("arrived early to the {meeting}", "got to the {meeting} early"),
        ("arrived late to the {meeting}", "got to the {meeting} late"),
    ),
    Opp((CI, F), ("{has} full granaries",), ("{has} empty granaries",)),
    Opp(
        (CO, G),
        ("raised {poss} prices last year", "increased {poss} prices last year"),
        ("lowered {poss} prices last year", "cut {poss} prices last year"),
    ),
    Opp(
        (P, F),
        ("supported the {law}", "backed the {law}"),
        ("opposed the {law}", "fought against the {law}"),
    ),
    Opp((PL, IT), ("{is} cheap", "{is} inexpensive"), ("{is} expensive", "{is} costly")),
    Opp(
        (PL, SP),
        ("{is} common in {region}", "{is} widespread in {region}"),
        ("{is} rare in {region}", "{is} scarce in {region}"),
    ),
    Opp(
        (P, F),
        ("remained loyal to {other}", "stayed loyal to {other}"),
        ("betrayed {other}", "turned against {other}"),
    ),
    Opp((P,), ("{is} tall",), ("{is} short",)),
    Opp((P,), ("{is} married",), ("{is} unmarried", "{is} single")),
    Opp((PL,), ("bear{s} sweet fruit",), ("bear{s} bitter fruit",)),
    Opp((CI,), ("lies upstream of {place}",), ("lies downstream of {place}",)),
    Opp(
        (CI,),
        ("lies inside the borders of {region}", "lies within the borders of {region}"),
        ("lies outside the borders of {region}", "lies beyond the borders of {region}"),
    ),
    Opp(
        (CO, PR),
        ("{is} profitable", "turn{s} a profit"),
        ("{is} unprofitable", "operate{s} at a loss"),
    ),
    Opp(
        (CI, CO),
        ("{is} a net importer of grain", "import{s} more grain than {poss} exports"),
        ("{is} a net exporter of grain", "export{s} more grain than {poss} imports"),
    ),
)
FATES = (
    Opp(
        (P,),
        ("'s fate is unknown", "'s fate remains unknown"),
        ("{is} known to be safe", "{is} confirmed to be safe"),
    ),
    Opp(
        (P,),
        ("died in the {war}", "was killed in the {war}", "did not survive the {war}"),
        ("survived the {war}", "lived through the {war}", "came through the {war} alive"),
    ),
    Opp(
        (P, S),
        ("{is} still missing", "{has} not been found", "{has} yet to be found"),
        ("{has} been found", "{has} since been found"),
    ),
    Opp(
        (P,),
        ("{is} imprisoned in {place}", "{is} held captive in {place}"),
        ("{is} free", "walk{s} free"),
    ),
    Opp((P,), ("was executed for {crime}",), ("was pardoned for {crime} and released",)),
    Opp(
        (S,),
        ("sank during the {storm}", "went down during the {storm}"),
        ("came through the {storm} intact", "survived the {storm} intact"),
    ),
    Opp(
        (F,),
        ("{was} wiped out in the {war}", "did not survive the {war}"),
        ("survived the {war}", "came through the {war}"),
    ),
)


def opp_ent(rng: random.Random, kinds: tuple[str, ...]) -> Ent:
    kind = rng.choice(kinds)
    return event_ent(rng) if kind == EV else make_ent(rng, kind)


def opposite(rng: random.Random, label: str, table: tuple[Opp, ...], name: str) -> Pair:
    opp = rng.choice([o for o in table if label != E or len(o.a) > 1 or len(o.b) > 1])
    ent = opp_ent(rng, opp.kinds)
    sl = slots(rng)
    if ent.kind in (CI, F, G):
        sl["other"] = other_ent(rng, ent).core
    a_side, b_side = (opp.a, opp.b) if rng.random() < 0.5 else (opp.b, opp.a)
    if label == C:
        return Pair(
            fact_side(ent, rng.choice(a_side), sl), fact_side(ent, rng.choice(b_side), sl), C, name
        )
    if label == E:
        forms = a_side if len(a_side) > 1 else b_side
        a, b = two(rng, forms)
        return Pair(fact_side(ent, a, sl), fact_side(ent, b, sl), E, f"{name}-synonym")
    return Pair(
        fact_side(ent, rng.choice(a_side), sl),
        fact_side(other_ent(rng, ent), rng.choice(b_side), sl),
        N,
        f"{name}-other-entity",
    )


def antonym(rng: random.Random, label: str) -> Pair:
    return opposite(rng, label, OPPS, "antonym")


def fate(rng: random.Random, label: str) -> Pair:
    return opposite(rng, label, FATES, "fate")


# --------------------------------------------------------------------------- exclusive attributes


@dataclass(frozen=True)
class Excl:
    kinds: tuple[str, ...]
    templates: tuple[str, ...]
    values: Callable[[random.Random], list[str]]
    hypo: Callable[[random.Random, str], str | None]
    exclusive: bool = True
    compatible: tuple[str, ...] = ()


def fixed(*vals: str) -> Callable[[random.Random], list[str]]:
    return lambda rng: rng.sample(vals, 2)


def names(rng: random.Random) -> list[str]:
    return [word(rng), word(rng) + word(rng, 1, 1).lower()]


def people(rng: random.Random) -> list[str]:
    return [f"{word(rng)} {word(rng)}", f"{word(rng)} {word(rng)}"]


def sub_of(table: dict[str, tuple[str, ...]]) -> Callable[[random.Random, str], str | None]:
    return lambda rng, v: rng.choice(table[v]) if v in table else None


def district_of(rng: random.Random, v: str) -> str:
    return f"the {rng.choice(DISTRICTS)} of {v}"


RACE_SUB = {
    "elf": ("wood elf", "high elf", "sea elf"),
    "dwarf": ("hill dwarf", "mountain dwarf"),
    "giant": ("frost giant", "hill giant"),
    "goblin": ("cave goblin",),
}
EXCLS = (
    Excl(
        (P,),
        ("{is} {av}", "{is} {av} by birth"),
        fixed("human", "dwarf", "elf", "orc", "halfling", "gnome", "goblin", "giant"),
        sub_of(RACE_SUB),
    ),
    Excl(
        (P,),
        ("was born in {v}", "'s birthplace is {v}"),
        names,
        district_of,
        compatible=("{has} visited {w}", "later moved to {w}", "{has} relatives in {w}"),
    ),
    Excl(
        (P, F),
        ("live{s} in {v}", "make{s} {poss} home in {v}"),
        names,
        district_of,
        compatible=("{has} visited {w}", "once travelled to {w}", "{has} friends in {w}"),
    ),
    Excl(
        (P,),
        ("was killed by {v}", "was slain by {v}", "died at the hands of {v}"),
        people,
        lambda rng, v: None,
        compatible=("was betrayed by {w}", "was hunted for years by {w}"),
    ),
    Excl(
        (P,),
        ("hold{s} the rank of {v}", "serve{s} with the rank of {v}"),
        fixed(*RANKS),
        lambda rng, v: None,
    ),
    Excl(
        (P,),
        ("{has} {v} eyes",),
        fixed("green", "brown", "grey", "blue", "amber"),
        sub_of(
            {
                "green": ("emerald-green",),
                "brown": ("dark brown",),
                "blue": ("pale blue",),
                "grey": ("steel-grey",),
            }
        ),
    ),
    Excl(
        (IT, S),
        ("{is} made entirely of {v}", "{is} made wholly of {v}"),
        fixed("wood", "metal", "glass", "bone", "stone"),
        sub_of(
            {
                "wood": ("oak", "pine", "ash"),
                "metal": ("iron", "copper", "bronze"),
                "stone": ("granite", "marble"),
            }
        ),
    ),
    Excl(
        (S,),
        ("{is} painted entirely {v}", "{has} a hull painted entirely {v}"),
        fixed("red", "blue", "black", "white", "green", "yellow"),
        sub_of({"red": ("crimson", "scarlet"), "blue": ("navy blue",), "green": ("dark green",)}),
    ),
    Excl(
        (SP, PL),
        ("{is} found only in {v}", "occur{s} only in {v}"),
        names,
        lambda rng, v: f"the {rng.choice(('northern', 'southern', 'western'))} hills of {v}",
    ),
    Excl(
        (G, CO),
        ("{was} founded by {v} alone", "{was} founded solely by {v}"),
        people,
        lambda rng, v: None,
    ),
    Excl(
        (PL,),
        ("bloom{s} only in {v}",),
        fixed("white", "yellow", "red", "blue", "purple"),
        sub_of({"red": ("deep red",), "blue": ("pale blue",), "purple": ("violet",)}),
    ),
    Excl(
        (P,),
        ("{is} {av}", "work{s} as {av}"),
        fixed("bard", "blacksmith", "healer", "cartographer", "scribe", "merchant", "sailor"),
        sub_of(
            {
                "blacksmith": ("master blacksmith",),
                "bard": ("court bard",),
                "healer": ("temple healer",),
                "scribe": ("royal scribe",),
            }
        ),
        exclusive=False,
    ),
)


def excl_side(ent: Ent, template: str, v: str) -> Side:
    return Side(ent, template.replace("{av}", an(v)).replace("{v}", v))


def capital(rng: random.Random, label: str) -> Pair:
    region = word(rng)
    x = make_ent(rng, CI)
    forms = (f"{{is}} the capital of {region}", f"serve{{s}} as the capital of {region}")
    first = Side(x, rng.choice(forms))
    y = other_ent(rng, x)
    if label == C:
        return Pair(first, Side(y, rng.choice(forms)), C, "exclusive-capital")
    if label == E:
        return Pair(first, Side(x, rng.choice(forms)), E, "exclusive-capital-restated")
    other = rng.choice(
        (
            f"{{is}} the largest city in {region}",
            f"{{is}} a port city in {region}",
            f"{{is}} the oldest city in {region}",
        )
    )
    return Pair(first, Side(y, other), N, "exclusive-capital-compatible")


def exclusive(rng: random.Random, label: str) -> Pair:
    if rng.random() < 0.12:
        return capital(rng, label)
    pool = [e for e in EXCLS if e.exclusive] if label == C else list(EXCLS)
    spec = rng.choice(pool)
    ent = make_ent(rng, rng.choice(spec.kinds))
    v1, v2 = spec.values(rng)
    first = excl_side(ent, rng.choice(spec.templates), v1)
    if label == C:
        hypo = spec.hypo(rng, v1)
        if hypo and rng.random() < 0.3:
            first = excl_side(ent, rng.choice(spec.templates), hypo)
        return Pair(first, excl_side(ent, rng.choice(spec.templates), v2), C, "exclusive")
    if label == E:
        hypo = spec.hypo(rng, v1)
        if hypo:
            return Pair(
                excl_side(ent, rng.choice(spec.templates), hypo),
                excl_side(ent, rng.choice(spec.templates), v1),
                E,
                "exclusive-hypernym",
                False,
            )
        return Pair(first, excl_side(ent, rng.choice(spec.templates), v1), E, "exclusive-restated")
    mode = rng.random()
    if spec.compatible and mode < 0.4:
        return Pair(
            first,
            excl_side(ent, rng.choice(spec.compatible).replace("{w}", v2), v2),
            N,
            "exclusive-compatible",
        )
    others = [
        e
        for e in EXCLS
        if ent.kind in e.kinds
        and e is not spec
        and e.templates[0].startswith(("{is}", "hold", "{has}"))
        and spec.templates[0].startswith(("{is}", "hold", "{has}", "was born", "live"))
    ]
    if others and mode < 0.7:
        e2 = rng.choice(others)
        return Pair(
            first,
            excl_side(ent, rng.choice(e2.templates), e2.values(rng)[0]),
            N,
            "exclusive-other-attribute",
        )
    return Pair(
        first,
        excl_side(other_ent(rng, ent), rng.choice(spec.templates), v2),
        N,
        "exclusive-other-entity",
    )


# --------------------------------------------------------------------------- swapped relations


@dataclass(frozen=True)
class Rel:
    kinds: tuple[str, ...]
    fwd: tuple[str, ...]
    conv: tuple[str, ...]


RELS = (
    Rel((P,), ("{is} older than {B}",), ("{is} younger than {B}",)),
    Rel((P,), ("{is} taller than {B}",), ("{is} shorter than {B}",)),
    Rel((CI,), ("{is} larger than {B}", "{is} bigger than {B}"), ("{is} smaller than {B}",)),
    Rel((P, F, CI), ("{is} richer than {B}", "{is} wealthier than {B}"), ("{is} poorer than {B}",)),
    Rel(
        (CI,),
        ("lies north of {B}", "{is} to the north of {B}"),
        ("lies south of {B}", "{is} to the south of {B}"),
    ),
    Rel(
        (P, F, G),
        ("defeated {B} at the Battle of {place}", "beat {B} at the Battle of {place}"),
        ("{was} defeated by {B} at the Battle of {place}", "lost to {B} at the Battle of {place}"),
    ),
    Rel((P,), ("{is} the parent of {B}",), ("{is} a child of {B}",)),
    Rel((P, F, G, CO), ("owe{s} {B} money", "owe{s} money to {B}"), ("{is} owed money by {B}",)),
    Rel((P,), ("outrank{s} {B}",), ("{is} outranked by {B}",)),
    Rel((CO,), ("acquired {B}", "bought {B}"), ("{was} acquired by {B}", "{was} bought by {B}")),
    Rel((P,), ("hired {B} as an apprentice",), ("{was} hired by {B} as an apprentice",)),
    Rel((R,), ("{is} longer than {B}",), ("{is} shorter than {B}",)),
    Rel((S,), ("{is} faster than {B}",), ("{is} slower than {B}",)),
)


def relation(rng: random.Random, label: str) -> Pair:
    rel = rng.choice(RELS)
    a = make_ent(rng, rng.choice(rel.kinds))
    b = other_ent(rng, a)
    place = word(rng)

    def side(x: Ent, forms: tuple[str, ...], y: Ent) -> Side:
        return Side(
            x, rng.choice(forms).replace("{B}", surface(y, False, "")).replace("{place}", place)
        )

    first = side(a, rel.fwd, b)
    if label == C:
        return Pair(
            first, rng.choice((side(b, rel.fwd, a), side(a, rel.conv, b))), C, "relation-swapped"
        )
    if label == E:
        return Pair(
            first, rng.choice((side(b, rel.conv, a), side(a, rel.fwd, b))), E, "relation-converse"
        )
    c = other_ent(rng, b)
    return Pair(
        first, rng.choice((side(a, rel.fwd, c), side(c, rel.fwd, b))), N, "relation-other-entity"
    )


# --------------------------------------------------------------------------- unrelated facts


def statement(rng: random.Random, ent: Ent, source: object) -> Side:
    if isinstance(source, QSpec):
        return q_side(ent, source, rng, quick_q(rng, source))
    if isinstance(source, Fact):
        return fact_side(ent, rng.choice(source.pos + source.neg), slots(rng))
    if isinstance(source, Excl):
        return excl_side(ent, rng.choice(source.templates), source.values(rng)[0])
    forms = source if isinstance(source, tuple) else ("{was} founded {d}",)
    dt = rand_date(rng, ent.kind in MODERN)
    return dated(rng, ent, forms, date_text(dt, rng.choice(("year", "month", "full"))))


def plain(rng: random.Random, label: str) -> Pair:
    kind = rng.choice(ALL_KINDS)
    ent = make_ent(rng, kind)
    sources: list[object] = [s for s in QSPECS if kind in s.kinds]
    sources += facts_for(kind)
    sources += [e for e in EXCLS if kind in e.kinds and "killed" not in e.templates[0]]
    sources += [ev for ev in DATE_EVENTS.get(kind, ()) if kind != P or "born" in ev[0]]
    s1, s2 = rng.sample(sources, 2)
    return Pair(statement(rng, ent, s1), statement(rng, ent, s2), N, "unrelated-facts")


# --------------------------------------------------------------------------- note-style kinds

OBJS = ("root", "lantern", "copper ring", "map", "knife", "jar of honey", "ledger", "silver spoon")
BLDS = ("chapel", "mill", "granary", "library", "old tower", "bathhouse", "customs house")
YARDS = ("garden", "orchard", "courtyard", "herb garden", "cemetery")
ANIMALS = ("lizard", "fox", "hare", "owl", "snake", "stray cat", "raven")
THINGS = ("horses", "servants", "ships", "apprentices", "hounds", "wagons")
ROLE_WORDS = ("scribe", "healer", "blacksmith", "cartographer", "brewer", "tailor", "ferryman")

EV_PERSON = (
    "answered the door in a robe",
    "expected a hidden door behind the shelves of the {bld}",
    "stole a {obj} from the {yard} in {place}",
    "met the mayor of {place} at dawn",
    "found a {animal} in the snow near {place}",
    "sold a {obj} at the market in {place}",
    "wrote a letter to {other}",
    "lost a {obj} on the road to {place}",
    "repaired the roof of the {bld} in {place}",
    "sang at a wedding in {place}",
    "argued with a ferryman in {place}",
    "hid a {obj} under the floor of the {bld}",
    "bought a {obj} from a peddler in {place}",
    "dreamed of a tower in {place}",
    "fed the horses at the stables in {place}",
    "stopped at an inn in {place} on the way north",
    "painted a mural on a wall of the {bld}",
    "keep{s} a {animal} as a pet",
    "collect{s} old maps of {place}",
    "visit{s} the {yard} in {place} every week",
    "carved a {animal} out of driftwood",
    "borrowed a {obj} from {other}",
    "climbed onto the roof of the {bld} in {place}",
    "buried a {obj} in the {yard} behind the {bld}",
    "saw a {animal} near the {bld} in {place}",
    "waited for {other} outside the {bld}",
    "cooked dinner for the priests of {place}",
    "won a {obj} in a card game in {place}",
)
EV_PERSON_NEG = (
    "did not sleep that night",
    "never learned to swim",
    "{has} never ridden a horse",
    "did not attend the {meeting}",
    "{does} not drink wine",
    "{has} never been to {place2}",
    "never met {poss} grandparents",
    "{does} not own a sword",
    "did not pay the {law} last year",
    "{has} never seen the sea",
    "{does} not speak {lang}",
)
EV_ORG = (
    "hired {num} new clerks",
    "moved {poss} archive to the harbour of {place}",
    "held a feast in {place}",
    "opened a second hall in {place}",
    "lost a lawsuit against {other}",
    "bought a warehouse in {place}",
    "printed a new edition of {poss} charter",
    "repainted the doors of {poss} hall in {place}",
    "elected a new treasurer",
    "lent money to the council of {place}",
    "commissioned a statue of {other}",
    "publish{es} a newsletter every month",
    "train{s} apprentices in {place}",
    "rented a barge to carry grain to {place}",
    "hosted a delegation from {place}",
    "sued a carter from {place} over a lost crate",
)
EV_ORG_NEG = (
    "did not raise {poss} dues this year",
    "{has} never admitted a member from {place2}",
    "did not take part in the {war}",
    "{does} not own a ship",
    "never paid the {law}",
)

NEG_PARA = (  # (kinds, restatements of one negative fact)
    (
        (P, F, G),
        (
            "{X} will not share {poss} research",
            "{X} share{s} {poss} research with no one",
            "{X} keep{s} {poss} research to {self}",
        ),
    ),
    (
        (P, F, G),
        (
            "{X} refused to pay the {law}",
            "{X} did not pay the {law}, by {poss} own choice",
            "{X} chose not to pay the {law}",
        ),
    ),
    (
        (P, F),
        (
            "{X} {has} never been to {place}",
            "{X} {has} not once set foot in {place}",
            "{X} {has} never visited {place}",
        ),
    ),
    (
        (P, F),
        (
            "{X} rarely leave{s} {place}",
            "{X} seldom leave{s} {place}",
            "{X} leave{s} {place} only rarely",
        ),
    ),
    (
        (P, F, G),
        (
            "{X} {does} not trust the city watch",
            "{X} distrust{s} the city watch",
            "{X} {has} no trust in the city watch",
        ),
    ),
    (
        (P, F),
        (
            "{X} {is} not permitted to enter the {bld}",
            "{X} {is} forbidden to enter the {bld}",
            "{X} may not enter the {bld}",
        ),
    ),
    ((P, F), ("{X} {has} no heirs", "{X} {is} without heirs", "{X} {has} not a single heir")),
    (
        (P, F, G, CO),
        (
            "{X} {has} at least {n} {things}",
            "{X} {has} no fewer than {n} {things}",
            "{X} {has} not less than {n} {things}",
        ),
    ),
    (
        (P, F, G, CO),
        (
            "{X} {has} at most {n} {things}",
            "{X} {has} no more than {n} {things}",
            "{X} {does} not have more than {n} {things}",
        ),
    ),
    ((P,), ("{X} cannot read", "{X} {is} unable to read", "{X} {is} illiterate")),
    (
        (P, F),
        (
            "{X} cannot speak {lang}",
            "{X} {is} unable to speak {lang}",
            "{X} {does} not know how to speak {lang}",
        ),
    ),
    (
        (P, F, G),
        (
            "{X} {is} never late",
            "{X} always arrive{s} on time",
            "{X} {is} punctual without exception",
        ),
    ),
    (
        (P, F, G),
        (
            "{X} {has} no enemies in {place}",
            "Nobody in {place} is an enemy of {X}",
            "{X} {is} without enemies in {place}",
        ),
    ),
    (
        (P, F, G),
        (
            "{X} did not attend the {meeting}",
            "{X} {was} absent from the {meeting}",
            "{X} stayed away from the {meeting}",
        ),
    ),
    (
        (P,),
        (
            "{X} {was} never seen again after the {war}",
            "Nobody saw {X} again after the {war}",
            "After the {war}, no one ever saw {X} again",
        ),
    ),
    (
        (P, F, G),
        (
            "Since the {war}, {X} {has} said nothing to {other}",
            "{X} {has} not spoken to {other} since the {war}",
            "{X} {has} not said a word to {other} since the {war}",
        ),
    ),
    (
        (P, F),
        (
            "{X} {has} no interest in {magic} magic",
            "{X} {is} uninterested in {magic} magic",
            "{X} {does} not care about {magic} magic",
        ),
    ),
    ((P,), ("{X} {is} unmarried", "{X} {is} not married", "{X} {has} never married")),
    (
        (P,),
        (
            "{X} {has} never lost a duel",
            "{X} {is} undefeated in duels",
            "No one has ever beaten {X} in a duel",
        ),
    ),
    (
        (P, F, G),
        (
            "{X}'s experiments never succeed",
            "{X}'s experiments always fail",
            "Not one of {X}'s experiments succeeds",
        ),
    ),
    (
        (G, F),
        (
            "Only members of {X} may vote in the {meeting}",
            "No one outside {X} may vote in the {meeting}",
            "Nobody who is not a member of {X} may vote in the {meeting}",
        ),
    ),
    (
        (CI,),
        (
            "No one in {X} can read the old {script} script",
            "The old {script} script is unreadable to everyone in {X}",
            "Nobody in {X} is able to read the old {script} script",
        ),
    ),
    ((CI, R), ("{X} {has} no wolves", "Wolves are absent from {X}", "There are no wolves in {X}")),
    (
        (CI,),
        (
            "The bridge at {X} was never rebuilt",
            "Nobody has ever rebuilt the bridge at {X}",
            "The bridge at {X} has not been rebuilt at any point",
        ),
    ),
    (
        (CI,),
        (
            "Only mages may enter the library of {X}",
            "No one but a mage may enter the library of {X}",
            "Entry to the library of {X} is closed to everyone but mages",
        ),
    ),
    ((CI,), ("It never snows in {X}", "Snow never falls in {X}", "{X} never sees snow")),
    ((CI,), ("{X} {has} no walls", "{X} {is} unwalled", "{X} {is} not surrounded by walls")),
    (
        (CI,),
        (
            "Visitors rarely reach {X}",
            "Visitors seldom reach {X}",
            "Only rarely do visitors reach {X}",
        ),
    ),
    (
        (CI,),
        (
            "{X} {has} not been attacked since {year}",
            "No attack on {X} has happened since {year}",
            "Nobody has attacked {X} since {year}",
        ),
    ),
    (
        (CI,),
        (
            "The wells of {X} never run dry",
            "The wells of {X} always hold water",
            "There is never a time when the wells of {X} are dry",
        ),
    ),
    (
        (CI,),
        (
            "No ships dock at {X} in winter",
            "In winter, {X} receives no ships",
            "During winter, not a single ship docks at {X}",
        ),
    ),
    (
        (CI,),
        (
            "Nobody in {X} owns a horse",
            "Not a single person in {X} owns a horse",
            "No resident of {X} owns a horse",
        ),
    ),
    (
        (IT, S),
        (
            "{X} {has} never been repaired",
            "Nobody has ever repaired {X}",
            "{X} {has} not once been repaired",
        ),
    ),
    (
        (IT,),
        (
            "{X} cannot be opened without its key",
            "Without its key, {X} cannot be opened",
            "{X} opens only with its key",
        ),
    ),
    (
        (S,),
        (
            "{X} {has} never lost a crew member",
            "{X} {has} not lost a single crew member",
            "Not one crew member of {X} has ever been lost",
        ),
    ),
    (
        (PL,),
        (
            "{X} never bloom{s} in winter",
            "{X} {does} not flower in winter",
            "In winter, {X} never bloom{s}",
        ),
    ),
    (
        (SP,),
        (
            "{X} rarely attack{s} humans",
            "{X} seldom attack{s} humans",
            "Attacks on humans by {X} are rare",
        ),
    ),
    (
        (P, F, G, CO),
        (
            "{X} {has} no debts",
            "{X} owe{s} nothing to anyone",
            "{X} {does} not owe money to anyone",
        ),
    ),
)

RESTATE = (  # (kinds, restatements of one positive fact)
    (
        (P,),
        (
            "{X} guard{s} the garden of {place}",
            "{X} serve{s} as the guardian of the garden of {place}",
            "{T}: Guardian of the garden of {place}",
            "The garden of {place} is guarded by {X}",
        ),
    ),
    (
        (P, F),
        (
            "{X} founded the {org}",
            "The {org} was founded by {X}",
            "{T}: Founder of the {org}",
            "It was {X} who founded the {org}",
        ),
    ),
    (
        (P,),
        (
            "{X}, who was born in {place}, trained as a {role}",
            "{X} was born in {place} and trained as a {role}",
            "{X}, a native of {place}, trained as a {role}",
        ),
    ),
    (
        (P, F),
        (
            "{X} taught {other} to read",
            "{other} was taught to read by {X}",
            "{other} learned to read from {X}",
        ),
    ),
    (
        (P, F, G),
        (
            "{X} rebuilt the {bld} in {place} after the {storm}",
            "After the {storm}, {X} rebuilt the {bld} in {place}",
            "The {bld} in {place} was rebuilt by {X} after the {storm}",
        ),
    ),
    (
        (P, F, G),
        (
            "{X} sold the {obj} to {other}",
            "{other} bought the {obj} from {X}",
            "The {obj} was sold to {other} by {X}",
        ),
    ),
    (
        (P,),
        (
            "{X} {is} the eldest child of {other}",
            "Of {other}'s children, {X} {is} the eldest",
            "{T}: Eldest child of {other}",
        ),
    ),
    (
        (P, F),
        (
            "{X} raise{s} goats near {place}",
            "Near {place}, {X} raise{s} goats",
            "Goats are raised by {X} near {place}",
        ),
    ),
    (
        (P, F),
        (
            "{X} own{s} a tavern in {place}",
            "A tavern in {place} belongs to {X}",
            "{X} {is} the owner of a tavern in {place}",
            "{T}: Owner of a tavern in {place}",
        ),
    ),
    (
        (P,),
        (
            "{X} command{s} the {place} garrison",
            "The {place} garrison is under {X}'s command",
            "{T}: Commander of the {place} garrison",
            "{X}, who commands the {place} garrison",
        ),
    ),
    (
        (P, F),
        (
            "{X} lead{s} the {org}",
            "The {org} is led by {X}",
            "{T}: Leader of the {org}",
            "{X} {is} the leader of the {org}",
        ),
    ),
    (
        (P, G),
        (
            "{X} translated the Book of {place} into {lang}",
            "The Book of {place} was translated into {lang} by {X}",
            "{T}: Translator of the Book of {place} into {lang}",
        ),
    ),
    (
        (P,),
        (
            "{X} work{s} as a {role} in {place}",
            "{X} {is} a {role} who works in {place}",
            "{T}: {Role} in {place}",
            "In {place}, {X} work{s} as a {role}",
        ),
    ),
    ((P, F), ("{X} {is} afraid of the sea", "{X} fear{s} the sea", "The sea frightens {X}")),
    (
        (P, F, G),
        (
            "{X} discovered the ruins at {place}",
            "The ruins at {place} were discovered by {X}",
            "{T}: Discoverer of the ruins at {place}",
        ),
    ),
    (
        (P, F, G),
        (
            "{X} moved to {place} in {year}",
            "In {year}, {X} relocated to {place}",
            "{X} relocated to {place} in {year}",
        ),
    ),
    (
        (P,),
        (
            "{X}, the {role} of {place}, keeps bees",
            "{X} is the {role} of {place} and keeps bees",
            "{X}, who is the {role} of {place}, keeps bees",
        ),
    ),
    (
        (G, CO),
        (
            "{X} built the harbour wall of {place}",
            "The harbour wall of {place} was built by {X}",
            "{T}: Builder of the harbour wall of {place}",
        ),
    ),
    (
        (G, CO),
        (
            "{X} employ{s} most of the dockworkers in {place}",
            "Most of the dockworkers in {place} work for {X}",
            "Most dockworkers in {place} are employed by {X}",
        ),
    ),
    (
        (CI,),
        (
            "{X} lies on the banks of the {river} River",
            "The {river} River flows past {X}",
            "{X} sits on the bank of the {river} River",
        ),
    ),
    (
        (CI,),
        (
            "{X} {is} famous for its glassworks",
            "{X} {is} known far and wide for its glassworks",
            "{T}: Famous for its glassworks",
        ),
    ),
    (
        (S,),
        (
            "{X} carried the queen to {place}",
            "The queen was carried to {place} aboard {X}",
            "The queen sailed to {place} aboard {X}",
        ),
    ),
)

FRAG = (  # (values, fragment forms, sentence forms, compatible forms, role)
    (
        ("North", "South", "East", "West"),
        ("{v} gate guard", "guard at the {v} Gate", "stands guard at the {v} Gate"),
        (
            "{X}, a guard stationed at the {v} Gate",
            "{X} guards the {v} Gate",
            "{X} stands watch at the {v} Gate",
            "{X} is posted as a guard at the {v} Gate",
        ),
        (
            "{X}, a guard who drinks too much",
            "{X}, a guard with a limp",
            "{X} has guarded the gate for {n} years",
        ),
    ),
    (
        "names",
        ("born in {v}", "native of {v}", "b. in {v}"),
        ("{X} was born in {v}", "{X}, who was born in {v}", "{X} is a native of {v}"),
        ("{X} grew up in {w}", "{X} once lived in {w}", "{X} has a cousin in {v}"),
    ),
    (
        "ages",
        ("aged {v}", "{v} years old", "age {v}"),
        ("{X} is {v} years old", "{X}, who is {v} years old", "{X} is {v}"),
        ("{X} looks older than {poss} years", "{X} married at {age}"),
    ),
    (
        ("sergeant", "lieutenant", "captain", "major"),
        ("{V} of the {place} watch", "{v} in the {place} watch", "watch {v}, {place}"),
        (
            "{X} holds the rank of {v} in the {place} watch",
            "{X}, {av} in the {place} watch",
            "{X} serves as {av} of the {place} watch",
        ),
        (
            "{X} joined the {place} watch at {age}",
            "{X} patrols the walls of {place}",
            "{X} patrols the docks of {place}",
        ),
    ),
    (
        ("dwarf", "elf", "human", "orc", "halfling"),
        ("{V}", "{V}, {role}", "{role}; {v}"),
        ("{X} is {av}", "{X}, {av} from {place},", "{X} is {av} by birth"),
        ("{X} is a {role} in {place}", "{X}, a {role} who drinks too much"),
    ),
    (
        "years",
        ("died {v}", "d. {v}", "died in {v}"),
        ("{X} died in {v}", "{X}, who died in {v}", "{X} passed away in {v}"),
        ("{X} fell ill in {v}", "{X} was buried in {place}"),
    ),
)
EXTRAS = (
    "married, two children",
    "veteran of the {war}",
    "fond of dice",
    "owes {other} money",
    "keeps a dog",
    "see [[{place} Watch]]",
    "left-handed",
    "never without a pipe",
)
GENERIC_N = (
    "{X} drinks too much",
    "{X} owes money to {other}",
    "{X} keeps a dog named {w}",
    "{X} has a scar on {poss} left hand",
    "{X} was once a fisherman",
    "{X} sings in the choir at {place}",
)


def note_slots(rng: random.Random) -> dict[str, str]:
    sl = slots(rng)
    sl.update(
        obj=rng.choice(OBJS),
        bld=rng.choice(BLDS),
        yard=rng.choice(YARDS),
        animal=rng.choice(ANIMALS),
        things=rng.choice(THINGS),
        n=str(rng.randint(2, 12)),
        age=str(rng.randint(16, 30)),
        num=rng.choice(NUM_WORDS[2:8]),
        role=(role := rng.choice(ROLE_WORDS)),
        Role=role.capitalize(),
        org=rng.choice((f"{word(rng)} Guild", f"Order of {word(rng)}", f"{word(rng)} Society")),
        script=word(rng),
        river=word(rng),
        w=word(rng),
    )
    return sl


def note_text(t: str, ent: Ent, sl: dict[str, str], md: str) -> str:
    self_word = (
        "themselves" if ent.plural else {"her": "herself", "his": "himself"}.get(ent.poss, "itself")
    )
    t = agree(t.replace("{self}", self_word), ent)
    title = {"bold": f"**{ent.title}**", "link": f"[[{ent.title}]]"}.get(md, ent.title)
    t = t.replace("{T}", title).replace("{X}", surface(ent, False, md))
    return fill(t, sl)


def note_row(
    rng: random.Random, ent: Ent, a: str, b: str, sl: dict, label: str, kind: str
) -> dict[str, str]:
    if rng.random() < 0.5:
        a, b = b, a
    md = rng.choice(("bold", "link")) if rng.random() < 0.1 else ""
    ta, tb = (finish(note_text(x, ent, sl, md), rng, False).replace(",.", ".") for x in (a, b))
    return {"premise": ta, "hypothesis": tb, "label": label, "kind": kind}


def events_same_entity(rng: random.Random) -> dict[str, str]:
    if rng.random() < 0.65:
        ent, pos, neg = make_ent(rng, P), EV_PERSON, EV_PERSON_NEG
    else:
        ent, pos, neg = make_ent(rng, rng.choice((G, CO))), EV_ORG, EV_ORG_NEG
    sl = note_slots(rng)
    if rng.random() < 0.3:
        a, b = rng.choice(pos), rng.choice(neg)
    else:
        a, b = rng.sample(pos, 2)
    return note_row(rng, ent, "{X} " + a, "{X} " + b, sl, N, "events-same-entity")


def negation_paraphrase(rng: random.Random) -> dict[str, str]:
    kinds, forms = rng.choice(NEG_PARA)
    a, b = rng.sample(forms, 2)
    return note_row(
        rng, make_ent(rng, rng.choice(kinds)), a, b, note_slots(rng), E, "negation-paraphrase"
    )


def restatement(rng: random.Random) -> dict[str, str]:
    kinds, forms = rng.choice(RESTATE)
    a, b = rng.sample(forms, 2)
    return note_row(rng, make_ent(rng, rng.choice(kinds)), a, b, note_slots(rng), E, "restatement")


def frag_values(rng: random.Random, vals: object) -> tuple[str, str]:
    if vals == "names":
        return word(rng), word(rng)
    if vals == "ages":
        v1, v2 = rng.sample(range(18, 80), 2)
        return str(v1), str(v2)
    if vals == "years":
        v1, v2 = rng.sample(range(900, 1890), 2)
        return str(v1), str(v2)
    v1, v2 = rng.sample(vals, 2)  # type: ignore[arg-type]
    return v1, v2


def fragment_attribute(rng: random.Random) -> dict[str, str]:
    vals, frags, sents, compat = rng.choice(FRAG)
    ent = make_ent(rng, P)
    sl = note_slots(rng)
    v1, v2 = frag_values(rng, vals)
    frag = rng.choice(frags)
    extra = rng.choice(EXTRAS)
    frag = rng.choice((frag, f"{frag}, {extra}", f"{extra[0].upper()}{extra[1:]}; {frag}"))
    if frag.startswith("See ["):
        frag = rng.choice(frags)

    def put(t: str, v: str) -> str:
        return t.replace("{V}", v.capitalize()).replace("{av}", an(v)).replace("{v}", v)

    a = "{T}: " + put(frag, v1)
    label = rng.choice((C, E, N))
    if label == C:
        b = put(rng.choice(sents), v2)
    elif label == E:
        b = put(rng.choice(sents), v1)
    else:
        b = put(rng.choice(compat + GENERIC_N), v1)
    return note_row(rng, ent, a, b, sl, label, "fragment-attribute")


NOTE_KINDS = (events_same_entity, negation_paraphrase, restatement, fragment_attribute)


# --------------------------------------------------------------------------- assembly

GENERATORS: dict[str, tuple[Callable[[random.Random, str], Pair], ...]] = {
    C: (quantity, dates, ordinals, order, negation, antonym, exclusive, relation, fate),
    E: (quantity, dates, ordinals, order, negation, antonym, exclusive, relation, fate),
    N: (
        quantity,
        dates,
        ordinals,
        order,
        negation,
        antonym,
        exclusive,
        relation,
        fate,
        plain,
        plain,
    ),
}
WEIGHTS = {quantity: 2.0, dates: 1.3, negation: 2.0, antonym: 1.6, exclusive: 1.4}


def pick_generator(rng: random.Random, label: str) -> Callable[[random.Random, str], Pair]:
    gens = GENERATORS[label]
    return rng.choices(gens, weights=[WEIGHTS.get(g, 1.0) for g in gens])[0]


def pick_label(rng: random.Random) -> str:
    return rng.choices([lab for lab, _ in LABEL_WEIGHTS], weights=[w for _, w in LABEL_WEIGHTS])[0]


def finish(text: str, rng: random.Random, content_ok: bool) -> str:
    text = text[0].upper() + text[1:] if text[0].islower() else text
    if content_ok and rng.random() < 0.08:
        text += rng.choice(CONTENT_CLAUSES)
    text += "."
    if rng.random() < 0.06:
        text += rng.choice(TAGS)
    if rng.random() < 0.05:
        text = "- " + text
    return text


def realise(pair: Pair, rng: random.Random) -> dict[str, str]:
    a, b = pair.a, pair.b
    if pair.sym and rng.random() < 0.5:
        a, b = b, a
    ctx_side = -1
    if rng.random() < 0.15:
        ctx_side = rng.choice([i for i, s in enumerate((a, b)) if not s.wrap] or [-1])
    texts = []
    for i, side in enumerate((a, b)):
        md = rng.choice(("bold", "link")) if rng.random() < 0.12 else ""
        content_ok = pair.label != E or i == 0
        texts.append(finish(render(side, i == ctx_side, md), rng, content_ok))
    return {"premise": texts[0], "hypothesis": texts[1], "label": pair.label, "kind": pair.kind}


FRAME_HEADS = ("Notes", "History", "Overview", "Journal", "Lore", "Summary", "Log", "Index")


def frame_title(rng: random.Random) -> str:
    """The title of a note about something else (an overview, a log)."""
    return f"{word(rng).capitalize()} {rng.choice(FRAME_HEADS)}"


def framed_pair(rng: random.Random) -> dict[str, str]:
    """A pair as the scan shows it to the judge: each claim read in its note.

    A claim whose subject is a pronoun, or that has none, takes its note's title as its
    subject ("Orrin Family: They cannot ..."). Two such claims under the titles of two
    different subjects are neutral whatever they say: they are about different things. A
    claim that names its subject keeps its label under any note's title."""
    label = pick_label(rng)
    pair = pick_generator(rng, label)(rng, label)
    a, b = pair.a, pair.b
    if pair.sym and rng.random() < 0.5:
        a, b = b, a
    lab, kind = pair.label, f"framed-{pair.kind}"
    if not a.wrap and not b.wrap and rng.random() < 0.6:
        if lab in (C, E) and a.ent == b.ent and rng.random() < 0.5:
            b = replace(b, ent=other_ent(rng, a.ent))
            lab, kind = N, "framed-other-subject"
        texts = [render(a, True, ""), render(b, True, "")]
        if rng.random() < 0.3:  # fragments: "Title: has ..." without the pronoun
            texts = [strip_pronoun(t, s.ent) for t, s in zip(texts, (a, b), strict=True)]
    else:
        texts = [f"{frame_title(rng)}: {render(s, False, '')}" for s in (a, b)]
    return {
        "premise": finish(texts[0], rng, True),
        "hypothesis": finish(texts[1], rng, lab != E),
        "label": lab,
        "kind": kind,
    }


def strip_pronoun(text: str, ent: Ent) -> str:
    title, sep, body = text.partition(": ")
    if sep and body.startswith(ent.pron + " "):
        return f"{title}: {body[len(ent.pron) + 1 :]}"
    return text


# --------------------------------------------------------------------------- minimal edits

MIN_ROLES = (
    "Canalkeeper",
    "Lamplighter",
    "Archivist",
    "Ferrywarden",
    "Beekeeper",
    "Gatewarden",
    "Herbalist",
    "Bellringer",
    "Quartermaster",
    "Loremaster",
)
MIN_DUTIES = (  # (detailed, plain): the plain form drops only a modifier
    ("repairs the upper stone aqueducts", "repairs the stone aqueducts"),
    ("tends the old northern lighthouse", "tends the lighthouse"),
    ("keeps the temple's oldest records", "keeps the temple's records"),
    ("guards the eastern gate of {pl}", "guards the gate of {pl}"),
    ("repairs the stone bridges along the river", "repairs the bridges along the river"),
    ("rings the great bronze bell at dawn", "rings the bell at dawn"),
    ("brews healing draughts for the whole village", "brews healing draughts for the village"),
    ("copies the ancient star charts", "copies the star charts"),
    ("feeds the royal hunting hounds", "feeds the hunting hounds"),
    ("runs the small ferry across the lake", "runs the ferry across the lake"),
)
MIN_TRAILS = (
    "disappeared last spring",
    "rarely speaks",
    "lives alone near {pl}",
    "owes {B} a favour",
    "see [[{pl}]]",
    "once served in {pl}",
)
MIN_DETAIL = (  # (with detail, without): the premise carries the extra detail
    ("{A} carries a sealed letter from {B}", "{A} carries a letter from {B}"),
    ("{A} travelled to {pl} with {B}", "{A} travelled to {pl}"),
    ("{A} fled {pl} at night during the {season} floods", "{A} fled {pl}"),
    ("It directly influences {Y}", "It influences {Y}"),
    ("{A} quietly bought an old house in {pl}", "{A} bought a house in {pl}"),
    ("{A} trained for years under {B} in {pl}", "{A} trained under {B}"),
    ("{A} sold {B}'s silver ring at the market in {pl}", "{A} sold {B}'s ring"),
    ("{A} hid the map in the cellar of the inn at {pl}", "{A} hid the map in the cellar"),
)
MIN_SAME = (  # pairs of the same content in two wordings (symmetric)
    (
        "{A} carries a letter from {B} to deliver to {C}",
        "{A} still carries {B}'s letter addressed to {C}",
    ),
    ("{A} speaks {lang}", "{A} also speaks {lang}"),
    ("{A} lives in {pl}", "{A} now lives in {pl}"),
    ("{A} knows the way to {pl}", "{A} indeed knows the way to {pl}"),
    ("{A} visited {pl}", "{A} has visited {pl}"),
    ("{A} joined the {org}", "{A} has joined the {org}"),
    ("{A} founded the {org}", "The {org} was founded by {A}"),
    ("{A} wrote the {book}", "The {book} was written by {A}"),
    ("{A} rescued {B} from the fire", "{B} was rescued from the fire by {A}"),
    ("{A}'s sword hangs in the hall at {pl}", "The sword of {A} hangs in the hall at {pl}"),
    ("{A}'s journal mentions {B}", "The journal of {A} mentions {B}"),
    ("{A}'s brother runs the forge in {pl}", "The brother of {A} runs the forge in {pl}"),
    ("{A}, the {Role} of {pl}, {duty}", "{A} is the {Role} of {pl} and {duty}"),
    ("{A}, {B}'s apprentice, studies {lang}", "{A} is {B}'s apprentice and studies {lang}"),
    ("{A} — {Role} who {duty}", "{A} is the {Role} who {duty}"),
    ("{A}: {Role} who {duty}", "{A} is the {Role} who {duty}"),
    ("{A} — {Role} of {pl}", "{A} is the {Role} of {pl}"),
    ("{A} — mentor of {B}", "{A} is {B}'s mentor"),
    ("{A} — owns the inn at {pl}", "{A} owns the inn at {pl}"),
    ("{A} keeps {B}'s key", "{A} still keeps the key of {B}"),
    ("{Y} — a craft that shapes living things", "{Y} is a craft that shapes living things"),
)
MIN_LISTS = (  # non-exclusive verb, object pool
    ("likes {x}", ("apples", "pears", "plums", "honey cakes", "dark bread", "river fish")),
    ("speaks {x}", LANGS),
    ("has visited {x}", "places"),
    ("visited {x}", "places"),
    ("owns {x}", ("a sword", "a bow", "a horse", "a boat", "a lute", "a telescope")),
    ("collects {x}", ("old maps", "coins", "seashells", "pressed flowers", "carved masks")),
    ("studied {x}", ("astronomy", "herb lore", "law", "navigation", "alchemy", "history")),
    ("can wield {x} magic", MAGIC),
    ("trades in {x}", ("salt", "furs", "wine", "silk", "timber", "spices")),
    ("has read {x}", ("the {Y} Codex", "the {Z} Chronicle", "the Book of Tides", "the Red Ledger")),
    ("plays {x}", ("the lute", "the flute", "the harp", "dice", "chess")),
)
MIN_TIMES = (
    ("met {B} in {t}", "seasons"),
    ("visited {pl} in {t}", "seasons"),
    ("spoke with {B} in {t}", "months"),
    ("went hunting with {B} in {t}", "seasons"),
    ("sailed to {pl} in {t}", "months"),
    ("attended the {meeting} in {t}", "years"),
)
MIN_COMPANIONS = (
    "travelled with {x}",
    "fought alongside {x}",
    "shared a camp with {x}",
    "dined with {x}",
    "trained with {x}",
    "is friends with {x}",
    "wrote letters to {x}",
    "sometimes works with {x}",
)
MIN_HEDGE = (  # premise hedged, hypothesis plain: the hedge leaves it open
    ("{A} may visit {pl}", "{A} often visits {pl}"),
    ("{A} may know {B}", "{A} knows {B}"),
    ("{A} might be hiding in {pl}", "{A} is hiding in {pl}"),
    ("{A} may still carry {B}'s letter", "{A} still carries {B}'s letter"),
    ("{Y} may shape living things", "{Y} shapes living things"),
    ("{A} possibly owes {B} money", "{A} owes {B} money"),
    ("{A} may have met {B} in {pl}", "{A} met {B} in {pl}"),
)
MIN_ASPECTS = (
    "shapes living things",
    "has many uses",
    "is taught in {pl}",
    "draws on moonlight",
    "was first described by {B}",
    "is studied by the scholars of {pl}",
    "is older than the kingdom",
    "leaves a faint smell of ash",
)
MIN_CONTRA = (  # exclusive slots, high overlap, new styles
    ("{A} — {Role} who {duty}; alive", "{A}, the {Role}, died last {season}"),
    ("{A} — {Role} who {duty}; alive and well", "{A}, the {Role} who {duty}, died in {y}"),
    ("{A} — born in {pl}", "{A} was born in {pl2}"),
    ("{A}: born in {pl}", "{A} was born in {pl2}"),
    ("{A}'s birthplace is {pl}", "The birthplace of {A} is {pl2}"),
    ("{A}'s eldest daughter is {B}", "The eldest daughter of {A} is {C}"),
    ("{A}'s only brother is {B}", "The only brother of {A} is {C}"),
    ("{A}, the {Role} of {pl}, is {n} years old", "The {Role} of {pl}, {A}, is {n2} years old"),
    ("{A} founded the {org} in {y}", "The {org} was founded by {A} in {y2}"),
    ("{A} — {Role} of {pl}; never married", "{A}, the {Role} of {pl}, is married to {B}"),
    ("{A} still carries {B}'s letter addressed to {C}", "{A} has never carried a letter from {B}"),
    ("{A} — died in {pl}", "{A} died in {pl2}"),
    ("{A} — {Role} who {duty}", "{A} has never been {aRole}"),
    ("{A} — human", "{A} is an elf"),
    ("{A} — {Role}; blind since birth", "{A}, the {Role}, has always had perfect sight"),
)


def min_slots(rng: random.Random) -> dict[str, str]:
    names = set()
    while len(names) < 3:
        names.add(make_ent(rng, P).core)
    a, b, c = sorted(names, key=lambda _: rng.random())
    pl, pl2 = word(rng), word(rng)
    while pl2 == pl:
        pl2 = word(rng)
    y, y2 = rng.sample(range(900, 1890), 2)
    n, n2 = rng.sample(range(18, 80), 2)
    det, plain = rng.choice(MIN_DUTIES)
    return {
        "A": a,
        "B": b,
        "C": c,
        "pl": pl,
        "pl2": pl2,
        "Y": word(rng),
        "Z": word(rng),
        "Role": (role := rng.choice(MIN_ROLES)),
        "aRole": an(role),
        "duty_full": det,
        "duty": plain,
        "lang": rng.choice(LANGS),
        "org": rng.choice((f"{word(rng)} Guild", f"Order of {word(rng)}", f"{word(rng)} Society")),
        "book": rng.choice(("Book of Tides", f"{word(rng)} Chronicle", f"{word(rng)} Codex")),
        "season": rng.choice(SEASONS),
        "meeting": rng.choice(MEETINGS),
        "y": str(y),
        "y2": str(y2),
        "n": str(n),
        "n2": str(n2),
    }


def min_fill(t: str, sl: dict[str, str]) -> str:
    for _ in range(2):  # duties and trails may hold {pl}/{B}
        for k, v in sl.items():
            t = t.replace("{" + k + "}", v)
    return t


def min_two(rng: random.Random, pool: object, sl: dict[str, str]) -> tuple[str, str]:
    if pool == "places":
        return sl["pl"], sl["pl2"]
    if pool == "seasons":
        x, y = rng.sample(SEASONS, 2)
    elif pool == "months":
        x, y = rng.sample(MONTHS, 2)
    elif pool == "years":
        v = rng.randint(900, 1880)  # close years: one lifetime
        x, y = str(v), str(v + rng.randint(1, 9))
    else:
        x, y = rng.sample(pool, 2)  # type: ignore[arg-type]
    return x, y


def minimal_entailment(rng: random.Random, sl: dict[str, str]) -> tuple[str, str, bool]:
    mode = rng.random()
    if mode < 0.2:
        return "{A} " + rng.choice(("", "still ", "now ")) + "{duty_full}", "{A} {duty}", False
    if mode < 0.35:
        a, b = rng.choice(MIN_DETAIL)
        return a, b, False
    if mode < 0.5:
        trail = rng.choice(MIN_TRAILS)
        frag = rng.choice(("{A} — {Role} who {duty}", "{A}: {Role} who {duty}", "{A} — {Role}"))
        sent = "{A} is the {Role} who {duty}" if "duty" in frag else "{A} is the {Role}"
        return f"{frag}; {trail}", sent, False
    a, b = rng.choice(MIN_SAME)
    return a, b, True


def minimal_neutral(rng: random.Random, sl: dict[str, str]) -> tuple[str, str, bool]:
    mode = rng.random()
    if mode < 0.35:
        verb, pool = rng.choice(MIN_LISTS)
        x, y = min_two(rng, pool, sl)
        adv = rng.choice(("", "", "also "))
        return "{A} " + verb.replace("{x}", x), "{A} " + adv + verb.replace("{x}", y), True
    if mode < 0.5:
        verb, pool = rng.choice(MIN_TIMES)
        x, y = min_two(rng, pool, sl)
        return "{A} " + verb.replace("{t}", x), "{A} " + verb.replace("{t}", y), True
    if mode < 0.68:
        verb = rng.choice(MIN_COMPANIONS)
        return "{A} " + verb.replace("{x}", "{B}"), "{A} " + verb.replace("{x}", "{C}"), True
    if mode < 0.82:
        a, b = rng.choice(MIN_HEDGE)
        return a, b, False
    x, y = rng.sample(MIN_ASPECTS, 2)
    if rng.random() < 0.3:
        return "It directly influences {Y}", "{Y} " + y, True
    return "{Y} " + x, "{Y} " + y, True


def minimal_pair(rng: random.Random) -> dict[str, str]:
    label = rng.choices((E, N, C), weights=(0.40, 0.35, 0.25))[0]
    sl = min_slots(rng)
    if label == E:
        a, b, sym = minimal_entailment(rng, sl)
    elif label == N:
        a, b, sym = minimal_neutral(rng, sl)
    else:
        a, b = rng.choice(MIN_CONTRA)
        sym = True
    if sym and rng.random() < 0.5:
        a, b = b, a
    ta, tb = (finish(min_fill(x, sl), rng, False) for x in (a, b))
    return {"premise": ta, "hypothesis": tb, "label": label, "kind": f"minimal-{label}"}


def generate_pairs(
    n: int, seed: int, emphasis: bool = False, minimal: bool = False, framed: float = 0.0
) -> list[dict[str, str]]:
    """Return ``n`` labelled note-style pairs, deterministic for ``seed``.

    With ``emphasis``, half of the pairs are of the look-alike kinds a vault is full of
    (events-same-entity, negation-paraphrase, restatement, fragment-attribute); without it
    those kinds are not drawn (the first training phase's mix). With ``minimal``, half of the
    pairs are minimal-edit pairs (high word overlap, label by construction: restatements,
    non-exclusive changes, exclusive changes) and the other half follow the ``emphasis`` mix.
    ``framed``: the share of pairs read in their notes (`framed_pair`), drawn first.
    """
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        if framed and rng.random() < framed:
            out.append(framed_pair(rng))
            continue
        if minimal and rng.random() < 0.5:
            out.append(minimal_pair(rng))
            continue
        if (emphasis or minimal) and rng.random() < 0.5:
            out.append(rng.choice(NOTE_KINDS)(rng))
            continue
        label = pick_label(rng)
        out.append(realise(pick_generator(rng, label)(rng, label), rng))
    return out


if __name__ == "__main__":
    for row in generate_pairs(30, int(sys.argv[1]) if len(sys.argv) > 1 else 0):
        print(
            f"[{row['label']:<13}] {row['kind']}\n  P: {row['premise']}\n  H: {row['hypothesis']}"
        )
