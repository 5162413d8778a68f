/* The deals of an evening's table entered on this phone while the server could not be
   reached (templates/event_phone.html): the service worker keeps them in its outbox
   (sw/main.js) and sends them, oldest first, as soon as the server answers. This page
   lists them with their numbers, after the side's deals the server has, and each side's
   count of each, from the phone's own referee (phone.js; "counting on this phone…" until
   it answers), judged on its own as the server judges a table's deal; says, for one
   the server did not take, what it said changed ("this was typed for turn 1", "the
   director entered deal 1 of this table"), and offers to open it as typed (the server's
   own form, to save again) or to throw it away, a deal left on the phone at the side its
   pair sat at in the turn before among them; and shows the server's page once none
   waits. */
(function () {
  "use strict";
  var box = document.getElementById("waiting"), sw = navigator.serviceWorker, S = window.Scorekeeper;
  if (!box || !sw || !S) { return; }
  var token = box.getAttribute("data-token"), had = 0, refused = [];
  /* the side this phone's pair left in the turn before: its deals still on the phone are
     refused once sent ("this was typed for turn 1"), shown here to throw away */
  var left = JSON.parse(box.getAttribute("data-left") || "[]"), found = {};
  function stopped(x) { return x.refused || x.opened; }

  function ask() {
    sw.ready.then(function (reg) {
      [token].concat(left).forEach(function (t) { reg.active.postMessage({type: "outbox", token: t}); });
    });
  }

  sw.addEventListener("message", function (e) {
    var data = e.data || {};
    /* a deal of this side's sent: the server's page has it */
    if (data.type === "synced" && (data.sent || []).indexOf(token) >= 0) { location.reload(); return; }
    if (data.type === "synced" || data.type === "sync-done" || data.type === "discarded") {
      ask();
      return;
    }
    if (data.type !== "outbox" || [token].concat(left).indexOf(data.token) < 0) { return; }
    found[data.token] = data.entries || [];
    var entries = found[token] || [];
    refused = left.reduce(function (all, t) { return all.concat((found[t] || []).filter(stopped)); },
                          entries.filter(stopped));
    var waiting = entries.filter(function (x) { return !stopped(x); });
    box.hidden = !entries.length && !refused.length;
    box.querySelector("[data-count]").textContent = String(waiting.length);
    list(waiting);
    said(refused[0]);
    next(waiting.length);
    if (data.token !== token) { return; }
    if (had && !entries.length) { location.reload(); }  // all sent: the server's page
    had = entries.length;
  });

  /* the next deal to enter comes after the ones waiting here; none once the turn's deals
     are all entered (data-next: the next one the server knows, data-last: the turn's);
     read again each time: the page puts its new content in place as the evening moves
     (follow.js) */
  var shown = 0, first = known();
  function known() {
    var enter = document.querySelector("[data-next]");
    return enter ? parseInt(enter.getAttribute("data-next"), 10) : first || 1;
  }
  function next(waiting) {
    var enter = document.querySelector("[data-next]"), slot = enter && enter.querySelector("a [data-n]");
    shown = waiting;
    first = known();
    if (!slot) { return; }
    enter.hidden = first + waiting > parseInt(enter.getAttribute("data-last"), 10);
    slot.textContent = String(first + waiting);
  }
  document.addEventListener("scorekeeper:replaced", function () { next(shown); });
  /* each waiting deal by its number: a new one after the side's deals, a fixed one its own */
  function list(waiting) {
    var rows = box.querySelector("[data-rows]"), added = 0;
    rows.textContent = "";
    waiting.forEach(function (entry) {
      var number = entry.fix || first + (added++);
      var item = S.el("li", {}, box.getAttribute("data-deal").replace("{n}", String(number)) +
                                (entry.fix ? " \u270e" : ""));
      rows.appendChild(item);
      count(item, entry);
    });
  }
  /* a deal's count, each side's, as the referee on this phone scores it (asked once a deal) */
  var counts = {}, lang = (document.documentElement.getAttribute("lang") || "en").replace("-", "_");
  function count(item, entry) {
    if (!S.refereeUrl || !box.hasAttribute("data-rules")) { return; }
    var said = S.el("span", {"data-counted": ""}, box.getAttribute("data-counting"));  /* under it */
    item.appendChild(said);
    var sides = JSON.parse(box.getAttribute("data-sides"));
    counts[entry.id] = counts[entry.id] || S.referee({kind: "pending", lang: lang, notation: lang, body: {
      match: {profile: JSON.parse(box.getAttribute("data-rules")), sides: sides, deals: []},
      pending: [entry.fields]}}).then(function (answer) {
      var shown = answer.doc.shown;
      return shown ? sides.map(function (side, s) { return side + " " + shown.totals[s]; }).join(" \u00b7 ")
                   : answer.doc.error.message;
    });
    counts[entry.id].then(function (text) { said.textContent = text; }, function () {
      delete counts[entry.id];
      item.removeChild(said);
    });
  }
  function said(entry) {
    var part = box.querySelector("[data-refused]");
    part.hidden = !entry;
    if (!entry) { return; }
    part.querySelector("[data-why]").textContent = entry.changed ||
      box.getAttribute("data-reason").replace("{status}", String(entry.refused || ""));
  }

  box.querySelector("[data-reopen]").addEventListener("click", function () {
    if (refused.length) { S.reopen(refused[0].id); }
  });
  box.querySelector("[data-discard]").addEventListener("click", function () {
    if (refused.length && window.confirm(box.getAttribute("data-discard-sure"))) {
      S.discard(refused[0].id);
    }
  });
  ask();
}());
