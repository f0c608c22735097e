"""One claim parsed once (`parse_claim`, cached), read two ways: `ParsedClaim`, what the
structural verdict reads, and its `cues`, an `Analysis`: what the cue detectors read (with
the decisions the claim records). Both come from the same tokens, quantities and dates.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Literal

from engine.contradict.quantities import (
    DateMention,
    Quantity,
    values_in,
)
from engine.contradict.text import (
    AUXILIARIES,
    CHOOSE_VERBS,
    CLAUSE_LEADS,
    CONDITION_LEADS,
    CONDITION_WORDS,
    DEFINITE_WORDS,
    DROP_VERBS,
    HEAD_ENDS,
    IMPERATIVE_LEADS,
    MAX_SCOPE,
    NEGATORS,
    NUMBER_WORDS,
    POSSESSIVES,
    PRONOUN_NEGATORS,
    PRONOUNS,
    SCOPE_AUXILIARIES,
    SCOPE_BOUNDARY_PUNCT,
    NegationScope,
    Token,
    compared_words,
    contrast_words,
    is_adverb_or_gerund,
    is_content_stem,
    is_imperative,
    is_labelled,
    is_negative_adjective,
    is_passive,
    is_scope_boundary,
    is_verb_like,
    negated_head_after,
    negated_roots_of,
    negation_scopes,
    negator_at,
    stem,
    tokenize,
)

# -- analysis: What the cue detectors read and return: one claim's `Analysis` (made by its one
#    parse, `parse_claim`, and cached with it) and a detector's `Cue`. ---

CueKind = Literal["negation", "opposition", "numbers", "dates", "decision"]
CUE_KINDS: tuple[CueKind, ...] = ("negation", "opposition", "numbers", "dates", "decision")


@dataclass(frozen=True)
class Cue:
    """One detector's verdict: `score` in [0, 1] (0 = no evidence) and why."""

    kind: CueKind
    score: float
    explanation: str = ""


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


def analyse(text: str) -> Analysis:
    """The cue detectors' reading of one claim: the `cues` of its one parse (`parse_claim`,
    cached: candidate pairs share claims)."""
    return parse_claim(text).cues


