"""The selected result: its metadata, then what each source found, side by side.

```
Title                                                   score 0.82
path · #tags · modified … · created …
found by [meaning] [words] [links] · near-duplicates … · contradicts …
┌ MEANING ─────────┬ WORDS ───────────┬ LINKS ───────────┐
│ excerpt, matches │ excerpt, matches │ excerpt          │
│ highlighted      │ highlighted      │ relations        │
└──────────────────┴──────────────────┴──────────────────┘
```

Every piece of vault text is escaped before highlight markup is added (`ui.highlight`).
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from datetime import datetime

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QSplitter,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from engine.api import Excerpt, MergedResult, Relation, Span
from ui.bridge import NoteFacts, other_chunks
from ui.highlight import highlight_html, in_context, query_terms, term_spans
from ui.note_markdown import readable_excerpt
from ui.note_preview import NotePreview
from ui.theme import MUTED, SOURCES, SourceStyle, source_style

RELATION_LABELS = {
    "links_to": "links to",
    "linked_from": "linked from",
    "embeds": "embeds",
    "embedded_by": "embedded by",
    "shares_tag": "shares a tag with",
    "linked_via": "two links from",
    "on_board": "on a board with",
}
MAX_RELATIONS = 12


def _label(text: str = "", *, muted: bool = False, bold: bool = False) -> QLabel:
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    style = []
    if muted:
        style.append(f"color:{MUTED};")
    if bold:
        style.append("font-weight:600;")
    if style:
        label.setStyleSheet("".join(style))
    return label


def _date(value: datetime | None) -> str:
    return value.date().isoformat() if value is not None else ""


class SourceColumn(QFrame):
    """One source's excerpts (and, for links, the note's relations)."""

    def __init__(self, style: SourceStyle, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.style_ = style
        self.setObjectName(f"column-{style.name}")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet(
            f"#column-{style.name} {{ border: 1px solid #dcdfe4; border-radius: 6px;"
            " background: palette(base); }"
        )
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        self.header = QLabel(style.label.upper())
        self.header.setTextFormat(Qt.TextFormat.PlainText)
        self.header.setToolTip(style.tooltip)
        self.header.setStyleSheet(
            f"background:{style.color}; color:white; font-weight:700; padding:4px 8px;"
            " border-top-left-radius:6px; border-top-right-radius:6px; letter-spacing:1px;"
        )
        layout.addWidget(self.header)
        self.body = QTextBrowser()
        self.body.setOpenLinks(False)
        self.body.setOpenExternalLinks(False)
        self.body.setFrameShape(QFrame.Shape.NoFrame)
        self.body.setObjectName(f"excerpts-{style.name}")
        layout.addWidget(self.body, 1)

    def show_excerpts(
        self,
        excerpts: Sequence[Excerpt],
        *,
        terms: Sequence[str],
        chunks: Mapping[str, str] | None = None,
        also: Sequence[str] = (),
        relations: Sequence[Relation] = (),
        links: Sequence[tuple[str, str]] = (),
        rank: int | None = None,
        shared: Mapping[str, str] | None = None,
    ) -> None:
        """The source's excerpts (each widened to its whole chunk when `chunks` knows it,
        matches highlighted), further matching passages (`also`), and for links the note's
        relations to other results and its own links. `shared` names, by chunk id, the
        source that already shows that passage.

        A source that ranked the note (`rank`) never says it did not find it."""
        count = f" · #{rank}" if rank else ""
        self.header.setText(f"{self.style_.label.upper()}{count}")
        chunks = chunks or {}
        shared = shared or {}
        parts: list[str] = []
        for excerpt in excerpts:
            marks = excerpt.spans or tuple(term_spans(excerpt.text, terms))
            text, spans = in_context(excerpt.text, marks, chunks.get(excerpt.chunk_id or ""))
            text, spans = _without_marks(text, spans)
            other = shared.get(excerpt.chunk_id or "")
            if other:
                parts.append(_small_heading(f"same passage as {other}"))
            parts.append(_passage(text, spans, excerpt.heading_path))
        for text in also:
            plain, marks = _without_marks(text, term_spans(text, terms))
            parts.append(_small_heading("also matches here") + _passage(plain, marks, ()))
        if relations:
            parts.append(
                _small_heading("related to these results")
                + _list([_relation_text(r) for r in relations])
            )
        if links and not excerpts and not relations:
            parts.append(self._nothing_shown(rank))
        if links:
            parts.append(
                _small_heading("links of this note")
                + _list([_link_text(other, kind) for other, kind in links])
            )
        if not parts:
            parts.append(self._nothing_shown(rank))
        self.body.setHtml("".join(parts))

    def _nothing_shown(self, rank: int | None) -> str:
        """The column's text when it has no passage: not found, or found as a whole."""
        what = html.escape(self.style_.label)
        if rank:
            text = (
                f"Ranked #{rank} by {what} for the note as a whole (its title, headings or "
                "other forms of the words); no single passage to show."
            )
        else:
            text = f"Not found by {what}."
        return f'<p style="color:{MUTED};"><i>{text}</i></p>'

    def text(self) -> str:
        return self.body.toPlainText()

    def clear(self) -> None:
        self.header.setText(self.style_.label.upper())
        self.body.clear()


