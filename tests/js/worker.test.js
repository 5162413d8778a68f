/* The service worker's events (scorekeeper/static/js/sw/main.js with queue.js, setup.js and
   router.js, as /sw.js imports them), on Node's test runner: a worker of its own per test,
   with a phone's caches, an in-memory IndexedDB (fake-indexeddb), a network that answers
   when the test says so, and a clock the test moves by hand. What a phone on a Wi-Fi
   connected to nothing sees: a save that goes to the outbox, a page shown as kept. */
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const vm = require("node:vm");
const {webcrypto} = require("node:crypto");
const {IDBFactory} = require("fake-indexeddb");
const Q = require("../../scorekeeper/static/js/sw/queue.js");

const SW = path.join(__dirname, "../../scorekeeper/static/js/sw");
const ORIGIN = "http://phone.test";
const CONFIG = {version: "v1", pack: "p1", pack_files: [], pack_path: "/static/pack/",
                worker: "/static/js/referee.js", assets: [], pages: ["/offline/en"], locales: ["en"],
                new_match: "/matches/new", setup: "/offline/setup/LANG_CODE.json", token: "/form-token",
                routes: require("./routes.json")};

/* Timers that go off only when the test moves the clock. */
function handClock() {
  let now = 0, next = 1;
  const timers = new Map();
  return {
    setTimeout: (fn, ms) => { timers.set(next, {at: now + (ms || 0), fn}); return next++; },
    clearTimeout: (id) => { timers.delete(id); },
    tick: (ms) => {
      now += ms;
      for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at <= now) { timers.delete(id); timer.fn(); }
      }
    },
  };
}

/* Cache Storage keyed by URL. */
function phoneCaches() {
  const stores = new Map();
  const key = (request) => new URL(typeof request === "string" ? request : request.url, ORIGIN).href;
  function open(name) {
    if (!stores.has(name)) { stores.set(name, new Map()); }
    const store = stores.get(name);
    return Promise.resolve({
      match: (request) => Promise.resolve(store.has(key(request)) ? store.get(key(request)).clone() : undefined),
      put: (request, response) => { store.set(key(request), response); return Promise.resolve(); },
      keys: () => Promise.resolve([...store.keys()].map((url) => ({url}))),
      delete: (request) => Promise.resolve(store.delete(key(request))),
    });
  }
  return {
    stores,
    open,
    keys: () => Promise.resolve([...stores.keys()]),
    delete: (name) => Promise.resolve(stores.delete(name)),
    match: (request, options) => {
      const names = options && options.cacheName ? [options.cacheName] : [...stores.keys()];
      return names.reduce((found, name) => found.then((hit) => hit ||
        (stores.has(name) ? open(name).then((cache) => cache.match(request)) : undefined)), Promise.resolve(undefined));
    },
  };
}

/* A network whose every answer the test gives (or never does), and what it was asked. */
function network() {
  const calls = [];
  const fetch = (resource, init) => new Promise((resolve, reject) => {
    calls.push({url: typeof resource === "string" ? resource : resource.url, resource, init, resolve, reject});
  });
  return {calls, fetch};
}

/* A worker as /sw.js starts it. */
function worker() {
  const listeners = {}, clock = handClock(), net = network(), caches = phoneCaches();
  const told = [], synced = [];
  const self = {
    SCOREKEEPER: CONFIG,
    location: {origin: ORIGIN, href: ORIGIN + "/sw.js"},
    navigator: {language: "en"},
    crypto: webcrypto,
    registration: {sync: {register: (tag) => { synced.push(tag); return Promise.resolve(); }}},
    clients: {claim: () => Promise.resolve(),
              matchAll: () => Promise.resolve([{postMessage: (m) => told.push(m)}])},
    skipWaiting: () => {},
    addEventListener: (type, fn) => { listeners[type] = fn; },
  };
  Object.assign(self, {
    caches, indexedDB: new IDBFactory(), fetch: net.fetch,
    setTimeout: clock.setTimeout, clearTimeout: clock.clearTimeout,
    URL, URLSearchParams, Response, Headers, ReadableStream, AbortController, btoa, console,
  });
  self.self = self;
  const context = vm.createContext(self);
  for (const name of ["queue", "setup", "router", "main"]) {
    vm.runInContext(fs.readFileSync(path.join(SW, name + ".js"), "utf8"), context, {filename: name + ".js"});
  }
  function fire(type, event) {
    const waits = [];
    let answer = null;
    listeners[type](Object.assign({
      waitUntil: (p) => waits.push(p),
      respondWith: (p) => { answer = p; },
    }, event));
    return {answer, waits};
  }
  return {self, clock, net, caches, told, synced, fire};
}

