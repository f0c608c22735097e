"""Connections of one note: the notes related to it (and why), its near-duplicates and its
open contradictions — what a person working on that note wants beside it.

Related notes come from three kinds of evidence, each said in words:

- **meaning**: a passage of the other note close to one of this note's passages (the best
  pair of chunks, by cosine, over the vector mirror or Chroma), named by its heading, or by
  its first words where the heading is a common section word or the note's title
  (`passage_label`);
- **links**: this note links to or embeds it, or it links here;
- **tags**: the tags both carry (a rare tag says more than one on half the vault).

A note's score is its best passage similarity plus a bonus per link direction and per shared
tag (rarer tags more), so a linked note with a close passage comes first and a note that only
shares a common tag comes last.

`ConnectionsFinder.neighbours` is the same ranking over the graph alone (links both ways,
embeds, notes two steps away, shared tags by rarity): what an agent's `related` asks for.
"""

from __future__ import annotations

import heapq
import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engine.search.config import MergeConfig
from engine.search.dedup import is_near_duplicate
from engine.search.directory import NoteDirectory
from engine.search.passage_label import passage_label

if TYPE_CHECKING:
    from engine.search.sources.text import ThreadCatalogs
    from engine.store.graph import LinkGraph
    from engine.store.vectors import VectorStore

CHUNKS_ASKED = 12  # of the note's chunks, the longest this many ask for neighbours
NEIGHBOURS_PER_CHUNK = 24
MIN_SIMILARITY = 0.35  # a passage pair below this is not "similar"
LINK_BONUS = 0.25  # per direction: links to it, linked from it
TAG_BONUS = 0.15  # per shared tag, scaled by its rarity
DEFAULT_LIMIT = 12


@dataclass(frozen=True)
class Related:
    path: str
    title: str
    score: float
    reasons: tuple[str, ...]  # in words: "links to it", "a similar passage: …", "shares #tag"
    similarity: float | None = None  # best passage cosine, when meaning related them
    passage: str | None = None  # the heading of the other note's closest passage
    linked: tuple[str, ...] = ()  # "links_to", "linked_from"
    tags: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "title": self.title,
            "score": round(self.score, 4),
            "reasons": list(self.reasons),
            "similarity": None if self.similarity is None else round(self.similarity, 4),
            "passage": self.passage,
            "linked": list(self.linked),
            "tags": list(self.tags),
        }


@dataclass(frozen=True)
class Connections:
    path: str
    title: str
    related: tuple[Related, ...]
    duplicates: tuple[str, ...]  # near-duplicates among the related notes
    contradictions: tuple[Any, ...] = ()
    ms: float = 0.0
    warnings: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "title": self.title,
            "related": [r.to_dict() for r in self.related],
            "duplicates": list(self.duplicates),
            "contradictions": [
                c.to_dict() if hasattr(c, "to_dict") else c for c in self.contradictions
            ],
            "warnings": list(self.warnings),
            "ms": round(self.ms, 1),
        }


@dataclass(frozen=True)
class GraphRelation:
    kind: str  # links_to, linked_from, embeds, embedded_by, linked_within_hops, shares_tag,
    # on_board (a line on a Canvas board joins the two)
    via: str | None = None  # the tag, for shares_tag; the board's title, for on_board
    hops: int = 1

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "via": self.via, "hops": self.hops}


@dataclass(frozen=True)
class GraphNeighbour:
    path: str
    title: str
    relations: tuple[GraphRelation, ...]
    score: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "title": self.title,
            "relations": [r.to_dict() for r in self.relations],
        }


@dataclass(frozen=True)
class Neighbours:
    """A note's graph neighbours, best first (`total`: how many before the limit)."""

    path: str
    title: str
    tags: tuple[str, ...]
    related: tuple[GraphNeighbour, ...]
    total: int
    unresolved_links: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "title": self.title,
            "tags": list(self.tags),
            "related": [r.to_dict() for r in self.related],
            "total": self.total,
            "unresolved_links": list(self.unresolved_links),
        }


TWO_HOP_BONUS = 0.05  # a note two or more link steps away: below any direct link or rare tag


