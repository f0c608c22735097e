"""Read an Obsidian Canvas board (JSON Canvas 1.0) and write it as the markdown the index reads.

A board is not prose: it is cards placed on a plane, some inside groups, joined by arrows. The
index knows one kind of document, a note, and its chunker cuts a note at its headings; so a
board is written as one markdown body in which

- every text card is a section of its own (`## Group › Card label`, a blank line, the card's
  text): each card becomes its own passage, and a hit shows that card, not a stew of the whole
  board. The card's own headings become bold lines, and a code fence or `%%` comment it
  leaves open is closed, so that a card is exactly one section;
- a group that holds no text card is a short section, so its label can still be found;
- link cards are listed under `## Links on the board`;
- file cards are embeds under `## Files on the board` (`![[Notes/Plan.md#Heading]]`) and arrows
  between two file cards are wikilinks (`[[A.md]] → [[B.md]]: label`), so the link graph sees
  the board pointing at its notes; an arrow that touches a text card is written with the
  cards' labels, so the words of the connection can be searched.

`parse_canvas` is pure and never raises for any bytes: what is not a board comes back as a skip
reason, and a board that is only partly broken is read as far as it goes, with warnings.
"""

from __future__ import annotations

import json
import logging
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.vault.markdown import extract_markdown
from engine.vault.reader import BOMS

log = logging.getLogger(__name__)

NOT_A_CANVAS = "not a canvas"
LINKS_HEADING = "Links on the board"
FILES_HEADING = "Files on the board"
CONNECTIONS_HEADING = "Connections on the board"
GROUP_LINE = "Group on the board."
UNTITLED_CARD = "Text card"
UNTITLED_GROUP = "a group"

_CARD_LABEL_CHARS = 60
_GROUP_LABEL_CHARS = 40
_LABEL_SCAN_CHARS = 1000  # a label is read from the start of a line only: hostile lines stay cheap
_MAX_INT_DIGITS = 400  # a longer integer is no position: it is read as infinity, then as 0
_KINDS = ("text", "file", "link", "group")
# warnings: how often each problem happened -> one line each, in the order they first happened
_PROBLEMS = {
    "node": (
        "a node that is not an object was left out",
        "{n} nodes that are not objects were left out",
    ),
    "id": ("a card without an id was left out", "{n} cards without an id were left out"),
    "duplicate": (
        "a card that repeats an earlier card's id was left out",
        "{n} cards that repeat an earlier card's id were left out",
    ),
    "type": ("a card of unknown type was left out", "{n} cards of unknown type were left out"),
    "file": (
        "a file card without a file path was left out",
        "{n} file cards without a file path were left out",
    ),
    "url": ("a link card without a url was left out", "{n} link cards without a url were left out"),
    "field": (
        "a field is missing or has the wrong type",
        "{n} fields are missing or have the wrong type",
    ),
    "edge": (
        "an edge that is not an object was left out",
        "{n} edges that are not objects were left out",
    ),
    "end": (
        "an edge points to a card that does not exist",
        "{n} edges point to cards that do not exist",
    ),
}

_SURROGATE_RE = re.compile("[\ud800-\udfff]")
_WHITESPACE_RE = re.compile(r"\s+")
_FENCE_LINE_RE = re.compile(r"(?:```|~~~)")
_HEADING_PREFIX_RE = re.compile(r"#{1,6}(?=[ \t]|$)")
# one leading marker of a line: a quote, a list item, an ordered list item, a task box
_LINE_PREFIX_RE = re.compile(r"(?:>|[-*+](?=[ \t])|[0-9]{1,9}[.)](?=[ \t])|\[.\](?=[ \t]))[ \t]*")
_WIKILINK_RE = re.compile(r"!?\[\[([^\[\]\n]*+)\]\]")
_MDLINK_RE = re.compile(r"!?\[([^\[\]\n]*+)\]\([^()\n]*+\)")
# single-star emphasis; the patterns cannot backtrack (no '*' inside), so hostile lines stay linear
_EMPHASIS_RE = re.compile(r"\*(?=[^\s*])([^*\n]++)\*")
_UNDERLINE_RE = re.compile(r"(?<!\w)__|__(?!\w)")
_UNSAFE_IN_LINK = re.compile(r"[\[\]|#^\n]")
_UNSAFE_IN_URL = re.compile(r"[\s<>]")


