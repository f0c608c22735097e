"""The MCP tools' plain logic without the SDK or a model: path checks, filters, warnings."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.mcp_tools import (
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
