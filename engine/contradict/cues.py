"""Cue detectors: explainable reasons why two claims may contradict each other.

Each detector looks at two analysed claims and returns a `Cue`: a score in [0, 1] and one
sentence the UI can show ("B negates 'support LoRaWAN', which A asserts"). Every detector is
symmetric (it checks both directions and keeps the stronger) and asks for more than a cue
word: the negated predicate must appear in the other claim, the two numbers must share a unit
and a subject, the two dates must say something comparable, and so on. `overlap` gives the
word-overlap features the scorer uses beside them.

Detectors (all pure functions of `Analysis`):
    negation       one claim negates what the other asserts (not / never / no longer / without /
                   failed to / unable to / lacks / outside ...), with scope
    opposition     antonyms and opposite verbs (reliable/unreliable, increase/decrease,
                   accepted/rejected; un-/in-/dis-/non- prefixes; -ful/-less)
    numbers        the same quantity with different values (14 months vs 9 months; 5 min vs
                   15 minutes; 20 % vs 35 %; $10 vs $12), units normalised
    dates          different dates for the same event (12 May 2026 vs 3 June 2026)
    decision       a changed decision (we chose X / we dropped X / replaced X with Y)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from engine.contradict.lexicon import (
    CHOOSE_VERBS,
    CONDITION_WORDS,
    DOWN_WORDS,
    DROP_VERBS,
    UP_WORDS,
    opposites_of,
)
from engine.contradict.quantities import DateMention, Quantity, parse_dates, parse_quantities
from engine.contradict.text import (
    CJK_NEGATORS,
    NEGATORS,
    Token,
    overlap_count,
    stem,
    tokenize,
)

CueKind = Literal["negation", "opposition", "numbers", "dates", "decision"]
CUE_KINDS: tuple[CueKind, ...] = ("negation", "opposition", "numbers", "dates", "decision")

_SCOPE_BOUNDARY_WORDS = frozenset(
    "but although though while whereas because since and or which who yet however so unless "
    "except if when whenever".split()
)
_SCOPE_BOUNDARY_PUNCT = frozenset(',;:.!?()[]"—–。！？；，')
_MAX_SCOPE = 8
# Multi-word negators: (words..., score weight)
_NEG_PHRASES: tuple[tuple[tuple[str, ...], str], ...] = (
    (("no", "longer"), "no longer"),
    (("not", "any", "longer"), "not any longer"),
    (("failed", "to"), "failed to"),
    (("fail", "to"), "fail to"),
    (("fails", "to"), "fails to"),
    (("unable", "to"), "unable to"),
    (("instead", "of"), "instead of"),
    (("rather", "than"), "rather than"),
    (("absence", "of"), "absence of"),
    (("free", "of"), "free of"),
    (("outside",), "outside"),
    (("lack",), "lack"),
    (("lacks",), "lacks"),
    (("lacked",), "lacked"),
    (("lacking",), "lacking"),
)
_AUX = frozenset(
    "be is are was were been being am do does did have has had can could will would shall "
    "should may might must ca wo".split()
)
_PREPOSITIONS_END_OBJECT = frozenset(
    "for to as in on at over instead with by from because since and but which that after "
    "before".split()
)


@dataclass(frozen=True)
class Cue:
    """One detector's verdict: `score` in [0, 1] (0 = no evidence) and why."""

    kind: CueKind
    score: float
    explanation: str = ""


@dataclass(frozen=True)
class NegationScope:
    cue: str  # the negator as written ("does not", "no longer")
    stems: frozenset[str]  # content stems it negates
    head: str  # the negated predicate: the first content stem of the scope ("" if none)
    words: frozenset[str]  # every word stem it negates (function words too)
    text: str  # the negated span as written
    start: int
    end: int


@dataclass(frozen=True)
class Decision:
    verb: Literal["choose", "drop"]
    stems: frozenset[str]  # the object's content stems
    text: str  # the object as written


