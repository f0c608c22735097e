"""What a claim is about, by the notes it names: its own note, and every note whose title it
mentions (a `[[link]]` reads as its text, so a link is a mention).

Two claims are about the same thing when these sets meet: "They cannot forge iron blades" in
*Orrin Family* and "The Orrin Family smiths forge iron blades" in *Keldmoor* both name the
Orrin Family, though their words and vectors are far apart. The candidate search lets such
pairs in from a lower similarity than pairs that share nothing (`scan_config`).

A coined word of a title (one that is no word of the language: "Orrin" in *Orrin Family*)
names that note too where a claim writes it with a capital ("Orrin smiths forge ..."); common
words of titles ("Family", "Gateway") name nothing alone.

A title that many claims mention (a hub such as "Magic" in a magic-heavy vault) tells little
about sameness and is not counted (`COMMON_SHARE`); titles shorter than three letters, and
titles that are one common word, are never looked for.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

from engine.contradict.text import known_words

MAX_TITLE_WORDS = 5
#: A coined word names a note alone only while at most this many short titles hold it.
NAMED_TITLES = 3
#: A coined word names its note's thing in a short title (*Brannoc Clan*); in a longer one (a
#: paper's title, "Field trials of Brannoc radios") it is a topic the note is on.
NAMING_TITLE_WORDS = 3
MIN_TITLE_CHARS = 3
#: A title mentioned by more than this share of the claims (and more than COMMON_MIN claims)
#: names no particular thing.
COMMON_SHARE = 0.02
COMMON_MIN = 40

_MIN_COINED = 3
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
        self._words: dict[int, tuple[str, ...]] | None = None
        # coined title word -> the titles holding it (words of the language name nothing alone)
        coined: dict[str, set[int]] = {}
        for words, key in self._ids.items():
            for w in coined_words(words):
                if w.isalpha():
                    coined.setdefault(w, set()).add(key)
        # a word in many titles is a word of the vault's field ("subnet"), not a name
        self._coined = {w: keys for w, keys in coined.items() if len(keys) <= NAMED_TITLES}

    def paths_of(self, keys: Iterable[int]) -> list[str]:
        """The notes whose own title is one of `keys`."""
        wanted = set(keys)
        return [p for p, k in self._own.items() if k in wanted]

    def words_of(self, key: int) -> tuple[str, ...]:
        """The words a title id stands for (empty for an unknown id)."""
        if self._words is None:
            self._words = {k: w for w, k in self._ids.items()}
        return self._words.get(key, ())

    def coined_words_of(self, key: int) -> tuple[str, ...]:
        """The coined words of a title id, each of which names it alone."""
        return tuple(w for w in self.words_of(key) if key in self._coined.get(w, ()))

    def own(self, path: str) -> int:
        """The id of the note's own title (-1: a note without one)."""
        found = self._own.get(path)
        if found is None:
            words = title_words(note_title_of(path))
            found = self._ids.setdefault(words, len(self._ids)) if words else -1
            self._own[path] = found
        return found

    def mentions(self, text: str) -> frozenset[int]:
        """The ids of the findable titles that `text` mentions: whole, or by a coined word of
        theirs written with a capital."""
        words = title_words(text)
        found: set[int] = set()
        if self._coined:
            for m in _WORD.finditer(text):
                word = m.group(0)
                keys = self._coined.get(word.casefold()) if word[0].isupper() else None
                if keys:
                    found.update(keys)
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
        common = common_titles(mentioned, len(texts))
        out: list[frozenset[int]] = []
        for found, path in zip(mentioned, paths, strict=True):
            own = self.own(path)
            keys = set(found - common)
            if own >= 0:
                keys.add(own)
            out.append(frozenset(keys))
        return out


def coined_words(title: Sequence[str]) -> frozenset[str]:
    """The words of a title (lower case, as `title_words` gives them) that are no word of the
    language and so may name its thing alone: none in a title of more than
    `NAMING_TITLE_WORDS` words, none when the model's vocabulary is not installed."""
    known = known_words()
    if not known or len(title) > NAMING_TITLE_WORDS:
        return frozenset()
    return frozenset(w for w in title if len(w) >= _MIN_COINED and w not in known)


def common_titles(mentioned: Iterable[frozenset[int]], claims: int) -> frozenset[int]:
    """The title ids mentioned by too many of `claims` claims to name one thing."""
    counts = Counter(k for m in mentioned for k in m)
    limit = max(COMMON_MIN, COMMON_SHARE * claims)
    return frozenset(k for k, n in counts.items() if n > limit)


def _findable(words: tuple[str, ...]) -> bool:
    if not words or len(words) > MAX_TITLE_WORDS:
        return False
    if sum(len(w) for w in words) < MIN_TITLE_CHARS:
        return False
    return not (len(words) == 1 and (words[0] in _COMMON_WORDS or words[0].isdigit()))
