"""Reading notes: decoding, properties, dates, limits; never an exception."""

from __future__ import annotations

import hashlib
import os
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.model import Note, SkippedFile
from engine.vault.reader import BINARY_REASON, parse_date, parse_note, read_note

MTIME = datetime(2025, 6, 1, 12, 0, tzinfo=UTC)


def parse(text: str | bytes, path: str = "Folder/My Note.md") -> Note:
    raw = text.encode("utf-8") if isinstance(text, str) else text
    result = parse_note(path, raw, mtime=MTIME)
    assert isinstance(result, Note), result
    return result


# --- decoding ---------------------------------------------------------------------------------


def test_utf8_note_with_everything() -> None:
    text = (
        "---\ntitle: The Plan\naliases: [Plan, Roadmap]\ntags: [Project, work/q1]\n"
        "created: 2024-01-02\nmodified: 2024-02-03T04:05:06+02:00\n---\n"
        "# Goals #Focus\nSee [[Other]] and ![[Pic.png]].\n"
    )
    note = parse(text)
    assert note.title == "The Plan"
    assert note.aliases == ("Plan", "Roadmap")
    assert note.tags == ("project", "work/q1", "focus")
    assert note.created == datetime(2024, 1, 2, tzinfo=UTC)
    assert note.modified == datetime(2024, 2, 3, 2, 5, 6, tzinfo=UTC)
    assert note.headings[0].text == "Goals #Focus" and note.headings[0].line == 7
    assert [link.target for link in note.links] == ["Other"]
    assert [link.target for link in note.embeds] == ["Pic.png"]
    assert note.body_line_offset == 7
    assert note.content_hash == hashlib.sha256(text.encode()).hexdigest()
    assert note.size == len(text.encode())
    assert note.warnings == ()


def test_crlf_is_normalised() -> None:
    note = parse(b"---\r\ntags: a\r\n---\r\nline one\r\nline two #b\r\n")
    assert note.body == "line one\nline two #b\n"
    assert note.tags == ("a", "b")
    assert "\r" not in note.body


def test_utf8_bom() -> None:
    note = parse(b"\xef\xbb\xbf---\ntitle: Bom\n---\nbody")
    assert note.title == "Bom"
    assert note.body == "body"


@pytest.mark.parametrize("codec", ["utf-16", "utf-16-be", "utf-32"])
def test_utf16_and_utf32_with_bom(codec: str) -> None:
    text = "---\ntags: [été]\n---\nCafé ☕ #chaud\n"
    raw = text.encode(codec)
    if codec == "utf-16-be":
        raw = b"\xfe\xff" + raw
    note = parse(raw)
    assert note.body == "Café ☕ #chaud\n"
    assert note.tags == ("été", "chaud")
    assert note.warnings == ()


def test_latin1_is_read_as_windows_1252_with_warning() -> None:
    note = parse("Caf\xe9 \u20ac #r\xe9sum\xe9".encode("cp1252"))
    assert note.body == "Café € #résumé"
    assert note.tags == ("résumé",)
    assert note.warnings == ("not UTF-8; read as Windows-1252",)


def test_bytes_undefined_in_cp1252_still_decode() -> None:
    note = parse(b"abc \x81\x8d\x8f\x90\x9d \xe9")
    assert note.body.startswith("abc ")
    assert "not UTF-8" in note.warnings[0]


@pytest.mark.parametrize(
    "raw",
    [
        b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4,
        b"\x00" * 4096,
        bytes(range(1, 32)) * 100,
        b"text with a nul \x00 and invalid utf8 \xff\xfe\xfd",
    ],
    ids=["png", "zeros", "controls", "nul-not-utf8"],
)
def test_binary_files_are_skipped(raw: bytes) -> None:
    result = parse_note("bin.md", raw, mtime=MTIME)
    assert result == SkippedFile("bin.md", BINARY_REASON)


