"""The known-item benchmark: reading a query file, the metrics (pure), and a real run on the
demo vault with a few queries written for it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.errors import EngineError
from engine.evaluate.known_items import (
    evaluate_known_items,
    first_rank,
    load_known_items,
    score_runs,
    summarise,
)

REPO = Path(__file__).resolve().parents[3]
DEMO_VAULT = REPO / "resources" / "demo-vault"


def write(tmp_path: Path, rows: list[object]) -> Path:
    path = tmp_path / "queries.jsonl"
    path.write_text(
        "\n".join(r if isinstance(r, str) else json.dumps(r) for r in rows) + "\n",
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize(
    ("row", "problem"),
    [
        ("{not json", "not a known-item query"),
        ({"query": "x", "expect": ["a.md"], "kind": "fuzzy"}, "kind 'fuzzy'"),
        ({"query": "x", "expect": [], "kind": "semantic"}, "absent queries expect no note"),
        ({"query": "x", "expect": ["a.md"], "kind": "absent"}, "absent queries expect no note"),
        ({"query": " ", "expect": ["a.md"]}, "empty query"),
        ({"query": "x", "expect": "a.md"}, "expect must be a list"),
    ],
)
def test_a_bad_line_is_named(tmp_path: Path, row: object, problem: str) -> None:
    path = write(tmp_path, [{"query": "fine", "expect": ["a.md"]}, row])
    with pytest.raises(EngineError, match=problem) as caught:
        load_known_items(path)
    assert ":2:" in str(caught.value)


def test_ranks_and_metrics() -> None:
    expect = frozenset({"b.md"})
    assert first_rank([("a.md",), ("x.md", "b.md"), ("b.md",)], expect) == 2  # a folded dup
    assert first_rank([("a.md",)], expect) is None
    m = summarise([1, 3, None, 7])
    assert (m["hit@1"], m["hit@3"], m["hit@5"], m["hit@10"]) == (0.25, 0.5, 0.5, 0.75)
    assert m["mrr"] == pytest.approx(round((1 + 1 / 3 + 1 / 7) / 4, 4))
    rows = [
        {
            "kind": "semantic",
            "ranks": {"semantic": 1, "text": 9, "graph": None, "fused": 2},
            "low_confidence": False,
            "shown": 10,
        },
        {
            "kind": "absent",
            "ranks": {"semantic": None, "text": None, "graph": None, "fused": None},
            "low_confidence": True,
            "shown": 3,
        },
    ]
    scored = score_runs(rows)
    assert scored["semantic"]["fused_minus_best_source_hit@5"] == 0.0
    assert scored["absent"] == {"queries": 1, "low_confidence_rate": 1.0, "mean_shown": 3.0}


def test_a_real_run_on_the_demo_vault(tmp_path: Path, embedder: object) -> None:
    queries = write(
        tmp_path,
        [
            {"query": "REQ-006", "expect": ["Projects/Requirements.md"], "kind": "exact"},
            {
                "query": "how do I put new firmware onto a node",
                "expect": ["Methods/Firmware Flashing.md"],
                "kind": "semantic",
            },
            {"query": "qwxz blorf", "expect": [], "kind": "absent"},
        ],
    )
    result = evaluate_known_items(
        DEMO_VAULT,
        queries,
        work_dir=tmp_path / "work",
        embedder=embedder,  # type: ignore[arg-type]
    )
    assert result["queries"] == 3 and result["notes"] > 40
    details = {row["query"]: row for row in result["details"]}
    assert details["REQ-006"]["ranks"]["fused"] is not None
    assert details["REQ-006"]["ranks"]["fused"] <= 3
    assert details["how do I put new firmware onto a node"]["ranks"]["fused"] == 1
    assert details["qwxz blorf"]["low_confidence"]
    assert result["by_kind"]["absent"]["low_confidence_rate"] == 1.0
    missing = write(tmp_path, [{"query": "x", "expect": ["No such note.md"]}])
    with pytest.raises(EngineError, match="not in the indexed vault"):
        evaluate_known_items(DEMO_VAULT, missing, work_dir=tmp_path / "work", embedder=embedder)  # type: ignore[arg-type]
