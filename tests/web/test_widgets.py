"""The deal form's fields are written as WTForms writes them (scorekeeper/widgets.py)."""

from __future__ import annotations

import itertools

import wtforms.widgets
from wtforms.widgets import core

import scorekeeper.forms  # noqa: F401  (installs the widgets' html_params)
from scorekeeper import widgets


def test_every_widget_writes_its_attributes_with_the_same_text_as_wtforms():
    original = widgets.html_params.__wrapped__
    assert core.html_params is widgets.html_params
    assert wtforms.widgets.html_params is widgets.html_params  # a label's
    assert core.Input.html_params is widgets.html_params
    keys = ("class_", "id", "data_x_y", "aria_label", "value", "for_", "name")
    values = (True, False, None, 0, 7, "", "plain", '"quoted" & <b>', "l'été\n\t\u2212")
    for key_a, key_b in itertools.combinations(keys, 2):
        for a, b in itertools.product(values, repeat=2):
            given = {key_a: a, key_b: b}
            assert str(widgets.html_params(**given)) == str(original(**given)), given
