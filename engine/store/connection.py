"""One SQLite connection to a catalog file: opening, configuring, transactions, closing.

Everything here is about the connection, never about what the tables hold:

- `Database.open` connects (read-write, or read-only through a `mode=ro` URI), sets the
  pragmas (WAL, `synchronous = NORMAL`, foreign keys, in-memory temp tables), runs
  `PRAGMA quick_check` unless the file was closed cleanly and is untouched since, then applies
  or checks the migrations (`engine.store.schema.MIGRATIONS`, applied by `engine.store.migrations`).
- sqlite3 errors become `EngineError`s (`translate`, `guarded`): `IndexCorruptError` for a
  damaged or foreign file, `CatalogError` for a locked, missing or unwritable one.
- The clean-close marker: a writer that closes cleanly leaves `<catalog>.clean` holding the
  file's size, mtime and a hash of sampled pages; the next open skips `quick_check` when the
  file still matches it (see `closed_cleanly`).

Thread model: a `Database` wraps one connection and belongs to the thread that opened it.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import logging
import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, ParamSpec, Protocol, TypeVar

from engine.errors import EngineError, IndexCorruptError
from engine.store import migrations
from engine.store.cjk_grams import cjk_grams
from engine.store.errors import REBUILD_HINT, CatalogError
from engine.store.schema import MIGRATIONS

__all__ = ["CatalogError", "Database", "guarded", "translate"]

log = logging.getLogger(__name__)

P = ParamSpec("P")
R = TypeVar("R")

BATCH = 500  # bound parameters per IN (...) query
BUSY_TIMEOUT_MS = 10_000
_CORRUPT_CODES = {"SQLITE_CORRUPT", "SQLITE_NOTADB"}
_BUSY_CODES = {"SQLITE_BUSY", "SQLITE_LOCKED"}


# -- error translation -------------------------------------------------------------------------


def error_name(err: sqlite3.Error) -> str:
    """The SQLite result code name of `err` ("SQLITE_BUSY"), without an extended suffix."""
    name = getattr(err, "sqlite_errorname", "") or ""
    return str(name).split("(")[0]


def _is_corruption(err: sqlite3.Error) -> bool:
    if error_name(err) in _CORRUPT_CODES:
        return True
    msg = str(err).lower()
    return "malformed" in msg or "not a database" in msg or "fts5: corrupt" in msg


def translate(err: sqlite3.Error, path: Path) -> EngineError:
    """`err` from the catalog at `path` as the EngineError a user can act on."""
    if isinstance(err, sqlite3.DatabaseError) and _is_corruption(err):
        return IndexCorruptError(f"The index at {path} is damaged ({err}); {REBUILD_HINT}.")
    if error_name(err) in _BUSY_CODES:
        return CatalogError(
            f"The index at {path} is locked by another program ({err}); close other "
            "Consilience windows or commands and try again."
        )
    return CatalogError(f"The index at {path} cannot be used: {err}.")


class _HasPath(Protocol):
    @property
    def path(self) -> Path: ...


def guarded(method: Callable[P, R]) -> Callable[P, R]:
    """Turn sqlite3 errors raised by a method of an object with a `path` (the catalog file)
    into EngineError subclasses."""

    @functools.wraps(method)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(*args, **kwargs)
        except sqlite3.Error as err:
            owner: _HasPath = args[0]  # type: ignore[assignment]
            raise translate(err, owner.path) from err

    return wrapper


def batched(items: Sequence[str], size: int = BATCH) -> Iterator[Sequence[str]]:
    """`items` in slices of at most `size` (bound parameters per statement)."""
    for start in range(0, len(items), size):
        yield items[start : start + size]


# -- the connection ----------------------------------------------------------------------------


class Database:
    """One connection to a catalog file. Use `Database.open(...)`; close it when done."""

    def __init__(self, conn: sqlite3.Connection, path: Path, *, read_only: bool) -> None:
        self._connection: sqlite3.Connection | None = conn
        self.path = path
        self.read_only = read_only
        self._tx_depth = 0
        self._rollback_listeners: list[Callable[[], None]] = []

    @classmethod
    def open(
        cls, path: Path, *, read_only: bool = False, check: bool = True, migrate: bool = True
    ) -> Database:
        """Open (creating and migrating unless `read_only`) the catalog at `path`.

        `check` runs `PRAGMA quick_check` (skipped after a clean close). A read-only open
        checks that every migration was applied. `migrate=False` opens the file
        as it is, schema unchecked (to read what an old index kept). Raises
        IndexCorruptError for a damaged or foreign file, CatalogError when it is locked,
        missing (read-only) or cannot be created.
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
            db = cls(conn, path, read_only=read_only)
            # After a clean close nothing has touched the file (same size and mtime, no WAL
            # left): the full-file quick_check (~1 s at 10k notes) is skipped. The stamp
            # reads ~1 MB, so it is only taken when a check is asked for.
            run_check = check and not closed_cleanly(path)
            if not read_only:
                clean_marker(path).unlink(missing_ok=True)  # a crash from here on: check
            db._configure(check=run_check)
            if migrate:
                if read_only:
                    migrations.check_schema(conn, path, MIGRATIONS)
                else:
                    migrations.migrate(conn, path, MIGRATIONS)
            return db
        except sqlite3.Error as err:
            if conn is not None:
                conn.close()
            raise translate(err, path) from err
        except BaseException:
            if conn is not None:
                conn.close()
            raise

    def _configure(self, *, check: bool) -> None:
        c = self.conn
        c.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        c.create_function("cjk_grams", 1, cjk_grams, deterministic=True)
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
                    f"The index at {self.path} is damaged (quick_check: {detail}); {REBUILD_HINT}."
                )

    @property
    def conn(self) -> sqlite3.Connection:
        """The sqlite3 connection (CatalogError once closed)."""
        if self._connection is None:
            raise CatalogError(f"The catalog {self.path} is closed.")
        return self._connection

    @property
    def closed(self) -> bool:
        return self._connection is None

    def close(self) -> None:
        """Close the connection (idempotent); the writer runs `PRAGMA optimize` first and,
        when nothing was left half-done, marks the file closed cleanly."""
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
            mark_closed_cleanly(self.path)

    def on_rollback(self, listener: Callable[[], None]) -> None:
        """Call `listener` whenever a transaction is rolled back (caches of temp tables)."""
        self._rollback_listeners.append(listener)

    def _rolled_back(self) -> None:
        for listener in self._rollback_listeners:
            listener()

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
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as err:
            raise translate(err, self.path) from err
        self._tx_depth = 1
        try:
            yield
        except BaseException:
            self._tx_depth = 0
            self._rolled_back()  # a rollback also undoes the temp tables' contents
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise
        self._tx_depth = 0
        try:
            self.conn.execute("COMMIT")
        except sqlite3.Error as err:
            self._rolled_back()
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
            raise translate(err, self.path) from err

    @guarded
    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Run one SQL statement and return all its rows (wrap writes in `transaction()`)."""
        return [tuple(r) for r in self.conn.execute(sql, tuple(params)).fetchall()]

    @guarded
    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one SQL statement once per parameter row (see `execute`)."""
        self.conn.executemany(sql, (tuple(r) for r in rows))

    @guarded
    def schema_version(self) -> int:
        """Number of applied migrations."""
        return len(migrations.applied(self.conn))