def _cue_reading(
    text: str,
    tokens: tuple[Token, ...],
    quantities: tuple[Quantity, ...],
    dates: tuple[DateMention, ...],
) -> Analysis:
    """The cue detectors' reading, from the tokens and values the structural parse reads."""
    negations = negation_scopes(text, tokens)
    negated = frozenset().union(*(n.stems for n in negations)) if negations else frozenset()
    return Analysis(
        text=text,
        tokens=tokens,
        words=frozenset(t.stem for t in tokens if t.kind in ("word", "cjk")),
        content=_content(tokens),
        negations=negations,
        negated=negated,
        quantities=quantities,  # the verdict's one rule for values
        dates=dates,
        decisions=decisions_in(text, tokens),
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
        if t.norm in SCOPE_AUXILIARIES or t.norm in NEGATORS:
            break
        if t.is_content:
            out.add(t.stem)
            if len(out) >= 4:
                break
    return frozenset(out)


def _condition(tokens: tuple[Token, ...]) -> frozenset[str] | None:
    for i, t in enumerate(tokens):
        if t.kind == "word" and t.norm in CONDITION_WORDS:
            out: set[str] = set()
            for u in tokens[i + 1 : i + 1 + MAX_SCOPE]:
                if u.kind == "punct" and u.norm in SCOPE_BOUNDARY_PUNCT:
                    break
                if u.is_content:
                    out.add(u.stem)
            if out:
                return frozenset(out)
    return None


# -- parsed_claim: One claim as the structural verdict reads it: its words with negators, quantities
#    and dates taken out, its subject (content words before the first verb-like word), and its shape
#    (an instruction, a fragment, a labelled field, first person, a rule, a passive ...). ---


@dataclass(frozen=True)
class ClaimWord:
    """A word of a claim, outside its quantities, dates and negators."""

    stem: str
    surface: str
    index: int  # position among the claim's words
    upper: bool  # capitalised in the text, not at the sentence start
    lead: bool = False  # inside a leading phrase ("From the map and the profile, ...")


@dataclass(frozen=True)
class ParsedClaim:
    """A claim as the structural verdict reads it."""

    text: str
    words: tuple[ClaimWord, ...]  # words outside quantities and dates, negators removed
    negators: tuple[str, ...]  # the negators as written
    negated_heads: tuple[frozenset[str] | None, ...]  # per negator: the words it negates
    negated_roots: frozenset[str]  # stems of what negative adjectives negate (disabled: abl)
    quantities: tuple[Quantity, ...]
    dates: tuple[DateMention, ...]
    subject: frozenset[str]  # content stems before the first verb-like word
    upper: frozenset[str]  # stems written with a capital (names), sentence start aside
    imperative: bool
    fragment: bool  # no verb: a stat line, a list label ("Speed 30 ft., fly 60 ft.")
    possessive_subject: bool  # "Your speed is...", "Its bite...": about the note's entity
    labelled: bool  # "Hit: 5 damage", "Melee Weapon Attack: +4": a field of the note's entity
    first_person: bool  # "We chose...", "I moved...": the writer speaks
    pronoun_subject: bool  # opens with "it", "they", "this", "he", "she": the note's thing
    other: bool  # its subject is "other" / "another" things
    definite: bool  # the subject starts with "the"/"this": a thing already known (the note's)
    condition: frozenset[str]  # words of an if/when/unless clause: when the claim holds
    deontic: bool  # a rule ("must", "should"), not a fact
    contrast: frozenset[str]  # what "unlike X" / "other than X" sets apart: not the subject
    compared: frozenset[str]  # what "more X than Y" compares with: Y is not said to hold
    subject_head: frozenset[str]  # the subject before its first preposition other than "of"
    has_by: bool
    passive: bool  # "are rendered", "was dropped"
    tokens: tuple[Token, ...]

    @cached_property
    def cues(self) -> Analysis:
        """The same claim as the cue detectors read it (`cues.py`): made when first asked
        for (the cue path reads only pairs the structure has a verdict on)."""
        return _cue_reading(self.text, self.tokens, self.quantities, self.dates)

    @property
    def content(self) -> frozenset[str]:
        """The claim's content stems."""
        return frozenset(w.stem for w in self.words if is_content_stem(w.stem))

    @property
    def lead(self) -> frozenset[str]:
        """Content words of a leading phrase: context, not what is claimed."""
        return frozenset(w.stem for w in self.words if w.lead and is_content_stem(w.stem))


#: Pronouns that, written in capitals, are names ("US", "IT").
_ACRONYM_PRONOUNS = frozenset({"us", "it"})

#: Pronouns that, opening a claim, speak of the thing its note is about.
_THING_PRONOUNS = frozenset("it its they their this these he his she her".split())


@lru_cache(maxsize=8192)
def parse_claim(text: str) -> ParsedClaim:
    """What the structural verdict reads in one claim (cached: candidate pairs share claims)."""
    tokens = tokenize(text)
    quantities, dates = values_in(text)
    # the words of units count towards a sentence's length ("delivers 40 litres per minute"),
    # the digits of a time or a code do not ("Staff gauge 0.37 m at 14:30")
    unit_words = sum(
        1 for q in quantities for t in tokenize(text[q.start : q.end]) if t.kind == "word"
    )
    spans = [(d.start, d.end) for d in dates] + [(q.start, q.end) for q in quantities]
    words: list[ClaimWord] = []
    negators: list[str] = []
    heads: list[frozenset[str] | None] = []  # per negator: what it negates (None: anything)
    roots: set[str] = set()
    subject: set[str] = set()
    upper: set[str] = set()
    in_subject = True
    has_verb = bool(negators)
    possessive = False
    first_person = False
    pronoun_subject = False
    other = False
    definite = False
    in_condition = False
    condition: set[str] = set()
    head: set[str] = set()  # the subject up to its first preposition ("each creature")
    head_done = False
    last_content: Token | None = None
    skip_next = False
    first_word = True
    n = len(tokens)
    # A leading phrase ("On a hit,", "For attachments,", "While wearing this armor,") is not
    # the subject: it starts after the comma.
    subject_from = 0
    if len(tokens) > 1 and tokens[1].norm == ",":
        subject_from = 2  # "Furthermore, the ..."
    elif tokens and tokens[0].norm in IMPERATIVE_LEADS | CLAUSE_LEADS:
        comma = next(
            (k for k, t in enumerate(tokens[:10]) if t.kind == "punct" and t.norm == ","), None
        )
        if comma is not None:
            subject_from = comma + 1
    for i, t in enumerate(tokens):
        if skip_next:
            skip_next = False
            continue
        if t.kind == "punct":
            if subject and t.norm not in ("'", "’", "-") and i >= subject_from:
                in_subject = False
            if t.norm in (",", ";", ":", "."):
                in_condition = False
            continue
        if any(s <= t.start < e for s, e in spans):
            continue
        nxt = tokens[i + 1] if i + 1 < n else None
        prev = tokens[i - 1].norm if i > 0 else ""
        after = tokens[i + 2].norm if i + 2 < n else ""
        prev2 = tokens[i - 2].norm if i > 1 else ""
        negator = negator_at(t, nxt, prev, after, prev2)
        if negator:
            width = len(negator.split())
            negators.append(negator)
            if negator in PRONOUN_NEGATORS:
                heads.append(None)
            else:
                heads.append(negated_head_after(tokens, i + width))
            if t.kind == "word" and is_negative_adjective(t.norm):
                roots.update(negated_roots_of(t.norm))
            skip_next = width == 2
            in_subject = False
            has_verb = True
            continue
        st = t.stem
        if t.norm in _ACRONYM_PRONOUNS and text[t.start : t.end].isupper():
            st = text[t.start : t.end]  # "US dollars", "the IT team": a name, not a pronoun
        capital = not first_word and t.kind == "word" and text[t.start : t.start + 1].isupper()
        verb = t.kind == "word" and is_verb_like(t, tokens, i, capital, last_content)
        has_verb = has_verb or verb
        if i >= subject_from and not subject and t.norm in POSSESSIVES and in_subject:
            possessive = True  # "Your base walking speed", "Its bite": the note's entity
        if i >= subject_from and not subject and in_subject and t.norm in ("we", "i", "our"):
            first_person = True
        if i == subject_from and t.norm in _THING_PRONOUNS:
            pronoun_subject = True  # "It does not...", "They are...": the note's own thing
        if (
            in_subject
            and i >= subject_from
            and not subject
            and t.kind == "word"
            and is_content_stem(st)
            and not is_adverb_or_gerund(t.norm)
        ):
            definite = prev in DEFINITE_WORDS
        if t.norm in CONDITION_LEADS and t.kind == "word":
            in_condition = True
        if in_condition and t.kind == "word" and is_content_stem(st):
            condition.add(st)
        if in_subject and i >= subject_from and t.norm in ("other", "another", "others"):
            other = True  # "four other rock formations": something else than the other claim
        if (
            in_subject
            and i >= subject_from
            and (
                t.norm in AUXILIARIES
                or (verb and (subject or prev in PRONOUNS))
                or (subject and t.norm in ("that", "which", "who", "where", "when"))
            )
        ):
            in_subject = False
        if (
            in_subject
            and i >= subject_from
            and t.kind == "word"
            and is_content_stem(st)
            and not is_adverb_or_gerund(t.norm)
        ):
            subject.add(st)
            if not head_done:
                head.add(st)
            if len(subject) >= 5:
                in_subject = False
        if subject and t.norm in HEAD_ENDS:
            head_done = True
        if capital:
            upper.add(st)
        if t.kind == "word":
            last_content = t if is_content_stem(st) and t.norm not in NUMBER_WORDS else None
        words.append(ClaimWord(st, text[t.start : t.end], len(words), capital, i < subject_from))
        first_word = False
    return ParsedClaim(
        text=text,
        words=tuple(words),
        negators=tuple(negators),
        negated_heads=tuple(heads),
        negated_roots=frozenset(roots),
        quantities=quantities,
        dates=dates,
        subject=frozenset(subject),
        upper=frozenset(upper),
        imperative=is_imperative(tokens),
        fragment=not has_verb
        and (not text.rstrip().endswith((".", "!", "。")) or _length(words) + unit_words <= 5),
        possessive_subject=possessive,
        labelled=is_labelled(text),
        first_person=first_person,
        pronoun_subject=pronoun_subject,
        other=other,
        definite=definite,
        condition=frozenset(condition),
        deontic=any(t.norm in ("must", "should", "shall", "ought") for t in tokens),
        contrast=contrast_words(tokens),
        compared=compared_words(tokens),
        subject_head=frozenset(head),
        has_by=any(t.norm == "by" for t in tokens),
        passive=is_passive(tokens),
        tokens=tokens,
    )


def clear_parsed_claims() -> None:
    """Drop the cache of `parse_claim`."""
    parse_claim.cache_clear()


def _length(words: list[ClaimWord]) -> int:
    """Words with letters in them."""
    return sum(1 for w in words if any(ch.isalpha() for ch in w.surface))


# -- decisions: Decisions a claim records: "we chose X", "decided to use X", "switched to X",
#    "stopped using X", "no longer use X", "replaced X with Y" / "X was replaced by Y" (a negated
#    choice is a drop, a negated drop a choice). ---

_PREPOSITIONS_END_OBJECT = frozenset(
    "for to as in on at over instead with by from because since and but which that after "
    "before".split()
)


@dataclass(frozen=True)
class Decision:
    """One decision: what was chosen or dropped."""

    verb: Literal["choose", "drop"]
    stems: frozenset[str]  # the object's content stems
    text: str  # the object as written


_CHOOSE_PARTICLES = {"decid": ("on",), "go": ("with",), "settl": ("on",), "opt": ("for",)}
_SWITCH_VERBS = frozenset({"switch", "mov", "migrat", "chang", "transition"})


def _object(text: str, tokens: tuple[Token, ...], i: int) -> tuple[frozenset[str], str]:
    """The noun phrase starting at token i (up to 4 tokens, stops at prepositions)."""
    picked: list[Token] = []
    for t in tokens[i : i + 5]:
        if is_scope_boundary(t) or t.norm in _PREPOSITIONS_END_OBJECT:
            break
        if t.kind == "word" and (t.is_content or t.norm in ("the", "a", "an", "our", "its")):
            picked.append(t)
            continue
        break
    stems = frozenset(t.stem for t in picked if t.is_content)
    if not stems:
        return frozenset(), ""
    return stems, text[picked[0].start : picked[-1].end]


def decisions_in(text: str, tokens: tuple[Token, ...]) -> tuple[Decision, ...]:
    """The decisions claim `text` (tokens `tokens`) records, in reading order."""
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
    while k >= 0 and tokens[k].norm in SCOPE_AUXILIARIES:
        k -= 1
    picked: list[Token] = []
    while k >= 0 and tokens[k].is_content and len(picked) < 3:
        picked.insert(0, tokens[k])
        k -= 1
    if not picked:
        return frozenset(), ""
    return frozenset(t.stem for t in picked), text[picked[0].start : picked[-1].end]
