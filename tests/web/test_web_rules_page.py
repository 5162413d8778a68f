"""The rules page says each rule in sentences, in the page's language and the profile's own
words (canastra and morto, burraco and pozzetto, puits in French for Classic Buraco), with
the numbers as the language writes them; a value the sentences do not know is shown as data."""

from __future__ import annotations

import re
from html import unescape

import pytest
from babel.support import NullTranslations

from scorekeeper import rules
from scorekeeper.i18n import LOCALES
from scorekeeper.rulebook import rule_text

NNBSP, NBSP = "\u202f", "\xa0"


def _page(client, url: str, lang: str = "en") -> str:
    response = client.get(url, headers={"Accept-Language": lang.replace("_", "-")})
    assert response.status_code == 200, url
    return unescape(response.get_data(as_text=True))


def _rules(page: str) -> str:
    """The list of rules alone, as text: one sentence or list item a line."""
    part = page[page.index('<ul class="rules">'):page.index("<h2>")]
    part = re.sub(r"<sup>.*?</sup>", "", part)
    return "\n".join(line.strip() for line in re.sub(r"<[^>]+>", "\n", part).splitlines()
                     if line.strip())


def test_buraco_aberto_in_english(client):
    text = _rules(_page(client, "/rules?profile=buraco-aberto"))
    for sentence in (
        "The game is played by 2 sides.",
        "Only runs of one suit can be melded; sets of one rank cannot.",
        "The ace goes below the 2 or above the king, and a run may have one at each end, "
        "from ace to ace.",
        "A run has at most 14 cards.",
        "A meld holds at most one wildcard: a joker or a 2.",
        "Joker: 20 points",
        "Ace: 15 points",
        "A clean canastra, without a wildcard, earns 200 points.",
        "A dirty canastra, with a wildcard, earns 100 points.",
        "A clean canastra of 13 cards earns 500 points.",
        "A clean canastra of 14 cards earns 1,000 points.",
        "The side that goes out earns 100 points.",
        "To go out, a side needs at least one clean canastra.",
        "A side can go out only once it has taken its morto.",
        "The last card in hand must be discarded, not melded.",
        "A side that has not taken its morto loses 100 points.",
        "If no side has taken its morto, nobody pays that penalty.",
        "A side whose total before the deal is 1,500 or more must open with melds worth at "
        "least 75 card points, laid down together, bonuses not counted.",
        "The match ends after a deal that brings a side to 3,000 points or more",
        "The whole discard pile may be taken at any turn",
    ):
        assert sentence in text, sentence
    # no rule is left as raw data, no code leaks through
    assert "clean-500" not in text
    assert "both-ends" not in text
    assert "True" not in text
    assert "burraco" not in text
    assert "pozzetto" not in text


def test_each_rule_keeps_its_footnote(client):
    page = _page(client, "/rules?profile=buraco-fechado")
    rules_part = page[page.index('<ul class="rules">'):page.index("<h2>")]
    cited = {int(n) for n in re.findall(r'<sup><a href="#note-(\d+)">', rules_part)}
    profile = next(p for p in rules.profiles_document()["profiles"]
                   if p["id"] == "buraco-fechado")
    assert rules_part.count("<sup>") == len(profile["rules"])
    assert cited == set(range(1, len({r["source"] for r in profile["rules"]}) + 1))
    assert all(f'id="note-{n}"' in page for n in cited)


def test_buraco_fechado_in_english_says_laid_down_in_one_go(client):
    text = _rules(_page(client, "/rules?profile=buraco-fechado"))
    assert "A clean canastra from ace to king, laid down in one go, earns 500 points." in text
    assert "A clean canastra from ace to ace, laid down in one go, earns 1,000 points." in text
    assert "The last card in hand may be melded or discarded." in text
    assert "A wildcard on top must start a new meld." in text
    assert "Joker: 50 points" in text


