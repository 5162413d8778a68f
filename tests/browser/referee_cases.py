"""Deterministic, varied request documents for the referee (``documents.read``): melds to
check (legal, illegal, in one go, openings at running totals of thousands), deals in card
and count mode (going out or not, morto taken or not, some breaking a rule), matches, Burro
games, and unreadable documents; some in the page's own card letters. Only
``random.Random(seed)`` draws, so every call gives the same list.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from scorekeeper.i18n import card_aliases, format_card
from scorekeeper.rules import PROFILES, Profile, get_profile

PROFILE_IDS = tuple(PROFILES)
LANGS = ("en", "fr", "pt_BR", "pt_PT", "it")
#: How often each kind of document comes, and how often its cards use the page's letters.
KINDS = {"check": 50, "score": 35, "match": 10, "burro": 5}
LETTERED = {"check": 0.3, "score": 0.1}
#: Legal, against a rule, unreadable.
FLAVORS = {"legal": 50, "rule": 40, "unreadable": 10}
SUITS = "SHDC"
NAMES = ("Ana", "Bia", "Caio", "Davi", "Eva", "Fábio", "Gil", "Hugo", "Inês", "João",
         "Léa", "Marco", "Nina")
#: Running totals before a deal: below, at and well past Buraco Aberto's 1500.
BEFORES = (0, 250, 900, 1495, 1500, 1850, 2400, 2995, 4100, 12500)
#: Tokens no notation reads as a card.
BAD_TOKENS = ("4X", "11S", "ZZ", "0H", "3H*", "JK*")
_CARD = re.compile(r"(?<![^\s,;])(10|[2-9AJQK])([SHDC])(\*?)(?![^\s,;])")


def _card(position: int, suit: str) -> str:
    """The canonical card at run ``position`` (1 = low ace, 14 = high ace)."""
    return {1: "A", 11: "J", 12: "Q", 13: "K", 14: "A"}.get(position, str(position)) + suit


def _wild(rnd: random.Random, suit: str) -> str:
    """A wildcard for a meld of ``suit``: the joker, or a 2 of another suit (maybe marked)."""
    if rnd.random() < 0.5:
        return "JK"
    return f"2{rnd.choice(SUITS.replace(suit, ''))}" + ("*" if rnd.random() < 0.3 else "")


def _run(rnd: random.Random, prof: Profile, length: int, wild: bool,
         start: int | None = None) -> list[str]:
    """A legal run of ``length`` cards of one suit, one card (not a 2) maybe a wildcard."""
    suit = rnd.choice(SUITS)
    first = start if start is not None else rnd.randint(1, prof.max_run - length + 1)
    positions = range(first, first + length)
    cards = [_card(p, suit) for p in positions]
    if wild:
        cards[rnd.choice([i for i, p in enumerate(positions) if p != 2])] = _wild(rnd, suit)
    return cards


def _set(rnd: random.Random, length: int, wild: bool) -> list[str]:
    """A legal set of one rank (never 2s), at most two cards of a suit."""
    rank = rnd.choice(("A", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"))
    cards = [rank + s for s in rnd.sample(SUITS * 2, length)]
    if wild:
        cards[rnd.randrange(length)] = _wild(rnd, "")
    return cards


def good_meld(rnd: random.Random, prof: Profile, canastra: bool = False) -> list[str]:
    """A legal meld of the profile: mostly short runs, some canastras, sets where allowed."""
    wild = rnd.random() < 0.35 and not canastra
    if prof.sets_allowed and rnd.random() < 0.25 and not canastra:
        return _set(rnd, rnd.choice((3, 3, 4, 5, 7, 8)), wild)
    lengths = (7, 7, 8, 9) if canastra else (3, 3, 3, 4, 4, 5, 6, 7, 8, 9, 13, prof.max_run)
    return _run(rnd, prof, rnd.choice(lengths), wild)


def bad_meld(rnd: random.Random, prof: Profile) -> list[str]:
    """An illegal meld: too few cards, two wildcards, mixed suits, a gap, a rank twice,
    too long, or a set where only runs are legal."""
    if not prof.sets_allowed and rnd.random() < 0.25:
        return _set(rnd, 3, False)
    suit = rnd.choice(SUITS)
    other = rnd.choice(SUITS.replace(suit, ""))
    run = [_card(p, suit) for p in range(rnd.randint(3, 9), 14)]
    return list(rnd.choice((
        run[:rnd.choice((1, 2))],  # too few cards
        [run[0], "JK", run[2], f"2{other}", run[4]],  # two wildcards
        [run[0], run[1], run[2][:-1] + other, run[3]],  # mixed suits
        [run[0], run[1], run[3], run[4]],  # a gap
        [run[0], run[1], run[1], run[2]],  # a rank twice
        [_card(p, suit) for p in range(1, prof.max_run + 1)] + ["JK"],  # too long
    )))


def fits(groups: list[list[str]]) -> bool:
    """Whether two decks (with four jokers) hold every card of ``groups``."""
    seen = Counter(card.rstrip("*") for group in groups for card in group)
    return all(n <= (4 if card == "JK" else 2) for card, n in seen.items())


def write(rnd: random.Random, cards: list[str]) -> Any:
    """A meld as the contract accepts it (text or list), sometimes in another order."""
    cards = rnd.sample(cards, len(cards)) if rnd.random() < 0.3 else list(cards)
    form = rnd.random()
    return cards if form >= 0.6 else (" " if form < 0.45 else ", ").join(cards)


def _letters(rnd: random.Random, found: re.Match[str], locale: str) -> str:
    """A canonical card in ``locale``'s letters: the locale's symbols (``D♥``) or its own
    initials (``DC``, ``1P`` for the French ace)."""
    if rnd.random() < 0.5:
        return format_card(found.group(0), locale)
    rank, suit, star = found.groups()
    ranks, suits = card_aliases(locale)
    number = {"A": 1, "J": 11, "Q": 12, "K": 13}.get(rank)
    rank = next((letter for letter, n in ranks.items() if n == number), rank)
    text = rank + next((letter for letter, s in suits.items() if s == suit), suit) + star
    return text.lower() if rnd.random() < 0.1 else text


def relabel(rnd: random.Random, doc: Any, locale: str) -> Any:
    """``doc`` with every canonical card in its text in ``locale``'s letters (no other
    text of these documents looks like a card)."""
    if isinstance(doc, dict):
        return {key: relabel(rnd, value, locale) for key, value in doc.items()}
    if isinstance(doc, list):
        return [relabel(rnd, value, locale) for value in doc]
    if isinstance(doc, str):
        return _CARD.sub(lambda found: _letters(rnd, found, locale), doc)
    return doc


#: Ways to make a ``check`` document unreadable; each gives the document to send.
CHECK_SPOILS: tuple[Callable[[random.Random, dict[str, Any]], Any], ...] = (
    lambda rnd, b: {**b, "melds": [*b["melds"], f"3H {rnd.choice(BAD_TOKENS)} 5H"]},
    lambda rnd, b: {**b, "melds": [*b["melds"], f"{rnd.choice(BAD_TOKENS)} 9C 10C"]},
    lambda rnd, b: {k: v for k, v in b.items() if k != "melds"},
    lambda rnd, b: {**b, "before": rnd.choice(("1500", 12.5, True, [1]))},
    lambda rnd, b: {**b, "in_one_go": rnd.choice(("yes", 1))},
    lambda rnd, b: {**b, "melds": "3H 4H 5H"},
    lambda rnd, b: {**b, "profile": rnd.choice(("nope", "buraco", "Burraco"))},
    lambda rnd, b: {**b, "melds": [*b["melds"], rnd.choice(("", [], " , "))]},
    lambda rnd, b: b["melds"],  # a list, not an object
)


def check_body(rnd: random.Random, pid: str, flavor: str) -> Any:
    """A ``check`` document: melds judged alone, sometimes as an opening or in one go."""
    prof = get_profile(pid)
    melds: list[list[str]] = []
    for _ in range(rnd.choice((1, 1, 2, 2, 3, 4))):
        meld = good_meld(rnd, prof)
        if fits([*melds, meld]):
            melds.append(meld)
    body: dict[str, Any] = {"profile": pid} if pid != PROFILE_IDS[0] or rnd.random() < 0.5 else {}
    one_go = rnd.random() < 0.15
    if one_go and rnd.random() < 0.6:
        melds = [_run(rnd, prof, rnd.choice((13, prof.max_run)), False, start=1)]
    if rnd.random() < (0.55 if pid == PROFILE_IDS[0] else 0.2):
        body["before"] = rnd.choice(BEFORES)
        if flavor == "rule" and rnd.random() < 0.5:  # a low opening at a high total
            body["before"] = rnd.choice(BEFORES[4:])
            melds = [_run(rnd, prof, 3, False, start=rnd.randint(3, 6))]
    elif flavor == "rule":
        melds.insert(rnd.randrange(len(melds) + 1), bad_meld(rnd, prof))
    if flavor == "rule" and rnd.random() < 0.1:
        melds.append(["7S", "7S", "7S"])  # more copies than two decks hold
    body["melds"] = [write(rnd, m) for m in melds]
    if one_go:
        body["in_one_go"] = True
    elif rnd.random() < 0.1 and body["melds"]:
        body["melds"][0] = {"cards": body["melds"][0], "in_one_go": rnd.random() < 0.5}
    return rnd.choice(CHECK_SPOILS)(rnd, body) if flavor == "unreadable" else body


def _counts(rnd: random.Random, prof: Profile, out: bool, big: bool) -> dict[str, int]:
    """Quick counts of a side: table points and some canastras of the profile's kinds."""
    counts = {"table_points": 5 * rnd.randint(0, 300 if big else 60)}
    counts.update({c: rnd.choice((0, 1, 1, 2)) for c in prof.categories if rnd.random() < 0.35})
    if out and not any(counts.get(c, 0) for c in ("clean", "clean-500", "clean-1000")):
        counts["clean"] = 1
    return counts


