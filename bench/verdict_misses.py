"""Where the structural verdict gives up on the probe pairs it misses, set by set.

    python bench/verdict_misses.py [SET ...] [--show] [--out FILE.json]
    python bench/verdict_misses.py --compare BEFORE.json AFTER.json

SET is `probes` (the development pairs) or `heldout-1` ... `heldout-8` (default: all). Each
pair's claims are read as a scan reads them (the sentences of the claim, the note's links
that name something, the heading), given `structure.assess` sentence by sentence, and the
best verdict kept: a fast stand-in for `consilience eval contradictions --vault` on the
probe vaults (it leaves out the candidate search and the pair model's sway, so a count can
differ from the eval's by a pair or two).

For each set it prints the contradictions found by category and, for those missed, the test
of `_assess_pair` that ended the verdict (by its source line), most frequent first. With
`--show` it prints the missed pairs of the sets that have been read. The seventh and eighth
held-out sets are the blind measure: they are counted, and their sentences never printed.
`--out` keeps every pair's verdict; `--compare` lists the pairs whose verdict changed between
two such files (sentences of the blind sets left out).
"""

from __future__ import annotations

import argparse
import collections
import json
import linecache
import re
import sys
import tempfile
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from concept_probes import write as write_probes  # noqa: E402

from engine.contradict import structure  # noqa: E402
from engine.contradict.claim import extract_claims  # noqa: E402
from engine.contradict.scan import _links_naming  # noqa: E402
from engine.contradict.types import FLAG_THRESHOLD  # noqa: E402

PROBES = ROOT / "bench" / "concept-probes"
SETS = ("probes", *(f"heldout-{i}" for i in range(1, 9)))
BLIND = frozenset({"heldout-7", "heldout-8"})
_LINK = re.compile(r"\[\[([^\]|#]+)(?:#[^\]|]*)?(?:\|([^\]]+))?\]\]")


class ExitLine:
    """Which line of `_assess_pair` returned last (a trace on that one function)."""

    def __init__(self) -> None:
        self.code = structure._assess_pair.__code__
        self.line: int | None = None

    def __call__(self, frame: FrameType, event: str, arg: Any) -> Any:
        if frame.f_code is not self.code:
            return None

        def local(f: FrameType, ev: str, _: Any) -> Any:
            if ev == "return":
                self.line = f.f_lineno
            return local

        return local


def ending_of(line: int | None) -> str:
    """The test that led to the return on `line`: the nearest `if` above it, shorter indent."""
    if line is None:
        return "no verdict reached"
    source = structure.__file__
    text = linecache.getline(source, line)
    indent = len(text) - len(text.lstrip())
    for k in range(line - 1, max(line - 40, 0), -1):
        above = linecache.getline(source, k)
        stripped = above.strip()
        if stripped.startswith("if ") and len(above) - len(above.lstrip()) < indent:
            return f"{line}: {stripped[:90]}"
    return f"{line}: {text.strip()[:90]}"


def verdicts(name: str, folder: Path) -> list[dict[str, Any]]:
    pairs = PROBES / ("pairs.jsonl" if name == "probes" else f"{name}.jsonl")
    out = folder / name
    write_probes(out, pairs=pairs)
    vault = out / "vault"
    links: dict[str, list[tuple[str, str]]] = {}

    def links_of(path: str) -> list[tuple[str, str]]:
        if path not in links:
            text = (vault / path).read_text(encoding="utf-8")
            links[path] = [
                (m.group(1).strip(), (m.group(2) or m.group(1)).strip())
                for m in _LINK.finditer(text)
            ]
        return links[path]

    exit_line = ExitLine()
    rows: list[dict[str, Any]] = []
    for raw in (out / "truth.jsonl").read_text(encoding="utf-8").splitlines():
        r = json.loads(raw)
        a, b = r["a"], r["b"]
        best: tuple[float, str, int | None] | None = None
        for ca in extract_claims(a["claim"]):
            for cb in extract_claims(b["claim"]):
                exit_line.line = None
                sys.settrace(exit_line)
                try:
                    v = structure.assess(
                        ca.text,
                        cb.text,
                        a_note=a["path"],
                        b_note=b["path"],
                        a_heading=Path(a["path"]).stem,
                        b_heading=Path(b["path"]).stem,
                        a_links=_links_naming(ca.text, links_of(a["path"])),
                        b_links=_links_naming(cb.text, links_of(b["path"])),
                    )
                finally:
                    sys.settrace(None)
                if best is None or v.score > best[0]:
                    best = (v.score, v.kind, exit_line.line)
        score, kind, line = best or (0.0, "none", None)
        rows.append(
            {
                "label": r["label"],
                "category": a["path"].split("/")[0],
                "score": round(score, 4),
                "kind": kind,
                "exit": line,
                "a": a["claim"],
                "b": b["claim"],
            }
        )
    return rows


def report(name: str, rows: list[dict[str, Any]], show: bool) -> None:
    found: collections.Counter[str] = collections.Counter()
    total: collections.Counter[str] = collections.Counter()
    exits: collections.Counter[str] = collections.Counter()
    alike = 0
    for r in rows:
        flagged = r["score"] >= FLAG_THRESHOLD
        if r["label"] != "contradiction":
            alike += flagged
            continue
        total[r["category"]] += 1
        found[r["category"]] += flagged
        if not flagged:
            exits[ending_of(r["exit"]) if r["score"] <= 0 else "a verdict below the threshold"] += 1
    cats = "  ".join(f"{c} {found[c]}/{total[c]}" for c in sorted(total))
    print(f"{name}: {sum(found.values())} of {sum(total.values())}, look-alikes {alike}  ({cats})")
    for test, n in exits.most_common():
        print(f"    {n:3d}  {test}")
    if show and name not in BLIND:
        for r in rows:
            if r["label"] == "contradiction" and r["score"] < FLAG_THRESHOLD:
                print(f"      [{r['category']}] {r['a'][:100]}  ||  {r['b'][:100]}")


def compare(before: Path, after: Path) -> int:
    a = json.loads(before.read_text(encoding="utf-8"))
    b = json.loads(after.read_text(encoding="utf-8"))
    changed = 0
    for name in a:
        for x, y in zip(a[name], b.get(name, []), strict=False):
            was, now = x["score"] >= FLAG_THRESHOLD, y["score"] >= FLAG_THRESHOLD
            if was == now:
                continue
            changed += 1
            if x["label"] == "contradiction":
                what = "found" if now else "lost"
            else:
                what = "look-alike flagged" if now else "look-alike cleared"
            text = "" if name in BLIND else f"  {x['a'][:80]}  ||  {x['b'][:80]}"
            print(f"{what:18s} {name} [{x['category']}]{text}")
    print(f"{changed} pairs changed")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sets", nargs="*", default=list(SETS), metavar="SET")
    parser.add_argument("--show", action="store_true", help="print missed pairs of read sets")
    parser.add_argument("--out", type=Path, help="keep every pair's verdict here (JSON)")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args(argv)
    if args.compare:
        return compare(*args.compare)
    unknown = set(args.sets) - set(SETS)
    if unknown:
        parser.error(f"unknown sets {', '.join(sorted(unknown))}; sets: {', '.join(SETS)}")
    kept: dict[str, list[dict[str, Any]]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for name in args.sets:
            kept[name] = verdicts(name, Path(folder))
            report(name, kept[name], args.show)
    if args.out:
        args.out.write_text(json.dumps(kept), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
