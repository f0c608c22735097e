"""The links source: titles, aliases, tags and link targets, expanded along the graph.

Scores follow the seeds: a title, alias or tag named exactly is 1.0 (`graph_exact`), a partial
name match 0.8 at most (`graph_partial`), and notes one or two hops away from those seeds
(links, backlinks, shared tags) inherit a decayed score (`graph_neighbor`). Only seeds the
query really names are expanded, and only the closest MAX_NEIGHBOURS neighbours (those most
linked with the seeds first) are returned: further out, every note of a well-linked vault is
a neighbour, and neighbours would pass for corroboration of what the other sources found.
A query that names a date range ("notes from last week") and nothing else returns the notes
of that range.
"""

from __future__ import annotations

import heapq
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.search.directory import LinkSteps, NoteDirectory, NoteMeta, fold
from engine.search.service import SearchRequest
from engine.search.types import Excerpt, Hit, Relation, Span

if TYPE_CHECKING:
    from engine.store.graph import LinkGraph

EXACT = 1.0
PARTIAL_MAX = 0.8
PARTIAL_MIN = 0.55
# A partial name match must cover at least this share of the longer string: one common word
# of a long question ("calibration", an alias) is not the question naming that note.
PARTIAL_MIN_COVERAGE = 0.25
HOP_DECAY = (0.5, 0.25)  # relevance multiplier at one and two hops
MAX_SEEDS_EXPANDED = 10
# Only names the query really names are expanded: exact matches, and partial ones covering
# most of the query (a single common word of a long question, such as an alias
# "calibration", would otherwise bring in half the vault as neighbours).
EXPAND_MIN = 0.75
# Two hops from any note reach most of a densely linked vault; past a few dozen, neighbours
# are noise that every other source's hit would count as graph agreement.
MAX_NEIGHBOURS = 20
DATE_ONLY_RELEVANCE = 0.6
SEED_CACHE = 8  # queries whose seeds are remembered


@dataclass(frozen=True)
class SeedMatch:
    """A note the query names directly (title, alias, tag or link target)."""

    path: str
    relevance: float
    match_type: str
    label: str  # what matched, for the excerpt: 'title', 'alias', 'tag', 'link'
    name: str  # the matched name as written
    entity: str  # query entity key


@dataclass(frozen=True)
class _Neighbour:
    path: str
    relevance: float
    hops: int
    support: int  # links from the seeds (1 hop) or from the 1-hop notes (2 hops) leading here
    relation: Relation
    seed: str


