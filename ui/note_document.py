"""A readable note (`ui.note_markdown` blocks) written into a `QTextDocument`.

- markdown goes through Qt's HTML-free reader (GitHub's dialect: tables, task lists);
- a callout is a one-cell table: a tint of its accent behind it and a bar of the accent on
  its left, its title on a line of its own, bold, in the accent, its body below;
- a code block is a one-cell table on a tint of the text colour, in a fixed-pitch font, no
  space lost and no line wrapped; code Qt read inside a list item gets the same tint line by
  line, inline code a fainter one.

Tints are mixed from the view's palette, so they read on light and dark themes alike.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontDatabase,
    QPalette,
    QTextBlock,
    QTextBlockFormat,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextFormat,
    QTextFrameFormat,
    QTextLength,
    QTextTable,
    QTextTableFormat,
)

from ui.note_markdown import Callout, Code, NoteBlock
from ui.theme import callout_color

# GitHub's markdown (tables, task lists, strikethrough, autolinks) with raw HTML off: vault
# text stays text.
MARKDOWN = QTextDocument.MarkdownFeature.MarkdownDialectGitHub | (
    QTextDocument.MarkdownFeature.MarkdownNoHTML
)
CODE_TINT = 0.08  # share of the text colour in a code block's background
INLINE_CODE_TINT = 0.06  # and behind inline code
CALLOUT_TINT = 0.12  # share of the accent in a callout's background
BOX_PADDING = 8.0  # around a box's content, in pixels
CALLOUT_BAR = 3.0  # the width of a callout's left bar
_WORDS = re.compile(r"\w+")


@dataclass(frozen=True)
class NoteColours:
    """The colours a note is drawn in, from the palette of the view that shows it."""

    base: QColor  # the page
    text: QColor

    @classmethod
    def of(cls, palette: QPalette) -> NoteColours:
        return cls(palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Text))

    @property
    def dark(self) -> bool:
        return self.base.lightness() < 128

    def code(self) -> QColor:
        return mix(self.base, self.text, CODE_TINT)

    def inline_code(self) -> QColor:
        return mix(self.base, self.text, INLINE_CODE_TINT)

    def accent(self, kind: str) -> QColor:
        """A callout's accent; lighter on a dark page, so a title in it stays readable."""
        color = QColor(callout_color(kind))
        return color.lighter(140) if self.dark else color

    def callout(self, kind: str) -> QColor:
        return mix(self.base, self.accent(kind), CALLOUT_TINT)


def mix(base: QColor, other: QColor, share: float) -> QColor:
    """`base` with `share` (0–1) of `other` mixed in."""
    keep = 1.0 - share
    return QColor.fromRgbF(
        base.redF() * keep + other.redF() * share,
        base.greenF() * keep + other.greenF() * share,
        base.blueF() * keep + other.blueF() * share,
    )


def write_note(document: QTextDocument, blocks: Sequence[NoteBlock], colours: NoteColours) -> None:
    """Replace what `document` holds with `blocks`, in order."""
    document.clear()
    _write(QTextCursor(document), blocks, colours)
    _tint_code_in_text(document, colours)


def find_heading(document: QTextDocument, heading: str) -> QTextBlock | None:
    """The first heading block that reads as `heading` (the part of a `[[Note#Heading]]`
    link after `#`; case, spacing and punctuation aside), or None."""
    wanted = _heading_key(heading)
    if not wanted:
        return None
    block = document.begin()
    while block.isValid():
        if block.blockFormat().headingLevel() > 0 and _heading_key(block.text()) == wanted:
            return block
        block = block.next()
    return None


def _heading_key(text: str) -> str:
    return " ".join(_WORDS.findall(text.casefold()))


def _write(cursor: QTextCursor, blocks: Sequence[NoteBlock], colours: NoteColours) -> None:
    for block in blocks:
        if isinstance(block, Callout):
            _write_callout(cursor, block, colours)
        elif isinstance(block, Code):
            _write_code(cursor, block, colours)
        else:
            if cursor.block().length() > 1:  # a block of its own
                cursor.insertBlock(QTextBlockFormat(), QTextCharFormat())
            cursor.insertMarkdown(block, MARKDOWN)