@dataclass(frozen=True)
class CanvasCard:
    """One card of a board, without its place (the order of `Canvas.cards` keeps that)."""

    id: str
    kind: str  # "text" | "file" | "link" | "group"
    text: str = ""  # text cards: the markdown; groups: the label; links: the url
    file: str = ""  # file cards: the vault-relative path, as the board writes it
    subpath: str = ""  # file cards: "#Heading" / "#^block" or ""
    group: str = ""  # the label of the innermost labelled group that holds this card, or ""


@dataclass(frozen=True)
class CanvasEdge:
    """An arrow between two cards (by card id)."""

    source: str
    target: str
    label: str = ""


@dataclass(frozen=True)
class Canvas:
    """A board as read: cards in reading order (by y, then x), edges whose two ends exist."""

    cards: tuple[CanvasCard, ...]
    edges: tuple[CanvasEdge, ...]
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True)
class _Placed:
    """A card with its rectangle and its position in the file, while the board is read."""

    card: CanvasCard
    x: float
    y: float
    width: float
    height: float
    index: int

    @property
    def area(self) -> float:
        return self.width * self.height

    def holds(self, other: _Placed) -> bool:
        """Does this rectangle contain the other one (edges included)?"""
        return (
            self.x <= other.x
            and self.y <= other.y
            and other.x + other.width <= self.x + self.width
            and other.y + other.height <= self.y + self.height
        )


