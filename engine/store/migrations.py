"""Applying the catalog's schema: named migrations, each applied once.

`engine.store.schema.MIGRATIONS` lists every migration in the order it applies (`0001_initial`,
`0002_contradictions`, ...); each is recorded by name in the `migrations` table. Never edit
an applied migration: add a new one with the next free number. An index whose applied names
are not a prefix of the listed ones was made by another version and is refused.
"""

from __future__ import annotations

import logging
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from engine.errors import IndexCorruptError
from engine.store.errors import REBUILD_HINT, CatalogError

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Migration:
    """One schema step: `name` orders it and records it, `sql` is a script of statements."""

    name: str
    sql: str


def split_sql(script: str) -> list[str]:
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


def applied(conn: sqlite3.Connection) -> list[str]:
    """The names of the migrations applied to the catalog, in order."""
    exists = conn.execute(
        "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'migrations'"
    ).fetchone()
    if not exists:
        return []
    return [r[0] for r in conn.execute("SELECT name FROM migrations ORDER BY id")]


def _check_known(done: list[str], steps: tuple[Migration, ...], path: Path) -> None:
    known = [step.name for step in steps]
    if done != known[: len(done)]:
        raise IndexCorruptError(
            f"The index at {path} has a schema this version does not know "
            f"(migrations {done}); it was made by a newer or different Consilience — "
            f"upgrade, or {REBUILD_HINT}."
        )


def check_schema(conn: sqlite3.Connection, path: Path, steps: tuple[Migration, ...]) -> None:
    """For a read-only open: every one of `steps` must have been applied."""
    done = applied(conn)
    _check_known(done, steps, path)
    if len(done) < len(steps):
        raise CatalogError(
            f"The index at {path} is not up to date (schema {len(done)} of "
            f"{len(steps)}); run `consilience index PATH` to upgrade it."
        )


def migrate(conn: sqlite3.Connection, path: Path, steps: tuple[Migration, ...]) -> None:
    """Apply the `steps` the catalog lacks, in order, all in one transaction."""
    if len(applied(conn)) == len(steps):  # fast path, no write lock
        _check_known(applied(conn), steps, path)
        return
    conn.execute("BEGIN IMMEDIATE")
    try:
        conn.execute(
            "CREATE TABLE IF NOT EXISTS migrations ("
            " id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE,"
            " applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))"
        )
        done = applied(conn)  # again, under the write lock
        _check_known(done, steps, path)
        for step in steps[len(done) :]:
            log.info("Catalog %s: applying migration %s", path, step.name)
            for statement in split_sql(step.sql):
                conn.execute(statement)
            conn.execute("INSERT INTO migrations (name) VALUES (?)", (step.name,))
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
