"""Questions asked at the table, besides scoring (docs/rules.md, "Also true in every profile").

- may I take the discard pile with this top card? (seed 003 "Le rebut", seed 004
  "Prendre la défausse"; free in seed 001 §03 and seed 000)
- where does the wildcard go if I add the natural card? (seed 001 §04, seed 003
  "Passe-partout", seed 000 "Jokers et Pinella")
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from scorekeeper.rules.cards import Card
from scorekeeper.rules.house import profile_of
from scorekeeper.rules.melds import check_meld
from scorekeeper.rules.problems import InputError
from scorekeeper.rules.profiles import Profile
from scorekeeper.rules.scoring import read_cards, read_melds
from scorekeeper.rules.states import MeldKind, PileRule
from scorekeeper.rules.verdicts import Reading


def may_take_pile(profile_id: str | None, top: Any, melds: Any = (),
                  hand: Any = ()) -> dict[str, Any]:
    """May the player take the whole discard pile, given its top card, the side's
    melds on the table and the cards in hand?

    >>> may_take_pile("burraco", "7H", ["4H 5H 6H"], [])["allowed"]
    True
    >>> may_take_pile("buraco-fechado", "JK", ["4H 5H 6H"], ["9S"])["reason"]
    'wildcard-needs-new-meld'
    """
    profile = profile_of(profile_id)
    if profile.pile_rule == PileRule.FREE:
        return {"profile": profile.id, "allowed": True, "reason": "pile-free", "how": None}
    top_cards = read_cards(top, "top")
    if len(top_cards) != 1:
        raise InputError("bad-value", field="top", value=str(top), expected="one card")
    card = top_cards[0]
    table = read_melds(list(melds), "melds")
    in_hand = read_cards(list(hand), "hand")
    wild_top = card.is_joker or card.rank == 2
    if not (wild_top and profile.pile_rule == PileRule.TOP_USED_WILD_NEW_MELD):
        for index, meld in enumerate(table):
            verdict = check_meld((*meld.cards, card), profile)
            if verdict.valid:
                return {"profile": profile.id, "allowed": True, "reason": "adds-to-meld",
                        "how": {"meld": index, "result": verdict.as_dict()}}
    for pair in combinations(in_hand, 2):
        verdict = check_meld((card, *pair), profile)
        if verdict.valid:
            return {"profile": profile.id, "allowed": True, "reason": "new-meld",
                    "how": {"with": [str(c) for c in pair], "result": verdict.as_dict()}}
    reason = ("wildcard-needs-new-meld"
              if wild_top and profile.pile_rule == PileRule.TOP_USED_WILD_NEW_MELD
              else "top-card-unusable")
    return {"profile": profile.id, "allowed": False, "reason": reason, "how": None}


def replace_wildcard(profile_id: str | None, meld: Any, card: Any) -> dict[str, Any]:
    """Add ``card`` to a meld holding a wildcard: where does the wildcard go?

    Seed 001 §04: it moves to its natural place as a 2 or to a legal end; with no
    legal place it is not replaced. A moved joker never becomes natural.

    >>> r = replace_wildcard("buraco-aberto", "2H 4H 5H", "3H")
    >>> r["replaced"], r["wildcard"]
    (True, {'card': '2H', 'now': 'natural', 'options': ['natural', '6H']})
    >>> replace_wildcard("buraco-aberto", "4H JK 6H", "5H")["wildcard"]
    {'card': 'JK', 'now': '7H', 'options': ['7H', '3H']}
    """
    profile = profile_of(profile_id)
    cards = read_cards(meld, "meld")
    added = read_cards(card, "card")
    if len(added) != 1:
        raise InputError("bad-value", field="card", value=str(card), expected="one card")
    natural = added[0]
    before = check_meld(cards, profile)
    best = before.best
    if best is None or best.wildcard is None:
        return {"profile": profile.id, "replaced": False,
                "reason": "no-wildcard" if best is not None else "not-a-meld",
                "before": before.as_dict(), "meld": None, "wildcard": None}
    after = check_meld((*cards, natural), profile)
    # The card replaces the wildcard when it can take the wildcard's place: the meld
    # without its wildcard, plus the card, is legal on its own.
    rest = list(cards)
    rest.remove(next(c for c in cards if c.plain == best.wildcard))
    without = check_meld((*rest, natural), profile).best
    replaces = not natural.is_joker and not natural.wild and without is not None
    if after.best is None:
        return {"profile": profile.id, "replaced": False, "reason": "no-legal-place",
                "before": before.as_dict(), "meld": None, "wildcard": None}
    reading = after.best
    now = reading.stands_for if reading.wildcard is not None else "natural"
    return {"profile": profile.id, "replaced": replaces, "reason": None,
            "before": before.as_dict(), "meld": after.as_dict(),
            "wildcard": {"card": str(best.wildcard), "now": now,
                         "options": _wildcard_places(best.wildcard, without, profile, now)
                         if replaces else [now]}}


def _wildcard_places(wild: Card, run: Reading | None, profile: Profile,
                     chosen: str | None) -> list[str]:
    """Every place the freed wildcard may take: its natural place as a 2 of the run's
    suit (it becomes natural), else either legal end (seed 003's example moves the
    2♥ to the low end, seed 000's joker goes to the high end: both are legal)."""
    if run is None or run.kind != MeldKind.RUN:
        return [chosen] if chosen else []  # in a set the wildcard keeps standing for the rank
    places: list[str] = []
    if wild.rank == 2 and wild.suit == run.suit and run.first == 3:
        places.append("natural")
    for p in (run.last + 1, run.first - 1):
        first, last = min(run.first, p), max(run.last, p)
        if not 1 <= p <= 14 or (first == 1 and last == 14 and not profile.ace_both_ends):
            continue
        if wild.rank == 2 and wild.suit == run.suit and p == 2:
            continue  # there it is natural, listed above
        places.append(str(Card(1 if p == 14 else p, run.suit)))
    return places


__all__ = ["may_take_pile", "replace_wildcard", "Card"]
