"""The catalog: one SQLite file per vault, the source of truth for what is indexed.

Layout (see `MIGRATIONS`):

- `notes` is the manifest (path, content hash, mtime, size, status) plus the note metadata the
  link graph and the result list need; `chunks`, `links` and `tags` hang off it with
  `ON DELETE CASCADE`.
- Full-text search uses two **external-content** FTS5 tables whose content table is `chunks`
  (`content_rowid='rid'`, the chunk's `INTEGER PRIMARY KEY`, which VACUUM never renumbers):
  `chunks_fts(title, headings, text)` with `unicode61 remove_diacritics 2` for BM25 (the note
  title and the heading path, joined with " > ", are copied into each chunk row as `title` and
  `headings`, so they are separate, separately weighted columns), and `chunks_tri(text)` with
  the `trigram` tokenizer for exact substrings (CJK runs, `REQ-006`, `snake_case`). External
  content keeps one copy of the text, and `snippet()`/`highlight()` keep working.
- The FTS tables are kept in step by explicit statements inside the same transaction, never by
  triggers: before chunk rows are deleted, their FTS entries are removed with the FTS5
  `'delete'` command fed *from the chunk rows themselves* (so the removed tokens are exactly the
  indexed ones); new chunk rows are indexed with `INSERT ... SELECT` right after they are
  written. Only this module writes these tables, so every path goes through `_unindex_notes`
  and `_index_notes`. `rebuild_fts()` regenerates both indexes from `chunks`.

Thread model: a `Catalog` wraps one connection and belongs to the thread that opened it. The
single writer opens it normally; each reader opens its own `Catalog.open(path, read_only=True)`.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import logging
import os
import sqlite3
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any, Literal, ParamSpec, TypeVar, cast

from engine.errors import EngineError, IndexCorruptError
from engine.model import Chunk, ChunkRecord, Heading, Link, Note, NoteRecord, SkippedFile

log = logging.getLogger(__name__)

P = ParamSpec("P")
R = TypeVar("R")

_BATCH = 500  # bound parameters per IN (...) query
SMALL_PATH_SET = 256  # path sets up to this size share one temp table (see `_restrict`)
TERM_DOCS_CACHE = 4096  # query words whose chunk counts are remembered until the next write
TIE_ROOM = 16  # extra rows a ranked full-text query reads so ties on the score break by path
_BUSY_TIMEOUT_MS = 10_000
_REBUILD_HINT = "run `consilience index PATH --rebuild`"
_CORRUPT_CODES = {"SQLITE_CORRUPT", "SQLITE_NOTADB"}
_BUSY_CODES = {"SQLITE_BUSY", "SQLITE_LOCKED"}
#: default BM25 column weights for chunks_fts(title, headings, text)
BM25_WEIGHTS: tuple[float, float, float] = (2.0, 1.5, 1.0)


class CatalogError(EngineError):
    """The catalog cannot be used (locked by another program, missing, unwritable)."""


class FtsQueryError(EngineError, ValueError):
    """An FTS5 MATCH expression is malformed (the caller forgot to escape user input)."""


#: The whole-note row of `notes_fts` for notes `n`: title, distinct heading paths, and the
#: chunk texts in order (the note's searchable body).
_NOTE_FTS_ROW = (
    "SELECT n.rowid, n.title,"
    " coalesce((SELECT group_concat(headings, ' ') FROM"
    " (SELECT DISTINCT headings FROM chunks WHERE note_path = n.path)), ''),"
    " coalesce((SELECT group_concat(text, char(10)) FROM"
    " (SELECT text FROM chunks WHERE note_path = n.path ORDER BY ordinal)), '')"
    " FROM notes n"
)

# (name, sql) — applied in order, each once, recorded in `migrations`. Never edit an applied
# migration: add a new one.
MIGRATIONS: tuple[tuple[str, str], ...] = (
    (
        "0001_initial",
        """
        CREATE TABLE meta (
            key   TEXT PRIMARY KEY,
            value TEXT NOT NULL
        ) WITHOUT ROWID;

        CREATE TABLE notes (
            path             TEXT PRIMARY KEY,
            content_hash     TEXT NOT NULL,
            mtime_ns         INTEGER NOT NULL,
            size             INTEGER NOT NULL,
            status           TEXT NOT NULL CHECK (status IN ('pending', 'indexed')),
            title            TEXT NOT NULL DEFAULT '',
            aliases          TEXT NOT NULL DEFAULT '[]',
            tags             TEXT NOT NULL DEFAULT '[]',
            frontmatter      TEXT NOT NULL DEFAULT '{}',
            created          TEXT,
            modified         TEXT NOT NULL,
            headings         TEXT NOT NULL DEFAULT '[]',
            warnings         TEXT NOT NULL DEFAULT '[]',
            body_line_offset INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX notes_status ON notes (status);

        CREATE TABLE chunks (
            rid          INTEGER PRIMARY KEY,
            id           TEXT NOT NULL UNIQUE,
            note_path    TEXT NOT NULL REFERENCES notes (path) ON DELETE CASCADE,
            ordinal      INTEGER NOT NULL,
            heading_path TEXT NOT NULL DEFAULT '[]',
            headings     TEXT NOT NULL DEFAULT '',
            title        TEXT NOT NULL DEFAULT '',
            text         TEXT NOT NULL,
            start_line   INTEGER NOT NULL,
            end_line     INTEGER NOT NULL,
            text_hash    TEXT NOT NULL
        );
        CREATE INDEX chunks_note_path ON chunks (note_path, ordinal);
        CREATE INDEX chunks_text_hash ON chunks (text_hash);

        CREATE TABLE links (
            id       INTEGER PRIMARY KEY,
            src_path TEXT NOT NULL REFERENCES notes (path) ON DELETE CASCADE,
            target   TEXT NOT NULL,
            heading  TEXT,
            block    TEXT,
            alias    TEXT,
            is_embed INTEGER NOT NULL DEFAULT 0,
            kind     TEXT NOT NULL DEFAULT 'wikilink',
            line     INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX links_src ON links (src_path);
        CREATE INDEX links_target ON links (target COLLATE NOCASE);

        CREATE TABLE tags (
            note_path TEXT NOT NULL REFERENCES notes (path) ON DELETE CASCADE,
            tag       TEXT NOT NULL,
            PRIMARY KEY (note_path, tag)
        ) WITHOUT ROWID;
        CREATE INDEX tags_tag ON tags (tag);

        CREATE TABLE skipped (
            path   TEXT PRIMARY KEY,
            reason TEXT NOT NULL
        ) WITHOUT ROWID;

        CREATE VIRTUAL TABLE chunks_fts USING fts5 (
            title, headings, text,
            content = 'chunks', content_rowid = 'rid',
            tokenize = 'unicode61 remove_diacritics 2'
        );
        CREATE VIRTUAL TABLE chunks_tri USING fts5 (
            text,
            content = 'chunks', content_rowid = 'rid',
            tokenize = 'trigram'
        );
        """,
    ),
    (
        "0002_contradictions",
        """
        CREATE TABLE claims (
            id        TEXT PRIMARY KEY,
            note_path TEXT NOT NULL REFERENCES notes (path) ON DELETE CASCADE,
            chunk_id  TEXT NOT NULL,
            ordinal   INTEGER NOT NULL,
            text      TEXT NOT NULL,
            context   TEXT NOT NULL DEFAULT '',
            text_hash TEXT NOT NULL
        );
        CREATE INDEX claims_note_path ON claims (note_path);
        CREATE INDEX claims_text_hash ON claims (text_hash);

        CREATE TABLE claim_scans (
            note_path    TEXT PRIMARY KEY REFERENCES notes (path) ON DELETE CASCADE,
            content_hash TEXT NOT NULL
        ) WITHOUT ROWID;

        CREATE TABLE contradictions (
            id           TEXT PRIMARY KEY,
            a_claim      TEXT NOT NULL,
            b_claim      TEXT NOT NULL,
            a_path       TEXT NOT NULL REFERENCES notes (path) ON DELETE CASCADE,
            b_path       TEXT NOT NULL REFERENCES notes (path) ON DELETE CASCADE,
            a_hash       TEXT NOT NULL,
            b_hash       TEXT NOT NULL,
            confidence   REAL NOT NULL,
            similarity   REAL NOT NULL,
            type         TEXT NOT NULL,
            explanations TEXT NOT NULL DEFAULT '[]',
            newer        TEXT CHECK (newer IN ('a', 'b')),
            created      TEXT NOT NULL
        );
        CREATE INDEX contradictions_a_path ON contradictions (a_path);
        CREATE INDEX contradictions_b_path ON contradictions (b_path);
        CREATE INDEX contradictions_hashes ON contradictions (a_hash, b_hash);

        CREATE TABLE reviews (
            a_hash       TEXT NOT NULL,
            b_hash       TEXT NOT NULL,
            state        TEXT NOT NULL CHECK (state IN ('dismissed', 'resolved')),
            current_side TEXT CHECK (current_side IN ('a', 'b')),
            decided_at   TEXT NOT NULL,
            PRIMARY KEY (a_hash, b_hash)
        ) WITHOUT ROWID;
        """,
    ),
    (
        "0003_notes_fts",
        f"""
        CREATE VIRTUAL TABLE notes_fts USING fts5 (
            title, headings, body,
            tokenize = 'unicode61 remove_diacritics 2'
        );
        INSERT INTO notes_fts (rowid, title, headings, body) {_NOTE_FTS_ROW};
        """,
    ),
    (
        # Porter stemming on the whole-note index: SciFact nDCG@10 of the words source
        # 0.675 -> 0.692 (measured with bench/tune_fusion.py's data, see the issue notes).
        "0004_notes_fts_porter",
        f"""
        DROP TABLE notes_fts;
        CREATE VIRTUAL TABLE notes_fts USING fts5 (
            title, headings, body,
            tokenize = 'porter unicode61 remove_diacritics 2'
        );
        INSERT INTO notes_fts (rowid, title, headings, body) {_NOTE_FTS_ROW};
        """,
    ),
)


def _split_sql(script: str) -> list[str]:
    """Split a migration script into statements (trigger bodies stay whole)."""
    statements: list[str] = []
    current = ""
    for line in script.splitlines(keepends=True):
        current += line
        if sqlite3.complete_statement(current):
            if current.strip().strip(";").strip():
                statements.append(current.strip())
            current = ""
    if current.strip():
        raise ValueError(f"Incomplete SQL statement in migration: {current.strip()[:80]!r}")
    return statements


def _error_name(err: sqlite3.Error) -> str:
    name = getattr(err, "sqlite_errorname", "") or ""
    return str(name).split("(")[0]


def _is_corruption(err: sqlite3.Error) -> bool:
    if _error_name(err) in _CORRUPT_CODES:
        return True
    msg = str(err).lower()
    return "malformed" in msg or "not a database" in msg or "fts5: corrupt" in msg


def _translate(err: sqlite3.Error, path: Path) -> EngineError:
    if isinstance(err, sqlite3.DatabaseError) and _is_corruption(err):
        return IndexCorruptError(f"The index at {path} is damaged ({err}); {_REBUILD_HINT}.")
    if _error_name(err) in _BUSY_CODES:
        return CatalogError(
            f"The index at {path} is locked by another program ({err}); close other "
            "Consilience windows or commands and try again."
        )
    return CatalogError(f"The index at {path} cannot be used: {err}.")


def _guarded(method: Callable[P, R]) -> Callable[P, R]:
    """Turn sqlite3 errors raised by a Catalog method into EngineError subclasses."""

    @functools.wraps(method)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(*args, **kwargs)
        except sqlite3.Error as err:
            self = cast("Catalog", args[0])
            raise _translate(err, self.path) from err

    return wrapper


def _batched(items: Sequence[str], size: int = _BATCH) -> Iterator[Sequence[str]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, default=str)


def _dt(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


def fts_phrase(text: str) -> str:
    """`text` as one FTS5 string literal (a phrase), safe to put after MATCH."""
    return '"' + text.replace('"', '""') + '"'


def _like_pattern(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


class Catalog:
    """One vault's catalog. Use `Catalog.open(...)`; close it (or use it as a context manager)."""

    def __init__(self, conn: sqlite3.Connection, path: Path, *, read_only: bool) -> None:
        self._connection: sqlite3.Connection | None = conn
        self.path = path
        self.read_only = read_only
        self._tx_depth = 0
        # What each temp table of allowed paths or rows holds now (see `_restrict`).
        self._restricted: dict[str, object] = {}
        self._temp_changes = 0  # total_changes made by filling temp tables (see `_version`)
        self._chunk_total: tuple[tuple[int, int], int] | None = None  # (version, chunks)
        self._term_docs: dict[str, int | None] = {}  # term -> chunks holding it, this version

    # ----------------------------------------------------------------------------- lifecycle

    @classmethod
    def open(cls, path: Path, *, read_only: bool = False, check: bool = True) -> Catalog:
        """Open (creating and migrating unless `read_only`) the catalog at `path`.

        `check` runs `PRAGMA quick_check`. Raises IndexCorruptError for a damaged or foreign
        file, CatalogError when it is locked, missing (read-only) or cannot be created.
        """
        path = Path(path)
        if read_only and not path.exists():
            raise CatalogError(f"No index at {path}: run `consilience index PATH` first.")
        if not read_only:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as err:
                raise CatalogError(f"Cannot create the index folder {path.parent}: {err}") from err
        conn: sqlite3.Connection | None = None
        try:
            if read_only:
                conn = sqlite3.connect(
                    f"{path.resolve().as_uri()}?mode=ro",
                    uri=True,
                    isolation_level=None,
                    check_same_thread=False,  # owned by one reader thread; closed by any
                )
            else:
                # The writer may be handed from thread to thread (first index on one, live
                # sync on the watcher thread); its owner serialises the writes.
                conn = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
            catalog = cls(conn, path, read_only=read_only)
            # After a clean close nothing has touched the file (same size and mtime, no WAL
            # left): the full-file quick_check (~1 s at 10k notes) is skipped. The stamp
            # reads ~1 MB, so it is only taken when a check is asked for.
            run_check = check and not _closed_cleanly(path)
            if not read_only:
                _clean_marker(path).unlink(missing_ok=True)  # a crash from here on: check
            catalog._configure(check=run_check)
            if read_only:
                catalog._check_schema()
            else:
                catalog._migrate()
            return catalog
        except sqlite3.Error as err:
            if conn is not None:
                conn.close()
            raise _translate(err, path) from err
        except BaseException:
            if conn is not None:
                conn.close()
            raise

    def _configure(self, *, check: bool) -> None:
        c = self._conn
        c.execute(f"PRAGMA busy_timeout = {_BUSY_TIMEOUT_MS}")
        # Reading the schema is the first real access: a foreign file fails here.
        c.execute("SELECT count(*) FROM sqlite_schema").fetchone()
        if not self.read_only:
            mode = c.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                log.warning("Catalog %s: journal_mode is %s, not WAL", self.path, mode)
        c.execute("PRAGMA synchronous = NORMAL")
        c.execute("PRAGMA foreign_keys = ON")
        c.execute("PRAGMA temp_store = MEMORY")
        if check:
            rows = [str(r[0]) for r in c.execute("PRAGMA quick_check").fetchall()]
            if rows != ["ok"]:
                detail = "; ".join(rows[:3])
                raise IndexCorruptError(
                    f"The index at {self.path} is damaged (quick_check: {detail}); {_REBUILD_HINT}."
                )

    def _applied_migrations(self) -> list[str]:
        exists = self._conn.execute(
            "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'migrations'"
        ).fetchone()
        if not exists:
            return []
        return [r[0] for r in self._conn.execute("SELECT name FROM migrations ORDER BY id")]

    def _check_known(self, applied: list[str]) -> None:
        known = [name for name, _ in MIGRATIONS]
        if applied != known[: len(applied)]:
            raise IndexCorruptError(
                f"The index at {self.path} has a schema this version does not know "
                f"(migrations {applied}); it was made by a newer or different Consilience — "
                f"upgrade, or {_REBUILD_HINT}."
            )

    def _check_schema(self) -> None:
        applied = self._applied_migrations()
        self._check_known(applied)
        if len(applied) < len(MIGRATIONS):
            raise CatalogError(
                f"The index at {self.path} is not up to date (schema {len(applied)} of "
                f"{len(MIGRATIONS)}); run `consilience index PATH` to upgrade it."
            )

    def _migrate(self) -> None:
        c = self._conn
        if len(self._applied_migrations()) == len(MIGRATIONS):  # fast path, no write lock
            self._check_known(self._applied_migrations())
            return
        c.execute("BEGIN IMMEDIATE")
        try:
            c.execute(
                "CREATE TABLE IF NOT EXISTS migrations ("
                " id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE,"
                " applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))"
            )
            applied = self._applied_migrations()  # again, under the write lock
            self._check_known(applied)
            for name, sql in MIGRATIONS[len(applied) :]:
                log.info("Catalog %s: applying migration %s", self.path, name)
                for statement in _split_sql(sql):
                    c.execute(statement)
                c.execute("INSERT INTO migrations (name) VALUES (?)", (name,))
            c.execute("COMMIT")
        except BaseException:
            if c.in_transaction:
                c.execute("ROLLBACK")
            raise

    @property
    def _conn(self) -> sqlite3.Connection:
        if self._connection is None:
            raise CatalogError(f"The catalog {self.path} is closed.")
        return self._connection

    @property
    def closed(self) -> bool:
        return self._connection is None

    def close(self) -> None:
        """Close the connection (idempotent); the writer runs `PRAGMA optimize` first."""
        conn, self._connection = self._connection, None
        if conn is None:
            return
        clean = False
        try:
            if not self.read_only and not conn.in_transaction:
                conn.execute("PRAGMA optimize")
                clean = True
        except sqlite3.Error as err:
            log.debug("Catalog %s: optimize on close failed: %s", self.path, err)
        finally:
            conn.close()
        if clean:
            _mark_closed_cleanly(self.path)

    def __enter__(self) -> Catalog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @_guarded
    def schema_version(self) -> int:
        """Number of applied migrations."""
        return len(self._applied_migrations())

    @contextlib.contextmanager
    def transaction(self) -> Iterator[None]:
        """A write transaction (BEGIN IMMEDIATE); nested uses join the outer one."""
        if self._tx_depth:
            self._tx_depth += 1
            try:
                yield
            finally:
                self._tx_depth -= 1
            return
        try:
            self._conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as err:
            raise _translate(err, self.path) from err
        self._tx_depth = 1
        try:
            yield
        except BaseException:
            self._tx_depth = 0
            self._restricted.clear()  # a rollback also undoes the temp path tables
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
            raise
        self._tx_depth = 0
        try:
            self._conn.execute("COMMIT")
        except sqlite3.Error as err:
            self._restricted.clear()
            if self._conn.in_transaction:
                self._conn.execute("ROLLBACK")
            raise _translate(err, self.path) from err

    # ----------------------------------------------------------------------------- raw access

    @_guarded
    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Run one SQL statement and return all its rows.

        For modules that own tables of their own in this catalog (engine/contradict/store.py);
        wrap writes in `transaction()` so they commit together.
        """
        return [tuple(r) for r in self._conn.execute(sql, tuple(params)).fetchall()]

    @_guarded
    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one SQL statement once per parameter row (see `execute`)."""
        self._conn.executemany(sql, (tuple(r) for r in rows))

    # ----------------------------------------------------------------------------- meta

    @_guarded
    def get_meta(self, key: str) -> str | None:
        row = self._conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    @_guarded
    def set_meta(self, key: str, value: str) -> None:
        with self.transaction():
            self._conn.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    # ----------------------------------------------------------------------------- manifest

    _RECORD_SQL = "SELECT path, content_hash, mtime_ns, size, status, title FROM notes"

    @staticmethod
    def _record(row: sqlite3.Row | tuple[Any, ...]) -> NoteRecord:
        status = cast("Literal['pending', 'indexed']", row[4])  # a string: no typing lookup
        return NoteRecord(
            path=row[0],
            content_hash=row[1],
            mtime_ns=row[2],
            size=row[3],
            status=status,
            title=row[5],
        )

    @_guarded
    def manifest(self, paths: Iterable[str] | None = None) -> dict[str, NoteRecord]:
        """Every note in the catalog (pending and indexed), by path; only `paths` if given."""
        if paths is None:
            return {row[0]: self._record(row) for row in self._conn.execute(self._RECORD_SQL)}
        out: dict[str, NoteRecord] = {}
        for batch in _batched(list(dict.fromkeys(paths))):
            marks = ",".join("?" * len(batch))
            sql = f"{self._RECORD_SQL} WHERE path IN ({marks})"
            out.update((row[0], self._record(row)) for row in self._conn.execute(sql, batch))
        return out

    @_guarded
    def note_record(self, path: str) -> NoteRecord | None:
        row = self._conn.execute(self._RECORD_SQL + " WHERE path = ?", (path,)).fetchone()
        return None if row is None else self._record(row)

    @_guarded
    def counts(self) -> tuple[int, int]:
        """(indexed notes, chunks of indexed notes)."""
        notes = self._conn.execute("SELECT count(*) FROM notes WHERE status = 'indexed'")
        chunks = self._conn.execute(
            "SELECT count(*) FROM chunks JOIN notes ON notes.path = chunks.note_path "
            "WHERE notes.status = 'indexed'"
        )
        return int(notes.fetchone()[0]), int(chunks.fetchone()[0])

    # ----------------------------------------------------------------------------- writes

    def _unindex_notes(self, paths: Sequence[str]) -> None:
        """Remove the FTS entries of these notes and their chunks (before the rows go)."""
        params = [(p,) for p in paths]
        self._conn.executemany(
            "DELETE FROM notes_fts WHERE rowid IN (SELECT rowid FROM notes WHERE path = ?)",
            params,
        )
        self._conn.executemany(
            "INSERT INTO chunks_fts (chunks_fts, rowid, title, headings, text) "
            "SELECT 'delete', rid, title, headings, text FROM chunks WHERE note_path = ?",
            params,
        )
        self._conn.executemany(
            "INSERT INTO chunks_tri (chunks_tri, rowid, text) "
            "SELECT 'delete', rid, text FROM chunks WHERE note_path = ?",
            params,
        )

    def _index_notes(self, paths: Sequence[str]) -> None:
        """Add FTS entries for these notes and their chunk rows (after they were written)."""
        params = [(p,) for p in paths]
        self._conn.executemany(
            "INSERT INTO notes_fts (rowid, title, headings, body) "
            + _NOTE_FTS_ROW
            + " WHERE n.path = ?",
            params,
        )
        self._conn.executemany(
            "INSERT INTO chunks_fts (rowid, title, headings, text) "
            "SELECT rid, title, headings, text FROM chunks WHERE note_path = ?",
            params,
        )
        self._conn.executemany(
            "INSERT INTO chunks_tri (rowid, text) SELECT rid, text FROM chunks WHERE note_path = ?",
            params,
        )

    @_guarded
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
        with self.transaction():
            self._unindex_notes(paths)
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
            self._index_notes(paths)
            c.executemany(
                "INSERT INTO links (src_path, target, heading, block, alias, is_embed, kind, line)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                link_rows,
            )
            c.executemany("INSERT OR IGNORE INTO tags (note_path, tag) VALUES (?, ?)", tag_rows)

    def _set_status(self, paths: Iterable[str], status: str) -> None:
        with self.transaction():
            self._conn.executemany(
                "UPDATE notes SET status = ? WHERE path = ?", [(status, p) for p in paths]
            )

    @_guarded
    def touch_notes(self, items: Sequence[tuple[str, int, int]]) -> None:
        """Record a new (mtime_ns, size) for notes whose content did not change."""
        with self.transaction():
            self._conn.executemany(
                "UPDATE notes SET mtime_ns = ?, size = ? WHERE path = ?",
                [(int(mtime_ns), int(size), path) for path, mtime_ns, size in items],
            )

    @_guarded
    def mark_indexed(self, paths: Iterable[str]) -> None:
        self._set_status(paths, "indexed")

    @_guarded
    def mark_pending(self, paths: Iterable[str]) -> None:
        self._set_status(paths, "pending")

    @_guarded
    def delete_notes(self, paths: Iterable[str]) -> None:
        """Remove notes with their chunks, FTS rows, links and tags (one transaction)."""
        unique = list(dict.fromkeys(paths))
        if not unique:
            return
        with self.transaction():
            self._unindex_notes(unique)
            self._conn.executemany("DELETE FROM notes WHERE path = ?", [(p,) for p in unique])

    @_guarded
    def rebuild_fts(self) -> None:
        """Regenerate both full-text indexes from the chunk rows."""
        with self.transaction():
            self._conn.execute("INSERT INTO chunks_fts (chunks_fts) VALUES ('rebuild')")
            self._conn.execute("INSERT INTO chunks_tri (chunks_tri) VALUES ('rebuild')")
            self._conn.execute("DELETE FROM notes_fts")
            self._conn.execute(
                "INSERT INTO notes_fts (rowid, title, headings, body) " + _NOTE_FTS_ROW
            )

    @_guarded
    def check_fts(self) -> None:
        """Raise IndexCorruptError if an FTS index is damaged or misses / keeps chunk rows.

        Checks each index's internal consistency and that it holds exactly the chunk rowids
        (its `_docsize` shadow table against `chunks`). Text changed in place behind the
        catalog's back is not detected (SQLite 3.40's FTS5 cannot compare external content).
        """
        for table in ("chunks_fts", "chunks_tri"):
            try:
                self._conn.execute(f"INSERT INTO {table} ({table}) VALUES ('integrity-check')")
                extra = self._conn.execute(
                    f"SELECT count(*) FROM {table}_docsize d"
                    " WHERE NOT EXISTS (SELECT 1 FROM chunks c WHERE c.rid = d.id)"
                ).fetchone()[0]
                missing = self._conn.execute(
                    f"SELECT count(*) FROM chunks c"
                    f" WHERE NOT EXISTS (SELECT 1 FROM {table}_docsize d WHERE d.id = c.rid)"
                ).fetchone()[0]
            except sqlite3.DatabaseError as err:
                raise IndexCorruptError(
                    f"The full-text index {table} in {self.path} is damaged ({err}); "
                    f"{_REBUILD_HINT}."
                ) from err
            if extra or missing:
                raise IndexCorruptError(
                    f"The full-text index {table} in {self.path} is out of step with the chunks "
                    f"({missing} missing, {extra} left over); {_REBUILD_HINT}."
                )

    # ----------------------------------------------------------------------------- chunks

    @_guarded
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

    @_guarded
    def chunks_for(self, path: str) -> list[ChunkRecord]:
        rows = self._conn.execute(
            self._CHUNK_SQL + " WHERE note_path = ? ORDER BY ordinal", (path,)
        )
        return [self._chunk(r) for r in rows]

    @_guarded
    def chunks_by_id(self, ids: Iterable[str]) -> dict[str, ChunkRecord]:
        """The stored chunks among `ids` (missing ids are left out)."""
        wanted = list(dict.fromkeys(ids))
        out: dict[str, ChunkRecord] = {}
        for batch in _batched(wanted):
            marks = ",".join("?" * len(batch))
            for row in self._conn.execute(self._CHUNK_SQL + f" WHERE id IN ({marks})", batch):
                out[row[0]] = self._chunk(row)
        return out

    @_guarded
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
        for batch in _batched(wanted):
            marks = ",".join("?" * len(batch))
            rows = self._conn.execute(
                "SELECT c.text_hash, min(c.id) FROM chunks c JOIN notes n ON n.path = c.note_path"
                f" WHERE c.text_hash IN ({marks}){status} GROUP BY c.text_hash",
                batch,
            )
            out.update((r[0], r[1]) for r in rows)
        return out

    # ----------------------------------------------------------------------------- skipped

    @_guarded
    def set_skipped(self, items: Sequence[SkippedFile]) -> None:
        with self.transaction():
            self._conn.executemany(
                "INSERT INTO skipped (path, reason) VALUES (?, ?) "
                "ON CONFLICT (path) DO UPDATE SET reason = excluded.reason",
                [(s.path, s.reason) for s in items],
            )

    @_guarded
    def replace_skipped(self, items: Sequence[SkippedFile]) -> None:
        """Make `items` the whole skipped list (after a full scan)."""
        with self.transaction():
            self._conn.execute("DELETE FROM skipped")
            self.set_skipped(items)

    @_guarded
    def clear_skipped(self, paths: Iterable[str]) -> None:
        with self.transaction():
            self._conn.executemany("DELETE FROM skipped WHERE path = ?", [(p,) for p in paths])

    @_guarded
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

    @_guarded
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
            raise _translate(err, self.path) from err

    # ----------------------------------------------------------------------------- search

    def _version(self) -> tuple[int, int]:
        """Changes since a cache was filled: other connections' commits (`data_version`)
        and this connection's own writes (`total_changes` less the temp tables' loads)."""
        c = self._conn
        own = c.total_changes - self._temp_changes
        return (c.execute("PRAGMA data_version").fetchone()[0], own)

    def _load_temp(
        self, table: str, key: str, fill: Callable[[sqlite3.Connection], object]
    ) -> None:
        """Empty temp table `table` (one primary-key column, `key`) and `fill` it, all in one
        savepoint (row by row in autocommit would commit each row)."""
        c = self._conn
        before = c.total_changes
        rowid = "" if key.startswith("id INTEGER") else " WITHOUT ROWID"
        c.execute(f"CREATE TEMP TABLE IF NOT EXISTS {table} ({key}){rowid}")
        c.execute("SAVEPOINT load_temp")
        try:
            c.execute(f"DELETE FROM temp.{table}")
            fill(c)
        except BaseException:
            c.execute("ROLLBACK TO load_temp")
            c.execute("RELEASE load_temp")
            raise
        c.execute("RELEASE load_temp")
        self._temp_changes += c.total_changes - before

    def _restrict(self, paths: Collection[str] | None, rows: str) -> str:
        """SQL join clause keeping only the rows of `paths`' notes, or '' (filters pushed
        down). `rows` is the full-text table's rowid column: a chunk's `rid` for chunks_fts
        and chunks_tri, a note's rowid for notes_fts.

        The join is on row ids, so each full-text match costs one lookup in a small temp
        table; joining on paths cost two B-tree lookups per match (7 -> 2 ms per query at
        10k notes). Large sets (a search filter, reused by every query that keeps it: its
        paths stay loaded across writes) and small per-query sets (a few dozen notes) have
        their own tables, so they never evict each other. Row ids are refilled after any
        write, since writing a note again gives it new ones."""
        if paths is None:
            return ""
        wanted = paths if isinstance(paths, frozenset) else frozenset(paths)
        size = "big" if len(wanted) > SMALL_PATH_SET else "few"
        kind = "note" if rows.endswith("notes_fts.rowid") else "chunk"
        row_table = f"{kind}_rows_{size}"
        key = (wanted, self._version())
        if self._restricted.get(row_table) == key:
            return f" JOIN temp.{row_table} sr ON sr.id = {rows}"
        self._restricted.pop(row_table, None)
        select = (
            "SELECT n.rowid FROM notes n WHERE n.path"
            if kind == "note"
            else "SELECT c.rid FROM chunks c WHERE c.note_path"
        )
        insert = f"INSERT OR IGNORE INTO temp.{row_table} {select}"
        if size == "big":
            if self._restricted.get("paths_big") != wanted:
                self._restricted.pop("paths_big", None)
                self._load_temp(
                    "paths_big",
                    "path TEXT PRIMARY KEY",
                    lambda c: c.executemany(
                        "INSERT OR IGNORE INTO temp.paths_big VALUES (?)",
                        ((p,) for p in sorted(wanted)),
                    ),
                )
                self._restricted["paths_big"] = wanted

            def fill(c: sqlite3.Connection) -> None:
                c.execute(f"{insert} IN (SELECT path FROM temp.paths_big)")

        else:

            def fill(c: sqlite3.Connection) -> None:
                for batch in _batched(sorted(wanted)):
                    c.execute(f"{insert} IN ({','.join('?' * len(batch))})", batch)

        self._load_temp(row_table, "id INTEGER PRIMARY KEY", fill)
        self._restricted[row_table] = key
        return f" JOIN temp.{row_table} sr ON sr.id = {rows}"

    @_guarded
    def term_shares(self, terms: Iterable[str]) -> dict[str, float]:
        """term -> share of chunks that hold it (0..1), from the FTS5 vocabulary; terms the
        index lacks are left out. Terms are single unicode61 tokens, lower case."""
        c = self._conn
        c.execute(
            "CREATE VIRTUAL TABLE IF NOT EXISTS temp.chunks_vocab"
            " USING fts5vocab(main, 'chunks_fts', 'row')"
        )
        version = self._version()  # chunk and document counts stay until a write
        if self._chunk_total is None or self._chunk_total[0] != version:
            total = c.execute("SELECT count(*) FROM chunks").fetchone()[0]
            self._chunk_total = (version, total)
            self._term_docs.clear()
        total = self._chunk_total[1] or 0
        out: dict[str, float] = {}
        if not total:
            return out
        docs = self._term_docs
        for term in dict.fromkeys(terms):
            if term not in docs:  # counting walks the term's whole document list
                row = c.execute(
                    "SELECT doc FROM temp.chunks_vocab WHERE term = ?", (term,)
                ).fetchone()
                docs[term] = None if row is None else int(row[0])
                if len(docs) > TERM_DOCS_CACHE:
                    del docs[next(iter(docs))]
            count = docs[term]
            if count is not None:
                out[term] = min(1.0, count / total)
        return out

    @_guarded
    def search_bm25(
        self,
        match_expr: str,
        *,
        limit: int,
        weights: tuple[float, float, float] = BM25_WEIGHTS,
        paths: Collection[str] | None = None,
    ) -> list[tuple[str, str, float]]:
        """(chunk id, note path, score) for an FTS5 MATCH expression, best first.

        `match_expr` is FTS5 query syntax over columns title, headings, text; escape user text
        first (see `fts_phrase`). The score is -bm25 (higher is better, > 0), weighted by
        `weights` for (title, headings, text). `paths` limits the search to those notes.
        Raises FtsQueryError for bad syntax.
        """
        if not match_expr.strip() or limit <= 0:
            return []
        join = self._restrict(paths, "chunks_fts.rowid")
        try:
            # Rank the matching rows on the full-text table alone, then join the chunks of
            # the best `limit` (a join inside would run for every matching row).
            rows = self._conn.execute(
                "SELECT c.id, c.note_path, score FROM (SELECT chunks_fts.rowid AS rid,"
                " bm25(chunks_fts, ?, ?, ?) AS score FROM chunks_fts" + join + " WHERE"
                " chunks_fts MATCH ? ORDER BY score, chunks_fts.rowid LIMIT ?) AS best"
                " JOIN chunks c ON c.rid = best.rid ORDER BY score, c.rid",
                (*weights, match_expr, limit),
            ).fetchall()
        except sqlite3.OperationalError as err:
            if _error_name(err) == "SQLITE_ERROR":  # syntax, unknown column, bad string
                raise FtsQueryError(f"Bad full-text query {match_expr!r}: {err}") from err
            raise
        return [(r[0], r[1], -float(r[2])) for r in rows]

    @_guarded
    def best_chunks_bm25(
        self,
        match_expr: str,
        *,
        paths: Collection[str],
        weights: tuple[float, float, float] = BM25_WEIGHTS,
    ) -> dict[str, str]:
        """note path -> its best chunk's id for an FTS5 MATCH expression, for the notes of
        `paths` that have a matching chunk: the chunk first in `search_bm25`'s order (score,
        then row id), in one statement however many chunks each note has."""
        if not match_expr.strip() or not paths:
            return {}
        join = self._restrict(paths, "chunks_fts.rowid")
        try:
            rows = self._conn.execute(
                "SELECT id, note_path FROM (SELECT c.id, c.note_path, ROW_NUMBER() OVER"
                " (PARTITION BY c.note_path ORDER BY m.score, m.rid) AS n FROM (SELECT"
                " chunks_fts.rowid AS rid, bm25(chunks_fts, ?, ?, ?) AS score FROM chunks_fts"
                + join
                + " WHERE chunks_fts MATCH ?) AS m JOIN chunks c ON c.rid = m.rid) WHERE n = 1",
                (*weights, match_expr),
            ).fetchall()
        except sqlite3.OperationalError as err:
            if _error_name(err) == "SQLITE_ERROR":
                raise FtsQueryError(f"Bad full-text query {match_expr!r}: {err}") from err
            raise
        return {path: chunk_id for chunk_id, path in rows}

    @_guarded
    def search_notes_bm25(
        self,
        match_expr: str,
        *,
        limit: int,
        weights: tuple[float, float, float] = (1.5, 1.2, 1.0),
        paths: Collection[str] | None = None,
    ) -> list[tuple[str, float]]:
        """(note path, score) for an FTS5 MATCH over whole notes (title, headings, body).

        BM25 over whole notes ranks better than the best single chunk (term frequencies and
        lengths are the note's). Score is -bm25, higher is better.
        """
        if not match_expr.strip() or limit <= 0:
            return []
        restrict = self._restrict(paths, "notes_fts.rowid")
        # Rank on the full-text table alone, with room for ties, then name the notes: a join
        # inside would look up every matching note (9.4 -> 6.9 ms per query at 10k notes).
        # Ties on the score break by path; when they may reach past the room, the exact
        # statement runs instead.
        room = limit + TIE_ROOM
        try:
            rows = self._conn.execute(
                "SELECT n.path, score FROM (SELECT notes_fts.rowid AS id, bm25(notes_fts, ?, ?, ?)"
                " AS score FROM notes_fts" + restrict + " WHERE notes_fts MATCH ? ORDER BY score,"
                " notes_fts.rowid LIMIT ?) AS best JOIN notes n ON n.rowid = best.id"
                " ORDER BY score, n.path",
                (*weights, match_expr, room),
            ).fetchall()
            if len(rows) == room and rows[limit - 1][1] == rows[-1][1]:
                rows = self._conn.execute(
                    "SELECT n.path, bm25(notes_fts, ?, ?, ?) AS score FROM notes_fts"
                    " JOIN notes n ON n.rowid = notes_fts.rowid" + restrict + " WHERE notes_fts"
                    " MATCH ? ORDER BY score, n.path LIMIT ?",
                    (*weights, match_expr, limit),
                ).fetchall()
        except sqlite3.OperationalError as err:
            if _error_name(err) == "SQLITE_ERROR":
                raise FtsQueryError(f"Bad full-text query {match_expr!r}: {err}") from err
            raise
        rows = rows[:limit]
        return [(r[0], -float(r[1])) for r in rows]

    @_guarded
    def search_substring(
        self, text: str, *, limit: int, paths: Collection[str] | None = None
    ) -> list[tuple[str, str]]:
        """(chunk id, note path) of chunks containing `text` (case-insensitive for ASCII).

        Three or more characters use the trigram index (ranked by its bm25); one or two
        characters (short CJK words) fall back to a LIKE scan in chunk order. `paths` limits
        the search to those notes.
        """
        if not text or limit <= 0:
            return []
        if len(text) >= 3:
            join = self._restrict(paths, "chunks_tri.rowid")
            sql = (
                "SELECT c.id, c.note_path FROM (SELECT chunks_tri.rowid AS rid, chunks_tri.rank"
                " AS score FROM chunks_tri" + join + " WHERE chunks_tri MATCH ?"
                " ORDER BY score, chunks_tri.rowid LIMIT ?) AS best"
                " JOIN chunks c ON c.rid = best.rid ORDER BY score, c.rid"
            )
            rows = self._conn.execute(sql, (fts_phrase(text), limit))
        else:
            rows = self._conn.execute(
                "SELECT c.id, c.note_path FROM chunks c"
                + self._restrict(paths, "c.rid")
                + " WHERE c.text LIKE ? ESCAPE '\\' ORDER BY c.rid LIMIT ?",
                (_like_pattern(text), limit),
            )
        return [(r[0], r[1]) for r in rows]

    @_guarded
    def content_hashes(self, paths: Iterable[str]) -> dict[str, str]:
        """path -> content hash for the given notes that are in the catalog."""
        out: dict[str, str] = {}
        for batch in _batched(list(dict.fromkeys(paths))):
            marks = ",".join("?" * len(batch))
            sql = f"SELECT path, content_hash FROM notes WHERE path IN ({marks})"
            out.update((r[0], r[1]) for r in self._conn.execute(sql, batch))
        return out

    @_guarded
    def note_texts(self, paths: Iterable[str]) -> dict[str, str]:
        """path -> the note's chunk texts joined in order (its searchable body)."""
        out: dict[str, list[str]] = {}
        for batch in _batched(list(dict.fromkeys(paths))):
            marks = ",".join("?" * len(batch))
            sql = (
                f"SELECT note_path, text FROM chunks WHERE note_path IN ({marks})"
                " ORDER BY note_path, ordinal"
            )
            for path, text in self._conn.execute(sql, batch):
                out.setdefault(path, []).append(text)
        return {p: "\n".join(parts) for p, parts in out.items()}


# -- clean-close marker ------------------------------------------------------------------------


_STAMP_PAGE = 4096
_STAMP_SAMPLES = 256  # pages hashed into the clean-close stamp (~1 MB read)


def _clean_marker(path: Path) -> Path:
    return path.with_name(path.name + ".clean")


def _file_stamp(path: Path) -> str | None:
    """Size and modification time of the catalog, or None while a WAL with frames remains
    (then another connection is open or the last one did not close)."""
    try:
        wal = path.with_name(path.name + "-wal")
        if wal.exists() and wal.stat().st_size > 0:
            return None
        st = path.stat()
        digest = hashlib.sha1(usedforsecurity=False)
        with open(path, "rb") as handle:  # pages sampled across the file: a scribble shows
            step = max(_STAMP_PAGE, st.st_size // _STAMP_SAMPLES)
            for offset in range(0, st.st_size, step):
                handle.seek(offset)
                digest.update(handle.read(_STAMP_PAGE))
    except OSError:
        return None
    return f"{st.st_size}:{st.st_mtime_ns}:{digest.hexdigest()}"


def _mark_closed_cleanly(path: Path) -> None:
    stamp = _file_stamp(path)
    if stamp is None:  # readers still open: the next open checks the file
        return
    marker = _clean_marker(path)
    tmp = marker.with_name(f".{marker.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(stamp, encoding="utf-8")
        os.replace(tmp, marker)
    except OSError as err:  # only costs the next open a check
        log.debug("Catalog %s: clean-close marker not written: %s", path, err)
        tmp.unlink(missing_ok=True)


def _closed_cleanly(path: Path) -> bool:
    try:
        recorded = _clean_marker(path).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return False
    return recorded != "" and recorded == _file_stamp(path)