class GraphSource:
    name = "graph"

    def __init__(self, graph: LinkGraph, directory: NoteDirectory | None = None) -> None:
        self._directory = directory or NoteDirectory(graph)
        self._name_index: tuple[dict[str, NoteMeta], _NameIndex] | None = None
        self._steps: LinkSteps | None = None
        self._seeds_seen: OrderedDict[
            tuple[object, int], tuple[dict[str, NoteMeta], list[SeedMatch]]
        ] = OrderedDict()
        self._seeds_lock = threading.Lock()

    def search(self, request: SearchRequest) -> list[Hit]:
        notes = self._directory.snapshot()
        seeds = self._cached_seeds(request, notes)
        best: dict[str, SeedMatch] = {}
        for m in seeds:
            cur = best.get(m.path)
            if cur is None or (m.relevance, m.match_type == "graph_exact") > (
                cur.relevance,
                cur.match_type == "graph_exact",
            ):
                best[m.path] = m
        hits: dict[str, Hit] = {}
        order: dict[str, tuple[int, int]] = {}  # tie-break at equal relevance: seeds first
        filters = request.filters
        allowed = self._directory.allowed(filters)

        def passes(path: str) -> bool:
            return path in notes and (allowed is None or path in allowed)

        steps = self._link_steps(notes)
        seed_paths = sorted(best, key=lambda p: (-best[p].relevance, p))
        seed_set = set(seed_paths)
        # Only the first `depth` seeds that pass can make the answer (neighbours rank after
        # seeds of equal relevance), so the rest are never built.
        for path in [p for p in seed_paths if passes(p)][: request.depth]:
            m = best[path]
            hits[path] = self._hit(notes[path], m, relations=self._relations(steps, path, seed_set))
        # Expansion: neighbours of the seeds the query names (not of weak partial matches).
        expanded = [p for p in seed_paths if best[p].relevance >= EXPAND_MIN][:MAX_SEEDS_EXPANDED]
        if expanded:
            # A neighbour ranks after every seed at or above its relevance (seeds first at
            # equal relevance): when `depth` such seeds pass, no neighbour can make the answer
            # (a tag query: every tagged note is an exact seed).
            best_neighbour = max(best[p].relevance for p in expanded) * HOP_DECAY[0]
            if sum(h.relevance >= best_neighbour for h in hits.values()) >= request.depth:
                expanded = []
        for nb in self._neighbours(steps, expanded, best, keep=passes):
            meta = notes[nb.path]
            seed_title = notes[nb.seed].title if nb.seed in notes else nb.seed
            text = f"{_relation_text(nb.relation.kind)} {seed_title}"
            order[nb.path] = (1, -nb.support)
            hits[nb.path] = Hit(
                source=self.name,
                note_path=nb.path,
                match_type="graph_neighbor",
                relevance=nb.relevance,
                raw_score=nb.relevance,
                title=meta.title,
                timestamp=meta.date,
                entities=meta.entities,
                excerpt=Excerpt(
                    source=self.name,
                    chunk_id=None,
                    text=text,
                    spans=(Span(len(text) - len(seed_title), len(text)),),
                ),
                relations=(nb.relation,),
                metadata={"matched": "neighbor", "support": nb.support},
            )
        # A query that named only a date range ("notes from last week": the words became the
        # filter, nothing else is left): the notes of that range, newest first. Any other
        # query gets nothing from the filter itself.
        if not request.query.text and filters.date_range is not None:
            dated = [notes[p] for p in allowed or () if p in notes]
            dated.sort(key=lambda m: (-(m.date.timestamp() if m.date else 0), m.path))
            for meta in dated[: request.depth]:
                text = f"dated {meta.date:%Y-%m-%d}" if meta.date else "dated"
                hits[meta.path] = Hit(
                    source=self.name,
                    note_path=meta.path,
                    match_type="graph_partial",
                    relevance=DATE_ONLY_RELEVANCE,
                    raw_score=DATE_ONLY_RELEVANCE,
                    title=meta.title,
                    timestamp=meta.date,
                    entities=meta.entities,
                    excerpt=Excerpt(source=self.name, chunk_id=None, text=text),
                    metadata={"matched": "date"},
                )
        ordered = sorted(
            hits.values(),
            key=lambda h: (-h.relevance, *order.get(h.note_path, (0, 0)), h.note_path),
        )
        return ordered[: request.depth]

    # -- matching ---------------------------------------------------------------------------

    def seeds(self, request: SearchRequest) -> list[SeedMatch]:
        """The notes the query names directly, before any neighbour: what `search` expands."""
        return self._seeds(request, self._directory.snapshot())

    def _seeds(self, request: SearchRequest, notes: dict[str, NoteMeta]) -> list[SeedMatch]:
        query = request.query
        raw = query.text.strip()
        if not raw:
            return []
        folded_query = fold(raw)
        wanted_tags = {t.lstrip("#").casefold() for t in raw.split() if t.startswith("#")}
        candidates = {folded_query, *(fold(p) for p in query.phrases)}
        candidates |= {fold(i) for i in query.identifiers}
        candidates.discard("")
        index = self._index(notes)
        found: list[tuple[int, int, SeedMatch]] = []  # (note order, kind order, match)
        for note, slot, label, name, folded in index.names_near(candidates, folded_query):
            path = index.paths[note]
            if folded in candidates:
                found.append(
                    (note, slot, SeedMatch(path, EXACT, "graph_exact", label, name, f"note:{path}"))
                )
                continue
            score = partial_name_score(folded, folded_query)
            if score > 0:
                found.append(
                    (
                        note,
                        slot,
                        SeedMatch(path, score, "graph_partial", label, name, f"note:{path}"),
                    )
                )
        for tag, tagged in index.tags.items():
            leaf = tag.rsplit("/", 1)[-1]
            if tag in wanted_tags or any(tag.startswith(w + "/") for w in wanted_tags):
                match = (EXACT, "graph_exact")
            elif fold(tag) in candidates or (len(leaf) > 2 and fold(leaf) in candidates):
                match = (PARTIAL_MAX, "graph_partial")
            else:
                continue
            for note, slot in tagged:
                path = index.paths[note]
                found.append((note, slot, SeedMatch(path, *match, "tag", tag, f"tag:{tag}")))
        for entity in candidates:
            for note, slot in index.entities.get(entity, ()):
                path = index.paths[note]
                found.append(
                    (
                        note,
                        slot,
                        SeedMatch(
                            path, PARTIAL_MAX, "graph_partial", "link", entity, f"entity:{entity}"
                        ),
                    )
                )
        # The order of a walk over every note (names, then tags, then links): ties keep it.
        found.sort(key=lambda f: (f[0], f[1]))
        return _first_exact_per_note(found)

    def _index(self, notes: dict[str, NoteMeta]) -> _NameIndex:
        cached = self._name_index
        if cached is None or cached[0] is not notes:
            cached = (notes, _NameIndex.build(notes))
            self._name_index = cached
        return cached[1]

    def query_entities(self, request: SearchRequest) -> frozenset[str]:
        """Entities the query names (for the merge's cross-reference boost)."""
        notes = self._directory.snapshot()
        seeds = self._cached_seeds(request, notes)
        return frozenset(m.entity for m in seeds if m.relevance >= 0.75)

    def _cached_seeds(self, request: SearchRequest, notes: dict[str, NoteMeta]) -> list[SeedMatch]:
        """`_seeds`, remembered for the last few queries: the search and the merge's
        `query_entities` ask for the same query's seeds one after the other."""
        key = (request.query, id(notes))
        with self._seeds_lock:
            found = self._seeds_seen.get(key)
        if found is None or found[0] is not notes:
            found = (notes, self._seeds(request, notes))
            with self._seeds_lock:
                self._seeds_seen[key] = found
                while len(self._seeds_seen) > SEED_CACHE:
                    self._seeds_seen.popitem(last=False)
        return found[1]

    def _link_steps(self, notes: dict[str, NoteMeta]) -> LinkSteps:
        steps = self._steps
        if steps is None or steps.notes is not notes:
            steps = self._steps = LinkSteps.build(notes)
        return steps

    def _neighbours(
        self,
        steps: LinkSteps,
        expanded: list[str],
        best: dict[str, SeedMatch],
        *,
        keep: Callable[[str], bool],
    ) -> Iterator[_Neighbour]:
        """The first MAX_NEIGHBOURS notes one and two link steps from the expanded seeds that
        `keep` lets through, best first: by relevance (the seed's, decayed per hop), then by
        how many links lead to them, then path."""
        # path -> [relevance, hops, support, relation kind, seed]: plain lists while counting
        # (a 2-hop ring around a hub holds thousands of notes); objects only at the end.
        found: dict[str, list[Any]] = {}

        def add(path: str, seed: str, hops: int, kind: str) -> None:
            rel = best[seed].relevance * HOP_DECAY[hops - 1]
            cur = found.get(path)
            if cur is None:
                found[path] = [rel, hops, 1, kind, seed]
            elif rel > cur[0]:  # a stronger seed: its relation, one more link
                found[path] = [rel, hops, cur[2] + 1, kind, seed]
            else:
                cur[2] += 1

        first: dict[str, list[str]] = {}
        for seed in expanded:
            near = [(o, r) for o, r in steps.neighbours(seed) if o not in best]
            first[seed] = [o for o, _ in near]
            for other, relation in near:
                add(other, seed, 1, _reverse(relation))
        for seed in expanded:
            ring = set(first[seed])
            for middle in first[seed]:
                for other, _relation in steps.neighbours(middle):
                    if other in best or other in ring:
                        continue
                    if (cur := found.get(other)) is not None and cur[1] == 1:
                        continue
                    add(other, seed, 2, "linked_via")
        ordered = heapq.nsmallest(
            MAX_NEIGHBOURS,
            ((p, v) for p, v in found.items() if keep(p)),
            key=lambda kv: (-kv[1][0], kv[1][1], -kv[1][2], kv[0]),
        )
        return (
            _Neighbour(
                path,
                rel,
                hops,
                support,
                Relation(kind=kind, other_path=seed, via=None, hops=hops),
                seed,
            )
            for path, (rel, hops, support, kind, seed) in ordered
        )

    def _relations(self, steps: LinkSteps, path: str, seeds: set[str]) -> tuple[Relation, ...]:
        rels = []
        for other, relation in steps.neighbours(path):
            if other in seeds:
                rels.append(Relation(kind=relation, other_path=other, hops=1))
        return tuple(rels[:10])

    def _hit(self, meta: NoteMeta, m: SeedMatch, *, relations: tuple[Relation, ...]) -> Hit:
        prefix = {
            "title": "Title",
            "file name": "File name",
            "alias": "Alias",
            "tag": "Tag #",
            "link": "Links to",
        }[m.label]
        sep = "" if m.label == "tag" else " "
        text = f"{prefix}{sep}{m.name}"
        start = len(prefix) + len(sep)
        return Hit(
            source=self.name,
            note_path=meta.path,
            match_type=m.match_type,  # type: ignore[arg-type]
            relevance=m.relevance,
            raw_score=m.relevance,
            title=meta.title,
            timestamp=meta.date,
            entities=meta.entities,
            excerpt=Excerpt(
                source=self.name, chunk_id=None, text=text, spans=(Span(start, len(text)),)
            ),
            relations=relations,
            metadata={"matched": m.label},
        )


