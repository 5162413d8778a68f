"""The JSON API fuzzed through the real server, its memory capped: nothing a request holds
makes it answer 5xx, run out of memory or die.

``scorekeeper serve`` runs in a process of its own on 127.0.0.1, its address space
capped at 1 GB (``RLIMIT_AS``, as ``prlimit --as`` sets it): a request that made the
referee allocate without bound would end in ``MemoryError`` (a 500) or the process's
death, never in the machine's swap. Schemathesis then sends it requests generated from
its own ``/api/v1/openapi.json`` over HTTP (the description's examples, each
constraint's edges, then documents valid and invalid alike: a few per operation, a fixed
seed, within a time budget), checking that no answer is a server error, nor a referee's
own fault answered as unreadable (the server answers a TypeError, ValueError, KeyError or
AttributeError of the referee with 400 and logs it: its log must hold none); then hostile
documents made by hand (numbers no float holds, an integer of 4,000 digits, arrays nested
past any parser's depth, a body just under and one over the API's limit), each refused
as unreadable (400), too large (413) or against a rule (422). The server must still
answer at the end.
"""

from __future__ import annotations

import http.client
import json
import os
import resource
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.generation.hypothesis.builder import (
    HypothesisTestConfig,
    HypothesisTestMode,
    create_test,
)
from web_support import scaled, stop_server

SCOREKEEPER = Path(sys.executable).with_name("scorekeeper")
MEMORY_CAP = 1 << 30  # bytes of address space
EXAMPLES = 8  # generated documents per operation and phase
BUDGET = 60.0  # seconds for the generated requests of every operation together
SEED = 20261202


def _cap_memory() -> None:  # pragma: no cover - runs in the child before exec
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _post(port: int, path: str, body: bytes) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=scaled(60))
    try:
        conn.request("POST", path, body=body, headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def _answers(port: int) -> bool:
    """The server answers a real request: the profiles, as data."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=scaled(20))
    try:
        conn.request("GET", "/api/v1/profiles")
        response = conn.getresponse()
        return response.status == 200 and b"buraco" in response.read()
    except OSError:
        return False
    finally:
        conn.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[subprocess.Popen[bytes],
                                                                     int]]:
    """``scorekeeper serve`` on a fresh SQLite file, its memory capped; its port."""
    folder = tmp_path_factory.mktemp("fuzz")
    port = _free_port()
    with (folder / "server.log").open("wb") as log:
        process = subprocess.Popen(
            [str(SCOREKEEPER), "serve", "--port", str(port)],
            env={**os.environ, "DATABASE_URL": f"sqlite:///{folder / 'fuzz.sqlite3'}"},
            preexec_fn=_cap_memory, stdout=subprocess.DEVNULL, stderr=log)
    deadline = time.monotonic() + scaled(60)
    while not _answers(port):
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            process.wait(timeout=10)
            raise AssertionError("the server did not start under the cap: "
                                 + (folder / "server.log").read_text()[-2000:])
        time.sleep(0.2)
    yield process, port, folder / "server.log"
    stop_server(process)
    assert "MemoryError" not in (folder / "server.log").read_text()
    assert not _faults(folder / "server.log")


#: What the server logs when the referee failed on a document with anything but its own
#: ``InputError`` (web/api.py), which it answers as unreadable (400).
FAULT = "unreadable API input"


def _faults(log: Path) -> list[str]:
    """The referee's own faults the server answered as unreadable input, from its log."""
    return [line for line in log.read_text().splitlines() if FAULT in line]


def test_the_capped_server_gives_no_server_error_to_generated_requests(server):
    process, port, log = server
    loaded = schemathesis.openapi.from_url(f"http://127.0.0.1:{port}/api/v1/openapi.json")
    operations = [result.ok() for result in loaded.get_all_operations()]
    assert {op.path for op in operations} == {"/check", "/score", "/match", "/burro",
                                              "/event", "/grades", "/profiles"}
    statuses: list[int] = []
    stop_at = [0.0]
    for operation in operations:
        stop_at[0] = time.monotonic() + BUDGET / len(operations)  # its share of the budget

        @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                  suppress_health_check=list(HealthCheck))
        def no_server_error(case):
            if time.monotonic() > stop_at[0]:  # a busy machine sends fewer, never fails
                return
            response = case.call_and_validate(checks=[not_a_server_error],
                                              timeout=scaled(30))
            statuses.append(response.status_code)

        create_test(operation=operation, test_func=no_server_error, config=HypothesisTestConfig(
            project=loaded.config, modes=list(HypothesisTestMode), seed=SEED))()
    assert statuses, "schemathesis sent requests"
    assert not [s for s in statuses if s >= 500]
    assert {400, 200} <= set(statuses)
    assert not _faults(log), "the referee failed and the server answered 400"
    assert process.poll() is None
    assert _answers(port)


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def _fill(template: str, value: str) -> str:
    """``template``, raw JSON text, with its ``@`` replaced by ``value``."""
    return template.replace("@", value)


