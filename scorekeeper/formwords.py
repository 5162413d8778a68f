"""WTForms' own messages in the page's language: the project's catalogs first, then
WTForms' own; its number ranges written as the page writes numbers."""

from __future__ import annotations

from typing import Any

from wtforms.validators import NumberRange as WTFormsNumberRange
from wtforms.validators import ValidationError

from scorekeeper.i18n import format_number, page_translations
from scorekeeper.msgids import N_

#: WTForms' own messages a page can show, said in the project's catalogs (WTForms' are
#: missing for pt_PT, ungrammatical in Italian, and write French with a straight
#: apostrophe); any other of its messages comes from WTForms' catalog.
WTFORMS_MESSAGES = (
    N_("Not a valid integer value."),
    N_("Not a valid choice."),
    N_("This field is required."),
    N_("Number must be between %(min)s and %(max)s."),
    N_("Number must be at least %(min)s."),
    N_("Number must be at most %(max)s."),
)


class NumberRange(WTFormsNumberRange):
    """WTForms' range, its numbers written as the page writes them (``−1 000``)."""

    def __call__(self, form: Any, field: Any) -> None:
        try:
            super().__call__(form, field)
        except ValidationError:
            if self.message is not None:
                raise
            if self.max is None:
                said = field.gettext(WTFORMS_MESSAGES[4])
            elif self.min is None:
                said = field.gettext(WTFORMS_MESSAGES[5])
            else:
                said = field.gettext(WTFORMS_MESSAGES[3])
            raise ValidationError(said % {"min": self._number(self.min),
                                          "max": self._number(self.max)}) from None

    @staticmethod
    def _number(value: Any) -> str:
        from flask import has_request_context
        from flask_babel import get_locale

        return format_number(value, get_locale() if has_request_context() else None)


class _WTFormsMessages:
    """WTForms' messages in the page's language: the project's catalog first
    (``WTFORMS_MESSAGES``), else WTForms' own, read from disk once per language for the
    life of the process (Flask-WTF reads it again on every request)."""

    _loaded: dict[str, Any] = {}

    def _catalog(self) -> Any:
        from flask import g, has_request_context
        from flask_babel import get_locale

        locale = get_locale() if has_request_context() else None
        if locale is None:
            return None
        kept = g.get("wtforms_catalog")  # (locale, catalog): a form asks several times
        if kept is not None and kept[0] is locale:
            return kept[1]
        catalog = self._load(str(locale))
        g.wtforms_catalog = (locale, catalog)
        return catalog

    def _load(self, locale: str) -> Any:
        from babel import support
        from wtforms.i18n import messages_path

        catalog = self._loaded.get(locale)
        if catalog is None:
            catalog = support.Translations.load(messages_path(), [locale], domain="wtforms")
            self._loaded[locale] = catalog
        return catalog

    @staticmethod
    def _ours() -> Any:
        from flask import has_request_context

        return page_translations() if has_request_context() else None

    def gettext(self, string: str) -> str:
        ours = self._ours()
        said = str(ours.ugettext(string)) if ours is not None else string
        if said != string:
            return said
        catalog = self._catalog()
        return string if catalog is None else str(catalog.ugettext(string))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        ours = self._ours()
        if ours is not None:
            said = str(ours.ungettext(singular, plural, n))
            if said not in (singular, plural):
                return said
        catalog = self._catalog()
        if catalog is None:
            return singular if n == 1 else plural
        return str(catalog.ungettext(singular, plural, n))


WTFORMS_TRANSLATIONS = _WTFormsMessages()
