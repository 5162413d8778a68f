"""The deal form's field macros written in Python (scorekeeper/web/formhtml.py) write exactly
what the macros of templates/_forms.html write, whatever the field holds."""

from __future__ import annotations

import re

import pytest
from flask import get_template_attribute
from markupsafe import Markup
from werkzeug.datastructures import MultiDict

from scorekeeper.forms import DealForm, choices
from scorekeeper.web import formhtml

SENT = MultiDict({
    "sides-0-mode": "counts", "sides-0-melds": "3C 4C 5C\nJK 7H 8H", "sides-0-table_points": "x",
    "sides-0-clean": "-1", "sides-0-hand": "KS 10H", "sides-0-opening": "<b>&",
    "sides-0-morto": "unused", "sides-1-melds": '3H 4H "5H"', "sides-1-hand_points": "15",
    "sides-1-unnoted": "y", "went_out": "1", "closed_by": "meld", "morto_first": "9",
})


def _forms(app, data):
    """The same deal form twice, as sent (``data``) or empty, its choices set and validated."""
    built = []
    for _copy in range(2):
        form = DealForm(formdata=data, meta={"csrf": False})
        while len(form.sides.entries) < 2:
            form.sides.append_entry()
        form.went_out.choices = choices([("", "Nobody"), ("0", "Nós & co"), ("1", "<Eles>")])
        form.morto_first.choices = choices([("", "Not noted"), ("0", "A"), ("1", "B")])
        for entry in form.sides.entries:
            entry.form.morto.choices = choices([("taken", "taken"), ("not_taken", "not taken"),
                                                ("unused", "never played")])
        if data is not None:
            form.validate()
            form.sides.entries[0].form.melds.errors.append("Meld 2: <no>")
        built.append(form)
    return built


@pytest.mark.parametrize("data", [None, SENT], ids=["empty", "sent"])
def test_each_field_is_written_as_its_macro_writes_it(app, data):
    with app.test_request_context("/", method="POST" if data else "GET"):
        app.preprocess_request()
        mine, theirs = _forms(app, data)
        macro = {name: get_template_attribute("_forms.html", name)
                 for name in ("field", "cards_field", "radios", "choices", "hidden", "errors")}

        def same(name, where, *args, **kwargs):
            expected = str(macro[name](_at(theirs, where), *args, **kwargs))
            assert str(getattr(formhtml, name)(_at(mine, where), *args, **kwargs)) == expected

        for i in range(2):
            same("choices", (i, "mode"), class_="mode")
            same("cards_field", (i, "melds"), Markup("Cards: <i>A</i>"), rows=3,
                 spellcheck="false", **{"data-picker": i, "data-grow": ""})
            same("cards_field", (i, "opening"), label=Markup("<span>Or</span>"), rows=1)
            same("cards_field", (i, "hand"), "a & b", **{"data-cards": ""})
            for name in ("table_points", "clean", "dirty", "hand_points"):
                same("field", (i, name), inputmode="numeric", min=0, **{"data-stepper": ""})
            same("radios", (i, "morto"))
            same("errors", (i, "melds"))
        for name in ("went_out", "closed_by", "morto_first"):
            same("radios", (name,))
        same("hidden", ())


def _at(form, where):
    """The form (``()``), one of its fields (``(name,)``) or a side's (``(side, name)``)."""
    if len(where) == 2:
        return form.sides.entries[where[0]].form[where[1]]
    return form[where[0]] if where else form


def _counts_fields(html: str, side: int) -> list[str]:
    return re.findall(rf'<input data-stepper="" id="sides-{side}-(\w+)"', html)


def test_a_new_deal_s_fields_are_kept_by_all_they_show(site, client, seed_deal):
    """A new deal's fields (nothing typed yet) are kept per game and language: each match
    shows its own game's fields and its own sides, whichever form was shown before; a side
    that became vulnerable shows its opening; a form sent back keeps what was typed."""
    aberto = site.new_match("buraco-aberto", ("Nós", "Eles"), target=100000)
    classic = site.new_match("buraco-classico", ("Noi", "Loro"), target=100000)
    for _round in range(2):
        for token, name, fields in ((aberto, "Nós", ["dirty", "clean", "clean_500", "clean_1000"]),
                                    (classic, "Noi", ["dirty", "semi_clean", "clean"])):
            html = client.get(f"/m/{token}/deals/new").get_data(as_text=True)
            assert f"<legend>{name} " in html
            assert _counts_fields(html, 0) == fields
            assert "sides-0-opening" not in html
    for _deal in range(5):  # 5 × 365 = 1,825: vulnerable from 1,500
        assert site.save_deal(aberto, [{**s, "unnoted": "y"} for s in seed_deal]).status_code == 302
    html = client.get(f"/m/{aberto}/deals/new").get_data(as_text=True)
    assert 'id="sides-0-opening"' in html
    assert "(75 or more)" in html
    sent = site.save_deal(aberto, [{"melds": "3H 4H 5X"}, {"mode": "counts", "table_points": 60}])
    assert sent.status_code == 422
    typed = sent.get_data(as_text=True)
    assert "3H 4H 5X</textarea>" in typed
    assert 'id="sides-0-melds-errors"' in typed
    again = client.get(f"/m/{aberto}/deals/new").get_data(as_text=True)
    assert "3H 4H 5X" not in again  # (a random form key may hold "5X")
    for points in ("00", "0"):  # the same number, typed two ways: each shown as typed
        sent = site.save_deal(aberto, [{"melds": "3H 4H 5X"},
                                       {"mode": "counts", "table_points": points}])
        html = sent.get_data(as_text=True)
        shown = re.search(r'<input [^>]*id="sides-1-table_points"[^>]*>', html)
        assert f'value="{points}"' in shown.group(0)
