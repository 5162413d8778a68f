"""The short roads an evening's deals take give exactly what the general roads give.

``sides.read_counted`` reads a side by counts in a few steps, ``totals.deal_totals``
adds a deal up without its breakdown: over thousands of random deals and events, right
and wrong (``random_deals.py``: negative, huge and boolean counts, ``2.0``, too many
canastras, unknown keys, missing fields, sides by cards), each gives the same sides,
the same ``InputError`` (code, params, text), the same totals and the same problems as
``scoring.read_side`` and ``scoring.score_sides``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
import random_deals

import scorekeeper.rules.events as events
import scorekeeper.rules.scoring as scoring
from scorekeeper.rules import InputError, Problem, event_document, profile_of
from scorekeeper.rules.sides import SideInput, count_reading, read_counted, read_counted_deal
from scorekeeper.rules.totals import deal_totals

#: How odd each random document is (the chance of an odd value per field), and how many.
ODDS = [0.0] * 5 + [0.02] * 2 + [0.1] * 2 + [0.4]
DEALS, EVENTS = 4000, 120


def outcome(function: Any, *args: Any) -> str:
    """What a call gives, as text: its result's repr, or the InputError's code, params
    and sentence (any other exception fails the test)."""
    try:
        return repr(function(*args))
    except InputError as err:
        return f"InputError {err.code} {err.params!r} {err}"


def _deals(seed: int, count: int) -> list[tuple[Any, dict[str, Any]]]:
    """``count`` random deals, each with the profile it is read under."""
    rng = random.Random(seed)
    drawn = []
    for _ in range(count):
        given = rng.choice(random_deals.PROFILES)
        doc = random_deals.deal(rng, rng.choice(ODDS), rng.choice([0.0, 0.0, 0.2, 0.6]), given)
        drawn.append((profile_of(given), doc))
    return drawn


def test_a_side_by_counts_is_read_as_the_general_reading_reads_it():
    short = general = 0
    for profile, doc in _deals(1, DEALS):
        reading = count_reading(profile)
        for i, side in enumerate(doc.get("sides") if isinstance(doc.get("sides"), list) else []):
            read = read_counted(side, reading)
            if read is None:
                general += 1
                continue
            short += 1
            expected = scoring.read_side(side, f"sides[{i}]", profile)
            assert read == expected, side
            assert repr(read) == repr(expected), side  # the counts in the same order too
    assert short > 2000, short  # both roads well travelled
    assert general > 1000, general


def test_a_deal_by_counts_is_read_as_read_deal_reads_it():
    short = 0
    for profile, doc in _deals(6, DEALS):
        read = read_counted_deal(doc, count_reading(profile))
        if read is not None:
            short += 1
            assert read == scoring.read_deal(doc, profile)[1], doc
            assert repr(read) == repr(scoring.read_deal(doc, profile)[1]), doc
    assert short > DEALS // 3, short


def test_a_deal_is_read_the_same_by_either_road(monkeypatch):
    deals = _deals(2, DEALS)
    fast = [outcome(scoring.read_deal, doc, profile) for profile, doc in deals]
    monkeypatch.setattr(scoring, "read_counted", lambda doc, reading: None)
    general = [outcome(scoring.read_deal, doc, profile) for profile, doc in deals]
    assert fast == general
    assert sum(text.startswith("InputError") for text in fast) > len(deals) // 5
    assert sum(not text.startswith("InputError") for text in fast) > len(deals) // 2


@pytest.mark.parametrize("befores", [None, (0, 0), (1500, 10)])
def test_a_deals_totals_and_problems_are_those_of_score_sides(befores):
    rng = random.Random(3)
    added = problems = 0
    for profile, doc in _deals(4, DEALS):
        try:
            _, sides = scoring.read_deal(doc, profile)
        except InputError:
            continue
        given = befores[: len(sides)] + (0,) * (len(sides) - 2) if befores else None
        names = rng.choice([None, ["Noi", "Loro", "Voi", "Altri", "Tutti"][: len(sides)],
                            [None] * len(sides)])
        totals, found = deal_totals(profile, sides, given, names)
        scored = scoring.score_sides(profile, sides, given, names)
        assert totals == [side["total"] for side in scored["sides"]], doc
        assert [p.as_dict() for p in found] == scored["problems"], doc
        assert all(isinstance(p, Problem) for p in found)
        added += 1
        problems += bool(found)
    assert added > DEALS // 2, added
    assert problems > DEALS // 10, problems


def _general_totals(profile: Any, sides: Any, befores: Any,
                    names: Any) -> tuple[list[int], list[Problem]]:
    """A deal's totals and problems taken from ``score_sides``' whole answer."""
    scored = scoring.score_sides(profile, sides, befores=befores, names=names)
    return [side["total"] for side in scored["sides"]], [
        Problem(p["code"], p["params"], {k: v for k, v in p.items() if k not in ("code", "params")})
        for p in scored["problems"]]


def test_an_event_is_scored_the_same_by_the_general_roads(monkeypatch):
    rng = random.Random(5)
    docs = [random_deals.event(rng, rng.choice([0.0] * 6 + [0.005, 0.02]),
                               rng.choice([0.0, 0.0, 0.1])) for _ in range(EVENTS)]
    answer = [outcome(event_document, doc) for doc in docs]
    monkeypatch.setattr(scoring, "read_counted", lambda doc, reading: None)
    monkeypatch.setattr(events, "deal_totals", _general_totals)
    assert answer == [outcome(event_document, doc) for doc in docs]
    monkeypatch.undo()
    scored = [event_document(doc) for doc, text in zip(docs, answer, strict=True)
              if not text.startswith("InputError")]
    assert len(scored) > EVENTS // 3
    assert sum(bool(s["problems"]) for s in scored) > 10


def test_a_side_made_on_the_short_road_is_a_whole_side_input():
    side = read_counted({"counts": {"table_points": 120, "dirty": 1}, "morto": "taken"},
                        count_reading(profile_of("burraco")))
    assert isinstance(side, SideInput)
    assert set(vars(side)) == set(SideInput.__dataclass_fields__)
    with pytest.raises(AttributeError):  # frozen, as every SideInput
        side.went_out = True  # type: ignore[misc]
