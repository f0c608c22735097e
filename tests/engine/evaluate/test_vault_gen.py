"""The benchmark vault generator: deterministic, realistic, parseable."""

from __future__ import annotations

import hashlib
from collections import Counter
from pathlib import Path

import pytest

from engine.evaluate.vault_gen import generate_vault
from engine.model import Note
from engine.vault.reader import read_note


def _digest(root: Path) -> str:
    h = hashlib.sha256()
    for p in sorted(root.rglob("*.md")):
        h.update(p.relative_to(root).as_posix().encode())
        h.update(p.read_bytes())
    return h.hexdigest()


def test_same_seed_same_bytes_other_seed_other_vault(tmp_path: Path) -> None:
    a = generate_vault(tmp_path / "a", 200, seed=3)
    b = generate_vault(tmp_path / "b", 200, seed=3)
    c = generate_vault(tmp_path / "c", 200, seed=4)
    assert _digest(a.root) == _digest(b.root)
    assert _digest(a.root) != _digest(c.root)
    assert len(list(a.root.rglob("*.md"))) == 200


def test_vault_looks_like_a_real_one(tmp_path: Path) -> None:
    v = generate_vault(tmp_path / "v", 600)
    files = sorted(v.root.rglob("*.md"))
    assert sum(1 for f in files if f.parent.name == "Daily") == 60
    notes = [read_note(v.root, f.relative_to(v.root).as_posix()) for f in files]
    assert all(isinstance(n, Note) and not n.warnings for n in notes)
    assert all(n.created is not None for n in notes if isinstance(n, Note))
    sizes = sorted(len(f.read_bytes()) for f in files)
    assert sizes[-1] > 8 * sizes[len(sizes) // 2]  # a long tail of long notes
    # power-law in-degree: the most linked note gets far more links than the median one
    indegree = Counter(link.target for n in notes if isinstance(n, Note) for link in n.links)
    counts = sorted(indegree.values(), reverse=True)
    assert counts[0] >= 10 * counts[len(counts) // 2]
    assert v.contradictions >= 1 and v.near_duplicates >= 1
    kinds = Counter(q.kind for q in v.queries)
    assert len(v.queries) >= 200
    assert set(kinds) == {"keywords", "phrase", "identifier", "question", "tag", "date"}
    idents = [q.text for q in v.queries if q.kind == "identifier"]
    text = "\n".join(f.read_text(encoding="utf-8") for f in files)
    assert sum(1 for i in idents if i in text) >= len(idents) * 0.9


def test_refuses_a_non_empty_folder(tmp_path: Path) -> None:
    (tmp_path / "keep.md").write_text("mine", encoding="utf-8")
    with pytest.raises(ValueError, match="not empty"):
        generate_vault(tmp_path, 10)
    assert (tmp_path / "keep.md").read_text(encoding="utf-8") == "mine"
