"""The ``scorekeeper`` console script (docs/contract.md).

Exit status: 0 legal and scored; 1 readable but breaks a rule (the JSON says
which under ``problems``); 2 unreadable: one line on standard error naming the
field or token, nothing on standard output.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from scorekeeper.catalogs import LANGS, translator
from scorekeeper.eventfiles import players_csv, results_csv
from scorekeeper.gradefiles import Reading, read_into
from scorekeeper.incoming import MOST_BYTES, read_file, read_json, unshowable
from scorekeeper.messages import input_error_message, localize
from scorekeeper.rules import (
    DEFAULT_PROFILE,
    InputError,
    Profile,
    burro_document,
    check_document,
    event_document,
    export_profile,
    get_profile,
    match_document,
    profiles_document,
    read_profile,
    score_document,
)
from scorekeeper.rules.season import MAX_EVENINGS
from scorekeeper.vocabulary import PROFILE_NAMES


class _Unreadable(Exception):
    """Command-line arguments that cannot be read."""


class _InFile(Exception):
    """A file of several that cannot be read: its path, and why."""

    def __init__(self, path: str, error: InputError) -> None:
        super().__init__(path)
        self.path, self.error = path, error


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _Unreadable(message)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="scorekeeper", description="Buraco-family referee and score keeper.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    def with_lang(p: argparse.ArgumentParser) -> argparse.ArgumentParser:
        p.add_argument("--lang", choices=sorted(LANGS), default=None,
                       help="language of the messages (default English)")
        return p

    def with_profile_file(p: argparse.ArgumentParser) -> argparse.ArgumentParser:
        p.add_argument("--profile-file", metavar="FILE", default=None,
                       help="house rules: a profile document (in place of the profile)")
        return p

    check = with_profile_file(with_lang(sub.add_parser("check", help="judge melds")))
    check.add_argument("--profile", default=DEFAULT_PROFILE)
    check.add_argument("--before", type=int, default=None,
                       help="the side's running total before the deal (opening check)")
    check.add_argument("--in-one-go", action="store_true",
                       help="the melds were laid down in one go")
    check.add_argument("melds", nargs="+", metavar="MELD")
    helps = {"event": "score an event (a club's tournament) and seat its next turn"}
    for name in ("score", "match", "burro", "event"):
        command = with_lang(sub.add_parser(name, help=helps.get(name, f"{name} a JSON document")))
        command.add_argument("file", metavar="FILE|-")
        if name != "burro":
            with_profile_file(command)
        if name == "event":
            _event_papers(command)
    grades = with_lang(sub.add_parser(
        "grades", help="grade every player and pair from exported tables and evenings"))
    grades.add_argument("files", nargs="+", metavar="FILE",
                        help="a table's or an evening's JSON export; a season: its evenings")
    profiles = with_lang(sub.add_parser("profiles", help="describe every rule profile"))
    profiles.add_argument("--export", metavar="ID", default=None,
                          help="print one built-in profile as a profile document")
    return parser


#: The papers ``event --print`` lays out (``scorekeeper.pdf.EVENT_PAPERS``).
EVENT_PAPERS = ("seating", "cards", "slips", "standings")
#: What ``--table-url`` replaces with a table's number.
TABLE_SLOT = "{table}"


def _event_papers(command: argparse.ArgumentParser) -> None:
    """``event``'s files besides its JSON answer: a paper as PDF, the results as CSV."""
    files = command.add_mutually_exclusive_group()
    files.add_argument("--print", choices=EVENT_PAPERS, default=None, dest="paper_kind",
                       help="write a paper of the evening as PDF")
    files.add_argument("--csv", action="store_true",
                       help="write the results per turn and entrant as CSV")
    files.add_argument("--players", action="store_true",
                       help="write each player's result (member number, rank, VP, MP) as CSV")
    command.add_argument("--paper", choices=("A4", "Letter"), default="A4")
    command.add_argument("--table-url", metavar="TEMPLATE", default=None,
                         help=f"the table cards' QR codes: a link with {TABLE_SLOT}")
    command.add_argument("--turn", type=int, default=None, metavar="N",
                         help="the turn of the seating, cards and slips (default: the next)")
    command.add_argument("-o", "--output", metavar="OUT", default="-",
                         help="where the PDF or CSV goes (default: standard output)")


