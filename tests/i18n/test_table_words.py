"""The words of the table: each corrected msgstr stays in its catalog; a count of piles
is said with its plural; the semi-clean switch agrees with canastra or burraco; WTForms'
own messages speak the page's language; negative numbers carry one minus sign."""

from __future__ import annotations

import html as htmllib
import re

import pytest
from babel.messages.pofile import read_po

from scorekeeper.i18n import LOCALES, format_number
from scorekeeper.messages import problem_message
from scorekeeper.rules.limits import MOST_POINTS

from .catalogs import CATALOG_LOCALES, TRANSLATIONS
from .corrected_words import CORRECTED

NNBSP = "\u202f"


@pytest.mark.parametrize("locale", CATALOG_LOCALES)
def test_every_corrected_word_is_in_its_catalog(locale):
    with open(TRANSLATIONS / locale / "LC_MESSAGES" / "messages.po", "rb") as handle:
        catalog = read_po(handle, locale=locale)
    wrong = []
    for (context, msgid), wanted in CORRECTED[locale].items():
        message = catalog.get(msgid, context=context)
        if message is None or message.string != wanted:
            wrong.append((msgid, message.string if message else None))
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("locale", CATALOG_LOCALES)
def test_numbers_in_labels_are_written_as_the_formatter_writes_them(locale):
    with open(TRANSLATIONS / locale / "LC_MESSAGES" / "messages.po", "rb") as handle:
        catalog = read_po(handle, locale=locale)
    thousand = format_number(1000, locale)
    for message in catalog:
        msgid = message.id if isinstance(message.id, str) else (message.id or ("",))[0]
        if re.search(r"(?<![\d%])1000(?!\d)", msgid or ""):
            assert thousand in message.string, message.string
            assert "1000" not in message.string, message.string


#: The pile's word in each tradition's sentence, singular and plural, per language.
PILES = {
    "br": {"fr": ("1 morto,", "2 mortos,"), "pt_BR": ("1 morto ", "2 mortos "),
           "pt_PT": ("1 morto,", "2 mortos,"), "it": ("1 mazzetto ", "2 mazzetti ")},
    "it": {"fr": ("1 pozzetto,", "2 pozzetti,"), "pt_BR": ("1 pozzetto ", "2 pozzetti "),
           "pt_PT": ("1 pozzetto,", "2 pozzetti,"), "it": ("1 pozzetto,", "2 pozzetti,")},
    "classic": {"fr": ("1 puits,", "2 puits,"), "pt_BR": ("1 pozzetto ", "2 pozzetti "),
                "pt_PT": ("1 pozzetto,", "2 pozzetti,"), "it": ("1 pozzetto,", "2 pozzetti,")},
}


@pytest.mark.parametrize("tradition", sorted(PILES))
@pytest.mark.parametrize("locale", CATALOG_LOCALES)
def test_one_pile_and_two_piles_are_said_in_their_number(translations, locale, tradition):
    said = [problem_message({"code": "morto-count", "params": {"maximum": n, "count": n + 1}},
                            translations[locale].gettext, tradition=tradition)
            for n in (1, 2)]
    assert [w in s for w, s in zip(PILES[tradition][locale], said, strict=True)] == [True] * 2
    english = [problem_message({"code": "morto-count", "params": {"maximum": n, "count": 3}},
                               tradition=tradition) for n in (1, 2)]
    assert " is dealt" in english[0]
    assert " are dealt" in english[1]


@pytest.mark.parametrize("locale", CATALOG_LOCALES)
def test_one_pile_is_singular_on_the_pages_too(i18n_app, locale):
    from flask_babel import force_locale, gettext

    with i18n_app.test_request_context(), force_locale(locale):
        said = problem_message({"code": "morto-count", "params": {"maximum": 1, "count": 2}},
                               gettext, tradition="br")
    assert PILES["br"][locale][0] in said, said


