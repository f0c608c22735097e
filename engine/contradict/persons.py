"""Whether a claim calls a named person a man or a woman, or half of a kind; whose child,
parent or sibling it says a person is; what colour it gives a named thing.

Narrative vaults (campaigns, novels, family notes) keep one note per person and mention that
person across many others. Which pronoun or noun a claim uses for a person is an attribute
that holds one value, and a reader notices when one note writes "his horse" of someone whom
that person's own note calls a "woman" -- yet the two sentences share no words, so no
similarity search pairs them. `gender_about` reads one claim; the scan pairs claims that
disagree about one note's person (`candidates.subject_partner_pairs`), and the structural
verdict (`structure.assess`) says so in one line.

It answers only where the reading is safe:

- a claim that names the person (its note's title, or a coined word of it, written with a
  capital) and no other name: a noun in apposition ("his daughter [[Mara Vell]]", "a woman
  named Mara Vell"), else the gendered pronouns after the name, when they all agree;
- a claim of the person's own note that names nobody: a pronoun that opens it ("She grew
  up..."), or a noun among its first words ("Elderly woman, keeper of the ferry"; "Niece of ...").

A claim that names two people, or uses both genders, says nothing here.

Descent is read the same way: one claim calls the person half of a kind ("a gruff
half-dwarf", "I'm a half-dwarf") and another calls them that kind ("a hill dwarf smith", "a
dwarven smith"), in the words right after their name or opening their own note's claim
(`descent_about`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from engine.contradict.candidates import coined_words, note_title_of
from engine.contradict.text import Token, claim_cache, known_words, tokenize

Gender = Literal["m", "f"]

_PRONOUNS: dict[str, Gender] = {
    "he": "m", "him": "m", "his": "m", "himself": "m",
    "she": "f", "her": "f", "hers": "f", "herself": "f",
}  # fmt: skip
_NOUNS: dict[str, Gender] = {
    **dict.fromkeys(
        "man boy son father brother husband king prince lord uncle nephew grandfather "
        "gentleman widower".split(),
        "m",
    ),
    **dict.fromkeys(
        "woman girl daughter mother sister wife queen princess lady aunt niece grandmother "
        "widow".split(),
        "f",
    ),
}
#: Pronouns that speak of the one person a claim names: "him" and "her" are left out, as
#: they are as often someone else ("Mara finds him tiring").
_NAMED_PRONOUNS = frozenset({"he", "his", "himself", "she", "hers", "herself"})
#: Cheap test before tokenising: the claim holds a gendered word at all.
_GENDERED = re.compile(r"\b(?:" + "|".join(sorted({*_PRONOUNS, *_NOUNS})) + r")\b", re.IGNORECASE)
#: Words between a noun and the name it introduces: "a woman named X", "his son, X".
_NAMING = frozenset({"named", "called"})
#: A noun among this many first words of a claim of the person's own note describes them.
_OPENING_WORDS = 3
#: Verbs after which "with him" / "with her" speaks of the one who takes: "Mara took the
#: boy with her", whoever else the claim names.
_TAKING = frozenset(
    "take takes took taking bring brings brought bringing carry carries carried carrying "
    "lead leads led leading drag drags dragged dragging".split()
)
#: Words that may follow an object pronoun in its clause ("with her to the ford").
_AFTER_OBJECT = frozenset("to into back and as when on across through out".split())


@claim_cache(1 << 16)
def has_gendered_word(text: str) -> bool:
    """The claim holds a pronoun or noun that says man or woman (a cheap filter)."""
    return _GENDERED.search(text) is not None


def gender_about(text: str, title: str, *, own: bool) -> tuple[Gender, str] | None:
    """("m" or "f", the word that says so) where claim `text` says that the person whose
    note is titled `title` is a man or a woman; None where it does not say, says both, or
    may speak of someone else. `own`: the claim is from that person's note."""
    if not has_gendered_word(text):
        return None
    naming = _naming(title)
    return None if naming is None else _gender(text, *naming, own)


