"""Fixtures of the PDF tests: an app context, a clean PDF cache, PDF parsing."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from scorekeeper import pdf  # noqa: E402
from scorekeeper.app import create_app  # noqa: E402
from scorekeeper.pdf import engine  # noqa: E402


@pytest.fixture(scope="module")
def pdf_app() -> Any:
    # Laid out on a thread of this process: the tests patch the renderer here.
    return create_app({"TESTING": True, "SECRET_KEY": "t", "PDF_RENDERER": "thread"})


@pytest.fixture
def ctx(pdf_app: Any) -> Iterator[Any]:
    with pdf_app.test_request_context():
        pdf.cache_clear()
        yield pdf_app


@pytest.fixture
def fetched(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Every URL the renderer asks its fetcher for, with "served" or "refused"."""
    calls: list[tuple[str, str]] = []
    cls = engine.StaticOnlyFetcher
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
