/* Scorekeeper's service worker (scorekeeper/web/offline.py): it keeps the static files
   and every page this phone opens, and shows them when the server cannot be reached.
   Static files come from the cache first (their cache is named after their digest);
   pages from the network first, the phone's last copy when the network fails, and the
   offline page in the phone's language for a page it never opened. The offline pack
   (Pyodide and the referee, static/pack/) and the referee's worker are kept once fetched,
   in a cache named after the pack's version.
   A deal (new or fixed; a Burro round) saved while the server cannot be reached goes to
   the outbox (IndexedDB), and the scoreboard (the game) it came from is shown; the
   outbox is sent, oldest first, whenever the server may answer again (see "The outbox"
   below). A new match set up then goes there too, with links chosen here; its pages are
   the kept ones of its rules and sides with its own words (see "A match set up on this
   phone"). */
"use strict";
var VERSION = "{{ version }}";
var ASSETS = {{ assets }};
var OFFLINE = {{ pages }};
var LOCALES = {{ locales }};
var STATIC = "scorekeeper-static-" + VERSION;
var PACK = "scorekeeper-pack-{{ pack }}";
var PACK_PATH = "{{ pack_path }}";
var WORKER = "{{ worker }}";
var PACK_FILES = {{ pack_files }};
var PAGES = "scorekeeper-pages";
var KEEP = 200;  /* pages kept: the oldest go first */
var LANG = "/__scorekeeper/lang";
var NEW_DEAL = /^\/m\/([^\/]+)\/deals\/new$/;
var MATCH_DOC = /^\/m\/([^\/]+)\/match\.json$/;
var BOARD = /^\/m\/([^\/]+)$/;
var EDIT_DEAL = /^\/m\/([^\/]+)\/deals\/(\d+)\/edit$/;
var BURRO_ROUND = /^\/b\/([^\/]+)\/round$/;
var BURRO_DOC = /^\/b\/[^\/]+\/game\.json$/;
var NEW_MATCH = "{{ new_match }}";
var SETUP = "{{ setup }}";  /* with the language for LANG_CODE */

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(STATIC).then(function (cache) {
    return cache.addAll(ASSETS.concat(OFFLINE));
  }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return (name.indexOf("scorekeeper-static-") === 0 && name !== STATIC) ||
        (name.indexOf("scorekeeper-pack-") === 0 && name !== PACK);
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type === "update") { self.skipWaiting(); }
  if (data.type === "sync") { event.waitUntil(sync()); }
  if (data.type === "keep") { event.waitUntil(keep(data.urls || [])); }
  if (data.type === "outbox" && event.source) {
    event.waitUntil(waiting(data.token).then(function (entries) {
      event.source.postMessage({type: "outbox", token: data.token, entries: entries});
    }));
  }
  if (data.type === "setups" && event.source) {
    event.waitUntil(outbox("readonly", all).catch(function () { return []; }).then(function (entries) {
      event.source.postMessage({type: "setups", matches: entries.filter(function (e) {
        return e.kind === "match";
      }).map(function (e) { return {token: e.token, name: e.match.name, profile: e.match.profile}; })});
    }));
  }
  if (data.type === "take" && event.source) {
    event.waitUntil(take(data.id).then(function (entry) {
      event.source.postMessage({type: "taken", entry: entry || null});
    }));
  }
  if (data.type === "pack" && PACK_FILES.length) {
    event.waitUntil(keepPack(data.worker, event.source));
  }
  if (data.type === "lang" && LOCALES.indexOf(data.lang) >= 0) {
    event.waitUntil(caches.open(PAGES).then(function (cache) {
      return cache.put(LANG, new Response(data.lang));
    }));
  }
});

self.addEventListener("fetch", function (event) {
  var request = event.request, url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (request.mode === "navigate") {
    event.respondWith(page(event));
  } else if (request.method === "GET" && (MATCH_DOC.test(url.pathname) || BURRO_DOC.test(url.pathname))) {
    event.respondWith(page(event, "application/json"));
  } else if (request.method === "GET" && (url.pathname.indexOf(PACK_PATH) === 0 ||
                                          url.pathname === WORKER)) {
    event.respondWith(packed(event));
  } else if (request.method === "GET" && url.pathname.indexOf("/static/") === 0) {
    event.respondWith(caches.match(request).then(function (hit) { return hit || fetch(request); }));
  }
});

