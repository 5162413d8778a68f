"""House rules: a profile as a document (docs/contract.md "House rules", rules/house.py,
rules/consistency.py).

Every rule table of the referee's tests runs twice: with a built-in profile's id, and
with that profile written out in full as a house profile of another id. The results must
be the same, number for number."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import PARTS, deals
from test_rules_deals import BAD_DEALS, DEALS, OPENINGS
from test_rules_match import MATCHES
from test_rules_melds import ARRANGEMENTS, ILLEGAL, LEGAL, READINGS
from test_rules_tabletime import PILE, REPLACE

from scorekeeper.messages import input_error_message
from scorekeeper.rules import (
    PROFILES,
    InputError,
    check_document,
    count_limits,
    export_profile,
    match_document,
    may_take_pile,
    profile_of,
    read_profile,
    replace_wildcard,
    score_document,
)
from scorekeeper.rules.consistency import check_consistency
from scorekeeper.rules.document import CARD_KEYS

#: Each built-in profile written out whole, without a base, under an id of its own.
HOUSE = {pid: {"id": f"{pid}-house", "name": "ours", "params": export_profile(p)["params"]}
         for pid, p in PROFILES.items()}


def same(built_in: object, house: object, pid: str) -> None:
    """Both results, the house id read as the built-in's: identical."""
    text = json.dumps(house, sort_keys=True).replace(f'"{pid}-house"', f'"{pid}"')
    assert json.loads(text) == json.loads(json.dumps(built_in, sort_keys=True))


def outcome(function, *args, **kwargs):
    """The result, or the unreadable input's code and field."""
    try:
        return function(*args, **kwargs)
    except InputError as err:
        return {"error": err.code, "field": err.params.get("field")}


@pytest.mark.parametrize("pid", sorted(PROFILES))
def test_a_built_in_profile_read_from_its_own_export_is_that_profile(pid):
    profile = PROFILES[pid]
    assert read_profile(export_profile(profile)) is profile
    # without its base, every param given: the same rules under another name
    house = read_profile(HOUSE[pid])
    assert house.id == f"{pid}-house"
    assert export_profile(house)["params"] == export_profile(profile)["params"]
    check_consistency(profile)


MELD_ROWS = [(row[0], row[2], row[3], row[4] if isinstance(row[4], bool) else False)
             for row in LEGAL + READINGS + ARRANGEMENTS] + \
    [(row[0], row[2], row[3], False) for row in ILLEGAL]


@pytest.mark.parametrize(("pid", "cards", "in_one_go"),
                         [pytest.param(*row[1:], id=row[0]) for row in MELD_ROWS])
def test_every_meld_row_judged_alike_by_the_house_copy(pid, cards, in_one_go):
    same(outcome(check_document, [cards], pid, in_one_go=in_one_go),
         outcome(check_document, [cards], HOUSE[pid], in_one_go=in_one_go), pid)


@pytest.mark.parametrize(("pid", "sides"), [pytest.param(row[2], row[3], id=row[0])
                                            for row in DEALS])
def test_every_deal_row_scored_alike_by_the_house_copy(pid, sides):
    same(score_document({"profile": pid, "sides": sides}),
         score_document({"profile": HOUSE[pid], "sides": sides}), pid)


@pytest.mark.parametrize("doc", [pytest.param(row[2], id=row[0]) for row in BAD_DEALS
                                 if isinstance(row[2], dict) and row[2].get("profile") in HOUSE])
def test_every_unreadable_deal_row_refused_alike_by_the_house_copy(doc):
    pid = doc["profile"]
    house = {**doc, "profile": HOUSE[pid]}
    same(outcome(score_document, doc), outcome(score_document, house), pid)


@pytest.mark.parametrize(("pid", "melds", "before"),
                         [pytest.param(row[2], row[3], row[4], id=row[0]) for row in OPENINGS])
def test_every_opening_row_judged_alike_by_the_house_copy(pid, melds, before):
    same(check_document(melds, pid, before=before),
         check_document(melds, HOUSE[pid], before=before), pid)


@pytest.mark.parametrize(("pid", "target", "deals"),
                         [pytest.param(row[2], row[3], row[4], id=row[0]) for row in MATCHES])
def test_every_match_row_tallied_alike_by_the_house_copy(pid, target, deals):
    doc = {"sides": ["Ana", "Bia"], "deals": deals,
           **({"target": target} if target is not None else {})}
    same(match_document({**doc, "profile": pid}),
         match_document({**doc, "profile": HOUSE[pid]}), pid)


