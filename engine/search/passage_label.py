"""How a passage is named where a reason points at it: by its heading when the heading says
which passage it is, else by its first words.

A heading says little when it is a common section word ("Notes", "Context", "Summary",
"Zusammenfassung", …) or the note's own title: "a similar passage (“Notes”)" does not tell a
reader where to look, "a similar passage (“The gauge at Alder Ford reads…”)" does.
Pure functions over text.
"""

from __future__ import annotations

import re

#: Section words that name no particular passage (compared casefolded, without punctuation).
GENERIC_HEADINGS: frozenset[str] = frozenset(
    {
        # English: sections of any note
        "abstract",
        "background",
        "comments",
        "conclusion",
        "content",
        "contents",
        "context",
        "description",
        "details",
        "general",
        "info",
        "information",
        "intro",
        "introduction",
        "misc",
        "miscellaneous",
        "note",
        "notes",
        "other",
        "overview",
        "remarks",
        "summary",
        "text",
        "thoughts",
        "tldr",
        # English: sections of common templates (meetings, decision records)
        "action items",
        "actions",
        "agenda",
        "attendees",
        "consequences",
        "decision",
        "decisions",
        "next steps",
        "status",
        "todo",
        # German
        "allgemein",
        "allgemeines",
        "anmerkungen",
        "beschreibung",
        "einleitung",
        "fazit",
        "hintergrund",
        "inhalt",
        "kontext",
        "notizen",
        "sonstiges",
        "überblick",
        "übersicht",
        "zusammenfassung",
    }
)

MAX_WORDS = 6  # of a passage's opening, when it names the passage
MAX_CHARS = 48

_NUMBERING = re.compile(r"^(?:\d+(?:\.\d+)*[.)]?|[ivxlc]+[.)])\s+", re.IGNORECASE)
_NOT_WORD = re.compile(r"[^\w\s]+")
_SPACES = re.compile(r"\s+")
_HEADING_LINE = re.compile(r"^\s{0,3}#{1,6}(?:\s|$)")
_FENCE = re.compile(r"^\s*(?:```|~~~)")
_LINE_MARKS = re.compile(
    r"^\s*(?:>\s*)*(?:\[![^\]]*\][+-]?\s*)?(?:[-*+]\s+|\d+[.)]\s+)?(?:\[.\]\s+)?"
)
_WIKILINK = re.compile(r"!?\[\[([^\]|#]*)(?:#[^\]|]*)?(?:\|([^\]]*))?\]\]")
_MDLINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_EMPHASIS = re.compile(r"[*_`~=]+")
_HTML_TAG = re.compile(r"</?[A-Za-z][^>]*>")
_TABLE_RULE = re.compile(r"^[\s|:-]+$")
_TRAILING = re.compile(r"[\s,;:.!?—–\-(\[{\"“‘']+$")


def _key(text: str) -> str:
    """A heading or title as compared: casefolded, numbering and punctuation gone."""
    text = _NUMBERING.sub("", text.strip())
    return _SPACES.sub(" ", _NOT_WORD.sub(" ", text.casefold())).strip()


def is_generic_heading(heading: str | None, *, title: str = "") -> bool:
    """True when `heading` names no particular passage: absent, a common section word, or
    the note's own `title`."""
    if heading is None:
        return True
    key = _key(heading)
    if not key or key in GENERIC_HEADINGS or key.replace(" ", "") in GENERIC_HEADINGS:
        return True
    return bool(title) and key == _key(title)


def _readable_lines(text: str) -> list[str]:
    """The passage's prose lines: headings, rules and code blocks left out; list, quote and
    callout marks, link syntax, HTML tags, table bars and emphasis dropped."""
    lines: list[str] = []
    in_code = False
    for raw in text.splitlines():
        if _FENCE.match(raw):
            in_code = not in_code
            continue
        if in_code or _HEADING_LINE.match(raw):
            continue
        if _TABLE_RULE.match(raw):
            continue  # a table's rule, a horizontal rule or a blank line
        line = _LINE_MARKS.sub("", raw)
        line = _WIKILINK.sub(lambda m: m.group(2) or m.group(1), line)
        line = _MDLINK.sub(lambda m: m.group(1), line)
        line = _HTML_TAG.sub("", line).replace("|", " ")
        line = _EMPHASIS.sub("", line).strip()
        if any(c.isalnum() for c in line):
            lines.append(line)
    return lines


def opening_words(text: str, *, max_words: int = MAX_WORDS, max_chars: int = MAX_CHARS) -> str:
    """The first words of a passage as read, cut at a word boundary with an ellipsis when
    there is more ("The gauge at Alder Ford reads…"); "" when it holds no prose."""
    words = " ".join(_readable_lines(text)).split()
    if not words:
        return ""
    kept: list[str] = []
    for word in words[:max_words]:
        if kept and len(" ".join([*kept, word])) > max_chars:
            break
        kept.append(word)
    shown = " ".join(kept)
    if len(kept) == len(words):
        return shown
    if len(shown) > max_chars:  # one very long word
        shown = shown[: max_chars - 1]
    return _TRAILING.sub("", shown) + "…"


def passage_label(heading: str | None, text: str, *, title: str = "") -> str | None:
    """What names a passage in a reason: its `heading` unless that is generic (see
    `is_generic_heading`), else its opening words; the generic heading when the passage has
    no prose, None when it has neither."""
    if heading and not is_generic_heading(heading, title=title):
        return heading
    return opening_words(text) or heading or None
