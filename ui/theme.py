"""Names and colours the widgets share: what each source is called and how it looks."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SourceStyle:
    name: str  # the engine's name
    label: str  # what the user reads
    color: str  # badge background
    tooltip: str


SOURCES: tuple[SourceStyle, ...] = (
    SourceStyle("semantic", "meaning", "#6d4fd8", "Found by meaning (sentence embeddings)"),
    SourceStyle("text", "words", "#1f6fd1", "Found by its words (BM25, exact phrases)"),
    SourceStyle("graph", "links", "#1c8a5a", "Found through titles, aliases, tags and links"),
)
BY_NAME: dict[str, SourceStyle] = {s.name: s for s in SOURCES}

TIER_LABELS: dict[str, str] = {
    "high": "Best matches",
    "medium": "Good matches",
    "low": "Related",
}

WARNING_BG = "#fff4d6"
WARNING_BORDER = "#e8c76a"
ERROR_BG = "#fde2e1"
ERROR_BORDER = "#e39a97"
MUTED = "#6b6f76"

# A callout's accent by its kind, Obsidian's other names for a kind included; any other kind
# is drawn as a note. On a dark page the note pane draws them lighter (`ui.note_document`).
_CALLOUT_KINDS: dict[str, tuple[str, ...]] = {
    "#2f6fd1": ("note", "info", "todo"),
    "#138a8a": ("abstract", "summary", "tldr"),
    "#1c8a5a": ("tip", "hint", "important", "success", "check", "done"),
    "#d9822b": ("warning", "caution", "attention", "question", "help", "faq"),
    "#d04545": ("danger", "error", "failure", "fail", "missing", "bug"),
    "#7a5ad8": ("example",),
    "#6b6f76": ("quote", "cite"),
}
CALLOUT_COLORS: dict[str, str] = {
    kind: color for color, kinds in _CALLOUT_KINDS.items() for kind in kinds
}


def source_style(name: str) -> SourceStyle:
    return BY_NAME.get(name, SourceStyle(name, name, "#666a70", name))


def callout_color(kind: str) -> str:
    """The accent a callout of `kind` (`tip`, `Warning`, …) is drawn in."""
    return CALLOUT_COLORS.get(kind.lower(), CALLOUT_COLORS["note"])
