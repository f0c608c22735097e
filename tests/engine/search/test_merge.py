"""Example tests of the merge pipeline: exact order and exact scores on small cases worked out
by hand (RRF = Σ 1/(60 + rank), boosts from the seeds)."""

from __future__ import annotations

import dataclasses
import json
import math
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import numpy as np
import pytest

from engine.search.config import MergeConfig
from engine.search.merge import (
    assign_tier,
    is_near_duplicate,
    jaccard,
    merge,
    merge_metadata,
    normalise_hits,
    normalise_tokens,
    primary_source,
    recency_factor,
    rrf_score,
)
from engine.search.types import (
    Excerpt,
    Hit,
    MatchType,
    MergedResult,
    MergeOutput,
    QueryMetadata,
    Relation,
    SearchResponse,
    SearchWarning,
    SourceStats,
    Span,
)

NOW = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
# The seeds' configuration (RRF, every boost on): these examples pin its arithmetic. The
# product default (convex fusion, measured boosts) is covered by the tests at the end.
# The seeds' pipeline also lists MMR's picks in MMR order, shows every result however weak,
# has one weight set for every query and calls a query weak by its best composite.
CFG = MergeConfig(
    fusion="rrf",
    rrf_weight_text=1.0,
    use_agreement_boost=True,
    use_exact_boost=True,
    use_query_intent=False,
    use_exact_first=False,
    use_relevance_floor=False,
    use_answer_check=False,
    order_by_score=False,
    token_budget=2000,
)
# Every boost off: the composite is the normalised RRF alone.
PLAIN = dataclasses.replace(
    CFG,
    use_agreement_boost=False,
    use_exact_boost=False,
    use_cross_reference=False,
    use_recency=False,
    use_authority=False,
    use_near_duplicates=False,
    use_mmr=False,
    token_budget=None,
)
MATCH: dict[str, MatchType] = {"semantic": "semantic", "text": "keyword", "graph": "graph_exact"}


def hit(source: str, path: str, **kw: Any) -> Hit:
    kw.setdefault("match_type", MATCH.get(source, "semantic"))
    kw.setdefault("relevance", 0.5)
    return Hit(source=source, note_path=path, **kw)


def run(
    hits: Mapping[str, Sequence[Hit]], config: MergeConfig = CFG, limit: int = 50, **kw: Any
) -> MergeOutput:
    return merge(hits, config=config, now=NOW, limit=limit, **kw)


def paths(results: Sequence[MergedResult]) -> list[str]:
    return [r.note_path for r in results]


def by_path(out: MergeOutput) -> dict[str, MergedResult]:
    return {r.note_path: r for r in out.ranked}


# --- RRF ------------------------------------------------------------------------------------


def test_rrf_of_known_ranks_gives_exact_order_and_scores() -> None:
    out = run(
        {
            "semantic": [hit("semantic", "A.md"), hit("semantic", "B.md")],
            "text": [hit("text", "B.md"), hit("text", "C.md")],
        },
        PLAIN,
    )
    r = by_path(out)
    assert paths(out.results) == ["B.md", "A.md", "C.md"]
    assert r["A.md"].rrf_score == pytest.approx(1 / 61, abs=1e-15)
    assert r["B.md"].rrf_score == pytest.approx(1 / 62 + 1 / 61, abs=1e-15)
    assert r["C.md"].rrf_score == pytest.approx(1 / 62, abs=1e-15)
    # normalised by the best achievable with two answering sources, 2/61
    assert r["B.md"].composite_relevance == pytest.approx((1 / 62 + 1 / 61) / (2 / 61))
    assert r["A.md"].composite_relevance == pytest.approx(0.5)
    assert r["C.md"].composite_relevance == pytest.approx(61 / 124)
    assert dict(r["B.md"].source_ranks) == {"semantic": 2, "text": 1}


def test_rrf_weights_change_the_order() -> None:
    hits = {"semantic": [hit("semantic", "S.md")], "text": [hit("text", "T.md")]}
    assert paths(run(hits, PLAIN).results) == ["S.md", "T.md"]  # tie → path ascending
    heavy_text = dataclasses.replace(PLAIN, rrf_weight_text=2.0)
    out = run(hits, heavy_text)
    assert paths(out.results) == ["T.md", "S.md"]
    assert out.ranked[0].rrf_score == pytest.approx(2 / 61)
    assert out.ranked[0].composite_relevance == pytest.approx((2 / 61) / (3 / 61))


def test_rrf_score_uses_config_k() -> None:
    config = dataclasses.replace(CFG, rrf_k=10)
    assert rrf_score({"semantic": 1, "graph": 4}, config=config) == pytest.approx(1 / 11 + 1 / 14)


