/* The scoreboard's deals (a Burro game's rounds, data-kind="burro") saved on this phone
   while the server could not be reached (templates/sw.js keeps them in its outbox and
   sends them when it can):
   - each shown at once under the board, marked as waiting, and the totals with them,
     scored by the phone's own referee (js/referee.js, the same rules as the server's);
   - one the server refused (the match changed meanwhile, a rule broken) said with the
     reason, kept apart from the totals, and offered to open (sent again as a form, and
     the server's own page says what to do with it) or to throw away; the deals behind it
     say that they wait behind it; the same for a match set up on this phone;
   - without the phone's referee (no offline pack, or it could not start), the waiting
     deals say that they are not checked yet, and the totals are not made up;
   - once they are sent, the page shows the server's scoreboard.
   The pages the next deal (round) needs and the match (game) document are kept on the
   phone (data-keep, which app.js hands to the service worker), for the next one without
   a network. */
(function () {
  "use strict";
  var doc = document, box = doc.getElementById("outbox"), sw = navigator.serviceWorker;
  if (!sw || !window.Scorekeeper) { return; }
  var el = window.Scorekeeper.el;  /* app.js's */
  /* a refused deal, sent again as it was saved, with a fresh form token: the server's own
     page answers, with what changed since or what breaks a rule, and what was typed, to
     save again. It stays in the outbox (marked opened, holding back the deals behind it)
     until the server takes it or the scorer throws it away. */
  var reopen = window.Scorekeeper.reopen = function (id) {
    sw.addEventListener("message", function opened(e) {
      var data = e.data || {};
      if (data.type !== "opened") { return; }
      sw.removeEventListener("message", opened);
      if (!data.entry) { location.reload(); return; }
      var form = el("form", {method: "post", action: data.entry.url});
      data.entry.fields.forEach(function (pair) {
        var input = el("input", {type: "hidden", name: pair[0]});
        input.value = pair[0] === "version" ? String(data.entry.expect)
          : pair[0] === "csrf_token" && data.csrf ? data.csrf : pair[1];
        form.appendChild(input);
      });
      doc.body.appendChild(form);
      form.submit();
    });
    sw.ready.then(function (reg) { reg.active.postMessage({type: "open", id: id}); });
  };

  var discard = window.Scorekeeper.discard = function (id) {
    sw.addEventListener("message", function gone(e) {
      if ((e.data || {}).type !== "discarded") { return; }
      sw.removeEventListener("message", gone);
      location.reload();
    });
    sw.ready.then(function (reg) { reg.active.postMessage({type: "discard", id: id}); });
  };

  if (!box) { return; }  /* an evening table's side page: waiting.js shows its outbox */
  var token = box.getAttribute("data-token"), stored = parseInt(box.getAttribute("data-stored"), 10) || 0;
  var lang = (doc.documentElement.getAttribute("lang") || "en").replace("-", "_");
  var sides = box.querySelectorAll("[data-side]").length, burro = box.getAttribute("data-kind") === "burro";

  /* Why the server did not take an entry, in the page's words (templates/scoreboard.html) */
  function why(entry) {
    var said = box.getAttribute("data-reason-" + (entry.reason || "refused")) ||
      box.getAttribute("data-reason-refused") || "";
    /* and what the server said changed ("Deal 3 was added") */
    return said.replace("{status}", String(entry.refused || "")) + (entry.changed ? " " + entry.changed : "");
  }

  /* the server's figures as the page came, put back before each new look at the outbox:
     an answer of the phone's referee asked for an older look (a deal since refused) is
     dropped (generation), never added to the totals */
  var generation = 0, kept = {};
  function keep(node) {
    if (node && !(node.id in kept)) { kept[node.id] = [node.innerHTML, node.className]; }
    return node;
  }
  function restore() {
    Object.keys(kept).forEach(function (id) {
      var node = doc.getElementById(id);
      if (node) { node.innerHTML = kept[id][0]; node.className = kept[id][1]; }
    });
    var totals = doc.querySelector(".totals");
    if (totals) { totals.removeAttribute("data-pending"); }
  }

  function show(held) {
    generation += 1;
    restore();
    /* a match set up on this phone waits there too, before its deals: not a deal */
    var entries = held.filter(function (e) { return e.kind !== "match"; });
    var refused = held.filter(function (e) { return e.refused || e.opened; });
    var blocked = {};
    refused.forEach(function (e) { blocked[e.token] = blocked[e.token] || e.id; });
    box.hidden = !entries.length && !refused.length;
    var none = doc.getElementById("no-deal");
    if (none) { none.hidden = !!entries.length; }
    box.querySelector("[data-count]").textContent = String(entries.length);
    var rows = box.querySelector("[data-rows]");
    rows.textContent = "";
    var added = 0;
    if (burro) { rounds(rows, entries); }
    else entries.forEach(function (entry, k) {
      var apart = entry.refused || entry.opened;
      var row = el("p", {"class": "deal pending" + (apart ? " refused" : ""), id: "pending-" + (k + 1)});
      /* a past deal fixed on this phone: its own number, marked; a refused one is not
         counted (its number is the scorer's to give when it is opened) */
      row.appendChild(entry.fix ? el("i", {title: box.getAttribute("data-fixed")}, entry.fix + "\u270e")
                                : el("i", {}, apart ? "\u2717" : String(stored + (++added))));
      for (var s = 0; s < sides; s++) {
        var cell = el("b", {});
        cell.appendChild(doc.createTextNode(apart ? "\u2014" : ""));
        cell.appendChild(el("small", {}, ""));
        row.appendChild(cell);
      }
      /* until the phone's referee answers, the row says it counts (never a bare "…") */
      if (!apart && window.Scorekeeper.refereeUrl) {
        row.appendChild(el("span", {"class": "marks muted", "data-counting": ""}, box.getAttribute("data-counting")));
      }
      if (blocked[entry.token] && entry.id > blocked[entry.token]) {
        row.appendChild(el("span", {"class": "muted behind"}, box.getAttribute("data-behind")));
      }
      rows.appendChild(row);
    });
    if (!burro) { window.Scorekeeper.turnOn(added); }
    var list = box.querySelector("[data-refused]");
    list.textContent = "";
    refused.forEach(function (entry) {
      var item = el("li", {});
      var open = el("button", {type: "button", "class": "button"}, box.getAttribute("data-open"));
      open.addEventListener("click", function () { reopen(entry.id); });
      var drop = el("button", {type: "button", "class": "button quiet"}, box.getAttribute("data-discard"));
      drop.addEventListener("click", function () {
        if (window.confirm(box.getAttribute("data-discard-sure"))) { discard(entry.id); }
      });
      var said = entry.kind === "match" ? "data-refused-match-text" : "data-refused-text";
      item.appendChild(el("span", {}, box.getAttribute(said) + " "));
      item.appendChild(el("span", {"class": "reason"}, why(entry) + " "));
      item.appendChild(open);
      item.appendChild(drop);
      list.appendChild(item);
    });
    var counted = entries.filter(function (e) { return !e.refused && !e.opened; });
    if (counted.length) { score(counted); }
  }

  /* the rows' "counting on this phone…", once the referee answered (or could not) */
  function counted() {
    box.querySelectorAll("[data-rows] [data-counting]").forEach(function (said) { said.remove(); });
  }

  /* no verdict for the waiting deals: said in words, never as totals of nothing */
  function unchecked() {
    var note = box.querySelector("[data-unchecked]");
    if (note) { note.hidden = false; }
    box.querySelectorAll("[data-rows] .deal:not(.refused) b").forEach(function (cell) {
      cell.firstChild.textContent = "?";
    });
    counted();
    /* the totals without the waiting deals would be wrong: unknown until they are sent */
    for (var s = 0; s < sides; s++) {
      var out = keep(doc.getElementById("total-" + s));
      if (out) { out.textContent = "?"; }
    }
  }

  /* Burro: each waiting round in the game's own sentences, the next round's number after
     them, the letters with them from the phone's referee */
  function rounds(list, entries) {
    entries.forEach(function (entry) {
      var said = {}, fooled = [];
      entry.fields.forEach(function (pair) {
        if (pair[0] === "fooled") { fooled.push(pair[1]); } else { said[pair[0]] = pair[1]; }
      });
      var text = said.kind === "feint"
        ? (fooled.length ? box.getAttribute("data-fooled").replace("{fooled}", fooled.join(", "))
                         : box.getAttribute("data-nobody")).replace("{player}", said.feint_by || "")
        : box.getAttribute("data-lost").replace("{player}", said.loser || "");
      list.appendChild(el("li", {"class": entry.refused ? "refused" : ""}, text));
    });
    var next = doc.querySelector("[data-round] [data-n]");
    if (next) { next.textContent = String(stored + entries.length + 1); }
  }

  function letters(entries) {
    fetch(box.getAttribute("data-match"), {credentials: "same-origin"})
      .then(function (r) { if (!r.ok) { throw new Error(r.status); } return r.json(); })
      .then(function (kept) {
        return window.Scorekeeper.referee({kind: "burro-pending", lang: lang,
          body: {game: kept.game, pending: entries.map(function (e) { return e.fields; })}})
          .then(function (answer) { return {game: kept.game, doc: answer.doc}; });
      })
      .then(function (done) {
        var said = box.querySelector("[data-problems]"), found = done.doc;
        said.textContent = "";
        (found.error ? [found.error] : found.problems || []).forEach(function (p) {
          said.appendChild(el("li", {}, p.message));
        });
        if (!found.letters) { return; }
        done.game.players.forEach(function (player, i) {
          var cell = doc.getElementById("letters-" + i);
          if (cell) { cell.textContent = found.letters[player] || "\u00b7"; }
        });
        box.querySelector("[data-phone]").hidden = false;
      })
      .catch(function () { /* no referee on the phone yet: the rounds wait without letters */ });
  }

  /* the totals with the waiting deals, from the phone's referee (nothing when it has no
     offline pack yet: the rows then say only that they wait) */
  function score(entries) {
    if (burro) { letters(entries); return; }
    var asked = generation;
    fetch(box.getAttribute("data-match"), {credentials: "same-origin"})
      .then(function (r) { if (!r.ok) { throw new Error(r.status); } return r.json(); })
      .then(function (kept) {
        return window.Scorekeeper.referee({kind: "pending", lang: lang, notation: lang,
          body: {match: kept.match, pending: entries.map(function (e) {
            return e.fix ? {deal: e.fix, fields: e.fields} : e.fields;
          })}})
          .then(function (answer) { return {answer: answer, base: kept.match.deals.length}; });
      })
      .then(function (done) {
        if (asked !== generation) { return; }
        counted();
        /* what the referee finds wrong now, the server will say too once they are sent */
        var said = box.querySelector("[data-problems]"), found = done.answer.doc;
        said.textContent = "";
        var fixed = entries.map(function (e) { return e.fix ? e.fix - 1 : -1; });
        (found.error ? [found.error] : (found.problems || []).filter(function (p) {
          return p.deal >= done.base || fixed.indexOf(p.deal) >= 0;
        })).forEach(function (p) { said.appendChild(el("li", {}, p.message)); });
        var shown = found.shown;
        if (!shown) { return; }
        var cells = function (row, i) {
          row.querySelectorAll("b").forEach(function (cell, s) {
            cell.firstChild.textContent = (shown.running[i] || [])[s] || "";
            cell.querySelector("small").textContent = (shown.deals[i] || [])[s] || "";
          });
        };
        var added = 0;
        box.querySelectorAll("[data-rows] .deal").forEach(function (row, k) {
          var fix = entries[k] && entries[k].fix, i = fix ? fix - 1 : done.base + (added++);
          if (!fix) { row.querySelector("i").textContent = String(i + 1); }
          cells(row, i);
        });
        /* the deals already stored: the running totals after a fixed one change with it */
        for (var i = 0; i < done.base; i++) {
          var line = keep(doc.getElementById("deal-" + (i + 1)));
          if (line) { cells(line, i); }
        }
        entries.forEach(function (e) {
          var line = e.fix && doc.getElementById("deal-" + e.fix);
          if (line) { line.classList.add("fixed"); }
        });
        shown.totals.forEach(function (total, s) {
          var out = keep(doc.getElementById("total-" + s));
          if (out) { out.textContent = total; }
        });
        var totals = doc.querySelector(".totals");
        if (totals) { totals.setAttribute("data-pending", ""); }
        box.querySelector("[data-phone]").hidden = false;
      })
      .catch(function () { if (asked === generation) { unchecked(); } });
  }

  sw.addEventListener("message", function (e) {
    var data = e.data || {};
    if (data.type === "outbox" && data.token === token) { show(data.entries || []); }
    if (data.type === "synced" && (data.sent || []).indexOf(token) >= 0) {
      location.replace(location.pathname);
    } else if (data.type === "synced" && (data.tokens || []).indexOf(token) >= 0) {
      reg().then(function (r) { r.active.postMessage({type: "outbox", token: token}); });
    }
  });
  function reg() { return sw.ready; }
  reg().then(function (r) { r.active.postMessage({type: "outbox", token: token}); });
})();
