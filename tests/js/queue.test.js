/* The outbox's queue and sending rounds (scorekeeper/static/js/sw/queue.js), on Node's
   test runner with an in-memory IndexedDB (fake-indexeddb): what the service worker does
   with deals saved on a phone without a network. */
"use strict";
const test = require("node:test");
const assert = require("node:assert/strict");
const {IDBFactory} = require("fake-indexeddb");
const Q = require("../../scorekeeper/static/js/sw/queue.js");
const R = require("../../scorekeeper/static/js/sw/router.js");

let keys = 0;
function made(token, fields, more) {
  return Object.assign({url: "http://phone.test/m/" + token + "/deals/new", token: token,
                        body: new URLSearchParams(fields).toString(), now: 1000,
                        key: () => "fresh-" + (++keys)}, more || {});
}

function answer(status, extra) {
  const headers = new Map(Object.entries((extra && extra.headers) || {}));
  return {status: status, ok: status >= 200 && status < 300,
          redirected: !!(extra && extra.redirected), headers: {get: (k) => headers.get(k) || null}};
}

/* A server that answers each POST with ``reply(url, body)``; what it was sent is kept. */
function server(reply) {
  const sent = [];
  const fetch = (url, init) => {
    const body = new URLSearchParams(init.body);
    sent.push({url: url, body: body});
    return Promise.resolve(reply(url, body, sent.length));
  };
  return {sent: sent, fetch: fetch};
}

function tokens() {
  let n = 0;
  const asked = {count: 0};
  asked.token = () => { asked.count++; return Promise.resolve("csrf-" + (++n)); };
  return asked;
}

test("each entry expects the version after the entries of its match before it", async () => {
  const idb = new IDBFactory();
  await Q.add(idb, made("a", {version: "7", idem: "k1", action: "save"}));
  await Q.add(idb, made("a", {version: "7", idem: "k2"}));
  await Q.add(idb, made("b", {version: "3", idem: "k3"}));
  const all = await Q.all(idb);
  assert.deepEqual(all.map((e) => [e.token, e.expect]), [["a", 7], ["a", 8], ["b", 3]]);
  /* Enter without a button still saves */
  assert.equal(Q.field(all[1], "action"), "save");
});

test("a form key already held by an entry is replaced by a fresh one", async () => {
  const idb = new IDBFactory();
  await Q.add(idb, made("a", {version: "1", idem: "same"}));
  await Q.add(idb, made("a", {version: "1", idem: "same"}));
  const all = await Q.all(idb);
  assert.equal(Q.field(all[0], "idem"), "same");
  assert.match(Q.field(all[1], "idem"), /^fresh-\d+$/);
});

test("a Burro round and a match set up here are kept exactly as sent", async () => {
  const idb = new IDBFactory();
  await Q.add(idb, made("g", {version: "2", idem: "r1", loser: "Ana"}, {burro: true}));
  await Q.add(idb, made("m", {idem: "m1", name: "Night"}, {kind: "match", match: {name: "Night"}}));
  const all = await Q.all(idb);
  assert.equal(Q.field(all[0], "action"), null);
  assert.equal(Q.field(all[1], "action"), null);
  assert.equal(all[1].kind, "match");
  assert.equal(all[1].match.name, "Night");
});

test("a refused entry holds back the later entries of its match only", () => {
  const entries = [{id: 1, token: "a"}, {id: 2, token: "a", refused: 409}, {id: 3, token: "a"},
                   {id: 4, token: "b"}, {id: 5, token: "a"}];
  const plan = Q.plan(entries);
  assert.deepEqual(plan.send.map((e) => e.id), [1, 4]);
  assert.deepEqual(plan.behind.map((e) => e.id), [3, 5]);
  assert.equal(plan.held.a, 2);
});

test("a round sends oldest first, with the expected version and a fresh form token", async () => {
  const idb = new IDBFactory();
  await Q.add(idb, made("a", {version: "4", idem: "k1", csrf_token: "old-session"}));
  await Q.add(idb, made("a", {version: "4", idem: "k2", csrf_token: "old-session"}));
  const s = server(() => answer(200, {redirected: true}));
  const t = tokens();
  const done = await Q.sync({idb: idb, fetch: s.fetch, token: t.token});
  assert.deepEqual(s.sent.map((x) => [x.body.get("idem"), x.body.get("version"), x.body.get("csrf_token")]),
                   [["k1", "4", "csrf-1"], ["k2", "5", "csrf-1"]]);
  assert.equal(t.count, 1);
  assert.deepEqual(done, {sent: ["a", "a"], refused: [], reached: true, left: 0});
  assert.equal((await Q.all(idb)).length, 0);
});