@dataclass(frozen=True)
class Analysis:
    """Everything the detectors need to know about one claim, computed once."""

    text: str
    tokens: tuple[Token, ...]
    words: frozenset[str]  # stems of every word
    content: frozenset[str]  # content stems (hyphenated words also give their parts)
    negations: tuple[NegationScope, ...]
    negated: frozenset[str]  # content stems inside some negation scope
    quantities: tuple[Quantity, ...]
    dates: tuple[DateMention, ...]
    decisions: tuple[Decision, ...]
    condition: frozenset[str] | None  # content stems of an if/when/under... clause, if any
    subject: frozenset[str]  # content stems before the first verb-like word

    @property
    def asserted(self) -> frozenset[str]:
        """Content stems outside every negation scope."""
        return self.content - self.negated


@lru_cache(maxsize=8192)
def analyse(text: str) -> Analysis:
    """Analyse one claim (cached: candidate pairs share claims)."""
    tokens = tokenize(text)
    words = frozenset(t.stem for t in tokens if t.kind in ("word", "cjk"))
    content = _content(tokens)
    negations = _negation_scopes(text, tokens)
    negated = frozenset().union(*(n.stems for n in negations)) if negations else frozenset()
    dates = parse_dates(text)
    quantities = parse_quantities(text, skip=tuple((d.start, d.end) for d in dates))
    return Analysis(
        text=text,
        tokens=tokens,
        words=words,
        content=content,
        negations=negations,
        negated=negated,
        quantities=quantities,
        dates=dates,
        decisions=_decisions(text, tokens),
        condition=_condition(tokens),
        subject=_subject(tokens),
    )


def _content(tokens: tuple[Token, ...]) -> frozenset[str]:
    out: set[str] = set()
    for t in tokens:
        if t.is_content:
            out.add(t.stem)
            if "-" in t.norm:
                out.update(stem(p) for p in t.norm.split("-") if len(p) >= 3 and p.isalpha())
    return frozenset(out)


def _subject(tokens: tuple[Token, ...]) -> frozenset[str]:
    out: set[str] = set()
    for t in tokens:
        if t.kind == "punct" and out:
            break
        if t.norm in _AUX or t.norm in NEGATORS:
            break
        if t.is_content:
            out.add(t.stem)
            if len(out) >= 4:
                break
    return frozenset(out)


def _is_boundary(tok: Token) -> bool:
    return (tok.kind == "punct" and tok.norm in _SCOPE_BOUNDARY_PUNCT) or (
        tok.kind == "word" and tok.norm in _SCOPE_BOUNDARY_WORDS
    )


def _negation_scopes(text: str, tokens: tuple[Token, ...]) -> tuple[NegationScope, ...]:
    scopes: list[NegationScope] = []
    i = 0
    n = len(tokens)
    while i < n:
        tok = tokens[i]
        width = 0
        label = ""
        for phrase, name in _NEG_PHRASES:
            k = len(phrase)
            if tuple(t.norm for t in tokens[i : i + k]) == phrase:
                width, label = k, name
                break
        if not width and (tok.norm in NEGATORS or (tok.kind == "cjk" and tok.norm in CJK_NEGATORS)):
            width, label = 1, tok.norm
            if tok.norm == "no" and i + 1 < n and tokens[i + 1].norm == "one":
                width = 2
            if tok.norm == "not" and i > 0 and tokens[i - 1].norm in _AUX:
                label = text[tokens[i - 1].start : tok.end]
        if not width:
            i += 1
            continue
        j = i + width
        scope: list[Token] = []
        while j < n and len(scope) < _MAX_SCOPE and not _is_boundary(tokens[j]):
            scope.append(tokens[j])
            j += 1
        if tok.kind == "cjk":  # 不 negates the next one or two characters
            scope = scope[:2]
        stems = frozenset(t.stem for t in scope if t.is_content)
        head = next((t.stem for t in scope if t.is_content), "")
        scope_words = frozenset(t.stem for t in scope if t.kind in ("word", "cjk"))
        if not stems and i > 0 and tokens[i - 1].norm in _AUX:
            # elliptic "I didn't." negates the auxiliary's verb itself
            stems = frozenset({tokens[i - 1].stem})
            head = tokens[i - 1].stem
        if stems or scope_words:
            first = scope[0].start if scope else tok.end
            last = scope[-1].end if scope else tok.end
            scopes.append(
                NegationScope(
                    cue=label,
                    stems=stems,
                    head=head,
                    words=scope_words,
                    text=text[first:last],
                    start=tok.start,
                    end=last,
                )
            )
        i += width
    return tuple(scopes)


