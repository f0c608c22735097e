"""Every weight and threshold of the merge pipeline, in one frozen `MergeConfig`.

Change values with `dataclasses.replace(config, field=value)`; the constructor validates.
Defaults come from the seed notes (`../shared/seeds/`) and are starting points to be measured
by the quality harness, which switches each boost off through its `use_*` flag.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache


@dataclass(frozen=True, kw_only=True)
class MergeConfig:
    # --- sources -------------------------------------------------------------------------
    # Canonical order of sources in `MergedResult.sources` and the tie-break order wherever
    # sources are iterated; unknown sources follow, sorted by name.
    source_order: tuple[str, ...] = ("semantic", "text", "graph")

    # --- fusion: reciprocal rank fusion (seed: hybrid-tri-search, `1 / (60 + rank)`) ---------
    # "convex" (weighted min-max normalised scores) beats "rrf" (ranks only) on SciFact:
    # nDCG@10 0.734 vs 0.703 with the same sources (bench/tune_fusion.py).
    fusion: str = "convex"
    rrf_k: int = 60  # RRF constant k; larger flattens the difference between ranks
    rrf_weight_semantic: float = 1.0  # weight of the semantic source's 1/(k + rank) term
    rrf_weight_text: float = 1.5  # weight of the text source's term (SciFact: 1.5 > 1.0)
    rrf_weight_graph: float = 1.0  # weight of the graph source's term
    rrf_weight_default: float = 1.0  # weight of any other source's term

    # --- query-aware weights: the query's intent (`engine.search.query.query_intent`) picks
    # the semantic and text weights above; graph keeps its own.
    use_query_intent: bool = True
    # Chosen on the known-item sets and SciFact together (bench/tune_search.py; see
    # docs/decisions/0010-search-ranking-hygiene.md).
    question_weight_semantic: float = 1.2  # a question: lean on meaning
    question_weight_text: float = 1.0
    statement_weight_semantic: float = 1.3  # a claim or description (SciFact's claims)
    statement_weight_text: float = 1.5
    keyword_weight_semantic: float = 1.0  # a few words
    keyword_weight_text: float = 1.5
    exact_weight_semantic: float = 1.0  # identifiers and quoted phrases: lean on words
    exact_weight_text: float = 1.5
    # A source may say how far it can judge a query (`Source.trust`, in [0, 1]); its weight is
    # scaled by min(1, trust / trust_full), at least trust_floor. The meaning source's trust
    # is the share of the query's words its model knows whole (an English model reading a
    # German or Chinese question matches by noise).
    use_source_trust: bool = True
    trust_full: float = 0.9
    trust_floor: float = 0.2
    # A note the meaning source is sure of keeps a place in the first `sure_place` results:
    # one of its first `sure_rank` hits within `sure_margin` cosine of its best, when the
    # model knows the query's words (trust >= `sure_trust`) and no note holds every word of
    # the query (then words are sure of their own answer). Blind questions: a note meaning
    # ranks 2nd, words 40th, fell to 8th (`ranking.keep_sure_places`). Meaning's first four
    # within 0.04 of its best are its leading group, none behind the others by more than the
    # model's noise: blind en 11 -> 12 of 13 (meaning alone 12), no other question moved,
    # SciFact nDCG@10 0.7393 -> 0.7382 (bench/tune_search.py). Ranks 4-6 at margins
    # 0.03-0.035 and rank 4 up to 0.045 score the same; rank 4 at 0.05 loses an SRD question.
    keep_sure_meaning: bool = True
    sure_rank: int = 4
    sure_margin: float = 0.04
    sure_place: int = 5
    sure_trust: float = 0.9
    # Words weigh evidence, not votes: in convex fusion a note's words score is scaled by
    # coverage ** `words_coverage_power`, the share of the query's IDF weight its passage
    # holds (`sources.text`): a note matching only words most chunks have counts for little
    # even when it is the words source's best. 0: off. SciFact nDCG@10 0.7356 -> 0.7380 at
    # 0.25, every known-item set unchanged; 0.5 gains nothing more and loses a question of
    # obsidian-help/en and of the blind SRD set (bench/tune_search.py).
    words_coverage_power: float = 0.25
    # A words hit the meaning source does not back: when meaning is trusted, a note whose
    # words cover less than `words_corroboration_coverage` of the query's word weight and
    # whose similarity lies more than `words_corroboration_gap` below meaning's best (or
    # that meaning did not find) keeps only `coverage` of its words score (0: off). Blind
    # questions: a note meaning ranks 5th fell to 6th behind one words matched on one common
    # verb alone (`bench/tune_search.py` over every set: blind en 10 -> 11 of 13, blind SRD 25 ->
    # 26 of 30, no other question moved, SciFact nDCG@10 0.7412 -> 0.7393).
    words_corroboration_gap: float = 0.1
    words_corroboration_coverage: float = 0.5
    # Identifier and quoted-phrase queries: every note holding the exact string(s) ranks above
    # every note that does not (they fill the "high" tier, the others stay below it).
    use_exact_first: bool = True

    # --- composite boosts (seed: merge-results-contradictions, "calculate_composite") -------
    # Off: lowers SciFact nDCG@10 (0.7339 without vs 0.7335 with); fusion already rewards it.
    use_agreement_boost: bool = False  # add `agreement_boost` per source beyond the first
    agreement_boost: float = 0.1  # seed: +0.1 per additional source
    # Off: no gain on SciFact (0.7340 vs 0.7339); the words source already ranks exact
    # identifiers and quoted phrases first.
    use_exact_boost: bool = False  # add `exact_boost` when a hit's match type is exact
    exact_boost: float = 0.1  # seed: +0.1 for exact text matches
    exact_match_types: tuple[str, ...] = ("exact_text",)  # match types that count as exact
    # Match types that only say "near a match" (a graph neighbour): they count for fusion but
    # not as one more source agreeing, nor for that source's authority.
    indirect_match_types: tuple[str, ...] = ("graph_neighbor",)
    # (seed: merge-two-memory-sources, "cross-system boosting")
    use_cross_reference: bool = True  # multiply when the note mentions a query entity
    cross_reference_multiplier: float = 1.2  # seed: relevance *= 1.2
    # (seed: merge-two-memory-sources, "recency: decay over 30 days")
    use_recency: bool = True  # multiply by 1 + recency_max_boost × 0.5^(age / half-life)
    recency_half_life_days: float = 30.0  # age at which the recency bonus halves
    recency_max_boost: float = 0.1  # bonus of a note modified just now; 0 for undated notes
    # (seed: merge-two-memory-sources, "source authority"; max over the note's sources)
    use_authority: bool = True  # multiply by the authority of the most trusted source
    authority_semantic: float = 1.0  # authority of the semantic source
    authority_text: float = 1.0  # authority of the text source
    authority_graph: float = 1.1  # seed: graph-confirmed results get 1.1
    authority_default: float = 1.0  # authority of any other source

    # --- relevance tiers (seed: "categorize_by_relevance"; on composite_relevance) --------
    tier_high: float = 0.7  # composite ≥ this → "high" (two sources agreeing near the top)
    tier_medium: float = 0.4  # composite ≥ this → "medium"; below → "low"
    # Best composite below this → the response says the match is weak (seed: TRM fallback).
    # With three sources answering, a note found by one source alone scores at most 1/3 before
    # multipliers, so the default flags "no source corroborates another, and no exact match".
    # Used when `use_answer_check` is off: fused scores are relative (min-max per source), so
    # the best note of any query scores high and this cannot tell "no answer" apart.
    low_confidence_threshold: float = 0.4
    # The answer check (`ranking.answers_query`): a query is answered when a note holds its
    # exact strings, every one of its words, or a name the query says exactly (title, alias,
    # tag), or — unless `answer_max_unknown` of its words are in no note — when a chunk's
    # cosine similarity to the query reaches `answer_min_similarity`. Otherwise the response
    # says no note matches well.
    use_answer_check: bool = True
    answer_min_similarity: float = 0.40
    answer_max_unknown: float = 0.25  # share of the query's words no note holds
    # Results shown at most when no note answers and none shares a word with the query.
    low_confidence_limit: int = 5

    # --- relevance floor: results far below the best are not shown ---------------------
    use_relevance_floor: bool = True
    relevance_floor: float = 0.25  # a result needs this share of the best result's score
    # ... and when an identifier or quoted phrase was found, this share: the notes without the
    # string are shown only when they match strongly otherwise (with three sources answering
    # a note found by meaning alone is below it).
    exact_relevance_floor: float = 0.5

    # --- near-duplicate notes (seed: merge-graph-only, "Deduplication Logic") -------------
    use_near_duplicates: bool = True  # merge notes whose normalised tokens nearly coincide
    near_dup_jaccard: float = 0.85  # seed: merge if Jaccard similarity > 0.85 (strictly)
    near_dup_min_tokens: int = 5  # both notes need this many tokens for the Jaccard rule
    near_dup_containment: float = 0.95  # |small ∩ large| / |small| ≥ this → contained
    near_dup_containment_min_tokens: int = 20  # the smaller note needs this many tokens

    # --- diversity and budget (seed: hybrid-tri-search, MMR within ~2000 tokens) ----------
    use_mmr: bool = True  # re-rank the fused list by maximal marginal relevance
    mmr_lambda: float = 0.9  # weight of relevance against redundancy (1 = no diversity)
    mmr_pool_size: int = 40  # MMR looks at the top-N fused results (seed: O(N²), keep N small)
    # Excerpt tokens in the answer; None = no budget. A person reading the list is served by
    # `limit` alone (a budget cut notes the words source found from a 30-result list); an AI
    # client asks for a budget per search (`SearchService.search(token_budget=...)`).
    token_budget: int | None = None
    # List what MMR chose in score order (True), or in MMR's own order, where a diverse note
    # may stand above a more relevant redundant one and the scores shown are out of order.
    order_by_score: bool = True
    chars_per_token: float = 4.0  # token estimate: characters of excerpt text per token

    def __post_init__(self) -> None:
        problems: list[str] = []
        if self.fusion not in ("rrf", "convex"):
            problems.append("fusion must be 'rrf' or 'convex'")
        if self.rrf_k <= 0:
            problems.append("rrf_k must be > 0")
        weights = (
            self.rrf_weight_semantic,
            self.rrf_weight_text,
            self.rrf_weight_graph,
            self.rrf_weight_default,
            self.question_weight_semantic,
            self.question_weight_text,
            self.statement_weight_semantic,
            self.statement_weight_text,
            self.keyword_weight_semantic,
            self.keyword_weight_text,
            self.exact_weight_semantic,
            self.exact_weight_text,
        )
        if any(w <= 0 for w in weights):
            problems.append("rrf weights must be > 0")
        authorities = (
            self.authority_semantic,
            self.authority_text,
            self.authority_graph,
            self.authority_default,
        )
        if any(a <= 0 for a in authorities):
            problems.append("authorities must be > 0")
        if self.agreement_boost < 0 or self.exact_boost < 0 or self.recency_max_boost < 0:
            problems.append("additive boosts must be ≥ 0")
        if self.cross_reference_multiplier < 1:
            problems.append("cross_reference_multiplier must be ≥ 1")
        if self.recency_half_life_days <= 0:
            problems.append("recency_half_life_days must be > 0")
        if not 0 <= self.tier_medium <= self.tier_high:
            problems.append("need 0 ≤ tier_medium ≤ tier_high")
        if not 0 <= self.mmr_lambda <= 1:
            problems.append("mmr_lambda must be in [0, 1]")
        if not 0 < self.trust_floor <= 1 or self.trust_full < 0:
            problems.append("trust_floor must be in (0, 1] and trust_full ≥ 0")
        floors = (self.relevance_floor, self.exact_relevance_floor)
        if not all(0 <= f <= 1 for f in floors) or not -1 <= self.answer_min_similarity <= 1:
            problems.append("relevance_floor must be in [0, 1], answer_min_similarity in [-1, 1]")
        if self.mmr_pool_size < 1:
            problems.append("mmr_pool_size must be ≥ 1")
        if not 0 <= self.near_dup_jaccard <= 1 or not 0 < self.near_dup_containment <= 1:
            problems.append("near-duplicate thresholds must be in [0, 1]")
        if self.token_budget is not None and self.token_budget < 0:
            problems.append("token_budget must be ≥ 0 or None")
        if self.chars_per_token <= 0:
            problems.append("chars_per_token must be > 0")
        if len(set(self.source_order)) != len(self.source_order):
            problems.append("source_order has repeated names")
        if problems:
            raise ValueError("invalid MergeConfig: " + "; ".join(problems))

    def for_intent(self, intent: str | None) -> MergeConfig:
        """This config with the semantic and text weights of a query intent ("question",
        "statement", "keyword", "exact"); itself when intents are off or the intent is
        unknown."""
        return _for_intent(self, intent)

    def meaning_reads(self, trust: Mapping[str, float]) -> bool:
        """The meaning source's model knows the query's words (`sure_trust`): its ranks can
        keep a place or back a words hit."""
        return trust.get("semantic", 1.0) >= self.sure_trust

    def trusting(self, trust: Mapping[str, float]) -> MergeConfig:
        """This config with each source's weight scaled by the trust it reports."""
        if not self.use_source_trust or not trust:
            return self
        scale = {
            s: max(self.trust_floor, min(1.0, t / self.trust_full)) if self.trust_full > 0 else 1
            for s, t in trust.items()
        }
        if all(v == 1 for v in scale.values()):
            return self
        return replace(
            self,
            rrf_weight_semantic=self.rrf_weight_semantic * scale.get("semantic", 1.0),
            rrf_weight_text=self.rrf_weight_text * scale.get("text", 1.0),
            rrf_weight_graph=self.rrf_weight_graph * scale.get("graph", 1.0),
        )

    def rrf_weight(self, source: str) -> float:
        """The RRF weight of a source."""
        if source == "semantic":
            return self.rrf_weight_semantic
        if source == "text":
            return self.rrf_weight_text
        if source == "graph":
            return self.rrf_weight_graph
        return self.rrf_weight_default

    def authority(self, source: str) -> float:
        """The authority of a source (used for the multiplier and primary-source tie-breaks)."""
        if source == "semantic":
            return self.authority_semantic
        if source == "text":
            return self.authority_text
        if source == "graph":
            return self.authority_graph
        return self.authority_default

    def source_sort_key(self, source: str) -> tuple[int, str]:
        """Sort key putting sources in canonical order: `source_order`, then by name."""
        try:
            return (self.source_order.index(source), "")
        except ValueError:
            return (len(self.source_order), source)

    def ordered_sources(self, sources: Iterable[str]) -> tuple[str, ...]:
        """The distinct names in `sources`, in canonical order."""
        return _in_order(self.source_order, frozenset(sources))


@lru_cache(maxsize=64)  # a few configs × three intents
def _for_intent(config: MergeConfig, intent: str | None) -> MergeConfig:
    if not config.use_query_intent or intent not in ("question", "statement", "keyword", "exact"):
        return config
    return replace(
        config,
        rrf_weight_semantic=getattr(config, f"{intent}_weight_semantic"),
        rrf_weight_text=getattr(config, f"{intent}_weight_text"),
    )


@lru_cache(maxsize=512)  # a handful of source sets, asked for thousands of times per query
def _in_order(order: tuple[str, ...], names: frozenset[str]) -> tuple[str, ...]:
    return tuple(
        sorted(names, key=lambda s: (order.index(s), "") if s in order else (len(order), s))
    )


DEFAULT_CONFIG = MergeConfig()
AI_TOKEN_BUDGET = 2000  # excerpt tokens of an answer meant for an AI client's context (seed)