def test_stray_nul_in_valid_utf8_is_removed() -> None:
    note = parse(b"hello\x00 world " + b"x" * 200)
    assert "\x00" not in note.body
    assert note.body.startswith("hello world")


def test_empty_file() -> None:
    note = parse(b"", path="Empty.md")
    assert note.title == "Empty"
    assert note.body == ""
    assert note.tags == () and note.links == () and note.headings == ()
    assert note.modified == MTIME
    assert note.created is None


# --- frontmatter trouble ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "warning"),
    [
        ("---\ntitle: [broken\n---\nbody #t", "not valid YAML"),
        ("---\n- a\n- b\n---\nbody #t", "a list"),
        ("---\nplain words\n---\nbody #t", "single value"),
    ],
)
def test_broken_frontmatter_still_reads_the_note(text: str, warning: str) -> None:
    note = parse(text, path="N.md")
    assert note.frontmatter == {}
    assert note.title == "N"
    assert note.body == "body #t"
    assert note.tags == ("t",)
    assert any(warning in w for w in note.warnings)


def test_unclosed_frontmatter_is_body() -> None:
    note = parse("---\ntags: x\nno end #inline")
    assert note.frontmatter == {}
    assert note.tags == ("inline",)
    assert note.body.startswith("---")
    assert note.body_line_offset == 0
    assert any("never closed" in w for w in note.warnings)


def test_alias_bomb_in_a_note_is_refused_quickly() -> None:
    lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
    names = "abcdefghij"
    for i in range(1, 10):
        lines.append(f"{names[i]}: &{names[i]} [" + ",".join([f"*{names[i - 1]}"] * 9) + "]")
    started = time.perf_counter()
    note = parse("---\n" + "\n".join(lines) + "\n---\nbody")
    assert time.perf_counter() - started < 1.0
    assert note.frontmatter == {}
    assert note.body == "body"


# --- properties -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("frontmatter", "expected"),
    [
        ("tags: [a, B, '#c']", ("a", "b", "c")),
        ("tags: a, b c", ("a", "b", "c")),
        ("tags: '#one #two'", ("one", "two")),
        ("tag: single", ("single",)),
        ("tags:\n  - nested/Tag\n  - 2024\n  - x2024", ("nested/tag", "x2024")),
        ("tags: []", ()),
        ("tags:", ()),
        ("tags: {a: 1}", ()),
    ],
)
def test_frontmatter_tags_list_or_string(frontmatter: str, expected: tuple[str, ...]) -> None:
    assert parse(f"---\n{frontmatter}\n---\n").tags == expected


def test_tags_are_deduplicated_case_insensitively_in_order() -> None:
    note = parse("---\ntags: [Alpha, beta]\n---\n#ALPHA #gamma #Beta #gamma")
    assert note.tags == ("alpha", "beta", "gamma")


@pytest.mark.parametrize(
    ("frontmatter", "expected"),
    [
        ("aliases: [One, Two]", ("One", "Two")),
        ("aliases: One, Two", ("One", "Two")),
        ("alias: Solo", ("Solo",)),
        ("aliases: [A, a, '']", ("A",)),
        ("aliases:", ()),
    ],
)
def test_aliases(frontmatter: str, expected: tuple[str, ...]) -> None:
    assert parse(f"---\n{frontmatter}\n---\n").aliases == expected


def test_title_falls_back_to_the_file_stem() -> None:
    assert parse("---\ntitle: ''\n---\n", path="a/b.c.md").title == "b.c"
    assert parse("---\ntitle: 1984\n---\n").title == "1984"
    assert parse("---\ntitle: [x]\n---\n", path="Q.md").title == "Q"


# --- dates ------------------------------------------------------------------------------------


def test_daily_note_name_gives_created() -> None:
    assert parse(b"", path="Daily/2024-03-15.md").created == datetime(2024, 3, 15, tzinfo=UTC)
    assert parse(b"", path="Journal 2023-12-31 evening.md").created == datetime(
        2023, 12, 31, tzinfo=UTC
    )
    assert parse(b"", path="2023-02-30.md").created is None


