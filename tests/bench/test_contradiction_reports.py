"""The contradiction list runner and the verdict-miss report: their comparisons name what
changed, and the blind probe sets' sentences are never printed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.contradiction_lists import compare as compare_lists
from bench.contradiction_lists import row_text
from bench.verdict_misses import compare as compare_verdicts
from bench.verdict_misses import ending_of, report
from engine.contradict import structure


def _lists(path: Path, rows: dict[str, dict[str, object]]) -> Path:
    path.write_text(json.dumps({"commit": "x", "lists": rows}), encoding="utf-8")
    return path


def test_list_comparison_names_each_changed_measure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = _lists(
        tmp_path / "a.json",
        {"rpg-east": {"flags": 10, "found": 7}, "demo": {"flags": 7}},
    )
    after = _lists(
        tmp_path / "b.json",
        {"rpg-east": {"flags": 11, "found": 8}, "demo": {"flags": 7}},
    )
    compare_lists(before, after)
    out = capsys.readouterr().out
    assert "rpg-east" in out and "flags 10 -> 11" in out and "found 7 -> 8" in out
    assert "demo" not in out.split("lists the same")[0]
    assert "1 lists the same" in out


def test_a_list_row_reads_as_a_line() -> None:
    row = {"flags": 18, "found": 18, "of": 30, "look_alikes": 0, "seconds": 21.6}
    row |= {"precision_at_10": 1.0, "precision_at_20": 0.95}
    line = row_text("shalamar-planted", row)
    assert "found 18 of 30" in line and "P@20 0.95" in line and "(22 s)" in line
    assert "error: boom" in row_text("x", {"error": "boom", "seconds": 1})


def test_verdict_comparison_hides_the_blind_sets_sentences(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    def rows(score: float) -> list[dict[str, object]]:
        return [
            {"label": "contradiction", "category": "values", "score": score, "kind": "none"}
            | {"exit": None, "a": "Secret one side.", "b": "Secret other side."}
        ]

    (tmp_path / "a.json").write_text(json.dumps({"heldout-7": rows(0.0), "heldout-1": rows(0.0)}))
    (tmp_path / "b.json").write_text(json.dumps({"heldout-7": rows(0.8), "heldout-1": rows(0.8)}))
    compare_verdicts(tmp_path / "a.json", tmp_path / "b.json")
    out = capsys.readouterr().out
    assert "found" in out and "2 pairs changed" in out
    blind = [line for line in out.splitlines() if "heldout-7" in line]
    read = [line for line in out.splitlines() if "heldout-1" in line]
    assert blind and "Secret" not in blind[0]
    assert read and "Secret one side." in read[0]


def test_report_counts_by_category_and_never_shows_a_blind_set(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rows = [
        {"label": "contradiction", "category": "values", "score": 0.8, "exit": None},
        {"label": "contradiction", "category": "defs", "score": 0.0, "exit": None},
        {"label": "agreement", "category": "defs", "score": 0.7, "exit": None},
    ]
    for r in rows:
        r |= {"kind": "none", "a": "Hidden claim A.", "b": "Hidden claim B."}
    report("heldout-8", rows, show=True)
    out = capsys.readouterr().out
    assert "1 of 2, look-alikes 1" in out and "defs 0/1" in out and "values 1/1" in out
    assert "Hidden claim" not in out
    report("heldout-1", rows, show=True)
    assert "Hidden claim A." in capsys.readouterr().out


def test_the_test_that_ended_a_verdict_is_named_by_its_source_line() -> None:
    assert ending_of(None) == "no verdict reached"
    code = structure._assess_pair.__code__
    lines = [n for _, _, n in code.co_lines() if n is not None]
    named = {ending_of(n) for n in lines[-40:]}
    assert any(": if " in t for t in named)
