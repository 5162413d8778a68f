"""Card notation and the table-time helpers (may I take the pile? where does the
wildcard go?), one row per case."""

from __future__ import annotations

import pytest

from scorekeeper.rules import Card, InputError, may_take_pile, parse_cards, replace_wildcard

AB, FE, BU, CL = "buraco-aberto", "buraco-fechado", "burraco", "buraco-classico"

# id, source, text, expected (rank, suit, wild) per card; rank 0 = joker
NOTATION = [
    ("ten", "contract.md Cards: 10H", "10H", [(10, "H", False)]),
    ("lower-case", "contract.md Cards: case-insensitive (qs)", "qs", [(12, "S", False)]),
    ("suit-symbol", "contract.md Cards: A♣", "A♣", [(1, "C", False)]),
    ("symbols-all", "contract.md Cards: ♠ ♥ ♦ ♣", "K♠ 9♥ 10♦ 3♣",
     [(13, "S", False), (9, "H", False), (10, "D", False), (3, "C", False)]),
    ("joker", "contract.md Cards: JK", "JK", [(0, "", False)]),
    ("joker-lower", "contract.md Cards: case-insensitive", "jk", [(0, "", False)]),
    ("marked-two", "contract.md Cards: 2H* played wild", "2H*", [(2, "H", True)]),
    ("marked-two-lower", "contract.md Cards: case-insensitive", "2d*", [(2, "D", True)]),
    ("commas", "contract.md Cards: separated by spaces or commas", "3H,4H, 5H",
     [(3, "H", False), (4, "H", False), (5, "H", False)]),
    ("face-cards", "contract.md Cards: J Q K", "JD QD KD",
     [(11, "D", False), (12, "D", False), (13, "D", False)]),
]


@pytest.mark.parametrize(("source", "text", "expected"),
                         [pytest.param(*row[1:], id=row[0]) for row in NOTATION])
def test_notation(source, text, expected):
    cards = parse_cards(text)
    assert [(c.rank, c.suit, c.wild) for c in cards] == expected, source


def test_list_of_cards():
    """contract.md: a meld is a list of cards or one string of cards."""
    assert parse_cards(["3H", "4h", "5♥"]) == parse_cards("3H 4H 5H")


def test_format():
    assert [str(c) for c in parse_cards("10h qs A♣ jk 2h*")] == ["10H", "QS", "AC", "JK", "2H*"]


# id, source, text, the bad token
BAD_TOKENS = [
    ("rank-one", "contract.md Cards: ranks A 2..10 J Q K", "1H", "1H"),
    ("rank-eleven", "contract.md Cards", "11H", "11H"),
    ("bad-suit", "contract.md Cards: suits S H D C", "3X", "3X"),
    ("suit-first", "contract.md Cards: rank then suit", "H3", "H3"),
    ("no-suit", "contract.md Cards", "10", "10"),
    ("only-a-symbol", "contract.md Cards", "♥", "♥"),
    ("marked-five", "contract.md Cards: only a 2 may carry *", "5H*", "5H*"),
    ("in-a-meld", "contract.md: name the token, not the meld", "3H 4X 5H", "4X"),
    ("after-commas", "contract.md: name the token", "3H,ZZ", "ZZ"),
]


@pytest.mark.parametrize(("source", "text", "token"),
                         [pytest.param(*row[1:], id=row[0]) for row in BAD_TOKENS])
def test_bad_token(source, text, token):
    with pytest.raises(InputError) as caught:
        parse_cards(text)
    assert caught.value.code == "unknown-card", source
    assert caught.value.params["token"] == token


def test_card_is_frozen():
    card = Card.parse("5H")
    with pytest.raises(AttributeError):
        card.rank = 6  # type: ignore[misc]


