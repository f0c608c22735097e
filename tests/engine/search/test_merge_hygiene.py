"""What the product's merge promises a person reading the list: exact strings first, weak
results hidden, a warning when nothing answers, scores in order, and weights that follow the
query and what each source can judge."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime

from engine.search.config import MergeConfig
from engine.search.merge import merge
from engine.search.ranking import answers_query, floor_cut
from engine.search.types import Hit

NOW = datetime(2026, 11, 24, tzinfo=UTC)
CONFIG = MergeConfig(use_recency=False)


def sem(path: str, sim: float) -> Hit:
    return Hit(
        source="semantic", note_path=path, match_type="semantic", relevance=sim, raw_score=sim
    )


def txt(path: str, relevance: float, *, exact: bool = False, all_terms: bool = False) -> Hit:
    return Hit(
        source="text",
        note_path=path,
        match_type="exact_text" if exact else "keyword",
        relevance=relevance,
        metadata={"all_terms": all_terms},
    )


def ranked_paths(hits: dict[str, list[Hit]], **kw: object) -> list[str]:
    out = merge(hits, config=kw.pop("config", CONFIG), now=NOW, limit=50, **kw)  # type: ignore[arg-type]
    return [r.note_path for r in out.results]


def test_an_identifier_puts_every_note_holding_it_above_every_other() -> None:
    hits = {
        "semantic": [sem("close.md", 0.9), sem("holds-b.md", 0.5), sem("other.md", 0.6)],
        "text": [
            txt("close.md", 1.0),
            txt("holds-a.md", 0.4, exact=True),
            txt("holds-b.md", 0.3, exact=True),
        ],
    }
    out = merge(hits, config=CONFIG, now=NOW, limit=50, intent="exact")
    paths = [r.note_path for r in out.results]
    assert paths[:2] == ["holds-b.md", "holds-a.md"]  # both exact; b also found by meaning
    assert all(r.tier == "high" for r in out.results[:2])
    assert all(r.tier != "high" for r in out.results[2:])
    assert all(r.score_breakdown.exact_first is False for r in out.results[2:])
    # the same hits read as a question: no exact-first, the strongest note leads
    assert ranked_paths(hits, intent="question")[0] == "close.md"


def test_results_are_listed_in_score_order() -> None:
    hits = {
        "semantic": [sem(f"n{i}.md", 0.9 - i / 50) for i in range(20)],
        "text": [txt(f"n{i}.md", 1.0 - i / 30) for i in range(5, 25)],
    }
    out = merge(hits, config=CONFIG, now=NOW, limit=30)
    totals = [r.score_breakdown.total for r in out.results]
    assert totals == sorted(totals, reverse=True)


def test_the_floor_hides_what_scores_far_below_the_best() -> None:
    hits = {
        "semantic": [sem("best.md", 0.8), *(sem(f"weak{i}.md", 0.05) for i in range(12))],
        "text": [txt("best.md", 1.0), txt("also.md", 0.9)],
    }
    shown = ranked_paths(hits)
    assert shown[:2] == ["best.md", "also.md"] and not any(p.startswith("weak") for p in shown)
    no_floor = dataclasses.replace(CONFIG, use_relevance_floor=False)
    assert sum(p.startswith("weak") for p in ranked_paths(hits, config=no_floor)) == 12
    assert floor_cut([1.0, 0.5, 0.26, 0.24, 0.9], config=CONFIG) == 3
    assert floor_cut([1.0, 0.6, 0.4], config=CONFIG, exact_found=True) == 2


def test_no_answer_is_said_and_only_the_closest_few_are_shown() -> None:
    nonsense = {"semantic": [sem(f"n{i}.md", 0.2 - i / 100) for i in range(15)], "text": []}
    out = merge(nonsense, config=CONFIG, now=NOW, limit=30, intent="keyword")
    assert out.low_confidence and 0 < len(out.results) <= CONFIG.low_confidence_limit
    # words shared with the query, though no note holds them all: weak, but not cut short
    partly = {**nonsense, "text": [txt(f"n{i}.md", 0.9 - i / 20) for i in range(12)]}
    out = merge(partly, config=CONFIG, now=NOW, limit=30, intent="keyword")
    assert out.low_confidence and len(out.results) > CONFIG.low_confidence_limit
    unknown = {
        "semantic": [sem("a.md", 0.9)],
        "text": [
            Hit(
                source="text",
                note_path="b.md",
                match_type="keyword",
                relevance=0.4,
                metadata={"all_terms": False, "unknown_terms": 0.5},
            )
        ],
    }
    assert not answers_query(unknown, intent="question", config=CONFIG)
    assert not answers_query(nonsense, intent="keyword", config=CONFIG)
    close = {"semantic": [sem("a.md", CONFIG.answer_min_similarity + 0.01)], "text": []}
    assert answers_query(close, intent="question", config=CONFIG)
    every_word = {"semantic": [sem("a.md", 0.1)], "text": [txt("b.md", 0.3, all_terms=True)]}
    assert answers_query(every_word, intent="keyword", config=CONFIG)
    # an identifier nobody holds is not answered by a note that merely resembles it
    assert not answers_query(
        {"semantic": [sem("a.md", 0.9)], "text": [txt("b.md", 0.3, all_terms=True)]},
        intent="exact",
        config=CONFIG,
    )
    found = {"semantic": [], "text": [txt("b.md", 0.3, exact=True)]}
    assert answers_query(found, intent="exact", config=CONFIG)


def test_a_source_that_cannot_read_the_query_weighs_less() -> None:
    # the meaning source likes a.md, the words source b.md, both equally sure
    hits = {
        "semantic": [sem("a.md", 0.9), sem("b.md", 0.45)],
        "text": [txt("b.md", 1.0), txt("a.md", 0.5)],
    }
    even = dataclasses.replace(
        CONFIG, question_weight_semantic=1.0, question_weight_text=1.0, trust_full=0.7
    )
    assert ranked_paths(hits, config=even, intent="question", source_trust={"semantic": 0.1}) == [
        "b.md",
        "a.md",
    ]
    assert ranked_paths(hits, config=even, intent="question", source_trust={"text": 0.1})[0] == (
        "a.md"
    )
    scaled = even.for_intent("question").trusting({"semantic": 0.35})
    assert scaled.rrf_weight_semantic == 0.5 and scaled.rrf_weight_text == 1.0
    assert even.trusting({"semantic": 0.0}).rrf_weight_semantic == even.trust_floor


def test_weights_follow_the_query_intent() -> None:
    config = MergeConfig(question_weight_semantic=2.0, keyword_weight_text=3.0)
    assert config.for_intent("question").rrf_weight_semantic == 2.0
    assert config.for_intent("keyword").rrf_weight_text == 3.0
    assert config.for_intent(None) is config
    assert dataclasses.replace(config, use_query_intent=False).for_intent("question") == (
        dataclasses.replace(config, use_query_intent=False)
    )
