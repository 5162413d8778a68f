/* What the service worker makes of a request (scorekeeper/static/js/sw/router.js), on
   Node's test runner: how it answers each kind of URL, which forms go to the outbox
   when the server cannot be reached, and the fetches that give up when the server does
   not answer in time (on a fake clock: no test waits for the bounds). */
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const R = require("../../scorekeeper/static/js/sw/router.js");

const ORIGIN = "http://phone.test";
/* what /sw.js tells the worker (web/offline.py), the parts the router reads: the
   addresses' patterns as the server writes them (routes.json, which
   tests/web/test_web_offline.py holds to what /sw.js sends) */
const CONFIG = {pack_path: "/static/pack/", worker: "/static/js/referee.js", new_match: "/matches/new",
                routes: require("./routes.json")};

function asked(path, more) {
  return Object.assign({url: (path.indexOf("http") === 0 ? "" : ORIGIN) + path, method: "GET", mode: "cors"},
                       more || {});
}
const route = (path, more) => R.route(asked(path, more), CONFIG, ORIGIN);
const post = (path) => R.formOf({method: "POST"}, path, CONFIG);

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
  assert.equal(R.formOf({method: "POST"}, "/matches/new", {...CONFIG, new_match: "/elsewhere"}), null);
});

test("no other form goes to the outbox, nor a page asked for at a form's path", () => {
  for (const path of ["/m/tok/deals/new/", "/m/tok/deals/new/x", "/m/a/b/deals/new", "/m//deals/new",
                      "/x/m/tok/deals/new", "/m/tok/deals/x/edit", "/m/tok/deals/1/edit/more",
                      "/m/tok/deals/1", "/m/tok/deals/-1/edit", "/m/tok", "/m/tok/here", "/b/g/round/x",
                      "/b/g/rounds", "/b/g/round/1/edit",
                      "/e/t/evening/x/0a9f/ns/deals/new", "/e/t/evening/3/0a9f/ns/deals/x/edit",
                      "/e/t/evening/3/0a9f/deals/new", "/e/t/evening/3/0a9f/ns/deals/new/x",
                      "/e/v/evening/3/0a9f/ns/deals/new", "/", "/device/remember"]) {
    assert.equal(post(path), null, path);
  }
  for (const path of ["/m/tok/deals/new", "/m/tok/deals/2/edit", "/b/g/round",
                      "/e/t/evening/3/0a9f/ns/deals/new", "/matches/new"]) {
    assert.equal(R.formOf({method: "GET"}, path, CONFIG), null, path);
  }
});

/* A clock the test moves by hand (setTimeout only); a promise's state once the promise
   jobs it may take have run. */
function clock(t) {
  t.mock.timers.enable({apis: ["setTimeout"]});
  return t.mock.timers;
}
async function state(promise) {
  let got = "pending";
  promise.then((value) => { got = {value: value}; }, (err) => { got = {error: err}; });
  for (let i = 0; i < 5; i++) { await new Promise((resolve) => setImmediate(resolve)); }
  return got;
}

/* A fetch that answers only when the test says so (or never), and what it was asked. */
function network() {
  const calls = [];
  const fetch = (...args) => new Promise((resolve, reject) => { calls.push({args, resolve, reject}); });
  return {calls, fetch};
}

test("a fetch with no answer gives up at its bound, as a server not reached, and is aborted", async (t) => {
  const timers = clock(t);
  const n = network();
  const answer = R.within(n.fetch, 5000)("/form-token", {credentials: "same-origin", cache: "no-store"});
  assert.equal(n.calls.length, 1);
  const init = n.calls[0].args[1];
  assert.deepEqual([init.credentials, init.cache], ["same-origin", "no-store"]);
  timers.tick(4999);
  assert.equal(await state(answer), "pending");
  assert.equal(init.signal.aborted, false);
  timers.tick(1);
  const got = await state(answer);
  assert.equal(got.error.name, "TimeoutError");
  assert.equal(init.signal.aborted, true, "the request itself is aborted");
  /* an answer that comes after the bound changes nothing */
  n.calls[0].resolve({status: 200});
  assert.equal((await state(answer)).error.name, "TimeoutError");
});

test("an answer in time is the answer, and nothing is aborted after it", async (t) => {
  const timers = clock(t);
  const n = network();
  const answer = R.within(n.fetch, 5000)("/m/abc");
  timers.tick(4000);
  const response = {status: 200};
  n.calls[0].resolve(response);
  assert.equal((await state(answer)).value, response);
  timers.tick(10000);
  assert.equal(n.calls[0].args[1].signal.aborted, false);
});

