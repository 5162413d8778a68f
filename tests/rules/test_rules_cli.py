"""The ``scorekeeper`` command (contract.md): exit statuses 0/1/2 and the JSON it prints."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.cli import main

DEAL_465 = {"profile": "buraco-aberto", "sides": [
    {"name": "Nós", "counts": {"table_points": 180, "clean": 1}, "hand_points": 15,
     "morto": "taken", "went_out": True},
    {"name": "Eles", "melds": ["3C 4C 5C"], "hand": ["KH"], "morto": "taken"}]}


def run(capsys, monkeypatch, argv: list[str], stdin: object = None) -> tuple[int, str, str]:
    if stdin is not None:
        text = stdin if isinstance(stdin, str) else json.dumps(stdin)
        monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_check_issue_example(capsys, monkeypatch):
    """issue 2 / seed 001 §09: 45 points, clean, bonus 200."""
    status, out, err = run(capsys, monkeypatch,
                           ["check", "--profile", "buraco-aberto", "3H 4H 5H 6H 7H 8H 9H"])
    assert status == 0
    assert err == ""
    meld = json.loads(out)["melds"][0]
    assert (meld["points"], meld["category"], meld["bonus"]) == (45, "clean", 200)
    assert json.loads(out)["opening"] is None


def test_score_465_from_stdin(capsys, monkeypatch):
    """seed 001 §09: the 465 deal through ``scorekeeper score -``."""
    status, out, err = run(capsys, monkeypatch, ["score", "-"], DEAL_465)
    assert status == 0
    assert err == ""
    doc = json.loads(out)
    assert [s["total"] for s in doc["sides"]] == [465, 5]
    assert doc["problems"] == []


def test_score_from_file(capsys, monkeypatch, tmp_path: Path):
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(DEAL_465), encoding="utf-8")
    status, out, _ = run(capsys, monkeypatch, ["score", str(path)])
    assert status == 0
    assert json.loads(out)["sides"][0]["total"] == 465


# id, source, argv, stdin document, code expected under problems
RULE_BROKEN = [
    ("check-set-in-aberto", "seed 001 §04: groups forbidden", ["check", "7S 7H 7D"], None,
     "sets-not-allowed"),
    ("check-opening", "seed 001 §05: 75 at 1500", ["check", "--before", "1500", "3H 4H 5H"],
     None, "opening-below-minimum"),
    ("check-card-count", "contract.md check: more copies than two decks hold",
     ["check", "3H 4H 5H", "3H 4H 5H", "3H 4H 5H"], None, "impossible-card-count"),
    ("score-cannot-go-out", "seed 001 §06", ["score", "-"], {"sides": [
        {"counts": {"table_points": 100, "dirty": 1}, "morto": "taken", "went_out": True},
        {"counts": {"table_points": 0}, "morto": "taken"}]}, "cannot-go-out"),
    ("score-several-out", "contract.md score", ["score", "-"], {"sides": [
        {"counts": {"table_points": 100, "clean": 1}, "morto": "taken", "went_out": True},
        {"counts": {"table_points": 100, "clean": 1}, "morto": "taken", "went_out": True}]},
     "several-went-out"),
    ("score-unused-burraco", "rules.md: unused only in Buraco Aberto", ["score", "-"],
     {"profile": "burraco", "sides": [{"morto": "unused"}, {"morto": "taken"}]},
     "morto-unused-not-allowed"),
    ("score-off-step", "seed 001 §07: every card worth 5, 10, 15 or 20", ["score", "-"],
     {"sides": [{"counts": {"table_points": 183}, "morto": "taken"}, {"morto": "taken"}]},
     "off-step-count"),
    ("match-off-step", "seed 004: Burraco's cards worth multiples of 5", ["match", "-"],
     {"profile": "burraco", "sides": ["A", "B"], "deals": [{"sides": [
         {"counts": {"table_points": 200}, "hand_points": 42, "morto": "taken"},
         {"morto": "taken"}]}]}, "off-step-count"),
    ("match-over", "contract.md match", ["match", "-"], {"target": 100, "sides": ["A", "B"],
     "deals": [{"sides": [{"counts": {"table_points": 200}, "morto": "taken"},
                          {"morto": "taken"}]}] * 2}, "match-over"),
    ("burro-unknown", "contract.md burro", ["burro", "-"],
     {"players": ["Ana", "Bia", "Caio"], "rounds": [{"loser": "Zed"}]}, "unknown-player"),
    ("burro-player-count", "seed 002 Joueurs", ["burro", "-"],
     {"players": ["Ana", "Bia"], "rounds": []}, "player-count"),
]


@pytest.mark.parametrize(("source", "argv", "stdin", "code"),
                         [pytest.param(*row[1:], id=row[0]) for row in RULE_BROKEN])
def test_exit_1(capsys, monkeypatch, source, argv, stdin, code):
    """contract.md: readable but breaks a rule: exit 1, the JSON says which."""
    status, out, err = run(capsys, monkeypatch, argv, stdin)
    assert status == 1, source
    doc = json.loads(out)
    codes = {p["code"] for p in doc.get("problems", [])}
    codes |= {p["code"] for m in doc.get("melds", []) for p in m["problems"]}
    assert code in codes, source
    for problem in doc.get("problems", []):
        assert problem["message"]  # contract.md: {"code", "message"}


# id, source, argv, stdin text, a word the one line on stderr must name
UNREADABLE = [
    ("unknown-card", "contract.md: naming the token", ["check", "3H 4X 5H"], None, "4X"),
    ("marked-joker", "contract.md Cards: only a 2 carries the trailing *",
     ["check", "JK* 4S 5S"], None, "JK*"),
    ("unknown-profile", "contract.md: unknown profile", ["check", "--profile", "rummy",
                                                         "3H 4H 5H"], None, "rummy"),
    ("bad-json", "contract.md: bad JSON", ["score", "-"], "{not json", "JSON"),
    ("missing-morto", "contract.md: missing field", ["score", "-"],
     json.dumps({"sides": [{"hand_points": 0}, {"morto": "taken"}]}), "morto"),
    ("bad-hand-card", "contract.md: naming the token", ["score", "-"],
     json.dumps({"sides": [{"morto": "taken", "hand": ["QQ"]}, {"morto": "taken"}]}), "QQ"),
    ("match-side-count", "contract.md match: a deal with a different number of sides",
     ["match", "-"], json.dumps({"profile": "buraco-classico", "sides": ["A", "B", "C"],
                                 "deals": [{"sides": [{"morto": "taken"},
                                                      {"morto": "taken"}]}]}), "sides"),
    ("burro-no-players", "contract.md burro: missing field", ["burro", "-"],
     json.dumps({"rounds": []}), "players"),
    ("no-such-file", "contract.md: a file path", ["score", "/nonexistent/deal.json"], None,
     "deal.json"),
    ("bad-option", "contract.md check: --before N", ["check", "--before", "many", "3H 4H 5H"],
     None, "many"),
]


@pytest.mark.parametrize(("source", "argv", "stdin", "named"),
                         [pytest.param(*row[1:], id=row[0]) for row in UNREADABLE])
def test_exit_2(capsys, monkeypatch, source, argv, stdin, named):
    """contract.md: unreadable input: exit 2, one line on stderr naming the field or token,
    nothing on stdout."""
    status, out, err = run(capsys, monkeypatch, argv, stdin)
    assert status == 2, source
    assert out == ""
    lines = err.strip("\n").split("\n")
    assert len(lines) == 1, err
    assert named in lines[0], source
    assert "Traceback" not in err


def test_console_script_end_to_end():
    """The installed console script, in a real process (exit status and JSON)."""
    exe = shutil.which("scorekeeper", path=str(Path(sys.executable).parent))
    assert exe is not None
    done = subprocess.run([exe, "score", "-"], input=json.dumps(DEAL_465), text=True,
                          capture_output=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["sides"][0]["total"] == 465
    bad = subprocess.run([exe, "check", "3H 4H 1Z"], text=True, capture_output=True,
                         timeout=60, check=False)
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert bad.stderr.count("\n") == 1
    assert "1Z" in bad.stderr


def test_profiles_command(capsys, monkeypatch):
    """issue 2: each profile describes itself as data."""
    status, out, _ = run(capsys, monkeypatch, ["profiles"])
    assert status == 0
    ids = {p["id"] for p in json.loads(out)["profiles"]}
    assert ids == {"buraco-aberto", "buraco-fechado", "burraco", "buraco-classico"}


@pytest.mark.parametrize(("argv", "category", "bonus"), [
    pytest.param(["check", "--profile", "buraco-fechado", "--in-one-go",
                  "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"], "clean-500", 500,
                 id="fechado-500-in-one-go"),
    pytest.param(["check", "--profile", "buraco-fechado",
                  "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"], "clean", 200,
                 id="fechado-500-over-turns"),
    pytest.param(["check", "--profile", "buraco-classico", "3H 4H 5H 6H 7H 8H 9H JK"],
                 "semi-clean", 150, id="classico-semi-clean"),
])
def test_check_profiles(capsys, monkeypatch, argv, category, bonus):
    """seed 003 Canastas (--in-one-go); seed 000 Décompte (semi-pur)."""
    status, out, _ = run(capsys, monkeypatch, argv)
    assert status == 0
    meld = json.loads(out)["melds"][0]
    assert (meld["category"], meld["bonus"]) == (category, bonus)


def test_a_lone_surrogate_is_one_line_and_exit_2():
    """JSON may carry "\\ud800", which no output can print: unreadable input, named."""
    exe = shutil.which("scorekeeper", path=str(Path(sys.executable).parent))
    assert exe is not None
    doc = ('{"profile": "buraco-aberto", "sides": [{"name": "\\ud800", "morto": "taken", '
           '"counts": {"table_points": 10}}, {"morto": "taken", "counts": {"table_points": 0}}]}')
    done = subprocess.run([exe, "score", "-"], input=doc, text=True, capture_output=True,
                          timeout=60, check=False)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == ("scorekeeper: “sides[0].name” holds a character no page can show "
                           "(NUL or a lone surrogate)\n")
    assert "Traceback" not in done.stderr


# --- house rules (contract.md "House rules") -------------------------------------------

HOUSE = {"id": "familia", "base": "buraco-aberto", "name": "Casa da vó",
         "params": {"card_points": {"joker": 50}, "target": 5000, "going_out": {"bonus": 200}}}


def test_profiles_export_prints_a_document_that_reads_back(capsys, monkeypatch, tmp_path):
    status, out, err = run(capsys, monkeypatch, ["profiles", "--export", "buraco-fechado"])
    assert (status, err) == (0, "")
    doc = json.loads(out)
    assert (doc["id"], doc["base"], doc["name"]) == (
        "buraco-fechado", "buraco-fechado", "Buraco Fechado (Brazilian, closed)")
    assert doc["params"]["card_points"]["joker"] == 50  # seed 003 "Score"
    assert doc["params"]["long_canastras"] == "ace-to-king-in-one-go"
    # read back through --profile-file: the built-in profile, the same verdicts
    path = tmp_path / "fechado.json"
    path.write_text(out, encoding="utf-8")
    melds = ["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"]
    _, by_file, _ = run(capsys, monkeypatch, ["check", "--profile-file", str(path),
                                              "--in-one-go", *melds])
    _, by_id, _ = run(capsys, monkeypatch, ["check", "--profile", "buraco-fechado",
                                            "--in-one-go", *melds])
    assert json.loads(by_file) == json.loads(by_id)
    assert json.loads(by_file)["melds"][0]["bonus"] == 500
    status, _, err = run(capsys, monkeypatch, ["profiles", "--export", "canasta"])
    assert status == 2
    assert err.strip() == "scorekeeper: Unknown rule profile “canasta”"


def test_an_export_edited_at_a_terminal_says_how_to_become_house_rules(
        capsys, monkeypatch, tmp_path):
    """Edited in its numbers only, an export keeps a built-in id and is refused, with the
    way out; the export said it first, to someone at a terminal."""
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    status, out, err = run(capsys, monkeypatch, ["profiles", "--export", "burraco"])
    assert status == 0
    assert err.strip() == ('scorekeeper: to play your own numbers, change "id" to one of your '
                           'own (keep "base": "burraco") and read it with --profile-file FILE')
    doc = json.loads(out)
    doc["params"]["target"] = 1505
    path = tmp_path / "ours.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    status, _, err = run(capsys, monkeypatch, ["check", "--profile-file", str(path), "3H 4H 5H"])
    assert status == 2
    assert "give these rules an id of their own" in err
    path.write_text(json.dumps({**doc, "id": "casa"}), encoding="utf-8")
    status, out, _ = run(capsys, monkeypatch, ["check", "--profile-file", str(path), "3H 4H 5H"])
    assert (status, json.loads(out)["profile"]) == (0, "casa")


def test_a_file_that_is_not_json_is_named(capsys, monkeypatch, tmp_path):
    """contract.md: the message names the offending field or token; with a profile's file
    and a document's, the one that is not JSON is named."""
    rules, deal = tmp_path / "rules.json", tmp_path / "deal.json"
    rules.write_text('{"id": "casa",', encoding="utf-8")
    deal.write_text(json.dumps(DEAL_465), encoding="utf-8")
    status, out, err = run(capsys, monkeypatch, ["score", "--profile-file", str(rules),
                                                 str(deal)])
    assert (status, out) == (2, "")
    assert err.strip().endswith(f"{rules}: The input is not valid JSON: line 1 column 15: "
                                "Expecting property name enclosed in double quotes")


