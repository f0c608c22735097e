"""The README's performance table, made from one `consilience bench --json` run.

    consilience bench --notes 10000 --json > bench.json
    python bench/readme_table.py bench.json --commit "$(git rev-parse --short HEAD)"

replaces everything between `<!-- bench-table:start -->` and `<!-- bench-table:end -->` in
README.md with a table of that run and one footnote naming the commit it was measured at
(`--print` writes the table to stdout instead). Fields the run lacks are shown as "—".
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

START = "<!-- bench-table:start -->"
END = "<!-- bench-table:end -->"
README = Path(__file__).resolve().parents[1] / "README.md"
MISSING = "—"


class TableError(Exception):
    """The README has no (or a broken) pair of table markers, or the JSON is not a bench run."""


def _num(value: Any, unit: str = "", *, digits: int | None = None) -> str:
    """A number as the table shows it: thousands separated, `digits` decimals when given."""
    if value is None or isinstance(value, bool) or not isinstance(value, int | float):
        return MISSING
    if digits is not None:
        text = f"{value:,.{digits}f}"
    elif isinstance(value, int) or float(value).is_integer():
        text = f"{int(value):,}"
    else:
        text = f"{value:,}"
    return f"{text}{unit}"


def _section(result: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = result.get(key)
    return value if isinstance(value, Mapping) else {}


def table_rows(result: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(measure, result) pairs for one bench run, in the order the table shows them."""
    index = _section(result, "index")
    restart = _section(result, "restart")
    query = _section(result, "query_ms")
    sync = _section(result, "sync_ms")
    scan = _section(result, "contradictions")
    phases = _section(result, "peak_rss_by_phase_mb")

    backend = index.get("embedder")
    cold = (
        f"{_num(index.get('seconds'), ' s', digits=0)}:"
        f" {_num(index.get('chunks_per_s'), digits=1)} chunks/s"
        f" vs {_num(index.get('embedder_chunks_per_s'), digits=1)} for the bare embedder"
        f" (ratio {_num(index.get('ratio'))})"
    )
    if isinstance(backend, str) and backend:
        cold += f", `{backend}`"
    restart_text = (
        f"{_num(restart.get('seconds_to_first_result'), ' s')} /"
        f" {_num(restart.get('seconds_to_full_result'), ' s')};"
        f" catch-up sync done at {_num(restart.get('catch_up_sync_done_s'), ' s')},"
        f" {_num(restart.get('reembedded'))} chunks re-embedded"
    )
    queries = query.get("queries")
    query_label = "query p50 / p95"
    if isinstance(queries, int):
        query_label += f", {queries:,} mixed queries"
    saves = sync.get("samples")
    sync_label = "save-to-searchable p50 / p95"
    if isinstance(saves, int):
        sync_label += f", {saves} saves while watching"
    rss = _num(result.get("peak_rss_mb"), " MB", digits=0)
    if phases:
        by_phase = ", ".join(f"{name} {_num(mb, digits=0)}" for name, mb in phases.items())
        rss += f" (by phase: {by_phase} MB)"
    scan_text = _num(scan.get("scan_seconds"), " s", digits=0)
    if isinstance(scan.get("claims"), int):
        scan_text += f" ({_num(scan.get('claims'))} claims)"
    return [
        ("notes / chunks", f"{_num(result.get('notes'))} / {_num(result.get('chunks'))}"),
        ("cold index (embedding included)", cold),
        ("restart: first result (words, links) / with meaning", restart_text),
        (query_label, f"{_num(query.get('p50'))} / {_num(query.get('p95'))} ms"),
        (sync_label, f"{_num(sync.get('p50'), digits=0)} / {_num(sync.get('p95'), digits=0)} ms"),
        ("contradiction scan after the cold index", scan_text),
        ("peak memory (RSS)", rss),
        ("index on disk", _num(result.get("disk_mb"), " MB", digits=0)),
    ]


def render_table(result: Mapping[str, Any], *, commit: str) -> str:
    """The markdown table of one bench run and its footnote (no markers)."""
    if not isinstance(result, Mapping) or "index" not in result:
        raise TableError("not the output of `consilience bench --json` (no `index` section)")
    vault = result.get("vault") or "a vault"
    lines = ["| measure | result[^bench] |", "|---|---|"]
    lines += [f"| {name} | {value} |" for name, value in table_rows(result)]
    lines += [
        "",
        f"[^bench]: One `consilience bench --json` run; vault: {vault}; commit {commit}.",
    ]
    return "\n".join(lines)


def replace_table(text: str, table: str) -> str:
    """`text` with everything between the markers replaced by `table`."""
    if text.count(START) != 1 or text.count(END) != 1:
        raise TableError(f"expected one {START} and one {END} in the README")
    if text.index(END) < text.index(START):
        raise TableError(f"{END} comes before {START}")
    head, rest = text.split(START)
    _old, tail = rest.split(END)
    return f"{head}{START}\n{table}\n{END}{tail}"


def _head_commit() -> str:
    done = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        check=False,
        cwd=README.parent,
    )
    if done.returncode != 0 or not done.stdout.strip():
        raise TableError("no git commit found; pass --commit")
    return done.stdout.strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bench_json", type=Path, help="output of `consilience bench --json`")
    parser.add_argument("--commit", help="the commit the run measured (default: git HEAD)")
    parser.add_argument("--readme", type=Path, default=README, help="the file to update")
    parser.add_argument("--print", action="store_true", help="print the table, change nothing")
    args = parser.parse_args(argv)
    try:
        result = json.loads(args.bench_json.read_text(encoding="utf-8"))
        table = render_table(result, commit=args.commit or _head_commit())
        if args.print:
            print(table)
            return 0
        readme = args.readme.read_text(encoding="utf-8")
        args.readme.write_text(replace_table(readme, table), encoding="utf-8")
    except (OSError, json.JSONDecodeError, TableError) as exc:
        print(f"readme_table: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
