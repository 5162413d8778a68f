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


# -- French typography, plural forms, words per tradition ----------------------------------

NNBSP = "\u202f"
#: msgids whose punctuation is a character the player types, not French punctuation.
TYPED = {"End a line with ! if it was laid down in one go."}
#: A number directly followed by a noun in the English: the noun's number depends on it.
COUNTED_NOUN = re.compile(r"%\((count|num)\)[sd] (?!×)[a-z]+")
#: Counts that can never be 1, so the plural is always right.
ALWAYS_PLURAL = {
    # more copies than two decks hold: 3 or more
    "%(card)s is entered %(count)s times, but two decks hold only %(maximum)s: probably a typo.",
}
PLURAL_FORMS = {"fr": (2, "(n > 1)"), "pt_BR": (2, "(n > 1)"), "pt_PT": (2, "(n != 1)"),
                "it": (2, "(n != 1)")}


def _french_typography_errors(text: str) -> list[str]:
    """Where ``text`` puts anything but U+202F before : ; ? ! » or after «."""
    bare = PLACEHOLDER.sub("", text)
    errors = []
    for match in re.finditer(r"[;?!»]|:(?=\s|$)", bare):
        if match.start() == 0 or bare[match.start() - 1] != NNBSP:
            errors.append(bare[max(0, match.start() - 12):match.end()])
    errors += [bare[m.start():m.start() + 12] for m in re.finditer(r"«(?!\u202f)", bare)]
    return errors


def test_french_punctuation_has_a_narrow_no_break_space():
    """A plain space before ? : ! lets the sign wrap alone onto the next line."""
    wrong = []
    for message in _messages("fr"):
        if _texts(message)[0] in TYPED:
            continue
        for string in _strings(message):
            wrong += [(string, error) for error in _french_typography_errors(string)]
    assert not wrong, wrong[:10]


def test_the_typography_check_catches_plain_spaces():
    assert _french_typography_errors("Qui est sorti ?")
    assert _french_typography_errors("Date: %(date)s")
    assert _french_typography_errors("« Nous\u202f»")
    assert not _french_typography_errors("Date\u202f: %(date)s · «\u202fNous\u202f»")
    assert not _french_typography_errors("https://example.org")


def test_templates_write_no_colon_of_their_own():
    """A label's colon comes from the catalog (``colon()``, ``_(': ')``): French needs
    U+202F before it."""
    root = resource_dir("translations").parent / "templates"
    wrong = [f"{path.name}: {line.strip()}" for path in sorted(root.rglob("*.html"))
             for line in path.read_text(encoding="utf-8").splitlines()
             if re.search(r"\}\}: ", line)]
    assert not wrong, wrong


@pytest.mark.parametrize("locale", sorted(PLURAL_FORMS))
def test_plural_forms_header(locale):
    catalog = read_catalog(locale)
    assert (catalog.num_plurals, catalog.plural_expr) == PLURAL_FORMS[locale]
    for message in _messages(locale):
        if isinstance(message.id, tuple):
            assert len(message.string) == catalog.num_plurals, message.id


def test_a_count_before_a_noun_goes_through_ngettext():
    """"ses 1 donnes": wherever a count meets a noun the catalog needs plural forms."""
    with open(resource_dir("translations") / "messages.pot", "rb") as handle:
        from babel.messages.pofile import read_po

        template = [m for m in read_po(handle) if m.id]
    single = [m.id for m in template if isinstance(m.id, str)
              and COUNTED_NOUN.search(m.id) and m.id not in ALWAYS_PLURAL]
    assert not single, single
    assert any(isinstance(m.id, tuple) for m in template)


def _tradition_tables():
    from scorekeeper import vocabulary

    return {"CATEGORY_LABELS": vocabulary.CATEGORY_LABELS,
            "CATEGORY_SHORT_BY_TRADITION": vocabulary.CATEGORY_SHORT_BY_TRADITION,
            "CATEGORY_RULE_LABELS": vocabulary.CATEGORY_RULE_LABELS,
            "COUNT_LABELS": vocabulary.COUNT_LABELS, "MORTO_LABELS": vocabulary.MORTO_LABELS}


def test_no_msgid_is_shared_between_the_traditions_words():
    """canastra is feminine, burraco masculine (*limpa* / *limpo*, *pulita* / *pulito*):
    a word that follows one of them has its own msgid (or context) in each tradition."""
    shared = []
    for name, table in _tradition_tables().items():
        for key, br in table["br"].items():
            it = table["it"].get(key)
            key_br = (getattr(br, "context", None), str(br))
            if it is not None and key_br == (getattr(it, "context", None), str(it)):
                shared.append((name, key))
    assert not shared, shared


@pytest.mark.parametrize(("locale", "canastra", "burraco"), [
    ("pt_BR", "limpa", "limpo"), ("pt_PT", "limpa", "limpo"), ("it", "pulita", "pulito"),
])
def test_category_words_agree_with_canastra_and_burraco(locale, canastra, burraco):
    catalog = read_catalog(locale)
    assert catalog.get("clean", context="canastra").string == canastra
    assert catalog.get("clean", context="burraco").string == burraco


#: A call of a translation function: what the catalogs' extraction looks for.
_GETTEXT_CALL = re.compile(r"\b(?:_|_l|N_|NP_|NN_|NNP_|gettext|ngettext|lazy_gettext)\(")


def test_no_message_is_looked_up_inside_an_f_string():
    """The extraction (pybabel on Python 3.11) reads an f-string as one string token and
    never sees a call inside it: a word looked up there is in no catalog and shows in
    English on every page ("corrected", "disputed" on the boards once did)."""
    import io
    import tokenize

    root = resource_dir("translations").parent / "scorekeeper"
    wrong = []
    for path in sorted(root.rglob("*.py")):
        tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
        for token in tokens:
            prefix = re.match(r"[A-Za-z]*", token.string).group(0).lower()
            if token.type == tokenize.STRING and "f" in prefix and \
                    _GETTEXT_CALL.search(token.string):
                wrong.append(f"{path.relative_to(root)}:{token.start[0]}")
    assert wrong == []
