/* Scorekeeper's service worker (its config comes from /sw.js, web/offline.py; the
   outbox from queue.js, a match set up here from setup.js, what it makes of a request
   from router.js).

   It keeps the static files and every page this phone opens, and shows them when the
   server cannot be reached or says its database does not answer. Static files come from
   the cache first (their cache is named after their digest); pages from the network
   first, the phone's last copy when that fails, and the offline page in the phone's
   language for a page it never opened. The offline pack (Pyodide and the referee,
   static/pack/) and the referee's worker are kept once fetched, in a cache named after
   the pack's version. A deal (new or fixed; a Burro round; an evening's table's, from its
   side's page) saved then goes to the outbox, and the scoreboard (the game, the side's
   page) it came from is shown; the outbox is sent whenever the server may answer again
   (queue.js). A new match set up then goes there too, with links chosen here (setup.js).
   A server that does not answer in time (a Wi-Fi connected to nothing) is one that
   cannot be reached: a page, a form or the outbox waits for its answer no longer than
   its bound below. */
/* global SKQueue, SKSetup, SKRouter */
(function () {
  "use strict";

  var CONFIG = self.SCOREKEEPER;
  var STATIC = "scorekeeper-static-" + CONFIG.version;
  var PACK = "scorekeeper-pack-" + CONFIG.pack;
  var PAGES = "scorekeeper-pages";
  var KEEP = 200;  /* pages kept: the oldest go first */
  var LANG = "/__scorekeeper/lang";
  /* the header of a server's answer that says its database did not answer (web/errors.py) */
  var UNAVAILABLE = "X-Scorekeeper-Unavailable";
  /* How long the server has to answer: a page, a form sent from one, a form token,
     someone waiting; a deal of the outbox (its scoreboard, where the server's answer
     leads, with it) and a page kept for later, nobody waiting; a static file or one of
     the offline pack, between two of its parts (a large file on a slow network). */
  var SECOND = 1000, WAIT = 5 * SECOND, LATER = 10 * SECOND, STALL = 15 * SECOND;
  var fetchNow = SKRouter.within(network, WAIT), fetchLater = SKRouter.within(network, LATER);
  var fetchLarge = SKRouter.steady(network, STALL), fetchStatic = SKRouter.within(network, STALL);

  function network(resource, init) { return fetch(resource, init); }

  function newKey() { return SKSetup.key(self.crypto); }

  self.addEventListener("install", function (event) {
    event.waitUntil(caches.open(STATIC).then(function (cache) {
      return cache.addAll(CONFIG.assets.concat(CONFIG.pages));
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

  /* What a page asks of the worker. */
  var ASKED = {
    update: function () { self.skipWaiting(); },
    claim: function () { return self.clients.claim(); },
    sync: function (data, source) { return sync(source); },
    keep: function (data) { return keep(data.urls || []); },
    outbox: function (data, source) {
      return SKQueue.waiting(indexedDB, data.token).then(function (entries) {
        source.postMessage({type: "outbox", token: data.token, entries: entries});
      });
    },
    setups: function (data, source) {
      return SKQueue.all(indexedDB).catch(function () { return []; }).then(function (entries) {
        source.postMessage({type: "setups", matches: entries.filter(function (e) {
          return e.kind === "match";
        }).map(function (e) { return {token: e.token, name: e.match.name, profile: e.match.profile}; })});
      });
    },
    /* a refused entry opened by the scorer: it stays until the server takes it */
    open: function (data, source) {
      return Promise.all([SKQueue.markOpened(indexedDB, data.id), formToken().catch(function () { return ""; })])
        .then(function (got) { source.postMessage({type: "opened", entry: got[0], csrf: got[1]}); });
    },
    discard: function (data, source) {
      return SKQueue.discard(indexedDB, data.id).then(function (entry) {
        source.postMessage({type: "discarded", entry: entry});
      });
    },
    pack: function (data, source) {
      if (!CONFIG.pack_files.length) { return; }
      return data.check ? packHeld(source) : keepPack(data.worker, source);
    },
    lang: function (data) {
      if (CONFIG.locales.indexOf(data.lang) < 0) { return; }
      return caches.open(PAGES).then(function (cache) { return cache.put(LANG, new Response(data.lang)); });
    }
  };

  self.addEventListener("message", function (event) {
    var data = event.data || {}, asked = ASKED[data.type];
    if (!asked || (!event.source && data.type !== "update")) { return; }
    var done = asked(data, event.source);
    if (done) { event.waitUntil(done); }
  });

  self.addEventListener("fetch", function (event) {
    var request = event.request, how = SKRouter.route(request, CONFIG, self.location.origin);
    if (how === "page") {
      event.respondWith(page(event));
    } else if (how === "doc") {
      event.respondWith(page(event, "application/json"));
    } else if (how === "pack") {
      event.respondWith(packed(event));
    } else if (how === "static") {
      event.respondWith(caches.match(request).then(function (hit) { return hit || fetchStatic(request); }));
    }
  });

  self.addEventListener("sync", function (event) {
    if (event.tag === "outbox") { event.waitUntil(sync()); }
  });

  function page(event, kind) {
    var request = event.request, path = new URL(request.url).pathname;
    var form = SKRouter.formOf(request, path, CONFIG);
    var sent = form ? request.clone().text() : null;
    function unreached() {  /* a form waits in the outbox, a page is shown as kept */
      if (form && form.setUp) {
        return sent.then(function (body) { return queueMatch(request.url, body); })
          .then(function (board) { return board ? Response.redirect(board, 303) : offline(); }, offline);
      }
      if (form) { return toOutbox(request, form, sent).catch(offline); }
      var kept = request.method === "GET" ? caches.match(request, {cacheName: PAGES})
                                          : Promise.resolve(undefined);
      return kept.then(function (hit) {
        return hit || (request.method === "GET" ? ownPage(path, kind) : Promise.resolve(null))
          .then(function (own) { return own || (kind ? Response.error() : offline()); });
      });
    }
    return fetchNow(request).then(function (response) {
      if (response.status === 503 && response.headers.get(UNAVAILABLE) === "database") {
        return unreached();
      }
      if (request.method === "GET" && response.status === 200 &&
          (response.headers.get("Content-Type") || "").indexOf(kind || "text/html") === 0) {
        var copy = response.clone();
        event.waitUntil(caches.open(PAGES).then(function (cache) {
          return cache.put(request, copy).then(function () { return trim(cache); });
        }));
      }
      /* the server took a form: an entry of the outbox opened from it leaves it */
      /* (a page's form is sent with redirects left to the page: an opaque redirect) */
      if (form && (response.type === "opaqueredirect" || (response.ok && response.redirected))) {
        event.waitUntil(sent.then(function (body) { return SKQueue.accepted(indexedDB, body); })
          .catch(function () {}));
      }
      /* a match set up on this phone that the server does not have yet: its pages, and
         its deals wait behind it in the outbox */
      if (request.method === "GET" && response.status === 404) {
        return ownPage(path, kind).then(function (own) { return own || response; });
      }
      if (form && form.deal && response.status === 404) {
        return setUpHere(form.token).then(function (entry) {
          return entry ? toOutbox(request, form, sent) : response;
        });
      }
      return response;
    }, unreached);
  }

  /* A deal or a round kept for later; the page it came from is shown. */
  function toOutbox(request, form, sent) {
    return sent.then(function (body) {
      return SKQueue.add(indexedDB, {url: request.url, token: form.token, body: body, burro: form.burro,
                                     fix: form.fix, now: Date.now(), key: newKey});
    }).then(function () {
      later();
      var board = new URL((form.table ? "/e/t/" : form.burro ? "/b/" : "/m/") + form.token + "#outbox",
                          self.location.href);
      return Response.redirect(board.href, 303);
    });
  }

  function later() {
    if (self.registration.sync) { self.registration.sync.register("outbox").catch(function () {}); }
  }

  /* A fresh form token from the server, for this browser's session as it is now. */
  function formToken() {
    return fetchNow(CONFIG.token, {credentials: "same-origin", cache: "no-store"}).then(function (r) {
      if (!r.ok) { throw new Error("token: " + r.status); }
      return r.json();
    }).then(function (doc) { return doc.csrf_token; });
  }

  /* Sent oldest first, one round at a time (queue.js); a page that asks is answered by a
     round that reads the outbox after its ask. The pages are told what went and what was
     refused, and the page that asked when to ask again if some still wait. */
  var failures = 0;
  var round = SKQueue.rounds(function () {
    return SKQueue.sync({idb: indexedDB, token: formToken, fetch: fetchLater}).then(function (done) {
      failures = done.reached ? 0 : failures + 1;
      var tokens = done.sent.concat(done.refused);
      var told = tokens.length ? tell({type: "synced", tokens: tokens, sent: done.sent, refused: done.refused})
                               : Promise.resolve();
      return told.then(function () { return done; });
    });
  });
  function sync(asking) {
    return round().then(function (done) {
      if (asking) {
        asking.postMessage({type: "sync-done", reached: done.reached, left: done.left,
                            retry: SKQueue.backoff(failures - 1)});
      }
    });
  }

  /* Pages a page leads to (a scoreboard's next deal's form and match document; the new
     match page's pages of a match set up without a network; the page itself on its first
     visit), kept so that they open without a network too: one at a time, never holding
     more than one of the server's threads while the phone's scorer uses the others. */
  function keep(urls) {
    return caches.open(PAGES).then(function (cache) {
      return urls.filter(function (u) {
        return new URL(u, self.location.href).origin === self.location.origin;
      }).reduce(function (chain, u) {
        return chain.then(function () {
          return fetchLater(u, {credentials: "same-origin"}).then(function (response) {
            if (response.status === 200) { return cache.put(u, response); }
          }, function () {});
        });
      }, Promise.resolve()).then(function () { return trim(cache); });
    });
  }

  function lastLanguage() {
    return caches.match(LANG, {cacheName: PAGES}).then(function (hit) { return hit ? hit.text() : ""; });
  }

  function queueMatch(url, body) {
    var fields = new URLSearchParams(body);
    return lastLanguage().then(function (lang) {
      return caches.match(CONFIG.setup.replace("LANG_CODE", lang), {cacheName: PAGES});
    }).then(function (hit) { return hit ? hit.json() : null; }).then(function (setup) {
      var match = SKSetup.matchOf(fields, setup);
      if (!match) { return null; }
      return caches.open(PAGES).then(function (cache) {
        return Promise.all([cache.match(match.board), cache.match(match.deal)]);
      }).then(function (pages) {
        if (!pages[0] || !pages[1]) { return null; }
        var edit = newKey();
        match.view = newKey();
        fields.set("edit_token", edit);
        fields.set("view_token", match.view);
        if (!fields.get("idem")) { fields.set("idem", newKey()); }
        return SKQueue.add(indexedDB, {url: url, token: edit, body: fields.toString(), kind: "match",
                                       match: match, now: Date.now(), key: newKey})
          .then(function () {
            later();
            return new URL("/m/" + edit, self.location.href).href;
          });
      });
    });
  }

  function setUpHere(token) {
    return SKQueue.waiting(indexedDB, token).then(function (entries) {
      return entries.filter(function (e) { return e.kind === "match"; })[0] || null;
    });
  }

  /* The page of a match set up here that the server does not have yet: its scoreboard,
     its next deal's form, its match document (what its waiting deals are scored against,
     and the words its pages show). */
  function ownPage(path, kind) {
    var asked = SKSetup.pageOf(path, CONFIG.routes);
    if (!asked) { return Promise.resolve(null); }
    return setUpHere(asked.token).then(function (entry) {
      if (!entry) { return null; }
      var match = entry.match;
      if (asked.kind === "doc" && kind) {
        return new Response(JSON.stringify(SKSetup.matchDocument(match, newKey())),
                            {headers: {"Content-Type": "application/json"}});
      }
      if (kind || asked.kind === "doc") { return null; }
      /* as it was kept: the page fills it in with the match's words (js/shell.js) */
      return caches.match(asked.kind === "board" ? match.board : match.deal, {cacheName: PAGES})
        .then(function (hit) {
          return hit ? new Response(hit.body, {headers: {"Content-Type": "text/html; charset=utf-8"}})
                     : null;
        });
    });
  }

  /* A file of the offline pack: from the phone once fetched, kept at the first fetch. */
  function packed(event) {
    var request = event.request;
    return caches.open(PACK).then(function (cache) {
      return cache.match(request).then(function (hit) {
        return hit || fetchLarge(request).then(function (response) {
          if (response.status === 200) {
            event.waitUntil(cache.put(request, response.clone()));
          }
          return response;
        });
      });
    });
  }

  /* Whether this phone holds the offline pack (the page then offers it, or starts Python). */
  function packHeld(asking) {
    return caches.open(PACK).then(function (cache) {
      return Promise.all(CONFIG.pack_files.map(function (file) { return cache.match(file[0]); }));
    }).then(function (hits) {
      var held = hits.every(function (hit) { return !!hit; });
      asking.postMessage(held ? {type: "pack", held: true} : {type: "pack", missing: true});
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
    var files = CONFIG.pack_files.slice();
    if (worker && new URL(worker, self.location.href).pathname === CONFIG.worker) { files.push([worker, 0]); }
    var total = files.reduce(function (sum, file) { return sum + file[1]; }, 0), done = 0, told = false;
    packing = caches.open(PACK).then(function (cache) {
      return Promise.all(files.map(function (file) {
        return cache.match(file[0]).then(function (hit) {
          if (hit) { done += file[1]; return; }
          return fetchLarge(file[0]).then(function (response) {
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
      pages.forEach(function (one) { one.postMessage(message); });
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
    var locales = CONFIG.locales;
    return lastLanguage().then(function (lang) {
      if (locales.indexOf(lang) < 0) {
        var wanted = (self.navigator.language || "en").replace("-", "_");
        lang = locales.filter(function (code) { return code === wanted; })[0] ||
          locales.filter(function (code) { return code.split("_")[0] === wanted.split("_")[0]; })[0] ||
          locales[0];
      }
      return caches.match(CONFIG.pages[locales.indexOf(lang)], {cacheName: STATIC});
    }).then(function (hit) {
      return hit || new Response("", {status: 503, statusText: "Offline"});
    });
  }
})();
