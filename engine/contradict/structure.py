"""The structural verdict on a pair of claims and its explanations: `assess` and its
`Verdict`, the vetoes (are the two about the same thing?), opposite words, swapped slots,
reversed decisions, the one-line difference a person can check, and values that vary by
design.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, replace
from difflib import SequenceMatcher
from typing import Any, NamedTuple

from engine.contradict.absence import excluded, had, lacked, same_thing_word, without_excluded
from engine.contradict.candidates import coined_words, links_name, note_title_of
from engine.contradict.claim import (
    ClaimWord,
    ParsedClaim,
    analyse,
    clause_breaks,
    parse_claim,
)
from engine.contradict.cues import decision
from engine.contradict.events import (
    Making,
    conflicting_death_ages,
    conflicting_firsts,
    conflicting_makers,
    conflicting_origins,
    may_date_event,
    origins_out_of_order,
)
from engine.contradict.locations import (
    PlaceNamed,
    conflicting_locations,
    may_locate,
    places_apart,
    places_named,
)
from engine.contradict.persons import (
    conflicting_colour,
    conflicting_descent,
    conflicting_gender,
    conflicting_kinship,
)
from engine.contradict.quantities import (
    DateMention,
    Quantity,
    complementary_limits,
    date_relation,
    measure_kind,
    measure_kinds,
    measured_conflicts,
    names_a_measure,
    own_limit_words,
    quantity_relation,
    ranking_written,
    same_measure,
)
from engine.contradict.stance import conflicting_stances
from engine.contradict.text import (
    AUXILIARIES,
    CHOOSE_VERBS,
    COMMON_VERBS,
    CONDITION_LEADS,
    DROP_VERBS,
    HEAD_ENDS,
    NEGATORS,
    NUMBER_WORDS,
    POSSESSIVES,
    PRESENCE_PARTICIPLES,
    PRONOUN_NEGATORS,
    STOPWORDS,
    Token,
    claim_cache,
    is_adverb_or_gerund,
    is_content_stem,
    is_negative_adjective,
    known_words,
    listed_opposite,
    looks_plural,
    meaning_of,
    morphological_opposite,
    negated_roots_of,
    negated_words_after,
    negator_in,
    opens_with_verb,
    shared_stems,
    stem,
    subject_left_out,
    tokenize,
    with_left_out_subject,
)
from engine.contradict.traits import conflicting_traits, staple_in, trait_phrase
from engine.contradict.types import FLAG_THRESHOLD

# -- structure: Do two claims say opposite things about the same thing? A structural verdict per
#    pair. ---
#
# Among a vault's similar claim pairs, far fewer than 1 in 100 is a contradiction: most restate
# one fact in other words, many make the same statement about a different entity. Surface cues
# ("not", "never", opposite words) fire on those as often as on conflicts. So a pair is flagged
# only when the structure says so:
#
# 1. **About the same thing.** Both claims are assertions (instructions and headings-as-text
#    are not), their subjects are not two different entities (subject words that differ on both
#    sides, an antonym inside the subject -- "Weighted graph" / "Unweighted graph" --, or each
#    claim naming its own note, as atomic notes do), and what they share outweighs what differs.
#    A claim with a generic subject ("each creature", "you", "the average lifespan") under
#    one topic, beside a claim under another that neither names, is halved to the weak list
#    (`_places_apart`).
# 2. **One slot differs.** After normalising what may be worded differently -- polarity
#    (explicit and implicit negators: not, never, no one, nothing, without, refused, failed to,
#    unable, lacks, immune ...; an antonym pair flips it once more, so "does not show" and
#    "hides" agree), quantities in any unit ("900 s" = "15 minutes"), dates in any format --
#    exactly what is left is compared: a polarity flip (negation), two values of one quantity
#    (conflicting_values), two dates of one event, a scalar antonym (opposing_sentiment), the
#    same relation with its two ends swapped, or one exclusive attribute swapped (who, where,
#    what colour, which material).
# 3. **Minimal pairs are strong, topic overlap is not.** The verdict's strength is the kind's
#    base times the share of the claims' content that is the same outside the differing slot.
#
# `assess(a, b, a_note=..., b_note=...)` is pure and symmetric; `Verdict.explanation` is one
# plain line saying what differs and why the two are taken to be about the same thing.
#
# The claim each rule reads is `claim.parse_claim`'s (words, subject, shape, negators,
# values). This module's sections: `verdict` (`assess`, its rules in order, and the rules
# tried after them: what a thing lacks, is denied, is said to be instead, and where it is),
# `same_thing` (the vetoes), `antonyms`, `swaps`, `superseded`, `explanations`,
# `difference` and `templates`. Its caches are claim caches (`text.claim_cache`).

__all__ = ["Verdict", "about_different_things", "assess"]


# -- verdict: The structural verdict on a pair of claims: `assess` and its `Verdict`. ---
#
# Both claims must be assertions about the same thing (`same_thing`); after normalising what
# may be worded differently (polarity, quantities, dates), exactly what is left is compared: a
# polarity flip (negation), two values of one quantity or two dates of one event
# (conflicting_values), a scalar antonym (opposing_sentiment), a relation with its two ends
# swapped or one exclusive attribute swapped (semantic_conflict), or a reversed decision
# (superseded). The strength is the kind's base times the share of the claims' content that is
# the same outside the differing slot.

#: Opposites that name the two ends of one span: each end has its own date or value.
_SPAN_ENDS = frozenset(
    frozenset(stem(w) for w in pair.split())
    for pair in """begin end|began ended|start end|start finish|begin finish|begin complete
    |start complete|commence complete|commence end|open close|opens closes|born
    died|birth death|first last|minimum maximum|min max|lowest highest|low high|earliest
    latest|arrive leave|arrival departure|upper lower|top bottom|early late|rise set|sunrise
    sunset|best worst""".replace("\n", " ").split("|")
)


def _ends_of_a_valued_span(x: ParsedClaim, y: ParsedClaim, wx: ClaimWord, wy: ClaimWord) -> bool:
    """Opposites `wx` (of claim `x`) and `wy` (of `y`) are the two ends of one span and both
    claims give values or dates: "began in 1939" / "ended in 1945", "opens at 9" / "closes
    at 5", each end with its own value (or the same: "began and ended in 1904")."""
    return frozenset({wx.stem, wy.stem}) in _SPAN_ENDS and bool(
        (x.dates and y.dates) or (x.quantities and y.quantities)
    )


_ORDER_WORDS = frozenset({"before", "after"})
_ORDER_STEMS = frozenset(stem(w) for w in _ORDER_WORDS)


@dataclass(frozen=True)
class Verdict:
    """What the structure of a pair says (score 0: no conflict shown)."""

    score: float  # in [0, 1]
    kind: str  # negation | conflicting_values | opposing_sentiment | semantic_conflict | none
    explanation: str  # one plain line: what differs, and why the same thing


_NONE = Verdict(0.0, "none", "")

#: "A, so B": a claim and what follows from it, each with its own polarity. Where two claims
#: split alike, an even count of flips over the whole can be one flip in each clause.
_CONSEQUENCE = re.compile(
    r"[,;]\s+(so|because|therefore|thus|hence|which means|meaning|and so)\s+", re.IGNORECASE
)


#: "A by doing B": what a thing does and the means it does it by ("lowers blood glucose by
#: helping cells absorb sugar"); an opposite in each names one other mechanism, not a flip back.
_MEANS = re.compile(r"\s+(by)\s+(?=[a-z]+ing\b)")


def _consequence_split(text: str) -> tuple[str, str, str] | None:
    """(claim, connector, consequence) of "A, so B" or "A by doing B", or None."""
    m = _CONSEQUENCE.search(text) or _MEANS.search(text)
    if m is None or m.start() == 0 or m.end() >= len(text):
        return None
    return text[: m.start()], m.group(1).casefold(), text[m.end() :]


def _clause_by_clause(a: str, b: str, where: dict[str, Any], closeness: float) -> Verdict | None:
    """Two claims that split alike ("A, so B"), read clause with clause: the stronger flip,
    scaled by how much of the whole claims is the same unless both clauses flip."""
    sa, sb = _consequence_split(a), _consequence_split(b)
    if sa is None or sb is None or sa[1] != sb[1]:
        return None
    found = [assess(sa[0], sb[0], **where), assess(sa[2], sb[2], **where)]
    flips = [v for v in found if v.kind in ("negation", "opposing_sentiment") and v.score > 0]
    if not flips:
        return None
    best = max(flips, key=lambda v: v.score)
    if len(flips) == 2:
        return best  # a flip in each clause: the two claims differ clause for clause
    if sa[1] == "by" and flips[0] is found[0]:
        return best  # what the thing does, turned: the means it does it by only says how
    return Verdict(best.score * max(closeness, 0.75), best.kind, best.explanation)


@claim_cache(1 << 16)
def assess(
    a: str,
    b: str,
    *,
    a_note: str | None = None,
    b_note: str | None = None,
    a_heading: str | None = None,
    b_heading: str | None = None,
    a_links: tuple[str, ...] = (),
    b_links: tuple[str, ...] = (),
) -> Verdict:
    """The structural verdict on claims `a` (of note `a_note`, under heading `a_heading`) and
    `b` (of `b_note`, under `b_heading`); `a_links`, `b_links`: the notes each claim names
    by a link's alias (`candidates.linked_titles`: "Monarchs" where its note links
    `[[Monarch Butterfly|Monarchs]]`)."""
    verdict = _assess_pair(
        a,
        b,
        a_note=a_note,
        b_note=b_note,
        a_heading=a_heading,
        b_heading=b_heading,
        a_links=a_links,
        b_links=b_links,
    )
    if verdict.score >= FLAG_THRESHOLD:
        return verdict
    # "There are no frets on the fingerboard" in *Violin* / "the [[Violin|violin's]]
    # fingerboard carries metal frets": what one thing is said to lack and to have, where
    # nothing else the two claims say marks them apart
    if b < a:
        a, b, a_note, b_note, a_links, b_links = b, a, b_note, a_note, b_links, a_links
        a_heading, b_heading = b_heading, a_heading
    # a line under a heading of its own speaks of that heading's thing ("This spell ..." under
    # "Hold Monster" in *Spells H*), not of the note's
    first = _Said(a, a_note if _under_title(a_heading, a_note) else None, a_links)
    second = _Said(b, b_note if _under_title(b_heading, b_note) else None, b_links)
    for rule in _AFTER_THE_VERDICT:
        found = rule(first, second)
        if found is not None:
            return found
    return verdict


def _dated_apart(x: ParsedClaim, y: ParsedClaim) -> bool:
    """Claims `x` and `y` differ both in a date and in a value ("The 1906 flood reached 7.9
    metres" / "The 1911 flood reached 8.3 metres"): two events or two times, not one thing
    measured twice."""
    if not (x.dates and y.dates and x.quantities and y.quantities):
        return False
    d_conflicts, d_agree = date_relation(x.dates, y.dates)
    return (
        bool(d_conflicts) and not d_agree and bool(quantity_relation(x.quantities, y.quantities)[0])
    )


class _Said(NamedTuple):
    """One claim of a pair as the rules tried after the verdict read it: its text, the note
    whose thing it may speak of (None where it sits under a heading of its own), and the
    notes it names by a link."""

    text: str
    note: str | None
    links: tuple[str, ...]


def _from_each_side(first: _Said, second: _Said) -> tuple[tuple[_Said, _Said], tuple[_Said, _Said]]:
    """The pair read from each side: (one claim, the other)."""
    return (first, second), (second, first)


def _under_title(heading: str | None, note: str | None) -> bool:
    """A claim under `heading` in `note` sits under no heading but the note's title."""
    if not heading or not note:
        return True
    return " ".join(heading.split()).casefold() == note_title_of(note).casefold()


def _assess_pair(
    a: str,
    b: str,
    *,
    a_note: str | None = None,
    b_note: str | None = None,
    a_heading: str | None = None,
    b_heading: str | None = None,
    a_links: tuple[str, ...] = (),
    b_links: tuple[str, ...] = (),
) -> Verdict:
    """`assess` before what a thing lacks and has."""
    if b < a:
        a, b, a_note, b_note, a_heading, b_heading = b, a, b_note, a_note, b_heading, a_heading
        a_links, b_links = b_links, a_links
    # "A sustained rise in the general price level" in *Inflation*, beside "[[Inflation]]
    # refers to a general fall in prices": a definition of the note's thing, said without it
    a = _as_definition(a, a_note, b, b_links)
    b = _as_definition(b, b_note, a, a_links)
    # "Erupts roughly every 90 minutes" in *Old Faithful*: the note's thing is its subject
    a = _with_note_subject(a, a_note, a_heading, b, b_links)
    b = _with_note_subject(b, b_note, b_heading, a, a_links)
    # One person called a man in one note and a woman in another ("his horse" / "Elderly
    # woman, keeper of the ferry"): before the fragment check, a note's opening line is often one.
    person = conflicting_gender(a, b, a_note=a_note, b_note=b_note)
    if person is not None:
        title, wa, wb = person
        return Verdict(
            0.8,
            "semantic_conflict",
            f"man or woman: {quoted(wa)} vs {quoted(wb)}, both about {title}",
        )
    # One person called half of a kind and that kind ("a half-dwarf" / "a dwarven smith").
    descent = conflicting_descent(a, b, a_note=a_note, b_note=b_note)
    if descent is not None:
        title, wa, wb = descent
        return Verdict(
            0.75, "semantic_conflict", f"descent: {quoted(wa)} vs {quoted(wb)}, both about {title}"
        )
    # One pair of people given two kinships ("the son of Odin" / "Odin's father").
    kin = conflicting_kinship(a, b, a_note=a_note, b_note=b_note)
    if kin is not None:
        kx, ky = kin
        return Verdict(
            0.75,
            "semantic_conflict",
            f"family: {quoted(kx.text)} vs {quoted(ky.text)}, both about {kx.who} and {kx.other}",
        )
    # One thing given two colours ("a pale blue flower" / "its deep scarlet colour").
    colour = conflicting_colour(a, b, a_note=a_note, b_note=b_note)
    if colour is not None:
        title, wa, wb = colour
        return Verdict(
            0.7, "semantic_conflict", f"colours: {quoted(wa)} vs {quoted(wb)}, both about {title}"
        )
    # Two parties as friends and as foes ("live in harmony" / "have been bitter enemies").
    stance = conflicting_stances(a, b)
    if stance is not None:
        sx, sy, names = stance
        return Verdict(
            0.7,
            "semantic_conflict",
            f"friends or foes: {quoted(sx.text)} vs {quoted(sy.text)}, both about how "
            f"{' and '.join(names)} stand",
        )
    # One thing given two values of a trait that holds one ("omnivores" / "strict meat-eaters")
    traits = conflicting_traits(
        a, b, a_note=a_note, b_note=b_note, a_links=a_links, b_links=b_links
    )
    if traits is not None:
        title, ta, tb = traits
        return Verdict(
            0.7,
            "semantic_conflict",
            f"{quoted(ta.text)} vs {quoted(tb.text)}, both about {trait_phrase(ta.trait, title)}",
        )
    # One thing in two countries, or two continents ("is in Tanzania" / "is in Kenya")
    located = conflicting_locations(
        a, b, note_title_of(a_note) if a_note else "", note_title_of(b_note) if b_note else ""
    )
    if located is not None:
        lx, ly = located
        thing = lx.name
        be = "are" if lx.plural else "is"
        happened = {"took place in": "took place", "came from": f"{be} from"}.get(lx.relation, be)
        about = (
            f"which country {thing} {be} {lx.relation}"
            if lx.relation.startswith("the ")
            else f"where {thing} {happened}"
        )
        return _two_values("places", lx.text, ly.text, about)
    # What happens once, said twice: a start, a maker, an age at death (before the fragment
    # check: "Napoleon died in 1821")
    a_title = note_title_of(a_note) if a_note else ""
    b_title = note_title_of(b_note) if b_note else ""
    event = _one_time_event(a, b, a_title, b_title, (*a_links, a_title), (*b_links, b_title))
    if event is not None:
        return event
    # "Completed in 1810" in *Bell Rock Lighthouse* / "the [[Bell Rock Lighthouse]] was
    # finished in the 1840s": one act a thing undergoes once, dated twice
    acted = _one_act_dated_twice(a, b, a_note, b_note, a_links, b_links)
    if acted is not None:
        return acted
    # "It was built in Florence" in *Vell Chapel* / "the [[Vell Chapel]] was built in
    # Seville": one act a thing undergoes once, placed twice
    placed = _one_act_placed_twice(a, b, a_note, b_note, a_links, b_links)
    if placed is not None:
        return placed
    x, y = parse_claim(a), parse_claim(b)
    if _dated_apart(x, y):
        return _NONE
    # "a ferryman at the north landing" / "a ferryman working the South Landing", said of one
    # subject (before the fragment check: "Tam Holt, a ferryman at the north landing")
    framed = exclusive_in_frame(x, y)
    if framed is not None:
        return _two_values("values", *framed)
    # "Omul is endemic to Lake Baikal" / "Omul — a whitefish found nowhere but Lake Ladoga"
    places = only_places(x, y, a_note=a_note, b_note=b_note)
    if places is not None:
        return Verdict(
            0.7,
            "semantic_conflict",
            f"only one place: {quoted(places[0])} vs {quoted(places[1])}, both about {places[2]}",
        )
    if x.imperative or y.imperative or x.fragment or y.fragment:
        return _NONE
    cx, cy = x.content, y.content
    if not cx or not cy:
        return _NONE

    # Antonym pairs between the two claims (each word used once).
    antonyms = antonym_pairs(x, y)
    # Opposites inside both claims' conditions ("when the mesh is cheap" / "when the mesh is
    # expensive") name two situations, not two answers: no flip.
    conditions = [
        (wx, wy) for wx, wy in antonyms if wx.stem in x.condition and wy.stem in y.condition
    ]
    if conditions:
        return _NONE
    anto_x = {w.stem for w, _ in antonyms}
    anto_y = {w.stem for _, w in antonyms}
    # "a small, fast store" / "the slowest and largest tier": opposites listed together say
    # one opposite description, not two flips that cancel
    antonyms = _one_per_list(x, y, antonyms)
    # "...; UDP has nothing of the sort": a later clause about another named thing that
    # shares no word with the other claim negates nothing it says
    x, y = _without_clauses_elsewhere(x, cy, anto_x), _without_clauses_elsewhere(y, cx, anto_y)
    # "Looser balance than AVL, fewer rotations" in *Red-Black Tree* / "More strictly balanced
    # than a Red-Black Tree, ... more rotations" in *AVL Tree*: each note compares its own
    # thing with the other's, and opposite comparisons from the two ends agree
    # "Iron is heavier than gold" / "Gold is heavier than iron": one comparison, turned round
    # (before the notes that each compare their own thing: those agree when the comparisons
    # are opposite, not when they are one)
    turned = _comparison_turned(x, y, a_note, b_note)
    if turned:
        return Verdict(0.75, "semantic_conflict", turned)
    if _compares_with(x, b_note, a_note) and _compares_with(y, a_note, b_note):
        return _NONE

    # The same words with the two ends of a relation swapped (before the entity check: the
    # subjects differ by construction).
    if not antonyms and not x.negators and not y.negators:
        swapped = swapped_relation(x, y, cx, cy)
        if swapped:
            return Verdict(0.7, "semantic_conflict", swapped)

    # Two things given one role that only one can hold: "Device storage is the location
    # Obsidian recommends" / "App storage is the location Obsidian recommends".
    role = one_holder(a, b, x, y)
    if role is not None:
        return role

    # One thing measured twice, named across the notes: "Brannoc children ... until the age
    # of 14" against "at the age of 6" in the note *Brannoc Clan*.
    named = named_in_other(x, y, a_note=a_note, b_note=b_note)
    a_links_b, b_links_a = _linked_title(a_links, b_note), _linked_title(b_links, a_note)
    linked = a_links_b | b_links_a
    # a name of no word of the language ties any value of its kind; a link to a note titled
    # in words of the language ("[[File recovery]]") only values whose words meet
    by_value = bool(named) or any(
        _linked_by_name(links, note, c.text)
        for links, note, c in ((a_links, b_note, x), (b_links, a_note, y))
    )
    links_each = (bool(a_links_b), bool(b_links_a))
    # ... or values of claims that both speak of the linked thing ("In it, about 68% ..." in
    # *Normal Distribution* / "For a [[Normal Distribution]], roughly 95% ...")
    by_value = by_value or (bool(linked) and bool(_named_thing(x, y, a_note, b_note, *links_each)))
    named |= linked

    if named:
        # both claims measure the named thing unless a subject is another name ("Vell keys are
        # 8 bytes, twice the size of Tarn ones" measures Vell keys; "Hadrian's Wall was 45
        # miles" in *Antonine Wall* measures Hadrian's)
        titled = named | _title_stems(a_note) | _title_stems(b_note)
        if not any(_measures_another(c, named, titled) for c in (x, y)):
            measured = _measured(x, y, named, named_by_value=by_value, one_thing=bool(linked))
            if measured is not None:
                return measured
        opposed = _opposed(x, y, named, antonyms)
        if opposed is not None:
            return opposed
    # "the tomato is a berry belonging to the nightshade family" / "[[Tomato|Tomatoes]] belong
    # to the rose family": one thing is in one taxon of each rank
    if _named_thing(x, y, a_note, b_note, *links_each):
        named_note = b_note if links_each[0] else a_note if links_each[1] else None
        thing = note_title_of(named_note) if named_note else "it"
        lang_x, lang_y = _language_of(x.text), _language_of(y.text)
        if lang_x and lang_y and lang_x != lang_y:
            return Verdict(
                0.7,
                "semantic_conflict",
                f"{quoted(lang_x)} vs {quoted(lang_y)}, both about which language {thing} is "
                "written in",
            )
        taxa = _taxa_apart(x, y)
        if taxa is not None:
            rank, taxon_a, taxon_b = taxa
            return Verdict(
                0.7,
                "semantic_conflict",
                f"{quoted(taxon_a)} vs {quoted(taxon_b)}, "
                f"both about which {rank} {thing} belongs to",
            )

    # "Arctic foxes are surprisingly hefty — around 15 lb" beside *Arctic Fox*'s "An adult
    # weighs about 3.5 kg": the whole title, and words of one measure on both sides
    # (what the subjects below would otherwise set apart as two things)
    titled_subject = _titled_subject(a_note, y) | _titled_subject(b_note, x)
    weighed = _measured_by_kind(x, y, titled_subject) if titled_subject else None
    apart = weighed or _NONE

    # Different entities: the subjects differ on both sides, or an antonym sits inside a
    # subject (Weighted graph / Unweighted graph), or each claim names its own note.
    if different_subjects(x, y, cx, cy, anto_x, anto_y) and not _denies_act_on(
        x, y, a_note, b_note, links_each
    ):
        return apart
    # "Rowan Tesk was born in 1820" / "Rowan Tesk's brother was born in 1825": someone else
    if _owned_by_subject(x, y) or _owned_by_subject(y, x):
        return apart
    # Two notes with opposite titles ("Weighted Graph" / "Unweighted Graph") define two
    # things; each claim speaks of its own unless it writes the other's title.
    if opposite_notes(x, y, a_note=a_note, b_note=b_note):
        return apart
    # Each claim about its own note (atomic notes, templated notes: "the oil", "the target",
    # "you" under "Oil of Sharpness" and "Oil of Slipperiness"): different entities.
    if each_about_own_note(
        x, y, cx, cy, a_note=a_note, b_note=b_note, a_heading=a_heading, b_heading=b_heading
    ):
        return apart

    # A claim opening with a pronoun speaks of its note's thing ("It does not need..." in
    # *Binary Search*): where the other claim names that thing, its name is said by both.
    cx, cy = _with_own_thing(x, cx, y, cy, a_note), _with_own_thing(y, cy, x, cx, b_note)
    same_subject_words = shared_stems(x.subject, y.subject)
    if same_subject_words - GENERIC_SUBJECTS and not x.condition and not y.condition:
        # one subject ("a traveller needs 2 quarts of water" / "a traveller needs about 5 litres"),
        # a measure with a unit, at least two words saying what is measured, and neither
        # claim under a condition (values "when the gateway is busy" describe situations)
        measured = _measured(x, y, frozenset(same_subject_words), units_only=True)
    else:
        measured = None
    measured = measured or _split_shares(x, y, cx, cy)
    shared = shared_stems(cx, cy) | shared_stems(cy, cx)
    # what only one claim says, outside its leading phrase and its trailing clauses (", which
    # is why practitioners carry spares": a reason beside the claim)
    left_x = cx - shared_stems(cx, cy) - anto_x - shared_stems(cx, y.negated_roots) - x.lead
    left_y = cy - shared_stems(cy, cx) - anto_y - shared_stems(cy, x.negated_roots) - y.lead
    left_x, left_y = left_x - x.aside, left_y - y.aside
    if _costs(x) and _costs(y):
        # "takes O(1) time" / "costs O(log n)": how each states a cost is not what it says
        left_x, left_y = left_x - _COST_WORDS, left_y - _COST_WORDS
    # "The speed of sound in air is 343 m/s" / "Sound travels through air at 3,430 m/s": one
    # measure of values in one unit, named by a word on each side
    named_x, named_y = _one_measure_named(x, y)
    left_x, left_y = left_x - named_x, left_y - named_y
    # "Quicksort is not a stable sort" / "Quicksort is stable": the noun a shared word
    # describes, ending its clause, names the kind the subject is, not a further statement
    kinds_x = _kind_nouns(x, cy | anto_x | y.negated_roots)
    kinds_y = _kind_nouns(y, cx | anto_y | x.negated_roots)
    left_x, left_y = left_x - kinds_x, left_y - kinds_y
    # "no atmosphere" / "a thick atmosphere": what describes the thing the other claim says
    # is not there; "not fish but mammals", "vegetables, not fruits": what is said instead
    left_x = left_x - _beside_denied(x, y) - _said_instead(x)
    left_y = left_y - _beside_denied(y, x) - _said_instead(y)
    # "is on 12 March" / "takes place on 14 March": when something happens, said two ways;
    # "usually dated from ... the 1720s" / "belongs to the early 1800s, just after the
    # Napoleonic Wars": dated, placed by a hedge or by an event, still only when
    if x.dates and y.dates:
        left_x, left_y = left_x - _OCCURRING - _when_words(x), left_y - _OCCURRING - _when_words(y)
    # "consists of 8 bits" / "has 16 bits": one relation, said with two verbs of having
    if _has_having(x) and _has_having(y):
        left_x, left_y = left_x - _HAVING, left_y - _HAVING
    # a clause of its own that the other claim never touches ("...; we found their tracks on
    # every hike") is a second statement beside the one compared
    left_x, left_y = left_x - _apart(x, cy, anto_x), left_y - _apart(y, cx, anto_y)
    # one more item of a list that holds a shared word ("no brain and no heart" / "a small
    # brain") says the same of something else, beside the statement compared
    # how soon or how long ("spoils within a year" / "never spoils") says when the same thing
    # happens, not another thing
    left_x, left_y = left_x - _duration_words(x), left_y - _duration_words(y)
    # (only where the other claim says nothing more: "cast from brass and stoppered with
    # lead" / "cast from bronze and ..." differ in the listed word)
    shared_here = frozenset(shared_stems(cx, cy) | shared_stems(cy, cx))
    if not left_y:
        left_x = left_x - _listed_beside(x, shared_here)
    if not left_x:
        left_y = left_y - _listed_beside(y, shared_here)
    n_shared = len(shared_stems(cx, cy))
    changed = "" if _one_sided_negation(x, y) else changed_decision(a, b, x, y)
    if changed:
        score = 0.8 * max(n_shared / (n_shared + 1), 0.75)
        return Verdict(round(score, 4), "superseded", changed)
    minimal = not left_x and not left_y
    if n_shared < 2 and not (n_shared == 1 and minimal):
        # "A caldera is a large basin-shaped depression ..." in *Caldera* / "A [[Caldera]] is
        # a small, steep cone ...": one thing defined twice by opposite words
        defined = _defined_by_opposites(x, y, antonyms, a_note, b_note, links_each)
        return defined or measured or apart
    # one flip said of one named thing ("The protocol is stateless" in *Vexa Protocol* / "The
    # Vexa protocol is stateful: ...") needs no third shared word
    of_named = _flip_of_named(
        x,
        y,
        antonyms,
        a_note=a_note,
        b_note=b_note,
        a_links_b=links_each[0],
        b_links_a=links_each[1],
    )
    # two opposites said of what both claims name ("Lynx are common in the Alps" / "In the
    # Alps the lynx is rare") are the third word the two claims share
    # ... unless a subject names what the other claim does not ("The Morrow engine")
    opposed_slot = (
        any(wx.stem not in x.subject and wy.stem not in y.subject for wx, wy in antonyms)
        and not (x.subject & x.upper) - shared_stems(x.subject & x.upper, cy)
        and not (y.subject & y.upper) - shared_stems(y.subject & y.upper, cx)
    )
    # "Gold does not rust." / "Gold rusts quickly in moist air.": a bare denial of the verb
    # the other claim only qualifies (how, where), with no object of its own
    bare = _denies_bare_verb(x, y, left_x, left_y) or _denies_bare_verb(y, x, left_y, left_x)
    if n_shared == 2 and not minimal and not of_named and not opposed_slot and not bare:
        return measured or apart
    if bare:
        left_x, left_y = frozenset(), frozenset()
    closeness = n_shared / (n_shared + max(len(left_x), len(left_y)))
    about = about_phrase(shared, same_subject_words, x, y)

    # Values and dates. A negated limit is the other limit: "cannot survive more than ten
    # days" holds "at most ten days", which "survives ten days" agrees with.
    qx, qy = _negated_limits(x), _negated_limits(y)
    q_conflicts, q_agree = quantity_relation(qx, qy)
    q_conflicts = [
        c for c in q_conflicts if _one_cost(x, y, c[0], cx, cy) and not _set_apart(x, y, *c)
    ]
    if _narrower_subject(x, y) or _narrower_subject(y, x):
        # "the sword's luminous blade" / "the blade": values of a narrower thing
        q_conflicts, measured = [], None
    if (qx, qy) != (x.quantities, y.quantities) and q_agree and not q_conflicts:
        return _NONE
    d_conflicts, d_agree = date_relation(x.dates, y.dates)
    if d_agree:
        d_conflicts = []

    if any(_ends_of_a_valued_span(x, y, wx, wy) for wx, wy in antonyms):
        return _NONE
    order_pairs = [(wx, wy) for wx, wy in antonyms if {wx.stem, wy.stem} <= _ORDER_STEMS]
    if order_pairs:
        # "before the sync begins" / "after the sync has finished": the order is what differs;
        # the events it is measured against are not further flips
        antonyms = order_pairs
        if all(_events_swapped(x, y, wx, wy) for wx, wy in order_pairs):
            # "rebuilt after the fire" / "burned down before it was rebuilt": one order, told
            # from its other end
            antonyms = []
    # a negator counts where it negates what the other claim says: "no tracks, no sign" /
    # "no tracks, no droppings, no sign" differ by an added "no droppings", not by a flip
    n_neg_x = _counted_negators(x, y, cy, anto_x, any_negator=of_named)
    n_neg_y = _counted_negators(y, x, cx, anto_y, any_negator=of_named)
    flip = (n_neg_x + n_neg_y + len(antonyms)) % 2 == 1
    if flip and any(x.conditional + y.conditional):
        # a flip that rests on a negator inside an if/when clause ("when you're not editing a
        # note, tap ..." / "when editing a note, ..."): two situations, not two answers
        n_main = _counted_negators(x, y, cy, anto_x, conditions=False) + _counted_negators(
            y, x, cx, anto_y, conditions=False
        )
        flip = (n_main + len(antonyms)) % 2 == 1
    candidates: list[Verdict] = []

    if q_conflicts:
        qa, qb = q_conflicts[0]
        anchor = qa.anchor | qb.anchor
        # the words around the two numbers must meet: "runs for 14 months" / "runs for 9
        # months", not "built 15 years earlier" / "minister for 20 years"
        anchored = not anchor or bool(shared_stems(qa.anchor, qb.anchor))
        strength = 0.9 if anchored else 0.5
        limit_denied = not {qa, qb} <= {*x.quantities, *y.quantities}
        if (qa.bound != "=" or qb.bound != "=") and qa.bound != qb.bound and not limit_denied:
            strength *= 0.8  # a limit and a value: weaker, unless a negation set the limit
        if left_x and left_y:
            strength *= 0.75  # each claim says something the other does not: other predicates
        if not _same_situation(x, y):
            strength *= 0.5  # "if the valve sticks, it drains in 10 minutes": another situation
        ranking = ranking_written(x.text, qa) if qa.unit.startswith("rank:") else ""
        candidates.append(
            Verdict(
                strength * closeness,
                "conflicting_values",
                f"different values: {_value_text(qa)} vs {_value_text(qb)}"
                + (f", both about one ranking ({quoted(ranking)})" if ranking else about),
            )
        )
    if d_conflicts:
        da, db = d_conflicts[0]
        candidates.append(
            Verdict(
                0.9 * closeness,
                "conflicting_values",
                f"different dates: {quoted(da.text)} vs {quoted(db.text)}{about}",
            )
        )
    if flip and not q_conflicts and not d_conflicts:
        scalar = [
            (wx, wy) for wx, wy in antonyms if not (wx.stem in x.subject or wy.stem in y.subject)
        ]
        if scalar and (n_neg_x + n_neg_y) % 2 == 0:
            wx, wy = scalar[0]
            order = {wx.stem, wy.stem} <= {stem(w) for w in _ORDER_WORDS}
            what = "order of events" if order else "opposites"
            candidates.append(
                Verdict(
                    0.85 * closeness,
                    "opposing_sentiment",
                    f"{what}: {quoted(wx.surface)} vs {quoted(wy.surface)}{about}",
                )
            )
        else:
            neg_x = ", ".join(quoted(n) for n in x.negators)
            neg_y = ", ".join(quoted(n) for n in y.negators)
            said = neg_x or neg_y
            detail = (
                f"one claim says {said}, the other does not"
                if not (neg_x and neg_y)
                else f"negated differently ({neg_x} vs {neg_y})"
            )
            if antonyms:
                wx, wy = antonyms[0]
                pair = f"{quoted(wx.surface)} vs {quoted(wy.surface)}"
                # no negator at all: the flip is an opposite inside a subject or a lead
                detail = f"{detail}; {pair}" if said else f"opposites: {pair}"
            # what the other claim only compares with ("more bridges than it rebuilt") is not
            # what it says
            # nor is a field's name ("Ranged Weapon Attack: +5 to hit" says no attack happens)
            said_y, said_x = cy - y.compared - y.field_name, cx - x.compared - x.field_name
            base = (
                0.85
                if _negates_shared(x, said_y, anto_x) or _negates_shared(y, said_x, anto_y)
                else 0.45
            )
            if not antonyms and (_denies_another(x, y) or _denies_another(y, x)):
                base = 0.0  # "not cooled by sodium" / "cooled by water": another filler
            if all(n == "without" for n in (*x.negators, *y.negators)):
                base *= 0.8
            candidates.append(Verdict(base * closeness, "negation", f"{detail}{about}"))
    if not flip and (antonyms or n_neg_x or n_neg_y) and not q_conflicts and not d_conflicts:
        # "on by default, so plugins do not run" / "off by default, so plugins can run": two
        # flips, one in each clause, not a negation of a negation
        where = {
            "a_note": a_note,
            "b_note": b_note,
            "a_heading": a_heading,
            "b_heading": b_heading,
            "a_links": a_links,
            "b_links": b_links,
        }
        split = _clause_by_clause(a, b, where, closeness)
        if split is not None:
            candidates.append(split)
    if not flip and not q_conflicts and not d_conflicts and not antonyms:
        attr = swapped_attribute(x, y, left_x, left_y)
        if attr:
            candidates.append(
                Verdict(attr[0] * min(1.0, n_shared / 3), "semantic_conflict", f"{attr[1]}{about}")
            )
    if measured is not None:
        candidates.append(measured)
    if of_named:
        # "Orla is a half-giant ..." in her own note against "Orla ... is often mistaken for a
        # half-giant, but ...": the named thing is what both main clauses speak of and the flip is
        # said of it; what else either sentence says does not water the conflict down
        candidates = [
            Verdict(max(v.score, 0.85 * NAMED_CLOSENESS), v.kind, v.explanation)
            if v.kind in ("negation", "opposing_sentiment") and v.score > 0
            else v
            for v in candidates
        ]
    if weighed is not None:
        candidates.append(weighed)
    if not candidates:
        return _NONE
    best = max(candidates, key=lambda v: v.score)
    if x.other != y.other:
        # "four other rock formations", "other journalists": one claim is about something else
        best = Verdict(best.score * 0.6, best.kind, best.explanation)
    flipped = {w.stem for pair in antonyms for w in pair}
    if best.kind in ("negation", "opposing_sentiment") and (
        _some_against_one(x, y, flipped) or _some_against_one(y, x, flipped)
    ):
        # "Some operating systems do not allow ..." / "... anywhere your operating system
        # allows": what holds of some of a kind says nothing of the one the other speaks of
        best = Verdict(best.score * 0.5, best.kind, best.explanation)
    if (
        best.kind in ("negation", "opposing_sentiment")
        and not _same_situation(x, y)
        and not (of_named and best.kind == "negation" and _denied_always(x, y))
        and not (
            len(antonyms) == 1
            and _same_situation(
                _flip_conditions(x, antonyms[0][0]), _flip_conditions(y, antonyms[0][1])
            )
        )
    ):
        # "if the gate is locked, nobody can enter" / "anyone can enter when the keeper is
        # there", "while you wear this ring, ..." / the rule: each holds in its own situation
        best = Verdict(best.score * 0.5, best.kind, best.explanation)
    if x.deontic != y.deontic and best.kind == "negation":
        # "must not fall below" is a rule, "fell below" a fact: no contradiction in words
        best = Verdict(best.score * 0.5, best.kind, best.explanation)
    if best.kind == "negation" and _complementary_limits(x, y):
        # "may not roll if the skill is less than 3" / "may roll only when it is at least 3":
        # the negation is the other side of the limit, said the other way round
        return _NONE
    if (q_agree or d_agree) and best.kind != "conflicting_values":
        best = Verdict(best.score * 0.9, best.kind, best.explanation)
    if _places_apart(x, y, a_note=a_note, b_note=b_note, a_heading=a_heading, b_heading=b_heading):
        # "each creature makes a DC 18 save" under one monster, "an infected creature must make
        # a DC 11 save" under one disease: a rule of two things, in the same words
        best = Verdict(best.score * 0.5, best.kind, best.explanation)
    score = round(min(1.0, best.score), 4)
    if score <= 0.0:
        return _NONE  # a flip whose base was cancelled ("not cooled by sodium"): nothing shown
    return Verdict(score, best.kind, best.explanation)