@pytest.mark.parametrize(("pid", "top", "melds", "hand"),
                         [pytest.param(row[2], row[3], row[4], row[5], id=row[0])
                          for row in PILE])
def test_every_pile_row_answered_alike_by_the_house_copy(pid, top, melds, hand):
    same(outcome(may_take_pile, pid, top, melds, hand),
         outcome(may_take_pile, HOUSE[pid], top, melds, hand), pid)


@pytest.mark.parametrize("row", [pytest.param(row, id=row[0]) for row in REPLACE])
def test_every_wildcard_row_answered_alike_by_the_house_copy(row):
    pid, meld, card = row[2], row[3], row[4]
    same(outcome(replace_wildcard, pid, meld, card),
         outcome(replace_wildcard, HOUSE[pid], meld, card), pid)


# --- a family's own numbers ------------------------------------------------------------

FAMILY = {"id": "familia", "base": "buraco-aberto", "name": "Casa da vó",
          "params": {"card_points": {"joker": 50}, "target": 5000, "going_out": {"bonus": 200}}}


def test_a_document_based_on_a_profile_gives_only_what_it_changes():
    profile = read_profile(FAMILY)
    params = export_profile(profile)["params"]
    base = export_profile(PROFILES["buraco-aberto"])["params"]
    assert params["card_points"] == {**base["card_points"], "joker": 50}
    assert (params["target"], params["going_out"]) == (
        5000, {**base["going_out"], "bonus": 200})
    assert {k: v for k, v in params.items() if k not in ("card_points", "target", "going_out")} \
        == {k: v for k, v in base.items() if k not in ("card_points", "target", "going_out")}
    assert export_profile(profile)["base"] == "buraco-aberto"
    # the rules page cites the house rules for what they change, the texts for the rest
    assert profile.sources["card_points"] == "house rules"
    assert profile.sources["target"] == "house rules"
    assert profile.sources["bonuses"] == "seed 001 §07"


def test_a_deal_scored_by_the_family_numbers():
    """The family's joker is worth 50 on the table and in hand, and going out 200; the
    rest is Buraco Aberto's (seed 001 §07: 3–7 are worth 5, 8–K 10; a dirty canastra 100,
    a clean one 200)."""
    sides = [
        {"name": "Nós", "melds": ["5H 6H 7H JK 9H 10H JH", "3S 4S 5S"], "hand": ["JK"],
         "morto": "taken"},
        {"name": "Eles", "melds": ["7C 8C 9C 10C JC QC KC"], "morto": "taken", "went_out": True},
    ]
    result = score_document({"profile": FAMILY, "sides": sides})
    assert result["profile"] == "familia"
    nos, eles = result["sides"]
    # 5 + 5 + 5 + 50 + 10 + 10 + 10 = 95, and 3♠ 4♠ 5♠ = 15: 110 on the table
    assert (nos["table_points"], nos["bonus_points"], nos["hand_points"], nos["total"]) == (
        110, 100, -50, 160)
    # 7♣ 5 + 8♣…K♣ 6 × 10 = 65, a clean canastra 200, going out 200 (the family's)
    assert (eles["table_points"], eles["bonus_points"], eles["going_out_bonus"],
            eles["total"]) == (65, 200, 200, 465)
    # the same deal by the built-in rules: joker 20, going out 100
    plain = score_document({"profile": "buraco-aberto", "sides": sides})["sides"]
    assert (plain[0]["total"], plain[1]["total"]) == (80 + 100 - 20, 65 + 200 + 100)


def test_a_match_by_the_family_numbers_plays_to_5000():
    deal = {"sides": [{"counts": {"table_points": 900, "clean-1000": 1, "clean-500": 1,
                                  "clean": 6},
                       "morto": "taken", "went_out": True},
                      {"counts": {"table_points": 40}, "morto": "taken"}]}
    result = match_document({"profile": FAMILY, "sides": ["Nós", "Eles"], "deals": [deal]})
    # 900 + 1000 + 500 + 6 × 200 + 200 = 3800: past the built-in 3000, not the family's 5000
    assert result["totals"] == [3800, 40]
    assert result["status"] == "in-progress"
    assert match_document({"profile": "buraco-aberto", "sides": ["Nós", "Eles"],
                           "deals": [deal]})["status"] == "won"
    # a deal of the match may name the match's profile, by its id or as the same document
    named = [{**deal, "profile": "familia"}, {**deal, "profile": FAMILY}]
    assert match_document({"profile": FAMILY, "sides": ["Nós", "Eles"],
                           "deals": named})["totals"] == [7600, 80]


