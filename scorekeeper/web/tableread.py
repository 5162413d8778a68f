"""A table file read back (the import of ``web/tablefiles.py``): every field checked as the
forms check what they are sent, so that whatever is stored can be shown.

The file is read as every file that comes in is read (``scorekeeper.incoming``: its size,
its text, how deep it nests; no text anywhere in it holding NUL or a lone surrogate,
which no database keeps and no page shows).

Names are cleaned as a form cleans them (``forms.clean_text``: NFC, no control or
bidirectional characters) and must show a visible character; the table's players, a
match's sides and seats follow the forms' rules (``tables.name_problems``,
``matches.side_problem``); numbers are integers in their range; a time zone is one the
server knows; and a match's date lies between ``FIRST_DAY`` and tomorrow. Each match
is then scored again by the referee, and refused unless its totals are the file's.
``Unreadable`` says what is wrong, naming the field, in the page's words.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from flask_babel import format_date

from scorekeeper import rules, seating
from scorekeeper.forms import clean_text
from scorekeeper.gradefiles import (
    MAX_DEALS,
    MAX_MATCHES,
    MAX_PLAYER_NAME,
    TABLE_FORMAT,
    TABLE_VERSION,
)
from scorekeeper.incoming import TABLE_BYTES, read_json
from scorekeeper.models import utcnow
from scorekeeper.moments import zone_named
from scorekeeper.names import shows
from scorekeeper.rules.document import MAX_SIDES, MAX_TARGET, MIN_TARGET
from scorekeeper.web.common import _, input_error_text
from scorekeeper.web.matches import side_problem
from scorekeeper.web.tables import MAX_PLAYERS, known_zone, name_problems

#: The format and version a table's export says it is in (the grades read it too).
FORMAT, VERSION = TABLE_FORMAT, TABLE_VERSION
#: The most house rules a file may hold (a phone lists as many of its own).
MAX_HOUSE_RULES = 40
#: The earliest day a match of a file may have been played.
FIRST_DAY = datetime(2000, 1, 1)

#: A document read back: the table (name, zone, players) and each match, with the
#: referee's document for it.
Read = tuple[dict[str, Any], list[tuple[dict[str, Any], dict[str, Any]]]]


class Unreadable(Exception):
    """What makes a file no table this server can read back, in the page's words."""


def _need(condition: bool, said: str) -> None:
    if not condition:
        raise Unreadable(said)


def _bad(where: str, field: str) -> str:
    return _("%(where)s: “%(field)s” is not what a table exported by Scorekeeper holds there.",
             where=where, field=field)


def _whole(value: Any) -> bool:
    """An integer of JSON (``true`` is not one)."""
    return type(value) is int


def _text(value: Any, where: str, field: str, longest: int) -> str:
    """A name of the file as a form keeps it: cleaned, visible, at most ``longest`` long."""
    _need(isinstance(value, str), _bad(where, field))
    text = str(clean_text(value))
    _need(0 < len(text) <= longest, _bad(where, field))
    _need(shows(text), _(
        "%(where)s: “%(field)s” shows no visible character.", where=where, field=field))
    return text


def read_document(raw: bytes) -> Read:
    """The table of an export, checked: its players and each match with the referee's
    document for it, whose totals are the file's."""
    not_ours = _("This file is not a table exported by Scorekeeper.")
    the_file = _("The file")
    try:
        doc = read_json(raw, TABLE_BYTES)
    except rules.InputError as err:
        raise Unreadable(not_ours if err.code == "bad-json" else _(
            "%(where)s: %(problem)s", where=the_file, problem=input_error_text(err))) from None
    _need(isinstance(doc, dict) and doc.get("scorekeeper") == FORMAT, not_ours)
    _need(doc.get("version") == VERSION, _("This table was exported by another version of "
                                           "Scorekeeper, which this server cannot read."))
    name = doc.get("name")
    zone = doc.get("zone", "UTC")
    _need(isinstance(zone, str), _bad(the_file, "zone"))
    _need(known_zone(zone) == zone, _("%(where)s: “%(field)s” names no time zone this server "
                                      "knows.", where=the_file, field="zone"))
    players = _players(the_file, doc.get("players"))
    matches = doc.get("matches")
    _need(isinstance(matches, list) and len(matches) <= MAX_MATCHES, _bad(the_file, "matches"))
    names = {p["id"]: p["name"] for p in players}
    table = {"name": "" if name in (None, "") else _text(name, the_file, "name", 80),
             "zone": zone, "players": players,
             "house_rules": _house_rules(the_file, doc.get("house_rules", []))}
    return table, [_read_match(number, match, names)
                   for number, match in enumerate(matches, start=1)]


