"""The SQLite catalog: schema, manifest round-trips, FTS bookkeeping, corruption handling."""

from __future__ import annotations

import hashlib
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path

import pytest

from engine.errors import EngineError, IndexCorruptError
from engine.model import Chunk, Heading, Link, Note, SkippedFile
from engine.store.catalog import Catalog, CatalogError, FtsQueryError
from engine.store.fulltext import fts_phrase
from engine.store.schema import MIGRATIONS

log = logging.getLogger(__name__)
MODIFIED = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def make_note(
    path: str,
    paragraphs: Sequence[str],
    *,
    title: str | None = None,
    tags: tuple[str, ...] = (),
    links: tuple[Link, ...] = (),
    embeds: tuple[Link, ...] = (),
    headings: tuple[str, ...] = ("Intro",),
) -> tuple[Note, list[Chunk]]:
    body = "\n\n".join(paragraphs)
    note = Note(
        path=path,
        title=title or Path(path).stem,
        aliases=(f"{Path(path).stem} alias",),
        tags=tags,
        links=links,
        embeds=embeds,
        headings=tuple(Heading(level=i + 1, text=h, line=i) for i, h in enumerate(headings)),
        frontmatter={"tags": list(tags), "rating": 3, "nested": {"a": [1, "b"]}},
        created=datetime(2026, 1, 2, tzinfo=UTC),
        modified=MODIFIED,
        body=body,
        content_hash=sha(path + body),
        size=len(body.encode()),
        warnings=("broken frontmatter",) if "warn" in path else (),
        body_line_offset=4,
    )
    chunks = [
        Chunk(
            id=f"{path}#{n}",
            note_path=path,
            ordinal=n,
            heading_path=headings,
            text=text,
            start_line=2 * n,
            end_line=2 * n + 1,
            text_hash=sha(" > ".join(headings) + "\n" + text),
        )
        for n, text in enumerate(paragraphs)
    ]
    return note, chunks


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "catalog.sqlite3"


@pytest.fixture
def cat(db_path: Path) -> Iterator[Catalog]:
    catalog = Catalog.open(db_path)
    yield catalog
    catalog.close()


def stage(cat: Catalog, *notes: tuple[Note, list[Chunk]], mtime_ns: int = 1) -> None:
    cat.notes.stage_notes([(note, chunks, mtime_ns) for note, chunks in notes])


# ------------------------------------------------------------------------------------ schema


def test_open_creates_schema_with_wal_and_pragmas(cat: Catalog, db_path: Path) -> None:
    assert db_path.exists()
    assert cat.schema_version() == len(MIGRATIONS) >= 1
    conn = cat.db.conn
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert conn.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
    assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert conn.execute("PRAGMA busy_timeout").fetchone()[0] == 10_000
    names = {r[0] for r in conn.execute("SELECT name FROM sqlite_schema")}
    for table in ("meta", "notes", "chunks", "links", "tags", "skipped", "migrations"):
        assert table in names
    assert {"chunks_fts", "chunks_tri", "chunks_text_hash", "tags_tag"} <= names


def test_migrations_are_idempotent_across_reopen(db_path: Path) -> None:
    with Catalog.open(db_path) as first:
        first.state.embedder = "mini"
        stage(first, make_note("a.md", ["alpha text"]))
    for _ in range(2):
        with Catalog.open(db_path) as again:
            assert again.schema_version() == len(MIGRATIONS)
            assert again.state.embedder == "mini"
            assert list(again.notes.manifest()) == ["a.md"]
    conn = sqlite3.connect(db_path)
    rows = conn.execute("SELECT name FROM migrations ORDER BY id").fetchall()
    conn.close()
    assert [r[0] for r in rows] == [m.name for m in MIGRATIONS]


def test_unknown_future_migration_is_refused(db_path: Path) -> None:
    Catalog.open(db_path).close()
    conn = sqlite3.connect(db_path)
    conn.execute("INSERT INTO migrations (name) VALUES ('9999_from_the_future')")
    conn.commit()
    conn.close()
    with pytest.raises(IndexCorruptError, match="--rebuild"):
        Catalog.open(db_path)


