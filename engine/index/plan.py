"""Planning a sync: which files changed, were added, renamed, removed or left as they are,
decided from the catalog's manifest and the files' stat and content hash, before any store is
touched."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from engine.model import Note, Progress, SkippedFile
from engine.vault.documents import DocumentLimits, read_document
from engine.vault.ignore import VaultFilter
from engine.vault.pdf_text import STOPPED_REASON
from engine.vault.scan import FileStat, check_note_file

if TYPE_CHECKING:
    from engine.store.catalog import Catalog

ProgressCallback = Callable[[Progress], None]


@dataclass
class Plan:
    """What one sync has to do, before any store is touched."""

    changed: list[tuple[Note, int]] = field(default_factory=list)  # (note, mtime_ns)
    added: set[str] = field(default_factory=set)
    updated: set[str] = field(default_factory=set)
    renamed: dict[str, str] = field(default_factory=dict)  # new path -> old path
    removed: set[str] = field(default_factory=set)
    unchanged: int = 0
    touched: list[tuple[str, int, int]] = field(default_factory=list)  # path, mtime_ns, size
    skipped: list[SkippedFile] = field(default_factory=list)
    warnings: list[SkippedFile] = field(default_factory=list)
    stopped: bool = False  # a stop request cut the reading short: only `changed` is whole


def scan_paths(
    root: Path, paths: set[str], vault_filter: VaultFilter
) -> tuple[dict[str, FileStat], list[SkippedFile], set[str]]:
    """Stat just the given vault-relative paths (a watcher's batch)."""
    files: dict[str, FileStat] = {}
    skipped: list[SkippedFile] = []
    universe: set[str] = set()
    real_root = os.path.realpath(root)
    for rel in paths:
        if not vault_filter.is_document(rel):
            continue
        universe.add(rel)
        if _is_hidden(rel) or vault_filter.is_excluded(rel):
            continue
        full = os.path.join(root, *rel.split("/"))
        if not os.path.lexists(full):
            continue
        if os.path.isdir(full):
            continue
        result = check_note_file(real_root, full, rel, is_link=os.path.islink(full))
        if isinstance(result, SkippedFile):
            skipped.append(result)
        else:
            files[rel] = result
    return files, skipped, universe


def plan_sync(
    catalog: Catalog,
    root: Path,
    *,
    limits: DocumentLimits,
    files: dict[str, FileStat],
    universe: set[str] | None,
    report: ProgressCallback,
    should_stop: Callable[[], bool] | None = None,
) -> Plan:
    """What a sync of `files` has to do (`universe`: the paths a partial sync looks at,
    None for the whole vault), reading the notes that changed. `should_stop` is asked before
    each document and between a PDF's pages: a stop keeps the documents read so far and
    marks the plan `stopped` (removals and renames are then left to the next sync)."""
    plan = Plan()
    # A watcher's few paths need their own rows, not all 10k (0.1 s per save at 10k).
    manifest = catalog.notes.manifest(None if universe is None else universe | set(files))
    in_scope = manifest.keys() if universe is None else (universe & manifest.keys())
    gone = {p for p in in_scope if p not in files}

    to_read = []
    for rel, st in files.items():
        rec = manifest.get(rel)
        if (
            rec is not None
            and rec.status == "indexed"
            and rec.mtime_ns == st.mtime_ns
            and rec.size == st.size
        ):
            plan.unchanged += 1
        else:
            to_read.append(rel)

    gone_by_hash: dict[str, list[str]] = {}
    for old in sorted(gone):
        gone_by_hash.setdefault(manifest[old].content_hash, []).append(old)

    total = len(to_read)
    for done, rel in enumerate(sorted(to_read), start=1):
        if should_stop is not None and should_stop():
            plan.stopped = True
            break
        result = read_document(root, rel, limits, should_stop=should_stop)
        if isinstance(result, SkippedFile) and result.reason == STOPPED_REASON:
            plan.stopped = True  # a PDF cut short between its pages: read again next time
            break
        if done % 50 == 0 or done == total:
            report(Progress(phase="parse", done=done, total=total, path=rel))
        if isinstance(result, SkippedFile):
            plan.skipped.append(result)
            if rel in manifest:
                gone.add(rel)
            continue
        note = result
        st = files[rel]
        rec = manifest.get(rel)
        if note.warnings:
            plan.warnings.append(SkippedFile(path=rel, reason="; ".join(note.warnings)))
        if rec is not None and rec.content_hash == note.content_hash:
            if rec.status == "indexed":
                plan.unchanged += 1
                plan.touched.append((rel, st.mtime_ns, st.size))
                continue
            plan.updated.add(rel)  # a pending note from an interrupted run: redo it
        elif rec is not None:
            plan.updated.add(rel)
        else:
            olds = gone_by_hash.get(note.content_hash)
            if olds:
                plan.renamed[rel] = olds.pop(0)
            else:
                plan.added.add(rel)
        plan.changed.append((note, st.mtime_ns))
    # a plan cut short has not met every rename yet: its removals wait for the next sync
    plan.removed = set() if plan.stopped else gone - set(plan.renamed.values())
    return plan


def _is_hidden(rel: str) -> bool:
    return any(part.startswith(".") for part in rel.split("/"))
