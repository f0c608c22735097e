"""The note directory's filter index answers exactly what a walk over every note answers.

The reference is `{p for p, m in directory.snapshot().items() if m.matches(filters)}`; the
notes are real `Note` objects in a real `LinkGraph` (notes without a modified date come from
a graph file, the only way the graph can hold one).
"""

from __future__ import annotations

import itertools
import json
import tempfile
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.model import Note
from engine.search.directory import FILTER_CACHE, NoteDirectory
from engine.search.service import SearchFilters
from engine.store.graph import LinkGraph
from tests.helpers.graph_notes import make_note as graph_note

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
PLUS_5_30 = timezone(timedelta(hours=5, minutes=30))
MINUS_8 = timezone(timedelta(hours=-8))


def make_note(
    path: str,
    *,
    tags: tuple[str, ...] = (),
    created: datetime | None = None,
    modified: datetime = T0,
) -> Note:
    return graph_note(path, tags=tags, created=created, modified=modified)


def build_graph(notes: Iterable[Note], *, without_modified: Iterable[str] = ()) -> LinkGraph:
    """A LinkGraph of `notes`; the notes in `without_modified` lose their modified date (as a
    graph file from an older or damaged index may have them)."""
    graph = LinkGraph()
    graph.rebuild(notes)
    drop = set(without_modified)
    if not drop:
        return graph
    with tempfile.TemporaryDirectory() as tmp:
        file = Path(tmp) / "graph.json"
        graph.save(file, stamp="s")
        payload = json.loads(file.read_text(encoding="utf-8"))
        for node in payload["graph"]["nodes"]:
            if node.get("kind") == "note" and node["path"] in drop:
                node["modified"] = None
        file.write_text(json.dumps(payload), encoding="utf-8")
        loaded = LinkGraph.load(file)
    assert loaded is not None
    return loaded[0]


def walk(directory: NoteDirectory, filters: SearchFilters) -> set[str]:
    return {p for p, m in directory.snapshot().items() if m.matches(filters)}


def assert_same(directory: NoteDirectory, filters: SearchFilters) -> None:
    want = walk(directory, filters)
    got = directory.allowed(filters)
    assert got is not None, filters
    assert set(got) == want, filters
    assert set(directory.filter_index().allowed(filters) or ()) == want, filters


# --------------------------------------------------------------------------- a fixed vault

VAULT = [
    make_note("root.md", tags=("a",), created=T0 - timedelta(days=30), modified=T0),
    make_note("Projects.md", tags=("ab",), modified=T0 - timedelta(days=1)),
    make_note("Projects/plan.md", tags=("a/b",), created=T0 - timedelta(days=10)),
    make_note("Projects/2026/q1.md", tags=("a/b/c", "x"), modified=T0 + timedelta(days=3)),
    make_note(
        "Projects/2026/q2.md",
        tags=("b/a",),
        created=datetime(2026, 2, 1, 8, 0, tzinfo=PLUS_5_30),
        modified=datetime(2026, 4, 1, tzinfo=MINUS_8),
    ),
    make_note("Projects/20260/x.md", tags=("a",), modified=T0 + timedelta(microseconds=1)),
    make_note("Projectsold/y.md", tags=("Upper", "upper/low"), modified=T0 - timedelta(days=90)),
    make_note("Areas/Home/garden.md", tags=("a//b",), created=T0 + timedelta(days=2)),
    make_note("Areas/Home.md", tags=("#odd",), created=T0 - timedelta(days=400)),
    # only a created date (its modified date is dropped below)
    make_note("Areas/created-only.md", tags=("a",), created=T0 - timedelta(days=5)),
    # neither date
    make_note("Areas/undated.md", tags=("a",)),
]
NO_MODIFIED = ("Areas/created-only.md", "Areas/undated.md")

