"""Every contradiction list `bench/RESULTS.md` reports, measured in one run.

    python bench/contradiction_lists.py OUT [--only NAME ...] [--data ../shared/data]
    python bench/contradiction_lists.py --compare BEFORE.json AFTER.json

Each list runs the product as a user would, on a copy of its vault with a data folder of its
own under OUT/work (kept between runs, so a second run only rescans):

- the development vaults with truth written by reading them (rpg-east, shalamar-planted):
  `consilience contradictions --json`, scored by the data's own `score.py`;
- unmodified vaults (the demo vault, obsidian-help in English, German and Chinese): the flags
  shown, which should be none but the demo vault's seven planted ones;
- the concept-note probe pairs (`bench/concept-probes/`: the development set and the
  held-out sets), the written vaults (`bench/written-vaults/`) and the planted copies of
  obsidian-help and the SRD (`bench/plant_contradictions.py`): `consilience eval
  contradictions --vault`;
- the labelled pairs (MNLI dev, SciFact claim/evidence): `consilience eval contradictions`.

OUT/lists.json holds one row per list; `--compare` prints the rows that differ between two
runs (flags, conflicts found, look-alikes flagged). The seventh and eighth held-out probe
sets are the blind measure: this script counts them and prints none of their sentences.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from concept_probes import write as write_probes  # noqa: E402
from plant_contradictions import main as plant_main  # noqa: E402

PROBES = ROOT / "bench" / "concept-probes"
WRITTEN = ROOT / "bench" / "written-vaults"
WRITTEN_VAULTS = ("computing-concepts", "natural-history", "history-notes", "team-engineering")
HELD_OUT = tuple(f"heldout-{i}" for i in range(1, 9))
UNMODIFIED = ("demo", "obsidian-help-en", "obsidian-help-de", "obsidian-help-zh")
ENV = {
    **os.environ,
    "HF_HUB_OFFLINE": "1",
    "TRANSFORMERS_OFFLINE": "1",
    "ANONYMIZED_TELEMETRY": "False",
}


def consilience(*args: str) -> str:
    """The product's command line, in a process of its own; its standard output."""
    cmd = [sys.executable, "-m", "app.cli", *args]
    done = subprocess.run(cmd, cwd=ROOT, env=ENV, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(args[:2])} failed: {done.stderr.strip()[-400:]}")
    return done.stdout


def copy_of(source: Path, target: Path) -> Path:
    """A fresh copy of a vault: the product never writes into it, but the sources are shared."""
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target)
    return target


def flags_of(vault: Path, data_dir: Path) -> list[dict[str, Any]]:
    out = consilience("contradictions", str(vault), "--json", "--data-dir", str(data_dir))
    found: list[dict[str, Any]] = json.loads(out)["contradictions"]
    return found


