"""Helpers for tests that build small real vaults on disk."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.workspace import Workspace

TOPICS = [
    ("Soil moisture", "capacitive probes drift with temperature and need calibration"),
    ("River gauge", "the ultrasonic sensor reads the water level every fifteen minutes"),
    ("Battery budget", "solar panels keep the nodes alive through the winter months"),
    ("Radio links", "LoRaWAN gateways cover the valley with two repeaters"),
    ("Data pipeline", "readings land in a SQLite database and are plotted nightly"),
    ("Field trip", "we installed three nodes near the old mill and tested the mounts"),
]


def note_text(i: int, *, paragraphs: int = 3, extra: str = "") -> str:
    title, fact = TOPICS[i % len(TOPICS)]
    other = TOPICS[(i + 1) % len(TOPICS)][0]
    lines = [
        "---",
        f"tags: [riverbend, topic{i % 4}]",
        f"aliases: [Alias {i}]",
        "created: 2026-03-0" + str(1 + i % 9),
        "---",
        f"# {title} {i}",
        "",
        f"Note {i} says that {fact}. See [[Note {(i + 1) % 7}]] and #field/notes.",
        "",
    ]
    for p in range(paragraphs):
        lines += [
            f"## Part {p}",
            "",
            f"Paragraph {p} of note {i} about {other.lower()}: {fact}.",
            "",
        ]
    if extra:
        lines += [extra, ""]
    return "\n".join(lines)


def write_vault(root: Path, count: int, *, paragraphs: int = 3) -> list[str]:
    root.mkdir(parents=True, exist_ok=True)
    paths = []
    for i in range(count):
        folder = root / ("Projects" if i % 2 else "Notes")
        folder.mkdir(exist_ok=True)
        path = folder / f"Note {i}.md"
        path.write_text(note_text(i, paragraphs=paragraphs), encoding="utf-8")
        paths.append(path.relative_to(root).as_posix())
    return paths


def snapshot(root: Path) -> dict[str, tuple[str, int]]:
    """Every file's sha256 and mtime: the vault must never change under us."""
    out = {}
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            p = Path(dirpath) / name
            out[p.relative_to(root).as_posix()] = (
                hashlib.sha256(p.read_bytes()).hexdigest(),
                p.stat().st_mtime_ns,
            )
    return out


def assert_consistent(ws: Workspace) -> None:
    """Catalog, vector store and graph hold exactly the same notes and chunk ids."""
    manifest = ws.catalog.notes.manifest()
    assert all(r.status == "indexed" for r in manifest.values()), "pending notes left"
    catalog_ids = set(ws.catalog.notes.chunk_ids())
    vector_ids = ws.vectors.all_ids()
    assert catalog_ids == vector_ids, (
        f"only in catalog: {sorted(catalog_ids - vector_ids)[:5]}, "
        f"only in vectors: {sorted(vector_ids - catalog_ids)[:5]}"
    )
    assert {cid.rsplit("#", 1)[0] for cid in catalog_ids} == set(manifest)
    assert ws.graph.notes() == set(manifest)
    assert ws.vectors.count() == len(vector_ids)


def write_notes(root: Path, notes: dict[str, str]) -> None:
    """Write `notes` (vault-relative path -> text) under `root`, folders made as needed."""
    for rel, text in notes.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
