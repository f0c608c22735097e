"""CJK text as overlapping character pairs, so BM25 can rank notes written without spaces.

Chinese and Japanese put no spaces between words, so a word tokenizer sees a whole clause as
one token and a question never matches a note by its words. Indexing every pair of adjacent
CJK characters (and a lone character as itself) is the standard answer: most words are one or
two characters, and a query's pairs that a note holds say how much of it the note shares.
Korean (Hangul) is left to the word tokenizer: it separates words with spaces.
"""

from __future__ import annotations

import re

_CJK_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")


def cjk_grams(text: str | None) -> str:
    """The CJK character pairs of `text`, space-separated ('' when it has no CJK)."""
    if not text:
        return ""
    out: list[str] = []
    for run in _CJK_RUN.findall(text):
        if len(run) == 1:
            out.append(run)
        else:
            out.extend(run[i : i + 2] for i in range(len(run) - 1))
    return " ".join(out)


def query_grams(text: str) -> list[str]:
    """The distinct character pairs of the CJK runs in a query, in order."""
    return list(dict.fromkeys(cjk_grams(text).split()))
