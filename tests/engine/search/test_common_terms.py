"""The words source leaves very common query words out of BM25 matching, and the catalog's
path restriction (a temp table kept across queries) never answers from a stale set.

A real SQLite catalog with ten chunks whose word counts are known:

    word     chunks   share
    common   8 of 10  0.8   (common)
    filler   4 of 10  0.4   (common)
    zebra    3 of 10  0.3   (common)
    yak      2 of 10  0.2   (not common: the share must be *above* COMMON_TERM_SHARE)
    unique   1 of 10  0.1
    repeat   1 of 10  0.1   (five times in that one chunk)
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path

import pytest

from engine.model import Chunk, Note
from engine.search.directory import NoteDirectory
from engine.search.query import bm25_match_expression, parse_query
from engine.search.service import SearchRequest
from engine.search.sources.text import (
    COMMON_TERM_SHARE,
    COMMON_WORD_SHARE,
    TextSource,
    ThreadCatalogs,
    common_terms,
)
from engine.search.sources.text import _words_held as words_held
from engine.store.catalog import Catalog
from engine.store.fulltext import SMALL_PATH_SET
from engine.store.graph import LinkGraph

WHEN = datetime(2026, 3, 1, tzinfo=UTC)

CHUNKS: dict[str, list[str]] = {
    "n0.md": [
        "common zebra yak",
        "common zebra",
        "common zebra repeat repeat repeat repeat repeat",
    ],
    "n1.md": ["common yak", "common"],
    "n2.md": ["common filler", "common unique"],
    "n3.md": ["common filler", "filler", "filler words"],
}


def sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def make_note(path: str, paragraphs: Sequence[str]) -> tuple[Note, list[Chunk]]:
    """A note titled with a word used nowhere else, and one chunk per paragraph (no
    headings, so only the chunk text and the title reach the FTS row)."""
    body = "\n\n".join(paragraphs)
    note = Note(
        path=path,
        title=f"title{path.removesuffix('.md')}",
        aliases=(),
        tags=(),
        links=(),
        embeds=(),
        headings=(),
        frontmatter={},
        created=None,
        modified=WHEN,
        body=body,
        content_hash=sha(path + body),
        size=len(body),
    )
    chunks = [
        Chunk(
            id=f"{path}#{i}",
            note_path=path,
            ordinal=i,
            heading_path=(),
            text=text,
            start_line=i,
            end_line=i,
            text_hash=sha(text),
        )
        for i, text in enumerate(paragraphs)
    ]
    return note, chunks


def stage(catalog: Catalog, notes: dict[str, list[str]]) -> None:
    items = [make_note(path, paras) for path, paras in notes.items()]
    catalog.notes.stage_notes([(note, chunks, 1) for note, chunks in items])
    catalog.notes.mark_indexed(notes)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "catalog.sqlite3"


@pytest.fixture
def writer(db_path: Path) -> Iterator[Catalog]:
    catalog = Catalog.open(db_path)
    stage(catalog, CHUNKS)
    yield catalog
    catalog.close()


@pytest.fixture
def reader(writer: Catalog, db_path: Path) -> Iterator[Catalog]:
    """A read-only connection, as the words source uses."""
    catalog = Catalog.open(db_path, read_only=True, check=False)
    yield catalog
    catalog.close()


@pytest.fixture
def words(writer: Catalog, db_path: Path) -> Iterator[TextSource]:
    graph = LinkGraph()
    graph.rebuild(make_note(path, paras)[0] for path, paras in CHUNKS.items())
    catalogs = ThreadCatalogs(lambda: Catalog.open(db_path, read_only=True, check=False))
    yield TextSource(catalogs, NoteDirectory(graph))
    catalogs.close()


EXPECTED_SHARES = {
    "common": 0.8,
    "filler": 0.4,
    "zebra": 0.3,
    "yak": 0.2,
    "unique": 0.1,
    "repeat": 0.1,
}


# ---------------------------------------------------------------------------- term_shares


def test_term_shares_are_the_share_of_chunks_holding_each_word(
    writer: Catalog, reader: Catalog
) -> None:
    asked = [*EXPECTED_SHARES, "absent", "zebra", "Common"]
    for catalog in (writer, reader):
        got = catalog.fulltext.term_shares(asked)
        # unknown words (and upper-case input: terms arrive lower-cased) are left out
        assert got == pytest.approx(EXPECTED_SHARES)
        assert set(got) == set(EXPECTED_SHARES)
    assert writer.fulltext.term_shares([]) == {}


def test_term_shares_count_the_title_of_every_chunk_of_a_note(writer: Catalog) -> None:
    # the chunk's FTS row holds the note title: all three chunks of n0 carry 'titlen0'
    assert writer.fulltext.term_shares(["titlen0", "titlen3"]) == pytest.approx(
        {"titlen0": 0.3, "titlen3": 0.3}
    )


def test_term_shares_follow_changes_and_an_empty_catalog(
    writer: Catalog, reader: Catalog, tmp_path: Path
) -> None:
    writer.notes.delete_notes(["n0.md"])  # 3 chunks go: 7 left
    got = reader.fulltext.term_shares(["common", "zebra", "yak", "filler"])
    assert got == pytest.approx({"common": 5 / 7, "yak": 1 / 7, "filler": 4 / 7})
    stage(writer, {"n4.md": ["zebra"] * 3})  # 10 chunks again
    assert reader.fulltext.term_shares(["zebra", "common"]) == pytest.approx(
        {"zebra": 0.3, "common": 0.5}
    )
    with Catalog.open(tmp_path / "empty.sqlite3") as empty:
        assert empty.fulltext.term_shares(["common"]) == {}


# ------------------------------------------------------------------------- which words go


@pytest.mark.parametrize(
    ("text", "skipped", "expression"),
    [
        # a common word next to a rarer one is left out
        ("common zebra yak", {"common", "zebra"}, '"yak"'),
        ("common unique", {"common"}, '"unique"'),
        ("The common yak", {"common"}, '"yak"'),  # 'the' is a stopword anyway
        # exactly COMMON_TERM_SHARE is not "more than"
        ("zebra yak", {"zebra"}, '"yak"'),
        # every word common: all kept (nothing rarer to match by)
        ("common filler zebra", set(), '"common" OR "filler" OR "zebra"'),
        # a single word is never skipped, however common
        ("common", set(), '"common"'),
        ("Common!", set(), '"common"'),
        # quoted phrases stay whole, even when made of skipped words
        ('"common zebra" unique', {"common", "zebra"}, '"common zebra" OR "unique"'),
        ('"common" zebra yak', {"common", "zebra"}, '"common" OR "yak"'),
        # ... and with a phrase, even all-common words may go: the phrase remains
        ('"common filler" common filler', {"common", "filler"}, '"common filler"'),
    ],
)
def test_common_words_are_left_out_only_when_something_rarer_remains(
    reader: Catalog, text: str, skipped: set[str], expression: str
) -> None:
    query = parse_query(text)
    skip = common_terms(reader, query)
    assert skip == skipped
    assert bm25_match_expression(query, skip=skip) == expression


def test_the_threshold_is_common_term_share(reader: Catalog) -> None:
    assert COMMON_TERM_SHARE == 0.2
    query = parse_query("zebra yak")
    assert common_terms(reader, query) == {"zebra"}
    assert common_terms(reader, query, share=0.3) == frozenset()  # zebra (0.3) is not above
    assert common_terms(reader, query, share=0.1) == frozenset()  # both are: keep both
    unique = parse_query("zebra yak unique")
    assert common_terms(reader, unique, share=0.1) == {"zebra", "yak"}


def test_bm25_match_expression_skip() -> None:
    query = parse_query('"river gauge" kafka streams 東京')
    assert (
        bm25_match_expression(query)
        == '"river gauge" OR "river" OR "gauge" OR "kafka" OR "streams"'
    )
    assert (
        bm25_match_expression(query, skip={"river", "gauge", "kafka"})
        == '"river gauge" OR "streams"'
    )
    assert bm25_match_expression(parse_query("kafka streams"), skip={"kafka", "streams"}) is None
    # skipping a word never removes a phrase that spells it
    assert bm25_match_expression(parse_query('"kafka" x'), skip={"kafka", "x"}) == '"kafka"'


# ------------------------------------------------------------------- the words source end to end


def found(words: TextSource, text: str) -> list[str]:
    return [h.note_path for h in words.search(SearchRequest(query=parse_query(text)))]


def test_hits_say_which_query_words_their_passage_holds(words: TextSource) -> None:
    """For the explanation: the words the shown passage holds. Each word here is in at least
    1 of 10 chunks, above COMMON_WORD_SHARE, so all are common."""
    assert COMMON_WORD_SHARE < 0.1
    (hit,) = words.search(SearchRequest(query=parse_query("common unique")))
    assert hit.note_path == "n2.md"
    assert list(hit.metadata["common_words_held"]) == ["common", "unique"]
    assert list(hit.metadata["words_held"]) == []
    # another form of a word the passage holds: held (its share is unknown, so not common)
    hits = words.search(SearchRequest(query=parse_query("zebras")))
    assert hits and all(list(h.metadata["words_held"]) == ["zebras"] for h in hits)


def test_rare_and_common_words_held_apart() -> None:
    held = words_held(
        "Callouts hold a box of notes", ["callout", "box", "warning"], frozenset({"box"})
    )
    assert held == {"words_held": ["callout"], "common_words_held": ["box"]}
    assert words_held("", ["callout"], frozenset()) == {"words_held": [], "common_words_held": []}


def test_words_source_matches_by_the_rarer_word(words: TextSource) -> None:
    assert sorted(found(words, "common yak")) == ["n0.md", "n1.md"]  # the notes holding yak
    assert found(words, "common unique") == ["n2.md"]
    # all common: every note holding either word
    assert sorted(found(words, "common filler")) == ["n0.md", "n1.md", "n2.md", "n3.md"]
    # a single common word still finds its notes
    assert sorted(found(words, "common")) == ["n0.md", "n1.md", "n2.md", "n3.md"]
    # a phrase made of common words is matched as a phrase
    assert found(words, '"common unique"') == ["n2.md"]


@pytest.mark.parametrize("text", ["common 東京", "common xyzzy"], ids=["cjk", "absent-word"])
def test_pruning_never_leaves_bm25_nothing_to_match(words: TextSource, text: str) -> None:
    query = parse_query(text)
    assert bm25_match_expression(query) is not None
    assert sorted(found(words, text)) == ["n0.md", "n1.md", "n2.md", "n3.md"]


# ------------------------------------------------------------------ the path restriction cache


def restricted_matches_filtered(catalog: Catalog, paths: set[str] | frozenset[str]) -> None:
    """Each search limited to `paths` == the unlimited search with other notes dropped."""
    expr = '"common" OR "filler" OR "zebra"'
    everything = catalog.fulltext.search_bm25(expr, limit=100)
    assert catalog.fulltext.search_bm25(expr, limit=100, paths=paths) == [
        row for row in everything if row[1] in paths
    ]
    notes = catalog.fulltext.search_notes_bm25(expr, limit=100)
    assert catalog.fulltext.search_notes_bm25(expr, limit=100, paths=paths) == [
        row for row in notes if row[0] in paths
    ]
    subs = catalog.fulltext.search_substring("filler", limit=100)
    assert catalog.fulltext.search_substring("filler", limit=100, paths=paths) == [
        row for row in subs if row[1] in paths
    ]


def test_consecutive_searches_with_different_path_sets(reader: Catalog) -> None:
    expr = '"common"'
    a = reader.fulltext.search_bm25(expr, limit=100, paths={"n0.md"})
    b = reader.fulltext.search_bm25(expr, limit=100, paths={"n1.md", "n2.md"})
    assert {p for _, p, _ in a} == {"n0.md"} and len(a) == 3
    assert {p for _, p, _ in b} == {"n1.md", "n2.md"} and len(b) == 4
    # the same set again (as a set, then as a frozenset): same answer
    assert reader.fulltext.search_bm25(expr, limit=100, paths={"n1.md", "n2.md"}) == b
    assert reader.fulltext.search_bm25(expr, limit=100, paths=frozenset({"n1.md", "n2.md"})) == b
    assert reader.fulltext.search_bm25(expr, limit=100, paths={"n0.md"}) == a
    # no restriction in between does not disturb the next restricted search
    assert len(reader.fulltext.search_bm25(expr, limit=100)) == 8
    assert reader.fulltext.search_bm25(expr, limit=100, paths={"n0.md"}) == a
    assert reader.fulltext.search_bm25(expr, limit=100, paths=set()) == []
    assert reader.fulltext.search_bm25(expr, limit=100, paths={"n0.md"}) == a
    assert reader.fulltext.search_notes_bm25(expr, limit=100, paths={"n3.md"}) == [
        row for row in reader.fulltext.search_notes_bm25(expr, limit=100) if row[0] == "n3.md"
    ]
    assert reader.fulltext.search_substring("zebra", limit=100, paths={"n3.md"}) == []
    assert len(reader.fulltext.search_substring("zebra", limit=100, paths={"n0.md", "n3.md"})) == 3


def test_random_sequences_of_path_sets(reader: Catalog) -> None:
    rng = random.Random(5)
    pool = [*CHUNKS, "missing.md"]
    for _ in range(40):
        paths = set(rng.sample(pool, rng.randint(0, len(pool))))
        restricted_matches_filtered(reader, paths)
        if rng.random() < 0.3:  # the same set twice in a row
            restricted_matches_filtered(reader, frozenset(paths))


def test_a_kept_path_set_sees_notes_written_later(writer: Catalog, reader: Catalog) -> None:
    wanted = {"n0.md", "n9.md"}
    assert {p for _, p, _ in reader.fulltext.search_bm25('"zebra"', limit=100, paths=wanted)} == {
        "n0.md"
    }
    stage(writer, {"n9.md": ["zebra again"]})
    assert {p for _, p, _ in reader.fulltext.search_bm25('"zebra"', limit=100, paths=wanted)} == {
        "n0.md",
        "n9.md",
    }
    writer.notes.delete_notes(["n0.md"])
    assert {p for _, p, _ in reader.fulltext.search_bm25('"zebra"', limit=100, paths=wanted)} == {
        "n9.md"
    }


def test_path_set_after_a_rolled_back_transaction(writer: Catalog) -> None:
    assert {
        p for _, p, _ in writer.fulltext.search_bm25('"common"', limit=100, paths={"n1.md"})
    } == {"n1.md"}
    with pytest.raises(RuntimeError), writer.transaction():
        writer.fulltext.search_bm25('"common"', limit=100, paths={"n0.md"})
        raise RuntimeError("roll back")
    got = writer.fulltext.search_bm25('"common"', limit=100, paths={"n0.md"})
    assert {p for _, p, _ in got} == {"n0.md"}


def test_large_and_small_path_sets_alternate_without_mixing(
    reader: Catalog, writer: Catalog
) -> None:
    """A filter (many paths) and a per-query set (a few) live in separate temp tables."""
    filler = {f"absent/{i}.md" for i in range(SMALL_PATH_SET + 50)}
    large = frozenset(filler | {"n0.md", "n1.md"})
    small = frozenset({"n2.md"})
    for catalog in (reader, writer):
        for _ in range(3):
            restricted_matches_filtered(catalog, large)
            restricted_matches_filtered(catalog, small)
            restricted_matches_filtered(catalog, frozenset(filler | {"n3.md"}))  # another large
        with pytest.raises(RuntimeError), writer.transaction():
            writer.fulltext.search_bm25('"common"', limit=100, paths=large)
            raise RuntimeError("roll back")
        restricted_matches_filtered(catalog, large)


def test_term_shares_follow_the_same_connections_writes(writer: Catalog, reader: Catalog) -> None:
    before = writer.fulltext.term_shares(["common"])
    writer.notes.delete_notes(["n0.md"])  # its own write: data_version does not move
    after = writer.fulltext.term_shares(["common"])
    assert after != before
    assert after == pytest.approx(reader.fulltext.term_shares(["common"]))


@pytest.mark.parametrize("size", ["small", "large"])
def test_a_kept_row_set_follows_a_note_written_again(
    writer: Catalog, reader: Catalog, size: str
) -> None:
    """The restriction joins on row ids, which change when a note is written again: both
    another connection's write and the searching connection's own are seen."""
    extra = {f"absent/{i}.md" for i in range(SMALL_PATH_SET + 1)} if size == "large" else set()
    wanted = frozenset({"n0.md", "n1.md"} | extra)
    for catalog in (reader, writer):
        restricted_matches_filtered(catalog, wanted)
    stage(writer, {"n0.md": ["filler zebra new", "common filler", "more filler here"]})
    for catalog in (writer, reader):
        restricted_matches_filtered(catalog, wanted)
        got = catalog.fulltext.search_bm25('"filler"', limit=100, paths=wanted)
        assert {p for _, p, _ in got} == {"n0.md"} and len(got) == 3
    writer.notes.delete_notes(["n1.md"])
    for catalog in (writer, reader):
        restricted_matches_filtered(catalog, wanted)
        assert catalog.fulltext.search_notes_bm25('"common"', limit=100, paths=wanted) == [
            (p, s)
            for p, s in catalog.fulltext.search_notes_bm25('"common"', limit=100)
            if p == "n0.md"
        ]


@pytest.mark.parametrize("limit", [1, 3, 10, 30, 60])
def test_notes_tied_on_score_come_in_path_order(db_path: Path, limit: int) -> None:
    """Ranked rows are read beyond the limit so ties break by path, not by row order;
    when the tie runs past that room the exact statement answers."""
    catalog = Catalog.open(db_path)
    rng = random.Random(limit)
    names = [f"tie{i:02d}.md" for i in range(50)]
    rng.shuffle(names)  # row ids in another order than the paths
    stage(catalog, {name: ["same words here"] for name in names})
    stage(catalog, {"best.md": ["words words words"], "other.md": ["unrelated"]})
    got = catalog.fulltext.search_notes_bm25('"words"', limit=limit)
    assert got[0][0] == "best.md"
    ties = [p for p, _ in got[1:]]
    assert ties == sorted(names)[: limit - 1]
    assert len({s for _, s in got[1:]}) <= 1
    catalog.close()


def test_remembered_term_counts_follow_other_connections_writes(
    writer: Catalog, reader: Catalog
) -> None:
    assert reader.fulltext.term_shares(["zebra", "newword"]) == pytest.approx({"zebra": 0.3})
    assert reader.fulltext.term_shares(["zebra"]) == pytest.approx({"zebra": 0.3})  # remembered
    stage(writer, {"n9.md": ["zebra newword"]})  # 11 chunks now
    assert reader.fulltext.term_shares(["zebra", "newword"]) == pytest.approx(
        {"zebra": 4 / 11, "newword": 1 / 11}
    )


# ---------------------------------------------------------------------------- best chunks


def test_every_note_gets_its_best_chunk_however_many_chunks_it_has(db_path: Path) -> None:
    """30 notes of 12 chunks each, the query word's count rising with the chunk's ordinal:
    each note's best chunk is the one first in `search_bm25`'s order (score, then row id),
    found in one statement (no top-N cut that a note with many chunks could fall out of)."""
    rng = random.Random(5)
    notes = {
        f"m{n:02}.md": [
            " ".join(["target"] * (1 + (i * 7 + n) % 12) + ["pad"] * rng.randint(0, 30))
            for i in range(12)
        ]
        for n in range(30)
    }
    notes["none.md"] = ["nothing here", "nor here"]
    catalog = Catalog.open(db_path)
    try:
        stage(catalog, notes)
        every = catalog.fulltext.search_bm25("target", limit=10_000)
        want: dict[str, str] = {}
        for chunk_id, path, _score in every:  # best first: the first of each note wins
            want.setdefault(path, chunk_id)
        wanted = frozenset([*list(notes)[:20], "none.md"])
        got = catalog.fulltext.best_chunks_bm25("target", paths=wanted)
        assert got == {p: c for p, c in want.items() if p in wanted}
        assert "none.md" not in got and len(got) == 20
        assert catalog.fulltext.best_chunks_bm25("target", paths=frozenset()) == {}
    finally:
        catalog.close()


def test_a_passage_matched_only_by_another_word_form_is_not_weighed_down() -> None:
    from engine.search.sources.text import _rare_coverage

    held = {
        "a.md": words_held("we calibrate the probes", ["calibrate"], frozenset()),
        "b.md": words_held("the calibration log", ["calibrate"], frozenset()),
        "c.md": words_held("nothing of it here", ["calibrate"], frozenset()),
    }
    assert held["b.md"]["words_held"] == ["calibrate"]  # "calibrat" starts "calibration"
    coverage = _rare_coverage(held, {"calibrate": 0.01})
    assert coverage["a.md"] == coverage["b.md"] == 1.0
    assert "c.md" not in coverage  # unseen: counted in full by the fusion
