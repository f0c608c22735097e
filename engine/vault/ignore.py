"""Which files of a vault are indexed: the document kinds (notes, canvases, PDFs) and the
user's "Excluded files" (`userIgnoreFilters` in `.obsidian/app.json`), Obsidian-style.

An entry written as `/.../` is a regular expression searched anywhere in the vault-relative
path; any other entry is a path prefix ("Archive/", "Templates", "Daily/2019").
A missing or broken app.json simply means no filters (with a warning for the broken case).
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

log = logging.getLogger(__name__)

NOTE_SUFFIX = ".md"
CANVAS_SUFFIX = ".canvas"
PDF_SUFFIX = ".pdf"
#: every kind of document a vault is read for: markdown notes, Canvas boards, PDFs
DOCUMENT_SUFFIXES = (NOTE_SUFFIX, CANVAS_SUFFIX, PDF_SUFFIX)


def document_kinds(*, pdfs: bool = True, canvases: bool = True) -> tuple[str, ...]:
    """The suffixes of the documents read: notes always, boards and PDFs unless turned off."""
    return (
        NOTE_SUFFIX,
        *((CANVAS_SUFFIX,) if canvases else ()),
        *((PDF_SUFFIX,) if pdfs else ()),
    )


APP_JSON = Path(".obsidian") / "app.json"
_MAX_APP_JSON_BYTES = 1_000_000


@dataclass(frozen=True)
class VaultFilter:
    """Which vault-relative paths are documents (`suffixes`) and which the user excluded."""

    prefixes: tuple[str, ...] = ()
    patterns: tuple[re.Pattern[str], ...] = ()
    warnings: tuple[str, ...] = field(default=(), compare=False)
    suffixes: tuple[str, ...] = DOCUMENT_SUFFIXES  # lower-case; markdown is always one

    @classmethod
    def load(
        cls,
        root: Path,
        extra_excludes: Iterable[str] = (),
        *,
        suffixes: tuple[str, ...] = DOCUMENT_SUFFIXES,
    ) -> VaultFilter:
        """Read the vault's filters from `.obsidian/app.json`, plus `extra_excludes` (same
        syntax). Never raises: problems become `warnings`."""
        warnings: list[str] = []
        entries: list[str] = []
        app_json = root / APP_JSON
        try:
            if app_json.stat().st_size > _MAX_APP_JSON_BYTES:
                raise ValueError("file is too large")
            data = json.loads(app_json.read_text(encoding="utf-8-sig"))
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
            filters = data.get("userIgnoreFilters") or []
            if not isinstance(filters, list):
                raise ValueError("'userIgnoreFilters' is not a list")
            entries.extend(f for f in filters if isinstance(f, str))
        except FileNotFoundError:
            pass
        except (OSError, ValueError) as err:  # json.JSONDecodeError is a ValueError
            message = f"ignoring excluded-files settings in {APP_JSON.as_posix()}: {err}"
            log.warning("%s", message)
            warnings.append(message)
        entries.extend(extra_excludes)
        return replace(cls.from_entries(entries, warnings=warnings), suffixes=suffixes)

    @classmethod
    def from_entries(cls, entries: Iterable[str], *, warnings: Iterable[str] = ()) -> VaultFilter:
        """Build a filter from Obsidian-style entries."""
        prefixes: list[str] = []
        patterns: list[re.Pattern[str]] = []
        problems = list(warnings)
        for entry in entries:
            if len(entry) > 2 and entry.startswith("/") and entry.endswith("/"):
                try:
                    patterns.append(re.compile(entry[1:-1]))
                except re.error as err:
                    message = f"excluded-files pattern {entry!r} is not a valid regex ({err})"
                    log.warning("%s", message)
                    problems.append(message)
                continue
            prefix = entry.replace("\\", "/").lstrip("/")
            if prefix.strip():
                prefixes.append(prefix)
        return cls(tuple(dict.fromkeys(prefixes)), tuple(patterns), tuple(problems))

    def is_document(self, name: str) -> bool:
        """Is a file of this name (or vault-relative path) one the index reads: visible, with
        one of `suffixes` (any case), and more than the suffix?"""
        base = name.rsplit("/", 1)[-1]
        lower = base.lower()
        return not base.startswith(".") and any(
            lower.endswith(s) and len(base) > len(s) for s in self.suffixes
        )

    def is_excluded(self, rel_path: str) -> bool:
        """Is this vault-relative POSIX path (file, or folder ending in '/') excluded?"""
        if rel_path.startswith(self.prefixes):
            return True
        return any(p.search(rel_path) for p in self.patterns)

    def is_folder_excluded(self, rel_folder: str) -> bool:
        """Is everything under this folder excluded (so the scan need not enter it)?

        Only prefixes can say so: a regex may match a folder's path and still not match
        every file below it.
        """
        folder = rel_folder.rstrip("/") + "/"
        return folder.startswith(self.prefixes)
