"""Why a result ranks where it does, in words a person can check: what each source saw in
the note and how sure it was ("meaning 0.71, first by 0.05"; "words: only common words
(note, box)"), and what placed it ("kept at #5: among meaning's closest notes").

Pure: reads the note's hits, its score breakdown and what the whole query's hits say
(`QueryEvidence`); no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.search.types import Hit, ScoreBreakdown

MARGIN_SHOWN = 0.01  # a lead in cosine smaller than this is a tie

_GRAPH_SAYS = {
    "graph_exact": "links: the query names it (title, alias or tag)",
    "graph_partial": "links: the query names part of it",
    "graph_neighbor": "links: linked to a note the query names",
}


@dataclass(frozen=True)
class QueryEvidence:
    """What the whole query's hits say, against which one note's evidence is read."""

    meaning_best: float | None = None  # the meaning source's best similarity
    meaning_second: float | None = None  # its best similarity in another note


def query_evidence(hits_by_source: Mapping[str, Sequence[Hit]]) -> QueryEvidence:
    """The meaning source's best two similarities (in two different notes)."""
    meaning = hits_by_source.get("semantic") or ()
    best: float | None = None
    second: float | None = None
    first_note = None
    for h in meaning:
        if best is None:
            best, first_note = h.raw_score, h.note_path
        elif h.note_path != first_note:
            second = h.raw_score
            break
    return QueryEvidence(meaning_best=best, meaning_second=second)


def explain(
    hits: Sequence[Hit],
    *,
    source_ranks: Mapping[str, int],
    breakdown: ScoreBreakdown,
    evidence: QueryEvidence,
    duplicates: int = 0,
) -> tuple[str, ...]:
    """One phrase per source that found the note (its own hits: `hits`), then what placed
    it: the exact string held, a kept place, near-duplicates folded in."""
    out: list[str] = []
    by_source: dict[str, Hit] = {}
    for h in hits:
        kept = by_source.get(h.source)
        if kept is None or h.relevance > kept.relevance:
            by_source[h.source] = h
    meaning = by_source.get("semantic")
    if meaning is not None:
        out.append(_meaning(meaning, source_ranks.get("semantic"), evidence))
    words = by_source.get("text")
    if words is not None:
        out.append(_words(words, source_ranks.get("text")))
    graph = by_source.get("graph")
    if graph is not None:
        out.append(_GRAPH_SAYS.get(graph.match_type, "links"))
    if breakdown.words_unbacked:
        out.append("its words count little: meaning puts it far below its best")
    if breakdown.exact_first:
        out.append("holds the exact text asked for")
    if breakdown.kept_place is not None:
        out.append(f"kept at #{breakdown.kept_place}: among meaning's closest notes")
    if duplicates:
        out.append(f"{duplicates} near-duplicate{'s' if duplicates > 1 else ''} folded in")
    return tuple(out)


def _meaning(hit: Hit, rank: int | None, evidence: QueryEvidence) -> str:
    sim = hit.raw_score
    best, second = evidence.meaning_best, evidence.meaning_second
    if rank == 1:
        if second is None:
            return f"meaning {sim:.2f}, the only match"
        lead = sim - second
        return (
            f"meaning {sim:.2f}, first by {lead:.2f}"
            if lead >= MARGIN_SHOWN
            else f"meaning {sim:.2f}, first, level with the next"
        )
    place = f"#{rank}" if rank is not None else "ranked"
    if best is not None and best - sim >= MARGIN_SHOWN:
        return f"meaning {sim:.2f}, {place}, {best - sim:.2f} below the best"
    return f"meaning {sim:.2f}, {place}, level with the best"


def _words(hit: Hit, rank: int | None) -> str:
    meta = hit.metadata
    place = f" (#{rank})" if rank is not None else ""
    if hit.match_type == "exact_text":
        return f"words: holds the exact text{place}"
    rare = list(meta.get("words_held") or ())
    common = list(meta.get("common_words_held") or ())
    if meta.get("all_terms"):
        return f"words: every word of the query{place}"
    if rare:
        return f"words: {_listed(rare)}{' and common ones' if common else ''}{place}"
    if common:
        return f"words: only common words ({_listed(common, quote=False)}){place}"
    return f"words: other forms of the query's words{place}"


def _listed(words: Sequence[str], *, quote: bool = True, most: int = 4) -> str:
    shown = [f"“{w}”" if quote else w for w in words[:most]]
    more = len(words) - len(shown)
    return ", ".join(shown) + (f" and {more} more" if more > 0 else "")
