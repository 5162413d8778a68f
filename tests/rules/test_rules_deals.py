"""Deals (``score_document``), one row per case; totals worked out by hand from rules.md.

total = table points + canastra bonuses + going-out bonus + morto penalty + hand.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules import InputError, check_document, score_document

AB, FE, BU, CL = "buraco-aberto", "buraco-fechado", "burraco", "buraco-classico"
SEVEN = "3H 4H 5H 6H 7H 8H 9H"
FIELDS = ("table_points", "bonus_points", "going_out_bonus", "morto_penalty", "hand_points",
          "total")


def counts(table_points: int, **canastras: int) -> dict:
    return {"table_points": table_points, **{k.replace("_", "-"): v for k, v in canastras.items()}}


def side(morto: str = "taken", **kw) -> dict:
    return {"morto": morto, **kw}


# Each expected side: (table, bonus, going out, morto, hand, total); None = not checked.
# id, source, profile, sides, expected sides, expected deal problem codes
DEALS = [
    ("seed-465-counts", "seed 001 §09: 180 + 200 + 100 - 15 = 465", AB,
     [side(name="Eles", counts=counts(180, clean=1), hand_points=15, went_out=True),
      side(name="Nós", melds=["3C 4C 5C"], hand=["KH"])],
     [(180, 200, 100, 0, -15, 465), (15, 0, 0, 0, -10, 5)], []),
    ("seed-465-melds", "seed 001 §09, with the 180 card points entered meld by meld", AB,
     [side(melds=[SEVEN, "8S 9S 10S JS QS KS", "8C 9C 10C JC QC KC", "3D 4D 5D"],
           hand=["AD"], went_out=True),
      side(melds=["JH QH KH"], hand=["4S", "5S"])],
     [(180, 200, 100, 0, -15, 465), (30, 0, 0, 0, -10, 20)], []),
    ("seed-245-meld", "seed 001 §09: the 245 meld, K♠ kept in hand, no going out", AB,
     [side(melds=[SEVEN], hand=["KS"]), side(counts=counts(90))],
     [(45, 200, 0, 0, -10, 235), (90, 0, 0, 0, 0, 90)], []),
    ("ab-out-morto-not-taken", "seed 001 §06: going out needs the morto", AB,
     [side("not_taken", counts=counts(200, clean=1), went_out=True), side(counts=counts(100))],
     [(200, 200, 0, -100, 0, 300), (100, 0, 0, 0, 0, 100)], ["cannot-go-out"]),
    ("ab-out-no-clean", "seed 001 §06: going out needs a clean canastra", AB,
     [side(counts=counts(200, dirty=1), went_out=True), side(counts=counts(50))],
     [(200, 100, 0, 0, 0, 300), (50, 0, 0, 0, 0, 50)], ["cannot-go-out"]),
    ("ab-out-by-meld", "seed 001 §06: last card discarded, not melded", AB,
     [side(counts=counts(200, clean=1), went_out=True, closed_by="meld"),
      side(counts=counts(50))],
     [(200, 200, 0, 0, 0, 400), (50, 0, 0, 0, 0, 50)], ["cannot-go-out"]),
    ("ab-out-with-500", "seed 001 §06, rules.md: 500/1000 count as clean", AB,
     [side(counts=counts(150, clean_500=1), went_out=True),
      side(counts=counts(40), hand_points=30)],
     [(150, 500, 100, 0, 0, 750), (40, 0, 0, 0, -30, 10)], []),
    ("ab-out-melds-dirty-only", "seed 001 §06: a dirty canastra is not enough", AB,
     [side(melds=["3H 4H JK 6H 7H 8H 9H"], went_out=True), side(melds=["QS KS AS"])],
     [(60, 100, 0, 0, 0, 160), (35, 0, 0, 0, 0, 35)], ["cannot-go-out"]),
    ("ab-nobody-took", "seed 001 §07: if no side took a morto, nobody pays", AB,
     [side("not_taken", counts=counts(100)), side("not_taken", counts=counts(80))],
     [(100, 0, 0, 0, 0, 100), (80, 0, 0, 0, 0, 80)], []),
    ("ab-one-took", "seed 001 §07: morto not taken -100", AB,
     [side(counts=counts(100)), side("not_taken", counts=counts(80))],
     [(100, 0, 0, 0, 0, 100), (80, 0, 0, -100, 0, -20)], []),
    ("ab-unused", "seed 001 §07: unused morto -100, other cards in hand still deducted", AB,
     [side("unused", counts=counts(100), hand=["KS", "3C"]),
      side(counts=counts(300, clean=1), went_out=True)],
     [(100, 0, 0, -100, -15, -15), (300, 200, 100, 0, 0, 600)], []),
    ("ab-unused-counts-as-taken", "seed 001 §07: the other side, who took none, pays", AB,
     [side("unused", counts=counts(100)), side("not_taken", counts=counts(50))],
     [(100, 0, 0, -100, 0, 0), (50, 0, 0, -100, 0, -50)], []),
    ("fe-out-by-meld", "rules.md decision: Fechado may close by melding", FE,
     [side(counts=counts(200, clean=1), went_out=True, closed_by="meld"),
      side(counts=counts(60), hand_points=20)],
     [(200, 200, 100, 0, 0, 500), (60, 0, 0, 0, -20, 40)], []),
    ("fe-out-dirty-only", "seed 003 Déroulement: at least one pure canasta", FE,
     [side(counts=counts(200, dirty=1), went_out=True), side(counts=counts(60))],
     [(200, 100, 0, 0, 0, 300), (60, 0, 0, 0, 0, 60)], ["cannot-go-out"]),
    ("fe-out-with-1000", "seed 003 Canastas: canasta complète is pure", FE,
     [side(counts=counts(250, clean_1000=1, clean=1), went_out=True),
      side(counts=counts(60))],
     [(250, 1200, 100, 0, 0, 1550), (60, 0, 0, 0, 0, 60)], []),
    ("fe-500-laid-in-one-go", "seed 003 Canastas: canasta 500 laid in one go", FE,
     [side(melds=[{"cards": "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "in_one_go": True}],
           went_out=True), side(melds=["3D 4D 5D"], hand=["JK"])],
     [(110, 500, 100, 0, 0, 710), (15, 0, 0, 0, -50, -35)], []),
    ("fe-nobody-took-both-pay", "seed 003 Score: -100 (no 'nobody pays' rule)", FE,
     [side("not_taken", counts=counts(100)), side("not_taken", counts=counts(80))],
     [(100, 0, 0, -100, 0, 0), (80, 0, 0, -100, 0, -20)], []),
    ("fe-unused", "rules.md: unused exists only in Buraco Aberto", FE,
     [side("unused", counts=counts(100)), side(counts=counts(300, clean=1), went_out=True)],
     [None, (300, 200, 100, 0, 0, 600)], ["morto-unused-not-allowed"]),
    ("bu-out-dirty", "seed 004 Fermer: any burraco will do", BU,
     [side(counts=counts(200, dirty=1), went_out=True),
      side("not_taken", counts=counts(50), hand_points=35)],
     [(200, 100, 100, 0, 0, 400), (50, 0, 0, -100, -35, -85)], []),
    ("bu-out-no-burraco", "seed 004 Fermer: a burraco on the table", BU,
     [side(counts=counts(200), went_out=True), side(counts=counts(50))],
     [(200, 0, 0, 0, 0, 200), (50, 0, 0, 0, 0, 50)], ["cannot-go-out"]),
    ("bu-out-no-pozzetto", "seed 004 Fermer: pozzetto taken", BU,
     [side("not_taken", counts=counts(200, clean=1), went_out=True), side(counts=counts(50))],
     [(200, 200, 0, -100, 0, 300), (50, 0, 0, 0, 0, 50)], ["cannot-go-out"]),
    ("bu-out-by-meld", "seed 004 Fermer: posez ou défaussez votre dernière carte", BU,
     [side(counts=counts(200, clean=1), went_out=True, closed_by="meld"),
      side(counts=counts(50))],
     [(200, 200, 100, 0, 0, 500), (50, 0, 0, 0, 0, 50)], []),
    ("bu-both-not-taken", "seed 004 Le pozzetto: -100 each", BU,
     [side("not_taken", counts=counts(100)), side("not_taken", counts=counts(80))],
     [(100, 0, 0, -100, 0, 0), (80, 0, 0, -100, 0, -20)], []),
    ("bu-unused", "rules.md: unused exists only in Buraco Aberto", BU,
     [side("unused", counts=counts(100)), side(counts=counts(300, clean=1), went_out=True)],
     [None, (300, 200, 100, 0, 0, 600)], ["morto-unused-not-allowed"]),
    ("cl-out-semi", "seed 000 Fin de partie: any buraco (semi-pur 150)", CL,
     [side(counts=counts(150, semi_clean=1), went_out=True), side(counts=counts(50))],
     [(150, 150, 100, 0, 0, 400), (50, 0, 0, 0, 0, 50)], []),
    ("cl-out-melds", "seed 000 Décompte: semi-pur; pinella 20 and ace 15 in hand", CL,
     [side(melds=[SEVEN + " JK"], went_out=True),
      side(melds=["AS 2S 3S"], hand=["2C", "AD"])],
     [(75, 150, 100, 0, 0, 325), (15, 0, 0, 0, -35, -20)], []),
    ("cl-out-no-buraco", "seed 000 Fin de partie: avoir fait au moins un buraco", CL,
     [side(counts=counts(150), went_out=True), side(counts=counts(50))],
     [(150, 0, 0, 0, 0, 150), (50, 0, 0, 0, 0, 50)], ["cannot-go-out"]),
    ("cl-three-sides", "seed 000: 3 players; rules.md: every other side pays -100", CL,
     [side(counts=counts(100, clean=1), went_out=True), side(counts=counts(50)),
      side("not_taken", counts=counts(30))],
     [(100, 200, 100, 0, 0, 400), (50, 0, 0, 0, 0, 50), (30, 0, 0, -100, 0, -70)], []),
    ("cl-three-sides-three-pozzetti", "rules.md: with 3 or 5 players only two piles", CL,
     [side(counts=counts(100, clean=1), went_out=True), side(counts=counts(50)),
      side(counts=counts(30))],
     [(100, 200, 100, 0, 0, 400), (50, 0, 0, 0, 0, 50), (30, 0, 0, 0, 0, 30)],
     ["morto-count"]),
    ("cl-five-sides", "rules.md: 5 players, two piles, the three others pay -100", CL,
     [side(counts=counts(100, clean=1), went_out=True), side(counts=counts(50)),
      side("not_taken", counts=counts(30)), side("not_taken", counts=counts(20)),
      side("not_taken", counts=counts(10), hand_points=15)],
     [(100, 200, 100, 0, 0, 400), (50, 0, 0, 0, 0, 50), (30, 0, 0, -100, 0, -70),
      (20, 0, 0, -100, 0, -80), (10, 0, 0, -100, -15, -105)], []),
    ("cl-unused", "rules.md: unused exists only in Buraco Aberto", CL,
     [side("unused", counts=counts(100)), side(counts=counts(300, clean=1), went_out=True)],
     [None, (300, 200, 100, 0, 0, 600)], ["morto-unused-not-allowed"]),
    ("cl-counts", "seed 000 Décompte: semi-pur 150, impur 100", CL,
     [side(counts=counts(300, semi_clean=2, dirty=1)), side(counts=counts(10))],
     [(300, 400, 0, 0, 0, 700), (10, 0, 0, 0, 0, 10)], []),
    ("ab-counts-all", "contract.md score: quick counts entry", AB,
     [side(counts=counts(300, clean=1, dirty=2, clean_500=1)), side(counts=counts(10))],
     [(300, 900, 0, 0, 0, 1200), (10, 0, 0, 0, 0, 10)], []),
    ("ab-counts-zero-keys", "contract.md score: absent keys are 0", AB,
     [side(counts={"table_points": 0, "clean": 0}), side(counts=counts(10))],
     [(0, 0, 0, 0, 0, 0), (10, 0, 0, 0, 0, 10)], []),
    ("ab-nobody-out", "rules.md: nobody going out, everything else as usual", AB,
     [side(melds=["8H 9H 10H"], hand=["3S"]), side(melds=["QC KC AC"], hand=["JK"])],
     [(30, 0, 0, 0, -5, 25), (35, 0, 0, 0, -20, 15)], []),
    ("ab-several-out", "contract.md score: several-went-out", AB,
     [side(counts=counts(200, clean=1), went_out=True),
      side(counts=counts(200, clean=1), went_out=True)],
     [None, None], ["several-went-out"]),
    ("ab-three-copies", "rules.md: two decks, a card at most twice", AB,
     [side(melds=["5H 6H 7H"], hand=["7H"]), side(melds=["7H 8H 9H"])],
     [None, None], ["impossible-card-count"]),
    ("ab-five-jokers", "rules.md: no more than 4 jokers", AB,
     [side(melds=["3H 4H JK", "3S 4S JK", "3D 4D JK"], hand=["JK"]),
      side(melds=["3C 4C JK"])],
     [None, None], ["impossible-card-count"]),
    ("ab-two-copies-four-jokers", "rules.md: two copies and 4 jokers are possible", AB,
     [side(melds=["3H 4H JK", "3S 4S JK"], hand=["JK", "3H"]), side(melds=["3C 4C JK"])],
     [(60, 0, 0, 0, -25, 35), (30, 0, 0, 0, 0, 30)], []),
    ("ab-invalid-meld", "contract.md score: a deal with an invalid meld is invalid", AB,
     [side(melds=["3H 5H 7H"]), side(counts=counts(10))],
     [None, (10, 0, 0, 0, 0, 10)], ["not-a-meld"]),
    ("ab-set-in-deal", "seed 001 §04: groups forbidden", AB,
     [side(melds=["7S 7H 7D"]), side(counts=counts(10))],
     [None, None], ["sets-not-allowed"]),
    ("ab-hand-values", "seed 001 §07: JK 20, 2 10, A 15, K 10, 3 5", AB,
     [side(melds=["3S 4S 5S"], hand=["JK", "2C", "AS", "KD", "3D"]), side(counts=counts(0))],
     [(15, 0, 0, 0, -60, -45), (0, 0, 0, 0, 0, 0)], []),
    ("fe-hand-values", "seed 003 Score: joker 50 left in hand", FE,
     [side(melds=["3S 4S 5S"], hand=["JK", "2C", "AS", "KD", "3D"]), side(counts=counts(0))],
     [(15, 0, 0, 0, -90, -75), (0, 0, 0, 0, 0, 0)], []),
    ("bu-hand-values", "seed 000 Décompte: joker 30, 2 20", BU,
     [side(melds=["3S 4S 5S"], hand=["JK", "2C", "AS", "KD", "3D"]), side(counts=counts(0))],
     [(15, 0, 0, 0, -80, -65), (0, 0, 0, 0, 0, 0)], []),
    ("cl-hand-values", "rules.md decision: in hand a 2 counts 20 and an ace 15", CL,
     [side(melds=["3S 4S 5S"], hand=["JK", "2C", "AS", "KD", "3D"]), side(counts=counts(0))],
     [(15, 0, 0, 0, -80, -65), (0, 0, 0, 0, 0, 0)], []),
    ("ab-opening-70-at-1500", "seed 001 §05: 1500 or more, at least 75", AB,
     [side(melds=["9H 10H JH QH", "8S 9S 10S"], before=1500,
           opening=["9H 10H JH QH", "8S 9S 10S"]), side(counts=counts(0))],
     [(70, 0, 0, 0, 0, 70), None], ["opening-below-minimum"]),
    ("ab-opening-75-at-1500", "seed 001 §05: 75 is enough", AB,
     [side(melds=["8H 9H 10H", "8S 9S 10S", "3D 4D 5D"], before=1500,
           opening=["8H 9H 10H", "8S 9S 10S", "3D 4D 5D"]), side(counts=counts(0))],
     [(75, 0, 0, 0, 0, 75), None], []),
    ("ab-opening-70-at-1499", "seed 001 §05: below 1500 no minimum", AB,
     [side(melds=["9H 10H JH QH", "8S 9S 10S"], before=1499,
           opening=["9H 10H JH QH", "8S 9S 10S"]), side(counts=counts(0))],
     [(70, 0, 0, 0, 0, 70), None], []),
    ("ab-opening-bonus-excluded", "seed 001 §05: bonus exclus du minimum (45 + 200)", AB,
     [side(melds=[SEVEN], before=2000, opening=[SEVEN]), side(counts=counts(0))],
     [(45, 200, 0, 0, 0, 245), None], ["opening-below-minimum"]),
    ("ab-opening-grown-since", "contract.md score: opening melds may have grown since", AB,
     [side(melds=["8H 9H 10H JH", "8S 9S 10S", "3D 4D 5D 6D"], before=1600,
           opening=["8H 9H 10H", "8S 9S 10S", "3D 4D 5D"]), side(counts=counts(0))],
     [(90, 0, 0, 0, 0, 90), None], []),
    ("ab-opening-with-an-illegal-meld", "contract.md score: a deal with any invalid meld "
     "is invalid; check: an invalid meld makes the opening invalid", AB,
     [side(melds=["10H JH QH KH", "AS KS QS"], before=1500,
           opening=["10H JH QH KH", "AS KS QS", "3C 5C 9C"]), side(counts=counts(0))],
     [(75, 0, 0, 0, 0, 75), None], ["not-a-meld"]),
    ("bu-opening-with-an-illegal-meld", "contract.md score: a deal with any invalid meld "
     "is invalid (no minimum, the meld still counts)", BU,
     [side(melds=["3H 4H 5H"], before=0, opening=["3H 4H 5H", "7S 8H"]),
      side(counts=counts(0))],
     [(15, 0, 0, 0, 0, 15), None], ["too-few-cards"]),
    ("bu-no-opening-minimum", "seed 004: no opening minimum in Burraco", BU,
     [side(melds=["3H 4H 5H"], before=1800, opening=["3H 4H 5H"]), side(counts=counts(0))],
     [(15, 0, 0, 0, 0, 15), None], []),
]

@pytest.mark.parametrize(
    ("source", "profile", "sides", "expected", "codes"),
    [pytest.param(*row[1:], id=row[0]) for row in DEALS],
)
def test_deal(source, profile, sides, expected, codes):
    result = score_document({"profile": profile, "sides": sides})
    assert result["profile"] == profile
    assert len(result["sides"]) == len(sides)
    for got, want in zip(result["sides"], expected, strict=True):
        if want is not None:
            assert tuple(got[f] for f in FIELDS) == want, source
    found = sorted({p["code"] for p in result["problems"]})
    assert found == sorted(codes), source
    assert result["valid"] is (not codes)


def test_names_and_order_kept():
    """contract.md score: one entry per side, in input order."""
    result = score_document({"sides": [
        side(name="Nós", counts=counts(10)), side(name="Eles", counts=counts(20))]})
    assert [s["name"] for s in result["sides"]] == ["Nós", "Eles"]
    assert [s["total"] for s in result["sides"]] == [10, 20]
    assert result["profile"] == AB  # the default profile (rules.md)


def test_seed_245_meld_alone():
    """seed 001 §09: the meld is worth 45 card points plus 200, i.e. 245."""
    m = check_document([SEVEN])["melds"][0]
    assert m["points"] + m["bonus"] == 245


def test_cannot_go_out_names_the_reason():
    result = score_document({"sides": [
        side("not_taken", counts=counts(100, dirty=1), went_out=True), side(counts=counts(0))]})
    (problem,) = result["problems"]
    assert problem["code"] == "cannot-go-out"
    assert set(problem["params"]["reasons"]) == {"morto-not-taken", "no-clean-canastra"}


@pytest.mark.parametrize("profile", [AB, FE, BU, CL])
def test_a_deal_played_after_time_scores_no_closing_bonus(profile):
    """docs/contract.md "Time-out": a deal marked ``after_time`` (played after the
    turn's time was up) scores going out 0, every other figure as without the mark; the
    rules of going out still hold (a side that could not go out is still told why)."""
    # 300 on the table + a clean canastra (200 in every profile but its own bonus) + 0
    sides = [side(counts=counts(300, clean=1), went_out=True), side(counts=counts(150),
                                                                   hand_points=40)]
    on_time = score_document({"profile": profile, "sides": sides})
    late = score_document({"profile": profile, "sides": sides, "after_time": True})
    bonus = on_time["sides"][0]["going_out_bonus"]
    assert bonus == 100  # 100 in every profile (seed 001 §09, 003, 004)
    assert late["sides"][0]["going_out_bonus"] == 0
    assert late["sides"][0]["total"] == on_time["sides"][0]["total"] - 100 == 500 + (
        on_time["sides"][0]["bonus_points"] - 200)
    assert late["sides"][1] == {**on_time["sides"][1], "after_time": True}
    assert late["sides"][0]["after_time"] is True
    assert "after_time" not in on_time["sides"][0]
    assert late["valid"]
    assert late["problems"] == []
    cannot = score_document({"profile": profile, "after_time": True, "sides": [
        side("not_taken", counts=counts(300, clean=1), went_out=True), side(counts=counts(0))]})
    assert [p["code"] for p in cannot["problems"]] == ["cannot-go-out"]
    assert score_document({"profile": profile, "sides": sides, "after_time": False}) == on_time


def test_counts_no_cards_make_are_scored_as_entered_and_said_impossible():
    """docs/contract.md "Counts no cards make": 183 on the table and 42 in hand in Buraco
    Aberto (seed 001 §07: every card is worth 5, 10, 15 or 20) count as entered (183,
    60 − 42 = 18), each a problem naming its side, its field and the step."""
    result = score_document({"sides": [side(counts=counts(183)),
                                       side(counts=counts(60), hand_points=42)]})
    assert [s["total"] for s in result["sides"]] == [183, 18]
    assert result["valid"] is False
    assert result["problems"] == [
        {"code": "off-step-count", "side": 0,
         "params": {"field": "counts.table_points", "points": 183, "step": 5}},
        {"code": "off-step-count", "side": 1,
         "params": {"field": "hand_points", "points": 42, "step": 5}}]
    # a house joker of 33 makes every count possible (the step is 1)
    house = {"id": "joker-33", "base": AB, "params": {"card_points": {"joker": 33}}}
    assert score_document({"profile": house, "sides": [
        side(counts=counts(183)), side(counts=counts(60), hand_points=42)]})["valid"]


# id, source, document, InputError code, field named
BAD_DEALS = [
    ("after-time-not-a-bool", "contract.md Time-out: after_time is true or false",
     {"sides": [side(counts=counts(0)), side(counts=counts(0))], "after_time": "yes"},
     "bad-value", "after_time"),
    ("missing-morto", "contract.md score: morto is required",
     {"sides": [{"counts": counts(0)}, side(counts=counts(0))]}, "missing-field",
     "sides[0].morto"),
    ("bad-morto", "contract.md score: taken, not_taken or unused",
     {"sides": [side("maybe", counts=counts(0)), side(counts=counts(0))]}, "bad-value",
     "sides[0].morto"),
    ("unknown-card-in-hand", "contract.md Cards: a card that cannot be read",
     {"sides": [side(counts=counts(0), hand=["1X"]), side(counts=counts(0))]},
     "unknown-card", "sides[0].hand"),
    ("semi-clean-in-burraco", "rules.md burraco: no semi-clean category",
     {"profile": BU, "sides": [side(counts=counts(100, semi_clean=1)), side(counts=counts(0))]},
     "bad-value", "sides[0].counts.semi-clean"),
    ("unknown-profile", "contract.md: unknown profile is unreadable",
     {"profile": "canasta", "sides": []}, "unknown-profile", None),
    ("four-sides-classico", "rules.md buraco-classico: partnerships of 2 with 4 players",
     {"profile": CL, "sides": [side(), side(), side(), side()]}, "side-count", "sides"),
    ("three-sides-aberto", "seed 001 §01: two partnerships",
     {"sides": [side(), side(), side()]}, "side-count", "sides"),
    ("negative-hand-points", "contract.md score: hand_points >= 0",
     {"sides": [side(counts=counts(0), hand_points=-5), side()]}, "bad-value",
     "sides[0].hand_points"),
    ("empty-meld", "contract.md: a meld is a list of cards", {"sides": [
        side(melds=[""]), side()]}, "empty-meld", "sides[0].melds[0]"),
    ("bad-closed-by", "contract.md score: discard or meld",
     {"sides": [side(closed_by="magic"), side()]}, "bad-value", "sides[0].closed_by"),
    ("counts-without-table-points", "contract.md score: counts need table_points",
     {"sides": [side(counts={"clean": 1}), side()]}, "missing-field",
     "sides[0].counts.table_points"),
]


@pytest.mark.parametrize(
    ("source", "doc", "code", "field"),
    [pytest.param(*row[1:], id=row[0]) for row in BAD_DEALS],
)
def test_unreadable_deal(source, doc, code, field):
    with pytest.raises(InputError) as caught:
        score_document(doc)
    assert caught.value.code == code, source
    if field is not None:
        assert caught.value.params.get("field") == field


# id, source, profile, melds laid together, before, (points, minimum, valid)
OPENINGS = [
    ("ab-15-at-1500", "seed 001 §05: at 1500 the minimum is 75", AB, ["3H 4H 5H"], 1500,
     (15, 75, False)),
    ("ab-15-at-1499", "seed 001 §05: sous 1500 aucun minimum", AB, ["3H 4H 5H"], 1499,
     (15, 0, True)),
    ("ab-75-at-1500", "seed 001 §05: plusieurs suites possibles", AB,
     ["8H 9H 10H", "8S 9S 10S", "3D 4D 5D"], 1500, (75, 75, True)),
    ("ab-bonus-excluded", "seed 001 §05: bonus exclus du minimum", AB, [SEVEN], 3000,
     (45, 75, False)),
    ("ab-negative-before", "seed 001 §07: negative totals, no minimum", AB, ["3H 4H 5H"],
     -300, (15, 0, True)),
    ("fe-no-minimum", "seed 003: no vulnerability", FE, ["3H 4H 5H"], 2500, (15, 0, True)),
    ("bu-no-minimum", "seed 004: no vulnerability", BU, ["3H 4H 5H"], 1800, (15, 0, True)),
    ("cl-no-minimum", "seed 000: no vulnerability", CL, ["3H 4H 5H"], 1800, (15, 0, True)),
]


@pytest.mark.parametrize(("source", "profile", "melds", "before", "expected"),
                         [pytest.param(*row[1:], id=row[0]) for row in OPENINGS])
def test_opening(source, profile, melds, before, expected):
    """contract.md check --before N: the melds judged together as the side's opening."""
    result = check_document(melds, profile, before=before)
    opening = result["opening"]
    assert (opening["points"], opening["minimum"], opening["valid"]) == expected, source
    codes = [p["code"] for p in result["problems"]]
    assert codes == ([] if expected[2] else ["opening-below-minimum"])


def test_no_opening_without_before():
    assert check_document(["3H 4H 5H"])["opening"] is None


def test_check_counts_copies_across_melds():
    """contract.md check: more copies of a card than two decks hold."""
    result = check_document(["3H 4H 5H", "3H 4H 5H", "3H 4H 5H"])
    assert {p["code"] for p in result["problems"]} == {"impossible-card-count"}
    assert result["valid"] is False
    assert check_document(["3H 4H 5H", "3H 4H 5H"])["problems"] == []


def test_every_stable_code_is_kept():
    """contract.md: codes are stable; add, never rename."""
    from scorekeeper.rules import CODES

    stable = {"too-few-cards", "too-many-cards", "too-many-wildcards", "sets-not-allowed",
              "not-a-meld", "duplicate-rank", "ace-both-ends", "opening-below-minimum",
              "cannot-go-out", "several-went-out", "impossible-card-count",
              "morto-unused-not-allowed", "match-over", "unknown-player", "player-out",
              "game-over", "player-count"}
    assert stable <= set(CODES)
