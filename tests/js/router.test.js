/* What the service worker makes of a request (scorekeeper/static/js/sw/router.js), on
   Node's test runner: how it answers each kind of URL, and which forms go to the outbox
   when the server cannot be reached. */
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const R = require("../../scorekeeper/static/js/sw/router.js");

const ORIGIN = "http://phone.test";
/* what /sw.js tells the worker (web/offline.py), the parts the router reads */
const CONFIG = {pack_path: "/static/pack/", worker: "/static/js/referee.js", new_match: "/matches/new"};

function asked(path, more) {
  return Object.assign({url: (path.indexOf("http") === 0 ? "" : ORIGIN) + path, method: "GET", mode: "cors"},
                       more || {});
}
const route = (path, more) => R.route(asked(path, more), CONFIG, ORIGIN);
const post = (path) => R.formOf({method: "POST"}, path, CONFIG.new_match);

test("a page asked for or a form sent from one is the worker's, whatever its path", () => {
  assert.equal(route("/m/abc", {mode: "navigate"}), "page");
  assert.equal(route("/m/abc/deals/new", {mode: "navigate", method: "POST"}), "page");
  assert.equal(route("/", {mode: "navigate"}), "page");
  assert.equal(route("/static/css/app.css", {mode: "navigate"}), "page");
  assert.equal(route("/m/abc/match.json?x=1", {mode: "navigate"}), "page");
});

test("a match's or a Burro game's document, fetched by a page", () => {
  assert.equal(route("/m/abc/match.json"), "doc");
  assert.equal(route("/m/abc/match.json?v=3"), "doc");
  assert.equal(route("/b/g-1/game.json"), "doc");
  for (const path of ["/m/abc/match.jsonx", "/m/a/b/match.json", "/m//match.json", "/m/abc/matchXjson",
                      "/b/g/game.json/", "/b/g/round.json", "/x/m/abc/match.json"]) {
    assert.equal(route(path), null, path);
  }
  assert.equal(route("/m/abc/match.json", {method: "POST"}), null);
});

test("the offline pack's files and the referee's worker, then the other static files", () => {
  assert.equal(route("/static/pack/pyodide.asm.wasm"), "pack");
  assert.equal(route("/static/pack/referee.zip?v=1"), "pack");
  assert.equal(route("/static/js/referee.js?pack=820c&v=5d0d"), "pack");
  assert.equal(route("/static/js/referee.jsx"), "static");
  assert.equal(route("/static/js/app.js?v=5d0d"), "static");
  assert.equal(route("/static/packing.css"), "static");
  assert.equal(route("/static/pack/referee.zip", {method: "POST"}), null);
  assert.equal(route("/static/css/app.css", {method: "HEAD"}), null);
  for (const path of ["/staticfiles/app.js", "/x/static/app.js", "/static", "/pack/pyodide.mjs"]) {
    assert.equal(route(path), null, path);
  }
});

test("another site, and any other request of a page's script, are left to the browser", () => {
  assert.equal(route("http://other.test/m/abc", {mode: "navigate"}), null);
  assert.equal(route("http://other.test/static/app.css"), null);
  assert.equal(route("http://phone.test:8080/static/app.css"), null);
  assert.equal(route("/m/abc"), null);
  assert.equal(route("/api/v1/check", {method: "POST"}), null);
  assert.equal(route("/m/abc/deals/new", {method: "POST"}), null);
  assert.equal(route("/form-token"), null);
});

test("the forms that go to the outbox: a new deal, a fixed one, a Burro round", () => {
  assert.deepEqual(post("/m/tok_1-x/deals/new"), {token: "tok_1-x", burro: false, fix: 0, deal: true});
  assert.deepEqual(post("/m/tok/deals/12/edit"), {token: "tok", burro: false, fix: 12, deal: false});
  assert.deepEqual(post("/b/game/round"), {token: "game", burro: true, fix: 0, deal: false});
});

test("an evening's table's deal, new or fixed, its side's page as its token", () => {
  assert.deepEqual(post("/e/t/evening/3/0a9f/ns/deals/new"),
                   {token: "evening/3/0a9f/ns", table: true, fix: 0, deal: false});
  assert.deepEqual(post("/e/t/evening/12/ff/ew/deals/4/edit"),
                   {token: "evening/12/ff/ew", table: true, fix: 4, deal: false});
});

test("a new match form, by its own path only", () => {
  assert.deepEqual(post("/matches/new"), {setUp: true});
  assert.equal(post("/matches/new/"), null);
  assert.equal(R.formOf({method: "POST"}, "/matches/new", "/elsewhere"), null);
});

test("no other form goes to the outbox, nor a page asked for at a form's path", () => {
  for (const path of ["/m/tok/deals/new/", "/m/tok/deals/new/x", "/m/a/b/deals/new", "/m//deals/new",
                      "/x/m/tok/deals/new", "/m/tok/deals/x/edit", "/m/tok/deals/1/edit/more",
                      "/m/tok/deals/1", "/m/tok/deals/-1/edit", "/m/tok", "/m/tok/here", "/b/g/round/x",
                      "/b/g/rounds", "/b/g/round/1/edit",
                      "/e/t/evening/3/0A9F/ns/deals/new", "/e/t/evening/3/0a9f/nn/deals/new",
                      "/e/t/evening/x/0a9f/ns/deals/new", "/e/t/evening/3/0a9f/ns/deals/x/edit",
                      "/e/t/evening/3/0a9f/deals/new", "/e/t/evening/3/0a9f/ns/deals/new/x",
                      "/e/v/evening/3/0a9f/ns/deals/new", "/", "/device/remember"]) {
    assert.equal(post(path), null, path);
  }
  for (const path of ["/m/tok/deals/new", "/m/tok/deals/2/edit", "/b/g/round",
                      "/e/t/evening/3/0a9f/ns/deals/new", "/matches/new"]) {
    assert.equal(R.formOf({method: "GET"}, path, CONFIG.new_match), null, path);
  }
});
