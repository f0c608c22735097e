"""Parsed notes for link-graph and directory tests: a path, its links, embeds, tags and
dates, nothing else."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime

from engine.model import Link, Note

WHEN = datetime(2025, 3, 1, tzinfo=UTC)


def make_note(
    path: str,
    *,
    links: Iterable[str] = (),
    embeds: Iterable[str] = (),
    tags: tuple[str, ...] = (),
    aliases: tuple[str, ...] = (),
    title: str | None = None,
    created: datetime | None = WHEN,
    modified: datetime = WHEN,
) -> Note:
    """A note at `path` linking to `links` and embedding `embeds` (link targets as written,
    "Note#Heading" for a heading)."""
    return Note(
        path=path,
        title=title or path.rsplit("/", 1)[-1].removesuffix(".md"),
        aliases=aliases,
        tags=tags,
        links=tuple(_link(t) for t in links),
        embeds=tuple(_link(t, embed=True) for t in embeds),
        headings=(),
        frontmatter={},
        created=created,
        modified=modified,
        body="",
        content_hash="h",
        size=0,
    )


def _link(text: str, *, embed: bool = False) -> Link:
    target, _, heading = text.partition("#")
    return Link(target=target, heading=heading or None, is_embed=embed)
