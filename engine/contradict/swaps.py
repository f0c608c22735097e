"""One slot swapped between two claims about the same thing: the two ends of a relation
("Goblins serve hobgoblins" / "Hobgoblins serve goblins"), or one exclusive attribute (who,
where, what colour, which material)."""

from __future__ import annotations

from engine.contradict.content_words import is_content_stem
from engine.contradict.explanations import quoted
from engine.contradict.parsed_claim import ClaimWord, ParsedClaim
from engine.contradict.text import stem

#: Attributes that one thing has only one of at a time.
_COLOURS = frozenset(
    stem(w)
    for w in """
    red orange yellow green blue purple violet pink brown black white grey gray silver gold
    golden crimson scarlet azure teal cyan magenta indigo amber ivory
    """.split()
)
_MATERIALS = frozenset(
    stem(w)
    for w in """
    wood wooden iron steel silver gold stone glass leather bronze copper brass cloth silk
    wool cotton bone crystal obsidian marble granite adamantine mithral paper plastic
    clay ice oak pine tin lead platinum
    """.split()
)
#: Words after which one value only holds: "created by X", "located in Y", "made of Z".
_FUNCTIONAL = frozenset(
    stem(w)
    for w in """
    by in at on from of into
    """.split()
)
_FUNCTIONAL_VERBS = frozenset(
    stem(w)
    for w in """
    located hosted stored kept held born buried based headquartered made forged built
    crafted carved written created founded led ruled owned lives lived live lair lairs
    dwell dwells resides reside housed imprisoned trapped sealed hidden raised worships
    worship serves serve guarded sits sit stands stand published released developed
    """.split()
)
#: Prepositions a name follows in a role that holds one value (rented from X, via Y).
_NAME_LEADS = frozenset("from through via by with in at on".split())
#: Predicates that hold many values at once: two values are no conflict.
_MANY_VALUED = frozenset(
    stem(w)
    for w in """
    available availability support supports compatible work works include includes
    integrate integrates export exports import imports list lists also such like example
    other others both either various many several some among additionally too
    """.split()
)
_REPORTING = frozenset(stem(w) for w in "say said tell told ask asked reply replied".split())


def swapped_relation(x: ParsedClaim, y: ParsedClaim, cx: frozenset[str], cy: frozenset[str]) -> str:
    """ "Goblins serve hobgoblins" / "Hobgoblins serve goblins": the same words, the two ends
    of the relation swapped (not a passive rewording, which has "by")."""
    if x.has_by or y.has_by or x.passive != y.passive or cx != cy or len(cx) < 3:
        return ""
    if cx & _REPORTING or len(x.words) < 5 or len(y.words) < 5:
        return ""
    sx = [w.stem for w in x.words if is_content_stem(w.stem)]
    sy = [w.stem for w in y.words if is_content_stem(w.stem)]
    if sx == sy or not x.subject or not y.subject or x.subject & y.subject:
        return ""  # the two ends must be different things that swap places
    if not (x.subject <= cy and y.subject <= cx):
        return ""
    first = " ".join(w.surface for w in x.words if w.stem in x.subject)
    second = " ".join(w.surface for w in y.words if w.stem in y.subject)
    return f"the relation is reversed: {quoted(first)} and {quoted(second)} swap places"


def swapped_attribute(
    x: ParsedClaim, y: ParsedClaim, left_x: frozenset[str], left_y: frozenset[str]
) -> tuple[float, str] | None:
    """One exclusive attribute swapped: who, where, what colour, which material. Predicates
    that hold many values at once (available for, supports, includes, such as) never count."""
    if not left_x or not left_y or len(left_x) > 3 or len(left_y) > 3:
        return None
    if left_x & x.subject or left_y & y.subject:
        return None
    if any(w.stem in _MANY_VALUED for w in (*x.words, *y.words)):
        return None
    wx = [w for w in x.words if w.stem in left_x]
    wy = [w for w in y.words if w.stem in left_y]
    if not wx or not wy:
        return None
    if {w.stem for w in wx} <= _COLOURS and {w.stem for w in wy} <= _COLOURS:
        return 0.8, f"different colours: {quoted(wx[0].surface)} vs {quoted(wy[0].surface)}"
    if {w.stem for w in wx} & _MATERIALS and {w.stem for w in wy} & _MATERIALS:
        return 0.75, f"different materials: {quoted(_span(wx))} vs {quoted(_span(wy))}"
    what = f"{quoted(_span(wx))} vs {quoted(_span(wy))}"
    if _functional(x, wx[0]) and _functional(y, wy[0]):
        return 0.7, f"different {_slot(x, wx[0])}: {what}"
    names = all(w.upper for w in wx) and all(w.upper for w in wy)
    if names and _after(x, wx[0], _NAME_LEADS) and _after(y, wy[0], _NAME_LEADS):
        return 0.65, f"different names in the same role: {what}"
    if names and _after(x, wx[0], {"the"}) and _after(y, wy[0], {"the"}):
        return 0.6, f"different values in the same role: {what}"
    return None


def _after(c: ParsedClaim, w: ClaimWord, leads: set[str] | frozenset[str]) -> bool:
    """The word comes right after one of `leads` (or one modifier after it)."""
    before = [v.stem for v in c.words[max(0, w.index - 2) : w.index]]
    return bool(before) and (before[-1] in leads or (len(before) == 2 and before[0] in leads))


def _functional(c: ParsedClaim, w: ClaimWord) -> bool:
    """The word follows a relation that holds one value (created by, located in, ...)."""
    before = [v.stem for v in c.words[max(0, w.index - 4) : w.index]]
    return any(s in _FUNCTIONAL_VERBS for s in before) and any(
        s in _FUNCTIONAL for s in before[-3:]
    )


def _slot(c: ParsedClaim, w: ClaimWord) -> str:
    before = [v.stem for v in c.words[max(0, w.index - 3) : w.index]]
    if "by" in before:
        return "agents"
    if any(s in ("in", "at", "on", "from", "into") for s in before):
        return "places"
    return "values"


def _span(words: list[ClaimWord]) -> str:
    return " ".join(w.surface for w in words)
