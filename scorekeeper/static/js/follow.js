/* A page that follows an evening by itself: the one way every page of an evening keeps up
   with it (a table's phones, templates/event_phone.html; the director's pages, event.html
   and event_table.html; the room's page and the big screen), without a reload.

   How a page uses it: this script, loaded with defer, and in the page
   - data-follow="<seconds>" on the part that changes: the page's address is asked again
     every that many seconds (never more often than every 2) and the part's new content
     put in place of the old;
   - data-follow-url (optional): the address asked, when it is not the page's own (a page
     shown as the answer to a form names its page's address);
   - data-follow-tag (optional): the page's tag (web/evening/follow.py), sent as
     If-None-Match, then each answer's ETag: an unchanged page answers 304, which costs
     the server almost nothing, and nothing moves;
   - [data-follow-stale] (optional, anywhere, hidden): shown while the server does not
     answer; the last state stays on the screen, and the page is asked again less and
     less often (twice the wait each time, at most every minute), at once when the phone
     is back online or the page shown again;
   - [data-follow-changed] (optional, anywhere, hidden): shown instead of putting the new
     content in while something is being typed in the part (a field whose value is not
     the one the page came with, or a field being typed in): what is typed is never lost;
     a tap on it puts the new content in. The new content goes in by itself once nothing
     is typed any more;
   - [data-page] elements in the part: shown one at a time, turned every 10 seconds (the
     big screen's standings).
   An answer of another kind of page (no [data-follow]) reloads the page; an address the
   server sends elsewhere (a pair's phone whose pair moved to another table) is opened.
   Once new content is in place, the document gets the event "scorekeeper:replaced", the
   scripts it brings that the page has not loaded yet are loaded once, and the body's
   data-* attributes are the new page's. SKFollow.now() asks at once (a script that knows
   the page changed); the pure pieces below are tested by node --test (tests/js/). */
