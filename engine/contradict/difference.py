"""One line a person can check: which parts of two claims conflict, and what both are about.

`differing_parts(a, b)` aligns the two claims word by word (case and markdown aside) and
returns the longest stretch where they differ on each side, widened to whole words and kept
short; `about(a, b, titles)` names what both are about: a note title or link target both
mention, else the longest run of words they share. `difference_line` puts them together:
'"a common roadside weed" vs "grows only on the high cliffs", both about Marsh Lily'.

Nothing here lists negator words on their own: a side whose only difference is a negator is
quoted with the word it negates ("cannot use" vs "use").
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from difflib import SequenceMatcher

_LINK = re.compile(r"\[\[([^\]|#]*)(?:#[^\]|]*)?(?:\|([^\]]*))?\]\]")
_MARK = re.compile(r"[*_`~=]+")
_WORD = re.compile(r"[\w'’-]+(?:\.\w+)*|[^\w\s]", re.UNICODE)
_STOP = frozenset(
    "a an the of to in on at by for and or but is are was were be been being it its they their "
    "them he she his her this that these those with as from into than then so which who whom "
    "what when where there here also just only very if you your we our i my can may will "
    "would should could has have had do does did".split()
)
MAX_WORDS = 9


def plain(text: str) -> str:
    """The claim as read: wikilinks by their alias (else target), emphasis marks dropped."""
    text = _LINK.sub(lambda m: m.group(2) or m.group(1), text)
    return _MARK.sub("", text).strip()


def _words(text: str) -> list[str]:
    return [w for w in _WORD.findall(plain(text)) if re.search(r"\w", w)]


def _key(word: str) -> str:
    return word.casefold().strip(".'’")


def _trim(words: Sequence[str]) -> list[str]:
    """Drop function words at both ends; at most MAX_WORDS words (the middle elided)."""
    out = list(words)
    while len(out) > 1 and _key(out[0]) in _STOP:
        out.pop(0)
    while len(out) > 1 and _key(out[-1]) in _STOP:
        out.pop()
    if len(out) > MAX_WORDS:
        out = [*out[: MAX_WORDS - 3], "…", *out[-2:]]
    return out


def differing_parts(a: str, b: str, focus: Collection[str] = ()) -> tuple[str, str] | None:
    """The largest differing stretch of each claim (None when they read the same); a stretch
    holding one of the `focus` words (the negators that flip the pair) comes first."""
    wa, wb = _words(a), _words(b)
    if not wa or not wb:
        return None
    ka, kb = [_key(w) for w in wa], [_key(w) for w in wb]
    blocks = [
        (i1, i2, j1, j2)
        for tag, i1, i2, j1, j2 in SequenceMatcher(a=ka, b=kb, autojunk=False).get_opcodes()
        if tag != "equal"
    ]
    if not blocks:
        return None

    wanted = {_key(w) for f in focus for w in _words(f)}

    def weight(block: tuple[int, int, int, int]) -> tuple[bool, int]:
        i1, i2, j1, j2 = block
        words = (*ka[i1:i2], *kb[j1:j2])
        content = [k for k in words if k not in _STOP]
        return bool(wanted.intersection(words)), len(content) * 2 + (i2 - i1) + (j2 - j1)

    i1, i2, j1, j2 = max(blocks, key=weight)
    # an insertion or deletion alone ("not"): show it with its neighbour on both sides
    if i1 == i2:
        i1, i2 = max(0, i1 - 1), min(len(wa), i1 + 1)
        j1, j2 = max(0, j1 - 1), min(len(wb), j2 + 1)
    elif j1 == j2:
        j1, j2 = max(0, j1 - 1), min(len(wb), j1 + 1)
        i1, i2 = max(0, i1 - 1), min(len(wa), i2 + 1)
    left, right = _trim(wa[i1:i2]), _trim(wb[j1:j2])
    # a side that is only function words ("From", when the two claims put their words in
    # another order) reads as its words the other claim lacks
    if all(_key(w) in _STOP for w in left):
        left = _trim(_unshared(wa, set(kb)))
    if all(_key(w) in _STOP for w in right):
        right = _trim(_unshared(wb, set(ka)))
    if not left or not right:
        return None
    return " ".join(left), " ".join(right)


def _unshared(words: Sequence[str], other: set[str]) -> list[str]:
    return [w for w in words if _key(w) not in other]


def about(a: str, b: str, titles: Sequence[str] = ()) -> str:
    """What both claims are about: a title one of them names, else a name both write, else
    their longest shared run of content words; '' if nothing."""
    pa, pb = plain(a).casefold(), plain(b).casefold()
    for title in titles:
        t = title.casefold()
        if t and (t in pa or t in pb):
            return title
    wa, wb = _words(a), _words(b)
    ka, kb = [_key(w) for w in wa], [_key(w) for w in wb]
    # a name both claims write (a capitalised word that is not a function word)
    names_b = {_key(w) for w in wb if w[:1].isupper() and _key(w) not in _STOP}
    names = [w for w in wa if w[:1].isupper() and _key(w) in names_b and _key(w) not in _STOP]
    if names:
        return " ".join(dict.fromkeys(names[:3]))
    match = SequenceMatcher(a=ka, b=kb, autojunk=False).find_longest_match(0, len(ka), 0, len(kb))
    run = _trim(wa[match.a : match.a + match.size])
    if not run or all(_key(w) in _STOP for w in run):
        return ""
    return " ".join(run)


def difference_line(a: str, b: str, titles: Sequence[str] = (), focus: Collection[str] = ()) -> str:
    """'"x" vs "y", both about Z' (or without the 'both about' part when nothing is shared);
    `focus` as for `differing_parts`."""
    parts = differing_parts(a, b, focus)
    if parts is None:
        return "the two claims say different things about the same subject"
    subject = about(a, b, titles)
    line = f"“{parts[0]}” vs “{parts[1]}”"
    return f"{line}, both about {subject}" if subject else line
