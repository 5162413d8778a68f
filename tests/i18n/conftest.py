"""The compiled catalogs every i18n test reads, made from the committed ``.po`` files.

``make test`` compiles them first (``make catalogs``); a bare ``pytest`` on a fresh
clone must not depend on that, nor on the order of the tests, so a session fixture
compiles any ``.mo`` that is missing or older than its ``.po`` with Babel's API.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.mofile import write_mo

from .catalogs import CATALOG_LOCALES, TRANSLATIONS, read_catalog


@pytest.fixture(scope="session", autouse=True)
def compiled_catalogs() -> tuple[str, ...]:
    for locale in CATALOG_LOCALES:
        po = TRANSLATIONS / locale / "LC_MESSAGES" / "messages.po"
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            catalog = read_catalog(locale)
            tmp = mo.with_suffix(".mo.tmp")
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