#: Words that open a subject as a part of its kind ("Some operating systems", "Many birds");
#: not "most", which as often makes a superlative ("Most significant byte").
_PARTIAL = frozenset("some certain several many few".split())
#: Words that say a claim holds of a whole kind, or of none of it.
_WHOLE = frozenset("all every each always never no none any nobody nothing".split())


def _some_against_one(c: ParsedClaim, o: ParsedClaim, flipped: AbstractSet[str]) -> bool:
    """Claim `c` opens with a part of a kind as its subject ("Some operating systems do not
    allow ...", "A few vaults ...") and claim `o` says nothing of the whole kind (no "all",
    "every", "never", "no ..."): the two may be about different members. Not where the part
    is itself what flips ("Few birds ..." / "Many birds ...", `flipped`: the opposites'
    stems)."""
    words = [t.norm for t in c.tokens if t.kind == "word"]
    if not words or stem(words[0]) in flipped:
        return False
    opens = words[0] in _PARTIAL or words[:2] == ["a", "few"]
    return opens and not any(t.norm in _WHOLE for t in o.tokens if t.kind == "word")


#: Words a title files its note under rather than name its thing with.
_FILING_WORDS = frozenset(
    stem(w) for w in "notes note overview summary index readme inbox draft drafts".split()
)


def _with_own_thing(
    c: ParsedClaim,
    content: frozenset[str],
    o: ParsedClaim,
    other: frozenset[str],
    note: str | None,
) -> frozenset[str]:
    """`content` with the title words of claim `c`'s note where `c` opens with a pronoun, has
    no subject at all ("Faked her kidnapping ..." in a list of a person's notes) or calls its
    note's thing by its kind ("The protocol ..." in *Vexa Protocol*), and
    the other claim (`o`, its content `other`) writes every one of them. A title names a
    thing when it has two content words or a coined one: "Spells B" (a compilation) or
    "Lantern" may name a kind the other claim speaks of in general ("A hooded lantern ..."),
    unless that claim's subject is the title's word alone ("It supports push ..." in *Stack*
    / "A stack supports push ...")."""
    if not note:
        return content
    title = _title_stems(note) - _FILING_WORDS  # "Treaty of Westphalia notes": the treaty
    subject = c.subject_head or c.subject
    # "The protocol is stateless" in *Vexa Protocol*: the note's thing, called by its kind
    own_kind = c.definite and bool(subject) and subject <= shared_stems(subject, title)
    # "Prices rise steadily" in *Inflation* / "During inflation, prices fall": the other
    # claim sets itself in this note's thing
    # (a title of one thing: not a compilation such as "Spells F")
    framed = bool(title) and shared_stems(title, o.lead) == title and _one_thing_title(note)
    if not (c.pronoun_subject or not c.subject or own_kind or framed):
        return content
    if (
        len(title) < 2
        and not framed
        and not _coined_title_words(note)
        and not _is_title(o.subject, title)
    ):
        return content
    if shared_stems(title, other) != title:
        return content
    return content | title


def _one_thing_title(note: str) -> bool:
    """The note's title names one thing: no word of one letter ("Spells F") and no plural
    last word ("Spells")."""
    words = re.findall(r"[^\W\d_]+", note_title_of(note))
    if not words or any(len(w) == 1 for w in words):
        return False
    last = words[-1].casefold()
    return not (last.endswith("s") and not last.endswith(("ss", "is", "us")))


def _is_title(subject: frozenset[str], title: frozenset[str]) -> bool:
    """A claim's `subject` is the note title's words (stems `title`) and nothing else."""
    return (
        bool(subject)
        and shared_stems(subject, title) == subject
        and (shared_stems(title, subject) == title)
    )


def _places_apart(
    x: ParsedClaim,
    y: ParsedClaim,
    *,
    a_note: str | None,
    b_note: str | None,
    a_heading: str | None,
    b_heading: str | None,
) -> bool:
    """Claim `x` (of `a_note`, under `a_heading`) and claim `y` (of `b_note`, under
    `b_heading`) speak of two things: one claim's subject is generic ("each creature", "you",
    "it", "the average lifespan"), so it speaks of what its place is about; the two places
    are about different things; neither claim holds what the other's subject names
    ("Nothing is uploaded by Obsidian Sync" / "Obsidian Sync continues uploading"); and
    neither speaks of the other's place (nor, where only a definite description ties the
    subjects, of the other's note)."""
    if not a_note or not b_note or a_note == b_note:
        return False
    if not (_generic_subject(x, a_note) or _generic_subject(y, b_note)):
        return False
    tied = shared_stems(x.subject - GENERIC_SUBJECTS, y.content) or shared_stems(
        y.subject - GENERIC_SUBJECTS, x.content
    )
    if tied and (
        shared_stems(_naming_subject(x, a_note), y.content)
        or shared_stems(_naming_subject(y, b_note), x.content)
    ):
        return False
    a_heading, b_heading = _distinct_sections(a_heading, b_heading)
    topic_x, topic_y = _topic(a_note, a_heading), _topic(b_note, b_heading)
    if not topic_x or not topic_y or _one_topic(topic_x, topic_y):
        return False
    if _speaks_of(y, topic_x) or _speaks_of(x, topic_y):
        return False
    # subjects tied only by one definite description ("the average lifespan"): two things
    # unless one claim names the other's note
    return not (
        tied and (_speaks_of(y, _title_stems(a_note)) or _speaks_of(x, _title_stems(b_note)))
    )


def _generic_subject(c: ParsedClaim, note: str | None) -> bool:
    """The claim's subject names nothing of its own: a pronoun, a generic noun, none, a
    definite description in words of the language (`_own_description`), or any subject in
    such words under a paper's long title ("Median follow-up was 2.5 years" in a note on one
    trial speaks of that trial's follow-up)."""
    rest = (c.subject_head or c.subject) - GENERIC_SUBJECTS
    return c.pronoun_subject or not rest or _own_description(c, note)


#: A title of this many content words names a study or an article, not a thing: what its
#: claims measure without naming anything is the study's own ("The effect of exercise
#: training on health status in heart failure").
STUDY_TITLE_WORDS = 6


def _own_description(c: ParsedClaim, note: str | None = None) -> bool:
    """The subject is a definite description in words of the language: "The average
    lifespan is 12 years" in a note about one animal speaks of that animal's lifespan, as
    "each node" does after "In this structure," or "In a linked list," in *Linked List*.
    Under a study's long title (`STUDY_TITLE_WORDS`) any subject in such words is the
    study's own."""
    rest = (c.subject_head or c.subject) - GENERIC_SUBJECTS
    title = _title_stems(note)
    study = len(title) >= STUDY_TITLE_WORDS
    # "In a linked list, nodes ..." in *Linked List*: a lead that names the note frames it
    framed = bool(title) and title <= shared_stems(title, c.lead)
    return (c.definite or c.anchored or study or framed) and bool(rest) and _unnamed(c, rest)


def _one_topic(x: frozenset[str], y: frozenset[str]) -> bool:
    """Two topics (content stems of titles or headings) name one place: they share at least
    half the words of the shorter ("Grey Heron" / "Grey Heron counts"), not one word of two
    long titles ("... in adults: a meta-analysis" / "... in children: a meta-analysis")."""
    shared = len(shared_stems(x, y))
    return shared > 0 and 2 * shared >= min(len(x), len(y))


def _naming_subject(c: ParsedClaim, note: str | None) -> frozenset[str]:
    """The words of the claim's subject that may name a thing the other claim holds: none
    in a definite description in words of the language (`_own_description`)."""
    return frozenset() if _own_description(c, note) else c.subject - GENERIC_SUBJECTS


def _unnamed(c: ParsedClaim, stems: frozenset[str]) -> bool:
    """Claim `c` writes the words `stems` without a capital and all are words of the
    language: no name ("the HC-SM30 probe", "the soil-node-s3")."""
    known = known_words()
    if not known or stems & c.upper:
        return False
    written = [part for w in c.words if w.stem in stems for part in w.surface.lower().split("-")]
    return bool(written) and all(w in known for w in written)


def _complementary_limits(x: ParsedClaim, y: ParsedClaim) -> bool:
    """One claim negated, the other not, and a limit of one splits the numbers at the same
    value as a limit of the other, the other way ("less than 3" / "at least 3")."""
    if bool(x.negators) == bool(y.negators):
        return False
    return complementary_limits(x.text, y.text)


@claim_cache(1 << 16)
def about_different_things(
    a: str,
    b: str,
    *,
    a_note: str | None = None,
    b_note: str | None = None,
    a_heading: str | None = None,
    b_heading: str | None = None,
) -> bool:
    """The vetoes that hold without a parser's subject: one claim is an instruction, an
    antonym sits inside the subjects ("Weighted graph" / "Unweighted graph"), or each claim
    speaks of its own note, as sibling and templated notes do (a fragment -- "Tall woman,
    early 30s" -- speaks of its note). Symmetric. Subjects that merely differ in words are
    left to the judge: "Home to rare herbs including the Marsh Lily" and "The Marsh Lily
    cures fevers" are about one thing."""
    if b < a:
        a, b, a_note, b_note, a_heading, b_heading = b, a, b_note, a_note, b_heading, a_heading
    x, y = parse_claim(a), parse_claim(b)
    if x.imperative or y.imperative:
        return True
    cx, cy = x.content, y.content
    if not cx or not cy:
        return True
    if opposite_subjects(x, y) or opposite_notes(x, y, a_note=a_note, b_note=b_note):
        return True
    return each_about_own_note(
        x, y, cx, cy, a_note=a_note, b_note=b_note, a_heading=a_heading, b_heading=b_heading
    )


#: "X is the Y": a singular subject given a role by a definite description.
_ROLE = re.compile(r"^(?P<holder>.+?)\s+(?:is|was)\s+the\s+(?P<role>.+?)[\s.!;:]*$", re.IGNORECASE)
# "The capital of Vell is Arden": the role first, its holder a name
_ROLE_FIRST = re.compile(
    r"^the\s+(?P<role>.+?)\s+(?:is|was)\s+(?P<holder>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,3})"
    r"[\s.!;:]*$"
)


def _role_said(text: str) -> re.Match[str] | None:
    """ "X is the R" or "The R is X" (X a name): who holds role R."""
    m = _ROLE.match(text)
    if m is not None:
        return m
    return _ROLE_FIRST.match(text[:1].lower() + text[1:]) if text[:4].lower() == "the " else None


#: Descriptions that hold of many things at once ("the same", "the case", "the other way").
_SHARED_ROLES = frozenset(stem(w) for w in "same case other way one reason result".split())


def one_holder(a: str, b: str, x: ParsedClaim, y: ParsedClaim) -> Verdict | None:
    """Two subjects each said to be "the" same thing, word for word, where the description
    names one thing (at least two content words, no negation, no condition): "the default
    theme", "the vault location that Obsidian recommends on Android"."""
    if x.negators or y.negators or x.condition or y.condition or x.other or y.other:
        return None
    ma, mb = _role_said(plain(a)), _role_said(plain(b))
    if ma is None or mb is None:
        return None
    role_a, role_b = (
        " ".join(ma["role"].casefold().split()),
        " ".join(mb["role"].casefold().split()),
    )
    if role_a != role_b:
        return None
    described = _content_words(role_a)
    if len(described) < 2 or described & _SHARED_ROLES:
        return None
    holder_a, holder_b = ma["holder"].strip(), mb["holder"].strip()
    words_a, words_b = _content_words(holder_a), _content_words(holder_b)
    if not words_a or not words_b or words_a == words_b or words_a & described:
        return None
    return Verdict(
        0.7,
        "semantic_conflict",
        f"two holders of one role: {quoted(holder_a)} vs {quoted(holder_b)}, both "
        f"{quoted('the ' + ma['role'].strip())}",
    )


def _content_words(text: str) -> frozenset[str]:
    """The content stems of a span of a claim."""
    return frozenset(w for w in (stem(t) for t in _words(text.casefold())) if is_content_stem(w))


def _opposed(
    x: ParsedClaim,
    y: ParsedClaim,
    named: frozenset[str],
    antonyms: list[tuple[ClaimWord, ClaimWord]],
) -> Verdict | None:
    """One opposite said of one named thing in the same words otherwise: "the main trade hub
    of the north" against "[[Brannoc Ford]], the main trade hub of the south". Neither
    claim negated, conditional differently, or holding another opposite."""
    if len(antonyms) != 1 or x.negators or y.negators or not _same_situation(x, y):
        return None
    wx, wy = antonyms[0]
    if {wx.stem, wy.stem} & (x.subject | y.subject):
        return None
    if any(same_measure(qa, qb) for qa in x.quantities for qb in y.quantities):
        return None  # "deleted after one week" / "kept for 7 days": one span, from both ends
    if _ends_of_a_valued_span(x, y, wx, wy):
        return None
    around = shared_stems(x.content, y.content) - named
    if len(around) < 2:
        return None
    # the shorter claim says little else: the opposite is the one thing that differs
    rest = [c.content - named - {w.stem} for c, w in ((x, wx), (y, wy))]
    shorter = min(rest, key=len)
    if len(shared_stems(shorter, around)) < 0.75 * len(shorter) and not _same_frame(x, wx, y, wy):
        return None
    about = _both_about(x, y, around, named)
    return Verdict(
        0.65,
        "opposing_sentiment",
        f"opposites: {quoted(wx.surface)} vs {quoted(wy.surface)}, both about {about}",
    )


#: The closeness a flip said of one named thing is read at, however long the two sentences.
NAMED_CLOSENESS = 0.65

_RELATIVE_WORDS = frozenset({"which", "who", "whom", "whose", "that", "where", "when", "if"})


#: "too quickly for any crystals to form", "too small to see": a denial without a negator.
_TOO_TO = re.compile(r"\btoo\s+\w+(?:\s+\w+){0,5}?\s+to\s+\w", re.IGNORECASE)


def _flip_of_named(
    x: ParsedClaim,
    y: ParsedClaim,
    antonyms: list[tuple[ClaimWord, ClaimWord]],
    *,
    a_note: str | None,
    b_note: str | None,
    a_links_b: bool = False,
    b_links_a: bool = False,
) -> bool:
    """The one flip between the two claims is said of the thing one of them names: that
    claim's subject writes the name (a coined word of the other note's title, or the whole
    title of two words or more) or links the other note there (`a_links_b`: claim `x` names
    `b_note` by a link in its subject, "The [[Liver]] is unable to ..."), the other claim (in
    the named thing's own note) speaks of its note, and the flipped word sits in both main
    clauses (before any relative or if/when clause)."""
    if any(t.kind == "cjk" for c in (x, y) for t in c.tokens):
        return False  # a character is no word: the shared characters do not tie one flip
    thing = _named_thing(x, y, a_note, b_note, a_links_b, b_links_a)
    if not thing or any(_TOO_TO.search(c.text) for c in (x, y)):
        # "cools too quickly for any crystals to form" denies without a negator
        return False
    # a result clause's negator of its own verb ("distrust each other so deeply that neither
    # side will eat it") is no denial of what the other claim says
    standing_x, standing_y = _standing_heads(x, y), _standing_heads(y, x)
    n_neg = len(standing_x) + len(standing_y)
    if antonyms:
        # a denial that spells out an "only" is no flip of its own
        n_neg -= sum(
            _spells_out_only(c, neg, head, o.content, set())
            for c, o in ((x, y), (y, x))
            for neg, head in zip(c.negators, c.negated_heads, strict=True)
        )
    if n_neg >= 1 and not (standing_x and standing_y) and not antonyms:
        c, o, heads = (x, y, standing_x) if standing_x else (y, x, standing_y)
        if len(heads) > 1:
            # "lack functional mouthparts and are unable to feed" beside "feed on nectar":
            # the one negator of what the other claim says
            heads = [h for h in heads if shared_stems(h - c.subject - o.subject, o.content)]
            if len(heads) != 1:
                return False
        head = heads[0]
        # what is negated meets the other claim beyond the subject's words ("Animal cells
        # have no cell wall" negates a wall, not the cells the other claim speaks of)
        # (or beyond the thing's name, where a subject reading ran on past it: "Penguins fly
        # short distances")
        negated = head - c.subject - o.subject or head - c.subject - thing
        if not negated or any(c.conditional) or not shared_stems(negated, o.content):
            return False
        if _denies_another(c, o):
            return False  # "does not belong to the nightshade family" / "... the rose family"
        return _in_main_clause(c, head) and _in_main_clause(o, shared_stems(o.content, head))
    if n_neg == 0 and len(antonyms) == 1:
        wx, wy = antonyms[0]
        if {wx.stem, wy.stem} & (x.subject | y.subject):
            return False
        return _in_main_clause(x, frozenset({wx.stem})) and _in_main_clause(y, frozenset({wy.stem}))
    return False


def _standing_heads(c: ParsedClaim, o: ParsedClaim) -> list[frozenset[str]]:
    """The heads of claim `c`'s negators but those of a result clause ("so deeply that
    neither side will eat it") or of a leading phrase ("Despite lacking legs, ...") that
    negate nothing claim `o` says."""
    return [
        head or frozenset()
        for neg, head, aside in zip(c.negators, c.negated_heads, _negators_aside(c), strict=True)
        if not aside or (head and _negates_other(neg, head, o.content, set()))
    ]


def _negators_aside(c: ParsedClaim) -> list[bool]:
    """Per negator of claim `c`: it stands in a result clause ("so deeply that neither side
    ...") or negates only words of a leading phrase ("Despite lacking legs, ..."), beside
    what the claim says."""
    return [
        resulting or bool(head and head <= c.lead)
        for resulting, head in zip(c.resulting, c.negated_heads, strict=True)
    ]


def _each_way(
    x: ParsedClaim,
    y: ParsedClaim,
    a_note: str | None,
    b_note: str | None,
    a_links_b: bool,
    b_links_a: bool,
) -> tuple[tuple[ParsedClaim, ParsedClaim, str | None, bool], ...]:
    """(the claim in a note, the other claim, that note, whether the other links it), for
    each of the two claims as the one in its own note."""
    return ((x, y, a_note, b_links_a), (y, x, b_note, a_links_b))


def _named_thing(
    x: ParsedClaim,
    y: ParsedClaim,
    a_note: str | None,
    b_note: str | None,
    a_links_b: bool = False,
    b_links_a: bool = False,
) -> frozenset[str]:
    """The title stems of the note whose thing both claims speak of, or nothing: one claim's
    subject names the other's note (a coined word or the whole title, or a link there:
    `a_links_b`) and the other, in that note, speaks of its note's thing."""
    for own, naming, own_note, linking in _each_way(x, y, a_note, b_note, a_links_b, b_links_a):
        title = _title_stems(own_note)
        # "Adult mayflies ..." in *Mayfly* beside "Adult [[Mayfly|mayflies]] ...": the one
        # subject, the title and what narrows it alike on both sides
        alike = (
            linking
            and bool(title)
            and own.subject == naming.subject
            and title <= shared_stems(title, own.subject)
        )
        if alike or (
            ((linking and _subject_is_title(naming, own_note)) or _names_subject(naming, own_note))
            and _speaks_of_own_note(own, own_note)
        ):
            return title
    # the linked thing framing a claim ("For a [[Normal Distribution]], ..."), or what an
    # agent acts on ("Scholars fully deciphered [[Linear A]]")
    return _framed_thing(x, y, a_note, b_note, a_links_b, b_links_a) or _acted_on_thing(
        x, y, a_note, b_note, a_links_b, b_links_a
    )


def _defined_by_opposites(
    x: ParsedClaim,
    y: ParsedClaim,
    antonyms: list[tuple[ClaimWord, ClaimWord]],
    a_note: str | None,
    b_note: str | None,
    links_each: tuple[bool, bool],
) -> Verdict | None:
    """Claims `x` and `y` both say what one linked thing is ("X is a large ...", "It is a
    small ..."), and the one pair of opposites between them opens what each says it is."""
    if len(antonyms) != 1 or x.negators or y.negators:
        return None
    thing = _named_thing(x, y, a_note, b_note, *links_each)
    if not thing:
        return None
    wx, wy = antonyms[0]
    if not (_opens_predicate(x, wx) and _opens_predicate(y, wy)):
        return None
    note = b_note if links_each[0] else a_note
    title = note_title_of(note) if note else "it"
    return Verdict(
        0.7,
        "opposing_sentiment",
        f"opposites: {quoted(wx.surface)} vs {quoted(wy.surface)}, both about what {title} is",
    )


def _opens_predicate(c: ParsedClaim, w: ClaimWord) -> bool:
    """Word `w` opens what claim `c` says its subject is: right after "is a", "are", "was
    the", or after one describing word before it ("is a small, steep cone")."""
    words = c.words
    i = w.index
    k = i - 1
    if k >= 0 and words[k].surface.lower() in _ARTICLES:
        k -= 1
    if k >= 1 and words[k].surface.lower() not in _COPULA_WORDS:
        k -= 1  # one describing word before it
        if k >= 0 and words[k].surface.lower() in _ARTICLES:
            k -= 1
    return (
        k >= 0
        and words[k].surface.lower() in _COPULA_WORDS
        and not any(words[j].surface.lower() in _COPULA_WORDS for j in range(k))
    )


_COPULA_WORDS = frozenset("is are was were".split())


def _acted_on_thing(
    x: ParsedClaim,
    y: ParsedClaim,
    a_note: str | None,
    b_note: str | None,
    a_links_b: bool = False,
    b_links_a: bool = False,
) -> frozenset[str]:
    """The title stems of the note whose thing both claims speak of as what is acted on, or
    nothing: "Scholars fully deciphered [[Linear A]] ..." beside "Linear A has never been
    deciphered" in *Linear A*; "Humans are unable to produce [[Vitamin D]]" beside "The body
    can synthesize vitamin D" there. The one claim links the note (or writes its whole title
    of two words or more) after a subject that is no name; the other, in that note, writes
    the title too, or speaks of its note's thing."""
    for own, naming, own_note, linking in _each_way(x, y, a_note, b_note, a_links_b, b_links_a):
        title = _title_stems(own_note)
        # (or writes its whole title of two words or more: "Linear A", not "spell" for
        # *Spells D*)
        name = note_title_of(own_note) if own_note else ""
        whole = len(name.split()) >= 2 and name.casefold() in naming.text.casefold()
        if not title or not (linking or whole) or not _acted_on(naming, title):
            continue
        if title <= shared_stems(title, own.content) or _speaks_of_own_note(own, own_note):
            return title
    return frozenset()


