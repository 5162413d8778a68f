"""Matches (``match_document``): running totals, vulnerability, target, winner, extra deal.

Every deal total below is worked out by hand: table + bonuses + going out + morto + hand.
"""

from __future__ import annotations

from types import MappingProxyType

import pytest

from scorekeeper.rules import InputError, deal_added, match_document

AB, FE, BU, CL = "buraco-aberto", "buraco-fechado", "burraco", "buraco-classico"


def deal(*sides: dict) -> dict:
    return {"sides": list(sides)}


def c(table_points: int, morto: str = "taken", hand_points: int = 0, went_out: bool = False,
      **canastras: int) -> dict:
    """A side entered with quick counts."""
    doc = {"counts": {"table_points": table_points,
                      **{k.replace("_", "-"): v for k, v in canastras.items()}},
           "morto": morto, "went_out": went_out}
    if hand_points:
        doc["hand_points"] = hand_points
    return doc


# A-deal worth 600 (300 + clean 200 + out 100) against -20 (100 - morto 100 - hand 20),
# then 290 (200 + dirty 100 - 10) against 550 (250 + 200 + 100).
RUNNING = [deal(c(300, clean=1, went_out=True), c(100, "not_taken", hand_points=20)),
           deal(c(200, dirty=1, hand_points=10), c(250, clean=1, went_out=True))]
# 2900 (800 + 1000 + five clean 1000 + 100) against -50; then 400 against 60: 3300 to 10.
WON = [deal(c(800, clean_1000=1, clean=5, went_out=True), c(50, "not_taken")),
       deal(c(100, clean=1, went_out=True), c(60))]
# Target 500: 600 all (300 + 200 + 100; 400 + 200), then 50 against 10.
TIE = [deal(c(300, clean=1, went_out=True), c(400, clean=1)), deal(c(50), c(10))]
NEGATIVE = [deal(c(0, "not_taken", hand_points=50), c(100, clean=1, went_out=True)),
            deal(c(20, "not_taken", hand_points=30), c(50, clean=1, went_out=True))]
ONE_BIG_DEAL = [deal(c(800, clean=1, went_out=True), c(100))]  # 1100 against 100

# id, source, profile, target (None: default), deals, after each deal, status, winner
MATCHES = [
    ("running-totals", "contract.md match: running totals", AB, None, RUNNING,
     [[600, -20], [890, 530]], "in-progress", None),
    ("aberto-won", "seed 001 §06: after a deal, once any side has 3000, highest wins", AB,
     None, WON, [[2900, -50], [3300, 10]], "won", 0),
    ("going-out-never-wins-alone", "seed 001 §06: closing does not win the match", AB,
     None, WON[:1], [[2900, -50]], "in-progress", None),
    ("tie-extra-deal", "seed 001 §06: equal totals, another deal (house target 500)", AB,
     500, TIE[:1], [[600, 600]], "extra-deal", None),
    ("tie-then-decided", "seed 001 §06: the extra deal decides", AB, 500, TIE,
     [[600, 600], [650, 610]], "won", 0),
    ("negative-totals", "seed 001 §07: totaux négatifs permis", AB, None, NEGATIVE,
     [[-150, 400], [-260, 750]], "in-progress", None),
    ("burraco-default-target", "seed 004 Fermer: 2005", BU, None, ONE_BIG_DEAL,
     [[1100, 100]], "in-progress", None),
    ("burraco-quick-game", "seed 004 Fermer: quick game 1005 (house target)", BU, 1005,
     ONE_BIG_DEAL, [[1100, 100]], "won", 0),
    ("fechado-default-target", "rules.md decision: Fechado to 3000 by default", FE, None,
     [deal(c(1000, clean_1000=1, clean=5, went_out=True), c(0))], [[3100, 0]], "won", 0),
    ("fechado-house-target", "rules.md decision: the target is configurable", FE, 5000,
     [deal(c(1000, clean_1000=1, clean=5, went_out=True), c(0))], [[3100, 0]], "in-progress", None),
    ("classico-2005", "seed 000 Aperçu des règles: 2005 points", CL, None,
     [deal(c(1000, clean=5, went_out=True), c(0))], [[2100, 0]], "won", 0),
    ("classico-second-wins", "seed 000: highest total past the target", CL, None,
     [deal(c(900, dirty=1, clean=4), c(1000, clean=5, went_out=True))], [[1800, 2100]], "won", 1),
    ("no-deals", "contract.md match: nothing played yet", AB, None, [], [], "in-progress",
     None),
]