self.addEventListener("sync", function (event) {
  if (event.tag === "outbox") { event.waitUntil(sync()); }
});

function page(event, kind) {
  var request = event.request, path = new URL(request.url).pathname;
  /* a new deal's or a new match's form: its fields, kept for the outbox should the
     network fail */
  var deal = request.method === "POST" && NEW_DEAL.exec(path);
  var round = request.method === "POST" && BURRO_ROUND.exec(path);
  var fix = request.method === "POST" && EDIT_DEAL.exec(path);
  var setUp = request.method === "POST" && path === NEW_MATCH;
  var sent = deal || round || fix || setUp ? request.clone().text() : null;
  var toOutbox = function () {  /* a deal or a round kept for later, its page shown */
    return sent.then(function (body) {
      return queue(request.url, (deal || round || fix)[1], body, !!round, fix ? parseInt(fix[2], 10) : 0);
    }).then(function (board) { return Response.redirect(board, 303); });
  };
  return fetch(request).then(function (response) {
    var type = response.headers.get("Content-Type") || "";
    if (request.method === "GET" && response.status === 200 && type.indexOf(kind || "text/html") === 0) {
      var copy = response.clone();
      event.waitUntil(caches.open(PAGES).then(function (cache) {
        return cache.put(request, copy).then(function () { return trim(cache); });
      }));
    }
    /* a match set up on this phone that the server does not have yet: its pages, and
       its deals wait behind it in the outbox */
    if (request.method === "GET" && response.status === 404) {
      return ownPage(path, kind).then(function (own) { return own || response; });
    }
    if (deal && response.status === 404) {
      return setUpHere(deal[1]).then(function (entry) { return entry ? toOutbox() : response; });
    }
    return response;
  }, function () {
    if (deal || round || fix) { return toOutbox().catch(offline); }
    if (setUp) {
      return sent.then(function (body) { return queueMatch(request.url, body); })
        .then(function (board) { return board ? Response.redirect(board, 303) : offline(); }, offline);
    }
    var kept = request.method === "GET" ? caches.match(request, {cacheName: PAGES})
                                        : Promise.resolve(undefined);
    return kept.then(function (hit) {
      return hit || (request.method === "GET" ? ownPage(path, kind) : Promise.resolve(null))
        .then(function (own) { return own || (kind ? Response.error() : offline()); });
    });
  });
}

/* Pages a page leads to (a scoreboard's next deal's form and match document; the new
   match page's pages of a match set up without a network), kept so that they open
   without a network too: one at a time, never holding more than one of the server's
   threads while the phone's scorer uses the others. */
function keep(urls) {
  return caches.open(PAGES).then(function (cache) {
    return urls.filter(function (u) {
      return new URL(u, self.location.href).origin === self.location.origin;
    }).reduce(function (chain, u) {
      return chain.then(function () {
        return fetch(u, {credentials: "same-origin"}).then(function (response) {
          if (response.status === 200) { return cache.put(u, response); }
        }, function () {});
      });
    }, Promise.resolve()).then(function () { return trim(cache); });
  });
}

/* The outbox: deals saved without a network, in the order they were saved. Each has a
   key of its own (see queue) and the
   match version the server will have when it comes: the version its form was built
   against, one more for each deal of the same match queued before it. A deal the server
   refuses (the match changed meanwhile, a rule broken) stays, marked, and holds back the
   later deals of its match until the scorer opens it. */
function outbox(mode, work) {
  return new Promise(function (resolve, reject) {
    var open = indexedDB.open("scorekeeper", 1);
    open.onupgradeneeded = function () {
      open.result.createObjectStore("outbox", {keyPath: "id", autoIncrement: true});
    };
    open.onerror = function () { reject(open.error); };
    open.onsuccess = function () {
      var db = open.result, tx = db.transaction("outbox", mode), result;
      Promise.resolve(work(tx.objectStore("outbox"))).then(function (r) { result = r; });
      tx.oncomplete = function () { db.close(); resolve(result); };
      tx.onerror = tx.onabort = function () { db.close(); reject(tx.error); };
    };
  });
}

