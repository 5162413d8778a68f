"""The compiled catalogs every i18n test reads, made from the committed ``.po`` files.

``make test`` compiles them first (``make catalogs``); a bare ``pytest`` on a fresh
clone must not depend on that, nor on the order of the tests, so a session fixture
compiles any ``.mo`` that is missing or older than its ``.po`` with Babel's API.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.mofile import write_mo
from support import made_app

from .catalogs import CATALOG_LOCALES, TRANSLATIONS, read_catalog
from .driver import Player


@pytest.fixture(scope="session", autouse=True)
def compiled_catalogs() -> tuple[str, ...]:
    for locale in CATALOG_LOCALES:
        po = TRANSLATIONS / locale / "LC_MESSAGES" / "messages.po"
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            catalog = read_catalog(locale)
            # one temporary file per process: pytest-xdist's workers may compile at once
            tmp = mo.with_suffix(f".mo.{os.getpid()}.tmp")
            with open(tmp, "wb") as handle:
                write_mo(handle, catalog)
            Path(tmp).replace(mo)
    return CATALOG_LOCALES


@pytest.fixture(scope="session")
def translations() -> dict[str, object]:
    """Standard-library ``GNUTranslations`` per locale (what the command line uses)."""
    import gettext

    return {locale: gettext.translation("messages", localedir=str(TRANSLATIONS),
                                        languages=[locale])
            for locale in CATALOG_LOCALES}


@pytest.fixture(scope="session")
def i18n_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    """One migrated database for the i18n tests (each test makes its own matches)."""
    from scorekeeper.db import upgrade

    url = f"sqlite:///{tmp_path_factory.mktemp('i18n-db') / 'scorekeeper.sqlite3'}"
    upgrade(url)
    return url


@pytest.fixture
def i18n_app(i18n_db: str, tmp_path: Path) -> Iterator[Any]:
    from scorekeeper.db import get_db

    app = made_app(i18n_db, tmp_path / "instance")
    yield app
    get_db(app).engine.dispose()


@pytest.fixture
def player(i18n_app: Any) -> Player:
    return Player(i18n_app.test_client())
