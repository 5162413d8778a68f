/* The app on the phone (templates/sw.js, static/js/sw/): the service worker registered,
   its outbox sent whenever it may be, the pages a page leads to kept for offline use, the
   offline pack fetched or offered, and what this phone owns kept in its own storage. */
(function () {
  "use strict";
  var doc = document, root = doc.documentElement;
  var S = window.Scorekeeper = window.Scorekeeper || {};
  var el = S.el, referee = S.refereeUrl;

  /* The offline pack is asked for, with its size, on whatever page a phone
     opens first (a scorer's link, the new match form, an evening table's card, the home
     page…), in the page under its header, never over its title: nothing of it comes
     before the answer. "Not now" holds for the day and the pack's version on every page
     but the home page, whose offer stays (data-offers-pack); a later day asks again. A
     read-only view never asks (a viewer needs no referee of its own: a page that follows
     its match, data-poll, or says it is one, data-view: the room's pages, a viewer's
     deal). A phone that holds the pack is never asked (the service worker says so). */
  var quiet = false;
  function offerPack(reg) {
    var bar = doc.getElementById("pack"), body = doc.body;
    if (!referee || !bar || body.hasAttribute("data-poll") || body.hasAttribute("data-view")) {
      return;
    }
    var main = doc.querySelector("main");
    if (main) {
      main.parentNode.insertBefore(bar, main);
      bar.classList.add("asked");
    }
    var declined = "scorekeeper:pack-declined";
    var today = new URL(referee, location.href).searchParams.get("pack") + " " + new Date().toDateString();
    try { quiet = localStorage.getItem(declined) === today && !body.hasAttribute("data-offers-pack"); }
    catch (e) { /* no store: asked on every page */ }
    reg.active.postMessage({type: "pack", worker: referee, check: true});
    var offer = bar.querySelector("[data-offer]");
    offer.querySelector("[data-take]").addEventListener("click", function () {
      offer.hidden = true;
      bar.querySelector("[data-keeping]").hidden = false;
      reg.active.postMessage({type: "pack", worker: referee});
    });
    offer.querySelector("[data-decline]").addEventListener("click", function () {
      bar.hidden = true;
      try { localStorage.setItem(declined, today); } catch (e) { /* asked again on the next page */ }
    });
  }

  /* What this phone owns (its matches, Burro games, tables, house rules, evenings and
     seasons), kept in its own storage too: a home page that lists fewer (the browser's
     session was lost) hands the others back to the server (web/device.py), once per
     session, and shows them. */
  var OWN = "scorekeeper:own";
  function owned() {
    try { return JSON.parse(localStorage.getItem(OWN) || "{}") || {}; } catch (e) { return {}; }
  }
  function keepOwned(kind, add, drop) {
    var all = owned(), list = (all[kind] || []).filter(function (t) { return (drop || []).indexOf(t) < 0; });
    add.forEach(function (t) { if (list.indexOf(t) < 0) { list.push(t); } });
    all[kind] = list.slice(-40);
    try { localStorage.setItem(OWN, JSON.stringify(all)); } catch (e) { /* no store: the cookie alone */ }
  }
  var ownHere = doc.body.getAttribute("data-own");
  if (ownHere) {
    keepOwned(ownHere.slice(0, ownHere.indexOf(":")), [ownHere.slice(ownHere.indexOf(":") + 1)]);
  }
  var listed = doc.getElementById("own");
  if (listed && navigator.onLine) {
    var shown = JSON.parse(listed.getAttribute("data-listed") || "{}"), missing = new URLSearchParams();
    Object.keys(shown).forEach(function (kind) { keepOwned(kind, shown[kind]); });
    var held = owned();
    Object.keys(held).forEach(function (kind) {
      held[kind].forEach(function (t) { if ((shown[kind] || []).indexOf(t) < 0) { missing.append(kind, t); } });
    });
    var handed = null;
    try { handed = sessionStorage.getItem(OWN); } catch (e) { /* ask again */ }
    if (missing.toString() && handed !== missing.toString()) {
      try { sessionStorage.setItem(OWN, missing.toString()); } catch (e) { /* ask again */ }
      fetch(listed.getAttribute("data-token-url"), {credentials: "same-origin", cache: "no-store"})
        .then(function (r) { return r.json(); })
        .then(function (t) {
          missing.set("csrf_token", t.csrf_token);
          return fetch(listed.getAttribute("data-remember"), {method: "POST", body: missing,
                                                             credentials: "same-origin"});
        })
        .then(function (r) { return r.json(); })
        .then(function (done) {
          Object.keys(done.unknown || {}).forEach(function (kind) { keepOwned(kind, [], done.unknown[kind]); });
          if (done.remembered) { location.reload(); }
        })
        .catch(function () { /* no server: the next visit asks again */ });
    }
  }

  /* The app on the phone (templates/sw.js): pages opened once are there without a network.
     A new version installed in the background is offered, never forced on a page in use. */
  var sw = navigator.serviceWorker;
  /* A page that names the next round (a Burro feint, kept on the phone) counts the rounds
     waiting in the outbox too: the server's number was the stored rounds' only. */
  function countWaiting(reg) {
    var named = doc.querySelector("h1[data-round][data-token]");
    if (!named) { return; }
    var token = named.getAttribute("data-token");
    sw.addEventListener("message", function (e) {
      var data = e.data || {};
      if (data.type !== "outbox" || data.token !== token) { return; }
      var waiting = (data.entries || []).filter(function (x) {
        return x.kind !== "match" && !x.refused && !x.opened;
      }).length;
      var stored = parseInt(named.getAttribute("data-stored"), 10) || 0;
      var slot = named.querySelector("[data-n]");
      if (slot) { slot.textContent = String(stored + waiting + 1); }
    });
    reg.active.postMessage({type: "outbox", token: token});
  }
  if (sw && window.isSecureContext) {
    var lang = (root.getAttribute("lang") || "en").replace("-", "_"), updating = false;
    sw.register("/sw.js").then(function (reg) {
      var offer = function (worker) {
        var bar = doc.getElementById("update");
        if (!bar || !sw.controller) { return; }
        bar.hidden = false;
        bar.querySelector("button").addEventListener("click", function () {
          updating = true;
          worker.postMessage({type: "update"});
        });
      };
      if (reg.waiting) { offer(reg.waiting); }
      reg.addEventListener("updatefound", function () {
        var worker = reg.installing;
        worker.addEventListener("statechange", function () {
          if (worker.state === "installed") { offer(worker); }
        });
      });
    }).catch(function () { /* no service worker: the pages work online as before */ });
    /* the page that installed the worker was not kept by it (nor the start page): kept now */
    var first = !sw.controller;
    sw.ready.then(function (reg) {
      /* a page whose load began while the worker was being installed is not taken by its
         first claim: it asks to be taken, so that it works offline without a reload */
      if (!sw.controller) { reg.active.postMessage({type: "claim"}); }
      reg.active.postMessage({type: "lang", lang: lang});
      countWaiting(reg);
      if (first && navigator.onLine) {
        reg.active.postMessage({type: "keep", urls: [location.pathname + location.search, "/"]});
      }
      /* deals saved on the phone without a network go now, whenever it comes back, and
         while some wait, again and again (sooner after a success of this page's own) */
      var again = null;
      var send = function () {
        clearTimeout(again);
        again = null;
        reg.active.postMessage({type: "sync"});
      };
      sw.addEventListener("message", function (e) {
        var data = e.data || {};
        if (data.type !== "sync-done") { return; }
        if (data.left > 0 && !data.reached && !again) { again = setTimeout(send, data.retry || 15000); }
      });
      send();
      window.addEventListener("online", send);
      doc.addEventListener("visibilitychange", function () { if (!doc.hidden) { send(); } });
      window.Scorekeeper.reached = function () { if (again) { send(); } };
      if (navigator.storage && navigator.storage.persist) { navigator.storage.persist().catch(function () {}); }
      /* pages this page leads to without a network (data-keep: the new match page's, for
         a match set up on this phone; a scoreboard's or a Burro game's, for its next deal
         or round), kept once per visit of the app and version of the page */
      var keeps = doc.querySelectorAll("[data-keep]");
      for (var k = 0; k < keeps.length && navigator.onLine; k++) {
        var urls = keeps[k].getAttribute("data-keep"), seen = null;
        var mark = "scorekeeper:kept:" + location.pathname + ":" + lang;
        var now = urls + "@" + (doc.body.getAttribute("data-version") || "");
        try { seen = sessionStorage.getItem(mark); } catch (e) { /* no store: keep them again */ }
        if (seen !== now) {
          reg.active.postMessage({type: "keep", urls: JSON.parse(urls)});
          try { sessionStorage.setItem(mark, now); } catch (e) { /* no store */ }
        }
      }
      offerPack(reg);
    });
    /* the home page: matches set up on this phone that the server does not have yet */
    var own = doc.getElementById("own-matches");
    if (own) {
      sw.addEventListener("message", function (e) {
        var data = e.data || {}, rules = JSON.parse(own.getAttribute("data-rules") || "{}");
        if (data.type !== "setups" || !(data.matches || []).length) { return; }
        var list = own.querySelector("ul");
        list.textContent = "";
        data.matches.forEach(function (m) {
          var link = el("a", {href: "/m/" + encodeURIComponent(m.token)});
          link.appendChild(el("b", {}, m.name));
          link.appendChild(el("span", {}, rules[m.profile] || m.profile));
          var item = el("li", {});
          item.appendChild(link);
          list.appendChild(item);
        });
        own.hidden = false;
        var none = doc.getElementById("no-match");
        if (none) { none.hidden = true; }
      });
      sw.ready.then(function (reg) { reg.active.postMessage({type: "setups"}); });
    }
    sw.addEventListener("controllerchange", function () { if (updating) { location.reload(); } });
    /* the offline pack coming in: how far, then that it is kept, then nothing */
    sw.addEventListener("message", function (e) {
      var data = e.data || {}, bar = doc.getElementById("pack");
      if (data.type !== "pack") { return; }
      if (data.held) { S.ready(); return; }
      if (!bar) { return; }
      if (data.missing) {
        if (quiet) { return; }  /* "Not now" today */
        bar.hidden = false;
        bar.querySelector("[data-offer]").hidden = false;
        bar.querySelector("[data-keeping]").hidden = true;
        bar.querySelector("progress").hidden = true;
        return;
      }
      if (data.failed) { bar.hidden = true; return; }
      bar.hidden = false;
      bar.querySelector("[data-offer]").hidden = true;
      bar.querySelector("[data-keeping]").hidden = !!data.kept;
      bar.querySelector("progress").hidden = false;
      bar.querySelector("progress").value = data.total ? Math.round(100 * data.done / data.total) : 0;
      if (data.kept) {
        bar.querySelector("[data-keeping]").hidden = true;
        bar.querySelector("[data-kept]").hidden = false;
        bar.querySelector("progress").hidden = true;
        setTimeout(function () { bar.hidden = true; }, 5000);
        S.ready();
      }
    });
  }
})();