FOLDERS = [
    None,
    "Projects",
    "Projects/",
    "/Projects/",
    "Projects/2026",
    "Projects/2026/",
    "Projects/202",  # a prefix of a folder name, not a folder
    "Proj",
    "projects",  # folders are case-sensitive
    "Projects.md",  # a note's own path
    "Projects/2026/q1.md",
    "Areas/Home",
    "Areas",
    "nowhere",
    "/",
]
TAGS = [
    None,
    "a",
    "#a",
    "A",
    "#A/B",
    "a/b",
    "a/b/c",
    "a/b/c/d",
    "b",
    "ab",
    "a/",
    "upper",
    "Upper",
    "##odd",
    "zzz",
]
RANGES = [
    (None, None),
    (T0, None),  # open-ended above
    (None, T0),  # open-ended below
    (T0 - timedelta(days=7), T0 + timedelta(days=1)),
    (T0 + timedelta(microseconds=1), T0 + timedelta(days=365)),  # boundaries are exact
    (datetime(2026, 2, 1, 2, 30, tzinfo=UTC), datetime(2026, 2, 1, 2, 31, tzinfo=UTC)),
    (datetime(2026, 3, 1, 20, 0, tzinfo=PLUS_5_30), None),  # other time zones
    (T0, T0),  # empty range
    (T0 + timedelta(days=1), T0),  # inverted: empty
]


@pytest.fixture(scope="module")
def vault_graph() -> LinkGraph:
    return build_graph(VAULT, without_modified=NO_MODIFIED)


def test_the_vault_holds_notes_with_only_one_date(vault_graph: LinkGraph) -> None:
    notes = NoteDirectory(vault_graph).snapshot()
    assert notes["Areas/created-only.md"].modified is None
    assert notes["Areas/created-only.md"].created is not None
    assert notes["Areas/undated.md"].modified is None and notes["Areas/undated.md"].created is None
    assert notes["Projects.md"].created is None and notes["Projects.md"].modified is not None


def test_no_filter_means_none(vault_graph: LinkGraph) -> None:
    directory = NoteDirectory(vault_graph)
    assert directory.allowed(SearchFilters()) is None
    assert directory.allowed(SearchFilters(folder="", tag="")) is None
    assert directory.filter_index().allowed(SearchFilters()) is None


def test_every_filter_combination_equals_the_walk(vault_graph: LinkGraph) -> None:
    directory = NoteDirectory(vault_graph)
    for folder, tag, (since, until) in itertools.product(FOLDERS, TAGS, RANGES):
        filters = SearchFilters(folder=folder, tag=tag, since=since, until=until)
        if not (folder or tag or since or until):
            continue
        assert_same(directory, filters)


@pytest.mark.parametrize(
    ("filters", "expected"),
    [
        (
            SearchFilters(folder="Projects/"),
            {
                "Projects/plan.md",
                "Projects/2026/q1.md",
                "Projects/2026/q2.md",
                "Projects/20260/x.md",
            },
        ),
        (SearchFilters(folder="Projects/2026"), {"Projects/2026/q1.md", "Projects/2026/q2.md"}),
        (SearchFilters(folder="Projects/202"), set()),
        (SearchFilters(folder="Projects.md"), {"Projects.md"}),
        (
            SearchFilters(tag="#A"),
            {
                "root.md",
                "Projects/plan.md",
                "Projects/2026/q1.md",
                "Projects/20260/x.md",
                "Areas/Home/garden.md",
                "Areas/created-only.md",
                "Areas/undated.md",
            },
        ),
        (SearchFilters(tag="a/b"), {"Projects/plan.md", "Projects/2026/q1.md"}),
        (SearchFilters(tag="upper"), {"Projectsold/y.md"}),  # via the nested 'upper/low'
        (
            SearchFilters(folder="Areas", tag="a"),
            {"Areas/Home/garden.md", "Areas/created-only.md", "Areas/undated.md"},
        ),
        (
            # q2 was saved in April but is dated February in its frontmatter: a February note
            SearchFilters(since=T0 + timedelta(microseconds=1)),
            {"Projects/2026/q1.md", "Projects/20260/x.md", "Areas/Home/garden.md"},
        ),
        (
            SearchFilters(
                since=datetime(2026, 1, 31, tzinfo=UTC), until=datetime(2026, 2, 2, tzinfo=UTC)
            ),
            {"Projects/2026/q2.md"},
        ),
        (
            SearchFilters(folder="Areas", until=T0),
            {"Areas/Home.md", "Areas/created-only.md"},
        ),
    ],
)
def test_known_answers(vault_graph: LinkGraph, filters: SearchFilters, expected: set[str]) -> None:
    """A few answers written out by hand, so the walk itself is pinned down too."""
    directory = NoteDirectory(vault_graph)
    assert set(directory.allowed(filters) or ()) == expected
    assert walk(directory, filters) == expected