# -- clean-close marker ------------------------------------------------------------------------


_STAMP_PAGE = 4096
_STAMP_SAMPLES = 256  # pages hashed into the clean-close stamp (~1 MB read)


def clean_marker(path: Path) -> Path:
    """The file a clean close of the catalog at `path` leaves."""
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


def mark_closed_cleanly(path: Path) -> None:
    """Record that the catalog at `path` was closed cleanly (a no-op while readers are open)."""
    stamp = _file_stamp(path)
    if stamp is None:  # readers still open: the next open checks the file
        return
    marker = clean_marker(path)
    tmp = marker.with_name(f".{marker.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(stamp, encoding="utf-8")
        os.replace(tmp, marker)
    except OSError as err:  # only costs the next open a check
        log.debug("Catalog %s: clean-close marker not written: %s", path, err)
        tmp.unlink(missing_ok=True)


def closed_cleanly(path: Path) -> bool:
    """True when the catalog at `path` was closed cleanly and is untouched since."""
    try:
        recorded = clean_marker(path).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return False
    return recorded != "" and recorded == _file_stamp(path)


class Repository:
    """One concern's queries on a `Database` (notes and chunks, the full text)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    @property
    def path(self) -> Path:
        return self._db.path

    @property
    def _conn(self) -> sqlite3.Connection:
        return self._db.conn
