"""The service worker's addresses come from the app's own URL map (scorekeeper/web/swroutes.py):
/sw.js sends each kind's pattern, which reads every address the app builds for it, with its
arguments, and no address of another kind; tests/js/routes.json, the patterns the scripts'
tests read, is what /sw.js sends."""

from __future__ import annotations

import json
import re
from pathlib import Path

from flask import url_for
from web_support import worker_config

from scorekeeper.web.swroutes import ROUTES

ROUTES_JSON = Path(__file__).parent.parent / "js" / "routes.json"
#: Each kind's arguments, as its pages build its address.
ARGUMENTS = {
    "board": {"token": "Ab-9_x"}, "new_deal": {"token": "Ab-9_x"},
    "edit_deal": {"token": "Ab-9_x", "number": 12}, "match_doc": {"token": "Ab-9_x"},
    "burro_round": {"token": "g-1"}, "burro_doc": {"token": "g-1"},
    "table_deal": {"token": "ev_1", "table": 3, "sig": "0a9f", "side": "ns"},
    "table_fix": {"token": "ev_1", "table": 3, "sig": "0a9f", "side": "ew", "number": 4},
}


def _python(pattern: str) -> re.Pattern[str]:
    """A JavaScript pattern of /sw.js as Python reads it (its named groups' syntax)."""
    return re.compile(pattern.replace("(?<", "(?P<"))


def test_the_worker_s_addresses_are_the_app_s_own(app, client):
    sent = worker_config(client.get("/sw.js").get_data(as_text=True))["routes"]
    assert sent == json.loads(ROUTES_JSON.read_text()), "tests/js/routes.json is out of date"
    assert set(sent) == set(ROUTES) == set(ARGUMENTS)
    with app.test_request_context("/"):
        built = {kind: url_for(ROUTES[kind], **ARGUMENTS[kind]) for kind in ROUTES}
    for kind, pattern in sent.items():
        for other, path in built.items():
            found = _python(pattern).match(path)
            if other != kind:
                assert found is None, (kind, path)
                continue
            assert found is not None, (kind, path)
            assert found.groupdict() == {k: str(v) for k, v in ARGUMENTS[kind].items()}
