/* What the service worker makes of a request (main.js), as plain functions: how it
   answers it (a page, a match's document, a file of the offline pack, a static file, or
   not at all), which forms sent from a page go to the outbox when the server cannot be
   reached, and fetches that give up when the server does not answer in time: a server
   that does not answer counts as one that cannot be reached (a connected Wi-Fi with
   nothing behind it never says that it failed).

   Loaded by the service worker and by Node's tests (tests/js/). */
(function (root, factory) {
  if (typeof module === "object" && module.exports) { module.exports = factory(); }
  else { root.SKRouter = factory(); }
}(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  var NEW_DEAL = /^\/m\/([^/]+)\/deals\/new$/;
  var MATCH_DOC = /^\/m\/([^/]+)\/match\.json$/;
  var EDIT_DEAL = /^\/m\/([^/]+)\/deals\/(\d+)\/edit$/;
  var BURRO_ROUND = /^\/b\/([^/]+)\/round$/;
  var BURRO_DOC = /^\/b\/[^/]+\/game\.json$/;
  /* a deal of an evening's table entered on its own phone (web/eventphones.py): the side's
     page (its link, table, signature and side) is its "token" */
  var TABLE_DEAL = /^\/e\/t\/([^/]+\/\d+\/[0-9a-f]+\/(?:ns|ew))\/deals\/(?:new|(\d+)\/edit)$/;

  /* How the worker answers a request (its URL, method and mode), ``config`` being what
     /sw.js tells it (self.SCOREKEEPER) and ``origin`` its own: "page" (a page asked for or
     a form sent from one: the network first, then the phone's copy or the outbox), "doc"
     (a match's or a Burro game's document, the same way), "pack" (a file of the offline
     pack or the referee's worker: the phone's copy first), "static" (a static file: the
     phone's copy first), null (left to the browser: another site, any other request). */
  function route(request, config, origin) {
    var url = new URL(request.url), path = url.pathname;
    if (url.origin !== origin) { return null; }
    if (request.mode === "navigate") { return "page"; }
    if (request.method !== "GET") { return null; }
    if (MATCH_DOC.test(path) || BURRO_DOC.test(path)) { return "doc"; }
    if (path.indexOf(config.pack_path) === 0 || path === config.worker) { return "pack"; }
    if (path.indexOf("/static/") === 0) { return "static"; }
    return null;
  }

  /* What a form sent from a page is, for the outbox: a new deal, a fixed one, a Burro
     round, an evening's table's deal, a new match (``newMatch``: its form's path) (null:
     any other form). */
  function formOf(request, path, newMatch) {
    if (request.method !== "POST") { return null; }
    var deal = NEW_DEAL.exec(path), round = BURRO_ROUND.exec(path), fix = EDIT_DEAL.exec(path);
    var table = TABLE_DEAL.exec(path);
    if (table) {
      return {token: table[1], table: true, fix: table[2] ? parseInt(table[2], 10) : 0, deal: false};
    }
    if (deal || round || fix) {
      return {token: (deal || round || fix)[1], burro: !!round, fix: fix ? parseInt(fix[2], 10) : 0,
              deal: !!deal};
    }
    return path === newMatch ? {setUp: true} : null;
  }

  function timedOut(ms) {
    var late = new Error("no answer within " + ms + " ms");
    late.name = "TimeoutError";
    return late;
  }

  /* ``work`` (a promise), or a TimeoutError once ``ms`` went by without it (``stop()`` is
     then called: the request is aborted). */
  function bounded(work, ms, stop) {
    return new Promise(function (resolve, reject) {
      var clock = setTimeout(function () { reject(timedOut(ms)); stop(); }, ms);
      work.then(function (value) { clearTimeout(clock); resolve(value); },
                function (err) { clearTimeout(clock); reject(err); });
    });
  }

  /* ``fetch(resource, init)`` with the controller's signal. A page's own request (a page
     asked for, a form sent: mode "navigate") goes as the browser made it: made again
     with a signal it would become a request of another kind; it is then only no longer
     waited for. */
  function signalled(fetch, resource, init, controller) {
    try {
      if (resource && resource.mode === "navigate") { return Promise.resolve(fetch(resource, init)); }
      return Promise.resolve(fetch(resource, Object.assign({}, init, {signal: controller.signal})));
    } catch (err) {
      return Promise.reject(err);
    }
  }

  /* ``fetch`` that gives up when the server's answer did not come within ``ms``: it fails
     with a TimeoutError, as when the server cannot be reached, and the request is
     aborted. The answer's body then comes as it comes (a page, a short one). */
  function within(fetch, ms) {
    return function (resource, init) {
      var controller = new AbortController();
      return bounded(signalled(fetch, resource, init, controller), ms,
                     function () { controller.abort(); });
    };
  }

  /* ``fetch`` for a large file (the offline pack's): it gives up when nothing came for
     ``ms``, the answer or the next part of its body, however long the whole takes on a
     slow network. Its answer (200) comes as a new response of the same status and
     headers (the body read here is the decoded one: no Content-Encoding or -Length),
     whose body fails with a TimeoutError when the network's stops. */
  function steady(fetch, ms) {
    return function (resource, init) {
      var controller = new AbortController();
      function stop() { controller.abort(); }
      return bounded(signalled(fetch, resource, init, controller), ms, stop).then(function (response) {
        if (response.status !== 200 || !response.body) { return response; }
        var reader = response.body.getReader(), headers = new Headers(response.headers);
        headers.delete("Content-Encoding");
        headers.delete("Content-Length");
        var body = new ReadableStream({
          pull: function (out) {
            return bounded(reader.read(), ms, stop).then(function (part) {
              if (part.done) { out.close(); } else { out.enqueue(part.value); }
            });
          },
          cancel: function (why) { stop(); return reader.cancel(why).catch(function () {}); }
        });
        return new Response(body, {status: response.status, statusText: response.statusText,
                                   headers: headers});
      });
    };
  }

  return {route: route, formOf: formOf, within: within, steady: steady};
}));
