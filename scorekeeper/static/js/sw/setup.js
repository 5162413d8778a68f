/* A match set up on this phone without a network (the service worker's part; main.js).

   The new match form's fields, read as the server reads them (web/matches.py: a side
   left empty is "Us" or "Them", or named after its players; the match after its sides),
   with links chosen here (as models.new_token makes them), so that its pages keep their
   addresses once the server has it. Set up only when this phone holds the pages of its
   rules and sides, in the language of the last page (the new match page has it keep
   them, web/offline.py); otherwise nothing is queued and the offline page says why it
   cannot be. Whether the server takes it is the server's to say, when the outbox sends it.

   Its pages are the kept scoreboard and deal form of its rules and sides, with its own
   words written over their placeholders. */
(function (root, factory) {
  if (typeof module === "object" && module.exports) { module.exports = factory(); }
  else { root.SKSetup = factory(); }
}(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  var BOARD = /^\/m\/([^/]+)$/;
  var NEW_DEAL = /^\/m\/([^/]+)\/deals\/new$/;
  var MATCH_DOC = /^\/m\/([^/]+)\/match\.json$/;

  /* A form's key, or a match's link: 16 random bytes, URL-safe, as the server makes both
     (writes.new_key, models.new_token). */
  function key(crypto) {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return btoa(String.fromCharCode.apply(null, bytes)).replace(/\+/g, "-").replace(/\//g, "_")
      .replace(/=+$/, "");
  }

  function visible(text) {
    return text.replace(/[\s\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/g, "");
  }

  /* The sides as the server reads them from the form (``defaults``: the names of sides
     left empty, in the page's language). */
  function sidesOf(fields, defaults) {
    var sides = [];
    for (var i = 0; fields.has("sides-" + i + "-name"); i++) {
      var name = (fields.get("sides-" + i + "-name") || "").trim();
      /* a table's players ticked for the side (their names sent beside: player-<id>), or
         the names typed */
      var seats = fields.getAll("sides-" + i + "-seats");
      var players = (seats.length ? seats.map(function (id) { return fields.get("player-" + id) || ""; })
                                  : (fields.get("sides-" + i + "-players") || "").split(","))
        .map(function (p) { return p.trim(); }).filter(function (p) { return visible(p); });
      if (!visible(name)) { name = ""; }
      if (!name && !players.length) {
        if (i >= defaults.length) { continue; }
        name = defaults[i];
      }
      sides.push({name: name || players.join(" & "), players: players});
    }
    return sides;
  }

  /* The match a new match form describes, as typed: the server judges it when the outbox
     sends it (its rules, target and sides, as for any form), and a match it refuses waits
     on its scoreboard with the reason. Null when this phone keeps no page to show it by
     (``setup``: the kept words and pages of /offline/setup/<lang>.json; a rule set not
     played by that many sides has none) or its target is not a whole number. */
  function matchOf(fields, setup) {
    var rules = setup && setup.rules[fields.get("profile")];
    if (!rules) { return null; }
    var sides = sidesOf(fields, setup.defaults);
    var pages = rules.pages[String(sides.length)];
    var typed = (fields.get("target") || "").trim();
    if (!pages || (typed && !/^\d+$/.test(typed))) { return null; }
    var names = sides.map(function (side) { return side.name; });
    return {name: (fields.get("name") || "").trim() || names.join(" \u00d7 "),
            profile: fields.get("profile"), target: typed ? Number(typed) : rules.target,
            sides: sides, board: pages.board, deal: pages.deal,
            shell: setup.shell, sample: setup.target, thousands: setup.thousands};
  }

  function escaped(text) {
    return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;").replace(/'/g, "&#39;");
  }

  function digits(n, thousands) {
    var sep = thousands.replace(/\d/g, "");
    return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  }

  /* A kept page of the match's rules and sides (``html``, kept at ``shell``) with the
     match's own words and links, shown at ``path``. */
  function ownWords(html, entry, shell, path, formKey) {
    var match = entry.match, words = match.shell;
    var swaps = [[shell, path], [words.edit, entry.token], [words.view, match.view],
                 [words.name, escaped(match.name)], [words.key, formKey],
                 [digits(match.sample, match.thousands), digits(match.target, match.thousands)]];
    match.sides.forEach(function (side, i) {
      swaps.push([words.side.replace("{n}", i), escaped(side.name)]);
      swaps.push([words.players.replace("{n}", i), escaped(side.players.join(", "))]);
    });
    swaps.forEach(function (swap) { html = html.split(swap[0]).join(swap[1]); });
    return html;
  }

  /* Which page of a match set up here a path asks for: its scoreboard, its next deal's
     form or its match document, and the match's edit link. */
  function pageOf(path) {
    var board = BOARD.exec(path), deal = NEW_DEAL.exec(path), doc = MATCH_DOC.exec(path);
    var found = board || deal || doc;
    if (!found) { return null; }
    return {token: found[1], kind: board ? "board" : deal ? "deal" : "doc"};
  }

  /* The match document of a match set up here: no deal yet. */
  function matchDocument(match) {
    return {version: 1, match: {profile: match.profile, target: match.target, deals: [],
                                sides: match.sides.map(function (s) { return s.name; })}};
  }

  return {key: key, visible: visible, sidesOf: sidesOf, matchOf: matchOf, escaped: escaped,
          digits: digits, ownWords: ownWords, pageOf: pageOf, matchDocument: matchDocument};
}));
