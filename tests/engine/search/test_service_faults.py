"""SearchService under faults: a source that raises, hangs or returns garbage is a warning,
never a lost answer; only when every source fails does a search raise.

Fakes stand in for the faulty source only; the healthy one is the real text source over the
demo vault's index (conftest.py), so the answers checked are real answers.
"""

from __future__ import annotations

import json
import logging
import math
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

import pytest

from engine.errors import EngineError, QueryExecutionError
from engine.search.config import MergeConfig
from engine.search.query import parse_query
from engine.search.service import (
    QuerySupersededError,
    SearchRequest,
    SearchService,
    Source,
)
from engine.search.types import Hit, SearchResponse

if TYPE_CHECKING:
    from conftest import DemoIndex

# Every test here uses the demo index (built once per session, tens of seconds).
pytestmark = pytest.mark.slow

REQUIREMENTS = "Projects/Requirements.md"
POWER_BUDGET = "Hardware/Power Budget.md"
LI_WEI = "People/Li Wei.md"  # a note the text source does not find for "REQ-006"

MakeService = Callable[..., SearchService]


# -- fakes -------------------------------------------------------------------------------------


class RaisingSource:
    def __init__(self, name: str, message: str = "vector store is locked\nsecond line") -> None:
        self.name = name
        self.message = message
        self.calls = 0

    def search(self, request: SearchRequest) -> list[Hit]:
        self.calls += 1
        raise RuntimeError(self.message)


class HangingSource:
    """Blocks until `release` is set (the test's teardown sets it, so no thread is left)."""

    def __init__(self, name: str, release: threading.Event) -> None:
        self.name = name
        self.release = release
        self.entered = threading.Event()
        self.finished = threading.Event()

    def search(self, request: SearchRequest) -> list[Hit]:
        self.entered.set()
        try:
            self.release.wait(timeout=60)
            return []
        finally:
            self.finished.set()


class GateSource:
    """Holds one query (by its text) until released; answers every other query at once."""

    def __init__(self, name: str, *, hold: str, release: threading.Event) -> None:
        self.name = name
        self.hold = hold
        self.release = release
        self.entered = threading.Event()

    def search(self, request: SearchRequest) -> list[Hit]:
        if request.query.text == self.hold:
            self.entered.set()
            self.release.wait(timeout=60)
        return []


class FixedSource:
    """Returns whatever it was given, as is."""

    def __init__(self, name: str, result: Any) -> None:
        self.name = name
        self.result = result

    def search(self, request: SearchRequest) -> Any:
        return self.result


def fake_hit(path: str = POWER_BUDGET, **kw: Any) -> Hit:
    kw.setdefault("source", "semantic")
    kw.setdefault("match_type", "semantic")
    kw.setdefault("relevance", 0.5)
    return Hit(note_path=path, **kw)


# -- fixtures ----------------------------------------------------------------------------------


@pytest.fixture
def release() -> Iterator[threading.Event]:
    """Set at teardown, so a blocked fake always returns and its worker thread ends."""
    event = threading.Event()
    yield event
    event.set()


@pytest.fixture
def make_service() -> Iterator[MakeService]:
    made: list[SearchService] = []

    def make(sources: Sequence[Source], *, timeout_s: float = 10.0) -> SearchService:
        # every result shown: these tests follow hits through faults, not the floor
        config = MergeConfig(use_relevance_floor=False)
        service = SearchService(sources=sources, timeout_s=timeout_s, config=config)
        made.append(service)
        return service

    yield make
    for service in made:
        service.close()


@pytest.fixture
def text_source(demo: DemoIndex) -> Source:
    return demo.service.source("text")


def result_paths(response: SearchResponse) -> list[str]:
    return [r.note_path for r in response.results]


def assert_text_still_answers(response: SearchResponse) -> None:
    """The healthy real text source's answer survived the fault."""
    assert response.results, "the healthy source's results were lost"
    assert result_paths(response)[0] == REQUIREMENTS
    assert all("text" in r.sources for r in response.results)


# -- a source that raises ----------------------------------------------------------------------