def _condition(tokens: tuple[Token, ...]) -> frozenset[str] | None:
    for i, t in enumerate(tokens):
        if t.kind == "word" and t.norm in CONDITION_WORDS:
            out: set[str] = set()
            for u in tokens[i + 1 : i + 1 + _MAX_SCOPE]:
                if u.kind == "punct" and u.norm in _SCOPE_BOUNDARY_PUNCT:
                    break
                if u.is_content:
                    out.add(u.stem)
            if out:
                return frozenset(out)
    return None


_CHOOSE_PARTICLES = {"decid": ("on",), "go": ("with",), "settl": ("on",), "opt": ("for",)}
_SWITCH_VERBS = frozenset({"switch", "mov", "migrat", "chang", "transition"})


def _object(text: str, tokens: tuple[Token, ...], i: int) -> tuple[frozenset[str], str]:
    """The noun phrase starting at token i (up to 4 tokens, stops at prepositions)."""
    picked: list[Token] = []
    for t in tokens[i : i + 5]:
        if _is_boundary(t) or t.norm in _PREPOSITIONS_END_OBJECT:
            break
        if t.kind == "word" and (t.is_content or t.norm in ("the", "a", "an", "our", "its")):
            picked.append(t)
            continue
        break
    stems = frozenset(t.stem for t in picked if t.is_content)
    if not stems:
        return frozenset(), ""
    return stems, text[picked[0].start : picked[-1].end]


def _decisions(text: str, tokens: tuple[Token, ...]) -> tuple[Decision, ...]:
    out: list[Decision] = []
    n = len(tokens)
    for i, t in enumerate(tokens):
        if t.kind != "word":
            continue
        negated = (i > 0 and tokens[i - 1].norm in ("not", "never")) or (
            i > 1 and tokens[i - 2].norm in ("not", "never")
        )
        nxt = tokens[i + 1].norm if i + 1 < n else ""
        verb: Literal["choose", "drop"] | None = None
        start = i + 1
        if t.stem in _CHOOSE_PARTICLES:
            if nxt in _CHOOSE_PARTICLES[t.stem]:
                verb, start = "choose", i + 2
            elif t.stem == "decid" and nxt == "to" and i + 2 < n:
                verb, start = "choose", i + 3  # decided to use X
        elif t.stem in _SWITCH_VERBS and nxt in ("to", "from", "away"):
            if nxt == "to":
                verb, start = "choose", i + 2
            else:
                verb, start = "drop", i + 2 + (nxt == "away")
        elif t.stem in ("stop", "quit") and nxt.endswith("ing"):
            verb, start = "drop", i + 2  # stopped using X
        elif (
            t.stem == "use"
            and i > 1
            and (tokens[i - 1].norm, tokens[i - 2].norm)
            == (
                "longer",
                "no",
            )
        ):
            verb, start = "drop", i + 1  # no longer use X
        elif t.stem in CHOOSE_VERBS and t.stem != "go":
            verb = "choose"
        elif t.stem in DROP_VERBS:
            verb = "drop"
            if t.stem == "replac":
                # "X was replaced by Y": X is dropped, Y chosen; "replaced X with Y": the reverse
                if nxt == "by":
                    subj = _object_before(text, tokens, i)
                    if subj[0]:
                        out.append(Decision("drop", subj[0], subj[1]))
                    obj = _object(text, tokens, i + 2)
                    if obj[0]:
                        out.append(Decision("choose", obj[0], obj[1]))
                    continue
                for k in range(i + 1, min(i + 7, n)):
                    if tokens[k].norm in ("with", "by"):
                        obj = _object(text, tokens, k + 1)
                        if obj[0]:
                            out.append(Decision("choose", obj[0], obj[1]))
                        break
        if verb is None:
            continue
        if negated:
            verb = "drop" if verb == "choose" else "choose"
        stems, shown = _object(text, tokens, start)
        if stems:
            out.append(Decision(verb, stems, shown))
    return tuple(out)