def test_answers_are_cached_and_stay_right_past_the_cache_size(vault_graph: LinkGraph) -> None:
    directory = NoteDirectory(vault_graph)
    index = directory.filter_index()
    first = SearchFilters(folder="Projects", tag="a")
    answer = index.allowed(first)
    assert answer is index.allowed(first)  # the same answer object: from the cache
    assert directory.allowed(first) is answer
    assert directory.filter_index() is index  # no change, no rebuild
    assert set(answer or ()) == walk(directory, first)
    # more distinct filters than the cache keeps, then the first one again
    for days in range(FILTER_CACHE + 5):
        assert_same(directory, SearchFilters(since=T0 - timedelta(days=days)))
    again = index.allowed(first)
    assert again == answer and set(again or ()) == walk(directory, first)


def test_answers_follow_the_graph_when_it_changes() -> None:
    graph = build_graph(VAULT)
    directory = NoteDirectory(graph)
    filters = [
        SearchFilters(folder="Projects"),
        SearchFilters(tag="a"),
        SearchFilters(since=T0 + timedelta(days=100)),
        SearchFilters(folder="Projects", tag="a/b", until=T0 + timedelta(days=1)),
    ]
    for f in filters:  # fill the cache
        assert_same(directory, f)
    index = directory.filter_index()

    graph.upsert_note(
        make_note("Projects/new.md", tags=("a/b",), modified=T0 + timedelta(days=200))
    )
    assert directory.filter_index() is not index
    assert "Projects/new.md" in (directory.allowed(filters[0]) or ())
    assert "Projects/new.md" in (directory.allowed(filters[2]) or ())
    for f in filters:
        assert_same(directory, f)

    graph.upsert_note(make_note("Projects/plan.md", tags=("z",), modified=T0 - timedelta(days=9)))
    assert "Projects/plan.md" not in (directory.allowed(filters[1]) or ())
    for f in filters:
        assert_same(directory, f)

    graph.remove_note("Projects/2026/q1.md")
    assert "Projects/2026/q1.md" not in (directory.allowed(filters[0]) or ())
    for f in filters:
        assert_same(directory, f)


def test_microsecond_boundaries_far_in_the_future() -> None:
    when = datetime(5000, 6, 1, 12, 0, 0, 123457, tzinfo=UTC)
    graph = build_graph([make_note("far.md", modified=when)])
    directory = NoteDirectory(graph)
    filters = SearchFilters(since=when + timedelta(microseconds=1))
    assert walk(directory, filters) == set()
    assert directory.allowed(filters) == frozenset()


# ------------------------------------------------------------------------------- properties

_PARTS = ["a", "b", "A", "ab", "a b"]
_TAG_POOL = ["a", "a/b", "a/b/c", "b", "b/a", "ab", "A", "a/B", "x/y"]
_ZONES = [UTC, PLUS_5_30, MINUS_8]
_moments = st.builds(
    lambda base, zone: base.replace(tzinfo=UTC).astimezone(zone),
    st.datetimes(min_value=datetime(2020, 1, 1), max_value=datetime(2030, 1, 1)),
    st.sampled_from(_ZONES),
)


