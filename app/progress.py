"""A terminal progress bar for indexing (rich), silent when not on a terminal."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from engine.api import Progress

_LABELS = {
    "scan": "Scanning",
    "parse": "Reading",
    "embed": "Indexing",
    "write": "Writing",
    "contradictions": "Checking",
}


@contextmanager
def progress_reporter(*, enabled: bool) -> Iterator[Callable[[Progress], None]]:
    """Yields a progress callback; draws a bar on a terminal's stderr when enabled."""
    if not enabled or not sys.stderr.isatty():
        yield lambda _p: None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.progress import Progress as Bar

    bar = Bar(
        TextColumn("{task.description:<10}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("notes"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    task = bar.add_task("Scanning", total=None)

    def report(p: Progress) -> None:
        if p.phase == "done":
            bar.update(task, completed=p.total, total=p.total)
            return
        bar.update(
            task,
            description=_LABELS.get(p.phase, p.phase),
            completed=p.done,
            total=p.total or None,
        )

    with bar:
        yield report