def test_note_rank_counts_distinct_notes_not_chunks() -> None:
    out = run(
        {
            "semantic": [
                hit("semantic", "A.md", chunk_id="A.md#0"),
                hit("semantic", "A.md", chunk_id="A.md#1"),
                hit("semantic", "A.md", chunk_id="A.md#2"),
                hit("semantic", "B.md", chunk_id="B.md#0"),
            ]
        },
        PLAIN,
    )
    r = by_path(out)
    assert dict(r["B.md"].source_ranks) == {"semantic": 2}
    assert r["B.md"].rrf_score == pytest.approx(1 / 62)
    assert out.unique_notes == 2
    assert out.total_hits == 4


# --- normalise ------------------------------------------------------------------------------


def test_normalise_clamps_reranks_relabels_and_drops_pathless_hits() -> None:
    ex = Excerpt("wrong", "a#0", "text")
    raw = {
        "text": [
            hit("text", "a.md", relevance=1.7, rank=9, excerpt=ex),
            hit("text", "", relevance=0.3),
            hit("semantic", "b.md", relevance=-0.2, rank=1),
            hit("text", "c.md", relevance=math.nan),
            hit("text", "   ", relevance=0.3),
        ]
    }
    norm = normalise_hits(raw, config=CFG)
    got = [(h.note_path, h.source, h.rank, h.relevance) for h in norm["text"]]
    assert got == [("a.md", "text", 1, 1.0), ("b.md", "text", 2, 0.0), ("c.md", "text", 3, 0.0)]
    assert norm["text"][0].excerpt == Excerpt("text", "a#0", "text")
    out = run(raw)
    assert (out.total_hits, out.dropped_hits, out.unique_notes) == (5, 2, 3)


def test_normalise_orders_sources_canonically_and_keeps_empty_ones() -> None:
    norm = normalise_hits({"zeta": [], "graph": [], "text": [], "alpha": []}, config=CFG)
    assert list(norm) == ["text", "graph", "alpha", "zeta"]


# --- group by note: sources, primary, match types, excerpts, metadata -------------------------


def test_duplicates_of_one_note_collapse_with_all_sources_and_match_types() -> None:
    e1 = Excerpt("semantic", "n#0", "meaning", (Span(0, 7),))
    e2 = Excerpt("text", "n#1", "exact words", (Span(0, 5),))
    out = run(
        {
            "graph": [hit("graph", "n.md", match_type="graph_partial")],
            "text": [
                hit("text", "n.md", match_type="exact_text", excerpt=e2),
                hit("text", "n.md", match_type="keyword", excerpt=e2),
            ],
            "semantic": [
                hit("semantic", "n.md", excerpt=e1),
                hit("semantic", "n.md", excerpt=e1),
            ],
        }
    )
    assert len(out.ranked) == 1
    r = out.ranked[0]
    assert r.sources == ("semantic", "text", "graph")
    assert r.match_types == ("semantic", "exact_text", "keyword", "graph_partial")
    assert r.excerpts == (e2, e1)  # the exact match's excerpt first: it shows what was asked
    assert r.excerpts_by_source() == {"semantic": (e1,), "text": (e2,)}
    assert r.cross_validated


def test_primary_source_is_highest_relevance_then_authority_then_name() -> None:
    sem = hit("semantic", "n.md", relevance=0.8)
    txt = hit("text", "n.md", relevance=0.8)
    gra = hit("graph", "n.md", relevance=0.8)
    assert primary_source([txt, sem], config=CFG) == "semantic"  # equal authority → name
    assert primary_source([txt, sem, gra], config=CFG) == "graph"  # authority 1.1
    assert primary_source([txt, sem], config=dataclasses.replace(CFG, authority_text=1.5)) == (
        "text"
    )
    assert primary_source([dataclasses.replace(txt, relevance=0.9), sem], config=CFG) == "text"


def test_metadata_disagreement_is_kept_with_source_prefixes() -> None:
    out = run(
        {
            "semantic": [hit("semantic", "n.md", metadata={"folder": "P", "size": 10})],
            "text": [
                hit("text", "n.md", metadata={"folder": "P", "size": 12}),
                hit("text", "n.md", metadata={"size": 99, "lang": "en"}),
            ],
            "graph": [hit("graph", "n.md", metadata={"kind": "note"})],
        }
    )
    assert dict(out.ranked[0].metadata) == {
        "folder": "P",
        "source_semantic_size": 10,
        "source_text_size": 12,
        "lang": "en",
        "kind": "note",
    }
    assert list(out.ranked[0].metadata) == [
        "folder",
        "source_semantic_size",
        "source_text_size",
        "lang",
        "kind",
    ]


def test_merge_metadata_compares_nested_values() -> None:
    merged = merge_metadata(
        [
            hit("semantic", "n.md", metadata={"tags": ["a", "b"]}),
            hit("graph", "n.md", metadata={"tags": ("a", "b")}),
        ],
        config=CFG,
    )
    assert merged == {"tags": ("a", "b")}