/* global module */
(function (root, factory) {
  var follow = factory();
  if (typeof module === "object" && module.exports) { module.exports = follow; }
  else { root.SKFollow = follow; follow.start(root.document, root); }
}(typeof self !== "undefined" ? self : this, function () {
  "use strict";
  var SECOND = 1000, LEAST = 2 * SECOND, MOST = 60 * SECOND, TURN_PAGE = 10 * SECOND;
  var asked = null;

  /* The wait between two asks a page names (data-follow, in seconds), in ms: never below
     2 seconds; 5 seconds when it names none. */
  function every(said) {
    var seconds = parseFloat(said);
    return Math.max(LEAST, (isFinite(seconds) && seconds > 0 ? seconds : 5) * SECOND);
  }

  /* The wait before the next ask, after one that the server answered (``ok``) or not:
     the page's own again, else twice the last one, at most a minute. */
  function later(wait, ok, base) {
    return ok ? base : Math.min(MOST, Math.max(base, wait) * 2);
  }

  var UNTYPED = /^(hidden|submit|button|reset|image)$/;
  var CHOSEN = /^(checkbox|radio)$/;

  /* Whether a field holds something else than what the page came with. */
  function changed(field) {
    var type = String(field.type || "").toLowerCase();
    if (UNTYPED.test(type)) { return false; }
    if (CHOSEN.test(type)) { return field.checked !== field.defaultChecked; }
    if (field.options) {
      /* a list none of whose options the page marked comes with its first one chosen */
      var options = Array.prototype.slice.call(field.options);
      var marked = options.some(function (o) { return o.defaultSelected; });
      return options.some(function (o, i) {
        return o.selected !== (marked ? o.defaultSelected : type === "select-one" && i === 0);
      });
    }
    if (type === "file") { return Boolean(field.value); }
    return field.value !== field.defaultValue;
  }

  /* Whether something is being typed among ``fields``: one changed, or the one being
     typed in (``active``, the page's focused element). */
  function typing(fields, active) {
    return Array.prototype.some.call(fields, function (field) {
      var type = String(field.type || "").toLowerCase();
      return changed(field) || (field === active && !UNTYPED.test(type) && !CHOSEN.test(type));
    });
  }

  /* The tag a page names, as If-None-Match writes it (an ETag as the server sent it is
     kept as it is). */
  function quoted(tag) {
    if (!tag) { return null; }
    return /^(W\/)?"/.test(tag) ? tag : 'W/"' + tag + '"';
  }

  function start(doc, win) {
    var box = doc.querySelector("[data-follow]");
    if (!box) { return; }
    var stale = doc.querySelector("[data-follow-stale]"), note = doc.querySelector("[data-follow-changed]");
    var base = every(box.getAttribute("data-follow")), wait = base, page = 0;
    var address = new URL(box.getAttribute("data-follow-url") || win.location.href, win.location.href);
    address.hash = "";
    var tag = quoted(box.getAttribute("data-follow-tag")), waiting = null, timer = null;
    var busy = false, last = 0, loaded = {};
    doc.querySelectorAll("script[src]").forEach(function (s) { loaded[s.src] = true; });

    function pages() {
      var all = box.querySelectorAll("[data-page]");
      if (page >= all.length) { page = 0; }
      all.forEach(function (p, i) { p.hidden = i !== page; });
    }

    function scripts(part) {
      part.querySelectorAll("script[src]").forEach(function (s) {
        var src = new URL(s.getAttribute("src"), win.location.href).href;
        if (loaded[src]) { return; }
        loaded[src] = true;
        var added = doc.createElement("script");
        added.src = src;
        doc.head.appendChild(added);
      });
    }

    function put(fresh) {
      var part = fresh.querySelector("[data-follow]");
      box.innerHTML = part.innerHTML;
      Array.prototype.forEach.call(fresh.body.attributes, function (a) {
        if (a.name.indexOf("data-") === 0) { doc.body.setAttribute(a.name, a.value); }
      });
      waiting = null;
      if (note) { note.hidden = true; }
      pages();
      scripts(part);
      doc.dispatchEvent(new Event("scorekeeper:replaced"));
    }

    function typed() {
      return typing(box.querySelectorAll("input, textarea, select"), doc.activeElement);
    }

    function shown(fresh) {
      if (!fresh.querySelector("[data-follow]")) { win.location.reload(); return; }  // another kind of page
      if (typed()) {
        waiting = fresh;
        if (note) { note.hidden = false; }
      } else {
        put(fresh);
      }
    }

    function ask() {
      timer = null;
      if (busy) { return; }
      busy = true;
      last = Date.now();
      var headers = tag ? {"If-None-Match": tag} : {};
      win.fetch(address.href, {cache: "no-store", credentials: "same-origin", headers: headers}).then(function (r) {
        if (r.status === 304) { return null; }
        if (!r.ok) { throw new Error(String(r.status)); }
        /* the page sent elsewhere: a pair's phone whose pair moved to another table opens it */
        if (r.redirected && r.url.split("#")[0] !== address.href) {
          win.location.replace(r.url);
          return null;
        }
        tag = r.headers.get("ETag") || tag;
        return r.text();
      }).then(function (html) {
        if (stale) { stale.hidden = true; }
        wait = base;
        if (html !== null) {
          shown(new DOMParser().parseFromString(html, "text/html"));
        } else if (waiting && !typed()) {
          put(waiting);  // nothing is typed any more: what came meanwhile goes in
        }
      }).catch(function () {
        if (stale) { stale.hidden = false; }
        wait = later(wait, false, base);
      }).then(function () {
        busy = false;
        again(wait);
      });
    }

    function again(ms) {
      if (timer) { clearTimeout(timer); }
      timer = setTimeout(ask, ms);
    }

    /* at once, but never sooner than 2 seconds after the last ask */
    function now() { again(Math.max(0, last + LEAST - Date.now())); }

    if (note) {
      note.addEventListener("click", function () { if (waiting) { put(waiting); } });
    }
    doc.addEventListener("visibilitychange", function () { if (!doc.hidden) { now(); } });
    win.addEventListener("online", now);
    pages();
    setInterval(function () { page += 1; pages(); }, TURN_PAGE);
    asked = now;
    again(wait);
  }

  return {start: start, every: every, later: later, changed: changed, typing: typing, quoted: quoted,
          now: function () { if (asked) { asked(); } }};
}));
