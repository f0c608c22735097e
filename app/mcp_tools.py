"""What the MCP server's tools do, as plain functions over an opened vault (no MCP SDK here).

`VaultSession` runs one `engine.session.Session` for the server's lifetime: it opens the vault
(writer, else read-only), indexes in a background thread while tools already answer, then
keeps the index in step with the vault (live sync). Every tool returns JSON-safe dicts; bad
input raises `ToolInputError` with a message meant for the calling model.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Sequence
from pathlib import Path, PurePosixPath, PureWindowsPath
from typing import TYPE_CHECKING, Any

from engine.api import AI_TOKEN_BUDGET, FLAG_THRESHOLD, IndexReport, SearchWarning

if TYPE_CHECKING:
    from engine.api import SearchFilters, Session, WorkspaceConfig

log = logging.getLogger(__name__)

SOURCES = ("semantic", "text", "graph")
MAX_SEARCH_LIMIT = 50
MAX_CONTRADICTIONS = 500
MAX_RELATED = 200
MAX_NOTE_CHARS = 200_000  # get_note returns at most this much text (the rest is cut, flagged)


class ToolInputError(ValueError):
    """The caller asked for something the tool refuses (bad path, bad date, ...)."""


class VaultSession:
    """One vault opened for the MCP tools. Call `start()`, then the tools, then `close()`.
    Its life (warm-up, indexing while tools answer, live sync) is `engine.lifecycle`'s."""

    def __init__(self, config: WorkspaceConfig, *, search_timeout_s: float = 2.0) -> None:
        from engine.api import LifecycleOptions, LogListener, VaultLifecycle

        self._lifecycle = VaultLifecycle(
            config, LogListener(), LifecycleOptions(search_timeout_s=search_timeout_s)
        )
        self._session: Session | None = None

    # -- lifecycle --------------------------------------------------------------------------

    def start(self) -> None:
        """Open the index (writer if possible, else read-only), then warm up, index and
        watch in the background. Returns as soon as the stores are open (raises when the
        vault cannot be opened)."""
        self._session = self._lifecycle.open()
        self._lifecycle.run()

    def wait_ready(self, timeout_s: float | None = None) -> bool:
        """Block until the first index run ended (tests and benchmarks)."""
        return self._lifecycle.wait_indexed(timeout_s)

    def close(self, *, timeout_s: float = 10.0) -> bool:
        """Stop indexing and watching, close the stores. False if they were not closed
        within `timeout_s` (the process may just exit: the index is crash-safe and the
        next start completes it)."""
        self._lifecycle.close()
        if self._lifecycle.wait_closed(timeout_s):
            return True
        log.warning("the index did not close within %.0f s; exiting anyway", timeout_s)
        return False

    @property
    def status(self) -> IndexReport:
        return IndexReport.of(self._lifecycle.status)

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
        from engine.api import QueryExecutionError

        if not query or not query.strip():
            raise ToolInputError("query is empty; pass the words or question to search for")
        if not 1 <= limit <= MAX_SEARCH_LIMIT:
            raise ToolInputError(f"limit must be between 1 and {MAX_SEARCH_LIMIT}")
        chosen = _check_sources(sources)
        filters = _filters(folder, tag, since, until)
        session = self._engine()
        status = self.status
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
        warnings = self.status.contradiction_warnings()
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
            "board_links": [
                {
                    "path": line.other,
                    "board": line.board,
                    "label": line.label,
                    "direction": "to" if line.outgoing else "from",
                }
                for line in graph.board_links(rel)
            ],
            "size": note.size,
            "text": text[:MAX_NOTE_CHARS],
            "truncated": truncated,
            "warnings": [*self.status.warnings(), *(_note_warning(w) for w in note.warnings)],
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
            raise ToolInputError(self._not_ready(rel))
        data = found.to_dict()
        data["warnings"] = [
            *self.status.warnings(),
            *(
                SearchWarning(
                    None, "connections_partial", w, "some related notes may be missing"
                ).to_dict()
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
        found = self._engine().neighbours(rel, hops=hops, limit=limit)
        if found is None:  # removed between the two calls
            raise ToolInputError(self._not_ready(rel))
        out = found.to_dict()
        warnings = self.status.warnings()
        if warnings:
            out["warnings"] = warnings
        return out

    # -- helpers ----------------------------------------------------------------------------

    def _not_ready(self, rel: str) -> str:
        """Why a note the catalog knows has no graph entry: still being indexed, or gone."""
        status = self.status
        if status.state == "indexing":
            return (
                f"{rel} is not fully indexed yet: the first index is still running "
                f"({status.done} of {status.total} notes); try again shortly"
                if status.total
                else f"{rel} is not fully indexed yet (indexing is running); try again shortly"
            )
        return f"{rel} is no longer an indexed note"

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
            if self.status.state == "indexing"
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
    from engine.api import DATE_FORMS, SearchFilters, parse_date

    try:
        start = parse_date(since) if since else None
    except ValueError:
        raise ToolInputError(f"since {since!r} is not a date; use {DATE_FORMS}") from None
    try:
        end = parse_date(until, end=True) if until else None
    except ValueError:
        raise ToolInputError(f"until {until!r} is not a date; use {DATE_FORMS}") from None
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
    impact = "the note was indexed, but this part may be off"
    return SearchWarning(None, "note_warning", text, impact).to_dict()


def environment_for_server() -> None:
    """Keep third-party libraries from writing progress bars or banners anywhere."""
    os.environ.setdefault("TQDM_DISABLE", "1")
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    os.environ.setdefault("TRANSFORMERS_NO_ADVISORY_WARNINGS", "1")
    os.environ.setdefault("PYTHONWARNINGS", "ignore")