def test_check_score_and_match_with_house_rules(capsys, monkeypatch, tmp_path):
    path = tmp_path / "house.json"
    path.write_text(json.dumps(HOUSE), encoding="utf-8")
    # a dirty canastra with a joker worth 50: 3+4 (10) + 50 + 6…9 (5+5+10+10) = 90
    status, out, _ = run(capsys, monkeypatch, ["check", "--profile-file", str(path),
                                               "3H 4H JK 6H 7H 8H 9H"])
    meld = json.loads(out)["melds"][0]
    assert (status, json.loads(out)["profile"], meld["points"], meld["bonus"]) == (
        0, "familia", 90, 100)
    # the 465 deal: going out is worth the family's 200, so 565
    status, out, _ = run(capsys, monkeypatch, ["score", "--profile-file", str(path), "-"],
                         DEAL_465)
    assert (status, [s["total"] for s in json.loads(out)["sides"]]) == (0, [565, 5])
    # the profile document inside the match document: 565 is far from 5000
    match = {"profile": HOUSE, "sides": ["Nós", "Eles"],
             "deals": [{k: v for k, v in DEAL_465.items() if k != "profile"}]}
    status, out, _ = run(capsys, monkeypatch, ["match", "-"], match)
    doc = json.loads(out)
    assert (status, doc["profile"], doc["totals"], doc["status"]) == (
        0, "familia", [565, 5], "in-progress")