def partial_name_score(name: str, query: str) -> float:
    """0 when unrelated; else PARTIAL_MIN..PARTIAL_MAX by how much of the longer string the
    shorter covers (at least PARTIAL_MIN_COVERAGE). Whole-word containment only, names of at
    least 3 characters."""
    if len(name) < 3 or len(query) < 3:
        return 0.0
    if f" {name} " in f" {query} " or f" {query} " in f" {name} ":
        short, long_ = sorted((len(name), len(query)))
        coverage = short / long_
        if coverage < PARTIAL_MIN_COVERAGE:
            return 0.0
        return PARTIAL_MIN + (PARTIAL_MAX - PARTIAL_MIN) * coverage
    return 0.0


def _reverse(relation: str) -> str:
    """`neighbors()` describes the neighbour from the seed's side; say it from the hit's."""
    return {
        "links_to": "linked_from",
        "linked_from": "links_to",
        "embeds": "embedded_by",
        "embedded_by": "embeds",
    }.get(relation, relation)


def _relation_text(kind: str) -> str:
    return {
        "links_to": "Links to",
        "linked_from": "Linked from",
        "embeds": "Embeds",
        "embedded_by": "Embedded in",
        "linked_via": "Two links from",
    }.get(kind, "Related to")


@dataclass(frozen=True)
class _NameIndex:
    """Inverted indexes over a directory snapshot, so seeding a query looks at the few notes
    whose names, tags or links could match instead of walking every note.

    Slots order one note's matches as the full walk did: names (in their order), then tags,
    then link targets.
    """

    paths: tuple[str, ...]
    by_word: dict[str, list[tuple[int, int, str, str, str]]]  # every word of every name
    by_rarest: dict[str, list[tuple[int, int, str, str, str]]]  # each name's rarest word
    by_folded: dict[str, list[tuple[int, int, str, str, str]]]  # whole folded names
    tags: dict[str, list[tuple[int, int]]]
    entities: dict[str, list[tuple[int, int]]]

    @classmethod
    def build(cls, notes: dict[str, NoteMeta]) -> _NameIndex:
        paths: list[str] = []
        by_word: dict[str, list[tuple[int, int, str, str, str]]] = {}
        by_folded: dict[str, list[tuple[int, int, str, str, str]]] = {}
        tags: dict[str, list[tuple[int, int]]] = {}
        entities: dict[str, list[tuple[int, int]]] = {}
        entries: list[tuple[int, int, str, str, str]] = []
        for note, meta in enumerate(notes.values()):
            paths.append(meta.path)
            for slot, (label, name, folded) in enumerate(meta.names):
                entry = (note, slot, label, name, folded)
                entries.append(entry)
                by_folded.setdefault(folded, []).append(entry)
                for word in set(folded.split()):
                    by_word.setdefault(word, []).append(entry)
            base = len(meta.names)
            for k, tag in enumerate(meta.tags):
                tags.setdefault(tag, []).append((note, base + k))
            base += len(meta.tags)
            for entity in meta.entities_out:
                entities.setdefault(entity, []).append((note, base))
        by_rarest: dict[str, list[tuple[int, int, str, str, str]]] = {}
        for entry in entries:
            words = entry[4].split()
            rarest = min(words, key=lambda w: (len(by_word[w]), w))
            by_rarest.setdefault(rarest, []).append(entry)
        return cls(tuple(paths), by_word, by_rarest, by_folded, tags, entities)

    def names_near(
        self, exact: set[str], folded_query: str
    ) -> list[tuple[int, int, str, str, str]]:
        """Every name that equals one of `exact` or could contain, or be contained in, the
        query word for word (a superset of what `_partial` accepts)."""
        out: dict[tuple[int, int], tuple[int, int, str, str, str]] = {}
        for text in exact:
            for entry in self.by_folded.get(text, ()):
                out[(entry[0], entry[1])] = entry
        words = folded_query.split()
        for word in set(words):  # names inside the query: their rarest word is in it
            for entry in self.by_rarest.get(word, ()):
                out[(entry[0], entry[1])] = entry
        if words:  # the query inside a name: the name has the query's rarest word
            rarest = min(words, key=lambda w: len(self.by_word.get(w, ())))
            for entry in self.by_word.get(rarest, ()):
                out[(entry[0], entry[1])] = entry
        return list(out.values())


def _first_exact_per_note(found: list[tuple[int, int, SeedMatch]]) -> list[SeedMatch]:
    """Keep, per note, the name matches up to its first exact name (as the walk did)."""
    out: list[SeedMatch] = []
    exact_seen: set[int] = set()
    for note, _slot, match in found:
        if note in exact_seen and match.label in ("title", "file name", "alias"):
            continue
        if match.match_type == "graph_exact" and match.label != "tag":
            exact_seen.add(note)
        out.append(match)
    return out
