"""How a contradiction reads on screen: labels, dates and the HTML of the detail panes.

Vault text (claims, contexts, titles, paths, explanations) is always passed through
`html.escape` first; only then is our own markup (the claim's emphasis, badges) added around
the escaped pieces. Nothing a note contains can become markup.
"""

from __future__ import annotations

import html
import re
from datetime import datetime

from engine.api import Contradiction, ContradictionSide, Side

TYPE_LABELS: dict[str, str] = {
    "negation": "Negation",
    "conflicting_values": "Conflicting values",
    "opposing_sentiment": "Opposing sentiment",
    "semantic_conflict": "Semantic conflict",
    "superseded": "Superseded decision",
}
TYPE_HINTS: dict[str, str] = {
    "negation": "One note says it, the other says it is not so.",
    "conflicting_values": "The notes give different numbers, dates or amounts.",
    "opposing_sentiment": "The notes judge the same thing in opposite ways.",
    "semantic_conflict": "The notes make incompatible statements.",
    "superseded": "A later note changes a decision an earlier one records; the newer side "
    "is marked when it was modified on a later day.",
}
REVIEW_LABELS: dict[str, str] = {"open": "Open", "dismissed": "Dismissed", "resolved": "Resolved"}

# Colours chosen to read on light and dark palettes (each pairs a background with its text).
_MARK = "background-color:#fde68a; color:#1f2937; font-weight:600;"
_NEWER = "background-color:#2563eb; color:#ffffff;"
_CURRENT = "background-color:#15803d; color:#ffffff;"
_BADGE = "font-size:small; font-weight:600;"
_MUTED = "color:#6b7280;"


def type_label(kind: str) -> str:
    """'conflicting_values' -> 'Conflicting values' (unknown types are tidied the same way)."""
    return TYPE_LABELS.get(kind) or kind.replace("_", " ").strip().capitalize() or "Unknown"


def confidence_label(confidence: float) -> str:
    return f"{round(max(0.0, min(1.0, confidence)) * 100)}%"


def review_label(c: Contradiction) -> str:
    if c.review == "resolved" and c.current_side:
        return f"Resolved: {c.current_side.upper()} is current"
    return REVIEW_LABELS.get(c.review, c.review.capitalize())


def _local(timestamp: str | None) -> datetime | None:
    """An ISO timestamp in local time (None when missing or unreadable)."""
    if not timestamp:
        return None
    try:
        when = datetime.fromisoformat(timestamp)
    except ValueError:
        return None
    return when.astimezone() if when.tzinfo else when


def date_label(timestamp: str | None, *, with_time: bool = False) -> str:
    """An ISO timestamp as '3 Jun 2026' (with `with_time`: '3 Jun 2026, 14:05'), in local
    time; 'unknown date' when missing."""
    when = _local(timestamp)
    if when is None:
        return timestamp or "unknown date"
    day = f"{when.day} {when:%b %Y}"
    return f"{day}, {when:%H:%M}" if with_time else day


def same_day(c: Contradiction) -> bool:
    """Both notes were modified on the same calendar day (local time)."""
    a, b = _local(c.a.timestamp), _local(c.b.timestamp)
    return a is not None and b is not None and a.date() == b.date()


def shown_newer(c: Contradiction) -> Side | None:
    """The side marked "newer": only when its note was modified on a later day. Edits of one
    day say little about which statement holds (a copied or synced vault gives every note
    the same day), so those show the time of each instead (`side_date_label`)."""
    return None if same_day(c) else c.newer


def side_date_label(c: Contradiction, side: Side) -> str:
    """When a side's note was modified: its day, with the time when both sides share it."""
    s = c.a if side == "a" else c.b
    return date_label(s.timestamp, with_time=same_day(c))


def _loose(text: str) -> str:
    """A regex matching `text` with any run of whitespace standing for any other."""
    return r"\s+".join(re.escape(word) for word in text.split())