def test_title_comes_from_primary_source_else_file_stem() -> None:
    out = run(
        {
            "semantic": [hit("semantic", "x/Plan.md", relevance=0.2, title="sem title")],
            "text": [hit("text", "x/Plan.md", relevance=0.9, title="Text Title")],
            "graph": [hit("graph", "y/No Title.md")],
        }
    )
    r = by_path(out)
    assert r["x/Plan.md"].title == "Text Title"
    assert r["x/Plan.md"].primary_source == "text"
    assert r["x/Plan.md"].relevance_score == 0.9
    assert r["y/No Title.md"].title == "No Title"


def test_entities_relations_timestamp_and_best_chunk_are_merged() -> None:
    old, new = NOW - timedelta(days=9), NOW - timedelta(days=2)
    rel1 = Relation("links_to", "b.md")
    rel2 = Relation("shares_tag", "c.md", via="project", hops=1)
    out = run(
        {
            "semantic": [
                hit("semantic", "a.md", chunk_id="a#3", relevance=0.9, timestamp=old),
            ],
            "graph": [
                hit(
                    "graph",
                    "a.md",
                    chunk_id="a#0",
                    relevance=0.9,
                    timestamp=new,
                    entities=("Riverbend", "project"),
                    relations=(rel1, rel2),
                ),
                hit("graph", "a.md", entities=("project", "Q3"), relations=(rel1,)),
            ],
        }
    )
    r = out.ranked[0]
    assert r.entities == ("Riverbend", "project", "Q3")
    assert r.graph_relations == (rel1, rel2)
    assert r.timestamp == new
    assert r.best_chunk_id == "a#0"  # equal relevance → graph has more authority


# --- composite ------------------------------------------------------------------------------


def test_composite_with_every_boost_is_exact_and_the_breakdown_multiplies_out() -> None:
    ts = NOW - timedelta(days=30)
    out = run(
        {
            "semantic": [hit("semantic", "other.md")],
            "text": [hit("text", "x.md", match_type="exact_text", timestamp=ts)],
            "graph": [
                hit("graph", "other.md"),
                hit("graph", "x.md", entities=("Riverbend",), timestamp=ts),
            ],
        },
        query_entities=frozenset({"riverbend"}),
    )
    b = by_path(out)["x.md"].score_breakdown
    rrf = (1 / 61 + 1 / 62) / (3 / 61)
    assert b.rrf_raw == pytest.approx(1 / 61 + 1 / 62)
    assert b.rrf == pytest.approx(rrf)
    assert (b.agreement, b.exact, b.cross_ref) == pytest.approx((0.1, 0.1, 1.2))
    assert b.recency == pytest.approx(1.05)  # one half-life old
    assert b.authority == pytest.approx(1.1)  # max(text 1.0, graph 1.1)
    assert b.total == pytest.approx((rrf + 0.2) * 1.2 * 1.05 * 1.1)
    assert b.total == pytest.approx(1.1937483870967742)
    x = by_path(out)["x.md"]
    assert x.composite_relevance == 1.0  # clamped for display; ordering uses the total
    assert x.cross_referenced and x.cross_validated and x.tier == "high"
    other = by_path(out)["other.md"].score_breakdown
    assert other.total == pytest.approx(((1 / 61 + 1 / 61) / (3 / 61) + 0.1) * 1.1)
    assert paths(out.ranked) == ["x.md", "other.md"]


def test_switching_every_boost_off_leaves_normalised_rrf() -> None:
    ts = NOW
    hits = {
        "text": [hit("text", "x.md", match_type="exact_text", timestamp=ts, entities=("E",))],
        "graph": [hit("graph", "x.md")],
    }
    b = run(hits, PLAIN, query_entities=frozenset({"e"})).ranked[0].score_breakdown
    assert (b.agreement, b.exact, b.cross_ref, b.recency, b.authority) == (0, 0, 1, 1, 1)
    assert b.total == b.rrf == pytest.approx(1.0)
    on = run(hits, query_entities=frozenset({"e"})).ranked[0].score_breakdown
    assert on.total == pytest.approx((1.0 + 0.1 + 0.1) * 1.2 * 1.1 * 1.1)


def test_exact_match_types_are_configurable() -> None:
    hits = {"graph": [hit("graph", "x.md", match_type="graph_exact")], "text": []}
    assert run(hits).ranked[0].score_breakdown.exact == 0.0
    config = dataclasses.replace(CFG, exact_match_types=("exact_text", "graph_exact"))
    assert run(hits, config).ranked[0].score_breakdown.exact == pytest.approx(0.1)


