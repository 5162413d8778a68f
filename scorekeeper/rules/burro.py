"""Burro, the letters game (seed 002), which the app keeps score of too.

Each round has one loser, or is a feint: everyone who fell for it gets a letter,
and if nobody did, the player who feinted gets one. Letters come in the order
B U R R O; a player with the whole word is out; play goes on until two players
are left. Fewest letters ranks first, equal letters are ex aequo, and players
who went out rank below those still in, the first one out last.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.rules.cards import RANK_NAMES
from scorekeeper.rules.problems import InputError, Problem

WORD = "BURRO"
MIN_PLAYERS = 3
MAX_PLAYERS = 12
#: Ranks to pull from the deck, four cards each, one rank per player.
RANK_ORDER = (1, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2)


def burro_ranks(players: int) -> list[str]:
    """Seed 002 "Cartes": as many ranks (four cards each) as players.

    >>> burro_ranks(3)
    ['A', 'K', 'Q']
    """
    if isinstance(players, bool) or not isinstance(players, int) \
            or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InputError("bad-value", field="players", value=str(players),
                         expected=f"{MIN_PLAYERS}-{MAX_PLAYERS}")
    return [RANK_NAMES[r] for r in RANK_ORDER[:players]]


def _names(value: Any, field: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(n, str) and n.strip() for n in value):
        raise InputError("bad-value", field=field, value=str(value)[:40],
                         expected="list of player names")
    return list(value)


def burro_document(doc: Any) -> dict[str, Any]:
    """Letters, who is out, whether the game is over, and the ranking.

    >>> r = burro_document({"players": ["Ana", "Bia", "Caio"], "rounds": [
    ...     {"loser": "Ana"}, {"feint_by": "Bia", "fooled": ["Caio"]},
    ...     {"feint_by": "Bia", "fooled": []}]})
    >>> r["letters"], r["ranking"]
    ({'Ana': 'B', 'Bia': 'B', 'Caio': 'B'}, [['Ana', 'Bia', 'Caio']])
    """
    players, rounds = _read_game(doc)
    problems: list[Problem] = []
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        problems.append(Problem("player-count", {"count": len(players),
                                                 "minimum": MIN_PLAYERS,
                                                 "maximum": MAX_PLAYERS}))
    letters = {p: 0 for p in players}
    out: list[str] = []
    out_groups: list[list[str]] = []
    finished = len(players) <= 2
    for index, rnd in enumerate(rounds):
        named, receivers = _read_round(rnd, f"rounds[{index}]")
        if finished:
            problems.append(Problem("game-over", {}, {"round": index}))
            continue
        unknown = [n for n in named if n not in letters]
        if unknown:
            problems.append(Problem("unknown-player", {"player": unknown[0]}, {"round": index}))
            continue
        gone = [n for n in named if n in out]
        if gone:
            problems.append(Problem("player-out", {"player": gone[0]}, {"round": index}))
            continue
        newly_out = []
        for name in receivers:
            letters[name] += 1
            if letters[name] >= len(WORD):
                newly_out.append(name)
        if newly_out:
            out.extend(newly_out)
            out_groups.append(newly_out)
        if len(players) - len(out) <= 2:
            finished = True
    return {
        "players": players,
        "letters": {p: WORD[:letters[p]] for p in players},
        "out": out,
        "finished": finished,
        "ranking": _ranking(players, letters, out, out_groups),
        "valid": not problems,
        "problems": [p.as_dict() for p in problems],
    }


def _read_game(doc: Any) -> tuple[list[str], list[Any]]:
    """The players (distinct names) and the list of rounds of a ``burro`` document."""
    if not isinstance(doc, Mapping):
        raise InputError("bad-value", field="burro", value=type(doc).__name__, expected="object")
    if "players" not in doc:
        raise InputError("missing-field", field="players")
    players = _names(doc["players"], "players")
    if len(set(players)) != len(players):
        raise InputError("bad-value", field="players", value=str(players)[:40],
                         expected="distinct names")
    rounds = doc.get("rounds", [])
    if not isinstance(rounds, list):
        raise InputError("bad-value", field="rounds", value=type(rounds).__name__,
                         expected="list of rounds")
    return players, rounds


def _read_round(rnd: Any, field: str) -> tuple[list[str], list[str]]:
    """Who a round names, and who takes a letter (seed 002: the loser; after a feint,
    each player fooled by it, or the feinter when nobody fell for it)."""
    if not isinstance(rnd, Mapping) or ("loser" in rnd) == ("feint_by" in rnd):
        raise InputError("bad-value", field=field, value=str(rnd)[:40],
                         expected='{"loser": name} or {"feint_by": name, "fooled": [names]}')
    if "loser" in rnd:
        if not isinstance(rnd["loser"], str):
            raise InputError("bad-value", field=f"{field}.loser", value=str(rnd["loser"]),
                             expected="player name")
        return [rnd["loser"]], [rnd["loser"]]
    if not isinstance(rnd["feint_by"], str):
        raise InputError("bad-value", field=f"{field}.feint_by",
                         value=str(rnd["feint_by"]), expected="player name")
    fooled = _names(rnd.get("fooled", []), f"{field}.fooled") if rnd.get("fooled") else []
    if rnd["feint_by"] in fooled:
        raise InputError("bad-value", field=f"{field}.fooled", value=rnd["feint_by"],
                         expected="players other than the one who feinted")
    return [rnd["feint_by"], *fooled], list(dict.fromkeys(fooled)) or [rnd["feint_by"]]


def _ranking(players: list[str], letters: dict[str, int], out: list[str],
             out_groups: list[list[str]]) -> list[list[str]]:
    """Best first: the players still in by fewest letters (ex aequo share a group), then
    those out, the last out first."""
    still_in = [p for p in players if p not in out]
    ranking = [[p for p in still_in if letters[p] == count]
               for count in sorted({letters[p] for p in still_in})]
    ranking.extend(reversed(out_groups))
    return ranking
