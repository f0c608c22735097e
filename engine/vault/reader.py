"""Read one note: bytes -> `Note` (or `SkippedFile` with a reason a user can understand).

`parse_note` is pure and never raises for any file content; `read_note` adds the file system
(size limit, unreadable files, the file's mtime).
"""

from __future__ import annotations

import codecs
import hashlib
import logging
import os
import re
from collections.abc import Iterable
from datetime import UTC, date, datetime, time
from pathlib import Path, PurePosixPath
from typing import Any

from engine.model import Note, SkippedFile
from engine.vault.frontmatter import split_frontmatter
from engine.vault.markdown import extract_markdown

log = logging.getLogger(__name__)

BINARY_REASON = "binary file, not markdown text"
DEFAULT_MAX_BYTES = 10_000_000

_SNIFF_BYTES = 8192
_MAX_CONTROL_SHARE = 0.10
# control characters that are normal in text files: tab, LF, VT, FF, CR, ESC (ANSI colours)
_TEXT_CONTROLS = frozenset(b"\t\n\x0b\x0c\r\x1b")
_CONTROL_BYTES = bytes(b for b in range(32) if b not in _TEXT_CONTROLS) + b"\x7f"
BOMS = (  # (mark, codec, name), longest first
    (codecs.BOM_UTF32_LE, "utf-32-le", "UTF-32"),
    (codecs.BOM_UTF32_BE, "utf-32-be", "UTF-32"),
    (codecs.BOM_UTF8, "utf-8", "UTF-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le", "UTF-16"),
    (codecs.BOM_UTF16_BE, "utf-16-be", "UTF-16"),
)

_CREATED_KEYS = ("created", "date", "created_at")
_MODIFIED_KEYS = ("modified", "updated", "updated_at", "last_modified")
_DAILY_RE = re.compile(r"(?<![0-9])([0-9]{4})-([0-9]{2})-([0-9]{2})(?![0-9])")
_TAG_SPLIT_RE = re.compile(r"[\s,]+")
_DIGITS_RE = re.compile(r"[0-9]+")
_DATE_FORMATS = (
    "%Y/%m/%d",
    "%Y/%m/%d %H:%M",
    "%Y/%m/%d %H:%M:%S",
    "%Y.%m.%d",
    "%d.%m.%Y",
    "%d.%m.%Y %H:%M",
    "%Y%m%d",
    "%B %d, %Y",
    "%b %d, %Y",
    "%d %B %Y",
    "%d %b %Y",
    "%A, %B %d, %Y",
    "%A, %B %d %Y",
)


def read_note(
    root: Path, rel_path: str, *, max_bytes: int = DEFAULT_MAX_BYTES
) -> Note | SkippedFile:
    """Read and parse `root / rel_path`; problems become a `SkippedFile`, never an exception."""
    read = read_file(root, rel_path, max_bytes=max_bytes, kind="notes")
    if isinstance(read, SkippedFile):
        return read
    raw, mtime = read
    return parse_note(rel_path, raw, mtime=mtime)


def read_file(
    root: Path, rel_path: str, *, max_bytes: int, kind: str
) -> tuple[bytes, datetime] | SkippedFile:
    """The bytes and modification time of `root / rel_path`, or why it cannot be read (too
    big for the limit of `kind`, unreadable)."""
    full = Path(root, *PurePosixPath(rel_path).parts)
    try:
        with open(full, "rb") as handle:
            stat = os.fstat(handle.fileno())
            if stat.st_size > max_bytes:
                return SkippedFile(rel_path, _too_big(stat.st_size, max_bytes, kind))
            raw = handle.read(max_bytes + 1)
    except OSError as err:
        return SkippedFile(rel_path, f"cannot read file: {err.strerror or err}")
    if len(raw) > max_bytes:  # the file grew while we read it
        return SkippedFile(rel_path, _too_big(len(raw), max_bytes, kind))
    return raw, datetime.fromtimestamp(stat.st_mtime_ns / 1e9, tz=UTC)


def _too_big(size: int, limit: int, kind: str) -> str:
    return f"file is {size:,} bytes, over the {limit:,}-byte limit for {kind}"


