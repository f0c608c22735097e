"""The note pane renders markdown safely and scrolls to the match; each source's pane shows
what that source found (real widgets, no engine needed)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from helpers.urls import UrlRecorder
from PySide6.QtCore import QPoint, Qt, QUrl
from PySide6.QtGui import (
    QColor,
    QDesktopServices,
    QFont,
    QPalette,
    QTextBlock,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
)
from PySide6.QtWidgets import QWidget

from engine.search.types import Excerpt, MergedResult, ScoreBreakdown, Span
from ui.detail_view import DetailView, SourceColumn
from ui.note_preview import NotePreview
from ui.theme import BY_NAME, callout_color

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

W = TypeVar("W", bound=QWidget)

PATH = "Methods/Long Note.md"
FILLER = "\n\n".join(f"Paragraph {i} talks about the weather and nothing else." for i in range(150))
LONG_NOTE = (
    f"# Long note\n\n{FILLER}\n\n## Late section\n\nThe probe reads **soil moisture** here.\n"
)


def on_screen(qtbot: QtBot, widget: W, width: int, height: int) -> W:
    """`widget` at this size, shown and exposed (scrolling needs a laid-out viewport)."""
    qtbot.addWidget(widget)
    widget.resize(width, height)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def preview(qtbot: QtBot) -> NotePreview:
    pane = on_screen(qtbot, NotePreview(), 500, 300)
    pane.loading(PATH)
    return pane


def char_background(document: QTextDocument, position: int) -> str:
    cursor = QTextCursor(document)
    cursor.setPosition(position + 1)
    return cursor.charFormat().background().color().name()


def test_a_match_far_down_is_scrolled_into_view_and_marked(qtbot: QtBot) -> None:
    pane = preview(qtbot)
    pane.show_text(PATH, LONG_NOTE, ["moisture"])
    bar = pane.body.verticalScrollBar()
    assert bar.maximum() > 0 and bar.value() > 0
    assert pane.focus is not None
    where = pane.body.cursorRect(pane.focus)
    assert pane.body.viewport().rect().contains(where), (where, bar.value())
    document = pane.body.document()
    at = document.toPlainText().index("moisture")
    assert pane.focus.position() == at
    assert char_background(document, at) == "#ffe08a"
    assert char_background(document, document.toPlainText().index("weather")) != "#ffe08a"


def test_the_matched_passage_wins_over_an_earlier_mention(qtbot: QtBot) -> None:
    text = (
        f"# Note\n\nThe probe is named once here.\n\n{FILLER}\n\n"
        "At the end the probe reads moisture every fifteen minutes in clay."
    )
    pane = preview(qtbot)
    pane.show_text(PATH, text, ["probe"], passage="…end the probe reads moisture every fifteen…")
    plain = pane.body.document().toPlainText()
    assert pane.focus is not None and pane.focus.position() == plain.rindex("probe")
    assert pane.body.verticalScrollBar().value() > 0
    # without a passage: the first mark
    pane.loading(PATH)
    pane.show_text(PATH, text, ["probe"])
    assert pane.focus is not None and pane.focus.position() == plain.index("probe")
    assert pane.body.verticalScrollBar().value() == 0


def test_markdown_is_rendered_and_what_obsidian_hides_stays_hidden(qtbot: QtBot) -> None:
    text = (
        "# Title\n\nSome **bold** text and a [[Decisions/ADR-003 Sampling Interval|ADR 3]].\n\n"
        "<!-- QueryToSerialize: LIST FROM #x -->\n<!-- SerializedQuery: LIST FROM #x -->\n"
        "- [[Serialised result]]\n<!-- SerializedQuery END -->\n\n%% private %%\n\n- item one\n"
    )
    pane = preview(qtbot)
    pane.show_text(PATH, text, [])
    plain = pane.text()
    assert plain.startswith("Title\nSome bold text and a ADR 3.")
    assert "#" not in plain and "**" not in plain and "[[" not in plain
    assert "QueryToSerialize" not in plain and "Serialised result" not in plain
    assert "private" not in plain and "item one" in plain
    assert 'href="wikilink:Decisions/ADR-003%20Sampling%20Interval"' in pane.body.toHtml()


def test_vault_text_stays_text_and_nothing_is_loaded(qtbot: QtBot) -> None:
    text = (
        '<script>alert("x")</script> <img src="https://tracker.example/p.png">\n\n'
        "![chart](https://tracker.example/c.png) ![ref][r]\n\n[r]: file:///etc/passwd\n\n"
        "[![linked](file:///etc/passwd)](https://tracker.example)\n\n"
        "<iframe src='https://tracker.example'></iframe>"
    )
    pane = preview(qtbot)
    pane.show_text(PATH, text, [])
    html_out = pane.body.toHtml()
    assert "<script" not in html_out and "<img" not in html_out and "<iframe" not in html_out
    assert '<script>alert("x")</script>' in pane.text()  # shown as the text it is
    assert "🖼 chart" in pane.text() and "🖼 linked" in pane.text()
    assert pane.body.inert.refused == []  # images became text: nothing was even asked for
    # and should an image reach the document, the document loads nothing, not even a file
    document = pane.body.document()
    document.setHtml(
        '<p>x <img src="file:///etc/passwd"> <img src="https://tracker.example/i"></p>'
    )
    pane.body.viewport().repaint()
    assert "file:///etc/passwd" in pane.body.inert.refused
    for url in ("file:///etc/passwd", "https://tracker.example/i"):
        assert document.resource(QTextDocument.ResourceType.ImageResource, QUrl(url)) is None
    assert not pane.body.openLinks() and not pane.body.openExternalLinks()


def test_a_note_of_only_comments_says_so(qtbot: QtBot) -> None:
    pane = preview(qtbot)
    pane.show_text(PATH, "<!-- all hidden -->\n%% and this %%", ["hidden"])
    assert "only comments or metadata" in pane.text()
    assert pane.focus is None


def test_a_source_that_ranked_the_note_never_says_not_found(qtbot: QtBot) -> None:
    column = SourceColumn(BY_NAME["text"])
    qtbot.addWidget(column)
    column.show_excerpts((), terms=["calibrate"], rank=1)
    assert column.header.text() == "WORDS · #1"
    assert "Not found" not in column.text()
    assert "Ranked #1 by words for the note as a whole" in column.text()
    column.show_excerpts((), terms=["calibrate"], rank=None)
    assert column.header.text() == "WORDS" and "Not found by words." in column.text()


def _result(*excerpts: Excerpt) -> MergedResult:
    sources = tuple(dict.fromkeys(e.source for e in excerpts))
    breakdown = ScoreBreakdown(
        rrf=1, rrf_raw=0.03, agreement=0, exact=0, cross_ref=1, recency=1, authority=1, total=1
    )
    return MergedResult(
        note_path=PATH,
        title="Long Note",
        sources=sources,
        primary_source=sources[0],
        match_types=("semantic", "keyword"),
        excerpts=excerpts,
        relevance_score=0.8,
        rrf_score=0.03,
        composite_relevance=0.8,
        tier="best",
        cross_validated=True,
        cross_referenced=False,
        graph_relations=(),
        duplicates=(),
        metadata={},
        timestamp=None,
        score_breakdown=breakdown,
        source_ranks={s: 1 for s in sources},
    )


def test_each_source_shows_its_own_passage_and_says_when_it_is_the_same(qtbot: QtBot) -> None:
    view = DetailView()
    qtbot.addWidget(view)
    chunks = {
        f"{PATH}#0": "Calibration of the probe in clay soils needs three samples.",
        f"{PATH}#3": "The probe reads moisture every fifteen minutes.",
    }
    meaning = Excerpt("semantic", f"{PATH}#0", chunks[f"{PATH}#0"])
    words_elsewhere = Excerpt("text", f"{PATH}#3", chunks[f"{PATH}#3"], (Span(4, 9),))
    view.show_result(_result(meaning, words_elsewhere), query="probe", chunks=chunks)
    assert "three samples" in view.columns["semantic"].text()
    words = view.columns["text"].text()
    assert "fifteen minutes" in words and "three samples" not in words
    assert "SAME PASSAGE" not in words
    words_same = Excerpt("text", f"{PATH}#0", chunks[f"{PATH}#0"], (Span(19, 24),))
    view.show_result(_result(meaning, words_same), query="probe", chunks=chunks)
    assert "SAME PASSAGE AS MEANING" in view.columns["text"].text()
    assert "SAME PASSAGE" not in view.columns["semantic"].text()


def test_the_note_pane_scrolls_to_the_passage_of_the_shown_result(qtbot: QtBot) -> None:
    view = on_screen(qtbot, DetailView(), 900, 700)
    passage = "The probe reads soil moisture here."
    view.show_result(_result(Excerpt("semantic", f"{PATH}#9", passage)), query="what is measured")
    view.show_note_text(PATH, LONG_NOTE)
    assert view.note.focus is not None
    assert view.note.focus.block().text() == passage
    assert view.note.body.verticalScrollBar().value() > 0
    view.show_note_text("Other.md", "# Other")  # a late answer for another note is ignored
    assert "Late section" in view.note.text()


# -- callouts, code, links ----------------------------------------------------------------

CALLOUT_NOTE = (
    "Intro.\n\n> [!tip]- Vault etiquette\n> One note per thing.\n>\n> - Short titles\n\nAfter."
)


def blocks_of(document: QTextDocument) -> list[QTextBlock]:
    found, block = [], document.begin()
    while block.isValid():
        found.append(block)
        block = block.next()
    return found


def block_reading(document: QTextDocument, text: str) -> QTextBlock:
    return next(b for b in blocks_of(document) if b.text() == text)


def text_format(block: QTextBlock) -> QTextCharFormat:
    """The character format of the block's first character."""
    cursor = QTextCursor(block)
    cursor.movePosition(QTextCursor.MoveOperation.NextCharacter)
    return cursor.charFormat()


