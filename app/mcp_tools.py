"""What the MCP server's tools do, as plain functions over an opened vault (no MCP SDK here).

`VaultSession` runs one `engine.session.Session` for the server's lifetime: it opens the vault
(writer, else read-only), indexes in a background thread while tools already answer, then
keeps the index in step with the vault (live sync). Every tool returns JSON-safe dicts; bad
input raises `ToolInputError` with a message meant for the calling model.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import TYPE_CHECKING, Any, Literal

from engine.contradict.types import FLAG_THRESHOLD
from engine.errors import one_line
from engine.search.config import AI_TOKEN_BUDGET

if TYPE_CHECKING:
    from engine.model import IndexStats, Progress
    from engine.search.directory import NoteDirectory
    from engine.search.service import SearchFilters
    from engine.session import Session
    from engine.workspace import WorkspaceConfig

log = logging.getLogger(__name__)

SOURCES = ("semantic", "text", "graph")
MAX_SEARCH_LIMIT = 50
MAX_CONTRADICTIONS = 500
MAX_RELATED = 200
MAX_NOTE_CHARS = 200_000  # get_note returns at most this much text (the rest is cut, flagged)

IndexState = Literal["indexing", "ready", "failed", "read_only"]


class ToolInputError(ValueError):
    """The caller asked for something the tool refuses (bad path, bad date, ...)."""


def _warning(kind: str, message: str, impact: str) -> dict[str, Any]:
    return {"source": None, "kind": kind, "message": message, "impact": impact}


@dataclass(frozen=True)
class IndexStatus:
    state: IndexState
    first_index: bool  # the index was empty when the server started
    done: int = 0
    total: int = 0
    error: str = ""

    def warnings(self) -> list[dict[str, Any]]:
        """Warnings every answer carries while the index is not complete and current."""
        if self.state == "indexing":
            what = (
                "the first index of this vault is still being built"
                if self.first_index
                else "the index is catching up with changes made while the server was off"
            )
            progress = f" ({self.done} of {self.total} notes so far)" if self.total else ""
            return [
                _warning(
                    "index_incomplete",
                    what + progress,
                    "results are partial: they come only from the notes indexed so far; "
                    "ask again later for complete results",
                )
            ]
        if self.state == "failed":
            return [
                _warning(
                    "index_failed",
                    f"indexing the vault failed: {self.error}",
                    "results come from the index as it was; recent changes may be missing",
                )
            ]
        if self.state == "read_only":
            return [
                _warning(
                    "read_only",
                    "another Consilience process is indexing this vault; this server only "
                    "reads its index and does not update it",
                    "results reflect that process's index; notes it has not indexed yet "
                    "are missing",
                )
            ]
        return []


class VaultSession:
    """One vault opened for the MCP tools. Call `start()`, then the tools, then `close()`."""

    def __init__(self, config: WorkspaceConfig, *, search_timeout_s: float = 2.0) -> None:
        self._config = config
        self._search_timeout_s = search_timeout_s
        self._session: Session | None = None
        self._thread: threading.Thread | None = None
        self._closing = threading.Event()
        self._lock = threading.Lock()
        self._status = IndexStatus(state="indexing", first_index=False)
        self._notes_dir: NoteDirectory | None = None

    # -- lifecycle --------------------------------------------------------------------------

    def start(self, *, background: bool = True) -> None:
        """Open the index (writer if possible, else read-only) and start indexing it in a
        background thread. Returns as soon as the stores are open."""
        from engine.session import Session

        session = Session.open(self._config, search_timeout_s=self._search_timeout_s)
        self._session = session
        if session.locked_elsewhere:
            log.warning("another process is indexing this vault: serving the index read-only")
        if session.read_only:
            self._status = IndexStatus(state="read_only", first_index=False)
        else:
            self._status = IndexStatus(state="indexing", first_index=session.indexed_notes() == 0)
        if background:
            self._thread = threading.Thread(
                target=self._background, name="consilience-index", daemon=True
            )
            self._thread.start()
        else:
            self._background()

    def _background(self) -> None:
        """Warm the model, index what changed, then follow the vault (the single writer)."""
        session = self._engine()
        try:
            started = time.perf_counter()
            session.warm_up()
            log.info("search model loaded in %.1f s", time.perf_counter() - started)
        except Exception as exc:  # semantic search reports its own failure per query
            log.warning("search by meaning is unavailable: %s", exc)
        if session.read_only or self._closing.is_set():
            return
        try:
            stats = session.sync(progress=self._progress, cancel=self._closing)
        except Exception as exc:
            log.exception("indexing failed")
            self._status = IndexStatus(
                state="failed", first_index=self._status.first_index, error=one_line(exc)
            )
        else:
            if self._closing.is_set():
                log.info("indexing stopped: the server is shutting down")
                return
            self._status = IndexStatus(state="ready", first_index=self._status.first_index)
            log.info(
                "index ready: %d notes (%d added, %d updated, %d removed) in %.1f s",
                stats.notes,
                stats.added,
                stats.updated,
                stats.removed,
                stats.seconds,
            )
        self._start_live()

    def _start_live(self) -> None:
        session = self._engine()
        if self._closing.is_set():
            return
        try:
            # catches up with what changed during the first run, then watches
            session.start_live(
                on_synced=self._synced, on_status=self._live_status, initial_sync=True
            )
            log.info("watching %s for changes", session.vault_root)
        except Exception as exc:
            log.warning("live sync failed to start: %s", exc)

    def _progress(self, p: Progress) -> None:
        if p.phase not in ("scan", "contradictions"):  # the index itself is complete
            self._status = IndexStatus(
                state="indexing", first_index=self._status.first_index, done=p.done, total=p.total
            )

    def _synced(self, stats: IndexStats) -> None:
        if stats.changed:
            log.info(
                "synced: +%d ~%d -%d >%d (%d chunks embedded, %.0f ms)",
                stats.added,
                stats.updated,
                stats.removed,
                stats.renamed,
                stats.embedded,
                stats.seconds * 1000,
            )

    def _live_status(self, state: str, message: str) -> None:
        if state == "unavailable":
            log.warning("vault unavailable: %s", message)

    def wait_ready(self, timeout_s: float | None = None) -> bool:
        """Block until the first index run ended (tests and benchmarks)."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout_s)
            return not thread.is_alive()
        return True

    def close(self, *, timeout_s: float = 10.0) -> bool:
        """Stop indexing and watching, close the stores. False if the index thread did not
        stop in time (the stores are then left open: the process should just exit; the index
        is crash-safe and the next start completes it)."""
        self._closing.set()
        session = self._session
        if session is not None:
            try:
                session.stop_live()
            except Exception as exc:
                log.warning("stopping live sync failed: %s", exc)
        thread = self._thread
        if thread is not None:
            thread.join(timeout_s)
            if thread.is_alive():
                log.warning("indexing did not stop within %.0f s; exiting anyway", timeout_s)
                return False
        if session is not None:
            session.close()
        return True

    @property
    def status(self) -> IndexStatus:
        return self._status

    @property
    def vault_root(self) -> Path:
        return self._engine().vault_root

    def _engine(self) -> Session:
        if self._session is None:
            raise RuntimeError("the vault session is not started")
        return self._session

    # -- tools ------------------------------------------------------------------------------

    def search(
        self,
        query: str,
        *,
        limit: int = 10,
        folder: str | None = None,
        tag: str | None = None,
        since: str | None = None,
        until: str | None = None,
        sources: Sequence[str] | None = None,
    ) -> dict[str, Any]:
        """The search JSON (`SearchResponse.to_dict()`), with index warnings first."""
        from engine.errors import QueryExecutionError

        if not query or not query.strip():
            raise ToolInputError("query is empty; pass the words or question to search for")
        if not 1 <= limit <= MAX_SEARCH_LIMIT:
            raise ToolInputError(f"limit must be between 1 and {MAX_SEARCH_LIMIT}")
        chosen = _check_sources(sources)
        filters = _filters(folder, tag, since, until)
        session = self._engine()
        status = self._status
        try:
            response = session.search(
                query, limit=limit, filters=filters, sources=chosen, token_budget=AI_TOKEN_BUDGET
            )
        except QueryExecutionError as exc:
            if status.state == "indexing" and status.first_index:
                raise ToolInputError(
                    f"the vault is still being indexed for the first time ({exc}); "
                    "try again in a moment"
                ) from None
            raise
        data = response.to_dict()
        data["warnings"] = [*status.warnings(), *data.get("warnings", [])]
        return data

    def contradictions(
        self, *, min_confidence: float = FLAG_THRESHOLD, limit: int = 50
    ) -> dict[str, Any]:
        """Open contradiction pairs, most confident first (like `contradictions --json`)."""
        if not 0.0 <= min_confidence <= 1.0:
            raise ToolInputError("min_confidence must be between 0 and 1")
        if not 1 <= limit <= MAX_CONTRADICTIONS:
            raise ToolInputError(f"limit must be between 1 and {MAX_CONTRADICTIONS}")
        found = self._engine().contradictions(min_confidence=min_confidence)
        out: dict[str, Any] = {
            "contradictions": [c.to_dict() for c in found[:limit]],
            "total": len(found),
        }
        warnings = self._status.warnings()
        if warnings:
            out["warnings"] = warnings
        return out

    def get_note(self, path: str) -> dict[str, Any]:
        """A note's text and metadata. Only indexed notes inside the vault; see `note_file`."""
        rel = self._known_note(path)
        file = note_file(self.vault_root, rel)
        note = self._engine().note(rel)
        assert note is not None  # _known_note checked it
        try:
            raw = file.read_bytes()
        except OSError as exc:
            raise ToolInputError(f"{rel} cannot be read: {exc.strerror or exc}") from None
        text = raw.decode("utf-8", errors="replace").lstrip("\ufeff")
        truncated = len(text) > MAX_NOTE_CHARS
        graph = self._engine().graph
        links = [
            _link_dict(link, graph.resolve(link.target, source_path=rel)) for link in note.links
        ]
        embeds = [
            _link_dict(link, graph.resolve(link.target, source_path=rel)) for link in note.embeds
        ]
        out: dict[str, Any] = {
            "path": rel,
            "title": note.title,
            "aliases": list(note.aliases),
            "tags": list(note.tags),
            "created": note.created.isoformat() if note.created else None,
            "modified": note.modified.isoformat(),
            "frontmatter": note.frontmatter,
            "headings": [{"level": h.level, "text": h.text, "line": h.line} for h in note.headings],
            "links": links,
            "embeds": embeds,
            "backlinks": graph.backlinks(rel),
            "size": note.size,
            "text": text[:MAX_NOTE_CHARS],
            "truncated": truncated,
            "warnings": [*self._status.warnings(), *(_note_warning(w) for w in note.warnings)],
        }
        return out

    def connections(self, path: str, *, limit: int = 12) -> dict[str, Any]:
        """Related notes with reasons, near-duplicates and open contradictions of one note."""
        if not 1 <= limit <= MAX_RELATED:
            raise ToolInputError(f"limit must be between 1 and {MAX_RELATED}")
        rel = self._known_note(path)
        note_file(self.vault_root, rel)  # same containment rules as get_note
        found = self._engine().connections(rel, limit=limit)
        if found is None:  # removed between the two calls
            raise ToolInputError(f"{rel} is no longer an indexed note")
        data = found.to_dict()
        data["warnings"] = [
            *self._status.warnings(),
            *(
                _warning("connections_partial", w, "some related notes may be missing")
                for w in found.warnings
            ),
        ]
        return data

    def related(self, path: str, *, hops: int = 1, limit: int = 50) -> dict[str, Any]:
        """Graph neighbours of a note: links both ways, embeds, shared tags, 2-hop links."""
        if not 1 <= hops <= 2:
            raise ToolInputError("hops must be 1 or 2")
        if not 1 <= limit <= MAX_RELATED:
            raise ToolInputError(f"limit must be between 1 and {MAX_RELATED}")
        rel = self._known_note(path)
        note_file(self.vault_root, rel)  # same containment rules as get_note
        graph = self._engine().graph
        notes = self._directory().snapshot()
        me = notes.get(rel)
        entries: dict[str, list[dict[str, Any]]] = {}
        order: dict[str, tuple[int, int]] = {}
        for other, relation in graph.neighbors(rel, hops=hops):
            distance = int(relation.split(":", 1)[1]) if relation.startswith("hops:") else 1
            kind = "linked_within_hops" if relation.startswith("hops:") else relation
            entries.setdefault(other, []).append({"kind": kind, "via": None, "hops": distance})
            order[other] = (0 if distance == 1 else 2, 0)
        # direct links in both directions: neighbors() keeps one relation per note
        if me is not None:
            for other in sorted(me.links_out):
                kinds = {e["kind"] for e in entries.get(other, [])}
                if "links_to" not in kinds and "embeds" not in kinds:
                    entries.setdefault(other, []).append(
                        {"kind": "links_to", "via": None, "hops": 1}
                    )
                    order[other] = (0, 0)
        for other in graph.backlinks(rel):
            kinds = {e["kind"] for e in entries.get(other, [])}
            if not kinds & {"linked_from", "embedded_by"}:
                entries.setdefault(other, []).append(
                    {"kind": "linked_from", "via": None, "hops": 1}
                )
                order[other] = (0, 0)
        my_tags = set(me.tags) if me is not None else set()
        if my_tags:  # from the directory's tag index, not a walk over every note
            index = self._directory().filter_index()
            shared: dict[str, int] = {}
            for tag in sorted(my_tags):
                for other in sorted(index.tagged(tag)):
                    if other == rel or other not in notes:
                        continue
                    entries.setdefault(other, []).append(
                        {"kind": "shares_tag", "via": tag, "hops": 1}
                    )
                    shared[other] = shared.get(other, 0) + 1
            for other, count in shared.items():
                rank, _ = order.get(other, (1, 0))
                order[other] = (min(rank, 1), -count)
        ranked = sorted(entries, key=lambda p: (*order.get(p, (3, 0)), p))
        related = [
            {
                "path": p,
                "title": notes[p].title if p in notes else PurePosixPath(p).stem,
                "relations": entries[p],
            }
            for p in ranked[:limit]
        ]
        out: dict[str, Any] = {
            "path": rel,
            "title": me.title if me is not None else PurePosixPath(rel).stem,
            "tags": sorted(my_tags),
            "related": related,
            "total": len(ranked),
            "unresolved_links": sorted(me.entities_out) if me is not None else [],
        }
        warnings = self._status.warnings()
        if warnings:
            out["warnings"] = warnings
        return out

    # -- helpers ----------------------------------------------------------------------------

    def _directory(self) -> NoteDirectory:
        from engine.search.directory import NoteDirectory

        with self._lock:
            if self._notes_dir is None:
                self._notes_dir = NoteDirectory(self._engine().graph)
            return self._notes_dir

    def _known_note(self, path: str) -> str:
        """The vault-relative path of an indexed note, or ToolInputError."""
        rel = safe_relative_path(path)
        session = self._engine()
        candidates = [rel]
        if not rel.lower().endswith(".md"):
            candidates.append(rel + ".md")
        for candidate in candidates:
            if session.note(candidate) is not None:
                return candidate
        if not rel.lower().endswith(".md") and "." in PurePosixPath(rel).name:
            raise ToolInputError(
                f"{rel} is not a note: only markdown notes of the vault are served"
            )
        hint = (
            " (the first index is still running; try again shortly)"
            if self._status.state == "indexing"
            else " (excluded, hidden, skipped or not in the vault; search for it first)"
        )
        raise ToolInputError(f"no indexed note at {rel}{hint}")


