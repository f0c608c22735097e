"""Reading PDFs' text layers: pages, normalisation, limits, skip reasons; never an exception.

The PDFs are made here with fpdf2 (a dev dependency), so the tests skip without it.
"""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

fpdf = pytest.importorskip("fpdf")

from engine.vault.pdf_text import (  # noqa: E402 - after the importorskip
    DAMAGED_REASON,
    EMPTY_REASON,
    ENCRYPTED_REASON,
    NO_TEXT_REASON,
    NOT_PDF_REASON,
    PDF_EXTRACTOR,
    STOPPED_REASON,
    PdfLimits,
    PdfText,
    extract_pdf_text,
    extractor_version,
    normalise_pdf_text,
)


def make_pdf(*pages: str, password: str | None = None) -> bytes:
    """One page per argument, its text in Helvetica; "" makes a page without text."""
    pdf = fpdf.FPDF()
    pdf.set_font("Helvetica", size=12)
    for text in pages:
        pdf.add_page()
        if text:
            pdf.multi_cell(0, 6, text)
    if password is not None:
        # RC4, fpdf2's default: AES would need the `cryptography` package
        pdf.set_encryption(owner_password="owner-secret", user_password=password)
    return bytes(pdf.output())


DEFAULT_LIMITS = PdfLimits()


def extract(
    raw: bytes, *, limits: PdfLimits = DEFAULT_LIMITS, should_stop: Callable[[], bool] | None = None
) -> PdfText:
    result = extract_pdf_text(raw, limits=limits, should_stop=should_stop)
    assert isinstance(result, PdfText), result
    return result


# --- text ---------------------------------------------------------------------------------------


def test_one_page_text_comes_back() -> None:
    result = extract(make_pdf("The quick brown fox jumps over the lazy dog."))
    assert result.pages == ("The quick brown fox jumps over the lazy dog.",)
    assert result.warnings == ()


def test_latin1_letters_survive() -> None:
    result = extract(make_pdf("A naïve café in Zürich"))
    assert result.pages[0] == "A naïve café in Zürich"


def test_multi_page_document_keeps_page_order() -> None:
    raw = make_pdf(*(f"page {n} says word{n}" for n in range(1, 6)))
    result = extract(raw)
    assert len(result.pages) == 5
    assert result.pages[2] == "page 3 says word3"
    assert "word3" not in result.pages[1] + result.pages[3]


def test_lines_come_back_with_lf_line_ends() -> None:
    result = extract(make_pdf("first line\nsecond line"))
    assert result.pages[0] == "first line\nsecond line"


def test_hyphenated_words_are_joined_between_lower_case_letters() -> None:
    result = extract(make_pdf("an exam-\nple of hyphen-\nation and Anglo-\nSaxon words"))
    text = result.pages[0]
    assert "example" in text
    assert "hyphenation" in text
    assert "Anglo-\nSaxon" in text  # an upper-case letter after the hyphen: keep it


def test_page_without_text_is_empty_with_a_warning() -> None:
    result = extract(make_pdf("first page", "", "third page", ""))
    assert result.pages == ("first page", "", "third page", "")
    assert result.warnings == ("pages 2, 4 have no text layer",)


def test_one_page_without_text_warns_in_the_singular() -> None:
    result = extract(make_pdf("first page", ""))
    assert result.warnings == ("page 2 has no text layer",)


# --- skip reasons -----------------------------------------------------------------------------


def test_scan_like_pdf_without_text_is_skipped() -> None:
    pdf = fpdf.FPDF()
    pdf.add_page()
    pdf.set_fill_color(120, 120, 120)
    pdf.rect(20, 20, 150, 200, style="F")  # a page of "scanned" grey, no text objects
    assert extract_pdf_text(bytes(pdf.output())) == NO_TEXT_REASON


def test_encrypted_pdf_needs_a_password() -> None:
    raw = make_pdf("secret plans", password="user-secret")
    assert b"secret plans" not in raw
    assert extract_pdf_text(raw) == ENCRYPTED_REASON


def test_pdf_with_only_an_owner_password_is_read() -> None:
    """An empty user password opens the file for anyone: the text can be searched."""
    raw = make_pdf("shared plans", password="")
    assert extract(raw).pages == ("shared plans",)


