/* What the service worker makes of a request (main.js), as plain functions: how it
   answers it (a page, a match's document, a file of the offline pack, a static file, or
   not at all), and which forms sent from a page go to the outbox when the server cannot
   be reached.

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

  return {route: route, formOf: formOf};
}));