class ConnectionsFinder:
    """Connections of any indexed note, from the stores a search service reads."""

    def __init__(
        self,
        *,
        directory: NoteDirectory,
        graph: LinkGraph,
        vectors: VectorStore,
        catalogs: ThreadCatalogs,
        note_tokens: Callable[[Sequence[str]], Mapping[str, frozenset[str]]],
        contradictions: Callable[[str], tuple[Any, ...]] | None = None,
        config: MergeConfig | None = None,
    ) -> None:
        self._directory = directory
        self._graph = graph
        self._vectors = vectors
        self._catalogs = catalogs
        self._note_tokens = note_tokens
        self._contradictions = contradictions
        self._config = config or MergeConfig()

    def find(self, path: str, *, limit: int = DEFAULT_LIMIT) -> Connections | None:
        """The connections of `path`; None when it is not an indexed note."""
        started = time.perf_counter()
        notes = self._directory.snapshot()
        me = notes.get(path)
        if me is None:
            return None
        warnings: list[str] = []
        evidence: dict[str, _Evidence] = {}

        def of(other: str) -> _Evidence:
            return evidence.setdefault(other, _Evidence())

        try:
            for other, (sim, heading, text) in self._similar_passages(path).items():
                if other in notes:
                    ev = of(other)
                    ev.similarity, ev.passage = sim, heading
                    ev.label = passage_label(heading, text, title=notes[other].title)
        except Exception as exc:  # the vectors may be missing (model not loaded): say so
            warnings.append(f"similar passages could not be looked up: {exc}")
        for other in sorted(me.links_out):
            if other in notes and other != path:
                of(other).linked.add("links_to")
        for other in self._graph.backlinks(path):
            if other in notes:
                of(other).linked.add("linked_from")
        for line in self._graph.board_links(path):
            if line.other in notes and line.board in notes:
                of(line.other).boards.append((notes[line.board].title, line.label, line.outgoing))
        # Shared tags: a common tag reaches thousands of notes, so only a running score is
        # kept per note, and the tags themselves are named for the notes that make the list.
        tag_score: dict[str, float] = {}
        rarities: dict[str, float] = {}
        if me.tags:
            index = self._directory.filter_index()
            for tag in me.tags:
                carriers = index.tagged(tag)
                rarity = _rarity(len(carriers), index.total)
                if rarity <= 0.0:  # on every note: says nothing
                    continue
                rarities[tag] = rarity
                for other in carriers:
                    if other != path:
                        tag_score[other] = tag_score.get(other, 0.0) + TAG_BONUS * rarity
        candidates = {o for o in (evidence.keys() | tag_score.keys()) if o in notes}

        def score(other: str) -> float:
            ev = evidence.get(other)
            base = ev.score() if ev is not None else 0.0
            return base + tag_score.get(other, 0.0)

        best = heapq.nsmallest(limit, candidates, key=lambda o: (-score(o), o))
        ranked = []
        for other in best:
            ev = evidence.get(other) or _Evidence()
            for tag in set(me.tags) & set(notes[other].tags):
                if tag in rarities:
                    ev.tags[tag] = rarities[tag]
            ranked.append(_related(other, notes[other].title, ev))
        duplicates = self._duplicates(path, [r.path for r in ranked])
        contradictions: tuple[Any, ...] = ()
        if self._contradictions is not None:
            try:
                contradictions = self._contradictions(path)
            except Exception as exc:  # never let the extra lose the answer
                warnings.append(f"contradictions could not be looked up: {exc}")
        return Connections(
            path=path,
            title=me.title,
            related=tuple(ranked),
            duplicates=duplicates,
            contradictions=contradictions,
            ms=(time.perf_counter() - started) * 1000,
            warnings=tuple(warnings),
        )

    def neighbours(self, path: str, *, hops: int = 1, limit: int = 50) -> Neighbours | None:
        """`path`'s graph neighbours (links both ways, embeds, within `hops` steps, shared
        tags), scored as `find` scores links and tags; None when it is not an indexed note."""
        notes = self._directory.snapshot()
        me = notes.get(path)
        if me is None:
            return None
        relations: dict[str, dict[tuple[str, str | None], GraphRelation]] = {}
        score: dict[str, float] = {}

        def add(other: str, relation: GraphRelation, points: float) -> None:
            if other == path:
                return
            mine = relations.setdefault(other, {})
            key = (relation.kind, relation.via)
            if key not in mine:
                mine[key] = relation
                score[other] = score.get(other, 0.0) + points

        for other, relation in self._graph.neighbors(path, hops=hops):
            if relation.startswith("hops:"):
                distance = int(relation.split(":", 1)[1])
                add(other, GraphRelation("linked_within_hops", hops=distance), TWO_HOP_BONUS)
            else:
                add(other, GraphRelation(relation), LINK_BONUS)
        # both directions: neighbors() keeps one relation per note
        for other in sorted(me.links_out):
            kinds = {k for k, _ in relations.get(other, {})}
            if not kinds & {"links_to", "embeds"}:
                add(other, GraphRelation("links_to"), LINK_BONUS)
        for other in self._graph.backlinks(path):
            kinds = {k for k, _ in relations.get(other, {})}
            if not kinds & {"linked_from", "embedded_by"}:
                add(other, GraphRelation("linked_from"), LINK_BONUS)
        for line in self._graph.board_links(path):
            if line.other in notes and line.board in notes:
                board = notes[line.board].title
                add(line.other, GraphRelation("on_board", via=board), LINK_BONUS)
        if me.tags:
            index = self._directory.filter_index()
            for tag in sorted(me.tags):
                carriers = index.tagged(tag)
                rarity = _rarity(len(carriers), index.total)
                for other in sorted(carriers):
                    if other in notes:
                        add(other, GraphRelation("shares_tag", via=tag), TAG_BONUS * rarity)
        ranked = sorted(relations, key=lambda o: (-score[o], o))
        related = tuple(
            GraphNeighbour(
                path=o,
                title=notes[o].title if o in notes else _stem(o),
                relations=tuple(relations[o].values()),
                score=score[o],
            )
            for o in ranked[:limit]
        )
        return Neighbours(
            path=path,
            title=me.title,
            tags=tuple(sorted(me.tags)),
            related=related,
            total=len(ranked),
            unresolved_links=tuple(sorted(me.entities_out)),
        )

    # -- evidence ------------------------------------------------------------------------

    def _similar_passages(self, path: str) -> dict[str, tuple[float, str | None, str]]:
        """other note -> (best passage cosine, heading of that passage, its text), above the
        minimum."""
        chunks = self._catalogs.get().notes.chunks_for(path)
        if not chunks:
            return {}
        asked = sorted(chunks, key=lambda c: (-len(c.text), c.id))[:CHUNKS_ASKED]
        vectors = self._vectors.get_embeddings(c.id for c in asked)
        best: dict[str, tuple[float, str]] = {}  # other -> (similarity, chunk id)
        for chunk in asked:
            vec = vectors.get(chunk.id)
            if vec is None:
                continue
            for hit in self._vectors.nearest(vec, k=NEIGHBOURS_PER_CHUNK):
                other = str(hit.metadata.get("note_path", ""))
                if not other or other == path or hit.similarity < MIN_SIMILARITY:
                    continue
                if other not in best or hit.similarity > best[other][0]:
                    best[other] = (hit.similarity, hit.id)
        found = self._catalogs.get().notes.chunks_by_id(cid for _, cid in best.values())
        out: dict[str, tuple[float, str | None, str]] = {}
        for other, (sim, cid) in best.items():
            rec = found.get(cid)
            heading = rec.heading_path[-1] if rec is not None and rec.heading_path else None
            out[other] = (sim, heading, rec.text if rec is not None else "")
        return out

    def _duplicates(self, path: str, others: Sequence[str]) -> tuple[str, ...]:
        if not others:
            return ()
        tokens = self._note_tokens([path, *others])
        mine = tokens.get(path)
        if not mine:
            return ()
        return tuple(
            o
            for o in others
            if (theirs := tokens.get(o)) and is_near_duplicate(mine, theirs, config=self._config)
        )


