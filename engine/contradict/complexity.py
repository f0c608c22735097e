"""How a cost grows, as a value: "O(log n)", "Θ(n²)", "linear time", "constant space".

Notes on algorithms and data structures state costs in asymptotic notation, and two notes
that give one operation of one thing two growth rates disagree ("Binary search runs in
O(log n) time" / "... in O(n) time"). Each mention becomes a `Quantity` whose unit says
what grows and when -- "complexity:<resource>:<case>:<variables>", the resource being time
unless the words after it say space, memory or a counted step ("O(n) swaps"), the case the
nearest of worst, average, best, amortised or expected -- so that only costs of one kind
and one case, written in the same variables, are compared. The value is a rank on the usual
scale (1 < log n < n < n log n < n² < 2ⁿ); a form off that scale is its own value.
"""

from __future__ import annotations

import re
import zlib

from engine.contradict.text import Token, stem, tokenize

#: Canonical forms on the usual scale, and their ranks.
_RANKS = {
    "1": 0.0, "loglogn": 0.5, "logn": 1.0, "log^2n": 1.2, "n^0.5": 1.5, "n": 2.0,
    "nloglogn": 2.2, "nlogn": 2.5, "nlog^2n": 2.7, "n^2": 3.0, "n^2logn": 3.2, "n^3": 4.0,
    "2^n": 5.0, "n!": 6.0,
}  # fmt: skip
#: Growth rates written in words ("linear time"), as canonical forms.
_WORDS = {
    "constant": "1", "logarithmic": "logn", "linear": "n", "linearithmic": "nlogn",
    "quadratic": "n^2", "cubic": "n^3", "exponential": "2^n", "factorial": "n!",
}  # fmt: skip
_WORDS_RE = re.compile(
    r"\b(" + "|".join(_WORDS) + r")[\s-]+(time|space)\b",
    re.IGNORECASE,
)
_OPEN_RE = re.compile(r"(?<![\w])[OΘΩ]\(")
_SUPERSCRIPTS = str.maketrans({"²": "^2", "³": "^3", "ⁿ": "^n", "⁰": "^0", "¹": "^1"})
_CASES = {
    "worst": "worst", "average": "average", "averages": "average", "best": "best",
    "amortized": "amortised", "amortised": "amortised", "expected": "expected",
}  # fmt: skip
#: Words after a cost that say it is memory, not time.
_SPACE = frozenset({"space", "memory", "extra", "auxiliary", "storage"})
#: Words that may follow a cost and keep it a time ("O(n) per operation", "O(1) on average").
_NOT_STEPS = frozenset(
    "time times per on in for if when where and or but with to at as so because since "
    "while each every total overall".split()
)
#: How many words around a cost may say its case.
_CASE_BEFORE, _CASE_AFTER = 6, 4


def complexity_spans(text: str) -> list[tuple[int, int, str]]:
    """(start, end, canonical form) of each growth rate written in `text`."""
    if "(" not in text and "time" not in text and "space" not in text:
        return []
    out: list[tuple[int, int, str]] = []
    for m in _OPEN_RE.finditer(text):
        end = _closing(text, m.end())
        if end is None:
            continue
        form = canonical(text[m.end() : end - 1])
        if form:
            out.append((m.start(), end, form))
    for m in _WORDS_RE.finditer(text):
        if not any(s <= m.start() < e for s, e, _ in out):
            out.append((m.start(), m.end(1), _WORDS[m.group(1).lower()]))
    return sorted(out)


def _closing(text: str, start: int) -> int | None:
    """The index just past the ")" that closes the "(" before `start`."""
    depth = 1
    for i in range(start, min(len(text), start + 60)):
        if text[i] == "(":
            depth += 1
        elif text[i] == ")":
            depth -= 1
            if depth == 0:
                return i + 1
    return None


def canonical(expr: str) -> str:
    """One spelling of a growth rate: "n lg n", "n·log(n)" and "n log n" are "nlogn";
    "V + E" is "e+v"."""
    s = expr.translate(_SUPERSCRIPTS).lower()
    s = re.sub(r"[\s*·×⋅]", "", s)
    s = re.sub(r"\b(?:lg|ln)", "log", s).replace("lg", "log").replace("ln", "log")
    s = re.sub(r"log_?\d*", "log", s)
    s = re.sub(r"log\((\w)\)", r"log\1", s)
    s = re.sub(r"(?:sqrt|√)\(?(\w)\)?", r"\1^0.5", s)
    s = s.replace("^(1/2)", "^0.5").replace("(logn)^2", "log^2n")
    if not s or len(s) > 30:
        return ""
    terms = _top_level_terms(s)
    return "+".join(sorted(terms))


def _top_level_terms(s: str) -> list[str]:
    terms, depth, current = [], 0, ""
    for ch in s:
        depth += ch == "("
        depth -= ch == ")"
        if ch == "+" and depth == 0:
            terms.append(current)
            current = ""
        else:
            current += ch
    terms.append(current)
    return [t for t in terms if t]


def rank(form: str) -> float:
    """The form's place on the usual scale; a form off it gets a value of its own."""
    known = _RANKS.get(form)
    if known is not None:
        return known
    return 100.0 + zlib.crc32(form.encode()) % 1_000_000


def variables(form: str) -> str:
    """The letters a form grows in ("e+v": "ev"); a constant grows in n."""
    letters = sorted({ch for ch in re.sub(r"log|sqrt|min|max", "", form) if ch.isalpha()})
    return "".join(letters) or "n"


def kind_of_cost(tokens: tuple[Token, ...], start: int, end: int) -> tuple[str, str]:
    """(resource, case) of the cost written at characters `start`..`end`: what the words
    after it name ("time", "space", a counted step such as "swap"), and the nearest case
    word around it ("worst", "average", ...; "" for none)."""
    before = [t for t in tokens if t.end <= start and t.kind == "word"]
    after = [t for t in tokens if t.start >= end and t.kind == "word"]
    resource = "time"
    nxt = after[0] if after else None
    glued = nxt is not None and tokens_between(tokens, end, nxt.start)
    if glued and nxt is not None and nxt.norm in _SPACE:
        resource = "space"
    elif before and before[-1].norm in _SPACE:
        resource = "space"  # "space O(1)"
    elif glued and nxt is not None and nxt.norm.endswith("s") and nxt.norm not in _NOT_STEPS:
        resource = stem(nxt.norm)  # "O(n) swaps", "O(n²) comparisons"
    near = [
        (k, t.norm)
        for k, t in (
            *enumerate(reversed(before[-_CASE_BEFORE:]), 1),
            *enumerate(after[:_CASE_AFTER], 1),
        )
        if t.norm.split("-")[0] in _CASES
    ]
    case = _CASES[min(near)[1].split("-")[0]] if near else ""
    return resource, case


def tokens_between(tokens: tuple[Token, ...], start: int, end: int) -> bool:
    """Nothing but spaces lies between characters `start` and `end` (no punctuation)."""
    return not any(start <= t.start < end and t.kind != "word" for t in tokens)


def costs_in(text: str) -> list[tuple[int, int, str, str]]:
    """(start, end, unit, canonical form) of each cost in `text`: the unit is
    "complexity:<resource>:<case>:<variables>"."""
    spans = complexity_spans(text)
    if not spans:
        return []
    tokens = tokenize(text)
    out = []
    for start, end, form in spans:
        resource, case = kind_of_cost(tokens, start, end)
        out.append((start, end, f"complexity:{resource}:{case}:{variables(form)}", form))
    return out
