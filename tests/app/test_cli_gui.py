"""`consilience gui` options (the window itself is tested in tests/ui)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli import build_parser, main


def test_gui_options_parse() -> None:
    args = build_parser().parse_args(
        [
            "gui",
            "--vault",
            "v",
            "--query",
            "q",
            "--screenshot",
            "s.png",
            "--data-dir",
            "d",
            "--config-dir",
            "c",
            "--timeout",
            "30",
        ]
    )
    assert (args.vault, args.query, args.screenshot) == (Path("v"), "q", Path("s.png"))
    assert (args.data_dir, args.config_dir, args.timeout, args.tab) == (
        Path("d"),
        Path("c"),
        30.0,
        "search",
    )


@pytest.mark.parametrize(
    "flags", [["--inspector"], ["--tab", "contradictions"], ["--tab", "search", "--inspector"]]
)
def test_the_contradictions_tab_can_be_asked_for(flags: list[str]) -> None:
    assert build_parser().parse_args(["gui", *flags]).tab == "contradictions"


def test_the_connections_of_a_note_can_be_asked_for() -> None:
    args = build_parser().parse_args(["gui", "--tab", "connections", "--note", "A/b.md"])
    assert (args.tab, args.note) == ("connections", "A/b.md")


def test_gui_is_the_default_command() -> None:
    args = build_parser().parse_args(["--data-dir", "d"])
    assert args.command is None and args.data_dir == Path("d")


def test_screenshot_needs_a_png_name(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["gui", "--screenshot", str(tmp_path / "shot.jpg")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and ".png" in err[0]


def test_a_missing_vault_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = main(["gui", "--vault", str(tmp_path / "nope"), "--screenshot", str(tmp_path / "x.png")])
    assert code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "no vault folder" in err[0]
    assert not (tmp_path / "x.png").exists()
