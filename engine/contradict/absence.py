"""What a thing lacks and what it has: "There are no frets on the fingerboard" against "the
violin's fingerboard carries metal frets", "Naturally free of caffeine" against "contains as
much caffeine as green tea". One claim says a thing has no part, organ or feature (`lacked`);
another, about the same thing, says it has it without any negation (`had`). Whether the two
speak of one thing is the structural verdict's to decide; this module reads the words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.contradict.text import COMMON_VERBS, claim_cache, stem, stems_match

#: "lacks", "lacking any", "lack the ability to"
_LACK = r"\black(?:s|ed|ing)?\s+(?:any\s+|a\s+|an\s+|the\s+|all\s+)?"
#: "has no", "with no", "needs no", "there is no"
_HAS_NO = (
    r"\b(?:ha(?:s|ve|d)|contains?|bears?|carr(?:y|ies)|needs?|grows?|produces?|"
    r"possess(?:es)?|shows?|builds?|gains?|holds?|requires?|uses?|offers?|provides?|with|"
    r"there\s+(?:is|are|was|were|exists?))\s+no\s+"
)
#: "has no effect on": what the thing does not act on
_NO_EFFECT_ON = (
    r"\b(?:ha(?:s|ve|d)\s+)?no\s+(?:effect|influence|impact|action)\s+(?:at\s+all\s+)?"
    r"(?:on|upon)\s+(?:the\s+)?"
)
#: "no" opening a verbless list ("No external ears, and no ear openings either", "—no reverse
#: folds, no sinks")
_LISTED_NO = r"(?:^|(?<=[.;:—–])|(?<=,)|\band)\s*no\s+"
#: "free of", "devoid of"
_FREE = r"\b(?:free|devoid)\s+of\s+(?:any\s+)?"
#: "shipped without", "is without", "flown without any": a state, not a way of doing without
#: ("can go without water for weeks")
_WITHOUT = (
    r"(?:\b(?:is|are|was|were|be|been|comes?|came|sold|made|kept|left|sent|bought|brought|born)"
    r"|\b\w+(?:ed|wn|lt))\s+(?:\w+ly\s+)?"
    r"without\s+(?:any\s+|a\s+|an\s+)?"
)
#: "never produces", "does not have", "doesn't contain", "never develops any"
_HAVING_VERBS = (
    r"(?:ha(?:s|ve|d)|produc(?:es?|ed)|bears?|bore|grows?|grew|develops?|developed|forms?|"
    r"formed|contains?|contained|carr(?:y|ies|ied)|possess(?:es|ed)?|uses?|used)"
)
_NEVER_HAS = (
    rf"\b(?:never|(?:does|do|did)\s*(?:not|n['’]t))\s+{_HAVING_VERBS}\s+"
    r"(?:any\s+|a\s+|an\s+)?"
)
_MARKERS = re.compile(
    rf"(?P<marker>(?P<effect>{_NO_EFFECT_ON})|{_LACK}|{_FREE}|{_WITHOUT}|{_NEVER_HAS}|{_HAS_NO}|(?P<listed>{_LISTED_NO}))"
    r"(?P<ability>(?:ability|capacity)\s+to\s+)?",
    re.IGNORECASE,
)

#: "no longer", "no one", "no more": no thing is said to be missing
_NOT_A_THING = frozenset(
    """
    longer more less one doubt matter sooner later fewer wonder way need reason use part kind
    sort thing things time times sign signs trace traces evidence record records effect
    difference change role idea case point place other such single fixed set clear known real
    direct obvious special particular further exception exceptions account means sense
    """.split()
)

#: Words after "no" that make no noun phrase of it.
_NOT_AFTER_NO = frozenset("longer more less one sooner later fewer matter doubt wonder".split())

#: Adverbs that close a list of what is missing ("no ear openings either").
_TRAILING = frozenset("either altogether whatsoever anywhere".split())

#: Words that end the noun phrase after a marker.
_PHRASE_ENDS = frozenset(
    """
    on in at of for to from with by as than that which who whose where when while because since
    so but yet nor is are was were be been being has have had can could will would may might
    must should do does did at all ever left remaining
    today now here there instead beyond inside outside within between into onto upon over under
    through its their his her it they this these those
    """.split()
)

#: Words that may stand between a marker and its noun: articles, adjectives are kept (the
#: head is the phrase's last word), these are dropped.
_DROPPED = frozenset("any a an the all true real such".split())


@dataclass(frozen=True)
class Lack:
    """One thing a claim says is missing: `head` (its last word, lower case) as written in
    `text` (the marker and its phrase: "no frets")."""

    head: str
    text: str
    relation: str = "has"  # or "acts on" ("has no effect on cyclooxygenase")


#: Plurals not formed with -s ("teeth", "leaves").
_IRREGULAR = {
    "teeth": "tooth", "feet": "foot", "geese": "goose", "mice": "mouse", "men": "man",
    "women": "woman", "children": "child", "leaves": "leaf", "knives": "knife",
    "wolves": "wolf", "lives": "life", "calves": "calf", "halves": "half", "hooves": "hoof",
    "shelves": "shelf", "loaves": "loaf", "oxen": "ox", "lice": "louse", "dice": "die",
}  # fmt: skip


def _singular(word: str) -> str:
    w = word.lower()
    if w in _IRREGULAR:
        return _IRREGULAR[w]
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith(("ches", "shes", "sses", "xes")):
        return w[:-2]
    if w.endswith("s") and not w.endswith(("ss", "us", "is")) and len(w) > 3:
        return w[:-1]
    return w


def same_thing_word(a: str, b: str) -> bool:
    """Words `a` and `b` name one thing: one singular, one stem, or one word in two forms
    ("echolocation" / "echolocate", "openings" / "opening")."""
    sa, sb = _singular(a), _singular(b)
    if sa == sb or stems_match(stem(sa), stem(sb)):
        return True
    prefix = 0
    for ca, cb in zip(sa, sb, strict=False):
        if ca != cb:
            break
        prefix += 1
    return prefix >= 8 and prefix >= min(len(sa), len(sb)) - 3


_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*|[,;:.!?()—–]")


def _phrase_heads(rest: str) -> tuple[list[tuple[str, str]], bool]:
    """The heads of the noun phrase (or of each item of "A or B") that opens `rest`, each
    with the words up to it, and whether the phrase ends its clause (a stop or the end)."""
    heads: list[tuple[str, str]] = []
    words: list[str] = []
    ends_clause = True
    for m in _WORD.finditer(rest):
        w = m.group()
        low = w.lower()
        if not w[0].isalpha():
            break
        if low in _TRAILING:
            break
        if not words and low in _NOT_AFTER_NO:
            return [], False  # "no longer", "no one", "no more"
        if (
            low in _PHRASE_ENDS
            or low.endswith("ly")
            or (words and not low.endswith(("ing", "ed")) and stem(low) in COMMON_VERBS)
        ):
            ends_clause = False
            break
        if low in ("or", "and"):
            if words:
                heads.append((words[-1], " ".join(words)))
            words = []
            continue
        if low in _DROPPED and not words:
            continue
        words.append(w)
        if len(words) > 3:
            return heads, False
    if words:
        heads.append((words[-1], " ".join(words)))
    return heads, ends_clause


#: "wingless", "caffeine-free": a thing without what the word's stem names.
_WITHOUT_SUFFIX = re.compile(
    r"(?:^(?:\w+ly\s+)?|\b(?:is|are|was|were|be|been|being|remains?|remained|becomes?|became)"
    r"\s+(?:\w+ly\s+)?)(?P<word>(?P<base>[A-Za-z]{3,}?)-?(?:less|free))"
    r"(?=\s*(?:[,;.:)]|$)|\s+(?:and|or|at|from|in|on|by|since|throughout|until)\b)",
    re.IGNORECASE,
)
#: "-less" words that name no missing part ("useless", "endless", "wireless").
_NOT_WITHOUT = frozenset(
    """
    unless nevertheless nonetheless regardless doubtless endless countless careless restless
    useless homeless priceless timeless relentless ruthless reckless tireless harmless
    pointless helpless hopeless needless effortless seamless wireless fearless aimless
    breathless ceaseless fruitless limitless matchless nameless numberless powerless
    senseless shameless speechless spotless thankless thoughtless worthless blameless
    bottomless boundless careless cordless guiltless heedless jobless lawless mindless
    motionless penniless selfless sleepless stainless topless weightless
    """.split()
)


@claim_cache(8192)
def lacked(text: str) -> tuple[Lack, ...]:
    """What claim `text` says is missing: "no frets on the fingerboard" (frets), "free of
    caffeine", "never produce flowers or seeds" (flowers, seeds), "lack any ability to
    echolocate" (echolocate). "No" opening a clause with its own verb ("No octopus tends its
    eggs") says nothing lacks a thing and is left out."""
    found: list[Lack] = []
    for m in _MARKERS.finditer(text):
        heads, ends_clause = _phrase_heads(text[m.end() :])
        if m.group("listed") and not ends_clause:
            continue  # "No octopus tends its eggs": a subject, not a list of what is missing
        if m.group("ability"):
            heads = heads[:1]  # "lack any ability to echolocate and hunt by sight": one verb
        for head, phrase in heads:
            low = head.lower()
            if low in _NOT_A_THING or len(low) < 3 or low.endswith(("ing", "ed")):
                continue
            relation = "acts on" if m.group("effect") else "has"
            found.append(Lack(low, f"{m.group().strip()} {phrase}".strip(), relation))
    # said of the thing ("Kiwi are flightless and ..."), not of a kind of it ("seedless grapes")
    for m in _WITHOUT_SUFFIX.finditer(text):
        word, base = m.group("word").lower(), m.group("base").lower()
        if (
            word in _NOT_WITHOUT
            or base in _NOT_A_THING
            or (word.endswith("free") and "-" not in word)
        ):
            continue  # "carefree", "useless": no part missing
        found.append(Lack(base, m.group("word")))
    return tuple(found)


