"""The app on the phone (scorekeeper/web/offline.py): the manifest, the service worker and
the offline page, each in every language."""

from __future__ import annotations

import json
import re

import pytest
from web_support import worker_config

from scorekeeper.i18n import LOCALES

OFFLINE_TITLES = {"en": "The server cannot be reached", "fr": "Le serveur est injoignable",
                  "pt_BR": "Não foi possível falar com o servidor",
                  "pt_PT": "Não é possível contactar o servidor", "it": "Il server non risponde"}
SHORT_NAMES = {"en": "Scores", "fr": "Marque", "pt_BR": "Placar", "pt_PT": "Pontuação",
               "it": "Punteggi"}


def test_the_service_worker_keeps_every_static_file_under_their_digest(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    script = response.get_data(as_text=True)
    config = worker_config(script)
    version = config["version"]
    assert re.fullmatch(r"[0-9a-f]{12}", version)
    assets, pages = config["assets"], config["pages"]
    assert len(assets) == 20  # 13 scripts, 3 stylesheets (the big screen's its own), 4 icons
    assert pages == [f"/offline/{code}" for code in LOCALES]
    # the worker's own code: plain static files under the same digest, in order
    imported = json.loads("[" + script.split("importScripts(")[1].split(");")[0] + "]")
    assert imported == [f"/static/js/sw/{name}.js?v={version}"
                        for name in ("queue", "setup", "router", "main")]
    assert config["token"] == "/form-token"
    for url in assets + imported:
        assert url.endswith(f"?v={version}"), url
        with client.get(url) as asset:
            assert asset.status_code == 200, url
    # the pages link the same files under the same digest, so the worker's copies serve them
    home = client.get("/").get_data(as_text=True)
    assert f"/static/css/app.css?v={version}" in home
    assert f"/static/js/app.js?v={version}" in home


@pytest.mark.parametrize("code", LOCALES)
def test_the_manifest_and_the_offline_page_speak_each_language(client, code):
    manifest = client.get(f"/manifest/{code}.webmanifest")
    assert manifest.status_code == 200
    assert manifest.mimetype == "application/manifest+json"
    doc = json.loads(manifest.get_data(as_text=True))
    assert doc["short_name"] == SHORT_NAMES[code]
    assert doc["lang"] == code.replace("_", "-")
    assert doc["display"] == "standalone"
    assert [i["sizes"] for i in doc["icons"]] == ["192x192", "512x512", "512x512", "any"]
    page = client.get(f"/offline/{code}").get_data(as_text=True)
    assert f'<html lang="{code.replace("_", "-")}">' in page
    assert f"<h1>{OFFLINE_TITLES[code]}</h1>" in page
    # every page names the manifest of its own language
    client.get(f"/lang/{code}?next=/")
    assert f'href="/manifest/{code}.webmanifest"' in client.get("/").get_data(as_text=True)


def test_unknown_languages_lead_nowhere(client):
    assert client.get("/manifest/xx.webmanifest").status_code == 404
    assert client.get("/offline/xx").status_code == 404