function all(store) {
  return new Promise(function (resolve) {
    store.getAll().onsuccess = function (e) { resolve(e.target.result); };
  });
}

/* A form's key, or a match's link: 16 random bytes, URL-safe, as the server makes both
   (writes.new_key, models.new_token). */
function key() {
  var bytes = new Uint8Array(16);
  self.crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode.apply(null, bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/* ``fix``: the number of the past deal the form fixes (0: a new deal or round) */
function queue(url, token, body, burro, fix) {
  /* sent again exactly as the browser sent it (the server compares a resent form with
     the first), a deal saved even if Enter sent the form without a button */
  var fields = new URLSearchParams(body);
  if (!burro && fields.get("action") !== "save") { fields.set("action", "save"); }
  return outbox("readwrite", function (store) {
    return all(store).then(function (entries) {
      var mine = entries.filter(function (e) { return e.token === token; });
      var version = parseInt(fields.get("version"), 10) || 0;
      var expect = mine.length ? Math.max(version, mine[mine.length - 1].expect + 1) : version;
      /* the form's own key, which the server knows if the save reached it before the
         connection broke (it then answers the resent deal as the first time); a fresh
         one when a deal of this outbox already holds it (a form kept on the phone and
         opened again has the same key each time) */
      var idem = fields.get("idem");
      var held = entries.some(function (e) { return new URLSearchParams(e.fields).get("idem") === idem; });
      if (!idem || held) {
        fields.set("idem", key());
      }
      var entry = {token: token, url: url, fields: Array.from(fields.entries()), expect: expect,
                   saved: Date.now(), refused: 0};
      if (fix) { entry.fix = fix; }
      store.add(entry);
    });
  }).then(function () {
    if (self.registration.sync) { self.registration.sync.register("outbox").catch(function () {}); }
    return new URL((burro ? "/b/" : "/m/") + token + "#outbox", self.location.href).href;
  });
}

/* A match set up on this phone: the new match form's fields, read as the server reads
   them (web/matches.py: a side left empty is "Us" or "Them", or named after its
   players; the match after its sides), with links chosen here (as models.new_token
   makes them), so that its pages keep their addresses once the server has it. Set up
   only when this phone holds the pages of its rules and sides, in the language of the
   last page (the new match page has it keep them, web/offline.py); otherwise, or when
   the server would refuse it anyway (a number of sides its rules are not played by, a
   target out of range), nothing is queued and the offline page says why it cannot be. */

function visible(text) { return text.replace(/[\s\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/g, ""); }

function lastLanguage() {
  return caches.match(LANG, {cacheName: PAGES}).then(function (hit) { return hit ? hit.text() : ""; });
}

function queueMatch(url, body) {
  var fields = new URLSearchParams(body);
  return lastLanguage().then(function (lang) {
    return caches.match(SETUP.replace("LANG_CODE", lang), {cacheName: PAGES});
  }).then(function (hit) { return hit ? hit.json() : null; }).then(function (setup) {
    var rules = setup && setup.rules[fields.get("profile")];
    if (!rules) { return null; }
    var sides = [];
    for (var i = 0; fields.has("sides-" + i + "-name"); i++) {
      var name = (fields.get("sides-" + i + "-name") || "").trim();
      var players = (fields.get("sides-" + i + "-players") || "").split(",").map(function (p) {
        return p.trim();
      }).filter(function (p) { return visible(p); });
      if (!visible(name)) { name = ""; }
      if (!name && !players.length) {
        if (i >= setup.defaults.length) { continue; }
        name = setup.defaults[i];
      }
      sides.push({name: name || players.join(" & "), players: players});
    }
    var target = fields.get("target") ? Number(fields.get("target")) : rules.target;
    var names = sides.map(function (side) { return side.name; });
    if (rules.sides.indexOf(sides.length) < 0 || !(target >= 100 && target <= 100000) ||
        target % 1 || new Set(names).size !== names.length) { return null; }
    var board = setup.board.replace("/P/0", "/" + fields.get("profile") + "/" + sides.length);
    var deal = setup.deal.replace("/P/0", "/" + fields.get("profile") + "/" + sides.length);
    return caches.open(PAGES).then(function (cache) {
      return Promise.all([cache.match(board), cache.match(deal)]);
    }).then(function (pages) {
      if (!pages[0] || !pages[1]) { return null; }
      var edit = key(), view = key();
      fields.set("edit_token", edit);
      fields.set("view_token", view);
      if (!fields.get("idem")) { fields.set("idem", key()); }
      var match = {name: (fields.get("name") || "").trim() || names.join(" \u00d7 "),
                   profile: fields.get("profile"), target: target, sides: sides, view: view,
                   board: board, deal: deal, shell: setup.shell, sample: setup.target,
                   thousands: setup.thousands};
      return outbox("readwrite", function (store) {
        store.add({token: edit, kind: "match", url: url, fields: Array.from(fields.entries()),
                   expect: 0, saved: Date.now(), refused: 0, match: match});
      }).then(function () {
        if (self.registration.sync) { self.registration.sync.register("outbox").catch(function () {}); }
        return new URL("/m/" + edit, self.location.href).href;
      });
    });
  });
}

function setUpHere(token) {
  return waiting(token).then(function (entries) {
    return entries.filter(function (e) { return e.kind === "match"; })[0] || null;
  });
}

/* The page of a match set up here that the server does not have yet: its scoreboard,
   its next deal's form, its match document (what its waiting deals are scored against). */
function ownPage(path, kind) {
  var board = BOARD.exec(path), deal = NEW_DEAL.exec(path), doc = MATCH_DOC.exec(path);
  var token = (board || deal || doc || [])[1];
  if (!token) { return Promise.resolve(null); }
  return setUpHere(token).then(function (entry) {
    if (!entry) { return null; }
    var match = entry.match;
    if (doc && kind) {
      return new Response(JSON.stringify({version: 1, match: {profile: match.profile,
        target: match.target, deals: [], sides: match.sides.map(function (s) { return s.name; })}}),
        {headers: {"Content-Type": "application/json"}});
    }
    if (kind) { return null; }
    var shell = board ? match.board : match.deal;
    return caches.match(shell, {cacheName: PAGES}).then(function (hit) {
      return hit ? hit.text().then(function (html) {
        return new Response(ownWords(html, entry, shell, path),
                            {headers: {"Content-Type": "text/html; charset=utf-8"}});
      }) : null;
    });
  });
}

function escaped(text) {
  return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

function digits(n, thousands) {
  var sep = thousands.replace(/\d/g, "");
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

function ownWords(html, entry, shell, path) {
  var match = entry.match, words = match.shell;
  var swaps = [[shell, path], [words.edit, entry.token], [words.view, match.view],
               [words.name, escaped(match.name)], [words.key, key()],
               [digits(match.sample, match.thousands), digits(match.target, match.thousands)]];
  match.sides.forEach(function (side, i) {
    swaps.push([words.side.replace("{n}", i), escaped(side.name)]);
    swaps.push([words.players.replace("{n}", i), escaped(side.players.join(", "))]);
  });
  swaps.forEach(function (swap) { html = html.split(swap[0]).join(swap[1]); });
  return html;
}

function waiting(token) {
  return outbox("readonly", all).then(function (entries) {
    return entries.filter(function (e) { return e.token === token; });
  }).catch(function () { return []; });
}

function take(id) {
  return outbox("readwrite", function (store) {
    return new Promise(function (resolve) {
      store.get(id).onsuccess = function (e) {
        var entry = e.target.result;
        if (entry) { store.delete(id); }
        resolve(entry);
      };
    });
  });
}

/* Sent oldest first, one at a time: a deal the server took (it answers with the
   scoreboard) leaves the outbox; one it refuses is marked with the status it gave; no
   answer at all (or the server's own trouble) stops the round until the next. */
var syncing = null;
function sync() {
  if (syncing) { return syncing; }
  var changed = {}, held = {};
  syncing = outbox("readonly", all).then(function (entries) {
    return entries.reduce(function (chain, entry) {
      return chain.then(function (go) {
        if (!go) { return false; }
        if (entry.refused || held[entry.token]) { held[entry.token] = true; return true; }
        var body = new URLSearchParams(entry.fields);
        if (entry.kind !== "match") { body.set("version", String(entry.expect)); }
        return fetch(entry.url, {method: "POST", body: body, credentials: "same-origin"})
          .then(function (response) {
            if (response.ok && response.redirected) {
              changed[entry.token] = true;
              return outbox("readwrite", function (store) { store.delete(entry.id); })
                .then(function () { return true; });
            }
            if (response.status >= 500) { return false; }
            held[entry.token] = changed[entry.token] = true;
            entry.refused = response.status;
            return outbox("readwrite", function (store) { store.put(entry); })
              .then(function () { return true; });
          }, function () { return false; });
      });
    }, Promise.resolve(true));
  }).catch(function () {}).then(function () {
    syncing = null;
    var tokens = Object.keys(changed);
    if (tokens.length) { return tell({type: "synced", tokens: tokens}); }
  });
  return syncing;
}

/* A file of the offline pack: from the phone once fetched, kept at the first fetch. */
function packed(event) {
  var request = event.request;
  return caches.open(PACK).then(function (cache) {
    return cache.match(request).then(function (hit) {
      return hit || fetch(request).then(function (response) {
        if (response.status === 200) {
          event.waitUntil(cache.put(request, response.clone()));
        }
        return response;
      });
    });
  });
}

/* Every file of the offline pack this phone does not hold yet, and the referee's worker
   (with the pack's version, as the pages start it). The pages are told how far it got,
   in bytes, after each file: they show it while it lasts. A page that asks when every
   file is held already is told so (``held``): it starts Python in the background if no
   snapshot was kept (the page that started it first was left too soon). */
var packing = null;
function keepPack(worker, asking) {
  if (packing) { return packing; }
  var files = PACK_FILES.slice();
  if (worker && new URL(worker, self.location.href).pathname === WORKER) { files.push([worker, 0]); }
  var total = files.reduce(function (sum, file) { return sum + file[1]; }, 0), done = 0, told = false;
  packing = caches.open(PACK).then(function (cache) {
    return Promise.all(files.map(function (file) {
      return cache.match(file[0]).then(function (hit) {
        if (hit) { done += file[1]; return; }
        return fetch(file[0]).then(function (response) {
          if (response.status !== 200) { throw new Error(file[0] + ": " + response.status); }
          return cache.put(file[0], response).then(function () {
            done += file[1];
            told = true;
            tell({type: "pack", done: done, total: total});
          });
        });
      });
    }));
  }).then(function () {
    if (told) {
      tell({type: "pack", done: total, total: total, kept: true});
    } else if (asking) {
      asking.postMessage({type: "pack", held: true});
    }
  }).catch(function () {
    tell({type: "pack", failed: true});  /* the network went away: the next page asks again */
  }).then(function () { packing = null; });
  return packing;
}

function tell(message) {
  return self.clients.matchAll({type: "window", includeUncontrolled: true}).then(function (pages) {
    pages.forEach(function (page) { page.postMessage(message); });
  });
}

function trim(cache) {
  return cache.keys().then(function (keys) {
    var pages = keys.filter(function (k) { return new URL(k.url).pathname !== LANG; });
    return Promise.all(pages.slice(0, Math.max(0, pages.length - KEEP)).map(function (k) {
      return cache.delete(k);
    }));
  });
}

/* The offline page in the language of the last page shown, else the phone's own. */
function offline() {
  return caches.match(LANG, {cacheName: PAGES}).then(function (hit) {
    return hit ? hit.text() : "";
  }).then(function (lang) {
    if (LOCALES.indexOf(lang) < 0) {
      var wanted = (self.navigator.language || "en").replace("-", "_");
      lang = LOCALES.filter(function (code) { return code === wanted; })[0] ||
        LOCALES.filter(function (code) { return code.split("_")[0] === wanted.split("_")[0]; })[0] ||
        LOCALES[0];
    }
    return caches.match(OFFLINE[LOCALES.indexOf(lang)], {cacheName: STATIC});
  }).then(function (hit) {
    return hit || new Response("", {status: 503, statusText: "Offline"});
  });
}