def cell_background(block: QTextBlock) -> QColor:
    """The background of the table cell holding `block` (a callout's or code's box)."""
    table = QTextCursor(block).currentTable()
    assert table is not None, block.text()
    return table.cellAt(QTextCursor(block)).format().background().color()


def test_a_callout_is_a_box_with_its_title_above_its_body(qtbot: QtBot) -> None:
    pane = preview(qtbot)
    pane.show_text(PATH, CALLOUT_NOTE, [])
    document = pane.body.document()
    assert "Vault etiquette One note" not in pane.text() and "[!tip]" not in pane.text()
    title = block_reading(document, "Vault etiquette")
    assert title.next().text() == "One note per thing."  # the body starts below the title
    assert title.next().next().text() == "Short titles" and title.next().next().textList()
    assert text_format(title).fontWeight() == QFont.Weight.Bold
    assert text_format(title).foreground().color().name() == callout_color("tip")
    # title and body share one box on a tint of the callout's colour
    box = cell_background(title)
    assert cell_background(title.next()) == box
    assert box.green() > box.red() and box.name() != pane.body.palette().base().color().name()
    assert QTextCursor(block_reading(document, "After.")).currentTable() is None
    # without a title, the kind capitalised, in its own colour
    pane.show_text(PATH, "> [!danger]\n> Unplug it first.", [])
    danger = block_reading(pane.body.document(), "Danger")
    assert danger.next().text() == "Unplug it first."
    assert text_format(danger).foreground().color().name() == callout_color("danger")