test("a form refused for its token is sent once more with a new one", async () => {
  const idb = new IDBFactory();
  await Q.add(idb, made("a", {version: "1", idem: "k1"}));
  const s = server((url, body, n) => n === 1
    ? answer(400, {headers: {"X-Scorekeeper-Refused": "csrf"}}) : answer(200, {redirected: true}));
  const t = tokens();
  const done = await Q.sync({idb: idb, fetch: s.fetch, token: t.token});
  assert.deepEqual(s.sent.map((x) => x.body.get("csrf_token")), ["csrf-1", "csrf-2"]);
  assert.deepEqual(done.sent, ["a"]);
  assert.equal((await Q.all(idb)).length, 0);
});

test("a token refused twice, as when a page's new session crosses the worker's, is sent a third time a moment later", async () => {
  const idb = new IDBFactory();
  await Q.add(idb, made("a", {version: "1", idem: "k1"}));
  const s = server((url, body, n) => n < 3
    ? answer(400, {headers: {"X-Scorekeeper-Refused": "csrf"}}) : answer(200, {redirected: true}));
  const paused = [];
  const done = await Q.sync({idb: idb, fetch: s.fetch, token: tokens().token,
                             pause: (ms) => { paused.push(ms); return Promise.resolve(); }});
  assert.deepEqual(s.sent.map((x) => x.body.get("csrf_token")), ["csrf-1", "csrf-2", "csrf-3"]);
  assert.deepEqual(paused, [400, 800]);
  assert.deepEqual([done.sent, done.left], [["a"], 0]);
});

test("a token refused three times leaves the entry in the outbox, marked with why", async () => {
  const idb = new IDBFactory();
  await Q.add(idb, made("a", {version: "1", idem: "k1"}));
  const s = server(() => answer(400, {headers: {"X-Scorekeeper-Refused": "csrf"}}));
  const done = await Q.sync({idb: idb, fetch: s.fetch, token: tokens().token,
                             pause: () => Promise.resolve()});
  const [entry] = await Q.all(idb);
  assert.equal(s.sent.length, 3);
  assert.deepEqual([entry.refused, entry.reason, done.left], [400, "csrf", 1]);
});

test("a refused deal stays, and the deals of its match behind it are not sent", async () => {
  const idb = new IDBFactory();
  await Q.add(idb, made("a", {version: "1", idem: "k1"}));
  await Q.add(idb, made("a", {version: "1", idem: "k2"}));
  await Q.add(idb, made("b", {version: "9", idem: "k3"}));
  const s = server((url, body) => body.get("idem") === "k1" ? answer(409) : answer(200, {redirected: true}));
  const done = await Q.sync({idb: idb, fetch: s.fetch, token: tokens().token});
  assert.deepEqual(s.sent.map((x) => x.body.get("idem")), ["k1", "k3"]);
  const left = await Q.all(idb);
  assert.deepEqual(left.map((e) => [Q.field(e, "idem"), e.refused, e.reason || null]),
                   [["k1", 409, "stale"], ["k2", 0, null]]);
  assert.deepEqual([done.sent, done.refused, done.reached, done.left], [["b"], ["a"], true, 2]);
  /* the next round sends nothing of that match either */
  const again = server(() => answer(200, {redirected: true}));
  await Q.sync({idb: idb, fetch: again.fetch, token: tokens().token});
  assert.equal(again.sent.length, 0);
});

test("no answer, or the server's own failure, stops the round and keeps everything", async () => {
  for (const reply of [() => Promise.reject(new TypeError("network")), () => answer(503)]) {
    const idb = new IDBFactory();
    await Q.add(idb, made("a", {version: "1", idem: "k1"}));
    await Q.add(idb, made("a", {version: "1", idem: "k2"}));
    const s = server(reply);
    const done = await Q.sync({idb: idb, fetch: s.fetch, token: tokens().token});
    assert.equal(s.sent.length, 1);
    assert.deepEqual([done.reached, done.left], [false, 2]);
    assert.ok((await Q.all(idb)).every((e) => !e.refused));
  }
});

test("no form token (the server cannot be reached) is not reaching it", async () => {
  const idb = new IDBFactory();
  await Q.add(idb, made("a", {version: "1", idem: "k1"}));
  const s = server(() => answer(200, {redirected: true}));
  const done = await Q.sync({idb: idb, fetch: s.fetch, token: () => Promise.reject(new TypeError("offline"))});
  assert.deepEqual([s.sent.length, done.reached, done.left], [0, false, 1]);
});

