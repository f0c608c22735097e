"""obsidian:// URIs and opening notes (Qt URL handlers stand in for Obsidian and the OS)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

import pytest
from PySide6.QtCore import QObject, QUrl, Slot
from PySide6.QtGui import QDesktopServices
from pytestqt.qtbot import QtBot

from ui import obsidian
from ui.obsidian import note_file, obsidian_uri, open_note


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


class _Recorder(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[QUrl] = []

    @Slot(QUrl)
    def handle(self, url: QUrl) -> None:
        self.urls.append(url)


@pytest.fixture
def handlers(qtbot: QtBot) -> Iterator[dict[str, _Recorder]]:
    """Qt URL handlers stand in for Obsidian and for the desktop's file opener."""
    recorders = {"obsidian": _Recorder(), "file": _Recorder()}
    for scheme, rec in recorders.items():
        QDesktopServices.setUrlHandler(scheme, rec, "handle")
    try:
        yield recorders
    finally:
        for scheme in recorders:
            QDesktopServices.unsetUrlHandler(scheme)


@pytest.fixture
def vault(tmp_path: Path) -> Path:
    root = tmp_path / "My Vault"
    (root / "Sub dir").mkdir(parents=True)
    (root / "Sub dir" / "Q&A #1 日本.md").write_text("# hi\n", encoding="utf-8")
    (tmp_path / "outside.md").write_text("secret\n", encoding="utf-8")
    return root


def test_open_note_in_obsidian(
    handlers: dict[str, _Recorder], vault: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(obsidian, "obsidian_registered", lambda: True)
    assert open_note(vault, "Sub dir/Q&A #1 日本.md")
    [url] = handlers["obsidian"].urls
    assert bytes(url.toEncoded()).decode() == obsidian_uri("My Vault", "Sub dir/Q&A #1 日本.md")
    assert handlers["file"].urls == []


def test_open_note_falls_back_to_the_default_app_without_obsidian(
    handlers: dict[str, _Recorder], vault: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(obsidian, "obsidian_registered", lambda: False)
    assert open_note(vault, "Sub dir/Q&A #1 日本.md")
    [url] = handlers["file"].urls
    assert Path(url.toLocalFile()) == (vault / "Sub dir" / "Q&A #1 日本.md").resolve()
    assert handlers["obsidian"].urls == []


def test_open_note_with_the_default_app_when_asked(
    handlers: dict[str, _Recorder], vault: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(obsidian, "obsidian_registered", lambda: True)
    assert open_note(vault, "Sub dir/Q&A #1 日本.md", in_obsidian=False)
    assert len(handlers["file"].urls) == 1 and handlers["obsidian"].urls == []


def test_open_note_refuses_paths_outside_the_vault(
    handlers: dict[str, _Recorder], vault: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(obsidian, "obsidian_registered", lambda: True)
    (vault / "escape.md").symlink_to(vault.parent / "outside.md")
    for bad in ("../outside.md", "Sub dir/../../outside.md", str(vault.parent / "outside.md")):
        assert not open_note(vault, bad)
    assert not open_note(vault, "escape.md", in_obsidian=False)  # a symlink pointing out
    assert not open_note(vault, "missing.md", in_obsidian=False)
    assert handlers["obsidian"].urls == [] and handlers["file"].urls == []


def test_note_file_stays_inside(vault: Path) -> None:
    assert note_file(vault, "Sub dir/Q&A #1 日本.md").parent == (vault / "Sub dir").resolve()
    with pytest.raises(ValueError):
        note_file(vault, "../outside.md")
