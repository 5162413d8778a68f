"""No name the players type is the subject of a word that would have to agree with it.

Side names are usually plural ("Us", "Them", "Ana & Beto"), player names are often
feminine: a sentence that makes them the subject of an inflected verb or adjective
("Nós bateu", "Eux est sorti", "Marie est éliminé") is wrong in most matches. Every
message that takes a side's or a player's name is rendered in every language with a
plural default name and a feminine name into ``agreement_fixture.txt``, for a
reviewer to read; the test fails when that file is out of date (write it again with
``SCOREKEEPER_WRITE_FIXTURES=1``).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from scorekeeper import resource_dir

from .catalogs import CATALOG_LOCALES

FIXTURE = Path(__file__).with_name("agreement_fixture.txt")
NAMES = re.compile(r"%\((side|sides|player|fooled|name|match)\)s")
#: A side's name, a side list, the winner: the typed name may be plural.
SIDE = re.compile(r"%\((side|sides)\)s")
#: Labels shown right after a player's name, and labels a name follows after a colon.
AFTER_NAME = ("out of the game",)
BEFORE_NAME = ("Going out", "Closing", "Winner")
#: A feminine first name, as each language writes it.
FEMININE = {"en": "Mary", "fr": "Marie", "pt_BR": "Maria", "pt_PT": "Maria", "it": "Anna"}
#: Words that agree with their subject's gender (a participle or adjective after a name).
GENDERED = re.compile(r"^%\(\w+\)s (est |è |é |está )?(\w+ )?"
                      r"(éliminé|sorti|eliminat[oa]|eliminad[oa]|uscit[oa]|vencedor|vainqueur)\b",
                      re.I)


def _messages() -> list[tuple[str, str | None]]:
    """Every msgid (singular, plural) of the source that takes a name."""
    with open(resource_dir("translations") / "messages.pot", "rb") as handle:
        catalog = read_po(handle)
    found = []
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id, None)
        if message.id and NAMES.search(ids[0]) and "%(sides)s sides" not in ids[0]:
            found.append(ids)
    return sorted(found)


def _params(name: str) -> dict[str, object]:
    return {"side": name, "sides": name, "player": name, "fooled": name, "name": name,
            "match": name, "reason": "…", "count": 2, "number": 3, "table": 2, "turn": 2}


def _lines(locale: str, translations: dict[str, object]) -> list[str]:
    gettext = translations[locale].gettext if locale != "en" else str  # type: ignore[attr-defined]
    ngettext = (translations[locale].ngettext if locale != "en"  # type: ignore[attr-defined]
                else lambda s, p, n: s if n == 1 else p)
    # the default side name, a side named after its players, a woman's name
    names = (gettext("Them"), f"{FEMININE[locale]} & Leo", FEMININE[locale])
    colon = gettext(": ")
    lines = [f"## {locale}"]
    for singular, plural in _messages():
        lines.append(f"{singular}")
        for name in names:
            params = _params(name)
            if plural is None:
                text = gettext(singular) % params
            else:
                text = " / ".join(ngettext(singular, plural, n) % {**params, "num": n}
                                  for n in (1, 3))
            lines.append(f"    {name}: {text}")
    for label in AFTER_NAME:
        lines.append(f"{label} (after a player's name)")
        lines.append(f"    {FEMININE[locale]} — {gettext(label)}")
    for label in BEFORE_NAME:
        lines.append(f"{label} (before a side's name)")
        lines.append("    " + " · ".join(f"{gettext(label)}{colon}{n}" for n in names))
    return lines


def _fixture(translations: dict[str, object]) -> str:
    out = []
    for locale in ("en", *CATALOG_LOCALES):
        out.extend(_lines(locale, translations))
        out.append("")
    return "\n".join(out)


def test_the_fixture_shows_every_named_message_in_every_language(translations):
    text = _fixture(translations)
    if os.environ.get("SCOREKEEPER_WRITE_FIXTURES"):
        FIXTURE.write_text(text, encoding="utf-8")
    assert FIXTURE.read_text(encoding="utf-8") == text, (
        "agreement_fixture.txt is out of date: run "
        "SCOREKEEPER_WRITE_FIXTURES=1 pytest tests/i18n/test_agreement.py, then read the diff")


@pytest.mark.parametrize("locale", CATALOG_LOCALES)
def test_a_side_s_name_is_never_a_subject(locale):
    """A side's name never opens a sentence in a translation: it stands as a label
    ("Sortie : Nous") or after a preposition ("pour Nous")."""
    with open(resource_dir("translations") / locale / "LC_MESSAGES" / "messages.po", "rb") as h:
        catalog = read_po(h, locale=locale)
    wrong = []
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for string in strings:
            if SIDE.search(ids[0]) and SIDE.match(string):
                wrong.append(string)
            if NAMES.search(ids[0]) and GENDERED.search(string):
                wrong.append(string)
    assert not wrong, wrong


@pytest.mark.parametrize("locale", CATALOG_LOCALES)
def test_labels_next_to_a_name_do_not_agree_with_it(translations, locale):
    gettext = translations[locale].gettext
    for label in (*AFTER_NAME, *BEFORE_NAME):
        assert not GENDERED.search(f"%(player)s {gettext(label)}"), (locale, label)