BAD = [
    ("unknown-top-key", {**FAMILY, "rules": {}}, "unknown-parameter", "rules"),
    ("unknown-param", {**FAMILY, "params": {"jokers": 50}}, "unknown-parameter",
     "params.jokers"),
    ("unknown-card", {**FAMILY, "params": {"card_points": {"jokr": 50}}}, "unknown-parameter",
     "params.card_points.jokr"),
    ("unknown-category", {**FAMILY, "params": {"bonuses": {"golden": 900}}},
     "unknown-parameter", "params.bonuses.golden"),
    ("negative-bonus", {**FAMILY, "params": {"bonuses": {"clean": -200}}}, "bad-value",
     "params.bonuses.clean"),
    ("target-0", {**FAMILY, "params": {"target": 0}}, "bad-value", "params.target"),
    ("target-not-whole", {**FAMILY, "params": {"target": 3005.5}}, "bad-value",
     "params.target"),
    ("negative-joker", {**FAMILY, "params": {"card_points": {"joker": -1}}}, "bad-value",
     "params.card_points.joker"),
    ("joker-as-text", {**FAMILY, "params": {"card_points": {"joker": "50"}}}, "bad-value",
     "params.card_points.joker"),
    ("flag-as-number", {**FAMILY, "params": {"sets_allowed": 1}}, "bad-value",
     "params.sets_allowed"),
    ("sides-6", {**FAMILY, "params": {"sides": [2, 6]}}, "bad-value", "params.sides[1]"),
    ("two-wildcards", {**FAMILY, "params": {"wildcards_per_meld": 2}}, "bad-value",
     "params.wildcards_per_meld"),
    ("unknown-base", {**FAMILY, "base": "canasta"}, "unknown-profile", "base"),
    ("no-id", {"base": "burraco", "params": {}}, "missing-field", "id"),
    ("no-base-missing-param", {"id": "x", "params": {"target": 3000}}, "missing-field",
     "params.tradition"),
    ("params-not-object", {**FAMILY, "params": [1]}, "bad-value", "params"),
    ("not-an-object", [FAMILY], "bad-value", "profile"),
    ("going-out-key", {**FAMILY, "params": {"going_out": {"bonus": 100, "extra": 1}}},
     "unknown-parameter", "params.going_out.extra"),
]


@pytest.mark.parametrize(("doc", "code", "field"),
                         [pytest.param(*row[1:], id=row[0]) for row in BAD])
def test_an_unreadable_profile_document_names_the_parameter(doc, code, field):
    with pytest.raises(InputError) as caught:
        read_profile(doc)
    assert (caught.value.code, caught.value.params.get("field")) == (code, field)


def test_a_whole_number_written_with_a_point_reads_as_in_a_deal():
    """contract.md refuses a non-integer number; 3005.0 is the integer 3005, in a profile
    document as in a deal document (``scoring._int``)."""
    ours = read_profile({**FAMILY, "params": {"target": 3005.0,
                                              "card_points": {"joker": 40.0}}})
    assert (ours.target, ours.points.joker) == (3005, 40)
    assert isinstance(ours.target, int)
    assert score_document({"sides": [{"counts": {"table_points": 100.0}, "morto": "taken"},
                                     {"morto": "taken"}]})["sides"][0]["total"] == 100


def test_an_embedded_profile_names_the_parameter_from_the_document():
    bad = {**FAMILY, "params": {"target": 0}}
    with pytest.raises(InputError) as caught:
        score_document({"profile": bad, "sides": []})
    assert caught.value.params["field"] == "profile.params.target"
    message = input_error_message(caught.value)
    assert message == "profile.params.target: “0” is not valid here " \
                      "(expected a whole number from 100 to 100000)"


# --- rules that cannot be played -------------------------------------------------------

