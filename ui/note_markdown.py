"""A note's markdown made ready to read: what Obsidian hides is hidden, what it would fetch is
named instead, wikilinks show their display text. Plain text in, markdown out; no Qt.

- YAML frontmatter is left out (the detail view shows the note's tags and dates above);
- HTML comments `<!-- … -->` are left out, and so are Dataview's serialised query blocks
  (`<!-- QueryToSerialize: … -->` through `<!-- SerializedQuery END -->`, the copied query
  result between them included);
- Obsidian comments `%% … %%` are left out;
- `[[Note|alias]]` becomes a link labelled `alias` (`[[Note#Heading]]`: `Note › Heading`)
  whose target is a `wikilink:` address the preview never follows;
- a callout's first line `> [!tip] Title` shows its title (else its kind) in bold;
- embeds `![[file]]` and images (`![alt](url)`, `![alt][ref]`) become text (`🖼 file`):
  nothing is loaded;
- fenced code blocks are kept exactly as written.

Raw HTML in the vault stays text: the preview renders with Qt's HTML-free markdown reader
(`ui.detail_view.NotePreview`), so none of this module's output is trusted as HTML either.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from urllib.parse import quote

WIKILINK_SCHEME = "wikilink:"

_FRONTMATTER = re.compile(r"\A\ufeff?---[ \t]*\n(?:.*?\n)?(?:---|\.\.\.)[ \t]*(?:\n|\Z)", re.DOTALL)
_FENCE = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})")
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
# a callout's first line: `> [!note] Title`, `> [!tip]- Folded`
_CALLOUT = re.compile(r"^([ \t]{0,3}>[ \t]*)\[!([A-Za-z][\w-]*)\][+-]?[ \t]*(.*)$", re.MULTILINE)
_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~!])")


def readable_markdown(text: str) -> str:
    """`text` (a note's markdown) with frontmatter, comments and Dataview serialisations
    hidden, wikilinks shown by their display text and embeds named, not loaded."""
    text = _FRONTMATTER.sub("", text.replace("\r\n", "\n"), count=1)
    out: list[str] = []
    for is_code, part in _split_fences(text):
        out.append(part if is_code else _prose(part))
    return _BLANK_RUN.sub("\n\n", "".join(out)).strip("\n")


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


def _prose(text: str) -> str:
    text = _DATAVIEW_BLOCK.sub("", text)
    text = _HTML_COMMENT.sub("", text)
    text = _OBSIDIAN_COMMENT.sub("", text)
    text = _CALLOUT.sub(_callout, text)
    text = _EMBED.sub(lambda m: _escape(f"🖼 {wikilink_label(m.group(1))}"), text)
    text = _IMAGE.sub(lambda m: _escape(f"🖼 {m.group(1).strip() or 'image'}"), text)
    return _WIKILINK.sub(_link, text)


def _callout(match: re.Match[str]) -> str:
    """`> [!example] Title` as Obsidian shows it: the kind (or the title) in bold."""
    quote_mark, kind, title = match.groups()
    label = title.strip() or kind.replace("-", " ").capitalize()
    return f"{quote_mark}**{label}**"


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
        closes = opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence)
        if closes and not line.strip().strip(fence[0]):
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
