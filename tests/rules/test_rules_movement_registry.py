"""The movements as data (rules/movements.py): one record each, looked up by its stable id,
which the event's reading, its seating and the forms all ask; a movement added to the
registry is read, checked and seated with nothing else changed."""

from __future__ import annotations

import pytest
from event_support import event, play

from scorekeeper.rules import InputError, event_document
from scorekeeper.rules import movements as registry
from scorekeeper.rules.movements import (
    INDIVIDUAL,
    MOVEMENTS,
    PAIRS,
    MovementRule,
    Param,
    get_movement,
    movements_for,
    needed_entrants,
    plan_entry,
    too_many_groups,
    unfilled,
)
from scorekeeper.rules.plans import PLANS, plan_of


def test_each_movement_is_one_record_by_its_id():
    assert movements_for(PAIRS) == ("mitchell", "danese", "danese-modified", "round-robin")
    assert movements_for(INDIVIDUAL) == ("individual-8",)
    assert [m.id for m in MOVEMENTS.values() if m.by_standings] == ["danese",
                                                                    "danese-modified"]
    assert [m.id for m in MOVEMENTS.values() if m.in_groups] == ["danese", "danese-modified"]
    assert [m.id for m in MOVEMENTS.values() if m.avoids_rematch] == ["danese-modified"]
    assert (needed_entrants(INDIVIDUAL), needed_entrants(PAIRS)) == (8, None)
    with pytest.raises(InputError) as err:
        get_movement("howell", "plan[2].movement")
    assert err.value.params == {"field": "plan[2].movement", "value": "howell",
                                "expected": "mitchell|danese|danese-modified|round-robin|"
                                            "individual-8"}


def test_a_plan_is_written_by_its_movements_parameters():
    """Mitchell writes its shift (1 by default); a Danese its groups when more than one."""
    assert plan_entry("mitchell") == {"movement": "mitchell", "shift": 1}
    assert plan_entry("round-robin", groups=3) == {"movement": "round-robin"}
    assert plan_entry("danese", groups=1) == {"movement": "danese"}
    assert plan_of("danese", 2, 3) == [{"movement": "danese-modified", "groups": 3}] * 2
    assert plan_of("mitchell-danese", 2) == [{"movement": "mitchell", "shift": 1},
                                             {"movement": "danese-modified"}]
    assert {p.id: (p.kind, p.in_groups) for p in PLANS.values()} == {
        "mitchell-danese": (PAIRS, True), "mitchell": (PAIRS, False), "danese": (PAIRS, True),
        "round-robin": (PAIRS, False), "individual-8": (INDIVIDUAL, False)}
    for shape in PLANS.values():  # every plan a form can make, the referee reads
        doc = event(8, plan_of(shape.id, 3, 2), kind=shape.kind)
        assert event_document(doc)["valid"]


@pytest.mark.parametrize("count", range(0, 13))
@pytest.mark.parametrize("groups", range(1, 8))
def test_the_forms_judge_groups_as_the_referee_does(count, groups):
    """A Danese in g groups needs g tables: 2g entrants (one group: any count)."""
    entry = {"movement": "danese", "groups": groups}
    refused = None
    try:
        event_document(event(count, [entry]))
    except InputError as err:
        refused = err.params["field"]
    assert refused in (None, "plan[0].groups")
    refused = refused is not None
    assert unfilled(entry, count) is refused is too_many_groups(groups, count)
    assert refused == (count > 0 and groups > 1 and count < 2 * groups)
    assert not unfilled({"movement": "mitchell", "groups": groups}, count)


def _pairs_in_order(turn: registry.Turn):
    """A movement of the test's own: the entrants two by two in their order, every turn,
    starting ``offset`` places on."""
    placed = [e for e in turn.places if e is not None]
    offset = (turn.entry.get("offset") or 0) % max(len(placed), 1)
    placed = placed[offset:] + placed[:offset]
    tables = [{"table": i // 2 + 1, "ns": placed[i], "ew": placed[i + 1]}
              for i in range(0, len(placed) - 1, 2)]
    return tables, placed[len(tables) * 2:]


def test_a_new_movement_needs_only_its_record(monkeypatch):
    """Added to the registry, a movement is read with its own parameter's checks, refused
    in the other kind of event, and seats the next turn: nothing else changes."""
    rule = MovementRule("in-order", PAIRS, _pairs_in_order, (Param("offset", 0, 0),))
    monkeypatch.setitem(MOVEMENTS, "in-order", rule)
    seatings = play(event(5, [{"movement": "in-order", "offset": 1}] * 2))
    assert [(s["movement"], s["tables"], s["byes"]) for s in seatings] == [
        ("in-order", [{"table": 1, "ns": 2, "ew": 3}, {"table": 2, "ns": 4, "ew": 5}], [1])] * 2
    with pytest.raises(InputError) as err:
        event_document(event(4, [{"movement": "in-order", "offset": -1}]))
    assert err.value.params["field"] == "plan[0].offset"
    with pytest.raises(InputError) as err:
        event_document(event(8, [{"movement": "in-order"}], kind="individual"))
    assert (err.value.params["field"], err.value.params["expected"]) == (
        "plan", "individual movement")
    assert "in-order" in movements_for(PAIRS)
