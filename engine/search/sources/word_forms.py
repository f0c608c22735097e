"""The passage of a note that holds the query's words in another form.

The words source ranks whole notes on a Porter-stemmed index ("calibrate" finds
"calibration", "decisions" finds "decision") but picks each note's passage on the chunk
index, which matches words as written. A note found only through another form of a word
then had a rank and no passage. `chunk_by_word_forms` asks the same question of the note's
own chunks with the whole-note index's tokenizer, and names the words it matched, so the
excerpt can be cut around them and mark them.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from contextlib import closing
from dataclasses import dataclass

from engine.model import ChunkRecord
from engine.store.fulltext import BM25_WEIGHTS

TOKENIZER = "porter unicode61 remove_diacritics 2"  # as the whole-note index (notes_fts)
_OPEN, _CLOSE = "\x02", "\x03"


@dataclass(frozen=True)
class FormMatch:
    """The best chunk for the expression and the words of its text that matched."""

    chunk_id: str
    words: tuple[str, ...]  # as written in the chunk, first occurrence first; () for a
    # match in the title or headings only


def chunk_by_word_forms(
    match_expr: str, chunks: Sequence[ChunkRecord], *, title: str = ""
) -> FormMatch | None:
    """The chunk of `chunks` (one note's) that best matches the FTS5 expression `match_expr`
    on stemmed title, headings and text, with the words that matched; None when none does.

    Runs on a private in-memory database: nothing is written to the catalog.
    """
    if not match_expr.strip() or not chunks:
        return None
    with closing(sqlite3.connect(":memory:")) as conn:
        conn.execute(
            f"CREATE VIRTUAL TABLE forms USING fts5(title, headings, text, tokenize='{TOKENIZER}')"
        )
        conn.executemany(
            "INSERT INTO forms (rowid, title, headings, text) VALUES (?, ?, ?, ?)",
            [(i, title, " ".join(c.heading_path), c.text) for i, c in enumerate(chunks)],
        )
        try:
            row = conn.execute(
                "SELECT rowid, highlight(forms, 2, ?, ?) FROM forms WHERE forms MATCH ?"
                " ORDER BY bm25(forms, ?, ?, ?), rowid LIMIT 1",
                (_OPEN, _CLOSE, match_expr, *BM25_WEIGHTS),
            ).fetchone()
        except sqlite3.OperationalError:  # an expression the stemmed table cannot read
            return None
    if row is None:
        return None
    return FormMatch(chunks[int(row[0])].id, _marked_words(str(row[1])))


def _marked_words(text: str) -> tuple[str, ...]:
    """The distinct words between the highlight markers, in order."""
    words: dict[str, None] = {}
    for piece in text.split(_OPEN)[1:]:
        word = piece.split(_CLOSE, 1)[0].strip()
        if word:
            words.setdefault(word, None)
    return tuple(words)
