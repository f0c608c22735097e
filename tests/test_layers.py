"""The engine never depends on Qt, the UI or the app layer."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
FORBIDDEN = ("PySide6", "shiboken6", "superqt", "ui", "app")


def test_engine_source_imports_no_qt_ui_or_app() -> None:
    offenders = []
    for path in (REPO / "engine").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                if name.split(".")[0] in FORBIDDEN:
                    offenders.append(f"{path.relative_to(REPO)}: {name}")
    assert offenders == []


@pytest.mark.slow
def test_importing_the_whole_engine_loads_no_qt() -> None:
    code = (
        "import importlib, pkgutil, sys, engine\n"
        "for m in pkgutil.walk_packages(engine.__path__, 'engine.'):\n"
        "    importlib.import_module(m.name)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6','shiboken6','ui','app')]\n"
        "print(bad)\n"
        "sys.exit(1 if bad else 0)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.slow
def test_import_linter_contracts_hold() -> None:
    exe = Path(sys.executable).with_name("lint-imports")
    proc = subprocess.run([str(exe)], cwd=REPO, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_no_module_imports_itself_through_others() -> None:
    """No import cycles between modules (lazy and type-checking imports count too)."""
    import grimp
    import networkx as nx

    graph = grimp.build_graph("engine", "app", "ui")
    imports = nx.DiGraph()
    for module in graph.modules:
        for imported in graph.find_modules_directly_imported_by(module):
            imports.add_edge(module, imported)
    cycles = [sorted(c) for c in nx.strongly_connected_components(imports) if len(c) > 1]
    assert cycles == []


@pytest.mark.slow
def test_the_public_surface_is_free_to_import_and_every_name_resolves() -> None:
    code = (
        "import sys, engine.api as api\n"
        "heavy = [m for m in sys.modules if m.startswith(('engine.search', 'engine.session', "
        "'engine.store', 'chromadb', 'torch'))]\n"
        "assert heavy == [], heavy\n"
        "missing = [n for n in api.__all__ if getattr(api, n, None) is None]\n"
        "assert missing == [], missing\n"
        "print(len(api.__all__))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=300
    )
    assert proc.returncode == 0, proc.stderr
    assert int(proc.stdout.strip()) > 40


def test_front_ends_import_the_engine_only_through_its_public_surface() -> None:
    offenders = []
    for package in ("ui", "app"):
        for path in (REPO / package).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                    name = node.module
                elif isinstance(node, ast.Import):
                    name = node.names[0].name
                else:
                    continue
                if name.startswith("engine") and name != "engine.api":
                    offenders.append(f"{path.relative_to(REPO)}: {name}")
    assert offenders == []
