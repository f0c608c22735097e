"""Canvas boards: reading any bytes without raising, and the markdown a board becomes."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.vault.canvas import (
    Canvas,
    CanvasCard,
    CanvasEdge,
    canvas_markdown,
    note_edges,
    parse_canvas,
)
from engine.vault.markdown import extract_markdown


def raw(board: object) -> bytes:
    return json.dumps(board).encode("utf-8")


def parse(board: object | bytes) -> Canvas:
    result = parse_canvas(board if isinstance(board, bytes) else raw(board))
    assert isinstance(result, Canvas), result
    return result


def text(id: str, x: float, y: float, body: str, w: float = 200, h: float = 100) -> dict[str, Any]:
    return {"id": id, "type": "text", "x": x, "y": y, "width": w, "height": h, "text": body}


def group(id: str, x: float, y: float, w: float, h: float, label: str) -> dict[str, Any]:
    return {"id": id, "type": "group", "x": x, "y": y, "width": w, "height": h, "label": label}


def file(id: str, x: float, y: float, path: str, subpath: str | None = None) -> dict[str, Any]:
    node: dict[str, Any] = {"id": id, "type": "file", "x": x, "y": y, "width": 300, "height": 200}
    node["file"] = path
    if subpath is not None:
        node["subpath"] = subpath
    return node


def edge(id: str, source: str, target: str, label: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"id": id, "fromNode": source, "toNode": target}
    if label is not None:
        out["label"] = label
    return out


def heading_texts(markdown: str) -> list[str]:
    return [h.text for h in extract_markdown(markdown).headings]


# --- a whole board ----------------------------------------------------------------------------

BOARD: dict[str, Any] = {
    "nodes": [
        group("g", 0, 0, 1000, 700, "Research"),
        text("t1", 40, 60, "## Why do **caches** go stale?\nSee [[Cache design]] #perf"),
        text("t2", 400, 60, "- Decide the eviction policy\n- by Friday"),
        file("a", 1200, 0, "Notes/Cache design.md", "#Eviction"),
        file("b", 1200, 300, "papers/lru.pdf"),
        file("c", 1600, 300, "Notes/Benchmarks.md"),
        {
            "id": "l",
            "type": "link",
            "x": 1200,
            "y": 900,
            "width": 300,
            "height": 80,
            "url": "https://example.org/lru",
        },
        group("empty", 0, 1000, 400, 300, "Parking lot"),
    ],
    "edges": [
        edge("e1", "a", "b", "cites"),
        edge("e2", "b", "c"),
        edge("e3", "c", "a"),  # a -> b -> c -> a: a cycle
        edge("e4", "t1", "a", "explained in"),
        edge("e5", "t2", "ghost"),  # the other end does not exist
        edge("e6", "a", "a"),  # a self-edge
        edge("e7", "a", "b", "cites"),  # a repeat
    ],
}

BOARD_MARKDOWN = """\
## Research › Why do caches go stale?

**Why do caches go stale?**
See [[Cache design]] #perf

## Research › Decide the eviction policy

- Decide the eviction policy
- by Friday

## Parking lot

Group on the board.

## Links on the board

- <https://example.org/lru>

## Files on the board

