"""Claims, contradiction pairs, review decisions and claim vectors in the catalog."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import astuple, dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import numpy as np
import numpy.typing as npt

from engine.contradict.candidates import link_title
from engine.contradict.types import (
    FLAG_THRESHOLD,
    Contradiction,
    ContradictionSide,
    ReviewState,
    Side,
)
from engine.store.chroma import VectorHit
from engine.store.connection import batched

if TYPE_CHECKING:
    from engine.store.catalog import Catalog


# -- store: Claims, contradiction pairs and review decisions in the catalog (migration 0002). ---
#
# Tables (created by `engine/store/contradiction_tables.py`, "0002_contradictions"):
#
# - `claims`: the asserting sentences of each indexed note (id `chunk_id/n`), with context and
#   the sha256 of the text; cascade-deleted with their note.
# - `claim_scans`: per note, the content hash its claims and pairs were computed from. A note
#   whose indexed content hash differs (or that has no row) is *stale*: the next sync rescans
#   it. This is the crash-safety marker: it is written in the same transaction as the note's
#   claims and pairs, so a kill between indexing and scanning leaves the note stale.
# - `contradictions`: scored claim pairs at or above the scorer's weak threshold, sides in canonical
#   order (a_hash < b_hash); cascade-deleted with either note, replaced when either is rescanned.
# - `reviews`: the user's decisions keyed by (a_hash, b_hash). Never deleted: a decision holds
#   for as long as both claim texts exist unchanged, across restarts, re-indexing and rescans.

_BATCH = 400


@dataclass(frozen=True)
class ClaimRow:
    id: str
    note_path: str
    chunk_id: str
    ordinal: int
    text: str
    context: str
    text_hash: str


@dataclass(frozen=True)
class PairRow:
    """A scored pair, sides already in canonical order (a_hash < b_hash)."""

    a_id: str
    a_path: str
    a_hash: str
    b_id: str
    b_path: str
    b_hash: str
    confidence: float
    similarity: float
    type: str
    explanations: tuple[str, ...]
    newer: Side | None

    @property
    def id(self) -> str:
        return f"{self.a_id}|{self.b_id}"


def _batched(items: Sequence[str], size: int = _BATCH) -> Iterable[Sequence[str]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


# -- scan bookkeeping ----------------------------------------------------------------------


def stale_notes(catalog: Catalog) -> list[str]:
    """Indexed notes whose claims were never scanned or were scanned from other content."""
    rows = catalog.execute(
        "SELECT n.path FROM notes n LEFT JOIN claim_scans s ON s.note_path = n.path"
        " WHERE n.status = 'indexed' AND (s.content_hash IS NULL"
        " OR s.content_hash != n.content_hash) ORDER BY n.path"
    )
    return [r[0] for r in rows]


def indexed_notes(catalog: Catalog) -> list[str]:
    return [r[0] for r in catalog.execute("SELECT path FROM notes WHERE status = 'indexed'")]


def forget_scans(catalog: Catalog) -> None:
    """Make every note stale (the claim vectors are gone: a new collection or model)."""
    with catalog.transaction():
        catalog.execute("DELETE FROM claim_scans")


def note_info(catalog: Catalog, paths: Iterable[str]) -> dict[str, tuple[str, str, str]]:
    """path -> (content_hash, title, modified ISO) for the indexed notes among `paths`."""
    wanted = list(dict.fromkeys(paths))
    out: dict[str, tuple[str, str, str]] = {}
    for batch in _batched(wanted):
        marks = ",".join("?" * len(batch))
        for path, content_hash, title, modified in catalog.execute(
            f"SELECT path, content_hash, title, modified FROM notes WHERE path IN ({marks})"
            " AND status = 'indexed'",
            batch,
        ):
            out[path] = (content_hash, title, modified)
    return out


def claims_by_id(catalog: Catalog, ids: Iterable[str]) -> dict[str, ClaimRow]:
    wanted = list(dict.fromkeys(ids))
    out: dict[str, ClaimRow] = {}
    for batch in _batched(wanted):
        marks = ",".join("?" * len(batch))
        for row in catalog.execute(
            "SELECT id, note_path, chunk_id, ordinal, text, context, text_hash FROM claims"
            f" WHERE id IN ({marks})",
            batch,
        ):
            out[row[0]] = ClaimRow(*row)
    return out


def headings_of(catalog: Catalog, chunk_ids: Iterable[str]) -> dict[str, str]:
    """chunk id -> its heading path joined by " / " (chunks without one are left out)."""
    out: dict[str, str] = {}
    for batch in _batched(list(dict.fromkeys(chunk_ids))):
        marks = ",".join("?" * len(batch))
        for chunk_id, heading_path in catalog.execute(
            f"SELECT id, heading_path FROM chunks WHERE id IN ({marks})", list(batch)
        ):
            path = json.loads(heading_path or "[]")
            if path:
                out[chunk_id] = " / ".join(str(h) for h in path)
    return out


def notes_holding(catalog: Catalog, keys: Iterable[tuple[str, str]]) -> set[tuple[str, str]]:
    """The (note path, claim text hash) pairs of `keys` that the stored claims hold."""
    wanted = set(keys)
    found: set[tuple[str, str]] = set()
    hashes = list({h for _, h in wanted})
    for batch in _batched(hashes):
        marks = ",".join("?" * len(batch))
        for path, text_hash in catalog.execute(
            f"SELECT note_path, text_hash FROM claims WHERE text_hash IN ({marks})", list(batch)
        ):
            if (path, text_hash) in wanted:
                found.add((path, text_hash))
    return found


def claim_count(catalog: Catalog, paths: Iterable[str] | None = None) -> int:
    """How many claims are stored, in all or in the notes `paths`."""
    if paths is None:
        return int(catalog.execute("SELECT count(*) FROM claims")[0][0])
    total = 0
    for batch in _batched(list(dict.fromkeys(paths))):
        marks = ",".join("?" * len(batch))
        query = f"SELECT count(*) FROM claims WHERE note_path IN ({marks})"
        total += int(catalog.execute(query, list(batch))[0][0])
    return total


def claim_keys(catalog: Catalog, page: int = 4096) -> Iterator[list[tuple[str, str, str]]]:
    """Every stored claim as (id, note_path, text_hash), in table order, a page at a time."""
    last = -1
    while True:
        rows = catalog.execute(
            "SELECT rowid, id, note_path, text_hash FROM claims WHERE rowid > ?"
            " ORDER BY rowid LIMIT ?",
            [last, page],
        )
        if not rows:
            return
        last = int(rows[-1][0])
        yield [(r[1], r[2], r[3]) for r in rows]


def claim_ids(catalog: Catalog) -> set[str]:
    return {r[0] for r in catalog.execute("SELECT id FROM claims")}


def save_scan(
    catalog: Catalog,
    *,
    scanned: Sequence[tuple[str, str]],
    claims: Iterable[ClaimRow],
    pairs: Sequence[PairRow],
    removed: Sequence[str] = (),
) -> None:
    """One transaction: replace the claims and the pairs of the scanned notes (path, content
    hash), store the new pairs, and mark the notes scanned. Reviews are untouched. `claims` is
    read once, row by row (a whole-vault scan passes a generator)."""
    paths = [p for p, _ in scanned]
    gone = list(dict.fromkeys([*paths, *removed]))
    with catalog.transaction():
        for batch in _batched(gone):
            marks = ",".join("?" * len(batch))
            catalog.execute(
                f"DELETE FROM contradictions WHERE a_path IN ({marks}) OR b_path IN ({marks})",
                [*batch, *batch],
            )
            catalog.execute(f"DELETE FROM claims WHERE note_path IN ({marks})", batch)
        catalog.executemany(
            "INSERT INTO claims (id, note_path, chunk_id, ordinal, text, context, text_hash)"
            " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET"
            " note_path = excluded.note_path, chunk_id = excluded.chunk_id,"
            " ordinal = excluded.ordinal, text = excluded.text, context = excluded.context,"
            " text_hash = excluded.text_hash",
            (
                (c.id, c.note_path, c.chunk_id, c.ordinal, c.text, c.context, c.text_hash)
                for c in claims
            ),
        )
        now = _now()
        catalog.executemany(
            "INSERT OR REPLACE INTO contradictions (id, a_claim, b_claim, a_path, b_path,"
            " a_hash, b_hash, confidence, similarity, type, explanations, newer, created)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                (
                    p.id,
                    p.a_id,
                    p.b_id,
                    p.a_path,
                    p.b_path,
                    p.a_hash,
                    p.b_hash,
                    float(p.confidence),
                    float(p.similarity),
                    p.type,
                    json.dumps(list(p.explanations), ensure_ascii=False),
                    p.newer,
                    now,
                )
                for p in pairs
            ),
        )
        catalog.executemany(
            "INSERT INTO claim_scans (note_path, content_hash) VALUES (?, ?)"
            " ON CONFLICT (note_path) DO UPDATE SET content_hash = excluded.content_hash",
            scanned,
        )


def newer_side(a_modified: str | None, b_modified: str | None) -> Side | None:
    """Which side's note was modified later (None when equal or unknown)."""
    if not a_modified or not b_modified:
        return None
    a, b = _aware(a_modified), _aware(b_modified)
    if a == b:
        return None
    return "a" if a > b else "b"


