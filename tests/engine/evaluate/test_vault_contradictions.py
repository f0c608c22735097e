# ruff: noqa: E501  (labeled rows read better unwrapped)
"""The whole-vault contradiction benchmark: scoring a ranked flag list against labeled pairs
(pure), and the real scan on a copy of the demo vault against its planted truth."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from engine.contradict.types import Contradiction, ContradictionSide
from engine.errors import EngineError
from engine.evaluate.vault_contradictions import (
    evaluate_vault_contradictions,
    load_truth,
    score_flags,
)

REPO = Path(__file__).resolve().parents[3]


def _flag(a: tuple[str, str], b: tuple[str, str], confidence: float = 0.9) -> Contradiction:
    def side(path: str, claim: str) -> ContradictionSide:
        return ContradictionSide(path, path, claim, claim, None, claim)

    return Contradiction(
        id=f"{a}|{b}",
        a=side(*a),
        b=side(*b),
        confidence=confidence,
        similarity=0.9,
        type="negation",
        explanations=("x",),
        newer=None,
    )


def _truth(tmp_path: Path, rows: list[dict[str, object]]) -> Path:
    path = tmp_path / "truth.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    return path


def test_score_flags_counts_precision_recall_and_flagged_agreements(tmp_path: Path) -> None:
    truth = load_truth(
        _truth(
            tmp_path,
            [
                {"id": "c1", "label": "contradiction", "kind": "negation",
                 "a": {"path": "A.md", "claim": "X is on."}, "b": {"path": "B.md", "claim": "X is off."}},
                {"id": "c2", "label": "contradiction", "kind": "quantity",
                 "a": {"path": "C.md", "claim": "Y is 5."}, "b": {"path": "D.md", "claim": "Y is 6."}},
                {"id": "g1", "label": "agreement", "kind": "paraphrase",
                 "a": {"path": "E.md", "claim": "Z is big."}, "b": {"path": "F.md", "claim": "Z is large."}},
            ],
        )
    )  # fmt: skip
    flags = [
        _flag(("B.md", "X is off."), ("A.md", "Some other sentence.")),  # matches c1 (one side)
        _flag(("E.md", "Z is big."), ("F.md", "Z is large.")),  # a flagged agreement
        _flag(("A.md", "X is on."), ("D.md", "Y is 6.")),  # notes of no labeled pair
    ]
    result = score_flags(flags, truth)
    assert result["flags"] == 3
    assert result["precision_at_10"] == pytest.approx(1 / 3, abs=1e-4)
    assert result["recall"] == 0.5 and result["recall_at_20"] == 0.5
    assert result["missed_contradictions"] == ["c2"]
    assert result["agreements_flagged"] == 1
    assert result["flagged_agreements"] == [{"id": "g1", "kind": "paraphrase", "rank": 2}]
    assert score_flags([], truth)["precision_at_10"] is None


def test_a_flag_showing_both_sentences_of_a_contradiction_is_no_look_alike(
    tmp_path: Path,
) -> None:
    truth = load_truth(
        _truth(
            tmp_path,
            [
                {"id": "c1", "label": "contradiction", "kind": "quantity",
                 "a": {"path": "A.md", "claim": "It travels at 343 m/s."}, "b": {"path": "B.md", "claim": "It travels at 1,500 m/s."}},
                {"id": "g1", "label": "agreement", "kind": "units",
                 "a": {"path": "A.md", "claim": "It travels at 343 m/s."}, "b": {"path": "B.md", "claim": "It covers a kilometre in three seconds."}},
            ],
        )
    )  # fmt: skip
    real = _flag(("A.md", "It travels at 343 m/s."), ("B.md", "It travels at 1,500 m/s."))
    result = score_flags([real], truth)
    assert result["recall"] == 1.0 and result["agreements_flagged"] == 0
    # a flag on the look-alike's two sentences still counts against it
    alike = _flag(
        ("A.md", "It travels at 343 m/s."), ("B.md", "It covers a kilometre in three seconds.")
    )
    result = score_flags([alike], truth)
    assert result["agreements_flagged"] == 1 and result["recall"] == 0.0
    # a sentence written with a link in the note is the words the link shows
    linked = load_truth(
        _truth(
            tmp_path,
            [
                {"id": "c1", "label": "contradiction", "kind": "quantity",
                 "a": {"path": "A.md", "claim": "It travels at 343 m/s."}, "b": {"path": "B.md", "claim": "The [[Sound|sound]] travels at 1,500 m/s."}},
                {"id": "g1", "label": "agreement", "kind": "units",
                 "a": {"path": "A.md", "claim": "It travels at 343 m/s."}, "b": {"path": "B.md", "claim": "[[Sound]] covers a kilometre in three seconds."}},
            ],
        )
    )  # fmt: skip
    shown = _flag(("A.md", "It travels at 343 m/s."), ("B.md", "The sound travels at 1,500 m/s."))
    assert score_flags([shown], linked)["agreements_flagged"] == 0
    # a flag that shows one sentence only matches every pair that holds it
    one = _flag(("A.md", "It travels at 343 m/s."), ("B.md", "Some other sentence."))
    result = score_flags([one], truth)
    assert result["agreements_flagged"] == 1 and result["recall"] == 1.0


def test_a_bad_truth_line_names_the_line(tmp_path: Path) -> None:
    path = _truth(tmp_path, [{"id": "x", "label": "maybe", "a": {}, "b": {}}])
    with pytest.raises(EngineError, match=":1:"):
        load_truth(path)


@pytest.mark.slow
def test_the_demo_vault_flags_its_planted_contradictions_and_none_of_its_agreements(
    tmp_path: Path,
) -> None:
    vault = tmp_path / "vault"
    shutil.copytree(REPO / "resources" / "demo-vault", vault)
    expected = json.loads((REPO / "resources" / "demo-vault.expected.json").read_text("utf-8"))
    rows = [
        {"id": f"c{i}", "label": "contradiction", "kind": p["type"],
         "a": {"path": p["a"], "claim": p["a_claim"]}, "b": {"path": p["b"], "claim": p["b_claim"]}}
        for i, p in enumerate(expected["contradictions"])
    ] + [
        {"id": f"g{i}", "label": "agreement", "kind": "consistent",
         "a": {"path": p["a"], "claim": p["a_claim"]}, "b": {"path": p["b"], "claim": p["b_claim"]}}
        for i, p in enumerate(expected["non_contradictions"])
    ]  # fmt: skip
    result = evaluate_vault_contradictions(
        vault, _truth(tmp_path, rows), work_dir=tmp_path / "index"
    )
    assert result["notes"] > 20 and result["claims"] > result["flags"]
    assert result["recall"] == 1.0, result["missed_contradictions"]
    assert result["flags"] == len(expected["contradictions"]), result["top"]  # nothing else
    assert result["agreements_flagged"] == 0
    assert result["precision_at_10"] >= 0.7
    assert result["top"][0]["label"].startswith("contradiction")
