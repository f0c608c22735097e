"""Read any document of a vault as a note: markdown as it is, a Canvas board and a PDF as the
markdown they become.

Everything downstream (chunks, full text, vectors, the link graph, contradictions) knows one
kind of thing, a `Note`; so a board and a PDF are turned into markdown once, here, and then
parsed like a note:

- **a Canvas board** (`canvas.canvas_markdown`): each text card a section of its own (a passage
  a result can show), group labels, link URLs, and the files it shows as embeds, so a board
  links to the notes on it; edges between two notes are lines that link both;
- **a PDF** (`pdf_text.extract_pdf_text`): one section per page headed "p. N", so every passage
  knows its page (`page_of`). Its text is words only: no links or tags are read from it.

The note keeps the hash and size of the file's own bytes, so an unchanged PDF or board is never
read again, and a title taken from the file name.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import NamedTuple

from engine.model import Note, SkippedFile
from engine.vault.ignore import CANVAS_SUFFIX, PDF_SUFFIX
from engine.vault.reader import DEFAULT_MAX_BYTES, parse_note, read_file, read_note

PAGE_HEADING = "p. "
DEFAULT_MAX_PDF_BYTES = 200_000_000
DEFAULT_MAX_PDF_PAGES = 2_000
_PAGE_RE = re.compile(r"^p\. ([0-9]+)$")
_MARKUP_LINE = re.compile(r"^(\s*)(#|```|~~~)", re.MULTILINE)


def document_kind(path: str) -> str:
    """ "canvas", "pdf" or "note", by the file's extension (any case)."""
    lower = path.lower()
    if lower.endswith(CANVAS_SUFFIX):
        return "canvas"
    if lower.endswith(PDF_SUFFIX):
        return "pdf"
    return "note"


def kind_label(path: str) -> str:
    """How a result names its kind beside the title: "" for a note."""
    return {"canvas": "canvas", "pdf": "PDF"}.get(document_kind(path), "")


def open_target(path: str, heading_path: tuple[str, ...] = ()) -> str:
    """The path to open for a passage: a PDF's page as `#page=N` (Obsidian opens it there)."""
    page = page_of(heading_path) if document_kind(path) == "pdf" else None
    return f"{path}#page={page}" if page is not None else path


def page_of(heading_path: tuple[str, ...]) -> int | None:
    """The PDF page a passage is on, from its heading path ("p. 12" -> 12)."""
    for heading in heading_path:
        match = _PAGE_RE.match(heading)
        if match:
            return int(match.group(1))
    return None


@dataclass(frozen=True)
class DocumentLimits:
    """The largest documents read (bigger ones are skipped, with the limit in the reason)."""

    max_note_bytes: int = DEFAULT_MAX_BYTES  # notes and boards
    max_pdf_bytes: int = DEFAULT_MAX_PDF_BYTES
    max_pdf_pages: int = DEFAULT_MAX_PDF_PAGES


DEFAULT_LIMITS = DocumentLimits()


class DocumentBody(NamedTuple):
    """A document read as markdown: the text, problems met, and (boards) lines between files."""

    text: str
    warnings: tuple[str, ...] = ()
    edges: tuple[tuple[str, str, str], ...] = ()


def read_document(
    root: Path,
    rel_path: str,
    limits: DocumentLimits = DEFAULT_LIMITS,
    *,
    should_stop: Callable[[], bool] | None = None,
) -> Note | SkippedFile:
    """Read `root / rel_path` as a note, whatever kind of document it is; problems become a
    `SkippedFile` with a reason, never an exception. `should_stop` is asked between a PDF's
    pages: a stopped read is a `SkippedFile` the caller discards."""
    kind = document_kind(rel_path)
    if kind == "note":
        return read_note(root, rel_path, max_bytes=limits.max_note_bytes)
    pdf = kind == "pdf"
    read = read_file(
        root,
        rel_path,
        max_bytes=limits.max_pdf_bytes if pdf else limits.max_note_bytes,
        kind="PDFs" if pdf else "boards",
    )
    if isinstance(read, SkippedFile):
        return read
    raw, mtime = read
    read_body = (
        pdf_markdown(rel_path, raw, limits, should_stop=should_stop)
        if pdf
        else board_markdown(rel_path, raw)
    )
    if isinstance(read_body, SkippedFile):
        return read_body
    body, problems, edges = read_body
    note = parse_note(rel_path, body.encode("utf-8"), mtime=mtime)
    if isinstance(note, SkippedFile):
        return note
    own = replace(
        note,
        content_hash=hashlib.sha256(raw).hexdigest(),
        size=len(raw),
        warnings=(*problems, *note.warnings),
        board_edges=edges,
    )
    if pdf:  # words only: a PDF's "#1" is no tag and its text holds no links
        own = replace(own, tags=(), links=(), embeds=(), frontmatter={})
    return own


def board_markdown(rel_path: str, raw: bytes) -> DocumentBody | SkippedFile:
    """A Canvas board's markdown, the problems met reading it and its lines between file
    cards; or why it is skipped."""
    from engine.vault.canvas import canvas_markdown, note_edges, parse_canvas

    canvas = parse_canvas(raw)
    if isinstance(canvas, str):
        return SkippedFile(rel_path, canvas)
    body = canvas_markdown(canvas)
    if not body.strip():
        return SkippedFile(rel_path, "empty canvas: no cards to search")
    return DocumentBody(_without_frontmatter(body), canvas.warnings, note_edges(canvas))


def pdf_markdown(
    rel_path: str,
    raw: bytes,
    limits: DocumentLimits,
    *,
    should_stop: Callable[[], bool] | None = None,
) -> DocumentBody | SkippedFile:
    """A PDF's text layer as markdown, one section per page, and the pages that could not be
    read or have no text; or why the whole file is skipped."""
    from engine.vault.pdf_text import PdfLimits, extract_pdf_text

    caps = PdfLimits(max_bytes=limits.max_pdf_bytes, max_pages=limits.max_pdf_pages)
    text = extract_pdf_text(raw, limits=caps, should_stop=should_stop)
    if isinstance(text, str):
        return SkippedFile(rel_path, text)
    sections = [
        f"## {PAGE_HEADING}{number}\n\n{_as_plain_text(page)}\n"
        for number, page in enumerate(text.pages, start=1)
        if page.strip()
    ]
    return DocumentBody(_without_frontmatter("\n".join(sections)), text.warnings)


def _as_plain_text(text: str) -> str:
    """Page text that markdown reads as plain paragraphs: a line starting with "#" or a code
    fence is escaped, so a page stays one section of words."""
    return _MARKUP_LINE.sub(lambda m: f"{m.group(1)}\\{m.group(2)}", text)


def _without_frontmatter(body: str) -> str:
    """A generated body never starts with "---" (it would be read as frontmatter)."""
    return "\n" + body if body.startswith("---") else body