def _aware(value: str) -> datetime:
    dt = datetime.fromisoformat(value)
    return dt if dt.tzinfo else dt.replace(tzinfo=UTC)


# -- reading -------------------------------------------------------------------------------

_LOOKUP_SQL = """
SELECT c.id, c.confidence, c.similarity, c.type, c.explanations, c.newer,
       c.a_path, na.title, na.modified, ca.text, ca.context, c.a_hash,
       c.b_path, nb.title, nb.modified, cb.text, cb.context, c.b_hash,
       r.state, r.current_side
FROM contradictions c
JOIN claims ca ON ca.id = c.a_claim
JOIN claims cb ON cb.id = c.b_claim
JOIN notes na ON na.path = c.a_path
JOIN notes nb ON nb.path = c.b_path
LEFT JOIN reviews r ON r.a_hash = c.a_hash AND r.b_hash = c.b_hash
WHERE c.confidence >= ?
"""


def lookup(
    catalog: Catalog,
    paths: Sequence[str] | None = None,
    *,
    min_confidence: float | None = None,
    include_reviewed: bool = False,
) -> tuple[Contradiction, ...]:
    """Contradictions between notes of `paths` (None: the whole vault), best first.

    `min_confidence` None shows what clears `FLAG_THRESHOLD` (the default list); pass
    `WEAK_THRESHOLD` for the weak pairs too. Reviewed pairs (dismissed or resolved) are left
    out unless `include_reviewed`.
    """
    if min_confidence is None:
        min_confidence = FLAG_THRESHOLD
    sql = _LOOKUP_SQL
    if not include_reviewed:
        sql += " AND r.state IS NULL"
    rows: list[tuple[Any, ...]] = []
    if paths is None:
        rows = catalog.execute(sql, [float(min_confidence)])
    else:
        wanted = list(dict.fromkeys(paths))
        if len(wanted) < 2:
            return ()
        if len(wanted) <= _BATCH:
            marks = ",".join("?" * len(wanted))
            rows = catalog.execute(
                sql + f" AND c.a_path IN ({marks}) AND c.b_path IN ({marks})",
                [float(min_confidence), *wanted, *wanted],
            )
        else:
            allowed = set(wanted)
            for batch in _batched(wanted):
                marks = ",".join("?" * len(batch))
                rows.extend(
                    r
                    for r in catalog.execute(
                        sql + f" AND c.a_path IN ({marks})", [float(min_confidence), *batch]
                    )
                    if r[12] in allowed
                )
    found = [_contradiction(r) for r in rows]
    found.sort(key=lambda c: (-c.confidence, c.a.path, c.b.path, c.id))
    return restated_once(found)


