"""The truth-set builder plants sentences where the plant file says, never touching the source."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.plant_contradictions import PlantError, heading_lines, insert_sentence, plant

NOTE = """---
tags: [a]
---
# Title

Intro text.

## Setup

Step one.
```
# not a heading
```

## Limits

Last line.
"""


def test_inserts_at_the_end_of_a_section_before_the_next_heading() -> None:
    out = insert_sentence(NOTE, "A planted sentence.", "Setup")
    lines = out.splitlines()
    assert lines.index("A planted sentence.") < lines.index("## Limits")
    assert lines.index("A planted sentence.") > lines.index("```", lines.index("Step one."))
    assert [h for _, h in heading_lines(lines)] == ["Title", "Setup", "Limits"]


def test_inserts_at_the_end_without_a_heading() -> None:
    assert insert_sentence(NOTE, "End.", None).rstrip().endswith("Last line.\n\nEnd.")


def test_unknown_heading_is_an_error() -> None:
    with pytest.raises(PlantError):
        insert_sentence(NOTE, "x", "Nowhere")


def test_plant_copies_the_vault_and_writes_the_truth(tmp_path: Path) -> None:
    source = tmp_path / "src"
    (source / "A").mkdir(parents=True)
    (source / "A" / "One.md").write_text(NOTE, encoding="utf-8")
    (source / "Two.md").write_text("# Two\n\nSome text.\n", encoding="utf-8")
    spec = tmp_path / "spec.json"
    item = {
        "id": "c01",
        "label": "contradiction",
        "kind": "quantity",
        "a": {"note": "A/One.md", "heading": "Limits", "text": "The limit is 5 MB."},
        "b": {"note": "Two.md", "heading": None, "text": "The limit is 50 MB."},
    }
    spec.write_text(json.dumps({"vault": "x", "items": [item]}), encoding="utf-8")
    result = plant(spec, source, tmp_path / "out")
    assert result["contradiction"] == 1
    assert (source / "Two.md").read_text(encoding="utf-8") == "# Two\n\nSome text.\n"
    planted = (tmp_path / "out" / "vault" / "Two.md").read_text(encoding="utf-8")
    assert "The limit is 50 MB." in planted
    truth = [
        json.loads(line) for line in (tmp_path / "out" / "truth.jsonl").read_text().splitlines()
    ]
    assert truth == [
        {
            "id": "c01",
            "label": "contradiction",
            "kind": "quantity",
            "a": {"path": "A/One.md", "claim": "The limit is 5 MB."},
            "b": {"path": "Two.md", "claim": "The limit is 50 MB."},
        }
    ]


@pytest.mark.parametrize("name", ["obsidian-help-en.json", "dnd-srd.json"])
def test_committed_plant_files_are_complete(name: str) -> None:
    spec = json.loads((Path(__file__).resolve().parents[2] / "bench" / "plants" / name).read_text())
    items = spec["items"]
    labels = [i["label"] for i in items]
    assert labels.count("contradiction") >= 40 and labels.count("agreement") >= 40
    assert len({i["id"] for i in items}) == len(items)
    assert all(i["a"]["note"] != i["b"]["note"] for i in items)