CONFLICTS = [
    ("opening-above-target", {"target": 1000, "vulnerability": {"from": 500,
                                                                "opening_minimum": 1200}},
     "params.vulnerability.opening_minimum", "opening-above-target",
     "the opening minimum (1200) is above the target (1000)"),
    ("vulnerable-at-target", {"target": 1500}, "params.vulnerability.from",
     "vulnerable-above-target",
     "sides would become vulnerable at 1500, which is not below the target (1500)"),
    ("14-below-13", {"bonuses": {"clean-1000": 400}}, "params.bonuses.clean-1000",
     "bonus-order", "a bonus is below that of a lesser meld: clean canastra of 1000 400, "
     "clean canastra of 500 500"),
    ("clean-below-dirty", {"bonuses": {"clean": 90}}, "params.bonuses.clean", "bonus-order",
     "a bonus is below that of a lesser meld: clean canastra 90, dirty canastra 100"),
    ("no-clean-bonus", {"bonuses": {"clean": None}}, "params.bonuses", "missing-category",
     "every meld of 7 cards or more is clean or dirty, and clean canastra has no bonus"),
    ("long-without-bonus", {"bonuses": {"clean-500": None}}, "params.bonuses",
     "long-without-bonus",
     "the long clean melds are on, and clean canastra of 500 has no bonus"),
    ("bonus-without-long", {"long_canastras": "none"}, "params.long_canastras",
     "bonus-without-long",
     "clean canastra of 500 has a bonus, and the long clean melds are off"),
    ("semi-clean-on", {"semi_clean": True}, "params.semi_clean", "semi-clean-on",
     "semi-clean melds are on, and semi-clean canastra has no bonus"),
    ("piles-not-fewer", {"morto_piles": 2}, "params.morto_piles", "piles-not-fewer",
     "2 mortos are not fewer than the sides (2): leave the number of mortos empty for one "
     "morto per side"),
    ("builtin-id", None, "id", "builtin-id",
     "“buraco-aberto” is the id of a built-in profile; give these rules an id of their own"),
]


@pytest.mark.parametrize(("params", "field", "reason", "said"),
                         [pytest.param(*row[1:], id=row[0]) for row in CONFLICTS])
def test_rules_no_deal_can_be_played_by_are_refused_with_the_reason(params, field, reason,
                                                                    said):
    doc = {**FAMILY, "params": params} if params is not None else \
        {**FAMILY, "id": "buraco-aberto"}
    with pytest.raises(InputError) as caught:
        read_profile(doc)
    err = caught.value
    assert (err.code, err.params["field"], err.params["reason"]) == (
        "inconsistent-rules", field, reason)
    assert input_error_message(err) == f"{field}: These rules cannot be played: {said}"


def test_a_classic_house_profile_keeps_the_italian_words_and_its_piles():
    doc = {"id": "nonna", "base": "buraco-classico",
           "params": {"bonuses": {"semi-clean": 250}}}
    with pytest.raises(InputError) as caught:
        read_profile(doc)
    assert input_error_message(caught.value) == (
        "params.bonuses.clean: These rules cannot be played: a bonus is below that of a "
        "lesser meld: clean burraco 200, semi-clean burraco 250")
    ok = read_profile({**doc, "params": {"bonuses": {"semi-clean": 180}}})
    assert (ok.morto_piles, ok.sides_played, ok.bonuses["semi-clean"]) == (2, (2, 3, 5), 180)


def test_a_profile_named_by_id_or_document_is_read_once():
    assert profile_of(FAMILY) is profile_of(json.loads(json.dumps(FAMILY)))
    assert profile_of("burraco") is PROFILES["burraco"]


# --- any house profile, any deal (Hypothesis) ------------------------------------------

@st.composite
def house_profiles(draw, base: str) -> dict:
    """A playable house profile changing every number of ``base``: bonuses that never go
    down as a canastra gets better, a vulnerability below the target."""
    values = st.integers(0, 120)
    params: dict = {"card_points": {key: draw(values) for key in CARD_KEYS}}
    dirty = draw(st.integers(0, 400))
    semi = draw(st.integers(dirty, dirty + 200))
    clean = draw(st.integers(semi, semi + 400))
    c500 = draw(st.integers(clean, clean + 800))
    ladder = {"dirty": dirty, "semi-clean": semi, "clean": clean, "clean-500": c500,
              "clean-1000": draw(st.integers(c500, c500 + 1500))}
    params["bonuses"] = {c: ladder[c] for c in export_profile(PROFILES[base])["params"]["bonuses"]}
    params["going_out"] = {"bonus": draw(st.integers(0, 500))}
    params["morto_penalty"] = draw(st.integers(0, 500))
    params["target"] = draw(st.integers(1000, 10000))
    if PROFILES[base].vulnerable_at is not None:
        params["vulnerability"] = {"from": draw(st.integers(1, params["target"] - 1)),
                                   "opening_minimum": draw(st.integers(0, 300))}
    return {"id": "house", "base": base, "params": params}


