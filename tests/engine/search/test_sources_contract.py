"""The contract every search source keeps (one test class, run by each source).

Like Haystack's shared document-store tests: `SourceContract` holds the tests and each
`Test<Name>Source` subclass only says which source it checks and which queries suit it.
The sources run over the demo vault indexed once per session (see conftest.py); the
catalog's own record of each note (tags, dates) is the oracle for the pushed-down filters.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, ClassVar

import pytest

from engine.search.query import parse_query
from engine.search.service import SearchFilters, SearchRequest, Source
from engine.search.types import MATCH_TYPES, Hit

if TYPE_CHECKING:
    from conftest import DemoIndex

    from engine.model import Note

# Every test here uses the demo index (built once per session, tens of seconds).
pytestmark = pytest.mark.slow

ELLIPSIS = "…"
JUNE = (datetime(2026, 6, 1, tzinfo=UTC), datetime(2026, 7, 1, tzinfo=UTC))

HOSTILE = [
    pytest.param("", id="empty"),
    pytest.param("  \t\n  ", id="whitespace"),
    pytest.param('"', id="lone-quote"),
    pytest.param('"unbalanced phrase', id="unbalanced-quote"),
    pytest.param('""', id="empty-phrase"),
    pytest.param("*", id="star"),
    pytest.param("sens*", id="prefix-star"),
    pytest.param("NEAR(", id="near-open"),
    pytest.param("NEAR(sensor battery, 2)", id="near-call"),
    pytest.param("AND OR NOT", id="fts-operators"),
    pytest.param("col:val", id="column-filter"),
    pytest.param("text:REQ-006 ^start -minus +plus", id="fts-modifiers"),
    pytest.param("'); DROP TABLE notes;--", id="sql-injection"),
    pytest.param("(" * 2500 + ")" * 2500, id="5000-brackets"),
    pytest.param("🌊📈 sensor 🔋", id="emoji"),
    pytest.param("مستشعر رطوبة التربة", id="rtl-arabic"),
    pytest.param("\u202ereversed\u202c text", id="rtl-override"),
    pytest.param("sensor\x00battery", id="nul-char"),
    pytest.param("\\ % _ [ ] { } ~ ` | < > ? ; ,", id="punctuation"),
    pytest.param("#", id="lone-hash"),
    pytest.param("x" * 5000, id="5000-letters"),
]

FilterCase = tuple[SearchFilters, Callable[[str, "Note"], bool]]


def _in_meetings(path: str, _note: Note) -> bool:
    return path.startswith("Meetings/")


def _tagged_sensor(_path: str, note: Note) -> bool:
    return any(t == "sensor" or t.startswith("sensor/") for t in note.tags)


def _in_june(_path: str, note: Note) -> bool:
    """Dated in June: by the note's own date (frontmatter or daily-note name), else its
    modification time."""
    since, until = JUNE
    date = note.created if note.created is not None else note.modified
    return date is not None and since <= date < until


FILTERS: dict[str, FilterCase] = {
    "folder": (SearchFilters(folder="Meetings"), _in_meetings),
    "folder-trailing-slash": (SearchFilters(folder="Meetings/"), _in_meetings),
    "nested-tag": (SearchFilters(tag="sensor"), _tagged_sensor),
    "tag-with-hash": (SearchFilters(tag="#sensor"), _tagged_sensor),
    "date-range": (SearchFilters(since=JUNE[0], until=JUNE[1]), _in_june),
}


def make_request(
    text: str, *, filters: SearchFilters | None = None, depth: int = 50
) -> SearchRequest:
    return SearchRequest(
        query=parse_query(text),
        filters=filters or SearchFilters(),
        depth=depth,
        now=datetime(2026, 11, 23, tzinfo=UTC),
    )


def check_hits(hits: object, *, name: str, demo: DemoIndex) -> list[Hit]:
    """Everything a merge may rely on, for any hits of any source."""
    assert isinstance(hits, list), f"{name} returned {type(hits).__name__}, not a list"
    indexed = demo.indexed_paths()
    for hit in hits:
        assert isinstance(hit, Hit)
        assert hit.source == name
        assert hit.note_path and hit.note_path in indexed, hit.note_path
        assert isinstance(hit.relevance, float | int)
        assert math.isfinite(hit.relevance) and 0.0 <= hit.relevance <= 1.0, hit
        assert hit.match_type in MATCH_TYPES
        if hit.chunk_id is not None:
            assert hit.chunk_id.startswith(hit.note_path + "#"), hit.chunk_id
    paths = [h.note_path for h in hits]
    assert len(paths) == len(set(paths)), "a note appears twice"
    ranks = [h.rank for h in hits]
    assert ranks == [0] * len(hits) or ranks == list(range(1, len(hits) + 1)), ranks
    check_excerpts(hits, name=name, demo=demo)
    return hits


def check_excerpts(hits: Sequence[Hit], *, name: str, demo: DemoIndex) -> None:
    chunk_ids = {h.excerpt.chunk_id for h in hits if h.excerpt and h.excerpt.chunk_id}
    chunks = demo.workspace.catalog.notes.chunks_by_id(chunk_ids)
    for hit in hits:
        excerpt = hit.excerpt
        if excerpt is None:
            continue
        assert excerpt.source == name
        assert excerpt.text.strip(), f"empty excerpt for {hit.note_path}"
        previous_end = 0
        for span in excerpt.spans:
            assert previous_end <= span.start < span.end <= len(excerpt.text), (span, excerpt)
            previous_end = span.end
        if excerpt.chunk_id is not None:
            chunk = chunks.get(excerpt.chunk_id)
            assert chunk is not None, f"excerpt of an unknown chunk {excerpt.chunk_id}"
            assert chunk.note_path == hit.note_path
            body = excerpt.text.removeprefix(ELLIPSIS).removesuffix(ELLIPSIS)
            assert body in chunk.text, f"excerpt is not cut from its chunk: {body[:80]!r}"


class SourceContract:
    """Tests every `Source` passes. Subclasses fill in the class variables."""

    source_name: ClassVar[str]
    # A query this source must answer, and the note it must rank first.
    answerable: ClassVar[tuple[str, str]]
    # A query for which this source returns notes from many folders, tags and dates.
    broad_query: ClassVar[str]
    # Queries whose hits are known not to come in non-increasing relevance (see the report).
    unordered_relevance: ClassVar[dict[str, str]] = {}
    # Depths at which the best note is known to change (see the report).
    unstable_depth: ClassVar[dict[int, str]] = {}

    @pytest.fixture
    def source(self, demo: DemoIndex) -> Source:
        return demo.service.source(self.source_name)

    def queries(self) -> list[str]:
        return [
            self.answerable[0],
            self.broad_query,
            "REQ-006 stage_offset_mm",
            '"no silent gaps"',
            "电容式土壤湿度",
            "#sensor",
            "Roadmap",
        ]

    # -- shape ------------------------------------------------------------------------------

    def test_satisfies_the_source_protocol(self, source: Source) -> None:
        assert isinstance(source, Source)
        assert source.name == self.source_name

    def test_ranks_the_expected_note_first(self, source: Source, demo: DemoIndex) -> None:
        text, path = self.answerable
        hits = check_hits(source.search(make_request(text)), name=self.source_name, demo=demo)
        assert hits, f"{self.source_name} found nothing for {text!r}"
        assert hits[0].note_path == path, [h.note_path for h in hits[:5]]

    def test_hits_are_well_formed(self, source: Source, demo: DemoIndex) -> None:
        answered = 0
        for text in self.queries():
            hits = check_hits(source.search(make_request(text)), name=self.source_name, demo=demo)
            answered += bool(hits)
        assert answered >= 3, "the source found nothing for most ordinary queries"

    @pytest.mark.parametrize(
        "text",
        ["REQ-006 stage_offset_mm", "REQ-006 LoRaWAN battery", "sensor battery calibration", "RG2"],
    )
    def test_hits_come_best_first(
        self, source: Source, demo: DemoIndex, text: str, request: pytest.FixtureRequest
    ) -> None:
        if text in self.unordered_relevance:
            request.applymarker(
                pytest.mark.xfail(strict=True, reason=self.unordered_relevance[text])
            )
        hits = check_hits(source.search(make_request(text)), name=self.source_name, demo=demo)
        relevance = [h.relevance for h in hits]
        assert relevance == sorted(relevance, reverse=True), relevance

    # -- depth --------------------------------------------------------------------------------

    @pytest.mark.parametrize("depth", [1, 3])
    def test_respects_depth(
        self, source: Source, demo: DemoIndex, depth: int, request: pytest.FixtureRequest
    ) -> None:
        if depth in self.unstable_depth:
            request.applymarker(pytest.mark.xfail(strict=True, reason=self.unstable_depth[depth]))
        full = source.search(make_request(self.answerable[0]))
        hits = check_hits(
            source.search(make_request(self.answerable[0], depth=depth)),
            name=self.source_name,
            demo=demo,
        )
        assert 1 <= len(hits) <= depth
        assert hits[0].note_path == full[0].note_path

    # -- filters ------------------------------------------------------------------------------

    @pytest.mark.parametrize("case", sorted(FILTERS))
    def test_filters_are_pushed_down(self, source: Source, demo: DemoIndex, case: str) -> None:
        filters, keep = FILTERS[case]
        unfiltered = source.search(make_request(self.broad_query))
        outside = [h.note_path for h in unfiltered if not keep(h.note_path, demo.note(h.note_path))]
        assert outside, f"precondition: {self.broad_query!r} should also find notes outside {case}"
        hits = check_hits(
            source.search(make_request(self.broad_query, filters=filters)),
            name=self.source_name,
            demo=demo,
        )
        assert hits, f"nothing left after the {case} filter"
        wrong = [h.note_path for h in hits if not keep(h.note_path, demo.note(h.note_path))]
        assert not wrong, f"{case} filter let through {wrong}"

    def test_combined_filters_all_apply(self, source: Source, demo: DemoIndex) -> None:
        filters = SearchFilters(folder="Meetings", tag="sensor", since=JUNE[0], until=JUNE[1])
        hits = check_hits(
            source.search(make_request(self.broad_query, filters=filters)),
            name=self.source_name,
            demo=demo,
        )
        for hit in hits:
            note = demo.note(hit.note_path)
            assert _in_meetings(hit.note_path, note), hit.note_path
            assert _tagged_sensor(hit.note_path, note), hit.note_path
            assert _in_june(hit.note_path, note), hit.note_path

    def test_a_filter_nothing_matches_gives_no_hits(self, source: Source, demo: DemoIndex) -> None:
        filters = SearchFilters(folder="No Such Folder")
        hits = source.search(make_request(self.broad_query, filters=filters))
        assert hits == []

    # -- hostile input ------------------------------------------------------------------------

    @pytest.mark.parametrize("text", HOSTILE)
    def test_hostile_queries_never_raise(self, source: Source, demo: DemoIndex, text: str) -> None:
        hits = check_hits(source.search(make_request(text)), name=self.source_name, demo=demo)
        if not text.strip():
            assert hits == [], "an empty query should find nothing"

    def test_injection_leaves_the_index_intact(self, source: Source, demo: DemoIndex) -> None:
        before = demo.indexed_paths()
        source.search(make_request("'); DROP TABLE notes;--"))
        source.search(make_request('" OR 1=1 --'))
        assert demo.indexed_paths() == before
        text, path = self.answerable
        assert source.search(make_request(text))[0].note_path == path


class TestSemanticSource(SourceContract):
    source_name = "semantic"
    answerable = ("how do I flash firmware onto a node", "Methods/Firmware Flashing.md")
    broad_query = "sensor battery calibration"

    def test_finds_a_note_by_meaning_not_wording(self, source: Source, demo: DemoIndex) -> None:
        # The firmware note says "flash", "firmware", "board"; the query says none of them.
        text = "uploading new software to the microcontroller"
        hits = check_hits(source.search(make_request(text)), name="semantic", demo=demo)
        assert hits[0].note_path == "Methods/Firmware Flashing.md"
        assert all(h.match_type == "semantic" and h.chunk_id for h in hits)
        words = demo.service.source("text").search(make_request(text))
        assert words[0].note_path != "Methods/Firmware Flashing.md"

    def test_a_rare_tag_still_finds_its_notes(self, source: Source, demo: DemoIndex) -> None:
        # Meaning always has a nearest note: with one note tagged, that note is the answer.
        filters = SearchFilters(tag="status/blocked")
        hits = check_hits(
            source.search(make_request("sensor", filters=filters)), name="semantic", demo=demo
        )
        assert [h.note_path for h in hits] == ["Daily/2026-08-14.md"]


class TestTextSource(SourceContract):
    source_name = "text"
    answerable = ("REQ-006", "Projects/Requirements.md")
    broad_query = "sensor battery calibration"

    @pytest.mark.parametrize(
        ("text", "needle", "path"),
        [
            ("REQ-006", "req-006", "Projects/Requirements.md"),
            ("REQ-012", "req-012", "Projects/Requirements.md"),
            ("stage_offset_mm", "stage_offset_mm", "Methods/River Stage Measurement.md"),
            ("riverbend-ingest", "riverbend-ingest", "Projects/Data Pipeline.md"),
            ('"no silent gaps"', "no silent gaps", "Methods/Data QC Procedure.md"),
            ("防护等级", "防护等级", "Hardware/HC-SM30 数据手册摘要.md"),
        ],
    )
    def test_exact_needles_are_found_and_highlighted(
        self, source: Source, demo: DemoIndex, text: str, needle: str, path: str
    ) -> None:
        hits = check_hits(source.search(make_request(text)), name="text", demo=demo)
        found = {h.note_path: h for h in hits}
        assert path in found, [h.note_path for h in hits[:5]]
        hit = found[path]
        assert hit.match_type == "exact_text"
        assert hit.excerpt is not None
        marked = [hit.excerpt.text[s.start : s.end].casefold() for s in hit.excerpt.spans]
        assert needle in marked, marked
        # Every exact hit really holds the needle.
        for h in hits:
            if h.match_type == "exact_text":
                assert h.excerpt is not None and needle in h.excerpt.text.casefold(), h

    @pytest.mark.parametrize("text", ["calibrate", "decisions", "watering", "calibrating sensors"])
    def test_a_note_found_by_another_word_form_has_its_passage(
        self, source: Source, demo: DemoIndex, text: str
    ) -> None:
        # The whole-note index stems words ("calibrate" finds "calibration"); the passage
        # shown must be one that holds such a form, marked, never no passage at all.
        hits = check_hits(source.search(make_request(text)), name="text", demo=demo)
        assert hits
        for hit in hits:
            assert hit.excerpt is not None, f"{hit.note_path} (#{hit.rank}) has no passage"
        marked = [h for h in hits if h.excerpt is not None and h.excerpt.spans]
        assert len(marked) >= len(hits) - 1, [h.note_path for h in hits if h not in marked]

    def test_operators_are_plain_words(self, source: Source) -> None:
        # If OR were FTS5 syntax, "zzzunknown OR sensor" would find every note about sensors.
        assert source.search(make_request("zzzunknownword OR")) == []
        assert source.search(make_request("*")) == []


class TestGraphSource(SourceContract):
    source_name = "graph"
    answerable = ("RG2", "Hardware/river-gauge-v2.md")
    broad_query = "#sensor"

    def test_alias_is_an_exact_match_and_neighbours_say_how(
        self, source: Source, demo: DemoIndex
    ) -> None:
        from engine.search.sources.graph import MAX_NEIGHBOURS

        hits = check_hits(source.search(make_request("RG2")), name="graph", demo=demo)
        first, rest = hits[0], hits[1:]
        assert (first.match_type, first.relevance) == ("graph_exact", 1.0)
        assert first.excerpt is not None and "RG2" in first.excerpt.text
        assert rest and all(h.match_type == "graph_neighbor" for h in rest)
        assert len(rest) <= MAX_NEIGHBOURS
        assert all(h.relevance < first.relevance for h in rest)
        for h in rest:
            assert h.relations and h.relations[0].other_path == first.note_path, h.relations
        # The note that links to [[RG2]] is a direct neighbour.
        kestrel = {h.note_path: h for h in rest}["Sites/Site C - Kestrel Bend.md"]
        assert kestrel.relations[0].hops == 1 and kestrel.relations[0].kind == "links_to"

    def test_a_tag_only_in_a_code_fence_does_not_count(
        self, source: Source, demo: DemoIndex
    ) -> None:
        hits = check_hits(source.search(make_request("#status/blocked")), name="graph", demo=demo)
        exact = [h.note_path for h in hits if h.match_type == "graph_exact"]
        assert exact == ["Daily/2026-08-14.md"]

    def test_one_common_word_of_a_question_is_not_a_name(self, source: Source) -> None:
        # "calibration" is an alias of the calibration method note, and one word of this
        # question: it must not pull that note's whole neighbourhood into the answer.
        question = "which paper says capacitive probes need per-site calibration in clay"
        hits = source.search(make_request(question))
        assert [h for h in hits if h.match_type == "graph_neighbor"] == []

    def test_a_date_range_alone_lists_the_notes_of_that_range(
        self, source: Source, demo: DemoIndex
    ) -> None:
        filters = SearchFilters(since=JUNE[0], until=JUNE[1])
        hits = check_hits(source.search(make_request("", filters=filters)), name="graph", demo=demo)
        expected = {p for p in demo.indexed_paths() if _in_june(p, demo.note(p))}
        assert {h.note_path for h in hits} == expected
        assert "Daily/2026-06-03.md" in expected
