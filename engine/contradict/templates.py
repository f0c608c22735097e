"""Values that vary by design: the same sentence with another number in many notes.

Templated notes (a bestiary, a spell list, product pages) repeat one sentence with the value
of each entity: "Each creature in a 15-foot cone must make a saving throw" under one spell,
"... 60-foot cone ..." under another. Those are attributes of different entities, not
contradictions. `varying_values(pairs)` finds

- the pairs whose two claims differ in their numbers and share at least three quarters of
  their words otherwise (the words both have, numbers masked, are the pair's template), where
  that template
  takes three or more values or appears in four or more notes among the scanned pairs (a real
  conflict restated in a few notes has two values);
- the pairs whose two claims *both* conflict with claims of three or more other notes: an
  attribute every entity has its own value of ("If the toad dies, ... 5 feet" / "If the worm
  dies, ... 20 feet"). A claim that one note contradicts three others keeps its flags when the
  others agree with each other (their own degree is one).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.contradict.text import STOPWORDS

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


_WORD = re.compile(r"[^\W\d_][\w'-]*", re.UNICODE)


def template_of(text: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """(the words of the text with its numbers masked, the numbers as written)."""
    values = tuple(m.group().lower() for m in _NUMBER.finditer(text))
    masked = _NUMBER.sub(" ", text.casefold())
    return frozenset(w for w in _WORD.findall(masked) if w not in STOPWORDS), values


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