def _melds(rnd: random.Random, prof: Profile, laid: list[list[str]], out: bool) -> list[Any]:
    """A side's melds (first a clean canastra if it went out) that fit two decks with ``laid``."""
    melds: list[list[str]] = []
    while out and not melds:
        meld = good_meld(rnd, prof, canastra=True)
        melds = [meld] if fits([*laid, meld]) else []
    for _ in range(rnd.randint(0 if melds else 1, 3)):
        meld = good_meld(rnd, prof)
        if fits([*laid, *melds, meld]):
            melds.append(meld)
    laid.extend(melds)
    written = [write(rnd, m) for m in melds]
    if prof.counts_in_one_go and written and rnd.random() < 0.2:
        written[0] = {"cards": written[0], "in_one_go": True}
    return written


def deal(rnd: random.Random, prof: Profile, sides: int, counts_odds: float = 0.45,
         big: bool = False) -> dict[str, Any]:
    """A legal deal: one side went out (or none), sides in count mode, card mode or empty."""
    out = rnd.randrange(sides) if rnd.random() < 0.7 else None
    takers = (sides if prof.morto_piles is None else prof.morto_piles) - (out is not None)
    laid: list[list[str]] = []
    result = []
    for i in range(sides):
        side: dict[str, Any] = {"name": NAMES[i]} if rnd.random() < 0.3 else {}
        mode = rnd.random()
        if mode < counts_odds:
            side["counts"] = _counts(rnd, prof, i == out, big)
        elif mode < 0.92 or i == out:
            side["melds"] = _melds(rnd, prof, laid, i == out)
            if prof.vulnerable_at and rnd.random() < 0.25:
                side.update(before=rnd.choice(BEFORES), opening=side["melds"][:2])
        if i != out and rnd.random() < 0.6:
            hand = [_card(rnd.randint(1, 13), rnd.choice(SUITS)) for _ in range(rnd.randint(1, 5))]
            if rnd.random() < 0.5 and fits([*laid, hand]):
                laid.append(hand)
                side["hand"] = write(rnd, hand)
            else:
                side["hand_points"] = 5 * rnd.randint(0, 30)
        taken = i == out or (takers > 0 and rnd.random() < 0.6)
        takers -= taken and i != out
        morto = "taken" if taken else rnd.choice(("not_taken", "not-taken"))
        side["morto"] = "unused" if prof.unused_morto and i != out and rnd.random() < 0.1 else morto
        if i == out:
            by_meld = prof.going_out_by_meld and rnd.random() < 0.4
            side.update(went_out=True, closed_by="meld" if by_meld else "discard")
        result.append(side)
    return {"sides": result}


