"""The claims one scan works on, column by column (see `scan.py`).

A whole-vault scan holds every claim until its pairs are stored: 93k claims at 10k notes. As
`ClaimRow` objects (an attribute dict and a 64-character hash string each) they cost about a
kilobyte apiece; here every string is kept once, notes and text hashes become int indexes into
`note_paths` / `hash_texts`, and the candidate search works on int arrays.

Rows `0 .. scanned-1` are the claims extracted in this scan, in extraction order; rows after
them are claims of other notes read from the catalog (`add_other`), whose text is filled in
(`set_text`) only for those a candidate pair needs.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator

import numpy as np
import numpy.typing as npt

from engine.contradict.store import ClaimRow

Ints = npt.NDArray[np.int64]


class ClaimTable:
    """Append-only claim columns with interned note paths and text hashes."""

    def __init__(self) -> None:
        self.ids: list[str] = []
        self.texts: list[str] = []
        self._chunk_ids: list[str] = []
        self._contexts: list[str] = []
        self._ordinals = array("q")
        self._notes = array("q")
        self._hashes = array("q")
        self.note_paths: list[str] = []
        self.hash_texts: list[str] = []
        self._note_index: dict[str, int] = {}
        self._hash_index: dict[str, int] = {}
        self.scanned = 0  # rows extracted in this scan; the rest are other notes' claims

    def __len__(self) -> int:
        return len(self.ids)

    def add_scanned(
        self,
        *,
        id: str,
        note_path: str,
        chunk_id: str,
        ordinal: int,
        text: str,
        context: str,
        text_hash: str,
    ) -> None:
        if self.scanned != len(self.ids):
            raise ValueError("scanned claims come before other notes' claims")
        self._add(id, note_path, text_hash, text)
        self._chunk_ids.append(chunk_id)
        self._contexts.append(context)
        self._ordinals.append(ordinal)
        self.scanned += 1

    def add_other(self, *, id: str, note_path: str, text_hash: str) -> int:
        """A claim of a note this scan did not extract (its text comes later, if needed)."""
        self._add(id, note_path, text_hash, "")
        return len(self.ids) - 1

    def _add(self, id: str, note_path: str, text_hash: str, text: str) -> None:
        self.ids.append(id)
        self.texts.append(text)
        self._notes.append(_intern(note_path, self._note_index, self.note_paths))
        self._hashes.append(_intern(text_hash, self._hash_index, self.hash_texts))

    def set_text(self, row: int, text: str) -> None:
        self.texts[row] = text

    def note(self, row: int) -> str:
        return self.note_paths[self._notes[row]]

    def note_id_of(self, row: int) -> int:
        return self._notes[row]

    def hash_of(self, row: int) -> int:
        """The row's text hash as an index into `hash_texts`."""
        return self._hashes[row]

    def text_hash(self, row: int) -> str:
        return self.hash_texts[self._hashes[row]]

    def hash_id(self, text_hash: str) -> int | None:
        return self._hash_index.get(text_hash)

    def note_ids(self) -> Ints:
        """Each row's note as an index into `note_paths`."""
        return np.frombuffer(self._notes, dtype=np.int64).copy()

    def hash_ids(self) -> Ints:
        """Each row's text hash as an index into `hash_texts`."""
        return np.frombuffer(self._hashes, dtype=np.int64).copy()

    def hash_ranks(self) -> Ints:
        """Each text hash's rank in string order (so `rank[x] < rank[y]` iff hash x < hash y)."""
        order = sorted(range(len(self.hash_texts)), key=self.hash_texts.__getitem__)
        ranks = np.empty(len(order), dtype=np.int64)
        ranks[np.asarray(order, dtype=np.int64)] = np.arange(len(order), dtype=np.int64)
        return ranks

    def claim(self, row: int) -> ClaimRow:
        """One scanned claim as the catalog stores it."""
        if not 0 <= row < self.scanned:
            raise IndexError(row)
        return ClaimRow(
            id=self.ids[row],
            note_path=self.note(row),
            chunk_id=self._chunk_ids[row],
            ordinal=self._ordinals[row],
            text=self.texts[row],
            context=self._contexts[row],
            text_hash=self.text_hash(row),
        )

    def scanned_claims(self, start: int = 0, stop: int | None = None) -> Iterator[ClaimRow]:
        """The scanned claims of rows start..stop, made one at a time."""
        for row in range(start, self.scanned if stop is None else stop):
            yield self.claim(row)


def _intern(value: str, index: dict[str, int], values: list[str]) -> int:
    found = index.get(value)
    if found is None:
        found = index[value] = len(values)
        values.append(value)
    return found
