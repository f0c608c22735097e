"""Golden queries on the demo vault: the fused answer of all three sources.

`resources/demo-vault.expected.json` lists what a user of this vault expects: the note each
golden query must bring into the top 3, the aliases, the near-duplicate pair and the tags.
A failure message shows the fused results with their score breakdown and per-source ranks,
which is what to look at when ranking changes.
"""

from __future__ import annotations

import dataclasses
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from engine.search.config import MergeConfig
from engine.search.merge import merge
from engine.search.query import parse_date, parse_query
from engine.search.service import SearchFilters, SearchRequest

if TYPE_CHECKING:
    from conftest import DemoIndex

    from engine.search.types import SearchResponse

pytestmark = pytest.mark.slow

DEMO_EXPECTED = Path(__file__).resolve().parents[3] / "resources" / "demo-vault.expected.json"

EXPECTED: dict[str, Any] = json.loads(DEMO_EXPECTED.read_text(encoding="utf-8"))
IHN_MEETING = "Meetings/2026-07-15 Treffen mit IHN.md"

# Golden queries the current merge still misses, with why each one misses.
KNOWN_MISSES: dict[str, str] = {}  # query -> why it misses (none today)
KNOWN_ALIAS_MISSES: dict[str, str] = {}  # alias -> why it misses (none today)


def golden_params() -> list[Any]:
    params = []
    for case in EXPECTED["golden_queries"]:
        marks = []
        if case["query"] in KNOWN_MISSES:
            marks.append(pytest.mark.xfail(strict=True, reason=KNOWN_MISSES[case["query"]]))
        params.append(
            pytest.param(case["query"], case["expect_top3"], marks=marks, id=case["query"])
        )
    return params


def alias_params() -> list[Any]:
    return [
        pytest.param(
            alias,
            path,
            id=alias,
            marks=[pytest.mark.xfail(strict=True, reason=KNOWN_ALIAS_MISSES[alias])]
            if alias in KNOWN_ALIAS_MISSES
            else [],
        )
        for alias, path in sorted(EXPECTED["aliases"].items())
    ]


def explain(response: SearchResponse, *, count: int = 8) -> str:
    """The fused results as a reader of a failing test needs them."""
    lines = [f"query {response.query!r}:"]
    for i, r in enumerate(response.results[:count], start=1):
        b = r.score_breakdown
        lines.append(
            f"  {i}. {r.note_path}  total={b.total:.3f} rrf={b.rrf:.3f} "
            f"agree={b.agreement:.2f} exact={b.exact:.2f} xref={b.cross_ref:.2f} "
            f"recency={b.recency:.3f} auth={b.authority:.2f} ranks={dict(r.source_ranks)} "
            f"types={list(r.match_types)} dups={list(r.duplicates)}"
        )
    return "\n".join(lines)


def top(response: SearchResponse, n: int = 3) -> list[str]:
    return [r.note_path for r in response.results[:n]]


# -- golden queries ----------------------------------------------------------------------------


@pytest.mark.parametrize(("query", "path"), golden_params())
def test_golden_query_has_its_note_in_the_top_3(demo: DemoIndex, query: str, path: str) -> None:
    response = demo.service.search(query, limit=10)
    assert path in top(response), explain(response)


@pytest.mark.parametrize(("alias", "path"), alias_params())
def test_an_alias_brings_its_note_into_the_top_3(demo: DemoIndex, alias: str, path: str) -> None:
    response = demo.service.search(alias, limit=10)
    assert path in top(response), explain(response)


@pytest.mark.parametrize(
    ("query", "path"),
    [
        *[(f"REQ-{n:03d}", "Projects/Requirements.md") for n in (1, 5, 9, 14)],
        ("stage_offset_mm", "Methods/River Stage Measurement.md"),
        ("riverbend-ingest", "Projects/Data Pipeline.md"),
        ('"no silent gaps"', "Methods/Data QC Procedure.md"),
        ('"lithium thionyl chloride"', "Hardware/soil-node-s3.md"),
    ],
)
def test_identifiers_and_phrases_are_exact_text_in_the_top_3(
    demo: DemoIndex, query: str, path: str
) -> None:
    response = demo.service.search(query, limit=10)
    assert path in top(response), explain(response)
    result = next(r for r in response.results if r.note_path == path)
    assert "exact_text" in result.match_types
    assert "text" in result.sources