test("a fetch that fails in time fails with its own failure", async (t) => {
  clock(t);
  const n = network();
  const answer = R.within(n.fetch, 5000)("/m/abc");
  n.calls[0].reject(new TypeError("Failed to fetch"));
  assert.equal((await state(answer)).error.message, "Failed to fetch");
  const thrown = R.within(() => { throw new TypeError("bad request"); }, 5000)("/m/abc");
  assert.equal((await state(thrown)).error.message, "bad request");
});

test("a page's own request is sent as the browser made it, and given up at the bound too", async (t) => {
  const timers = clock(t);
  const n = network();
  const request = {url: ORIGIN + "/m/abc/deals/new", method: "POST", mode: "navigate"};
  const answer = R.within(n.fetch, 5000)(request);
  assert.equal(n.calls[0].args[0], request);
  assert.equal(n.calls[0].args[1], undefined, "no signal: made again, it would be another request");
  timers.tick(5000);
  assert.equal((await state(answer)).error.name, "TimeoutError");
  /* any other request takes the signal with what it was asked with */
  const doc = {url: ORIGIN + "/m/abc/match.json", method: "GET", mode: "cors"};
  R.within(n.fetch, 5000)(doc);
  assert.equal(n.calls[1].args[0], doc);
  assert.ok(n.calls[1].args[1].signal instanceof AbortSignal);
});

/* A body that gives each part when the test says so (``give(text)``, ``end()``). */
function trickle() {
  let controller = null;
  const stream = new ReadableStream({start: (c) => { controller = c; }});
  return {
    stream,
    give: (text) => controller.enqueue(new TextEncoder().encode(text)),
    end: () => controller.close(),
  };
}

test("a large file comes whole however long it takes, while its parts keep coming", async (t) => {
  const timers = clock(t);
  const n = network();
  const body = trickle();
  const answer = R.steady(n.fetch, 15000)("/static/pack/pyodide.asm.wasm");
  timers.tick(14000);
  n.calls[0].resolve(new Response(body.stream, {status: 200, headers: {
    "Content-Type": "application/wasm", "Content-Encoding": "gzip", "Content-Length": "9"}}));
  const response = (await state(answer)).value;
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("Content-Type"), "application/wasm");
  /* the body read here is the decoded one: its encoding and length are no longer said */
  assert.equal(response.headers.get("Content-Encoding"), null);
  assert.equal(response.headers.get("Content-Length"), null);
  const text = response.text();
  for (const part of ["a", "b", "c", "d"]) {
    timers.tick(14000);
    assert.equal(await state(text), "pending");
    body.give(part);
    await state(text);
  }
  timers.tick(14000);
  body.end();
  assert.deepEqual(await state(text), {value: "abcd"}, "70 s in all, never 15 s without a part");
  assert.equal(n.calls[0].args[1].signal.aborted, false);
});

test("a large file whose parts stop coming fails, and its request is aborted", async (t) => {
  const timers = clock(t);
  const n = network();
  const body = trickle();
  const answer = R.steady(n.fetch, 15000)("/static/pack/referee.zip");
  n.calls[0].resolve(new Response(body.stream, {status: 200}));
  const text = (await state(answer)).value.text();
  body.give("PK");
  await state(text);
  timers.tick(14999);
  assert.equal(await state(text), "pending");
  timers.tick(1);
  const got = await state(text);
  assert.equal(got.error.name, "TimeoutError");
  assert.equal(n.calls[0].args[1].signal.aborted, true);
});

test("a large file with no answer at all gives up at the same bound", async (t) => {
  const timers = clock(t);
  const n = network();
  const answer = R.steady(n.fetch, 15000)("/static/pack/referee.zip");
  timers.tick(15000);
  assert.equal((await state(answer)).error.name, "TimeoutError");
  assert.equal(n.calls[0].args[1].signal.aborted, true);
});

test("a large file's answer other than 200 is passed on as it came", async (t) => {
  clock(t);
  const n = network();
  const answer = R.steady(n.fetch, 15000)("/static/pack/referee.zip");
  const missing = new Response("no such file", {status: 404, headers: {"Content-Length": "12"}});
  n.calls[0].resolve(missing);
  const got = (await state(answer)).value;
  assert.equal(got, missing);
  assert.equal(got.headers.get("Content-Length"), "12");
});