def test_a_source_that_raises_is_a_warning(
    make_service: MakeService, text_source: Source, caplog: pytest.LogCaptureFixture
) -> None:
    broken = RaisingSource("semantic")
    service = make_service([broken, text_source])
    with caplog.at_level(logging.WARNING, logger="engine.search.service"):
        response = service.search("REQ-006", limit=5)

    assert_text_still_answers(response)
    assert all(r.sources == ("text",) for r in response.results)
    (warning,) = [w for w in response.warnings if w.source == "semantic"]
    assert warning.kind == "source_failed"
    assert "vector store is locked" in warning.message
    assert "\n" not in warning.message and "second line" not in warning.message
    assert "meaning" in warning.impact  # what the missing source means for these results
    meta = response.query_metadata
    assert meta.sources_failed == ("semantic",)
    assert meta.sources_available == ("text",)
    assert meta.per_source["semantic"].count == 0
    assert meta.per_source["text"].count >= len(response.results)
    assert any(r.exc_info and "semantic" in r.getMessage() for r in caplog.records)


# -- a source that hangs -----------------------------------------------------------------------


def test_a_source_that_hangs_times_out_as_a_warning(
    make_service: MakeService, text_source: Source, release: threading.Event
) -> None:
    timeout = 1.0
    hanging = HangingSource("graph", release)
    service = make_service([text_source, hanging], timeout_s=timeout)

    started = time.monotonic()
    response = service.search("REQ-006", limit=5)
    elapsed = time.monotonic() - started

    assert hanging.entered.is_set()
    assert not hanging.finished.is_set(), "the fake should still be blocked"
    assert timeout - 0.05 <= elapsed < timeout + 5, elapsed
    assert_text_still_answers(response)
    (warning,) = [w for w in response.warnings if w.source == "graph"]
    assert warning.kind == "source_timeout"
    assert "1000 ms" in warning.message
    assert "link" in warning.impact
    assert response.query_metadata.sources_failed == ("graph",)
    assert response.query_metadata.per_source["graph"].count == 0

    release.set()
    assert hanging.finished.wait(5), "the hanging source's worker never came back"


# -- a source that returns garbage -------------------------------------------------------------


@pytest.mark.parametrize(
    ("garbage", "bad"),
    [
        pytest.param([{"note_path": POWER_BUDGET}, None, REQUIREMENTS, 42], 4, id="not-hits"),
        pytest.param([fake_hit(REQUIREMENTS, relevance=math.nan)], 1, id="nan-relevance"),
        pytest.param([fake_hit(REQUIREMENTS, source="text")], 1, id="wrong-source-name"),
        pytest.param([fake_hit("")], 1, id="empty-note-path"),
        pytest.param([fake_hit(REQUIREMENTS, relevance="high")], 1, id="relevance-not-a-number"),
    ],
)
def test_garbage_hits_are_dropped_with_a_warning(
    make_service: MakeService, text_source: Source, garbage: list[Any], bad: int
) -> None:
    words = text_source.search(SearchRequest(query=parse_query("REQ-006")))
    assert LI_WEI not in {h.note_path for h in words}, "precondition"
    good = fake_hit(LI_WEI)
    service = make_service([FixedSource("semantic", [good, *garbage]), text_source])
    response = service.search("REQ-006", limit=50)

    (warning,) = [w for w in response.warnings if w.source == "semantic"]
    assert warning.kind == "source_garbage"
    assert f"returned {bad} malformed" in warning.message
    assert warning.impact
    meta = response.query_metadata
    assert meta.sources_failed == ()
    assert meta.per_source["semantic"].count == 1  # the one good hit
    by_path = {r.note_path: r for r in response.results}
    assert by_path[LI_WEI].sources == ("semantic",)  # the good hit was kept
    assert "semantic" not in by_path[REQUIREMENTS].sources  # the garbage was not
    assert result_paths(response)[0] == REQUIREMENTS


@pytest.mark.parametrize(
    "garbage",
    [
        pytest.param({"hits": []}, id="dict"),
        pytest.param(REQUIREMENTS, id="str"),
        pytest.param(None, id="none"),
        pytest.param(iter([fake_hit()]), id="iterator"),
    ],
)
def test_an_answer_that_is_not_a_list_fails_that_source(
    make_service: MakeService, text_source: Source, garbage: Any
) -> None:
    service = make_service([FixedSource("semantic", garbage), text_source])
    response = service.search("REQ-006", limit=5)

    assert_text_still_answers(response)
    (warning,) = [w for w in response.warnings if w.source == "semantic"]
    assert warning.kind == "source_failed"
    assert "not a list" in warning.message
    assert response.query_metadata.sources_failed == ("semantic",)