class _Problems:
    """Counts of the problems met while reading, as warnings a user can read."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}

    def add(self, key: str) -> None:
        self.counts[key] = self.counts.get(key, 0) + 1

    def warnings(self) -> list[str]:
        out: list[str] = []
        for key, count in self.counts.items():
            one, many = _PROBLEMS[key]
            out.append(one if count == 1 else many.format(n=count))
        return out


# --- reading --------------------------------------------------------------------------------


def parse_canvas(raw: bytes) -> Canvas | str:
    """A board from the bytes of a `.canvas` file, or the reason it is not one. Pure; never
    raises for any content."""
    try:
        return _parse(raw)
    except Exception as err:  # a bug, not a property of the file: log it, skip the file
        log.exception("internal error while parsing a canvas")
        return f"internal error while parsing a canvas: {type(err).__name__}: {err}"


def _parse(raw: bytes) -> Canvas | str:
    text, warnings = _decode(raw)
    if not text.strip():
        return Canvas(cards=(), edges=(), warnings=warnings)  # a new board Obsidian has not filled
    try:
        data = json.loads(text, parse_int=_parse_int)
    except json.JSONDecodeError as err:
        return f"{NOT_A_CANVAS}: malformed JSON at line {err.lineno}, column {err.colno}: {err.msg}"
    except RecursionError:
        return f"{NOT_A_CANVAS}: the JSON is nested too deeply"
    except ValueError as err:
        return f"{NOT_A_CANVAS}: unreadable JSON: {err}"
    if not isinstance(data, dict):
        return f"{NOT_A_CANVAS}: the JSON is {_kind_of(data)}, not an object"
    nodes = data.get("nodes")
    if nodes is None:
        nodes = []  # the spec makes both lists optional: an object without them is an empty board
    if not isinstance(nodes, list):
        return f"{NOT_A_CANVAS}: 'nodes' is {_kind_of(nodes)}, not a list"
    edges = data.get("edges")
    if edges is None:
        edges = []
    elif not isinstance(edges, list):
        warnings = (*warnings, f"'edges' is {_kind_of(edges)}, not a list; no edges were read")
        edges = []

    problems = _Problems()
    placed = _in_reading_order(_with_groups(_read_nodes(nodes, problems)))
    cards = tuple(p.card for p in placed)
    read_edges = _read_edges(edges, {card.id for card in cards}, problems)
    return Canvas(cards=cards, edges=read_edges, warnings=(*warnings, *problems.warnings()))


def _decode(raw: bytes) -> tuple[str, tuple[str, ...]]:
    """Text from the bytes: BOM-aware, UTF-8 otherwise; bad bytes become '\ufffd' (a board with
    one broken character is still a board)."""
    codec, name, payload = "utf-8", "UTF-8", raw
    for bom, bom_codec, bom_name in BOMS:
        if raw.startswith(bom):
            codec, name, payload = bom_codec, bom_name, raw[len(bom) :]
            break
    try:
        return payload.decode(codec), ()
    except UnicodeDecodeError:
        text = payload.decode(codec, errors="replace")
        return text, (f"invalid {name} bytes replaced with '\ufffd'",)


def _parse_int(digits: str) -> int | float:
    """JSON integers; a huge one is infinity, not a ValueError over the whole file."""
    return int(digits) if len(digits) <= _MAX_INT_DIGITS else math.inf


def _kind_of(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object"


def _read_nodes(nodes: list[Any], problems: _Problems) -> list[_Placed]:
    placed: list[_Placed] = []
    seen: set[str] = set()
    for index, node in enumerate(nodes):
        if not isinstance(node, dict):
            problems.add("node")
            continue
        card_id = _id(node.get("id"))
        if card_id is None:
            problems.add("id")
            continue
        if card_id in seen:
            problems.add("duplicate")
            continue
        card = _card(card_id, node, problems)
        if card is None:
            continue
        seen.add(card_id)
        x, y = _number(node.get("x"), problems), _number(node.get("y"), problems)
        width = max(_number(node.get("width"), problems), 0.0)
        height = max(_number(node.get("height"), problems), 0.0)
        placed.append(_Placed(card, x, y, width, height, index))
    return placed


def _card(card_id: str, node: dict[str, Any], problems: _Problems) -> CanvasCard | None:
    """The card a node describes, or None (counted) when it cannot be one."""
    kind = node.get("type")
    if not isinstance(kind, str) or kind not in _KINDS:
        problems.add("type")
        return None
    if kind == "text":
        return CanvasCard(card_id, kind, text=_text(node.get("text"), problems))
    if kind == "group":
        return CanvasCard(card_id, kind, text=_text(node.get("label"), problems))
    if kind == "link":
        url = _text(node.get("url"), problems).strip()
        if not url:
            problems.add("url")
            return None
        return CanvasCard(card_id, kind, text=url)
    path = _text(node.get("file"), problems)
    if not path.strip():
        problems.add("file")
        return None
    subpath = _text(node.get("subpath"), problems).strip()
    if subpath and not subpath.startswith("#"):
        subpath = "#" + subpath  # the spec says a subpath always starts with '#'
    return CanvasCard(card_id, kind, file=path, subpath=subpath)


def _id(value: object) -> str | None:
    """A card id: a non-empty string (a number is accepted as its digits)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, str) and value:
        return _clean(value)
    return None


def _text(value: object, problems: _Problems) -> str:
    """A string field: absent is "", a number its digits, anything else "" (counted)."""
    if value is None:
        return ""
    if isinstance(value, str):
        return _clean(value)
    problems.add("field")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return ""


