"""The contradiction tables in the catalog: migration 0002 (the store owns the whole file).

- `claims`: the asserting sentences of each indexed note, cascade-deleted with their note.
- `claim_scans`: per note, the content hash its claims and pairs were computed from.
- `contradictions`: scored claim pairs, cascade-deleted with either note.
- `reviews`: the user's decisions keyed by the two claim texts' hashes.

`engine.contradict.store` reads and writes them; `engine.store.schema` lists this migration
in its place among the others.
"""

from __future__ import annotations

from engine.store.migrations import Migration

#: Indented as when first applied: SQLite keeps the statements' text in `sqlite_schema`.
CONTRADICTION_TABLES = Migration(
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
)

#: Claims by their words (migration 0006): which stored claims name a note's title, asked by
#: a live edit in milliseconds. External content keyed by the claims' rowid, kept in step by
#: triggers (claims are written by upsert, never by REPLACE, which would skip the delete
#: trigger; nothing here runs VACUUM, which could renumber the rowids).
CLAIMS_FTS = Migration(
    "0006_claims_fts",
    """
        CREATE VIRTUAL TABLE claims_fts USING fts5 (
            text,
            content = 'claims', content_rowid = 'rowid',
            tokenize = 'unicode61 remove_diacritics 2'
        );
        CREATE TRIGGER claims_fts_insert AFTER INSERT ON claims BEGIN
            INSERT INTO claims_fts (rowid, text) VALUES (new.rowid, new.text);
        END;
        CREATE TRIGGER claims_fts_delete AFTER DELETE ON claims BEGIN
            INSERT INTO claims_fts (claims_fts, rowid, text) VALUES ('delete', old.rowid, old.text);
        END;
        CREATE TRIGGER claims_fts_update AFTER UPDATE ON claims BEGIN
            INSERT INTO claims_fts (claims_fts, rowid, text) VALUES ('delete', old.rowid, old.text);
            INSERT INTO claims_fts (rowid, text) VALUES (new.rowid, new.text);
        END;
        INSERT INTO claims_fts (claims_fts) VALUES ('rebuild');
        """,
)

#: The claims' vectors (migration 0007, read and written by `engine/contradict/store.py`):
#: float16, little-endian, one row per claim id. They lived in a vector collection beside the
#: chunks before; that collection's name is kept for the workspace to drop, and every note is
#: scanned again, so that its claims get their vectors here.
CLAIM_VECTORS = Migration(
    "0007_claim_vectors",
    """
        CREATE TABLE claim_vectors (
            id        TEXT PRIMARY KEY,
            note_path TEXT NOT NULL,
            text_hash TEXT NOT NULL,
            vec       BLOB NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX claim_vectors_note ON claim_vectors (note_path);
        CREATE INDEX claim_vectors_hash ON claim_vectors (text_hash);
        INSERT INTO meta (key, value)
            SELECT 'legacy_claims_collection', value FROM meta WHERE key = 'claims_collection';
        DELETE FROM claim_scans;
        """,
)
