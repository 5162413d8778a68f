"""A player's name with HTML in it stays escaped when it goes through a translated
message, and the page's language is chosen as style.md habit 7 says."""

from __future__ import annotations

import pytest
from flask import render_template_string
from flask_babel import force_locale, gettext

from scorekeeper.messages import problem_message

NAME = '<script>alert("x")</script> & <b>Zé</b>'
ESCAPED = "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; &amp; &lt;b&gt;Zé&lt;/b&gt;"


@pytest.mark.parametrize(("locale", "label"), [
    ("fr", "Victoire\u202f: "), ("pt_BR", "Vitória: "), ("it", "Vittoria: "),
])
def test_name_in_a_translated_template_string_is_escaped(i18n_app, locale, label):
    template = "<p>{{ _('Winner: %(side)s', side=name) }}</p>"
    with i18n_app.test_request_context("/"), force_locale(locale):
        html = render_template_string(template, name=NAME)
    assert html == f"<p>{label}{ESCAPED}</p>"


@pytest.mark.parametrize("locale", ["fr", "pt_BR", "it"])
def test_name_in_a_referee_message_is_escaped(i18n_app, locale):
    problem = {"code": "cannot-go-out", "params": {"side": NAME, "reason": "morto-not-taken"}}
    with i18n_app.test_request_context("/"), force_locale(locale):
        message = problem_message(problem, gettext)
        html = render_template_string("<li>{{ message }}</li>", message=message)
    assert "<script>" not in html
    assert "<b>" not in html
    assert ESCAPED in html
    # the sentence is translated around the name, which stays a label, never a subject
    assert NAME in message
    assert not message.startswith(NAME)
    assert "morto" in html


@pytest.mark.parametrize(("header", "expected"), [
    ("fr-FR,fr;q=0.9,en;q=0.8", "fr"),
    ("it-IT,en;q=0.5", "it"),
    ("pt-PT", "pt_PT"),
    ("pt", "pt_BR"),
    ("pt-BR,pt;q=0.9", "pt_BR"),
    ("de-DE,de;q=0.9", "en"),
    ("", "en"),
])
def test_accept_language(i18n_app, header, expected):
    from scorekeeper.i18n import select_locale

    headers = {"Accept-Language": header} if header else {}
    with i18n_app.test_request_context("/", headers=headers):
        assert select_locale() == expected


def test_the_session_choice_wins(i18n_app):
    from flask import session

    from scorekeeper.i18n import select_locale

    with i18n_app.test_request_context("/", headers={"Accept-Language": "fr"}):
        session["lang"] = "it"
        assert select_locale() == "it"
        session["lang"] = "xx"
        assert select_locale() == "fr"


def test_lazy_labels_follow_the_request_locale(i18n_app):
    from scorekeeper.vocabulary import category_label, morto_label, profile_name, term

    with i18n_app.test_request_context("/"):
        with force_locale("it"):
            assert str(profile_name("burraco")) == "Burraco italiano"
            assert str(category_label("clean", "it")) == "burraco pulito"
            assert str(category_label("clean", "br")) == "canastra pulita"
            assert str(morto_label("not_taken", "it")) == "pozzetto non preso"
        with force_locale("pt_BR"):
            assert str(category_label("dirty", "br")) == "canastra suja"
            assert str(morto_label("taken", "br")) == "morto pego"
            assert str(term("morto", "it")) == "pozzetto"
        with force_locale("fr"):
            assert str(profile_name("buraco-classico")) == "Buraco classique"
            assert str(category_label("semi-clean", "it")) == "burraco semi-propre"
            assert str(term("going_out", "br")) == "sortie"
            assert str(term("going_out", "it")) == "fermeture"
        assert str(profile_name("unknown-thing")) == "Unknown Thing"


def test_italian_rules_labels(i18n_app):
    from scorekeeper.vocabulary import rule_label

    with i18n_app.test_request_context("/"), force_locale("fr"):
        assert str(rule_label("morto_penalty", "it")) == "Pozzetto non pris"
        assert str(rule_label("canastra", "it")) == "un burraco"
        assert str(rule_label("morto_penalty", "br")) == "Morto non pris"
        assert str(rule_label("sides", "it")) == str(rule_label("sides", "br"))
        # Classic Buraco's pile is the puits of its French source (seed 000)
        assert str(rule_label("morto_penalty", "buraco-classico")) == "Puits non pris"
        assert str(rule_label("canastra", "buraco-classico")) == "un burraco"


def test_category_words_agree_with_the_tradition_s_meld(i18n_app):
    from scorekeeper.vocabulary import category_short_label, rule_label

    with i18n_app.test_request_context("/"):
        with force_locale("pt_BR"):
            assert str(rule_label("clean", "br")) == "limpa"
            assert str(rule_label("clean", "it")) == "limpo"
            assert str(category_short_label("clean-500", "it")) == "limpo A–K"
        with force_locale("it"):
            assert str(rule_label("dirty", "br")) == "sporca"
            assert str(rule_label("dirty", "it")) == "sporco"
            assert str(category_short_label("semi-clean", "br")) == "semipulita"
        with force_locale("fr"):
            assert str(category_short_label("clean-500", "br")) == "propre A–R"


def test_count_labels_follow_the_tradition(i18n_app):
    from scorekeeper.vocabulary import count_label

    with i18n_app.test_request_context("/"), force_locale("it"):
        assert str(count_label("clean", "it")) == "Burrachi puliti"
        assert str(count_label("dirty", "br")) == "Canastre sporche"
        assert str(count_label("unknown", "br")) == "unknown"


def test_a_locale_forced_inside_a_page_speaks_its_own_language(app):
    """Pages look their translations up once per request and locale
    (web/common.py ``page_translations``); a locale forced for a while (a PDF in
    another language) is looked up anew, and the page's own comes back after it."""
    from flask import render_template_string
    from flask_babel import force_locale

    from scorekeeper.web.common import _

    with app.test_request_context("/?lang=fr", headers={"Accept-Language": "fr"}):
        from flask_babel import refresh

        refresh()
        page = render_template_string("{{ _('Target') }}")
        with force_locale("it"):
            forced = (render_template_string("{{ _('Target') }}"), _("Target"))
        again = (render_template_string("{{ _('Target') }}"), _("Target"))
    assert page == "Objectif"
    assert forced == ("Traguardo", "Traguardo")
    assert again == ("Objectif", "Objectif")
