"""Card notation: what a phone keyboard types is read as the card it means."""

from __future__ import annotations

import pytest

from scorekeeper.rules import InputError, check_document, parse_cards


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        # contract.md "Decisions": U+FE0F (emoji presentation) after a suit symbol
        ("A\u2665\ufe0f 2\u2665\ufe0f 3\u2665", ["AH", "2H", "3H"]),
        ("10\u2660\ufe0f", ["10S"]),
        # U+FE0E asks for the text presentation: the same suit again
        ("Q\u2666\ufe0e", ["QD"]),
        ("2\u2663\ufe0f*", ["2C*"]),
    ],
)
def test_a_suit_with_a_variation_selector_is_the_same_suit(typed, read):
    assert [str(c) for c in parse_cards(typed)] == read


def test_a_meld_typed_with_emoji_suits_scores_as_typed_plainly():
    # seed 001 §07: 3-7 are worth 5, 8-K 10; seven in a row of one suit is a clean canastra
    emoji = check_document(["3\u2665\ufe0f 4\u2665\ufe0f 5\u2665\ufe0f 6\u2665\ufe0f "
                            "7\u2665\ufe0f 8\u2665\ufe0f 9\u2665\ufe0f"])["melds"][0]
    assert (emoji["points"], emoji["category"], emoji["bonus"]) == (45, "clean", 200)
    assert emoji["cards"] == ["3H", "4H", "5H", "6H", "7H", "8H", "9H"]


def test_a_selector_alone_is_still_an_unknown_card_named_as_typed():
    with pytest.raises(InputError) as err:
        parse_cards("3H \ufe0f")
    assert err.value.params["token"] == "\ufe0f"
