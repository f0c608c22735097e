"""The tunables of a contradiction scan, in one frozen `ScanConfig` (change values with
`dataclasses.replace`)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.contradict.neighbours import DEFAULT_NEIGHBOUR_SEARCH, NeighbourSearchConfig


@dataclass(frozen=True, kw_only=True)
class ScanConfig:
    """The tunables of a contradiction scan."""

    # Cosine similarity a claim pair needs before it is scored. On the demo vault the planted
    # contradictions sit at 0.61 (the gateway-coverage pair, a paraphrase) to 0.99; consistent
    # pairs on the same subject also reach 0.9, so the gate only prunes unrelated claims and
    # the scorer decides. 0.55 keeps a margin below the lowest planted pair.
    similarity_gate: float = 0.55
    neighbours: int = 8  # nearest claims of other notes asked for each claim
    # Notes per extraction/embedding batch (a full scan is batched, a kill loses little).
    batch_notes: int = 256
    # Candidate pairs scored per call; above this many, pairs are scored in locality order.
    score_batch: int = 2048
    # From this many claims to look up, the candidate search loads every claim vector into
    # one matrix (`neighbours.py`) instead of asking the claims collection note by note.
    in_memory_queries: int = 256
    # A live edit asks for this many times `neighbours` and drops the note's own claims.
    own_note_room: int = 4
    # The in-memory search: exact up to a size, then an inverted file.
    neighbour_search: NeighbourSearchConfig = DEFAULT_NEIGHBOUR_SEARCH


DEFAULT_SCAN_CONFIG = ScanConfig()
