"""Whether a claim gives a named thing one value of a trait that holds one value: what an
animal eats ("omnivores" / "strict meat-eaters"), when it is active ("diurnal" /
"nocturnal"), whether a tree keeps its leaves, how a language is typed, whether a protocol
keeps a connection.

Such words belong to small closed sets whose members exclude each other, so two notes that
ascribe two of them to one thing disagree however differently the rest of each sentence
runs -- and the sentences rarely share other words ("Red squirrels are diurnal, most active
in the early morning" / "No red squirrels at all in the middle of the day, which makes
sense: they're largely nocturnal").

A claim ascribes a trait only where the reading is safe: the trait word follows the thing's
name, or a pronoun for it, through a copula ("Badgers are omnivores", "they're largely
nocturnal", "Python is a dynamically typed language") or opens an apposition ("Python, a
dynamically typed language"); nothing negates, hedges or compares it ("not nocturnal",
"partly nocturnal", "more nocturnal than", "unlike foxes"), the claim names nothing else
with a capital, and it gives no second value of the same trait.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.contradict.candidates import links_name, note_title_of, singulars
from engine.contradict.text import STOPWORDS, Token, claim_cache, tokenize


@dataclass(frozen=True)
class Trait:
    """One trait word a claim ascribes to a thing: `trait` names the set ("diet"), `value`
    the member ("meat"), `text` the words as written ("strict meat-eaters")."""

    trait: str
    value: str
    text: str


#: How young are born, said with a verb right after the thing ("The platypus lays eggs").
_LAYS_EGGS = ("lays eggs", "lay eggs")
_BEARS_LIVE = (
    "gives birth to live young",
    "give birth to live young",
    "bears live young",
    "bear live young",
)
_VERBAL = frozenset((*_LAYS_EGGS, *_BEARS_LIVE))
#: The classes of animals, each excluding the others.
_CLASSES = "mammal bird reptile amphibian fish insect arachnid crustacean mollusc".split()
#: Traits of two values that exclude each other: (trait, what the explanation calls it,
#: ((value, its written forms), (value, its written forms))).
_TWO_SIDED: tuple[tuple[str, str, tuple[tuple[str, str], ...]], ...] = (
    ("learning", "how {} learns", (("supervised", "supervised"), ("unsupervised", "unsupervised"))),
    ("cell kind", "what kind of cell {} has", (
        ("prokaryotic", "prokaryote prokaryotes prokaryotic"),
        ("eukaryotic", "eukaryote eukaryotes eukaryotic"),
    )),
    ("backbone", "whether {} has a backbone", (
        ("vertebrate", "vertebrate vertebrates"), ("invertebrate", "invertebrate invertebrates"),
    )),
    ("memory kind", "whether {} keeps data without power", (
        ("volatile", "volatile"), ("non-volatile", "non-volatile nonvolatile"),
    )),
    ("timing", "whether {} waits", (
        ("synchronous", "synchronous"), ("asynchronous", "asynchronous"),
    )),
    ("bond", "what kind of bond {} is", (("ionic", "ionic"), ("covalent", "covalent"))),
    ("execution", "how {} is run", (("compiled", "compiled"), ("interpreted", "interpreted"))),
    ("mutability", "whether {} can change", (("mutable", "mutable"), ("immutable", "immutable"))),
    ("water", "what water {} lives in", (("fresh", "freshwater"), ("salt", "saltwater seawater"))),
    ("seed plant", "what kind of seed plant {} is", (
        ("gymnosperm", "gymnosperm gymnosperms"), ("angiosperm", "angiosperm angiosperms"),
    )),
    ("young", "how {} carries its young", (
        ("marsupial", "marsupial marsupials"), ("placental", "placental"),
    )),
    ("charge", "{}'s charge", (
        ("positive", "positively charged"), ("negative", "negatively charged"),
    )),
    ("acidity", "whether {} is acidic", (("acidic", "acidic"), ("alkaline", "alkaline"))),
    ("scale", "what scale {} is on", (("linear", "linear"), ("logarithmic", "logarithmic"))),
    ("conduction", "whether {} conducts", (
        ("conductor", "conductor conductors"), ("insulator", "insulator insulators"),
    )),
)  # fmt: skip
#: trait -> (what the explanation calls it, {written form: value}, value pairs that conflict)
_TRAITS: dict[str, tuple[str, dict[str, str], frozenset[frozenset[str]]]] = {
    "diet": (
        "what {} eats",
        {
            **dict.fromkeys(
                "herbivore herbivores herbivorous plant-eater plant-eaters plant-eating".split(),
                "plants",
            ),
            **dict.fromkeys(
                "carnivore carnivores carnivorous meat-eater meat-eaters meat-eating "
                "hypercarnivore hypercarnivores".split(),
                "meat",
            ),
            **dict.fromkeys("omnivore omnivores omnivorous".split(), "both"),
            **dict.fromkeys("insectivore insectivores insectivorous".split(), "insects"),
            **dict.fromkeys("piscivore piscivores piscivorous".split(), "fish"),
        },
        frozenset(
            frozenset(p)
            for p in (
                ("plants", "meat"),
                ("plants", "both"),
                ("meat", "both"),
                ("plants", "insects"),
                ("plants", "fish"),
            )
        ),
    ),
    "activity": (
        "when {} is active",
        {"diurnal": "day", "nocturnal": "night"},
        frozenset({frozenset({"day", "night"})}),
    ),
    "foliage": (
        "whether {} keeps its leaves",
        {"evergreen": "kept", "evergreens": "kept", "deciduous": "shed"},
        frozenset({frozenset({"kept", "shed"})}),
    ),
    "body heat": (
        "{}'s body heat",
        {"warm-blooded": "warm", "cold-blooded": "cold"},
        frozenset({frozenset({"warm", "cold"})}),
    ),
    "reaction heat": (
        "whether {} gives off heat",
        {"exothermic": "gives", "endothermic": "takes"},
        frozenset({frozenset({"gives", "takes"})}),
    ),
    "birth": (
        "how {} bears young",
        {
            **dict.fromkeys(("oviparous", *_LAYS_EGGS), "eggs"),
            **dict.fromkeys(("viviparous", *_BEARS_LIVE), "live"),
        },
        frozenset({frozenset({"eggs", "live"})}),
    ),
    "typing": (
        "how {} is typed",
        {"statically typed": "static", "dynamically typed": "dynamic"},
        frozenset({frozenset({"static", "dynamic"})}),
    ),
    "type strength": (
        "how strictly {} is typed",
        {"strongly typed": "strong", "weakly typed": "weak"},
        frozenset({frozenset({"strong", "weak"})}),
    ),
    "connection": (
        "whether {} keeps a connection",
        {"connectionless": "none", "connection-oriented": "kept"},
        frozenset({frozenset({"none", "kept"})}),
    ),
    "compression": (
        "whether {} loses data",
        {"lossy": "loses", "lossless": "keeps"},
        frozenset({frozenset({"loses", "keeps"})}),
    ),
    "threads": (
        "how many threads {} runs",
        {"single-threaded": "one", "multi-threaded": "many", "multithreaded": "many"},
        frozenset({frozenset({"one", "many"})}),
    ),
    "byte order": (
        "{}'s byte order",
        {"big-endian": "big", "little-endian": "little"},
        frozenset({frozenset({"big", "little"})}),
    ),
    "animal class": (
        "what class of animal {} is",
        {
            **dict.fromkeys("mammal mammals".split(), "mammal"),
            **dict.fromkeys("bird birds".split(), "bird"),
            **dict.fromkeys("reptile reptiles".split(), "reptile"),
            **dict.fromkeys("amphibian amphibians".split(), "amphibian"),
            **dict.fromkeys("fish fishes".split(), "fish"),
            **dict.fromkeys("insect insects".split(), "insect"),
            **dict.fromkeys("arachnid arachnids".split(), "arachnid"),
            **dict.fromkeys("crustacean crustaceans".split(), "crustacean"),
            **dict.fromkeys("mollusc molluscs mollusk mollusks".split(), "mollusc"),
        },
        frozenset(frozenset((p, q)) for p in _CLASSES for q in _CLASSES if p < q),
    ),
    "kingdom": (
        "what kind of living thing {} is",
        {
            **dict.fromkeys("plant plants".split(), "plant"),
            **dict.fromkeys("animal animals".split(), "animal"),
            **dict.fromkeys("fungus fungi funguses".split(), "fungus"),
        },
        frozenset(
            frozenset(p) for p in (("plant", "animal"), ("plant", "fungus"), ("animal", "fungus"))
        ),
    ),
    "rock type": (
        "what kind of rock {} is",
        {"igneous": "igneous", "sedimentary": "sedimentary", "metamorphic": "metamorphic"},
        frozenset(
            frozenset(p)
            for p in (
                ("igneous", "sedimentary"),
                ("igneous", "metamorphic"),
                ("sedimentary", "metamorphic"),
            )
        ),
    ),
    **{
        trait: (
            question,
            {form: value for value, forms in sides for form in forms.split()},
            frozenset({frozenset(value for value, _ in sides)}),
        )
        for trait, question, sides in _TWO_SIDED
    },
    "cause": (
        "what causes {}",
        {
            **dict.fromkeys(
                (
                    "bacterial",
                    "caused by bacteria",
                    "caused by a bacterium",
                    "caused by the bacterium",
                    "caused by bacterium",
                ),
                "bacteria",
            ),
            **dict.fromkeys(
                ("viral", "caused by a virus", "caused by the virus", "caused by viruses"),
                "virus",
            ),
            **dict.fromkeys(
                ("fungal", "caused by a fungus", "caused by the fungus", "caused by fungi"),
                "fungus",
            ),
            **dict.fromkeys(
                (
                    "caused by a parasite",
                    "caused by the parasite",
                    "caused by parasites",
                    "caused by a protozoan",
                    "caused by the protozoan",
                ),
                "parasite",
            ),
        },
        frozenset(
            frozenset((p, q))
            for p in ("bacteria", "virus", "fungus", "parasite")
            for q in ("bacteria", "virus", "fungus", "parasite")
            if p < q
        ),
    ),
    "indexing": (
        "where {} counts from",
        {
            **dict.fromkeys("zero-indexed 0-indexed zero-based 0-based".split(), "zero"),
            **dict.fromkeys("one-indexed 1-indexed one-based 1-based".split(), "one"),
        },
        frozenset({frozenset({"zero", "one"})}),
    ),
}
#: written form (lower case, words joined by one space) -> (trait, value)
_WORDS: dict[str, tuple[str, str]] = {
    form: (trait, value)
    for trait, (_, forms, _) in _TRAITS.items()
    for form, value in forms.items()
}
#: The longest written form, in words.
_LONGEST = max(len(form.split()) for form in _WORDS)
_TRAIT_RE = re.compile(
    r"(?<![\w-])(?:"
    + "|".join(re.escape(f).replace(r"\ ", r"[\s-]+") for f in sorted(_WORDS, key=len)[::-1])
    + r")(?![\w-])",
    re.IGNORECASE,
)

#: Words that link a thing to what it is ("Badgers are omnivores").
_COPULAS = frozenset("is are was were remain remains stay stays be".split())
#: Words that may stand between the copula and the trait word without changing it.
_FILLERS = frozenset(
    """a an the largely mostly mainly primarily chiefly essentially strictly strict obligate
    truly purely entirely wholly exclusively fully typically generally usually normally
    always very highly basically common typical classic familiar well-known intrusive
    extrusive volcanic plutonic coarse-grained fine-grained""".split()
)
#: Words that make a trait partial, changing, negated or compared: no plain value.
_HEDGES = frozenset(
    """not no never nor neither non partly partially semi sometimes occasionally also
    somewhat more less least most become becomes became becoming turn turns can could may
    might often""".split()
)
#: Words that set one thing against another or put the trait under a condition.
_COMPARING = frozenset("unlike like than whereas compared versus vs if unless".split())
#: Pronouns that speak of the thing a claim is about.
_PRONOUNS = frozenset("it they".split())
_RELATIVES = frozenset("that which who".split())
#: Words after a thing's name that say what kind of thing it is ("the decibel scale").
_NAME_HEADS = frozenset("scale system language protocol process method algorithm unit".split())
#: Words that may open a name of the thing ("the badgers", "adult badgers").
_BEFORE_NAME = frozenset("the a an all most adult adults wild these those no some many few".split())


@claim_cache(1 << 16)
def has_trait_word(text: str) -> bool:
    """The claim holds a trait word at all (a cheap filter)."""
    return _TRAIT_RE.search(text) is not None


def trait_about(text: str, title: str, *, own: bool, linked: bool = False) -> Trait | None:
    """The one trait value claim `text` ascribes to the thing of the note titled `title`;
    None where it ascribes none, two of one trait, or may speak of something else. `own`:
    the claim is of that note (its pronouns and its title's last word name the thing);
    `linked`: the claim links that note by an alias (its title's last word names it)."""
    found = traits_about(text, title, own=own, linked=linked)
    return found[0] if found else None


def traits_about(text: str, title: str, *, own: bool, linked: bool = False) -> tuple[Trait, ...]:
    """Every trait value claim `text` ascribes to the thing of the note titled `title`, one
    per trait ("pouched mammals that give birth to live young": a class and a way of
    bearing young); as `trait_about`."""
    if not has_trait_word(text):
        return ()
    return _traits(text, title.casefold(), own, linked)


@claim_cache(1 << 14)
def _traits(text: str, title: str, own: bool, linked: bool) -> tuple[Trait, ...]:
    words = [t for t in tokenize(text) if t.kind == "word"]
    if any(t.norm in _COMPARING for t in words):
        return ()
    found = _trait_words(text, words)
    if len({trait for trait, _, _, _ in found}) != len(found):
        return ()  # two values of one trait ("diurnal and nocturnal"), or one said twice
    names = _name_spans(words, title, own or linked)
    # "caused by the bacterium Vibrio cholerae": a name right after a trait word is the
    # value's, not another thing the claim speaks of
    valued = [range(last + 1, _name_end(text, words, last + 1)) for _, _, _, last in found]
    if (not names and not own) or _other_name(text, words, names + valued):
        return ()
    out = []
    for trait, value, first, last in found:
        verbal = " ".join(t.norm for t in words[first : last + 1]) in _VERBAL
        start = _ascribed_from(text, words, first, names, own, verbal=verbal)
        if start is not None:
            out.append(Trait(trait, value, text[words[start].start : words[last].end]))
    return tuple(out)


def _trait_words(text: str, words: list[Token]) -> list[tuple[str, str, int, int]]:
    """(trait, value, first word index, last word index) of each trait word of the claim."""
    out: list[tuple[str, str, int, int]] = []
    starts = {t.start: i for i, t in enumerate(words)}
    ends = {t.end: i for i, t in enumerate(words)}
    for m in _TRAIT_RE.finditer(text):
        first, last = starts.get(m.start()), ends.get(m.end())
        if first is None or last is None:
            continue
        form = " ".join(re.split(r"[\s-]+", m.group().casefold()))
        key = next((f for f in _WORDS if " ".join(re.split(r"[\s-]+", f)) == form), None)
        if key is not None:
            out.append((*_WORDS[key], first, last))
    return out


def _name_spans(words: list[Token], title: str, head_names: bool) -> list[range]:
    """The word spans that name the thing titled `title`: its title's words in order (the
    last one may be plural: "red squirrels"), or, where `head_names`, its title's last word
    alone ("Badgers" for *European Badger*), opening the claim or after a determiner."""
    parts = [t.norm for t in tokenize(title) if t.kind == "word"]
    if not parts:
        return []
    out: list[range] = []
    n = len(parts)
    for i in range(len(words) - n + 1):
        if [w.norm for w in words[i : i + n - 1]] == parts[:-1] and _same_noun(
            words[i + n - 1].norm, parts[-1]
        ):
            if n == 1 and i > 0 and words[i - 1].norm not in _BEFORE_NAME | STOPWORDS:
                continue  # "the holm oak": a kind of oak, not *Oak*'s thing
            out.append(range(i, i + n))
    if head_names and n > 1:
        for i, w in enumerate(words):
            if (
                _same_noun(w.norm, parts[-1])
                and not any(i in r for r in out)
                and (i == 0 or words[i - 1].norm in _BEFORE_NAME)
            ):
                out.append(range(i, i + 1))
    return sorted(out, key=lambda r: r.start)


def _same_noun(word: str, noun: str) -> bool:
    """`word` is `noun` or its plural ("foxes", "squirrels")."""
    return word == noun or noun in singulars(word)


def _name_end(text: str, words: list[Token], start: int) -> int:
    """The index after the run of capitalised words from `start` on."""
    end = start
    while end < len(words) and text[words[end].start : words[end].start + 1].isupper():
        end += 1
    return end


def _other_name(text: str, words: list[Token], names: list[range]) -> bool:
    """A word written with a capital that is not the thing's name, past the claim's first
    word ("Unlike Foxes, ..." aside, which `_COMPARING` turns away)."""
    inside = {i for r in names for i in r}
    for i, t in enumerate(words):
        if i == 0 or i in inside or t.norm == "i":
            continue
        if text[t.start : t.start + 1].isupper():
            return True
    return False


def _ascribed_from(
    text: str,
    words: list[Token],
    first: int,
    names: list[range],
    own: bool,
    *,
    verbal: bool = False,
) -> int | None:
    """The index of the first word of the trait's phrase ("strict meat-eaters") where the
    trait word at `first` is said of the thing: after its name or a pronoun for it through
    a copula or a comma, or right after it where the phrase is a verb's (`verbal`: "lays
    eggs"), with only filler words between; None otherwise."""
    k = first - 1
    while k >= 0 and words[k].norm in _FILLERS:
        k -= 1
    # "are limbless, burrowing amphibians": up to three words describing the kind, after a
    # copula
    j, described = k, 0
    while j >= 0 and described < 3 and _describing(text, words[j]):
        j -= 1
        described += 1
        while j >= 0 and words[j].norm in _FILLERS:
            j -= 1
    if described and j >= 0 and words[j].norm in _COPULAS:
        k = j
    phrase_start = k + 1
    while words[phrase_start].norm in ("a", "an", "the"):
        phrase_start += 1  # "a dynamically typed language" says "dynamically typed"
    if k < 0:
        return phrase_start if own else None  # "Largely nocturnal, ..." opening its own note
    if any(words[j].norm in _HEDGES for j in range(max(0, k - 1), first)):
        return None
    gap = text[words[k].end : words[phrase_start].start]
    if words[k].norm in _COPULAS:
        holder = k - 1
    elif "," in gap or "—" in gap or "(" in gap:
        holder = k  # "Python, a dynamically typed language"
    elif words[k].norm in _PRONOUNS and ("'" in gap or "’" in gap or not gap.strip()):
        holder = k  # "they're largely nocturnal": the contraction is gone from the words
    elif verbal and words[k].norm in _RELATIVES:
        # "Monotremes are the only mammals that lay eggs": the kind the thing is, described
        copula = next(
            (j for j in range(k - 1, max(-1, k - 6), -1) if words[j].norm in _COPULAS), None
        )
        if copula is None or "," in text[words[copula].end : words[k].start]:
            return None
        holder = copula - 1
    elif verbal and not gap.strip():
        holder = k  # "The platypus lays eggs"
    else:
        return None
    if holder < 0:
        return None
    if holder > 0 and words[holder].norm in _NAME_HEADS and any(holder - 1 in r for r in names):
        holder -= 1  # "the decibel scale is linear": the thing's name, then its kind
    if any(holder in r for r in names):
        return phrase_start
    # a pronoun for the thing: in its own note, or after the claim has named it
    if words[holder].norm in _PRONOUNS and (own or any(r.start < holder for r in names)):
        return phrase_start
    return None


def _describing(text: str, t: Token) -> bool:
    """Token `t` may describe the noun after it: a word in lower case, of no closed class."""
    return (
        text[t.start : t.start + 1].islower()
        and t.norm.replace("-", "").isalpha()
        and t.norm not in STOPWORDS | _HEDGES | _COPULAS | _RELATIVES | _PRONOUNS | _COMPARING
    )


def conflicting_traits(
    a: str,
    b: str,
    *,
    a_note: str | None,
    b_note: str | None,
    a_links: tuple[str, ...] = (),
    b_links: tuple[str, ...] = (),
) -> tuple[str, Trait, Trait] | None:
    """(the thing's title, the trait `a` gives it, the one `b` gives it) where the two
    claims give the thing of one of their notes two values of one trait that exclude each
    other. `a_links`, `b_links`: the notes each claim names by a link's alias."""
    if not (has_trait_word(a) and has_trait_word(b)):
        return None
    for note, own_a in ((a_note, True), (b_note, False)):
        if not note or (a_note and b_note and a_note == b_note):
            continue
        title = note_title_of(note)
        other = b_note if own_a else a_note
        if other and _narrower(note_title_of(other), title):
            continue  # a claim of *Holm Oak* speaks of the holm oak, not of *Oak*'s thing
        links_a = a_links if not own_a else ()
        links_b = b_links if own_a else ()
        tas = traits_about(a, title, own=own_a, linked=links_name(links_a, title))
        tbs = traits_about(b, title, own=not own_a, linked=links_name(links_b, title))
        for ta in tas:
            for tb in tbs:
                if ta.trait == tb.trait and frozenset({ta.value, tb.value}) in _TRAITS[ta.trait][2]:
                    return title, ta, tb
    return None


def _narrower(title: str, than: str) -> bool:
    """`title` names a kind of what `than` names: all its words and more ("Holm Oak",
    "Oak")."""
    words = {t.norm for t in tokenize(title) if t.kind == "word"}
    base = {t.norm for t in tokenize(than) if t.kind == "word"}
    return bool(base) and base < words


def trait_phrase(trait: str, title: str) -> str:
    """What the explanation says the two claims are about ("what European Badger eats")."""
    return _TRAITS[trait][0].format(title)


# -- main foods: What an animal mainly lives on: "It lives mainly on other birds" against
#    "Peregrines feed chiefly on rabbits and other small ground mammals". An animal's staple is
#    one relation, so two staples of different kinds of food disagree. ---
#
# Only a staple said outright counts: a verb of feeding with "mainly", "chiefly", "mostly",
# "almost entirely" ... before "on", "lives on" or "subsists on" (what it lives on is its
# staple), or "its diet is mostly ...". A plain "feeds on insects" names one food among
# others. Each food word is read by its kind (birds, mammals, fish, insects, other
# invertebrates, plants); a phrase of no kind the table holds ("small prey", "meat") gives
# nothing, and two staples disagree only where no kind is named by both.

#: Food words -> the kind of food they name.
_FOOD_KINDS_WRITTEN = {
    "plants": """plant plants fruit fruits berry berries leaf leaves foliage stem stems shoot
        shoots grass grasses seed seeds nut nuts acorn acorns nectar pollen bamboo bark root
        roots tuber tubers bulb bulbs fig figs grain grains herb herbs vegetation seaweed
        seaweeds kelp moss mosses lichen lichens twig twigs bud buds needles sap""",
    "insects": """insect insects ant ants termite termites beetle beetles caterpillar
        caterpillars grub grubs fly flies mosquito mosquitoes bee bees wasp wasps locust
        locusts grasshopper grasshoppers cricket crickets moth moths larva larvae aphid
        aphids""",
    "fish": """fish fishes salmon herring herrings sardine sardines trout cod anchovy
        anchovies mackerel eel eels""",
    "birds": """bird birds pigeon pigeons dove doves duck ducks wader waders songbird
        songbirds seabird seabirds poultry chicken chickens grouse gull gulls""",
    "mammals": """mammal mammals rabbit rabbits hare hares rodent rodents mouse mice rat rats
        vole voles squirrel squirrels deer antelope antelopes monkey monkeys seal seals
        lemming lemmings gopher gophers hyrax hyraxes gazelle gazelles wildebeest zebra
        zebras pig pigs boar goat goats sheep""",
    "reptiles": "reptile reptiles lizard lizards snake snakes turtle turtles",
    "invertebrates": """krill squid squids octopus octopuses crustacean crustaceans crab crabs
        shrimp shrimps prawn prawns clam clams mussel mussels mollusc molluscs mollusk mollusks
        snail snails slug slugs worm worms earthworm earthworms jellyfish plankton zooplankton
        spider spiders""",
}
_FOOD_KINDS = {word: kind for kind, words in _FOOD_KINDS_WRITTEN.items() for word in words.split()}
_STAPLE_ADVERB = (
    r"(?:mainly|mostly|chiefly|largely|primarily|principally|predominantly|almost\s+entirely"
    r"|almost\s+exclusively|almost\s+wholly|entirely|exclusively|wholly)"
)
_STAPLE = re.compile(
    r"\b(?:(?:feeds?|fed|feeding|preys?|preyed|preying|lives?|lived|living|subsists?|subsisted"
    rf"|depends?|depended|relies|relied)\s+{_STAPLE_ADVERB}\s+(?:on|upon)"
    r"|(?:lives?|lived|living|subsists?|subsisted|subsisting)\s+(?:on|upon)"
    r"|(?:feeds?|fed|feeding|preys?|preyed|preying)\s+(?:on|upon)\s+"
    rf"(?:little|nothing|almost\s+nothing)\s+(?:but|except|other\s+than)"
    rf"|diet\s+(?:is|was|consists|consisted)\s+(?:of\s+)?{_STAPLE_ADVERB}(?:\s+of)?"
    rf"|(?:eats?|ate|eating|hunts?|hunted|hunting|takes?|took|catches|caught)\s+{_STAPLE_ADVERB})"
    r"\s+(?P<food>[^.;:—–()]+)",
    re.IGNORECASE,
)
#: Where a list of staples ends: a clause or a phrase of its own ("..., with the odd termite",
#: "... struck in flight").
_FOOD_END = re.compile(
    r",?\s+(?:with|which|that|who|when|while|whereas|but|though|although|struck|caught|taken"
    r"|found|in|at|during|from|except|plus|as\s+well)\b",
    re.IGNORECASE,
)
#: Words that make a staple seasonal, partial or compared: no plain staple.
_NOT_STAPLE = re.compile(
    r"\b(?:winter|summer|spring|autumn|fall|season\w*|young|chicks?|juveniles?|larvae|adults?"
    r"|captivity|zoos?|sometimes|occasionally|also|than|unlike|like|whereas|not|never|no|once"
    r"|until|when|if)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Staple:
    """What a claim says a thing mainly lives on: the kinds of food (`kinds`) and the words as
    written (`text`)."""

    kinds: frozenset[str]
    text: str


@claim_cache(1 << 14)
def staple_in(text: str) -> Staple | None:
    """The staple claim `text` states ("lives mainly on other birds": birds), or None where it
    states none, states it of a season or a stage of life, or names no food the table
    holds."""
    m = _STAPLE.search(text)
    if m is None or _NOT_STAPLE.search(text):
        return None
    food = m["food"]
    end = _FOOD_END.search(food)
    if end is not None:
        food = food[: end.start()]
    words = re.findall(r"[a-z]+", food.lower())
    kinds = frozenset(_FOOD_KINDS[w] for w in words if w in _FOOD_KINDS)
    if not kinds:
        return None
    return Staple(kinds, food.strip(" ,"))
