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

The parts: `parsed_claim` (one claim's words, subject and shape, with `negators`, `grammar`
and `claim_values`), `same_thing` (the vetoes), `antonyms`, `swaps`, `superseded`, and
`verdict` (`assess` itself). This module composes them and owns their caches.
"""

from __future__ import annotations

from engine.contradict.content_words import clear_shared_stems_cache
from engine.contradict.parsed_claim import clear_parsed_claims
from engine.contradict.same_thing import clear_heading_cache
from engine.contradict.verdict import Verdict, about_different_things, assess

__all__ = ["Verdict", "about_different_things", "assess", "clear_caches"]


def clear_caches() -> None:
    """Drop the per-claim and per-pair caches (a whole-vault scan fills them with claims the
    next edit will not ask about)."""
    clear_parsed_claims()
    clear_shared_stems_cache()
    clear_heading_cache()
    assess.cache_clear()
    about_different_things.cache_clear()
