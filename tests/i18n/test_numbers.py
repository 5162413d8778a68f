"""Whole numbers (every score) are written from our own table of separators, as Babel
writes them in each locale we offer (scorekeeper/i18n.py ``_decimal``): the scoreboard
writes a hundred of them, and Babel takes a hundred times as long for each."""

from __future__ import annotations

import pytest
from babel.numbers import format_decimal

from scorekeeper import i18n

VALUES = [0, 5, -15, 999, 1000, -1000, 1500, 9999, 10_000, -23_456, 100_000, -100_000,
          1_234_567, 10**12, *range(-3000, 3001, 37)]


@pytest.mark.parametrize("locale", i18n.LOCALES)
def test_whole_numbers_are_written_as_babel_writes_them(locale):
    assert [i18n._decimal(v, locale) for v in VALUES] == \
        [format_decimal(v, locale=locale) for v in VALUES]


@pytest.mark.parametrize("locale", i18n.LOCALES)
def test_other_numbers_are_still_written_by_babel(locale):
    assert i18n._decimal(1500.5, locale) == format_decimal(1500.5, locale=locale)
