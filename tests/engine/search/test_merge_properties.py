"""Hypothesis properties of the merge pipeline: source order does not matter, duplicates
collapse, a note ranked higher everywhere never ends lower, top-k is a prefix of the full
ranking, MMR never drops the top result, scores stay in bounds, near-duplicates collapse."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.search.config import MergeConfig
from engine.search.fusion import assign_tier
from engine.search.merge import merge
from engine.search.mmr import Vector
from engine.search.ranking import rank_key
from engine.search.types import Excerpt, Hit, MatchType, MergeOutput, Relation
from tests.oracles import mmr as mmr_oracle

NOW = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
SOURCES = ("semantic", "text", "graph")
PATHS = ("a.md", "b.md", "c.md", "d.md", "e.md", "f.md", "g.md")
MATCH_TYPES: dict[str, tuple[MatchType, ...]] = {
    "semantic": ("semantic",),
    "text": ("exact_text", "keyword"),
    "graph": ("graph_exact", "graph_partial", "graph_neighbor"),
}
STAMPS = (None, NOW, NOW - timedelta(days=3), NOW - timedelta(days=45), NOW + timedelta(days=1))
ENTITIES = ("Riverbend", "budget", "Q3", "alice")
WORDS = ("alpha", "beta", "gamma", "delta", "plan", "risk")
VECTORS = (
    np.array([1.0, 0.0, 0.0]),
    np.array([0.9, 0.1, 0.0]),
    np.array([0.0, 1.0, 0.0]),
    np.array([0.0, 0.0, 0.0]),
    np.array([-1.0, 0.0, 0.5]),
)
PROPS = settings(deadline=None, max_examples=100)

entities = st.lists(st.sampled_from(ENTITIES), unique=True, max_size=2).map(tuple)
metadata = st.dictionaries(
    st.sampled_from(("folder", "size", "tags")),
    st.one_of(st.integers(0, 2), st.lists(st.sampled_from("xy"), max_size=2)),
    max_size=2,
)
relations = st.lists(
    st.builds(Relation, st.sampled_from(("links_to", "shares_tag")), st.sampled_from(PATHS)),
    max_size=2,
).map(tuple)


@st.composite
def a_hit(draw: st.DrawFn, source: str, paths: Sequence[str] = PATHS) -> Hit:
    path = draw(st.sampled_from(paths))
    chunk_id = draw(st.none() | st.integers(0, 2).map(lambda i: f"{path}#{i}"))
    excerpt = draw(
        st.none()
        | st.lists(st.sampled_from(WORDS), min_size=1, max_size=12).map(
            lambda ws: Excerpt(source, chunk_id, " ".join(ws))
        )
    )
    return Hit(
        source=source,
        note_path=draw(st.sampled_from([path, path, path, ""])),
        match_type=draw(st.sampled_from(MATCH_TYPES[source])),
        chunk_id=chunk_id,
        relevance=draw(st.floats(-0.5, 1.5) | st.just(float("nan"))),
        raw_score=draw(st.floats(-5, 50)),
        excerpt=excerpt,
        timestamp=draw(st.sampled_from(STAMPS)),
        title=draw(st.sampled_from(("", "Title", "Other"))),
        entities=draw(entities),
        metadata=draw(metadata),
        relations=draw(relations) if source == "graph" else (),
    )


@st.composite
def hits_by_source(draw: st.DrawFn) -> dict[str, list[Hit]]:
    answered = draw(st.lists(st.sampled_from(SOURCES), min_size=1, unique=True))
    return {s: draw(st.lists(a_hit(s), max_size=8)) for s in sorted(answered, key=SOURCES.index)}


@st.composite
def configs(draw: st.DrawFn) -> MergeConfig:
    # Rank-based properties hold for RRF fusion (the seeds'); convex fusion ranks by score.
    return MergeConfig(
        fusion="rrf",
        use_agreement_boost=draw(st.booleans()),
        use_exact_boost=draw(st.booleans()),
        use_cross_reference=draw(st.booleans()),
        use_recency=draw(st.booleans()),
        use_authority=draw(st.booleans()),
        use_near_duplicates=draw(st.booleans()),
        use_mmr=draw(st.booleans()),
        mmr_lambda=draw(st.sampled_from((0.0, 0.5, 0.75, 1.0))),
        mmr_pool_size=draw(st.sampled_from((1, 3, 100))),
        token_budget=draw(st.sampled_from((None, 0, 8, 30, 2000))),
        rrf_weight_text=draw(st.sampled_from((0.5, 1.0, 2.0))),
        # the seeds' pipeline: every result shown in MMR order, weak by best composite
        use_relevance_floor=False,
        use_answer_check=False,
        order_by_score=False,
    )


# Token sets for near-duplicate and MMR fallback: identical, slightly different (Jaccard
# 11/13 ≈ 0.846, under the threshold), contained (20 of 30), unrelated.
BASE_P = frozenset(f"p{i}" for i in range(12))
BASE_R = frozenset(f"r{i}" for i in range(30))
TOKEN_SETS = (
    BASE_P,
    BASE_P - {"p0"} | {"p99"},
    BASE_R,
    frozenset(f"r{i}" for i in range(20)),
    frozenset(f"q{i}" for i in range(12)),
    frozenset({"x"}),
)


@st.composite
def note_tokens(draw: st.DrawFn) -> dict[str, frozenset[str]] | None:
    if draw(st.booleans()):
        return None
    return {p: draw(st.sampled_from(TOKEN_SETS)) for p in draw(st.sets(st.sampled_from(PATHS)))}


@st.composite
def chunk_vectors(draw: st.DrawFn) -> dict[str, Vector] | None:
    if draw(st.booleans()):
        return None
    ids = draw(st.sets(st.sampled_from([f"{p}#{i}" for p in PATHS for i in range(3)])))
    return {cid: draw(st.sampled_from(VECTORS)) for cid in ids}


@st.composite
def cases(draw: st.DrawFn) -> dict[str, Any]:
    return {
        "hits": draw(hits_by_source()),
        "config": draw(configs()),
        "note_tokens": draw(note_tokens()),
        "chunk_vectors": draw(chunk_vectors()),
        "query_entities": frozenset(
            draw(st.sets(st.sampled_from(("riverbend", "BUDGET", "nobody"))))
        ),
    }


def run(case: Mapping[str, Any], limit: int = 10_000, **override: Any) -> MergeOutput:
    args = {**case, **override}
    return merge(
        args["hits"],
        config=args["config"],
        note_tokens=args["note_tokens"],
        chunk_vectors=args["chunk_vectors"],
        query_entities=args["query_entities"],
        now=NOW,
        limit=limit,
    )


def paths(results: Sequence[Any]) -> list[str]:
    return [r.note_path for r in results]


@pytest.mark.slow  # property test, many examples
@PROPS
@given(case=cases(), data=st.data())
def test_permuting_sources_does_not_change_the_output(case: dict[str, Any], data: Any) -> None:
    items = list(case["hits"].items())
    shuffled = dict(data.draw(st.permutations(items)))
    expected, got = run(case), run(case, hits=shuffled)
    assert got == expected
    assert got.to_dict() == expected.to_dict()


@pytest.mark.slow  # property test, many examples
@PROPS
@given(case=cases(), data=st.data())
def test_duplicate_hits_of_one_note_collapse(case: dict[str, Any], data: Any) -> None:
    hits: dict[str, list[Hit]] = case["hits"]
    every = [h for hs in hits.values() for h in hs if h.note_path]
    out = run(case)
    listed = paths(out.ranked) + [d for r in out.ranked for d in r.duplicates]
    assert sorted(listed) == sorted({h.note_path for h in every})  # each path exactly once
    if not every:
        return
    dup = data.draw(st.sampled_from(every))
    # the same hit again at the end of its own source changes nothing at all
    again = run(case, hits={s: [*hs, dup] if s == dup.source else hs for s, hs in hits.items()})
    assert (again.ranked, again.results, again.tiers) == (out.ranked, out.results, out.tiers)
    assert again.total_hits == out.total_hits + 1
    # ... and in another source it still yields one result for the note
    other = data.draw(st.sampled_from(SOURCES))
    moved = dataclasses.replace(dup, source=other, match_type=MATCH_TYPES[other][0])
    elsewhere = {**hits, other: [*hits.get(other, []), moved]}
    out2 = run(case, hits=elsewhere)
    listed2 = paths(out2.ranked) + [d for r in out2.ranked for d in r.duplicates]
    assert sorted(listed2) == sorted(listed)
    if case["note_tokens"] is None or not case["config"].use_near_duplicates:
        (merged,) = [r for r in out2.ranked if r.note_path == dup.note_path]
        assert other in merged.sources


@st.composite
def dominance_cases(draw: st.DrawFn) -> dict[str, Any]:
    """Notes A and B: B's sources ⊆ A's, A ahead of B in each of B's sources, same match type
    per source, same timestamp and entities; other notes interleaved at random."""
    sources_a = draw(st.lists(st.sampled_from(SOURCES), min_size=1, unique=True))
    sources_b = draw(st.lists(st.sampled_from(sources_a), min_size=1, unique=True))
    answered = set(sources_a) | set(draw(st.lists(st.sampled_from(SOURCES), unique=True)))
    stamp = draw(st.sampled_from(STAMPS))
    ents = draw(entities)
    hits: dict[str, list[Hit]] = {}
    for source in answered:
        seq = draw(st.lists(a_hit(source, paths=PATHS[2:]), max_size=6))
        if source in sources_a:
            match = draw(st.sampled_from(MATCH_TYPES[source]))

            def mk(path: str, source: str = source, match: MatchType = match) -> Hit:
                return Hit(
                    source=source,
                    note_path=path,
                    match_type=match,
                    relevance=draw(st.floats(0, 1)),
                    timestamp=stamp,
                    entities=ents,
                )

            i = draw(st.integers(0, len(seq)))
            seq.insert(i, mk("A-note.md"))
            if source in sources_b:
                seq.insert(draw(st.integers(i + 1, len(seq))), mk("B-note.md"))
        hits[source] = seq
    return {
        "hits": hits,
        "config": draw(configs()),
        "note_tokens": None,
        "chunk_vectors": draw(chunk_vectors()),
        "query_entities": frozenset(draw(st.sets(st.sampled_from(("riverbend", "q3"))))),
    }


@pytest.mark.slow  # property test, many examples
@PROPS
@given(case=dominance_cases())
def test_a_note_ranked_higher_by_every_source_never_ends_lower(case: dict[str, Any]) -> None:
    out = run(case)
    by = {r.note_path: r for r in out.ranked}
    a, b = by["A-note.md"], by["B-note.md"]
    assert a.score_breakdown.total > b.score_breakdown.total
    assert a.composite_relevance >= b.composite_relevance
    assert paths(out.ranked).index("A-note.md") < paths(out.ranked).index("B-note.md")
    # MMR may demote a redundant note on purpose; without it, the final order agrees too
    plain = dataclasses.replace(case["config"], use_mmr=False, token_budget=None)
    final = paths(run(case, config=plain).results)
    assert final.index("A-note.md") < final.index("B-note.md")


@pytest.mark.slow  # property test, many examples
@PROPS
@given(case=cases())
def test_top_k_is_a_prefix_of_the_full_ranking(case: dict[str, Any]) -> None:
    full = run(case).results
    for k in range(len(full) + 2):
        assert run(case, limit=k).results == full[:k]
    # without MMR and budget, the full ranking is the fused ranking itself
    plain = dataclasses.replace(case["config"], use_mmr=False, token_budget=None)
    assert run(case, config=plain).results == run(case).ranked


@pytest.mark.slow  # property test, many examples
@PROPS
@given(case=cases(), limit=st.integers(1, 5))
def test_mmr_and_budget_never_drop_the_top_result(case: dict[str, Any], limit: int) -> None:
    out = run(case, limit=limit)
    assert bool(out.results) == bool(out.ranked)
    if out.ranked:
        assert out.results[0] == out.ranked[0]
    assert len(out.results) <= limit
    assert len(set(paths(out.results))) == len(out.results)
    assert set(out.results) <= set(out.ranked)
    budget = case["config"].token_budget
    if budget is not None and len(out.results) > 1:
        assert out.tokens_used <= budget


@pytest.mark.slow  # property test, many examples
@PROPS
@given(case=cases())
def test_scores_stay_in_bounds_and_the_breakdown_multiplies_out(case: dict[str, Any]) -> None:
    config: MergeConfig = case["config"]
    out = run(case)
    n_sources = len(case["hits"])
    ceiling = (
        (1 + config.agreement_boost * (n_sources - 1) + config.exact_boost)
        * config.cross_reference_multiplier
        * (1 + config.recency_max_boost)
        * max(config.authority(s) for s in SOURCES)
    )
    for r in out.ranked:
        b = r.score_breakdown
        assert 0.0 <= r.composite_relevance <= 1.0
        assert r.composite_relevance == min(1.0, b.total)
        assert 0.0 < b.rrf <= 1.0 + 1e-12
        product = (b.rrf + b.agreement + b.exact) * b.cross_ref * b.recency * b.authority
        if b.kept_place is None:
            assert b.total == product
        else:  # a note meaning is sure of is raised to its place, never lowered
            assert b.total > product
        assert 0.0 < b.total <= ceiling + 1e-12
        assert r.rrf_score == b.rrf_raw
        assert r.tier == assign_tier(r.composite_relevance, config=config)
        assert 0.0 <= r.relevance_score <= 1.0
        assert r.cross_validated == (len(r.sources) >= 2 or bool(r.duplicates))
        assert r.primary_source in r.sources
        assert list(r.sources) == sorted(r.sources, key=SOURCES.index)
    keys = [rank_key(r) for r in out.ranked]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    threshold = config.low_confidence_threshold
    assert out.low_confidence == (not out.ranked or out.ranked[0].composite_relevance < threshold)
    assert sorted(p for ps in out.tiers.values() for p in ps) == sorted(paths(out.results))


@PROPS
@given(
    families=st.dictionaries(st.sampled_from(PATHS), st.integers(0, 2), min_size=1),
    data=st.data(),
)
def test_near_duplicates_collapse(families: dict[str, int], data: Any) -> None:
    tokens = {p: frozenset(f"f{fam}w{i}" for i in range(10)) for p, fam in families.items()}
    hits: dict[str, list[Hit]] = {}
    for source in data.draw(st.lists(st.sampled_from(SOURCES), min_size=1, unique=True)):
        chosen = data.draw(st.lists(st.sampled_from(sorted(families)), max_size=8))
        hits[source] = [
            Hit(source=source, note_path=p, match_type=MATCH_TYPES[source][0]) for p in chosen
        ]
    case = {
        "hits": hits,
        "config": dataclasses.replace(data.draw(configs()), use_near_duplicates=True),
        "note_tokens": tokens,
        "chunk_vectors": None,
        "query_entities": frozenset(),
    }
    found = {h.note_path for hs in hits.values() for h in hs}
    out = run(case)
    assert len(out.ranked) == len({families[p] for p in found})  # one result per family
    # each note's own RRF before merging, from its rank among distinct notes per source
    own: dict[str, float] = {}
    for source, source_hits in hits.items():
        order = list(dict.fromkeys(h.note_path for h in source_hits))
        for rank, path in enumerate(order, start=1):
            weight = case["config"].rrf_weight(source)
            own[path] = own.get(path, 0.0) + weight / (60 + rank)
    for r in out.ranked:
        assert all(families[d] == families[r.note_path] for d in r.duplicates)
        assert r.cross_validated or not r.duplicates
        for d in r.duplicates:  # the best-ranked note of a family stays
            assert own[r.note_path] > own[d] - 1e-12
            assert own[r.note_path] > own[d] + 1e-12 or r.note_path < d
    listed = paths(out.ranked) + [d for r in out.ranked for d in r.duplicates]
    assert sorted(listed) == sorted(found)


@st.composite
def mmr_cases(draw: st.DrawFn) -> dict[str, Any]:
    """Many notes, every one with a chunk vector: MMR has something to re-order."""
    notes = [f"n{i}.md" for i in range(draw(st.integers(1, 12)))]
    hits: dict[str, list[Hit]] = {}
    for source in draw(st.lists(st.sampled_from(SOURCES), min_size=1, unique=True)):
        chosen = draw(st.permutations(notes))[: draw(st.integers(0, len(notes)))]
        hits[source] = [
            Hit(
                source=source,
                note_path=p,
                match_type=MATCH_TYPES[source][0],
                chunk_id=f"{p}#0",
                excerpt=Excerpt(source, f"{p}#0", "w" * draw(st.integers(0, 40))),
            )
            for p in chosen
        ]
    config = MergeConfig(
        fusion="rrf",
        mmr_lambda=draw(st.sampled_from((0.0, 0.3, 0.75))),
        token_budget=draw(st.sampled_from((None, None, 10, 40))),
        mmr_pool_size=draw(st.sampled_from((5, 100, 100))),
    )
    return {
        "hits": hits,
        "config": config,
        "note_tokens": None,
        "chunk_vectors": {f"{p}#0": draw(st.sampled_from(VECTORS[:3])) for p in notes},
        "query_entities": frozenset(),
    }


@PROPS
@given(case=mmr_cases())
def test_top_k_prefix_and_top_result_hold_when_mmr_reorders(case: dict[str, Any]) -> None:
    mmr_order = {**case, "config": dataclasses.replace(case["config"], order_by_score=False)}
    full = run(mmr_order)
    for k in range(len(full.results) + 2):
        assert run(mmr_order, limit=k).results == full.results[:k]
    if full.ranked:
        assert full.results[0] == full.ranked[0]


@PROPS
@given(case=mmr_cases())
def test_listed_in_score_order_and_a_larger_limit_only_adds(case: dict[str, Any]) -> None:
    """The product lists MMR's picks by score: in order, the top result first, and asking
    for more results never drops one that a smaller limit showed."""
    full = run(case)
    assert list(full.results) == sorted(full.results, key=rank_key)
    if full.ranked:
        assert full.results[0] == full.ranked[0]
    for k in range(len(full.results) + 1):
        fewer = run(case, limit=k).results
        assert list(fewer) == sorted(fewer, key=rank_key)
        assert {r.note_path for r in fewer} <= {r.note_path for r in full.results}


MIXED_VECTORS = (*VECTORS, np.array([0.5, 0.5]), np.array([0.0, 1.0]), np.array([0.3, 0.3, 0.3]))


@pytest.mark.slow  # property test, many examples
@PROPS
@given(
    case=cases(),
    limit=st.integers(1, 8),
    shapes=st.dictionaries(
        st.sampled_from([f"{p}#{i}" for p in PATHS for i in range(3)]),
        st.sampled_from(MIXED_VECTORS),
    ),
)
def test_mmr_with_one_matrix_product_selects_as_pair_by_pair(
    case: dict[str, Any], limit: int, shapes: dict[str, Vector]
) -> None:
    """The lazy greedy, with cosines from one product per vector length (mixed lengths fall
    back to Jaccard): the same selection as the textbook loop (`tests/oracles/mmr.py`)."""
    from engine.search.mmr import select_results

    config = dataclasses.replace(case["config"], use_mmr=True)
    vectors = {**(case["chunk_vectors"] or {}), **shapes}
    ranked = run({**case, "config": config}).ranked
    for tokens in (case["note_tokens"], None):
        want = mmr_oracle.select(
            ranked, limit=limit, config=config, chunk_vectors=vectors, note_tokens=tokens
        )
        got = select_results(
            ranked, limit=limit, config=config, chunk_vectors=vectors, note_tokens=tokens
        )
        assert [r.note_path for r in got] == [r.note_path for r in want]


@PROPS
@given(case=cases(), floor=st.sampled_from((0.1, 0.25, 0.5, 0.9)))
def test_the_relevance_floor_hides_only_what_scores_below_it(case: Any, floor: float) -> None:
    """With the floor on, every result shown scores at least `floor` × the best, and every
    note ranked above a shown result is shown too (nothing is skipped for a weaker one)."""
    config = dataclasses.replace(
        case["config"],
        use_relevance_floor=True,
        relevance_floor=floor,
        use_mmr=False,
        token_budget=None,
    )
    out = run(case, config=config, limit=100)
    if not out.ranked:
        return
    best = out.ranked[0].score_breakdown.total
    shown = paths(out.results)
    assert all(r.score_breakdown.total >= floor * best for r in out.results)
    assert shown == paths(out.ranked)[: len(shown)]
    assert len(shown) == sum(1 for r in out.ranked if r.score_breakdown.total >= floor * best)