def _players(where: str, players: Any) -> list[dict[str, Any]]:
    """The table's players: each one's id in the file and name, as the players form
    takes them."""
    _need(isinstance(players, list) and len(players) <= MAX_PLAYERS
          and all(isinstance(p, dict) for p in players), _bad(where, "players"))
    read = []
    for i, player in enumerate(players):
        _need(_whole(player.get("id")), _bad(where, f"players[{i}].id"))
        read.append({"id": player["id"],
                     "name": _text(player.get("name"), where, f"players[{i}].name",
                                   MAX_PLAYER_NAME)})
    problems = name_problems([p["name"] for p in read])
    _need(not problems, _("%(where)s: %(problem)s", where=_("Players"),
                          problem=" ".join(problems)))
    _need(len({p["id"] for p in read}) == len(read), _bad(where, "players[].id"))
    return read


def _house_rules(where: str, kept: Any) -> list[dict[str, Any]]:
    """The table's own house rules (their name, document and version), each read by the
    referee as a match started with them would be."""
    _need(isinstance(kept, list) and len(kept) <= MAX_HOUSE_RULES, _bad(where, "house_rules"))
    read = []
    for i, one in enumerate(kept):
        field = f"house_rules[{i}]"
        _need(isinstance(one, dict), _bad(where, field))
        name = _text(one.get("name"), where, f"{field}.name", 80)
        copy = _house_copy(where, {k: v for k, v in one.items() if k != "name"})
        _need(copy is not None and copy["document"].get("base") in rules.PROFILES,
              _bad(where, f"{field}.document"))
        try:
            rules.profile_of(copy["document"])  # type: ignore[index]
        except rules.InputError as err:
            raise Unreadable(_("%(where)s: %(problem)s", where=name,
                               problem=input_error_text(err))) from err
        read.append({"name": name, **copy})  # type: ignore[dict-item]
    return read


def _read_match(number: int, match: Any, names: dict[int, str]) -> tuple[dict[str, Any],
                                                                          dict[str, Any]]:
    """One match of the file, checked and scored again: the match, and its referee's
    document."""
    said = match.get("name") if isinstance(match, dict) else None
    where = _("Match %(number)d (%(name)s)", number=number,
              name=str(clean_text(said))[:40] if isinstance(said, str) else "?")
    _need(isinstance(match, dict), _bad(where, f"matches[{number - 1}]"))
    profile, target = match.get("profile"), match.get("target")
    _need(isinstance(profile, str) and profile in rules.PROFILES, _bad(where, "profile"))
    _need(_whole(target) and MIN_TARGET <= target <= MAX_TARGET, _bad(where, "target"))
    deals = match.get("deals")
    _need(isinstance(deals, list) and len(deals) <= MAX_DEALS
          and all(isinstance(d, dict) for d in deals), _bad(where, "deals"))
    kept = _house_copy(where, match.get("rules"))
    sides = _sides(where, match.get("sides"), names)
    try:
        played = rules.profile_of(kept["document"] if kept else profile)
    except rules.InputError as err:
        raise Unreadable(_("%(where)s: %(problem)s", where=where,
                           problem=input_error_text(err))) from err
    problem = side_problem(played, sides)
    _need(problem is None, _("%(where)s: %(problem)s", where=where, problem=problem))
    read = {"name": _text(match.get("name"), where, "name", 120), "profile": profile,
            "target": target, "sides": sides, "deals": deals, "rules": kept,
            "created": _created(where, match.get("created")),
            "zone": _zone(where, match.get("zone")),
            **_seats(where, match, sides)}
    return read, _scored(where, read, match.get("totals"))


