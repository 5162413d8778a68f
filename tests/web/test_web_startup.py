"""``scorekeeper serve`` and ``scorekeeper db upgrade`` that cannot start say why in one
line, with what to do, and end with status 2 (configuration that cannot be read) or 1
(the database or the port refused): never a traceback, never a password."""

from __future__ import annotations

import socket

import pytest

from scorekeeper import server


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _start(monkeypatch, capsys, url: str | None, *options: str, command: str = "serve"):
    if url is not None:
        monkeypatch.setenv("DATABASE_URL", url)
    argv = ["db", "upgrade"] if command == "db" else ["serve", *options]
    status = server.main(argv)
    said = capsys.readouterr()
    assert "Traceback" not in said.err
    return status, said.err


CLOSED = _free_port()  # nothing listens there: a PostgreSQL server that is not running


@pytest.mark.parametrize(("url", "status", "said"), [
    (f"postgresql+psycopg://club:sekrit@127.0.0.1:{CLOSED}/scores", 1,
     f"scorekeeper: the database of DATABASE_URL 'postgresql+psycopg://club:***@127.0.0.1:"
     f"{CLOSED}/scores' cannot be reached: connection failed: "),
    ("sqlite:////no/such/folder/scores.sqlite3", 1,
     "scorekeeper: the SQLite file /no/such/folder/scores.sqlite3 cannot be opened: its "
     "folder must exist and be writable\n"),
    ("scores.sqlite3", 2,
     "scorekeeper: DATABASE_URL 'scores.sqlite3' is not a database address: write it as "
     "postgresql://user:password@host/database, or sqlite:////full/path/to/file.sqlite3\n"),
    ("mysql://club:sekrit@localhost/scores", 2,
     "scorekeeper: DATABASE_URL 'mysql://club:***@localhost/scores' names a database "
     "Scorekeeper does not run on (mysql): it runs on SQLite (the default) and PostgreSQL\n"),
    ("postgresql+pg8000://club:sekrit@localhost/scores", 2,
     "scorekeeper: the driver of DATABASE_URL 'postgresql+pg8000://club:***@localhost/scores'"
     " is not installed (pg8000): `make run DATABASE_URL=…` installs PostgreSQL's, as does "
     "pip install 'scorekeeper[postgres]'\n"),
], ids=["unreachable", "no folder", "not a URL", "unknown database", "no driver"])
@pytest.mark.parametrize("command", ["serve", "db"])
def test_a_database_that_cannot_be_used_is_said_in_one_line(
        monkeypatch, capsys, url, status, said, command):
    ended, err = _start(monkeypatch, capsys, url, "--port", str(_free_port()),
                        command=command)
    assert ended == status
    assert err.startswith(said)
    assert err.count("\n") == 1
    assert "sekrit" not in err


def test_a_port_taken_is_said_before_the_warm_up(monkeypatch, capsys, db_url):
    warmed = []
    monkeypatch.setattr(server, "_warm", lambda app: warmed.append(app) or app)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        status, err = _start(monkeypatch, capsys, db_url, "--port", str(port))
    assert status == 1
    assert err == (f"scorekeeper: port {port} is taken on 127.0.0.1: another program "
                   "(another Scorekeeper?) listens there. Stop it, or choose another port "
                   "with --port\n")
    assert warmed == []


@pytest.mark.parametrize("host", ["192.0.2.1", "nowhere.invalid"])
def test_an_address_of_another_machine_is_said(monkeypatch, capsys, db_url, host):
    status, err = _start(monkeypatch, capsys, db_url, "--host", host, "--port", "8000")
    assert status == 1
    assert err == (f"scorekeeper: {host} is not an address of this machine: --host 0.0.0.0 "
                   "serves every network it is on, 127.0.0.1 this machine alone\n")