def _put(side: dict[str, Any], drop: str, **values: Any) -> None:
    """Set ``values`` in a side, without its field ``drop`` (``melds`` for ``counts``…)."""
    side.pop(drop, None)
    side.update(values)


def _lay(side: dict[str, Any], meld: Any) -> None:
    """Add ``meld`` to a side, which then gives melds rather than counts."""
    _put(side, "counts", melds=[*side.get("melds", []), meld])


def break_deal(rnd: random.Random, prof: Profile, doc: dict[str, Any]) -> None:
    """Make a readable deal break one rule (its problems then carry messages)."""
    sides = doc["sides"]
    side = rnd.choice(sides)
    low = " ".join(_run(rnd, prof, 3, False, start=rnd.randint(3, 6)))
    changes: list[Callable[[], Any]] = [
        lambda: side.update(went_out=True, morto="not_taken"),
        lambda: _put(side, "melds", counts={"table_points": 60}, went_out=True, morto="taken"),
        lambda: [o.update(went_out=True, morto="taken") for o in rnd.sample(sides, 2)],
        lambda: _lay(side, write(rnd, bad_meld(rnd, prof))),
        lambda: _put(side, "hand_points", hand=["7S", "7S", "7S"]),  # more than two decks hold
    ] * 2
    if not prof.unused_morto:
        changes.append(lambda: side.update(morto="unused"))
    if not prof.going_out_by_meld:
        changes.append(lambda: _put(side, "melds", went_out=True, closed_by="meld", morto="taken",
                                    counts={"table_points": 200, "clean": 1}))
    if prof.vulnerable_at:  # a low opening at a running total of 1500 or more
        changes += [lambda: [_lay(side, low), side.update(before=rnd.choice(BEFORES[4:]),
                                                          opening=[low])]] * 8
    if prof.morto_piles is not None and len(sides) > prof.morto_piles:
        changes += [lambda: [o.update(morto="taken") for o in sides]] * 4
    rnd.choice(changes)()