def involving(
    catalog: Catalog, path: str, *, min_confidence: float | None = None
) -> tuple[Contradiction, ...]:
    """Open contradictions between `path` and any other note, best first."""
    sql = _LOOKUP_SQL + " AND r.state IS NULL AND (c.a_path = ? OR c.b_path = ?)"
    floor = FLAG_THRESHOLD if min_confidence is None else min_confidence
    rows = catalog.execute(sql, [float(floor), path, path])
    found = [_contradiction(r) for r in rows]
    found.sort(key=lambda c: (-c.confidence, c.a.path, c.b.path, c.id))
    return restated_once(found)


def restated_once(found: list[Contradiction]) -> tuple[Contradiction, ...]:
    """The same two claims flagged between several notes are one contradiction, shown at its
    best place, the other places listed in `also`. Claims are the same when their words are
    (case, spacing and closing punctuation aside), whichever side each is on."""
    keys = [_restatement_key(c) for c in found]
    first: dict[tuple[str, str], int] = {}
    others: dict[int, list[tuple[str, str]]] = {}
    for i, key in enumerate(keys):
        k = first.setdefault(key, i)
        if k != i:
            others.setdefault(k, []).append((found[i].a.path, found[i].b.path))
    return tuple(
        replace(c, also=tuple(others.get(i, ()))) if i in others else c
        for i, (c, key) in enumerate(zip(found, keys, strict=True))
        if first[key] == i
    )


