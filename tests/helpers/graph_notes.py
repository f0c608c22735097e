"""Parsed notes for link-graph tests: a path, its links and its embeds, nothing else."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime

from engine.model import Link, Note

WHEN = datetime(2025, 3, 1, tzinfo=UTC)


def make_note(path: str, *, links: Iterable[str] = (), embeds: Iterable[str] = ()) -> Note:
    """A note at `path` linking to `links` and embedding `embeds` (link targets as written)."""
    return Note(
        path=path,
        title=path.rsplit("/", 1)[-1].removesuffix(".md"),
        aliases=(),
        tags=(),
        links=tuple(Link(target=t) for t in links),
        embeds=tuple(Link(target=t, is_embed=True) for t in embeds),
        headings=(),
        frontmatter={},
        created=WHEN,
        modified=WHEN,
        body="",
        content_hash="h",
        size=0,
    )
