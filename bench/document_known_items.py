"""Known-item questions whose answer sits only in a PDF page or on a Canvas card.

    python bench/document_known_items.py VAULT QUERIES.jsonl --work-dir DIR \
        [--pdfs 12] [--canvases 12] [--seed 5]

Makes a copy of VAULT in which the notes some questions expect are replaced by documents of
the other kinds: a PDF (the note's text set with fpdf2, a page per section) or a Canvas board
(a text card per section, laid out on a grid); the note itself is removed, so the answer is
only in that document. Then runs the known-item benchmark (`consilience eval known-items`'s
harness) on the original vault and on the copy, one after the other, and prints hit@5 of
the merged search for the questions moved into documents and for all the others (which must
not move). Nothing is written into VAULT; the copy and both indexes stay in DIR.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

UNICODE_FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
_LINK = re.compile(r"!?\[\[([^\]|#]*)(?:#[^\]|]*)?(?:\|([^\]]*))?\]\]")
_MD_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
_EMPHASIS = re.compile(r"(\*\*|__|`)")
_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")


def sections(body: str) -> list[tuple[str, str]]:
    """(heading, text) per heading of the note (the text before the first: heading "")."""
    out: list[tuple[str, list[str]]] = [("", [])]
    for line in body.splitlines():
        match = _HEADING.match(line)
        if match:
            out.append((match.group(2).strip(), []))
        else:
            out[-1][1].append(line)
    return [(h, "\n".join(lines).strip()) for h, lines in out if h or "\n".join(lines).strip()]


def plain(text: str) -> str:
    """Markdown as a reader sees it printed: links as their text, no emphasis marks."""
    text = _LINK.sub(lambda m: m.group(2) or m.group(1), text)
    text = _MD_LINK.sub(lambda m: m.group(1), text)
    return _EMPHASIS.sub("", text)


def write_pdf(title: str, body: str, out: Path) -> None:
    from fpdf import FPDF

    pdf = FPDF()
    unicode_font = UNICODE_FONT.is_file()
    if unicode_font:
        pdf.add_font("body", fname=str(UNICODE_FONT))
    family = "body" if unicode_font else "Helvetica"

    def fit(text: str) -> str:
        text = text.replace("\t", "    ")
        return text if unicode_font else text.encode("latin-1", "replace").decode("latin-1")

    for i, (heading, text) in enumerate(sections(body)):
        if i == 0 or len(text) > 400:
            pdf.add_page()
        pdf.set_font(family, size=14)
        pdf.multi_cell(0, 8, fit(heading or title), new_x="LMARGIN", new_y="NEXT")
        pdf.set_font(family, size=10)
        for paragraph in plain(text).split("\n\n"):
            if paragraph.strip():
                pdf.multi_cell(0, 5, fit(paragraph.strip()), new_x="LMARGIN", new_y="NEXT")
                pdf.ln(2)
    out.write_bytes(bytes(pdf.output()))


def write_canvas(title: str, body: str, out: Path) -> None:
    nodes = []
    for i, (heading, text) in enumerate(sections(body)):
        card = f"## {heading}\n\n{text}" if heading else text
        nodes.append(
            {
                "id": f"card{i}",
                "type": "text",
                "text": card,
                "x": (i % 3) * 420,
                "y": (i // 3) * 360,
                "width": 400,
                "height": 340,
            }
        )
    board = {"nodes": nodes, "edges": []}
    out.write_text(json.dumps(board, ensure_ascii=False, indent=1), encoding="utf-8")


def convert(
    vault: Path, copy: Path, items: list[dict[str, Any]], args: argparse.Namespace
) -> list[dict[str, Any]]:
    """Copy the vault, turn the chosen notes into documents; the queries with new paths."""
    from engine.vault.reader import read_note

    single = sorted({it["expect"][0] for it in items if len(it["expect"]) == 1})
    rng = random.Random(args.seed)
    chosen = rng.sample(single, min(len(single), args.pdfs + args.canvases))
    kinds = {p: ("pdf" if i < args.pdfs else "canvas") for i, p in enumerate(chosen)}
    if copy.exists():
        shutil.rmtree(copy)
    shutil.copytree(vault, copy)
    moved: dict[str, str] = {}
    for rel, kind in kinds.items():
        note = read_note(copy, rel)
        if not hasattr(note, "body"):
            continue
        source = copy / rel
        target = source.with_suffix(".pdf" if kind == "pdf" else ".canvas")
        (write_pdf if kind == "pdf" else write_canvas)(note.title, note.body, target)
        source.unlink()
        moved[rel] = target.relative_to(copy).as_posix()
    out = []
    for it in items:
        expect = [moved.get(p, p) for p in it["expect"]]
        out.append({**it, "expect": expect, "moved": any(p in moved for p in it["expect"])})
    return out


def hit_at_5(rows: list[dict[str, Any]]) -> str:
    hits = sum(1 for r in rows if r["ranks"]["fused"] is not None and r["ranks"]["fused"] <= 5)
    return f"{hits}/{len(rows)} ({hits / max(1, len(rows)):.0%})"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("vault", type=Path)
    ap.add_argument("queries", type=Path)
    ap.add_argument("--work-dir", type=Path, required=True)
    ap.add_argument("--pdfs", type=int, default=12)
    ap.add_argument("--canvases", type=int, default=12)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    from engine.evaluate.known_items import evaluate_known_items

    work = args.work_dir
    work.mkdir(parents=True, exist_ok=True)
    items = [json.loads(line) for line in args.queries.read_text("utf-8").splitlines() if line]
    converted = convert(args.vault, work / "vault-documents", items, args)
    moved = [i for i, it in enumerate(converted) if it["moved"]]
    queries = work / "queries-documents.jsonl"
    queries.write_text(
        "".join(
            json.dumps({k: v for k, v in it.items() if k != "moved"}) + "\n" for it in converted
        ),
        encoding="utf-8",
    )
    before = evaluate_known_items(args.vault, args.queries, work_dir=work / "index-original")
    after = evaluate_known_items(
        work / "vault-documents", queries, work_dir=work / "index-documents"
    )
    rows_b, rows_a = before["details"], after["details"]
    others = [i for i in range(len(items)) if i not in set(moved)]
    kinds = {i: converted[i]["expect"][0].rsplit(".", 1)[-1] for i in moved}
    pdfs = sum(k == "pdf" for k in kinds.values())
    print(f"questions moved into documents: {len(moved)} ({pdfs} PDF, {len(moved) - pdfs} canvas)")
    print(f"  hit@5 as notes:     {hit_at_5([rows_b[i] for i in moved])}")
    print(f"  hit@5 as documents: {hit_at_5([rows_a[i] for i in moved])}")
    for kind in ("pdf", "canvas"):
        idx = [i for i in moved if kinds[i] == kind]
        was, now = hit_at_5([rows_b[i] for i in idx]), hit_at_5([rows_a[i] for i in idx])
        print(f"    {kind}: {was} -> {now}")
    was, now = hit_at_5([rows_b[i] for i in others]), hit_at_5([rows_a[i] for i in others])
    print(f"the other questions: {was} -> {now}")
    for i in moved:
        if rows_a[i]["ranks"]["fused"] is None or rows_a[i]["ranks"]["fused"] > 5:
            print(f"  missed ({kinds[i]}): {items[i]['query'][:80]!r} -> top {rows_a[i]['top']}")


if __name__ == "__main__":
    main()