def test_recency_factor_halves_its_bonus_every_half_life() -> None:
    assert recency_factor(NOW, now=NOW, config=CFG) == pytest.approx(1.1)
    assert recency_factor(NOW - timedelta(days=30), now=NOW, config=CFG) == pytest.approx(1.05)
    assert recency_factor(NOW - timedelta(days=60), now=NOW, config=CFG) == pytest.approx(1.025)
    assert recency_factor(None, now=NOW, config=CFG) == 1.0
    assert recency_factor(NOW + timedelta(days=5), now=NOW, config=CFG) == pytest.approx(1.1)
    naive = datetime(2025, 1, 30, 12, 0)  # 30 days before NOW, taken as UTC
    assert recency_factor(naive, now=NOW, config=CFG) == pytest.approx(1.05)
    off = dataclasses.replace(CFG, use_recency=False)
    assert recency_factor(NOW, now=NOW, config=off) == 1.0


def test_cross_reference_is_case_insensitive_and_flagged_even_when_boost_is_off() -> None:
    hits = {"semantic": [hit("semantic", "a.md", entities=("Project Riverbend",))]}
    q = frozenset({"project riverbend"})
    assert run(hits, query_entities=q).ranked[0].score_breakdown.cross_ref == 1.2
    assert run(hits, query_entities=frozenset({"other"})).ranked[0].cross_referenced is False
    off = run(hits, dataclasses.replace(CFG, use_cross_reference=False), query_entities=q)
    assert off.ranked[0].cross_referenced is True
    assert off.ranked[0].score_breakdown.cross_ref == 1.0


def test_clamped_composites_keep_their_real_order() -> None:
    hits = {
        "semantic": [hit("semantic", "b.md"), hit("semantic", "a.md")],
        "text": [hit("text", "b.md"), hit("text", "a.md")],
    }
    out = run(hits)
    assert [r.composite_relevance for r in out.ranked] == [1.0, 1.0]
    assert paths(out.ranked) == ["b.md", "a.md"]  # b's total is higher; not path order


# --- tiers and low confidence ---------------------------------------------------------------


def test_assign_tier_boundaries() -> None:
    assert assign_tier(0.7, config=CFG) == "high"
    assert assign_tier(0.6999, config=CFG) == "medium"
    assert assign_tier(0.4, config=CFG) == "medium"
    assert assign_tier(0.3999, config=CFG) == "low"


def test_tiers_group_result_paths_in_order() -> None:
    out = run(
        {
            "semantic": [hit("semantic", "both.md"), hit("semantic", "sem.md")],
            "text": [hit("text", "both.md"), hit("text", "exact.md", match_type="exact_text")],
            "graph": [],
        }
    )
    # both: (2/61)/(3/61) + 0.1 = 0.767; exact: (1/62)/(3/61) + 0.1 = 0.428; sem: 0.328
    assert dict(out.tiers) == {"high": ("both.md",), "medium": ("exact.md",), "low": ("sem.md",)}
    assert [r.tier for r in out.results] == ["high", "medium", "low"]


def test_low_confidence_when_no_source_corroborates_another() -> None:
    lone = {"semantic": [hit("semantic", "a.md")], "text": [], "graph": []}
    out = run(lone)
    assert out.low_confidence and out.best_composite == pytest.approx(1 / 3)
    exact = {**lone, "text": [hit("text", "b.md", match_type="exact_text")]}
    assert run(exact).low_confidence is False  # 1/3 + 0.1 ≥ 0.4
    only_source = {"semantic": [hit("semantic", "a.md")]}
    assert run(only_source).low_confidence is False  # rank 1 in every answering source
    empty = run({"semantic": [], "text": []})
    assert empty.low_confidence and empty.results == () and empty.best_composite == 0.0
    assert run(lone, dataclasses.replace(CFG, low_confidence_threshold=0.3)).low_confidence is False


# --- near duplicates ------------------------------------------------------------------------


def words(prefix: str, n: int) -> frozenset[str]:
    return frozenset(f"{prefix}{i}" for i in range(n))


def test_near_duplicates_merge_into_the_best_ranked_note() -> None:
    tokens = {"copy.md": words("w", 10), "orig.md": words("w", 10), "else.md": words("z", 10)}
    out = run(
        {
            "semantic": [hit("semantic", "orig.md"), hit("semantic", "else.md")],
            "text": [hit("text", "else.md"), hit("text", "copy.md", match_type="exact_text")],
        },
        note_tokens=tokens,
    )
    r = by_path(out)
    assert paths(out.ranked) == ["orig.md", "else.md"]  # equal RRF; orig gains copy's exact
    assert r["orig.md"].duplicates == ("copy.md",)
    assert r["orig.md"].cross_validated
    assert r["orig.md"].sources == ("semantic", "text")
    assert r["orig.md"].match_types == ("semantic", "exact_text")
    assert dict(r["orig.md"].source_ranks) == {"semantic": 1, "text": 2}
    assert (out.unique_notes, out.deduplicated_results) == (3, 2)


