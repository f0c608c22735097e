"""The clean-close marker: a catalog closed cleanly and untouched since skips quick_check on
open; anything else (a crash, a changed byte, a truncation) is checked as before."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from engine.errors import IndexCorruptError
from engine.store.catalog import Catalog
from engine.store.connection import Database, closed_cleanly
from tests.engine.store.test_catalog import make_note, stage


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "catalog.sqlite3"


def _filled(db_path: Path) -> None:
    with Catalog.open(db_path) as cat:
        stage(cat, *[make_note(f"n{i}.md", [f"text {i} " * 50] * 4) for i in range(60)])


def _quick_checks(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Open once and report whether quick_check ran (by watching `_configure`)."""
    seen: list[bool] = []
    original = Database._configure

    def spy(self: Database, *, check: bool) -> None:
        seen.append(check)
        original(self, check=check)

    monkeypatch.setattr(Database, "_configure", spy)
    Catalog.open(db_path).close()
    return seen


def test_clean_close_skips_the_check_and_a_crash_does_not(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _filled(db_path)
    assert closed_cleanly(db_path)
    assert _quick_checks(db_path, monkeypatch) == [False]
    # A writer that never closes (a crash) leaves no marker: the next open checks.
    crashed = Catalog.open(db_path)
    assert not closed_cleanly(db_path)
    crashed.db.conn.close()  # drop the connection without Catalog.close()
    assert _quick_checks(db_path, monkeypatch) == [True]


def test_a_changed_page_after_a_clean_close_is_still_found(db_path: Path) -> None:
    _filled(db_path)
    conn = sqlite3.connect(db_path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    stat = db_path.stat()
    data = bytearray(db_path.read_bytes())
    page = 4096
    for p in range(2, len(data) // page):  # same size, same mtime: only the bytes differ
        data[p * page : p * page + 64] = os.urandom(64)
    db_path.write_bytes(bytes(data))
    os.utime(db_path, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert db_path.stat().st_size == stat.st_size
    assert not closed_cleanly(db_path)
    with pytest.raises(IndexCorruptError):
        cat = Catalog.open(db_path)
        cat.notes.manifest()


def test_truncation_after_a_clean_close_is_found(db_path: Path) -> None:
    _filled(db_path)
    size = db_path.stat().st_size
    with open(db_path, "r+b") as fh:
        fh.truncate(size // 2)
    with pytest.raises(IndexCorruptError, match="--rebuild"):
        Catalog.open(db_path)


def test_an_open_reader_at_close_means_a_check_next_time(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _filled(db_path)
    writer = Catalog.open(db_path)
    reader = Catalog.open(db_path, read_only=True)
    stage(writer, make_note("late.md", ["written while a reader is open"]))
    writer.close()  # the reader keeps the WAL: the file is not final, so no marker
    assert not closed_cleanly(db_path)
    reader.close()
    assert _quick_checks(db_path, monkeypatch) == [True]
    with Catalog.open(db_path) as cat:
        assert "late.md" in set(cat.notes.manifest())