def _restatement_key(c: Contradiction) -> tuple[str, str]:
    a, b = _said(c.a.claim), _said(c.b.claim)
    return (a, b) if a <= b else (b, a)


def _said(claim: str) -> str:
    """A claim's words: case, runs of spaces and closing punctuation do not change them."""
    return " ".join(claim.casefold().split()).rstrip(" .!?;:。！？")


def _contradiction(r: tuple[Any, ...]) -> Contradiction:
    state = cast(ReviewState, r[18] or "open")
    return Contradiction(
        id=r[0],
        confidence=float(r[1]),
        similarity=float(r[2]),
        type=r[3],
        explanations=tuple(json.loads(r[4] or "[]")),
        newer=cast(Side | None, r[5]),
        a=ContradictionSide(
            path=r[6], title=r[7], claim=r[9], context=r[10], timestamp=r[8], text_hash=r[11]
        ),
        b=ContradictionSide(
            path=r[12], title=r[13], claim=r[15], context=r[16], timestamp=r[14], text_hash=r[17]
        ),
        review=state,
        current_side=cast(Side | None, r[19]),
    )


# -- review decisions ----------------------------------------------------------------------


def _key(pair: Contradiction | tuple[str, str]) -> tuple[str, str]:
    a, b = pair.key if isinstance(pair, Contradiction) else pair
    return (a, b) if a <= b else (b, a)


def _decide(
    catalog: Catalog, pair: Contradiction | tuple[str, str], state: str, side: Side | None
) -> None:
    a_hash, b_hash = _key(pair)
    with catalog.transaction():
        catalog.execute(
            "INSERT INTO reviews (a_hash, b_hash, state, current_side, decided_at)"
            " VALUES (?, ?, ?, ?, ?) ON CONFLICT (a_hash, b_hash) DO UPDATE SET"
            " state = excluded.state, current_side = excluded.current_side,"
            " decided_at = excluded.decided_at",
            [a_hash, b_hash, state, side, _now()],
        )


def dismiss(catalog: Catalog, pair: Contradiction | tuple[str, str]) -> None:
    """The user says these two claims do not contradict each other: hide the pair for as long
    as both claim texts are unchanged. `pair` is a Contradiction or its (a_hash, b_hash)."""
    _decide(catalog, pair, "dismissed", None)


def resolve(catalog: Catalog, pair: Contradiction | tuple[str, str], current_side: Side) -> None:
    """The user settled the conflict: `current_side` ('a' or 'b' of `pair`) is what holds."""
    if current_side not in ("a", "b"):
        raise ValueError(f"current_side must be 'a' or 'b', not {current_side!r}")
    if isinstance(pair, tuple) and pair[0] > pair[1]:
        current_side = "b" if current_side == "a" else "a"  # sides follow the canonical order
    _decide(catalog, pair, "resolved", current_side)


def reopen(catalog: Catalog, pair: Contradiction | tuple[str, str]) -> None:
    """Forget the user's decision on a pair: it is open again."""
    with catalog.transaction():
        catalog.execute("DELETE FROM reviews WHERE a_hash = ? AND b_hash = ?", list(_key(pair)))


def review_of(catalog: Catalog, pair: Contradiction | tuple[str, str]) -> tuple[str, str | None]:
    """(state, current_side) of a pair: ('open', None) when the user has not decided."""
    rows = catalog.execute(
        "SELECT state, current_side FROM reviews WHERE a_hash = ? AND b_hash = ?", list(_key(pair))
    )
    return (rows[0][0], rows[0][1]) if rows else ("open", None)


@dataclass(frozen=True)
class Review:
    """One stored review decision, as `export_reviews` reads it."""

    a_hash: str
    b_hash: str
    state: str
    current_side: str | None
    decided_at: str


def export_reviews(catalog_path: Path) -> list[Review]:
    """Every review decision in the catalog file at `catalog_path`, read as the file is (no
    schema check, no migration: an index about to be rebuilt). Raises EngineError when the
    file cannot be read."""
    from engine.store.connection import Database

    db = Database.open(catalog_path, read_only=True, check=False, migrate=False)
    try:
        rows = db.execute("SELECT a_hash, b_hash, state, current_side, decided_at FROM reviews")
    finally:
        db.close()
    return [Review(*row) for row in rows]