def safe_relative_path(path: str) -> str:
    """Check a caller's note path lexically: vault-relative, no '..', not absolute.

    Returns the normalised POSIX form. Raises ToolInputError otherwise.
    """
    if not isinstance(path, str) or not path.strip():
        raise ToolInputError(
            "path is empty; pass a vault-relative note path like 'Projects/Plan.md'"
        )
    if "\x00" in path:
        raise ToolInputError("path contains a NUL character")
    text = path.strip().replace("\\", "/")
    if (
        text.startswith("/")
        or text.startswith("~")
        or PureWindowsPath(path.strip()).drive
        or PureWindowsPath(path.strip()).is_absolute()
    ):
        raise ToolInputError(
            f"{path!r} is an absolute path; pass a path relative to the vault root"
        )
    parts = [p for p in PurePosixPath(text).parts if p not in ("", ".")]
    if any(p == ".." for p in parts):
        raise ToolInputError(f"{path!r} leaves the vault ('..' is not allowed)")
    if not parts:
        raise ToolInputError("path names no note")
    return "/".join(parts)


def note_file(vault_root: Path, rel: str) -> Path:
    """The file of a vault-relative note path, refusing anything that resolves outside the
    vault (symlinks included) or is not a regular file."""
    rel = safe_relative_path(rel)
    vault = vault_root.resolve()
    candidate = vault / rel
    try:
        real = candidate.resolve(strict=True)
    except FileNotFoundError:
        raise ToolInputError(f"{rel} is no longer in the vault (it was moved or deleted)") from None
    except (OSError, RuntimeError) as exc:  # RuntimeError: symlink loop (older Pythons)
        raise ToolInputError(f"{rel} cannot be opened: {exc}") from None
    if not real.is_relative_to(vault):
        raise ToolInputError(f"{rel} resolves outside the vault; it is not served")
    if not real.is_file():
        raise ToolInputError(f"{rel} is not a file")
    if real.suffix.lower() != ".md":
        raise ToolInputError(f"{rel} is not a markdown note")
    return real


