"""A new match as its form names it: the sides' names, the match's name and its target.

One home for both places a new match form is read: the server (``web/matches.py``, from
the validated WTForms form) and the phone (``scorekeeper.phone``, kind ``new-match``: a
match set up without a network, whose kept pages show these words until the server has
it; the server reads the form again when the outbox sends it, and judges it then).
Flask-free, so that the offline pack carries it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from scorekeeper import rules
from scorekeeper.msgids import N_
from scorekeeper.names import shows

#: The names of the first two sides when they are left empty (msgids).
DEFAULT_SIDES = (N_("Us"), N_("Them"))
#: What joins the players' names of a side named after them, and the sides' names of a
#: match named after them.
PLAYERS_JOINER = " & "
SIDES_JOINER = " \u00d7 "
#: The longest match name the sides' names make (the name column's size).
LONGEST_NAME = 120


def side_name(index: int, typed: str, players: Sequence[str],
              defaults: Sequence[str]) -> str | None:
    """The name of the side at ``index``: the name typed, else its players' names joined,
    else, for the first two, their default names (``defaults``, in the page's language);
    ``None``: a side left empty after them, which is no side.

    >>> side_name(1, "", ["Ana", "Rui"], ["Us", "Them"]), side_name(0, "", [], ["Us", "Them"])
    ('Ana & Rui', 'Us')
    >>> side_name(2, "", [], ["Us", "Them"]) is None
    True
    """
    if typed:
        return typed
    if players:
        return PLAYERS_JOINER.join(players)
    return defaults[index] if index < len(defaults) else None


def match_name(typed: str, sides: Sequence[str]) -> str:
    """The match's name: the name typed, else its sides' names joined.

    >>> match_name("", ["Avós", "Netos"])
    'Avós × Netos'
    """
    return typed or SIDES_JOINER.join(sides)[:LONGEST_NAME].strip()


def read_form(pairs: Iterable[Sequence[str]], gettext: Callable[[str], str]) -> dict[str, Any]:
    """A new match form's fields (``[name, value]`` pairs, as a phone sends them) read as
    the server reads them: ``{"name", "profile", "target", "sides": [{"name",
    "players"}]}``. A table's sides name the players ticked (``sides-<i>-seats``) by the
    names sent beside their ids (``player-<id>``). Raises ``rules.InputError`` for rules
    the phone does not know or a target that is no whole number; the rest (the target's
    range, the number of sides, two sides of one name) the server judges.

    >>> read_form([["profile", "burraco"], ["sides-0-name", ""], ["sides-0-players", "Ana, Rui"],
    ...            ["sides-1-name", "Netos"], ["sides-2-name", ""]], str)["name"]
    'Ana & Rui × Netos'
    """
    fields: dict[str, list[str]] = {}
    for pair in pairs:
        if isinstance(pair, Sequence) and not isinstance(pair, str) and len(pair) == 2:
            fields.setdefault(str(pair[0]), []).append(str(pair[1]))

    def one(name: str) -> str:
        return (fields.get(name) or [""])[0].strip()

    profile = rules.get_profile(one("profile"))
    typed = one("target")
    if typed and not (typed.isascii() and typed.isdecimal()):
        raise rules.InputError("bad-value", field="target", value=typed[:40],
                               expected="a whole number")
    defaults = [gettext(name) for name in DEFAULT_SIDES]
    sides: list[dict[str, Any]] = []
    for i in range(len([k for k in fields if k.startswith("sides-") and k.endswith("-name")])):
        seats = fields.get(f"sides-{i}-seats") or []
        typed_players = [(fields.get(f"player-{s}") or [""])[0] for s in seats] if seats \
            else one(f"sides-{i}-players").split(",")
        players = [p.strip() for p in typed_players if shows(p)]
        typed_name = one(f"sides-{i}-name")
        name = side_name(i, typed_name if shows(typed_name) else "", players, defaults)
        if name is not None:
            sides.append({"name": name, "players": players})
    return {"name": match_name(one("name"), [s["name"] for s in sides]), "profile": profile.id,
            "target": int(typed) if typed else profile.target, "sides": sides}