def import_reviews(catalog: Catalog, reviews: Sequence[Review]) -> None:
    """Store `reviews` (replacing decisions on the same pairs), in one transaction."""
    with catalog.transaction():
        catalog.executemany(
            "INSERT OR REPLACE INTO reviews (a_hash, b_hash, state, current_side, decided_at)"
            " VALUES (?, ?, ?, ?, ?)",
            (astuple(review) for review in reviews),
        )


def claims_of_notes(catalog: Catalog, paths: Iterable[str]) -> list[ClaimRow]:
    """The stored claims of `paths`, note by note in claim order."""
    out: list[ClaimRow] = []
    for batch in _batched(list(dict.fromkeys(paths))):
        marks = ",".join("?" * len(batch))
        out.extend(
            ClaimRow(*row)
            for row in catalog.execute(
                "SELECT id, note_path, chunk_id, ordinal, text, context, text_hash FROM claims"
                f" WHERE note_path IN ({marks}) ORDER BY rowid",
                list(batch),
            )
        )
    return out


def link_aliases(catalog: Catalog, paths: Iterable[str]) -> dict[str, tuple[tuple[str, str], ...]]:
    """note path -> the (target, alias) of each wikilink of `paths` written with an alias
    ("[[Monarch Butterfly|Monarchs]]"): a claim writing the alias names the target."""
    out: dict[str, list[tuple[str, str]]] = {}
    for src, target, alias in _aliased_links(catalog, "src_path", paths):
        out.setdefault(src, []).append((target, alias))
    return {src: tuple(links) for src, links in out.items()}


def link_names(catalog: Catalog, paths: Iterable[str]) -> dict[str, tuple[tuple[str, str], ...]]:
    """note path -> the (target, words shown) of each wikilink of `paths`: "[[Sonnet]]" shows
    "Sonnet", "[[Monarch Butterfly|Monarchs]]" shows "Monarchs". A claim of the note that
    writes those words names the target."""
    out: dict[str, list[tuple[str, str]]] = {}
    for src, target, alias in _wikilinks(catalog, "src_path", paths, aliased=False):
        shown = alias or link_title(target)
        if shown.strip():
            out.setdefault(src, []).append((target, shown))
    return {src: tuple(dict.fromkeys(links)) for src, links in out.items()}


def aliased_links_to(catalog: Catalog, titles: Iterable[str]) -> list[tuple[str, str, str]]:
    """(source note, target, alias) of every wikilink to one of `titles` (case aside)
    written with an alias: the notes whose claims may name those notes by another word."""
    return list(_aliased_links(catalog, "target COLLATE NOCASE", titles))


def _aliased_links(
    catalog: Catalog, column: str, values: Iterable[str]
) -> Iterator[tuple[str, str, str]]:
    """(source, target, alias) of the wikilinks (not embeds) whose `column` is one of
    `values` and whose alias is not the target's own name."""
    for src, target, alias in _wikilinks(catalog, column, values, aliased=True):
        if alias.casefold() != target.casefold():
            yield src, target, alias


def _wikilinks(
    catalog: Catalog, column: str, values: Iterable[str], *, aliased: bool
) -> Iterator[tuple[str, str, str]]:
    """(source, target, alias or "") of the wikilinks (not embeds) whose `column` is one of
    `values`; with `aliased`, only those written with an alias."""
    only = " AND alias IS NOT NULL AND alias != ''" if aliased else ""
    for batch in _batched(list(dict.fromkeys(values))):
        marks = ",".join("?" * len(batch))
        for src, target, alias in catalog.execute(
            f"SELECT src_path, target, alias FROM links WHERE is_embed = 0{only}"
            f" AND {column} IN ({marks}) ORDER BY id",
            list(batch),
        ):
            yield src, target, alias or ""


