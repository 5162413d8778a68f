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

  /* The arguments of the address ``path`` if it is of the kind ``kind`` (config.routes:
     each kind's pattern, written by the server from its own rules, web/swroutes.py), by
     name; null otherwise. */
  function found(config, kind, path) {
    var got = new RegExp(config.routes[kind]).exec(path);
    return got ? got.groups : null;
  }

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
    if (found(config, "match_doc", path) || found(config, "burro_doc", path)) { return "doc"; }
    if (path.indexOf(config.pack_path) === 0 || path === config.worker) { return "pack"; }
    if (path.indexOf("/static/") === 0) { return "static"; }
    return null;
  }

  /* What a form sent from a page is, for the outbox: a new deal, a fixed one, a Burro
     round, an evening's table's deal, a new match (config.new_match: its form's path)
     (null: any other form). An evening's table's deal (web/evening/phones.py) has its
     side's page for its "token": every argument of its address but the deal's number,
     in order (link, table, signature, side). */
  function formOf(request, path, config) {
    if (request.method !== "POST") { return null; }
    var table = found(config, "table_deal", path) || found(config, "table_fix", path);
    if (table) {
      var page = Object.keys(table).filter(function (name) { return name !== "number"; });
      return {token: page.map(function (name) { return table[name]; }).join("/"), table: true,
              fix: table.number ? parseInt(table.number, 10) : 0, deal: false};
    }
    var deal = found(config, "new_deal", path), round = found(config, "burro_round", path);
    var fix = found(config, "edit_deal", path);
    if (deal || round || fix) {
      return {token: (deal || round || fix).token, burro: !!round,
              fix: fix ? parseInt(fix.number, 10) : 0, deal: !!deal};
    }
    return path === config.new_match ? {setUp: true} : null;
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