def test_index_state_roundtrip(cat: Catalog) -> None:
    state = cat.state
    assert (state.dirty, state.graph_stale, state.generation, state.embedder) == (
        False,
        False,
        None,
        None,
    )
    state.embedder = "v1"
    state.embedder = "v2"
    state.dirty, state.graph_stale, state.generation = True, True, 7
    assert (state.dirty, state.graph_stale, state.generation, state.embedder) == (
        True,
        True,
        7,
        "v2",
    )
    state.dirty = False
    assert not state.dirty
    rows = cat.execute("SELECT key, value FROM meta WHERE key IN ('dirty', 'generation')")
    assert sorted(rows) == [("dirty", "0"), ("generation", "7")]  # the keys old indexes hold


# ------------------------------------------------------------------------------------ manifest


def test_stage_mark_delete_roundtrip(cat: Catalog) -> None:
    a = make_note("Notes/a.md", ["one", "two", "three"], tags=("x", "y/z"))
    b = make_note("b.md", ["bee"])
    stage(cat, a, b, mtime_ns=123)

    rec = cat.notes.note_record("Notes/a.md")
    assert rec is not None
    assert (rec.status, rec.mtime_ns, rec.content_hash, rec.title) == (
        "pending",
        123,
        a[0].content_hash,
        "a",
    )
    assert rec.size == a[0].size
    assert cat.notes.counts() == (0, 0)  # nothing indexed yet

    cat.notes.mark_indexed(["Notes/a.md"])
    assert cat.notes.manifest()["Notes/a.md"].status == "indexed"
    assert cat.notes.manifest()["b.md"].status == "pending"
    assert cat.notes.counts() == (1, 3)

    assert cat.notes.chunk_ids(note_path="Notes/a.md") == [
        "Notes/a.md#0",
        "Notes/a.md#1",
        "Notes/a.md#2",
    ]
    assert cat.notes.chunk_ids() == ["Notes/a.md#0", "Notes/a.md#1", "Notes/a.md#2", "b.md#0"]
    records = cat.notes.chunks_for("Notes/a.md")
    assert [r.text for r in records] == ["one", "two", "three"]
    assert records[1].heading_path == ("Intro",)
    assert (records[1].start_line, records[1].end_line) == (2, 3)
    assert records[1].text_hash == a[1][1].text_hash
    assert set(cat.notes.chunks_by_id(["b.md#0", "nope#1"])) == {"b.md#0"}

    cat.notes.mark_pending(["Notes/a.md"])
    assert cat.notes.counts() == (0, 0)

    cat.notes.delete_notes(["Notes/a.md"])
    assert cat.notes.note_record("Notes/a.md") is None
    assert cat.notes.chunks_for("Notes/a.md") == []
    assert cat.notes.get_note("Notes/a.md") is None
    tags = cat.db.conn.execute("SELECT count(*) FROM tags WHERE note_path = 'Notes/a.md'")
    assert tags.fetchone()[0] == 0
    assert list(cat.notes.manifest()) == ["b.md"]
    cat.fulltext.check()


def test_restage_replaces_chunks_links_tags_and_resets_status(cat: Catalog) -> None:
    link = Link(target="Old", line=1)
    stage(cat, make_note("a.md", ["first", "second", "third"], tags=("old",), links=(link,)))
    cat.notes.mark_indexed(["a.md"])
    new_link = Link(target="New", heading="H", alias="n", line=2)
    stage(cat, make_note("a.md", ["only one now"], tags=("new",), links=(new_link,)))
    assert cat.notes.note_record("a.md").status == "pending"  # type: ignore[union-attr]
    assert cat.notes.chunk_ids() == ["a.md#0"]
    note = cat.notes.get_note("a.md")
    assert note is not None
    assert note.links == (new_link,)
    assert note.tags == ("new",)
    rows = cat.db.conn.execute("SELECT tag FROM tags WHERE note_path = 'a.md'").fetchall()
    assert rows == [("new",)]


