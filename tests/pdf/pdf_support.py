"""Helpers of the PDF tests: PDF parsing and number formatting (a module of its own,
so its name never collides with another folder's conftest)."""

from __future__ import annotations

import io
import re

from babel.numbers import format_decimal
from pypdf import PdfReader

LANGS = ("en", "fr", "pt_BR", "it")


def read_pdf(data: bytes) -> PdfReader:
    assert data.startswith(b"%PDF-")
    return PdfReader(io.BytesIO(data))


_SPACES = re.compile(r"[\s\u00a0\u202f\u2009]+")


def normalize(text: str) -> str:
    """Every kind of space (French groups numbers with U+202F) as one plain space."""
    return _SPACES.sub(" ", text)


def pdf_text(data: bytes) -> str:
    return normalize("\n".join(page.extract_text() for page in read_pdf(data).pages))


def number(value: int, lang: str) -> str:
    """A number as the PDF writes it: Babel's, with a true minus sign (U+2212)."""
    return normalize(format_decimal(value, locale=lang)).replace("-", "\u2212")