- ![[Notes/Cache design.md#Eviction]]
- ![[papers/lru.pdf]]
- ![[Notes/Benchmarks.md]]

## Connections on the board

- [[Notes/Cache design.md]] → [[papers/lru.pdf]]: cites
- Why do caches go stale? → [[Notes/Cache design.md]]: explained in
- [[papers/lru.pdf]] → [[Notes/Benchmarks.md]]
- [[Notes/Benchmarks.md]] → [[Notes/Cache design.md]]
"""


def test_board_cards_edges_and_warnings() -> None:
    canvas = parse(BOARD)
    assert [c.id for c in canvas.cards] == ["g", "a", "t1", "t2", "b", "c", "l", "empty"]
    by_id = {c.id: c for c in canvas.cards}
    assert by_id["t1"].group == by_id["t2"].group == "Research"
    assert by_id["a"] == CanvasCard("a", "file", file="Notes/Cache design.md", subpath="#Eviction")
    assert by_id["l"].text == "https://example.org/lru"
    assert by_id["empty"].text == "Parking lot" and by_id["empty"].group == ""
    assert CanvasEdge("t1", "a", "explained in") in canvas.edges
    assert all("ghost" not in (e.source, e.target) for e in canvas.edges)
    assert len(canvas.edges) == 6  # the self-edge is still an edge of the board
    assert canvas.warnings == ("an edge points to a card that does not exist",)


def test_board_markdown() -> None:
    assert canvas_markdown(parse(BOARD)) == BOARD_MARKDOWN


def test_board_markdown_reads_as_one_section_per_card_with_links() -> None:
    info = extract_markdown(BOARD_MARKDOWN)
    assert [h.text for h in info.headings] == [
        "Research › Why do caches go stale?",
        "Research › Decide the eviction policy",
        "Parking lot",
        "Links on the board",
        "Files on the board",
        "Connections on the board",
    ]
    assert {h.level for h in info.headings} == {2}
    embeds = [(link.target, link.heading) for link in info.embeds]
    assert embeds == [
        ("Notes/Cache design.md", "Eviction"),
        ("papers/lru.pdf", None),
        ("Notes/Benchmarks.md", None),
    ]
    targets = {link.target for link in info.links}
    assert targets == {
        "Cache design",
        "Notes/Cache design.md",
        "papers/lru.pdf",
        "Notes/Benchmarks.md",
    }


def test_note_edges_between_files() -> None:
    assert note_edges(parse(BOARD)) == (
        ("Notes/Cache design.md", "papers/lru.pdf", "cites"),
        ("papers/lru.pdf", "Notes/Benchmarks.md", ""),
        ("Notes/Benchmarks.md", "Notes/Cache design.md", ""),
    )


def test_same_file_on_two_cards_is_no_edge() -> None:
    board = {
        "nodes": [file("a", 0, 0, "A.md"), file("a2", 0, 500, "A.md", "#Part")],
        "edges": [edge("e", "a", "a2", "same")],
    }
    canvas = parse(board)
    assert len(canvas.edges) == 1
    assert note_edges(canvas) == ()
    assert "Connections on the board" not in canvas_markdown(canvas)
    assert canvas_markdown(canvas).count("![[A.md") == 2  # the embed with the subpath differs


def test_output_is_deterministic_whatever_the_node_order() -> None:
    expected = canvas_markdown(parse(BOARD))
    shuffled = dict(BOARD)
    nodes = list(BOARD["nodes"])
    random.Random(7).shuffle(nodes)
    shuffled["nodes"] = nodes
    assert nodes != BOARD["nodes"]
    assert canvas_markdown(parse(shuffled)) == expected
    assert canvas_markdown(parse(BOARD)) == expected


# --- reading order and groups -----------------------------------------------------------------


def test_reading_order_is_by_y_then_x() -> None:
    board = {
        "nodes": [
            text("low", 0, 500, "Low"),
            text("right", 300, 0, "Right"),
            text("left", -300, 0, "Left"),
            text("mid", 1000, 250, "Mid"),
        ]
    }
    canvas = parse(board)
    assert [c.id for c in canvas.cards] == ["left", "right", "mid", "low"]
    assert heading_texts(canvas_markdown(canvas)) == ["Left", "Right", "Mid", "Low"]


def test_nested_groups_innermost_wins() -> None:
    board = {
        "nodes": [
            group("outer", 0, 0, 1000, 1000, "Outer"),
            group("inner", 100, 100, 400, 400, "Inner"),
            group("nameless", 120, 120, 300, 300, ""),
            text("in_inner", 150, 150, "Deep card"),
            text("in_outer", 600, 600, "Shallow card"),
            text("half_out", 900, 900, "Half out"),  # reaches past the outer group's edge
            text("outside", 2000, 0, "Outside"),
        ]
    }
    by_id = {c.id: c for c in parse(board).cards}
    assert by_id["in_inner"].group == "Inner"  # the unlabelled group inside names nothing
    assert by_id["in_outer"].group == "Outer"
    assert by_id["inner"].group == "Outer"
    assert by_id["half_out"].group == ""
    assert by_id["outside"].group == ""
    assert by_id["outer"].group == ""
    headings = heading_texts(canvas_markdown(parse(board)))
    assert headings == ["Outside", "Inner › Deep card", "Outer › Shallow card", "Half out"]


def test_groups_of_the_same_size_do_not_hold_each_other() -> None:
    board = {
        "nodes": [
            group("first", 0, 0, 500, 500, "First"),
            group("second", 0, 0, 500, 500, "Second"),
            text("t", 10, 10, "Card"),
        ]
    }
    by_id = {c.id: c for c in parse(board).cards}
    assert by_id["second"].group == "First"
    assert by_id["first"].group == ""
    assert by_id["t"].group == "Second"


def test_group_without_text_card_is_a_section_of_its_own() -> None:
    board = {
        "nodes": [
            group("g", 0, 0, 800, 800, "Reading list"),
            file("f", 10, 10, "Books/Dune.md"),
            group("unnamed", 2000, 0, 100, 100, ""),
        ]
    }
    markdown = canvas_markdown(parse(board))
    assert markdown.startswith("## Reading list\n\nGroup on the board.\n\n## Files on the board")
    assert heading_texts(markdown) == ["Reading list", "Files on the board"]


# --- labels and card text ---------------------------------------------------------------------


def test_card_headings_become_bold_but_not_in_code() -> None:
    body = (
        "# Plan\nIntro with [[Link]] and #tag\n\n```python\n# not a heading\nx = 1\n```\n"
        "### Next steps ###\n~~~\n## also code\n~~~"
    )
    markdown = canvas_markdown(parse({"nodes": [text("t", 0, 0, body)]}))
    assert markdown == (
        "## Plan\n\n**Plan**\nIntro with [[Link]] and #tag\n\n```python\n# not a heading\n"
        "x = 1\n```\n**Next steps**\n~~~\n## also code\n~~~\n"
    )
    assert heading_texts(markdown) == ["Plan"]


def test_unclosed_fence_or_comment_does_not_swallow_the_next_card() -> None:
    board = {
        "nodes": [
            text("a", 0, 0, "Open fence\n````js\nlet x\n```\n"),
            text("b", 0, 200, "Open comment %% hidden"),
            text("c", 0, 400, "> [!note]\n> ```\n> quoted code"),
            text("d", 0, 600, "Last card"),
        ]
    }
    markdown = canvas_markdown(parse(board))
    assert heading_texts(markdown) == [
        "Open fence",
        "Open comment % hidden",
        "[!note]",
        "Last card",
    ]
    assert "let x\n```\n````\n\n## Open comment" in markdown
    assert "Open comment %% hidden\n%%\n\n" in markdown


def test_label_is_plain_and_cut_at_a_word_boundary() -> None:
    long_line = "Alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi"
    board = {
        "nodes": [
            group("g", 0, 0, 4000, 4000, "A group label that is rather long, longer than forty"),
            text("t", 10, 10, f"\n\n  - [ ] **{long_line}**\nmore"),
            text("u", 10, 300, "1. See [[Folder/Note|the note]] and [site](https://x.org) *now*"),
            text("v", 10, 600, "```\n```"),
            text("w", 10, 900, "2 * 3 * 4 and snake__case__name and 100%% done"),
        ]
    }
    headings = heading_texts(canvas_markdown(parse(board)))
    group_part = "A group label that is rather long,…"
    assert (
        headings[0] == f"{group_part} › Alpha beta gamma delta epsilon zeta eta theta iota kappa…"
    )
    assert len(group_part) <= 40
    assert len(headings[0].split(" › ")[1]) <= 60
    assert headings[1] == f"{group_part} › See the note and site now"
    assert headings[2] == f"{group_part} › Text card"
    assert headings[3] == f"{group_part} › 2 * 3 * 4 and snake__case__name and 100% done"


def test_empty_text_cards_are_not_sections_but_count_for_edges() -> None:
    board = {
        "nodes": [text("t", 0, 0, "  \n "), file("f", 500, 0, "A.md"), text("u", 0, 300, "Idea")],
        "edges": [edge("e", "t", "f"), edge("e2", "u", "f", "  supports\n strongly ")],
    }
    markdown = canvas_markdown(parse(board))
    assert heading_texts(markdown) == ["Idea", "Files on the board", "Connections on the board"]
    assert "- Text card → [[A.md]]\n- Idea → [[A.md]]: supports strongly\n" in markdown


def test_file_path_a_wikilink_cannot_hold_is_plain_text() -> None:
    board = {"nodes": [file("f", 0, 0, "Odd [draft] #1.md"), file("g", 0, 300, "Ok.md", "Part")]}
    markdown = canvas_markdown(parse(board))
    assert "- Odd [draft] #1.md\n- ![[Ok.md#Part]]\n" in markdown
    assert [link.target for link in extract_markdown(markdown).embeds] == ["Ok.md"]


def test_empty_board() -> None:
    for board in (b"", b"  \n", b"{}", raw({"nodes": [], "edges": []})):
        canvas = parse(board)
        assert canvas.cards == () and canvas.edges == ()
        assert canvas_markdown(canvas) == ""
        assert note_edges(canvas) == ()


def test_board_with_nothing_to_search_is_empty_markdown() -> None:
    canvas = parse({"nodes": [text("t", 0, 0, ""), group("g", 0, 0, 10, 10, "")]})
    assert len(canvas.cards) == 2
    assert canvas_markdown(canvas) == ""


# --- broken files -----------------------------------------------------------------------------


def test_malformed_json() -> None:
    result = parse_canvas(b'{\n  "nodes": [\n    {"id": "a",, }\n  ]\n}')
    assert isinstance(result, str)
    assert result.startswith("not a canvas: malformed JSON at line 3, column")


def test_json_that_is_not_an_object() -> None:
    assert parse_canvas(b"[1, 2]") == "not a canvas: the JSON is a list, not an object"
    assert parse_canvas(b"null") == "not a canvas: the JSON is null, not an object"
    assert parse_canvas(b'"nodes"') == "not a canvas: the JSON is a string, not an object"


def test_nodes_that_is_not_a_list() -> None:
    assert parse_canvas(b'{"nodes": {"a": 1}}') == "not a canvas: 'nodes' is an object, not a list"
    assert parse_canvas(b'{"nodes": 3}') == "not a canvas: 'nodes' is a number, not a list"


def test_edges_that_is_not_a_list_is_a_warning() -> None:
    canvas = parse({"nodes": [text("t", 0, 0, "Card")], "edges": "none"})
    assert canvas.edges == ()
    assert canvas.warnings == ("'edges' is a string, not a list; no edges were read",)
    assert heading_texts(canvas_markdown(canvas)) == ["Card"]


def test_nodes_that_are_not_objects_are_left_out() -> None:
    canvas = parse({"nodes": [1, "x", None, [text("n", 0, 0, "Nested")], text("t", 0, 0, "Kept")]})
    assert [c.id for c in canvas.cards] == ["t"]
    assert canvas.warnings == ("4 nodes that are not objects were left out",)


def test_missing_duplicate_and_unknown_cards_are_left_out() -> None:
    nodes = [
        {"type": "text", "x": 0, "y": 0, "width": 1, "height": 1, "text": "no id"},
        {**text("", 0, 0, "empty id")},
        {**text("x", 0, 0, "first")},
        {**text("x", 0, 10, "second")},
        {"id": "s", "type": "sticky", "x": 0, "y": 0, "width": 1, "height": 1},
        {"id": "f", "type": "file", "x": 0, "y": 0, "width": 1, "height": 1},
        {"id": "l", "type": "link", "x": 0, "y": 0, "width": 1, "height": 1, "url": " "},
    ]
    canvas = parse({"nodes": nodes, "edges": [edge("e", "x", "s"), edge("e2", "x", None)]})  # type: ignore[arg-type]
    assert [c.text for c in canvas.cards] == ["first"]
    assert canvas.edges == ()
    assert canvas.warnings == (
        "2 cards without an id were left out",
        "a card that repeats an earlier card's id was left out",
        "a card of unknown type was left out",
        "a file card without a file path was left out",
        "a link card without a url was left out",
        "2 edges point to cards that do not exist",
    )


def test_wrong_typed_fields() -> None:
    nodes = [
        {**text("a", 0, 0, "A"), "x": "300"},  # a numeric string is still read
        {**text("b", 0, 0, "B"), "x": "left", "width": [1]},  # unreadable: 0
        {**text("c", 100, 0, ""), "text": 42},
        {**text("d", 200, 0, ""), "text": {"md": "x"}},
        {**text("e", 50, 0, "E"), "y": True},
        {**group("g", 0, 0, 10, 10, ""), "label": 7},
    ]
    canvas = parse({"nodes": nodes, "edges": [{**edge("e", "a", "b"), "label": ["x"]}]})
    assert [c.id for c in canvas.cards] == ["b", "g", "e", "c", "d", "a"]
    by_id = {c.id: c for c in canvas.cards}
    assert by_id["c"].text == "42"
    assert by_id["d"].text == ""
    assert by_id["g"].text == "7"
    assert canvas.edges == (CanvasEdge("a", "b", ""),)
    assert canvas.warnings == ("8 fields are missing or have the wrong type",)


def test_utf8_bom() -> None:
    canvas = parse(b"\xef\xbb\xbf" + raw({"nodes": [text("t", 0, 0, "Caf\u00e9")]}))
    assert canvas.cards[0].text == "Caf\u00e9"
    assert canvas.warnings == ()


def test_utf16_bom() -> None:
    data = json.dumps({"nodes": [text("t", 0, 0, "Tee")]}).encode("utf-16")
    assert parse(data).cards[0].text == "Tee"


def test_invalid_utf8_is_replaced() -> None:
    data = b'{"nodes": [{"id": "t", "type": "text", "x": 0, "y": 0, "text": "bad \xff\xfe byte"}]}'
    canvas = parse(data)
    assert canvas.cards[0].text == "bad \ufffd\ufffd byte"
    assert canvas.warnings[0] == "invalid UTF-8 bytes replaced with '\ufffd'"


def test_hostile_numbers_nesting_and_escapes() -> None:
    huge = b"9" * 5000
    data = b'{"nodes": [{"id": "a", "type": "text", "x": ' + huge + b', "y": 1e999, "text": "A"}]}'
    canvas = parse(data)
    assert canvas.cards[0].text == "A"
    # x and y are not finite, width and height are missing: each is read as 0
    assert canvas.warnings == ("4 fields are missing or have the wrong type",)

    assert parse_canvas(b"[" * 100_000) in (
        "not a canvas: the JSON is nested too deeply",
        "not a canvas: malformed JSON at line 1, column 100001: Expecting value",
    )
    nan = parse(b'{"nodes": [{"id": "a", "type": "text", "x": NaN, "y": -Infinity, "text": "A"}]}')
    assert nan.cards[0].text == "A"

    lone = parse(b'{"nodes": [{"id": "a", "type": "text", "x": 0, "y": 0, "text": "x\\ud800y"}]}')
    assert lone.cards[0].text == "x\ufffdy"
    canvas_markdown(lone).encode("utf-8")  # no lone surrogate left to fail the write


def test_crlf_and_nul_in_card_text() -> None:
    canvas = parse({"nodes": [text("t", 0, 0, "Title\r\n# Head\r\nbody\x00 end")]})
    assert canvas.cards[0].text == "Title\n# Head\nbody end"
    assert canvas_markdown(canvas) == "## Title\n\nTitle\n**Head**\nbody end\n"


# --- properties -------------------------------------------------------------------------------


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400))
def test_any_bytes_give_a_canvas_or_a_reason(data: bytes) -> None:
    result = parse_canvas(data)
    assert isinstance(result, (Canvas, str))
    if isinstance(result, str):
        assert result.startswith("not a canvas")
    else:
        canvas_markdown(result).encode("utf-8")


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)
_field_values = st.one_of(_json, st.sampled_from(["text", "file", "link", "group", "a", "b"]))
_node_keys = st.sampled_from(
    ["id", "type", "x", "y", "width", "height", "text", "file", "subpath", "url", "label"]
)
_junk_nodes = st.lists(st.dictionaries(_node_keys, _field_values, max_size=11) | _json, max_size=6)
_junk_edges = st.lists(
    st.dictionaries(st.sampled_from(["id", "fromNode", "toNode", "label"]), _field_values),
    max_size=6,
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_junk_nodes, _junk_edges)
def test_any_json_board_gives_a_canvas_or_a_reason(nodes: list[Any], edges: list[Any]) -> None:
    result = parse_canvas(json.dumps({"nodes": nodes, "edges": edges}).encode("utf-8"))
    assert isinstance(result, Canvas)
    canvas_markdown(result).encode("utf-8")
    note_edges(result)


_markdownish = st.text(alphabet="#`~%>-*_[]|!\n \tab1", max_size=60)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_markdownish, min_size=1, max_size=5))
def test_every_text_card_is_exactly_one_section(bodies: list[str]) -> None:
    nodes = [text(f"t{i}", 0, i * 200, body) for i, body in enumerate(bodies)]
    canvas = parse({"nodes": nodes})
    markdown = canvas_markdown(canvas)
    expected = sum(1 for body in bodies if body.strip())
    headings = extract_markdown(markdown).headings
    assert len(headings) == expected
    assert all(h.level == 2 for h in headings)
    assert all(markdown.split("\n")[h.line].startswith("## ") for h in headings)