def test_code_is_kept_as_written_on_a_background_in_light_and_dark(qtbot: QtBot) -> None:
    text = "Run `make  flash` first.\n\n```sh\nmake  flash\n\tdone\n```\n\n~~~\ntilde  code\n~~~"
    for base, ink in (("#ffffff", "#1f1f1f"), ("#1e1e1e", "#e0e0e0")):
        pane = preview(qtbot)
        palette = pane.body.palette()
        palette.setColor(QPalette.ColorRole.Base, QColor(base))
        palette.setColor(QPalette.ColorRole.Text, QColor(ink))
        pane.body.setPalette(palette)
        pane.show_text(PATH, text, [])
        document = pane.body.document()
        lines = [block_reading(document, t) for t in ("make  flash", "    done", "tilde  code")]
        page = QColor(base)
        for line in lines:  # every space kept, in a fixed-pitch font, on a tinted box
            tint = cell_background(line)
            assert tint.name() != page.name()
            assert abs(tint.lightness() - page.lightness()) < 40  # a tint, not a block of ink
            assert text_format(line).fontFixedPitch()
        inline_at = document.toPlainText().index("make  flash")
        inline = QColor(char_background(document, inline_at))
        assert inline.name() not in (page.name(), "#000000")
        code_tint = cell_background(lines[0])
        # inline code on a fainter tint than a code block
        assert abs(inline.lightness() - page.lightness()) < abs(
            code_tint.lightness() - page.lightness()
        )


class FakeVault:
    """Resolves links as the session would, from a dict of notes (path -> text)."""

    def __init__(self, pane: NotePreview, notes: dict[str, str]) -> None:
        self.pane, self.notes = pane, notes
        self.asked: list[tuple[str, str]] = []
        pane.link_wanted.connect(self.answer)

    def answer(self, source: str, target: str) -> None:
        self.asked.append((source, target))
        path = next((p for p in self.notes if p.removesuffix(".md").endswith(target)), "")
        self.pane.show_link(source, target, path, self.notes.get(path, ""))