def test_near_duplicate_takes_the_best_rank_per_source() -> None:
    tokens = {"rep.md": words("w", 10), "dup.md": words("w", 10)}
    out = run(
        {
            "semantic": [hit("semantic", "dup.md"), hit("semantic", "rep.md")],
            "text": [hit("text", "rep.md")],
        },
        note_tokens=tokens,
    )
    (r,) = out.ranked
    assert (r.note_path, r.duplicates) == ("rep.md", ("dup.md",))
    assert dict(r.source_ranks) == {"semantic": 1, "text": 1}
    assert r.rrf_score == pytest.approx(2 / 61)


def test_jaccard_threshold_is_strict_and_containment_needs_enough_tokens() -> None:
    common = words("c", 17)
    a, b = common | {"a1", "a2"}, common | {"b1"}  # 17 / 20 = 0.85 exactly
    assert jaccard(a, b) == pytest.approx(0.85)
    assert not is_near_duplicate(a, b, config=CFG)
    assert is_near_duplicate(a, common | {"a1"}, config=CFG)  # 18 / 19
    big = words("c", 200)
    assert is_near_duplicate(words("c", 20), big, config=CFG)  # contained, 20 tokens
    assert not is_near_duplicate(words("c", 19), big, config=CFG)  # too short to judge
    tiny = frozenset({"todo"})
    assert not is_near_duplicate(tiny, tiny, config=CFG)


def test_near_duplicate_chains_do_not_snowball() -> None:
    a = words("c", 40)
    b = a - {"c0", "c1", "c2"} | {"x0", "x1", "x2"}  # 37/43 = 0.86 with a
    c = b - {"c3", "c4", "c5"} | {"y0", "y1", "y2"}  # 37/43 with b, 34/46 = 0.74 with a
    tokens = {"a.md": a, "b.md": b, "c.md": c}
    assert is_near_duplicate(b, c, config=CFG)
    assert not is_near_duplicate(a, c, config=CFG)
    hits = {"semantic": [hit("semantic", p) for p in ("a.md", "b.md", "c.md")]}
    out = run(hits, note_tokens=tokens)
    assert paths(out.ranked) == ["a.md", "c.md"]
    assert by_path(out)["a.md"].duplicates == ("b.md",)


def test_near_duplicate_merge_can_be_switched_off() -> None:
    tokens = {"a.md": words("w", 10), "b.md": words("w", 10)}
    hits = {"semantic": [hit("semantic", "a.md"), hit("semantic", "b.md")]}
    assert len(run(hits, note_tokens=tokens).ranked) == 1
    off = dataclasses.replace(CFG, use_near_duplicates=False)
    assert len(run(hits, off, note_tokens=tokens).ranked) == 2
    assert len(run(hits).ranked) == 2  # no tokens, nothing to compare


def test_normalise_tokens_folds_case_punctuation_and_splits_cjk() -> None:
    assert normalise_tokens("REQ-006: Über_alles, über!") == frozenset(
        {"req", "006", "über", "alles"}
    )
    assert normalise_tokens("東京 tower") == frozenset({"東", "京", "tower"})


# --- MMR and token budget -------------------------------------------------------------------


def three_notes() -> dict[str, list[Hit]]:
    return {
        "semantic": [
            hit("semantic", f"{p}.md", chunk_id=f"{p}#0", excerpt=Excerpt("semantic", None, "x"))
            for p in ("a", "b", "c")
        ]
    }


def test_mmr_demotes_a_result_redundant_with_the_top_one() -> None:
    vectors = {"a#0": np.array([1.0, 0.0]), "b#0": np.array([2.0, 0.0]), "c#0": np.array([0, 1.0])}
    assert paths(run(three_notes(), chunk_vectors=vectors).results) == ["a.md", "c.md", "b.md"]
    no_mmr = dataclasses.replace(CFG, use_mmr=False)
    assert paths(run(three_notes(), no_mmr, chunk_vectors=vectors).results) == [
        "a.md",
        "b.md",
        "c.md",
    ]
    relevance_only = dataclasses.replace(CFG, mmr_lambda=1.0)
    assert paths(run(three_notes(), relevance_only, chunk_vectors=vectors).results) == [
        "a.md",
        "b.md",
        "c.md",
    ]


def test_mmr_penalises_similarity_to_any_selected_result_not_just_the_last() -> None:
    vectors = {
        "a#0": np.array([1.0, 0.0, 0.0]),
        "b#0": np.array([0.0, 1.0, 0.0]),
        "c#0": np.array([1.0, 0.0, 0.0]),
        "d#0": np.array([0.0, 0.0, 1.0]),
    }
    hits = {"semantic": [hit("semantic", f"{p}.md", chunk_id=f"{p}#0") for p in "abcd"]}
    out = run(hits, chunk_vectors=vectors)
    assert paths(out.results) == ["a.md", "b.md", "d.md", "c.md"]


