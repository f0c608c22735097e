"""Note-style training pairs written by hand, as the judge's extra data and its held-out check.

    python bench/written_pairs.py build OUT.jsonl.gz [--repeat 2] [--real REAL.jsonl.gz]
    python bench/written_pairs.py score JUDGE_DIR      # the judge on the held-out part

`judge-pairs/written-pairs.jsonl` holds 6,481 sentence pairs written for this project in the
voice of personal notes (fragments, asides, wikilinks, hedged values), in sixteen domains that
none of the written vaults covers (medicine, music, law, astronomy, literature, sports, ...):
contradictions that need meaning (paraphrased subjects, antonyms, values and dates stated
with other verbs, one claim naming the other's note), restatements, and hard look-alikes
(the same statement of another entity, other attributes, compatible limits, explicit later
events, kinship fragments). Labels: contradiction 2,276, entailment 1,299, neutral 2,906.

`judge-pairs/neighbour-pairs.jsonl` holds 4,193 more, written the same way for the pairs a
vault's similarity search brings together: two notes of one vault about one project, place,
person or device (journals, field and lab notebooks, a home lab, campaign logs and drafts,
travel and garden logs, study notes, a small business, renovation and training logs). Most
are compatible look-alikes: another instance of one kind, one thing at two marked times, a
plan and its outcome, a part and the whole, two measures, two people (neutral 2,720); the
rest contradict in the same register (1,048) or restate (425). Every `*.jsonl` file in the
folder is read, and `score` reports each file's held-out part on its own.

`build` keeps 15 % of them out (by a hash of the two texts, so the split never moves),
gives the rest `--repeat` times, contradictions also the other way round, and adds a sample
of the real-note neutral pairs (`real_note_pairs.py`); `train_judge.py --extra-pairs` reads
the result. `score` reports three-way accuracy and P/R of P(contradiction), read both ways
round, on the held-out 15 %. Training data only: no sentence here is read by the product.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
PAIRS = HERE / "judge-pairs"  # every *.jsonl file in it
LABELS = ("contradiction", "entailment", "neutral")
HELD_OUT_PERCENT = 15


def held_out(row: dict[str, str]) -> bool:
    key = f"{row['premise']}|{row['hypothesis']}".encode()
    return int(hashlib.sha256(key).hexdigest(), 16) % 100 < HELD_OUT_PERCENT


def read_pairs(folder: Path = PAIRS) -> list[dict[str, str]]:
    """Every written pair, each with the name of its file under "file"."""
    rows = []
    for path in sorted(folder.glob("*.jsonl")):
        with open(path, encoding="utf-8") as f:
            rows += [{**json.loads(line), "file": path.name} for line in f if line.strip()]
    return rows


def build(args: argparse.Namespace) -> None:
    rows = [r for r in read_pairs() if not held_out(r)]
    out: list[dict[str, str]] = []
    for r in rows:
        row = {"premise": r["premise"], "hypothesis": r["hypothesis"], "label": r["label"]}
        row["source"] = f"written:{r['kind']}"
        out += [row] * args.repeat
        if r["label"] == "contradiction":  # a symmetric relation: also the other way round
            out += [{**row, "premise": r["hypothesis"], "hypothesis": r["premise"]}] * args.repeat
    if args.real:
        with gzip.open(args.real, "rt", encoding="utf-8") as f:
            real = [json.loads(line) for line in f if line.strip()]
        random.Random(args.seed).shuffle(real)
        out += real[: args.real_n]
    random.Random(args.seed).shuffle(out)
    with gzip.open(args.out, "wt", encoding="utf-8") as f:
        for r in out:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{len(rows)} written pairs for training, {len(out)} rows -> {args.out}")


def score(args: argparse.Namespace) -> None:

    sys.path.insert(0, str(HERE.parent))
    from engine.contradict.judge import PairJudge

    judge = PairJudge(Path(args.judge_dir))
    every = [r for r in read_pairs() if held_out(r)]
    reports = {
        name: _scored(judge, [r for r in every if r["file"] == name])
        for name in sorted({r["file"] for r in every})
    }
    print(json.dumps(reports, indent=2))


def _scored(judge: Any, rows: list[dict[str, str]]) -> dict[str, object]:
    import numpy as np

    forward = judge.probabilities([(r["premise"], r["hypothesis"]) for r in rows])
    backward = judge.probabilities([(r["hypothesis"], r["premise"]) for r in rows])
    said = [LABELS[int(p.argmax())] for p in forward]
    accuracy = float(np.mean([s == r["label"] for s, r in zip(said, rows, strict=True)]))
    p_c = np.maximum(forward[:, 0], backward[:, 0])
    truth = np.asarray([r["label"] == "contradiction" for r in rows])
    report: dict[str, object] = {"held_out": len(rows), "three_way_accuracy": round(accuracy, 3)}
    for t in (0.5, 0.9):
        flagged = p_c >= t
        hits = int((flagged & truth).sum())
        report[f"at_{t}"] = {
            "precision": round(hits / max(int(flagged.sum()), 1), 3),
            "recall": round(hits / max(int(truth.sum()), 1), 3),
        }
    report["labels"] = dict(Counter(r["label"] for r in rows))
    return report


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="job", required=True)
    b = sub.add_parser("build")
    b.add_argument("out")
    b.add_argument("--repeat", type=int, default=2)
    b.add_argument("--real", help="real-note neutral pairs (real_note_pairs.py output)")
    b.add_argument("--real-n", type=int, default=10000)
    b.add_argument("--seed", type=int, default=13)
    s = sub.add_parser("score")
    s.add_argument("judge_dir")
    args = ap.parse_args()
    {"build": build, "score": score}[args.job](args)


if __name__ == "__main__":
    main()