def _small_heading(text: str) -> str:
    return (
        f'<p style="color:{MUTED}; font-size:small; margin-top:10px; margin-bottom:2px;">'
        f"{html.escape(text.upper())}</p>"
    )


def _without_marks(text: str, spans: Sequence[Span]) -> tuple[str, list[Span]]:
    """The passage as it reads, without markdown marks; the highlights move with it."""
    plain, moved = readable_excerpt(text, [(s.start, s.end) for s in spans])
    return plain, [Span(start, end) for start, end in moved]


def _passage(text: str, spans: Sequence[Span], heading_path: Sequence[str]) -> str:
    """One passage; its heading path above it, without the heading the text starts with."""
    path = list(heading_path)
    first_line = text.lstrip("#").strip().split("\n", 1)[0]
    if path and first_line == path[-1]:
        path.pop()
    out = ""
    if path:
        style = f"color:{MUTED}; font-size:small; margin-bottom:2px;"
        out += f'<p style="{style}">{html.escape(" › ".join(path))}</p>'
    return out + f'<p style="margin-top:0px;">{highlight_html(text, spans)}</p>'


def _list(items: Sequence[str]) -> str:
    shown = items[:MAX_RELATIONS]
    rows = "".join(f"<li>{html.escape(item)}</li>" for item in shown)
    if len(items) > MAX_RELATIONS:
        rows += f"<li>… {len(items) - MAX_RELATIONS} more</li>"
    return f'<ul style="margin-top:0px; margin-left:-24px;">{rows}</ul>'


def _link_text(other: str, kind: str) -> str:
    label = RELATION_LABELS.get(kind, kind.replace("_", " "))
    return f"{label} {other.removesuffix('.md')}"


def _relation_text(relation: Relation) -> str:
    kind = RELATION_LABELS.get(relation.kind, relation.kind.replace("_", " "))
    target = relation.other_path.removesuffix(".md")
    via = f" (via {relation.via})" if relation.via else ""
    hops = f" · {relation.hops} hops" if relation.hops > 1 else ""
    return f"{kind} {target}{via}{hops}"