def claim_span(context: str, claim: str) -> tuple[int, int] | None:
    """Where `claim` sits in `context`: exact, else ignoring case and whitespace differences."""
    if not claim.strip():
        return None
    start = context.find(claim)
    if start >= 0:
        return start, start + len(claim)
    match = re.search(_loose(claim), context, flags=re.IGNORECASE)
    return (match.start(), match.end()) if match else None


def emphasised_context_html(context: str, claim: str) -> str:
    """The context with the claim emphasised, as HTML: every piece of vault text is escaped
    before the emphasis markup goes around the claim. When the claim is not found in the
    context, the claim is shown emphasised above the (escaped) context."""
    span = claim_span(context, claim) if context else None
    if span is None:
        mark = f'<span style="{_MARK}">{_escape(claim)}</span>'
        rest = _escape(context) if context and context.strip() != claim.strip() else ""
        return mark + (f"<br/><br/>{rest}" if rest else "")
    start, end = span
    before, inside, after = context[:start], context[start:end], context[end:]
    return f'{_escape(before)}<span style="{_MARK}">{_escape(inside)}</span>{_escape(after)}'


def _escape(text: str) -> str:
    """Escape vault text and keep its line breaks."""
    return html.escape(text, quote=True).replace("\n", "<br/>")


def _badge(text: str, style: str) -> str:
    return f'<span style="{_BADGE}{style}">&nbsp;{html.escape(text)}&nbsp;</span>'


def side_html(c: Contradiction, side: Side) -> str:
    """One side of the pair for the detail pane: title, path, date, badges, claim in context."""
    s: ContradictionSide = c.a if side == "a" else c.b
    badges = []
    if shown_newer(c) == side:
        badges.append(_badge("newer", _NEWER))
    if c.review == "resolved" and c.current_side == side:
        badges.append(_badge("current", _CURRENT))
    title = _escape(s.title or s.path)
    return (
        f'<p style="margin:0;"><span style="{_MUTED}font-weight:600;">{side.upper()}</span>'
        f'&nbsp;&nbsp;<span style="font-size:large; font-weight:600;">{title}</span></p>'
        f'<p style="margin:2px 0 0 0; {_MUTED}">{_escape(s.path)}'
        f" &nbsp;·&nbsp; modified {html.escape(side_date_label(c, side))}"
        f"{' &nbsp;' + ' '.join(badges) if badges else ''}</p>"
        f'<p style="margin-top:12px; line-height:140%;">'
        f"{emphasised_context_html(s.context, s.claim)}</p>"
    )


def summary_html(c: Contradiction) -> str:
    """Type, confidence, review state and the scorer's explanations."""
    hint = TYPE_HINTS.get(c.type, "")
    head = (
        f'<span style="font-size:large; font-weight:600;">{html.escape(type_label(c.type))}'
        f"</span>&nbsp;&nbsp;"
        f'<span style="{_MUTED}">confidence {confidence_label(c.confidence)}</span>'
    )
    if c.review != "open":
        head += f"&nbsp;&nbsp;{_badge(review_label(c), _CURRENT)}"
    parts = [f'<p style="margin:0;">{head}</p>']
    if hint:
        parts.append(f'<p style="margin:2px 0 0 0; {_MUTED}">{html.escape(hint)}</p>')
    if c.explanations:
        items = "".join(f"<li>{_escape(e)}</li>" for e in c.explanations)
        parts.append(f'<ul style="margin-top:4px; margin-bottom:0;">{items}</ul>')
    if c.also:
        places = "; ".join(f"{_escape(a)} ↔ {_escape(b)}" for a, b in c.also)
        parts.append(f'<p style="margin:4px 0 0 0; {_MUTED}">Also between: {places}</p>')
    return "".join(parts)


def search_blob(c: Contradiction) -> str:
    """Lower-cased text the filter box matches against: titles, claims and paths."""
    return "\n".join(
        (c.a.title, c.a.claim, c.a.path, c.b.title, c.b.claim, c.b.path, type_label(c.type))
    ).casefold()
