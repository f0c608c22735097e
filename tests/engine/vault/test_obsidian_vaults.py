"""Obsidian's list of known vaults (`obsidian.json`) and the choice of where a note opens."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.vault.obsidian_vaults import (
    KnownVault,
    OpenOutcome,
    VaultLookup,
    config_files,
    find_known_vault,
    known_vaults_of,
    plan_open,
    read_known_vaults,
    same_folder,
)

NOTE = "Decisions/ADR-003 Sampling Interval.md"


def _write_list(file: Path, *vaults: Path, extra: dict[str, object] | None = None) -> Path:
    """An `obsidian.json` as Obsidian writes it (ids are 16 hex digits)."""
    entries: dict[str, object] = {
        f"{i:016x}": {"path": str(v), "ts": 1_700_000_000_000 + i, "open": i == 0}
        for i, v in enumerate(vaults)
    }
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(json.dumps({"vaults": entries, **(extra or {})}), encoding="utf-8")
    return file


@pytest.fixture
def vault(tmp_path: Path) -> Path:
    root = tmp_path / "Field notes"
    root.mkdir()
    return root


def test_a_listed_vault_is_found_with_its_id(tmp_path: Path, vault: Path) -> None:
    other = tmp_path / "Other"
    other.mkdir()
    file = _write_list(tmp_path / "cfg" / "obsidian.json", other, vault, extra={"frame": "x"})
    assert read_known_vaults(file) == (
        KnownVault(f"{0:016x}", other, open=True),
        KnownVault(f"{1:016x}", vault, open=False),
    )
    lookup = find_known_vault(vault, [file])
    assert lookup.entry == KnownVault(f"{1:016x}", vault) and not lookup.unlisted


def test_a_vault_missing_from_the_list_is_unlisted(tmp_path: Path, vault: Path) -> None:
    file = _write_list(tmp_path / "obsidian.json", tmp_path / "Elsewhere")
    lookup = find_known_vault(vault, [file])
    assert lookup == VaultLookup(entry=None, read=True) and lookup.unlisted


@pytest.mark.parametrize(
    "text",
    ['{"vaults": {"ab', "not json", "[]", '{"vaults": []}', '{"cli": true}', "\xff\xfe"],
)
def test_a_broken_or_foreign_file_means_unknown(tmp_path: Path, vault: Path, text: str) -> None:
    file = tmp_path / "obsidian.json"
    file.write_bytes(text.encode("latin-1"))
    assert read_known_vaults(file) is None
    lookup = find_known_vault(vault, [file])
    assert lookup == VaultLookup() and not lookup.unlisted  # unknown is not "not known"


def test_a_missing_file_means_unknown(tmp_path: Path, vault: Path) -> None:
    assert read_known_vaults(tmp_path / "nowhere" / "obsidian.json") is None
    assert not find_known_vault(vault, [tmp_path / "nowhere" / "obsidian.json"]).unlisted


def test_odd_entries_are_skipped_not_fatal(vault: Path) -> None:
    data = {
        "vaults": {
            "a": {"path": ""},
            "b": "not an entry",
            "c": {"ts": 1},
            "d": {"path": str(vault), "open": "yes"},
        }
    }
    assert known_vaults_of(data) == (KnownVault("d", vault, open=False),)


def test_the_flatpak_list_is_read_when_the_native_one_is_absent(
    tmp_path: Path, vault: Path
) -> None:
    home = tmp_path / "home"
    files = config_files(platform="linux", home=home, env={})
    native, flatpak, snap = files
    assert native == home / ".config" / "obsidian" / "obsidian.json"
    assert flatpak == (
        home / ".var" / "app" / "md.obsidian.Obsidian" / "config" / "obsidian" / "obsidian.json"
    )
    assert snap == home / "snap" / "obsidian" / "current" / ".config" / "obsidian" / "obsidian.json"
    _write_list(flatpak, vault)
    assert find_known_vault(vault, files).entry == KnownVault(f"{0:016x}", vault, open=True)
    # The native list, once it exists and does not name the vault, does not hide Flatpak's.
    _write_list(native, tmp_path / "Elsewhere")
    assert find_known_vault(vault, files).entry is not None


def test_config_files_per_platform(tmp_path: Path) -> None:
    home = tmp_path / "home"
    assert config_files(platform="darwin", home=home, env={}) == (
        home / "Library" / "Application Support" / "obsidian" / "obsidian.json",
    )
    appdata = tmp_path / "Roaming"
    assert config_files(platform="win32", home=home, env={"APPDATA": str(appdata)}) == (
        appdata / "obsidian" / "obsidian.json",
    )
    xdg = tmp_path / "xdg"
    assert config_files(platform="linux", home=home, env={"XDG_CONFIG_HOME": str(xdg)})[0] == (
        xdg / "obsidian" / "obsidian.json"
    )
    # A relative XDG_CONFIG_HOME is invalid by the spec: the default is used.
    assert config_files(platform="linux", home=home, env={"XDG_CONFIG_HOME": "rel"})[0] == (
        home / ".config" / "obsidian" / "obsidian.json"
    )


def test_paths_are_compared_resolved(tmp_path: Path, vault: Path) -> None:
    link = tmp_path / "link-to-vault"
    link.symlink_to(vault)
    assert same_folder(link, vault)
    assert same_folder(vault / "sub" / "..", vault)
    assert not same_folder(tmp_path, vault)
    file = _write_list(tmp_path / "obsidian.json", link)
    assert find_known_vault(vault, [file]).entry is not None


# -- where a note opens ----------------------------------------------------------------------

KNOWN = VaultLookup(KnownVault("0123456789abcdef", Path("/v")), read=True)
UNLISTED = VaultLookup(read=True)
UNKNOWN = VaultLookup()


@pytest.mark.parametrize("lookup", [KNOWN, UNKNOWN])
def test_obsidian_opens_a_vault_it_knows_or_may_know(lookup: VaultLookup) -> None:
    plan = plan_open(NOTE, in_obsidian=True, exists=True, handler=True, lookup=lookup)
    assert plan == OpenOutcome("obsidian", NOTE) and plan.opened and plan.message == ""


def test_an_unlisted_vault_opens_in_the_default_editor_with_the_reason() -> None:
    plan = plan_open(NOTE, in_obsidian=True, exists=True, handler=True, lookup=UNLISTED)
    assert plan.how == "default app" and plan.opened
    assert plan.reason.startswith("Obsidian does not know this vault")
    assert plan.reason.endswith("opened in your default editor instead")


def test_without_a_handler_the_default_editor_says_obsidian_is_missing() -> None:
    plan = plan_open(NOTE, in_obsidian=True, exists=True, handler=False, lookup=KNOWN)
    assert plan.how == "default app"
    assert "Obsidian does not seem to be installed" in plan.reason


def test_asking_for_the_default_app_needs_no_reason() -> None:
    plan = plan_open(NOTE, in_obsidian=False, exists=True, handler=False, lookup=UNLISTED)
    assert plan == OpenOutcome("default app", NOTE, "")


def test_a_missing_note_fails_with_its_path() -> None:
    plan = plan_open(NOTE, in_obsidian=True, exists=False, handler=True, lookup=KNOWN)
    assert not plan.opened
    assert plan.message == f"The note no longer exists: {NOTE}"


def test_a_failure_message_names_the_note_once() -> None:
    failed = OpenOutcome("failed", NOTE, "No file manager could open /x")
    assert failed.message == f"Could not open {NOTE}. No file manager could open /x"
    assert OpenOutcome("failed", NOTE, f"Gone: {NOTE}").message == f"Gone: {NOTE}"
