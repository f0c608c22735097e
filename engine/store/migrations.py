"""The catalog's schema as named migrations that each package registers for its own tables.

A package that keeps tables in the catalog registers its migrations at import time
(`register(Migration(...))`) in one module listed in `PROVIDERS`; every catalog open imports
those modules first, so the registry is complete whichever part of the engine opened the file.
Migrations apply in the order of their names (`0001_initial`, `0002_contradictions`, ...),
each once, recorded by name in the `migrations` table. Never edit an applied migration: add a
new one with the next free number. An index whose applied names are not a prefix of the
registered ones was made by another version and is refused.
"""

from __future__ import annotations

import importlib
import logging
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from engine.errors import IndexCorruptError
from engine.store.errors import REBUILD_HINT, CatalogError

log = logging.getLogger(__name__)

#: The modules that register migrations, imported before any catalog is opened.
PROVIDERS: tuple[str, ...] = ("engine.store.schema", "engine.contradict.schema")


@dataclass(frozen=True)
class Migration:
    """One schema step: `name` orders it and records it, `sql` is a script of statements."""

    name: str
    sql: str


_registry: dict[str, Migration] = {}


def register(*steps: Migration) -> None:
    """Add migrations to the registry (registering the same one again is a no-op)."""
    for step in steps:
        known = _registry.get(step.name)
        if known is not None and known != step:
            raise ValueError(f"Two different migrations are named {step.name!r}")
        _registry[step.name] = step


def registered() -> tuple[Migration, ...]:
    """Every migration of every provider, in the order they apply."""
    for module in PROVIDERS:
        importlib.import_module(module)
    return tuple(_registry[name] for name in sorted(_registry))


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


def check_schema(conn: sqlite3.Connection, path: Path) -> None:
    """For a read-only open: every registered migration must have been applied."""
    steps = registered()
    done = applied(conn)
    _check_known(done, steps, path)
    if len(done) < len(steps):
        raise CatalogError(
            f"The index at {path} is not up to date (schema {len(done)} of "
            f"{len(steps)}); run `consilience index PATH` to upgrade it."
        )


def migrate(conn: sqlite3.Connection, path: Path) -> None:
    """Apply the registered migrations the catalog lacks, all in one transaction."""
    steps = registered()
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
