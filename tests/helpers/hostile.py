"""The worst a vault can hold: a fixed catalogue of hostile files and a seeded generator.

`write_hostile_vault` writes the catalogue; `expected_note_paths` computes, independently of
the scanner (os.walk, no symlinks followed), which `.md` paths the indexer must account for:
each must end up indexed or skipped with a reason.
"""

from __future__ import annotations

import codecs
import json
import os
import random
from dataclasses import dataclass, field
from pathlib import Path

from engine.vault.ignore import VaultFilter

BILLION_LAUGHS = """---
a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
---
# Laughs

The body of the alias bomb note survives.
"""

BODY = "# Heading\n\nThe pump station logs water levels every hour.\n"

#: name -> bytes (or str, written as UTF-8). Names may contain folders.
HOSTILE_FILES: dict[str, bytes | str] = {
    "fm/unclosed.md": "---\ntitle: never closed\ntags: [a, b\n\nBody after an unclosed block.\n",
    "fm/broken yaml.md": "---\n: : [\n  - {{\n---\n" + BODY,
    "fm/duplicated keys.md": "---\ntitle: one\ntitle: two\ntags: a\ntags: b\n---\n" + BODY,
    "fm/two blocks.md": "---\na: 1\n---\n---\nb: 2\n---\n" + BODY,
    "fm/not yaml.md": "---\n<html><body>{{ not: yaml }}</body>\n\t\ttabs: [\n---\n" + BODY,
    "fm/wrong types.md": (
        "---\ntitle: [1, 2]\ntags: 42\naliases: {a: b}\ncreated: [2020, 1]\n"
        "modified: yesterday-ish\ndate: 99999999999999999\n---\n" + BODY
    ),
    "fm/binary tag.md": "---\ntags: !!binary aGVsbG8=\nx: !!python/object:os.system ls\n---\n"
    + BODY,
    "fm/alias bomb.md": BILLION_LAUGHS,
    "fm/only dashes.md": "---\n---\n",
    "fm/deep nesting.md": "---\nx: " + "[" * 3000 + "]" * 3000 + "\n---\n" + BODY,
    "enc/latin-1.md": "Caf\u00e9 cr\u00e8me br\u00fbl\u00e9e, na\u00efve fa\u00e7ade.\n".encode(
        "latin-1"
    ),
    "enc/utf-16 bom.md": codecs.BOM_UTF16_LE + BODY.encode("utf-16-le"),
    "enc/utf-16 be bom.md": codecs.BOM_UTF16_BE + BODY.encode("utf-16-be"),
    "enc/utf-16 no bom.md": BODY.encode("utf-16-le"),
    "enc/utf-16 be no bom.md": BODY.encode("utf-16-be"),
    "enc/utf-8 bom.md": codecs.BOM_UTF8 + b"---\ntitle: With BOM\n---\n" + BODY.encode(),
    "enc/crlf.md": b"---\r\ntitle: CRLF\r\n---\r\n# CRLF\r\n\r\nWindows line ends.\r\n",
    "enc/lone cr.md": b"# Old Mac\rline one\rline two\r",
    "enc/nul bytes.md": b"Some text\x00 with a NUL\x00 or two in it, still mostly text.\n",
    "enc/binary.md": random.Random(1).randbytes(4096),
    "enc/png.md": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4,
    "enc/zeros.md": b"\x00" * 1000,
    "enc/utf-16 lookalike junk.md": b"\x00\xff" * 100,
    "enc/invalid utf-8.md": b"valid start \xff\xfe\xfd then more text\n",
    "size/empty.md": b"",
    "size/whitespace.md": b"   \n\n\t\n",
    "md/nested brackets.md": "[" * 5000 + "]" * 5000 + "\n\n" + "[[" * 2500 + "]]" * 2500 + "\n",
    "md/unterminated fence.md": "# Code\n\n```python\nprint('never closed')\n[[Not a link]]\n",
    "md/many links.md": " ".join(f"[[Target {i}]]" for i in range(600)),
    "md/html comment.md": "<!-- never closed\n# Hidden\n",
    "names/\U0001f680 launch \U0001f600.md": BODY,
    "names/笔记 日本語.md": "# 中文\n\n数据库记录水位。\n",
    "names/מסמך عربي.md": "مرحبا שלום\n",
    "names/C# and 100% done.md": BODY,
    "names/[[brackets]] and #tag.md": BODY,
    "names/UPPER.MD": BODY,
    "names/" + "long" * 60 + ".md": BODY,
    "names/dots...and spaces .md": BODY,
    "Archive/excluded by prefix.md": BODY,
    "Drafts/secret draft.md": BODY,
    ".obsidian/inside config.md": BODY,
    ".trash/deleted.md": BODY,
    ".hidden note.md": BODY,
}

