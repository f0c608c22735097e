"""The link graph: notes, tags and unresolved link targets, kept in sync note by note.

Nodes (attribute `kind`):
- `note:<path>`   kind="note", path, title, created (ISO or None), modified (ISO), aliases
- `tag:<name>`    kind="tag", name; a nested tag `a/b` has an edge `subtag_of` to `tag:a`
- `entity:<key>`  kind="entity", name (folded target), label (as first written): a link
                  target that names no note (yet)

A Canvas board's note node also keeps `board_edges`: its lines between two file cards
([from, to, label], as written), read back as note-to-note links by `board_links`.

Edges (attribute `relation`): `links_to` and `embeds` (note -> note or entity; data:
link_target (as written), heading, block, alias, kind, line, count), `tagged` (note -> tag),
`subtag_of` (tag -> parent tag).

Resolution is incremental. Every link is indexed under the keys a note would need to answer
it (its file name, its full text); every note under the keys that links reach it by (its
file name, its aliases). Adding, changing or removing a note re-resolves only the notes
whose links share one of those keys, or that linked to it, never the whole vault.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import networkx as nx

from engine.errors import EngineError
from engine.model import Link, Note
from engine.paths import graph_cache_path
from engine.store.pickle_cache import pickled, read_cache, write_cache
from engine.vault.documents import document_kind
from engine.vault.resolve import (
    LinkResolver,
    is_attachment,
    link_keys,
    normalize_target,
    note_keys,
)

log = logging.getLogger(__name__)

FORMAT = "consilience.linkgraph"
VERSION = 1
#: The fast cache `save` writes beside the JSON: the graph and its indexes, pickled.
CACHE_FORMAT = "consilience.linkgraph.cache"

LINKS_TO = "links_to"
EMBEDS = "embeds"
TAGGED = "tagged"
SUBTAG_OF = "subtag_of"
LINK_RELATIONS = frozenset({LINKS_TO, EMBEDS})
_REVERSE = {LINKS_TO: "linked_from", EMBEDS: "embedded_by"}


#: A board's node attribute: its lines between two file cards, [from, to, label] as written.
BOARD_EDGES = "board_edges"


@dataclass(frozen=True)
class BoardLink:
    """A line on a Canvas board between two notes it shows, seen from one of them."""

    other: str  # the note at the line's other end
    board: str  # the board's path
    label: str  # the line's label ("" when none)
    outgoing: bool  # the line leaves the note it is seen from


def note_node(path: str) -> str:
    return f"note:{path}"


def tag_node(name: str) -> str:
    return f"tag:{name}"


def entity_node(key: str) -> str:
    return f"entity:{key}"


class LinkGraph:
    """A networkx MultiDiGraph of the vault's notes, tags and links. Thread-safe methods;
    the `graph` view is for reading and is not locked."""

    def __init__(self) -> None:
        self._g: nx.MultiDiGraph[str] = nx.MultiDiGraph()
        self._view: nx.MultiDiGraph[str] = self._g.copy(as_view=True)
        self._resolver = LinkResolver()
        self._links_by_key: dict[str, set[str]] = {}  # link key -> source paths
        self._source_keys: dict[str, tuple[str, ...]] = {}  # source path -> its link keys
        self._note_keys: dict[str, tuple[str, ...]] = {}  # note path -> keys reaching it
        self._lock = threading.RLock()
        self._revision = 0  # bumped on every change, so readers can cache derived views
        self._one_hop: dict[str, tuple[tuple[str, str], ...]] = {}  # node -> link neighbours
        self._one_hop_revision = -1
        self.from_cache = False  # loaded from the cache `save` writes (not the JSON)

    # --- reading --------------------------------------------------------------------------

    @property
    def graph(self) -> nx.MultiDiGraph[str]:
        """A read-only view of the underlying graph (it follows later changes)."""
        return self._view

    @property
    def revision(self) -> int:
        """A number that changes whenever the graph does."""
        return self._revision

    def notes(self) -> set[str]:
        with self._lock:
            return set(self._note_keys)

    def __contains__(self, path: object) -> bool:
        return path in self._note_keys

    def resolve(self, target: str, *, source_path: str) -> str | None:
        """Which note `target` names when written in `source_path` (None if none)."""
        with self._lock:
            return self._resolver.resolve(target, source_path=source_path)

    def backlinks(self, path: str) -> list[str]:
        """Notes that link to or embed `path`, sorted."""
        with self._lock:
            return sorted(self._incoming_sources(path) - {path})

    def board_links(self, path: str) -> list[BoardLink]:
        """Notes joined to `path` by a line on a Canvas board that shows both, in board
        order: the line's other end, the board, its label, and whether it leaves `path`."""
        with self._lock:
            node = note_node(path)
            if node not in self._g:
                return []
            boards = sorted(
                {
                    u
                    for u, _v, data in self._g.in_edges(node, data=True)
                    if data.get("relation") in LINK_RELATIONS and self._g.nodes[u].get(BOARD_EDGES)
                }
            )
            out: list[BoardLink] = []
            for board_node in boards:
                board = board_node.removeprefix("note:")
                for start, end, label in self._g.nodes[board_node][BOARD_EDGES]:
                    a = self._resolver.resolve(str(start), source_path=board)
                    b = self._resolver.resolve(str(end), source_path=board)
                    if a == path and b is not None and b != path:
                        out.append(BoardLink(b, board, str(label), outgoing=True))
                    elif b == path and a is not None and a != path:
                        out.append(BoardLink(a, board, str(label), outgoing=False))
            return out

    def neighbors(self, path: str, *, hops: int = 1) -> list[tuple[str, str]]:
        """Notes within `hops` link steps of `path` (either direction), nearest first.

        The relation is `links_to`, `linked_from`, `embeds` or `embedded_by` for direct
        neighbours (a link in both directions gives `links_to`), and `hops:<n>` further out.
        """
        with self._lock:
            start = note_node(path)
            if start not in self._g or hops < 1:
                return []
            if hops == 1:
                return [(n.removeprefix("note:"), r) for n, r in self._direct(start) if n != start]
            seen = {start}
            frontier = [start]
            result: list[tuple[str, str]] = []
            for hop in range(1, hops + 1):
                found: dict[str, str] = {}
                for node in frontier:
                    for neighbor, relation in self._direct(node):
                        if neighbor in seen:
                            continue
                        found[neighbor] = relation if hop == 1 else f"hops:{hop}"
                for neighbor in sorted(found):
                    seen.add(neighbor)
                    result.append((neighbor.removeprefix("note:"), found[neighbor]))
                frontier = sorted(found)
                if not frontier:
                    break
            return result

    def _direct(self, node: str) -> tuple[tuple[str, str], ...]:
        """Link neighbours of `node` with the strongest relation each (a link both ways reads
        `links_to`), remembered until the graph changes: queries walk the same hubs often."""
        if self._one_hop_revision != self._revision:
            self._one_hop.clear()
            self._one_hop_revision = self._revision
        cached = self._one_hop.get(node)
        if cached is None:
            best: dict[str, str] = {}
            for neighbor, relation in self._link_neighbors(node):
                current = best.get(neighbor)
                if current is None or _RELATION_ORDER[relation] < _RELATION_ORDER[current]:
                    best[neighbor] = relation
            cached = tuple(sorted(best.items()))
            self._one_hop[node] = cached
        return cached

    def _link_neighbors(self, node: str) -> Iterable[tuple[str, str]]:
        for _u, v, data in self._g.out_edges(node, data=True):
            if data.get("relation") in LINK_RELATIONS and v.startswith("note:"):
                yield v, data["relation"]
        for u, _v, data in self._g.in_edges(node, data=True):
            if data.get("relation") in LINK_RELATIONS and u.startswith("note:"):
                yield u, _REVERSE[data["relation"]]

    # --- changing ---------------------------------------------------------------------------

    def upsert_note(self, note: Note) -> None:
        """Add a note or replace what the graph knows about it, re-resolving affected links."""
        with self._lock:
            self._revision += 1
            path = note.path
            existed = path in self._note_keys
            old_keys = self._note_keys.get(path, ())
            incoming = self._incoming_sources(path) if existed else set()
            orphans = self._drop_out_edges(path)

            self._resolver.add(path, note.aliases)
            new_keys = note_keys(path, note.aliases)
            self._note_keys[path] = new_keys
            self._g.add_node(note_node(path), **_note_attrs(note))
            self._add_tags(path, note.tags)
            self._add_links(path, note.links, note.embeds)

            if not existed or old_keys != new_keys:
                affected = incoming | self._sources_for(old_keys) | self._sources_for(new_keys)
                affected.discard(path)
                for source in sorted(affected):
                    orphans |= self._reresolve(source)
            self._collect(orphans)

    def remove_note(self, path: str) -> None:
        """Forget a note; links that pointed at it fall back to an entity (or another note)."""
        with self._lock:
            self._revision += 1
            if path not in self._note_keys:
                return
            incoming = self._incoming_sources(path) - {path}
            orphans = self._drop_out_edges(path)
            self._resolver.remove(path)
            del self._note_keys[path]
            for source in sorted(incoming):  # moves their edges off this note
                orphans |= self._reresolve(source)
            self._g.remove_node(note_node(path))
            self._collect(orphans)

    def rebuild(self, notes: Iterable[Note]) -> None:
        """Replace everything with these notes (resolving each link once)."""
        with self._lock:
            self._revision += 1
            notes = list(notes)
            self._g.clear()
            self._resolver = LinkResolver()
            self._links_by_key.clear()
            self._source_keys.clear()
            self._note_keys.clear()
            for note in notes:
                self._resolver.add(note.path, note.aliases)
                self._note_keys[note.path] = note_keys(note.path, note.aliases)
                self._g.add_node(note_node(note.path), **_note_attrs(note))
            for note in notes:
                self._add_tags(note.path, note.tags)
                self._add_links(note.path, note.links, note.embeds)

    # --- persistence ----------------------------------------------------------------------

    def save(self, path: Path, *, stamp: str) -> None:
        """Write the graph as JSON, atomically (temp file + rename), then its fast cache
        beside it (see `load`). `stamp` comes back from `load` so the caller can tell
        whether the file matches its catalog."""
        with self._lock:
            payload = {
                "format": FORMAT,
                "version": VERSION,
                "stamp": stamp,
                "graph": nx.node_link_data(self._g, edges="edges"),
            }
            data = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
            cache = self._cached(stamp)  # the same graph as the JSON
        _write_atomically(path, data.encode("utf-8"))
        write_cache(graph_cache_path(path), cache)

    def save_cache(self, path: Path, *, stamp: str) -> None:
        """Write the fast cache of the graph file at `path` (see `load`). Never raises: the
        JSON is the record, the cache only saves time."""
        with self._lock:
            cache = self._cached(stamp)
        write_cache(graph_cache_path(path), cache)

    def _cached(self, stamp: str) -> bytes:
        """The graph and its indexes as the cache holds them (call holding the lock)."""
        return pickled(
            (
                CACHE_FORMAT,
                VERSION,
                stamp,
                self._g,
                self._resolver,
                self._links_by_key,
                self._source_keys,
                self._note_keys,
            )
        )

    @classmethod
    def load(cls, path: Path, *, expect: str | None = None) -> tuple[LinkGraph, str] | None:
        """Read a graph written by `save`: (graph, stamp), or None when the file is missing,
        unreadable or not a valid graph file. Never raises. With `expect`, the cache `save`
        wrote beside the file answers when it carries that stamp (several times faster than
        the JSON at 10k notes); the JSON answers otherwise."""
        if expect is not None:
            cached = _load_cache(graph_cache_path(path), expect)
            if cached is not None:
                return cached, expect
        return cls._load_json(path)

    @classmethod
    def _from_cache(
        cls,
        g: nx.MultiDiGraph[str],
        resolver: LinkResolver,
        links_by_key: dict[str, set[str]],
        source_keys: dict[str, tuple[str, ...]],
        note_keys: dict[str, tuple[str, ...]],
    ) -> LinkGraph:
        graph = cls()
        graph.from_cache = True
        graph._g, graph._view = g, g.copy(as_view=True)
        graph._resolver, graph._links_by_key = resolver, links_by_key
        graph._source_keys, graph._note_keys = source_keys, note_keys
        return graph

    @classmethod
    def _load_json(cls, path: Path) -> tuple[LinkGraph, str] | None:
        try:
            with open(path, encoding="utf-8") as handle:
                payload = json.load(handle)
            if not isinstance(payload, dict) or payload.get("format") != FORMAT:
                raise ValueError("not a link graph file")
            if payload.get("version") != VERSION:
                raise ValueError(f"unsupported version {payload.get('version')!r}")
            stamp = payload["stamp"]
            if not isinstance(stamp, str):
                raise ValueError("stamp is not a string")
            g = _graph_from_node_link(payload["graph"])
            graph = cls()
            graph._adopt(g)
        except FileNotFoundError:
            return None
        except Exception as err:  # corrupt in any way: the caller rebuilds
            log.warning("link graph %s is unusable (%s); it will be rebuilt", path, err)
            return None
        return graph, stamp

    def _adopt(self, g: nx.MultiDiGraph[str]) -> None:
        """Take over a loaded graph and rebuild the indexes from its nodes and edges."""
        for node, attrs in g.nodes(data=True):
            kind = attrs.get("kind")
            if kind == "note":
                note_path = attrs["path"]
                aliases = attrs.get("aliases", [])
                if node != note_node(note_path) or not isinstance(aliases, list):
                    raise ValueError(f"bad note node {node!r}")
                self._resolver.add(note_path, [str(a) for a in aliases])
                self._note_keys[note_path] = note_keys(note_path, [str(a) for a in aliases])
            elif kind not in ("tag", "entity"):
                raise ValueError(f"unknown node kind {kind!r}")
        sources: dict[str, list[str]] = {}
        for u, _v, data in g.edges(data=True):
            if data.get("relation") in LINK_RELATIONS:
                sources.setdefault(u.removeprefix("note:"), []).append(str(data["link_target"]))
        for source, targets in sources.items():
            self._index_source(source, targets)
        self._g = g
        self._view = g.copy(as_view=True)

    # --- internals ------------------------------------------------------------------------

    def _incoming_sources(self, path: str) -> set[str]:
        node = note_node(path)
        if node not in self._g:
            return set()
        return {
            u.removeprefix("note:")
            for u, _v, data in self._g.in_edges(node, data=True)
            if data.get("relation") in LINK_RELATIONS
        }

    def _sources_for(self, keys: Iterable[str]) -> set[str]:
        found: set[str] = set()
        for key in keys:
            found |= self._links_by_key.get(key, set())
        return found

    def _drop_out_edges(self, path: str) -> set[str]:
        """Remove a note's link and tag edges and its link index entries; return the nodes
        that may have become orphans."""
        node = note_node(path)
        self._unindex_source(path)
        if node not in self._g:
            return set()
        edges = list(self._g.out_edges(node, keys=True))
        for u, v, key in edges:
            self._g.remove_edge(u, v, key)
        return {v for _u, v, _k in edges}

    def _add_tags(self, path: str, tags: Iterable[str]) -> None:
        node = note_node(path)
        for tag in tags:
            self._ensure_tag(tag)
            self._g.add_edge(node, tag_node(tag), key=TAGGED, relation=TAGGED)

    def _ensure_tag(self, tag: str) -> None:
        """Add a tag node, and its parents `a/b` -> `a` linked by `subtag_of`."""
        if tag_node(tag) in self._g:
            return
        self._g.add_node(tag_node(tag), kind="tag", name=tag)
        while "/" in tag:
            parent = tag.rsplit("/", 1)[0]
            if not parent:
                return
            parent_node = tag_node(parent)
            existed = parent_node in self._g
            if not existed:
                self._g.add_node(parent_node, kind="tag", name=parent)
            self._g.add_edge(tag_node(tag), parent_node, key=SUBTAG_OF, relation=SUBTAG_OF)
            if existed:
                return
            tag = parent

    def _add_links(self, path: str, links: Iterable[Link], embeds: Iterable[Link]) -> None:
        source = note_node(path)
        targets: list[str] = []
        for link in (*links, *embeds):
            relation = EMBEDS if link.is_embed else LINKS_TO
            dest = self._target_node(link.target, path)
            if dest is None:
                continue
            targets.append(link.target)
            key = "|".join(
                (relation, link.target, link.heading or "", link.block or "", link.alias or "")
            )
            if self._g.has_edge(source, dest, key):
                self._g.edges[source, dest, key]["count"] += 1
                continue
            self._g.add_edge(
                source,
                dest,
                key=key,
                relation=relation,
                link_target=link.target,
                heading=link.heading,
                block=link.block,
                alias=link.alias,
                kind=link.kind,
                line=link.line,
                count=1,
            )
        self._index_source(path, targets)

    def _target_node(self, target: str, source_path: str) -> str | None:
        """The node a link target points at: a note, an entity, or None (self, attachment)."""
        if not target.strip() or is_attachment(target):
            return None
        resolved = self._resolver.resolve(target, source_path=source_path)
        if resolved is not None:
            return note_node(resolved)
        key = normalize_target(target)
        if not key:
            return None
        node = entity_node(key)
        if node not in self._g:
            self._g.add_node(node, kind="entity", name=key, label=target.strip())
        return node

    def _reresolve(self, source_path: str) -> set[str]:
        """Point the source's link edges at what their targets resolve to now; return nodes
        that lost an edge (possible orphans)."""
        source = note_node(source_path)
        if source not in self._g:
            return set()
        orphans: set[str] = set()
        moves = []
        for u, v, key, data in self._g.out_edges(source, keys=True, data=True):
            if data.get("relation") not in LINK_RELATIONS:
                continue
            dest = self._target_node(str(data["link_target"]), source_path)
            if dest != v:
                moves.append((u, v, key, dict(data), dest))
        for u, v, key, data, dest in moves:
            self._g.remove_edge(u, v, key)
            orphans.add(v)
            if dest is None:
                continue
            if self._g.has_edge(u, dest, key):
                self._g.edges[u, dest, key]["count"] += data.get("count", 1)
            else:
                self._g.add_edge(u, dest, key=key, **data)
        return orphans

    def _index_source(self, path: str, targets: Iterable[str]) -> None:
        keys = tuple(dict.fromkeys(k for t in targets for k in link_keys(t)))
        self._source_keys[path] = keys
        for key in keys:
            self._links_by_key.setdefault(key, set()).add(path)

    def _unindex_source(self, path: str) -> None:
        for key in self._source_keys.pop(path, ()):
            sources = self._links_by_key.get(key)
            if sources is not None:
                sources.discard(path)
                if not sources:
                    del self._links_by_key[key]

    def _collect(self, candidates: Iterable[str]) -> None:
        """Remove tag and entity nodes that nothing points at any more (parents cascade)."""
        pending = list(candidates)
        while pending:
            node = pending.pop()
            if node not in self._g or node.startswith("note:"):
                continue
            if self._g.in_degree(node) > 0:
                continue
            parents = [v for _u, v in self._g.out_edges(node)]
            self._g.remove_node(node)
            pending.extend(parents)


