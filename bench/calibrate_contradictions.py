"""Fit the contradiction confidence on whole vaults: judge + structure -> P(real contradiction).

    python bench/calibrate_contradictions.py DUMP.jsonl:TRUTH.jsonl[,TRUTH2.jsonl] [...] \
        [--write] [--l2 1.0]

Each DUMP is what `bench/contradiction_candidates.py dump VAULT DUMP` recorded of the
product's scan (every candidate pair, and whether the judge reads it); each TRUTH lists the
vault's labelled pairs (the format of ../shared/data/contradiction-vaults, or the planted sets'
`{"a": {"path", "claim"}, "b": ...}`). For every pair the judge reads (vetoed pairs aside),
the features of `engine/contradict/judge.py` are computed exactly as the scorer does,
labelled 1 when the pair matches a contradiction of the truth (else 0: look-alikes and
unlabelled pairs alike), and a logistic regression is fitted over all vaults together.
`--write` stores it in engine/contradict/judge/calibration.json with the vaults, counts and
the per-vault ranking it gives. Calibration, not rules: no sentence of any vault is read
by the product.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from contradiction_candidates import item_matches, load_score_py, truth_items  # noqa: E402

from engine.contradict.claim import parse_claim  # noqa: E402
from engine.contradict.judge import (  # noqa: E402
    CALIBRATION_PATH,
    FEATURES,
    PairJudge,
    fit_logistic,
    judge_text,
    names_other_note,
    pair_features,
)
from engine.contradict.scorer import note_title, value_conflict  # noqa: E402
from engine.contradict.structure import about_different_things, assess  # noqa: E402


def normalise(item: dict[str, Any]) -> dict[str, Any]:
    if "a_path" in item:
        return item
    return {
        "label": item["label"],
        "kind": item.get("kind", ""),
        "a_path": item["a"]["path"],
        "a_claim": item["a"]["claim"],
        "b_path": item["b"]["path"],
        "b_claim": item["b"]["claim"],
    }


def vault_rows(dump: str, truths: list[str], judge: PairJudge, sc: Any) -> list[dict[str, Any]]:
    items = [normalise(i) for i in truth_items(truths)]
    contra = [i for i in items if i.get("label", "contradiction") == "contradiction"]
    agree = [i for i in items if i.get("label") == "agreement"]
    rows = []
    for r in truth_items([dump]):
        if not r.get("judge", True):
            continue
        where = {
            "a_note": r["a_note"],
            "b_note": r["b_note"],
            "a_heading": r["a_heading"],
            "b_heading": r["b_heading"],
        }
        if about_different_things(r["a"], r["b"], **where):
            continue
        r["verdict"] = assess(r["a"], r["b"], **where)
        rows.append(r)
    texts = []
    for r in rows:
        x = judge_text(r["a"], note_title(r["a_note"]), fragment=parse_claim(r["a"]).fragment)
        y = judge_text(r["b"], note_title(r["b_note"]), fragment=parse_claim(r["b"]).fragment)
        texts.append((x, y) if x <= y else (y, x))
    probs = judge.contradiction(texts)
    for r, p in zip(rows, probs.tolist(), strict=True):
        named = names_other_note(r["a"], r["b"], r["a_note"], r["b_note"])
        r["x"] = pair_features(p, r["sim"], named, value_conflict(r["verdict"]))
        r["p"] = p
        r["items"] = [k for k, it in enumerate(contra) if item_matches(sc, r, it)]
        r["agree"] = any(item_matches(sc, r, it) for it in agree)
    return rows


def ranking(rows: list[dict[str, Any]], scores: np.ndarray, *, threshold: float) -> dict[str, Any]:
    order = np.argsort(-scores, kind="stable")
    ranked = [rows[i] for i in order]
    flags = [r for r, s in zip(ranked, scores[order], strict=True) if s >= threshold]
    found = {k for r in flags for k in r["items"]}
    out: dict[str, Any] = {
        "flags": len(flags),
        "items_found": len(found),
        "agreements_flagged": sum(r["agree"] for r in flags),
    }
    for k in (10, 20, 30):
        top = ranked[:k]
        seen: set[int] = set()
        hits = 0
        for r in top:
            new = set(r["items"]) - seen
            hits += bool(new)
            seen |= set(r["items"])
        out[f"distinct_correct@{k}"] = hits
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sets", nargs="+", help="DUMP.jsonl:TRUTH.jsonl[,TRUTH2.jsonl]")
    ap.add_argument("--l2", type=float, default=1.0)
    ap.add_argument("--threshold", type=float, default=0.5)
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    sc = load_score_py()
    judge = PairJudge.load()
    per_vault: dict[str, list[dict[str, Any]]] = {}
    for spec in args.sets:
        dump, truths = spec.split(":", 1)
        per_vault[Path(dump).stem] = vault_rows(dump, truths.split(","), judge, sc)
    all_rows = [r for rows in per_vault.values() for r in rows]
    x = np.asarray([r["x"] for r in all_rows], dtype=np.float64)
    y = np.asarray([1 if r["items"] else 0 for r in all_rows], dtype=np.int64)
    w, b = fit_logistic(x, y, l2=args.l2)
    report: dict[str, Any] = {}
    for name, rows in per_vault.items():
        xs = np.asarray([r["x"] for r in rows], dtype=np.float64)
        raw = np.asarray([r["p"] for r in rows], dtype=np.float64)
        floor = np.asarray([r["verdict"].score for r in rows], dtype=np.float64)
        cal = np.maximum(floor, 1.0 / (1.0 + np.exp(-(xs @ w + b))))
        report[name] = {
            "judged": len(rows),
            "positives": int(sum(1 for r in rows if r["items"])),
            "judge_alone": ranking(rows, raw, threshold=args.threshold),
            "structure_alone": ranking(rows, floor, threshold=args.threshold),
            "calibrated": ranking(rows, cal, threshold=args.threshold),
        }
    weights = {n: round(float(v), 4) for n, v in zip(FEATURES, w, strict=True)}
    print(json.dumps({"weights": weights, "bias": round(b, 4), "vaults": report}, indent=2))
    if args.write:
        record = {
            "weights": weights,
            "bias": round(b, 4),
            "fitted_on": sorted(per_vault),
            "pairs": len(all_rows),
            "positives": int(y.sum()),
            "l2": args.l2,
            "judge_onnx_sha256": judge.metadata.get("onnx_sha256"),
        }
        CALIBRATION_PATH.write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {CALIBRATION_PATH}")


if __name__ == "__main__":
    main()