@pytest.mark.parametrize(("doc", "said"), [
    pytest.param({**HOUSE, "params": {"card_points": {"jokr": 50}}},
                 "params.card_points.jokr : Paramètre inconnu", id="unknown"),
    pytest.param({**HOUSE, "params": {"bonuses": {"clean": -5}}},
                 "params.bonuses.clean : «\u202f-5\u202f» n’est pas valable ici (attendu : un "
                 "nombre entier de 0 à 10000)", id="range"),
    pytest.param({**HOUSE, "params": {"target": 1200}},
                 "params.vulnerability.from : Impossible de jouer avec ces règles : les "
                 "camps deviendraient vulnérables à 1500, seuil qui n’est pas inférieur à "
                 "l’objectif (1200)", id="inconsistent"),
])
def test_a_bad_profile_document_exits_2_naming_the_parameter(capsys, monkeypatch, tmp_path,
                                                            doc, said):
    path = tmp_path / "house.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    status, out, err = run(capsys, monkeypatch, ["check", "--lang", "fr", "--profile-file",
                                                 str(path), "3H 4H 5H"])
    assert (status, out) == (2, "")
    assert err.strip() == f"scorekeeper: {said}".replace(" :", "\u202f:")


# --- files read as the web reads its imports (scorekeeper.incoming) ---------------------