def test_mmr_cosine_wins_over_tokens_and_tokens_fill_in_pairs_without_vectors() -> None:
    # by vectors b repeats a; by tokens c repeats a: the vectors decide
    tokens = {"a.md": words("w", 10), "b.md": words("z", 10), "c.md": words("w", 10)}
    vectors = {"a#0": np.array([1.0, 0.0]), "b#0": np.array([1.0, 0.0]), "c#0": np.array([0, 1.0])}
    config = dataclasses.replace(CFG, use_near_duplicates=False)
    out = run(three_notes(), config, note_tokens=tokens, chunk_vectors=vectors)
    assert paths(out.results) == ["a.md", "c.md", "b.md"]
    # c without a vector: its pairs use tokens, so now c repeats a
    del vectors["c#0"]
    out = run(three_notes(), config, note_tokens=tokens, chunk_vectors=vectors)
    assert paths(out.results) == ["a.md", "b.md", "c.md"]
    # a vector of another length counts as none
    vectors["c#0"] = np.array([0.0, 0.0, 1.0])
    out = run(three_notes(), config, note_tokens=tokens, chunk_vectors=vectors)
    assert paths(out.results) == ["a.md", "b.md", "c.md"]


def test_mmr_falls_back_to_token_jaccard_without_vectors() -> None:
    tokens = {"a.md": words("w", 10), "b.md": words("w", 8), "c.md": words("z", 10)}
    config = dataclasses.replace(CFG, use_near_duplicates=False)
    out = run(three_notes(), config, note_tokens=tokens)
    assert paths(out.results) == ["a.md", "c.md", "b.md"]
    assert paths(out.ranked) == ["a.md", "b.md", "c.md"]


def test_budget_keeps_the_top_result_even_when_it_alone_is_too_big() -> None:
    big = Excerpt("semantic", None, "x" * 12_000)  # 3000 tokens
    hits = {
        "semantic": [
            hit("semantic", "a.md", excerpt=big),
            hit("semantic", "b.md", excerpt=Excerpt("semantic", None, "tiny")),
        ]
    }
    out = run(hits)
    assert paths(out.results) == ["a.md"]
    assert out.tokens_used == 3000
    assert len(out.ranked) == 2


def test_budget_skips_what_does_not_fit_and_takes_smaller_results_after_it() -> None:
    def ex(n: int) -> Excerpt:
        return Excerpt("text", None, "y" * (4 * n))

    hits = {
        "text": [
            hit("text", "a.md", excerpt=ex(50)),
            hit("text", "b.md", excerpt=ex(60)),
            hit("text", "c.md", excerpt=ex(40)),
            hit("text", "d.md", excerpt=ex(11)),
        ]
    }
    config = dataclasses.replace(CFG, token_budget=100)
    for c in (config, dataclasses.replace(config, use_mmr=False)):
        out = run(hits, c)
        assert paths(out.results) == ["a.md", "c.md"]
        assert out.tokens_used == 90
    assert len(run(hits, dataclasses.replace(config, token_budget=None)).results) == 4


def test_limit_stops_selection() -> None:
    assert run(three_notes(), limit=0).results == ()
    assert paths(run(three_notes(), limit=1).results) == ["a.md"]
    assert len(run(three_notes(), limit=1).ranked) == 3


def test_results_beyond_the_mmr_pool_follow_in_fused_order() -> None:
    vectors = {"a#0": np.array([1.0, 0.0]), "b#0": np.array([1.0, 0.0]), "c#0": np.array([0, 1.0])}
    config = dataclasses.replace(CFG, mmr_pool_size=2)
    assert paths(run(three_notes(), config, chunk_vectors=vectors).results) == [
        "a.md",
        "b.md",
        "c.md",
    ]


# --- config ---------------------------------------------------------------------------------


def test_config_is_frozen_and_validated_on_replace() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        CFG.rrf_k = 1  # type: ignore[misc]
    with pytest.raises(ValueError, match="rrf_k"):
        dataclasses.replace(CFG, rrf_k=0)
    with pytest.raises(ValueError, match="tier_medium"):
        dataclasses.replace(CFG, tier_medium=0.9)
    with pytest.raises(ValueError, match="mmr_lambda"):
        dataclasses.replace(CFG, mmr_lambda=1.5)
    assert dataclasses.replace(CFG, rrf_k=10).rrf_k == 10
    assert CFG.rrf_weight("other") == CFG.rrf_weight_default
    assert CFG.ordered_sources(["zz", "graph", "semantic", "aa"]) == (
        "semantic",
        "graph",
        "aa",
        "zz",
    )


# --- types and JSON -------------------------------------------------------------------------