@dataclass
class _Evidence:
    similarity: float | None = None
    passage: str | None = None
    label: str | None = None  # what names the passage: its heading, else its first words
    linked: set[str] = field(default_factory=set)
    tags: dict[str, float] = field(default_factory=dict)  # tag -> rarity in [0, 1]
    # lines on Canvas boards joining the two notes: (board title, label, leaves this note)
    boards: list[tuple[str, str, bool]] = field(default_factory=list)

    def score(self) -> float:
        """Best passage similarity, plus a bonus per link direction, two for a line on a board
        (drawn by hand between exactly these two notes: a link both ways), and one per shared
        tag."""
        tags = TAG_BONUS * sum(self.tags.values())
        links = len(self.linked) + (2 if self.boards else 0)
        return (self.similarity or 0.0) + LINK_BONUS * links + tags


def _stem(path: str) -> str:
    return path.rsplit("/", 1)[-1].removesuffix(".md")


def _rarity(tagged: int, total: int) -> float:
    """1 for a tag on one note, 0 for a tag on every note (log scale between)."""
    if total <= 1:
        return 1.0
    return max(0.0, math.log(total / max(1, tagged)) / math.log(total))


def _related(path: str, title: str, ev: _Evidence) -> Related:
    reasons: list[str] = []
    if "links_to" in ev.linked:
        reasons.append("this note links to it")
    if "linked_from" in ev.linked:
        reasons.append("it links to this note")
    for board, label, outgoing in ev.boards[:2]:
        way = "linked to it" if outgoing else "linked from it"
        said = f" (“{label}”)" if label else ""
        reasons.append(f"on the board “{board}”, {way}{said}")
    if ev.similarity is not None:
        where = f" (“{ev.label}”)" if ev.label else ""
        reasons.append(f"a similar passage{where}, {ev.similarity:.2f}")
    for tag in sorted(ev.tags, key=lambda t: (-ev.tags[t], t))[:3]:
        reasons.append(f"both tagged #{tag}")
    return Related(
        path=path,
        title=title,
        score=ev.score(),
        reasons=tuple(reasons),
        similarity=ev.similarity,
        passage=ev.passage,
        linked=tuple(sorted(ev.linked)),
        tags=tuple(sorted(ev.tags)),
    )
