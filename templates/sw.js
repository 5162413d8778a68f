/* Scorekeeper's service worker (scorekeeper/web/offline.py): it keeps the static files
   and every page this phone opens, and shows them when the server cannot be reached.
   Static files come from the cache first (their cache is named after their digest);
   pages from the network first, the phone's last copy when the network fails, and the
   offline page in the phone's language for a page it never opened. The offline pack
   (Pyodide and the referee, static/pack/) and the referee's worker are kept once fetched,
   in a cache named after the pack's version. */
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
  if (data.type === "pack" && PACK_FILES.length) { event.waitUntil(keepPack(data.worker)); }
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
  } else if (request.method === "GET" && (url.pathname.indexOf(PACK_PATH) === 0 ||
                                          url.pathname === WORKER)) {
    event.respondWith(packed(event));
  } else if (request.method === "GET" && url.pathname.indexOf("/static/") === 0) {
    event.respondWith(caches.match(request).then(function (hit) { return hit || fetch(request); }));
  }
});

function page(event) {
  var request = event.request;
  return fetch(request).then(function (response) {
    var type = response.headers.get("Content-Type") || "";
    if (request.method === "GET" && response.status === 200 && type.indexOf("text/html") === 0) {
      var copy = response.clone();
      event.waitUntil(caches.open(PAGES).then(function (cache) {
        return cache.put(request, copy).then(function () { return trim(cache); });
      }));
    }
    return response;
  }, function () {
    var kept = request.method === "GET" ? caches.match(request, {cacheName: PAGES})
                                        : Promise.resolve(undefined);
    return kept.then(function (hit) { return hit || offline(); });
  });
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
   in bytes, after each file: they show it while it lasts. */
var packing = null;
function keepPack(worker) {
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
    if (told) { tell({type: "pack", done: total, total: total, kept: true}); }
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
