/* A match set up on this phone without a network, in the page (the service worker's
   part: sw/setup.js and sw/main.js).

   - The new match form (data-phone-setup), sent while the phone is offline: the phone's
     referee reads it first as the server reads it (scorekeeper.newmatch, through
     scorekeeper.phone, kind "new-match"): the sides' and the match's names, its target
     in the page's digits. Its answer goes with the form (phone_words), and the service
     worker keeps it with the match it queues; the server reads the form again when the
     outbox sends it, and judges it then. Without the phone's referee the form goes as
     it is, and the offline page answers: no match is set up.
   - Its pages, the scoreboard and deal form the phone keeps for its rules and sides
     (web/offline.py), shown by the service worker as they were kept: the match's link
     goes into the attributes that hold its slot before the page's other scripts read
     them (and the language links lead back to the page's own address); its words go, as text, into the elements that wait for them (data-shell), and
     the deal form's key into its slot, from the match document the service worker makes
     for the match (/m/<token>/match.json, "shell"). Such a page says the address it is
     shown at and its match document's, the match's link in their slot (its
     <meta name="shell">, web/offline.py): the server's own addresses, never typed here. */
/* global module */
(function (root, factory) {
  var shell = factory();
  if (typeof module === "object" && module.exports) { module.exports = shell; }
  else { root.SKShell = shell; shell.start(root.document, root); }
}(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  /* the slots of the kept pages' attributes (web/offline.py, SHELL), and of their titles */
  var LINK = "__edit_link__", KEY = "__form_key__", TITLE = "{name}";

  function each(list, fn) { Array.prototype.forEach.call(list, fn); }

  /* Every attribute of the page that holds ``slot``, with ``value`` (a link or a key:
     URL-safe) in its place. */
  function fillSlot(root, slot, value) {
    each(root.querySelectorAll("*"), function (el) {
      each(Array.prototype.slice.call(el.attributes), function (attr) {
        if (attr.value.indexOf(slot) >= 0) {
          el.setAttribute(attr.name, attr.value.split(slot).join(value));
        }
      });
    });
  }

  /* The match's words (``shell``: its name, each side's name and players, its target as
     the page writes it) in the elements that wait for them, as text, and in the title. */
  function fillWords(doc, shell) {
    var words = {name: shell.name, target: shell.target};
    shell.sides.forEach(function (side, i) {
      words["side-" + i] = side.name;
      words["players-" + i] = side.players;
    });
    each(doc.querySelectorAll("[data-shell]"), function (el) {
      var word = words[el.getAttribute("data-shell")];
      el.textContent = word === undefined ? "" : String(word);
    });
    doc.title = doc.title.replace(TITLE, function () { return shell.name; });
  }

  /* The form's fields as [name, value] pairs, as the service worker reads the form sent. */
  function fieldsOf(form) {
    var pairs = [];
    new FormData(form).forEach(function (value, name) {
      if (typeof value === "string" && name !== "phone_words") { pairs.push([name, value]); }
    });
    return pairs;
  }

  /* The new match form, sent offline: read first by the phone's referee. */
  function setUp(form, doc, win) {
    var S = win.Scorekeeper || {}, sw = win.navigator.serviceWorker, reading = false;
    form.addEventListener("submit", function (event) {
      if (win.navigator.onLine !== false || !S.refereeUrl || !sw || !sw.controller) { return; }
      event.preventDefault();
      if (reading) { return; }  /* sent once, when the referee answers */
      reading = true;
      var lang = (doc.documentElement.getAttribute("lang") || "en").replace("-", "_");
      var kept = form.querySelector("input[name=phone_words]");
      if (kept) { kept.parentNode.removeChild(kept); }
      S.referee({kind: "new-match", lang: lang, body: {fields: fieldsOf(form)}}).then(function (answer) {
        if (answer.status !== 200) { return; }
        var words = doc.createElement("input");
        words.type = "hidden";
        words.name = "phone_words";
        words.value = JSON.stringify(answer.doc);
        form.appendChild(words);
      }).catch(function () { /* no referee on this phone: sent as it is */ }).then(function () {
        form.submit();
      });
    });
    /* the page shown again (the back button): its form may be sent again */
    win.addEventListener("pageshow", function () { reading = false; });
  }

  /* The language links of a kept page lead back to the page it is shown as. */
  function backHere(doc, win) {
    each(doc.querySelectorAll("a[lang][href]"), function (a) {
      var url = new URL(a.getAttribute("href"), win.location.href);
      if (!url.searchParams.has("next")) { return; }
      url.searchParams.set("next", win.location.pathname);
      a.setAttribute("href", url.pathname + url.search);
    });
  }

  /* The match a kept page is shown for: its link, read from the page's address at the
     slot of the address the page says it is shown at, and its match document's address;
     null on any other page, or at another address. */
  function ownMatch(doc, path) {
    var meta = doc.querySelector("meta[name=shell]");
    var around = meta ? (meta.getAttribute("content") || "").split(LINK) : [];
    if (around.length !== 2 || path.length <= around[0].length + around[1].length ||
        path.indexOf(around[0]) !== 0 || path.slice(path.length - around[1].length) !== around[1]) {
      return null;
    }
    var link = path.slice(around[0].length, path.length - around[1].length);
    if (link.indexOf("/") >= 0) { return null; }
    return {link: link, document: (meta.getAttribute("data-document") || "").split(LINK).join(link)};
  }

  /* A page of a match set up here, filled in: its link at once, its words and the form's
     key once the service worker gives them. */
  function fillPage(doc, win, own) {
    fillSlot(doc, LINK, own.link);
    backHere(doc, win);
    win.fetch(own.document, {credentials: "same-origin"}).then(function (r) {
      if (!r.ok) { throw new Error(String(r.status)); }
      return r.json();
    }).then(function (kept) {
      if (!kept.shell) { return; }
      fillWords(doc, kept.shell);
      fillSlot(doc, KEY, kept.shell.key);
    }).catch(function () { /* the match left the phone meanwhile: the page as it is */ });
  }

  function start(doc, win) {
    if (!doc) { return; }
    var form = doc.querySelector("form[data-phone-setup]");
    if (form) { setUp(form, doc, win); }
    var own = ownMatch(doc, win.location.pathname);
    if (own && doc.querySelector("[data-shell]")) { fillPage(doc, win, own); }
  }

  return {fillSlot: fillSlot, fillWords: fillWords, fieldsOf: fieldsOf, ownMatch: ownMatch,
          start: start};
}));
