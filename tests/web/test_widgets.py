"""A field's kept HTML is what WTForms writes (scorekeeper/widgets.py)."""

from __future__ import annotations

import itertools


def test_a_kept_field_is_written_as_wtforms_writes_it_whatever_it_holds(app):
    """An empty or short field's HTML is kept by all its widget reads: the same field with
    another value, state or attribute is never answered with another's HTML."""
    from markupsafe import Markup

    from scorekeeper.forms import DealForm, choices

    with app.test_request_context("/"):
        for mode, melds, points, unnoted in itertools.product(
                ("cards", "counts"), ("", "3H 4H 5H", "<b>"), ("", "15", "x"), ("", "y")):
            form = DealForm(meta={"csrf": False}, data={"sides": [
                {"mode": mode, "melds": melds, "hand": melds, "hand_points": points or None,
                 "unnoted": bool(unnoted)}]})
            side = form.sides.entries[0].form
            side.morto.choices = choices([("taken", "taken"), ("unused", "never played")])
            for field, attrs in ((side.melds, {"rows": 2}), (side.hand, {"data_cards": ""}),
                                 (side.hand_points, {"min": 0}), (side.unnoted, {}),
                                 (side.hand, {"class_": Markup("a&amp;b")}),
                                 (side.hand, {"class_": "a&amp;b"})):
                for written in (field(**attrs), field(**attrs)):
                    assert str(written) == str(field.widget(field, **attrs)), (field.name, attrs)
            for option in [*side.mode, *side.morto]:
                assert str(option()) == str(option.widget(option))


def test_a_submit_button_or_a_password_is_never_kept(app):
    """A submit button's value is its label's words, a password's is hidden: each is
    written by WTForms every time."""
    from wtforms import PasswordField, SubmitField

    from scorekeeper.forms import QueryForm

    class Asked(QueryForm):
        go = SubmitField("Go")
        secret = PasswordField("Secret")

    with app.test_request_context("/"):
        for words in ("Go", "Allez", "Vai"):
            form = Asked()
            form.go.label.text = words
            assert str(form.go()) == f'<input id="go" name="go" type="submit" value="{words}">'
            assert 'value=""' in str(form.secret())