@claim_cache(1 << 14)
def _gender(
    text: str, names: frozenset[str], whole: frozenset[str], own: bool
) -> tuple[Gender, str] | None:
    words = [t for t in tokenize(text) if t.kind == "word"]
    mentions = _mentions(text, words, names, whole)
    if mentions:
        taker = _taking_with(words, mentions[0], whole)
        if taker is not None:
            return taker
        if _other_name(text, words, names | whole):
            return None
        first = mentions[0]
        end = _name_end(words, first, whole)
        said = _apposition(words, first) or _described(text, words, end)
        if said is not None:
            return said
        # the pronouns that speak of the one person named: subject, possessive, reflexive
        # ("him" and "her" are as often someone else: "Mara finds him tiring")
        after = words[end + 1 :]
        if len({_PRONOUNS[t.norm] for t in after if t.norm in _PRONOUNS}) > 1:
            return None  # a man and a woman in one claim: "Mara gave her brother his key"
        return _agreeing([(t, _PRONOUNS[t.norm]) for t in after if t.norm in _NAMED_PRONOUNS])
    if not own or not words:
        return None
    opening = words[0]
    if opening.norm in _PRONOUNS:
        # "His hawk carries...", "She keeps the ledger...": the note's person, unless the claim
        # speaks of a man and a woman ("He left at dawn and she followed")
        return _agreeing([(t, _PRONOUNS[t.norm]) for t in words if t.norm in _PRONOUNS])
    if _other_name(text, words, whole):
        return None
    for t in words[:_OPENING_WORDS]:
        gender = _NOUNS.get(t.norm)
        if gender is None:
            continue
        rest = [(w, _PRONOUNS[w.norm]) for w in words if w.norm in _NAMED_PRONOUNS]
        return _agreeing([(t, gender), *rest])
    return None


