"""How two peoples, groups or powers stand towards each other: friends or foes ("the humans
and the kathali live in harmony" / "humans and kathali have been bitter enemies"; "kept their
grudge against the Empire" / "became the Empire's most loyal allies"). Allies and enemies
exclude each other, so two claims that name the same two parties with opposite stances
disagree, however differently the rest of each sentence runs.

A claim states a stance only where it names two parties (names with capitals, or the two
sides of "A and B") and one stance word of one side, with nothing that negates it, hedges it,
or sets it in another time ("once allies", "no longer enemies", "until the war").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.contradict.text import claim_cache, stem

_FRIENDLY = (
    r"allies|ally|allied|alliance|friends|friendship|friendly|harmony|peace|peaceful|"
    r"partners|loyal"
)
_HOSTILE = (
    r"enemies|enemy|hostile|hostility|grudge|feud|feuding|rivals|rivalry|war|hatred|hate|hated|"
    r"distrust|mistrust|animosity|enmity|foes|foe|hostilities"
)
_STANCE = re.compile(rf"\b(?:(?P<friend>{_FRIENDLY})|(?P<foe>{_HOSTILE}))\b", re.IGNORECASE)
#: What negates, hedges or sets a stance in another time.
_UNSETTLED = re.compile(
    r"\b(?:not|never|no|nor|n['’]t|once|formerly|former|no\s+longer|used\s+to|until|till|"
    r"before|after|briefly|sometimes|occasionally|uneasy|fragile|nominal|nominally|pretend|"
    r"pretended|feigned|seemed|seem|appear|appeared|rumou?red|if|unless|whether|against\s+a"
    r"|between\s+their|within)\b",
    re.IGNORECASE,
)
#: Two sides joined by "and" ("humans and kathali", "the Orrin and the Tesk").
_PAIR = re.compile(
    r"\b(?:the\s+)?(?P<a>[A-Za-z][\w'’-]+)\s+and\s+(?:the\s+)?(?P<b>[A-Za-z][\w'’-]+)\b"
)
#: A name: a run of capitalised words ("Illinea Empire"), possessive dropped.
_NAME = re.compile(r"\b[A-Z][\w'’-]*(?:\s+(?:of\s+)?[A-Z][\w'’-]*)*")
_NOT_PARTIES = frozenset(
    """
    the a an in on at for from by with and or but of to as it its they their this that these
    those for since ever generations years war peace
    """.split()
)


@dataclass(frozen=True)
class Stance:
    """One claim's stance between `parties` (stems of their names): "friend" or "foe", as
    written in `text`."""

    side: str
    parties: frozenset[str]
    text: str
    names: tuple[str, ...] = ()  # the parties as written


def _party(words: str) -> str:
    """A party's key: its words' stems without a possessive ("Illinea Empire's" ->
    "illinea empir")."""
    words = re.sub(r"['’]s?$", "", words.strip())
    return " ".join(stem(w.lower()) for w in words.split() if w.lower() not in _NOT_PARTIES)


@claim_cache(1 << 14)
def stance_in(text: str) -> Stance | None:
    """The one stance claim `text` states between two parties, or None: "A and B ... <stance>",
    "A ... <stance> against (with, towards) B", or "A ... B's ... <stance>"."""
    found = list(_STANCE.finditer(text))
    if not found or _UNSETTLED.search(text):
        return None
    sides = {"friend" if m["friend"] else "foe" for m in found}
    if len(sides) != 1:
        return None  # "friends turned enemies": both, no one stance
    first, last = found[0], found[-1]
    before, after = text[: first.start()], text[last.end() :]
    pairs = [m for m in _PAIR.finditer(before) if _is_party(m["a"]) and _is_party(m["b"])]
    if pairs:
        written = (pairs[-1]["a"], pairs[-1]["b"])
    else:
        names = [_LEADING.sub("", m.group()) for m in _NAME.finditer(before)]
        names = [n for n in names if _is_party(n)]
        owner = [n for n in names[1:] if re.search(r"['’]s?$", n)]
        towards = _TOWARDS.match(after)
        other = owner[-1] if owner else towards.group("b") if towards else None
        if not names or other is None:
            return None
        written = (names[0], other)
    parties = {_party(w) for w in written}
    if len(parties) != 2 or "" in parties:
        return None
    word_before = text.rfind(" ", 0, max(0, first.start() - 1)) + 1
    shown = tuple(re.sub(r"['’]s?$", "", w) for w in written)
    return Stance(
        sides.pop(), frozenset(parties), text[word_before : last.end()].strip(" ,;"), shown
    )


#: The other party after a stance word: "grudge against the Illinea Empire", "at war with
#: Tesk".
_TOWARDS = re.compile(
    r"\s+(?:against|with|towards?|toward|of|to)\s+(?:the\s+)?"
    r"(?P<b>[A-Z][\w'’-]*(?:\s+(?:of\s+)?[A-Z][\w'’-]*)*|[a-z][\w'’-]*s)\b"
)


#: A capitalised word that opens a sentence before a name ("The Orrin", "In Vellmoor").
_LEADING = re.compile(r"^(?:(?:The|A|An|In|On|At|For|By|From)\s+)+")


def _is_party(words: str) -> bool:
    """Words that may name a party: not a function word or a word of time."""
    return bool(words) and words.split()[0].lower() not in _NOT_PARTIES


def conflicting_stances(a: str, b: str) -> tuple[Stance, Stance, tuple[str, ...]] | None:
    """Two claims naming the same two parties, one as friends and one as foes: the two
    stances and the parties both name, or None."""
    x, y = stance_in(a), stance_in(b)
    if x is None or y is None or x.side == y.side or x.parties != y.parties:
        return None
    return x, y, x.names
