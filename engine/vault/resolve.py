"""Resolve link targets to note paths the way Obsidian does, with dictionary look-ups.

- case-insensitive (and Unicode-normalised, so a macOS file name in NFD matches a link in NFC);
- the target may be written with or without '.md';
- a target with '/' is first tried relative to the linking note's folder, then as a vault
  path, then as a path suffix ('Projects/Plan' finds 'Work/Projects/Plan.md');
- otherwise the file name is looked up; when several notes share it, the one in the linking
  note's folder wins, then the shortest path, then the alphabetically first;
- aliases resolve only when no file name matches;
- targets with a non-note extension ('image.png', 'doc.pdf') resolve to nothing.
"""

from __future__ import annotations

import posixpath
import unicodedata
from collections.abc import Iterable, Sequence

# extensions Obsidian treats as attachments; a link to one of these never names a note
ATTACHMENT_EXTENSIONS = frozenset(
    {
        "png", "jpg", "jpeg", "gif", "bmp", "svg", "webp", "avif", "heic", "tif", "tiff", "ico",
        "mp3", "wav", "m4a", "ogg", "3gp", "flac", "webm", "mp4", "ogv", "mov", "mkv", "avi",
        "base", "excalidraw", "zip", "csv", "json", "txt", "docx", "xlsx",
        "pptx", "html", "htm", "epub",
    }
)  # fmt: skip


def fold(text: str) -> str:
    """The case- and Unicode-insensitive form used for every comparison."""
    return unicodedata.normalize("NFC", text).lower()


def normalize_target(target: str) -> str:
    """A link target as a folded vault path without '.md' (and without '#...' parts)."""
    text = target.strip().replace("\\", "/")
    while text.startswith("./"):
        text = text[2:]
    text = text.lstrip("/")
    folded = fold(text)
    if folded.endswith(".md"):
        folded = folded[:-3]
    return folded.rstrip("/")


def basename_key(target: str) -> str:
    """The folded file name (no folder, no '.md') a target or a path refers to."""
    return normalize_target(target).rsplit("/", 1)[-1]


def _extension(target: str) -> str:
    name = target.strip().rsplit("/", 1)[-1]
    return name.rsplit(".", 1)[1].lower() if "." in name else ""


def is_attachment(target: str) -> bool:
    """Does the target name a file that is never a document of the index (an image, ...)?
    Boards and PDFs are documents: links to them resolve like links to notes."""
    return _extension(target) in ATTACHMENT_EXTENSIONS


def link_keys(target: str) -> tuple[str, ...]:
    """The keys under which notes that could answer `target` are indexed: its file name key,
    and its whole folded text (which is what an alias must equal)."""
    if not target.strip() or is_attachment(target):
        return ()
    full = normalize_target(target)
    base = full.rsplit("/", 1)[-1]
    alias = fold(target.strip())
    return tuple(dict.fromkeys(k for k in (base, full, alias) if k))


def note_keys(path: str, aliases: Iterable[str]) -> tuple[str, ...]:
    """The keys under which links that could resolve to this note are indexed."""
    keys = [basename_key(path)]
    keys.extend(fold(alias.strip()) for alias in aliases if alias.strip())
    return tuple(dict.fromkeys(k for k in keys if k))


def _folder(path: str) -> str:
    return path.rsplit("/", 1)[0] if "/" in path else ""


class LinkResolver:
    """An incremental index of note paths and aliases that answers `resolve` in O(1)-ish."""

    def __init__(self) -> None:
        self._by_path: dict[str, str] = {}  # folded path without .md -> path
        self._by_name: dict[str, set[str]] = {}  # folded file name without .md -> paths
        self._by_alias: dict[str, set[str]] = {}  # folded alias -> paths
        self._aliases: dict[str, tuple[str, ...]] = {}  # path -> its folded aliases

    def __contains__(self, path: object) -> bool:
        return path in self._aliases

    def __len__(self) -> int:
        return len(self._aliases)

    def add(self, path: str, aliases: Sequence[str] = ()) -> None:
        """Add a note (or replace its aliases when it is already known)."""
        if path in self._aliases:
            self.remove(path)
        key = normalize_target(path)
        self._by_path[key] = path
        self._by_name.setdefault(key.rsplit("/", 1)[-1], set()).add(path)
        folded = tuple(dict.fromkeys(fold(a.strip()) for a in aliases if a.strip()))
        for alias in folded:
            self._by_alias.setdefault(alias, set()).add(path)
        self._aliases[path] = folded

    def remove(self, path: str) -> None:
        """Forget a note; unknown paths are ignored."""
        folded = self._aliases.pop(path, None)
        if folded is None:
            return
        key = normalize_target(path)
        if self._by_path.get(key) == path:
            del self._by_path[key]
        _discard(self._by_name, key.rsplit("/", 1)[-1], path)
        for alias in folded:
            _discard(self._by_alias, alias, path)

    def resolve(self, target: str, *, source_path: str) -> str | None:
        """The path of the note `target` names when written in `source_path`, or None."""
        raw = target.strip()
        if not raw or is_attachment(raw):
            return None
        key = normalize_target(raw)
        if not key:
            return None
        source_folder = _folder(source_path)
        if "/" in key:
            relative = posixpath.normpath(posixpath.join(fold(source_folder), key))
            for candidate in (relative, key):
                found = self._by_path.get(candidate)
                if found is not None:
                    return found
            base = key.rsplit("/", 1)[-1]
            suffix = "/" + key
            matches = [
                p
                for p in self._by_name.get(base, ())
                if normalize_target(p).endswith(suffix) or normalize_target(p) == key
            ]
            if matches:
                return _best(matches, source_folder)
        else:
            names = self._by_name.get(key)
            if names:
                return _best(names, source_folder)
        aliased = self._by_alias.get(fold(raw)) or self._by_alias.get(key)
        if aliased:
            return _best(aliased, source_folder)
        return None


def _best(paths: Iterable[str], source_folder: str) -> str:
    """Same folder as the linking note first, then the shortest path, then alphabetical."""
    return min(paths, key=lambda p: (_folder(p) != source_folder, len(p), p))


def _discard(index: dict[str, set[str]], key: str, path: str) -> None:
    paths = index.get(key)
    if paths is None:
        return
    paths.discard(path)
    if not paths:
        del index[key]
