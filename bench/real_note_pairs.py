"""Neutral training pairs from real notes: neighbouring claims of real vaults about one topic.

    python bench/real_note_pairs.py OUT.jsonl.gz [--vault DIR ...] [--per-claim 3] [--seed 13]

SNLI's captions describe one scene, so two different actions are a contradiction there; in a
vault, two different sentences about one topic are two facts. A judge trained on SNLI alone
reads rule-book sentences and restatements of one topic as conflicts. This script takes the
claims the product extracts from real, unmodified vaults (default: obsidian-help/en and the
D&D SRD in ../shared/data, read in place), embeds them with the packaged model, and pairs
each claim with its nearest claims (cosine 0.45-0.93, its own note or another) whose words
differ substantially (word overlap below 0.6): the same topic, another fact. They are
labelled neutral. Pairs that differ in only a value or a word are left out: without their
subjects, their label is not known. With `--restatements`, near pairs (cosine 0.8 or more)
whose shorter side has no word the longer lacks, with the same numbers and negations, are one
fact told in another shape (a fragment beside the sentence that contains it): entailment.

The output (gzipped JSON lines `{premise, hypothesis, label, source}`) is training data only;
`train_judge.py --extra-pairs` reads it. Its sha256 and the vaults' go in the judge's record.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

DATA = ROOT.parent / "shared" / "data"
DEFAULT_VAULTS = (DATA / "vaults" / "obsidian-help" / "en", DATA / "dedup" / "dnd-srd-5.1")
WORD = re.compile(r"[a-z0-9]+")
LOW, HIGH, MAX_OVERLAP = 0.45, 0.93, 0.6
SAME_FACT, MIN_OVERLAP = 0.8, 1.0
NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
NEGATION = re.compile(r"\b(?:not|no|never|none|cannot|without)\b|n't\b", re.IGNORECASE)


def vault_claims(vault: Path) -> list[tuple[str, str]]:
    """(note title, claim as the judge reads it) for every claim of the vault's notes."""
    from engine.contradict.claim import extract_claims
    from engine.contradict.judge import judge_text

    out: list[tuple[str, str]] = []
    for path in sorted(vault.rglob("*.md")):
        if "(Alt)" in path.name:  # the SRD's compilations repeat its notes
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        title = path.stem
        for claim in extract_claims(text):
            if 4 <= len(claim.text.split()) <= 60:
                out.append((title, judge_text(claim.text, title)))
    return out


def overlap(a: str, b: str) -> float:
    wa, wb = set(WORD.findall(a.lower())), set(WORD.findall(b.lower()))
    return len(wa & wb) / max(1, min(len(wa), len(wb)))


def same_fact(a: str, b: str) -> bool:
    """A restatement in another shape: most words shared, the same numbers, negated alike."""
    return (
        a.casefold() != b.casefold()
        and overlap(a, b) >= MIN_OVERLAP
        and sorted(NUMBER.findall(a)) == sorted(NUMBER.findall(b))
        and len(NEGATION.findall(a)) == len(NEGATION.findall(b))
    )


def mine(
    claims: list[tuple[str, str]], per_claim: int, seed: int, *, restatements: bool = False
) -> list[dict[str, str]]:
    from engine.embed.embedder import load_embedder

    texts = sorted({c for _, c in claims})
    vecs = np.asarray(load_embedder().embed(texts), dtype=np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True).clip(1e-9)
    rng = random.Random(seed)
    seen: set[tuple[int, int]] = set()
    rows: list[dict[str, str]] = []
    for start in range(0, len(texts), 512):
        sims = vecs[start : start + 512] @ vecs.T
        for r, row in enumerate(sims):
            i = start + r
            taken = 0
            for j in np.argsort(-row)[1:40]:
                s = float(row[j])
                if s < LOW or taken >= per_claim:
                    break
                key = (min(i, int(j)), max(i, int(j)))
                if key in seen:
                    continue
                a, b = (texts[i], texts[j]) if rng.random() < 0.5 else (texts[j], texts[i])
                if restatements and s >= SAME_FACT and same_fact(a, b):
                    seen.add(key)
                    rows.append(
                        {"premise": a, "hypothesis": b, "label": "entailment", "source": "real"}
                    )
                    continue
                if s > HIGH or overlap(a, b) >= MAX_OVERLAP:
                    continue
                seen.add(key)
                taken += 1
                rows.append({"premise": a, "hypothesis": b, "label": "neutral", "source": "real"})
    rng.shuffle(rows)
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--vault", action="append", help="a vault to read (repeatable)")
    ap.add_argument("--per-claim", type=int, default=3)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument(
        "--restatements", action="store_true", help="also: one fact restated, as entailment"
    )
    args = ap.parse_args()
    vaults = [Path(v) for v in args.vault] if args.vault else list(DEFAULT_VAULTS)
    claims = [c for v in vaults for c in vault_claims(v)]
    rows = mine(claims, args.per_claim, args.seed, restatements=args.restatements)
    with gzip.open(args.out, "wt", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row) + "\n")
    print(f"{len(claims)} claims from {len(vaults)} vaults -> {len(rows)} neutral pairs")


if __name__ == "__main__":
    main()