def test_buraco_aberto_in_french(client):
    text = _rules(_page(client, "/rules?profile=buraco-aberto", "fr"))
    assert "Une suite compte au plus 14 cartes." in text
    assert "Une canastra propre, sans joker, rapporte 200 points." in text
    assert "Une canastra sale, avec un joker, rapporte 100 points." in text
    assert f"Une canastra propre de 14 cartes rapporte 1{NNBSP}000 points." in text
    assert f"Joker{NNBSP}: 20 points" in text
    assert f"atteint 1{NNBSP}500" in text
    assert "Un camp ne peut sortir qu’après avoir pris son morto." in text


def test_classic_buraco_in_french_says_puits(client):
    text = _rules(_page(client, "/rules?profile=buraco-classico", "fr"))
    assert "Le jeu se joue à 2, 3 ou 5 camps." in text
    assert "Un camp ne peut fermer qu’après avoir pris son puits." in text
    assert "Un camp qui n’a pas pris son puits perd 100 points." in text
    assert f"On ne distribue que 2 puits{NNBSP}:" in text
    assert "Un burraco semi-propre" in text
    assert "150 points" in text
    assert "pozzetto" not in text
    assert "morto" not in text
    assert "canastra" not in text
    # Italian Burraco keeps its own source's word in French
    italian = _rules(_page(client, "/rules?profile=burraco", "fr"))
    assert "Un camp ne peut fermer qu’après avoir pris son pozzetto." in italian
    assert "puits" not in italian


@pytest.mark.parametrize(("lang", "team", "thousand"), [("pt_BR", "equipe", "1.000"),
                                                        ("pt_PT", "equipa", f"1{NBSP}000")])
def test_buraco_aberto_in_portuguese(client, lang, team, thousand):
    text = _rules(_page(client, "/rules?profile=buraco-aberto", lang))
    assert "Uma sequência tem no máximo 14 cartas." in text
    assert "Uma canastra limpa de 14 cartas vale " + thousand + " pontos." in text
    assert "Uma canastra suja, com " in text
    assert f"O jogo é disputado por 2 {team}s." in text
    assert "morto" in text
    burraco = _rules(_page(client, "/rules?profile=burraco", lang))
    assert "Um burraco limpo, sem " in burraco
    assert "vale 200 pontos." in burraco
    assert "pozzetto" in burraco
    assert "canastra" not in burraco
    assert "morto" not in burraco


def test_italian_burraco_in_italian(client):
    text = _rules(_page(client, "/rules?profile=burraco", "it"))
    assert "Un burraco pulito, senza matta, vale 200 punti." in text
    assert "Un burraco sporco, con una matta, vale 100 punti." in text
    assert "Una squadra può chiudere solo dopo essere andata a pozzetto." in text
    assert "La partita finisce dopo la smazzata in cui una squadra arriva a 2.005 punti" in text
    assert "Jolly: 30 punti" in text
    assert "canastr" not in text
    assert "morto" not in text
    aberto = _rules(_page(client, "/rules?profile=buraco-aberto", "it"))
    assert "Una canastra pulita di 14 carte vale 1.000 punti." in aberto


def test_compare_marks_what_differs_with_the_other_rule_said(client):
    page = _page(client, "/rules?profile=buraco-aberto&compare=burraco")
    part = page[page.index('<ul class="rules">'):page.index("<h2>")]
    items = [item.partition('">') for item in part.split('<li class="rule')[1:]]
    assert len(items) == len(rules.profiles_document()["profiles"][0]["rules"])
    differing = [body for mark, _, body in items if mark == " differs"]
    same = [body for mark, _, body in items if mark == ""]
    # sides, wildcards and the morto penalty are the same in both; the rest differs
    assert len(same) == 3
    assert not any("badge" in body for body in same)
    assert all('<small class="badge">differs</small>' in body for body in differing)
    sets = next(body for body in differing if "sets of one rank cannot" in body)
    assert re.search(r'<p class="who">Italian Burraco: </p><p>Runs of one suit and sets of '
                     r'one rank can both be melded\.</p>', sets)
    bonuses = next(body for body in differing if "A clean canastra, without" in body)
    assert "A clean burraco, without a wildcard, earns 200 points." in bonuses