def test_relevance_out_of_range_is_clamped_not_dropped(
    make_service: MakeService, text_source: Source
) -> None:
    hits = [fake_hit(POWER_BUDGET, relevance=7.5), fake_hit(REQUIREMENTS, relevance=-3.0)]
    service = make_service([FixedSource("semantic", hits), text_source])
    response = service.search("REQ-006", limit=50)

    assert not [w for w in response.warnings if w.kind.startswith("source_")]
    by_path = {r.note_path: r for r in response.results}
    assert by_path[POWER_BUDGET].relevance_score == 1.0
    assert all(0.0 <= r.composite_relevance <= 1.0 for r in response.results)


# -- everything fails --------------------------------------------------------------------------


def test_every_source_failing_raises_with_advice(
    make_service: MakeService, release: threading.Event
) -> None:
    service = make_service(
        [
            RaisingSource("semantic"),
            RaisingSource("text", "database disk image is malformed"),
            HangingSource("graph", release),
        ],
        timeout_s=0.3,
    )
    with pytest.raises(QueryExecutionError) as info:
        service.search("REQ-006")
    message = str(info.value)
    assert isinstance(info.value, EngineError)
    assert "\n" not in message
    assert "vector store is locked" in message
    assert "database disk image is malformed" in message
    assert "graph" in message
    assert "consilience index" in message  # what to do about it


def test_unknown_source_names_raise_with_the_choices(
    make_service: MakeService, text_source: Source
) -> None:
    service = make_service([text_source])
    with pytest.raises(QueryExecutionError, match="choose from text"):
        service.search("REQ-006", sources=["nope"])


def test_sources_not_chosen_are_not_asked(make_service: MakeService, text_source: Source) -> None:
    broken = RaisingSource("semantic")
    service = make_service([broken, text_source])
    response = service.search("REQ-006", limit=5, sources=["text"])

    assert broken.calls == 0
    assert response.warnings == () or all(w.source is None for w in response.warnings)
    assert set(response.query_metadata.per_source) == {"text"}
    assert response.query_metadata.sources_available == ("text",)
    assert_text_still_answers(response)


# -- superseding -------------------------------------------------------------------------------


def _run_in_thread(fn: Callable[[], SearchResponse]) -> tuple[threading.Thread, dict[str, Any]]:
    outcome: dict[str, Any] = {}

    def run() -> None:
        try:
            outcome["value"] = fn()
        except BaseException as exc:  # handed to the test thread
            outcome["value"] = exc

    thread = threading.Thread(target=run, name="older-query")
    thread.start()
    return thread, outcome


def test_a_newer_query_supersedes_an_older_one(
    make_service: MakeService, text_source: Source, release: threading.Event
) -> None:
    gate = GateSource("semantic", hold="REQ-006", release=release)
    service = make_service([gate, text_source], timeout_s=30)

    thread, older = _run_in_thread(lambda: service.search("REQ-006", supersede=True))
    assert gate.entered.wait(10), "the older query never reached the source"
    newer = service.search("REQ-012", supersede=True)  # while the older one is held
    release.set()
    thread.join(10)

    assert not thread.is_alive()
    assert isinstance(older["value"], QuerySupersededError)
    assert newer.query == "REQ-012"
    assert result_paths(newer)[0] == REQUIREMENTS
    # The service is fine afterwards.
    again = service.search("REQ-006", supersede=True)
    assert result_paths(again)[0] == REQUIREMENTS


def test_a_query_that_does_not_opt_in_is_never_superseded(
    make_service: MakeService, text_source: Source, release: threading.Event
) -> None:
    gate = GateSource("semantic", hold="REQ-006", release=release)
    service = make_service([gate, text_source], timeout_s=30)

    thread, older = _run_in_thread(lambda: service.search("REQ-006"))
    assert gate.entered.wait(10)
    service.search("REQ-012", supersede=True)
    release.set()
    thread.join(10)

    assert not thread.is_alive()
    assert isinstance(older["value"], SearchResponse)
    assert result_paths(older["value"])[0] == REQUIREMENTS


def test_queries_that_do_not_overlap_are_not_superseded(
    make_service: MakeService, text_source: Source
) -> None:
    service = make_service([text_source])
    first = service.search("REQ-006", supersede=True)
    second = service.search("REQ-012", supersede=True)
    assert result_paths(first)[0] == result_paths(second)[0] == REQUIREMENTS