def _clean(text: str) -> str:
    """Line ends as '\\n', no NULs, no lone surrogates (JSON may spell '\\ud800'; such a string
    could not be written out as UTF-8)."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if "\x00" in text:
        text = text.replace("\x00", "")
    return _SURROGATE_RE.sub("\ufffd", text)


def _number(value: object, problems: _Problems) -> float:
    """A position or size: a finite number; a numeric string is read (and counted), anything
    else is 0 (counted)."""
    number: float | None = None
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        number = _finite(value)
        if number is not None:
            return number
    elif isinstance(value, str) and len(value) <= 64:
        try:
            number = _finite(float(value))
        except ValueError:
            number = None
    problems.add("field")
    return 0.0 if number is None else number


def _finite(value: float) -> float | None:
    try:
        number = float(value)
    except OverflowError:
        return None
    return number if math.isfinite(number) else None


def _with_groups(placed: list[_Placed]) -> list[_Placed]:
    """Each card with the label of the innermost labelled group whose rectangle holds it.

    Innermost is the smallest area; two groups of the same size hold each other, so the one
    earlier in the file (drawn below) is taken to hold the later one, never both ways.
    """
    groups = [p for p in placed if p.card.kind == "group" and _plain(p.card.text)]
    out: list[_Placed] = []
    for item in placed:
        holders = [
            group
            for group in groups
            if group is not item
            and group.holds(item)
            and (group.area > item.area or (group.area == item.area and group.index < item.index))
        ]
        if not holders:
            out.append(item)
            continue
        innermost = min(holders, key=lambda group: (group.area, -group.index))
        card = CanvasCard(
            id=item.card.id,
            kind=item.card.kind,
            text=item.card.text,
            file=item.card.file,
            subpath=item.card.subpath,
            group=innermost.card.text,
        )
        out.append(_Placed(card, item.x, item.y, item.width, item.height, item.index))
    return out


def _in_reading_order(placed: list[_Placed]) -> list[_Placed]:
    """Top to bottom, then left to right; the file's order breaks ties."""
    return sorted(placed, key=lambda p: (p.y, p.x, p.index))


def _read_edges(edges: list[Any], ids: set[str], problems: _Problems) -> tuple[CanvasEdge, ...]:
    out: list[CanvasEdge] = []
    for edge in edges:
        if not isinstance(edge, dict):
            problems.add("edge")
            continue
        source, target = _id(edge.get("fromNode")), _id(edge.get("toNode"))
        if source is None or target is None or source not in ids or target not in ids:
            problems.add("end")
            continue
        out.append(CanvasEdge(source, target, _text(edge.get("label"), problems)))
    return tuple(out)


# --- writing --------------------------------------------------------------------------------


def canvas_markdown(canvas: Canvas) -> str:
    """The board as one markdown body: each text card a section, then its links, files and
    connections. "" when the board has nothing to search. Deterministic."""
    sections = [*_card_sections(canvas.cards)]
    links = _unique(f"- {_url(card.text)}" for card in canvas.cards if card.kind == "link")
    files = _unique(
        f"- {_wikilink(card.file, card.subpath, embed=True)}"
        for card in canvas.cards
        if card.kind == "file"
    )
    connections = _connection_lines(canvas)
    for heading, lines in (
        (LINKS_HEADING, links),
        (FILES_HEADING, files),
        (CONNECTIONS_HEADING, connections),
    ):
        if lines:
            sections.append(f"## {heading}\n\n" + "\n".join(lines))
    return "\n\n".join(sections) + "\n" if sections else ""


def note_edges(canvas: Canvas) -> tuple[tuple[str, str, str], ...]:
    """(from file, to file, label) for each edge between two file cards, in reading order;
    repeats and edges from a file to itself are dropped."""
    files = {card.id: card.file for card in canvas.cards if card.kind == "file"}
    out: list[tuple[str, str, str]] = []
    seen: set[tuple[str, str, str]] = set()
    for edge in _ordered_edges(canvas):
        source, target = files.get(edge.source), files.get(edge.target)
        if source is None or target is None or source == target:
            continue
        item = (source, target, _one_line(edge.label))
        if item not in seen:
            seen.add(item)
            out.append(item)
    return tuple(out)


