"""Cue detectors for polarity: one claim negates what the other asserts (`negation`),
antonyms or opposite verbs in the same context (`opposition`), one says up and the other down
(`direction`), and whether exactly one claim has a negation at all (`polarity_mismatch`)."""

from __future__ import annotations

from functools import lru_cache

from engine.contradict.analysis import Analysis, Cue, analyse
from engine.contradict.lexicon import DOWN_WORDS, UP_WORDS, opposites_of
from engine.contradict.overlap import shared_context
from engine.contradict.text import Token, overlap_count


def negation(a: Analysis, b: Analysis) -> Cue:
    """One claim negates a predicate the other asserts."""
    best = Cue("negation", 0.0)
    for x, y in ((a, b), (b, a)):
        for scope in x.negations:
            target = scope.stems
            if target:
                hits = overlap_count(target, y.asserted)
                aux_only = False
                if not hits:
                    # elliptic negation ("I didn't.") may hit a function-word predicate
                    aux_only = not (target & x.content) and bool(target & y.words)
                    if not aux_only:
                        continue
                    hits = 1
                if overlap_count(target, y.negated) >= hits:
                    continue  # both negate it: they agree
                # The head (the negated predicate) must be what the other claim asserts; the
                # rest of the scope ("...the coverage of the Kestrel Bend gateway") is context.
                head_hit = (
                    bool(scope.head)
                    and overlap_count(
                        frozenset({scope.head}), y.asserted | (y.words if aux_only else frozenset())
                    )
                    > 0
                )
                tail = target - {scope.head}
                if head_hit and (not tail or overlap_count(tail, y.content)):
                    match = 1.0
                elif head_hit:
                    match = 0.3  # same verb, other object: "not WiFi" vs "LoRaWAN"
                else:
                    match = 0.6 * hits / len(target)
                exclude = frozenset({scope.head}) if head_hit else target
            else:
                continue
            ctx = shared_context(x, y, exclude)
            score = (0.5 + 0.5 * match) * (0.4 + 0.6 * ctx)
            if score > best.score:
                shown = scope.text or scope.cue
                best = Cue(
                    "negation",
                    round(score, 4),
                    f'"{scope.cue} {shown}" negates what the other claim asserts'
                    if scope.text
                    else f'"{scope.cue}" negates what the other claim asserts',
                )
    return best


def opposition(a: Analysis, b: Analysis) -> Cue:
    """Antonyms or opposite verbs in the same context, with the same polarity on both sides."""
    best = Cue("opposition", 0.0)
    b_words = _word_index(b.text)
    # a's words' opposites (cached per word) looked up among b's words: linear in the claims'
    # lengths. Not cached per claim: that index held ~9 KB a claim (72 MB at 8192 claims).
    pairs = [
        (i, j, kind, strength)
        for i, x in enumerate(a.tokens)
        if x.kind == "word" and len(x.stem) >= 2
        for stem_y, kind, strength in opposites_of(x.stem)
        if stem_y in b_words
        for j in b_words[stem_y]
    ]
    if not pairs:
        return best
    pairs.sort(key=lambda p: (p[0], p[1]))  # the order of the pairwise walk (one per i, j)
    for i, j, kind, strength in pairs:
        x, y = a.tokens[i], b.tokens[j]
        # "not reliable" vs "unreliable" agree: a negated opposite is no opposition
        if _in_negation(a, x) != _in_negation(b, y):
            continue
        local_a, local_b = _local(a, i), _local(b, j)
        ctx = _share(local_a, local_b)
        # The other claim may also use the same word in the same context ("decreased the risk
        # of X but increased the risk of Y" vs "decreases the risk of Y"): then it is weaker.
        echo = max(
            (_share(local_a, _local(b, k)) for k, t in enumerate(b.tokens) if t.stem == x.stem),
            default=0.0,
        )
        echo = max(
            echo,
            max(
                (_share(_local(a, k), local_b) for k, t in enumerate(a.tokens) if t.stem == y.stem),
                default=0.0,
            ),
        )
        if echo >= ctx and echo > 0:
            strength *= 0.5
        score = strength * (0.4 + 0.6 * ctx)
        if score > best.score:
            wa, wb = a.text[x.start : x.end], b.text[y.start : y.end]
            label = "opposite verbs" if kind == "opposite_verb" else "opposites"
            best = Cue("opposition", round(score, 4), f'{label}: "{wa}" vs "{wb}"')
    return best


@lru_cache(maxsize=8192)
def _word_index(text: str) -> dict[str, list[int]]:
    """Stem -> the indexes of the word tokens of claim `text` with that stem."""
    out: dict[str, list[int]] = {}
    for j, y in enumerate(analyse(text).tokens):
        if y.kind == "word":
            out.setdefault(y.stem, []).append(j)
    return out


_SENTENCE_END = frozenset(".!?;。！？；")
_LOCAL = 6


def _local(a: Analysis, i: int) -> frozenset[str]:
    """Content stems within a few tokens of token i, inside its sentence."""
    out: set[str] = set()
    for step in (-1, 1):
        k = i + step
        while 0 <= k < len(a.tokens) and abs(k - i) <= _LOCAL:
            t = a.tokens[k]
            if t.kind == "punct" and t.norm in _SENTENCE_END:
                break
            if t.is_content:
                out.add(t.stem)
            k += step
    return frozenset(out)


def _share(x: frozenset[str], y: frozenset[str]) -> float:
    if not x or not y:
        return 0.0
    return min(overlap_count(x, y), overlap_count(y, x)) / min(len(x), len(y))


def _in_negation(a: Analysis, tok: Token) -> bool:
    return any(n.start <= tok.start < n.end for n in a.negations)


def direction(a: Analysis, b: Analysis) -> float:
    """1.0 when one claim says something goes up and the other that it goes down (negation
    flips a direction), else 0."""
    da, db = _direction(a), _direction(b)
    return 1.0 if da * db < 0 else 0.0


def _direction(a: Analysis) -> int:
    total = 0
    for t in a.tokens:
        if t.kind != "word":
            continue
        sign = 1 if t.stem in UP_WORDS else -1 if t.stem in DOWN_WORDS else 0
        if sign and _in_negation(a, t):
            sign = -sign
        total += sign
    return (total > 0) - (total < 0)


def polarity_mismatch(a: Analysis, b: Analysis) -> float:
    """1.0 when exactly one claim contains a negation at all (the seed's cue), else 0."""
    return 1.0 if bool(a.negations) != bool(b.negations) else 0.0


def clear_word_index() -> None:
    """Drop the per-claim word indexes `opposition` looks words up in."""
    _word_index.cache_clear()