def test_compare_in_french_says_each_profile_in_its_words(client):
    text = _rules(_page(client, "/rules?profile=buraco-classico&compare=buraco-aberto", "fr"))
    assert "Un camp qui n’a pas pris son puits perd 100 points." in text
    assert "Un camp ne peut sortir qu’après avoir pris son morto." in text
    assert "différent" in text or "diffère" in text


@pytest.mark.parametrize("lang", LOCALES)
def test_every_rule_of_every_profile_is_a_sentence(client, lang):
    for profile in rules.profiles_document()["profiles"]:
        page = _page(client, f"/rules?profile={profile['id']}", lang)
        assert 'class="data"' not in page, (lang, profile["id"])
        assert "%(" not in page, (lang, profile["id"])
        assert "{" not in _rules(page), (lang, profile["id"])


def _with_house_rules(monkeypatch, **changes):
    document = rules.profiles_document()
    profile = document["profiles"][0]
    rules_list = [{**r, "value": changes.pop(r["rule"], r["value"])} for r in profile["rules"]]
    rules_list += [{"rule": key, "value": value, "source": "rules.md"}
                   for key, value in changes.items()]
    document = {**document, "profiles": [{**profile, "rules": rules_list},
                                         *document["profiles"][1:]]}
    monkeypatch.setattr(rules, "profiles_document", lambda: document)
    return profile["id"]


def test_an_unknown_value_falls_back_to_the_rule_as_data(client, monkeypatch):
    shown = _with_house_rules(monkeypatch, ace="sideways", discard_pile="frozen",
                              bonuses={"clean": 200, "golden": 700},
                              going_out={"bonus": "lots"}, house_bonus=50)
    page = _page(client, f"/rules?profile={shown}")
    data = re.findall(r'<div class="data">(.*?)</div>(<sup>.*?</sup>)?', page, re.S)
    cites = [c for _d, c in data]
    data = [d for d, _c in data]
    assert len(data) == 5
    text = " ".join(re.sub(r"<[^>]+>", " ", d) for d in data)
    for shown_as_data in ("Ace", "sideways", "Discard pile", "frozen", "golden", "700",
                          "house_bonus", "50"):
        assert shown_as_data in text, shown_as_data
    # each still cites its source, and the other rules are still sentences
    assert all(c.startswith("<sup><a href=") for c in cites)
    assert "A run has at most 14 cards." in page
    # compared from another rule set, the house rule it lacks is marked and shown as data
    other = rules.profiles_document()["profiles"][1]["id"]
    compared = _page(client, f"/rules?profile={other}&compare={shown}")
    missing = compared[compared.rindex('<li class="rule differs">'):compared.index("<h2>")]
    assert "<p>—</p>" in missing
    assert "house_bonus" in missing
    assert "50" in missing


def test_sentences_for_values_no_profile_has_yet():
    t = NullTranslations()

    def say(key, value, **context):
        return rule_text(key, value, context, "br", t, "en")

    assert say("sides", {"min": 2, "max": 4}) == [
        "The game is played by 2 to 4 sides.", "Each side is a single player or a partnership."]
    assert say("max_run", 1) == ["A run has at most 1 card."]
    assert say("wildcards_per_meld", 2)[0] == "A meld holds at most 2 wildcards."
    assert say("target", 10000)[0].startswith(
        "The match ends after a deal that brings a side to 10,000 points or more")
    assert say("morto_penalty", 1, morto_penalty=1) == [
        "A side that has not taken its morto loses 1 point."]
    # what the sentences cannot say is left to the page's data display
    for key, value in (("ace", "sideways"), ("sets_allowed", "maybe"), ("max_run", True),
                       ("sides", None), ("bonuses", {"clean": 200, "golden": 700}),
                       ("bonuses", {"clean-500": 500}), ("card_points", {"joker": 20}),
                       ("going_out", {"bonus": 100, "needs": "luck"}), ("house_bonus", 50)):
        assert say(key, value) is None, (key, value)
    assert say("unused_morto", True) is None  # its cost is the morto penalty, unknown here
