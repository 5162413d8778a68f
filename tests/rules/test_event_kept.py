"""Each table of an evening is scored once for the rules it is played by and the table as
given (``rules.eventkept._kept_table``), as a match keeps each deal's score: a deal saved
scores its table again, no other; and the kept road answers what reading and scoring
the whole document answers, for documents right and wrong."""

from __future__ import annotations

import copy
import random

import pytest
from event_support import event, table

from scorekeeper.rules import InputError, clear_caches, event_document, read_event
from scorekeeper.rules.eventkept import _kept_table
from scorekeeper.rules.events import score_event

MITCHELL = [{"movement": "mitchell", "shift": 1}] * 2


def _evening() -> dict:
    # 4 pairs, 2 tables, 2 deals a turn; table 1: 300 + 400 = 700 against 200 + 100 =
    # 300, 400 apart, 305–400 with 2 deals is 14–6; table 2: 250 + 250 against 250 + 250
    doc = event(4, MITCHELL)
    doc["turns"] = [{"tables": [table(1, 1, 3, (300, 200), (400, 100)),
                                table(2, 2, 4, (250, 250), (250, 250))]}]
    return doc


def test_a_deal_changed_scores_its_table_again_and_no_other():
    clear_caches()
    doc = _evening()
    first = event_document(doc, kept=True)
    assert [(t["mp"], t["vp"]) for t in first["turns"][0]["tables"]] == [
        ([700, 300], [14, 6]), ([500, 500], [10, 10])]
    assert _kept_table.cache_info().misses == 2
    assert event_document(copy.deepcopy(doc), kept=True) == first
    assert _kept_table.cache_info().misses == 2
    # table 2's second deal corrected: 250 + 400 = 650 against 250 + 250 = 500, 150
    # apart, 125–200 is 12–8; table 1 is read from what was kept
    doc["turns"][0]["tables"][1]["deals"][1] = {"sides": [
        {"counts": {"table_points": 400}, "morto": "taken"},
        {"counts": {"table_points": 250}, "morto": "taken"}]}
    again = event_document(doc, kept=True)
    assert _kept_table.cache_info().misses == 3
    assert [(t["mp"], t["vp"]) for t in again["turns"][0]["tables"]] == [
        ([700, 300], [14, 6]), ([650, 500], [12, 8])]
    assert [(s["id"], s["vp"], s["mp"]) for s in again["standings"]] == [
        (1, 14, 700), (2, 12, 650), (4, 8, 500), (3, 6, 300)]


def test_true_is_not_one_to_the_kept_tables():
    """A table that differs only by a value's type is another table: ``went_out: 1`` is
    refused as the plain road refuses it, even after the same table with ``true``."""
    doc = _evening()
    doc["turns"][0]["tables"][0]["deals"][0]["sides"][0]["went_out"] = True
    # going out without a canastra: no closing bonus, and the deal's problem named
    answer = event_document(doc, kept=True)
    assert answer["turns"][0]["tables"][0]["mp"] == [700, 300]
    assert [(p["code"], p["params"]["side"], p["table"], p["deal"])
            for p in answer["problems"]] == [("cannot-go-out", "Pair 1", 1, 0)]
    doc["turns"][0]["tables"][0]["deals"][0]["sides"][0]["went_out"] = 1
    with pytest.raises(InputError) as refused:
        event_document(doc, kept=True)
    assert refused.value.params["field"] == "turns[0].tables[0].deals[0].sides[0].went_out"


def _plain(doc: dict) -> object:
    try:
        return score_event(read_event(doc))
    except InputError as error:
        return ("unreadable", error.code, error.params)


def _kept(doc: dict) -> object:
    try:
        return event_document(doc, kept=True)
    except InputError as error:
        return ("unreadable", error.code, error.params)


WRONG = [None, "x", 1.5, True, [], {}, -1, 10**6, [1, 2], 0, 2, "ns"]


def test_the_kept_road_answers_as_the_whole_document_read_and_scored():
    rng = random.Random(26)
    base = _evening()
    base["turns"].append({"tables": [table(1, 1, 4, (300, 200), (200, 100)),
                                     table(2, 2, 3, (100, 250))]})
    for case in range(300):
        doc = copy.deepcopy(base)
        turn = rng.choice(doc["turns"])
        where = rng.choice(turn["tables"])
        key = rng.choice(["ns", "ew", "table", "forfeit", "penalties", "deals", "side"])
        if key == "side":
            where["deals"][0]["sides"][rng.randrange(2)][rng.choice(
                ["went_out", "morto", "hand_points", "name", "counts"])] = rng.choice(WRONG)
        elif key == "penalties":
            where["penalties"] = rng.choice([[{"side": "ew", "mp": 100}], [{"mp": 5}], "x"])
        elif key == "forfeit":
            where["forfeit"] = rng.choice(["ns", "ew", None, "x"])
        else:
            where[key] = rng.choice([*WRONG, turn["tables"][0][key]])
        if case % 3 == 0:
            clear_caches()
        assert _kept(doc) == _plain(doc), (case, key)
        assert _kept(doc) == _plain(doc), (case, key)
