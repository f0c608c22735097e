"""A read-optimised view of every note's metadata, built from the link graph.

All three sources need the same per-note facts at query time (title, aliases, tags, dates,
linked notes) for filters, excerpts and cross-references. The view is rebuilt only when the
graph's revision changes, so a query pays nothing for it in the common case.
"""

from __future__ import annotations

import re
import threading
from bisect import bisect_left
from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from engine.search.service import SearchFilters
from engine.store.pickle_cache import pickled, read_cache, write_cache

if TYPE_CHECKING:
    from engine.store.graph import LinkGraph


_WORD = re.compile(r"\w+")


def fold(text: str) -> str:
    """Case- and punctuation-insensitive form of a name: 'River-Gauge v2' -> 'river gauge v2'."""
    return " ".join(_WORD.findall(text.casefold()))


@dataclass(frozen=True)
class NoteMeta:
    path: str
    title: str
    aliases: tuple[str, ...]
    tags: tuple[str, ...]
    created: datetime | None
    modified: datetime | None
    links_out: frozenset[str]  # resolved note paths this note links to or embeds
    entities_out: frozenset[str]  # unresolved link targets (folded)
    names: tuple[tuple[str, str, str], ...] = ()  # (label, name, folded name), precomputed
    embeds_only: frozenset[str] = frozenset()  # of `links_out`: embedded, never linked

    @property
    def folder(self) -> str:
        return self.path.rsplit("/", 1)[0] if "/" in self.path else ""

    @property
    def stem(self) -> str:
        name = self.path.rsplit("/", 1)[-1]
        return name[:-3] if name.lower().endswith(".md") else name

    @property
    def entities(self) -> tuple[str, ...]:
        """Graph entities this note mentions, as keys comparable with query entities."""
        keys = [f"note:{self.path}"]
        keys += [f"note:{p}" for p in sorted(self.links_out)]
        keys += [f"tag:{t}" for t in self.tags]
        keys += [f"entity:{e}" for e in sorted(self.entities_out)]
        return tuple(keys)

    @property
    def date(self) -> datetime | None:
        """The note's own date, what a date filter reads: its frontmatter `created`/`date`
        or daily-note file name when it has one, else its file's modification time (a note
        dated 2025 in its frontmatter but saved yesterday is a 2025 note)."""
        return self.created if self.created is not None else self.modified

    def matches(self, filters: SearchFilters) -> bool:
        if not filters.folder_matches(self.path) or not filters.tag_matches(self.tags):
            return False
        rng = filters.date_range
        return rng is None or rng.contains(self.date)


FILTER_CACHE = 32  # filter -> allowed-notes answers kept per graph revision