/* A request a page makes: a page asked for or a form sent (mode "navigate"), or not. */
function pageRequest(pathname, more) {
  const body = (more && more.body) || "";
  return Object.assign({url: ORIGIN + pathname, method: "GET", mode: "navigate",
                        clone: () => ({text: () => Promise.resolve(body)})}, more || {});
}

/* what the worker told, as plain data (its objects are of the worker's own realm) */
const plain = (value) => JSON.parse(JSON.stringify(value));

async function settled(promise) {
  let got = "pending";
  promise.then((value) => { got = {value}; }, (err) => { got = {error: err}; });
  for (let i = 0; i < 10; i++) { await new Promise((resolve) => setImmediate(resolve)); }
  return got;
}

test("a deal saved on a Wi-Fi that answers nothing goes to the outbox within 5 s", async () => {
  const w = worker();
  const form = "version=3&idem=form-key&action=save&sides-0-table_points=120";
  const {answer} = w.fire("fetch", {request: pageRequest("/m/tok/deals/new", {method: "POST", body: form})});
  assert.equal(w.net.calls.length, 1);
  assert.equal(w.net.calls[0].init, undefined, "the page's own request, as the browser made it");
  w.clock.tick(4999);
  assert.equal(await settled(answer), "pending");
  w.clock.tick(1);
  const shown = (await settled(answer)).value;
  assert.equal(shown.status, 303);
  assert.equal(shown.headers.get("Location"), ORIGIN + "/m/tok#outbox");
  const [entry] = await Q.all(w.self.indexedDB);
  assert.deepEqual([entry.token, entry.expect, Q.field(entry, "idem"), Q.field(entry, "sides-0-table_points")],
                   ["tok", 3, "form-key", "120"], "the form's own key: the server answers a resent save once");
  assert.deepEqual(w.synced, ["outbox"]);
});

test("an evening's table's deal and a Burro round that get no answer wait on their own pages", async () => {
  for (const [pathname, board] of [["/e/t/night/2/0af/ew/deals/new", "/e/t/night/2/0af/ew#outbox"],
                                   ["/b/game/round", "/b/game#outbox"]]) {
    const w = worker();
    const {answer} = w.fire("fetch", {request: pageRequest(pathname, {method: "POST", body: "version=1&idem=k"})});
    w.clock.tick(5000);
    const shown = (await settled(answer)).value;
    assert.equal(shown.headers.get("Location"), ORIGIN + board, pathname);
    assert.equal((await Q.all(w.self.indexedDB)).length, 1, pathname);
  }
});

test("a deal the server takes in time is the server's answer, and nothing waits", async () => {
  const w = worker();
  const {answer} = w.fire("fetch", {request: pageRequest("/m/tok/deals/new",
                                                         {method: "POST", body: "version=3&idem=k"})});
  w.clock.tick(3000);
  const taken = Response.redirect(ORIGIN + "/m/tok", 303);
  w.net.calls[0].resolve(taken);
  assert.equal((await settled(answer)).value, taken);
  w.clock.tick(10000);
  assert.deepEqual([(await Q.all(w.self.indexedDB)).length, w.synced.length], [0, 0]);
});

test("a page asked for on a Wi-Fi that answers nothing is shown as kept after 5 s", async () => {
  const w = worker();
  const pages = await w.caches.open("scorekeeper-pages");
  await pages.put(ORIGIN + "/m/tok", new Response("<p>kept board</p>", {headers: {"Content-Type": "text/html"}}));
  const {answer} = w.fire("fetch", {request: pageRequest("/m/tok")});
  w.clock.tick(4999);
  assert.equal(await settled(answer), "pending");
  w.clock.tick(1);
  assert.equal(await (await settled(answer)).value.text(), "<p>kept board</p>");
  /* a page never kept: the offline page, as without a network */
  await (await w.caches.open("scorekeeper-static-v1")).put(ORIGIN + "/offline/en", new Response("offline"));
  const never = w.fire("fetch", {request: pageRequest("/m/other")}).answer;
  w.clock.tick(5000);
  assert.equal(await (await settled(never)).value.text(), "offline");
});