def _acted_on(c: ParsedClaim, title: frozenset[str]) -> bool:
    """Claim `c` writes `title` (stems) right after its verb, and its subject is no name
    ("Scholars fully deciphered Linear A", "Humans are unable to produce Vitamin D")."""
    if not c.subject or c.subject & c.upper or c.lead or any(c.conditional) or c.imperative:
        return False
    if c.first_person or c.words[0].surface.lower() in ("you", "your", "we", "our"):
        return False  # an instruction or a plan: what the reader does, not what holds
    if not title <= shared_stems(title, c.content - c.subject) or title & c.subject:
        return False
    return _acting_verb(c, title) is not None


#: Words before a thing's name that are no verb acting on it: prepositions, conjunctions,
#: the verbs of being.
_NOT_ACTING = frozenset(
    """in on at of for by with from to into onto about as than and or but like via over
    under through between among within without is are was were be been being has have had
    not no never one two three this that these those my your our see also""".split()
)
#: What may stand between a verb and the thing it acts on ("produces all the Vitamin C").
_BEFORE_OBJECT = frozenset("the a an its their his her all any some every each".split())


def _acting_verb(c: ParsedClaim, title: frozenset[str]) -> str | None:
    """The stem of the verb claim `c` writes right before `title` (stems), past articles
    and possessives ("deciphered Linear A", "get their mitochondrial DNA"), or None."""
    words = [w for w in c.words if not w.lead]
    for i, w in enumerate(words):
        if w.stem not in title:
            continue
        j = i - 1
        while j >= 0 and words[j].surface.lower() in _BEFORE_OBJECT:
            j -= 1
        if j < 0 or words[j].stem in c.subject:
            return None
        before = words[j].surface.lower()
        if before in _NOT_ACTING or before.endswith("ly") or not before.isalpha():
            return None
        return words[j].stem
    return None


def _denies_act_on(
    x: ParsedClaim,
    y: ParsedClaim,
    a_note: str | None,
    b_note: str | None,
    links_each: tuple[bool, bool],
) -> bool:
    """The claims speak of one thing acted on (`_acted_on_thing`), and one denies that act:
    their subjects may then differ ("Scholars" / "Linear A")."""
    acted = _acted_on_thing(x, y, a_note, b_note, *links_each)
    return bool(acted) and _negates_acting(x, y, acted)


def _negates_acting(x: ParsedClaim, y: ParsedClaim, title: frozenset[str]) -> bool:
    """Exactly one of claims `x`, `y` negates, and what it negates is the verb that acts on
    the thing titled `title` ("has never been deciphered" / "Scholars fully deciphered")."""
    if bool(x.negators) == bool(y.negators):
        return False
    c = x if x.negators else y
    verbs = {v for v in (_acting_verb(x, title), _acting_verb(y, title)) if v}
    heads = frozenset().union(*(h or frozenset() for h in c.negated_heads))
    # "do not get their mitochondrial DNA": the negation reaches the thing past a light verb
    return bool(verbs) and bool(shared_stems(heads, frozenset(verbs) | title))


def _framed_thing(
    x: ParsedClaim,
    y: ParsedClaim,
    a_note: str | None,
    b_note: str | None,
    a_links_b: bool = False,
    b_links_a: bool = False,
) -> frozenset[str]:
    """The title stems of the note whose thing frames both claims, or nothing: "For a
    [[Normal Distribution]], roughly 95% ..." beside "In it, about 68% ..." in *Normal
    Distribution*: the linked thing opens the one claim, the note's thing the other."""
    for own, naming, own_note, linking in _each_way(x, y, a_note, b_note, a_links_b, b_links_a):
        title = _title_stems(own_note)
        if (
            linking
            and title
            and title <= shared_stems(title, naming.lead)
            and (_PRONOUN_FRAME.match(own.text) or _speaks_of_own_note(own, own_note))
        ):
            return title
    return frozenset()


#: A claim framed by its note's thing: "In it, ...", "For them, ...".
_PRONOUN_FRAME = re.compile(r"^(?:In|For|With|Within|Among)\s+(?:it|them|this|these)\s*,", re.I)


#: A negator up to two words before a phrase, which it denies ("does not belong to").
_DENIED_BEFORE = r"\b(?P<neg>(?:not|never|n['’]t)\s+(?:\w+\s+){0,2})?"
#: "belongs to the nightshade family", "a member of the dog family", "in the genus Felis".
_TAXON = re.compile(
    _DENIED_BEFORE + r"(?:belongs?\s+to|belonging\s+to|belonged\s+to|members?\s+of)\s+the\s+"
    r"(?:(?P<name>(?:[\w'’-]+\s+){1,3}?)(?P<rank>family|genus|order|subfamily|suborder)\b"
    r"|(?P<rank2>family|genus|order|subfamily|suborder)\s+(?P<name2>[A-Z][a-z]+)\b)"
)


def _taxa(text: str) -> dict[str, tuple[frozenset[str], str]]:
    """The taxa a claim puts its thing in, by rank, as stems and as written: {"family":
    ({"nightshad"}, "nightshade family")}; a rank said twice or denied is left out."""
    found: dict[str, list[tuple[frozenset[str], str]]] = {}
    for m in _TAXON.finditer(text):
        if m["neg"]:
            continue
        rank, name = (m["rank"], m["name"]) if m["rank"] else (m["rank2"], m["name2"])
        words = _content_words(name)
        if words:
            written = m.group(0)[m.group(0).index("the ") + 4 :]
            found.setdefault(rank.lower(), []).append((words, written))
    return {rank: names[0] for rank, names in found.items() if len(names) == 1}


#: "written in Old English", "composed in Latin": the one language a work is in.
_LANGUAGE_NAMES = (
    "English French Latin Greek German Italian Spanish Portuguese Arabic Hebrew Sanskrit "
    "Chinese Japanese Russian Persian Aramaic Norse Irish Welsh Dutch Turkish Hindi Korean "
    "Swedish Danish Norwegian Polish Czech Hungarian Finnish Icelandic Gaelic Tamil Urdu "
    "Bengali Yiddish Occitan Catalan Egyptian Akkadian Sumerian Syriac Coptic Gothic Pali"
).split()
_WRITTEN_IN = re.compile(
    _DENIED_BEFORE + r"(?:written|composed|sung|recorded|published|printed)\s+"
    r"(?:(?:mainly|mostly|originally|entirely|wholly|first)\s+)?in\s+"
    r"(?P<lang>(?:(?:Old|Middle|Modern|Classical|Ancient|Late|Early|Vulgar|Biblical|Koine"
    rf"|Medieval)\s+)?(?:{'|'.join(_LANGUAGE_NAMES)}))\b(?!\s*(?:,|and\b|or\b))"
)


def _language_of(text: str) -> str | None:
    """The one language a claim says its work is written in, or None."""
    found = {m["lang"] for m in _WRITTEN_IN.finditer(text) if not m["neg"]}
    return found.pop() if len(found) == 1 else None


def _taxa_apart(x: ParsedClaim, y: ParsedClaim) -> tuple[str, str, str] | None:
    """Two taxa of one rank that share no word ("the nightshade family" / "the rose
    family"): (rank, the one as written, the other), or None."""
    tx, ty = _taxa(x.text), _taxa(y.text)
    for rank in sorted(tx.keys() & ty.keys()):
        (sx, wx), (sy, wy) = tx[rank], ty[rank]
        if not shared_stems(sx, sy) and not shared_stems(sy, sx):
            return rank, wx, wy
    return None


_ARTICLES = frozenset("the a an".split())

#: "A species whose impact ...", "Procedure in which ...", "A sustained rise in ...": a noun
#: phrase that a relative clause or a preposition goes on to define, opening a line.
_DEFINING_PHRASE = re.compile(
    r"^(?:(?:An?\s+)?[\w-]+(?:\s+[\w-]+){0,3}?\s+(?:whose|that|which|in\s+which|by\s+which|where)"
    r"|An?\s+[\w-]+(?:\s+[\w-]+){0,2}?\s+(?:in|of|for|between|from|with|used))\b"
)


def _as_definition(text: str, note: str | None, other: str, other_links: tuple[str, ...]) -> str:
    """Claim `text` of `note` as a definition of the note's thing ("Inflation is a sustained
    rise in ...") where it is a bare definition that does not write the thing's name (a noun
    phrase that a relative clause or a preposition defines) and the other claim's subject is
    that thing, linked; else `text` unchanged."""
    if not note or not other_links or not _linked_title(other_links, note):
        return text
    title = note_title_of(note)
    title_words = _title_stems(note)
    if not title_words or title_words <= _content_words(text):
        return text
    first = text.split(maxsplit=1)[0].casefold() if text.strip() else ""
    if first in _NOTE_PRONOUNS or not text[:1].isupper():
        return text
    if not _DEFINING_PHRASE.match(text) or ";" in text or parse_claim(text).imperative:
        return text
    if not _subject_is_title(parse_claim(other), note):
        return text
    lowered = text[0].lower() + text[1:] if first in _ARTICLES else text
    return f"{title} is {lowered}"


def _with_note_subject(
    text: str, note: str | None, heading: str | None, other: str, other_links: tuple[str, ...]
) -> str:
    """Claim `text` of `note` with its left-out subject written (`text.with_left_out_subject`):
    the note's thing, where the line gives a value, a date or a maker ("by"), sits under no
    heading but the note's title (a line under "Random note" in *Core plugins* is about that
    plugin), and the other claim names that note by a link or as its subject ("Erupts roughly
    every 90 minutes" in *Old Faithful*, beside "[[Old Faithful]] goes off every six hours");
    else `text` unchanged."""
    if not note or not _under_title(heading, note):
        return text
    c = parse_claim(text)
    if not (c.quantities or c.dates or " by " in text):
        return text  # a flip of such a line is read as its note's (`_speaks_of_own_note`)
    if not (_linked_title(other_links, note) or _writes_whole_title(other, note)):
        return text
    return with_left_out_subject(text, note_title_of(note))


def _writes_whole_title(text: str, note: str) -> bool:
    """Claim `text` writes every word of `note`'s title, in its subject or, where the title
    has two content words or more, anywhere ("the [[Bell Rock Lighthouse]]" beside *Bell Rock
    Lighthouse*)."""
    title = _title_stems(note)
    if not title:
        return False
    if title <= shared_stems(title, parse_claim(text).subject):
        return True
    return len(title) >= 2 and title <= shared_stems(title, _content_words(text))


#: A name opening a claim with an apposition after it: ", the ..., ", ", a ..., ".
_APPOSED = re.compile(r"[^,]{1,60},\s+(?:the|a|an)\s+[^,]{1,80},\s+[a-z]")


def _subject_is_title(c: ParsedClaim, note: str | None) -> bool:
    """Claim `c`'s subject (before any preposition) is words of `note`'s title and nothing
    else, not a field's name: "The [[Liver]] is unable to ...", not "Snapshots are not synced
    via [[Sync]]"."""
    subject = c.subject_head or c.subject
    if not note or not subject or subject <= c.field_name:
        return False  # "Alder Ford: 71.2 % (see [[Site B - Alder Ford]])": a field, a value
    title = _title_stems(note)
    if subject <= shared_stems(subject, title):
        return True
    if _APPOSED.match(c.text) and c.text.lower().startswith(note_title_of(note).lower() + ","):
        return True  # "Aconcagua, the highest peak of the Americas, belongs to ..."
    # "Penguins fly short distances ...": the title opens the claim, whatever the subject
    # reading took for a noun after it
    opening = [w.stem for w in c.words if not w.lead and w.stem not in _ARTICLES][: len(title)]
    return (
        bool(title)
        and len(opening) == len(title)
        and title <= shared_stems(title, frozenset(opening))
    )


def _names_subject(c: ParsedClaim, note: str | None) -> bool:
    """Claim `c`'s subject names `note`'s thing: a coined word of its title, or its whole
    title where that has two content words or more ("Heap sort is ..." beside *Heap Sort*),
    before any "of" ("the power of the crystal ball" is about a power)."""
    if not note or not c.subject:
        return False
    title = _title_stems(note)
    names = c.subject & _names_of(note, c.text)
    if not names:
        if len(title) < 2 or title != shared_stems(title, c.subject):
            return False
        names = frozenset(shared_stems(c.subject, title))
    for w in c.words:
        if w.lead:
            continue
        if w.stem in names:
            return True
        if w.surface.lower() == "of":
            return False
    return False


#: Pronouns that, as a claim's subject, stand for its note's thing ("this"/"these" point at
#: the sentence before).
_NOTE_PRONOUNS = frozenset("it its they their he his she her".split())


def _speaks_of_own_note(c: ParsedClaim, note: str | None) -> bool:
    """Claim `c` speaks of its note's thing: it opens with its verb ("Blossoms only in
    mist"), with "it", "they", "she" or their possessive, or its subject is words of the title;
    a claim that writes its note's whole title after such a subject speaks of something else
    ("These can be found in the Version history")."""
    if c.first_person or not note:
        return False
    title = _title_stems(note)
    subject = c.subject_head or c.subject
    if subject:
        return subject <= shared_stems(subject, title)
    first = next((w for w in c.words if not w.lead), None)
    if first is None:
        return False
    opens = opens_with_verb(c.tokens) or first.surface.lower() in _NOTE_PRONOUNS
    return opens and not (title and title <= shared_stems(title, c.content))


#: "Rowan Tesk's brother": a capitalised name of up to four words, "'s", the owned thing.
_POSSESSION = re.compile(
    r"^\W*(?:the\s+)?((?:[A-Z][\w-]*\s+){0,3}[A-Z][\w-]*)['’]s\s+([a-z][\w-]*)"
)


def _owned_by_subject(c: ParsedClaim, o: ParsedClaim) -> bool:
    """Claim `o` opens with a possession of the name `c` speaks of ("Rowan Tesk's brother"
    beside "Rowan Tesk"): the owned thing, which `c` does not write, is another thing."""
    m = _POSSESSION.match(o.text)
    if m is None:
        return False
    owner = _content_words(m.group(1))
    owned = _content_words(m.group(2))
    return (
        bool(owner)
        and bool(owned)
        and not owned <= _MEASURED_PARTS
        and owner <= shared_stems(owner, c.subject)
        and not shared_stems(owned, c.content)
    )


#: What a thing is measured by, written as a possession ("Etna's summit is 2,900 m", "the
#: lake's depth"): the measure of the owner itself, not another thing.
_MEASURED_PARTS = frozenset(
    stem(w)
    for w in """
    summit peak top height elevation altitude depth length width breadth area size weight
    mass volume capacity population lifespan diameter radius span wingspan
    """.split()
)


def _negated_limits(c: ParsedClaim) -> tuple[Quantity, ...]:
    """The claim's quantities, with a limit that a negator just before it in its clause
    turned the other way ("cannot ... more than ten days": at most ten days)."""
    out = []
    for q in c.quantities:
        if q.bound in ("<=", ">="):
            before = c.text[max(0, q.start - 40) : q.start]
            clause = re.split(r"[,;:.()]", before)[-1]
            # "no more than about 20,000 km": the limit's own words, which it already reads
            clause = _OWN_LIMIT_WORDS.sub("", clause)
            if _LIMIT_NEGATORS.search(clause):
                q = replace(q, bound="<=" if q.bound == ">=" else ">=")
        out.append(q)
    return tuple(out)


#: "no more than (about)", "not shorter than": a negator that is part of the limit's words.
_OWN_LIMIT_WORDS = own_limit_words()
#: The verb negators that turn a limit right after them ("cannot ... more than ten").
_LIMIT_NEGATORS = re.compile(
    r"\b(?:not|never|cannot|can't|won't|don't|doesn't|didn't|no|rarely|seldom|hardly)\b", re.I
)


#: Words that open the slot after a verb whose filler a negation may deny instead of the verb.
_SLOT_WORDS = frozenset("by with in at from on into for to".split())
_FILLER_ENDS = frozenset("but which who that when if because so while than".split())
_SLOT_ADVERBS = frozenset("only also mainly mostly chiefly usually often just largely".split())


def _denies_another(c: ParsedClaim, o: ParsedClaim) -> bool:
    """Claim `c` negates a verb only together with a filler the other claim gives another
    value: "is not cooled by liquid sodium" / "is cooled by water" (consistent), not "is
    not cooled by water" (a conflict) or "is cooled by sodium, not water" (a conflict)."""
    if len(c.negators) != 1 or o.negators:
        return False
    head = c.negated_heads[0]
    if head and len(head) > 1:
        # "is not found in fresh water": the verb of presence, its place the filler
        first = next((t for t in c.tokens if t.stem in head), None)
        if first is not None and first.norm in PRESENCE_PARTICIPLES:
            head = frozenset({first.stem})
    if not head or len(head) != 1:
        return False
    (verb,) = head
    denied, given = _filler_after(c.tokens, verb), _filler_after(o.tokens, verb)
    if not denied and not given and c.negators[0] in ("not", "never") and _inflected(verb, c, o):
        # what the verb acts on: "doesn't sync its own settings" / "your notes ... are synced"
        denied, given = _patient(c, verb), _patient(o, verb)
        if given & _EVERYTHING:
            return False  # "digests everything it swallows": the denied object too
    # each names something the other does not ("in fresh water" / "only in salt water")
    return bool(denied - shared_stems(denied, given)) and bool(given - shared_stems(given, denied))


def _inflected(stem_: str, *claims: ParsedClaim) -> bool:
    """One of the claims writes `stem_` inflected ("synced", "collects", "carrying"): a
    verb, not an adjective ("couldn't possible explain")."""
    return any(
        t.stem == stem_ and t.norm != stem_ and t.norm.endswith(("s", "ed", "ing"))
        for c in claims
        for t in c.tokens
    )


#: Words that may stand between a verb and its object ("sync its own settings").
_OBJECT_LEADS = POSSESSIVES | frozenset("a an the own any some".split())
#: Words that end an object: a preposition opens another slot ("the text inside its cards").
_OBJECT_ENDS = HEAD_ENDS | frozenset(
    """inside onto about across after before between beyond near outside without via per
    during against among toward towards upon as like than""".split()
)
#: Objects that take in every other ("digests everything it swallows").
_EVERYTHING = frozenset("everything anything all every each everyone anyone".split())


def _patient(c: ParsedClaim, verb: str) -> frozenset[str]:
    """The head nouns of what `verb` acts on in claim `c`: a passive claim's subject ("your
    notes, images and your folder are synced": note, image, folder), else the object right
    after the verb ("doesn't sync its own settings": setting); in a negated claim the verb
    after the negator. Empty where the claim names none or the object runs on into an "of"
    ("lots of flowers": whose head the words do not tell)."""
    tokens = c.tokens
    start = next((k for k in range(len(tokens)) if negator_in(tokens, k)), 0)
    # the verb, not a name that writes the same word ("Vell Sync doesn't sync")
    at = next(
        (
            k
            for k in range(start, len(tokens))
            if tokens[k].stem == verb and not (k and tokens[k].surface_upper)
        ),
        None,
    )
    if at is None:
        return frozenset()

    def said(k: int) -> bool:
        t = tokens[k]
        return t.kind == "word" and is_content_stem(t.stem) and not negator_in(tokens, k)

    def heads(span: range) -> frozenset[str]:
        # the last content word of each conjunct ("your notes, images, and your folder")
        out: set[str] = set()
        last = ""
        frozen = False  # past an "of": "fields of an immutable record" are fields
        for k in span:
            t = tokens[k]
            if t.norm in ("and", "or", ","):
                if last:
                    out.add(last)
                last, frozen = "", False
            elif t.norm == "of":
                frozen = True
            elif not frozen and said(k) and not is_adverb_or_gerund(t.norm):
                last = t.stem  # "supports LoRaWAN natively": the noun, not the manner
        if last:
            out.add(last)
        return frozenset(out)

    if c.passive and at > 0 and tokens[at - 1].norm in ("is", "are", "was", "were", "be", "been"):
        return heads(range(at - 1))
    end = at + 1
    while end < min(at + 8, len(tokens)):
        t = tokens[end]
        if t.norm == "of":
            return frozenset()
        if t.norm in _OBJECT_ENDS:
            break
        if t.norm in _EVERYTHING and end == at + 1:
            return frozenset({t.norm})  # "digests everything", not "carts every day"
        if not (t.norm in _OBJECT_LEADS or t.norm in ("and", "or", ",") or said(end)):
            break
        end += 1
    return heads(range(at + 1, end))


def _filler_after(tokens: tuple[Token, ...], verb: str) -> frozenset[str]:
    """The content words of the slot ("by liquid sodium") right after the first `verb`."""
    at = next((k for k, t in enumerate(tokens) if t.stem == verb), None)
    if at is None:
        return frozenset()
    at += 1
    while at < len(tokens) and tokens[at].norm in _SLOT_ADVERBS:
        at += 1  # "found only in", "used mainly by"
    if at >= len(tokens) or tokens[at].norm not in _SLOT_WORDS:
        return frozenset()
    if tokens[at].norm == "to" and (at + 1 >= len(tokens) or tokens[at + 1].norm not in _ARTICLES):
        # "belongs to the rose family" opens a slot; "to escape" is an infinitive
        return frozenset()
    filler: set[str] = set()
    for t in tokens[at + 1 : at + 7]:
        if t.kind == "punct" or t.norm in _FILLER_ENDS:
            break
        if t.kind == "word" and is_content_stem(t.stem):
            filler.add(t.stem)
    return frozenset(filler)


def _events_swapped(x: ParsedClaim, y: ParsedClaim, wx: ClaimWord, wy: ClaimWord) -> bool:
    """An event both claims write sits before the order word in one and after it in the
    other ("rebuilt after the fire" / "burned down before it was rebuilt")."""

    def sides(c: ParsedClaim, w: ClaimWord) -> tuple[set[str], set[str]]:
        content = [v for v in c.words if is_content_stem(v.stem) and not v.upper]
        return (
            {v.stem for v in content if v.index < w.index},
            {v.stem for v in content if v.index > w.index},
        )

    bx, ax = sides(x, wx)
    by, ay = sides(y, wy)
    return bool((bx - by) & ay) or bool((ax - ay) & by)


def _in_main_clause(c: ParsedClaim, stems: AbstractSet[str]) -> bool:
    """The first word of `stems` in the claim comes before any relative or if/when clause,
    but for the one that says what the kind it is defined by does ("It is an algorithm that
    requires k in advance": the definition itself)."""
    words = [w.surface.lower() for w in c.words]
    # "denies that free will exists": what a verb of stating says is the claim itself
    stated = [m.group(1) is not None for m in _THAT.finditer(c.text)]
    nth = 0
    for k, w in enumerate(c.words):
        if words[k] == "that":
            nth += 1
            if nth <= len(stated) and stated[nth - 1]:
                continue
        if words[k] in _RELATIVE_WORDS and not _defining_relative(words, k):
            return False
        if w.stem in stems:
            return True
    return False


#: Each "that" of a claim, and whether a verb of stating opens it ("denies that", "holds that").
_THAT = re.compile(
    r"(?:\b(deny|denies|denied|affirm|affirms|affirmed|hold|holds|held|claim|claims|claimed"
    r"|maintain|maintains|maintained|assert|asserts|asserted|argue|argues|argued|teach|teaches"
    r"|taught|reject|rejects|rejected)\s+)?\bthat\b",
    re.IGNORECASE,
)


def _defining_relative(words: list[str], k: int) -> bool:
    """Word k ("that", "which") opens the relative clause of a kind the claim's subject is
    said to be: "is an unsupervised algorithm that ...", with no other relative before it."""
    if words[k] not in ("that", "which") or k + 1 >= len(words):
        return False
    # "an algorithm that requires ...": the kind itself does what follows; "an outcrop that
    # frost leaves small": something else acts on it
    verb = words[k + 1]
    if not (verb in AUXILIARIES or (verb.endswith("s") and not verb.endswith("ss"))):
        return False
    before = words[max(0, k - 5) : k]
    for j, word in enumerate(before[:-1]):
        if word in ("is", "are") and before[j + 1] in ("a", "an"):
            return not any(v in _RELATIVE_WORDS for v in words[:k])
    return False


def _frame(c: ParsedClaim, w: ClaimWord) -> frozenset[str]:
    """The content words right around `w`: the word before it and the two after it."""
    near = [*c.words[max(0, w.index - 1) : w.index], *c.words[w.index + 1 : w.index + 3]]
    return frozenset(v.stem for v in near if is_content_stem(v.stem))


def _same_frame(x: ParsedClaim, wx: ClaimWord, y: ParsedClaim, wy: ClaimWord) -> bool:
    """The two opposites fill one slot of one phrase: "the main importer of tin" / "the
    main exporter of tin" (at least two content words around each, the same on both sides)."""
    fx = _frame(x, wx)
    return len(fx) >= 2 and fx == _frame(y, wy)


def _measured(
    x: ParsedClaim,
    y: ParsedClaim,
    subject: frozenset[str],
    *,
    units_only: bool = False,
    named_by_value: bool = False,
    one_thing: bool = False,
) -> Verdict | None:
    """Two values of one measure of one thing (`subject`: the words that make it one thing):
    the words around both numbers must meet beyond the subject ("given ... at the age of 4"
    / "not given ... until the age of 12"). Kept modest when only one such word meets. With
    `named_by_value` (`subject` holds names), a claim that writes a name writes it in the
    clause that holds its value. With `one_thing` (one claim links the other's note, "The
    [[Marathon]] covers ..."), the subject is one thing, as a proper name is: words of one
    measure name one of its values ("distance" / "covers")."""
    # words of a "when ..." clause say under which condition, not what is measured
    ignore = subject | x.condition | y.condition
    if named_by_value:
        # one claim names the other's note: the only value of its kind in each measures what
        # that thing's claims speak of, where a claim writing the name writes it beside it
        # one individual, written as a proper name in both claims ("Etna"), has one height
        # however each names it ("summit", "rises"); "this rope" may be another rope
        proper = one_thing or all(_capitalised_at(c.text, subject) for c in (x, y))
        conflicts = [
            c
            for c in measured_conflicts(_widened(x), _widened(y), ignore=ignore, families=proper)
            if _named_beside(x.text, subject, c[0]) and _named_beside(y.text, subject, c[1])
        ]
    else:
        # a subject both write as a proper name ("Mount Everest" / "Everest") is one
        # individual: words of one measure ("high" / "rises") name one height of it; so is a
        # kind both name with no determiner ("Light travels at ..." / "light moves at ...")
        named = one_thing or all(_capitalised_at(c.text, subject) for c in (x, y))
        bare = not named and units_only and all(_bare_kind(c, subject) for c in (x, y))
        conflicts = measured_conflicts(
            _negated_limits(x), _negated_limits(y), ignore=ignore, families=named or bare
        )
        if bare:
            # a kind, not an individual, in no situation one claim alone sets ("in water")
            conflicts = [c for c in conflicts if _nothing_else_said(x, y, c[0], subject)]
        proper = named or bare
    if units_only:
        # a second word says what is measured, unless the one word is a name too, and the
        # subject one individual: "The Moon is 384,000 km from Earth"
        conflicts = [
            c
            for c in conflicts
            if not c[0].unit.startswith("count:")
            and (len(c[2]) > 1 or (proper and all(_only_capitalised(o.text, c[2]) for o in (x, y))))
        ]
    conflicts = [c for c in conflicts if _one_cost(x, y, c[0]) and not _set_apart(x, y, c[0], c[1])]
    if not conflicts and (units_only or one_thing):
        # "A nautical mile is defined as exactly 1,852 metres" / "One [[Nautical Mile]] is
        # 1,609 metres, the same as a statute mile": the size of the thing itself
        conflicts = _sizes_of_subject(x, y, subject, within_clause=one_thing)
    if not conflicts and one_thing:
        conflicts = _only_values_of_one_thing(x, y, subject)
    if not conflicts or x.other != y.other:
        return None
    qa, qb, measured = max(conflicts, key=lambda c: len(c[2]))
    if x.deontic != y.deontic and not {qa.bound, qb.bound} <= _POINT_BOUNDS:
        return None  # "must not fall below 10" is a rule, "fell to 8" a fact
    score = 0.75 if len(measured) >= 2 else 0.6
    # what the values already say ("age 12" vs "age 4") is not repeated as what they measure
    written = {t.stem for q in (qa, qb) for t in tokenize(q.text) if t.kind == "word"}
    if qa.unit == "age":
        written.add(stem("age"))
    if qa.unit.startswith("label:"):
        written |= {t.stem for t in tokenize(qa.unit.removeprefix("label:")) if t.kind == "word"}
    # words of one measure ("summit", "rises") are named by it: "height of Etna"
    kind = measure_kind(measured, qa.unit)
    what = set() if kind or measured <= subject else set(measured) - written or measured
    # places both claims name ("Mexico") and times ("each autumn") say where and when, not
    # what is measured
    shaped = _shaped_names(x) | _shaped_names(y)  # "x86-64": which machine, not what
    what = {s for s in what if s not in _TIMES and s not in shaped}
    if all(_capitalised_at(c.text, frozenset({s})) for s in what for c in (x, y)):
        what = set()
    # "port 53" vs "port 35": the port is what differs
    label = qa.text.split()[0].lower() if qa.unit.startswith("label:") else ""
    # "150 million years ago": a time before now, which dates what is measured
    ago = qa.unit == "time" and _ago(x.text, qa) and _ago(y.text, qb)
    dimension = "date" if ago else _DIMENSIONS.get(qa.unit) or _counted(x, y, qa)
    about = _both_about(x, y, what, subject, nothing=kind or label or dimension)
    if _on_scale(qa):
        # "1 on the Mohs scale" vs "3 on the Mohs scale", both about Talc
        about = _both_about(x, y, set(), subject - written) or about
    text_a, text_b = _value_text(qa, ago=ago), _value_text(qb, ago=ago)
    return Verdict(score, "conflicting_values", f"{text_a} vs {text_b}, both about {about}")


def _nothing_else_said(
    x: ParsedClaim, y: ParsedClaim, q: Quantity, subject: frozenset[str]
) -> bool:
    """Beyond the subject, the words naming value `q`'s measure ("travels", "moves") and
    hedges, each claim says nothing the other does not ("in a vacuum" in both, not "in
    water" in one)."""

    def rest(c: ParsedClaim) -> frozenset[str]:
        return frozenset(
            w
            for w in c.content
            if w not in subject and w not in _HEDGE_STEMS and not names_a_measure(q.unit, w)
        )

    rx, ry = rest(x), rest(y)
    return rx <= shared_stems(rx, ry) and ry <= shared_stems(ry, rx)


