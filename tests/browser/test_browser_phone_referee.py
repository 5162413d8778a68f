"""The phone's own referee: the project's referee (scorekeeper.rules, through
scorekeeper.phone) on Pyodide in a Web Worker, served from the app's offline pack.

Same code, same answers: every generated request is answered by Chromium's Pyodide and by
CPython, and the documents compared one by one. And with the network gone, the meld
checker's live verdicts come from the phone."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect
from referee_cases import cases
from waiting import until
from warm_referee import START, pack_held

from scorekeeper import phone as referee
from scorekeeper.web import offline

pytestmark = pytest.mark.browser

#: Every request sent to one worker, the answers gathered by id.
ASK_ALL = """async ([url, asked]) => {
  const worker = new Worker(url, {type: "module"});
  const answers = {};
  await new Promise((resolve, reject) => {
    let left = asked.length;
    worker.onerror = (e) => reject(new Error(e.message));
    worker.onmessage = (e) => {
      if (e.data.alive) { return; }  /* it says every second that it is alive */
      answers[e.data.id] = e.data;
      if (--left === 0) { resolve(); }
    };
    asked.forEach((request, id) => worker.postMessage({id, ...request}));
  });
  worker.terminate();
  return JSON.stringify(answers);
}"""


def test_chromium_and_cpython_give_the_same_answer_to_every_request(app, phone, live_server,
                                                                    referee_snapshot):
    app.config["OFFLINE_PACK"] = True
    # the referee as a phone has it after its first start (the next test starts it afresh)
    referee_snapshot.warm(phone.context, live_server)
    phone.set_default_timeout(START)
    phone.goto(live_server + "/rules")
    url = phone.locator('meta[name="referee"]').get_attribute("content")
    asked = cases()
    answers = json.loads(phone.evaluate(ASK_ALL, [url, asked]))
    differences = []
    for n, request in enumerate(asked):
        answer = answers[str(n)]
        expected = referee.respond(request["kind"], request["body"], request["lang"],
                                   request["notation"])
        if {"status": answer["status"], "doc": answer.get("doc")} != expected:
            differences.append((request, answer, expected))
    print(f"phone referee: {len(asked)} documents compared, {len(differences)} differences")
    assert len(asked) >= 1000
    assert differences == [], differences[:2]
    statuses = {answer["status"] for answer in answers.values()}
    assert statuses == {200, 400, 422}


def test_offline_the_meld_checker_asks_the_phone(app, phone, live_server):
    app.config["OFFLINE_PACK"] = True
    phone.set_default_timeout(START)
    phone.goto(live_server + "/lang/fr?next=/check")
    # not a scorer's page: the pack is offered with its size, and comes once asked for
    size = sum(offline._pack_manifest()["files"].values()) / 1e6
    offer = phone.locator("#pack [data-offer]")
    expect(offer).to_contain_text(f"({size:.1f} Mo)\u202f?".replace(".", ","))
    offer.get_by_role("button", name="Installer l’arbitre").tap()
    expect(phone.locator("#pack [data-kept]")).to_have_text(
        "L’arbitre est sur ce téléphone\u202f: les combinaisons sont vérifiées même sans "
        "réseau.", timeout=START)
    phone.wait_for_function("() => navigator.serviceWorker.controller !== null")
    phone.goto(live_server + "/check")  # the service worker fetches the pack once
    version = offline.pack_version()
    pack_held(phone)
    # then Python starts once in the background and keeps its snapshot, so that the
    # first check offline restores it rather than starting afresh
    snapshot = f"scorekeeper-referee-{version}"
    until(phone, "async (name) => (await caches.keys()).includes(name)", snapshot,
          timeout_ms=START, every_ms=1000)
    # a page left while Python was starting took its worker with it: the next page, told
    # that the pack is held already, starts it again, since no snapshot was kept
    assert phone.evaluate("async (name) => await caches.delete(name)", snapshot)
    phone.goto(live_server + "/check")
    until(phone, "async (name) => (await caches.keys()).includes(name)", snapshot,
          timeout_ms=START, every_ms=1000)
    phone.context.set_offline(True)
    try:
        area = phone.locator("textarea").first
        area.fill("RC DC VC\n5P 5C")
        verdicts = phone.locator(".verdicts li")
        expect(verdicts.nth(2)).to_have_text(
            "Vérifié sur ce téléphone\u202f: le serveur est injoignable.", timeout=START)
        expect(verdicts.nth(0)).to_contain_text("\u2713")
        expect(verdicts.nth(1)).to_contain_text("au moins 3 cartes")
    finally:
        phone.context.set_offline(False)
