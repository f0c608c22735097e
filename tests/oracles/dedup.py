"""Near-duplicate merging, pair by pair: each note, in ranking order, folds into the first
kept note whose tokens it nearly duplicates (`is_near_duplicate`), else is kept."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.search.config import MergeConfig
from engine.search.dedup import NoteGroup, fold_duplicate, is_near_duplicate


def merge_near_duplicates(
    groups: Iterable[NoteGroup], *, note_tokens: Mapping[str, frozenset[str]], config: MergeConfig
) -> tuple[NoteGroup, ...]:
    kept: list[NoteGroup] = []
    for group in groups:
        tokens = note_tokens.get(group.note_path)
        for i, rep in enumerate(kept):
            rep_tokens = note_tokens.get(rep.note_path)
            if (
                tokens is not None
                and rep_tokens is not None
                and is_near_duplicate(rep_tokens, tokens, config=config)
            ):
                kept[i] = fold_duplicate(rep, group)
                break
        else:
            kept.append(group)
    return tuple(kept)