def test_frontmatter_date_wins_over_file_name() -> None:
    note = parse("---\ndate: 2020-05-06\n---\n", path="2024-03-15.md")
    assert note.created == datetime(2020, 5, 6, tzinfo=UTC)


@pytest.mark.parametrize("key", ["created", "date", "created_at"])
def test_created_keys(key: str) -> None:
    assert parse(f"---\n{key}: 2021-07-08\n---\n").created == datetime(2021, 7, 8, tzinfo=UTC)


@pytest.mark.parametrize("key", ["modified", "updated", "updated_at", "last_modified"])
def test_modified_keys(key: str) -> None:
    note = parse(f"---\n{key}: 2022-01-01T10:00:00Z\n---\n")
    assert note.modified == datetime(2022, 1, 1, 10, tzinfo=UTC)


def test_unparseable_date_warns_and_falls_back() -> None:
    note = parse("---\ncreated: '{{date}}'\nmodified: someday\n---\n", path="x.md")
    assert note.created is None
    assert note.modified == MTIME
    assert len([w for w in note.warnings if "not a date" in w]) == 2


def test_impossible_yaml_date_falls_back_with_warning() -> None:
    note = parse("---\ncreated: 2023-02-30\n---\n", path="x.md")
    assert note.created is None
    assert any("not a date" in w for w in note.warnings)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("2024-01-02", datetime(2024, 1, 2, tzinfo=UTC)),
        ("2024-01-02T03:04:05", datetime(2024, 1, 2, 3, 4, 5, tzinfo=UTC)),
        ("2024-01-02T03:04:05+01:00", datetime(2024, 1, 2, 2, 4, 5, tzinfo=UTC)),
        ("2024/01/02", datetime(2024, 1, 2, tzinfo=UTC)),
        ("02.01.2024", datetime(2024, 1, 2, tzinfo=UTC)),
        ("January 2, 2024", datetime(2024, 1, 2, tzinfo=UTC)),
        (1704153600, datetime(2024, 1, 2, tzinfo=UTC)),
        (1704153600000, datetime(2024, 1, 2, tzinfo=UTC)),
        ("yesterday", None),
        (True, None),
        (2024, None),
    ],
)
def test_parse_date(value: object, expected: datetime | None) -> None:
    assert parse_date(value) == expected


def test_all_dates_are_utc_aware() -> None:
    note = parse("---\ncreated: 2024-01-02 10:00\n---\n", path="n.md")
    assert note.created is not None and note.created.tzinfo is not None
    assert note.modified.utcoffset() is not None


def test_naive_mtime_is_taken_as_utc() -> None:
    result = parse_note("n.md", b"x", mtime=datetime(2025, 1, 1, 8, 0))
    assert isinstance(result, Note)
    assert result.modified == datetime(2025, 1, 1, 8, 0, tzinfo=UTC)


# --- files ------------------------------------------------------------------------------------


def test_read_note_from_disk(tmp_path: Path) -> None:
    (tmp_path / "Sub").mkdir()
    (tmp_path / "Sub" / "N.md").write_bytes(b"# Hi\nbody #t")
    os.utime(tmp_path / "Sub" / "N.md", (1_700_000_000, 1_700_000_000))
    note = read_note(tmp_path, "Sub/N.md")
    assert isinstance(note, Note)
    assert note.path == "Sub/N.md"
    assert note.tags == ("t",)
    assert note.modified == datetime.fromtimestamp(1_700_000_000, tz=UTC)


def test_too_big_file_is_skipped_with_size_and_limit(tmp_path: Path) -> None:
    (tmp_path / "big.md").write_bytes(b"x" * 2000)
    result = read_note(tmp_path, "big.md", max_bytes=1000)
    assert isinstance(result, SkippedFile)
    assert "2,000" in result.reason and "1,000" in result.reason