#: `.obsidian/app.json` of the hostile vault: a prefix and a regex rule.
APP_JSON = {"userIgnoreFilters": ["Archive/", "/secret draft/", "/[unclosed regex/"]}


@dataclass
class HostileVault:
    root: Path
    outside: Path
    unreadable: list[str] = field(default_factory=list)  # chmod 000 files (empty as root)
    huge: list[str] = field(default_factory=list)
    outside_links: list[str] = field(default_factory=list)


def write_hostile_vault(root: Path, outside: Path, *, huge_mb: int = 20) -> HostileVault:
    """Write the catalogue, plus: huge notes, 60-deep folders, symlinks (loops, inside,
    outside, broken), a FIFO, an unreadable file, `.obsidian/app.json`."""
    vault = HostileVault(root=root, outside=outside)
    root.mkdir(parents=True, exist_ok=True)
    for rel, content in HOSTILE_FILES.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    (root / ".obsidian").mkdir(exist_ok=True)
    (root / ".obsidian" / "app.json").write_text(json.dumps(APP_JSON), encoding="utf-8")

    # huge: a note over the size limit, and a 3 MB single line under it
    size = root / "size"
    with open(size / "twenty megabytes.md", "wb") as handle:
        chunk = b"All work and no play makes a huge note. " * 1000
        for _ in range(huge_mb * 1_000_000 // len(chunk) + 1):
            handle.write(chunk)
    # repetitive, so its ~6,000 chunks share a few texts and embed in seconds
    # (`varied_line` is the chunker's worst case, tested without the model)
    line = ("lorem ipsum dolor " * 170_000)[:3_000_000]
    (size / "three megabyte line.md").write_text(line, encoding="utf-8")
    vault.huge = ["size/twenty megabytes.md", "size/three megabyte line.md"]

    deep = root.joinpath(*(f"d{i}" for i in range(60)))
    deep.mkdir(parents=True)
    (deep / "deep note.md").write_text(BODY, encoding="utf-8")

    # a file name that is not valid UTF-8 (Linux allows any bytes but '/' and NUL)
    os.close(
        os.open(os.fsencode(root / "names") + b"/bad \xff\xfe name.md", os.O_CREAT | os.O_WRONLY)
    )
    (root / "names" / "line\nbreak.md").write_text(BODY, encoding="utf-8")

    # symlinks: loops, inside, outside, broken
    links = root / "links"
    links.mkdir()
    (links / "loop to root").symlink_to(root, target_is_directory=True)
    (links / "self loop.md").symlink_to(links / "self loop.md")
    (links / "inside file.md").symlink_to(root / "names" / "UPPER.MD")
    (links / "inside folder").symlink_to(root / "md", target_is_directory=True)
    (links / "broken.md").symlink_to(root / "does not exist.md")
    outside.mkdir(parents=True, exist_ok=True)
    (outside / "secret.md").write_text("# Secret\n\nOutside text must never be indexed.\n")
    (outside / "folder").mkdir(exist_ok=True)
    (outside / "folder" / "also secret.md").write_text("Outside folder text.\n")
    (links / "outside file.md").symlink_to(outside / "secret.md")
    (links / "outside folder").symlink_to(outside / "folder", target_is_directory=True)
    vault.outside_links = ["links/outside file.md", "links/outside folder"]

    os.mkfifo(root / "links" / "a fifo.md")
    (root / "folder.md").mkdir()  # a folder named like a note
    (root / "folder.md" / "inner.md").write_text(BODY, encoding="utf-8")

    write_hostile_documents(root / "docs")

    locked = root / "perm" / "unreadable.md"
    locked.parent.mkdir()
    locked.write_text(BODY, encoding="utf-8")
    locked.chmod(0)
    if not os.access(locked, os.R_OK):
        vault.unreadable.append("perm/unreadable.md")
    return vault


#: the boards and PDFs of the hostile vault, and what the index must say of each
HOSTILE_DOCUMENTS = {
    "docs/good.pdf": None,  # indexed
    "docs/scan.pdf": "no text layer",
    "docs/encrypted.pdf": "encrypted",
    "docs/truncated.pdf": "not a readable PDF",
    "docs/random bytes.pdf": "not a PDF",
    "docs/empty.pdf": "empty",
    "docs/board.canvas": None,  # cycles, edges to missing cards, a card for a missing file
    "docs/malformed.canvas": "not a canvas",
    "docs/a list.canvas": "not a canvas",
    "docs/empty.canvas": "empty canvas",
}


def write_hostile_documents(folder: Path) -> None:
    """Bad PDFs (a scan without text, encrypted, truncated, random bytes, empty) and bad
    boards (malformed JSON, not an object, empty, edges in a cycle and to missing cards)."""
    from fpdf import FPDF

    folder.mkdir(parents=True, exist_ok=True)

    def pdf(text: str | None, *, password: str | None = None) -> bytes:
        doc = FPDF()
        doc.add_page()
        if password:
            doc.set_encryption(owner_password="owner", user_password=password)
        if text is None:
            doc.rect(20, 20, 80, 40, style="F")
        else:
            doc.set_font("Helvetica", size=11)
            doc.multi_cell(0, 6, text, new_x="LMARGIN", new_y="NEXT")
        return bytes(doc.output())

    good = pdf("A printed manual about turbines and their transport bolts.")
    (folder / "good.pdf").write_bytes(good)
    (folder / "scan.pdf").write_bytes(pdf(None))
    (folder / "encrypted.pdf").write_bytes(pdf("secret", password="user"))
    (folder / "truncated.pdf").write_bytes(good[: len(good) // 3])
    (folder / "random bytes.pdf").write_bytes(bytes(range(256)) * 40)
    (folder / "empty.pdf").write_bytes(b"")
    card = {"x": 0, "y": 0, "width": 10, "height": 10}
    board = {
        "nodes": [
            {"id": "a", "type": "text", "text": "Turbines need bolts.", **card},
            {"id": "b", "type": "text", "text": "Bolts need turbines.", **card},
            {"id": "c", "type": "file", "file": "missing/nowhere.md", **card},
        ],
        "edges": [
            {"id": "1", "fromNode": "a", "toNode": "b"},
            {"id": "2", "fromNode": "b", "toNode": "a"},
            {"id": "3", "fromNode": "a", "toNode": "ghost"},
            {"id": "4", "fromNode": "c", "toNode": "c"},
        ],
    }
    (folder / "board.canvas").write_text(json.dumps(board), encoding="utf-8")
    (folder / "malformed.canvas").write_text('{"nodes": [', encoding="utf-8")
    (folder / "a list.canvas").write_text("[1, 2, 3]", encoding="utf-8")
    (folder / "empty.canvas").write_text('{"nodes": [], "edges": []}', encoding="utf-8")


def varied_line(size: int = 3_000_000) -> str:
    """One line of `size` characters with no repeated window and no sentence breaks."""
    return " ".join(f"word{i % 997}x{i // 997}" for i in range(size // 6))[:size]


def expected_note_paths(root: Path, *, is_excluded) -> tuple[set[str], set[str]]:  # type: ignore[no-untyped-def]
    """(paths to account for, paths excluded by rule), found without following symlinks.

    A symlinked folder counts as one entry (its own path): it is either scanned under its
    real path elsewhere (inside the vault) or must be reported as skipped (outside).
    """
    expect: set[str] = set()
    excluded: set[str] = set()
    for dirpath, dirnames, filenames in os.walk(root):
        rel_dir = os.path.relpath(dirpath, root)
        prefix = "" if rel_dir == "." else rel_dir.replace(os.sep, "/") + "/"
        dirnames[:] = [d for d in dirnames if not d.startswith(".")]
        for d in list(dirnames):
            full = os.path.join(dirpath, d)
            if os.path.islink(full):
                dirnames.remove(d)
                if not _inside(root, full):
                    expect.add(prefix + d)
        for name in filenames:
            if not VaultFilter().is_document(name):
                continue
            rel = prefix + name
            if is_excluded(rel):
                excluded.add(rel)
            else:
                expect.add(rel)
    return expect, excluded


def _inside(root: Path, path: str) -> bool:
    try:
        Path(os.path.realpath(path)).relative_to(os.path.realpath(root))
    except ValueError:
        return False
    return True


_WORDS = ["pump", "valve", "sensor", "río", "数据", "שלום", "🚀", "naïve", "[[", "]]", "#", "---"]


def hostile_note_bytes(rng: random.Random, *, max_parts: int = 12) -> bytes:
    """One generated hostile note: a random mix of the catalogue's ingredients (at most
    `max_parts` body parts: fewer means less text for the model to embed)."""
    parts: list[str] = []
    if rng.random() < 0.5:
        fm = rng.choice(
            [
                "---\ntitle: ok\ntags: [a, b]\n---\n",
                "---\ntitle: [\n---\n",
                "---\nunclosed: true\n",
                "---\na: 1\na: 2\n---\n",
                "---\ntags: 5\naliases: {x: y}\ncreated: nope\n---\n",
                BILLION_LAUGHS.split("# Laughs")[0],
                "---\n" + "x: &x [1]\n" + "y: [" + ",".join(["*x"] * 60) + "]\n---\n",
            ]
        )
        parts.append(fm)
    for _ in range(rng.randint(0, max_parts)):
        kind = rng.random()
        if kind < 0.3:
            parts.append(" ".join(rng.choice(_WORDS) for _ in range(rng.randint(1, 80))))
        elif kind < 0.4:
            parts.append("#" * rng.randint(1, 7) + " " + rng.choice(_WORDS))
        elif kind < 0.5:
            parts.append("```" + rng.choice(["", "python", "~~~"]))
        elif kind < 0.6:
            n = rng.randint(1, 2000)
            parts.append("[" * n + "x" + "]" * rng.randint(0, n))
        elif kind < 0.7:
            parts.append(
                "".join(chr(rng.randint(0x20, 0x2FFF)) for _ in range(rng.randint(1, 300)))
            )
        elif kind < 0.8:
            link = f"[[{rng.choice(_WORDS)}|{rng.choice(_WORDS)}]]"
            parts.append(f"{link} ![[img.png]] #tag/{rng.randint(0, 9)}")
        elif kind < 0.9:
            parts.append("word " * rng.randint(20, 400))
        else:
            parts.append("<!-- " + rng.choice(_WORDS))
    text = rng.choice(["\n", "\r\n", "\n\n"]).join(parts)
    encoding = rng.random()
    if encoding < 0.6:
        raw = text.encode("utf-8", errors="surrogatepass")
    elif encoding < 0.7:
        raw = codecs.BOM_UTF8 + text.encode("utf-8")
    elif encoding < 0.8:
        raw = text.encode("latin-1", errors="replace")
    elif encoding < 0.85:
        raw = codecs.BOM_UTF16_LE + text.encode("utf-16-le")
    elif encoding < 0.9:
        raw = text.encode("utf-16-le")
    elif encoding < 0.95:
        raw = bytes(rng.randrange(256) for _ in range(rng.randint(0, 2000)))
    else:
        raw = text.encode("utf-8")
        cut = rng.randint(0, len(raw))
        raw = raw[:cut] + b"\x00" * rng.randint(1, 5) + raw[cut:]
    return raw