def _naming(title: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """(the coined words of a person's or thing's note title, all its words), or None where
    the title names nobody: one word of the language."""
    whole, names = _title_names(title)
    if not names and len(whole) < 2:
        return None
    return names, whole


def _name_end(words: list[Token], first: int, whole: frozenset[str]) -> int:
    """The index of the last word of the name that starts at `first` ("Mara Vell")."""
    end = first
    while end + 1 < len(words) and words[end + 1].norm in whole:
        end += 1
    return end


def _introduces(
    text: str, words: list[Token], end: int, verbs: tuple[str, ...] = ("is", "was")
) -> bool:
    """The words after the name ending at `end` describe its bearer: they follow a comma or
    a parenthesis, or one of `verbs` ("Mara Vell, a widow", "Mara Vell is a young woman")."""
    if end + 1 >= len(words):
        return False
    nxt = words[end + 1]
    between = text[words[end].end : nxt.start]
    return "(" in between or "," in between or nxt.norm in verbs


def _described(text: str, words: list[Token], end: int) -> tuple[Gender, str] | None:
    """A noun that describes the person right after the name: "Mara Vell (his niece)",
    "Mara Vell, a widow of the coast", "Mara Vell is a young woman"."""
    if not _introduces(text, words, end):
        return None
    for t in words[end + 1 : end + 6]:
        if t.norm in _NOUNS:
            return _NOUNS[t.norm], t.norm
    return None


def _mentions(
    text: str, words: list[Token], names: frozenset[str], whole: frozenset[str]
) -> list[int]:
    """Where the claim names the person: the first word of each run of the title's words
    written with capitals ("Mara Vell", a link's text), or a coined word of the title."""
    size = len(whole)
    out: list[int] = []
    for i, t in enumerate(words):
        if not _capital(text, t):
            continue
        if t.norm in names:
            start = i
            while start > 0 and words[start - 1].norm in whole and _capital(text, words[start - 1]):
                start -= 1  # "Mara Vell": the name starts at its first word
            out.append(start)
        elif size > 1 and {w.norm for w in words[i : i + size]} == whole:
            out.append(i)
    return sorted(set(out))


def _taking_with(
    words: list[Token], first: int, whole: frozenset[str]
) -> tuple[Gender, str] | None:
    """The person opens the claim and takes something "with him" or "with her": "[[Mara
    Vell]] took [[Tam]] with her" says she is a woman, though it names Tam too."""
    if first != 0:
        return None
    end = _name_end(words, first, whole)
    if end + 1 >= len(words) or words[end + 1].norm not in _TAKING:
        return None
    said = {
        _PRONOUNS[b.norm]: b.norm
        for i, (a, b) in enumerate(zip(words[end + 2 :], words[end + 3 :], strict=False))
        if a.norm == "with" and b.norm in ("him", "her") and _object_pronoun(words, end + 3 + i)
    }
    if len(said) != 1:
        return None
    ((gender, word),) = said.items()
    return gender, word


def _object_pronoun(words: list[Token], i: int) -> bool:
    """Word `i` ("him", "her") is an object, not a possessive: no noun follows it in its
    clause ("with her", "with her to the ford", not "with her sister")."""
    return i + 1 >= len(words) or words[i + 1].norm in _AFTER_OBJECT


def _agreeing(found: list[tuple[Token, Gender]]) -> tuple[Gender, str] | None:
    genders = {g for _, g in found}
    if len(genders) != 1:
        return None
    token, gender = found[0]
    return gender, token.norm


def _apposition(words: list[Token], first: int) -> tuple[Gender, str] | None:
    """A gendered noun right before the name ("his daughter Mara Vell"), or before "named"
    or "called" ("a woman named Mara Vell")."""
    k = first - 1
    if k >= 0 and words[k].norm in _NAMING:
        k -= 1
    if k >= 0 and words[k].norm in _NOUNS:
        return _NOUNS[words[k].norm], words[k].norm
    return None


def _other_name(
    text: str, words: list[Token], names: frozenset[str], skip: range = range(0)
) -> bool:
    """Another name in the claim ("Brevik told Mara that he...", "Mara is Tam's aunt"
    may speak of either): a word written with a capital inside the claim that is not the
    person's, or a coined word opening it. Words at the indices `skip` (a description,
    "a Hill Dwarf Smith") are not looked at."""
    known = known_words()
    for i, t in enumerate(words):
        if i in skip:
            continue
        if t.norm in names or not _capital(text, t) or t.norm == "i" or not t.norm.isalpha():
            continue
        if i > 0 or t.norm not in known:
            return True
    return False


def _capital(text: str, token: Token) -> bool:
    return text[token.start : token.start + 1].isupper()


@claim_cache(4096)
def _title_names(title: str) -> tuple[frozenset[str], frozenset[str]]:
    """The words of a person's note's title, and those of them that name the person alone:
    its coined words ("vell" in *Mara Vell*; "mara" too where it is no word of the
    language)."""
    words = [t.norm for t in tokenize(title) if t.kind == "word"]
    return frozenset(words), coined_words(words)


def conflicting_gender(
    a: str, b: str, *, a_note: str | None, b_note: str | None
) -> tuple[str, str, str] | None:
    """(the person's title, what `a` calls them, what `b` calls them) where one claim says
    man and the other woman of one note's person: the note of either claim, or a name both
    write (the scan's claims hold a link as its text)."""
    if not (has_gendered_word(a) and has_gendered_word(b)):
        return None
    for title, own_a, own_b in _person_titles(a, b, a_note=a_note, b_note=b_note):
        ga = gender_about(a, title, own=own_a)
        gb = gender_about(b, title, own=own_b) if ga is not None else None
        if ga is not None and gb is not None and ga[0] != gb[0]:
            return title, ga[1], gb[1]
    return None


def _person_titles(
    a: str, b: str, *, a_note: str | None, b_note: str | None
) -> list[tuple[str, bool, bool]]:
    """The persons two claims may both speak of, as (title, `a` is of their note, `b` is):
    the note of either claim, and each name both write (the scan's claims hold a link as
    its text); not a note both claims are of (its person is told apart elsewhere)."""
    titles: dict[str, tuple[bool, bool]] = {}  # title -> (a is of its note, b is)
    for note, own_a in ((a_note, True), (b_note, False)):
        if note:
            title = note_title_of(note)
            was = titles.get(title, (False, False))
            titles[title] = (was[0] or own_a, was[1] or not own_a)
    runs_a, runs_b = _name_runs(a), _name_runs(b)
    for name in runs_a.keys() & runs_b.keys():
        titles.setdefault(runs_a[name], (False, False))  # a name both write
    return [(t, own_a, own_b) for t, (own_a, own_b) in titles.items() if not (own_a and own_b)]


def _name_runs(text: str) -> dict[str, str]:
    """Names a claim writes, casefolded, as written: runs of two or more words with
    capitals ("Mara Vell"; a link reads as its text), and single coined words with a
    capital ("Brevik")."""
    words = [t for t in tokenize(text) if t.kind == "word"]
    known = known_words()
    out: dict[str, str] = {}
    run: list[Token] = []
    for t in [*words, None]:
        if t is not None and _capital(text, t) and t.norm.isalpha():
            run.append(t)
            continue
        if len(run) >= 2:
            out[" ".join(w.norm for w in run)] = text[run[0].start : run[-1].end]
        for w in run:
            if known and w.norm not in known:
                out[w.norm] = text[w.start : w.end]
        run = []
    return out


# -- descent: a person called half of a kind in one claim ("a gruff half-dwarf") and that
#    kind in another ("a hill dwarf smith", "a dwarven smith"): one of the two is wrong. ---


@dataclass(frozen=True)
class Descent:
    """What a claim calls a named person's kind: the kinds it calls them half of
    ("half-dwarf": dwarf) and the other words describing them ("a hill dwarf smith": hill,
    dwarf, smith), each as `kind_of` reads it."""

    half: frozenset[str]
    whole: frozenset[str]


_HALF = re.compile(r"\bhalf[- ][^\W\d_]", re.IGNORECASE)
#: Words that end a description: a clause or a phrase about something else begins.
_DESCRIPTION_ENDS = frozenset(
    "who whose whom which that with and but or from of in at on for to by as than".split()
)
#: How many words after a name, or opening the person's own note's claim, describe them.
_DESCRIPTION_WORDS = 6
#: Openings of a claim of the person's own note that describe the person.
_SELF_OPENINGS = frozenset({"i", "he", "she", "a", "an"})


@claim_cache(1 << 16)
def has_half(text: str) -> bool:
    """The claim calls something half of a kind ("half-elf", "half brother"): cheap filter."""
    return _HALF.search(text) is not None


def kind_of(word: str) -> str:
    """A kind word in one form: "elves", "elven" and "elf" are "elf"; "orcs" is "orc"."""
    word = word.casefold()
    if len(word) > 4 and word.endswith(("ven", "ves")):
        return word[:-3] + "f"
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def kind_forms(kind: str) -> tuple[str, ...]:
    """The forms `kind_of` reads as `kind`, as lower-case text to look for ("elf": "elf",
    "elves", "elven")."""
    if kind.endswith("f"):
        return (kind, kind[:-1] + "ves", kind[:-1] + "ven")
    return (kind,)


def descent_about(text: str, title: str, *, own: bool) -> Descent | None:
    """The words claim `text` describes the person whose note is titled `title` with, where
    it describes them: right after their name ("Mara Vell, a half-elf ranger", "Mara Vell is
    a dwarven smith"), or opening a claim of their own note ("I'm a half-dwarf", "A hill dwarf
    who..."); None where it does not, or may speak of someone else."""
    naming = _naming(title)
    return None if naming is None else _descent(text, *naming, own)


@claim_cache(1 << 14)
def _descent(text: str, names: frozenset[str], whole: frozenset[str], own: bool) -> Descent | None:
    words = [t for t in tokenize(text) if t.kind == "word"]
    mentions = _mentions(text, words, names, whole)
    if mentions:
        end = _name_end(words, mentions[0], whole)
        if not _introduces(text, words, end):
            return None
        span = _description(text, words, end + 1)
        if _other_name(text, words, names | whole, skip=range(mentions[0], span.stop)):
            return None
    elif own and words and (words[0].norm in _SELF_OPENINGS or words[0].norm.startswith("half-")):
        span = _description(text, words, 0)
        if _other_name(text, words, whole, skip=span):
            return None
    else:
        return None
    half: set[str] = set()
    described: set[str] = set()
    for k in span:
        norm = words[k].norm
        if norm.startswith("half-"):
            half.add(kind_of(norm[5:]))
        elif norm == "half" and k + 1 in span:
            half.add(kind_of(words[k + 1].norm))
        elif len(norm) >= 3 and norm.isalpha():
            described.add(kind_of(norm))
    described -= half
    if not half and not described:
        return None
    return Descent(frozenset(half), frozenset(described))


def _description(
    text: str, words: list[Token], start: int, ends: frozenset[str] = _DESCRIPTION_ENDS
) -> range:
    """The words from `start` that describe: up to `_DESCRIPTION_WORDS`, to the first
    punctuation between words or a word that begins something else (`ends`)."""
    stop = start
    while stop < min(len(words), start + _DESCRIPTION_WORDS):
        if stop > start and any(
            ch in ",;:.()[]" for ch in text[words[stop - 1].end : words[stop].start]
        ):
            break
        if words[stop].norm in ends:
            break
        stop += 1
    return range(start, stop)


def conflicting_descent(
    a: str, b: str, *, a_note: str | None, b_note: str | None
) -> tuple[str, str, str] | None:
    """(the person's title, what `a` calls them, what `b` calls them) where one claim calls
    one note's person half of a kind and the other calls them that kind."""
    if not (has_half(a) or has_half(b)):
        return None
    for title, own_a, own_b in _person_titles(a, b, a_note=a_note, b_note=b_note):
        da = descent_about(a, title, own=own_a)
        db = descent_about(b, title, own=own_b) if da is not None else None
        if da is None or db is None:
            continue
        for kind in sorted(da.half & db.whole):
            return title, _written(a, kind, half=True), _written(b, kind, half=False)
        for kind in sorted(db.half & da.whole):
            return title, _written(a, kind, half=False), _written(b, kind, half=True)
    return None


def _written(text: str, kind: str, *, half: bool) -> str:
    """The word of `text` that says `kind` ("Half-Elf", "elven"), as written."""
    words = [t for t in tokenize(text) if t.kind == "word"]
    for i, t in enumerate(words):
        if half and t.norm.startswith("half-") and kind_of(t.norm[5:]) == kind:
            return text[t.start : t.end]
        if half and t.norm == "half" and i + 1 < len(words) and kind_of(words[i + 1].norm) == kind:
            return text[t.start : words[i + 1].end]
        if not half and not t.norm.startswith("half") and kind_of(t.norm) == kind:
            return text[t.start : t.end]
    return kind


# -- colour: a named thing given one colour in one claim ("a soft sea-green moss") and another
#    in another ("recognised by its deep scarlet colour"). ---

#: Colour words and the colour they name; a hyphenated word reads by its parts ("sea-green").
_COLOURS: dict[str, str] = {
    **dict.fromkeys("red crimson scarlet ruby vermilion maroon".split(), "red"),
    **dict.fromkeys("orange".split(), "orange"),
    **dict.fromkeys("yellow golden".split(), "yellow"),
    **dict.fromkeys("green emerald jade olive".split(), "green"),
    **dict.fromkeys("blue azure cobalt navy sapphire".split(), "blue"),
    **dict.fromkeys("purple violet lilac lavender".split(), "purple"),
    **dict.fromkeys("pink".split(), "pink"),
    **dict.fromkeys("black ebony".split(), "black"),
    **dict.fromkeys("white ivory".split(), "white"),
    **dict.fromkeys("grey gray".split(), "grey"),
    **dict.fromkeys("brown".split(), "brown"),
}
_COLOURED = re.compile(r"\b(?:" + "|".join(sorted(_COLOURS)) + r")\b", re.IGNORECASE)
#: A colour list goes on through "and" and "or" ("red and white"): two colours, no one colour.
_COLOUR_ENDS = _DESCRIPTION_ENDS - {"and", "or", "but"}
#: Nouns after which a colour is the thing's own: "its deep scarlet colour".
_COLOUR_NOUNS = frozenset("colour color hue shade tint".split())


@claim_cache(1 << 16)
def has_colour_word(text: str) -> bool:
    """The claim holds a colour word at all (a cheap filter)."""
    return _COLOURED.search(text) is not None


def colour_about(text: str, title: str, *, own: bool) -> tuple[str, str] | None:
    """(the colour, the word that says it) where claim `text` gives the thing of the note
    titled `title` one colour: in the words right after its name ("Mossbell, a pale blue
    flower"), as "its ... colour" in a claim naming it, or opening a claim of its own note
    ("A soft sea-green, ...", "Colour: sea-green"); None where it gives none, more than one,
    or may speak of something else."""
    if not has_colour_word(text):
        return None
    naming = _naming(title)
    return None if naming is None else _colour(text, *naming, own)


@claim_cache(1 << 14)
def _colour(
    text: str, names: frozenset[str], whole: frozenset[str], own: bool
) -> tuple[str, str] | None:
    words = [t for t in tokenize(text) if t.kind == "word"]
    mentions = _mentions(text, words, names, whole)
    if mentions:
        end = _name_end(words, mentions[0], whole)
        if _other_name(text, words, names | whole):
            return None
        span = range(0)
        if _introduces(text, words, end, verbs=("is", "was", "are")):
            span = _description(text, words, end + 1, _COLOUR_ENDS)
        said = _colours_in(text, words, span) or _its_colour(text, words)
    elif own and words and (words[0].norm in ("a", "an", "it", "its") or words[0].norm in _COLOURS):
        if _other_name(text, words, whole):
            return None
        said = _colours_in(text, words, _description(text, words, 0, _COLOUR_ENDS))
    elif own and len(words) > 1 and words[0].norm in _COLOUR_NOUNS and _labelled(text, words[0]):
        # a field of the note's thing: "Colour: a pale sea-green"
        if _other_name(text, words, whole, skip=range(2)):  # the label, then a capital
            return None
        said = _colours_in(text, words, _description(text, words, 1, _COLOUR_ENDS))
    else:
        return None
    return said


def _labelled(text: str, label: Token) -> bool:
    """`label` opens the claim as a field's name: a colon follows it."""
    return text[label.end :].lstrip(" *_").startswith(":")


def _colours_in(text: str, words: list[Token], span: range) -> tuple[str, str] | None:
    """The one colour the words at `span` name, and its word as written; None for none or
    several ("red and white")."""
    found: dict[str, str] = {}
    for k in span:
        for part in words[k].norm.split("-"):
            colour = _COLOURS.get(part)
            if colour is not None:
                found.setdefault(colour, text[words[k].start : words[k].end])
    if len(found) != 1:
        return None
    ((colour, word),) = found.items()
    return colour, word


def _its_colour(text: str, words: list[Token]) -> tuple[str, str] | None:
    """ "its deep scarlet colour": the colour of "its" thing, where the claim gives one."""
    for i, t in enumerate(words):
        if t.norm not in _COLOUR_NOUNS:
            continue
        start = next((k for k in range(i - 1, max(-1, i - 4), -1) if words[k].norm == "its"), None)
        if start is not None:
            return _colours_in(text, words, range(start + 1, i))
    return None


def conflicting_colour(
    a: str, b: str, *, a_note: str | None, b_note: str | None
) -> tuple[str, str, str] | None:
    """(the thing's title, the colour word of `a`, that of `b`) where the two claims give one
    note's thing two colours."""
    if not (has_colour_word(a) and has_colour_word(b)):
        return None
    for title, own_a, own_b in _person_titles(a, b, a_note=a_note, b_note=b_note):
        ca = colour_about(a, title, own=own_a)
        cb = colour_about(b, title, own=own_b) if ca is not None else None
        if ca is not None and cb is not None and ca[0] != cb[0]:
            return title, ca[1], cb[1]
    return None


# -- kinship: who is whose child, parent or sibling: "Thor is the son of Odin" against "Thor is
#    Odin's father". Two people stand one number of generations apart, so two claims that give
#    one pair two distances (a child and a parent, a sibling and a child) disagree. ---

#: Generations the person named first stands below the other: a son one, a father minus one.
_KIN_ROLES = {
    **dict.fromkeys("son daughter child".split(), 1),
    **dict.fromkeys("father mother parent".split(), -1),
    **dict.fromkeys("brother sister sibling twin half-brother half-sister".split(), 0),
    **dict.fromkeys("grandson granddaughter grandchild".split(), 2),
    **dict.fromkeys("grandfather grandmother grandparent".split(), -2),
}
_KIN_ROLE = rf"(?P<role>{'|'.join(sorted(_KIN_ROLES, key=len, reverse=True))})(?![\w-])"
_KIN_NAME = r"[A-Z][\w'’-]*(?:\s+(?:of\s+|the\s+)?[A-Z][\w'’-]*){0,2}"
_KIN_WHO = rf"(?P<who>He|She|It|They|{_KIN_NAME})"
_KIN_ORDER = r"(?:(?:eldest|oldest|youngest|only|elder|younger|first|second|third|twin)\s+)?"
_KIN_PATTERNS = (
    # "Thor is the son of Odin", "She was the youngest daughter of Baldr"
    re.compile(
        rf"^{_KIN_WHO}\s+(?:is|was)\s+(?:the\s+|a\s+|an\s+)?{_KIN_ORDER}{_KIN_ROLE}\s+of\s+"
        rf"(?P<other>{_KIN_NAME})"
    ),
    # "Thor is Odin's father"
    re.compile(
        rf"^{_KIN_WHO}\s+(?:is|was)\s+(?P<other>{_KIN_NAME})['’]s?\s+{_KIN_ORDER}{_KIN_ROLE}"
    ),
)


@dataclass(frozen=True)
class Kinship:
    """A claim that `who` stands `below` generations under `other` (names as written)."""

    who: str
    other: str
    below: int
    text: str  # the relation as written: "the son of Odin"


@claim_cache(1 << 14)
def kinship_in(text: str, title: str = "") -> Kinship | None:
    """Whose child, parent or sibling claim `text` (of the note titled `title`, whom "He" or
    "She" speaks of) says one person is."""
    for pattern in _KIN_PATTERNS:
        m = pattern.match(text.strip())
        if m is None:
            continue
        who = m["who"]
        if who in ("He", "She", "It", "They"):
            if not title[:1].isupper():
                return None
            who = title
        shown = text.strip()[m.end("who") : m.end()].strip()
        shown = re.sub(r"^(?:is|was)\s+", "", shown)
        return Kinship(who, m["other"], _KIN_ROLES[m["role"].lower()], shown)
    return None


def _kin_key(name: str) -> str:
    words = [w.casefold() for w in re.findall(r"[\w'’-]+", name)]
    return " ".join(w for w in words if w != "the")


def conflicting_kinship(
    a: str, b: str, *, a_note: str | None = None, b_note: str | None = None
) -> tuple[Kinship, Kinship] | None:
    """One pair of people set a different number of generations apart by claims `a` and `b`
    ("the son of Odin" / "Odin's father"; "X is the son of Y" / "Y is the son of X")."""
    x = kinship_in(a, note_title_of(a_note) if a_note else "")
    y = kinship_in(b, note_title_of(b_note) if b_note else "")
    if x is None or y is None:
        return None
    xa, xb, ya, yb = (_kin_key(n) for n in (x.who, x.other, y.who, y.other))
    if (xa, xb) == (ya, yb):
        apart = x.below != y.below
    elif (xa, xb) == (yb, ya):
        apart = x.below != -y.below
    else:
        return None
    return (x, y) if apart else None
