"""PDF text extractors: pypdfium2 (the app's, through `extract_pdf_text`) against pypdf.

    .venv/bin/python bench/pdf_extractors.py                  # a generated 200-page PDF
    .venv/bin/python bench/pdf_extractors.py --pages 50
    .venv/bin/python bench/pdf_extractors.py paper.pdf book.pdf

Without PDFs it writes one with fpdf2 from the demo vault's notes (English prose, repeated
until the pages are full; headings and three fonts), so the words on each page are known.
Prints pages per second for each extractor (the median of `--runs` runs, the two interleaved
run by run so that load from other processes hits them alike) and, for the generated PDF, the
word recall: the share of the words put on the pages that each extractor gives back.

pypdf and fpdf2 are not dependencies of the app: `pip install pypdf fpdf2`.
"""

from __future__ import annotations

import argparse
import io
import re
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import cast

from engine.vault.pdf_text import PdfText, extract_pdf_text, extractor_version

REPO = Path(__file__).resolve().parent.parent
DEMO_VAULT = REPO / "resources" / "demo-vault"

_WORD_RE = re.compile(r"[a-z0-9]+")
_MARKUP_RE = re.compile(r"!?\[\[([^\]|]*\|)?|\]\]|[*_`#>]+|^\s*[-+] (\[.\] )?|https?://\S+")
_FONTS = (("Helvetica", 11), ("Times", 12), ("Courier", 10))


def words(text: str) -> list[str]:
    return _WORD_RE.findall(text.lower())


def latin1(text: str) -> str:
    return "".join(c if ord(c) < 256 else " " for c in text).strip()


def vault_paragraphs() -> list[tuple[str, str]]:
    """(note title, paragraph) for each paragraph of the demo notes, markdown markup removed,
    characters outside Latin-1 (the PDF core fonts' character set) made spaces."""
    paragraphs = []
    for path in sorted(DEMO_VAULT.rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        if text.startswith("---\n"):  # frontmatter
            text = text.split("\n---\n", 1)[-1]
        for block in text.split("\n\n"):
            clean = " ".join(_MARKUP_RE.sub("", line).strip() for line in block.splitlines())
            clean = latin1(clean)
            if len(words(clean)) >= 3:
                paragraphs.append((latin1(path.stem), clean))
    return paragraphs


def generate_pdf(n_pages: int) -> tuple[bytes, list[list[str]]]:
    """A PDF of `n_pages` pages and the words written on each page: the demo notes' paragraphs
    one after the other, each page headed by the title of its first paragraph's note."""
    from fpdf import FPDF

    paragraphs = vault_paragraphs()
    pdf = FPDF()
    pdf.set_auto_page_break(auto=False)
    page_words: list[list[str]] = []
    cursor = 0
    for page in range(n_pages):
        pdf.add_page()
        font, size = _FONTS[page % len(_FONTS)]
        title = paragraphs[cursor % len(paragraphs)][0]
        pdf.set_font(font, "B", size + 4)
        pdf.multi_cell(0, 9, title, new_x="LMARGIN", new_y="NEXT")
        page_words.append(words(title))
        pdf.set_font(font, "", size)
        for _ in range(len(paragraphs)):
            paragraph = paragraphs[cursor % len(paragraphs)][1]
            height = pdf.multi_cell(0, size * 0.5, paragraph, dry_run=True, output="HEIGHT")
            if pdf.get_y() + cast(float, height) > pdf.h - pdf.b_margin:
                break  # the next page starts with it
            cursor += 1
            pdf.multi_cell(0, size * 0.5, paragraph, new_x="LMARGIN", new_y="NEXT")
            pdf.ln(3)
            page_words[-1] += words(paragraph)
    return bytes(pdf.output()), page_words


def with_pypdfium2(raw: bytes) -> list[str]:
    result = extract_pdf_text(raw)
    if not isinstance(result, PdfText):
        raise SystemExit(f"pypdfium2: {result}")
    return list(result.pages)


def with_pypdf(raw: bytes) -> list[str]:
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(raw))
    return [page.extract_text() for page in reader.pages]


def recall(expected: list[list[str]], pages: list[str]) -> float:
    """Share of the expected words (with their counts, page by page) found on their page."""
    found = total = 0
    for want, text in zip(expected, pages, strict=True):
        got = Counter(words(text))
        found += sum(min(n, got[w]) for w, n in Counter(want).items())
        total += len(want)
    return found / total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("pdfs", nargs="*", type=Path, help="PDFs to read (default: generate)")
    parser.add_argument("--pages", type=int, default=200, help="pages of the generated PDF")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    try:
        import pypdf
    except ImportError:
        print("pypdf is missing: pip install pypdf", file=sys.stderr)
        return 2

    expected: list[list[str]] | None = None
    if args.pdfs:
        raws = [path.read_bytes() for path in args.pdfs]
    else:
        try:
            raw, expected = generate_pdf(args.pages)
        except ImportError:
            print("fpdf2 is missing: pip install fpdf2 (or give PDFs)", file=sys.stderr)
            return 2
        raws = [raw]
        n_words = sum(map(len, expected))
        print(f"generated {args.pages} pages, {n_words:,} words, {len(raw):,} bytes")

    extractors: dict[str, Callable[[bytes], list[str]]] = {
        extractor_version(): with_pypdfium2,
        f"pypdf {pypdf.__version__}": with_pypdf,
    }
    seconds: dict[str, list[float]] = {name: [] for name in extractors}
    texts: dict[str, list[list[str]]] = {}
    for _ in range(args.runs):
        for name, extract in extractors.items():
            t0 = time.perf_counter()
            texts[name] = [extract(raw) for raw in raws]
            seconds[name].append(time.perf_counter() - t0)

    n_pages = sum(len(pages) for pages in texts[extractor_version()])
    print(f"{n_pages} pages, median of {args.runs} runs")
    for name in extractors:
        median = statistics.median(seconds[name])
        line = f"  {name:<36} {n_pages / median:8.0f} pages/s  ({median:.3f} s)"
        if expected is not None:
            line += f"  word recall {recall(expected, texts[name][0]):.4f}"
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