EVENT = {"name": "Venerdì", "profile": "burraco", "deals_per_turn": 2,
         "entrants": [{"id": 1, "name": "Rossi"}, {"id": 2, "name": "Verdi"}],
         "plan": [{"movement": "mitchell"}]}


@pytest.mark.parametrize(("argv", "stdin", "said"), [
    pytest.param(["check", "--profile-file", "/dev/zero", "3H 4H 5H"], None,
                 "scorekeeper: /dev/zero: The file is larger than 12 MiB, the most that is read",
                 id="endless-file"),
    pytest.param(["event", "-"], {**EVENT, "name": "V" * 1_000_000},
                 "scorekeeper: name: “VVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVVV...” is not valid "
                 "here (expected text of 0 to 120 characters)", id="event-name-of-1-mb"),
    pytest.param(["event", "-"], {**EVENT, "entrants": [{"id": 1, "name": "R" * 81}]},
                 "scorekeeper: entrants[0].name: “RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR...” is "
                 "not valid here (expected text of 0 to 80 characters)", id="entrant-name"),
    pytest.param(["event", "-"], "[" * 5000 + "]" * 5000,
                 "scorekeeper: The document is nested more than 32 levels deep",
                 id="nested-5000-deep"),
    pytest.param(["event", "-"], {**EVENT, "plan": [{"movement": "mitchell",
                                                     "x": json.loads("[" * 40 + "]" * 40)}]},
                 "scorekeeper: The document is nested more than 32 levels deep",
                 id="nested-40-deep"),
    pytest.param(["event", "-"], {**EVENT, "name": "Vener\x00dì"},
                 "scorekeeper: “name” holds a character no page can show (NUL or a lone "
                 "surrogate)", id="nul"),
    pytest.param(["event", "-"], '{"name": "V", "bye_vp": NaN}',
                 "scorekeeper: The input is not valid JSON: NaN is not a number of JSON",
                 id="nan"),
    pytest.param(["check", "3H 4\udc80 5H"], None,
                 "scorekeeper: “melds[0]” holds a character no page can show (NUL or a lone "
                 "surrogate)", id="undecodable-argument"),
])
def test_a_file_the_web_would_refuse_is_one_line_and_exit_2(capsys, monkeypatch, argv, stdin,
                                                            said):
    """The command reads at most the web's largest upload, nested a few levels, every text
    printable, and an evening's names within the forms' bounds: anything else is one line
    naming what is wrong, never a traceback or a MemoryError."""
    status, out, err = run(capsys, monkeypatch, argv, stdin)
    assert (status, out) == (2, "")
    assert err == said + "\n"


def test_an_evening_file_the_web_exports_reads_in_the_command(capsys, monkeypatch, tmp_path):
    """A byte order mark (a file saved by Notepad) is read past; the standings come."""
    path = tmp_path / "evening.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(EVENT).encode())
    status, out, err = run(capsys, monkeypatch, ["event", str(path)])
    assert (status, err) == (0, "")
    assert [s["name"] for s in json.loads(out)["standings"]] == ["Rossi", "Verdi"]
