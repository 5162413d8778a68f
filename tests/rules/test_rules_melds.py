"""Melds, one row per case, every expected number computed by hand from docs/rules.md.

Card points (rules.md): Aberto joker 20, 2 = 10, A 15, 8-K 10, 3-7 5; Fechado the same
with the joker at 50; Burraco joker 30, 2 = 20; classic joker 30, pinella 20, natural
2 = 5, ace 15 (5 when low, below the 2).
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import check_document

AB, FE, BU, CL = "buraco-aberto", "buraco-fechado", "burraco", "buraco-classico"

A_TO_K = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
A_TO_A = A_TO_K + " AH"
TWO_TO_A = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"
SEVEN = "3H 4H 5H 6H 7H 8H 9H"


def params(rows: list[tuple]) -> list:
    """One pytest.param per row: the id first, then the values (source among them)."""
    return [pytest.param(*row[1:], id=row[0]) for row in rows]


def judge(profile: str, cards: str, in_one_go: bool = False) -> dict:
    return check_document([cards], profile, in_one_go=in_one_go)["melds"][0]


# id, source, profile, cards, in_one_go, kind, category, points, bonus
LEGAL = [
    # --- Buraco Aberto (seed 001) ---
    ("ab-seed-245", "seed 001 §09 (25+10+10=45, +200 = 245)",
     AB, SEVEN, False, "run", "clean", 45, 200),
    ("ab-any-order", "rules.md: unordered list, the referee arranges it",
     AB, "9H 3H 7H 5H 4H 8H 6H", False, "run", "clean", 45, 200),
    ("ab-three", "seed 001 §04: at least 3 consecutive cards",
     AB, "5H 3H 4H", False, "run", None, 15, 0),
    ("ab-natural-two", "seed 001 §04: a 2 of the suit before the 3 is natural",
     AB, "AH 2H 3H", False, "run", None, 30, 0),
    ("ab-ace-high", "seed 001 §04: ace above the king",
     AB, "JS QS KS AS", False, "run", None, 45, 0),
    ("ab-clean-13-a-to-k", "seed 001 §07: clean of 13 cards 500",
     AB, A_TO_K, False, "run", "clean-500", 110, 500),
    ("ab-clean-13-2-to-a", "seed 001 §07: clean of 13 cards 500 (2..A)",
     AB, TWO_TO_A, False, "run", "clean-500", 110, 500),
    ("ab-clean-14", "seed 001 §04, §07: A..K..A, 14 cards, 1000",
     AB, A_TO_A, False, "run", "clean-1000", 125, 1000),
    ("ab-clean-12", "seed 001 §07: clean 200 below 13 cards",
     AB, "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", False, "run", "clean", 100, 200),
    ("ab-dirty-joker", "seed 001 §04, §07: joker inside, dirty 100",
     AB, "3H 4H JK 6H 7H 8H 9H", False, "run", "dirty", 60, 100),
    ("ab-dirty-wild-two", "seed 001 §04, §07: a 2 of another suit is a wildcard",
     AB, "3S 4S 5S 6S 7S 8S 2D", False, "run", "dirty", 45, 100),
    ("ab-natural-two-and-joker", "seed 001 §04: natural 2, so one joker still allowed",
     AB, "2H 3H JK 5H", False, "run", None, 40, 0),
    ("ab-natural-two-and-wild-two", "seed 001 §04: natural 2 plus another 2 as wildcard",
     AB, "2H 3H 4H 2S", False, "run", None, 30, 0),
    ("ab-joker-next-to-natural-two", "seed 001 §04: 'encore 1 joker ou deux libre'",
     AB, "JK 2S 3S", False, "run", None, 35, 0),
    ("ab-dirty-13", "seed 001 §07: a 13-card run with a wildcard is only dirty",
     AB, "AH JK 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", False, "run", "dirty", 120, 100),
    ("ab-dirty-14", "seed 001 §04, §07: 14 cards with a wildcard is only dirty",
     AB, "AH JK 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", False, "run", "dirty", 135, 100),
    ("ab-marked-two", "contract.md Cards: 2H* always stands for another card",
     AB, "2H* 3H 4H 5H 6H 7H 8H", False, "run", "dirty", 45, 100),
    ("ab-k-a-2-wild", "rules.md: no wrap, but a 2 off its place is a wildcard (Q K A)",
     AB, "KS AS 2S", False, "run", None, 35, 0),
    ("ab-in-one-go-irrelevant", "seed 001 §07: 500 by length, laid in one go or not",
     AB, A_TO_K, True, "run", "clean-500", 110, 500),
    # --- Buraco Fechado (seed 003) ---
    ("fe-clean", "seed 003 Canastas: pure canasta 200",
     FE, SEVEN, False, "run", "clean", 45, 200),
    ("fe-joker-50", "seed 003 Score: joker 50",
     FE, "3H 4H JK", False, "run", None, 60, 0),
    ("fe-dirty", "seed 003 Score: impure canasta 100",
     FE, "3H 4H 5H JK 7H 8H 9H", False, "run", "dirty", 90, 100),
    ("fe-500-in-one-go", "seed 003 Canastas: A..K clean laid in one go = 500",
     FE, A_TO_K, True, "run", "clean-500", 110, 500),
    ("fe-500-over-turns", "rules.md Fechado: the same run built over several turns is pure",
     FE, A_TO_K, False, "run", "clean", 110, 200),
    ("fe-1000-in-one-go", "seed 003 Canastas: A..A clean laid in one go = 1000",
     FE, A_TO_A, True, "run", "clean-1000", 125, 1000),
    ("fe-1000-over-turns", "rules.md Fechado: A..A built over several turns is pure",
     FE, A_TO_A, False, "run", "clean", 125, 200),
    ("fe-a-to-q-in-one-go", "seed 003 Canastas: 500 is ace-low to king only",
     FE, "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH", True, "run", "clean", 100, 200),
    ("fe-3-to-a-in-one-go", "seed 003 Canastas: 1000 is ace to ace only",
     FE, "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", True, "run", "clean", 100, 200),
    ("fe-ace-high", "rules.md Fechado: ace low or high",
     FE, "QD KD AD", False, "run", None, 35, 0),
    ("fe-natural-two", "rules.md decision: natural-2 rule in Fechado",
     FE, "AS 2S 3S", False, "run", None, 30, 0),
    ("fe-seed-j-2-k", "seed 003 Passe-partout: J♠ 2♥ K♠ is a legal meld",
     FE, "JS 2H KS", False, "run", None, 30, 0),
    # --- Burraco (seeds 004 and 000) ---
    ("bu-clean", "seed 004 Les burracos; seed 000 Décompte: pulito 200",
     BU, SEVEN, False, "run", "clean", 45, 200),
    ("bu-natural-two", "seed 004 Les combinaisons valides: natural 2 (20 points)",
     BU, "AH 2H 3H", False, "run", None, 40, 0),
    ("bu-ace-high", "seed 004: as haut (D-R-A)",
     BU, "QH KH AH", False, "run", None, 35, 0),
    ("bu-13-a-to-k", "rules.md decision: Italian runs stop at 13, no 500 bonus",
     BU, "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", False, "run", "clean", 120, 200),
    ("bu-13-2-to-a", "rules.md decision: Italian runs stop at 13 (2..A)",
     BU, "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", False, "run", "clean", 120, 200),
    ("bu-8-wild-at-end-dirty", "rules.md burraco: clean 200, dirty 100, no semi-clean",
     BU, SEVEN + " JK", False, "run", "dirty", 75, 100),
    ("bu-run-joker", "seed 004 Joker: 9♥ 10♥ 2♠ Q♥ style, joker 30",
     BU, "9H 10H JK QH", False, "run", None, 60, 0),
    ("bu-seed-wild-two", "seed 004 Les combinaisons valides: 9♥ 10♥ 2♠ Q♥",
     BU, "9H 10H 2S QH", False, "run", None, 50, 0),
    ("bu-natural-two-and-joker", "seed 004: natural 2 is a normal card",
     BU, "AH 2H 3H JK", False, "run", None, 70, 0),
    ("bu-same-suit-two-off-place", "rules.md: a 2 off its natural place is a wildcard",
     BU, "KH AH 2H", False, "run", None, 45, 0),
    ("bu-set-3", "seed 004 Brelan: 7♠ 7♥ 7♦",
     BU, "7S 7H 7D", False, "set", None, 15, 0),
    ("bu-set-duplicates", "rules.md burraco: the two decks' duplicates allowed in a set",
     BU, "7S 7S 7H", False, "set", None, 15, 0),
    ("bu-set-joker", "seed 004 Joker: one wildcard per combination",
     BU, "KS KH JK", False, "set", None, 50, 0),
    ("bu-set-wild-two", "rules.md decision: a 2 in a set is the wildcard",
     BU, "KS KH 2C", False, "set", None, 40, 0),
    ("bu-set-clean-7", "seed 004 Les burracos: 7 cards or more",
     BU, "7S 7H 7D 7C 7S 7H 7D", False, "set", "clean", 35, 200),
    ("bu-set-dirty-7", "seed 004 Les burracos: with a joker, sale",
     BU, "QS QH QD QC QS QH JK", False, "set", "dirty", 90, 100),
    ("bu-set-aces", "seed 000 Décompte: ace 15",
     BU, "AS AH AD", False, "set", None, 45, 0),
    # --- Buraco classico (seed 000) ---
    ("cl-natural-two-ace-low", "seed 000 Décompte: 'sinon 1 : 5', 'sinon 2 : 5'",
     CL, "AH 2H 3H", False, "run", None, 15, 0),
    ("cl-ace-high", "seed 000 Dans les suites: as au-dessus du roi (15)",
     CL, "QH KH AH", False, "run", None, 35, 0),
    ("cl-marked-pinella", "seed 000 Décompte: pinella 20; contract.md 2H*",
     CL, "2H* 3H 4H", False, "run", None, 30, 0),
    ("cl-pinella-other-suit", "seed 000 Jokers et Pinella: pinella 20",
     CL, "3H 4H 2S", False, "run", None, 30, 0),
    ("cl-joker", "seed 000 Décompte: joker 30",
     CL, "3H 4H JK", False, "run", None, 40, 0),
    ("cl-clean-7", "seed 000 Décompte: buraco pur 200",
     CL, SEVEN, False, "run", "clean", 45, 200),
    ("cl-clean-7-ace-low", "seed 000 Décompte: ace low 5, natural 2 = 5",
     CL, "AS 2S 3S 4S 5S 6S 7S", False, "run", "clean", 35, 200),
    ("cl-semi-joker-end", "seed 000 Décompte: semi-pur, 8+ with the wildcard at an end",
     CL, SEVEN + " JK", False, "run", "semi-clean", 75, 150),
    ("cl-semi-pinella-end", "seed 000 Décompte: semi-pur 150 (pinella at the end)",
     CL, SEVEN + " 2S", False, "run", "semi-clean", 65, 150),
    ("cl-impure-inside", "seed 000 Décompte: impur, wildcard in the middle",
     CL, "3H 4H JK 6H 7H 8H 9H 10H", False, "run", "dirty", 80, 100),
    ("cl-impure-seven-at-end", "rules.md classico: 7 cards only with a wildcard = impure",
     CL, "3H 4H 5H 6H 7H 8H JK", False, "run", "dirty", 65, 100),
    ("cl-set-wild-impure", "rules.md decision: a set with a wildcard is impure",
     CL, "7S 7H 7D 7C 7S 7H 7D JK", False, "set", "dirty", 65, 100),
    ("cl-set-clean", "seed 000 Tour de jeu: séries; pur 200",
     CL, "KS KH KD KC KS KH KD", False, "set", "clean", 70, 200),
    ("cl-set-aces", "seed 000 Décompte: As 15",
     CL, "AS AH AD", False, "set", None, 45, 0),
    ("cl-set-pinella", "seed 000 Décompte: pinella 20 in a set",
     CL, "7S 7H 2H", False, "set", None, 30, 0),
]


@pytest.mark.parametrize(
    ("source", "profile", "cards", "in_one_go", "kind", "category", "points", "bonus"),
    params(LEGAL),
)
def test_legal_meld(source, profile, cards, in_one_go, kind, category, points, bonus):
    m = judge(profile, cards, in_one_go)
    assert m["valid"] is True, source
    assert m["problems"] == []
    assert (m["kind"], m["category"], m["points"], m["bonus"]) == (
        kind, category, points, bonus), source
    # the physical arrangement holds exactly the cards given
    assert sorted(c.rstrip("*") for c in m["arranged"]) == sorted(
        c.rstrip("*") for c in cards.split())
    # contract.md check: in `cards`, a run's wildcard is the card it stands for
    wild = m["wildcard"]
    if wild is None or m["kind"] == "set":
        assert m["cards"] == m["arranged"]
    else:
        at = [c.rstrip("*") for c in m["arranged"]].index(wild["card"])
        assert m["cards"] == [*m["arranged"][:at], wild["stands_for"], *m["arranged"][at + 1:]]


# id, source, profile, cards, code (None: refused, code not fixed by the contract)
ILLEGAL = [
    ("ab-two-cards", "seed 001 §04: at least 3 cards", AB, "3H 4H", "too-few-cards"),
    ("bu-two-cards", "seed 004: at least 3 cards", BU, "7S 7H", "too-few-cards"),
    ("ab-card-and-joker", "rules.md: a run is at least 3 cards", AB, "3H JK",
     "too-few-cards"),
    ("cl-one-card", "seed 000 Tour de jeu: at least three", CL, "JK", "too-few-cards"),
    ("ab-two-jokers", "seed 001 §04: at most 1 substitute", AB, "3H 4H JK JK",
     "too-many-wildcards"),
    ("ab-two-wild-twos", "seed 001 §04: at most 1 substitute", AB, "5H 6H 2S 2C",
     "too-many-wildcards"),
    ("ab-joker-and-twos", "seed 001 §04: joker always wild", AB, "JK 2S 2H",
     "too-many-wildcards"),
    ("fe-joker-and-two", "rules.md decision: at most 1 per meld in Fechado", FE,
     "3H 4H 5H JK 2C", "too-many-wildcards"),
    ("bu-set-two-wild", "seed 004 FAQ: never two jokers", BU, "7S 7H JK 2C",
     "too-many-wildcards"),
    ("cl-run-two-wild", "seed 000 Jokers et Pinella: jamais plus d'un", CL, "3H 4H 2S JK",
     "too-many-wildcards"),
    ("ab-two-off-its-place-and-joker", "seed 001 §04: a 2 away from its place is wild, "
     "so with the joker two substitutes", AB, "2H 5H 6H JK", "too-many-wildcards"),
    ("ab-set", "seed 001 §04: groupes identiques interdits", AB, "7S 7H 7D",
     "sets-not-allowed"),
    ("ab-set-with-joker", "seed 001 §01: runs only", AB, "7S 7H JK", "sets-not-allowed"),
    ("fe-set", "seed 003 Combinaisons: same suit only", FE, "KS KH KD KC",
     "sets-not-allowed"),
    ("ab-wrap", "rules.md: a run never wraps", AB, "KH AH 2H 3H", "not-a-meld"),
    ("bu-wrap", "seed 004 FAQ: cannot pass over the king", BU, "QS KS AS 2S 3S",
     "not-a-meld"),
    ("ab-gaps", "seed 001 §04: consecutive cards", AB, "3H 5H 7H", "not-a-meld"),
    ("ab-mixed-suits", "seed 001 §04: same suit", AB, "3H 4S 5H", "not-a-meld"),
    ("bu-set-and-run-mix", "seed 004: brelan or suite", BU, "7S 7H 8S", "not-a-meld"),
    ("ab-duplicate", "seed 001 §04: other ranks never repeated", AB, "5H 5H 6H 7H",
     "duplicate-rank"),
    ("bu-duplicate", "seed 004 Suite: consecutive cards", BU, "9C 10C 10C JC",
     "duplicate-rank"),
    ("bu-ace-both-ends", "seed 004 FAQ: ace low or high, never both", BU,
     "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "ace-both-ends"),
    ("cl-ace-both-ends", "seed 000 Dans les suites: au choix", CL,
     "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", "ace-both-ends"),
    ("ab-15-cards", "seed 001 §04: up to 14 cards", AB, A_TO_A + " JK", "too-many-cards"),
    ("fe-15-cards", "rules.md Fechado: A to A is the longest", FE, A_TO_A + " JK",
     "too-many-cards"),
    ("bu-14-cards", "rules.md decision: Italian runs stop at 13", BU, A_TO_K + " JK",
     "too-many-cards"),
    ("cl-14-cards", "rules.md decision: Italian runs stop at 13", CL, TWO_TO_A + " JK",
     "too-many-cards"),
    ("bu-set-of-twos", "rules.md decision: a set cannot be of 2s", BU, "2S 2H 2D", None),
    ("cl-set-of-twos", "rules.md decision: a set cannot be of 2s", CL, "2S 2H 2D 2C", None),
    ("cl-twos-and-joker", "rules.md decision: a set needs two naturals", CL, "2C 2D JK",
     None),
    ("bu-one-natural", "rules.md decision: a set needs two naturals", BU, "7S 2H JK", None),
    ("ab-marked-two-at-own-place", "contract.md: a marked 2 always stands for another card",
     AB, "AH 2H* 3H", None),
]


@pytest.mark.parametrize(
    ("source", "profile", "cards", "code"),
    params(ILLEGAL),
)
def test_illegal_meld(source, profile, cards, code):
    m = judge(profile, cards)
    assert m["valid"] is False, source
    assert m["category"] is None
    assert m["bonus"] == 0
    codes = [p["code"] for p in m["problems"]]
    assert len(codes) >= 1
    if code is not None:
        assert code in codes, source


# id, source, profile, cards, in_one_go, [(category, points, bonus)…] chosen first;
# [] means one reading only (no `readings` list).
READINGS = [
    ("ab-natural-or-wild-two", "rules.md: natural 2 before wild 2; contract.md readings",
     AB, "2H 3H 4H 5H 6H 7H 8H", False, [("clean", 45, 200), ("dirty", 45, 100)]),
    ("bu-natural-or-wild-two", "rules.md: natural 2 before wild 2 (2 = 20 either way)",
     BU, "2H 3H 4H 5H 6H 7H 8H", False, [("clean", 55, 200), ("dirty", 55, 100)]),
    ("cl-natural-or-pinella", "rules.md classico decision: natural where it fits",
     CL, "2H 3H 4H", False, [(None, 15, 0), (None, 30, 0)]),
    ("cl-clean-or-semi", "rules.md: natural first, then bonus, then points",
     CL, "2H 3H 4H 5H 6H 7H 8H 9H", False,
     [("clean", 50, 200), ("semi-clean", 65, 150)]),
    ("cl-ace-low-or-high", "seed 000 Décompte: ace low 5 / high 15; highest points first",
     CL, A_TO_K, False, [("clean", 105, 200), ("clean", 95, 200)]),
    ("fe-500-or-pure", "seed 003 Canastas: A-low..K in one go, or 2..A pure",
     FE, A_TO_K, True, [("clean-500", 110, 500), ("clean", 110, 200)]),
    ("ab-same-score-no-readings", "contract.md: readings only when they score differently",
     AB, "2H 3H 4H", False, []),
    ("bu-same-score-no-readings", "contract.md: readings only when they score differently",
     BU, "2H 3H 4H", False, []),
    ("ab-one-reading", "seed 001 §09", AB, SEVEN, False, []),
    ("ab-joker-either-end-same-score", "contract.md: same score, one reading",
     AB, "3H 4H 5H JK", False, []),
]


@pytest.mark.parametrize(
    ("source", "profile", "cards", "in_one_go", "expected"),
    params(READINGS),
)
def test_readings(source, profile, cards, in_one_go, expected):
    m = judge(profile, cards, in_one_go)
    assert m["valid"] is True
    if not expected:
        assert len(m.get("readings", [])) <= 1, source
        return
    got = [(r["category"], r["points"], r["bonus"]) for r in m["readings"]]
    assert got == expected, source
    assert (m["category"], m["points"], m["bonus"]) == expected[0]


# id, source, profile, cards, physical arrangement (run order, marks dropped),
# stands_for, and the contract's `cards` (the wildcard replaced by what it stands for)
ARRANGEMENTS = [
    ("ab-sorted", "contract.md check: cards in run order", AB, "9H 3H 7H 5H 4H 8H 6H",
     ["3H", "4H", "5H", "6H", "7H", "8H", "9H"], None,
     ["3H", "4H", "5H", "6H", "7H", "8H", "9H"]),
    ("ab-joker-inside", "seed 001 §04: the joker stands for the missing 5", AB,
     "6H JK 3H 4H", ["3H", "4H", "JK", "6H"], "5H", ["3H", "4H", "5H", "6H"]),
    ("ab-ace-high", "seed 001 §04", AB, "AS QS KS", ["QS", "KS", "AS"], None,
     ["QS", "KS", "AS"]),
    ("ab-natural-two", "seed 001 §04", AB, "3H AH 2H", ["AH", "2H", "3H"], None,
     ["AH", "2H", "3H"]),
    ("ab-k-a-2", "rules.md: no wrap, the 2 stands for the queen", AB, "KS AS 2S",
     ["2S", "KS", "AS"], "QS", ["QS", "KS", "AS"]),
    ("fe-seed-j-2-k", "seed 003 Passe-partout: J♠ 2♥ K♠, the 2♥ stands for Q♠", FE,
     "JS 2H KS", ["JS", "2H", "KS"], "QS", ["JS", "QS", "KS"]),
    ("cl-marked-two", "contract.md: 2H* stands for another card", CL, "2H* 3H 4H",
     ["3H", "4H", "2H"], "5H", ["3H", "4H", "5H"]),
    ("bu-seed-wild-two", "seed 004: 9♥ 10♥ 2♠ Q♥ (the 2♠ is the jack)", BU, "9H 10H 2S QH",
     ["9H", "10H", "2S", "QH"], "JH", ["9H", "10H", "JH", "QH"]),
    ("bu-set-joker", "contract.md check: a set's wildcard stands for a rank, no one card", BU,
     "7S JK 7H", ["7S", "7H", "JK"], "7", ["7S", "7H", "JK"]),
]


@pytest.mark.parametrize(
    ("source", "profile", "cards", "arranged", "stands_for", "contract_cards"),
    params(ARRANGEMENTS),
)
def test_arrangement(source, profile, cards, arranged, stands_for, contract_cards):
    m = judge(profile, cards)
    assert [c.rstrip("*") for c in m["arranged"]] == arranged, source
    assert m["cards"] == contract_cards, source
    if stands_for is None:
        assert m["wildcard"] is None
    else:
        assert m["wildcard"]["stands_for"] == stands_for, source


def test_at_least_one_row_per_profile():
    profiles = {row[2] for row in LEGAL} | {row[2] for row in ILLEGAL}
    assert profiles == {AB, FE, BU, CL}