def test_a_tag_in_a_code_fence_does_not_make_a_tag_match(demo: DemoIndex) -> None:
    response = demo.service.search("#status/blocked", limit=10)
    assert top(response, 1) == ["Daily/2026-08-14.md"], explain(response)
    home = [r for r in response.results if r.note_path == "Home.md"]
    assert not home or "graph_exact" not in home[0].match_types


# -- near-duplicates ---------------------------------------------------------------------------


@pytest.mark.parametrize("query", ["weekly sync action items", "2026-10-19 Weekly Sync"])
def test_near_duplicate_notes_collapse_into_one_result(demo: DemoIndex, query: str) -> None:
    (pair,) = EXPECTED["near_duplicates"]
    response = demo.service.search(query, limit=10)
    shown = [r for r in response.results if r.note_path in pair]
    assert len(shown) == 1, explain(response)
    (kept,) = shown
    (other,) = [p for p in pair if p != kept.note_path]
    assert kept.duplicates == (other,)
    assert kept.cross_validated
    assert kept.note_path in top(response, 1), explain(response)
    assert other not in [p for r in response.results for p in (r.note_path,)]
    assert response.query_metadata.deduplicated_results < response.query_metadata.total_results


# -- filters -----------------------------------------------------------------------------------


def test_folder_filter_returns_only_that_folder(demo: DemoIndex) -> None:
    response = demo.service.search(
        "sensor battery deployment", limit=20, filters=SearchFilters(folder="Meetings")
    )
    assert len(response.results) >= 3, explain(response)
    assert all(r.note_path.startswith("Meetings/") for r in response.results), explain(response)
    assert {"semantic", "text"} <= {s for r in response.results for s in r.sources}


@pytest.mark.parametrize(
    ("tag", "query"),
    [("sensor", "battery life and radio range"), ("status/blocked", "gateway mast")],
)
def test_tag_filter_returns_only_tagged_notes(demo: DemoIndex, tag: str, query: str) -> None:
    response = demo.service.search(query, limit=20, filters=SearchFilters(tag=tag))
    assert response.results, explain(response)
    for r in response.results:
        tags = demo.note(r.note_path).tags
        assert any(t == tag or t.startswith(tag + "/") for t in tags), (r.note_path, tags)
    if tag == "status/blocked":
        assert top(response, 99) == ["Daily/2026-08-14.md"]


def test_date_range_returns_only_notes_of_that_range(demo: DemoIndex) -> None:
    since, until = parse_date("2026-06-01"), parse_date("2026-06-30", end=True)
    response = demo.service.search(
        "deployment", limit=20, filters=SearchFilters(since=since, until=until)
    )
    assert response.results, explain(response)
    for r in response.results:
        note = demo.note(r.note_path)
        dates = [d for d in (note.modified, note.created) if d is not None]
        assert any(since <= d < until for d in dates), (r.note_path, dates)
    assert "Daily/2026-06-03.md" in top(response, 20)


def test_a_date_range_alone_lists_that_range(demo: DemoIndex) -> None:
    since, until = datetime(2026, 6, 1, tzinfo=UTC), datetime(2026, 7, 1, tzinfo=UTC)
    response = demo.service.search("", limit=50, filters=SearchFilters(since=since, until=until))
    paths = set(top(response, 50))
    assert {"Daily/2026-06-03.md", "Meetings/2026-06-22 Post-deployment Review.md"} <= paths
    for path in paths:
        note = demo.note(path)
        assert any(d is not None and since <= d < until for d in (note.modified, note.created))