def test_truncated_pdf_is_damaged() -> None:
    raw = make_pdf("some words", "more words")
    assert extract_pdf_text(raw[: len(raw) // 2]) == DAMAGED_REASON


def test_random_bytes_are_not_a_pdf() -> None:
    junk = random.Random(7).randbytes(5000)
    assert extract_pdf_text(junk) == NOT_PDF_REASON


def test_random_bytes_after_a_pdf_header_are_damaged() -> None:
    junk = b"%PDF-1.7\n" + random.Random(7).randbytes(5000)
    assert extract_pdf_text(junk) == DAMAGED_REASON


def test_empty_bytes() -> None:
    assert extract_pdf_text(b"") == EMPTY_REASON


def test_file_over_max_bytes_is_skipped() -> None:
    raw = make_pdf("some words")
    assert isinstance(extract_pdf_text(raw, limits=PdfLimits(max_bytes=len(raw))), PdfText)
    reason = extract_pdf_text(raw, limits=PdfLimits(max_bytes=len(raw) - 1))
    assert reason == f"PDF of {len(raw):,} bytes: more than the limit of {len(raw) - 1:,} bytes"


def test_size_reason_speaks_megabytes() -> None:
    reason = extract_pdf_text(b"x" * 2_500_000, limits=PdfLimits(max_bytes=2_000_000))
    assert reason == "PDF of 2.5 MB: more than the limit of 2 MB"


def test_file_over_max_pages_is_skipped() -> None:
    raw = make_pdf("one", "two", "three")
    assert len(extract(raw, limits=PdfLimits(max_pages=3)).pages) == 3
    reason = extract_pdf_text(raw, limits=PdfLimits(max_pages=2))
    assert reason == "PDF of 3 pages: more than the limit of 2"


def test_should_stop_stops_after_the_first_page() -> None:
    asked: list[int] = []

    def should_stop() -> bool:
        asked.append(1)
        return len(asked) > 1  # go on for page 1, stop before page 2

    raw = make_pdf("one", "two", "three", "four")
    assert extract_pdf_text(raw, should_stop=should_stop) == STOPPED_REASON
    assert len(asked) == 2


def test_should_stop_that_never_fires_reads_every_page() -> None:
    asked: list[int] = []

    def should_stop() -> bool:
        asked.append(1)
        return False

    result = extract(make_pdf("one", "two", "three"), should_stop=should_stop)
    assert result.pages == ("one", "two", "three")
    assert len(asked) == 3


# --- damaged pages, closing ----------------------------------------------------------------------


@pytest.fixture
def closes(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How often each kind of PDFium object is closed while the test runs."""
    pdfium = pytest.importorskip("pypdfium2")
    counts: Counter[str] = Counter()
    for cls in (pdfium.PdfDocument, pdfium.PdfPage, pdfium.PdfTextPage):
        original = cls.close

        def close(self: Any, *args: Any, _original: Any = original, **kwargs: Any) -> Any:
            counts[type(self).__name__] += 1
            return _original(self, *args, **kwargs)

        monkeypatch.setattr(cls, "close", close)
    return counts


def test_every_pdfium_object_is_closed(closes: Counter[str]) -> None:
    extract(make_pdf("one", "two", "three"))
    assert closes == {"PdfDocument": 1, "PdfPage": 3, "PdfTextPage": 3}


def test_objects_are_closed_when_pdfium_fails_unexpectedly(
    closes: Counter[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import pypdfium2

    def broken(self: Any, *args: Any, **kwargs: Any) -> str:
        raise RuntimeError("boom")

    monkeypatch.setattr(pypdfium2.PdfTextPage, "get_text_range", broken)
    assert extract_pdf_text(make_pdf("one", "two")) == "not a readable PDF (RuntimeError: boom)"
    assert closes == {"PdfDocument": 1, "PdfPage": 1, "PdfTextPage": 1}


def test_page_that_cannot_be_loaded_is_empty_with_a_warning(
    closes: Counter[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import pypdfium2

    original = pypdfium2.PdfDocument.get_page

    def get_page(self: Any, index: int) -> Any:
        if index == 1:
            raise pypdfium2.PdfiumError("Failed to load page.")
        return original(self, index)

    monkeypatch.setattr(pypdfium2.PdfDocument, "get_page", get_page)
    result = extract(make_pdf("one", "two", "three"))
    assert result.pages == ("one", "", "three")
    assert result.warnings == ("page 2 could not be read",)
    assert closes == {"PdfDocument": 1, "PdfPage": 2, "PdfTextPage": 2}


def test_pdf_whose_pages_all_fail_to_load_is_damaged(monkeypatch: pytest.MonkeyPatch) -> None:
    import pypdfium2

    def get_page(self: Any, index: int) -> Any:
        raise pypdfium2.PdfiumError("Failed to load page.")

    monkeypatch.setattr(pypdfium2.PdfDocument, "get_page", get_page)
    assert extract_pdf_text(make_pdf("one", "two")) == DAMAGED_REASON


# --- threads, import, version ------------------------------------------------------------------


def test_threads_read_pdfs_at_once() -> None:
    raws = [make_pdf(*(f"document {d} page {p}" for p in range(1, 9))) for d in range(8)]
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(extract_pdf_text, raws * 3))
    for d, result in enumerate(results):
        assert isinstance(result, PdfText)
        assert result.pages[7] == f"document {d % 8} page 8"


def test_importing_the_module_does_not_load_pypdfium2() -> None:
    code = "import sys, engine.vault.pdf_text; print('pypdfium2' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_extractor_version_names_the_extractor() -> None:
    version = extractor_version()
    assert version.startswith(f"{PDF_EXTRACTOR} ")
    assert "not installed" not in version


# --- normalisation ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("one\r\ntwo\rthree", "one\ntwo\nthree"),
        ("nul\x00s and \x07bells\x1b", "nuls and bells"),
        ("form\x0cfeed", "form\nfeed"),
        ("tab\tkept", "tab\tkept"),
        ("trailing   \nspaces\t \n", "trailing\nspaces"),
        ("exam-\nple", "example"),
        ("exam-  \n  ple", "example"),
        ("Anglo-\nSaxon", "Anglo-\nSaxon"),
        ("x-\n42", "x-\n42"),
        ("éta-\nlon", "étalon"),
        ("exam\ufffeple", "example"),  # PDFium's mark for a hyphen at a line end
        ("Upper\x02Case", "Upper-\nCase"),  # the same mark from FPDFText_GetBoundedText
        ("soft\xadhyphen", "softhyphen"),
        ("Soft\xad\nHyphen", "SoftHyphen"),
        ("a\n\n\n\n\nb", "a\n\nb"),
        ("a\n\n\nb", "a\n\n\nb"),
        ("  \n\n text \n\n", "text"),
    ],
)
def test_normalise_pdf_text(raw: str, clean: str) -> None:
    assert normalise_pdf_text(raw) == clean
