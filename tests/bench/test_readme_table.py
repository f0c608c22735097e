"""The README's performance table is made from a `consilience bench --json` run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bench.readme_table import END, START, TableError, main, render_table, replace_table


def bench_run() -> dict[str, Any]:
    """The shape `engine.evaluate.index_bench.run_bench` returns, with small numbers."""
    return {
        "vault": "generated (200 notes, seed 7)",
        "notes": 200,
        "chunks": 1310,
        "skipped": 0,
        "index": {
            "seconds": 12.34,
            "chunks_per_s": 106.2,
            "embedder_chunks_per_s": 118.0,
            "embedder_sample": 1310,
            "ratio": 0.9,
            "embedder": "onnx-int8",
        },
        "contradictions": {"scan_seconds": 3.21, "claims": 4321, "pairs": 17},
        "restart": {
            "seconds_to_first_result": 1.08,
            "seconds_to_full_result": 1.44,
            "catch_up_sync_done_s": 2.6,
            "reembedded": 0,
            "results": 10,
            "full_results": 10,
        },
        "query_ms": {"p50": 9.7, "p95": 12.8, "queries": 240, "p50_by_kind": {"phrase": 10.1}},
        "edit": {"note": "a.md", "note_chunks": 3, "reembedded": 1},
        "sync_ms": {"p50": 328.4, "p95": 367.0, "samples": 20},
        "peak_rss_mb": 1317.2,
        "peak_rss_by_phase_mb": {"index": 524.0, "search": 1209.4},
        "disk_mb": 62.4,
    }


def test_the_table_shows_every_measure_of_the_run_and_names_the_commit() -> None:
    table = render_table(bench_run(), commit="abc1234")
    lines = table.splitlines()
    assert lines[0] == "| measure | result[^bench] |"
    assert "| notes / chunks | 200 / 1,310 |" in lines
    assert "12 s: 106.2 chunks/s vs 118.0 for the bare embedder (ratio 0.9)" in table
    assert "`onnx-int8`" in table
    assert "1.08 s / 1.44 s; catch-up sync done at 2.6 s, 0 chunks re-embedded" in table
    assert "| query p50 / p95, 240 mixed queries | 9.7 / 12.8 ms |" in table
    assert "| save-to-searchable p50 / p95, 20 saves while watching | 328 / 367 ms |" in table
    assert "3 s (4,321 claims)" in table
    assert "1,317 MB (by phase: index 524, search 1,209 MB)" in table
    assert "| index on disk | 62 MB |" in table
    footnotes = [line for line in lines if line.startswith("[^bench]:")]
    assert footnotes == [
        "[^bench]: One `consilience bench --json` run; vault: generated (200 notes, seed 7);"
        " commit abc1234."
    ]


def test_missing_fields_show_as_a_dash_instead_of_failing() -> None:
    run = {"vault": "x", "notes": 3, "index": {"seconds": 1.0}, "restart": {"error": "boom"}}
    table = render_table(run, commit="c0ffee0")
    assert "| notes / chunks | 3 / — |" in table
    assert "| query p50 / p95 | — / — ms |" in table
    assert "| peak memory (RSS) | — |" in table


def test_a_json_that_is_not_a_bench_run_is_refused() -> None:
    with pytest.raises(TableError):
        render_table({"query": "x", "results": []}, commit="abc")


def test_only_the_text_between_the_markers_is_replaced() -> None:
    readme = f"# Title\n\nbefore\n{START}\nold table\n{END}\nafter\n"
    out = replace_table(readme, "NEW")
    assert out == f"# Title\n\nbefore\n{START}\nNEW\n{END}\nafter\n"
    assert replace_table(out, "NEW") == out  # running it again changes nothing


@pytest.mark.parametrize(
    "readme",
    ["no markers", f"{START}\nonly a start", f"{END}\n{START}\n", f"{START}{END}{START}{END}"],
)
def test_a_readme_without_one_pair_of_markers_is_refused(readme: str) -> None:
    with pytest.raises(TableError):
        replace_table(readme, "NEW")


def test_the_command_rewrites_the_readme_from_a_json_file(tmp_path: Path) -> None:
    run = tmp_path / "bench.json"
    run.write_text(json.dumps(bench_run()), encoding="utf-8")
    readme = tmp_path / "README.md"
    readme.write_text(f"intro\n{START}\nold\n{END}\nrest\n", encoding="utf-8")

    assert main([str(run), "--commit", "abc1234", "--readme", str(readme)]) == 0

    text = readme.read_text(encoding="utf-8")
    assert text.startswith(f"intro\n{START}\n| measure | result[^bench] |")
    assert "\nold\n" not in text
    assert text.endswith(f"commit abc1234.\n{END}\nrest\n")


def test_the_command_reports_a_readme_without_markers_and_leaves_it_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = tmp_path / "bench.json"
    run.write_text(json.dumps(bench_run()), encoding="utf-8")
    readme = tmp_path / "README.md"
    readme.write_text("no markers here\n", encoding="utf-8")

    assert main([str(run), "--commit", "abc", "--readme", str(readme)]) == 1

    assert readme.read_text(encoding="utf-8") == "no markers here\n"
    assert "readme_table: error:" in capsys.readouterr().err