def test_get_note_and_notes_for_graph_reconstruct_metadata(cat: Catalog) -> None:
    links = (
        Link(target="B", heading="Part", alias="bee", line=3),
        Link(target="https://x.org", kind="markdown", line=4),
        Link(target="", block="abc", line=5),
    )
    embeds = (Link(target="img.png", is_embed=True, line=6),)
    a_note, a_chunks = make_note(
        "a-warn.md",
        ["x"],
        title="Alpha",
        tags=("t1", "a/b"),
        links=links,
        embeds=embeds,
        headings=("H1", "H2"),
    )
    stage(cat, (a_note, a_chunks), make_note("b.md", ["y"]), make_note("c.md", ["z"]))
    got = cat.notes.get_note("a-warn.md")
    assert got is not None
    assert got == Note(**{**a_note.__dict__, "body": ""})
    assert got.modified.tzinfo is not None
    graph_notes = list(cat.notes.notes_for_graph())
    assert [n.path for n in graph_notes] == ["a-warn.md", "b.md", "c.md"]
    assert graph_notes[0].links == links and graph_notes[0].embeds == embeds
    assert graph_notes[1].links == () and graph_notes[1].body == ""


def test_stage_rejects_foreign_chunks_and_rolls_back(cat: Catalog) -> None:
    note, _ = make_note("a.md", ["a"])
    _, other_chunks = make_note("b.md", ["b"])
    with pytest.raises(ValueError, match="belongs to"):
        cat.notes.stage_notes([(note, other_chunks, 1)])
    assert cat.notes.manifest() == {}


def test_transaction_rolls_back_everything_on_error(cat: Catalog) -> None:
    with pytest.raises(RuntimeError), cat.transaction():
        stage(cat, make_note("a.md", ["alpha"]))
        cat.state.vault_root = "v"
        raise RuntimeError("boom")
    assert cat.notes.manifest() == {}
    assert cat.state.vault_root is None
    assert cat.fulltext.search_substring("alpha", limit=5) == []


def test_text_hash_lookup_prefers_indexed_and_batches(cat: Catalog) -> None:
    stage(cat, make_note("a.md", ["shared text", "only a"]), make_note("b.md", ["shared text"]))
    h_shared = make_note("x.md", ["shared text"])[1][0].text_hash
    assert cat.notes.chunk_ids_by_text_hash([h_shared]) == {}  # nothing indexed yet
    cat.notes.mark_indexed(["b.md"])
    assert cat.notes.chunk_ids_by_text_hash([h_shared]) == {h_shared: "b.md#0"}
    assert cat.notes.chunk_ids_by_text_hash([h_shared], indexed_only=False) == {h_shared: "a.md#0"}
    many = [sha(str(i)) for i in range(12_000)] + [h_shared]
    assert cat.notes.chunk_ids_by_text_hash(many) == {h_shared: "b.md#0"}


def test_skipped_roundtrip(cat: Catalog) -> None:
    cat.notes.set_skipped([SkippedFile("b.md", "not UTF-8"), SkippedFile("a.md", "too big")])
    cat.notes.set_skipped([SkippedFile("a.md", "too big (12 MB)")])
    assert cat.notes.skipped() == [
        SkippedFile("a.md", "too big (12 MB)"),
        SkippedFile("b.md", "not UTF-8"),
    ]
    cat.notes.clear_skipped(["a.md"])
    assert cat.notes.skipped() == [SkippedFile("b.md", "not UTF-8")]
    cat.notes.replace_skipped([SkippedFile("c.md", "unreadable")])
    assert cat.notes.skipped() == [SkippedFile("c.md", "unreadable")]


def test_touch_notes_updates_stat_only(cat: Catalog) -> None:
    stage(cat, make_note("a.md", ["a"]), mtime_ns=5)
    cat.notes.mark_indexed(["a.md"])
    cat.notes.touch_notes([("a.md", 99, 1234)])
    rec = cat.notes.note_record("a.md")
    assert rec is not None
    assert (rec.mtime_ns, rec.size, rec.status) == (99, 1234, "indexed")


# ------------------------------------------------------------------------------------ FTS