class DetailView(QWidget):
    """Shows one `MergedResult` (or a hint when nothing is selected)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 8, 8)
        layout.setSpacing(6)

        top = QHBoxLayout()
        self.title = _label(bold=True)
        self.title.setObjectName("detail-title")
        font = self.title.font()
        font.setPointSizeF(font.pointSizeF() * 1.35)
        self.title.setFont(font)
        top.addWidget(self.title, 1)
        self.score = _label(muted=True)
        self.score.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignTop)
        self.score.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Preferred)
        top.addWidget(self.score)
        layout.addLayout(top)

        self.meta = _label(muted=True)
        self.meta.setObjectName("detail-meta")
        layout.addWidget(self.meta)
        self.extra = _label()
        self.extra.setObjectName("detail-extra")
        layout.addWidget(self.extra)

        columns = QWidget()
        row = QHBoxLayout(columns)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(8)
        self.columns: dict[str, SourceColumn] = {}
        for style in SOURCES:
            column = SourceColumn(style)
            self.columns[style.name] = column
            row.addWidget(column, 1)
        self.note = NotePreview()
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(columns)
        split.addWidget(self.note)
        split.setChildrenCollapsible(False)
        split.setStretchFactor(0, 5)
        split.setStretchFactor(1, 4)
        layout.addWidget(split, 1)
        self._terms: list[str] = []
        self.clear()

    def clear(self, hint: str = "Select a result to see what each source found.") -> None:
        self.result: MergedResult | None = None
        self.title.setText(hint)
        self.score.setText("")
        self.meta.setText("")
        self.extra.setText("")
        self.extra.setVisible(False)
        for column in self.columns.values():
            column.clear()
        self.note.clear()

    def show_result(
        self,
        result: MergedResult,
        *,
        query: str = "",
        facts: NoteFacts | None = None,
        chunks: Mapping[str, str] | None = None,
        contradicts: Sequence[str] = (),
    ) -> None:
        self.result = result
        self.title.setText(result.title or result.note_path)
        self.score.setText(f"score {result.composite_relevance:.2f}")
        self.score.setToolTip(_breakdown(result))
        self.meta.setText(" · ".join(_meta_parts(result, facts)))
        extra: list[str] = ["why: " + "; ".join(result.why)] if result.why else []
        if facts is not None and facts.aliases:
            extra.append("also called " + ", ".join(facts.aliases))
        if result.duplicates:
            extra.append("near-duplicates: " + ", ".join(result.duplicates))
        if contradicts:
            extra.append("⚠ may contradict: " + ", ".join(contradicts))
        self.extra.setText("\n".join(extra))
        self.extra.setVisible(bool(extra))
        terms = query_terms(query)
        self._terms = terms
        self.note.loading(result.note_path)
        by_source = result.excerpts_by_source()
        ranks: Mapping[str, int] = result.source_ranks
        chunks = chunks or {}
        shown = {e.chunk_id for e in result.excerpts}
        also = [
            chunks[c][:600] for c in other_chunks(result.metadata) if c in chunks and c not in shown
        ]
        first_shown: dict[str, str] = {}  # chunk id -> the first source showing it
        for name in self.columns:
            for excerpt in by_source.get(name, ()):
                if excerpt.chunk_id:
                    first_shown.setdefault(excerpt.chunk_id, source_style(name).label)
        for name, column in self.columns.items():
            label = source_style(name).label
            column.show_excerpts(
                by_source.get(name, ()),
                terms=terms,
                chunks=chunks,
                also=also if name == "semantic" and name in result.sources else (),
                relations=result.graph_relations if name == "graph" else (),
                links=facts.links if name == "graph" and facts is not None else (),
                rank=ranks.get(name) if name in result.sources else None,
                shared={c: s for c, s in first_shown.items() if s != label},
            )

    def show_note_text(self, path: str, text: str) -> None:
        """The whole note (its indexed text), if it is still the one shown, scrolled to the
        passage that made it a result."""
        if self.result is not None and self.result.note_path == path:
            excerpts = self.result.excerpts
            passage = excerpts[0].text if excerpts else ""
            self.note.show_text(path, text, self._terms, passage=passage)


def _meta_parts(result: MergedResult, facts: NoteFacts | None) -> list[str]:
    parts = [result.note_path]
    if facts is not None:
        if facts.tags:
            parts.append(" ".join(f"#{t}" for t in facts.tags))
        if facts.modified is not None:
            parts.append(f"modified {_date(facts.modified)}")
        if facts.created is not None:
            parts.append(f"created {_date(facts.created)}")
    elif result.timestamp is not None:
        parts.append(f"modified {_date(result.timestamp)}")
    parts.append("found by " + ", ".join(source_style(s).label for s in result.sources))
    return parts


def _breakdown(result: MergedResult) -> str:
    b = result.score_breakdown
    why = "\n".join(result.why)
    text = (
        (why + "\n" if why else "")
        + f"fused {b.rrf:.3f} + agreement {b.agreement:.2f} + exact {b.exact:.2f}\n"
        f"× cross-reference {b.cross_ref:.2f} × recency {b.recency:.2f} "
        f"× authority {b.authority:.2f} = {b.total:.3f}"
    )
    return text
