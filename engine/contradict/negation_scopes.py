"""Negation scopes of a claim for the cue detectors: each negator (not, never, no longer,
failed to, unable to, lacks, outside ...) and the words it negates, up to the next clause
boundary (a comma, "but", "because", "which" ...) or eight tokens."""

from __future__ import annotations

from dataclasses import dataclass

from engine.contradict.text import CJK_NEGATORS, NEGATORS, Token

_SCOPE_BOUNDARY_WORDS = frozenset(
    "but although though while whereas because since and or which who yet however so unless "
    "except if when whenever".split()
)
SCOPE_BOUNDARY_PUNCT = frozenset(',;:.!?()[]"—–。！？；，')
MAX_SCOPE = 8
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
SCOPE_AUXILIARIES = frozenset(
    "be is are was were been being am do does did have has had can could will would shall "
    "should may might must ca wo".split()
)


@dataclass(frozen=True)
class NegationScope:
    """One negator and what it negates."""

    cue: str  # the negator as written ("does not", "no longer")
    stems: frozenset[str]  # content stems it negates
    head: str  # the negated predicate: the first content stem of the scope ("" if none)
    words: frozenset[str]  # every word stem it negates (function words too)
    text: str  # the negated span as written
    start: int
    end: int


def is_scope_boundary(tok: Token) -> bool:
    """The token ends a negation scope (or an object phrase): clause punctuation or a
    conjunction."""
    return (tok.kind == "punct" and tok.norm in SCOPE_BOUNDARY_PUNCT) or (
        tok.kind == "word" and tok.norm in _SCOPE_BOUNDARY_WORDS
    )


def negation_scopes(text: str, tokens: tuple[Token, ...]) -> tuple[NegationScope, ...]:
    """The negation scopes of claim `text` (tokens `tokens`), in reading order."""
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
            if tok.norm == "not" and i > 0 and tokens[i - 1].norm in SCOPE_AUXILIARIES:
                label = text[tokens[i - 1].start : tok.end]
        if not width:
            i += 1
            continue
        j = i + width
        scope: list[Token] = []
        while j < n and len(scope) < MAX_SCOPE and not is_scope_boundary(tokens[j]):
            scope.append(tokens[j])
            j += 1
        if tok.kind == "cjk":  # 不 negates the next one or two characters
            scope = scope[:2]
        stems = frozenset(t.stem for t in scope if t.is_content)
        head = next((t.stem for t in scope if t.is_content), "")
        scope_words = frozenset(t.stem for t in scope if t.kind in ("word", "cjk"))
        if not stems and i > 0 and tokens[i - 1].norm in SCOPE_AUXILIARIES:
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
