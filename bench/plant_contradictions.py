"""Build whole-vault contradiction truth sets: plant sentences into a copy of a vault.

    .venv/bin/python bench/plant_contradictions.py bench/plants/obsidian-help-en.json \
        ../shared/data/vaults/obsidian-help/en /tmp/planted/obsidian-help-en
    .venv/bin/python bench/plant_contradictions.py --all /tmp/planted [--data ../shared/data]

A plant file (`bench/plants/*.json`) lists items, each two sentences planted into two notes:
`label` is `contradiction` (the two cannot both hold) or `agreement` (a look-alike that a
surface detector would flag: negation worded differently, the same quantity in other units,
the same date written differently, the same statement about another entity). Each sentence is
inserted as its own paragraph at the end of a named section (`heading`) or of the note.

Output: OUT/vault (the planted copy; the source is never written to) and OUT/truth.jsonl, one
line per item: {"id", "label", "kind", "a": {"path", "claim"}, "b": {"path", "claim"}}, which
`consilience eval contradictions --vault OUT/vault OUT/truth.jsonl` scores against. The same
plant file and source always give the same vault, byte for byte.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SHARED = HERE.parent.parent / "shared" / "data"
#: plant file -> its source vault under the shared data folder (for --all)
DEFAULT_SETS = {
    "obsidian-help-en.json": Path("vaults") / "obsidian-help" / "en",
    "dnd-srd.json": Path("dedup") / "dnd-srd-5.1",
}
_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")


class PlantError(Exception):
    pass


def heading_lines(lines: list[str]) -> list[tuple[int, str]]:
    """(line number, heading text) of every ATX heading outside code fences and frontmatter."""
    out: list[tuple[int, str]] = []
    fence: str | None = None
    start = 0
    if lines and lines[0].strip() == "---":
        for i in range(1, len(lines)):
            if lines[i].strip() in ("---", "..."):
                start = i + 1
                break
    for i in range(start, len(lines)):
        line = lines[i]
        m = _FENCE.match(line)
        if m:
            marker = m.group(1)[0]
            if fence is None:
                fence = marker
            elif fence == marker:
                fence = None
            continue
        if fence is None:
            h = _HEADING.match(line)
            if h:
                out.append((i, h.group(2).strip()))
    return out


def insert_sentence(text: str, sentence: str, heading: str | None) -> str:
    """`text` with `sentence` as a new paragraph at the end of section `heading` (None: at
    the end of the note)."""
    newline = "\r\n" if "\r\n" in text else "\n"
    lines = text.splitlines()
    if heading is None:
        at = len(lines)
    else:
        heads = heading_lines(lines)
        idx = next((k for k, (_, h) in enumerate(heads) if h == heading), None)
        if idx is None:
            raise PlantError(f"no heading {heading!r}")
        at = heads[idx + 1][0] if idx + 1 < len(heads) else len(lines)
    before = lines[:at]
    while before and not before[-1].strip():
        before.pop()
    after = lines[at:]
    new = [*before, "", sentence, ""]
    if after:
        new.extend(after)
    return newline.join(new).rstrip() + newline


def plant(spec_path: Path, source: Path, out: Path) -> dict[str, Any]:
    spec = json.loads(spec_path.read_text(encoding="utf-8"))
    items = spec["items"]
    if not source.is_dir():
        raise PlantError(f"no vault at {source}")
    vault = out / "vault"
    if vault.exists():
        shutil.rmtree(vault)
    out.mkdir(parents=True, exist_ok=True)
    shutil.copytree(source, vault, symlinks=True)
    truth: list[dict[str, Any]] = []
    for item in items:
        sides = {}
        for side in ("a", "b"):
            s = item[side]
            note = vault / s["note"]
            if not note.is_file():
                raise PlantError(f"{item['id']}: no note {s['note']}")
            text = note.read_text(encoding="utf-8")
            try:
                note.write_text(
                    insert_sentence(text, s["text"], s.get("heading")), encoding="utf-8"
                )
            except PlantError as exc:
                raise PlantError(f"{item['id']}: {s['note']}: {exc}") from None
            sides[side] = {"path": s["note"], "claim": s["text"]}
        if sides["a"]["path"] == sides["b"]["path"]:
            raise PlantError(f"{item['id']}: both sides in one note")
        truth.append({"id": item["id"], "label": item["label"], "kind": item["kind"], **sides})
    with open(out / "truth.jsonl", "w", encoding="utf-8") as handle:
        for row in truth:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    counts: dict[str, int] = {}
    for row in truth:
        counts[row["label"]] = counts.get(row["label"], 0) + 1
    return {"vault": str(vault), "truth": str(out / "truth.jsonl"), **counts}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--all", type=Path, metavar="OUT_ROOT", help="build every default set")
    parser.add_argument("spec", nargs="?", type=Path)
    parser.add_argument("source", nargs="?", type=Path)
    parser.add_argument("out", nargs="?", type=Path)
    parser.add_argument(
        "--data", type=Path, default=SHARED, help="the shared data folder (for --all)"
    )
    args = parser.parse_args(argv)
    try:
        if args.all:
            for name, source in DEFAULT_SETS.items():
                result = plant(
                    HERE / "plants" / name, args.data / source, args.all / Path(name).stem
                )
                print(json.dumps(result))
            return 0
        if not (args.spec and args.source and args.out):
            parser.error("give SPEC SOURCE OUT, or --all OUT_ROOT")
        print(json.dumps(plant(args.spec, args.source, args.out)))
    except (PlantError, OSError, KeyError, json.JSONDecodeError) as exc:
        print(f"plant_contradictions: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
