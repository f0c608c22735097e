"""How soon the Connections tab follows a switch of notes in Obsidian.

Copies the demo vault and an index of it (DATA_DIR, e.g. the folder `consilience gui
--screenshot FILE --data-dir DATA_DIR` left), opens the app, then 20 times rewrites
`.obsidian/workspace.json` as Obsidian does (a new file put over the old one) and times how
long until the tab shows the new note's connections.

    QT_QPA_PLATFORM=offscreen .venv/bin/python bench/follow_obsidian.py DATA_DIR
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

NOTES = [
    "Hardware/soil-node-s3.md",
    "Decisions/ADR-003 Sampling Interval.md",
    "Home.md",
    "Hardware/Power Budget.md",
    "Methods/Node Configuration.md",
] * 4
GAP_MS = 300  # between one shown note and the next switch


def switch_obsidian_to(vault: Path, note: str) -> None:
    """Rewrite the workspace file as Obsidian does when the user opens `note`."""
    path = vault / ".obsidian" / "workspace.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    leaf = data["main"]["children"][0]["children"][0]
    leaf["state"]["state"]["file"] = note
    data["active"] = leaf["id"]
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(data), encoding="utf-8")
    os.replace(tmp, path)


def main() -> int:
    from PySide6.QtCore import QTimer

    from ui.app import LaunchOptions, start

    scratch = Path(tempfile.mkdtemp(prefix="consilience-follow-"))
    vault = scratch / "vault"
    shutil.copytree(ROOT / "resources" / "demo-vault", vault)
    shutil.copytree(sys.argv[1], scratch / "data")
    options = LaunchOptions(vault=vault, data_dir=scratch / "data", config_dir=scratch / "cfg")
    launched = start(options, tray=False)
    window, app = launched.window, launched.app
    view = window.connections
    times: list[float] = []
    state: dict[str, object] = {"i": 0, "t0": 0.0, "want": None}

    def switch() -> None:
        note = NOTES[int(state["i"])]  # type: ignore[call-overload]
        switch_obsidian_to(vault, note)
        state["t0"], state["want"] = time.perf_counter(), note

    def poll() -> None:
        if state["want"] and view.subject == state["want"] and view.connections is not None:
            times.append((time.perf_counter() - float(state["t0"])) * 1000)  # type: ignore[arg-type]
            state["want"] = None
            state["i"] = int(state["i"]) + 1  # type: ignore[call-overload]
            if int(state["i"]) >= len(NOTES):  # type: ignore[call-overload]
                app.quit()
                return
            QTimer.singleShot(GAP_MS, switch)

    def begin() -> None:
        if window.session is None or not window.session.index_done:
            QTimer.singleShot(200, begin)
            return
        QTimer.singleShot(1500, switch)  # the follower has read the current note by then

    ticker = QTimer()
    ticker.setInterval(5)
    ticker.timeout.connect(poll)
    ticker.start()
    QTimer.singleShot(500, begin)
    QTimer.singleShot(120_000, app.quit)
    app.exec()
    window.shutdown()
    shutil.rmtree(scratch, ignore_errors=True)
    if not times:
        print("no switch was followed", file=sys.stderr)
        return 1
    print(
        f"switch to shown: median {statistics.median(times):.0f} ms, "
        f"max {max(times):.0f} ms, {len(times)} switches"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