def test_fts_follows_chunk_replacement_and_deletion(cat: Catalog) -> None:
    stage(cat, make_note("a.md", ["the zebra sleeps", "giraffes eat leaves"]))
    assert [h[0] for h in cat.fulltext.search_bm25("zebra", limit=10)] == ["a.md#0"]
    stage(cat, make_note("a.md", ["an okapi wanders"]))
    assert cat.fulltext.search_bm25("zebra", limit=10) == []
    assert cat.fulltext.search_bm25("giraffes", limit=10) == []
    assert cat.fulltext.search_substring("zebra", limit=10) == []
    assert [h[0] for h in cat.fulltext.search_bm25("okapi", limit=10)] == ["a.md#0"]
    assert cat.fulltext.search_substring("okap", limit=10) == [("a.md#0", "a.md")]
    cat.notes.delete_notes(["a.md"])
    assert cat.fulltext.search_bm25("okapi", limit=10) == []
    assert cat.fulltext.search_substring("okapi", limit=10) == []
    count = cat.db.conn.execute("SELECT count(*) FROM chunks_fts WHERE chunks_fts MATCH 'okapi'")
    assert count.fetchone()[0] == 0
    cat.fulltext.check()


def test_check_fts_detects_drift_and_rebuild_repairs_it(cat: Catalog) -> None:
    stage(cat, make_note("a.md", ["hello world"]), make_note("b.md", ["second note"]))
    cat.fulltext.check()
    # Simulate a writer that bypassed the catalog: a chunk row added without FTS rows.
    cat.db.conn.execute(
        "INSERT INTO chunks (id, note_path, ordinal, text, start_line, end_line, text_hash)"
        " VALUES ('a.md#9', 'a.md', 9, 'something else entirely', 0, 0, 'h')"
    )
    with pytest.raises(IndexCorruptError, match=r"1 missing, 0 left over.*--rebuild"):
        cat.fulltext.check()
    assert cat.fulltext.search_bm25("entirely", limit=5) == []
    cat.fulltext.rebuild()
    cat.fulltext.check()
    assert [h[0] for h in cat.fulltext.search_bm25("entirely", limit=5)] == ["a.md#9"]
    assert cat.fulltext.search_substring("else entire", limit=5) == [("a.md#9", "a.md")]
    # ... and a chunk row removed without removing its FTS rows.
    cat.db.conn.execute("DELETE FROM chunks WHERE id = 'b.md#0'")
    with pytest.raises(IndexCorruptError, match="0 missing, 1 left over"):
        cat.fulltext.check()


def test_trigram_finds_identifiers_and_cjk(cat: Catalog) -> None:
    stage(
        cat,
        make_note("req.md", ["The requirement REQ-006 covers uptime.", "see REQ-0061 too"]),
        make_note("code.md", ["Set sample_interval_s to 30 in config.yaml"]),
        make_note("zh.md", ["我们今天讨论了向量数据库的性能问题。"]),
        make_note("other.md", ["requirement sample interval vector"]),
    )
    assert {h[0] for h in cat.fulltext.search_substring("REQ-006", limit=10)} == {
        "req.md#0",
        "req.md#1",
    }
    assert cat.fulltext.search_substring("req-006 covers", limit=10) == [("req.md#0", "req.md")]
    assert cat.fulltext.search_substring("sample_interval_s", limit=10) == [
        ("code.md#0", "code.md")
    ]
    assert cat.fulltext.search_substring("向量数据库", limit=10) == [("zh.md#0", "zh.md")]
    assert cat.fulltext.search_substring("性能", limit=10) == [
        ("zh.md#0", "zh.md")
    ]  # 2 chars: LIKE
    assert cat.fulltext.search_substring("向", limit=10) == [("zh.md#0", "zh.md")]
    assert cat.fulltext.search_substring("_i", limit=10) == [
        ("code.md#0", "code.md")
    ]  # `_` is literal
    assert cat.fulltext.search_substring("%", limit=10) == []
    assert cat.fulltext.search_substring('say "hi', limit=10) == []  # quotes are escaped, no error
    assert cat.fulltext.search_substring("", limit=10) == []


