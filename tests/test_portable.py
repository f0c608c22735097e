"""Portability: every module of engine, app and ui imports where the Unix-only standard modules
(`fcntl`, `resource`, `termios`) do not exist, as on Windows; start-up code that reads Linux's
/proc has a path for the other systems."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import ui.app

REPO = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "app", "ui")
#: Standard-library modules that exist only on Unix.
UNIX_ONLY = ("fcntl", "resource", "termios")


# Run in a child: blocks the Unix-only modules, imports every module, reports per module
# "ok", {"blocked": <module that imported the Unix-only one>} or {"error": <one line>}.
_CHILD = r"""
import importlib, json, sys, traceback
from pathlib import Path

BLOCKED = set(json.loads(sys.argv[1]))
REPO = Path(sys.argv[2]).resolve()
MODULES = json.loads(sys.argv[3])


class UnixOnlyBlocker:
    def find_spec(self, name, path=None, target=None):
        if name in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r} (blocked)", name=name)
        return None


for name in BLOCKED:
    sys.modules.pop(name, None)
sys.meta_path.insert(0, UnixOnlyBlocker())


def module_of(filename):
    if not filename.endswith(".py"):
        return None
    try:
        rel = Path(filename).resolve().relative_to(REPO)
    except ValueError:
        return None
    parts = list(rel.with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def outcome(exc):
    seen = exc
    while seen is not None:
        if isinstance(seen, ImportError) and seen.name in BLOCKED:
            ours = [module_of(f.filename) for f in traceback.extract_tb(seen.__traceback__)]
            ours = [m for m in ours if m]
            return {"blocked": ours[-1] if ours else "?"}
        seen = seen.__cause__ or seen.__context__
    return {"error": f"{type(exc).__name__}: {' '.join(str(exc).split())[:300]}"}


report = {}
for name in MODULES:
    try:
        importlib.import_module(name)
        report[name] = "ok"
    except BaseException as exc:  # noqa: BLE001 - every failure is reported
        report[name] = outcome(exc)
print(json.dumps(report))
"""


def _all_modules() -> list[str]:
    names = []
    for package in PACKAGES:
        for path in sorted((REPO / package).rglob("*.py")):
            if path.name == "__main__.py" or "__pycache__" in path.parts:
                continue
            parts = list(path.relative_to(REPO).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            names.append(".".join(parts))
    return names


@pytest.mark.slow  # one child process importing every module (Qt, numpy, ...)
def test_every_module_imports_without_unix_only_modules() -> None:
    modules = _all_modules()
    assert "engine.embed.onnx_export" in modules and "ui.app" in modules
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, json.dumps(UNIX_ONLY), str(REPO), json.dumps(modules)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    report: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(report) == set(modules)
    errors = {m: r["error"] for m, r in report.items() if isinstance(r, dict) and "error" in r}
    assert errors == {}, "modules that fail to import for another reason"
    culprits = {r["blocked"] for r in report.values() if isinstance(r, dict) and "blocked" in r}
    assert culprits == set(), "these import a Unix-only module"


def test_start_up_time_is_skipped_where_there_is_no_proc(monkeypatch: pytest.MonkeyPatch) -> None:
    on_linux = ui.app.seconds_since_process_start()
    if sys.platform.startswith("linux"):
        assert on_linux is not None and 0 < on_linux < 3600
    for platform in ("darwin", "win32"):
        monkeypatch.setattr(sys, "platform", platform)
        assert ui.app.seconds_since_process_start() is None