def table_value(card: str, at: int, length: int, run: bool, wild: bool, p: dict) -> int:
    """What the document says a card laid down is worth (docs/rules.md "card points"):
    ``at``: its place in the meld as arranged, low to high."""
    rank = card.rstrip("*")[:-1] if card != "JK" else "JK"
    if wild:
        return p["joker"] if card == "JK" else p["wild_two"]
    if rank == "A":
        return p["ace_low"] if run and at == 0 and length > 1 else p["ace"]
    if rank == "2":
        return p["natural_two"]
    return p["eight_to_king"] if rank in ("8", "9", "10", "J", "Q", "K") else p["three_to_seven"]


def hand_value(card: str, p: dict) -> int:
    card = card.rstrip("*")
    rank = card[:-1] if card != "JK" else "JK"
    return {"JK": p["joker"], "2": p["two_in_hand"], "A": p["ace_in_hand"]}.get(
        rank, p["eight_to_king"] if rank in ("8", "9", "10", "J", "Q", "K")
        else p["three_to_seven"])


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_any_house_profile_scores_each_part_from_its_document(data):
    doc = data.draw(deals())
    house = data.draw(house_profiles(doc["profile"]))
    params = export_profile(read_profile(house))["params"]
    p, bonuses = params["card_points"], params["bonuses"]
    # the counts held to what two decks make by these card values (rules/limits.py)
    limits = count_limits(read_profile(house))
    for side in doc["sides"]:
        if "counts" in side:
            side["counts"]["table_points"] = min(side["counts"]["table_points"],
                                                 limits.table_points)
        if "hand_points" in side:
            side["hand_points"] = min(side["hand_points"], limits.hand_points)
    result = score_document({**doc, "profile": house})
    assert result["profile"] == "house"
    for given_side, side in zip(doc["sides"], result["sides"], strict=True):
        assert side["total"] == sum(side[part] for part in PARTS)
        assert side["going_out_bonus"] in (0, params["going_out"]["bonus"])
        assert side["morto_penalty"] in (0, -params["morto_penalty"])
        if "hand" in given_side:
            assert side["hand_points"] == -sum(hand_value(c, p) for c in given_side["hand"])
        if "counts" in given_side:
            counted = given_side["counts"]
            assert side["table_points"] == counted["table_points"]
            assert side["bonus_points"] == sum(n * bonuses[c] for c, n in counted.items()
                                               if c != "table_points")
            continue
        assert side["bonus_points"] == sum(bonuses[m["category"]] for m in side["melds"]
                                           if m["valid"] and m["category"])
        for meld in (m for m in side["melds"] if m["valid"]):
            arranged, shown = meld["arranged"], meld["cards"]
            wild = meld["wildcard"]["card"] if meld["wildcard"] else None
            run = meld["kind"] == "run"
            worth = [table_value(card, i, len(arranged), run,
                                 card.rstrip("*") == wild and (not run or card != shown[i]),
                                 p) for i, card in enumerate(arranged)]
            assert meld["points"] == sum(worth), meld


def test_a_deal_names_the_match_rules_by_what_they_are_not_by_their_name():
    """A deal that repeats the match's own house-rules document is the match's, with a name
    or without one (written out, a document without a name is named by its id); a
    document of other rules is refused naming the deal's profile."""
    ours = {"id": "ours", "base": "burraco", "params": {"target": 3005}}
    deal = {"sides": [{"counts": {"table_points": 100}, "morto": "taken"},
                      {"counts": {"table_points": 50}, "morto": "taken"}]}
    for named in (ours, {**ours, "name": "Nonna"}, {**ours, "id": "nonna"}):
        result = match_document({"profile": ours, "sides": ["A", "B"],
                                 "deals": [{**deal, "profile": named}, deal]})
        assert result["totals"] == [200, 100], named
        assert result["target"] == 3005
    other = {**ours, "params": {"target": 3005, "morto_penalty": 50}}
    with pytest.raises(InputError) as caught:
        match_document({"profile": ours, "sides": ["A", "B"],
                        "deals": [{**deal, "profile": other}]})
    assert caught.value.params["field"] == "deals[0].profile"
    assert caught.value.params["expected"] == "ours"