def _card_sections(cards: Iterable[CanvasCard]) -> list[str]:
    """A section per text card, and one per group label that holds no text card."""
    cards = list(cards)
    holding = {card.group for card in cards if card.kind == "text" and card.text.strip()}
    sections: list[str] = []
    shown_groups: set[str] = set()
    for card in cards:
        if card.kind == "text" and card.text.strip():
            sections.append(f"## {_section_label(card)}\n\n{_card_body(card.text)}")
        elif card.kind == "group" and card.text not in holding:
            label = _cut(_plain(card.text), _CARD_LABEL_CHARS)
            if label and label not in shown_groups:
                shown_groups.add(label)
                sections.append(f"## {label}\n\n{GROUP_LINE}")
    return sections


def _ordered_edges(canvas: Canvas) -> list[CanvasEdge]:
    """Edges between two existing cards, by the reading order of their ends (then the file's)."""
    order = {card.id: index for index, card in enumerate(canvas.cards)}
    edges = [e for e in canvas.edges if e.source in order and e.target in order]
    return sorted(edges, key=lambda e: (order[e.source], order[e.target]))


def _connection_lines(canvas: Canvas) -> list[str]:
    """One line per edge: file cards as wikilinks, other cards by their label."""
    by_id = {card.id: card for card in canvas.cards}
    lines: list[str] = []
    for edge in _ordered_edges(canvas):
        source, target = by_id[edge.source], by_id[edge.target]
        if edge.source == edge.target or (
            source.kind == target.kind == "file" and source.file == target.file
        ):
            continue  # an arrow from a card to itself says nothing
        line = f"- {_end_label(source)} → {_end_label(target)}"
        label = _one_line(edge.label)
        lines.append(f"{line}: {label}" if label else line)
    return _unique(lines)


def _end_label(card: CanvasCard) -> str:
    if card.kind == "file":
        return _wikilink(card.file, "", embed=False)
    if card.kind == "text":
        return _card_label(card.text)
    if card.kind == "link":
        return _url(card.text)
    return _cut(_plain(card.text), _CARD_LABEL_CHARS) or UNTITLED_GROUP


def _unique(lines: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(lines))


def _wikilink(path: str, subpath: str, *, embed: bool) -> str:
    """`[[path#sub]]` (`![[...]]` for an embed); a path a wikilink cannot hold ('[', ']', '|',
    '#', '^', a line break) is plain text, so it links nowhere rather than somewhere wrong."""
    if _UNSAFE_IN_LINK.search(path):
        return _one_line(path)
    return f"{'!' if embed else ''}[[{path}{_one_line(subpath)}]]"


def _url(url: str) -> str:
    url = _one_line(url)
    return url if _UNSAFE_IN_URL.search(url) else f"<{url}>"


# --- labels ---------------------------------------------------------------------------------


def _section_label(card: CanvasCard) -> str:
    label = _card_label(card.text)
    group = _cut(_plain(card.group), _GROUP_LABEL_CHARS)
    return f"{group} › {label}" if group else label


def _card_label(text: str) -> str:
    """The card's first line that says something, as plain words, cut to fit a heading."""
    for line in text.split("\n"):
        head = line.strip()[:_LABEL_SCAN_CHARS]
        if not head or _FENCE_LINE_RE.match(head):
            continue
        label = _plain(_without_markers(head))
        if label:
            return _cut(label, _CARD_LABEL_CHARS)
    return UNTITLED_CARD


def _without_markers(line: str) -> str:
    """A line without its leading quote, list, task and heading markers."""
    while True:
        match = _LINE_PREFIX_RE.match(line)
        if match is None or not match.end():
            break
        line = line[match.end() :]
    heading = _HEADING_PREFIX_RE.match(line)
    if heading is None:
        return line
    line = line[heading.end() :].strip()
    without = line.rstrip("#")
    if without != line and (not without or without[-1] in " \t"):
        line = without.rstrip()  # "## Title ##": the closing hashes are no part of the title
    return line