#: Ways to make a deal unreadable, each a change of (rnd, deal, side, profile id); a dict
#: returned replaces the whole deal.
DEAL_SPOILS: tuple[Callable[..., Any], ...] = (
    lambda rnd, doc, side, pid: _lay(side, f"8D 9D {rnd.choice(BAD_TOKENS)}"),
    lambda rnd, doc, side, pid: _put(side, "hand_points", hand=["QS", rnd.choice(BAD_TOKENS)]),
    lambda rnd, doc, side, pid: side.pop("morto"),
    lambda rnd, doc, side, pid: {"profile": pid, "sides": rnd.choice((None, "two", {"a": 1}))},
    lambda rnd, doc, side, pid: side.update(went_out=rnd.choice(("yes", 1, "true"))),
    lambda rnd, doc, side, pid: _put(side, "hand", hand_points=rnd.choice((-5, 7.5, "x"))),
    lambda rnd, doc, side, pid: _put(side, "melds", counts={  # a category the game lacks
        "table_points": 90, "clean-500" if get_profile(pid).semi_clean else "semi-clean": 1}),
    lambda rnd, doc, side, pid: side.update(counts={"table_points": 50}, melds=["3H 4H 5H"]),
    lambda rnd, doc, side, pid: doc.update(profile="buraco-nope"),
    lambda rnd, doc, side, pid: doc["sides"].extend([{"morto": "taken"}] * (
        4 - len(doc["sides"]) if len(doc["sides"]) < 4 else 1)),
    lambda rnd, doc, side, pid: side.update(morto=rnd.choice(("maybe", True, "TAKEN!"))),
)


def spoil_deal(rnd: random.Random, doc: dict[str, Any], pid: str) -> dict[str, Any]:
    """Make a deal unreadable: an unknown card, a missing field, a wrong type or value."""
    new = rnd.choice(DEAL_SPOILS)(rnd, doc, rnd.choice(doc["sides"]), pid)
    return new if isinstance(new, dict) else doc


def score_body(rnd: random.Random, pid: str, flavor: str) -> dict[str, Any]:
    """A ``score`` document: one finished deal."""
    prof = get_profile(pid)
    counts = [n for n in range(prof.min_sides, prof.max_sides + 1) if prof.allows_sides(n)]
    doc = deal(rnd, prof, rnd.choice(counts) if rnd.random() < 0.4 else counts[0])
    if flavor == "rule":
        break_deal(rnd, prof, doc)
    if pid != PROFILE_IDS[0] or rnd.random() < 0.5:
        doc = {"profile": pid, **doc}
    return spoil_deal(rnd, doc, pid) if flavor == "unreadable" else doc


#: Ways to make a match unreadable: a change of (rnd, match, its deals, profile id).
MATCH_SPOILS: tuple[Callable[..., Any], ...] = (
    lambda rnd, doc, deals, pid: deals.append(spoil_deal(rnd, deals.pop(), pid)),
    lambda rnd, doc, deals, pid: deals[-1]["sides"].append({"morto": "not_taken"}),
    lambda rnd, doc, deals, pid: deals[0].update(
        profile=rnd.choice([p for p in PROFILE_IDS if p != pid])),
    lambda rnd, doc, deals, pid: doc.update(target=rnd.choice((0, -100, "2005", 1500.5))),
    lambda rnd, doc, deals, pid: doc.update(deals={"0": deals[0]}),
)