#: Words that only hedge a value ("roughly", "about").
_HEDGE_STEMS = frozenset(
    stem(w) for w in "about roughly around approximately nearly almost some just only".split()
)


def _bare_kind(c: ParsedClaim, subject: frozenset[str]) -> bool:
    """Claim `c` names its subject (`subject`: stems) as a kind, with no determiner, number
    or possessive before it ("Light travels ...", "In a vacuum, light moves ..."), not an
    individual of it ("a car", "this rope", "his horse")."""
    for k, t in enumerate(c.tokens):
        if t.kind == "word" and t.stem in subject and t.stem in c.subject:
            before = c.tokens[k - 1] if k else None
            return before is None or (
                before.kind != "num" and (before.kind == "punct" or before.norm not in _DETERMINING)
            )
    return False


#: Words before a noun that make it an individual or a share of its kind.
_DETERMINING = frozenset(
    "a an the this that these those my your his her its our their some each every one any "
    "many most few several no another other such".split()
)


def _counted(x: ParsedClaim, y: ParsedClaim, q: Quantity) -> str:
    """The noun value `q` counts as the claims write it ("legs"), else "one measure"."""
    if q.unit.startswith("count:"):
        noun = q.unit.removeprefix("count:")
        for w in (*x.words, *y.words):
            if meaning_of(w.stem) == noun or w.stem == noun:
                return w.surface.lower()
    return "one measure"


def _ago(text: str, q: Quantity) -> bool:
    """Value `q` of `text` is followed by "ago"."""
    return text[q.end :].lstrip().lower().startswith("ago")


def _sizes_of_subject(
    x: ParsedClaim, y: ParsedClaim, subject: frozenset[str], *, within_clause: bool = False
) -> list[tuple[Quantity, Quantity, frozenset[str]]]:
    """The one value each claim gives, in one unit, of the subject itself: "A byte is 8
    bits" / "A byte consists of 16 bits", where nothing but the subject and a verb of being
    or having stands around either value."""
    # "One nautical mile is ...": the count of the thing that opens the claim is no value
    xs, ys = _without_opening_one(x.quantities), _without_opening_one(y.quantities)
    # "0 kelvin, which equals −273.15 °C": one value, written in two units
    xs, ys = _one_per_value(xs), _one_per_value(ys)
    if len(xs) != 1 or len(ys) != 1:
        return []
    qa, qb = xs[0], ys[0]
    if qa.unit != qb.unit or qa.unit.startswith(("count:", "label:", "complexity:", "rank")):
        return []
    if same_measure(qa, qb):
        return []
    bare = subject | _HAVING | _BEING
    if not (qa.anchor <= bare and qb.anchor <= bare):
        return []
    # nothing else said beside the value in either claim; of one linked thing
    # (`within_clause`), nothing before a comma that closes the value's clause (", the same
    # as a statute mile" compares it with something else)
    for c, q in ((x, qa), (y, qb)):
        words = _clause_stems(c, q) & c.content if within_clause else c.content
        if words - shared_stems(words, subject) - _HAVING - _BEING:
            return []
    return [(qa, qb, subject)]


#: Words before a value that make it the setting another value holds in ("68% within one
#: standard deviation", "boils at 70 °C at 3,000 m").
_SETTING_WORDS = frozenset("within at after under over per for beyond above below".split())


def _set_apart(x: ParsedClaim, y: ParsedClaim, qa: Quantity, qb: Quantity) -> bool:
    """Values `qa` of `x` and `qb` of `y` hold in two settings that the claims give as two
    other values of one kind ("68% within one standard deviation" / "95% within two"), or
    are themselves those settings, or one says how often and the other how long."""
    if _every(x.text, qa) != _every(y.text, qb):
        return True  # "once every 600 seconds" (how often) / "for 7 days" (how long)
    if _now_and_then(x.text, y.text) or _now_and_then(y.text, x.text):
        return True  # "today all 193 member states" / "founded by 51 original member states"
    if _other_editions(x.text, y.text):
        return True  # "the 15th edition filled 32 volumes" / "the first edition ran to ten"
    settings = _setting(x.text, qa) and _setting(y.text, qb)
    for ox in x.quantities:
        for oy in y.quantities:
            if ox.start == qa.start or oy.start == qb.start:
                continue  # the values compared themselves
            if ox.unit != oy.unit or same_measure(ox, oy):
                continue
            if settings or (_setting(x.text, ox) and _setting(y.text, oy)):
                return True
    return False


#: Words that date a value to now, and words that date it to a thing's start.
_NOW = re.compile(r"\b(?:today|now|nowadays|currently|presently|at\s+present)\b", re.I)
_THEN = re.compile(
    r"\b(?:original|originally|initially|at\s+first|at\s+(?:its\s+)?founding|at\s+launch"
    r"|founded|founding)\b",
    re.I,
)


#: "the first edition", "its 15th edition", "the final season": which of a series a value is of.
_EDITION = re.compile(
    r"\b(?P<which>first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|final"
    r"|latest|original|current|\d{1,3}(?:st|nd|rd|th))\s+(?:printed\s+|print\s+)?"
    r"(?P<kind>edition|version|generation|season|series|model|release|printing|set)s?\b",
    re.IGNORECASE,
)


def _other_editions(a: str, b: str) -> bool:
    """Claims `a` and `b` give values of different members of one series: each names an
    edition (version, generation, season ...) and they name no same one."""
    found: list[dict[str, set[str]]] = []
    for text in (a, b):
        kinds: dict[str, set[str]] = {}
        for m in _EDITION.finditer(text):
            kinds.setdefault(m["kind"].casefold(), set()).add(m["which"].casefold())
        found.append(kinds)
    return any(not (found[0][kind] & found[1][kind]) for kind in found[0].keys() & found[1].keys())


def _now_and_then(a: str, b: str) -> bool:
    """Claim `a` gives a value as it is now, claim `b` as it was at the start: two times."""
    return bool(_NOW.search(a)) and not _NOW.search(b) and bool(_THEN.search(b))


def _every(text: str, q: Quantity) -> bool:
    """Value `q` is how often something recurs: "every 600 seconds", "each 3 days"."""
    return _word_before(text, q) in ("every", "each")


def _setting(text: str, q: Quantity) -> bool:
    return _word_before(text, q) in _SETTING_WORDS


def _word_before(text: str, q: Quantity) -> str:
    """The word right before value `q`, in lower case ("" at the claim's start)."""
    before = text[: q.start].split()
    return before[-1].lower() if before else ""


def _only_values_of_one_thing(
    x: ParsedClaim, y: ParsedClaim, subject: frozenset[str]
) -> list[tuple[Quantity, Quantity, frozenset[str]]]:
    """Of one linked thing, the only value each claim gives, in one unit that measures
    rather than counts or labels, where the words around the two name no two different
    measures ("rises to 3,000 m" / "is 40 km wide"): "In ideal water it hatches in about 9
    days" in the thing's note against "[[Vell Trout]] eggs take 30 days to hatch"."""
    # "a US size 8 needle is 8 mm thick": a label names which one, it measures nothing;
    # "a boat making one knot" in a claim about the [[Knot]]: the unit itself, no value
    xs, ys = (
        tuple(
            q
            for q in _without_opening_one(_one_per_value(_negated_limits(c)))
            if _measures(q) and not _one_of_subject(q, subject)
        )
        for c in (x, y)
    )
    if len(xs) != 1 or len(ys) != 1 or x.dates or y.dates:
        return []
    qa, qb = xs[0], ys[0]
    if qa.unit != qb.unit:
        return []
    if same_measure(qa, qb) or _set_apart(x, y, qa, qb):
        return []
    times_x, times_y = x.content & _TIMES, y.content & _TIMES
    if times_x != times_y:
        return []  # "in summer ... six weeks" / "reared in autumn ... four months"
    if qa.bound != qb.bound and {qa.bound, qb.bound} & {"<=", ">="}:
        return []  # "must support at least 1280 bytes" / "is 128 bits long": a limit of another
    kinds_a, kinds_b = measure_kinds(qa), measure_kinds(qb)
    if bool(kinds_a) != bool(kinds_b):
        # the measure named on one side beside its value, on the other elsewhere in the
        # clause ("A mare carries her foal for about 150 days")
        kinds_a = kinds_a or measure_kinds(qa, _clause_stems(x, qa) - subject)
        kinds_b = kinds_b or measure_kinds(qb, _clause_stems(y, qb) - subject)
    if kinds_a and kinds_b and not kinds_a & kinds_b:
        return []
    if bool(kinds_a) != bool(kinds_b):
        return []  # "lies at 1,200 m" / "is 300 m deep": a measure named on one side only
    return [(qa, qb, frozenset(qa.anchor & qb.anchor))]


def _one_of_subject(q: Quantity, subject: frozenset[str]) -> bool:
    """Value `q` is one of the thing the claims are about, written as its unit ("one knot"
    where both speak of the knot): the thing itself, not a value of it."""
    words = q.text.casefold().split()
    return (
        q.unit != "percent"  # "a third" of the [[Rule of Thirds]] is a share of something
        and len(words) == 2
        and words[0] in ("one", "1", "a", "an")
        and stem(words[1]) in subject
    )


def _measures(q: Quantity) -> bool:
    """Quantity `q` measures (a length, a time, a share, a count of a named noun) rather than
    labels or ranks."""
    return not q.unit.startswith(("label:", "complexity:", "rank"))


def _one_per_value(qs: tuple[Quantity, ...]) -> tuple[Quantity, ...]:
    """Quantities `qs`, each value of one dimension kept once (the first as written)."""
    out: list[Quantity] = []
    for q in qs:
        if not any(o.unit == q.unit and same_measure(o, q) for o in out):
            out.append(q)
    return tuple(out)


def _without_opening_one(qs: tuple[Quantity, ...]) -> tuple[Quantity, ...]:
    return tuple(q for q in qs if not (q.start == 0 and q.unit.startswith("count:") and q.low == 1))


def _clause_stems(c: ParsedClaim, q: Quantity) -> frozenset[str]:
    """The stems of claim `c`'s words from its start to the end of the comma clause that
    holds value `q`."""
    end = c.text.find(",", q.end)
    end = len(c.text) if end < 0 else end
    return frozenset(w.stem for w in c.tokens if w.kind == "word" and w.start < end)


#: Verbs of being a size ("is 8 bits", "measures 3 m").
_BEING = frozenset(
    stem(w)
    for w in """is are was were measures measure totals total equal equals defined define
    exactly precisely sits sit stands stand""".split()
)


def _one_measure_named(x: ParsedClaim, y: ParsedClaim) -> tuple[frozenset[str], frozenset[str]]:
    """The words of each claim that name one measure ("speed" / "travels") of values both
    claims give in one unit (`quantities.measure_kind`)."""
    units = {q.unit for q in x.quantities} & {q.unit for q in y.quantities}
    out_x: set[str] = set()
    out_y: set[str] = set()
    for unit in units:
        kinds_x = {w: k for w in x.content if (k := measure_kind(frozenset({w}), unit))}
        kinds_y = {w: k for w in y.content if (k := measure_kind(frozenset({w}), unit))}
        common = set(kinds_x.values()) & set(kinds_y.values())
        out_x |= {w for w, k in kinds_x.items() if k in common}
        out_y |= {w for w, k in kinds_y.items() if k in common}
    return frozenset(out_x), frozenset(out_y)


#: Words that say how a cost is stated, not what costs ("takes O(n) time in the worst case").
_COST_WORDS = frozenset(
    stem(w)
    for w in """take takes run runs cost costs need needs require requires perform performs
    give gives offer offers provide provides allow allows support supports guarantee guarantees
    time space memory extra auxiliary worst average best case amortized amortised expected
    complexity""".split()
)


def _costs(c: ParsedClaim) -> bool:
    """Claim `c` states a growth rate ("O(n)", "linear time")."""
    return any(q.unit.startswith("complexity:") for q in c.quantities)


def _one_cost(
    x: ParsedClaim,
    y: ParsedClaim,
    q: Quantity,
    x_content: frozenset[str] | None = None,
    y_content: frozenset[str] | None = None,
) -> bool:
    """Two growth rates (`q`'s unit) are of one operation only where the claims (their
    content stems, or `x_content`, `y_content`) say the same thing besides: "Inserting into
    a binary heap takes O(log n)" and "Building a binary heap takes O(n)" cost two
    operations. A word listed beside a shared one ("push and pop" / "push") names one more
    operation at that cost. Other values pass."""
    if not q.unit.startswith("complexity:"):
        return True
    cx = (x.content if x_content is None else x_content) - _COST_WORDS
    cy = (y.content if y_content is None else y_content) - _COST_WORDS
    only_x, only_y = cx - shared_stems(cx, cy), cy - shared_stems(cy, cx)
    return not (only_x - _listed_beside(x, cy)) and not (only_y - _listed_beside(y, cx))


def _denies_bare_verb(
    c: ParsedClaim, o: ParsedClaim, left_c: frozenset[str], left_o: frozenset[str]
) -> bool:
    """Claim `c` is its subject, one negator and the verb it negates ("Gold does not rust"),
    and `o` says that subject does it, adding only how or where ("Gold rusts quickly in
    moist air"): an adverb or a preposition follows the verb, never an object."""
    if left_c or not left_o or len(c.negators) != 1 or o.negators:
        return False
    if c.condition or o.condition or not c.subject:
        return False
    verbs = c.content - c.subject
    if len(verbs) != 1 or not shared_stems(verbs, o.content):
        return False
    (head,) = c.negated_heads
    if not head or not shared_stems(frozenset(head), verbs):
        return False
    tokens = o.tokens
    at = next((k for k, t in enumerate(tokens) if shared_stems(frozenset({t.stem}), verbs)), None)
    if at is None or at == 0 or at + 1 >= len(tokens):
        return False
    if not shared_stems(frozenset({tokens[at - 1].stem}), c.subject):
        return False  # the verb right after the same subject ("Gold rusts")
    nxt = tokens[at + 1]
    return nxt.kind == "word" and (nxt.norm.endswith("ly") or nxt.norm in _QUALIFYING)


#: Words that open how or where something happens after its verb, not its object.
_QUALIFYING = frozenset(
    "in on at under over when during within without after before through near".split()
)


_DURATION = re.compile(
    r"\b(?:within|in|after|for|over|under)\s+(?:a|an|one|the|a\s+few|several)\s+"
    r"(?P<unit>years?|months?|weeks?|days?|hours?|minutes?|seconds?|decades?|centuries|century)\b",
    re.IGNORECASE,
)


def _duration_words(c: ParsedClaim) -> frozenset[str]:
    """Stems of a span of time written without a number ("within a year", "after a few
    days")."""
    return frozenset(stem(m["unit"].lower()) for m in _DURATION.finditer(c.text))


def _listed_beside(c: ParsedClaim, shared: frozenset[str]) -> frozenset[str]:
    """Stems of claim `c` listed with "and" or "or" beside a word of `shared` ("push and
    pop": "pop" beside "push")."""
    tokens = c.tokens
    out: set[str] = set()
    for i in range(len(tokens) - 2):
        left, mid = tokens[i], tokens[i + 1]
        if left.kind != "word" or mid.norm not in ("and", "or"):
            continue
        k = i + 2
        if tokens[k].norm in _LIST_ITEM_LEADS and k + 1 < len(tokens):
            k += 1  # "no brain and no heart", "a brain and a heart"
        right = tokens[k]
        if right.kind != "word":
            continue
        if shared_stems(frozenset({left.stem}), shared):
            out.add(right.stem)
        if shared_stems(frozenset({right.stem}), shared):
            out.add(left.stem)
    return frozenset(out)


#: Words that may open the next item of a list ("no brain and no heart").
_LIST_ITEM_LEADS = frozenset("a an the no its their".split())


_TIMES = frozenset(
    stem(w)
    for w in """spring summer autumn fall winter morning evening night daily weekly yearly
    ago""".split()
)
#: What a value of a unit measures, where the claims' words do not say.
_DIMENSIONS = {
    "length": "distance", "mass": "weight", "time": "duration", "temperature": "temperature",
    "data": "size", "volume": "volume", "area": "area", "speed": "speed", "age": "age",
    "number": "the value", "length/time": "speed",
}  # fmt: skip


def _question_verb(x: Making, y: Making) -> str:
    """The verb of the question two makings answer: theirs where one, else the family's."""
    if x.verb == y.verb:
        return x.verb
    return "first described" if x.family == "first stated" else "made"


def _maker_question(verb: str, name: str) -> str:
    """What two makers answer: "who discovered Uranus", "whom Zeppelin is named after"."""
    return f"whom {name} is named after" if verb == "named after" else f"who {verb} {name}"


def _with_linked_names(text: str, links: tuple[str, ...]) -> str:
    """Claim `text` with each title it writes in lower case (a linked one, its own note's)
    written as the name it is ("Louis Pasteur discovered penicillin" from
    `[[Penicillin|penicillin]]`, "Euro coins entered circulation" in *Euro Coins*)."""
    for title in links:
        if not title[:1].isupper():
            continue
        m = re.search(rf"(?<![\w-]){re.escape(title)}(?![\w-])", text, re.IGNORECASE)
        if m is not None and m.group() != title:
            text = text[: m.start()] + title + text[m.end() :]
    return text


def _one_time_event(
    a: str,
    b: str,
    a_title: str,
    b_title: str,
    a_names: tuple[str, ...] = (),
    b_names: tuple[str, ...] = (),
) -> Verdict | None:
    """Claims `a` and `b` (of notes titled `a_title`, `b_title`) give one thing two dates of
    a one-time event ("X was founded in 1640" / "X is created in 1837"), two makers
    ("Invented by Tony Hoare" in *Quick Sort* / "John Mallory invented Quicksort"), an
    event before the thing's beginning ("opened in 1576" / "built in 1599") or one person
    two ages at death ("died in June 1954, aged 41" / "he died at just 47")."""
    if not (may_date_event(a) and may_date_event(b)):
        return None
    # the titles each claim may write in lower case (`a_names`: its links', its note's)
    a, b = _with_linked_names(a, a_names), _with_linked_names(b, b_names)
    origin = conflicting_origins(a, b, a_title, b_title)
    if origin is not None:
        ox, oy = origin
        return Verdict(
            0.85,
            "conflicting_values",
            f"different dates: {quoted(ox.text)} vs {quoted(oy.text)}, both about when "
            f"{ox.name} {ox.event}",
        )
    order = origins_out_of_order(a, b, a_title, b_title)
    if order is not None:
        later, earlier = order
        return Verdict(
            0.8,
            "conflicting_values",
            f"{quoted(later.event + ' in ' + later.text)} before "
            f"{'its start' if earlier.event == 'began' else 'it ' + earlier.event} "
            f"{quoted('in ' + earlier.text)}, both about {later.name}",
        )
    makers = conflicting_makers(a, b, a_title, b_title)
    if makers is not None:
        mx, my = makers
        who = "namesakes" if mx.verb == "named after" else "makers"
        return Verdict(
            0.75,
            "semantic_conflict",
            f"different {who}: {quoted(' and '.join(mx.who))} vs {quoted(' and '.join(my.who))}, "
            f"both about {_maker_question(_question_verb(mx, my), mx.name)}",
        )
    firsts = conflicting_firsts(a, b, a_title, b_title)
    if firsts is not None:
        fx, fy = firsts
        return Verdict(
            0.75,
            "semantic_conflict",
            f"two firsts: {quoted(fx.who)} vs {quoted(fy.who)}, both the first to {fx.done}",
        )
    ages = conflicting_death_ages(a, b, a_title, b_title)
    if ages is not None:
        ax, ay = ages
        who = max((ax.name, ay.name), key=len)
        return Verdict(
            0.8,
            "conflicting_values",
            f"different ages: {quoted(ax.text)} vs {quoted(ay.text)}, both about {who}'s age "
            "at death",
        )
    return None


#: Acts a thing undergoes once, each group one act said in other words (and the noun that
#: names it): a date given for one is the date of that act ("completed in 1810" / "finished
#: in the 1840s" / "its completion in 1880").
_ONCE_ACTS_WRITTEN = """completed finished completion|built constructed erected construction
    |founded established|opened inaugurated inauguration|published publication|premiered
    |signed|ratified ratification|enacted enactment|abolished abolition|repealed
    |discovered discovery|invented invention|patented|born birth|died death|sank sinking
    |demolished demolition|dissolved disbanded dissolution|annexed annexation
    |consecrated consecration|crowned coronation|assassinated assassination|executed execution
    |unveiled|coined|launched|destroyed destruction|collapsed|abdicated abdication
    |canonised canonized|commissioned|decommissioned|scuttled|christened
    |unified unification|merged merger|released|adopted adoption|introduced introduction
    |retired retirement|closed closure|painted|written wrote|composed composition
    |carved sculpted|recorded|filmed|struck"""
_ONCE_ACTS = tuple(
    frozenset(stem(w) for w in group.split()) for group in _ONCE_ACTS_WRITTEN.split("|")
)
_ACT_GROUP = {w: min(group) for group in _ONCE_ACTS for w in group}
#: Each act's verb as an explanation writes it ("completion" is "completed").
_ACT_VERB = {
    stem(w): group.split()[0]
    for group in " ".join(_ONCE_ACTS_WRITTEN.split()).split("|")
    for w in group.split()
}
#: Words that make any act said after them a once-only one ("first performed in 1791").
_FIRST_TIME = frozenset({"first", "originally"})
#: Words between an act and its date ("completed by Robert Stevenson in 1810").
_ACT_REACH = 7
#: "new", but not the first word of a name ("New Zealand", "New York").
_NEW_NOT_NAME = r"(?-i:new|New(?!\s+[A-Z]))"
#: "second" or "third", but not a rank ("the second-highest mountain").
_ORDINAL_NOT_RANK = r"(?:second|third)(?![-‑])"
#: A word before a name that picks one of several things of that name, or says the act
#: was done again.
_AGAIN = re.compile(
    rf"\b(?:current|present|previous|former|{_NEW_NOT_NAME}|original|{_ORDINAL_NOT_RANK}|later"
    r"|earlier|rebuilt|again|re-?\w+ed|restor\w+|replac\w+|reconstruct\w+)\b",
    re.IGNORECASE,
)


def _acts_dated(c: ParsedClaim) -> list[tuple[str, str, DateMention, str]]:
    """The dates claim `c` gives each with the act it dates: the once-only act word
    (`_ONCE_ACTS`, or any "-ed" word after "first") nearest before it in its clause, not
    negated ("was not finished until the 1920s" dates the finishing): (the act's key, the act
    as written, the date, the act's clause up to the act)."""
    if c.negators and not (len(c.negators) == 1 and _NOT_UNTIL.search(c.text)):
        return []
    found: list[tuple[str, str, DateMention, str]] = []
    for date in c.dates:
        act = _act_before(c, [t for t in c.tokens if t.end <= date.start], first=True)
        if act is not None:
            found.append((act[0], act[1], date, act[2]))
    return found


def _act_before(
    c: ParsedClaim, before: list[Token], *, first: bool = False, buried: bool = False
) -> tuple[str, str, str] | None:
    """The once-only act word (`_ONCE_ACTS`; with `first` any "-ed" word after "first", with
    `buried` a burial) nearest the end of `before` (claim `c`'s tokens before a date or a
    place) within its clause, where the act is the claim subject's: (the act's key, the act as
    an explanation writes it, the act's clause up to it), or None."""
    for k in range(len(before) - 1, max(len(before) - 1 - _ACT_REACH, -1), -1):
        t = before[k]
        if t.kind == "punct" and t.norm in (";", ".", ":", "(", ")"):
            return None
        group = _ACT_GROUP.get(t.stem) or (_PLACED_ACT_GROUP.get(t.stem) if buried else None)
        if first and group is None and k > 0 and before[k - 1].norm in _FIRST_TIME:
            group = "first " + meaning_of(t.stem) if t.norm.endswith("ed") else None
        said = None if group is not None else _act_in_other_words(before, k)
        if said is not None:
            group = _ACT_GROUP[stem(said)]
        if group is None:
            continue
        if _of_another(c, t.start):
            return None
        act = "first " + t.norm if group.startswith("first ") else _ACT_VERB.get(t.stem, t.norm)
        act = said or act
        return group, act, re.split(r"[;:,]|\band\b|\bwhen\b", c.text[: t.start])[-1]
    return None


def _act_in_other_words(before: list[Token], k: int) -> str | None:
    """The once-only act that token `k` of `before` ends in other words: coming to market
    ("went on sale", "reached the market") is a release, coming into service ("began
    service", "went into service") an opening; else None."""
    word = before[k].norm
    prev = before[k - 1].norm if k >= 1 else ""
    if (
        word in ("sale", "market", "markets")
        and k >= 2
        and prev in ("on", "onto", "the")
        and any(before[j].norm in _TO_MARKET_VERBS for j in range(max(0, k - 3), k - 1))
    ):
        return "released"
    if word == "service" and prev in ("began", "begins", "entered", "enters", "into"):
        return "opened"
    return None


#: Verbs that bring a thing to market with "on sale" or "the market".
_TO_MARKET_VERBS = frozenset(
    "put puts went go goes came come comes reached reach reaches hit hits brought".split()
)


def _of_another(c: ParsedClaim, at: int) -> bool:
    """The act at `at` in claim `c` sits in a relative clause of another thing than the
    claim's subject ("..., his favourite wife, Mumtaz Mahal, who died in 1631"), or in an
    apposition naming another ("his death" is the subject's; "his wife's death" is not)."""
    m = _RELATIVE_BEFORE.search(c.text[:at])
    if m is None:
        return False
    antecedent = {stem(w.lower()) for w in re.findall(r"[A-Za-z][\w'’-]*", m.group("noun"))}
    return not (antecedent & c.subject)


#: A relative clause and the words before its comma ("Mumtaz Mahal, who").
_RELATIVE_BEFORE = re.compile(
    r"(?P<noun>[\w'’-]+(?:\s+[\w'’-]+)?)\s*,\s*(?:who|which|whom|whose|that)\b[^,;:]*$"
)


#: "was not completed until 1880": the act happened then
_NOT_UNTIL = re.compile(r"\b(?:not|n['’]t)\s+(?:\w+\s+){1,3}?until\b", re.IGNORECASE)
#: A clause that opens with the note's thing as a pronoun ("; it opened in 2016").
_OWN_CLAUSE = re.compile(r"\s*(?:it|they|its|their)\b", re.IGNORECASE)
#: A clause whose subject is a common noun ("and the building was finally completed").
_COMMON_NOUN_CLAUSE = re.compile(r"\s*the\s+[a-z]+\s+(?:was|were|had\s+been)\b")


def _one_act_dated_twice(
    a: str,
    b: str,
    a_note: str | None,
    b_note: str | None,
    a_links: tuple[str, ...],
    b_links: tuple[str, ...],
) -> Verdict | None:
    """One thing said to undergo one once-only act (`_ONCE_ACTS`) at two dates that cannot
    both hold (`_thing_acted_on` says which thing)."""
    if _AGAIN.search(a) or _AGAIN.search(b):
        return None
    x, y = parse_claim(a), parse_claim(b)
    for dx in _acts_dated(x):
        for dy in _acts_dated(y):
            if dx[0] != dy[0]:
                continue
            conflicts, agree = date_relation((dx[2],), (dy[2],))
            if not conflicts or agree:
                continue
            title = _thing_acted_on(x, y, (a_note, b_note), (a_links, b_links), (dx[3], dy[3]))
            if title is not None:
                act = dx[1] if dx[1] in _UNDERGONE else f"was {dx[1]}"
                return Verdict(
                    0.75,
                    "conflicting_values",
                    f"different dates: {quoted(dx[2].text)} vs {quoted(dy[2].text)}, both "
                    f"about when {title} {act}",
                )
    return None


def _one_act_placed_twice(
    a: str,
    b: str,
    a_note: str | None,
    b_note: str | None,
    a_links: tuple[str, ...],
    b_links: tuple[str, ...],
) -> Verdict | None:
    """One thing said to undergo one once-only act (`_ONCE_ACTS`, or a burial) in two places
    that no one country holds ("It was built in Florence" in *Vell Chapel* / "the [[Vell
    Chapel]] was built in Seville"; `_thing_acted_on` says which thing)."""
    if _AGAIN.search(a) or _AGAIN.search(b):
        return None
    x, y = parse_claim(a), parse_claim(b)
    if not (_names_an_act(x) and _names_an_act(y)):
        return None  # before the places: most claims name no act done once
    if not (places_named(a) and places_named(b)):
        return None
    for px in _acts_placed(x):
        for py in _acts_placed(y):
            if px[0] != py[0] or not places_apart((px[2].place,), (py[2].place,)):
                continue
            title = _thing_acted_on(x, y, (a_note, b_note), (a_links, b_links), (px[3], py[3]))
            if title is not None:
                act = px[1] if px[1] in _UNDERGONE else f"was {px[1]}"
                return _two_values("places", px[2].text, py[2].text, f"where {title} {act}")
    return None


def _names_an_act(c: ParsedClaim) -> bool:
    """Claim `c` writes a word of an act done once (`_ONCE_ACTS`, a burial)."""
    return any(t.stem in _ACT_GROUP or t.stem in _PLACED_ACT_GROUP for t in c.tokens)


def _acts_placed(c: ParsedClaim) -> list[tuple[str, str, PlaceNamed, str]]:
    """The places claim `c` names each with the once-only act said to happen there: the act
    word nearest before the place in its clause, not negated ("was built in 1420 in
    Florence"): (the act's key, the act as written, the place, the act's clause up to it)."""
    if c.negators:
        return []
    found: list[tuple[str, str, PlaceNamed, str]] = []
    for place in places_named(c.text):
        before = [t for t in c.tokens if t.end <= place.start]
        at = before[-1].norm if before else ""
        if at in _SIDES and len(before) > 1:
            at = before[-2].norm  # "in northern Italy"
        if at not in _AT_PLACE:
            continue  # "in Florence", "at Wells"; not "Florence's", "a Roman"
        act = _act_before(c, before, buried=True)
        if act is not None:
            found.append((act[0], act[1], place, act[2]))
    return found


def _owned_by_title(c: ParsedClaim, note: str) -> bool:
    """Claim `c` opens with a possession of `note`'s thing ("Ana Vell's son was born ..."):
    the owned thing is another."""
    m = _POSSESSION.match(c.text)
    if m is None:
        return False
    owner, owned = _content_words(m.group(1)), _content_words(m.group(2))
    title = _title_stems(note)
    return bool(owner) and bool(owned) and owner <= shared_stems(owner, title)


