"""An evening's entrants as a club pastes or files them: a spreadsheet's lines (cells
between tabs, semicolons or commas), a pair's two names in two cells joined by a dash, a
player's member number (its federation's card) in the cell after the name; the header
row a spreadsheet starts with recognized and skipped; a file in UTF-8 (with or without
its byte-order mark) or in the encoding spreadsheet programs write by default on Windows
(cp1252); each refused line named by its number and why."""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.forms import MIXED_NAME, clean_text
from scorekeeper.names import mixes_scripts, players_of, shows, visible_key
from scorekeeper.rules.eventdoc import MAX_ENTRANT_NAME, MAX_ENTRANTS
from scorekeeper.rules.movements import needed_entrants
from scorekeeper.web.common import _

#: The largest list of entrants read from a file (a thousand pairs' names and more).
MOST_FILE_BYTES = 128 * 1024
#: A member number: a federation's card, digits with perhaps a few letters before them.
MEMBER = re.compile(r"[A-Za-z]{0,3}[0-9]{3,12}")
#: How the files a spreadsheet program saves besides text start: a zip (.xlsx, .ods), an
#: OLE2 compound file (.xls), a PDF, gzip.
_BINARY = (b"PK\x03\x04", b"\xd0\xcf\x11\xe0", b"%PDF", b"\x1f\x8b")
#: What a text file of names holds little of: control characters other than tabs and line ends.
_CONTROLS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
#: The words a spreadsheet's first row says of its columns, in the app's languages.
HEADER_WORDS = frozenset({
    "name", "names", "player", "players", "pair", "pairs", "team", "member", "members",
    "card", "number", "id", "no", "n", "#", "first", "last", "surname", "given", "nom",
    "noms", "joueur", "joueurs", "joueuse", "paire", "paires", "équipe", "equipe",
    "prénom", "prenom", "licence", "numéro", "nome", "nomi", "giocatore", "giocatori",
    "giocatrice", "coppia", "coppie", "squadra", "cognome", "tessera", "numero",
    "jogador", "jogadores", "jogadora", "dupla", "duplas", "par", "pares", "equipa",
    "sobrenome", "apelido", "sócio",
})


@dataclass
class Player:
    """A player of an entrant, and its member number when the line gave one."""

    name: str
    member: str | None = None


@dataclass
class Entered:
    """An entrant as a line said it: the line's number, its name, its players (with
    their member numbers, when the line gave any) and what is wrong with the line's
    numbers."""

    line: int
    name: str
    players: list[Player] = field(default_factory=list)
    problem: str | None = None

    def members(self) -> bool:
        """Whether the line gave a member number."""
        return any(p.member for p in self.players)

    def kept(self) -> list[dict[str, str]] | None:
        """The players as an evening keeps them: only when a member number was given."""
        if not self.members():
            return None
        return [{"name": p.name, **({"member": p.member} if p.member else {})}
                for p in self.players]


def line_of(entrant: dict[str, Any]) -> str:
    """An entrant as the list's box shows it again, read back as it was: its name, then
    its players' member numbers in their order ("Rossi – Bianchi; 123; 456")."""
    members = [p.get("member") or "" for p in entrant.get("players") or []]
    while members and not members[-1]:
        members.pop()
    return "; ".join([entrant.get("name") or "", *members])


def read_file(upload: Any) -> str | None:
    """A spreadsheet's file of entrants as lines with a tab between cells; "" when no file
    was chosen, None when it cannot be read as text or is too large."""
    if upload is None or not upload.filename:
        return ""
    raw = upload.read(MOST_FILE_BYTES + 1)
    upload.close()
    if len(raw) > MOST_FILE_BYTES:
        return None
    text = _decoded(raw)
    if text is None:
        return None
    text = str(clean_text(text))
    first = text.split("\n", 1)[0]
    delimiter = max(",;\t", key=first.count)
    try:
        rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter))
    except csv.Error:
        return None
    return "\n".join("\t".join(row) for row in rows)


def _decoded(raw: bytes) -> str | None:
    """A file's text: UTF-16 when it starts with its byte-order mark (a spreadsheet's
    "Unicode text"), else UTF-8 (with or without its mark), else cp1252; None for what no
    spreadsheet writes as text: a workbook chosen in place of its CSV (a zip, as .xlsx
    and .ods are; an .xls), or bytes a tenth of which are control characters. A few
    stray control characters are cleaned away with the rest (``forms.clean_text``)."""
    if raw.startswith(_BINARY):
        return None
    for encoding in ("utf-16",) if raw.startswith((b"\xff\xfe", b"\xfe\xff")) else (
            "utf-8-sig", "cp1252"):
        try:
            text = raw.decode(encoding)
        except UnicodeDecodeError:
            continue
        return None if len(_CONTROLS.findall(text)) * 10 > len(text) else text
    return None