@claim_cache(8192)
def had(text: str, head: str) -> str | None:
    """Where claim `text` writes a word naming `head` ("metal frets" for "frets"), with the
    two words before it; None where it does not."""
    tokens = list(_WORD.finditer(text))
    for i, m in enumerate(tokens):
        if m.group()[0].isalpha() and same_thing_word(m.group(), head):
            start = tokens[max(0, i - 2)].start()
            while start < m.start() and not text[start].isalpha():
                start += 1
            return text[start : m.end()]
    return None


#: What a claim sets aside for what it says ("beams of electrons instead of visible light",
#: "a curved mirror, not a lens, gathers the light", "cousins of the dinosaurs but not
#: dinosaurs themselves"): the phrase after the marker is what the thing is, has or does not.
_EXCLUDING = re.compile(
    r"(?P<marker>\binstead\s+of|\brather\s+than|(?:[,;—–]|\bbut)\s*not"
    r"(?:\s+(?:from|by|for|with|in|on|at|as|of|to|through|via|because\s+of))?)\s+",
    re.IGNORECASE,
)
#: Words that close a set-aside phrase without naming what is set aside ("dinosaurs
#: themselves").
_CLOSING = frozenset("themselves itself himself herself alone".split())


@claim_cache(8192)
def _excluded_spans(text: str) -> tuple[tuple[int, int, str], ...]:
    """Where claim `text` sets a thing aside (`_EXCLUDING`): (start, end, the thing's last
    word in lower case) for each; a verb set aside ("rather than flushing it away") is left
    out."""
    found: list[tuple[int, int, str]] = []
    for m in _EXCLUDING.finditer(text):
        heads, _ = _phrase_heads(text[m.end() :])
        if not heads:
            continue
        words = heads[-1][1].split()
        while len(words) > 1 and words[-1].lower() in _CLOSING:
            words.pop()
        low = words[-1].lower()
        if low in _NOT_A_THING or low in _CLOSING or len(low) < 3:
            continue
        if low.endswith(("ing", "ed")) or stem(low) in COMMON_VERBS:
            continue
        end = text.find(words[-1], m.end()) + len(words[-1])
        start = m.start() + len(m.group()) - len(m.group().lstrip(" ,;—–"))
        found.append((start, end, low))
    return tuple(found)


@claim_cache(8192)
def excluded(text: str) -> tuple[Lack, ...]:
    """What claim `text` sets aside ("instead of visible light": light; ", not a lens,":
    lens; "but not dinosaurs themselves": dinosaurs), each with the words that say so."""
    return tuple(Lack(head, text[start:end], "is") for start, end, head in _excluded_spans(text))


def without_excluded(text: str) -> str:
    """Claim `text` with what it sets aside (`excluded`) taken out: what it says the thing
    is, has or does."""
    out, at = [], 0
    for start, end, _ in _excluded_spans(text):
        out.append(text[at:start])
        at = end
    out.append(text[at:])
    return "".join(out)