class FilterIndex:
    """Which notes a filter allows, answered from indexes instead of a walk over every note.

    Built once per directory revision: folder -> notes (every ancestor folder included),
    tag -> notes (parents of nested tags included, as `SearchFilters.tag_matches` reads them),
    and the notes sorted by their date (`NoteMeta.date`) for date ranges.
    """

    def __init__(self, notes: dict[str, NoteMeta]) -> None:
        self.folders: frozenset[str] = frozenset(m.folder for m in notes.values())
        by_folder: dict[str, set[str]] = {}
        by_tag: dict[str, set[str]] = {}
        exact_tag: dict[str, set[str]] = {}
        for path, meta in notes.items():
            parts = path.split("/")[:-1]
            for i in range(1, len(parts) + 1):
                by_folder.setdefault("/".join(parts[:i]), set()).add(path)
            for tag in meta.tags:
                exact_tag.setdefault(tag, set()).add(path)
                pieces = tag.split("/")  # as stored: tag_matches compares case-sensitively
                for i in range(1, len(pieces) + 1):
                    by_tag.setdefault("/".join(pieces[:i]), set()).add(path)
        self._by_folder = {k: frozenset(v) for k, v in by_folder.items()}
        self._by_tag = {k: frozenset(v) for k, v in by_tag.items()}
        self._exact_tag = {k: frozenset(v) for k, v in exact_tag.items()}
        self.total = len(notes)
        self._dated = sorted((_micros(m.date), p) for p, m in notes.items() if m.date is not None)
        self._all = frozenset(notes)
        self._cache: OrderedDict[tuple[object, ...], frozenset[str]] = OrderedDict()
        self._lock = threading.Lock()

    def tagged(self, tag: str) -> frozenset[str]:
        """The notes carrying exactly `tag` (as stored; nested children not included)."""
        return self._exact_tag.get(tag, frozenset())

    def allowed(self, filters: SearchFilters) -> frozenset[str] | None:
        """The notes every filter in `filters` lets through; None when nothing filters."""
        rng = filters.date_range
        if not (filters.folder or filters.tag or rng):
            return None
        key = (filters.folder, filters.tag, filters.since, filters.until)
        with self._lock:
            hit = self._cache.get(key)
            if hit is not None:
                self._cache.move_to_end(key)
                return hit
        out = self._all
        if filters.folder:
            prefix = filters.folder.strip("/")
            inside = self._by_folder.get(prefix, frozenset())
            out = out & (inside | {prefix}) if prefix in out else out & inside
        if filters.tag:
            out = out & self._by_tag.get(filters.tag.lstrip("#").lower(), frozenset())
        if rng is not None:
            lo = _micros(rng.since) if rng.since is not None else -(2**63)
            hi = _micros(rng.until) if rng.until is not None else 2**63
            rows = self._dated
            start = bisect_left(rows, (lo, ""))
            end = bisect_left(rows, (hi, ""))
            out = out & frozenset(path for _, path in rows[start:end])
        with self._lock:
            self._cache[key] = out
            while len(self._cache) > FILTER_CACHE:
                self._cache.popitem(last=False)
        return out


@dataclass(frozen=True)
class DirectoryCache:
    """Where the directory of a freshly loaded graph is kept between processes, and the
    stamp (the index's generation) it must carry to be used: a one-shot search then skips
    building it (a quarter of a second at 10k notes)."""

    path: Path
    stamp: str

    def load(self) -> dict[str, NoteMeta] | None:
        """The saved directory when it carries `stamp`, else None. Never raises."""
        loaded = read_cache(self.path, _admitted)
        if not isinstance(loaded, tuple) or len(loaded) != 3:  # missing, or not `save`'s
            return None
        fmt, stamp, notes = loaded
        if fmt != _CACHE_FORMAT or stamp != self.stamp or not isinstance(notes, dict):
            return None
        return notes

    def save(self, notes: dict[str, NoteMeta]) -> None:
        """Keep `notes` for the next process. Never raises."""
        write_cache(self.path, pickled((_CACHE_FORMAT, self.stamp, notes)))


_CACHE_FORMAT = "consilience.directory.2"
_ADMITTED = {
    ("builtins", "frozenset"),
    ("builtins", "set"),
    ("datetime", "datetime"),
    ("datetime", "timezone"),
    ("datetime", "timedelta"),
}


def _admitted(module: str, name: str) -> bool:
    """What `DirectoryCache.save` pickles: containers, datetimes and `NoteMeta`."""
    return (module, name) in _ADMITTED or (module, name) == (__name__, "NoteMeta")


LINKS_TO, EMBEDS = "links_to", "embeds"  # the link graph's relations between notes


@dataclass(frozen=True)
class LinkSteps:
    """One link step between the notes of a directory snapshot, either way: what
    `LinkGraph.neighbors(path, hops=1)` answers, read from the snapshot alone, so a search
    that expands the notes a query names never needs the graph itself (decision 0019)."""

    notes: dict[str, NoteMeta]
    linked_from: dict[str, tuple[str, ...]]  # path -> the notes linking to or embedding it

    @classmethod
    def build(cls, notes: dict[str, NoteMeta]) -> LinkSteps:
        incoming: dict[str, list[str]] = {}
        for path, meta in notes.items():
            for target in meta.links_out:
                incoming.setdefault(target, []).append(path)
        return cls(notes, {path: tuple(sources) for path, sources in incoming.items()})

    def neighbours(self, path: str) -> list[tuple[str, str]]:
        """The notes one link away from `path`, by path, each with the strongest relation
        between them: links_to, embeds (from `path`), then linked_from, embedded_by."""
        me = self.notes.get(path)
        if me is None:
            return []
        best = {o: EMBEDS if o in me.embeds_only else LINKS_TO for o in me.links_out}
        for other in self.linked_from.get(path, ()):
            if other not in best and other != path:
                embeds = path in self.notes[other].embeds_only
                best[other] = "embedded_by" if embeds else "linked_from"
        return sorted(best.items())


