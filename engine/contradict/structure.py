"""Do two claims say opposite things about the same thing? A structural verdict per pair.

Among a vault's similar claim pairs, far fewer than 1 in 100 is a contradiction: most restate
one fact in other words, many make the same statement about a different entity. Surface cues
("not", "never", opposite words) fire on those as often as on conflicts. So a pair is flagged
only when the structure says so:

1. **About the same thing.** Both claims are assertions (instructions and headings-as-text
   are not), their subjects are not two different entities (subject words that differ on both
   sides, an antonym inside the subject -- "Weighted graph" / "Unweighted graph" --, or each
   claim naming its own note, as atomic notes do), and what they share outweighs what differs.
2. **One slot differs.** After normalising what may be worded differently -- polarity
   (explicit and implicit negators: not, never, no one, nothing, without, refused, failed to,
   unable, lacks, immune ...; an antonym pair flips it once more, so "does not show" and
   "hides" agree), quantities in any unit ("900 s" = "15 minutes"), dates in any format --
   exactly what is left is compared: a polarity flip (negation), two values of one quantity
   (conflicting_values), two dates of one event, a scalar antonym (opposing_sentiment), the
   same relation with its two ends swapped, or one exclusive attribute swapped (who, where,
   what colour, which material).
3. **Minimal pairs are strong, topic overlap is not.** The verdict's strength is the kind's
   base times the share of the claims' content that is the same outside the differing slot.

`assess(a, b, a_note=..., b_note=...)` is pure and symmetric; `Verdict.explanation` is one
plain line saying what differs and why the two are taken to be about the same thing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from engine.contradict.lexicon import (
    CHOOSE_VERBS,
    DROP_VERBS,
    OPPOSITES,
    listed_opposite,
    morphological_opposite,
)
from engine.contradict.quantities import DateMention, Quantity, parse_dates, parse_quantities
from engine.contradict.text import CJK_NEGATORS, STOPWORDS, Token, stem, tokenize

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


def _negative_adjective(word: str) -> bool:
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


def _roots_of(word: str) -> set[str]:
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
#: Opposites the shared word lists do not hold (visibility, connectivity, access).
_EXTRA_OPPOSITES = frozenset(
    frozenset((stem(a), stem(b)))
    for a, b in (
        ("reveal", "conceal"), ("show", "conceal"), ("online", "offline"), ("left", "right"),
        ("stay", "switch"), ("stay", "change"), ("stay", "move"), ("keep", "delete"),
        ("keep", "lose"), ("on", "off"), ("more", "less"), ("most", "least"),
        ("allow", "block"), ("allowed", "blocked"), ("free", "paid"), ("before", "after"),
        ("earlier", "later"), ("first", "last"), ("encrypted", "unencrypted"),
        ("synced", "unsynced"), ("local", "remote"), ("manual", "automatic"),
        ("manually", "automatically"), ("lighter", "heavier"), ("upstream", "downstream"),
        ("ascending", "descending"), ("above", "below"), ("over", "under"),
        ("resistant", "vulnerable"), ("resistance", "vulnerability"), ("friend", "foe"),
    )
)  # fmt: skip
_IRREGULAR_PAST = frozenset(
    """
    became began came went ran made took gave kept held found left lost won grew rose fell sat
    stood wrote built sent brought told said knew saw ate drank fled fought bore struck slew
    swore led met paid sold spoke stole threw wore hid broke chose froze woke drove rode shook
    forgot understood taught caught bought thought sought felt dealt meant slept swept wept lent
    spent bent stuck swung hung sang rang sprang sank shrank swam bit slid lit fed bled fled
    sped shot got
    """.split()
)


_ED_WORDS = frozenset(
    "hundred sacred naked wicked kindred rugged ragged jagged crooked beloved learned".split()
)


def _past_tense(word: str, tokens: tuple[Token, ...], i: int) -> bool:
    """ "joined", "dropped": a verb when it does not follow a determiner."""
    if not word.endswith("ed") or len(word) < 5 or word.endswith("eed") or word in _ED_WORDS:
        return False
    prev = tokens[i - 1].norm if i > 0 else ""
    return prev not in ("the", "a", "an", "its", "their", "your", "our", "his", "her", "this")


#: Function words whose opposites count (they are not content words).
_FUNCTION_OPPOSITES = frozenset(
    stem(w) for w in "before after above below over under on off more less most least".split()
)
#: Common verbs: where a subject ends when no auxiliary marks it.
_VERBS = frozenset(
    stem(w)
    for w in """
    serve keep have make use show hide support allow store take give grow regrow stand
    live lair cast deal breathe lift appear run sync upload download create require include
    contain cause become remain seem let help provide need work start stop open close know
    come go get say add remove follow lead move change lose win fall rise reach enter leave
    hold build write read see hear feel cross attack regain gain sit speak worship
    hunt guard protect fear hate love prefer ignore last receive count cost weigh exist
    happen occur apply depend belong mean refer save delete export import display list
    sort link embed host publish share send set lets offer grant suffer
    heal restore summon travel rule dwell reside inhabit command obey forge craft carve
    """.split()
)

#: A sentence that tells the reader what to do asserts nothing that can be contradicted.
_IMPERATIVES = frozenset(
    """
    select click open go enter press tap navigate choose drag install run add remove create
    delete rename paste try use enable disable toggle configure expand collapse scroll restart
    visit see read find follow close make right-click double-click
    """.split()
)
#: Verbs that also start declaratives as nouns ("Search results are..."): an instruction only
#: when an object or particle follows ("Search the vault", "Set up Sync").
_SOFT_IMPERATIVES = frozenset(
    """
    join share collaborate list sign set check update learn get keep let ask contact download
    upload save copy move change turn search specify define write sync publish view manage
    edit hover pin unpin link embed insert include exclude start stop watch display show hide
    return wait restart reopen reload refresh
    """.split()
)
_OBJECT_STARTS = frozenset(
    "a an the your our this these those all every each it them up out off down back on in "
    "to with for from any some more".split()
)
_LEADING_ADVERBS = frozenset("then also first next finally now simply just instead".split())
_IMPERATIVE_LEADS = frozenset(
    "to in on next from under after before when if once at for with by within".split()
)
#: Attributes that one thing has only one of at a time.
_COLOURS = frozenset(
    stem(w)
    for w in """
    red orange yellow green blue purple violet pink brown black white grey gray silver gold
    golden crimson scarlet azure teal cyan magenta indigo amber ivory
    """.split()
)
_MATERIALS = frozenset(
    stem(w)
    for w in """
    wood wooden iron steel silver gold stone glass leather bronze copper brass cloth silk
    wool cotton bone crystal obsidian marble granite adamantine mithral paper plastic
    clay ice oak pine tin lead platinum
    """.split()
)
#: Words after which one value only holds: "created by X", "located in Y", "made of Z".
_FUNCTIONAL = frozenset(
    stem(w)
    for w in """
    by in at on from of into
    """.split()
)
_FUNCTIONAL_VERBS = frozenset(
    stem(w)
    for w in """
    located hosted stored kept held born buried based headquartered made forged built
    crafted carved written created founded led ruled owned lives lived live lair lairs
    dwell dwells resides reside housed imprisoned trapped sealed hidden raised worships
    worship serves serve guarded sits sit stands stand published released developed
    """.split()
)
_ORDER_WORDS = frozenset({"before", "after"})
_DECISION_STEMS = (
    CHOOSE_VERBS
    | DROP_VERBS
    | frozenset(stem(w) for w in "switch switched migrate migrated move moved stop stopped".split())
)
_ORDER_STEMS = frozenset(stem(w) for w in _ORDER_WORDS)
#: Prepositions a name follows in a role that holds one value (rented from X, via Y).
_NAME_LEADS = frozenset("from through via by with in at on".split())
#: Predicates that hold many values at once: two values are no conflict.
_MANY_VALUED = frozenset(
    stem(w)
    for w in """
    available availability support supports compatible work works include includes
    integrate integrates export exports import imports list lists also such like example
    other others both either various many several some among additionally too
    """.split()
)
_VERB_OPPOSITES = frozenset(
    w for w, others in OPPOSITES.items() if "opposite_verb" in others.values()
)
_AUX = frozenset(
    "be is are was were been being am do does did have has had can could will would shall "
    "should may might must".split()
)


@dataclass(frozen=True)
class Verdict:
    """What the structure of a pair says (score 0: no conflict shown)."""

    score: float  # in [0, 1]
    kind: str  # negation | conflicting_values | opposing_sentiment | semantic_conflict | none
    explanation: str  # one plain line: what differs, and why the same thing


_NONE = Verdict(0.0, "none", "")


@dataclass(frozen=True)
class _Word:
    stem: str
    surface: str
    index: int  # position among the claim's words
    upper: bool  # capitalised in the text, not at the sentence start
    lead: bool = False  # inside a leading phrase ("From the map and the profile, ...")


@dataclass(frozen=True)
class _Claim:
    text: str
    words: tuple[_Word, ...]  # words outside quantities and dates, negators removed
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
        return frozenset(w.stem for w in self.words if _is_content(w.stem))

    @property
    def lead(self) -> frozenset[str]:
        """Content words of a leading phrase: context, not what is claimed."""
        return frozenset(w.stem for w in self.words if w.lead and _is_content(w.stem))


def _is_content(s: str) -> bool:
    if len(s) == 1:
        return _is_cjk(s) and s not in CJK_NEGATORS
    return s not in STOPWORDS and s not in _STEMMED_STOP and not s.isdigit()


def _is_cjk(ch: str) -> bool:
    return "\u3040" <= ch <= "\u30ff" or "\u3400" <= ch <= "\u9fff" or "\uac00" <= ch <= "\ud7af"


_STEMMED_STOP = frozenset(stem(w) for w in STOPWORDS)


@lru_cache(maxsize=8192)
def _analyse(text: str) -> _Claim:
    tokens = tokenize(text)
    dates = parse_dates(text)
    dates = (*dates, *_years(text, dates))
    quantities = tuple(
        q
        for q in parse_quantities(text, skip=tuple((d.start, d.end) for d in dates))
        if not _glued(text, q.start, q.end)
    )
    spans = [(d.start, d.end) for d in dates] + [(q.start, q.end) for q in quantities]
    words: list[_Word] = []
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
    elif tokens and tokens[0].norm in _IMPERATIVE_LEADS | _CLAUSE_LEADS:
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
        negator = _negator_at(t, nxt, prev, after, prev2)
        if negator:
            width = len(negator.split())
            negators.append(negator)
            if negator in _PRONOUN_NEGATORS:
                heads.append(None)
            else:
                heads.append(_head_after(tokens, i + width))
            if t.kind == "word" and _negative_adjective(t.norm):
                roots.update(_roots_of(t.norm))
            skip_next = width == 2
            in_subject = False
            has_verb = True
            continue
        st = t.stem
        capital = not first_word and t.kind == "word" and text[t.start : t.start + 1].isupper()
        verb = t.kind == "word" and _verb_like(t, tokens, i, capital, last_content)
        has_verb = has_verb or verb
        if i >= subject_from and not subject and t.norm in _POSSESSIVES and in_subject:
            possessive = True  # "Your base walking speed", "Its bite": the note's entity
        if i >= subject_from and not subject and in_subject and t.norm in ("we", "i", "our"):
            first_person = True
        if (
            in_subject
            and i >= subject_from
            and not subject
            and t.kind == "word"
            and _is_content(st)
            and not _adverb_or_gerund(t.norm)
        ):
            definite = prev in _DEFINITE
        if t.norm in _CONDITION_LEADS and t.kind == "word":
            in_condition = True
        if in_condition and t.kind == "word" and _is_content(st):
            condition.add(st)
        if in_subject and i >= subject_from and t.norm in ("other", "another", "others"):
            other = True  # "four other rock formations": something else than the other claim
        if (
            in_subject
            and i >= subject_from
            and (
                t.norm in _AUX
                or (verb and (subject or prev in _PRONOUNS))
                or (subject and t.norm in ("that", "which", "who", "where", "when"))
            )
        ):
            in_subject = False
        if (
            in_subject
            and i >= subject_from
            and t.kind == "word"
            and _is_content(st)
            and not _adverb_or_gerund(t.norm)
        ):
            subject.add(st)
            if not head_done:
                head.add(st)
            if len(subject) >= 5:
                in_subject = False
        if subject and t.norm in _HEAD_ENDS:
            head_done = True
        if capital:
            upper.add(st)
        if t.kind == "word":
            last_content = t if _is_content(st) and t.norm not in _NUMBER_WORDS else None
        words.append(_Word(st, text[t.start : t.end], len(words), capital, i < subject_from))
        first_word = False
    return _Claim(
        text=text,
        words=tuple(words),
        negators=tuple(negators),
        negated_heads=tuple(heads),
        negated_roots=frozenset(roots),
        quantities=quantities,
        dates=dates,
        subject=frozenset(subject),
        upper=frozenset(upper),
        imperative=_is_imperative(tokens),
        fragment=not has_verb and (not text.rstrip().endswith((".", "!", "。")) or len(words) <= 5),
        possessive_subject=possessive,
        labelled=_LABEL_RE.match(text) is not None,
        first_person=first_person,
        other=other,
        definite=definite,
        condition=frozenset(condition),
        deontic=any(t.norm in ("must", "should", "shall", "ought") for t in tokens),
        contrast=_contrast(tokens),
        subject_head=frozenset(head),
        has_by=any(t.norm == "by" for t in tokens),
        passive=_passive(tokens),
    )


_PRONOUN_NEGATORS = frozenset({"no one", "nobody", "nothing", "none", "neither", "nowhere"})
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


_REPORTING = frozenset(stem(w) for w in "say said tell told ask asked reply replied".split())
_CONTRAST_LEADS = frozenset({"unlike", "except", "besides"})


def _contrast(tokens: tuple[Token, ...]) -> frozenset[str]:
    out: set[str] = set()
    for i, t in enumerate(tokens):
        if t.norm in _CONTRAST_LEADS:
            for u in tokens[i + 1 : i + 6]:
                if u.kind == "punct":
                    break
                if u.kind == "word" and _is_content(u.stem):
                    out.add(u.stem)
    return frozenset(out)


def _negator_at(t: Token, nxt: Token | None, prev: str, after: str = "", prev2: str = "") -> str:
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
    if prev == "or" or (norm == "not" and prev in _AUX and prev2 == "or"):
        return ""  # "may or may not", "could or could not", "whether or not": a hedge
    if norm == "nothing" and nxt_norm == "like":
        return ""  # "there's nothing like X" praises X
    if norm in _PRONOUN_NEGATORS and nxt_norm in _EXCEPTIONS:
        return ""  # "nobody except the owner" = only the owner
    if norm in _NEGATE_BEFORE_TO and nxt_norm != "to":
        return ""  # a noun or a verb with an object: content
    if norm in _ATTRIBUTIVE_NEGATORS or (
        norm not in _IMPLICIT_NEGATORS and _negative_adjective(norm)
    ):
        # "is unavailable", "are hidden": a predicate; "the hidden folder", "Unlinked
        # mentions": a modifier, not a negation
        return norm if prev in _PREDICATE_LEADS else ""
    return norm if norm in _IMPLICIT_NEGATORS else ""


def _head_after(tokens: tuple[Token, ...], start: int) -> frozenset[str]:
    """What a negator negates: the first content word after it (skipping auxiliaries)."""
    for t in tokens[start : start + 6]:
        if t.kind == "punct":
            break
        if t.kind not in ("word", "cjk") or t.norm in _HEAD_SKIP:
            continue
        if _is_content(t.stem):
            return frozenset({t.stem})
    return frozenset()


_NUMBER_WORDS = frozenset(
    "one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty "
    "hundred thousand several many few".split()
)
_NOT_ADVERBS = frozenset(
    """
    daily weekly monthly yearly hourly quarterly early family friendly elderly assembly supply
    reply italy holy only lily
    """.split()
)


def _adverb_or_gerund(word: str) -> bool:
    """ "magically", "applying": the manner or the action, not who the claim is about."""
    if word.endswith("ly"):
        return word not in _NOT_ADVERBS and len(word) > 4
    return word.endswith("ing") and len(word) > 5


_PRONOUNS = frozenset("you i we they he she it one".split())
_CONDITION_LEADS = frozenset("if when whenever unless while once".split())
_CLAUSE_LEADS = frozenset("while although though because since unless until during".split())


_LABEL_RE = re.compile(r"^\s*[^\s:.,;]+(?:\s+[^\s:.,;]+){0,3}:\s")
_DEFINITE = frozenset("the this that these those".split())
_HEAD_ENDS = frozenset("in on at from with by for to into within through under over".split())
_POSSESSIVES = frozenset("your its their his her our my".split())
_NOT_VERBS_AFTER_NOUN = frozenset(
    "of in on at to for with from by and or but as than per via into onto over under".split()
)


_AFTER_VERB = frozenset(
    "the a an this that these those their its his her our your my them themselves it "
    "to in on at from into onto with by for over under through across up down out off "
    "only all every each no any".split()
)
_NOUN_FOLLOWERS = frozenset("whose who which that of 's ’s".split())
_DETERMINERS = frozenset("the a an this that each every any no".split())


def _plural(word: str) -> bool:
    return len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is"))


def _verb_like(
    t: Token, tokens: tuple[Token, ...], i: int, capital: bool, last: Token | None
) -> bool:
    """A word that is probably the claim's verb: an auxiliary, a known or past-tense verb, or
    a word agreeing with the noun before it ("the dragon exhales", "hell hounds hunt")."""
    norm = t.norm
    if norm in _AUX or norm in _IRREGULAR_PAST or t.stem in _VERBS:
        return True
    if t.stem in _VERB_OPPOSITES and norm.endswith(("s", "ed")):
        return True
    if _past_tense(norm, tokens, i):
        return True
    if capital or not _is_content(t.stem) or _adverb_or_gerund(norm):
        return False
    if i > 0 and tokens[i - 1].norm in _PRONOUNS and tokens[i - 1].norm != "one":
        return norm not in _NOT_VERBS_AFTER_NOUN  # "it burns", "they resist"
    if last is None or tokens[i - 1] is not last:
        return False
    if norm in _NOT_VERBS_AFTER_NOUN or _adverb_or_gerund(norm):
        return False
    nxt_tok = tokens[i + 1] if i + 1 < len(tokens) else None
    if (
        _plural(norm)
        and not last.norm.endswith("s")
        and i >= 2
        and tokens[i - 2].norm in _DETERMINERS
        and (nxt_tok is None or nxt_tok.norm not in _NOUN_FOLLOWERS)
    ):
        return True  # "the dragon exhales" (not "two fey creatures")
    nxt = tokens[i + 1].norm if i + 1 < len(tokens) else ""
    # plural noun + base verb + what follows a verb: "hell hounds hunt in packs", "deep
    # gnomes enslave the", not "Senses blindsight 10 ft."
    return (
        _plural(last.norm)
        and not norm.endswith("s")
        and (nxt in _AFTER_VERB or nxt.endswith("ly") or not nxt)
    )


def _passive(tokens: tuple[Token, ...]) -> bool:
    be = {"is", "are", "was", "were", "be", "been", "being"}
    for i, t in enumerate(tokens[:-1]):
        if t.norm in be:
            for u in tokens[i + 1 : i + 4]:
                if u.kind == "word" and (
                    u.norm.endswith(("ed", "en")) or u.norm in _IRREGULAR_PAST
                ):
                    return True
    return False


def _is_imperative(tokens: tuple[Token, ...]) -> bool:
    words = [t for t in tokens if t.kind in ("word", "punct")]
    if not words:
        return False
    if words[0].norm in _LEADING_ADVERBS and len(words) > 1:
        words = words[1:]
    if words[0].norm in _IMPERATIVES:
        return True
    if words[0].norm in _SOFT_IMPERATIVES and len(words) > 1 and words[1].norm in _OBJECT_STARTS:
        return True  # "Share a site with...", "Join the server", "List all files"
    if words[0].norm in _IMPERATIVE_LEADS:
        for k, t in enumerate(words[:12]):
            if t.kind == "punct" and t.norm == ",":
                nxt = words[k + 1] if k + 1 < len(words) else None
                return nxt is not None and (
                    nxt.norm in _IMPERATIVES or nxt.norm in _SOFT_IMPERATIVES
                )
    return False


def _entity_words(stems: set[str] | frozenset[str], claim: _Claim) -> set[str]:
    """Subject words that may name an entity: names ("Sync", "Publish"), and words that are
    not verbs a subject was cut late at."""
    return {s for s in stems if s not in _VERBS or s in claim.upper}


#: Subjects that stand for whatever the note is about ("the target takes...", "you gain...").
_GENERIC_SUBJECTS = frozenset(
    stem(w)
    for w in """
    target creature character user player attacker caster wearer wielder bearer owner item
    object spell effect feature ability person people someone note page file thing one
    duration range damage cost price speed size weight height level radius area bonus
    """.split()
)


def _names(content: frozenset[str], title: frozenset[str]) -> bool:
    return bool(title) and title <= _shared(title, content)


def _about_note(
    c: _Claim,
    title: frozenset[str],
    heading: frozenset[str],
    other_topic: frozenset[str],
    other: frozenset[str],
) -> bool:
    """The claim speaks of its own note: its subject is a pronoun, a generic noun, words of
    the note's title, or words of its heading that the other note's title and heading do not
    share -- or it names its title, which the other claim does not."""
    if c.first_person:
        return False  # "We chose X": the writer's world, not the note's entity
    if not c.subject or c.possessive_subject or c.labelled:
        return True
    rest = (c.subject_head or c.subject) - _GENERIC_SUBJECTS
    if not rest:
        return True
    if c.definite and rest <= _shared(rest, title | heading):
        # "the oil" in "Oil of Sharpness", "the vampire" under "## Vampire": the note's own
        # entity, referred to by its kind. A bare plural or a name ("Soil nodes sample...",
        # "A fire giant stands...") speaks of the kind itself.
        return True
    topic = title | heading
    names_title = topic <= _shared(topic, c.content)
    return names_title and not topic <= _shared(topic, other)


@lru_cache(maxsize=4096)
def _heading_stems(heading: str | None) -> frozenset[str]:
    if not heading:
        return frozenset()
    return frozenset(t.stem for t in tokenize(heading) if t.kind == "word" and _is_content(t.stem))


def _title_stems(note: str | None) -> frozenset[str]:
    if not note:
        return frozenset()
    name = note.rsplit("/", 1)[-1]
    if name.lower().endswith(".md"):
        name = name[:-3]
    return frozenset(t.stem for t in tokenize(name) if t.kind == "word" and _is_content(t.stem))


def _opposite(a: str, b: str) -> bool:
    if frozenset((a, b)) in _EXTRA_OPPOSITES:
        return True
    if listed_opposite(a, b) is not None or morphological_opposite(a, b):
        return True
    # comparatives and superlatives of listed opposites (stronger / weaker)
    for suffix in ("er", "est"):
        if a.endswith(suffix) and b.endswith(suffix) and len(a) > 4 and len(b) > 4:
            ra, rb = a[: -len(suffix)], b[: -len(suffix)]
            if listed_opposite(ra, rb) is not None or listed_opposite(stem(ra), stem(rb)):
                return True
    return False


def _near(a: str, b: str) -> bool:
    """Same stem, or one a short extension of the other (version / versioning)."""
    if a == b:
        return True
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    return len(short) >= 4 and long_.startswith(short) and len(long_) - len(short) <= 3


def _shared(x: frozenset[str] | set[str], y: frozenset[str] | set[str]) -> set[str]:
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


def _quantity_relation(
    a: tuple[Quantity, ...], b: tuple[Quantity, ...]
) -> tuple[list[tuple[Quantity, Quantity]], int]:
    """(conflicting same-unit pairs, number of agreeing same-unit pairs)."""
    conflicts: list[tuple[Quantity, Quantity]] = []
    agree = 0
    agreeing: set[str] = set()
    for qa in a:
        same = [qb for qb in b if qb.unit == qa.unit]
        if not same:
            continue
        if any(_same_value(qa, qb) and not _different_limits(qa, qb) for qb in same):
            agree += 1
            agreeing.add(qa.unit)
        else:
            conflicts.append((qa, same[0]))
    # one of several values of a unit matches: a list, not a conflict ("1 vault ... 10 vaults"
    # / "ten vaults"); values of other units still count ("single battery" vs "14 months")
    return [c for c in conflicts if c[0].unit not in agreeing], agree


_YEAR_RE = re.compile(r"\b(?:in|year|since|until|by)\s+(?:the\s+year\s+)?(\d{3,4})\b(?![.,]\d)")


def _years(text: str, known: tuple[DateMention, ...]) -> tuple[DateMention, ...]:
    """Years the date parser leaves out ("in the year 1189", "in 587"): any era."""
    out: list[DateMention] = []
    for m in _YEAR_RE.finditer(text):
        s, e = m.span()
        if any(d.start < e and s < d.end for d in known):
            continue
        out.append(DateMention(text=m.group(), start=s, end=e, year=int(m.group(1))))
    return tuple(out)


def _glued(text: str, start: int, end: int) -> bool:
    """A number glued to letters is a name or a die, not a quantity: "2nd", "3d6", "v2"."""
    before = text[start - 1 : start]
    after = text[end : end + 1]
    return before.isalpha() or (after.isalnum() and not text[start:end][-1:].isalpha())


def _same_value(a: Quantity, b: Quantity) -> bool:
    """Could both hold? Points within 2 % (10 % when one is "about"), ranges that overlap,
    bounds that admit the other value."""
    if a.low != a.high or b.low != b.high or a.bound in ("<=", ">=") or b.bound in ("<=", ">="):
        return a.compatible(b)
    tol = 0.10 if "~" in (a.bound, b.bound) else 0.02
    if abs(a.low - b.low) <= tol * max(abs(a.low), abs(b.low), 1e-12):
        return True
    if a.unit == "data" and a.low > 0 and b.low > 0:
        # 10 GB = 10,240 MB: binary and decimal prefixes are both in use
        ratio = max(a.low, b.low) / min(a.low, b.low)
        return any(abs(ratio - 1.024**k) <= 0.003 * 1.024**k for k in range(1, 5))
    return False


def _different_limits(a: Quantity, b: Quantity) -> bool:
    """Two limits of the same kind ("at most 20" / "at most 50") name different limits."""
    if a.bound != b.bound or a.bound not in ("<=", ">="):
        return False
    return not (
        abs(a.low - b.low) <= 0.03 * max(abs(a.low), abs(b.low))
        and abs(a.high - b.high) <= 0.03 * max(abs(a.high), abs(b.high))
    )


def _date_relation(
    a: tuple[DateMention, ...], b: tuple[DateMention, ...]
) -> tuple[list[tuple[DateMention, DateMention]], int]:
    conflicts: list[tuple[DateMention, DateMention]] = []
    agree = 0
    for da in a:
        comparable = [db for db in b if da.comparable(db)]
        if not comparable:
            continue
        if all(da.conflicts_with(db) for db in comparable):
            conflicts.append((da, comparable[0]))
        else:
            agree += 1
    return conflicts, agree


_QUOTE_RE = re.compile(r"\s+")


def _q(text: str) -> str:
    return '"' + _QUOTE_RE.sub(" ", text).strip() + '"'


@lru_cache(maxsize=1 << 16)
def assess(
    a: str,
    b: str,
    *,
    a_note: str | None = None,
    b_note: str | None = None,
    a_heading: str | None = None,
    b_heading: str | None = None,
) -> Verdict:
    """The structural verdict on claims `a` (of note `a_note`, under heading `a_heading`) and
    `b` (of `b_note`, under `b_heading`)."""
    if b < a:
        a, b, a_note, b_note, a_heading, b_heading = b, a, b_note, a_note, b_heading, a_heading
    x, y = _analyse(a), _analyse(b)
    if x.imperative or y.imperative or x.fragment or y.fragment:
        return _NONE
    cx, cy = x.content, y.content
    if not cx or not cy:
        return _NONE

    # Antonym pairs between the two claims (each word used once).
    antonyms: list[tuple[_Word, _Word]] = []
    used_y: set[int] = set()
    wy_all = {w.stem for w in y.words}
    wx_all = {w.stem for w in x.words}
    for wx in x.words:
        if wx.stem in wy_all or not (_is_content(wx.stem) or wx.stem in _FUNCTION_OPPOSITES):
            continue
        for wy in y.words:
            if wy.index in used_y or wy.stem in wx_all:
                continue
            if not (_is_content(wy.stem) or wy.stem in _FUNCTION_OPPOSITES):
                continue
            if _opposite(wx.stem, wy.stem):
                antonyms.append((wx, wy))
                used_y.add(wy.index)
                break
    # Opposites inside both claims' conditions ("when the mesh is cheap" / "when the mesh is
    # expensive") name two situations, not two answers: no flip.
    conditions = [
        (wx, wy) for wx, wy in antonyms if wx.stem in x.condition and wy.stem in y.condition
    ]
    if conditions:
        return _NONE
    anto_x = {w.stem for w, _ in antonyms}
    anto_y = {w.stem for _, w in antonyms}

    # The same words with the two ends of a relation swapped (before the entity check: the
    # subjects differ by construction).
    if not antonyms and not x.negators and not y.negators:
        swapped = _swapped_relation(x, y, cx, cy)
        if swapped:
            return Verdict(0.7, "semantic_conflict", swapped)

    # Different entities: the subjects differ on both sides, or an antonym sits inside a
    # subject (Weighted graph / Unweighted graph), or each claim names its own note.
    subj_x, subj_y = x.subject, y.subject
    same_subject_words = _shared(subj_x, subj_y)
    if subj_x and subj_y:
        only_x = _entity_words(subj_x - _shared(subj_x, cy - y.contrast) - anto_x, x)
        only_y = _entity_words(subj_y - _shared(subj_y, cx - x.contrast) - anto_y, y)
        if only_x and only_y:
            return _NONE
        if any(_opposite(p, q) for p in subj_x - subj_y for q in subj_y - subj_x):
            return _NONE
        named_x, named_y = subj_x - _GENERIC_SUBJECTS, subj_y - _GENERIC_SUBJECTS
        if (
            named_x
            and named_y
            and not (_shared(named_x, named_y) or _shared(named_y, named_x))
            and named_x <= _shared(named_x, cy)
            and named_y <= _shared(named_y, cx)
        ):
            # "the gateway delays the handshake ..." / "the handshake affects the gateway ...":
            # each is the other's object, with another verb -- two statements, not one
            return _NONE
    # Each claim about its own note (atomic notes, templated notes: "the oil", "the target",
    # "you" under "Oil of Sharpness" and "Oil of Slipperiness"): different entities.
    title_x, title_y = _title_stems(a_note), _title_stems(b_note)
    head_x, head_y = _heading_stems(a_heading), _heading_stems(b_heading)
    tx, ty = title_x | head_x, title_y | head_y
    if (
        tx
        and ty
        and tx != ty
        # the other claim speaks of this note's entity too (a title inside the other's title,
        # "Tiger" in "Saber-Toothed Tiger", is the general kind, not this note's entity)
        and not (_names(cy, title_x) and not title_x <= _shared(title_x, title_y))
        and not (_names(cx, title_y) and not title_y <= _shared(title_y, title_x))
        and _about_note(x, title_x, head_x, ty, cy)
        and _about_note(y, title_y, head_y, tx, cx)
    ):
        return _NONE

    shared = _shared(cx, cy) | _shared(cy, cx)
    left_x = cx - _shared(cx, cy) - anto_x - _shared(cx, y.negated_roots) - x.lead
    left_y = cy - _shared(cy, cx) - anto_y - _shared(cy, x.negated_roots) - y.lead
    n_shared = len(_shared(cx, cy))
    changed = "" if _one_sided_negation(x, y) else _changed_decision(a, b, x, y)
    if changed:
        score = 0.8 * max(n_shared / (n_shared + 1), 0.75)
        return Verdict(round(score, 4), "superseded", changed)
    minimal = not left_x and not left_y
    if n_shared < 2 and not (n_shared == 1 and minimal):
        return _NONE
    if n_shared == 2 and not minimal:
        return _NONE
    closeness = n_shared / (n_shared + max(len(left_x), len(left_y)))
    surface = {w.stem: w.surface for w in (*y.words, *x.words)}
    about = _about(shared, same_subject_words, surface)

    # Values and dates.
    q_conflicts, q_agree = _quantity_relation(x.quantities, y.quantities)
    d_conflicts, d_agree = _date_relation(x.dates, y.dates)
    if d_agree:
        d_conflicts = []

    order_pairs = [(wx, wy) for wx, wy in antonyms if {wx.stem, wy.stem} <= _ORDER_STEMS]
    if order_pairs:
        # "before the sync begins" / "after the sync has finished": the order is what differs;
        # the events it is measured against are not further flips
        antonyms = order_pairs
    flip = (len(x.negators) + len(y.negators) + len(antonyms)) % 2 == 1
    candidates: list[Verdict] = []

    if q_conflicts:
        qa, qb = q_conflicts[0]
        anchor = qa.anchor | qb.anchor
        # the words around the two numbers must meet: "runs for 14 months" / "runs for 9
        # months", not "built 15 years earlier" / "minister for 20 years"
        anchored = not anchor or bool(_shared(qa.anchor, qb.anchor))
        strength = 0.9 if anchored else 0.5
        if (qa.bound != "=" or qb.bound != "=") and qa.bound != qb.bound:
            strength *= 0.8
        if left_x and left_y:
            strength *= 0.75  # each claim says something the other does not: other predicates
        candidates.append(
            Verdict(
                strength * closeness,
                "conflicting_values",
                f"different values: {_q(qa.text)} vs {_q(qb.text)} {about}",
            )
        )
    if d_conflicts:
        da, db = d_conflicts[0]
        candidates.append(
            Verdict(
                0.9 * closeness,
                "conflicting_values",
                f"different dates: {_q(da.text)} vs {_q(db.text)} {about}",
            )
        )
    if flip and not q_conflicts and not d_conflicts:
        scalar = [
            (wx, wy) for wx, wy in antonyms if not (wx.stem in x.subject or wy.stem in y.subject)
        ]
        if scalar and (len(x.negators) + len(y.negators)) % 2 == 0:
            wx, wy = scalar[0]
            order = {wx.stem, wy.stem} <= {stem(w) for w in _ORDER_WORDS}
            what = "order of events" if order else "opposites"
            candidates.append(
                Verdict(
                    0.85 * closeness,
                    "opposing_sentiment",
                    f"{what}: {_q(wx.surface)} vs {_q(wy.surface)} {about}",
                )
            )
        else:
            neg_x = ", ".join(_q(n) for n in x.negators)
            neg_y = ", ".join(_q(n) for n in y.negators)
            said = neg_x or neg_y
            detail = (
                f"one claim says {said}, the other does not"
                if not (neg_x and neg_y)
                else f"negated differently ({neg_x} vs {neg_y})"
            )
            if antonyms:
                wx, wy = antonyms[0]
                detail += f"; {_q(wx.surface)} vs {_q(wy.surface)}"
            base = (
                0.85 if _negates_shared(x, cy, anto_x) or _negates_shared(y, cx, anto_y) else 0.45
            )
            if all(n == "without" for n in (*x.negators, *y.negators)):
                base *= 0.8
            candidates.append(Verdict(base * closeness, "negation", f"{detail} {about}"))
    if not flip and not q_conflicts and not d_conflicts and not antonyms:
        attr = _swapped_attribute(x, y, left_x, left_y)
        if attr:
            candidates.append(
                Verdict(attr[0] * min(1.0, n_shared / 3), "semantic_conflict", f"{attr[1]} {about}")
            )
    if not candidates:
        return _NONE
    best = max(candidates, key=lambda v: v.score)
    if x.other != y.other:
        # "four other rock formations", "other journalists": one claim is about something else
        best = Verdict(best.score * 0.6, best.kind, best.explanation)
    if x.deontic != y.deontic and best.kind == "negation":
        # "must not fall below" is a rule, "fell below" a fact: no contradiction in words
        best = Verdict(best.score * 0.5, best.kind, best.explanation)
    if (q_agree or d_agree) and best.kind != "conflicting_values":
        best = Verdict(best.score * 0.9, best.kind, best.explanation)
    return Verdict(round(min(1.0, best.score), 4), best.kind, best.explanation)


def _one_sided_negation(x: _Claim, y: _Claim) -> bool:
    """Negated on one side only (before antonyms are paired)."""
    return (len(x.negators) + len(y.negators)) % 2 == 1


def _changed_decision(a: str, b: str, x: _Claim, y: _Claim) -> str:
    """ "We chose PostgreSQL" / "We dropped PostgreSQL and chose SQLite": a decision one note
    records and the other reverses (shown as superseded, the newer note marked)."""
    stems = {w.stem for w in (*x.words, *y.words)}
    if not stems & _DECISION_STEMS:
        return ""
    from engine.contradict.cues import analyse, decision

    cue = decision(analyse(a), analyse(b))
    if cue.score < 1.0:
        return ""
    return f"a decision changed: {cue.explanation.replace('one claim', 'one note')}"


def _negates_shared(c: _Claim, other: frozenset[str], antonyms: set[str]) -> bool:
    """A negator of `c` negates something the other claim says (its head is there, or it
    negates an adjective whose root is there); pronoun negators (nobody) always qualify."""
    for neg, head in zip(c.negators, c.negated_heads, strict=True):
        if head is None:
            return True
        if head and (_shared(frozenset(head), other) or head & antonyms):
            return True
        if _negative_adjective(neg) and _shared(frozenset(_roots_of(neg)), other):
            return True
    return False


def _about(shared: set[str], subject: set[str], surface: dict[str, str]) -> str:
    """Why the two claims are taken to be about the same thing, in the words of the claims."""
    chosen = subject or shared
    words = [surface.get(s, s) for s in chosen]
    words = sorted(dict.fromkeys(w.lower() if not w.isupper() else w for w in words))[:4]
    if not words:
        return ""
    label = "both about" if subject else "both mention"
    return f"({label}: {', '.join(words)})"


def _swapped_relation(x: _Claim, y: _Claim, cx: frozenset[str], cy: frozenset[str]) -> str:
    """ "Goblins serve hobgoblins" / "Hobgoblins serve goblins": the same words, the two ends
    of the relation swapped (not a passive rewording, which has "by")."""
    if x.has_by or y.has_by or x.passive != y.passive or cx != cy or len(cx) < 3:
        return ""
    if cx & _REPORTING or len(x.words) < 5 or len(y.words) < 5:
        return ""
    sx = [w.stem for w in x.words if _is_content(w.stem)]
    sy = [w.stem for w in y.words if _is_content(w.stem)]
    if sx == sy or not x.subject or not y.subject or x.subject & y.subject:
        return ""  # the two ends must be different things that swap places
    if not (x.subject <= cy and y.subject <= cx):
        return ""
    first = " ".join(w.surface for w in x.words if w.stem in x.subject)
    second = " ".join(w.surface for w in y.words if w.stem in y.subject)
    return f"the relation is reversed: {_q(first)} and {_q(second)} swap places"


def _swapped_attribute(
    x: _Claim, y: _Claim, left_x: frozenset[str], left_y: frozenset[str]
) -> tuple[float, str] | None:
    """One exclusive attribute swapped: who, where, what colour, which material. Predicates
    that hold many values at once (available for, supports, includes, such as) never count."""
    if not left_x or not left_y or len(left_x) > 3 or len(left_y) > 3:
        return None
    if left_x & x.subject or left_y & y.subject:
        return None
    if any(w.stem in _MANY_VALUED for w in (*x.words, *y.words)):
        return None
    wx = [w for w in x.words if w.stem in left_x]
    wy = [w for w in y.words if w.stem in left_y]
    if not wx or not wy:
        return None
    if {w.stem for w in wx} <= _COLOURS and {w.stem for w in wy} <= _COLOURS:
        return 0.8, f"different colours: {_q(wx[0].surface)} vs {_q(wy[0].surface)}"
    if {w.stem for w in wx} & _MATERIALS and {w.stem for w in wy} & _MATERIALS:
        return 0.75, f"different materials: {_q(_span(wx))} vs {_q(_span(wy))}"
    what = f"{_q(_span(wx))} vs {_q(_span(wy))}"
    if _functional(x, wx[0]) and _functional(y, wy[0]):
        return 0.7, f"different {_slot(x, wx[0])}: {what}"
    names = all(w.upper for w in wx) and all(w.upper for w in wy)
    if names and _after(x, wx[0], _NAME_LEADS) and _after(y, wy[0], _NAME_LEADS):
        return 0.65, f"different names in the same role: {what}"
    if names and _after(x, wx[0], {"the"}) and _after(y, wy[0], {"the"}):
        return 0.6, f"different values in the same role: {what}"
    return None


def _after(c: _Claim, w: _Word, leads: set[str] | frozenset[str]) -> bool:
    """The word comes right after one of `leads` (or one modifier after it)."""
    before = [v.stem for v in c.words[max(0, w.index - 2) : w.index]]
    return bool(before) and (before[-1] in leads or (len(before) == 2 and before[0] in leads))


def _functional(c: _Claim, w: _Word) -> bool:
    """The word follows a relation that holds one value (created by, located in, ...)."""
    before = [v.stem for v in c.words[max(0, w.index - 4) : w.index]]
    return any(s in _FUNCTIONAL_VERBS for s in before) and any(
        s in _FUNCTIONAL for s in before[-3:]
    )


def _slot(c: _Claim, w: _Word) -> str:
    before = [v.stem for v in c.words[max(0, w.index - 3) : w.index]]
    if "by" in before:
        return "agents"
    if any(s in ("in", "at", "on", "from", "into") for s in before):
        return "places"
    return "values"


def _span(words: list[_Word]) -> str:
    return " ".join(w.surface for w in words)


def clear_caches() -> None:
    """Drop the per-claim and per-pair caches (a whole-vault scan fills them with claims the
    next edit will not ask about)."""
    _analyse.cache_clear()
    _shared_cached.cache_clear()
    assess.cache_clear()
