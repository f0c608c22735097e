"""Write a BEIR corpus as a vault of one-concept notes, each named by its document's title.

    .venv/bin/python bench/corpus_as_vault.py ../shared/data/beir-scifact /tmp/scifact-vault
    .venv/bin/python -m app.cli contradictions /tmp/scifact-vault --json --data-dir /tmp/sci

Thousands of short notes about one thing each, written independently of one another: what
an unmodified vault of that shape shows in the contradiction list (every flag there is a
false alarm unless a reader finds otherwise). A development tool: its numbers go in
`bench/RESULTS.md`, not in tests.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

_UNSAFE = re.compile(r'[\\/:*?"<>|#^\[\]]')
_TITLE_CHARS = 120


def note_names(corpus: Path) -> dict[str, str]:
    """Note file name -> document text (with its title as a heading), one per document;
    a title used twice gets the document id after it."""
    notes: dict[str, str] = {}
    seen: set[str] = set()
    with open(corpus, encoding="utf-8") as handle:
        for line in handle:
            if not line.strip():
                continue
            doc = json.loads(line)
            title = doc.get("title") or ""
            name = _UNSAFE.sub(" ", title or str(doc["_id"])).strip()[:_TITLE_CHARS].strip()
            if not name or name.lower() in seen:
                name = f"{name} {doc['_id']}".strip()
            seen.add(name.lower())
            notes[f"{name}.md"] = f"# {title}\n\n{doc.get('text') or ''}\n"
    return notes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("beir", type=Path, help="a BEIR folder (with corpus.jsonl)")
    parser.add_argument("out", type=Path, help="the vault folder to write")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    notes = note_names(args.beir / "corpus.jsonl")
    for name, body in notes.items():
        (args.out / name).write_text(body, encoding="utf-8")
    print(f"{len(notes)} notes -> {args.out}")


if __name__ == "__main__":
    main()