@pytest.mark.parametrize(
    ("source", "profile", "target", "deals", "after", "status", "winner"),
    [pytest.param(*row[1:], id=row[0]) for row in MATCHES],
)
def test_match(source, profile, target, deals, after, status, winner):
    doc = {"profile": profile, "sides": ["Ana", "Bia"], "deals": deals}
    if target is not None:
        doc["target"] = target
    result = match_document(doc)
    assert result["after_each_deal"] == after, source
    assert result["totals"] == (after[-1] if after else [0, 0])
    assert (result["status"], result["winner"]) == (status, winner), source
    assert result["problems"] == []


@pytest.mark.parametrize(("profile", "target"), [
    pytest.param(AB, 3000, id="aberto-3000"), pytest.param(FE, 3000, id="fechado-3000"),
    pytest.param(BU, 2005, id="burraco-2005"), pytest.param(CL, 2005, id="classico-2005"),
])
def test_default_target(profile, target):
    """rules.md match end of each profile."""
    assert match_document({"profile": profile, "sides": ["A", "B"], "deals": []})["target"] \
        == target


def test_match_over():
    """contract.md match: a deal after the match is decided is a problem; it does not count."""
    result = match_document({"sides": ["Ana", "Bia"], "deals": WON + [deal(c(10), c(10))]})
    assert result["status"] == "won"
    assert result["winner"] == 0
    assert result["totals"] == [3300, 10]
    assert [(p["code"], p["deal"]) for p in result["problems"]] == [("match-over", 2)]


def test_vulnerability_feeds_the_opening_check():
    """seed 001 §05: 1600 and exactly 1500 before the deal are both vulnerable; the running
    totals replace any ``before`` the deal carries (contract.md match)."""
    opened = {"melds": ["3H 4H 5H"], "opening": ["3H 4H 5H"], "morto": "taken", "before": 0}
    opened_b = {"melds": ["3S 4S 5S"], "opening": ["3S 4S 5S"], "morto": "taken"}
    result = match_document({"sides": ["Ana", "Bia"], "deals": [
        deal(c(900, clean=3, went_out=True), c(900, clean=3)),  # 1600 and 1500
        deal(opened, opened_b)]})
    assert result["after_each_deal"] == [[1600, 1500], [1615, 1515]]
    found = sorted((p["code"], p["deal"], p["side"]) for p in result["problems"])
    assert found == [("opening-below-minimum", 1, 0), ("opening-below-minimum", 1, 1)]


def test_not_vulnerable_below_1500():
    """seed 001 §05: below 1500 no minimum, whatever ``before`` the deal claims."""
    opened = {"melds": ["3H 4H 5H"], "opening": ["3H 4H 5H"], "morto": "taken", "before": 5000}
    result = match_document({"sides": ["Ana", "Bia"], "deals": [
        deal(c(800, dirty=1, clean=3, hand_points=5), c(100)),  # 1495
        deal(opened, c(0))]})
    assert result["after_each_deal"] == [[1495, 100], [1510, 100]]
    assert result["problems"] == []


def test_problem_names_its_deal():
    """contract.md match: a problem names the deal (0-based) it was found in."""
    result = match_document({"sides": ["Ana", "Bia"], "deals": [
        deal(c(100), c(100)), deal(c(200, dirty=1, went_out=True), c(0))]})
    assert [(p["code"], p["deal"]) for p in result["problems"]] == [("cannot-go-out", 1)]
    assert result["totals"] == [400, 100]


@pytest.mark.parametrize(("doc", "code"), [
    pytest.param({"profile": CL, "sides": ["A", "B", "C"], "deals": [deal(c(0), c(0))]},
                 "side-count", id="deal-with-fewer-sides"),
    pytest.param({"sides": ["A", "B"], "deals": [deal(c(0), c(0), c(0))]}, "side-count",
                 id="three-sides-in-aberto"),
    pytest.param({"profile": "rummy", "sides": ["A", "B"], "deals": []}, "unknown-profile",
                 id="unknown-profile"),
    pytest.param({"sides": ["A", "B"], "target": "lots", "deals": []}, "bad-value",
                 id="bad-target"),
])
def test_unreadable_match(doc, code):
    """contract.md match: a deal with a different number of sides is unreadable (exit 2)."""
    with pytest.raises(InputError) as caught:
        match_document(doc)
    assert caught.value.code == code


# --- a match seen again after a change scores only what changed --------------------------


def _fresh(doc):
    """The match scored with nothing shared from earlier calls."""
    from scorekeeper.rules import match as match_module

    match_module._scored.cache_clear()
    return match_document(doc)