def test_hit_metadata_is_frozen_and_hits_are_hashable() -> None:
    h = hit("text", "a.md", metadata={"tags": ["a"], "fm": {"k": [1, 2]}})
    assert h.metadata["tags"] == ("a",)
    with pytest.raises(TypeError):
        h.metadata["tags"] = ()  # type: ignore[index]
    with pytest.raises(TypeError):
        h.metadata["fm"]["k"] = 3
    assert hash(h) == hash(hit("text", "a.md", metadata={"other": 1}))
    assert h.to_dict()["metadata"] == {"tags": ["a"], "fm": {"k": [1, 2]}}


def test_search_response_to_dict_is_json_with_iso_dates() -> None:
    ts = datetime(2025, 2, 1, 8, 30, tzinfo=UTC)
    out = run(
        {
            "semantic": [
                hit(
                    "semantic",
                    "a.md",
                    timestamp=ts,
                    raw_score=math.inf,
                    excerpt=Excerpt("semantic", "a#0", "hello", (Span(0, 5),), ("H1",)),
                    metadata={"tags": ["x"]},
                )
            ],
            "graph": [hit("graph", "a.md", relations=(Relation("links_to", "b.md"),))],
        }
    )
    response = SearchResponse(
        query="hello",
        results=out.results,
        tiers=out.tiers,
        warnings=(SearchWarning("text", "source_failed", "FTS index locked", "No exact matches."),),
        query_metadata=QueryMetadata(
            total_results=out.total_hits,
            deduplicated_results=out.deduplicated_results,
            sources_available=("semantic", "graph"),
            sources_failed=("text",),
            per_source={"semantic": SourceStats(1, 3.25), "graph": SourceStats(1, 1.0)},
            low_confidence=out.low_confidence,
        ),
    )
    data = response.to_dict()
    assert json.loads(json.dumps(data)) == data
    r0 = data["results"][0]
    assert r0["timestamp"] == "2025-02-01T08:30:00+00:00"
    assert r0["sources"] == ["semantic", "graph"]
    assert r0["metadata"] == {"tags": ["x"]}
    assert r0["excerpts"][0]["spans"] == [{"start": 0, "end": 5}]
    assert r0["graph_relations"] == [
        {"kind": "links_to", "other_path": "b.md", "via": None, "hops": 1}
    ]
    assert set(r0["score_breakdown"]) == {
        "rrf",
        "rrf_raw",
        "agreement",
        "exact",
        "cross_ref",
        "recency",
        "authority",
        "total",
        "exact_first",
        "kept_place",
        "words_unbacked",
    }
    assert data["tiers"] == {"high": ["a.md"], "medium": [], "low": []}
    assert data["contradictions"] == []
    assert data["warnings"][0]["impact"] == "No exact matches."
    assert data["query_metadata"]["per_source"]["semantic"] == {"count": 1, "ms": 3.25}
    assert hit("semantic", "a.md", raw_score=math.nan).to_dict()["raw_score"] is None
    assert json.dumps(out.to_dict())


def test_product_default_is_convex_fusion_of_min_max_scores() -> None:
    """Convex fusion: Σ weight × normalised relevance / Σ weights of answering sources (short
    lists, as here, are normalised against 0: relevance / best relevance of that source)."""
    config = MergeConfig(
        use_recency=False, use_authority=False, use_mmr=False, use_relevance_floor=False
    )
    assert config.fusion == "convex"
    now = datetime(2026, 1, 1, tzinfo=UTC)
    hits = {
        "semantic": [
            Hit(source="semantic", note_path="a.md", match_type="semantic", relevance=0.9),
            Hit(source="semantic", note_path="b.md", match_type="semantic", relevance=0.5),
        ],
        "text": [
            Hit(source="text", note_path="b.md", match_type="keyword", relevance=1.0),
            Hit(source="text", note_path="c.md", match_type="keyword", relevance=0.2),
        ],
    }
    out = merge(hits, config=config, now=now, limit=10)
    total_w = config.rrf_weight_semantic + config.rrf_weight_text
    ws, wt = config.rrf_weight_semantic, config.rrf_weight_text
    expected = {
        "a.md": ws * (0.9 / 0.9) / total_w,
        "b.md": (ws * (0.5 / 0.9) + wt * 1.0) / total_w,
        "c.md": wt * 0.2 / total_w,
    }
    got = {r.note_path: r.score_breakdown.rrf for r in out.results}
    assert got == pytest.approx(expected)
    assert [r.note_path for r in out.results] == sorted(expected, key=lambda p: -expected[p])


# --- a note the meaning source is sure of keeps a place ---------------------------------


