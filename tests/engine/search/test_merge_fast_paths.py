"""The merge's fast paths give exactly what the plain definitions give.

- `GroupScorer` scores every note as the oracle written from the composite's definition
  (`tests/oracles/fusion.py`) does, to the last bit, for RRF and convex fusion and for hits
  that were never normalised (NaN, out-of-range); so does `score_breakdown`.
- The token budget costs unassembled results from `LazyRanking.excerpts_at`: the selection
  is the one `select_results` makes over the fully assembled ranking.
- Near-duplicate merging turns pairs away by their token signatures and merges exactly as
  the pair-by-pair oracle does; MMR weighs previews and assembles only its picks.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.search.config import MergeConfig
from engine.search.dedup import group_by_note
from engine.search.fusion import GroupScorer, score_breakdown, source_ranges_of
from engine.search.merge import normalise_hits
from engine.search.mmr import select_results
from engine.search.ranking import LazyRanking, ResultPreview
from tests.engine.search.test_merge_properties import NOW, cases, hits_by_source, run
from tests.oracles import dedup as dedup_oracle
from tests.oracles import fusion as fusion_oracle

PROPS = settings(deadline=None, max_examples=150)
VECTORS_2D = tuple(np.array([math.cos(a), math.sin(a)]) for a in (0.0, 0.05, 1.2, 1.25, 2.5))


@st.composite
def raw_groups(draw: st.DrawFn) -> tuple[dict[str, list[Any]], MergeConfig, frozenset[str]]:
    hits = draw(hits_by_source())
    if draw(st.booleans()):  # coarse relevances: ties between sources decide by authority
        hits = {
            s: [
                h
                if math.isnan(h.relevance)
                else dataclasses.replace(h, relevance=round(h.relevance * 2) / 2)
                for h in hs
            ]
            for s, hs in hits.items()
        }
    config = MergeConfig(
        fusion=draw(st.sampled_from(("rrf", "convex"))),
        use_agreement_boost=draw(st.booleans()),
        use_exact_boost=draw(st.booleans()),
        use_cross_reference=draw(st.booleans()),
        use_recency=draw(st.booleans()),
        use_authority=draw(st.booleans()),
        rrf_weight_text=draw(st.sampled_from((0.5, 1.0, 2.0))),
    )
    entities = frozenset(draw(st.sets(st.sampled_from(("riverbend", "BUDGET", "q3")))))
    return hits, config, entities


@pytest.mark.slow  # property test, many examples
@PROPS
@given(case=raw_groups(), normalise=st.booleans())
def test_group_scorer_scores_as_the_definition(case: Any, normalise: bool) -> None:
    hits, config, entities = case
    if normalise:
        hits = normalise_hits(hits, config=config)
    hits = {s: [h for h in hs if h.note_path] for s, hs in hits.items()}
    answered = tuple(hits)
    ranges = source_ranges_of(hits) if config.fusion == "convex" else None
    scorer = GroupScorer(
        answered_sources=answered,
        query_entities=entities,
        now=NOW,
        config=config,
        source_ranges=ranges,
    )
    for group in group_by_note(hits, config=config):
        got = scorer.score(group)
        want = fusion_oracle.score_note(
            group,
            answered=answered,
            query_entities=entities,
            now=NOW,
            config=config,
            ranges=ranges,
        )
        assert got.primary == want["primary"]
        assert got.sources == want["sources"]
        assert got.match_types == want["match_types"]
        assert got.entities == want["entities"]
        assert got.cross_referenced == want["cross_referenced"]
        # NaN relevances make NaN scores: compare their text, which also pins every bit
        assert repr(got.breakdown) == repr(want["breakdown"])


@pytest.mark.slow  # property test, many examples
@PROPS
@given(
    case=raw_groups(),
    timestamp=st.sampled_from((None, NOW)),
    scores=st.none()
    | st.dictionaries(st.sampled_from(("semantic", "text", "graph")), st.floats(0, 1)),
)
def test_score_breakdown_scores_as_the_definition(
    case: Any, timestamp: Any, scores: dict[str, float] | None
) -> None:
    hits, config, _ = case
    answered = tuple(hits)
    for group in group_by_note(normalise_hits(hits, config=config), config=config):
        every = group.all_hits
        facts: dict[str, Any] = {
            "source_ranks": group.source_ranks,
            "source_scores": scores,
            "match_types": tuple(h.match_type for h in every),
            "cross_referenced": bool(group.note_path < "d"),
            "timestamp": timestamp,
            "now": NOW,
            "config": config,
        }
        got = score_breakdown(**facts, answered_sources=answered)
        want = fusion_oracle.composite(**facts, answered=answered, direct=group.source_ranks)
        assert repr(got) == repr(want)


@PROPS
@given(case=cases(), fusion=st.sampled_from(("rrf", "convex")), limit=st.integers(1, 12))
def test_budget_over_a_lazy_ranking_selects_as_over_the_assembled_one(
    case: dict[str, Any], fusion: str, limit: int
) -> None:
    config = dataclasses.replace(
        case["config"],
        fusion=fusion,
        # selection alone: no floor, no weak-answer cap, MMR's own order
        use_relevance_floor=False,
        use_answer_check=False,
        order_by_score=False,
        keep_sure_meaning=False,
    )
    out = run(case, limit=limit, config=config)
    assert isinstance(out.ranked, LazyRanking)
    assembled = tuple(out.ranked)  # every result built: no lazy costing
    for i, result in enumerate(assembled):
        assert out.ranked.excerpts_at(i) == result.excerpts
    plain = select_results(
        assembled,
        limit=limit,
        config=config,
        chunk_vectors=case["chunk_vectors"],
        note_tokens=case["note_tokens"],
    )
    assert out.results == plain


def test_a_lazy_ranking_builds_only_what_the_budget_keeps() -> None:
    """100 notes, each with one long excerpt: the budget keeps a few; the others are costed
    without being assembled, from their own excerpts (not a merged near-duplicate's)."""
    from engine.search.types import Excerpt, Hit

    hits = {
        "text": [
            Hit(
                source="text",
                note_path=f"n{i:03}.md",
                match_type="keyword",
                relevance=1.0 - i / 200,
                excerpt=Excerpt("text", f"n{i:03}.md#0", f"word{i} " * (100 - i)),
            )
            for i in range(100)
        ]
    }
    same = frozenset(f"t{i}" for i in range(40))
    config = MergeConfig(use_mmr=False, token_budget=400)
    out = run(
        {
            "hits": hits,
            "config": config,
            "note_tokens": {"n050.md": same, "n099.md": same},  # n099 folds into n050
            "chunk_vectors": None,
            "query_entities": frozenset(),
        },
        limit=50,
    )
    ranked = out.ranked
    assert isinstance(ranked, LazyRanking)
    built = list(ranked.assembled())
    kept = [ranked.index(r) for r in out.results]
    assert built == kept and len(kept) < 10  # the budget kept a few; only they were built
    duplicated = next(i for i in range(len(ranked)) if ranked.scored_at(i).group.duplicates)
    assert duplicated not in built
    lazily = [ranked.excerpts_at(i) for i in range(len(ranked))]
    assert lazily == [r.excerpts for r in ranked]
    assert len(lazily[duplicated]) == 1  # its own excerpt, not n099's as well


# -- near-duplicate signatures and lazy MMR ---------------------------------------------------

WORDS = [f"w{i}" for i in range(400)]


@PROPS
@given(
    a=st.sets(st.sampled_from(WORDS), max_size=300),
    b=st.sets(st.sampled_from(WORDS), max_size=300),
)
def test_signatures_bound_the_intersection_from_above(a: set[str], b: set[str]) -> None:
    from engine.search.dedup import normalise_tokens, token_signature

    sa, sb = token_signature(frozenset(a)), token_signature(frozenset(b))
    bound = min(len(a) - (sa & ~sb).bit_count(), len(b) - (sb & ~sa).bit_count())
    assert bound >= len(a & b)
    kept = normalise_tokens(" ".join(sorted(a)))  # a TokenSet keeps its signature
    assert token_signature(kept) == sa == token_signature(kept)


@st.composite
def near_duplicate_families(draw: st.DrawFn) -> tuple[list[Any], dict[str, frozenset[str]]]:
    """Notes drawn as edits of a few base texts (words dropped or added), some without
    tokens: pairs on both sides of the Jaccard and containment thresholds."""
    from engine.search.dedup import NoteGroup

    bases = [frozenset(WORDS[i * 60 : i * 60 + draw(st.integers(3, 120))]) for i in range(3)]
    tokens: dict[str, frozenset[str]] = {}
    groups = []
    for n in range(draw(st.integers(1, 14))):
        path = f"n{n:02}.md"
        if draw(st.integers(0, 5)):  # most notes have tokens
            base = sorted(bases[draw(st.integers(0, 2))])
            drop = draw(st.integers(0, max(0, len(base) // 5)))
            extra = draw(st.lists(st.sampled_from(WORDS[300:]), max_size=12))
            tokens[path] = frozenset(base[drop:]) | frozenset(extra)
        ranks = {"text": n + 1, **({"graph": 14 - n} if n % 3 == 0 else {})}
        groups.append(NoteGroup(note_path=path, hits=(), source_ranks=ranks))
    return groups, tokens


@PROPS
@given(case=near_duplicate_families())
def test_near_duplicate_merge_with_signatures_merges_as_pair_by_pair(case: Any) -> None:
    from engine.search.dedup import merge_near_duplicates

    groups, tokens = case
    config = MergeConfig()
    got = merge_near_duplicates(groups, note_tokens=tokens, config=config)
    assert got == dedup_oracle.merge_near_duplicates(groups, note_tokens=tokens, config=config)


def test_mmr_assembles_only_the_results_it_picks() -> None:
    """A pool of 40 weighed, 5 kept: MMR reads previews, so only the 5 are assembled."""
    from engine.search.types import Excerpt, Hit

    hits = {
        "semantic": [
            Hit(
                source="semantic",
                note_path=f"n{i:03}.md",
                match_type="semantic",
                chunk_id=f"n{i:03}.md#0",
                relevance=1.0 - i / 100,
                excerpt=Excerpt("semantic", f"n{i:03}.md#0", f"word{i} " * 5),
            )
            for i in range(60)
        ]
    }
    vectors = {f"n{i:03}.md#0": VECTORS_2D[i % len(VECTORS_2D)] for i in range(60)}
    config = MergeConfig(mmr_pool_size=40, mmr_lambda=0.5, token_budget=None, order_by_score=False)
    out = run(
        {
            "hits": hits,
            "config": config,
            "note_tokens": None,
            "chunk_vectors": vectors,
            "query_entities": frozenset(),
        },
        limit=5,
    )
    ranked = out.ranked
    assert isinstance(ranked, LazyRanking)
    built = sorted(ranked.assembled())
    assert built == sorted(ranked.index(r) for r in out.results) and len(built) == 5
    assert [r.note_path for r in out.results] != [r.note_path for r in ranked[:5]]  # re-ordered
    for i in range(len(ranked)):
        assert ranked.preview_at(i) == ResultPreview.of(ranked[i])
