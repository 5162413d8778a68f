"""``scorekeeper … --lang``: the command line speaks the compiled catalogs."""

from __future__ import annotations

import json

import pytest

from scorekeeper.cli import main

TOO_FEW = {
    None: "A meld needs at least 3 cards; this one has 2.",
    "en": "A meld needs at least 3 cards; this one has 2.",
    "fr": "Une combinaison doit compter au moins 3 cartes\u202f; celle-ci en a 2.",
    "pt": "Um jogo precisa de pelo menos 3 cartas; este tem 2.",
    "pt_BR": "Um jogo precisa de pelo menos 3 cartas; este tem 2.",
    "it": "Un gioco richiede almeno 3 carte; questo ne ha 2.",
    "pt_PT": "Um jogo precisa de pelo menos 3 cartas; este tem 2.",
}


def _check(capsys, *argv: str) -> tuple[int, dict]:
    status = main(["check", *argv])
    out = capsys.readouterr().out
    return status, json.loads(out)


@pytest.mark.parametrize(("lang", "expected"), TOO_FEW.items())
def test_check_speaks_the_language(capsys, lang, expected):
    argv = ["--lang", lang] if lang else []
    status, doc = _check(capsys, *argv, "3H 4H")
    assert status == 1
    assert doc["melds"][0]["problems"][0]["message"] == expected


@pytest.mark.parametrize(("lang", "word"), [("fr", "pinella"), ("it", "pinella"),
                                            ("pt", "pinella")])
def test_check_uses_the_italian_words_for_burraco(capsys, lang, word):
    status, doc = _check(capsys, "--lang", lang, "--profile", "burraco", "3H JK 5H 2S")
    assert status == 1
    assert word in doc["melds"][0]["problems"][0]["message"]


def test_unreadable_card_is_explained_in_the_language(capsys):
    assert main(["check", "--lang", "it", "3H 4X"]) == 2
    err = capsys.readouterr().err
    assert "Carta sconosciuta «4X»" in err


def test_opening_below_minimum_in_portuguese(capsys):
    status, doc = _check(capsys, "--lang", "pt", "--before", "1600", "3H 4H 5H")
    assert status == 1
    message = doc["problems"][0]["message"]
    assert message.startswith("A abertura vale 15 pontos em cartas")
    assert "1600" in message
    assert "75" in message
