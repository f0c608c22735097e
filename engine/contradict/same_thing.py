"""Are two claims about the same thing? The vetoes of the structural verdict.

Two claims are about different entities when their subjects differ on both sides ("Sync
keeps..." / "Publish keeps..."), when an antonym sits inside a subject ("Weighted graph" /
"Unweighted graph"), when each is the other's object with another verb, or when each claim
speaks of its own note, as atomic and templated notes do ("the oil", "the target", "you"
under "Oil of Sharpness" and "Oil of Slipperiness").
"""

from __future__ import annotations

from functools import lru_cache

from engine.contradict.antonyms import are_opposites
from engine.contradict.content_words import is_content_stem, shared_stems
from engine.contradict.grammar import COMMON_VERBS
from engine.contradict.parsed_claim import ParsedClaim
from engine.contradict.subjects import coined_words, note_title_of
from engine.contradict.text import stem, tokenize


def different_subjects(
    x: ParsedClaim,
    y: ParsedClaim,
    cx: frozenset[str],
    cy: frozenset[str],
    anto_x: set[str],
    anto_y: set[str],
) -> bool:
    """The subjects name different entities: each has words the other claim lacks (`cx`,
    `cy`: the claims' content; `anto_x`, `anto_y`: their words paired as opposites), an
    antonym sits inside a subject, or each claim is the other's object."""
    subj_x, subj_y = x.subject, y.subject
    if subj_x and subj_y:
        only_x = _entity_words(subj_x - shared_stems(subj_x, cy - y.contrast) - anto_x, x)
        only_y = _entity_words(subj_y - shared_stems(subj_y, cx - x.contrast) - anto_y, y)
        if only_x and only_y:
            return True
        if opposite_subjects(x, y):
            return True
        named_x, named_y = subj_x - GENERIC_SUBJECTS, subj_y - GENERIC_SUBJECTS
        if (
            named_x
            and named_y
            and not (shared_stems(named_x, named_y) or shared_stems(named_y, named_x))
            and named_x <= shared_stems(named_x, cy)
            and named_y <= shared_stems(named_y, cx)
        ):
            # "the gateway delays the handshake ..." / "the handshake affects the gateway ...":
            # each is the other's object, with another verb -- two statements, not one
            return True
    return False


def opposite_subjects(x: ParsedClaim, y: ParsedClaim) -> bool:
    """An antonym sits inside the subjects: "Weighted graph" / "Unweighted graph"."""
    subj_x, subj_y = x.subject, y.subject
    return any(are_opposites(p, q) for p in subj_x - subj_y for q in subj_y - subj_x)


def each_about_own_note(
    x: ParsedClaim,
    y: ParsedClaim,
    cx: frozenset[str],
    cy: frozenset[str],
    *,
    a_note: str | None,
    b_note: str | None,
    a_heading: str | None,
    b_heading: str | None,
) -> bool:
    """Claim `x` (of note `a_note`, under `a_heading`) and claim `y` (of `b_note`, under
    `b_heading`) each speak of their own note's entity: different entities."""
    title_x, title_y = _title_stems(a_note), _title_stems(b_note)
    head_x, head_y = _heading_stems(a_heading), _heading_stems(b_heading)
    tx, ty = title_x | head_x, title_y | head_y
    return bool(
        tx
        and ty
        and tx != ty
        # the other claim speaks of this note's entity too (a title inside the other's title,
        # "Tiger" in "Saber-Toothed Tiger", is the general kind, not this note's entity)
        and not (_names(cy, title_x) and not title_x <= shared_stems(title_x, title_y))
        and not (_names(cx, title_y) and not title_y <= shared_stems(title_y, title_x))
        and _about_note(x, title_x, head_x, ty, cy)
        and _about_note(y, title_y, head_y, tx, cx)
    )


def named_in_other(
    x: ParsedClaim, y: ParsedClaim, *, a_note: str | None, b_note: str | None
) -> frozenset[str]:
    """The names that tie the two claims to one thing: a word of one note's title that the
    other claim writes with a capital and that is no word of the language ("Brannoc" in
    "Brannoc children ..." against a claim of the note *Brannoc Clan*, or a
    `[[Brannoc Clan]]` link). Common words of titles ("Basic", "Family") tie nothing."""
    return _names_of(a_note, y.text) | _names_of(b_note, x.text)


def _names_of(note: str | None, text: str) -> frozenset[str]:
    rare = _coined_title_words(note) if note else frozenset()
    if not rare:
        return frozenset()
    return frozenset(
        t.stem
        for t in tokenize(text)
        if t.kind == "word" and t.norm in rare and text[t.start : t.start + 1].isupper()
    )


@lru_cache(maxsize=4096)
def _coined_title_words(note: str) -> frozenset[str]:
    """The words of a note's title that are no word of the language (lower case)."""
    return coined_words([t.norm for t in tokenize(note_title_of(note)) if t.kind == "word"])


def _entity_words(stems: set[str] | frozenset[str], claim: ParsedClaim) -> set[str]:
    """Subject words that may name an entity: names ("Sync", "Publish"), and words that are
    not verbs a subject was cut late at."""
    return {s for s in stems if s not in COMMON_VERBS or s in claim.upper}


#: Subjects that stand for whatever the note is about ("the target takes...", "you gain...").
GENERIC_SUBJECTS = frozenset(
    stem(w)
    for w in """
    target creature character user player attacker caster wearer wielder bearer owner item
    object spell effect feature ability person people someone note page file thing one
    duration range damage cost price speed size weight height level radius area bonus
    """.split()
)


def _names(content: frozenset[str], title: frozenset[str]) -> bool:
    return bool(title) and title <= shared_stems(title, content)


def _about_note(
    c: ParsedClaim,
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
    rest = (c.subject_head or c.subject) - GENERIC_SUBJECTS
    if not rest:
        return True
    if c.definite and rest <= shared_stems(rest, title | heading):
        # "the oil" in "Oil of Sharpness", "the vampire" under "## Vampire": the note's own
        # entity, referred to by its kind. A bare plural or a name ("Soil nodes sample...",
        # "A fire giant stands...") speaks of the kind itself.
        return True
    topic = title | heading
    names_title = topic <= shared_stems(topic, c.content)
    return names_title and not topic <= shared_stems(topic, other)


@lru_cache(maxsize=4096)
def _heading_stems(heading: str | None) -> frozenset[str]:
    if not heading:
        return frozenset()
    return frozenset(
        t.stem for t in tokenize(heading) if t.kind == "word" and is_content_stem(t.stem)
    )


def _title_stems(note: str | None) -> frozenset[str]:
    if not note:
        return frozenset()
    name = note.rsplit("/", 1)[-1]
    if name.lower().endswith(".md"):
        name = name[:-3]
    return frozenset(t.stem for t in tokenize(name) if t.kind == "word" and is_content_stem(t.stem))


def clear_heading_cache() -> None:
    """Drop the caches of heading stems and of title words."""
    _heading_stems.cache_clear()
    _coined_title_words.cache_clear()