test("an opened entry stays until the server takes it, then the ones behind follow it", async () => {
  const idb = new IDBFactory();
  await Q.add(idb, made("a", {version: "1", idem: "k1"}));
  await Q.add(idb, made("a", {version: "1", idem: "k2"}));
  await Q.add(idb, made("a", {version: "1", idem: "k3"}));
  await Q.sync({idb: idb, fetch: server((u, b) => b.get("idem") === "k1" ? answer(409)
                                                  : answer(200, {redirected: true})).fetch,
                token: tokens().token});
  const [first] = await Q.all(idb);
  const opened = await Q.markOpened(idb, first.id);
  assert.equal(opened.opened, true);
  assert.equal((await Q.all(idb)).length, 3);
  /* another phone had added deal 2 (version 2); the scorer saves this one as deal 3 */
  const done = await Q.accepted(idb, new URLSearchParams({idem: "k1", version: "2"}).toString());
  assert.equal(Q.field(done, "idem"), "k1");
  const left = await Q.all(idb);
  assert.deepEqual(left.map((e) => [Q.field(e, "idem"), e.expect]), [["k2", 3], ["k3", 4]]);
  const s = server(() => answer(200, {redirected: true}));
  await Q.sync({idb: idb, fetch: s.fetch, token: tokens().token});
  assert.deepEqual(s.sent.map((x) => x.body.get("version")), ["3", "4"]);
});

test("an opened entry sent again without a network takes what was sent in its place", async () => {
  const idb = new IDBFactory();
  await Q.add(idb, made("a", {version: "1", idem: "k1", "sides-0-table_points": "100"}));
  const [entry] = await Q.all(idb);
  await Q.markOpened(idb, entry.id);
  await Q.add(idb, made("a", {version: "3", idem: "k1", "sides-0-table_points": "150"}));
  const left = await Q.all(idb);
  assert.equal(left.length, 1);
  assert.equal(Q.field(left[0], "sides-0-table_points"), "150");
  assert.equal(left[0].opened, undefined);
  assert.equal(Q.field(left[0], "action"), "save");
});

test("a form the server took that no entry holds changes nothing", async () => {
  const idb = new IDBFactory();
  await Q.add(idb, made("a", {version: "1", idem: "k1"}));
  assert.equal(await Q.accepted(idb, "idem=other&version=5"), null);
  assert.equal(await Q.accepted(idb, "version=5"), null);
  assert.equal((await Q.all(idb))[0].expect, 1);
});

test("throwing an entry away removes it alone", async () => {
  const idb = new IDBFactory();
  await Q.add(idb, made("a", {version: "1", idem: "k1"}));
  await Q.add(idb, made("a", {version: "1", idem: "k2"}));
  const [first] = await Q.all(idb);
  assert.equal(Q.field(await Q.discard(idb, first.id), "idem"), "k1");
  assert.equal(await Q.discard(idb, first.id), null);
  assert.deepEqual((await Q.all(idb)).map((e) => Q.field(e, "idem")), ["k2"]);
});

test("why an entry was refused, from the server's answer", () => {
  assert.equal(Q.reason(answer(400, {headers: {"X-Scorekeeper-Refused": "csrf"}})), "csrf");
  assert.equal(Q.reason(answer(409)), "stale");
  assert.equal(Q.reason(answer(409, {headers: {"X-Scorekeeper-Refused": "used"}})), "used");
  assert.equal(Q.reason(answer(422)), "rules");
  assert.equal(Q.reason(answer(404)), "gone");
  assert.equal(Q.reason(answer(413)), "refused");
});

test("retries come sooner first, then every 15 seconds", () => {
  assert.deepEqual([0, 1, 2, 3, 4, 50].map(Q.backoff), [2000, 4000, 8000, 15000, 15000, 15000]);
  assert.equal(Q.backoff(-1), 2000);
});

/* A round that ends when the test says so, and counts how many were made. */
function held() {
  const made = [];
  const run = () => new Promise((resolve) => { made.push(resolve); });
  return {made: made, run: run};
}