_RELATION_ORDER = {LINKS_TO: 0, EMBEDS: 1, "linked_from": 2, "embedded_by": 3}


def _note_attrs(note: Note) -> dict[str, Any]:
    attrs: dict[str, Any] = {
        "kind": "note",
        "path": note.path,
        "title": note.title,
        "created": note.created.isoformat() if note.created is not None else None,
        "modified": note.modified.isoformat(),
        "aliases": list(note.aliases),
    }
    if document_kind(note.path) == "canvas":  # always set: a board may lose its last line
        attrs[BOARD_EDGES] = [list(edge) for edge in note.board_edges]
    return attrs


def _graph_from_node_link(data: Any) -> nx.MultiDiGraph[str]:
    """`nx.node_link_graph` for the files `save` writes, about 3x faster at 10k notes (it
    builds the graph in two bulk calls); anything unexpected raises ValueError."""
    if not isinstance(data, dict) or not data.get("directed") or not data.get("multigraph"):
        raise ValueError("not a directed multigraph")
    nodes, edges = data.get("nodes"), data.get("edges")
    if not isinstance(nodes, list) or not isinstance(edges, list):
        raise ValueError("nodes or edges missing")
    g: nx.MultiDiGraph[str] = nx.MultiDiGraph()
    g.graph.update(data.get("graph") or {})

    def node_rows() -> Iterator[tuple[str, dict[str, Any]]]:
        for node in nodes:
            attrs = dict(node)
            yield str(attrs.pop("id")), attrs

    def edge_rows() -> Iterator[tuple[str, str, Any, dict[str, Any]]]:
        for edge in edges:
            attrs = dict(edge)
            yield str(attrs.pop("source")), str(attrs.pop("target")), attrs.pop("key"), attrs

    g.add_nodes_from(node_rows())
    g.add_edges_from(edge_rows())
    return g


def _write_atomically(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(tmp, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except OSError as err:
        tmp.unlink(missing_ok=True)
        raise EngineError(
            f"Cannot save the link graph to {path}: {err.strerror or err}. "
            "Check that the data folder is writable and has free space."
        ) from err


def _admitted(module: str, name: str) -> bool:
    """What `save_cache` pickles: builtin containers, networkx's graph and the resolver."""
    return module in ("builtins", "collections", "engine.vault.resolve") or module.startswith(
        "networkx."
    )


def _load_cache(path: Path, expect: str) -> LinkGraph | None:
    """The graph cached at `path` when it carries the stamp `expect`, else None (missing,
    another stamp or version, damaged in any way). Never raises."""
    loaded = read_cache(path, _admitted)
    if not isinstance(loaded, tuple) or len(loaded) != 8:  # missing, or not `save_cache`'s
        return None
    fmt, version, stamp, g, resolver, links_by_key, source_keys, note_keys = loaded
    if fmt != CACHE_FORMAT or version != VERSION or stamp != expect:
        return None
    if not isinstance(g, nx.MultiDiGraph) or not isinstance(resolver, LinkResolver):
        return None
    return LinkGraph._from_cache(g, resolver, links_by_key, source_keys, note_keys)