def test_an_earlier_deal_edited_rescores_the_deals_after_it():
    """seed 001 §05: the deals after an edited one are scored again with the new running
    totals (here the second deal's opening becomes too small once the first makes
    both sides vulnerable), even though their own text did not change."""
    opened = {"melds": ["3H 4H 5H"], "opening": ["3H 4H 5H"], "morto": "taken"}
    opened_b = {"melds": ["3S 4S 5S"], "opening": ["3S 4S 5S"], "morto": "taken"}
    second = deal(opened, opened_b)
    low = {"sides": ["Ana", "Bia"], "deals": [deal(c(100, clean=1, went_out=True), c(100)), second]}
    high = {"sides": ["Ana", "Bia"], "deals": [deal(c(900, clean=3, went_out=True),
                                                    c(900, clean=3)), second]}
    assert _fresh(low)["problems"] == []
    seen_high = match_document(high)
    assert sorted((p["code"], p["deal"], p["side"]) for p in seen_high["problems"]) == [
        ("opening-below-minimum", 1, 0), ("opening-below-minimum", 1, 1)]
    assert seen_high["after_each_deal"] == [[1600, 1500], [1615, 1515]]
    assert match_document(low)["problems"] == []  # and back again


def test_a_match_scored_again_equals_one_scored_afresh():
    """Growing a match deal by deal (every earlier deal's score reused) gives exactly the
    document a fresh scoring gives, for every length; changing a returned document
    changes nothing that is scored later."""
    deals = [deal(c(150 + 10 * k, clean=k % 2, went_out=True, hand_points=5 * k),
                  c(300 - 20 * k, dirty=1, hand_points=k)) for k in range(12)]
    grown = []
    for k in range(1, len(deals) + 1):
        doc = {"sides": ["Ana", "Bia"], "target": 3000, "deals": deals[:k]}
        seen = match_document(doc)
        grown.append(seen)
        seen["deals"][-1]["sides"][0]["total"] = 10**6  # a caller scribbling on its copy
        seen["deals"][-1]["counted"] = None
    for k in range(1, len(grown) + 1):
        doc = {"sides": ["Ana", "Bia"], "target": 3000, "deals": deals[:k]}
        assert match_document(doc)["totals"] == _fresh(doc)["totals"]
    last = {"sides": ["Ana", "Bia"], "target": 3000, "deals": deals}
    assert match_document(last) == _fresh(last)
    assert match_document(last)["deals"][-1]["sides"][0]["total"] != 10**6


@pytest.mark.parametrize(("profile", "target", "deals"),
                         [pytest.param(row[2], row[3], row[4], id=row[0])
                          for row in MATCHES if row[4]])
def test_a_deal_added_to_a_kept_tally_gives_the_whole_tally(profile, target, deals):
    """``match_document(doc, before)`` scores only the last deal; the answer is the one
    scoring every deal gives, a match won before its last deal included."""
    doc = {"profile": profile, "sides": ["Ana", "Bia"], "deals": deals,
           **({"target": target} if target is not None else {})}
    before = match_document({**doc, "deals": deals[:-1]})
    assert match_document(doc, before) == match_document(doc)
    # a tally of other deals, rules or sides is not taken
    other = match_document({**doc, "deals": deals[:-1], "sides": ["Ana", "Caio"]})
    assert match_document(doc, other) == match_document(doc)
    # the same from the last deal alone: the earlier ones are not needed
    assert deal_added({**doc, "deals": deals[-1:]}, before) == match_document(doc)
    with pytest.raises(ValueError, match="tally of the same match"):
        deal_added({**doc, "deals": deals[-1:]}, other)
    with pytest.raises(ValueError, match="one deal"):
        deal_added(doc if len(deals) > 1 else {**doc, "deals": deals * 2}, before)


def test_a_deal_added_that_is_not_json_is_read_as_given():
    """A deal JSON cannot hold (a read-only mapping) is read and scored all the same."""
    doc = {"profile": AB, "sides": ["Ana", "Bia"], "deals": WON[:1]}
    added = {"sides": [MappingProxyType(side) for side in WON[1]["sides"]]}
    whole = match_document({**doc, "deals": [*WON[:1], added]})
    assert whole["totals"] == [2900 + 100 + 200 + 100, -50 + 60]  # cards, clean, going out
    assert deal_added({**doc, "deals": [added]}, match_document(doc)) == whole


def test_a_kept_tally_with_the_deal_after_the_match_was_won():
    deals = [*WON, deal(c(10), c(20))]  # the third deal comes after the match is decided
    doc = {"profile": AB, "sides": ["Ana", "Bia"], "deals": deals}
    whole = match_document(doc)
    assert [p["code"] for p in whole["problems"]] == ["match-over"]
    assert match_document(doc, match_document({**doc, "deals": deals[:-1]})) == whole
