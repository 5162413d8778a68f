/* A match set up on this phone without a network (the service worker's part; main.js).

   The new match form as the phone's referee read it before it was sent (js/shell.js:
   the sides' and the match's names, its target, as the server reads them), with links
   chosen here (as models.new_token makes them), so that its pages keep their addresses
   once the server has it. Set up only when the phone's referee read it and this phone
   holds the pages of its rules and sides, in the language of the last page (the new
   match page has it keep them, web/offline.py); otherwise nothing is queued and the
   offline page says why it cannot be. Whether the server takes it is the server's to
   say, when the outbox sends it.

   Its pages are the kept scoreboard and deal form of its rules and sides, as they were
   kept; the page fills them in with the words of its match document (js/shell.js). */
(function (root, factory) {
  if (typeof module === "object" && module.exports) { module.exports = factory(); }
  else { root.SKSetup = factory(); }
}(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  /* A form's key, or a match's link: 16 random bytes, URL-safe, as the server makes both
     (writes.new_key, models.new_token). */
  function key(crypto) {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return btoa(String.fromCharCode.apply(null, bytes)).replace(/\+/g, "-").replace(/\//g, "_")
      .replace(/=+$/, "");
  }

  /* The match the new match form sent describes (``fields``), as the phone's referee
     read it (its field phone_words, taken out: the server reads the form itself), with
     the pages that show it (``setup``: /offline/setup/<lang>.json). Null when the referee
     did not read it, or this phone keeps no page to show it by (a rule set not played
     by that many sides has none). */
  function matchOf(fields, setup) {
    var words = null;
    try { words = JSON.parse(fields.get("phone_words") || "null"); } catch (e) { words = null; }
    fields.delete("phone_words");
    var rules = words && setup && setup.rules[words.profile];
    var pages = rules && Array.isArray(words.sides) && rules.pages[String(words.sides.length)];
    if (!pages) { return null; }
    return {name: words.name, profile: words.profile, target: words.target, sides: words.sides,
            shown: words.shown, board: pages.board, deal: pages.deal};
  }

  /* Which page of a match set up here a path asks for: its scoreboard, its next deal's
     form or its match document, and the match's edit link (``routes``: each kind's
     pattern, as the server sends them, web/swroutes.py). */
  function pageOf(path, routes) {
    var kinds = {board: "board", new_deal: "deal", match_doc: "doc"};
    for (var route in kinds) {
      var found = new RegExp(routes[route]).exec(path);
      if (found) { return {token: found.groups.token, kind: kinds[route]}; }
    }
    return null;
  }

  /* The match document of a match set up here: no deal yet; and what its pages show
     (``shell``: its words as the phone's referee wrote them, and ``formKey``, the key of
     the deal form shown with it). */
  function matchDocument(match, formKey) {
    var shown = match.shown || {players: []};  /* none: set up by an earlier worker */
    return {version: 1, match: {profile: match.profile, target: match.target, deals: [],
                                sides: match.sides.map(function (s) { return s.name; })},
            shell: {name: match.name, target: shown.target, key: formKey,
                    sides: match.sides.map(function (s, i) {
                      return {name: s.name, players: shown.players[i]};
                    })}};
  }

  return {key: key, matchOf: matchOf, pageOf: pageOf, matchDocument: matchDocument};
}));
