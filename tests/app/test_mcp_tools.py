"""The MCP tools' plain logic without the SDK or a model: path checks, filters, warnings."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.mcp_tools import (
    IndexReport,
    ToolInputError,
    _check_sources,
    _filters,
    note_file,
    safe_relative_path,
)


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("Projects/Plan.md", "Projects/Plan.md"),
        ("./Projects//Plan.md", "Projects/Plan.md"),
        ("Projects\\Plan.md", "Projects/Plan.md"),
        ("  Home.md ", "Home.md"),
        ("数据/笔记.md", "数据/笔记.md"),
    ],
)
def test_relative_paths_are_normalised(given: str, expected: str) -> None:
    assert safe_relative_path(given) == expected


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "   ",
        "../secret.md",
        "a/../../secret.md",
        "a/..",
        "/etc/passwd",
        "~/notes.md",
        "C:\\Windows\\win.ini",
        "C:/x.md",
        "\\\\server\\share\\x.md",
        "a\x00b.md",
        ".",
    ],
)
def test_paths_leaving_the_vault_are_refused(bad: str) -> None:
    with pytest.raises(ToolInputError):
        safe_relative_path(bad)


@pytest.fixture
def vault(tmp_path: Path) -> Path:
    root = tmp_path / "vault"
    (root / "Notes").mkdir(parents=True)
    (root / "Notes" / "A.md").write_text("# A\n", encoding="utf-8")
    (root / "Notes" / "data.csv").write_text("a,b\n", encoding="utf-8")
    (root / "Notes" / "Inner.md").symlink_to(root / "Notes" / "A.md")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text("secret\n", encoding="utf-8")
    (root / "Out.md").symlink_to(outside / "secret.md")
    (root / "OutDir").symlink_to(outside, target_is_directory=True)
    (root / "Loop.md").symlink_to(root / "Loop.md")
    return root


def test_note_file_serves_notes_inside_the_vault(vault: Path) -> None:
    assert note_file(vault, "Notes/A.md") == (vault / "Notes" / "A.md").resolve()
    assert note_file(vault, "Notes/Inner.md") == (vault / "Notes" / "A.md").resolve()


@pytest.mark.parametrize(
    "rel", ["Out.md", "OutDir/secret.md", "Notes/data.csv", "Notes", "Gone.md", "Loop.md"]
)
def test_note_file_refuses_the_rest(vault: Path, rel: str) -> None:
    with pytest.raises(ToolInputError):
        note_file(vault, rel)


def test_sources_are_checked() -> None:
    assert _check_sources(None) is None
    assert _check_sources([]) is None
    assert _check_sources(["Text", " graph ", "text"]) == ["text", "graph"]
    with pytest.raises(ToolInputError, match="telepathy"):
        _check_sources(["telepathy"])


def test_filters_parse_dates_and_tags() -> None:
    f = _filters("/Projects/", "#field/notes", "2026-01-01", "2026-01-31")
    assert f.folder == "Projects"
    assert f.tag == "field/notes"
    assert f.since is not None and f.until is not None
    assert f.since.isoformat().startswith("2026-01-01")
    assert f.until.isoformat().startswith("2026-02-01")  # until is inclusive
    with pytest.raises(ToolInputError, match="YYYY-MM-DD"):
        _filters(None, None, "last tuesday-ish", None)
    with pytest.raises(ToolInputError, match="before"):
        _filters(None, None, "2026-02-01", "2026-01-01")
    with pytest.raises(ToolInputError):
        _filters("../elsewhere", None, None, None)


def test_status_warnings() -> None:
    assert IndexReport(state="ready", first_index=True).warnings() == []
    first = IndexReport(state="indexing", first_index=True, done=3, total=10).warnings()
    assert first[0]["kind"] == "index_incomplete"
    assert "first index" in first[0]["message"] and "3 of 10" in first[0]["message"]
    assert "partial" in first[0]["impact"]
    catch_up = IndexReport(state="indexing", first_index=False).warnings()
    assert "catching up" in catch_up[0]["message"]
    assert IndexReport(state="read_only", first_index=False).warnings()[0]["kind"] == "read_only"
    failed = IndexReport(state="failed", first_index=False, error="disk full").warnings()
    assert failed[0]["kind"] == "index_failed" and "disk full" in failed[0]["message"]
    warming = IndexReport(state="ready", first_index=False, model_ready=False).warnings()
    assert [w["kind"] for w in warming] == ["warming_up"]
    for w in first + catch_up + failed + warming:
        assert set(w) == {"source", "kind", "message", "impact"}


def test_the_report_reads_the_lifecycle_state() -> None:
    from engine.lifecycle import LifecycleStatus, VaultState

    embedding = LifecycleStatus(
        state=VaultState.INDEXING, first_index=True, phase="embed", done=3, total=9
    )
    report = IndexReport.of(embedding)
    assert (report.state, report.done, report.total, report.model_ready) == (
        "indexing",
        3,
        9,
        False,
    )
    checking = LifecycleStatus(
        state=VaultState.CHECKING_CONTRADICTIONS, model_ready=True, phase="contradictions"
    )
    assert IndexReport.of(checking).state == "ready"  # every note answers by now
    assert IndexReport.of(checking).warnings() == []
    failed = LifecycleStatus(state=VaultState.FAILED, index_done=True, error="disk full")
    assert IndexReport.of(failed).state == "failed"
    read_only = LifecycleStatus(state=VaultState.READ_ONLY, index_done=True, model_ready=True)
    assert IndexReport.of(read_only).state == "read_only"


def test_after_a_text_first_pass_the_report_says_meaning_lags() -> None:
    from engine.lifecycle import LifecycleStatus, VaultState

    preparing = LifecycleStatus(
        state=VaultState.PREPARING_MODEL, first_index=True, text_complete=True, phase="text"
    )
    report = IndexReport.of(preparing)
    assert report.state == "ready"  # words and links hold every note
    assert [w["kind"] for w in report.warnings()] == ["warming_up"]
    embedding = LifecycleStatus(
        state=VaultState.INDEXING,
        first_index=True,
        text_complete=True,
        model_ready=True,
        phase="embed",
        done=4,
        total=9,
    )
    lagging = IndexReport.of(embedding).warnings()
    assert [w["kind"] for w in lagging] == ["meaning_incomplete"]
    assert "4 of 9 notes" in lagging[0]["message"]