def _sides(where: str, sides: Any, names: dict[int, str]) -> list[dict[str, Any]]:
    """A match's sides: each one's name, players and seats (the table's players, by their
    ids in the file), as the new match form makes them."""
    _need(isinstance(sides, list) and 0 < len(sides) <= MAX_SIDES
          and all(isinstance(s, dict) for s in sides), _bad(where, "sides"))
    read = []
    for i, side in enumerate(sides):
        seats, players = side.get("seats", []), side.get("players", [])
        _need(isinstance(seats, list) and all(_whole(s) and s in names for s in seats)
              and len(set(seats)) == len(seats), _bad(where, f"sides[{i}].seats"))
        _need(isinstance(players, list) and len(players) <= MAX_PLAYERS
              and (not seats or len(players) == len(seats)), _bad(where, f"sides[{i}].players"))
        one: dict[str, Any] = {
            "name": _text(side.get("name"), where, f"sides[{i}].name", 40),
            "players": [_text(p, where, f"sides[{i}].players[{k}]", MAX_PLAYER_NAME)
                        for k, p in enumerate(players)]}
        if "seats" in side:
            one["seats"] = seats
        read.append(one)
    return read


def _seats(where: str, match: dict[str, Any], sides: list[dict[str, Any]]) -> dict[str, Any]:
    """Who sat where (none: the default seating) and who dealt first (none: not said)."""
    order, dealer = match.get("seating"), match.get("first_dealer")
    around = len(seating.default_seating(sides))
    if order is not None:
        _need(isinstance(order, list) and all(
            isinstance(s, list) and len(s) == 2 and all(_whole(n) for n in s) for s in order)
            and seating.is_seating(sides, [(s[0], s[1]) for s in order]),
            _bad(where, "seating"))
    _need(dealer is None or (_whole(dealer) and 0 <= dealer < around), _bad(where, "first_dealer"))
    return {"seating": order, "first_dealer": dealer}


def _created(where: str, value: Any) -> datetime:
    """When the match was started (UTC, as stored), a day this server can show."""
    try:
        moment = datetime.fromisoformat(value) if isinstance(value, str) else None
        if moment is not None and moment.tzinfo is not None:
            moment = moment.astimezone(UTC).replace(tzinfo=None)
    except (ValueError, OverflowError):
        moment = None
    if moment is None:
        raise Unreadable(_bad(where, "created"))
    last = utcnow() + timedelta(days=1)
    _need(FIRST_DAY <= moment <= last, _(
        "%(where)s: “%(field)s” is not a date between %(first)s and %(last)s.", where=where,
        field="created", first=format_date(FIRST_DAY), last=format_date(last)))
    return moment


def _zone(where: str, value: Any) -> str | None:
    """The match's time zone (none: its moments in UTC), one this server knows."""
    _need(value is None or zone_named(value) == value, _(
        "%(where)s: “%(field)s” names no time zone this server knows.", where=where,
        field="zone"))
    return zone_named(value)


def _house_copy(where: str, kept: Any) -> dict[str, Any] | None:
    """The house rules a match of the file was started with, as this server keeps them
    (their document and version; the link of the rules on the other server is not kept)."""
    if kept is None:
        return None
    version: Any = kept.get("version", 1) if isinstance(kept, dict) else None
    _need(isinstance(kept, dict) and isinstance(kept.get("document"), dict)
          and _whole(version) and 0 < version <= 1_000_000, _bad(where, "rules"))
    return {"document": kept["document"], "version": version}


def _scored(where: str, match: dict[str, Any], totals: Any) -> dict[str, Any]:
    """The referee's document for the match, whose totals must be the file's."""
    try:
        result = dict(rules.match_document({
            "profile": match["rules"]["document"] if match["rules"] else match["profile"],
            "target": match["target"], "sides": [s["name"] for s in match["sides"]],
            "deals": match["deals"]}))
    except rules.InputError as err:
        raise Unreadable(_("%(where)s: %(problem)s", where=where,
                           problem=input_error_text(err))) from err
    if result.get("totals") != totals:
        raise Unreadable(_("%(where)s: scored here, its totals are %(here)s; the file says "
                           "%(file)s. Nothing was imported.", where=where,
                           here=" – ".join(map(str, result.get("totals", []))),
                           file=" – ".join(map(str, totals if isinstance(totals, list)
                                                else []))))
    return result
