/* The scoreboard's deals (a Burro game's rounds, data-kind="burro") saved on this phone
   while the server could not be reached (templates/sw.js keeps them in its outbox and
   sends them when it can):
   - each shown at once under the board, marked as waiting, and the totals with them,
     scored by the phone's own referee (js/referee.js, the same rules as the server's);
   - one the server refused (the match changed meanwhile, a rule broken) offered to open:
     it is sent again as a form, and the server's own page says what to do with it; the
     same for a match set up on this phone that the server refused;
   - once they are sent, the page shows the server's scoreboard.
   The pages the next deal (round) needs and the match (game) document are kept on the
   phone (data-keep, which app.js hands to the service worker), for the next one without
   a network. */
(function () {
  "use strict";
  var doc = document, box = doc.getElementById("outbox"), sw = navigator.serviceWorker;
  if (!box || !sw || !window.Scorekeeper) { return; }
  var el = window.Scorekeeper.el;  /* app.js's */
  var token = box.getAttribute("data-token"), stored = parseInt(box.getAttribute("data-stored"), 10) || 0;
  var lang = (doc.documentElement.getAttribute("lang") || "en").replace("-", "_");
  var sides = box.querySelectorAll("[data-side]").length, burro = box.getAttribute("data-kind") === "burro";

  /* the deal just sent to the outbox no longer needs the form's draft (deal.js) */
  if (location.hash === "#outbox") {
    try {
      var draft = "scorekeeper:draft:" + box.getAttribute("data-deal");
      if ((JSON.parse(localStorage.getItem(draft) || "{}") || {}).sent) { localStorage.removeItem(draft); }
    } catch (e) { /* no store: nothing kept */ }
  }

  function show(held) {
    /* a match set up on this phone waits there too, before its deals: not a deal */
    var entries = held.filter(function (e) { return e.kind !== "match"; });
    var refused = held.filter(function (e) { return e.refused; });
    box.hidden = !entries.length && !refused.length;
    var none = doc.getElementById("no-deal");
    if (none) { none.hidden = !!entries.length; }
    box.querySelector("[data-count]").textContent = String(entries.length);
    var rows = box.querySelector("[data-rows]");
    rows.textContent = "";
    var added = 0;
    if (burro) { rounds(rows, entries); }
    else entries.forEach(function (entry, k) {
      var row = el("p", {"class": "deal pending" + (entry.refused ? " refused" : ""), id: "pending-" + (k + 1)});
      /* a past deal fixed on this phone: its own number, marked */
      row.appendChild(entry.fix ? el("i", {title: box.getAttribute("data-fixed")}, entry.fix + "\u270e")
                                : el("i", {}, String(stored + (++added))));
      for (var s = 0; s < sides; s++) {
        var cell = el("b", {}, "\u2026");
        cell.appendChild(el("small", {}, ""));
        row.appendChild(cell);
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
      var said = entry.kind === "match" ? "data-refused-match-text" : "data-refused-text";
      item.appendChild(el("span", {}, box.getAttribute(said) + " "));
      item.appendChild(open);
      list.appendChild(item);
    });
    if (entries.length) { score(entries); }
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
    var next = doc.querySelector("[data-round]");
    if (next) {
      next.textContent = next.textContent.replace(/\d+/, String(stored + entries.length + 1));
    }
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
          var line = doc.getElementById("deal-" + (i + 1));
          if (line) { cells(line, i); }
        }
        entries.forEach(function (e) {
          var line = e.fix && doc.getElementById("deal-" + e.fix);
          if (line) { line.classList.add("fixed"); }
        });
        shown.totals.forEach(function (total, s) {
          var out = doc.getElementById("total-" + s);
          if (out) { out.textContent = total; }
        });
        var totals = doc.querySelector(".totals");
        if (totals) { totals.setAttribute("data-pending", ""); }
        box.querySelector("[data-phone]").hidden = false;
      })
      .catch(function () { /* no referee on the phone yet: the rows wait without numbers */ });
  }

  /* a refused deal, sent again as it was saved: the server's own page answers, with what
     changed since or what breaks a rule, and what was typed, to save again (taken out of
     the outbox here, it is queued again if the network fails on the way) */
  function reopen(id) {
    sw.addEventListener("message", function taken(e) {
      var data = e.data || {};
      if (data.type !== "taken") { return; }
      sw.removeEventListener("message", taken);
      if (!data.entry) { location.reload(); return; }
      var form = el("form", {method: "post", action: data.entry.url});
      data.entry.fields.forEach(function (pair) {
        var input = el("input", {type: "hidden", name: pair[0]});
        input.value = pair[0] === "version" ? String(data.entry.expect) : pair[1];
        form.appendChild(input);
      });
      doc.body.appendChild(form);
      form.submit();
    });
    sw.ready.then(function (reg) { reg.active.postMessage({type: "take", id: id}); });
  }

  sw.addEventListener("message", function (e) {
    var data = e.data || {};
    if (data.type === "outbox" && data.token === token) { show(data.entries || []); }
    if (data.type === "synced" && (data.tokens || []).indexOf(token) >= 0) {
      location.replace(location.pathname);
    }
  });
  sw.ready.then(function (reg) {
    reg.active.postMessage({type: "outbox", token: token});
  });
})();
