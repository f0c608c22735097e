"""Which stems carry content, and which stems two sets of stems share (near stems count:
"version" / "versioning"). Used by every part of the structural verdict."""

from __future__ import annotations

from functools import lru_cache

from engine.contradict.text import CJK_NEGATORS, STOPWORDS, stem


def is_content_stem(s: str) -> bool:
    """A stem that says something: not a stop word, a digit string or a CJK negator."""
    if len(s) == 1:
        return _is_cjk(s) and s not in CJK_NEGATORS
    return s not in STOPWORDS and s not in _STEMMED_STOP and not s.isdigit()


def _is_cjk(ch: str) -> bool:
    return "\u3040" <= ch <= "\u30ff" or "\u3400" <= ch <= "\u9fff" or "\uac00" <= ch <= "\ud7af"


_STEMMED_STOP = frozenset(stem(w) for w in STOPWORDS)


def _near(a: str, b: str) -> bool:
    """Same stem, or one a short extension of the other (version / versioning)."""
    if a == b:
        return True
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    return len(short) >= 4 and long_.startswith(short) and len(long_) - len(short) <= 3


def shared_stems(x: frozenset[str] | set[str], y: frozenset[str] | set[str]) -> set[str]:
    """Stems of x that have a near stem in y."""
    if not x or not y:
        return set()
    return set(_shared_cached(frozenset(x), frozenset(y)))


@lru_cache(maxsize=1 << 16)
def _shared_cached(x: frozenset[str], y: frozenset[str]) -> frozenset[str]:
    by_prefix: dict[str, list[str]] = {}
    for t in y:
        if len(t) >= 4:
            by_prefix.setdefault(t[:4], []).append(t)
    return frozenset(
        s
        for s in x
        if s in y or (len(s) >= 4 and any(_near(s, t) for t in by_prefix.get(s[:4], ())))
    )


def clear_shared_stems_cache() -> None:
    """Drop the cache of `shared_stems` (it holds the stem sets of the pairs asked about)."""
    _shared_cached.cache_clear()