# id, source, profile, top card, the side's melds, hand, allowed
PILE = [
    ("ab-joker-free", "seed 001 §03: même joker, aucun gel", AB, "JK", [], [], True),
    ("ab-any-card", "seed 001 §03: défausse visible entière", AB, "9C", [], [], True),
    ("cl-free", "seed 000 Tour de jeu: l'ensemble de la défausse", CL, "9C", [], [], True),
    ("fe-joker-no-new-meld", "seed 003 Le rebut: a wildcard must start a new meld", FE,
     "JK", ["4H 5H 6H"], ["9S"], False),
    ("fe-joker-new-meld", "seed 003 Le rebut: joker with two cards from hand", FE,
     "JK", ["4H 5H 6H"], ["9S", "10S"], True),
    ("fe-two-on-top", "seed 003 Le rebut: 'un joker ou un 2'", FE, "2C", ["4H 5H 6H"], [],
     False),
    ("fe-natural-fit-two", "seed 003 Le rebut: even a 2 that fits must start a new meld", FE,
     "2H", ["3H 4H 5H"], [], False),
    ("fe-adds-to-meld", "seed 003 Le rebut: utiliser immédiatement la première carte", FE,
     "7H", ["4H 5H 6H"], [], True),
    ("fe-unusable", "seed 003 Le rebut", FE, "9C", ["4H 5H 6H"], ["KD"], False),
    ("fe-new-run", "seed 003 Le rebut", FE, "9C", [], ["10C", "JC"], True),
    ("fe-no-sets", "seed 003 Combinaisons: same suit only", FE, "7S", [], ["7H", "7D"], False),
    ("bu-adds-to-meld", "seed 004 Prendre la défausse: ajoutée à une combinaison", BU,
     "7H", ["4H 5H 6H"], [], True),
    ("bu-new-set", "seed 004 Prendre la défausse: posée avec deux cartes", BU,
     "7H", [], ["7S", "7D"], True),
    ("bu-new-run", "seed 004 Prendre la défausse: posée avec deux cartes", BU,
     "7H", [], ["8H", "9H"], True),
    ("bu-unusable", "seed 004 Prendre la défausse", BU, "KC", ["4H 5H 6H"], ["3S"], False),
    ("bu-one-card-in-hand", "seed 004 Prendre la défausse: deux cartes de votre main", BU,
     "9C", [], ["9H"], False),
    ("bu-joker-on-meld", "seed 004: a joker on top must still end in a valid meld", BU,
     "JK", ["4H 5H 6H"], [], True),
    ("bu-joker-meld-full", "seed 004: the meld already holds its wildcard", BU,
     "JK", ["4H JK 6H"], [], False),
]


@pytest.mark.parametrize(("source", "profile", "top", "melds", "hand", "allowed"),
                         [pytest.param(*row[1:], id=row[0]) for row in PILE])
def test_may_take_pile(source, profile, top, melds, hand, allowed):
    assert may_take_pile(profile, top, melds, hand)["allowed"] is allowed, source


# id, source, profile, meld, card added, replaced, where the wildcard goes (a set of
# acceptable answers; "natural" for a 2 back at its own place), the meld afterwards
REPLACE = [
    ("seed-001-example", "seed 001 §04: 2♥–4♥–5♥ + 3♥ → natural 2♥ 3♥ 4♥ 5♥", AB,
     "2H 4H 5H", "3H", True, {"natural"}, ["2H", "3H", "4H", "5H"]),
    ("seed-003-purify", "seed 003 Passe-partout: 3♠ 2♠ 5♠ + 4♠ → 2♠ 3♠ 4♠ 5♠", FE,
     "3S 2S 5S", "4S", True, {"natural"}, ["2S", "3S", "4S", "5S"]),
    ("joker-to-an-end", "seed 001 §04: déplacer joker ne le rend jamais naturel", AB,
     "4H JK 6H", "5H", True, {"3H", "7H"}, None),
    ("joker-low-run", "seed 000 Jokers et Pinella: le joker se déplace à la fin", CL,
     "7S JK 9S", "8S", True, {"6S", "10S"}, None),
    ("two-to-an-end", "seed 003 Passe-partout: J♠ 2♥ K♠ + Q♠ (the seed puts it at 10♠)", FE,
     "JS 2H KS", "QS", True, {"10S", "AS"}, None),
    ("burraco-no-room", "rules.md decision: 13 cards at most; no legal place", BU,
     "AH 2H 3H 4H 5H 6H JK 8H 9H 10H JH QH KH", "7H", False, None, None),
    ("aberto-no-room", "seed 001 §04: sans destination légale, ne remplacez pas", AB,
     "AH 2H 3H 4H 5H 6H JK 8H 9H 10H JH QH KH AH", "7H", False, None, None),
    ("no-wildcard", "seed 001 §04: nothing to replace", BU, "3H 4H 5H", "6H", False, None,
     None),
]


@pytest.mark.parametrize(
    ("source", "profile", "meld", "card", "replaced", "now", "after"),
    [pytest.param(*row[1:], id=row[0]) for row in REPLACE])
def test_replace_wildcard(source, profile, meld, card, replaced, now, after):
    result = replace_wildcard(profile, meld, card)
    assert result["replaced"] is replaced, source
    if now is None:
        return
    assert result["wildcard"]["now"] in now, source
    assert result["meld"]["valid"] is True
    if after is not None:
        assert result["meld"]["cards"] == after
        assert result["meld"]["wildcard"] is None  # a 2 at its own place is natural
    else:
        # a moved joker or 2 stays wild
        assert result["meld"]["wildcard"]["stands_for"] == result["wildcard"]["now"]
        assert len(result["meld"]["cards"]) == len(meld.split()) + 1
