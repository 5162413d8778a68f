"""One word per canastra kind in each game, whichever way a deal is entered: the deal
form's count labels ("Buracos purs") say each kind as the meld lines' verdicts do
("buraco pur"), in every language, for every game and for house rules over one."""

from __future__ import annotations

import html
import json
import re

import pytest

from scorekeeper.i18n import LOCALES
from scorekeeper.rules.profiles import PROFILES

GAMES = ("buraco-aberto", "buraco-fechado", "burraco", "buraco-classico")


def _words(text: str) -> list[str]:
    """A label's words, lowercased, without brackets (every kind of space splits)."""
    words = (w.strip("()«»").lower() for w in re.split(r"[\s\u00a0\u202f]+", text))
    return [w for w in words if w]


def _agree(verdict: str, label: str) -> bool:
    """Every word of the verdict begins a word of the label, its last letter aside (the
    plural: pur / purs, pulita / pulite, sporca / sporche, burraco / burrachi)."""
    said = _words(label)
    return all(any(w.startswith(v[:-1] or v) for w in said) for v in _words(verdict))


def test_the_agreement_sees_another_word():
    assert _agree("buraco semi-pur", "Buracos semi-purs")
    assert _agree("canastra pulita da 1.000", "Canastre pulite di 14 carte (1.000)")
    assert not _agree("buraco pur", "Burracos propres")
    assert not _agree("burraco semi-propre", "Burracos semi-purs")


def _house(player, base: str) -> str:
    """House rules over ``base`` (its target only changed; its semi-clean kind kept, as
    the form shows it ticked): their profile choice."""
    url = f"/rules/house/new?base={base}"
    data = {**player.form(url), "name": "Nonna", "target": "3005", "semi_clean": "y",
            "action": "save"}
    response = player.client.post(url, data=data)
    assert response.status_code == 302, response.get_data(as_text=True)[-1500:]
    return "house:" + response.headers["Location"].rsplit("/h/", 1)[1]


def _form_words(player, profile: str) -> tuple[dict[str, str], dict[str, str]]:
    """A new deal's form of a match by ``profile``: the count label of each kind, and the
    word each kind's meld line is given (the card picker's verdicts)."""
    token = player.new_match(profile=profile)
    page = player.client.get(f"/m/{token}/deals/new").get_data(as_text=True)
    labels = {name: html.unescape(text) for name, text in
              re.findall(r'<label for="sides-0-([a-z_0-9]+)">([^<]*)</label>', page)}
    words = json.loads(html.unescape(re.search(r"data-words='([^']*)'", page).group(1)))
    fields = {"clean": "clean", "dirty": "dirty", "semi-clean": "semi_clean",
              "clean-500": "clean_500", "clean-1000": "clean_1000"}
    kinds = [kind for kind in fields if fields[kind] in labels]
    return ({kind: labels[fields[kind]] for kind in kinds}, {kind: words[kind] for kind in kinds})


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("game", [*GAMES, "house over buraco-classico"])
def test_count_labels_say_each_kind_as_the_meld_lines_do(player, locale, game):
    profile = _house(player, "buraco-classico") if game.startswith("house") else game
    player.client.get(f"/lang/{locale}")
    labels, verdicts = _form_words(player, profile)
    # every kind the game scores
    assert set(labels) == set(PROFILES[profile if profile in PROFILES else "buraco-classico"]
                              .categories)
    for kind, label in labels.items():
        assert _agree(verdicts[kind], label), (kind, verdicts[kind], label)


def test_classic_buraco_counts_in_seed_000_s_french_words(player):
    """Seed 000, "Décompte des points": buraco « pur », « semi-pur », « sale »; the card
    lines and the counts alike, and the referee's review of a meld line too."""
    player.client.get("/lang/fr")
    labels, verdicts = _form_words(player, "buraco-classico")
    assert labels == {"clean": "Buracos purs", "semi-clean": "Buracos semi-purs",
                      "dirty": "Buracos sales"}
    assert verdicts == {"clean": "buraco pur", "semi-clean": "buraco semi-pur",
                        "dirty": "buraco sale"}
    # a house rules' match over it speaks it too (its meld lines once said "canastra")
    labels, verdicts = _form_words(player, _house(player, "buraco-classico"))
    assert (labels["clean"], verdicts["clean"]) == ("Buracos purs", "buraco pur")
    token = player.new_match(profile="buraco-classico")
    assert player.save_deal(token, [{"melds": "3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥"},
                                    {"melds": "4♦ 5♦ 6♦"}]).status_code == 302
    page = player.client.get(f"/m/{token}/deals/1").get_data(as_text=True)
    # 3 to 7 at 5, 8 and 9 at 10: 45 card points, and the clean buraco's 200
    assert "<b>valable</b> · buraco pur · 45 points + 200</li>" in page
