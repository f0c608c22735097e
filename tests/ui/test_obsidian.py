"""obsidian:// URIs, opening notes, Show in folder and Copy path (Qt URL handlers stand in
for Obsidian and the OS; a fake `open_url` only to inject a desktop that refuses)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

import pytest
from helpers.urls import UrlRecorder
from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from pytestqt.qtbot import QtBot

from ui import obsidian
from ui.obsidian import copy_path, note_file, obsidian_uri, open_note, show_in_folder


def _decode(uri: str) -> tuple[str, str]:
    parts = urlsplit(uri)
    assert (parts.scheme, parts.netloc, parts.path) == ("obsidian", "open", "")
    query = parse_qs(parts.query, keep_blank_values=True, strict_parsing=True)
    assert sorted(query) == ["file", "vault"]
    return query["vault"][0], query["file"][0]


def test_plain_note() -> None:
    assert obsidian_uri("Riverbend", "Home.md") == "obsidian://open?vault=Riverbend&file=Home.md"


def test_spaces_are_percent_twenty_and_folders_encode_the_slash() -> None:
    uri = obsidian_uri("My Vault", "Meetings/2026-09-07 Mid-season Retrospective.md")
    assert uri == (
        "obsidian://open?vault=My%20Vault"
        "&file=Meetings%2F2026-09-07%20Mid-season%20Retrospective.md"
    )
    assert "+" not in uri


@pytest.mark.parametrize(
    ("vault", "path"),
    [
        ("Work & Life", "A & B/Q&A = answers?.md"),
        ("Vault #2", "Issues/#42 fix #hashtag.md"),
        ("100% notes", "Stats/50% done %20 literal.md"),
        ("ノート", "日本語/会議メモ 2026.md"),
        ("知识库", "项目/计划 v2.md"),
        ("Emoji 🎉", "Fun/🚀 launch ✨ notes 👩‍💻.md"),
        ("Nested", "a/b/c/d/e/deep note.md"),
        ("Plus+Sign", "C++/a+b=c.md"),
        ("Quotes", 'Say "hi"/it\'s fine.md'),
    ],
)
def test_round_trip(vault: str, path: str) -> None:
    uri = obsidian_uri(vault, path)
    query = uri.split("?", 1)[1]
    # Only the separators are literal: everything else is percent-encoded ASCII.
    assert query.count("&") == 1 and query.count("=") == 2 and "#" not in uri
    assert " " not in uri and uri.isascii()
    assert "/" not in query  # folders are %2F
    assert _decode(uri) == (vault, path)
    vault_part, file_part = query.split("&")
    assert unquote(vault_part.removeprefix("vault="), errors="strict") == vault
    assert unquote(file_part.removeprefix("file="), errors="strict") == path


def test_percent_and_hash_are_encoded_exactly() -> None:
    uri = obsidian_uri("v", "50% #1.md")
    assert uri.endswith("file=50%25%20%231.md")


def test_md_extension_is_kept() -> None:
    assert obsidian_uri("v", "Note.md").endswith("file=Note.md")
    assert obsidian_uri("v", "Folder/Note").endswith("file=Folder%2FNote")


def test_windows_separators_and_dot_segments_are_normalised() -> None:
    assert obsidian_uri("v", "Folder\\Sub\\Note.md") == obsidian_uri("v", "Folder/Sub/Note.md")
    assert obsidian_uri("v", "./Folder/./Note.md") == obsidian_uri("v", "Folder/Note.md")


@pytest.mark.parametrize(
    "path",
    ["../outside.md", "Folder/../../outside.md", "a/../b.md", "/etc/passwd", "C:/x.md", "", "  "],
)
def test_paths_that_leave_the_vault_are_refused(path: str) -> None:
    with pytest.raises(ValueError):
        obsidian_uri("v", path)


def test_empty_vault_name_is_refused() -> None:
    with pytest.raises(ValueError):
        obsidian_uri(" ", "a.md")


@pytest.fixture
def handlers(qtbot: QtBot) -> Iterator[dict[str, UrlRecorder]]:
    """Qt URL handlers stand in for Obsidian and for the desktop's file opener."""
    recorders = {"obsidian": UrlRecorder(), "file": UrlRecorder()}
    for scheme, rec in recorders.items():
        QDesktopServices.setUrlHandler(scheme, rec, "handle")
    try:
        yield recorders
    finally:
        for scheme in recorders:
            QDesktopServices.unsetUrlHandler(scheme)