# -- metadata and JSON -------------------------------------------------------------------------


def test_query_metadata_counts_and_times_every_source(demo: DemoIndex) -> None:
    response = demo.service.search("battery_cutoff_mv", limit=5)
    meta = response.query_metadata

    assert meta.sources_available == ("semantic", "text", "graph")
    assert meta.sources_failed == ()
    assert set(meta.per_source) == {"semantic", "text", "graph"}
    request = SearchRequest(query=parse_query("battery_cutoff_mv"), depth=50)
    for name in ("semantic", "text", "graph"):
        assert meta.per_source[name].count == len(demo.service.source(name).search(request))
        assert 0.0 <= meta.per_source[name].ms <= meta.total_ms
    assert meta.per_source["text"].count > 0 and meta.per_source["semantic"].count > 0
    assert meta.total_results == sum(s.count for s in meta.per_source.values())
    assert len(response.results) <= 5 <= meta.deduplicated_results <= meta.total_results
    assert 0.0 <= meta.merge_duration_ms <= meta.total_ms


RESULT_KEYS = {
    "note_path",
    "title",
    "sources",
    "primary_source",
    "match_types",
    "excerpts",
    "composite_relevance",
    "tier",
    "duplicates",
}
METADATA_KEYS = {
    "total_results",
    "deduplicated_results",
    "sources_available",
    "sources_failed",
    "per_source",
    "merge_duration_ms",
    "total_ms",
}


def test_to_dict_is_json_with_the_documented_keys(demo: DemoIndex) -> None:
    response = demo.service.search("REQ-006", limit=5)
    data = json.loads(json.dumps(response.to_dict(), allow_nan=False, ensure_ascii=False))

    assert {"query", "results", "tiers", "contradictions", "warnings", "query_metadata"} <= set(
        data
    )
    assert data["query"] == "REQ-006"
    assert data["results"] and data["results"][0]["note_path"] == REQUIREMENTS
    for result in data["results"]:
        assert set(result) >= RESULT_KEYS, RESULT_KEYS - set(result)
        assert result["sources"] and result["primary_source"] in result["sources"]
        assert 0.0 <= result["composite_relevance"] <= 1.0
        assert result["tier"] in ("high", "medium", "low")
        assert isinstance(result["duplicates"], list)
        for excerpt in result["excerpts"]:
            assert {"source", "text", "spans"} <= set(excerpt)
            assert excerpt["source"] in result["sources"]
    assert set(data["tiers"]) == {"high", "medium", "low"}
    tiered = [p for paths in data["tiers"].values() for p in paths]
    assert sorted(tiered) == sorted(r["note_path"] for r in data["results"])
    assert isinstance(data["contradictions"], list)
    meta = data["query_metadata"]
    assert set(meta) >= METADATA_KEYS, METADATA_KEYS - set(meta)
    assert set(meta["per_source"]) == {"semantic", "text", "graph"}
    assert all(set(s) == {"count", "ms"} for s in meta["per_source"].values())


def test_warnings_are_in_the_json(make_service: MakeService, text_source: Source) -> None:
    service = make_service([RaisingSource("semantic"), text_source])
    data = json.loads(json.dumps(service.search("REQ-006").to_dict(), allow_nan=False))

    (warning,) = [w for w in data["warnings"] if w["source"] == "semantic"]
    assert set(warning) == {"source", "kind", "message", "impact"}
    assert warning["kind"] == "source_failed"
    assert data["query_metadata"]["sources_failed"] == ["semantic"]


# -- how deep the sources are asked ------------------------------------------------------------


class DepthRecorder:
    """Remembers the depth each request asked for."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.depths: list[int] = []

    def search(self, request: SearchRequest) -> list[Hit]:
        self.depths.append(request.depth)
        return [fake_hit(source=self.name)]


def test_sources_are_asked_for_a_few_more_notes_than_the_limit(make_service: MakeService) -> None:
    from engine.search.service import DEPTH_SLACK, MIN_DEPTH, source_depth

    recorder = DepthRecorder("semantic")
    service = make_service([recorder])
    for limit in (1, 20, 100, 500):
        service.search("battery", limit=limit)
    assert recorder.depths == [source_depth(n) for n in (1, 20, 100, 500)]
    assert recorder.depths == [MIN_DEPTH, MIN_DEPTH, 100 + DEPTH_SLACK, 500 + DEPTH_SLACK]