def claims_with_phrases(catalog: Catalog, phrases: Sequence[Sequence[str]]) -> list[ClaimRow]:
    """The stored claims whose words hold one of `phrases` (each a run of words, matched case
    and accents aside by the claims' word index), in claim order."""
    found: dict[str, ClaimRow] = {}
    unique = list(dict.fromkeys(tuple(p) for p in phrases if p))
    for start in range(0, len(unique), 64):
        query = " OR ".join(
            '"' + " ".join(w.replace('"', '""') for w in phrase) + '"'
            for phrase in unique[start : start + 64]
        )
        for row in catalog.execute(
            "SELECT c.id, c.note_path, c.chunk_id, c.ordinal, c.text, c.context, c.text_hash"
            " FROM claims_fts JOIN claims c ON c.rowid = claims_fts.rowid"
            " WHERE claims_fts MATCH ? ORDER BY c.rowid",
            [query],
        ):
            found.setdefault(row[0], ClaimRow(*row))
    return list(found.values())


# -- claim_vectors: Claim vectors in the catalog: float16 rows beside the claims, searched exactly.
#    ---
#
# The contradiction scan keeps one vector per claim (`scan.py`). They live in the catalog's
# `claim_vectors` table (migration 0007, `engine/store/contradiction_tables.py`) rather than in
# a vector database: a scan reads them all at once into one matrix, and a live edit asks for
# the nearest claims of a handful of sentences, which an exact search over the float16 rows
# answers in a fraction of a second on a 10,000-note vault, without the memory an approximate
# index keeps in every process.
#
# `ClaimVectors` offers the part of `engine.store.vectors.VectorStore` the scanner uses, with
# the same meaning: ids are claim ids, each row carries its note's path and the sha256 of its
# text (`note_path`, `text_hash`), and hits are `VectorHit`s with cosine similarities.

FloatMatrix = npt.NDArray[np.float32]
#: Rows read and compared at a time by the exact search (float16 -> float32 per block).
_BLOCK = 16_384


