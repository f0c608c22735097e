"""The tunables of a contradiction scan, in one frozen `ScanConfig` (change values with
`dataclasses.replace`).

Two presets: `DEFAULT_SCAN_CONFIG`, the candidates the structural verdict alone reads
(similar claims, and a few claims about the same note), and `JUDGE_SCAN_CONFIG`, the wider
net a trained judge reads (claims about the same note however far apart their words, within
a budget). The scanner takes the second when the scorer has a judge (`ContradictionScanner`).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.contradict.neighbours import DEFAULT_NEIGHBOUR_SEARCH, NeighbourSearchConfig


@dataclass(frozen=True, kw_only=True)
class ScanConfig:
    """The tunables of a contradiction scan."""

    # Cosine similarity a claim pair needs before it is a candidate. On the demo vault the
    # planted contradictions sit at 0.61 to 0.99; consistent pairs on the same subject also
    # reach 0.9, so the gate only prunes unrelated claims and the scorer decides.
    similarity_gate: float = 0.55
    # Pairs that name the same note (`subjects.py`: the note of one claim, a title both
    # mention) are candidates from this similarity: "They cannot forge iron blades" in Orrin
    # Family and "The Orrin Family smiths forge iron blades" sit at 0.4.
    subject_gate: float = 0.55
    # A claim that names a note is paired with this many of that note's claims (and of the
    # other claims naming it), the most similar first, above `subject_gate` (0: none).
    subject_partners: int = 0
    neighbours: int = 8  # nearest claims of other notes asked for each claim
    # The judge reads the candidates best first by cosine + `subject_bonus` (same subject), at
    # most `judge_per_claim` per claim and max(`judge_min`, `judge_per_scanned` x claims
    # scanned) in all: its cost grows with the vault, not with the candidates.
    subject_bonus: float = 0.25
    judge_per_claim: int = 8
    judge_per_scanned: float = 1.0
    judge_min: int = 4000
    # Notes per extraction/embedding batch (a full scan is batched, a kill loses little).
    batch_notes: int = 256
    # Candidate pairs scored per call; above this many, pairs are scored in locality order.
    score_batch: int = 2048
    # From this many claims to look up, the candidate search loads every claim vector into
    # one matrix (`neighbours.py`) instead of searching the stored vectors note by note.
    in_memory_queries: int = 256
    # A live edit asks for this many times `neighbours` and drops the note's own claims.
    own_note_room: int = 4
    # The in-memory search: exact up to a size, then an inverted file.
    neighbour_search: NeighbourSearchConfig = DEFAULT_NEIGHBOUR_SEARCH


#: The structure alone also reads each claim naming a note beside that note's closest claims:
#: a conflict across notes is often between a note and a claim naming it, at a cosine of 0.4.
DEFAULT_SCAN_CONFIG = ScanConfig(subject_gate=0.4, subject_partners=6)
#: Real conflicts between notes written at different times sit at a cosine of 0.4-0.75 (a
#: campaign retold in prose, a worldbuilding vault), many of them between a note and a claim
#: naming it; the judge budget, not the gates, bounds the cost.
JUDGE_SCAN_CONFIG = ScanConfig(
    similarity_gate=0.45, subject_gate=0.25, subject_partners=6, neighbours=16
)