test("an ask while a round goes is answered by a round made after it, shared by the asks meanwhile", async () => {
  const r = held();
  const ask = Q.rounds(r.run);
  const first = ask();
  await null;
  assert.equal(r.made.length, 1);
  /* the entry of these asks was added after the first round read the outbox */
  const second = ask(), third = ask();
  await null;
  assert.equal(r.made.length, 1, "one round at a time");
  r.made[0]({left: 0});
  assert.deepEqual(await first, {left: 0});
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.equal(r.made.length, 2, "the asks made meanwhile share the round after it");
  r.made[1]({left: 1});
  assert.deepEqual(await second, {left: 1});
  assert.deepEqual(await third, {left: 1});
  /* nothing going: an ask makes its own round at once */
  const fourth = ask();
  await null;
  assert.equal(r.made.length, 3);
  r.made[2]({left: 0});
  assert.deepEqual(await fourth, {left: 0});
});

test("a round that fails answers its own ask with the failure, and the next round is made", async () => {
  let n = 0;
  const ask = Q.rounds(() => (++n === 1 ? Promise.reject(new Error("no disk")) : Promise.resolve({left: n})));
  const first = ask(), second = ask();
  await assert.rejects(first, /no disk/);
  assert.deepEqual(await second, {left: 2});
  assert.deepEqual(await ask(), {left: 3});
});

/* An IndexedDB whose opening fails from its ``from``-th time to its ``to``-th (1-based). */
function failing(idb, from, to) {
  let opened = 0;
  return {
    open: (...args) => {
      opened++;
      if (opened < from || opened > to) { return idb.open(...args); }
      const req = {error: new Error("the phone's store")};
      setTimeout(() => req.onerror && req.onerror());
      return req;
    },
  };
}

test("a round the phone's store fails says what waits, and the next round sends it once", async () => {
  const real = new IDBFactory();
  await Q.add(real, made("a", {version: "1", idem: "k1"}));
  /* the server takes the deal; the store then fails to let it go */
  const s = server(() => answer(200, {redirected: true}));
  const done = await Q.sync({idb: failing(real, 2, 2), fetch: s.fetch, token: tokens().token});
  assert.deepEqual([done.reached, done.left], [false, 1]);
  /* a store that cannot say how many wait: one is said to wait (the page asks again) */
  const blind = await Q.sync({idb: failing(real, 2, 3), fetch: s.fetch, token: tokens().token});
  assert.deepEqual([blind.reached, blind.left], [false, 1]);
  assert.equal((await Q.all(real)).length, 1);
  /* the next round sends it again with its own form key: the server's to answer once */
  const again = server(() => answer(200, {redirected: true}));
  const next = await Q.sync({idb: real, fetch: again.fetch, token: tokens().token});
  assert.deepEqual([next.sent, next.reached, next.left], [["a"], true, 0]);
  assert.deepEqual(again.sent.map((x) => x.body.get("idem")), ["k1"]);
});

test("entries go oldest first, whichever match they are of", async () => {
  const idb = new IDBFactory();
  for (const [token, idem] of [["a", "a1"], ["b", "b1"], ["a", "a2"], ["b", "b2"], ["a", "a3"]]) {
    await Q.add(idb, made(token, {version: "1", idem: idem}));
  }
  const s = server(() => answer(200, {redirected: true}));
  const done = await Q.sync({idb: idb, fetch: s.fetch, token: tokens().token});
  assert.deepEqual(s.sent.map((x) => [x.body.get("idem"), x.body.get("version")]),
                   [["a1", "1"], ["b1", "1"], ["a2", "2"], ["b2", "2"], ["a3", "3"]]);
  assert.deepEqual([done.sent, done.left], [["a", "b", "a", "b", "a"], 0]);
});

test("the first of three entries refused holds back the other two; another match's still go", async () => {
  const idb = new IDBFactory();
  for (const [token, idem] of [["a", "a1"], ["b", "b1"], ["a", "a2"], ["b", "b2"], ["a", "a3"]]) {
    await Q.add(idb, made(token, {version: "1", idem: idem}));
  }
  const s = server((url, body) => body.get("idem") === "a1" ? answer(409) : answer(200, {redirected: true}));
  const done = await Q.sync({idb: idb, fetch: s.fetch, token: tokens().token});
  assert.deepEqual(s.sent.map((x) => x.body.get("idem")), ["a1", "b1", "b2"]);
  assert.deepEqual([done.sent, done.refused, done.reached, done.left], [["b", "b"], ["a"], true, 3]);
  const left = await Q.all(idb);
  assert.deepEqual(left.map((e) => [Q.field(e, "idem"), e.refused]), [["a1", 409], ["a2", 0], ["a3", 0]]);
  assert.deepEqual(Q.plan(left).behind.map((e) => Q.field(e, "idem")), ["a2", "a3"]);
});

/* A server that applies each form key once and answers a key it applied as the first time
   (a redirect); ``hang(idem, n)`` says which sendings it applies without answering: the
   answer lost on a Wi-Fi that stopped carrying anything. */