@pytest.mark.parametrize(("locale", "canastra", "burraco"), [
    ("en", "Semi-clean:", "Semi-clean:"), ("fr", f"Semi-propre{NNBSP}:", f"Semi-propre{NNBSP}:"),
    ("pt_BR", "Semilimpa:", "Semilimpo:"), ("pt_PT", "Semilimpa:", "Semilimpo:"),
    ("it", "Semipulita:", "Semipulito:"),
])
def test_the_semi_clean_switch_agrees_with_the_meld(player, locale, canastra, burraco):
    player.client.get(f"/lang/{locale}")
    for base, word in (("buraco-aberto", canastra), ("burraco", burraco)):
        page = htmllib.unescape(player.client.get(f"/rules/house/new?base={base}")
                                .get_data(as_text=True))
        label = re.search(r'id="semi_clean"[^>]*>\s*([^<]*)<', page)
        assert label is not None, base
        assert label.group(1).startswith(word), (base, label.group(1))


#: WTForms' messages on the deal form, as each language says them; the range is what two
#: decks can make at the largest card values house rules allow (``rules.limits``).
WTFORMS = {
    "en": ("Not a valid integer value.", "Number must be between {low} and {high}.",
           "Not a valid choice."),
    "fr": ("Nombre entier attendu.", "Entre {low} et {high}.", "Choix non valable."),
    "pt_BR": ("Digite um número inteiro.", "Digite um número entre {low} e {high}.",
              "Escolha uma das opções."),
    "pt_PT": ("Escreva um número inteiro.", "Escreva um número entre {low} e {high}.",
              "Escolha uma das opções."),
    "it": ("Serve un numero intero.", "Serve un numero tra {low} e {high}.",
           "Scelta non valida."),
}


@pytest.mark.parametrize("locale", LOCALES)
def test_wtforms_messages_on_the_deal_form_speak_the_page_language(player, locale):
    player.client.get(f"/lang/{locale}")
    token = player.new_match()
    response = player.save_deal(token, [
        {"mode": "counts", "table_points": "many"},
        {"mode": "counts", "table_points": -2 * MOST_POINTS, "morto": "somewhere"}])
    page = htmllib.unescape(response.get_data(as_text=True))
    assert response.status_code in (400, 422)
    integer, between, choice = WTFORMS[locale]
    assert integer in page
    # 1,080,000 written as the language writes it (1 080 000, 1.080.000), with a true minus
    assert MOST_POINTS == 1_080_000
    assert between.format(low=format_number(-MOST_POINTS, locale),
                          high=format_number(MOST_POINTS, locale)) in page
    assert "\u22121" in format_number(-MOST_POINTS, locale)
    assert choice in page


def _shown(page: str) -> str:
    """What a reader sees of a page: its text and its titles (not the inputs' values,
    which the phone's keyboard writes with its own sign)."""
    body = re.sub(r"<(script|style)\b.*?</\1>|<[^>]+>", "\n", page, flags=re.S)
    titles = " ".join(re.findall(r'(?:title|aria-label|alt)="([^"]*)"', page))
    return htmllib.unescape(f"{body}\n{titles}")


@pytest.mark.parametrize("locale", LOCALES)
def test_no_hyphen_minus_before_a_digit_on_the_scoreboard(player, locale):
    player.client.get(f"/lang/{locale}")
    token = player.new_match()
    sides = [{"mode": "counts", "table_points": 100, "clean": 1},
             {"mode": "counts", "table_points": 0, "hand_points": 40, "morto": "not_taken"}]
    assert player.save_deal(token, sides).status_code == 302
    for url in (f"/m/{token}", f"/m/{token}/deals/1"):
        text = _shown(player.client.get(url).get_data(as_text=True))
        assert "\u2212140" in text, url
        assert not re.findall(r"(?<![\w/:.-])-\d", text), (url, re.findall(r".{12}-\d.{6}", text))
