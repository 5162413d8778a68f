"""Fixtures of the PDF tests: an app context, a clean PDF cache, PDF parsing."""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.numbers import format_decimal
from pypdf import PdfReader

sys.path.insert(0, str(Path(__file__).parent))

from scorekeeper import pdf  # noqa: E402
from scorekeeper.app import create_app  # noqa: E402

LANGS = ("en", "fr", "pt_BR", "it")


@pytest.fixture(scope="module")
def pdf_app() -> Any:
    return create_app({"TESTING": True, "SECRET_KEY": "t"})


@pytest.fixture
def ctx(pdf_app: Any) -> Iterator[Any]:
    with pdf_app.test_request_context():
        pdf.cache_clear()
        yield pdf_app


@pytest.fixture
def fetched(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Every URL the renderer asks its fetcher for, with "served" or "refused"."""
    calls: list[tuple[str, str]] = []
    cls = pdf._fetcher_class()
    original = cls.fetch

    def recording_fetch(self: Any, url: str, headers: Any = None) -> Any:
        try:
            response = original(self, url, headers)
        except Exception:
            calls.append((url, "refused"))
            raise
        calls.append((url, "served"))
        return response

    monkeypatch.setattr(cls, "fetch", recording_fetch)
    return calls


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
    return normalize(format_decimal(value, locale=lang))
