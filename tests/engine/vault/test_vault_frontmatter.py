"""Frontmatter splitting and safe YAML parsing."""

from __future__ import annotations

import time

import pytest

from engine.vault import frontmatter
from engine.vault.frontmatter import MAX_FRONTMATTER_BYTES, split_frontmatter


def test_plain_frontmatter_and_body_offset() -> None:
    result = split_frontmatter("---\ntitle: Plan\ntags: [a, b]\n---\n# Heading\nbody\n")
    assert result.frontmatter == {"title": "Plan", "tags": ["a", "b"]}
    assert result.body == "# Heading\nbody\n"
    assert result.body_line_offset == 4
    assert result.warnings == ()
    assert result.has_frontmatter


def test_no_frontmatter_means_whole_text_is_body() -> None:
    result = split_frontmatter("# Title\n---\nnot: yaml\n---\n")
    assert result.frontmatter == {}
    assert result.body.startswith("# Title")
    assert result.body_line_offset == 0
    assert not result.has_frontmatter


def test_unclosed_frontmatter_is_body_with_warning() -> None:
    text = "---\ntitle: never closed\nsome text\n"
    result = split_frontmatter(text)
    assert result.frontmatter == {}
    assert result.body == text
    assert result.body_line_offset == 0
    assert any("never closed" in w for w in result.warnings)


def test_crlf_and_bom_are_handled() -> None:
    result = split_frontmatter("\ufeff---\r\ntitle: Windows\r\n---\r\nline one\r\nline two")
    assert result.frontmatter == {"title": "Windows"}
    assert result.body == "line one\nline two"
    assert result.body_line_offset == 3


def test_closing_line_at_end_of_file_without_newline() -> None:
    result = split_frontmatter("---\na: 1\n---")
    assert result.frontmatter == {"a": 1}
    assert result.body == ""
    assert result.body_line_offset == 3


def test_empty_frontmatter_block() -> None:
    result = split_frontmatter("---\n---\nbody")
    assert result.frontmatter == {}
    assert result.warnings == ()
    assert result.body == "body"
    assert result.body_line_offset == 2


def test_broken_yaml_keeps_body_and_warns() -> None:
    result = split_frontmatter("---\ntitle: [unclosed\n---\nbody text\n")
    assert result.frontmatter == {}
    assert result.body == "body text\n"
    assert any("not valid YAML" in w for w in result.warnings)


def test_list_and_scalar_frontmatter_are_refused() -> None:
    as_list = split_frontmatter("---\n- a\n- b\n---\nbody")
    scalar = split_frontmatter("---\njust a sentence\n---\nbody")
    assert as_list.frontmatter == {} and scalar.frontmatter == {}
    assert any("a list" in w for w in as_list.warnings)
    assert any("single value" in w for w in scalar.warnings)
    assert as_list.body == "body" and scalar.body == "body"


def test_values_become_json_safe() -> None:
    text = (
        "---\n"
        "created: 2024-03-05\n"
        "when: 2024-03-05 10:30:00\n"
        "2: two\n"
        "true: yes\n"
        "nan: .nan\n"
        "blob: !!binary aGVsbG8=\n"
        "bad_date: 2023-02-30\n"
        "nested: {a: [1, 2.5, null]}\n"
        "---\n"
    )
    fm = split_frontmatter(text).frontmatter
    assert fm["created"] == "2024-03-05"
    assert fm["when"] == "2024-03-05T10:30:00"
    assert fm["2"] == "two"
    assert fm["true"] is True
    assert fm["nan"] == "nan"
    assert fm["blob"] == "<5 bytes of binary data>"
    assert fm["bad_date"] == "2023-02-30"
    assert fm["nested"] == {"a": [1, 2.5, None]}


def test_arbitrary_python_objects_are_refused() -> None:
    result = split_frontmatter("---\nx: !!python/object/apply:os.system ['echo hi']\n---\nbody")
    assert result.frontmatter == {}
    assert result.warnings


def test_alias_bomb_is_refused_quickly() -> None:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i, name in enumerate("bcdefghi"):
        prev = "abcdefghi"[i]
        lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    text = "---\n" + "\n".join(lines) + "\n---\nbody"
    started = time.perf_counter()
    result = split_frontmatter(text)
    assert time.perf_counter() - started < 1.0
    assert result.frontmatter == {}
    assert any("alias" in w for w in result.warnings)
    assert result.body == "body"


