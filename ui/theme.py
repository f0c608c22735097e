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


def source_style(name: str) -> SourceStyle:
    return BY_NAME.get(name, SourceStyle(name, name, "#666a70", name))
