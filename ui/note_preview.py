"""The note pane: the selected note rendered (`ui.note_document`), matches highlighted and the
first one scrolled into view, so it can be read without leaving the app.

A `[[wikilink]]` opens the note it names in the pane, as Obsidian's reading view does: the
pane asks whoever resolves links (`link_wanted`) and shows the answer (`show_link`), or says
the note is not in the vault's index; `[[Note#Heading]]` scrolls to the heading. **Back**
(or Alt+Left) shows the note before, scrolled where it was. Web and mail links open in the
browser; no other address is followed, and nothing the note names is loaded.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from urllib.parse import unquote

from PySide6.QtCore import QRegularExpression, Qt, QUrl, Signal
from PySide6.QtGui import QColor, QResizeEvent, QTextCharFormat, QTextCursor, QTextDocument
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QTextBrowser,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from engine.api import kind_label
from ui.highlight import MARK_BACKGROUND, MARK_COLOR, MARK_WEIGHT, term_pattern
from ui.note_document import NoteColours, find_heading, write_note
from ui.note_markdown import WIKILINK_SCHEME, NoteBlock, passage_patterns, readable_blocks
from ui.obsidian import open_url
from ui.theme import MUTED

MAX_PREVIEW_CHARS = 100_000
MAX_HISTORY = 50  # notes Back can return to
BROWSER_SCHEMES = frozenset({"http", "https", "mailto"})  # opened outside the app
_UNICODE_NOCASE = (
    QRegularExpression.PatternOption.CaseInsensitiveOption
    | QRegularExpression.PatternOption.UseUnicodePropertiesOption
)


@dataclass(frozen=True)
class Page:
    """What the pane shows, kept so that Back can show it again."""

    path: str  # the note shown (for a missing note: the link's target)
    text: str = ""  # its markdown
    terms: tuple[str, ...] = ()  # the query's words, marked
    passage: str = ""  # the excerpt scrolled to
    heading: str = ""  # else the heading scrolled to
    missing: bool = False  # the link named no note in the index


@dataclass(frozen=True)
class _Link:
    """A link followed, until its note arrives."""

    source: str  # the note it is written in
    target: str  # the note it names, as written (no heading)
    heading: str


class InertDocument(QTextDocument):
    """A document that loads nothing it names: no image or style sheet, local or remote.
    (`QTextDocument` itself reads local files when its view does not supply them.)"""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setUndoRedoEnabled(False)  # read only: nothing to undo
        self.refused: list[str] = []  # what the text asked to load

    def loadResource(self, kind: int, name: QUrl | str) -> object:
        self.refused.append(name.toString() if isinstance(name, QUrl) else name)
        return None


class NoteBrowser(QTextBrowser):
    """A text browser over an `InertDocument` that navigates nowhere by itself (vault text
    may name any address): a click on a link is `anchorClicked`, and Back (Alt+Left, the
    mouse's back button) is `on_back`, for the pane to decide."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.inert = InertDocument(self)
        self.setDocument(self.inert)
        self.setOpenLinks(False)
        self.setOpenExternalLinks(False)
        self.on_resize: Callable[[], None] | None = None
        self.on_back: Callable[[], None] | None = None

    def blank_document(self) -> InertDocument:
        """An empty document for this view, to fill before it is shown: a document no view
        lays out yet takes edits cheaply."""
        return InertDocument(self)

    def show_document(self, document: InertDocument) -> None:
        """Show `document` (from `blank_document`) in place of the one shown, from its top."""
        shown, self.inert = self.inert, document
        self.setDocument(document)
        self.verticalScrollBar().setValue(0)
        shown.deleteLater()

    def loadResource(self, kind: int, name: QUrl | str) -> object:
        return self.inert.loadResource(kind, name)

    def backward(self) -> None:
        if self.on_back is not None:
            self.on_back()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.on_resize is not None:
            self.on_resize()


class NotePreview(QFrame):
    """The selected note, rendered, matches highlighted and the first one scrolled into view;
    its wikilinks open the notes they name here, and Back returns.

    What Obsidian hides stays hidden (`ui.note_markdown`); raw HTML is shown as text and
    nothing the note names is loaded (`NoteBrowser`)."""

    link_wanted = Signal(str, str)  # the note shown, the note a link in it names (as written)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("note-preview")
        self.setStyleSheet(
            "#note-preview { border: 1px solid #dcdfe4; border-radius: 6px;"
            " background: palette(base); }"
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        bar = QFrame()
        bar.setObjectName("note-header")
        bar.setStyleSheet(
            "#note-header { background:#4a4f57; border-top-left-radius:6px;"
            " border-top-right-radius:6px; }"
            " QLabel { color:white; font-weight:700; padding:4px 8px; letter-spacing:1px; }"
            " QToolButton { color:white; border:none; padding:2px 6px; }"
            " QToolButton:hover { background:#5d636c; border-radius:4px; }"
        )
        row = QHBoxLayout(bar)
        row.setContentsMargins(2, 0, 0, 0)
        row.setSpacing(0)
        self.back_button = QToolButton()
        self.back_button.setObjectName("note-back")
        self.back_button.setText("‹ Back")
        self.back_button.setToolTip("Show the note before (Alt+Left)")
        self.back_button.clicked.connect(self.back)
        row.addWidget(self.back_button)
        self.header = QLabel("NOTE")
        self.header.setTextFormat(Qt.TextFormat.PlainText)
        row.addWidget(self.header, 1)
        layout.addWidget(bar)
        self.body = NoteBrowser()
        self.body.setObjectName("note-text")
        self.body.setFrameShape(QFrame.Shape.NoFrame)
        self.body.on_resize = self._keep_focus_in_view
        self.body.anchorClicked.connect(self.open_link)
        self.body.on_back = self.back
        layout.addWidget(self.body, 1)
        self.path: str | None = None  # the note shown, or awaited
        self.page: Page | None = None  # what is shown
        self.history: list[tuple[Page, int]] = []  # pages Back returns to, with their scroll
        self.focus: QTextCursor | None = None  # the match or heading scrolled to, if any
        self._focus_at = 0.25  # where in the view the focus sits (0: top)
        self._scrolled_to: int | None = None  # the scroll value set for it
        self._following: _Link | None = None
        self._show_back()

    def clear(self) -> None:
        self._start(None, "NOTE")
        self.body.clear()

    def loading(self, path: str) -> None:
        """A note was selected: it is shown when its text arrives (`show_text`)."""
        self._start(path, header_for(path))
        self.body.clear()

    def show_text(self, path: str, text: str, terms: Sequence[str], *, passage: str = "") -> None:
        """Render `text` (the note's markdown), mark `terms` and scroll to the first mark
        inside `passage` (the excerpt that made it a result), else to the passage, else to
        the first mark."""
        if path == self.path:
            self._show(Page(path, text, tuple(terms), passage))

    def text(self) -> str:
        return self.body.toPlainText()

    # -- links ------------------------------------------------------------------------------

    def open_link(self, url: QUrl) -> None:
        """A link in the note was clicked: a wikilink (or a link to a note by its path) is
        followed in the pane, a web or mail address opens in the browser."""
        scheme = url.scheme().lower()
        if scheme == WIKILINK_SCHEME.rstrip(":"):
            encoded = bytes(url.toEncoded().data()).decode("ascii")
            self.follow(unquote(encoded[len(WIKILINK_SCHEME) :]))
        elif scheme in BROWSER_SCHEMES:
            open_url(url)
        elif not scheme and not url.host():  # `[text](Other%20note.md#Part)`
            fragment = url.fragment(QUrl.ComponentFormattingOption.FullyDecoded)
            target = url.path(QUrl.ComponentFormattingOption.FullyDecoded)
            self.follow(f"{target}#{fragment}" if fragment else target)

    def follow(self, link: str) -> None:
        """Show the note `link` (a wikilink's target, `Note#Heading` too) names: asked for
        with `link_wanted`; a link to a heading of the note shown only scrolls there."""
        target, _, heading = link.partition("#")
        target, heading = target.strip(), heading.strip()
        if self.path is None:
            return
        if not target:
            self._scroll_to_heading(heading)
            return
        self._following = _Link(self.path, target, heading)
        self.link_wanted.emit(self.path, target)

    def show_link(self, source: str, target: str, path: str, text: str) -> None:
        """The answer to `link_wanted`: `path` and `text` of the note `target` names ("" and
        "" when the index holds none), for the link followed last from `source`."""
        following = self._following
        if following is None or (following.source, following.target) != (source, target):
            return  # another note was shown since, or another link followed
        self._following = None
        if self.page is not None:
            self.history.append((self.page, self.body.verticalScrollBar().value()))
            del self.history[:-MAX_HISTORY]
        page = Page(path, text, heading=following.heading) if path else Page(target, missing=True)
        self.path = page.path
        self._show(page)

    def back(self) -> None:
        """Show the note before the link last followed, scrolled where it was."""
        if not self.history:
            return
        page, scrolled = self.history.pop()
        self._following = None
        self.path = page.path
        self._show(page)
        self._set_focus(None)
        self.body.verticalScrollBar().setValue(scrolled)

    # -- drawing ----------------------------------------------------------------------------

    def _start(self, path: str | None, header: str) -> None:
        """A new subject: the links followed so far are forgotten."""
        self.path = path
        self.page = None
        self.history.clear()
        self._following = None
        self.header.setText(header)
        self._set_focus(None)
        self._show_back()

    def _show(self, page: Page) -> None:
        self.page = page
        self.header.setText(header_for(page.path))
        self._show_back()
        self._set_focus(None)
        if page.missing:
            name = page.path.rsplit("/", 1)[-1].removesuffix(".md")
            self._say(f"“{name}” is not in this vault's index.")
            return
        if not page.text.strip():
            self._say("This note has no text.")
            return
        cut = len(page.text) > MAX_PREVIEW_CHARS
        blocks: tuple[NoteBlock, ...] = readable_blocks(page.text[:MAX_PREVIEW_CHARS])
        if cut:
            blocks += ("*… the rest is in the note itself.*",)
        if not blocks:
            blocks = ("*Nothing to show: this note holds only comments or metadata.*",)
        document = self.body.blank_document()
        write_note(document, blocks, NoteColours.of(self.body.palette()))
        marks = _mark_all(document, term_pattern(page.terms))
        self.body.show_document(document)
        if page.heading and self._scroll_to_heading(page.heading):
            return
        self._set_focus(_focus(document, marks, page.passage))
        self._keep_focus_in_view(force=True)

    def _say(self, message: str) -> None:
        self.body.setHtml(f'<p style="color:{MUTED};"><i>{html.escape(message)}</i></p>')

    def _show_back(self) -> None:
        self.back_button.setVisible(bool(self.history))

    def _scroll_to_heading(self, heading: str) -> bool:
        """Put the heading that reads `heading` at the top of the view (False: none)."""
        block = find_heading(self.body.document(), heading)
        if block is None:
            return False
        cursor = QTextCursor(block)
        self._set_focus(cursor, at=0.0)
        self._keep_focus_in_view(force=True)
        return True

    def _set_focus(self, cursor: QTextCursor | None, *, at: float = 0.25) -> None:
        self.focus = cursor
        self._focus_at = at
        self._scrolled_to = None

    def _keep_focus_in_view(self, *, force: bool = False) -> None:
        """Scroll so the focus sits where it should (a match a quarter down the view, a
        heading at the top); again after a resize moved it, unless the reader has scrolled
        since."""
        if self.focus is None:
            return
        bar = self.body.verticalScrollBar()
        if not force and self._scrolled_to is not None and bar.value() != self._scrolled_to:
            return
        block = self.focus.block()
        top = self.body.document().documentLayout().blockBoundingRect(block).top()
        layout = block.layout()
        if layout is not None and layout.lineCount():
            top += layout.lineForTextPosition(self.focus.position() - block.position()).y()
        bar.setValue(max(0, int(top - self.body.viewport().height() * self._focus_at)))
        self._scrolled_to = bar.value()


def _mark_all(document: QTextDocument, pattern: str | None) -> list[QTextCursor]:
    """Highlight every match of `pattern` in the rendered document; the matches in order."""
    if pattern is None:
        return []
    expression = QRegularExpression(pattern, _UNICODE_NOCASE)
    mark = QTextCharFormat()
    mark.setBackground(QColor(MARK_BACKGROUND))  # as `highlight_html` marks excerpts
    mark.setForeground(QColor(MARK_COLOR))
    mark.setFontWeight(MARK_WEIGHT)
    found: list[QTextCursor] = []
    cursor = document.find(expression, 0)
    while not cursor.isNull() and len(found) < 2000:
        if not cursor.hasSelection():
            break  # an empty match would not move on
        cursor.mergeCharFormat(mark)
        found.append(QTextCursor(cursor))
        cursor = document.find(expression, cursor)
    return found


def _focus(
    document: QTextDocument, marks: Sequence[QTextCursor], passage: str
) -> QTextCursor | None:
    """Where the reader should look first: the first mark inside the passage, the passage's
    start, else the first mark; a cursor without selection."""
    place: QTextCursor | None = None
    for pattern in passage_patterns(passage):
        found = document.find(QRegularExpression(pattern, _UNICODE_NOCASE), 0)
        if not found.isNull():
            place = found
            break
    target: int | None = None
    if place is not None:
        block_start = place.block().position()  # the passage's paragraph
        inside = [m for m in marks if m.selectionStart() >= block_start]
        target = inside[0].selectionStart() if inside else place.selectionStart()
    elif marks:
        target = marks[0].selectionStart()
    if target is None:
        return None
    cursor = QTextCursor(document)
    cursor.setPosition(target)
    return cursor


def header_for(path: str) -> str:
    """The pane's title: what the document is (a note, a board, a PDF) and its path."""
    kind = {"canvas": "BOARD", "PDF": "PDF"}.get(kind_label(path), "NOTE")
    return f"{kind} · {path}"
