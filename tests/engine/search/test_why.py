"""A result's explanation names what each source saw and how sure it was."""

from __future__ import annotations

from datetime import UTC, datetime

from engine.search.config import MergeConfig
from engine.search.merge import merge
from engine.search.types import Hit, ScoreBreakdown
from engine.search.why import QueryEvidence, explain, query_evidence

NOW = datetime(2026, 1, 1, tzinfo=UTC)
PLAIN = ScoreBreakdown(
    rrf=0.5, rrf_raw=0.02, agreement=0, exact=0, cross_ref=1, recency=1, authority=1, total=0.5
)


def _meaning(path: str, sim: float) -> Hit:
    return Hit(
        source="semantic", note_path=path, match_type="semantic", raw_score=sim, relevance=sim
    )


def _words(path: str, *, rare: list[str], common: list[str], **meta: object) -> Hit:
    return Hit(
        source="text",
        note_path=path,
        match_type="keyword",
        relevance=0.5,
        metadata={"words_held": rare, "common_words_held": common, **meta},
    )


def test_meaning_says_its_similarity_and_its_lead() -> None:
    hits = [_meaning("a.md", 0.71), _meaning("a.md", 0.70), _meaning("b.md", 0.66)]
    evidence = query_evidence({"semantic": hits})
    assert evidence == QueryEvidence(meaning_best=0.71, meaning_second=0.66)
    (first,) = explain([hits[0]], source_ranks={"semantic": 1}, breakdown=PLAIN, evidence=evidence)
    assert first == "meaning 0.71, first by 0.05"
    (third,) = explain(
        [_meaning("c.md", 0.60)], source_ranks={"semantic": 3}, breakdown=PLAIN, evidence=evidence
    )
    assert third == "meaning 0.60, #3, 0.11 below the best"


def test_words_tell_rare_matches_from_common_ones() -> None:
    evidence = QueryEvidence()
    only_common = explain(
        [_words("a.md", rare=[], common=["note", "box"])],
        source_ranks={"text": 40},
        breakdown=PLAIN,
        evidence=evidence,
    )
    assert only_common == ("words: only common words (note, box) (#40)",)
    rare = explain(
        [_words("a.md", rare=["callout"], common=["note"])],
        source_ranks={"text": 1},
        breakdown=PLAIN,
        evidence=evidence,
    )
    assert rare == ("words: “callout” and common ones (#1)",)
    every = explain(
        [_words("a.md", rare=["callout"], common=[], all_terms=True)],
        source_ranks={"text": 2},
        breakdown=PLAIN,
        evidence=evidence,
    )
    assert every == ("words: every word of the query (#2)",)


def test_placement_is_explained() -> None:
    kept = ScoreBreakdown(
        rrf=0.4,
        rrf_raw=0.01,
        agreement=0,
        exact=0,
        cross_ref=1,
        recency=1,
        authority=1,
        total=0.4,
        kept_place=5,
    )
    why = explain(
        [_meaning("a.md", 0.5)],
        source_ranks={"semantic": 2},
        breakdown=kept,
        evidence=QueryEvidence(meaning_best=0.5, meaning_second=0.49),
        duplicates=2,
    )
    assert why[1:] == ("kept at #5: among meaning's closest notes", "2 near-duplicates folded in")


def test_merged_results_carry_their_explanation() -> None:
    hits = {
        "semantic": [_meaning("a.md", 0.8), _meaning("b.md", 0.6)],
        "text": [_words("b.md", rare=["callout"], common=[])],
    }
    out = merge(hits, config=MergeConfig(), now=NOW, limit=5)
    by_path = {r.note_path: r for r in out.results}
    assert by_path["a.md"].why == ("meaning 0.80, first by 0.20",)
    assert by_path["b.md"].why == (
        "meaning 0.60, #2, 0.20 below the best",
        "words: “callout” (#1)",
    )
    assert by_path["b.md"].to_dict()["why"] == list(by_path["b.md"].why)
