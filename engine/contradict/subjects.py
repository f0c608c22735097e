"""What a claim is about, by the notes it names: its own note, and every note whose title it
mentions (a `[[link]]` reads as its text, so a link is a mention).

Two claims are about the same thing when these sets meet: "They cannot forge iron blades" in
*Orrin Family* and "The Orrin Family smiths forge iron blades" in *Keldmoor* both name the
Orrin Family, though their words and vectors are far apart. The candidate search lets such
pairs in from a lower similarity than pairs that share nothing (`scan_config`).

A title that many claims mention (a hub such as "Magic" in a magic-heavy vault) tells little
about sameness and is not counted (`COMMON_SHARE`); titles shorter than three letters, and
titles that are one common word, are never looked for.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

MAX_TITLE_WORDS = 5
MIN_TITLE_CHARS = 3
#: A title mentioned by more than this share of the claims (and more than COMMON_MIN claims)
#: names no particular thing.
COMMON_SHARE = 0.02
COMMON_MIN = 40

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?", re.UNICODE)
_COMMON_WORDS = frozenset(
    """
    the a an and or of in on at to for with from by is are was were be it this that these
    those they he she we you i his her its their our your my me him them us who what when
    where why how all any some no not one two three first last new old other more most
    home index readme notes note inbox todo ideas journal untitled timeline overview summary
    """.split()
)


def title_words(title: str) -> tuple[str, ...]:
    """A title (or text) as the words it is matched by: casefolded, punctuation dropped."""
    return tuple(w.casefold().replace("’", "'") for w in _WORD.findall(title))


def note_title_of(path: str) -> str:
    name = path.replace("\\", "/").rsplit("/", 1)[-1]
    return name.rsplit(".", 1)[0] if "." in name else name


class TitleIndex:
    """The titles of a vault's notes, looked up in claims by runs of up to five words."""

    def __init__(self, paths: Iterable[str]) -> None:
        self._ids: dict[tuple[str, ...], int] = {}
        self._own: dict[str, int] = {}
        for path in paths:
            words = title_words(note_title_of(path))
            key = self._ids.setdefault(words, len(self._ids)) if words else -1
            self._own[path] = key
        self._findable = {w for w in self._ids if _findable(w)}

    def own(self, path: str) -> int:
        """The id of the note's own title (-1: a note without one)."""
        found = self._own.get(path)
        if found is None:
            words = title_words(note_title_of(path))
            found = self._ids.setdefault(words, len(self._ids)) if words else -1
            self._own[path] = found
        return found

    def mentions(self, text: str) -> frozenset[int]:
        """The ids of the findable titles that `text` mentions."""
        words = title_words(text)
        found: set[int] = set()
        for start in range(len(words)):
            for size in range(1, MAX_TITLE_WORDS + 1):
                run = words[start : start + size]
                if len(run) < size:
                    break
                if run in self._findable:
                    found.add(self._ids[run])
        return frozenset(found)

    def subjects(self, texts: Sequence[str], paths: Sequence[str]) -> list[frozenset[int]]:
        """Per claim: its note's title and the titles it mentions, less the titles that too
        many of these claims mention."""
        mentioned = [self.mentions(t) for t in texts]
        counts = Counter(k for m in mentioned for k in m)
        limit = max(COMMON_MIN, COMMON_SHARE * len(texts))
        common = {k for k, n in counts.items() if n > limit}
        out: list[frozenset[int]] = []
        for found, path in zip(mentioned, paths, strict=True):
            own = self.own(path)
            keys = set(found - common)
            if own >= 0:
                keys.add(own)
            out.append(frozenset(keys))
        return out


def _findable(words: tuple[str, ...]) -> bool:
    if not words or len(words) > MAX_TITLE_WORDS:
        return False
    if sum(len(w) for w in words) < MIN_TITLE_CHARS:
        return False
    return not (len(words) == 1 and (words[0] in _COMMON_WORDS or words[0].isdigit()))
