"""Properties of the referee that hold for every input (Hypothesis)."""

from __future__ import annotations

import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    INPUT_CODES,
    Card,
    InputError,
    check_meld,
    get_profile,
    parse_cards,
    score_document,
)

PROFILE_IDS = ["buraco-aberto", "buraco-fechado", "burraco", "buraco-classico"]
SUITS = "SHDC"
FAST = settings(max_examples=150, deadline=None)


def attempt(function, value):
    """The result, or the InputError raised; any other exception fails the test."""
    try:
        return function(value)
    except InputError as err:
        return err


@st.composite
def legal_runs(draw):
    """A legal run laid out in order: profile, cards."""
    profile = draw(st.sampled_from(PROFILE_IDS))
    suit = draw(st.sampled_from(SUITS))
    both_ends = profile in ("buraco-aberto", "buraco-fechado")
    top = 14 if both_ends else 13
    length = draw(st.integers(3, top if both_ends else 13))
    first = draw(st.integers(1, 14 - length + 1 if both_ends else 14 - length))
    positions = list(range(first, first + length))
    cards = [Card(1 if p == 14 else p, suit) for p in positions]
    # at most one wildcard, standing for a card other than a 2 of the run's suit
    wild = draw(st.sampled_from(["none", "joker", "two"]))
    if wild != "none":
        index = draw(st.integers(0, length - 1))
        if positions[index] != 2:
            other = draw(st.sampled_from([s for s in SUITS if s != suit]))
            cards[index] = Card.joker() if wild == "joker" else Card(2, other)
    return profile, cards


@FAST
@given(legal_runs(), st.randoms(use_true_random=False))
def test_a_legal_run_stays_legal_in_any_order(run, rnd):
    profile_id, cards = run
    profile = get_profile(profile_id)
    ordered = check_meld(cards, profile)
    assert ordered.valid, [str(c) for c in cards]
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    again = check_meld(shuffled, profile)
    assert again.valid
    assert (again.category, again.points, again.bonus) == (
        ordered.category, ordered.points, ordered.bonus)


cards_strategy = st.one_of(
    st.just(Card.joker()),
    st.builds(Card, st.integers(1, 13), st.sampled_from(SUITS), st.just(False)),
    st.builds(lambda s: Card(2, s, True), st.sampled_from(SUITS)),
)


@FAST
@given(cards_strategy)
def test_format_then_parse_gives_the_card_back(card):
    assert Card.parse(str(card)) == card
    assert Card.parse(card.symbol()) == card
    assert Card.parse(str(card).lower()) == card


@FAST
@given(st.lists(cards_strategy, max_size=14))
def test_a_list_formatted_and_parsed_back(cards):
    assert parse_cards(", ".join(str(c) for c in cards)) == cards


@FAST
@given(st.text(max_size=40))
def test_any_text_gives_cards_or_a_clean_error(text):
    outcome = attempt(parse_cards, text)
    if isinstance(outcome, InputError):
        assert outcome.code == "unknown-card"
        assert "token" in outcome.params
    else:
        assert all(isinstance(c, Card) for c in outcome)


@FAST
@given(st.text(alphabet="AJQK0123456789SHDC♠♥♦♣*, jk", max_size=24))
def test_card_like_text_gives_cards_or_a_clean_error(text):
    outcome = attempt(parse_cards, text)
    if isinstance(outcome, InputError):
        assert outcome.code == "unknown-card"
    else:
        assert all(isinstance(c, Card) for c in outcome)


PARTS = ("table_points", "bonus_points", "going_out_bonus", "morto_penalty", "hand_points")
CATEGORY_KEYS = {
    "buraco-aberto": ["clean", "dirty", "clean-500", "clean-1000"],
    "buraco-fechado": ["clean", "dirty", "clean-500", "clean-1000"],
    "burraco": ["clean", "dirty"],
    "buraco-classico": ["clean", "dirty", "semi-clean"],
}


@st.composite
def deals(draw):
    profile = draw(st.sampled_from(PROFILE_IDS))
    sides = []
    for _ in range(draw(st.integers(2, 3 if profile == "buraco-classico" else 2))):
        side = {"morto": draw(st.sampled_from(
            ["taken", "not_taken", "unused"] if profile == "buraco-aberto"
            else ["taken", "not_taken"])),
            "went_out": draw(st.booleans()),
            "closed_by": draw(st.sampled_from(["discard", "meld"]))}
        if draw(st.booleans()):
            side["counts"] = {"table_points": draw(st.integers(0, 960)), **{
                k: draw(st.integers(0, 2)) for k in CATEGORY_KEYS[profile]}}
        else:
            side["melds"] = [
                " ".join(str(c) for c in run[1])
                for run in draw(st.lists(legal_runs(), max_size=3))]
        if draw(st.booleans()):
            side["hand_points"] = draw(st.integers(0, 300))
        else:
            side["hand"] = [str(c) for c in draw(st.lists(cards_strategy, max_size=6))]
        sides.append(side)
    return {"profile": profile, "sides": sides}


@FAST
@given(deals())
def test_a_sides_total_is_the_sum_of_its_parts(doc):
    result = score_document(doc)
    for side in result["sides"]:
        assert side["total"] == sum(side[p] for p in PARTS)
        assert side["morto_penalty"] <= 0
        assert side["hand_points"] <= 0
        assert side["going_out_bonus"] in (0, 100)
    assert result["valid"] is (not result["problems"])


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 5000) | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner,
                                                                max_size=4),
    max_leaves=20,
)
side_like = st.fixed_dictionaries({}, optional={
    "name": json_values, "melds": st.lists(st.text(max_size=20) | json_values, max_size=3),
    "counts": st.dictionaries(st.sampled_from(["table_points", "clean", "dirty", "semi-clean",
                                               "x"]), json_values, max_size=3),
    "hand": json_values | st.lists(st.text(max_size=4), max_size=4),
    "hand_points": json_values, "morto": st.sampled_from(["taken", "not_taken", "unused", "?"]),
    "went_out": json_values, "closed_by": st.sampled_from(["discard", "meld", "x"]),
    "before": json_values, "opening": json_values,
})
deal_like = st.one_of(
    json_values,
    st.fixed_dictionaries({"sides": st.lists(side_like, max_size=4)},
                          optional={"profile": st.sampled_from(PROFILE_IDS + ["x"])}),
)


@settings(max_examples=200, deadline=None)
@given(deal_like)
def test_any_json_document_gives_a_result_or_a_clean_error(doc):
    outcome = attempt(score_document, doc)
    if isinstance(outcome, InputError):
        assert outcome.code in INPUT_CODES
    else:
        assert isinstance(outcome["sides"], list)
        for side in outcome["sides"]:
            assert side["total"] == sum(side[p] for p in PARTS)


HEAVY = ("flask", "jinja2", "wtforms", "babel", "flask_babel", "weasyprint", "sqlalchemy",
         "werkzeug")


def test_importing_the_rules_stays_light():
    """issue 2 / style.md: the pure core loads no web, template, PDF or database module."""
    code = (
        "import sys, scorekeeper.rules\n"
        f"heavy = {HEAVY!r}\n"
        "print(' '.join(sorted(m for m in sys.modules if m.split('.')[0] in heavy)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, check=True)
    assert done.stdout.strip() == ""
