"""Split a note into heading-aware chunks that fit the embedding model.

Rules:
- a chunk never spans two sections; its `heading_path` is the enclosing headings;
- the model reads the note's title before the headings (`context`), unless the outermost
  heading repeats it or it has no letters; a rename therefore re-embeds the note;
- every chunk's `embed_text` (title, heading path, text) has at most `max_tokens` word pieces,
  checked with the real counter;
- the chunks' texts together hold every non-blank character of the body, in order;
- sections split at paragraphs; a paragraph that is too big is cut into windows that end at
  the best boundary available (paragraph, line, sentence, word, else any character);
- small neighbouring pieces are packed together up to `target_tokens`;
- a note with an empty body yields one chunk holding its title.

Token counting is batched, and text longer than `max_chars` is cut before it is ever counted,
so a multi-megabyte note costs about one pass of the tokenizer.
"""

from __future__ import annotations

import bisect
import hashlib
import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.model import HEADING_SEPARATOR, Chunk, Note, embed_text

log = logging.getLogger(__name__)

TokenCounter = Callable[[Sequence[str]], list[int]]

# What the model reads of a chunk; an index cut under another version is cut again.
CHUNKING = "title-and-headings"
_MAX_HEADING_CHARS = 200
_NON_SPACE_RE = re.compile(r"\S")
_NEWLINE_RE = re.compile("\n")
_BLANK_LINES_RE = re.compile(r"\n(?:[^\S\n]*+\n)++")
_SENTENCE_ENDS = (". ", "! ", "? ", ".\t", "。", "！", "？", "; ")
_MAX_ROUNDS = 64
_SAMPLE_CHARS = 2000
_GROUP_ABOVE = 500  # paragraphs in a note before small ones are counted in groups


@dataclass(frozen=True)
class _Unit:
    """A span of the source text that still has to be made to fit."""

    section: int
    start: int
    end: int
    parts: tuple[tuple[int, int], ...] = ()  # a group of paragraphs: the paragraphs


@dataclass(frozen=True)
class _Piece:
    """A span that fits on its own, with its exact token count."""

    section: int
    start: int
    end: int
    tokens: int


@dataclass(frozen=True)
class _Span:
    """A chunk to be: merged pieces of one section, with their summed token count."""

    section: int
    start: int
    end: int
    tokens: int
    joins: int  # how many pieces were merged into it, less one


@dataclass(frozen=True)
class _Section:
    heading_path: tuple[str, ...]
    start: int
    end: int


def chunk_note(
    note: Note,
    *,
    count_tokens: TokenCounter,
    max_tokens: int = 254,
    target_tokens: int = 200,
    max_chars: int = 4000,
) -> list[Chunk]:
    """Cut `note` into chunks; see the module docstring for the rules."""
    if max_tokens < 8:
        raise ValueError("max_tokens must be at least 8")
    target_tokens = max(1, min(target_tokens, max_tokens))
    max_chars = max(16, max_chars)

    body = note.body
    title = ""
    if _NON_SPACE_RE.search(body) is None:
        source = note.title.strip() or note.path
        sections = [_Section((), 0, len(source))]
        line_starts = [0]
    else:
        source = body
        line_starts = _line_starts(body)
        sections = _sections(note, line_starts)
        title = title_context(note.title)
    offset = note.body_line_offset

    def line_of(pos: int) -> int:
        return bisect.bisect_right(line_starts, pos) - 1 + offset

    wanted = [with_title(title, s.heading_path) for s in sections]
    paths, prefix_tokens = _fit_heading_paths(wanted, count_tokens, max_tokens)
    budgets = [max_tokens - p for p in prefix_tokens]

    paragraphs = [_paragraphs(source, section.start, section.end) for section in sections]
    if sum(len(p) for p in paragraphs) > _GROUP_ABOVE:
        group_chars = _group_chars(source, count_tokens, min(target_tokens, min(budgets)))
    else:
        group_chars = 0
    units = [unit for i, paras in enumerate(paragraphs) for unit in _group(i, paras, group_chars)]
    pieces = _fit(source, units, budgets, count_tokens, max_chars)
    spans = _pack(pieces, budgets, target_tokens, max_chars)
    spans = _verify(source, spans, paths, prefix_tokens, count_tokens, max_tokens, max_chars)

    chunks: list[Chunk] = []
    for ordinal, span in enumerate(spans):
        section = sections[span.section]
        context, heading_path = _split_title(
            section.heading_path, wanted[span.section], paths[span.section]
        )
        start, end = span.start, span.end
        text = source[start:end]
        embed_text = _embed_text(paths[span.section], text)
        chunks.append(
            Chunk(
                id=f"{note.path}#{ordinal}",
                note_path=note.path,
                ordinal=ordinal,
                heading_path=heading_path,
                text=text,
                start_line=line_of(start),
                end_line=line_of(max(start, end - 1)),
                text_hash=hashlib.sha256(embed_text.encode("utf-8")).hexdigest(),
                context=context,
            )
        )
    return chunks


