"""Word lists for the cue detectors: opposites, decision verbs, units.

Opposites are written as plain words and stemmed once on import (`text.stem`), so every
inflection of either side matches. Morphological opposites (un-/in-/im-/il-/ir-/dis-/non-,
-ful/-less) need no list: `morphological_opposite` recognises them, minus the known false
friends (disease is not the opposite of ease).
"""

from __future__ import annotations

import functools
from typing import Literal

from engine.contradict.text import stem

OppositeKind = Literal["antonym", "opposite_verb"]

_ANTONYMS = """
good bad | better worse | best worst | positive negative | true false | correct wrong
right wrong | accurate inaccurate | reliable flaky | robust fragile | stable unstable
safe dangerous | safe unsafe | safe risky | effective ineffective | efficient wasteful
useful useless | helpful harmful | beneficial harmful | beneficial detrimental
protective harmful | healthy unhealthy | easy difficult | easy hard | simple complex
simple complicated | cheap expensive | rich poor | strong weak | big small | large small
huge tiny | long short | tall short | high low | higher lower | highest lowest | old new
old young | older younger | ancient modern | hot cold | warm cold | wet dry | full empty
heavy light | fast slow | faster slower | quick slow | early late | earlier later
happy sad | clean dirty | quiet loud | quiet noisy | calm angry | polite rude
major minor | maximum minimum | majority minority | many few
plenty scarce | common rare | frequent rare | often rarely | often seldom
usually rarely | always never | always sometimes | everyone nobody | everything nothing
all none | present absent | presence absence | alive dead | living dead | success failure
successful unsuccessful | successful failed | win loss | gain loss | profit loss
victory defeat | friend enemy | ally enemy | friendly hostile | peace war | guilty innocent
legal illegal | public private | internal external | inner outer | inside outside
within outside | included excluded | permanent temporary | natural artificial | real fake
genuine fake | online offline | visible invisible | possible impossible | likely unlikely
sufficient insufficient | necessary unnecessary | required optional | mandatory optional
mandatory voluntary | male female | man woman | boy girl | husband wife | day night
summer winter | morning evening | first last | top bottom | upper lower | above below
north south | east west | asleep awake | married single | native foreign
active passive | active inactive | open closed | closed opened | empty crowded
increase decrease | higher reduced | elevated reduced | elevated decreased
upregulated downregulated
agonist antagonist | benign malignant | acute chronic | dominant recessive | hypo hyper
significant insignificant | significantly insignificantly | consistent inconsistent
optimistic pessimistic | love hate | pleasant unpleasant
best worst | boring interesting | boring exciting | cheap costly | wealthy poor | famous unknown
""".replace("\n", "|")

_OPPOSITE_VERBS = """
increase decrease | increase reduce | increase lower | increase diminish | increase decline
grow decrease | grow fall | grow drop | rise decrease | restore impair | restore destroy
more less | more fewer | larger smaller | greater smaller | greater lesser | longer shorter
deep shallow | thick thin | wide narrow | near far | satisfied frustrated | satisfied angry
interesting dull | exciting dull | busy idle | sure unsure | certain uncertain | lower raise
increase drop | raise lower | raise reduce | rise fall | rise drop | rise decline
grow shrink | grow decline | expand shrink | expand contract | gain lose | win lose
improve worsen | improve deteriorate | improve degrade | improve impair | improve harm
enhance diminish | enhance reduce | enhance impair | enhance suppress | strengthen weaken
help hinder | help hurt | help harm | facilitate impede | facilitate hinder | facilitate inhibit
promote inhibit | promote suppress | promote prevent | promote hinder | stimulate inhibit
stimulate suppress | activate inhibit | activate deactivate | activate suppress
induce inhibit | induce prevent | induce suppress | cause prevent | enable prevent
upregulate downregulate | accelerate slow | accelerate decelerate | accelerate delay
support oppose | support contradict | support refute | support undermine | confirm refute
confirm deny | confirm contradict | prove disprove | accept reject | accept refuse
accept decline | approve reject | approve deny | approve veto | allow forbid | allow prohibit
allow ban | allow prevent | permit forbid | permit prohibit | include exclude | add remove
add delete | keep drop | keep discard | keep remove | retain remove | retain lose | adopt abandon
adopt reject | adopt drop | choose drop | choose reject | choose abandon | select reject
pass fail | succeed fail | open close | start stop | start end | begin end
begin finish | begin stop | arrive leave | arrive depart | enter exit | enter leave
remember forget | find lose | love hate | agree disagree
agree refuse | agree dispute | praise criticize | praise criticise | praise blame
reward punish | win forfeit | hire fire | employ dismiss | appear disappear | live die
survive die | create destroy | build destroy | build demolish | connect disconnect | lock unlock
mount unmount | attach detach | enable disable | encourage discourage | obey disobey
succeed collapse | sink float | freeze melt | wake sleep | remain leave | stay leave
cover miss | exceed miss | meet miss | hit miss | catch miss | reach miss
""".replace("\n", "|")

