"""Burro, the letters game (seed 002; rules.md "Game burro")."""

from __future__ import annotations

import pytest

from scorekeeper.rules import InputError, burro_document, burro_ranks

FOUR = ["Ana", "Bia", "Caio", "Davi"]
THREE = ["Ana", "Bia", "Caio"]


def lose(name: str, times: int = 1) -> list[dict]:
    return [{"loser": name}] * times


def feint(by: str, *fooled: str) -> dict:
    return {"feint_by": by, "fooled": list(fooled)}


def groups(ranking: list[list[str]]) -> list[set[str]]:
    return [set(g) for g in ranking]


# id, source, players, rounds, letters (only players with letters), out, finished, ranking
GAMES = [
    ("letters-in-order", "seed 002 Partie: une lettre du mot, dans l'ordre", FOUR,
     lose("Ana", 3), {"Ana": "BUR"}, [], False, [{"Bia", "Caio", "Davi"}, {"Ana"}]),
    ("four-letters", "seed 002: B U R R", FOUR, lose("Bia", 4), {"Bia": "BURR"}, [], False,
     [{"Ana", "Caio", "Davi"}, {"Bia"}]),
    ("feint-two-fooled", "seed 002 La feinte: tous ceux qui auront placé leur main", FOUR,
     [feint("Ana", "Bia", "Caio")], {"Bia": "B", "Caio": "B"}, [], False,
     [{"Ana", "Davi"}, {"Bia", "Caio"}]),
    ("feint-nobody-fooled", "seed 002 La feinte: si personne, le joueur qui a feinté", FOUR,
     [feint("Ana")], {"Ana": "B"}, [], False, [{"Bia", "Caio", "Davi"}, {"Ana"}]),
    ("contract-example", "contract.md burro: the example document", THREE,
     [{"loser": "Ana"}, feint("Bia", "Caio"), feint("Bia")],
     {"Ana": "B", "Bia": "B", "Caio": "B"}, [], False, [{"Ana", "Bia", "Caio"}]),
    ("out-at-five", "seed 002: jusqu'à ce qu'il termine le mot", FOUR, lose("Ana", 5),
     {"Ana": "BURRO"}, ["Ana"], False, [{"Bia", "Caio", "Davi"}, {"Ana"}]),
    ("finished-two-left", "seed 002: jusqu'à ce qu'il ne reste plus que deux joueurs", FOUR,
     lose("Ana", 5) + lose("Bia", 5), {"Ana": "BURRO", "Bia": "BURRO"}, ["Ana", "Bia"], True,
     [{"Caio", "Davi"}, {"Bia"}, {"Ana"}]),
    ("three-players-one-out", "seed 002: two players left ends the game", THREE,
     lose("Caio", 5), {"Caio": "BURRO"}, ["Caio"], True, [{"Ana", "Bia"}, {"Caio"}]),
    ("ranking-by-letters", "seed 002: le moins de lettres; rules.md: first out last", FOUR,
     lose("Caio", 2) + lose("Davi") + lose("Ana", 5) + lose("Bia", 5),
     {"Ana": "BURRO", "Bia": "BURRO", "Caio": "BU", "Davi": "B"}, ["Ana", "Bia"], True,
     [{"Davi"}, {"Caio"}, {"Bia"}, {"Ana"}]),
    ("ex-aequo", "seed 002: même nombre de lettres, ex æquo", FOUR,
     lose("Ana", 2) + lose("Bia", 2) + lose("Caio"),
     {"Ana": "BU", "Bia": "BU", "Caio": "B"}, [], False,
     [{"Davi"}, {"Caio"}, {"Ana", "Bia"}]),
    ("feint-puts-two-out", "contract.md burro: several out at once share one group", FOUR,
     lose("Ana", 4) + lose("Bia", 4) + [feint("Caio", "Ana", "Bia")],
     {"Ana": "BURRO", "Bia": "BURRO"}, ["Ana", "Bia"], True,
     [{"Caio", "Davi"}, {"Ana", "Bia"}]),
]


@pytest.mark.parametrize(
    ("source", "players", "rounds", "letters", "out", "finished", "ranking"),
    [pytest.param(*row[1:], id=row[0]) for row in GAMES],
)
def test_game(source, players, rounds, letters, out, finished, ranking):
    result = burro_document({"players": players, "rounds": rounds})
    assert result["letters"] == {p: letters.get(p, "") for p in players}, source
    assert sorted(result["out"]) == sorted(out)
    assert result["finished"] is finished, source
    assert groups(result["ranking"]) == ranking, source
    assert result["problems"] == []


def test_out_in_the_order_they_went_out():
    """contract.md burro: ``out`` lists players in the order they went out."""
    result = burro_document({"players": FOUR, "rounds": lose("Bia", 5) + lose("Ana", 5)})
    assert result["out"] == ["Bia", "Ana"]
    assert groups(result["ranking"]) == [{"Caio", "Davi"}, {"Ana"}, {"Bia"}]


# id, source, players, rounds, code, letters afterwards (the bad round counts for nothing)
PROBLEMS = [
    ("unknown-loser", "contract.md burro: unknown-player", THREE, [{"loser": "Zed"}],
     "unknown-player", {}),
    ("unknown-fooled", "contract.md burro: unknown-player", THREE, [feint("Ana", "Zed")],
     "unknown-player", {}),
    ("loser-already-out", "contract.md burro: player-out", FOUR,
     lose("Ana", 5) + lose("Ana"), "player-out", {"Ana": "BURRO"}),
    ("feinter-already-out", "contract.md burro: player-out", FOUR,
     lose("Ana", 5) + [feint("Ana")], "player-out", {"Ana": "BURRO"}),
    ("after-the-end", "contract.md burro: game-over", THREE, lose("Ana", 5) + lose("Bia"),
     "game-over", {"Ana": "BURRO"}),
    ("two-players", "seed 002 Joueurs: trois à douze", ["Ana", "Bia"], [], "player-count", {}),
    ("thirteen-players", "seed 002 Joueurs: trois à douze", [f"P{i}" for i in range(13)], [],
     "player-count", {}),
]


@pytest.mark.parametrize(
    ("source", "players", "rounds", "code", "letters"),
    [pytest.param(*row[1:], id=row[0]) for row in PROBLEMS],
)
def test_problem(source, players, rounds, code, letters):
    result = burro_document({"players": players, "rounds": rounds})
    assert [p["code"] for p in result["problems"]] == [code], source
    assert result["valid"] is False
    assert result["letters"] == {p: letters.get(p, "") for p in players}


@pytest.mark.parametrize("players", [pytest.param(n, id=f"{n}-players") for n in (3, 4, 7, 12)])
def test_ranks_to_pull(players):
    """seed 002 Cartes: as many groups of four equal cards as players."""
    ranks = burro_ranks(players)
    assert len(ranks) == players
    assert len(set(ranks)) == players
    assert set(ranks) <= {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}


@pytest.mark.parametrize("players", [pytest.param(n, id=f"{n}-players") for n in (2, 13)])
def test_ranks_outside_3_to_12(players):
    """seed 002 Joueurs: three to twelve players (a deck has only 13 ranks)."""
    with pytest.raises(InputError):
        burro_ranks(players)
