/* The outbox: deals (new or fixed; a Burro round) and new matches saved on this phone
   while the server could not be reached, kept in IndexedDB in the order they were saved,
   and sent, oldest first, whenever the server may answer again.

   - Each entry keeps the form's fields as the browser sent them, a key of its own (the
     server applies each key once) and the match version the server will have when it
     comes: the version its form was built against, one more for each entry of the same
     match queued before it.
   - An entry leaves the outbox only when the server has said yes (or the scorer threw it
     away on purpose). One the server refuses (the match changed meanwhile, a rule
     broken) stays, marked with the reason (and what changed, when the server says it),
     and holds back the later entries of its match, which say that they wait behind it.
   - An entry never depends on the form token of the browser session that saved it: each
     sending round asks the server for a fresh one (a phone forgets its session when the
     browser restarts), and a form refused for its token is sent again with a new one, up
     to ``TOKEN_TRIES`` times in all, a moment apart: a browser that lost its cookies
     makes a new session with its first requests, and the page's and the worker's can
     cross, the token asked for belonging to a session whose cookie another answer has
     just replaced.

   Plain functions over an IndexedDB factory and a fetch, so that the same code runs in
   the service worker (main.js) and in Node's tests (tests/js/). */
(function (root, factory) {
  if (typeof module === "object" && module.exports) { module.exports = factory(); }
  else { root.SKQueue = factory(); }
}(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  var DB = "scorekeeper", STORE = "outbox";
  /* retries while entries wait and the server does not answer: soon, then every 15 s */
  var BACKOFF = [2000, 4000, 8000, 15000];
  /* sendings of one entry whose form token is refused, each with a new token, and the
     pause before each new one (ms, times the sendings made so far) */
  var TOKEN_TRIES = 3, TOKEN_PAUSE = 400;

  function backoff(attempt) {
    return BACKOFF[Math.min(Math.max(attempt, 0), BACKOFF.length - 1)];
  }

  function open(idb) {
    return new Promise(function (resolve, reject) {
      var request = idb.open(DB, 1);
      request.onupgradeneeded = function () {
        request.result.createObjectStore(STORE, {keyPath: "id", autoIncrement: true});
      };
      request.onerror = function () { reject(request.error); };
      request.onsuccess = function () { resolve(request.result); };
    });
  }

  /* ``work(store)`` inside one transaction; its answer once the transaction is done */
  function transact(idb, mode, work) {
    return open(idb).then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(STORE, mode), result;
        Promise.resolve(work(tx.objectStore(STORE))).then(function (r) { result = r; });
        tx.oncomplete = function () { db.close(); resolve(result); };
        tx.onerror = tx.onabort = function () { db.close(); reject(tx.error); };
      });
    });
  }

  function request(req) {
    return new Promise(function (resolve, reject) {
      req.onsuccess = function () { resolve(req.result); };
      req.onerror = function () { reject(req.error); };
    });
  }

  function all(idb) {
    return transact(idb, "readonly", function (store) { return request(store.getAll()); });
  }

  function waiting(idb, token) {
    return all(idb).then(function (entries) {
      return entries.filter(function (e) { return e.token === token; });
    }).catch(function () { return []; });
  }

  function field(entry, name) {
    var found = entry.fields.filter(function (pair) { return pair[0] === name; })[0];
    return found ? found[1] : null;
  }

  function setField(fields, name, value) {
    var out = fields.filter(function (pair) { return pair[0] !== name; });
    out.push([name, value]);
    return out;
  }

  /* A new entry for a form sent while the server could not be reached, added after
     ``entries`` (the outbox as it is). ``made.key()``: a fresh form key. Sent again
     exactly as the browser sent it (the server compares a resent form with the first),
     a deal saved even if Enter sent the form without a button. */
  function entryFor(entries, made) {
    var fields = new URLSearchParams(made.body);
    if (!made.burro && !made.kind && fields.get("action") !== "save") { fields.set("action", "save"); }
    var mine = entries.filter(function (e) { return e.token === made.token; });
    var version = parseInt(fields.get("version"), 10) || 0;
    var expect = mine.length ? Math.max(version, mine[mine.length - 1].expect + 1) : version;
    /* the form's own key, which the server knows if the save reached it before the
       connection broke (it then answers the resent deal as the first time); a fresh one
       when an entry already holds it (a form kept on the phone and opened again has the
       same key each time) */
    var idem = fields.get("idem");
    var held = entries.some(function (e) { return field(e, "idem") === idem; });
    if (!idem || held) { fields.set("idem", made.key()); }
    var entry = {token: made.token, url: made.url, fields: Array.from(fields.entries()),
                 expect: expect, saved: made.now, refused: 0};
    if (made.fix) { entry.fix = made.fix; }
    if (made.kind) { entry.kind = made.kind; }
    if (made.match) { entry.match = made.match; }
    return entry;
  }

  /* A form sent without a network: an entry opened from the outbox (its key) takes what
     was sent now in its place; anything else is a new entry. */
  function add(idb, made) {
    return transact(idb, "readwrite", function (store) {
      return request(store.getAll()).then(function (entries) {
        var idem = new URLSearchParams(made.body).get("idem");
        var opened = entries.filter(function (e) { return e.opened && idem && field(e, "idem") === idem; })[0];
        if (opened) {
          var fields = Array.from(new URLSearchParams(made.body).entries());
          opened.fields = made.burro || made.kind ? fields : setField(fields, "action", "save");
          opened.refused = 0;
          delete opened.opened;
          delete opened.reason;
          delete opened.changed;
          store.put(opened);
          return opened;
        }
        var entry = entryFor(entries, made);
        return request(store.add(entry)).then(function (id) { entry.id = id; return entry; });
      });
    });
  }

  /* Why the server did not take an entry, from its answer: the form's token ran out
     (``csrf``), the match changed on another phone since (``stale``), the form's key was
     used for something else (``used``), it breaks a rule (``rules``), the match is gone
     (``gone``), or something else (``refused``). */
  function reason(response) {
    var said = response.headers && response.headers.get("X-Scorekeeper-Refused");
    if (said) { return said; }
    if (response.status === 409) { return "stale"; }
    if (response.status === 422) { return "rules"; }
    if (response.status === 404 || response.status === 410) { return "gone"; }
    return "refused";
  }

  /* What changed on the server since the entry was saved, as the server says it when it
     refuses one (``X-Scorekeeper-Changed``: a sentence in the page's language, such as
     "the director fixed deal 1", percent-encoded as UTF-8), for the pages to show; null
     when it says nothing, or nothing that reads as such a sentence. */
  function changed(response) {
    var said = response.headers && response.headers.get("X-Scorekeeper-Changed");
    if (!said) { return null; }
    try {
      return decodeURIComponent(said) || null;
    } catch (err) {
      return null;
    }
  }

  /* The order entries are sent in, and those held back: an entry refused (or opened by
     the scorer) holds back the later entries of its match; the others go, oldest first. */
  function plan(entries) {
    var held = {}, send = [], behind = [];
    entries.slice().sort(function (a, b) { return a.id - b.id; }).forEach(function (entry) {
      if (held[entry.token]) { behind.push(entry); return; }
      if (entry.refused || entry.opened) { held[entry.token] = entry.id; return; }
      send.push(entry);
    });
    return {send: send, behind: behind, held: held};
  }

  /* Sending rounds, one at a time: ``run()`` makes a round (a promise of its answer). The
     function returned asks for a round and answers with it. An ask while a round goes is
     answered by the next one, made once that one ends: the round going may have read the
     outbox before the entry the ask is about was added, and its answer (nothing waits)
     would leave that entry until the network or the page changes. The asks made while
     a round goes share the one after it. */
  function rounds(run) {
    var going = null, next = null;
    function start() {
      var round = Promise.resolve().then(run);
      going = round;
      return round.then(function (done) {
        if (going === round) { going = null; }
        return done;
      }, function (err) {
        if (going === round) { going = null; }
        throw err;
      });
    }
    return function () {
      if (!going) { return start(); }
      if (!next) {
        next = going.then(null, function () { /* its failure is its own asker's */ })
          .then(function () { next = null; return going || start(); });
      }
      return next;
    };
  }

  function sleep(ms) {
    return new Promise(function (resolve) { setTimeout(resolve, ms); });
  }

  /* One sending round. ``deps``: ``idb`` (IndexedDB), ``fetch`` (the worker's gives up
     when the server does not answer in time: router.js), ``token()`` (a fresh form
     token from the server), and ``pause(ms)`` (a promise resolved after that long; a timer
     unless given). Answers what happened: ``sent`` and ``refused`` (match links touched),
     ``reached`` (false when the server could not be reached or failed, or the phone's
     store did), and ``left`` (entries still waiting; 1 when the store cannot say). It never
     fails: a failure of its own is said as a server not reached. */
  function sync(deps) {
    var out = {sent: [], refused: [], reached: true, left: 0};
    var token = null, pause = deps.pause || sleep;
    function fresh(again) {
      if (token && !again) { return Promise.resolve(token); }
      return deps.token().then(function (t) { token = t; return t; });
    }
    function post(entry, tries) {
      return (tries ? pause(TOKEN_PAUSE * tries) : Promise.resolve()).then(function () {
        return fresh(tries > 0);
      }).then(function (csrf) {
        var body = new URLSearchParams(entry.fields);
        if (entry.kind !== "match") { body.set("version", String(entry.expect)); }
        if (csrf) { body.set("csrf_token", csrf); }
        return deps.fetch(entry.url, {method: "POST", body: body, credentials: "same-origin",
                                      redirect: "follow"});
      }).then(function (response) {
        if (response.status === 400 && reason(response) === "csrf" && tries + 1 < TOKEN_TRIES) {
          return post(entry, tries + 1);
        }
        return response;
      });
    }
    function one(entry) {
      return post(entry, 0).then(function (response) {
        if (response.ok && response.redirected) {
          out.sent.push(entry.token);
          return transact(deps.idb, "readwrite", function (store) { store.delete(entry.id); })
            .then(function () { return true; });
        }
        if (response.status >= 500 || response.status === 0) { out.reached = false; return false; }
        out.refused.push(entry.token);
        entry.refused = response.status;
        entry.reason = reason(response);
        var change = changed(response);
        if (change) { entry.changed = change; } else { delete entry.changed; }
        return transact(deps.idb, "readwrite", function (store) { store.put(entry); })
          .then(function () { return true; });
      }, function () { out.reached = false; return false; });
    }
    return all(deps.idb).then(function (entries) {
      var held = {};
      return entries.sort(function (a, b) { return a.id - b.id; }).reduce(function (chain, entry) {
        return chain.then(function (go) {
          if (!go) { return false; }
          if (held[entry.token] || entry.refused || entry.opened) { held[entry.token] = true; return true; }
          return one(entry).then(function (goOn) {
            if (entry.refused) { held[entry.token] = true; }
            return goOn;
          });
        });
      }, Promise.resolve(true));
    }).then(function () {
      return all(deps.idb);
    }).then(function (entries) {
      out.left = entries.length;
      return out;
    }, function () {
      /* the round failed on the phone's side (its store), not by the server's answer: what
         waits is said to wait, as after a server not reached, so that the page asks again
         (an entry the server took meanwhile is taken once: its form key is spent) */
      out.reached = false;
      return all(deps.idb).then(function (entries) { return entries.length; },
                                function () { return 1; })
        .then(function (left) { out.left = left; return out; });
    });
  }

  /* The scorer opens a refused entry: it stays in the outbox (marked opened) until the
     server takes what the scorer sends from its page, or the scorer throws it away. */
  function markOpened(idb, id) {
    return transact(idb, "readwrite", function (store) {
      return request(store.get(id)).then(function (entry) {
        if (!entry) { return null; }
        entry.opened = true;
        store.put(entry);
        return entry;
      });
    });
  }

  function discard(idb, id) {
    return transact(idb, "readwrite", function (store) {
      return request(store.get(id)).then(function (entry) {
        if (entry) { store.delete(id); }
        return entry || null;
      });
    });
  }

  /* The server took a form sent from a page (``fields``: what it sent): the entry of the
     outbox with the same key leaves it, and the entries of its match behind it are now
     expected one after the other after the version that form was taken at. */
  function accepted(idb, fields) {
    var sent = new URLSearchParams(fields), idem = sent.get("idem");
    if (!idem) { return Promise.resolve(null); }
    return transact(idb, "readwrite", function (store) {
      return request(store.getAll()).then(function (entries) {
        var done = entries.filter(function (e) { return field(e, "idem") === idem; })[0];
        if (!done) { return null; }
        store.delete(done.id);
        var version = parseInt(sent.get("version"), 10);
        if (isNaN(version)) { return done; }
        entries.filter(function (e) { return e.token === done.token && e.id > done.id; })
          .sort(function (a, b) { return a.id - b.id; })
          .forEach(function (e, k) { e.expect = version + 1 + k; store.put(e); });
        return done;
      });
    });
  }

  return {backoff: backoff, open: open, all: all, waiting: waiting, add: add, entryFor: entryFor,
          plan: plan, reason: reason, changed: changed, sync: sync, rounds: rounds, markOpened: markOpened,
          discard: discard,
          accepted: accepted, field: field};
}));