def _check_sources(sources: Sequence[str] | None) -> list[str] | None:
    if not sources:
        return None
    chosen = [s.strip().lower() for s in sources if s.strip()]
    unknown = [s for s in chosen if s not in SOURCES]
    if unknown:
        raise ToolInputError(
            f"unknown source(s) {', '.join(unknown)}; choose from {', '.join(SOURCES)}"
        )
    return list(dict.fromkeys(chosen)) or None


def _filters(
    folder: str | None, tag: str | None, since: str | None, until: str | None
) -> SearchFilters:
    from engine.search.query import parse_date
    from engine.search.service import SearchFilters

    try:
        start = parse_date(since) if since else None
    except ValueError:
        raise ToolInputError(f"since {since!r} is not a date; use YYYY-MM-DD") from None
    try:
        end = parse_date(until, end=True) if until else None
    except ValueError:
        raise ToolInputError(f"until {until!r} is not a date; use YYYY-MM-DD") from None
    if start is not None and end is not None and start >= end:
        raise ToolInputError("since must be before until")
    folder = folder.strip().strip("/") if folder else None
    if folder:
        folder = safe_relative_path(folder)
    return SearchFilters(
        folder=folder or None,
        tag=tag.strip().lstrip("#") if tag and tag.strip() else None,
        since=start,
        until=end,
    )


def _link_dict(link: Any, resolved: str | None) -> dict[str, Any]:
    return {
        "target": link.target,
        "resolved_path": resolved,
        "heading": link.heading,
        "block": link.block,
        "alias": link.alias,
        "kind": link.kind,
        "line": link.line,
    }


def _note_warning(text: str) -> dict[str, Any]:
    return _warning("note_warning", text, "the note was indexed, but this part may be off")


def environment_for_server() -> None:
    """Keep third-party libraries from writing progress bars or banners anywhere."""
    os.environ.setdefault("TQDM_DISABLE", "1")
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    os.environ.setdefault("TRANSFORMERS_NO_ADVISORY_WARNINGS", "1")
    os.environ.setdefault("PYTHONWARNINGS", "ignore")