def _write_callout(cursor: QTextCursor, callout: Callout, colours: NoteColours) -> None:
    """The callout as a box: its title on the first line, its body below."""
    accent = colours.accent(callout.kind)
    table = _box(cursor, colours.callout(callout.kind))
    cell = table.cellAt(0, 0)
    bar = cell.format().toTableCellFormat()
    bar.setLeftBorder(CALLOUT_BAR)
    bar.setLeftBorderBrush(QBrush(accent))
    bar.setLeftBorderStyle(QTextFrameFormat.BorderStyle.BorderStyle_Solid)
    cell.setFormat(bar)
    inside = cell.firstCursorPosition()
    spaced = QTextBlockFormat()
    spaced.setBottomMargin(4)
    inside.setBlockFormat(spaced)
    title = QTextCharFormat()
    title.setFontWeight(QFont.Weight.Bold)
    title.setForeground(accent)
    inside.insertText(callout.title, title)
    if callout.body:
        inside.insertBlock(QTextBlockFormat(), QTextCharFormat())
        _write(inside, callout.body, colours)
    cursor.setPosition(table.lastPosition() + 1)  # the block after the box


def _write_code(cursor: QTextCursor, code: Code, colours: NoteColours) -> None:
    """The code as a box, a block a line, every space kept (a tab as four)."""
    table = _box(cursor, colours.code())
    lines = QTextBlockFormat()
    lines.setNonBreakableLines(True)
    mono = QTextCharFormat()
    mono.setFontFamilies(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont).families())
    mono.setFontFixedPitch(True)
    inside = table.cellAt(0, 0).firstCursorPosition()
    inside.setBlockFormat(lines)
    inside.insertText(code.text.removesuffix("\n").expandtabs(4), mono)  # a line break: a block
    cursor.setPosition(table.lastPosition() + 1)  # the block after the box


def _box(cursor: QTextCursor, background: QColor) -> QTextTable:
    """A full-width one-cell table at the cursor, on `background`."""
    table_format = QTextTableFormat()
    table_format.setWidth(QTextLength(QTextLength.Type.PercentageLength, 100))
    table_format.setBorder(0)
    table_format.setBorderCollapse(True)
    table_format.setCellSpacing(0)
    table_format.setCellPadding(BOX_PADDING)
    table_format.setTopMargin(4)
    table_format.setBottomMargin(4)
    table = cursor.insertTable(1, 1, table_format)
    cell = table.cellAt(0, 0)
    cell_format = cell.format().toTableCellFormat()
    cell_format.setBackground(background)
    cell.setFormat(cell_format)
    return table


def _tint_code_in_text(document: QTextDocument, colours: NoteColours) -> None:
    """Code Qt read inside markdown: a line of a code block (in a list item) on the code
    tint, inline code on the fainter one. Code boxes are already tinted."""
    lines: list[int] = []
    spans: list[tuple[int, int]] = []
    block = document.begin()
    while block.isValid():
        fmt = block.blockFormat()
        if fmt.hasProperty(QTextFormat.Property.BlockCodeLanguage):
            lines.append(block.position())
        elif not fmt.nonBreakableLines():
            fragments = block.begin()
            while not fragments.atEnd():
                fragment = fragments.fragment()
                if fragment.isValid() and fragment.charFormat().fontFixedPitch():
                    spans.append((fragment.position(), fragment.position() + fragment.length()))
                fragments += 1
        block = block.next()
    cursor = QTextCursor(document)
    line_tint = QTextBlockFormat()
    line_tint.setBackground(colours.code())
    for position in lines:
        cursor.setPosition(position)
        cursor.mergeBlockFormat(line_tint)
    inline_tint = QTextCharFormat()
    inline_tint.setBackground(colours.inline_code())
    for start, end in spans:
        cursor.setPosition(start)
        cursor.setPosition(end, QTextCursor.MoveMode.KeepAnchor)
        cursor.mergeCharFormat(inline_tint)