def title_context(title: str) -> str:
    """The note's title as the model reads it before a chunk, or "" where it says nothing
    (no letters: an id, a date)."""
    title = " ".join(title.split())[:_MAX_HEADING_CHARS]
    return title if any(ch.isalpha() for ch in title) else ""


def with_title(title: str, heading_path: tuple[str, ...]) -> tuple[str, ...]:
    """The path the model reads: the title first, unless the outermost heading repeats it."""
    if not title or (heading_path and heading_path[0].casefold() == title.casefold()):
        return heading_path
    return (title, *heading_path)


def _split_title(
    headings: tuple[str, ...], wanted: tuple[str, ...], fitted: tuple[str, ...]
) -> tuple[str, tuple[str, ...]]:
    """(context, heading path) of a fitted path: the title was added when the wanted path is
    longer than the headings, and shortening drops the outermost part first, so it is still
    there exactly when the fitted path is as long as the wanted one."""
    if len(wanted) > len(headings) and len(fitted) == len(wanted):
        return fitted[0], fitted[1:]
    return "", fitted


def _embed_text(path: tuple[str, ...], text: str) -> str:
    return embed_text("", path, text)  # `path` is the title (if read) and the headings


# --- structure ------------------------------------------------------------------------------


def _line_starts(text: str) -> list[int]:
    return [0, *(m.end() for m in _NEWLINE_RE.finditer(text))]


def _sections(note: Note, line_starts: list[int]) -> list[_Section]:
    """Sections of the body, cut at its headings, each with its enclosing heading path."""
    stack: list[tuple[int, str]] = []
    cuts: list[tuple[int, tuple[str, ...]]] = [(0, ())]
    for heading in note.headings:
        line = heading.line - note.body_line_offset
        if not 0 <= line < len(line_starts) or line_starts[line] < cuts[-1][0]:
            continue  # not in the body, or out of order
        while stack and stack[-1][0] >= heading.level:
            stack.pop()
        stack.append((heading.level, heading.text))
        cuts.append((line_starts[line], tuple(text for _level, text in stack if text)))
    ends = [pos for pos, _path in cuts[1:]] + [len(note.body)]
    return [_Section(path, pos, end) for (pos, path), end in zip(cuts, ends, strict=True)]