def parse_note(rel_path: str, raw: bytes, *, mtime: datetime) -> Note | SkippedFile:
    """Parse a note's raw bytes. Pure; never raises for any content."""
    try:
        return _parse(rel_path, raw, mtime)
    except Exception as err:  # a bug, not a property of the file: log it, skip the file
        log.exception("internal error while parsing %s", rel_path)
        return SkippedFile(rel_path, f"internal error while parsing: {type(err).__name__}: {err}")


def _parse(rel_path: str, raw: bytes, mtime: datetime) -> Note | SkippedFile:
    text, warnings_list = decode_note_bytes(raw)
    if text is None:
        return SkippedFile(rel_path, BINARY_REASON)
    warnings = list(warnings_list)
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if "\x00" in text:
        text = text.replace("\x00", "")

    split = split_frontmatter(text)
    warnings.extend(split.warnings)
    fm = split.frontmatter
    info = extract_markdown(split.body, line_offset=split.body_line_offset)

    stem = PurePosixPath(rel_path).stem
    title = _title(fm, stem)
    aliases = _dedupe(_strings(fm, ("aliases", "alias"), split_commas=True), lower=False)
    tags = _dedupe([*_frontmatter_tags(fm), *info.tags], lower=True)

    created = _frontmatter_date(fm, _CREATED_KEYS, warnings)
    if created is None:
        created = _daily_note_date(stem)
    modified = _frontmatter_date(fm, _MODIFIED_KEYS, warnings)
    if modified is None:
        modified = mtime if mtime.tzinfo is not None else mtime.replace(tzinfo=UTC)
        modified = modified.astimezone(UTC)

    return Note(
        path=rel_path,
        title=title,
        aliases=tuple(aliases),
        tags=tuple(tags),
        links=info.links,
        embeds=info.embeds,
        headings=info.headings,
        frontmatter=fm,
        created=created,
        modified=modified,
        body=split.body,
        content_hash=hashlib.sha256(raw).hexdigest(),
        size=len(raw),
        warnings=tuple(warnings),
        body_line_offset=split.body_line_offset,
    )


# --- decoding -------------------------------------------------------------------------------


def decode_note_bytes(raw: bytes) -> tuple[str | None, tuple[str, ...]]:
    """Decode BOM-aware, then strict UTF-8, else detect binary, else Windows-1252.

    Returns (text or None when the bytes are binary, warnings).
    """
    for bom, codec, name in BOMS:
        if raw.startswith(bom):
            payload = raw[len(bom) :]
            try:
                return payload.decode(codec), ()
            except UnicodeDecodeError:
                text = payload.decode(codec, errors="replace")
                return text, (f"invalid {name} bytes replaced with '\ufffd'",)

    sample = raw[:_SNIFF_BYTES]
    utf16 = _sniff_utf16(raw, sample)
    if utf16 is not None:
        return utf16, ("no byte-order mark; read as UTF-16",)
    control_share = _control_share(sample)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        pass
    else:
        # valid UTF-8 can still be binary (a file of zeros, a UTF-16 file without a BOM)
        return (None, ()) if control_share > _MAX_CONTROL_SHARE else (text, ())
    if b"\x00" in sample or control_share > _MAX_CONTROL_SHARE:
        return None, ()
    try:
        text = raw.decode("cp1252")
    except UnicodeDecodeError:  # one of the five bytes cp1252 leaves undefined
        text = raw.decode("latin-1")
    return text, ("not UTF-8; read as Windows-1252",)