def _object_before(text: str, tokens: tuple[Token, ...], i: int) -> tuple[frozenset[str], str]:
    """The content words just before token i, skipping an auxiliary (X was replaced)."""
    k = i - 1
    while k >= 0 and tokens[k].norm in _AUX:
        k -= 1
    picked: list[Token] = []
    while k >= 0 and tokens[k].is_content and len(picked) < 3:
        picked.insert(0, tokens[k])
        k -= 1
    if not picked:
        return frozenset(), ""
    return frozenset(t.stem for t in picked), text[picked[0].start : picked[-1].end]


# -- overlap -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Overlap:
    """Word-overlap features of a pair (all symmetric, all in [0, 1])."""

    jaccard: float  # content stems shared / content stems in either
    containment: float  # shared / content stems of the shorter claim
    novelty_min: float  # share of the less novel claim's content the other does not have
    novelty_max: float  # the same for the more novel claim
    subject: float  # overlap of the two subjects (content words before the first verb)


def overlap(a: Analysis, b: Analysis) -> Overlap:
    ca, cb = a.content, b.content
    if not ca or not cb:
        return Overlap(0.0, 0.0, 1.0, 1.0, 0.0)
    shared_a = overlap_count(ca, cb)
    shared_b = overlap_count(cb, ca)
    shared = min(shared_a, shared_b)
    union = len(ca) + len(cb) - shared
    nov_a = 1.0 - shared_a / len(ca)
    nov_b = 1.0 - shared_b / len(cb)
    subject = 0.0
    if a.subject and b.subject:
        subject = min(
            overlap_count(a.subject, b.content), overlap_count(b.subject, a.content)
        ) / min(len(a.subject), len(b.subject))
    return Overlap(
        jaccard=shared / union if union else 0.0,
        containment=shared / min(len(ca), len(cb)),
        novelty_min=min(nov_a, nov_b),
        novelty_max=max(nov_a, nov_b),
        subject=min(1.0, subject),
    )


def _context(a: Analysis, b: Analysis, exclude: frozenset[str]) -> float:
    """How much else the two claims share (overlap coefficient of content minus `exclude`)."""
    ca = a.content - exclude
    cb = b.content - exclude
    if not ca or not cb:
        return 0.0
    return min(overlap_count(ca, cb), overlap_count(cb, ca)) / min(len(ca), len(cb))


# -- detectors -----------------------------------------------------------------------------


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
            ctx = _context(x, y, exclude)
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


def clear_claim_caches() -> None:
    """Drop the per-claim caches (analyses, word indexes, tokens): a whole-vault scan fills
    them with claims the next edit will not ask about (~70 MB), which later work can reuse."""
    from engine.contradict import structure, text

    structure.clear_caches()
    analyse.cache_clear()
    _word_index.cache_clear()
    text.tokenize.cache_clear()
    text._shortened.cache_clear()


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


def _surface(a: Analysis, stem_: str) -> str:
    for t in a.tokens:
        if t.stem == stem_:
            return a.text[t.start : t.end]
    return stem_


def _damping(a: Analysis, b: Analysis) -> float:
    """Values under different conditions (if/when/under...) rarely conflict."""
    if a.condition is None and b.condition is None:
        return 1.0
    if (
        a.condition is not None
        and b.condition is not None
        and overlap_count(a.condition, b.condition)
    ):
        return 1.0
    return 0.5


def _quantity_words(a: Analysis) -> frozenset[str]:
    """Stems written inside the claim's quantities (units, number words)."""
    return frozenset(
        t.stem for t in a.tokens if any(q.start <= t.start < q.end for q in a.quantities)
    )


