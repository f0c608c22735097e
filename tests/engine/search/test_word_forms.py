"""The passage that holds the query's words in another form (stemming), without an index."""

from __future__ import annotations

from engine.model import ChunkRecord
from engine.search.sources.word_forms import chunk_by_word_forms


def _chunk(ordinal: int, text: str, heading_path: tuple[str, ...] = ()) -> ChunkRecord:
    return ChunkRecord(
        id=f"Note.md#{ordinal}",
        note_path="Note.md",
        ordinal=ordinal,
        text_hash=str(ordinal),
        heading_path=heading_path,
        text=text,
    )


CHUNKS = [
    _chunk(0, "The gateway sits on the roof."),
    _chunk(1, "We calibrated the probes twice. Calibration drifts in clay.", ("Field work",)),
    _chunk(2, "Nothing about that here."),
]


def test_the_chunk_holding_another_form_is_found_with_the_words_as_written() -> None:
    found = chunk_by_word_forms('"calibrate"', CHUNKS)
    assert found is not None
    assert found.chunk_id == "Note.md#1"
    assert found.words == ("calibrated", "Calibration")


def test_the_best_of_several_matching_chunks_wins() -> None:
    chunks = [*CHUNKS, _chunk(3, "Decisions, decisions: the decision log lists them.")]
    found = chunk_by_word_forms('"decide" OR "decision"', chunks)
    assert found is not None and found.chunk_id == "Note.md#3"
    assert found.words == ("Decisions", "decisions", "decision")


def test_a_match_in_the_headings_only_names_no_words() -> None:
    found = chunk_by_word_forms('"fields"', CHUNKS)
    assert found is not None and found.chunk_id == "Note.md#1"
    assert found.words == ()


def test_nothing_matching_or_nothing_to_search_is_none() -> None:
    assert chunk_by_word_forms('"volcano"', CHUNKS) is None
    assert chunk_by_word_forms("", CHUNKS) is None
    assert chunk_by_word_forms('"calibrate"', []) is None
    assert chunk_by_word_forms('"unbalanced', CHUNKS) is None