@pytest.fixture(autouse=True)
def obsidian_lists(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Obsidian's vault list lives here (absent unless a test writes it): the real one of
    this machine is never read."""
    file = tmp_path / "config" / "obsidian" / "obsidian.json"
    monkeypatch.setattr(obsidian, "known_vault_files", lambda: (file,))
    return file


def _list_vaults(file: Path, vaults: dict[str, Path]) -> None:
    file.parent.mkdir(parents=True, exist_ok=True)
    entries = {vid: {"path": str(path), "ts": 1, "open": True} for vid, path in vaults.items()}
    file.write_text(json.dumps({"vaults": entries}), encoding="utf-8")


@pytest.fixture
def vault(tmp_path: Path) -> Path:
    root = tmp_path / "My Vault"
    (root / "Sub dir").mkdir(parents=True)
    (root / "Sub dir" / "Q&A #1 日本.md").write_text("# hi\n", encoding="utf-8")
    (tmp_path / "outside.md").write_text("secret\n", encoding="utf-8")
    return root


def test_open_note_in_obsidian(
    handlers: dict[str, UrlRecorder], vault: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(obsidian, "obsidian_registered", lambda: True)
    outcome = open_note(vault, "Sub dir/Q&A #1 日本.md")
    assert outcome.how == "obsidian" and outcome.reason == ""
    [url] = handlers["obsidian"].urls
    assert bytes(url.toEncoded()).decode() == obsidian_uri("My Vault", "Sub dir/Q&A #1 日本.md")
    assert handlers["file"].urls == []


def test_open_note_falls_back_to_the_default_app_without_obsidian(
    handlers: dict[str, UrlRecorder], vault: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(obsidian, "obsidian_registered", lambda: False)
    outcome = open_note(vault, "Sub dir/Q&A #1 日本.md")
    assert outcome.how == "default app"
    assert "Obsidian does not seem to be installed" in outcome.reason
    [url] = handlers["file"].urls
    assert Path(url.toLocalFile()) == (vault / "Sub dir" / "Q&A #1 日本.md").resolve()
    assert handlers["obsidian"].urls == []


def test_open_note_with_the_default_app_when_asked(
    handlers: dict[str, UrlRecorder], vault: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(obsidian, "obsidian_registered", lambda: True)
    assert open_note(vault, "Sub dir/Q&A #1 日本.md", in_obsidian=False).how == "default app"
    assert len(handlers["file"].urls) == 1 and handlers["obsidian"].urls == []


def test_open_note_refuses_paths_outside_the_vault(
    handlers: dict[str, UrlRecorder], vault: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(obsidian, "obsidian_registered", lambda: True)
    (vault / "escape.md").symlink_to(vault.parent / "outside.md")
    for bad in ("../outside.md", "Sub dir/../../outside.md", str(vault.parent / "outside.md")):
        assert open_note(vault, bad).reason == f"Not a note of this vault: {bad}"
    escaped = open_note(vault, "escape.md", in_obsidian=False)  # a symlink pointing out
    assert not escaped.opened
    missing = open_note(vault, "missing.md", in_obsidian=False)
    assert not missing.opened and missing.message == "The note no longer exists: missing.md"
    assert not show_in_folder(vault, "../outside.md").opened
    assert handlers["obsidian"].urls == [] and handlers["file"].urls == []


def test_note_file_stays_inside(vault: Path) -> None:
    assert note_file(vault, "Sub dir/Q&A #1 日本.md").parent == (vault / "Sub dir").resolve()
    with pytest.raises(ValueError):
        note_file(vault, "../outside.md")


def test_a_vault_obsidian_knows_is_named_by_its_id(
    handlers: dict[str, UrlRecorder],
    vault: Path,
    obsidian_lists: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(obsidian, "obsidian_registered", lambda: True)
    _list_vaults(obsidian_lists, {"0123456789abcdef": vault, "fedcba9876543210": vault.parent})
    assert open_note(vault, "Sub dir/Q&A #1 日本.md").how == "obsidian"
    [url] = handlers["obsidian"].urls
    assert _decode(bytes(url.toEncoded()).decode()) == (
        "0123456789abcdef",
        "Sub dir/Q&A #1 日本.md",
    )


def test_a_vault_obsidian_does_not_know_opens_in_the_default_editor(
    handlers: dict[str, UrlRecorder],
    vault: Path,
    obsidian_lists: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(obsidian, "obsidian_registered", lambda: True)
    _list_vaults(obsidian_lists, {"0123456789abcdef": vault.parent / "Another vault"})
    outcome = open_note(vault, "Sub dir/Q&A #1 日本.md")
    assert outcome.how == "default app" and outcome.opened
    assert outcome.reason.startswith("Obsidian does not know this vault")
    assert handlers["obsidian"].urls == [] and len(handlers["file"].urls) == 1


def test_a_desktop_that_opens_nothing_gives_the_reason(
    vault: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []

    def refuse(url: QUrl) -> bool:  # the fault: nothing on this desktop opens anything
        asked.append(url.scheme())
        return False

    monkeypatch.setattr(obsidian, "open_url", refuse)
    monkeypatch.setattr(obsidian, "obsidian_registered", lambda: True)
    outcome = open_note(vault, "Sub dir/Q&A #1 日本.md")
    assert asked == ["obsidian", "file"]  # Obsidian first, then the default app
    assert not outcome.opened
    assert "Obsidian did not open the note" in outcome.message
    assert "no application on this computer opens .md files" in outcome.message
    assert "Copy path or Show in folder" in outcome.message

    monkeypatch.setattr(obsidian, "obsidian_registered", lambda: False)
    outcome = open_note(vault, "Sub dir/Q&A #1 日本.md")
    assert outcome.message.startswith(
        "Could not open Sub dir/Q&A #1 日本.md. Obsidian does not seem to be installed"
    )
    folder = show_in_folder(vault, "Sub dir/Q&A #1 日本.md")
    assert not folder.opened and "No file manager could open" in folder.reason


def test_show_in_folder_opens_the_parent_folder(
    handlers: dict[str, UrlRecorder], vault: Path
) -> None:
    outcome = show_in_folder(vault, "Sub dir/Q&A #1 日本.md")
    assert outcome.opened and outcome.reason == ""
    [url] = handlers["file"].urls
    assert Path(url.toLocalFile()) == (vault / "Sub dir").resolve()


def test_copy_path_puts_the_absolute_path_on_the_clipboard(qtbot: QtBot, vault: Path) -> None:
    from PySide6.QtGui import QGuiApplication

    copied = copy_path(vault, "Sub dir/Q&A #1 日本.md")
    assert copied == str((vault / "Sub dir" / "Q&A #1 日本.md").resolve())
    assert QGuiApplication.clipboard().text() == copied
    with pytest.raises(ValueError):
        copy_path(vault, "../outside.md")


def test_a_stale_obsidian_association_is_not_a_handler(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    apps = tmp_path / "share" / "applications"
    apps.mkdir(parents=True)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    monkeypatch.setenv("XDG_DATA_DIRS", str(tmp_path / "none"))
    assert not obsidian.desktop_file_exists("obsidian.desktop")  # uninstalled, still associated
    (apps / "obsidian.desktop").write_text("[Desktop Entry]\n", encoding="utf-8")
    assert obsidian.desktop_file_exists("obsidian.desktop")


def test_why_obsidian_names_no_open_note(tmp_path: Path) -> None:
    from ui.obsidian_follow import NO_NOTE, why_no_note

    assert NO_NOTE == "Obsidian has no note open in this vault"
    vault = tmp_path / "vault"
    vault.mkdir()
    never = why_no_note(vault)  # no .obsidian folder: Obsidian never opened the vault
    assert never.startswith(NO_NOTE) and "never opened" in never
    (vault / ".obsidian").mkdir()
    unsaved = why_no_note(vault)
    assert unsaved.startswith(NO_NOTE) and ".obsidian/workspace.json" in unsaved
    (vault / ".obsidian" / "workspace.json").write_text(
        json.dumps({"main": {"type": "split", "children": []}, "lastOpenFiles": []}), "utf-8"
    )
    closed = why_no_note(vault)
    assert closed.startswith(NO_NOTE) and "tabs are closed" in closed
