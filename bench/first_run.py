"""The first minute of a first run, as a new user meets it.

Starts the real app on a copy of a vault with an empty index and model cache, types a query
a few seconds after the window appears (one key every 80 ms, as a person types) and records
what the window says: the status bar, the search panel (results, summary, warnings, empty
state) and the Contradictions tab, each time any of it changes.

It prints the timeline and the numbers the first run is held to:

- from the first keystroke, how long until the window answers (results, or an explicit
  partial / still-indexing state), until the first result is listed, and until each source
  (words, links, meaning) first has a result in the list; from the last keystroke until the
  list is drawn;
- whether "Nothing found" was ever shown before indexing finished;
- whether the Contradictions tab ever said the notes agree before the scan had run.

    QT_QPA_PLATFORM=offscreen python bench/first_run.py [--vault resources/demo-vault]
        [--notes N] [--query "sampling interval"] [--type-at 2.0] [--json]

`--notes N` generates an N-note vault instead (`engine.evaluate.vault_gen`) and, unless
`--query` is given, types its first keyword query.

Run it alone on the machine: it is a timing.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

POLL_MS = 20
KEY_MS = 80
AGREE_WORDS = ("agree", "no contradictions")


@dataclass
class Timeline:
    started: float = field(default_factory=time.perf_counter)
    rows: list[tuple[float, str, str]] = field(default_factory=list)
    last: dict[str, str] = field(default_factory=dict)

    def now(self) -> float:
        return time.perf_counter() - self.started

    def see(self, what: str, text: str) -> None:
        if self.last.get(what) != text:
            self.last[what] = text
            self.rows.append((self.now(), what, text))


def _visible_texts(widget: Any) -> str:
    from PySide6.QtWidgets import QLabel

    texts = [
        child.text().strip()
        for child in widget.findChildren(QLabel)
        if child.isVisibleTo(widget) and child.text().strip()
    ]
    return " | ".join(texts)


def run(vault: Path, query: str, type_at: float, limit_s: float) -> dict[str, Any]:
    from PySide6.QtCore import Qt, QTimer
    from PySide6.QtTest import QTest

    from ui.app import LaunchOptions, start

    scratch = Path(tempfile.mkdtemp(prefix="consilience-first-run-"))
    copy = scratch / "vault"
    shutil.copytree(vault, copy)
    timeline = Timeline()
    launched = start(
        LaunchOptions(vault=copy, data_dir=scratch / "data", config_dir=scratch / "config"),
        tray=False,
    )
    window, app = launched.window, launched.app
    timeline.see("window", "shown")
    facts: dict[str, Any] = {"first_key_s": None, "answered_s": None, "index_done_s": None}
    facts["first_result_s"] = None
    by_source: dict[str, float] = {}  # source -> when it first had a result in the list
    facts["nothing_found_while_indexing"] = []
    facts["agree_before_scan"] = []
    typed = {"n": 0}
    drawn: list[float] = []
    window.search.results_drawn.connect(lambda *_: drawn.append(timeline.now()))

    def type_next() -> None:
        if typed["n"] == 0:
            facts["first_key_s"] = timeline.now()
            window.search.search_box.setFocus()
        if typed["n"] < len(query):
            QTest.keyClick(window.search.search_box, query[typed["n"]])
            typed["n"] += 1
            facts["last_key_s"] = timeline.now()
            QTimer.singleShot(KEY_MS, type_next)

    def poll() -> None:
        session = window.session
        done = bool(session is not None and session.index_done)
        if done and facts["index_done_s"] is None:
            facts["index_done_s"] = timeline.now()
        status = window.index_status
        bar = status.bar
        progress = f"{bar.value()}/{bar.maximum()}" if bar.isVisible() else ""
        timeline.see("status", f"{status.label.text()} {progress}".strip())
        panel = window.search
        rows = panel.model.rowCount()
        detail = panel.detail.title.text() if hasattr(panel.detail, "title") else ""
        warnings = " / ".join(panel.warnings.lines())
        timeline.see("search", f"{rows} rows · {panel.summary.text()} · {detail} · {warnings}")
        outcome = panel._outcome
        if facts["first_key_s"] is not None and outcome is not None and typed["n"]:
            if rows > 0 and facts["first_result_s"] is None:
                facts["first_result_s"] = timeline.now()
            for result in outcome.response.results:
                for source in result.sources:
                    by_source.setdefault(source, timeline.now())
        if facts["first_key_s"] is not None and facts["answered_s"] is None and typed["n"]:
            partial = "partial" in warnings.lower() or "indexed so far" in detail
            if rows > 0 or partial or (done and panel.summary.text()):
                facts["answered_s"] = timeline.now()
        if not done and "nothing found" in detail.lower() and "so far" not in detail:
            facts["nothing_found_while_indexing"].append(round(timeline.now(), 2))
        if window.inspector is not None:
            said = _visible_texts(window.inspector)
            timeline.see("contradictions", said[:160])
            scanned = session is not None and getattr(session, "scan_done", done)
            if not scanned and any(w in said.lower() for w in AGREE_WORDS):
                facts["agree_before_scan"].append(round(timeline.now(), 2))
        if timeline.now() > limit_s or (done and facts["answered_s"] is not None and idle()):
            app.exit(0)

    def idle() -> bool:
        return timeline.now() > (facts["index_done_s"] or 0) + 5

    ticker = QTimer()
    ticker.setInterval(POLL_MS)
    ticker.timeout.connect(poll)
    ticker.start()
    QTimer.singleShot(int(type_at * 1000), type_next)
    window.search.search_box.setFocus(Qt.FocusReason.OtherFocusReason)
    app.exec()
    ticker.stop()
    window.shutdown()
    shutil.rmtree(scratch, ignore_errors=True)
    first_key, answered = facts["first_key_s"], facts["answered_s"]
    last_key = facts.get("last_key_s")
    after_last = [t for t in drawn if last_key is not None and t >= last_key]

    def since_first_key(t: float | None) -> float | None:
        return _round(t - first_key if t is not None and first_key is not None else None)

    return {
        "vault": str(vault),
        "query": query,
        "first_key_s": _round(first_key),
        "keystroke_to_answer_s": _round(
            answered - first_key if answered is not None and first_key is not None else None
        ),
        "keystroke_to_first_result_s": since_first_key(facts["first_result_s"]),
        "keystroke_to_source_s": {s: since_first_key(t) for s, t in sorted(by_source.items())},
        "last_key_s": _round(last_key),
        "last_key_to_list_drawn_s": _round(after_last[0] - last_key if after_last else None),
        "index_done_s": _round(facts["index_done_s"]),
        "nothing_found_while_indexing": facts["nothing_found_while_indexing"][:5],
        "agree_before_scan": facts["agree_before_scan"][:5],
        "timeline": [(round(t, 2), what, text) for t, what, text in timeline.rows],
    }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 2)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--vault", type=Path, default=ROOT / "resources" / "demo-vault")
    parser.add_argument("--notes", type=int, help="generate a vault of N notes instead")
    parser.add_argument("--query")
    parser.add_argument("--type-at", type=float, default=2.0, help="seconds after the window")
    parser.add_argument("--limit", type=float, default=180.0, help="give up after (s)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    vault, query = args.vault, args.query or "sampling interval"
    if args.notes:
        from engine.evaluate.vault_gen import generate_vault

        vault = Path(tempfile.mkdtemp(prefix="consilience-first-run-vault-")) / "vault"
        generated = generate_vault(vault, args.notes)
        keywords = [q.text for q in generated.queries if q.kind == "keywords"]
        query = args.query or (keywords[0] if keywords else "notes")
    result = run(vault, query, args.type_at, args.limit)
    if args.notes:
        shutil.rmtree(vault.parent, ignore_errors=True)
    if args.json:
        print(json.dumps(result, indent=1, ensure_ascii=False))
        return 0
    for t, what, text in result["timeline"]:
        print(f"{t:7.2f}s  {what:<15} {text}")
    for key in (
        "first_key_s",
        "keystroke_to_answer_s",
        "keystroke_to_first_result_s",
        "keystroke_to_source_s",
        "last_key_s",
        "last_key_to_list_drawn_s",
        "index_done_s",
        "nothing_found_while_indexing",
        "agree_before_scan",
    ):
        print(f"{key}: {result[key]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