test("a page that comes in time is shown and kept", async () => {
  const w = worker();
  const {answer, waits} = w.fire("fetch", {request: pageRequest("/m/tok")});
  w.net.calls[0].resolve(new Response("<p>live</p>", {status: 200, headers: {"Content-Type": "text/html"}}));
  assert.equal(await (await settled(answer)).value.text(), "<p>live</p>");
  await Promise.all(waits);
  const kept = await w.caches.match(pageRequest("/m/tok"), {cacheName: "scorekeeper-pages"});
  assert.equal(await kept.text(), "<p>live</p>");
});

test("a match's document asked for by a page gives up too, its request aborted", async () => {
  const w = worker();
  const request = pageRequest("/m/tok/match.json", {mode: "cors"});
  const {answer} = w.fire("fetch", {request});
  const signal = w.net.calls[0].init.signal;
  w.clock.tick(5000);
  assert.equal(signal.aborted, true);
  assert.equal((await settled(answer)).value.type, "error", "no copy kept: the page's script is told");
});

test("a sending round whose form token does not come says that deals still wait", async () => {
  const w = worker();
  const request = pageRequest("/m/tok/deals/new", {method: "POST", body: "version=1&idem=k1"});
  const saved = w.fire("fetch", {request}).answer;
  w.clock.tick(5000);
  await settled(saved);
  const page = [];
  const round = w.fire("message", {data: {type: "sync"}, source: {postMessage: (m) => page.push(m)}});
  await settled(Promise.resolve());
  const asked = w.net.calls.filter((c) => c.url === "/form-token");
  assert.equal(asked.length, 1);
  assert.equal(asked[0].init.cache, "no-store");
  w.clock.tick(5000);
  await settled(Promise.all(round.waits));
  assert.equal(asked[0].init.signal.aborted, true);
  assert.deepEqual(plain(page), [{type: "sync-done", reached: false, left: 1, retry: 2000}]);
});

test("a sending round gives an entry 10 s, then the next round sends it again with its key", async () => {
  const w = worker();
  const saved = w.fire("fetch", {request: pageRequest("/m/tok/deals/new",
                                                      {method: "POST", body: "version=1&idem=k1"})}).answer;
  w.clock.tick(5000);
  await settled(saved);
  const page = [];
  const source = {postMessage: (m) => page.push(m)};
  const first = w.fire("message", {data: {type: "sync"}, source});
  await settled(Promise.resolve());
  w.net.calls.filter((c) => c.url === "/form-token")[0].resolve(Response.json({csrf_token: "t1"}));
  await settled(Promise.resolve());
  const [sent] = w.net.calls.filter((c) => c.init && c.init.method === "POST");
  assert.equal(sent.url, ORIGIN + "/m/tok/deals/new");
  w.clock.tick(9999);
  assert.equal(page.length, 0);
  w.clock.tick(1);
  await settled(Promise.all(first.waits));
  assert.equal(sent.init.signal.aborted, true);
  assert.deepEqual(plain(page), [{type: "sync-done", reached: false, left: 1, retry: 2000}]);
  /* the next round: the server answers the same key as the first time */
  const second = w.fire("message", {data: {type: "sync"}, source});
  await settled(Promise.resolve());
  w.net.calls.filter((c) => c.url === "/form-token")[1].resolve(Response.json({csrf_token: "t2"}));
  await settled(Promise.resolve());
  const again = w.net.calls.filter((c) => c.init && c.init.method === "POST")[1];
  const body = new URLSearchParams(again.init.body);
  assert.deepEqual([body.get("idem"), body.get("version"), body.get("csrf_token")], ["k1", "1", "t2"]);
  /* the scoreboard the server's redirect leads to, as a fetch that followed it has it */
  again.resolve({status: 200, ok: true, redirected: true, headers: new Headers()});
  await settled(Promise.all(second.waits));
  assert.deepEqual(plain(page[1]), {type: "sync-done", reached: true, left: 0, retry: 2000});
  assert.deepEqual(plain(w.told), [{type: "synced", tokens: ["tok"], sent: ["tok"], refused: []}]);
  assert.equal((await Q.all(w.self.indexedDB)).length, 0);
});