#: Words before a place where something happens ("built in Florence", "buried at Wells").
_AT_PLACE = frozenset({"in", "at", "near", "on", "the"})
_SIDES = frozenset(
    "north south east west central northern southern eastern western the present-day".split()
)
#: Once-only acts whose place, not date, a note gives.
_PLACED_ACT_GROUP = {stem(w): "buried" for w in ("buried", "interred", "entombed")}


def _thing_acted_on(
    x: ParsedClaim,
    y: ParsedClaim,
    notes: tuple[str | None, str | None],
    links: tuple[tuple[str, ...], tuple[str, ...]],
    clauses: tuple[str, str],
) -> str | None:
    """The title of the note whose thing claims `x` and `y` both say an act was done to: one
    claim of that note speaks of its thing (its subject the title's words, a pronoun, or left
    out, or the act's own clause opening with "it"), and the other's subject names that note
    or links it; or None."""
    for own, note, other_c, other_links, own_clause, other_clause in (
        (x, notes[0], y, links[1], clauses[0], clauses[1]),
        (y, notes[1], x, links[0], clauses[1], clauses[0]),
    ):
        if not note:
            continue
        # "... when the [[Gotthard Base Tunnel]] opened in 2007": the act's own clause
        # names the thing right before the act
        title = _title_stems(note)
        named_as_subject = _subject_is_title(other_c, note) or (
            bool(title) and title <= _content_words(other_clause)
        )
        if not (
            _OWN_CLAUSE.match(own_clause)
            or _speaks_of_own_note(own, note)
            # "Put on sale by Remington in 1874, ...": a line that leaves its subject out
            or bool(subject_left_out(own.text, own.tokens))
            # "the building was finally completed in 1880" in the note, where the other
            # claim's subject is the note's thing
            or (named_as_subject and _COMMON_NOUN_CLAUSE.match(own_clause))
        ):
            continue
        if _owned_by_subject(own, other_c) or _owned_by_title(other_c, note):
            continue  # "Rowan Tesk's brother was born in 1825": another person's birth
        if _linked_title(other_links, note) or named_as_subject:
            return note_title_of(note)
    return None


def _lacked_and_had(first: _Said, second: _Said) -> Verdict | None:
    """One thing said to lack a part or feature (`absence.lacked`) and, with no negation or
    hedge, to have it (`absence.had`): the two claims speak of one note's thing (`_one_thing`),
    and neither sets the statement in a time, a situation or a share of its kind."""
    for (lx, nx, lx_links), (hy, ny, hy_links) in _from_each_side(first, second):
        lacks = lacked(lx)
        if not lacks:
            continue
        apart, every = _set_apart_or_every(lx, hy)
        if apart:
            continue
        x, y = parse_claim(lx), parse_claim(hy)
        if y.negators or x.dates or y.dates or lacked(hy):
            continue
        thing = _one_thing(x, nx, lx_links, y, ny, hy_links, share_of_kind=every)
        if thing is None:
            continue
        for lack in lacks:
            if shared_stems(frozenset({stem(lack.head)}), _title_stems(thing)):
                continue  # "no Sauna" in a note of saunas: the thing itself, not a part of it
            present = had(hy, lack.head)
            if present is not None:
                # its own line: the generic negation line would quote any differing words
                return Verdict(
                    0.7,
                    "semantic_conflict",
                    f"{quoted(lack.text)} vs {quoted(present)}, both about whether "
                    f"{note_title_of(thing)} {lack.relation} {present.split()[-1].lower()}",
                )
    return None


def _set_apart_or_every(negative: str, positive: str) -> tuple[bool, bool]:
    """Whether a hedge, a time, a situation or a share of the kind sets the statements of
    `negative` (what a thing lacks or does not do) and `positive` (that it has or does it)
    apart, and whether `positive` speaks of every member ("Every adult elephant, male or
    female, grows tusks"), which no share of the kind ("Females usually lack tusks") escapes."""
    if _HAS_SET_APART.search(_LIKE_KIND.sub(" ", positive)):
        return True, False
    every = _EVERY.search(positive) is not None
    said = _BOTH_SEXES.sub(" ", positive) if every else positive
    denied = _SHARE_OF_KIND.sub(" ", negative) if every else negative
    return bool(_UNSETTLED.search(denied) or _UNSETTLED.search(said)), every


def _denied_and_done(first: _Said, second: _Said) -> Verdict | None:
    """One thing said not to do something ("Penguins cannot fly" in *Penguin*) and, with no
    negation or hedge, to do it ("When chased, it flies low over the waves" in *Little
    Penguin*): the denied word is written in the other claim, both claims speak of one
    note's thing (`_one_thing`), and neither sets the statement in a time, a situation or a
    share of its kind."""
    for (nx, n_note, nx_links), (ay, a_note_, ay_links) in _from_each_side(first, second):
        x = parse_claim(nx)
        if len(x.negators) != 1 or x.conditional[0] or x.resulting[0]:
            continue
        if x.negators[0].lower() not in _VERB_NEGATORS:
            continue  # "produce no flowers": a lack (`_lacked_and_had`), not a denied act
        heads = x.negated_heads[0]
        if not heads:
            continue
        # "Penguins cannot fly" holds in every situation: "When chased, it flies ..." still
        # says it flies
        situation = _SITUATION_OPENING.match(ay) if _ABSOLUTE.search(nx) else None
        positive = ay[situation.end() :] if situation else ay
        apart, every = _set_apart_or_every(nx, positive)
        if apart:
            continue
        y = parse_claim(ay)
        if y.negators or x.dates or y.dates or lacked(ay) or x.condition:
            continue
        if y.condition and not situation:
            continue
        if x.quantities or y.quantities:
            continue  # "does not melt below 3,400 °C": a limit, which the values compare
        done = shared_stems(heads - _PLAIN_VERBS, y.content - y.subject)
        if not done:
            continue
        thing = _one_thing(
            x, n_note, nx_links, y, a_note_, ay_links, share_of_kind=every, heads=heads
        )
        if thing is None:
            continue
        # (`shared_stems` matches a word in two forms: the words as each claim writes them)
        word = next((w.surface for w in y.words if shared_stems(frozenset({w.stem}), done)), "")
        denied = next((w.surface for w in x.words if w.stem in heads - _PLAIN_VERBS), "")
        if not word or not denied:
            continue
        said = re.search(
            rf"\b(?:(?:does|do|did|is|are|was|were|will|would|could|has|have)\s+)?(?:can\s*not|\w+n['’]t|not|never|no)\b(?:\s+[\w'’-]+){{0,3}}?\s+{re.escape(denied)}\b",
            nx,
            re.IGNORECASE,
        )
        if said is None or _RELATIVE_OPEN.search(nx[: said.start()]):
            continue  # "the harbour masters, who are not patient": another thing's denial
        # what the denial holds beyond its verb ("belong to the nightshade family", "written
        # in Latin") is said in the other claim too, or the two speak of two predicates
        clause = _DENIAL_END.split(nx[said.end() :], maxsplit=1)[0]
        held = {t.stem for t in tokenize(clause) if t.is_content} - _SETTING_STEMS - _TIMES
        if not held <= shared_stems(frozenset(held), y.content):
            continue
        return Verdict(
            0.7,
            "semantic_conflict",
            f"{quoted(said.group())} vs {quoted(word)}, both about {note_title_of(thing)}",
        )
    return None


def _excluded_and_said(first: _Said, second: _Said) -> Verdict | None:
    """One thing said to be, have or use one thing and not another ("Forms its images with a
    beam of electrons instead of visible light" in *Electron Microscope*) and, with no
    negation or hedge, to be or use what was set aside ("An [[Electron Microscope]] is just a
    light microscope ..."): both claims speak of one note's thing (`_one_thing`), the word
    set aside is written outside any comparison, and where both sides qualify it they share
    a qualifier ("commercial yeast" set aside is not "wild yeasts" said)."""
    for (ex, ex_note, ex_links), (said, said_note, said_links) in _from_each_side(first, second):
        set_aside = excluded(ex)
        if not set_aside:
            continue
        # "Bread leavened by ..." in *Sourdough*: a definition of the note's thing
        ex = _as_definition(ex, ex_note, said, said_links)
        said = _as_definition(said, said_note, ex, ex_links)
        kept = without_excluded(said)
        apart, every = _set_apart_or_every(ex, kept)
        if apart:
            continue
        x, y = parse_claim(ex), parse_claim(said)
        if parse_claim(without_excluded(ex)).negators:
            continue
        if x.dates or y.dates or x.quantities or y.quantities or x.condition or y.condition:
            continue
        if lacked(kept):
            continue
        thing = _one_thing(x, ex_note, ex_links, y, said_note, said_links, share_of_kind=every)
        if thing is None:
            continue
        title = _title_stems(thing)
        for aside in set_aside:
            if shared_stems(frozenset({stem(aside.head)}), title):
                continue  # "instead of a mirror" in *Mirror Telescope*: the thing itself
            present = _said_plainly(kept, aside.head, aside.text)
            if present is not None:
                return Verdict(
                    0.7,
                    "semantic_conflict",
                    f"{quoted(aside.text)} vs {quoted(present)}, both about {note_title_of(thing)}",
                )
    return None


def _said_plainly(text: str, head: str, aside: str) -> str | None:
    """Where claim `text` writes a word naming `head` outside a comparison ("like birds"),
    and with no qualifier that the words setting it aside (`aside`: "instead of commercial
    yeast") lack where they qualify it too ("wild yeasts"): the word with its qualifier, and
    the noun it qualifies ("light microscope"); else None."""
    words = re.findall(r"[A-Za-z][A-Za-z'’-]*", text)
    qualifiers = {stem(w.lower()) for w in aside.split()[:-1] if w.lower() not in _NOT_QUALIFYING}
    for k, word in enumerate(words):
        if not same_thing_word(word, head):
            continue
        before = [w.lower() for w in words[max(0, k - 3) : k]]
        if any(w in _COMPARING for w in before):
            continue
        if _negated(_clause_around(text, word)):
            continue  # said not to be there ("no liquid water ever comes out")
        qualifier = before[-1] if before and before[-1] not in _NOT_QUALIFYING else ""
        if qualifier and qualifiers and stem(qualifier) not in qualifiers:
            continue  # two kinds of one thing
        start = k - 1 if qualifier else k
        after = words[k + 1].lower() if k + 1 < len(words) else ""
        # "a light microscope": the noun the word qualifies, where it reads as one
        noun = bool(after) and after not in STOPWORDS and not after.endswith(("s", "ed", "ing"))
        return " ".join(words[start : k + 2 if noun else k + 1])
    return None


def _clause_around(text: str, word: str) -> str:
    """The clause of `text` (between stops, commas, dashes, "and", "but") that first writes
    `word`."""
    for clause in re.split(r"[;:,.()]|\s[—–]\s|—|\b(?:and|but|since|because|while)\b", text):
        if re.search(rf"\b{re.escape(word)}\b", clause):
            return clause
    return text


def _negated(clause: str) -> bool:
    """Clause `clause` holds a negator (`text.negator_in`: "no", "never", "cannot", "lacks",
    "unable to" ...)."""
    tokens = tokenize(clause)
    return any(negator_in(tokens, i) for i in range(len(tokens)))


#: Words before a thing that compare it with another ("like birds", "than glass").
_COMPARING = frozenset(
    """like unlike than as versus vs resembling resembles resemble resembled similar
    compared besides except instead rather""".split()
)
#: Words before a noun that do not say which kind of it is meant.
_NOT_QUALIFYING = (
    _DETERMINING
    | STOPWORDS
    | frozenset("instead rather than not just only simply really merely".split())
)


def _gone_and_still_there(first: _Said, second: _Said) -> Verdict | None:
    """One thing said to be gone ("Nothing of it stands today", "no longer exist", "was
    demolished") and, with no negation, to be there still ("still rises over the harbour",
    "remains in working order"): both claims speak of one note's thing
    (`_said_of_one_thing`), and neither says it was made again ("rebuilt", "a replica")."""
    said_a, said_b = _gone_or_there(first.text), _gone_or_there(second.text)
    if said_a is None or said_b is None:
        return None
    for (gx, g_note, g_links), (sy, s_note, s_links), (gone, _), (also_gone, there) in (
        (first, second, said_a, said_b),
        (second, first, said_b, said_a),
    ):
        if gone is None or there is None or also_gone is not None:
            continue
        if _negated(_clause_around(sy, there.group().split()[0])):
            continue
        if parse_claim(gx).condition or parse_claim(sy).condition:
            continue
        thing = _said_of_one_thing(
            (gx[: gone.end()], g_note, g_links), (sy[: there.start()], s_note, s_links)
        )
        if thing is None:
            continue
        return Verdict(
            0.7,
            "semantic_conflict",
            f"{quoted(gone.group())} vs {quoted(there.group())}, both about whether "
            f"{note_title_of(thing)} is still there",
        )
    return None


@claim_cache(1 << 14)
def _gone_or_there(text: str) -> tuple[re.Match[str] | None, re.Match[str] | None] | None:
    """Where claim `text` says its thing is gone (`_GONE`) and where it says it is still there
    (`_STILL_THERE`); None where it says neither, or says it was made again (`_AGAIN`)."""
    gone, there = _GONE.search(text), _STILL_THERE.search(text)
    if (gone is None and there is None) or _AGAIN.search(text):
        return None
    return gone, there


def _said_of_one_thing(
    x: tuple[str, str | None, tuple[str, ...]], y: tuple[str, str | None, tuple[str, ...]]
) -> str | None:
    """The note both claims say something of, each given as (its words up to what it says,
    its note, the notes it links): the words of one open with "it" or "they" ("Nothing of it
    ...") or write its own note's title, and the words of the other write that title or a
    link to it ("Herds of wild [[Dromedary|dromedaries]]"); else None."""
    for (own, note, _), (other, _, links) in ((x, y), (y, x)):
        if not note:
            continue
        title = _title_stems(note)
        if not title:
            continue
        own_clause = re.split(r"[;:.]", own)[-1]
        if not (_OWN_PRONOUN.search(own_clause) or title <= _content_words(own_clause)):
            continue
        other_clause = re.split(r"[;:.]", other)[-1]
        named = _linked_title(links, note) or title
        if named <= _content_words(other_clause) or title <= _content_words(other_clause):
            return note
    return None


_OWN_PRONOUN = re.compile(r"^\s*(?:\w+\s+of\s+)?(?:it|they|them)\b", re.IGNORECASE)
#: A thing said to be gone.
_GONE = re.compile(
    r"\b(?:no\s+longer\s+(?:exists?|stands?|survives?|remains?|lives?|roams?|operates?|runs?"
    r"|works?|functions?|in\s+(?:use|service|operation))"
    r"|(?:nothing|none|no\s+trace|no\s+part)\s+of\s+(?:it|them|the\s+[\w-]+)\s+"
    r"(?:now\s+|still\s+)?(?:stands?|survives?|remains?|is\s+left)"
    r"|(?:does|do|did)\s+not\s+survive"
    r"|(?:is|are)\s+(?:now\s+)?extinct"
    r"|(?:was|were)\s+(?:later\s+|eventually\s+)?(?:demolished|torn\s+down|pulled\s+down|razed"
    r"|dismantled|scrapped))\b",
    re.IGNORECASE,
)
#: A thing said to be there still.
_STILL_THERE = re.compile(
    r"\b(?:still\s+(?:exists?|stands?|standing|survives?|rises?|roams?|lives?|operates?|runs?"
    r"|works?|functions?|towers?|in\s+(?:use|service|operation)|open)"
    r"|(?:survives?|remains?|stands?|exists?)\s+(?:today|to\s+this\s+day)"
    r"|(?:remains?|is\s+still|are\s+still)\s+in\s+(?:working\s+order|use|service|operation))\b",
    re.IGNORECASE,
)


def _placed_apart(first: _Said, second: _Said) -> Verdict | None:
    """One fixed thing set in places that no one country holds, wherever in the sentence
    the places stand ("The national bagpipe of Ireland" in *Uilleann Pipes* / "the [[Uilleann
    Pipes|uilleann pipes]] hold in their native Scotland"): a line of the thing's own note and
    a line that names it by its title or a link, each placing it (a place after "in", "at",
    "near", "of", "from" ...) in countries the other never names, with nothing negated,
    hedged, moved, compared or set in another time or instance. The thing's own name is no
    place it is put in ("ash from Mount Vesuvius" in a line about Mount Vesuvius)."""
    titles = {note_title_of(n).casefold() for n in (first.note, second.note) if n}
    places_a = [p for p in _one_place_said(first.text) if p.text.casefold() not in titles]
    if not places_a:
        return None
    places_b = [p for p in _one_place_said(second.text) if p.text.casefold() not in titles]
    if not places_b:
        return None
    if not places_apart((p.place for p in places_a), (p.place for p in places_b)):
        return None
    note = _plainly_of_one_thing(first, second)
    if note is None:
        return None
    return _two_values(
        "places", places_a[0].text, places_b[0].text, f"where {note_title_of(note)} is"
    )


def _fed_apart(first: _Said, second: _Said) -> Verdict | None:
    """One animal said to live mainly on foods of different kinds ("It lives mainly on other
    birds" in *Peregrine Falcon* / "[[Peregrine Falcon|Peregrines]] feed chiefly on rabbits
    and other small ground mammals"): a line of its own note and a line that names it, with
    nothing negated or under a condition (`traits.staple_in`)."""
    staple_a = staple_in(first.text)
    if staple_a is None:
        return None
    staple_b = staple_in(second.text)
    if staple_b is None or staple_a.kinds & staple_b.kinds:
        return None
    note = _plainly_of_one_thing(first, second)
    if note is None:
        return None
    return _two_values(
        "staples", staple_a.text, staple_b.text, f"what {note_title_of(note)} mainly eats"
    )


#: A name as ends are written: capitalised words, perhaps joined by a particle ("the Bay of
#: Biscay", "Port Said", "Coquelles in France").
_END = (
    r"(?:the\s+)?[A-Z][\w'’.-]*(?:\s+(?:(?:of|de|del|la|le|du|the|in|on|upon|am|near)\s+)?"
    r"[A-Z][\w'’.-]*){0,5}"
)
#: What a route joins: "connects A with B", "links A and B", "between A and B", "from A to B".
_ROUTE_ENDS = re.compile(
    rf"\b(?:(?:connect(?:s|ed|ing)?|link(?:s|ed|ing)?|join(?:s|ed|ing)?)\s+(?P<a1>{_END})\s+"
    rf"(?:\w+ly\s+)?(?:with|and|to)\s+(?P<a2>{_END})|between\s+(?P<b1>{_END})\s+and\s+(?P<b2>{_END})"
    rf"|\bfrom\s+(?P<c1>{_END})\s+to\s+(?P<c2>{_END}))(?![\w'’-])"
)
#: Words that make a route's ends another route's, or ends at another time.
_ANOTHER_ROUTE = re.compile(
    r"\b(?:extend\w*|extension|branch\w*|later|now|today|originally|formerly|planned|proposed"
    r"|would|will|could|once|also|other|another|each|every|some|many|most|until|since|before"
    r"|after|via|through|flights?|ferr(?:y|ies)|trips?|journeys?|voyages?|routes?|services?)\b",
    re.IGNORECASE,
)


