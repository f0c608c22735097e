"""`consilience contradictions` and `consilience eval contradictions`, in process, on a few
demo notes (the session's model is shared by patching the loader the CLI calls)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from app.cli import main
from engine.embed.embedder import Embedder

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "resources" / "demo-vault"
EXPECTED: dict[str, Any] = json.loads(
    (REPO / "resources" / "demo-vault.expected.json").read_text(encoding="utf-8")
)
TOPICS = ("river gauge LoRaWAN support", "probe reliability")
PAIRS = [p for p in EXPECTED["contradictions"] if p["topic"] in TOPICS]

pytestmark = pytest.mark.slow


@pytest.fixture
def shared_model(monkeypatch: pytest.MonkeyPatch, embedder: Embedder) -> None:
    import engine.embed.embedder as module

    monkeypatch.setattr(module, "load_embedder", lambda model=None, **_: embedder)


@pytest.fixture
def vault(tmp_path: Path) -> Path:
    root = tmp_path / "vault"
    for pair in PAIRS:
        for side in ("a", "b"):
            dest = root / pair[side]
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(DEMO / pair[side], dest)
    # vault text that looks like rich markup must be printed as it is
    (root / "Markup.md").write_text(
        "The [bold red]river-gauge-v2[/] does not support LoRaWAN at all.\n", encoding="utf-8"
    )
    return root


def test_contradictions_json_and_readable(
    vault: Path, tmp_path: Path, shared_model: None, capsys: pytest.CaptureFixture[str]
) -> None:
    data_dir = str(tmp_path / "data")
    assert main(["contradictions", str(vault), "--data-dir", data_dir, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    found = out["contradictions"]
    claims = [{c["a"]["claim"], c["b"]["claim"]} for c in found]
    for pair in PAIRS:
        assert {pair["a_claim"], pair["b_claim"]} in claims
    first = found[0]
    assert {"a", "b", "confidence", "similarity", "type", "newer"} <= set(first)
    assert {"path", "title", "claim", "timestamp"} <= set(first["a"])
    assert [c["confidence"] for c in found] == sorted(
        (c["confidence"] for c in found), reverse=True
    )

    assert main(["contradictions", str(vault), "--data-dir", data_dir]) == 0
    text = capsys.readouterr().out
    assert PAIRS[0]["b_claim"] in text or PAIRS[0]["a_claim"] in text
    if any("[bold red]" in c["a"]["claim"] + c["b"]["claim"] for c in found):
        assert "[bold red]" in text

    assert (
        main(
            [
                "contradictions",
                str(vault),
                "--data-dir",
                data_dir,
                "--json",
                "--min-confidence",
                "1.01",
            ]
        )
        == 0
    )
    assert json.loads(capsys.readouterr().out) == {"contradictions": []}


def test_eval_contradictions(
    tmp_path: Path, shared_model: None, capsys: pytest.CaptureFixture[str]
) -> None:
    rows = [
        {"premise": p["a_claim"], "hypothesis": p["b_claim"], "label": "contradiction"}
        for p in EXPECTED["contradictions"]
    ] + [
        {"premise": p["a_claim"], "hypothesis": p["b_claim"], "label": "neutral"}
        for p in EXPECTED["non_contradictions"]
    ]
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    assert main(["eval", "contradictions", str(pairs), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert set(result) == {"pairs", "precision", "recall", "f1", "threshold"}
    assert result["pairs"] == len(rows)
    assert result["precision"] == 1.0 and result["recall"] == 1.0


def test_eval_contradictions_missing_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["eval", "contradictions", str(tmp_path / "nope.jsonl")]) == 2
    assert "no pairs file" in capsys.readouterr().err


def test_contradictions_say_when_the_scan_could_not_run(
    vault: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import engine.embed.embedder as module
    from engine.errors import ModelLoadError

    def broken(model: object = None, **_: object) -> Embedder:
        raise ModelLoadError("injected: the model cannot load")

    monkeypatch.setattr(module, "load_embedder", broken)
    data_dir = str(tmp_path / "data")
    assert main(["contradictions", str(vault), "--data-dir", data_dir, "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["contradictions"] == []
    assert "not checked for contradictions" in captured.err
    assert f"{len(list(vault.rglob('*.md')))} note(s)" in captured.err


def test_a_one_shot_search_never_waits_for_the_contradiction_check(
    vault: Path, tmp_path: Path, shared_model: None, capsys: pytest.CaptureFixture[str]
) -> None:
    from engine.store.catalog import Catalog

    data_dir = str(tmp_path / "data")
    notes = len(list(vault.rglob("*.md")))

    def search_warnings() -> dict[str, str]:
        assert main(["search", str(vault), "--data-dir", data_dir, "--json", "--", "LoRaWAN"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["results"], "the indexed notes answer"
        return {w["kind"]: w["message"] for w in out["warnings"]}

    first = search_warnings()  # indexes the notes, leaves their check to the next sync
    assert first["contradictions_unchecked"].startswith(f"{notes} note(s)")
    assert main(["contradictions", str(vault), "--data-dir", data_dir, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["contradictions"], "the check found the plants"
    assert "contradictions_unchecked" not in search_warnings()

    # a note removed before a one-shot search: its claim vectors are dropped by the next check
    gone = vault / PAIRS[0]["a"]
    gone.unlink()
    assert search_warnings().get("contradictions_unchecked") is None  # nothing left to check
    catalog_path = next((tmp_path / "data").rglob("catalog.sqlite3"))
    with Catalog.open(catalog_path, read_only=True, check=False) as catalog:
        assert catalog.state.claims_to_drop == (PAIRS[0]["a"],)
    assert main(["contradictions", str(vault), "--data-dir", data_dir, "--json"]) == 0
    left = json.loads(capsys.readouterr().out)["contradictions"]
    assert all(PAIRS[0]["a"] not in (c["a"]["path"], c["b"]["path"]) for c in left)
    with Catalog.open(catalog_path, read_only=True, check=False) as catalog:
        assert catalog.state.claims_to_drop == ()
