"""Boards and PDFs as documents of the vault: read as notes, searched by all three sources,
linked in the graph, re-read only when changed; bad ones skipped with a reason."""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.embed.embedder import Embedder
from engine.model import Note, SkippedFile
from engine.vault.documents import (
    document_kind,
    kind_label,
    open_target,
    page_of,
    read_document,
)
from engine.vault.ignore import VaultFilter, document_kinds
from engine.workspace import Workspace, WorkspaceConfig

fpdf = pytest.importorskip("fpdf")


def pdf_bytes(pages: list[str]) -> bytes:
    pdf = fpdf.FPDF()
    pdf.set_font("Helvetica", size=11)
    for text in pages:
        pdf.add_page()
        pdf.multi_cell(0, 6, text, new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())


def scan_like_pdf() -> bytes:
    pdf = fpdf.FPDF()
    pdf.add_page()
    pdf.rect(20, 20, 100, 60, style="F")
    return bytes(pdf.output())


BOARD = {
    "nodes": [
        {"id": "g", "type": "group", "x": 0, "y": 0, "width": 900, "height": 600, "label": "Q3"},
        {
            "id": "t",
            "type": "text",
            "x": 10,
            "y": 10,
            "width": 300,
            "height": 200,
            "text": "# Heron survey\nThe heron colony moved to the quarry lake in May. #birds",
        },
        {
            "id": "f1",
            "type": "file",
            "file": "Plan.md",
            "x": 400,
            "y": 10,
            "width": 200,
            "height": 100,
        },
        {
            "id": "f2",
            "type": "file",
            "file": "Docs/Manual.pdf",
            "x": 400,
            "y": 300,
            "width": 9,
            "height": 9,
        },
    ],
    "edges": [{"id": "e", "fromNode": "f1", "toNode": "f2", "label": "explained in"}],
}


@pytest.fixture
def vault(tmp_path: Path) -> Path:
    root = tmp_path / "vault"
    (root / "Docs").mkdir(parents=True)
    (root / "Plan.md").write_text("# Plan\n\nWe meet on Fridays. See [[Manual.pdf#page=2]].\n")
    (root / "Board.canvas").write_text(json.dumps(BOARD), encoding="utf-8")
    (root / "Docs" / "Manual.pdf").write_bytes(
        pdf_bytes(
            [
                "Unpacking the turbine. Remove the four transport bolts first.",
                "Calibration: hold the reset button for nine seconds until the lamp glows teal.",
            ]
        )
    )
    (root / "Docs" / "Scan.pdf").write_bytes(scan_like_pdf())
    (root / "Docs" / "Broken.pdf").write_bytes(pdf_bytes(["half of a file"])[:300])
    (root / "Bad.canvas").write_text("{not json", encoding="utf-8")
    return root


def test_a_pdf_is_a_note_with_a_section_per_page(vault: Path) -> None:
    note = read_document(vault, "Docs/Manual.pdf")
    assert isinstance(note, Note)
    assert note.title == "Manual"
    assert [h.text for h in note.headings] == ["p. 1", "p. 2"]
    assert "nine seconds" in note.body.split("## p. 2", 1)[1]
    assert note.size == (vault / "Docs" / "Manual.pdf").stat().st_size
    assert note.tags == () and note.links == ()


def test_pages_without_text_and_broken_cards_are_warnings_of_the_document(vault: Path) -> None:
    doc = fpdf.FPDF()
    doc.set_font("Helvetica", size=11)
    doc.add_page()
    doc.multi_cell(0, 6, "The sluice gate opens at dawn.", new_x="LMARGIN", new_y="NEXT")
    doc.add_page()
    doc.rect(20, 20, 100, 60, style="F")  # a scanned page: no text layer
    mixed = bytes(doc.output())
    (vault / "Docs" / "Mixed.pdf").write_bytes(mixed)
    note = read_document(vault, "Docs/Mixed.pdf")
    assert isinstance(note, Note)
    assert [h.text for h in note.headings] == ["p. 1"]
    assert any("2" in w and "no text layer" in w for w in note.warnings), note.warnings
    board = {"nodes": [*BOARD["nodes"], {"id": "x", "type": "text", "x": "wide"}], "edges": []}
    (vault / "Odd.canvas").write_text(json.dumps(board), encoding="utf-8")
    odd = read_document(vault, "Odd.canvas")
    assert isinstance(odd, Note) and "quarry lake" in odd.body
    assert odd.warnings, "a card that could not be placed is reported"


