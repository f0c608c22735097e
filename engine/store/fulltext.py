"""Full-text search over the catalog: BM25 over chunks and whole notes, substrings, and the
statements that keep the FTS5 tables in step with the chunk rows.

The chunk indexes are **external-content** FTS5 tables over `chunks` (see
`engine.store.schema`): `chunks_fts(title, headings, text)` for BM25 and `chunks_tri(text)`
(trigram) for exact substrings; `notes_fts(title, headings, body)` indexes whole notes. They
are kept in step by explicit statements inside the writer's transaction, never by triggers:
before chunk rows are deleted, their FTS entries are removed with the FTS5 `'delete'` command
fed *from the chunk rows themselves* (`unindex_notes`); new chunk rows are indexed with
`INSERT ... SELECT` right after they are written (`index_notes`). `FullText.rebuild`
regenerates every index from `chunks`.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Collection, Iterable, Sequence

from engine.errors import IndexCorruptError
from engine.store.connection import Database, Repository, batched, error_name, guarded
from engine.store.errors import REBUILD_HINT, FtsQueryError
from engine.store.schema import NOTE_FTS_ROW, note_cjk_rows

__all__ = ["BM25_WEIGHTS", "FtsQueryError", "FullText", "fts_phrase"]

SMALL_PATH_SET = 256  # path sets up to this size share one temp table (see `_restrict`)
TERM_DOCS_CACHE = 4096  # query words whose chunk counts are remembered until the next write
TIE_ROOM = 16  # extra rows a ranked full-text query reads so ties on the score break by path
#: default BM25 column weights for chunks_fts(title, headings, text)
BM25_WEIGHTS: tuple[float, float, float] = (2.0, 1.5, 1.0)


def fts_phrase(text: str) -> str:
    """`text` as one FTS5 string literal (a phrase), safe to put after MATCH."""
    return '"' + text.replace('"', '""') + '"'


def _like_pattern(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def unindex_notes(conn: sqlite3.Connection, paths: Sequence[str]) -> None:
    """Remove the FTS entries of these notes and their chunks (before the rows go)."""
    params = [(p,) for p in paths]
    conn.executemany(
        "DELETE FROM notes_fts WHERE rowid IN (SELECT rowid FROM notes WHERE path = ?)",
        params,
    )
    conn.executemany(
        "DELETE FROM notes_cjk WHERE rowid IN (SELECT rowid FROM notes WHERE path = ?)",
        params,
    )
    conn.executemany(
        "INSERT INTO chunks_fts (chunks_fts, rowid, title, headings, text) "
        "SELECT 'delete', rid, title, headings, text FROM chunks WHERE note_path = ?",
        params,
    )
    conn.executemany(
        "INSERT INTO chunks_tri (chunks_tri, rowid, text) "
        "SELECT 'delete', rid, text FROM chunks WHERE note_path = ?",
        params,
    )


def index_notes(conn: sqlite3.Connection, paths: Sequence[str]) -> None:
    """Add FTS entries for these notes and their chunk rows (after they were written)."""
    params = [(p,) for p in paths]
    conn.executemany(
        "INSERT INTO notes_fts (rowid, title, headings, body) "
        + NOTE_FTS_ROW
        + " WHERE n.path = ?",
        params,
    )
    conn.executemany(
        "INSERT INTO notes_cjk (rowid, grams) " + note_cjk_rows("WHERE n.path = ?"), params
    )
    conn.executemany(
        "INSERT INTO chunks_fts (rowid, title, headings, text) "
        "SELECT rid, title, headings, text FROM chunks WHERE note_path = ?",
        params,
    )
    conn.executemany(
        "INSERT INTO chunks_tri (rowid, text) SELECT rid, text FROM chunks WHERE note_path = ?",
        params,
    )


class FullText(Repository):
    """The full-text queries of one catalog connection, with the caches they keep (temp
    tables of allowed rows, chunk counts per term) until the next write."""

    def __init__(self, db: Database) -> None:
        super().__init__(db)
        # What each temp table of allowed paths or rows holds now (see `_restrict`).
        self._restricted: dict[str, object] = {}
        self._temp_changes = 0  # total_changes made by filling temp tables (see `_version`)
        self._chunk_total: tuple[tuple[int, int], int] | None = None  # (version, chunks)
        self._term_docs: dict[str, int | None] = {}  # term -> chunks holding it, this version
        db.on_rollback(self._restricted.clear)  # a rollback also undoes the temp tables

    @guarded
    def rebuild(self) -> None:
        """Regenerate both full-text indexes from the chunk rows."""
        with self._db.transaction():
            self._conn.execute("INSERT INTO chunks_fts (chunks_fts) VALUES ('rebuild')")
            self._conn.execute("INSERT INTO chunks_tri (chunks_tri) VALUES ('rebuild')")
            self._conn.execute("DELETE FROM notes_fts")
            self._conn.execute(
                "INSERT INTO notes_fts (rowid, title, headings, body) " + NOTE_FTS_ROW
            )
            self._conn.execute("DELETE FROM notes_cjk")
            self._conn.execute("INSERT INTO notes_cjk (rowid, grams) " + note_cjk_rows())

    @guarded
    def check(self) -> None:
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
                    f"{REBUILD_HINT}."
                ) from err
            if extra or missing:
                raise IndexCorruptError(
                    f"The full-text index {table} in {self.path} is out of step with the chunks "
                    f"({missing} missing, {extra} left over); {REBUILD_HINT}."
                )

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
        and chunks_tri, a note's rowid for notes_fts and notes_cjk.

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
        kind = "note" if rows.startswith("notes_") else "chunk"  # notes_fts / notes_cjk
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
                for batch in batched(sorted(wanted)):
                    c.execute(f"{insert} IN ({','.join('?' * len(batch))})", batch)

        self._load_temp(row_table, "id INTEGER PRIMARY KEY", fill)
        self._restricted[row_table] = key
        return f" JOIN temp.{row_table} sr ON sr.id = {rows}"

    @guarded
    def known_terms(self, terms: Iterable[str]) -> frozenset[str]:
        """The terms at least one note holds (stemmed as the whole-note index stems them:
        'uploading' is known when a note says 'upload')."""
        found = set()
        for term in dict.fromkeys(terms):
            row = self._conn.execute(
                "SELECT 1 FROM notes_fts WHERE notes_fts MATCH ? LIMIT 1", (fts_phrase(term),)
            ).fetchone()
            if row is not None:
                found.add(term)
        return frozenset(found)

    @guarded
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

    @guarded
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
            if error_name(err) == "SQLITE_ERROR":  # syntax, unknown column, bad string
                raise FtsQueryError(f"Bad full-text query {match_expr!r}: {err}") from err
            raise
        return [(r[0], r[1], -float(r[2])) for r in rows]

    @guarded
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
            if error_name(err) == "SQLITE_ERROR":
                raise FtsQueryError(f"Bad full-text query {match_expr!r}: {err}") from err
            raise
        return {path: chunk_id for chunk_id, path in rows}

    @guarded
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
            if error_name(err) == "SQLITE_ERROR":
                raise FtsQueryError(f"Bad full-text query {match_expr!r}: {err}") from err
            raise
        rows = rows[:limit]
        return [(r[0], -float(r[1])) for r in rows]

    @guarded
    def search_notes_cjk(
        self, grams: Sequence[str], *, limit: int, paths: Collection[str] | None = None
    ) -> list[tuple[str, float]]:
        """(note path, score) of the notes holding any of the CJK character pairs `grams`,
        best first by BM25 over the pairs (score is -bm25, higher is better)."""
        if not grams or limit <= 0:
            return []
        expr = " OR ".join(fts_phrase(g) for g in dict.fromkeys(grams))
        restrict = self._restrict(paths, "notes_cjk.rowid")
        try:
            rows = self._conn.execute(
                "SELECT n.path, bm25(notes_cjk) AS score FROM notes_cjk"
                " JOIN notes n ON n.rowid = notes_cjk.rowid" + restrict + " WHERE notes_cjk"
                " MATCH ? ORDER BY score, n.path LIMIT ?",
                (expr, limit),
            ).fetchall()
        except sqlite3.OperationalError as err:
            if error_name(err) == "SQLITE_ERROR":
                raise FtsQueryError(f"Bad full-text query {expr!r}: {err}") from err
            raise
        return [(r[0], -float(r[1])) for r in rows]

    @guarded
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
