"""The referee's sentences: every code in every language, in each tradition's words."""

from __future__ import annotations

import pytest

from scorekeeper.messages import (
    GOING_OUT_REASONS,
    INPUT_MESSAGES,
    PROBLEM_MESSAGES,
    PROBLEM_MESSAGES_IT,
    input_error_message,
    localize,
    problem_message,
    tradition_of,
)
from scorekeeper.rules import CODES, INPUT_CODES, PROFILES, InputError, score_document

from .catalogs import CATALOG_LOCALES

#: Parameters that every message may name, so each sentence is complete.
PARAMS = {"minimum": 3, "maximum": 13, "count": 2, "rank": "Q", "card": "QS", "points": 50,
          "before": 1600, "side": "Nós", "reason": "morto-not-taken", "sides": ["A", "B"],
          "player": "Ana", "profile": "burraco", "winner": 0}
INPUT_PARAMS = {"detail": "line 1", "token": "1X", "profile": "nope", "field": "sides[0]",
                "value": "x", "expected": "a number", "count": 3}


def test_every_problem_code_has_a_sentence():
    assert set(CODES) == set(PROBLEM_MESSAGES)
    assert set(PROBLEM_MESSAGES_IT) <= set(CODES)
    assert set(INPUT_CODES) == set(INPUT_MESSAGES)


@pytest.mark.parametrize("tradition", ["br", "it", "classic"])
@pytest.mark.parametrize("code", CODES)
def test_every_problem_is_translated_everywhere(translations, code, tradition):
    english = problem_message({"code": code, "params": PARAMS}, tradition=tradition)
    assert "%(" not in english
    for locale in CATALOG_LOCALES:
        text = problem_message({"code": code, "params": PARAMS}, translations[locale].gettext,
                               tradition=tradition)
        assert text != english, (locale, code)
        assert "%(" not in text
        assert text.strip()


@pytest.mark.parametrize("code", INPUT_CODES)
def test_every_input_error_is_translated_everywhere(translations, code):
    err = InputError(code, **{k: v for k, v in INPUT_PARAMS.items() if k != "field"})
    located = InputError(code, **INPUT_PARAMS)
    for error in (err, located):
        english = input_error_message(error)
        for locale in CATALOG_LOCALES:
            text = input_error_message(error, translations[locale].gettext)
            assert text != english, (locale, code)
            assert "%(" not in text


def test_every_going_out_reason_is_translated(translations):
    for reason in GOING_OUT_REASONS:
        for tradition in ("br", "it", "classic"):
            problem = {"code": "cannot-go-out", "params": {"side": "X", "reason": reason}}
            english = problem_message(problem, tradition=tradition)
            for locale in CATALOG_LOCALES:
                assert problem_message(problem, translations[locale].gettext,
                                       tradition=tradition) != english


def test_profiles_name_their_tradition():
    assert {p.tradition for p in PROFILES.values()} == {"br", "it"}
    assert tradition_of("buraco-aberto") == "br"
    assert tradition_of("burraco") == "it"
    assert tradition_of("buraco-classico") == "classic"  # its own source's words
    assert tradition_of("no-such-profile") == "br"


def _deal(profile: str) -> dict:
    """A side claims to go out without its morto / pozzetto (seed 001 §06, seed 004)."""
    return score_document({"profile": profile, "sides": [
        {"morto": "not_taken", "went_out": True,
         "counts": {"table_points": 200, "clean": 1}},
        {"morto": "taken", "counts": {"table_points": 50}},
    ]})


#: The tradition's word for the reserve pile is the same loan word in every language
#: (translations/GLOSSARY.md, "Two traditions, whatever the language"), except where a
#: profile's own source names it in the language: Classic Buraco's *puits* in French
#: (seed 000).
MORTO, POZZETTO = "morto", "pozzetto"
PUITS = {"fr": "puits"}


@pytest.mark.parametrize("locale", ["en", *CATALOG_LOCALES])
def test_brazilian_profile_says_morto_italian_says_pozzetto(translations, locale):
    gettext = translations[locale].gettext if locale != "en" else str
    for profile, word, other in (("buraco-aberto", MORTO, POZZETTO),
                                 ("buraco-fechado", MORTO, POZZETTO),
                                 ("burraco", POZZETTO, MORTO),
                                 ("buraco-classico", PUITS.get(locale, POZZETTO), MORTO)):
        doc = localize(_deal(profile), gettext)
        messages = [p["message"] for p in doc["problems"]]
        messages += [p["message"] for s in doc["sides"] for p in s["problems"]]
        assert messages, profile
        text = " ".join(messages)
        assert word in text, (profile, text)
        assert other not in text, (profile, text)


@pytest.mark.parametrize("locale", CATALOG_LOCALES)
def test_canastra_and_burraco_follow_the_tradition(translations, locale):
    gettext = translations[locale].gettext
    problem = {"code": "cannot-go-out",
               "params": {"side": "A", "reasons": ["no-clean-canastra"]}}
    assert "canastra" in problem_message(problem, gettext, tradition="br")
    assert "burraco" in problem_message(problem, gettext, tradition="it")
    assert "burraco" not in problem_message(problem, gettext, tradition="br")
    assert "canastra" not in problem_message(problem, gettext, tradition="it")


def test_every_broken_going_out_condition_is_named(translations):
    problem = {"code": "cannot-go-out", "params": {
        "side": "Eles", "reason": "morto-not-taken",
        "reasons": ["morto-not-taken", "no-clean-canastra", "closed-by-meld"]}}
    text = problem_message(problem, translations["fr"].gettext, tradition="br")
    assert text.startswith("Sortie impossible pour Eles\u202f: ")
    assert "\u202f; " in text  # the reasons' separator, French style
    assert "morto" in text
    assert "canastra propre" in text
    assert "défaussée" in text


def test_explicit_tradition_wins_over_the_document(translations):
    doc = localize(_deal("buraco-aberto"), translations["it"].gettext, tradition="it")
    assert "pozzetto" in str(doc)


def test_cards_in_messages_use_the_locale_letters(translations):
    problem = {"code": "duplicate-rank", "params": {"rank": "Q", "card": "QH"}}
    french = problem_message(problem, translations["fr"].gettext, locale="fr")
    assert "D♥" in french
    assert "QH" not in french
    assert "QH" in problem_message(problem, translations["fr"].gettext)


def test_what_the_referee_expected_is_translated(translations):
    gettext = translations["it"].gettext
    err = InputError("bad-value", field="sides[0].counts", value="x",
                     expected="melds or counts, not both")
    assert input_error_message(err, gettext) == (
        "sides[0].counts: «x» non è valido qui "
        "(atteso: i giochi o il conteggio, non entrambi)")
    at_least = InputError("bad-value", value="-1", expected="integer >= 0")
    assert "un numero intero di almeno 0" in input_error_message(at_least, gettext)
    code = InputError("bad-value", value="x", expected="discard|meld")
    assert "discard|meld" in input_error_message(code, gettext)


def test_an_unnamed_side_is_called_by_its_number(translations):
    problem = {"code": "cannot-go-out",
               "params": {"side": "", "side_number": 2, "reasons": ["morto-not-taken"]}}
    assert problem_message(problem, translations["fr"].gettext, tradition="it") == (
        "Fermeture impossible pour Camp 2\u202f: le camp n’a pas pris son pozzetto.")
    assert problem_message(problem, translations["pt_BR"].gettext).startswith(
        "Batida não permitida para Equipe 2:")
