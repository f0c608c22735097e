"""Contradictions as a user meets them: the real scan on a whole vault, scored against truth.

`evaluate_vault_contradictions(vault, truth, work_dir=...)` indexes the vault (cached in
`work_dir` between runs), rescans every note's claims with the current scorer, takes the list
the product shows by default (`store.lookup` at the scorer's threshold, best first) and
compares it with a truth file (`bench/plant_contradictions.py` writes one): one JSON line per
labeled pair, `{"id", "label": "contradiction"|"agreement", "kind", "a": {"path", "claim"},
"b": {"path", "claim"}}`.

A flag matches a labeled pair when it joins the pair's two notes and one of its claims is one
of the pair's sentences (the same sentence, whitespace and case aside, or one containing the
other). Where a flag shows both sentences of some pair, it matches only such pairs: a
contradiction and a look-alike that share one sentence and two notes are told apart. Flags
that match no contradiction count as wrong, labeled or not.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.contradict.types import Contradiction
from engine.errors import EngineError

_NORM = re.compile(r"[\W_]+", re.UNICODE)


@dataclass(frozen=True)
class LabeledNotePair:
    id: str
    label: str  # contradiction | agreement
    kind: str
    paths: frozenset[str]
    claims: tuple[str, str]  # normalised


_LINK = re.compile(r"\[\[(?:[^\]|]*\|)?([^\]]*)\]\]")


def _norm(text: str) -> str:
    """A sentence as compared: a wikilink as the words it shows ("[[Speed of Sound|sound]]"
    is "sound"), case, punctuation and spacing aside."""
    return _NORM.sub(" ", _LINK.sub(r"\1", text).casefold()).strip()


def load_truth(path: Path) -> list[LabeledNotePair]:
    out: list[LabeledNotePair] = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise EngineError(f"cannot read the truth file {path}: {exc}") from None
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            label = str(row["label"])
            if label not in ("contradiction", "agreement"):
                raise ValueError(f"label {label!r}")
            out.append(
                LabeledNotePair(
                    id=str(row.get("id", n)),
                    label=label,
                    kind=str(row.get("kind", "")),
                    paths=frozenset((row["a"]["path"], row["b"]["path"])),
                    claims=(_norm(row["a"]["claim"]), _norm(row["b"]["claim"])),
                )
            )
        except (ValueError, KeyError, TypeError) as exc:
            raise EngineError(f"{path}:{n}: not a labeled pair ({exc})") from None
    return out


def _same_sentence(claim: str, planted: str) -> bool:
    return bool(claim) and (claim == planted or claim in planted or planted in claim)


def matches(flag: Contradiction, pair: LabeledNotePair) -> bool:
    places = {frozenset((flag.a.path, flag.b.path))} | {frozenset(p) for p in flag.also}
    if pair.paths not in places:
        return False
    sides = (_norm(flag.a.claim), _norm(flag.b.claim))
    return any(_same_sentence(s, p) for s in sides for p in pair.claims)


def shows_both(flag: Contradiction, pair: LabeledNotePair) -> bool:
    """Each of the flag's claims is one of the pair's two sentences, one each (the notes
    aside: `matches` checks those)."""
    a, b = _norm(flag.a.claim), _norm(flag.b.claim)
    x, y = pair.claims
    return (_same_sentence(a, x) and _same_sentence(b, y)) or (
        _same_sentence(a, y) and _same_sentence(b, x)
    )


def score_flags(flags: Sequence[Contradiction], truth: Sequence[LabeledNotePair]) -> dict[str, Any]:
    """The metrics of a ranked flag list against labeled pairs (pure)."""
    contradictions = [p for p in truth if p.label == "contradiction"]
    agreements = [p for p in truth if p.label == "agreement"]
    by_paths: dict[frozenset[str], list[LabeledNotePair]] = {}
    for p in truth:
        by_paths.setdefault(p.paths, []).append(p)
    correct: list[bool] = []
    first_rank: dict[str, int] = {}
    for rank, flag in enumerate(flags, 1):
        hit = False
        places = [(flag.a.path, flag.b.path), *flag.also]
        near = {p.id: p for pl in places for p in by_paths.get(frozenset(pl), ())}.values()
        matched = [pair for pair in near if matches(flag, pair)]
        # a flag that shows both sentences of one pair is that pair's, not also that of a
        # look-alike it shares one sentence with
        both = [pair for pair in matched if shows_both(flag, pair)]
        for pair in both or matched:
            first_rank.setdefault(pair.id, rank)
            hit = hit or pair.label == "contradiction"
        correct.append(hit)

    def precision_at(k: int) -> float | None:
        shown = correct[:k]
        return round(sum(shown) / len(shown), 4) if shown else None

    def recall_at(k: int | None) -> float | None:
        if not contradictions:
            return None
        found = sum(
            1 for p in contradictions if p.id in first_rank and (k is None or first_rank[p.id] <= k)
        )
        return round(found / len(contradictions), 4)

    kinds: dict[str, dict[str, int]] = {}
    for p in truth:
        row = kinds.setdefault(f"{p.label}:{p.kind}", {"total": 0, "flagged": 0})
        row["total"] += 1
        row["flagged"] += p.id in first_rank
    return {
        "flags": len(flags),
        "precision_at_10": precision_at(10),
        "precision_at_20": precision_at(20),
        "precision": precision_at(len(flags)),
        "contradictions": len(contradictions),
        "recall": recall_at(None),
        "recall_at_20": recall_at(20),
        "recall_at_50": recall_at(50),
        "agreements": len(agreements),
        "agreements_flagged": sum(1 for p in agreements if p.id in first_rank),
        "flagged_agreements": sorted(
            (
                {"id": p.id, "kind": p.kind, "rank": first_rank[p.id]}
                for p in agreements
                if p.id in first_rank
            ),
            key=lambda r: r["rank"],
        ),
        "missed_contradictions": [p.id for p in contradictions if p.id not in first_rank],
        "by_kind": dict(sorted(kinds.items())),
    }


def evaluate_vault_contradictions(
    vault: Path,
    truth: Path | None,
    *,
    work_dir: Path,
    model: str | None = None,
    top: int = 20,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Index `vault` into `work_dir` (kept between runs), rescan its contradictions with the
    current scorer and score the default list against `truth` (None: counts only)."""
    from engine.contradict import store
    from engine.contradict.scorer import PairScorer
    from engine.workspace import Workspace, WorkspaceConfig

    say = progress or (lambda _m: None)
    labeled = load_truth(truth) if truth is not None else []
    config = WorkspaceConfig(vault_root=vault, data_root=work_dir, model=model)
    with Workspace.open(config) as ws:
        say(f"indexing {vault} ...")
        ws.sync()
        say("scanning contradictions ...")
        store.forget_scans(ws.catalog)
        started = time.perf_counter()
        stats = ws.scan_contradictions()
        seconds = time.perf_counter() - started
        if stats is None:
            raise EngineError("the contradiction scan did not run (see the log with -v)")
        threshold = PairScorer.load().threshold
        flags = store.lookup(ws.catalog, min_confidence=threshold)
        notes = len(store.indexed_notes(ws.catalog))
    result = {
        "vault": str(vault),
        "notes": notes,
        "claims": stats.claims,
        "candidates": stats.candidates,
        "scan_seconds": round(seconds, 2),
        "threshold": threshold,
        **score_flags(flags, labeled),
        "top": [_shown(rank, f, labeled) for rank, f in enumerate(flags[:top], 1)],
    }
    return result


def _shown(rank: int, flag: Contradiction, truth: Sequence[LabeledNotePair]) -> dict[str, Any]:
    label = next((p.label + ":" + p.id for p in truth if matches(flag, p)), "unlabeled")
    return {
        "rank": rank,
        "confidence": round(flag.confidence, 3),
        "type": flag.type,
        "label": label,
        "a": f"{flag.a.path}: {flag.a.claim}",
        "b": f"{flag.b.path}: {flag.b.claim}",
        "why": list(flag.explanations),
    }