def _plain(text: str) -> str:
    """Text for a heading or a connection: links as their words, no emphasis markers, one line,
    and no '%%' (it would open a comment that hides the sections after it)."""
    text = text[:_LABEL_SCAN_CHARS]
    if "[" in text:
        text = _WIKILINK_RE.sub(_link_words, text)
        text = _MDLINK_RE.sub(r"\1", text)
    return _one_line(_without_emphasis(text))


def _without_emphasis(text: str) -> str:
    """Text without '**', '__' (not inside a word, like `__init__`) and '*...*' markers."""
    if "**" in text:
        text = text.replace("**", "")
    if "__" in text:
        text = _UNDERLINE_RE.sub("", text)
    if "*" in text:
        text = _EMPHASIS_RE.sub(_emphasised, text)
    return text


def _emphasised(match: re.Match[str]) -> str:
    inner = match.group(1)
    return match.group() if inner[-1].isspace() else inner  # "2 * 3 * 4" is no emphasis


def _link_words(match: re.Match[str]) -> str:
    inner = match.group(1)
    target, _bar, alias = inner.partition("|")
    return (alias or target).strip()


def _one_line(text: str) -> str:
    text = _WHITESPACE_RE.sub(" ", text).strip()
    while "%%" in text:
        text = text.replace("%%", "%")
    return text


def _cut(text: str, limit: int) -> str:
    """At most `limit` characters, cut at a word boundary when there is one, ending in '…'."""
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    if not text[limit - 1].isspace():
        space = head.rfind(" ")
        if space > limit // 2:
            head = head[:space]
    return head.rstrip() + "…"


# --- card text ------------------------------------------------------------------------------


def _card_body(text: str) -> str:
    """The card's text as the body of its section: its headings become bold lines and what it
    leaves open is closed, so that it stays one section; everything else is kept as written."""
    lines = _without_blank_ends(text.split("\n"))
    body = "\n".join(lines)
    headings = extract_markdown(body).headings
    if headings:  # exactly the lines the app reads as headings: none in code or comments
        for heading in headings:
            lines[heading.line] = _bold(lines[heading.line])
        body = "\n".join(lines)
    return _closed(body)


def _without_blank_ends(lines: list[str]) -> list[str]:
    start, end = 0, len(lines)
    while start < end and not lines[start].strip():
        start += 1
    while end > start and not lines[end - 1].strip():
        end -= 1
    return lines[start:end]


def _bold(line: str) -> str:
    """An ATX heading line as a bold line ("" for an empty heading)."""
    text = _without_markers(line.lstrip(" ")).replace("**", "")
    return f"**{text}**" if text.strip() else ""


def _closed(body: str) -> str:
    """The body with a code fence or '%%' comment it leaves open closed.

    An open fence or comment would run on to the end of the note and swallow the headings of
    the cards after it. Those two are the only state the app's markdown reader carries from
    line to line, so one of these closers always works; each is checked with that reader.
    """
    if _ends_closed(body):
        return body
    for closer in ("%%", "`" * _longest_run(body, "`"), "~" * _longest_run(body, "~")):
        if _ends_closed(f"{body}\n{closer}"):
            return f"{body}\n{closer}"
    return body  # not reached (see above)


def _ends_closed(body: str) -> bool:
    """Is a heading after the body read as one, and no line of the body read as a heading?"""
    probe = f"{body}\n\n## end"
    headings = extract_markdown(probe).headings
    return len(headings) == 1 and headings[0].line == probe.count("\n")


def _longest_run(text: str, char: str) -> int:
    """The longest run of `char` in the text (at least 3): a fence closer at least as long as
    the fence it closes."""
    runs = (len(match.group()) for match in re.finditer(re.escape(char) + "+", text))
    return max(3, max(runs, default=0))