@pytest.mark.parametrize(("option", "value", "said"), [
    ("--port", "0", "argument --port: 0 is not from 1 to 65535"),
    ("--port", "70000", "argument --port: 70000 is not from 1 to 65535"),
    ("--threads", "100000", "argument --threads: 100000 is not from 1 to 256"),
    ("--workers", "0", "argument --workers: 0 is not from 1 to 64"),
    ("--proxies", "-1", "argument --proxies: -1 is not from 0 to 8"),
    ("--port", "²", "argument --port: not a whole number: '²'"),
])
def test_options_out_of_range_are_refused_by_name(capsys, option, value, said):
    with pytest.raises(SystemExit) as ended:
        server.main(["serve", option, value])
    assert ended.value.code == 2
    assert said in capsys.readouterr().err


@pytest.mark.parametrize(("lang", "said"), [
    ("fr", "scorekeeper: le port {port} est pris sur 127.0.0.1\u202f: un autre programme (un "
           "autre Scorekeeper\u202f?) y écoute. Arrêtez-le, ou choisissez un autre port avec "
           "--port\n"),
    ("pt_BR", "scorekeeper: a porta {port} está ocupada em 127.0.0.1: outro programa (outro "
              "Scorekeeper?) escuta nela. Pare-o, ou escolha outra porta com --port\n"),
    ("pt_PT", "scorekeeper: a porta {port} está ocupada em 127.0.0.1: outro programa (outro "
              "Scorekeeper?) está à escuta nela. Pare-o, ou escolha outra porta com --port\n"),
    ("it", "scorekeeper: la porta {port} è occupata su 127.0.0.1: un altro programma (un "
           "altro Scorekeeper?) è in ascolto. Fermalo, o scegli un’altra porta con --port\n"),
])
def test_the_command_speaks_the_language_asked_for(monkeypatch, capsys, db_url, lang, said):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        status, err = _start(monkeypatch, capsys, db_url, "--port", str(port), "--lang", lang)
    assert status == 1
    assert err == said.format(port=port)


def test_db_upgrade_says_it_in_the_language_asked_for(monkeypatch, capsys, db_url):
    monkeypatch.setenv("DATABASE_URL", db_url)
    assert server.main(["db", "upgrade", "--lang", "it"]) == 0
    assert capsys.readouterr().out == "database aggiornato\n"


@pytest.fixture
def config(monkeypatch, tmp_path, db_url):
    """instance/config.py as the test writes it: the app's instance folder is ``tmp_path``."""
    from flask import Flask

    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda self: str(tmp_path))
    monkeypatch.setenv("DATABASE_URL", db_url)
    return tmp_path / "config.py"


@pytest.mark.parametrize(("text", "said"), [
    ("SECRET_KEY = 'ours'\nWORKERS = two\n",
     "cannot be read, line 2: NameError: name 'two' is not defined\n"),
    ("WORKERS = (\n", "cannot be read, line 1: SyntaxError: "),
])
def test_a_configuration_file_that_cannot_be_read_names_its_line(
        capsys, config, text, said):
    config.write_text(text, encoding="utf-8")
    assert server.main(["serve", "--port", str(_free_port())]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"scorekeeper: {config} {said}")
    assert "Traceback" not in err


@pytest.mark.parametrize(("text", "said"), [
    ("WORKERS = 1000\n", "WORKERS in instance/config.py must be a whole number from 1 to 64, "
                         "not 1000"),
    ("WORKERS = '2'\n", "WORKERS in instance/config.py must be a whole number from 1 to 64, "
                        "not '2'"),
    ("PROXIES = -1\n", "PROXIES in instance/config.py must be a whole number from 0 to 8, "
                       "not -1"),
    ("PROXIES = True\n", "PROXIES in instance/config.py must be a whole number from 0 to 8, "
                         "not True"),
])
def test_a_setting_out_of_its_bounds_is_refused_by_name(capsys, config, text, said):
    config.write_text(text, encoding="utf-8")
    assert server.main(["serve", "--port", str(_free_port())]) == 2
    assert capsys.readouterr().err == f"scorekeeper: {said}\n"


def test_a_setting_within_its_bounds_is_taken(monkeypatch, capsys, config):
    from scorekeeper import processes

    config.write_text("WORKERS = 3\n", encoding="utf-8")
    seen = {}
    monkeypatch.setattr(processes, "supervise",
                        lambda run, workers, gettext: seen.update(workers=workers) or 0)
    assert server.main(["serve", "--port", str(_free_port())]) == 0
    assert seen == {"workers": 3}
