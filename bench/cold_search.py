"""What a cold one-shot search costs: `consilience search` started as a new process, again
and again, on an indexed vault, as a script, a launcher or an agent runs it.

Indexes the vault once (unless it is already), then runs the search N times and reports
medians: wall time to the first printed byte and to the end, peak RSS, and where the time
went (import, open catalog / Chroma / graph, catch-up sync, model, search, print, close),
read from the line `CONSILIENCE_TIMINGS` makes the CLI print. `--repo` runs another checkout
of the code (the same vault and index), so two versions compare in one run:

    python bench/cold_search.py VAULT --data-dir DIR [--runs 5] [--query "..."]
        [--repo OTHER_CHECKOUT] [--json]
    python bench/cold_search.py --notes 1000 --work-dir DIR   # a generated vault

Run it alone on the machine: it is a timing.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
MARK = "consilience-timings "


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.update(HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1", ANONYMIZED_TELEMETRY="False")
    env.pop("CONSILIENCE_TIMINGS", None)
    # an installed app has its bytecode cached: let the first (unmeasured) run write it
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _cli(repo: Path, *args: str) -> list[str]:
    # what the `consilience` command runs (`run` where the checkout has it, else `main`)
    code = (
        "import sys; from app import cli; "
        "cli.run() if hasattr(cli, 'run') else sys.exit(cli.main())"
    )
    return [sys.executable, "-c", code, *args]


def index(repo: Path, vault: Path, data_dir: Path) -> None:
    subprocess.run(
        _cli(repo, "index", str(vault), "--data-dir", str(data_dir)),
        cwd=repo,
        env=_env(),
        check=True,
        stdout=subprocess.DEVNULL,
    )


def one_run(repo: Path, vault: Path, data_dir: Path, query: str) -> dict[str, Any]:
    env = _env()
    env["CONSILIENCE_TIMINGS"] = repr(time.time())
    started = time.perf_counter()
    proc = subprocess.Popen(
        _cli(repo, "search", str(vault), "--data-dir", str(data_dir), "--json", "--", query),
        cwd=repo,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.read(1)
    first_byte_s = time.perf_counter() - started
    out = first + proc.stdout.read()
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall_s = time.perf_counter() - started
    if proc.returncode != 0:
        raise RuntimeError(f"search failed ({proc.returncode}): {err.decode()[-2000:]}")
    phases: dict[str, float] = {}
    for line in err.decode(errors="replace").splitlines():
        if line.startswith(MARK):
            phases = json.loads(line[len(MARK) :])
    results = json.loads(out)["results"]
    return {
        "first_byte_s": first_byte_s,
        "wall_s": wall_s,
        "peak_rss_mb": usage.ru_maxrss / 1024,
        "phases_ms": phases,
        "top": [r["note_path"] for r in results[:5]],
    }


def measure(repo: Path, vault: Path, data_dir: Path, query: str, runs: int) -> dict[str, Any]:
    one_run(repo, vault, data_dir, query)  # the catch-up of a first search is not cold-start
    done = [one_run(repo, vault, data_dir, query) for _ in range(runs)]
    names = sorted({k for d in done for k in d["phases_ms"]})
    return {
        "repo": str(repo),
        "runs": runs,
        "first_byte_s": round(statistics.median(d["first_byte_s"] for d in done), 3),
        "wall_s": round(statistics.median(d["wall_s"] for d in done), 3),
        "wall_min_max_s": [
            round(min(d["wall_s"] for d in done), 3),
            round(max(d["wall_s"] for d in done), 3),
        ],
        "peak_rss_mb": round(statistics.median(d["peak_rss_mb"] for d in done), 1),
        "phases_ms": {
            n: round(statistics.median(d["phases_ms"].get(n, 0.0) for d in done), 1) for n in names
        },
        "top": done[-1]["top"],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("vault", type=Path, nargs="?")
    parser.add_argument("--notes", type=int, help="generate a vault of N notes instead")
    parser.add_argument("--work-dir", type=Path, help="where a generated vault goes")
    parser.add_argument("--data-dir", type=Path, help="index folder (default: beside the vault)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--query")
    parser.add_argument("--repo", type=Path, action="append", help="checkouts to compare")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    query = args.query or "how is the sampling interval chosen"
    if args.notes:
        if args.work_dir is None:
            parser.error("--notes needs --work-dir")
        sys.path.insert(0, str(ROOT))
        from engine.evaluate.vault_gen import generate_vault

        vault = args.work_dir / f"vault-{args.notes}"
        if not vault.exists():
            generated = generate_vault(vault, args.notes)
            (args.work_dir / f"vault-{args.notes}.query").write_text(
                next(q.text for q in generated.queries if q.kind == "question"), "utf-8"
            )
        if args.query is None:
            query = (args.work_dir / f"vault-{args.notes}.query").read_text("utf-8")
    elif args.vault is None:
        parser.error("give a VAULT or --notes N")
    else:
        vault = args.vault
    data_dir = args.data_dir or vault.parent / f"{vault.name}-index"
    repos = args.repo or [ROOT]
    index(repos[0], vault, data_dir)
    results = [measure(repo.resolve(), vault, data_dir, query, args.runs) for repo in repos]
    if len(results) > 1:
        base = results[0]["wall_s"]
        for r in results[1:]:
            r["wall_ratio_to_first"] = round(r["wall_s"] / base, 2) if base else None
    if args.json:
        print(json.dumps({"vault": str(vault), "query": query, "results": results}, indent=1))
        return 0
    print(f"vault {vault}  query {query!r}")
    for r in results:
        print(json.dumps(r))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
