from engine.errors import EngineError, one_line


def test_one_line_keeps_the_first_line_with_whitespace_collapsed() -> None:
    error = EngineError("\n  the index   is locked \nTraceback (most recent call last):")
    assert one_line(error) == "the index is locked"


def test_one_line_names_the_type_of_an_empty_error_and_cuts_long_text() -> None:
    assert one_line(ValueError("")) == "ValueError"
    text = one_line(EngineError("x" * 500), limit=50)
    assert len(text) == 50 and text.endswith("...")