def _header(cells: list[str]) -> bool:
    """Whether a first row names its columns: every cell's words are such words (and
    numbers: "Player 1", "Player 2")."""
    words = [c.strip().strip(".:").lower() for c in cells if c.strip()]
    return bool(words) and all(
        all(p in HEADER_WORDS or p.isdigit() for p in re.split(r"[\s/_.°º-]+", w) if p)
        for w in words)


def entered(text: str | None, individual: bool = False) -> list[Entered]:
    """The entrants of pasted lines, one a line (ended any way), each with its line's
    number: a line of a spreadsheet's cells (tabs or semicolons between them), a pair's
    two names joined by a dash, a member number kept apart from the names (``numbered``);
    every name cleaned as a form cleans its text (``forms.clean_text``); a first line
    that names the columns skipped."""
    out: list[Entered] = []
    for number, line in enumerate(str(clean_text(text or "")).split("\n"), start=1):
        cells = [c.strip() for c in line.replace(";", "\t").split("\t")]
        if not out and _header(cells):
            continue
        names = [c for c in cells if shows(c) and not MEMBER.fullmatch(c)]
        if names:
            out.append(numbered(number, cells, individual))
    return out


def numbered(line: int, cells: list[str], individual: bool) -> Entered:
    """An entrant of a line's cells, each member number given to its player: the cells
    after the last name one by one to the players in order when every number follows the
    names ("Rossi – Bianchi; 123; 456", an empty cell for a player without one), else
    each number to the last player of the name just before it ("Rossi; 123; Bianchi;
    456")."""
    named = [i for i, c in enumerate(cells) if shows(c) and not MEMBER.fullmatch(c)]
    name = " – ".join(cells[i] for i in named)
    players = [Player(p) for i in named for p in players_of(cells[i], individual)]
    entrant = Entered(line, name, players)
    numbers = [i for i, c in enumerate(cells) if MEMBER.fullmatch(c)]
    if not numbers:
        return entrant
    if numbers[0] < named[0]:
        entrant.problem = _("A member number follows its player's name.")
    elif numbers[0] > named[-1]:
        slots = cells[named[-1] + 1:]
        while slots and not slots[-1]:
            slots.pop()
        if len(slots) > len(players):
            entrant.problem = _("More member numbers than players.")
        for player, slot in zip(players, slots, strict=False):
            player.member = slot or None
    else:
        start = 0
        for i in named:
            start += len(players_of(cells[i], individual))
            for n in (n for n in numbers if i < n and not any(i < j < n for j in named)):
                player = players[start - 1]
                if player.member:
                    entrant.problem = _("Two member numbers for one player.")
                player.member = cells[n]
    return entrant


def entrant_problems(names: list[str], known: list[str], kind: str,
                     where: list[str] | None = None) -> list[str]:
    """What is wrong with the entrants added to those already registered, in words, each
    at its place (``where``: each name's, "Line 4"), when the caller has them."""
    problems: list[str] = []
    most = needed_entrants(kind) or MAX_ENTRANTS
    if not names:
        problems.append(_("Type at least one pair or player, one per line."))
    if len(names) + len(known) > most:
        problems.append(_("This evening has at most %(max)d entrants.", max=most))
    at = where or [""] * len(names)
    for place, name in zip(at, names, strict=True):
        if len(name) > MAX_ENTRANT_NAME:
            problems.append(_at(place, _("An entrant's name has at most %(max)d characters.",
                                         max=MAX_ENTRANT_NAME)))
        if mixes_scripts(name):
            problems.append(_at(place, str(MIXED_NAME)))
    seen: dict[str, str] = {visible_key(n): "" for n in known}
    for place, name in zip(at, names, strict=True):
        key = visible_key(name)
        if key in seen:
            problems.append(_at(place, _("Two entrants have the same name.")))
        seen[key] = place
    return problems


def line_problems(lines: list[Entered], known: list[str], kind: str) -> list[str]:
    """``entrant_problems`` of pasted lines and what is wrong with their member numbers,
    each said at its line."""
    where = [_("Line %(line)d", line=e.line) for e in lines]
    return [*(_at(place, e.problem) for place, e in zip(where, lines, strict=True) if e.problem),
            *entrant_problems([e.name for e in lines], known, kind, where)]


def _at(place: str, problem: str) -> str:
    return _("%(where)s: %(problem)s", where=place, problem=problem) if place else problem
