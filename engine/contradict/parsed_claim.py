"""One claim as the structural verdict reads it: its words with negators, quantities and
dates taken out, its subject (content words before the first verb-like word), and its shape
(an instruction, a fragment, a labelled field, first person, a rule, a passive ...)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.contradict.claim_values import values_in
from engine.contradict.content_words import is_content_stem
from engine.contradict.grammar import (
    AUXILIARIES,
    CLAUSE_LEADS,
    CONDITION_LEADS,
    DEFINITE_WORDS,
    HEAD_ENDS,
    IMPERATIVE_LEADS,
    NUMBER_WORDS,
    POSSESSIVES,
    PRONOUNS,
    contrast_words,
    is_adverb_or_gerund,
    is_imperative,
    is_labelled,
    is_passive,
    is_verb_like,
)
from engine.contradict.negators import (
    PRONOUN_NEGATORS,
    is_negative_adjective,
    negated_head_after,
    negated_roots_of,
    negator_at,
)
from engine.contradict.quantities import DateMention, Quantity
from engine.contradict.text import Token, tokenize


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
    other: bool  # its subject is "other" / "another" things
    definite: bool  # the subject starts with "the"/"this": a thing already known (the note's)
    condition: frozenset[str]  # words of an if/when/unless clause: when the claim holds
    deontic: bool  # a rule ("must", "should"), not a fact
    contrast: frozenset[str]  # what "unlike X" / "other than X" sets apart: not the subject
    subject_head: frozenset[str]  # the subject before its first preposition other than "of"
    has_by: bool
    passive: bool  # "are rendered", "was dropped"

    @property
    def content(self) -> frozenset[str]:
        """The claim's content stems."""
        return frozenset(w.stem for w in self.words if is_content_stem(w.stem))

    @property
    def lead(self) -> frozenset[str]:
        """Content words of a leading phrase: context, not what is claimed."""
        return frozenset(w.stem for w in self.words if w.lead and is_content_stem(w.stem))


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
        capital = not first_word and t.kind == "word" and text[t.start : t.start + 1].isupper()
        verb = t.kind == "word" and is_verb_like(t, tokens, i, capital, last_content)
        has_verb = has_verb or verb
        if i >= subject_from and not subject and t.norm in POSSESSIVES and in_subject:
            possessive = True  # "Your base walking speed", "Its bite": the note's entity
        if i >= subject_from and not subject and in_subject and t.norm in ("we", "i", "our"):
            first_person = True
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
        other=other,
        definite=definite,
        condition=frozenset(condition),
        deontic=any(t.norm in ("must", "should", "shall", "ought") for t in tokens),
        contrast=contrast_words(tokens),
        subject_head=frozenset(head),
        has_by=any(t.norm == "by" for t in tokens),
        passive=is_passive(tokens),
    )


def clear_parsed_claims() -> None:
    """Drop the cache of `parse_claim`."""
    parse_claim.cache_clear()


def _length(words: list[ClaimWord]) -> int:
    """Words with letters in them."""
    return sum(1 for w in words if any(ch.isalpha() for ch in w.surface))