class ClaimVectors:
    """The claim vectors of one catalog (see the module docstring)."""

    def __init__(self, catalog: Catalog, *, dimension: int) -> None:
        self._catalog = catalog
        self.dimension = dimension

    # -- writing --------------------------------------------------------------------------

    def upsert(
        self, ids: Sequence[str], embeddings: Any, metadatas: Sequence[Mapping[str, Any]]
    ) -> None:
        """Insert or replace the vectors of `ids` (metadata: `note_path`, `text_hash`)."""
        vecs = np.asarray(embeddings, dtype=np.float32)
        if vecs.ndim != 2 or vecs.shape != (len(ids), self.dimension):
            raise ValueError(f"expected {len(ids)} vectors of {self.dimension}, got {vecs.shape}")
        if len(metadatas) != len(ids):
            raise ValueError(f"{len(ids)} ids but {len(metadatas)} metadatas")
        if len(set(ids)) != len(ids):
            raise ValueError("upsert: duplicate ids")
        blobs = vecs.astype("<f2")
        rows = [
            (cid, str(m["note_path"]), str(m["text_hash"]), blobs[i].tobytes())
            for i, (cid, m) in enumerate(zip(ids, metadatas, strict=True))
        ]
        with self._catalog.transaction():
            self._catalog.executemany(
                "INSERT INTO claim_vectors (id, note_path, text_hash, vec) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (id) DO UPDATE SET note_path = excluded.note_path, "
                "text_hash = excluded.text_hash, vec = excluded.vec",
                rows,
            )

    def delete(self, ids: Iterable[str]) -> None:
        """Remove vectors by id (unknown ids are ignored)."""
        self._delete_where("id", ids)

    def delete_notes(self, paths: Iterable[str]) -> None:
        """Remove every vector of these notes."""
        self._delete_where("note_path", paths)

    def reset(self) -> None:
        """Remove every vector."""
        with self._catalog.transaction():
            self._catalog.execute("DELETE FROM claim_vectors")

    def close(self) -> None:
        """Nothing to release: the catalog owns the connection."""

    def _delete_where(self, column: str, values: Iterable[str]) -> None:
        wanted = list(dict.fromkeys(values))
        with self._catalog.transaction():
            for batch in batched(wanted):
                marks = ",".join("?" * len(batch))
                self._catalog.execute(
                    f"DELETE FROM claim_vectors WHERE {column} IN ({marks})", batch
                )

    # -- reading --------------------------------------------------------------------------

    def count(self) -> int:
        return int(self._catalog.execute("SELECT count(*) FROM claim_vectors")[0][0])

    def all_ids(self) -> set[str]:
        return {r[0] for r in self._catalog.execute("SELECT id FROM claim_vectors")}

    def get_embeddings(self, ids: Iterable[str]) -> dict[str, FloatMatrix]:
        """id -> vector (float32), for the ids that have one."""
        out: dict[str, FloatMatrix] = {}
        for cid, _, _, vec in self._rows_where("id", ids):
            out[cid] = vec
        return out

    def hashes_for_notes(self, paths: Iterable[str]) -> dict[str, str]:
        """claim id -> text hash, for every vector of these notes."""
        out: dict[str, str] = {}
        for batch in batched(list(dict.fromkeys(paths))):
            marks = ",".join("?" * len(batch))
            for cid, text_hash in self._catalog.execute(
                f"SELECT id, text_hash FROM claim_vectors WHERE note_path IN ({marks})", batch
            ):
                out[cid] = text_hash
        return out

    def embeddings_by_text_hash(self, hashes: Iterable[str]) -> dict[str, FloatMatrix]:
        """text hash -> a stored vector of a claim with that text (for reuse)."""
        out: dict[str, FloatMatrix] = {}
        for _, _, text_hash, vec in self._rows_where("text_hash", hashes):
            out.setdefault(text_hash, vec)
        return out

    def query_many(
        self, embeddings: Any, *, k: int, include_embeddings: bool = False
    ) -> list[list[VectorHit]]:
        """The `k` most similar stored claims of each query vector, nearest first (exact)."""
        queries = np.asarray(embeddings, dtype=np.float32)
        if queries.ndim != 2 or queries.shape[1] != self.dimension:
            raise ValueError(f"expected a matrix of {self.dimension}-vectors, got {queries.shape}")
        if k <= 0 or not len(queries):
            return [[] for _ in range(len(queries))]
        norms = np.linalg.norm(queries, axis=1, keepdims=True)
        queries = queries / np.maximum(norms, 1e-12)
        best_sims = np.full((len(queries), 0), -np.inf, dtype=np.float32)
        best_keys: list[tuple[str, str, str]] = []
        best_vecs = np.zeros((0, self.dimension), dtype=np.float32)
        for keys, block in self._blocks():
            sims = queries @ block.T  # stored vectors are unit length (the embedder's)
            take = min(k, len(keys))
            top = np.argpartition(-sims, take - 1, axis=1)[:, :take]
            # merge this block's best with the best so far, per query
            cand_rows = np.unique(top)
            best_keys += [keys[i] for i in cand_rows]
            best_vecs = np.vstack([best_vecs, block[cand_rows]])
            best_sims = np.hstack([best_sims, sims[:, cand_rows]])
            keep = np.unique(np.argsort(-best_sims, axis=1)[:, :k])
            best_keys = [best_keys[i] for i in keep]
            best_vecs, best_sims = best_vecs[keep], best_sims[:, keep]
        out: list[list[VectorHit]] = []
        for row in best_sims:
            order = np.argsort(-row, kind="stable")[:k]
            out.append(
                [
                    VectorHit(
                        id=best_keys[i][0],
                        distance=float(1.0 - row[i]),
                        similarity=float(row[i]),
                        metadata={"note_path": best_keys[i][1], "text_hash": best_keys[i][2]},
                        embedding=best_vecs[i] if include_embeddings else None,
                    )
                    for i in order
                ]
            )
        return out

    def _blocks(self) -> Iterator[tuple[list[tuple[str, str, str]], FloatMatrix]]:
        """Every stored vector, a block of rows at a time: (id, note, hash) keys, float32."""
        last = ""
        while True:
            rows = self._catalog.execute(
                "SELECT id, note_path, text_hash, vec FROM claim_vectors WHERE id > ? "
                "ORDER BY id LIMIT ?",
                (last, _BLOCK),
            )
            if not rows:
                return
            last = rows[-1][0]
            matrix = np.frombuffer(b"".join(r[3] for r in rows), dtype="<f2")
            yield (
                [(r[0], r[1], r[2]) for r in rows],
                matrix.reshape(len(rows), self.dimension).astype(np.float32),
            )

    def _rows_where(
        self, column: str, values: Iterable[str]
    ) -> Iterator[tuple[str, str, str, FloatMatrix]]:
        for batch in batched(list(dict.fromkeys(values))):
            marks = ",".join("?" * len(batch))
            for cid, path, text_hash, blob in self._catalog.execute(
                "SELECT id, note_path, text_hash, vec FROM claim_vectors "
                f"WHERE {column} IN ({marks})",
                batch,
            ):
                yield cid, path, text_hash, np.frombuffer(blob, dtype="<f2").astype(np.float32)
