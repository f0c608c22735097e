"""Frozen data types shared by every part of the engine.

Everything here is plain data: no I/O, no heavy imports. Paths are vault-relative POSIX strings.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

LinkKind = Literal["wikilink", "markdown"]


@dataclass(frozen=True)
class Link:
    """One outgoing link or embed as written in a note."""

    target: str  # as written, without '#heading' / '#^block' / '|alias' (may be '' for self-links)
    heading: str | None = None
    block: str | None = None
    alias: str | None = None
    is_embed: bool = False
    kind: LinkKind = "wikilink"
    line: int = 0  # 0-based line in the file


@dataclass(frozen=True)
class Heading:
    level: int
    text: str
    line: int  # 0-based line in the file


@dataclass(frozen=True)
class Note:
    """A parsed markdown note."""

    path: str  # vault-relative POSIX path, e.g. "Projects/Plan.md"
    title: str  # frontmatter title, else file stem
    aliases: tuple[str, ...]
    tags: tuple[str, ...]  # without '#', lower-cased, nested as 'a/b' (parents not expanded)
    links: tuple[Link, ...]  # non-embed links
    embeds: tuple[Link, ...]  # ![[...]] embeds
    headings: tuple[Heading, ...]
    frontmatter: dict[str, Any]  # JSON-safe values only
    created: datetime | None  # frontmatter 'created'/'date', daily-note file name, else None
    modified: datetime  # frontmatter 'modified'/'updated', else file mtime (UTC, tz-aware)
    body: str  # text after frontmatter, line endings normalised to '\n'
    content_hash: str  # sha256 hex of the raw file bytes
    size: int  # bytes on disk
    warnings: tuple[str, ...] = ()  # non-fatal problems (broken frontmatter, re-decoded text, ...)
    body_line_offset: int = 0  # line number in the file where `body` starts
    # a Canvas board's lines between two file cards: (from file, to file, label), vault paths
    board_edges: tuple[tuple[str, str, str], ...] = ()


@dataclass(frozen=True)
class Chunk:
    """A heading-aware piece of a note, small enough for the embedding model."""

    id: str  # f"{note_path}#{ordinal}", stable while the note's text is unchanged
    note_path: str
    ordinal: int
    heading_path: tuple[str, ...]  # headings enclosing this chunk, outermost first
    text: str  # the chunk's own text (what full-text search sees)
    start_line: int  # 0-based, inclusive, in the file
    end_line: int  # 0-based, inclusive, in the file
    text_hash: str  # sha256 hex of embed_text (vectors are reused by this hash)
    context: str = ""  # the note's title where the model reads it before the headings

    @property
    def embed_text(self) -> str:
        """What the embedding model reads: the note's title and headings, then the text."""
        return embed_text(self.context, self.heading_path, self.text)


HEADING_SEPARATOR = " > "


def embed_text(context: str, heading_path: tuple[str, ...], text: str) -> str:
    """A chunk as the embedding model reads it: `context > heading > ...` on a line, then text."""
    prefix = (context, *heading_path) if context else heading_path
    if prefix:
        return HEADING_SEPARATOR.join(prefix) + "\n" + text
    return text


@dataclass(frozen=True)
class SkippedFile:
    path: str
    reason: str


@dataclass(frozen=True)
class IndexStats:
    """Summary of one indexer run; `to_dict()` is the `index --json` output."""

    notes: int = 0  # notes in the index after the run
    added: int = 0
    updated: int = 0
    removed: int = 0
    renamed: int = 0
    unchanged: int = 0
    chunks: int = 0  # chunks in the index after the run
    embedded: int = 0  # chunks sent through the model in this run
    skipped: tuple[SkippedFile, ...] = ()
    seconds: float = 0.0
    warnings: tuple[SkippedFile, ...] = ()  # indexed, but with a problem worth showing
    # run-wide problems (e.g. the embedding model could not load: words and links only)
    problems: tuple[str, ...] = ()
    # Notes (re)written / dropped by this run, for later phases (contradiction scan); not in
    # `to_dict()`. Renamed notes appear as changed (new path) and removed (old path).
    changed_paths: tuple[str, ...] = ()
    removed_paths: tuple[str, ...] = ()

    @property
    def changed(self) -> int:
        """Notes this run added, updated, removed or renamed: what every front end means by
        "notes changed" (a sync that only renamed notes changed the index too)."""
        return self.added + self.updated + self.removed + self.renamed

    def to_dict(self) -> dict[str, Any]:
        return {
            "notes": self.notes,
            "added": self.added,
            "updated": self.updated,
            "removed": self.removed,
            "renamed": self.renamed,
            "unchanged": self.unchanged,
            "chunks": self.chunks,
            "embedded": self.embedded,
            "skipped": [{"path": s.path, "reason": s.reason} for s in self.skipped],
            "warnings": [{"path": s.path, "reason": s.reason} for s in self.warnings],
            "problems": list(self.problems),
            "seconds": round(self.seconds, 3),
        }


@dataclass(frozen=True)
class Progress:
    """Reported by a sync while it works: the indexer's phases up to "done" (the index is
    complete), then "contradictions" while the changed notes are checked against each other
    (`done` of `total` notes). A text-first sync reports "text" where a full one reports
    "embed": notes written with their words and links, their vectors still to come."""

    phase: Literal["scan", "parse", "text", "embed", "write", "done", "contradictions"]
    done: int
    total: int
    path: str = ""


@dataclass(frozen=True)
class NoteRecord:
    """A row of the catalog's notes manifest."""

    path: str
    content_hash: str
    mtime_ns: int
    size: int
    status: Literal["pending", "indexed"]
    title: str = ""


@dataclass(frozen=True)
class ChunkRecord:
    """A chunk as stored in the catalog."""

    id: str
    note_path: str
    ordinal: int
    text_hash: str
    heading_path: tuple[str, ...] = field(default=())
    text: str = ""
    start_line: int = 0
    end_line: int = 0
