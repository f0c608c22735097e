"""How a structural verdict's explanation words things: quoted spans and why the two claims
are taken to be about the same thing."""

from __future__ import annotations

import re

_QUOTE_RE = re.compile(r"\s+")


def quoted(text: str) -> str:
    """`text` in double quotes, its whitespace collapsed."""
    return '"' + _QUOTE_RE.sub(" ", text).strip() + '"'


def about_phrase(shared: set[str], subject: set[str], surface: dict[str, str]) -> str:
    """Why the two claims are taken to be about the same thing, in the words of the claims."""
    chosen = subject or shared
    words = [surface.get(s, s) for s in chosen]
    words = sorted(dict.fromkeys(w.lower() if not w.isupper() else w for w in words))[:4]
    if not words:
        return ""
    label = "both about" if subject else "both mention"
    return f"({label}: {', '.join(words)})"