def _buried_by_middling_agreement(*, all_terms: bool = False) -> dict[str, list[Hit]]:
    """Meaning ranks S.md 2nd, close to its best; words never find it, and six notes both
    sources rank middling come before it."""
    middling = [f"M{i}.md" for i in range(6)]
    meaning = [hit("semantic", "A.md", raw_score=0.62, relevance=1.0)]
    meaning.append(hit("semantic", "S.md", raw_score=0.60, relevance=0.97))
    meaning += [
        hit("semantic", p, raw_score=0.50 - i / 100, relevance=0.7 - i / 20)
        for i, p in enumerate(middling)
    ]
    words = [
        hit("text", p, relevance=0.9 - i / 20, metadata={"all_terms": all_terms and i == 0})
        for i, p in enumerate(["A.md", *middling])
    ]
    return {"semantic": meaning, "text": words}


def test_a_note_meaning_is_sure_of_keeps_a_place_in_the_top_five() -> None:
    hits = _buried_by_middling_agreement()
    off = run(hits, dataclasses.replace(CFG, keep_sure_meaning=False), limit=10)
    assert paths(off.results).index("S.md") >= 5  # buried by notes both rank middling
    on = run(hits, limit=10)
    shown = paths(on.results)
    assert shown.index("S.md") == 4 and len(shown) == len(paths(off.results))
    kept = on.results[4]
    assert kept.score_breakdown.kept_place == 5
    totals = [r.score_breakdown.total for r in on.results]
    assert totals == sorted(totals, reverse=True)  # shown with the score of the note it passed
    assert all(r.score_breakdown.kept_place is None for r in on.results if r is not kept)


def test_a_sure_note_moved_up_past_the_note_pushed_out_says_so_too() -> None:
    """Meaning is sure of A, S2, S3 and S; S3 sits 5th, below a middling note that S's raise
    pushes out, so S3 moves up past it too and its breakdown says it was kept."""
    meaning = [
        hit("semantic", p, raw_score=score, relevance=1.0 - k / 100)
        for k, (p, score) in enumerate(
            [("A.md", 0.62), ("S2.md", 0.615), ("S3.md", 0.61), ("S.md", 0.60)]
        )
    ]
    middling = [f"M{i}.md" for i in range(6)]
    meaning += [
        hit("semantic", p, raw_score=0.50 - i / 100, relevance=0.7 - i / 20)
        for i, p in enumerate(middling)
    ]
    order = ["A.md", "M0.md", "M1.md", "S2.md", *middling[2:], "S3.md"]
    words = [hit("text", p, relevance=0.9 - i / 20) for i, p in enumerate(order)]
    hits = {"semantic": meaning, "text": words}
    off = run(hits, dataclasses.replace(CFG, keep_sure_meaning=False), limit=10)
    assert paths(off.results)[4] == "S3.md" and paths(off.results)[3] == "M1.md"
    on = run(hits, limit=10)
    before = {r.note_path: r.score_breakdown.total for r in off.results}
    for r in on.results:
        raised = r.score_breakdown.total > before[r.note_path]
        assert (r.score_breakdown.kept_place is not None) == raised, r.note_path
    assert {r.note_path for r in on.results if r.score_breakdown.kept_place} == {"S3.md", "S.md"}


def test_no_place_is_kept_when_words_are_sure_or_the_model_does_not_know_the_words() -> None:
    words_sure = run(_buried_by_middling_agreement(all_terms=True), limit=10)
    assert paths(words_sure.results).index("S.md") >= 5
    foreign = run(_buried_by_middling_agreement(), limit=10, source_trust={"semantic": 0.5})
    assert "S.md" not in paths(foreign.results)[:5]
    assert all(r.score_breakdown.kept_place is None for r in foreign.results)


def test_meaning_s_leading_group_keeps_its_places_but_not_what_trails_it() -> None:
    """Meaning's first four within `sure_margin` of its best are one leading group; a note
    further down, or further behind its best, gets no kept place."""
    middling = [f"M{i}.md" for i in range(6)]

    def ranked(fourth_score: float) -> list[str]:
        meaning = [
            hit("semantic", p, raw_score=s, relevance=s)
            for p, s in (("A.md", 0.47), ("B.md", 0.46), ("C.md", 0.46), ("S.md", fourth_score))
        ]
        meaning += [
            hit("semantic", p, raw_score=0.40 - i / 100, relevance=0.40 - i / 100)
            for i, p in enumerate(middling)
        ]
        meaning.append(hit("semantic", "T.md", raw_score=0.44, relevance=0.44))  # 11th
        words = [hit("text", p, relevance=0.9 - i / 20) for i, p in enumerate(middling)]
        return paths(run({"semantic": meaning, "text": words}, limit=12).results)

    assert CFG.sure_rank == 4
    close = ranked(0.47 - CFG.sure_margin + 0.005)
    assert close.index("S.md") < 5
    assert "T.md" not in close[:5]
    far = ranked(0.47 - CFG.sure_margin - 0.02)
    assert far.index("S.md") >= 5