def test_few_aliases_expanding_exponentially_are_refused() -> None:
    # 25 levels x 2 aliases = 50 references, but 2**25 values once expanded
    lines = ["l0: &l0 [x, y]"]
    for i in range(1, 26):
        lines.append(f"l{i}: &l{i} [*l{i - 1}, *l{i - 1}]")
    text = "---\n" + "\n".join(lines) + "\n---\n"
    started = time.perf_counter()
    result = split_frontmatter(text)
    assert time.perf_counter() - started < 1.0
    assert result.frontmatter == {}
    assert result.warnings


def test_a_few_aliases_are_fine() -> None:
    result = split_frontmatter("---\nbase: &b {x: 1}\ncopy: *b\n---\n")
    assert result.frontmatter == {"base": {"x": 1}, "copy": {"x": 1}}


def test_oversized_frontmatter_is_ignored() -> None:
    big = "---\n" + "k: " + "v" * (MAX_FRONTMATTER_BYTES + 10) + "\n---\nbody"
    result = split_frontmatter(big)
    assert result.frontmatter == {}
    assert result.body == "body"
    assert any("limit" in w for w in result.warnings)


def test_deeply_nested_yaml_does_not_crash() -> None:
    result = split_frontmatter("---\nx: " + "[" * 5000 + "]" * 5000 + "\n---\nbody")
    assert result.body == "body"
    assert result.frontmatter == {} or "x" in result.frontmatter


def test_duplicate_keys_warn_and_last_wins() -> None:
    result = split_frontmatter("---\ntags: a\ntags: b\n---\n")
    assert result.frontmatter == {"tags": "b"}
    assert any("duplicate" in w for w in result.warnings)


def test_second_block_is_body_text() -> None:
    result = split_frontmatter("---\na: 1\n---\n---\nb: 2\n---\n")
    assert result.frontmatter == {"a": 1}
    assert result.body == "---\nb: 2\n---\n"


def test_control_characters_in_frontmatter_are_a_warning_not_a_crash() -> None:
    """Found by Hypothesis: PyYAML rejects control characters when the loader is built."""
    from datetime import UTC, datetime

    from engine.model import Note
    from engine.vault.reader import parse_note

    note = parse_note("n.md", b"---\ntitle: a\x1fb\n---\nbody text", mtime=datetime.now(UTC))
    assert isinstance(note, Note)
    assert note.frontmatter == {} and "body text" in note.body
    assert any("not valid YAML" in w for w in note.warnings)


def test_libyaml_and_the_limited_loader_read_frontmatter_alike(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Alias-free blocks go to libyaml (faster); it must read them as the pure-Python loader
    does: values, tolerated bad dates, duplicate-key warnings, and a warning for broken YAML.
    Blocks with aliases keep the loader that counts them; lone surrogates fall back to it."""
    assert frontmatter._CLoader is not None, "PyYAML without libyaml: the fast path is unused"
    blocks = [
        "title: Plan\ntags: [a, b]\ndate: 2024-01-02\nwhen: 2024-01-02T03:04:05Z\n",
        "due: 2023-02-30\nn: 1_000\nhex: 0x1F\nok: yes\nnone: ~\nf: .nan\n",
        "a: 1\na: 2\nnested:\n  list:\n    - {k: v}\n  text: |\n    two\n    lines\n",
        "title: 'unterminated\n",
        "a: [1, 2\n",
        "bell: \x07\n",
        "just a scalar\n",
        "k: \ud800\n",
    ]
    fast = [frontmatter.parse_frontmatter_yaml(b) for b in blocks]
    monkeypatch.setattr(frontmatter, "_CLoader", None)
    slow = [frontmatter.parse_frontmatter_yaml(b) for b in blocks]
    for block, (f_data, f_warn), (s_data, s_warn) in zip(blocks, fast, slow, strict=True):
        assert f_data == s_data, block
        assert bool(f_warn) == bool(s_warn), block
        assert [w.split(" (")[0] for w in f_warn] == [w.split(" (")[0] for w in s_warn], block
    assert fast[1][0]["due"] == "2023-02-30"  # not a date: kept as text
    assert "duplicate keys (a)" in fast[2][1][0]
    monkeypatch.undo()
    assert isinstance(frontmatter._loader_for("a: 1\n"), frontmatter._FastSafeLoader)
    assert isinstance(frontmatter._loader_for("a: &x 1\nb: *x\n"), frontmatter._LimitedSafeLoader)
