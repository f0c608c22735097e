"""Dump every candidate pair a contradiction scan scores, and check them against truth.

    python bench/contradiction_candidates.py dump VAULT OUT.jsonl [--work-dir D] [--judge-config]
    python bench/contradiction_candidates.py check OUT.jsonl TRUTH.jsonl [...]

`dump` indexes VAULT (cached in --work-dir), runs the product's full scan with a scorer that
records what it is asked (claims, notes, headings, cosine) and writes one JSON line per
candidate pair. `check` says, for each truth item (the format of
../shared/data/contradiction-vaults), whether the candidate stage reached it and at which
cosine: what the judge can at best find, and how many pairs it has to read for that.
A development tool: its numbers go in notes, not in tests.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
SCORE_PY = ROOT.parent / "shared" / "data" / "contradiction-vaults" / "score.py"


class RecordingScorer:
    """Keeps the inputs of every call and scores nothing (every pair gets confidence 0)."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner
        self.rows: list[dict[str, Any]] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    def score_many(self, pairs, a_vecs=None, b_vecs=None, *, notes=None, headings=None, judge=None):  # type: ignore[no-untyped-def]
        import numpy as np

        sims = np.einsum("ij,ij->i", np.asarray(a_vecs), np.asarray(b_vecs))
        from engine.contradict.scorer import PairScore

        out = [PairScore(0.0, "semantic_conflict", ("recorded",), float(s)) for s in sims]
        for k, (a, b) in enumerate(pairs):
            self.rows.append(
                {
                    "a": a,
                    "b": b,
                    "a_note": notes[k][0] if notes else None,
                    "b_note": notes[k][1] if notes else None,
                    "a_heading": headings[k][0] if headings else None,
                    "b_heading": headings[k][1] if headings else None,
                    "sim": round(float(sims[k]), 4),
                    "judge": True if judge is None else bool(judge[k]),
                }
            )
        return out


def dump(args: argparse.Namespace) -> None:
    from engine.contradict import store
    from engine.contradict.scan import ContradictionScanner
    from engine.workspace import Workspace, WorkspaceConfig

    config = WorkspaceConfig(vault_root=Path(args.vault), data_root=Path(args.work_dir))
    with Workspace.open(config) as ws:
        ws.sync()
        base = ws._contradiction_scanner()
        assert base is not None
        recorder = RecordingScorer(base.scorer)
        scan_config = base.config
        if args.judge_config:  # the wider net a judge reads, whether or not one is installed
            from engine.contradict.scan import JUDGE_SCAN_CONFIG

            scan_config = JUDGE_SCAN_CONFIG
            # the pairs a judge would read are chosen only where one is installed: stand in
            recorder.judge = object()  # type: ignore[attr-defined]
        if args.gate is not None:
            scan_config = dataclasses.replace(scan_config, subject_gate=args.gate)
        if args.k is not None:
            scan_config = dataclasses.replace(scan_config, neighbours=args.k)
        scanner = ContradictionScanner(
            ws.catalog,
            base.claim_vectors,
            ws._claim_embedder,
            recorder,  # type: ignore[arg-type]
            config=scan_config,
        )
        store.forget_scans(ws.catalog)
        stats = scanner.full_scan()
        store.forget_scans(ws.catalog)  # the product rescans with its own settings next time
    with open(args.out, "w", encoding="utf-8") as f:
        for row in recorder.rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{len(recorder.rows)} candidates, {stats.claims} claims -> {args.out}")


def load_score_py() -> Any:
    spec = importlib.util.spec_from_file_location("cv_score", SCORE_PY)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def truth_items(paths: list[str]) -> list[dict[str, Any]]:
    items = []
    for p in paths:
        with open(p, encoding="utf-8") as f:
            items += [json.loads(line) for line in f if line.strip()]
    return items


def item_matches(sc: Any, row: dict[str, Any], item: dict[str, Any]) -> bool:
    def side(path: str, claim: str, want_path: str, want_claim: str, alts: list) -> bool:
        if sc.same_path(path, want_path) and sc.claims_overlap(claim, want_claim):
            return True
        return any(
            sc.same_path(path, alt["path"]) and sc.claims_overlap(claim, alt["claim"])
            for alt in alts or []
        )

    a, b = (row["a_note"], row["a"]), (row["b_note"], row["b"])
    ia = (item["a_path"], item["a_claim"], item.get("a_alt", []))
    ib = (item["b_path"], item["b_claim"], item.get("b_alt", []))
    return (side(*a, *ia) and side(*b, *ib)) or (side(*a, *ib) and side(*b, *ia))


def check(args: argparse.Namespace) -> None:
    sc = load_score_py()
    rows = truth_items([args.dump])
    items = truth_items(args.truth)
    for item in items:
        hits = [r for r in rows if item_matches(sc, r, item)]
        best = max((r["sim"] for r in hits), default=None)
        label = item.get("label", "contradiction")[:6]
        print(
            f"{label} {item.get('kind', '')[:12]:12} {'cand' if hits else 'MISS'} "
            f"sim={best if best is not None else '-':<6} {item['a_claim'][:50]!r} / "
            f"{item['b_claim'][:50]!r}"
        )


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="job", required=True)
    d = sub.add_parser("dump")
    d.add_argument("vault")
    d.add_argument("out")
    d.add_argument("--work-dir", default="/tmp/consilience-dev")
    d.add_argument("--gate", type=float, help="subject gate (default: the product's)")
    d.add_argument("--k", type=int, help="neighbours per claim (default: the product's)")
    d.add_argument(
        "--judge-config",
        action="store_true",
        help="the candidates a judge reads (JUDGE_SCAN_CONFIG)",
    )
    c = sub.add_parser("check")
    c.add_argument("dump")
    c.add_argument("truth", nargs="+")
    args = ap.parse_args()
    {"dump": dump, "check": check}[args.job](args)


if __name__ == "__main__":
    main()