def _sniff_utf16(raw: bytes, sample: bytes) -> str | None:
    """UTF-16 text without a byte-order mark: mostly-ASCII text has a zero in every other
    byte (odd bytes for little-endian, even bytes for big-endian). None if it is not that."""
    if len(raw) < 4 or len(raw) % 2:
        return None
    even, odd = sample[0::2], sample[1::2]
    zeros_even, zeros_odd = even.count(0) / len(even), odd.count(0) / len(odd)
    if zeros_odd > 0.3 and zeros_even < 0.02:
        codec = "utf-16-le"
    elif zeros_even > 0.3 and zeros_odd < 0.02:
        codec = "utf-16-be"
    else:
        return None
    try:
        text = raw.decode(codec)
    except UnicodeDecodeError:
        return None
    # the zeros alone prove little (b"\x00\xff" * 100 is junk): the text must read as
    # mostly printable ASCII, with spaces or line breaks between words
    head = text[: _SNIFF_BYTES // 2]
    printable = sum(1 for ch in head if " " <= ch <= "~" or ch in "\t\n\r")
    if printable < 0.9 * len(head) or (len(head) > 40 and not any(c.isspace() for c in head)):
        return None
    return text


def _control_share(sample: bytes) -> float:
    if not sample:
        return 0.0
    removed = sample.translate(None, _CONTROL_BYTES)
    return (len(sample) - len(removed)) / len(sample)


# --- properties -----------------------------------------------------------------------------


def _title(fm: dict[str, Any], stem: str) -> str:
    value = fm.get("title")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = str(value)
    if isinstance(value, str) and value.strip():
        return value.strip()
    return stem


def _strings(fm: dict[str, Any], keys: Iterable[str], *, split_commas: bool) -> list[str]:
    """String values of `keys`: list items, or a string split on commas."""
    out: list[str] = []
    for key in keys:
        value = fm.get(key)
        items: list[object]
        if isinstance(value, list):
            items = list(value)
        elif value is None:
            continue
        else:
            items = [value]
        for item in items:
            if isinstance(item, bool) or item is None or isinstance(item, (dict, list)):
                continue
            text = str(item)
            parts = text.split(",") if split_commas and not isinstance(value, list) else [text]
            out.extend(part.strip() for part in parts if part.strip())
    return out


def _frontmatter_tags(fm: dict[str, Any]) -> list[str]:
    tags: list[str] = []
    for item in _strings(fm, ("tags", "tag"), split_commas=False):
        for part in _TAG_SPLIT_RE.split(item):
            tag = part.lstrip("#").strip("/")
            if tag and not _DIGITS_RE.fullmatch(tag):
                tags.append(tag)
    return tags


def _dedupe(values: Iterable[str], *, lower: bool) -> list[str]:
    seen: set[str] = set()
    out: list[str] = []
    for value in values:
        item = value.lower() if lower else value
        key = item.lower()
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out


def _frontmatter_date(
    fm: dict[str, Any], keys: Iterable[str], warnings: list[str]
) -> datetime | None:
    for key in keys:
        if key not in fm:
            continue
        value = fm[key]
        if value is None or (isinstance(value, str) and not value.strip()):
            continue
        parsed = parse_date(value)
        if parsed is None:
            shown = str(value)
            shown = shown if len(shown) <= 60 else shown[:57] + "..."
            warnings.append(f"frontmatter '{key}' is not a date ({shown!r}); ignored")
            continue
        return parsed
    return None


def parse_date(value: object) -> datetime | None:
    """A frontmatter date value -> tz-aware UTC datetime, or None. Naive times count as UTC."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return _from_timestamp(float(value))
    if isinstance(value, datetime):
        return _as_utc(value)
    if isinstance(value, date):
        return datetime.combine(value, time(), tzinfo=UTC)
    if not isinstance(value, str):
        return None
    text = value.strip()
    if not text or len(text) > 64:
        return None
    try:
        return _as_utc(datetime.fromisoformat(text))
    except ValueError:
        pass
    if _DIGITS_RE.fullmatch(text) and len(text) >= 9:
        return _from_timestamp(float(text))
    for fmt in _DATE_FORMATS:
        try:
            return _as_utc(datetime.strptime(text, fmt))
        except ValueError:
            continue
    return None


def _from_timestamp(seconds: float) -> datetime | None:
    if seconds > 1e11:  # milliseconds since the epoch
        seconds /= 1000.0
    if not 1e8 <= seconds <= 1e10:  # 1973 .. 2286: anything else is not a timestamp
        return None
    return datetime.fromtimestamp(seconds, tz=UTC)


def _as_utc(value: datetime) -> datetime:
    if value.tzinfo is None:
        return value.replace(tzinfo=UTC)
    return value.astimezone(UTC)


def _daily_note_date(stem: str) -> datetime | None:
    for match in _DAILY_RE.finditer(stem):
        year, month, day = (int(g) for g in match.groups())
        try:
            return datetime(year, month, day, tzinfo=UTC)
        except ValueError:
            continue
    return None
