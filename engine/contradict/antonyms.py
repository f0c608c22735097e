"""Opposite words for the structural verdict: the shared lexicon's opposites, a few more
(visibility, connectivity, access, order), comparatives of listed opposites, and the pairing
of opposite words across two claims."""

from __future__ import annotations

from engine.contradict.content_words import is_content_stem
from engine.contradict.lexicon import listed_opposite, morphological_opposite
from engine.contradict.parsed_claim import ClaimWord, ParsedClaim
from engine.contradict.text import stem

#: Opposites the shared word lists do not hold (visibility, connectivity, access).
_EXTRA_OPPOSITES = frozenset(
    frozenset((stem(a), stem(b)))
    for a, b in (
        ("reveal", "conceal"), ("show", "conceal"), ("online", "offline"), ("left", "right"),
        ("stay", "switch"), ("stay", "change"), ("stay", "move"), ("keep", "delete"),
        ("keep", "lose"), ("on", "off"), ("more", "less"), ("most", "least"),
        ("allow", "block"), ("allowed", "blocked"), ("free", "paid"), ("before", "after"),
        ("earlier", "later"), ("first", "last"), ("encrypted", "unencrypted"),
        ("synced", "unsynced"), ("local", "remote"), ("manual", "automatic"),
        ("manually", "automatically"), ("lighter", "heavier"), ("upstream", "downstream"),
        ("ascending", "descending"), ("above", "below"), ("over", "under"),
        ("resistant", "vulnerable"), ("resistance", "vulnerability"), ("friend", "foe"),
    )
)  # fmt: skip
#: Function words whose opposites count (they are not content words).
FUNCTION_OPPOSITES = frozenset(
    stem(w) for w in "before after above below over under on off more less most least".split()
)


def are_opposites(a: str, b: str) -> bool:
    """Stems `a` and `b` are opposites (listed, morphological, or compared forms of those)."""
    if frozenset((a, b)) in _EXTRA_OPPOSITES:
        return True
    if listed_opposite(a, b) is not None or morphological_opposite(a, b):
        return True
    # comparatives and superlatives of listed opposites (stronger / weaker)
    for suffix in ("er", "est"):
        if a.endswith(suffix) and b.endswith(suffix) and len(a) > 4 and len(b) > 4:
            ra, rb = a[: -len(suffix)], b[: -len(suffix)]
            if listed_opposite(ra, rb) is not None or listed_opposite(stem(ra), stem(rb)):
                return True
    return False


def antonym_pairs(x: ParsedClaim, y: ParsedClaim) -> list[tuple[ClaimWord, ClaimWord]]:
    """Opposite words between the two claims, each word of `y` used once (words both claims
    have are not paired; function words count only when listed in FUNCTION_OPPOSITES; a word
    written with a capital inside a sentence is part of a name -- "Greywater Pass" -- and is
    never an opposite)."""
    antonyms: list[tuple[ClaimWord, ClaimWord]] = []
    used_y: set[int] = set()
    wy_all = {w.stem for w in y.words}
    wx_all = {w.stem for w in x.words}
    for wx in x.words:
        if wx.upper or wx.stem in wy_all:
            continue
        if not (is_content_stem(wx.stem) or wx.stem in FUNCTION_OPPOSITES):
            continue
        for wy in y.words:
            if wy.upper or wy.index in used_y or wy.stem in wx_all:
                continue
            if not (is_content_stem(wy.stem) or wy.stem in FUNCTION_OPPOSITES):
                continue
            if are_opposites(wx.stem, wy.stem):
                antonyms.append((wx, wy))
                used_y.add(wy.index)
                break
    return antonyms