def anchor_point(pane: NotePreview, label: str) -> QPoint:
    """Where the link labelled `label` is drawn in the pane's viewport (scrolled into view)."""
    document = pane.body.document()
    cursor = document.find(label)
    assert not cursor.isNull() and cursor.charFormat().isAnchor(), label
    middle = QTextCursor(document)
    middle.setPosition(cursor.selectionStart() + len(label) // 2)
    pane.body.setTextCursor(middle)
    pane.body.ensureCursorVisible()
    return pane.body.cursorRect(middle).center()


def click_link(qtbot: QtBot, pane: NotePreview, label: str) -> None:
    qtbot.mouseClick(pane.body.viewport(), Qt.MouseButton.LeftButton, pos=anchor_point(pane, label))


POWER = "Hardware/Power Budget.md"
POWER_TEXT = f"# Power Budget\n\n{FILLER}\n\n## Battery life\n\nTwo years on one cell.\n"
LINKING = (
    f"# Sampling\n\n{FILLER}\n\nThe [[Power Budget]] and the [[Power Budget#Battery life|battery]]."
)


def test_a_clicked_wikilink_shows_its_note_and_back_returns(qtbot: QtBot) -> None:
    pane = preview(qtbot)
    vault = FakeVault(pane, {POWER: POWER_TEXT})
    pane.show_text(PATH, LINKING, [])
    assert not pane.back_button.isVisible()
    click_link(qtbot, pane, "Power Budget")
    assert vault.asked == [(PATH, "Power Budget")]
    assert pane.header.text() == f"NOTE · {POWER}"
    assert pane.text().startswith("Power Budget\nParagraph 0")
    assert pane.back_button.isVisible()
    assert pane.body.verticalScrollBar().value() == 0  # a note opens at its top
    qtbot.mouseClick(pane.back_button, Qt.MouseButton.LeftButton)
    assert pane.header.text() == f"NOTE · {PATH}" and pane.text().startswith("Sampling\n")
    assert not pane.back_button.isVisible()
    scrolled = pane.body.verticalScrollBar().value()
    assert scrolled > 0  # where the reader was: at the link, far down
    # a heading link opens the note at the heading
    click_link(qtbot, pane, "battery")
    assert vault.asked[-1] == (PATH, "Power Budget")
    assert pane.focus is not None and pane.focus.block().text() == "Battery life"
    assert pane.body.verticalScrollBar().value() > 0
    qtbot.keyClick(pane.body, Qt.Key.Key_Left, Qt.KeyboardModifier.AltModifier)  # Back
    assert pane.text().startswith("Sampling\n")
    assert pane.body.verticalScrollBar().value() == scrolled


def test_a_link_to_a_note_not_in_the_index_says_so(qtbot: QtBot) -> None:
    pane = preview(qtbot)
    vault = FakeVault(pane, {})
    pane.show_text(PATH, "See [[Ideas/Someday|later]].", [])
    click_link(qtbot, pane, "later")
    assert vault.asked == [(PATH, "Ideas/Someday")]
    assert pane.text() == "“Someday” is not in this vault's index."
    assert pane.back_button.isVisible()
    pane.back()
    assert pane.text() == "See later."


def test_an_answer_for_a_note_no_longer_shown_is_dropped(qtbot: QtBot) -> None:
    pane = preview(qtbot)
    asked: list[tuple[str, str]] = []
    pane.link_wanted.connect(lambda source, target: asked.append((source, target)))
    pane.show_text(PATH, "See [[Power Budget]].", [])
    pane.body.anchorClicked.emit(QUrl("wikilink:Power%20Budget"))
    assert asked == [(PATH, "Power Budget")]
    pane.loading("Other.md")  # another result selected meanwhile
    pane.show_link(PATH, "Power Budget", POWER, POWER_TEXT)
    assert pane.path == "Other.md" and "Two years" not in pane.text()
    assert not pane.back_button.isVisible()


def test_web_links_open_in_the_browser_and_other_addresses_nowhere(qtbot: QtBot) -> None:
    pane = preview(qtbot)
    asked: list[tuple[str, str]] = []
    pane.link_wanted.connect(lambda source, target: asked.append((source, target)))
    pane.show_text(PATH, "[site](https://example.org/a) and [file](file:///etc/passwd)", [])
    browser, files = UrlRecorder(), UrlRecorder()
    QDesktopServices.setUrlHandler("https", browser, "handle")
    QDesktopServices.setUrlHandler("file", files, "handle")
    try:
        click_link(qtbot, pane, "site")
        click_link(qtbot, pane, "file")
    finally:
        QDesktopServices.unsetUrlHandler("https")
        QDesktopServices.unsetUrlHandler("file")
    assert [u.toString() for u in browser.urls] == ["https://example.org/a"]
    assert files.urls == [] and asked == []
    assert pane.path == PATH and pane.text() == "site and file"


def test_the_pane_says_what_kind_of_document_it_shows() -> None:
    from ui.note_preview import header_for

    assert header_for("Notes/Plan.md") == "NOTE · Notes/Plan.md"
    assert header_for("Boards/Map.canvas") == "BOARD · Boards/Map.canvas"
    assert header_for("Papers/x.PDF") == "PDF · Papers/x.PDF"