@claim_cache(1 << 14)
def _route_ends(text: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The two ends claim `text` says a route joins, each as written with the places it
    names (`places_apart`'s keys), where both name a place and nothing says the ends are
    another route's or another time's; else ()."""
    if _ANOTHER_ROUTE.search(text):
        return ()
    m = _ROUTE_ENDS.search(text)
    if m is None:
        return ()
    ends = [m[k].rstrip(".") for k in ("a1", "a2", "b1", "b2", "c1", "c2") if m[k]]
    read = tuple((end, tuple(p.place for p in places_named(end))) for end in ends)
    return read if all(places for _, places in read) else ()


def _ends_apart(first: _Said, second: _Said) -> Verdict | None:
    """One route said to join different places ("It connects Folkestone in England with
    Coquelles in France" in *Channel Tunnel* / "The [[Channel Tunnel]] runs ... between
    England and the Netherlands"): an end of one claim that lies apart from both ends of the
    other (`places_apart`), said by a line of the route's own note and a line naming it,
    with nothing negated or under a condition."""
    ends_a = _route_ends(first.text)
    if not ends_a:
        return None
    ends_b = _route_ends(second.text)
    if not ends_b:
        return None
    if not any(
        all(places_apart(end[1], other[1]) for other in others)
        for ends, others in ((ends_a, ends_b), (ends_b, ends_a))
        for end in ends
    ):
        return None  # every end lies where one of the other claim's may
    note = _plainly_of_one_thing(first, second)
    if note is None:
        return None
    said_a = " and ".join(end for end, _ in ends_a)
    said_b = " and ".join(end for end, _ in ends_b)
    return _two_values("ends", said_a, said_b, f"what {note_title_of(note)} joins")


#: What may follow the noun phrase of a line that defines its note's thing: a relative
#: clause or a participle ("..., whose first line opened ...", "..., classically served with").
_DEFINITION_TAIL = re.compile(
    r"\s*(?:whose|which|that|where|who)\b|\s*(?:\w+ly\s+)?(?:\w+ed|\w+en|made|built|grown|"
    r"found|known|sold|spun|worn|held|kept|set|laid|bred|born|dug|drawn|sung|written)\b",
)


def _defines_own_thing(c: ParsedClaim) -> bool:
    """Claim `c` is a line that says what its note's thing is without a verb of its own: a
    noun phrase, then perhaps a relative clause or a participle after a comma ("Little
    ear-shaped pasta from Apulia, classically served with turnip tops", "Japan's high-speed
    rail network, whose first line opened in 1964 ..."); not a line naming something else
    before a comma ("In Genoa, ...")."""
    head, comma, tail = c.text.partition(",")
    if c.negators or c.pronoun_subject or c.first_person or not head[:1].isupper():
        return False
    if head.split()[0].lower() in _NOT_DEFINING_OPENINGS:
        return False
    if not parse_claim(head.rstrip(" .") + ".").fragment:
        return False  # a verb in the opening phrase: a sentence, not a definition
    return not comma or _DEFINITION_TAIL.match(tail) is not None


#: Words that open a phrase saying when, where or how, not what the thing is.
_NOT_DEFINING_OPENINGS = frozenset(
    """in on at by for from with without after before during since until when while if
    unlike like although though as because once""".split()
)


def _plainly_of_one_thing(first: _Said, second: _Said) -> str | None:
    """The note whose thing both claims speak of (`_own_thing_named`), where neither claim
    negates anything or holds under a condition; else None."""
    x, y = parse_claim(first.text), parse_claim(second.text)
    if x.negators or y.negators or x.condition or y.condition:
        return None
    return _own_thing_named(first, second, x, y)


def _two_values(what: str, said_a: str, said_b: str, question: str) -> Verdict:
    """The verdict of one thing given two values of one relation: 'different places:
    "Paris" vs "Lyon", both about where Vell Arch is'."""
    return Verdict(
        0.7,
        "semantic_conflict",
        f"different {what}: {quoted(said_a)} vs {quoted(said_b)}, both about {question}",
    )


def _own_thing_named(first: _Said, second: _Said, x: ParsedClaim, y: ParsedClaim) -> str | None:
    """The note whose thing both claims speak of (`x`, `y`: `first`, `second` parsed): one
    a line of that note about its own thing, the other naming it by a link or by its title
    as the subject, and not itself a line of its own note's thing; None where no note is."""
    for own, note, other, other_links, other_note in (
        (x, first.note, y, second.links, second.note),
        (y, second.note, x, first.links, first.note),
    ):
        if not note or _owned_by_subject(own, other):
            continue
        if not (_of_own_thing(own, note) or _defines_own_thing(own)):
            continue
        if other_note and _of_own_thing(other, other_note):
            continue  # each line of its own note's thing: two things
        if _linked_title(other_links, note) or _subject_is_title(other, note):
            return note
    return None


#: What a thing is made of, after the verb that says so: "made of crushed cochineal insects",
#: "ground from stibnite", "consist of freshwater ice", "comes mostly from marine plankton".
_MADE_OF = re.compile(
    r"\b(?:(?:made|formed|ground|pressed|spun|carved|brewed|distilled|derived|cast|woven)"
    r"\s+(?:[a-z]+ly\s+)?(?:from|of|out\s+of)|consists?\s+(?:[a-z]+ly\s+)?of"
    r"|comes?\s+(?:[a-z]+ly\s+)?from)\s+(?P<what>[^.;:,()\[\]—–]+)",
    re.IGNORECASE,
)
#: Words that make a material one of several or a part: "partly made of", "also ground from".
_PART_MATERIAL = re.compile(
    r"\b(?:partly|partially|in\s+part|also|sometimes|often|occasionally|can\s+be|may\s+be"
    r"|some|including|among|as\s+well|together\s+with|or\s+other)\b",
    re.IGNORECASE,
)
#: Where the name of a material ends: a relative clause, a place, a participle after it.
_MATERIAL_END = re.compile(
    r"\s+(?:that|which|who|in|on|at|into|under|over|by|with|when|where|while|so|because|and\s+then)\b"
)


def _materials(text: str) -> tuple[str, frozenset[str]] | None:
    """What claim `text` says a thing is made of: the material as written and the stems of
    every word of its phrase; None where it says nothing of it, or makes it one of several."""
    found = list(_MADE_OF.finditer(text))
    if not found or _PART_MATERIAL.search(text):
        return None
    phrase = found[0]["what"]
    shown = _MATERIAL_END.split(phrase, maxsplit=1)[0].strip()
    # "land plants buried in ...": a participle after the material describes it
    kept = shown.split()
    cut = next((k for k, w in enumerate(kept) if k > 0 and w.endswith("ed")), len(kept))
    shown = " ".join(kept[:cut])
    words = frozenset(
        t.stem for m in found for t in tokenize(m["what"]) if t.kind == "word" and t.is_content
    )
    return (shown, words) if shown and words else None


def has_material_word(text: str) -> bool:
    """Claim `text` may say what something is made of (`_MADE_OF`): the cheap filter."""
    return _MADE_OF.search(text) is not None


def material_about(text: str, title: str, *, own: bool) -> tuple[str, str] | None:
    """(the material's words, the material as written) where claim `text` says what the
    thing of the note titled `title` is made of: as a line of that note (`own`) with its
    subject left out, a pronoun or the title, or as a line whose subject is the title; None
    where it says nothing of it, denies it or makes it one of several."""
    made = _materials(text)
    if made is None or not _said_of(text, title, own=own):
        return None
    return " ".join(sorted(made[1])), made[0]


def has_staple_word(text: str) -> bool:
    """Claim `text` says what something mainly lives on (`traits.staple_in`): the filter
    before whom it says it of."""
    return staple_in(text) is not None


def staple_about(text: str, title: str, *, own: bool) -> tuple[str, str] | None:
    """(the kinds of food, the food as written) where claim `text` says what the thing of
    the note titled `title` mainly lives on (`traits.staple_in`), as `material_about` reads
    whom a claim speaks of; else None."""
    staple = staple_in(text)
    if staple is None or not _said_of(text, title, own=own):
        return None
    return " ".join(sorted(staple.kinds)), staple.text


def _said_of(text: str, title: str, *, own: bool) -> bool:
    """Claim `text`, with nothing negated, speaks of the thing of the note titled `title`:
    as a line of that note (`own`) with its subject left out, a pronoun or the title, or as
    a line whose subject is the title."""
    c = parse_claim(text)
    if c.negators:
        return False
    title_stems = frozenset(
        t.stem for t in tokenize(title) if t.kind == "word" and is_content_stem(t.stem)
    )
    subject = c.subject_head or c.subject
    names_it = bool(title_stems) and shared_stems(title_stems, subject) == title_stems
    said_of_own = not subject or c.pronoun_subject or bool(subject_left_out(c.text, c.tokens))
    return names_it or (own and said_of_own)


def _made_of_apart(first: _Said, second: _Said) -> Verdict | None:
    """One thing said to be made of materials that share no word ("Traditionally ground from
    stibnite" in *Kohl* / "Ancient [[Kohl]] was made of crushed cochineal insects"): a line
    of the thing's own note and a line whose subject is its title or a link to it, with
    nothing negated, neither material set in a condition, and neither one of several."""
    made_a = _materials(first.text)
    if made_a is None:
        return None
    made_b = _materials(second.text)
    if made_b is None or shared_stems(made_a[1], made_b[1]) or shared_stems(made_b[1], made_a[1]):
        return None
    x, y = parse_claim(first.text), parse_claim(second.text)
    if x.negators or y.negators:
        return None
    if shared_stems(made_a[1], x.condition) or shared_stems(made_b[1], y.condition):
        return None  # "if the dough is made of rye flour": a case, not what it is made of
    note = _own_thing_named(first, second, x, y)
    if note is None:
        return None
    return _two_values("materials", made_a[0], made_b[0], f"what {note_title_of(note)} is made of")


#: The rules `assess` tries, in order, where the verdict shows no conflict: one note's thing
#: said to lack, not to do, to be instead, to be gone, to be elsewhere, to join other
#: places, to be made of something else or to live mainly on another food.
_AFTER_THE_VERDICT: tuple[Callable[[_Said, _Said], Verdict | None], ...] = (
    _lacked_and_had,
    _denied_and_done,
    _excluded_and_said,
    _gone_and_still_there,
    _placed_apart,
    _ends_apart,
    _made_of_apart,
    _fed_apart,
)


@claim_cache(1 << 14)
def _one_place_said(text: str) -> tuple[PlaceNamed, ...]:
    """The places claim `text` puts something in (`_places_placed`), where nothing in it
    says the thing moves, spans, is compared, is another instance or is met with in many
    places (`_NOT_ONE_PLACE`, `_ANOTHER_INSTANCE`); else none."""
    if not (may_locate(text) or _PLACE_OWNS.search(text)) or not places_named(text):
        return ()
    if _NOT_ONE_PLACE.search(text) or _ANOTHER_INSTANCE.search(text):
        return ()
    return tuple(_places_placed(text))


def _places_placed(text: str) -> list[PlaceNamed]:
    """The places of claim `text` that put something in them (`_placed_at`), and the places
    listed right after one ("in Saxony-Anhalt, Germany")."""
    out: list[PlaceNamed] = []
    for place in places_named(text):
        listed = bool(out) and re.fullmatch(r"\s*(?:,|and)\s*", text[out[-1].end : place.start])
        if listed or _placed_at(text, place):
            out.append(place)
    return out


def _placed_at(text: str, place: PlaceNamed) -> bool:
    """Place `place` of claim `text` stands where a thing is put ("in", "at", "near", "off",
    "of", "from" before it, perhaps with a side: "in southern France"), not as a word that
    describes another thing ("the Augsburg craftsman"), or opens the claim as the owner of
    what the claim lists ("Genoa's home shapes are trofie and orecchiette")."""
    if place.start == 0 and _PLACE_OWNS.match(text, place.end):
        return True
    before = re.findall(r"[\w'’-]+", text[: place.start].lower())[-4:]
    while before and before[-1] in _SIDES:
        before.pop()
    if len(before) >= 2 and before[-1] == "of":
        # "the capital of Chile", "the Yangtze valley of China": a place of the country;
        # "the national bagpipe of Ireland": the country's own
        return before[-2] in _PARTS_OF_PLACES or (len(before) >= 3 and before[-3] == "national")
    return bool(before) and (
        before[-1] in _PLACING
        or " ".join(before[-2:]) in _PLACING_PAIRS
        # "their native Scotland"
        or (before[-1] == "native" and len(before) > 1 and before[-2] in _OWNERS)
    )


_OWNERS = frozenset("its their his her".split())
#: Two words before a place that put something in it ("belongs to the Rocky Mountains").
_PLACING_PAIRS = frozenset(
    {"close to", "next to", "native to", "belongs to", "belong to", "belonged to"}
)
#: After a place opening a claim: what of the place the claim lists ("'s famous reds include",
#: "'s home shapes are"), a kind of thing of that place.
_PLACE_OWNS = re.compile(
    r"['’]s\s+(?:[a-z][\w-]*\s+){1,3}?(?:include|includes|included|are|were)\s"
)
#: Words that pick another instance of a thing, or say it was moved or made again.
_ANOTHER_INSTANCE = re.compile(
    rf"\b(?:current|present|previous|former|{_NEW_NOT_NAME}|original|{_ORDINAL_NOT_RANK}|later"
    r"|earlier|rebuilt|again|reconstruct\w*|re-?erected|restor\w*|replac\w*|relocat\w*"
    r"|replica|copy)\b",
    re.IGNORECASE,
)
#: Nouns that put what they name in the place after "of".
_PARTS_OF_PLACES = frozenset(
    """capital city town village port region province state district county island islands
    coast coasts shore shores valley hills mountains plain plains north south east west centre
    center heart outskirts suburbs interior highlands lowlands delta basin tip bank banks edge
    foot slopes mouth end side corner""".split()
)


#: Words before a place that put something in it.
_PLACING = frozenset(
    "in at near on off over above beside from within outside around below under".split()
)
#: Words that say a thing moves, spans, is compared or is another instance, or that set it
#: in another time: two places may then both hold.
_NOT_ONE_PLACE = re.compile(
    r"\b(?:moved|moves|relocated|transferred|sold|exported|imported|shipped|brought|carried"
    r"|taken|introduced|spread|spreads|migrat\w*|emigrat\w*|fled|exiled|toured|tours|visit\w*"
    r"|travel\w*|exhibited|displayed|loaned|lent|drift\w*|sail\w*|flows?|runs?|stretch\w*"
    r"|cross\w*|pass\w*|winds?|travers\w*|extends?|meander\w*|drains?|through|across|along"
    r"|between|both|also|too|as\s+well|instead|unlike|like|than|other|another|others"
    # (another instance: `_ANOTHER_INSTANCE`)
    r"|formerly|originally|copies|once|now|today|until|since|before|after|separately"
    r"|independently|each|every|some|many|most|mainly|mostly|partly|largely|chiefly|including"
    r"|included"
    r"|borders?|bordering|neighbour\w*|neighbor\w*|he|she|his|her|him|inspired|modell?ed"
    r"|based|named|imitat\w*|resembl\w*|copied|style|influenc\w*|architects?|designers?"
    r"|makers?|builders?|founders?|artists?|painters?|owners?|sources?|import\w*|trade\w*"
    # where a kind is grown, used or met with: many places at once
    r"|grown|grows?|cultivated|farmed|raised|eaten|used|popular|played|spoken|worn|common"
    r"|found|lives?|inhabits?|occurs?|breeds?|nests?|seen|known|wild)\b",
    re.IGNORECASE,
)


#: Negators that deny in every situation ("cannot fly", "never flowers").
_ABSOLUTE = re.compile(r"\b(?:cannot|can['’]t|can\s+not|never)\b", re.IGNORECASE)
#: A situation opening a claim ("When chased, ...", "If disturbed, ...").
_SITUATION_OPENING = re.compile(r"\s*(?:when|whenever|if)\b[^,;:]{1,40},\s*", re.IGNORECASE)
#: Where what a denial holds ends: the clause, or a contrast ("not dolphins but ...").
_DENIAL_END = re.compile(r"[;:.,]|\s[—–]\s|\b(?:but|rather|instead)\b")
#: Words after a denied verb that set it, not what is denied ("at all as an adult").
_SETTING_STEMS = frozenset(
    stem(w) for w in "adult adults ever all any either itself themselves alone whatsoever".split()
)
#: A relative clause open before a word ("..., who are"): what follows is said of its noun.
_RELATIVE_OPEN = re.compile(r"\b(?:who|which|that|whose|whom|where)\b[^,;:.]*$", re.IGNORECASE)
#: Negators that deny a verb ("does not feed", "cannot fly", "never flowers").
_VERB_NEGATORS = frozenset({"not", "never", "cannot", "can't", "n't", "can not"})
#: Verbs too plain to say what is denied on their own ("does not have", "is not").
_PLAIN_VERBS = frozenset(
    stem(w) for w in "be is are was were have has had do does did make get use take go".split()
)


def _one_thing(
    x: ParsedClaim,
    x_note: str | None,
    x_links: tuple[str, ...],
    y: ParsedClaim,
    y_note: str | None,
    y_links: tuple[str, ...],
    *,
    share_of_kind: bool = False,
    heads: frozenset[str] | None = None,
) -> str | None:
    """The note whose thing claims `x` and `y` both speak of: one speaks of its own note's
    thing and the other has that note as its subject, by its title or a link; or `x` speaks of
    a kind in its note (*Fern*) and `y` of a member of that kind in its own (*Maidenhair Fern*:
    the title's last word) and says that no member has it, or `y` says its thing is like the
    others of that kind ("Like other snakes, it hears ..."). With `share_of_kind`, `x` may
    speak of a share of its note's kind ("Females usually lack tusks"); with `heads` (the
    stems of what `x` denies or lacks), a kind named bare speaks of every member."""
    for own, note, other, links in ((x, x_note, y, y_links), (y, y_note, x, x_links)):
        shares = share_of_kind and own is x
        if not note or not _of_own_thing(own, note, shares) or _owned_by_subject(own, other):
            continue
        linked = _linked_title(links, note)
        # the subject writes the link, perhaps by an alias that keeps most of the title's
        # words ("[[Term Life Insurance|Term life policies]] accumulate ...")
        if linked and 2 * len(shared_stems(linked, other.subject)) > len(linked):
            return note
        if _subject_is_title(other, note):
            # "Ferns never produce flowers" beside *Maidenhair Fern*: a kind is the subject
            # only where it lacks what its member has ("Saunas have chimneys" allows one
            # without)
            said = other.subject_head or other.subject
            whole = _title_stems(note) <= shared_stems(_title_stems(note), said)
            if whole or (other is x and _UNIVERSAL.search(x.text)):
                return note
    if x_note and y_note and _of_own_thing(x, x_note) and _of_own_thing(y, y_note):
        kind, member = _title_sequence(x_note), _title_sequence(y_note)
        like = _LIKE_KIND.search(y.text)
        if len(kind) == 1 and like is not None and stem(like["kind"].lower()) == stem(kind[0]):
            return x_note
        if len(kind) == 1 and len(member) > 1 and stem(member[-1]) == stem(kind[0]):
            # "Ferns never produce flowers", or the kind named bare ("Penguins cannot fly")
            # where the member's name says nothing of what is denied ("Weighted Graph" of
            # "Graphs have no weights" is the exception its name makes)
            kind_stem = frozenset({stem(kind[0])})
            generic = (
                heads is not None
                and _bare_kind(x, kind_stem)
                and looks_plural(x.text.split()[0].lower())
                and not shared_stems(frozenset(stem(w) for w in member[:-1]), heads)
            )
            if _UNIVERSAL.search(x.text) or generic:
                return x_note
    return None


#: "Like other snakes", "as with all ferns": the kind a claim says its thing belongs to (the
#: thing said to share what its kind has, not set apart from it).
_LIKE_KIND = re.compile(
    r"\b(?:like|as\s+with|as\s+in)\s+(?:all\s+)?other\s+(?P<kind>[a-z][\w-]*)", re.IGNORECASE
)


#: What makes a kind's lack hold of every member ("Ferns never produce flowers"; "Graphs have
#: no weights" leaves weighted graphs aside).
_UNIVERSAL = re.compile(r"\b(?:never|none|at\s+all|whatsoever|every|all)\b", re.IGNORECASE)


def _of_own_thing(c: ParsedClaim, note: str, shares: bool = False) -> bool:
    """Claim `c` of `note` speaks of the note's thing (`_speaks_of_own_note`, its subject the
    whole title or a pronoun), leaves its subject out ("Finds its prey by echolocation"), or
    opens, after a time or an adverb, with "it", "they", "there is" or with what it lacks
    ("Naturally free of caffeine", "In late spring it bears ..."); with `shares`, its subject
    may be a share of the thing's kind ("Females usually lack tusks")."""
    subject = c.subject_head or c.subject
    if shares and subject and subject <= _SHARE_STEMS:
        return not _DEMONSTRATIVE.match(c.text)
    title = _title_stems(note)
    # a subject of some of the title's words is one item of a list note ("The spell ..." in
    # *Spells and Their Schools*), and "this spell" one the context names, not the note's thing
    whole = not subject or title <= shared_stems(title, subject)
    if _DEMONSTRATIVE.match(c.text):
        return False
    return (
        (_speaks_of_own_note(c, note) and whole)
        or bool(subject_left_out(c.text, c.tokens))
        or bool(_OWN_OPENING.match(c.text))
    )


_DEMONSTRATIVE = re.compile(r"\s*(?:This|These|That|Those)\s+[a-z]")
#: Shares of a kind that may stand as a subject ("Females", "Adult males").
_SHARE_STEMS = frozenset(
    stem(w) for w in "female females male males adult adults young juvenile juveniles".split()
)
_OWN_OPENING = re.compile(
    r"(?:(?:\w+ly|in|at|on|during)\s+(?:\w+\s+){0,3}?)?"
    r"(?:it|they|its|their|there\s+(?:is|are|was|were)|lacks?|free\s+of|devoid\s+of|no)\b",
    re.IGNORECASE,
)


def _title_sequence(note: str) -> list[str]:
    """The words of `note`'s title in order, lower case."""
    return [t.norm for t in tokenize(note_title_of(note)) if t.kind == "word"]


#: Words that set a statement in a share of its kind, a time or a situation ("usually lack
#: tusks", "no longer has a chimney", "if it is fired hot").
_UNSETTLED = re.compile(
    r"\b(?:usually|mostly|most|many|often|sometimes|occasionally|rarely|seldom|generally|"
    r"typically|few|some(?!\s+\d)|may|might|no\s+longer|any\s*more|formerly|originally|used\s+to|if|unless|"
    r"whenever|until|nowadays|young|juveniles?|females?|males?)\b",
    re.IGNORECASE,
)
#: A claim said of every member of a kind ("Every adult elephant ...", "All ferns ...").
_EVERY = re.compile(r"^\s*(?:Every|All|Each)\b|\balways\b")
#: Both sexes named together, which takes in every member ("male or female").
_BOTH_SEXES = re.compile(
    r"\b(?:males?\s+(?:or|and)\s+females?|females?\s+(?:or|and)\s+males?|both\s+sexes)\b",
    re.IGNORECASE,
)
#: Words that set a statement in a share of its kind, or hedge it as usual ("Females usually").
_SHARE_OF_KIND = re.compile(
    r"\b(?:usually|mostly|most|many|often|generally|typically|few|some(?!\s+\d)|young"
    r"|juveniles?|females?|males?|adults?)\b",
    re.IGNORECASE,
)
#: Words that set the having claim's thing apart from the lacking one's, or in a time.
_HAS_SET_APART = re.compile(
    r"\b(?:unlike|rather\s+than|instead|than|except|(?<!the\s)(?<!each\s)others?|when|once|before|after|during|"
    r"still|today|now|yet|free|\w+-free|lacks?|lacking)\b",
    re.IGNORECASE,
)


#: Acts said without "was" ("when the ship sank").
_UNDERGONE = frozenset("died sank collapsed abdicated merged struck retired".split())


def _capitalised_at(text: str, names: frozenset[str]) -> list[int]:
    """Where `text` writes one of `names` (stems) with a capital, sentence start included: a
    proper name."""
    return [
        t.start
        for t in tokenize(text)
        if t.kind == "word" and t.stem in names and text[t.start : t.start + 1].isupper()
    ]


def _only_capitalised(text: str, names: frozenset[str]) -> bool:
    """`text` writes `names` (stems), and each time with a capital: "Earth", not "Ranged"
    beside "range"."""
    written = [t for t in tokenize(text) if t.kind == "word" and t.stem in names]
    return bool(written) and all(text[t.start : t.start + 1].isupper() for t in written)


def _measures_another(c: ParsedClaim, named: frozenset[str], titled: frozenset[str]) -> bool:
    """Claim `c`'s subject is another named thing than the one both claims measure: a claim
    that writes the name (`named`) with another name as its subject ("Vell6 keys ... twice
    the size of Vell4 ones"), or a claim of the note with a name of two words or more as its
    subject ("Tarn Dyke further south was ..." in *Vell Dyke*) or a name its letters show;
    `titled` holds the notes' title words, which are no other thing."""
    names = _subject_names(c)
    if named & c.upper:
        return bool(names - titled)
    # one capitalised word may open any sentence; a run of two, or a word whose inner
    # capitals or digits show a name ("IP lives at layer 3" in *OSI Model*), is a name
    return (len(names) >= 2 or bool(names & _shaped_names(c))) and bool(names - titled)


def _shaped_names(c: ParsedClaim) -> frozenset[str]:
    """The stems of claim `c`'s words whose inner capitals or digits show a name ("IP",
    "IPv6", "X11", "x86-64")."""
    return frozenset(
        t.stem
        for t in c.tokens
        if t.kind == "word"
        and any(ch.isdigit() or ch.isupper() for ch in c.text[t.start + 1 : t.end])
    )


def _subject_names(c: ParsedClaim) -> frozenset[str]:
    """The names in claim `c`'s subject: capitalised words, and at the sentence's start a
    word whose letters or digits show a name ("IPv6", "X11") where a capital shows none."""
    first = next((t for t in c.tokens if t.kind == "word"), None)
    coined = (
        {first.stem}
        if first is not None
        and any(ch.isdigit() or ch.isupper() for ch in c.text[first.start + 1 : first.end])
        else set()
    )
    return frozenset((c.upper | coined) & c.subject)


def _widened(c: ParsedClaim) -> tuple[Quantity, ...]:
    """Claim `c`'s quantities; the only one of its dimension measures what the whole claim
    speaks of ("Lake Vell -- the deepest lake there is, bottoming out at a little over 900 m"),
    so its anchor takes in the claim's content words."""
    dims = [q.unit for q in c.quantities]
    return tuple(
        replace(q, anchor=q.anchor | (c.content - c.aside - c.condition))
        if dims.count(q.unit) == 1
        else q
        for q in _negated_limits(c)
    )


_DETERMINERS = frozenset("a an the its their his her our your some any".split())
#: Words that say something happens at a time ("takes place on", "is held in").
_OCCURRING = frozenset(
    stem(w) for w in "take takes took place held happen happens occur occurs scheduled".split()
)
#: Words that place a thing in time ("dated from", "belongs to the 1800s") or hedge when it
#: is ("usually", "traditionally").
_DATING = frozenset(
    stem(w)
    for w in """date dates dated belong belongs belonged usually typically generally commonly
    traditionally often""".split()
)
#: Words that open a phrase placing a date by an event (", just after the Napoleonic Wars").
_EVENT_PLACING = frozenset("after before during following".split())
_EVENT_PLACING_DEGREES = frozenset("just shortly soon right long well".split())


def _when_words(c: ParsedClaim) -> frozenset[str]:
    """Stems of claim `c` that only say when: words of dating and their hedges (`_DATING`),
    and a phrase after a comma that places the time by an event (", just after the
    Napoleonic Wars", ", during the reign of ..."), up to the end of its clause."""
    tokens = c.tokens
    out = {t.stem for t in tokens if t.stem in _DATING}
    for k, t in enumerate(tokens):
        if t.norm not in _EVENT_PLACING:
            continue
        j = k - 1
        if j >= 0 and tokens[j].norm in _EVENT_PLACING_DEGREES:
            j -= 1
        if j < 0 or tokens[j].norm != ",":
            continue
        for u in tokens[k + 1 :]:
            if u.kind == "punct":
                break
            out.add(u.stem)
        if j + 1 < k:
            out.add(tokens[j + 1].stem)
    return frozenset(out)


def _beside_denied(c: ParsedClaim, o: ParsedClaim) -> frozenset[str]:
    """The stems of claim `c`'s words that describe a noun claim `o` says is not there:
    "thick" in "Mercury has a thick atmosphere" against "Mercury has no atmosphere"."""
    denied = _had_none(o)
    if not denied:
        return frozenset()
    words = [t for t in c.tokens if t.kind == "word"]
    out: set[str] = set()
    for k, t in enumerate(words):
        if t.stem not in denied:
            continue
        j = k - 1
        found: list[str] = []
        while j >= 0 and k - j <= 3 and words[j].norm not in _DETERMINERS:
            found.append(words[j].stem)
            j -= 1
        # "has a thick atmosphere": a verb of having, a determiner, what describes the noun
        if j >= 1 and words[j].norm in _DETERMINERS and words[j - 1].stem in _HAVING:
            out.update(found)
    return frozenset(out)


def _had_none(c: ParsedClaim) -> frozenset[str]:
    """The stems of the nouns claim `c` says its subject has none of: "atmosphere" in
    "Mercury has no atmosphere"."""
    words = [t for t in c.tokens if t.kind == "word"]
    out: set[str] = set()
    for k in range(1, len(words) - 1):
        if words[k].norm == "no" and words[k - 1].stem in _HAVING:
            out.add(words[k + 1].stem)
    return frozenset(out)


_INSTEAD_RES = (
    # "not fish but mammals"
    re.compile(r"\bnot\s+(?:an?\s+|the\s+)?[\w-]+\s+but\s+(?:an?\s+|the\s+)?(?P<alt>[\w-]+)", re.I),
    # "vegetables, not fruits", "vegetables rather than fruits"
    re.compile(
        r"(?P<alt>[\w-]+)\s*(?:,\s*not|rather\s+than|instead\s+of)\s+(?:an?\s+|the\s+)?[\w-]+\b",
        re.I,
    ),
)


def _said_instead(c: ParsedClaim) -> frozenset[str]:
    """The stems of what a negated claim says in place of what it denies: "mammals" in "not
    fish but mammals", "vegetables" in "vegetables, not fruits"."""
    if not c.negators:
        return frozenset()
    return frozenset(stem(m["alt"].lower()) for r in _INSTEAD_RES for m in r.finditer(c.text))


#: Verbs that say a whole has its parts ("has", "consists of", "contains").
_HAVING = frozenset(
    stem(w)
    for w in """has have had contains contain consists consist comprises comprise holds hold
    includes include made""".split()
)


def _has_having(c: ParsedClaim) -> bool:
    """Claim `c` says what something has with a verb of having."""
    return any(t.stem in _HAVING for t in c.tokens if t.kind == "word")


#: Words after which a noun ends the phrase it heads.
_PHRASE_ENDS = frozenset({"that", "which", "with", "for", "in", "and", "but", "because"})


def _kind_nouns(c: ParsedClaim, other: frozenset[str]) -> frozenset[str]:
    """The stems of claim `c`'s nouns that only name what its subject is a kind of: the
    last word of "a stable sort" where the other claim (content `other`) says "stable",
    closing its clause."""
    words = [t for t in c.tokens if t.kind == "word"]
    out: set[str] = set()
    for i, t in enumerate(words):
        if t.norm not in ("a", "an"):
            continue
        k = i + 1
        while k < len(words) - 1 and shared_stems(frozenset({words[k].stem}), other):
            k += 1
        if k == i + 1 or k >= len(words):
            continue
        after = words[k + 1] if k + 1 < len(words) else None
        between = c.text[words[k].end : after.start] if after is not None else ""
        if after is None or after.norm in _PHRASE_ENDS or any(p in between for p in ",;:—"):
            out.add(words[k].stem)
    return frozenset(out)


def _without_clauses_elsewhere(
    c: ParsedClaim, other: frozenset[str], opposites: set[str]
) -> ParsedClaim:
    """Claim `c` with the negators of its later clauses (after a semicolon or a spaced dash)
    that open with a name the `other` claim's content never writes and share no word with it
    left out: "TCP grows its window on loss; UDP has nothing of the sort" says nothing
    negative of TCP. The clause's words stay; `_apart` sets them beside the statement."""
    if not c.negators or len(c.clauses) < 2:
        return c
    breaks = clause_breaks(c.tokens)
    elsewhere: set[int] = set()
    for k, (stems, negated) in enumerate(c.clauses):
        if k == 0 or not negated or stems & opposites or shared_stems(stems, other):
            continue
        opener = next((t for t in c.tokens[breaks[k - 1] + 1 :] if t.kind == "word"), None)
        if (
            opener is not None
            and c.text[opener.start : opener.start + 1].isupper()
            and is_content_stem(opener.stem)
            and opener.stem in c.upper
        ):
            elsewhere.add(k)
    if not elsewhere:
        return c
    keep = [i for i, k in enumerate(c.negator_clauses) if k not in elsewhere]
    return replace(
        c,
        negators=tuple(c.negators[i] for i in keep),
        negated_heads=tuple(c.negated_heads[i] for i in keep),
        conditional=tuple(c.conditional[i] for i in keep),
        resulting=tuple(c.resulting[i] for i in keep),
        negator_clauses=tuple(c.negator_clauses[i] for i in keep),
    )


def _apart(c: ParsedClaim, other: frozenset[str], opposites: set[str]) -> frozenset[str]:
    """Content words of claim `c` said only in its clauses (joined by a semicolon or a
    spaced dash) that share no word with the `other` claim's content and hold no negator
    and no opposite: what it states beside the statement compared."""
    if len(c.clauses) < 2:
        return frozenset()
    apart: set[str] = set()
    kept: set[str] = set()
    for stems, negated in c.clauses:
        if negated or stems & opposites or shared_stems(stems, other):
            kept |= stems
        else:
            apart |= stems
    return frozenset(apart - kept)


def _split_shares(
    x: ParsedClaim, y: ParsedClaim, cx: frozenset[str], cy: frozenset[str]
) -> Verdict | None:
    """One part's share of one whole given twice: "The harvest split is 70/30
    barley/rye" / "Rye makes up only about half of the harvest" (the part written by both
    claims, the whole around both numbers)."""
    parts = {q.part for q in (*x.quantities, *y.quantities) if q.part}
    for part in sorted(parts):
        if part in cx and part in cy and not x.condition and not y.condition:
            found = _measured(x, y, frozenset({part}))
            if found is not None:
                return found
    return None


#: The bounds of a value said as a point, exactly or about ("at 9 bar", "around 90 bar"): what
#: a process "must" reach is the value it has, not a limit a fact may break.
_POINT_BOUNDS = frozenset({"=", "~"})


def _named_beside(text: str, names: frozenset[str], value: Quantity) -> bool:
    """`text` writes none of `names` (stems), or writes one in the clause (between
    semicolons) that holds `value`: in "LoRa radio module with its stack; the antenna is a
    5 dBi collinear" the name and the value belong to two things."""
    places = _capitalised_at(text, names)
    if not places:
        return True
    clause = text.count(";", 0, value.start)
    return any(text.count(";", 0, at) == clause for at in places)


def _both_about(
    x: ParsedClaim,
    y: ParsedClaim,
    what: AbstractSet[str],
    names: AbstractSet[str],
    *,
    nothing: str = "",
) -> str:
    """ "main trade hub of Vellomar": up to three shared words and two names, as written and in
    the order the claims write them; words next to each other read as one phrase, and a word
    written beside a name is part of it ("Queen Victoria", not "queen of Victoria")."""
    # a number of a name ("#zero" of "Absolute zero") is also the title's word "zero"
    place: dict[str, int] = {}
    written: dict[int, str] = {}  # place -> the word as written there
    for offset, claim in ((0, x), (len(x.words) + 1, y)):
        for w in claim.words:
            for key in (w.stem, w.stem.lstrip("#")):
                if key not in place:
                    place[key] = offset + w.index
                    written[offset + w.index] = w.surface
    # a verb ("given", "needs") says what happens, an ordinal ("first") which one: neither is
    # what the claims are about
    things = {s for s in what if s not in COMMON_VERBS | _RANKS or s in names} or set(what)
    picked = sorted((place[s], s) for s in things if s in place)[:3]
    named = sorted((place[s], s) for s in names if s in place)[:2]
    name_stems = {s for _, s in named}

    def joins(run: list[tuple[int, str]], at: int, s: str) -> bool:
        """Word `s` at `at` reads as one phrase with the run before it: next to it, and a
        name only beside capitalised words ("Mount Everest", not "freezes Lake Baikal")."""
        if at != run[-1][0] + 1:
            return False
        with_name = s in name_stems or any(t in name_stems for _, t in run)
        return not with_name or all(written[p][:1].isupper() for p, _ in (*run, (at, s)))

    runs: list[list[tuple[int, str]]] = []
    for at, s in sorted({*picked, *named}):
        if runs and joins(runs[-1], at, s):
            runs[-1].append((at, s))
        else:
            runs.append([(at, s)])
    head_parts: list[str] = []
    name_parts: list[str] = []
    for run in runs:
        words = " ".join(written[at] for at, _ in run)
        if name_stems.intersection(s for _, s in run):
            name_parts.append(words)  # every word capitalised (`joins`): "Queen Victoria"
        else:
            head_parts.append(words.lower())
    head = ", ".join(head_parts) or nothing
    if not head:
        return " ".join(name_parts)  # "both about Titanic", not "both about  of Titanic"
    return head + (f" of {' '.join(name_parts)}" if name_parts else "")


_RANKS = frozenset(stem(w) for w in "first second third last next previous".split())


def _on_scale(q: Quantity) -> bool:
    """Value `q` is a place on a named scale ("1 on the Mohs scale")."""
    return q.unit.startswith("label:") and q.unit.endswith(" scale")


def _value_text(q: Quantity, *, ago: bool = False) -> str:
    """A value as the explanation names it: "age 4", "2 quarts", "at most three lanterns"
    (with `ago`, "150 million years ago")."""
    text = " ".join(q.text.split()) + (" ago" if ago else "")
    if q.unit == "age" and not text.lower().endswith("old"):
        text = f"age {text}"
    elif _on_scale(q):
        text = f"{text} on the {q.unit.removeprefix('label:')}"  # "1 on the Mohs scale"
    limit = {"<=": "at most ", ">=": "at least ", "~": "about "}.get(q.bound, "")
    return quoted(limit + text)


def _same_situation(x: ParsedClaim, y: ParsedClaim) -> bool:
    """Each claim's condition, if it has one, is mostly said by the other claim too ("after
    you close the app" / "while the app is closed"); "if the valve sticks, the tank drains in
    10 minutes" and "the tank drains in 40 minutes" name two situations."""
    for c, other in ((x, y), (y, x)):
        if c.condition:
            said = shared_stems(c.condition, other.content | other.condition)
            if 2 * len(said) < len(c.condition):
                return False
    return True


#: Negators that set one thing apart from another rather than deny a verb.
_SETTING_APART = frozenset({"rather than", "instead of", "without", "outside", "unlike"})


def _denied_always(x: ParsedClaim, y: ParsedClaim) -> bool:
    """One claim denies without a condition what the other affirms under one ("Penguins
    cannot fly" / "Penguins fly ... when hunting"): one case where it holds is enough. A
    negator of the other's leading phrase ("Despite lacking legs, ...") does not deny."""
    for c, o in ((x, y), (y, x)):
        denies = c.negators and not set(c.negators) & _SETTING_APART
        if denies and not c.condition and o.condition and not _standing_heads(o, c):
            return True
    return False


def _flip_conditions(c: ParsedClaim, w: ClaimWord) -> ParsedClaim:
    """Claim `c` with only the condition that governs word `w`: a condition opened after
    `w` and after an "and" or "but" that follows it belongs to a later predicate ("opens
    only in dry weather and stays shut whenever fog rolls in")."""
    if any(v.surface.lower() in CONDITION_LEADS for v in c.words[: w.index]):
        return c
    later = False
    for v in c.words[w.index + 1 :]:
        word = v.surface.lower()
        if word in ("and", "but"):
            later = True
        elif word in CONDITION_LEADS:
            return replace(c, condition=frozenset()) if later else c
    return c


def _one_sided_negation(x: ParsedClaim, y: ParsedClaim) -> bool:
    """Negated on one side only (before antonyms are paired)."""
    return (len(x.negators) + len(y.negators)) % 2 == 1


def _counted_negators(
    c: ParsedClaim,
    o: ParsedClaim,
    other: frozenset[str],
    antonyms: set[str],
    *,
    conditions: bool = True,
    any_negator: bool = False,
) -> int:
    """The negators of `c` that may negate what claim `o` (content `other`) says: where both
    are negated and `c` has more negators, the extra ones whose head is a word `o` does not
    hold ("no droppings" beside a claim without droppings) are left out, and without
    `conditions` those inside an if/when clause too. With `any_negator` (a flip said of one
    named thing), negators of several items are read item by item as a list of "no"s is."""
    # only between claims both negated ("negated differently"): a claim without a negator
    # against one with two is the parity's own case, but for a list of "no"s
    spare = len(c.negators) - len(o.negators) if o.negators else 0
    if not o.negators and len(c.negators) > 1 and (any_negator or set(c.negators) == {"no"}):
        # "no brain and no heart" against "a small brain" (and, said of one named thing, "lack
        # mouthparts and are unable to feed" against "feed on nectar"): each negator has its
        # own item, and only those of what the other claim speaks of count
        heads = [head or frozenset() for head in c.negated_heads]
        hitting = [
            bool(head) and _negates_other(neg, head, other, antonyms)
            for neg, head in zip(c.negators, heads, strict=True)
        ]
        apart = all(not (p & q) for k, p in enumerate(heads) for q in heads[k + 1 :])
        if any(hitting) and all(heads) and apart:
            spare = len(c.negators) - sum(hitting)
    both = set(zip(o.negators, o.negated_heads, strict=True))
    count = 0
    for neg, head, conditional, resulting in zip(
        c.negators, c.negated_heads, c.conditional, c.resulting, strict=True
    ):
        if conditional and not conditions:
            continue
        if resulting and not (head and _negates_other(neg, head, other, antonyms)):
            # "distrust each other so deeply that neither side will buy salt": the result
            # clause negates only its own verb, not what the main clause says
            continue
        if head and _conceded(c, neg) and not _negates_other(neg, head, other, antonyms):
            # "Despite lacking legs, the slow worm ...": what the claim concedes beside it
            continue
        if _spells_out_only(c, neg, head, other, antonyms):
            # "applies only to intangible assets, never to buildings": the denial is what
            # "only" already says, not a second statement
            continue
        # a negator the other claim writes too, of the same word, pairs with it ("left
        # unburned" in both): it is no extra
        if (
            spare > 0
            and head
            and (neg, head) not in both
            and not _negates_other(neg, head, other, antonyms)
        ):
            spare -= 1
            continue
        count += 1
    return count


def _conceded(c: ParsedClaim, neg: str) -> bool:
    """Negator `neg` of claim `c` stands in a leading concession ("Despite lacking legs,",
    "Although it cannot fly,"), said beside the claim."""
    m = _CONCESSION.match(c.text)
    return m is not None and re.search(rf"\b{re.escape(neg)}\b", m.group(), re.I) is not None


_CONCESSION = re.compile(r"(?:despite|although|though|even\s+though|in\s+spite\s+of)\b[^,]*,", re.I)


def _spells_out_only(
    c: ParsedClaim,
    neg: str,
    head: frozenset[str] | None,
    other: frozenset[str],
    antonyms: AbstractSet[str],
) -> bool:
    """Negator `neg` of claim `c` (negating `head`) spells out what an "only" before it
    excludes ("only to intangible assets, never to buildings"), and negates nothing the other
    claim (content `other`) says."""
    return (
        bool(head)
        and c.negators.count(neg) == 1
        and neg in ("never", "not")
        and re.search(rf"\bonly\b[^.;:]*?,\s+{neg}\b", c.text, re.I) is not None
        and not _negates_other(neg, head or frozenset(), other, set(antonyms))
    )


def _negates_shared(c: ParsedClaim, other: frozenset[str], antonyms: set[str]) -> bool:
    """A negator of `c` negates something the other claim says (its head is there, or it
    negates an adjective whose root is there); pronoun negators (nobody) always qualify."""
    return any(
        head is None or _negates_other(neg, head, other, antonyms)
        for neg, head in zip(c.negators, c.negated_heads, strict=True)
    )


def _negates_other(
    neg: str, head: frozenset[str], other: frozenset[str], antonyms: set[str]
) -> bool:
    """Negator `neg` with head `head` negates a word of the other claim (`other`), an
    opposite paired with it, or the root of a negative adjective the other claim holds."""
    if head and (shared_stems(frozenset(head), other) or head & antonyms):
        return True
    return is_negative_adjective(neg) and bool(
        shared_stems(frozenset(negated_roots_of(neg)), other)
    )


# -- same_thing: Are two claims about the same thing? The vetoes of the structural verdict. ---
#
# Two claims are about different entities when their subjects differ on both sides ("Sync
# keeps..." / "Publish keeps..."), when an antonym sits inside a subject ("Weighted graph" /
# "Unweighted graph"), when each is the other's object with another verb, or when each claim
# speaks of its own note, as atomic and templated notes do ("the oil", "the target", "you"
# under "Oil of Sharpness" and "Oil of Slipperiness").


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
        # what a claim sets its subject apart from ("unlike X", a fronted "smaller than X,")
        # is not what it speaks of
        # nor is what its act was for ("created ... in 2005 to manage the Linux kernel")
        apart_x = x.contrast | (x.compared & x.lead) | x.purpose
        apart_y = y.contrast | (y.compared & y.lead) | y.purpose
        only_x = _entity_words(subj_x - shared_stems(subj_x, cy - apart_y) - anto_x, x)
        only_y = _entity_words(subj_y - shared_stems(subj_y, cx - apart_x) - anto_y, y)
        if only_x and only_y:
            return True
        if opposite_subjects(x, y):
            return True
        named_x, named_y = subj_x - GENERIC_SUBJECTS, subj_y - GENERIC_SUBJECTS
        if (
            named_x
            and named_y
            and not _voices(x, y)
            and not (shared_stems(named_x, named_y) or shared_stems(named_y, named_x))
            and named_x <= shared_stems(named_x, cy - y.condition)
            and named_y <= shared_stems(named_y, cx - x.condition)
        ):
            # "the gateway delays the handshake ..." / "the handshake affects the gateway ...":
            # each is the other's object, with another verb -- two statements, not one
            return True
    return False


def _voices(x: ParsedClaim, y: ParsedClaim) -> bool:
    """One claim passive with its agent ("was founded by the guild"), the other active ("the
    guild founded"): one statement in two voices, whose subjects are each other's object."""
    return x.passive != y.passive and (x.has_by if x.passive else y.has_by)


def opposite_notes(
    x: ParsedClaim, y: ParsedClaim, *, a_note: str | None, b_note: str | None
) -> bool:
    """Two notes whose titles differ only by an opposite ("Weighted Graph" / "Unweighted
    Graph", "Old Server" / "New Server") are about two things: claim `x` of `a_note` and
    claim `y` of `b_note` each speak of their own note's thing, unless one writes the other's
    title. An opposite somewhere in two long titles ("... chronic headache" / "... acute
    kidney injury") says nothing of the kind."""
    tx, ty = _title_words(a_note), _title_words(b_note)
    opposite = any(
        _opposite_title_words(p, q) and tx - {p} == ty - {q} for p in tx - ty for q in ty - tx
    )
    if not opposite:
        return False
    return not (_writes_title(x.text, b_note) or _writes_title(y.text, a_note))


#: Opposites that name sibling concepts in titles ("Min Heap" / "Max Heap"), beside the
#: listed and morphological ones; in a claim they are often two ends of one thing.
_TITLE_OPPOSITES = frozenset(
    frozenset(pair.split())
    for pair in """
    min max | sparse dense | lazy eager | static dynamic | explicit implicit | serial parallel
    ascending descending | inbound outbound | upstream downstream | forward backward
    local global | local remote | singular plural | concrete abstract | manual automatic
    physical virtual | analog digital | even odd | horizontal vertical | input output
    push pull | top bottom | up down | single double | single multiple | big little
    """.replace("\n", "|").split("|")
    if len(pair.split()) == 2
)
#: Endings of adjectives whose "a-" form is their opposite ("cyclic" / "acyclic").
_PRIVATIVE_ROOT_ENDINGS = ("ic", "ous", "al")


_TITLE_FUNCTION_WORDS = frozenset("a an the of and or in on at for to with by from vs".split())


@claim_cache(8192)
def _title_words(note: str | None) -> frozenset[str]:
    """The lower-case words of a note's title but function words ("Min Heap": min, heap),
    hyphenated words in their parts ("Big-Endian": big, endian)."""
    title = note_title_of(note) if note else ""
    return frozenset(
        part
        for t in tokenize(title)
        if t.kind == "word"
        for part in t.norm.split("-")
        if part and part not in _TITLE_FUNCTION_WORDS
    )


def _compares_with(c: ParsedClaim, note: str | None, own: str | None) -> bool:
    """Claim `c` (of note `own`) compares with the thing `note` is about: a word of that
    title that its own title lacks stands after a "than" ("fewer rotations than AVL" in
    *Red-Black Tree*, beside *AVL Tree*)."""
    return bool(c.compared) and bool((_title_stems(note) - _title_stems(own)) & c.compared)


def _opposite_title_words(a: str, b: str) -> bool:
    """Two title words of opposite meaning: listed, morphological ("weighted" /
    "unweighted"), a title pair ("min" / "max"), or an "a-" adjective ("cyclic" / "acyclic",
    "synchronous" / "asynchronous")."""
    if frozenset((a, b)) in _TITLE_OPPOSITES or are_opposites(stem(a), stem(b)):
        return True
    short, long = sorted((a, b), key=len)
    return long == "a" + short and len(short) >= 5 and short.endswith(_PRIVATIVE_ROOT_ENDINGS)


def _writes_title(text: str, note: str | None) -> bool:
    """The text writes the note's title as whole words ("an unweighted graph", a link)."""
    title = note_title_of(note) if note else ""
    if not title:
        return False
    return re.search(rf"(?<![\w-]){re.escape(title)}(?![\w-])", text, re.IGNORECASE) is not None


def opposite_subjects(x: ParsedClaim, y: ParsedClaim) -> bool:
    """An antonym sits inside the subjects ("Weighted graph" / "Unweighted graph"), or one
    subject is what the other's relative clause negates ("A creature that is not evil" /
    "An evil creature")."""
    subj_x, subj_y = x.subject, y.subject
    if shared_stems(x.subject_negated, subj_y) or shared_stems(y.subject_negated, subj_x):
        return True
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
        # the other claim speaks of this note's entity too (where the other's topic holds
        # more words, "Tiger" beside "Saber-Toothed Tiger", it speaks of its own kind, the
        # topic its note's title or its section's: "the crocodile" under *Giant Crocodile*'s
        # "Actions")
        and not (_speaks_of(y, title_x) and not _kind_of_either(title_x, b_note, b_heading))
        and not (_speaks_of(x, title_y) and not _kind_of_either(title_y, a_note, a_heading))
        and (
            _parallel_parts(x, y)
            or (
                _about_note(x, title_x, head_x, ty, cy, _coined_stems(a_note))
                and _about_note(y, title_y, head_y, tx, cx, _coined_stems(b_note))
            )
        )
    )


def _parallel_parts(x: ParsedClaim, y: ParsedClaim) -> bool:
    """One claim speaks of its note's part ("Its third degree ...") and the other of the same
    part as a definite one ("The third degree ..."): each note's own, as sibling notes
    (*Major Scale*, *Natural Minor Scale*) describe theirs."""
    if not (x.possessive_subject and y.definite) and not (y.possessive_subject and x.definite):
        return False
    part_x, part_y = x.subject_head or x.subject, y.subject_head or y.subject
    return bool(part_x) and part_x == part_y


def _coined_stems(note: str | None) -> frozenset[str]:
    """The stems of a note's title words that are no word of the language: its name."""
    return frozenset(stem(w) for w in _coined_title_words(note)) if note else frozenset()


def named_in_other(
    x: ParsedClaim, y: ParsedClaim, *, a_note: str | None, b_note: str | None
) -> frozenset[str]:
    """The names that tie the two claims to one thing: a word of one note's title that the
    other claim writes with a capital and that is no word of the language ("Brannoc" in
    "Brannoc children ..." against a claim of the note *Brannoc Clan*, or a
    `[[Brannoc Clan]]` link). Common words of titles ("Basic", "Family") tie nothing."""
    return _names_of(a_note, y.text) | _names_of(b_note, x.text)


def _linked_title(links: tuple[str, ...], note: str | None) -> frozenset[str]:
    """The stems of `note`'s title where a claim names it by a link's alias (`links`: the
    targets it names so)."""
    if not note or not links:
        return frozenset()
    return _title_stems(note) if links_name(links, note_title_of(note)) else frozenset()


def _linked_by_name(links: tuple[str, ...], note: str | None, text: str) -> bool:
    """Claim `text` names `note` by a link (`links`: the targets it names so) as a name, not
    a topic: by an alias that does not write the whole title ("Monarchs" for *Monarch
    Butterfly*, "pages" for *Page (Memory)*), or by a title holding a word of no language
    ("Vellomar"). A plain link to a title in words of the language ("[[File recovery]]")
    names a topic, whose claims measure many things."""
    if not note or not _linked_title(links, note):
        return False
    title = [t for t in tokenize(note_title_of(note)) if t.kind == "word"]
    written = {t.stem for t in tokenize(text) if t.kind == "word"}
    if not {t.stem for t in title if is_content_stem(t.stem)} <= written:
        return True
    known = known_words()
    return not known or any(t.norm.isalpha() and t.norm not in known for t in title)


def _measured_by_kind(x: ParsedClaim, y: ParsedClaim, subject: frozenset[str]) -> Verdict | None:
    """Two values of one measure of `subject` where words of that measure ("weighs",
    "hefty") stand beside both values."""
    if x.other != y.other or x.deontic != y.deontic or x.condition or y.condition:
        return None
    for qa, qb, measured in measured_conflicts(
        x.quantities, y.quantities, ignore=subject, families=True
    ):
        kind = measure_kind(measured, qa.unit)
        if kind is None:
            continue
        about = _both_about(x, y, set(), subject, nothing=kind)
        return Verdict(
            0.6, "conflicting_values", f"{_value_text(qa)} vs {_value_text(qb)}, both about {about}"
        )
    return None


def _narrower_subject(c: ParsedClaim, o: ParsedClaim) -> bool:
    """Claim `c`'s subject is a part of something `o` never names, owned in front of the
    word the subjects share ("The sword's luminous blade" / "the blade"). A name as the
    owner ("Toronto's CN Tower") names the same thing."""
    shared = shared_stems(c.subject, o.subject)
    if not shared:
        return False
    text = c.text
    for m in re.finditer(r"\b([a-z][\w-]*)['’]s\b", text):
        owner = stem(m.group(1))
        if owner in shared or shared_stems(frozenset({owner}), o.content):
            continue
        after = [t.stem for t in tokenize(text[m.end() :]) if t.kind == "word"][:4]
        if any(w in shared for w in after):
            return True
    return False


def _titled_subject(note: str | None, c: ParsedClaim) -> frozenset[str]:
    """The stems of `note`'s title where claim `c`'s subject writes the whole title of two
    content words or more ("Arctic foxes are ..." beside *Arctic Fox*)."""
    if not note:
        return frozenset()
    title = _title_stems(note) - _FILING_WORDS
    subject = c.subject_head or c.subject
    if len(title) < 2 or shared_stems(title, subject) != title:
        return frozenset()
    return title


def _names_of(note: str | None, text: str) -> frozenset[str]:
    rare = _coined_title_words(note) if note else frozenset()
    if not rare:
        return frozenset()
    return frozenset(
        t.stem
        for t in tokenize(text)
        if t.kind == "word" and t.norm in rare and text[t.start : t.start + 1].isupper()
    )


@claim_cache(4096)
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


def _distinct_sections(a: str | None, b: str | None) -> tuple[str | None, str | None]:
    """Two heading paths without the innermost headings they share below different parents:
    "Ghost / Actions" and "Sphinx / Actions" are the ghost's and the sphinx's sections, so
    their topics are Ghost and Sphinx, not Actions."""
    pa, pb = (a or "").split(" / "), (b or "").split(" / ")
    while len(pa) > 1 and len(pb) > 1 and pa[-1].casefold() == pb[-1].casefold():
        pa, pb = pa[:-1], pb[:-1]
    return (" / ".join(pa) if a else a), (" / ".join(pb) if b else b)


def _topic(note: str | None, heading: str | None) -> frozenset[str]:
    """What a claim's place is about: its innermost heading ("Magic Items (S) / Staff of
    Striking": Staff of Striking), else its note's title; generic words aside."""
    inner = heading.rsplit(" / ", 1)[-1] if heading else None
    return (_heading_stems(inner) or _title_stems(note)) - GENERIC_SUBJECTS


def _kind_of_either(title: frozenset[str], note: str | None, heading: str | None) -> bool:
    """`title` names the general kind of what a claim's place is about (`_topic`) or of its
    note's title."""
    return _kind_of(title, _topic(note, heading)) or _kind_of(
        title, _title_stems(note) - GENERIC_SUBJECTS
    )


def _kind_of(title: frozenset[str], topic: frozenset[str]) -> bool:
    """`title` names the general kind of `topic`: its words and more ("Octopus" beside
    "Giant Octopus")."""
    title = title - GENERIC_SUBJECTS
    return bool(title) and title <= shared_stems(title, topic) and bool(topic - title)


def _speaks_of(c: ParsedClaim, title: frozenset[str]) -> bool:
    """The claim speaks of the thing a note's title names: the title's words (other than
    generic ones: "Spells G") are in its subject, written as a name ("the Orrin Family
    smiths", "sell their birds in Keldmoor"), or used as a noun ("turned to stone by a
    medusa"). A word used of something else names nothing: a modifier ("the wizard spell
    list" beside the note *Wizard*) or another form ("become poisoned" beside *Poisons*)."""
    title = title - GENERIC_SUBJECTS
    if not title or not _names(c.content, title):
        return False
    return _names(c.subject | c.upper | _nouns(c, title), title)


def _nouns(c: ParsedClaim, title: frozenset[str]) -> frozenset[str]:
    """Stems the claim uses as nouns as far as word shape tells: not an -ed or -ing form of
    its stem, and not followed by a noun it modifies other than the next word of `title`
    ("attune to a holy avenger" names *Holy Avenger*)."""
    words = c.words
    out = set()
    for i, w in enumerate(words):
        low = w.surface.lower()
        if low.endswith(("ed", "ing")) and not w.stem.endswith(("ed", "ing")):
            continue
        nxt = words[i + 1] if i + 1 < len(words) else None
        if (
            nxt is not None
            and nxt.lead == w.lead  # "During inflation, prices ...": a comma between
            and is_content_stem(nxt.stem)
            and nxt.stem not in COMMON_VERBS
            and nxt.stem not in title
        ):
            continue
        out.add(w.stem)
    return frozenset(out)


def _about_note(
    c: ParsedClaim,
    title: frozenset[str],
    heading: frozenset[str],
    other_topic: frozenset[str],
    other: frozenset[str],
    names: frozenset[str] = frozenset(),
) -> bool:
    """The claim speaks of its own note: its subject is a pronoun, a generic noun, words of
    the note's title, the title's name (`names`: "Bellman-Ford" in *Bellman-Ford Algorithm*),
    or words of its heading that the other note's title and heading do not share -- or it
    names its title, which the other claim does not."""
    if c.first_person:
        return False  # "We chose X": the writer's world, not the note's entity
    if not c.subject or c.possessive_subject or c.labelled:
        return True
    rest = (c.subject_head or c.subject) - GENERIC_SUBJECTS
    if not rest or rest & names:
        return True
    if c.definite and rest <= shared_stems(rest, title | heading):
        # "the oil" in "Oil of Sharpness", "the vampire" under "## Vampire": the note's own
        # entity, referred to by its kind. A bare plural or a name ("Soil nodes sample...",
        # "A fire giant stands...") speaks of the kind itself.
        return True
    topic = title | heading
    names_title = topic <= shared_stems(topic, c.content)
    return names_title and not topic <= shared_stems(topic, other)


@claim_cache(4096)
def _heading_stems(heading: str | None) -> frozenset[str]:
    if not heading:
        return frozenset()
    return frozenset(
        t.stem for t in tokenize(heading) if t.kind == "word" and is_content_stem(t.stem)
    )


@claim_cache(4096)
def _title_stems(note: str | None) -> frozenset[str]:
    if not note:
        return frozenset()
    name = note.rsplit("/", 1)[-1]
    if name.lower().endswith(".md"):
        name = name[:-3]
    return frozenset(t.stem for t in tokenize(name) if t.kind == "word" and is_content_stem(t.stem))


# -- antonyms: Opposite words for the structural verdict: the shared lexicon's opposites, a few more
#    (visibility, connectivity, access, order), comparatives of listed opposites, and the pairing of
#    opposite words across two claims. ---

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
        ("max", "min"),
    )
)  # fmt: skip
#: A compass word with the ending of a way ("southward", "northbound", "easterly").
_COMPASS_WAY = re.compile(r"(north|south|east|west)(?:wards?|bound|erly)?")
_COMPASS_OPPOSITES = frozenset({frozenset(("north", "south")), frozenset(("east", "west"))})
#: Function words whose opposites count (they are not content words).
FUNCTION_OPPOSITES = frozenset(
    stem(w)
    for w in """before after above below over under on off more less most least toward
    towards""".split()
)


@claim_cache(1 << 16)
def are_opposites(a: str, b: str) -> bool:
    """Stems `a` and `b` are opposites (listed, morphological, or compared forms of those)."""
    if frozenset((a, b)) in _EXTRA_OPPOSITES:
        return True
    if listed_opposite(a, b) is not None or morphological_opposite(a, b):
        return True
    # a way of the compass, however it is written ("north" / "southward", "eastbound" /
    # "west")
    way_a, way_b = _COMPASS_WAY.fullmatch(a), _COMPASS_WAY.fullmatch(b)
    if way_a and way_b and (way_a[1] != a or way_b[1] != b):
        return frozenset((way_a[1], way_b[1])) in _COMPASS_OPPOSITES
    if "-" in a and "-" in b:
        # compounds that differ in one part, where those parts are opposites: "max-heap" /
        # "min-heap", "left-handed" / "right-handed"
        pa, pb = a.split("-"), b.split("-")
        differ = [(u, v) for u, v in zip(pa, pb, strict=False) if u != v]
        if len(pa) == len(pb) and len(differ) == 1 and all(differ[0]):
            return are_opposites(stem(differ[0][0]), stem(differ[0][1]))
        return False
    # a superlative of a listed opposite ("small" / "largest", "fast" / "slowest")
    for sup, plain in ((a, b), (b, a)):
        if (
            sup.endswith("est")
            and len(sup) > 5
            and not plain.endswith(("er", "est"))
            and any(listed_opposite(r, plain) is not None for r in _compared_roots(sup[:-3]))
        ):
            return True
    # comparatives and superlatives of listed opposites (stronger / weaker, hotter / colder,
    # heavier / lighter)
    for suffix in ("er", "est"):
        if a.endswith(suffix) and b.endswith(suffix) and len(a) > 4 and len(b) > 4:
            for ra in _compared_roots(a[: -len(suffix)]):
                for rb in _compared_roots(b[: -len(suffix)]):
                    if listed_opposite(ra, rb) is not None or listed_opposite(stem(ra), stem(rb)):
                        return True
    return False


def _one_per_list(
    x: ParsedClaim, y: ParsedClaim, antonyms: list[tuple[ClaimWord, ClaimWord]]
) -> list[tuple[ClaimWord, ClaimWord]]:
    """The opposite pairs, with pairs whose words are listed together in both claims ("small,
    fast" / "slowest and largest") kept once."""
    if len(antonyms) < 2:
        return antonyms

    def listed(c: ParsedClaim, i: int, j: int) -> bool:
        lo, hi = min(i, j), max(i, j)
        between = [w.surface.lower() for w in c.words[lo + 1 : hi]]
        return hi - lo == 1 or (hi - lo == 2 and between[0] in ("and", "or"))

    kept: list[tuple[ClaimWord, ClaimWord]] = []
    for wx, wy in antonyms:
        if any(listed(x, wx.index, kx.index) and listed(y, wy.index, ky.index) for kx, ky in kept):
            continue
        kept.append((wx, wy))
    return kept


def _compared_roots(root: str) -> tuple[str, ...]:
    """What a comparative's root may be written as: "hott" (hotter) is "hot", "heavi"
    (heavier) is "heavy"."""
    out = [root]
    if len(root) > 3 and root[-1] == root[-2] and root[-1] not in "aeiousl":
        out.append(root[:-1])
    if root.endswith("i"):
        out.append(root[:-1] + "y")
    return tuple(out)


def _comparative(c: ParsedClaim, w: ClaimWord) -> str:
    """Word `w` of claim `c` as a comparative's stem: "more slowly" reads as "slower"."""
    if w.index > 0 and c.words[w.index - 1].surface.lower() == "more" and not w.stem.endswith("er"):
        return w.stem + "er"
    return w.stem


def antonym_pairs(x: ParsedClaim, y: ParsedClaim) -> list[tuple[ClaimWord, ClaimWord]]:
    """Opposite words between the two claims, each word of `y` used once (words both claims
    have are not paired; function words count only when listed in FUNCTION_OPPOSITES; a word
    written with a capital inside a sentence is part of a name -- "Greywater Pass" -- and is
    never an opposite)."""
    antonyms: list[tuple[ClaimWord, ClaimWord]] = []
    used_y: set[int] = set()
    # a word is the other claim's where that claim writes it as often: "Increasing the load
    # decreases collisions" / "Increasing the load increases collisions" pairs the second
    # "increases" with "decreases"
    stems_x, stems_y = {w.stem for w in x.words}, {w.stem for w in y.words}
    free_x, free_y = _unshared_words(x, y), _unshared_words(y, x)
    slots: list[tuple[range, range]] | None = None
    # each word as a comparative's stem ("more slowly" is "slower"), read once per claim
    compared_x = [_comparative(x, w) for w in x.words]
    compared_y = [_comparative(y, w) for w in y.words]
    pairable_y = [w for w in y.words if w.index in free_y and _may_be_opposite(y, w)]
    for wx in x.words:
        if wx.index not in free_x or not _may_be_opposite(x, wx):
            continue
        for wy in pairable_y:
            if wy.index in used_y:
                continue
            compared = (compared_x[wx.index], compared_y[wy.index])
            if are_opposites(wx.stem, wy.stem) or (
                compared != (wx.stem, wy.stem) and are_opposites(*compared)
            ):
                if wx.stem in stems_y or wy.stem in stems_x:
                    # a word the other claim also writes pairs only where the two sentences
                    # put the opposites in one slot ("Increasing X decreases Y" / "Increasing
                    # X increases Y"), not where it was said once more elsewhere
                    slots = _replaced_slots(x, y) if slots is None else slots
                    if not any(wx.index in sx and wy.index in sy for sx, sy in slots):
                        continue
                bx, by = _bounded_number(x, wx), _bounded_number(y, wy)
                if bx and by and bx != by:
                    continue  # "a throw of 11 or more" / "a throw of 4 or less": two ranges
                if bool(bx) != bool(by):
                    continue  # "Large or smaller creatures" / "larger creatures": a range
                if _purpose(x, wx) or _purpose(y, wy):
                    continue  # "expended to activate": what it is for, not what happens
                if _amount_lost(x, wx, wy) or _amount_lost(y, wy, wx):
                    continue  # "you lose 1 FP" gives up an amount; it loses no contest
                antonyms.append((wx, wy))
                used_y.add(wy.index)
                break
    return antonyms


#: "lose" before an amount ("lose 1 FP", "loses two hit points", "lost 5 kg"); not before
#: an article ("lost a battle" is a contest lost).
_LOSE_AMOUNT = re.compile(
    r"\blos(?:e|es|t|ing)\s+(?:up\s+to\s+|about\s+|only\s+)?"
    r"(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|half)\s)",
    re.IGNORECASE,
)


def _amount_lost(c: ParsedClaim, w: ClaimWord, other: ClaimWord) -> bool:
    """Word `w` of claim `c` is "lose" before an amount, paired with "win" (`other`): giving
    up an amount, whose opposite is a gain, not a win."""
    return w.stem == _LOSE and other.stem == _WIN and bool(_LOSE_AMOUNT.search(c.text))


_LOSE, _WIN = stem("lose"), stem("win")


def _may_be_opposite(c: ParsedClaim, w: ClaimWord) -> bool:
    """Word `w` of claim `c` may be one of a pair of opposites: no part of a name, a content
    word or a listed function word, and neither a limit ("at least") nor a bonus's target."""
    if w.upper or not (is_content_stem(w.stem) or w.stem in FUNCTION_OPPOSITES):
        return False
    if _from_x_to_x(c, w):
        return False  # "from end to end", "side to side": a span, not one end
    return not (_limit_word(c, w) or _bonus_target(c, w))


def _from_x_to_x(c: ParsedClaim, w: ClaimWord) -> bool:
    """Word `w` of claim `c` is one of a repeated pair joined by "to" ("end to end", "top to
    top"): an idiom for a whole span."""
    words = c.words
    k = w.index
    return (k + 2 < len(words) and words[k + 1].stem == "to" and words[k + 2].stem == w.stem) or (
        k >= 2 and words[k - 1].stem == "to" and words[k - 2].stem == w.stem
    )


def _replaced_slots(x: ParsedClaim, y: ParsedClaim) -> list[tuple[range, range]]:
    """The word-index ranges of `x` and `y` that the two sentences' one alignment (by stems)
    puts in place of each other."""
    sx, sy = [w.stem for w in x.words], [w.stem for w in y.words]
    out: list[tuple[range, range]] = []
    matcher = SequenceMatcher(a=sx, b=sy, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "replace":
            out.append(
                (
                    range(x.words[i1].index, x.words[i2 - 1].index + 1),
                    range(y.words[j1].index, y.words[j2 - 1].index + 1),
                )
            )
    return out


def _unshared_words(c: ParsedClaim, o: ParsedClaim) -> set[int]:
    """The indices of claim `c`'s words that claim `o` does not also write: of a word
    written more often in `c`, its later uses."""
    left = Counter(w.stem for w in o.words)
    free: set[int] = set()
    for w in c.words:
        if left[w.stem] > 0:
            left[w.stem] -= 1
        else:
            free.add(w.index)
    return free


def _limit_word(c: ParsedClaim, w: ClaimWord) -> bool:
    """ "at least" / "at most": a limit on a value, which the values compare ("at most 2 kg"
    and "at least 0.5 kg" hold together), not an opposite."""
    return (
        w.surface.lower() in ("least", "most")
        and w.index > 0
        and c.words[w.index - 1].surface.lower() == "at"
    )


def _bonus_target(c: ParsedClaim, w: ClaimWord) -> bool:
    """ "+3 to hit", "-2 to saves": what a signed bonus applies to, a value of a stat line, not
    something that happens (a "+3 to hit" says nothing against "automatically misses")."""
    return w.surface.casefold() in _bonus_targets(c.text)


_BONUS_RE = re.compile(r"[+\-\u2212]\d+\s+to\s+(\w[\w'’-]*)")


@claim_cache(8192)
def _bonus_targets(text: str) -> frozenset[str]:
    """The words signed bonuses in `text` apply to, case-folded (read once per claim)."""
    return frozenset(m.group(1).casefold() for m in _BONUS_RE.finditer(text))


def _purpose(c: ParsedClaim, w: ClaimWord) -> bool:
    """`w` is the verb of a purpose after a participle ("charges must be expended to
    activate them", "a key used to open it"): what something is for, not what happens. A
    negator ("refused to open") is no word of the claim, so it never stands before "to"."""
    words = c.words
    i = w.index
    return (
        i >= 2
        and words[i - 1].surface.lower() == "to"
        and words[i - 2].surface.lower().endswith("ed")
    )


def _bounded_number(c: ParsedClaim, w: ClaimWord) -> str:
    """The number `w` makes a limit of ("10 or more", "three or fewer", "more than 4"), as
    written; "" where it bounds none. Opposite limits of different numbers are two ranges
    ("a throw of 11 or more" / "a throw of 4 or less"), not opposites; of one number
    ("18 or older" / "18 or younger") they conflict."""
    words = c.words
    i = w.index

    def number(k: int) -> str:
        if not 0 <= k < len(words):
            return ""
        surface = words[k].surface.lower()
        return surface if surface.replace(".", "", 1).isdigit() or surface in NUMBER_WORDS else ""

    if i >= 2 and words[i - 1].surface.lower() == "or":
        # "10 or more", and a class on a scale: "Large or smaller creatures"
        return number(i - 2) or (words[i - 2].surface.lower() if words[i - 2].upper else "")
    if i + 2 < len(words) and words[i + 1].surface.lower() == "than":
        return number(i + 2)
    return ""


# -- swaps: One slot swapped between two claims about the same thing: the two ends of a relation
#    ("Goblins serve hobgoblins" / "Hobgoblins serve goblins"), or one exclusive attribute (who,
#    where, what colour, which material). ---

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
_REPORTING = frozenset(stem(w) for w in "say said tell told ask asked reply replied".split())


def swapped_relation(x: ParsedClaim, y: ParsedClaim, cx: frozenset[str], cy: frozenset[str]) -> str:
    """ "Goblins serve hobgoblins" / "Hobgoblins serve goblins": the same words, the two ends
    of the relation swapped (not a passive rewording, which has "by")."""
    if x.has_by or y.has_by or x.passive != y.passive or cx != cy or len(cx) < 3:
        return ""
    if cx & _REPORTING or len(x.words) < 5 or len(y.words) < 5:
        return ""
    if _word_order_free(x) or _word_order_free(y) or _copula_turned(x.text, y.text):
        return ""
    sx = [w.stem for w in x.words if is_content_stem(w.stem)]
    sy = [w.stem for w in y.words if is_content_stem(w.stem)]
    # the two ends are what the subjects do not share ("the source note" / "the destination
    # note"): different things that swap places
    # ("other than its size" is set apart, wherever it stands: no end)
    apart = x.contrast | y.contrast
    ends_x, ends_y = x.subject - y.subject - apart, y.subject - x.subject - apart
    if sx == sy or not ends_x or not ends_y:
        return ""
    if not (ends_x <= cy and ends_y <= cx):
        return ""
    if _listed_together(x, ends_x, ends_y) and _listed_together(y, ends_x, ends_y):
        return ""  # "funded by A, B and C" / "by B, C and A": a list in another order
    first = " ".join(w.surface for w in x.words if w.stem in ends_x)
    second = " ".join(w.surface for w in y.words if w.stem in ends_y)
    return f"the relation is reversed: {quoted(first)} and {quoted(second)} swap places"


_THAN_RE = re.compile(
    r"^(?P<head>.+?)\s+(?P<comp>(?:more|less)\s+[\w-]+|[\w-]+er)\s+than\s+(?P<other>[^,;:.!?]+)"
)


#: Comparatives of one measure written two ways ("more massive" is "heavier").
_SAME_COMPARATIVES = {
    "more massive": "heavier", "weightier": "heavier", "larger": "bigger", "greater": "bigger",
    "quicker": "faster", "speedier": "faster", "more rapid": "faster", "tinier": "smaller",
    "littler": "smaller", "more ancient": "older", "more numerous": "commoner",
    "more common": "commoner", "rarer": "scarcer",
}  # fmt: skip
#: Words of degree in front of a comparative ("slightly", "a little", "much"): how much, not what.
_DEGREE_WORDS = frozenset(
    stem(w)
    for w in """slightly little much far considerably significantly somewhat bit lot even still
    marginally substantially vastly many times""".split()
)


def _comparison_turned(
    x: ParsedClaim, y: ParsedClaim, a_note: str | None = None, b_note: str | None = None
) -> str:
    """One comparison with its two sides swapped ("Light travels faster than sound" /
    "Sound travels faster than light"; "A neutron is slightly more massive than a proton" /
    "It is a little heavier than the neutron" in *Proton*): the line that says so, or ""."""
    if x.negators or y.negators or x.condition or y.condition:
        return ""
    if " than " not in x.text or " than " not in y.text:
        return ""
    mx, my = _THAN_RE.match(plain(x.text)), _THAN_RE.match(plain(y.text))
    if mx is None or my is None:
        return ""

    def compared(m: re.Match[str]) -> str:
        comp = " ".join(m["comp"].lower().split())
        return _SAME_COMPARATIVES.get(comp, comp)

    if _content_words(compared(mx)) != _content_words(compared(my)):
        return ""

    def subject_of(c: ParsedClaim, note: str | None) -> frozenset[str]:
        if c.pronoun_subject and note:
            return _title_stems(note)  # "It is ..." in the note of what "it" is
        return c.subject_head or c.subject

    subject_x, subject_y = subject_of(x, a_note), subject_of(y, b_note)
    other_x, other_y = _content_words(mx["other"]), _content_words(my["other"])
    if not subject_x or not subject_y or subject_x == subject_y:
        return ""
    if subject_x != other_y or subject_y != other_x:
        return ""
    head_x = _content_words(mx["head"]) - subject_x - _DEGREE_WORDS
    head_y = _content_words(my["head"]) - subject_y - _DEGREE_WORDS
    if head_x != head_y:
        return ""  # "Iron sinks faster than gold" / "Gold melts faster than iron"

    def side(m: re.Match[str], c: ParsedClaim, note: str | None, subject: frozenset[str]) -> str:
        who = " ".join(w for w in m["head"].split() if stem(w.lower().strip(",")) in subject)
        if c.pronoun_subject and note:
            who = note_title_of(note)
        return f"{quoted(who or m['head'].strip())} {m['comp']} than {quoted(m['other'].strip())}"

    return (
        f"the comparison is reversed: {side(mx, x, a_note, subject_x)} vs "
        f"{side(my, y, b_note, subject_y)}"
    )


_COPULA_RE = re.compile(r"\s(?:is|are|was|were)\s", re.IGNORECASE)


def _copula_turned(a: str, b: str) -> bool:
    """ "The capital of Vell is Arden" / "Arden is the capital of Vell": one "is" with its
    two sides turned round says the same (not "A is the parent of B" / "B is the parent of
    A", where each side holds the other's name)."""
    pa, pb = _COPULA_RE.split(plain(a), maxsplit=1), _COPULA_RE.split(plain(b), maxsplit=1)
    if len(pa) != 2 or len(pb) != 2:
        return False
    (la, ra), (lb, rb) = pa, pb
    return bool(_content_words(la)) and (
        _content_words(la) == _content_words(rb) and _content_words(ra) == _content_words(lb)
    )


_LIST_GLUE = frozenset(", ; & and or".split())


def _listed_together(c: ParsedClaim, ends_a: frozenset[str], ends_b: frozenset[str]) -> bool:
    """In claim `c`, the two ends stand in one list: between them only commas, "and", "or",
    function words and capitalised words of names ("A, National B, and C")."""
    text, tokens = c.text, c.tokens
    at_a = [i for i, t in enumerate(tokens) if t.stem in ends_a]
    at_b = [i for i, t in enumerate(tokens) if t.stem in ends_b]
    if not at_a or not at_b:
        return False
    lo, hi = (max(at_a), min(at_b)) if max(at_a) < min(at_b) else (max(at_b), min(at_a))
    if lo >= hi:
        return False
    between = tokens[lo + 1 : hi]
    if not any(t.norm in _LIST_GLUE for t in between):
        return False
    return all(
        t.norm in _LIST_GLUE or not is_content_stem(t.stem) or text[t.start : t.start + 1].isupper()
        for t in between
    )


#: German function words (none of them an English word): German moves the verb and the
#: phrases around it freely ("Rechts neben X klicke auf Y" / "Klicke rechts neben X auf Y"),
#: so where two words stand says nothing of who does what to whom.
_GERMAN_FUNCTION_WORDS = frozenset(
    """
    der das des dem und oder ist sind ein eine einen einem einer zum zur mit von vom im auf
    für als auch nicht wird werden kann können wenn dann wir ihr neben bei nach über unter aus
    """.split()
)


def _word_order_free(c: ParsedClaim) -> bool:
    """The claim is German (two or more German function words): word order is no relation."""
    return len({t.norm for t in c.tokens} & _GERMAN_FUNCTION_WORDS) >= 2


def swapped_attribute(
    x: ParsedClaim, y: ParsedClaim, left_x: frozenset[str], left_y: frozenset[str]
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
        return 0.8, f"different colours: {quoted(wx[0].surface)} vs {quoted(wy[0].surface)}"
    if {w.stem for w in wx} & _MATERIALS and {w.stem for w in wy} & _MATERIALS:
        return 0.75, f"different materials: {quoted(_span(wx))} vs {quoted(_span(wy))}"
    what = f"{quoted(_span(wx))} vs {quoted(_span(wy))}"
    if _functional(x, wx[0]) and _functional(y, wy[0]):
        if _may_hold_each_other(_span(wx), _span(wy)):
            return None  # "built in Florence" / "built in Italy": a city and its country
        return 0.7, f"different {_slot(x, wx[0])}: {what}"
    names = all(w.upper for w in wx) and all(w.upper for w in wy)
    if names and _after(x, wx[0], _NAME_LEADS) and _after(y, wy[0], _NAME_LEADS):
        return 0.65, f"different names in the same role: {what}"
    if names and _after(x, wx[0], {"the"}) and _after(y, wy[0], {"the"}):
        return 0.6, f"different values in the same role: {what}"
    return None


#: Directions: one place lies in one of them ("the north gate", "the East Wing").
_DIRECTIONS = frozenset(
    stem(w)
    for w in """
    north south east west northern southern eastern western northeast northwest southeast
    southwest
    """.split()
)


#: "endemic to X", "found only in X", "lives nowhere but X", "native only to X": a thing
#: said to be in one place and no other (the place: a capitalised run after it, or after
#: "the island of").
_ONLY_PLACE = re.compile(
    r"\b(?:endemic\s+to|native\s+only\s+to"
    r"|(?:found|lives?|living|occurs?|grows?|breeds?|nests?)\s+(?:only|exclusively|solely)\s+(?:in|on)"
    r"|only\s+(?:found|lives?|occurs?|grows?|breeds?)\s+(?:in|on)"
    r"|(?:found|lives?|living|occurs?|grows?)\s+nowhere\s+(?:but|except|else\s+than|other\s+than)"
    r"(?:\s+(?:in|on))?)"
    r"\s+(?:the\s+)?(?:(?:island|islands|isle|coast|coasts|shores|rivers|lakes|forests|mountains"
    r"|state|province|region|highlands|lowlands)\s+of\s+(?:the\s+)?)?"
    r"(?P<place>[A-Z][a-z][\w'’-]*(?:\s+(?:of\s+)?[A-Z][\w'’-]*){0,3})"
)


#: A word `_ONLY_PLACE` needs, looked for before the pattern runs.
_ONLY_WORDS = ("endemic", "only", "nowhere", "solely", "exclusive")


def _says_only(text: str) -> bool:
    """A cheap test before `_ONLY_PLACE`: the text holds one of its words."""
    return any(w in text for w in _ONLY_WORDS)


def only_places(
    x: ParsedClaim, y: ParsedClaim, *, a_note: str | None, b_note: str | None
) -> tuple[str, str, str] | None:
    """One thing said to live in one place only, a different place on each side ("Omul is
    endemic to Lake Baikal" / "Omul, found nowhere but Lake Ladoga"): the two phrases as
    written and the thing, or None. The thing is the claims' shared subject, or the note's
    for a claim that opens with a pronoun; neither claim is negated, and neither names the
    other's place ("unlike Baikal, ..." compares)."""
    if x.negators or y.negators or not (_says_only(x.text) and _says_only(y.text)):
        return None
    mx, my = _ONLY_PLACE.search(plain(x.text)), _ONLY_PLACE.search(plain(y.text))
    if mx is None or my is None:
        return None
    own_x = x.subject | (_title_stems(a_note) if x.pronoun_subject else frozenset())
    own_y = y.subject | (_title_stems(b_note) if y.pronoun_subject else frozenset())
    thing = shared_stems(own_x, own_y) - GENERIC_SUBJECTS
    if not thing:
        return None
    px = {stem(w.lower()) for w in mx["place"].split() if w[:1].isupper()}
    py = {stem(w.lower()) for w in my["place"].split() if w[:1].isupper()}
    if px <= py or py <= px or (px - py) & y.upper or (py - px) & x.upper:
        return None
    who = " ".join(dict.fromkeys(w.surface for w in x.words if w.stem in thing)) or " ".join(
        sorted(thing)
    )
    return mx.group(0), my.group(0), who


def exclusive_in_frame(x: ParsedClaim, y: ParsedClaim) -> tuple[str, str, str] | None:
    """Two values of one exclusive kind (a direction, a colour) before the same word, in
    claims about one subject that share another word besides: "a ferryman at the north landing" /
    "a ferryman working the South Landing". Neither claim negated, neither value inside a
    subject ("Red dragon" / "Blue dragon" are two things), neither claim holding both
    values (a list: "the north and south gates"). The two phrases as written and the
    subject, or None."""
    subject = shared_stems(x.subject, y.subject) - GENERIC_SUBJECTS
    if not subject or x.negators or y.negators:
        return None
    for kind in (_DIRECTIONS, _COLOURS):
        vx = [i for i, w in enumerate(x.words) if w.stem in kind]
        vy = [i for i, w in enumerate(y.words) if w.stem in kind]
        if len(vx) != 1 or len(vy) != 1:
            continue
        i, j = vx[0], vy[0]
        wx, wy = x.words[i], y.words[j]
        if wx.stem == wy.stem or i + 1 >= len(x.words) or j + 1 >= len(y.words):
            continue
        if wx.stem in x.subject or wy.stem in y.subject:
            continue
        nx, ny = x.words[i + 1], y.words[j + 1]
        if nx.stem != ny.stem or not is_content_stem(nx.stem):
            continue
        rest = shared_stems(x.content, y.content) - subject - {nx.stem}
        if rest:
            who = " ".join(dict.fromkeys(w.surface for w in x.words if w.stem in subject))
            return f"{wx.surface} {nx.surface}", f"{wy.surface} {ny.surface}", who
    return None


def _may_hold_each_other(a: str, b: str) -> bool:
    """Places `a` and `b` share a country, so one may lie in the other ("Florence" /
    "Italy", "Florence" / "Tuscany")."""
    pa, pb = places_named(a), places_named(b)
    return bool(pa and pb and pa[0].countries & pb[0].countries)


def _after(c: ParsedClaim, w: ClaimWord, leads: set[str] | frozenset[str]) -> bool:
    """The word comes right after one of `leads` (or one modifier after it)."""
    before = [v.stem for v in c.words[max(0, w.index - 2) : w.index]]
    return bool(before) and (before[-1] in leads or (len(before) == 2 and before[0] in leads))


def _functional(c: ParsedClaim, w: ClaimWord) -> bool:
    """The word follows a relation that holds one value (created by, located in, ...)."""
    before = [v.stem for v in c.words[max(0, w.index - 4) : w.index]]
    return any(s in _FUNCTIONAL_VERBS for s in before) and any(
        s in _FUNCTIONAL for s in before[-3:]
    )


def _slot(c: ParsedClaim, w: ClaimWord) -> str:
    before = [v.stem for v in c.words[max(0, w.index - 3) : w.index]]
    if "by" in before:
        return "agents"
    if any(s in ("in", "at", "on", "from", "into") for s in before):
        return "places"
    return "values"


def _span(words: list[ClaimWord]) -> str:
    return " ".join(w.surface for w in words)


# -- superseded: A decision one note records and another reverses ("We chose PostgreSQL" / "We
#    dropped PostgreSQL and chose SQLite"): shown as superseded, not as a contradiction. ---

_DECISION_STEMS = (
    CHOOSE_VERBS
    | DROP_VERBS
    | frozenset(stem(w) for w in "switch switched migrate migrated move moved stop stopped".split())
)


def changed_decision(a: str, b: str, x: ParsedClaim, y: ParsedClaim) -> str:
    """ "We chose PostgreSQL" / "We dropped PostgreSQL and chose SQLite": a decision one note
    records and the other reverses (shown as superseded, the newer note marked)."""
    stems = {w.stem for w in (*x.words, *y.words)}
    if not stems & _DECISION_STEMS:
        return ""
    cue = decision(analyse(a), analyse(b))
    if cue.score < 1.0:
        return ""
    return f"a decision changed: {cue.explanation.replace('one claim', 'one note')}"


# -- explanations: How a structural verdict's explanation words things: quoted spans and why the two
#    claims are taken to be about the same thing. ---

_QUOTE_RE = re.compile(r"\s+")


def quoted(text: str) -> str:
    """`text` in double quotes, its whitespace collapsed."""
    return '"' + _QUOTE_RE.sub(" ", text).strip() + '"'


def about_phrase(shared: set[str], subject: set[str], x: ParsedClaim, y: ParsedClaim) -> str:
    """Why the two claims are taken to be about the same thing, in the words of the claims
    and in their order: ", both about the soil nodes", ", both mention deployment of Alder
    Ford" (names last); empty when they share no word."""
    chosen = subject or shared
    names = {s for s in chosen if s in x.upper or s in y.upper}
    phrase = _both_about(x, y, chosen - names, names)
    if not phrase:
        return ""
    return f", {'both about' if subject else 'both mention'} {phrase}"


# -- difference: One line a person can check: which parts of two claims conflict, and what both are
#    about. ---
#
# `differing_parts(a, b)` aligns the two claims word by word (case and markdown aside) and
# returns the longest stretch where they differ on each side, widened to whole words and kept
# short; `about(a, b, titles)` names what both are about: a note title or link target both
# mention, else the longest run of words they share. `difference_line` puts them together:
# '"a common roadside weed" vs "grows only on the high cliffs", both about Marsh Lily'.
#
# Nothing here lists negator words on their own: a side whose only difference is a negator is
# quoted with the word it negates ("cannot use" vs "use"). Where the pair flips one verb,
# `negation_parts` names that verb negated in one claim and affirmed in the other, however
# the two order their words ("cannot be opened" vs "can also open").

_LINK = re.compile(r"\[\[([^\]|#]*)(?:#[^\]|]*)?(?:\|([^\]]*))?\]\]")
_MARK = re.compile(r"[*_`~=]+")
_WORD = re.compile(r"[\w'’-]+(?:\.\w+)*|[^\w\s]", re.UNICODE)
_STOP = frozenset(
    "a an the of to in on at by for and or but is are was were be been being it its they their "
    "them he she his her this that these those with as from into than then so which who whom "
    "what when where there here also just only very if you your we our i my can may will "
    "would should could has have had do does did".split()
)
MAX_WORDS = 9


def plain(text: str) -> str:
    """The claim as read: wikilinks by their alias (else target), emphasis marks dropped."""
    text = _LINK.sub(lambda m: m.group(2) or m.group(1), text)
    return _MARK.sub("", text).strip()


def _words(text: str) -> list[str]:
    return [w for w in _WORD.findall(plain(text)) if re.search(r"\w", w)]


def _key(word: str) -> str:
    return word.casefold().strip(".'’")


def _trim(words: Sequence[str]) -> list[str]:
    """Drop function words at both ends; at most MAX_WORDS words (the middle elided)."""
    out = list(words)
    while len(out) > 1 and _key(out[0]) in _STOP:
        out.pop(0)
    while len(out) > 1 and _key(out[-1]) in _STOP:
        out.pop()
    if len(out) > MAX_WORDS:
        out = [*out[: MAX_WORDS - 3], "…", *out[-2:]]
    return out


def differing_parts(a: str, b: str, focus: Collection[str] = ()) -> tuple[str, str] | None:
    """The largest differing stretch of each claim (None when they read the same); a stretch
    holding one of the `focus` words (the negators that flip the pair) comes first."""
    wa, wb = _words(a), _words(b)
    if not wa or not wb:
        return None
    ka, kb = [_key(w) for w in wa], [_key(w) for w in wb]
    blocks = [
        (i1, i2, j1, j2)
        for tag, i1, i2, j1, j2 in SequenceMatcher(a=ka, b=kb, autojunk=False).get_opcodes()
        if tag != "equal"
    ]
    if not blocks:
        return None

    wanted = {_key(w) for f in focus for w in _words(f)}

    def weight(block: tuple[int, int, int, int]) -> tuple[bool, int]:
        i1, i2, j1, j2 = block
        words = (*ka[i1:i2], *kb[j1:j2])
        content = [k for k in words if k not in _STOP]
        return bool(wanted.intersection(words)), len(content) * 2 + (i2 - i1) + (j2 - j1)

    i1, i2, j1, j2 = max(blocks, key=weight)
    # an insertion or deletion alone ("not"): show it with its neighbour on both sides
    if i1 == i2:
        i1, i2 = max(0, i1 - 1), min(len(wa), i1 + 1)
        j1, j2 = max(0, j1 - 1), min(len(wb), j2 + 1)
    elif j1 == j2:
        j1, j2 = max(0, j1 - 1), min(len(wb), j1 + 1)
        i1, i2 = max(0, i1 - 1), min(len(wa), i2 + 1)
    # a side that says nothing but a negator ("but not" vs "and"): both run on into the words
    # they share after it, up to the word that is negated ("not mummy lords" vs "and mummy
    # lords")
    while (_bare(ka[i1:i2]) or _bare(kb[j1:j2])) and i2 < len(wa) and j2 < len(wb):
        if ka[i2] != kb[j2] or i2 - i1 > MAX_WORDS:
            break
        i2, j2 = i2 + 1, j2 + 1
    left, right = _trim(wa[i1:i2]), _trim(wb[j1:j2])
    # a side that is only function words ("From", when the two claims put their words in
    # another order) reads as its words the other claim lacks
    if all(_key(w) in _STOP for w in left):
        left = _trim(_unshared(wa, set(kb)))
    if all(_key(w) in _STOP for w in right):
        right = _trim(_unshared(wb, set(ka)))
    if not left or not right:
        return None
    return " ".join(left), " ".join(right)


def _bare(keys: Sequence[str]) -> bool:
    """Only function words and negators: nothing a reader could check."""
    return all(k in _STOP or k in NEGATORS for k in keys)


def _unshared(words: Sequence[str], other: set[str]) -> list[str]:
    return [w for w in words if _key(w) not in other]


def about(a: str, b: str, titles: Sequence[str] = ()) -> str:
    """What both claims are about: a title one of them names, else a name both write, else
    their longest shared run of content words; '' if nothing."""
    pa, pb = plain(a).casefold(), plain(b).casefold()
    for title in titles:
        t = title.casefold()
        if t and (t in pa or t in pb):
            return title
    wa, wb = _words(a), _words(b)
    ka, kb = [_key(w) for w in wa], [_key(w) for w in wb]
    # a name both claims write (a capitalised word that is not a function word)
    names_b = {_key(w) for w in wb if w[:1].isupper() and _key(w) not in _STOP}
    names = [w for w in wa if w[:1].isupper() and _key(w) in names_b and _key(w) not in _STOP]
    if names:
        return " ".join(dict.fromkeys(names[:3]))
    match = SequenceMatcher(a=ka, b=kb, autojunk=False).find_longest_match(0, len(ka), 0, len(kb))
    run = _trim(wa[match.a : match.a + match.size])
    if not run or all(_key(w) in _STOP for w in run):
        return ""
    return " ".join(run)


#: Words kept before the affirmed verb that a negated claim denies ("can also run").
_VERB_LEADS = frozenset(
    "can could will would may might must should shall do does did is are was were be been "
    "also still always now need".split()
)


def negation_parts(a: str, b: str) -> tuple[str, str] | None:
    """The verb one claim negates and the same verb affirmed in the other, each with the words
    that carry the flip: ("cannot be run", "can also run"), ("unable to reset", "can reset").
    None where the negator has no verb after it that the other claim affirms (a pronoun
    negator, "no one", or a negative adjective, "disabled", that is not "unable to ..."): the
    caller then falls back on the differing stretches."""
    for x, y, flip in ((a, b, False), (b, a, True)):
        for head, span in _negated_verb(x):
            affirmed = _affirmed(y, head)
            if affirmed is not None:
                return (affirmed, span) if flip else (span, affirmed)
    return None


def _negated_verb(text: str) -> list[tuple[str, str]]:
    """(a stem the first negator negates, the words from the negator to that stem): the verb,
    then after a light verb its object ("do not experience major distrust")."""
    tokens = parse_claim(text).tokens
    n = len(tokens)
    for i, t in enumerate(tokens):
        negator = negator_in(tokens, i)
        if not negator or negator in PRONOUN_NEGATORS:
            continue
        nxt = tokens[i + 1] if i + 1 < n else None
        prev = tokens[i - 1].norm if i > 0 else ""
        if is_negative_adjective(t.norm) and (nxt is None or nxt.norm != "to"):
            continue  # "disabled", "invisible": the adjective itself is the flipped part
        heads = negated_words_after(tokens, i + len(negator.split()))
        if not heads:
            continue
        start = i - 1 if i > 0 and prev in _VERB_LEADS and negator == "not" else i
        found: list[tuple[str, str]] = []
        for k in range(i, n):
            if tokens[k].stem in heads and all(tokens[k].stem != h for h, _ in found):
                end = _word_end(tokens, k)
                found.append((tokens[k].stem, plain(text[tokens[start].start : tokens[end].end])))
        return found
    return []


def _affirmed(text: str, head: str) -> str | None:
    """The first unnegated occurrence of `head` (or of a word of one meaning with it: "shed"
    for "drop") in the text, with the auxiliaries and adverbs just before it ("can also
    run")."""
    parsed = parse_claim(text)
    if not all(_negators_aside(parsed)):
        return None  # both claims negate: their difference is elsewhere
    tokens = parsed.tokens
    meaning = meaning_of(head)
    for k, t in enumerate(tokens):
        if meaning_of(t.stem) != meaning:
            continue
        start = k
        while start > 0 and k - start < 3 and tokens[start - 1].norm in _VERB_LEADS:
            start -= 1
        return plain(text[tokens[start].start : tokens[_word_end(tokens, k)].end])
    return None


def _word_end(tokens: tuple[Token, ...], k: int) -> int:
    """Where the word at token `k` ends: written in Chinese, Japanese or Korean characters
    (one token each) it is read as two ("同步", not "同"); other words are one token."""
    if tokens[k].kind == "cjk" and k + 1 < len(tokens) and tokens[k + 1].kind == "cjk":
        return k + 1
    return k


def difference_line(
    a: str,
    b: str,
    titles: Sequence[str] = (),
    focus: Collection[str] = (),
    *,
    negation: bool = False,
) -> str:
    """'"x" vs "y", both about Z' (or without the 'both about' part when nothing is shared);
    `focus` as for `differing_parts`. With `negation` (the pair flips one verb), the parts are
    that verb negated and affirmed where both claims write it (`negation_parts`)."""
    parts = (negation_parts(a, b) if negation else None) or differing_parts(a, b, focus)
    if parts is None:
        return "the two claims say different things about the same subject"
    subject = about(a, b, titles)
    if subject and all(subject.casefold() in part.casefold() for part in parts):
        subject = ""  # the shared words are the flipped part itself: nothing to add
    line = f"“{parts[0]}” vs “{parts[1]}”"
    return f"{line}, both about {subject}" if subject else line


# -- templates: Values that vary by design: the same sentence with another number in many notes. ---
#
# Templated notes (a bestiary, a spell list, product pages) repeat one sentence with the value
# of each entity: "Each creature in a 15-foot cone must make a saving throw" under one spell,
# "... 60-foot cone ..." under another. Those are attributes of different entities, not
# contradictions. `varying_values(pairs)` finds
#
# - the pairs whose two claims differ in their numbers and share at least three quarters of
#   their words otherwise (the words both have, numbers masked, are the pair's template), where
#   that template
#   takes three or more values or appears in four or more notes among the scanned pairs (a real
#   conflict restated in a few notes has two values);
# - the pairs whose two claims *both* conflict with claims of three or more other notes: an
#   attribute every entity has its own value of ("If the toad dies, ... 5 feet" / "If the worm
#   dies, ... 20 feet"). A claim that one note contradicts three others keeps its flags when the
#   others agree with each other (their own degree is one).

_NUMBER = re.compile(
    r"\d+(?:[.,/]\d+)*|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
    r"twenty|thirty|forty|fifty|sixty|hundred|thousand)\b",
    re.IGNORECASE,
)
MIN_VALUES = 3
MIN_NOTES = 4
#: Share of each claim's words (numbers masked) the two must have in common to be one template.
COVER = 0.75
#: Other notes a claim must conflict with, on both sides of a pair, to be an attribute.
MIN_DEGREE = 3


_TEMPLATE_WORD = re.compile(r"[^\W\d_][\w'-]*", re.UNICODE)


def template_of(text: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """(the words of the text with its numbers masked, the numbers as written)."""
    values = tuple(m.group().lower() for m in _NUMBER.finditer(text))
    masked = _NUMBER.sub(" ", text.casefold())
    return frozenset(w for w in _TEMPLATE_WORD.findall(masked) if w not in STOPWORDS), values


def varying_values(pairs: Sequence[tuple[str, str, str, str, str, str]]) -> set[int]:
    """Indexes of `pairs` (claim id a, claim a, note a, claim id b, claim b, note b) that are
    values varying by design (see the module docstring)."""
    keys: list[frozenset[str] | None] = []
    notes: dict[frozenset[str], set[str]] = {}
    values: dict[frozenset[str], set[tuple[str, ...]]] = {}
    partners: dict[str, set[str]] = {}
    for id_a, a, note_a, id_b, b, note_b in pairs:
        partners.setdefault(id_a, set()).add(note_b)
        partners.setdefault(id_b, set()).add(note_a)
        ta, va = template_of(a)
        tb, vb = template_of(b)
        key = ta & tb
        # a template: the same sentence but for its numbers (and a word or two: the name)
        covers = len(key) >= COVER * max(len(ta), len(tb))
        if not va or not vb or va == vb or len(key) < 3 or not covers:
            keys.append(None)
            continue
        keys.append(key)
        notes.setdefault(key, set()).update((note_a, note_b))
        values.setdefault(key, set()).update((va, vb))
    drop = {
        i
        for i, key in enumerate(keys)
        if key is not None and (len(values[key]) >= MIN_VALUES or len(notes[key]) >= MIN_NOTES)
    }
    for i, (id_a, _a, _na, id_b, _b, _nb) in enumerate(pairs):
        if len(partners[id_a]) >= MIN_DEGREE and len(partners[id_b]) >= MIN_DEGREE:
            drop.add(i)
    return drop