def _same_subject(a: Analysis, b: Analysis) -> float:
    """1.0 when the subjects overlap (or one is unknown), 0.5 when they differ: two values or
    dates only conflict when they describe the same thing."""
    if not a.subject or not b.subject:
        return 1.0
    return (
        1.0 if overlap_count(a.subject, b.content) or overlap_count(b.subject, a.content) else 0.5
    )


def numbers(a: Analysis, b: Analysis) -> Cue:
    """The same kind of quantity, about the same thing, with values that cannot both hold."""
    best = Cue("numbers", 0.0)
    for x, y in ((a, b), (b, a)):
        for qx in x.quantities:
            same_unit = [qy for qy in y.quantities if qy.unit == qx.unit]
            if not same_unit or any(qx.compatible(qy) for qy in same_unit):
                continue
            for qy in same_unit:
                anchor = qx.anchor | qy.anchor
                subj = 0.0
                if anchor:
                    subj = max(
                        overlap_count(qx.anchor, y.content) / max(1, len(qx.anchor)),
                        overlap_count(qy.anchor, x.content) / max(1, len(qy.anchor)),
                    )
                ctx = _context(x, y, _quantity_words(x) | _quantity_words(y))
                strength = (0.5 * subj + 0.5 * ctx) * _same_subject(x, y)
                if qx.bound != "=" or qy.bound != "=":
                    strength *= 0.8
                score = strength * _damping(x, y)
                if score > best.score:
                    first, second = sorted((qx.text, qy.text))
                    best = Cue(
                        "numbers",
                        round(score, 4),
                        f'different values for the same thing: "{first}" vs "{second}"',
                    )
    return best


def dates(a: Analysis, b: Analysis) -> Cue:
    """Different dates for the same event."""
    best = Cue("dates", 0.0)
    for x, y in ((a, b), (b, a)):
        for dx in x.dates:
            comparable = [dy for dy in y.dates if dx.comparable(dy)]
            if not comparable or not all(dx.conflicts_with(dy) for dy in comparable):
                continue
            date_words = frozenset(
                t.stem for d in (*x.dates, *y.dates) for t in tokenize(d.text) if t.kind == "word"
            )
            ctx = _context(x, y, date_words)
            score = (0.3 + 0.7 * ctx) * _damping(x, y) * _same_subject(x, y)
            if score > best.score:
                first, second = sorted((dx.text, comparable[0].text))
                best = Cue("dates", round(score, 4), f'different dates: "{first}" vs "{second}"')
    return best


def decision(a: Analysis, b: Analysis) -> Cue:
    """A decision one claim records and the other reverses or replaces."""
    best = Cue("decision", 0.0)
    for x, y in ((a, b), (b, a)):
        for dx in x.decisions:
            for dy in y.decisions:
                shared = overlap_count(dx.stems, dy.stems)
                if dx.verb == "choose" and dy.verb == "drop" and shared:
                    score = 1.0
                    text = f'one claim chose "{dx.text}", the other dropped "{dy.text}"'
                elif dx.verb == dy.verb == "choose" and not shared:
                    ctx = _context(x, y, dx.stems | dy.stems)
                    if ctx < 0.5:
                        continue
                    score = 0.6 * ctx
                    first, second = sorted((dx.text, dy.text))
                    text = f'different choices for the same purpose: "{first}" vs "{second}"'
                else:
                    continue
                if score > best.score:
                    best = Cue("decision", round(score, 4), text)
    return best


def detect(a: Analysis, b: Analysis) -> tuple[Cue, ...]:
    """Every detector's cue for the pair, in `CUE_KINDS` order."""
    return (negation(a, b), opposition(a, b), numbers(a, b), dates(a, b), decision(a, b))


def polarity_mismatch(a: Analysis, b: Analysis) -> float:
    """1.0 when exactly one claim contains a negation at all (the seed's cue), else 0."""
    return 1.0 if bool(a.negations) != bool(b.negations) else 0.0


_WS_RE = re.compile(r"\s+")


def normalise_space(text: str) -> str:
    return _WS_RE.sub(" ", text).strip()
