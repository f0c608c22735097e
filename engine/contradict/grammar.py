"""Word classes and sentence shape for the structural verdict: verbs (where a subject ends),
instructions (which assert nothing), passives, labels, and the words a sentence's leading
phrase, condition or contrast starts with."""

from __future__ import annotations

import re

from engine.contradict.content_words import is_content_stem
from engine.contradict.lexicon import OPPOSITES
from engine.contradict.text import Token, stem

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


#: Common verbs: where a subject ends when no auxiliary marks it.
COMMON_VERBS = frozenset(
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
IMPERATIVE_LEADS = frozenset(
    "to in on next from under after before when if once at for with by within".split()
)
_VERB_OPPOSITES = frozenset(
    w for w, others in OPPOSITES.items() if "opposite_verb" in others.values()
)
AUXILIARIES = frozenset(
    "be is are was were been being am do does did have has had can could will would shall "
    "should may might must".split()
)


_CONTRAST_LEADS = frozenset({"unlike", "except", "besides"})


def contrast_words(tokens: tuple[Token, ...]) -> frozenset[str]:
    """Content words that "unlike X" / "except X" / "besides X" set apart from the subject."""
    out: set[str] = set()
    for i, t in enumerate(tokens):
        if t.norm in _CONTRAST_LEADS:
            for u in tokens[i + 1 : i + 6]:
                if u.kind == "punct":
                    break
                if u.kind == "word" and is_content_stem(u.stem):
                    out.add(u.stem)
    return frozenset(out)


NUMBER_WORDS = frozenset(
    "one two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty "
    "hundred thousand several many few".split()
)
_NOT_ADVERBS = frozenset(
    """
    daily weekly monthly yearly hourly quarterly early family friendly elderly assembly supply
    reply italy holy only lily
    """.split()
)


def is_adverb_or_gerund(word: str) -> bool:
    """ "magically", "applying": the manner or the action, not who the claim is about."""
    if word.endswith("ly"):
        return word not in _NOT_ADVERBS and len(word) > 4
    return word.endswith("ing") and len(word) > 5


PRONOUNS = frozenset("you i we they he she it one".split())
CONDITION_LEADS = frozenset("if when whenever unless while once".split())
CLAUSE_LEADS = frozenset("while although though because since unless until during".split())


_LABEL_RE = re.compile(r"^\s*[^\s:.,;]+(?:\s+[^\s:.,;]+){0,3}:\s")
DEFINITE_WORDS = frozenset("the this that these those".split())
HEAD_ENDS = frozenset("in on at from with by for to into within through under over".split())
POSSESSIVES = frozenset("your its their his her our my".split())
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


def is_verb_like(
    t: Token, tokens: tuple[Token, ...], i: int, capital: bool, last: Token | None
) -> bool:
    """A word that is probably the claim's verb: an auxiliary, a known or past-tense verb, or
    a word agreeing with the noun before it ("the dragon exhales", "hell hounds hunt")."""
    norm = t.norm
    if norm in AUXILIARIES or norm in _IRREGULAR_PAST or t.stem in COMMON_VERBS:
        return True
    if t.stem in _VERB_OPPOSITES and norm.endswith(("s", "ed")):
        return True
    if _past_tense(norm, tokens, i):
        return True
    if capital or not is_content_stem(t.stem) or is_adverb_or_gerund(norm):
        return False
    if i > 0 and tokens[i - 1].norm in PRONOUNS and tokens[i - 1].norm != "one":
        return norm not in _NOT_VERBS_AFTER_NOUN  # "it burns", "they resist"
    if last is None or tokens[i - 1] is not last:
        return False
    if norm in _NOT_VERBS_AFTER_NOUN or is_adverb_or_gerund(norm):
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


def is_passive(tokens: tuple[Token, ...]) -> bool:
    """A form of "be" followed within three words by a participle ("are rendered")."""
    be = {"is", "are", "was", "were", "be", "been", "being"}
    for i, t in enumerate(tokens[:-1]):
        if t.norm in be:
            for u in tokens[i + 1 : i + 4]:
                if u.kind == "word" and (
                    u.norm.endswith(("ed", "en")) or u.norm in _IRREGULAR_PAST
                ):
                    return True
    return False


def is_imperative(tokens: tuple[Token, ...]) -> bool:
    """An instruction ("Select the file", "To sync, open Settings"), not an assertion."""
    words = [t for t in tokens if t.kind in ("word", "punct")]
    if not words:
        return False
    if words[0].norm in _LEADING_ADVERBS and len(words) > 1:
        words = words[1:]
    # a negated instruction: "Never use...", "Do not open...", "Don't run..."
    if words[0].norm in ("never", "please") and len(words) > 1:
        words = words[1:]
    elif words[0].norm in ("do", "don't", "dont") and len(words) > 2:
        words = words[2:] if words[1].norm in ("not", "n't") else words[1:]
    if words[0].norm in _IMPERATIVES:
        return True
    if words[0].norm in _SOFT_IMPERATIVES and len(words) > 1 and words[1].norm in _OBJECT_STARTS:
        return True  # "Share a site with...", "Join the server", "List all files"
    if words[0].norm in IMPERATIVE_LEADS:
        for k, t in enumerate(words[:12]):
            if t.kind == "punct" and t.norm == ",":
                nxt = words[k + 1] if k + 1 < len(words) else None
                return nxt is not None and (
                    nxt.norm in _IMPERATIVES or nxt.norm in _SOFT_IMPERATIVES
                )
    return False


def is_labelled(text: str) -> bool:
    """ "Hit: 5 damage", "Melee Weapon Attack: +4": a field label of up to four words."""
    return _LABEL_RE.match(text) is not None