def test_a_board_links_to_the_files_it_shows_and_keeps_card_text(vault: Path) -> None:
    note = read_document(vault, "Board.canvas")
    assert isinstance(note, Note)
    targets = {link.target for link in (*note.links, *note.embeds)}
    assert {"Plan.md", "Docs/Manual.pdf"} <= targets
    assert "quarry lake" in note.body and "explained in" in note.body
    assert "birds" in note.tags


@pytest.mark.parametrize(
    ("path", "reason"),
    [
        ("Docs/Scan.pdf", "no text layer"),
        ("Docs/Broken.pdf", "not a readable PDF"),
        ("Bad.canvas", "not a canvas"),
    ],
)
def test_bad_documents_are_skipped_with_a_reason(vault: Path, path: str, reason: str) -> None:
    skipped = read_document(vault, path)
    assert isinstance(skipped, SkippedFile)
    assert skipped.path == path and reason in skipped.reason


def test_kinds_pages_and_open_targets() -> None:
    assert [document_kind(p) for p in ("a.md", "b.CANVAS", "c.Pdf")] == ["note", "canvas", "pdf"]
    assert kind_label("x/a.md") == "" and kind_label("b.canvas") == "canvas"
    assert page_of(("p. 12",)) == 12 and page_of(("Intro",)) is None
    assert open_target("d/x.pdf", ("p. 3",)) == "d/x.pdf#page=3"
    assert open_target("n.md", ("p. 3",)) == "n.md"
    only_notes = VaultFilter(suffixes=document_kinds(pdfs=False, canvases=False))
    assert only_notes.is_document("a.md") and not only_notes.is_document("b.pdf")
    assert not VaultFilter().is_document(".hidden.pdf") and not VaultFilter().is_document(".pdf")


@pytest.fixture
def open_ws(tmp_path: Path, embedder: Embedder) -> Iterator[object]:
    opened: list[Workspace] = []

    def _open(vault: Path, **config: object) -> Workspace:
        ws = Workspace.open(
            WorkspaceConfig(vault_root=vault, data_root=tmp_path / "data", **config),  # type: ignore[arg-type]
            embedder=embedder,
        )
        opened.append(ws)
        return ws

    yield _open
    for ws in opened:
        with contextlib.suppress(Exception):
            ws.close()


@pytest.mark.slow
def test_boards_and_pdfs_are_indexed_linked_and_not_read_again(vault: Path, open_ws) -> None:  # type: ignore[no-untyped-def]
    ws = open_ws(vault)
    stats = ws.sync()
    indexed = set(ws.catalog.notes.manifest())
    assert {"Plan.md", "Board.canvas", "Docs/Manual.pdf"} <= indexed
    reasons = {s.path: s.reason for s in stats.skipped}
    assert set(reasons) == {"Docs/Scan.pdf", "Docs/Broken.pdf", "Bad.canvas"}
    assert all(reasons.values())
    # the graph: the note links to the PDF, the board to both
    assert "Plan.md" in ws.graph.backlinks("Docs/Manual.pdf")
    assert {"Plan.md", "Docs/Manual.pdf"} <= {
        p for p in ws.graph.notes() if "Board.canvas" in ws.graph.backlinks(p)
    }
    # words find the PDF's page and the board's card
    pdf_chunks = [c for c in ws.catalog.notes.chunks_for("Docs/Manual.pdf")]
    assert any(page_of(c.heading_path) == 2 and "nine seconds" in c.text for c in pdf_chunks)
    # an unchanged PDF is never read again; a changed one is
    again = ws.sync()
    assert again.unchanged == len(indexed) and again.updated == 0
    manual = vault / "Docs" / "Manual.pdf"
    manual.write_bytes(pdf_bytes(["Unpacking. Remove the bolts.", "Hold reset for four seconds."]))
    os.utime(manual, ns=(manual.stat().st_mtime_ns + 10**9,) * 2)
    changed = ws.sync()
    assert changed.updated == 1
    assert any("four seconds" in c.text for c in ws.catalog.notes.chunks_for("Docs/Manual.pdf"))


@pytest.mark.slow
def test_turning_pdfs_and_boards_off_reads_only_notes(vault: Path, open_ws) -> None:  # type: ignore[no-untyped-def]
    ws = open_ws(vault, documents=document_kinds(pdfs=False, canvases=False))
    stats = ws.sync()
    assert set(ws.catalog.notes.manifest()) == {"Plan.md"} and stats.skipped == ()