@st.composite
def vaults(draw: st.DrawFn) -> tuple[list[Note], set[str]]:
    folders = draw(st.lists(st.lists(st.sampled_from(_PARTS), max_size=3), min_size=1, max_size=6))
    count = draw(st.integers(1, 12))
    notes: list[Note] = []
    without_modified: set[str] = set()
    for i in range(count):
        folder = "/".join(draw(st.sampled_from(folders)))
        path = f"{folder}/n{i}.md" if folder else f"n{i}.md"
        notes.append(
            make_note(
                path,
                tags=tuple(draw(st.sets(st.sampled_from(_TAG_POOL), max_size=3))),
                created=draw(st.none() | _moments),
                modified=draw(_moments),
            )
        )
        if draw(st.integers(0, 4)) == 0:
            without_modified.add(path)
    return notes, without_modified


@pytest.mark.slow  # property test, many examples
@settings(deadline=None, max_examples=100)
@given(vault=vaults(), data=st.data())
def test_random_vaults_and_filters_equal_the_walk(
    vault: tuple[list[Note], set[str]], data: st.DataObject
) -> None:
    notes, without_modified = vault
    directory = NoteDirectory(build_graph(notes, without_modified=without_modified))
    dates = [n.modified for n in notes] + [n.created for n in notes if n.created is not None]
    near = st.sampled_from(dates).flatmap(
        lambda d: st.sampled_from([d, d - timedelta(microseconds=1), d + timedelta(seconds=1)])
    )
    folder_pool = sorted({n.path.rsplit("/", 1)[0] for n in notes if "/" in n.path})
    folders = st.none() | st.sampled_from([*_PARTS, "a/", "/a", "a/b/", "zz", *folder_pool])
    folders |= st.sampled_from([n.path for n in notes])
    tags = st.none() | st.sampled_from([*_TAG_POOL, "#a", "#A", "a/", "B", "zz"])
    bounds = st.none() | near | _moments
    for _ in range(8):
        filters = SearchFilters(
            folder=data.draw(folders),
            tag=data.draw(tags),
            since=data.draw(bounds),
            until=data.draw(bounds),
        )
        if not (filters.folder or filters.tag or filters.date_range):
            assert directory.allowed(filters) is None
            continue
        assert_same(directory, filters)


def test_tagged_lists_the_notes_carrying_exactly_that_tag(vault_graph: LinkGraph) -> None:
    directory = NoteDirectory(vault_graph)
    index = directory.filter_index()
    notes = directory.snapshot()
    assert index.total == len(notes)
    tags = {t for m in notes.values() for t in m.tags}
    assert tags, "the fixture vault carries tags"
    for tag in tags:
        assert index.tagged(tag) == {p for p, m in notes.items() if tag in m.tags}, tag
    assert index.tagged("no-such-tag") == frozenset()


def test_the_directory_of_a_loaded_graph_is_kept_for_the_next_process(tmp_path: Path) -> None:
    import pickle

    from engine.search.directory import DirectoryCache

    notes = [make_note("A.md", tags=("x",)), make_note("B/C.md", created=T0)]
    file = tmp_path / "graph.json"
    build_graph(notes).save(file, stamp="3")
    cache = DirectoryCache(tmp_path / "directory.cache", stamp="3")

    def loaded() -> LinkGraph:
        graph = LinkGraph.load(file, expect="3")
        assert graph is not None
        return graph[0]

    first = NoteDirectory(loaded(), cache=cache).snapshot()  # built, then kept
    assert cache.path.exists()
    assert NoteDirectory(loaded(), cache=cache).snapshot() == first  # read back
    assert DirectoryCache(cache.path, stamp="4").load() is None  # another generation
    # a graph changed since it was loaded is never answered from the cache
    changed = loaded()
    changed.upsert_note(make_note("D.md"))
    assert "D.md" in NoteDirectory(changed, cache=cache).snapshot()
    # a cache holding anything but notes is refused, and the directory is built instead
    cache.path.write_bytes(pickle.dumps(("consilience.directory.1", "3", {"A.md": print})))
    assert cache.load() is None
    assert NoteDirectory(loaded(), cache=cache).snapshot() == first