def dev_vault(name: str, truths: Sequence[str], data: Path, work: Path) -> dict[str, Any]:
    """A development vault scored by the truth's own `score.py`."""
    folder = data / "contradiction-vaults"
    vault = copy_of(folder / name, work / name)
    flags = flags_of(vault, work / f"data-{name}")
    flag_file = work / f"{name}-flags.json"
    flag_file.write_text(json.dumps({"contradictions": flags}), encoding="utf-8")
    scored = json.loads(
        subprocess.run(
            [
                sys.executable,
                str(folder / "score.py"),
                str(flag_file),
                *(str(folder / t) for t in truths),
                "--k",
                "10",
                "20",
                "30",
            ],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    )
    contra = scored["contradiction"]
    groups = contra.get("groups")
    return {
        "flags": len(flags),
        "found": groups["found"] if groups else contra["found"],
        "of": groups["groups"] if groups else contra["items"],
        "look_alikes": scored["agreement"]["flagged"],
        "precision_at_10": scored["precision_at_k_distinct"]["10"],
        "precision_at_20": scored["precision_at_k_distinct"]["20"],
    }


def unmodified(name: str, data: Path, work: Path) -> dict[str, Any]:
    source = (
        ROOT / "resources" / "demo-vault"
        if name == "demo"
        else data / "vaults" / "obsidian-help" / name.rsplit("-", 1)[1]
    )
    vault = copy_of(source, work / name)
    return {"flags": len(flags_of(vault, work / f"data-{name}"))}


def scored_vault(vault: Path, truth: Path, work_dir: Path) -> dict[str, Any]:
    """`consilience eval contradictions --vault`: the scan as the product runs it, scored."""
    out = consilience(
        "eval",
        "contradictions",
        "--vault",
        str(vault),
        str(truth),
        "--work-dir",
        str(work_dir),
        "--json",
    )
    result = json.loads(out)
    contradictions = result["contradictions"] or 0
    return {
        "flags": result["flags"],
        "found": round((result["recall"] or 0.0) * contradictions),
        "of": contradictions,
        "look_alikes": result["agreements_flagged"],
        "precision_at_10": result["precision_at_10"],
        "precision_at_20": result["precision_at_20"],
    }


def probe_set(name: str, work: Path) -> dict[str, Any]:
    pairs = PROBES / ("pairs.jsonl" if name == "probes" else f"{name}.jsonl")
    out = work / f"vault-{name}"
    write_probes(out, pairs=pairs)
    return scored_vault(out / "vault", out / "truth.jsonl", work / f"work-{name}")


def written_vault(name: str, work: Path) -> dict[str, Any]:
    folder = WRITTEN / name
    return scored_vault(folder / "vault", folder / "truth.jsonl", work / f"work-written-{name}")


def planted(name: str, data: Path, work: Path) -> dict[str, Any]:
    root = work / "planted"
    if not (root / name / "truth.jsonl").exists():
        with contextlib.redirect_stdout(io.StringIO()):  # its summary lines, not this table's
            planted_ok = plant_main(["--all", str(root), "--data", str(data)]) == 0
        if not planted_ok:
            raise RuntimeError("plant_contradictions.py --all failed")
    return scored_vault(root / name / "vault", root / name / "truth.jsonl", work / f"work-{name}")


def labelled(path: Path) -> dict[str, Any]:
    result = json.loads(consilience("eval", "contradictions", str(path), "--json"))
    return {k: result[k] for k in ("pairs", "precision", "recall", "f1")}


def lists(data: Path, work: Path) -> dict[str, Callable[[], dict[str, Any]]]:
    """Every list by name, each a function that measures it."""
    if not (data / "contradiction-vaults").is_dir():
        raise SystemExit(f"no contradiction vaults under {data} (give --data)")
    found: dict[str, Callable[[], dict[str, Any]]] = {
        "rpg-east": partial(
            dev_vault,
            "rpg-east",
            ("rpg-east-natural.jsonl", "rpg-east-agreements.jsonl"),
            data,
            work,
        ),
        "shalamar-planted": partial(
            dev_vault, "shalamar-planted", ("shalamar-planted.jsonl",), data, work
        ),
    }
    for name in UNMODIFIED:
        found[name] = partial(unmodified, name, data, work)
    for name in ("probes", *HELD_OUT):
        found[name] = partial(probe_set, name, work)
    for name in WRITTEN_VAULTS:
        found[f"written-{name}"] = partial(written_vault, name, work)
    for name in ("obsidian-help-en", "dnd-srd"):
        found[f"planted-{name}"] = partial(planted, name, data, work)
    pairs = data / "contradiction"
    found["mnli"] = partial(labelled, pairs / "mnli_dev_matched_binary_2000.jsonl")
    found["scifact-pairs"] = partial(labelled, pairs / "scifact_claim_evidence.jsonl")
    return found


def row_text(name: str, row: dict[str, Any]) -> str:
    if "error" in row:
        return f"{name:34s} error: {row['error']}"
    if "f1" in row:
        return (
            f"{name:34s} precision {row['precision']:.3f} recall {row['recall']:.3f} "
            f"F1 {row['f1']:.3f} ({row['pairs']} pairs)"
        )
    text = f"{name:34s} {row['flags']:5d} flags"
    if "found" in row:
        text += f"  found {row['found']} of {row['of']}  look-alikes {row['look_alikes']}"
        p10, p20 = row["precision_at_10"], row["precision_at_20"]
        if p10 is not None:
            text += f"  P@10 {p10:.2f}  P@20 {p20:.2f}"
    return text + f"  ({row['seconds']:.0f} s)"


def compare(before: Path, after: Path) -> int:
    a = json.loads(before.read_text(encoding="utf-8"))["lists"]
    b = json.loads(after.read_text(encoding="utf-8"))["lists"]
    keys = ("flags", "found", "look_alikes", "precision_at_10", "precision_at_20", "recall")
    same = 0
    for name in [*a, *(n for n in b if n not in a)]:
        x, y = a.get(name, {}), b.get(name, {})
        changed = {k: (x.get(k), y.get(k)) for k in keys if x.get(k) != y.get(k)}
        if changed:
            parts = ", ".join(f"{k} {u} -> {v}" for k, (u, v) in changed.items())
            print(f"{name:34s} {parts}")
        else:
            same += 1
    print(f"{same} lists the same")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", type=Path, help="folder for the run's work and lists")
    parser.add_argument("--only", nargs="+", metavar="NAME", help="measure these lists only")
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args(argv)
    if args.compare:
        return compare(*args.compare)
    if args.out is None:
        parser.error("give OUT, or --compare BEFORE AFTER")
    work = args.out / "work"
    work.mkdir(parents=True, exist_ok=True)
    every = lists(args.data.resolve(), work.resolve())
    unknown = set(args.only or ()) - set(every)
    if unknown:
        parser.error(f"no list named {', '.join(sorted(unknown))}; lists: {', '.join(every)}")
    rows: dict[str, dict[str, Any]] = {}
    for name, measure in every.items():
        if args.only and name not in args.only:
            continue
        started = time.perf_counter()
        try:
            row = measure()
        except (RuntimeError, OSError, ValueError, KeyError) as exc:
            row = {"error": str(exc)}
        row["seconds"] = round(time.perf_counter() - started, 1)
        rows[name] = row
        print(row_text(name, row), flush=True)
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    (args.out / "lists.json").write_text(
        json.dumps({"commit": commit, "lists": rows}, indent=1), encoding="utf-8"
    )
    return 1 if any("error" in r for r in rows.values()) else 0


if __name__ == "__main__":
    raise SystemExit(main())