# Words that look like a negative prefix + a word but are not its opposite.
_FALSE_PREFIXED = frozenset(
    """
    disease discover display dispose distress dispatch dismiss discuss discount disclose
    discard discourse dissolve distract distribute dispute discern dissect distinct distill
    dismay dismantle disguise disgust dissent disclaim disperse disport district
    invaluable infamous inflammable income input insight inside instance install insist invest
    interest inform involve impart impress import impact improve implement imply increase
    include indent index industry infant inner insert intend intent invent inspect instead
    illustrate illusion immediate impose
    unit union universe universal until under understand uncle unique unite unity
    nonce none
    """.split()
)
_FALSE_PREFIXED_STEMS = frozenset(stem(w) for w in _FALSE_PREFIXED)
_NEGATIVE_PREFIXES = ("non", "dis", "un", "in", "im", "il", "ir")
_PREFIX_NEEDS_ADJ = frozenset({"in", "im", "il", "ir"})
_ADJ_ENDINGS = (
    "able", "ible", "abl", "ibl", "ent", "ant", "ive", "iv", "al", "ate", "at", "ous", "ic",
    "ful", "ar", "ect", "id", "ite", "it", "ure", "ur", "ete", "et",
)  # fmt: skip


def _pairs(spec: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for item in spec.split("|"):
        words = item.split()
        if len(words) == 2:
            out.append((words[0], words[1]))
    return out


def _build() -> dict[str, dict[str, OppositeKind]]:
    table: dict[str, dict[str, OppositeKind]] = {}
    kinds: tuple[tuple[str, OppositeKind], ...] = (
        (_OPPOSITE_VERBS, "opposite_verb"),
        (_ANTONYMS, "antonym"),
    )
    for spec, kind in kinds:
        for left, right in _pairs(spec):
            a, b = stem(left), stem(right)
            if a == b:
                continue
            table.setdefault(a, {}).setdefault(b, kind)
            table.setdefault(b, {}).setdefault(a, kind)
    return table


OPPOSITES: dict[str, dict[str, OppositeKind]] = _build()

#: The listed opposites as written (unstemmed word pairs).
WORD_PAIRS: tuple[tuple[str, str], ...] = tuple(_pairs(_OPPOSITE_VERBS) + _pairs(_ANTONYMS))


def listed_opposite(a: str, b: str) -> OppositeKind | None:
    """The kind of opposition between stems `a` and `b` from the word lists, if any."""
    return OPPOSITES.get(a, {}).get(b)


@functools.lru_cache(maxsize=1 << 16)  # pure; called for every word pair of every candidate
def morphological_opposite(a: str, b: str) -> bool:
    """`a` and `b` (stems or words) differ by a negative prefix or by -ful/-less."""
    if len(a) > len(b):
        a, b = b, a
    for prefix in _NEGATIVE_PREFIXES:
        rest = b[len(prefix) :].lstrip("-")
        if b.startswith(prefix) and rest == a and len(a) >= 4:
            if b in _FALSE_PREFIXED or b in _FALSE_PREFIXED_STEMS:
                return False
            return prefix not in _PREFIX_NEEDS_ADJ or a.endswith(_ADJ_ENDINGS)
    for x, y in ((a, b), (b, a)):
        if x.endswith("ful") and y.endswith("less") and x[:-3] == y[:-4] and len(x) > 5:
            return True
    return False


@functools.lru_cache(maxsize=1 << 16)
def opposites_of(word: str) -> tuple[tuple[str, OppositeKind, float], ...]:
    """Every stem `y` opposite to `word` as (y, kind, strength): the listed opposites
    (strength 1.0), then the morphological ones (`morphological_opposite`, 0.9) not listed.

    Same answers as testing `listed_opposite` then `morphological_opposite` against every
    word, but found by generating the few candidates: a pair of claims is scored in time
    linear in their lengths instead of quadratic.
    """
    out: dict[str, tuple[OppositeKind, float]] = {
        y: (kind, 1.0) for y, kind in OPPOSITES.get(word, {}).items()
    }
    candidates: set[str] = set()
    for prefix in _NEGATIVE_PREFIXES:
        candidates.update((prefix + word, prefix + "-" + word))
        if word.startswith(prefix):
            candidates.add(word[len(prefix) :].lstrip("-"))
    if word.endswith("ful"):
        candidates.add(word[:-3] + "less")
    if word.endswith("less"):
        candidates.add(word[:-4] + "ful")
    for y in candidates:
        if y and y != word and y not in out and morphological_opposite(word, y):
            out[y] = ("antonym", 0.9)
    return tuple((y, kind, strength) for y, (kind, strength) in sorted(out.items()))


#: Verbs of choosing and of abandoning, for the changed-decision cue (stems).
CHOOSE_VERBS: frozenset[str] = frozenset(
    stem(w)
    for w in """
    choose chose chosen select selected pick picked adopt adopted prefer preferred opt opted
    standardise standardised standardize standardized settle settled go went
    """.split()
)
DROP_VERBS: frozenset[str] = frozenset(
    stem(w)
    for w in """
    drop dropped abandon abandoned reject rejected remove removed discard discarded ditch
    ditched deprecate deprecated retire retired scrap scrapped replace replaced cancel
    cancelled canceled
    """.split()
)

#: Words that introduce a condition: two claims under different conditions rarely conflict.
CONDITION_WORDS: frozenset[str] = frozenset(
    "if when whenever unless while during under except once until after before wenn falls".split()
)


#: Words that say a quantity goes up or down (stems), for the direction feature.
UP_WORDS: frozenset[str] = frozenset(
    stem(w)
    for w in """
    increase increases increased increasing rise rises rose risen grow grows grew growth gain
    higher greater more elevated elevation enhance enhances enhanced promote promotes promoted
    induce induces induced activate activates activated stimulate stimulates stimulated
    improve improves improved improvement accelerate accelerates accelerated upregulate
    upregulated upregulation boost boosts boosted raise raises raised expand expands expanded
    exceed exceeds exceeded faster larger longer stronger better
    """.split()
)
DOWN_WORDS: frozenset[str] = frozenset(
    stem(w)
    for w in """
    decrease decreases decreased decreasing fall falls fell fallen decline declines declined
    drop drops dropped lower less fewer reduced reduce reduces reduction diminish diminishes
    diminished inhibit inhibits inhibited inhibition suppress suppresses suppressed impair
    impairs impaired attenuate attenuates attenuated prevent prevents prevented block blocks
    blocked slow slows slowed slower shrink shrinks shrank downregulate downregulated
    downregulation loss lose loses lost weaken weakens weakened worse smaller shorter weaker
    deplete depleted depletes
    """.split()
)


def clear_lexicon_caches() -> None:
    """Drop the word-pair caches of `morphological_opposite` and `opposites_of`."""
    morphological_opposite.cache_clear()
    opposites_of.cache_clear()