def test_bm25_ordering_and_column_weights(cat: Catalog) -> None:
    stage(
        cat,
        make_note("many.md", ["apple apple apple pie with apple"]),
        make_note("one.md", ["one apple among many other words in a long sentence here"]),
        make_note("none.md", ["pears only"]),
        make_note("Apple Farm.md", ["orchards in autumn"], title="Apple Farm"),
    )
    hits = cat.fulltext.search_bm25("apple", limit=10)
    ids = [h[0] for h in hits]
    assert set(ids) == {"many.md#0", "one.md#0", "Apple Farm.md#0"}
    assert ids.index("many.md#0") < ids.index("one.md#0")
    scores = [h[2] for h in hits]
    assert scores == sorted(scores, reverse=True) and all(s > 0 for s in scores)
    # The title column counts: weighting it up puts the title-only match first.
    top = cat.fulltext.search_bm25("apple", limit=1, weights=(50.0, 1.0, 1.0))
    assert top[0][:2] == ("Apple Farm.md#0", "Apple Farm.md")
    assert [h[0] for h in cat.fulltext.search_bm25("title:apple", limit=5)] == ["Apple Farm.md#0"]
    assert [h[0] for h in cat.fulltext.search_bm25("headings:intro AND pears", limit=5)] == [
        "none.md#0"
    ]
    assert len(cat.fulltext.search_bm25("apple", limit=1)) == 1
    # External content maps the FTS columns onto chunk columns, so highlight() works.
    marked = cat.db.conn.execute(
        "SELECT highlight(chunks_fts, 2, '[', ']') FROM chunks_fts WHERE chunks_fts MATCH 'pie'"
    ).fetchall()
    assert marked == [("apple apple apple [pie] with apple",)]


def test_bm25_diacritics_and_phrase_escaping(cat: Catalog) -> None:
    stage(cat, make_note("cafe.md", ['Le café "noir" est servi à Zürich']))
    assert [h[0] for h in cat.fulltext.search_bm25("cafe", limit=5)] == ["cafe.md#0"]
    assert [h[0] for h in cat.fulltext.search_bm25("zurich", limit=5)] == ["cafe.md#0"]
    assert [h[0] for h in cat.fulltext.search_bm25(fts_phrase('café "noir'), limit=5)] == [
        "cafe.md#0"
    ]
    with pytest.raises(FtsQueryError):
        cat.fulltext.search_bm25('"unterminated', limit=5)
    with pytest.raises(FtsQueryError, match="no such column"):
        cat.fulltext.search_bm25("nocolumn:thing", limit=5)
    with pytest.raises(FtsQueryError, match="syntax error"):
        cat.fulltext.search_bm25("AND OR", limit=5)


# ------------------------------------------------------------------------------------ corruption


