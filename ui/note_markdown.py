"""A note's markdown made ready to read: what Obsidian hides is hidden, what it would fetch is
named instead, wikilinks show their display text. Plain text in, blocks out; no Qt.

- YAML frontmatter is left out (the detail view shows the note's tags and dates above);
- HTML comments `<!-- … -->` are left out, and so are Dataview's serialised query blocks
  (`<!-- QueryToSerialize: … -->` through `<!-- SerializedQuery END -->`, the copied query
  result between them included);
- Obsidian comments `%% … %%` are left out;
- `[[Note|alias]]` becomes a link labelled `alias` (`[[Note#Heading]]`: `Note › Heading`)
  whose target is a `wikilink:` address, which the note pane (`ui.note_preview`) follows;
- a callout (`> [!tip] Title` and the quoted lines under it, `[!tip]-`/`[!tip]+` alike)
  becomes a `Callout`: its kind, its title (else its kind, capitalised) and its body as
  blocks of their own;
- embeds `![[file]]` and images (`![alt](url)`, `![alt][ref]`) become text (`🖼 file`):
  nothing is loaded;
- fenced code is kept exactly as written; a fence at the start of a line becomes a `Code`
  block, an indented one (inside a list item) stays in its markdown;
- a heading right under a line of prose gets a blank line above it (a note's indexed text
  joins its chunks with one newline).

Raw HTML in the vault stays text: the preview renders with Qt's HTML-free markdown reader
(`ui.note_document`), so none of this module's output is trusted as HTML either.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import quote

WIKILINK_SCHEME = "wikilink:"

_FRONTMATTER = re.compile(r"\A\ufeff?---[ \t]*\n(?:.*?\n)?(?:---|\.\.\.)[ \t]*(?:\n|\Z)", re.DOTALL)
_FENCE = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})")
# a fence at the start of a line, with its info string (the code's language first)
_OPEN_FENCE = re.compile(r"(`{3,}|~{3,})[ \t]*([^\s`]*)")
_DATAVIEW_BLOCK = re.compile(
    r"<!--\s*QueryToSerialize:.*?<!--\s*SerializedQuery\s+END\s*-->", re.DOTALL | re.IGNORECASE
)
_HTML_COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)
_OBSIDIAN_COMMENT = re.compile(r"%%.*?(?:%%|\Z)", re.DOTALL)
_EMBED = re.compile(r"!\[\[([^\[\]\n]+)\]\]")
_WIKILINK = re.compile(r"\[\[([^\[\]\n]+)\]\]")
# an image inline `![alt](url)`, by reference `![alt][ref]`, or shortcut `![alt]`
_IMAGE = re.compile(r"!\[([^\]\n]*)\](?:\([^)\n]*\)|\[[^\]\n]*\])?")
_BLANK_RUN = re.compile(r"\n{3,}")
_HEADING_GAP = re.compile(r"(?<=[^\n])\n(?=#{1,6} )")
_QUOTE_MARK = re.compile(r"^[ \t]{0,3}>[ \t]?")
# a callout's first line: `> [!note] Title`, `> [!tip]- Folded`
_CALLOUT = re.compile(r"^[ \t]{0,3}>[ \t]*\[!([A-Za-z][\w-]*)\][+-]?[ \t]*(.*)$")
_TITLE_MARKS = re.compile(r"\*\*|__|`")
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~!])")


@dataclass(frozen=True)
class Code:
    """A fenced code block: its lines exactly as written, without the fences."""

    text: str
    language: str = ""


@dataclass(frozen=True)
class Callout:
    """An Obsidian callout: its kind (`tip`, `warning`, … lower-cased), the title shown
    above it (plain text) and what it holds."""

    kind: str
    title: str
    body: tuple[NoteBlock, ...]


# One block of a readable note: markdown (for an HTML-free reader), code or a callout.
NoteBlock = str | Code | Callout


def readable_blocks(text: str) -> tuple[NoteBlock, ...]:
    """`text` (a note's markdown) as blocks to render in order: frontmatter, comments and
    Dataview serialisations hidden, wikilinks shown by their display text, embeds named,
    not loaded, callouts and fenced code as blocks of their own."""
    return _blocks(_FRONTMATTER.sub("", text.replace("\r\n", "\n"), count=1))


def wikilink_label(inner: str) -> str:
    """What Obsidian shows for `[[inner]]`: the alias, else the note name (no folder, no
    `.md`) and the heading or block it points at."""
    target, _, alias = inner.partition("|")
    if alias.strip():
        return alias.strip()
    name, _, anchor = target.partition("#")
    name = name.strip().rsplit("/", 1)[-1].removesuffix(".md")
    anchor = anchor.strip().lstrip("^")
    if name and anchor:
        return f"{name} › {anchor}"
    return name or anchor or target.strip()


def callout_title(kind: str, title: str) -> str:
    """The title line Obsidian shows: the title as text (links by their display text), else
    the kind capitalised."""
    title = _EMBED.sub(lambda m: f"🖼 {wikilink_label(m.group(1))}", title)
    title = _WIKILINK.sub(lambda m: wikilink_label(m.group(1)), title)
    title = _TITLE_MARKS.sub("", title).strip()
    return title or kind.replace("-", " ").capitalize()


class _Blocks:
    """Blocks collected in order; markdown written between two other blocks is one block."""

    def __init__(self) -> None:
        self.blocks: list[NoteBlock] = []
        self._markdown: list[str] = []

    def markdown(self, text: str) -> None:
        self._markdown.append(text)

    def add(self, block: Code | Callout) -> None:
        self._flush()
        self.blocks.append(block)

    def done(self) -> tuple[NoteBlock, ...]:
        self._flush()
        return tuple(self.blocks)

    def _flush(self) -> None:
        text = _BLANK_RUN.sub("\n\n", "".join(self._markdown)).strip("\n")
        self._markdown = []
        if text.strip():
            self.blocks.append(text)


def _blocks(text: str) -> tuple[NoteBlock, ...]:
    out = _Blocks()
    for is_code, part in _split_fences(text):
        code = _code_block(part) if is_code else None
        if code is not None:
            out.add(code)
        elif is_code:
            out.markdown(part)  # an indented fence (in a list item) stays in its markdown
        else:
            _prose(part, out)
    return out.done()


def _prose(text: str, out: _Blocks) -> None:
    """Prose without what Obsidian hides, its callouts as blocks of their own."""
    text = _HEADING_GAP.sub("\n\n", text)  # a note's indexed text joins chunks by one newline
    text = _DATAVIEW_BLOCK.sub("", text)
    text = _HTML_COMMENT.sub("", text)
    text = _OBSIDIAN_COMMENT.sub("", text)
    lines = text.splitlines(keepends=True)
    at = 0
    while at < len(lines):
        head = _CALLOUT.match(lines[at])
        if head is None or (at > 0 and _QUOTE_MARK.match(lines[at - 1])):
            out.markdown(_inline(lines[at]))  # a callout only starts a quote
            at += 1
            continue
        end = at + 1
        while end < len(lines) and _QUOTE_MARK.match(lines[end]):
            end += 1
        body = "".join(_QUOTE_MARK.sub("", line, count=1) for line in lines[at + 1 : end])
        kind, title = head.groups()
        out.add(Callout(kind.lower(), callout_title(kind, title), _blocks(body)))
        at = end


def _inline(text: str) -> str:
    text = _EMBED.sub(lambda m: _escape(f"🖼 {wikilink_label(m.group(1))}"), text)
    text = _IMAGE.sub(lambda m: _escape(f"🖼 {m.group(1).strip() or 'image'}"), text)
    return _WIKILINK.sub(_link, text)


def _code_block(part: str) -> Code | None:
    """A fenced part opened at the start of a line as `Code` (None for an indented fence)."""
    first, _, rest = part.partition("\n")
    opened = _OPEN_FENCE.match(first)
    if opened is None:
        return None
    fence, language = opened.groups()
    lines = rest.splitlines(keepends=True)
    if lines and _closes(lines[-1], fence):
        lines = lines[:-1]  # the closing fence (an unclosed one runs to the end)
    return Code("".join(lines), language)


def _closes(line: str, fence: str) -> bool:
    """Whether `line` closes the code block `fence` opened: the same character, at least
    as many, nothing else."""
    found = _FENCE.match(line)
    if found is None or found.group(1)[0] != fence[0] or len(found.group(1)) < len(fence):
        return False
    return not line.strip().strip(fence[0])


def _link(match: re.Match[str]) -> str:
    inner = match.group(1)
    target = inner.partition("|")[0].strip()
    return f"[{_escape(wikilink_label(inner))}](<{WIKILINK_SCHEME}{quote(target)}>)"


def _escape(text: str) -> str:
    """`text` as literal markdown inline text."""
    return _MD_SPECIAL.sub(r"\\\1", text)


def _split_fences(text: str) -> list[tuple[bool, str]]:
    """(is fenced code, part) in order; the parts joined are `text`. An unclosed fence runs
    to the end, as in CommonMark."""
    parts: list[tuple[bool, str]] = []
    prose: list[str] = []
    code: list[str] = []
    fence: str | None = None
    for line in text.splitlines(keepends=True):
        opened = _FENCE.match(line)
        if fence is None:
            if opened:
                fence = opened.group(1)
                code = [line]
                if prose:
                    parts.append((False, "".join(prose)))
                    prose = []
            else:
                prose.append(line)
            continue
        code.append(line)
        if _closes(line, fence):
            parts.append((True, "".join(code)))
            code, fence = [], None
    if code:
        parts.append((True, "".join(code)))
    if prose:
        parts.append((False, "".join(prose)))
    return parts


_WORD = re.compile(r"\w+")
PASSAGE_WORDS = 5  # words in a row that place a passage in the rendered note


def passage_patterns(passage: str, *, limit: int = 6) -> list[str]:
    """Regular expressions (Python and PCRE alike) for runs of `PASSAGE_WORDS` words of
    `passage` (an excerpt, perhaps cut with "…"), first run first: one of them finds the
    passage in the rendered note even where markup the rendering drops (a wikilink's
    target, emphasis, a list marker) splits the text. Empty for a passage too short to
    place."""
    core = passage.strip()
    words = _WORD.findall(core)
    if core.startswith("…") and words:
        words = words[1:]  # the first word may be cut
    if core.endswith("…") and words:
        words = words[:-1]
    patterns: list[str] = []
    for start in range(max(0, len(words) - PASSAGE_WORDS + 1)):
        run = words[start : start + PASSAGE_WORDS]
        patterns.append(r"\b" + r"\W+".join(re.escape(w) for w in run) + r"\b")
        if len(patterns) >= limit:
            break
    return patterns


# -- excerpts ---------------------------------------------------------------------------------

# What an excerpt pane drops from a passage, so it reads as text, not as markup. Only marks
# are removed, never words, so the spans of the match move with the text.
_EXCERPT_MARKS = re.compile(
    r"(?P<heading>^[ \t]{0,3}#{1,6}[ \t]+)"  # "## " at a line start
    r"|(?P<quote>^[ \t]{0,3}>[ \t]?(?:\[![A-Za-z][\w-]*\][+-]?[ \t]?)?)"  # "> ", "> [!tip] "
    r"|(?P<link_open>!?\[\[(?:[^\[\]\|\n]*\|)?)"  # "[[", "![[" and a link's target before "|"
    r"|(?P<link_close>\]\])"
    r"|(?P<emphasis>\*\*|`)",  # bold and code marks ("__" also joins identifiers)
    re.MULTILINE,
)


def readable_excerpt(
    text: str, spans: Sequence[tuple[int, int]]
) -> tuple[str, list[tuple[int, int]]]:
    """An excerpt without its markdown marks (heading `#`s, quote `>`s, `[[`/`]]` and a
    link's target when it has an alias, bold and code marks), with `spans` (start, end) moved
    to where the same characters now are. A span inside a removed mark is dropped."""
    removed: list[tuple[int, int]] = [(m.start(), m.end()) for m in _EXCERPT_MARKS.finditer(text)]
    if not removed:
        return text, [(s, e) for s, e in spans]
    kept: list[str] = []
    at = 0
    for start, end in removed:
        kept.append(text[at:start])
        at = end
    kept.append(text[at:])

    def moved(pos: int) -> int:
        shift = 0
        for start, end in removed:
            if end <= pos:
                shift += end - start
            elif start < pos:  # inside a removed mark: to where it was
                shift += pos - start
                break
            else:
                break
        return pos - shift

    out = []
    for s, e in spans:
        ns, ne = moved(s), moved(e)
        if ne > ns:
            out.append((ns, ne))
    return "".join(kept), out