def match_body(rnd: random.Random, pid: str, flavor: str) -> dict[str, Any]:
    """A ``match`` document: several deals, sometimes past the target."""
    prof = get_profile(pid)
    sides = 3 if prof.allows_sides(3) and rnd.random() < 0.25 else 2
    legal = flavor == "legal"
    deals = [deal(rnd, prof, sides, counts_odds=0.8, big=rnd.random() < (0.2 if legal else 0.5))
             for _ in range(rnd.randint(2, 4 if legal else 6))]
    doc: dict[str, Any] = {"profile": pid, "deals": deals}
    if rnd.random() < 0.5:
        doc["sides"] = list(NAMES[:sides])
    if rnd.random() < 0.3:
        doc["target"] = rnd.choice((5000, 10000, prof.target))
    for one in deals:
        if rnd.random() < 0.2:
            one["profile"] = pid
    if flavor == "rule" and rnd.random() < 0.5:
        doc["target"] = rnd.choice((100, 300, 500))  # decided early: then match-over
    elif flavor == "rule":
        break_deal(rnd, prof, rnd.choice(deals))
    elif flavor == "unreadable":
        rnd.choice(MATCH_SPOILS + MATCH_SPOILS[:1])(rnd, doc, deals, pid)
    return doc


def burro_body(rnd: random.Random, pid: str, flavor: str) -> dict[str, Any]:
    """A Burro game (``pid`` unused) of losses and feints until two players are left."""
    players = list(rnd.sample(NAMES, rnd.randint(3, 7)))
    letters = dict.fromkeys(players, 0)
    rounds: list[Any] = []
    limit = rnd.randint(1, 30)
    while len(rounds) < limit and sum(n < 5 for n in letters.values()) > 2:
        alive = [p for p in players if letters[p] < 5]
        by = rnd.choice(alive)
        fooled = rnd.sample([p for p in alive if p != by], rnd.randint(0, 2))
        rounds.append({"loser": by} if rnd.random() < 0.7 else {"feint_by": by, "fooled": fooled})
        for p in rounds[-1].get("fooled") or [by]:
            letters[p] += 1
    doc: dict[str, Any] = {"players": players, "rounds": rounds}
    first, last = players[0], players[-1]
    if flavor == "rule":
        doc.update(rnd.choice((
            {"rounds": [*rounds, {"loser": "Zé"}]},  # unknown player
            {"rounds": [{"loser": first}] * 6},  # a player already out
            {"rounds": [{"loser": p} for p in players[:-2] for _ in range(5)] + [
                {"loser": last}]},  # the game is over
            {"players": [first, last], "rounds": [{"loser": last}]},  # too few players
            {"players": [*NAMES, "Zé"], "rounds": [{"feint_by": "Zé"}]},  # too many
        )))
    elif flavor == "unreadable":
        doc.update(rnd.choice((
            {"players": [*players, first]},  # a name twice
            {"rounds": [*rounds, rnd.choice(({}, {"winner": first}, "Ana"))]},
            {"rounds": [*rounds, {"feint_by": first, "fooled": [first, last]}]},
            {"players": rnd.choice((None, first))},
            {"rounds": {"loser": first}},
        )))
    return doc


def cases(count: int = 1200, seed: int = 2026) -> list[dict[str, Any]]:
    """``count`` request documents ``{"kind", "body", "lang", "notation"}``, the same list
    for the same ``seed``: half ``check``, a third ``score``, then matches and Burro games;
    half legal, 40% against a rule, a tenth unreadable; the first 40 cycle the profiles."""
    rnd = random.Random(seed)
    out = []
    for i in range(count):
        kind = rnd.choices(list(KINDS), list(KINDS.values()))[0]
        lang = rnd.choice(LANGS)
        flavor = rnd.choices(list(FLAVORS), list(FLAVORS.values()))[0]
        pid = PROFILE_IDS[i % len(PROFILE_IDS)] if i < 40 else rnd.choice(PROFILE_IDS)
        make = {"check": check_body, "score": score_body, "match": match_body}.get(kind, burro_body)
        body = make(rnd, pid, flavor)
        notation = lang if rnd.random() < LETTERED.get(kind, 0) else None
        if notation:
            body = relabel(rnd, body, notation)
        out.append({"kind": kind, "body": body, "lang": lang, "notation": notation})
    return out
