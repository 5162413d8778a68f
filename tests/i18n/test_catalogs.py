"""Every catalog is complete, has no fuzzy entry, and keeps every placeholder."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg

from scorekeeper import resource_dir

from .catalogs import CATALOG_LOCALES, read_catalog

#: The languages issue 4 asks for; more may be added, none may go missing.
REQUIRED = {"fr", "pt_BR", "it"}
PLACEHOLDER = re.compile(r"%\((\w+)\)[sdif]|%[sdif]|\{\w*\}")


def _messages(locale: str):
    return [m for m in read_catalog(locale) if m.id]


def _texts(message) -> list[str]:
    return list(message.id) if isinstance(message.id, tuple) else [message.id]


def _strings(message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple) else [message.string]


def test_the_required_languages_have_catalogs():
    assert set(CATALOG_LOCALES) >= REQUIRED


@pytest.mark.parametrize("locale", CATALOG_LOCALES)
def test_catalog_is_complete_and_not_fuzzy(locale):
    untranslated = [m.id for m in _messages(locale) if not all(_strings(m))]
    fuzzy = [m.id for m in _messages(locale) if m.fuzzy]
    assert not untranslated, f"{locale}: {len(untranslated)} untranslated: {untranslated[:10]}"
    assert not fuzzy, f"{locale}: fuzzy entries: {fuzzy[:10]}"


@pytest.mark.parametrize("locale", CATALOG_LOCALES)
def test_placeholders_are_identical(locale):
    wrong = []
    for message in _messages(locale):
        expected = Counter(PLACEHOLDER.findall(_texts(message)[0]))
        for string in _strings(message):
            if Counter(PLACEHOLDER.findall(string)) != expected:
                wrong.append((message.id, string))
    assert not wrong, f"{locale}: placeholders differ: {wrong[:5]}"


@pytest.mark.parametrize("locale", CATALOG_LOCALES)
def test_no_stray_percent_sign(locale):
    """A lone ``%`` in a translation would break ``%``-formatting at run time."""
    for message in _messages(locale):
        for string in _strings(message):
            if PLACEHOLDER.search(_texts(message)[0]):
                assert "%" not in PLACEHOLDER.sub("", string).replace("%%", ""), string


def _extracted() -> set[str]:
    """Every msgid the source holds today (babel.cfg and the Makefile's keywords)."""
    root = resource_dir("translations").parent
    with open(root / "babel.cfg", encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    keywords = {**DEFAULT_KEYWORDS, "_l": None, "N_": None}
    ids = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
            str(root), method_map, options_map, keywords=keywords):
        ids.add(message[0] if isinstance(message, tuple) else message)
    return ids


@pytest.fixture(scope="module")
def extracted() -> set[str]:
    return _extracted()


@pytest.mark.parametrize("locale", CATALOG_LOCALES)
def test_catalog_covers_every_string_of_the_source(locale, extracted):
    """A string wrapped in the code or a template but absent from a catalog would be
    shown in English: run ``make update-catalogs`` and translate it."""
    have = {_texts(m)[0] for m in _messages(locale)}
    missing = sorted(extracted - have)
    assert not missing, f"{locale}: {len(missing)} strings not in the catalog: {missing[:10]}"


def test_the_template_is_up_to_date(extracted):
    with open(resource_dir("translations") / "messages.pot", "rb") as handle:
        from babel.messages.pofile import read_po

        have = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(handle) if m.id}
    assert extracted <= have, sorted(extracted - have)[:10]