def test_missing_and_unreadable_files_are_skipped(tmp_path: Path) -> None:
    missing = read_note(tmp_path, "gone.md")
    assert isinstance(missing, SkippedFile) and "No such file" in missing.reason
    (tmp_path / "folder.md").mkdir()
    as_dir = read_note(tmp_path, "folder.md")
    assert isinstance(as_dir, SkippedFile) and "cannot read" in as_dir.reason


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root can read anything")
def test_permission_denied_is_skipped(tmp_path: Path) -> None:
    path = tmp_path / "secret.md"
    path.write_text("x")
    path.chmod(0)
    try:
        result = read_note(tmp_path, "secret.md")
    finally:
        path.chmod(0o644)
    assert isinstance(result, SkippedFile) and "denied" in result.reason.lower()


def test_permission_denied_even_as_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import engine.vault.reader as reader_module

    (tmp_path / "secret.md").write_text("x")

    def denied(*_args: object, **_kwargs: object) -> object:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(reader_module, "open", denied, raising=False)
    result = read_note(tmp_path, "secret.md")
    assert result == SkippedFile("secret.md", "cannot read file: Permission denied")


@pytest.mark.slow  # a 20 MB note
def test_twenty_megabyte_note_reads_in_reasonable_time() -> None:
    prose = "Plain sentences of an ordinary long note, nothing special in them. " * 6
    paragraph = prose + "Then a #tag, a [[Link]] and `code`.\n\n"
    raw = (paragraph * (20_000_000 // len(paragraph))).encode()
    started = time.perf_counter()
    result = parse_note("huge.md", raw, mtime=MTIME)
    elapsed = time.perf_counter() - started
    assert isinstance(result, Note)
    assert result.tags == ("tag",)
    assert len(result.links) == 20_000_000 // len(paragraph)
    assert elapsed < 20.0


# --- never raises -----------------------------------------------------------------------------

_MARKDOWN_BITS = st.sampled_from(
    [
        "---\n", "---", "\n", "\r\n", "#", "# ", "##", "[[", "]]", "![[", "|", "#^", "[", "]",
        "(", ")", "<", ">", "`", "```", "~~~", "%%", "> [!note]", "tags: ", "aliases: ",
        "created: ", "&a ", "*a", "- ", ":", "{", "}", "\ufeff", "\x00", "é", "中", "🚀", "\\",
        "http://x", "%20", "2024-02-30",
    ]
)  # fmt: skip
_TEXTISH = st.lists(st.one_of(_MARKDOWN_BITS, st.text(max_size=8)), max_size=40).map("".join)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(raw=st.one_of(st.binary(max_size=2000), _TEXTISH.map(lambda s: s.encode("utf-8"))))
def test_parse_note_never_raises(raw: bytes) -> None:
    result = parse_note("fuzz/Note.md", raw, mtime=MTIME)
    if isinstance(result, SkippedFile):
        assert result.reason == BINARY_REASON
        return
    assert result.path == "fuzz/Note.md"
    assert "\r" not in result.body and "\x00" not in result.body
    assert all(tag == tag.lower() and tag for tag in result.tags)
    assert result.modified.tzinfo is not None
    assert len(result.tags) == len(set(result.tags))


@settings(max_examples=100, deadline=None)
@given(text=_TEXTISH, codec=st.sampled_from(["utf-16", "utf-8-sig", "utf-32"]))
def test_bom_encodings_round_trip(text: str, codec: str) -> None:
    clean = text.replace("\x00", "")
    result = parse_note("n.md", clean.encode(codec, errors="surrogatepass"), mtime=MTIME)
    assert isinstance(result, Note)
    expected = clean.replace("\r\n", "\n").replace("\r", "\n")
    assert expected.lstrip("\ufeff").endswith(result.body)
