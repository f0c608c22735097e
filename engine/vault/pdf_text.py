"""Read a PDF's text layer: bytes -> `PdfText` (one string per page), or a skip reason.

`extract_pdf_text` never raises for any bytes: a file the app cannot search (encrypted, damaged,
a scan without text, too big) comes back as a short reason a user can understand, as
`reader.parse_note` does for notes.

The engine is pypdfium2: Python bindings to PDFium, the PDF engine of Chrome (Apache-2.0 /
BSD-3-Clause). It was chosen for speed: `bench/pdf_extractors.py` measures it against pypdf, the
pure-Python alternative, on the same PDFs (pages per second, and on a generated PDF the share of
its known words each gives back); PDFium was about 3.5 times as fast on the generated PDF and
both gave back every word.

PDFium is not thread-safe, so every call into it holds one module-level lock; pages, text pages
and the document are closed as soon as they are read (also on errors), since a long-running app
reads thousands of PDFs and must not wait for the garbage collector to free native memory.
pypdfium2 is imported on the first PDF, not when the app starts.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)

PDF_EXTRACTOR = "pypdfium2"

STOPPED_REASON = "stopped"
EMPTY_REASON = "empty file, not a PDF"
NOT_PDF_REASON = "not a PDF file (no %PDF header)"
DAMAGED_REASON = "not a readable PDF (damaged or truncated)"
ENCRYPTED_REASON = "encrypted PDF: it needs a password"
SECURITY_REASON = "encrypted PDF with an unsupported security scheme"
NO_PAGES_REASON = "PDF without pages: nothing to search"
NO_TEXT_REASON = "no text layer (a scanned PDF?): nothing to search"
MISSING_REASON = "PDF support is not installed (pypdfium2)"

# PDFium finds the header anywhere in the first kilobyte (some files start with junk)
_HEADER_WINDOW = 1024
_MAX_LISTED_PAGES = 10

# one lock for every call into PDFium, whichever document it is about
_PDFIUM_LOCK = threading.Lock()


@dataclass(frozen=True)
class PdfLimits:
    max_bytes: int = 200_000_000  # larger files are skipped with a reason
    max_pages: int = 2_000  # more pages: skipped with a reason


@dataclass(frozen=True)
class PdfText:
    pages: tuple[str, ...]  # the text layer of each page, index 0 is page 1; "" without text
    warnings: tuple[str, ...] = ()  # non-fatal problems, e.g. "pages 3, 7 have no text layer"


def extractor_version() -> str:
    """The extractor and its PDFium build, e.g. "pypdfium2 5.15.2 (PDFium 8149)".

    Text that an index stored is only comparable with text from the same extractor version.
    """
    try:
        import pypdfium2
    except ImportError:
        return f"{PDF_EXTRACTOR} (not installed)"
    return f"{PDF_EXTRACTOR} {pypdfium2.PYPDFIUM_INFO.tag} (PDFium {pypdfium2.PDFIUM_INFO.build})"


def extract_pdf_text(
    raw: bytes,
    *,
    limits: PdfLimits = PdfLimits(),
    should_stop: Callable[[], bool] | None = None,
) -> PdfText | str:
    """The text of each page of the PDF in `raw`, or a reason why there is none to search.

    `should_stop` is asked before each page; when it answers True the result is
    `STOPPED_REASON`, which the caller discards. Never raises.
    """
    if len(raw) > limits.max_bytes:
        return f"PDF of {_size(len(raw))}: more than the limit of {_size(limits.max_bytes)}"
    if not raw:
        return EMPTY_REASON
    if b"%PDF-" not in raw[:_HEADER_WINDOW]:
        return NOT_PDF_REASON
    try:
        import pypdfium2
    except ImportError:
        return MISSING_REASON
    try:
        return _extract(pypdfium2, raw, limits, should_stop)
    except Exception as err:  # PDFium or pypdfium2 failing in a way we did not foresee
        log.warning("cannot read a PDF with %s", PDF_EXTRACTOR, exc_info=True)
        return f"not a readable PDF ({type(err).__name__}: {err})"


def _extract(
    pdfium: Any, raw: bytes, limits: PdfLimits, should_stop: Callable[[], bool] | None
) -> PdfText | str:
    with _PDFIUM_LOCK:
        try:
            doc = pdfium.PdfDocument(raw)
        except pdfium.PdfiumError as err:
            return _open_error(pdfium, err)
    try:
        with _PDFIUM_LOCK:
            n_pages = len(doc)
        if n_pages > limits.max_pages:
            return f"PDF of {n_pages:,} pages: more than the limit of {limits.max_pages:,}"
        pages: list[str] = []
        unreadable: list[int] = []
        for index in range(n_pages):
            if should_stop is not None and should_stop():
                return STOPPED_REASON
            with _PDFIUM_LOCK:  # per page, so that one long PDF does not block other threads
                text = _page_text(pdfium, doc, index)
            if text is None:
                unreadable.append(index + 1)
            pages.append(normalise_pdf_text(text or ""))
    finally:
        with _PDFIUM_LOCK:
            doc.close()
    return _result(pages, unreadable)


def _open_error(pdfium: Any, err: Any) -> str:
    code = getattr(err, "err_code", None)
    if code == pdfium.raw.FPDF_ERR_PASSWORD:
        return ENCRYPTED_REASON
    if code == pdfium.raw.FPDF_ERR_SECURITY:
        return SECURITY_REASON
    if code == pdfium.raw.FPDF_ERR_SUCCESS:  # it parsed, but the page count is 0
        return NO_PAGES_REASON
    return DAMAGED_REASON


def _page_text(pdfium: Any, doc: Any, index: int) -> str | None:
    """The raw text of one page; None when PDFium cannot load the page (a damaged page)."""
    try:
        page = doc[index]
    except pdfium.PdfiumError:
        return None
    try:
        textpage = page.get_textpage()
        try:
            return str(textpage.get_text_range())
        finally:
            textpage.close()
    except pdfium.PdfiumError:
        return None
    finally:
        page.close()


def _result(pages: list[str], unreadable: list[int]) -> PdfText | str:
    if not any(pages):
        return DAMAGED_REASON if unreadable else NO_TEXT_REASON
    warnings: list[str] = []
    if unreadable:
        warnings.append(_pages_phrase(unreadable, "could not be read", "could not be read"))
    empty = [n for n, text in enumerate(pages, start=1) if not text and n not in unreadable]
    if empty:
        warnings.append(_pages_phrase(empty, "has no text layer", "have no text layer"))
    return PdfText(pages=tuple(pages), warnings=tuple(warnings))


def _pages_phrase(numbers: list[int], singular: str, plural: str) -> str:
    if len(numbers) == 1:
        return f"page {numbers[0]} {singular}"
    listed = ", ".join(str(n) for n in numbers[:_MAX_LISTED_PAGES])
    if len(numbers) > _MAX_LISTED_PAGES:
        listed += f" and {len(numbers) - _MAX_LISTED_PAGES:,} more"
    return f"pages {listed} {plural}"


def _size(n_bytes: int) -> str:
    if n_bytes < 1_000_000:
        return f"{n_bytes:,} bytes"
    return f"{n_bytes / 1_000_000:,.1f}".removesuffix(".0") + " MB"


# --- text normalisation ---------------------------------------------------------------------

# line ends: CRLF (what PDFium gives), lone CR, VT, FF, NEL, Unicode line/paragraph separators
_LINE_END_RE = re.compile("\r\n?|[\x0b\x0c\x85\u2028\u2029]")
# PDFium removes the line break after a hyphen that ends a line and marks the hyphen with
# U+FFFE (FPDFText_GetText) or U+0002 (FPDFText_GetBoundedText): put "-\n" back
_PDFIUM_HYPHEN_RE = re.compile("[\ufffe\x02]")
# a soft hyphen before a line break is a hyphenation point: always join
_SOFT_HYPHEN_BREAK_RE = re.compile("\xad[^\\S\n]*\n[^\\S\n]*")
# C0/C1 controls except tab and LF, stray soft hyphens, the noncharacters U+FFFE/U+FFFF
_JUNK_RE = re.compile("[\x00-\x08\x0e-\x1f\x7f-\x9f\xad\ufffe\uffff]")
_TRAILING_SPACE_RE = re.compile(r"[^\S\n]+$", re.MULTILINE)
_HYPHEN_BREAK_RE = re.compile(r"(?<=(\w))-\n[^\S\n]*(?=(\w))")
_BLANK_RUN_RE = re.compile(r"\n{4,}")  # three or more blank lines


def normalise_pdf_text(text: str) -> str:
    """Clean one page's text layer for search: "\\n" line ends, no control characters, no
    trailing spaces, words hyphenated across a line end joined ("exam-\\nple" -> "example",
    only between lower-case letters: "Anglo-\\nSaxon" keeps its hyphen), at most one blank
    line in a row where there were three or more."""
    text = _LINE_END_RE.sub("\n", text)
    text = _PDFIUM_HYPHEN_RE.sub("-\n", text)
    text = _SOFT_HYPHEN_BREAK_RE.sub("", text)
    text = _JUNK_RE.sub("", text)
    text = _TRAILING_SPACE_RE.sub("", text)
    text = _HYPHEN_BREAK_RE.sub(_join_hyphenated, text)
    text = _BLANK_RUN_RE.sub("\n\n", text)
    return text.strip()


def _join_hyphenated(match: re.Match[str]) -> str:
    before, after = match.group(1), match.group(2)
    if before.isalpha() and before.islower() and after.isalpha() and after.islower():
        return ""
    return match.group(0)