def _paragraphs(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Runs of non-blank lines in text[start:end], trimmed of surrounding whitespace."""
    out: list[tuple[int, int]] = []
    pos = start
    for blank in _BLANK_LINES_RE.finditer(text, start, end):
        span = _trim(text, pos, blank.start())
        if span[1] > span[0]:
            out.append(span)
        pos = blank.end()
    span = _trim(text, pos, end)
    if span[1] > span[0]:
        out.append(span)
    return out


def _group_chars(source: str, count_tokens: TokenCounter, tokens: int) -> int:
    """How many characters of this note hold about `tokens` tokens (from a sample), less 20 %.

    Paragraphs are counted in groups of that size: counting 100,000 tiny paragraphs one by
    one costs far more than counting a few thousand groups.
    """
    sample = source[:_SAMPLE_CHARS]
    if not sample.strip():
        return 0
    sample_tokens = count_tokens([sample])[0]
    if sample_tokens <= 0:
        return 0
    return int(len(sample) * tokens / sample_tokens * 0.8)


def _group(section: int, paragraphs: list[tuple[int, int]], group_chars: int) -> list[_Unit]:
    """Neighbouring small paragraphs, grouped up to `group_chars` characters."""
    units: list[_Unit] = []
    parts: list[tuple[int, int]] = []
    for start, end in paragraphs:
        if parts and end - parts[0][0] > group_chars:
            units.append(_unit_of(section, parts))
            parts = []
        parts.append((start, end))
    if parts:
        units.append(_unit_of(section, parts))
    return units


def _unit_of(section: int, parts: list[tuple[int, int]]) -> _Unit:
    if len(parts) == 1:
        return _Unit(section, parts[0][0], parts[0][1])
    return _Unit(section, parts[0][0], parts[-1][1], tuple(parts))


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    first = _NON_SPACE_RE.search(text, start, end)
    if first is None:
        return start, start
    start = first.start()
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


# --- heading paths --------------------------------------------------------------------------


def _fit_heading_paths(
    paths: list[tuple[str, ...]], count_tokens: TokenCounter, max_tokens: int
) -> tuple[list[tuple[str, ...]], list[int]]:
    """Heading paths with their token counts, shortened where they would take more than half
    of `max_tokens` (outermost headings are dropped first, then the last one is cut)."""
    limit = max_tokens // 2
    capped = [tuple(h[:_MAX_HEADING_CHARS] for h in path) for path in paths]
    distinct = sorted({p for p in capped if p})
    texts = [HEADING_SEPARATOR.join(p) for p in distinct]
    fitted: dict[tuple[str, ...], tuple[tuple[str, ...], int]] = {(): ((), 0)}
    for path, tokens in zip(distinct, count_tokens(texts), strict=True):
        short = path
        while tokens > limit and short:
            if len(short) > 1:
                short = short[1:]
            else:
                head = short[0]
                short = (head[: len(head) // 2],) if len(head) > 1 else ()
            tokens = count_tokens([HEADING_SEPARATOR.join(short)])[0] if short else 0
        fitted[path] = (short, tokens)
    return [fitted[p][0] for p in capped], [fitted[p][1] for p in capped]


# --- fitting --------------------------------------------------------------------------------


def _fit(
    source: str,
    units: list[_Unit],
    budgets: list[int],
    count_tokens: TokenCounter,
    max_chars: int,
) -> list[_Piece]:
    """Cut units until every piece fits its section's token budget and `max_chars`.

    Units longer than `max_chars` are never counted whole: a sample of each gives its token
    density, and it is cut into windows that should fit at that density.
    """
    done: list[_Piece] = []
    pending = units
    for _round in range(_MAX_ROUNDS):
        if not pending:
            break
        countable = [u for u in pending if u.end - u.start <= max_chars]
        oversized = [u for u in pending if u.end - u.start > max_chars]
        texts = [source[u.start : u.end] for u in countable]
        samples = [source[u.start : u.start + _SAMPLE_CHARS] for u in oversized]
        counts = count_tokens(texts + samples) if texts or samples else []
        next_pending: list[_Unit] = []
        for unit, tokens in zip(countable, counts, strict=False):
            length = unit.end - unit.start
            if unit.parts and tokens > budgets[unit.section]:
                next_pending.extend(_Unit(unit.section, a, b) for a, b in unit.parts)
                continue
            if tokens <= budgets[unit.section] or length <= 1:
                if tokens > budgets[unit.section]:
                    log.warning("a single character takes %d tokens; kept as it is", tokens)
                done.append(_Piece(unit.section, unit.start, unit.end, tokens))
                continue
            window = max(1, min(_window_for(length, tokens, budgets[unit.section]), length - 1))
            next_pending.extend(_windows(source, unit.section, unit.start, unit.end, window))
        for unit, sample, tokens in zip(oversized, samples, counts[len(texts) :], strict=True):
            if unit.parts:
                next_pending.extend(_Unit(unit.section, a, b) for a, b in unit.parts)
                continue
            window = min(max_chars, _window_for(len(sample), tokens, budgets[unit.section]))
            next_pending.extend(_windows(source, unit.section, unit.start, unit.end, window))
        pending = next_pending
    else:  # pragma: no cover - windows shrink every round, so this cannot happen
        raise RuntimeError("chunking did not converge")
    done.sort(key=lambda p: p.start)
    return done


def _window_for(length: int, tokens: int, budget: int) -> int:
    """Characters that should hold `budget` tokens at the density length/tokens, less 10 %."""
    if tokens <= 0:
        return length
    return max(1, int(length * budget / tokens * 0.9))


def _windows(source: str, section: int, start: int, end: int, window: int) -> list[_Unit]:
    """Cut source[start:end] into trimmed spans of at most `window` characters, each ending at
    the best boundary in its second half: blank line, line, sentence, word, else anywhere."""
    out: list[_Unit] = []
    pos = start
    half = max(1, window // 2)
    while pos < end:
        first = _NON_SPACE_RE.search(source, pos, end)
        if first is None:
            break
        pos = first.start()
        if end - pos <= window:
            cut = end
        else:
            limit = pos + window
            cut = _best_cut(source, pos + half, limit)
        span_start, span_end = _trim(source, pos, cut)
        if span_end > span_start:
            out.append(_Unit(section, span_start, span_end))
        pos = cut
    return out


def _best_cut(source: str, lo: int, hi: int) -> int:
    """A cut position in (lo, hi], at the best boundary available."""
    i = source.rfind("\n\n", lo, hi)
    if i >= 0:
        return i + 1
    i = source.rfind("\n", lo, hi)
    if i >= 0:
        return i + 1
    best = max(source.rfind(mark, lo, hi) for mark in _SENTENCE_ENDS)
    if best >= 0:
        return best + 1  # after the sentence's final mark
    i = max(source.rfind(" ", lo, hi), source.rfind("\t", lo, hi))
    if i >= 0:
        return i + 1
    return hi


# --- packing and checking -------------------------------------------------------------------


def _pack(
    pieces: list[_Piece],
    budgets: list[int],
    target_tokens: int,
    max_chars: int,
) -> list[_Span]:
    """Merge neighbouring pieces of one section up to the target token count.

    Pieces cut in the middle of a word (no whitespace between them) are never merged: a
    word-piece tokenizer counts a whole word differently from its halves.
    """
    spans: list[_Span] = []
    cur: _Span | None = None
    for piece in pieces:
        if (
            cur is not None
            and piece.section == cur.section
            and piece.start > cur.end
            and cur.tokens + piece.tokens <= min(target_tokens, budgets[piece.section])
            and piece.end - cur.start <= max_chars
        ):
            cur = _Span(cur.section, cur.start, piece.end, cur.tokens + piece.tokens, cur.joins + 1)
            continue
        if cur is not None:
            spans.append(cur)
        cur = _Span(piece.section, piece.start, piece.end, piece.tokens, 0)
    if cur is not None:
        spans.append(cur)
    return spans


def _verify(
    source: str,
    spans: list[_Span],
    paths: list[tuple[str, ...]],
    prefix_tokens: list[int],
    count_tokens: TokenCounter,
    max_tokens: int,
    max_chars: int,
) -> list[_Span]:
    """Make sure no chunk's embed text is over `max_tokens`.

    A chunk's count is the sum of its pieces' exact counts and its heading path's: word-piece
    tokenizers split at whitespace first, so counts add up across the whitespace joins.
    Only chunks where that sum, plus one token of slack per join, could exceed `max_tokens`
    are counted again (for a word-piece tokenizer that is none, which saves a full pass over
    big notes); any that is really over is cut smaller and checked again.
    """
    result = list(spans)

    def needs_check(span: _Span) -> bool:
        joins = span.joins + (1 if paths[span.section] else 0)
        return prefix_tokens[span.section] + span.tokens + joins > max_tokens

    check = [i for i, span in enumerate(result) if needs_check(span)]
    for _round in range(_MAX_ROUNDS):
        if not check:
            return result
        texts = [
            _embed_text(paths[result[i].section], source[result[i].start : result[i].end])
            for i in check
        ]
        counts = count_tokens(texts)
        replaced: dict[int, list[_Span]] = {}
        for i, tokens in zip(check, counts, strict=True):
            span = result[i]
            length = span.end - span.start
            if tokens <= max_tokens:
                continue
            if length <= 1:
                log.warning("a single character takes %d tokens with its headings", tokens)
                continue
            budget = max(1, max_tokens - prefix_tokens[span.section])
            window = max(1, min(length - 1, _window_for(length, tokens, budget), max_chars))
            cuts = _windows(source, span.section, span.start, span.end, window)
            replaced[i] = [_Span(u.section, u.start, u.end, max_tokens, 0) for u in cuts]
        if not replaced:
            return result
        new_result: list[_Span] = []
        check = []
        for i, span in enumerate(result):
            for new_span in replaced.get(i, [span]):
                if i in replaced:
                    check.append(len(new_result))  # token count unknown: count it next round
                new_result.append(new_span)
        result = new_result
    raise RuntimeError("chunk verification did not converge")  # pragma: no cover