# -- exact order -------------------------------------------------------------------------------


def test_exact_order_for_a_config_key(demo: DemoIndex) -> None:
    """`battery_cutoff_mv` is defined in the power budget and listed in the node configuration;
    no other note holds it. Both are found by meaning and words, so they lead, in that order
    (rank 1 in both sources beats ranks 4 and 2). An identifier query puts the notes holding it
    in the high tier; a note without it is shown only when it matches strongly otherwise.
    """
    response = demo.service.search("battery_cutoff_mv", limit=6)
    assert top(response, 2) == ["Hardware/Power Budget.md", "Methods/Node Configuration.md"], (
        explain(response)
    )
    first, second, *rest = response.results
    assert dict(first.source_ranks) == {"semantic": 1, "text": 1}
    assert first.match_types == ("semantic", "exact_text")
    assert second.source_ranks["text"] == 2
    assert first.tier == second.tier == "high"
    assert all("exact_text" not in r.match_types and r.tier != "high" for r in rest)


def test_exact_order_for_a_word_only_one_note_holds(demo: DemoIndex) -> None:
    """Only the German meeting note holds 'Hochwasserwarnung': found by words and meaning, it
    leads; any other result is found by meaning alone and scores lower, and the notes far
    below it are not shown (without the floor they are: meaning ranks every note)."""
    response = demo.service.search("Hochwasserwarnung", limit=5)
    first, *rest = response.results
    assert first.note_path == IHN_MEETING, explain(response)
    assert dict(first.source_ranks) == {"semantic": 1, "text": 1}
    assert all(r.sources == ("semantic",) for r in rest), explain(response)
    assert all(r.composite_relevance < first.composite_relevance for r in rest)
    floor = MergeConfig().relevance_floor * first.score_breakdown.total
    assert all(r.score_breakdown.total >= floor for r in rest)
    request = SearchRequest(query=parse_query("Hochwasserwarnung"), depth=50)
    hits = {n: demo.service.source(n).search(request) for n in ("semantic", "text", "graph")}
    unfloored = merge(
        hits,
        config=dataclasses.replace(MergeConfig(), use_relevance_floor=False),
        now=datetime(2026, 11, 23, tzinfo=UTC),
        limit=5,
        intent="keyword",
    )
    assert len(unfloored.results) == 5 > len(response.results)


def test_exact_rrf_scores_on_real_hits(demo: DemoIndex) -> None:
    """The same query's real source hits, fused by plain RRF (k=60, every boost off): each
    note scores Σ 1/(60 + rank) over the sources that found it, divided by the 3/61 a note
    ranked first by all three sources would get."""
    plain = dataclasses.replace(
        MergeConfig(),
        fusion="rrf",
        rrf_k=60,
        rrf_weight_text=1.0,
        use_agreement_boost=False,
        use_exact_boost=False,
        use_cross_reference=False,
        use_recency=False,
        use_authority=False,
        use_near_duplicates=False,
        use_mmr=False,
        token_budget=None,
    )
    request = SearchRequest(query=parse_query("Hochwasserwarnung"), depth=50)
    hits = {name: demo.service.source(name).search(request) for name in ("semantic", "text")}
    hits["graph"] = demo.service.source("graph").search(request)
    assert hits["graph"] == [] and [h.note_path for h in hits["text"]] == [IHN_MEETING]

    out = merge(hits, config=plain, now=datetime(2026, 11, 23, tzinfo=UTC), limit=50)

    first, *rest = out.ranked
    assert first.note_path == IHN_MEETING
    assert first.composite_relevance == pytest.approx((1 / 61 + 1 / 61) / (3 / 61))  # 2/3
    semantic_order = [h.note_path for h in hits["semantic"] if h.note_path != IHN_MEETING]
    assert [r.note_path for r in rest] == semantic_order
    for result in rest:
        rank = result.source_ranks["semantic"]
        assert result.score_breakdown.total == pytest.approx((1 / (60 + rank)) / (3 / 61))