#: A deal document (docs/contract.md), its number of clean canastras left to fill in.
_DEAL = ('{"profile": "buraco-aberto", "sides": [{"name": "N", "counts": {"table_points": '
         '180, "clean": @}, "hand_points": 15, "morto": "taken", "went_out": true}, '
         '{"name": "E", "melds": ["3C 4C 5C"], "hand": ["KS"], "morto": "taken"}]}')
_HUGE = "1" + "0" * 4000  # 10**4000: Python's json reads it (under 4,300 digits)
_HUGER = "9" * 5000  # past the digits Python's json reads at all
_MATCH = '{"profile": "buraco-aberto", "target": 3000, "deals": [@]}'
_CHECK = '{"melds": ["3H 4H 5H"], "before": @}'
_BURRO = '{"players": ["Ana", "Bia", "Caio"], "rounds": @}'

#: Hand-made hostile documents: where each goes, and its body.
HOSTILE = [
    ("score", _fill(_DEAL, "1e308")),
    ("score", _fill(_DEAL, _HUGE)),
    ("score", _fill(_DEAL, _HUGER)),
    ("score", _fill(_DEAL, "-1e999")),
    ("score", _fill(_DEAL.replace('"hand_points": 15', '"hand_points": 1e308'), "1")),
    ("score", _fill(_DEAL.replace('"hand_points": 15', f'"hand_points": {_HUGE}'), "1")),
    ("score", _fill(_DEAL.replace('["KS"]', _nested(50_000)), "1")),
    ("score", _fill(_DEAL.replace('"went_out": true', f'"before": {_HUGE}'), "1")),
    ("score", _nested(100_000)),
    ("match", _fill(_MATCH.replace("3000", "1e308"), _fill(_DEAL, "1"))),
    ("match", _fill(_MATCH.replace("3000", _HUGE), "")),
    ("match", _fill(_MATCH, _fill(_DEAL, _HUGE))),
    ("match", _fill(_MATCH, _nested(50_000))),
    ("check", _fill('{"melds": @}', _nested(100_000))),
    ("check", _fill(_CHECK, _HUGE)),
    ("check", _fill(_CHECK, "1e308")),
    ("check", _fill(_CHECK, "1e999")),
    ("burro", _fill(_BURRO, '[{"loser": 1e308}]')),
    ("burro", _fill(_BURRO, f'[{{"loser": {_HUGE}}}]')),
    ("burro", _fill(_BURRO, _nested(100_000))),
]


@pytest.mark.parametrize(("kind", "body"), HOSTILE,
                         ids=[f"{kind}-{i}" for i, (kind, _b) in enumerate(HOSTILE)])
def test_hostile_documents_are_refused_and_the_server_lives(server, kind, body):
    process, port, log = server
    status, answer = _post(port, f"/api/v1/{kind}", body.encode())
    assert status in (400, 413, 422), answer[:300]
    assert "error" in json.loads(answer) or "problems" in json.loads(answer)
    assert not _faults(log), "the referee failed and the server answered 400"
    assert process.poll() is None
    assert _answers(port)


def _melds(size: int) -> str:
    """A check document of runs of hearts, ``size`` bytes or a little less."""
    meld = '"3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"'
    count = (size - 20) // (len(meld) + 1)
    return _fill('{"melds": [@]}', ",".join([meld] * count))


@pytest.mark.parametrize("kind", ["check", "score", "match", "burro"])
def test_250_kb_of_melds_is_refused_and_a_body_over_the_limit_unread(server, kind):
    """Melds of 250 kB (under the API's 256 KiB) are more cards than two decks hold, or
    a meld longer than any: refused; 300 kB is refused as too large before it is read."""
    process, port, _log = server
    body = _melds(250 * 1024) if kind == "check" else json.dumps(
        {"profile": "buraco-aberto", "sides": [{"melds": [" ".join(["3H"] * 60_000)]}, {}],
         "deals": [], "players": 4})
    status, answer = _post(port, f"/api/v1/{kind}", body.encode())
    assert status in (400, 413, 422), answer[:300]
    status, answer = _post(port, f"/api/v1/{kind}", _melds(300 * 1024).encode())
    assert status == 413
    assert json.loads(answer)["error"]["code"] == "too-large"
    assert process.poll() is None
    assert _answers(port)
