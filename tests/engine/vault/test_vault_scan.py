"""Listing a vault's notes, and the user's excluded files."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from engine.errors import VaultUnavailableError
from engine.vault.ignore import VaultFilter
from engine.vault.scan import scan_vault

NO_FILTER = VaultFilter()


def touch(root: Path, rel: str, text: str = "x") -> Path:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_only_visible_markdown_files(tmp_path: Path) -> None:
    for rel in [
        "Top.md",
        "Upper.MD",
        "Folder/Sub/Deep.md",
        "image.png",
        "notes.txt",
        ".hidden.md",
        ".obsidian/workspace.md",
        ".trash/Deleted.md",
        ".git/HEAD.md",
        ".hiddenfolder/Inside.md",
        "Folder/.secret/Inside.md",
        "Folder/.md",
    ]:
        touch(tmp_path, rel)
    result = scan_vault(tmp_path, vault_filter=NO_FILTER)
    assert list(result.files) == ["Folder/Sub/Deep.md", "Top.md", "Upper.MD"]
    assert result.skipped == ()


def test_file_stats(tmp_path: Path) -> None:
    path = touch(tmp_path, "A.md", "hello")
    os.utime(path, ns=(1_600_000_000_000_000_000, 1_600_000_000_123_456_789))
    stat = scan_vault(tmp_path, vault_filter=NO_FILTER).files["A.md"]
    assert stat.size == 5
    assert stat.mtime_ns == 1_600_000_000_123_456_789


def test_missing_root_raises_actionable_error(tmp_path: Path) -> None:
    with pytest.raises(VaultUnavailableError, match="not found"):
        scan_vault(tmp_path / "nope", vault_filter=NO_FILTER)


def test_file_as_root_raises(tmp_path: Path) -> None:
    path = touch(tmp_path, "file.md")
    with pytest.raises(VaultUnavailableError, match="not a folder"):
        scan_vault(path, vault_filter=NO_FILTER)


def test_error_message_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(VaultUnavailableError) as info:
        scan_vault(tmp_path / "gone", vault_filter=NO_FILTER)
    assert "\n" not in str(info.value)


def test_symlink_loop_terminates_and_lists_files_once(tmp_path: Path) -> None:
    touch(tmp_path, "A/Note.md")
    (tmp_path / "A" / "loop").symlink_to(tmp_path, target_is_directory=True)
    (tmp_path / "B").mkdir()
    (tmp_path / "B" / "to_a").symlink_to(tmp_path / "A", target_is_directory=True)
    result = scan_vault(tmp_path, vault_filter=NO_FILTER)
    assert list(result.files) == ["A/Note.md"]


def test_symlinks_pointing_outside_the_vault_are_skipped(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    touch(outside, "Shared.md")
    vault = tmp_path / "vault"
    vault.mkdir()
    touch(vault, "Inside.md")
    (vault / "linked").symlink_to(outside, target_is_directory=True)
    (vault / "linked-file.md").symlink_to(outside / "Shared.md")
    (vault / "inside-link.md").symlink_to(vault / "Inside.md")
    (vault / "broken.md").symlink_to(tmp_path / "does-not-exist.md")
    result = scan_vault(vault, vault_filter=NO_FILTER)
    assert list(result.files) == ["Inside.md", "inside-link.md"]
    assert [(s.path, s.reason) for s in result.skipped] == [
        ("broken.md", "cannot read file: broken symlink"),
        ("linked", "symlink points outside the vault"),
        ("linked-file.md", "symlink points outside the vault"),
    ]


def test_sixty_folders_deep(tmp_path: Path) -> None:
    rel = "/".join(f"d{i}" for i in range(60)) + "/Deep.md"
    touch(tmp_path, rel)
    assert list(scan_vault(tmp_path, vault_filter=NO_FILTER).files) == [rel]


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root can read anything")
def test_unreadable_folder_and_file_are_recorded(tmp_path: Path) -> None:
    touch(tmp_path, "Ok.md")
    locked = tmp_path / "Locked"
    touch(tmp_path, "Locked/Inside.md")
    secret = touch(tmp_path, "Secret.md")
    locked.chmod(0)
    secret.chmod(0)
    try:
        result = scan_vault(tmp_path, vault_filter=NO_FILTER)
    finally:
        locked.chmod(0o755)
        secret.chmod(0o644)
    assert list(result.files) == ["Ok.md"]
    assert {s.path for s in result.skipped} == {"Locked", "Secret.md"}
    assert all("denied" in s.reason.lower() for s in result.skipped)


def test_ten_thousand_notes_scan_quickly(tmp_path: Path) -> None:
    import time

    for folder in range(20):
        (tmp_path / f"F{folder}").mkdir()
        for i in range(500):
            (tmp_path / f"F{folder}" / f"N{i}.md").write_bytes(b"")
    started = time.perf_counter()
    result = scan_vault(tmp_path, vault_filter=NO_FILTER)
    assert len(result.files) == 10_000
    assert time.perf_counter() - started < 5.0


# --- excluded files ---------------------------------------------------------------------------


def write_app_json(root: Path, content: object) -> None:
    (root / ".obsidian").mkdir(parents=True, exist_ok=True)
    text = content if isinstance(content, str) else json.dumps(content)
    (root / ".obsidian" / "app.json").write_text(text, encoding="utf-8")


def test_user_ignore_filters_prefix_and_regex(tmp_path: Path) -> None:
    for rel in [
        "Archive/Old.md",
        "Archived.md",
        "Templates/Daily.md",
        "TemplatesExtra/x.md",
        "Keep/Drawing.excalidraw.md",
        "Keep/Note.md",
        "Daily/2019-01-01.md",
        "Daily/2024-01-01.md",
    ]:
        touch(tmp_path, rel)
    write_app_json(
        tmp_path,
        {"userIgnoreFilters": ["Archive/", "Templates", "/\\.excalidraw\\.md$/", "Daily/2019"]},
    )
    vault_filter = VaultFilter.load(tmp_path)
    assert vault_filter.warnings == ()
    result = scan_vault(tmp_path, vault_filter=vault_filter)
    assert list(result.files) == ["Archived.md", "Daily/2024-01-01.md", "Keep/Note.md"]


def test_extra_excludes_are_added(tmp_path: Path) -> None:
    touch(tmp_path, "Private/A.md")
    touch(tmp_path, "Public/B.md")
    vault_filter = VaultFilter.load(tmp_path, extra_excludes=["Private/"])
    assert list(scan_vault(tmp_path, vault_filter=vault_filter).files) == ["Public/B.md"]


@pytest.mark.parametrize(
    "content",
    ["{not json", "[1, 2]", {"userIgnoreFilters": "Archive/"}, "\ufeff{}", {"other": 1}],
    ids=["broken", "list", "filters-not-list", "bom", "no-filters"],
)
def test_broken_or_odd_app_json_means_no_filters(tmp_path: Path, content: object) -> None:
    write_app_json(tmp_path, content)
    vault_filter = VaultFilter.load(tmp_path)
    assert vault_filter.prefixes == () and vault_filter.patterns == ()
    assert not vault_filter.is_excluded("Archive/x.md")


def test_broken_app_json_warns(tmp_path: Path) -> None:
    write_app_json(tmp_path, "{not json")
    assert VaultFilter.load(tmp_path).warnings


def test_missing_app_json_is_fine(tmp_path: Path) -> None:
    vault_filter = VaultFilter.load(tmp_path)
    assert vault_filter == VaultFilter()
    assert vault_filter.warnings == ()


def test_invalid_regex_is_skipped_with_warning() -> None:
    vault_filter = VaultFilter.from_entries(["/[unclosed/", "Keep/"])
    assert vault_filter.prefixes == ("Keep/",)
    assert vault_filter.patterns == ()
    assert any("not a valid regex" in w for w in vault_filter.warnings)


def test_filter_semantics() -> None:
    vault_filter = VaultFilter.from_entries(["Archive/", "/^Inbox\\/.*draft/", "/Templates"])
    assert vault_filter.is_excluded("Archive/a.md")
    assert not vault_filter.is_excluded("Sub/Archive/a.md")
    assert vault_filter.is_excluded("Inbox/my draft.md")
    assert not vault_filter.is_excluded("Inbox/final.md")
    assert vault_filter.is_excluded("Templates/t.md")
    assert vault_filter.is_folder_excluded("Archive")
    assert not vault_filter.is_folder_excluded("Inbox")


def test_unlistable_folder_and_unreadable_file_even_as_root(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same as above, simulated, so it also runs where the tests run as root."""
    import engine.vault.scan as scan_module

    touch(tmp_path, "Ok.md")
    touch(tmp_path, "Locked/Inside.md")
    touch(tmp_path, "Secret.md")
    real_scandir = os.scandir
    real_access = os.access

    def scandir(path: str) -> object:
        if os.path.basename(path) == "Locked":
            raise PermissionError(13, "Permission denied", path)
        return real_scandir(path)

    def access(path: str, mode: int) -> bool:
        return not str(path).endswith("Secret.md") and real_access(path, mode)

    monkeypatch.setattr(scan_module.os, "scandir", scandir)
    monkeypatch.setattr(scan_module.os, "access", access)
    monkeypatch.setattr(scan_module, "_own_readable", lambda st: False)  # not one's own files
    result = scan_vault(tmp_path, vault_filter=NO_FILTER)
    assert list(result.files) == ["Ok.md"]
    assert [(s.path, "denied" in s.reason.lower()) for s in result.skipped] == [
        ("Locked", True),
        ("Secret.md", True),
    ]


def test_unlistable_root_raises(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import engine.vault.scan as scan_module

    def scandir(path: str) -> object:
        raise PermissionError(13, "Permission denied", path)

    monkeypatch.setattr(scan_module.os, "scandir", scandir)
    with pytest.raises(VaultUnavailableError, match="Permission denied"):
        scan_vault(tmp_path, vault_filter=NO_FILTER)


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="POSIX owners")
def test_only_ones_own_readable_files_skip_the_access_check(tmp_path: Path) -> None:
    from engine.vault.scan import _own_readable

    note = touch(tmp_path, "Mine.md")
    note.chmod(0o600)
    assert _own_readable(os.stat(note))
    note.chmod(0o200)  # the owner may not read it: the system is asked
    assert not _own_readable(os.stat(note))
    theirs = os.stat(note)
    assert not _own_readable(
        os.stat_result((0o100644, *theirs[1:4], os.geteuid() + 1, *theirs[5:]))
    )