function keyed(hang) {
  const applied = new Map(), sent = [], aborted = [];
  const fetch = (url, init) => {
    const body = new URLSearchParams(init.body), idem = body.get("idem");
    sent.push(idem);
    if (!applied.has(idem)) { applied.set(idem, body.get("version")); }
    if (hang(idem, sent.length)) {
      init.signal.addEventListener("abort", () => aborted.push(idem));
      return new Promise(() => {});
    }
    return Promise.resolve(answer(200, {redirected: true}));
  };
  return {applied, sent, aborted, fetch};
}

test("an answer that does not come in time stops the round; the next sends what waits, in order, once", async () => {
  const idb = new IDBFactory();
  for (const idem of ["k1", "k2", "k3"]) { await Q.add(idb, made("a", {version: "4", idem: idem})); }
  /* the worker's fetch, with a bound of a few milliseconds for the test */
  const s = keyed((idem, n) => idem === "k2" && n === 2);
  const done = await Q.sync({idb: idb, fetch: R.within(s.fetch, 20), token: tokens().token});
  assert.deepEqual(s.sent, ["k1", "k2"]);
  assert.deepEqual(s.aborted, ["k2"]);
  assert.deepEqual([done.sent, done.refused, done.reached, done.left], [["a"], [], false, 2]);
  const waiting = await Q.all(idb);
  assert.deepEqual(waiting.map((e) => [Q.field(e, "idem"), e.expect, e.refused]), [["k2", 5, 0], ["k3", 6, 0]]);
  /* the next round: the server had taken k2, and answers it as the first time */
  const next = await Q.sync({idb: idb, fetch: R.within(s.fetch, 20), token: tokens().token});
  assert.deepEqual(s.sent, ["k1", "k2", "k2", "k3"]);
  assert.deepEqual([next.sent, next.reached, next.left], [["a", "a"], true, 0]);
  assert.deepEqual([...s.applied], [["k1", "4"], ["k2", "5"], ["k3", "6"]]);
});

test("a form token that does not come in time is a server not reached", async () => {
  const idb = new IDBFactory();
  await Q.add(idb, made("a", {version: "1", idem: "k1"}));
  const s = server(() => answer(200, {redirected: true}));
  const token = () => R.within(() => new Promise(() => {}), 20)("/form-token").then((r) => r.json());
  const done = await Q.sync({idb: idb, fetch: s.fetch, token: token});
  assert.deepEqual([s.sent.length, done.reached, done.left], [0, false, 1]);
});

test("a refused entry keeps what the server says changed, in its own words", async () => {
  const idb = new IDBFactory();
  await Q.add(idb, made("a", {version: "1", idem: "k1"}));
  await Q.add(idb, made("b", {version: "1", idem: "k2"}));
  await Q.add(idb, made("c", {version: "1", idem: "k3"}));
  const said = {k1: encodeURIComponent("o diretor corrigiu a mão 1 — às 21h"), k3: "%E0%A4%A"};
  const s = server((url, body) => {
    const idem = body.get("idem");
    return answer(409, idem in said ? {headers: {"X-Scorekeeper-Changed": said[idem]}} : {});
  });
  const done = await Q.sync({idb: idb, fetch: s.fetch, token: tokens().token});
  assert.deepEqual([done.refused, done.reached], [["a", "b", "c"], true]);
  const [first, second, third] = await Q.all(idb);
  assert.equal(first.changed, "o diretor corrigiu a mão 1 — às 21h");
  assert.equal(first.reason, "stale");
  /* no header: no such field; one that does not decode: ignored, the refusal kept */
  assert.equal("changed" in second, false);
  assert.equal("changed" in third, false);
  assert.deepEqual([second.refused, third.refused], [409, 409]);
  /* opened and sent again without a network, it no longer says what changed before */
  await Q.markOpened(idb, first.id);
  await Q.add(idb, made("a", {version: "2", idem: "k1"}));
  assert.equal("changed" in (await Q.all(idb))[0], false);
});

test("what changed, read from the server's answer", () => {
  const changed = (value) => Q.changed(answer(409, {headers: {"X-Scorekeeper-Changed": value}}));
  assert.equal(changed("the%20director%20fixed%20deal%201"), "the director fixed deal 1");
  assert.equal(changed("l%E2%80%99arbitro"), "l’arbitro");
  assert.equal(changed("%"), null);
  assert.equal(changed("%C3"), null);
  assert.equal(changed(""), null);
  assert.equal(Q.changed(answer(409)), null);
});
