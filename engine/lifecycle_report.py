"""What a caller is told about a vault's lifecycle, in words: the report every answer carries
(`IndexReport`: its state, progress and the warnings of partial results) and the log lines of
its events (`LogListener`). The MCP server and `consilience watch` speak through these."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from engine.lifecycle import LifecycleListener, LifecycleStatus, VaultState
from engine.search.types import SearchWarning

if TYPE_CHECKING:
    from engine.model import IndexStats
    from engine.session import Session

log = logging.getLogger(__name__)

IndexPhase = Literal["indexing", "ready", "failed", "read_only"]


def _warning(kind: str, message: str, impact: str) -> dict[str, Any]:
    """A warning about the whole index (no source), as answers carry it."""
    return SearchWarning(None, kind, message, impact).to_dict()


@dataclass(frozen=True)
class IndexReport:
    """What every answer says about the index: the lifecycle's state, read for a caller."""

    state: IndexPhase
    first_index: bool  # the index was empty when the server started
    done: int = 0
    total: int = 0
    error: str = ""
    model_ready: bool = True
    meaning_behind: bool = False  # words and links hold every note; vectors are being added
    checking_contradictions: bool = False  # the list of contradictions is not complete yet

    @classmethod
    def of(cls, status: LifecycleStatus) -> IndexReport:
        if status.state == VaultState.READ_ONLY:
            state: IndexPhase = "read_only"
        elif status.state == VaultState.FAILED:
            state = "failed"
        elif "notes not yet indexed" in status.missing:
            state = "indexing"
        else:
            state = "ready"
        return cls(
            state=state,
            first_index=status.first_index,
            done=status.done if status.phase in ("text", "embed", "write") else 0,
            total=status.total if status.phase in ("parse", "text", "embed", "write") else 0,
            error=status.error,
            model_ready=status.model_ready or status.state == VaultState.FAILED,
            meaning_behind=status.model_ready and "meaning" in status.missing,
            checking_contradictions=state == "indexing"
            or status.state == VaultState.CHECKING_CONTRADICTIONS,
        )

    def warnings(self) -> list[dict[str, Any]]:
        """Warnings every answer carries while the index is not complete and current."""
        out: list[dict[str, Any]] = []
        if not self.model_ready:
            out.append(
                _warning(
                    "warming_up",
                    "search by meaning is still loading",
                    "these are words and links matches; ask again in a moment for all three",
                )
            )
        elif self.meaning_behind:
            progress = f" ({self.done} of {self.total} notes so far)" if self.total else ""
            out.append(
                _warning(
                    "meaning_incomplete",
                    "search by meaning is still reading the vault" + progress,
                    "words and links cover every note; matches by meaning may be missing "
                    "for notes not read yet",
                )
            )
        if self.state == "indexing":
            what = (
                "the first index of this vault is still being built"
                if self.first_index
                else "the index is catching up with changes made while the server was off"
            )
            progress = f" ({self.done} of {self.total} notes so far)" if self.total else ""
            out.append(
                _warning(
                    "index_incomplete",
                    what + progress,
                    "results are partial: they come only from the notes indexed so far; "
                    "ask again later for complete results",
                )
            )
        elif self.state == "failed":
            out.append(
                _warning(
                    "index_failed",
                    f"indexing the vault failed: {self.error}",
                    "results come from the index as it was; recent changes may be missing",
                )
            )
        elif self.state == "read_only":
            out.append(
                _warning(
                    "read_only",
                    "another Consilience process is indexing this vault; this server only "
                    "reads its index and does not update it",
                    "results reflect that process's index; notes it has not indexed yet "
                    "are missing",
                )
            )
        return out

    def contradiction_warnings(self) -> list[dict[str, Any]]:
        """The warnings of a contradictions answer: the index's, and a check still running."""
        out = self.warnings()
        if self.checking_contradictions and self.state not in ("failed", "read_only"):
            out.append(
                _warning(
                    "contradictions_incomplete",
                    "the contradiction check is still running",
                    "these are the pairs found so far; ask again in a moment for the full list",
                )
            )
        return out


class LogListener(LifecycleListener):
    """The lifecycle's events, one line each: `say` for news, `warn` for problems (by default
    this module's logger at INFO and WARNING)."""

    def __init__(
        self,
        say: Callable[[str], object] = log.info,
        warn: Callable[[str], object] = log.warning,
    ) -> None:
        self.say = say
        self.warn = warn

    def opened(self, session: Session) -> None:
        if session.locked_elsewhere:
            self.warn("another process is indexing this vault: serving the index read-only")

    def index_finished(self, stats: IndexStats | None) -> None:
        if stats is not None:
            self.say(
                f"index ready: {stats.notes} notes ({stats.added} added, {stats.updated} "
                f"updated, {stats.removed} removed) in {stats.seconds:.1f} s"
            )

    def synced(self, stats: IndexStats) -> None:
        self.say(
            f"synced: +{stats.added} ~{stats.updated} -{stats.removed} >{stats.renamed} "
            f"({stats.embedded} chunks embedded, {stats.seconds * 1000:.0f} ms)"
        )

    def watching(self, on: bool) -> None:
        if on:
            self.say("watching the vault for changes")

    def notice(self, kind: str, message: str) -> None:
        self.warn(f"{kind.replace('_', ' ')}: {message}")
