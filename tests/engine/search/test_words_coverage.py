"""Words weigh evidence: a note whose passage holds only common query words counts for less
than one holding the rare ones, at the same BM25 rank-normalised score."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from engine.search.config import MergeConfig
from engine.search.merge import merge
from engine.search.types import Hit

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def _words(path: str, coverage: float) -> Hit:
    return Hit(
        source="text",
        note_path=path,
        match_type="keyword",
        relevance=0.9,
        metadata={"coverage": coverage},
    )


def _meaning(path: str, sim: float) -> Hit:
    return Hit(
        source="semantic", note_path=path, match_type="semantic", raw_score=sim, relevance=sim
    )


def _totals(config: MergeConfig) -> dict[str, float]:
    hits = {
        "text": [_words("common.md", 0.05), _words("rare.md", 1.0)],
        "semantic": [_meaning("rare.md", 0.5), _meaning("common.md", 0.5)],
    }
    out = merge(hits, config=config, now=NOW, limit=5)
    return {r.note_path: r.score_breakdown.total for r in out.ranked}


def test_a_passage_of_common_words_counts_for_less() -> None:
    on = _totals(MergeConfig())
    assert MergeConfig().words_coverage_power > 0
    assert on["rare.md"] > on["common.md"]
    off = _totals(replace(MergeConfig(), words_coverage_power=0.0))
    # without it, the two words hits count the same and meaning decides nothing apart
    assert off["common.md"] > on["common.md"]
    assert abs(off["rare.md"] - on["rare.md"]) < 1e-9


def test_hits_without_a_coverage_count_in_full() -> None:
    hits = {"text": [Hit(source="text", note_path="a.md", match_type="keyword", relevance=0.9)]}
    with_power = merge(hits, config=MergeConfig(), now=NOW, limit=5)
    without = merge(hits, config=replace(MergeConfig(), words_coverage_power=0.0), now=NOW, limit=5)
    assert with_power.ranked[0].score_breakdown.total == without.ranked[0].score_breakdown.total


def _ranked(trust: float, config: MergeConfig) -> list[str]:
    """A note meaning ranks 4th, 0.04 below its best, against one words found through a
    fifth of the query's word weight and meaning puts 0.2 below its best."""
    hits = {
        "semantic": [
            _meaning("a.md", 0.60),
            _meaning("b.md", 0.59),
            _meaning("c.md", 0.58),
            _meaning("wanted.md", 0.56),
            _meaning("lone.md", 0.40),
            _meaning("z.md", 0.30),
        ],
        "text": [_words("lone.md", 0.2)],
    }
    out = merge(hits, config=config, now=NOW, limit=10, source_trust={"semantic": trust})
    return [r.note_path for r in out.ranked]


def test_a_words_hit_meaning_does_not_back_keeps_only_its_coverage() -> None:
    on = _ranked(1.0, MergeConfig())
    assert MergeConfig().words_corroboration_gap > 0
    assert on.index("wanted.md") < on.index("lone.md")
    off = _ranked(1.0, replace(MergeConfig(), words_corroboration_gap=0.0))
    assert off.index("lone.md") < off.index("wanted.md")
    # where meaning cannot read the query, its ranks back nothing and words count in full
    untrusted = _ranked(0.2, MergeConfig())
    assert untrusted.index("lone.md") < untrusted.index("wanted.md")


def test_the_cut_is_said_in_the_results_reasons() -> None:
    hits = {
        "semantic": [_meaning("a.md", 0.60), _meaning("lone.md", 0.40), _meaning("z.md", 0.30)],
        "text": [_words("lone.md", 0.2), _words("a.md", 0.9)],
    }
    out = merge(hits, config=MergeConfig(), now=NOW, limit=10, source_trust={"semantic": 1.0})
    lone = next(r for r in out.ranked if r.note_path == "lone.md")
    assert lone.score_breakdown.words_unbacked
    assert any("meaning puts it far below its best" in line for line in lone.why)
    first = next(r for r in out.ranked if r.note_path == "a.md")
    assert not first.score_breakdown.words_unbacked
    assert first.score_breakdown.to_dict()["words_unbacked"] is False
