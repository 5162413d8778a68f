"""The catalogs as the i18n tests read them (shared by conftest and the test modules)."""

from __future__ import annotations

from babel.messages.pofile import read_po

from scorekeeper import resource_dir

TRANSLATIONS = resource_dir("translations")
#: Every language with a catalog (English is the source and has none).
CATALOG_LOCALES = tuple(sorted(p.parent.parent.name
                               for p in TRANSLATIONS.glob("*/LC_MESSAGES/messages.po")))


def read_catalog(locale: str):
    with open(TRANSLATIONS / locale / "LC_MESSAGES" / "messages.po", "rb") as handle:
        return read_po(handle, locale=locale)