def test_random_bytes_file_is_index_corrupt(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.write_bytes(os.urandom(64 * 1024))
    with pytest.raises(IndexCorruptError, match=r"consilience index PATH --rebuild"):
        Catalog.open(db_path)
    with pytest.raises(IndexCorruptError):
        Catalog.open(db_path, read_only=True)


def test_truncated_database_is_index_corrupt(db_path: Path) -> None:
    with Catalog.open(db_path) as cat:
        notes = [make_note(f"n{i}.md", [f"paragraph {i} " * 40] * 5) for i in range(200)]
        stage(cat, *notes)
    conn = sqlite3.connect(db_path)  # fold the WAL into the main file
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    size = db_path.stat().st_size
    assert size > 100_000
    with open(db_path, "r+b") as fh:
        fh.truncate(size // 2)
    with pytest.raises(IndexCorruptError, match="--rebuild"):
        Catalog.open(db_path)


def test_damaged_page_is_index_corrupt(db_path: Path) -> None:
    with Catalog.open(db_path) as cat:
        stage(cat, *[make_note(f"n{i}.md", [f"text {i} " * 50] * 4) for i in range(100)])
    conn = sqlite3.connect(db_path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    data = bytearray(db_path.read_bytes())
    page = 4096
    for p in range(2, len(data) // page):  # scribble over every page but the first
        data[p * page : p * page + 64] = os.urandom(64)
    db_path.write_bytes(bytes(data))
    with pytest.raises(IndexCorruptError):
        cat2 = Catalog.open(db_path)
        cat2.manifest()


def test_read_only_reader_sees_writer_commits(db_path: Path) -> None:
    with pytest.raises(CatalogError, match="consilience index"):
        Catalog.open(db_path, read_only=True)
    writer = Catalog.open(db_path)
    reader = Catalog.open(db_path, read_only=True)
    try:
        stage(writer, make_note("a.md", ["visible text"]))
        assert list(reader.notes.manifest()) == ["a.md"]
        assert reader.fulltext.search_substring("visible", limit=5) == [("a.md#0", "a.md")]
        with pytest.raises(EngineError):
            reader.state.vault_root = "v"
    finally:
        reader.close()
        writer.close()


def test_reader_in_another_thread_while_writer_writes(db_path: Path) -> None:
    writer = Catalog.open(db_path)
    stage(writer, make_note("seed.md", ["seed"]))
    errors: list[BaseException] = []
    seen: list[int] = []

    def read() -> None:
        try:
            with Catalog.open(db_path, read_only=True) as reader:
                for _ in range(30):
                    seen.append(len(reader.notes.manifest()))
                    reader.fulltext.search_bm25("word", limit=5)
        except BaseException as err:  # pragma: no cover - reported below
            errors.append(err)

    thread = threading.Thread(target=read)
    thread.start()
    for i in range(30):
        stage(writer, make_note(f"n{i}.md", ["word " * 20]))
    thread.join()
    writer.close()
    assert errors == []
    assert seen == sorted(seen) and seen[0] >= 1


def test_closed_catalog_raises_engine_error(db_path: Path) -> None:
    cat = Catalog.open(db_path)
    cat.close()
    cat.close()  # idempotent
    with pytest.raises(CatalogError, match="closed"):
        cat.notes.manifest()


# ------------------------------------------------------------------------------------ scale


@pytest.mark.slow
def test_ten_thousand_notes_are_fast(db_path: Path) -> None:
    words = "river gauge sensor battery solar radio gateway valley mill calibration".split()
    items = []
    for i in range(10_000):
        paras = [
            " ".join(words[(i + j + k) % len(words)] for k in range(60)) + f" id{i}x{j}"
            for j in range(6)
        ]
        items.append(make_note(f"f{i % 50}/note {i}.md", paras, tags=(f"t{i % 7}",)))
    with Catalog.open(db_path) as cat:
        started = time.perf_counter()
        for start in range(0, len(items), 500):
            stage(cat, *items[start : start + 500])
        cat.notes.mark_indexed([n.path for n, _ in items])
        staged = time.perf_counter() - started
        assert cat.notes.counts() == (10_000, 60_000)

        started = time.perf_counter()
        manifest = cat.notes.manifest()
        hashes = [c.text_hash for _, chunks in items[:2000] for c in chunks]
        found = cat.notes.chunk_ids_by_text_hash(hashes)
        graph = sum(1 for _ in cat.notes.notes_for_graph())
        reads = time.perf_counter() - started
        assert len(manifest) == 10_000 and graph == 10_000 and len(found) == len(set(hashes))

        started = time.perf_counter()
        assert len(cat.fulltext.search_bm25("calibration", limit=50)) == 50
        assert cat.fulltext.search_substring("id4321x3", limit=5) == [
            ("f21/note 4321.md#3", "f21/note 4321.md")
        ]
        queries = time.perf_counter() - started

        started = time.perf_counter()
        stage(cat, items[10])  # one live edit in a big catalog
        single = time.perf_counter() - started
    started = time.perf_counter()
    Catalog.open(db_path).close()  # includes quick_check
    reopen = time.perf_counter() - started
    log.info(
        "10k notes: stage %.1fs, reads %.2fs, queries %.3fs, single %.0fms, reopen %.2fs",
        *(staged, reads, queries, single * 1000, reopen),
    )
    assert staged < 60 and reads < 5 and queries < 1 and single < 0.5 and reopen < 5
