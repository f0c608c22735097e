"""The catalog's schema: every migration, in the order it applies (`MIGRATIONS`).

- `notes` is the manifest (path, content hash, mtime, size, status) plus the note metadata the
  link graph and the result list need; `chunks`, `links` and `tags` hang off it with
  `ON DELETE CASCADE`; `skipped` lists the files a scan left out; `meta` holds the index
  state (see `engine.store.state`).
- Full-text search uses two **external-content** FTS5 tables whose content table is `chunks`
  (`content_rowid='rid'`, the chunk's `INTEGER PRIMARY KEY`, which VACUUM never renumbers):
  `chunks_fts(title, headings, text)` with `unicode61 remove_diacritics 2` for BM25, and
  `chunks_tri(text)` with the `trigram` tokenizer for exact substrings; `notes_fts` indexes
  whole notes (see `engine.store.fulltext`); `notes_cjk(grams)` holds the CJK character
  pairs of notes that have CJK text (`engine.store.cjk_grams`, through the SQL function
  `cjk_grams` every catalog connection defines).

Migrations 0002 (claims, contradictions, reviews) and 0006 (`claims_fts`, the claims' words,
external content keyed by the claims' rowid) are in `engine.store.contradiction_tables`;
`engine.contradict.store` reads and writes those tables.
"""

from __future__ import annotations

from engine.store.contradiction_tables import (
    CLAIM_VECTORS,
    CLAIMS_FTS,
    CONTRADICTION_TABLES,
)
from engine.store.migrations import Migration

#: The whole-note row of `notes_fts` for notes `n`: title, distinct heading paths, and the
#: chunk texts in order (the note's searchable body).
NOTE_FTS_ROW = (
    "SELECT n.rowid, n.title,"
    " coalesce((SELECT group_concat(headings, ' ') FROM"
    " (SELECT DISTINCT headings FROM chunks WHERE note_path = n.path)), ''),"
    " coalesce((SELECT group_concat(text, char(10)) FROM"
    " (SELECT text FROM chunks WHERE note_path = n.path ORDER BY ordinal)), '')"
    " FROM notes n"
)


def note_cjk_rows(where: str = "") -> str:
    """SELECT (rowid, grams) of the notes `n` (restricted by `where`, e.g. 'WHERE n.path = ?')
    that hold CJK text: the pairs of their title and chunk texts."""
    return (
        "SELECT rid, grams FROM (SELECT n.rowid AS rid, cjk_grams(n.title || char(10) ||"
        " coalesce((SELECT group_concat(text, char(10)) FROM"
        " (SELECT text FROM chunks WHERE note_path = n.path ORDER BY ordinal)), ''))"
        f" AS grams FROM notes n {where}) WHERE grams != ''"
    )


#: Every migration of the catalog, in the order they apply (`engine.store.migrations`).
MIGRATIONS: tuple[Migration, ...] = (
    Migration(
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
    CONTRADICTION_TABLES,
    Migration(
        "0003_notes_fts",
        f"""
        CREATE VIRTUAL TABLE notes_fts USING fts5 (
            title, headings, body,
            tokenize = 'unicode61 remove_diacritics 2'
        );
        INSERT INTO notes_fts (rowid, title, headings, body) {NOTE_FTS_ROW};
        """,
    ),
    Migration(
        # Porter stemming on the whole-note index: SciFact nDCG@10 of the words source
        # 0.675 -> 0.692 (measured with bench/tune_fusion.py's data, see the issue notes).
        "0004_notes_fts_porter",
        f"""
        DROP TABLE notes_fts;
        CREATE VIRTUAL TABLE notes_fts USING fts5 (
            title, headings, body,
            tokenize = 'porter unicode61 remove_diacritics 2'
        );
        INSERT INTO notes_fts (rowid, title, headings, body) {NOTE_FTS_ROW};
        """,
    ),
    Migration(
        # CJK text has no spaces: BM25 over character pairs (obsidian-help/zh known-item
        # questions: see docs/decisions/0010-search-ranking-hygiene.md).
        "0005_notes_cjk",
        f"""
        CREATE VIRTUAL TABLE notes_cjk USING fts5 (grams, tokenize = 'unicode61');
        INSERT INTO notes_cjk (rowid, grams) {note_cjk_rows()};
        """,
    ),
    CLAIMS_FTS,
    CLAIM_VECTORS,
)
