"""Notes, chunks, links, tags and skipped files in the catalog: the manifest the indexer
plans from, the staging writes of its crash-safe protocol, and the reads the graph, the
search and the result list need.

Writes keep the full-text tables in step (see `engine.store.fulltext`): every path that adds
or removes chunk rows goes through `index_notes` / `unindex_notes` in the same transaction.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from datetime import datetime
from typing import Any

from engine.model import Chunk, ChunkRecord, Heading, Link, Note, NoteRecord, SkippedFile
from engine.store.connection import Repository, batched, guarded, translate
from engine.store.fulltext import index_notes, unindex_notes


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


def _dt(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


class Notes(Repository):
    """The note and chunk rows of one catalog connection."""

    _RECORD_SQL = "SELECT path, content_hash, mtime_ns, size, status, title FROM notes"

    @staticmethod
    def _record(row: sqlite3.Row | tuple[Any, ...]) -> NoteRecord:
        # positional, in `_RECORD_SQL`'s column order (a manifest reads every note)
        return NoteRecord(*row)

    @guarded
    def manifest(self, paths: Iterable[str] | None = None) -> dict[str, NoteRecord]:
        """Every note in the catalog (pending and indexed), by path; only `paths` if given."""
        if paths is None:
            return {row[0]: self._record(row) for row in self._conn.execute(self._RECORD_SQL)}
        out: dict[str, NoteRecord] = {}
        for batch in batched(list(dict.fromkeys(paths))):
            marks = ",".join("?" * len(batch))
            sql = f"{self._RECORD_SQL} WHERE path IN ({marks})"
            out.update((row[0], self._record(row)) for row in self._conn.execute(sql, batch))
        return out

    @guarded
    def note_record(self, path: str) -> NoteRecord | None:
        row = self._conn.execute(self._RECORD_SQL + " WHERE path = ?", (path,)).fetchone()
        return None if row is None else self._record(row)

    @guarded
    def counts(self) -> tuple[int, int]:
        """(indexed notes, chunks of indexed notes)."""
        notes = self._conn.execute("SELECT count(*) FROM notes WHERE status = 'indexed'")
        chunks = self._conn.execute(
            "SELECT count(*) FROM chunks JOIN notes ON notes.path = chunks.note_path "
            "WHERE notes.status = 'indexed'"
        )
        return int(notes.fetchone()[0]), int(chunks.fetchone()[0])

    # ----------------------------------------------------------------------------- writes

    @guarded
    def stage_notes(self, items: Sequence[tuple[Note, Sequence[Chunk], int]]) -> None:
        """Upsert notes as 'pending' and replace their chunks, FTS rows, links and tags.

        `items` are (note, its chunks, file mtime in ns). One transaction for all of them.
        """
        if not items:
            return
        paths: list[str] = []
        note_rows: list[tuple[Any, ...]] = []
        chunk_rows: list[tuple[Any, ...]] = []
        link_rows: list[tuple[Any, ...]] = []
        tag_rows: list[tuple[str, str]] = []
        for note, chunks, mtime_ns in items:
            paths.append(note.path)
            note_rows.append(
                (
                    note.path,
                    note.content_hash,
                    int(mtime_ns),
                    note.size,
                    note.title,
                    _dumps(list(note.aliases)),
                    _dumps(list(note.tags)),
                    _dumps(note.frontmatter),
                    note.created.isoformat() if note.created else None,
                    note.modified.isoformat(),
                    _dumps([[h.level, h.text, h.line] for h in note.headings]),
                    _dumps(list(note.warnings)),
                    note.body_line_offset,
                )
            )
            for ch in chunks:
                if ch.note_path != note.path:
                    raise ValueError(
                        f"Chunk {ch.id!r} belongs to {ch.note_path!r}, not {note.path!r}"
                    )
                chunk_rows.append(
                    (
                        ch.id,
                        note.path,
                        ch.ordinal,
                        _dumps(list(ch.heading_path)),
                        " > ".join(ch.heading_path),
                        note.title,
                        ch.text,
                        ch.start_line,
                        ch.end_line,
                        ch.text_hash,
                    )
                )
            for link in (*note.links, *note.embeds):
                link_rows.append(
                    (
                        note.path,
                        link.target,
                        link.heading,
                        link.block,
                        link.alias,
                        int(link.is_embed),
                        link.kind,
                        link.line,
                    )
                )
            tag_rows.extend((note.path, tag) for tag in note.tags)
        if len(set(paths)) != len(paths):
            raise ValueError("stage_notes: the same note path appears twice")
        c = self._conn
        with self._db.transaction():
            unindex_notes(c, paths)
            params = [(p,) for p in paths]
            c.executemany("DELETE FROM chunks WHERE note_path = ?", params)
            c.executemany("DELETE FROM links WHERE src_path = ?", params)
            c.executemany("DELETE FROM tags WHERE note_path = ?", params)
            c.executemany(
                "INSERT INTO notes (path, content_hash, mtime_ns, size, status, title, aliases,"
                " tags, frontmatter, created, modified, headings, warnings, body_line_offset)"
                " VALUES (?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (path) DO UPDATE SET content_hash = excluded.content_hash,"
                " mtime_ns = excluded.mtime_ns, size = excluded.size, status = 'pending',"
                " title = excluded.title, aliases = excluded.aliases, tags = excluded.tags,"
                " frontmatter = excluded.frontmatter, created = excluded.created,"
                " modified = excluded.modified, headings = excluded.headings,"
                " warnings = excluded.warnings, body_line_offset = excluded.body_line_offset",
                note_rows,
            )
            c.executemany(
                "INSERT INTO chunks (id, note_path, ordinal, heading_path, headings, title,"
                " text, start_line, end_line, text_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                chunk_rows,
            )
            index_notes(c, paths)
            c.executemany(
                "INSERT INTO links (src_path, target, heading, block, alias, is_embed, kind, line)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                link_rows,
            )
            c.executemany("INSERT OR IGNORE INTO tags (note_path, tag) VALUES (?, ?)", tag_rows)

    def _set_status(self, paths: Iterable[str], status: str) -> None:
        with self._db.transaction():
            self._conn.executemany(
                "UPDATE notes SET status = ? WHERE path = ?", [(status, p) for p in paths]
            )

    @guarded
    def touch_notes(self, items: Sequence[tuple[str, int, int]]) -> None:
        """Record a new (mtime_ns, size) for notes whose content did not change."""
        with self._db.transaction():
            self._conn.executemany(
                "UPDATE notes SET mtime_ns = ?, size = ? WHERE path = ?",
                [(int(mtime_ns), int(size), path) for path, mtime_ns, size in items],
            )

    @guarded
    def mark_indexed(self, paths: Iterable[str]) -> None:
        self._set_status(paths, "indexed")

    @guarded
    def mark_pending(self, paths: Iterable[str]) -> None:
        self._set_status(paths, "pending")

    @guarded
    def delete_notes(self, paths: Iterable[str]) -> None:
        """Remove notes with their chunks, FTS rows, links and tags (one transaction)."""
        unique = list(dict.fromkeys(paths))
        if not unique:
            return
        with self._db.transaction():
            unindex_notes(self._conn, unique)
            self._conn.executemany("DELETE FROM notes WHERE path = ?", [(p,) for p in unique])

    # ----------------------------------------------------------------------------- chunks

    @guarded
    def chunk_ids(self, *, note_path: str | None = None) -> list[str]:
        if note_path is None:
            rows = self._conn.execute("SELECT id FROM chunks ORDER BY note_path, ordinal")
        else:
            rows = self._conn.execute(
                "SELECT id FROM chunks WHERE note_path = ? ORDER BY ordinal", (note_path,)
            )
        return [r[0] for r in rows]

    _CHUNK_SQL = (
        "SELECT id, note_path, ordinal, text_hash, heading_path, text, start_line, end_line "
        "FROM chunks"
    )

    @staticmethod
    def _chunk(row: tuple[Any, ...]) -> ChunkRecord:
        return ChunkRecord(
            id=row[0],
            note_path=row[1],
            ordinal=row[2],
            text_hash=row[3],
            heading_path=tuple(json.loads(row[4])),
            text=row[5],
            start_line=row[6],
            end_line=row[7],
        )

    @guarded
    def chunks_for(self, path: str) -> list[ChunkRecord]:
        rows = self._conn.execute(
            self._CHUNK_SQL + " WHERE note_path = ? ORDER BY ordinal", (path,)
        )
        return [self._chunk(r) for r in rows]

    @guarded
    def chunks_by_id(self, ids: Iterable[str]) -> dict[str, ChunkRecord]:
        """The stored chunks among `ids` (missing ids are left out)."""
        wanted = list(dict.fromkeys(ids))
        out: dict[str, ChunkRecord] = {}
        for batch in batched(wanted):
            marks = ",".join("?" * len(batch))
            for row in self._conn.execute(self._CHUNK_SQL + f" WHERE id IN ({marks})", batch):
                out[row[0]] = self._chunk(row)
        return out

    @guarded
    def chunk_ids_by_text_hash(
        self, hashes: Iterable[str], *, indexed_only: bool = True
    ) -> dict[str, str]:
        """text_hash -> the smallest chunk id having it, for the hashes that exist.

        With `indexed_only` (the default) only chunks of 'indexed' notes count: their vectors
        are known to be in the vector store, so they can be copied instead of re-embedded.
        """
        wanted = list(dict.fromkeys(hashes))
        status = " AND n.status = 'indexed'" if indexed_only else ""
        out: dict[str, str] = {}
        for batch in batched(wanted):
            marks = ",".join("?" * len(batch))
            rows = self._conn.execute(
                "SELECT c.text_hash, min(c.id) FROM chunks c JOIN notes n ON n.path = c.note_path"
                f" WHERE c.text_hash IN ({marks}){status} GROUP BY c.text_hash",
                batch,
            )
            out.update((r[0], r[1]) for r in rows)
        return out

    # ----------------------------------------------------------------------------- skipped

    @guarded
    def set_skipped(self, items: Sequence[SkippedFile]) -> None:
        with self._db.transaction():
            self._conn.executemany(
                "INSERT INTO skipped (path, reason) VALUES (?, ?) "
                "ON CONFLICT (path) DO UPDATE SET reason = excluded.reason",
                [(s.path, s.reason) for s in items],
            )

    @guarded
    def replace_skipped(self, items: Sequence[SkippedFile]) -> None:
        """Make `items` the whole skipped list (after a full scan)."""
        with self._db.transaction():
            self._conn.execute("DELETE FROM skipped")
            self.set_skipped(items)

    @guarded
    def clear_skipped(self, paths: Iterable[str]) -> None:
        with self._db.transaction():
            self._conn.executemany("DELETE FROM skipped WHERE path = ?", [(p,) for p in paths])

    @guarded
    def skipped(self) -> list[SkippedFile]:
        rows = self._conn.execute("SELECT path, reason FROM skipped ORDER BY path")
        return [SkippedFile(path=r[0], reason=r[1]) for r in rows]

    # ----------------------------------------------------------------------------- notes

    _NOTE_SQL = (
        "SELECT path, title, aliases, tags, headings, frontmatter, created, modified,"
        " content_hash, size, warnings, body_line_offset FROM notes"
    )
    _LINK_SQL = "SELECT src_path, target, heading, block, alias, is_embed, kind, line FROM links"

    @staticmethod
    def _note(row: tuple[Any, ...], link_rows: Iterable[tuple[Any, ...]]) -> Note:
        links: list[Link] = []
        embeds: list[Link] = []
        for lr in link_rows:
            link = Link(
                target=lr[1],
                heading=lr[2],
                block=lr[3],
                alias=lr[4],
                is_embed=bool(lr[5]),
                kind=lr[6],
                line=lr[7],
            )
            (embeds if link.is_embed else links).append(link)
        modified = _dt(row[7])
        assert modified is not None  # NOT NULL column
        return Note(
            path=row[0],
            title=row[1],
            aliases=tuple(json.loads(row[2])),
            tags=tuple(json.loads(row[3])),
            links=tuple(links),
            embeds=tuple(embeds),
            headings=tuple(Heading(level=h[0], text=h[1], line=h[2]) for h in json.loads(row[4])),
            frontmatter=json.loads(row[5]),
            created=_dt(row[6]),
            modified=modified,
            body="",
            content_hash=row[8],
            size=row[9],
            warnings=tuple(json.loads(row[10])),
            body_line_offset=row[11],
        )

    @guarded
    def get_note(self, path: str) -> Note | None:
        """The stored metadata of one note as a Note with `body=''`."""
        row = self._conn.execute(self._NOTE_SQL + " WHERE path = ?", (path,)).fetchone()
        if row is None:
            return None
        links = self._conn.execute(self._LINK_SQL + " WHERE src_path = ? ORDER BY id", (path,))
        return self._note(row, links)

    def notes_for_graph(self) -> Iterator[Note]:
        """Every note (pending and indexed) as a Note with `body=''`, ordered by path.

        Streams: notes and links are read by two cursors merged on path, so memory stays flat.
        Do not write to this catalog while iterating.
        """
        try:
            notes = self._conn.execute(self._NOTE_SQL + " ORDER BY path")
            links = self._conn.execute(self._LINK_SQL + " ORDER BY src_path, id")
            pending_link = links.fetchone()
            for row in notes:
                mine: list[tuple[Any, ...]] = []
                while pending_link is not None and pending_link[0] < row[0]:
                    pending_link = links.fetchone()  # orphan (cannot happen with FKs on)
                while pending_link is not None and pending_link[0] == row[0]:
                    mine.append(pending_link)
                    pending_link = links.fetchone()
                yield self._note(row, mine)
        except sqlite3.Error as err:
            raise translate(err, self.path) from err

    # ----------------------------------------------------------------------------- texts

    @guarded
    @guarded
    def tags(self) -> tuple[str, ...]:
        """Every tag of an indexed note, in order."""
        rows = self._conn.execute("SELECT DISTINCT tag FROM tags ORDER BY tag").fetchall()
        return tuple(str(row[0]) for row in rows)

    def content_hashes(self, paths: Iterable[str]) -> dict[str, str]:
        """path -> content hash for the given notes that are in the catalog."""
        out: dict[str, str] = {}
        for batch in batched(list(dict.fromkeys(paths))):
            marks = ",".join("?" * len(batch))
            sql = f"SELECT path, content_hash FROM notes WHERE path IN ({marks})"
            out.update((r[0], r[1]) for r in self._conn.execute(sql, batch))
        return out

    @guarded
    def note_texts(self, paths: Iterable[str]) -> dict[str, str]:
        """path -> the note's chunk texts joined in order (its searchable body)."""
        out: dict[str, list[str]] = {}
        for batch in batched(list(dict.fromkeys(paths))):
            marks = ",".join("?" * len(batch))
            sql = (
                f"SELECT note_path, text FROM chunks WHERE note_path IN ({marks})"
                " ORDER BY note_path, ordinal"
            )
            for path, text in self._conn.execute(sql, batch):
                out.setdefault(path, []).append(text)
        return {p: "\n".join(parts) for p, parts in out.items()}