def _event_file(args: argparse.Namespace, doc: Any) -> tuple[bytes, int]:
    """``event --print``, ``--csv`` or ``--players``: the file, and the status of the JSON
    answer."""
    status = 1 if event_document(doc)["problems"] else 0
    if args.csv or args.players:
        return (players_csv if args.players else results_csv)(doc).encode("utf-8"), status
    template = args.table_url
    if template is not None and TABLE_SLOT not in template:
        raise _Unreadable(f"--table-url: the link needs {TABLE_SLOT} for the table's number")
    from scorekeeper.pdf import print_event_paper

    def table_url(number: int) -> str:
        return str(template).replace(TABLE_SLOT, str(number))

    try:
        pdf = print_event_paper(args.paper_kind, doc, LANGS.get(args.lang or "en", "en"),
                                args.paper, table_url if template else None, args.turn)
    except ValueError as err:  # a turn the event does not have
        raise _Unreadable(f"--turn: {err}") from None
    return pdf, status


def _write(data: bytes, path: str) -> None:
    """The file to ``path``, or to standard output for ``-``."""
    if path == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
        return
    try:
        with open(path, "wb") as handle:
            handle.write(data)
    except OSError as err:
        raise _Unreadable(f"{path}: {err.strerror or err}") from None


def _read_json(path: str) -> Any:
    """The JSON document of the file at ``path`` (``-``: standard input), read as the web
    reads the files it takes (``incoming``: at most ``MOST_BYTES``, UTF-8, nested a few
    levels, every text printable), naming the file when it cannot be read."""
    return read_json(read_file(path), MOST_BYTES, path if path != "-" else None)


def _house_rules(args: argparse.Namespace) -> Profile | None:
    """The profile document of ``--profile-file``, read (None without one)."""
    path = getattr(args, "profile_file", None)
    return None if path is None else read_profile(_read_json(path))


def _export(profile_id: str) -> dict[str, Any]:
    """A built-in profile as a profile document, named in English."""
    doc = export_profile(get_profile(profile_id))
    doc["name"] = str(PROFILE_NAMES.get(profile_id, profile_id))
    if sys.stderr.isatty():  # someone at a terminal, about to edit it: how, in one line
        print(f'scorekeeper: to play your own numbers, change "id" to one of your own '
              f'(keep "base": "{profile_id}") and read it with --profile-file FILE',
              file=sys.stderr)
    return doc


def _grades(paths: Sequence[str]) -> dict[str, Any]:
    """``grades``: every file's results graded in the order given (docs/contract.md,
    "Grades"); a file that cannot be read stops the command, named."""
    if len(paths) > MAX_EVENINGS:
        raise _Unreadable(f"at most {MAX_EVENINGS} files (a season's most evenings)")
    reading = Reading()
    for path in paths:
        try:
            read_into(_read_json(path), reading)
        except InputError as err:
            raise _InFile(path, err) from None
    return reading.document()


def run(args: argparse.Namespace) -> tuple[dict[str, Any] | None, int]:
    """The command's JSON answer and exit status; no answer when the command wrote a
    file of its own (``event --print``, ``event --csv``)."""
    house = _house_rules(args)
    if args.command == "check":
        where = unshowable(list(args.melds), "melds")
        if where is not None:
            raise InputError("not-text", field=where)
        doc = check_document(args.melds, house or args.profile, args.before, args.in_one_go)
    elif args.command == "profiles":
        return (_export(args.export) if args.export else profiles_document()), 0
    elif args.command == "grades":
        return _grades(args.files), 0
    else:
        handler = {"score": score_document, "match": match_document, "burro": burro_document,
                   "event": event_document}
        given = _read_json(args.file)
        if house is not None and isinstance(given, dict):
            given = {**given, "profile": house}
        if getattr(args, "paper_kind", None) or getattr(args, "csv", False) or getattr(
                args, "players", False):
            data, status = _event_file(args, given)
            _write(data, args.output)
            return None, status
        doc = handler[args.command](given)
    return doc, 0 if not doc.get("problems") and doc.get("valid", True) else 1


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in ("serve", "db"):
        from scorekeeper.server import main as server_main

        return server_main(argv)
    gettext: Callable[[str], str] = str
    try:
        args = _parser().parse_args(argv)
        gettext = translator(args.lang)
        doc, status = run(args)
        if doc is None:
            return status
    except _Unreadable as err:
        print(f"scorekeeper: {err}", file=sys.stderr)
        return 2
    except InputError as err:
        print(f"scorekeeper: {input_error_message(err, gettext)}", file=sys.stderr)
        return 2
    except _InFile as err:
        said = input_error_message(err.error, gettext)
        where = "" if err.error.params.get("field") == err.path else f"{err.path}: "
        print(f"scorekeeper: {where}{said}", file=sys.stderr)
        return 2
    except RecursionError:
        print("scorekeeper: the input is nested too deeply", file=sys.stderr)
        return 2
    text = json.dumps(localize(doc, gettext), ensure_ascii=False, indent=2) + "\n"
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader went away (`… | head`): not an error of the input. Python's own
        # flush at exit must not fail again on the closed pipe.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return status


if __name__ == "__main__":
    sys.exit(main())
