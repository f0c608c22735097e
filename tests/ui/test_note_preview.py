"""The note pane renders markdown safely and scrolls to the match; each source's pane shows
what that source found (real widgets, no engine needed)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QUrl
from PySide6.QtGui import QTextCursor, QTextDocument
from PySide6.QtWidgets import QWidget

from engine.search.types import Excerpt, MergedResult, ScoreBreakdown, Span
from ui.detail_view import DetailView, NotePreview, SourceColumn
from ui.theme import BY_NAME

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
