"""Negators in a claim: the words that flip its polarity, and what each one negates.

Explicit and implicit negators count (not, never, no one, nothing, without, refused, failed
to, unable, lacks, immune ...), as do negative-prefixed adjectives in predicate position
("is unavailable", "are disabled"); hedges ("may or may not"), answers ("No, ...") and
negators used as content ("a power failure", "the hidden folder") do not.
"""

from __future__ import annotations

from engine.contradict.content_words import is_content_stem
from engine.contradict.grammar import AUXILIARIES
from engine.contradict.text import CJK_NEGATORS, Token, stem

#: Words that negate the predicate they govern (the parity of their count is a claim's
#: polarity), as written (lower case): stems would confuse "notes" with "not".
_IMPLICIT_NEGATORS = frozenset(
    """
    not no never none nobody nothing nowhere neither nor without cannot
    refuse refused refuses refusing fail failed fails failing deny denied denies denying
    lack lacks lacked lacking unable incapable immune absent missing
    forbid forbids forbidden forbade prohibit prohibited prohibits ban banned bans
    prevent prevents prevented decline declined declines reject rejected rejects
    impossible unaware neglect neglected neglects omit omitted omits
    hide hides hiding outside
    nicht kein keine keinen keiner keinem nie niemals ohne
    """.split()
)
#: Negative-prefixed adjectives count as negators ("unavailable", "unencrypted", "disabled"):
#: un-/non-/dis- before an adjective-like root, in-/im- only for these roots.
_NEGATIVE_IN_ROOTS = frozenset(
    """
    visible active correct accurate complete consistent valid possible proper accessible
    compatible appropriate sufficient secure capable
    """.split()
)
_ADJECTIVE_ENDINGS = (
    "able", "ible", "ed", "ful", "ive", "al", "ic", "ent", "ant", "ous", "ary", "ory", "ure",
    "ted", "ly", "y",
)  # fmt: skip
_NOT_NEGATIVE = frozenset(
    """
    under until unless unit units union unique universal universe uncle understand understood
    unified uniform unity united unanimous disease discovered display displayed disposal
    distributed distinct discussed dismissed disposed district dissolved distracted
    nonetheless
    """.split()
)


def is_negative_adjective(word: str) -> bool:
    """A negative-prefixed adjective: "unavailable", "unencrypted", "disabled", "invisible"."""
    for prefix in ("non-", "non", "un", "dis"):
        if word.startswith(prefix):
            root = word[len(prefix) :]
            return (
                len(root) >= 4
                and word not in _NOT_NEGATIVE
                and root.endswith(_ADJECTIVE_ENDINGS)
                and not root.endswith("ing")
            )
    for prefix in ("in", "im", "il", "ir"):
        if word.startswith(prefix) and word[len(prefix) :] in _NEGATIVE_IN_ROOTS:
            return True
    return False


def negated_roots_of(word: str) -> set[str]:
    """What a negative adjective negates, as stems: "disabled" -> {abl, enabl}."""
    for prefix in ("non-", "non", "un", "dis", "in", "im", "il", "ir"):
        if word.startswith(prefix):
            root = word[len(prefix) :]
            out = {stem(root)}
            if prefix == "dis":
                out.add(stem("en" + root))  # disabled / enabled
            return out
    return set()


#: Negators only in predicate position ("is hidden", not "the hidden folder").
_ATTRIBUTIVE_NEGATORS = frozenset({"hidden", "absent", "missing", "immune"})
#: Negators written as two words.
_NEGATOR_BIGRAMS = frozenset({("no", "one"), ("no", "longer"), ("not", "any")})
#: "fail"/"decline"/"refuse" negate only when a verb follows ("failed to load"); as nouns
#: or with an object ("a power failure", "declined the offer") they are content.
_NEGATE_BEFORE_TO = frozenset(
    "fail failed fails failing decline declined declines refuse refused refuses refusing "
    "neglect neglected neglects".split()
)
PRONOUN_NEGATORS = frozenset({"no one", "nobody", "nothing", "none", "neither", "nowhere"})
_EXCEPTIONS = frozenset({"except", "but", "besides", "other", "apart"})
_PREDICATE_LEADS = frozenset(
    """
    is are was were be been being remain remains remained stay stays stayed become becomes
    became seem seems seemed get gets got appear appears appeared keep keeps kept left leaves
    always now still also usually often completely entirely fully currently permanently
    otherwise
    """.split()
)
_HEAD_SKIP = frozenset(
    "be been being is are was were to able a an the any always ever really yet even have has "
    "had do does did it its they them this that".split()
)


def negator_at(t: Token, nxt: Token | None, prev: str, after: str = "", prev2: str = "") -> str:
    """The negator starting at token t, as written ("" if none); `after` is the word after
    `nxt`."""
    norm = t.norm
    nxt_norm = nxt.norm if nxt is not None else ""
    if (norm, nxt_norm) in _NEGATOR_BIGRAMS:
        if norm == "no" and nxt_norm == "one":
            return "" if after in _EXCEPTIONS else "no one"
        return f"{norm} {nxt_norm}"
    if t.kind == "cjk":
        return norm if norm in CJK_NEGATORS else ""
    if t.kind != "word":
        return ""
    if norm in ("no", "yes") and nxt is not None and nxt.kind == "punct":
        return ""  # "No, files are only synced when..." answers a question
    if prev == "or" or (norm == "not" and prev in AUXILIARIES and prev2 == "or"):
        return ""  # "may or may not", "could or could not", "whether or not": a hedge
    if norm == "nothing" and nxt_norm == "like":
        return ""  # "there's nothing like X" praises X
    if norm in PRONOUN_NEGATORS and nxt_norm in _EXCEPTIONS:
        return ""  # "nobody except the owner" = only the owner
    if norm in _NEGATE_BEFORE_TO and nxt_norm != "to":
        return ""  # a noun or a verb with an object: content
    if norm in _ATTRIBUTIVE_NEGATORS or (
        norm not in _IMPLICIT_NEGATORS and is_negative_adjective(norm)
    ):
        # "is unavailable", "are hidden": a predicate; "the hidden folder", "Unlinked
        # mentions": a modifier, not a negation
        return norm if prev in _PREDICATE_LEADS else ""
    return norm if norm in _IMPLICIT_NEGATORS else ""


def negated_head_after(tokens: tuple[Token, ...], start: int) -> frozenset[str]:
    """What a negator negates: the first content word after it (skipping auxiliaries)."""
    for t in tokens[start : start + 6]:
        if t.kind == "punct":
            break
        if t.kind not in ("word", "cjk") or t.norm in _HEAD_SKIP:
            continue
        if is_content_stem(t.stem):
            return frozenset({t.stem})
    return frozenset()
