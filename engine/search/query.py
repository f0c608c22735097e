"""Turn what a user typed into safe pieces for each source.

Nothing the user types reaches FTS5 as syntax: every term is a quoted string with inner
quotes doubled, so `"`, `*`, `:`, `(`, `NEAR`, `AND`, `-` and friends are just text.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Literal

#: Very common English words that only slow BM25 down (every chunk has them) and add no signal.
STOPWORDS = frozenset(
    """a an and are as at be been but by can could did do does for from had has have how i if in
    into is it its me my no not of on or our so than that the their them then there these they
    this those to was we were what when where which who whom why will with would you your
    about after all also any because before between both each few more most other over same
    should some such only own very just""".split()
)

_PHRASE = re.compile(r'"([^"]+)"')
# Identifiers: letters/digits joined by - _ . (REQ-006, sample_interval_s, river-gauge-v2, v1.2)
# and camelCase names (fromTitle, getElementById; not mRNA or iPhone, words of prose)
_IDENT = re.compile(r"[\w]+(?:[-_.][\w]+)+|\b[a-z]{2,}(?:[A-Z][a-z0-9]+)+\b")
_WORD = re.compile(r"\w+")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+")


@dataclass(frozen=True)
class ParsedQuery:
    """A user query split into what each source needs."""

    text: str  # the query as typed, stripped
    phrases: tuple[str, ...]  # "quoted phrases" — must appear exactly
    identifiers: tuple[str, ...]  # REQ-006, snake_case, kebab-case, dotted.names
    cjk: tuple[str, ...]  # runs of CJK characters (no spaces between words in these scripts)
    terms: tuple[str, ...]  # lower-cased word tokens, stopwords removed (all kept if all stop)

    @property
    def loose_terms(self) -> tuple[str, ...]:
        """The terms that are not part of an identifier or quoted phrase: what an excerpt
        marks besides the exact strings ('REQ-006' marks REQ-006, not every 'REQ')."""
        inside = {
            w.casefold() for s in (*self.phrases, *self.identifiers) for w in _WORD.findall(s)
        }
        return tuple(t for t in self.terms if t not in inside)

    @property
    def exact_needles(self) -> tuple[str, ...]:
        """Strings that should be found verbatim (phrases, identifiers, CJK runs)."""
        seen: dict[str, None] = {}
        for s in (*self.phrases, *self.identifiers, *self.cjk):
            if s.strip():
                seen.setdefault(s, None)
        return tuple(seen)


QueryIntent = Literal["exact", "keyword", "question", "statement"]

# Words that mark a question in the languages of the vaults we measure on: question words
# anywhere, auxiliaries only as the first word ("can I ..." asks; "X can cause Y" states).
QUESTION_WORDS = frozenset(
    "how what why when where which who whom whose wie was warum wann wo welche welcher "
    "welches wer".split()
)
QUESTION_OPENERS = frozenset(
    "can could does do did is are should would will kann können muss soll gibt ist sind "
    "wird werden".split()
)
_CJK_QUESTION = re.compile(r"[吗呢怎么如何为什么哪什么是否能否]")
KEYWORD_MAX_WORDS = 3  # a query of at most this many words (and no question word) is keywords
KEYWORD_MAX_CJK = 6  # ... or a CJK query of at most this many characters


def query_intent(query: ParsedQuery) -> QueryIntent:
    """What the query asks for, which decides how much each source is trusted:

    - "exact": a quoted phrase, or an identifier that only code or a reference would hold
      (REQ-006, sample_interval_s, v1.2: digits, underscores, dots or capitals inside) with
      at most KEYWORD_MAX_WORDS other words, or a query that is one identifier alone;
    - "question": a question word or a question mark (asked in words other than the note's);
    - "keyword": at most KEYWORD_MAX_WORDS words (KEYWORD_MAX_CJK CJK characters);
    - "statement": a longer text that asks nothing (a claim, a description, a request).
    """
    if query.phrases:
        return "exact"
    words = [w for w in _WORD.findall(query.text) if not _CJK.fullmatch(w)]
    code = [i for i in query.identifiers if _code_like(i)]
    inside = {w.casefold() for i in code for w in _WORD.findall(i)}
    others = sum(1 for w in words if w.casefold() not in inside | STOPWORDS)
    if code and others <= KEYWORD_MAX_WORDS:
        return "exact"  # 'REQ-006', 'river-gauge-v2 battery'; not a sentence naming 'IL-10'

    if len(query.identifiers) == 1 and _WORD.findall(query.identifiers[0]) == words:
        return "exact"  # the whole query is one identifier: 'kebab-case', 'river-gauge
    cjk_chars = sum(len(run) for run in query.cjk)
    asks = (
        "?" in query.text
        or "？" in query.text
        or any(w.casefold() in QUESTION_WORDS for w in words)
        or (bool(words) and words[0].casefold() in QUESTION_OPENERS)
        or bool(_CJK_QUESTION.search(query.text))
    )
    if asks:
        return "question"
    if len(words) <= KEYWORD_MAX_WORDS and cjk_chars <= KEYWORD_MAX_CJK:
        return "keyword"
    return "statement"


def _code_like(identifier: str) -> bool:
    """REQ-006, sample_interval_s, river-gauge-v2, v1.2, getElementById: not a hyphenated
    word of prose such as 'two-way' or 'built-in'."""
    return (
        any(c.isdigit() or c == "_" for c in identifier)
        or "." in identifier
        or any(c.isupper() for c in identifier[1:])
    )


def parse_query(text: str) -> ParsedQuery:
    text = unicodedata.normalize("NFC", text or "").strip()
    phrases = tuple(p.strip() for p in _PHRASE.findall(text) if p.strip())
    bare = _PHRASE.sub(" ", text)
    identifiers = tuple(dict.fromkeys(m.group(0) for m in _IDENT.finditer(bare)))
    cjk = tuple(dict.fromkeys(_CJK.findall(text)))
    words = [w.lower() for w in _WORD.findall(text.replace('"', " "))]
    kept = [w for w in words if w not in STOPWORDS]
    terms = tuple(dict.fromkeys(kept or words))
    return ParsedQuery(text=text, phrases=phrases, identifiers=identifiers, cjk=cjk, terms=terms)


def is_cjk(term: str) -> bool:
    """True for a run of CJK characters (searched as an exact needle, not by BM25)."""
    return bool(_CJK.fullmatch(term))


def fts_quote(term: str) -> str:
    """One FTS5 string literal: the term as plain text, whatever characters it holds."""
    return '"' + term.replace('"', '""') + '"'


def bm25_match_expression(query: ParsedQuery, *, skip: Collection[str] = frozenset()) -> str | None:
    """An FTS5 MATCH expression for BM25: any of the terms; quoted phrases as phrases.

    OR keeps recall for natural-language questions; BM25 itself rewards chunks that hold
    more of the terms. `skip` leaves terms out (words too common to rank by). Returns None
    when there is nothing to search for.
    """
    parts = [fts_quote(p) for p in query.phrases]
    parts += [fts_quote(t) for t in query.terms if not _CJK.fullmatch(t) and t not in skip]
    parts = list(dict.fromkeys(parts))
    if not parts:
        return None
    return " OR ".join(parts)


def all_terms_expression(query: ParsedQuery) -> str | None:
    """An FTS5 MATCH expression a note matches only when it holds every word and quoted phrase
    of the query (CJK runs aside: they are exact needles); None when there is nothing to ask
    or a single part (then every BM25 match holds it)."""
    parts = [fts_quote(p) for p in query.phrases]
    parts += [fts_quote(t) for t in query.terms if not _CJK.fullmatch(t)]
    parts = list(dict.fromkeys(parts))
    return " AND ".join(parts) if len(parts) > 1 else None


# -- dates ---------------------------------------------------------------------------------

_RELATIVE = re.compile(
    r"\b(today|yesterday|this week|last week|past week|this month|last month|past month|"
    r"this year|last year|last (\d{1,3}) days|past (\d{1,3}) days|"
    r"(\d{4})-(0[1-9]|1[0-2])(?![-\d]))\b",  # a bare month: 2026-07
    re.IGNORECASE,
)


@dataclass(frozen=True)
class DateRange:
    since: datetime | None = None
    until: datetime | None = None

    def contains(self, moment: datetime | None) -> bool:
        if moment is None:
            return False
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
        if self.since is not None and moment < self.since:
            return False
        return not (self.until is not None and moment >= self.until)


# Words that only frame a date ("notes from last week", "what did I write yesterday"): when
# nothing else is left, the query asks for the notes of that range and no more.
_DATE_FRAME = frozenset(
    """notes note from in during of since for on within the my i what did do write wrote
    written edit edited modified created changed show me all everything""".split()
)
_TRAILING_PREPOSITION = re.compile(r"\s*\b(?:from|in|during|of|since|for|on|within)\s*$", re.I)


@dataclass(frozen=True)
class DateInQuery:
    """A date range named in a query's words, and what the query says besides it."""

    range: DateRange
    phrase: str  # as typed, e.g. "last week"
    rest: str  # the query without the phrase; "" when only framing words were left


def date_in_query(text: str, *, now: datetime) -> DateInQuery | None:
    """'sensor notes from last week' → the range of last week and 'sensor notes'."""
    m = _RELATIVE.search(text)
    rng = relative_date_range(text, now=now) if m else None
    if m is None or rng is None:
        return None
    before, after = text[: m.start()], text[m.end() :]
    leftover = _WORD.findall(f"{before} {after}".casefold())
    if all(w in _DATE_FRAME for w in leftover):
        rest = ""
    else:
        rest = " ".join(f"{_TRAILING_PREPOSITION.sub('', before)} {after}".split())
    return DateInQuery(range=rng, phrase=m.group(0), rest=rest)


def describe_range(rng: DateRange) -> str:
    """'16 Nov 2026 – 22 Nov 2026', '1 Sep 2026 or later', 'before 1 Oct 2026' (until is
    exclusive: the last day shown is the day before it)."""

    def day(moment: datetime) -> str:
        return f"{moment.day} {moment:%b %Y}"

    since, until = rng.since, rng.until
    last = until - timedelta(days=1) if until is not None else None
    if since is not None and last is not None:
        return day(since) if last.date() <= since.date() else f"{day(since)} – {day(last)}"
    if since is not None:
        return f"{day(since)} or later"
    if until is not None:
        return f"before {day(until)}"
    return "any date"


def relative_date_range(text: str, *, now: datetime) -> DateRange | None:
    """'notes from last week' → the calendar range it means (UTC); None when none is named."""
    m = _RELATIVE.search(text)
    if not m:
        return None
    phrase = m.group(1).lower()
    if m.group(4):  # a month
        year, month = int(m.group(4)), int(m.group(5))
        first = datetime(year, month, 1, tzinfo=UTC)
        after = datetime(year + month // 12, month % 12 + 1, 1, tzinfo=UTC)
        return DateRange(first, after)
    today = datetime(now.year, now.month, now.day, tzinfo=UTC)
    if phrase == "today":
        return DateRange(today, today + timedelta(days=1))
    if phrase == "yesterday":
        return DateRange(today - timedelta(days=1), today)
    week_start = today - timedelta(days=today.weekday())
    if phrase == "this week":
        return DateRange(week_start, today + timedelta(days=1))
    if phrase == "last week":
        return DateRange(week_start - timedelta(days=7), week_start)
    if phrase in ("past week",):
        return DateRange(today - timedelta(days=7), today + timedelta(days=1))
    month_start = today.replace(day=1)
    if phrase == "this month":
        return DateRange(month_start, today + timedelta(days=1))
    if phrase == "last month":
        prev = (month_start - timedelta(days=1)).replace(day=1)
        return DateRange(prev, month_start)
    if phrase == "past month":
        return DateRange(today - timedelta(days=30), today + timedelta(days=1))
    if phrase == "this year":
        return DateRange(today.replace(month=1, day=1), today + timedelta(days=1))
    if phrase == "last year":
        start = date(today.year - 1, 1, 1)
        return DateRange(
            datetime(start.year, 1, 1, tzinfo=UTC), datetime(today.year, 1, 1, tzinfo=UTC)
        )
    days = int(m.group(2) or m.group(3))
    return DateRange(today - timedelta(days=days), today + timedelta(days=1))


DATE_FORMS = 'YYYY-MM-DD, a month (2026-07), or words like "yesterday" or "last week"'


def parse_date(text: str, *, end: bool = False, now: datetime | None = None) -> datetime:
    """A since/until value as people type it: YYYY-MM-DD (or full ISO), a month (2026-07) or
    a relative day or range ("yesterday", "last week", "last 30 days"). `end` makes it
    inclusive: the moment after the day, month or range. Raises ValueError otherwise."""
    typed = text.strip()
    whole = _RELATIVE.fullmatch(typed)
    if whole is not None:
        rng = relative_date_range(typed, now=now or datetime.now(UTC))
        bound = (rng.until if end else rng.since) if rng is not None else None
        if bound is not None:
            return bound
    value = datetime.fromisoformat(typed)
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    if end and len(typed) <= 10:
        value += timedelta(days=1)
    return value