class NoteDirectory:
    """path -> NoteMeta, kept in step with a LinkGraph (rebuilt when its revision moves).
    With a `cache`, the graph's first revision (as loaded) is read from it, or built and
    saved there."""

    def __init__(self, graph: LinkGraph, *, cache: DirectoryCache | None = None) -> None:
        self._graph = graph
        self._cache_file = cache
        self._lock = threading.Lock()
        self._revision = -1
        self._notes: dict[str, NoteMeta] = {}
        self._index: FilterIndex | None = None

    def snapshot(self) -> dict[str, NoteMeta]:
        with self._lock:
            self._refresh()
            return self._notes

    def filter_index(self) -> FilterIndex:
        """Indexes over the current snapshot for answering filters (built on first use)."""
        with self._lock:
            self._refresh()
            if self._index is None:
                self._index = FilterIndex(self._notes)
            return self._index

    def allowed(self, filters: SearchFilters) -> frozenset[str] | None:
        """Paths of the notes `filters` allows (None: no filter is set)."""
        if not (filters.folder or filters.tag or filters.date_range):
            return None
        return self.filter_index().allowed(filters)

    def get(self, path: str) -> NoteMeta | None:
        return self.snapshot().get(path)

    def _refresh(self) -> None:
        revision = self._graph.revision
        if revision != self._revision:
            cache = self._cache_file if revision == 0 else None  # the graph as loaded
            notes = cache.load() if cache is not None else None
            if notes is None:
                notes = _build(self._graph)
                if cache is not None:
                    cache.save(notes)
            self._notes = notes
            self._index = None
            self._revision = revision


def _build(graph: LinkGraph) -> dict[str, NoteMeta]:
    g = graph.graph
    succ = g.succ  # node -> {neighbour: {key: edge data}}: no edge view per note
    out: dict[str, NoteMeta] = {}
    for node, attrs in list(g.nodes(data=True)):
        if attrs.get("kind") != "note":
            continue
        tags: list[str] = []
        links: set[str] = set()
        embeds: set[str] = set()
        entities: set[str] = set()
        for v, keyed in succ[node].items():
            for data in keyed.values():
                rel = data.get("relation")
                if rel == "tagged":
                    tags.append(v.removeprefix("tag:"))
                elif rel in (LINKS_TO, EMBEDS):
                    if v.startswith("note:"):
                        (links if rel == LINKS_TO else embeds).add(v.removeprefix("note:"))
                    elif v.startswith("entity:"):
                        entities.add(v.removeprefix("entity:"))
        path = str(attrs["path"])
        title = str(attrs.get("title") or "")
        aliases = tuple(str(a) for a in attrs.get("aliases") or ())
        stem = path.rsplit("/", 1)[-1]
        stem = stem[:-3] if stem.lower().endswith(".md") else stem
        names = [("title", title), ("file name", stem), *(("alias", a) for a in aliases)]
        out[path] = NoteMeta(
            path=path,
            title=title,
            aliases=aliases,
            tags=tuple(sorted(set(tags))),
            created=_parse_dt(attrs.get("created")),
            modified=_parse_dt(attrs.get("modified")),
            links_out=frozenset((links | embeds) - {path}),
            entities_out=frozenset(entities),
            names=tuple((label, name, fold(name)) for label, name in names if fold(name)),
            embeds_only=frozenset(embeds - links - {path}),
        )
    return out


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _micros(moment: datetime) -> int:
    """Exact microseconds since the epoch (a float timestamp loses them after ~2250)."""
    aware = moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    return (aware - _EPOCH) // timedelta(microseconds=1)


def _parse_dt(value: object) -> datetime | None:
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=UTC)
    if not isinstance(value, str) or not value:
        return None
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)
